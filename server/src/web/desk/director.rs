//! `/desk/director/{t}`: the director's dashboard for one tournament — registration counts and closing, the BGA
//! bar suggestion, the round's life (draw → review with warnings → manual edits by the players' numbers →
//! publish → progress with mismatches to settle → close), alarms from the standby, the change slips to accept or
//! reject, and the printable sheets. Every button is one audited command through the writer, as the director's
//! terminal. Reads the applied state only; the pure parts (which step comes next, reading numbers) are plain
//! functions. Settling a disputed table records the result and clears the dispute as the referee's Settle does.
//! A nigiri table whose colours nobody recorded says so in the open tables, with a button per player to record
//! who had Black (the referee's report, as the director).
//!
//! - `confirm`: what the dashboard asks before an action that cannot be undone.
//! - `timetable`: each round's planned start, and moving it.
//! - `import`: players from a file, previewed before anything is written; `ratings`: the rating lists;
//!   `upload`: a file sent from either page.
//! - `settings`: every setting of the tournament on one form (`/desk/director/{t}/settings`).
//! - `slips`: the pending change slips, each change as now → asked.
//! - `player`, `player_act`: one player's page and its changes; `explain`: two players; `reopen`: registration.
//! - `cards`: the player cards with their personal codes, and the codes as CSV.

mod action;
mod cards;
mod confirm;
mod explain;
mod import;
mod partial;
mod player;
mod player_act;
pub(crate) mod ratings;
mod reopen;
mod settings;
mod slips;
mod timetable;
mod upload;

use super::parts;
use super::session::Desk;
use super::{request_id, Web};
use crate::app::roster::Roster;
use crate::app::Kind;
use crate::auth::Action;
use crate::domain::round::{GameRecord, ResultProgress, RoundRecord, RoundState};
use crate::domain::{EntryStatus, ParticipantId, State, TournamentId};
use crate::tr;
use crate::web::board::pairings::{label_in, players_cells_in};
use crate::web::board::InTournament;
use crate::web::board::{roster, tournament_id};
use crate::web::desk::{result_words, slot_in, slots_in, SLOT, SLOTS};
use crate::web::lang::Lang;
use crate::web::lenient::Lenient;
use crate::web::topics::Topic;
use crate::web::WebError;
use action::{command, Plan};
use axum::extract::{Path, State as Shared};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Form, Router};
use confirm::{asks_first, confirmation, irreversible_form, question};
use maud::{html, Markup};
use serde::Deserialize;
use std::sync::Arc;

/// The dashboard's routes.
pub fn routes() -> Router<Arc<Web>> {
    Router::new()
        .route("/desk/director/{t}", get(page))
        .route("/desk/director/{t}/do/{action}", post(act))
        .route("/desk/director/{t}/sheet/{kind}", get(sheet))
        .merge(import::routes())
        .merge(ratings::routes())
        .merge(settings::routes())
        .merge(player::routes())
        .merge(explain::routes())
        .merge(cards::routes())
}

/// `?done=…` / `?error=…` after an action; `?ask=ACTION&round=N` when an irreversible action came without its
/// confirmation (a browser without the script): the page asks first.
#[derive(Debug, Default, Deserialize)]
pub struct Notice {
    done: Option<String>,
    error: Option<String>,
    ask: Option<String>,
    round: Option<u32>,
}

