//! See renju_fuzz::checks::read_any_format (fuzz/src/checks/read_any_format.rs) for the properties checked.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| renju_fuzz::checks::read_any_format::check(data));
