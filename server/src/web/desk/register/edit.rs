//! The edit form's page and its write: `UpdateParticipant` against the revision the page was rendered with. A
//! stale edit shows "changed at desk-2 meanwhile" with both versions side by side (`#stale`) and the form again,
//! holding the current record with the volunteer's own changes re-applied on top.

use super::form::{self, FormView, Typed, Values};
use super::refusal::{form_refusal, problem_box, with_status};
use super::{back, history, private, register_id, search, Mode};
use crate::app::Kind;
use crate::app::Target;
use crate::auth::Action;
use crate::domain::{Command, Participant, ParticipantId, Revision, State};
use crate::tr;
use crate::web::desk::session::Desk;
use crate::web::desk::{request_id, Web};
use crate::web::desk::{slot_in, SLOT};
use crate::web::lang::Lang;
use crate::web::WebError;
use axum::extract::{Path, State as Shared};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Form;
use maud::{html, Markup};
use std::sync::Arc;

/// `GET …/player/{P12}/edit`.
pub(super) async fn edit_page(
    mode: Mode,
    Shared(web): Shared<Arc<Web>>,
    desk: Desk,
    Path(id): Path<String>,
    crate::web::lenient::Lenient(notice): super::pay::Notice,
) -> Response {
    if let Err(refused) = mode.admit(&desk) {
        return refused.into_response();
    }
    let request = request_id();
    let on_fee = notice.on_fee();
    let pay_error = notice.pay_error;
    web.desk_page(&desk, Action::Register, &[], |state| {
        let p = find(state, desk.lang, &id)?;
        let values = Values::of(&p.fields, private(&desk));
        let typed = Typed {
            values: values.clone(),
            was: values,
            revision: p.revision.0,
            // Opened to take a payment: the cursor starts in the fee's amount, so no form field takes it (a name
            // that is none of the form's).
            bad: on_fee.then_some("amount"),
            ..Typed::default()
        };
        let fee = super::pay::takes_payments(&desk).then(|| {
            super::pay::panel(
                state,
                mode,
                &desk,
                p,
                &request_id(),
                pay_error.as_deref(),
                on_fee,
            )
        });
        let (title, body) = edit_body(state, mode, &desk, p, &typed, request, html! {});
        Ok((title, html! { (body) @if let Some(fee) = fee { (fee) } }))
    })
}

fn find<'a>(state: &'a State, l: Lang, id: &str) -> Result<&'a Participant, WebError> {
    register_id(id)
        .and_then(|id| state.participants.get(&id))
        .ok_or_else(|| WebError::not_found(tr!(l, "reg-no-player", id = id)).in_lang(l))
}

fn edit_body(
    state: &State,
    mode: Mode,
    desk: &Desk,
    p: &Participant,
    typed: &Typed,
    request: String,
    above: Markup,
) -> (String, Markup) {
    let l = desk.lang;
    let submit = l.t("reg-save-changes");
    let view = FormView {
        id: "edit",
        action: format!("{}/player/{}/edit", mode.base(), p.id),
        csrf: &desk.csrf,
        request_id: request,
        private: private(desk),
        offers: &[],
        late: false,
        submit: &submit,
        lang: l,
        teams: &crate::app::teams::names(state),
        boards: state
            .tournaments
            .values()
            .any(|t| t.settings.scoring.team_boards > 0),
    };
    let name = search::full_name(p);
    let body = html! {
        h1 { (slot_in(&tr!(l, "reg-edit-heading", label = SLOT, name = &name),
            html! { span .num { (search::label(state, p)) } })) }
        p { a href=(format!("{}?q={}", mode.base(), p.id)) { (l.t("reg-back-unsaved")) } }
        (above)
        (form::render(&view, typed))
        p .note { (l.t("reg-entries")) " "
            @for (t, e) in &p.entries {
                (state.tournaments.get(t).map_or("?", |x| x.settings.name.as_str())) " (" (e.status.as_str()) ") "
            }
        }
    };
    (tr!(l, "reg-edit-title", name = &name), body)
}

