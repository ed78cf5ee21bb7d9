//! End-to-end tests of `renju conform` against the test engine of
//! `renju-cli/examples/fake_engine.rs`, faithful and with each classic mistake.

use std::path::PathBuf;
use std::process::Command;
use std::sync::OnceLock;

use serde_json::Value;

mod common;

/// The fake engine, built with the tests (`cargo test` builds examples); built here
/// when it is missing (a test run filtered to this file alone).
fn engine() -> &'static str {
    static PATH: OnceLock<String> = OnceLock::new();
    PATH.get_or_init(|| common::example("renju-cli", "fake_engine"))
}

/// Runs `renju conform --json` and returns the exit code and the report.
fn conform(protocol: &str, engine_args: &str, extra: &[&str]) -> (i32, Value) {
    let command = format!("{} --protocol {protocol} {engine_args}", engine());
    let out = Command::new(env!("CARGO_BIN_EXE_renju"))
        .args([
            "conform",
            "--json",
            "--protocol",
            protocol,
            "--engine",
            &command,
        ])
        .args(extra)
        .output()
        .expect("run renju");
    let code = out.status.code().unwrap();
    let report = serde_json::from_slice(&out.stdout).unwrap_or(Value::Null);
    (code, report)
}

/// The disagreement kinds found, with counts.
fn kinds(report: &Value) -> Vec<(String, u64)> {
    report["summary"]
        .as_object()
        .unwrap()
        .iter()
        .filter(|(_, n)| n.as_u64() != Some(0))
        .map(|(k, n)| (k.clone(), n.as_u64().unwrap()))
        .collect()
}

fn only(report: &Value, kind: &str) {
    let found = kinds(report);
    assert!(
        !found.is_empty() && found.iter().all(|(k, _)| k == kind),
        "expected only {kind}, found {found:?}"
    );
}

#[test]
fn faithful_engines_pass_on_both_protocols() {
    for protocol in ["jsonl", "gomocup"] {
        let (code, report) = conform(protocol, "--mistake none", &["--positions", "fixtures"]);
        assert_eq!(code, 0, "{protocol}: {report}");
        let checked = report["positions"].as_u64().unwrap();
        assert!(checked + report["duplicates"].as_u64().unwrap() >= 90);
        assert_eq!(report["positions"], report["agreements"]);
        let (code, report) = conform(protocol, "", &["--random", "20", "--seed", "7"]);
        assert_eq!(code, 0, "{protocol}: {report}");
        assert_eq!(report["positions"], 20);
    }
    // The other reading, checked against that reading, agrees too.
    let (code, _) = conform(
        "jsonl",
        "--mistake none",
        &["--reading", "five-completion-counts"],
    );
    assert_eq!(code, 0);
}

#[test]
fn rule_mistakes_are_caught_on_both_protocols() {
    let cases = [
        ("other-reading", "false_foul"),
        ("no-recursion", "false_foul"),
        ("depth-1", "missed_foul"),
        ("same-line-double-four", "missed_foul"),
    ];
    for protocol in ["jsonl", "gomocup"] {
        for (mistake, kind) in cases {
            let (code, report) = conform(protocol, &format!("--mistake {mistake}"), &[]);
            assert_eq!(code, 1, "{protocol} {mistake}");
            only(&report, kind);
            let d = &report["disagreements"][0];
            assert!(d["diagram"].as_str().unwrap().contains('*'), "{d}");
            assert!(d["explanation"].as_str().is_some(), "{d}");
        }
    }
}

#[test]
fn move_mode_catches_a_forbidden_move() {
    for mistake in ["depth-1", "same-line-double-four"] {
        let args = format!("--no-forbid-query --mistake {mistake}");
        let (code, report) = conform("gomocup", &args, &[]);
        assert_eq!(code, 1, "{mistake}");
        assert_eq!(report["mode"], "move");
        only(&report, "missed_foul");
    }
    let (code, report) = conform("gomocup", "--no-forbid-query", &[]);
    assert_eq!(code, 0, "{report}");
    assert_eq!(report["mode"], "move");
}

#[test]
fn hangs_crashes_and_garbage_are_reported_and_restarted() {
    let cases = [
        ("hang", "timeout"),
        ("crash", "crash"),
        ("garbage", "bad_answer"),
    ];
    for protocol in ["jsonl", "gomocup"] {
        for (mistake, kind) in cases {
            let (code, report) = conform(
                protocol,
                &format!("--mistake {mistake}"),
                &["--random", "5", "--timeout-ms", "300"],
            );
            assert_eq!(code, 1, "{protocol} {mistake}");
            only(&report, kind);
            // It strikes on every second position after each restart: 2 and 4.
            assert_eq!(report["summary"][kind], 2, "{protocol} {mistake}");
            assert_eq!(report["restarts"], 2);
            assert_eq!(report["agreements"], 3);
        }
    }
}

