//! Side by side on the same input: Tengen's whole draw (sparse candidate graph, certified by the lazy matcher)
//! against the dense reference (the exact matcher on the complete graph of the same weights, which is what an
//! unpooled OpenGotha solves), round 6 of the generator's realistic McMahon field, both profiles. Prints a table:
//! each side's time and the total weight of its pairing, which must be equal (the sparse draw is exact).
//!
//! Run: `cargo bench -p tengen-draw --bench side_by_side` (sizes: `-- 300 1000`). The dense side is O(n³) and
//! needs the complete graph in memory: keep it to a few thousand players.

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use tengen_draw::engine::pair_weights;
use tengen_draw::generator::round_six_field as field;
use tengen_draw::matching::{max_weight_matching, Edge};
use tengen_draw::{draw, ByeRule, PlayerId, Profile, Settings};

/// The fastest of three runs of `f`, with its last result.
fn best_of_three<T>(mut f: impl FnMut() -> T) -> (Duration, T) {
    let mut best = Duration::MAX;
    let mut out = None;
    for _ in 0..3 {
        let t = Instant::now();
        let r = f();
        best = best.min(t.elapsed());
        out = Some(r);
    }
    (best, out.expect("three runs"))
}

fn main() {
    let sizes: Vec<usize> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let sizes = if sizes.is_empty() {
        vec![500, 1_000]
    } else {
        sizes
    };
    let mays = Settings {
        profile: Profile::Mays,
        bye: ByeRule::Mays,
        ..Settings::default()
    };
    println!("| players | profile | Tengen draw | Tengen total | dense reference | dense total | equal |");
    println!("|---:|---|---:|---:|---:|---:|---|");
    for n in sizes {
        for (name, settings) in [("mays", &mays), ("egf", &Settings::default())] {
            let snapshot = field(n, settings);
            let (tengen_time, round) =
                best_of_three(|| draw(&snapshot, settings, 1).expect("the field can be drawn"));
            let weights = pair_weights(&snapshot, settings, 1).expect("the field can be drawn");
            let index: BTreeMap<PlayerId, u32> = weights
                .players
                .iter()
                .enumerate()
                .map(|(i, p)| (*p, i as u32))
                .collect();
            let weight: BTreeMap<(u32, u32), i64> = weights
                .edges
                .iter()
                .map(|&(a, b, w)| {
                    let (a, b) = (index[&a], index[&b]);
                    ((a.min(b), a.max(b)), w)
                })
                .collect();
            let edges: Vec<Edge> = weight
                .iter()
                .map(|(&(a, b), &weight)| Edge { a, b, weight })
                .collect();
            let count = weights.players.len();
            let (dense_time, mates) = best_of_three(|| max_weight_matching(count, &edges, true));
            let pair_weight = |a: u32, b: u32| weight.get(&(a.min(b), a.max(b))).copied();
            let tengen_total: i128 = round
                .games
                .iter()
                .filter_map(|g| pair_weight(*index.get(&g.white)?, *index.get(&g.black)?))
                .map(i128::from)
                .sum();
            let dense_total: i128 = mates
                .iter()
                .enumerate()
                .filter_map(|(a, m)| m.filter(|&b| a as u32 <= b).map(|b| (a as u32, b)))
                .filter_map(|(a, b)| pair_weight(a, b))
                .map(i128::from)
                .sum();
            println!(
                "| {n} | {name} | {tengen_time:.2?} | {tengen_total} | {dense_time:.2?} | {dense_total} | {} |",
                if tengen_total == dense_total { "yes" } else { "NO" }
            );
        }
    }
}
