//! End-to-end tests of `renju validate`.

use std::process::Command;

use serde_json::Value;

mod run_cli;
use run_cli::renju;

#[test]
fn the_readme_sample_validates_cleanly() {
    let (code, out, err) = renju(&["validate", "fixtures/games/sample.txt"]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("5 games: 0 errors, 0 warnings"), "{out}");
}

#[test]
fn json_report_has_the_documented_shape() {
    let (code, out, _) = renju(&["validate", "--json", "fixtures/games/sample.txt"]);
    assert_eq!(code, 0);
    let report: Value = serde_json::from_str(&out).unwrap();
    let games = report["games"].as_array().unwrap();
    assert_eq!(games.len(), 5);
    for g in games {
        for key in ["source", "index", "id", "moves", "outcome", "findings"] {
            assert!(g.get(key).is_some(), "game lacks {key}: {g}");
        }
        let t = g["outcome"]["termination"].as_str().unwrap();
        assert!([
            "five",
            "forbidden",
            "two-passes",
            "full-board",
            "declared",
            "unfinished"
        ]
        .contains(&t));
        for f in g["findings"].as_array().unwrap() {
            for key in ["severity", "code", "move", "message"] {
                assert!(f.get(key).is_some(), "finding lacks {key}: {f}");
            }
        }
    }
    assert_eq!(games[0]["outcome"]["winner"], "black");
    assert_eq!(games[3]["outcome"]["termination"], "forbidden");
    let summary = &report["summary"];
    assert_eq!(summary["games"], 5);
    assert_eq!(summary["errors"], 0);
    assert_eq!(summary["by_termination"]["five"], 2);
    assert_eq!(summary["findings"]["forbidden-move"], 1);
}

