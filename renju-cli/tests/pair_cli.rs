//! End-to-end tests of `renju pair`: a round robin paired round by round as an arbiter
//! runs it (each round's results added to the TRF before the next is paired), the
//! drawing of lots, and the errors.

use std::path::PathBuf;

use serde_json::Value;

mod run_cli;
use run_cli::{renju, repo};

/// FIDE C.05 Annex 1, the Berger table for 7 or 8 players (8 is the bye for 7), from
/// `fixtures/tournaments/berger_8.txt`: one round a line, games `first-second`.
fn fide_8() -> Vec<String> {
    let text = std::fs::read_to_string(repo().join("fixtures/tournaments/berger_8.txt")).unwrap();
    text.lines().map(str::to_string).collect()
}

/// A round as the table writes it: `first-second` games, space-separated (a bye, `N 0`
/// in bbpPairings' output, as `N-8`).
fn table_line(round: &[(u32, u32)]) -> String {
    let games: Vec<String> = round
        .iter()
        .map(|&(first, second)| format!("{first}-{}", if second == 0 { 8 } else { second }))
        .collect();
    games.join(" ")
}

/// The games of a table line without player 8's (the bye of 7 players).
fn without_8(line: &str) -> Vec<&str> {
    line.split_whitespace()
        .filter(|g| !g.contains('8'))
        .collect()
}

/// A TRF file of `n` players ("Player 1"...) with `rounds` played, every game a draw,
/// the first mover `b`, a bye `U`.
fn trf(n: u32, rounds: &[Vec<(u32, u32)>]) -> String {
    let mut text = format!("012 Club {n}\n092 Individual: Round robin\n");
    for id in 1..=n {
        let mut line = format!("{:<89}", format!("001 {id:>4}      Player {id}"));
        for round in rounds {
            let cell = round.iter().find_map(|&(first, second)| match id {
                _ if first == id && second == 0 => Some("  0000 - U".to_string()),
                _ if first == id => Some(format!("  {second:>4} b =")),
                _ if second == id => Some(format!("  {first:>4} w =")),
                _ => None,
            });
            line.push_str(&cell.expect("every player has a board"));
        }
        text.push_str(line.trim_end());
        text.push('\n');
    }
    text
}

