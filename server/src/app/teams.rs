//! The team competition of one tournament (issue 33): which entrants make each team (their team names, compared
//! by `domain::teams::key`), how each team is written (the spelling most of its members have), the teams'
//! standings after a round (`tengen_standings::teams`) and the team prizes (split over tied places like the
//! players'). One answer for the sheets, the board and the desk's suggestions.
//!
//! Reads the roster, the standings and the register's team names; never changes the state, never reads contact
//! data.

use std::collections::BTreeMap;

use super::roster::Roster;
use crate::domain::field::{participant_id, player_id};
use crate::domain::setup::TeamScore;
use crate::domain::teams::{key, spelled};
use crate::domain::{ParticipantId, State};
use tengen_draw::model::PlayerId;
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
    // Teams are prize candidates under their index, as players are under their id.
    let group = PrizeGroup {
        pot: Pot::Places(sc.team_prizes_cents.iter().map(|c| Cents(*c)).collect()),
        candidates: rows
            .iter()
            .map(|r| Candidate {
                player: PlayerId(u32::try_from(r.team).unwrap_or(u32::MAX)),
                place: r.place,
            })
            .collect(),
    };
    // Before any result every team scores nothing: no prize goes to the order of the numbers.
    let played = standings.after.0 > 0;
    let prizes: BTreeMap<usize, (Cents, u32)> = give(&[group], true)
        .into_iter()
        .filter(|_| played)
        .map(|g| (g.player.0 as usize, (g.amount, g.shared_by)))
        .collect();
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