/// `GET /desk/director/{t}`.
async fn page(
    Shared(web): Shared<Arc<Web>>,
    desk: Desk,
    InTournament(t): InTournament,
    Lenient(notice): Lenient<Notice>,
) -> Response {
    let alarms = web.core.control.alarms();
    let topics = [Topic::Rounds(t), Topic::Players(t), Topic::Slips];
    let l = desk.lang;
    web.desk_page(&desk, Action::Direct, &topics, |state| {
        let roster = roster(state, t)?;
        let ask = notice
            .ask
            .as_deref()
            .and_then(|a| question(l, a, &roster, notice.round.unwrap_or(0)).map(|q| (a, q)));
        let body = html! {
            h1 { (roster.name()) }
            p #settings-link { (slots_in(&tr!(l, "dir-settings-line", settings = SLOTS[0], cards = SLOTS[1]), &[
                html! { a href=(format!("/desk/director/{}/settings", t.0)) { (l.t("dir-settings")) } },
                html! { a #cards-link href=(format!("/desk/director/{}/cards", t.0)) { (l.t("dir-cards")) } },
            ])) }
            (crate::web::desk::outcome(notice.done.as_ref(), notice.error.as_ref()))
            @if let Some((action, question)) = &ask {
                (confirmation(t, action, notice.round, question, &desk))
            }
            @for alarm in &alarms { p .alarm .warn { (tr!(l, "dir-alarm", alarm = alarm.to_string())) } }
            (player::find_box(l, t, false))
            (registration(state, &roster, &desk))
            (round_panel(&roster, &desk))
            (timetable::section(&roster, &desk))
            (slips::section(state, &roster, &desk))
            (sheets(&roster, l))
        };
        Ok((tr!(l, "dir-title", name = roster.name()), body))
    })
}

/// A small POST form to `/desk/director/{t}/do/{action}` with the CSRF value and a fresh request id.
fn action_form(t: TournamentId, action: &str, desk: &Desk, fields: Markup, button: &str) -> Markup {
    html! {
        form .action method="post" action=(format!("/desk/director/{}/do/{action}", t.0)) data-action=(action) {
            input type="hidden" name="csrf" value=(desk.csrf);
            input type="hidden" name="request_id" value=(request_id());
            (fields)
            button .big type="submit" { (button) }
        }
    }
}

fn registration(state: &State, roster: &Roster, desk: &Desk) -> Markup {
    let t = roster.tournament.id;
    let count = |s: EntryStatus| {
        roster
            .entrants
            .values()
            .filter(|(_, e)| e.status == s)
            .count()
    };
    let l = desk.lang;
    let bar = roster.bar_suggestion();
    let by_desk = checked_in_by_desk(l, roster);
    // Nobody is dropped silently: who was expected and has not come, by register id (no number before the draw).
    let expected: Vec<(String, String)> = roster
        .entrants
        .values()
        .filter(|(_, e)| e.status == EntryStatus::PreRegistered)
        .map(|(p, _)| {
            (
                p.id.to_string(),
                format!("{} {}", p.fields.family_name, p.fields.given_name),
            )
        })
        .collect();
    html! {
        section #registration {
            h2 { (l.t("dir-registration")) }
            p #counts {
                (slot_in(&tr!(l, "dir-counts", expected = count(EntryStatus::PreRegistered), checked = SLOT,
                    withdrawn = count(EntryStatus::Withdrawn)),
                    html! { strong { (tr!(l, "dir-checked-in", n = count(EntryStatus::CheckedIn))) } }))
            }
            @if !by_desk.is_empty() {
                table #by-desk {
                    thead { tr { th { (l.t("dir-checked-in-at")) } th .num { (l.t("dir-players")) } } }
                    tbody {
                        @for (desk_name, n) in &by_desk {
                            tr { td { (desk_name) } td .num { (n) } }
                        }
                    }
                }
            }
            @if let Some((rank, top)) = bar {
                p .note { (slot_in(&tr!(l, "dir-bga-bar", rank = l.rank(rank), top = top, link = SLOT),
                    html! { a href=(format!("/desk/director/{}/settings#mcmahon", t.0)) { (l.t("dir-bga-set")) } })) }
            }
            @if !expected.is_empty() {
                details #not-arrived open[!roster.tournament.registration_open] {
                    summary {
                        @if roster.tournament.registration_open { (tr!(l, "dir-not-arrived", n = expected.len())) }
                        @else { (tr!(l, "dir-never-arrived", n = expected.len())) }
                    }
                    ul {
                        @for (id, name) in &expected { li { span .num { (id) } " " (name) } }
                    }
                }
            }
            p #imports .links {
                a href=(format!("/desk/director/{}/import", t.0)) { (l.t("dir-import")) } " · "
                a href="/desk/director/ratings" { (l.t("dir-rating-lists")) }
            }
            @if roster.tournament.registration_open {
                (irreversible_form(t, "close-registration", desk, html! {}, &l.t("dir-close-registration"),
                    &question(l, "close-registration", roster, 0).unwrap_or_default()))
            } @else { (reopen::offer(state, roster, desk)) }
        }
    }
}

