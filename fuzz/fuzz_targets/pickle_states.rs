//! See renju_fuzz::checks::pickle_states (fuzz/src/checks/pickle_states.rs) for the properties checked.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| renju_fuzz::checks::pickle_states::check(data));
