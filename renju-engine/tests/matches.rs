//! `renju_engine::matches` against the test engine of `examples/test_engine.rs`: every
//! ending reached and judged right, records that validate to the runner's results, no
//! engine process left behind, and the same results at any concurrency.

use renju_core::{Color, Termination};
use renju_engine::matches::stats::SprtDecision;
use renju_engine::matches::{
    run, run_until, EngineSpec, GameResult, GomocupLimits, MatchError, MatchOptions, MatchReport,
};
use renju_engine::process::Stop;
use renju_records::text::TextError;
use renju_records::{Event, Game, OpeningRule};

mod test_engine;
use test_engine::engine;

fn play(options: MatchOptions) -> MatchReport {
    let options = MatchOptions {
        keep_records: true,
        ..options
    };
    let report = run(&options, &mut |_, _| {}).unwrap();
    for g in &report.games {
        assert!(
            g.validated,
            "game {} does not validate to {}: {:?}",
            g.index,
            g.result,
            g.record.as_ref().unwrap()
        );
        // Validated again here, from the record alone.
        let again = g
            .record
            .as_ref()
            .unwrap()
            .validate(&renju_records::ValidationOptions::default());
        assert_eq!(again.outcome, g.outcome, "game {}", g.index);
    }
    report
}

fn two(a: EngineSpec, b: EngineSpec) -> MatchOptions {
    MatchOptions {
        engines: vec![a, b],
        ..MatchOptions::default()
    }
}

fn winner_name(options_names: &[&str], g: &GameResult) -> Option<String> {
    g.outcome.winner.map(|c| {
        let e = if c == Color::Black { g.black } else { g.white };
        options_names[e].to_string()
    })
}

#[test]
fn a_forbidden_move_loses_and_five_beats_an_overline() {
    let report = play(two(
        engine("foul", "--mode foul"),
        engine("sparse", "--mode sparse"),
    ));
    let g = &report.games[0];
    assert_eq!((g.termination, g.result), (Termination::Forbidden, "0-1"));
    assert_eq!(
        winner_name(&["foul", "sparse"], g).as_deref(),
        Some("sparse")
    );

    let report = play(two(
        engine("five", "--mode five-overline"),
        engine("sparse", "--mode sparse"),
    ));
    let g = &report.games[0];
    assert_eq!(
        (g.termination, g.result),
        (Termination::Five, "1-0"),
        "{}",
        g.reason
    );
    let last = g.record.as_ref().unwrap().moves().last().unwrap();
    assert_eq!(last.to_string(), "h8");
}

#[test]
fn crashes_garbage_illegal_points_and_passes_forfeit() {
    for (mode, words) in [
        ("crash", "crashed"),
        ("garbage", "garbage"),
        ("illegal", "occupied"),
    ] {
        let options = MatchOptions {
            games: 2,
            repeat: true,
            ..two(
                engine("bad", &format!("--mode {mode} --after 2")),
                engine("good", "--mode random"),
            )
        };
        let report = play(options);
        for g in &report.games {
            assert_eq!(g.termination, Termination::Forfeit, "{mode}: {}", g.reason);
            assert!(g.reason.contains(words), "{mode}: {}", g.reason);
            assert_eq!(winner_name(&["bad", "good"], g).as_deref(), Some("good"));
            assert!(g
                .record
                .as_ref()
                .unwrap()
                .events
                .iter()
                .any(|e| matches!(e, Event::Forfeit { .. })));
        }
    }
    let options = MatchOptions {
        no_pass: true,
        ..two(
            engine("passer", "--mode pass --after 1"),
            engine("good", "--mode random"),
        )
    };
    let g = &play(options).games[0];
    assert!(g.reason.contains("passes are not allowed"), "{}", g.reason);
    // Passes allowed: two passes in a row draw.
    let g = &play(two(
        engine("p1", "--mode pass"),
        engine("p2", "--mode pass"),
    ))
    .games[0];
    assert_eq!(g.termination, Termination::TwoPasses, "{}", g.reason);
}

