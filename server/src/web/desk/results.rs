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
use crate::tr;
use crate::web::board::pairings::{label, players_cells};
use crate::web::board::roster;
use crate::web::board::InTournament;
use crate::web::desk::{result_words, slot_in, slots_in, SLOT, SLOTS};
use crate::web::error::http_status;
use crate::web::lang::Lang;
use crate::web::lenient::Lenient;
use crate::web::topics::Topic;
use crate::web::WebError;
use axum::extract::State as Shared;
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
    Lenient(q): Lenient<ResultsQuery>,
) -> Response {
    let round = match parse_round(desk.lang, q.round.as_deref()) {
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
pub(super) fn parse_round(l: Lang, raw: Option<&str>) -> Result<Option<u32>, WebError> {
    match raw.map(str::trim) {
        None | Some("") => Ok(None),
        Some(text) => text
            .parse::<u32>()
            .map(Some)
            .map_err(|_| WebError::bad_request(l.t("results-round-number")).in_lang(l)),
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
    let l = desk.lang;
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
        let cmd = match entry.command(l, t) {
            Ok(cmd) => cmd,
            Err(problem) => return refused(StatusCode::BAD_REQUEST, problem),
        };
        return match write(cmd).await {
            Ok(_) => {
                let done = tr!(
                    l,
                    "ladder-recorded",
                    first = entry.challenger.trim().trim_start_matches('#'),
                    second = entry.defender.trim().trim_start_matches('#'),
                    winner = match entry.winner.as_str() {
                        w @ ("challenger" | "defender" | "first" | "second") => w,
                        _ => "jigo",
                    }
                );
                super::back_to(&format!("/desk/results/{}", t.0), &[("done", &done)], "")
            }
            Err(refusal) => {
                let (code, message) = self::refusal(l, &refusal);
                refused(code, message)
            }
        };
    }
    let Some(round) = round else {
        return refused(StatusCode::BAD_REQUEST, l.t("results-no-round-open"));
    };
    let typed = typed_slip(&form.table, &form.result, forfeit);
    let entry = match parse_entry(l, &form.table, &form.result, forfeit) {
        Ok(entry) => entry,
        Err(problem) => return refused(StatusCode::BAD_REQUEST, not_entered(l, &typed, &problem)),
    };
    let black = match parse_black(l, &form.black) {
        Ok(black) => black,
        Err(problem) => return refused(StatusCode::BAD_REQUEST, not_entered(l, &typed, &problem)),
    };
    // A nigiri table's played result asks who had Black first; once asked, a missing answer is refused in red.
    // Either way the slip stays as typed.
    let unnamed = web
        .core
        .read(|s| black_missing(l, s, t, round, &entry, black))
        .ok()
        .flatten();
    if let Some(problem) = unnamed {
        let asked = form.asked == "1";
        let notice = Notice {
            error: asked.then(|| tr!(l, "results-choose-black", problem = &problem)),
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
                        .read(|s| {
                            tr!(
                                l,
                                "results-black-was",
                                label = lifecycle::label(s, t, g.black)
                            )
                        })
                        .ok()
                });
            let done = format!(
                "{}{}{}",
                entry.describe(l),
                named.unwrap_or_default(),
                progress.map_or_else(String::new, |p| standing(l, p))
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
        Err(refusal) if refusal.kind() == Kind::Forbidden => refusal.page(l).into_response(),
        Err(refusal) => {
            let (code, message) = self::refusal(l, &refusal);
            refused(code, not_entered(l, &typed, &message))
        }
    }
}

/// Why `entry` cannot be sent yet: a played result at a nigiri table whose colours nobody recorded, without who
/// had Black (the domain's own words, in the page's language `l`). `None` when it can.
fn black_missing(
    l: Lang,
    state: &State,
    t: TournamentId,
    round: u32,
    entry: &SlipEntry,
    black: Option<crate::domain::ParticipantId>,
) -> Option<String> {
    let g = state.play.get(&t)?.round(round)?.game_at(entry.table)?;
    nigiri::check_named(g, entry.result, black)
        .err()
        .map(|e| crate::web::error::rejected_words(l, &e))
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
fn not_entered(l: Lang, typed: &str, problem: &str) -> String {
    if typed.is_empty() {
        tr!(l, "results-not-entered-nothing", problem = problem)
    } else {
        tr!(l, "results-not-entered", problem = problem, typed = typed)
    }
}

/// What a refused write means for the volunteer: the HTTP status and a sentence to act on.
pub(super) fn refusal(l: Lang, refused: &Refused) -> (StatusCode, String) {
    let message = refused.message(l);
    let kind = refused.kind();
    let message = match kind {
        Kind::Unavailable => tr!(l, "results-no-writes", why = message),
        Kind::Internal => tr!(l, "results-internal", why = message),
        _ => message,
    };
    (http_status(kind), message)
}

/// After an entry: where the table's result stands now.
fn standing(l: Lang, progress: ResultProgress) -> String {
    let id = match progress {
        ResultProgress::Confirmed => "results-now-confirmed",
        ResultProgress::Pending => "results-now-pending",
        ResultProgress::Mismatch => "results-now-mismatch",
        ResultProgress::Disputed => "results-now-disputed",
        ResultProgress::Missing => return String::new(),
    };
    format!(" {}", l.t(id))
}

/// The round the page shows: the chosen one (published or closed), else the latest published one, else the
/// latest closed one.
pub(super) fn shown_round<'a>(
    l: Lang,
    roster: &Roster<'a>,
    round: Option<u32>,
) -> Result<Option<&'a RoundRecord>, WebError> {
    let rounds = roster.rounds();
    if let Some(n) = round {
        return rounds
            .iter()
            .find(|r| r.number == n && r.state != RoundState::Drawn)
            .map(Some)
            .ok_or_else(|| {
                WebError::not_found(tr!(l, "results-not-published", round = n)).in_lang(l)
            });
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
    let l = desk.lang;
    let title = tr!(l, "results-title", name = roster.name());
    if roster.tournament.settings.system.unrounded() {
        let body = html! { (style()) (ladder::page(state, &roster, desk, notice)) };
        return Ok((title, body));
    }
    let Some(r) = shown_round(l, &roster, round)? else {
        let body = html! {
            (style())
            h1 { (l.t("results-heading")) }
            p #none { (l.t("results-none-published")) }
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
        h1 { (tr!(l, "results-round-heading", name = roster.name(), round = r.number)) }
        (round_links(l, &roster, r, round.is_some()))
        @if let Some(done) = &notice.done { p .done .ok role="status" { (done) } }
        @if let Some(mismatch) = &notice.mismatch { p #entered-mismatch .error role="alert" { (tr!(l, "results-entered", entry = mismatch)) } }
        @if let Some(error) = &notice.error { p #error .error role="alert" { (error) } }
        @if r.state == RoundState::Closed {
            p .note .warn { (tr!(l, "results-round-closed", round = r.number)) }
        }
        (entry_form(l, &roster, r, round.is_some(), desk, notice.black.as_ref()))
        p #progress {
            (tr!(l, "results-progress", confirmed = counts.confirmed, pending = counts.pending, missing = counts.missing)) " "
            strong { (tr!(l, "results-mismatched", n = counts.mismatched)) } " · " (tr!(l, "results-disputed", n = counts.disputed))
            " " (tr!(l, "results-of-tables", n = games.len()))
            @let by_players = games.iter().filter(|g| g.settled_by_players()).count();
            @if by_players > 0 {
                br; span #by-players { (tr!(l, "results-by-players", n = by_players)) }
            }
        }
        @if !mismatched.is_empty() {
            p #mismatches .error {
                (slot_in(&tr!(l, "results-disagree", tables = SLOT), html! {
                    @for (i, table) in mismatched.iter().enumerate() {
                        @if i > 0 { ", " }
                        a href=(format!("#t{table}")) { (tr!(l, "results-table-n", table = *table)) }
                    }
                }))
            }
        }
        (tables(l, &roster, r, &games))
    };
    Ok((title, body))
}

/// Links to the other published rounds (the current one is the default).
fn round_links(l: Lang, roster: &Roster, r: &RoundRecord, pinned: bool) -> Markup {
    let t = roster.tournament.id.0;
    let published: Vec<u32> = roster
        .rounds()
        .iter()
        .filter(|x| x.state != RoundState::Drawn)
        .map(|x| x.number)
        .collect();
    html! {
        @if published.len() > 1 || pinned {
            p .rounds { (l.t("reg-rounds-label")) " "
                @for n in &published {
                    @if *n == r.number { strong { (n) } } @else {
                        a href=(format!("/desk/results/{t}?round={n}")) { (n) }
                    }
                    " "
                }
                @if pinned { a href=(format!("/desk/results/{t}")) { (l.t("results-current-round")) } }
            }
        }
    }
}

/// The entry form: the table field focused, the result keys, the forfeit box, Enter. With `asking` (a nigiri
/// table's slip without who had Black), the slip as typed and the question, its first answer focused.
fn entry_form(
    l: Lang,
    roster: &Roster,
    r: &RoundRecord,
    pinned: bool,
    desk: &Desk,
    asking: Option<&SlipEntry>,
) -> Markup {
    let t = roster.tournament.id;
    let keys = [
        ("b", l.t("results-key-b")),
        ("w", l.t("results-key-w")),
        ("j", l.t("results-key-j")),
        ("x", l.t("results-key-x")),
    ];
    let game = asking.and_then(|e| r.game_at(e.table).map(|g| (e, g)));
    let table = game.map(|(e, _)| e.table.to_string()).unwrap_or_default();
    let chosen = game.and_then(|(e, _)| e.key());
    let forfeit = game.is_some_and(|(e, _)| e.result.by_forfeit);
    html! {
        form #result method="post" action=(format!("/desk/results/{}", t.0)) data-keep="result" autocomplete="off"
            data-not-entered=(tr!(l, "results-not-entered", problem = "{problem}", typed = "{typed}"))
            data-not-entered-nothing=(tr!(l, "results-not-entered-nothing", problem = "{problem}"))
            data-type-table=(l.t("results-type-table")) data-press-key=(l.t("results-press-key-after")) {
            input type="hidden" name="csrf" value=(desk.csrf);
            input type="hidden" name="request_id" value=(request_id());
            input type="hidden" name="round" value=(r.number);
            @if pinned { input type="hidden" name="pinned" value="1"; }
            label .tablefield {
                (l.t("results-table"))
                input #table name="table" type="text" size="6" maxlength="12" value=(table)
                    autofocus[game.is_none()] autocomplete="off" spellcheck="false" aria-describedby="keys-help";
            }
            fieldset #keys {
                legend { (l.t("results-result")) }
                @for (key, words) in keys {
                    label .key {
                        input type="radio" name="result" value=(key) checked[chosen == Some(key)];
                        kbd { (key) } " " (words)
                    }
                }
                label .key {
                    input #forfeit type="checkbox" name="forfeit" value="1" checked[forfeit];
                    kbd { "f" } " " (l.t("results-by-forfeit"))
                }
            }
            @if let Some((_, g)) = game {
                input type="hidden" name="asked" value="1";
                fieldset #black {
                    legend { (l.t("results-who-black")) }
                    p .note { (tr!(l, "results-nigiri", table = g.table)) }
                    @for (i, p) in [g.white, g.black].into_iter().enumerate() {
                        label .key {
                            input type="radio" name="black" value=(p.0) autofocus[i == 0];
                            (label(roster, p, r.number))
                        }
                    }
                }
            }
            button .big .primary type="submit" { (l.t("results-enter")) }
        }
        p #keys-help .note {
            (slots_in(&tr!(l, "results-keys-help", b = SLOTS[0], w = SLOTS[1], j = SLOTS[2], x = SLOTS[3],
                f = SLOTS[4], example = SLOTS[5]),
                &[html! { kbd { "b" } }, html! { kbd { "w" } }, html! { kbd { "j" } }, html! { kbd { "x" } },
                    html! { kbd { "f" } }, html! { kbd { "12w" } }]))
        }
    }
}

