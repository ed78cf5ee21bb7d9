//! See renju_fuzz::forbidden_jsonl (fuzz/src/forbidden_jsonl.rs) for the properties checked.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| renju_fuzz::forbidden_jsonl::check(data));
