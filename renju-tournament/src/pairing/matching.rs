//! Maximum-weight matching on general graphs, the core under the Swiss pairing systems.
//!
//! A Swiss round is a matching: the players are vertices, every pair allowed to meet is
//! an edge, and a pairing system scores each edge by its criteria. The pairing is the
//! matching whose total weight is largest. [`max_weight_matching`] finds it with
//! Edmonds' blossom algorithm in its primal-dual form (Galil, "Efficient algorithms for
//! finding maximum matching in graphs", ACM Computing Surveys, 1986): O(n³) time for n
//! vertices, whatever the number of edges, with integer dual variables throughout.
//!
//! The result is exact: no other matching of the graph weighs more (and, asked for the
//! largest number of pairs, no other matching with as many pairs weighs more). Among
//! several optimal matchings the one returned depends only on the input, never on a
//! random draw, so a pairing program that needs a particular one among equals must
//! say so in the weights.
//!
//! # Weights and their bound
//!
//! Weights are [`Weight`]s, unsigned 128-bit integers, at most [`MAX_WEIGHT`]
//! (2¹²⁵ − 1). The dual variables of the algorithm stay between 0 and twice the largest
//! weight, and a slack adds two of them: four times the largest weight fits in 128 bits
//! with room to spare, so no sum or difference overflows. With `max_cardinality` the
//! weights are raised internally by more than any matching can weigh (so that one
//! more pair always wins), which lowers the bound to [`weight_limit`]`(vertices, true)`,
//! about [`MAX_WEIGHT`] divided by one more than the number of pairs.
//!
//! # Encoding lexicographic criteria
//!
//! A pairing system compares pairings criterion by criterion: the first decides, the
//! second only breaks its ties, and so on. One weight holds them all when each
//! criterion has a bit field, the first criterion in the highest bits, and each field
//! is wide enough for its criterion **summed over a whole matching** (at most n/2
//! edges): then the lower fields, added up, never carry into a higher one. A criterion
//! worth up to `v` per pair over `n` players needs the bits of `v · ⌊n/2⌋`. Criteria to
//! minimise are written as a maximum minus the value.
//!
//! Four players with scores 1, 1, 0, 0 and ratings 2000, 1500, 1900, 1400: pair equal
//! scores first, then the closest ratings (worth 1000 minus the gap, at most 1000 a pair,
//! at most 2000 over two pairs, which fits in 11 bits):
//!
//! ```
//! use renju_tournament::pairing::matching::{max_weight_matching, Weight};
//!
//! const RATING_BITS: u32 = 11; // 2 pairs × 1000 < 2¹¹
//! let scores = [1, 1, 0, 0];
//! let ratings: [u32; 4] = [2000, 1500, 1900, 1400];
//! let weight = |a: usize, b: usize| -> Weight {
//!     let same_score = Weight::from(scores[a] == scores[b]);
//!     let closeness = 1000 - ratings[a].abs_diff(ratings[b]).min(1000);
//!     (same_score << RATING_BITS) | Weight::from(closeness)
//! };
//! let mut edges = Vec::new();
//! for a in 0..4 {
//!     for b in a + 1..4 {
//!         edges.push((a, b, weight(a, b)));
//!     }
//! }
//! let mates = max_weight_matching(4, &edges, false).unwrap();
//! // Equal scores first, although 0–2 and 1–3 are 100 rating points apart each.
//! assert_eq!(mates, [Some(1), Some(0), Some(3), Some(2)]);
//! ```

use std::collections::HashMap;

use super::wide::WeightValue;

/// The weight of an edge: larger is better.
pub type Weight = u128;

/// The largest weight [`max_weight_matching`] takes without `max_cardinality`:
/// 2¹²⁵ − 1, which leaves the dual variables (up to four times a weight in a sum) room
/// in 128 bits.
///
/// ```
/// use renju_tournament::pairing::matching::MAX_WEIGHT;
///
/// assert_eq!(MAX_WEIGHT, (1u128 << 125) - 1);
/// ```
pub const MAX_WEIGHT: Weight = u128::MAX >> 3;

/// The most vertices [`max_weight_matching`] takes: 20,000, far past any tournament's
/// field. The time grows as the cube of the vertices: a tenth of a second or two for
/// 500 with every pair an edge, about ten times that for 1,000.
pub const MAX_VERTICES: usize = 20_000;

/// Why [`max_weight_matching`] refused a graph.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum MatchingError {
    /// More vertices than [`MAX_VERTICES`].
    #[error("{vertices} vertices: a matching takes at most {MAX_VERTICES}")]
    TooManyVertices {
        /// The number of vertices asked for.
        vertices: usize,
    },
    /// An edge names a vertex past the last one.
    #[error("edge {edge} names vertex {vertex}, but the graph has {vertices} vertices")]
    VertexOutOfRange {
        /// The edge's index in the list.
        edge: usize,
        /// The vertex named.
        vertex: usize,
        /// The number of vertices.
        vertices: usize,
    },
    /// An edge joins a vertex to itself.
    #[error("edge {edge} joins vertex {vertex} to itself")]
    SelfLoop {
        /// The edge's index in the list.
        edge: usize,
        /// The vertex.
        vertex: usize,
    },
    /// An edge weighs more than [`weight_limit`] allows.
    #[error("edge {edge} weighs {weight}, past the limit of {limit}")]
    WeightTooLarge {
        /// The edge's index in the list.
        edge: usize,
        /// Its weight.
        weight: Weight,
        /// The largest weight allowed for this number of vertices and objective.
        limit: Weight,
    },
    /// Two edges join the same two vertices.
    #[error("edges {first} and {second} both join vertices {a} and {b}")]
    DuplicateEdge {
        /// The first edge's index in the list.
        first: usize,
        /// The second edge's index.
        second: usize,
        /// The smaller vertex.
        a: usize,
        /// The larger vertex.
        b: usize,
    },
}

/// The largest edge weight [`max_weight_matching`] takes for a graph of `vertices`
/// vertices: [`MAX_WEIGHT`], or with `max_cardinality` (MAX_WEIGHT − 1) / (⌊vertices/2⌋ + 1),
/// so that the weights raised by more than a whole matching's weight still fit.
///
/// ```
/// use renju_tournament::pairing::matching::{weight_limit, MAX_WEIGHT};
///
/// assert_eq!(weight_limit(500, false), MAX_WEIGHT);
/// // 250 pairs: about 8 bits fewer for each weight.
/// assert!(weight_limit(500, true) > MAX_WEIGHT >> 8);
/// assert!(weight_limit(500, true) < MAX_WEIGHT >> 7);
/// ```
pub fn weight_limit(vertices: usize, max_cardinality: bool) -> Weight {
    if !max_cardinality {
        return MAX_WEIGHT;
    }
    let pairs = Weight::try_from(vertices / 2).unwrap_or(Weight::MAX);
    (MAX_WEIGHT - 1)
        .checked_div(pairs.saturating_add(1))
        .unwrap_or(0)
}

