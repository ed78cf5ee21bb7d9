//! The move-list reader and writer.

use proptest::prelude::*;

use renju_core::RuleSet;
use renju_records::formats::{movelist, Format};
use renju_records::OpeningRule;

#[test]
fn directives_apply_to_the_lines_after_them() {
    let text = b"h8 i9\n# rule: freestyle\n# size: 20\n# opening: swap2\nt20 a1\n";
    let games: Vec<_> = movelist::read(text, Some("d.txt"))
        .into_iter()
        .map(Result::unwrap)
        .collect();
    assert_eq!((games[0].rule_set, games[0].size), (None, 15));
    assert_eq!(
        (games[1].rule_set, games[1].opening, games[1].size),
        (Some(RuleSet::Freestyle), Some(OpeningRule::Swap2), 20)
    );
    assert_eq!(games[1].source.line, Some(5));
    assert_eq!(games[1].source.file.as_deref(), Some("d.txt"));
}

/// A directive replaced before any game is under it, a stone limit past the board's
/// points and a turn limit that is no time per move are errors with their lines (they
/// were kept or ignored without a word); the games still read with the directives in
/// force.
#[test]
fn doubtful_directives_are_errors() {
    let text = b"# draw-after: 100\n# draw-after: 50\nh8 h9\n# draw-after: 226\nh8\n\
# draw-after: 225\n# turn-limit: -5\n# turn-limit: 30\nh8\n# turn-limit: 0\nh8\n\
# turn-limit: 123456789012345678901\n";
    let records = movelist::read(text, None);
    let errors: Vec<(Option<usize>, String)> = (records.iter())
        .filter_map(|r| r.as_ref().err())
        .map(|e| (e.location.line, e.message.clone()))
        .collect();
    let lines: Vec<Option<usize>> = errors.iter().map(|e| e.0).collect();
    assert_eq!(
        lines,
        [Some(1), Some(5), Some(7), Some(11), Some(12)],
        "{errors:?}"
    );
    assert!(
        errors[0].1.contains("replaced at line 2 before any game"),
        "{errors:?}"
    );
    assert!(
        errors[1]
            .1
            .contains("more stones than a 15x15 board holds (225)"),
        "{errors:?}"
    );
    assert!(errors[2].1.contains("not a time per move"), "{errors:?}");
    let games: Vec<_> = records.iter().filter_map(|r| r.as_ref().ok()).collect();
    assert_eq!(games[0].draw_after, Some(50));
    assert_eq!(games[1].draw_after, Some(225));
    assert_eq!(games[1].tag("turn-limit"), Some("30"));
}

#[test]
fn bad_lines_and_directives_are_located() {
    let records = movelist::read(b"h8 i9\nh8 @\n# size: 99\n", Some("bad.txt"));
    assert_eq!(records.len(), 3);
    let e = records[1].as_ref().unwrap_err();
    assert_eq!(
        (e.location.line, e.location.move_number),
        (Some(2), Some(2))
    );
    assert_eq!(e.location.file.as_deref(), Some("bad.txt"));
    assert_eq!(records[2].as_ref().unwrap_err().location.line, Some(3));
}

#[test]
fn round_trip() {
    let text = b"h8 i9 pass j10\n# rule: caro\n# size: 9\na1 b2\n";
    let games: Vec<_> = movelist::read(text, None)
        .into_iter()
        .map(Result::unwrap)
        .collect();
    let written = Format::MoveList.write(&games).unwrap();
    let back: Vec<_> = movelist::read(&written, None)
        .into_iter()
        .map(Result::unwrap)
        .collect();
    for (a, b) in games.iter().zip(&back) {
        assert_eq!(
            (&a.events, a.rule_set, a.size),
            (&b.events, b.rule_set, b.size)
        );
    }
}

proptest! {
    #[test]
    fn arbitrary_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..300)) {
        let _ = movelist::read(&bytes, Some("fuzz.txt"));
    }

    #[test]
    fn move_like_text_never_panics(text in "[a-zA-Z0-9 .,#:€ü\n]{0,120}") {
        let _ = movelist::read(text.as_bytes(), None);
        let _ = renju_core::Position::from_moves(&text);
    }
}

