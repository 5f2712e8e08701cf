//! `/desk/results/{t}`: the results desk, keyboard first. A volunteer reads the slips of the current round: the
//! table number, one key for the result (b, w, j, x; f for "by forfeit"), Enter — and the page comes back with the
//! table field empty and focused, so a hundred slips take a few minutes. Below the form, every table of the round,
//! live: confirmed, pending (which terminal entered what, waiting for the second desk), mismatched (both entries
//! and who made them), missing, disputed. Tables are typed and shown by table number, players by their number on
//! the sheets. A nigiri table whose colours nobody recorded asks "Who had Black?" (its two players, no default)
//! before its played result is sent; the table, the key and the forfeit box stay as typed until it is answered.
//!
//! Reads the applied state; writes only `ReportResult`, through the writer, as this desk's terminal. Works without
//! script (radio buttons, or "12w" typed in the table field); `assets/desk.js` adds the single-key entry. A club
//! ladder has no rounds: its results page is `ladder`'s form (the two players' numbers, who won), which writes
//! `RecordLadderGame`.

mod entry;
mod ladder;

pub use entry::{key_outcome, parse_black, parse_entry, SlipEntry};

use super::session::Desk;
use super::{request_id, Refused, Web};
use crate::app::roster::Roster;
use crate::app::{Kind, Target};
use crate::auth::Action;
use crate::domain::lifecycle::{self, nigiri, progress_counts};
use crate::domain::round::{GameRecord, ResultProgress, RoundRecord, RoundState};
use crate::domain::{Command, State, Subject, TournamentId};
use crate::web::board::pairings::{label, players_cells};
use crate::web::board::roster;
use crate::web::board::InTournament;
use crate::web::error::http_status;
use crate::web::topics::Topic;
use crate::web::WebError;
use axum::extract::rejection::QueryRejection;
use axum::extract::{Query, State as Shared};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Form, Router};
use maud::{html, Markup, PreEscaped};
use serde::Deserialize;
use std::sync::Arc;

/// The routes of this page.
pub fn routes() -> Router<Arc<Web>> {
    Router::new().route("/desk/results/{t}", get(page).post(enter))
}

/// `?round=N` (another round than the current one), `?done=…` (after an entry) or `?mismatch=…` (after an entry
/// that disagrees with the other desk's).
#[derive(Debug, Default, Deserialize)]
pub struct ResultsQuery {
    round: Option<String>,
    done: Option<String>,
    mismatch: Option<String>,
}

/// What the page says above the tables. The round's entry form always comes back empty; a ladder's form keeps
/// what was typed (its two numbers are typed into labelled fields, not one field a slip after another).
#[derive(Debug, Default)]
struct Notice {
    done: Option<String>,
    /// An entry recorded but disagreeing with the other desk's: shown red, like a refusal.
    mismatch: Option<String>,
    error: Option<String>,
    /// A ladder's form as typed.
    ladder: ladder::LadderEntry,
    /// A nigiri table's slip waiting for who had Black: the form comes back with it and asks.
    black: Option<SlipEntry>,
}

/// The topics the page follows: every round change and result report.
fn topics(t: TournamentId) -> [Topic; 1] {
    [Topic::Rounds(t)]
}

/// `GET /desk/results/{t}`.
async fn page(
    Shared(web): Shared<Arc<Web>>,
    desk: Desk,
    InTournament(t): InTournament,
    query: Result<Query<ResultsQuery>, QueryRejection>,
) -> Response {
    let q = query.map(|q| q.0).unwrap_or_default();
    let round = match parse_round(q.round.as_deref()) {
        Ok(r) => r,
        Err(e) => return e.into_response(),
    };
    let notice = Notice {
        done: q.done,
        mismatch: q.mismatch,
        ..Notice::default()
    };
    web.desk_page(&desk, Action::EnterResults, &topics(t), |state| {
        render(state, t, round, &desk, &notice)
    })
}

/// `?round=N`: none, or a round number (400 otherwise).
pub(super) fn parse_round(raw: Option<&str>) -> Result<Option<u32>, WebError> {
    match raw.map(str::trim) {
        None | Some("") => Ok(None),
        Some(text) => text
            .parse::<u32>()
            .map(Some)
            .map_err(|_| WebError::bad_request("A round is a number, as in ?round=2.")),
    }
}

