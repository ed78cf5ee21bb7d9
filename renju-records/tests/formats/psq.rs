//! The Piskvork `.psq` reader and writer: the real Gomocup game of
//! `../shared/data/gomocup/psq` (skipped, saying why, when the shared data is not beside
//! the project), GomocupJudge trailers, round trips and malformed files.

use crate::shared_data::{data_dir, skipped};

use proptest::prelude::*;

use crate::common::*;
use renju_core::{Color, ParseError};
use renju_records::formats::psq;
use renju_records::game::DeclaredResult;
use renju_records::{Event, Game};

fn read_one(text: &str) -> Result<Game, ParseError> {
    let mut games = psq::read(text.as_bytes(), None);
    assert_eq!(games.len(), 1, "a psq file is one game");
    games.remove(0)
}

/// Writes and reads back: the same size, events and tags.
fn assert_round_trip(game: &Game) {
    let bytes = psq::write(std::slice::from_ref(game)).expect("write");
    let text = String::from_utf8(bytes).expect("ASCII");
    let crlf = text.ends_with("\r\n") && text.matches('\n').count() == text.matches("\r\n").count();
    assert!(crlf, "CRLF: {text:?}");
    let again = read_one(&text).expect("read back");
    assert_eq!(again.size, game.size);
    assert_eq!(again.events, game.events);
    let mut want = game.tags.clone();
    let mut got = again.tags.clone();
    want.sort();
    got.sort();
    assert_eq!(got, want, "{text}");
}

#[test]
fn real_gomocup_game() {
    let Some(data) = data_dir() else {
        skipped("real_gomocup_game: ../shared/data is not beside the project");
        return;
    };
    let Ok(bytes) = std::fs::read(data.join("gomocup/psq/gomocuponline_1x0-16_2.psq")) else {
        skipped("real_gomocup_game: gomocuponline_1x0-16_2.psq is missing");
        return;
    };
    let games = psq::read(&bytes, None);
    assert_eq!(games.len(), 1);
    let game = games[0].as_ref().expect("reads");
    assert_eq!(game.size, 20);
    assert_eq!(game.moves().count(), 16);
    // Each move's milliseconds follow it as a clock reading.
    assert_eq!(game.events.len(), 32);
    // 10,10 is column j, row 10 from the top of 20 = row 11; 11,12 = k9; 15,12 = o9.
    let m = moves(game);
    assert!(m.starts_with("j11 k9 j8 k8 i10"), "{m}");
    assert!(m.ends_with("o9"), "{m}");
    assert_eq!(game.tag("black"), Some("pisq7.exe"));
    assert_eq!(game.tag("white"), Some("renjusolver.ZIP"));
    assert_eq!(game.tag("piskvork_error"), None, "0 is the usual code");
    let times: Vec<u64> = game
        .events
        .iter()
        .filter_map(|e| match e {
            Event::MoveTime { elapsed_ms, .. } => *elapsed_ms,
            _ => None,
        })
        .collect();
    assert_eq!(&times[..3], [456, 4500, 60]);
    // Replayed under a minute each (freestyle, as Gomocup plays): the clock takes every
    // move's time, nobody's flag falls, and the books add up.
    let options = renju_records::ValidationOptions {
        rule_set: renju_core::RuleSet::Freestyle,
        time_control: Some("60".parse().unwrap()),
        ..renju_records::ValidationOptions::default()
    };
    let replay = game.replay(&options);
    let time = replay.time.expect("a control was given");
    assert!(time.complete && time.flag.is_none());
    let spent = |parity: usize| -> u64 { times.iter().skip(parity).step_by(2).sum() };
    assert_eq!(
        (time.black_used_ms, time.white_used_ms),
        (spent(0), spent(1))
    );
    assert_eq!(replay.clock.len(), 16);
    assert!(replay
        .findings
        .iter()
        .all(|f| f.code.name() != "clock-mismatch"));
    // Under a 10-second control White (4.5 s + 4.3 s + 5.0 s) runs out during move 6.
    let tight = renju_records::ValidationOptions {
        time_control: Some("10".parse().unwrap()),
        ..options
    };
    let replay = game.replay(&tight);
    assert_eq!(replay.outcome.termination, renju_core::Termination::Time);
    assert_eq!(replay.time.unwrap().flag.map(|f| f.move_number), Some(6));
    assert!(!game.events.iter().any(|e| matches!(e, Event::Result(_))));
    assert_round_trip(game);
}

