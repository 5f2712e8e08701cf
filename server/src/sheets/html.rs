//! Prints a [`Sheet`] as a complete UTF-8 HTML document for A4: simple CSS with `@page`, bordered tables whose
//! header repeats on every page, a font stack with CJK fonts, and result slips four to a page that never split.
//! Every piece of register text is escaped here and nowhere else.

use super::model::{Align, Block, Sheet, Slip, Table};
use std::fmt::Write;

/// Result slips printed on one A4 page.
pub(crate) const SLIPS_PER_PAGE: usize = 4;

const STYLE: &str = r#"body { font-family: "Noto Sans", "Noto Sans CJK JP", "Noto Sans CJK SC", "Noto Sans CJK KR", "Hiragino Sans", "Microsoft YaHei", "Malgun Gothic", Arial, sans-serif; font-size: 10pt; margin: 0; color: #000; }
h1 { font-size: 15pt; margin: 0 0 2mm; }
h2 { font-size: 12pt; margin: 5mm 0 2mm; }
p { margin: 1mm 0; }
p.sub { color: #333; }
table { border-collapse: collapse; width: 100%; margin: 2mm 0; }
thead { display: table-header-group; }
th, td { border: 1px solid #555; padding: 0.6mm 1.5mm; text-align: left; vertical-align: top; }
th { background: #e8e8e8; }
.r { text-align: right; }
tr { page-break-inside: avoid; break-inside: avoid; }
.page { page-break-after: always; break-after: page; }
.page:last-child { page-break-after: auto; break-after: auto; }
.slip { border: 1px dashed #000; padding: 4mm 6mm; margin: 0 0 5mm; page-break-inside: avoid; break-inside: avoid; }
.slip h2 { margin: 0 0 3mm; display: flex; justify-content: space-between; }
.slip table { width: auto; }
.slip th, .slip td { border: none; padding: 0.5mm 3mm 0.5mm 0; background: none; }
.boxes { margin: 4mm 0; font-size: 12pt; }
.boxes span { margin-right: 12mm; }
.sign { margin-top: 8mm; }
.sign span { display: inline-block; width: 62mm; border-bottom: 1px solid #000; margin: 0 8mm 0 2mm; }"#;

/// Escapes text for element content and attribute values.
pub(crate) fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// The whole sheet as an HTML document.
pub(crate) fn render(sheet: &Sheet) -> String {
    let orientation = if sheet.landscape { " landscape" } else { "" };
    let mut out = String::new();
    out.push_str("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n");
    let _ = writeln!(out, "<title>{}</title>", escape(&sheet.title));
    let _ = writeln!(
        out,
        "<style>\n@page {{ size: A4{orientation}; margin: 12mm; }}\n{STYLE}\n</style>\n</head>\n<body>"
    );
    let _ = writeln!(out, "<h1>{}</h1>", escape(&sheet.title));
    for line in &sheet.lines {
        let _ = writeln!(out, "<p class=\"sub\">{}</p>", escape(line));
    }
    for block in &sheet.blocks {
        match block {
            Block::Heading(h) => {
                let _ = writeln!(out, "<h2>{}</h2>", escape(h));
            }
            Block::Note(n) => {
                let _ = writeln!(out, "<p>{}</p>", escape(n));
            }
            Block::Table(t) => table(&mut out, t),
            Block::Slips(slips) => {
                for page in slips.chunks(SLIPS_PER_PAGE) {
                    out.push_str("<div class=\"page\">\n");
                    for s in page {
                        slip(&mut out, s);
                    }
                    out.push_str("</div>\n");
                }
            }
        }
    }
    out.push_str("</body>\n</html>\n");
    out
}

fn class(align: Align) -> &'static str {
    match align {
        Align::Left => "",
        Align::Right => " class=\"r\"",
    }
}

fn table(out: &mut String, t: &Table) {
    out.push_str("<table>\n<thead><tr>");
    for c in &t.columns {
        let _ = write!(out, "<th{}>{}</th>", class(c.align), escape(&c.header));
    }
    out.push_str("</tr></thead>\n<tbody>\n");
    for row in &t.rows {
        out.push_str("<tr>");
        for (i, c) in t.columns.iter().enumerate() {
            let text = row.get(i).map_or("", String::as_str);
            let _ = write!(out, "<td{}>{}</td>", class(c.align), escape(text));
        }
        out.push_str("</tr>\n");
    }
    out.push_str("</tbody>\n</table>\n");
}

fn slip(out: &mut String, s: &Slip) {
    let _ = write!(
        out,
        "<div class=\"slip\">\n<h2><span>Result slip: {}</span><span>Round {} &middot; Table {}</span></h2>\n\
         <table>\n<tr><th>White</th><td>{}</td></tr>\n<tr><th>Black</th><td>{}</td></tr>\n\
         <tr><th>Handicap</th><td>{}</td></tr>\n</table>\n\
         <p class=\"boxes\"><span>&#9744; White wins</span><span>&#9744; Black wins</span><span>&#9744; Jigo</span></p>\n\
         <p class=\"sign\">White<span></span>Black<span></span></p>\n</div>\n",
        escape(&s.tournament),
        s.round,
        s.table,
        escape(&s.white),
        escape(&s.black),
        escape(&s.terms),
    );
}
