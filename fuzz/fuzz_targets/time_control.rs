//! See renju_fuzz::checks::time_control (fuzz/src/checks/time_control.rs) for the properties checked.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| renju_fuzz::checks::time_control::check(data));
