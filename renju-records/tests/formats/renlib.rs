//! The RenLib `.lib` reader and writer: the four real libraries of `../shared/data/renlib`
//! (skipped, saying why, when the shared data is not beside the project), round trips,
//! and synthetic files for what the real ones do not use.

use crate::shared_data::{data_dir, skipped};
use std::collections::BTreeMap;

use proptest::prelude::*;

use crate::common::*;
use renju_core::ParseError;
use renju_records::formats::renlib;
use renju_records::{Event, Game};

const HEADER_30: &[u8] = b"\xFFRenLib\xFF\x03\x00\xFF\xFF\xFF\xFF\xFF\xFF\xFF\xFF\xFF\xFF";
const HEADER_34: &[u8] = b"\xFFRenLib\xFF\x03\x04\xFF\xFF\xFF\xFF\xFF\xFF\xFF\xFF\xFF\xFF";

const DOWN: u8 = 0x80;
const RIGHT: u8 = 0x40;
const OLD_COMMENT: u8 = 0x20;
const COMMENT: u8 = 0x08;
const NO_MOVE: u8 = 0x02;
const EXTENSION: u8 = 0x01;

fn lib(header: &[u8], body: &[u8]) -> Vec<u8> {
    [header, body].concat()
}

/// Every line's moves, as a multiset.
fn multiset<'a>(lines: impl IntoIterator<Item = &'a str>) -> BTreeMap<String, usize> {
    let mut set = BTreeMap::new();
    for line in lines {
        *set.entry(line.to_string()).or_insert(0) += 1;
    }
    set
}

fn read_ok(bytes: &[u8]) -> Vec<Game> {
    renlib::read(bytes, None)
        .into_iter()
        .collect::<Result<_, _>>()
        .unwrap_or_else(|e: ParseError| panic!("unexpected error: {e}"))
}

fn move_lines(games: &[Game]) -> Vec<String> {
    games.iter().map(moves).collect()
}

#[test]
fn real_libraries_give_the_sample_lines() {
    let Some(data) = data_dir() else {
        skipped("real_libraries_give_the_sample_lines: ../shared/data is not beside the project");
        return;
    };
    let dir = data.join("renlib");
    let Ok(sample) = std::fs::read_to_string(dir.join("renlib_sample_lines.txt")) else {
        skipped("real_libraries_give_the_sample_lines: renlib_sample_lines.txt is missing");
        return;
    };
    let mut expected: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
    for line in sample
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        let (file, line_moves) = line.split_once('\t').expect("file TAB moves");
        expected.entry(file).or_default().push(line_moves);
    }
    assert_eq!(expected.len(), 4, "four libraries in the sample");
    let mut total = 0;
    for (file, want) in &expected {
        let bytes = std::fs::read(dir.join(file)).expect("library file");
        let games = read_ok(&bytes);
        let got = move_lines(&games);
        assert_eq!(
            multiset(got.iter().map(String::as_str)),
            multiset(want.iter().copied()),
            "{file}"
        );
        for (i, game) in games.iter().enumerate() {
            assert_eq!(game.size, 15);
            assert_eq!(game.source.index, i);
            assert_eq!(game.id, Some(format!("line {}", i + 1)));
            let offset = game.source.byte_offset.expect("byte offset") as usize;
            assert!(
                offset >= 20 && offset + 2 <= bytes.len(),
                "{file}: offset {offset}"
            );
        }
        total += games.len();

        // Writing the lines back gives the same lines, as a 3.0 library (all start at h8).
        let written = renlib::write(&games).expect("write");
        assert_eq!(&written[..10], &HEADER_30[..10], "{file}: 3.0 header");
        let again = read_ok(&written);
        assert_eq!(
            multiset(move_lines(&again).iter().map(String::as_str)),
            multiset(want.iter().copied()),
            "{file} round trip"
        );
        let tags = |games: &[Game]| {
            let mut all: Vec<_> = games.iter().flat_map(|g| g.tags.clone()).collect();
            all.sort();
            all
        };
        assert_eq!(tags(&again), tags(&games), "{file}: comments survive");
    }
    assert_eq!(total, 4866);
}

