//! `/desk/director/{t}/cards`: the player cards (issue 31) — one card per player with their number, name and
//! personal code, and a QR code that opens their own page on the board — printed and handed out at the desk or
//! put in the players' envelopes; "Make the missing codes" for players registered before codes existed; and
//! `codes.csv` for the organisers' own mailing (number, name, email, code). Director only (the codes are
//! secrets): the page and the file are never cached.
//!
//! Must not touch: how a code is made (the domain's `IssueCodes`), the public board.

use crate::app::roster::Roster;
use crate::app::Target;
use crate::auth::Action;
use crate::board_qr::inline_svg;
use crate::domain::{Command, ParticipantId, TournamentId};
use crate::tr;
use crate::web::board::{roster, tournament_id};
use crate::web::desk::session::Desk;
use crate::web::desk::{request_id, slot_in, Web, SLOT};
use crate::web::lang::Lang;
use crate::web::lenient::Lenient;
use crate::web::topics::Topic;
use crate::web::WebError;
use axum::extract::{Path, State as Shared};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::{get, post};
use axum::{Form, Router};
use maud::{html, Markup, PreEscaped};
use serde::Deserialize;
use std::sync::Arc;

/// The cards' routes.
pub fn routes() -> Router<Arc<Web>> {
    Router::new()
        .route("/desk/director/{t}/cards", get(page))
        .route("/desk/director/{t}/cards/make", post(make))
        .route("/desk/director/{t}/codes.csv", get(csv))
}

/// `?done=…` / `?error=…` after making codes.
#[derive(Debug, Default, Deserialize)]
pub struct Notice {
    done: Option<String>,
    error: Option<String>,
}

/// The players of the tournament in the order of the sheets (numbered first, by number; then by name).
fn players(roster: &Roster) -> Vec<ParticipantId> {
    let mut ids: Vec<ParticipantId> = roster.entrants.keys().copied().collect();
    ids.sort_by_key(|p| (roster.number(*p).unwrap_or(u32::MAX), roster.full_name(*p)));
    ids
}

/// The players with no code yet.
fn missing(roster: &Roster) -> Vec<ParticipantId> {
    players(roster)
        .into_iter()
        .filter(|p| roster.entrants[p].0.code.is_none())
        .collect()
}

/// `GET /desk/director/{t}/cards`.
async fn page(
    Shared(web): Shared<Arc<Web>>,
    desk: Desk,
    Path(t): Path<String>,
    Lenient(notice): Lenient<Notice>,
) -> Response {
    let t = match tournament_id(&t) {
        Ok(t) => t,
        Err(e) => return e.into_response(),
    };
    let board = web.address.board.clone();
    let mut response = web.desk_page(&desk, Action::IssueCodes, &[Topic::Register], |state| {
        let roster = roster(state, t)?;
        let body = render(&roster, &desk, &notice, &board);
        Ok((tr!(desk.lang, "cards-title", name = roster.name()), body))
    });
    no_store(&mut response);
    response
}

fn no_store(response: &mut Response) {
    response.headers_mut().insert(
        header::CACHE_CONTROL,
        header::HeaderValue::from_static("no-store"),
    );
}