/// A fresh directory for one test's files (the process id keeps runs apart).
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("renju-pair-cli-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The boards of bbpPairings' output, checking the count on its first line.
fn boards(output: &str) -> Vec<(u32, u32)> {
    let mut lines = output.lines();
    let count: usize = lines.next().unwrap().parse().unwrap();
    let list: Vec<(u32, u32)> = lines
        .map(|line| {
            let (a, b) = line.split_once(' ').unwrap();
            (a.parse().unwrap(), b.parse().unwrap())
        })
        .collect();
    assert_eq!(list.len(), count);
    list
}

/// Pairs every round of an `n`-player round robin from the CLI, each after the results
/// of the ones before, with `extra` options; returns the rounds.
fn pair_every_round(n: u32, rounds: usize, extra: &[&str]) -> Vec<Vec<(u32, u32)>> {
    let dir = scratch(&format!("rounds-{n}{}", extra.join("")));
    let path = dir.join("club.trf");
    let mut played: Vec<Vec<(u32, u32)>> = Vec::new();
    for _ in 0..rounds {
        std::fs::write(&path, trf(n, &played)).unwrap();
        let mut args = vec!["pair", "--round-robin", path.to_str().unwrap(), "-p"];
        args.extend(extra);
        let (code, out, err) = renju(&args);
        assert_eq!(code, 0, "{err}");
        played.push(boards(&out));
    }
    std::fs::write(&path, trf(n, &played)).unwrap();
    let mut args = vec!["pair", "--round-robin", path.to_str().unwrap()];
    args.extend(extra);
    let (code, _, err) = renju(&args);
    assert_eq!(code, 2, "every round paired");
    assert!(err.contains("past the schedule"), "{err}");
    played
}

#[test]
fn eight_and_seven_players_are_paired_round_by_round_as_fides_table() {
    let fide = fide_8();
    let eight: Vec<String> = pair_every_round(8, 7, &[])
        .iter()
        .map(|r| table_line(r))
        .collect();
    assert_eq!(eight, fide);
    let seven = pair_every_round(7, 7, &[]);
    for (round, table) in seven.iter().zip(&fide) {
        assert_eq!(round[0].1, 0, "the bye first");
        assert!(
            table.contains(&format!("{}-8", round[0].0))
                || table.contains(&format!("8-{}", round[0].0))
        );
        assert_eq!(without_8(&table_line(&round[1..])), without_8(table));
    }
}

#[test]
fn a_double_round_robin_reverses_the_last_two_rounds_and_exchanges_colours() {
    let double = pair_every_round(8, 14, &["--double", "--reverse-last-two-rounds"]);
    let lines: Vec<String> = double.iter().map(|r| table_line(r)).collect();
    let fide = fide_8();
    assert_eq!((&lines[5], &lines[6]), (&fide[6], &fide[5]));
    for (again, table) in double[7..].iter().zip(&fide) {
        let exchanged: Vec<(u32, u32)> = again.iter().map(|&(a, b)| (b, a)).collect();
        assert_eq!(table_line(&exchanged), *table);
    }
}

#[test]
fn pairings_go_to_the_output_file_and_json_names_the_players() {
    let dir = scratch("output");
    let path = dir.join("seven.trf");
    std::fs::write(&path, trf(7, &[])).unwrap();
    let out = dir.join("round1.txt");
    let (code, stdout, err) = renju(&[
        "pair",
        "--round-robin",
        path.to_str().unwrap(),
        "-p",
        out.to_str().unwrap(),
    ]);
    assert_eq!((code, stdout.as_str()), (0, ""), "{err}");
    let written = std::fs::read_to_string(&out).unwrap();
    assert_eq!(written, "4\n1 0\n2 7\n3 6\n4 5\n");
    let (code, json, err) = renju(&["pair", "--round-robin", "--json", path.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let v: Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v["round"], 1);
    assert_eq!(v["boards"][0]["bye"]["id"], 1);
    assert_eq!(v["boards"][1]["black"]["name"], "Player 2");
    assert_eq!(v["boards"][1]["white"]["id"], 7);
}

#[test]
fn what_cannot_be_paired_exits_2_with_the_reason() {
    let dir = scratch("errors");
    let path = dir.join("four.trf");
    std::fs::write(&path, format!("XXR 2\n{}", trf(4, &[]))).unwrap();
    let file = path.to_str().unwrap();
    let cases: [(&[&str], &str); 5] = [
        (
            &["--round", "3", file],
            "past the 2 rounds the tournament declares",
        ),
        (
            &["--round", "5", "fixtures/tournaments/round_robin.trf"],
            "round 1: players 1 and 2 met, which the round robin's round 1 does not pair",
        ),
        (&["--round", "0", file], "rounds are numbered from 1"),
        (
            &["fixtures/tournaments/fide_tec_exercise.trf"],
            "not a round robin",
        ),
        (&["no/such/file.trf"], "no/such/file.trf"),
    ];
    for (args, message) in cases {
        let mut all = vec!["pair", "--round-robin"];
        all.extend(args);
        let (code, out, err) = renju(&all);
        assert_eq!(code, 2, "{args:?}");
        assert!(out.is_empty());
        assert!(err.contains(message), "{args:?}: {err}");
    }
}

#[test]
fn lots_drawn_are_written_as_start_ranks_and_paired_by_them() {
    let dir = scratch("lots");
    let path = dir.join("eight.trf");
    std::fs::write(&path, trf(8, &[])).unwrap();
    let drawn = dir.join("drawn.trf");
    let args = [
        "pair",
        "--draw-lots",
        "--seed",
        "2026",
        path.to_str().unwrap(),
        "-o",
        drawn.to_str().unwrap(),
    ];
    let (code, listing, err) = renju(&args);
    assert_eq!(code, 0, "{err}");
    // The numbers an independent implementation draws for seed 2026: player k (by
    // start rank) gets [8, 6, 1, 5, 2, 7, 3, 4][k - 1].
    assert!(
        listing.starts_with("   1  Player 3  (start rank 3)\n"),
        "{listing}"
    );
    let text = std::fs::read_to_string(&drawn).unwrap();
    assert!(text.contains("001    1      Player 3\n"), "{text}");
    assert!(text.contains("001    8      Player 1\n"), "{text}");
    let (_, again, _) = renju(&args);
    assert_eq!(again, listing, "the same seed draws the same numbers");
    let (code, round1, err) = renju(&["pair", "--round-robin", drawn.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(table_line(&boards(&round1)), fide_8()[0]);
    let (code, json, _) = renju(&[
        "pair",
        "--draw-lots",
        "--seed",
        "2026",
        "--json",
        path.to_str().unwrap(),
    ]);
    assert_eq!(code, 0);
    let v: Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v["numbers"][0]["previous_id"], 3);
    assert_eq!(v["numbers"][7]["name"], "Player 1");
    let (code, _, err) = renju(&[
        "pair",
        "--draw-lots",
        "--seed",
        "1",
        "fixtures/tournaments/round_robin.trf",
    ]);
    assert_eq!(code, 2);
    assert!(
        err.contains("lots are drawn before the first round"),
        "{err}"
    );
}

/// `renju pair --knockout`: the bracket's first round (byes to the top seeds), then the
/// winner of a match meets the neighbouring board's; a tied match stops it.
#[test]
fn a_knockout_is_paired_by_its_bracket() {
    let dir = scratch("knockout");
    let file = dir.join("ko.json");
    let players = r#"[{"id": 1, "name": "A"}, {"id": 2, "name": "B"}, {"id": 3, "name": "C"},
        {"id": 4, "name": "D"}, {"id": 5, "name": "E"}]"#;
    let write = |pairings: &str| {
        let json = format!(
            r#"{{"name": "KO", "system": "knockout", "players": {players}, "pairings": [{pairings}]}}"#
        );
        std::fs::write(&file, json).unwrap();
    };
    let pair = || renju(&["pair", "--knockout", file.to_str().unwrap(), "-p"]);
    write("");
    let (code, out, err) = pair();
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, "4\n1 0\n4 5\n2 0\n3 0\n");
    write(
        r#"{"round": 1, "player": 4, "opponent": 5, "result": "loss"},
           {"round": 1, "player": 5, "opponent": 4, "result": "win"}"#,
    );
    let (code, out, err) = pair();
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, "2\n1 5\n2 3\n");
    write(
        r#"{"round": 1, "player": 4, "opponent": 5, "result": "draw"},
           {"round": 1, "player": 5, "opponent": 4, "result": "draw"}"#,
    );
    let (code, _, err) = pair();
    assert_eq!(code, 2);
    assert!(err.contains("tied; enter its tie-break games"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A round robin of two-game matches run end to end from the CLI: each round paired
/// with `--games 2` (colours exchanged in game 2), its results entered with `--record`
/// into a JSON tournament (TRF holds one game a round), the standings scoring each match
/// as one.
#[test]
fn a_round_robin_of_two_game_matches_runs_end_to_end() {
    let dir = scratch("two-games");
    let json = dir.join("club.json");
    std::fs::write(dir.join("club.trf"), trf(4, &[])).unwrap();
    let trf_path = dir.join("club.trf");
    let mut current = trf_path.clone();
    for round in 1..=3 {
        let (code, out, err) = renju(&[
            "pair",
            "--round-robin",
            "--games",
            "2",
            current.to_str().unwrap(),
        ]);
        assert_eq!(code, 0, "round {round}: {err}");
        let games = boards(&out);
        assert_eq!(games.len(), 4);
        for pair in games.chunks(2) {
            assert_eq!(pair[1], (pair[0].1, pair[0].0), "colours exchanged");
        }
        // The lower start rank wins game 1 with Black; game 2 is drawn.
        let results: String = (games.chunks(2))
            .map(|g| {
                let first = if g[0].0 < g[0].1 { "1" } else { "0" };
                format!("{} {} {first}\n{} {} =\n", g[0].0, g[0].1, g[1].0, g[1].1)
            })
            .collect();
        std::fs::write(dir.join(format!("round{round}.txt")), &results).unwrap();
        record(&dir, &current, &json, &results);
        current = json.clone();
    }
    let (code, out, err) = renju(&["standings", "--json", json.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let v: Value = serde_json::from_str(&out).unwrap();
    let rows = &v["tournaments"][0]["standings"];
    // Player 1 won every match 1½-½: 3 match points, 4½ game points after.
    assert_eq!(rows[0]["id"], 1);
    assert_eq!(rows[0]["points"], 3.0);
    assert_eq!(rows[0]["tiebreaks"]["GP"], 4.5);
    assert_eq!(rows[3]["points"], 0.0);
    // TRF cannot hold a round of two games: the error says to write JSON.
    let (code, _, err) = renju(&[
        "pair",
        "--record",
        dir.join("round1.txt").to_str().unwrap(),
        trf_path.to_str().unwrap(),
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("write JSON"), "{err}");
    // A result code that is not one: the line is named.
    std::fs::write(dir.join("bad.txt"), "1 2 Q\n").unwrap();
    let (code, _, err) = renju(&[
        "pair",
        "--record",
        dir.join("bad.txt").to_str().unwrap(),
        trf_path.to_str().unwrap(),
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("result 1: round 1: \"Q\""), "{err}");
}

/// Enters `lines` (`black white result`) as round results into `from`, written to `to`.
fn record(dir: &std::path::Path, from: &std::path::Path, to: &std::path::Path, lines: &str) {
    let results = dir.join("results.txt");
    std::fs::write(&results, lines).unwrap();
    let (code, _, err) = renju(&[
        "pair",
        "--record",
        results.to_str().unwrap(),
        from.to_str().unwrap(),
        "-o",
        to.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
}

/// A team round robin of four teams run end to end: each round's boards (the
/// first-named team Black on board 1, White on board 2), the results, the standings by
/// match points with no finding about board colours.
#[test]
fn a_team_round_robin_runs_end_to_end() {
    let dir = scratch("teams");
    let file = dir.join("teams.trf");
    std::fs::copy(repo().join("fixtures/tournaments/team_entries.trf"), &file).unwrap();
    for _ in 1..=3 {
        let (code, out, err) = renju(&["pair", "--team-round-robin", file.to_str().unwrap()]);
        assert_eq!(code, 0, "{err}");
        let games = boards(&out);
        assert_eq!(games.len(), 4);
        // Black wins every game: each match is drawn 1-1.
        let lines: String = games.iter().map(|(b, w)| format!("{b} {w} 1\n")).collect();
        record(&dir, &file, &file, &lines);
    }
    let (code, out, err) = renju(&["standings", "--json", file.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}\n{out}");
    let v: Value = serde_json::from_str(&out).unwrap();
    let t = &v["tournaments"][0];
    assert_eq!(t["team"], true);
    assert!(
        t["findings"].as_array().unwrap().is_empty(),
        "{}",
        t["findings"]
    );
    for row in t["standings"].as_array().unwrap() {
        assert_eq!(row["points"], 1.5, "{row}");
    }
    let (code, _, err) = renju(&["pair", "--team-round-robin", file.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(err.contains("past the 3 rounds"), "{err}");
}

/// The expected rounds of `fixtures/tournaments/team_double.rounds`: each round's boards
/// (black, white) and the team with the bye.
fn team_double_rounds() -> Vec<(Vec<(u32, u32)>, u32)> {
    let text =
        std::fs::read_to_string(repo().join("fixtures/tournaments/team_double.rounds")).unwrap();
    (text.lines().filter(|l| !l.starts_with('#')))
        .map(|line| {
            let (games, bye) = line.split_once(" bye ").unwrap();
            let games = (games.split_whitespace())
                .map(|g| {
                    let (b, w) = g.split_once('-').unwrap();
                    (b.parse().unwrap(), w.parse().unwrap())
                })
                .collect();
            (games, bye.parse().unwrap())
        })
        .collect()
}

/// A double team round robin of three teams with line-ups from the CLI: every round as
/// the shared expectation file has it (the bye team's line-up listed as `N 0`), the
/// seventh refused, and bad line-ups refused naming the team.
#[test]
fn a_double_team_round_robin_with_line_ups_pairs_as_the_other_front_ends() {
    let file = repo().join("fixtures/tournaments/team_double.trf");
    let file = file.to_str().unwrap();
    let args = |round: &str| {
        let base = ["pair", "--team-round-robin", "--double", "--boards", "2"];
        let lineups = ["--lineup", "1:1,3", "--lineup", "3:8,9", "--round"];
        let mut all: Vec<String> = base.iter().chain(&lineups).map(|s| s.to_string()).collect();
        all.extend([round.to_string(), file.to_string()]);
        all
    };
    let expected = team_double_rounds();
    assert_eq!(expected.len(), 6);
    for (round, (games, bye)) in (1..).zip(&expected) {
        let argv = args(&round.to_string());
        let (code, out, err) = renju(&argv.iter().map(String::as_str).collect::<Vec<_>>());
        assert_eq!(code, 0, "{err}");
        let lines = boards(&out);
        assert_eq!(&lines[..2], &games[..], "round {round}");
        let resting: Vec<u32> = lines[2..].iter().map(|&(p, _)| p).collect();
        let lineup = match bye {
            1 => vec![1, 3],
            2 => vec![4, 5],
            _ => vec![8, 9],
        };
        assert_eq!(resting, lineup, "round {round}");
    }
    let argv = args("7");
    let (code, _, err) = renju(&argv.iter().map(String::as_str).collect::<Vec<_>>());
    assert_eq!(code, 2);
    assert!(err.contains("round 7 is past the 6 rounds"), "{err}");
    // Bad line-ups, and the line-up of the team without a match checked as a playing
    // team's is (team 1 sits out round `bye_round`).
    let bye_round = (1..)
        .zip(&expected)
        .find(|(_, (_, bye))| *bye == 1)
        .unwrap()
        .0;
    let bye_round = bye_round.to_string();
    for (round, lineup, message) in [
        (
            "2",
            "9:1,2",
            "a line-up for team 9: the tournament has no such team",
        ),
        ("2", "1:1,1", "team 1's line-up: player 1 is named twice"),
        (
            "2",
            "1:1,4",
            "team 1's line-up: player 4 is not in the team",
        ),
        (
            "2",
            "1:3,1",
            "team 1's line-up: player 1 plays below player 3",
        ),
        ("2", "1:1,2,3", "team 1's line-up: 3 players for 2 boards"),
        (
            &bye_round,
            "1:1,2,3",
            "team 1's line-up: 3 players for 2 boards",
        ),
    ] {
        let (code, _, err) = renju(&[
            "pair",
            "--team-round-robin",
            "--double",
            "--boards",
            "2",
            "--round",
            round,
            "--lineup",
            lineup,
            file,
        ]);
        assert_eq!(code, 2, "round {round}: {lineup}");
        assert!(err.contains(message), "round {round}: {lineup}: {err}");
    }
    // --reverse-last-two-rounds is for players' round robins only.
    let (code, _, err) = renju(&[
        "pair",
        "--team-round-robin",
        "--double",
        "--reverse-last-two-rounds",
        file,
    ]);
    assert_eq!(code, 2, "{err}");
}

/// A king-of-the-hill match from the CLI: the next bout after each result, then who won.
#[test]
fn a_king_of_the_hill_says_the_next_bout_then_the_winner() {
    let dir = scratch("hill");
    let file = dir.join("hill.trf");
    std::fs::copy(repo().join("fixtures/tournaments/two_teams.trf"), &file).unwrap();
    let next = || {
        let (code, out, err) = renju(&["pair", "--king-of-the-hill", file.to_str().unwrap()]);
        assert_eq!(code, 0, "{err}");
        out
    };
    // North's 1, 2, 3 against South's 4, 5, 6; North's player wins every bout.
    let mut bouts = Vec::new();
    loop {
        let out = next();
        if !out.starts_with('1') {
            assert_eq!(out, "North wins\n");
            break;
        }
        let (black, white) = boards(&out)[0];
        bouts.push((black, white));
        let result = if black <= 3 { "1" } else { "0" };
        record(&dir, &file, &file, &format!("{black} {white} {result}\n"));
    }
    assert_eq!(bouts, [(1, 4), (5, 1), (1, 6)]);
}

/// A king of the hill of three teams from the CLI, the player with the higher start
/// rank winning each bout: the rotation's bouts, then the winner and the ranking; a
/// crosstable where a player who left plays again, or one comes on out of the
/// line-up's order, is refused saying so.
#[test]
fn a_king_of_the_hill_of_three_teams_rotates_and_ranks_the_teams() {
    let dir = scratch("hill3");
    let file = dir.join("hill3.trf");
    std::fs::copy(repo().join("fixtures/tournaments/three_teams.trf"), &file).unwrap();
    let next = |extra: &[&str]| {
        let mut args = vec!["pair", "--king-of-the-hill"];
        args.extend(extra);
        args.push(file.to_str().unwrap());
        let (code, out, err) = renju(&args);
        (code, out, err)
    };
    let mut bouts = Vec::new();
    loop {
        let (code, out, err) = next(&[]);
        assert_eq!(code, 0, "{err}");
        if !out.starts_with("1\n") {
            assert_eq!(out, "East wins\n1 East\n2 South\n3 North\n");
            break;
        }
        let (black, white) = boards(&out)[0];
        bouts.push((black, white));
        let result = if black > white { "1" } else { "0" };
        record(&dir, &file, &file, &format!("{black} {white} {result}\n"));
    }
    // North 1, 2; South 3, 4; East 5, 6 (the rotation North, South, East).
    assert_eq!(bouts, [(1, 3), (3, 5), (5, 2), (4, 5)]);
    let (_, out, _) = next(&["--json"]);
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["ranking"][1]["name"], "South");
    assert_eq!(v["ranking"][1]["out_after_bout"], 4);

    // Planted faults: each refused with the round and the players.
    let faulty = dir.join("faulty.trf");
    let fresh = repo().join("fixtures/tournaments/three_teams.trf");
    record(&dir, &fresh, &faulty, "1 3 0\n");
    record(&dir, &faulty, &faulty, "1 5 0\n");
    let (code, _, err) = renju(&["pair", "--king-of-the-hill", faulty.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(
        err.contains("round 2: player 1 plays again, having left in round 1"),
        "{err}"
    );
    record(&dir, &fresh, &faulty, "1 4 1\n");
    let (code, _, err) = renju(&["pair", "--king-of-the-hill", faulty.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(
        err.contains("round 1: player 4 of team 2 comes on before player 3"),
        "{err}"
    );
    let (code, _, err) = renju(&[
        "pair",
        "--king-of-the-hill",
        "--lineup",
        "2:4,3",
        faulty.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let (code, _, err) = renju(&[
        "pair",
        "--king-of-the-hill",
        "--lineup",
        "9:1",
        faulty.to_str().unwrap(),
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("a line-up for team 9"), "{err}");
}

/// `--order`: the teams come on in the order given (three teams: East, North, South;
/// two teams: South first, its first player Black), the higher start rank winning each
/// bout; an order that is not every team once, or not ids, is refused naming the team.
#[test]
fn a_king_of_the_hill_takes_the_rotation_order_given() {
    let dir = scratch("hill_order");
    for (fixture, order, first_bouts, outcome) in [
        (
            "three_teams",
            "3,1,2",
            vec![(5, 1), (3, 5), (5, 2)],
            "East wins\n",
        ),
        (
            "two_teams",
            "2,1",
            vec![(4, 1), (2, 4), (4, 3)],
            "South wins\n",
        ),
    ] {
        let file = dir.join(format!("{fixture}.trf"));
        let fresh = repo().join(format!("fixtures/tournaments/{fixture}.trf"));
        std::fs::copy(&fresh, &file).unwrap();
        let mut bouts = Vec::new();
        let out = loop {
            let args = ["pair", "--king-of-the-hill", "--order", order];
            let (code, out, err) = renju(&[&args[..], &[file.to_str().unwrap()]].concat());
            assert_eq!(code, 0, "{err}");
            if !out.starts_with("1\n") {
                break out;
            }
            let (black, white) = boards(&out)[0];
            bouts.push((black, white));
            let result = if black > white { "1" } else { "0" };
            record(&dir, &file, &file, &format!("{black} {white} {result}\n"));
        };
        assert_eq!(bouts[..3], first_bouts[..], "{fixture}");
        assert!(out.starts_with(outcome), "{fixture}: {out}");
    }
    let three = repo().join("fixtures/tournaments/three_teams.trf");
    for (order, why) in [
        (
            "1,2,9",
            "the rotation order names team 9, which the tournament does not have",
        ),
        ("1,2,1,3", "the rotation order names team 1 twice"),
        ("3,1", "the rotation order leaves out team 2"),
        ("3,x", "--order \"3,x\": write ID,ID,..."),
    ] {
        let args = ["pair", "--king-of-the-hill", "--order", order];
        let (code, _, err) = renju(&[&args[..], &[three.to_str().unwrap()]].concat());
        assert_eq!(code, 2, "{order}");
        assert!(err.contains(why), "{order}: {err}");
    }
    for option in [&["--order", "1,2,3"][..], &["--replay-draws"]] {
        let args = [
            &["pair", "--team-swiss"],
            option,
            &[three.to_str().unwrap()],
        ]
        .concat();
        let (code, _, err) = renju(&args);
        assert_eq!(code, 2, "{option:?} is only for a king of the hill: {err}");
        assert!(err.contains("--king-of-the-hill"), "{err}");
    }
}
