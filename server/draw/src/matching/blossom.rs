//! The primal-dual Edmonds blossom algorithm on an edge list with integer (`i128`) weights.
//!
//! Owns the solver core: it maximises the weight of a (not necessarily perfect) matching, keeping LP duals that
//! prove optimality at the end. The formulation is the classic O(n³) one (Edmonds; Galil, "Efficient algorithms
//! for finding maximum matching in graphs", 1986): vertex duals `y`, blossom duals `z`, alternating trees of S-
//! and T-labelled (outer/inner) blossoms, and four kinds of dual adjustment (δ1..δ4). Two departures from the
//! textbook version make it fast on the sparse graphs of a tournament draw:
//!
//! * **Jump start**: vertex duals start at each vertex's own best incident weight, are then lowered greedily to make
//!   many edges tight, and a greedy matching on tight edges is taken. Free vertices therefore start with
//!   *different* duals, so δ1 is the smallest dual of an S-vertex; when it reaches 0 the alternating path from
//!   that vertex to its root is flipped (the root becomes matched, the vertex becomes free with dual 0, which
//!   complementary slackness allows). Free vertices whose dual is 0 are "finished": they are not roots, but a
//!   tight edge to one of them is an augmenting path.
//! * **Lazy duals and heaps**: a dual adjustment only advances a clock; each labelled vertex or blossom
//!   stores its dual at the moment its label was set and moves with the clock at rate ±1. The candidates for δ2
//!   (S to free), δ3 (S to S) and δ4 (T-blossom duals) sit in binary heaps keyed in clock-independent units, with
//!   stale entries dropped or re-keyed when they reach the top; δ1 is a heap of S-vertices. A dual adjustment
//!   therefore costs O(log m) instead of O(n).
//! * **One forest for the whole solve**: the textbook algorithm ends a stage at each augmentation and regrows
//!   every alternating tree from scratch, which costs O(n + m) per augmentation however little changed. Here an
//!   augmentation (or a δ1 path flip) dissolves only the trees it went through (each tree keeps the list of its
//!   blossoms); the other trees, their labels and their lazily moving duals stay as they are, since the matching
//!   changed nowhere near them and the duals stay feasible. The heaps hold *every* candidate edge rather than a
//!   best edge per vertex, so a dissolved tree only has to offer its vertices' edges to the S-vertices around
//!   them. Marks that point into a dissolved tree (a vertex inside a T-blossom reached from it) are checked before
//!   use. Growing many trees at once this way is the idea of Cook & Rohe (1999) and Kolmogorov's Blossom V (2009).
//! * **Warm start**: a caller may pass starting vertex duals and a matching (e.g. the previous solution's after
//!   adding edges): each old pair whose edge can be made tight by lowering its two duals is kept, so only the
//!   vertices the new edges disturbed start free.
//! * **Integer units**: internal weights are `W = 2·w` and the slack of an edge is `y_a + y_b - 2W` (plus twice the
//!   duals of blossoms containing both ends), so all duals stay integers (every labelled vertex has the parity of
//!   the roots, which all start even).
//!
//! Vertices are `0..n`; blossoms get ids `n..2n`. An *endpoint* `p` is `2k` or `2k + 1` for edge `k`: the vertex
//! `endpoint[p]`, and `p ^ 1` is the other end.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

const NONE: u32 = u32::MAX;

/// Labels of top-level blossoms.
const FREE: u8 = 0;
const S: u8 = 1;
const T: u8 = 2;
/// Marker bit used while tracing two tree paths towards their roots.
const BREADCRUMB: u8 = 4;

/// The optimal matching and its dual certificate, in internal units (see [`super::Duals`]).
pub(crate) struct Solved {
    /// Mate of each vertex.
    pub mate: Vec<Option<u32>>,
    /// Vertex duals `y` (internal units: edge condition `y_a + y_b + Σ 2z_B ≥ 4w`).
    pub vertex_dual: Vec<i128>,
    /// Non-trivial blossoms: their vertices and `2z_B`.
    pub blossoms: Vec<(Vec<u32>, i128)>,
}

