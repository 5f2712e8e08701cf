//! Printing: aligned plain-text tables for people, JSON for scripts.

use std::io::Write;
use unicode_width::UnicodeWidthStr;

use serde::Serialize;

use super::CliError;

/// A table with a header row; columns are padded to their widest cell.
pub struct Table {
    rows: Vec<Vec<String>>,
}

impl Table {
    /// A table with these column headings.
    pub fn new(headings: &[&str]) -> Self {
        Table {
            rows: vec![headings.iter().map(|h| h.to_string()).collect()],
        }
    }

    /// Adds a row (cells past the headings are kept; missing ones print empty).
    pub fn row(&mut self, cells: Vec<String>) {
        self.rows.push(cells);
    }

    /// The table as text, one line per row, no trailing spaces.
    pub fn render(&self) -> String {
        let columns = self.rows.iter().map(Vec::len).max().unwrap_or(0);
        let width = |c: usize| {
            self.rows
                .iter()
                .filter_map(|r| r.get(c))
                .map(|s| UnicodeWidthStr::width(s.as_str()))
                .max()
        };
        let widths: Vec<usize> = (0..columns).map(|c| width(c).unwrap_or(0)).collect();
        let mut out = String::new();
        for row in &self.rows {
            let mut line = String::new();
            for (c, w) in widths.iter().enumerate() {
                let cell = row.get(c).map(String::as_str).unwrap_or("");
                line.push_str(cell);
                line.extend(std::iter::repeat_n(
                    ' ',
                    w.saturating_sub(UnicodeWidthStr::width(cell)) + 2,
                ));
            }
            out.push_str(line.trim_end());
            out.push('\n');
        }
        out
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
    fn wide_characters_take_two_columns() {
        let mut t = Table::new(&["name", "rank"]);
        t.row(vec!["李 伟".into(), "3d".into()]);
        t.row(vec!["Berg Jo".into(), "1k".into()]);
        // 李 and 伟 are two columns each on a terminal: "李 伟" is 5 columns wide, like "Berg " + 0.
        assert_eq!(t.render(), "name     rank\n李 伟    3d\nBerg Jo  1k\n");
    }
}
