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

/// `renju validate --json [ARGS] FILE` under an address-space limit of `kb` KB (`ulimit
/// -v`): the exit code, the report, and how long it took.
fn validate_under_ulimit(
    kb: u32,
    args: &[&str],
    file: &std::path::Path,
) -> (i32, Value, std::time::Duration) {
    let start = std::time::Instant::now();
    let out = Command::new("sh")
        .arg("-c")
        .arg(format!(
            "ulimit -v {kb} && exec \"$0\" validate --json \"$@\""
        ))
        .arg(env!("CARGO_BIN_EXE_renju"))
        .args(args)
        .arg(file)
        .output()
        .expect("run sh");
    let elapsed = start.elapsed();
    let stderr = String::from_utf8_lossy(&out.stderr);
    let report = serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("no JSON report ({e}); stderr: {stderr}"));
    (out.status.code().unwrap_or(-1), report, elapsed)
}

#[test]
fn trees_past_their_memory_budget_are_errors_not_aborts() {
    let dir = std::env::temp_dir().join(format!("renju-trees-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // A RenLib line of 16 million records (32 MB), each the child of the one before, and
    // 1.5 million SGF variations nested in one another (10.5 MB): both within the 256 MiB
    // file limit, both past the 512 MiB tree budget (a RenLib node counts for 72 bytes, 36
    // times its record; an SGF node some 600, 85 times its text).
    let mut lib = b"\xFFRenLib\xFF\x03\x04".to_vec();
    lib.extend_from_slice(&[0xFF; 10]);
    lib.extend_from_slice(&[0x00, 0x00]);
    lib.extend(std::iter::repeat_n([0x78u8, 0x00], 16_000_000).flatten());
    let sgf = "(;B[hh]".repeat(1_500_000);
    for (name, bytes) in [("line.lib", &lib[..]), ("nested.sgf", sgf.as_bytes())] {
        let path = dir.join(name);
        std::fs::write(&path, bytes).unwrap();
        let (code, report, elapsed) = validate_under_ulimit(4_000_000, &[], &path);
        assert_eq!(code, 1, "{name}: {report}");
        assert_eq!(report["summary"]["errors"], 1, "{name}: {report}");
        let findings = report["games"][0]["findings"].to_string();
        assert!(
            findings.contains(name) && findings.contains("more than 536870912 bytes of memory"),
            "{name}: {findings}"
        );
        // About a second on a quiet machine; the bound leaves room for a loaded one.
        assert!(elapsed.as_secs() < 60, "{name}: {elapsed:?}");
    }
    // A budget raised past what the system gives (8 GB, under 400 MB of address space):
    // the library's nodes are reserved fallibly, so that this is an error too.
    let path = dir.join("line.lib");
    let raised = ["--max-record-bytes", "4000000000"];
    let (code, report, _) = validate_under_ulimit(400_000, &raised, &path);
    assert_eq!(code, 1, "{report}");
    let findings = report["games"][0]["findings"].to_string();
    assert!(
        findings.contains("the system refused the tree's memory"),
        "{findings}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