/// Solver state. Field names follow the usual description of the algorithm.
struct Solver {
    n: usize,
    /// `endpoint[p]`: vertex at endpoint `p`.
    endpoint: Vec<u32>,
    /// Internal weight `W = 2w` of each edge.
    weight: Vec<i128>,
    /// CSR adjacency: for vertex `v`, `adj[adj_start[v]..adj_start[v+1]]` are the *remote* endpoints `p`.
    adj_start: Vec<u32>,
    adj: Vec<u32>,
    /// `mate[v]`: remote endpoint of v's matched edge, or NONE.
    mate: Vec<u32>,
    /// Label of each vertex and top-level blossom (0..2n).
    label: Vec<u8>,
    /// Endpoint through which the label was given (towards the root), or NONE for roots.
    labelend: Vec<u32>,
    /// Top-level blossom containing each vertex.
    inblossom: Vec<u32>,
    /// Parent blossom, or NONE for top level.
    parent: Vec<u32>,
    /// Children of each non-trivial blossom, in cycle order starting at the base child.
    childs: Vec<Vec<u32>>,
    /// `endps[b][i]`: endpoint linking child i to child i+1 (the one on child i's side is `p`, on i+1's `p ^ 1`).
    endps: Vec<Vec<u32>>,
    /// Base vertex of each blossom (NONE for unused blossom ids).
    base: Vec<u32>,
    /// For labelled top-level blossoms (0..2n): the root vertex of their alternating tree.
    root_of: Vec<u32>,
    /// For each root vertex: the blossoms ever labelled in its tree (stale entries are skipped when it dissolves).
    members: Vec<Vec<u32>>,
    /// Trees not yet dissolved: when none is left the matching is optimal, whatever stale heap entries remain.
    trees: usize,
    /// Unused blossom ids.
    unused: Vec<u32>,
    /// `y` for vertices (0..n) and `z` for blossoms (n..2n).
    dual: Vec<i128>,
    /// S-vertices waiting to be scanned.
    queue: Vec<u32>,
    /// Vertices ever labelled (possibly stale), whose lazily moving duals are settled at the end.
    touched_vertices: Vec<u32>,
    /// Vertices and blossoms (0..2n) ever labelled (possibly stale).
    touched_blossoms: Vec<u32>,
    /// Total dual adjustment so far. Duals move lazily: `value(i) = dual[i] + rate[i]·(time − mark[i])`
    /// with rate −1 for S-vertices and T-blossoms, +1 for T-vertices and S-blossoms, 0 otherwise.
    time: i128,
    rate: Vec<i8>,
    mark: Vec<i128>,
    /// δ1 candidates: `(value + time, S-vertex)`; stale entries are dropped or re-keyed when they reach the top.
    heap_s: BinaryHeap<Reverse<(i128, u32)>>,
    /// For unlabelled vertices: the least-slack edge to an S-vertex (NONE if none was found) and its heap key. An
    /// entry whose S end has left its tree since (its key no longer matches) is repaired by looking at the vertex's
    /// edges again: another edge may have become better while that end's dual stood still.
    bestedge: Vec<u32>,
    bestkey: Vec<i128>,
    /// δ2 candidates: `(slack + time, unlabelled vertex, edge)`, the vertices' best edges; stale entries are
    /// dropped or repaired when they reach the top.
    heap_free: BinaryHeap<Reverse<(i128, u32, u32)>>,
    /// δ3 candidates: `(slack + 2·time, edge)` for every edge between two S-blossoms.
    heap_ss: BinaryHeap<Reverse<(i128, u32)>>,
    /// δ4 candidates: `(z + time, T-blossom)`.
    heap_t: BinaryHeap<Reverse<(i128, u32)>>,
    /// Membership flags of `touched_vertices` and `touched_blossoms`.
    in_touched_vertices: Vec<bool>,
    in_touched_blossoms: Vec<bool>,
}

/// Solves maximum-weight matching for internal weights `w` (any sign; edges with `w ≤ 0` are ignored).
///
/// `hint`: optional starting vertex duals (same units as [`Solved::vertex_dual`], e.g. a previous solution's duals
/// with blossom duals folded in); they are made feasible and then lowered greedily like the default start.
/// `mates`: optional starting matching (e.g. the previous solution's): pairs that can be made tight are kept.
pub(crate) fn solve(
    n: usize,
    edges: &[(u32, u32, i128)],
    hint: Option<&[i128]>,
    mates: Option<&[Option<u32>]>,
) -> Solved {
    let mut solver = Solver::new(n, edges);
    match hint {
        Some(y) => solver.start_from_hint(y),
        None => solver.start_from_best_edges(),
    }
    if let Some(mates) = mates {
        solver.keep_previous_pairs(mates);
    }
    solver.lower_duals_and_match_greedily();
    solver.run();
    solver.into_solution()
}

impl Solver {
    fn new(n: usize, edges: &[(u32, u32, i128)]) -> Self {
        let kept: Vec<&(u32, u32, i128)> = edges.iter().filter(|e| e.0 != e.1 && e.2 > 0).collect();
        let m = kept.len();
        let mut endpoint = Vec::with_capacity(2 * m);
        let mut weight = Vec::with_capacity(m);
        let mut degree = vec![0u32; n + 1];
        for &&(a, b, w) in &kept {
            endpoint.push(a);
            endpoint.push(b);
            weight.push(2 * w);
            degree[a as usize] += 1;
            degree[b as usize] += 1;
        }
        let mut adj_start = vec![0u32; n + 1];
        for v in 0..n {
            adj_start[v + 1] = adj_start[v] + degree[v];
        }
        let mut fill = adj_start.clone();
        let mut adj = vec![0u32; 2 * m];
        for k in 0..m {
            let (a, b) = (endpoint[2 * k] as usize, endpoint[2 * k + 1] as usize);
            adj[fill[a] as usize] = (2 * k + 1) as u32;
            fill[a] += 1;
            adj[fill[b] as usize] = (2 * k) as u32;
            fill[b] += 1;
        }
        Solver {
            n,
            endpoint,
            weight,
            adj_start,
            adj,
            mate: vec![NONE; n],
            label: vec![FREE; 2 * n],
            labelend: vec![NONE; 2 * n],
            inblossom: (0..n as u32).collect(),
            parent: vec![NONE; 2 * n],
            childs: vec![Vec::new(); 2 * n],
            endps: vec![Vec::new(); 2 * n],
            base: (0..n as u32).chain(std::iter::repeat_n(NONE, n)).collect(),
            root_of: vec![NONE; 2 * n],
            members: vec![Vec::new(); n],
            trees: 0,
            bestedge: vec![NONE; n],
            bestkey: vec![0; n],
            unused: (n as u32..2 * n as u32).rev().collect(),
            dual: vec![0; 2 * n],
            queue: Vec::new(),
            touched_vertices: Vec::new(),
            touched_blossoms: Vec::new(),
            time: 0,
            rate: vec![0; 2 * n],
            mark: vec![0; 2 * n],
            heap_s: BinaryHeap::new(),
            heap_free: BinaryHeap::new(),
            heap_ss: BinaryHeap::new(),
            heap_t: BinaryHeap::new(),
            in_touched_vertices: vec![false; n],
            in_touched_blossoms: vec![false; 2 * n],
        }
    }

