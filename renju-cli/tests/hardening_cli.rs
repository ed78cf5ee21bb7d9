//! Regression tests of the third hardening round, through the `renju` binary: the HTML
//! report in bounded memory, and `renju conform` against engines that write without a
//! newline or leave children behind. Each test is named after the item it covers.

mod run_cli;

use std::path::{Path, PathBuf};
use std::process::Command;

/// A fresh directory for one test's files.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("renju-hardening-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// An executable shell script.
#[cfg(unix)]
fn script(dir: &Path, name: &str, body: &str) -> PathBuf {
    use std::os::unix::fs::PermissionsExt;
    let path = dir.join(name);
    std::fs::write(&path, format!("#!/bin/sh\n{body}\n")).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    path
}

/// Runs `renju ARGS` under GNU time: the exit code, stderr and the peak resident memory
/// in KiB (`None` without /usr/bin/time).
fn renju_peak_kib(args: &[&str], max_address_space: Option<u64>) -> Option<(i32, String, u64)> {
    if !Path::new("/usr/bin/time").exists() {
        eprintln!("/usr/bin/time is missing: memory not measured");
        return None;
    }
    let mut command = Command::new("/usr/bin/time");
    command.args(["-f", "peak-kib=%M"]);
    match max_address_space {
        Some(bytes) if Path::new("/usr/bin/prlimit").exists() => {
            command.arg("/usr/bin/prlimit").arg(format!("--as={bytes}"));
        }
        _ => {}
    }
    let out = command
        .arg(env!("CARGO_BIN_EXE_renju"))
        .args(args)
        .current_dir(run_cli::repo())
        .output()
        .expect("run renju under time");
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    let peak = stderr
        .lines()
        .filter_map(|l| l.strip_prefix("peak-kib="))
        .next_back()
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or(u64::MAX);
    Some((out.status.code().unwrap_or(-1), stderr, peak))
}

// 2. `renju validate --html` keeps the first 10,000 findings and says how many more
// there were; memory stays bounded.
#[test]
fn item02_validate_html_is_bounded() {
    let dir = scratch("html");
    let input = dir.join("many.txt");
    // 30,000 records with a finding each (a move off the board).
    let text = "h8 z99\n".repeat(30_000);
    std::fs::write(&input, text).unwrap();
    let page = dir.join("page.html");
    let args = [
        "validate",
        "--jsonl",
        "--html",
        page.to_str().unwrap(),
        input.to_str().unwrap(),
    ];
    let (code, _, err) = run_cli::renju_bytes(&args);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("the page shows the first 10000 findings; 20000 more were left out"),
        "{err}"
    );
    let html = std::fs::read_to_string(&page).unwrap();
    assert!(html.contains("<b>20000</b> more were left out"));
    assert!(html.contains("renju validate --jsonl"));
    // The page holds 10,000 rows, not 30,000.
    assert!(html.len() < 20_000_000, "{} bytes", html.len());
    if let Some((code, err, peak)) = renju_peak_kib(&args, None) {
        assert_eq!(code, 1, "{err}");
        assert!(peak < 400 * 1024, "peak {peak} KiB");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

// 3. An engine that writes without a newline: the rest of an over-long line is dropped,
// not kept (the greeting waits 5 s while the engine writes as fast as it can).
#[cfg(unix)]
#[test]
fn item03_engine_line_without_newline_is_not_kept() {
    let dir = scratch("newline");
    let engine = script(&dir, "engine.sh", "printf 'MESSAGE '\nexec cat /dev/zero");
    let args = [
        "conform",
        "--protocol",
        "gomocup",
        "--random",
        "1",
        "--engine",
        engine.to_str().unwrap(),
    ];
    // At most 1 GB of address space: the old driver aborted there.
    let Some((code, err, peak)) = renju_peak_kib(&args, Some(1 << 30)) else {
        return;
    };
    assert_eq!(code, 2, "the engine never greets: {err}");
    assert!(!err.contains("memory allocation"), "{err}");
    assert!(peak < 200 * 1024, "peak {peak} KiB: {err}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The ids of the processes whose command line contains `needle`.
#[cfg(unix)]
fn processes_with(needle: &str) -> Vec<u32> {
    let out = Command::new("pgrep")
        .args(["-f", needle])
        .output()
        .expect("run pgrep");
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter_map(|l| l.trim().parse().ok())
        .collect()
}

// 4. An engine that forks a child holding its output: the whole process group ends on
// restart and at exit, so no child is left behind.
#[cfg(unix)]
#[test]
fn item04_engine_children_end_with_the_engine() {
    let dir = scratch("children");
    // A number no other process has in its command line.
    let mark = format!("{}", 4_000_000 + std::process::id() % 1_000_000);
    let engine = script(
        &dir,
        "engine.sh",
        &format!("sleep {mark} &\nread line\nexit 0"),
    );
    let (code, _, err) = run_cli::renju(&[
        "conform",
        "--random",
        "3",
        "--timeout-ms",
        "300",
        "--engine",
        engine.to_str().unwrap(),
    ]);
    assert_ne!(code, 0, "{err}");
    std::thread::sleep(std::time::Duration::from_millis(200));
    let left = processes_with(&format!("sleep {mark}"));
    // Clean up what an old driver left behind, by id.
    for pid in &left {
        let _ = Command::new("kill").arg(pid.to_string()).status();
    }
    assert!(
        left.is_empty(),
        "{} engine children left running",
        left.len()
    );
    let _ = std::fs::remove_dir_all(&dir);
}
