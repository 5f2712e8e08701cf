//! The score grid after round R: what happened to every player in every round 1..=R, and the McMahon score,
//! wins and points after each round, all in integer half points.
//!
//! Conventions (shared with `tengen_draw::score`): a game in a round beats a bye, a bye beats absence; a player
//! who participates but has neither is "not assigned" and scores 0. Game points come from
//! [`tengen_draw::score::game_points`]: win 1 (by forfeit too), jigo ½ each, both-lose 0, both-win 1 each,
//! unknown 0. A bye scores the bye value and counts as a win. A missed round (not participating, no game, no
//! bye) credits the McMahon score by the [`MissedRounds`] rule and never counts as a win. Two McMahon scores
//! are kept per round: `mms` with that credit (pairing, tie-breaks) and `earned` without it; [`Placing`] says
//! which one places the players (the EGF counts the credit, Mays does not). A third, `grid`, is the figure Mays'
//! wall chart prints when placing by the earned score: the credit shows once the player plays again (a
//! latecomer's ½ per round missed before joining, a returning player's), never for the rounds after a player's
//! last one.
//!
//! Games are read in a canonical order (round, white, black, handicap), so the order of the snapshot's lists
//! never changes anything.

use std::collections::BTreeMap;

use tengen_draw::model::{HalfPoints, PastGame, PlayerId, Rank, RoundNo, Snapshot};
use tengen_draw::score::game_points;

use crate::settings::{MissedRounds, Placing, ScoreRules};

/// What happened to one player in one round.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Event {
    /// A game (played, or decided by forfeit) against the player at this index of the table.
    Game {
        /// Index of the opponent in [`ScoreTable::ids`].
        opponent: usize,
        /// Points this player scored (half points).
        points: HalfPoints,
        /// Points the opponent scored (half points).
        opponent_points: HalfPoints,
        /// Decided without play.
        forfeit: bool,
        /// Handicap stones seen from this player: + when they gave them (White), − when they took them.
        handicap: i32,
        /// The result is known (an unknown one scores nothing for either player, but is nobody's loss yet).
        decided: bool,
    },
    /// The bye.
    Bye,
    /// Not participating: a latecomer's early round, a partial player's later one, a sleeper.
    Missed,
    /// Present but neither paired nor given the bye.
    NotAssigned,
}

impl Event {
    /// The opponent's index when the round had a game (played or forfeited).
    pub fn opponent(&self) -> Option<usize> {
        match self {
            Event::Game { opponent, .. } => Some(*opponent),
            _ => None,
        }
    }

    /// True when the round had a game actually played over the board.
    pub fn is_played(&self) -> bool {
        matches!(self, Event::Game { forfeit: false, .. })
    }
}

/// The grid of one tournament after round `after`, players indexed in id order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScoreTable {
    /// The last round counted (R).
    pub after: RoundNo,
    /// The tournament's number of rounds.
    pub rounds_total: u32,
    /// Player ids, ascending; every per-player vector follows this order.
    pub ids: Vec<PlayerId>,
    /// Player numbers (by strength), for tie display order.
    pub numbers: Vec<u32>,
    /// Starting McMahon scores.
    pub starts: Vec<HalfPoints>,
    /// Ranks (the draw's scale), for the director's categories, EXT/EXR and the rank criterion.
    pub ranks: Vec<Rank>,
    /// Ratings on the EGF scale, when known (the rating criterion).
    pub ratings: Vec<Option<i32>>,
    /// Ghosts (entered by the director to even the field): they count as opponents but are not placed.
    pub ghosts: Vec<bool>,
    /// `events[p][s-1]`: what happened to player `p` in round `s`.
    pub events: Vec<Vec<Event>>,
    /// `mms[p][s]`: McMahon score after round `s` with the missed-round credits (`mms[p][0]` is the starting
    /// score): what the draw pairs on and the SOS family and CUSS add up.
    pub mms: Vec<Vec<HalfPoints>>,
    /// `earned[p][s]`: the McMahon score without missed-round credits (starting score, game points, byes): a
    /// missed round counts like a loss. Mays places by it.
    pub earned: Vec<Vec<HalfPoints>>,
    /// `grid[p][s]`: the McMahon score as Mays' tournament grid shows it after round `s`: the earned score plus
    /// the credit for the rounds missed before a round the player took part in. Mays gives a latecomer ½ per
    /// missed round "immediately" (p. 16) and a player who returns the same (p. 20); a player who has left keeps
    /// the credit only "in the background", so their final score is the one after their last round. (Issue 29:
    /// the Quebec Open 2005 grid prints −8.5 for a round-4 latecomer who earned −10.)
    pub grid: Vec<Vec<HalfPoints>>,
    /// Which of the two places the players.
    pub placing: Placing,
    /// `points[p][s]`: points from games (wins, forfeit wins and jigos) after round `s`, no byes or credits.
    pub points: Vec<Vec<HalfPoints>>,
    /// Wins after round R: game points plus byes.
    pub wins: Vec<HalfPoints>,
    /// Mays' adjusted score after round R (see [`crate::settings::OpponentScore::Adjusted`]).
    pub adjusted: Vec<HalfPoints>,
    index: BTreeMap<PlayerId, usize>,
}

