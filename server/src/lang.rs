//! The languages the pages and the printed result slips speak (issue 31): which language a request gets, the
//! words of each page in that language, and the few formats that follow it (a rank, a start time). The words live in Project Fluent files
//! embedded in the binary (`server/locales/{tag}/*.ftl`): `board.ftl` — the public board, the player pages, the
//! slips and the self-service pages — in all six languages; `desk.ftl` — the desk and director pages — in
//! English and French, other languages falling back to English message by message.
//!
//! The language is the `tengen-lang` cookie when a person chose one on a page (`?lang=fr` on any page address
//! sets it: [`switch`]), else the browser's `Accept-Language`, else English. Knows no page and no state.

use crate::domain::rank::Rank;
use crate::domain::timetable::Start;
use axum::extract::Request;
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource};
use std::sync::LazyLock;
use unic_langid::LanguageIdentifier;

/// A language the pages speak.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Lang {
    /// English, the fallback for every message.
    #[default]
    En,
    /// French.
    Fr,
    /// German.
    De,
    /// Japanese.
    Ja,
    /// Korean.
    Ko,
    /// Chinese, simplified.
    ZhHans,
}

/// Every language, in the order the switch lists them.
pub const ALL: [Lang; 6] = [
    Lang::En,
    Lang::Fr,
    Lang::De,
    Lang::Ja,
    Lang::Ko,
    Lang::ZhHans,
];

/// The languages the desk and director pages are written in (the others read them in English).
pub const DESK: [Lang; 2] = [Lang::En, Lang::Fr];

/// The cookie that remembers a language chosen on a page.
pub const COOKIE: &str = "tengen-lang";

impl Lang {
    /// The BCP 47 tag: `en`, `zh-Hans`; also the `lang` attribute and the `?lang=` value.
    pub fn tag(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Fr => "fr",
            Lang::De => "de",
            Lang::Ja => "ja",
            Lang::Ko => "ko",
            Lang::ZhHans => "zh-Hans",
        }
    }

    /// The language's own name, as the switch shows it.
    pub fn native(self) -> &'static str {
        match self {
            Lang::En => "English",
            Lang::Fr => "Français",
            Lang::De => "Deutsch",
            Lang::Ja => "日本語",
            Lang::Ko => "한국어",
            Lang::ZhHans => "简体中文",
        }
    }

    /// The language of a tag (`fr`, `zh-Hans`, case-insensitive).
    pub fn from_tag(tag: &str) -> Option<Lang> {
        ALL.into_iter()
            .find(|l| l.tag().eq_ignore_ascii_case(tag.trim()))
    }

    fn index(self) -> usize {
        ALL.iter().position(|l| *l == self).unwrap_or(0)
    }

    /// The message `id` in this language (English when this language lacks it; the id itself when no language
    /// has it, which the tests forbid).
    pub fn t(self, id: &str) -> String {
        TEXTS.format(self, id, None)
    }

    /// The message `id` with its arguments (see [`tr!`](crate::tr)).
    pub fn with(self, id: &str, args: &FluentArgs) -> String {
        TEXTS.format(self, id, Some(args))
    }

    /// A rank as this language writes it: `3d`, `5k`; `3段`, `5級` in Japanese.
    pub fn rank(self, rank: Rank) -> String {
        let v = i64::from(rank.value());
        let (id, n) = match v {
            v if v < 0 => ("rank-kyu", -v),
            v if v <= 8 => ("rank-dan", v + 1),
            v => ("rank-pro", v - 8),
        };
        let mut args = FluentArgs::new();
        args.set("n", n);
        self.with(id, &args)
    }

    /// A planned start as this language writes it: the clock alone, or with the day when `with_day`.
    pub fn start(self, start: &Start, with_day: bool) -> String {
        let clock = start.clock();
        if !with_day {
            return clock;
        }
        let mut args = FluentArgs::new();
        args.set(
            "weekday",
            i64::from(start.date.weekday().number_from_monday()),
        );
        args.set("day", i64::from(start.date.day()));
        args.set("month", i64::from(u8::from(start.date.month())));
        args.set("clock", clock);
        self.with("start-with-day", &args)
    }
}

impl std::fmt::Display for Lang {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.tag())
    }
}

/// The message `id` in `lang`, with named arguments: `tr!(lang, "round-of", round = 3, total = 6)`.
#[macro_export]
macro_rules! tr {
    ($lang:expr, $id:literal) => {
        $lang.t($id)
    };
    ($lang:expr, $id:literal, $($name:ident = $value:expr),+ $(,)?) => {{
        let mut args = fluent_bundle::FluentArgs::new();
        $( args.set(stringify!($name), $crate::lang::arg($value)); )+
        $lang.with($id, &args)
    }};
}

