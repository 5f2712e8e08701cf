//! Lazy (sparse) maximum-weight matching: solve on candidate edges, then prove no omitted pair could help.
//!
//! The certificate: after solving on the candidate graph, the duals (quarter units, see [`super::Duals`]) satisfy
//! `y_a + y_b + Σ_{B ∋ a, b} z_B ≥ 4·w(a, b)` for every candidate edge. If that also holds for every *omitted*
//! pair, the same duals are a feasible certificate for the complete graph (the other optimality conditions concern
//! only the matching, the vertices and the blossoms, which do not change), so the matching is optimal there too.
//! Omitted pairs violating it are added (the worst few per vertex) and the graph is solved again, starting from
//! the previous duals (blossom duals folded into the vertices) and the previous pairs that stay tight, until none remains. Only the
//! non-maximum-cardinality mode is supported: to prefer more games, add a large constant to every weight before
//! calling (it must exceed what any weight difference could buy, e.g. `n/2 · (max − min) + 1`).
//!
//! The pair check visits, for each pair of buckets, the blossom nesting of their vertices: pairs whose deepest
//! common blossom is `B` get exactly the credit `Σ` of `B`'s chain, and within each such group vertices are
//! visited in increasing dual order so the scan stops as soon as the dual sum reaches the bucket bound.

use std::collections::HashMap;

use super::{solve_with_hint, DualBlossom, Duals, Edge, Matching};

/// A partition of the vertices into buckets with an upper bound on the weight between two buckets, so the
/// optimality check can skip whole blocks of pairs.
///
/// With score groups as buckets, `upper_bound(i, j)` is typically the weight two players at that group distance
/// could at best get. A block `(i, j)` is skipped when `min y over i + min y over j ≥ 4·upper_bound(i, j)`; inside
/// a block, vertices are visited in increasing dual order and the scan stops as soon as the dual sum (plus the
/// pair's blossom credit) reaches the bound, so only pairs that could violate the certificate are passed to the
/// weight function. Tighter bounds mean fewer weight calls: finer buckets (e.g. score group × seeding band) help.
/// The bound is only an optimisation hint in the sense that a *valid* bound never changes the result; an
/// *invalid* (too low) one can hide a better pair.
pub struct Buckets<'a> {
    /// The buckets: every vertex `0..n` should appear in exactly one (vertices in none are gathered into an extra
    /// bucket whose pairs are all checked).
    pub members: Vec<Vec<u32>>,
    /// `upper_bound(i, j)` for `i ≤ j`: no pair `a ∈ i, b ∈ j` (`a ≠ b`) weighs more; `None` if no such pair has a
    /// weight at all. A bound that is too low makes the result inexact: the caller guarantees it.
    pub upper_bound: &'a dyn Fn(usize, usize) -> Option<i64>,
}

/// An upper bound on the weight between two buckets (see [`Buckets::upper_bound`]).
type BoundFn<'a> = &'a dyn Fn(usize, usize) -> Option<i64>;

/// Counters describing the work of a lazy solve.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct LazyStats {
    /// Number of times the matching was solved.
    pub solves: u32,
    /// Omitted pairs found to violate the certificate and added to the graph.
    pub edges_added: u64,
    /// Edges in the final graph.
    pub final_edges: u64,
    /// Calls to the weight function while checking.
    pub pairs_checked: u64,
    /// Bucket blocks skipped without looking at any pair.
    pub blocks_skipped: u64,
}

/// Result of [`max_weight_matching_lazy`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LazyMatching {
    /// The matching, optimal on the complete graph, and its certificate (valid on the final edge set).
    pub matching: Matching,
    /// What it took.
    pub stats: LazyStats,
}