impl ScoreTable {
    /// Builds the grid of `snapshot` for rounds 1..=`after`. Games and byes of later rounds are ignored, as are
    /// games naming unknown players.
    pub fn build(snapshot: &Snapshot, after: RoundNo, rules: &ScoreRules) -> ScoreTable {
        let mut players: Vec<_> = snapshot.players.iter().collect();
        players.sort_by_key(|p| p.id);
        players.dedup_by_key(|p| p.id);
        let index: BTreeMap<PlayerId, usize> =
            players.iter().enumerate().map(|(i, p)| (p.id, i)).collect();
        let rounds = after.0 as usize;
        let mut events: Vec<Vec<Event>> = players
            .iter()
            .map(|p| {
                (1..=after.0)
                    .map(|s| {
                        if p.plays(RoundNo(s)) {
                            Event::NotAssigned
                        } else {
                            Event::Missed
                        }
                    })
                    .collect()
            })
            .collect();
        for bye in snapshot
            .byes
            .iter()
            .filter(|b| b.round.0 >= 1 && b.round <= after)
        {
            if let Some(&p) = index.get(&bye.player) {
                events[p][bye.round.index()] = Event::Bye;
            }
        }
        let mut games: Vec<&PastGame> = snapshot
            .games
            .iter()
            .filter(|g| g.round.0 >= 1 && g.round <= after)
            .collect();
        games.sort_by_key(|g| (g.round, g.white, g.black, g.handicap, g.result));
        for g in games {
            place_game(&mut events, &index, g);
        }
        let starts: Vec<HalfPoints> = players.iter().map(|p| p.starting_mms).collect();
        let mut table = ScoreTable {
            after,
            rounds_total: snapshot.rounds_total,
            ids: players.iter().map(|p| p.id).collect(),
            numbers: players.iter().map(|p| p.number).collect(),
            starts,
            ranks: players.iter().map(|p| p.rank).collect(),
            ratings: players.iter().map(|p| p.rating).collect(),
            ghosts: players.iter().map(|p| p.ghost).collect(),
            mms: Vec::with_capacity(players.len()),
            earned: Vec::with_capacity(players.len()),
            grid: Vec::with_capacity(players.len()),
            placing: rules.placing,
            points: Vec::with_capacity(players.len()),
            wins: Vec::with_capacity(players.len()),
            adjusted: Vec::with_capacity(players.len()),
            events,
            index,
        };
        for p in 0..table.ids.len() {
            let row = walk(table.starts[p], &table.events[p], rules, rounds);
            table.mms.push(row.mms);
            table.earned.push(row.earned);
            table.grid.push(row.grid);
            table.points.push(row.points);
            table.wins.push(row.wins);
            table.adjusted.push(row.adjusted);
        }
        table
    }

    /// Number of players.
    pub fn len(&self) -> usize {
        self.ids.len()
    }

    /// True when there are no players.
    pub fn is_empty(&self) -> bool {
        self.ids.is_empty()
    }

    /// The index of a player in every per-player vector.
    pub fn index_of(&self, id: PlayerId) -> Option<usize> {
        self.index.get(&id).copied()
    }

    /// McMahon score after round R, with the missed-round credits (the score opponents' SOS adds up).
    pub fn final_mms(&self, p: usize) -> HalfPoints {
        self.mms[p][self.after.0 as usize]
    }

    /// The McMahon score that places player `p` after round `s` (0 = the start): with the credits or as earned,
    /// by [`Placing`]. This is the MMS a standings table shows.
    pub fn placing_mms_after(&self, p: usize, s: usize) -> Option<HalfPoints> {
        let grid = match self.placing {
            Placing::WithCredits => &self.mms,
            Placing::Earned => &self.earned,
        };
        grid.get(p)?.get(s).copied()
    }

    /// The McMahon score that places player `p` after round R (see [`ScoreTable::placing_mms_after`]).
    pub fn placing_mms(&self, p: usize) -> HalfPoints {
        self.placing_mms_after(p, self.rounds())
            .unwrap_or_else(|| self.final_mms(p))
    }

