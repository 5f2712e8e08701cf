//! Thin refreshes: a desk page that updates itself downloads only the parts that changed. A page marks its
//! repeated blocks (a referee's table card, a dashboard's table row) as parts, each named by a key and a digest
//! of its markup; the page's script sends the names it holds (`X-Tengen-Have`), and the answer leaves the
//! markup of those parts out (`data-same`): the script keeps its own copy of each. At 150 tables a result entered
//! elsewhere costs the referee's tablet one card and the page's frame, not the whole page.
//!
//! Owns the marking and the thinning only; what a part shows is its page's, and whether the browser may take a
//! thin answer is the script's (`live.js`).

use maud::{Markup, PreEscaped};
use sha2::{Digest, Sha256};
use std::collections::HashSet;

/// The request header that lists the parts a page holds, comma-separated.
pub const HAVE_HEADER: &str = "x-tengen-have";

/// The most a `X-Tengen-Have` header may carry (about 700 parts); a longer one is ignored: the page comes whole.
pub const MAX_HAVE_BYTES: usize = 16 * 1024;

/// `inner` marked as the part `key` (unique within the page, e.g. `t12` for table 12), in a `div` the layout
/// does not see (`display: contents`). Its name is the key and a digest of the markup without its form request
/// ids, so a card that did not change keeps its name from one render to the next (its old ids were never used:
/// a submitted form loads a new page).
pub fn part(key: &str, inner: Markup) -> Markup {
    wrapped("div", key, inner)
}

/// `inner` (table rows) marked as the part `key`, in a `tbody` of its own: a table may have many.
pub fn rows(key: &str, inner: Markup) -> Markup {
    wrapped("tbody", key, inner)
}

fn wrapped(tag: &str, key: &str, inner: Markup) -> Markup {
    let inner = inner.into_string();
    let name = format!("{key}.{}", digest(&inner));
    PreEscaped(format!(
        "<{tag} class=\"part\" data-h=\"{name}\">{inner}</{tag}><!--/{name}-->"
    ))
}

/// The first 12 hex digits of SHA-256 over `html` without its request ids (`web-` and 32 hex digits, then
/// `-n` for a page's numbered ids: [`super::request_id`], [`FormIds`]).
fn digest(html: &str) -> String {
    let mut h = Sha256::new();
    let mut rest = html;
    while let Some(at) = rest.find("web-") {
        let after = &rest[at + 4..];
        let hex = after.bytes().take_while(u8::is_ascii_hexdigit).count();
        if hex != 32 {
            h.update(&rest.as_bytes()[..at + 4]);
            rest = after;
            continue;
        }
        h.update(&rest.as_bytes()[..at]);
        let after = &after[32..];
        let counter = after
            .strip_prefix('-')
            .map_or(0, |a| 1 + a.bytes().take_while(u8::is_ascii_digit).count());
        rest = &after[counter..];
    }
    h.update(rest.as_bytes());
    hex::encode(&h.finalize()[..6])
}

/// The names a `X-Tengen-Have` header lists; none when it is absent or too long.
pub fn have(header: Option<&str>) -> HashSet<String> {
    match header {
        Some(list) if list.len() <= MAX_HAVE_BYTES => list
            .split(',')
            .map(str::trim)
            .filter(|n| !n.is_empty() && n.len() <= 80)
            .map(str::to_string)
            .collect(),
        _ => HashSet::new(),
    }
}

/// `html` with the markup of every part the page already has left out: an empty `<div class="part" data-h="N"
/// data-same>` (or `tbody`) stands in its place.
pub fn thin(html: &str, have: &HashSet<String>) -> String {
    const MARK: &str = " class=\"part\" data-h=\"";
    if have.is_empty() {
        return html.to_string();
    }
    let mut out = String::with_capacity(html.len() / 4);
    let mut rest = html;
    while let Some(at) = rest.find(MARK) {
        let after = &rest[at + MARK.len()..];
        let tag = ["div", "tbody"]
            .into_iter()
            .find(|t| rest[..at].ends_with(&format!("<{t}")));
        let (Some(tag), Some(name_end)) = (tag, after.find('"')) else {
            out.push_str(&rest[..at + MARK.len()]);
            rest = after;
            continue;
        };
        let name = &after[..name_end];
        let close = format!("</{tag}><!--/{name}-->");
        let tag_end = at + MARK.len() + name_end + 2; // past `">`
        match (have.contains(name), rest[tag_end..].find(&close)) {
            (true, Some(len)) => {
                out.push_str(&rest[..at]);
                out.push_str(MARK);
                out.push_str(name);
                out.push_str("\" data-same>");
                out.push_str(&close);
                rest = &rest[tag_end + len + close.len()..];
            }
            _ => {
                out.push_str(&rest[..tag_end]);
                rest = &rest[tag_end..];
            }
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::web::desk::FormIds;
    use maud::html;

    fn card(ids: &FormIds, key: &str, text: &str) -> String {
        part(
            key,
            html! { form { input name="request_id" value=(ids.next()); (text) } },
        )
        .into_string()
    }

    #[test]
    fn a_part_keeps_its_name_across_renders_unless_its_markup_changes() {
        let (a, b) = (FormIds::new(), FormIds::new());
        let name = |html: &str| {
            html.split("data-h=\"")
                .nth(1)
                .and_then(|r| r.split('"').next())
                .map(str::to_string)
        };
        assert_eq!(name(&card(&a, "t1", "open")), name(&card(&b, "t1", "open")));
        assert_ne!(name(&card(&a, "t1", "open")), name(&card(&b, "t1", "1-0")));
        let random = |text: &str| {
            part(
                "t1",
                html! { input value=(super::super::request_id()); (text) },
            )
            .into_string()
        };
        assert_eq!(
            name(&random("open")),
            name(&random("open")),
            "random ids are left out too"
        );
    }

    #[test]
    fn the_parts_a_page_has_are_left_out_and_the_rest_sent() {
        let ids = FormIds::new();
        let page = format!(
            "<main>{}{}</main>",
            card(&ids, "t1", "open"),
            card(&ids, "t2", "changed")
        );
        let first = page
            .split("data-h=\"")
            .nth(1)
            .and_then(|r| r.split('"').next())
            .unwrap_or_default();
        let thin_page = thin(&page, &have(Some(&format!("{first}, t9.000000000000"))));
        assert!(
            thin_page.contains(&format!(
                "data-h=\"{first}\" data-same></div><!--/{first}-->"
            )),
            "{thin_page}"
        );
        assert!(
            !thin_page.contains("open") && thin_page.contains("changed"),
            "{thin_page}"
        );
        assert_eq!(thin(&page, &have(None)), page);
        let table = format!(
            "<table>{}</table>",
            rows("t3", html! { tr { td { "3" } } }).into_string()
        );
        let row = table
            .split("data-h=\"")
            .nth(1)
            .and_then(|r| r.split('"').next())
            .unwrap_or_default();
        let thin_table = thin(&table, &have(Some(row)));
        assert!(
            thin_table.contains("data-same></tbody>") && !thin_table.contains("<td>"),
            "{thin_table}"
        );
        assert_eq!(
            thin(&page, &have(Some(&"x,".repeat(MAX_HAVE_BYTES)))),
            page,
            "too long: whole"
        );
    }
}
