//! What a player does for themselves with their personal code (issue 31), on the public board:
//! - the "Report your result" part of their own page and `POST /t/{t}/players/{number}/result`: they choose
//!   "I won" or "I lost" (never a colour), type their code, see "is that right?" and confirm;
//! - `/t/{t}/checkin`: self check-in on a phone or an entrance tablet (`?kiosk=1`: the page returns to an empty
//!   form after each player): the code, then "this is me", then the check-in.
//!
//! The rules are the domain's and the guard against guessing is the core's (`app::players`); this module decodes
//! forms and words the answers. A page that holds a typed code is never cached (`no-store`) and the code is never
//! in an address; a refused code comes back as an empty, focused field with the reason in red.

use super::super::lang::Lang;
use super::super::layout::{self, Page};
use super::super::{Web, WebError};
use super::pairings::label_in;
use super::player::find_player;
use super::{roster_in, tournament_id, tournament_page, REQUEST_ID_SLOT};
use crate::app::roster::Roster;
use crate::app::{players::Identity, Meta, Refusal};
use crate::domain::code::TypedCode;
use crate::domain::command::PlayerSays;
use crate::domain::round::{GameRecord, RoundRecord, RoundState};
use crate::domain::{Command, EntryStatus, ParticipantId, PlayerRefused, Rejected, TournamentId};
use crate::lang::{slot_in, slots_in, SLOT, SLOTS};
use crate::tr;
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

/// The refusal as a player reads it, in their language. A refusal the player's pages do not expect keeps the
/// core's English words after a sentence in the player's language, for the desk to read.
fn words(l: Lang, refusal: &Refusal) -> String {
    let Refusal::Rejected { rejected, .. } = refusal else {
        return match refusal {
            Refusal::Throttled(_) => {
                tr!(
                    l,
                    "own-throttled",
                    minutes = crate::app::players::WINDOW.as_secs() / 60
                )
            }
            other => tr!(
                l,
                "own-refused",
                why = super::super::error::sentence(&other.to_string())
            ),
        };
    };
    match rejected {
        Rejected::WrongCode => l.t("own-wrong-code"),
        Rejected::RegistrationClosed(_) => l.t("own-registration-closed"),
        Rejected::AlreadyCheckedIn { .. } => l.t("own-already-checked-in"),
        Rejected::Player(PlayerRefused::CheckInAtDesk) => l.t("own-check-in-at-desk"),
        Rejected::Player(PlayerRefused::ResultsAtDesk) => l.t("own-results-at-desk"),
        Rejected::Player(PlayerRefused::RoundClosed(n)) => tr!(l, "own-round-closed", round = *n),
        Rejected::Player(PlayerRefused::Confirmed { table, .. }) => {
            tr!(l, "own-confirmed", table = *table)
        }
        other => tr!(
            l,
            "own-refused",
            why = super::super::error::sentence(&other.to_string())
        ),
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
    /// Refused: why, in red; the code field empty and focused, the player's choices (`won`, `me`) kept.
    Refused {
        /// Why, in the player's language.
        error: &'a str,
        /// What they said they did (`won`, `lost`, `jigo`).
        says: &'a str,
        /// Who they said had Black (`me`, `them`).
        black: &'a str,
    },
}

/// The "Report your result" part of a player's page, when the tournament takes players' results and the player
/// has a game in an open round.
pub fn report_part(
    l: Lang,
    roster: &Roster,
    p: ParticipantId,
    number: &str,
    view: ReportView,
) -> Markup {
    let settings = &roster.tournament.settings;
    if !settings.players.report_results {
        return html! {};
    }
    let Some((r, g)) = open_game(roster, p) else {
        return html! {};
    };
    let t = roster.tournament.id;
    let them = if g.white == p { g.black } else { g.white };
    let (error, says, black) = match view {
        ReportView::Refused { error, says, black } => (Some(error), says, black),
        _ => (None, "", ""),
    };
    html! {
        section #report .own {
            h2 { (l.t("own-report-heading")) }
            @if matches!(view, ReportView::Sent) {
                p .done #report-sent role="status" { (l.t("own-report-sent")) }
            }
            p .note #report-state { (state_words(l, g)) }
            @if let Some(error) = error {
                p .error #report-error role="alert" { (error) }
            }
            @if g.confirmed.is_none() {
                form .slip .own method="post" action=(format!("/t/{}/players/{number}/result", t.0)) {
                    input type="hidden" name="request_id" value=(REQUEST_ID_SLOT);
                    input type="hidden" name="round" value=(r.number);
                    input type="hidden" name="table" value=(g.table);
                    fieldset .pick {
                        legend { (slot_in(&tr!(l, "own-report-game", round = r.number, table = g.table,
                            opponent = SLOT), label_in(l, roster, them, r.number))) }
                        label .pick { input type="radio" name="says" value="won" checked[says == "won"] required; (l.t("own-i-won")) }
                        label .pick { input type="radio" name="says" value="lost" checked[says == "lost"]; (l.t("own-i-lost")) }
                        @if settings.komi_half % 2 == 0 {
                            label .pick { input type="radio" name="says" value="jigo" checked[says == "jigo"]; (l.t("own-jigo")) }
                        }
                    }
                    @if g.colours_open() {
                        fieldset .pick {
                            legend { (l.t("own-who-had-black")) }
                            label .pick { input type="radio" name="black" value="me" checked[black == "me"] required; (l.t("own-i-had-black")) }
                            label .pick { input type="radio" name="black" value="them" checked[black == "them"]; (tr!(l, "own-they-had-black", name = roster.full_name(them))) }
                        }
                    }
                    (code_field(l, error.is_some()))
                    button type="submit" { (l.t("own-check-my-result")) }
                }
            }
        }
    }
}

