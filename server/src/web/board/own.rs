//! What a player does for themselves with their personal code (issue 31), on the public board:
//! - the "Report your result" part of their own page and `POST /t/{t}/players/{number}/result`: they choose
//!   "I won" or "I lost" (never a colour), type their code, see "is that right?" and confirm;
//! - `/t/{t}/checkin`: self check-in on a phone or an entrance tablet (`?kiosk=1`: the page returns to an empty
//!   form after each player): the code, then "this is me", then the check-in.
//!
//! The rules are the domain's and the guard against guessing is the core's (`app::players`); this module decodes
//! forms and words the answers. A page that holds a typed code is never cached (`no-store`) and the code is never
//! in an address; a refused code comes back as an empty, focused field with the reason in red.

use super::super::layout::{self, Page};
use super::super::{Web, WebError};
use super::pairings::label;
use super::player::find_player;
use super::{roster, tournament_id, tournament_page, REQUEST_ID_SLOT};
use crate::app::roster::Roster;
use crate::app::{players::Identity, Meta, Refusal};
use crate::domain::code::TypedCode;
use crate::domain::command::PlayerSays;
use crate::domain::round::{GameRecord, RoundRecord, RoundState};
use crate::domain::{Command, EntryStatus, ParticipantId, Rejected, TournamentId};
use axum::extract::rejection::{FormRejection, QueryRejection};
use axum::extract::{ConnectInfo, Form, Path, Query, State as Shared};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Extension;
use maud::{html, Markup};
use serde::Deserialize;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::Arc;

/// The largest form a player sends.
pub const MAX_FORM_BYTES: usize = 4 * 1024;

/// The address a request came from (unspecified when the server was not told: tests without connect info).
fn address(remote: Option<Extension<ConnectInfo<SocketAddr>>>) -> IpAddr {
    remote.map_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED), |c| c.0 .0.ip())
}

/// A page that holds a typed code or a person's own answer: never stored by a browser or a proxy.
fn private(status: StatusCode, page: &Page) -> Response {
    (
        status,
        [(header::CACHE_CONTROL, "no-store")],
        layout::document(page, "", ""),
    )
        .into_response()
}

/// The refusal as a player reads it.
fn words(refusal: &Refusal) -> String {
    match refusal {
        Refusal::Rejected {
            rejected: Rejected::WrongCode,
            ..
        } => {
            "That is not your personal code. Check it on your player card and type it again.".into()
        }
        Refusal::Rejected {
            rejected: Rejected::RegistrationClosed(_),
            ..
        } => "Registration has closed: please go to the late-arrivals desk.".into(),
        Refusal::Rejected {
            rejected: Rejected::AlreadyCheckedIn { .. },
            ..
        } => "You are already checked in.".into(),
        other => super::super::error::sentence(&other.to_string()) + ".",
    }
}

fn status_of(refusal: &Refusal) -> StatusCode {
    super::super::error::http_status(refusal.kind())
}

// ---------------------------------------------------------------------------------------------------------------
// Reporting a result

/// The game a player may report now: in the latest published (not closed) round that shows them a game without a
/// confirmed result, else the latest such round's game.
pub fn open_game<'r>(
    roster: &'r Roster,
    p: ParticipantId,
) -> Option<(&'r RoundRecord, &'r GameRecord)> {
    let mut open = roster
        .rounds()
        .iter()
        .rev()
        .filter(|r| r.state == RoundState::Published)
        .filter_map(|r| Some((r, r.game_of(p).filter(|g| r.shows(g))?)));
    let first = open.clone().next();
    open.find(|(_, g)| g.confirmed.is_none()).or(first)
}

/// What the report part says above its form.
#[derive(Clone, Copy)]
pub enum ReportView<'a> {
    /// The form, empty.
    Blank,
    /// Just taken.
    Sent,
    /// Refused: why, in red; the code field empty and focused.
    Refused(&'a str),
}

