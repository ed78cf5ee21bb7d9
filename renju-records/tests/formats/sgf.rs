//! SGF reader and writer: the real analysis trees in `../shared/data/sgf`, round trips,
//! and malformed input.

use crate::shared_data::{data_dir, skipped};

use proptest::prelude::*;

use renju_core::{Color, ParseError, Point, RuleSet};
use renju_records::formats::sgf;
use renju_records::game::{DeclaredResult, ResultReason};
use renju_records::{Event, Game, OpeningRule};

fn p(text: &str) -> Point {
    text.parse().unwrap()
}

fn stone(text: &str) -> Event {
    Event::Stone { point: p(text) }
}

fn read_ok(text: &str) -> Vec<Game> {
    sgf::read(text.as_bytes(), None)
        .into_iter()
        .map(|g| g.unwrap_or_else(|e| panic!("{e}")))
        .collect()
}

fn read_err(text: &str) -> ParseError {
    let records = sgf::read(text.as_bytes(), None);
    records
        .into_iter()
        .find_map(Result::err)
        .unwrap_or_else(|| panic!("no error reading {text:?}"))
}

/// Games compared without their sources (a written file has other lines).
fn sourceless(games: &[Game]) -> Vec<Game> {
    games
        .iter()
        .cloned()
        .map(|mut g| {
            g.source = Default::default();
            g
        })
        .collect()
}

/// Writes games and reads them back.
fn round_trip(games: &[Game]) -> Vec<Game> {
    let bytes = sgf::write(games).expect("writable");
    sgf::read(&bytes, None)
        .into_iter()
        .map(|g| g.unwrap_or_else(|e| panic!("{e}\n{}", String::from_utf8_lossy(&bytes))))
        .collect()
}

/// The four real files: every line reads, the leaf counts match the data README
/// (19,123 leaves in the three large trees, one line in the tiny one), and writing and
/// reading back gives the same games.
#[test]
fn real_analysis_trees() {
    let Some(dir) = data_dir().map(|d| d.join("sgf")) else {
        skipped("real_analysis_trees: ../shared/data/sgf is not beside the project");
        return;
    };
    let expected = [
        ("lfz084_24_carpet_kyugetsu_tiny.lib.sgf", 1),
        ("lfz084_24_carpet_meigetsu.lib.sgf", 2_466),
        ("lfz084_tao_opening_analysis.lib.sgf", 12_622),
        ("lfz084_yamaguchi_daten_tree.sgf", 4_035),
    ];
    let mut large = 0;
    for (name, leaves) in expected {
        let bytes = std::fs::read(dir.join(name)).unwrap();
        let records = sgf::read(&bytes, Some(name));
        let games: Vec<Game> = records
            .into_iter()
            .map(|g| g.unwrap_or_else(|e| panic!("{e}")))
            .collect();
        eprintln!("{name}: {} leaves", games.len());
        assert_eq!(games.len(), leaves, "{name}");
        for (i, g) in games.iter().enumerate() {
            assert_eq!(g.source.index, i);
            assert_eq!(g.source.file.as_deref(), Some(name));
            assert!(g.source.line.is_some());
            assert_eq!(g.size, 15);
            assert!(g.moves().count() >= 1, "{name} #{i} is empty");
        }
        if leaves > 1 {
            large += games.len();
        }
        assert_eq!(
            sourceless(&round_trip(&games)),
            sourceless(&games),
            "{name} round trip"
        );
    }
    assert_eq!(large, 19_123);
}

/// Text decoding: the tiny file declares UTF-8 over GB2312 bytes, the Yamaguchi tree
/// declares GB2312 over UTF-8; the Tao tree's comment is GB2312.
#[test]
fn real_files_decode_their_text() {
    let Some(dir) = data_dir().map(|d| d.join("sgf")) else {
        skipped("real_files_decode_their_text: ../shared/data/sgf is absent");
        return;
    };
    let tao = std::fs::read(dir.join("lfz084_tao_opening_analysis.lib.sgf")).unwrap();
    let first = sgf::read(&tao, None).remove(0).unwrap();
    assert_eq!(first.tag("gm"), Some("1"));
    let comment = first.tag("comment 1").expect("the comment on move 1");
    assert!(comment.contains("濤声依旧"), "{comment}");
    assert!(!comment.contains('\r'));
    let first_moves: Vec<_> = first.moves().take(2).map(|m| m.to_string()).collect();
    assert_eq!(first_moves, ["h8", "h9"]);
}

