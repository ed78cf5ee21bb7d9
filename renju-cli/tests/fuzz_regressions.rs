//! Replays the `forbidden_jsonl` fuzzer's saved inputs on stable with the target's own
//! property check (`fuzz/src/forbidden_jsonl.rs`), against the CLI's own modules, all
//! included as they are: the crashes it found (`fuzz/regressions/forbidden_jsonl/`) and
//! its minimised corpus (`fuzz/corpus/forbidden_jsonl/`).

#[path = "../../fuzz/src/forbidden_jsonl.rs"]
mod forbidden_jsonl;
#[allow(dead_code)]
#[path = "../src/forbidden_stream.rs"]
mod forbidden_stream;

#[path = "../../tests/support/fuzz_inputs.rs"]
mod fuzz_inputs;

fn replay(kind: &str) -> usize {
    fuzz_inputs::replay(kind, "forbidden_jsonl", forbidden_jsonl::check)
}

#[test]
fn crashes_found_by_the_fuzzer_stay_fixed() {
    replay("regressions");
}

#[test]
fn the_corpus_keeps_its_properties() {
    assert!(replay("corpus") > 0, "the corpus is in fuzz/corpus");
}