    /// The McMahon score a wall chart prints for player `p` after round R: placing by the earned score (Mays),
    /// his grid's figure (see [`ScoreTable::grid`]), which differs from the placing score only for a player who
    /// missed rounds and then played; placing with the credits (the EGF), the placing score itself.
    pub fn grid_mms(&self, p: usize) -> HalfPoints {
        match self.placing {
            Placing::WithCredits => self.placing_mms(p),
            Placing::Earned => self
                .grid
                .get(p)
                .and_then(|row| row.get(self.rounds()))
                .copied()
                .unwrap_or_else(|| self.placing_mms(p)),
        }
    }

    /// Rounds counted (R).
    pub fn rounds(&self) -> usize {
        self.after.0 as usize
    }
}

/// Records one game for both players (a later game of the same round for the same player replaces the earlier).
fn place_game(events: &mut [Vec<Event>], index: &BTreeMap<PlayerId, usize>, g: &PastGame) {
    let (Some(&w), Some(&b)) = (index.get(&g.white), index.get(&g.black)) else {
        return;
    };
    if w == b {
        return;
    }
    let s = g.round.index();
    let wp = game_points(g.result.outcome, true);
    let bp = game_points(g.result.outcome, false);
    let forfeit = g.result.by_forfeit;
    let handicap = i32::from(g.handicap);
    let decided = g.result.outcome != tengen_draw::model::Outcome::Unknown;
    events[w][s] = Event::Game {
        opponent: b,
        points: wp,
        opponent_points: bp,
        forfeit,
        handicap,
        decided,
    };
    events[b][s] = Event::Game {
        opponent: w,
        points: bp,
        opponent_points: wp,
        forfeit,
        handicap: -handicap,
        decided,
    };
}

struct Walk {
    mms: Vec<HalfPoints>,
    earned: Vec<HalfPoints>,
    grid: Vec<HalfPoints>,
    points: Vec<HalfPoints>,
    wins: HalfPoints,
    adjusted: HalfPoints,
}

/// The credit for `missed` missed rounds so far.
pub fn missed_credit(rule: MissedRounds, missed: u32) -> HalfPoints {
    match rule {
        MissedRounds::MaysHalf => HalfPoints(missed as i32),
        MissedRounds::BgaOnePerTwo => HalfPoints((missed / 2) as i32 * 2),
        MissedRounds::Nothing => HalfPoints(0),
    }
}

/// One player's running scores through the rounds.
fn walk(start: HalfPoints, events: &[Event], rules: &ScoreRules, rounds: usize) -> Walk {
    let mut mms = Vec::with_capacity(rounds + 1);
    let mut earned = Vec::with_capacity(rounds + 1);
    let mut grid = Vec::with_capacity(rounds + 1);
    let mut points = Vec::with_capacity(rounds + 1);
    mms.push(start);
    earned.push(start);
    grid.push(start);
    points.push(HalfPoints(0));
    let (mut game_pts, mut byes, mut missed) = (HalfPoints(0), HalfPoints(0), 0u32);
    // Missed rounds the grid shows (followed by a round the player took part in), and those it does not yet.
    let (mut shown, mut pending) = (0u32, 0u32);
    let mut adjusted = start;
    for e in events {
        if matches!(e, Event::Missed) {
            pending += 1;
        } else {
            shown += std::mem::take(&mut pending);
        }
        match *e {
            Event::Game {
                points: p, forfeit, ..
            } => {
                game_pts += p;
                adjusted += if forfeit { HalfPoints::HALF } else { p };
            }
            Event::Bye => {
                byes += rules.bye;
                adjusted += HalfPoints::HALF;
            }
            Event::Missed => {
                missed += 1;
                adjusted += HalfPoints::HALF;
            }
            Event::NotAssigned => adjusted += HalfPoints::HALF,
        }
        mms.push(start + game_pts + byes + missed_credit(rules.missed, missed));
        earned.push(start + game_pts + byes);
        grid.push(start + game_pts + byes + missed_credit(rules.missed, shown));
        points.push(game_pts);
    }
    Walk {
        mms,
        earned,
        grid,
        points,
        wins: game_pts + byes,
        adjusted,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bga_rule_gives_one_point_per_two_missed_rounds() {
        let credits: Vec<i32> = (0..5)
            .map(|m| missed_credit(MissedRounds::BgaOnePerTwo, m).0)
            .collect();
        assert_eq!(credits, vec![0, 0, 2, 2, 4]);
        assert_eq!(missed_credit(MissedRounds::MaysHalf, 3), HalfPoints(3));
    }
}