#[test]
fn coordinates_count_rows_from_the_top() {
    let games = read_ok("(;GM[4]SZ[15];B[hh];W[ao];B[oa];W[aa])");
    assert_eq!(
        games[0].events,
        vec![stone("h8"), stone("a1"), stone("o15"), stone("a15")]
    );
    let games = read_ok("(;SZ[20:20];B[jj];W[aa])");
    assert_eq!(games[0].size, 20);
    assert_eq!(games[0].events, vec![stone("j11"), stone("a20")]);
    // No SZ: 15x15.
    assert_eq!(read_ok("(;B[hh])")[0].size, 15);
}

#[test]
fn passes() {
    let games = read_ok("(;SZ[15];B[hh];W[];B[tt];W[TT])");
    assert_eq!(
        games[0].events,
        vec![stone("h8"), Event::Pass, Event::Pass, Event::Pass]
    );
    // On 20x20, `tt` is a point.
    let games = read_ok("(;SZ[20];B[tt])");
    assert_eq!(games[0].events, vec![stone("t1")]);
}

#[test]
fn any_game_number_is_accepted_and_recorded() {
    for (gm, tag) in [
        ("4", None),
        ("1", Some("1")),
        ("2", Some("2")),
        ("3", Some("3")),
    ] {
        let g = &read_ok(&format!("(;GM[{gm}];B[hh])"))[0];
        assert_eq!(g.tag("gm"), tag, "GM[{gm}]");
    }
}

#[test]
fn game_information() {
    let text = "(;FF[4]GM[4]SZ[15]PB[Ann \\] B]PW[Bob\\\\]GN[Final]DT[2024-05-01]EV[Open]\
                RU[renju]C[root comment]RE[W+R];B[hh]C[first move];W[hi])";
    let g = &read_ok(text)[0];
    assert_eq!(g.tag("black"), Some("Ann ] B"));
    assert_eq!(g.tag("white"), Some("Bob\\"));
    assert_eq!(g.tag("date"), Some("2024-05-01"));
    assert_eq!(g.tag("event"), Some("Open"));
    assert_eq!(g.tag("comment"), Some("root comment"));
    assert_eq!(g.tag("comment 1"), Some("first move"));
    assert_eq!(g.id.as_deref(), Some("Final"));
    assert_eq!(g.rule_set, Some(RuleSet::Renju));
    assert_eq!(
        g.events.last(),
        Some(&Event::Result(DeclaredResult {
            winner: Some(Color::White),
            reason: Some(ResultReason::Resignation),
        }))
    );
}

#[test]
fn rules() {
    let rule = |ru: &str| {
        let g = read_ok(&format!("(;RU[{ru}];B[hh])")).remove(0);
        (g.rule_set, g.opening, g.unknown_rule)
    };
    assert_eq!(rule("Renju"), (Some(RuleSet::Renju), None, None));
    assert_eq!(rule("freestyle"), (Some(RuleSet::Freestyle), None, None));
    assert_eq!(rule("standard"), (Some(RuleSet::Standard), None, None));
    assert_eq!(rule("caro"), (Some(RuleSet::Caro), None, None));
    assert_eq!(
        rule("renju soosorv-8"),
        (
            Some(RuleSet::Renju),
            Some(OpeningRule::Soosorv { n: 8 }),
            None
        )
    );
    // Read as RenjuNet rule names are: an opening alone implies its rule set, a gomoku
    // swap is not RIF 1989's, and a name not understood is unknown, never guessed.
    assert_eq!(
        rule("RIF"),
        (Some(RuleSet::Renju), Some(OpeningRule::Rif1996), None)
    );
    assert_eq!(
        rule("freestyle swap"),
        (
            Some(RuleSet::Freestyle),
            Some(OpeningRule::GomokuSwap),
            None
        )
    );
    assert_eq!(rule("Japanese"), (None, None, Some("Japanese".to_string())));
}

