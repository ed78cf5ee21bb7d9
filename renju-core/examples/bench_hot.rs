//! Rust-side timings for `renju-py/bench/bench_hot_paths.py`: the core doing the work
//! each Python hot path wraps, on the same positions, as JSON (microseconds per
//! position, best of `repeat` runs).
//!
//! ```text
//! cargo run --release -p renju-core --example bench_hot -- POSITIONS.txt [REPEAT]
//! ```
//!
//! POSITIONS.txt: one Renju move list per line.

use std::hint::black_box;
use std::time::Instant;

use renju_core::batch::{self, MaskValues};
use renju_core::{Board, Color, Position, RenjuOptions, RuleSet};

fn best(repeat: usize, n: usize, mut run: impl FnMut()) -> f64 {
    let mut best = f64::INFINITY;
    for _ in 0..repeat {
        let start = Instant::now();
        run();
        best = best.min(start.elapsed().as_secs_f64());
    }
    best * 1e6 / n as f64
}

fn main() {
    let mut args = std::env::args().skip(1);
    let path = args
        .next()
        .expect("usage: bench_hot POSITIONS.txt [REPEAT]");
    let repeat: usize = args
        .next()
        .map_or(3, |r| r.parse().expect("a repeat count"));
    let text = std::fs::read_to_string(&path).expect("readable positions");
    let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
    let positions: Vec<Position> = lines
        .iter()
        .map(|l| Position::from_moves(l).unwrap())
        .collect();
    let diagrams: Vec<String> = positions.iter().map(|p| p.board().to_diagram()).collect();
    let n = positions.len();
    let mut cells = vec![0u8; n * 225];
    for (p, c) in positions.iter().zip(cells.chunks_mut(225)) {
        p.board().write_cells(c);
    }
    let opts = RenjuOptions::default();
    let one = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .unwrap();
    let mut out = Vec::new();
    out.push((
        "moves",
        best(repeat, n, || {
            for l in &lines {
                black_box(Position::from_moves(l).unwrap());
            }
        }),
    ));
    out.push((
        "diagram_map",
        best(repeat, n, || {
            for d in &diagrams {
                let b = Board::from_diagram(d).unwrap();
                let p = Position::from_board(b, RuleSet::Renju, Color::Black).unwrap();
                black_box(p.forbidden_points());
            }
        }),
    ));
    out.push((
        "map_built",
        best(repeat, n, || {
            for p in &positions {
                black_box(p.forbidden_points());
            }
        }),
    ));
    out.push((
        "cells_map",
        best(repeat, n, || {
            for c in cells.chunks(225) {
                let b = Board::from_cells(15, c).unwrap();
                let p = Position::from_board(b, RuleSet::Renju, Color::Black).unwrap();
                black_box(p.forbidden_points());
            }
        }),
    ));
    let masks = |values| batch::forbidden_masks(&cells, 15, RuleSet::Renju, &opts, values);
    out.push((
        "batch_1core",
        best(repeat, n, || {
            one.install(|| black_box(masks(MaskValues::Flags).unwrap()));
        }),
    ));
    out.push((
        "batch_all",
        best(repeat, n, || {
            black_box(masks(MaskValues::Flags).unwrap());
        }),
    ));
    let points: usize = positions.iter().map(|p| p.forbidden_points().len()).sum();
    let fields: Vec<String> = out
        .iter()
        .map(|(k, v)| format!("\"{k}\": {v:.4}"))
        .collect();
    println!(
        "{{\"positions\": {n}, \"forbidden_points\": {points}, \"threads\": {}, {}}}",
        rayon::current_num_threads(),
        fields.join(", ")
    );
}
