//! Tests of the matching solver: brute force on small graphs, an independent oracle on larger ones, certificates.

use super::*;

/// Small deterministic generator (SplitMix64) so the tests need no RNG crate and print reproducible seeds.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
    fn range(&mut self, lo: i64, hi: i64) -> i64 {
        lo + (self.next() % ((hi - lo) as u64 + 1)) as i64
    }
}

/// Total weight and cardinality of a mate vector (each edge once; uses the heaviest parallel edge).
fn score(edges: &[Edge], mates: &[Option<u32>]) -> (usize, i128) {
    let mut total = 0i128;
    let mut count = 0;
    for (v, m) in mates.iter().enumerate() {
        if let Some(u) = *m {
            if (v as u32) < u {
                count += 1;
                let w = edges
                    .iter()
                    .filter(|e| (e.a, e.b) == (v as u32, u) || (e.a, e.b) == (u, v as u32))
                    .map(|e| e.weight)
                    .max()
                    .expect("matched pair is an edge");
                total += i128::from(w);
            }
        }
    }
    (count, total)
}

/// Exhaustive search state: adjacency, which vertices are taken, best (cardinality, weight) so far.
struct BruteForce {
    adj: Vec<Vec<(u32, i64)>>,
    used: Vec<bool>,
    best: (usize, i128),
    max_cardinality: bool,
}

impl BruteForce {
    /// Tries every way to leave vertex `v` unmatched or match it to a later free neighbour.
    fn go(&mut self, v: usize, count: usize, total: i128) {
        if v == self.adj.len() {
            let better = if self.max_cardinality {
                (count, total) > self.best
            } else {
                total > self.best.1
            };
            if better {
                self.best = (count, total);
            }
            return;
        }
        if self.used[v] {
            return self.go(v + 1, count, total);
        }
        self.go(v + 1, count, total);
        self.used[v] = true;
        for i in 0..self.adj[v].len() {
            let (u, w) = self.adj[v][i];
            if !self.used[u as usize] {
                self.used[u as usize] = true;
                self.go(v + 1, count + 1, total + i128::from(w));
                self.used[u as usize] = false;
            }
        }
        self.used[v] = false;
    }
}

/// Best (cardinality, weight) over all matchings, by exhaustive search.
fn brute_force(n: usize, edges: &[Edge], max_cardinality: bool) -> (usize, i128) {
    let mut adj = vec![Vec::new(); n];
    for e in edges {
        if e.a != e.b {
            adj[e.a as usize].push((e.b, e.weight));
            adj[e.b as usize].push((e.a, e.weight));
        }
    }
    let mut search = BruteForce {
        adj,
        used: vec![false; n],
        best: (0, 0),
        max_cardinality,
    };
    search.go(0, 0, 0);
    search.best
}

/// A random graph: `n` vertices, edge probability `density`/100, weights from `weights`.
fn random_graph(
    rng: &mut Rng,
    n: usize,
    density: u64,
    weights: &dyn Fn(&mut Rng) -> i64,
) -> Vec<Edge> {
    let mut edges = Vec::new();
    for a in 0..n as u32 {
        for b in a + 1..n as u32 {
            if rng.below(100) < density {
                let (a, b) = if rng.below(2) == 0 { (a, b) } else { (b, a) };
                edges.push(Edge {
                    a,
                    b,
                    weight: weights(rng),
                });
            }
        }
    }
    edges
}

fn check_against_brute_force(seed: u64, n: usize, edges: &[Edge]) {
    for max_cardinality in [false, true] {
        let m = max_weight_matching_with_duals(n, edges, max_cardinality);
        verify_optimum(n, edges, max_cardinality, &m)
            .unwrap_or_else(|e| panic!("seed {seed}: certificate: {e}\n{edges:?}"));
        let got = score(edges, &m.mates);
        let best = brute_force(n, edges, max_cardinality);
        if max_cardinality {
            assert_eq!(got, best, "seed {seed} max-card n={n} {edges:?}");
        } else {
            assert_eq!(got.1, best.1, "seed {seed} n={n} {edges:?}");
        }
    }
}

