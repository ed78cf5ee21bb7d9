//! See renju_fuzz::checks::tree_memory (fuzz/src/checks/tree_memory.rs) for the properties checked.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| renju_fuzz::checks::tree_memory::check(data));
