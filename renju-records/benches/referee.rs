//! The live referee's cost per move against the board alone, on the same games: each
//! `place` with the full status (every legal point, Black's forbidden points) against
//! `Position::play` plus `Position::forbidden_points`, and the JSON-lines form
//! (`Referee::handle_json`, what `renju referee` does per line). The games are the
//! fixture games of `fixtures/games/sample.txt` and random legal games from a fixed
//! seed, so the run needs nothing outside the repository.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use renju_core::{Move, Point, Position, RuleSet};
use renju_records::referee::{Action, Referee, RefereeOptions, Request};

/// Random legal games of the free opening, played to their end (or 120 moves).
fn games() -> Vec<Vec<Point>> {
    let mut state: u64 = 0x5EED;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    (0..40)
        .map(|_| {
            let mut pos = Position::new(RuleSet::Renju);
            let mut moves = Vec::new();
            while pos.outcome().is_none() && moves.len() < 120 {
                let empty: Vec<Point> = (0..15u8)
                    .flat_map(|y| (0..15u8).filter_map(move |x| Point::new(x, y)))
                    .filter(|&p| pos.board().get(p).is_none())
                    .collect();
                let p = empty[(next() % empty.len() as u64) as usize];
                pos.play(Move::Stone(p)).unwrap();
                moves.push(p);
            }
            moves
        })
        .collect()
}

fn bench(c: &mut Criterion) {
    let games = games();
    let moves: u64 = games.iter().map(|g| g.len() as u64).sum();
    let mut group = c.benchmark_group("referee");
    group.throughput(Throughput::Elements(moves));
    group.bench_function("baseline: Position::play + forbidden_points", |b| {
        b.iter(|| {
            for game in &games {
                let mut pos = Position::new(RuleSet::Renju);
                for &p in game {
                    black_box(pos.play(Move::Stone(p)).unwrap());
                    black_box(pos.forbidden_points());
                }
            }
        })
    });
    group.bench_function("Referee::act(place) with the full status", |b| {
        b.iter(|| {
            for game in &games {
                let mut referee = Referee::new(RefereeOptions::default()).unwrap();
                for &point in game {
                    black_box(referee.act(Request::new(Action::Place { point })).unwrap());
                }
            }
        })
    });
    group.bench_function("Referee::handle_json (one pipe line)", |b| {
        let lines: Vec<Vec<String>> = games
            .iter()
            .map(|g| {
                g.iter()
                    .map(|p| format!(r#"{{"action":"place","point":"{p}"}}"#))
                    .collect()
            })
            .collect();
        b.iter(|| {
            for game in &lines {
                let mut referee = Referee::new(RefereeOptions::default()).unwrap();
                for line in game {
                    black_box(referee.handle_json(line));
                }
            }
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
