//! `/t/{t}/pairings`: the latest published round (never a draw the director has not published), by name with a
//! search box — three letters of your name give your table, colour, opponent, handicap and komi — and by table;
//! the bye and the players not in the round. `?round=N` shows an earlier published round; `?q=` filters without
//! script.

use super::super::lang::Lang;
use super::super::layout::Tab;
use super::super::topics::Topic;
use super::super::{Web, WebError};
use super::InTournament;
use super::{halves, roster_in, tournament_page};
use crate::app::roster::Roster;
use crate::domain::name::{fold, search_text};
use crate::domain::round::{GameRecord, RoundRecord, RoundState};
use crate::domain::{EntryStatus, ParticipantId, State, TournamentId};
use crate::tr;
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
    let l = asked.lang;
    let Ok(Query(query)) = query else {
        return WebError::bad_request(l.t("pairings-bad-query"))
            .in_lang(l)
            .into_response();
    };
    let round = match query.round.as_deref().map(str::parse::<u32>) {
        None => None,
        Some(Ok(n)) => Some(n),
        Some(Err(_)) => {
            return WebError::bad_request(l.t("board-round-is-a-number"))
                .in_lang(l)
                .into_response()
        }
    };
    let search = query.q.unwrap_or_default();
    let search = search.trim();
    web.page(&asked, &[Topic::Pairings(t)], search.is_empty(), |state| {
        render(state, l, t, round, search)
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
    l: Lang,
    t: TournamentId,
    round: Option<u32>,
    search: &str,
) -> Result<super::super::layout::Page, WebError> {
    let roster = roster_in(state, l, t)?;
    let published: Vec<&RoundRecord> = roster
        .rounds()
        .iter()
        .filter(|r| r.state != RoundState::Drawn)
        .collect();
    let Some(r) = shown(l, &published, round)? else {
        return Ok(nothing_published(l, &roster));
    };
    let words: Vec<String> = fold(search)
        .split_whitespace()
        .map(str::to_string)
        .collect();
    let hidden = |key: &str| !words.iter().all(|w| key.contains(w.as_str()));
    let body = html! {
        h1 { (tr!(l, "pairings-title", round = r.number)) }
        @if let Some(when) = super::starts(l, &roster.tournament.settings, r.number) {
            p #starts .starts { (tr!(l, "pairings-starts-at", when = when)) }
        }
        @if published.len() > 1 { (round_links(l, t, &published, r.number)) }
        form method="get" role="search" {
            @if round.is_some() { input type="hidden" name="round" value=(r.number); }
            input #search type="search" name="q" value=(search) placeholder=(l.t("pairings-search-placeholder"))
                autocomplete="off" aria-label=(l.t("pairings-search-label"));
            noscript { button type="submit" { (l.t("pairings-find")) } }
        }
        section #by-name {
            h2 { (l.t("pairings-by-name")) }
            ul .players {
                @for line in &by_name(l, &roster, r) {
                    @let key = search_key(&roster, line.player);
                    li .player data-k=(key) hidden[hidden(&key)] { (line.what) }
                }
            }
        }
        (without_game(l, &roster, r))
        (super::teams::pairings_section(l, t, &roster, r))
        (by_table(l, &roster, r, &hidden))
    };
    Ok(tournament_page(
        l,
        &roster,
        Some(Tab::Pairings),
        tr!(
            l,
            "pairings-page-title",
            tournament = roster.name(),
            round = r.number
        ),
        body,
    ))
}

/// The round to show: the one asked for, which must be published, else the latest published one (none before
/// the first publication).
fn shown<'a>(
    l: Lang,
    published: &[&'a RoundRecord],
    round: Option<u32>,
) -> Result<Option<&'a RoundRecord>, WebError> {
    match round {
        Some(n) => published
            .iter()
            .copied()
            .find(|r| r.number == n)
            .map(Some)
            .ok_or_else(|| WebError::not_found(tr!(l, "board-round-not-published", round = n))),
        None => Ok(published.last().copied()),
    }
}

