//! Exact maximum-weight matching on a general graph with integer weights.
//!
//! Knows nothing about players: vertices are `0..n`, edges carry `i64` weights, the answer is each vertex's mate.
//! Must not import anything else from this crate.

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

/// Computes a maximum-weight matching of the graph with `n` vertices and the given edges.
///
/// With `max_cardinality`, the matching has the largest possible number of edges and, among those, the largest
/// weight. Returns `mate[v]`, the vertex matched to `v`, or `None`.
pub fn max_weight_matching(n: usize, edges: &[Edge], max_cardinality: bool) -> Vec<Option<u32>> {
    let _ = (edges, max_cardinality);
    vec![None; n]
}
