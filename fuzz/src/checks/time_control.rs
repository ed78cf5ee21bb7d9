//! Time-control text (the PGN / TRF-26 forms and the SGF `TM[..]OT[..]` form), then a
//! clock driven by the remaining bytes.
//!
//! Properties: a control read writes back to text that reads as the same control (and
//! the same text again), in its SGF form too when it has one, and through serde; the
//! clock's books balance after every event (time used + left + lost = time granted,
//! while there is no shared pool); a flag falls on a move only when the move took longer
//! than the time left, and then leaves no time; a move in time adds its time to the
//! time used; an event the clock refuses leaves it unchanged; a stopped clock takes
//! nothing more; a clock's serde form reads back as the same clock.
//!
//! Input: the control's text up to the first `\n`; then one byte for the both-flags
//! policy; then events, each an opcode byte and its operands.

use renju_core::Color;
use renju_records::clock::{
    BothFlags, Clock, ClockError, ClockEvent, ClockOptions, ClockResult, LateArrival, Penalty,
};
use renju_records::time_control::TimeControl;

use super::split_line;

/// Checks the control on the first line of `data` and a clock driven by the rest.
pub fn check(data: &[u8]) {
    let (text, events) = split_line(data);
    let Ok(text) = std::str::from_utf8(text) else {
        return;
    };
    let Ok(tc) = text.parse::<TimeControl>() else {
        return;
    };
    check_text(text, &tc);
    drive_clock(&tc, events);
}

/// The text forms of a control read from `text`.
pub fn check_text(text: &str, tc: &TimeControl) {
    let written = tc.to_string();
    let back: TimeControl = written.parse().unwrap_or_else(|e| {
        panic!("{text:?} is written {written:?}, which does not read back: {e}")
    });
    assert_eq!(
        &back, tc,
        "{text:?} is written {written:?}, which reads as another control"
    );
    assert_eq!(
        back.to_string(),
        written,
        "{text:?}: the text written changes when read back"
    );

    let (tm, ot) = tc.to_sgf();
    if tm.is_some() || ot.is_some() {
        let sgf = TimeControl::from_sgf(tm.as_deref(), ot.as_deref()).unwrap_or_else(|e| {
            panic!("{text:?} has the SGF form TM {tm:?} OT {ot:?}, which does not read back: {e}")
        });
        assert_eq!(
            &sgf, tc,
            "{text:?} has the SGF form TM {tm:?} OT {ot:?}, which reads as another control"
        );
    }

    let json = serde_json::to_string(tc).expect("a control serializes");
    let back: TimeControl = serde_json::from_str(&json)
        .unwrap_or_else(|e| panic!("{text:?}: its JSON {json} does not read back: {e}"));
    assert_eq!(
        &back, tc,
        "{text:?}: its JSON {json} reads as another control"
    );
}

struct Bytes<'a>(std::slice::Iter<'a, u8>);

impl Bytes<'_> {
    fn byte(&mut self) -> Option<u8> {
        self.0.next().copied()
    }

    /// `n` bytes, little-endian.
    fn int(&mut self, n: usize) -> Option<u64> {
        let mut v = 0u64;
        for i in 0..n {
            v |= u64::from(self.byte()?) << (8 * i);
        }
        Some(v)
    }

    /// A duration: the opcode's top bits pick the scale, from tenths of a second to any
    /// `u64`.
    fn ms(&mut self, op: u8) -> Option<u64> {
        Some(match op >> 6 {
            0 => self.int(1)? * 100,
            1 => self.int(2)? * 10,
            2 => self.int(4)?,
            _ => self.int(8)?,
        })
    }
}

fn color(op: u8) -> Color {
    if op & 0x20 == 0 {
        Color::Black
    } else {
        Color::White
    }
}

