//! `/desk/director/event`: the event's details (name, venue, city, country, first and last day) on one form,
//! saved with the revision the form showed by one `UpdateEvent`. A refusal comes back red above the form with
//! what the director typed still in the fields and the field it names marked; after someone else's save, what is
//! saved now is shown beside each field that differs. The rules (dates, the country code) are the domain's.
//!
//! Reads the applied state; writes only through the core (`Web::desk_write`).

use crate::app::{Kind, Refusal, Target};
use crate::auth::Action;
use crate::domain::{Command, EventInfo, Revision};
use crate::web::desk::fields::{Attrs, Shown, Values};
use crate::web::desk::session::Desk;
use crate::web::desk::{request_id, Refused};
use crate::web::error::http_status;
use crate::web::lang::Lang;
use crate::web::lenient::Lenient;
use crate::web::{Web, WebError};
use axum::extract::State as Shared;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Form, Router};
use maud::{html, Markup};
use serde::Deserialize;
use std::sync::Arc;

/// Where the page is.
const PATH: &str = "/desk/director/event";

/// The event page's route.
pub fn routes() -> Router<Arc<Web>> {
    Router::new().route(PATH, get(page).post(save))
}

/// `?done=…` after saving.
#[derive(Debug, Default, Deserialize)]
pub struct Notice {
    done: Option<String>,
}

/// `GET /desk/director/event`.
async fn page(
    Shared(web): Shared<Arc<Web>>,
    desk: Desk,
    Lenient(notice): Lenient<Notice>,
) -> Response {
    web.desk_page(&desk, Action::Direct, &[], |state| {
        let typed = values_of(&state.event);
        let shown = Shown {
            typed: &typed,
            saved: None,
            bad: None,
            lang: desk.lang,
        };
        Ok(document(
            &desk,
            &shown,
            state.event.revision,
            notice.done.as_deref(),
            None,
        ))
    })
}

/// The details as the form's text.
fn values_of(e: &EventInfo) -> Values {
    let mut v = Values::default();
    for (name, value) in [
        ("name", &e.name),
        ("venue", &e.venue),
        ("city", &e.city),
        ("country", &e.country),
        ("start_date", &e.start_date),
        ("end_date", &e.end_date),
    ] {
        v.set(name, value.as_str());
    }
    v
}

/// The details the form asks for, as the register keeps them.
fn read(v: &Values) -> EventInfo {
    EventInfo {
        name: v.get("name").to_string(),
        venue: v.get("venue").to_string(),
        city: v.get("city").to_string(),
        country: v.get("country").to_string(),
        start_date: v.get("start_date").to_string(),
        end_date: v.get("end_date").to_string(),
        revision: Revision::default(),
    }
    .normalised()
}

/// The page: the form with `shown`'s values, the revision it saves against, and what happened last.
fn document(
    desk: &Desk,
    shown: &Shown,
    revision: Revision,
    done: Option<&str>,
    error: Option<&str>,
) -> (String, Markup) {
    let f = shown;
    let l: Lang = desk.lang;
    let body = html! {
        h1 { (l.t("event-heading")) }
        p .links { a href="/desk/director" { (l.t("event-back")) } }
        (crate::web::desk::outcome(done, error))
        form .settings #event method="post" action=(PATH) {
            input type="hidden" name="csrf" value=(desk.csrf);
            input type="hidden" name="request_id" value=(request_id());
            input type="hidden" name="revision" value=(revision.0);
            fieldset {
                legend { (l.t("event-details")) }
                (f.text("name", &l.t("event-field-name"), "text", Attrs::text(200),
                    &l.t("event-field-name-note")))
                (f.text("venue", &l.t("event-field-venue"), "text", Attrs::text(200),
                    &l.t("event-field-venue-note")))
                (f.text("city", &l.t("event-field-city"), "text", Attrs::text(200),
                    &l.t("event-field-city-note")))
                (f.text("country", &l.t("event-field-country"), "text", Attrs::text(2),
                    &l.t("event-field-country-note")))
                (f.text("start_date", &l.t("event-field-start-date"), "date", Attrs::default(),
                    &l.t("event-field-start-date-note")))
                (f.text("end_date", &l.t("event-field-end-date"), "date", Attrs::default(),
                    &l.t("event-field-end-date-note")))
            }
            div .actions {
                button .big .primary type="submit" { (l.t("event-save")) }
                a .big href=(PATH) { (l.t("settings-discard")) }
            }
        }
    };
    (l.t("event-heading"), body)
}

/// `POST /desk/director/event`: saves the details against the revision the form showed.
async fn save(
    Shared(web): Shared<Arc<Web>>,
    desk: Desk,
    Form(pairs): Form<Vec<(String, String)>>,
) -> Response {
    if let Err(refused) = desk.require(Action::Direct) {
        return refused.into_response();
    }
    let typed = Values::from_pairs(pairs);
    let Ok(revision) = typed.get("revision").trim().parse::<u64>() else {
        return WebError::bad_request(desk.lang.t("settings-no-revision"))
            .in_lang(desk.lang)
            .into_response();
    };
    let cmd = Command::UpdateEvent {
        event: read(&typed),
        expected: Some(Revision(revision)),
    };
    let written = web
        .desk_write(
            &desk,
            typed.get("csrf"),
            typed.get("request_id"),
            cmd,
            Target::Event,
        )
        .await;
    match written {
        Ok(_) => super::super::back_to(PATH, &[("done", &desk.lang.t("event-saved"))], ""),
        Err(Refused::Core(refusal)) if refusal.kind() != Kind::Forbidden => {
            again(&web, &desk, &typed, revision, &refusal)
        }
        Err(refused) => refused.page(desk.lang).into_response(),
    }
}

/// The form again as typed, the refusal above it; after someone else's save, what is saved beside it.
fn again(web: &Web, desk: &Desk, typed: &Values, revision: u64, refusal: &Refusal) -> Response {
    let stale = refusal.kind() == Kind::Stale;
    let bad = match refusal {
        Refusal::Rejected { rejected, .. } => rejected.field(),
        _ => None,
    };
    let l = desk.lang;
    let error = if stale {
        l.t("event-stale")
    } else {
        crate::tr!(
            l,
            "settings-not-saved",
            why = crate::web::error::words(l, refusal)
        )
    };
    let mut page = web.desk_page(desk, Action::Direct, &[], |state| {
        let saved = values_of(&state.event);
        let shown = Shown {
            typed,
            saved: stale.then_some(&saved),
            bad,
            lang: l,
        };
        // After someone else's save, Save again replaces theirs: the director has seen both.
        let revision = if stale {
            state.event.revision
        } else {
            Revision(revision)
        };
        Ok(document(desk, &shown, revision, None, Some(&error)))
    });
    if page.status() == StatusCode::OK {
        *page.status_mut() = http_status(refusal.kind());
    }
    page
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_details_read_back_as_the_register_keeps_them() {
        let e = EventInfo {
            name: "Spring Congress".into(),
            venue: "Town Hall".into(),
            city: "Leeds".into(),
            country: "GB".into(),
            start_date: "2026-04-03".into(),
            end_date: "2026-04-05".into(),
            revision: Revision::default(),
        };
        assert_eq!(read(&values_of(&e)), e);
        let mut typed = values_of(&e);
        typed.set("country", " gb ");
        typed.set("name", "  Spring Congress ");
        assert_eq!(read(&typed), e);
    }
}
