//! The language tests: negotiation, the switch's links, every message in every language, the formats.

use super::*;
use std::collections::BTreeSet;

fn headers(pairs: &[(header::HeaderName, &str)]) -> HeaderMap {
    let mut h = HeaderMap::new();
    for (name, value) in pairs {
        h.append(name.clone(), HeaderValue::from_str(value).expect("header"));
    }
    h
}

#[test]
fn the_browser_language_is_taken_when_none_was_chosen() {
    let cases = [
        ("ja,en-US;q=0.9,en;q=0.8", Lang::Ja),
        ("fr-FR,fr;q=0.9", Lang::Fr),
        ("de-CH", Lang::De),
        ("ko-KR,ko;q=0.9", Lang::Ko),
        ("zh-CN,zh;q=0.9", Lang::ZhHans),
        ("zh-TW", Lang::ZhHans),
        ("zh-Hans-CN", Lang::ZhHans),
        ("nl-NL,fr;q=0.5", Lang::Fr),
        ("fr;q=0.5,de;q=0.9", Lang::De),
        ("en-GB,zh;q=0.5", Lang::En),
        ("pt-BR", Lang::En),
        ("", Lang::En),
    ];
    for (asked, lang) in cases {
        assert_eq!(
            of(&headers(&[(header::ACCEPT_LANGUAGE, asked)])),
            lang,
            "{asked}"
        );
    }
    assert_eq!(of(&HeaderMap::new()), Lang::En);
}

#[test]
fn a_language_chosen_on_a_page_wins_over_the_browser() {
    let h = headers(&[
        (header::ACCEPT_LANGUAGE, "ja"),
        (header::COOKIE, "other=1; tengen-lang=fr"),
    ]);
    assert_eq!(of(&h), Lang::Fr);
    let junk = headers(&[
        (header::ACCEPT_LANGUAGE, "ja"),
        (header::COOKIE, "tengen-lang=xx"),
    ]);
    assert_eq!(of(&junk), Lang::Ja);
}

#[test]
fn the_switch_keeps_the_rest_of_the_address() {
    assert_eq!(
        switch_link("/t/1/pairings", Lang::Ja),
        "/t/1/pairings?lang=ja"
    );
    assert_eq!(
        switch_link("/t/1/checkin?kiosk=1&lang=fr", Lang::De),
        "/t/1/checkin?kiosk=1&lang=de"
    );
}

/// Message ids and the arguments each uses, per file and language.
fn messages(text: &str) -> Vec<(String, BTreeSet<String>)> {
    let resource = FluentResource::try_new(text.to_string()).unwrap_or_else(|(_, errors)| {
        panic!("a Fluent file does not parse: {errors:?}");
    });
    let mut out = Vec::new();
    for entry in resource.entries() {
        if let fluent_syntax::ast::Entry::Message(m) = entry {
            let mut args = BTreeSet::new();
            if let Some(value) = &m.value {
                variables(value, &mut args);
            }
            out.push((m.id.name.to_string(), args));
        }
    }
    out
}

fn variables(pattern: &fluent_syntax::ast::Pattern<&str>, out: &mut BTreeSet<String>) {
    use fluent_syntax::ast::{Expression, InlineExpression, PatternElement};
    fn inline(e: &InlineExpression<&str>, out: &mut BTreeSet<String>) {
        if let InlineExpression::VariableReference { id } = e {
            out.insert(id.name.to_string());
        }
    }
    for element in &pattern.elements {
        if let PatternElement::Placeable { expression } = element {
            match expression {
                Expression::Inline(e) => inline(e, out),
                Expression::Select { selector, variants } => {
                    inline(selector, out);
                    for v in variants {
                        variables(&v.value, out);
                    }
                }
            }
        }
    }
}

#[test]
fn every_message_exists_in_every_language_with_the_same_arguments() {
    for file in ["board", "desk"] {
        let english: Vec<(String, BTreeSet<String>)> = FILES
            .iter()
            .find(|(tag, f, _)| *tag == "en" && *f == file)
            .map(|(_, _, text)| messages(text))
            .unwrap_or_default();
        assert!(!english.is_empty(), "{file}.ftl has no English messages");
        let ids: BTreeSet<&String> = english.iter().map(|(id, _)| id).collect();
        assert_eq!(
            ids.len(),
            english.len(),
            "{file}.ftl: an id is defined twice"
        );
        let languages: &[Lang] = if file == "board" { &ALL } else { &DESK };
        for lang in languages {
            let text = FILES
                .iter()
                .find(|(tag, f, _)| *tag == lang.tag() && *f == file)
                .map(|(_, _, text)| *text)
                .unwrap_or_else(|| panic!("no {file}.ftl in {lang}"));
            let theirs = messages(text);
            let their_ids: BTreeSet<&String> = theirs.iter().map(|(id, _)| id).collect();
            let missing: Vec<_> = ids.difference(&their_ids).collect();
            let extra: Vec<_> = their_ids.difference(&ids).collect();
            assert!(missing.is_empty(), "{lang} {file}.ftl lacks {missing:?}");
            assert!(extra.is_empty(), "{lang} {file}.ftl has unknown {extra:?}");
            for (id, args) in &theirs {
                let ours = english.iter().find(|(e, _)| e == id).map(|(_, a)| a);
                // A translation may leave out an argument English shows (a count implied by the grammar),
                // never use one the page does not pass.
                if let Some(ours) = ours {
                    let unknown: Vec<_> = args.difference(ours).collect();
                    assert!(unknown.is_empty(), "{lang} {id} uses {unknown:?}");
                }
            }
        }
    }
}

