//! RenjuNet `.rif` reader and writer on synthetic databases that follow the schema (the
//! real database's licence forbids shipping it).

use proptest::prelude::*;

use renju_core::{Color, ParseError, RuleSet};
use renju_records::formats::rif;
use renju_records::game::{DeclaredResult, ResultReason};
use renju_records::{Event, Game, OpeningRule};

/// A database with RenjuNet's tables, several rules (one unknown), and games that are
/// good, empty, broken or missing their rule.
const DATABASE: &str = r#"<?xml version="1.0" encoding="utf-8"?>
<database>
  <countries><country id="1" name="Estonia" abbr="EST"/></countries>
  <cities><city id="1" country="1" name="Tallinn"/></cities>
  <months><month id="1" name="January"/></months>
  <rules>
    <rule id="1" name="RIF"><info>RIF opening rule</info></rule>
    <rule id="5" name="Yamaguchi"/>
    <rule id="25" name="Taraguchi-10"/>
    <rule id="26" name="Soosõrv-8"/>
    <rule id="30" name="Swap2"/>
    <rule id="31" name="Sakata"/>
    <rule id="32" name="Gomoku"/>
  </rules>
  <openings><opening id="19" name="Sosei" abbr="3D"/></openings>
  <players>
    <player id="3069" name="Ann" surname="Smith" country="1" city="1"/>
    <player id="3969" name="Bob" surname="" country="1" city="1"/>
  </players>
  <tournaments>
    <tournament id="3369" name="Open &amp; Friends" country="1" city="1" year="2020" month="1" start="2020-01-02" end="2020-01-05" rule="1" rated="1"/>
  </tournaments>
  <games>
    <game id="1" publisher="3069" tournament="3369" round="8" rule="1" black="3069" white="3969" bresult="1" btime="8" wtime="9" opening="19" alt="51" swap="R">
      <move>h8 h9 j10 g7 i7 g9</move>
      <info>B=1245</info>
    </game>
    <game id="2" rule="5" black="3969" white="3069" bresult="0" swap="-"><move>h8 i9 j10</move></game>
    <game id="3" rule="25" black="3069" white="3969" bresult="0.5" swap="R--R-"><move>h8 h9 j10 g7 i7 g9</move></game>
    <game id="4" rule="26" bresult="" swap="R-"><move>h8 h9 j10 g7 i7</move></game>
    <game id="5" rule="30" swap="-R"><move>h8 h9 j10 g7 i7 g9</move></game>
    <game id="6" rule="31" black="77"><move>h8 h9</move></game>
    <game id="7" rule="32"><move>h8</move></game>
    <game id="8" rule="1"><move></move></game>
    <game id="9" rule="1"/>
    <game id="10" rule="1"><move>h8 z99</move></game>
    <game id="11" rule="99" bresult="2"><move>h8</move></game>
    <game id="12" rule="1" swap="X"><move>h8 h9 j10</move></game>
    <game id="13" rule="1" swap="R"><move>h8 i9</move></game>
  </games>
</database>
"#;

fn swap(swap: bool) -> Event {
    Event::Swap { swap }
}

fn result(winner: Option<Color>) -> Event {
    Event::Result(DeclaredResult {
        winner,
        reason: None,
    })
}

/// The events as `h8`/`R`/`-`/`1-0` words, to compare placements at a glance.
fn shape(game: &Game) -> String {
    game.events
        .iter()
        .map(|e| match e {
            Event::Stone { point } => point.to_string(),
            Event::Pass => "pass".to_string(),
            Event::Swap { swap: true } => "R".to_string(),
            Event::Swap { swap: false } => "-".to_string(),
            Event::Result(r) => match r.winner {
                Some(Color::Black) => "1-0".to_string(),
                Some(Color::White) => "0-1".to_string(),
                None => "draw".to_string(),
            },
            other => format!("{other:?}"),
        })
        .collect::<Vec<_>>()
        .join(" ")
}

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

fn database() -> Vec<Result<Game, ParseError>> {
    rif::read(DATABASE.as_bytes(), Some("synthetic.rif"))
}

fn line_of(text: &str, needle: &str) -> usize {
    text.lines().position(|l| l.contains(needle)).unwrap() + 1
}

