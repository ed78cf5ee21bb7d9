//! End-to-end tests of `renju standings`.

use serde_json::Value;

mod run_cli;
use run_cli::{renju, repo};

const EXERCISE: &str = "fixtures/tournaments/fide_tec_exercise.trf";

#[test]
fn fide_exercise_json_has_the_published_values() {
    for (regulation, bh4, bh11) in [("fide-2024", 15.0, 13.5), ("fide-2026", 14.0, 12.5)] {
        let (code, out, err) = renju(&[
            "standings",
            "--json",
            "--tiebreaks",
            "BH,BH/C1",
            "--unplayed",
            regulation,
            EXERCISE,
        ]);
        assert_eq!(code, 0, "{err}");
        let v: Value = serde_json::from_str(&out).unwrap();
        let t = &v["tournaments"][0];
        assert_eq!(t["regulation"], regulation);
        assert_eq!(t["system"], "swiss");
        assert_eq!(t["tiebreaks"], serde_json::json!(["BH", "BH/C1"]));
        let row = |id: u64| {
            t["standings"]
                .as_array()
                .unwrap()
                .iter()
                .find(|r| r["id"] == id)
                .unwrap()
                .clone()
        };
        assert_eq!(row(4)["tiebreaks"]["BH"], bh4);
        assert_eq!(row(11)["tiebreaks"]["BH"], bh11);
        assert_eq!(row(12)["tiebreaks"]["BH/C1"], 9.5);
        assert_eq!(row(2)["rank"], 1);
        assert_eq!(row(2)["points"], 4.0);
        for key in ["rank", "id", "name", "points", "tiebreaks"] {
            assert!(row(1).get(key).is_some(), "{key}");
        }
    }
}

#[test]
fn table_marks_shared_places() {
    let (code, out, _) = renju(&["standings", "fixtures/tournaments/knockout.trf"]);
    assert_eq!(code, 0);
    assert!(
        out.contains("(knockout, unplayed rounds: fide-2024)"),
        "{out}"
    );
    assert!(out.contains("3=   3  Player 3"), "{out}");
    assert!(out.contains("5=   8  Player 8"), "{out}");
}

#[test]
fn team_round_robin_uses_the_seed_list() {
    let (code, out, _) = renju(&["standings", "fixtures/tournaments/team_round_robin.trf"]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("MP   GP    TSB      TBR"), "{out}");
    assert!(out.contains("Team B    2  3.5   2.25    1.5/2"), "{out}");
}

#[test]
fn rif_database_gives_one_table_per_tournament() {
    let (code, out, _) = renju(&["standings", "--json", "fixtures/tournaments/club.rif"]);
    assert_eq!(code, 0);
    let v: Value = serde_json::from_str(&out).unwrap();
    let list = v["tournaments"].as_array().unwrap();
    assert_eq!(list.len(), 2);
    assert_eq!(list[0]["name"], "Spring club round robin");
    assert_eq!(list[0]["system"], "round-robin");
    assert_eq!(list[0]["standings"][0]["name"], "Ann Smith");
    assert_eq!(list[0]["standings"][0]["points"], 2.5);
}

#[test]
fn system_option_and_errors() {
    let (code, out, _) = renju(&[
        "standings",
        "--system",
        "swiss",
        "fixtures/tournaments/round_robin.trf",
    ]);
    assert_eq!(code, 0);
    assert!(out.contains("ARO"), "{out}");
    let (code, _, err) = renju(&["standings", "--tiebreaks", "XYZ", EXERCISE]);
    assert_eq!(code, 2);
    assert!(err.contains("unknown tie-break"), "{err}");
    let (code, _, _) = renju(&["standings", "--unplayed", "fide-1999", EXERCISE]);
    assert_eq!(code, 2);
    let (code, _, err) = renju(&["standings", "no/such/file.trf"]);
    assert_eq!(code, 2);
    assert!(err.contains("cannot read"), "{err}");
}

