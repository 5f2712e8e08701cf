//! `/desk/director/{t}/settings`: every setting of one tournament on one form, a `<fieldset>` per part (basics,
//! time, McMahon, handicap, draw, groups, standings and results, a ladder's rules: the parts its system has), each
//! field explained in a line with its default. Save sends one `UpdateTournament` with the revision the form
//! showed; a refusal (a value that does not read, a rule, a setting play has made final, someone else's save
//! meanwhile) comes back red above the form with what the director typed still in the fields, the field named
//! marked, and after someone else's save what is saved now beside each field that differs. The settings play
//! has made final are shown read-only with the reason (the domain's `fixed_settings`).
//!
//! - `form`: the settings as the form's text and back, read with the domain's readers.
//! - `view`: the fieldsets.
//!
//! Reads the applied state; writes only through the core (`Web::desk_write`).

mod form;
mod view;

use crate::app::{Kind, Refusal, Target};
use crate::auth::Action;
use crate::domain::decide::fixed_settings;
use crate::domain::{Command, Revision, State, Tournament, TournamentId, TournamentSettings};
use crate::web::board::{roster, InTournament};
use crate::web::desk::fields::{Shown, Values};
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

/// The settings page's route.
pub fn routes() -> Router<Arc<Web>> {
    Router::new().route("/desk/director/{t}/settings", get(page).post(save))
}

/// `?done=…` after saving.
#[derive(Debug, Default, Deserialize)]
pub struct Notice {
    done: Option<String>,
}

/// `GET /desk/director/{t}/settings`: the saved settings in the form.
async fn page(
    Shared(web): Shared<Arc<Web>>,
    desk: Desk,
    InTournament(t): InTournament,
    Lenient(notice): Lenient<Notice>,
) -> Response {
    // No live topics: a form being filled in is not swapped under the director's hands.
    web.desk_page(&desk, Action::Direct, &[], |state| {
        let tournament = find(desk.lang, state, t)?;
        let typed = form::values_of(&tournament.settings);
        let outcome = Outcome {
            done: notice.done.as_deref(),
            ..Outcome::default()
        };
        Ok(document(state, tournament, &desk, &typed, &outcome))
    })
}

/// What the last save came to, for the page above the form.
#[derive(Default)]
struct Outcome<'a> {
    /// The sentence after a save.
    done: Option<&'a str>,
    /// Why the save was refused.
    error: Option<String>,
    /// The field the refusal named.
    bad: Option<&'static str>,
    /// Someone else saved meanwhile: show what is saved beside what was typed.
    stale: bool,
}

/// The page's title and body: the form with `typed` in its fields.
fn document(
    state: &State,
    tournament: &Tournament,
    desk: &Desk,
    typed: &Values,
    outcome: &Outcome,
) -> (String, Markup) {
    let t = tournament.id;
    let saved = &tournament.settings;
    let saved_values = form::values_of(saved);
    let defaults = form::values_of(&TournamentSettings::new(
        &saved.name,
        saved.system,
        saved.rounds,
    ));
    let fixed = fixed_settings(state, tournament);
    let suggestion = roster(state, t).ok().and_then(|r| r.bar_suggestion());
    let context = view::Context {
        shown: Shown {
            typed,
            saved: outcome.stale.then_some(&saved_values),
            bad: outcome.bad,
            lang: desk.lang,
        },
        saved,
        defaults: &defaults,
        fixed: &fixed,
        suggestion,
    };
    let parts = form::parts(saved.system);
    let ids: Vec<&str> = parts.iter().map(|p| p.id()).collect();
    // After someone else's save, the next Save replaces theirs with what is in the fields: the director has seen
    // both.
    let revision = if outcome.stale || typed.get("revision").is_empty() {
        tournament.revision.0.to_string()
    } else {
        typed.get("revision").to_string()
    };
    let action = format!("/desk/director/{}/settings", t.0);
    let l = desk.lang;
    let body = html! {
        h1 { (crate::tr!(l, "settings-title", name = &saved.name)) }
        p .links { a href=(format!("/desk/director/{}", t.0)) { (l.t("desk-back-dashboard")) } }
        (crate::web::desk::outcome(outcome.done.as_ref(), outcome.error.as_ref()))
        form .settings method="post" action=(action) {
            input type="hidden" name="csrf" value=(desk.csrf);
            input type="hidden" name="request_id" value=(request_id());
            input type="hidden" name="revision" value=(revision);
            input type="hidden" name="parts" value=(ids.join(","));
            // The first button is the form's default (Enter in any field): Save, never a suggestion's button.
            div .actions .save-top { button .big .primary type="submit" { (l.t("settings-save")) } }
            @for part in &parts { (view::fieldset(&context, *part)) }
            div .actions {
                button .big .primary type="submit" { (l.t("settings-save")) }
                a .big href=(action) { (l.t("settings-discard")) }
            }
        }
    };
    (crate::tr!(l, "settings-title", name = &saved.name), body)
}

/// The tournament `t`, or the page saying there is none.
fn find(l: Lang, state: &State, t: TournamentId) -> Result<&Tournament, WebError> {
    state
        .tournaments
        .get(&t)
        .ok_or_else(|| WebError::not_found(crate::tr!(l, "desk-no-tournament", t = t.0)).in_lang(l))
}

