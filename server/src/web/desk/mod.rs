//! The desk pages, on the venue's TLS port only: sign-in with a terminal token, then one page per role —
//! registration and late desks, the results desk, the referee's tablet, the director's dashboard. Each page reads
//! the applied state like the public board and writes only through the writer, as its terminal (with the
//! volunteer's name) under the same role matrix as gRPC. Every action takes and shows the player's number on the
//! sheets; contact data appears only to roles that may read it.
//!
//! - `session`: cookies, the `Desk` extractor, CSRF, sign-in and sign-out.
//! - `parts`: thin refreshes, the parts a page already has left out of its answer.
//! - `handover`: moving an open desk page to the other server of the pair after a fail-over.
//! - `event`: the director's landing page (the tournaments, the desks, a new tournament) and the event's details.
//! - `fields`: the labelled fields of the director's long forms.
//! - `terminals`: the director's terminals (desk tokens, their QR cards, revoking, when each was last seen).
//! - this file: the routes, the desk page shell, the form plumbing shared by every action, and the wording helper
//!   `result_words` (a result in the page's language).

pub mod director;
pub mod event;
pub mod fields;
pub mod handover;
pub mod money;
pub mod parts;
pub mod referee;
pub mod register;
pub mod results;
pub mod session;
pub mod terminals;
pub mod venue;

use super::cache::Rendered;
use super::layout::{self, Page};
use super::topics::Topic;
use super::{Web, WebError};
use crate::app::{Kind, Refusal, Target};
use crate::auth::{required, Action};
use crate::domain::{Command, Rejected, Role, State};
use crate::log::Outcome;
use crate::web::lang::Lang;
use axum::body::Bytes;
use axum::extract::State as Shared;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::{get, post};
use axum::Router;
use maud::Markup;
use session::Desk;
use std::sync::Arc;

/// The desk routes (the venue port merges them; the public port never has them).
pub fn routes(web: Arc<Web>) -> Router {
    Router::new()
        .route("/desk", get(home))
        .route("/desk/", get(home))
        .route("/desk/login", get(session::login_page).post(session::login))
        .route("/desk/logout", post(session::logout))
        .route("/desk/where", get(handover::where_now))
        .route("/desk/handover", post(handover::handover))
        .merge(register::routes())
        .merge(results::routes())
        .merge(referee::routes())
        .merge(event::routes())
        .merge(director::routes())
        .merge(terminals::routes())
        .merge(venue::routes())
        .merge(money::routes())
        .with_state(web)
}

/// `GET /desk`: the signed-in desk's own page.
async fn home(Shared(web): Shared<Arc<Web>>, desk: Desk) -> Response {
    let first = web
        .core
        .read(|s| s.tournaments.keys().next().map(|t| t.0))
        .ok()
        .flatten();
    let target = match (desk.caller.role, first) {
        (Role::Registration, _) => "/desk/register".to_string(),
        (Role::LateDesk, _) => "/desk/late".to_string(),
        (Role::Results, Some(t)) => format!("/desk/results/{t}"),
        (Role::Referee, Some(t)) => format!("/desk/referee/{t}"),
        (Role::Director, _) => "/desk/director".to_string(),
        (Role::Treasurer, _) => "/desk/money".to_string(),
        _ => "/".to_string(),
    };
    Redirect::to(&target).into_response()
}