#[test]
fn results() {
    let result = |re: &str| {
        let g = read_ok(&format!("(;RE[{re}];B[hh])")).remove(0);
        match g.events.last() {
            Some(Event::Result(r)) => Some(r.clone()),
            _ => None,
        }
    };
    let win = |winner, reason| {
        Some(DeclaredResult {
            winner: Some(winner),
            reason,
        })
    };
    let draw = Some(DeclaredResult {
        winner: None,
        reason: None,
    });
    assert_eq!(result("B+"), win(Color::Black, None));
    assert_eq!(
        result("W+R"),
        win(Color::White, Some(ResultReason::Resignation))
    );
    assert_eq!(
        result("W+Time"),
        win(Color::White, Some(ResultReason::Time))
    );
    assert_eq!(result("B+1"), win(Color::Black, None));
    assert_eq!(
        result("b+foul"),
        win(Color::Black, Some(ResultReason::Forbidden))
    );
    assert_eq!(result("B+DRAW"), draw);
    assert_eq!(result("0"), draw);
    assert_eq!(result("Draw"), draw);
    assert_eq!(result("?"), None);
    let g = read_ok("(;RE[?];B[hh])").remove(0);
    assert_eq!(g.tag("result"), Some("?"));
}

#[test]
fn variations_are_games() {
    let text = "(;GN[Study]RE[B+];B[hh]\n(;W[hg];B[ih]\n(;W[jh])\n(;W[gh]))\n(;W[ii]))\n(;B[aa])";
    let games = read_ok(text);
    assert_eq!(games.len(), 4);
    let ids: Vec<_> = games.iter().map(|g| g.id.clone()).collect();
    assert_eq!(
        ids,
        [
            Some("Study #1".to_string()),
            Some("Study #2".to_string()),
            Some("Study #3".to_string()),
            None
        ]
    );
    let lines: Vec<_> = games.iter().map(|g| g.source.line).collect();
    assert_eq!(lines, [Some(3), Some(4), Some(5), Some(6)]);
    let indices: Vec<_> = games.iter().map(|g| g.source.index).collect();
    assert_eq!(indices, [0, 1, 2, 3]);
    let moves: Vec<String> = games
        .iter()
        .map(|g| renju_core::notation::format_moves(g.moves()))
        .collect();
    assert_eq!(moves, ["h8 h9 i8 j8", "h8 h9 i8 g8", "h8 i7", "a15"]);
    // RE belongs to the main line only.
    assert!(matches!(games[0].events.last(), Some(Event::Result(_))));
    assert!(games[1..]
        .iter()
        .all(|g| !matches!(g.events.last(), Some(Event::Result(_)))));
}

#[test]
fn fifth_move_offers() {
    // Kurnik style: 5A on the root names the alternative; the move played is added.
    let g = read_ok("(;5A[jg];B[hh];W[hg];B[ig];W[gi];B[ii])").remove(0);
    assert_eq!(
        g.events[4],
        Event::FifthOffers {
            offered: vec![p("j9"), p("i7")],
            chosen: p("i7"),
        }
    );
    // Every offer listed, the chosen one among them, on the node of move 4.
    let g = read_ok("(;B[hh];W[hg];B[ig];W[gi]5A[ii][jg];B[jg];W[aa])").remove(0);
    assert_eq!(
        g.events[4],
        Event::FifthOffers {
            offered: vec![p("i7"), p("j9")],
            chosen: p("j9"),
        }
    );
    assert_eq!(g.events.len(), 6);
    // Offers no fifth move follows, and values that are not points, are kept as tags.
    let g = read_ok("(;5A[jg];B[hh];W[hg])").remove(0);
    assert_eq!(g.tag("5A"), Some("jg"));
    let g = read_ok("(;5A[3];B[hh];W[hg];B[ig];W[gi];B[ii])").remove(0);
    assert_eq!(g.tag("5A"), Some("3"));
    assert_eq!(g.events[4], stone("i7"));
}

