//! Regression tests of the fifth hardening round, through the `renju` binary. Each test is
//! named after the item it covers.

mod run_cli;
use run_cli::renju;

/// `--sprt` refuses error rates whose bounds do not lie either side of 0, and a lone
/// error rate, before any engine starts.
#[test]
fn sprt_rates_are_checked() {
    for (sprt, said) in [
        ("0,10,0.5,0.5", "alpha + beta below 1"),
        ("0,10,0.99,0.99", "alpha + beta below 1"),
        ("0,10,0.05", "both alpha and beta, or neither"),
    ] {
        let (code, _, err) = renju(&["match", "--engine", "a", "--engine", "b", "--sprt", sprt]);
        assert_eq!(code, 2, "{sprt}: {err}");
        assert!(err.contains(said), "{sprt}: {err}");
    }
}

/// `renju referee --max-line-bytes` below 64 is refused at once (0 was taken, then every
/// line was refused).
#[test]
fn referee_line_limit_has_a_floor() {
    for limit in ["0", "63"] {
        let (code, _, err) = renju(&["referee", "--max-line-bytes", limit]);
        assert_eq!(code, 2, "{limit}: {err}");
        assert!(err.contains("would refuse every request"), "{limit}: {err}");
    }
}

/// An event name with a newline is refused before any engine starts (it wrote extra
/// player records into the TRF file).
#[test]
fn match_event_has_no_control_character() {
    let (code, _, err) = renju(&[
        "match",
        "--engine",
        "a",
        "--engine",
        "b",
        "--event",
        "Cup\n001    9 x",
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("control character"), "{err}");
}

/// Input without a line end (`/dev/zero`) is given up after 256 MiB with an error naming
/// the line, instead of being read forever: as a move list to validate, and as the
/// openings of a match (the engines are never started).
#[cfg(unix)]
#[test]
fn an_endless_line_is_given_up() {
    let started = std::time::Instant::now();
    let (code, out, err) = renju(&["validate", "--format", "moves", "--json", "/dev/zero"]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(out.contains("no line end in the first"), "{out}");
    let (code, _, err) = renju(&[
        "match",
        "--engine",
        "cat",
        "--engine",
        "cat",
        "--openings",
        "/dev/zero",
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("no line end in the first"), "{err}");
    assert!(!err.contains("--max-record-bytes"), "{err}");
    assert!(started.elapsed().as_secs() < 60, "{:?}", started.elapsed());
}

/// SIGTERM while a match reads an endless stream of openings in random order (the
/// sample is never complete) ends it at once with status 130, as during play.
#[cfg(unix)]
#[test]
fn a_match_reading_its_openings_heeds_sigterm() {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_renju"))
        .args([
            "match",
            "--engine",
            "cat",
            "--engine",
            "cat",
            "--openings",
            "/dev/stdin",
        ])
        .args(["--openings-order", "random", "--quiet"])
        .stdin(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run renju");
    let mut input = child.stdin.take().unwrap();
    let feeder = std::thread::spawn(move || {
        let lines = "0,0, 1,0\n0,0, 0,1\n".repeat(4096);
        while input.write_all(lines.as_bytes()).is_ok() {}
    });
    std::thread::sleep(std::time::Duration::from_millis(1500));
    let pid = child.id().to_string();
    assert!(Command::new("kill")
        .args(["-TERM", &pid])
        .status()
        .unwrap()
        .success());
    let out = child.wait_with_output().unwrap();
    feeder.join().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(130), "{err}");
    assert!(
        err.contains("interrupted while reading the openings"),
        "{err}"
    );
}

/// Every free-text field gets one check (no control character, no spaces at the ends, at
/// most 1 KiB): an engine's name and the event of a match, a player's name in the records
/// that `renju standings` reads (the game is left out with a warning).
#[test]
fn free_text_is_checked_alike() {
    let long = "x".repeat(1025);
    for (option, value, said) in [
        ("--event", " Cup", "spaces at an end"),
        ("--event", long.as_str(), "more than 1024"),
        ("--name", "a\tb", "control character"),
    ] {
        let mut args = vec!["match", "--engine", "cat", "--engine", "cat", option, value];
        if option == "--name" {
            args.extend(["--name", "b"]);
        }
        let (code, _, err) = renju(&args);
        assert_eq!(code, 2, "{option} {value:?}: {err}");
        assert!(err.contains(said), "{option} {value:?}: {err}");
    }
    let dir = std::env::temp_dir().join(format!("renju-free-text-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let sgf = dir.join("names.sgf");
    std::fs::write(
        &sgf,
        "(;GM[4]FF[4]SZ[15]EV[Cup]PB[Ann\n001    9 x]PW[Bob]RO[1]RE[W+R];B[hh];W[hi])\n\
         (;GM[4]FF[4]SZ[15]EV[Cup]PB[Cid]PW[Bob]RO[1]RE[W+R];B[hh];W[hi])\n",
    )
    .unwrap();
    let (code, out, err) = renju(&["standings", sgf.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("black player's name \"Ann\\n001    9 x\" has a control character"),
        "{out}"
    );
    let bob = out.lines().find(|l| l.contains("Bob")).unwrap_or_default();
    assert!(bob.trim_start().starts_with('1'), "{out}");
    let _ = std::fs::remove_dir_all(&dir);
}
