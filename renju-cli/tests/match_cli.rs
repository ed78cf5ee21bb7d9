//! End-to-end tests of `renju match` with the test engine of
//! `renju-engine/examples/test_engine.rs`: records that `renju validate` judges as the
//! runner did, a TRF file that `renju standings` reads, the summary, the profile.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

use serde_json::Value;

mod common;

/// The test engine; built here when it is missing (it is an example of renju-engine).
fn engine() -> &'static str {
    static PATH: OnceLock<String> = OnceLock::new();
    PATH.get_or_init(|| common::example("renju-engine", "test_engine"))
}

fn renju(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_renju"))
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("renju-match-cli-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// `renju validate` of the records (one file a game, and the SGF file) agrees with the
/// runner on every result.
fn validate_agrees(games: &[Value], records: &Path, sgf: &Path) {
    let mut files: Vec<PathBuf> = std::fs::read_dir(records)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    assert_eq!(files.len(), 6);
    // The same of the SGF file, where a forfeit is the result's reason (RE[B+F]).
    files.push(sgf.to_path_buf());
    let mut args = vec!["validate", "--json"];
    args.extend(files.iter().map(|p| s(p)));
    let (code, out, err) = renju(&args);
    assert_eq!(code, 0, "{err}{out}");
    let validated: Value = serde_json::from_str(&out).unwrap();
    let validated = validated["games"].as_array().unwrap();
    assert_eq!(validated.len(), 12);
    // The record files in schedule order; the SGF file's games in the order they
    // ended, matched by their id.
    for (k, v) in validated.iter().enumerate() {
        let g = match k.checked_sub(games.len()) {
            None => &games[k],
            Some(_) => game_of_sgf_record(games, v),
        };
        assert_same_result(g, v);
    }
}

/// The runner's game an SGF record is of (its `GN` is the game's number).
fn game_of_sgf_record<'a>(games: &'a [Value], validated: &Value) -> &'a Value {
    let id: u64 = validated["id"].as_str().unwrap().parse().unwrap();
    games.iter().find(|g| g["index"] == id - 1).unwrap()
}

/// A validated record gives the runner's winner and termination.
fn assert_same_result(game: &Value, validated: &Value) {
    let winner = match game["result"].as_str().unwrap() {
        "1-0" => Value::from("black"),
        "0-1" => Value::from("white"),
        _ => Value::Null,
    };
    assert_eq!(winner, validated["outcome"]["winner"], "{game} {validated}");
    assert_eq!(
        game["termination"], validated["outcome"]["termination"],
        "{game} {validated}"
    );
}

