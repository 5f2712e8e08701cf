//! `/desk/director/{t}/import`: players from a file into tournament `t`. The director chooses a file (a
//! pre-registration CSV, an OpenGotha tournament, an EGF `.h9`); the preview lists every player with what would
//! happen to them (registered, already imported, left out as a duplicate, refused, with the file's line) and
//! nothing is written; "Import N players" asks first, then writes each row as an ordinary registration through
//! the core with a request id derived from the row, so a confirmation sent twice imports once.
//!
//! Between preview and confirmation the file travels in the form (base64, at most `MAX_IMPORT_BYTES`), never in
//! a log line or a cache. Reading the file, the commands and the verdicts are `app::import`'s; this page decodes
//! and renders.

use super::upload;
use crate::app::import::{self, ImportFile, ImportRefused, Verdict, MAX_IMPORT_BYTES};
use crate::app::Kind;
use crate::auth::Action;
use crate::domain::TournamentId;
use crate::tr;
use crate::web::board::{roster, InTournament};
use crate::web::desk::session::Desk;
use crate::web::desk::{slot_in, Web, SLOT};
use crate::web::lang::Lang;
use crate::web::lenient::Lenient;
use crate::web::WebError;
use axum::extract::{DefaultBodyLimit, Multipart, State as Shared};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Form, Router};
use base64::Engine as _;
use maud::{html, Markup};
use serde::Deserialize;
use std::sync::Arc;
use tengen_interop::prereg::header::HEADER_NAMES;

/// The import page's routes.
pub fn routes() -> Router<Arc<Web>> {
    let limit = DefaultBodyLimit::max(upload::body_limit(MAX_IMPORT_BYTES));
    Router::new()
        .route("/desk/director/{t}/import", get(page))
        .route(
            "/desk/director/{t}/import/preview",
            post(preview).layer(limit),
        )
        .route(
            "/desk/director/{t}/import/confirm",
            post(confirm).layer(limit),
        )
}

/// `?done=…` / `?error=…` after a confirmation or a refused upload.
#[derive(Debug, Default, Deserialize)]
pub struct Notice {
    done: Option<String>,
    error: Option<String>,
}

fn address(t: TournamentId, rest: &str) -> String {
    format!("/desk/director/{}/import{rest}", t.0)
}

/// Back to the import page with a message (`done` or `error`), cut to a length an address carries.
fn back(t: TournamentId, key: &str, message: &str) -> Response {
    crate::web::desk::back_to(&address(t, ""), &[(key, message)], "")
}

/// `GET /desk/director/{t}/import`: the file form.
async fn page(
    Shared(web): Shared<Arc<Web>>,
    desk: Desk,
    InTournament(t): InTournament,
    Lenient(notice): Lenient<Notice>,
) -> Response {
    let l = desk.lang;
    web.desk_page(&desk, Action::Direct, &[], |state| {
        let roster = roster(state, t)?;
        let body = html! {
            h1 { (tr!(l, "import-heading", name = roster.name())) }
            (crate::web::desk::outcome(notice.done.as_ref(), notice.error.as_ref()))
            form #upload method="post" action=(address(t, "/preview")) enctype="multipart/form-data" {
                input type="hidden" name="csrf" value=(desk.csrf);
                p { label { (l.t("import-file")) " " input #file type="file" name="file" required accept=".csv,.txt,.xml,.h9" autofocus; } }
                p .note { (tr!(l, "import-file-note", mb = MAX_IMPORT_BYTES / (1024 * 1024))) }
                button .big type="submit" { (l.t("import-preview")) }
            }
            (csv_columns(l))
            p { a href=(format!("/desk/director/{}", t.0)) { (l.t("import-back")) } }
        };
        Ok((tr!(l, "import-title", name = roster.name()), body))
    })
}

/// The CSV columns the import reads, for the director preparing a file.
fn csv_columns(l: Lang) -> Markup {
    let mut names: Vec<&str> = HEADER_NAMES.iter().map(|(name, _)| *name).collect();
    names.dedup();
    html! {
        details #columns {
            summary { (l.t("import-columns")) }
            p { (l.t("import-columns-note")) }
            p .note { (names.join(", ")) }
        }
    }
}

