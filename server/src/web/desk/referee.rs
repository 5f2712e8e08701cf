//! `/desk/referee/{t}`: the referee's tablet, touch first (portrait 800×1280, big targets). Every table of the
//! current round as a card with its state (playing, late, result in, no-show, disputed), the forfeit clock, and
//! the referee's actions: no-show (tap the absent player: the opponent wins by forfeit), both absent, late start
//! with minutes, dispute with a note / settle, who had Black at a nigiri table (one button per player, again to
//! correct it until the round closes), and a player who leaves or returns (withdraw / reinstate). Each
//! action is one small POST form (CSRF, request id) → one command through the writer as this tablet's terminal →
//! 303 back to the card.
//!
//! Reads the applied state and the wall clock (for the forfeit clock only). `action`: what a form asks for and the
//! command it becomes; `card`: the markup of the cards, the clock and the withdrawn players.

mod action;
mod card;

use super::results::{self, parse_round, shown_round};
use super::session::Desk;
use super::{FormIds, Web};
use crate::app::roster::Roster;
use crate::app::Kind;
use crate::auth::Action;
use crate::domain::round::{GameRecord, RoundState};
use crate::domain::timetable;
use crate::domain::{EntryStatus, ParticipantId, State, TournamentId};
use crate::tr;
use crate::web::board::roster;
use crate::web::board::InTournament;
use crate::web::desk::{slot_in, SLOT};
use crate::web::lenient::Lenient;
use crate::web::topics::Topic;
use crate::web::WebError;
use axum::extract::State as Shared;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Form, Router};
use maud::{html, Markup};
use serde::Deserialize;
use std::sync::Arc;

use action::command_in;
pub use action::{read_form, read_form_in, Act, Request};
pub use card::{table_state, Clock, TableState};

/// The routes of this page.
pub fn routes() -> Router<Arc<Web>> {
    Router::new().route("/desk/referee/{t}", get(page).post(act))
}

/// `?round=N` (another round), `?table=N` (one card only), `?done=…` (after an action).
#[derive(Debug, Default, Deserialize)]
pub struct RefereeQuery {
    round: Option<String>,
    table: Option<String>,
    done: Option<String>,
}

/// What the page shows above the cards, and what a refused form held.
#[derive(Debug, Default)]
struct Notice {
    done: Option<String>,
    error: Option<String>,
    /// Show only this table's card.
    only: Option<u32>,
    /// The refused form's table, minutes and note (typed again into that card's forms).
    table: Option<u32>,
    minutes: String,
    note: String,
}

/// The topics the page follows: round changes and reports, and players leaving or returning.
fn topics(t: TournamentId) -> [Topic; 2] {
    [Topic::Rounds(t), Topic::Players(t)]
}

/// `GET /desk/referee/{t}`.
async fn page(
    Shared(web): Shared<Arc<Web>>,
    desk: Desk,
    InTournament(t): InTournament,
    Lenient(q): Lenient<RefereeQuery>,
) -> Response {
    let (round, only) = match (
        parse_round(desk.lang, q.round.as_deref()),
        parse_round(desk.lang, q.table.as_deref()),
    ) {
        (Ok(round), Ok(only)) => (round, only),
        (Err(e), _) => return e.into_response(),
        (_, Err(_)) => {
            return WebError::bad_request(desk.lang.t("referee-table-number"))
                .in_lang(desk.lang)
                .into_response()
        }
    };
    let notice = Notice {
        done: q.done,
        only,
        ..Notice::default()
    };
    let now = crate::now_ms();
    web.desk_page(&desk, Action::Referee, &topics(t), |state| {
        render(state, t, round, &desk, &notice, now)
    })
}

/// Every referee form's fields, as text (each action reads the ones it needs).
#[derive(Debug, Default, Deserialize)]
pub struct RefereeForm {
    #[serde(default)]
    csrf: String,
    #[serde(default)]
    request_id: String,
    #[serde(default)]
    action: String,
    #[serde(default)]
    round: String,
    /// "1" when the page was opened for a chosen round.
    #[serde(default)]
    pinned: String,
    #[serde(default)]
    table: String,
    /// The player's number on the sheets (or `P12` before numbering).
    #[serde(default)]
    player: String,
    #[serde(default)]
    minutes: String,
    #[serde(default)]
    note: String,
    /// The card a leaves/returns button sits on (the answer comes back to it).
    #[serde(default)]
    table_anchor: String,
}

