//! A team tournament on the public board (issue 33): the teams' standings on the standings page, the round's
//! matches on the pairings page, and `/t/{t}/teams/{number}`, one team's page — its players in board order and
//! every published match board by board. The matches and standings are `app::teams`'; this file lays them out.
//! Reads names, ranks and results only, never contact data.

use super::super::lang::Lang;
use super::super::layout::Tab;
use super::super::topics::Topic;
use super::super::{Web, WebError};
use super::pairings::{label_in, seat_word};
use super::player::result_text_in;
use super::standings::player_href;
use super::{halves, roster_in, tournament_id, tournament_page};
use crate::app::roster::Roster;
use crate::app::teams::{self, MatchStanding};
use crate::domain::round::{RoundRecord, RoundState};
use crate::domain::team_play::{scored, Team, TeamMatch};
use crate::domain::{State, TournamentId};
use crate::tr;
use axum::extract::{Path, State as Shared};
use axum::response::{IntoResponse, Response};
use maud::{html, Markup};
use std::sync::Arc;

/// A team's page.
fn team_href(t: TournamentId, team: &Team) -> String {
    format!("/t/{}/teams/{}", t.0, team.number)
}

/// A match's score, "2½–1½", or "–" while a board has no result.
fn score(m: &TeamMatch, r: &RoundRecord) -> String {
    scored(m, r).score().map_or("–".to_string(), |(a, b)| {
        format!("{}–{}", halves(a as i32), halves(b as i32))
    })
}

/// The teams' standings after round `after`, for the standings page (nothing in an individual tournament).
pub fn standings_section(
    l: Lang,
    t: TournamentId,
    roster: &Roster,
    after: u32,
    last_closed: bool,
) -> Markup {
    let rows: Vec<MatchStanding> = teams::match_standings(roster, after);
    if rows.is_empty() {
        return html! {};
    }
    let prizes = last_closed && rows.iter().any(|r| r.prize.is_some());
    html! {
        section #team-matches {
            h2 { (l.t("teams-heading")) }
            div .scroll {
                table #match-standings {
                    thead { tr {
                        th .r { (l.t("col-place")) } th { (l.t("col-team")) }
                        th .r { (l.t("col-team-points")) } th .r { (l.t("col-board-wins")) }
                        th .r { (l.t("col-won-drawn-lost")) }
                        @if prizes { th .r { (l.t("col-prize")) } }
                    } }
                    tbody {
                        @for s in &rows {
                            tr .row {
                                td .r { (s.row.place) @if s.row.shared { "=" } }
                                td .name { a href=(team_href(t, &s.team)) { strong { (s.team.name) } } }
                                td .r .points { strong { (s.row.team_points) } }
                                td .r { (halves(s.row.boards as i32)) }
                                td .r { (s.row.won) "–" (s.row.drawn) "–" (s.row.lost) }
                                @if prizes { td .r { @if let Some((c, _)) = s.prize { (c) } } }
                            }
                        }
                    }
                }
            }
            p .note { (l.t("teams-match-rule")) }
        }
    }
}

/// The matches of round `r`, for the pairings page (nothing in an individual tournament).
pub fn pairings_section(l: Lang, t: TournamentId, roster: &Roster, r: &RoundRecord) -> Markup {
    let teams = teams::tournament_teams(roster);
    if teams.is_empty() {
        return html! {};
    }
    let rm = teams::round_matches(roster, &teams, r);
    html! {
        section #matches {
            h2 { (l.t("matches-heading")) }
            div .scroll {
                table {
                    thead { tr {
                        th .r { (l.t("col-tables")) } th { (l.t("col-team")) }
                        th .r { (l.t("col-score")) } th { (l.t("col-team")) }
                    } }
                    tbody {
                        @for m in &rm.matches {
                            tr .match {
                                td .r { (tables(m, r)) }
                                td .name { (team_link(t, &teams, m.a)) }
                                td .r { (score(m, r)) }
                                td .name { (team_link(t, &teams, m.b)) }
                            }
                        }
                    }
                }
            }
            @for (team, _) in &rm.byes {
                p .team-bye { (team_link(t, &teams, *team)) " · " (l.t("team-bye")) }
            }
            p .note { (l.t("matches-white-note")) }
        }
    }
}

/// A match's tables, "1–4".
fn tables(m: &TeamMatch, r: &RoundRecord) -> String {
    let list: Vec<u32> = m
        .boards
        .iter()
        .filter_map(|b| b.game.and_then(|g| r.games.get(g)))
        .map(|g| g.table)
        .collect();
    match (list.iter().min(), list.iter().max()) {
        (Some(a), Some(b)) if a != b => format!("{a}–{b}"),
        (Some(a), _) => a.to_string(),
        _ => String::new(),
    }
}