/// Checked-in players counted by the terminal that checked them in, busiest first; entries checked in by an
/// older version (no stamp) count under "earlier".
fn checked_in_by_desk(l: Lang, roster: &Roster) -> Vec<(String, usize)> {
    let mut counts: std::collections::BTreeMap<String, usize> = Default::default();
    for (_, e) in roster.entrants.values() {
        if e.status == EntryStatus::CheckedIn && !e.ghost {
            let name = e
                .checked_in
                .as_ref()
                .map_or_else(|| l.t("dir-earlier"), |s| s.terminal.clone());
            *counts.entry(name).or_default() += 1;
        }
    }
    let mut rows: Vec<_> = counts.into_iter().collect();
    rows.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    rows
}

fn round_panel(roster: &Roster, desk: &Desk) -> Markup {
    let t = roster.tournament.id;
    let l = desk.lang;
    // A ladder or a self-paired event has no rounds: its games go in on the results desk's page.
    if roster.tournament.settings.system.unrounded() {
        return html! {
            section #round {
                h2 { (l.t("dir-games")) }
                @if roster.tournament.registration_open {
                    p .note { (l.t("dir-unrounded-close")) }
                }
                p { (slot_in(&tr!(l, "dir-unrounded", link = SLOT),
                    html! { a href=(format!("/desk/results/{}", t.0)) { (l.t("dir-results-page")) } })) }
            }
        };
    }
    let total = roster.tournament.settings.rounds;
    let last = roster.rounds().last();
    let next = last.map_or(1, |r| r.number + 1);
    // A knockout's next round may be drawn once this one is published (its games fill in as results come), so
    // the round before may still be open beside it.
    let before = roster
        .rounds()
        .iter()
        .rev()
        .nth(1)
        .filter(|r| r.state == RoundState::Published);
    let early = roster.tournament.settings.system.bracket() && before.is_none();
    let can_draw = !roster.tournament.registration_open
        && last.is_none_or(|r| {
            r.state == RoundState::Closed || (early && r.state == RoundState::Published)
        })
        && next <= total;
    html! {
        section #round {
            @match last {
                None => h2 { (tr!(l, "dir-round", round = 1)) },
                Some(r) => h2 { (tr!(l, "dir-round-state", round = r.number, state = r.state.as_str())) },
            }
            @if can_draw {
                (action_form(t, "draw", desk, html! { input type="hidden" name="round" value=(next); },
                    &tr!(l, "dir-draw-round", round = next)))
            } @else if roster.tournament.registration_open && last.is_none() {
                p .note { (l.t("dir-close-before-draw")) }
            }
            @if let Some(r) = before {
                h3 { (tr!(l, "dir-still-published", round = r.number)) }
                (progress(roster, r, desk))
            }
            @if let Some(r) = last {
                @match r.state {
                    RoundState::Drawn => (review(roster, r, desk)),
                    RoundState::Published => (progress(roster, r, desk)),
                    RoundState::Closed => {
                        @if r.number >= total { p #finished { (tr!(l, "dir-finished", total = total)) } }
                    }
                }
            }
            (partial::section(roster, desk))
        }
    }
}

