//! Replays the `env_actions` fuzzer's saved inputs on stable with the target's own
//! property check (`fuzz/src/env_actions.rs`, included as it is): the crashes it found
//! (`fuzz/regressions/env_actions/`) and its minimised corpus
//! (`fuzz/corpus/env_actions/`); and a few inputs written by hand.

#[path = "../../fuzz/src/env_actions.rs"]
mod env_actions;

#[path = "../../tests/support/fuzz_inputs.rs"]
mod fuzz_inputs;

fn replay(kind: &str) -> usize {
    fuzz_inputs::replay(kind, "env_actions", env_actions::check)
}

#[test]
fn crashes_found_by_the_fuzzer_stay_fixed() {
    replay("regressions");
}

#[test]
fn the_corpus_keeps_its_properties() {
    assert!(
        replay("corpus") > 0,
        "the corpus is in fuzz/corpus/env_actions"
    );
}

/// Options of every kind with random games, raw actions, resets and copies.
#[test]
fn inputs_written_by_hand() {
    let mut random_games = vec![0u8, 15, 0, 0, 3];
    random_games.extend([5u8; 400]);
    let cases: [&[u8]; 6] = [
        b"",
        b"own,own\n\n",
        b"previous-64,phase,offered,first-to-act,forbidden\nswap2\n\x00\x0f\x06\x00\x03\x05\x05\x05\x03\x01\xff\xff\xff\xff\xff\xff\xff\x7f\x05\x06\x01\x02\x07\x00\x01\x04\x00",
        b"\ntaraguchi-10\n\x00\x0f\x01\x02\x01\x00\x01\x00\x02\x05\x05\x05\x05\x05\x05\x05\x05\x05\x05\x05\x05",
        b"own\n\n\x01\x05\x02\x00\x02\x05\x05\x05\x05\x05\x05\x05\x05\x05\x05\x05\x05\x05\x05\x05\x05\x05\x05\x05\x05\x05\x05\x05\x05\x05\x05\x05\x05\x05",
        b"\n\n\x02\x1a\x08\x01\x03\x03\x00\x00\x00\x00\x00\x00\x00\x00\x80",
    ];
    for case in cases {
        env_actions::check(case);
    }
    env_actions::check(&random_games);
}
