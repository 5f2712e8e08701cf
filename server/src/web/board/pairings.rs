//! `/t/{t}/pairings`: the latest published round (never a draw the director has not published), by name with a
//! search box — three letters of your name give your table, colour, opponent, handicap and komi — and by table;
//! the bye and the players not in the round. `?round=N` shows an earlier published round; `?q=` filters without
//! script.

use super::super::layout::Tab;
use super::super::topics::Topic;
use super::super::{Web, WebError};
use super::InTournament;
use super::{halves, roster, tournament_page};
use crate::app::roster::Roster;
use crate::domain::name::{fold, search_text};
use crate::domain::round::{GameRecord, RoundRecord, RoundState};
use crate::domain::timetable;
use crate::domain::{EntryStatus, ParticipantId, State, TournamentId};
use axum::extract::{Query, State as Shared};
use axum::response::{IntoResponse, Response};
use maud::{html, Markup};
use serde::Deserialize;
use std::sync::Arc;

/// `?round=N&q=TEXT`.
#[derive(Debug, Default, Deserialize)]
pub struct PairingsQuery {
    round: Option<String>,
    q: Option<String>,
}

/// `GET /t/{t}/pairings`.
pub async fn page(
    Shared(web): Shared<Arc<Web>>,
    InTournament(t): InTournament,
    query: Result<Query<PairingsQuery>, axum::extract::rejection::QueryRejection>,
    asked: super::Asked,
) -> Response {
    let Ok(Query(query)) = query else {
        return WebError::bad_request("Use ?round=N to see an earlier round.").into_response();
    };
    let round = match query.round.as_deref().map(str::parse::<u32>) {
        None => None,
        Some(Ok(n)) => Some(n),
        Some(Err(_)) => {
            return WebError::bad_request("A round is a number, as in ?round=2.").into_response()
        }
    };
    let search = query.q.unwrap_or_default();
    let search = search.trim();
    web.page(&asked, &[Topic::Pairings(t)], search.is_empty(), |state| {
        render(state, t, round, search)
    })
}

/// One line of the by-name list.
struct Line {
    player: ParticipantId,
    sort: (String, String, ParticipantId),
    what: Markup,
}

fn render(
    state: &State,
    t: TournamentId,
    round: Option<u32>,
    search: &str,
) -> Result<super::super::layout::Page, WebError> {
    let roster = roster(state, t)?;
    let published: Vec<&RoundRecord> = roster
        .rounds()
        .iter()
        .filter(|r| r.state != RoundState::Drawn)
        .collect();
    let Some(r) = shown(&published, round)? else {
        return Ok(nothing_published(&roster));
    };
    let words: Vec<String> = fold(search)
        .split_whitespace()
        .map(str::to_string)
        .collect();
    let hidden = |key: &str| !words.iter().all(|w| key.contains(w.as_str()));
    let body = html! {
        h1 { "Round " (r.number) " pairings" }
        @if let Some(when) = timetable::words(&roster.tournament.settings, r.number) {
            p #starts .starts { "Starts at " (when) "." }
        }
        @if published.len() > 1 { (round_links(t, &published, r.number)) }
        form method="get" role="search" {
            @if round.is_some() { input type="hidden" name="round" value=(r.number); }
            input #search type="search" name="q" value=(search) placeholder="Your name or number"
                autocomplete="off" aria-label="Find a player";
            noscript { button type="submit" { "Find" } }
        }
        section #by-name {
            h2 { "By name" }
            ul .players {
                @for line in &by_name(&roster, r) {
                    @let key = search_key(&roster, line.player);
                    li .player data-k=(key) hidden[hidden(&key)] { (line.what) }
                }
            }
        }
        (without_game(&roster, r))
        (by_table(&roster, r, &hidden))
    };
    Ok(tournament_page(
        super::super::lang::Lang::En,
        &roster,
        Some(Tab::Pairings),
        format!("{}: round {} pairings", roster.name(), r.number),
        body,
    ))
}

