//! What a refused add or edit form shows above the form again, with the HTTP status: the duplicate guard's
//! existing player and the "this is a different person" box to tick (`#duplicate`), an unavailable server, a
//! closed registration, a message to act on.

use super::{search, Mode};
use crate::app::Kind;
use crate::domain::{Participant, State};
use crate::tr;
use crate::web::desk::Refused;
use crate::web::desk::Web;
use crate::web::desk::{slot_in, SLOT};
use crate::web::error::http_status;
use crate::web::lang::Lang;
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
    l: Lang,
    mode: Mode,
    refused: &Refused,
    form_id: &str,
) -> (StatusCode, Markup, bool) {
    let message = refused.message(l);
    let code = http_status(refused.kind());
    match refused.kind() {
        Kind::Exists => {
            let existing = match refused {
                Refused::Core(refusal) => refusal.duplicate(),
                Refused::Form(_) => None,
            };
            let panel = web
                .core
                .read(|s| {
                    existing
                        .and_then(|id| s.participants.get(&id))
                        .map(|p| duplicate_panel(s, l, mode, p, form_id))
                })
                .ok()
                .flatten()
                .unwrap_or_else(|| problem_box(&message));
            (code, panel, true)
        }
        Kind::Unavailable => (
            code,
            problem_box(&tr!(l, "reg-no-writes-kept", why = &message)),
            false,
        ),
        Kind::Forbidden => (
            code,
            html! {
                p #error .error role="alert" { (slot_in(&tr!(l, "reg-forbidden-late", why = &message, link = SLOT),
                    html! { a href=(Mode::Late.base()) { (l.t("reg-the-late-desk")) } })) }
            },
            false,
        ),
        Kind::Internal => (StatusCode::CONFLICT, problem_box(&message), false),
        _ => (code, problem_box(&message), false),
    }
}

/// `#duplicate`: the player already registered, and the deliberate step that saves the form as a different
/// person: a box to tick (`#different`, `different_person=yes` for the form `form_id`), not a button. The form's
/// own submit button stays its only one, so Enter (its implicit submission) resubmits it as an ordinary save,
/// which the duplicate guard refuses again: a volunteer pressing Enter twice never registers the duplicate.
fn duplicate_panel(state: &State, l: Lang, mode: Mode, p: &Participant, form_id: &str) -> Markup {
    let submit = if form_id == "edit" {
        l.t("reg-save-changes")
    } else {
        l.t("reg-register")
    };
    html! {
        div #duplicate .warn role="alert" {
            p { strong { (l.t("reg-already-registered")) " " }
                span .num { (search::label(state, p)) } " " (search::full_name(p)) ", " (p.fields.rank)
                @if !p.fields.club.is_empty() { ", " (p.fields.club) }
                @if !p.fields.country.is_empty() { ", " (p.fields.country) }
            }
            ul .entries {
                @for (t, e) in &p.entries {
                    li { (state.tournaments.get(t).map_or("?", |x| x.settings.name.as_str())) ": " (e.status.as_str()) }
                }
            }
            p { (slot_in(&tr!(l, "reg-same-person", link = SLOT),
                html! { a href=(format!("{}?q={}", mode.base(), p.id)) { (l.t("reg-find-in-list")) } })) }
            label .confirm {
                input #different type="checkbox" form=(form_id) name="different_person" value="yes";
                " " (tr!(l, "reg-different", label = search::label(state, p), name = search::full_name(p)))
            }
            p .note { (slot_in(&tr!(l, "reg-different-note", button = SLOT), html! { strong { (submit) } })) }
        }
    }
}