#[test]
fn records_validate_to_the_runners_results_and_standings_read_the_trf() {
    let dir = scratch("e2e");
    let openings = dir.join("openings.txt");
    // Offset notation: h8 i8 i5, h8 g7; the third line has a five for Black: refused.
    std::fs::write(
        &openings,
        "0,0, 1,0, 1,3\n0,0, -1,1\n0,0, 0,7, 1,0, 1,7, 2,0, 2,7, 3,0, 3,7, 4,0\n",
    )
    .unwrap();
    let a = format!("{} --mode random --seed 5", engine());
    let b = format!("{} --mode random --seed 6 --swap2 two", engine());
    let c = format!("{} --mode crash --after 4", engine());
    let records = dir.join("records");
    let trf = dir.join("results.trf");
    let sgf = dir.join("games.sgf");
    let (code, out, err) = renju(&[
        "match",
        "--engine",
        &a,
        "--engine",
        &b,
        "--engine",
        &c,
        "--name",
        "alpha",
        "--name",
        "beta",
        "--name",
        "crashy",
        "--games",
        "2",
        "--repeat",
        "--concurrency",
        "2",
        "--openings",
        s(&openings),
        "--tc",
        "20/5",
        "--records",
        s(&records),
        "--trf",
        s(&trf),
        "--sgf",
        s(&sgf),
        "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("opening refused (line 3)"), "{err}");
    let report: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(report["settings"]["openings"], 3);
    assert_eq!(report["refused_openings"].as_array().unwrap().len(), 1);
    let games = report["games"].as_array().unwrap();
    assert_eq!(games.len(), 6);
    assert_eq!(report["summary"]["disagreements"], 0);
    // Every game that crashy played, it lost by forfeit; the others ended on the board.
    for g in games {
        let seats: Vec<u64> = g["seats"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_u64().unwrap())
            .collect();
        if seats.contains(&2) {
            assert_eq!(g["termination"], "forfeit", "{g}");
            assert!(
                g["reason"].as_str().unwrap().contains("crashy crashed"),
                "{g}"
            );
        } else {
            assert_ne!(g["termination"], "forfeit", "{g}");
        }
        assert_eq!(g["validated"], true);
    }
    validate_agrees(games, &records, &sgf);
    // The standings of the TRF file: crashy last with no point.
    let (code, plain, err) = renju(&["standings", s(&trf)]);
    assert_eq!(code, 0, "{err}{plain}");
    let last = plain.lines().find(|l| l.contains("crashy")).unwrap();
    assert!(last.trim_start().starts_with('3'), "{plain}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_swap2_match_writes_sgf_records_that_validate_to_its_results() {
    let dir = scratch("swap2-sgf");
    let sgf = dir.join("games.sgf");
    let a = format!("{} --mode random --seed 5 --swap2 two", engine());
    let b = format!("{} --mode random --seed 6", engine());
    let (code, out, err) = renju(&[
        "match",
        "--engine",
        &a,
        "--engine",
        &b,
        "--opening",
        "swap2",
        "--games",
        "4",
        "--repeat",
        "--tc",
        "20/5",
        "--sgf",
        s(&sgf),
        "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    let report: Value = serde_json::from_str(&out).unwrap();
    let games = report["games"].as_array().unwrap();
    assert_eq!(games.len(), 4);
    let text = std::fs::read_to_string(&sgf).unwrap();
    assert!(text.contains("SW["), "{text}");
    assert_eq!(text.matches("RE[").count(), 4, "{text}");
    let (code, out, err) = renju(&["validate", "--json", s(&sgf)]);
    assert_eq!(code, 0, "{err}{out}");
    let validated: Value = serde_json::from_str(&out).unwrap();
    for v in validated["games"].as_array().unwrap() {
        assert_same_result(game_of_sgf_record(games, v), v);
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_gomocup_profile_sets_the_tournament_rules() {
    let a = format!("{} --mode random --seed 5 --swap2 stay", engine());
    let b = format!("{} --mode pass --after 2", engine());
    let (code, out, err) = renju(&[
        "match",
        "--engine",
        &a,
        "--engine",
        &b,
        "--profile",
        "gomocup",
        "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    let report: Value = serde_json::from_str(&out).unwrap();
    let settings = &report["settings"];
    assert_eq!(settings["draw_after"], 200);
    assert_eq!(settings["no_pass"], true);
    assert_eq!(settings["opening"], "swap2");
    assert_eq!(settings["gomocup_rule"], 4);
    assert_eq!(settings["tolerance_ms"], 1000);
    assert_eq!(settings["turn_limit_ms"], 30000);
    let g = &report["games"][0];
    assert!(
        g["reason"]
            .as_str()
            .unwrap()
            .contains("passes are not allowed"),
        "{g}"
    );
}

#[test]
fn swap2board_fields_are_set_per_engine() {
    // The first engine reads SWAP2BOARD's stones as BOARD lines (as Rapfi does).
    let a = format!(
        "\"cmd={} --mode random --seed 5 --swap2 two --swap2-fields\" name=a swap2board=fields",
        engine()
    );
    let b = format!("{} --mode random --seed 6 --swap2 stay", engine());
    let (code, out, err) = renju(&[
        "match",
        "--engine",
        &a,
        "--engine",
        &b,
        "--opening",
        "swap2",
        "--rule",
        "freestyle",
        "--games",
        "2",
        "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    let report: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(report["engines"][0]["swap2board_fields"], true);
    assert!(report["engines"][1].get("swap2board_fields").is_none());
    for g in report["games"].as_array().unwrap() {
        assert_ne!(g["termination"], "forfeit", "{g}");
    }
    let bad = format!("cmd={} swap2board=yes", engine());
    let (code, _, err) = renju(&["match", "--engine", &bad, "--engine", &b]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("swap2board"), "{err}");
}

#[test]
fn the_summary_has_elo_los_and_the_sprt() {
    let a = format!("{} --mode random --seed 5", engine());
    let b = format!("{} --mode sparse", engine());
    let (code, out, err) = renju(&[
        "match", "--engine", &a, "--engine", &b, "--games", "4", "--repeat", "--sprt", "0,10",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("Score of test_engine-1 vs test_engine-2: 4-0-0"),
        "{out}"
    );
    assert!(out.contains("LOS 97.7 %"), "{out}");
    assert!(
        out.contains("SPRT elo0=0 elo1=10 alpha=0.05 beta=0.05 (2 game pairs): LLR 0.06"),
        "{out}"
    );
    let (code, _, err) = renju(&[
        "match", "--engine", &a, "--engine", &b, "--engine", &a, "--sprt", "0,10",
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("exactly two engines"), "{err}");
    let (code, _, err) = renju(&["match", "--engine", &a]);
    assert_eq!(code, 2, "{err}");
}

#[test]
fn outputs_that_cannot_be_written_are_errors() {
    let a = format!("{} --mode random --seed 5", engine());
    let b = format!("{} --mode random --seed 6", engine());
    // More games than a TRF file has rounds: refused before play.
    let (code, out, err) = renju(&[
        "match", "--engine", &a, "--engine", &b, "--games", "1001", "--trf", "x.trf",
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(out.is_empty(), "{out}");
    assert!(
        err.contains("needs 1001 TRF rounds") && err.contains("at most 1000"),
        "{err}"
    );
    // A TRF or SGF file that cannot be created: refused before play.
    let missing = scratch("unwritable").join("no-such-dir");
    for option in ["--trf", "--sgf"] {
        let file = missing.join("out");
        let (code, out, err) = renju(&[
            "match",
            "--engine",
            &a,
            "--engine",
            &b,
            "--games",
            "2",
            option,
            s(&file),
        ]);
        assert_eq!(code, 2, "{option}: {err}");
        assert!(out.is_empty(), "{out}");
        assert!(err.contains("no-such-dir"), "{option}: {err}");
    }
}

#[test]
fn outputs_that_cannot_hold_the_match_are_refused_before_play() {
    let dir = scratch("refused-outputs");
    let a = format!("{} --mode random --seed 5", engine());
    let b = format!("{} --mode random --seed 6", engine());
    let out_file = dir.join("out");
    let name = "a\n001 forged";
    let refusals: [(&[&str], &str); 6] = [
        (
            &["--sgf", s(&out_file), "--trf", s(&out_file)],
            "the same file",
        ),
        (
            &[
                "--records",
                s(&out_file),
                "--record-format",
                "psq",
                "--draw-after",
                "20",
            ],
            "no tag for the draw --draw-after declares",
        ),
        (
            &["--sgf", s(&out_file), "--opening", "yamaguchi"],
            "declared number of fifth-move offers",
        ),
        (&["--silence", "0"], "silence limit must be at least 1"),
        (&["--draw-after", "0"], "draw-after must be at least 1"),
        (&["--name", name], "control character"),
    ];
    for (extra, why) in refusals {
        let mut args = vec!["match", "--engine", &a, "--engine", &b];
        args.extend_from_slice(extra);
        let (code, out, err) = renju(&args);
        assert_eq!(code, 2, "{extra:?}: {err}");
        assert!(out.is_empty(), "{out}");
        assert!(err.contains(why), "{extra:?}: {err}");
    }
    // RenLib records are written with RenLib's extension, and read back as RenLib.
    let records = dir.join("records");
    let (code, _, err) = renju(&[
        "match",
        "--engine",
        &a,
        "--engine",
        &b,
        "--games",
        "2",
        "--records",
        s(&records),
        "--record-format",
        "renlib",
    ]);
    assert_eq!(code, 0, "{err}");
    let mut names: Vec<String> = std::fs::read_dir(&records)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names, ["game-0001.lib", "game-0002.lib"]);
    let (code, out, err) = renju(&["validate", s(&records.join("game-0001.lib"))]);
    assert_eq!(code, 0, "{err}{out}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_schedule_past_the_limit_is_refused_before_play() {
    let a = format!("{} --mode random --seed 5", engine());
    let (code, out, err) = renju(&[
        "match",
        "--engine",
        &a,
        "--engine",
        &a,
        "--name",
        "a",
        "--name",
        "b",
        "--games",
        "4000000000",
        "--rounds",
        "4000000000",
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(out.is_empty(), "{out}");
    assert!(
        err.contains("16000000000000000000 games") && err.contains("at most 200000"),
        "{err}"
    );
}

#[test]
fn a_hangup_or_an_interrupt_ends_every_engine_and_exits_130() {
    for signal in ["HUP", "INT", "TERM"] {
        let dir = scratch(&format!("signal-{signal}"));
        let slow = format!("{} --mode slow --pid-dir {} --child", engine(), s(&dir));
        let mut child = Command::new(env!("CARGO_BIN_EXE_renju"))
            .args(["match", "--engine", &slow, "--engine", &slow])
            .args(["--name", "a", "--name", "b", "--games", "2"])
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap();
        // Both engines of the first game, each with a child of its own, are running.
        let started = std::time::Instant::now();
        while std::fs::read_dir(&dir).unwrap().count() < 4 {
            assert!(
                started.elapsed().as_secs() < 20,
                "{signal}: the engines did not start"
            );
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
        let sent = Command::new("kill")
            .args([format!("-{signal}"), child.id().to_string()])
            .status()
            .unwrap();
        assert!(sent.success());
        assert_eq!(child.wait().unwrap().code(), Some(130), "{signal}");
        for entry in std::fs::read_dir(&dir).unwrap() {
            let pid = entry.unwrap().file_name().to_string_lossy().into_owned();
            assert!(
                !common::is_running(&pid),
                "{signal}: process {pid} outlived the runner"
            );
        }
    }
}

#[cfg(target_os = "linux")]
#[test]
fn a_runner_killed_with_sigkill_leaves_no_engine_running() {
    let dir = scratch("signal-KILL");
    let slow = format!("{} --mode slow --pid-dir {}", engine(), s(&dir));
    let mut child = Command::new(env!("CARGO_BIN_EXE_renju"))
        .args(["match", "--engine", &slow, "--engine", &slow])
        .args(["--name", "a", "--name", "b", "--games", "2"])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let started = std::time::Instant::now();
    while std::fs::read_dir(&dir).unwrap().count() < 2 {
        assert!(
            started.elapsed().as_secs() < 20,
            "the engines did not start"
        );
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    let running = |pid: &str| common::is_running(pid);
    let pids: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    // The kernel sends the signal as the runner dies: give it a moment.
    let until = std::time::Instant::now() + std::time::Duration::from_secs(5);
    while pids.iter().any(|p| running(p)) && std::time::Instant::now() < until {
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    for pid in &pids {
        assert!(
            !running(pid),
            "engine {pid} outlived a runner killed with SIGKILL"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn forfeit_reasons_are_printed_with_counts_and_an_engine_that_never_moved_fails_the_run() {
    let a = format!("{} --mode random --seed 5", engine());
    let dead = format!("{} --mode crash --after 0", engine());
    let (code, out, err) = renju(&[
        "match", "--engine", &a, "--engine", &dead, "--name", "good", "--name", "dead", "--games",
        "2",
    ]);
    assert_eq!(code, 1, "{err}");
    assert!(out.contains("2 of 2 games"), "{out}");
    assert!(
        err.contains("renju match: forfeit (2 games): dead crashed"),
        "{err}"
    );
    assert!(err.contains("dead never played a move"), "{err}");
    assert!(!err.contains("good never"), "{err}");
}

#[test]
fn the_tolerance_takes_units() {
    let a = format!("{} --mode random --seed 5", engine());
    let b = format!("{} --mode random --seed 6", engine());
    for (given, ms) in [("3s", 3000), ("2.5s", 2500), ("500ms", 500), ("700", 700)] {
        let (code, out, err) = renju(&[
            "match",
            "--engine",
            &a,
            "--engine",
            &b,
            "--tc",
            "20/5",
            "--tolerance",
            given,
            "--json",
        ]);
        assert_eq!(code, 0, "{given}: {err}");
        let report: Value = serde_json::from_str(&out).unwrap();
        assert_eq!(report["settings"]["tolerance_ms"], ms, "{given}");
    }
    let (code, _, err) = renju(&["match", "--engine", &a, "--engine", &b, "--tolerance", "3h"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("not a duration"), "{err}");
}

#[test]
fn every_game_is_announced_on_standard_error_as_it_starts_and_ends_wherever_it_goes() {
    let a = format!("{} --mode random --seed 5", engine());
    let b = format!("{} --mode sparse", engine());
    let base = ["match", "--engine", &a, "--engine", &b, "--games", "3"];
    // Standard error is a pipe here, as under nohup, CI or `| tee`.
    let (code, out, err) = renju(&base);
    assert_eq!(code, 0, "{err}");
    for game in 1..=3 {
        let started = err
            .find(&format!("Started game {game} of 3 ("))
            .expect(&err);
        let ended = err.find(&format!("Finished game {game} (")).expect(&err);
        assert!(started < ended, "{err}");
    }
    assert!(err.contains("[3/3 played]"), "{err}");
    assert!(out.contains("Score of"), "{out}");
    // --json: the report on standard output, the text summary with the progress on
    // standard error.
    let (code, out, err) = renju(&[&base[..], &["--json"]].concat());
    assert_eq!(code, 0, "{err}");
    let report: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(report["summary"]["games"], 3);
    assert!(
        err.contains("Finished game 3 (") && err.contains("Score of"),
        "{err}"
    );
    // --quiet: neither.
    let (code, out, err) = renju(&[&base[..], &["--json", "--quiet"]].concat());
    assert_eq!(code, 0, "{err}");
    assert!(serde_json::from_str::<Value>(&out).is_ok());
    assert!(
        !err.contains("Started") && !err.contains("Score of"),
        "{err}"
    );
}

/// Each engine's `INFO time_left` readings, game by game (a game starts at `START` or
/// `RESTART`), from the log of the runner's commands to it.
fn time_left_by_game(log: &Path) -> Vec<Vec<u64>> {
    let mut games: Vec<Vec<u64>> = Vec::new();
    for line in std::fs::read_to_string(log).unwrap().lines() {
        if line.starts_with("START") || line.starts_with("RESTART") {
            games.push(Vec::new());
        } else if let Some(ms) = line.strip_prefix("INFO time_left ") {
            games.last_mut().unwrap().push(ms.trim().parse().unwrap());
        }
    }
    games
}

/// The clock readings a move-list record holds, in milliseconds: the time left after
/// each move (`l=`), and the match time less the time a colour decision took (a
/// decision's `t=` alone: it is the first answer of the player who takes it).
fn record_readings(record: &str, match_ms: u64) -> Vec<u64> {
    let ms = |x: &str| (x.parse::<f64>().unwrap() * 1000.0).round() as u64;
    let mut out = Vec::new();
    let words: Vec<&str> = record.split_whitespace().collect();
    for (i, w) in words.iter().enumerate() {
        if let Some(left) = w.strip_prefix("l=") {
            out.push(ms(left.trim_end_matches('}')));
        }
        let decision = matches!(words.get(i.wrapping_sub(1)), Some(&"swap" | &"stay"));
        if let (true, Some(t)) = (decision, w.strip_prefix("{t=")) {
            out.push(match_ms - ms(t.trim_end_matches('}')));
        }
    }
    out
}

/// The real match: two Rapfi engines (a binary named by `RENJU_TEST_RAPFI`)
/// play Swap2 under renju; every SGF record validates to the runner's result, the TRF
/// reads, and each engine keeps its own clock through the swap (its `INFO time_left`
/// never goes up, and is always a reading of its own in the record).
#[test]
fn a_swap2_match_between_two_rapfi_engines_keeps_each_engines_clock() {
    let Ok(rapfi) = std::env::var("RENJU_TEST_RAPFI") else {
        eprintln!("skipped: set RENJU_TEST_RAPFI to a Rapfi binary (pbrain-rapfi) to play a Swap2 match between two Rapfi engines");
        return;
    };
    use std::os::unix::fs::PermissionsExt;
    let dir = scratch("rapfi");
    let wrapper = dir.join("logged.sh");
    let script = format!(
        "#!/bin/sh\nexec tee -a \"{}/$1.in\" | \"{rapfi}\"\n",
        dir.display()
    );
    std::fs::write(&wrapper, script).unwrap();
    std::fs::set_permissions(&wrapper, std::fs::Permissions::from_mode(0o755)).unwrap();
    let (sgf, trf, records) = (dir.join("games.sgf"), dir.join("r.trf"), dir.join("rec"));
    let (a, b) = (format!("{} A", s(&wrapper)), format!("{} B", s(&wrapper)));
    let (code, out, err) = renju(&[
        "match",
        "--engine",
        &a,
        "--name",
        "rapfi-a",
        "--engine",
        &b,
        "--name",
        "rapfi-b",
        "--rule",
        "renju",
        "--opening",
        "swap2",
        "--swap2board-fields",
        "--tc",
        "10/1",
        "--games",
        "4",
        "--repeat",
        "--sgf",
        s(&sgf),
        "--trf",
        s(&trf),
        "--records",
        s(&records),
        "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    let report: Value = serde_json::from_str(&out).unwrap();
    let games = report["games"].as_array().unwrap();
    assert_eq!(
        (games.len(), &report["summary"]["disagreements"]),
        (4, &Value::from(0))
    );
    let (code, out, err) = renju(&["validate", "--json", s(&sgf)]);
    assert_eq!(code, 0, "{err}{out}");
    let validated: Value = serde_json::from_str(&out).unwrap();
    for v in validated["games"].as_array().unwrap() {
        assert_same_result(game_of_sgf_record(games, v), v);
    }
    let (code, table, err) = renju(&["standings", s(&trf)]);
    assert!(
        code == 0 && table.contains("rapfi-a") && table.contains("rapfi-b"),
        "{err}"
    );
    let sent = [
        time_left_by_game(&dir.join("A.in")),
        time_left_by_game(&dir.join("B.in")),
    ];
    for (k, g) in games.iter().enumerate() {
        let index = g["index"].as_u64().unwrap() as usize;
        let record = std::fs::read_to_string(records.join(format!("game-{:04}.txt", index + 1)));
        let readings = record_readings(record.unwrap().lines().last().unwrap(), 10_000);
        for (e, log) in sent.iter().enumerate() {
            let seq = &log[k];
            assert!(
                seq.windows(2).all(|w| w[0] >= w[1]),
                "engine {e}, game {k}: {seq:?}"
            );
            assert!(
                seq.iter().all(|v| *v == 10_000 || readings.contains(v)),
                "engine {e}, game {k}: {seq:?} not among {readings:?}"
            );
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}
