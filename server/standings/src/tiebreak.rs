//! Tie-break values from a [`ScoreTable`]: the SOS family (SOS, SOS−1/−2, SOSOS, SODOS) under every
//! convention of [`SosRules`], CUSS, CUSP, and the two group criteria (SACO, head-to-head) that only make sense
//! among players tied on every earlier criterion. Exact: half points as integers, fractions as [`Value`].
//!
//! Definitions (R = rounds counted, "a round without a game" = bye, missed or not assigned; forfeits are games,
//! as in OpenGotha):
//! - SOS: Σ over rounds of the opponent's score (final or adjusted); a round without a game adds the
//!   [`Unplayed`] substitute, or, with [`Unplayed::Normalise`], the sum is multiplied by R / opponents met
//!   (Mays: "divide by the number of rounds for which he has a value, then multiply by 6").
//! - SOS−k: the per-round values (substitutes included) without the k lowest; normalised as
//!   Σ × (R−k) / (opponents met − k), 0 when nothing is left.
//! - SOSOS: Σ over games of the opponent's SOS (same rules); a round without a game adds own starting MMS × R
//!   (OpenGotha), the virtual opponent's score × R, or nothing (normalised / zero).
//! - SODOS: Σ over won games (forfeit and both-win included) of the opponent's score, plus ½ of it for a jigo;
//!   a bye adds the [`Unplayed::OwnStart`]/[`Unplayed::VirtualOpponent`] substitute (BGA: "for each free win add
//!   the player's own initial McMahon score"); never normalised.
//! - CUSS: Σ over s = 1..R of the MMS after round s. CUSP: Σ over s of game points after round s.

use std::collections::{BTreeMap, BTreeSet};

use tengen_draw::model::HalfPoints;

use crate::score::{Event, ScoreTable};
use crate::settings::{Criterion, OpponentScore, SosRules, Unplayed};
use crate::value::Value;

/// Every player's opponent score under `rule` (half points).
pub fn opponent_scores(table: &ScoreTable, rule: OpponentScore) -> Vec<HalfPoints> {
    match rule {
        OpponentScore::Final => (0..table.len()).map(|p| table.final_mms(p)).collect(),
        OpponentScore::Adjusted => table.adjusted.clone(),
        OpponentScore::Wins => table.wins.clone(),
    }
}

/// The substitute a round without a game adds, in half points (`None` = nothing, normalise later or zero).
fn substitute(table: &ScoreTable, p: usize, unplayed: Unplayed) -> Option<i64> {
    let start = i64::from(table.starts[p].0);
    match unplayed {
        Unplayed::OwnStart => Some(start),
        Unplayed::VirtualOpponent => Some(start + table.rounds() as i64),
        Unplayed::Normalise | Unplayed::Zero => None,
    }
}

/// Player `p`'s per-round SOS values in half points (substitutes included) and the number of games.
fn per_round(table: &ScoreTable, p: usize, opp: &[HalfPoints], rules: SosRules) -> (Vec<i64>, i64) {
    let stones = rules.handicap && rules.opponent == OpponentScore::Final;
    let mut values = Vec::with_capacity(table.rounds());
    let mut games = 0;
    for e in &table.events[p] {
        match *e {
            Event::Game {
                opponent, handicap, ..
            } => {
                games += 1;
                let seen = if stones { 2 * i64::from(handicap) } else { 0 };
                values.push(i64::from(opp[opponent].0) + seen);
            }
            _ => values.extend(substitute(table, p, rules.unplayed)),
        }
    }
    (values, games)
}

/// Σ × R / games when normalising (0 without games), else Σ; `sum` in half points.
fn finish(sum: i64, rounds: i64, games: i64, unplayed: Unplayed) -> Value {
    match unplayed {
        Unplayed::Normalise if games == 0 => Value::ZERO,
        Unplayed::Normalise => Value::half_points(sum).scale(rounds, games),
        _ => Value::half_points(sum),
    }
}

/// SOS of every player.
pub fn sos(table: &ScoreTable, rules: SosRules) -> Vec<Value> {
    let opp = opponent_scores(table, rules.opponent);
    let r = table.rounds() as i64;
    (0..table.len())
        .map(|p| {
            let (values, games) = per_round(table, p, &opp, rules);
            finish(values.iter().sum(), r, games, rules.unplayed)
        })
        .collect()
}

