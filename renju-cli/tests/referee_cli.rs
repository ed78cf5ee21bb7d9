//! `renju referee`: the guide's two example games (docs/referee.md), line by line, through the real
//! binary; the pipe answers at once (interactive use) and survives hostile input.

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Command, Stdio};

use serde_json::Value;

fn run(args: &[&str], input: &[u8]) -> (Vec<Value>, i32) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_renju"))
        .arg("referee")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input).unwrap();
    let out = child.wait_with_output().unwrap();
    let replies = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    (replies, out.status.code().unwrap())
}

/// Runs the pipe on `lines`, which must end with exit code 0.
fn run_lines(args: &[&str], lines: &[&str]) -> Vec<Value> {
    let (replies, code) = run(args, lines.join("\n").as_bytes());
    assert_eq!(code, 0);
    replies
}

fn fixture(name: &str) -> Vec<u8> {
    std::fs::read(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../fixtures/referee")
            .join(name),
    )
    .unwrap()
}

/// (ok or the error code, required, seat to act) of each reply.
fn steps(replies: &[Value]) -> Vec<(String, String, String)> {
    replies
        .iter()
        .map(|r| {
            (
                r["error"]["code"].as_str().unwrap_or("ok").to_string(),
                r["status"]["required"].as_str().unwrap().to_string(),
                r["status"]["to_act"].as_str().unwrap_or("-").to_string(),
            )
        })
        .collect()
}

#[test]
fn the_guide_yamaguchi_game() {
    let (replies, code) = run(
        &["--opening", "yamaguchi", "--time-control", "300"],
        &fixture("yamaguchi.jsonl"),
    );
    assert_eq!(code, 0);
    let steps = steps(&replies);
    let expected = [
        ("ok", "place", "first"),
        ("ok", "place", "first"),
        ("ok", "declare", "first"),
        ("ok", "swap", "second"),
        ("ok", "place", "first"),
        ("ok", "offer", "second"),
        ("symmetric-offers", "offer", "second"),
        ("ok", "choose", "first"),
    ];
    for (i, (e, r, s)) in expected.iter().enumerate() {
        assert_eq!(
            steps[i],
            (e.to_string(), r.to_string(), s.to_string()),
            "line {}",
            i + 1
        );
    }
    assert!(steps[8..18].iter().all(|s| s.0 == "ok"), "{steps:?}");
    let last = &replies[17]["status"];
    assert_eq!(last["outcome"]["termination"], "resignation");
    assert_eq!(last["outcome"]["winner_seat"], "second");
    let record = replies[18]["record"].as_str().unwrap();
    assert!(
        record.contains("declare=2 swap {t=8} h7 {t=14} offers=j8/j9>j9 {t=10}"),
        "{record}"
    );
    // The deadline: the first player, White after the swap, used 12 s on the opening
    // and 11 s on move 4, so at White's choice (50 s) 277 s of their 300 were left;
    // clocks belong to players.
    assert_eq!(replies[7]["status"]["clock"]["deadline"], 318_000);
}

#[test]
fn the_guide_swap2_game() {
    let (replies, code) = run(
        &["--opening", "swap2", "--rule", "freestyle"],
        &fixture("swap2.jsonl"),
    );
    assert_eq!(code, 0);
    let steps = steps(&replies);
    assert!(steps.iter().all(|s| s.0 == "ok"), "{steps:?}");
    assert_eq!(
        replies[2]["status"]["options"],
        serde_json::json!(["stay", "swap", "place-two"])
    );
    assert_eq!(steps[5], ("ok".into(), "swap".into(), "first".into()));
    assert_eq!(
        replies[13]["status"]["outcome"]["termination"],
        "agreed-draw"
    );
}