#[test]
fn every_game_is_one_record() {
    let records = database();
    assert_eq!(records.len(), 13);
    for (i, record) in records.iter().enumerate() {
        let id = (i + 1).to_string();
        match record {
            Ok(g) => {
                assert_eq!(g.id.as_deref(), Some(id.as_str()));
                assert_eq!(g.source.index, i);
                assert_eq!(g.source.file.as_deref(), Some("synthetic.rif"));
                assert_eq!(
                    g.source.line,
                    Some(line_of(DATABASE, &format!("<game id=\"{id}\"")))
                );
                assert_eq!(g.size, 15);
            }
            Err(e) => {
                assert_eq!(
                    e.location.record.as_deref(),
                    Some(format!("game {id}").as_str())
                );
                assert_eq!(
                    e.location.line,
                    Some(line_of(DATABASE, &format!("<game id=\"{id}\"")))
                );
                assert_eq!(e.location.file.as_deref(), Some("synthetic.rif"));
            }
        }
    }
    let failed: Vec<usize> = records
        .iter()
        .enumerate()
        .filter(|(_, r)| r.is_err())
        .map(|(i, _)| i + 1)
        .collect();
    assert_eq!(failed, [8, 9, 10, 11, 12]);
}

#[test]
fn rules_dispatch_on_their_names() {
    let records = database();
    let rule = |i: usize| {
        let g = records[i - 1].as_ref().unwrap();
        (g.rule_set, g.opening, g.unknown_rule.clone())
    };
    assert_eq!(
        rule(1),
        (Some(RuleSet::Renju), Some(OpeningRule::Rif1996), None)
    );
    assert_eq!(
        rule(2),
        (Some(RuleSet::Renju), Some(OpeningRule::Yamaguchi), None)
    );
    assert_eq!(
        rule(3),
        (
            Some(RuleSet::Renju),
            Some(OpeningRule::Taraguchi { n: 10 }),
            None
        )
    );
    assert_eq!(
        rule(4),
        (
            Some(RuleSet::Renju),
            Some(OpeningRule::Soosorv { n: 8 }),
            None
        )
    );
    assert_eq!(
        rule(5),
        (Some(RuleSet::Standard), Some(OpeningRule::Swap2), None)
    );
    assert_eq!(rule(6), (None, None, Some("Sakata".to_string())));
    assert_eq!(rule(7), (None, None, Some("Gomoku".to_string())));
    assert_eq!(
        rule(13),
        (Some(RuleSet::Renju), Some(OpeningRule::Rif1996), None)
    );
}

/// Every rule name form, through one game each.
#[test]
fn rule_names() {
    let names = [
        ("RIF", Some((RuleSet::Renju, Some(OpeningRule::Rif1996)))),
        (
            "Classic (RIF)",
            Some((RuleSet::Renju, Some(OpeningRule::Rif1996))),
        ),
        ("RIF 1989", Some((RuleSet::Renju, Some(OpeningRule::Swap)))),
        (
            "Renju Swap",
            Some((RuleSet::Renju, Some(OpeningRule::Swap))),
        ),
        (
            "yamaguchi rule",
            Some((RuleSet::Renju, Some(OpeningRule::Yamaguchi))),
        ),
        (
            "Soosyrv-5",
            Some((RuleSet::Renju, Some(OpeningRule::Soosorv { n: 5 }))),
        ),
        (
            "Soosorv",
            Some((RuleSet::Renju, Some(OpeningRule::Soosorv { n: 8 }))),
        ),
        (
            "Taraguchi",
            Some((RuleSet::Renju, Some(OpeningRule::Taraguchi { n: 10 }))),
        ),
        (
            "Taraguchi-5",
            Some((RuleSet::Renju, Some(OpeningRule::Taraguchi { n: 5 }))),
        ),
        (
            "Chinese",
            Some((RuleSet::Renju, Some(OpeningRule::Chinese))),
        ),
        (
            "Gomoku Swap2",
            Some((RuleSet::Standard, Some(OpeningRule::Swap2))),
        ),
        (
            "Freestyle Swap2",
            Some((RuleSet::Freestyle, Some(OpeningRule::Swap2))),
        ),
        ("Freestyle gomoku", Some((RuleSet::Freestyle, None))),
        (
            "Standard Gomoku Swap",
            Some((RuleSet::Standard, Some(OpeningRule::GomokuSwap))),
        ),
        ("Caro Pro", Some((RuleSet::Caro, Some(OpeningRule::Pro)))),
        ("Renju", Some((RuleSet::Renju, None))),
        ("Gomoku", None),
        ("Sakata", None),
        ("Super Taraguchi-10", None),
        ("Tarannikov", None),
        ("Soosorv-0", None),
        ("Freestyle Yamaguchi", None),
        ("RIF Yamaguchi", None),
        ("Swap", None),
        ("", None),
    ];
    for (name, expected) in names {
        let xml = format!(
            r#"<database><rules><rule id="1" name="{name}"/></rules><games><game id="1" rule="1"><move>h8</move></game></games></database>"#
        );
        let g = rif::read(xml.as_bytes(), None).remove(0).unwrap();
        match expected {
            Some((rule_set, opening)) => {
                assert_eq!((g.rule_set, g.opening), (Some(rule_set), opening), "{name}");
                assert_eq!(g.unknown_rule, None, "{name}");
            }
            None => {
                assert_eq!((g.rule_set, g.opening), (None, None), "{name}");
                assert_eq!(g.unknown_rule.as_deref(), Some(name), "{name}");
            }
        }
    }
    // A byte-order mark is no obstacle.
    let xml = "\u{feff}<database><games><game id=\"1\"><move>h8</move></game></games></database>";
    assert!(rif::read(xml.as_bytes(), None)[0].is_ok());
    // A rule id missing from <rules> is reported, not guessed.
    let xml = r#"<database><games><game id="1" rule="7"><move>h8</move></game></games></database>"#;
    let g = rif::read(xml.as_bytes(), None).remove(0).unwrap();
    assert_eq!(g.unknown_rule.as_deref(), Some("rule #7 (not in <rules>)"));
}

