//! The public board: the pages a player opens on a phone, no login. Each page module turns the applied state
//! into markup (pure functions of `&State`); this file owns what they share: reading ids from the address,
//! rendering through the page cache with the page's stamp, and the small formats (halves as ½, a player's label).
//! Reads names, ranks, clubs and countries only — never contact data.

pub mod home;
pub mod own;
pub mod pairings;
pub mod player;
pub mod players;
pub mod slip;
pub mod standings;
pub mod teams;

use super::cache::Rendered;
use super::lang::Lang;
use super::layout::{self, Page};
use super::live::parse_topics;
use super::topics::Topic;
use super::{Web, WebError};
use crate::app::roster::Roster;
use crate::domain::timetable;
use crate::domain::{ParticipantId, State, TournamentId, TournamentSettings};
use crate::tr;
use axum::body::Bytes;
use axum::extract::{Query, State as Shared};
use axum::http::{header, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use std::sync::Arc;

/// Written where a form needs a fresh request id: each response gets its own, even when the page is cached.
pub const REQUEST_ID_SLOT: &str = "@@request-id@@";

/// A tournament id from the address: 400 unless it is a number.
pub fn tournament_id(raw: &str) -> Result<TournamentId, WebError> {
    raw.parse::<u64>().map(TournamentId).map_err(|_| {
        WebError::bad_request("A tournament is named by its number, as in /t/1/pairings.")
    })
}

/// When round `round` starts, as language `l` writes it: the clock, with the day when the tournament runs over
/// several days.
pub fn starts(l: Lang, settings: &TournamentSettings, round: u32) -> Option<String> {
    let start = timetable::planned(settings, round)?;
    Some(l.start(&start, timetable::several_days(settings)))
}

/// The tournament `{t}` of a page's address (`/t/{t}/…`, `/desk/…/{t}`); a 400 page unless it is a number.
pub struct InTournament(pub TournamentId);

impl<S: Send + Sync> axum::extract::FromRequestParts<S> for InTournament {
    type Rejection = WebError;

    async fn from_request_parts(
        parts: &mut axum::http::request::Parts,
        state: &S,
    ) -> Result<InTournament, WebError> {
        let axum::extract::Path(params) = axum::extract::Path::<
            std::collections::HashMap<String, String>,
        >::from_request_parts(parts, state)
        .await
        .map_err(|_| WebError::bad_request("That address names no tournament."))?;
        let raw = params.get("t").map_or("", String::as_str);
        tournament_id(raw).map(InTournament)
    }
}

/// The roster of tournament `t`, or a 404 page.
pub fn roster(state: &State, t: TournamentId) -> Result<Roster<'_>, WebError> {
    roster_in(state, Lang::En, t)
}

/// The roster of tournament `t`, or a 404 page in language `l`.
pub fn roster_in(state: &State, l: Lang, t: TournamentId) -> Result<Roster<'_>, WebError> {
    Roster::new(state, t).map_err(|_| {
        WebError::not_found(tr!(l, "board-no-tournament", tournament = t.0)).in_lang(l)
    })
}

/// A player by the number on the sheets (`7`, `#7`) or by register id before numbering (`P12`).
pub(crate) fn player_by_number(roster: &Roster, text: &str) -> Option<ParticipantId> {
    let text = text.trim().trim_start_matches('#');
    if let Some(id) = text.strip_prefix(['P', 'p']) {
        let p = ParticipantId(id.parse().ok()?);
        return roster.entrants.contains_key(&p).then_some(p);
    }
    let n: u32 = text.parse().ok()?;
    roster
        .play?
        .numbers
        .iter()
        .find(|(_, m)| **m == n)
        .map(|(p, _)| *p)
        .filter(|p| roster.entrants.contains_key(p))
}

/// Half points as a person reads them: 61 → "30½", -1 → "-½", 4 → "2".
pub fn halves(h: i32) -> String {
    tengen_text::halves(i64::from(h))
}

/// The heading part of a tournament's page: the name and its tabs.
pub fn tournament_page(
    lang: Lang,
    roster: &Roster,
    tab: Option<layout::Tab>,
    title: String,
    body: maud::Markup,
) -> Page {
    Page {
        title,
        tournament: Some((roster.tournament.id, roster.name().to_string(), tab)),
        desk: None,
        body,
        lang,
        here: String::new(),
    }
}

