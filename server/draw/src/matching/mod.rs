//! Exact maximum-weight matching on a general graph with integer weights.
//!
//! Knows nothing about players: vertices are `0..n`, edges carry `i64` weights, the answer is each vertex's mate.
//! Must not import anything else from this crate.
//!
//! - [`max_weight_matching`]: the solver on an edge list (sparse graphs welcome).
//! - [`max_weight_matching_with_duals`]: the same, with the dual certificate ([`Duals`]) that proves optimality.
//! - [`verify_optimum`]: checks such a certificate; runs after every solve in debug builds.
//! - [`max_weight_matching_dense`]: the reference on the complete graph given by a weight function.
//! - [`max_weight_matching_lazy`]: solves on a sparse candidate graph and proves that no omitted pair could improve
//!   the result (adding violators and re-solving until none remain).
//!
//! The solver is the primal-dual Edmonds blossom algorithm (see `blossom.rs`), in exact `i128` arithmetic.
//!
//! # Performance
//!
//! Measured with `benches/matching.rs` (synthetic McMahon-like fields: score groups of varying sizes, weights
//! `10¹¹·(100 − gap²) + 5·10⁶·fold seeding + noise < 10⁶`, ~22 sparse candidate edges per vertex, group buckets for
//! the certificate), release build, CPU time of one solve on the shared 2-core machine (`perf stat` task-clock;
//! criterion's wall-clock medians were 3–10× higher because the load average was 8–16 at the time):
//!
//! | n      | sparse solve | lazy, certified on the complete graph      | dense reference (complete graph) |
//! |-------:|-------------:|--------------------------------------------|---------------------------------:|
//! | 500    | ≈ 1 ms       | ≈ 7 ms (3 solves, 1.3 k pairs added)       | ≈ 33 ms                          |
//! | 1 000  |              |                                            | ≈ 200 ms                         |
//! | 2 000  | ≈ 2 ms       | ≈ 21 ms (4 solves, 2.2 k pairs added)      |                                  |
//! | 10 000 | ≈ 80 ms      | ≈ 2.1–2.7 s (7 solves, 61 k pairs added)   |                                  |
//!
//! At 10 000 about half of the lazy time is the certificate check (7.6 M weight calls over the 7 rounds, grouped
//! through deeply nested blossoms) and half the seven re-solves; better candidate graphs (more pairs across
//! neighbouring score groups) mean fewer rounds. (These figures predate the persistent forest of `blossom.rs`,
//! which made whole `egf` draws about four times faster; docs/DRAW.md has the current ones.)

mod blossom;
mod lazy;
mod verify;

#[cfg(test)]
mod tests;

pub use lazy::{max_weight_matching_lazy, Buckets, LazyMatching, LazyStats};
pub use verify::verify_optimum;

/// An undirected edge between two vertices with an integer weight (higher is more desirable).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Edge {
    /// One end.
    pub a: u32,
    /// The other end.
    pub b: u32,
    /// Weight; may be any i64 value the caller chooses.
    pub weight: i64,
}

/// A matching together with the LP dual solution that proves it optimal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Matching {
    /// `mates[v]`: the vertex matched to `v`, or `None`.
    pub mates: Vec<Option<u32>>,
    /// The optimality certificate.
    pub duals: Duals,
}

/// Dual certificate of a maximum-weight matching, in exact integer units.
///
/// Write `w'(e) = w(e) + weight_offset` (the offset is 0 unless the matching was asked for maximum cardinality,
/// where a large constant makes every extra edge worth more than any weight difference). Then, with all values in
/// *quarter units* (four times the usual LP duals):
///
/// - for every edge `(a, b)` with `w' > 0`: `vertex[a] + vertex[b] + Σ_{B ∋ a, b} B.dual ≥ 4·w'`, with equality on
///   matched edges;
/// - `vertex[v] ≥ 0`, and `vertex[v] = 0` when `v` is unmatched;
/// - `B.dual ≥ 0`, and a blossom with positive dual has `(|B| − 1) / 2` matched edges inside.
///
/// These are the complementary-slackness conditions of Edmonds' matching polytope, so no matching weighs more
/// (in `w'`). A pair `(a, b)` that is *not* in the graph could not improve the matching if
/// `4·w'(a, b) ≤ vertex[a] + vertex[b]` (blossom duals only add to the left side).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Duals {
    /// Constant added to every weight before solving (non-zero only in maximum-cardinality mode).
    pub weight_offset: i128,
    /// Vertex duals, quarter units.
    pub vertex: Vec<i128>,
    /// Non-trivial blossoms (odd vertex sets) with their duals, quarter units.
    pub blossoms: Vec<DualBlossom>,
}

/// An odd set of vertices with a dual value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DualBlossom {
    /// The vertices of the blossom, in no particular order.
    pub vertices: Vec<u32>,
    /// Its dual, quarter units.
    pub dual: i128,
}