#[test]
fn results_and_swap_decisions() {
    let records = database();
    let shape_of = |i: usize| shape(records[i - 1].as_ref().unwrap());
    // RIF: swap after move 3.
    assert_eq!(shape_of(1), "h8 h9 j10 R g7 i7 g9 1-0");
    assert_eq!(shape_of(2), "h8 i9 j10 - 0-1");
    // Taraguchi: after moves 1 to 5.
    assert_eq!(shape_of(3), "h8 R h9 - j10 - g7 R i7 - g9 draw");
    // Soosorv: after moves 3 and 4; an empty bresult is no result.
    assert_eq!(shape_of(4), "h8 h9 j10 R g7 - i7");
    // Swap2: after moves 3 and 5.
    assert_eq!(shape_of(5), "h8 h9 j10 - g7 i7 R g9");
    // A game shorter than the decision point: the decision follows its last move.
    assert_eq!(shape_of(13), "h8 i9 R");
    let g = records[0].as_ref().unwrap();
    assert_eq!(g.events[3], swap(true));
    assert_eq!(g.events.last(), Some(&result(Some(Color::Black))));
}

#[test]
fn tags_from_the_tables() {
    let records = database();
    let g = records[0].as_ref().unwrap();
    let tags: Vec<(&str, &str)> = g
        .tags
        .iter()
        .map(|(k, v)| (k.as_str(), v.as_str()))
        .collect();
    assert_eq!(
        tags,
        [
            ("black", "Ann Smith"),
            ("white", "Bob"),
            ("tournament", "Open & Friends"),
            ("round", "8"),
            ("opening", "Sosei"),
            ("alt", "51"),
            ("btime", "8"),
            ("wtime", "9"),
            ("info", "B=1245"),
        ]
    );
    // A player id missing from <players>.
    assert_eq!(records[5].as_ref().unwrap().tag("black"), Some("#77"));
}

#[test]
fn bad_games_are_errors_and_the_rest_continue() {
    let records = database();
    let message = |i: usize| records[i - 1].as_ref().unwrap_err().message.clone();
    assert!(message(8).contains("no moves"), "{}", message(8));
    assert!(message(9).contains("no moves"), "{}", message(9));
    assert!(message(10).contains("z99"), "{}", message(10));
    assert_eq!(
        records[9].as_ref().unwrap_err().location.move_number,
        Some(2)
    );
    assert!(message(11).contains("bresult"), "{}", message(11));
    assert!(message(12).contains("swap"), "{}", message(12));
    assert!(records[12].is_ok());
}