/// `POST /desk/referee/{t}`: one action, then back to its card (303) with what was done.
async fn act(
    Shared(web): Shared<Arc<Web>>,
    desk: Desk,
    InTournament(t): InTournament,
    Form(form): Form<RefereeForm>,
) -> Response {
    let pinned = form.pinned == "1";
    let shown = form.round.trim().parse::<u32>().ok().filter(|_| pinned);
    let refused = |status: StatusCode, message: String| {
        let notice = Notice {
            error: Some(message),
            table: form.table.trim().parse().ok(),
            minutes: form.minutes.clone(),
            note: form.note.clone(),
            ..Notice::default()
        };
        let now = crate::now_ms();
        let mut response = web.desk_page(&desk, Action::Referee, &topics(t), |state| {
            render(state, t, shown, &desk, &notice, now)
        });
        if response.status() == StatusCode::OK {
            *response.status_mut() = status;
        }
        response
    };
    let req = match read_form_in(
        desk.lang,
        &form.action,
        &form.round,
        &form.table,
        &form.player,
        &form.minutes,
        &form.note,
    ) {
        Ok(req) => req,
        Err(problem) => return refused(StatusCode::BAD_REQUEST, problem),
    };
    let planned = match web.core.read(|s| {
        Roster::new(s, t)
            .map_err(|e| crate::web::error::rejected_words(desk.lang, &e))
            .and_then(|roster| command_in(desk.lang, &roster, &req))
    }) {
        Ok(Ok(planned)) => planned,
        Ok(Err(problem)) => return refused(StatusCode::BAD_REQUEST, problem),
        Err(_) => {
            return WebError::unavailable(desk.lang.t("error-busy"))
                .in_lang(desk.lang)
                .into_response()
        }
    };
    let (cmd, target, done) = planned;
    let written = web
        .desk_write(&desk, &form.csrf, &form.request_id, cmd, target)
        .await;
    match written {
        Ok(_) => {
            let shown = shown.map(|n| n.to_string());
            let mut query = vec![("done", done.as_str())];
            query.extend(shown.as_deref().map(|n| ("round", n)));
            let table = Some(req.table)
                .filter(|n| *n > 0)
                .or_else(|| form.table_anchor.trim().parse().ok());
            let anchor = table.map_or_else(String::new, |n| format!("table-{n}"));
            super::back_to(&format!("/desk/referee/{}", t.0), &query, &anchor)
        }
        Err(refusal) if refusal.kind() == Kind::Forbidden => {
            refusal.page(desk.lang).into_response()
        }
        Err(refusal) => {
            let (code, message) = results::refusal(desk.lang, &refusal);
            refused(code, message)
        }
    }
}

fn render(
    state: &State,
    t: TournamentId,
    round: Option<u32>,
    desk: &Desk,
    notice: &Notice,
    now_ms: i64,
) -> Result<(String, Markup), WebError> {
    let roster = roster(state, t)?;
    let l = desk.lang;
    let title = tr!(l, "referee-title", name = roster.name());
    let shown = shown_round(desk.lang, &roster, round)?;
    let ids = FormIds::new();
    let withdrawn = card::withdrawn_section(&roster, shown, desk, &ids);
    let Some(r) = shown else {
        let body = html! {
            (card::style())
            h1 { (l.t("referee-heading")) }
            p #none { (l.t("referee-none-published")) }
            (withdrawn)
        };
        return Ok((title, body));
    };
    let forfeit = roster.tournament.settings.scoring.forfeit_minutes;
    let announced = timetable::planned(&roster.tournament.settings, r.number).map(|start| {
        let words = timetable::words(&roster.tournament.settings, r.number).unwrap_or_default();
        (words, start.epoch_ms(crate::venue_offset_minutes()))
    });
    let clock = Clock::of(r, forfeit, now_ms, announced);
    let mut games: Vec<&GameRecord> = r
        .shown_games()
        .filter(|g| notice.only.is_none_or(|n| g.table == n))
        .collect();
    games.sort_by_key(|g| g.table);
    // The tables that need the referee open the page; the rest follow in table order.
    let (needs, others): (Vec<&GameRecord>, Vec<&GameRecord>) = games
        .into_iter()
        .partition(|g| card::table_state(g).needs_referee());
    let view = card::View {
        roster: &roster,
        round: r,
        desk,
        pinned: round.is_some(),
        clock: clock.clone(),
        refused: notice
            .table
            .map(|table| (table, notice.minutes.as_str(), notice.note.as_str())),
        ids: &ids,
    };
    let body = html! {
        (card::style())
        h1 { (tr!(l, "referee-round-heading", name = roster.name(), round = r.number)) }
        @if let Some(done) = &notice.done { p .done .ok { (done) } }
        @if let Some(error) = &notice.error { p #error .error { (error) } }
        @if r.state == RoundState::Closed {
            p #clock .clock { (tr!(l, "referee-round-closed", round = r.number)) }
        } @else {
            (card::clock_line_in(l, &clock))
        }
        (card::summary_in(l, r))
        (card::find_form_in(l, t, r, notice.only, round.is_some()))
        @if needs.is_empty() && others.is_empty() {
            p .note { (tr!(l, "referee-no-such-table", round = r.number)) }
        }
        div #tables class=[(clock.is_due() && r.state != RoundState::Closed).then_some("forfeit-due")] {
            @if !needs.is_empty() && !others.is_empty() {
                h2 #needs { (tr!(l, "referee-needs", n = needs.len())) }
            }
            @for g in &needs { (view.card(g)) }
            @if !needs.is_empty() && !others.is_empty() {
                h2 #others { (l.t("referee-others")) }
            }
            @for g in &others { (view.card(g)) }
        }
        @if let Some(bye) = r.bye {
            p #bye .note { (slot_in(&tr!(l, "results-bye", player = SLOT),
                crate::web::board::pairings::label(&roster, bye, r.number))) }
        }
        (withdrawn)
    };
    Ok((title, body))
}

/// Is `p` withdrawn from the roster's tournament?
fn is_withdrawn(roster: &Roster, p: ParticipantId) -> bool {
    roster
        .entrants
        .get(&p)
        .is_some_and(|(_, e)| e.status == EntryStatus::Withdrawn)
}
