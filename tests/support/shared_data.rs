//! Where the real-world test data is: `../shared/data` beside the project, or
//! `$RENJU_SHARED/data`. Tests that need it skip, saying why, when it is absent: with
//! [`skipped`], which the person running the tests sees.
//!
//! Shared by the test suites of every crate (`#[path]`); the path is relative to the crate
//! being tested, and every crate sits one level below the project root.

use std::path::PathBuf;

/// The data folder, when present.
pub fn data_dir() -> Option<PathBuf> {
    let shared = std::env::var_os("RENJU_SHARED")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared"));
    let data = shared.join("data");
    data.is_dir().then_some(data)
}

/// Reports a skipped test as `SKIPPED <message>` on the terminal. It writes to the
/// process's stderr directly: the test harness captures `eprintln!` (and shows it only
/// for failing tests), so a skip said that way looked like a plain `ok`.
/// `scripts/test-all.sh` counts these lines.
pub fn skipped(message: impl std::fmt::Display) {
    use std::io::Write;
    let _ = writeln!(std::io::stderr().lock(), "SKIPPED {message}");
}