/// `POST /desk/director/{t}/settings`: reads the form into settings and sends them with the revision the form
/// showed; saved, back to the page with what changed; refused, the form again as typed with the reason.
async fn save(
    Shared(web): Shared<Arc<Web>>,
    desk: Desk,
    InTournament(t): InTournament,
    Form(pairs): Form<Vec<(String, String)>>,
) -> Response {
    if let Err(refused) = desk.require(Action::Direct) {
        return refused.into_response();
    }
    let l = desk.lang;
    let mut typed = Values::from_pairs(pairs);
    if let Err(refused) = desk.check_csrf(typed.get("csrf")) {
        return refused.into_response();
    }
    // The BGA suggestion's button: its bar in the field, then an ordinary save.
    if typed.has("use_bar") {
        let bar = typed.get("use_bar").to_string();
        typed.set("bar", bar);
    }
    let saved = match web
        .core
        .read(|s| s.tournaments.get(&t).map(|x| x.settings.clone()))
    {
        Ok(Some(saved)) => saved,
        Ok(None) => {
            return WebError::not_found(crate::tr!(l, "desk-no-tournament", t = t.0))
                .in_lang(l)
                .into_response()
        }
        Err(_) => {
            return WebError::unavailable(l.t("dir-busy-retry"))
                .in_lang(l)
                .into_response()
        }
    };
    let expected = match typed.get("revision").trim().parse::<u64>() {
        Ok(n) => Revision(n),
        Err(_) => {
            return WebError::bad_request(l.t("settings-no-revision"))
                .in_lang(l)
                .into_response()
        }
    };
    let settings = match form::read(&typed, &saved) {
        Ok(settings) => settings,
        Err(rejected) => return again(&web, &desk, t, &typed, &Refusal::rule(rejected)),
    };
    let changed = changed(&saved, &settings);
    let cmd = Command::UpdateTournament {
        id: t,
        expected,
        settings,
    };
    let written = web
        .desk_write(
            &desk,
            typed.get("csrf"),
            typed.get("request_id"),
            cmd,
            Target::Tournament(t),
        )
        .await;
    match written {
        Ok(_) => {
            let done = if changed.is_empty() {
                l.t("settings-saved-nothing")
            } else {
                crate::tr!(l, "settings-saved", fields = changed.join(", "))
            };
            let settings = format!("/desk/director/{}/settings", t.0);
            crate::web::desk::back_to(&settings, &[("done", &done)], "")
        }
        Err(refused) if refused.kind() == Kind::Forbidden => {
            refused.page(desk.lang).into_response()
        }
        Err(Refused::Core(refusal)) => again(&web, &desk, t, &typed, &refusal),
        Err(refused) => refused.page(desk.lang).into_response(),
    }
}

/// The form again with what the director typed, the refusal above it in red and the field it names marked.
fn again(web: &Web, desk: &Desk, t: TournamentId, typed: &Values, refusal: &Refusal) -> Response {
    let l = desk.lang;
    let stale = refusal.kind() == Kind::Stale;
    let error = if stale {
        let differ = web
            .core
            .read(|s| find(l, s, t).map(|x| differing(typed, &x.settings)))
            .ok()
            .and_then(Result::ok)
            .unwrap_or_default();
        match differ.as_slice() {
            [] => l.t("settings-stale"),
            names => crate::tr!(l, "settings-stale-fields", fields = names.join(", ")),
        }
    } else {
        crate::tr!(
            l,
            "settings-not-saved",
            why = crate::web::error::words(l, refusal)
        )
    };
    let outcome = Outcome {
        error: Some(error),
        bad: refused_field(refusal),
        stale,
        ..Outcome::default()
    };
    let mut page = web.desk_page(desk, Action::Direct, &[], |state| {
        Ok(document(state, find(l, state, t)?, desk, typed, &outcome))
    });
    if page.status() == StatusCode::OK {
        *page.status_mut() = http_status(refusal.kind());
    }
    page
}

/// The form's field a refusal names, if it names one.
fn refused_field(refusal: &Refusal) -> Option<&'static str> {
    let Refusal::Rejected { rejected, .. } = refusal else {
        return None;
    };
    let field = rejected.field()?;
    Some(match field {
        "pairing_system" => "system",
        "handicap" => "handicap_basis",
        "geography" => "profile",
        "floats" => "draw_down",
        other => other,
    })
}

/// The fields whose value a save changes, as the form names them ("komi", "bar", "prizes").
fn changed(before: &TournamentSettings, after: &TournamentSettings) -> Vec<String> {
    let (old, new) = (form::values_of(before), form::values_of(after));
    form::FIELDS
        .iter()
        .filter(|name| old.get(name) != new.get(name))
        .map(|name| name.replace('_', " "))
        .collect()
}

/// The fields in which the form `typed` differs from what is saved (none said when it does not read).
fn differing(typed: &Values, saved: &TournamentSettings) -> Vec<String> {
    form::read(typed, saved)
        .map(|asked| changed(saved, &asked))
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::{PairingSystem, Rejected};

    #[test]
    fn a_save_names_what_it_changed() {
        let before = TournamentSettings::new("Main", PairingSystem::McMahon, 5);
        let mut after = before.clone();
        after.komi_half = 14;
        after.scoring.prizes_cents = vec![10_000];
        assert_eq!(changed(&before, &after), ["komi", "prizes"]);
        assert!(changed(&before, &before).is_empty());
    }

    #[test]
    fn a_refusal_marks_the_field_the_form_calls_it() {
        let refused = |rejected| refused_field(&Refusal::rule(rejected));
        assert_eq!(refused(Rejected::invalid("komi", "no")), Some("komi"));
        assert_eq!(
            refused(Rejected::invalid("pairing_system", "no")),
            Some("system")
        );
        let fixed = Rejected::SettingFixed {
            field: "group_size",
            setting: "groups",
            reason: "Main is played in one field and round 1 is drawn".into(),
        };
        assert_eq!(refused(fixed), Some("group_size"));
        assert_eq!(refused(Rejected::Precondition("no".into())), None);
    }
}