#[test]
fn coordinates_and_line_endings() {
    for text in [
        "Piskvorky 15x15, 0:0, 0\n1,1,0\n15,15,0\n1,15\n15,1\n",
        "Piskvorky 15x15, 0:0, 0\r\n1,1,0\r\n15,15,0\r\n1,15\r\n15,1",
    ] {
        let game = read_one(text).unwrap();
        assert_eq!(moves(&game), "a15 o1 a1 o15");
        assert!(game.tags.is_empty(), "{:?}", game.tags);
        assert_eq!(game.source.line, Some(1));
        assert_round_trip(&game);
    }
}

#[test]
fn gomocupjudge_result_and_tournament() {
    let text = "Piskvorky 20x20, 11:11, 0\n10,10,0\n11,11,0\n10,11,500\n\
                engineA.zip\nengineB.zip\n-1\n1,freestyle2016\n";
    let game = read_one(text).unwrap();
    assert_eq!(game.tag("black"), Some("engineA.zip"));
    assert_eq!(game.tag("white"), Some("engineB.zip"));
    assert_eq!(game.tag("tournament"), Some("freestyle2016"));
    assert_eq!(game.tag("piskvork_error"), None);
    assert_eq!(
        game.events.last(),
        Some(&Event::Result(DeclaredResult {
            winner: Some(Color::Black),
            reason: None
        }))
    );
    assert_round_trip(&game);

    let draw = read_one(&text.replace("1,freestyle", "0,freestyle")).unwrap();
    assert!(matches!(draw.events.last(), Some(Event::Result(r)) if r.winner.is_none()));
    let white = read_one(&text.replace("1,freestyle", "2,freestyle")).unwrap();
    assert!(
        matches!(white.events.last(), Some(Event::Result(r)) if r.winner == Some(Color::White))
    );

    // Other numbers are kept as a tag, not guessed.
    let odd = read_one(&text.replace("1,freestyle", "7,freestyle")).unwrap();
    assert_eq!(odd.tag("result"), Some("7"));
    assert!(!odd.events.iter().any(|e| matches!(e, Event::Result(_))));
    assert_round_trip(&odd);
}

#[test]
fn second_player_started() {
    // h = 1: the second player listed started, so is Black, and result 1 is White.
    let text = "Piskvorky 15x15, 1:0, 1\n8,8,0\nhuman\nbrain.exe\n-1\n1,test\n";
    let game = read_one(text).unwrap();
    assert_eq!(game.tag("black"), Some("brain.exe"));
    assert_eq!(game.tag("white"), Some("human"));
    assert!(matches!(game.events.last(), Some(Event::Result(r)) if r.winner == Some(Color::White)));
    assert_round_trip(&game);
}

#[test]
fn piskvork_error_code_is_kept() {
    let game = read_one("Piskvorky 15x15, 0:0, 0\n8,8,100\na.exe\nb.exe\n3\n").unwrap();
    assert_eq!(game.tag("piskvork_error"), Some("3"));
    assert_round_trip(&game);
}

#[test]
fn malformed_records() {
    let cases: [(&str, usize, &str); 9] = [
        ("", 0, "empty"),
        ("hello\n8,8\n", 1, "not a Piskvork header"),
        ("Piskvorky 20x15, 0:0, 0\n", 1, "square"),
        ("Piskvorky 30x30, 0:0, 0\n", 1, "not supported"),
        ("Piskvorky 15x15, 0:0, 2\n", 1, "0 or 1"),
        (
            "Piskvorky 15x15, 0:0, 0\n8,8,0\n0,8,0\n",
            3,
            "off the 15x15",
        ),
        (
            "Piskvorky 15x15, 0:0, 0\n8,8,0\n\n8,16,0\n",
            4,
            "off the 15x15",
        ),
        (
            "Piskvorky 15x15, 0:0, 0\n8,8\nname\n9,9\n0\n",
            4,
            "after the end of the move list",
        ),
        (
            "Piskvorky 15x15, 0:0, 0\n8,8\na\nb\n-1\n1,x\nmore\n",
            7,
            "after the result",
        ),
    ];
    for (text, line, message) in cases {
        let e = read_one(text).unwrap_err();
        assert!(e.message.contains(message), "{text:?}: {}", e.message);
        if line > 0 {
            assert_eq!(e.location.line, Some(line), "{text:?}");
        }
    }
    // A coordinate error names the move too.
    let e = read_one("Piskvorky 15x15, 0:0, 0\n8,8,0\n9,0,0\n").unwrap_err();
    assert_eq!(e.location.move_number, Some(2));
    // One name only.
    assert!(read_one("Piskvorky 15x15, 0:0, 0\n8,8\nlonely\n0\n").is_err());
}

