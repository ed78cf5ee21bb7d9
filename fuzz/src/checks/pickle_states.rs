//! The states Python unpickles (`renju-py/src/pickle.rs`): a core value's serde JSON,
//! or a text the core reads back. The decoding is renju-core's; the Python classes
//! only wrap the value (the standings' exact state, `StandingsState`, is decoded in
//! renju-py itself and is not reached here).
//!
//! Properties: a state that decodes gives a value whose own state decodes to the same
//! value (and the same state); the value's methods that Python calls do not panic, and a
//! clock refuses or takes a move without panicking.
//!
//! Input: the first byte picks the class; the rest is the state.

use renju_core::{Move, Outcome, Point, Position};
use renju_engine::conform::ConformReport;
use renju_records::clock::{Clock, ClockEvent, ClockState};
use renju_records::{
    Event, Finding, Game, GameReport, Opening, OpeningRule, Replay, Report, Summary, TimeControl,
    ValidationOptions,
};
use renju_tournament::{standings, StandingsOptions, Tournament, TournamentFinding};
use serde::de::DeserializeOwned;
use serde::Serialize;

/// Checks the state in `data` (after its first byte) as the class the first byte picks.
pub fn check(data: &[u8]) {
    let Some((&pick, state)) = data.split_first() else {
        return;
    };
    match pick % 18 {
        0 => {
            if let Some(pos) = json::<Position>(state) {
                let _ = pos.forbidden_points();
                let _ = pos.outcome();
                let mut pos = pos;
                while pos.undo().is_some() {}
            }
        }
        1 => {
            if let Some(mut clock) = json::<Clock>(state) {
                let _ = clock.state();
                let _ = clock.apply(ClockEvent::BothFlagsDown);
                let _ = clock.press(1000);
                let _ = clock.state();
            }
        }
        2 => {
            json::<ClockState>(state);
        }
        3 => {
            if let Some(game) = json::<Game>(state) {
                let _ = game.validate(&ValidationOptions::default());
            }
        }
        4 => {
            json::<Event>(state);
        }
        5 => {
            json::<Replay>(state);
        }
        6 => {
            if let Some((t, _)) = json::<(Tournament, Vec<TournamentFinding>)>(state) {
                let _ = standings(&t, &StandingsOptions::default());
                let _ = t.to_trf();
            }
        }
        7 => {
            json::<TournamentFinding>(state);
        }
        8 => {
            json::<Report>(state);
        }
        9 => {
            json::<GameReport>(state);
        }
        10 => {
            json::<Summary>(state);
        }
        11 => {
            json::<Finding>(state);
        }
        12 => {
            json::<(ConformReport, serde_json::Value)>(state);
        }
        13 => {
            json::<Outcome>(state);
        }
        14 => {
            json::<Opening>(state);
        }
        15 => {
            if let Some(tc) = text::<TimeControl>(state) {
                if let Ok(clock) = Clock::new(&tc, Default::default()) {
                    let _ = clock.state();
                }
            }
        }
        16 => {
            text::<Point>(state);
            text::<Move>(state);
        }
        _ => {
            text::<OpeningRule>(state);
        }
    }
}

/// A JSON state: if it decodes, the value's own state decodes to the same state.
fn json<T: Serialize + DeserializeOwned>(state: &[u8]) -> Option<T> {
    let value: T = serde_json::from_slice(state).ok()?;
    let first = serde_json::to_vec(&value).expect("a decoded state encodes");
    let again: T = serde_json::from_slice(&first).unwrap_or_else(|e| {
        panic!(
            "{}: the state of a decoded value does not decode: {e}\n{}",
            std::any::type_name::<T>(),
            String::from_utf8_lossy(&first)
        )
    });
    let second = serde_json::to_vec(&again).expect("a decoded state encodes");
    assert_eq!(
        String::from_utf8_lossy(&second),
        String::from_utf8_lossy(&first),
        "{}: the state changes when decoded again",
        std::any::type_name::<T>()
    );
    Some(value)
}

/// A text state: if it reads, its text reads back as the same text.
fn text<T: std::str::FromStr + std::fmt::Display>(state: &[u8]) -> Option<T> {
    let value: T = std::str::from_utf8(state).ok()?.parse().ok()?;
    let first = value.to_string();
    let again: T = first.parse().unwrap_or_else(|_| {
        panic!(
            "{}: the text {first:?} of a value read does not read back",
            std::any::type_name::<T>()
        )
    });
    assert_eq!(
        again.to_string(),
        first,
        "{}: the text changes when read again",
        std::any::type_name::<T>()
    );
    Some(value)
}
