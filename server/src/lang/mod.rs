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
// Pieces of page inside a sentence

/// What a message's `{ $link }` (or any `{ $…}` given [`SLOT`]) stands for in a page: a message worded whole in
/// the page's language, with `part` (a link, a bold word) where the slot was, so no sentence is glued from pieces.
pub fn slot_in(text: &str, part: maud::Markup) -> maud::Markup {
    slots_in(text, &[part])
}

/// [`slot_in`] with several pieces: the message's arguments given `SLOTS[0]`, `SLOTS[1]`, … get `parts[0]`,
/// `parts[1]`, … wherever the language puts them.
pub fn slots_in(text: &str, parts: &[maud::Markup]) -> maud::Markup {
    let mut out = String::new();
    let mut plain = String::new();
    for c in text.chars() {
        let slot = SLOTS.iter().position(|s| s.starts_with(c));
        match slot.and_then(|i| parts.get(i)) {
            Some(part) => {
                out.push_str(&maud::html! { (plain) }.into_string());
                plain.clear();
                out.push_str(&part.0);
            }
            None => plain.push(c),
        }
    }
    out.push_str(&maud::html! { (plain) }.into_string());
    maud::PreEscaped(out)
}

/// The stand-in a message's argument gets when [`slot_in`] puts a piece of page there.
pub const SLOT: &str = SLOTS[0];

/// The stand-ins of [`slots_in`] (private-use characters no message or name contains).
pub const SLOTS: [&str; 8] = [
    "\u{E000}", "\u{E001}", "\u{E002}", "\u{E003}", "\u{E004}", "\u{E005}", "\u{E006}", "\u{E007}",
];

// ---------------------------------------------------------------------------------------------------------------
// The messages

/// The Fluent files, by language: (tag, file, text).
pub const FILES: &[(&str, &str, &str)] = &[
    ("en", "board", include_str!("../../locales/en/board.ftl")),
    ("fr", "board", include_str!("../../locales/fr/board.ftl")),
    ("de", "board", include_str!("../../locales/de/board.ftl")),
    ("ja", "board", include_str!("../../locales/ja/board.ftl")),
    ("ko", "board", include_str!("../../locales/ko/board.ftl")),
    (
        "zh-Hans",
        "board",
        include_str!("../../locales/zh-Hans/board.ftl"),
    ),
    ("en", "desk", include_str!("../../locales/en/desk.ftl")),
    ("fr", "desk", include_str!("../../locales/fr/desk.ftl")),
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
mod tests;
