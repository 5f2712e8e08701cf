//! Simple knockout (BGA handbook 11.1): a bracket seeded by player number (1 against the last, the standard order in
//! which seeds 1 and 2 can meet only in the final), byes to the top seeds when the field is not a power of two,
//! and each later match between the winners of its two feeding matches.
//!
//! The bracket is read from the games as they stand, never stored: its players are those of round 1 (seated by
//! number), a match of round 1 is its two seeds (a seed past the field is nobody), and a later match is the
//! winners of its two feeders. A match is decided by its game's result (a win by forfeit is a walk-over; both
//! losing leaves nobody), by a side being nobody (the other goes through without a game), and is pending while
//! its game has no result or is not drawn yet. Drawing a round therefore pairs only the matches whose feeders are
//! decided, and drawing it again later adds those decided since: the next round need not wait for the whole of
//! this one. A game without a single winner (a jigo, both winning) stops the draw until the director decides it.
//!
//! Owns the bracket and the draw of one round from it; must not touch the matcher, and takes no randomness but the
//! colour coin of even games.

use std::collections::{BTreeMap, BTreeSet};

use crate::model::{DrawError, Game, Outcome, PlayerId, Round, RoundNo, Settings, Snapshot};

use super::colour;
use super::context::{pair_key, Field};
use super::tables;

/// Rounds a knockout of `players` takes: the bracket's depth (0 for fewer than two).
pub fn rounds_for(players: usize) -> u32 {
    if players < 2 {
        0
    } else {
        players.next_power_of_two().trailing_zeros()
    }
}

/// Seeds (1-based) in bracket order for a bracket of `size` places (a power of two): neighbours meet in round 1,
/// and seed `s` meets seed `size + 1 − s` there; seeds 1 and 2 are in different halves.
pub fn bracket_order(size: usize) -> Vec<usize> {
    let mut order = vec![1];
    while order.len() < size {
        let double = 2 * order.len();
        order = order.iter().flat_map(|&s| [s, double + 1 - s]).collect();
    }
    order
}

/// The games of the snapshot by round and pair: White and the outcome.
type Games = BTreeMap<(u32, (PlayerId, PlayerId)), (PlayerId, Outcome)>;

/// One side of a match, or a match's winner.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    /// A player.
    Player(PlayerId),
    /// Nobody: a bye's empty place, or the winner of a match both sides lost.
    Nobody,
    /// Not known yet: the feeding match is not decided.
    Pending,
}

/// One match of the bracket.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Match {
    /// The two sides, upper first.
    pub sides: [Side; 2],
    /// Who goes through.
    pub winner: Side,
    /// The game's result when it has no single winner (a jigo, both winning): the director must decide it.
    pub undecided: bool,
}

/// The bracket as far as the games go: `rounds[r - 1]` holds round `r`'s matches in bracket order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Bracket {
    /// The players by seed (seed 1 first).
    pub seeds: Vec<PlayerId>,
    /// The matches of each round.
    pub rounds: Vec<Vec<Match>>,
}

impl Bracket {
    /// The tournament's winner, once the last match is decided.
    pub fn champion(&self) -> Option<PlayerId> {
        match self.rounds.last()?.first()?.winner {
            Side::Player(p) => Some(p),
            _ => None,
        }
    }
}

/// The bracket of `snapshot` up to round `through` (its players are those of round 1, by number).
pub fn bracket(snapshot: &Snapshot, through: u32) -> Bracket {
    let mut seeds: Vec<&crate::model::Player> = snapshot
        .players
        .iter()
        .filter(|p| p.participation.first().copied().unwrap_or(true))
        .collect();
    seeds.sort_by_key(|p| (p.number, p.id));
    let seeds: Vec<PlayerId> = seeds.iter().map(|p| p.id).collect();
    let size = seeds.len().next_power_of_two().max(2);
    let order = bracket_order(size);
    let seat = |s: usize| {
        seeds
            .get(s - 1)
            .map_or(Side::Nobody, |id| Side::Player(*id))
    };
    let mut sides: Vec<[Side; 2]> = order.chunks(2).map(|c| [seat(c[0]), seat(c[1])]).collect();
    let mut games = Games::new();
    for g in &snapshot.games {
        games.insert(
            (g.round.0, pair_key(g.white, g.black)),
            (g.white, g.result.outcome),
        );
    }
    let mut rounds = Vec::new();
    for r in 1..=through.min(rounds_for(seeds.len())) {
        let matches: Vec<Match> = sides
            .iter()
            .map(|&[a, b]| decide(r, a, b, &games))
            .collect();
        sides = matches
            .chunks(2)
            .map(|pair| {
                [
                    pair[0].winner,
                    pair.get(1).map_or(Side::Nobody, |m| m.winner),
                ]
            })
            .collect();
        rounds.push(matches);
    }
    Bracket { seeds, rounds }
}