#[test]
fn each_reply_comes_before_the_next_line_is_sent() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_renju"))
        .args(["referee", "--opening", "rif1996"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    for (line, code) in [
        (r#"{"action":"place","point":"a1"}"#, Some("outside-area")),
        ("garbage", Some("bad-request")),
        (r#"{"action":"place","point":"h8"}"#, None),
    ] {
        writeln!(stdin, "{line}").unwrap();
        stdin.flush().unwrap();
        let mut reply = String::new();
        stdout.read_line(&mut reply).unwrap();
        let reply: Value = serde_json::from_str(&reply).unwrap();
        assert_eq!(reply["error"]["code"].as_str(), code, "{line}");
    }
    drop(stdin);
    assert!(child.wait().unwrap().success());
}

#[test]
fn bad_options_and_records_exit_2() {
    let (_, code) = run(&["--size", "40"], b"");
    assert_eq!(code, 2);
    let dir = std::env::temp_dir().join(format!("renju-referee-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("bad.txt");
    std::fs::write(&bad, "h8 h8\n").unwrap();
    let (_, code) = run(&["--resume", bad.to_str().unwrap()], b"");
    assert_eq!(code, 2);
    let good = dir.join("good.txt");
    std::fs::write(&good, "h8 h9 i8\n").unwrap();
    let (replies, code) = run(
        &["--resume", good.to_str().unwrap()],
        b"{\"action\":\"status\"}\n",
    );
    assert_eq!((code, replies[0]["status"]["move"].as_u64()), (0, Some(4)));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn through_the_pipe_the_swapper_keeps_their_own_clock() {
    // Swap2, one minute each: the second player thinks 55 s and swaps, takes Black with
    // their own 5 s left, and loses on time at move 5 (clocks belong to players).
    let input = [
        r#"{"action":"place","point":"h8","t":1000}"#,
        r#"{"action":"place","point":"h9","t":2000}"#,
        r#"{"action":"place","point":"j10","t":3000}"#,
        r#"{"action":"swap","by":"second","t":58000}"#,
        r#"{"action":"place","point":"g10","by":"first","t":60000}"#,
        r#"{"action":"tick","t":65001}"#,
        r#"{"action":"record","format":"moves"}"#,
    ]
    .join("\n");
    let (replies, code) = run(
        &["--opening", "swap2", "--time-control", "60"],
        input.as_bytes(),
    );
    assert_eq!(code, 0);
    let clock = &replies[3]["status"]["clock"];
    assert_eq!(clock["black"]["time_left_ms"], 5_000);
    assert_eq!(clock["white"]["time_left_ms"], 57_000);
    assert_eq!(replies[4]["status"]["clock"]["deadline"], 65_000);
    let outcome = &replies[5]["status"]["outcome"];
    assert_eq!(outcome["termination"], "time");
    assert_eq!(outcome["winner_seat"], "first");
    let record = replies[6]["record"].as_str().unwrap();
    assert!(record.contains("swap {t=55}"), "{record}");
}

#[test]
fn through_the_pipe_the_arbiter_pauses_warns_penalises_and_records() {
    // Five minutes each: a 100 s pause charges no one, a 60 s penalty takes 60 s, a
    // player's move while paused is refused, and a second warning loses.
    let input = [
        r#"{"action":"place","point":"h8","t":10000}"#,
        r#"{"action":"pause","by":"arbiter","t":15000}"#,
        r#"{"action":"place","point":"h9","t":20000}"#,
        r#"{"action":"pause","t":20000}"#,
        r#"{"action":"unpause","t":115000}"#,
        r#"{"action":"unpause","t":115000}"#,
        r#"{"action":"penalty","seat":"first","ms":60000,"t":116000}"#,
        r#"{"action":"place","point":"h9","t":120000}"#,
        r#"{"action":"warning","seat":"first","reason":"noise","t":121000}"#,
        r#"{"action":"pause","by":"first","t":122000}"#,
        r#"{"action":"record","format":"moves"}"#,
        r#"{"action":"warning","seat":"first","t":123000}"#,
        r#"{"action":"record","format":"sgf"}"#,
    ]
    .join("\n");
    let (replies, code) = run(&["--time-control", "300"], input.as_bytes());
    assert_eq!(code, 0);
    let ok: Vec<bool> = replies.iter().map(|r| r["ok"] == true).collect();
    let expected = [
        true, true, false, false, true, false, true, true, true, false, true, true, false,
    ];
    assert_eq!(ok, expected, "{replies:#?}");
    assert_eq!(replies[1]["status"]["paused"], true);
    assert_eq!(replies[2]["error"]["code"], "paused");
    assert_eq!(replies[3]["error"]["code"], "wrong-action");
    assert_eq!(replies[5]["error"]["code"], "wrong-action");
    assert_eq!(replies[9]["error"]["code"], "bad-request");
    let clock = &replies[4]["status"]["clock"];
    assert_eq!(clock["black"]["time_left_ms"], 290_000);
    assert_eq!(clock["white"]["time_left_ms"], 295_000);
    assert!(replies[4]["status"].get("paused").is_none());
    let clock = &replies[6]["status"]["clock"];
    assert_eq!(clock["black"]["time_left_ms"], 230_000);
    let clock = &replies[7]["status"]["clock"];
    assert_eq!(clock["white"]["time_left_ms"], 290_000);
    let record = replies[10]["record"].as_str().unwrap();
    assert!(
        record.contains("h8 {t=10} pause unpause=100 b:penalty=60/0 h9 {t=10} b:violation=noise"),
        "{record}"
    );
    let outcome = &replies[11]["status"]["outcome"];
    assert_eq!(outcome["termination"], "violations");
    assert_eq!(outcome["winner_seat"], "second");
    let message = replies[12]["error"]["message"].as_str().unwrap();
    assert!(message.contains("pause"), "{message}");
}

#[test]
fn through_the_pipe_a_sealed_move_is_played_at_resumption_or_loses() {
    // The first player seals j10 at 30 s (15 s into their move); a night passes; the
    // arbiter resumes: j10 is played on the sealer's clock alone. Then the second player
    // seals an occupied point and loses.
    let salt = "0123456789abcdef0123";
    let input = [
        r#"{"action":"place","point":"h8","t":10000}"#.to_string(),
        r#"{"action":"place","point":"i9","t":15000}"#.to_string(),
        format!(r#"{{"action":"seal","point":"j10","salt":"{salt}","by":"first","t":30000}}"#),
        r#"{"action":"place","point":"a1","t":40000}"#.to_string(),
        r#"{"action":"sealed"}"#.to_string(),
        r#"{"action":"record","format":"moves"}"#.to_string(),
        r#"{"action":"resume","t":36000000}"#.to_string(),
        r#"{"action":"seal","point":"h8","by":"second","t":36001000}"#.to_string(),
        r#"{"action":"resume","t":36002000}"#.to_string(),
        r#"{"action":"record","format":"moves"}"#.to_string(),
    ]
    .join("\n");
    let (replies, code) = run(&["--time-control", "300"], input.as_bytes());
    assert_eq!(code, 0);
    let ok: Vec<bool> = replies.iter().map(|r| r["ok"] == true).collect();
    assert_eq!(
        ok,
        [true, true, true, false, true, true, true, true, true, true],
        "{replies:#?}"
    );
    let adjourned = &replies[2]["status"]["adjourned"];
    assert_eq!(adjourned["by"], "first");
    assert_eq!(adjourned["digest"].as_str().unwrap().len(), 64);
    assert_eq!(replies[3]["error"]["code"], "adjourned");
    assert_eq!(replies[4]["sealed"], format!("j10/{salt}"));
    let public = replies[5]["record"].as_str().unwrap();
    assert!(
        public.contains("b:seal=") && !public.contains("j10"),
        "{public}"
    );
    let clock = &replies[6]["status"]["clock"];
    assert_eq!(clock["black"]["time_left_ms"], 275_000);
    assert_eq!(clock["white"]["time_left_ms"], 295_000);
    assert_eq!(clock["running"], "white");
    let outcome = &replies[8]["status"]["outcome"];
    assert_eq!(outcome["termination"], "illegal-sealed-move");
    assert_eq!(outcome["winner_seat"], "first");
    // The record validates to the same outcome.
    let record = replies[9]["record"].as_str().unwrap();
    let game = renju_records::formats::movelist::read(record.as_bytes(), None)
        .remove(0)
        .unwrap();
    let report = game.validate(&renju_records::ValidationOptions::default());
    assert_eq!(report.outcome.termination.name(), "illegal-sealed-move");
}

#[test]
fn through_the_pipe_a_no_show_forfeits_at_the_late_limit() {
    // A 15-minute late limit: the second player arrives at 60 s, the first never does.
    let lines = [
        r#"{"action":"arrive","by":"second","t":60000}"#,
        r#"{"action":"tick","t":900000}"#,
        r#"{"action":"place","point":"h8","by":"first","t":900001}"#,
        r#"{"action":"record","format":"moves"}"#,
    ];
    let replies = run_lines(&["--time-control", "1800", "--late-limit", "900"], &lines);
    assert_eq!(replies[0]["status"]["absent"], serde_json::json!(["first"]));
    assert_eq!(replies[0]["status"]["late_deadline"], 900_000);
    assert_eq!(replies[1]["ok"], true);
    assert_eq!(replies[1]["status"]["outcome"], serde_json::Value::Null);
    assert_eq!(replies[2]["error"]["code"], "game-over");
    let outcome = &replies[2]["status"]["outcome"];
    assert_eq!(outcome["termination"], "forfeit");
    assert_eq!(outcome["winner_seat"], "second");
    let record = replies[3]["record"].as_str().unwrap();
    assert!(
        record.contains("# termination: absent at the late limit (15:00)"),
        "{record}"
    );
    let game = renju_records::formats::movelist::read(record.as_bytes(), None)
        .remove(0)
        .unwrap();
    let report = game.validate(&renju_records::ValidationOptions::default());
    assert_eq!(report.outcome.termination.name(), "forfeit");
    // Both absent: both lose; a limit that is not a number of seconds is refused.
    let (replies, _) = run(&["--late-limit", "900"], br#"{"action":"tick","t":900001}"#);
    assert_eq!(replies[0]["status"]["outcome"]["result"], "0-0");
    let (_, code) = run(&["--late-limit", "15m"], b"");
    assert_eq!(code, 2);
}

/// Each write of `writes` (without closing the input) gets its reply at once, whatever
/// else the write held: the reply of the action of each write, within 10 s.
fn replies_while_open(writes: &[&str]) -> Vec<Value> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_renju"))
        .args(["referee", "--opening", "free"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let stdout = child.stdout.take().unwrap();
    let (send, receive) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            if send.send(line.unwrap()).is_err() {
                break;
            }
        }
    });
    let mut replies = Vec::new();
    for write in writes {
        stdin.write_all(write.as_bytes()).unwrap();
        stdin.flush().unwrap();
        let reply = receive
            .recv_timeout(std::time::Duration::from_secs(10))
            .unwrap_or_else(|_| panic!("no reply to {write:?} while the input stays open"));
        replies.push(serde_json::from_str(&reply).unwrap());
    }
    drop(stdin);
    assert!(child.wait().unwrap().success());
    replies
}

#[test]
fn a_reply_is_flushed_before_any_read_that_may_block() {
    let replies = replies_while_open(&[
        "{\"action\":\"place\",\"point\":\"h8\"}\n\n",
        "{\"action\":\"place\",\"point\":\"h9\"}\n   \n{\"action\":\"pla",
        "ce\",\"point\":\"h10\"}\n",
    ]);
    let moves: Vec<_> = replies
        .iter()
        .map(|r| r["status"]["move"].clone())
        .collect();
    assert_eq!(moves, [2, 3, 4]);
}

#[test]
fn a_byte_order_mark_before_the_first_line_is_skipped() {
    let (replies, code) = run(
        &[],
        "\u{feff}{\"action\":\"place\",\"point\":\"h8\"}\n".as_bytes(),
    );
    assert_eq!(code, 0);
    assert_eq!(replies[0]["ok"], true, "{:?}", replies[0]);
}

#[test]
fn resume_reads_only_the_first_game() {
    // A record that never ends (a FIFO whose writer stays open): reading it whole would
    // wait for ever; the first game is all `--resume` reads.
    let dir = std::env::temp_dir().join(format!("renju-resume-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let fifo = dir.join("endless.txt");
    let _ = std::fs::remove_file(&fifo);
    assert!(Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap()
        .success());
    let writer_path = fifo.clone();
    let writer = std::thread::spawn(move || {
        let mut w = std::fs::OpenOptions::new()
            .write(true)
            .open(writer_path)
            .unwrap();
        w.write_all(b"h8 h9 i8\n").unwrap();
        w.flush().unwrap();
        std::thread::sleep(std::time::Duration::from_secs(30));
    });
    let mut child = Command::new(env!("CARGO_BIN_EXE_renju"))
        .args(["referee", "--resume", fifo.to_str().unwrap()])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    writeln!(stdin, r#"{{"action":"place","point":"j8"}}"#).unwrap();
    stdin.flush().unwrap();
    let stdout = child.stdout.take().unwrap();
    let (send, receive) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut line = String::new();
        BufReader::new(stdout).read_line(&mut line).unwrap();
        let _ = send.send(line);
    });
    let reply = receive
        .recv_timeout(std::time::Duration::from_secs(15))
        .expect("no reply: the whole record was read");
    let reply: Value = serde_json::from_str(&reply).unwrap();
    assert_eq!(reply["status"]["move"], 5, "{reply}");
    drop(stdin);
    child.wait().unwrap();
    let _ = std::fs::remove_file(&fifo);
    drop(writer);
}
