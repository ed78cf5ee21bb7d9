//! The fuzzers' saved inputs, for the tests that replay them on stable with the targets'
//! own property checks: `fuzz/regressions/<target>/` (the crashes found) and
//! `fuzz/corpus/<target>/` (the minimised corpus).
//!
//! Shared by the test suites of every crate (`#[path]`); the path is relative to the crate
//! being tested, and every crate sits one level below the project root.

use std::path::{Path, PathBuf};

/// The files of `fuzz/<kind>/<target>/`, sorted (none when the directory is absent).
pub fn inputs(kind: &str, target: &str) -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../fuzz")
        .join(kind)
        .join(target);
    let Ok(dir) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut files: Vec<PathBuf> = dir
        .map(|e| e.expect("a directory entry").path())
        .filter(|p| p.is_file() && p.file_name().is_some_and(|n| n != "README.md"))
        .collect();
    files.sort();
    files
}

/// Runs `check` on every file of `fuzz/<kind>/<target>/`, naming each first (the harness
/// shows the name when the check fails); the number of files.
pub fn replay(kind: &str, target: &str, check: impl Fn(&[u8])) -> usize {
    let files = inputs(kind, target);
    for file in &files {
        let data = std::fs::read(file).expect("a saved input reads");
        println!("{target}: {}", file.display());
        check(&data);
    }
    files.len()
}