#[test]
fn malformed_xml_is_an_error_record_and_reading_goes_on() {
    let xml = "<database><rules><rule id=\"1\" name=\"RIF\"/></rules><games>\n\
               <game id=\"1\" rule=\"1\"><move>h8 h9</move></game>\n\
               <game id=\"2\" rule=\"1\"><move>h8</move></game>\n\
               <game id=\"3\" rule=\"1\"><move>h8</mve></game>\n\
               <game id=\"4\" rule=\"1\"><move>h8</move></game>\n\
               </games></database>";
    let records = rif::read(xml.as_bytes(), None);
    assert_eq!(records.len(), 4);
    assert!(records[0].is_ok() && records[1].is_ok());
    let e = records[2].as_ref().unwrap_err();
    assert_eq!(e.location.line, Some(4), "{e}");
    assert_eq!(e.location.record.as_deref(), Some("game 3"), "{e}");
    assert!(e.message.contains("malformed XML"), "{e}");
    assert_eq!(records[3].as_ref().unwrap().id.as_deref(), Some("4"));

    // A truncated file.
    let records = rif::read(
        b"<database><games>\n<game id=\"1\"><move>h8</move></game>\n<game id=\"2\"><move>h8",
        None,
    );
    assert_eq!(records.len(), 2);
    assert!(records[0].is_ok());
    let e = records[1].as_ref().unwrap_err();
    assert!(e.message.contains("ends inside"), "{e}");
    assert_eq!(e.location.line, Some(3));

    // A bad attribute: that game is an error, the next one is read.
    let records = rif::read(
        b"<database><games>\n<game id=1><move>h8</move></game>\n<game id=\"2\"><move>h8</move></game></games></database>",
        None,
    );
    assert_eq!(records.len(), 2, "{records:?}");
    assert_eq!(records[0].as_ref().unwrap_err().location.line, Some(2));
    assert!(records[1].is_ok());
}

/// Issue 9, item 11: entities, nested games and files that are not databases.
#[test]
fn entities_nesting_and_what_is_not_a_database() {
    // HTML entities in the players table and in a game; an unknown entity and a bare
    // `&` are kept as written, with a note.
    let xml = "<database><players><player id=\"1\" name=\"Ren&eacute;\" surname=\"D&nbsp;X\"/></players>\n\
               <games>\n<game id=\"1\" black=\"1\"><move>h8 h9</move><info>a &amp; b &nbsp;&bogus; &amp c & d</info></game>\n\
               <game id=\"2\"><move>h8</move></game></games></database>";
    let records = rif::read(xml.as_bytes(), None);
    assert_eq!(records.len(), 2, "{records:?}");
    let game = records[0].as_ref().unwrap();
    assert_eq!(game.tag("black"), Some("René D\u{a0}X"));
    assert_eq!(game.tag("info"), Some("a & b \u{a0}&bogus; &amp c & d"));
    let warnings = game.tag("xml_warnings").unwrap();
    assert!(
        warnings.contains("&bogus;") && warnings.contains("bare"),
        "{warnings}"
    );
    assert!(records[1].is_ok());

    // A <game> inside a <game>: the outer one is an error, the inner one is read.
    let xml = "<database><games>\n<game id=\"1\"><move>h8</move>\n<game id=\"2\"><move>h8 h9</move></game>\n</game>\n<game id=\"3\"><move>h8</move></game></games></database>";
    let records = rif::read(xml.as_bytes(), None);
    assert_eq!(records.len(), 3, "{records:?}");
    let e = records[0].as_ref().unwrap_err();
    assert_eq!(e.location.record.as_deref(), Some("game 1"));
    assert!(e.message.contains("no </game>"), "{e}");
    assert_eq!(records[1].as_ref().unwrap().id.as_deref(), Some("2"));
    assert_eq!(records[2].as_ref().unwrap().id.as_deref(), Some("3"));

    // Not databases: each is one error record, never a clean empty database.
    for (text, says) in [
        (&b""[..], "no XML element"),
        (b"just some text\non two lines\n", "no XML element"),
        (
            b"<!DOCTYPE html><html><body><p>hi<br></p></body></html>",
            "root element is <html>",
        ),
        (
            b"<database><Games><Game id=\"1\"/></Games></database>",
            "no <games>",
        ),
        (b"<<<", "malformed"),
    ] {
        let records = rif::read(text, Some("x.rif"));
        assert_eq!(records.len(), 1, "{records:?}");
        let e = records[0].as_ref().unwrap_err();
        assert!(e.message.contains(says), "{e}");
    }
}

