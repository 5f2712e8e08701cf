//! `/desk/director/venue`: the machines of a quorum venue, for the director (issue 30). The list shows each
//! machine's number, address, whether it votes, who leads and how far each is behind; "Add a machine" takes a new
//! number and its address (a learner: it copies the log, serves the board, never takes desk writes); a learner
//! that has caught up can be made a voter; a machine that died can be removed (asks first). Changes are made on the
//! leader: on another machine the page says where to open it.
//!
//! The role rule, the audit line and the Raft work are the core's (`app::venue`); this page decodes and renders.

use super::session::Desk;
use super::{request_id, Web};
use crate::app::{venue, Kind, Meta};
use crate::auth::Action;
use crate::replica::quorum::members::{Change, Members};
use crate::tr;
use crate::web::lang::Lang;
use crate::web::lenient::Lenient;
use axum::extract::{Path, State as Shared};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Form, Router};
use maud::{html, Markup, PreEscaped};
use serde::Deserialize;
use std::sync::Arc;

/// The page's address.
pub const PAGE: &str = "/desk/director/venue";

/// The venue page's routes.
pub fn routes() -> Router<Arc<Web>> {
    Router::new()
        .route(PAGE, get(page))
        .route("/desk/director/venue/add", post(add))
        .route("/desk/director/venue/{id}/promote", post(promote))
        .route("/desk/director/venue/{id}/remove", post(remove))
}

/// `GET /desk/director/venue`.
async fn page(
    Shared(web): Shared<Arc<Web>>,
    desk: Desk,
    Lenient(notice): Lenient<super::ActionNotice>,
) -> Response {
    let l = desk.lang;
    let members = venue::members(&web.core, &desk.caller);
    web.desk_page(&desk, Action::ManageVenue, &[], |_| {
        let body = html! {
            h1 { (l.t("venue-title")) }
            (crate::web::desk::outcome(notice.done.as_ref(), notice.error.as_ref()))
            @match &members {
                Ok(members) => {
                    @if let Some(id) = notice.ask { (confirmation(l, id, &desk)) }
                    (list(l, members, &desk))
                    @if members.here_leads { (add_form(l, &desk, notice.error.is_some())) }
                    p .note { (l.t("venue-note")) }
                }
                Err(refused) if refused.kind() == Kind::Precondition => {
                    p #alone .note { (l.t("venue-alone")) }
                }
                Err(refused) => p #error .error role="alert" { (refused.to_string()) },
            }
            p { a href="/desk/director" { (l.t("terminals-back")) } }
        };
        Ok((l.t("venue-title"), body))
    })
}

/// The machines, one row each, with what may be done to each.
fn list(l: Lang, members: &Members, desk: &Desk) -> Markup {
    let leader_url = members
        .leader
        .and_then(|id| members.members.iter().find(|m| m.id == id))
        .map(|m| m.url.clone());
    html! {
        @if !members.here_leads {
            p #not-leader .warn role="status" {
                @match &leader_url {
                    Some(url) => {
                        (l.t("venue-not-leader")) " "
                        a href=(format!("{}{PAGE}", url.trim_end_matches('/'))) { (url) }
                    }
                    None => (l.t("venue-no-leader")),
                }
            }
        }
        style { (PreEscaped(STYLE)) }
        ul #machines {
            @for m in &members.members {
                li .machine data-machine=(m.id) {
                    p {
                        strong { (tr!(l, "venue-machine", id = m.id)) } " · "
                        // Every machine speaks https: the host and port are what a person compares.
                        code .machine-address { (shown(&m.url)) } " · "
                        (if m.voter { l.t("venue-voter") } else { l.t("venue-learner") })
                        @if m.leader { " · " strong { (l.t("venue-leads")) } }
                        " · "
                        @match m.behind {
                            Some(0) => (l.t("venue-up-to-date")),
                            Some(n) => (tr!(l, "venue-entries-behind", n = n)),
                            None => "–",
                        }
                    }
                    @if members.here_leads && (!m.voter || !m.leader) {
                        div .actions {
                            @if !m.voter {
                                (action_form(desk, &format!("/desk/director/venue/{}/promote", m.id),
                                    &l.t("venue-promote"), None))
                            }
                            @if !m.leader {
                                (action_form(desk, &format!("/desk/director/venue/{}/remove", m.id),
                                    &l.t("venue-remove"), Some(&tr!(l, "venue-remove-question", id = m.id, url = shown(&m.url)))))
                            }
                        }
                    }
                }
            }
        }
    }
}

/// The list's look: one machine per line, its buttons below it.
const STYLE: &str = "#machines{list-style:none;padding:0}#machines .machine{border-top:1px solid #ddd;padding:.5rem 0}\
#machines p{margin:0 0 .4rem}#machines .machine-address{white-space:nowrap}\
#machines .actions form{display:inline-block;margin:0 .5rem .25rem 0}";