#[test]
fn writer_rejects_what_psq_cannot_hold() {
    let game = Game::from_moves("h8 i9").unwrap();
    assert!(psq::write(&[]).is_err());
    assert!(psq::write(&[game.clone(), game.clone()]).is_err());
    let mut huge = game.clone();
    huge.size = 30;
    assert!(psq::write(&[huge]).is_err());

    let with_pass = Game::from_moves("h8 pass i9").unwrap();
    assert_eq!(psq::write(&[with_pass]).unwrap_err().move_number, Some(2));

    let mut early_result = game.clone();
    early_result.events.insert(
        1,
        Event::Result(DeclaredResult {
            winner: None,
            reason: None,
        }),
    );
    assert!(psq::write(&[early_result]).is_err());

    let mut off = Game::from_moves("h8 k11").unwrap();
    off.size = 10;
    assert!(psq::write(&[off])
        .unwrap_err()
        .message
        .contains("off the 10x10"));
}

#[test]
fn writer_output() {
    let mut game = Game::from_moves("h8 i9 a1").unwrap();
    game.events.push(Event::Result(DeclaredResult {
        winner: Some(Color::White),
        reason: None,
    }));
    game.tags.push(("white".into(), "engine".into()));
    let text = String::from_utf8(psq::write(std::slice::from_ref(&game)).unwrap()).unwrap();
    assert_eq!(
        text,
        "Piskvorky 15x15, 0:0, 0\r\n8,8,0\r\n9,7,0\r\n1,15,0\r\n-\r\nengine\r\n-1\r\n2,\r\n"
    );
    assert_round_trip(&game);
    // Without names, code or result: no trailer.
    let plain = Game::from_moves("h8").unwrap();
    let text = String::from_utf8(psq::write(std::slice::from_ref(&plain)).unwrap()).unwrap();
    assert_eq!(text, "Piskvorky 15x15, 0:0, 0\r\n8,8,0\r\n");
}

proptest! {
    #[test]
    fn arbitrary_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
        let _ = psq::read(&bytes, None);
        let mut with_header = b"Piskvorky 15x15, 0:0, 0\n".to_vec();
        with_header.extend_from_slice(&bytes);
        let _ = psq::read(&with_header, None);
    }

    #[test]
    fn arbitrary_text_never_panics(text in "[0-9,\\- x:\\r\\nPiskvory]{0,200}") {
        let _ = psq::read(text.as_bytes(), None);
    }
}

/// Issue 9, items 13 and 18: a byte-order mark, CR-only lines, coordinates out of range.
#[test]
fn bom_cr_lines_and_coordinates_out_of_range() {
    let game = read_one("\u{feff}Piskvorky 15x15, 0:0, 0\r8,8,0\r9,9,0\r").unwrap();
    assert_eq!(moves(&game), "h8 i7");
    for line in ["99999999999999999999,5,0", "1.5,2,0"] {
        let e = read_one(&format!("Piskvorky 15x15, 0:0, 0\n8,8,0\n{line}\n")).unwrap_err();
        assert!(e.message.contains("out of range"), "{e}");
        assert!(!e.message.contains("players' names"), "{e}");
        assert_eq!(
            (e.location.line, e.location.move_number),
            (Some(3), Some(2))
        );
    }
    let e = read_one("Piskvorky 15x15, 0:0, 0\n8,8,0\n16,1,0\n").unwrap_err();
    assert!(e.message.contains("off the 15x15 board"), "{e}");
}