/// The entry form (every field as text: an empty box must not make the whole form unreadable).
#[derive(Debug, Default, Deserialize)]
pub struct ResultForm {
    #[serde(default)]
    csrf: String,
    #[serde(default)]
    request_id: String,
    /// The round shown when the form was rendered.
    #[serde(default)]
    round: String,
    /// "1" when the page was opened for a chosen round (`?round=N`): the answer keeps it.
    #[serde(default)]
    pinned: String,
    #[serde(default)]
    table: String,
    #[serde(default)]
    result: String,
    #[serde(default)]
    forfeit: String,
    /// A ladder game: the challenger's number.
    #[serde(default)]
    challenger: Option<String>,
    /// A ladder game: the defender's number.
    #[serde(default)]
    defender: String,
    /// A ladder game: challenger, defender or jigo.
    #[serde(default)]
    winner: String,
    /// Who had Black (a nigiri table): the chosen player's register id.
    #[serde(default)]
    black: String,
    /// "1" when the form already asked who had Black: a missing answer is then refused.
    #[serde(default)]
    asked: String,
}

/// `POST /desk/results/{t}`: one result, then back to the empty form (303) with what was entered.
async fn enter(
    Shared(web): Shared<Arc<Web>>,
    desk: Desk,
    InTournament(t): InTournament,
    Form(form): Form<ResultForm>,
) -> Response {
    let pinned = form.pinned == "1";
    let round = form.round.trim().parse::<u32>().ok();
    let forfeit = !form.forfeit.is_empty();
    let ladder_entry = form.challenger.as_ref().map(|c| ladder::LadderEntry {
        challenger: c.clone(),
        defender: form.defender.clone(),
        winner: form.winner.clone(),
    });
    let refused = |status: StatusCode, message: String| {
        // The slip's entry is not kept: the table field comes back empty (and focused), so the next slip cannot
        // merge with the refused one (a "2" typed before a kept "1" was sent as table 21). The message says what
        // was typed.
        let notice = Notice {
            done: None,
            error: Some(message),
            ladder: ladder_entry.clone().unwrap_or_default(),
            ..Notice::default()
        };
        let shown = if pinned { round } else { None };
        let mut response = web.desk_page(&desk, Action::EnterResults, &topics(t), |state| {
            render(state, t, shown, &desk, &notice)
        });
        if response.status() == StatusCode::OK {
            *response.status_mut() = status;
        }
        response
    };
    let write =
        |cmd: Command| web.desk_write(&desk, &form.csrf, &form.request_id, cmd, Target::Rounds(t));
    if let Some(entry) = &ladder_entry {
        let cmd = match entry.command(t) {
            Ok(cmd) => cmd,
            Err(problem) => return refused(StatusCode::BAD_REQUEST, problem),
        };
        return match write(cmd).await {
            Ok(_) => {
                let done = format!(
                    "Recorded: #{} against #{}, {}",
                    entry.challenger.trim().trim_start_matches('#'),
                    entry.defender.trim().trim_start_matches('#'),
                    match entry.winner.as_str() {
                        "challenger" => "the challenger won.",
                        "defender" => "the defender won.",
                        "first" => "the first won.",
                        "second" => "the second won.",
                        _ => "jigo.",
                    }
                );
                super::back_to(&format!("/desk/results/{}", t.0), &[("done", &done)], "")
            }
            Err(refusal) => {
                let (code, message) = self::refusal(&refusal);
                refused(code, message)
            }
        };
    }
    let Some(round) = round else {
        return refused(
            StatusCode::BAD_REQUEST,
            "no round is open for results".into(),
        );
    };
    let typed = typed_slip(&form.table, &form.result, forfeit);
    let entry = match parse_entry(&form.table, &form.result, forfeit) {
        Ok(entry) => entry,
        Err(problem) => return refused(StatusCode::BAD_REQUEST, not_entered(&typed, &problem)),
    };
    let black = match parse_black(&form.black) {
        Ok(black) => black,
        Err(problem) => return refused(StatusCode::BAD_REQUEST, not_entered(&typed, &problem)),
    };
    // A nigiri table's played result asks who had Black first; once asked, a missing answer is refused in red.
    // Either way the slip stays as typed.
    let unnamed = web
        .core
        .read(|s| black_missing(s, t, round, &entry, black))
        .ok()
        .flatten();
    if let Some(problem) = unnamed {
        let asked = form.asked == "1";
        let notice = Notice {
            error: asked.then(|| format!("Not entered: {problem}. Choose the player, then Enter.")),
            black: Some(entry),
            ..Notice::default()
        };
        let shown = if pinned { Some(round) } else { None };
        let mut response = web.desk_page(&desk, Action::EnterResults, &topics(t), |state| {
            render(state, t, shown, &desk, &notice)
        });
        if asked && response.status() == StatusCode::OK {
            *response.status_mut() = StatusCode::CONFLICT;
        }
        return response;
    }
    let cmd = Command::ReportResult {
        tournament: t,
        round,
        table: entry.table,
        result: entry.result,
        black,
    };
    match write(cmd).await {
        Ok(outcome) => {
            let game = match &outcome.subject {
                Some(Subject::Game(_, _, g)) => Some(g),
                _ => None,
            };
            let progress = game.map(GameRecord::progress);
            let named = game
                .filter(|g| black.is_some() && g.black_recorded)
                .and_then(|g| {
                    web.core
                        .read(|s| format!(", Black {}", lifecycle::label(s, t, g.black)))
                        .ok()
                });
            let done = format!(
                "{}{}{}",
                entry.describe(),
                named.unwrap_or_default(),
                progress.map_or("", standing)
            );
            let key = if progress == Some(ResultProgress::Mismatch) {
                "mismatch"
            } else {
                "done"
            };
            let round = round.to_string();
            let mut query = vec![(key, done.as_str())];
            if pinned {
                query.push(("round", &round));
            }
            super::back_to(&format!("/desk/results/{}", t.0), &query, "")
        }
        Err(refusal) if refusal.kind() == Kind::Forbidden => refusal.page().into_response(),
        Err(refusal) => {
            let (code, message) = self::refusal(&refusal);
            refused(code, not_entered(&typed, &message))
        }
    }
}