/// Every table of the round with where its result stands and who entered what.
fn tables(l: Lang, roster: &Roster, r: &RoundRecord, games: &[&GameRecord]) -> Markup {
    let heads = match_heads(l, roster, r);
    html! {
        div .scroll {
            table #tables {
                thead { tr {
                    th .r { (l.t("results-table")) } th { (l.t("desk-white")) } th { (l.t("desk-black")) }
                    th { (l.t("results-state")) } th { (l.t("results-entries")) }
                } }
                // One part per table: a refresh downloads only the rows that changed.
                @for g in games {
                    @if let Some(head) = heads.get(&g.table) {
                        (super::parts::rows(&format!("m{}", g.table), html! {
                            tr .match-head id=(format!("m{}", g.table)) { td colspan="5" { strong { (head) } } }
                        }))
                    }
                    @let progress = g.progress();
                    (super::parts::rows(&format!("t{}", g.table), html! {
                        tr class=(format!("table {}", progress.as_str())) id=(format!("t{}", g.table)) data-table=(g.table) {
                            td .r { strong { (g.table) } }
                            (players_cells(roster, g, r.number))
                            td .state {
                                (state_words(l, g, progress))
                                @if g.lacks_colours() { br; strong .warn { (l.t("results-nigiri-unrecorded")) } }
                            }
                            td .entries { (entries(l, roster, g, r.number)) }
                        }
                    }))
                }
            }
        }
        @if let Some(bye) = r.bye {
            p #bye .note { (slot_in(&tr!(l, "results-bye", player = SLOT), label(roster, bye, r.number))) }
        }
    }
}

