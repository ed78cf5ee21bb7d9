//! Helpers shared by the end-to-end tests.

use std::path::PathBuf;
use std::process::Command;

/// The path of example `name` of `package`, built with the tests (`cargo test` builds a
/// package's examples), or built here when it is missing (a run filtered to one test
/// file, or an example of another package).
pub fn example(package: &str, name: &str) -> String {
    let bin = PathBuf::from(env!("CARGO_BIN_EXE_renju"));
    let path = bin
        .parent()
        .unwrap()
        .join("examples")
        .join(format!("{name}{}", std::env::consts::EXE_SUFFIX));
    if !path.exists() {
        let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
        let status = Command::new(cargo)
            .args(["build", "-p", package, "--example", name])
            .status()
            .expect("run cargo");
        assert!(status.success(), "cannot build the example {name}");
    }
    path.to_str().unwrap().to_string()
}

/// Whether process `pid` is running (Linux: its `/proc` entry exists and is not a
/// zombie `Z` or dead `X` one).
#[allow(dead_code)]
pub fn is_running(pid: &str) -> bool {
    let state = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    state
        .rsplit_once(") ")
        .is_some_and(|(_, rest)| !rest.starts_with('Z') && !rest.starts_with('X'))
}