/// Issue 9, items 7 and 8: a game past the limit is an error record and the next game
/// is read; blank lines and huge text cost no memory per line.
#[test]
fn limits_and_line_numbers_in_constant_memory() {
    use renju_records::formats::ReadLimits;
    let mut xml = b"<database><games>\n<game id=\"1\"><move>h8</move><info>".to_vec();
    xml.extend(std::iter::repeat_n(b'x', 5000));
    xml.extend_from_slice(b"</info></game>\n");
    xml.extend(std::iter::repeat_n(b'\n', 100_000));
    xml.extend_from_slice(b"<game id=\"2\"><move>h8 h9</move></game>\n</games></database>\n");
    let limits = ReadLimits {
        max_game_bytes: 1000,
        ..ReadLimits::default()
    };
    let records: Vec<_> = renju_records::formats::Format::Rif
        .read_from_with(&xml[..], Some("big.rif"), limits)
        .collect();
    assert_eq!(records.len(), 2, "{records:?}");
    let e = records[0].as_ref().unwrap_err();
    assert!(e.message.contains("longer than 1000 bytes"), "{e}");
    assert_eq!(
        (e.location.line, e.location.record.as_deref()),
        (Some(2), Some("game 1"))
    );
    let game = records[1].as_ref().unwrap();
    assert_eq!(game.source.line, Some(100_003));

    // A hundred thousand blank lines and a long text outside any game are not kept.
    let mut xml = b"<database>\n".to_vec();
    xml.extend(std::iter::repeat_n(b'\n', 100_000));
    xml.extend(std::iter::repeat_n(b'y', 100_000));
    xml.extend_from_slice(b"<games><game id=\"1\"><move>h8</move></game></games></database>");
    let records: Vec<_> = renju_records::formats::Format::Rif
        .read_from_with(&xml[..], None, ReadLimits::uniform(1000))
        .collect();
    assert_eq!(records.len(), 1, "{records:?}");
    assert_eq!(records[0].as_ref().unwrap().source.line, Some(100_002));

    // A run of zero bytes where the games should be.
    let mut xml = b"<database><games>\n".to_vec();
    xml.extend(std::iter::repeat_n(0u8, 3 << 20));
    let records: Vec<_> = renju_records::formats::Format::Rif
        .read_from_with(&xml[..], None, ReadLimits::uniform(1 << 16))
        .collect();
    assert!(
        !records.is_empty() && records.iter().all(Result::is_err),
        "{records:?}"
    );
}

#[test]
fn round_trip_of_the_database() {
    let games: Vec<Game> = database().into_iter().filter_map(Result::ok).collect();
    assert_eq!(games.len(), 8);
    let bytes = rif::write(&games).unwrap();
    let text = String::from_utf8(bytes.clone()).unwrap();
    assert!(
        text.contains("<rule id=\"1\" name=\"Renju RIF\"/>"),
        "{text}"
    );
    assert!(text.contains("name=\"Open &amp; Friends\""), "{text}");
    let back: Vec<Game> = rif::read(&bytes, None)
        .into_iter()
        .map(|g| g.unwrap_or_else(|e| panic!("{e}\n{text}")))
        .collect();
    assert_eq!(sourceless(&back), sourceless(&games));
}

#[test]
fn round_trip_of_built_games() {
    let mut games = Vec::new();
    for (rule_set, opening, moves, swaps) in [
        (RuleSet::Renju, OpeningRule::Rif1996, "h8 h9 j10 g7 i7", "R"),
        (
            RuleSet::Renju,
            OpeningRule::Soosorv { n: 4 },
            "h8 h9 j10 g7 i7",
            "-R",
        ),
        (
            RuleSet::Renju,
            OpeningRule::Taraguchi { n: 10 },
            "h8 h9 j10 g7 i7 pass g9",
            "RRR",
        ),
        (
            RuleSet::Freestyle,
            OpeningRule::Swap2,
            "h8 h9 j10 g7 i7 a1",
            "-R",
        ),
        (
            RuleSet::Freestyle,
            OpeningRule::GomokuSwap,
            "h8 h9 j10",
            "R",
        ),
        (RuleSet::Caro, OpeningRule::Free, "h8", ""),
    ] {
        let mut game = Game::new(15);
        game.rule_set = Some(rule_set);
        game.opening = Some(opening);
        let moves: Vec<Event> = renju_core::notation::parse_moves(moves, 15)
            .unwrap()
            .into_iter()
            .map(Event::from)
            .collect();
        let points = match opening {
            OpeningRule::Soosorv { .. } => vec![3, 4],
            OpeningRule::Taraguchi { .. } => vec![1, 2, 3],
            OpeningRule::Swap2 => vec![3, 5],
            _ => vec![3],
        };
        for (i, mv) in moves.into_iter().enumerate() {
            for (k, s) in swaps.chars().enumerate() {
                if points[k] == i {
                    game.events.push(swap(s == 'R'));
                }
            }
            game.events.push(mv);
        }
        game.events.push(result(None));
        game.tags.push(("black".into(), "Zoë \"Z\" <Ö>".into()));
        game.tags
            .push(("info".into(), "line 1\nline 2 & more".into()));
        games.push(game);
    }
    games[0].id = Some("A-1".into());
    let mut unknown = Game::from_moves("h8 h9").unwrap();
    unknown.unknown_rule = Some("Super Sakata".into());
    games.push(unknown);
    games.push(Game::from_moves("h8").unwrap());

    let bytes = rif::write(&games).unwrap();
    let back: Vec<Game> = rif::read(&bytes, None)
        .into_iter()
        .map(|g| g.unwrap())
        .collect();
    assert_eq!(sourceless(&back), games);
}