    /// Remote endpoints of the edges at `v`.
    #[inline]
    fn neighbours(&self, v: u32) -> std::ops::Range<usize> {
        self.adj_start[v as usize] as usize..self.adj_start[v as usize + 1] as usize
    }

    /// Current dual of vertex or blossom `i`.
    #[inline]
    fn value(&self, i: usize) -> i128 {
        self.dual[i] + i128::from(self.rate[i]) * (self.time - self.mark[i])
    }

    /// Fixes the current dual of `i` and lets it move at `rate` from now on.
    #[inline]
    fn set_rate(&mut self, i: usize, rate: i8) {
        self.dual[i] = self.value(i);
        self.mark[i] = self.time;
        self.rate[i] = rate;
    }

    /// Makes vertex `v` an S-vertex (dual decreasing) and a δ1 candidate.
    fn make_s_vertex(&mut self, v: u32) {
        self.set_rate(v as usize, -1);
        let key = self.dual[v as usize] + self.time;
        self.heap_s.push(Reverse((key, v)));
    }

    /// Registers edge `k` between two S-blossoms as a δ3 candidate.
    fn push_ss(&mut self, k: u32) {
        let key = self.slack(k) + 2 * self.time;
        self.heap_ss.push(Reverse((key, k)));
    }

    /// Makes edge `k` from an S-vertex the best edge of the unlabelled vertex `w`, a δ2 candidate.
    fn push_free(&mut self, w: u32, k: u32) {
        let key = self.slack(k) + self.time;
        self.bestedge[w as usize] = k;
        self.bestkey[w as usize] = key;
        self.heap_free.push(Reverse((key, w, k)));
    }

    /// Ends lazy dual movement once the forest is gone: every dual gets its current value.
    fn settle_duals(&mut self) {
        for i in 0..self.touched_vertices.len() {
            let v = self.touched_vertices[i] as usize;
            self.set_rate(v, 0);
        }
        for i in 0..self.touched_blossoms.len() {
            let b = self.touched_blossoms[i] as usize;
            self.set_rate(b, 0);
        }
        self.time = 0;
    }

    /// Slack of edge `k` between two different top-level blossoms: `y_a + y_b - 2W`.
    #[inline]
    fn slack(&self, k: u32) -> i128 {
        let k = k as usize;
        self.value(self.endpoint[2 * k] as usize) + self.value(self.endpoint[2 * k + 1] as usize)
            - 2 * self.weight[k]
    }

    // ----------------------------------------------------------------------------------------------------------
    // Step 0: jump start.
    // ----------------------------------------------------------------------------------------------------------

    /// Default start: every vertex dual at its best incident weight (feasible, all even).
    fn start_from_best_edges(&mut self) {
        // Each vertex's best incident weight: y_a + y_b ≥ W_ab + W_ab.
        for k in 0..self.weight.len() {
            for side in 0..2 {
                let v = self.endpoint[2 * k + side] as usize;
                self.dual[v] = self.dual[v].max(self.weight[k]);
            }
        }
    }

    /// Starts from the given duals, rounded up to even values (all roots must share a parity) and raised where an
    /// edge would have negative slack.
    fn start_from_hint(&mut self, hint: &[i128]) {
        for (v, &y) in hint.iter().enumerate().take(self.n) {
            let y = y.max(0);
            self.dual[v] = y + (y & 1);
        }
        for k in 0..self.weight.len() {
            let (a, b) = (
                self.endpoint[2 * k] as usize,
                self.endpoint[2 * k + 1] as usize,
            );
            let deficit = 2 * self.weight[k] - self.dual[a] - self.dual[b];
            if deficit > 0 {
                let v = if self.dual[a] <= self.dual[b] { a } else { b };
                self.dual[v] += deficit;
            }
        }
    }

    /// The least dual `v` may have with every edge feasible, ignoring edge `except` (NONE: none ignored).
    fn least_dual(&self, v: u32, except: u32) -> i128 {
        let mut need = 0i128;
        for i in self.neighbours(v) {
            let p = self.adj[i];
            if p / 2 != except {
                let other = self.endpoint[p as usize] as usize;
                need = need.max(2 * self.weight[(p / 2) as usize] - self.dual[other]);
            }
        }
        need
    }

    /// Keeps each pair of `mates` whose edge can be made tight by lowering the two duals (feasibility kept: each
    /// stays at least what its other edges need). Duals stay even: weights and duals are.
    fn keep_previous_pairs(&mut self, mates: &[Option<u32>]) {
        for v in 0..self.n.min(mates.len()) as u32 {
            let Some(u) = mates[v as usize].filter(|&u| u > v && (u as usize) < self.n) else {
                continue;
            };
            if self.mate[v as usize] != NONE || self.mate[u as usize] != NONE {
                continue;
            }
            let mut best: Option<u32> = None;
            for i in self.neighbours(v) {
                let p = self.adj[i];
                if self.endpoint[p as usize] == u
                    && best.is_none_or(|b| {
                        self.weight[(p / 2) as usize] > self.weight[(b / 2) as usize]
                    })
                {
                    best = Some(p);
                }
            }
            let Some(p) = best else {
                continue;
            };
            let k = p / 2;
            let target = 2 * self.weight[k as usize];
            let (need_v, need_u) = (self.least_dual(v, k), self.least_dual(u, k));
            if need_v + need_u > target {
                continue;
            }
            let yv = need_v.max(target - self.dual[u as usize]);
            self.dual[v as usize] = yv;
            self.dual[u as usize] = target - yv;
            self.mate[v as usize] = p;
            self.mate[u as usize] = p ^ 1;
        }
    }