/// A team tournament's matches by their first table, in words ("Match: Stone Cats – Hill Go · 2–1"): the results
/// desk reads a match's slips together. Empty in an individual tournament.
fn match_heads(
    l: Lang,
    roster: &Roster,
    r: &RoundRecord,
) -> std::collections::BTreeMap<u32, String> {
    let teams = crate::app::teams::tournament_teams(roster);
    if teams.is_empty() {
        return Default::default();
    }
    let name = |i: usize| teams.get(i).map_or("", |t| t.name.as_str());
    crate::app::teams::round_matches(roster, &teams, r)
        .matches
        .iter()
        .map(|m| {
            let scored = crate::domain::team_play::scored(m, r);
            let known = scored.boards.iter().filter(|b| b.a.is_some()).count();
            let (a, b) = scored.boards.iter().fold((0, 0), |(a, b), x| {
                (a + x.a.unwrap_or(0), b + x.b.unwrap_or(0))
            });
            let score = format!(
                "{}–{}",
                crate::app::roster::half_points(a as i32),
                crate::app::roster::half_points(b as i32)
            );
            let (a, b) = (name(m.a), name(m.b));
            let head = if known == 0 {
                tr!(l, "results-match-head", a = a, b = b)
            } else if known < scored.boards.len() {
                tr!(l, "results-match-head-so-far", a = a, b = b, score = score)
            } else {
                tr!(l, "results-match-head-score", a = a, b = b, score = score)
            };
            (m.first_table(r), head)
        })
        .collect()
}

