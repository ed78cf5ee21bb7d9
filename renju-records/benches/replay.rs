//! Replay + validation throughput, in moves per second, with full forbidden checking of
//! every black move: the RenLib libraries (every root-to-leaf line) and the SGF trees
//! (every variation) of `../shared/data`, single-threaded and on all cores. Skips, saying
//! why, when the shared data is absent.

use std::hint::black_box;
use std::path::PathBuf;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use renju_records::clock::{Clock, ClockOptions};
use renju_records::formats::Format;
use renju_records::game::Event;
use renju_records::report::validate;
use renju_records::{Game, TimeControl, ValidationOptions};

fn load(dir: &str, ext: &str, format: Format) -> Vec<Game> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../shared/data")
        .join(dir);
    let Ok(entries) = std::fs::read_dir(&root) else {
        return Vec::new();
    };
    let mut paths: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == ext))
        .collect();
    paths.sort();
    paths
        .iter()
        .flat_map(|p| format.read(&std::fs::read(p).unwrap(), p.to_str()))
        .filter_map(Result::ok)
        .collect()
}

/// `game` with a time control and a reading (time taken and time left) after each move.
fn with_times(game: &Game) -> Game {
    let control: TimeControl = "1800+10".parse().unwrap();
    let mut clock = Clock::new(&control, ClockOptions::default()).unwrap();
    let mut timed = game.clone();
    timed.time_control = Some(control);
    timed.events.clear();
    for event in &game.events {
        timed.events.push(event.clone());
        if matches!(
            event,
            Event::Stone { .. } | Event::Pass | Event::FifthOffers { .. }
        ) {
            let mover = clock.to_move();
            let left = clock
                .press(1500)
                .map(|s| s.side(mover).time_left_ms)
                .unwrap_or(0);
            timed.events.push(Event::MoveTime {
                elapsed_ms: Some(1500),
                left_ms: Some(left),
                moves_left: None,
            });
        }
    }
    timed
}

fn bench(c: &mut Criterion) {
    let options = ValidationOptions::default();
    for (name, games) in [
        ("renlib", load("renlib", "lib", Format::RenLib)),
        ("sgf", load("sgf", "sgf", Format::Sgf)),
    ] {
        if games.is_empty() {
            eprintln!("SKIPPED replay/{name}: ../shared/data is absent or unreadable");
            continue;
        }
        let moves: usize = games.iter().map(|g| g.moves().count()).sum();
        eprintln!("replay/{name}: {} games, {moves} moves", games.len());
        let mut g = c.benchmark_group(format!("replay/{name}"));
        g.throughput(Throughput::Elements(moves as u64));
        g.sample_size(10);
        g.bench_function("one_core", |b| {
            b.iter(|| {
                for game in &games {
                    black_box(game.validate(&options));
                }
            })
        });
        // The same records with a clock reading after every move (1.5 s taken, the time
        // left as the clock computes it), replayed under 30 minutes + 10 s: the cost of
        // clocks against the same records without times, in one run.
        let timed: Vec<Game> = games.iter().map(with_times).collect();
        g.bench_function("one_core_untimed_baseline", |b| {
            b.iter(|| {
                for game in &games {
                    black_box(game.validate(&options));
                }
            })
        });
        g.bench_function("one_core_timed", |b| {
            b.iter(|| {
                for game in &timed {
                    black_box(game.validate(&options));
                }
            })
        });
        let records: Vec<_> = games.iter().cloned().map(Ok).collect();
        g.bench_function("all_cores", |b| {
            b.iter(|| black_box(validate(&records, &options)))
        });
        g.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