/// The personal code field: typed, never filled in by the page or remembered by the browser.
fn code_field(l: Lang, focus: bool) -> Markup {
    html! {
        label .code {
            (l.t("own-code-label"))
            input name="code" autocomplete="off" autocapitalize="characters" spellcheck="false"
                maxlength="20" required autofocus[focus];
        }
    }
}

/// Where the game's result stands, for the players.
fn state_words(l: Lang, g: &GameRecord) -> String {
    if g.confirmed.is_some() {
        return l.t("own-state-confirmed");
    }
    if g.mismatched() {
        return l.t("own-state-mismatch");
    }
    match g.reports.len() {
        0 => l.t("own-state-none"),
        _ => l.t("own-state-one"),
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
    pub(super) says: String,
    #[serde(default)]
    pub(super) black: String,
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
    /// "Round 2, table 5: you, #12 Abe Ken, won against #7 Baker Ann." (in the player's language)
    sentence: Markup,
}

/// `POST /t/{t}/players/{number}/result`: check (show "is that right?"), or report when confirmed.
pub async fn result(
    Shared(web): Shared<Arc<Web>>,
    Path((t, number)): Path<(String, String)>,
    remote: Option<Extension<ConnectInfo<SocketAddr>>>,
    asked: super::Asked,
    form: Result<Form<ResultForm>, FormRejection>,
) -> Response {
    let l = asked.lang;
    let form = form.map(|f| f.0).unwrap_or_default();
    let from = address(remote);
    let reading = match read_form(&web, l, &t, &number, &form) {
        Ok(r) => r,
        Err(e) if e.status == StatusCode::BAD_REQUEST => {
            return super::player::refused_report(&web, &asked, &t, &number, &form, &e.message)
        }
        Err(e) => return e.in_lang(l).into_response(),
    };
    if let Err(refusal) = web.core.code_is(from, reading.t, reading.p, &form.code) {
        let mut page =
            super::player::refused_report(&web, &asked, &t, &number, &form, &words(l, &refusal));
        *page.status_mut() = status_of(&refusal);
        return page;
    }
    if form.confirm != "yes" {
        return check_page(&web, l, &number, &form, &reading);
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
            let mut page = super::player::refused_report(
                &web,
                &asked,
                &t,
                &number,
                &form,
                &words(l, &refusal),
            );
            *page.status_mut() = status_of(&refusal);
            page
        }
    }
}