/// An address as the page shows it: without `https://`, so it fits a phone's column.
fn shown(url: &str) -> &str {
    url.strip_prefix("https://")
        .unwrap_or(url)
        .trim_end_matches('/')
}

/// A one-button form; `question` makes it ask first (irreversible).
fn action_form(desk: &Desk, to: &str, button: &str, question: Option<&str>) -> Markup {
    html! {
        form .action method="post" action=(to) {
            input type="hidden" name="csrf" value=(desk.csrf);
            input type="hidden" name="request_id" value=(request_id());
            input type="hidden" name="confirmed" value=(if question.is_some() { "" } else { "yes" });
            button type="submit" data-confirm=[question] { (button) }
        }
    }
}

/// The question a removal asks when the browser did not (no script).
fn confirmation(l: Lang, id: u64, desk: &Desk) -> Markup {
    html! {
        section #confirm .warn {
            p { (tr!(l, "venue-remove-question", id = id, url = "")) }
            form method="post" action=(format!("/desk/director/venue/{id}/remove")) {
                input type="hidden" name="csrf" value=(desk.csrf);
                input type="hidden" name="request_id" value=(request_id());
                input type="hidden" name="confirmed" value="yes";
                button .big type="submit" { (l.t("venue-remove")) }
                " "
                a href=(PAGE) { (l.t("venue-keep")) }
            }
        }
    }
}

/// "Add a machine": its number and address.
fn add_form(l: Lang, desk: &Desk, refused: bool) -> Markup {
    html! {
        form #add-machine method="post" action="/desk/director/venue/add" autocomplete="off" {
            h2 { (l.t("venue-add")) }
            input type="hidden" name="csrf" value=(desk.csrf);
            input type="hidden" name="request_id" value=(request_id());
            label { (l.t("venue-number")) " "
                input #machine-id name="id" inputmode="numeric" size="3" required autofocus[refused]; }
            " "
            label { (l.t("venue-address")) " "
                input #machine-url name="url" placeholder="https://192.168.1.13:7443" size="28" required; }
            " "
            button type="submit" { (l.t("venue-add-button")) }
            p .note { (l.t("venue-add-note")) }
        }
    }
}

/// A form as sent.
#[derive(Debug, Default, Deserialize)]
pub struct ChangeForm {
    #[serde(default)]
    csrf: String,
    #[serde(default)]
    request_id: String,
    #[serde(default)]
    confirmed: String,
    #[serde(default)]
    id: String,
    #[serde(default)]
    url: String,
}

/// `POST /desk/director/venue/add`.
async fn add(Shared(web): Shared<Arc<Web>>, desk: Desk, Form(form): Form<ChangeForm>) -> Response {
    let Ok(id) = form.id.trim().parse::<u64>() else {
        return back("error", &desk.lang.t("venue-bad-number"));
    };
    let url = form.url.trim().to_string();
    let done = tr!(desk.lang, "venue-done-add", id = id);
    apply(&web, &desk, &form, Change::AddLearner { id, url }, done).await
}

/// `POST /desk/director/venue/{id}/promote`.
async fn promote(
    Shared(web): Shared<Arc<Web>>,
    desk: Desk,
    Path(id): Path<u64>,
    Form(form): Form<ChangeForm>,
) -> Response {
    let done = tr!(desk.lang, "venue-done-promote", id = id);
    apply(&web, &desk, &form, Change::Promote(id), done).await
}

/// `POST /desk/director/venue/{id}/remove`: removes once confirmed; without the confirmation the page asks.
async fn remove(
    Shared(web): Shared<Arc<Web>>,
    desk: Desk,
    Path(id): Path<u64>,
    Form(form): Form<ChangeForm>,
) -> Response {
    if let Some(asked) = super::ask_first(&desk, Action::ManageVenue, &form.confirmed, PAGE, id) {
        return asked;
    }
    let done = tr!(desk.lang, "venue-done-remove", id = id);
    apply(&web, &desk, &form, Change::Remove(id), done).await
}

/// Checks the form came from this desk's page, asks the core, and goes back to the page with what happened.
async fn apply(
    web: &Web,
    desk: &Desk,
    form: &ChangeForm,
    change: Change,
    done: String,
) -> Response {
    if let Err(refused) = desk.require(Action::ManageVenue) {
        return refused.into_response();
    }
    if let Err(refused) = desk.check_csrf(&form.csrf) {
        return refused.into_response();
    }
    let meta: Meta = desk.meta(&form.request_id);
    match venue::change(&web.core, &desk.caller, &meta, change).await {
        Ok(_) => back("done", &done),
        Err(refused) => back("error", &refused.to_string()),
    }
}

fn back(key: &str, message: &str) -> Response {
    super::back_to(PAGE, &[(key, message)], "")
}