/// The round to show: the one asked for, which must be published, else the latest published one (none before
/// the first publication).
fn shown<'a>(
    published: &[&'a RoundRecord],
    round: Option<u32>,
) -> Result<Option<&'a RoundRecord>, WebError> {
    match round {
        Some(n) => published
            .iter()
            .copied()
            .find(|r| r.number == n)
            .map(Some)
            .ok_or_else(|| WebError::not_found(format!("Round {n} has not been published."))),
        None => Ok(published.last().copied()),
    }
}

/// The page before any round is published: when round 1 starts, or, in an event without rounds, where to look.
fn nothing_published(roster: &Roster) -> super::super::layout::Page {
    let unrounded = roster.tournament.settings.system.unrounded();
    let body = html! {
        h1 { "Pairings" }
        @if unrounded {
            p #none {
                "This event has no rounds: players pair themselves and each game is recorded as it is played. "
                a href=(format!("/t/{}/standings", roster.tournament.id.0)) { "See who is where" } "."
            }
        } @else {
            p #none { "No round published yet. This page shows the pairings the moment the director publishes them." }
            @if let Some(when) = timetable::words(&roster.tournament.settings, 1) {
                p #starts .starts { "Round 1 starts at " (when) "." }
            }
        }
    };
    tournament_page(
        super::super::lang::Lang::En,
        roster,
        Some(Tab::Pairings),
        format!("{}: pairings", roster.name()),
        body,
    )
}

/// Links to the other published rounds, the shown one in bold.
fn round_links(t: TournamentId, published: &[&RoundRecord], shown: u32) -> Markup {
    html! {
        p .rounds { "Rounds: "
            @for p in published {
                @if p.number == shown { strong { (p.number) } } @else {
                    a href=(format!("/t/{}/pairings?round={}", t.0, p.number)) { (p.number) }
                }
                " "
            }
        }
    }
}

/// Who plays no game this round: the bye, the players through without a game, the absent (in a system that
/// eliminates, nobody is listed absent).
fn without_game(roster: &Roster, r: &RoundRecord) -> Markup {
    html! {
        @if let Some(bye) = r.bye {
            p #bye { "Bye: " (label(roster, bye, r.number)) }
        }
        @if !r.advancing.is_empty() {
            p #advancing { (roster.tournament.settings.system.without_game()) ": "
                @for (i, p) in r.advancing.iter().enumerate() {
                    @if i > 0 { ", " } (label(roster, *p, r.number))
                }
            }
        }
        @if !roster.tournament.settings.system.eliminates() {
            (absent_list(roster, r))
        }
    }
}

/// The round's games by table; a search hides the rows it does not match.
fn by_table(roster: &Roster, r: &RoundRecord, hidden: &dyn Fn(&str) -> bool) -> Markup {
    let mut games: Vec<&GameRecord> = r.shown_games().collect();
    games.sort_by_key(|g| g.table);
    html! {
        section #by-table {
            h2 { "By table" }
            div .scroll {
                table {
                    thead { tr { th .r { "Table" } th { "White" } th { "Black" } th .r { "Hcp" } th .r { "Komi" } } }
                    tbody {
                        @for g in &games {
                            @let key = format!("{} {}", search_key(roster, g.white), search_key(roster, g.black));
                            tr .game data-k=(key) hidden[hidden(&key)] {
                                td .r { (g.table) }
                                (players_cells(roster, g, r.number))
                                td .r { @if g.handicap > 0 { (g.handicap) } }
                                td .r { (komi(roster, g)) }
                            }
                        }
                    }
                }
            }
        }
    }
}

/// A game's White and Black cells of a by-table list; a nigiri game whose colours nobody recorded has one cell
/// naming both players and "nigiri" instead (the desk pages show their tables the same way).
pub fn players_cells(roster: &Roster, g: &GameRecord, round: u32) -> Markup {
    html! {
        @if g.colours_open() {
            td .name .nigiri colspan="2" {
                (label(roster, g.white, round)) " – " (label(roster, g.black, round)) " · " strong { "nigiri" }
            }
        } @else {
            td .name { (label(roster, g.white, round)) }
            td .name { (label(roster, g.black, round)) }
        }
    }
}

