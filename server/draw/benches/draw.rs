//! Benchmarks of the whole draw: "round 6 of a realistic McMahon field" (the generator's `field`: 5 rounds played
//! through the engine) at 500, 2,000 and 10,000 players, with the `egf` (default) and `mays` profiles; and the
//! dense reference (complete graph, O(n³) matcher) at 500 and 1,000 players for a side-by-side ratio.
//!
//! Run: `cargo bench -p tengen-draw --bench draw -- --sample-size 10`.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use tengen_draw::engine::pair_weights;
use tengen_draw::generator::field;
use tengen_draw::matching::{max_weight_matching, Edge};
use tengen_draw::{draw, ByeRule, Profile, Settings, Snapshot};

fn mays() -> Settings {
    Settings {
        profile: Profile::Mays,
        bye: ByeRule::Mays,
        ..Settings::default()
    }
}

fn bench_draw(c: &mut Criterion) {
    let mut group = c.benchmark_group("draw round 6");
    group.sample_size(10);
    for n in [500usize, 2_000, 10_000] {
        let snapshot: Snapshot = field(n, 6);
        for (name, settings) in [("egf", Settings::default()), ("mays", mays())] {
            group.bench_with_input(BenchmarkId::new(name, n), &snapshot, |b, s| {
                b.iter(|| draw(s, &settings, 1).expect("the field can be drawn"))
            });
        }
    }
    group.finish();
}

fn bench_dense_reference(c: &mut Criterion) {
    let mut group = c.benchmark_group("dense reference round 6");
    group.sample_size(10);
    for n in [500usize, 1_000] {
        let snapshot = field(n, 6);
        for (name, settings) in [("egf", Settings::default()), ("mays", mays())] {
            let weights = pair_weights(&snapshot, &settings, 1).expect("the field can be drawn");
            let by_number: std::collections::BTreeMap<_, _> =
                weights.players.iter().enumerate().map(|(i, p)| (*p, i as u32)).collect();
            let edges: Vec<Edge> = weights
                .edges
                .iter()
                .map(|&(a, b, weight)| Edge { a: by_number[&a], b: by_number[&b], weight })
                .collect();
            let count = weights.players.len();
            group.bench_with_input(BenchmarkId::new(name, n), &edges, |b, e| {
                b.iter(|| max_weight_matching(count, e, true))
            });
        }
    }
    group.finish();
}

criterion_group!(benches, bench_draw, bench_dense_reference);
criterion_main!(benches);