#[test]
fn errors_give_exit_code_1_and_every_record_is_reported() {
    let (code, out, _) = renju(&["validate", "--json", "fixtures/games/bad_records.txt"]);
    assert_eq!(code, 1);
    let report: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(report["summary"]["games"], 6);
    assert_eq!(report["summary"]["errors"], 5);
    let codes: Vec<&str> = report["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["findings"][0]["code"].as_str().unwrap())
        .collect();
    assert_eq!(
        codes,
        [
            "occupied-point",
            "unreadable-record",
            "move-after-game-end",
            "opening-area",
            "pass-in-opening",
            "offers-not-recorded"
        ]
    );
}

#[test]
fn unreadable_files_give_exit_code_2_and_the_others_are_still_validated() {
    let (code, out, err) = renju(&["validate", "fixtures/games/sample.txt", "no/such/file.txt"]);
    assert_eq!(code, 2);
    assert!(err.contains("no/such/file.txt"), "{err}");
    assert!(out.contains("5 games"), "{out}");
    let (code, _, err) = renju(&["validate", "README.md"]);
    assert_eq!(code, 2, "no format can be told from .md");
    assert!(err.contains("--format"), "{err}");
}

#[test]
fn options_set_what_the_format_does_not_say() {
    // Under the RIF 1996 protocol, bad record 3 starts off the centre.
    let (code, out, _) = renju(&[
        "validate",
        "--json",
        "--opening",
        "rif1996",
        "fixtures/games/bad_records.txt",
    ]);
    assert_eq!(code, 1);
    let report: Value = serde_json::from_str(&out).unwrap();
    assert!(
        report["summary"]["findings"]["opening-area"]
            .as_u64()
            .unwrap()
            >= 2
    );
    // A file that does not name its rule set: renju by default, freestyle on request.
    let path = std::env::temp_dir().join(format!("renju-cli-test-{}.game", std::process::id()));
    std::fs::write(&path, "f8 a1 g8 c1 h6 e1 h7 g1 h8\n").unwrap();
    let path = path.to_str().unwrap();
    let (_, out, _) = renju(&["validate", "--json", "--format", "moves", path]);
    let report: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(report["summary"]["findings"]["forbidden-move"], 1);
    let (_, out, _) = renju(&[
        "validate",
        "--json",
        "--format",
        "moves",
        "--rule",
        "freestyle",
        path,
    ]);
    let report: Value = serde_json::from_str(&out).unwrap();
    assert!(
        report["summary"]["findings"]
            .get("forbidden-move")
            .is_none(),
        "{out}"
    );
    std::fs::remove_file(path).unwrap();
    let (code, _, err) = renju(&[
        "validate",
        "--opening",
        "chess",
        "fixtures/games/sample.txt",
    ]);
    assert_eq!(code, 2, "clap rejects an unknown protocol: {err}");
    assert!(err.contains("chess"));
}

#[test]
fn a_duplicate_id_is_reported_once() {
    let path = std::env::temp_dir().join(format!("renju-cli-dup-{}.sgf", std::process::id()));
    std::fs::write(
        &path,
        "(;GM[4]SZ[15]GN[42];B[hh])(;GM[4]SZ[15]GN[42];B[hh])",
    )
    .unwrap();
    let (_, out, _) = renju(&["validate", "--json", path.to_str().unwrap()]);
    std::fs::remove_file(&path).unwrap();
    let report: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(report["summary"]["findings"]["duplicate-id"], 1, "{out}");
    assert_eq!(report["summary"]["warnings"], 1);
}

#[test]
fn a_directory_is_a_file_that_cannot_be_read() {
    let dir = std::env::temp_dir().join(format!("renju-cli-dir-{}.txt", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let dir_name = dir.to_str().unwrap();
    let (code, out, err) = renju(&["validate", dir_name, "fixtures/games/sample.txt"]);
    assert_eq!(code, 2, "{out}{err}");
    assert!(err.contains("is a directory"), "{err}");
    assert!(!out.contains("game 1:"), "no game is invented: {out}");
    // The file counts as an error, as in the JSON report.
    assert!(out.contains("5 games: 1 error,"), "{out}");
    assert!(out.contains("1 file could not be read"), "{out}");

    // The JSON report lists the file and does not look clean.
    let (code, out, _) = renju(&["validate", "--json", dir_name, "fixtures/games/sample.txt"]);
    assert_eq!(code, 2);
    let report: Value = serde_json::from_str(&out).unwrap();
    std::fs::remove_dir(&dir).unwrap();
    assert_eq!(report["games"].as_array().unwrap().len(), 5);
    assert_eq!(report["summary"]["games"], 5);
    assert_eq!(report["summary"]["errors"], 1);
    assert_eq!(report["summary"]["findings"]["unreadable-file"], 1);
    let files = report["unreadable_files"].as_array().unwrap();
    assert_eq!(files.len(), 1);
    assert_eq!(files[0]["file"], dir_name);
    assert!(files[0]["error"]
        .as_str()
        .unwrap()
        .contains("is a directory"));

    // Missing files and unknown formats too; readable files alone give the library's
    // report unchanged (no "unreadable_files" key).
    let (code, out, _) = renju(&["validate", "--json", "no/such/file.txt", "README.md"]);
    assert_eq!(code, 2);
    let report: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(report["unreadable_files"].as_array().unwrap().len(), 2);
    assert_eq!(report["summary"]["errors"], 2);
    let (_, out, _) = renju(&["validate", "--json", "fixtures/games/sample.txt"]);
    let report: Value = serde_json::from_str(&out).unwrap();
    assert!(report.get("unreadable_files").is_none(), "{out}");
}

#[test]
fn control_bytes_from_the_input_are_escaped_in_the_text_report() {
    let path =
        std::env::temp_dir().join(format!("renju-cli-esc-\x1b[31m-{}.txt", std::process::id()));
    // An ESC sequence and a NUL inside a record; the record id and file name carry more.
    std::fs::write(&path, "h8 i9 \x1b[2Jzz\0x\n").unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_renju"))
        .args(["validate", "--verbose"])
        .arg(&path)
        .output()
        .expect("run renju");
    let missing = Command::new(env!("CARGO_BIN_EXE_renju"))
        .args(["validate", "no/such/\x1b]0;title\x07.txt"])
        .output()
        .expect("run renju");
    let (_, json, _) = renju(&["validate", "--json", path.to_str().unwrap()]);
    std::fs::remove_file(&path).unwrap();
    assert_eq!(out.status.code(), Some(1));
    let is_raw_control = |b: &u8| b.is_ascii_control() && *b != b'\n';
    for bytes in [&out.stdout, &out.stderr, &missing.stdout, &missing.stderr] {
        assert!(
            !bytes.iter().any(is_raw_control),
            "raw control bytes: {:?}",
            String::from_utf8_lossy(bytes)
        );
    }
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("renju-cli-esc-\\e[31m-"), "{stdout}");
    assert!(stdout.contains("`\\e`"), "{stdout}");
    let stderr = String::from_utf8_lossy(&missing.stderr);
    assert!(stderr.contains("\\e]0;title\\x07"), "{stderr}");
    // JSON escapes them its own way and stays valid.
    assert!(!json.bytes().any(|b| is_raw_control(&b)));
    let report: Value = serde_json::from_str(&json).unwrap();
    assert!(report["games"][0]["source"]
        .as_str()
        .unwrap()
        .contains('\x1b'));
}

/// Issue 9: the human report streams chunk by chunk (2,000 games) with a running
/// summary; a duplicate id across chunks, and the totals, are as in the JSON report.
#[test]
fn the_summary_runs_across_chunks_as_the_json_report_does() {
    let path = std::env::temp_dir().join(format!("renju-cli-chunks-{}.sgf", std::process::id()));
    let mut text = String::new();
    for k in 0..4_500 {
        let id = if k == 4_321 { 17 } else { k };
        let moves = if k % 1_000 == 999 {
            ";B[hh];W[hh]"
        } else {
            ";B[hh];W[hi]"
        };
        text.push_str(&format!("(;GM[4]SZ[15]GN[{id}]{moves})\n"));
    }
    std::fs::write(&path, text).unwrap();
    let name = path.to_str().unwrap();
    let (code, human, _) = renju(&["validate", name]);
    let (json_code, out, _) = renju(&["validate", "--json", name]);
    std::fs::remove_file(&path).unwrap();
    assert_eq!((code, json_code), (1, 1));
    let report: Value = serde_json::from_str(&out).unwrap();
    let s = &report["summary"];
    assert_eq!(s["games"], 4_500);
    assert_eq!(s["findings"]["duplicate-id"], 1);
    assert_eq!(s["findings"]["occupied-point"], 4);
    assert!(
        human.contains("4500 games: 4 errors, 1 warning\n"),
        "{human}"
    );
    assert!(human.contains("game 4322 (17)"), "{human}");
    assert!(human.contains("game id 17 was already used by game 18 of this file"));
    // Printed games, in input order: the four errors and the duplicate.
    let games: Vec<&str> = human.lines().filter(|l| l.starts_with(name)).collect();
    assert_eq!(games.len(), 5, "{human}");
    assert!(games[3].contains("game 4000 "), "{}", games[3]);
    assert!(games[4].contains("game 4322 "), "{}", games[4]);
}

#[test]
fn jsonl_lines_are_the_json_reports_games_then_its_summary() {
    let dir = std::env::temp_dir().join(format!("renju-jsonl-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let big = dir.join("big.txt");
    // More games than one validation chunk (2,000), with errors among them.
    let lines: Vec<&str> = [
        "h8 i9 j10",
        "h8 h8",
        "h8 zz",
        "# rule: gomoku",
        "h8 i9 i8 j10 g8 k11",
    ]
    .into_iter()
    .cycle()
    .take(6_000)
    .collect();
    std::fs::write(&big, lines.join("\n")).unwrap();
    let big = big.to_str().unwrap();
    for args in [
        vec![
            "fixtures/games/sample.txt",
            "fixtures/games/bad_records.txt",
        ],
        vec!["fixtures/games/timed.sgf", "no/such/file.txt", big],
    ] {
        let (json_code, json, _) = renju(&[&["validate", "--json"][..], &args].concat());
        let (code, jsonl, _) = renju(&[&["validate", "--jsonl"][..], &args].concat());
        assert_eq!(code, json_code);
        let report: Value = serde_json::from_str(&json).unwrap();
        let lines: Vec<Value> = jsonl
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        let (last, games) = lines.split_last().unwrap();
        assert_eq!(games, report["games"].as_array().unwrap().as_slice());
        assert_eq!(last["summary"], report["summary"]);
        assert_eq!(last.get("unreadable_files"), report.get("unreadable_files"));
        assert!(games.iter().all(|g| g.get("summary").is_none()));
    }
    std::fs::remove_dir_all(&dir).unwrap();
    let (code, _, err) = renju(&["validate", "--json", "--jsonl", "fixtures/games/sample.txt"]);
    assert_eq!(code, 2, "{err}");
}

#[test]
fn one_game_one_error_is_singular() {
    let dir = std::env::temp_dir().join(format!("renju-singular-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("one.txt");
    std::fs::write(&file, "h8 h8\n").unwrap();
    let (_, out, _) = renju(&["validate", file.to_str().unwrap()]);
    assert!(out.contains("1 game: 1 error, 0 warnings\n"), "{out}");
    let _ = std::fs::remove_dir_all(&dir);
}