/// The "Report your result" part of a player's page, when the tournament takes players' results and the player
/// has a game in an open round.
pub fn report_part(roster: &Roster, p: ParticipantId, number: &str, view: ReportView) -> Markup {
    let settings = &roster.tournament.settings;
    if !settings.players.report_results {
        return html! {};
    }
    let Some((r, g)) = open_game(roster, p) else {
        return html! {};
    };
    let t = roster.tournament.id;
    let them = if g.white == p { g.black } else { g.white };
    let error = match view {
        ReportView::Refused(e) => Some(e),
        _ => None,
    };
    html! {
        section #report .own {
            h2 { "Report your result" }
            @if matches!(view, ReportView::Sent) {
                p .done #report-sent role="status" { "Thank you: your result is in." }
            }
            p .note #report-state { (state_words(g)) }
            @if let Some(error) = error {
                p .error #report-error role="alert" { (error) }
            }
            @if g.confirmed.is_none() {
                form .slip .own method="post" action=(format!("/t/{}/players/{number}/result", t.0)) {
                    input type="hidden" name="request_id" value=(REQUEST_ID_SLOT);
                    input type="hidden" name="round" value=(r.number);
                    input type="hidden" name="table" value=(g.table);
                    fieldset .pick {
                        legend { "Round " (r.number) ", table " (g.table) " against " (label(roster, them, r.number)) }
                        label .pick { input type="radio" name="says" value="won" required; "I won" }
                        label .pick { input type="radio" name="says" value="lost"; "I lost" }
                        @if settings.komi_half % 2 == 0 {
                            label .pick { input type="radio" name="says" value="jigo"; "Jigo" }
                        }
                    }
                    @if g.colours_open() {
                        fieldset .pick {
                            legend { "Who had Black?" }
                            label .pick { input type="radio" name="black" value="me" required; "I had Black" }
                            label .pick { input type="radio" name="black" value="them"; (roster.full_name(them)) " had Black" }
                        }
                    }
                    (code_field(error.is_some()))
                    button type="submit" { "Check my result" }
                }
            }
        }
    }
}

/// The personal code field: typed, never filled in by the page or remembered by the browser.
fn code_field(focus: bool) -> Markup {
    html! {
        label .code {
            "Your personal code (on your player card)"
            input name="code" autocomplete="off" autocapitalize="characters" spellcheck="false"
                maxlength="20" required autofocus[focus];
        }
    }
}

/// Where the game's result stands, for the players.
fn state_words(g: &GameRecord) -> &'static str {
    if g.confirmed.is_some() {
        return "The result is confirmed. Only the director can change it now: see the referee if it is wrong.";
    }
    if g.mismatched() {
        return "The reports disagree: a results desk or the referee will settle it. Report again if yours was wrong.";
    }
    match g.reports.len() {
        0 => "Nobody has reported this game yet. Your report counts once your opponent's or a results desk's agrees.",
        _ => "One report is in: it counts once a second one agrees (your opponent's, yours, or a results desk's).",
    }
}

/// The result form as sent.
#[derive(Debug, Default, Deserialize)]
pub struct ResultForm {
    #[serde(default)]
    request_id: String,
    #[serde(default)]
    round: String,
    #[serde(default)]
    table: String,
    #[serde(default)]
    says: String,
    #[serde(default)]
    black: String,
    #[serde(default)]
    code: String,
    #[serde(default)]
    confirm: String,
}

/// A result form read against the register.
struct Reading {
    t: TournamentId,
    p: ParticipantId,
    round: u32,
    table: u32,
    says: PlayerSays,
    black: Option<ParticipantId>,
    /// "Round 2, table 5: you, #12 Abe Ken, won against #7 Baker Ann."
    sentence: String,
}