/// A message argument: numbers stay numbers (plural rules), everything else is text.
pub fn arg<'a>(value: impl Into<Arg>) -> fluent_bundle::FluentValue<'a> {
    match value.into() {
        Arg::Number(n) => fluent_bundle::FluentValue::from(n),
        Arg::Text(s) => fluent_bundle::FluentValue::from(s),
    }
}

/// What [`arg`] takes.
pub enum Arg {
    /// A count or a number.
    Number(i64),
    /// Words, a name, a formatted score.
    Text(String),
}

macro_rules! number_arg {
    ($($t:ty),*) => { $( impl From<$t> for Arg { fn from(n: $t) -> Arg { Arg::Number(n as i64) } } )* };
}
number_arg!(u8, u16, u32, u64, usize, i8, i16, i32, i64);

impl From<String> for Arg {
    fn from(s: String) -> Arg {
        Arg::Text(s)
    }
}

impl From<&String> for Arg {
    fn from(s: &String) -> Arg {
        Arg::Text(s.clone())
    }
}

impl From<&str> for Arg {
    fn from(s: &str) -> Arg {
        Arg::Text(s.to_string())
    }
}

// ---------------------------------------------------------------------------------------------------------------
// The messages

/// The Fluent files, by language: (tag, file, text).
pub const FILES: &[(&str, &str, &str)] = &[
    ("en", "board", include_str!("../locales/en/board.ftl")),
    ("fr", "board", include_str!("../locales/fr/board.ftl")),
    ("de", "board", include_str!("../locales/de/board.ftl")),
    ("ja", "board", include_str!("../locales/ja/board.ftl")),
    ("ko", "board", include_str!("../locales/ko/board.ftl")),
    (
        "zh-Hans",
        "board",
        include_str!("../locales/zh-Hans/board.ftl"),
    ),
    ("en", "desk", include_str!("../locales/en/desk.ftl")),
    ("fr", "desk", include_str!("../locales/fr/desk.ftl")),
];

/// One bundle per language, in [`ALL`]'s order.
struct Texts {
    bundles: Vec<FluentBundle<FluentResource>>,
}

static TEXTS: LazyLock<Texts> = LazyLock::new(Texts::load);

impl Texts {
    /// Parses the embedded files. A file that does not parse is a build mistake the tests catch
    /// (`every_file_parses`); here its good messages are kept and the rest fall back to English.
    fn load() -> Texts {
        let bundles = ALL
            .iter()
            .map(|lang| {
                let id: LanguageIdentifier = lang.tag().parse().unwrap_or_default();
                let mut bundle = FluentBundle::new_concurrent(vec![id]);
                bundle.set_use_isolating(false);
                for (tag, _, text) in FILES.iter().filter(|(tag, _, _)| *tag == lang.tag()) {
                    let resource = FluentResource::try_new(text.to_string())
                        .unwrap_or_else(|(partial, _)| partial);
                    if bundle.add_resource(resource).is_err() {
                        tracing::warn!(language = tag, "a message is defined twice");
                    }
                }
                bundle
            })
            .collect();
        Texts { bundles }
    }

    fn format(&self, lang: Lang, id: &str, args: Option<&FluentArgs>) -> String {
        for bundle in [&self.bundles[lang.index()], &self.bundles[0]] {
            if let Some(pattern) = bundle.get_message(id).and_then(|m| m.value()) {
                let mut errors = Vec::new();
                return bundle
                    .format_pattern(pattern, args, &mut errors)
                    .into_owned();
            }
        }
        id.to_string()
    }
}

// ---------------------------------------------------------------------------------------------------------------
// Choosing the language

/// The language of a request: the chosen one (cookie), else the browser's, else English.
pub fn of(headers: &HeaderMap) -> Lang {
    chosen(headers).unwrap_or_else(|| browser(headers))
}

/// The language a person chose on a page, from the cookie.
fn chosen(headers: &HeaderMap) -> Option<Lang> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(name, _)| *name == COOKIE)
        .and_then(|(_, value)| Lang::from_tag(value))
}

