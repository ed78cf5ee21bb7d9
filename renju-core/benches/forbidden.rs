//! Forbidden-move benchmarks on 200 committed midgame positions
//! (`fixtures/bench/midgame_positions.txt`): 150 real game prefixes and 50 dense random
//! games.
//!
//! * `map/built`: the forbidden map of an already-built position;
//! * `map/from_stones`: the same from a bare stone list (build + map);
//! * `map/forbidden_masks`: the batch masks of all positions from their cells (build +
//!   map, on the calling thread without the `parallel` feature);
//! * `point/quiet`, `point/flagged`: one point's fouls, at points that need no recursion
//!   and at the points flagged as possibly forbidden;
//! * `play_undo`: place a stone and take it back;
//! * `reference/map`: the slow reference judge of the test suite (the baseline).
//!
//! Each iteration covers all positions (or points); divide by the throughput count.

#[path = "../tests/reference/mod.rs"]
mod reference;

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, BatchSize, Criterion, Throughput};
use renju_core::batch::{forbidden_masks, MaskValues};
use renju_core::{Board, Color, Move, Point, Position, RenjuOptions, RuleSet, Verdict};

fn positions() -> Vec<Position> {
    let text = include_str!("../../fixtures/bench/midgame_positions.txt");
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| Position::from_moves(l).expect("bench positions are legal games"))
        .collect()
}

fn bench(c: &mut Criterion) {
    let positions = positions();
    assert_eq!(positions.len(), 200);
    bench_map(c, &positions);
    bench_points(c, &positions);
    bench_play_undo(c, &positions);
    bench_reference(c, &positions);
}

/// `map/built` and `map/from_stones`.
fn bench_map(c: &mut Criterion, positions: &[Position]) {
    let stone_lists: Vec<Vec<(Point, Color)>> = positions
        .iter()
        .map(|p| p.board().stones().collect())
        .collect();
    let n = positions.len() as u64;

    let mut g = c.benchmark_group("map");
    g.throughput(Throughput::Elements(n));
    g.bench_function("built", |b| {
        b.iter(|| {
            for p in positions {
                black_box(p.forbidden_points());
            }
        })
    });
    g.bench_function("from_stones", |b| {
        b.iter(|| {
            for stones in &stone_lists {
                let board = Board::from_stones(15, stones.iter().copied()).unwrap();
                let pos = Position::from_board(board, RuleSet::Renju, Color::Black).unwrap();
                black_box(pos.forbidden_points());
            }
        })
    });
    let mut cells = vec![0u8; 225 * positions.len()];
    for (pos, out) in positions.iter().zip(cells.chunks_mut(225)) {
        pos.board().write_cells(out);
    }
    let options = RenjuOptions::default();
    g.bench_function("forbidden_masks", |b| {
        b.iter(|| {
            black_box(
                forbidden_masks(&cells, 15, RuleSet::Renju, &options, MaskValues::Flags).unwrap(),
            );
        })
    });
    g.finish();
}

/// `point/quiet` and `point/flagged`.
fn bench_points(c: &mut Criterion, positions: &[Position]) {
    // Points: every empty point of every position, split by whether the quick filter
    // flags it (a forbidden map entry needs at least that).
    let mut quiet = Vec::new();
    let mut flagged = Vec::new();
    for (i, pos) in positions.iter().enumerate() {
        let mut scratch = pos.clone();
        for p in pos.board().empty_points() {
            // A point is "flagged" when it has two candidate threes, two fours or an
            // overline: the explanation lists them.
            let ex = scratch.explain(p).unwrap();
            let candidate = ex
                .threes
                .iter()
                .filter(|t| !t.completions.is_empty())
                .count()
                >= 2
                || ex.fours.len() >= 2
                || !ex.overlines.is_empty();
            if candidate && ex.fives.is_empty() {
                flagged.push((i, p));
            } else {
                quiet.push((i, p));
            }
        }
        let _ = scratch.undo();
    }
    let mut g = c.benchmark_group("point");
    g.throughput(Throughput::Elements(quiet.len() as u64));
    g.bench_function("quiet", |b| {
        b.iter(|| {
            for &(i, p) in &quiet {
                black_box(positions[i].fouls_at(p).unwrap());
            }
        })
    });
    g.throughput(Throughput::Elements(flagged.len().max(1) as u64));
    g.bench_function("flagged", |b| {
        b.iter(|| {
            for &(i, p) in &flagged {
                black_box(positions[i].fouls_at(p).unwrap());
            }
        })
    });
    g.finish();
}

/// `play_undo/all`.
fn bench_play_undo(c: &mut Criterion, positions: &[Position]) {
    let n = positions.len() as u64;
    // Place + undo: the first empty point of each position where the move continues.
    let moves: Vec<Move> = positions
        .iter()
        .map(|pos| {
            pos.board()
                .empty_points()
                .map(Move::Stone)
                .find(|&m| pos.verdict(m) == Ok(Verdict::Continues))
                .expect("a quiet move exists")
        })
        .collect();
    let mut g = c.benchmark_group("play_undo");
    g.throughput(Throughput::Elements(n));
    g.bench_function("all", |b| {
        b.iter_batched_ref(
            || positions.to_vec(),
            |ps| {
                for (pos, &mv) in ps.iter_mut().zip(&moves) {
                    black_box(pos.play(mv).unwrap());
                    pos.undo();
                }
            },
            BatchSize::LargeInput,
        )
    });
    g.finish();
}

/// `reference/map`: the slow reference judge.
fn bench_reference(c: &mut Criterion, positions: &[Position]) {
    let n = positions.len() as u64;
    let refs: Vec<reference::RefBoard> = positions
        .iter()
        .map(|pos| {
            let mut r = reference::RefBoard::new(15);
            for (p, c) in pos.board().stones() {
                let cell = match c {
                    Color::Black => reference::Cell::Black,
                    Color::White => reference::Cell::White,
                };
                r.set(p.x() as usize, p.y() as usize, cell);
            }
            r
        })
        .collect();
    let mut g = c.benchmark_group("reference");
    g.throughput(Throughput::Elements(n));
    g.sample_size(10);
    g.bench_function("map", |b| {
        b.iter(|| {
            for r in &refs {
                black_box(reference::forbidden_map(r, false));
            }
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