    /// Lowers the duals of unmatched vertices where feasibility allows, then matches tight edges greedily.
    fn lower_duals_and_match_greedily(&mut self) {
        // Lower each dual as far as feasibility allows (making at least one of its edges tight).
        for v in 0..self.n as u32 {
            if self.mate[v as usize] == NONE {
                self.dual[v as usize] = self.least_dual(v, NONE);
            }
        }
        // Greedy matching on tight edges.
        for v in 0..self.n as u32 {
            if self.mate[v as usize] != NONE || self.dual[v as usize] == 0 {
                continue;
            }
            for i in self.neighbours(v) {
                let p = self.adj[i];
                let w = self.endpoint[p as usize];
                if self.mate[w as usize] == NONE && self.slack(p / 2) == 0 {
                    self.mate[v as usize] = p;
                    self.mate[w as usize] = p ^ 1;
                    break;
                }
            }
        }
    }

    // ----------------------------------------------------------------------------------------------------------
    // Growth: alternating trees from all free vertices with a positive dual, kept across augmentations.
    // ----------------------------------------------------------------------------------------------------------

    /// Labels every free vertex with a positive dual as an S-root, then grows the forest, augmenting and dissolving
    /// trees as they meet, until no tree is left (the matching is optimal); finally settles every dual.
    fn run(&mut self) {
        for v in 0..self.n as u32 {
            if self.mate[v as usize] == NONE && self.dual[v as usize] > 0 {
                self.assign_label(v, S, NONE);
                self.trees += 1;
            }
        }
        while self.trees > 0 {
            self.scan_queue();
            if self.trees == 0 {
                break;
            }
            let Some((delta, kind)) = self.compute_delta() else {
                break;
            };
            self.apply_delta(delta);
            match kind {
                Delta::ZeroVertex(v) => {
                    let root = self.root_of[self.inblossom[v as usize] as usize];
                    self.flip_path_to_root(v, NONE);
                    self.dissolve(root);
                }
                Delta::TightenToFree(k) | Delta::TightenBetweenS(k) => {
                    let a = self.endpoint[2 * k as usize];
                    let (s_end, p) = if self.label[self.inblossom[a as usize] as usize] == S {
                        (a, 2 * k + 1)
                    } else {
                        (self.endpoint[2 * k as usize + 1], 2 * k)
                    };
                    self.consider(s_end, p);
                }
                Delta::ExpandT(b) => self.expand_blossom(b, false),
            }
        }
        self.settle_duals();
    }

    /// Scans queued S-vertices along their edges (vertices no longer S are skipped).
    fn scan_queue(&mut self) {
        while let Some(v) = self.queue.pop() {
            for i in self.neighbours(v) {
                if self.label[self.inblossom[v as usize] as usize] != S {
                    break;
                }
                self.consider(v, self.adj[i]);
            }
        }
    }

    /// Looks at the edge from S-vertex `v` to the remote endpoint `p`: a tight edge grows the tree, closes a
    /// blossom or augments; a loose one becomes a δ2 or δ3 candidate.
    fn consider(&mut self, v: u32, p: u32) {
        let k = p / 2;
        let w = self.endpoint[p as usize];
        let (bv, bw) = (self.inblossom[v as usize], self.inblossom[w as usize]);
        if bv == bw {
            return;
        }
        let kslack = self.slack(k);
        let lw = self.label[bw as usize];
        if kslack > 0 {
            if lw == S {
                self.push_ss(k);
            } else if lw == FREE {
                if !self.best_edge_holds(w) {
                    self.offer_to_trees(w);
                } else if kslack < self.slack(self.bestedge[w as usize]) {
                    self.push_free(w, k);
                }
            }
            return;
        }
        if lw == FREE {
            if self.mate[self.base[bw as usize] as usize] == NONE {
                // A finished free vertex (dual 0): the tree path plus this edge augments.
                let root = self.root_of[bv as usize];
                self.label[bw as usize] = S;
                self.labelend[bw as usize] = NONE;
                self.augment(k);
                self.clear_labels_within(bw);
                self.dissolve(root);
                return;
            }
            self.assign_label(w, T, p ^ 1);
        } else if lw == S {
            match self.scan_blossom(v, w) {
                Some(base) => self.add_blossom(base, k),
                None => {
                    let roots = (self.root_of[bv as usize], self.root_of[bw as usize]);
                    self.augment(k);
                    self.dissolve(roots.0);
                    self.dissolve(roots.1);
                }
            }
        } else if !self.reached_mark_holds(w) {
            // w sits inside a T-blossom and was not (validly) reached yet: remember how.
            self.label[w as usize] = T;
            self.labelend[w as usize] = p ^ 1;
        }
    }

    /// Whether vertex `w` (inside a T-blossom) carries a mark saying it is reached by a tight edge from an
    /// S-vertex that is still S: marks made from a tree that has since dissolved are stale.
    fn reached_mark_holds(&self, w: u32) -> bool {
        let le = self.labelend[w as usize];
        self.label[w as usize] == T
            && le != NONE
            && self.label[self.inblossom[self.endpoint[le as usize] as usize] as usize] == S
            && self.slack(le / 2) == 0
    }