#[test]
fn small_random_graphs_match_brute_force() {
    let weight_kinds: [&dyn Fn(&mut Rng) -> i64; 5] = [
        &|r| r.range(1, 10),
        &|r| r.range(-5, 10),
        &|r| r.range(1, 3),
        &|r| r.range(-1_000_000_000_000_000, 1_000_000_000_000_000_000),
        &|r| {
            if r.below(2) == 0 {
                i64::MAX
            } else {
                i64::MIN + r.range(0, 3)
            }
        },
    ];
    for seed in 0..6000u64 {
        let mut rng = Rng(seed);
        let n = 1 + rng.below(10) as usize;
        let density = 20 + rng.below(81);
        let kind = weight_kinds[(seed % 5) as usize];
        let edges = random_graph(&mut rng, n, density, kind);
        check_against_brute_force(seed, n, &edges);
    }
}

#[test]
fn graphs_with_parallel_edges_and_loops_match_brute_force() {
    for seed in 0..1000u64 {
        let mut rng = Rng(seed ^ 0xABCD);
        let n = 2 + rng.below(7) as usize;
        let mut edges = Vec::new();
        for _ in 0..rng.below(20) {
            let a = rng.below(n as u64) as u32;
            let b = rng.below(n as u64) as u32;
            edges.push(Edge {
                a,
                b,
                weight: rng.range(-3, 12),
            });
        }
        check_against_brute_force(seed, n, &edges);
    }
}

#[test]
fn path_prefers_two_outer_edges() {
    let edges = [
        Edge {
            a: 0,
            b: 1,
            weight: 5,
        },
        Edge {
            a: 1,
            b: 2,
            weight: 8,
        },
        Edge {
            a: 2,
            b: 3,
            weight: 5,
        },
    ];
    assert_eq!(
        max_weight_matching(4, &edges, false),
        vec![Some(1), Some(0), Some(3), Some(2)]
    );
}

#[test]
fn max_cardinality_takes_more_edges_over_more_weight() {
    let edges = [
        Edge {
            a: 0,
            b: 1,
            weight: 1,
        },
        Edge {
            a: 1,
            b: 2,
            weight: 100,
        },
        Edge {
            a: 2,
            b: 3,
            weight: 1,
        },
    ];
    assert_eq!(
        max_weight_matching(4, &edges, false),
        vec![None, Some(2), Some(1), None]
    );
    assert_eq!(
        max_weight_matching(4, &edges, true),
        vec![Some(1), Some(0), Some(3), Some(2)]
    );
}

#[test]
fn empty_and_edgeless_graphs_have_no_mates() {
    assert_eq!(max_weight_matching(0, &[], true), Vec::<Option<u32>>::new());
    assert_eq!(max_weight_matching(3, &[], false), vec![None; 3]);
    assert_eq!(
        max_weight_matching(
            2,
            &[Edge {
                a: 0,
                b: 1,
                weight: -4
            }],
            false
        ),
        vec![None; 2]
    );
    assert_eq!(
        max_weight_matching(
            2,
            &[Edge {
                a: 0,
                b: 1,
                weight: -4
            }],
            true
        ),
        vec![Some(1), Some(0)]
    );
}

#[test]
fn dense_reference_agrees_with_brute_force() {
    for seed in 0..300u64 {
        let mut rng = Rng(seed * 7 + 1);
        let n = 1 + rng.below(9) as usize;
        let table: Vec<i64> = (0..n * n).map(|_| rng.range(-3, 20)).collect();
        let weight = |a: u32, b: u32| {
            let w = table[a as usize * n + b as usize];
            (w % 5 != 0).then_some(w)
        };
        let mut edges = Vec::new();
        for a in 0..n as u32 {
            for b in a + 1..n as u32 {
                if let Some(w) = weight(a, b) {
                    edges.push(Edge { a, b, weight: w });
                }
            }
        }
        for max_cardinality in [false, true] {
            let mates = max_weight_matching_dense(n, &weight, max_cardinality);
            let got = score(&edges, &mates);
            let best = brute_force(n, &edges, max_cardinality);
            assert_eq!(got.1, best.1, "seed {seed}");
        }
    }
}

