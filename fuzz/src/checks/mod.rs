//! One module per fuzz target, each with `check(data)`: it panics when a property fails.
//!
//! Included as it is by the regression tests of the ordinary test suite
//! (`renju-core/tests/fuzz_regressions.rs`), so it uses only `renju_core` and
//! `serde_json`, and only public paths of `renju_core`.
//!
//! Inputs that reach a bug issue 21 (hardening) is fixing are skipped by the functions
//! marked `ISSUE-21` (unless `RENJU_FUZZ_ISSUE21=1`): the fuzzers would otherwise stop on
//! them at once. Once issue 21 has landed, move the inputs of `fuzz/pending-issue-21/`
//! to `fuzz/regressions/` and remove these functions and [`issue21_skips`].

pub mod engine_replies;
pub mod parse_text;
pub mod pickle_states;
pub mod read_any_format;
pub mod time_control;
pub mod tournament;

/// A property check: panics when a property fails.
pub type Check = fn(&[u8]);

/// The targets whose checks need only `renju_core` (the `forbidden_jsonl` target, which
/// needs the CLI's modules, is replayed by `renju-cli/tests/fuzz_regressions.rs`).
pub const TARGETS: &[(&str, Check)] = &[
    ("read_any_format", read_any_format::check),
    ("parse_text", parse_text::check),
    ("time_control", time_control::check),
    ("tournament", tournament::check),
    ("engine_replies", engine_replies::check),
    ("pickle_states", pickle_states::check),
];

/// The first line of `data` (without its `\n`) and the bytes after it.
pub fn split_line(data: &[u8]) -> (&[u8], &[u8]) {
    match data.iter().position(|&b| b == b'\n') {
        Some(i) => (&data[..i], &data[i + 1..]),
        None => (data, &[]),
    }
}

/// Whether inputs that reach an issue-21 bug are skipped: yes, unless the environment
/// says `RENJU_FUZZ_ISSUE21=1` (to check the issue-21 fixes, or to see the bugs).
pub fn issue21_skips() -> bool {
    static SKIPS: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *SKIPS.get_or_init(|| std::env::var("RENJU_FUZZ_ISSUE21").as_deref() != Ok("1"))
}
