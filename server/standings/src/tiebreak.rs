//! Tie-break values from a [`ScoreTable`]: the SOS family (SOS, SOS−1/−2, the AGA's median, SOSOS, SODOS) under
//! every convention of [`SosRules`], CUSS, CUSP, OpenGotha's EXT and EXR, rating and rank, and the three group
//! criteria (SACO, head-to-head, SDC) that only make sense among players tied on every earlier criterion. Exact:
//! half points as integers, fractions as [`Value`].
//!
//! Definitions (R = rounds counted, "a round without a game" = bye, missed or not assigned; forfeits are games,
//! as in OpenGotha):
//! - SOS: Σ over rounds of the opponent's score (final or adjusted); a round without a game adds the
//!   [`Unplayed`] substitute, or, with [`Unplayed::Normalise`], the sum is multiplied by R / opponents met
//!   (Mays: "divide by the number of rounds for which he has a value, then multiply by 6").
//! - SOS−k: the per-round values (substitutes included) without the k lowest; normalised as
//!   Σ × (R−k) / (opponents met − k), 0 when nothing is left.
//! - Median (AGA "Resolving Ties", alternate method 1, the Harkness score): the games' values without the k
//!   highest and the k lowest (k = 1, or 2 in a tournament of more than eight rounds), plus the substitutes of
//!   rounds without a game, which are not opponents and so never left out; normalised as
//!   Σ × (R−2k) / (opponents met − 2k), 0 when nothing is left.
//! - SOSOS: Σ over games of the opponent's SOS (same rules); a round without a game adds own starting MMS × R
//!   (OpenGotha), the virtual opponent's score × R, or nothing (normalised / zero).
//! - SODOS: Σ over won games (forfeit and both-win included) of the opponent's score, plus ½ of it for a jigo;
//!   a bye adds the [`Unplayed::OwnStart`]/[`Unplayed::VirtualOpponent`] substitute (BGA: "for each free win add
//!   the player's own initial McMahon score"); never normalised.
//! - CUSS: Σ over s = 1..R of the MMS after round s. CUSP: Σ over s of game points after round s.
//! - EXT (OpenGotha): Σ over games of the opponent's wins after round R × 0, 1, 2 or 3 as the handicap the player
//!   played at, from their side (+ when they gave stones), minus the natural handicap (their rank minus the
//!   opponent's) is negative, 0, 1, or 2 and more. EXR: the same over the games the player won (a full point:
//!   by forfeit too). Rounds without a game add nothing.
//! - SDC (OpenGotha, among tied players): when every two of them met and no pair's games cancel out, each one's
//!   wins against the others; otherwise 0 for all.
//! - Rating (a missing one is the middle of the rank's band, 100 × rank + 2100) and rank: static values.

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

/// Player `p`'s per-round SOS values in half points: each game's (the opponent's score, ± the stones with
/// `rules.handicap`), and each round without a game's substitute, if the rules give one.
struct RoundValues {
    games: Vec<i64>,
    substitutes: Vec<i64>,
}

