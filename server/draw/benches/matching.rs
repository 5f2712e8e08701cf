//! Benchmarks of the matching solver on synthetic McMahon-like graphs.
//!
//! Vertices sit in score groups of varying sizes; a pair's weight is `10¹¹·(100 − gap²)` for a group gap, plus
//! `5·10⁶·` a fold-seeding term inside a group, plus deterministic noise below 10⁶, and a few pairs are forbidden
//! (already played). The sparse graph joins each vertex to ~20 vertices around its fold partner and to the ~10
//! nearest vertices of each neighbouring group. Benchmarks: the sparse solve, the certified lazy solve (sparse +
//! check of all omitted pairs with score-group buckets), and the dense reference on the complete graph.
//!
//! Run: `cargo bench -p tengen-draw --bench matching -- --sample-size 10`.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use tengen_draw::matching::{
    max_weight_matching, max_weight_matching_dense, max_weight_matching_lazy, Buckets, Edge,
};

/// A synthetic field: each vertex's score group and position inside it.
struct Field {
    group: Vec<u32>,
    position: Vec<u32>,
    members: Vec<Vec<u32>>,
}

/// SplitMix64 step, used as a deterministic hash.
fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl Field {
    /// `n` vertices in groups whose sizes vary (bell-shaped around the middle groups).
    fn new(n: usize, seed: u64) -> Self {
        let groups = ((n as f64).sqrt() / 2.0).max(3.0) as usize;
        let mut sizes: Vec<u64> = (0..groups)
            .map(|g| {
                let centre = groups as f64 / 2.0;
                let bell =
                    1.0 + 4.0 * (-((g as f64 - centre) / (groups as f64 / 4.0)).powi(2)).exp();
                (bell * 100.0) as u64 + mix(seed ^ g as u64) % 50
            })
            .collect();
        let total: u64 = sizes.iter().sum();
        let mut assigned = 0usize;
        for s in sizes.iter_mut() {
            *s = *s * n as u64 / total;
            assigned += *s as usize;
        }
        sizes[groups / 2] += (n - assigned) as u64;
        let mut group = Vec::with_capacity(n);
        let mut position = Vec::with_capacity(n);
        let mut members = vec![Vec::new(); groups];
        for (g, &s) in sizes.iter().enumerate() {
            for i in 0..s as u32 {
                members[g].push(group.len() as u32);
                group.push(g as u32);
                position.push(i);
            }
        }
        Field {
            group,
            position,
            members,
        }
    }

    fn n(&self) -> usize {
        self.group.len()
    }

    /// Weight of pair `a < b`, or None if they already played.
    fn weight(&self, a: u32, b: u32) -> Option<i64> {
        let h = mix(u64::from(a) << 32 | u64::from(b));
        if h % 1000 < 2 {
            return None;
        }
        let gap = i64::from(self.group[a as usize].abs_diff(self.group[b as usize]));
        let score = 100_000_000_000 * (100 - gap * gap).max(0);
        let seeding = if gap == 0 {
            let size = self.members[self.group[a as usize] as usize].len() as i64;
            let distance = i64::from(self.position[a as usize].abs_diff(self.position[b as usize]));
            5_000_000 * (size / 2 - (distance - size / 2).abs())
        } else {
            0
        };
        Some(score + seeding + (h % 1_000_000) as i64)
    }

    /// Upper bound on the weight between two groups (for the lazy check's buckets).
    fn bound(&self, i: usize, j: usize) -> Option<i64> {
        let gap = i.abs_diff(j) as i64;
        let size = self.members[i].len().max(self.members[j].len()) as i64;
        let seeding = if gap == 0 { 5_000_000 * (size / 2) } else { 0 };
        Some(100_000_000_000 * (100 - gap * gap).max(0) + seeding + 1_000_000)
    }

    /// The sparse candidate graph.
    fn candidates(&self) -> Vec<Edge> {
        let mut pairs = Vec::new();
        for a in 0..self.n() as u32 {
            let g = self.group[a as usize] as usize;
            let own = &self.members[g];
            let s = own.len() as i64;
            let i = i64::from(self.position[a as usize]);
            for d in -10..=10 {
                let j = (i + s / 2 + d).rem_euclid(s.max(1));
                pairs.push((a, own[j as usize]));
            }
            if g + 1 < self.members.len() {
                // Weakest of this group against the strongest of the next.
                for &b in self.members[g + 1].iter().take(10) {
                    if i >= s - 10 {
                        pairs.push((a, b));
                    }
                }
            }
        }
        let mut edges: Vec<Edge> = pairs
            .into_iter()
            .filter(|(a, b)| a != b)
            .map(|(a, b)| (a.min(b), a.max(b)))
            .filter_map(|(a, b)| self.weight(a, b).map(|weight| Edge { a, b, weight }))
            .collect();
        edges.sort_unstable_by_key(|e| (e.a, e.b));
        edges.dedup_by_key(|e| (e.a, e.b));
        edges
    }
}

fn bench_matching(c: &mut Criterion) {
    let mut group = c.benchmark_group("matching");
    for n in [500usize, 2_000, 10_000] {
        let field = Field::new(n, 6);
        let edges = field.candidates();
        eprintln!(
            "n = {n}: {} groups, {} candidate edges",
            field.members.len(),
            edges.len()
        );
        group.bench_with_input(BenchmarkId::new("sparse", n), &n, |b, &n| {
            b.iter(|| max_weight_matching(n, &edges, false))
        });
        group.bench_with_input(BenchmarkId::new("lazy_certified", n), &n, |b, &n| {
            b.iter(|| {
                let bound = |i: usize, j: usize| field.bound(i, j);
                let buckets = Buckets {
                    members: field.members.clone(),
                    upper_bound: &bound,
                };
                max_weight_matching_lazy(
                    n,
                    edges.clone(),
                    |a, b| field.weight(a, b),
                    Some(&buckets),
                )
            })
        });
    }
    for n in [500usize, 1_000] {
        let field = Field::new(n, 6);
        group.bench_with_input(BenchmarkId::new("dense_reference", n), &n, |b, &n| {
            b.iter(|| max_weight_matching_dense(n, &|a, b| field.weight(a, b), false))
        });
    }
    group.finish();
}

criterion_group!(benches, bench_matching);
criterion_main!(benches);
