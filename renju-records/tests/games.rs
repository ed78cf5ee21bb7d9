//! Game replay and validation: every protocol (legal records and each illegal step),
//! every claim model, every outcome and every finding code, plus snapshots of reports.

use renju_core::Termination;
use renju_core::{Color, RuleSet};
use renju_records::clock::Penalty;
use renju_records::formats::Format;
use renju_records::game::{DeclaredResult, Event, Game, ResultReason};
use renju_records::opening::{OfferEquivalence, OpeningRule};
use renju_records::report::{validate, FindingCode, Report};
use renju_records::ValidationOptions;
use renju_records::{ClaimModel, Seat};

/// A compact event notation for these tests: `h8` stone, `pass`, `swap` / `stay`
/// (colour decision), `n=3` (declared offers), `i8|j9>j9` (offers and White's choice),
/// `=B` / `=W` / `=D` (declared result), optionally `=B:resign`, `=W:five`, ...
fn game(rule: RuleSet, opening: OpeningRule, events: &str) -> Game {
    let mut g = Game::new(15);
    g.rule_set = Some(rule);
    g.opening = Some(opening);
    for token in events.split_whitespace() {
        let event = match token {
            "pass" => Event::Pass,
            "swap" => Event::Swap { swap: true },
            "stay" => Event::Swap { swap: false },
            t if t.starts_with("n=") => Event::DeclareOffers {
                count: t[2..].parse().unwrap(),
            },
            t if t.starts_with('=') => {
                let (who, reason) = t[1..]
                    .split_once(':')
                    .map_or((&t[1..], None), |(w, r)| (w, Some(r)));
                Event::Result(DeclaredResult {
                    winner: match who {
                        "B" => Some(Color::Black),
                        "W" => Some(Color::White),
                        _ => None,
                    },
                    reason: reason.map(|r| match r {
                        "resign" => ResultReason::Resignation,
                        "five" => ResultReason::Five,
                        "time" => ResultReason::Time,
                        other => ResultReason::Other(other.to_string()),
                    }),
                })
            }
            t if t.contains('>') => {
                let (offers, chosen) = t.split_once('>').unwrap();
                Event::FifthOffers {
                    offered: offers.split('|').map(|p| p.parse().unwrap()).collect(),
                    chosen: chosen.parse().unwrap(),
                }
            }
            t => Event::Stone {
                point: t.parse().unwrap(),
            },
        };
        g.events.push(event);
    }
    g
}

fn codes(g: &Game, options: &ValidationOptions) -> Vec<FindingCode> {
    g.replay(options).findings.iter().map(|f| f.code).collect()
}

fn renju(opening: OpeningRule, events: &str) -> Game {
    game(RuleSet::Renju, opening, events)
}

const BLACK_FIVE: &str = "h8 h9 i9 g7 j10 k11 i8 i10 j8 k8 j9 j7 k9 h7 l9 g9 m9";
const DOUBLE_THREE_AT_9: &str = "f8 a1 g8 c1 h6 e1 h7 g1 h8";
const OVERLINE_AT_11: &str = "e8 a1 f8 a3 h8 a5 i8 a7 j8 a9 g8";

#[test]
fn outcomes() {
    let o = ValidationOptions::default();
    let cases: Vec<(Game, Termination, Option<Color>)> = vec![
        (
            renju(OpeningRule::Free, BLACK_FIVE),
            Termination::Five,
            Some(Color::Black),
        ),
        (
            renju(OpeningRule::Free, "a1 h8 a2 h9 a3 h10 a4 h11 c3 h12"),
            Termination::Five,
            Some(Color::White),
        ),
        (
            renju(OpeningRule::Free, DOUBLE_THREE_AT_9),
            Termination::Forbidden,
            Some(Color::White),
        ),
        (
            renju(OpeningRule::Free, "h8 h9 pass pass"),
            Termination::TwoPasses,
            None,
        ),
        (
            renju(OpeningRule::Free, "h8 h9 i9 =W:resign"),
            Termination::Resignation,
            Some(Color::White),
        ),
        (
            renju(OpeningRule::Free, "h8 h9 i9 =B:judge"),
            Termination::Declared,
            Some(Color::Black),
        ),
        (
            renju(OpeningRule::Free, "h8 h9 i9"),
            Termination::Unfinished,
            None,
        ),
    ];
    for (g, termination, winner) in cases {
        let r = g.replay(&o);
        assert_eq!(
            (r.outcome.termination, r.outcome.winner),
            (termination, winner),
            "{:?}",
            g.events
        );
    }
    // A full 5x5 freestyle board with no five: a draw on the last stone.
    let black = "a5 b5 e5 c4 d4 a3 b3 e3 c2 d2 a1 b1 e1";
    let white = "c5 d5 a4 b4 e4 c3 d3 a2 b2 e2 c1 d1";
    let (b, w): (Vec<&str>, Vec<&str>) = (black.split(' ').collect(), white.split(' ').collect());
    let mut moves = Vec::new();
    for i in 0..13 {
        moves.push(b[i]);
        if i < 12 {
            moves.push(w[i]);
        }
    }
    let mut g = game(RuleSet::Freestyle, OpeningRule::Free, &moves.join(" "));
    g.size = 5;
    let r = g.replay(&o);
    assert_eq!(r.outcome.termination, Termination::FullBoard);
    assert_eq!(r.verdicts.len(), 25);
}