    /// Dissolves the tree rooted at `root` after an augmentation (or a δ1 flip) went through it: its blossoms
    /// become unlabelled with frozen duals, S-blossoms whose dual is 0 are expanded, and every edge from one of its
    /// vertices to an S-vertex of another tree becomes a δ2 candidate.
    fn dissolve(&mut self, root: u32) {
        self.trees -= 1;
        let list = std::mem::take(&mut self.members[root as usize]);
        let mut freed = Vec::new();
        let mut zero = Vec::new();
        for b in list {
            let bu = b as usize;
            if self.parent[bu] != NONE
                || self.base[bu] == NONE
                || self.label[bu] == FREE
                || self.root_of[bu] != root
            {
                continue;
            }
            if self.label[bu] == S && bu >= self.n && self.value(bu) == 0 {
                zero.push(b);
            }
            let start = freed.len();
            self.for_each_leaf(b, &mut |x| freed.push(x));
            for &x in &freed[start..] {
                self.set_rate(x as usize, 0);
            }
            if bu >= self.n {
                self.set_rate(bu, 0);
            }
            self.clear_labels_within(b);
        }
        for b in zero {
            self.expand_blossom(b, true);
        }
        for x in freed {
            self.offer_to_trees(x);
        }
    }

    /// Clears the labels of blossom `b`, its sub-blossoms and its vertices.
    fn clear_labels_within(&mut self, b: u32) {
        self.label[b as usize] = FREE;
        self.labelend[b as usize] = NONE;
        self.root_of[b as usize] = NONE;
        if (b as usize) >= self.n {
            for i in 0..self.childs[b as usize].len() {
                self.clear_labels_within(self.childs[b as usize][i]);
            }
        }
    }

    /// Finds the least-slack edge from the unlabelled vertex `x` to an S-vertex and makes it `x`'s δ2 candidate.
    fn offer_to_trees(&mut self, x: u32) {
        let bx = self.inblossom[x as usize];
        let mut best: Option<(i128, u32)> = None;
        for i in self.neighbours(x) {
            let p = self.adj[i];
            let w = self.endpoint[p as usize];
            let bw = self.inblossom[w as usize];
            if bw != bx && self.label[bw as usize] == S {
                let slack = self.slack(p / 2);
                if best.is_none_or(|(s, _)| slack < s) {
                    best = Some((slack, p / 2));
                }
            }
        }
        match best {
            Some((_, k)) => self.push_free(x, k),
            None => self.bestedge[x as usize] = NONE,
        }
    }

    /// Whether the unlabelled vertex `w`'s best edge is still the least-slack one to an S-vertex: its S end is S
    /// and has been since the edge was chosen (its key still matches).
    fn best_edge_holds(&self, w: u32) -> bool {
        let k = self.bestedge[w as usize];
        k != NONE
            && self.end_label(Self::other_end(&self.endpoint, k, w)) == S
            && self.slack(k) + self.time == self.bestkey[w as usize]
    }

    /// The endpoint of edge `k` that is not at vertex `w`.
    #[inline]
    fn other_end(endpoint: &[u32], k: u32, w: u32) -> u32 {
        if endpoint[2 * k as usize] == w {
            2 * k + 1
        } else {
            2 * k
        }
    }

    /// Gives label `t` to the top-level blossom of `w`, reached through endpoint `p` (NONE for a root).
    fn assign_label(&mut self, w: u32, t: u8, p: u32) {
        let mut w = w;
        let mut t = t;
        let mut p = p;
        loop {
            let b = self.inblossom[w as usize] as usize;
            self.label[w as usize] = t;
            self.label[b] = t;
            self.labelend[w as usize] = p;
            self.labelend[b] = p;
            let root = if p == NONE {
                w
            } else {
                self.root_of[self.inblossom[self.endpoint[p as usize] as usize] as usize]
            };
            self.join_tree(b as u32, root);
            self.touch_blossom(b as u32);
            let start = self.queue.len();
            let mut leaves = std::mem::take(&mut self.queue);
            self.for_each_leaf(b as u32, &mut |v| leaves.push(v));
            self.queue = leaves;
            for i in start..self.queue.len() {
                let v = self.queue[i];
                if !self.in_touched_vertices[v as usize] {
                    self.in_touched_vertices[v as usize] = true;
                    self.touched_vertices.push(v);
                }
                if t == S {
                    self.make_s_vertex(v);
                } else {
                    self.set_rate(v as usize, 1);
                }
            }
            if b >= self.n {
                if t == S {
                    self.set_rate(b, 1);
                } else {
                    self.set_rate(b, -1);
                    self.heap_t
                        .push(Reverse((self.dual[b] + self.time, b as u32)));
                }
            }
            if t == S {
                return;
            }
            // T-vertices are not scanned.
            self.queue.truncate(start);
            // T: its base is matched; the mate's blossom becomes S.
            let base = self.base[b] as usize;
            let mp = self.mate[base];
            debug_assert!(mp != NONE, "a T-blossom's base is matched");
            w = self.endpoint[mp as usize];
            t = S;
            p = mp ^ 1;
        }
    }

    /// Records that top-level blossom (or vertex) `b` belongs to the tree rooted at `root`.
    fn join_tree(&mut self, b: u32, root: u32) {
        self.root_of[b as usize] = root;
        self.members[root as usize].push(b);
    }

    /// Records that blossom (or vertex) `b` got a label.
    fn touch_blossom(&mut self, b: u32) {
        if !self.in_touched_blossoms[b as usize] {
            self.in_touched_blossoms[b as usize] = true;
            self.touched_blossoms.push(b);
        }
    }

    /// Calls `f` on every vertex inside blossom `b`.
    fn for_each_leaf(&self, b: u32, f: &mut dyn FnMut(u32)) {
        if (b as usize) < self.n {
            f(b);
            return;
        }
        for &c in &self.childs[b as usize] {
            self.for_each_leaf(c, f);
        }
    }

    /// Collects the vertices inside blossom `b`.
    fn leaves(&self, b: u32) -> Vec<u32> {
        let mut out = Vec::new();
        self.for_each_leaf(b, &mut |v| out.push(v));
        out
    }

