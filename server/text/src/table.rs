//! Tables: columns with an alignment and how far they may be narrowed, rows of cells, and the lines that print
//! them with two spaces between columns. A table wider than its page narrows its flexible columns (names, clubs)
//! with an ellipsis, the widest above its minimum first.

use crate::width::{pad_left, pad_right, width};

/// Spaces between columns.
const GAP: usize = 2;

/// How a column's cells line up.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Align {
    /// Text.
    Left,
    /// Numbers.
    Right,
}

/// One column of a table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Column {
    /// Header text.
    pub header: String,
    /// Alignment of header and cells.
    pub align: Align,
    /// Names and clubs: the text printer may narrow the column (down to `min` characters) and truncate its cells
    /// with an ellipsis to fit the page. Other columns keep their natural width.
    pub flex: bool,
    /// The narrowest a flexible column may become.
    pub min: usize,
    /// The widest a column may be in text, however much room the page has.
    pub max: usize,
}

impl Column {
    /// A fixed-width left-aligned column.
    pub fn left(header: &str) -> Column {
        Column {
            header: header.to_string(),
            align: Align::Left,
            flex: false,
            min: 0,
            max: usize::MAX,
        }
    }

    /// A fixed-width right-aligned column.
    pub fn right(header: &str) -> Column {
        Column {
            align: Align::Right,
            ..Column::left(header)
        }
    }

    /// A left-aligned column that may be narrowed down to `min` characters.
    pub fn flex(header: &str, min: usize) -> Column {
        Column {
            flex: true,
            min,
            ..Column::left(header)
        }
    }

    /// The same column, never wider than `max` characters in text.
    pub fn capped(self, max: usize) -> Column {
        Column { max, ..self }
    }

    /// `text` in this column `w` wide: truncated, then padded on the side its alignment says.
    fn cell(&self, text: &str, w: usize) -> String {
        match self.align {
            Align::Left => pad_right(text, w),
            Align::Right => pad_left(text, w),
        }
    }
}

/// A table: columns and rows of cells (one per column).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Table {
    /// The columns.
    pub columns: Vec<Column>,
    /// The rows.
    pub rows: Vec<Vec<String>>,
}

impl Table {
    /// The table's lines, at most `limit` columns wide where its flexible columns can be narrowed enough: the
    /// header, a rule of dashes under it when `rule` is set, then the rows. Lines keep their trailing spaces.
    pub fn lines(&self, limit: usize, rule: bool) -> Vec<String> {
        let w = self.widths(limit);
        let gap = " ".repeat(GAP);
        let line = |cells: &mut dyn Iterator<Item = String>| cells.collect::<Vec<_>>().join(&gap);
        let mut out = vec![line(
            &mut self
                .columns
                .iter()
                .zip(&w)
                .map(|(c, &w)| c.cell(&c.header, w)),
        )];
        if rule {
            out.push("-".repeat(w.iter().sum::<usize>() + GAP * w.len().saturating_sub(1)));
        }
        for row in &self.rows {
            out.push(line(&mut self.columns.iter().zip(&w).enumerate().map(
                |(i, (c, &w))| c.cell(row.get(i).map_or("", String::as_str), w),
            )));
        }
        out
    }

    /// Column widths: each column's widest cell (up to its cap), then the flexible column furthest above its
    /// minimum narrowed one character at a time until the table fits `limit` (or every flexible column is at its
    /// minimum).
    fn widths(&self, limit: usize) -> Vec<usize> {
        let mut w: Vec<usize> = self
            .columns
            .iter()
            .enumerate()
            .map(|(i, c)| {
                self.rows
                    .iter()
                    .filter_map(|r| r.get(i))
                    .map(|cell| width(cell))
                    .chain([width(&c.header)])
                    .max()
                    .unwrap_or(0)
                    .min(c.max.max(c.min))
            })
            .collect();
        let total = |w: &[usize]| w.iter().sum::<usize>() + GAP * w.len().saturating_sub(1);
        while total(&w) > limit {
            let widest = self
                .columns
                .iter()
                .enumerate()
                .filter(|(i, c)| c.flex && w[*i] > c.min.max(1))
                .max_by_key(|(i, c)| (w[*i] - c.min.max(1), std::cmp::Reverse(*i)))
                .map(|(i, _)| i);
            match widest {
                Some(i) => w[i] -= 1,
                None => break,
            }
        }
        w
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(columns: Vec<Column>, rows: &[&[&str]]) -> Table {
        Table {
            columns,
            rows: rows
                .iter()
                .map(|r| r.iter().map(|c| c.to_string()).collect())
                .collect(),
        }
    }

    #[test]
    fn columns_line_up_by_display_width() {
        let t = table(
            vec![Column::left("name"), Column::right("rank")],
            &[&["李 伟", "3d"], &["Berg Jo", "12k"]],
        );
        assert_eq!(
            t.lines(usize::MAX, true),
            [
                "name     rank",
                "-------------",
                "李 伟      3d",
                "Berg Jo   12k"
            ]
        );
    }

    #[test]
    fn a_wide_table_narrows_its_flexible_columns_down_to_their_minimum() {
        let t = table(
            vec![
                Column::right("#"),
                Column::flex("name", 4),
                Column::flex("club", 3).capped(6),
            ],
            &[&["1", "Ødegård Kristoffersen", "Göteborg Go Club"]],
        );
        // Natural width: 1 + 21 + 6 (capped) and two gaps of two.
        assert_eq!(
            t.lines(usize::MAX, false)[1],
            "1  Ødegård Kristoffersen  Göteb…"
        );
        // The name, furthest above its minimum, gives up all twelve columns.
        assert_eq!(t.lines(20, false)[1], "1  Ødegård…   Göteb…");
        // At every flexible column's minimum, the table stays wider than asked rather than lose more.
        assert_eq!(t.lines(5, false)[1], "1  Øde…  Gö…");
    }
}
