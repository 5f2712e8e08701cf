//! Prints a [`Sheet`] as a complete UTF-8 HTML document for A4: simple CSS with `@page`, bordered tables whose
//! header repeats on every page, a font stack with CJK fonts, and result slips four to a page that never split.
//! Built with maud, like the web pages (issue 17), so every piece of register text is escaped by the template and
//! nothing here escapes by hand.

use super::model::{Align, Block, Sheet, Slip, Table};
use maud::{html, Markup, PreEscaped, DOCTYPE};

/// Result slips printed on one A4 page.
pub(crate) const SLIPS_PER_PAGE: usize = 4;

/// The font stack: fonts with the whole Latin, Greek and Cyrillic repertoire first (a browser takes each glyph from
/// the first font that has it, and the CJK fonts lack ř, ά and İ), then the CJK fonts for the names written in
/// Chinese, Japanese or Korean.
const STYLE: &str = r#"body { font-family: "Noto Sans", "DejaVu Sans", "Segoe UI", Roboto, "Helvetica Neue", Arial, "Liberation Sans", "Noto Sans CJK JP", "Noto Sans CJK SC", "Noto Sans CJK KR", "Hiragino Sans", "Microsoft YaHei", "Malgun Gothic", sans-serif; font-size: 10pt; margin: 0; color: #000; }
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

/// The whole sheet as an HTML document.
pub(crate) fn render(sheet: &Sheet) -> String {
    let orientation = if sheet.landscape { " landscape" } else { "" };
    let style = format!("@page {{ size: A4{orientation}; margin: 12mm; }}\n{STYLE}");
    html! {
        (DOCTYPE)
        html lang="en" {
            head {
                meta charset="utf-8";
                title { (sheet.title) }
                style { (PreEscaped(style)) }
            }
            body {
                h1 { (sheet.title) }
                @for line in &sheet.lines { p .sub { (line) } }
                @for block in &sheet.blocks { (block_html(block)) }
            }
        }
    }
    .into_string()
}

fn block_html(block: &Block) -> Markup {
    html! {
        @match block {
            Block::Heading(h) => h2 { (h) },
            Block::Note(n) => p { (n) },
            Block::Preformatted(text) => pre { (text) },
            Block::Table(t) => (table(t)),
            Block::Slips(slips) => {
                @for page in slips.chunks(SLIPS_PER_PAGE) {
                    div .page { @for s in page { (slip(s)) } }
                }
            }
        }
    }
}

fn table(t: &Table) -> Markup {
    let right = |align: Align| align == Align::Right;
    html! {
        table {
            thead { tr { @for c in &t.columns { th .r[right(c.align)] { (c.header) } } } }
            tbody {
                @for row in &t.rows {
                    tr {
                        @for (i, c) in t.columns.iter().enumerate() {
                            td .r[right(c.align)] { (row.get(i).map_or("", String::as_str)) }
                        }
                    }
                }
            }
        }
    }
}

fn slip(s: &Slip) -> Markup {
    let w = &s.words;
    html! {
        div .slip {
            h2 { span { (w.heading) } span { (w.place) } }
            table {
                @if s.nigiri {
                    tr { th { (w.player) } td { "☐ " (s.white) } }
                    tr { th { (w.player) } td { "☐ " (s.black) } }
                    tr { th { (w.nigiri) } td { (w.nigiri_tick) } }
                } @else {
                    tr { th { (w.white) } td { (s.white) } }
                    tr { th { (w.black) } td { (s.black) } }
                }
                tr { th { (w.handicap) } td { (s.terms) } }
            }
            p .boxes { span { "☐ " (w.white_wins) } span { "☐ " (w.black_wins) } span { "☐ " (w.jigo) } }
            p .sign { (w.white) span {} (w.black) span {} }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::STYLE;

    /// Issue 34: on a machine with Noto CJK but not Noto Sans, Czech, Polish, Turkish, Greek and Cyrillic names
    /// printed in a CJK font lost ř, ά and İ. A font with those scripts must come before the first CJK font.
    #[test]
    fn the_font_stack_puts_a_font_with_greek_and_cyrillic_before_the_cjk_fonts() {
        let stack = STYLE
            .split_once("font-family:")
            .and_then(|(_, rest)| rest.split_once(';'))
            .map(|(families, _)| families)
            .unwrap_or_default();
        let families: Vec<&str> = stack
            .split(',')
            .map(|f| f.trim().trim_matches('"'))
            .collect();
        let first_cjk = families
            .iter()
            .position(|f| {
                f.contains("CJK")
                    || ["Hiragino Sans", "Microsoft YaHei", "Malgun Gothic"].contains(f)
            })
            .expect("a CJK font");
        for full in [
            "DejaVu Sans",
            "Segoe UI",
            "Roboto",
            "Arial",
            "Liberation Sans",
        ] {
            let at = families.iter().position(|f| *f == full).expect(full);
            assert!(
                at < first_cjk,
                "{full} comes before the CJK fonts: {families:?}"
            );
        }
    }
}