#[test]
fn gbk_comments_are_decoded() {
    let Some(data) = data_dir() else {
        skipped("gbk_comments_are_decoded: ../shared/data is not beside the project");
        return;
    };
    let Ok(bytes) = std::fs::read(data.join("renlib/Allrenjuopenings.lib")) else {
        skipped("gbk_comments_are_decoded: Allrenjuopenings.lib is missing");
        return;
    };
    let games = read_ok(&bytes);
    let comments: Vec<&str> = games
        .iter()
        .flat_map(|g| g.tags.iter())
        .filter(|(k, _)| k == "comment")
        .map(|(_, v)| v.as_str())
        .collect();
    assert!(!comments.is_empty());
    assert!(
        comments.iter().all(|c| !c.contains('\u{FFFD}')),
        "no replacement characters"
    );
    // One comment is Latin-1, not GBK.
    assert!(
        comments.iter().any(|c| c.contains("\u{F6} \u{D6}")),
        "Windows-1252 fallback"
    );
    assert!(
        comments
            .iter()
            .any(|c| c.chars().any(|ch| ('\u{4E00}'..='\u{9FFF}').contains(&ch))),
        "Chinese text"
    );
}

#[test]
fn version_30_body_without_root_record() {
    // h8, then its children h9 (a sibling follows) and i9, both leaves.
    let body = [0x78, 0x00, 0x68, DOWN | RIGHT, 0x69, RIGHT];
    let games = read_ok(&lib(HEADER_30, &body));
    assert_eq!(move_lines(&games), ["h8 h9", "h8 i9"]);
    assert_eq!(games[0].source.byte_offset, Some(22));
    assert_eq!(games[1].source.byte_offset, Some(24));
}

#[test]
fn version_34_root_record_is_skipped_and_keeps_its_comment() {
    let body = [
        0x00, COMMENT, b'r', b'o', b'o', b't', 0, 0, // root with a comment
        0x78, DOWN, 0x68, RIGHT, // h8 h9
        0x77, RIGHT, // g8, sibling of h8
    ];
    let games = read_ok(&lib(HEADER_34, &body));
    assert_eq!(move_lines(&games), ["h8 h9", "g8"]);
    for g in &games {
        assert_eq!(g.tag("comment"), Some("0: root"));
    }
}

#[test]
fn headerless_legacy_library() {
    let games = read_ok(&[0x78, 0x00, 0x68, RIGHT]);
    assert_eq!(move_lines(&games), ["h8 h9"]);
    assert_eq!(games[0].source.byte_offset, Some(2));
}

#[test]
fn corner_coordinates() {
    // a15 = 0x01, o1 = 0xEF, o15 = 0x0F, a1 = 0xE1.
    let games = read_ok(&lib(
        HEADER_30,
        &[0x78, 0, 0x01, 0, 0xEF, 0, 0x0F, 0, 0xE1, RIGHT],
    ));
    assert_eq!(move_lines(&games), ["h8 a15 o1 o15 a1"]);
}

#[test]
fn pass_is_a_move() {
    // 3.4: root, h8, pass, h9.
    let body = [0x00, 0x00, 0x78, 0x00, 0x00, 0x00, 0x68, RIGHT];
    let games = read_ok(&lib(HEADER_34, &body));
    assert_eq!(games.len(), 1);
    assert_eq!(games[0].events[1], Event::Pass);
    assert_eq!(moves(&games[0]), "h8 pass h9");
}

#[test]
fn new_and_old_comments() {
    let body = [
        0x78,
        COMMENT,
        b'o',
        b'n',
        b'e',
        0x08,
        b'a',
        b'\r',
        b'\n',
        b'b',
        0,
        0, // even
        0x68,
        OLD_COMMENT | RIGHT,
        b'o',
        b'l',
        b'd',
        0xC1, // terminated by a high byte
    ];
    let games = read_ok(&lib(HEADER_30, &body));
    assert_eq!(move_lines(&games), ["h8 h9"]);
    let comments: Vec<_> = games[0]
        .tags
        .iter()
        .filter(|(k, _)| k == "comment")
        .map(|(_, v)| v.as_str())
        .collect();
    assert_eq!(comments.len(), 2);
    assert_eq!(comments[0], "1: one\na\nb");
    assert!(comments[1].starts_with("2: old"), "{}", comments[1]);
}