fn per_round(table: &ScoreTable, p: usize, opp: &[HalfPoints], rules: SosRules) -> RoundValues {
    let stones = rules.handicap && rules.opponent == OpponentScore::Final;
    let mut values = RoundValues {
        games: Vec::with_capacity(table.rounds()),
        substitutes: Vec::new(),
    };
    for e in &table.events[p] {
        match *e {
            Event::Game {
                opponent, handicap, ..
            } => {
                let seen = if stones { 2 * i64::from(handicap) } else { 0 };
                values.games.push(i64::from(opp[opponent].0) + seen);
            }
            _ => values
                .substitutes
                .extend(substitute(table, p, rules.unplayed)),
        }
    }
    values
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
            let v = per_round(table, p, &opp, rules);
            let sum = v.games.iter().chain(&v.substitutes).sum();
            finish(sum, r, v.games.len() as i64, rules.unplayed)
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
            let RoundValues {
                games: mut values,
                substitutes,
            } = per_round(table, p, &opp, rules);
            let games = values.len() as i64;
            values.extend(substitutes);
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

/// How many of the strongest and of the weakest opponents the median leaves out: one each in a tournament of
/// eight rounds or fewer, two each past eight (the tournament's rounds, not the rounds counted so far).
pub fn median_cut(rounds_total: u32) -> usize {
    if rounds_total > 8 {
        2
    } else {
        1
    }
}

/// The AGA's median (Harkness) score of every player: SOS without the strongest and the weakest opponent (two
/// of each past eight rounds). "Strongest" is the highest value the game adds under `rules` (with OpenGotha's
/// handicap convention, the opponent's score ± the stones). The rule leaves out opponents, so a round without a
/// game still adds its substitute; a player who met no more than 2k opponents keeps only the substitutes.
/// For example, five games against opponents on 3, 1, 4, 1 and 5 in a six-round tournament and a bye worth
/// the player's own start 0: SOS 14, median 14 − 5 − 1 = 8 (the bye's 0 stays).
pub fn median(table: &ScoreTable, rules: SosRules) -> Vec<Value> {
    let opp = opponent_scores(table, rules.opponent);
    let k = median_cut(table.rounds_total);
    let r = table.rounds() as i64;
    (0..table.len())
        .map(|p| {
            let RoundValues {
                mut games,
                substitutes,
            } = per_round(table, p, &opp, rules);
            let substitutes: i64 = substitutes.iter().sum();
            games.sort_unstable();
            let met = games.len();
            let kept: i64 = if met > 2 * k {
                games[k..met - k].iter().sum()
            } else {
                0
            };
            let left = 2 * k as i64;
            match rules.unplayed {
                Unplayed::Normalise if met as i64 <= left || r <= left => Value::ZERO,
                Unplayed::Normalise => Value::half_points(kept).scale(r - left, met as i64 - left),
                _ => Value::half_points(kept + substitutes),
            }
        })
        .collect()
}

/// OpenGotha's exploit coefficient of one game: the handicap the player played at, from their side, minus the
/// natural handicap (their rank minus the opponent's): below 0 → 0, 0 → 1, 1 → 2, 2 and more → 3.
fn exploit_coefficient(handicap: i32, natural: i32) -> i64 {
    match handicap - natural {
        d if d < 0 => 0,
        0 => 1,
        1 => 2,
        _ => 3,
    }
}

/// EXT of every player (`won_only = false`) or EXR (`true`): Σ over games (won games for EXR) of the opponent's
/// wins × [`exploit_coefficient`]. For example, a 3k playing a 1d even (natural handicap −3, played at 0: three
/// above) has coefficient 3, so the 1d's four wins add 12; the 1d (played at 0, natural 3: below) has 0. With
/// three stones both have 1.
pub fn exploits(table: &ScoreTable, won_only: bool) -> Vec<Value> {
    (0..table.len())
        .map(|p| {
            let mut halves = 0i64;
            for e in &table.events[p] {
                if let Event::Game {
                    opponent,
                    handicap,
                    points,
                    ..
                } = *e
                {
                    if won_only && points < HalfPoints::ONE {
                        continue;
                    }
                    let natural = table.ranks[p].0 - table.ranks[opponent].0;
                    halves +=
                        exploit_coefficient(handicap, natural) * i64::from(table.wins[opponent].0);
                }
            }
            Value::half_points(halves)
        })
        .collect()
}

/// The rating the rating criterion uses: the player's, else the middle of their rank's band on the EGF scale
/// (OpenGotha's rank from a rating is (rating + 950) / 100 − 30, so rank r spans 100r + 2050 to 100r + 2149).
pub fn rating_or_rank_band(rating: Option<i32>, rank: tengen_draw::model::Rank) -> i64 {
    rating.map_or_else(|| 100 * i64::from(rank.0) + 2100, i64::from)
}

/// The rating criterion of every player (see [`rating_or_rank_band`]).
pub fn rating(table: &ScoreTable) -> Vec<Value> {
    table
        .ratings
        .iter()
        .zip(&table.ranks)
        .map(|(&r, &k)| Value::int(rating_or_rank_band(r, k)))
        .collect()
}

/// The rank criterion of every player (the draw's scale: 1d = 0, 1k = −1).
pub fn rank(table: &ScoreTable) -> Vec<Value> {
    table
        .ranks
        .iter()
        .map(|r| Value::int(i64::from(r.0)))
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
        Criterion::Median(r) => median(table, r),
        Criterion::Ext => exploits(table, false),
        Criterion::Exr => exploits(table, true),
        Criterion::Rating => rating(table),
        Criterion::Rank => rank(table),
        Criterion::Saco | Criterion::HeadToHead | Criterion::Sdc => return None,
    };
    Some(values)
}

/// The value of a group criterion for each member of `group` (same order); individual criteria are computed
/// for the whole table and picked out.
pub fn group_values(table: &ScoreTable, criterion: Criterion, group: &[usize]) -> Vec<Value> {
    match criterion {
        Criterion::Saco => saco(table, group),
        Criterion::HeadToHead => head_to_head(table, group),
        Criterion::Sdc => sdc(table, group),
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

/// The games among the members of `group` (forfeits included), seen from each side: the two members' positions
/// in `group` and the points each scored.
fn games_within(
    table: &ScoreTable,
    group: &[usize],
) -> Vec<(usize, usize, HalfPoints, HalfPoints)> {
    let pos: BTreeMap<usize, usize> = group.iter().enumerate().map(|(i, &p)| (p, i)).collect();
    let mut games = Vec::new();
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
                    games.push((i, j, points, opponent_points));
                }
            }
        }
    }
    games
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
    let mut net: BTreeMap<(usize, usize), i64> = BTreeMap::new();
    for (i, j, mine, theirs) in games_within(table, group) {
        *net.entry((i, j)).or_insert(0) += i64::from(mine.0 - theirs.0);
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

/// OpenGotha's simplified direct confrontation among `group`: when every two members have met and the games of
/// each pair do not cancel out (their points differ), each member's number of wins against the others (a win by
/// forfeit too); otherwise 0 for everyone, as OpenGotha's help says: "if they haven't [all played each other],
/// then the SDC value is 0 for all of them". For example, three tied players where 1 beat 2 and 3, and 2 beat 3:
/// 2, 1, 0; had 2 and 3 never met: 0, 0, 0.
pub fn sdc(table: &ScoreTable, group: &[usize]) -> Vec<Value> {
    let n = group.len();
    let mut met = vec![vec![false; n]; n];
    let mut net = vec![vec![0i64; n]; n];
    let mut wins = vec![0i64; n];
    for (i, j, mine, theirs) in games_within(table, group) {
        met[i][j] = true;
        net[i][j] += i64::from(mine.0 - theirs.0);
        if mine > theirs {
            wins[i] += 1;
        }
    }
    let settled = (0..n).all(|i| (0..n).all(|j| i == j || (met[i][j] && net[i][j] != 0)));
    wins.into_iter()
        .map(|w| Value::int(if settled { w } else { 0 }))
        .collect()
}
