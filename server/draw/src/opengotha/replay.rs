//! Replays an OpenGotha tournament round by round with the `egf` cost function and compares with what OpenGotha
//! did: the total cost of OpenGotha's own pairing against the total of the optimal matching on our costs, the
//! pairs themselves, and (when OpenGotha's cost dumps are given) every dumped term of every pair.
//!
//! For round r the pairable players are the finally registered players taking part in round r, minus the bye
//! player the file records for round r.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

use super::dump::{parse_weights_dump, DumpedPair, TERM_NAMES};
use super::{read, OgError, OgTournament, RegisteringStatus};
use crate::egf::Costs;
use crate::matching::{max_weight_matching, Edge};
use crate::model::{Criterion, Ledger, PlayerId};

/// The ledger criteria in the order of the dump's terms ([`TERM_NAMES`]).
pub const DUMP_CRITERIA: [Criterion; 9] = [
    Criterion::AvoidDuplicate,
    Criterion::Random,
    Criterion::ColourBalance,
    Criterion::Category,
    Criterion::ScoreDifference,
    Criterion::Dudd,
    Criterion::Seeding,
    Criterion::Handicap,
    Criterion::Geography,
];

/// One dumped pair whose costs differ from ours.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PairMismatch {
    /// "Name Firstname" of both players, as dumped.
    pub players: (String, String),
    /// (term, OpenGotha's value, ours) for each differing term, "totalCost" included.
    pub terms: Vec<(String, i64, i64)>,
}

/// The comparison of one round.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RoundReport {
    /// The round.
    pub round: u32,
    /// Number of players paired.
    pub players: usize,
    /// Total cost of OpenGotha's own pairing of the round, on our costs.
    pub opengotha_total: i128,
    /// Total cost of the optimal matching on our costs.
    pub our_total: i128,
    /// Games of our matching that OpenGotha did not make (0 = identical pairing).
    pub differing_pairs: usize,
    /// Dump comparison: (pairs checked, pairs with any differing term); `None` without a dump for the round.
    pub dump: Option<(usize, usize)>,
    /// The first few per-pair mismatches, for diagnosis.
    pub mismatches: Vec<PairMismatch>,
    /// Problems that make the round incomparable (unknown names in the dump, odd field…).
    pub problems: Vec<String>,
}

impl RoundReport {
    /// Totals equal, no dump mismatch, no problem.
    pub fn ok(&self) -> bool {
        self.opengotha_total == self.our_total
            && self.dump.is_none_or(|(_, bad)| bad == 0)
            && self.problems.is_empty()
    }
}

/// The whole replay.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ReplayReport {
    /// One entry per round with games, ascending.
    pub rounds: Vec<RoundReport>,
}

impl ReplayReport {
    /// Every round reproduced: equal total cost and no per-pair mismatch.
    pub fn all_ok(&self) -> bool {
        self.rounds.iter().all(RoundReport::ok)
    }
}

impl fmt::Display for ReplayReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for r in &self.rounds {
            let pairs = if r.differing_pairs == 0 {
                "identical".to_string()
            } else {
                format!("{} pairs differ", r.differing_pairs)
            };
            let verdict = if r.opengotha_total == r.our_total {
                "equal"
            } else {
                "DIFFERENT"
            };
            write!(
                f,
                "round {:>2}: {} players, OpenGotha total {}, ours {} ({verdict}), {pairs}",
                r.round, r.players, r.opengotha_total, r.our_total
            )?;
            if let Some((checked, bad)) = r.dump {
                write!(f, ", dump: {bad} of {checked} pairs mismatch")?;
            }
            for p in &r.problems {
                write!(f, ", problem: {p}")?;
            }
            writeln!(f)?;
        }
        let bad_rounds = self.rounds.iter().filter(|r| !r.ok()).count();
        let checked: usize = self.rounds.iter().filter_map(|r| r.dump.map(|d| d.0)).sum();
        let mismatched: usize = self.rounds.iter().filter_map(|r| r.dump.map(|d| d.1)).sum();
        let equal = self
            .rounds
            .iter()
            .filter(|r| r.opengotha_total == r.our_total);
        let identical = equal.clone().filter(|r| r.differing_pairs == 0).count();
        write!(
            f,
            "summary: {} rounds: {identical} identical, {} different pairs at equal total cost, {} different \
             total cost; {mismatched} of {checked} dumped pairs mismatch: {}",
            self.rounds.len(),
            equal.count() - identical,
            self.rounds.iter().filter(|r| r.opengotha_total != r.our_total).count(),
            if bad_rounds == 0 { "OK" } else { "MISMATCH" }
        )
    }
}

/// The players OpenGotha paired in `round`: FIN, participating, not the round's bye.
pub fn pairable(t: &OgTournament, round: u32) -> Vec<PlayerId> {
    let bye = t.round_bye(round);
    t.players
        .iter()
        .enumerate()
        .filter(|(_, p)| p.registering_status == RegisteringStatus::Fin && p.participates(round))
        .map(|(i, _)| PlayerId(i as u32))
        .filter(|id| Some(*id) != bye)
        .collect()
}

/// The terms of our ledger in dump order, then the total.
pub fn dump_terms(ledger: &Ledger) -> ([i64; 9], i64) {
    let mut terms = [0; 9];
    for (slot, c) in terms.iter_mut().zip(DUMP_CRITERIA) {
        *slot = ledger.get(c);
    }
    (terms, ledger.total())
}