/// `POST /desk/director/{t}/import/preview`: the file read and every row rehearsed; nothing written.
async fn preview(
    Shared(web): Shared<Arc<Web>>,
    desk: Desk,
    InTournament(t): InTournament,
    form: Multipart,
) -> Response {
    if let Err(refused) = desk.require(Action::Direct) {
        return refused.into_response();
    }
    let upload = match upload::read(desk.lang, form, MAX_IMPORT_BYTES).await {
        Ok(upload) => upload,
        Err(problem) => return back(t, "error", &problem),
    };
    if let Err(refused) = desk.check_csrf(&upload.csrf) {
        return refused.into_response();
    }
    show(&web, &desk, t, &upload.name, &upload.data, false)
}

/// The preview of `data` (named `name`), with the question asked on the page when `ask` (a confirmation sent
/// without the script's answer).
fn show(web: &Web, desk: &Desk, t: TournamentId, name: &str, data: &[u8], ask: bool) -> Response {
    let l = desk.lang;
    let file = match import::read(name, data) {
        Ok(file) => file,
        Err(refused) => return back(t, "error", &refusal_text(l, name, &refused)),
    };
    let verdicts = match web.core.rehearsal(desk.caller.clone()) {
        Ok(mut rehearsal) => import::preview(&mut rehearsal, &desk.operator, &file, t),
        Err(refusal) => return WebError::refused(&refusal, l).into_response(),
    };
    let encoded = base64::engine::general_purpose::STANDARD.encode(data);
    web.desk_page(desk, Action::Direct, &[], |state| {
        let roster = roster(state, t)?;
        let view = PreviewView::new(l, name, &file, &verdicts);
        let body = html! {
            h1 { (tr!(l, "import-heading", name = roster.name())) }
            (view.render(l, roster.name()))
            @if view.new > 0 {
                (confirm_form(t, desk, name, &encoded, view.new, roster.name(), ask))
            } @else {
                p #nothing .note { (l.t("import-nothing")) }
            }
            p {
                @if view.new == 0 { a href=(address(t, "")) { (l.t("import-another")) } " · " }
                a href=(format!("/desk/director/{}", t.0)) { (l.t("import-back")) }
            }
        };
        Ok((tr!(l, "import-preview-title", name = roster.name()), body))
    })
}

fn refusal_text(l: Lang, name: &str, refused: &ImportRefused) -> String {
    let name = if name.is_empty() {
        l.t("import-the-file")
    } else {
        name.to_string()
    };
    tr!(l, "import-refused", name = name, why = refused.to_string())
}

/// One line of the preview table.
struct PreviewLine {
    line: u64,
    name: String,
    rank: String,
    club: String,
    country: String,
    pin: String,
    class: &'static str,
    fate: String,
}

impl PreviewLine {
    /// "3d · Oslo · NO · EGF pin 12345678": what the file says beside the name.
    fn details(&self, l: Lang) -> String {
        let pin = if self.pin.is_empty() {
            String::new()
        } else {
            tr!(l, "import-pin", pin = &self.pin)
        };
        [self.rank.as_str(), &self.club, &self.country, &pin]
            .into_iter()
            .filter(|t| !t.is_empty())
            .collect::<Vec<_>>()
            .join(" · ")
    }
}

/// The preview as the page shows it: every row of the file with its fate, in file order, and the counts.
struct PreviewView {
    file: String,
    format: &'static str,
    notes: Vec<String>,
    lines: Vec<PreviewLine>,
    new: usize,
    already: usize,
    left_out: usize,
}