impl Web {
    /// Renders a desk page (never cached: it carries the desk's CSRF value and fresh request ids).
    pub(crate) fn desk_page(
        &self,
        desk: &Desk,
        action: Action,
        topics: &[Topic],
        render: impl FnOnce(&State) -> Result<(String, Markup), WebError>,
    ) -> Response {
        if let Err(refused) = desk.require(action) {
            return refused.into_response();
        }
        let stamp = self.live.stamp(topics);
        let (title, body) = match self.core.read(render) {
            Ok(Ok(page)) => page,
            Ok(Err(refused)) => return refused.in_lang(desk.lang).into_response(),
            Err(_) => {
                return WebError::unavailable(desk.lang.t("error-busy"))
                    .in_lang(desk.lang)
                    .into_response()
            }
        };
        let page = Page {
            title,
            tournament: None,
            desk: Some(layout::DeskShell {
                badge: badge(desk),
                csrf: desk.csrf.clone(),
                handover: self.handover.as_ref().and_then(|h| {
                    let ticket = h.seal(&desk.secret.0, &desk.operator, crate::now_ms())?;
                    Some((h.peer.clone(), ticket))
                }),
            }),
            body,
            lang: desk.lang,
            here: String::new(),
        };
        let topic_list: Vec<String> = topics.iter().map(Topic::to_string).collect();
        let mut html = layout::document(&page, &topic_list.join(","), &stamp).into_string();
        if !desk.have.is_empty() {
            html = parts::thin(&html, &desk.have);
        }
        let page = Rendered::new(Bytes::from(html));
        let (body, gzip) = match (desk.gzip, page.gzip) {
            (true, Some(compressed)) => (compressed, true),
            _ => (page.plain, false),
        };
        let mut response = (
            StatusCode::OK,
            [
                (header::CONTENT_TYPE, "text/html; charset=utf-8"),
                (header::CACHE_CONTROL, "no-store"),
                (header::VARY, "Accept-Encoding"),
            ],
            body,
        )
            .into_response();
        if gzip {
            response.headers_mut().insert(
                header::CONTENT_ENCODING,
                header::HeaderValue::from_static("gzip"),
            );
        }
        response
    }

    /// Submits a desk's command through the core, as the desk's terminal with its volunteer's name, once the
    /// form's CSRF value is this desk's. The role the command needs is the core's table ([`required`]): asked
    /// here first only so that a role's refusal is not taken for an expired form.
    pub(crate) async fn desk_write(
        &self,
        desk: &Desk,
        csrf: &str,
        request_id: &str,
        cmd: Command,
        target: Target,
    ) -> Result<Outcome, Refused> {
        desk.caller
            .require(required(&cmd))
            .map_err(|denied| Refused::Core(denied.into()))?;
        desk.check_csrf(csrf).map_err(Refused::Form)?;
        self.core
            .write(&desk.caller, desk.meta(request_id), cmd, target)
            .await
            .map_err(Refused::Core)
    }
}

/// Why a desk's write did not happen: the form (not from this desk's page), or the core's refusal.
#[derive(Debug)]
pub(crate) enum Refused {
    /// A missing or wrong CSRF value: nothing was sent to the core.
    Form(WebError),
    /// The core refused the command.
    Core(Refusal),
}

impl Refused {
    /// The kind of answer it is.
    pub fn kind(&self) -> Kind {
        match self {
            Refused::Form(_) => Kind::Forbidden,
            Refused::Core(refusal) => refusal.kind(),
        }
    }

    /// What went wrong, in a sentence in the page's language `l`.
    pub fn message(&self, l: Lang) -> String {
        match self {
            Refused::Form(page) => page.message.clone(),
            Refused::Core(refusal) => crate::web::error::words(l, refusal),
        }
    }

    /// The register field a bad-input refusal names (`birth_year`), for a form to mark.
    pub fn field(&self) -> Option<&'static str> {
        match self {
            Refused::Core(Refusal::Rejected {
                rejected: Rejected::Field { field, .. } | Rejected::Invalid { field, .. },
                ..
            }) => Some(field),
            _ => None,
        }
    }

    /// As a page of its own, in `l`.
    pub fn page(&self, l: Lang) -> WebError {
        match self {
            Refused::Form(page) => page.clone().in_lang(l),
            Refused::Core(refusal) => WebError::refused(refusal, l),
        }
    }
}

/// "desk-2 · registration · Anne".
fn badge(desk: &Desk) -> String {
    let mut badge = format!("{} · {}", desk.caller.terminal, desk.caller.role.as_str());
    if !desk.operator.is_empty() {
        badge.push_str(" · ");
        badge.push_str(&desk.operator);
    }
    badge
}

/// A fresh request id for a form (a retried submission of the same form is applied once).
pub fn request_id() -> String {
    format!("web-{:032x}", rand::random::<u128>())
}

/// Request ids for the many forms of one page: one random part for the page and a count per form, so each
/// form's id is still its own and fresh, yet a page of 150 tables compresses well (a thousand random ids do
/// not compress at all).
#[derive(Debug)]
pub struct FormIds {
    page: String,
    next: std::sync::atomic::AtomicU32,
}

