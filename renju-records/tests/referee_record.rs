//! The referee writes the whole record as play goes (`Referee::name_players`,
//! `Referee::take_read`, `Referee::forfeit`): names, move times of an untimed game,
//! time-left readings of a timed one and the reason of a forfeit are in the record it
//! gives, with nothing added afterwards, and the record validates to the referee's
//! outcome. The time-left readings are those a replay of the record's clock gives (what
//! a caller computed afterwards before).

use renju_core::{Point, Termination};
use renju_records::referee::{Action, MoveReading, Party, Referee, RefereeOptions, Request};
use renju_records::{Event, Game, OpeningRule, Seat, TimeControl, ValidationOptions};

fn place(s: &str) -> Request {
    Request::new(Action::Place {
        point: s.parse::<Point>().unwrap(),
    })
}

fn tag<'a>(game: &'a Game, key: &str) -> Option<&'a str> {
    game.tags
        .iter()
        .find(|(k, _)| k == key)
        .map(|(_, v)| v.as_str())
}

fn validation(options: &RefereeOptions) -> ValidationOptions {
    ValidationOptions {
        rule_set: options.rule_set,
        opening: options.opening,
        renju: options.renju,
        time_control: options.time_control.clone(),
        ..ValidationOptions::default()
    }
}

fn move_times(game: &Game) -> Vec<(Option<u64>, Option<u64>)> {
    game.events
        .iter()
        .filter_map(|e| match e {
            Event::MoveTime {
                elapsed_ms,
                left_ms,
                ..
            } => Some((*elapsed_ms, *left_ms)),
            _ => None,
        })
        .collect()
}

#[test]
fn an_untimed_game_carries_names_thinking_times_and_the_forfeit_reason() {
    let options = RefereeOptions {
        opening: OpeningRule::Rif1996,
        ..RefereeOptions::default()
    };
    let mut referee = Referee::new(options.clone()).unwrap();
    referee.name_players("Alpha", "Beta");
    referee.set_tag("event", "Test match");
    referee.set_id("7");
    let opening = ["h8", "h9", "j10"].map(place);
    for (i, request) in opening.iter().enumerate() {
        referee
            .take_read(request, MoveReading::thought(100 * (i as u64 + 1)))
            .unwrap();
    }
    // The second player swaps: Beta now holds Black.
    referee.take(&Request::new(Action::Swap)).unwrap();
    referee
        .take_read(&place("g10"), MoveReading::thought(400))
        .unwrap();
    referee
        .forfeit(Seat::Second, Party::Arbiter, "Beta answered garbage", None)
        .unwrap();
    let game = referee.game();
    assert_eq!(tag(&game, "black"), Some("Beta"));
    assert_eq!(tag(&game, "white"), Some("Alpha"));
    assert_eq!(tag(&game, "event"), Some("Test match"));
    assert_eq!(game.id.as_deref(), Some("7"));
    assert_eq!(tag(&game, "termination"), Some("Beta answered garbage"));
    let times: Vec<_> = move_times(&game).into_iter().map(|(e, _)| e).collect();
    assert_eq!(times, [Some(100), Some(200), Some(300), Some(400)]);
    let forfeiture = referee.forfeiture().unwrap();
    assert_eq!(
        (forfeiture.seat, forfeiture.by),
        (Seat::Second, Party::Arbiter)
    );
    let outcome = referee.outcome().unwrap();
    assert_eq!(outcome.termination, Termination::Forfeit);
    assert_eq!(game.validate(&validation(&options)).outcome, outcome);
    // The record goes through a text format and back with the same outcome.
    let text = referee.record(renju_records::Format::MoveList).unwrap();
    assert!(text.contains("Beta answered garbage"), "{text}");
}

#[test]
fn a_timed_game_carries_the_clock_readings_a_replay_gives() {
    let options = RefereeOptions {
        time_control: Some("60+2".parse::<TimeControl>().unwrap()),
        ..RefereeOptions::default()
    };
    let mut referee = Referee::new(options.clone()).unwrap();
    referee.name_players("Alpha", "Beta");
    let moves = ["h8", "h9", "i8", "i9", "j8", "j9", "k8", "k9"];
    for (i, point) in moves.iter().enumerate() {
        let t = 1_500 * (i as u64 + 1) + 37 * i as u64;
        referee
            .take_read(&place(point).at(t), MoveReading::default())
            .unwrap();
    }
    referee
        .take_read(&place("l8").at(20_000), MoveReading::default())
        .unwrap();
    let game = referee.game();
    let outcome = referee.outcome().unwrap();
    assert_eq!(outcome.termination, Termination::Five);
    let validation = validation(&options);
    let report = game.validate(&validation);
    assert_eq!(report.outcome, outcome);
    // Each reading is the mover's clock after the move, as the record's own replay has it.
    let replay = game.replay(&validation);
    let readings: Vec<Option<u64>> = move_times(&game)
        .into_iter()
        .map(|(_, left)| left)
        .collect();
    let replayed: Vec<Option<u64>> = replay
        .clock
        .iter()
        .map(|c| Some(c.state.side(c.state.to_move.opponent()).time_left_ms))
        .collect();
    assert_eq!(readings.len(), moves.len() + 1);
    assert_eq!(readings, replayed);
    assert!(
        replay
            .findings
            .iter()
            .all(|f| f.code != renju_records::FindingCode::ClockMismatch),
        "{:?}",
        replay.findings
    );
}