/// SOS−k of every player: the k lowest per-round values dropped.
pub fn sos_minus(table: &ScoreTable, k: u8, rules: SosRules) -> Vec<Value> {
    let opp = opponent_scores(table, rules.opponent);
    let k = i64::from(k);
    let r = table.rounds() as i64;
    (0..table.len())
        .map(|p| {
            let (mut values, games) = per_round(table, p, &opp, rules);
            values.sort_unstable();
            let kept: i64 = values.iter().skip(k as usize).sum();
            match rules.unplayed {
                Unplayed::Normalise if games <= k || r <= k => Value::ZERO,
                Unplayed::Normalise => Value::half_points(kept).scale(r - k, games - k),
                _ => Value::half_points(kept),
            }
        })
        .collect()
}

/// SOSOS of every player.
pub fn sosos(table: &ScoreTable, rules: SosRules) -> Vec<Value> {
    let sos = sos(table, rules);
    let r = table.rounds() as i64;
    (0..table.len())
        .map(|p| {
            let mut sum = Value::ZERO;
            let mut games = 0;
            for e in &table.events[p] {
                match e.opponent() {
                    Some(o) => {
                        games += 1;
                        sum = sum + sos[o];
                    }
                    None => {
                        if let Some(s) = substitute(table, p, rules.unplayed) {
                            sum = sum + Value::half_points(s * r);
                        }
                    }
                }
            }
            match rules.unplayed {
                Unplayed::Normalise if games == 0 => Value::ZERO,
                Unplayed::Normalise => sum.scale(r, games),
                _ => sum,
            }
        })
        .collect()
}

/// SODOS of every player (quarter points: a jigo adds half the opponent's half points).
pub fn sodos(table: &ScoreTable, rules: SosRules) -> Vec<Value> {
    let opp = opponent_scores(table, rules.opponent);
    (0..table.len())
        .map(|p| {
            let mut quarters = 0i64;
            for e in &table.events[p] {
                match *e {
                    Event::Game {
                        opponent, points, ..
                    } => quarters += i64::from(points.0) * i64::from(opp[opponent].0),
                    Event::Bye => quarters += 2 * substitute(table, p, rules.unplayed).unwrap_or(0),
                    Event::Missed | Event::NotAssigned => {}
                }
            }
            Value::quarter_points(quarters)
        })
        .collect()
}

/// CUSS of every player.
pub fn cuss(table: &ScoreTable) -> Vec<Value> {
    table
        .mms
        .iter()
        .map(|row| Value::half_points(row.iter().skip(1).map(|h| i64::from(h.0)).sum()))
        .collect()
}

/// CUSP of every player.
pub fn cusp(table: &ScoreTable) -> Vec<Value> {
    table
        .points
        .iter()
        .map(|row| Value::half_points(row.iter().skip(1).map(|h| i64::from(h.0)).sum()))
        .collect()
}

/// The sequence of every player's results as a number whose digits are the rounds in order (2 win or bye, 1 jigo,
/// 0 loss or no game), so a greater number is a better sequence. Past 18 rounds (where the decimal digits would
/// overflow) the same digits are read in base 3: still ordered, no longer readable.
pub fn sequence(table: &ScoreTable) -> Vec<Value> {
    let base: i64 = if table.after.0 <= 18 { 10 } else { 3 };
    table
        .events
        .iter()
        .map(|row| {
            let digits = row.iter().take(table.after.0 as usize).map(|e| match e {
                Event::Game { points, .. } => i64::from(points.0.clamp(0, 2)),
                Event::Bye => 2,
                Event::Missed | Event::NotAssigned => 0,
            });
            Value::int(digits.fold(0i64, |n, d| n.saturating_mul(base).saturating_add(d)))
        })
        .collect()
}

/// The round each player went out in (see [`Criterion::Survival`]).
pub fn survival(table: &ScoreTable) -> Vec<Value> {
    let after = table.after.0;
    table
        .events
        .iter()
        .map(|row| {
            let mut losses = 0;
            let mut out = None;
            for (i, e) in row.iter().take(after as usize).enumerate() {
                let round = i as u32 + 1;
                if let Event::Game {
                    points,
                    opponent_points,
                    decided: true,
                    ..
                } = e
                {
                    if points < opponent_points || (points.0 == 0 && opponent_points.0 == 0) {
                        losses += 1;
                        if losses >= 2 || round == table.rounds_total {
                            out = Some(round);
                            break;
                        }
                    }
                }
            }
            Value::int(i64::from(out.unwrap_or(after + 1)))
        })
        .collect()
}