#[test]
fn seats_follow_swaps() {
    let o = ValidationOptions::default();
    let g = renju(
        OpeningRule::Rif1996,
        "h8 h9 i9 swap g7 j10|i8>j10 k11 i8 i10 j8 k8 j9 j7 k9 h7 l9 g9 m9",
    );
    let r = g.replay(&o);
    assert_eq!(r.outcome.winner, Some(Color::Black));
    assert_eq!(
        r.winner_seat,
        Some(Seat::Second),
        "after the swap the second player holds Black"
    );
    assert_eq!(r.opening.unwrap().code, "4D");
}

#[test]
fn claim_models() {
    let automatic = ValidationOptions::default();
    let rif = ValidationOptions {
        claims: ClaimModel::RifClaim,
        ..ValidationOptions::default()
    };
    let chinese = ValidationOptions {
        claims: ClaimModel::ChineseClaim,
        ..ValidationOptions::default()
    };

    // A double-three, White plays on: automatic ends the game (a move after the end is an
    // error); under both claim models the foul lapses and play goes on.
    let played_on = renju(OpeningRule::Free, &format!("{DOUBLE_THREE_AT_9} o15"));
    assert_eq!(
        codes(&played_on, &automatic),
        [FindingCode::ForbiddenMove, FindingCode::MoveAfterGameEnd]
    );
    for o in [&rif, &chinese] {
        let r = played_on.replay(o);
        assert_eq!(
            r.findings.iter().map(|f| f.code).collect::<Vec<_>>(),
            [FindingCode::ForbiddenMove, FindingCode::LapsedFoul]
        );
        assert_eq!(r.outcome.termination, Termination::Unfinished);
    }
    // The record ends on the foul: White claimed it, under every model.
    for o in [&automatic, &rif, &chinese] {
        let r = renju(OpeningRule::Free, DOUBLE_THREE_AT_9).replay(o);
        assert_eq!(r.outcome.termination, Termination::Forbidden);
    }
    // An overline played on: lapses under Chinese rules, stays claimable under RIF 9.8.
    let overline_on = renju(OpeningRule::Free, &format!("{OVERLINE_AT_11} o15 a13"));
    let r = overline_on.replay(&chinese);
    assert_eq!(r.outcome.termination, Termination::Unfinished);
    assert!(r.findings.iter().any(|f| f.code == FindingCode::LapsedFoul));
    let r = overline_on.replay(&rif);
    assert_eq!(
        (r.outcome.termination, r.outcome.winner),
        (Termination::Forbidden, Some(Color::White))
    );
    assert!(!r.findings.iter().any(|f| f.code == FindingCode::LapsedFoul));
    // A declared result keeps precedence over a foul White never claimed: the foul is a
    // warning, not a contradiction.
    let r = renju(
        OpeningRule::Free,
        &format!("{OVERLINE_AT_11} o15 a13 =D:agreement"),
    )
    .replay(&rif);
    assert_eq!(
        (r.outcome.termination, r.outcome.winner),
        (Termination::Declared, None)
    );
    let found: Vec<_> = r.findings.iter().map(|f| f.code).collect();
    assert_eq!(found, [FindingCode::ForbiddenMove, FindingCode::LapsedFoul]);
    // ... and a declared White win on a record ending in a foul is White's claim.
    for o in [&rif, &chinese] {
        let r = renju(OpeningRule::Free, &format!("{DOUBLE_THREE_AT_9} =W")).replay(o);
        assert_eq!(
            (r.outcome.termination, r.outcome.winner),
            (Termination::Forbidden, Some(Color::White))
        );
        let found: Vec<_> = r.findings.iter().map(|f| f.code).collect();
        assert_eq!(found, [FindingCode::ForbiddenMove]);
    }
}

