//! From weights to mates: builds the candidate graph (dense on small fields, sparse on large ones) and calls the
//! exact matcher with maximum cardinality.
//!
//! Exactness: the lazy matcher proves with its dual certificate that no omitted pair could improve the result, so
//! the sparse graph only decides the speed, never the answer. The sparse graph gives each player the players of their own group near their seeding target and near their own
//! position, and the boundary players of the neighbouring groups (the ones the float tier prefers).

use crate::matching::{max_weight_matching, max_weight_matching_lazy, Buckets, Edge};

use super::context::Seats;
use super::weights::{Stage, Weigher};

/// Fields up to this many players are matched on the complete graph.
pub(crate) const DENSE_LIMIT: usize = 40;
/// How far the sparse graph reaches inside and across score groups.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Reach {
    /// Neighbours kept around the seeding target and the own position.
    near: usize,
    /// Boundary players kept from each neighbouring group.
    boundary: usize,
}

/// The default reach: a fairly wide window, which suits weights that fall off quickly with the score gap.
const WIDE: Reach = Reach {
    near: 6,
    boundary: 6,
};

/// The `egf` reach. Its concave score-difference and geography terms make pairs several groups apart
/// competitive, so the certificate adds many pairs whatever the window; a narrower start solves much faster and
/// the re-solves (warm-started) add what is missing. Measured on round 6 of 2,000 players: 2.9 s → about 1.1 s
/// with the old solver; with the persistent forest, on 5,000 players, (near, boundary) = (4, 2) 3.5 s, (8, 2)
/// 5.8 s, (12, 2) 6.5 s, (6, 6) 7.8 s.
const EGF: Reach = Reach {
    near: 4,
    boundary: 2,
};
/// Groups up to this size are complete in the sparse graph.
const SMALL_GROUP: usize = 16;
/// How many groups up and down the sparse graph reaches.
const GROUP_REACH: usize = 2;

/// Every unordered pair of seats, as candidates.
fn all_pairs(n: usize) -> Vec<(u32, u32)> {
    let mut out = Vec::with_capacity(n * n.saturating_sub(1) / 2);
    for i in 0..n {
        for j in i + 1..n {
            out.push((i as u32, j as u32));
        }
    }
    out
}

/// The sparse candidate pairs (smaller index first, sorted, no duplicates).
pub(crate) fn sparse_pairs(seats: &Seats, reach: Reach) -> Vec<(u32, u32)> {
    let mut out = Vec::new();
    let mut push = |i: usize, j: usize| {
        if i != j {
            out.push((i.min(j) as u32, i.max(j) as u32));
        }
    };
    for (i, s) in seats.seats.iter().enumerate() {
        let members = &seats.groups[s.group];
        if members.len() <= SMALL_GROUP {
            members.iter().for_each(|&j| push(i, j));
        }
        for centre in [s.target, s.pos] {
            let lo = centre.saturating_sub(reach.near);
            let hi = (centre + reach.near + 1).min(members.len());
            for &j in &members[lo..hi] {
                push(i, j);
            }
        }
        let g = s.group;
        for up in g.saturating_sub(GROUP_REACH)..g {
            let m = &seats.groups[up];
            for &j in &m[m.len().saturating_sub(reach.boundary)..] {
                push(i, j);
            }
        }
        for down in g + 1..(g + 1 + GROUP_REACH).min(seats.groups.len()) {
            let m = &seats.groups[down];
            for &j in &m[..m.len().min(reach.boundary)] {
                push(i, j);
            }
        }
    }
    out.sort_unstable();
    out.dedup();
    out
}

/// Matches the seats on the given candidate pairs (those that are edges of `stage`), maximum cardinality first.
fn match_on(
    seats: &Seats,
    weigher: &Weigher,
    stage: Stage,
    pairs: &[(u32, u32)],
) -> Vec<Option<u32>> {
    let edges: Vec<Edge> = pairs
        .iter()
        .filter_map(|&(a, b)| {
            weigher
                .weight(a as usize, b as usize, stage)
                .map(|weight| Edge { a, b, weight })
        })
        .collect();
    max_weight_matching(seats.len(), &edges, true)
}

/// True when every seat has a mate.
pub(crate) fn is_perfect(mates: &[Option<u32>]) -> bool {
    mates.iter().all(Option::is_some)
}

/// The constant added to every weight in the lazy solve so that more games always weigh more: with weights in
/// `min..=max`, any matching of k+1 edges outweighs any of k edges when `offset > k·max − (k+1)·min`, which
/// `(n/2 + 1)·(max + |min|)` exceeds for every k < n/2; it also makes every shifted weight positive. `None` when
/// the shifted weights would not fit in i64.
fn cardinality_offset(n: usize, min_weight: i64, max_weight: i64) -> Option<i64> {
    let spread = i128::from(max_weight) + i128::from(min_weight).abs();
    let offset = spread * (n as i128 / 2 + 1);
    let top = offset.checked_add(i128::from(max_weight))?;
    i64::try_from(top).ok()?;
    i64::try_from(offset).ok()
}

/// Mates for the seats in `stage`, optimal on the complete graph of that stage. Small fields go to the matcher on
/// the complete graph; larger ones to the lazy matcher on the sparse candidate graph, which adds every omitted pair
/// that could improve the result (checked block by block with the score groups as buckets and the profile's
/// upper bound per group pair) and re-solves until the dual certificate covers every pair.
pub(crate) fn solve(seats: &Seats, weigher: &Weigher, stage: Stage) -> Vec<Option<u32>> {
    let n = seats.len();
    let offset = cardinality_offset(n, weigher.min_weight(stage), weigher.max_weight(stage));
    let Some(offset) = offset.filter(|_| n > DENSE_LIMIT) else {
        return match_on(seats, weigher, stage, &all_pairs(n));
    };
    let shifted = |a: u32, b: u32| {
        weigher
            .weight(a as usize, b as usize, stage)
            .map(|w| w + offset)
    };
    let reach = if weigher.is_egf() && stage == Stage::Normal {
        EGF
    } else {
        WIDE
    };
    let candidates: Vec<Edge> = sparse_pairs(seats, reach)
        .into_iter()
        .filter_map(|(a, b)| shifted(a, b).map(|weight| Edge { a, b, weight }))
        .collect();
    let parts = weigher.buckets();
    let keys: Vec<(usize, bool)> = parts.iter().map(|(g, above, _)| (*g, *above)).collect();
    let members: Vec<Vec<u32>> = parts.into_iter().map(|(_, _, m)| m).collect();
    let bound = |i: usize, j: usize| {
        weigher
            .upper_bound(keys[i], keys[j], stage)
            .map(|w| w + offset)
    };
    let buckets = Buckets {
        members,
        upper_bound: &bound,
    };
    max_weight_matching_lazy(n, candidates, shifted, Some(&buckets))
        .matching
        .mates
}

/// The dense edge list of `stage` (for [`super::PairWeights`]).
pub(crate) fn dense_edges(
    seats: &Seats,
    weigher: &Weigher,
    stage: Stage,
) -> Vec<(usize, usize, i64)> {
    all_pairs(seats.len())
        .into_iter()
        .filter_map(|(a, b)| {
            let (a, b) = (a as usize, b as usize);
            weigher.weight(a, b, stage).map(|w| (a, b, w))
        })
        .collect()
}