#[test]
fn gb2312_text() {
    let mut bytes = b"(;CA[gb2312]PB[".to_vec();
    bytes.extend_from_slice(&[0xD5, 0xC5, 0xC8, 0xFD]); // 张三
    bytes.extend_from_slice(b"];B[hh])");
    let g = sgf::read(&bytes, None).remove(0).unwrap();
    assert_eq!(g.tag("black"), Some("张三"));
    // Invalid UTF-8 without CA: GBK as well.
    let mut bytes = b"(;PB[".to_vec();
    bytes.extend_from_slice(&[0xD5, 0xC5]);
    bytes.extend_from_slice(b"];B[hh])");
    assert_eq!(
        sgf::read(&bytes, None).remove(0).unwrap().tag("black"),
        Some("张")
    );
}

#[test]
fn malformed_input_is_located() {
    let e = read_err("(;B[hh]\n;W[hi\n");
    assert_eq!(e.location.line, Some(3), "{e}");
    assert!(e.message.contains("line 2"), "{e}");
    let e = read_err("(;B[hh]\n;W[hi]");
    assert!(e.message.contains("game tree opened"), "{e}");
    let e = read_err("(;B[hh])\n)");
    assert_eq!(e.location.line, Some(2));
    let e = read_err("(;B[hh]\n;W[zz])");
    assert_eq!(e.location.line, Some(2));
    assert_eq!(e.location.move_number, Some(2));
    let e = read_err("(;SZ[15]\n;B[hh];B[hi])");
    assert!(e.message.contains("white is to move"), "{e}");
    let e = read_err("(;SZ[15:19];B[hh])");
    assert!(e.message.contains("SZ[15:19]"), "{e}");
    let e = read_err("(;SZ[3];B[aa])");
    assert!(e.message.contains("SZ[3]"), "{e}");
    let e = read_err("(;SZ[15]\nAB[hh][ii];W[aa])");
    assert!(e.message.contains("setup stones"), "{e}");
    assert_eq!(e.location.line, Some(2));
    assert!(read_err("").message.contains("no SGF game tree"));
    assert!(read_err("(B[hh])").message.contains("unexpected"));
    assert!(read_err("(;B)").message.contains("no value"));
    assert!(read_err("(;B[hh]())").message.contains("empty game tree"));
}

#[test]
fn a_syntax_error_keeps_the_trees_before_it() {
    let records = sgf::read(b"(;B[hh])(;B[ii])(;B[jj", None);
    assert_eq!(records.len(), 3);
    assert!(records[0].is_ok() && records[1].is_ok());
    assert!(records[2].is_err());
}

#[test]
fn a_broken_node_is_reported_once() {
    // The bad point is on a node shared by two variations: one error, and the line
    // through the other branch of the root still reads.
    let records = sgf::read(b"(;B[hh](;W[zz](;B[aa])(;B[bb]))(;W[ii]))", None);
    assert_eq!(records.len(), 2);
    let e = records[0].as_ref().unwrap_err();
    assert_eq!(e.location.record.as_deref(), Some("variation 1"));
    let g = records[1].as_ref().unwrap();
    assert_eq!(g.source.index, 2);
    assert_eq!(g.events, vec![stone("h8"), stone("i7")]);
}

