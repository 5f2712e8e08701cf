//! Replays an OpenGotha tournament round by round with the `egf` cost function and compares with what OpenGotha
//! did: the total cost of OpenGotha's own pairing against the total of the optimal matching on our costs, the
//! pairs themselves, and (when OpenGotha's cost dumps are given) every dumped term of every pair.
//!
//! For round r the pairable players are the finally registered players taking part in round r, minus the bye
//! player the file records for round r.
//!
//! A dump for a round without games (the round about to be drawn when OpenGotha wrote it) is checked too: its
//! costs pair by pair, and our optimal pairing printed with its total. OpenGotha had already set the bye aside
//! when it dumped, so the field is then the pairable players the dump names.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

use tengen_interop::opengotha::{
    parse_weights_dump, read, DumpedPair, OgError, OgTournament, RegisteringStatus, TERM_NAMES,
};

use super::DrawModel;
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
    /// Total cost of OpenGotha's own pairing of the round, on our costs; `None` for a round whose games were not
    /// made yet (only a dump).
    pub opengotha_total: Option<i128>,
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
    /// For a round without games: our optimal pairing ("Name Firstname" of both players) and who sits out.
    pub our_pairs: Vec<(String, String)>,
    /// For a round without games: the pairable players the dump leaves out (OpenGotha's bye).
    pub left_out: Vec<String>,
}

impl RoundReport {
    /// Totals equal (or no games to compare with), no dump mismatch, no problem.
    pub fn ok(&self) -> bool {
        self.opengotha_total.is_none_or(|og| og == self.our_total)
            && self.dump.is_none_or(|(_, bad)| bad == 0)
            && self.problems.is_empty()
    }
}

/// The whole replay.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ReplayReport {
    /// One entry per round with games or a dump, ascending.
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
            match r.opengotha_total {
                Some(og) => {
                    let verdict = if og == r.our_total {
                        "equal"
                    } else {
                        "DIFFERENT"
                    };
                    write!(
                        f,
                        "round {:>2}: {} players, OpenGotha total {og}, ours {} ({verdict}), {pairs}",
                        r.round, r.players, r.our_total
                    )?;
                }
                None => write!(
                    f,
                    "round {:>2}: {} players, not paired in the file, our optimum total {}",
                    r.round, r.players, r.our_total
                )?,
            }
            if let Some((checked, bad)) = r.dump {
                write!(f, ", dump: {bad} of {checked} pairs mismatch")?;
            }
            for p in &r.problems {
                write!(f, ", problem: {p}")?;
            }
            writeln!(f)?;
            for (a, b) in &r.our_pairs {
                writeln!(f, "    {a} – {b}")?;
            }
            for p in &r.left_out {
                writeln!(f, "    left out (bye): {p}")?;
            }
        }
        let bad_rounds = self.rounds.iter().filter(|r| !r.ok()).count();
        let checked: usize = self.rounds.iter().filter_map(|r| r.dump.map(|d| d.0)).sum();
        let mismatched: usize = self.rounds.iter().filter_map(|r| r.dump.map(|d| d.1)).sum();
        let paired = self.rounds.iter().filter(|r| r.opengotha_total.is_some());
        let equal = paired
            .clone()
            .filter(|r| r.opengotha_total == Some(r.our_total));
        let identical = equal.clone().filter(|r| r.differing_pairs == 0).count();
        let pending = self.rounds.len() - paired.clone().count();
        let pending = if pending == 0 {
            String::new()
        } else {
            format!(" (+{pending} not paired in the file)")
        };
        write!(
            f,
            "summary: {} rounds{pending}: {identical} identical, {} different pairs at equal total cost, {} \
             different total cost; {mismatched} of {checked} dumped pairs mismatch: {}",
            paired.clone().count(),
            equal.count() - identical,
            paired.filter(|r| r.opengotha_total != Some(r.our_total)).count(),
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
        opengotha_total: Some(total(&costs, &actual)),
        our_total: total(&costs, &ours),
        differing_pairs: ours.difference(&actual).count(),
        dump: None,
        mismatches: Vec::new(),
        problems,
        our_pairs: Vec::new(),
        left_out: Vec::new(),
    };
    if let Some(dump) = dump {
        let (checked, mismatches, problems) = compare_dump(t, &costs, dump);
        report.dump = Some((checked, mismatches.len()));
        report.mismatches = mismatches.into_iter().take(5).collect();
        report.problems.extend(problems);
    }
    report
}

/// Checks a dump of a round whose games are not in the file (the round OpenGotha was about to draw): every
/// dumped pair against our costs, and our optimal pairing of the players the dump names, with its total.
pub fn replay_pending_round(t: &OgTournament, round: u32, dump: &[DumpedPair]) -> RoundReport {
    let (snapshot, settings) = t.snapshot_before(round);
    let pairable_ids = pairable(t, round);
    let named: BTreeSet<&str> = dump
        .iter()
        .flat_map(|p| [p.player1.as_str(), p.player2.as_str()])
        .collect();
    let name = |id: &PlayerId| t.players[id.0 as usize].full_name();
    let (players, left_out): (Vec<PlayerId>, Vec<PlayerId>) = pairable_ids
        .iter()
        .partition(|id| named.is_empty() || named.contains(name(id).as_str()));
    let costs = Costs::new(&snapshot, &settings, &pairable_ids);
    let ours = optimal_pairs(&costs, &players);
    let (checked, mismatches, mut problems) = compare_dump(t, &costs, dump);
    let unpaired: Vec<String> = named
        .iter()
        .filter(|n| !players.iter().any(|id| name(id) == **n))
        .map(|n| n.to_string())
        .collect();
    if !unpaired.is_empty() {
        problems.push(format!(
            "the dump names players who cannot play round {round}: {}",
            unpaired.join(", ")
        ));
    }
    RoundReport {
        round,
        players: players.len(),
        opengotha_total: None,
        our_total: total(&costs, &ours),
        differing_pairs: 0,
        dump: Some((checked, mismatches.len())),
        mismatches: mismatches.into_iter().take(5).collect(),
        problems,
        our_pairs: ours.iter().map(|(a, b)| (name(a), name(b))).collect(),
        left_out: left_out.iter().map(name).collect(),
    }
}

/// Replays every round of an OpenGotha file that has games, and checks the dump of any round without games. `dumps` maps a round number to the text of
/// OpenGotha's `<name>_weights_R<n>.txt` for that round (may be empty).
pub fn replay(xml: &str, dumps: &BTreeMap<u32, String>) -> Result<ReplayReport, OgError> {
    let t = read(xml)?;
    let mut parsed: BTreeMap<u32, Vec<DumpedPair>> = BTreeMap::new();
    for (round, text) in dumps {
        parsed.insert(*round, parse_weights_dump(text)?);
    }
    let played = t.played_rounds();
    let mut rounds: Vec<RoundReport> = played
        .iter()
        .map(|r| replay_round(&t, *r, parsed.get(r).map(Vec::as_slice)))
        .collect();
    for (round, dump) in &parsed {
        if !played.contains(round) {
            rounds.push(replay_pending_round(&t, *round, dump));
        }
    }
    rounds.sort_by_key(|r| r.round);
    Ok(ReplayReport { rounds })
}