/// Maximum-weight matching on the complete graph given by `weight`, solved on the sparse `candidates` first.
///
/// `weight(a, b)` (called with `a < b`) must give each pair's weight or `None` for a forbidden pair; candidate
/// edges must carry the same weight as `weight` gives. After each solve, every pair not in the graph is checked
/// against the duals (block by block with `buckets`, all pairs without); violators are added and the graph is
/// solved again. The result is a maximum-weight matching of the complete graph (non-maximum-cardinality mode;
/// non-positive weights are never used).
///
/// # Complexity
///
/// (solves) × ([`super::max_weight_matching`] on the current graph + the check). The check is O(n²) weight calls
/// without buckets; with good buckets only blocks whose dual minima fall below the bound are visited, and inside
/// them only pairs whose dual sum does, plus O(b²) for b buckets and O(n·d·log n) for grouping by blossom
/// (d = blossom nesting depth). Re-solves start from the previous duals and pairs.
///
/// # Examples
///
/// Four vertices, weight `10 − |a − b|` except that 0 and 3 like each other (weight 20). The candidate graph only
/// has neighbours (0-1, 2-3); the check finds omitted pairs that beat the certificate (0-3 among them) and
/// re-solves.
///
/// ```
/// use tengen_draw::matching::{max_weight_matching_lazy, Edge};
/// let weight = |a: u32, b: u32| Some(if (a, b) == (0, 3) { 20 } else { 10 - i64::from(b - a) });
/// let candidates = vec![Edge { a: 0, b: 1, weight: 9 }, Edge { a: 2, b: 3, weight: 9 }];
/// let result = max_weight_matching_lazy(4, candidates, weight, None);
/// assert_eq!(result.matching.mates, vec![Some(3), Some(2), Some(1), Some(0)]); // 20 + 9 > 9 + 9
/// assert!(result.stats.solves >= 2 && result.stats.edges_added >= 1);
/// ```
pub fn max_weight_matching_lazy(
    n: usize,
    candidates: Vec<Edge>,
    weight: impl Fn(u32, u32) -> Option<i64>,
    buckets: Option<&Buckets<'_>>,
) -> LazyMatching {
    let mut edges = candidates;
    let mut stats = LazyStats::default();
    let no_bound = |_: usize, _: usize| Some(i64::MAX);
    let (members, given_bound): (Vec<Vec<u32>>, BoundFn<'_>) = match buckets {
        None => (vec![(0..n as u32).collect()], &no_bound),
        Some(b) => (with_missing_vertices(n, &b.members), b.upper_bound),
    };
    let given = buckets.map_or(1, |b| b.members.len());
    // Vertices the caller left out of every bucket form one more bucket whose pairs have no bound.
    let bound = |i: usize, j: usize| {
        if i.max(j) >= given {
            Some(i64::MAX)
        } else {
            given_bound(i, j)
        }
    };
    let mut previous: Option<(Vec<i128>, Vec<Option<u32>>)> = None;
    loop {
        let matching = solve_with_hint(
            n,
            &edges,
            false,
            previous.as_ref().map(|(y, _)| &y[..]),
            previous.as_ref().map(|(_, m)| &m[..]),
        );
        stats.solves += 1;
        let present = adjacency(n, &edges);
        let violators = find_violators(
            &matching.duals,
            &present,
            &weight,
            (&members, &bound),
            &mut stats,
        );
        if violators.is_empty() {
            stats.final_edges = edges.len() as u64;
            return LazyMatching { matching, stats };
        }
        stats.edges_added += violators.len() as u64;
        previous = Some((folded_vertex_duals(&matching.duals), matching.mates));
        edges.extend(violators);
    }
}

/// The buckets' members (ends outside `0..n` dropped), plus one more bucket with the vertices in none.
fn with_missing_vertices(n: usize, members: &[Vec<u32>]) -> Vec<Vec<u32>> {
    let mut seen = vec![false; n];
    let mut out: Vec<Vec<u32>> = members
        .iter()
        .map(|m| m.iter().copied().filter(|&v| (v as usize) < n).collect())
        .collect();
    for &v in out.iter().flatten() {
        seen[v as usize] = true;
    }
    let missing: Vec<u32> = (0..n as u32).filter(|&v| !seen[v as usize]).collect();
    if !missing.is_empty() {
        out.push(missing);
    }
    out
}

/// Vertex duals with the blossom duals folded in (`y_v + Σ_{B ∋ v} z_B`): feasible on every edge without blossoms,
/// so a good start for the next solve.
fn folded_vertex_duals(duals: &Duals) -> Vec<i128> {
    let mut y = duals.vertex.clone();
    for blossom in &duals.blossoms {
        for &v in &blossom.vertices {
            y[v as usize] += blossom.dual / 2;
        }
    }
    y
}

/// Sorted neighbour lists of the current graph, for membership tests.
fn adjacency(n: usize, edges: &[Edge]) -> Vec<Vec<u32>> {
    let mut adj = vec![Vec::new(); n];
    for e in edges {
        adj[e.a as usize].push(e.b);
        adj[e.b as usize].push(e.a);
    }
    for list in &mut adj {
        list.sort_unstable();
    }
    adj
}