#[test]
fn round_trips() {
    let mut game = Game::from_moves("h8 h9 i9 g7").unwrap();
    game.events.push(Event::FifthOffers {
        offered: vec![p("j10"), p("i7")],
        chosen: p("i7"),
    });
    game.events.push(Event::Pass);
    game.events.push(stone("a1"));
    game.events.push(Event::Result(DeclaredResult {
        winner: Some(Color::Black),
        reason: Some(ResultReason::Other("adjudicated ] by \\ referee".into())),
    }));
    game.id = Some("Final [round 2]".into());
    game.rule_set = Some(RuleSet::Renju);
    game.opening = Some(OpeningRule::Taraguchi { n: 10 });
    game.tags = vec![
        ("black".into(), "Ann".into()),
        ("white".into(), "Bob".into()),
        ("gm".into(), "1".into()),
        ("comment".into(), "multi\nline ] comment".into()),
        ("comment 2".into(), "second move".into()),
    ];
    let mut freestyle = Game::new(20);
    freestyle.events = renju_core::notation::parse_moves("a1 t20 j10", 20)
        .unwrap()
        .into_iter()
        .map(Event::from)
        .collect();
    freestyle.rule_set = Some(RuleSet::Freestyle);
    let draws: Vec<Game> = [None, Some(ResultReason::Agreement)]
        .into_iter()
        .map(|reason| {
            let mut g = Game::from_moves("h8").unwrap();
            g.events.push(Event::Result(DeclaredResult {
                winner: None,
                reason,
            }));
            g
        })
        .collect();
    let mut games = vec![game, freestyle, Game::new(15)];
    games.extend(draws);
    assert_eq!(sourceless(&round_trip(&games)), games);
}

#[test]
fn colour_decisions_are_written_as_sw_and_read_back() {
    // Swap2: three stones, two more, then the first player swaps; a time reading on
    // the move before the decisions, and two decisions after one move.
    let mut game = Game::from_moves("h8 h9 i9 j10 k11").unwrap();
    game.rule_set = Some(RuleSet::Renju);
    game.opening = Some(OpeningRule::Swap2);
    game.events.insert(
        3,
        Event::MoveTime {
            elapsed_ms: None,
            left_ms: Some(14_000),
            moves_left: None,
        },
    );
    game.events.push(Event::Swap { swap: false });
    game.events.push(Event::Swap { swap: true });
    game.events.push(Event::Stone { point: p("g7") });
    game.events.push(Event::Result(DeclaredResult {
        winner: Some(Color::White),
        reason: Some(ResultReason::Resignation),
    }));
    let text = String::from_utf8(sgf::write(std::slice::from_ref(&game)).unwrap()).unwrap();
    assert!(
        text.contains(";B[ig]BL[14];W[jf];B[ke]SW[0][1];W[gi]"),
        "{text}"
    );
    assert_eq!(
        sourceless(&round_trip(std::slice::from_ref(&game))),
        vec![game]
    );
    let bad = sgf::read(b"(;SZ[15];B[hh]SW[x])", None)
        .remove(0)
        .unwrap_err();
    assert!(
        bad.message.contains("SW[x] is not a colour decision"),
        "{bad}"
    );
}

#[test]
fn the_writer_refuses_what_sgf_cannot_hold() {
    let mut declared = Game::from_moves("h8 h9 i9").unwrap();
    declared.events.push(Event::DeclareOffers { count: 2 });
    let e = sgf::write(&[declared]).unwrap_err();
    assert!(
        e.message
            .contains("SGF has no property for a declaration of 2 fifth-move offers"),
        "{e}"
    );
    assert_eq!(e.record.as_deref(), Some("game 1"));
    let mut first = Game::new(15);
    first.events.push(Event::Swap { swap: true });
    assert!(sgf::write(&[first]).is_err());

    let mut early = Game::from_moves("h8").unwrap();
    early.events.push(Event::FifthOffers {
        offered: vec![p("a1"), p("b2")],
        chosen: p("a1"),
    });
    assert!(sgf::write(&[early]).is_err());

    let mut after = Game::from_moves("h8").unwrap();
    after.events.push(Event::Result(DeclaredResult {
        winner: None,
        reason: None,
    }));
    after.events.push(stone("a1"));
    assert!(sgf::write(&[after]).is_err());

    let mut off = Game::new(15);
    off.events.push(stone("p16"));
    assert!(sgf::write(&[off]).is_err());
}

#[test]
fn deep_nesting_does_not_recurse() {
    let depth = 50_000;
    let mut text = String::from("(;B[hh]");
    for i in 0..depth {
        text.push_str(if i % 2 == 0 { "(;W[]" } else { "(;B[]" });
    }
    text.push_str(&")".repeat(depth + 1));
    let games = read_ok(&text);
    assert_eq!(games.len(), 1);
    assert_eq!(games[0].events.len(), depth + 1);
}

