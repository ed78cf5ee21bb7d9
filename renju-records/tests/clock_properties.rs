//! Clock properties on random games: the time books balance at every step, the flag
//! falls exactly when a move takes longer than the time the side has, and nothing is
//! left below zero.

use proptest::prelude::*;
use renju_core::Color;
use renju_records::clock::{Clock, ClockEvent, ClockOptions, ClockResult, Penalty};
use renju_records::formats::sgf;
use renju_records::game::{Event, Game};
use renju_records::time_control::TimeControl;
use renju_records::ValidationOptions;

const CONTROLS: &[&str] = &[
    "300",
    "300+5",
    "60+30",
    "2/100:1/50",
    "40/600:20/300:120+5",
    "120:2/60",
    "40/6000+30:900+30",
    "W300-B240",
    "TM[60]OT[3x30 byo-yomi]",
    "TM[30]OT[3/60 Canadian]",
    "TM[120]OT[10 Fischer]",
    "OT[20 simple]",
];

fn event() -> impl Strategy<Value = ClockEvent> {
    prop_oneof![
        8 => (0u64..90_000).prop_map(|elapsed_ms| ClockEvent::Move { elapsed_ms }),
        1 => (any::<bool>(), 0u64..=300_000, 0u64..=300_000).prop_map(|(b, taken_ms, given_ms)| {
            ClockEvent::Penalty(Penalty {
                offender: if b { Color::Black } else { Color::White },
                taken_ms,
                given_ms,
            })
        }),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn books_balance_and_flags_fall_exactly(
        control in 0..CONTROLS.len(),
        events in prop::collection::vec(event(), 0..120),
    ) {
        let tc: TimeControl = CONTROLS[control].parse().unwrap();
        let mut clock = Clock::new(&tc, ClockOptions::default()).unwrap();
        for e in events {
            let before = clock.state();
            let mover = clock.to_move();
            let after = match clock.apply(e) {
                Ok(s) => s,
                Err(_) => break,
            };
            for color in [Color::Black, Color::White] {
                let s = after.side(color);
                prop_assert_eq!(
                    s.used_ms + s.time_left_ms + s.lost_ms,
                    s.granted_ms,
                    "{} {:?} {:?}", CONTROLS[control], color, s
                );
            }
            if let ClockEvent::Move { elapsed_ms } = e {
                let side = before.side(mover);
                let flagged = matches!(after.result, ClockResult::Flag { loser, .. } if loser == mover);
                // Overtime and main time can absorb more than the period's time left; a
                // flag can only fall when the move took longer than that.
                if flagged {
                    prop_assert!(elapsed_ms > side.time_left_ms);
                    prop_assert_eq!(after.side(mover).time_left_ms, 0);
                } else {
                    prop_assert_eq!(after.side(mover).used_ms, side.used_ms + elapsed_ms);
                    prop_assert_eq!(after.side(mover).moves, side.moves + 1);
                }
            }
            if after.result != ClockResult::Running {
                prop_assert!(clock.press(0).is_err());
                break;
            }
        }
    }

    #[test]
    fn sudden_death_flags_exactly_when_the_total_is_exceeded(
        times in prop::collection::vec(0u64..20_000, 1..60),
    ) {
        let mut clock = Clock::new(&"300".parse().unwrap(), ClockOptions::default()).unwrap();
        let mut spent = [0u64; 2];
        for (i, &t) in times.iter().enumerate() {
            let side = i % 2;
            spent[side] += t;
            let s = clock.press(t).unwrap();
            if spent[side] > 300_000 {
                let flag_move = match s.result {
                    ClockResult::Flag { move_number, .. } => Some(move_number as usize),
                    _ => None,
                };
                prop_assert_eq!(flag_move, Some(i + 1));
                break;
            }
            prop_assert_eq!(s.result, ClockResult::Running);
            let left = if side == 0 { s.black.time_left_ms } else { s.white.time_left_ms };
            prop_assert_eq!(left, 300_000 - spent[side]);
        }
    }

    /// A clock replayed from a record's times reproduces the time left a writer put in
    /// the record: the times left after each move (from a clock fed random elapsed
    /// times) are written to SGF (`BL`/`WL`), read back, and replayed without a finding.
    #[test]
    fn sgf_time_left_round_trips_through_the_clock(
        control in prop::sample::select(vec!["300", "300+5", "120+30", "TM[600]OT[10 Fischer]"]),
        times in prop::collection::vec(0u64..20_000, 1..30),
    ) {
        let tc: TimeControl = control.parse().unwrap();
        let mut clock = Clock::new(&tc, ClockOptions::default()).unwrap();
        let mut game = Game::new(15);
        game.rule_set = Some(renju_core::RuleSet::Freestyle);
        game.time_control = Some(tc.clone());
        for (i, &t) in times.iter().enumerate() {
            let mover = clock.to_move();
            let Ok(state) = clock.press(t) else { break };
            if state.result != ClockResult::Running {
                break;
            }
            // Stones far apart, so that no five ends the game.
            let point = renju_core::Point::new((i % 15) as u8, ((i / 15) * 7) as u8).unwrap();
            game.events.push(Event::Stone { point });
            game.events.push(Event::MoveTime {
                elapsed_ms: None,
                left_ms: Some(state.side(mover).time_left_ms),
                moves_left: None,
            });
        }
        let bytes = sgf::write(std::slice::from_ref(&game)).unwrap();
        let back = sgf::read(&bytes, None).remove(0).unwrap();
        prop_assert_eq!(&back.events, &game.events);
        prop_assert_eq!(back.time_control.as_ref(), Some(&tc));
        let replay = back.replay(&ValidationOptions::default());
        prop_assert!(replay.findings.is_empty(), "{:?}", replay.findings);
        let stones = game.moves().count();
        prop_assert_eq!(replay.clock.len(), stones);
    }
}
