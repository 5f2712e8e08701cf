//! Round robin (all-play-all, BGA handbook 11.7): the schedule by Berger tables and the draw of one round from it.
//!
//! The schedule is the circle method: the last seat stays still while the others revolve around it, so `n`
//! players (one seat more, a dummy, when `n` is odd: its partner has the bye) meet each other once in `n − 1`
//! rounds (`n` when odd). Seats follow player numbers (seat 0 is number 1), so round 1 is 1–n, 2–(n−1), … as in
//! the published tables. Colours: the still seat alternates; in every other game the colour depends on the
//! distance between the two seats, which gives every player as many Whites as Blacks, ±1, per cycle and never
//! three games of one colour in a row. A tournament with twice (three times, …) the rounds of one cycle plays
//! the cycle again with colours swapped.
//!
//! The players are those of round 1 (the first entry of their participation), fixed from then on. A player who
//! does not play a later round keeps their game in the schedule: the register decides what it counts as (a loss
//! by forfeit), not this module. Handicaps, when the settings give stones, follow the same rule as the score-group
//! draw, with White to the stronger player. Tables are numbered like every draw's (better player first).
//!
//! Owns the schedule and the round drawn from it; must not touch score groups, weights or the matcher (a round
//! robin has no choice to weigh), and takes no randomness: the seed is recorded, unused.

use std::collections::BTreeSet;

use crate::model::{DrawError, Game, PlayerId, Round, Settings, Snapshot};

use super::colour;
use super::context::{pair_key, Field};
use super::tables;

/// Rounds in one cycle for `players` players: `n − 1`, or `n` when odd (0 or 1 player: none).
pub fn rounds_per_cycle(players: usize) -> usize {
    if players < 2 {
        0
    } else {
        players + players % 2 - 1
    }
}

/// Round `k` (0-based, `k < rounds_per_cycle(players)`) of one cycle for `players` seats: the games as
/// `(white seat, black seat)`, and the seat with the bye when `players` is odd.
pub fn berger_round(players: usize, k: usize) -> (Vec<(usize, usize)>, Option<usize>) {
    let seats = players + players % 2;
    let circle = seats - 1;
    let still = circle;
    let k = k % circle;
    let mut games = Vec::with_capacity(seats / 2);
    let mut bye = None;
    // The still seat meets seat k: it takes White in odd rounds.
    if still < players {
        games.push(if k % 2 == 1 { (still, k) } else { (k, still) });
    } else {
        bye = Some(k);
    }
    for i in 1..seats / 2 {
        let up = (k + i) % circle;
        let down = (k + circle - i) % circle;
        games.push(if i % 2 == 1 { (up, down) } else { (down, up) });
    }
    (games, bye)
}

/// The games (`(white seat, black seat)`) and bye of round `round` (1-based) of a round robin of `players`:
/// round `per_cycle + 1` starts the cycle again, with colours swapped in every second cycle.
pub fn scheduled_round(players: usize, round: usize) -> (Vec<(usize, usize)>, Option<usize>) {
    let per_cycle = rounds_per_cycle(players);
    if per_cycle == 0 || round == 0 {
        return (Vec::new(), None);
    }
    let (cycle, k) = ((round - 1) / per_cycle, (round - 1) % per_cycle);
    let (mut games, bye) = berger_round(players, k);
    if cycle % 2 == 1 {
        for g in &mut games {
            *g = (g.1, g.0);
        }
    }
    (games, bye)
}

/// Draws round `snapshot.round` of a round robin. Refuses a field of fewer than two, a number of rounds that is
/// not a whole number of cycles, a player of this round who did not play round 1, and a scheduled pair who
/// already met in this cycle (games edited by hand or players renumbered since round 1).
pub fn draw(snapshot: &Snapshot, settings: &Settings, seed: u64) -> Result<Round, DrawError> {
    let field = Field::new(snapshot, settings, seed)?;
    let round = field.round;
    let refuse = |why: String| Err(DrawError::NoValidPairing(vec![why]));
    let mut seats: Vec<PlayerId> = snapshot
        .players
        .iter()
        .filter(|p| p.participation.first().copied().unwrap_or(true))
        .map(|p| p.id)
        .collect();
    seats.sort_by_key(|id| field.number_key(*id));
    let number = |id: PlayerId| field.player(id).map_or(0, |p| p.number);
    if let Some(late) = snapshot
        .players
        .iter()
        .find(|p| p.plays(round) && !seats.contains(&p.id))
    {
        return refuse(format!(
            "#{} did not play round 1: the players of a round robin are those of round 1; withdraw them from \
             this tournament",
            late.number
        ));
    }
    let per_cycle = rounds_per_cycle(seats.len());
    if per_cycle == 0 {
        return refuse("a round robin needs at least two players".into());
    }
    let total = snapshot.rounds_total as usize;
    if !total.is_multiple_of(per_cycle) {
        return refuse(format!(
            "a round robin of {} players plays {per_cycle} rounds ({} for a double round robin); this tournament \
             has {total}: change its number of rounds",
            seats.len(),
            2 * per_cycle
        ));
    }
    let r = round.0 as usize;
    let (scheduled, bye_seat) = scheduled_round(seats.len(), r);
    let cycle_start = (r - 1) / per_cycle * per_cycle + 1;
    let met_this_cycle: BTreeSet<(PlayerId, PlayerId)> = snapshot
        .games
        .iter()
        .filter(|g| (g.round.0 as usize) >= cycle_start && g.round < round)
        .map(|g| pair_key(g.white, g.black))
        .collect();
    let busy = |id: PlayerId| field.in_game.contains(&id) || field.bye_given == Some(id);
    let mut games = Vec::new();
    for (w, b) in scheduled {
        let (white, black) = (seats[w], seats[b]);
        if busy(white) || busy(black) {
            continue;
        }
        if met_this_cycle.contains(&pair_key(white, black)) {
            return refuse(format!(
                "the schedule of round {r} pairs #{} and #{}, who already met in this cycle (a game edited by \
                 hand, or players renumbered): draw the round empty and pair it by hand",
                number(white),
                number(black)
            ));
        }
        let handicap = colour::handicap(&field, white, black);
        let (white, black) = if handicap > 0
            && colour::compare_strength(&field, white, black) == std::cmp::Ordering::Less
        {
            (black, white)
        } else {
            (white, black)
        };
        games.push(Game::unweighed(white, black, handicap));
    }
    tables::number_tables(&field, &mut games);
    let bye = bye_seat
        .map(|s| seats[s])
        .filter(|id| !busy(*id) && field.bye_given.is_none());
    Ok(Round {
        round,
        seed,
        games,
        bye,
        advancing: Vec::new(),
        warnings: Vec::new(),
    })
}

#[cfg(test)]
mod tests;
