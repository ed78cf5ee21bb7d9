//! End-to-end tests of `renju forbidden`, the conformance interface.

use std::io::Write;
use std::process::{Command, Stdio};

use serde_json::Value;

#[path = "../../tests/support/shared_data.rs"]
mod shared_data;
use shared_data::{data_dir, skipped};

fn run(args: &[&str], input: &str) -> (i32, Vec<Value>, String) {
    run_bytes(args, input.as_bytes().to_vec())
}

fn run_bytes(args: &[&str], input: Vec<u8>) -> (i32, Vec<Value>, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_renju"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run renju");
    // Feed stdin from another thread: the command answers while it reads, and a full
    // stdout pipe would otherwise block both sides.
    let mut stdin = child.stdin.take().unwrap();
    let feeder = std::thread::spawn(move || stdin.write_all(&input));
    let out = child.wait_with_output().unwrap();
    // A command that stops early (a bad option) closes stdin: a failed write is fine.
    let _ = feeder.join().unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    let lines = stdout
        .lines()
        .map(|l| serde_json::from_str(l).expect("every output line is JSON"))
        .collect();
    (
        out.status.code().unwrap_or(-1),
        lines,
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn moves_and_boards() {
    let board = serde_json::json!({
        "board": [
            "...............", "...............", "...............", "...............",
            "...............", "...............", "...............", ".....BB........",
            ".......B.......", ".......B.......", "...............", "...............",
            "...............", "...............", "W.W.W.W........"
        ]
    });
    let input = format!(
        "{}\n{}\n{}\n",
        r#"{"moves": "f8 a1 g8 c1 h6 e1 h7 g1"}"#,
        board,
        r#"{"moves": "f8 a1 g8 a2 h6 a3 h7 a4", "rule": "freestyle"}"#
    );
    let (code, lines, _) = run(&["forbidden"], &input);
    assert_eq!(code, 0);
    assert_eq!(lines.len(), 3);
    assert_eq!(
        lines[0],
        serde_json::json!({"forbidden": {"h8": "double-three"}})
    );
    assert_eq!(lines[1], lines[0], "the same stones as a board");
    assert_eq!(lines[2], serde_json::json!({"forbidden": {}}));
}

#[test]
fn the_disputed_reading_is_an_option() {
    // docs/rules.md QN-PR124: h8 is legal under the RIF reading, a 3x3 under quintet's.
    let moves = "e10 a1 f9 c1 h9 e1 f8 g1 i8 i1 g7 k1 h7 m1 g6 o1 g5 a3 g4 c3";
    let (_, lines, _) = run(
        &["forbidden"],
        &format!(
            "{{\"moves\": \"{moves}\"}}\n{{\"moves\": \"{moves}\", \"five_completion_counts\": true}}\n"
        ),
    );
    assert!(lines[0]["forbidden"].get("h8").is_none(), "{}", lines[0]);
    assert_eq!(lines[1]["forbidden"]["h8"], "double-three", "{}", lines[1]);
}

#[test]
fn bad_lines_are_reported_and_the_rest_go_on() {
    let input = [
        "not json",
        r#"{"moves": "h8 h8"}"#,
        r#"{"moves": "h8 z99"}"#,
        r#"{"board": ["BBB"]}"#,
        r#"{"moves": "h8", "rule": "chess"}"#,
        r#"{"moves": 5}"#,
        r#"{"colour": "black"}"#,
        "",
        r#"{"moves": "h8 i9"}"#,
    ]
    .join("\n");
    let (code, lines, _) = run(&["forbidden"], &input);
    assert_eq!(code, 1, "errors were found");
    assert_eq!(lines.len(), 8, "one reply per non-blank line");
    let errors: Vec<(u64, String)> = lines[..7]
        .iter()
        .map(|l| {
            (
                l["line"].as_u64().unwrap(),
                l["error"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    assert_eq!(
        errors.iter().map(|e| e.0).collect::<Vec<_>>(),
        [1, 2, 3, 4, 5, 6, 7]
    );
    assert!(
        errors[1].1.contains("move 2") && errors[1].1.contains("occupied"),
        "{errors:?}"
    );
    assert!(errors[2].1.contains("move 2"), "{errors:?}");
    assert!(errors[4].1.contains("chess"), "{errors:?}");
    assert!(errors[6].1.contains("colour"), "{errors:?}");
    assert_eq!(lines[7], serde_json::json!({"forbidden": {}}));
}

#[test]
fn explain_a_point() {
    let (code, lines, _) = run(
        &["forbidden", "--explain", "H8"],
        "{\"moves\": \"f8 a1 g8 a2 h6 a3 h7 a4\"}\n",
    );
    assert_eq!(code, 0);
    let text = lines[0]["explanation_text"].as_str().unwrap();
    assert!(text.starts_with("h8: forbidden (double-three)"), "{text}");
    assert_eq!(lines[0]["explanation"]["status"]["primary"], "double-three");
    // An occupied point cannot be explained: the map stands, the explanation says why.
    let (code, lines, _) = run(
        &["forbidden", "--explain", "a1"],
        "{\"moves\": \"f8 a1\"}\n",
    );
    assert_eq!(code, 0);
    assert_eq!(lines[0]["forbidden"], serde_json::json!({}));
    assert!(lines[0]["explanation_error"]
        .as_str()
        .unwrap()
        .contains("occupied"));
    // A point that is no point is refused once, at the start.
    let (code, lines, err) = run(&["forbidden", "--explain", "zz"], "{\"moves\": \"h8\"}\n");
    assert_eq!((code, lines.len()), (2, 0));
    assert!(err.contains("zz"), "{err}");
    // Control bytes in the point are escaped on the terminal, not sent raw.
    let (code, _, err) = run(&["forbidden", "--explain", "\x1b[2Jz\x07"], "");
    assert_eq!(code, 2);
    assert!(!err.contains('\x1b') && !err.contains('\x07'), "{err:?}");
    assert!(err.contains("\\e[2Jz\\x07"), "{err:?}");
}

#[test]
fn lines_that_are_not_text_are_reported_and_the_rest_go_on() {
    let mut input = b"{\"moves\": \"h8\"}\n".to_vec();
    input.extend_from_slice(b"\xff\xfe\n{\"moves\": \"pa\xe2\x82\xac\"}\n{\"moves\": \"h8\"}\n");
    let (code, lines, _) = run_bytes(&["forbidden"], input);
    assert_eq!(code, 1);
    assert_eq!(lines.len(), 4);
    assert_eq!(lines[1]["line"], 2);
    assert!(
        lines[2]["error"].as_str().unwrap().contains("move 1"),
        "{}",
        lines[2]
    );
    assert_eq!(lines[3], serde_json::json!({"forbidden": {}}));
}

/// The 2,574-query corpus through the command line, as another project would run it.
#[test]
fn conformance_corpus_through_the_cli() {
    let Some(data) = data_dir() else {
        skipped("conformance_corpus_through_the_cli: ../shared/data is absent (set RENJU_SHARED to run it)");
        return;
    };
    let path = data.join("forbidden/conformance_corpus.jsonl");
    let Ok(text) = std::fs::read_to_string(&path) else {
        skipped(format_args!(
            "conformance_corpus_through_the_cli: {} is absent",
            path.display()
        ));
        return;
    };
    let records: Vec<Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let input: String = records
        .iter()
        .map(|r| format!("{}\n", serde_json::json!({"board": r["board"]})))
        .collect();
    let (code, lines, stderr) = run(&["forbidden"], &input);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(lines.len(), records.len());
    let mut wrong = Vec::new();
    for (r, reply) in records.iter().zip(&lines) {
        let query = r["query"].as_str().unwrap();
        let got = reply["forbidden"].get(query);
        let ok = match (&r["expected"], got) {
            (Value::Null, None) => true,
            (Value::String(s), Some(Value::String(g))) => {
                s == "forbidden" || g.replace('-', "").eq_ignore_ascii_case(s)
            }
            _ => false,
        };
        if !ok {
            wrong.push(format!(
                "{} {query}: expected {}, got {got:?}",
                r["id"], r["expected"]
            ));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// Issue 9, item 7: a line of zero bytes past the limit gives one error line naming it,
/// and the next line is answered.
#[test]
fn a_line_past_the_limit_is_an_error_and_the_next_is_answered() {
    let mut input = vec![0u8; 3 << 20];
    input.extend_from_slice(b"\n{\"moves\": \"h8\"}\n");
    let (code, lines, _) = run_bytes(&["forbidden"], input);
    assert_eq!(code, 1);
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0]["line"], 1);
    assert!(lines[0]["error"]
        .as_str()
        .unwrap()
        .contains("longer than 1048576 bytes"));
    assert!(lines[1]["forbidden"].is_object(), "{}", lines[1]);

    let (code, lines, _) = run(
        &["forbidden", "--max-record-bytes", "20"],
        "{\"moves\": \"h8 i9 j10 k11\"}\n{\"moves\": \"h8\"}\n",
    );
    assert_eq!(code, 1);
    assert!(lines[0]["error"]
        .as_str()
        .unwrap()
        .contains("longer than 20 bytes"));
    assert!(lines[1]["forbidden"].is_object());
}