/// A maximum-weight matching of the graph with `vertices` vertices (numbered from 0) and
/// the given edges `(a, b, weight)`: for each vertex, its mate, or `None` when it is
/// left unmatched.
///
/// With `max_cardinality` the matching has as many pairs as any matching of the graph
/// and, among those, the largest weight; without, it has the largest weight, and an
/// edge of weight 0 may or may not be used. Edges are undirected; each pair of vertices
/// takes at most one edge.
///
/// Fails when the graph has more than [`MAX_VERTICES`] vertices, or an edge names a
/// vertex past the last, joins a vertex to itself, repeats another edge or weighs more
/// than [`weight_limit`]`(vertices, max_cardinality)`.
///
/// ```
/// use renju_tournament::pairing::matching::max_weight_matching;
///
/// // A path a–b–c–d: the heavy middle edge alone, or both ends.
/// let edges = [(0, 1, 5), (1, 2, 8), (2, 3, 5)];
/// assert_eq!(
///     max_weight_matching(4, &edges, false).unwrap(),
///     [Some(1), Some(0), Some(3), Some(2)],
/// );
/// let edges = [(0, 1, 3), (1, 2, 8), (2, 3, 3)];
/// assert_eq!(max_weight_matching(4, &edges, false).unwrap(), [None, Some(2), Some(1), None]);
/// // Two pairs whatever they weigh.
/// assert_eq!(
///     max_weight_matching(4, &edges, true).unwrap(),
///     [Some(1), Some(0), Some(3), Some(2)],
/// );
/// ```
pub fn max_weight_matching(
    vertices: usize,
    edges: &[(usize, usize, Weight)],
    max_cardinality: bool,
) -> Result<Vec<Option<usize>>, MatchingError> {
    check_graph(vertices, edges, max_cardinality)?;
    let lift = if max_cardinality {
        cardinality_lift(vertices, edges)
    } else {
        0
    };
    Ok(Solver::new(vertices, edges, lift).solve())
}

/// A maximum-weight matching of a complete graph kept up to date as its weights change:
/// after [`IncrementalMatching::set`] changes the edges of a few vertices,
/// [`IncrementalMatching::solve`] repairs the optimum from the one before instead of
/// starting again (each changed vertex is unmatched, its dual raised until its edges
/// are feasible, and the stages run from there), in about n² steps per changed vertex
/// where a fresh matching takes n³. Weights of zero are no edge. The caller keeps every
/// weight below a sixteenth of its type's range.
pub(crate) struct IncrementalMatching<W> {
    solver: Solver<W>,
    /// Weight changes not yet solved for: (the vertex whose edges change, the other end,
    /// the weight).
    pending: Vec<(usize, usize, W)>,
    /// Starts again when more than one vertex in this many changed (0: always repairs).
    restart_divisor: usize,
}

// Vertex counts stay below MAX_VERTICES: their squares and doubles fit a usize.
#[allow(clippy::arithmetic_side_effects)]
impl<W: WeightValue> IncrementalMatching<W> {
    /// The complete graph of `n` vertices with every weight zero (and the empty matching).
    pub(crate) fn new(n: usize) -> IncrementalMatching<W> {
        let mut edges = Vec::with_capacity(n * n.saturating_sub(1) / 2);
        for a in 1..n {
            for b in 0..a {
                edges.push((a, b, W::ZERO));
            }
        }
        IncrementalMatching {
            solver: Solver::new(n, &edges, W::ZERO),
            pending: Vec::new(),
            restart_divisor: 4,
        }
    }

    /// The same, repairing whatever changed, never starting again (for the tests of
    /// the repair).
    #[cfg(test)]
    pub(crate) fn always_repairing(n: usize) -> IncrementalMatching<W> {
        IncrementalMatching {
            restart_divisor: 0,
            ..IncrementalMatching::new(n)
        }
    }

    /// Sets the weight of edge `v`–`x`, `v` being the vertex whose edges change.
    pub(crate) fn set(&mut self, v: usize, x: usize, weight: W) {
        self.pending.push((v, x, weight));
    }

    /// The weight of edge `v`–`x` as last set.
    pub(crate) fn weight(&self, v: usize, x: usize) -> W {
        let set_last = self
            .pending
            .iter()
            .rev()
            .find(|&&(a, b, _)| (a, b) == (v, x) || (a, b) == (x, v));
        match set_last {
            Some(&(_, _, w)) => w,
            None => {
                let (hi, lo) = (v.max(x), v.min(x));
                let k = hi * (hi - 1) / 2 + lo;
                self.solver.edge[k].double_weight.halve()
            }
        }
    }

    /// The mate of vertex `v` in the last solution.
    pub(crate) fn mate(&self, v: usize) -> Option<usize> {
        self.solver.mate[v].map(|p| self.solver.endpoint[p])
    }

    /// Brings the matching to an optimum of the current weights.
    pub(crate) fn solve(&mut self) {
        let pending = std::mem::take(&mut self.pending);
        let mut changed: Vec<usize> = pending.iter().map(|&(v, _, _)| v).collect();
        changed.sort_unstable();
        changed.dedup();
        // Each changed vertex costs a repair of about n² steps, a fresh matching about
        // n³ (less for the fixed pairs, matched before it starts): past a quarter of the
        // vertices, starting again was quicker on Swiss rounds of 500 players (round 9
        // 10% quicker than past an eighth, round 2 5% slower; past a half, 50% slower).
        if self.restart_divisor * changed.len() > self.solver.n {
            // Most of the graph changed: starting again is quicker.
            for &(v, x, w) in &pending {
                self.solver.set_weight(v, x, w);
            }
            self.restart();
            return;
        }
        let mut rest = pending.as_slice();
        while let Some(&(v, _, _)) = rest.first() {
            let group = rest.iter().take_while(|&&(u, _, _)| u == v).count();
            let mut unsettled = false;
            for &(_, x, w) in &rest[..group] {
                unsettled |= self.solver.set_weight(v, x, w);
            }
            rest = &rest[group..];
            if !unsettled {
                continue;
            }
            self.solver.prepare(v);
            self.solver.run();
        }
    }

    /// Solves again from nothing, with the current weights.
    fn restart(&mut self) {
        self.solver.start_afresh();
        self.solver.match_isolated_pairs();
        self.solver.run();
    }
}

