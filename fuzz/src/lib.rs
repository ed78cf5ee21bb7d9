//! The property checks of the fuzz targets, one module per target (`checks`), and the
//! `renju forbidden` stream of the CLI compiled in as it is (its queries and replies are
//! `renju_engine::forbidden_jsonl`'s).
//!
//! The checks panic when a property fails. The same files are included by the
//! regression tests of the ordinary test suite, which replay every saved input
//! (fuzz/regressions/<target>/ and fuzz/corpus/<target>/) on stable.

pub mod checks;

#[allow(dead_code)]
#[path = "../../renju-cli/src/forbidden_stream.rs"]
mod forbidden_stream;

pub mod env_actions;
pub mod forbidden_jsonl;