/// Every player of the round (both players of each game, and the bye), alphabetically.
fn by_name(roster: &Roster, r: &RoundRecord) -> Vec<Line> {
    let mut lines = Vec::with_capacity(r.games.len() * 2 + 1);
    for g in r.shown_games() {
        for (me, them) in [(g.white, g.black), (g.black, g.white)] {
            let colour = g.seat_of(me).word();
            let what = html! {
                span .who { (label(roster, me, r.number)) }
                span .where {
                    span .table { "Table " (g.table) } " · " (colour) " · vs " (label(roster, them, r.number))
                    " · " (handicap_words(roster, g))
                }
            };
            lines.push(line(roster, me, what));
        }
    }
    if let Some(bye) = r.bye {
        let what =
            html! { span .who { (label(roster, bye, r.number)) } span .where { "Bye this round" } };
        lines.push(line(roster, bye, what));
    }
    for p in &r.advancing {
        let what = html! { span .who { (label(roster, *p, r.number)) } span .where { (roster.tournament.settings.system.without_game()) } };
        lines.push(line(roster, *p, what));
    }
    lines.sort_by(|a, b| a.sort.cmp(&b.sort));
    lines
}

fn line(roster: &Roster, p: ParticipantId, what: Markup) -> Line {
    let (family, given) = roster
        .entrants
        .get(&p)
        .map(|(person, _)| {
            (
                fold(&person.fields.family_name),
                fold(&person.fields.given_name),
            )
        })
        .unwrap_or_default();
    Line {
        player: p,
        sort: (family, given, p),
        what,
    }
}

/// Entrants who came but are not in this round: not playing it, withdrawn, or absent.
fn absent_list(roster: &Roster, r: &RoundRecord) -> Markup {
    let mut out: Vec<(String, ParticipantId, &'static str)> = roster
        .entrants
        .iter()
        .filter(|(p, (_, e))| {
            e.status != EntryStatus::PreRegistered && r.game_of(**p).is_none() && r.bye != Some(**p)
        })
        .map(|(p, (person, e))| {
            let why = if e.status == EntryStatus::Withdrawn {
                "withdrawn"
            } else if !e.rounds.contains(&r.number) {
                "not playing this round"
            } else {
                "absent"
            };
            (fold(&crate::app::roster::full_name(person)), *p, why)
        })
        .collect();
    out.sort();
    html! {
        @if !out.is_empty() {
            h2 { "Not playing this round" }
            ul #absent .players {
                @for (_, p, why) in &out {
                    li .player data-k=(search_key(roster, *p)) { (label(roster, *p, r.number)) " — " (why) }
                }
            }
        }
    }
}

/// What the search matches: the folded names (the Latin name and a transliteration too) and the number.
fn search_key(roster: &Roster, p: ParticipantId) -> String {
    let names = roster.entrants.get(&p).map_or_else(
        || fold(&roster.full_name(p)),
        |(person, _)| search_text(&person.fields),
    );
    format!("{names} #{}", roster.number_text(p))
}

/// "#7 Côté Anne (2k)": the number a player types, the name, the rank in force.
pub fn label(roster: &Roster, p: ParticipantId, round: u32) -> Markup {
    let number = roster.number_text(p);
    html! {
        @if !number.is_empty() { span .num { "#" (number) } " " }
        (roster.full_name(p)) " (" (roster.rank(p, round)) ")"
    }
}

/// "komi 6½" for an even game, "3 stones, no komi" for a handicap game.
pub fn handicap_words(roster: &Roster, g: &GameRecord) -> String {
    match g.handicap {
        0 => format!("komi {}", halves(roster.tournament.settings.komi_half)),
        1 => "no komi (Black plays first)".to_string(),
        h => format!("{h} stones, no komi"),
    }
}

fn komi(roster: &Roster, g: &GameRecord) -> String {
    match g.handicap {
        0 => halves(roster.tournament.settings.komi_half),
        _ => "0".to_string(),
    }
}
