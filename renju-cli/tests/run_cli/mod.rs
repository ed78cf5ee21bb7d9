//! Runs this build's `renju` binary from the repository root, for the CLI tests. Each
//! test crate uses the part it needs.
#![allow(dead_code)]

use std::path::PathBuf;
use std::process::Command;

/// The repository root.
pub fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// `renju ARGS` run from the repository root: the exit code (-1 when killed by a
/// signal), standard output as bytes and standard error.
pub fn renju_bytes(args: &[&str]) -> (i32, Vec<u8>, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_renju"))
        .args(args)
        .current_dir(repo())
        .output()
        .expect("run renju");
    (
        out.status.code().unwrap_or(-1),
        out.stdout,
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// [`renju_bytes`] with standard output as text (it must be UTF-8).
pub fn renju(args: &[&str]) -> (i32, String, String) {
    let (code, out, err) = renju_bytes(args);
    (code, String::from_utf8(out).unwrap(), err)
}