/// The page before any round is published: when round 1 starts, or, in an event without rounds, where to look.
fn nothing_published(l: Lang, roster: &Roster) -> super::super::layout::Page {
    let unrounded = roster.tournament.settings.system.unrounded();
    let body = html! {
        h1 { (l.t("tab-pairings")) }
        @if unrounded {
            p #none {
                (l.t("pairings-no-rounds")) " "
                a href=(format!("/t/{}/standings", roster.tournament.id.0)) { (l.t("pairings-see-who-is-where")) }
            }
        } @else {
            p #none { (l.t("pairings-none-published")) }
            @if let Some(when) = super::starts(l, &roster.tournament.settings, 1) {
                p #starts .starts { (tr!(l, "pairings-round-starts-at", round = 1, when = when)) }
            }
        }
    };
    tournament_page(
        l,
        roster,
        Some(Tab::Pairings),
        tr!(l, "pairings-page-title-none", tournament = roster.name()),
        body,
    )
}

/// Links to the other published rounds, the shown one in bold.
fn round_links(l: Lang, t: TournamentId, published: &[&RoundRecord], shown: u32) -> Markup {
    html! {
        p .rounds { (l.t("board-rounds")) " "
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
fn without_game(l: Lang, roster: &Roster, r: &RoundRecord) -> Markup {
    html! {
        @if let Some(bye) = r.bye {
            p #bye { (l.t("pairings-bye")) " " (label_in(l, roster, bye, r.number)) }
        }
        @if !r.advancing.is_empty() {
            p #advancing { (without_game_words(l, roster)) " "
                @for (i, p) in r.advancing.iter().enumerate() {
                    @if i > 0 { ", " } (label_in(l, roster, *p, r.number))
                }
            }
        }
        @if !roster.tournament.settings.system.eliminates() {
            (absent_list(l, roster, r))
        }
    }
}

/// The round's games by table; a search hides the rows it does not match.
fn by_table(l: Lang, roster: &Roster, r: &RoundRecord, hidden: &dyn Fn(&str) -> bool) -> Markup {
    let mut games: Vec<&GameRecord> = r.shown_games().collect();
    games.sort_by_key(|g| g.table);
    html! {
        section #by-table {
            h2 { (l.t("pairings-by-table")) }
            div .scroll {
                table {
                    thead { tr {
                        th .r { (l.t("col-table")) } th { (l.t("col-white")) } th { (l.t("col-black")) }
                        th .r { (l.t("col-handicap")) } th .r { (l.t("col-komi")) }
                    } }
                    tbody {
                        @for g in &games {
                            @let key = format!("{} {}", search_key(roster, g.white), search_key(roster, g.black));
                            tr .game data-k=(key) hidden[hidden(&key)] {
                                td .r { (g.table) }
                                (players_cells_in(l, roster, g, r.number))
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
    players_cells_in(Lang::En, roster, g, round)
}

/// [`players_cells`] in language `l`.
pub fn players_cells_in(l: Lang, roster: &Roster, g: &GameRecord, round: u32) -> Markup {
    html! {
        @if g.colours_open() {
            td .name .nigiri colspan="2" {
                (label_in(l, roster, g.white, round)) " – " (label_in(l, roster, g.black, round)) " · "
                strong { (l.t("board-nigiri")) }
            }
        } @else {
            td .name { (label_in(l, roster, g.white, round)) }
            td .name { (label_in(l, roster, g.black, round)) }
        }
    }
}

/// "Bye", "Through without a game" in a system that eliminates, or a team tournament's words (the team bye, or
/// nobody opposite): the heading of those without a game.
fn without_game_words(l: Lang, roster: &Roster) -> String {
    if roster.tournament.settings.scoring.team_boards > 0 {
        l.t("pairings-team-without-game")
    } else if roster.tournament.settings.system.eliminates() {
        l.t("pairings-through")
    } else {
        l.t("pairings-bye")
    }
}

/// "White", "Black", "nigiri" in language `l`.
pub fn seat_word(l: Lang, seat: crate::domain::round::Seat) -> String {
    use crate::domain::round::Seat;
    match seat {
        Seat::White => l.t("board-white"),
        Seat::Black => l.t("board-black"),
        Seat::Nigiri => l.t("board-nigiri"),
    }
}

/// Every player of the round (both players of each game, and the bye), alphabetically.
fn by_name(l: Lang, roster: &Roster, r: &RoundRecord) -> Vec<Line> {
    let mut lines = Vec::with_capacity(r.games.len() * 2 + 1);
    for g in r.shown_games() {
        for (me, them) in [(g.white, g.black), (g.black, g.white)] {
            let colour = seat_word(l, g.seat_of(me));
            let what = html! {
                span .who { (label_in(l, roster, me, r.number)) }
                span .where {
                    span .table { (tr!(l, "board-table", table = g.table)) } " · " (colour) " · "
                    (l.t("pairings-versus")) " " (label_in(l, roster, them, r.number))
                    " · " (handicap_words_in(l, roster, g))
                }
            };
            lines.push(line(roster, me, what));
        }
    }
    if let Some(bye) = r.bye {
        let what = html! {
            span .who { (label_in(l, roster, bye, r.number)) } span .where { (l.t("pairings-bye-this-round")) }
        };
        lines.push(line(roster, bye, what));
    }
    for p in &r.advancing {
        let what = html! {
            span .who { (label_in(l, roster, *p, r.number)) } span .where { (without_game_words(l, roster)) }
        };
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
fn absent_list(l: Lang, roster: &Roster, r: &RoundRecord) -> Markup {
    let mut out: Vec<(String, ParticipantId, String)> = roster
        .entrants
        .iter()
        .filter(|(p, (_, e))| {
            e.status != EntryStatus::PreRegistered && r.game_of(**p).is_none() && r.bye != Some(**p)
        })
        .map(|(p, (person, e))| {
            let why = if e.status == EntryStatus::Withdrawn {
                l.t("pairings-withdrawn")
            } else if !e.rounds.contains(&r.number) {
                l.t("pairings-not-this-round")
            } else {
                l.t("pairings-absent")
            };
            (fold(&crate::app::roster::full_name(person)), *p, why)
        })
        .collect();
    out.sort();
    html! {
        @if !out.is_empty() {
            h2 { (l.t("pairings-not-playing")) }
            ul #absent .players {
                @for (_, p, why) in &out {
                    li .player data-k=(search_key(roster, *p)) { (label_in(l, roster, *p, r.number)) " — " (why) }
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
    label_in(Lang::En, roster, p, round)
}

/// [`label`] with the rank as language `l` writes it ("#7 Côté Anne (2級)").
pub fn label_in(l: Lang, roster: &Roster, p: ParticipantId, round: u32) -> Markup {
    let number = roster.number_text(p);
    html! {
        @if !number.is_empty() { span .num { "#" (number) } " " }
        (roster.full_name(p)) " (" (roster.rank_in(p, round).map(|r| l.rank(r)).unwrap_or_default()) ")"
    }
}

/// "komi 6½" for an even game, "3 stones, no komi" for a handicap game, in language `l`.
pub fn handicap_words_in(l: Lang, roster: &Roster, g: &GameRecord) -> String {
    match g.handicap {
        0 => tr!(
            l,
            "board-komi",
            komi = halves(roster.tournament.settings.komi_half)
        ),
        1 => l.t("board-no-komi"),
        h => tr!(l, "board-stones", stones = h),
    }
}

fn komi(roster: &Roster, g: &GameRecord) -> String {
    match g.handicap {
        0 => halves(roster.tournament.settings.komi_half),
        _ => "0".to_string(),
    }
}