#[test]
fn odd_length_comment_ends_in_its_pair() {
    // "abc" + NUL fills two pairs exactly: no padding.
    let body = [0x78, COMMENT, b'a', b'b', b'c', 0, 0x68, RIGHT];
    let games = read_ok(&lib(HEADER_30, &body));
    assert_eq!(move_lines(&games), ["h8 h9"]);
    assert_eq!(games[0].tag("comment"), Some("1: abc"));
}

#[test]
fn extension_board_texts_and_labels() {
    let body = [
        0x78,
        0x00, // h8
        0x68,
        DOWN | RIGHT | EXTENSION,
        0x00,
        0x01,
        b'A',
        0, // h9 labelled A
        0x69,
        DOWN | RIGHT | COMMENT | EXTENSION,
        0x00,
        0x01,
        b'c',
        0,
        b'B',
        0, // i9
        0x67,
        RIGHT | NO_MOVE | EXTENSION,
        0x00,
        0x01,
        b'x',
        b'y',
        0,
        0, // g9: a bare label
    ];
    let games = read_ok(&lib(HEADER_30, &body));
    assert_eq!(move_lines(&games), ["h8 h9", "h8 i9"]);
    let labels: Vec<_> = games[1]
        .tags
        .iter()
        .filter(|(k, _)| k == "board_text")
        .map(|(_, v)| v.as_str())
        .collect();
    assert_eq!(labels, ["1 h9: A", "1 i9: B", "1 g9: xy"]);
    assert_eq!(games[1].tag("comment"), Some("2: c"));

    // The writer puts labels back, as moves or bare labels.
    let again = read_ok(&renlib::write(&games).unwrap());
    assert_eq!(move_lines(&again), ["h8 h9", "h8 i9"]);
    assert_eq!(again[1].tags, games[1].tags);
}

#[test]
fn extension_without_board_text() {
    let body = [0x78, EXTENSION, 0x12, 0x00, 0x68, RIGHT];
    assert_eq!(move_lines(&read_ok(&lib(HEADER_30, &body))), ["h8 h9"]);
}

#[test]
fn repeated_siblings_are_merged_as_renlib_does() {
    // h8 -> h9 (sibling follows), then h9 again with a child i9.
    let body = [0x78, 0x00, 0x68, DOWN | RIGHT, 0x68, 0x00, 0x69, RIGHT];
    let games = read_ok(&lib(HEADER_30, &body));
    assert_eq!(move_lines(&games), ["h8 h9 i9"]);
}

#[test]
fn truncated_files_keep_the_complete_lines() {
    let full = [
        0x78,
        0x00, // h8
        0x68,
        DOWN | RIGHT, // h9, a leaf with a sibling
        0x69,
        COMMENT,
        b'c',
        0, // i9
        0x6A,
        RIGHT, // j9
    ];
    let whole = read_ok(&lib(HEADER_30, &full));
    assert_eq!(move_lines(&whole), ["h8 h9", "h8 i9 j9"]);

    // Cut in the middle of a record, inside a comment, and between records.
    for cut in [5, 7, 8, 9] {
        let bytes = lib(HEADER_30, &full[..cut]);
        let (games, errors) = split(renlib::read(&bytes, None));
        assert_eq!(move_lines(&games), ["h8 h9"], "cut at {cut}");
        assert_eq!(errors.len(), 1, "cut at {cut}");
        let offset = errors[0].location.byte_offset.expect("byte offset");
        assert!(
            offset >= 24 && offset <= bytes.len() as u64,
            "cut at {cut}: {offset}"
        );
        assert!(
            errors[0].message.contains("cut short"),
            "{}",
            errors[0].message
        );
    }
    // A record cut in half names its own offset.
    let (_, errors) = split(renlib::read(&lib(HEADER_30, &full[..5]), None));
    assert_eq!(errors[0].location.byte_offset, Some(24));

    // A missing extension pair.
    let (games, errors) = split(renlib::read(&lib(HEADER_30, &[0x78, EXTENSION]), None));
    assert!(games.is_empty());
    assert_eq!(errors[0].location.byte_offset, Some(22));
}

