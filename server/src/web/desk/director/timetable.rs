//! The dashboard's timetable: each round's planned start, and a form per round still to be played to move it
//! when the day runs late (`move-start`, the `MoveRoundStart` command): the board, the pairing sheets and the
//! players' pages show the new time at once, and the referee's forfeit clock counts from it. A closed round's
//! start is history and has no form. Pure markup; the words and the rules are the domain's `timetable`.

use super::action_form;
use crate::app::roster::Roster;
use crate::domain::round::RoundState;
use crate::domain::timetable::{self, Start};
use crate::web::desk::session::Desk;
use maud::{html, Markup};

/// The timetable section (none for an event without rounds).
pub(super) fn section(roster: &Roster, desk: &Desk) -> Markup {
    let settings = &roster.tournament.settings;
    if settings.system.unrounded() {
        return html! {};
    }
    let t = roster.tournament.id;
    let state = |n: u32| roster.rounds().get(n as usize - 1).map(|r| r.state);
    html! {
        section #timetable {
            h2 { "Timetable" }
            p .note { "When each round starts, as the board, the pairing sheets and the players' phones show it; the referee's forfeit clock counts from it. Move a round here when the day runs late." }
            ul .timetable {
                @for n in 1..=settings.rounds {
                    @let planned = timetable::planned(settings, n);
                    li .round-start data-round=(n) {
                        span .what { "Round " (n) ": " }
                        strong .when { (timetable::words(settings, n).unwrap_or_else(|| "not set".into())) }
                        @if state(n) == Some(RoundState::Closed) {
                            " " span .note { "(closed)" }
                        } @else {
                            (action_form(t, "move-start", desk, fields(n, planned), "Set"))
                        }
                    }
                }
            }
        }
    }
}

/// The round and its new start, offered as planned; a bare "14:30" keeps the round's planned day.
fn fields(n: u32, planned: Option<Start>) -> Markup {
    html! {
        input type="hidden" name="round" value=(n);
        input .start type="text" name="start" required autocomplete="off" value=[planned.map(|s| s.to_string())]
            placeholder="14:30, or 2026-11-28 14:30" aria-label=(format!("Round {n} starts at"));
    }
}