impl PreviewView {
    fn new(l: Lang, name: &str, file: &ImportFile, verdicts: &[Verdict]) -> PreviewView {
        let mut lines: Vec<PreviewLine> = file
            .rows
            .iter()
            .zip(verdicts)
            .map(|(row, verdict)| {
                let p = &row.person;
                let (class, fate) = match verdict {
                    Verdict::New => ("new", l.t("import-will-register")),
                    Verdict::AlreadyImported => ("already", l.t("import-already")),
                    Verdict::Duplicate { of, reason } => (
                        "duplicate",
                        tr!(l, "import-duplicate", of = of, reason = reason),
                    ),
                    Verdict::Refused(reason) => {
                        ("refused", tr!(l, "import-refused-row", why = reason))
                    }
                };
                PreviewLine {
                    line: row.line,
                    name: p.display_name(),
                    rank: p.rank.clone(),
                    club: p.club.clone(),
                    country: p.country.clone(),
                    pin: p.egd_pin.clone(),
                    class,
                    fate,
                }
            })
            .collect();
        lines.extend(file.refused.iter().map(|problem| PreviewLine {
            line: problem.line,
            name: problem.name.clone(),
            rank: String::new(),
            club: String::new(),
            country: String::new(),
            pin: String::new(),
            class: "refused",
            fate: tr!(l, "import-refused-row", why = &problem.message),
        }));
        lines.sort_by_key(|l| l.line);
        let count = |class: &str| lines.iter().filter(|l| l.class == class).count();
        PreviewView {
            file: if name.is_empty() {
                l.t("import-the-file")
            } else {
                name.to_string()
            },
            format: file.format.describe(),
            notes: file.notes.clone(),
            new: count("new"),
            already: count("already"),
            left_out: count("duplicate") + count("refused"),
            lines,
        }
    }

    fn render(&self, lang: Lang, tournament: &str) -> Markup {
        html! {
            p #file { strong { (self.file) } ": " (self.format) ". " strong { (lang.t("import-nothing-yet")) } }
            p #summary {
                (slot_in(&tr!(lang, "import-summary", new = SLOT, already = self.already, left_out = self.left_out),
                    html! { strong { (tr!(lang, "import-to-register", n = self.new, name = tournament)) } }))
            }
            @for note in &self.notes { p .note { (note) } }
            table #preview {
                thead { tr { th .r { (lang.t("import-line")) } th { (lang.t("ladder-player")) } th { (lang.t("import-what")) } } }
                tbody { @for l in &self.lines {
                    tr class=(l.class) {
                        td .r { (l.line) }
                        td {
                            span .who { (l.name) }
                            @let details = l.details(lang);
                            @if !details.is_empty() { br; span .note .details { (details) } }
                        }
                        td .fate { @if l.class == "refused" || l.class == "duplicate" { div .warn { (l.fate) } } @else { (l.fate) } }
                    }
                } }
            }
        }
    }
}

/// "Import N players": the file in a hidden field; the button asks first (`assets/desk.js`), and without the
/// script the server asks on the preview itself (`ask`).
fn confirm_form(
    t: TournamentId,
    desk: &Desk,
    name: &str,
    encoded: &str,
    new: usize,
    tournament: &str,
    ask: bool,
) -> Markup {
    let l = desk.lang;
    let question = tr!(l, "import-ask", n = new, name = tournament);
    html! {
        @if ask { section #confirm .warn role="alert" { p { strong { (question) } } } }
        p .note { (tr!(l, "import-confirm-note", n = new)) }
        form #import method="post" action=(address(t, "/confirm")) {
            input type="hidden" name="csrf" value=(desk.csrf);
            input type="hidden" name="confirmed" value=(if ask { "yes" } else { "" });
            input type="hidden" name="name" value=(name);
            input type="hidden" name="file" value=(encoded);
            div .actions {
                @if ask {
                    button .big type="submit" { (tr!(l, "import-yes", n = new)) }
                } @else {
                    button .big type="submit" data-confirm=(question) { (tr!(l, "import-button", n = new)) }
                }
                a .big href=(address(t, "")) { (l.t("import-no")) }
            }
        }
    }
}

/// The confirmation form, as sent.
#[derive(Debug, Default, Deserialize)]
pub struct Confirm {
    #[serde(default)]
    csrf: String,
    #[serde(default)]
    confirmed: String,
    #[serde(default)]
    name: String,
    #[serde(default)]
    file: String,
}