/// Refuses what [`max_weight_matching`] does not take.
fn check_graph(
    vertices: usize,
    edges: &[(usize, usize, Weight)],
    max_cardinality: bool,
) -> Result<(), MatchingError> {
    if vertices > MAX_VERTICES {
        return Err(MatchingError::TooManyVertices { vertices });
    }
    let limit = weight_limit(vertices, max_cardinality);
    let mut seen = HashMap::with_capacity(edges.len());
    for (edge, &(a, b, weight)) in edges.iter().enumerate() {
        if let Some(vertex) = [a, b].into_iter().find(|&v| v >= vertices) {
            return Err(MatchingError::VertexOutOfRange {
                edge,
                vertex,
                vertices,
            });
        }
        if a == b {
            return Err(MatchingError::SelfLoop { edge, vertex: a });
        }
        if weight > limit {
            return Err(MatchingError::WeightTooLarge {
                edge,
                weight,
                limit,
            });
        }
        let (a, b) = (a.min(b), a.max(b));
        if let Some(first) = seen.insert((a, b), edge) {
            return Err(MatchingError::DuplicateEdge {
                first,
                second: edge,
                a,
                b,
            });
        }
    }
    Ok(())
}

/// What every edge gains with `max_cardinality`: one more than the heaviest matching can
/// weigh (⌊vertices/2⌋ times the heaviest edge), so that a matching with more pairs always
/// weighs more. Below [`MAX_WEIGHT`] with the edge once the weights passed
/// [`weight_limit`].
fn cardinality_lift(vertices: usize, edges: &[(usize, usize, Weight)]) -> Weight {
    let heaviest = edges.iter().map(|&(_, _, w)| w).max().unwrap_or(0);
    let pairs = Weight::try_from(vertices / 2).unwrap_or(Weight::MAX);
    heaviest.saturating_mul(pairs).saturating_add(1)
}

/// An edge's ends and doubled weight, for its slack.
#[derive(Debug, Clone, Copy)]
struct Edge<W> {
    /// Its two vertices.
    ends: [usize; 2],
    /// Twice its weight.
    double_weight: W,
}

/// An edge as seen from one of its vertices (its weight is kept apart, in
/// `Solver::incident_weight`, and whether it is live in `Solver::live_bits`).
#[derive(Debug, Clone, Copy)]
struct Incidence {
    /// The endpoint at the other vertex (the edge is `far_end / 2`).
    far_end: usize,
    /// The other vertex.
    far_vertex: usize,
}

/// A label of the alternating forest: an S-vertex (outer, at even distance from a free
/// vertex) or a T-vertex (inner, at odd distance).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Label {
    Free,
    Outer,
    Inner,
}

/// What the dual adjustment of a stage made possible.
#[derive(Debug, Clone, Copy)]
enum DualStep {
    /// An S-vertex's dual reached zero: a root is done (its dual may stay unmatched),
    /// or the path from a matched S-vertex to its root is flipped to leave it unmatched.
    Zero(usize),
    /// An edge from an S-vertex to a free vertex became tight.
    Grow(usize),
    /// An edge between two S-blossoms became tight.
    Join(usize),
    /// A T-blossom's dual reached zero: it must be expanded.
    Expand(usize),
}

/// Counts of the algorithm's rarer moves, which tests check their graphs exercise.
#[cfg_attr(not(test), allow(dead_code))] // read by the tests only
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
struct Moves {
    /// Blossoms shrunk.
    blossoms: usize,
    /// Blossoms shrunk around a blossom.
    nested: usize,
    /// T-blossoms expanded within a stage.
    inner_expansions: usize,
}

/// The state of the primal-dual algorithm.
///
/// Vertices are `0..n`, blossoms `n..2n` (a blossom number is reused once the blossom is
/// expanded). Edge `k` has the endpoints `2k` (its first vertex) and `2k + 1` (its
/// second): `endpoint ^ 1` is the other end. Vertex duals are kept doubled (a slack is
/// `dual[a] + dual[b] - 2 * weight`) so that every dual stays an integer.
struct Solver<W> {
    /// Vertices.
    n: usize,
    /// The vertex at each endpoint.
    endpoint: Vec<usize>,
    /// Each edge's ends and doubled weight, together for [`Solver::slack`].
    edge: Vec<Edge<W>>,
    /// For each vertex, its edges (scanned in every stage: kept together for speed).
    incident: Vec<Vec<Incidence>>,
    /// Twice the weight of each vertex's edges, in the order of `incident`, as slacks
    /// take it (apart, so that the scans read a weight only when they need it).
    incident_weight: Vec<Vec<W>>,
    /// For each vertex, which of its edges are live (weigh more than zero: a weight of
    /// zero is no edge), a bit per place in `incident` (the scans skip the others
    /// without reading them).
    live_bits: Vec<Vec<u64>>,
    /// For each vertex, the far endpoint of its matched edge.
    mate: Vec<Option<usize>>,
    /// The label of each vertex and top-level blossom.
    label: Vec<Label>,
    /// The endpoint through which a vertex or top-level blossom got its label: the far
    /// end is its parent in the forest. `None` for a root.
    label_end: Vec<Option<usize>>,
    /// The top-level blossom holding each vertex (the vertex itself when in none).
    top: Vec<usize>,
    /// Each blossom's (or vertex's) enclosing blossom.
    parent: Vec<Option<usize>>,
    /// Each blossom's sub-blossoms around the cycle, starting with the one holding the base.
    children: Vec<Vec<usize>>,
    /// `links[b][i]` joins `children[b][i]` to `children[b][i + 1]`, as an endpoint
    /// in `children[b][i + 1]`.
    links: Vec<Vec<usize>>,
    /// Each blossom's base vertex (a vertex is its own); `None` for an unused number.
    base: Vec<Option<usize>>,
    /// For a free vertex or S-blossom, its least-slack edge to another S-blossom.
    best_edge: Vec<Option<usize>>,
    /// The slack of `best_edge` under the current duals, when known (the scans compare
    /// with it again and again; the duals' changes forget it).
    best_slack: Vec<Option<W>>,
    /// For an S-blossom, its least-slack edge to each neighbouring S-blossom.
    best_edges: Vec<Option<Vec<usize>>>,
    /// Blossom numbers not in use.
    unused: Vec<usize>,
    /// Dual variables: doubled for vertices, as is for blossoms.
    dual: Vec<W>,
    /// Edges known to be tight in this stage, a bit each (a few kilobytes where a
    /// byte each would not stay in the cache).
    allowed: Vec<u64>,
    /// S-vertices whose edges are still to be scanned.
    queue: Vec<usize>,
    /// Marks of the trace in `common_base`.
    marked: Vec<bool>,
    /// Scratch of `collect_best_edges`: the least-slack edge found to each S-blossom,
    /// with its slack (all `None` between calls), and the blossoms given one.
    best_to: Vec<Option<(usize, W)>>,
    best_to_found: Vec<usize>,
    /// The rarer moves made so far.
    moves: Moves,
}