#[test]
fn an_engine_that_cannot_run_exits_2() {
    let out = Command::new(env!("CARGO_BIN_EXE_renju"))
        .args(["conform", "--engine", "/nonexistent/engine --x"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot run the engine"));
    // An engine that does not speak gomocup (it never answers START with OK).
    let (code, _) = conform("gomocup", "--protocol jsonl", &["--timeout-ms", "300"]);
    assert_eq!(code, 2);
}

#[test]
fn junit_and_game_files() {
    let dir = std::env::temp_dir().join(format!("renju-conform-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let junit = dir.join("report.xml");
    let games = dir.join("games.txt");
    // A game where Black reaches a double-three point (h8 after f8 g8 h6 h7).
    std::fs::write(&games, "f8 a1 g8 a2 h6 a3 h7 a4 a15\n").unwrap();
    let (code, report) = conform(
        "jsonl",
        "--mistake no-recursion",
        &[
            "--positions",
            games.to_str().unwrap(),
            "--random",
            "3",
            "--junit",
            junit.to_str().unwrap(),
        ],
    );
    assert!(code == 0 || code == 1);
    assert!(report["positions"].as_u64().unwrap() >= 4, "{report}");
    let xml = std::fs::read_to_string(&junit).unwrap();
    assert!(xml.starts_with("<?xml"));
    assert!(xml.contains("<testsuite name=\"renju conform (jsonl, rif)\""));
    assert_eq!(
        xml.matches("<testcase ").count() as u64,
        report["positions"].as_u64().unwrap()
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_wrong_kind_is_caught_in_a_game_file() {
    let dir = std::env::temp_dir().join(format!("renju-conform-wk-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // The final position: h8 is an overline and a double-three at once.
    let games = dir.join("overline.txt");
    std::fs::write(
        &games,
        "d8 a1 e8 a3 f8 a5 g8 a7 i8 a9 h9 a11 h10 a13 i9 a15 j10 c15\n",
    )
    .unwrap();
    let path = games.to_str().unwrap();
    let (code, report) = conform("jsonl", "--mistake wrong-priority", &["--positions", path]);
    assert_eq!(code, 1, "{report}");
    only(&report, "wrong_kind");
    let d = &report["disagreements"][0];
    assert_eq!(d["point"], "h8");
    assert_eq!(d["answer"], "forbidden (double-three)");
    assert_eq!(d["expected"], "forbidden (overline; also double-three)");
    let (code, _) = conform("jsonl", "--mistake none", &["--positions", path]);
    assert_eq!(code, 0);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn renju_forbidden_itself_agrees_in_batch_mode() {
    // `renju forbidden` answers through a buffer flushed at the end: batch mode.
    let engine = format!("{} forbidden", env!("CARGO_BIN_EXE_renju"));
    for reading in ["rif", "five-completion-counts"] {
        let out = Command::new(env!("CARGO_BIN_EXE_renju"))
            .args(["conform", "--json", "--batch", "--engine", &engine])
            .args(["--reading", reading, "--positions", "fixtures"])
            .args(["--random", "10", "--seed", "3"])
            .output()
            .unwrap();
        let report: Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(out.status.code(), Some(0), "{reading}: {report}");
        assert_eq!(report["mode"], "batch");
        assert_eq!(report["positions"], report["agreements"]);
    }
}

#[cfg(unix)]
#[test]
fn an_engine_that_exits_at_once_cannot_be_run() {
    let out = Command::new(env!("CARGO_BIN_EXE_renju"))
        .args(["conform", "--engine", "true", "--random", "3"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("on every position"));
}

/// Runs `renju conform` with `args` and returns the exit code, stdout and stderr.
fn renju(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_renju"))
        .args(args)
        .output()
        .expect("run renju");
    (
        out.status.code().unwrap(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("renju-conform-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn the_families_catch_five_classic_bugs() {
    let families = ["--families", "all", "--random", "200"];
    let (code, report) = conform("jsonl", "--mistake none", &families);
    assert_eq!(code, 0, "{report}");
    assert_eq!(report["positions"], 200);
    // Each bug, the kind it gives, and the family whose positions show it.
    let cases = [
        ("overline-beats-five", "false_foul", "five-plus-overline-"),
        (
            "wrong-priority",
            "wrong_kind",
            "double-four-plus-double-three-",
        ),
        ("no-recursion", "false_foul", "deep-recursion-"),
        ("depth-2", "false_foul", "deep-recursion-"),
        ("other-reading", "false_foul", "disputed-"),
    ];
    for (mistake, kind, family) in cases {
        let (code, report) = conform("jsonl", &format!("--mistake {mistake}"), &families);
        assert_eq!(code, 1, "{mistake}");
        assert!(
            report["summary"][kind].as_u64().unwrap() > 0,
            "{mistake}: {report}"
        );
        let found = report["disagreements"].as_array().unwrap();
        assert!(
            found
                .iter()
                .any(|d| d["position"].as_str().unwrap().starts_with(family)),
            "{mistake}: no disagreement on {family}"
        );
        // The exact query sent is in the report.
        assert!(found[0]["query"].as_str().unwrap().starts_with("{\"id\":"));
    }
    // Without the families, 200 uniform positions miss the first two.
    for mistake in ["overline-beats-five", "wrong-priority"] {
        let (code, _) = conform(
            "jsonl",
            &format!("--mistake {mistake}"),
            &["--random", "200"],
        );
        assert_eq!(code, 0, "{mistake}");
    }
}

#[test]
fn an_unknown_family_is_refused() {
    let (code, _, err) = renju(&["conform", "--engine", "x", "--families", "triple-five"]);
    assert_eq!(code, 2);
    assert!(err.contains("unknown family"), "{err}");
}

#[test]
fn text_reports_group_positions_and_show_the_query() {
    let dir = temp_dir("text");
    // The same board twice: checked once, both ids listed. The board is a deep
    // recursion case, which the judge without recursion gets wrong; its query is taken
    // from a report.
    let (_, report) = conform(
        "jsonl",
        "--mistake no-recursion",
        &["--families", "deep-recursion", "--random", "2"],
    );
    let query = report["disagreements"][0]["query"].as_str().unwrap();
    let mut query: Value = serde_json::from_str(query).unwrap();
    let mut twice = String::new();
    for id in ["q1", "q2"] {
        query["id"] = id.into();
        twice += &format!("{query}\n");
    }
    let games = dir.join("twice.jsonl");
    std::fs::write(&games, twice).unwrap();
    let bad = format!("{} --mistake no-recursion", engine());
    let (code, out, _) = renju(&[
        "conform",
        "--engine",
        &bad,
        "--positions",
        games.to_str().unwrap(),
        "--families",
        "deep-recursion",
        "--random",
        "6",
        "--max-failures",
        "1",
    ]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("sent:\n  {\"id\":"), "{out}");
    assert!(
        out.contains("2 positions with the board of an earlier one"),
        "{out}"
    );
    assert!(
        out.contains("stopped after 1 position with a disagreement"),
        "{out}"
    );
    assert!(
        out.starts_with("== q1 (also q2, deep-recursion-0-1)\n"),
        "{out}"
    );
    assert!(out.contains("1 position (jsonl protocol"), "{out}");
    // Skip reasons are in the text summary: move mode asks only positions with a
    // forbidden point, and a double five (a win) often has none.
    let moves = format!("{} --protocol gomocup --no-forbid-query", engine());
    let (code, out, _) = renju(&[
        "conform",
        "--protocol",
        "gomocup",
        "--engine",
        &moves,
        "--families",
        "double-five",
        "--random",
        "10",
    ]);
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains(" skipped:\n  move mode asks only positions with a forbidden point: "),
        "{out}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_protocol_mismatch_stops_at_once_with_a_hint() {
    // A Gomocup engine spoken to in JSON lines answers UNKNOWN: exit 2 after a few.
    let engine = format!("{} --protocol gomocup", engine());
    let (code, out, err) = renju(&["conform", "--engine", &engine, "--random", "200"]);
    assert_eq!(code, 2, "{out}");
    assert!(
        err.contains("does not seem to speak the jsonl protocol"),
        "{err}"
    );
    assert!(err.contains("try --protocol gomocup"), "{err}");
}

#[test]
fn protocol_errors_are_labelled_as_such() {
    let (code, report) = conform(
        "gomocup",
        "--no-forbid-query --mistake garbage",
        &["--random", "6"],
    );
    assert_eq!(code, 1);
    let d = report["disagreements"]
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["kind"] == "bad-answer")
        .expect("a bad answer");
    assert_eq!(d["expected"], "a move x,y on an empty point in time");
    assert!(d["query"].as_str().unwrap().starts_with("BOARD\n"), "{d}");
}

#[test]
fn yes_or_no_answers_are_checked_by_their_verdict() {
    let (code, report) = conform("jsonl", "--yes-no", &["--positions", "fixtures"]);
    assert_eq!(code, 0, "{report}");
    let (code, report) = conform("jsonl", "--yes-no --mistake no-recursion", &[]);
    assert_eq!(code, 1);
    only(&report, "false_foul");
}

#[test]
fn json_lines_query_files_are_positions() {
    let dir = temp_dir("jsonl");
    let queries = dir.join("queries.jsonl");
    std::fs::write(
        &queries,
        "{\"id\": \"q1\", \"moves\": \"f8 a1 g8 a2 h6 a3 h7 a4\"}\n\n{\"moves\": \"h8\"}\n",
    )
    .unwrap();
    let path = queries.to_str().unwrap();
    let (code, report) = conform("jsonl", "--mistake none", &["--positions", path]);
    assert_eq!(code, 0, "{report}");
    assert_eq!(report["positions"], 2);
    let (code, report) = conform("jsonl", "--mistake depth-0", &["--positions", path]);
    assert_eq!(code, 0, "{report}");
    std::fs::write(&queries, "{\"moves\": \"h8 h8\"}\n").unwrap();
    let (code, _, err) = renju(&["conform", "--engine", "x", "--positions", path]);
    assert_eq!(code, 2);
    assert!(err.contains("queries.jsonl:1:"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_pack_is_written_and_run() {
    let dir = temp_dir("pack");
    let (code, out, err) = renju(&["conform", "--write-pack", dir.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("positions: 1000 records"), "{out}");
    for file in ["pack.json", "positions.jsonl", "results.jsonl", "README.md"] {
        assert!(dir.join(file).exists(), "{file}");
    }
    let manifest: Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("pack.json")).unwrap()).unwrap();
    assert_eq!(manifest["pack_version"], 1);
    let results = std::fs::read_to_string(dir.join("results.jsonl")).unwrap();
    let first: Value = serde_json::from_str(results.lines().next().unwrap()).unwrap();
    assert_eq!(first["case"], "five-beats-foul");
    assert_eq!(first["results"]["rif-claim"]["winner"], "black");
    let pack = dir.to_str().unwrap();
    let (code, report) = conform("jsonl", "--mistake none", &["--pack", pack]);
    assert_eq!(code, 0, "{report}");
    assert_eq!(report["positions"], 1000);
    let (code, _) = conform("jsonl", "--mistake overline-beats-five", &["--pack", pack]);
    assert_eq!(code, 1);
    // An edited pack is refused.
    let positions = std::fs::read_to_string(dir.join("positions.jsonl")).unwrap();
    let edited = positions.replacen("\"rif\":{", "\"rif\":{\"a1\":\"overline\",", 1);
    std::fs::write(dir.join("positions.jsonl"), edited).unwrap();
    let (code, _, err) = renju(&["conform", "--engine", "x", "--pack", pack]);
    assert_eq!(code, 2);
    assert!(err.contains("the pack says"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[cfg(unix)]
#[test]
fn an_interrupt_ends_the_engine_prints_the_report_and_exits_130() {
    let dir = std::env::temp_dir().join(format!("renju-conform-signal-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    // A Gomocup engine that never answers a move: the run waits on it.
    let slow = format!(
        "{} --mode slow --pid-dir {}",
        common::example("renju-engine", "test_engine"),
        dir.display()
    );
    let child = Command::new(env!("CARGO_BIN_EXE_renju"))
        .args([
            "conform",
            "--json",
            "--protocol",
            "gomocup",
            "--gomocup-query",
            "move",
        ])
        .args(["--timeout-ms", "60000", "--engine", &slow])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let started = std::time::Instant::now();
    while std::fs::read_dir(&dir).unwrap().count() < 1 {
        assert!(started.elapsed().as_secs() < 20, "the engine did not start");
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    std::thread::sleep(std::time::Duration::from_millis(200));
    let sent = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(sent.success());
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(130));
    let report: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(report["stopped"], "interrupted", "{report}");
    for entry in std::fs::read_dir(&dir).unwrap() {
        let pid = entry.unwrap().file_name().to_string_lossy().into_owned();
        assert!(!common::is_running(&pid), "engine {pid} outlived the run");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