/// `POST /desk/director/{t}/import/confirm`: every row written as its own registration, with its own request id.
async fn confirm(
    Shared(web): Shared<Arc<Web>>,
    desk: Desk,
    InTournament(t): InTournament,
    Form(form): Form<Confirm>,
) -> Response {
    if let Err(refused) = desk.require(Action::Direct) {
        return refused.into_response();
    }
    if let Err(refused) = desk.check_csrf(&form.csrf) {
        return refused.into_response();
    }
    let Ok(data) = base64::engine::general_purpose::STANDARD.decode(form.file.trim()) else {
        return back(t, "error", &desk.lang.t("import-lost-file"));
    };
    if form.confirmed != "yes" {
        return show(&web, &desk, t, &form.name, &data, true);
    }
    let file = match import::read(&form.name, &data) {
        Ok(file) => file,
        Err(refused) => return back(t, "error", &refusal_text(desk.lang, &form.name, &refused)),
    };
    let mut tally = Tally {
        left_out: file.refused.len(),
        ..Tally::default()
    };
    for row in &file.rows {
        let Ok(cmd) = row.command(t) else {
            tally.left_out += 1;
            continue;
        };
        let id = row.request_id(file.format, t);
        match web
            .desk_write(&desk, &form.csrf, &id, cmd, crate::app::Target::None)
            .await
        {
            Ok(outcome) if outcome.replayed => tally.already += 1,
            Ok(_) => tally.imported += 1,
            Err(refused) if matches!(refused.kind(), Kind::Forbidden | Kind::Unavailable) => {
                // Not this row's fault: stop, and say how far it went (a retry imports the rest once).
                let message = format!(
                    "{} {}",
                    tally.sentence(desk.lang),
                    refused.message(desk.lang)
                );
                return back(t, "error", &message);
            }
            Err(_) => tally.left_out += 1,
        }
    }
    tracing::info!(
        tournament = t.0,
        imported = tally.imported,
        already = tally.already,
        left_out = tally.left_out,
        "import confirmed from the director's page"
    );
    back(t, "done", &tally.sentence(desk.lang))
}

/// What a confirmation did.
#[derive(Debug, Default, PartialEq, Eq)]
struct Tally {
    imported: usize,
    already: usize,
    left_out: usize,
}

impl Tally {
    fn sentence(&self, l: Lang) -> String {
        let mut s = tr!(l, "import-done", n = self.imported);
        if self.already > 0 {
            s.push(' ');
            s.push_str(&tr!(l, "import-done-already", n = self.already));
        }
        if self.left_out > 0 {
            s.push(' ');
            s.push_str(&tr!(l, "import-done-left-out", n = self.left_out));
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_preview_counts_each_fate_and_keeps_file_order() {
        let file = import::read(
            "p.csv",
            b"surname,first_name,rank\nAbe,Ken,3d\nBerg,Lena,2k,\nCosta,Rui,1k\nDahl,Ida,9x\n",
        )
        .unwrap();
        let verdicts = vec![
            Verdict::New,
            Verdict::AlreadyImported,
            Verdict::Duplicate {
                of: "Costa Rui".into(),
                reason: "same name and club".into(),
            },
            Verdict::Refused("rank: bad".into()),
        ];
        let view = PreviewView::new(Lang::En, "p.csv", &file, &verdicts);
        assert_eq!((view.new, view.already, view.left_out), (1, 1, 2));
        let lines: Vec<u64> = view.lines.iter().map(|l| l.line).collect();
        assert_eq!(lines, vec![2, 3, 4, 5]);
    }

    #[test]
    fn the_tally_says_what_was_done() {
        let t = Tally {
            imported: 3,
            already: 0,
            left_out: 1,
        };
        assert_eq!(
            t.sentence(Lang::En),
            "Imported 3 players. 1 left out (duplicates or refused, as the preview said)."
        );
        let again = Tally {
            imported: 0,
            already: 3,
            left_out: 1,
        };
        assert!(again
            .sentence(Lang::En)
            .starts_with("Nothing new imported. 3 already imported before."));
    }
}
