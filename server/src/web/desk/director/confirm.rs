//! What the director's dashboard asks before an action that cannot be undone (closing registration, opening it
//! again, drawing a round again, publishing, closing a round): the question in the director's words on the button
//! (`data-confirm`, which `assets/desk.js` asks with `confirm()` and then sends `confirmed=yes`), and for a form
//! sent without the answer (a browser without the script), the same question on the dashboard with a "yes" form
//! and a way back. The `_to` forms post elsewhere (the player page's changes). Pure markup and words; the
//! handlers (`director::act`, `player_act::act`) decide when to ask.

use crate::app::roster::Roster;
use crate::domain::EntryStatus;
use crate::domain::TournamentId;
use crate::web::desk::request_id;
use crate::web::desk::session::Desk;
use maud::{html, Markup};

/// Does `action` (a dashboard form's) ask first? The others can be undone or corrected: a first draw (drawn
/// again), an edit, a result (settled again), a slip.
pub(super) fn asks_first(action: &str) -> bool {
    matches!(
        action,
        "close-registration"
            | "reopen-registration"
            | "redraw"
            | "redraw-part"
            | "publish"
            | "close"
    )
}

/// The form of an action that cannot be undone: the button asks `question` first (`assets/desk.js`, which then
/// sends `confirmed=yes`); without the script the server asks on the dashboard instead ([`confirmation`]).
pub(super) fn irreversible_form(
    t: TournamentId,
    action: &str,
    desk: &Desk,
    fields: Markup,
    button: &str,
    question: &str,
) -> Markup {
    let to = format!("/desk/director/{}/do/{action}", t.0);
    irreversible_form_to(&to, action, desk, fields, button, question)
}

/// [`irreversible_form`] posting to `to` (another page's action, e.g. the player page's).
pub(super) fn irreversible_form_to(
    to: &str,
    action: &str,
    desk: &Desk,
    fields: Markup,
    button: &str,
    question: &str,
) -> Markup {
    html! {
        form .action method="post" action=(to) data-action=(action) {
            input type="hidden" name="csrf" value=(desk.csrf);
            input type="hidden" name="request_id" value=(request_id());
            input type="hidden" name="confirmed" value="";
            (fields)
            button .big type="submit" data-confirm=(question) { (button) }
        }
    }
}

/// The question an irreversible action asks, in the director's words; `None` for the actions that do not ask
/// ([`asks_first`]).
pub(super) fn question(action: &str, roster: &Roster, round: u32) -> Option<String> {
    Some(match action {
        "close-registration" => {
            let count = |status| roster.entrants.values().filter(|(_, e)| e.status == status).count();
            let here = count(EntryStatus::CheckedIn);
            let expected = match count(EntryStatus::PreRegistered) {
                0 => String::new(),
                1 => " and the 1 player expected but not checked in (numbered too, so a latecomer keeps a \
                      number; paired only once a desk checks them in)"
                    .to_string(),
                n => format!(
                    " and the {n} players expected but not checked in (numbered too, so a latecomer keeps a \
                     number; paired only once a desk checks them in)"
                ),
            };
            format!(
                "Close registration for {}? The {here} checked-in players{expected} are numbered by strength; \
                 from then on only the late desk registers newcomers.",
                roster.name()
            )
        }
        "reopen-registration" => format!(
            "Open registration for {} again? The registration desks can register and check in players again; \
             close it before drawing round 1 (the field is numbered again then).",
            roster.name()
        ),
        "redraw" => format!(
            "Draw round {round} again? This pairing, and every change made to it by hand, is replaced by a new draw."
        ),
        "redraw-part" => format!(
            "Draw the waiting part of round {round} again? Its pairing, and every change made to it by hand, is \
             replaced by a new draw of the same groups; the parts already published stay."
        ),
        "publish" if in_parts(roster, round) => format!(
            "Publish this part of round {round}? Its pairings appear on the board and the players' phones at once; \
             a published part cannot be drawn again. The players still without a game are drawn in a later part."
        ),
        "publish" => format!(
            "Publish round {round}? The pairings appear on the board and the players' phones at once; a published \
             round cannot be drawn again."
        ),
        "close" => format!(
            "Close round {round}? Its results become final for the standings and the next draw; only the \
             director can change one afterwards."
        ),
        _ => return None,
    })
}

/// Is round `round` drawn in parts?
fn in_parts(roster: &Roster, round: u32) -> bool {
    roster
        .play
        .and_then(|pl| pl.round(round))
        .is_some_and(crate::domain::round::RoundRecord::in_parts)
}

/// `#confirm`: the question of an irreversible action sent without its confirmation, with the action's form
/// again (confirmed) and a way back that changes nothing.
pub(super) fn confirmation(
    t: TournamentId,
    action: &str,
    round: Option<u32>,
    question: &str,
    desk: &Desk,
) -> Markup {
    let yes = match action {
        "close-registration" => "Yes, close registration",
        "reopen-registration" => "Yes, open registration again",
        "redraw" | "redraw-part" => "Yes, draw again",
        "publish" => "Yes, publish",
        "close" => "Yes, close the round",
        _ => "Yes",
    };
    let fields = html! { @if let Some(n) = round { input type="hidden" name="round" value=(n); } };
    let page = format!("/desk/director/{}", t.0);
    let to = format!("{page}/do/{action}");
    confirmation_to(&to, &page, action, fields, yes, question, desk)
}

/// [`confirmation`] of a form posting to `to` with `fields`; "No" goes back to `back`.
pub(super) fn confirmation_to(
    to: &str,
    back: &str,
    action: &str,
    fields: Markup,
    yes: &str,
    question: &str,
    desk: &Desk,
) -> Markup {
    html! {
        section #confirm .warn role="alert" {
            p { strong { (question) } }
            div .actions {
                form .action method="post" action=(to) data-action=(format!("{action}-confirmed")) {
                    input type="hidden" name="csrf" value=(desk.csrf);
                    input type="hidden" name="request_id" value=(request_id());
                    input type="hidden" name="confirmed" value="yes";
                    (fields)
                    button .big type="submit" { (yes) }
                }
                a .big .primary href=(back) { "No, go back" }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_what_cannot_be_undone_asks_first() {
        for action in [
            "close-registration",
            "reopen-registration",
            "redraw",
            "publish",
            "close",
        ] {
            assert!(asks_first(action), "{action}");
        }
        for action in ["draw", "edit", "result", "slip", "nonsense"] {
            assert!(!asks_first(action), "{action}");
        }
    }
}