/// "confirmed: white", "waiting for the second desk", "mismatch", …
fn state_words(l: Lang, g: &GameRecord, progress: ResultProgress) -> Markup {
    html! {
        @match (progress, g.confirmed) {
            (ResultProgress::Confirmed, Some(c)) if g.settled_by_players() => {
                (slot_in(&tr!(l, "results-settled-by-players", result = SLOT), html! { strong { (result_words(l, &c)) } }))
            },
            (ResultProgress::Confirmed, Some(c)) => {
                (slot_in(&tr!(l, "results-confirmed", result = SLOT), html! { strong { (result_words(l, &c)) } }))
            },
            (ResultProgress::Pending, _) if g.players_reported() > 0 => (l.t("results-player-reported")),
            (ResultProgress::Pending, _) => (l.t("results-waiting")),
            (ResultProgress::Mismatch, _) => strong { (l.t("results-mismatch")) },
            (ResultProgress::Disputed, _) => (l.t("results-disputed-referee")),
            _ => (l.t("results-missing")),
        }
    }
}

/// Each entry with the terminal (and volunteer) that made it; a player's own report names the player.
fn entries(l: Lang, roster: &Roster, g: &GameRecord, round: u32) -> Markup {
    html! {
        @for rep in &g.reports {
            div .entry {
                (result_words(l, &rep.result)) " — "
                @if let Some(player) = rep.player {
                    span .terminal title=(rep.operator) { (label(roster, player, round)) } " " (l.t("results-player"))
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
        let (code, _) = refusal(
            Lang::En,
            &rule(Rejected::Invalid {
                field: "table",
                message: "there is no game at table 99".into(),
            }),
        );
        assert_eq!(code, StatusCode::BAD_REQUEST);
        let (code, _) = refusal(
            Lang::En,
            &rule(Rejected::Precondition("already confirmed".into())),
        );
        assert_eq!(code, StatusCode::CONFLICT);
        let (code, message) = refusal(
            Lang::En,
            &Refused::Core(crate::app::Refusal::Unavailable("standby".into())),
        );
        assert_eq!(code, StatusCode::SERVICE_UNAVAILABLE);
        assert!(message.starts_with("the server cannot take writes"));
    }

    #[test]
    fn a_refused_slip_is_named_as_typed() {
        assert_eq!(typed_slip(" 9 ", "w", false), "9 w");
        assert_eq!(typed_slip("12", "b", true), "12 b f");
        assert_eq!(typed_slip("w12", "", false), "w12");
        let message = not_entered(
            Lang::En,
            &typed_slip("9", "w", false),
            "there is no game at table 9",
        );
        assert_eq!(
            message,
            "Not entered: there is no game at table 9. You typed “9 w”; check the slip and type it again."
        );
        assert!(
            not_entered(Lang::En, "", "type the table number first").contains("You typed nothing")
        );
    }

    #[test]
    fn a_round_in_the_address_is_a_number() {
        assert_eq!(parse_round(Lang::En, None), Ok(None));
        assert_eq!(parse_round(Lang::En, Some("")), Ok(None));
        assert_eq!(parse_round(Lang::En, Some("2")), Ok(Some(2)));
        assert!(parse_round(Lang::En, Some("two")).is_err());
    }
}
