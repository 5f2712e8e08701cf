//! The teams of one tournament (issue 33): which entrants make each team (their team names, compared by
//! `domain::teams::key`), how each team is written (the spelling most of its members have), the team
//! competition's standings after a round (`tengen_standings::teams`), a team tournament's matches and standings
//! (`domain::team_play`, `tengen_standings::matches`), and the team prizes (split over tied places like the
//! players'). One answer for the sheets, the board and the desk's suggestions.
//!
//! Reads the roster, the standings and the register's team names; never changes the state, never reads contact
//! data.

use std::collections::BTreeMap;

use super::roster::Roster;
use crate::domain::field::{participant_id, player_id, Field};
use crate::domain::round::RoundRecord;
use crate::domain::setup::TeamScore;
use crate::domain::team_play::{self, RoundMatches, Team};
use crate::domain::teams::{key, spelled};
use crate::domain::{ParticipantId, State};
use tengen_draw::model::PlayerId;
use tengen_standings::matches::{match_standings as match_standings_of, MatchRow};
use tengen_standings::prizes::{give, Candidate, Cents, Pot, PrizeGroup};
use tengen_standings::{team_standings, Standings};

/// One team's standing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct TeamStanding {
    /// The team's name as most of its members spell it.
    pub name: String,
    /// Place, 1-based; tied teams share it.
    pub place: u32,
    /// Another team shares the place.
    pub shared: bool,
    /// The sum of the counted members' results, in half points.
    pub score_half: i32,
    /// The members who count, best first.
    pub counted: Vec<ParticipantId>,
    /// The other members, best first.
    pub others: Vec<ParticipantId>,
    /// The team's prize and how many teams share its place's prizes.
    pub prize: Option<(Cents, u32)>,
}

/// Every team name in the register, one spelling per team (the most common, then the first in the alphabet),
/// sorted: the registration form's suggestions.
pub(crate) fn names(state: &State) -> Vec<String> {
    let spellings = state
        .participants
        .values()
        .map(|p| p.fields.team.as_str())
        .filter(|t| !t.is_empty());
    let mut names: Vec<String> = spelled(spellings).into_values().collect();
    names.sort_by_key(|n| key(n));
    names
}

/// The team prizes for places 1, 2, … (`amounts`, in cents) given to teams by their places (team index, place),
/// split over tied places like the players' (the same `give`); none until a round has results (`played`).
fn prizes_by_place(
    amounts: &[i64],
    places: impl Iterator<Item = (usize, u32)>,
    played: bool,
) -> BTreeMap<usize, (Cents, u32)> {
    if !played {
        return BTreeMap::new();
    }
    // Teams are prize candidates under their index, as players are under their id.
    let group = PrizeGroup {
        pot: Pot::Places(amounts.iter().map(|c| Cents(*c)).collect()),
        candidates: places
            .map(|(team, place)| Candidate {
                player: PlayerId(u32::try_from(team).unwrap_or(u32::MAX)),
                place,
            })
            .collect(),
    };
    give(&[group], true)
        .into_iter()
        .map(|g| (g.player.0 as usize, (g.amount, g.shared_by)))
        .collect()
}

/// The teams of a tournament: by team key, its spelling and its entrants (ghosts are in no team).
pub(crate) fn teams(roster: &Roster) -> BTreeMap<String, (String, Vec<ParticipantId>)> {
    let members = || {
        roster
            .entrants
            .values()
            .filter(|(p, e)| !e.ghost && !key(&p.fields.team).is_empty())
    };
    let spelling = spelled(members().map(|(p, _)| p.fields.team.as_str()));
    let mut teams: BTreeMap<String, (String, Vec<ParticipantId>)> = BTreeMap::new();
    for (p, _) in members() {
        let k = key(&p.fields.team);
        let name = spelling.get(&k).cloned().unwrap_or_default();
        teams
            .entry(k)
            .or_insert_with(|| (name, Vec::new()))
            .1
            .push(p.id);
    }
    teams
}