// Arithmetic on indices and duals. Indices stay below 2 · (edges + MAX_VERTICES). A
// vertex dual starts at the largest weight W, falls only while it is an S-vertex and at
// most by the smallest vertex dual (the `Optimal` step), rises only while a T-vertex,
// where its matched edge stays tight: it stays within 0..=2W. A blossom dual stays within
// 0..=W (an edge inside is tight with its ends' duals at least 0). A slack sums two
// vertex duals, at most 4W < 2¹²⁸ with W ≤ MAX_WEIGHT, and is at least 0 (the duals
// are feasible); the tests run with overflow checks on weights near the bound.
#[allow(clippy::arithmetic_side_effects)]
impl<W: WeightValue> Solver<W> {
    /// The initial state: an empty matching, every vertex dual at the largest weight.
    fn new(n: usize, edges: &[(usize, usize, W)], lift: W) -> Solver<W> {
        let mut endpoint = Vec::with_capacity(2 * edges.len());
        let mut edge = Vec::with_capacity(edges.len());
        let mut incident = vec![Vec::new(); n];
        let mut incident_weight: Vec<Vec<W>> = vec![Vec::new(); n];
        for (k, &(a, b, w)) in edges.iter().enumerate() {
            endpoint.extend([a, b]);
            let double_weight = (w + lift).double();
            edge.push(Edge {
                ends: [a, b],
                double_weight,
            });
            incident[a].push(Incidence {
                far_end: 2 * k + 1,
                far_vertex: b,
            });
            incident_weight[a].push(double_weight);
            incident[b].push(Incidence {
                far_end: 2 * k,
                far_vertex: a,
            });
            incident_weight[b].push(double_weight);
        }
        let live_bits = incident_weight
            .iter()
            .map(|weights| {
                let mut bits = vec![0u64; weights.len().div_ceil(64)];
                for (i, &w) in weights.iter().enumerate() {
                    if w > W::ZERO {
                        bits[i / 64] |= 1 << (i % 64);
                    }
                }
                bits
            })
            .collect();
        let mut solver = Solver {
            n,
            endpoint,
            incident,
            incident_weight,
            live_bits,
            mate: vec![None; n],
            label: vec![Label::Free; 2 * n],
            label_end: vec![None; 2 * n],
            top: vec![0; n],
            parent: vec![None; 2 * n],
            children: vec![Vec::new(); 2 * n],
            links: vec![Vec::new(); 2 * n],
            base: vec![None; 2 * n],
            best_edge: vec![None; 2 * n],
            best_slack: vec![None; 2 * n],
            best_edges: vec![None; 2 * n],
            unused: Vec::with_capacity(n),
            dual: vec![W::ZERO; 2 * n],
            allowed: vec![0; edge.len().div_ceil(64)],
            edge,
            queue: Vec::new(),
            marked: vec![false; 2 * n],
            best_to: vec![None; 2 * n],
            best_to_found: Vec::new(),
            moves: Moves::default(),
        };
        solver.start_afresh();
        solver
    }

    /// Forgets the matching, the blossoms and the duals: the state of [`Solver::new`]
    /// for the graph's current weights, in the memory already held (a restart of a
    /// 500-vertex graph would otherwise allocate and clear tens of megabytes again).
    fn start_afresh(&mut self) {
        let n = self.n;
        let heaviest = self
            .edge
            .iter()
            .map(|e| e.double_weight.halve())
            .max()
            .unwrap_or(W::ZERO);
        self.mate.fill(None);
        self.label.fill(Label::Free);
        self.label_end.fill(None);
        self.top
            .iter_mut()
            .enumerate()
            .for_each(|(v, top)| *top = v);
        self.parent.fill(None);
        self.children.iter_mut().for_each(Vec::clear);
        self.links.iter_mut().for_each(Vec::clear);
        let vertex_base = |(b, base): (usize, &mut Option<usize>)| *base = (b < n).then_some(b);
        self.base.iter_mut().enumerate().for_each(vertex_base);
        self.best_edge.fill(None);
        self.best_slack.fill(None);
        self.best_edges.fill(None);
        self.unused.clear();
        self.unused.extend((n..2 * n).rev());
        self.dual[..n].fill(heaviest);
        self.dual[n..].fill(W::ZERO);
        self.allowed.fill(0);
        self.queue.clear();
        self.marked.fill(false);
        self.best_to.fill(None);
        self.best_to_found.clear();
        self.moves = Moves::default();
    }

    /// Runs stages until none augments the matching; returns each vertex's mate.
    fn solve(mut self) -> Vec<Option<usize>> {
        self.run();
        self.mates()
    }

    /// Runs stages until no root is left. Each stage augments the matching or brings
    /// an unmatched vertex's dual to zero for good, so there are at most twice as many
    /// stages as vertices.
    fn run(&mut self) {
        for _ in 0..=2 * self.n {
            let progressed = self.stage();
            self.expand_spent_outer_blossoms();
            if !progressed {
                break;
            }
        }
    }

    /// Sets the weight of edge `v`–`x` of a complete graph built by
    /// [`IncrementalMatching::new`] (edge `k` joins `a > b` at `k = a(a-1)/2 + b`).
    /// Returns whether `v` must be prepared ([`Solver::prepare`]) before the next stages:
    /// not when the weight falls on an edge that is neither matched nor inside a blossom,
    /// which keeps every optimality condition.
    fn set_weight(&mut self, v: usize, x: usize, weight: W) -> bool {
        let (hi, lo) = if v > x { (v, x) } else { (x, v) };
        let k = hi * (hi - 1) / 2 + lo;
        let double_weight = weight.double();
        let old = self.edge[k].double_weight;
        if double_weight == old {
            return false;
        }
        let matched = self.mate[v].is_some_and(|p| p / 2 == k);
        let inside = self.top[v] == self.top[x];
        self.edge[k].double_weight = double_weight;
        // In a complete graph vertex v's edge to x is its x-th (x-1-th past itself).
        let at = |from: usize, to: usize| if to < from { to } else { to - 1 };
        let live = double_weight > W::ZERO;
        for (from, to) in [(v, x), (x, v)] {
            let i = at(from, to);
            self.incident_weight[from][i] = double_weight;
            let (word, bit) = (&mut self.live_bits[from][i / 64], 1u64 << (i % 64));
            if live {
                *word |= bit;
            } else {
                *word &= !bit;
            }
        }
        double_weight > old || matched || inside
    }

    /// Matches every two vertices whose only edge joins them (as a pairing's fixed pairs
    /// are), with duals that make the edge tight, before the stages: they take no stage.
    fn match_isolated_pairs(&mut self) {
        for a in 0..self.n {
            if self.live_edges(a) != 1 {
                continue;
            }
            let Some(i) = self.live_bits[a]
                .iter()
                .enumerate()
                .find(|(_, &word)| word != 0)
                .map(|(at, word)| at * 64 + word.trailing_zeros() as usize)
            else {
                continue;
            };
            let Incidence {
                far_end: p,
                far_vertex: b,
            } = self.incident[a][i];
            let weight = self.incident_weight[a][i].halve();
            let single = self.live_edges(b) == 1;
            if b > a && single {
                self.mate[a] = Some(p);
                self.mate[b] = Some(p ^ 1);
                self.dual[a] = weight;
                self.dual[b] = weight;
            }
        }
    }

