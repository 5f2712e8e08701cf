//! The director's landing page, `/desk/director`: the event's tournaments with where each stands and a link to
//! every desk page of each, the registration and late desks, and the form for a new tournament (name, system,
//! rounds; every other setting at the system's default, the same defaults the desk program gets, and the new
//! tournament's settings page opens next). A director who signs in before any tournament exists lands here, not
//! on an empty board.
//!
//! - `details`: the event's own details (`/desk/director/event`).
//!
//! Reads the applied state; writes only through the core (`Web::desk_write`), as every desk page does.

mod details;

use super::session::Desk;
use super::{request_id, Web};
use crate::app::{Kind, Target};
use crate::auth::Action;
use crate::domain::round::RoundState;
use crate::domain::TournamentSettings;
use crate::domain::{Command, EntryStatus, PairingSystem, State, Subject, Tournament};
use crate::tr;
use crate::web::desk::{slot_in, SLOT};
use crate::web::lang::Lang;
use crate::web::lenient::Lenient;
use crate::web::topics::Topic;
use axum::extract::State as Shared;
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::{get, post};
use axum::{Form, Router};
use maud::{html, Markup};
use serde::Deserialize;
use std::sync::Arc;

/// Rounds a new tournament is offered with.
const DEFAULT_ROUNDS: u32 = 5;

/// The landing page's routes.
pub fn routes() -> Router<Arc<Web>> {
    Router::new()
        .route("/desk/director", get(page))
        .route("/desk/director/new", post(create))
        .merge(details::routes())
}

/// `?done=…` / `?error=…` after creating, and what was typed when it was refused.
#[derive(Debug, Default, Deserialize)]
pub struct Notice {
    error: Option<String>,
    name: Option<String>,
}

/// `GET /desk/director`.
async fn page(
    Shared(web): Shared<Arc<Web>>,
    desk: Desk,
    Lenient(notice): Lenient<Notice>,
) -> Response {
    let l = desk.lang;
    web.desk_page(&desk, Action::Direct, &[Topic::Home, Topic::Register], |state| {
        let body = html! {
            h1 { @if state.event.name.is_empty() { (l.t("event-heading")) } @else { (state.event.name) } }
            p #event-link { (slot_in(&tr!(l, "event-details-line", link = SLOT),
                html! { a href="/desk/director/event" { (l.t("event-details-link")) } })) }
            @if let Some(error) = &notice.error { p #error .error role="alert" { (error) } }
            (tournaments(l, state))
            (desks(l))
            (new_tournament(&desk, &notice))
        };
        Ok((l.t("event-director"), body))
    })
}

/// Each tournament, one block each (a phone shows it whole): its system and rounds, players, where it stands, and
/// its desk pages.
fn tournaments(l: Lang, state: &State) -> Markup {
    html! {
        section #tournaments {
            h2 { (l.t("event-tournaments")) }
            @if state.tournaments.is_empty() {
                p .note { (l.t("event-no-tournament")) }
            } @else {
                ul .tournaments {
                    @for t in state.tournaments.values() {
                        li .tournament {
                            h3 { a href=(format!("/desk/director/{}", t.id.0)) { (t.settings.name) } }
                            p { (system_text(l, t)) " · " (tr!(l, "event-players", players = players(l, state, t))) " · " (now(l, state, t)) }
                            p .links {
                                a href=(format!("/desk/director/{}", t.id.0)) { (l.t("event-dashboard")) } " · "
                                a href=(format!("/desk/director/{}/import", t.id.0)) { (l.t("event-import")) } " · "
                                a href=(format!("/desk/results/{}", t.id.0)) { (l.t("event-results")) } " · "
                                a href=(format!("/desk/referee/{}", t.id.0)) { (l.t("event-referee")) } " · "
                                a href=(format!("/t/{}/pairings", t.id.0)) { (l.t("event-board")) }
                            }
                        }
                    }
                }
            }
        }
    }
}

/// "McMahon, 5 rounds".
fn system_text(l: Lang, t: &Tournament) -> String {
    let s = &t.settings;
    if s.system.unrounded() {
        system_name_in(l, s.system)
    } else {
        tr!(
            l,
            "event-system-rounds",
            system = system_name_in(l, s.system),
            rounds = s.rounds
        )
    }
}

