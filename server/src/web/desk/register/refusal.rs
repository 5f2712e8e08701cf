//! What a refused add or edit form shows above the form again, with the HTTP status: the duplicate guard's
//! existing player and the "this is a different person" box to tick (`#duplicate`), an unavailable server, a
//! closed registration, a message to act on.

use super::{search, Mode};
use crate::app::Kind;
use crate::domain::{Participant, State};
use crate::web::desk::Refused;
use crate::web::desk::Web;
use crate::web::error::http_status;
use axum::http::StatusCode;
use axum::response::Response;
use maud::{html, Markup};

/// A rendered form page with the refusal's status (an error page keeps its own).
pub(super) fn with_status(mut response: Response, code: StatusCode) -> Response {
    if response.status() == StatusCode::OK {
        *response.status_mut() = code;
    }
    response
}

pub(super) fn problem_box(problem: &str) -> Markup {
    html! { p #error .error role="alert" { (problem) } }
}

/// What a refused add or edit shows above the form again: the status, the panel, and whether the form needs a
/// fresh request id (a new decision: the duplicate confirm; otherwise the same id, so a write that did happen
/// behind an unavailable answer is not made twice).
pub(super) fn form_refusal(
    web: &Web,
    mode: Mode,
    refused: &Refused,
    form_id: &str,
) -> (StatusCode, Markup, bool) {
    let message = refused.message();
    let code = http_status(refused.kind());
    match refused.kind() {
        Kind::Exists => {
            let existing = match refused {
                Refused::Core(refusal) => refusal.duplicate(),
                Refused::Form(_) => None,
            };
            let panel = web
                .core
                .read(|s| existing.and_then(|id| s.participants.get(&id)).map(|p| duplicate_panel(s, mode, p, form_id)))
                .ok()
                .flatten()
                .unwrap_or_else(|| problem_box(&message));
            (code, panel, true)
        }
        Kind::Unavailable => (
            code,
            problem_box(&format!(
                "The server cannot take writes; {message}. Nothing is lost: press the button again in a moment."
            )),
            false,
        ),
        Kind::Forbidden => (code, html! {
            p #error .error role="alert" { (message) " — "
                a href=(Mode::Late.base()) { "the late desk" } " can register them." }
        }, false),
        Kind::Internal => (StatusCode::CONFLICT, problem_box(&message), false),
        _ => (code, problem_box(&message), false),
    }
}

/// `#duplicate`: the player already registered, and the deliberate step that saves the form as a different
/// person: a box to tick (`#different`, `different_person=yes` for the form `form_id`), not a button. The form's
/// own submit button stays its only one, so Enter (its implicit submission) resubmits it as an ordinary save,
/// which the duplicate guard refuses again: a volunteer pressing Enter twice never registers the duplicate.
fn duplicate_panel(state: &State, mode: Mode, p: &Participant, form_id: &str) -> Markup {
    let submit = if form_id == "edit" {
        "Save changes"
    } else {
        "Register"
    };
    html! {
        div #duplicate .warn role="alert" {
            p { strong { "Already registered: " }
                span .num { (search::label(state, p)) } " " (search::full_name(p)) ", " (p.fields.rank)
                @if !p.fields.club.is_empty() { ", " (p.fields.club) }
                @if !p.fields.country.is_empty() { ", " (p.fields.country) }
            }
            ul .entries {
                @for (t, e) in &p.entries {
                    li { (state.tournaments.get(t).map_or("?", |x| x.settings.name.as_str())) ": " (e.status.as_str()) }
                }
            }
            p { "If this is the same person, do not register them again: "
                a href=(format!("{}?q={}", mode.base(), p.id)) { "find them in the list" } "." }
            label .confirm {
                input #different type="checkbox" form=(form_id) name="different_person" value="yes";
                " I asked: this is a different person, not " (search::label(state, p)) " " (search::full_name(p)) "."
            }
            p .note { "If it is someone else: ask them, tick the box, then press " strong { (submit) } " again." }
        }
    }
}