    /// Traces from S-vertices `v` and `w` towards their roots. Returns the base of the new blossom if both paths
    /// meet, or None if they reach different roots (an augmenting path).
    fn scan_blossom(&mut self, v: u32, w: u32) -> Option<u32> {
        let mut path = Vec::new();
        let mut found = None;
        let (mut v, mut w) = (v, w);
        while v != NONE {
            let b = self.inblossom[v as usize];
            if self.label[b as usize] & BREADCRUMB != 0 {
                found = Some(self.base[b as usize]);
                break;
            }
            path.push(b);
            self.label[b as usize] = S | BREADCRUMB;
            if self.labelend[b as usize] == NONE {
                v = NONE;
            } else {
                let t = self.endpoint[self.labelend[b as usize] as usize];
                let bt = self.inblossom[t as usize];
                v = self.endpoint[self.labelend[bt as usize] as usize];
            }
            if w != NONE {
                std::mem::swap(&mut v, &mut w);
            }
        }
        for b in path {
            self.label[b as usize] = S;
        }
        found
    }

    // ----------------------------------------------------------------------------------------------------------
    // Blossoms: shrink, expand, re-base.
    // ----------------------------------------------------------------------------------------------------------

    /// Shrinks the odd cycle closed by S-S edge `k` into a new S-blossom with the given base.
    fn add_blossom(&mut self, base: u32, k: u32) {
        let (mut v, mut w) = (
            self.endpoint[2 * k as usize],
            self.endpoint[2 * k as usize + 1],
        );
        let bb = self.inblossom[base as usize];
        let mut bv = self.inblossom[v as usize];
        let mut bw = self.inblossom[w as usize];
        let b = self
            .unused
            .pop()
            .expect("at most n/2 non-trivial blossoms exist at once");
        let bu = b as usize;
        self.base[bu] = base;
        self.parent[bu] = NONE;
        self.parent[bb as usize] = b;
        let mut path = Vec::new();
        let mut endps = Vec::new();
        while bv != bb {
            self.parent[bv as usize] = b;
            path.push(bv);
            endps.push(self.labelend[bv as usize]);
            v = self.endpoint[self.labelend[bv as usize] as usize];
            bv = self.inblossom[v as usize];
        }
        path.push(bb);
        path.reverse();
        endps.reverse();
        endps.push(2 * k);
        while bw != bb {
            self.parent[bw as usize] = b;
            path.push(bw);
            endps.push(self.labelend[bw as usize] ^ 1);
            w = self.endpoint[self.labelend[bw as usize] as usize];
            bw = self.inblossom[w as usize];
        }
        self.label[bu] = S;
        self.touch_blossom(b);
        self.join_tree(b, self.root_of[bb as usize]);
        self.labelend[bu] = self.labelend[bb as usize];
        self.dual[bu] = 0;
        self.rate[bu] = 0;
        self.set_rate(bu, 1);
        for &c in &path {
            if c as usize >= self.n {
                // No longer top level: its dual stops moving.
                self.set_rate(c as usize, 0);
            }
        }
        let inner = self.leaves_of_children(&path);
        for &x in &inner {
            if self.label[self.inblossom[x as usize] as usize] == T {
                // Former T-vertices become S and must be scanned.
                self.queue.push(x);
                self.make_s_vertex(x);
            }
            self.inblossom[x as usize] = b;
        }
        self.childs[bu] = path;
        self.endps[bu] = endps;
    }

    fn leaves_of_children(&self, children: &[u32]) -> Vec<u32> {
        let mut out = Vec::new();
        for &c in children {
            self.for_each_leaf(c, &mut |x| out.push(x));
        }
        out
    }

    /// Expands blossom `b` into its children. While its tree grows (a T-blossom whose dual reached 0) the children
    /// on the even path from the entry child to the base are relabelled; when its tree dissolves (`dissolving`),
    /// child blossoms with zero dual are expanded too.
    fn expand_blossom(&mut self, b: u32, dissolving: bool) {
        let bu = b as usize;
        let children = std::mem::take(&mut self.childs[bu]);
        for &s in &children {
            self.parent[s as usize] = NONE;
            if (s as usize) < self.n {
                self.inblossom[s as usize] = s;
            } else if dissolving && self.dual[s as usize] == 0 {
                self.expand_blossom(s, dissolving);
            } else {
                for x in self.leaves(s) {
                    self.inblossom[x as usize] = s;
                }
            }
        }
        self.childs[bu] = children;
        if !dissolving && self.label[bu] == T {
            // Freeze every inner dual; relabelling sets the rates of the children that stay in the tree.
            for x in self.leaves(b) {
                self.set_rate(x as usize, 0);
            }
            self.relabel_expanded_t_blossom(b);
        }
        self.label[bu] = FREE;
        self.labelend[bu] = NONE;
        self.childs[bu].clear();
        self.endps[bu].clear();
        self.base[bu] = NONE;
        self.root_of[bu] = NONE;
        self.dual[bu] = 0;
        self.rate[bu] = 0;
        self.unused.push(b);
    }

    /// Child index arithmetic on the cycle of blossom `b` (indices may run negative).
    #[inline]
    fn child_at(&self, b: usize, j: isize) -> u32 {
        let len = self.childs[b].len() as isize;
        self.childs[b][j.rem_euclid(len) as usize]
    }

    #[inline]
    fn endp_at(&self, b: usize, j: isize) -> u32 {
        let len = self.endps[b].len() as isize;
        self.endps[b][j.rem_euclid(len) as usize]
    }

