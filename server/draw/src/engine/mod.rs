//! The draw pipeline: validate the snapshot → players to pair → bye → pair weights by profile → exact
//! maximum-cardinality, maximum-weight matching → colours and handicaps → tables → warnings → [`Round`].
//!
//! Module map: `context` (validation, scores, seats), `bye`, `mays` (the `mays` weights), `weights` (profile
//! dispatch and the hard-rule stages), `solve` (candidate graph and matcher), `colour` (handicap and colours),
//! `tables`, `warnings`, [`edit`] (manual edits), [`partial`] (partial draws), `rng` (seeded SplitMix64).
//! [`round_robin`] (a fixed schedule), [`generalised`] (a generalised knockout: equal result sequences meet) and
//! [`knockout`] (a bracket), [`double`] (a double elimination) are the other ways to a round, chosen by `Settings::pairing`, without the matcher;
//! [`groups`] divides the field into groups first and draws each by its system (`Settings::group_size`).
//!
//! Determinism: every collection that reaches the output is a `BTreeMap`/sorted `Vec`, every tie is broken by
//! player number then id, and randomness comes only from the seed.

mod bye;
mod colour;
mod context;
pub mod double;
pub mod edit;
pub mod generalised;
pub mod groups;
pub mod knockout;
mod mays;
pub mod partial;
mod rng;
pub mod round_robin;
mod solve;
mod tables;
mod warnings;
mod weights;

#[cfg(test)]
mod choices_tests;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod testutil;

pub use edit::{apply_edit, unpaired, Edit};
pub use mays::MaysParams;
pub use partial::{complete_groups, draw_subset, CompleteGroups, ScoreGroup};
pub use weights::{PairWeights, Stage};

use crate::egf::SeedSystem;
use crate::model::{
    DrawError, Game, Pairing, PlayerId, Profile, Round, Seeding, Settings, Snapshot,
};

use context::{Field, Seats};
use weights::Weigher;

/// Draws the round `snapshot.round` with the given settings and seed.
///
/// Every player who plays this round and is not already in a game (or the bye) of it is paired exactly once, or
/// gets the bye when their number is odd. Same snapshot, settings and seed → identical [`Round`].
pub fn draw(snapshot: &Snapshot, settings: &Settings, seed: u64) -> Result<Round, DrawError> {
    if settings.group_size > 0 {
        return groups::draw(snapshot, settings, seed, draw);
    }
    match settings.pairing {
        Pairing::RoundRobin => return round_robin::draw(snapshot, settings, seed),
        Pairing::Sequence => return generalised::draw(snapshot, settings, seed),
        Pairing::Knockout => return knockout::draw(snapshot, settings, seed),
        Pairing::DoubleElimination => return double::draw(snapshot, settings, seed),
        Pairing::ScoreGroups => {}
    }
    let plan = Plan::new(snapshot, settings, seed, None)?;
    Ok(plan.round())
}

/// The weights the matcher saw in [`draw`] for the same input (dense; meant for small fields): the checker
/// re-verifies optimality against them. Each game's ledger in the drawn round sums to its pair's weight.
pub fn pair_weights(
    snapshot: &Snapshot,
    settings: &Settings,
    seed: u64,
) -> Result<PairWeights, DrawError> {
    let plan = Plan::new(snapshot, settings, seed, None)?;
    Ok(plan.weights())
}

/// The total weight of a round's matching: the sum of its games' ledgers.
pub fn round_weight(round: &Round) -> i64 {
    round.games.iter().map(|g| g.ledger.total()).sum()
}

/// One draw worked out: the field, the seats, the bye, the stage used and the mates.
pub(crate) struct Plan<'a> {
    field: Field<'a>,
    seats: Seats,
    costs: Option<crate::egf::Costs>,
    bye: Option<PlayerId>,
    stage: Stage,
    mates: Vec<Option<u32>>,
}

/// The error for a field that cannot be made even.
fn odd_field(field: &Field, ids: &[PlayerId], why: &str) -> DrawError {
    let names: Vec<String> = ids.iter().map(|id| id.to_string()).collect();
    let _ = field;
    DrawError::NoValidPairing(vec![format!(
        "{} players to pair ({}): {why}",
        ids.len(),
        names.join(", ")
    )])
}

/// Why no pairing covers everybody: the players left without a partner (by player number, as the director reads
/// and types them) and, when the director's never-pair list is what makes the round impossible (without it
/// everybody could be paired), that list.
fn unpairable(
    field: &Field,
    seats: &Seats,
    costs: Option<&crate::egf::Costs>,
    mates: &[Option<u32>],
) -> DrawError {
    let number = |id: PlayerId| field.player(id).map_or(0, |p| p.number);
    let mut reasons: Vec<String> = (0..seats.len())
        .filter(|&i| mates[i].is_none())
        .map(|i| format!("#{} cannot be paired", number(seats.seats[i].id)))
        .collect();
    if !field.never.is_empty() {
        let without = Weigher::new(field, seats, costs).ignoring_never_pairs();
        if solve::is_perfect(&solve::solve(seats, &without, Stage::Fallback)) {
            let pairs: Vec<String> = field
                .never
                .iter()
                .map(|&(a, b)| format!("{}–{}", number(a), number(b)))
                .collect();
            reasons.push(format!(
                "the never-pair list ({}) leaves no pairing for everyone: take a pair off the list or mark a \
                 player absent",
                pairs.join(", ")
            ));
        }
    }
    DrawError::NoValidPairing(reasons)
}