impl Web {
    /// Renders a public page showing `topics`, from the cache when its stamp still holds. `cacheable` is false
    /// for pages whose address carries free text (a search), so the cache cannot be filled with junk.
    pub(crate) fn page(
        &self,
        asked: &Asked,
        topics: &[Topic],
        cacheable: bool,
        render: impl FnOnce(&State) -> Result<Page, WebError>,
    ) -> Response {
        let key = asked.uri.path_and_query().map_or("/", |p| p.as_str());
        // The stamp is read before the state, so a page is always at least as new as its stamp. The log follower
        // records an entry's topics a moment after the writer applies it: a page served from the cache in that
        // moment is as old as the moment, and the stream's next event brings the new one.
        let stamp = self.live.stamp(topics);
        let lang = asked.lang;
        // One page per language: the key leads with it.
        let cached = format!("{lang} {key}");
        if cacheable {
            if let Some(page) = self.cache.get(&cached, &stamp) {
                return html_response(page, asked.gzip);
            }
        }
        let rendered = self.core.read(|state| render(state));
        let page = match rendered {
            Ok(Ok(page)) => page.at(lang, key),
            Ok(Err(refused)) => return refused.in_lang(lang).into_response(),
            Err(_) => {
                return WebError::unavailable(lang.t("error-busy"))
                    .in_lang(lang)
                    .into_response()
            }
        };
        let topic_list: Vec<String> = topics.iter().map(Topic::to_string).collect();
        let bytes =
            Bytes::from(layout::document(&page, &topic_list.join(","), &stamp).into_string());
        if !cacheable {
            let plain = Rendered {
                plain: bytes,
                gzip: None,
            };
            return html_response(plain, false);
        }
        // A page with per-response request ids is filled in after the cache, so it is kept uncompressed.
        let page = if bytes
            .windows(REQUEST_ID_SLOT.len())
            .any(|w| w == REQUEST_ID_SLOT.as_bytes())
        {
            Rendered {
                plain: bytes,
                gzip: None,
            }
        } else {
            Rendered::new(bytes)
        };
        self.cache.put(&cached, &stamp, page.clone());
        html_response(page, asked.gzip)
    }
}

/// What a page request asks for: the address, whether the client takes gzip, and in which language.
pub struct Asked {
    uri: Uri,
    gzip: bool,
    /// The language the page is written in.
    pub lang: Lang,
}

impl<S: Send + Sync> axum::extract::FromRequestParts<S> for Asked {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(
        parts: &mut axum::http::request::Parts,
        _: &S,
    ) -> Result<Asked, Self::Rejection> {
        let gzip = accepts_gzip(&parts.headers);
        Ok(Asked {
            uri: parts.uri.clone(),
            gzip,
            lang: super::lang::of(&parts.headers),
        })
    }
}

/// Does the request take gzip (and not with `q=0`)?
pub(crate) fn accepts_gzip(headers: &axum::http::HeaderMap) -> bool {
    headers
        .get_all(header::ACCEPT_ENCODING)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .any(|coding| {
            let mut it = coding.trim().split(';');
            let name = it.next().unwrap_or("").trim();
            let refused = it.any(|q| matches!(q.trim(), "q=0" | "q=0.0" | "q=0.00" | "q=0.000"));
            name.eq_ignore_ascii_case("gzip") && !refused
        })
}

fn html_response(page: Rendered, gzip: bool) -> Response {
    let (body, encoding) = match (gzip, page.gzip) {
        (true, Some(compressed)) => (compressed, Some("gzip")),
        _ => (fresh_request_ids(page.plain), None),
    };
    let mut response = (
        StatusCode::OK,
        [
            (header::CONTENT_TYPE, "text/html; charset=utf-8"),
            (header::CACHE_CONTROL, "no-cache"),
            (header::VARY, "Accept-Encoding, Accept-Language, Cookie"),
        ],
        body,
    )
        .into_response();
    if let Some(encoding) = encoding {
        response.headers_mut().insert(
            header::CONTENT_ENCODING,
            header::HeaderValue::from_static(encoding),
        );
    }
    response
}

/// Replaces every [`REQUEST_ID_SLOT`] with a new random request id (one per form, so a form submitted twice is
/// applied once, and two visitors of one cached page never share an id).
fn fresh_request_ids(body: Bytes) -> Bytes {
    let Ok(text) = std::str::from_utf8(&body) else {
        return body;
    };
    if !text.contains(REQUEST_ID_SLOT) {
        return body;
    }
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find(REQUEST_ID_SLOT) {
        out.push_str(&rest[..at]);
        out.push_str(&format!("slip-{:032x}", rand::random::<u128>()));
        rest = &rest[at + REQUEST_ID_SLOT.len()..];
    }
    out.push_str(rest);
    Bytes::from(out)
}

/// `/live?topics=…`.
#[derive(Debug, Deserialize)]
pub struct LiveQuery {
    topics: Option<String>,
}

/// `GET /live`: the Server-Sent Events a page follows.
pub async fn live_stream(
    Shared(web): Shared<Arc<Web>>,
    query: Result<Query<LiveQuery>, axum::extract::rejection::QueryRejection>,
) -> Response {
    let list = query.ok().and_then(|q| q.0.topics).unwrap_or_default();
    let Some(topics) = parse_topics(&list) else {
        return WebError::bad_request(
            "Follow one to eight topics, e.g. /live?topics=t1/pairings,t1/standings.",
        )
        .into_response();
    };
    let stopping = web.core.stopping.clone();
    web.live.clone().stream(topics, stopping).into_response()
}

#[cfg(test)]
mod tests {
    use axum::body::Bytes;

    #[test]
    fn each_form_gets_its_own_request_id() {
        let page = Bytes::from(format!("<a {0}><b {0}>", super::REQUEST_ID_SLOT));
        let once = super::fresh_request_ids(page.clone());
        let twice = super::fresh_request_ids(page);
        let text = String::from_utf8_lossy(&once);
        assert!(!text.contains(super::REQUEST_ID_SLOT));
        assert_eq!(text.matches("slip-").count(), 2);
        assert_ne!(once, twice);
    }
}