#[test]
fn legal_records_of_every_protocol() {
    let o = ValidationOptions::default();
    let cases = [
        (RuleSet::Renju, OpeningRule::Free, "a1 o15 h8"),
        (
            RuleSet::Renju,
            OpeningRule::Rif1996,
            "h8 h9 h10 stay i9 g7|j11>j11 f6",
        ),
        (
            RuleSet::Renju,
            OpeningRule::Swap,
            "h8 i9 j10 stay i10 f6|k12>f6 e5",
        ),
        (
            RuleSet::Renju,
            OpeningRule::Yamaguchi,
            "n=3 h8 h9 j10 swap g9 f6|k12|l4>l4 e5",
        ),
        (
            RuleSet::Renju,
            OpeningRule::Soosorv { n: 8 },
            "h8 h9 j10 stay i9 n=4 swap f6|k12|l4|c13>c13 e5",
        ),
        (
            RuleSet::Renju,
            OpeningRule::Taraguchi { n: 10 },
            "h8 stay h9 stay i10 stay j7 stay k11 stay g5",
        ),
        (
            RuleSet::Renju,
            OpeningRule::Taraguchi { n: 10 },
            "h8 h9 i10 j7 a1|a3|a5|a7|a9|a11|a13|a15|c15|e15>a1 g5",
        ),
        (
            RuleSet::Renju,
            OpeningRule::Chinese,
            "n=2 h8 h9 j10 swap i9 f6|k12>k12 pass",
        ),
        (
            RuleSet::Freestyle,
            OpeningRule::Swap2,
            "a1 b2 c3 d4 e5 swap f6",
        ),
        (RuleSet::Freestyle, OpeningRule::Swap2, "a1 b2 c3 swap d4"),
        (
            RuleSet::Freestyle,
            OpeningRule::Swap2,
            "a1 b2 c3 stay d4 e5 swap f6",
        ),
        // SGF cannot record the declared number: the offers made stand for it.
        (
            RuleSet::Renju,
            OpeningRule::Yamaguchi,
            "h8 h9 j10 g9 f6|k12>f6",
        ),
        (
            RuleSet::Standard,
            OpeningRule::GomokuSwap,
            "a1 b2 c3 stay d4",
        ),
        (RuleSet::Freestyle, OpeningRule::Pro, "h8 a1 k11 b2"),
    ];
    for (rule, opening, events) in cases {
        let g = game(rule, opening, events);
        let found = codes(&g, &o);
        assert!(found.is_empty(), "{opening} {events}: {found:?}");
    }
}