/// Why `entry` cannot be sent yet: a played result at a nigiri table whose colours nobody recorded, without who
/// had Black (the domain's own words). `None` when it can.
fn black_missing(
    state: &State,
    t: TournamentId,
    round: u32,
    entry: &SlipEntry,
    black: Option<crate::domain::ParticipantId>,
) -> Option<String> {
    let g = state.play.get(&t)?.round(round)?.game_at(entry.table)?;
    nigiri::check_named(g, entry.result, black)
        .err()
        .map(|e| e.to_string())
}

/// The slip as the volunteer typed it, for the refusal's message: "12 w", "3 b f", "w12".
fn typed_slip(table: &str, result: &str, forfeit: bool) -> String {
    let parts = [table.trim(), result.trim(), if forfeit { "f" } else { "" }];
    parts
        .iter()
        .filter(|p| !p.is_empty())
        .copied()
        .collect::<Vec<_>>()
        .join(" ")
}

/// A refused entry's message: what went wrong, what was typed (the field is emptied), what to do.
fn not_entered(typed: &str, problem: &str) -> String {
    let typed = if typed.is_empty() {
        "nothing".to_string()
    } else {
        format!("“{typed}”")
    };
    format!("Not entered: {problem}. You typed {typed}; check the slip and type it again.")
}

/// What a refused write means for the volunteer: the HTTP status and a sentence to act on.
pub(super) fn refusal(refused: &Refused) -> (StatusCode, String) {
    let message = refused.message();
    let kind = refused.kind();
    let message = match kind {
        Kind::Unavailable => format!(
            "the server cannot take writes; keep the slip and try again shortly ({message})"
        ),
        Kind::Internal => format!("the server could not take it: {message}"),
        _ => message,
    };
    (http_status(kind), message)
}

/// After an entry: where the table's result stands now.
fn standing(progress: ResultProgress) -> &'static str {
    match progress {
        ResultProgress::Confirmed => " (confirmed)",
        ResultProgress::Pending => " (waiting for the second desk)",
        ResultProgress::Mismatch => " (does not match the other entry: see the table below)",
        ResultProgress::Disputed => " (disputed: the referee settles it)",
        ResultProgress::Missing => "",
    }
}