/// "12 checked in of 40".
fn players(l: Lang, state: &State, t: &Tournament) -> String {
    let entries = state
        .participants
        .values()
        .filter_map(|p| p.entries.get(&t.id));
    let (mut checked_in, mut all) = (0, 0);
    for e in entries.filter(|e| e.status != EntryStatus::Withdrawn) {
        all += 1;
        checked_in += usize::from(e.status == EntryStatus::CheckedIn);
    }
    match all {
        0 => l.t("event-none-yet"),
        _ => tr!(l, "event-checked-in-of", checked_in = checked_in, all = all),
    }
}

/// Where the tournament stands: registration, or the latest round and its state.
fn now(l: Lang, state: &State, t: &Tournament) -> String {
    let latest = state.play.get(&t.id).and_then(|p| p.rounds.last());
    match latest {
        None if t.registration_open => l.t("event-registration-open"),
        None => l.t("event-registration-closed"),
        Some(r) => tr!(
            l,
            "event-round-now",
            round = r.number,
            state = match r.state {
                RoundState::Drawn => "drawn",
                RoundState::Published => "published",
                RoundState::Closed => "closed",
            }
        ),
    }
}

/// The pages every desk opens, for the director to hand out or open themselves.
fn desks(l: Lang) -> Markup {
    html! {
        section #desks {
            h2 { (l.t("event-desks")) }
            p {
                a href="/desk/register" { (l.t("reg-title")) } " · "
                a href="/desk/late" { (l.t("late-title")) } " · "
                a href="/desk/director/ratings" { (l.t("dir-rating-lists")) } " · "
                a href="/" { (l.t("event-public-board")) }
            }
            p { a #terminals-link .big href="/desk/director/terminals" { (l.t("event-terminals")) } }
            p .note { (l.t("event-terminals-note")) }
            p { a #venue-link href="/desk/director/venue" { (l.t("venue-title")) } " — " (l.t("venue-link-note")) }
        }
    }
}

/// The new tournament's form: name, system and rounds, the rest at the system's defaults.
fn new_tournament(desk: &Desk, notice: &Notice) -> Markup {
    let l = desk.lang;
    html! {
        section #new-tournament {
            h2 { (l.t("event-new")) }
            form method="post" action="/desk/director/new" {
                input type="hidden" name="csrf" value=(desk.csrf);
                input type="hidden" name="request_id" value=(request_id());
                p { label { (l.t("settings-name")) " " input #name name="name" required maxlength=(MAX_NAME) value=(notice.name.as_deref().unwrap_or("")); } }
                p .note { (l.t("event-name-note")) }
                p { label { (l.t("settings-system")) " "
                    select #system name="system" {
                        @for system in PairingSystem::ALL {
                            option value=(system.as_str()) selected[system == PairingSystem::McMahon] { (system_name_in(l, system)) }
                        }
                    }
                } }
                p .note { (l.t("event-system-note")) }
                p { label { (l.t("settings-rounds")) " " input #rounds name="rounds" type="number" min="1" max="30" value=(DEFAULT_ROUNDS); } }
                p .note { (l.t("event-defaults-note")) }
                button .big type="submit" { (l.t("event-create")) }
            }
        }
    }
}

/// A system as a director reads it, in language `l`.
pub(crate) fn system_name_in(l: crate::web::lang::Lang, system: PairingSystem) -> String {
    crate::tr!(l, "desk-system", system = system.as_str())
}

/// The new tournament's form, as sent.
#[derive(Debug, Default, Deserialize)]
pub struct NewTournament {
    #[serde(default)]
    csrf: String,
    #[serde(default)]
    request_id: String,
    #[serde(default)]
    name: String,
    #[serde(default)]
    system: String,
    #[serde(default)]
    rounds: String,
}

/// `POST /desk/director/new`: creates the tournament and opens its settings page (every other setting one step
/// away); a refusal comes back above the form with the name as typed.
async fn create(
    Shared(web): Shared<Arc<Web>>,
    desk: Desk,
    Form(form): Form<NewTournament>,
) -> Response {
    let back = |error: &str| Redirect::to(&refused_form(error, &form.name)).into_response();
    let settings = match settings(desk.lang, &form) {
        Ok(settings) => settings,
        Err(problem) => return back(&problem),
    };
    let cmd = Command::CreateTournament {
        settings,
        double_entry_unset: true,
    };
    match web
        .desk_write(&desk, &form.csrf, &form.request_id, cmd, Target::None)
        .await
    {
        Ok(outcome) => match outcome.subject {
            Some(Subject::Tournament(t)) => {
                let done = tr!(desk.lang, "event-created", name = &t.settings.name);
                let settings = format!("/desk/director/{}/settings", t.id.0);
                super::back_to(&settings, &[("done", &done)], "")
            }
            _ => Redirect::to("/desk/director").into_response(),
        },
        Err(refused) if refused.kind() == Kind::Forbidden => {
            refused.page(desk.lang).into_response()
        }
        Err(refused) => back(&refused.message(desk.lang)),
    }
}

/// Where a refused form goes back to: the event page with the reason, and the name as typed unless it is longer
/// than a name may be (a 10 KB value is not echoed into an address, which would overflow it).
fn refused_form(error: &str, name: &str) -> String {
    let name = if name.chars().count() > MAX_NAME {
        ""
    } else {
        name
    };
    super::address(
        "/desk/director",
        &[("error", error), ("name", name)],
        "new-tournament",
    )
}

/// The longest name the form echoes back (its field's own limit).
const MAX_NAME: usize = 100;

/// The settings the form asks for; the rules of a valid tournament are the domain's, checked on the write.
fn settings(l: Lang, form: &NewTournament) -> Result<TournamentSettings, String> {
    let system = PairingSystem::from_name(&form.system).map_err(|r| r.to_string())?;
    // A ladder or self-paired event has no rounds, but the register counts one (every entry plays "round 1"),
    // as the desk program's `--rounds 1` gives it: 0 would be refused as outside 1..20.
    let rounds = if system.unrounded() {
        1
    } else {
        form.rounds
            .trim()
            .parse::<u32>()
            .map_err(|_| tr!(l, "event-rounds-not-number", rounds = form.rounds.trim()))?
    };
    Ok(TournamentSettings::new(&form.name, system, rounds))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn form(name: &str, system: &str, rounds: &str) -> NewTournament {
        NewTournament {
            name: name.into(),
            system: system.into(),
            rounds: rounds.into(),
            ..NewTournament::default()
        }
    }

    #[test]
    fn a_new_tournament_takes_the_systems_defaults() {
        let s = settings(Lang::En, &form(" Main ", "mcmahon", "5")).unwrap();
        assert_eq!(
            (s.name.as_str(), s.rounds, s.system),
            ("Main", 5, PairingSystem::McMahon)
        );
        assert_eq!(s.komi_half, 13);
        let rr = settings(Lang::En, &form("League", "round-robin", "7")).unwrap();
        assert_eq!(rr.scoring.bye_half_points, 0);
        let ladder = settings(Lang::En, &form("Ladder", "ladder", "")).unwrap();
        assert_eq!(ladder.rounds, 1);
        assert_eq!(
            crate::domain::validate::tournament(&ladder),
            Ok(()),
            "a ladder from the form is one the register takes"
        );
    }

    #[test]
    fn a_10_kb_name_is_not_echoed_into_the_address() {
        let long = "x".repeat(10_000);
        let target = refused_form(&format!("name {long} is too long"), &long);
        assert!(target.len() < 1_000, "{} bytes", target.len());
        assert!(refused_form("no", "Spring Open").contains("name=Spring+Open"));
    }

    #[test]
    fn a_bad_form_says_what_is_wrong() {
        assert!(settings(Lang::En, &form("Main", "chess", "5"))
            .unwrap_err()
            .contains("not a pairing system"));
        assert!(settings(Lang::En, &form("Main", "swiss", "five"))
            .unwrap_err()
            .contains("rounds"));
    }
}
