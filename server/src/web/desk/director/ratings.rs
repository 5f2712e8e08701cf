//! `/desk/director/ratings`: the rating lists the registration desks fill new players from. Shows the lists
//! loaded; the director uploads a federation's list (EGD, AGA, FFG: recognised from the content), sees what it
//! holds (players, date, lines left out and why) and loads it (asking first: it replaces that federation's list),
//! a part at a time through the core as `LoadRatings` commands with request ids from the file's SHA-256, so
//! loading the same file twice changes nothing.
//!
//! A list is too big for a form field: between preview and load the list read is held in memory here
//! ([`Pending`]: a few per server, for an hour, by the file's SHA-256 and the desk that sent it), never in a log
//! line or a cache. Reading and the commands are `app::rating_list`'s.

use super::upload;
use crate::app::rating_list::{RatingUpload, MAX_LIST_BYTES};
use crate::app::{Kind, Target};
use crate::auth::Action;
use crate::domain::ratings::RatingSource;
use crate::domain::State;
use crate::tr;
use crate::web::desk::session::Desk;
use crate::web::desk::Web;
use crate::web::lang::Lang;
use crate::web::lenient::Lenient;
use crate::web::topics::Topic;
use axum::extract::{DefaultBodyLimit, Multipart, State as Shared};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Form, Router};
use maud::{html, Markup};
use serde::Deserialize;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Uploads held at once (the oldest goes first).
const HELD: usize = 3;
/// How long an upload waits for its confirmation.
const HOLD: Duration = Duration::from_secs(3600);
/// Players shown in the preview, to check the list was read right.
const SAMPLE: usize = 5;
/// Left-out lines shown in the preview (the count says how many there are).
const SKIPPED_SHOWN: usize = 20;

/// The rating-list page's routes.
pub fn routes() -> Router<Arc<Web>> {
    Router::new()
        .route("/desk/director/ratings", get(page))
        .route(
            "/desk/director/ratings/preview",
            post(preview).layer(DefaultBodyLimit::max(upload::body_limit(MAX_LIST_BYTES))),
        )
        .route("/desk/director/ratings/load", post(load))
}

/// Lists uploaded and not loaded yet, by the terminal that sent them.
#[derive(Default)]
pub struct Pending {
    held: Mutex<Vec<(String, Arc<RatingUpload>, Instant)>>,
}

impl Pending {
    /// Holds `upload` for `terminal`'s confirmation.
    fn hold(&self, terminal: &str, upload: Arc<RatingUpload>) {
        let Ok(mut held) = self.held.lock() else {
            return;
        };
        let now = Instant::now();
        held.retain(|(t, u, at)| {
            now.duration_since(*at) < HOLD && !(t == terminal && u.digest == upload.digest)
        });
        if held.len() >= HELD {
            held.remove(0);
        }
        held.push((terminal.to_string(), upload, now));
    }

    /// The upload `digest` that `terminal` sent, if still held.
    fn get(&self, terminal: &str, digest: &str) -> Option<Arc<RatingUpload>> {
        let held = self.held.lock().ok()?;
        held.iter()
            .find(|(t, u, at)| t == terminal && u.digest == digest && at.elapsed() < HOLD)
            .map(|(_, u, _)| u.clone())
    }
}

/// `?done=…` / `?error=…`.
#[derive(Debug, Default, Deserialize)]
pub struct Notice {
    done: Option<String>,
    error: Option<String>,
}

fn back(key: &str, message: &str) -> Response {
    crate::web::desk::back_to("/desk/director/ratings", &[(key, message)], "")
}

/// A list's federation as the director names it.
fn federation(l: Lang, source: RatingSource) -> String {
    tr!(l, "ratings-federation", source = source.as_str())
}

