//! End-to-end tests of times in game files: `renju clock` and `renju validate
//! --time-control`, on the timed fixtures in every timed format.

use serde_json::Value;

mod run_cli;
use run_cli::renju;

fn codes(game: &Value) -> Vec<String> {
    game["findings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["code"].as_str().unwrap().to_string())
        .collect()
}

#[test]
fn the_clock_of_a_move_list_move_by_move() {
    let (code, out, err) = renju(&["clock", "fixtures/games/timed.txt"]);
    assert_eq!(code, 1, "a reading contradicts the clock: {out}{err}");
    // Game 1: 300+5, 12.5 s for Black's first move.
    assert!(out.contains("game 1: 300+5"), "{out}");
    assert!(
        out.contains("     1   h8 black  0:12.500   4:52.500  period 1"),
        "{out}"
    );
    assert!(out.contains("outcome: black won by resignation"), "{out}");
    // Game 2: White's flag.
    assert!(
        out.contains("info flag-fell: white lost on time: white's flag fell during move 4"),
        "{out}"
    );
    assert!(out.contains("error play-after-flag"), "{out}");
    // Game 3: a reading the clock contradicts.
    assert!(
        out.contains("white's time left after move 2 is 4:00 in the record but 5:00 by the clock"),
        "{out}"
    );
    // Game 4: byo-yomi, White into overtime.
    assert!(out.contains("game 4: TM[60]OT[3x30 byo-yomi]"), "{out}");
    assert!(out.contains("2 overtime left"), "{out}");
}

#[test]
fn validate_reports_time_per_game() {
    let (code, out, _) = renju(&["validate", "--json", "fixtures/games/timed.txt"]);
    assert_eq!(code, 1);
    let report: Value = serde_json::from_str(&out).unwrap();
    let games = report["games"].as_array().unwrap();
    assert_eq!(games[0]["outcome"]["termination"], "resignation");
    assert_eq!(games[0]["time"]["control"], "300+5");
    assert_eq!(games[0]["time"]["black_used_ms"], 53_500);
    assert_eq!(games[1]["outcome"]["termination"], "time");
    assert_eq!(games[1]["time"]["flag"]["color"], "white");
    assert_eq!(games[1]["time"]["flag"]["move"], 4);
    assert_eq!(codes(&games[1]), ["flag-fell", "play-after-flag"]);
    assert_eq!(codes(&games[2]), ["clock-mismatch"]);
    assert_eq!(report["summary"]["by_termination"]["time"], 1);
}

#[test]
fn sgf_and_psq_times_with_a_control_given_or_recorded() {
    // The SGF names its control (TM/OT) and the result it declares agrees with the clock.
    let (code, out, _) = renju(&["validate", "--json", "fixtures/games/timed.sgf"]);
    assert_eq!(code, 0, "{out}");
    let report: Value = serde_json::from_str(&out).unwrap();
    let game = &report["games"][0];
    assert_eq!(game["outcome"]["termination"], "time");
    assert_eq!(game["outcome"]["winner"], "black");
    assert_eq!(game["time"]["control"], "TM[300]OT[10 Fischer]");
    // The .psq file has no control: replayed under one given on the command line.
    let (code, out, _) = renju(&["validate", "--json", "fixtures/games/timed.psq"]);
    assert_eq!(code, 0);
    let report: Value = serde_json::from_str(&out).unwrap();
    assert!(
        report["games"][0].get("time").is_none(),
        "no control, no clock"
    );
    let (code, out, _) = renju(&[
        "validate",
        "--json",
        "--rule",
        "freestyle",
        "--time-control",
        "30",
        "fixtures/games/timed.psq",
    ]);
    assert_eq!(code, 1);
    let report: Value = serde_json::from_str(&out).unwrap();
    let game = &report["games"][0];
    assert_eq!(game["time"]["flag"]["move"], 4);
    assert_eq!(codes(game), ["flag-fell", "play-after-flag"]);
}

#[test]
fn bad_time_controls_are_usage_errors() {
    let (code, _, err) = renju(&[
        "validate",
        "--time-control",
        "300+a",
        "fixtures/games/sample.txt",
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("`a` is not a number of seconds"), "{err}");
    let (code, _, err) = renju(&["clock", "--both-flags", "coin", "fixtures/games/timed.txt"]);
    assert_eq!(code, 2);
    assert!(err.contains("both-flags policy"), "{err}");
    let (code, out, _) = renju(&["clock", "fixtures/games/sample.txt"]);
    assert_eq!(code, 0);
    assert!(
        out.contains("no time control (name one with --time-control)"),
        "{out}"
    );
}

#[test]
fn the_took_column_follows_the_player_who_pressed_the_clock() {
    // Yamaguchi: the first player places all three opening stones (h9 is White's stone
    // on the first player's clock), the second player swaps (8 s, no row of its own)
    // and takes Black; the first player, now White, places h7 in 14 s.
    let path = std::env::temp_dir().join(format!("renju-took-{}.txt", std::process::id()));
    let record = "# opening: yamaguchi\n# time-control: 300\n\
        h8 {t=5} h9 {t=6} h10 {t=7} declare=2 swap {t=8} h7 {t=14} offers=j8/j9>j9 {t=10} g9 {t=17}\n";
    std::fs::write(&path, record).unwrap();
    let (code, out, err) = renju(&["clock", path.to_str().unwrap()]);
    std::fs::remove_file(&path).unwrap();
    assert_eq!(code, 0, "{out}{err}");
    let rows: Vec<(&str, &str, &str)> = out
        .lines()
        .filter_map(|l| {
            let mut words = l.split_whitespace();
            let number = words.next().filter(|w| w.parse::<u32>().is_ok())?;
            let _played = words.next()?;
            Some((number, words.next()?, words.next()?))
        })
        .collect();
    assert_eq!(
        rows,
        [
            ("1", "black", "0:05"),
            ("2", "black", "0:06"),
            ("3", "black", "0:07"),
            ("4", "white", "0:14"),
            ("5", "black", "0:10"),
            ("6", "white", "0:17"),
        ],
        "{out}"
    );
}
