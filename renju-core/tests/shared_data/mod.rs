//! Where the real-world test data is: `../shared/data` beside the project, or
//! `$RENJU_SHARED/data`. Tests that need it skip, saying why, when it is absent.

use std::path::PathBuf;

/// The data folder, when present.
pub fn data_dir() -> Option<PathBuf> {
    let shared = std::env::var_os("RENJU_SHARED")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared"));
    let data = shared.join("data");
    data.is_dir().then_some(data)
}
