//! Decisions beside the board in replayed records: the clock, draw offers, violations,
//! resignation, forfeits and referee decisions, with the findings each gives.

use renju_core::{Color, Outcome, Termination};
use renju_records::clock::LateArrival;
use renju_records::game::{DeclaredResult, Event, Game, ResultReason};
use renju_records::{FindingCode, ValidationOptions};

const B: Color = Color::Black;
const W: Color = Color::White;

/// A free-opening Renju game from tokens: points, `t=MS` (the last move took MS),
/// `l=MS` (time left after it), and named events.
fn game(control: Option<&str>, tokens: &str) -> Game {
    let mut g = Game::new(15);
    g.time_control = control.map(|c| c.parse().unwrap());
    for t in tokens.split_whitespace() {
        let event = match t {
            "offer-b" => Event::DrawOffer { by: B },
            "offer-w" => Event::DrawOffer { by: W },
            "accept" => Event::DrawAnswer { accepted: true },
            "decline" => Event::DrawAnswer { accepted: false },
            "violation-w" => Event::Violation {
                by: W,
                reason: "spoke to a spectator".into(),
            },
            "resign-b" => Event::Resign { by: B },
            "forfeit-w" => Event::Forfeit { by: W },
            "double-forfeit" => Event::DoubleForfeit,
            "both-flags" => Event::BothFlagsDown,
            "split" => Event::SplitTime,
            "decision-w" => Event::Decision {
                winner: Some(W),
                reason: "refused to continue".into(),
            },
            "=B:time" | "=W:time" => Event::Result(DeclaredResult {
                winner: Some(if t.starts_with("=B") { B } else { W }),
                reason: Some(ResultReason::Time),
            }),
            "=B" => Event::Result(DeclaredResult {
                winner: Some(B),
                reason: None,
            }),
            t if t.starts_with("t=") => Event::MoveTime {
                elapsed_ms: Some(t[2..].parse().unwrap()),
                left_ms: None,
                moves_left: None,
            },
            t if t.starts_with("l=") => Event::MoveTime {
                elapsed_ms: None,
                left_ms: Some(t[2..].parse().unwrap()),
                moves_left: None,
            },
            t if t.starts_with("late-b=") => Event::LateArrival(LateArrival {
                color: B,
                late_ms: t[7..].parse().unwrap(),
            }),
            t => Event::Stone {
                point: t.parse().unwrap(),
            },
        };
        // `t=` and `l=` of one move make one reading.
        if let (
            Some(Event::MoveTime {
                elapsed_ms,
                left_ms,
                ..
            }),
            Event::MoveTime {
                elapsed_ms: e,
                left_ms: l,
                ..
            },
        ) = (g.events.last_mut(), &event)
        {
            *elapsed_ms = elapsed_ms.or(*e);
            *left_ms = left_ms.or(*l);
            continue;
        }
        g.events.push(event);
    }
    g
}

fn judge(g: &Game) -> (Outcome, Vec<FindingCode>) {
    let r = g.replay(&ValidationOptions::default());
    (r.outcome, r.findings.iter().map(|f| f.code).collect())
}

#[test]
fn draw_offers() {
    let (o, f) = judge(&game(None, "h8 offer-b accept"));
    assert_eq!(o, Outcome::draw(Termination::AgreedDraw));
    assert!(f.is_empty(), "{f:?}");
    assert!(o.is_draw());
    // Declined by a move: the game goes on, and a later answer has nothing to answer.
    let (o, f) = judge(&game(None, "h8 offer-b h9 accept"));
    assert_eq!(o, Outcome::UNFINISHED);
    assert_eq!(f, [FindingCode::DecisionOutOfOrder]);
    let (o, _) = judge(&game(None, "h8 offer-b decline h9"));
    assert_eq!(o, Outcome::UNFINISHED);
    // Not right after one's own move: a violation (and the offer stands).
    let (o, f) = judge(&game(None, "h8 h9 offer-b accept"));
    assert_eq!(o.termination, Termination::AgreedDraw);
    assert_eq!(f, [FindingCode::DrawOfferOutOfTurn]);
}

