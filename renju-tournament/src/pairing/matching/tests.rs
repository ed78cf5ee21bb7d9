//! The matching against a brute-force reference that tries every matching, on random
//! graphs and on hand-made ones that force blossoms to be shrunk, expanded and nested.

#![allow(clippy::arithmetic_side_effects)] // small test weights and counts

use std::collections::HashMap;

use proptest::prelude::*;

use super::*;

type Edges = Vec<(usize, usize, Weight)>;

/// The best `(pairs, weight)` over every matching of the graph: largest weight first, or
/// most pairs first with `max_cardinality`. Weights summed in `u128`: at most 5 edges of
/// at most 2¹²⁵ − 1.
fn brute_force(
    vertices: usize,
    edges: &[(usize, usize, Weight)],
    max_cardinality: bool,
) -> (usize, Weight) {
    let mut weights = HashMap::new();
    for &(a, b, w) in edges {
        weights.insert((a.min(b), a.max(b)), w);
    }
    let mut used = vec![false; vertices];
    best_from(0, &mut used, &weights, max_cardinality)
}

/// The best completion of a matching that covers the `used` vertices, deciding the
/// vertices from `first` on.
fn best_from(
    first: usize,
    used: &mut [bool],
    weights: &HashMap<(usize, usize), Weight>,
    max_cardinality: bool,
) -> (usize, Weight) {
    let Some(v) = (first..used.len()).find(|&v| !used[v]) else {
        return (0, 0);
    };
    used[v] = true;
    let mut best = best_from(v + 1, used, weights, max_cardinality);
    for u in v + 1..used.len() {
        if let (false, Some(&w)) = (used[u], weights.get(&(v, u))) {
            used[u] = true;
            let (pairs, weight) = best_from(v + 1, used, weights, max_cardinality);
            used[u] = false;
            let candidate = (pairs + 1, weight + w);
            if better(candidate, best, max_cardinality) {
                best = candidate;
            }
        }
    }
    used[v] = false;
    best
}

fn better(a: (usize, Weight), b: (usize, Weight), max_cardinality: bool) -> bool {
    if max_cardinality {
        a > b
    } else {
        a.1 > b.1
    }
}

/// Checks that `mates` is a matching of the graph (symmetric, on its edges) and returns
/// its `(pairs, weight)`, the weight summed modulo 2¹²⁸ (exact on up to 5 edges at most
/// [`MAX_WEIGHT`], as the brute force's graphs have).
fn measure(
    vertices: usize,
    edges: &[(usize, usize, Weight)],
    mates: &[Option<usize>],
) -> (usize, Weight) {
    assert_eq!(mates.len(), vertices);
    let weights: HashMap<(usize, usize), Weight> = edges
        .iter()
        .map(|&(a, b, w)| ((a.min(b), a.max(b)), w))
        .collect();
    let (mut pairs, mut weight) = (0, 0);
    for (v, mate) in mates.iter().enumerate() {
        let Some(u) = *mate else { continue };
        assert_eq!(mates[u], Some(v), "mates not symmetric at {v} and {u}");
        if v < u {
            let w = weights
                .get(&(v, u))
                .unwrap_or_else(|| panic!("{v}–{u} is not an edge"));
            pairs += 1;
            weight = w.wrapping_add(weight);
        }
    }
    (pairs, weight)
}

/// Solves, checks against the brute force (weight, and pairs with `max_cardinality`) and
/// returns the mates.
fn check(
    vertices: usize,
    edges: &[(usize, usize, Weight)],
    max_cardinality: bool,
) -> Vec<Option<usize>> {
    let mates = max_weight_matching(vertices, edges, max_cardinality).unwrap();
    let (pairs, weight) = measure(vertices, edges, &mates);
    let (best_pairs, best_weight) = brute_force(vertices, edges, max_cardinality);
    assert_eq!(weight, best_weight, "weight of {mates:?} on {edges:?}");
    if max_cardinality {
        assert_eq!(pairs, best_pairs, "pairs of {mates:?} on {edges:?}");
    }
    mates
}