#[test]
fn findings_of_severity_error_exit_1() {
    let dir = std::env::temp_dir().join(format!("renju-standings-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("bad.trf");
    // Player 2 claims a win that player 1 also claims; player 1's points are wrong.
    let text = std::fs::read_to_string(repo().join("fixtures/tournaments/round_robin.trf"))
        .unwrap()
        .replace("   1 w 0", "   1 w 1");
    std::fs::write(&path, text).unwrap();
    let (code, out, _) = renju(&["standings", "--json", path.to_str().unwrap()]);
    assert_eq!(code, 1, "{out}");
    let v: Value = serde_json::from_str(&out).unwrap();
    let codes: Vec<&str> = v["tournaments"][0]["findings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["code"].as_str().unwrap())
        .collect();
    assert!(codes.contains(&"result-contradiction"), "{codes:?}");
    assert!(codes.contains(&"points-mismatch"), "{codes:?}");
    std::fs::remove_dir_all(&dir).ok();
}

/// A TRF file with CR line ends (as bbpPairings writes them) ranks as the same file with
/// LF line ends.
#[test]
fn a_trf_with_cr_line_ends_ranks_as_with_lf() {
    let text = std::fs::read_to_string(repo().join(EXERCISE)).unwrap();
    let dir = std::env::temp_dir().join(format!("renju-standings-cr-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let cr = dir.join("cr.trf");
    std::fs::write(&cr, text.replace("\r\n", "\n").replace('\n', "\r")).unwrap();
    let (code, from_cr, err) = renju(&["standings", "--json", cr.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let (_, from_lf, _) = renju(&["standings", "--json", EXERCISE]);
    let ranks = |out: &str| {
        serde_json::from_str::<Value>(out).unwrap()["tournaments"][0]["standings"].clone()
    };
    assert_eq!(ranks(&from_cr), ranks(&from_lf));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A Swiss with a rematch and a second pairing bye: both are errors of the whole
/// crosstable (each round alone is fine), and the exit code says so.
#[test]
fn a_swiss_is_checked_over_all_its_rounds() {
    let json = r#"{"name": "Cup", "system": "swiss", "rounds": 2,
     "players": [{"id": 1, "name": "Ann"}, {"id": 2, "name": "Bob"}, {"id": 3, "name": "Cid"}],
     "pairings": [
      {"round": 1, "player": 1, "opponent": 2, "color": "white", "result": "win"},
      {"round": 1, "player": 2, "opponent": 1, "color": "black", "result": "loss"},
      {"round": 1, "player": 3, "result": "pairing-bye"},
      {"round": 2, "player": 2, "opponent": 1, "color": "white", "result": "draw"},
      {"round": 2, "player": 1, "opponent": 2, "color": "black", "result": "draw"},
      {"round": 2, "player": 3, "result": "pairing-bye"}]}"#;
    let path = std::env::temp_dir().join(format!("renju-swiss-{}.json", std::process::id()));
    std::fs::write(&path, json).unwrap();
    let (code, out, err) = renju(&["standings", "--json", path.to_str().unwrap()]);
    let _ = std::fs::remove_file(&path);
    assert_eq!(code, 1, "{err}");
    let v: Value = serde_json::from_str(&out).unwrap();
    let codes: Vec<&str> = v["tournaments"][0]["findings"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|f| f["code"].as_str())
        .collect();
    assert!(codes.contains(&"rematch"), "{codes:?}");
    assert!(codes.contains(&"pairing-bye"), "{codes:?}");
}

/// A knockout TRF of `players` x `rounds` (an even number, up to 9998) whose matches
/// are all drawn (1-2, 3-4, ... every round).
fn all_drawn_knockout(players: u32, rounds: u32) -> String {
    let mut trf = format!("012 All drawn\n092 Individual: Knockout\nXXR {rounds}\n");
    for i in 1..=players {
        let name = format!("Player {i}");
        let points = rounds / 2;
        // Columns: 001, the start rank (5-8), the name (15-47), points (81-84), then a
        // round every 10 columns from 92 (opponent 92-95, colour 97, result 99).
        let mut line = format!("001 {i:4}      {name:<33}{:33}{points:>4}{:7}", "", "");
        let (opp, colour) = if i % 2 == 1 {
            (i + 1, 'w')
        } else {
            (i - 1, 'b')
        };
        for _ in 0..rounds {
            line.push_str(&format!("{opp:4} {colour} =  "));
        }
        trf.push_str(line.trim_end());
        trf.push('\n');
    }
    trf
}

#[test]
fn an_all_drawn_knockout_of_100_players_and_1000_rounds_is_quick() {
    // Issue 43: each placement bracket reported every later round's undecided matches
    // again (players x rounds² findings); this file aborted at 3.8 GB. Now each match
    // is reported once, under a 4 GB address-space limit, in about a second.
    let dir = std::env::temp_dir().join(format!("renju-ko-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("all_drawn.trf");
    std::fs::write(&path, all_drawn_knockout(100, 1000)).unwrap();
    let start = std::time::Instant::now();
    let out = std::process::Command::new("sh")
        .arg("-c")
        .arg("ulimit -v 4000000 && exec \"$0\" standings --json \"$1\"")
        .arg(env!("CARGO_BIN_EXE_renju"))
        .arg(&path)
        .output()
        .expect("run sh");
    let elapsed = start.elapsed();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    let v: Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let t = &v["tournaments"][0];
    assert_eq!(t["system"], "knockout");
    let findings = t["findings"].as_array().unwrap();
    let undecided = findings
        .iter()
        .filter(|f| f["code"] == "knockout-undecided")
        .count();
    assert_eq!(undecided, 50 * 1000);
    assert_eq!(t["standings"].as_array().unwrap().len(), 100);
    // About two seconds in a debug build on a quiet machine; room for a loaded one.
    assert!(elapsed.as_secs() < 60, "{elapsed:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// `--clubs N`: each club's best N players added up, after the standings; `--write-trf`
/// writes the points and ranks computed.
#[test]
fn club_totals_and_the_trf_with_the_standings() {
    let file = "fixtures/tournaments/clubs.trf";
    let (code, out, err) = renju(&["standings", "--clubs", "2", file]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("Club totals\nRank  Club  Pts  Players\n   1  SOU  4.5  3:2.5 2:2\n   2  NOR  4  1:3.5 5:0.5\n"), "{out}");
    let (code, out, err) = renju(&["standings", "--json", "--clubs", "0", file]);
    assert_eq!(code, 0, "{err}");
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["tournaments"][0]["clubs"][0]["points"], 6.0);
    let written = std::env::temp_dir().join(format!("renju-standings-{}.trf", std::process::id()));
    let (code, _, err) = renju(&[
        "standings",
        "--write-trf",
        written.to_str().unwrap(),
        "fixtures/tournaments/club_entries.trf",
        file,
    ]);
    assert_eq!(code, 2, "two tournaments, one TRF");
    assert!(err.contains("one TRF file holds one"), "{err}");
    let (code, _, err) = renju(&["standings", "--write-trf", written.to_str().unwrap(), file]);
    assert_eq!(code, 0, "{err}");
    let text = std::fs::read_to_string(&written).unwrap();
    assert!(text.contains("3.5    1"), "{text}");
    let _ = std::fs::remove_file(written);
}

/// A TRF-26 `362` record (the team score system) scores the matches: 2, 1 and 0 double
/// every team's match points and keep the order; an unreadable one is refused naming
/// its line.
#[test]
fn the_team_score_system_362_scores_the_matches() {
    let text =
        std::fs::read_to_string(repo().join("fixtures/tournaments/team_round_robin.trf")).unwrap();
    let dir = std::env::temp_dir().join(format!("renju-standings-362-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("teams.trf");
    let with = text.replacen("XXR 3\n", "XXR 3\n362 TW 2.0 TD 1.0 TL 0.0\n", 1);
    std::fs::write(&file, &with).unwrap();
    let (code, out, err) = renju(&["standings", file.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("Team B   4  3.5   4.5    1.5/2"), "{out}");
    assert!(out.contains("Team C   2    3  4.75      1/2"), "{out}");
    std::fs::write(&file, with.replace("TL 0.0", "TL")).unwrap();
    let (code, _, err) = renju(&["standings", file.to_str().unwrap()]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("line 4: 362: TL has no points after it"),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