fn team_link(t: TournamentId, teams: &[Team], i: usize) -> Markup {
    match teams.get(i) {
        Some(team) => html! { a href=(team_href(t, team)) { (team.name) } },
        None => html! {},
    }
}

/// `GET /t/{t}/teams/{number}`.
pub async fn page(
    Shared(web): Shared<Arc<Web>>,
    Path((t, number)): Path<(String, String)>,
    asked: super::Asked,
) -> Response {
    let l = asked.lang;
    let t = match tournament_id(&t) {
        Ok(t) => t,
        Err(e) => return e.in_lang(l).into_response(),
    };
    let topics = [Topic::Pairings(t), Topic::Standings(t)];
    web.page(&asked, &topics, true, |state| render(state, l, t, &number))
}

fn render(
    state: &State,
    l: Lang,
    t: TournamentId,
    number: &str,
) -> Result<super::super::layout::Page, WebError> {
    let roster = roster_in(state, l, t)?;
    let teams = teams::tournament_teams(&roster);
    let team = number
        .trim()
        .parse::<u32>()
        .ok()
        .and_then(|n| teams.iter().position(|x| x.number == n))
        .ok_or_else(|| {
            WebError::not_found(tr!(
                l,
                "team-not-found",
                team = number.chars().take(12).collect::<String>()
            ))
            .in_lang(l)
        })?;
    let me = &teams[team];
    let published: Vec<&RoundRecord> = roster
        .rounds()
        .iter()
        .filter(|r| r.state != RoundState::Drawn)
        .collect();
    let body = html! {
        h1 { (me.name) }
        p .note { (tr!(l, "team-number", number = me.number)) }
        h2 { (l.t("team-players")) }
        ol #team-players {
            @for p in &me.members {
                li { a href=(player_href(t, &roster, *p)) { (label_in(l, &roster, *p, 1)) } }
            }
        }
        h2 { (l.t("matches-heading")) }
        @if published.is_empty() { p #no-matches { (l.t("pairings-none-published")) } }
        @for r in &published {
            (round_part(l, t, &roster, &teams, team, r))
        }
    };
    Ok(tournament_page(
        l,
        &roster,
        Some(Tab::Standings),
        tr!(
            l,
            "team-page-title",
            team = me.name.as_str(),
            tournament = roster.name()
        ),
        body,
    ))
}

/// Team `team`'s match of round `r`, board by board (or its bye).
fn round_part(
    l: Lang,
    t: TournamentId,
    roster: &Roster,
    teams: &[Team],
    team: usize,
    r: &RoundRecord,
) -> Markup {
    let rm = teams::round_matches(roster, teams, r);
    if rm.byes.iter().any(|(b, _)| *b == team) {
        return html! { h3 { (tr!(l, "team-round", round = r.number)) } p .team-bye { (l.t("team-bye")) } };
    }
    let Some(m) = rm.matches.iter().find(|m| m.a == team || m.b == team) else {
        return html! {};
    };
    let ours = m.a == team;
    let other = if ours { m.b } else { m.a };
    let s = scored(m, r);
    let (us, them) = match s.score() {
        Some((a, b)) if ours => (halves(a as i32), halves(b as i32)),
        Some((a, b)) => (halves(b as i32), halves(a as i32)),
        None => ("–".to_string(), "–".to_string()),
    };
    html! {
        section .team-match {
            h3 { (tr!(l, "team-round", round = r.number)) " · " (team_link(t, teams, other))
                " · " span .score { (us) "–" (them) } }
            div .scroll {
                table {
                    thead { tr {
                        th .r { (l.t("col-board")) } th { (l.t("col-player")) } th { (l.t("col-colour")) }
                        th { (l.t("col-opponent")) } th { (l.t("col-result")) }
                    } }
                    tbody {
                        @for b in &m.boards {
                            @let (mine, theirs) = if ours { (b.a, b.b) } else { (b.b, b.a) };
                            @let game = b.game.and_then(|g| r.games.get(g));
                            tr {
                                td .r { (b.board) }
                                td .name { @if let Some(p) = mine { (label_in(l, roster, p, r.number)) } }
                                td { @if let (Some(g), Some(p)) = (game, mine) { (seat_word(l, g.seat_of(p))) } }
                                td .name { @if let Some(p) = theirs { (label_in(l, roster, p, r.number)) } }
                                td {
                                    @match (game, mine) {
                                        (Some(g), Some(p)) => (result_text_in(l, g, p)),
                                        (None, Some(_)) => (l.t("team-won-by-default")),
                                        _ => (l.t("team-lost-by-default")),
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}