/// Checks that the duals the algorithm ends with prove its matching optimal, on graphs
/// too large for the brute force. With doubled vertex duals `u`, blossom duals `z` and
/// the (raised) weights `w`, LP duality for the matching polytope asks: `u`, `z` ≥ 0;
/// `u[a] + u[b] + 2 Σ z[blossoms holding a and b]` ≥ `2 w(a, b)` for every edge, with
/// equality on matched edges; `u` = 0 on unmatched vertices; a blossom with `z` > 0
/// matched inside but for its base. Also checks the duals' bounds the module relies on:
/// `u` ≤ 2 W and `z` ≤ W for the largest (raised) weight W.
fn assert_certified(vertices: usize, edges: &[(usize, usize, Weight)], max_cardinality: bool) {
    let lift = if max_cardinality {
        cardinality_lift(vertices, edges)
    } else {
        0
    };
    let mut solver = Solver::new(vertices, edges, lift);
    solver.run();
    let mates = solver.mates();
    measure(vertices, edges, &mates);
    let blossoms_holding = |v: usize| {
        std::iter::successors(solver.parent[v], |&b| solver.parent[b]).collect::<Vec<_>>()
    };
    let heaviest = edges.iter().map(|&(_, _, w)| w + lift).max().unwrap_or(0);
    for &(a, b, w) in edges {
        let (around_a, around_b) = (blossoms_holding(a), blossoms_holding(b));
        let shared: Weight = around_a
            .iter()
            .filter(|x| around_b.contains(x))
            .map(|&x| solver.dual[x])
            .sum();
        let covered = solver.dual[a] + solver.dual[b] + 2 * shared;
        let double_weight = 2 * (w + lift);
        assert!(
            covered >= double_weight,
            "edge {a}–{b} violates its dual constraint"
        );
        if mates[a] == Some(b) {
            assert_eq!(covered, double_weight, "matched edge {a}–{b} is not tight");
        }
    }
    for (v, (&dual, mate)) in solver.dual.iter().zip(&mates).enumerate() {
        assert!(
            dual <= 2 * heaviest,
            "vertex {v}'s dual past twice the weight"
        );
        if mate.is_none() {
            assert_eq!(dual, 0, "unmatched vertex {v} has a dual");
        }
    }
    for b in vertices..2 * vertices {
        if solver.base[b].is_none() || solver.dual[b] == 0 {
            continue;
        }
        assert!(
            solver.dual[b] <= heaviest,
            "blossom {b}'s dual past the weight"
        );
        let leaves = solver.leaves(b);
        let matched_inside = leaves
            .iter()
            .filter(|&&v| mates[v].is_some_and(|m| leaves.contains(&m)))
            .count();
        assert_eq!(
            matched_inside + 1,
            leaves.len(),
            "blossom {b} with a dual is not full"
        );
    }
}

/// The moves the algorithm makes on a graph.
fn moves(vertices: usize, edges: &[(usize, usize, Weight)]) -> Moves {
    let mut solver = Solver::new(vertices, edges, 0);
    solver.run();
    solver.moves
}

/// Vertex numbers from 1 in the literature's examples, from 0 here.
fn from_one(edges: &[(usize, usize, Weight)]) -> Edges {
    edges.iter().map(|&(a, b, w)| (a - 1, b - 1, w)).collect()
}

#[test]
fn empty_graphs() {
    assert_eq!(max_weight_matching(0, &[], false), Ok(vec![]));
    assert_eq!(max_weight_matching(0, &[], true), Ok(vec![]));
    assert_eq!(max_weight_matching(3, &[], true), Ok(vec![None; 3]));
}

#[test]
fn one_edge() {
    assert_eq!(
        max_weight_matching(2, &[(1, 0, 1)], false),
        Ok(vec![Some(1), Some(0)])
    );
    // Weight 0 only counts when pairs do.
    assert_eq!(
        max_weight_matching(2, &[(0, 1, 0)], true),
        Ok(vec![Some(1), Some(0)])
    );
}

#[test]
fn triangle() {
    let edges = [(0, 1, 3), (1, 2, 5), (0, 2, 4)];
    assert_eq!(check(3, &edges, false), [None, Some(2), Some(1)]);
    let edges = [(0, 1, 3), (1, 2, 5), (0, 2, 4), (2, 3, 2)];
    // 1–2 alone weighs 5; 0–1 with 2–3 weighs 5 too, but 0–2 cannot join a pair.
    assert_eq!(check(4, &edges, true), [Some(1), Some(0), Some(3), Some(2)]);
}

