//! Rust-side timings for `renju-py/bench/bench_referee.py`: the live referee playing the
//! committed benchmark games move by move, with the full status after every move, as
//! JSON (microseconds per move, best of `repeat` runs).
//!
//! ```text
//! cargo run --release -p renju-py --example bench_referee -- POSITIONS.txt [REPEAT]
//! ```
//!
//! POSITIONS.txt: one Renju move list per line. Each game is played (free opening,
//! automatic fouls) until it ends or a move is refused; the moves played are the
//! workload, the same ones the Python side plays.

use std::hint::black_box;
use std::time::Instant;

use renju_records::referee::{Action, Referee, RefereeOptions, Request};
use renju_records::renju_core::notation::parse_moves;
use renju_records::renju_core::{Move, Point};

fn best(repeat: usize, n: usize, mut run: impl FnMut()) -> f64 {
    let mut best = f64::INFINITY;
    for _ in 0..repeat {
        let start = Instant::now();
        run();
        best = best.min(start.elapsed().as_secs_f64());
    }
    best * 1e6 / n as f64
}

/// The moves of a game the referee accepts, in order (up to the end of the game).
fn playable(moves: &[Move]) -> Vec<Point> {
    let mut referee = Referee::new(RefereeOptions::default()).expect("the default referee");
    let mut points = Vec::new();
    for m in moves {
        let Move::Stone(point) = *m else { break };
        let Ok(status) = referee.act(Request::new(Action::Place { point })) else {
            break;
        };
        points.push(point);
        if status.outcome.is_some() {
            break;
        }
    }
    points
}

fn main() {
    let mut args = std::env::args().skip(1);
    let path = args
        .next()
        .expect("usage: bench_referee POSITIONS.txt [REPEAT]");
    let repeat: usize = args
        .next()
        .map_or(3, |r| r.parse().expect("a repeat count"));
    let text = std::fs::read_to_string(&path).expect("readable positions");
    let games: Vec<Vec<Point>> = text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| playable(&parse_moves(l, 15).expect("a move list")))
        .collect();
    let n: usize = games.iter().map(Vec::len).sum();
    let lines: Vec<Vec<String>> = games
        .iter()
        .map(|g| {
            g.iter()
                .map(|p| format!(r#"{{"action":"place","point":"{p}"}}"#))
                .collect()
        })
        .collect();
    let act = best(repeat, n, || {
        for game in &games {
            let mut referee = Referee::new(RefereeOptions::default()).unwrap();
            for &point in game {
                black_box(referee.act(Request::new(Action::Place { point })).unwrap());
            }
        }
    });
    let take = best(repeat, n, || {
        for game in &games {
            let mut referee = Referee::new(RefereeOptions::default()).unwrap();
            for &point in game {
                referee
                    .take(&Request::new(Action::Place { point }))
                    .unwrap();
            }
            black_box(&referee);
        }
    });
    let json = best(repeat, n, || {
        for game in &lines {
            let mut referee = Referee::new(RefereeOptions::default()).unwrap();
            for line in game {
                black_box(referee.handle_json(line));
            }
        }
    });
    println!(
        r#"{{"games": {}, "moves": {n}, "act_us": {act:.3}, "take_us": {take:.3}, "handle_json_us": {json:.3}}}"#,
        games.len()
    );
}
