//! Replays the `forbidden_jsonl` fuzzer's saved inputs on stable with the target's own
//! property check (`fuzz/src/forbidden_jsonl.rs`), against the CLI's own modules, all
//! included as they are: the crashes it found (`fuzz/regressions/forbidden_jsonl/`) and
//! its minimised corpus (`fuzz/corpus/forbidden_jsonl/`).

#[path = "../../fuzz/src/forbidden_jsonl.rs"]
mod forbidden_jsonl;
#[allow(dead_code)]
#[path = "../src/forbidden_stream.rs"]
mod forbidden_stream;

use std::path::{Path, PathBuf};

fn inputs(kind: &str) -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../fuzz")
        .join(kind)
        .join("forbidden_jsonl");
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

fn replay(kind: &str) -> usize {
    let files = inputs(kind);
    for file in &files {
        println!("forbidden_jsonl: {}", file.display());
        forbidden_jsonl::check(&std::fs::read(file).expect("a saved input reads"));
    }
    files.len()
}

#[test]
fn crashes_found_by_the_fuzzer_stay_fixed() {
    replay("regressions");
}

#[test]
fn the_corpus_keeps_its_properties() {
    assert!(replay("corpus") > 0, "the corpus is in fuzz/corpus");
}