/// `POST …/player/{P12}/edit`: saves against the revision the form was rendered with; a stale edit shows both
/// versions and the form again with the volunteer's changes on top of the current record.
pub(super) async fn edit(
    mode: Mode,
    Shared(web): Shared<Arc<Web>>,
    desk: Desk,
    Path(id): Path<String>,
    Form(pairs): Form<Vec<(String, String)>>,
) -> Response {
    let mut typed = Typed::parse(&pairs);
    if let Err(refused) = mode
        .admit(&desk)
        .and_then(|()| desk.check_csrf(&typed.csrf))
    {
        return refused.into_response();
    }
    let l = desk.lang;
    let Some(pid) = register_id(&id) else {
        return WebError::not_found(tr!(l, "reg-no-player", id = &id))
            .in_lang(l)
            .into_response();
    };
    let built = web.core.read(|s| match s.participants.get(&pid) {
        Some(p) => form::to_fields(l, &typed.values, &p.fields, private(&desk)),
        None => Err(form::Problem::from(l.t("reg-gone"))),
    });
    let fields = match built {
        Ok(Ok(fields)) => fields,
        Ok(Err(problem)) => {
            typed.bad = problem.field;
            return edit_again(
                &web,
                mode,
                &desk,
                pid,
                &typed,
                StatusCode::BAD_REQUEST,
                problem_box(&problem.message),
                false,
            );
        }
        Err(_) => {
            return WebError::unavailable(l.t("error-busy"))
                .in_lang(l)
                .into_response()
        }
    };
    let name = format!("{} {}", fields.family_name, fields.given_name);
    let cmd = Command::UpdateParticipant {
        id: pid,
        expected: Revision(typed.revision),
        fields,
        different_person: typed.different_person,
    };
    match web
        .desk_write(
            &desk,
            &typed.csrf,
            &typed.request_id,
            cmd,
            Target::Participant(pid),
        )
        .await
    {
        Ok(_) => back(
            mode,
            &pid.to_string(),
            "done",
            &tr!(l, "reg-saved", name = &name),
        ),
        Err(refused) if refused.kind() == Kind::Stale => {
            stale(&web, mode, &desk, pid, &typed).await
        }
        Err(refused) => {
            let (code, above, fresh) = form_refusal(&web, l, mode, &refused, "edit");
            typed.bad = refused.field().and_then(form::form_field);
            edit_again(&web, mode, &desk, pid, &typed, code, above, fresh)
        }
    }
}

/// The edit form again, filled in as typed (same revision), with what went wrong above it.
#[allow(clippy::too_many_arguments)]
fn edit_again(
    web: &Web,
    mode: Mode,
    desk: &Desk,
    pid: ParticipantId,
    typed: &Typed,
    code: StatusCode,
    above: Markup,
    fresh: bool,
) -> Response {
    let request = if fresh {
        request_id()
    } else {
        typed.request_id.clone()
    };
    let response = web.desk_page(desk, Action::Register, &[], |state| {
        let p = find(state, desk.lang, &pid.to_string())?;
        Ok(edit_body(state, mode, desk, p, typed, request, above))
    });
    with_status(response, code)
}

/// A stale edit (409): "changed at desk-2 meanwhile", both versions side by side (`#stale`), and the form with the
/// volunteer's changes re-applied on top of the current record, at its revision, with a fresh request id.
async fn stale(web: &Web, mode: Mode, desk: &Desk, pid: ParticipantId, typed: &Typed) -> Response {
    let private = private(desk);
    let l = desk.lang;
    let current = web.core.read(|s| {
        s.participants
            .get(&pid)
            .map(|p| (Values::of(&p.fields, private), p.revision, s.last_seq.0))
    });
    let Ok(Some((now, revision, last))) = current else {
        return WebError::not_found(l.t("reg-gone-page"))
            .in_lang(l)
            .into_response();
    };
    let store = web.core.store.clone();
    let who =
        tokio::task::spawn_blocking(move || history::revision_by(&*store, last, pid, revision))
            .await
            .ok()
            .flatten();
    let changed = who.map_or_else(
        || l.t("reg-changed-elsewhere"),
        |c| {
            tr!(
                l,
                "reg-changed-at",
                who = c.who(),
                ago = history::ago(l, crate::now_ms() - c.at_ms)
            )
        },
    );
    let merged = Typed {
        values: form::merge(&typed.values, &typed.was, &now),
        was: now.clone(),
        revision: revision.0,
        different_person: typed.different_person,
        ..Typed::default()
    };
    let panel = html! {
        div #stale .warn role="alert" {
            p { strong { (changed) } " " (l.t("reg-stale-explain")) }
            div .scroll { table .versions {
                thead { tr { th { (l.t("reg-col-field")) } th { (l.t("reg-col-yours")) } th { (l.t("reg-col-current")) } } }
                tbody {
                    @for (name, label) in form::FIELDS {
                        @if private || !form::is_private(name) {
                            @let differs = typed.values.differs(&now, name);
                            tr data-field=(name) class=[differs.then_some("differs")] {
                                td { (l.t(label)) }
                                td .mine { @if differs { strong { (typed.values.get(name)) } } @else { (typed.values.get(name)) } }
                                td .current { @if differs { strong { (now.get(name)) } } @else { (now.get(name)) } }
                            }
                        }
                    }
                }
            } }
        }
    };
    edit_again(
        web,
        mode,
        desk,
        pid,
        &merged,
        StatusCode::CONFLICT,
        panel,
        true,
    )
}
