//! End-to-end tests of `renju validate`.

use std::path::PathBuf;
use std::process::Command;

use serde_json::Value;

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn renju(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_renju"))
        .args(args)
        .current_dir(repo())
        .output()
        .expect("run renju");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

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