#[test]
fn more_than_two_offers_ahead_is_a_violation_and_the_second_loses() {
    // Black offers after moves 1, 3 and 5 (White never): the third is 3 > 0 + 2.
    let (o, f) = judge(&game(
        None,
        "h8 offer-b h9 i9 offer-b i10 j10 offer-b j11 k11 offer-b",
    ));
    assert_eq!(
        f,
        [
            FindingCode::TooManyDrawOffers,
            FindingCode::TooManyDrawOffers,
            FindingCode::SecondViolation
        ]
    );
    assert_eq!(o, Outcome::win(W, Termination::Violations));
}

#[test]
fn noted_violations() {
    let (o, f) = judge(&game(None, "h8 h9 violation-w i9 violation-w"));
    assert_eq!(
        f,
        [
            FindingCode::Violation,
            FindingCode::Violation,
            FindingCode::SecondViolation
        ]
    );
    assert_eq!(o, Outcome::win(B, Termination::Violations));
    assert_eq!(o.to_string(), "black won: the opponent's second violation");
}

#[test]
fn resignation_forfeits_and_decisions_end_the_game() {
    let (o, _) = judge(&game(None, "h8 h9 resign-b"));
    assert_eq!(o, Outcome::win(W, Termination::Resignation));
    let (o, f) = judge(&game(None, "h8 forfeit-w h9"));
    assert_eq!(o, Outcome::win(B, Termination::Forfeit));
    assert_eq!(f, [FindingCode::MoveAfterGameEnd]);
    let (o, _) = judge(&game(None, "double-forfeit"));
    assert_eq!(o.termination, Termination::DoubleForfeit);
    assert_eq!((o.result(), o.is_draw()), ("0-0", false));
    let (o, _) = judge(&game(None, "h8 decision-w"));
    assert_eq!(o, Outcome::win(W, Termination::Declared));
    // A decision after a five is out of order; the five stands.
    let (o, f) = judge(&game(None, "h8 a1 i8 a2 j8 a3 k8 a4 l8 resign-b"));
    assert_eq!(o, Outcome::win(B, Termination::Five));
    assert_eq!(f, [FindingCode::DecisionOutOfOrder]);
}

#[test]
fn the_clock_decides_and_reports() {
    // One minute each: Black 20 s, White 30 s, Black 41 s (61 in all): flag.
    let g = game(Some("60"), "h8 t=20000 h9 t=30000 i9 t=41000 i10 t=1000");
    let r = g.replay(&ValidationOptions::default());
    assert_eq!(r.outcome, Outcome::win(W, Termination::Time));
    let codes: Vec<_> = r.findings.iter().map(|f| f.code).collect();
    assert_eq!(codes, [FindingCode::FlagFell, FindingCode::PlayAfterFlag]);
    assert_eq!(r.findings[0].move_number, Some(3));
    let time = r.time.unwrap();
    assert_eq!((time.black_used_ms, time.white_used_ms), (60_000, 30_000));
    assert_eq!(time.flag.map(|f| (f.color, f.move_number)), Some((B, 3)));
    assert_eq!(r.clock.len(), 3);
    assert_eq!(r.clock[1].state.white.time_left_ms, 30_000);
}

#[test]
fn the_flag_move_loses_even_with_a_five() {
    let g = game(
        Some("60"),
        "h8 t=1 a1 t=1 i8 t=1 a2 t=1 j8 t=1 a3 t=1 k8 t=1 a4 t=1 l8 t=60000",
    );
    assert_eq!(judge(&g).0, Outcome::win(W, Termination::Time));
}