#[test]
fn illegal_steps_of_every_protocol() {
    let o = ValidationOptions::default();
    use FindingCode::*;
    let cases: Vec<(OpeningRule, &str, Vec<FindingCode>)> = vec![
        (OpeningRule::Rif1996, "g7 h9 h10", vec![OpeningArea]),
        (OpeningRule::Rif1996, "h8 h10 i9", vec![OpeningArea]),
        (OpeningRule::Rif1996, "h8 h9 k11", vec![OpeningArea]),
        (OpeningRule::Rif1996, "h8 pass", vec![PassInOpening]),
        (OpeningRule::Rif1996, "h8 h9 swap", vec![SwapNotAllowed]),
        (
            OpeningRule::Rif1996,
            "h8 h9 h10 i9 f6|k12|l4>f6",
            vec![OfferCount],
        ),
        (
            OpeningRule::Rif1996,
            "h8 h9 h10 i9 h9|k12>k12",
            vec![InvalidOffer],
        ),
        (
            OpeningRule::Rif1996,
            "h8 h9 h10 i9 f6|k12>a1",
            vec![InvalidOffer, OccupiedPoint]
                .into_iter()
                .take(1)
                .collect(),
        ),
        (
            OpeningRule::Rif1996,
            "h8 h9 h10 h11 g8|i8>g8",
            vec![SymmetricFifthOffers],
        ),
        (
            OpeningRule::Rif1996,
            "h8 h9 h10 i9 f6",
            vec![OffersNotRecorded],
        ),
        (
            OpeningRule::Rif1996,
            "h8 h9 h10 i9 f6 j5|k4>k4",
            vec![OffersNotAllowed],
        ),
        (
            OpeningRule::Swap,
            "h8 i9 j10 stay i10 pass",
            vec![PassInOpening],
        ),
        (
            OpeningRule::Yamaguchi,
            "h8 h9 j10 g9 n=2 f6|k12>f6",
            vec![OfferDeclaration],
        ),
        (
            OpeningRule::Soosorv { n: 8 },
            "h8 h9 j10 i9 a1|a3|a5|a7|a9|a11|a13|a15|c15>a1",
            vec![OfferDeclaration],
        ),
        (
            OpeningRule::Taraguchi { n: 10 },
            "h8 h9 i10 j7 swap a1|a3|a5|a7|a9|a11|a13|a15|c15|e15>a1",
            vec![SwapNotAllowed],
        ),
        (
            OpeningRule::Soosorv { n: 8 },
            "h8 h9 j10 i9 n=9 f6|k12>f6",
            vec![OfferDeclaration, OfferCount],
        ),
        (
            OpeningRule::Soosorv { n: 8 },
            "h8 h9 j10 stay stay",
            vec![SwapNotAllowed],
        ),
        (
            OpeningRule::Taraguchi { n: 10 },
            "h8 h9 i10 m12",
            vec![OpeningArea],
        ),
        (
            OpeningRule::Taraguchi { n: 10 },
            "h8 h9 i10 j7 a1",
            vec![OpeningArea],
        ),
        (
            OpeningRule::Taraguchi { n: 10 },
            "h8 h9 i10 j7 a1|a3>a1 swap",
            vec![OfferCount, SwapNotAllowed],
        ),
        (
            OpeningRule::Chinese,
            "n=2 h8 h9 j10 i9 pass",
            vec![PassInOpening],
        ),
        (OpeningRule::Free, "h8 swap", vec![SwapNotAllowed]),
        (
            OpeningRule::Free,
            "h8 h9 h10 i9 f6|k12>f6",
            vec![OffersNotAllowed],
        ),
        (OpeningRule::Free, "h8 n=2", vec![OfferDeclaration]),
        (
            OpeningRule::Swap2,
            "a1 b2 c3 swap d4 e5 swap",
            vec![SwapNotAllowed],
        ),
        (OpeningRule::Pro, "h8 a1 i9", vec![OpeningArea]),
        (OpeningRule::Pro, "a1", vec![OpeningArea]),
    ];
    for (opening, events, want) in cases {
        let rule = if opening.is_renju_family() || opening == OpeningRule::Free {
            RuleSet::Renju
        } else {
            RuleSet::Freestyle
        };
        let g = game(rule, opening, events);
        assert_eq!(codes(&g, &o), want, "{opening} {events}");
    }
}

#[test]
fn offer_equivalence_readings() {
    // 1.h8 2.h9 3.h7 4.h6 is mirror-symmetric about the line between rows 7 and 8:
    // i8 and i7 are one offer by shape, two by board symmetry (docs/rules.md).
    let g = renju(OpeningRule::Rif1996, "h8 h9 h7 h6 i8|i7>i8");
    let shape = ValidationOptions::default();
    let board = ValidationOptions {
        offer_equivalence: OfferEquivalence::Board,
        ..ValidationOptions::default()
    };
    assert_eq!(codes(&g, &shape), [FindingCode::SymmetricFifthOffers]);
    assert!(codes(&g, &board).is_empty());
}