/// Checked-in players with neither a game nor the bye in round `r` (a latecomer checked in after the draw): the
/// round cannot be published or closed until the director pairs each, gives the bye, or marks them absent.
fn unseated(l: Lang, roster: &Roster, r: &RoundRecord, missing: &[ParticipantId]) -> Markup {
    html! {
        @if !missing.is_empty() {
            div #unseated .error {
                p { strong { (l.t("dir-unseated")) " " }
                    @for (i, id) in missing.iter().enumerate() {
                        @if i > 0 { ", " }
                        (label_in(l, roster, *id, r.number))
                    }
                }
                p { (l.t("dir-unseated-decide")) }
            }
        }
    }
}

/// Manual edits by the players' numbers.
fn edit_form(t: TournamentId, r: &RoundRecord, desk: &Desk) -> Markup {
    let l = desk.lang;
    action_form(
        t,
        "edit",
        desk,
        html! {
            input type="hidden" name="round" value=(r.number);
            label { (l.t("dir-edit-change")) " " select name="kind" {
                option value="swap" { (l.t("dir-edit-swap")) }
                option value="pair" { (l.t("dir-edit-pair")) }
                option value="unpair" { (l.t("dir-edit-unpair")) }
                option value="colours" { (l.t("dir-edit-colours")) }
                option value="bye" { (l.t("dir-edit-bye")) }
                option value="absent" { (l.t("dir-edit-absent")) }
            } }
            label { (l.t("dir-player-no")) input name="a" size="5" required; }
            label { (l.t("dir-player-no")) input name="b" size="5"; }
        },
        &l.t("dir-apply"),
    )
}

/// A drawn round before publishing: warnings, games, manual edits, publish.
fn review(roster: &Roster, r: &RoundRecord, desk: &Desk) -> Markup {
    let t = roster.tournament.id;
    let l = desk.lang;
    let round = html! { input type="hidden" name="round" value=(r.number); };
    html! {
        @if !r.warnings.is_empty() {
            h3 { (l.t("dir-warnings")) }
            ul #warnings { @for w in &r.warnings { li { (w) } } }
        }
        (games_table(l, roster, r))
        @if let Some(bye) = r.bye { p #bye { (slot_in(&tr!(l, "dir-bye", player = SLOT), label_in(l, roster, bye, r.number))) } }
        @if !r.advancing.is_empty() {
            p #advancing {
                @if roster.tournament.settings.system.eliminates() { (l.t("dir-through")) } @else { (l.t("dir-bye-label")) }
                ": "
                @for (i, p) in r.advancing.iter().enumerate() { @if i > 0 { ", " } (label_in(l, roster, *p, r.number)) }
            }
        }
        @if !r.in_parts() {
            (unseated(l, roster, r, &crate::domain::lifecycle::unseated(roster.state, t, r)))
        }
        h3 { (l.t("dir-change-by-hand")) }
        (edit_form(t, r, desk))
        @let redraw = if r.in_parts() { "redraw-part" } else { "redraw" };
        div .actions {
            (irreversible_form(t, "publish", desk, round.clone(), &tr!(l, "dir-publish-round", round = r.number),
                &question(l, "publish", roster, r.number).unwrap_or_default()))
            (irreversible_form(t, redraw, desk, round, &l.t("dir-draw-again"),
                &question(l, redraw, roster, r.number).unwrap_or_default()))
        }
    }
}

fn games_table(l: Lang, roster: &Roster, r: &RoundRecord) -> Markup {
    let mut games: Vec<&GameRecord> = r.games.iter().collect();
    games.sort_by_key(|g| g.table);
    html! {
        div .scroll { table #games {
            thead { tr { th .r { (l.t("results-table")) } th { (l.t("desk-white")) } th { (l.t("desk-black")) }
                th .r { (l.t("dir-col-hcp")) } th { (l.t("results-result")) } } }
            tbody { @for g in &games {
                @let same_club = !roster.club(g.white).is_empty() && roster.club(g.white) == roster.club(g.black);
                tr data-table=(g.table) class=(if same_club { "game same-club" } else { "game" }) {
                    td .r { (g.table) }
                    @if g.colours_open() {
                        (players_cells_in(l, roster, g, r.number))
                    } @else {
                        td .name { (label_in(l, roster, g.white, r.number)) }
                        td .name { (label_in(l, roster, g.black, r.number)) @if same_club { " " span .warn { (l.t("dir-same-club")) } } }
                    }
                    td .r { @if g.handicap > 0 { (g.handicap) } }
                    td { (tr!(l, "desk-progress", state = g.progress().as_str())) }
                }
            } }
        } }
    }
}

