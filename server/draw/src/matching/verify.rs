//! Checks a matching's dual certificate: proof that no matching of the graph weighs more.

use std::collections::HashMap;

use super::{DualBlossom, Edge, Matching};

/// Checks that `matching` is a valid matching of the graph and that its [`super::Duals`] prove it optimal.
///
/// Conditions (quarter units, `w' = w + weight_offset`): every edge with `w' > 0` has slack
/// `vertex[a] + vertex[b] + Σ_{B ∋ a, b} B.dual − 4·w' ≥ 0`; matched pairs are edges of the graph with slack 0;
/// vertex duals are ≥ 0 and 0 on unmatched vertices; blossom duals are ≥ 0, blossoms are odd sets and those with
/// a positive dual contain `(|B| − 1) / 2` matched edges. In maximum-cardinality mode the offset must also exceed
/// what any weight difference could buy, so that the certificate proves maximum cardinality first.
/// Returns a description of the first violated condition.
///
/// # Complexity
///
/// O(m·d + n) where d is the blossom nesting depth.
///
/// # Examples
///
/// ```
/// use tengen_draw::matching::{max_weight_matching_with_duals, verify_optimum, Edge};
/// let edges = [Edge { a: 0, b: 1, weight: 3 }, Edge { a: 1, b: 2, weight: 4 }];
/// let mut m = max_weight_matching_with_duals(3, &edges, false);
/// assert!(verify_optimum(3, &edges, false, &m).is_ok());
/// m.mates = vec![Some(1), Some(0), None]; // the lighter edge: no certificate can prove it optimal
/// assert!(verify_optimum(3, &edges, false, &m).is_err());
/// ```
pub fn verify_optimum(
    n: usize,
    edges: &[Edge],
    max_cardinality: bool,
    matching: &Matching,
) -> Result<(), String> {
    let duals = &matching.duals;
    let mates = &matching.mates;
    if mates.len() != n || duals.vertex.len() != n {
        return Err(format!("expected {n} mates and vertex duals"));
    }
    if max_cardinality {
        let needed = super::cardinality_offset(n, edges);
        if duals.weight_offset < needed {
            return Err(format!(
                "weight offset {} below {needed}",
                duals.weight_offset
            ));
        }
    } else if duals.weight_offset != 0 {
        return Err("non-zero weight offset without max_cardinality".into());
    }
    check_mates(mates)?;
    check_vertex_duals(mates, &duals.vertex)?;
    let containing = blossoms_containing(n, matching)?;
    check_edges(edges, matching, &containing)
}

/// Mates are symmetric and in range.
fn check_mates(mates: &[Option<u32>]) -> Result<(), String> {
    for (v, m) in mates.iter().enumerate() {
        if let Some(u) = *m {
            if mates.get(u as usize).copied().flatten() != Some(v as u32) || u as usize == v {
                return Err(format!("mate of {v} is {u} but not the other way round"));
            }
        }
    }
    Ok(())
}

/// Vertex duals are non-negative and zero on unmatched vertices.
fn check_vertex_duals(mates: &[Option<u32>], vertex: &[i128]) -> Result<(), String> {
    for (v, &y) in vertex.iter().enumerate() {
        if y < 0 {
            return Err(format!("vertex {v} has negative dual {y}"));
        }
        if mates[v].is_none() && y != 0 {
            return Err(format!("unmatched vertex {v} has dual {y}"));
        }
    }
    Ok(())
}

/// For each vertex, the indices of the blossoms containing it; checks blossom duals and fullness.
fn blossoms_containing(n: usize, matching: &Matching) -> Result<Vec<Vec<u32>>, String> {
    let mut containing = vec![Vec::new(); n];
    for (i, blossom) in matching.duals.blossoms.iter().enumerate() {
        let size = blossom.vertices.len();
        if blossom.dual < 0 {
            return Err(format!("blossom {i} has negative dual"));
        }
        if size < 3 || size & 1 == 0 {
            return Err(format!("blossom {i} has {size} vertices"));
        }
        let mut inside = 0;
        for &v in &blossom.vertices {
            let list: &mut Vec<u32> = containing
                .get_mut(v as usize)
                .ok_or("blossom vertex out of range")?;
            if list.last() == Some(&(i as u32)) {
                return Err(format!("blossom {i} lists vertex {v} twice"));
            }
            list.push(i as u32);
        }
        for &v in &blossom.vertices {
            if let Some(u) = matching.mates[v as usize] {
                if containing[u as usize].last() == Some(&(i as u32)) {
                    inside += 1;
                }
            }
        }
        if blossom.dual > 0 && inside / 2 != (size - 1) / 2 {
            return Err(format!(
                "blossom {i} with positive dual has {} matched edges inside, not {}",
                inside / 2,
                (size - 1) / 2
            ));
        }
    }
    Ok(containing)
}

/// Sum of the duals of the blossoms containing both `a` and `b` (`containing` lists blossom indices per vertex in
/// increasing order).
fn common_blossom_dual(blossoms: &[DualBlossom], containing: &[Vec<u32>], a: u32, b: u32) -> i128 {
    let (la, lb) = (&containing[a as usize], &containing[b as usize]);
    let (mut i, mut j, mut sum) = (0, 0, 0i128);
    while i < la.len() && j < lb.len() {
        match la[i].cmp(&lb[j]) {
            std::cmp::Ordering::Less => i += 1,
            std::cmp::Ordering::Greater => j += 1,
            std::cmp::Ordering::Equal => {
                sum += blossoms[la[i] as usize].dual;
                i += 1;
                j += 1;
            }
        }
    }
    sum
}

/// Every edge has non-negative slack; matched pairs are edges with zero slack.
fn check_edges(edges: &[Edge], matching: &Matching, containing: &[Vec<u32>]) -> Result<(), String> {
    let duals = &matching.duals;
    let blossom_sum = |a: u32, b: u32| common_blossom_dual(&duals.blossoms, containing, a, b);
    // Best (heaviest) edge per matched pair, to check tightness.
    let mut matched_best: HashMap<(u32, u32), i128> = HashMap::new();
    for e in edges {
        if e.a == e.b {
            continue;
        }
        let w = i128::from(e.weight) + duals.weight_offset;
        if w <= 0 {
            continue;
        }
        let slack =
            duals.vertex[e.a as usize] + duals.vertex[e.b as usize] + blossom_sum(e.a, e.b) - 4 * w;
        if slack < 0 {
            return Err(format!(
                "edge ({}, {}) has negative slack {slack}",
                e.a, e.b
            ));
        }
        if matching.mates[e.a as usize] == Some(e.b) {
            let key = (e.a.min(e.b), e.a.max(e.b));
            let best = matched_best.entry(key).or_insert(slack);
            *best = (*best).min(slack);
        }
    }
    for (v, m) in matching.mates.iter().enumerate() {
        if let Some(u) = *m {
            let key = (u.min(v as u32), u.max(v as u32));
            match matched_best.get(&key) {
                None => {
                    return Err(format!(
                        "matched pair {key:?} is not a positive edge of the graph"
                    ))
                }
                Some(&s) if s != 0 => return Err(format!("matched pair {key:?} has slack {s}")),
                Some(_) => {}
            }
        }
    }
    Ok(())
}
