//! See renju_fuzz::checks::parse_text (fuzz/src/checks/parse_text.rs) for the properties checked.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| renju_fuzz::checks::parse_text::check(data));
