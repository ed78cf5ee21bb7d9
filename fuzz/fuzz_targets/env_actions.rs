//! See renju_fuzz::env_actions (fuzz/src/env_actions.rs) for the properties checked.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| renju_fuzz::env_actions::check(data));