/// Omitted pairs `(a, b)` with `4·w(a, b) > y_a + y_b + Σ_{B ∋ a, b} z_B`, each once, at most a few per vertex.
fn find_violators(
    duals: &Duals,
    present: &[Vec<u32>],
    weight: &impl Fn(u32, u32) -> Option<i64>,
    (members, upper_bound): (&[Vec<u32>], BoundFn<'_>),
    stats: &mut LazyStats,
) -> Vec<Edge> {
    let y = &duals.vertex[..];
    let ctx = CheckContext {
        y,
        chains: blossom_chains(y.len(), &duals.blossoms),
        blossoms: &duals.blossoms,
        present,
        weight,
    };
    let sorted: Vec<Vec<u32>> = members
        .iter()
        .map(|m| {
            let mut m = m.clone();
            m.sort_unstable_by_key(|&v| (y[v as usize], v));
            m
        })
        .collect();
    let min_dual = |i: usize| sorted[i].first().map(|&v| y[v as usize]);
    let mut found = Vec::new();
    for i in 0..sorted.len() {
        for j in i..sorted.len() {
            let bound = upper_bound(i, j).filter(|&b| b > 0);
            let (Some(bound), Some(mi), Some(mj)) = (bound, min_dual(i), min_dual(j)) else {
                stats.blocks_skipped += 1;
                continue;
            };
            let limit = 4 * i128::from(bound);
            if mi + mj >= limit {
                stats.blocks_skipped += 1;
                continue;
            }
            let pass = Pass {
                limit,
                same: i == j,
            };
            ctx.split(&pass, &sorted[i], &sorted[j], 0, 0, stats, &mut found);
        }
    }
    found.sort_unstable_by_key(|&(_, e)| (e.a, e.b));
    found.dedup_by_key(|&mut (_, e)| (e.a, e.b));
    keep_worst_per_vertex(y.len(), found)
}

/// For each vertex, the blossoms containing it from the outermost inwards.
fn blossom_chains(n: usize, blossoms: &[DualBlossom]) -> Vec<Vec<u32>> {
    let mut chains = vec![Vec::new(); n];
    for (i, blossom) in blossoms.iter().enumerate() {
        for &v in &blossom.vertices {
            if let Some(chain) = chains.get_mut(v as usize) {
                chain.push(i as u32);
            }
        }
    }
    for chain in &mut chains {
        chain.sort_unstable_by_key(|&b| std::cmp::Reverse(blossoms[b as usize].vertices.len()));
    }
    chains
}

/// One block of the check: the dual sum every pair must reach, and whether both sides are the same bucket.
struct Pass {
    limit: i128,
    same: bool,
}

/// What the pair scan needs to know about the certificate and the graph.
struct CheckContext<'a, F> {
    y: &'a [i128],
    chains: Vec<Vec<u32>>,
    blossoms: &'a [DualBlossom],
    present: &'a [Vec<u32>],
    weight: &'a F,
}

