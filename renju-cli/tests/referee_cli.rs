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
        record.contains("declare=2 swap h7 {t=19} offers=j8/j9>j9 {t=13}"),
        "{record}"
    );
    // The deadline: the second player, Black after the swap, used 13 s of 300 for
    // move 5 before White's choice at 50 s; White's clock ran from then.
    assert_eq!(replies[7]["status"]["clock"]["deadline"], 322_000);
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
