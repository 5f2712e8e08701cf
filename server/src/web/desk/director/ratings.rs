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
use crate::web::desk::session::Desk;
use crate::web::desk::Web;
use crate::web::topics::Topic;
use axum::extract::{DefaultBodyLimit, Multipart, Query, State as Shared};
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
fn federation(source: RatingSource) -> &'static str {
    match source {
        RatingSource::Egd => "EGD (European)",
        RatingSource::Aga => "AGA (American)",
        RatingSource::Ffg => "FFG (French)",
    }
}

/// `GET /desk/director/ratings`: the lists loaded and the upload form.
async fn page(
    Shared(web): Shared<Arc<Web>>,
    desk: Desk,
    notice: Result<Query<Notice>, axum::extract::rejection::QueryRejection>,
) -> Response {
    let notice = notice.map(|q| q.0).unwrap_or_default();
    web.desk_page(&desk, Action::Direct, &[Topic::Home], |state| {
        let body = html! {
            h1 { "Rating lists" }
            @if let Some(done) = &notice.done { p .done .ok role="status" { (done) } }
            @if let Some(error) = &notice.error { p #error .error role="alert" { (error) } }
            (loaded(state))
            section #upload-list {
                h2 { "Load a list" }
                form #upload method="post" action="/desk/director/ratings/preview" enctype="multipart/form-data" {
                    input type="hidden" name="csrf" value=(desk.csrf);
                    p { label { "File " input #file type="file" name="file" required accept=".txt,.html,.htm,.csv" autofocus; } }
                    p .note { "The EGD allworld list, the AGA TD list or the FFG échelle, as the federation publishes it; "
                        "the kind is recognised from the content. You see what it holds before it is loaded." }
                    button .big type="submit" { "Preview" }
                }
            }
            p { a href="/desk/director" { "Back to the tournaments" } }
        };
        Ok(("Rating lists".to_string(), body))
    })
}

/// The lists loaded now.
fn loaded(state: &State) -> Markup {
    html! {
        section #loaded {
            h2 { "Loaded now" }
            @if state.ratings.is_empty() {
                p .note { "No list loaded: the registration desks type every new player in by hand." }
            } @else {
                div .scroll { table #lists {
                    thead { tr { th { "List" } th { "File" } th { "Date" } th .r { "Players" } th { "Complete" } } }
                    tbody { @for (source, list) in &state.ratings {
                        tr data-source=(source.as_str()) {
                            td { (federation(*source)) } td .name { (list.file) } td { (list.date) }
                            td .r { (list.players.len()) }
                            td { @if list.complete() { "yes" } @else { span .warn { "no: load it again" } } }
                        }
                    } }
                } }
                p .note { "The registration desks look new players up in these lists by name or id." }
            }
        }
    }
}

/// `POST /desk/director/ratings/preview`: the list read and held; what it holds shown; nothing loaded.
async fn preview(Shared(web): Shared<Arc<Web>>, desk: Desk, form: Multipart) -> Response {
    if let Err(refused) = desk.require(Action::Direct) {
        return refused.into_response();
    }
    let upload = match upload::read(form, MAX_LIST_BYTES).await {
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
                &format!("{}: {refused}. Nothing was loaded.", upload.name),
            )
        }
    };
    web.ratings_pending
        .hold(&desk.caller.terminal, list.clone());
    show(&web, &desk, &list, false)
}

/// What the list holds, and the form that loads it (the question on the page when `ask`).
fn show(web: &Web, desk: &Desk, list: &RatingUpload, ask: bool) -> Response {
    web.desk_page(desk, Action::Direct, &[], |state| {
        let replaces = state.ratings.get(&list.source);
        let question = format!(
            "Load {} players from the {} list{}?{}",
            list.players.len(),
            federation(list.source),
            if list.date.is_empty() { String::new() } else { format!(" of {}", list.date) },
            match replaces {
                Some(l) => format!(
                    " It replaces the list loaded now ({}, {} players).",
                    l.file,
                    l.players.len()
                ),
                None => String::new(),
            }
        );
        let body = html! {
            h1 { "Rating list: preview" }
            p #file { strong { (list.file) } ": the " (federation(list.source)) " list"
                @if !list.date.is_empty() { " of " (list.date) } ". " strong { "Nothing is loaded yet." } }
            p #summary { strong { (list.players.len()) " players" } " · " (list.skipped.len()) " lines left out" }
            div .scroll { table #sample {
                caption .note { "The first players as read" }
                thead { tr { th { "Id" } th { "Name" } th { "Rank" } th .r { "Rating" } th { "Club" } } }
                tbody { @for p in list.players.iter().take(SAMPLE) {
                    tr { td { (p.id) } td .name { (p.family) " " (p.given) } td { (p.rank) }
                         td .r { @if let Some(r) = p.rating { (r) } } td { (p.club) " " (p.country) } }
                } }
            } }
            @if let Some(l) = replaces {
                p .warn { "Loading replaces the " (federation(list.source)) " list loaded now: " (l.file) ", "
                    (l.players.len()) " players." }
            }
            @if !list.skipped.is_empty() {
                details #skipped {
                    summary { "Lines left out" @if list.skipped.len() > SKIPPED_SHOWN { " (the first " (SKIPPED_SHOWN) ")" } }
                    ul { @for (line, why) in list.skipped.iter().take(SKIPPED_SHOWN) { li { "line " (line) ": " (why) } } }
                }
            }
            @if ask { section #confirm .warn role="alert" { p { strong { (question) } } } }
            form #load method="post" action="/desk/director/ratings/load" {
                input type="hidden" name="csrf" value=(desk.csrf);
                input type="hidden" name="digest" value=(list.digest);
                input type="hidden" name="confirmed" value=(if ask { "yes" } else { "" });
                div .actions {
                    @if ask {
                        button .big type="submit" { "Yes, load " (list.players.len()) " players" }
                    } @else {
                        button .big type="submit" data-confirm=(question) { "Load " (list.players.len()) " players" }
                    }
                    a .big href="/desk/director/ratings" { "No, go back" }
                }
            }
        };
        Ok(("Rating list: preview".to_string(), body))
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
        return back(
            "error",
            "That upload is no longer held (an hour passed, the server restarted, or other lists were uploaded \
             since): choose the file again.",
        );
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
                return refused.page().into_response();
            }
            return back(
                "error",
                &format!(
                    "{} Loading again continues where it stopped.",
                    refused.message()
                ),
            );
        }
    }
    back(
        "done",
        &format!(
            "Loaded {} players from the {} list ({}).",
            list.players.len(),
            federation(list.source),
            list.file
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
