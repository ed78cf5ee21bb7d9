//! One module per fuzz target, each with `check(data)`: it panics when a property fails.
//!
//! Included as it is by the regression tests of the ordinary test suite
//! (`renju-cli/tests/fuzz_checks.rs`), so it uses only the library crates and
//! `serde_json`, and only their public paths.

pub mod engine_replies;
pub mod knockout;
pub mod parse_text;
pub mod pickle_states;
pub mod read_any_format;
pub mod referee;
pub mod swiss_pairing;
pub mod time_control;
pub mod tournament;
pub mod tree_memory;

/// A property check: panics when a property fails.
pub type Check = fn(&[u8]);

/// The targets whose checks need only the library (the `forbidden_jsonl` target, which
/// needs the CLI's stream, is replayed by `renju-cli/tests/fuzz_regressions.rs`).
pub const TARGETS: &[(&str, Check)] = &[
    ("read_any_format", read_any_format::check),
    ("parse_text", parse_text::check),
    ("time_control", time_control::check),
    ("tournament", tournament::check),
    ("engine_replies", engine_replies::check),
    ("pickle_states", pickle_states::check),
    ("referee", referee::check),
    ("tree_memory", tree_memory::check),
    ("knockout", knockout::check),
    ("swiss_pairing", swiss_pairing::check),
];

/// The first line of `data` (without its `\n`) and the bytes after it.
pub fn split_line(data: &[u8]) -> (&[u8], &[u8]) {
    match data.iter().position(|&b| b == b'\n') {
        Some(i) => (&data[..i], &data[i + 1..]),
        None => (data, &[]),
    }
}
