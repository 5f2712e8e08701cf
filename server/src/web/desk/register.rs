//! `/desk/register` and `/desk/late`: the registration desk and the late-arrivals desk, one page for volunteers
//! recruited the same morning. Search as you type (number, register id or name), one tap to check in, the add
//! form (rank picker, tournaments and rounds, check in now) with the duplicate guard's "different person"
//! confirm, and the edit form, which shows a stale edit side by side with the current record and re-applies the
//! volunteer's changes on top of it. After registration closes the registration desk says so and sends walk-ins
//! to the late desk, which tells each latecomer the rounds they will play and the credit for the ones missed.
//!
//! Every write is one command through the writer (`Web::desk_write`), as the desk's terminal under the role
//! matrix; the page never changes the register any other way.
//!
//! - this file: the two desks' routes, the search page, one-tap check-in.
//! - `search`: the search box and the result list; `add` and `edit`: the forms' pages and writes; `form`: the
//!   forms themselves (parsing, merging, markup); `refusal`: what a refused form shows (the duplicate confirm);
//!   `late`: the latecomer's sentence; `history`: who checked a player in, who made a record's version; `undo`: a
//!   desk taking back the registration it has just made.

mod add;
mod edit;
mod form;
mod history;
mod late;
pub(super) mod pay;
mod refusal;
mod search;
pub(super) use search::{full_name, label};
mod undo;

use super::session::Desk;
use super::Refused;
use super::Web;
use super::{slot_in, SLOT};
use crate::app::{Kind, Target};
use crate::auth::{allows, Action};
use crate::domain::{Command, ParticipantId, Role, State};
use crate::tr;
use crate::web::lang::Lang;
use crate::web::lenient::Lenient;
use crate::web::topics::Topic;
use crate::web::WebError;
use axum::extract::{Path, State as Shared};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Form, Router};
use form::Offer;
use maud::{html, Markup};
use search::Query;
use serde::Deserialize;
use std::sync::Arc;

/// Which of the two desks a page is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// `/desk/register`: registration desks, while registration is open.
    Register,
    /// `/desk/late`: the late-arrivals desk (and the director), also after registration closes.
    Late,
}

impl Mode {
    /// The page's address, the prefix of its forms.
    pub fn base(self) -> &'static str {
        match self {
            Mode::Register => "/desk/register",
            Mode::Late => "/desk/late",
        }
    }

    fn title(self, l: Lang) -> String {
        match self {
            Mode::Register => l.t("reg-title"),
            Mode::Late => l.t("late-title"),
        }
    }

    /// The registration role has the registration desk only (the register refuses it after the close anyway).
    fn admit(self, desk: &Desk) -> Result<(), WebError> {
        desk.require(Action::Register)?;
        if self == Mode::Late && desk.caller.role == Role::Registration {
            return Err(WebError::new(
                StatusCode::FORBIDDEN,
                "error-not-for-this-desk",
                desk.lang.t("reg-not-late-desk"),
            )
            .in_lang(desk.lang));
        }
        Ok(())
    }
}

/// The routes of both desks.
pub fn routes() -> Router<Arc<Web>> {
    let mut router = Router::new();
    for mode in [Mode::Register, Mode::Late] {
        let base = mode.base();
        router = router
            .route(
                base,
                get(move |web: Shared<Arc<Web>>, desk: Desk, q: Notice| page(mode, web, desk, q)),
            )
            .route(
                &format!("{base}/checkin"),
                axum::routing::post(
                    move |web: Shared<Arc<Web>>, desk: Desk, f: Form<CheckInForm>| {
                        check_in(mode, web, desk, f)
                    },
                ),
            )
            .route(
                &format!("{base}/undo"),
                axum::routing::post(
                    move |web: Shared<Arc<Web>>, desk: Desk, f: Form<undo::UndoForm>| {
                        undo::undo(mode, web, desk, f)
                    },
                ),
            )
            .route(
                &format!("{base}/add"),
                get(move |web: Shared<Arc<Web>>, desk: Desk, q: Notice| {
                    add::add_page(mode, web, desk, q)
                })
                .post(
                    move |web: Shared<Arc<Web>>, desk: Desk, f: Form<Vec<(String, String)>>| {
                        add::add(mode, web, desk, f)
                    },
                ),
            )
            .route(
                &format!("{base}/player/{{id}}/pay"),
                axum::routing::post(
                    move |web: Shared<Arc<Web>>,
                          desk: Desk,
                          id: Path<String>,
                          f: Form<pay::PayForm>| {
                        pay::pay(mode, web, desk, id, f)
                    },
                ),
            )
            .route(
                &format!("{base}/player/{{id}}/edit"),
                get(
                    move |web: Shared<Arc<Web>>, desk: Desk, id: Path<String>, n: pay::Notice| {
                        edit::edit_page(mode, web, desk, id, n)
                    },
                )
                .post(
                    move |web: Shared<Arc<Web>>,
                          desk: Desk,
                          id: Path<String>,
                          f: Form<Vec<(String, String)>>| {
                        edit::edit(mode, web, desk, id, f)
                    },
                ),
            );
    }
    router
}

