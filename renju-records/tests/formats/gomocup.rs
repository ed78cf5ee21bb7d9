//! Gomocup / Piskvork opening files: the eight real files of `../shared/data/gomocup`
//! (skipped, saying why, when the shared data is not beside the project), both
//! notations, round trips and malformed lines.

use crate::shared_data::{data_dir, skipped};
use std::path::PathBuf;

use proptest::prelude::*;

use crate::common::*;
use renju_core::Point;
use renju_records::formats::gomocup;
use renju_records::{Event, Game};

/// The real files for 20x20 whose names do not say so: Piskvork's default board is 20x20
/// (its last opening reaches offset -8), and GomocupOnline plays 20x20 (see its psq game).
const UNNAMED_20: [&str; 2] = ["piskvork_openings.txt", "gomocuponline_openings.txt"];

/// The board each real file is played on.
fn real_size(name: &str) -> u8 {
    if UNNAMED_20.contains(&name) {
        20
    } else {
        gomocup::size_for_file(Some(name))
    }
}

#[test]
fn real_opening_files() {
    let Some(data) = data_dir() else {
        skipped("real_opening_files: ../shared/data is not beside the project");
        return;
    };
    let Ok(entries) = std::fs::read_dir(data.join("gomocup")) else {
        skipped("real_opening_files: ../shared/data/gomocup is missing");
        return;
    };
    let mut files: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .collect();
    files.sort();
    assert_eq!(files.len(), 8, "{files:?}");
    let mut total = 0;
    for path in &files {
        let name = path.file_name().and_then(|n| n.to_str()).expect("name");
        let bytes = std::fs::read(path).expect("read");
        let size = real_size(name);
        let games = all_ok(gomocup::read_with_size(&bytes, Some(name), size), name);
        if !UNNAMED_20.contains(&name) {
            assert_eq!(
                all_ok(gomocup::read(&bytes, Some(name)), name),
                games,
                "{name}: read takes the size from the name"
            );
        }
        let notation = if name.contains("_pos_") {
            "pos"
        } else {
            "offset"
        };
        for (i, game) in games.iter().enumerate() {
            assert_eq!(game.size, size, "{name}");
            assert!(!game.events.is_empty(), "{name}");
            assert_eq!(game.tag("notation"), Some(notation), "{name}");
            assert_eq!(game.source.index, i);
            assert!(game.rule_set.is_none());
        }
        // Round trip through offset notation.
        let written = gomocup::write(&games).expect("write");
        let again = all_ok(gomocup::read_with_size(&written, None, size), name);
        let events = |gs: &[Game]| gs.iter().map(|g| g.events.clone()).collect::<Vec<_>>();
        assert_eq!(events(&again), events(&games), "{name} round trip");
        total += games.len();
    }
    // 41 + 6 + 3 + 3 x 12 + 4 + 4. (The data README says 91: counted over the files
    // concatenated, where the three files without a final newline each merge their last
    // line with the next file's first.)
    assert_eq!(total, 94);
}

#[test]
fn real_files_spot_checks() {
    let Some(data) = data_dir() else {
        skipped("real_files_spot_checks: ../shared/data is not beside the project");
        return;
    };
    let read = |name: &str| {
        std::fs::read(data.join("gomocup").join(name)).map(|bytes| {
            let games = gomocup::read_with_size(&bytes, Some(name), real_size(name));
            all_ok(games, name)
        })
    };
    let (Ok(piskvork), Ok(pos), Ok(judge)) = (
        read("piskvork_openings.txt"),
        read("cgomokucli_pos_freestyle_20x20.txt"),
        read("gomocupjudge_openings_20.txt"),
    ) else {
        skipped("real_files_spot_checks: an opening file is missing");
        return;
    };
    assert_eq!(piskvork.len(), 41);
    assert_eq!(piskvork[0].size, 20);
    // 0,0, 1,0, 1,3 on 20x20: the centre k10, one right, then three down from there.
    assert_eq!(moves(&piskvork[0]), "k10 l10 l7");
    // Read as 15x15, the same file fits until its last line, which the error names.
    let bytes = std::fs::read(data.join("gomocup/piskvork_openings.txt")).expect("read");
    let as_15 = gomocup::read(&bytes, Some("piskvork_openings.txt"));
    assert!(as_15[..40].iter().all(Result::is_ok));
    let e = as_15[40].as_ref().unwrap_err();
    assert_eq!(e.location.line, Some(41));
    assert_eq!(moves(as_15[0].as_ref().unwrap()), "h8 i8 i5");
    // d3 on 20x20: column d, third row from the top = row 18.
    assert_eq!(pos.len(), 4);
    assert_eq!(pos[0].size, 20);
    assert_eq!(moves(&pos[0]), "d18 e16 f15 d14");
    // A line with no spaces after the pairs; dy = -10 reaches the top row.
    assert_eq!(judge.len(), 6);
    assert_eq!(judge[5].events.len(), 41);
    assert_eq!(moves(&judge[4]).split(' ').next(), Some("g20"));
}