    /// After expanding a T-blossom of a growing tree: the children on the even-length path from the entry child to the
    /// base become alternately T and S; the other children become unlabelled unless reached through a tight edge.
    fn relabel_expanded_t_blossom(&mut self, b: u32) {
        let bu = b as usize;
        let entry = self.inblossom[self.endpoint[(self.labelend[bu] ^ 1) as usize] as usize];
        let len = self.childs[bu].len() as isize;
        let mut j = self.childs[bu]
            .iter()
            .position(|&c| c == entry)
            .expect("entry child is a child") as isize;
        let (jstep, trick): (isize, u32) = if j & 1 == 1 {
            j -= len;
            (1, 0)
        } else {
            (-1, 1)
        };
        let mut p = self.labelend[bu];
        while j != 0 {
            // Relabel the T-child; its mate's S-child follows from assign_label.
            let t_end = self.endpoint[(p ^ 1) as usize];
            self.label[t_end as usize] = FREE;
            let q = self.endp_at(bu, j - trick as isize) ^ trick ^ 1;
            self.label[self.endpoint[q as usize] as usize] = FREE;
            self.assign_label(t_end, T, p);
            j += jstep;
            p = self.endp_at(bu, j - trick as isize) ^ trick;
            j += jstep;
        }
        // The base child becomes T without relabelling its mate (already S).
        let bv = self.child_at(bu, j);
        let t_end = self.endpoint[(p ^ 1) as usize];
        self.label[t_end as usize] = T;
        self.label[bv as usize] = T;
        self.touch_blossom(bv);
        self.join_tree(bv, self.root_of[bu]);
        for x in self.leaves(bv) {
            self.set_rate(x as usize, 1);
        }
        if bv as usize >= self.n {
            self.set_rate(bv as usize, -1);
            self.heap_t
                .push(Reverse((self.dual[bv as usize] + self.time, bv)));
        }
        self.labelend[t_end as usize] = p;
        self.labelend[bv as usize] = p;
        j += jstep;
        while self.child_at(bu, j) != entry {
            let bv = self.child_at(bu, j);
            j += jstep;
            if self.label[bv as usize] == S {
                continue;
            }
            let leaves = self.leaves(bv);
            let reached = leaves.iter().copied().find(|&x| self.reached_mark_holds(x));
            if reached.is_none() {
                // Stays unlabelled: stale marks go, and its vertices' edges to S-vertices become δ2 candidates.
                for x in leaves {
                    self.label[x as usize] = FREE;
                    self.labelend[x as usize] = NONE;
                    self.offer_to_trees(x);
                }
            }
            if let Some(x) = reached {
                self.label[x as usize] = FREE;
                let base_mate = self.mate[self.base[bv as usize] as usize];
                self.label[self.endpoint[base_mate as usize] as usize] = FREE;
                let le = self.labelend[x as usize];
                self.assign_label(x, T, le);
            }
        }
    }

    /// Rotates blossom `b`'s internal matching so that vertex `v` becomes its base.
    fn augment_blossom(&mut self, b: u32, v: u32) {
        let bu = b as usize;
        let mut t = v;
        while self.parent[t as usize] != b {
            t = self.parent[t as usize];
        }
        if t as usize >= self.n {
            self.augment_blossom(t, v);
        }
        let len = self.childs[bu].len() as isize;
        let i = self.childs[bu]
            .iter()
            .position(|&c| c == t)
            .expect("t is a child of b");
        let mut j = i as isize;
        let (jstep, trick): (isize, u32) = if j & 1 == 1 {
            j -= len;
            (1, 0)
        } else {
            (-1, 1)
        };
        while j != 0 {
            j += jstep;
            let t1 = self.child_at(bu, j);
            let p = self.endp_at(bu, j - trick as isize) ^ trick;
            if t1 as usize >= self.n {
                self.augment_blossom(t1, self.endpoint[p as usize]);
            }
            j += jstep;
            let t2 = self.child_at(bu, j);
            if t2 as usize >= self.n {
                self.augment_blossom(t2, self.endpoint[(p ^ 1) as usize]);
            }
            self.mate[self.endpoint[p as usize] as usize] = p ^ 1;
            self.mate[self.endpoint[(p ^ 1) as usize] as usize] = p;
        }
        self.childs[bu].rotate_left(i);
        self.endps[bu].rotate_left(i);
        self.base[bu] = self.base[self.childs[bu][0] as usize];
    }

    // ----------------------------------------------------------------------------------------------------------
    // Augmentation.
    // ----------------------------------------------------------------------------------------------------------

    /// Augments along the path through S-S edge `k` joining two different trees.
    fn augment(&mut self, k: u32) {
        let (v, w) = (
            self.endpoint[2 * k as usize],
            self.endpoint[2 * k as usize + 1],
        );
        self.flip_path_to_root(v, 2 * k + 1);
        self.flip_path_to_root(w, 2 * k);
    }

    /// Flips the alternating path from S-vertex `s` up to its tree's root; `s` gets mate endpoint `p` (NONE:
    /// `s` becomes free, used when its dual reached 0).
    fn flip_path_to_root(&mut self, s: u32, p: u32) {
        let (mut s, mut p) = (s, p);
        loop {
            let bs = self.inblossom[s as usize];
            debug_assert_eq!(self.label[bs as usize], S);
            if bs as usize >= self.n {
                self.augment_blossom(bs, s);
            }
            self.mate[s as usize] = p;
            let le = self.labelend[bs as usize];
            if le == NONE {
                return;
            }
            let t = self.endpoint[le as usize];
            let bt = self.inblossom[t as usize];
            debug_assert_eq!(self.label[bt as usize], T);
            let lt = self.labelend[bt as usize];
            s = self.endpoint[lt as usize];
            let j = self.endpoint[(lt ^ 1) as usize];
            if bt as usize >= self.n {
                self.augment_blossom(bt, j);
            }
            self.mate[j as usize] = lt;
            p = lt ^ 1;
        }
    }

