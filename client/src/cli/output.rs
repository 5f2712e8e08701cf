//! Printing: aligned plain-text tables for people, JSON for scripts.

use std::io::Write;

use serde::Serialize;

use super::CliError;

/// A table with a header row; columns are padded to their widest cell (by display width, so names in any script
/// line up), laid out by the same `tengen_text` tables as the printed sheets.
pub struct Table(tengen_text::Table);

impl Table {
    /// A table with these column headings.
    pub fn new(headings: &[&str]) -> Self {
        Table(tengen_text::Table {
            columns: headings
                .iter()
                .map(|h| tengen_text::Column::left(h))
                .collect(),
            rows: Vec::new(),
        })
    }

    /// Adds a row (cells past the headings get columns without a heading; missing ones print empty).
    pub fn row(&mut self, cells: Vec<String>) {
        while self.0.columns.len() < cells.len() {
            self.0.columns.push(tengen_text::Column::left(""));
        }
        self.0.rows.push(cells);
    }

    /// The table as text, one line per row, no trailing spaces.
    pub fn render(&self) -> String {
        self.0
            .lines(usize::MAX, false)
            .iter()
            .map(|line| format!("{}\n", line.trim_end()))
            .collect()
    }

    /// Prints the table to stdout.
    pub fn print(&self) -> Result<(), CliError> {
        write_stdout(&self.render())
    }
}

/// `key: value` lines for one record, keys aligned.
pub fn print_fields(pairs: &[(&str, String)]) -> Result<(), CliError> {
    let width = pairs
        .iter()
        .map(|(k, _)| k.chars().count())
        .max()
        .unwrap_or(0);
    let mut out = String::new();
    for (key, value) in pairs {
        out.push_str(&format!("{key:<width$}  {value}\n"));
    }
    write_stdout(&out)
}

/// Pretty JSON of one value.
pub fn print_json<T: Serialize>(value: &T) -> Result<(), CliError> {
    let text = serde_json::to_string_pretty(value).map_err(std::io::Error::from)?;
    write_stdout(&(text + "\n"))
}

/// One compact JSON line (for streams).
pub fn print_json_line<T: Serialize>(value: &T) -> Result<(), CliError> {
    let text = serde_json::to_string(value).map_err(std::io::Error::from)?;
    write_stdout(&(text + "\n"))
}

/// Writes and flushes stdout; a closed pipe (`tengen watch | head`) is an error the caller can stop on.
pub fn write_stdout(text: &str) -> Result<(), CliError> {
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes())?;
    out.flush()?;
    Ok(())
}

/// A progress bar on standard error counting `unit` ("rows", "steps", "players"), hidden for JSON output or when
/// standard error is not a terminal (scripts, tests).
pub fn progress_bar(len: u64, json: bool, unit: &str) -> indicatif::ProgressBar {
    use std::io::IsTerminal;
    if json || !std::io::stderr().is_terminal() {
        return indicatif::ProgressBar::hidden();
    }
    let bar = indicatif::ProgressBar::new(len);
    let template = format!("{{bar:40}} {{pos}}/{{len}} {unit}  {{per_sec}}  eta {{eta}}");
    if let Ok(style) = indicatif::ProgressStyle::with_template(&template) {
        bar.set_style(style);
    }
    bar
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_pad_columns_by_characters() {
        let mut t = Table::new(&["id", "name"]);
        t.row(vec!["1".into(), "Côté Marie".into()]);
        t.row(vec!["12".into(), "Li".into()]);
        assert_eq!(t.render(), "id  name\n1   Côté Marie\n12  Li\n");
    }

    #[test]
    fn cells_past_the_headings_are_kept() {
        let mut t = Table::new(&["id"]);
        t.row(vec!["1".into(), "extra".into()]);
        t.row(vec![]);
        assert_eq!(t.render(), "id\n1   extra\n\n");
    }

    #[test]
    fn wide_characters_take_two_columns() {
        let mut t = Table::new(&["name", "rank"]);
        t.row(vec!["李 伟".into(), "3d".into()]);
        t.row(vec!["Berg Jo".into(), "1k".into()]);
        // 李 and 伟 are two columns each on a terminal: "李 伟" is 5 columns wide, like "Berg " + 0.
        assert_eq!(t.render(), "name     rank\n李 伟    3d\nBerg Jo  1k\n");
    }
}
