//! See renju_fuzz::checks::swiss_pairing (fuzz/src/checks/swiss_pairing.rs) for the properties checked.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| renju_fuzz::checks::swiss_pairing::check(data));