#[test]
fn default_size_reports_off_board_lines() {
    // GomocupOnline's 20x20 openings read as 15x15: the off-board stones name their line.
    let text = b"-2,-9, -1,-9, 1,-9, 0,-7, 0,-6\r\n0,0, 1,1\r\n-9,-9, -9,-8";
    let results = gomocup::read(text, Some("gomocuponline_openings.txt"));
    assert_eq!(results.len(), 3);
    let e = results[0].as_ref().unwrap_err();
    assert_eq!(e.location.line, Some(1));
    assert_eq!(e.location.move_number, Some(1));
    assert!(e.message.contains("off the 15x15"), "{}", e.message);
    assert_eq!(moves(results[1].as_ref().unwrap()), "h8 i7");
    assert_eq!(results[2].as_ref().unwrap_err().location.line, Some(3));
    assert!(gomocup::read_with_size(text, None, 20)
        .iter()
        .all(Result::is_ok));
}

#[test]
fn size_from_file_name() {
    for (name, size) in [
        ("openings_20.txt", 20),
        ("freestyle20.txt", 20),
        ("c:\\x\\cgomokucli_offset_freestyle_20x20.txt", 20),
        ("gomocup2025_openings_freestyle15.txt", 15),
        ("20/openings.txt", 15),
        ("openings.txt", 15),
    ] {
        assert_eq!(gomocup::size_for_file(Some(name)), size, "{name}");
    }
}

#[test]
fn notations_per_line() {
    let text = "\n  0,0, 1,-1 \nh8 i9\n-1,1,2,2\nA15O1\n";
    let games = all_ok(gomocup::read(text.as_bytes(), None), "mixed");
    let got: Vec<_> = games
        .iter()
        .map(|g| (moves(g), g.tag("notation").unwrap()))
        .collect();
    assert_eq!(
        got,
        [
            ("h8 i9".to_string(), "offset"),
            ("h8 i7".to_string(), "pos"),
            ("g7 j6".to_string(), "offset"),
            ("a1 o15".to_string(), "pos"),
        ]
    );
    assert_eq!(games[0].source.line, Some(2));
    assert_eq!(games[3].source.line, Some(5));
}

#[test]
fn malformed_lines() {
    let cases = [
        ("0,0, 1", "pairs"),
        ("0,0, x,1", "not a whole-number offset"),
        ("0,0, 8,0", "off the 15x15"),
        ("0,0, 99999999999999999999,0", "not a whole-number offset"),
        ("0,0, 9223372036854775807,0", "off the 15x15"),
        ("h8 p1", "off the 15x15"),
        ("h8 h0", "off the 15x15"),
        ("h8 h", "not a point"),
        ("h8 #", "unexpected `#`"),
        ("h8é", "unexpected `é`"),
        ("*", "neither"),
    ];
    for (line, message) in cases {
        let text = format!("0,0\n{line}\n1,1");
        let results = gomocup::read(text.as_bytes(), None);
        assert_eq!(results.len(), 3, "{line}");
        assert!(results[0].is_ok() && results[2].is_ok(), "{line}");
        let e = results[1].as_ref().unwrap_err();
        assert!(e.message.contains(message), "{line}: {}", e.message);
        assert_eq!(e.location.line, Some(2), "{line}");
        assert_eq!(e.location.record.as_deref(), Some("opening 2"), "{line}");
    }
    assert!(gomocup::read_with_size(b"0,0", None, 40)[0].is_err());
}