    /// The number of live edges of vertex `v`.
    fn live_edges(&self, v: usize) -> u32 {
        self.live_bits[v].iter().map(|word| word.count_ones()).sum()
    }

    /// Readies vertex `v`, whose edges changed, for the stages: taken out of its
    /// blossoms and unmatched ([`Solver::free_vertex`]), its dual raised just enough that
    /// its edges are feasible again, of the parity of its former mate's dual so that the
    /// two roots' trees keep even slacks between them.
    fn prepare(&mut self, v: usize) {
        let former = self.free_vertex(v);
        let mut need = W::ZERO;
        for (e, &double_weight) in self.incident[v].iter().zip(&self.incident_weight[v]) {
            let far = self.dual[e.far_vertex];
            if double_weight > far && double_weight - far > need {
                need = double_weight - far;
            }
        }
        if former.is_some_and(|u| self.dual[u].is_odd() != need.is_odd()) {
            need += W::one();
        }
        self.dual[v] = need;
    }

    /// Unmatches vertex `v` and dissolves the blossoms around it, keeping every other
    /// optimality condition: its top blossom is turned round so that `v` is its base
    /// (the blossom's outside mate is let go), then each blossom holding `v` hands its
    /// dual to its vertices' duals (edges inside keep their slack, edges leaving it gain)
    /// and its children become top-level. Returns the vertex that lost its mate, if any.
    fn free_vertex(&mut self, v: usize) -> Option<usize> {
        let top = self.top[v];
        let base = self.base[top].expect("a top-level blossom has a base");
        let former = self.mate[base].take().map(|p| self.endpoint[p]);
        if let Some(u) = former {
            self.mate[u] = None;
        }
        if top >= self.n {
            self.augment_blossom(top, v);
            self.mate[v] = None;
        }
        let mut b = top;
        while b >= self.n {
            let z = self.dual[b];
            for x in self.leaves(b) {
                self.dual[x] += z;
            }
            let children = std::mem::take(&mut self.children[b]);
            let mut next = v;
            for &child in &children {
                self.parent[child] = None;
                for x in self.leaves(child) {
                    self.top[x] = child;
                    if x == v {
                        next = child;
                    }
                }
            }
            self.dual[b] = W::ZERO;
            self.label[b] = Label::Free;
            self.label_end[b] = None;
            self.links[b].clear();
            self.base[b] = None;
            self.best_edges[b] = None;
            self.set_best_edge(b, None);
            self.unused.push(b);
            b = next;
        }
        former
    }

    /// Each vertex's mate.
    fn mates(&self) -> Vec<Option<usize>> {
        self.mate
            .iter()
            .map(|m| m.map(|p| self.endpoint[p]))
            .collect()
    }

    /// The slack of edge `k`: how far its ends' duals exceed its weight (doubled).
    fn slack(&self, k: usize) -> W {
        let Edge {
            ends: [a, b],
            double_weight,
        } = self.edge[k];
        self.dual[a].sum_less(self.dual[b], double_weight)
    }

    /// The vertices inside blossom (or vertex) `b`.
    fn leaves(&self, b: usize) -> Vec<usize> {
        let mut leaves = Vec::new();
        let mut pending = vec![b];
        while let Some(x) = pending.pop() {
            if x < self.n {
                leaves.push(x);
            } else {
                pending.extend_from_slice(&self.children[x]);
            }
        }
        leaves
    }

    /// One stage: grows the forest from the free vertices, adjusting duals when stuck,
    /// until an augmenting path is found (true) or the matching is optimal (false).
    fn stage(&mut self) -> bool {
        self.label.fill(Label::Free);
        self.best_edge.fill(None);
        self.best_slack.fill(None);
        self.best_edges[self.n..].fill(None);
        self.allowed.fill(0);
        self.queue.clear();
        // The roots: unmatched vertices whose dual is not yet zero (an unmatched vertex
        // with a zero dual already meets the optimality conditions).
        for v in 0..self.n {
            if self.mate[v].is_none()
                && self.dual[v] > W::ZERO
                && self.label[self.top[v]] == Label::Free
            {
                self.assign_label(v, Label::Outer, None);
            }
        }
        if self.queue.is_empty() {
            return false;
        }
        loop {
            if self.scan_queue() {
                return true;
            }
            let (delta, step) = self.dual_step();
            self.adjust_duals(delta);
            match step {
                DualStep::Zero(v) => {
                    if self.mate[v].is_some() {
                        self.flip_to_root(v);
                    }
                    return true;
                }
                DualStep::Grow(k) => {
                    self.allow(k);
                    let (a, b) = (self.endpoint[2 * k], self.endpoint[2 * k + 1]);
                    let outer = if self.label[self.top[a]] == Label::Free {
                        b
                    } else {
                        a
                    };
                    self.queue.push(outer);
                }
                DualStep::Join(k) => {
                    self.allow(k);
                    self.queue.push(self.endpoint[2 * k]);
                }
                DualStep::Expand(b) => self.expand_blossom(b, false),
            }
        }
    }

    /// Marks edge `k` tight for the rest of the stage.
    fn allow(&mut self, k: usize) {
        self.allowed[k / 64] |= 1 << (k % 64);
    }

    /// Whether edge `k` was found tight in this stage.
    fn is_allowed(&self, k: usize) -> bool {
        self.allowed[k / 64] & (1 << (k % 64)) != 0
    }

    /// Labels vertex `w` (and its top-level blossom) `label`, reached through endpoint
    /// `through`; a T-blossom's base's mate becomes an S-vertex in turn.
    fn assign_label(&mut self, w: usize, label: Label, through: Option<usize>) {
        let b = self.top[w];
        self.label[w] = label;
        self.label[b] = label;
        self.label_end[w] = through;
        self.label_end[b] = through;
        self.set_best_edge(w, None);
        self.set_best_edge(b, None);
        match label {
            Label::Outer => {
                let leaves = self.leaves(b);
                self.queue.extend(leaves);
            }
            Label::Inner => {
                let base = self.base[b].expect("a blossom in use has a base");
                let mate = self.mate[base].expect("a T-blossom's base is matched");
                self.assign_label(self.endpoint[mate], Label::Outer, Some(mate ^ 1));
            }
            Label::Free => {}
        }
    }