/// `?q=…` (the search), `?done=…`, `?note=…`, `?error=…` (what the last action did).
#[derive(Debug, Default, Deserialize)]
pub struct NoticeQuery {
    #[serde(default)]
    q: String,
    /// On the add page: the rating list's player to fill the form with (`ffg:9728205`).
    pick: Option<String>,
    /// On the add page: the name as typed in its own script (山田 太郎), kept while the desk looks the player up
    /// in the rating lists by the Latin name, which then fills the Latin name instead of the name.
    name: Option<String>,
    done: Option<String>,
    note: Option<String>,
    error: Option<String>,
    /// After a registration: the player this desk may still take back (`P25`).
    undo: Option<String>,
}

/// The query string, or an empty one when it does not parse.
pub type Notice = Lenient<NoticeQuery>;

/// Back to the desk's page with a message (`done`, `note` or `error`) and a search.
fn back(mode: Mode, q: &str, key: &str, message: &str) -> Response {
    super::back_to(mode.base(), &[("q", q), (key, message)], "")
}

fn private(desk: &Desk) -> bool {
    allows(desk.caller.role, Action::ReadPrivate)
}

/// The topics a desk page follows: every participant, and each tournament's register and rounds (the late
/// desk's sentences change with each draw; registration desks need not wake for every result). `/live` takes
/// at most eight.
fn topics(state: &State, mode: Mode) -> Vec<Topic> {
    let mut topics = vec![Topic::Register];
    for t in state.tournaments.keys().take(3) {
        topics.push(Topic::Players(*t));
        if mode == Mode::Late {
            topics.push(Topic::Rounds(*t));
        }
    }
    topics
}

/// `GET /desk/register`, `GET /desk/late`.
async fn page(
    mode: Mode,
    Shared(web): Shared<Arc<Web>>,
    desk: Desk,
    Lenient(n): Notice,
) -> Response {
    if let Err(refused) = mode.admit(&desk) {
        return refused.into_response();
    }
    let l = desk.lang;
    let topics = web.core.read(|s| topics(s, mode)).unwrap_or_default();
    web.desk_page(&desk, Action::Register, &topics, |state| {
        let query = Query::parse(&n.q);
        let found = search::matches(state, &query);
        let body = html! {
            h1 { (mode.title(l)) }
            (notices(&n))
            (undo::offer(state, mode, &desk, n.undo.as_deref()))
            (closures(state, mode, l))
            form #find .find method="get" action=(mode.base()) {
                input #search type="search" name="q" value=(n.q) autofocus autocomplete="off"
                    placeholder=(l.t("reg-search-placeholder")) aria-label=(l.t("reg-search-label"));
                div .actions {
                    button .big type="submit" { (l.t("reg-find")) }
                    a .big #add-link href=(add_href(mode, &n.q, &query)) { (l.t("reg-add-new")) }
                }
            }
            p .note #count {
                (slot_in(&tr!(l, "reg-count", shown = SLOT, total = state.participants.len()),
                    html! { span #shown { (found.len()) } }))
            }
            @if found.is_empty() && query != Query::Everyone {
                p #none { (slot_in(&tr!(l, "reg-none", q = &n.q, link = SLOT),
                    html! { a href=(add_href(mode, &n.q, &query)) { (l.t("reg-none-add")) } })) }
            }
            (search::results(state, &found, mode, &desk, private(&desk)))
        };
        Ok((mode.title(l), body))
    })
}

fn add_href(mode: Mode, typed: &str, query: &Query) -> String {
    match query {
        Query::Name(_) => {
            super::address(&format!("{}/add", mode.base()), &[("q", typed.trim())], "")
        }
        _ => format!("{}/add", mode.base()),
    }
}

fn notices(n: &NoticeQuery) -> Markup {
    html! {
        @if let Some(done) = &n.done { p .done .ok role="status" { (done) } }
        @if let Some(note) = &n.note { p #notice .warn role="status" { (note) } }
        @if let Some(error) = &n.error { p #error .error role="alert" { (error) } }
    }
}

/// The registration desk's notice once registration has closed (`#closed`), the late desk's sentences.
fn closures(state: &State, mode: Mode, l: Lang) -> Markup {
    let closed: Vec<&str> = state
        .tournaments
        .values()
        .filter(|t| !t.registration_open)
        .map(|t| t.settings.name.as_str())
        .collect();
    let offers = offers(state, Mode::Late);
    html! {
        @if mode == Mode::Register && !closed.is_empty() {
            p #closed .warn {
                strong { (tr!(l, "reg-closed-for", names = closed.join(", "))) }
                " " (slot_in(&tr!(l, "reg-closed-walk-ins", link = SLOT),
                    html! { a href=(Mode::Late.base()) { (l.t("reg-late-desk")) } }))
            }
        }
        @if mode == Mode::Late {
            ul #late-terms .note {
                @for o in &offers {
                    li data-t=(o.id.0) { (slot_in(&tr!(l, "reg-late-terms", name = SLOT,
                        terms = late::terms(l, o.total, o.drawn, &[], o.missed)),
                        html! { strong { (o.name) } })) }
                }
            }
        }
    }
}