impl<F: Fn(u32, u32) -> Option<i64>> CheckContext<'_, F> {
    /// The blossom at nesting `level` of `v`'s chain (None below its innermost blossom).
    fn key(&self, v: u32, level: usize) -> Option<u32> {
        self.chains[v as usize].get(level).copied()
    }

    /// Checks pairs `a ∈ first, b ∈ second` (both sorted by dual) that share the blossoms of the chain down to
    /// `level` (whose duals sum to `credit`): pairs that also share the next blossom are handled one level deeper,
    /// the others have exactly this credit. With `pass.same`, `first` and `second` are the same set.
    #[allow(clippy::too_many_arguments)]
    fn split(
        &self,
        pass: &Pass,
        first: &[u32],
        second: &[u32],
        level: usize,
        credit: i128,
        stats: &mut LazyStats,
        found: &mut Vec<(i128, Edge)>,
    ) {
        let groups_a = self.group_by_key(first, level);
        let groups_b = if pass.same {
            groups_a.clone()
        } else {
            self.group_by_key(second, level)
        };
        for (ka, a) in &groups_a {
            for (kb, b) in &groups_b {
                if pass.same && kb < ka {
                    continue;
                }
                let floor = self.y[a[0] as usize] + self.y[b[0] as usize] + credit;
                if floor >= pass.limit {
                    continue;
                }
                match (ka, kb) {
                    (Some(x), Some(z)) if x == z => {
                        let deeper = credit + self.blossoms[*x as usize].dual;
                        let inner = Pass {
                            limit: pass.limit,
                            same: pass.same,
                        };
                        self.split(&inner, a, b, level + 1, deeper, stats, found);
                    }
                    _ => self.scan(
                        a,
                        b,
                        pass.limit - credit,
                        credit,
                        pass.same && ka == kb,
                        stats,
                        found,
                    ),
                }
            }
        }
    }

    /// Splits a dual-sorted list by the blossom at `level`, keeping each group dual-sorted (groups in order of
    /// first appearance).
    fn group_by_key(&self, list: &[u32], level: usize) -> Vec<(Option<u32>, Vec<u32>)> {
        let mut groups: Vec<(Option<u32>, Vec<u32>)> = Vec::new();
        // Few groups are the rule (an onion of nested blossoms splits into "inner" and "loose"): search them
        // linearly, and switch to a map only when there are many.
        let mut slot: Option<HashMap<Option<u32>, usize>> = None;
        let mut last = usize::MAX;
        for &v in list {
            let k = self.key(v, level);
            if last == usize::MAX || groups[last].0 != k {
                let found = match &slot {
                    Some(map) => map.get(&k).copied(),
                    None => groups.iter().position(|(g, _)| *g == k),
                };
                last = match found {
                    Some(i) => i,
                    None => {
                        groups.push((k, Vec::new()));
                        if let Some(map) = &mut slot {
                            map.insert(k, groups.len() - 1);
                        } else if groups.len() > 16 {
                            slot = Some(
                                groups
                                    .iter()
                                    .enumerate()
                                    .map(|(i, (g, _))| (*g, i))
                                    .collect(),
                            );
                        }
                        groups.len() - 1
                    }
                };
            }
            groups[last].1.push(v);
        }
        groups
    }

    /// Checks pairs `a ∈ first, b ∈ second` with blossom credit exactly `credit` whose dual sum is below `prune`,
    /// in increasing dual order; `same` means both lists are the same set.
    #[allow(clippy::too_many_arguments)]
    fn scan(
        &self,
        first: &[u32],
        second: &[u32],
        prune: i128,
        credit: i128,
        same: bool,
        stats: &mut LazyStats,
        found: &mut Vec<(i128, Edge)>,
    ) {
        let Some(&min_second) = second.first() else {
            return;
        };
        let min_second = self.y[min_second as usize];
        for &a in first {
            let ya = self.y[a as usize];
            if ya + min_second >= prune {
                break;
            }
            for &b in second {
                let yb = self.y[b as usize];
                if ya + yb >= prune {
                    break;
                }
                if a == b || (same && a > b) || self.present[a as usize].binary_search(&b).is_ok() {
                    continue;
                }
                let (lo, hi) = (a.min(b), a.max(b));
                stats.pairs_checked += 1;
                if let Some(w) = (self.weight)(lo, hi) {
                    let violation = 4 * i128::from(w) - ya - yb - credit;
                    if w > 0 && violation > 0 {
                        found.push((
                            violation,
                            Edge {
                                a: lo,
                                b: hi,
                                weight: w,
                            },
                        ));
                    }
                }
            }
        }
    }
}

/// Keeps, for every vertex, only the most violated pairs at it (at most [`VIOLATORS_PER_VERTEX`]): they are enough
/// to change the duals, and adding every violator of a badly certified region would densify the graph.
fn keep_worst_per_vertex(n: usize, mut found: Vec<(i128, Edge)>) -> Vec<Edge> {
    let cap = VIOLATORS_PER_VERTEX;
    found.sort_unstable_by_key(|&(violation, e)| (std::cmp::Reverse(violation), e.a, e.b));
    let mut count = vec![0u32; n];
    let mut kept: Vec<Edge> = Vec::new();
    for (_, e) in found {
        if count[e.a as usize] < cap || count[e.b as usize] < cap {
            count[e.a as usize] += 1;
            count[e.b as usize] += 1;
            kept.push(e);
        }
    }
    kept.sort_unstable_by_key(|e| (e.a, e.b));
    kept
}

/// How many violating pairs per vertex are added to the graph after one check.
const VIOLATORS_PER_VERTEX: u32 = 8;