/// `POST /t/{t}/players/{number}/result`: check (show "is that right?"), or report when confirmed.
pub async fn result(
    Shared(web): Shared<Arc<Web>>,
    Path((t, number)): Path<(String, String)>,
    remote: Option<Extension<ConnectInfo<SocketAddr>>>,
    asked: super::Asked,
    form: Result<Form<ResultForm>, FormRejection>,
) -> Response {
    let form = form.map(|f| f.0).unwrap_or_default();
    let from = address(remote);
    let reading = match read_form(&web, &t, &number, &form) {
        Ok(r) => r,
        Err(e) if e.status == StatusCode::BAD_REQUEST => {
            return super::player::refused_report(&web, &asked, &t, &number, &e.message)
        }
        Err(e) => return e.into_response(),
    };
    if let Err(refusal) = web.core.code_is(from, reading.t, reading.p, &form.code) {
        let mut page = super::player::refused_report(&web, &asked, &t, &number, &words(&refusal));
        *page.status_mut() = status_of(&refusal);
        return page;
    }
    if form.confirm != "yes" {
        return check_page(&web, &number, &form, &reading);
    }
    let cmd = Command::PlayerReport {
        tournament: reading.t,
        round: reading.round,
        table: reading.table,
        participant: reading.p,
        says: reading.says,
        black: reading.black,
        code: TypedCode(form.code.clone()),
        via: crate::app::players::via(from),
    };
    let meta = Meta::new(form.request_id.trim(), "");
    match web.core.player_write(from, meta, cmd).await {
        Ok(_) => (
            StatusCode::SEE_OTHER,
            [(
                header::LOCATION,
                format!("/t/{}/players/{number}?result=sent#report", reading.t.0),
            )],
        )
            .into_response(),
        Err(refusal) => {
            let mut page =
                super::player::refused_report(&web, &asked, &t, &number, &words(&refusal));
            *page.status_mut() = status_of(&refusal);
            page
        }
    }
}

/// Reads the form: which game, what the player says, who had Black.
fn read_form(web: &Web, t: &str, number: &str, form: &ResultForm) -> Result<Reading, WebError> {
    let t = tournament_id(t)?;
    let says = match form.says.as_str() {
        "won" => PlayerSays::Won,
        "lost" => PlayerSays::Lost,
        "jigo" => PlayerSays::Jigo,
        _ => return Err(WebError::bad_request("Choose “I won” or “I lost” first.")),
    };
    let (round, table) = match (form.round.trim().parse(), form.table.trim().parse()) {
        (Ok(r), Ok(x)) => (r, x),
        _ => {
            return Err(WebError::bad_request(
                "The form could not be read: open your page again.",
            ))
        }
    };
    web.core
        .read(|state| {
            let roster = roster(state, t)?;
            let p = find_player(&roster, number)?;
            let game = roster
                .rounds()
                .iter()
                .find(|r| r.number == round)
                .and_then(|r| r.game_at(table))
                .filter(|g| g.has(p))
                .ok_or_else(|| {
                    WebError::bad_request("That game is not yours: open your page again.")
                })?;
            let them = if game.white == p {
                game.black
            } else {
                game.white
            };
            let black = match form.black.as_str() {
                "me" => Some(p),
                "them" => Some(them),
                _ if game.colours_open() => {
                    return Err(WebError::bad_request("Say who had Black first."))
                }
                _ => None,
            };
            let how = match says {
                PlayerSays::Won => "won against",
                PlayerSays::Lost => "lost to",
                PlayerSays::Jigo => "drew (jigo) with",
            };
            let colour = match black {
                Some(b) if b == p => ", with Black",
                Some(_) => ", with White",
                None if game.colours_open() => "",
                None => {
                    if game.white == p {
                        ", with White"
                    } else {
                        ", with Black"
                    }
                }
            };
            let sentence = format!(
                "Round {round}, table {table}: you, {}{colour}, {how} {}.",
                crate::domain::lifecycle::label(state, t, p),
                crate::domain::lifecycle::label(state, t, them)
            );
            Ok(Reading {
                t,
                p,
                round,
                table,
                says,
                black,
                sentence,
            })
        })
        .map_err(|_| WebError::unavailable("The server is busy; try again."))?
}