#[test]
fn board_and_record_findings() {
    let o = ValidationOptions::default();
    use FindingCode::*;
    assert_eq!(
        codes(&renju(OpeningRule::Free, "h8 i9 h8"), &o),
        [OccupiedPoint]
    );
    assert_eq!(codes(&renju(OpeningRule::Free, "h8 p16"), &o), [OffBoard]);
    assert_eq!(
        codes(&renju(OpeningRule::Free, &format!("{BLACK_FIVE} a1")), &o),
        [MoveAfterGameEnd]
    );
    assert_eq!(
        codes(&renju(OpeningRule::Free, &format!("{BLACK_FIVE} =W")), &o),
        [ResultMismatch]
    );
    assert_eq!(
        codes(&renju(OpeningRule::Free, "h8 h9 =B"), &o),
        [ResultUnexplained]
    );
    assert_eq!(
        codes(&renju(OpeningRule::Free, "h8 h9 =B:five"), &o),
        [ResultMismatch]
    );
    assert!(codes(&renju(OpeningRule::Free, &format!("{BLACK_FIVE} =B")), &o).is_empty());
    let mut unknown = renju(OpeningRule::Free, "h8");
    unknown.unknown_rule = Some("Rule #99".into());
    assert_eq!(codes(&unknown, &o), [UnknownRule]);
    let report = unknown.validate(&o);
    assert_eq!(
        (report.rule, report.protocol),
        (None, None),
        "not judged under any rule"
    );
    let mut big = renju(OpeningRule::Free, "h8");
    big.size = 19;
    assert_eq!(codes(&big, &o), [BoardSize]);
    // Renju's fouls are Black's only, and only under Renju.
    let white_33 = renju(OpeningRule::Free, "a1 f8 c1 g8 e1 h6 g1 h7 o15 h8");
    assert!(codes(&white_33, &o).is_empty());
    let freestyle_33 = game(RuleSet::Freestyle, OpeningRule::Free, DOUBLE_THREE_AT_9);
    assert!(codes(&freestyle_33, &o).is_empty());
}

#[test]
fn batch_reports_every_bad_record_and_finishes_the_good_ones() {
    let text = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../fixtures/games/bad_records.txt"
    ))
    .unwrap();
    let records = Format::MoveList.read(&text, Some("bad_records.txt"));
    let report = validate(&records, &ValidationOptions::default());
    assert_eq!(report.summary.games, 6);
    let codes: Vec<Vec<String>> = report
        .games
        .iter()
        .map(|g| g.findings.iter().map(|f| f.code.to_string()).collect())
        .collect();
    assert_eq!(codes[0], ["occupied-point"]);
    assert_eq!(codes[1], ["unreadable-record"]);
    assert_eq!(report.games[1].findings[0].line, Some(6));
    assert_eq!(
        codes[5],
        ["offers-not-recorded"],
        "the good game is still validated"
    );
    insta::assert_snapshot!("bad_records_report", report.to_json());

    // Duplicate ids within one file are flagged.
    let mut a = renju(OpeningRule::Free, "h8");
    a.id = Some("7".into());
    let b = a.clone();
    let report = validate(&[Ok(a), Ok(b)], &ValidationOptions::default());
    assert_eq!(report.games[1].findings[0].code, FindingCode::DuplicateId);
}

#[test]
fn sample_report_snapshot() {
    let text = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../fixtures/games/sample.txt"
    ))
    .unwrap();
    let report: Report = validate(
        &Format::MoveList.read(&text, Some("sample.txt")),
        &ValidationOptions::default(),
    );
    assert_eq!(report.summary.errors, 0);
    insta::assert_snapshot!("sample_report", report.to_json());
    // The JSON reads back into the same report.
    let back: Report = serde_json::from_str(&report.to_json()).unwrap();
    assert_eq!(back, report);
}

#[test]
fn finding_codes_are_written_as_serde_names() {
    for &code in FindingCode::ALL.iter() {
        assert_eq!(serde_json::to_value(code).unwrap(), code.name());
        assert_eq!(code.name().parse::<FindingCode>(), Ok(code));
    }
}

