//! Prints a [`Sheet`] as monospaced plain text: 80 columns for A4 portrait, 132 for landscape. Tables get
//! aligned columns (by display width, so CJK names line up); names and clubs are narrowed with an ellipsis
//! when the table would not fit. Slips are separated by cut lines.

use super::model::{Block, Sheet, Slip};
use tengen_text::{pad_right, truncate, width};

/// Columns of an A4 portrait page in a 10-point monospaced font.
pub(crate) const PORTRAIT: usize = 80;
/// Columns of an A4 landscape page in a 10-point monospaced font.
pub(crate) const LANDSCAPE: usize = 132;

/// The whole sheet as text, every line at most 80 (or 132) columns, ending with a newline.
pub(crate) fn render(sheet: &Sheet) -> String {
    let limit = if sheet.landscape { LANDSCAPE } else { PORTRAIT };
    let mut out: Vec<String> = Vec::new();
    let title = truncate(&sheet.title, limit);
    out.push("=".repeat(width(&title)));
    out.push(title);
    out.push(out[0].clone());
    out.extend(sheet.lines.iter().map(|l| truncate(l, limit)));
    for block in &sheet.blocks {
        out.push(String::new());
        match block {
            Block::Heading(h) => {
                let h = truncate(h, limit);
                out.push(h.clone());
                out.push("-".repeat(width(&h)));
            }
            Block::Note(n) => out.extend(wrap(n, limit)),
            Block::Preformatted(text) => out.extend(text.lines().map(str::to_string)),
            Block::Table(t) => out.extend(t.lines(limit, true)),
            Block::Slips(slips) => {
                for s in slips {
                    out.extend(slip(s, limit));
                }
                out.push(cut_line(limit));
            }
        }
    }
    let mut text: String = out
        .iter()
        .map(|l| l.trim_end())
        .collect::<Vec<_>>()
        .join("\n");
    text.push('\n');
    text
}

/// Word-wraps a note to `limit` columns.
fn wrap(text: &str, limit: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split(' ') {
        if !line.is_empty() && width(&line) + 1 + width(word) > limit {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    lines.push(truncate(&line, limit));
    lines
}

/// "- - - - cut here - - - …" across the page.
fn cut_line(limit: usize) -> String {
    let mut line = String::from("- - - - cut here ");
    while width(&line) + 2 <= limit {
        line.push_str("- ");
    }
    line.trim_end().to_string()
}

/// Two strings on one line: `left` truncated so that `right` ends at column `limit`.
fn spread(left: &str, right: &str, limit: usize) -> String {
    let room = limit.saturating_sub(width(right) + 2);
    format!("{}  {right}", pad_right(left, room))
}

/// One slip, preceded by its cut line.
fn slip(s: &Slip, limit: usize) -> Vec<String> {
    let width_used = limit.min(PORTRAIT);
    let line = "_".repeat(24);
    let (first, second) = if s.nigiri {
        ("Player:", "Player:")
    } else {
        ("White:", "Black:")
    };
    let mut out = vec![
        cut_line(limit),
        String::new(),
        spread(
            &format!("RESULT SLIP  {}", s.tournament),
            &format!("Round {}   Table {}", s.round, s.table),
            width_used,
        ),
        String::new(),
        truncate(&format!("  {first:<10} {}", s.white), width_used),
        truncate(&format!("  {second:<10} {}", s.black), width_used),
        truncate(&format!("  Handicap:  {}", s.terms), width_used),
    ];
    if s.nigiri {
        out.push(truncate(
            "  Nigiri: tick the player who had Black  [ ] first   [ ] second",
            width_used,
        ));
    }
    out.extend([
        String::new(),
        "  [ ] White wins        [ ] Black wins        [ ] Jigo".to_string(),
        String::new(),
        String::new(),
        format!("  White: {line}        Black: {line}"),
        String::new(),
    ]);
    out
}