/// The match of round `r` between `a` and `b`, decided by their game if they have one.
fn decide(r: u32, a: Side, b: Side, games: &Games) -> Match {
    let (winner, undecided) = match (a, b) {
        (Side::Pending, _) | (_, Side::Pending) => (Side::Pending, false),
        (Side::Nobody, other) | (other, Side::Nobody) => (other, false),
        (Side::Player(x), Side::Player(y)) => match games.get(&(r, pair_key(x, y))) {
            None => (Side::Pending, false),
            Some(&(white, outcome)) => {
                let black = if white == x { y } else { x };
                match outcome {
                    Outcome::WhiteWins => (Side::Player(white), false),
                    Outcome::BlackWins => (Side::Player(black), false),
                    Outcome::BothLose => (Side::Nobody, false),
                    Outcome::Unknown => (Side::Pending, false),
                    Outcome::Jigo | Outcome::BothWin => (Side::Pending, true),
                }
            }
        },
    };
    Match {
        sides: [a, b],
        winner,
        undecided,
    }
}

/// Draws round `snapshot.round` of a knockout: a game for every match of the round whose two sides are known
/// and not yet seated, a player through without a game where the other side is nobody; matches still waiting for
/// a result are left for a later draw of the same round. Refuses a number of rounds other than the bracket's, a
/// player of this round who did not play round 1, and a feeding game without a single winner.
pub fn draw(snapshot: &Snapshot, settings: &Settings, seed: u64) -> Result<Round, DrawError> {
    let field = Field::new(snapshot, settings, seed)?;
    let round = field.round;
    let refuse = |why: String| Err(DrawError::NoValidPairing(vec![why]));
    let number = |id: PlayerId| field.player(id).map_or(0, |p| p.number);
    let bracket = bracket(snapshot, round.0);
    let in_field: BTreeSet<PlayerId> = bracket.seeds.iter().copied().collect();
    if let Some(late) = field.pairable().iter().find(|id| !in_field.contains(id)) {
        return refuse(format!(
            "#{} did not play round 1: the players of a knockout are those of round 1; withdraw them from this \
             tournament",
            number(*late)
        ));
    }
    let depth = rounds_for(bracket.seeds.len());
    if depth == 0 {
        return refuse("a knockout needs at least two players".into());
    }
    if snapshot.rounds_total != depth {
        return refuse(format!(
            "a knockout of {} players plays {depth} rounds; this tournament has {}: change its number of rounds",
            bracket.seeds.len(),
            snapshot.rounds_total
        ));
    }
    if let Some(before) = bracket.rounds.get(round.index().wrapping_sub(1)) {
        if let Some(m) = before.iter().find(|m| m.undecided) {
            let names: Vec<String> = m
                .sides
                .iter()
                .filter_map(|s| match s {
                    Side::Player(p) => Some(format!("#{}", number(*p))),
                    _ => None,
                })
                .collect();
            return refuse(format!(
                "the game {} of round {} has no single winner: a knockout game needs one (a replay's result, or \
                 the director's decision)",
                names.join("–"),
                round.0 - 1
            ));
        }
    }
    let seated = |id: PlayerId| field.seated(id);
    let mut games = Vec::new();
    let mut advancing = Vec::new();
    for m in bracket.rounds.get(round.index()).into_iter().flatten() {
        match m.sides {
            [Side::Player(a), Side::Player(b)] => {
                if seated(a) || seated(b) {
                    continue;
                }
                let (white, black, handicap) = colour::colours(&field, a, b);
                games.push(Game::unweighed(white, black, handicap));
            }
            [Side::Player(p), Side::Nobody] | [Side::Nobody, Side::Player(p)] if !seated(p) => {
                advancing.push(p);
            }
            _ => {}
        }
    }
    tables::number_tables(&field, &mut games);
    advancing.sort_by_key(|id| field.number_key(*id));
    Ok(Round {
        round: RoundNo(round.0),
        seed,
        games,
        bye: None,
        advancing,
        warnings: Vec::new(),
    })
}

#[cfg(test)]
mod tests;
