//! Pair weights by profile, and the two stages of the hard rules.
//!
//! Stage [`Stage::Normal`]: only pairs that never met and are not relatives are edges, weighted by the profile
//! (`mays` → [`super::mays::ledger`], `egf` → OpenGotha's cost, `crate::egf`). If that graph has no matching that
//! pairs everybody, stage [`Stage::Fallback`] makes every pair an edge, with repeats and relatives as strictly
//! dominant penalties ([`super::mays::fallback_ledger`]): the round then has the fewest repeats possible, and among
//! those the fewest relatives, and each one is warned about. Pairs on the director's never-pair list are edges of
//! no stage: that rule is never relaxed.

use crate::model::{Ledger, PlayerId};

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
    /// OpenGotha's costs for the `egf` profile.
    egf: Option<&'f crate::egf::Costs>,
    /// Apply the director's never-pair list (always, except to explain a refusal).
    never_pairs: bool,
    /// For each seat, its entry in the `egf` costs ([`crate::egf::Costs::slot`]); empty for `mays`.
    slots: Vec<Option<usize>>,
}

impl<'f, 'a> Weigher<'f, 'a> {
    /// A weigher for these seats; `egf` holds OpenGotha's costs for the `egf` profile (None = `mays`).
    pub(crate) fn new(
        field: &'f Field<'a>,
        seats: &'f Seats,
        egf: Option<&'f crate::egf::Costs>,
    ) -> Weigher<'f, 'a> {
        let slots = egf.map_or_else(Vec::new, |costs| {
            seats.seats.iter().map(|s| costs.slot(s.id)).collect()
        });
        Weigher {
            field,
            seats,
            egf,
            never_pairs: true,
            slots,
        }
    }

    fn seat(&self, i: usize) -> &Seat {
        &self.seats.seats[i]
    }

    /// True when the hard rules allow seats `i` and `j` to meet (never met, not relatives, not on the
    /// never-pair list).
    pub(crate) fn allowed(&self, i: usize, j: usize) -> bool {
        let (a, b) = (self.seat(i), self.seat(j));
        !a.met(b) && !a.relative_of(b) && !self.kept_apart(a, b)
    }

    /// True when the director's never-pair list keeps these two apart (and this weigher applies it).
    fn kept_apart(&self, a: &Seat, b: &Seat) -> bool {
        self.never_pairs && self.field.never_pair(a.id, b.id)
    }

    /// The same weigher without the never-pair list: to tell whether the list is what makes a round impossible.
    pub(crate) fn ignoring_never_pairs(mut self) -> Self {
        self.never_pairs = false;
        self
    }

    /// The ledger of seats `i`–`j` in `stage`, or `None` when the pair is not an edge of that stage.
    pub(crate) fn ledger(&self, i: usize, j: usize, stage: Stage) -> Option<Ledger> {
        if i == j {
            return None;
        }
        let (a, b) = (self.seat(i), self.seat(j));
        if self.kept_apart(a, b) {
            return None;
        }
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
        self.bound_for_gap(0, 0, 2, stage)
    }

    /// No pair of the stage weighs less than this. The `mays` weights are at least 1; OpenGotha's costs can go
    /// below only through concave terms evaluated past x = 1 (score groups further apart than R, or handicap),
    /// bounded here for the field's widest gap.
    pub(crate) fn min_weight(&self, stage: Stage) -> i64 {
        let Some(costs) = self.egf.filter(|_| stage == Stage::Normal) else {
            return 1;
        };
        let p = &self.field.settings.egf;
        let last = self.seats.groups.len().saturating_sub(1);
        let widest = match (
            self.seats.group_mains.first(),
            self.seats.group_mains.get(last),
        ) {
            (Some(top), Some(bottom)) => i128::from(top.1.div_euclid(2) - bottom.0.div_euclid(2)),
            _ => 0,
        };
        let r = i128::from(costs.score_range().max(1));
        let (kn, kd) = (
            i128::from(p.standard_nx1_factor.num),
            i128::from(p.standard_nx1_factor.den.max(1)),
        );
        let score = concave_bound(
            i128::from(p.minimize_score_difference),
            widest,
            r,
            kn,
            kd,
            false,
        )
        .min(0);
        let handicap = -3 * i128::from(p.se_minimize_handicap.max(0));
        i64::try_from(1 + score + handicap).unwrap_or(i64::MIN / 4)
    }

    /// Upper bound of a pair's weight for a gap of `d` half points (`floored`: of whole-point groups) when up to
    /// `above` of the two players can be above the secondary thresholds.
    fn bound_for_gap(&self, d: i64, floored: i64, above: u8, stage: Stage) -> i64 {
        match (&self.egf, stage) {
            (Some(costs), Stage::Normal) => egf_upper_bound(
                &self.field.settings.egf,
                costs.score_range(),
                floored,
                above,
            ),
            _ => mays::upper_bound_for_gap(d, stage == Stage::Fallback),
        }
    }

    /// The buckets of the lazy matcher's optimality check: the score groups, each split into the players above
    /// the secondary thresholds (`egf` only) and the others. Returns `(group, above, members)`.
    pub(crate) fn buckets(&self) -> Vec<(usize, bool, Vec<u32>)> {
        let mut out = Vec::new();
        for (g, members) in self.seats.groups.iter().enumerate() {
            for above in [false, true] {
                let part: Vec<u32> = members
                    .iter()
                    .filter(|&&i| self.is_above(i) == above)
                    .map(|&i| i as u32)
                    .collect();
                if !part.is_empty() {
                    out.push((g, above, part));
                }
            }
        }
        out
    }