#[test]
fn a_game_without_a_rule_stays_without_one() {
    let text = b"# rule: caro\na1 b2\n# rule: default\nh8\n";
    let games: Vec<_> = movelist::read(text, None)
        .into_iter()
        .map(Result::unwrap)
        .collect();
    assert_eq!(
        (games[0].rule_set, games[1].rule_set),
        (Some(RuleSet::Caro), None)
    );
    let back: Vec<_> = movelist::read(&Format::MoveList.write(&games).unwrap(), None)
        .into_iter()
        .map(Result::unwrap)
        .collect();
    assert_eq!(
        (back[0].rule_set, back[1].rule_set),
        (Some(RuleSet::Caro), None)
    );
}

/// Streaming through a tiny buffer gives exactly what reading the whole text gives.
#[test]
fn streaming_matches_reading_whole() {
    let text = b"# rule: freestyle\nh8 i9\n\nh8 h8 @\r\n# size: 3\nj10 k11 pass\nlast line without newline";
    let whole = movelist::read(text, Some("s.txt"));
    let streamed: Vec<_> = Format::MoveList
        .read_from(
            std::io::BufReader::with_capacity(3, &text[..]),
            Some("s.txt"),
        )
        .collect();
    assert_eq!(streamed, whole);
    // The bad `# size: 3` is not a game: the two games under it are errors naming it.
    assert_eq!(whole.len(), 4);
    for record in &whole[2..] {
        let e = record.as_ref().unwrap_err();
        assert!(e.message.contains("line 5: `size: 3`"), "{e}");
    }
}

/// Issue 9, item 7: a line past the limit (here a stream of zero bytes) is one error
/// record with its line number, skipped without being kept; the next line is read.
#[test]
fn a_line_past_the_limit_is_an_error_and_reading_goes_on() {
    use renju_records::formats::ReadLimits;
    let mut text = b"h8 i9\n".to_vec();
    text.extend(std::iter::repeat_n(0u8, 3 << 20));
    text.extend_from_slice(b"\nh8 h9 h10\n");
    let records: Vec<_> = Format::MoveList
        .read_from(std::io::BufReader::new(&text[..]), Some("z.txt"))
        .collect();
    assert_eq!(records.len(), 3);
    assert!(records[0].is_ok() && records[2].is_ok());
    let e = records[1].as_ref().unwrap_err();
    assert_eq!(e.location.line, Some(2));
    assert!(e.message.contains("3145728 bytes"), "{e}");
    assert_eq!(records[2].as_ref().unwrap().source.line, Some(3));

    let limits = ReadLimits::uniform(4);
    let records: Vec<_> = Format::MoveList
        .read_from_with(&b"h8 i9 j10\nh8\n"[..], None, limits)
        .collect();
    assert!(records[0].is_err() && records[1].is_ok());
}

/// Issue 9, item 13: CR-only line endings, a byte-order mark, a bad `# size:`.
#[test]
fn cr_endings_bom_and_bad_directives() {
    let records = movelist::read(b"\xEF\xBB\xBFh8 i9\rh8 h9\r\rh8 j10\r", None);
    let moves: Vec<usize> = records
        .iter()
        .map(|r| r.as_ref().unwrap().events.len())
        .collect();
    assert_eq!(moves, [2, 2, 2]);
    assert_eq!(records[2].as_ref().unwrap().source.line, Some(4));

    // A bad `# size:` is not a game; the games under it are errors naming it, until a
    // good one.
    let records = movelist::read(b"# size: 99\nh8 i9\n# size: 15\nh8 i9\n", None);
    assert_eq!(records.len(), 2);
    let e = records[0].as_ref().unwrap_err();
    assert!(e.message.contains("line 1"), "{e}");
    assert_eq!(e.location.line, Some(2));
    assert!(records[1].is_ok());
}