/// The value of an individual criterion for every player; `None` for group criteria.
pub fn individual(table: &ScoreTable, criterion: Criterion) -> Option<Vec<Value>> {
    let values = match criterion {
        Criterion::Mms => (0..table.len())
            .map(|p| table.placing_mms(p).into())
            .collect(),
        Criterion::Wins => table.wins.iter().map(|&w| w.into()).collect(),
        Criterion::Sos(r) => sos(table, r),
        Criterion::SosMinus(k, r) => sos_minus(table, k, r),
        Criterion::Sosos(r) => sosos(table, r),
        Criterion::Sodos(r) => sodos(table, r),
        Criterion::Cuss => cuss(table),
        Criterion::Cusp => cusp(table),
        Criterion::Sequence => sequence(table),
        Criterion::Survival => survival(table),
        Criterion::Saco | Criterion::HeadToHead => return None,
    };
    Some(values)
}

/// The value of a group criterion for each member of `group` (same order); individual criteria are computed
/// for the whole table and picked out.
pub fn group_values(table: &ScoreTable, criterion: Criterion, group: &[usize]) -> Vec<Value> {
    match criterion {
        Criterion::Saco => saco(table, group),
        Criterion::HeadToHead => head_to_head(table, group),
        other => {
            let all = individual(table, other).expect("non-group criteria have individual values");
            group.iter().map(|&p| all[p]).collect()
        }
    }
}

/// SACO among `group`: each member's points against the opponents every member met (0 when there are none).
pub fn saco(table: &ScoreTable, group: &[usize]) -> Vec<Value> {
    let opponents = |p: usize| -> BTreeSet<usize> {
        table.events[p].iter().filter_map(Event::opponent).collect()
    };
    let mut common: Option<BTreeSet<usize>> = None;
    for &p in group {
        let mine = opponents(p);
        common = Some(match common {
            None => mine,
            Some(c) => c.intersection(&mine).copied().collect(),
        });
    }
    let common = common.unwrap_or_default();
    group
        .iter()
        .map(|&p| {
            let pts: i64 = table.events[p]
                .iter()
                .filter_map(|e| match *e {
                    Event::Game {
                        opponent, points, ..
                    } if common.contains(&opponent) => Some(i64::from(points.0)),
                    _ => None,
                })
                .sum();
            Value::half_points(pts)
        })
        .collect()
}

/// Head-to-head among `group`, as a value −level (higher is better).
///
/// A member "beat" another when they scored more points than the other in their direct games (forfeits
/// included). Level 0 holds the members beaten by no other member; they are removed and the next level is found
/// the same way. Members left when nobody remaining is unbeaten (a cycle such as A beat B, B beat C, C beat A,
/// and whoever those beat) share the last level. So an unbeaten member is never placed below someone they did
/// not lose to, and nobody who lost to a tied player is placed above them (AGA "Resolving Ties"); members who
/// never met stay tied (Mays: declare both winners).
pub fn head_to_head(table: &ScoreTable, group: &[usize]) -> Vec<Value> {
    let pos: BTreeMap<usize, usize> = group.iter().enumerate().map(|(i, &p)| (p, i)).collect();
    let mut net: BTreeMap<(usize, usize), i64> = BTreeMap::new();
    for (i, &p) in group.iter().enumerate() {
        for e in &table.events[p] {
            if let Event::Game {
                opponent,
                points,
                opponent_points,
                ..
            } = *e
            {
                if let Some(&j) = pos.get(&opponent) {
                    *net.entry((i, j)).or_insert(0) += i64::from(points.0 - opponent_points.0);
                }
            }
        }
    }
    let mut beats: Vec<Vec<usize>> = vec![Vec::new(); group.len()];
    let mut beaten_by = vec![0usize; group.len()];
    for (&(i, j), &n) in &net {
        if n > 0 {
            beats[i].push(j);
            beaten_by[j] += 1;
        }
    }
    let mut level = vec![None; group.len()];
    let mut current: Vec<usize> = (0..group.len()).filter(|&i| beaten_by[i] == 0).collect();
    let mut depth = 0i64;
    while !current.is_empty() {
        let mut next = Vec::new();
        for &i in &current {
            level[i] = Some(depth);
            for &j in &beats[i] {
                beaten_by[j] -= 1;
                if beaten_by[j] == 0 {
                    next.push(j);
                }
            }
        }
        current = next;
        depth += 1;
    }
    level
        .iter()
        .map(|l| Value::int(-l.unwrap_or(depth)))
        .collect()
}