/// A record that gives the finding `code` (the match is exhaustive: a new code needs a
/// record here before the test compiles). `None` for a code about whole files, which
/// `renju validate` gives (see renju-cli's tests).
fn record_giving(code: FindingCode) -> Option<Vec<Result<Game, renju_core::ParseError>>> {
    use FindingCode::*;
    let one = |g: Game| Some(vec![Ok(g)]);
    let free = |events: &str| renju(OpeningRule::Free, events);
    let rif = |events: &str| renju(OpeningRule::Rif1996, events);
    // A game under a one-minute clock, with its events after the moves.
    let timed = |moves: &str, events: Vec<Event>| {
        let mut g = free(moves);
        g.time_control = Some("60".parse().unwrap());
        g.events.extend(events);
        one(g)
    };
    let time = |elapsed: u64, left: Option<u64>| Event::MoveTime {
        elapsed_ms: Some(elapsed),
        left_ms: left,
        moves_left: None,
    };
    match code {
        UnreadableFile => None,
        UnreadableRecord => Some(Format::MoveList.read(b"h8 zz\n", Some("bad.txt"))),
        UnknownRule => {
            let mut g = free("h8");
            g.unknown_rule = Some("Renju 2099".into());
            one(g)
        }
        BoardSize => {
            let mut g = free("h8");
            g.size = 19;
            one(g)
        }
        OccupiedPoint => one(free("h8 h8")),
        OffBoard => one(game(RuleSet::Freestyle, OpeningRule::Free, "h8 p16")),
        MoveAfterGameEnd => one(free(&format!("{BLACK_FIVE} a1"))),
        ForbiddenMove => one(free(DOUBLE_THREE_AT_9)),
        LapsedFoul => {
            let mut g = free(&format!("{DOUBLE_THREE_AT_9} a15"));
            g.claims = Some(ClaimModel::RifClaim);
            one(g)
        }
        OpeningArea => one(rif("g7 h9 h10")),
        PassInOpening => one(rif("h8 pass")),
        SwapNotAllowed => one(rif("h8 h9 swap")),
        OfferDeclaration => one(rif("n=3 h8 h9 h10")),
        OffersNotAllowed => one(free("h8 h9 h10 i9 f6|k12>f6")),
        OfferCount => one(rif("h8 h9 h10 i9 f6|k12|l4>f6")),
        InvalidOffer => one(rif("h8 h9 h10 i9 h9|k12>k12")),
        SymmetricFifthOffers => one(rif("h8 h9 h10 h11 g8|i8>g8")),
        OffersNotRecorded => one(rif("h8 h9 h10 i9 f6")),
        ResultMismatch => one(free(&format!("{BLACK_FIVE} =W"))),
        ResultUnexplained => one(free("h8 h9 =B")),
        DuplicateId => {
            let mut g = free("h8");
            g.id = Some("7".into());
            Some(vec![Ok(g.clone()), Ok(g)])
        }
        FlagFell => timed("h8", vec![time(61_000, None)]),
        ClockMismatch => timed("h8", vec![time(10_000, Some(40_000))]),
        PlayAfterFlag => {
            let mut g = free("h8");
            g.time_control = Some("60".parse().unwrap());
            g.events.push(time(61_000, None));
            g.events.push(Event::Stone {
                point: "h9".parse().unwrap(),
            });
            one(g)
        }
        TimesIncomplete => {
            let mut g = free("h8");
            g.time_control = Some("60".parse().unwrap());
            g.events.push(time(1_000, None));
            g.events.push(Event::Stone {
                point: "h9".parse().unwrap(),
            });
            one(g)
        }
        TimeOverAllowance => {
            let mut g = free("h8 h9");
            g.time_control = Some("60".parse().unwrap());
            g.tags.push(("btime".into(), "100".into()));
            one(g)
        }
        InvalidClockEvent => timed("h8", vec![Event::SplitTime]),
        LongPenalty => timed(
            "h8",
            vec![Event::Penalty(Penalty {
                offender: Color::Black,
                taken_ms: 301_000,
                given_ms: 0,
            })],
        ),
        UntimedClockEvent => {
            let mut g = free("h8");
            g.events.insert(
                0,
                Event::LateArrival(renju_records::LateArrival {
                    color: Color::White,
                    late_ms: 1_000,
                }),
            );
            one(g)
        }
        SealedMove => {
            let mut g = free("h8");
            g.events.push(Event::Unseal {
                sealed: "h9/0123456789abcdef".parse().unwrap(),
            });
            one(g)
        }
        IllegalSealedMove => {
            // White seals h8, which Black occupies.
            let sealed: renju_records::sealed::SealedMove = "h8/0123456789abcdef".parse().unwrap();
            let mut g = free("h8");
            g.events.push(Event::Seal {
                by: Color::White,
                digest: sealed.digest(2, Color::White),
                elapsed_ms: None,
            });
            g.events.push(Event::Unseal { sealed });
            one(g)
        }
        DrawOfferOutOfTurn => timed("h8 h9", vec![Event::DrawOffer { by: Color::Black }]),
        TooManyDrawOffers => {
            let mut g = free("");
            for (i, p) in ["h8", "h9", "i9", "j10", "k11"].into_iter().enumerate() {
                g.events.push(Event::Stone {
                    point: p.parse().unwrap(),
                });
                if i % 2 == 0 {
                    g.events.push(Event::DrawOffer { by: Color::Black });
                }
            }
            one(g)
        }
        Violation | SecondViolation => {
            let v = || Event::Violation {
                by: Color::White,
                reason: "left the room".into(),
            };
            timed("h8 h9", vec![v(), v()])
        }
        DecisionOutOfOrder => timed("h8", vec![Event::DrawAnswer { accepted: true }]),
    }
}