#[test]
fn times_and_decisions_round_trip() {
    let text = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../fixtures/games/timed.txt"
    ))
    .unwrap();
    let games: Vec<renju_records::Game> = movelist::read(&text, None)
        .into_iter()
        .map(|g| g.expect("reads"))
        .collect();
    assert_eq!(games.len(), 4);
    assert_eq!(
        games[0].time_control.as_ref().map(|c| c.to_string()),
        Some("300+5".to_string())
    );
    assert_eq!(
        games[0].events[1],
        renju_records::Event::MoveTime {
            elapsed_ms: Some(12_500),
            left_ms: Some(292_500),
            moves_left: None
        }
    );
    assert!(games[0].events.contains(&renju_records::Event::Resign {
        by: renju_core::Color::White
    }));
    assert_eq!(
        games[3].time_control.as_ref().map(|c| c.to_string()),
        Some("TM[60]OT[3x30 byo-yomi]".to_string())
    );
    let written = movelist::write(&games).unwrap();
    let back: Vec<renju_records::Game> = movelist::read(&written, None)
        .into_iter()
        .map(|g| g.expect("reads back"))
        .collect();
    for (a, b) in games.iter().zip(&back) {
        assert_eq!((&a.events, &a.time_control), (&b.events, &b.time_control));
    }
}

#[test]
fn bad_times_and_events_name_the_move() {
    for (line, needle, at) in [
        ("h8 {t=abc}", "`t=abc` is not a clock reading", Some(1)),
        ("{t=1} h8", "comes before any move", None),
        ("h8 i9 {t=1", "not closed", Some(2)),
        ("h8 b:dance", "not an event", Some(1)),
        ("h8 w:late=soon", "late=SECONDS", Some(1)),
    ] {
        let e = movelist::read(line.as_bytes(), None).remove(0).unwrap_err();
        assert!(e.message.contains(needle), "{line}: {e}");
        assert_eq!(e.location.move_number, at, "{line}: {e}");
    }
    let e = movelist::read(b"# time-control: 300+a\nh8\n", None)
        .remove(0)
        .unwrap_err();
    assert!(e.to_string().contains("300+a"), "{e}");
}

#[test]
fn players_the_reason_and_the_turn_limit_are_directives_that_read_back() {
    let tags = |pairs: &[(&str, &str)]| -> Vec<(String, String)> {
        pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect()
    };
    let mut first = renju_records::Game::from_moves("h8 i9").unwrap();
    first.events.push(renju_records::Event::Forfeit {
        by: renju_core::Color::White,
    });
    first.time_control = Some("5".parse().unwrap());
    first.tags = tags(&[
        ("black", "rapfi a"),
        ("white", "rapfi-b"),
        ("event", "renju match"),
        ("round", "1"),
        ("termination", "rapfi-b crashed (exit status 3)"),
        ("turn-limit", "0.5"),
    ]);
    // The next game: other players, no reason; then a game with no tag at all.
    let mut second = first.clone();
    second.tags = tags(&[("black", "rapfi-b"), ("white", "rapfi a"), ("round", "2")]);
    let third = renju_records::Game::from_moves("h8").unwrap();
    let games = vec![first, second, third];
    let bytes = movelist::write(&games).unwrap();
    let text = String::from_utf8(bytes.clone()).unwrap();
    assert!(text.contains("# black: rapfi a\n"), "{text}");
    assert!(text.contains("# turn-limit: 0.5\n"), "{text}");
    assert!(text.contains("# termination:\n"), "{text}");
    let back: Vec<_> = movelist::read(&bytes, None)
        .into_iter()
        .map(|g| g.unwrap())
        .collect();
    for (read, written) in back.iter().zip(&games) {
        assert_eq!(read.tags, written.tags, "{text}");
        assert_eq!(read.events, written.events);
        assert_eq!(read.time_control, written.time_control);
    }
    // A value a line cannot hold is refused, naming the game.
    let mut bad = games[2].clone();
    bad.tags = tags(&[("black", "a\n# rule: freestyle")]);
    let e = movelist::write(&[bad]).unwrap_err();
    assert!(
        e.message
            .contains("the black \"a\\n# rule: freestyle\" has a control character"),
        "{e}"
    );
    assert_eq!(e.record.as_deref(), Some("game 1"));
}
