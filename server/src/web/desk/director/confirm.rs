//! What the director's dashboard asks before an action that cannot be undone (closing registration, opening it
//! again, drawing a round again, publishing, closing a round): the question in the director's words on the button
//! (`data-confirm`, which `assets/desk.js` asks with `confirm()` and then sends `confirmed=yes`), and for a form
//! sent without the answer (a browser without the script), the same question on the dashboard with a "yes" form
//! and a way back. The `_to` forms post elsewhere (the player page's changes). Pure markup and words; the
//! handlers (`director::act`, `player_act::act`) decide when to ask.

use crate::app::roster::Roster;
use crate::domain::EntryStatus;
use crate::domain::TournamentId;
use crate::tr;
use crate::web::desk::request_id;
use crate::web::desk::session::Desk;
use crate::web::lang::Lang;
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
pub(super) fn question(l: Lang, action: &str, roster: &Roster, round: u32) -> Option<String> {
    Some(match action {
        "close-registration" => {
            let count = |status| {
                roster
                    .entrants
                    .values()
                    .filter(|(_, e)| e.status == status)
                    .count()
            };
            tr!(
                l,
                "dir-ask-close-registration",
                name = roster.name(),
                here = count(EntryStatus::CheckedIn),
                expected = count(EntryStatus::PreRegistered)
            )
        }
        "reopen-registration" => tr!(l, "dir-ask-reopen-registration", name = roster.name()),
        "redraw" => tr!(l, "dir-ask-redraw", round = round),
        "redraw-part" => tr!(l, "dir-ask-redraw-part", round = round),
        "publish" if in_parts(roster, round) => tr!(l, "dir-ask-publish-part", round = round),
        "publish" => tr!(l, "dir-ask-publish", round = round),
        "close" => tr!(l, "dir-ask-close", round = round),
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
    let l = desk.lang;
    let yes = l.t(match action {
        "close-registration" => "dir-yes-close-registration",
        "reopen-registration" => "dir-yes-reopen-registration",
        "redraw" | "redraw-part" => "dir-yes-draw-again",
        "publish" => "dir-yes-publish",
        "close" => "dir-yes-close",
        _ => "dir-yes",
    });
    let fields = html! { @if let Some(n) = round { input type="hidden" name="round" value=(n); } };
    let page = format!("/desk/director/{}", t.0);
    let to = format!("{page}/do/{action}");
    confirmation_to(&to, &page, action, fields, &yes, question, desk)
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
                a .big .primary href=(back) { (desk.lang.t("dir-no-go-back")) }
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