#[test]
fn max_cardinality_trades_weight_for_pairs() {
    let edges = [(0, 1, 2), (1, 2, 10), (2, 3, 2)];
    assert_eq!(check(4, &edges, false), [None, Some(2), Some(1), None]);
    assert_eq!(check(4, &edges, true), [Some(1), Some(0), Some(3), Some(2)]);
}

// Graphs from the literature, vertices numbered from 1 (left unmatched: 0).

/// The odd cycle 1–2–3 is shrunk, then the path 6–1 … 4–5 runs through it.
#[rustfmt::skip]
const SHRINK_THEN_AUGMENT: [(usize, usize, Weight); 6] =
    [(1, 2, 8), (1, 3, 9), (2, 3, 10), (3, 4, 7), (1, 6, 5), (4, 5, 6)];

/// The cycle 1–2–3 is shrunk, then shrunk again inside 2–3–5–4.
#[rustfmt::skip]
const NESTED: [(usize, usize, Weight); 7] =
    [(1, 2, 9), (1, 3, 9), (2, 3, 10), (2, 4, 8), (3, 5, 8), (4, 5, 10), (5, 6, 6)];

/// A blossom becomes a T-blossom, and its dual reaches zero before the stage ends.
#[rustfmt::skip]
const INNER_EXPANSION: [(usize, usize, Weight); 8] = [
    (1, 2, 23), (1, 5, 22), (1, 6, 15), (2, 3, 25), (3, 4, 22), (4, 5, 25), (4, 8, 14),
    (5, 7, 13),
];

/// A blossom shrunk as an S-blossom is relabelled T in a later stage, then expanded.
#[rustfmt::skip]
const RELABEL_AND_EXPAND: [(usize, usize, Weight); 10] = [
    (1, 2, 45), (1, 5, 45), (2, 3, 50), (3, 4, 45), (4, 5, 50), (1, 6, 30), (3, 9, 35),
    (4, 8, 28), (5, 7, 26), (9, 10, 5),
];

/// Checks the matching of a graph numbered from 1 against the brute force and the
/// expected mates (0 for none), and returns the moves it took.
fn solves_to(edges: &[(usize, usize, Weight)], expected: &[usize]) -> Moves {
    let vertices = expected.len();
    let edges = from_one(edges);
    let mates = check(vertices, &edges, false);
    let expected: Vec<Option<usize>> = expected.iter().map(|&m| m.checked_sub(1)).collect();
    assert_eq!(mates, expected);
    moves(vertices, &edges)
}

#[test]
fn blossom_shrunk_then_used_to_augment() {
    let seen = solves_to(&SHRINK_THEN_AUGMENT, &[6, 3, 2, 5, 4, 1]);
    assert!(seen.blossoms >= 1, "{seen:?}");
}

#[test]
fn nested_blossoms() {
    let seen = solves_to(&NESTED, &[3, 4, 1, 2, 6, 5]);
    assert!(seen.nested >= 1, "{seen:?}");
}

#[test]
fn inner_blossom_expanded_within_a_stage() {
    let seen = solves_to(&INNER_EXPANSION, &[6, 3, 2, 8, 7, 1, 5, 4]);
    assert!(seen.inner_expansions >= 1, "{seen:?}");
}

#[test]
fn blossom_relabelled_inner_then_expanded() {
    let seen = solves_to(&RELABEL_AND_EXPAND, &[6, 3, 2, 8, 7, 1, 5, 4, 10, 9]);
    assert!(seen.inner_expansions >= 1, "{seen:?}");
    check(10, &from_one(&RELABEL_AND_EXPAND), true);
}