#[test]
fn declared_wins_on_time_are_checked_against_the_clock() {
    // The clock confirms White's flag: the record's "B+T" agrees.
    let (o, f) = judge(&game(Some("60"), "h8 t=1000 h9 t=60001 =B:time"));
    assert_eq!(o, Outcome::win(B, Termination::Time));
    assert_eq!(f, [FindingCode::FlagFell]);
    // No flag in the moves made, and Black's clock runs: Black's flag fell during the
    // move not made.
    let (o, f) = judge(&game(Some("60"), "h8 t=1000 h9 t=1000 =W:time"));
    assert_eq!(o, Outcome::win(W, Termination::Time));
    assert!(f.is_empty());
    // White's clock was not running: a mismatch, and the result stays declared.
    let (o, f) = judge(&game(Some("60"), "h8 t=1000 h9 t=1000 =B:time"));
    assert_eq!(o, Outcome::win(B, Termination::Declared));
    assert_eq!(f, [FindingCode::ResultMismatch]);
    // Without times nothing can be checked.
    let (o, f) = judge(&game(None, "h8 h9 =W:time"));
    assert_eq!(o, Outcome::win(W, Termination::Declared));
    assert!(f.is_empty());
    // A declared result against a flag.
    let (_, f) = judge(&game(Some("60"), "h8 t=61000 =B"));
    assert_eq!(f, [FindingCode::FlagFell, FindingCode::ResultMismatch]);
}

#[test]
fn readings_of_time_left_are_checked_with_a_tolerance() {
    // 60+5: after Black's 10 s move the clock shows 55 s.
    let ok = game(Some("60+5"), "h8 l=55000 h9 l=55400");
    assert!(judge(&ok).1.is_empty());
    let off = game(Some("60+5"), "h8 l=55000 h9 t=5000 l=50000 i9 t=0 l=40000");
    let r = off.replay(&ValidationOptions::default());
    let f: Vec<_> = r.findings.iter().map(|f| (f.code, f.move_number)).collect();
    assert_eq!(f, [(FindingCode::ClockMismatch, Some(2))]);
    assert!(r.findings[0]
        .message
        .contains("0:50 in the record but 1:00 by the clock"));
    assert!(r.findings[0].message.contains("1 more"));
    // A tolerance of 10 s accepts the second, not the third.
    let options = ValidationOptions {
        time_tolerance_ms: 10_000,
        ..ValidationOptions::default()
    };
    let r = off.replay(&options);
    assert_eq!(r.findings.len(), 1);
    assert_eq!(r.findings[0].move_number, Some(3));
}

#[test]
fn incomplete_times_are_said_once() {
    let g = game(Some("60"), "h8 t=1000 h9 i9 j10 k11");
    let (_, f) = judge(&g);
    assert_eq!(f, [FindingCode::TimesIncomplete]);
}

#[test]
fn both_flags_late_arrival_and_shared_time() {
    let (o, _) = judge(&game(Some("60"), "h8 t=1 both-flags"));
    assert_eq!(o, Outcome::draw(Termination::Time));
    assert_eq!(o.to_string(), "draw: both flags fell");
    let (o, _) = judge(&game(Some("7200"), "late-b=3600001 h8"));
    assert_eq!(o, Outcome::win(W, Termination::Forfeit));
    let r = game(Some("7200"), "late-b=600000 h8 t=1000").replay(&ValidationOptions::default());
    assert_eq!(r.time.unwrap().black_used_ms, 601_000);
    let r = game(Some("shared 100"), "h8 t=30000 h9 t=10000 split i9 t=31000")
        .replay(&ValidationOptions::default());
    assert_eq!(r.outcome, Outcome::win(W, Termination::Time));
}

#[test]
fn the_report_carries_the_clock() {
    let g = game(Some("60+5"), "h8 t=10000 h9 t=2000");
    let report = g.validate(&ValidationOptions::default());
    let json = serde_json::to_value(&report).unwrap();
    assert_eq!(json["time"]["control"], "60+5");
    assert_eq!(json["time"]["black_used_ms"], 10_000);
    assert_eq!(json["time"]["complete"], true);
    // Untimed games keep the report as it was.
    let plain = game(None, "h8").validate(&ValidationOptions::default());
    assert!(serde_json::to_value(&plain).unwrap().get("time").is_none());
}
