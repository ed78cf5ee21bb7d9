//! See renju_fuzz::checks::tournament (fuzz/src/checks/tournament.rs) for the properties checked.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| renju_fuzz::checks::tournament::check(data));
