//! Pair weights by profile, and the two stages of the hard rules.
//!
//! Stage [`Stage::Normal`]: only pairs that never met and are not relatives are edges, weighted by the profile
//! (`mays` → [`super::mays::ledger`], `egf` → OpenGotha's cost, `crate::egf`). If that graph has no matching that
//! pairs everybody, stage [`Stage::Fallback`] makes every pair an edge, with repeats and relatives as strictly
//! dominant penalties ([`super::mays::fallback_ledger`]): the round then has the fewest repeats possible, and among
//! those the fewest relatives, and each one is warned about.

use crate::model::{Ledger, PlayerId, Profile};

use super::context::{Field, Seat, Seats};
use super::mays;

/// Which weight function the matcher saw.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Stage {
    /// Hard rules as missing edges; the profile's weights.
    Normal,
    /// Every pair allowed; repeats and relatives strictly penalised (only when the hard rules cannot all hold).
    Fallback,
}

/// The weights the matcher saw for one draw: the checker re-verifies optimality against them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PairWeights {
    /// The players the matcher paired (bye excluded), in player-number order.
    pub players: Vec<PlayerId>,
    /// The bye chosen before the matching, if any.
    pub bye: Option<PlayerId>,
    /// Which stage produced the round.
    pub stage: Stage,
    /// Every edge of the graph as `(a, b, weight)` with `a` before `b` in `players`; pairs not listed were not
    /// allowed. Dense: meant for the checker's small fields.
    pub edges: Vec<(PlayerId, PlayerId, i64)>,
}

/// Computes ledgers for the seats of one draw.
pub(crate) struct Weigher<'f, 'a> {
    field: &'f Field<'a>,
    seats: &'f Seats,
    /// OpenGotha's costs for the `egf` profile (TODO(egf): wire `crate::egf::Costs` when it lands).
    egf: Option<EgfCosts>,
}

/// Placeholder until `crate::egf::Costs` exists: the `egf` profile uses the `mays` weights meanwhile.
pub(crate) struct EgfCosts;

impl EgfCosts {
    fn pair(&self, _a: PlayerId, _b: PlayerId) -> Ledger {
        Ledger::default()
    }
}

impl<'f, 'a> Weigher<'f, 'a> {
    /// A weigher for these seats with the settings' profile.
    pub(crate) fn new(field: &'f Field<'a>, seats: &'f Seats) -> Weigher<'f, 'a> {
        let egf = match field.settings.profile {
            Profile::Egf => None,
            Profile::Mays => None,
        };
        Weigher { field, seats, egf }
    }

    fn seat(&self, i: usize) -> &Seat {
        &self.seats.seats[i]
    }

    /// True when the hard rules allow seats `i` and `j` to meet (never met, not relatives).
    pub(crate) fn allowed(&self, i: usize, j: usize) -> bool {
        let (a, b) = (self.seat(i), self.seat(j));
        a.opponents.binary_search(&b.id).is_err()
            && !self.field.have_met(a.id, b.id)
            && !self.field.relatives(a.id, b.id)
    }

    /// The ledger of seats `i`–`j` in `stage`, or `None` when the pair is not an edge of that stage.
    pub(crate) fn ledger(&self, i: usize, j: usize, stage: Stage) -> Option<Ledger> {
        if i == j {
            return None;
        }
        let (a, b) = (self.seat(i), self.seat(j));
        match stage {
            Stage::Normal if !self.allowed(i, j) => None,
            Stage::Normal => Some(match &self.egf {
                Some(costs) => costs.pair(a.id, b.id),
                None => mays::ledger(self.field, a, b),
            }),
            Stage::Fallback => Some(mays::fallback_ledger(self.field, a, b)),
        }
    }

    /// No pair of the stage weighs more than this.
    pub(crate) fn max_weight(&self, stage: Stage) -> i64 {
        mays::upper_bound_for_gap(0, stage == Stage::Fallback)
    }

    /// No pair between score groups `gi` and `gj` weighs more than this in `stage`.
    pub(crate) fn upper_bound(&self, gi: usize, gj: usize, stage: Stage) -> Option<i64> {
        let main = |g: usize| self.seats.groups.get(g)?.first().map(|&i| self.seat(i).main);
        let d = i64::from((main(gi)? - main(gj)?).unsigned_abs());
        Some(mays::upper_bound_for_gap(d, stage == Stage::Fallback))
    }

    /// The weight of seats `i`–`j` in `stage` (the ledger's total), or `None` when not an edge.
    pub(crate) fn weight(&self, i: usize, j: usize, stage: Stage) -> Option<i64> {
        self.ledger(i, j, stage).map(|l| l.total())
    }
}