/// A published round: counts, the tables still open with every report, settling, closing. A nigiri table whose
/// confirmed result waits for its colours is open too: it blocks closing.
fn progress(roster: &Roster, r: &RoundRecord, desk: &Desk) -> Markup {
    let t = roster.tournament.id;
    let l = desk.lang;
    let counts = crate::domain::lifecycle::progress_counts(r);
    let mut open: Vec<_> = r
        .open_games()
        .into_iter()
        .filter(|(g, _)| r.shows(g))
        .collect();
    open.extend(
        r.lacking_colours()
            .into_iter()
            .map(|g| (g, ResultProgress::Confirmed)),
    );
    open.sort_by_key(|(g, _)| g.table);
    let missing = crate::domain::lifecycle::unseated(roster.state, t, r);
    html! {
        @if !missing.is_empty() && !r.in_parts() {
            (unseated(l, roster, r, &missing))
            (edit_form(t, r, desk))
        }
        p #progress {
            (slot_in(&tr!(l, "dir-progress", confirmed = counts.confirmed, pending = counts.pending,
                missing = counts.missing, mismatched = SLOT, disputed = counts.disputed),
                html! { strong { (tr!(l, "dir-mismatched", n = counts.mismatched)) } }))
        }
        @if !open.is_empty() {
            div .scroll { table #open {
                thead { tr { th .r { (l.t("results-table")) } th { (l.t("dir-col-game")) } th { (l.t("dir-col-reports")) } th { (l.t("dir-settle")) } } }
                @for (g, state) in &open { (parts::rows(&format!("t{}", g.table), html! {
                    tr data-table=(g.table) class=(format!("open {}", state.as_str())) {
                        td .r { (g.table) }
                        td .name {
                            (label_in(l, roster, g.white, r.number)) " – " (label_in(l, roster, g.black, r.number))
                            @if g.colours_open() { " · " strong { "nigiri" } }
                        }
                        td {
                            @for rep in &g.reports {
                                div { (result_words(l, &rep.result)) " (" (rep.terminal)
                                    @if !rep.operator.is_empty() { ", " (rep.operator) } ")" }
                            }
                            @if *state == ResultProgress::Disputed { div .warn { (g.notes.join("; ")) } }
                            @if g.lacks_colours() { div .warn .nigiri { (l.t("results-nigiri-unrecorded")) } }
                        }
                        td {
                        @if g.colours_open() { (colours_forms(roster, r, g, desk)) }
                        @if *state != ResultProgress::Confirmed { (action_form(t, "result", desk, html! {
                            input type="hidden" name="round" value=(r.number);
                            input type="hidden" name="table" value=(g.table);
                            // No result until the director chooses one: Settle alone records nothing.
                            select name="result" required aria-label=(tr!(l, "dir-result-at", table = g.table))
                                data-choose=(l.t("dir-choose-first")) {
                                option value="" selected { (l.t("dir-choose-result")) }
                                option value="w" { (l.t("results-key-w")) } option value="b" { (l.t("results-key-b")) }
                                option value="j" { (l.t("results-key-j")) } option value="x" { (l.t("results-key-x")) }
                                option value="wf" { (l.t("dir-white-forfeit")) } option value="bf" { (l.t("dir-black-forfeit")) }
                            }
                        }, &l.t("dir-settle"))) }
                        }
                    }
                })) }
            } }
        }
        (irreversible_form(t, "close", desk, html! { input type="hidden" name="round" value=(r.number); },
            &tr!(l, "dir-close-round", round = r.number), &question(l, "close", roster, r.number).unwrap_or_default()))
    }
}