/// The round the page shows: the chosen one (published or closed), else the latest published one, else the
/// latest closed one.
pub(super) fn shown_round<'a>(
    roster: &Roster<'a>,
    round: Option<u32>,
) -> Result<Option<&'a RoundRecord>, WebError> {
    let rounds = roster.rounds();
    if let Some(n) = round {
        return rounds
            .iter()
            .find(|r| r.number == n && r.state != RoundState::Drawn)
            .map(Some)
            .ok_or_else(|| WebError::not_found(format!("Round {n} has not been published.")));
    }
    // A knockout plays its next round beside this one: the earlier open round is the one whose results the next
    // waits for (the other is a link away).
    // So does a round drawn in parts: most of its tables wait for the round before.
    let mut open = rounds.iter().filter(|r| r.state == RoundState::Published);
    let next_in_parts = rounds
        .iter()
        .rev()
        .find(|r| r.state == RoundState::Published)
        .is_some_and(RoundRecord::in_parts);
    let current = if roster.tournament.settings.system.bracket() || next_in_parts {
        open.next()
    } else {
        open.next_back()
    };
    Ok(current.or_else(|| rounds.iter().rev().find(|r| r.state == RoundState::Closed)))
}

fn render(
    state: &State,
    t: TournamentId,
    round: Option<u32>,
    desk: &Desk,
    notice: &Notice,
) -> Result<(String, Markup), WebError> {
    let roster = roster(state, t)?;
    let title = format!("{}: results", roster.name());
    if roster.tournament.settings.system.unrounded() {
        let body = html! { (style()) (ladder::page(state, &roster, desk, notice)) };
        return Ok((title, body));
    }
    let Some(r) = shown_round(&roster, round)? else {
        let body = html! {
            (style())
            h1 { "Results" }
            p #none { "No round is published yet. This page shows the round's tables the moment the director publishes it." }
        };
        return Ok((title, body));
    };
    let mut games: Vec<&GameRecord> = r.shown_games().collect();
    games.sort_by_key(|g| g.table);
    let counts = progress_counts(r);
    let mismatched: Vec<u32> = games
        .iter()
        .filter(|g| g.progress() == ResultProgress::Mismatch)
        .map(|g| g.table)
        .collect();
    let body = html! {
        (style())
        h1 { (roster.name()) ": results, round " (r.number) }
        (round_links(&roster, r, round.is_some()))
        @if let Some(done) = &notice.done { p .done .ok role="status" { (done) } }
        @if let Some(mismatch) = &notice.mismatch { p #entered-mismatch .error role="alert" { "Entered: " (mismatch) } }
        @if let Some(error) = &notice.error { p #error .error role="alert" { (error) } }
        @if r.state == RoundState::Closed {
            p .note .warn { "Round " (r.number) " is closed: only the director can still change a result." }
        }
        (entry_form(&roster, r, round.is_some(), desk, notice.black.as_ref()))
        p #progress {
            (counts.confirmed) " confirmed · " (counts.pending) " pending · " (counts.missing) " missing · "
            strong { (counts.mismatched) " mismatched" } " · " (counts.disputed) " disputed"
            " — of " (games.len()) " tables"
            @let by_players = games.iter().filter(|g| g.settled_by_players()).count();
            @if by_players > 0 {
                br; span #by-players { (by_players) " settled by both players: nothing to type for those." }
            }
        }
        @if !mismatched.is_empty() {
            p #mismatches .error {
                "Entries disagree at "
                @for (i, table) in mismatched.iter().enumerate() {
                    @if i > 0 { ", " }
                    a href=(format!("#t{table}")) { "table " (table) }
                }
                ": check the slips; the director settles them."
            }
        }
        (tables(&roster, r, &games))
    };
    Ok((title, body))
}

/// Links to the other published rounds (the current one is the default).
fn round_links(roster: &Roster, r: &RoundRecord, pinned: bool) -> Markup {
    let t = roster.tournament.id.0;
    let published: Vec<u32> = roster
        .rounds()
        .iter()
        .filter(|x| x.state != RoundState::Drawn)
        .map(|x| x.number)
        .collect();
    html! {
        @if published.len() > 1 || pinned {
            p .rounds { "Rounds: "
                @for n in &published {
                    @if *n == r.number { strong { (n) } } @else {
                        a href=(format!("/desk/results/{t}?round={n}")) { (n) }
                    }
                    " "
                }
                @if pinned { a href=(format!("/desk/results/{t}")) { "current round" } }
            }
        }
    }
}

