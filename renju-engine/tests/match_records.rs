//! The records of seeded matches against the test engine of `examples/test_engine.rs`
//! (untimed, timed with a loss on time and a turn limit, forfeits, Swap2): each
//! validates, from the record alone, to the runner's outcome. With
//! `RENJU_MATCH_RECORDS=<dir>` set, every record is also written there as a move list,
//! as SGF and as its parts, the times of the moves masked (they are the wall clock's),
//! so that two builds can be compared byte for byte.

use std::path::PathBuf;

use renju_engine::matches::{run, EngineSpec, GomocupLimits, MatchOptions, MatchReport};
use renju_records::formats::Format;
use renju_records::{Event, Game, OpeningRule, ValidationOptions};

mod test_engine;
use test_engine::engine;

fn two(a: EngineSpec, b: EngineSpec, games: u32) -> MatchOptions {
    MatchOptions {
        engines: vec![a, b],
        games,
        repeat: true,
        keep_records: true,
        event: "Seeded".into(),
        ..MatchOptions::default()
    }
}

/// The seeded matches: untimed, timed with a loss on time, forfeits, Swap2, a draw
/// after N stones.
fn matches() -> Vec<(&'static str, MatchOptions)> {
    let (control, turn) = "0.4".parse::<GomocupLimits>().unwrap().clock().unwrap();
    let timed_seeded = "3+0.5".parse::<GomocupLimits>().unwrap().clock().unwrap();
    let random = |seed: u32| format!("--mode random --seed {seed}");
    vec![
        (
            "untimed",
            two(engine("r1", &random(1)), engine("r2", &random(2)), 4),
        ),
        (
            "timed",
            MatchOptions {
                time_control: Some(timed_seeded.0.clone()),
                turn_limit_ms: timed_seeded.1,
                ..two(engine("t1", &random(3)), engine("t2", &random(4)), 2)
            },
        ),
        (
            "time-loss",
            MatchOptions {
                time_control: Some(control),
                turn_limit_ms: turn,
                ..two(
                    engine("slow", "--mode slow --after 1"),
                    engine("quick", &random(5)),
                    2,
                )
            },
        ),
        (
            "forfeits",
            two(
                engine("bad", "--mode garbage --after 2"),
                engine("good", &random(6)),
                2,
            ),
        ),
        (
            "illegal",
            two(
                engine("bad", "--mode illegal --after 2"),
                engine("good", &random(7)),
                2,
            ),
        ),
        (
            "swap2",
            MatchOptions {
                opening: OpeningRule::Swap2,
                rule_set: renju_core::RuleSet::Freestyle,
                ..two(
                    engine("s1", &format!("{} --swap2 two", random(8))),
                    engine("s2", &format!("{} --swap2 swap", random(9))),
                    2,
                )
            },
        ),
        (
            "timed-swap2",
            MatchOptions {
                opening: OpeningRule::Swap2,
                rule_set: renju_core::RuleSet::Freestyle,
                time_control: Some(timed_seeded.0.clone()),
                ..two(
                    engine("s1", &format!("{} --swap2 two", random(12))),
                    engine("s2", &format!("{} --swap2 stay", random(13))),
                    2,
                )
            },
        ),
        (
            "timed-openings",
            MatchOptions {
                time_control: Some(timed_seeded.0.clone()),
                openings: ["h8 h9 i8", "h8 i9 j8"]
                    .iter()
                    .map(|m| Game::from_moves(m).unwrap())
                    .collect(),
                ..two(engine("o1", &random(14)), engine("o2", &random(15)), 2)
            },
        ),
        (
            "draw-after",
            MatchOptions {
                draw_after: Some(20),
                ..two(engine("d1", &random(10)), engine("d2", &random(11)), 2)
            },
        ),
    ]
}

/// `game` with every move's time masked: present readings become 0.
fn masked(game: &Game) -> Game {
    let mut game = game.clone();
    for event in &mut game.events {
        if let Event::MoveTime {
            elapsed_ms,
            left_ms,
            ..
        } = event
        {
            *elapsed_ms = elapsed_ms.map(|_| 0);
            *left_ms = left_ms.map(|_| 0);
        }
    }
    game
}

/// The time-left readings of a record's moves.
fn time_left(record: &Game) -> Vec<Option<u64>> {
    let times = record.events.iter().filter_map(|e| match e {
        Event::MoveTime { left_ms, .. } => Some(*left_ms),
        _ => None,
    });
    times.collect()
}

/// The time-left readings a replay of the record's clock gives, at every move but a
/// swap (which has no reading of its own): what a timed record carries.
fn replayed_time_left(record: &Game, validation: &ValidationOptions) -> Vec<Option<u64>> {
    let replay = record.replay(validation);
    let mut number = 0usize;
    let mut after_swap = false;
    let mut out = Vec::new();
    for event in &record.events {
        match event {
            Event::Stone { .. } | Event::Pass | Event::FifthOffers { .. } => {
                number += 1;
                after_swap = false;
            }
            Event::Swap { swap: true } => after_swap = true,
            Event::MoveTime { left_ms, .. } => {
                let clock = replay.clock.iter().find(|c| c.move_number == number);
                out.push(match clock {
                    Some(c) if !after_swap && validation.time_control.is_some() => {
                        let state = &c.state;
                        Some(state.side(state.to_move.opponent()).time_left_ms)
                    }
                    _ => *left_ms,
                });
            }
            _ => {}
        }
    }
    out
}

fn dump(dir: &std::path::Path, name: &str, report: &MatchReport) {
    for g in &report.games {
        let record = masked(&g.record_with_result().unwrap());
        let stem = dir.join(format!("{name}-{}", g.index + 1));
        for (format, ext) in [(Format::MoveList, "txt"), (Format::Sgf, "sgf")] {
            let text = format.write(&[format.fit(&record)]).unwrap();
            std::fs::write(stem.with_extension(ext), text).unwrap();
        }
        let parts = format!(
            "{:?}\n{:?}\n{}\n{:?}\n",
            record.id, record.tags, g.reason, record.events
        );
        std::fs::write(stem.with_extension("parts"), parts).unwrap();
    }
}

#[test]
fn validating_a_matchs_record_gives_the_same_outcome() {
    let dir = std::env::var_os("RENJU_MATCH_RECORDS").map(PathBuf::from);
    for (name, options) in matches() {
        let report = run(&options, &mut |_, _| {}).unwrap();
        for g in &report.games {
            assert!(g.validated, "{name} game {}", g.index);
            let record = g.record.as_ref().unwrap();
            let validation = ValidationOptions {
                rule_set: options.rule_set,
                opening: options.opening,
                time_control: options.time_control.clone(),
                ..ValidationOptions::default()
            };
            let again = record.validate(&validation);
            assert_eq!(again.outcome, g.outcome, "{name} game {}", g.index);
            assert_eq!(
                time_left(record),
                replayed_time_left(record, &validation),
                "{name} game {}",
                g.index
            );
        }
        if let Some(dir) = &dir {
            std::fs::create_dir_all(dir).unwrap();
            dump(dir, name, &report);
        }
    }
}