#[test]
fn every_finding_code_has_a_record_that_gives_it() {
    for &code in FindingCode::ALL.iter() {
        let Some(records) = record_giving(code) else {
            continue;
        };
        let report = validate(&records, &ValidationOptions::default());
        let found: Vec<FindingCode> = report
            .games
            .iter()
            .flat_map(|g| g.findings.iter().map(|f| f.code))
            .collect();
        assert!(found.contains(&code), "{code}: found {found:?}");
        assert_eq!(
            report.summary.findings.get(&code).copied().unwrap_or(0),
            found.iter().filter(|&&c| c == code).count()
        );
    }
}

#[test]
fn the_referee_declares_a_draw_at_the_records_stone_limit() {
    let options = ValidationOptions::default();
    let limited = |moves: &str, limit: u16| Game {
        draw_after: Some(limit),
        ..Game::from_moves(moves).unwrap()
    };
    // Four stones: a declared draw, a termination of its own (not an agreed draw).
    let g = limited("h8 a1 h9 a2", 4);
    let r = g.validate(&options);
    assert_eq!(r.outcome.termination, Termination::DeclaredDraw);
    assert_eq!(r.outcome.winner, None);
    assert_eq!(
        r.outcome.to_string(),
        "draw declared by the referee at the stone limit"
    );
    assert_eq!(Termination::DeclaredDraw.to_string(), "declared-draw");
    assert!(codes(&g, &options).is_empty());
    // Fewer stones: unfinished; a five on the limit wins; a move after it is reported.
    assert_eq!(
        limited("h8 a1 h9", 4)
            .validate(&options)
            .outcome
            .termination,
        Termination::Unfinished
    );
    let five = limited("h8 a1 h9 a2 h10 a3 h11 a4 h12", 9).validate(&options);
    assert_eq!(five.outcome.winner, Some(Color::Black));
    let after = limited("h8 a1 h9 a2 h10", 4);
    assert!(codes(&after, &options).contains(&FindingCode::MoveAfterGameEnd));
    // A declared draw result agrees; a declared win does not.
    let mut declared = limited("h8 a1 h9 a2", 4);
    declared.events.push(Event::Result(DeclaredResult {
        winner: None,
        reason: None,
    }));
    assert!(codes(&declared, &options).is_empty());
    // The move list and SGF keep the limit; the other formats refuse it.
    for format in [Format::MoveList, Format::Sgf] {
        let bytes = format.write(std::slice::from_ref(&declared)).unwrap();
        let back = format.read(&bytes, None).remove(0).unwrap();
        assert_eq!(back.draw_after, Some(4), "{format}");
        assert_eq!(back.events, declared.events, "{format}");
    }
    let text = String::from_utf8(Format::Sgf.write(&[declared.clone()]).unwrap()).unwrap();
    assert!(text.contains("DA[4]") && text.contains("RE[0]"), "{text}");
    let moves = String::from_utf8(
        Format::MoveList
            .write(&[g.clone(), limited("h8", 6)])
            .unwrap(),
    );
    assert!(moves
        .unwrap()
        .contains("# draw-after: 4\nh8 a1 h9 a2\n# draw-after: 6\n"));
    for format in [Format::Rif, Format::Psq, Format::RenLib] {
        let e = format.write(std::slice::from_ref(&g)).unwrap_err();
        assert!(e.to_string().contains("declares after 4 stones"), "{e}");
    }
    assert!(Format::MoveList.read(b"# draw-after: x\nh8\n", None)[0].is_err());
}