#[test]
fn lazy_solver_equals_full_solve_on_random_graphs() {
    for seed in 0..300u64 {
        let mut rng = Rng(seed + 99);
        let n = 2 + rng.below(40) as usize;
        let table: Vec<i64> = (0..n * n).map(|_| rng.range(-5, 1000)).collect();
        let weight = |a: u32, b: u32| {
            let w = table[a as usize * n + b as usize];
            (w % 7 != 0).then_some(w)
        };
        // Candidates: pairs of nearby vertices only.
        let mut candidates = Vec::new();
        for a in 0..n as u32 {
            for b in a + 1..(a + 3).min(n as u32) {
                if let Some(w) = weight(a, b) {
                    candidates.push(Edge { a, b, weight: w });
                }
            }
        }
        let lazy = max_weight_matching_lazy(n, candidates, weight, None);
        let dense = max_weight_matching_dense(n, &weight, false);
        let all: Vec<Edge> = (0..n as u32)
            .flat_map(|a| {
                (a + 1..n as u32)
                    .filter_map(move |b| weight(a, b).map(|w| Edge { a, b, weight: w }))
            })
            .collect();
        assert_eq!(
            score(&all, &lazy.matching.mates).1,
            score(&all, &dense).1,
            "seed {seed}"
        );
    }
}

#[test]
fn lazy_solver_with_buckets_equals_dense() {
    for seed in 0..100u64 {
        let mut rng = Rng(seed + 5000);
        let n = 2 + rng.below(60) as usize;
        let groups = 1 + rng.below(6) as u32;
        let group = |v: u32| v * groups / n as u32;
        let noise: Vec<i64> = (0..n * n).map(|_| rng.range(0, 99)).collect();
        let weight = |a: u32, b: u32| {
            let gap = i64::from(group(a).abs_diff(group(b)));
            Some(1_000_000 - gap * gap * 10_000 + noise[a as usize * n + b as usize])
        };
        let bound = |i: usize, j: usize| {
            let gap = i.abs_diff(j) as i64;
            Some(1_000_000 - gap * gap * 10_000 + 99)
        };
        let mut members = vec![Vec::new(); groups as usize];
        for v in 0..n as u32 {
            members[group(v) as usize].push(v);
        }
        let mut candidates = Vec::new();
        for a in 0..n as u32 {
            for b in a + 1..n as u32 {
                if group(a) == group(b) {
                    candidates.push(Edge {
                        a,
                        b,
                        weight: weight(a, b).expect("all pairs have weights"),
                    });
                }
            }
        }
        let buckets = Buckets {
            members,
            upper_bound: &bound,
        };
        let lazy = max_weight_matching_lazy(n, candidates, weight, Some(&buckets));
        let dense = max_weight_matching_dense(n, &weight, false);
        let all: Vec<Edge> = (0..n as u32)
            .flat_map(|a| {
                (a + 1..n as u32).map(move |b| Edge {
                    a,
                    b,
                    weight: weight(a, b).unwrap_or(0),
                })
            })
            .collect();
        assert_eq!(
            score(&all, &lazy.matching.mates).1,
            score(&all, &dense).1,
            "seed {seed}"
        );
    }
}

/// Weight and cardinality of rustworkx-core's answer (an independent, mature implementation).
fn rustworkx_score(n: usize, edges: &[Edge], max_cardinality: bool) -> (usize, i128) {
    use rustworkx_core::petgraph::graph::UnGraph;
    let mut graph: UnGraph<(), i128> = UnGraph::with_capacity(n, edges.len());
    let nodes: Vec<_> = (0..n).map(|_| graph.add_node(())).collect();
    for e in edges {
        graph.add_edge(
            nodes[e.a as usize],
            nodes[e.b as usize],
            i128::from(e.weight),
        );
    }
    let pairs = rustworkx_core::max_weight_matching::max_weight_matching(
        &graph,
        max_cardinality,
        |e| Ok::<i128, std::convert::Infallible>(*e.weight()),
        true,
    )
    .expect("infallible weights");
    let mut mates = vec![None; n];
    for (a, b) in pairs {
        mates[a] = Some(b as u32);
        mates[b] = Some(a as u32);
    }
    score(edges, &mates)
}