/// The teams' standings by `standings` (the players' after some round), with their prizes; empty when the
/// tournament holds no team competition.
pub(crate) fn standings(roster: &Roster, standings: &Standings) -> Vec<TeamStanding> {
    let sc = &roster.tournament.settings.scoring;
    if sc.team_counting == 0 {
        return Vec::new();
    }
    let teams: Vec<(String, Vec<ParticipantId>)> = teams(roster).into_values().collect();
    let team_of: BTreeMap<PlayerId, usize> = teams
        .iter()
        .enumerate()
        .flat_map(|(i, (_, members))| members.iter().map(move |m| (player_id(*m), i)))
        .collect();
    let score = match sc.team_score {
        TeamScore::Wins => tengen_standings::TeamScore::Wins,
        TeamScore::Mms => tengen_standings::TeamScore::Mms,
    };
    let rows = team_standings(
        &standings.rows,
        |p| team_of.get(&p).copied(),
        sc.team_counting as usize,
        score,
    );
    // Before any result every team scores nothing: no prize goes to the order of the numbers.
    let prizes = prizes_by_place(
        &sc.team_prizes_cents,
        rows.iter().map(|r| (r.team, r.place)),
        standings.after.0 > 0,
    );
    let ids = |list: &[PlayerId]| list.iter().map(|p| participant_id(*p)).collect();
    rows.iter()
        .map(|r| TeamStanding {
            name: teams.get(r.team).map(|t| t.0.clone()).unwrap_or_default(),
            place: r.place,
            shared: r.shared,
            score_half: r.score.0,
            counted: ids(&r.counted),
            others: ids(&r.others),
            prize: prizes.get(&r.team).copied(),
        })
        .collect()
}

/// One team of a team tournament with its standing and prize.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct MatchStanding {
    /// The team (index `number - 1` of [`tournament_teams`]).
    pub team: Team,
    /// Its standing: team points, board wins, the upper boards', its place.
    pub row: MatchRow,
    /// Its prize and how many teams share its place's prizes.
    pub prize: Option<(Cents, u32)>,
}

/// The teams of a team tournament, by number (empty for an individual tournament).
pub(crate) fn tournament_teams(roster: &Roster) -> Vec<Team> {
    let boards = roster.tournament.settings.scoring.team_boards;
    if boards == 0 {
        return Vec::new();
    }
    team_play::teams(&Field::new(roster.state, roster.tournament), boards)
}

/// The matches and byes of round `r` of a team tournament.
pub(crate) fn round_matches(roster: &Roster, teams: &[Team], r: &RoundRecord) -> RoundMatches {
    let s = &roster.tournament.settings;
    team_play::round_matches(teams, r, s.scoring.team_boards, s.draw.first_table.max(1))
}

/// A team tournament's standings after round `after`, with the team prizes once a round has results.
pub(crate) fn match_standings(roster: &Roster, after: u32) -> Vec<MatchStanding> {
    let teams = tournament_teams(roster);
    if teams.is_empty() {
        return Vec::new();
    }
    let s = &roster.tournament.settings;
    let (matches, byes) = team_play::scored_rounds(
        &teams,
        roster.rounds(),
        after,
        s.scoring.team_boards,
        s.draw.first_table.max(1),
        s.scoring.bye_half_points,
    );
    let ratings: Vec<Option<i32>> = teams.iter().map(|t| t.rating).collect();
    let rows = match_standings_of(teams.len(), &ratings, &matches, &byes);
    let prizes = prizes_by_place(
        &s.scoring.team_prizes_cents,
        rows.iter().map(|r| (r.team, r.place)),
        after > 0,
    );
    rows.into_iter()
        .filter_map(|row| {
            Some(MatchStanding {
                team: teams.get(row.team)?.clone(),
                prize: prizes.get(&row.team).copied(),
                row,
            })
        })
        .collect()
}

/// A team's prize, for the prize list and the budget, in a team competition or a team tournament.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct TeamPrize {
    /// Its place.
    pub place: u32,
    /// Another team shares it.
    pub shared: bool,
    /// The team's name.
    pub name: String,
    /// The members it is for: those who count (a team competition), or the whole team (a team tournament).
    pub members: Vec<ParticipantId>,
    /// The amount.
    pub amount: Cents,
}

/// The teams' prizes after the round `standings` is after, best place first.
pub(crate) fn prizes(roster: &Roster, standings: &Standings) -> Vec<TeamPrize> {
    if roster.tournament.settings.scoring.team_boards > 0 {
        return match_standings(roster, standings.after.0)
            .into_iter()
            .filter_map(|t| {
                Some(TeamPrize {
                    place: t.row.place,
                    shared: t.row.shared,
                    amount: t.prize?.0,
                    name: t.team.name,
                    members: t.team.members,
                })
            })
            .collect();
    }
    self::standings(roster, standings)
        .into_iter()
        .filter_map(|t| {
            Some(TeamPrize {
                place: t.place,
                shared: t.shared,
                amount: t.prize?.0,
                name: t.name,
                members: t.counted,
            })
        })
        .collect()
}