/// The entry form: the table field focused, the result keys, the forfeit box, Enter. With `asking` (a nigiri
/// table's slip without who had Black), the slip as typed and the question, its first answer focused.
fn entry_form(
    roster: &Roster,
    r: &RoundRecord,
    pinned: bool,
    desk: &Desk,
    asking: Option<&SlipEntry>,
) -> Markup {
    let t = roster.tournament.id;
    let keys = [
        ("b", "Black wins"),
        ("w", "White wins"),
        ("j", "Jigo"),
        ("x", "Both lose"),
    ];
    let game = asking.and_then(|e| r.game_at(e.table).map(|g| (e, g)));
    let table = game.map(|(e, _)| e.table.to_string()).unwrap_or_default();
    let chosen = game.and_then(|(e, _)| e.key());
    let forfeit = game.is_some_and(|(e, _)| e.result.by_forfeit);
    html! {
        form #result method="post" action=(format!("/desk/results/{}", t.0)) data-keep="result" autocomplete="off" {
            input type="hidden" name="csrf" value=(desk.csrf);
            input type="hidden" name="request_id" value=(request_id());
            input type="hidden" name="round" value=(r.number);
            @if pinned { input type="hidden" name="pinned" value="1"; }
            label .tablefield {
                "Table"
                input #table name="table" type="text" size="6" maxlength="12" value=(table)
                    autofocus[game.is_none()] autocomplete="off" spellcheck="false" aria-describedby="keys-help";
            }
            fieldset #keys {
                legend { "Result" }
                @for (key, words) in keys {
                    label .key {
                        input type="radio" name="result" value=(key) checked[chosen == Some(key)];
                        kbd { (key) } " " (words)
                    }
                }
                label .key {
                    input #forfeit type="checkbox" name="forfeit" value="1" checked[forfeit];
                    kbd { "f" } " by forfeit"
                }
            }
            @if let Some((_, g)) = game {
                input type="hidden" name="asked" value="1";
                fieldset #black {
                    legend { "Who had Black?" }
                    p .note { "Table " (g.table) " was a nigiri: choose the player who had Black." }
                    @for (i, p) in [g.white, g.black].into_iter().enumerate() {
                        label .key {
                            input type="radio" name="black" value=(p.0) autofocus[i == 0];
                            (label(roster, p, r.number))
                        }
                    }
                }
            }
            button .big .primary type="submit" { "Enter ⏎" }
        }
        p #keys-help .note {
            "Type the table number, press " kbd { "b" } ", " kbd { "w" } ", " kbd { "j" } " or " kbd { "x" }
            " (" kbd { "f" } " for a forfeit), then Enter. Without the keys: type " kbd { "12w" } " and Enter."
        }
    }
}

/// Every table of the round with where its result stands and who entered what.
fn tables(roster: &Roster, r: &RoundRecord, games: &[&GameRecord]) -> Markup {
    html! {
        div .scroll {
            table #tables {
                thead { tr {
                    th .r { "Table" } th { "White" } th { "Black" } th { "State" } th { "Entries" }
                } }
                // One part per table: a refresh downloads only the rows that changed.
                @for g in games {
                    @let progress = g.progress();
                    (super::parts::rows(&format!("t{}", g.table), html! {
                        tr class=(format!("table {}", progress.as_str())) id=(format!("t{}", g.table)) data-table=(g.table) {
                            td .r { strong { (g.table) } }
                            (players_cells(roster, g, r.number))
                            td .state {
                                (state_words(g, progress))
                                @if g.lacks_colours() { br; strong .warn { "nigiri: Black not recorded" } }
                            }
                            td .entries { (entries(roster, g, r.number)) }
                        }
                    }))
                }
            }
        }
        @if let Some(bye) = r.bye {
            p #bye .note { "Bye: " (label(roster, bye, r.number)) }
        }
    }
}

/// "confirmed: white", "waiting for the second desk", "mismatch", …
fn state_words(g: &GameRecord, progress: ResultProgress) -> Markup {
    html! {
        @match (progress, g.confirmed) {
            (ResultProgress::Confirmed, Some(c)) if g.settled_by_players() => {
                "settled by both players: " strong { (c.describe()) }
            },
            (ResultProgress::Confirmed, Some(c)) => { "confirmed: " strong { (c.describe()) } },
            (ResultProgress::Pending, _) if g.players_reported() > 0 => "player reported: waiting for a second",
            (ResultProgress::Pending, _) => "waiting for the second desk",
            (ResultProgress::Mismatch, _) => strong { "mismatch" },
            (ResultProgress::Disputed, _) => "disputed (referee)",
            _ => "missing",
        }
    }
}