/// Compares every dumped pair with our costs; returns (pairs checked, mismatches, problems).
pub fn compare_dump(
    t: &OgTournament,
    costs: &Costs,
    dump: &[DumpedPair],
) -> (usize, Vec<PairMismatch>, Vec<String>) {
    let mut by_name: BTreeMap<String, PlayerId> = BTreeMap::new();
    for (i, p) in t.players.iter().enumerate() {
        by_name.entry(p.full_name()).or_insert(PlayerId(i as u32));
    }
    let mut mismatches = Vec::new();
    let mut problems = Vec::new();
    for pair in dump {
        let (Some(a), Some(b)) = (by_name.get(&pair.player1), by_name.get(&pair.player2)) else {
            problems.push(format!(
                "unknown player in dump: {} / {}",
                pair.player1, pair.player2
            ));
            continue;
        };
        let (ours, total) = dump_terms(&costs.pair(*a, *b));
        let mut terms: Vec<(String, i64, i64)> = TERM_NAMES
            .iter()
            .zip(pair.terms().iter().zip(ours.iter()))
            .filter(|(_, (og, us))| og != us)
            .map(|(name, (og, us))| (name.to_string(), *og, *us))
            .collect();
        if total != pair.total {
            terms.push(("totalCost".to_string(), pair.total, total));
        }
        if !terms.is_empty() {
            mismatches.push(PairMismatch {
                players: (pair.player1.clone(), pair.player2.clone()),
                terms,
            });
        }
    }
    (dump.len(), mismatches, problems)
}

/// The optimal pairing of `players` on `costs` (maximum weight, maximum cardinality), as sorted id pairs.
pub fn optimal_pairs(costs: &Costs, players: &[PlayerId]) -> BTreeSet<(PlayerId, PlayerId)> {
    let mut edges = Vec::new();
    for (i, a) in players.iter().enumerate() {
        for (j, b) in players.iter().enumerate().skip(i + 1) {
            edges.push(Edge {
                a: i as u32,
                b: j as u32,
                weight: costs.pair(*a, *b).total(),
            });
        }
    }
    let mate = max_weight_matching(players.len(), &edges, true);
    mate.iter()
        .enumerate()
        .filter_map(|(i, m)| m.map(|j| (i, j as usize)))
        .filter(|(i, j)| i < j)
        .map(|(i, j)| ordered(players[i], players[j]))
        .collect()
}

fn ordered(a: PlayerId, b: PlayerId) -> (PlayerId, PlayerId) {
    (a.min(b), a.max(b))
}

fn total(costs: &Costs, pairs: &BTreeSet<(PlayerId, PlayerId)>) -> i128 {
    pairs
        .iter()
        .map(|(a, b)| i128::from(costs.pair(*a, *b).total()))
        .sum()
}

/// Replays one round.
pub fn replay_round(t: &OgTournament, round: u32, dump: Option<&[DumpedPair]>) -> RoundReport {
    let (snapshot, settings) = t.snapshot_before(round);
    let players = pairable(t, round);
    let costs = Costs::new(&snapshot, &settings, &players);
    let actual: BTreeSet<(PlayerId, PlayerId)> = t
        .round_games(round)
        .iter()
        .map(|g| ordered(g.white, g.black))
        .collect();
    let mut problems = Vec::new();
    let in_field: BTreeSet<PlayerId> = players.iter().copied().collect();
    if actual
        .iter()
        .any(|(a, b)| !in_field.contains(a) || !in_field.contains(b))
    {
        problems
            .push("a game of the round involves a player outside the pairable field".to_string());
    }
    if 2 * actual.len() + 1 < players.len() {
        problems.push(format!(
            "OpenGotha paired {} of {} pairable players",
            2 * actual.len(),
            players.len()
        ));
    }
    let ours = optimal_pairs(&costs, &players);
    let mut report = RoundReport {
        round,
        players: players.len(),
        opengotha_total: total(&costs, &actual),
        our_total: total(&costs, &ours),
        differing_pairs: ours.difference(&actual).count(),
        dump: None,
        mismatches: Vec::new(),
        problems,
    };
    if let Some(dump) = dump {
        let (checked, mismatches, problems) = compare_dump(t, &costs, dump);
        report.dump = Some((checked, mismatches.len()));
        report.mismatches = mismatches.into_iter().take(5).collect();
        report.problems.extend(problems);
    }
    report
}

/// Replays every round of an OpenGotha file that has games. `dumps` maps a round number to the text of
/// OpenGotha's `<name>_weights_R<n>.txt` for that round (may be empty).
pub fn replay(xml: &str, dumps: &BTreeMap<u32, String>) -> Result<ReplayReport, OgError> {
    let t = read(xml)?;
    let mut parsed: BTreeMap<u32, Vec<DumpedPair>> = BTreeMap::new();
    for (round, text) in dumps {
        parsed.insert(*round, parse_weights_dump(text)?);
    }
    let rounds = t
        .played_rounds()
        .into_iter()
        .map(|r| replay_round(&t, r, parsed.get(&r).map(Vec::as_slice)))
        .collect();
    Ok(ReplayReport { rounds })
}