#[test]
fn random_graphs_up_to_hundreds_of_vertices_match_rustworkx() {
    for seed in 0..120u64 {
        let mut rng = Rng(seed + 777);
        let n = 10 + rng.below(250) as usize;
        let density = 1 + rng.below(if n > 100 { 8 } else { 40 });
        let weights: &dyn Fn(&mut Rng) -> i64 = match seed % 4 {
            0 => &|r| r.range(1, 20),
            1 => &|r| r.range(-100, 1000),
            2 => &|r| r.range(0, 3) * 100_000_000_000_000,
            _ => &|r| r.range(-500_000_000_000_000, 500_000_000_000_000),
        };
        let edges = random_graph(&mut rng, n, density, weights);
        for max_cardinality in [false, true] {
            let ours = score(&edges, &max_weight_matching(n, &edges, max_cardinality));
            let oracle = rustworkx_score(n, &edges, max_cardinality);
            if max_cardinality {
                assert_eq!(ours, oracle, "seed {seed} n={n} max-card");
            } else {
                assert_eq!(ours.1, oracle.1, "seed {seed} n={n}");
            }
        }
    }
}

#[test]
fn dense_reference_matches_rustworkx_on_complete_graphs() {
    for seed in 0..20u64 {
        let mut rng = Rng(seed + 31337);
        let n = 20 + rng.below(60) as usize;
        let table: Vec<i64> = (0..n * n).map(|_| rng.range(0, 1_000_000)).collect();
        let weight = |a: u32, b: u32| Some(table[a as usize * n + b as usize]);
        let table = &table;
        let edges: Vec<Edge> = (0..n as u32)
            .flat_map(|a| {
                (a + 1..n as u32).map(move |b| Edge {
                    a,
                    b,
                    weight: table[a as usize * n + b as usize],
                })
            })
            .collect();
        for max_cardinality in [false, true] {
            let ours = score(
                &edges,
                &max_weight_matching_dense(n, &weight, max_cardinality),
            );
            assert_eq!(
                ours,
                rustworkx_score(n, &edges, max_cardinality),
                "seed {seed}"
            );
        }
    }
}

#[test]
fn solving_from_any_starting_duals_gives_the_optimum() {
    for seed in 0..2000u64 {
        let mut rng = Rng(seed ^ 0x5EED);
        let n = 1 + rng.below(10) as usize;
        let edges = random_graph(&mut rng, n, 60, &|r| r.range(-5, 30));
        let hint: Vec<i128> = (0..n).map(|_| i128::from(rng.range(-10, 130))).collect();
        for max_cardinality in [false, true] {
            let m = solve_with_hint(n, &edges, max_cardinality, Some(&hint), None);
            verify_optimum(n, &edges, max_cardinality, &m)
                .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
            let got = score(&edges, &m.mates);
            let best = brute_force(n, &edges, max_cardinality);
            assert_eq!(
                got.1, best.1,
                "seed {seed} max_cardinality={max_cardinality}"
            );
        }
    }
}

#[test]
fn lazy_solver_reports_its_work() {
    let weight = |a: u32, b: u32| {
        Some(if (a, b) == (0, 3) {
            20
        } else {
            10 - i64::from(b - a)
        })
    };
    let candidates = vec![
        Edge {
            a: 0,
            b: 1,
            weight: 9,
        },
        Edge {
            a: 2,
            b: 3,
            weight: 9,
        },
    ];
    let result = max_weight_matching_lazy(4, candidates, weight, None);
    assert_eq!(
        result.matching.mates,
        vec![Some(3), Some(2), Some(1), Some(0)]
    );
    assert!(result.stats.solves >= 2);
    assert_eq!(result.stats.final_edges, 2 + result.stats.edges_added);
    assert!(result.stats.pairs_checked >= 4);
}

