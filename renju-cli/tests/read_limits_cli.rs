//! `renju validate --max-record-bytes` (issue 9, item 7): a record past the limit is one
//! error and the records after it are validated.

use std::process::Command;

use serde_json::Value;

fn validate(args: &[&str]) -> (i32, Value) {
    let out = Command::new(env!("CARGO_BIN_EXE_renju"))
        .arg("validate")
        .arg("--json")
        .args(args)
        .output()
        .expect("run renju");
    let report = serde_json::from_slice(&out.stdout).expect("JSON report");
    (out.status.code().unwrap_or(-1), report)
}

#[test]
fn records_past_the_limit_are_errors_and_reading_goes_on() {
    let dir = std::env::temp_dir().join(format!("renju-limits-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();

    // A move list: a megabyte of zero bytes on line 2 with the default limit.
    let moves = dir.join("zeros.txt");
    let mut text = b"h8 i9\n".to_vec();
    text.extend(std::iter::repeat_n(0u8, (1 << 20) + 1));
    text.extend_from_slice(b"\nh8 h9 h10\n");
    std::fs::write(&moves, &text).unwrap();
    let (code, report) = validate(&[moves.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert_eq!(report["summary"]["games"], 3);
    assert_eq!(report["summary"]["errors"], 1);
    let findings = report["games"][1]["findings"].to_string();
    assert!(
        findings.contains("line 2") && findings.contains("longer than"),
        "{findings}"
    );

    // A RenjuNet game past a small limit.
    let rif = dir.join("long.rif");
    let long_info = "x".repeat(500);
    std::fs::write(
        &rif,
        format!(
            "<database><games>\n<game id=\"1\"><move>h8</move><info>{long_info}</info></game>\n\
             <game id=\"2\"><move>h8 h9</move></game>\n</games></database>\n"
        ),
    )
    .unwrap();
    let (code, report) = validate(&["--max-record-bytes", "200", rif.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert_eq!(report["summary"]["games"], 2);
    assert_eq!(report["summary"]["errors"], 1);
    let (code, _) = validate(&[rif.to_str().unwrap()]);
    assert_eq!(code, 0);
    let _ = std::fs::remove_dir_all(&dir);
}
