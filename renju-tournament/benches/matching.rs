//! The matching core on a whole round of a large Swiss: every pair of 500 players an
//! edge (124,750 edges), weighed two ways: plain random weights below 2²⁰, and weights
//! laid out as a pairing system's criteria (a score-group field in the high bits of a
//! 120-bit weight, a rating-gap field in the low bits), with and without
//! `max_cardinality`.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use renju_records::random::SplitMix64;
use renju_tournament::pairing::matching::{max_weight_matching, Weight};

/// Players in the round.
const PLAYERS: usize = 500;

/// Every pair of `players`, weighed by `weigh`.
fn complete(
    players: usize,
    mut weigh: impl FnMut(usize, usize) -> Weight,
) -> Vec<(usize, usize, Weight)> {
    let mut edges = Vec::with_capacity(players * (players - 1) / 2);
    for a in 0..players {
        for b in a + 1..players {
            edges.push((a, b, weigh(a, b)));
        }
    }
    edges
}

/// Random weights below 2²⁰.
fn random_weights(players: usize) -> Vec<(usize, usize, Weight)> {
    let mut random = SplitMix64::new(38);
    complete(players, |_, _| Weight::from(random.next_u64() >> 44))
}

/// A Swiss round's shape: 11 score groups; a pair in one group is worth the most, then
/// the closer the groups the better (bits 100 and up), then the closer the ratings
/// (bits 0 to 40).
fn criteria_weights(players: usize) -> Vec<(usize, usize, Weight)> {
    let mut random = SplitMix64::new(42);
    let scores: Vec<u64> = (0..players)
        .map(|_| random.below_by_remainder(11))
        .collect();
    let ratings: Vec<u64> = (0..players)
        .map(|_| 1200 + random.below_by_remainder(1400))
        .collect();
    complete(players, |a, b| {
        let group_closeness = Weight::from(10 - scores[a].abs_diff(scores[b]));
        let rating_closeness = Weight::from(1400 - ratings[a].abs_diff(ratings[b]));
        (group_closeness << 100) | rating_closeness
    })
}

fn bench(c: &mut Criterion) {
    let random = random_weights(PLAYERS);
    let criteria = criteria_weights(PLAYERS);
    let mut g = c.benchmark_group("matching");
    g.sample_size(10);
    g.measurement_time(std::time::Duration::from_secs(10));
    g.bench_function("complete-500-random-weights", |b| {
        b.iter(|| max_weight_matching(PLAYERS, black_box(&random), false))
    });
    g.bench_function("complete-500-criteria-weights", |b| {
        b.iter(|| max_weight_matching(PLAYERS, black_box(&criteria), false))
    });
    g.bench_function("complete-500-criteria-weights-max-cardinality", |b| {
        b.iter(|| max_weight_matching(PLAYERS, black_box(&criteria), true))
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
