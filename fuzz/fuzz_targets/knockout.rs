//! See renju_fuzz::checks::knockout (fuzz/src/checks/knockout.rs) for the properties checked.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| renju_fuzz::checks::knockout::check(data));