#[test]
fn writer() {
    let games = [
        Game::from_moves("h8 i7 a1").unwrap(),
        Game::from_moves("o15").unwrap(),
    ];
    let text = String::from_utf8(gomocup::write(&games).unwrap()).unwrap();
    assert_eq!(text, "0,0, 1,1, -7,7\n7,-7\n");

    assert!(gomocup::write(&[Game::new(15)]).is_err(), "empty opening");
    assert!(gomocup::write(&[Game::from_moves("h8 pass").unwrap()]).is_err());
    let mut big = Game::from_moves("h8").unwrap();
    big.size = 20;
    let e = gomocup::write(&[Game::from_moves("h8").unwrap(), big]).unwrap_err();
    assert_eq!(e.record.as_deref(), Some("opening 2"));
}

proptest! {
    #[test]
    fn arbitrary_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
        let _ = gomocup::read(&bytes, None);
        let _ = gomocup::read_with_size(&bytes, None, 20);
    }

    #[test]
    fn arbitrary_text_never_panics(text in "[a-z0-9,\\- \\n+]{0,200}") {
        let _ = gomocup::read(text.as_bytes(), Some("x_20.txt"));
    }

    #[test]
    fn written_openings_read_back(
        size in prop_oneof![Just(15u8), Just(20u8), 5u8..=26],
        stones in proptest::collection::vec((0u8..26, 0u8..26), 1..20),
    ) {
        let mut game = Game::new(size);
        for (x, y) in stones {
            let point = Point::new(x % size, y % size).unwrap();
            game.events.push(Event::Stone { point });
        }
        let bytes = gomocup::write(std::slice::from_ref(&game)).unwrap();
        let again = gomocup::read_with_size(&bytes, None, size);
        prop_assert_eq!(again.len(), 1);
        let again = again[0].as_ref().unwrap();
        prop_assert_eq!(&again.events, &game.events);
    }
}

/// Issue 9, item 13: a byte-order mark and CR-only lines.
#[test]
fn bom_and_cr_lines() {
    let games = renju_records::formats::gomocup::read(b"\xEF\xBB\xBF0,0, 1,0\r0,0\r", None);
    assert_eq!(games.len(), 2);
    assert!(games.iter().all(Result::is_ok), "{games:?}");
}

/// What `stream_with_size` gives, record by record, as comparable text.
fn streamed(bytes: &[u8], size: u8) -> Vec<String> {
    gomocup::stream_with_size(
        std::io::BufReader::with_capacity(7, bytes),
        Some("o.txt"),
        size,
    )
    .map(|r| format!("{r:?}"))
    .collect()
}

proptest! {
    #[test]
    fn streaming_an_opening_file_gives_what_reading_it_whole_gives(
        lines in proptest::collection::vec(
            prop_oneof!["0,0, 1,0", "h8i7", "", "  ", "9,9, x", "b7d6e6f7", "0,0, 30,0"],
            0..12,
        ),
        ends in proptest::collection::vec(prop_oneof!["\n", "\r\n", "\r"], 12),
        bom in any::<bool>(),
    ) {
        let mut text = String::from(if bom { "\u{feff}" } else { "" });
        for (line, end) in lines.iter().zip(&ends) {
            text.push_str(line);
            text.push_str(end);
        }
        let whole: Vec<String> = gomocup::read_with_size(text.as_bytes(), Some("o.txt"), 15)
            .into_iter()
            .map(|r| format!("{r:?}"))
            .collect();
        prop_assert_eq!(streamed(text.as_bytes(), 15), whole);
    }
}

#[test]
fn a_streamed_opening_file_with_a_bad_size_or_an_unreadable_source_is_one_error() {
    let bad = streamed(b"0,0\n1,1\n", 99);
    assert_eq!(bad.len(), 1);
    assert!(bad[0].contains("board size 99"), "{bad:?}");
    let dir = std::env::temp_dir();
    let file = std::fs::File::open(&dir).unwrap();
    let records: Vec<_> =
        gomocup::stream_with_size(std::io::BufReader::new(file), None, 15).collect();
    assert_eq!(records.len(), 1);
    assert!(records[0].is_err());
}