    // ----------------------------------------------------------------------------------------------------------
    // Dual adjustment.
    // ----------------------------------------------------------------------------------------------------------

    /// Finds the largest dual change keeping feasibility, and which event limits it.
    fn compute_delta(&mut self) -> Option<(i128, Delta)> {
        let mut best: Option<(i128, Delta)> = None;
        let mut offer = |d: i128, kind: Delta| {
            if best.as_ref().is_none_or(|(bd, _)| d < *bd) {
                best = Some((d, kind));
            }
        };
        // δ1: an S-vertex's dual reaches 0.
        if let Some((key, v)) = self.top_s_vertex() {
            offer(key - self.time, Delta::ZeroVertex(v));
        }
        // δ2: an edge from an S-vertex to a free vertex becomes tight.
        if let Some(k) = self.top_free_edge() {
            offer(self.slack(k), Delta::TightenToFree(k));
        }
        // δ3: an edge between two S-blossoms becomes tight (both ends move, so half the slack).
        if let Some(k) = self.top_ss_edge() {
            let s = self.slack(k);
            debug_assert!(s % 2 == 0, "S-S slacks are even");
            offer(s / 2, Delta::TightenBetweenS(k));
        }
        // δ4: a T-blossom's dual reaches 0.
        if let Some(b) = self.top_t_blossom() {
            offer(self.value(b as usize), Delta::ExpandT(b));
        }
        best
    }

    /// The S-vertex with the smallest dual (with its key), dropping or re-keying stale heap entries.
    fn top_s_vertex(&mut self) -> Option<(i128, u32)> {
        while let Some(&Reverse((key, v))) = self.heap_s.peek() {
            if self.label[self.inblossom[v as usize] as usize] != S {
                self.heap_s.pop();
                continue;
            }
            let actual = self.value(v as usize) + self.time;
            if actual != key {
                self.heap_s.pop();
                self.heap_s.push(Reverse((actual, v)));
                continue;
            }
            return Some((key, v));
        }
        None
    }

    /// Top-level label of the end of edge `k` at endpoint `p`.
    #[inline]
    fn end_label(&self, p: u32) -> u8 {
        self.label[self.inblossom[self.endpoint[p as usize] as usize] as usize]
    }

    /// The least-slack edge from an S-vertex to a free vertex, dropping or re-keying stale heap entries.
    fn top_free_edge(&mut self) -> Option<u32> {
        while let Some(&Reverse((key, w, k))) = self.heap_free.peek() {
            if self.label[self.inblossom[w as usize] as usize] != FREE
                || self.bestedge[w as usize] != k
            {
                self.heap_free.pop();
                continue;
            }
            if key != self.bestkey[w as usize] {
                // An older entry of the same edge.
                self.heap_free.pop();
                continue;
            }
            if !self.best_edge_holds(w) {
                // Its S end left its tree (and may have come back): another edge may be best now.
                self.heap_free.pop();
                self.offer_to_trees(w);
                continue;
            }
            return Some(k);
        }
        None
    }

    /// The least-slack edge between two S-blossoms, dropping or re-keying stale heap entries.
    fn top_ss_edge(&mut self) -> Option<u32> {
        while let Some(&Reverse((key, k))) = self.heap_ss.peek() {
            let (a, b) = (
                self.endpoint[2 * k as usize] as usize,
                self.endpoint[2 * k as usize + 1] as usize,
            );
            let valid = self.inblossom[a] != self.inblossom[b]
                && self.end_label(2 * k) == S
                && self.end_label(2 * k + 1) == S;
            if !valid {
                self.heap_ss.pop();
                continue;
            }
            let actual = self.slack(k) + 2 * self.time;
            if actual != key {
                self.heap_ss.pop();
                self.heap_ss.push(Reverse((actual, k)));
                continue;
            }
            return Some(k);
        }
        None
    }

    /// The T-blossom with the smallest dual, dropping or re-keying stale heap entries.
    fn top_t_blossom(&mut self) -> Option<u32> {
        while let Some(&Reverse((key, b))) = self.heap_t.peek() {
            let bu = b as usize;
            let valid = self.parent[bu] == NONE && self.base[bu] != NONE && self.label[bu] == T;
            if !valid {
                self.heap_t.pop();
                continue;
            }
            let actual = self.value(bu) + self.time;
            if actual != key {
                self.heap_t.pop();
                self.heap_t.push(Reverse((actual, b)));
                continue;
            }
            return Some(b);
        }
        None
    }

    /// Moves the duals of all labelled vertices and top-level blossoms by `delta` (lazily: see `value`).
    fn apply_delta(&mut self, delta: i128) {
        self.time += delta;
    }

    fn into_solution(self) -> Solved {
        let mate = self
            .mate
            .iter()
            .map(|&p| {
                if p == NONE {
                    None
                } else {
                    Some(self.endpoint[p as usize])
                }
            })
            .collect();
        let mut blossoms = Vec::new();
        for b in self.n..2 * self.n {
            if self.base[b] != NONE {
                blossoms.push((self.leaves(b as u32), 2 * self.dual[b]));
            }
        }
        Solved {
            mate,
            vertex_dual: self.dual[..self.n].to_vec(),
            blossoms,
        }
    }
}

/// What limits a dual adjustment.
#[derive(Clone, Copy, Debug)]
enum Delta {
    /// δ1: this S-vertex's dual reaches 0.
    ZeroVertex(u32),
    /// δ2: this edge from an S-vertex to a free vertex becomes tight.
    TightenToFree(u32),
    /// δ3: this edge between two S-blossoms becomes tight.
    TightenBetweenS(u32),
    /// δ4: this T-blossom's dual reaches 0.
    ExpandT(u32),
}