/// Computes a maximum-weight matching of the graph with `n` vertices and the given edges.
///
/// With `max_cardinality`, the matching has the largest possible number of edges and, among those, the largest
/// weight. Returns `mate[v]`, the vertex matched to `v`, or `None`. Without `max_cardinality`, edges of weight
/// `≤ 0` are never used. Self-loops are ignored; parallel edges are allowed.
///
/// # Complexity
///
/// O(m + n²) per stage (one augmentation) and at most n stages: O(n·m + n³) in the worst case (n = vertices,
/// m = edges). The greedy jump start usually leaves only a few dozen free vertices, so in practice the cost is a few
/// stages of dual adjustments over the alternating forest. Memory O(n + m). In debug builds the result is also
/// verified against its dual certificate.
///
/// # Panics
///
/// If an edge has an end outside `0..n`, or `n ≥ 2³¹`.
///
/// # Examples
///
/// A path 0 – 1 – 2 – 3 with weights 5, 8, 5: taking both outer edges (10) beats the middle one (8).
///
/// ```
/// use tengen_draw::matching::{max_weight_matching, Edge};
/// let edges = [
///     Edge { a: 0, b: 1, weight: 5 },
///     Edge { a: 1, b: 2, weight: 8 },
///     Edge { a: 2, b: 3, weight: 5 },
/// ];
/// assert_eq!(max_weight_matching(4, &edges, false), vec![Some(1), Some(0), Some(3), Some(2)]);
/// ```
pub fn max_weight_matching(n: usize, edges: &[Edge], max_cardinality: bool) -> Vec<Option<u32>> {
    max_weight_matching_with_duals(n, edges, max_cardinality).mates
}

/// Like [`max_weight_matching`], and also returns the dual certificate proving the result optimal.
///
/// # Complexity
///
/// As [`max_weight_matching`].
///
/// # Panics
///
/// As [`max_weight_matching`].
///
/// # Examples
///
/// One edge of weight 3: both vertex duals are 6 in quarter units (6 + 6 = 4·3).
///
/// ```
/// use tengen_draw::matching::{max_weight_matching_with_duals, Edge};
/// let m = max_weight_matching_with_duals(2, &[Edge { a: 0, b: 1, weight: 3 }], false);
/// assert_eq!(m.mates, vec![Some(1), Some(0)]);
/// assert_eq!(m.duals.vertex, vec![6, 6]);
/// ```
pub fn max_weight_matching_with_duals(n: usize, edges: &[Edge], max_cardinality: bool) -> Matching {
    assert!(
        n < 1 << 31,
        "at most 2³¹ − 1 vertices (blossoms are numbered n..2n in u32)"
    );
    for e in edges {
        assert!(
            (e.a as usize) < n && (e.b as usize) < n,
            "edge ({}, {}) has an end outside 0..{n}",
            e.a,
            e.b
        );
    }
    solve_with_hint(n, edges, max_cardinality, None, None)
}

/// Solves with optional starting vertex duals and matching (see `blossom::solve`), then verifies in debug builds.
fn solve_with_hint(
    n: usize,
    edges: &[Edge],
    max_cardinality: bool,
    hint: Option<&[i128]>,
    mates: Option<&[Option<u32>]>,
) -> Matching {
    let weight_offset = if max_cardinality {
        cardinality_offset(n, edges)
    } else {
        0
    };
    let internal: Vec<(u32, u32, i128)> = edges
        .iter()
        .map(|e| (e.a, e.b, i128::from(e.weight) + weight_offset))
        .collect();
    let solved = blossom::solve(n, &internal, hint, mates);
    let matching = Matching {
        mates: solved.mate,
        duals: Duals {
            weight_offset,
            vertex: solved.vertex_dual,
            blossoms: solved
                .blossoms
                .into_iter()
                .map(|(vertices, dual)| DualBlossom { vertices, dual })
                .collect(),
        },
    };
    #[cfg(debug_assertions)]
    if let Err(problem) = verify_optimum(n, edges, max_cardinality, &matching) {
        panic!("matching certificate failed: {problem}");
    }
    matching
}

/// A constant `C` such that with weights `w + C` every matching with more edges weighs more than any with fewer,
/// and every edge weighs more than 0: `C > (K − 1)·max w − K·min w` for any cardinality `K ≤ n/2`.
fn cardinality_offset(n: usize, edges: &[Edge]) -> i128 {
    let max_abs = edges
        .iter()
        .filter(|e| e.a != e.b)
        .map(|e| i128::from(e.weight).abs())
        .max()
        .unwrap_or(0);
    let half = (n / 2) as i128 + 1;
    2 * half * max_abs + 1
}

/// Maximum-weight matching on the complete graph: `weight(a, b)` (called with `a < b`) gives each pair's weight,
/// `None` for a forbidden pair. The reference used by the checker and the benchmarks.
///
/// # Complexity
///
/// O(n²) weight calls, then [`max_weight_matching`] on up to n(n−1)/2 edges: O(n³) in practice.
///
/// # Examples
///
/// ```
/// use tengen_draw::matching::max_weight_matching_dense;
/// // Pairs weigh (a + 1)·(b + 1), except 0-3 which is forbidden.
/// let weight = |a: u32, b: u32| if (a, b) == (0, 3) { None } else { Some(i64::from((a + 1) * (b + 1))) };
/// let mates = max_weight_matching_dense(4, &weight, false);
/// assert_eq!(mates, vec![Some(1), Some(0), Some(3), Some(2)]); // 2 + 12 beats 3 + 8 and 6 alone
/// ```
pub fn max_weight_matching_dense(
    n: usize,
    weight: &dyn Fn(u32, u32) -> Option<i64>,
    max_cardinality: bool,
) -> Vec<Option<u32>> {
    let mut edges = Vec::with_capacity(n * n.saturating_sub(1) / 2);
    for a in 0..n as u32 {
        for b in a + 1..n as u32 {
            if let Some(w) = weight(a, b) {
                edges.push(Edge { a, b, weight: w });
            }
        }
    }
    max_weight_matching(n, &edges, max_cardinality)
}