/// "Black: #7 Abe Ken" for each player of a nigiri game: records who had Black (the referee's report).
fn colours_forms(roster: &Roster, r: &RoundRecord, g: &GameRecord, desk: &Desk) -> Markup {
    let t = roster.tournament.id;
    html! {
        @for p in [g.white, g.black] {
            (action_form(t, "colours", desk, html! {
                input type="hidden" name="round" value=(r.number);
                input type="hidden" name="table" value=(g.table);
                input type="hidden" name="a" value=(roster.number_text(p));
            }, &tr!(desk.lang, "dir-black-button", number = roster.number_text(p), name = roster.full_name(p))))
        }
    }
}

fn sheets(roster: &Roster, l: Lang) -> Markup {
    let t = roster.tournament.id;
    let system = roster.tournament.settings.system;
    let sc = &roster.tournament.settings.scoring;
    let teams = sc.team_counting > 0 || sc.team_boards > 0;
    let files = [
        ("egf", l.t("dir-file-egf")),
        ("opengotha", l.t("dir-file-opengotha")),
        ("tou", l.t("dir-file-tou")),
        ("aga", l.t("dir-file-aga")),
        ("csv-register", l.t("dir-file-csv-register")),
        ("csv-standings", l.t("dir-file-csv-standings")),
    ];
    html! {
        section #sheets {
            h2 { (l.t("dir-sheets")) }
            p .actions {
                @for kind in crate::sheets::KINDS.iter().filter(|k| !crate::sheets::FILES.contains(k) && crate::sheets::offered(system, k))
                    .filter(|k| **k != "teams" || teams) {
                    a .big href=(format!("/desk/director/{}/sheet/{kind}", t.0)) target="_blank" { (tr!(l, "dir-sheet", kind = *kind)) }
                }
            }
            h2 { (l.t("dir-files")) }
            p .actions {
                @for (kind, label) in files.into_iter().filter(|(k, _)| crate::sheets::offered(system, k)) {
                    // No `download` attribute: the file comes as an attachment anyway, and a refusal (a name to
                    // type in Latin letters first) then shows as a page instead of a failed download.
                    a .big href=(format!("/desk/director/{}/sheet/{kind}?file=true", t.0)) { (label) }
                }
            }
        }
        section #money {
            h2 { (l.t("dir-money")) }
            p .actions { a .big #money-link href="/desk/money" { (l.t("dir-money-link")) } }
        }
    }
}

/// Every dashboard form's fields (each action reads the ones it needs).
#[derive(Debug, Default, Deserialize)]
pub struct ActionForm {
    #[serde(default)]
    csrf: String,
    #[serde(default)]
    request_id: String,
    round: Option<u32>,
    kind: Option<String>,
    a: Option<String>,
    b: Option<String>,
    table: Option<u32>,
    result: Option<String>,
    slip: Option<u64>,
    accept: Option<String>,
    reason: Option<String>,
    /// `yes` once the director has answered an irreversible action's question.
    confirmed: Option<String>,
    /// A round's new start (`move-start`).
    start: Option<String>,
    /// The score group a part of a round draws (`draw-part`), half points.
    group: Option<String>,
}