/// The clock event of operation byte `op`, its values read from `input` (`None` when
/// the input ends first).
fn next_event(op: u8, input: &mut Bytes<'_>) -> Option<ClockEvent> {
    Some(match op & 0x7 {
        0..=3 => ClockEvent::Move {
            elapsed_ms: input.ms(op)?,
        },
        4 => ClockEvent::Penalty(Penalty {
            offender: color(op),
            // Up to a little more than the five minutes allowed.
            taken_ms: input.int(2)? * 5,
            given_ms: input.int(2)? * 5,
        }),
        5 => ClockEvent::LateArrival(LateArrival {
            color: color(op),
            late_ms: input.ms(op)?,
        }),
        6 => ClockEvent::Split,
        _ => ClockEvent::BothFlagsDown,
    })
}

/// A clock of `tc` driven by `bytes`, its properties checked after every event.
pub fn drive_clock(tc: &TimeControl, bytes: &[u8]) {
    let mut input = Bytes(bytes.iter());
    let both_flags = match input.byte() {
        Some(b) if b & 1 == 1 => BothFlags::ContinueUnlessLastPeriod,
        _ => BothFlags::Draw,
    };
    let options = ClockOptions {
        both_flags,
        default_time_ms: 3_600_000,
    };
    let Ok(mut clock) = Clock::new(tc, options) else {
        return;
    };
    check_state(tc, &clock);
    while let Some(op) = input.byte() {
        let Some(event) = next_event(op, &mut input) else {
            break;
        };
        let before = clock.clone();
        let before_state = clock.state();
        let mover = clock.to_move();
        let after = match clock.apply(event) {
            Ok(after) => after,
            Err(e) => {
                assert_eq!(
                    clock, before,
                    "{tc}: the refused {event:?} ({e}) changed the clock"
                );
                if let ClockError::Stopped(r) = e {
                    assert_eq!(r, before.result());
                    assert_ne!(r, ClockResult::Running);
                }
                continue;
            }
        };
        assert_eq!(
            before.result(),
            ClockResult::Running,
            "{tc}: a stopped clock took {event:?}"
        );
        assert_eq!(
            after,
            clock.state(),
            "{tc}: the state returned is not the clock's"
        );
        check_state(tc, &clock);
        if let ClockEvent::Move { elapsed_ms } = event {
            let side = before_state.side(mover);
            let now = after.side(mover);
            let flagged = matches!(after.result, ClockResult::Flag { loser, .. } if loser == mover);
            assert_eq!(
                now.moves,
                side.moves + 1,
                "{tc}: {event:?} {side:?} {now:?}"
            );
            if flagged {
                assert!(
                    elapsed_ms > side.time_left_ms,
                    "{tc}: the flag fell on a move in time: {event:?} {side:?} {now:?}"
                );
                assert_eq!(now.time_left_ms, 0, "{tc}: {event:?} {side:?} {now:?}");
            } else {
                assert_eq!(
                    now.used_ms,
                    side.used_ms + elapsed_ms,
                    "{tc}: a move in time is not all time used: {event:?} {side:?} {now:?}"
                );
                assert_eq!(after.to_move, mover.opponent());
            }
        }
        if after.result != ClockResult::Running {
            let stopped = clock.clone();
            assert!(clock.press(0).is_err(), "{tc}: a stopped clock took a move");
            assert_eq!(clock, stopped);
        }
    }
}

fn check_state(tc: &TimeControl, clock: &Clock) {
    let state = clock.state();
    if state.shared_ms.is_none() {
        for color in [Color::Black, Color::White] {
            let s = state.side(color);
            assert_eq!(
                s.used_ms + s.time_left_ms + s.lost_ms,
                s.granted_ms,
                "{tc}: {color}'s books do not balance: {s:?}"
            );
        }
    }
    // What Python pickles reads back as the same clock.
    let json = serde_json::to_string(clock).expect("a clock serializes");
    let back: Clock = serde_json::from_str(&json)
        .unwrap_or_else(|e| panic!("{tc}: the clock's JSON {json} does not read back: {e}"));
    assert_eq!(
        &back, clock,
        "{tc}: the clock's JSON reads back as another clock"
    );
}