/// The seeding system that places the seeding targets (and so the sparse candidate graph).
fn seeding(settings: &Settings, round: u32) -> Seeding {
    match settings.profile {
        Profile::Mays => settings.mays.seeding,
        Profile::Egf => match settings.egf.seed_system(round) {
            SeedSystem::SplitAndRandom => Seeding::SplitAndRandom,
            SeedSystem::SplitAndFold => Seeding::SplitAndFold,
            SeedSystem::SplitAndSlip => Seeding::SplitAndSlip,
        },
    }
}

impl<'a> Plan<'a> {
    /// Validates, chooses the bye, and matches. `subset` restricts the pairing to those players (partial draw).
    pub(crate) fn new(
        snapshot: &'a Snapshot,
        settings: &'a Settings,
        seed: u64,
        subset: Option<&[PlayerId]>,
    ) -> Result<Plan<'a>, DrawError> {
        let field = Field::new(snapshot, settings, seed)?;
        let pairable = field.pairable();
        let mut to_pair = match subset {
            None => pairable.clone(),
            Some(ids) => partial::checked_subset(&field, &pairable, ids)?,
        };
        let mut bye = None;
        if pairable.len() % 2 == 1 {
            if let Some(given) = field.bye_given {
                return Err(odd_field(
                    &field,
                    &pairable,
                    &format!("the bye of this round is already {given}; mark one player absent"),
                ));
            }
            bye = bye::choose_bye(&field, &pairable);
            if bye.is_none() {
                return Err(odd_field(
                    &field,
                    &pairable,
                    "only ghosts could take the bye",
                ));
            }
            to_pair.retain(|id| Some(*id) != bye);
        }
        if to_pair.len() % 2 == 1 {
            return Err(odd_field(
                &field,
                &to_pair,
                "an odd number cannot all be paired",
            ));
        }
        let costs = (settings.profile == Profile::Egf)
            .then(|| crate::egf::Costs::new(snapshot, settings, &to_pair));
        let seats = Seats::new(
            &field,
            &to_pair,
            seeding(settings, field.round.0),
            costs.as_ref(),
        );
        let (stage, mates) = {
            let weigher = Weigher::new(&field, &seats, costs.as_ref());
            let mates = solve::solve(&seats, &weigher, Stage::Normal);
            if solve::is_perfect(&mates) {
                (Stage::Normal, mates)
            } else {
                (
                    Stage::Fallback,
                    solve::solve(&seats, &weigher, Stage::Fallback),
                )
            }
        };
        if !solve::is_perfect(&mates) {
            return Err(unpairable(&field, &seats, costs.as_ref(), &mates));
        }
        Ok(Plan {
            field,
            seats,
            costs,
            bye,
            stage,
            mates,
        })
    }

    /// The games of the matching with colours, handicaps and ledgers (tables not yet numbered).
    fn games(&self) -> Vec<Game> {
        let weigher = Weigher::new(&self.field, &self.seats, self.costs.as_ref());
        let mut games = Vec::with_capacity(self.seats.len() / 2);
        for (i, mate) in self.mates.iter().enumerate() {
            let Some(j) = mate.map(|j| j as usize) else {
                continue;
            };
            if j < i {
                continue;
            }
            let (a, b) = (self.seats.seats[i].id, self.seats.seats[j].id);
            let (white, black, handicap) = colour::colours(&self.field, a, b);
            games.push(Game {
                table: 0,
                white,
                black,
                handicap,
                ledger: weigher.ledger(i, j, self.stage).unwrap_or_default(),
            });
        }
        games
    }

    /// The finished round.
    pub(crate) fn round(&self) -> Round {
        let mut games = self.games();
        tables::number_tables(&self.field, &mut games);
        let top = self.seats.seats.iter().map(|s| s.main).max();
        let warnings = warnings::collect(&self.field, &games, top);
        Round {
            round: self.field.round,
            seed: self.field.seed,
            games,
            bye: self.bye,
            advancing: Vec::new(),
            warnings,
        }
    }

    /// The dense weights of the stage used.
    pub(crate) fn weights(&self) -> PairWeights {
        let weigher = Weigher::new(&self.field, &self.seats, self.costs.as_ref());
        let ids: Vec<PlayerId> = self.seats.seats.iter().map(|s| s.id).collect();
        let edges = solve::dense_edges(&self.seats, &weigher, self.stage)
            .into_iter()
            .map(|(a, b, w)| (ids[a], ids[b], w))
            .collect();
        PairWeights {
            players: ids,
            bye: self.bye,
            stage: self.stage,
            edges,
        }
    }
}