/// The best of the browser's `Accept-Language` the pages speak; any Chinese reads the simplified pages.
fn browser(headers: &HeaderMap) -> Lang {
    let Some(asked) = headers
        .get(header::ACCEPT_LANGUAGE)
        .and_then(|v| v.to_str().ok())
    else {
        return Lang::En;
    };
    let requested = by_preference(asked);
    let available: Vec<LanguageIdentifier> =
        ALL.iter().filter_map(|l| l.tag().parse().ok()).collect();
    let default: LanguageIdentifier = Lang::En.tag().parse().unwrap_or_default();
    let best = fluent_langneg::negotiate_languages(
        &requested,
        &available,
        Some(&default),
        fluent_langneg::NegotiationStrategy::Lookup,
    );
    let first_requested_chinese = requested
        .iter()
        .position(|r| r.language.as_str() == "zh")
        .map(|i| (i, Lang::ZhHans));
    let negotiated = best
        .first()
        .and_then(|l| Lang::from_tag(&l.to_string()))
        .unwrap_or_default();
    // `zh-TW` or `zh-HK` do not match `zh-Hans` by the rules; a Chinese reader still reads simplified Chinese
    // better than English, unless they asked for a language we have first.
    match first_requested_chinese {
        Some((i, zh)) => {
            let before = requested[..i]
                .iter()
                .any(|r| ALL.iter().any(|l| l.tag() == r.language.as_str()));
            if before {
                negotiated
            } else {
                zh
            }
        }
        None => negotiated,
    }
}

/// The tags of an `Accept-Language` value, most wanted first (by `q`, then by order), without the refused (`q=0`).
fn by_preference(asked: &str) -> Vec<LanguageIdentifier> {
    let mut weighted: Vec<(u16, LanguageIdentifier)> = asked
        .split(',')
        .filter_map(|item| {
            let mut parts = item.split(';');
            let tag = parts.next()?.trim();
            let q = parts
                .find_map(|p| p.trim().strip_prefix("q="))
                .map_or(Some(1000), |q| {
                    q.trim()
                        .parse::<f32>()
                        .ok()
                        .map(|q| (q.clamp(0.0, 1.0) * 1000.0) as u16)
                })?;
            (q > 0).then_some((q, tag.parse().ok()?))
        })
        .collect();
    weighted.sort_by_key(|(q, _)| std::cmp::Reverse(*q));
    weighted.into_iter().map(|(_, id)| id).collect()
}

/// The `lang` extractor: the request's language.
impl<S: Send + Sync> axum::extract::FromRequestParts<S> for Lang {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(
        parts: &mut axum::http::request::Parts,
        _: &S,
    ) -> Result<Lang, Self::Rejection> {
        Ok(of(&parts.headers))
    }
}

/// Middleware: a `GET` whose address carries `lang=xx` remembers the language (a cookie for a year) and goes on to
/// the same address without it, so pages and their cache never see the parameter.
pub async fn switch(request: Request, next: Next) -> Response {
    if request.method() != axum::http::Method::GET {
        return next.run(request).await;
    }
    let Some(query) = request.uri().query() else {
        return next.run(request).await;
    };
    let mut chosen = None;
    let rest: Vec<&str> = query
        .split('&')
        .filter(|pair| match pair.split_once('=') {
            Some(("lang", value)) => {
                chosen = Lang::from_tag(value).or(chosen);
                false
            }
            _ => true,
        })
        .collect();
    let Some(lang) = chosen else {
        return next.run(request).await;
    };
    let path = request.uri().path();
    let target = if rest.is_empty() {
        path.to_string()
    } else {
        format!("{path}?{}", rest.join("&"))
    };
    let cookie = format!("{COOKIE}={lang}; Path=/; Max-Age=31536000; SameSite=Lax; HttpOnly");
    let mut response =
        (StatusCode::SEE_OTHER, [(header::CACHE_CONTROL, "no-store")]).into_response();
    if let (Ok(to), Ok(cookie)) = (
        HeaderValue::from_str(&target),
        HeaderValue::from_str(&cookie),
    ) {
        response.headers_mut().insert(header::LOCATION, to);
        response.headers_mut().insert(header::SET_COOKIE, cookie);
    }
    response
}

/// The address of `here` (a path and query) with `lang=xx` added, for the switch's links.
pub fn switch_link(here: &str, lang: Lang) -> String {
    let (path, query) = here.split_once('?').unwrap_or((here, ""));
    let kept: Vec<&str> = query
        .split('&')
        .filter(|p| !p.is_empty() && !p.starts_with("lang="))
        .collect();
    if kept.is_empty() {
        format!("{path}?lang={lang}")
    } else {
        format!("{path}?{}&lang={lang}", kept.join("&"))
    }
}

#[cfg(test)]
mod tests {
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
            if path.extension().is_none_or(|e| e != "rs") || path.ends_with("lang.rs") {
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
}
