//! See renju_fuzz::checks::engine_replies (fuzz/src/checks/engine_replies.rs) for the properties checked.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| renju_fuzz::checks::engine_replies::check(data));