#[test]
fn weights_near_the_bound() {
    let top = MAX_WEIGHT;
    let edges = [
        (0, 1, top - 2),
        (1, 2, top),
        (0, 2, top - 1),
        (2, 3, top - 3),
    ];
    check(4, &edges, false);
    // The blossom cases again, every weight raised to just under the bound.
    for graph in [
        &SHRINK_THEN_AUGMENT[..],
        &NESTED,
        &INNER_EXPANSION,
        &RELABEL_AND_EXPAND,
    ] {
        let vertices = graph.iter().map(|&(a, b, _)| a.max(b)).max().unwrap_or(0);
        let edges = from_one(graph);
        for max_cardinality in [false, true] {
            let limit = weight_limit(vertices, max_cardinality);
            let raised: Edges = edges
                .iter()
                .map(|&(a, b, w)| (a, b, limit - 50 + w))
                .collect();
            check(vertices, &raised, max_cardinality);
        }
    }
}

#[test]
fn refuses_bad_graphs() {
    let too_many = MAX_VERTICES + 1;
    assert_eq!(
        max_weight_matching(too_many, &[], false),
        Err(MatchingError::TooManyVertices { vertices: too_many })
    );
    assert_eq!(
        max_weight_matching(3, &[(0, 1, 1), (1, 3, 1)], false),
        Err(MatchingError::VertexOutOfRange {
            edge: 1,
            vertex: 3,
            vertices: 3
        })
    );
    assert_eq!(
        max_weight_matching(3, &[(2, 2, 1)], false),
        Err(MatchingError::SelfLoop { edge: 0, vertex: 2 })
    );
    assert_eq!(
        max_weight_matching(3, &[(0, 1, 1), (2, 1, 2), (1, 0, 3)], false),
        Err(MatchingError::DuplicateEdge {
            first: 0,
            second: 2,
            a: 0,
            b: 1
        })
    );
    assert_eq!(
        max_weight_matching(2, &[(0, 1, MAX_WEIGHT + 1)], false),
        Err(MatchingError::WeightTooLarge {
            edge: 0,
            weight: MAX_WEIGHT + 1,
            limit: MAX_WEIGHT
        })
    );
    let limit = weight_limit(2, true);
    assert_eq!(limit, (MAX_WEIGHT - 1) / 2);
    assert!(max_weight_matching(2, &[(0, 1, limit)], true).is_ok());
    assert_eq!(
        max_weight_matching(2, &[(0, 1, limit + 1)], true),
        Err(MatchingError::WeightTooLarge {
            edge: 0,
            weight: limit + 1,
            limit
        })
    );
    let message = MatchingError::SelfLoop { edge: 0, vertex: 2 }.to_string();
    assert_eq!(message, "edge 0 joins vertex 2 to itself");
}

#[test]
fn complete_graphs_certified() {
    let mut random = renju_records::random::SplitMix64::new(38);
    for vertices in [30, 61, 100] {
        let mut edges = Edges::new();
        for a in 0..vertices {
            for b in a + 1..vertices {
                edges.push((a, b, Weight::from(random.next_u64() >> 54)));
            }
        }
        assert_certified(vertices, &edges, false);
        assert_certified(vertices, &edges, true);
    }
}

/// Random graphs of `vertices` vertices, each pair an edge with probability
/// `density`, with small weights (many ties), weights over the whole allowed range, or
/// weights within `near` of the bound (`scale` 0, 1 or 2); edges in a random order.
fn random_graphs(
    vertices: impl Strategy<Value = usize>,
    density: impl Strategy<Value = f64>,
    near: Weight,
) -> impl Strategy<Value = (usize, Edges, bool)> {
    (vertices, density, any::<bool>(), 0u8..3).prop_flat_map(
        move |(vertices, density, max_cardinality, scale)| {
            let limit = weight_limit(vertices, max_cardinality);
            let weight = match scale {
                0 => (0..=20u128).boxed(),
                1 => (0..=limit).boxed(),
                _ => (limit - near..=limit).boxed(),
            };
            let pairs: Vec<(usize, usize)> = (0..vertices)
                .flat_map(|a| (a + 1..vertices).map(move |b| (a, b)))
                .collect();
            let count = pairs.len();
            let edges =
                proptest::collection::vec(proptest::option::weighted(density, weight), count)
                    .prop_map(move |weights| {
                        pairs
                            .iter()
                            .zip(weights)
                            .filter_map(|(&(a, b), w)| w.map(|w| (a, b, w)))
                            .collect::<Edges>()
                    })
                    .prop_shuffle();
            (Just(vertices), edges, Just(max_cardinality))
        },
    )
}

