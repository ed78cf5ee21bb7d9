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