/// `POST /desk/director/{t}/do/{action}`: one command, then back to the dashboard with what happened.
async fn act(
    Shared(web): Shared<Arc<Web>>,
    desk: Desk,
    Path((t, action)): Path<(String, String)>,
    Form(form): Form<ActionForm>,
) -> Response {
    // The dashboard is the director's page; each command's own role is checked by the core.
    if let Err(refused) = desk.require(Action::Direct) {
        return refused.into_response();
    }
    let t = match tournament_id(&t) {
        Ok(t) => t,
        Err(e) => return e.into_response(),
    };
    let dashboard = format!("/desk/director/{}", t.0);
    let back = |key: &str, message: &str| super::back_to(&dashboard, &[(key, message)], "");
    if asks_first(&action) && form.confirmed.as_deref() != Some("yes") {
        // Not without the director's answer: the dashboard asks (after the role and the form's own checks, so a
        // wrong desk or a forged form is refused as before).
        if let Err(refused) = desk.check_csrf(&form.csrf) {
            return refused.into_response();
        }
        let round = form.round.map(|n| n.to_string());
        let mut query = vec![("ask", action.as_str())];
        query.extend(round.as_deref().map(|n| ("round", n)));
        return super::back_to(&dashboard, &query, "confirm");
    }
    let l = desk.lang;
    let command = web
        .core
        .read(|s| command(l, s, t, &action, &form))
        .map_err(|_| l.t("dir-busy"))
        .and_then(|c| c);
    let Plan {
        cmd,
        target,
        done,
        settle,
    } = match command {
        Ok(c) => c,
        Err(problem) => return back("error", &problem),
    };
    let written = web
        .desk_write(&desk, &form.csrf, &form.request_id, cmd, target)
        .await;
    // A disputed table settled here: the result is in; the dispute is cleared as the referee's Settle clears it
    // (its own request id, derived from the form's, so a resubmitted form applies it once).
    let written = match (written, settle) {
        (Ok(_), Some(settle)) => {
            let id = format!("{}-settle", form.request_id.trim());
            web.desk_write(&desk, &form.csrf, &id, settle, target).await
        }
        (written, _) => written,
    };
    match written {
        Ok(_) => back("done", &done),
        Err(refused) if refused.kind() == Kind::Forbidden => {
            refused.page(desk.lang).into_response()
        }
        Err(refused) => back("error", &refused.message(desk.lang)),
    }
}

/// `?round=N` for a sheet.
#[derive(Debug, Default, Deserialize)]
pub struct SheetQuery {
    round: Option<u32>,
    /// Download the file for another program (the `.h9` as a file rather than a printable page).
    file: Option<bool>,
}

/// `GET /desk/director/{t}/sheet/{kind}`: a printable sheet as HTML, or with `file=true` (always for the files
/// of other programs) the file to save, in its own encoding.
async fn sheet(
    Shared(web): Shared<Arc<Web>>,
    desk: Desk,
    Path((t, kind)): Path<(String, String)>,
    Lenient(query): Lenient<SheetQuery>,
) -> Response {
    let needed = crate::app::documents::needs(&kind).unwrap_or(Action::Direct);
    if let Err(refused) = desk.require(needed) {
        return refused.into_response();
    }
    let t = match tournament_id(&t) {
        Ok(t) => t,
        Err(e) => return e.into_response(),
    };
    let round = query.round.unwrap_or(0);
    let as_file = query.file.unwrap_or(false) || crate::sheets::FILES.contains(&kind.as_str());
    match web.core.read(|s| {
        crate::app::documents::render(s, &desk.caller, t, &kind, round, !as_file, desk.lang)
    }) {
        Ok(Ok(doc)) if as_file && !doc.file_name.is_empty() => {
            let disposition = format!("attachment; filename=\"{}\"", doc.file_name);
            let body = crate::sheets::file_bytes(&doc);
            (
                [
                    (header::CONTENT_TYPE, doc.content_type),
                    (header::CONTENT_DISPOSITION, disposition),
                ],
                body,
            )
                .into_response()
        }
        Ok(Ok(doc)) => ([(header::CONTENT_TYPE, doc.content_type)], doc.body).into_response(),
        Ok(Err(refused)) => WebError::refused(&refused, desk.lang).into_response(),
        Err(_) => WebError::unavailable(desk.lang.t("dir-busy-retry"))
            .in_lang(desk.lang)
            .into_response(),
    }
}