/// Every `tr!(…, "id"…)` and `.t("id")` in the server's pages and sheets names a message English has.
#[test]
fn every_message_the_pages_use_exists() {
    let english: BTreeSet<String> = FILES
        .iter()
        .filter(|(tag, _, _)| *tag == "en")
        .flat_map(|(_, _, text)| messages(text))
        .map(|(id, _)| id)
        .collect();
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = vec![root];
    let mut unknown = Vec::new();
    let mut used = 0;
    while let Some(path) = files.pop() {
        if path.is_dir() {
            for entry in std::fs::read_dir(&path).expect("read dir").flatten() {
                files.push(entry.path());
            }
            continue;
        }
        if path.extension().is_none_or(|e| e != "rs")
            || path.components().any(|c| c.as_os_str() == "lang")
        {
            continue;
        }
        let text = std::fs::read_to_string(&path).expect("read source");
        for id in used_ids(&text) {
            used += 1;
            if !english.contains(&id) {
                unknown.push(format!("{}: {id}", path.display()));
            }
        }
    }
    assert!(used > 50, "the scan found only {used} uses");
    assert!(
        unknown.is_empty(),
        "messages with no English text: {unknown:#?}"
    );
}

/// The ids in `tr!(lang, "id"` and `.t("id")` calls.
fn used_ids(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for (at, _) in text.match_indices("tr!(") {
        let rest = &text[at..];
        let Some(open) = rest.find('"') else { continue };
        let rest = &rest[open + 1..];
        if let Some(close) = rest.find('"') {
            out.push(rest[..close].to_string());
        }
    }
    for (at, _) in text.match_indices(".t(\"") {
        let rest = &text[at + 4..];
        if let Some(close) = rest.find('"') {
            out.push(rest[..close].to_string());
        }
    }
    out.retain(|id| {
        !id.is_empty()
            && id
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
    });
    out
}

#[test]
fn ranks_and_starts_follow_the_language() {
    let three_dan: Rank = "3d".parse().expect("rank");
    let five_kyu: Rank = "5k".parse().expect("rank");
    assert_eq!(Lang::En.rank(three_dan), "3d");
    assert_eq!(Lang::Fr.rank(five_kyu), "5k");
    assert_eq!(Lang::Ja.rank(three_dan), "3段");
    assert_eq!(Lang::Ja.rank(five_kyu), "5級");
    assert_eq!(Lang::Ko.rank(five_kyu), "5급");
    assert_eq!(Lang::ZhHans.rank(five_kyu), "5级");
    let start = Start::parse("schedule", "2026-11-28 14:00", None).expect("start");
    assert_eq!(Lang::En.start(&start, true), "Sat 28 Nov, 14:00");
    assert_eq!(Lang::Fr.start(&start, true), "sam. 28 nov., 14:00");
    assert_eq!(Lang::De.start(&start, true), "Sa., 28. Nov., 14:00");
    assert_eq!(Lang::Ja.start(&start, true), "11月28日(土) 14:00");
    assert_eq!(Lang::Ko.start(&start, true), "11월 28일 (토) 14:00");
    assert_eq!(Lang::ZhHans.start(&start, true), "11月28日 周六 14:00");
    assert_eq!(Lang::Ja.start(&start, false), "14:00");
}

#[test]
fn a_message_missing_in_a_language_falls_back_to_english() {
    // The desk pages are English and French only.
    let id = "desk-sign-out";
    assert_eq!(Lang::Ja.t(id), Lang::En.t(id));
    assert_ne!(Lang::Fr.t(id), Lang::En.t(id));
}

/// The board's and the desk's files share one bundle per language: an id in both would show one page the other
/// page's words (the ladder's title and "not paired" did).
#[test]
fn no_message_is_in_both_the_board_and_the_desk_files() {
    for lang in DESK {
        let ids = |file: &str| -> BTreeSet<String> {
            FILES
                .iter()
                .find(|(tag, f, _)| *tag == lang.tag() && *f == file)
                .map(|(_, _, text)| messages(text).into_iter().map(|(id, _)| id).collect())
                .unwrap_or_default()
        };
        let (board, desk) = (ids("board"), ids("desk"));
        let both: Vec<_> = board.intersection(&desk).collect();
        assert!(
            both.is_empty(),
            "{lang}: in board.ftl and desk.ftl: {both:?}"
        );
    }
}