    /// Scans the edges of the queued S-vertices along tight edges: grows the forest,
    /// shrinks blossoms, and augments the matching when a path joins two trees (true).
    fn scan_queue(&mut self) -> bool {
        while let Some(v) = self.queue.pop() {
            // The edges inside v's blossom (most of a large blossom's) are skipped here,
            // by the test `scan_edge` starts with, v's blossom read again after each
            // edge scanned (a new blossom may take v in).
            let mut top = self.top[v];
            // The live edges in order, by their bits (scanning changes no weight).
            for at in 0..self.live_bits[v].len() {
                let mut word = self.live_bits[v][at];
                while word != 0 {
                    let i = at * 64 + word.trailing_zeros() as usize;
                    word &= word - 1;
                    let Incidence {
                        far_end,
                        far_vertex,
                    } = self.incident[v][i];
                    if self.top[far_vertex] == top {
                        continue;
                    }
                    let scanned = self.scan_edge(v, far_end, far_vertex, i);
                    top = self.top[v];
                    if scanned {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// Scans an edge of S-vertex `v`; true when it augmented.
    fn scan_edge(&mut self, v: usize, p: usize, w: usize, at: usize) -> bool {
        let k = p / 2;
        if self.top[v] == self.top[w] {
            return false;
        }
        if !self.is_allowed(k) {
            let slack = self.dual[v].sum_less(self.dual[w], self.incident_weight[v][at]);
            if slack > W::ZERO {
                self.note_best_edge(v, w, k, slack);
                return false;
            }
            self.allow(k);
        }
        match self.label[self.top[w]] {
            Label::Free if self.is_unmatched_blossom(self.top[w]) => {
                // An unmatched vertex (or blossom) whose dual is zero: the path from the
                // root through this edge augments the matching.
                self.augment_to_unmatched(v, w, p);
                return true;
            }
            Label::Free => self.assign_label(w, Label::Inner, Some(p ^ 1)),
            Label::Outer => match self.common_base(v, w) {
                Some(base) => self.add_blossom(base, k),
                None => {
                    self.augment_matching(k);
                    return true;
                }
            },
            Label::Inner => {
                // A T-vertex inside a T-blossom: remember how it is reached, for when
                // the blossom is expanded.
                if self.label[w] == Label::Free {
                    self.label[w] = Label::Inner;
                    self.label_end[w] = Some(p ^ 1);
                }
            }
        }
        false
    }

    /// Keeps edge `k` (of slack `slack`, from S-vertex `v` to `w`) if it is the
    /// least-slack edge yet from `v`'s blossom to an S-blossom or to free vertex `w`.
    fn note_best_edge(&mut self, v: usize, w: usize, k: usize, slack: W) {
        let holder = if self.label[self.top[w]] == Label::Outer {
            self.top[v]
        } else if self.label[w] == Label::Free {
            w
        } else {
            return;
        };
        if self.best_slack(holder).is_none_or(|best| slack < best) {
            self.set_best_edge(holder, Some((k, slack)));
        }
    }

    /// Sets (or clears) the least-slack edge of `holder`, with its slack.
    fn set_best_edge(&mut self, holder: usize, best: Option<(usize, W)>) {
        self.best_edge[holder] = best.map(|(k, _)| k);
        self.best_slack[holder] = best.map(|(_, slack)| slack);
    }

    /// The slack of the least-slack edge of `holder`, if it has one.
    fn best_slack(&mut self, holder: usize) -> Option<W> {
        if self.best_slack[holder].is_none() {
            self.best_slack[holder] = self.best_edge[holder].map(|k| self.slack(k));
        }
        self.best_slack[holder]
    }

    /// Traces the tree paths up from S-vertices `v` and `w` together: the base of the
    /// blossom they close, or `None` when they lie in different trees (an augmenting path).
    fn common_base(&mut self, v: usize, w: usize) -> Option<usize> {
        let mut path = Vec::new();
        let mut base = None;
        let (mut v, mut w) = (Some(v), Some(w));
        while let Some(x) = v {
            let b = self.top[x];
            if self.marked[b] {
                base = self.base[b];
                break;
            }
            self.marked[b] = true;
            path.push(b);
            v = self.label_end[b].map(|p| {
                let t = self.top[self.endpoint[p]];
                let up = self.label_end[t].expect("a T-blossom has a parent");
                self.endpoint[up]
            });
            if w.is_some() {
                std::mem::swap(&mut v, &mut w);
            }
        }
        for b in path {
            self.marked[b] = false;
        }
        base
    }

    /// Shrinks the odd cycle closed by edge `k` through the tree, down to `base`, into a
    /// new S-blossom.
    fn add_blossom(&mut self, base: usize, k: usize) {
        let base_top = self.top[base];
        let b = self.unused.pop().expect("fewer blossoms than vertices");
        self.base[b] = Some(base);
        self.parent[b] = None;
        self.parent[base_top] = Some(b);
        let (mut children, mut links) = self.trace_to(b, base_top, self.endpoint[2 * k], false);
        children.push(base_top);
        children.reverse();
        links.reverse();
        links.push(2 * k);
        let (far_children, far_links) = self.trace_to(b, base_top, self.endpoint[2 * k + 1], true);
        children.extend(far_children);
        links.extend(far_links);
        self.moves.blossoms += 1;
        if children.iter().any(|&c| c >= self.n) {
            self.moves.nested += 1;
        }
        self.children[b] = children;
        self.links[b] = links;
        self.label[b] = Label::Outer;
        self.label_end[b] = self.label_end[base_top];
        self.dual[b] = W::ZERO;
        for v in self.leaves(b) {
            if self.label[self.top[v]] == Label::Inner {
                // A former T-vertex becomes an S-vertex: its edges are to be scanned.
                self.queue.push(v);
            }
            self.top[v] = b;
        }
        self.collect_best_edges(b);
    }

    /// The top-level blossoms on the tree path from `v` up to `stop` (excluded), made
    /// children of `b`, and the endpoints linking them (pointing down the path, or up it
    /// when `upward`).
    fn trace_to(
        &mut self,
        b: usize,
        stop: usize,
        v: usize,
        upward: bool,
    ) -> (Vec<usize>, Vec<usize>) {
        let (mut children, mut links) = (Vec::new(), Vec::new());
        let mut current = self.top[v];
        while current != stop {
            self.parent[current] = Some(b);
            children.push(current);
            let p = self.label_end[current].expect("only roots lack a parent");
            links.push(if upward { p ^ 1 } else { p });
            current = self.top[self.endpoint[p]];
        }
        (children, links)
    }

    /// For new S-blossom `b`, its least-slack edge to each neighbouring S-blossom and the
    /// least of them, from its children's lists (or their vertices' edges).
    fn collect_best_edges(&mut self, b: usize) {
        let children = std::mem::take(&mut self.children[b]);
        for &child in &children {
            match self.best_edges[child].take() {
                Some(list) => {
                    for k in list {
                        let Edge {
                            ends: [a, far],
                            double_weight,
                        } = self.edge[k];
                        if double_weight == W::ZERO {
                            continue; // no edge
                        }
                        let (near, far) = if self.top[far] == b {
                            (far, a)
                        } else {
                            (a, far)
                        };
                        if let Some(far_top) = self.outer_neighbour(b, far) {
                            // The slack from the edge at hand.
                            let slack = self.dual[near].sum_less(self.dual[far], double_weight);
                            self.offer_best_to(far_top, k, slack);
                        }
                    }
                }
                None => {
                    // The child's vertices' own edges, the far ends outside it.
                    for v in self.leaves(child) {
                        for at in 0..self.live_bits[v].len() {
                            let mut word = self.live_bits[v][at];
                            while word != 0 {
                                let i = at * 64 + word.trailing_zeros() as usize;
                                word &= word - 1;
                                let Incidence {
                                    far_end,
                                    far_vertex: far,
                                } = self.incident[v][i];
                                if let Some(far_top) = self.outer_neighbour(b, far) {
                                    // The slack from the vertex's own record of the weight
                                    // (read only now, for an edge that counts).
                                    let double_weight = self.incident_weight[v][i];
                                    let slack =
                                        self.dual[v].sum_less(self.dual[far], double_weight);
                                    self.offer_best_to(far_top, far_end / 2, slack);
                                }
                            }
                        }
                    }
                }
            }
            self.set_best_edge(child, None);
        }
        self.children[b] = children;
        // In the order of the blossoms' numbers, the first least slack the best.
        let mut found = std::mem::take(&mut self.best_to_found);
        found.sort_unstable();
        let mut list = Vec::with_capacity(found.len());
        let mut best: Option<(usize, W)> = None;
        for &far_top in &found {
            if let Some((k, slack)) = self.best_to[far_top].take() {
                list.push(k);
                if best.is_none_or(|(_, least)| slack < least) {
                    best = Some((k, slack));
                }
            }
        }
        found.clear();
        self.best_to_found = found;
        self.set_best_edge(b, best);
        self.best_edges[b] = Some(list);
    }

    /// The S-blossom holding vertex `far`, unless it is new blossom `b`.
    fn outer_neighbour(&self, b: usize, far: usize) -> Option<usize> {
        let far_top = self.top[far];
        (far_top != b && self.label[far_top] == Label::Outer).then_some(far_top)
    }

    /// Keeps live edge `k` of slack `slack` as a new blossom's least-slack edge to
    /// S-blossom `far_top` if it is the first or slacker than the one kept.
    fn offer_best_to(&mut self, far_top: usize, k: usize, slack: W) {
        match self.best_to[far_top] {
            None => self.best_to_found.push(far_top),
            Some((_, least)) if slack < least => {}
            Some(_) => return,
        }
        self.best_to[far_top] = Some((k, slack));
    }

    /// Undoes blossom `b`: its children become top-level. Within a stage (a T-blossom
    /// whose dual reached zero) the children on the even path from its entry to its
    /// base keep the forest labelled; at the end of a stage, spent sub-blossoms go too.
    fn expand_blossom(&mut self, b: usize, end_of_stage: bool) {
        for s in self.children[b].clone() {
            self.parent[s] = None;
            if s < self.n {
                self.top[s] = s;
            } else if end_of_stage && self.dual[s] == W::ZERO {
                self.expand_blossom(s, end_of_stage);
            } else {
                for v in self.leaves(s) {
                    self.top[v] = s;
                }
            }
        }
        if !end_of_stage && self.label[b] == Label::Inner {
            self.moves.inner_expansions += 1;
            self.relabel_expanded(b);
        }
        self.label[b] = Label::Free;
        self.label_end[b] = None;
        self.children[b].clear();
        self.links[b].clear();
        self.base[b] = None;
        self.best_edges[b] = None;
        self.set_best_edge(b, None);
        self.unused.push(b);
    }

    /// Relabels the children of expanded T-blossom `b`: T and S alternately along the
    /// even-length way from the child it was entered by round to its base, which takes
    /// the blossom's T label; the children off that way become free, or T when one of
    /// their vertices is reached from an S-vertex outside.
    fn relabel_expanded(&mut self, b: usize) {
        let children = self.children[b].clone();
        let links = self.links[b].clone();
        let entry = self.label_end[b].expect("a T-blossom has a parent");
        let entry_child = self.top[self.endpoint[entry ^ 1]];
        let (mut j, step, back) = way_round(&children, entry_child);
        let mut p = entry;
        while j != 0 {
            let link = link_before(&links, j, back);
            self.label[self.endpoint[p ^ 1]] = Label::Free;
            self.label[self.endpoint[link ^ back ^ 1]] = Label::Free;
            self.assign_label(self.endpoint[p ^ 1], Label::Inner, Some(p));
            self.allow(link / 2);
            j += step;
            p = link_before(&links, j, back) ^ back;
            self.allow(p / 2);
            j += step;
        }
        let base_child = cyclic(&children, j);
        let entry_vertex = self.endpoint[p ^ 1];
        self.label[entry_vertex] = Label::Inner;
        self.label[base_child] = Label::Inner;
        self.label_end[entry_vertex] = Some(p);
        self.label_end[base_child] = Some(p);
        self.set_best_edge(base_child, None);
        j += step;
        while cyclic(&children, j) != entry_child {
            self.relabel_off_path(cyclic(&children, j));
            j += step;
        }
    }

    /// A child of an expanded T-blossom off the way to its base: labelled T if one of
    /// its vertices was reached from an S-vertex, free otherwise.
    fn relabel_off_path(&mut self, child: usize) {
        if self.label[child] == Label::Outer {
            return;
        }
        let reached = self
            .leaves(child)
            .into_iter()
            .find(|&v| self.label[v] != Label::Free);
        if let Some(v) = reached {
            self.label[v] = Label::Free;
            let base = self.base[child].expect("a blossom in use has a base");
            let mate = self.mate[base].expect("a blossom's base inside a T-blossom is matched");
            self.label[self.endpoint[mate]] = Label::Free;
            self.assign_label(v, Label::Inner, self.label_end[v]);
        }
    }

    /// Swaps matched and unmatched edges on the even way round blossom `b` from the child
    /// holding vertex `v` to the base, so that `v` becomes its base (recursively inside).
    fn augment_blossom(&mut self, b: usize, v: usize) {
        let mut t = v;
        while self.parent[t] != Some(b) {
            t = self.parent[t].expect("a vertex inside a blossom has a parent chain to it");
        }
        if t >= self.n {
            self.augment_blossom(t, v);
        }
        // Taken out while the sub-blossoms (never `b` itself) are augmented, put back
        // turned round.
        let mut children = std::mem::take(&mut self.children[b]);
        let mut links = std::mem::take(&mut self.links[b]);
        let start = children
            .iter()
            .position(|&c| c == t)
            .expect("t is a child of b");
        let (mut j, step, back) = way_round(&children, t);
        while j != 0 {
            j += step;
            let t = cyclic(&children, j);
            let p = link_before(&links, j, back) ^ back;
            if t >= self.n {
                self.augment_blossom(t, self.endpoint[p]);
            }
            j += step;
            let t = cyclic(&children, j);
            if t >= self.n {
                self.augment_blossom(t, self.endpoint[p ^ 1]);
            }
            self.mate[self.endpoint[p]] = Some(p ^ 1);
            self.mate[self.endpoint[p ^ 1]] = Some(p);
        }
        children.rotate_left(start);
        links.rotate_left(start);
        self.base[b] = self.base[children[0]];
        self.children[b] = children;
        self.links[b] = links;
    }

    /// Augments the matching along the path through edge `k` joining two trees, from
    /// both its ends up to their roots.
    fn augment_matching(&mut self, k: usize) {
        self.rematch_to_root(self.endpoint[2 * k], Some(2 * k + 1));
        self.rematch_to_root(self.endpoint[2 * k + 1], Some(2 * k));
    }

    /// Whether top-level blossom (or vertex) `b` has an unmatched base.
    fn is_unmatched_blossom(&self, b: usize) -> bool {
        self.base[b].is_some_and(|base| self.mate[base].is_none())
    }

    /// Augments along the tree path from S-vertex `v` to its root and on through edge
    /// (far endpoint `p`) to `w`, in an unmatched blossom (or an unmatched vertex).
    fn augment_to_unmatched(&mut self, v: usize, w: usize, p: usize) {
        let w_top = self.top[w];
        if w_top >= self.n {
            self.augment_blossom(w_top, w);
        }
        self.mate[w] = Some(p ^ 1);
        self.rematch_to_root(v, Some(p));
    }

    /// Flips the tree path from matched S-vertex `v` to its root: `v` is left
    /// unmatched (its dual is zero) and the root matched.
    fn flip_to_root(&mut self, v: usize) {
        self.rematch_to_root(v, None);
    }

    /// Gives S-vertex `s` the mate at endpoint `p` (or none) and alternates the tree path
    /// from it up to its root, through the blossoms on the way.
    fn rematch_to_root(&mut self, mut s: usize, mut p: Option<usize>) {
        loop {
            let s_top = self.top[s];
            if s_top >= self.n {
                self.augment_blossom(s_top, s);
            }
            self.mate[s] = p;
            let Some(up) = self.label_end[s_top] else {
                break; // the root: the path ends here
            };
            let t_top = self.top[self.endpoint[up]];
            let t_end = self.label_end[t_top].expect("a T-blossom has a parent");
            s = self.endpoint[t_end];
            let t = self.endpoint[t_end ^ 1];
            if t_top >= self.n {
                self.augment_blossom(t_top, t);
            }
            self.mate[t] = Some(t_end);
            p = Some(t_end ^ 1);
        }
    }

    /// The largest dual change that keeps the duals feasible, and what it makes tight.
    fn dual_step(&self) -> (W, DualStep) {
        let n = self.n;
        let smallest = (0..n)
            .filter(|&v| self.label[self.top[v]] == Label::Outer)
            .min_by_key(|&v| self.dual[v])
            .expect("a stage runs with a root");
        let mut best = (self.dual[smallest], DualStep::Zero(smallest));
        let mut consider = |delta: W, step: DualStep| {
            if delta < best.0 {
                best = (delta, step);
            }
        };
        for v in 0..n {
            if let (Label::Free, Some(k)) = (self.label[self.top[v]], self.best_edge[v]) {
                consider(self.slack(k), DualStep::Grow(k));
            }
        }
        for b in 0..2 * n {
            if self.parent[b].is_none() && self.label[b] == Label::Outer {
                if let Some(k) = self.best_edge[b] {
                    let slack = self.slack(k);
                    debug_assert!(
                        slack.halve().double() == slack,
                        "the slack between S-vertices is even"
                    );
                    consider(slack.halve(), DualStep::Join(k));
                }
            }
        }
        for b in n..2 * n {
            if self.is_top_blossom(b) && self.label[b] == Label::Inner {
                consider(self.dual[b], DualStep::Expand(b));
            }
        }
        best
    }

    /// Whether `b` (a blossom number) is a blossom in use and not inside another.
    fn is_top_blossom(&self, b: usize) -> bool {
        self.base[b].is_some() && self.parent[b].is_none()
    }

    /// Lowers S-vertex and raises T-vertex duals by `delta` (the opposite for blossoms).
    fn adjust_duals(&mut self, delta: W) {
        self.best_slack.fill(None);
        for v in 0..self.n {
            match self.label[self.top[v]] {
                Label::Outer => self.dual[v] -= delta,
                Label::Inner => self.dual[v] += delta,
                Label::Free => {}
            }
        }
        for b in self.n..2 * self.n {
            if self.is_top_blossom(b) {
                match self.label[b] {
                    Label::Outer => self.dual[b] += delta,
                    Label::Inner => self.dual[b] -= delta,
                    Label::Free => {}
                }
            }
        }
    }

    /// At the end of a stage, expands the S-blossoms whose dual is zero, which the next
    /// stage need not keep.
    fn expand_spent_outer_blossoms(&mut self) {
        for b in self.n..2 * self.n {
            if self.is_top_blossom(b) && self.label[b] == Label::Outer && self.dual[b] == W::ZERO {
                self.expand_blossom(b, true);
            }
        }
    }
}

/// Where to start round the cycle of `children` from `child`, and which way, to reach
/// the base (index 0) by an even number of steps: `(start, step, back)`, with `back` 1
/// when going backwards (a link is then read one place back, and reversed).
fn way_round(children: &[usize], child: usize) -> (isize, isize, usize) {
    let at = children
        .iter()
        .position(|&c| c == child)
        .expect("a child of the blossom");
    let (at, len) = (signed(at), signed(children.len()));
    if at % 2 == 1 {
        (at.saturating_sub(len), 1, 0)
    } else {
        (at, -1, 1)
    }
}

/// The link into child `j` when going forwards (`back` 0), or out of it when going
/// backwards (`back` 1), counting round the cycle.
fn link_before(links: &[usize], j: isize, back: usize) -> usize {
    cyclic(links, j.saturating_sub(signed(back)))
}

/// `items[j]`, counting round the cycle (a negative `j` from the end).
fn cyclic(items: &[usize], j: isize) -> usize {
    let len = signed(items.len());
    let at = usize::try_from(j.rem_euclid(len)).unwrap_or(0);
    items[at]
}

/// An index as a signed one (indices stay below `isize::MAX`, as every `Vec` length does).
fn signed(index: usize) -> isize {
    isize::try_from(index).unwrap_or(isize::MAX)
}

#[cfg(test)]
mod tests;