    /// Does this weigher use the `egf` (OpenGotha) costs in [`Stage::Normal`]?
    pub(crate) fn is_egf(&self) -> bool {
        self.egf.is_some()
    }

    /// Is seat `i` above the `egf` secondary thresholds?
    fn is_above(&self, i: usize) -> bool {
        self.egf
            .and_then(|c| c.info(self.seat(i).id))
            .is_some_and(|info| info.above_thresholds)
    }

    /// No pair between a player of score group `gi` (above the thresholds when `ai`) and one of `gj` (`aj`)
    /// weighs more than this in `stage`.
    pub(crate) fn upper_bound(
        &self,
        (gi, ai): (usize, bool),
        (gj, aj): (usize, bool),
        stage: Stage,
    ) -> Option<i64> {
        let main = |g: usize| {
            self.seats
                .groups
                .get(g)?
                .first()
                .map(|&i| self.seat(i).main)
        };
        let (mi, mj) = (main(gi)?, main(gj)?);
        let d = self.seats.min_gap(gi, gj);
        let floored = i64::from((mi.div_euclid(2) - mj.div_euclid(2)).unsigned_abs());
        Some(self.bound_for_gap(d, floored, u8::from(ai) + u8::from(aj), stage))
    }

    /// The weight of seats `i`–`j` in `stage` (the ledger's total), or `None` when not an edge.
    pub(crate) fn weight(&self, i: usize, j: usize, stage: Stage) -> Option<i64> {
        match (&self.egf, stage) {
            // The matcher's hot path: OpenGotha's total without building the ledger.
            (Some(costs), Stage::Normal) => {
                let (a, b) = (self.seat(i), self.seat(j));
                let edge = i != j && !self.kept_apart(a, b) && self.allowed(i, j);
                edge.then(|| match (self.slots[i], self.slots[j]) {
                    (Some(x), Some(y)) => costs.slot_total(x, y),
                    _ => costs.pair_total(a.id, b.id),
                })
            }
            _ => self.ledger(i, j, stage).map(|l| l.total()),
        }
    }
}

/// `C(W, x) = W·(1−x)·(1+k·x)` for `x = xn/xd` and `k = kn/kd`, rounded down, minus 1 (a lower bound of
/// OpenGotha's double evaluation, which is within far less than 1 of the real value) or, with `up`, rounded up
/// plus 1 (an upper bound).
fn concave_bound(w: i128, xn: i128, xd: i128, kn: i128, kd: i128, up: bool) -> i128 {
    let top = w * (xd - xn) * (kd * xd + kn * xn);
    let bottom = kd * xd * xd;
    if up {
        -((-top).div_euclid(bottom)) + 1
    } else {
        top.div_euclid(bottom) - 1
    }
}

/// No `egf` pair whose score groups (whole points) differ by `gap` costs more than this, when up to `above` of
/// the two can be above the secondary thresholds. Every term is at most its weight (DUDD: two position terms
/// ≤ d/2 each plus a scenario ≤ 4 times d = W/5, and only across groups; seeding only inside a group), except:
/// the category term, 0 with a single category; the score difference, bounded by `C(W, gap/R)` rounded up; and the geography, whose nominal value
/// `W_score − C(W_geo, g)` grows with g, so is largest for a pair differing in club and country (g = max + min/2 +
/// 1/(2R) of the two ratios), and which is `W_geo` when both players are above the thresholds, the mean of the two
/// when one is.
fn egf_upper_bound(p: &crate::egf::Params, range: i64, gap: i64, above: u8) -> i64 {
    let pos = |w: i64| i128::from(w.max(0));
    let r = i128::from(range.max(1));
    let (kn, kd) = (
        i128::from(p.standard_nx1_factor.num),
        i128::from(p.standard_nx1_factor.den.max(1)),
    );
    let score_w = i128::from(p.minimize_score_difference);
    let score = concave_bound(score_w, i128::from(gap), r, kn, kd, true).max(1);
    // Ratios over the common denominator 20R: country = min(cf, R)/R, club = min(1.2·clf, R)/R.
    let country = 20 * i128::from(p.se_prefer_mms_diff_rather_than_same_country.max(0)).min(r);
    let club = 2 * (12 * i128::from(p.se_prefer_mms_diff_rather_than_same_club.max(0))).min(10 * r);
    let g = 2 * country.max(club) + country.min(club) + 10;
    let geo_w = i128::from(p.se_avoid_same_geo);
    let nominal = (score_w - concave_bound(geo_w, g, 20 * r, kn, kd, false)).min(geo_w);
    let geo = match above {
        0 => nominal,
        1 => (nominal + geo_w) / 2 + 1,
        _ => geo_w.max(nominal),
    };
    let placement = if gap == 0 {
        pos(p.maximize_seeding)
    } else {
        pos(p.dudd_weight)
    };
    let total = 1
        + pos(p.avoid_duplicate_game)
        + pos(p.random)
        + pos(p.balance_wb)
        + if p.number_of_categories > 1 {
            pos(p.avoid_mixing_categories)
        } else {
            0
        }
        + score
        + placement
        + pos(p.se_minimize_handicap)
        + geo.max(0);
    i64::try_from(total).unwrap_or(i64::MAX)
}
