//! The team competition inside an individual tournament (BGA handbook 7.5: "prizes to the team with the best
//! combined results in the main tournament"): each team scores the sum of its best `counting` members' results
//! (wins or McMahon score), and teams are placed by that sum, then by the sum of those members' places (fewer is
//! better: the members' own tie-breaks decide between equal sums), then share a place.
//!
//! Pure: reads the players' standings and who is in which team; knows no team names. A team with fewer members
//! than `counting` counts those it has.

use std::cmp::Reverse;

use tengen_draw::model::{HalfPoints, PlayerId};

use crate::placing::Row;

/// Which result of a member counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TeamScore {
    /// Wins (half points: a jigo is half a win).
    Wins,
    /// McMahon score as it places.
    Mms,
}

/// One team's standing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TeamRow {
    /// The team, as the caller numbered it.
    pub team: usize,
    /// Place, 1-based; tied teams share the place of the first of them.
    pub place: u32,
    /// True when another team shares this place.
    pub shared: bool,
    /// The sum of the counted members' results.
    pub score: HalfPoints,
    /// The sum of the counted members' places.
    pub places: u32,
    /// The members who count, best first.
    pub counted: Vec<PlayerId>,
    /// The other members, best first.
    pub others: Vec<PlayerId>,
}

/// Places the teams: `team_of` names each member's team (players not in it, and teams with no placed member, are
/// left out), `counting` how many members count (at least 1).
pub fn team_standings(
    rows: &[Row],
    team_of: impl Fn(PlayerId) -> Option<usize>,
    counting: usize,
    score: TeamScore,
) -> Vec<TeamRow> {
    let counting = counting.max(1);
    let result = |r: &Row| match score {
        TeamScore::Wins => r.wins,
        TeamScore::Mms => r.mms,
    };
    // Members by team, best first: by the counted result, then by place.
    let mut members: Vec<(usize, &Row)> = rows
        .iter()
        .filter_map(|r| team_of(r.player).map(|t| (t, r)))
        .collect();
    members.sort_by_key(|(t, r)| (*t, Reverse(result(r)), r.place, r.number));
    let mut teams: Vec<TeamRow> = Vec::new();
    for (team, row) in members {
        if teams.last().is_none_or(|t| t.team != team) {
            teams.push(TeamRow {
                team,
                place: 0,
                shared: false,
                score: HalfPoints(0),
                places: 0,
                counted: Vec::new(),
                others: Vec::new(),
            });
        }
        let Some(t) = teams.last_mut() else { continue };
        if t.counted.len() < counting {
            t.score = HalfPoints(t.score.0 + result(row).0);
            t.places += row.place;
            t.counted.push(row.player);
        } else {
            t.others.push(row.player);
        }
    }
    // A team short of members has fewer places to add: it is compared by its places as if each missing member
    // had placed last.
    let last = u32::try_from(rows.len()).unwrap_or(u32::MAX);
    let order = |t: &TeamRow| {
        let missing = u32::try_from(counting - t.counted.len()).unwrap_or(0);
        (Reverse(t.score), t.places + missing * (last + 1))
    };
    teams.sort_by_key(|t| (order(t), t.team));
    for i in 0..teams.len() {
        let tied_before = i > 0 && order(&teams[i - 1]) == order(&teams[i]);
        let tied_after = i + 1 < teams.len() && order(&teams[i + 1]) == order(&teams[i]);
        teams[i].place = if tied_before {
            teams[i - 1].place
        } else {
            u32::try_from(i + 1).unwrap_or(u32::MAX)
        };
        teams[i].shared = tied_before || tied_after;
    }
    teams
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(player: u32, place: u32, wins: i32, mms: i32) -> Row {
        Row {
            place,
            shared: false,
            player: PlayerId(player),
            number: player,
            starting_mms: HalfPoints(0),
            mms: HalfPoints(mms),
            grid_mms: HalfPoints(mms),
            wins: HalfPoints(wins),
            values: Vec::new(),
        }
    }

    #[test]
    fn the_best_members_count_and_their_places_break_ties() {
        // Players 1..=6 placed in that order; team 0 = {1, 4, 6}, team 1 = {2, 3, 5}, player 7 has no team.
        let rows = [
            row(1, 1, 8, 60),
            row(2, 2, 8, 58),
            row(3, 3, 6, 56),
            row(4, 4, 6, 50),
            row(5, 5, 4, 48),
            row(6, 6, 2, 40),
            row(7, 7, 0, 30),
        ];
        let team_of = |p: PlayerId| match p.0 {
            1 | 4 | 6 => Some(0),
            2 | 3 | 5 => Some(1),
            _ => None,
        };
        // Best two by wins: 8+6 each; places 1+4 = 5 against 2+3 = 5: shared.
        let t = team_standings(&rows, team_of, 2, TeamScore::Wins);
        assert_eq!(t.len(), 2);
        assert_eq!(
            (t[0].score, t[0].place, t[0].shared),
            (HalfPoints(14), 1, true)
        );
        assert_eq!((t[1].place, t[1].shared), (1, true));
        assert_eq!(t[0].counted, vec![PlayerId(1), PlayerId(4)]);
        assert_eq!(t[0].others, vec![PlayerId(6)]);
        // All three: 16 against 18.
        let t = team_standings(&rows, team_of, 3, TeamScore::Wins);
        assert_eq!((t[0].team, t[0].score, t[0].place), (1, HalfPoints(18), 1));
        assert_eq!((t[1].team, t[1].place, t[1].shared), (0, 2, false));
        // By MMS, best two: 60+50 = 110 against 58+56 = 114.
        let t = team_standings(&rows, team_of, 2, TeamScore::Mms);
        assert_eq!((t[0].team, t[0].score), (1, HalfPoints(114)));
    }

    #[test]
    fn a_team_short_of_members_places_behind_an_equal_full_team() {
        let rows = [
            row(1, 1, 6, 0),
            row(2, 2, 4, 0),
            row(3, 3, 2, 0),
            row(4, 4, 0, 0),
        ];
        // Team 0 = {1} alone scores 6; team 1 = {2, 3} scores 6 with places 2+3.
        let team_of = |p: PlayerId| match p.0 {
            1 => Some(0),
            2 | 3 => Some(1),
            _ => None,
        };
        let t = team_standings(&rows, team_of, 2, TeamScore::Wins);
        assert_eq!((t[0].team, t[0].place), (1, 1));
        assert_eq!((t[1].team, t[1].place, t[1].shared), (0, 2, false));
    }
}
