//! The live referee driven by arbitrary actions, and its JSON-lines protocol fed
//! arbitrary lines.
//!
//! Properties: nothing panics; every line gets a reply that is JSON with `ok` and a
//! status; a refused action leaves the status as it was (unless the flag fell before
//! it); the status's JSON is serde's; the referee's record validates without an error
//! to the same outcome; the move list of its record (when it has an event) reads back
//! the same events; a
//! referee rebuilt from its actions has the same status.
//!
//! Input: one byte for the options (opening protocol, foul policy, timed or not, a late
//! limit or not); then
//! actions, each an opcode byte and its operands (points as one byte, 0-224 on the
//! board, the rest off it; the last opcode's byte picks a resignation, a forfeit, a seal
//! (an adjournment, with a fixed salt), an arrival or one of the arbiter's actions:
//! pause, unpause, warning, penalty, disqualification, resumption); a 0xff opcode makes
//! the rest of the input one line of the JSON protocol.

use renju_core::{Point, Termination};
use renju_records::referee::{Action, FoulPolicy, Party, Referee, RefereeOptions, Request};
use renju_records::{Format, OpeningRule, Seat, Severity, ValidationOptions};

/// One name a protocol (small offer counts, to reach the offers in few bytes): as long
/// as the table, so that a new protocol does not compile until it is here.
const OPENINGS: [&str; OpeningRule::ALL.len()] = [
    "free",
    "rif1996",
    "swap",
    "yamaguchi",
    "soosorv-3",
    "taraguchi-2",
    "chinese",
    "swap2",
    "gomoku-swap",
    "pro",
];

fn point(byte: u8) -> Point {
    // 0..=224 on the 15x15 board; the rest lands off it (the board of 26).
    Point::new(byte % 26, byte / 26 % 26).unwrap_or(Point::new(0, 0).expect("a1"))
}

/// Reads one action; `None` at the end of the input.
fn next_action(data: &mut &[u8]) -> Option<Request> {
    let (&op, rest) = data.split_first()?;
    *data = rest;
    let mut byte = || {
        let (&b, rest) = data.split_first().unwrap_or((&0, &[]));
        *data = rest;
        b
    };
    let action = match op % 16 {
        0..=3 => Action::Place {
            point: point(byte()),
        },
        4 => Action::Pass,
        5 => Action::Swap,
        6 => Action::Stay,
        7 => Action::PlaceTwo,
        8 => Action::Declare { count: byte() % 12 },
        9 => {
            let n = usize::from(byte() % 4);
            Action::Offer {
                points: (0..n).map(|_| point(byte())).collect(),
            }
        }
        10 => Action::Choose {
            point: point(byte()),
        },
        11 => Action::Claim,
        12 => Action::DrawOffer,
        13 => Action::DrawAccept,
        14 => Action::DrawDecline,
        _ => last_action(byte()),
    };
    let by = match op / 16 % 3 {
        0 => None,
        1 => Some(Seat::First),
        _ => Some(Seat::Second),
    };
    let t = (op >= 0xc0).then(|| u64::from(byte()) * 1000);
    let by = by.map(Party::from);
    Some(Request { action, by, t })
}

/// The actions of the last opcode: a resignation, a forfeit, a seal, or one of the
/// arbiter's (taken by whoever the opcode names: a seat's is refused).
fn last_action(byte: u8) -> Action {
    let seat = [Seat::First, Seat::Second][usize::from(byte / 8 % 2)];
    match byte % 8 {
        0 => Action::Resign,
        1 => Action::Forfeit,
        2 => Action::Pause,
        3 => Action::Unpause,
        4 => Action::Warning {
            seat,
            reason: "noted".into(),
        },
        5 => Action::Penalty {
            seat,
            ms: u64::from(byte) * 2000,
        },
        6 => Action::Disqualify {
            seat,
            reason: String::new(),
        },
        _ => match byte / 16 % 3 {
            0 => Action::Seal {
                point: point(byte),
                salt: Some("fuzz-salt-0123456789".into()),
            },
            1 => Action::Resume { sealed: None },
            _ => Action::Arrive,
        },
    }
}

/// Checks the referee driven by `data`.
pub fn check(data: &[u8]) {
    let Some((&setup, mut rest)) = data.split_first() else {
        return;
    };
    let options = RefereeOptions {
        opening: OPENINGS[usize::from(setup) % OPENINGS.len()]
            .parse::<OpeningRule>()
            .expect("a protocol"),
        fouls: FoulPolicy::ALL[usize::from(setup / 10 % 4)],
        time_control: (setup >= 200).then(|| "60+1".parse().expect("a control")),
        // A late limit of one minute for every third setting: arrivals and no-shows.
        late_limit_ms: (setup % 3 == 1).then_some(60_000),
        ..RefereeOptions::default()
    };
    let mut referee = Referee::new(options.clone()).expect("15x15 renju");
    let mut t = 0;
    while let Some(&op) = rest.first() {
        if op == 0xff {
            let line = String::from_utf8_lossy(&rest[1..]);
            let reply: serde_json::Value =
                serde_json::from_str(&referee.handle_json(&line)).expect("every reply is JSON");
            assert!(
                reply["ok"].is_boolean() && reply["status"].is_object(),
                "{reply}"
            );
            break;
        }
        let Some(mut request) = next_action(&mut rest) else {
            break;
        };
        // Time never goes backwards here (that refusal is checked by the unit tests).
        if let Some(step) = request.t {
            t += step;
            request.t = Some(t);
        }
        let before = referee.status();
        let outcome = referee.outcome();
        match referee.act(request.clone()) {
            Ok(status) => assert_eq!(status.to_json(), serde_json::to_string(&status).unwrap()),
            Err(refusal) => {
                if referee.outcome() == outcome {
                    assert_eq!(
                        referee.status(),
                        before,
                        "{request:?} refused ({refusal}) changed the status"
                    );
                }
            }
        }
    }
    let game = referee.game();
    let replay = game.replay(&ValidationOptions::default());
    let errors: Vec<_> = replay
        .findings
        .iter()
        .filter(|f| f.code.severity() == Severity::Error)
        .collect();
    assert!(
        errors.is_empty(),
        "the referee's record has errors: {errors:?}\n{:?}\n{:?}",
        referee.options().opening,
        referee.actions()
    );
    if let Some(outcome) = referee.outcome() {
        if outcome.termination != Termination::Time {
            assert_eq!(replay.outcome, outcome);
        }
    }
    // A game with no event at all has no line in a move list (and nothing to resume).
    if !game.events.is_empty() {
        let text = Format::MoveList
            .write(std::slice::from_ref(&game))
            .expect("a move list holds a referee's record");
        let read = Format::MoveList
            .read(&text, None)
            .remove(0)
            .expect("it reads back");
        assert_eq!(read.events, game.events);
    }
    let rebuilt = Referee::from_actions(options, referee.actions()).expect("its actions replay");
    assert_eq!(rebuilt.status(), referee.status());
}