#[test]
fn lazy_solver_on_score_groups_matches_rustworkx_on_the_complete_graph() {
    for seed in 0..6u64 {
        let mut rng = Rng(seed + 4242);
        let n = 100 + rng.below(200) as usize;
        let groups = 3 + rng.below(8) as u32;
        let group = |v: u32| v * groups / n as u32;
        let noise: Vec<i64> = (0..n * n).map(|_| rng.range(0, 999_999)).collect();
        let weight = |a: u32, b: u32| {
            let gap = i64::from(group(a).abs_diff(group(b)));
            let h = noise[a as usize * n + b as usize];
            (h % 97 != 0).then_some(100_000_000_000 * (100 - gap * gap) + 5_000_000 * (h % 50) + h)
        };
        let bound = |i: usize, j: usize| {
            let gap = i.abs_diff(j) as i64;
            Some(100_000_000_000 * (100 - gap * gap) + 5_000_000 * 49 + 999_999)
        };
        let mut members = vec![Vec::new(); groups as usize];
        for v in 0..n as u32 {
            members[group(v) as usize].push(v);
        }
        // Candidates: a few neighbours in the same group only.
        let mut candidates = Vec::new();
        for a in 0..n as u32 {
            for b in a + 1..(a + 6).min(n as u32) {
                if let Some(w) = weight(a, b) {
                    candidates.push(Edge { a, b, weight: w });
                }
            }
        }
        let buckets = Buckets {
            members,
            upper_bound: &bound,
        };
        let lazy = max_weight_matching_lazy(n, candidates, weight, Some(&buckets));
        let all: Vec<Edge> = (0..n as u32)
            .flat_map(|a| {
                (a + 1..n as u32)
                    .filter_map(move |b| weight(a, b).map(|w| Edge { a, b, weight: w }))
            })
            .collect();
        assert_eq!(
            score(&all, &lazy.matching.mates).1,
            rustworkx_score(n, &all, false).1,
            "seed {seed}"
        );
    }
}

#[test]
fn lazy_solver_checks_vertices_left_out_of_every_bucket() {
    // Vertex 3 is in no bucket and the bound claims nothing between buckets weighs anything: the pair 0-3 (the
    // only edge) must still be found.
    let weight = |a: u32, b: u32| ((a, b) == (0, 3)).then_some(50);
    let bound = |_: usize, _: usize| None;
    let buckets = Buckets {
        members: vec![vec![0, 1], vec![2]],
        upper_bound: &bound,
    };
    let result = max_weight_matching_lazy(4, Vec::new(), weight, Some(&buckets));
    assert_eq!(result.matching.mates, vec![Some(3), None, None, Some(0)]);
}

/// The forest kept across augmentations (trees dissolved one by one, best edges repaired lazily) and the warm
/// start from duals and a matching: certificates must hold on many random graphs larger than brute force reaches.
#[test]
fn forest_and_warm_start_keep_the_certificate_on_random_graphs() {
    for seed in 0..4000u64 {
        let mut rng = Rng(seed ^ 0xF0E57);
        let n = 2 + rng.below(60) as usize;
        let density = 20 + rng.below(80);
        let spread = 1 + rng.below(40) as i64;
        let edges = random_graph(&mut rng, n, density, &|r| r.range(1, spread));
        let hint: Option<Vec<i128>> = (rng.below(2) == 0).then(|| {
            (0..n)
                .map(|_| i128::from(rng.range(-10, 4 * spread)))
                .collect()
        });
        // A previous matching: any set of disjoint edges (kept only where they can be made tight).
        let mut mates: Vec<Option<u32>> = vec![None; n];
        for e in &edges {
            if rng.below(3) == 0 && mates[e.a as usize].is_none() && mates[e.b as usize].is_none() {
                mates[e.a as usize] = Some(e.b);
                mates[e.b as usize] = Some(e.a);
            }
        }
        let mates = (rng.below(2) == 0).then_some(mates);
        for max_cardinality in [false, true] {
            let m = solve_with_hint(
                n,
                &edges,
                max_cardinality,
                hint.as_deref(),
                mates.as_deref(),
            );
            verify_optimum(n, &edges, max_cardinality, &m)
                .unwrap_or_else(|e| panic!("seed {seed} max_cardinality={max_cardinality}: {e}"));
            if n <= 12 {
                let best = brute_force(n, &edges, max_cardinality);
                assert_eq!(score(&edges, &m.mates).1, best.1, "seed {seed}");
            }
        }
    }
}