/// `GET /desk/director/ratings`: the lists loaded and the upload form.
async fn page(
    Shared(web): Shared<Arc<Web>>,
    desk: Desk,
    Lenient(notice): Lenient<Notice>,
) -> Response {
    let l = desk.lang;
    web.desk_page(&desk, Action::Direct, &[Topic::Home], |state| {
        let body = html! {
            h1 { (l.t("dir-rating-lists")) }
            (crate::web::desk::outcome(notice.done.as_ref(), notice.error.as_ref()))
            (loaded(l, state))
            section #upload-list {
                h2 { (l.t("ratings-load-heading")) }
                form #upload method="post" action="/desk/director/ratings/preview" enctype="multipart/form-data" {
                    input type="hidden" name="csrf" value=(desk.csrf);
                    p { label { (l.t("import-file")) " " input #file type="file" name="file" required accept=".txt,.html,.htm,.csv" autofocus; } }
                    p .note { (l.t("ratings-file-note")) }
                    button .big type="submit" { (l.t("import-preview")) }
                }
            }
            p { a href="/desk/director" { (l.t("ratings-back")) } }
        };
        Ok((l.t("dir-rating-lists"), body))
    })
}

/// The lists loaded now.
fn loaded(l: Lang, state: &State) -> Markup {
    html! {
        section #loaded {
            h2 { (l.t("ratings-loaded")) }
            @if state.ratings.is_empty() {
                p .note { (l.t("ratings-none")) }
            } @else {
                div .scroll { table #lists {
                    thead { tr { th { (l.t("reg-col-list")) } th { (l.t("import-file")) } th { (l.t("ratings-date")) }
                        th .r { (l.t("dir-col-players")) } th { (l.t("ratings-complete")) } } }
                    tbody { @for (source, list) in &state.ratings {
                        tr data-source=(source.as_str()) {
                            td { (federation(l, *source)) } td .name { (list.file) } td { (list.date) }
                            td .r { (list.players.len()) }
                            td { @if list.complete() { (l.t("ratings-yes")) } @else { span .warn { (l.t("ratings-incomplete")) } } }
                        }
                    } }
                } }
                p .note { (l.t("ratings-lookup-note")) }
            }
        }
    }
}

/// `POST /desk/director/ratings/preview`: the list read and held; what it holds shown; nothing loaded.
async fn preview(Shared(web): Shared<Arc<Web>>, desk: Desk, form: Multipart) -> Response {
    if let Err(refused) = desk.require(Action::Direct) {
        return refused.into_response();
    }
    let upload = match upload::read(desk.lang, form, MAX_LIST_BYTES).await {
        Ok(upload) => upload,
        Err(problem) => return back("error", &problem),
    };
    if let Err(refused) = desk.check_csrf(&upload.csrf) {
        return refused.into_response();
    }
    let list = match RatingUpload::read(&upload.name, &upload.data) {
        Ok(list) => Arc::new(list),
        Err(refused) => {
            return back(
                "error",
                &tr!(
                    desk.lang,
                    "ratings-refused",
                    name = &upload.name,
                    why = refused.to_string()
                ),
            )
        }
    };
    web.ratings_pending
        .hold(&desk.caller.terminal, list.clone());
    show(&web, &desk, &list, false)
}

