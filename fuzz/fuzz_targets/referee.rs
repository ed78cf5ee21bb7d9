//! See renju_fuzz::checks::referee (fuzz/src/checks/referee.rs) for the properties checked.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| renju_fuzz::checks::referee::check(data));
