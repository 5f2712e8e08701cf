//! A desk's "Undo" for the registration it has just made: shown beside the confirmation for the rest of the
//! minute (`assets/desk.js` hides it when the time is up), and its write, `UndoRegistration` through the core.
//! Whether the undo is allowed (this desk, within the minute by the log's times, not yet numbered, paired or on
//! a slip) is the domain's; the page's own check only decides whether to show the button.

use super::{back, refusal_page, Mode};
use crate::app::Target;
use crate::domain::decide::UNDO_WINDOW_MS;
use crate::domain::{Command, ParticipantId, State};
use crate::tr;
use crate::web::desk::session::Desk;
use crate::web::desk::{request_id, Web};
use axum::extract::State as Shared;
use axum::response::{IntoResponse, Response};
use axum::Form;
use maud::{html, Markup};
use serde::Deserialize;
use std::sync::Arc;

/// Back to the desk's page after registering `id`: the confirmation, and the undo offer with it.
pub(super) fn registered(
    mode: Mode,
    q: &str,
    message: &str,
    id: Option<ParticipantId>,
) -> Response {
    let Some(id) = id else {
        return back(mode, q, "done", message);
    };
    let undo = id.to_string();
    super::super::back_to(
        mode.base(),
        &[("q", q), ("done", message), ("undo", &undo)],
        "",
    )
}

/// The milliseconds left to undo `id` at this desk at `now_ms`, if any: registered here, not longer than a minute
/// ago.
pub fn time_left(
    state: &State,
    desk_terminal: &str,
    id: ParticipantId,
    now_ms: i64,
) -> Option<i64> {
    let p = state.participants.get(&id)?;
    if p.registered_by.as_deref() != Some(desk_terminal) {
        return None;
    }
    let left = UNDO_WINDOW_MS - (now_ms - p.registered_at_ms);
    (left > 0).then_some(left)
}

/// The "Undo" button for `undo` (`?undo=P25`), while this desk may still use it.
pub(super) fn offer(state: &State, mode: Mode, desk: &Desk, undo: Option<&str>) -> Markup {
    let Some(id) = undo.and_then(super::register_id) else {
        return html! {};
    };
    let Some(left) = time_left(state, &desk.caller.terminal, id, crate::now_ms()) else {
        return html! {};
    };
    let name = state
        .participants
        .get(&id)
        .map(super::search::full_name)
        .unwrap_or_default();
    let l = desk.lang;
    html! {
        form #undo .inline method="post" action=(format!("{}/undo", mode.base())) data-expires-in=(left) {
            input type="hidden" name="csrf" value=(desk.csrf);
            input type="hidden" name="request_id" value=(request_id());
            input type="hidden" name="id" value=(id);
            button .big type="submit" { (l.t("reg-undo")) }
            span .note { " " (tr!(l, "reg-undo-note", name = &name)) }
        }
    }
}

/// The undo button's form.
#[derive(Debug, Default, Deserialize)]
pub struct UndoForm {
    #[serde(default)]
    csrf: String,
    #[serde(default)]
    request_id: String,
    #[serde(default)]
    id: String,
}

/// `POST …/undo`: takes the desk's registration back, or says in red why it cannot.
pub(super) async fn undo(
    mode: Mode,
    Shared(web): Shared<Arc<Web>>,
    desk: Desk,
    Form(f): Form<UndoForm>,
) -> Response {
    if let Err(refused) = mode.admit(&desk).and_then(|()| desk.check_csrf(&f.csrf)) {
        return refused.into_response();
    }
    let l = desk.lang;
    let Some(id) = super::register_id(&f.id) else {
        return back(mode, "", "error", &l.t("reg-no-player-button"));
    };
    let name = web
        .core
        .read(|s| s.participants.get(&id).map(super::search::full_name))
        .ok()
        .flatten()
        .unwrap_or_else(|| id.to_string());
    let cmd = Command::UndoRegistration { id };
    match web
        .desk_write(&desk, &f.csrf, &f.request_id, cmd, Target::Participant(id))
        .await
    {
        Ok(_) => back(mode, "", "done", &tr!(l, "reg-undone", name = &name)),
        Err(refused) => refusal_page(mode, l, &refused),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::{Participant, ParticipantFields, Revision};
    use std::collections::BTreeMap;

    #[test]
    fn the_button_shows_at_the_registering_desk_for_the_rest_of_the_minute() {
        let mut s = State::default();
        s.participants.insert(
            ParticipantId(1),
            Participant {
                id: ParticipantId(1),
                revision: Revision(1),
                fields: ParticipantFields::sample("Abe", "Ken", "Oslo"),
                entries: BTreeMap::new(),
                registered_at_ms: 100_000,
                registered_by: Some("desk-a".into()),
                payments: Vec::new(),
                code: None,
            },
        );
        let id = ParticipantId(1);
        assert_eq!(time_left(&s, "desk-a", id, 130_000), Some(30_000));
        assert_eq!(time_left(&s, "desk-b", id, 130_000), None);
        assert_eq!(time_left(&s, "desk-a", id, 160_000), None);
        assert_eq!(time_left(&s, "desk-a", ParticipantId(2), 130_000), None);
    }
}