/// What the list holds, and the form that loads it (the question on the page when `ask`).
fn show(web: &Web, desk: &Desk, list: &RatingUpload, ask: bool) -> Response {
    let lang = desk.lang;
    web.desk_page(desk, Action::Direct, &[], |state| {
        let replaces = state.ratings.get(&list.source);
        let fed = federation(lang, list.source);
        let mut question = if list.date.is_empty() {
            tr!(lang, "ratings-ask", n = list.players.len(), list = &fed)
        } else {
            tr!(lang, "ratings-ask-dated", n = list.players.len(), list = &fed, date = &list.date)
        };
        if let Some(l) = replaces {
            question.push(' ');
            question.push_str(&tr!(lang, "ratings-ask-replaces", file = &l.file, n = l.players.len()));
        }
        let body = html! {
            h1 { (lang.t("ratings-preview-title")) }
            p #file { strong { (list.file) } ": "
                @if list.date.is_empty() { (tr!(lang, "ratings-the-list", list = &fed)) }
                @else { (tr!(lang, "ratings-the-list-of", list = &fed, date = &list.date)) }
                ". " strong { (lang.t("ratings-nothing-yet")) } }
            p #summary { (crate::web::desk::slot_in(&tr!(lang, "ratings-summary", players = crate::web::desk::SLOT,
                skipped = list.skipped.len()), html! { strong { (tr!(lang, "ratings-players", n = list.players.len())) } })) }
            div .scroll { table #sample {
                caption .note { (lang.t("ratings-first")) }
                thead { tr { th { (lang.t("reg-col-id")) } th { (lang.t("reg-col-name")) } th { (lang.t("reg-field-rank")) }
                    th .r { (lang.t("ratings-rating")) } th { (lang.t("reg-field-club")) } } }
                tbody { @for p in list.players.iter().take(SAMPLE) {
                    tr { td { (p.id) } td .name { (p.family) " " (p.given) } td { (p.rank) }
                         td .r { @if let Some(r) = p.rating { (r) } } td { (p.club) " " (p.country) } }
                } }
            } }
            @if let Some(l) = replaces {
                p .warn { (tr!(lang, "ratings-replaces", list = &fed, file = &l.file, n = l.players.len())) }
            }
            @if !list.skipped.is_empty() {
                details #skipped {
                    summary { (lang.t("ratings-skipped")) @if list.skipped.len() > SKIPPED_SHOWN { " " (tr!(lang, "ratings-the-first", n = SKIPPED_SHOWN)) } }
                    ul { @for (line, why) in list.skipped.iter().take(SKIPPED_SHOWN) { li { (tr!(lang, "ratings-line", line = *line, why = why.to_string())) } } }
                }
            }
            @if ask { section #confirm .warn role="alert" { p { strong { (question) } } } }
            form #load method="post" action="/desk/director/ratings/load" {
                input type="hidden" name="csrf" value=(desk.csrf);
                input type="hidden" name="digest" value=(list.digest);
                input type="hidden" name="confirmed" value=(if ask { "yes" } else { "" });
                div .actions {
                    @if ask {
                        button .big type="submit" { (tr!(lang, "ratings-yes-load", n = list.players.len())) }
                    } @else {
                        button .big type="submit" data-confirm=(question) { (tr!(lang, "ratings-load", n = list.players.len())) }
                    }
                    a .big href="/desk/director/ratings" { (lang.t("dir-no-go-back")) }
                }
            }
        };
        Ok((lang.t("ratings-preview-title"), body))
    })
}

/// The load form, as sent.
#[derive(Debug, Default, Deserialize)]
pub struct Load {
    #[serde(default)]
    csrf: String,
    #[serde(default)]
    digest: String,
    #[serde(default)]
    confirmed: String,
}

/// `POST /desk/director/ratings/load`: the held list loaded, part after part.
async fn load(Shared(web): Shared<Arc<Web>>, desk: Desk, Form(form): Form<Load>) -> Response {
    if let Err(refused) = desk.require(Action::Direct) {
        return refused.into_response();
    }
    if let Err(refused) = desk.check_csrf(&form.csrf) {
        return refused.into_response();
    }
    let Some(list) = web
        .ratings_pending
        .get(&desk.caller.terminal, form.digest.trim())
    else {
        return back("error", &desk.lang.t("ratings-not-held"));
    };
    if form.confirmed != "yes" {
        return show(&web, &desk, &list, true);
    }
    for (id, cmd) in list.commands() {
        if let Err(refused) = web
            .desk_write(&desk, &form.csrf, &id, cmd, Target::None)
            .await
        {
            if refused.kind() == Kind::Forbidden {
                return refused.page(desk.lang).into_response();
            }
            return back(
                "error",
                &tr!(
                    desk.lang,
                    "ratings-stopped",
                    why = refused.message(desk.lang)
                ),
            );
        }
    }
    back(
        "done",
        &tr!(
            desk.lang,
            "ratings-done",
            n = list.players.len(),
            list = federation(desk.lang, list.source),
            file = &list.file
        ),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn upload(digest: &str) -> Arc<RatingUpload> {
        Arc::new(RatingUpload {
            source: RatingSource::Egd,
            file: "list.html".into(),
            date: String::new(),
            digest: digest.into(),
            players: Vec::new(),
            skipped: Vec::new(),
        })
    }

    #[test]
    fn uploads_are_held_for_their_desk_a_few_at_a_time() {
        let pending = Pending::default();
        pending.hold("director", upload("a"));
        assert!(pending.get("director", "a").is_some());
        assert!(
            pending.get("other-desk", "a").is_none(),
            "another desk's upload"
        );
        for d in ["b", "c", "d"] {
            pending.hold("director", upload(d));
        }
        assert!(
            pending.get("director", "a").is_none(),
            "the oldest went first"
        );
        assert!(pending.get("director", "d").is_some());
    }
}
