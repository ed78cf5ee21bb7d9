//! Replays the fuzzers' saved inputs on stable with the targets' own property checks
//! (`fuzz/src/checks`, included here as it is): every crash a fuzzer found
//! (`fuzz/regressions/<target>/`) and the minimised corpus (`fuzz/corpus/<target>/`).
//!
//! `scripts/fuzz.sh` saves each crash under `fuzz/regressions/<target>/`; the
//! `forbidden_jsonl` target is replayed by `fuzz_regressions.rs` beside this file.

#[path = "../../fuzz/src/checks/mod.rs"]
mod checks;
#[path = "../../tests/support/fuzz_inputs.rs"]
mod fuzz_inputs;

use std::path::{Path, PathBuf};

fn fuzz_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../fuzz")
}

fn replay(kind: &str) -> usize {
    checks::TARGETS
        .iter()
        .map(|(target, check)| fuzz_inputs::replay(kind, target, check))
        .sum()
}

#[test]
fn crashes_found_by_the_fuzzers_stay_fixed() {
    replay("regressions");
}

#[test]
fn the_corpus_keeps_its_properties() {
    let count = replay("corpus");
    assert!(count > 0, "the corpus is in fuzz/corpus");
}

/// Every check replayed here is a fuzz target.
#[test]
fn every_target_has_a_check() {
    for (target, _) in checks::TARGETS {
        assert!(
            fuzz_dir()
                .join("fuzz_targets")
                .join(format!("{target}.rs"))
                .is_file(),
            "{target} has a fuzz target"
        );
    }
}

/// The crashes found while the fuzzers were written, by hand (each is also a file under
/// `fuzz/regressions/`).
mod found {
    use super::checks;

    /// A TRF record shorter than its three columns of code (`0`) was written as `0 `, which
    /// read back as the code `0 ` and was written as `0  `: the writer's text was not a
    /// fixed point.
    #[test]
    fn a_trf_record_code_shorter_than_three_columns() {
        checks::tournament::check(b"\n\n001 4\n0");
        let t = renju_tournament::Tournament::from_trf("001    1      Ann\n0\n").unwrap();
        assert_eq!(t.tags, [("0".to_string(), String::new())]);
    }

    /// A TRF line whose three columns of code are blank was kept as a record with an
    /// empty code, which was written as a blank line and lost: it is now an error.
    #[test]
    fn a_trf_record_with_a_blank_code() {
        checks::tournament::check(b"1   7\n001 0");
        let err = renju_tournament::Tournament::from_trf("   7\n001    1      Ann\n").unwrap_err();
        assert!(err.to_string().contains("line 1"), "{err}");
    }

    /// A TRF record with a two-character code (`20 20`) was written with its text from
    /// column 4, where the reader does not look (text from column 5): the text was lost.
    #[test]
    fn a_trf_record_with_a_short_code_keeps_its_text() {
        checks::tournament::check(b"0001 2\n20 20");
        let t = renju_tournament::Tournament::from_trf("001    1      Ann\n20 20\n").unwrap();
        let back = renju_tournament::Tournament::from_trf(&t.to_trf().unwrap()).unwrap();
        assert_eq!(back.tags, [("20".to_string(), "0".to_string())]);
    }

    /// A byte-order mark on a line of its own after the first: the record it made was
    /// written first, where the reader takes the mark for the file's and the record was
    /// lost. A mark at the start of any line is now skipped.
    #[test]
    fn a_byte_order_mark_inside_a_trf_file() {
        checks::tournament::check(b"\n001 1\n\xef\xbb\xbf");
        let t =
            renju_tournament::Tournament::from_trf("001    1      Ann\n\u{feff}012 Cup\n").unwrap();
        assert_eq!(t.name, "Cup");
    }

    /// A move-list line `,` is a game without moves, which the writer wrote as a blank
    /// line, skipped when read back: the game was lost. Writing it is now an error.
    #[test]
    fn a_game_without_moves_is_not_written_as_a_blank_move_list_line() {
        checks::read_any_format::check(b"\x00,");
        let games = renju_records::Format::MoveList.read(b",", None);
        let game = games[0].as_ref().unwrap();
        assert!(renju_records::Format::MoveList
            .write(std::slice::from_ref(game))
            .is_err());
    }

    /// SGF `RU[]RU[Renju]`: the unknown rule of the first RU was kept beside the rule set
    /// of the second, and the game written did not read back the same.
    #[test]
    fn an_sgf_game_with_two_rule_properties() {
        checks::read_any_format::check(b"\x04(;RU[]RU[Renju])");
        let games = renju_records::Format::Sgf.read(b"(;RU[Renju]RU[chess])", None);
        let game = games[0].as_ref().unwrap();
        assert_eq!(game.rule_set, None);
        assert_eq!(game.unknown_rule.as_deref(), Some("chess"));
    }

    /// `6+10 byo-yomi 5x30` (an increment and an overtime) was given the SGF form
    /// `TM[6]OT[5x30 byo-yomi]`, without the increment: it has no SGF form.
    #[test]
    fn a_control_with_an_increment_and_an_overtime_has_no_sgf_form() {
        checks::time_control::check(b"6+10 byo-yomi 5x30\n");
        let tc: renju_records::TimeControl = "6+10 byo-yomi 5x30".parse().unwrap();
        assert_eq!(tc.to_sgf(), (None, None));
    }

    /// A shared pool of an odd number of milliseconds, split: the millisecond that
    /// cannot be split was booked as lost but never as given, and Black's books did not
    /// balance (found by the `time_control` check, not yet by the fuzzer).
    #[test]
    fn a_split_of_an_odd_shared_pool_keeps_the_books() {
        checks::time_control::check(b"shared 1.001\n\x00\x06");
    }

    /// A reply whose foul is not a foul name was quoted whole in the report: the message
    /// grew with the reply (so did an engine's `error` value and a key that is no point).
    #[test]
    fn an_engine_reply_with_a_long_bad_foul_is_quoted_short() {
        let long = "w".repeat(5000);
        for reply in [
            format!(r#"{{"forbidden": {{"h8": "{long}"}}}}"#),
            format!(r#"{{"forbidden": {{"{long}": "overline"}}}}"#),
            format!(r#"{{"error": "{long}"}}"#),
        ] {
            let mut data = vec![10];
            data.extend_from_slice(reply.as_bytes());
            checks::engine_replies::check(&data);
        }
    }
}