fn render(roster: &Roster, desk: &Desk, notice: &Notice, board: &str) -> Markup {
    let t = roster.tournament.id;
    let missing = missing(roster);
    let settings = &roster.tournament.settings.players;
    let l = desk.lang;
    let checkin = html! { code { (board) "/t/" (t.0) "/checkin" } };
    html! {
        h1 #cards-heading { (tr!(l, "cards-heading", name = roster.name())) }
        p .actions .no-print {
            a .big href=(format!("/desk/director/{}", t.0)) { (l.t("desk-back-dashboard")) }
            a .big href=(format!("/desk/director/{}/codes.csv", t.0)) { (l.t("cards-csv")) }
        }
        @if let Some(done) = &notice.done { p .done .ok .no-print role="status" { (done) } }
        @if let Some(error) = &notice.error { p #error .error .no-print role="alert" { (error) } }
        p .note .no-print {
            @if settings.self_check_in { (slot_in(&tr!(l, "cards-note-check-in", url = SLOT), checkin)) }
            @else if settings.report_results { (l.t("cards-note")) }
            @else { (l.t("cards-note-off")) }
        }
        @if !missing.is_empty() {
            form .action .no-print method="post" action=(format!("/desk/director/{}/cards/make", t.0)) {
                input type="hidden" name="csrf" value=(desk.csrf);
                input type="hidden" name="request_id" value=(request_id());
                button .big type="submit" { (tr!(l, "cards-make", n = missing.len())) }
            }
        }
        div .cards {
            @for p in players(roster) {
                (card(l, roster, p, board))
            }
        }
    }
}

/// One player's card.
fn card(l: Lang, roster: &Roster, p: ParticipantId, board: &str) -> Markup {
    let t = roster.tournament.id;
    let (person, _) = roster.entrants[&p];
    let own = roster
        .number(p)
        .map_or(format!("P{}", p.0), |n| n.to_string());
    let url = format!("{board}/t/{}/players/{own}", t.0);
    let qr = inline_svg(&url, "qr qr-small").map(PreEscaped).ok();
    html! {
        div .card data-player=(own) {
            p .card-name { strong { (roster.full_name(p)) } " " (l.rank(person.fields.rank)) }
            p .card-number { @if let Some(n) = roster.number(p) { "#" (n) " · " } (roster.name()) }
            @match &person.code {
                Some(code) => p .card-code { (l.t("cards-your-code")) " " code { (code.grouped()) } },
                None => p .card-code .note { (l.t("cards-no-code")) },
            }
            @if let Some(qr) = qr { (qr) }
            p .card-url .note { (url) }
        }
    }
}

/// The make form.
#[derive(Debug, Default, Deserialize)]
pub struct MakeForm {
    #[serde(default)]
    csrf: String,
    #[serde(default)]
    request_id: String,
}

/// `POST /desk/director/{t}/cards/make`: codes for every player without one.
async fn make(
    Shared(web): Shared<Arc<Web>>,
    desk: Desk,
    Path(t): Path<String>,
    Form(form): Form<MakeForm>,
) -> Response {
    let t = match tournament_id(&t) {
        Ok(t) => t,
        Err(e) => return e.into_response(),
    };
    let back = |key: &str, text: &str| {
        let query = serde_urlencoded::to_string([(key, text)]).unwrap_or_default();
        Redirect::to(&format!("/desk/director/{}/cards?{query}", t.0)).into_response()
    };
    let missing = web
        .core
        .read(|s| roster(s, t).map(|r| missing(&r)))
        .ok()
        .and_then(Result::ok)
        .unwrap_or_default();
    if missing.is_empty() {
        return back("done", &desk.lang.t("cards-every-code"));
    }
    let n = missing.len();
    let cmd = Command::IssueCodes {
        participants: missing,
    };
    match web
        .desk_write(&desk, &form.csrf, &form.request_id, cmd, Target::None)
        .await
    {
        Ok(_) => back("done", &tr!(desk.lang, "cards-made", n = n)),
        Err(refused) => back("error", &refused.message(desk.lang)),
    }
}

/// `GET /desk/director/{t}/codes.csv`: number, name, email and code of every player, for the organisers' own
/// mailing. Director only; never cached.
async fn csv(Shared(web): Shared<Arc<Web>>, desk: Desk, Path(t): Path<String>) -> Response {
    if let Err(refused) = desk.require(Action::IssueCodes) {
        return refused.into_response();
    }
    let t = match tournament_id(&t) {
        Ok(t) => t,
        Err(e) => return e.into_response(),
    };
    let bytes = web.core.read(|s| {
        let roster = roster(s, t)?;
        codes_csv(&roster, t).map_err(|e| WebError::unavailable(e.to_string()))
    });
    match bytes {
        Ok(Ok(body)) => (
            StatusCode::OK,
            [
                (header::CONTENT_TYPE, "text/csv; charset=utf-8"),
                (header::CACHE_CONTROL, "no-store"),
                (
                    header::CONTENT_DISPOSITION,
                    "attachment; filename=\"codes.csv\"",
                ),
            ],
            body,
        )
            .into_response(),
        Ok(Err(e)) => e.into_response(),
        Err(_) => WebError::unavailable(desk.lang.t("dir-busy-retry"))
            .in_lang(desk.lang)
            .into_response(),
    }
}

/// The CSV's bytes.
fn codes_csv(roster: &Roster, t: TournamentId) -> Result<Vec<u8>, ::csv::Error> {
    let mut w = ::csv::Writer::from_writer(Vec::new());
    w.write_record([
        "number",
        "family_name",
        "given_name",
        "email",
        "code",
        "tournament",
    ])?;
    for p in players(roster) {
        let (person, _) = roster.entrants[&p];
        let f = &person.fields;
        w.write_record([
            roster.number(p).map(|n| n.to_string()).unwrap_or_default(),
            f.family_name.clone(),
            f.given_name.clone(),
            f.email.clone(),
            person
                .code
                .as_ref()
                .map(|c| c.grouped())
                .unwrap_or_default(),
            t.0.to_string(),
        ])?;
    }
    w.into_inner().map_err(|e| e.into_error().into())
}