#[test]
fn the_writer_refuses_what_rif_cannot_hold() {
    let refuse = |game: Game, needle: &str| {
        let e = rif::write(&[game]).unwrap_err();
        assert!(e.message.contains(needle), "{e}");
        assert_eq!(e.record.as_deref(), Some("game #1"));
    };
    let mut offers = Game::from_moves("h8 h9 j10 g7").unwrap();
    offers.events.push(Event::FifthOffers {
        offered: vec!["i7".parse().unwrap(), "a1".parse().unwrap()],
        chosen: "i7".parse().unwrap(),
    });
    refuse(offers, "cannot hold 2 fifth-move offers");

    let mut reason = Game::from_moves("h8").unwrap();
    reason.events.push(Event::Result(DeclaredResult {
        winner: Some(Color::White),
        reason: Some(ResultReason::Time),
    }));
    refuse(reason, "reason");

    let mut early_swap = Game::from_moves("h8 h9").unwrap();
    early_swap.rule_set = Some(RuleSet::Renju);
    early_swap.opening = Some(OpeningRule::Rif1996);
    early_swap.events.insert(1, swap(true));
    refuse(early_swap, "swap decisions after moves 3 under");

    let mut big = Game::from_moves("h8").unwrap();
    big.size = 20;
    refuse(big, "15x15");

    let mut nameless = Game::from_moves("h8").unwrap();
    nameless.rule_set = Some(RuleSet::Freestyle);
    nameless.opening = Some(OpeningRule::Yamaguchi);
    refuse(nameless, "no RenjuNet rule name");

    refuse(Game::new(15), "at least one move");
}

proptest! {
    #[test]
    fn arbitrary_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
        let _ = rif::read(&bytes, None);
    }

    #[test]
    fn database_shaped_text_never_panics(
        cut in 0..DATABASE.len(),
        noise in "[<>/=\"a-z0-9 &;\n-]{0,40}",
    ) {
        let mut text = DATABASE.as_bytes()[..cut].to_vec();
        text.extend_from_slice(noise.as_bytes());
        text.extend_from_slice(&DATABASE.as_bytes()[cut..]);
        for game in rif::read(&text, None).into_iter().flatten() {
            let _ = rif::write(&[game]);
        }
    }
}

/// Streaming through tiny buffers gives exactly what reading the whole database gives,
/// line numbers of games and errors included.
#[test]
fn streaming_matches_reading_whole() {
    let text = "<?xml version=\"1.0\"?>\n<database>\n<rules><rule id=\"1\" name=\"RIF\"/></rules>\n<games>\n\
        <game id=\"1\" rule=\"1\" bresult=\"1\">\n<move>h8 h9 h10</move>\n</game>\n\
        <game id=\"2\" rule=\"1\"><move>h8 zz</move></game>\n\
        <game id=\"3\" rule=\"1\"><move>h8</move>\n<broken\n";
    let whole = renju_records::formats::rif::read(text.as_bytes(), Some("db.rif"));
    for capacity in [1, 2, 7, 64] {
        let streamed: Vec<_> = renju_records::formats::Format::Rif
            .read_from(
                std::io::BufReader::with_capacity(capacity, text.as_bytes()),
                Some("db.rif"),
            )
            .collect();
        assert_eq!(streamed, whole, "capacity {capacity}");
    }
    assert_eq!(whole[0].as_ref().unwrap().source.line, Some(5));
    assert!(whole.last().unwrap().is_err());
}