#[test]
fn the_tolerance_is_a_budget_for_the_game_not_a_grace_per_move() {
    // 0.6 s for the game and a 0.5 s tolerance: an engine taking 0.25 s a move is past
    // its flag from its third move on, late by 0.15 s, then 0.25 s each move. Forgiven
    // anew every move it would never lose; in all, its flag falls within a few moves.
    let options = MatchOptions {
        games: 2,
        repeat: true,
        time_control: Some("0.6".parse().unwrap()),
        tolerance_ms: 500,
        ..two(
            engine("steady", "--mode slow --delay 250"),
            engine("quick", "--mode random"),
        )
    };
    let report = play(options);
    for g in &report.games {
        assert_eq!(g.termination, Termination::Time, "{}", g.reason);
        assert_eq!(
            winner_name(&["steady", "quick"], g).as_deref(),
            Some("quick")
        );
        let moves = g
            .record
            .as_ref()
            .unwrap()
            .events
            .iter()
            .filter(|e| matches!(e, Event::Stone { .. }))
            .count();
        assert!(moves <= 16, "{moves} stones: the flag fell late");
        assert!(g.validated);
    }
}

#[test]
fn a_silent_engine_loses_on_time_and_is_killed_with_its_children() {
    let dir = std::env::temp_dir().join(format!("renju-match-pids-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let slow = format!("--mode slow --after 1 --pid-dir {} --child", dir.display());
    let report = slow_loses_on_time(&slow, "0.4");
    for g in &report.games {
        assert!(g
            .record
            .as_ref()
            .unwrap()
            .events
            .iter()
            .any(|e| matches!(e, Event::MoveTime { .. })));
    }
    // The slow engine, silent past YXSTOP, was killed after each game and started
    // again: two engines, each with a child, and none of them is alive now.
    let pids = pids_in(&dir);
    assert_eq!(pids.len(), 4, "{pids:?}");
    for pid in pids {
        let cmd = std::fs::read_to_string(format!("/proc/{pid}/cmdline")).unwrap_or_default();
        let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
        assert!(
            !alive(pid),
            "process {pid} outlived its game: {cmd:?} {stat}"
        );
    }
}

/// Two games of `slow` (the test engine with `slow_args`) against a quick engine under
/// Gomocup `limits`: `slow` loses both on time.
fn slow_loses_on_time(slow_args: &str, limits: &str) -> MatchReport {
    let (control, turn) = limits.parse::<GomocupLimits>().unwrap().clock().unwrap();
    let options = MatchOptions {
        games: 2,
        repeat: true,
        time_control: Some(control),
        turn_limit_ms: turn,
        ..two(engine("slow", slow_args), engine("quick", "--mode random"))
    };
    let report = play(options);
    for g in &report.games {
        assert_eq!(g.termination, Termination::Time, "{}", g.reason);
        assert_eq!(winner_name(&["slow", "quick"], g).as_deref(), Some("quick"));
    }
    report
}

/// Whether a process runs (a zombie, waiting for a parent that is gone, does not).
fn alive(pid: u32) -> bool {
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        Ok(stat) => {
            let state = stat.rsplit(')').next().unwrap_or("").trim_start();
            !state.starts_with('Z') && !state.starts_with('X')
        }
        Err(_) => false,
    }
}

#[test]
fn swap2_is_asked_with_swap2board_and_falls_back_without_it() {
    for answer in ["swap", "stay", "two"] {
        let options = MatchOptions {
            opening: OpeningRule::Swap2,
            rule_set: renju_core::RuleSet::Freestyle,
            games: 2,
            repeat: true,
            ..two(
                engine("s1", &format!("--mode random --swap2 {answer}")),
                engine("s2", &format!("--mode random --seed 7 --swap2 {answer}")),
            )
        };
        let report = play(options);
        for g in &report.games {
            let swaps = g
                .record
                .as_ref()
                .unwrap()
                .events
                .iter()
                .filter(|e| matches!(e, Event::Swap { .. }))
                .count();
            assert!(
                swaps >= 1,
                "{answer}: {:?}",
                g.record.as_ref().unwrap().events
            );
            assert!(g.notes.is_empty(), "{:?}", g.notes);
            if answer == "swap" {
                // The second player took Black.
                assert_eq!(g.black, g.seats[1], "{answer}");
            }
        }
    }
    let options = MatchOptions {
        opening: OpeningRule::Swap2,
        ..two(
            engine("plain1", "--mode random"),
            engine("plain2", "--mode random --seed 3"),
        )
    };
    let report = play(options);
    let g = &report.games[0];
    assert!(
        g.notes
            .iter()
            .any(|n| n.contains("does not support SWAP2BOARD")),
        "{:?}",
        g.notes
    );
    // Engines of the usual template answer UNKNOWN to every line of SWAP2BOARD (the
    // command, the stones, DONE): those answers are not taken for their moves.
    let options = MatchOptions {
        opening: OpeningRule::Swap2,
        games: 4,
        ..two(
            engine("template1", "--mode random --template"),
            engine("template2", "--mode random --seed 3 --template"),
        )
    };
    let report = play(options);
    for g in &report.games {
        assert_ne!(
            g.termination,
            Termination::Forfeit,
            "{}: {:?}",
            g.reason,
            g.notes
        );
        assert!(g.validated);
    }
}

#[test]
fn swap2board_stones_go_as_fields_to_engines_that_want_them() {
    // Engines that read SWAP2BOARD's stones as BOARD lines (Rapfi) answer bare `x,y`
    // lines with an ERROR each and then answer for another position: the runner ends
    // such an engine with a forfeit (no answer is left for the next question)...
    let wants_fields = |name: &str, seed: u32, answer: &str| {
        engine(
            name,
            &format!("--mode random --seed {seed} --swap2 {answer} --swap2-fields"),
        )
    };
    let bare = MatchOptions {
        opening: OpeningRule::Swap2,
        rule_set: renju_core::RuleSet::Freestyle,
        games: 2,
        ..two(wants_fields("f1", 1, "stay"), wants_fields("f2", 2, "stay"))
    };
    let report = play(bare.clone());
    for g in &report.games {
        assert_eq!(g.termination, Termination::Forfeit, "{}", g.reason);
        assert!(
            g.reason.contains("refused SWAP2BOARD with 3 stones")
                && g.reason.contains("swap2board=fields"),
            "{}",
            g.reason
        );
    }
    // ... and sends them `x,y,field` lines when asked to.
    for answer in ["swap", "stay", "two"] {
        let mut options = MatchOptions {
            engines: vec![wants_fields("f1", 1, answer), wants_fields("f2", 2, answer)],
            ..bare.clone()
        };
        for e in &mut options.engines {
            e.swap2board_fields = true;
        }
        let report = play(options);
        for g in &report.games {
            assert_ne!(
                g.termination,
                Termination::Forfeit,
                "{answer}: {}",
                g.reason
            );
            assert!(g.notes.is_empty(), "{answer}: {:?}", g.notes);
            assert!(g
                .record
                .as_ref()
                .unwrap()
                .events
                .iter()
                .any(|e| matches!(e, Event::Swap { .. })));
        }
    }
}

#[test]
fn openings_are_checked_and_concurrency_changes_nothing() {
    let openings: Vec<Game> = [
        "h8 h9 i8",
        "h8 h8",
        "h8 i9 j8",
        "h8 a1 i8 a2 j8 a3 k8 a4 l8",
    ]
    .iter()
    .map(|m| Game::from_moves(m).unwrap())
    .collect();
    let options = MatchOptions {
        engines: vec![
            engine("r1", "--mode random --seed 1"),
            engine("r2", "--mode random --seed 2"),
            engine("r3", "--mode random --seed 3"),
        ],
        games: 2,
        repeat: true,
        transform: true,
        openings,
        draw_after: Some(60),
        ..MatchOptions::default()
    };
    let one = play(options.clone());
    assert_eq!(one.refused_openings.len(), 2);
    assert!(one.refused_openings[0].1.contains("occupied"));
    assert!(one.refused_openings[1].1.contains("ends the game"));
    assert_eq!(one.games.len(), 6);
    let both = play(MatchOptions {
        concurrency: 2,
        ..options
    });
    let key = |r: &MatchReport| {
        r.games
            .iter()
            .map(|g| {
                (
                    g.index,
                    g.result,
                    g.termination,
                    g.record.as_ref().unwrap().moves().count(),
                )
            })
            .collect::<Vec<_>>()
    };
    assert_eq!(key(&one), key(&both));
    assert!(one
        .games
        .iter()
        .all(|g| matches!(g.termination, Termination::Five | Termination::DeclaredDraw)));
    assert!(one
        .games
        .iter()
        .any(|g| g.termination == Termination::DeclaredDraw
            || g.record.as_ref().unwrap().moves().count() < 60));
}

/// Two-stone openings around the centre, so that games differ.
fn varied_openings() -> Vec<Game> {
    let mut out = Vec::new();
    for col in ["f", "g", "h", "i", "j"] {
        for row in 6..=10 {
            let p = format!("{col}{row}");
            if p != "h8" {
                out.push(Game::from_moves(&format!("h8 {p}")).unwrap());
            }
        }
    }
    out
}

#[test]
fn the_sprt_stops_the_match_when_it_decides() {
    let options = MatchOptions {
        games: 40,
        repeat: true,
        sprt: Some("0,200,0.3,0.3".parse().unwrap()),
        openings: varied_openings(),
        ..two(
            engine("a", "--mode random --seed 11"),
            engine("b", "--mode random --seed 12"),
        )
    };
    let report = play(options);
    let sprt = report.summary.sprt.clone().unwrap();
    assert!(
        report.summary.stopped.is_some(),
        "{}",
        report.summary.to_text()
    );
    assert!(report.games.len() < 40);
    assert!(sprt.llr <= sprt.bounds.0 || sprt.llr >= sprt.bounds.1);
}

#[test]
fn the_sprt_decides_a_one_sided_score_on_games_and_on_pairs() {
    // The second engine forfeits every game: a score of N-0-0, on which the
    // unregularised trinomial formula never leaves LLR 0.
    for repeat in [false, true] {
        let options = MatchOptions {
            games: 60,
            repeat,
            sprt: Some("0,200".parse().unwrap()),
            ..two(
                engine("good", "--mode random --seed 3"),
                engine("bad", "--mode garbage --after 0"),
            )
        };
        let report = play(options);
        let summary = &report.summary;
        let sprt = summary.sprt.clone().unwrap();
        assert_eq!(sprt.decision, SprtDecision::H1, "{}", summary.to_text());
        assert_eq!(sprt.pentanomial.is_some(), repeat);
        assert!(report.games.len() < 30, "{}", summary.to_text());
        let text = summary.to_text();
        assert!(text.contains("H1 accepted"), "{text}");
        assert!(text.contains("stopped: the SPRT accepted H1"), "{text}");
        assert_eq!(text.contains("game pairs"), repeat, "{text}");
    }
}

#[test]
fn a_raised_stop_ends_the_match_and_every_engine() {
    let dir = std::env::temp_dir().join(format!("renju-match-stop-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let slow = |seed: u32| {
        format!(
            "--mode slow --after 1 --seed {seed} --pid-dir {} --child",
            dir.display()
        )
    };
    let options = MatchOptions {
        games: 4,
        concurrency: 2,
        silence_ms: 60_000,
        ..two(engine("s1", &slow(1)), engine("s2", &slow(2)))
    };
    let stop = Stop::new();
    let raiser = stop.clone();
    let started = std::time::Instant::now();
    let timer = std::thread::spawn(move || {
        std::thread::sleep(std::time::Duration::from_millis(700));
        raiser.raise();
    });
    let report = run_until(&options, &stop, &mut |_, _| {}).unwrap();
    timer.join().unwrap();
    assert!(started.elapsed() < std::time::Duration::from_secs(20));
    assert!(report.interrupted);
    assert!(report.games.is_empty(), "{:?}", report.games);
    assert!(report
        .summary
        .stopped
        .as_deref()
        .is_some_and(|s| s.contains("interrupted")));
    let pids: Vec<u32> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().parse().unwrap())
        .collect();
    assert!(pids.len() >= 4, "{pids:?}");
    for pid in pids {
        assert!(!alive(pid), "process {pid} outlived the match");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_missing_program_is_refused_before_play() {
    let missing = EngineSpec {
        name: "ghost".into(),
        command: vec!["/no/such/engine".into()],
        dir: None,
        info: vec![],
        swap2board_fields: false,
    };
    let err = run(&two(engine("a", ""), missing), &mut |_, _| {}).unwrap_err();
    assert!(
        matches!(&err, MatchError::Program { engine, .. } if engine == "ghost"),
        "{err}"
    );
    assert!(err.to_string().contains("/no/such/engine"), "{err}");
}

#[test]
fn a_draw_after_n_stones_keeps_both_engines_running() {
    let dir = std::env::temp_dir().join(format!("renju-match-draw-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let args = |seed: u32| format!("--mode random --seed {seed} --pid-dir {}", dir.display());
    let options = MatchOptions {
        games: 3,
        draw_after: Some(6),
        ..two(engine("d1", &args(1)), engine("d2", &args(2)))
    };
    let report = play(options);
    for g in &report.games {
        // The referee's declared draw, not a draw offer and acceptance nobody made.
        assert_eq!(g.termination, Termination::DeclaredDraw, "{}", g.reason);
        assert_eq!(g.reason, "draw declared after 6 stones (--draw-after)");
        let kept = g.record.as_ref().unwrap();
        assert_eq!(kept.draw_after, Some(6));
        assert!(!kept.events.iter().any(|e| matches!(
            e,
            renju_records::Event::DrawOffer { .. } | renju_records::Event::DrawAnswer { .. }
        )));
        assert_eq!(kept.moves().count(), 6);
        assert!(g.validated);
        // Every format that holds the limit gives the same draw back.
        for format in [renju_records::Format::MoveList, renju_records::Format::Sgf] {
            let bytes = format
                .write(&[format.fit(&g.record_with_result().unwrap())])
                .unwrap();
            let back = format.read(&bytes, None).remove(0).unwrap();
            let validated = back.validate(&renju_records::ValidationOptions::default());
            assert_eq!(
                validated.outcome.termination,
                Termination::DeclaredDraw,
                "{format}"
            );
        }
        assert!(renju_records::Format::Psq
            .write(std::slice::from_ref(kept))
            .is_err());
    }
    // One process each, told RESTART between games: none was ended and started again.
    let started = std::fs::read_dir(&dir).unwrap().count();
    assert_eq!(started, 2);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_game_that_ends_on_the_board_has_its_result_in_every_record() {
    let report = play(two(
        engine("foul", "--mode foul"),
        engine("sparse", "--mode sparse"),
    ));
    let g = &report.games[0];
    assert_eq!(g.termination, Termination::Forbidden);
    let record = g.record_with_result().unwrap();
    assert!(
        matches!(record.events.last(), Some(Event::Result(r)) if r.winner == Some(Color::White)),
        "{:?}",
        record.events.last()
    );
    assert_eq!(record.validate(&Default::default()).outcome, g.outcome);
    let sgf = renju_records::Format::Sgf
        .write(&[renju_records::Format::Sgf.fit(&record)])
        .unwrap();
    let text = String::from_utf8(sgf).unwrap();
    assert!(text.contains("RE[W+"), "{text}");
}

#[test]
fn zero_limits_and_names_with_control_characters_are_refused_before_play() {
    let base = two(engine("a", "--mode random"), engine("b", "--mode sparse"));
    let silent = MatchOptions {
        silence_ms: 0,
        ..base.clone()
    };
    assert!(matches!(
        run(&silent, &mut |_, _| {}),
        Err(MatchError::Zero(_))
    ));
    let at_once = MatchOptions {
        draw_after: Some(0),
        ..base.clone()
    };
    assert!(matches!(
        run(&at_once, &mut |_, _| {}),
        Err(MatchError::Zero(_))
    ));
    let mut injected = base;
    injected.engines[0].name = "a\n001 forged".into();
    assert!(matches!(
        run(&injected, &mut |_, _| {}),
        Err(MatchError::Text(TextError::Control { .. }))
    ));
}

#[test]
fn forfeit_reasons_are_counted_and_an_engine_that_never_moved_is_named() {
    let mut options = two(
        engine("good", "--mode random --seed 5"),
        engine("dead", "--mode crash --after 0"),
    );
    options.games = 2;
    let report = play(options);
    let reasons = report.forfeit_reasons();
    assert_eq!(reasons.len(), 1, "{reasons:?}");
    assert_eq!(reasons[0].1, 2);
    assert!(reasons[0].0.starts_with("dead crashed"), "{reasons:?}");
    assert_eq!(report.engines_without_a_move(2), [1]);
}

#[test]
fn a_fresh_engine_sets_itself_up_untimed_before_its_first_move() {
    // Both engines take 400 ms on `INFO max_memory`; a move may take 300 ms.
    let mut options = two(
        engine("a", "--mode random --seed 1 --startup-delay 400"),
        engine("b", "--mode random --seed 2 --startup-delay 400"),
    );
    options.turn_limit_ms = Some(300);
    options.tolerance_ms = 0;
    options.draw_after = Some(10);
    let report = play(options);
    let g = &report.games[0];
    assert_ne!(g.termination, Termination::Forfeit, "{}", g.reason);
    assert!(g.startup_us >= 400_000, "{}", g.startup_us);
}

#[test]
fn the_report_keeps_a_row_per_game_and_each_record_only_while_it_is_written() {
    let options = MatchOptions {
        games: 4,
        draw_after: Some(8),
        ..two(engine("r1", "--seed 1"), engine("r2", "--seed 2"))
    };
    let mut handed = Vec::new();
    let report = run(&options, &mut |g, s| {
        // Every game reaches `on_game` with its record, and the summary counts it.
        handed.push(g.record.as_ref().map(|r| r.moves().count()));
        assert_eq!(s.games, handed.len());
    })
    .unwrap();
    assert_eq!(handed.len(), 4);
    assert!(handed.iter().all(|n| *n == Some(8)), "{handed:?}");
    // The report keeps the rows the summary, the JSON and the TRF need, not the records.
    assert_eq!(report.games.len(), 4);
    assert!(report.games.iter().all(|g| g.record.is_none()));
    assert_eq!(report.summary.pairs[0].score.games(), 4);
    assert_eq!(report.tournament(&options).cells.len(), 8);
    let kept = run(
        &MatchOptions {
            keep_records: true,
            ..options
        },
        &mut |_, _| {},
    )
    .unwrap();
    assert!(kept.games.iter().all(|g| g.record.is_some()));
}

/// The process ids the test engines wrote in `dir`, which is then removed.
fn pids_in(dir: &std::path::Path) -> Vec<u32> {
    let pids = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().parse().unwrap())
        .collect();
    let _ = std::fs::remove_dir_all(dir);
    pids
}

#[test]
fn an_engine_silent_in_an_untimed_game_is_ended_and_started_again() {
    let dir = std::env::temp_dir().join(format!("renju-match-hung-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // Untimed, silent for 2 s past a 0.2 s --silence: hung, not thinking on a clock.
    let hung = format!(
        "--mode slow --after 1 --delay 2000 --pid-dir {}",
        dir.display()
    );
    let options = MatchOptions {
        games: 2,
        silence_ms: 200,
        ..two(engine("hung", &hung), engine("quick", "--mode random"))
    };
    let report = play(options);
    for g in &report.games {
        assert_eq!(g.termination, Termination::Forfeit, "{}", g.reason);
        assert!(g.reason.contains("was silent for"), "{}", g.reason);
        assert!(
            !g.notes.iter().any(|n| n.contains("YXSTOP")),
            "{:?}",
            g.notes
        );
    }
    // Ended after each game, started again for the next: two processes.
    assert_eq!(pids_in(&dir).len(), 2);
}

#[test]
fn an_engine_that_only_lost_on_time_is_kept_for_its_next_game() {
    let base = std::env::temp_dir().join(format!("renju-match-kept-{}", std::process::id()));
    // Late by 0.2 s past a 0.1 s move, still thinking when its flag falls: YXSTOP, its
    // move comes within the bound, and it plays the next game in the same process.
    let thinking = base.join("thinking");
    std::fs::create_dir_all(&thinking).unwrap();
    let slow = format!(
        "--mode slow --after 1 --delay 300 --pid-dir {}",
        thinking.display()
    );
    let report = slow_loses_on_time(&slow, "0/0.1");
    for g in &report.games {
        assert!(
            g.notes.iter().any(|n| n.contains("stopped at YXSTOP")),
            "{:?}",
            g.notes
        );
        // Stopping it is not the runner's time.
        assert!(g.stop_us >= 100_000, "{}", g.stop_us);
    }
    assert!(
        report.summary.runner_us_per_move < 50_000.0,
        "{:?}",
        report.summary
    );
    assert_eq!(pids_in(&thinking).len(), 1);
    // Answering late within the wait (its flag fell in the tolerance's window): idle,
    // kept without YXSTOP.
    let answered = base.join("answered");
    std::fs::create_dir_all(&answered).unwrap();
    let steady = format!("--mode slow --delay 250 --pid-dir {}", answered.display());
    let options = MatchOptions {
        games: 2,
        time_control: Some("0.6".parse().unwrap()),
        tolerance_ms: 500,
        ..two(engine("steady", &steady), engine("quick", "--mode random"))
    };
    let report = play(options);
    for g in &report.games {
        assert_eq!(g.termination, Termination::Time, "{}", g.reason);
        assert!(
            g.reason.contains("answered after its flag fell"),
            "{}",
            g.reason
        );
        assert!(g.notes.is_empty(), "{:?}", g.notes);
    }
    assert_eq!(pids_in(&answered).len(), 1);
    let _ = std::fs::remove_dir_all(&base);
}