/// "Is that right?": the result in words, and the same form again to confirm. Holds the typed code: no-store.
fn check_page(web: &Web, number: &str, form: &ResultForm, reading: &Reading) -> Response {
    let t = reading.t;
    let page = web.core.read(|state| {
        let roster = roster(state, t)?;
        let body = html! {
            h1 { "Is that right?" }
            p #check .next { (reading.sentence) }
            form .slip .own method="post" action=(format!("/t/{}/players/{number}/result", t.0)) {
                @for (name, value) in [("request_id", &form.request_id), ("round", &form.round),
                    ("table", &form.table), ("says", &form.says), ("black", &form.black), ("code", &form.code)] {
                    input type="hidden" name=(name) value=(value);
                }
                input type="hidden" name="confirm" value="yes";
                button type="submit" autofocus { "Yes, report it" }
            }
            p { a href=(format!("/t/{}/players/{number}#report", t.0)) { "No, change it" } }
        };
        Ok::<_, WebError>(tournament_page(super::super::lang::Lang::En, &roster, None, "Is that right?".into(), body))
    });
    match page {
        Ok(Ok(page)) => private(StatusCode::OK, &page),
        Ok(Err(e)) => e.into_response(),
        Err(_) => WebError::unavailable("The server is busy; try again.").into_response(),
    }
}

// ---------------------------------------------------------------------------------------------------------------
// Self check-in

/// `?kiosk=1`: an entrance tablet, which returns to an empty form after each player.
#[derive(Debug, Default, Deserialize)]
pub struct KioskQuery {
    #[serde(default)]
    kiosk: Option<String>,
}

impl KioskQuery {
    fn on(&self) -> bool {
        self.kiosk.as_deref() == Some("1")
    }
}

/// The check-in form as sent.
#[derive(Debug, Default, Deserialize)]
pub struct CheckInForm {
    #[serde(default)]
    request_id: String,
    #[serde(default)]
    code: String,
    #[serde(default)]
    participant: String,
    #[serde(default)]
    kiosk: String,
}

/// `GET /t/{t}/checkin`: the empty form (or where to go instead when the tournament does not allow it).
pub async fn check_in_page(
    Shared(web): Shared<Arc<Web>>,
    Path(t): Path<String>,
    query: Result<Query<KioskQuery>, QueryRejection>,
) -> Response {
    let kiosk = query.is_ok_and(|q| q.0.on());
    check_in_answer(&web, &t, kiosk, StatusCode::OK, |_| code_step(kiosk, None))
}

/// `POST /t/{t}/checkin`: the code (then "this is me"), or the confirmed check-in.
pub async fn check_in(
    Shared(web): Shared<Arc<Web>>,
    Path(t): Path<String>,
    remote: Option<Extension<ConnectInfo<SocketAddr>>>,
    form: Result<Form<CheckInForm>, FormRejection>,
) -> Response {
    let form = form.map(|f| f.0).unwrap_or_default();
    let kiosk = form.kiosk == "1";
    let from = address(remote);
    let Ok(tid) = tournament_id(&t) else {
        return WebError::bad_request("That address names no tournament.").into_response();
    };
    let who = match web.core.whose_code(from, tid, &form.code) {
        Ok(who) => who,
        Err(refusal) => {
            let why = words(&refusal);
            return check_in_answer(&web, &t, kiosk, status_of(&refusal), |_| {
                code_step(kiosk, Some(&why))
            });
        }
    };
    if form.participant.is_empty() {
        return check_in_answer(&web, &t, kiosk, StatusCode::OK, |_| {
            this_is_me(kiosk, &who, &form.code)
        });
    }
    if form.participant != who.participant.0.to_string() {
        return check_in_answer(&web, &t, kiosk, StatusCode::BAD_REQUEST, |_| {
            code_step(kiosk, Some("Type your code again."))
        });
    }
    let cmd = Command::SelfCheckIn {
        tournament: tid,
        participant: who.participant,
        code: TypedCode(form.code.clone()),
    };
    let meta = Meta::new(form.request_id.trim(), "");
    match web.core.player_write(from, meta, cmd).await {
        Ok(_) => check_in_answer(&web, &t, kiosk, StatusCode::OK, |roster| {
            welcome(roster, kiosk, &who)
        }),
        Err(refusal) => {
            let why = words(&refusal);
            check_in_answer(&web, &t, kiosk, status_of(&refusal), |_| {
                code_step(kiosk, Some(&why))
            })
        }
    }
}