impl FormIds {
    /// The ids of a page being rendered.
    pub fn new() -> FormIds {
        FormIds {
            page: request_id(),
            next: std::sync::atomic::AtomicU32::new(0),
        }
    }

    /// The next form's id.
    pub fn next(&self) -> String {
        let n = self.next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        format!("{}-{n}", self.page)
    }
}

impl Default for FormIds {
    fn default() -> FormIds {
        FormIds::new()
    }
}

/// The longest value a desk page carries back in its address after an action: a reason, a notice, a search as
/// typed. Longer text is cut, so a refused 10 KB value never makes an address too long to follow (HTTP 414).
pub const MAX_ECHO: usize = 300;

/// The address of `path` with `query` (each value cut to [`MAX_ECHO`] characters) and `fragment` (`""` for
/// none, else without its `#`). Every desk page's "back with a message" goes through here.
pub fn address(path: &str, query: &[(&str, &str)], fragment: &str) -> String {
    let cut: Vec<(&str, String)> = query
        .iter()
        .map(|(k, v)| (*k, v.chars().take(MAX_ECHO).collect()))
        .collect();
    let query = serde_urlencoded::to_string(cut).unwrap_or_default();
    let mut to = path.to_string();
    if !query.is_empty() {
        to.push('?');
        to.push_str(&query);
    }
    if !fragment.is_empty() {
        to.push('#');
        to.push_str(fragment);
    }
    to
}

/// A 303 to [`address`]: after a form, back to a page with what happened.
pub fn back_to(path: &str, query: &[(&str, &str)], fragment: &str) -> Response {
    Redirect::to(&address(path, query, fragment)).into_response()
}

/// `?done=…` / `?error=…` after an action; `?ask=N` when an irreversible one came without its confirmation (a
/// browser without script): the page then asks first.
#[derive(Debug, Default, serde::Deserialize)]
pub struct ActionNotice {
    /// What was done.
    pub done: Option<String>,
    /// Why it was refused.
    pub error: Option<String>,
    /// What to ask about.
    pub ask: Option<u64>,
}

/// An irreversible action (on `id`) sent without its confirmation, from a browser without script: back to `page`,
/// which asks first (`?ask=ID#confirm`). `None` once the form says `confirmed=yes`. A desk that may not take the
/// action is refused here already.
pub fn ask_first(
    desk: &Desk,
    action: Action,
    confirmed: &str,
    page: &str,
    id: u64,
) -> Option<Response> {
    if confirmed == "yes" {
        return None;
    }
    Some(match desk.require(action) {
        Err(refused) => refused.into_response(),
        Ok(()) => Redirect::to(&format!("{page}?ask={id}#confirm")).into_response(),
    })
}

/// What the last action did, at the top of a page: "done" in green, a refusal in red (`#error`, read out).
pub fn outcome(done: Option<impl AsRef<str>>, error: Option<impl AsRef<str>>) -> Markup {
    maud::html! {
        @if let Some(done) = done { p .done .ok role="status" { (done.as_ref()) } }
        @if let Some(error) = error { p #error .error role="alert" { (error.as_ref()) } }
    }
}

pub use crate::lang::{slot_in, slots_in, SLOT, SLOTS};

/// A result in the page's words: "white", "black by forfeit", "jigo".
pub fn result_words(
    l: crate::web::lang::Lang,
    result: &crate::domain::round::GameResult,
) -> String {
    let outcome = result.outcome.as_str();
    if result.by_forfeit {
        crate::tr!(l, "desk-result-forfeit", outcome = outcome)
    } else {
        crate::tr!(l, "desk-result", outcome = outcome)
    }
}

#[cfg(test)]
mod address_tests {
    use super::*;

    #[test]
    fn a_10_kb_value_is_cut_before_it_reaches_the_address() {
        let long = "寿".repeat(10_000);
        let to = address("/desk/register", &[("q", &long), ("error", &long)], "table");
        assert!(to.len() < 2 * MAX_ECHO * 9 + 100, "{} bytes", to.len());
        assert!(to.starts_with("/desk/register?q=%E5%AF%BF") && to.ends_with("#table"));
        assert_eq!(address("/p", &[], ""), "/p");
        assert_eq!(address("/p", &[("done", "a b")], ""), "/p?done=a+b");
    }
}
