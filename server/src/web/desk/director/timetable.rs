//! The dashboard's timetable: each round's planned start, and a form per round still to be played to move it
//! when the day runs late (`move-start`, the `MoveRoundStart` command): the board, the pairing sheets and the
//! players' pages show the new time at once, and the referee's forfeit clock counts from it. A closed round's
//! start is history and has no form. Pure markup; the words and the rules are the domain's `timetable`.

use super::action_form;
use crate::app::roster::Roster;
use crate::domain::round::RoundState;
use crate::domain::timetable::{self, Start};
use crate::tr;
use crate::web::desk::session::Desk;
use crate::web::lang::Lang;
use maud::{html, Markup};

/// The timetable section (none for an event without rounds).
pub(super) fn section(roster: &Roster, desk: &Desk) -> Markup {
    let settings = &roster.tournament.settings;
    if settings.system.unrounded() {
        return html! {};
    }
    let t = roster.tournament.id;
    let state = |n: u32| roster.rounds().get(n as usize - 1).map(|r| r.state);
    let l = desk.lang;
    html! {
        section #timetable {
            h2 { (l.t("timetable-heading")) }
            p .note { (l.t("timetable-note")) }
            ul .timetable {
                @for n in 1..=settings.rounds {
                    @let planned = timetable::planned(settings, n);
                    li .round-start data-round=(n) {
                        span .what { (tr!(l, "timetable-round", round = n)) " " }
                        strong .when { (planned.as_ref().map_or_else(|| l.t("timetable-not-set"), |s| l.start(s, timetable::several_days(settings)))) }
                        @if state(n) == Some(RoundState::Closed) {
                            " " span .note { (l.t("timetable-closed")) }
                        } @else {
                            (action_form(t, "move-start", desk, fields(l, n, planned), &l.t("timetable-set")))
                        }
                    }
                }
            }
        }
    }
}

/// The round and its new start, offered as planned; a bare "14:30" keeps the round's planned day.
fn fields(l: Lang, n: u32, planned: Option<Start>) -> Markup {
    html! {
        input type="hidden" name="round" value=(n);
        input .start type="text" name="start" required autocomplete="off" value=[planned.map(|s| s.to_string())]
            placeholder=(l.t("timetable-placeholder")) aria-label=(tr!(l, "timetable-starts-at", round = n));
    }
}