/// A check-in page of tournament `t` (no-store: it may hold the typed code), or where to go instead.
fn check_in_answer(
    web: &Web,
    t: &str,
    kiosk: bool,
    status: StatusCode,
    body: impl FnOnce(&Roster) -> Markup,
) -> Response {
    let page = web.core.read(|state| {
        let t = tournament_id(t)?;
        let roster = roster(state, t)?;
        let open = roster.tournament.settings.players.self_check_in;
        let body = if open {
            body(&roster)
        } else {
            html! {
                p #closed .next { "Players check in at the registration desk for this tournament." }
            }
        };
        let heading = html! { h1 { "Check in: " (roster.name()) } (body) };
        let mut page = tournament_page(
            super::super::lang::Lang::En,
            &roster,
            None,
            "Check in".into(),
            heading,
        );
        if kiosk {
            page.tournament = None;
        }
        Ok::<_, WebError>(page)
    });
    match page {
        Ok(Ok(page)) => private(status, &page),
        Ok(Err(e)) => e.into_response(),
        Err(_) => WebError::unavailable("The server is busy; try again.").into_response(),
    }
}

/// Step 1: the code.
fn code_step(kiosk: bool, error: Option<&str>) -> Markup {
    html! {
        @if let Some(error) = error {
            p .error #check-in-error role="alert" { (error) }
        }
        form .slip .own method="post" {
            input type="hidden" name="request_id" value=(crate::web::desk::request_id());
            input type="hidden" name="kiosk" value=(if kiosk { "1" } else { "" });
            label .code {
                "Your personal code (on your player card)"
                input name="code" autocomplete="off" autocapitalize="characters" spellcheck="false"
                    maxlength="20" required autofocus;
            }
            button type="submit" { "Next" }
        }
    }
}

/// Step 2: "this is me" before anything changes.
fn this_is_me(kiosk: bool, who: &Identity, code: &str) -> Markup {
    let mut about = vec![who.rank.clone()];
    if !who.club.trim().is_empty() {
        about.push(who.club.clone());
    }
    let kiosk_value = if kiosk { "1" } else { "" };
    html! {
        @match who.status {
            EntryStatus::CheckedIn => {
                p .done #check-in-done role="status" { "You are already checked in, " (who.name) "." }
                (next_player(kiosk))
            }
            EntryStatus::Withdrawn => {
                p .error #check-in-error role="alert" { (who.name) ": please see the registration desk." }
                (next_player(kiosk))
            }
            EntryStatus::PreRegistered => {
                p .next #who { strong { (who.name) } br; (about.join(" · ")) }
                form .slip .own method="post" {
                    input type="hidden" name="request_id" value=(crate::web::desk::request_id());
                    input type="hidden" name="kiosk" value=(kiosk_value);
                    input type="hidden" name="code" value=(code);
                    input type="hidden" name="participant" value=(who.participant.0);
                    button type="submit" autofocus { "This is me: check me in" }
                }
                p { a href=(if kiosk { "?kiosk=1" } else { "?" }) { "This is not me" } }
            }
        }
    }
}

/// Step 3: checked in.
fn welcome(roster: &Roster, kiosk: bool, who: &Identity) -> Markup {
    let own = roster
        .number(who.participant)
        .map_or(format!("P{}", who.participant.0), |n| n.to_string());
    html! {
        p .done #check-in-done role="status" { "Welcome, " (who.name) ": you are checked in." }
        @if !kiosk {
            p { a href=(format!("/t/{}/players/{own}", roster.tournament.id.0)) { "Your page: your table appears there when the round is published" } }
        }
        (next_player(kiosk))
    }
}

/// The kiosk's way back to an empty form (after a few seconds by itself).
fn next_player(kiosk: bool) -> Markup {
    html! {
        @if kiosk {
            meta http-equiv="refresh" content="8;url=?kiosk=1";
            p { a .button #next-player href="?kiosk=1" { "Next player" } }
        }
    }
}