#[test]
fn off_board_record_is_an_error_at_its_offset() {
    // 0x70: column 0. 0xF5: row 16 from the top.
    for bad in [0x70, 0xF5] {
        let body = [0x78, 0x00, 0x68, DOWN | RIGHT, bad, RIGHT];
        let (games, errors) = split(renlib::read(&lib(HEADER_30, &body), None));
        assert_eq!(move_lines(&games), ["h8 h9"]);
        assert_eq!(errors.len(), 1);
        assert_eq!(errors[0].location.byte_offset, Some(24));
        assert!(
            errors[0].message.contains("not a point"),
            "{}",
            errors[0].message
        );
    }
}

#[test]
fn bad_headers() {
    let (games, errors) = split(renlib::read(b"hello world, not a library", None));
    assert!(games.is_empty());
    assert_eq!(errors[0].location.byte_offset, Some(0));
    assert!(errors[0].message.contains("not a RenLib library"));

    let mut newer = HEADER_34.to_vec();
    newer[9] = 5;
    let (_, errors) = split(renlib::read(&lib(&newer, &[0x78, RIGHT]), None));
    assert!(errors[0].message.contains("3.5"), "{}", errors[0].message);

    let (_, errors) = split(renlib::read(&HEADER_34[..12], None));
    assert!(
        errors[0].message.contains("header"),
        "{}",
        errors[0].message
    );

    assert!(renlib::read(b"", None)[0].is_err());
}

#[test]
fn writer_picks_the_format_and_merges_prefixes() {
    let games: Vec<Game> = ["h8 h9 h10", "h8 h9", "h8 i9", "h8 h9 h10"]
        .iter()
        .map(|m| Game::from_moves(m).unwrap())
        .collect();
    let bytes = renlib::write(&games).unwrap();
    assert_eq!(&bytes[..20], HEADER_30);
    // h8, h9 (sibling follows), h10 (leaf), i9 (leaf).
    assert_eq!(
        &bytes[20..],
        &[0x78, 0x00, 0x68, DOWN, 0x58, RIGHT, 0x69, RIGHT]
    );
    // The prefix "h8 h9" and the duplicate are not leaves any more.
    assert_eq!(move_lines(&read_ok(&bytes)), ["h8 h9 h10", "h8 i9"]);

    // Not starting at h8, or passing: 3.4 with a root record.
    for line in ["g8 h9", "h8 pass h9"] {
        let game = Game::from_moves(line).unwrap();
        let bytes = renlib::write(std::slice::from_ref(&game)).unwrap();
        assert_eq!(&bytes[..20], HEADER_34, "{line}");
        assert_eq!(bytes[20], 0x00, "{line}: root record");
        assert_eq!(move_lines(&read_ok(&bytes)), [line]);
    }

    // A root comment needs the root record.
    let mut game = Game::from_moves("h8").unwrap();
    game.tags
        .push(("comment".into(), "0: opening notes\nline two".into()));
    let bytes = renlib::write(std::slice::from_ref(&game)).unwrap();
    assert_eq!(&bytes[..20], HEADER_34);
    assert_eq!(read_ok(&bytes)[0].tags, game.tags);

    // No games: just the root, which reads back as one empty line.
    let bytes = renlib::write(&[]).unwrap();
    assert_eq!(&bytes[20..], &[0x00, RIGHT]);
    assert_eq!(move_lines(&read_ok(&bytes)), [""]);
}

#[test]
fn writer_rejects_what_a_library_cannot_hold() {
    let mut big = Game::from_moves("h8").unwrap();
    big.size = 20;
    assert!(renlib::write(&[big]).unwrap_err().message.contains("15x15"));

    let mut off = Game::new(15);
    off.events.push(Event::Stone {
        point: "p16".parse().unwrap(),
    });
    let e = renlib::write(&[Game::from_moves("h8").unwrap(), off]).unwrap_err();
    assert_eq!(e.record.as_deref(), Some("game 2"));
    assert_eq!(e.move_number, Some(1));

    let mut swap = Game::from_moves("h8").unwrap();
    swap.events.push(Event::Swap { swap: true });
    assert!(renlib::write(&[swap]).is_err());
}