/// The tournaments a desk may enter players in: the registration desk only while open; the late desk always.
fn offers(state: &State, mode: Mode) -> Vec<Offer> {
    state
        .tournaments
        .values()
        .filter(|t| mode == Mode::Late || t.registration_open)
        .map(|t| Offer {
            id: t.id,
            name: t.settings.name.clone(),
            total: t.settings.rounds,
            drawn: state.play.get(&t.id).map_or(0, |p| p.rounds.len() as u32),
            missed: t.settings.scoring.missed,
        })
        .collect()
}

/// The check-in button's form.
#[derive(Debug, Default, Deserialize)]
pub struct CheckInForm {
    #[serde(default)]
    csrf: String,
    #[serde(default)]
    request_id: String,
    #[serde(default)]
    id: String,
    t: Option<u64>,
}

/// `POST …/checkin`: checks the player in, unless already checked in (then says who did it and when).
async fn check_in(
    mode: Mode,
    Shared(web): Shared<Arc<Web>>,
    desk: Desk,
    Form(f): Form<CheckInForm>,
) -> Response {
    if let Err(refused) = mode.admit(&desk).and_then(|()| desk.check_csrf(&f.csrf)) {
        return refused.into_response();
    }
    let l = desk.lang;
    let Some(id) = register_id(&f.id) else {
        return back(mode, "", "error", &l.t("reg-no-player-button"));
    };
    let tournament = f.t.map(crate::domain::TournamentId);
    for _attempt in 0..2 {
        let seen = web.core.read(|s| {
            s.participants.get(&id).map(|p| {
                let targets: Vec<_> = p
                    .entries
                    .iter()
                    .filter(|(t, _)| tournament.is_none_or(|x| x == **t))
                    .collect();
                let done = !targets.is_empty()
                    && targets
                        .iter()
                        .all(|(_, e)| e.status == crate::domain::EntryStatus::CheckedIn);
                let by_self = targets
                    .iter()
                    .any(|(_, e)| e.checked_in.as_ref().is_some_and(|b| b.by_self));
                (
                    search::full_name(p),
                    search::label(s, p),
                    p.revision,
                    (done, by_self),
                    s.last_seq.0,
                )
            })
        });
        let Ok(Some((name, label, revision, (done, by_self), last))) = seen else {
            return back(mode, "", "error", &l.t("reg-no-such-player"));
        };
        if done {
            let store = web.core.store.clone();
            let who =
                tokio::task::spawn_blocking(move || history::checked_in_by(&*store, last, id))
                    .await
                    .ok()
                    .flatten();
            let message = match who {
                Some(c) if by_self => tr!(
                    l,
                    "reg-already-self",
                    name = &name,
                    label = &label,
                    ago = history::ago(l, crate::now_ms() - c.at_ms)
                ),
                Some(c) => tr!(
                    l,
                    "reg-already-by",
                    name = &name,
                    label = &label,
                    who = c.who(),
                    ago = history::ago(l, crate::now_ms() - c.at_ms)
                ),
                None => tr!(l, "reg-already", name = &name, label = &label),
            };
            return back(mode, "", "note", &message);
        }
        let cmd = Command::CheckIn {
            id,
            tournament,
            expected: Some(revision),
        };
        match web
            .desk_write(&desk, &f.csrf, &f.request_id, cmd, Target::Participant(id))
            .await
        {
            Ok(_) => {
                let done = tr!(l, "reg-checked-in", name = &name, label = &label);
                return back(mode, "", "done", &done);
            }
            // Changed at another desk between reading and writing: look again (the refused id is not kept).
            Err(refused) if refused.kind() == Kind::Stale => continue,
            // Checked in at another desk a moment ago: the server says by whom.
            Err(refused) if refused.kind() == Kind::Exists => {
                return back(mode, "", "note", &refused.message(l));
            }
            Err(refused) => return refusal_page(mode, l, &refused),
        }
    }
    back(mode, "", "error", &l.t("reg-keeps-changing"))
}

/// A refused one-tap action: 403 and 503 as pages, anything else back on the desk's page.
fn refusal_page(mode: Mode, l: Lang, refused: &Refused) -> Response {
    match refused.kind() {
        Kind::Forbidden => refused.page(l).into_response(),
        Kind::Unavailable => {
            WebError::unavailable(tr!(l, "reg-no-writes", why = refused.message(l)))
                .in_lang(l)
                .into_response()
        }
        _ => back(mode, "", "error", &refused.message(l)),
    }
}

/// `P12` (or `12`) from a form or an address.
pub(super) fn register_id(text: &str) -> Option<ParticipantId> {
    let text = text.trim();
    text.strip_prefix(['P', 'p'])
        .unwrap_or(text)
        .parse()
        .ok()
        .map(ParticipantId)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn register_ids_read_with_or_without_the_p() {
        assert_eq!(register_id("P12"), Some(ParticipantId(12)));
        assert_eq!(register_id(" 12 "), Some(ParticipantId(12)));
        assert_eq!(register_id("x"), None);
    }
}