/// Graphs of up to 10 vertices, for the brute force.
fn graphs() -> impl Strategy<Value = (usize, Edges, bool)> {
    random_graphs(0usize..=10, Just(0.6), 40)
}

/// Graphs of 11 to 60 vertices, sparse or dense, for the certificate.
fn large_graphs() -> impl Strategy<Value = (usize, Edges, bool)> {
    random_graphs(11usize..=60, 0.05f64..0.9, 1000)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// On graphs too large to try every matching, the final duals prove the optimum.
    #[test]
    fn large_graphs_certified((vertices, edges, max_cardinality) in large_graphs()) {
        assert_certified(vertices, &edges, max_cardinality);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    /// The matching weighs as much as the best of all matchings (with as many pairs, when
    /// asked), is symmetric and uses only the graph's edges.
    #[test]
    fn matches_brute_force((vertices, edges, max_cardinality) in graphs()) {
        check(vertices, &edges, max_cardinality);
    }

    /// Edges are undirected: naming every edge's ends the other way round finds a
    /// matching as good.
    #[test]
    fn edge_direction_is_irrelevant((vertices, edges, max_cardinality) in graphs()) {
        let reversed: Edges = edges.iter().map(|&(a, b, w)| (b, a, w)).collect();
        check(vertices, &reversed, max_cardinality);
    }
}

/// A complete graph's weights changed vertex by vertex: `(vertices, initial weights by
/// pair, then rounds of (vertex, its new weights))`. Small weights, many ties and zeros
/// (no edge), as a pairing's raises make them.
#[allow(clippy::type_complexity)]
fn changing_graphs() -> impl Strategy<Value = (usize, Vec<Weight>, Vec<Vec<(usize, Vec<Weight>)>>)>
{
    (2usize..=8).prop_flat_map(|n| {
        let pairs = n * (n - 1) / 2;
        let weight = prop_oneof![Just(0u128), 0u128..6, 0u128..40];
        (
            Just(n),
            proptest::collection::vec(weight.clone(), pairs),
            proptest::collection::vec(
                proptest::collection::vec((0..n, proptest::collection::vec(weight, n)), 1..4),
                1..6,
            ),
        )
    })
}

/// The edges of non-zero weight of a complete graph's weights (by `a > b` pairs in
/// order).
fn nonzero_edges(n: usize, weights: &[Weight]) -> Edges {
    let mut edges = Vec::new();
    let mut k = 0;
    for a in 1..n {
        for b in 0..a {
            if weights[k] > 0 {
                edges.push((a, b, weights[k]));
            }
            k += 1;
        }
    }
    edges
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    /// After every round of changes the repaired matching weighs as much as the best of
    /// all matchings of the current weights, and uses no edge of weight zero.
    #[test]
    fn incremental_matching_stays_optimal(
        (n, initial, rounds) in changing_graphs(),
        repair_only in any::<bool>(),
    ) {
        let mut weights = initial;
        let mut matching = if repair_only {
            IncrementalMatching::<Weight>::always_repairing(n)
        } else {
            IncrementalMatching::<Weight>::new(n)
        };
        let slot = |a: usize, b: usize| {
            let (hi, lo) = (a.max(b), a.min(b));
            hi * (hi - 1) / 2 + lo
        };
        for a in 1..n {
            for b in 0..a {
                matching.set(a, b, weights[slot(a, b)]);
            }
        }
        for changes in std::iter::once(Vec::new()).chain(rounds) {
            for (v, new) in changes {
                for (x, &w) in new.iter().enumerate().filter(|&(x, _)| x != v) {
                    weights[slot(v, x)] = w;
                    matching.set(v, x, w);
                }
            }
            matching.solve();
            let edges = nonzero_edges(n, &weights);
            let mates: Vec<Option<usize>> = (0..n).map(|v| matching.mate(v)).collect();
            let (_, weight) = measure(n, &edges, &mates);
            let (_, best) = brute_force(n, &edges, false);
            prop_assert_eq!(weight, best, "mates {:?} weights {:?}", mates, weights);
        }
    }
}