proptest! {
    #[test]
    fn arbitrary_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..600)) {
        let _ = renlib::read(&bytes, None);
        let _ = renlib::read(&lib(HEADER_34, &bytes), None);
        let _ = renlib::read(&lib(HEADER_30, &bytes), None);
    }

    #[test]
    fn written_trees_read_back(lines in proptest::collection::vec(
        proptest::collection::vec((0u8..15, 0u8..15, any::<bool>()), 0..12), 1..8)
    ) {
        let games: Vec<Game> = lines.iter().map(|line| {
            let mut game = Game::new(15);
            for &(x, y, pass) in line {
                game.events.push(if pass && x < 3 {
                    Event::Pass
                } else {
                    Event::Stone { point: renju_core::Point::new(x, y).unwrap() }
                });
            }
            game
        }).collect();
        let first = read_ok(&renlib::write(&games).unwrap());
        let second = read_ok(&renlib::write(&first).unwrap());
        prop_assert_eq!(move_lines(&first), move_lines(&second));
        // Every game is a prefix of some line read back.
        for game in &games {
            let line = moves(game);
            let extended = format!("{} ", line);
            let read_back = move_lines(&first);
            let found = line.is_empty() || read_back.iter().any(|l| *l == line || l.starts_with(&extended));
            prop_assert!(found, "{} is not in {:?}", line, read_back);
        }
    }
}

/// Issue 9, item 4: the root's comment is in every line; its bytes count against the
/// expansion budget, the lines are built one at a time, and past the budget a record
/// error names the file, the line and its byte offset after the complete lines.
#[test]
fn comments_copied_into_every_line_count_against_the_budget() {
    let comment = "x".repeat(64 * 1024);
    let mut games = Vec::new();
    for a in ["g7", "g9", "i7", "i9", "h7", "h9", "g8", "i8"] {
        for b in [
            "d4", "e5", "f6", "k11", "l12", "m13", "d12", "e11", "f10", "k5",
        ] {
            for c in [
                "a1", "b2", "c3", "n14", "o15", "a15", "b14", "c13", "o1", "n2",
            ] {
                let mut g = Game::from_moves(&format!("h8 {a} {b} {c}")).unwrap();
                g.tags
                    .push(("comment".to_string(), format!("0: {comment}")));
                games.push(g);
            }
        }
    }
    // 800 lines of 64 KB fit; 8 copies of them do not.
    let bytes = renlib::write(&games).unwrap();
    let lines: Vec<_> = renlib::lines(&bytes, Some("c.lib")).collect();
    assert_eq!(lines.len(), 800);
    assert!(lines.iter().all(Result::is_ok));
    for (i, g) in games.iter_mut().enumerate() {
        g.events.push(Event::Stone {
            point: ["j10", "j6", "f10", "f6", "k8", "e8", "h11", "h5"][i % 8]
                .parse()
                .unwrap(),
        });
    }
    let mut more = Vec::new();
    for extra in ["a2", "a3", "a4", "a5", "a6", "a7", "a8", "a9"] {
        for g in &games {
            let mut g = g.clone();
            g.events.push(Event::Stone {
                point: extra.parse().unwrap(),
            });
            more.push(g);
        }
    }
    let bytes = renlib::write(&more).unwrap();
    let mut kept = 0;
    let mut error = None;
    for record in renlib::lines(&bytes, Some("c.lib")) {
        match record {
            Ok(g) => {
                assert_eq!(g.tag("comment").map(str::len), Some(comment.len() + 3));
                kept += 1;
            }
            Err(e) => error = Some(e),
        }
    }
    let error = error.expect("the budget runs out");
    assert!(error.message.contains("expand past"), "{error}");
    assert_eq!(error.location.file.as_deref(), Some("c.lib"));
    assert_eq!(
        error.location.record.as_deref(),
        Some(format!("line {}", kept + 1).as_str())
    );
    assert!(error.location.byte_offset.is_some());
    assert!((4_000..4_500).contains(&kept), "{kept}");
}