proptest! {
    #[test]
    fn arbitrary_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
        let _ = sgf::read(&bytes, None);
    }

    #[test]
    fn sgf_shaped_text_never_panics(text in "[(;)\\[\\]\\\\BWSZ5AC0-9a-zA-Z:+ \n]{0,200}") {
        for game in sgf::read(text.as_bytes(), None).into_iter().flatten() {
            // Whatever reads also writes, unless it holds what SGF cannot.
            let _ = sgf::write(&[game]);
        }
    }
}

/// A comb of variations expands quadratically into lines: reading stops at the byte
/// budget with an error naming the variation, instead of exhausting memory.
#[test]
fn a_tree_too_large_to_expand_is_an_error() {
    let depth = 6000;
    let mut text = String::from("(;GM[4]SZ[15]");
    for i in 0..depth {
        let me = if i % 2 == 0 { 'B' } else { 'W' };
        text.push_str(&format!("(;{me}[aa])(;{me}[bb]"));
    }
    text.push_str(&")".repeat(depth + 1));
    let records: Vec<_> = sgf::lines(text.as_bytes(), Some("comb.sgf")).collect();
    let last = records.last().unwrap().as_ref().unwrap_err();
    assert!(last.message.contains("expand past"), "{last}");
    assert_eq!(last.location.file.as_deref(), Some("comb.sgf"));
    assert_eq!(last.location.line, Some(1));
    let kept = records.len() - 1;
    assert!(kept > 1000 && records[..kept].iter().all(Result::is_ok));
    assert_eq!(
        last.location.record.as_deref(),
        Some(format!("variation {}", kept + 1).as_str())
    );
    let limit = renju_records::formats::MAX_TREE_BYTES
        + renju_records::formats::TREE_EXPANSION * text.len();
    assert!(last.message.contains(&limit.to_string()), "{last}");
}

/// Issue 9, item 4: a comment on the root is in every line; its bytes count against the
/// budget (a small file cannot expand into gigabytes), and lines are built one at a time.
#[test]
fn comments_copied_into_every_line_count_against_the_budget() {
    let comment = "x".repeat(64 * 1024);
    let mut text = format!("(;GM[4]SZ[15]C[{comment}];B[hh]");
    for i in 0..10_000 {
        let a = (b'a' + (i % 15) as u8) as char;
        let b = (b'a' + (i / 15 % 15) as u8) as char;
        let c = (b'a' + (i / 225 % 15) as u8) as char;
        text.push_str(&format!("(;W[{a}{b}];B[{c}a])"));
    }
    text.push(')');
    let mut lines = 0;
    let mut error = None;
    for record in sgf::lines(text.as_bytes(), Some("c.sgf")) {
        match record {
            Ok(g) => {
                assert_eq!(g.tag("comment").map(str::len), Some(comment.len()));
                lines += 1;
            }
            Err(e) => error = Some(e),
        }
    }
    let error = error.expect("the budget runs out");
    assert!(error.message.contains("expand past"), "{error}");
    assert_eq!(error.location.file.as_deref(), Some("c.sgf"));
    assert_eq!(
        error.location.record.as_deref(),
        Some(format!("variation {}", lines + 1).as_str())
    );
    // About 256 MiB + 64 times the file's 180 KB, in 64 KB lines.
    assert!((4_000..4_500).contains(&lines), "{lines}");
}