/// Each entry with the terminal (and volunteer) that made it; a player's own report names the player.
fn entries(roster: &Roster, g: &GameRecord, round: u32) -> Markup {
    html! {
        @for rep in &g.reports {
            div .entry {
                (rep.result.describe()) " — "
                @if let Some(player) = rep.player {
                    span .terminal title=(rep.operator) { (label(roster, player, round)) } " (player)"
                } @else {
                    span .terminal { (rep.terminal) }
                    @if !rep.operator.is_empty() { " (" (rep.operator) ")" }
                    @if rep.role != crate::domain::Role::Results { " · " (rep.role.as_str()) }
                }
            }
        }
    }
}

/// The page's own styles (states of the rows, the big entry form) and its script.
fn style() -> Markup {
    html! {
        style { (PreEscaped(STYLE)) }
    }
}

const STYLE: &str = "\
#result{display:flex;flex-wrap:wrap;gap:.75rem;align-items:flex-end;padding:.75rem;border:2px solid var(--ink);\
border-radius:.5rem;margin:.5rem 0}\
#result .tablefield{display:grid;gap:.15rem;font-weight:600}\
#table{font-size:1.8rem;width:5.5em;padding:.25rem .5rem;border:2px solid var(--ink);border-radius:.4rem}\
#keys{display:flex;flex-wrap:wrap;gap:.4rem;border:0;margin:0;padding:0}\
#keys legend{font-weight:600;padding:0}\
#keys label.key{border:1px solid var(--line);border-radius:.4rem;padding:.45rem .6rem;cursor:pointer}\
#keys label.key:has(input:checked){background:var(--ink);color:var(--paper)}\
#black{display:flex;flex-wrap:wrap;gap:.4rem;align-items:center;border:2px solid var(--accent);border-radius:.4rem;\
padding:.4rem .6rem;margin:0}\
#black legend{font-weight:700;padding:0 .2rem}\
#black .note{flex:1 1 100%;margin:0}\
#black label.key{border:1px solid var(--line);border-radius:.4rem;padding:.45rem .6rem;cursor:pointer}\
#black label.key:has(input:checked){background:var(--ink);color:var(--paper)}\
kbd{font-family:ui-monospace,monospace;font-weight:700;border:1px solid var(--line);border-radius:.25rem;\
padding:0 .3rem;background:var(--band);color:var(--ink)}\
tr.table.confirmed td{color:var(--muted)}\
tr.table.pending{background:#fffbe6}\
tr.table.mismatch{background:#fdecea}\
tr.table.mismatch td{font-weight:600}\
tr.table.disputed{background:#fff4e5}\
tr.table.missing td.state{color:var(--accent)}\
td.entries .entry{white-space:nowrap}\
";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refusals_become_statuses_a_volunteer_can_act_on() {
        use crate::domain::Rejected;
        let rule = |r| Refused::Core(crate::app::Refusal::rule(r));
        let (code, _) = refusal(&rule(Rejected::Invalid {
            field: "table",
            message: "there is no game at table 99".into(),
        }));
        assert_eq!(code, StatusCode::BAD_REQUEST);
        let (code, _) = refusal(&rule(Rejected::Precondition("already confirmed".into())));
        assert_eq!(code, StatusCode::CONFLICT);
        let (code, message) = refusal(&Refused::Core(crate::app::Refusal::Unavailable(
            "standby".into(),
        )));
        assert_eq!(code, StatusCode::SERVICE_UNAVAILABLE);
        assert!(message.starts_with("the server cannot take writes"));
    }

    #[test]
    fn a_refused_slip_is_named_as_typed() {
        assert_eq!(typed_slip(" 9 ", "w", false), "9 w");
        assert_eq!(typed_slip("12", "b", true), "12 b f");
        assert_eq!(typed_slip("w12", "", false), "w12");
        let message = not_entered(&typed_slip("9", "w", false), "there is no game at table 9");
        assert_eq!(
            message,
            "Not entered: there is no game at table 9. You typed “9 w”; check the slip and type it again."
        );
        assert!(not_entered("", "type the table number first").contains("You typed nothing"));
    }

    #[test]
    fn a_round_in_the_address_is_a_number() {
        assert_eq!(parse_round(None), Ok(None));
        assert_eq!(parse_round(Some("")), Ok(None));
        assert_eq!(parse_round(Some("2")), Ok(Some(2)));
        assert!(parse_round(Some("two")).is_err());
    }
}