/// Reads the form: which game, what the player says, who had Black.
fn read_form(
    web: &Web,
    l: Lang,
    t: &str,
    number: &str,
    form: &ResultForm,
) -> Result<Reading, WebError> {
    let t = tournament_id(t)?;
    let says = match form.says.as_str() {
        "won" => PlayerSays::Won,
        "lost" => PlayerSays::Lost,
        "jigo" => PlayerSays::Jigo,
        _ => return Err(WebError::bad_request(l.t("own-choose-first"))),
    };
    let (round, table) = match (form.round.trim().parse(), form.table.trim().parse()) {
        (Ok(r), Ok(x)) => (r, x),
        _ => return Err(WebError::bad_request(l.t("own-form-unreadable"))),
    };
    web.core
        .read(|state| {
            let roster = roster_in(state, l, t)?;
            let p = find_player(l, &roster, number)?;
            let game = roster
                .rounds()
                .iter()
                .find(|r| r.number == round)
                .and_then(|r| r.game_at(table))
                .filter(|g| g.has(p))
                .ok_or_else(|| WebError::bad_request(l.t("own-not-your-game")))?;
            let them = if game.white == p {
                game.black
            } else {
                game.white
            };
            let black = match form.black.as_str() {
                "me" => Some(p),
                "them" => Some(them),
                _ if game.colours_open() => {
                    return Err(WebError::bad_request(l.t("own-say-black-first")))
                }
                _ => None,
            };
            let says_word = match says {
                PlayerSays::Won => "won",
                PlayerSays::Lost => "lost",
                PlayerSays::Jigo => "jigo",
            };
            let colour = match black {
                Some(b) if b == p => "black",
                Some(_) => "white",
                None if game.colours_open() => "open",
                None if game.white == p => "white",
                None => "black",
            };
            let text = tr!(
                l,
                "own-check-sentence",
                round = round,
                table = table,
                me = SLOTS[0],
                colour = colour,
                says = says_word,
                opponent = SLOTS[1]
            );
            let sentence = slots_in(
                &text,
                &[
                    label_in(l, &roster, p, round),
                    label_in(l, &roster, them, round),
                ],
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
        .map_err(|_| WebError::unavailable(l.t("error-busy")))?
}

/// "Is that right?": the result in words, and the same form again to confirm. Holds the typed code: no-store.
fn check_page(web: &Web, l: Lang, number: &str, form: &ResultForm, reading: &Reading) -> Response {
    let t = reading.t;
    let page = web.core.read(|state| {
        let roster = roster_in(state, l, t)?;
        let body = html! {
            h1 { (l.t("own-is-that-right")) }
            p #check .next { (reading.sentence) }
            form .slip .own method="post" action=(format!("/t/{}/players/{number}/result", t.0)) {
                @for (name, value) in [("request_id", &form.request_id), ("round", &form.round),
                    ("table", &form.table), ("says", &form.says), ("black", &form.black), ("code", &form.code)] {
                    input type="hidden" name=(name) value=(value);
                }
                input type="hidden" name="confirm" value="yes";
                button type="submit" autofocus { (l.t("own-yes-report")) }
            }
            p { a href=(format!("/t/{}/players/{number}#report", t.0)) { (l.t("own-no-change")) } }
        };
        let mut page = tournament_page(l, &roster, None, l.t("own-is-that-right"), body);
        page.here = super::player::own_address(t, number);
        Ok::<_, WebError>(page)
    });
    match page {
        Ok(Ok(page)) => private(StatusCode::OK, &page),
        Ok(Err(e)) => e.in_lang(l).into_response(),
        Err(_) => WebError::unavailable(l.t("error-busy"))
            .in_lang(l)
            .into_response(),
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
    l: Lang,
    query: Result<Query<KioskQuery>, QueryRejection>,
) -> Response {
    let kiosk = query.is_ok_and(|q| q.0.on());
    check_in_answer(&web, l, &t, kiosk, StatusCode::OK, |_| {
        code_step(l, kiosk, None)
    })
}

/// `POST /t/{t}/checkin`: the code (then "this is me"), or the confirmed check-in.
pub async fn check_in(
    Shared(web): Shared<Arc<Web>>,
    Path(t): Path<String>,
    remote: Option<Extension<ConnectInfo<SocketAddr>>>,
    l: Lang,
    form: Result<Form<CheckInForm>, FormRejection>,
) -> Response {
    let form = form.map(|f| f.0).unwrap_or_default();
    let kiosk = form.kiosk == "1";
    let from = address(remote);
    let Ok(tid) = tournament_id(&t) else {
        return WebError::bad_request(l.t("own-no-tournament"))
            .in_lang(l)
            .into_response();
    };
    let who = match web.core.whose_code(from, tid, &form.code) {
        Ok(who) => who,
        Err(refusal) => {
            let why = words(l, &refusal);
            return check_in_answer(&web, l, &t, kiosk, status_of(&refusal), |_| {
                code_step(l, kiosk, Some(&why))
            });
        }
    };
    if form.participant.is_empty() {
        return check_in_answer(&web, l, &t, kiosk, StatusCode::OK, |_| {
            this_is_me(l, kiosk, &who, &form.code)
        });
    }
    if form.participant != who.participant.0.to_string() {
        return check_in_answer(&web, l, &t, kiosk, StatusCode::BAD_REQUEST, |_| {
            code_step(l, kiosk, Some(&l.t("own-type-again")))
        });
    }
    let cmd = Command::SelfCheckIn {
        tournament: tid,
        participant: who.participant,
        code: TypedCode(form.code.clone()),
    };
    let meta = Meta::new(form.request_id.trim(), "");
    match web.core.player_write(from, meta, cmd).await {
        Ok(_) => check_in_answer(&web, l, &t, kiosk, StatusCode::OK, |roster| {
            welcome(l, roster, kiosk, &who)
        }),
        Err(refusal) => {
            let why = words(l, &refusal);
            check_in_answer(&web, l, &t, kiosk, status_of(&refusal), |_| {
                code_step(l, kiosk, Some(&why))
            })
        }
    }
}

/// A check-in page of tournament `t` (no-store: it may hold the typed code), or where to go instead.
fn check_in_answer(
    web: &Web,
    l: Lang,
    t: &str,
    kiosk: bool,
    status: StatusCode,
    body: impl FnOnce(&Roster) -> Markup,
) -> Response {
    let page = web.core.read(|state| {
        let t = tournament_id(t)?;
        let roster = roster_in(state, l, t)?;
        let open = roster.tournament.settings.players.self_check_in;
        let body = if open {
            body(&roster)
        } else {
            html! {
                p #closed .next { (l.t("own-check-in-closed")) }
            }
        };
        let heading =
            html! { h1 { (tr!(l, "own-check-in-heading", tournament = roster.name())) } (body) };
        let mut page = tournament_page(l, &roster, None, l.t("own-check-in-title"), heading);
        page.here = format!("/t/{}/checkin{}", t.0, if kiosk { "?kiosk=1" } else { "" });
        if kiosk {
            page.tournament = None;
        }
        Ok::<_, WebError>(page)
    });
    match page {
        Ok(Ok(page)) => private(status, &page),
        Ok(Err(e)) => e.in_lang(l).into_response(),
        Err(_) => WebError::unavailable(l.t("error-busy"))
            .in_lang(l)
            .into_response(),
    }
}

/// Step 1: the code.
fn code_step(l: Lang, kiosk: bool, error: Option<&str>) -> Markup {
    html! {
        @if let Some(error) = error {
            p .error #check-in-error role="alert" { (error) }
        }
        form .slip .own method="post" {
            input type="hidden" name="request_id" value=(crate::web::desk::request_id());
            input type="hidden" name="kiosk" value=(if kiosk { "1" } else { "" });
            label .code {
                (l.t("own-code-label"))
                input name="code" autocomplete="off" autocapitalize="characters" spellcheck="false"
                    maxlength="20" required autofocus;
            }
            button type="submit" { (l.t("own-next")) }
        }
    }
}

/// Step 2: "this is me" before anything changes.
fn this_is_me(l: Lang, kiosk: bool, who: &Identity, code: &str) -> Markup {
    let rank = who.rank.parse::<crate::domain::rank::Rank>();
    let mut about = vec![rank.map_or_else(|_| who.rank.clone(), |r| l.rank(r))];
    if !who.club.trim().is_empty() {
        about.push(who.club.clone());
    }
    let kiosk_value = if kiosk { "1" } else { "" };
    html! {
        @match who.status {
            EntryStatus::CheckedIn => {
                p .done #check-in-done role="status" { (tr!(l, "own-already-in", name = who.name.as_str())) }
                (next_player(l, kiosk))
            }
            EntryStatus::Withdrawn => {
                p .error #check-in-error role="alert" { (tr!(l, "own-see-the-desk", name = who.name.as_str())) }
                (next_player(l, kiosk))
            }
            EntryStatus::PreRegistered => {
                p .next #who { strong { (who.name) } br; (about.join(" · ")) }
                form .slip .own method="post" {
                    input type="hidden" name="request_id" value=(crate::web::desk::request_id());
                    input type="hidden" name="kiosk" value=(kiosk_value);
                    input type="hidden" name="code" value=(code);
                    input type="hidden" name="participant" value=(who.participant.0);
                    button type="submit" autofocus { (l.t("own-this-is-me")) }
                }
                p { a href=(if kiosk { "?kiosk=1" } else { "?" }) { (l.t("own-not-me")) } }
            }
        }
    }
}

/// Step 3: checked in.
fn welcome(l: Lang, roster: &Roster, kiosk: bool, who: &Identity) -> Markup {
    let own = roster
        .number(who.participant)
        .map_or(format!("P{}", who.participant.0), |n| n.to_string());
    html! {
        p .done #check-in-done role="status" { (tr!(l, "own-welcome", name = who.name.as_str())) }
        @if !kiosk {
            p { a href=(format!("/t/{}/players/{own}", roster.tournament.id.0)) { (l.t("own-your-page")) } }
        }
        (next_player(l, kiosk))
    }
}

/// The kiosk's way back to an empty form (after a few seconds by itself).
fn next_player(l: Lang, kiosk: bool) -> Markup {
    html! {
        @if kiosk {
            meta http-equiv="refresh" content="8;url=?kiosk=1";
            p { a .button #next-player href="?kiosk=1" { (l.t("own-next-player")) } }
        }
    }
}