/// Issue 9, item 12: a file cut short keeps every complete line read before the cut,
/// and reports the cut.
#[test]
fn a_file_cut_short_keeps_its_complete_lines() {
    let whole = "(;GM[4]SZ[15]GN[a];B[hh];W[hi])\n(;GM[4]SZ[15]GN[b];B[hh]\n(;W[hg];B[ii])\n(;W[ig](;B[gg])(;B[jj];W[kk]))\n(;W[gh];B[jk]))\n";
    let all = read_ok(whole);
    assert_eq!(all.len(), 5);
    let ids =
        |games: &[Game]| -> Vec<String> { games.iter().map(|g| g.id.clone().unwrap()).collect() };
    // Cut inside the variation of `jj`: the lines whose variations closed are kept.
    for (cut, kept) in [
        (whole.find("W[kk]").unwrap() + 3, vec!["a", "b #1", "b #2"]),
        (
            whole.find("(;W[gh]").unwrap(),
            vec!["a", "b #1", "b #2", "b #3"],
        ),
        (
            whole.find("B[jk]").unwrap() + 2,
            vec!["a", "b #1", "b #2", "b #3"],
        ),
        (whole.find("(;W[hg]").unwrap(), vec!["a"]),
        (whole.find("W[hi]").unwrap(), vec![]),
    ] {
        let records = sgf::read(&whole.as_bytes()[..cut], Some("cut.sgf"));
        let (games, errors): (Vec<_>, Vec<_>) = records.into_iter().partition(Result::is_ok);
        let games: Vec<Game> = games.into_iter().map(Result::unwrap).collect();
        assert_eq!(ids(&games), kept, "cut at {cut}");
        assert_eq!(errors.len(), 1, "cut at {cut}");
        let e = errors[0].as_ref().unwrap_err();
        assert!(e.message.contains("the file ends inside"), "{e}");
        assert_eq!(e.location.file.as_deref(), Some("cut.sgf"));
        // The kept lines are the same as in the whole file.
        for g in &games {
            let same = all.iter().find(|a| a.id == g.id).unwrap();
            assert_eq!(g.events, same.events);
            assert_eq!(g.source.index, same.source.index);
        }
    }
    // A stray character mid-tree keeps the closed variations too.
    let bad = whole.replace("(;W[gh]", "x(;W[gh]");
    let games: Vec<_> = sgf::read(bad.as_bytes(), None)
        .into_iter()
        .flatten()
        .collect();
    assert_eq!(ids(&games), ["a", "b #1", "b #2", "b #3"]);
}

#[test]
fn a_repeated_game_information_tag_is_written_once() {
    let mut game = Game::from_moves("h8 h9").unwrap();
    for (key, value) in [
        ("black", "Ann"),
        ("black", "Bob"),
        ("event", "Cup"),
        ("event", "Other"),
        ("comment 1", "first"),
        ("comment 1", "again"),
    ] {
        game.tags.push((key.to_string(), value.to_string()));
    }
    let text = String::from_utf8(sgf::write(std::slice::from_ref(&game)).unwrap()).unwrap();
    assert_eq!(text.matches("PB[").count(), 1, "{text}");
    assert_eq!(text.matches("EV[").count(), 1, "{text}");
    assert!(
        text.contains("PB[Ann]") && text.contains("EV[Cup]"),
        "{text}"
    );
    assert_eq!(text.matches("C[").count(), 1, "{text}");
    let back = read_ok(&text).remove(0);
    assert_eq!(back.tag("black"), Some("Ann"));
    assert_eq!(back.tag("event"), Some("Cup"));
}

#[test]
fn the_termination_reason_and_the_turn_limit_read_back() {
    let mut game = Game::from_moves("h8 i9").unwrap();
    game.events.push(Event::Result(DeclaredResult {
        winner: Some(Color::Black),
        reason: Some(ResultReason::Forfeit),
    }));
    game.tags = vec![
        ("black".into(), "rapfi-a".into()),
        ("white".into(), "rapfi-b".into()),
        ("termination".into(), "rapfi-b crashed [exit 3]".into()),
        ("turn-limit".into(), "0.5".into()),
    ];
    let text = String::from_utf8(sgf::write(std::slice::from_ref(&game)).unwrap()).unwrap();
    assert!(
        text.contains("TE[rapfi-b crashed [exit 3\\]]TL[0.5]"),
        "{text}"
    );
    assert!(text.contains("RE[B+F]"), "{text}");
    assert_eq!(
        sourceless(&round_trip(std::slice::from_ref(&game))),
        vec![game]
    );
}
