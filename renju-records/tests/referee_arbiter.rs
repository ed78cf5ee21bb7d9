//! The arbiter at the board (issue 39): pauses charge no clock and stop the players,
//! warnings count as violations (the second loses), penalties take time off a clock (the
//! flag falls when they take it all), a disqualification loses by forfeit; the record
//! keeps them all and validates to the live game's outcome and clocks.

use renju_core::{Color, Point, Termination};
use renju_records::formats::{movelist, sgf};
use renju_records::referee::{
    Action, MoveReading, Party, Referee, RefereeOptions, RefusalCode, Request, Status,
};
use renju_records::{Event, Game, Seat, TimeControl, ValidationOptions};

const S: u64 = 1000;

fn place(s: &str) -> Request {
    Request::new(Action::Place {
        point: s.parse::<Point>().unwrap(),
    })
}

fn arbiter(action: Action) -> Request {
    Request::new(action).by(Party::Arbiter)
}

fn timed(control: &str) -> (RefereeOptions, Referee) {
    let options = RefereeOptions {
        time_control: Some(control.parse::<TimeControl>().unwrap()),
        ..RefereeOptions::default()
    };
    (options.clone(), Referee::new(options).unwrap())
}

fn left(referee: &Referee) -> (u64, u64) {
    let clock = referee.status().clock.unwrap();
    (clock.black.time_left_ms, clock.white.time_left_ms)
}

fn refused(referee: &mut Referee, request: Request) -> RefusalCode {
    let before = referee.status().to_json();
    let code = referee.act(request).unwrap_err().code;
    assert_eq!(referee.status().to_json(), before);
    code
}

fn validation(options: &RefereeOptions) -> ValidationOptions {
    ValidationOptions {
        time_control: options.time_control.clone(),
        ..ValidationOptions::default()
    }
}

/// The time left after every move: as the live referee read it into its record, and as
/// a replay of the record gives it.
fn readings(game: &Game, options: &RefereeOptions) -> (Vec<u64>, Vec<u64>) {
    let live = game
        .events
        .iter()
        .filter_map(|e| match e {
            Event::MoveTime { left_ms, .. } => *left_ms,
            _ => None,
        })
        .collect();
    let replay = game.replay(&validation(options));
    let replayed = replay
        .clock
        .iter()
        .map(|c| c.state.side(c.state.to_move.opponent()).time_left_ms)
        .collect();
    (live, replayed)
}

#[test]
fn a_100_second_pause_charges_no_one() {
    let (_, mut referee) = timed("300");
    referee.act(place("h8").at(10 * S)).unwrap();
    referee.act(arbiter(Action::Pause).at(15 * S)).unwrap();
    assert_eq!(left(&referee), (290 * S, 295 * S));
    let status = referee.act(Request::new(Action::Tick).at(60 * S)).unwrap();
    assert!(status.paused);
    assert_eq!(status.clock.unwrap().running, None);
    assert!(status.to_json().contains(r#""paused":true"#));
    referee.act(arbiter(Action::Unpause).at(115 * S)).unwrap();
    assert!(!referee.status().paused);
    assert_eq!(left(&referee), (290 * S, 295 * S));
    referee.act(place("h9").at(120 * S)).unwrap();
    assert_eq!(left(&referee), (290 * S, 290 * S));
}

#[test]
fn while_paused_players_are_refused_and_the_arbiter_is_not() {
    let (_, mut referee) = timed("300");
    referee.act(place("h8").at(S)).unwrap();
    referee.act(arbiter(Action::Pause).at(2 * S)).unwrap();
    for action in [
        Action::Place {
            point: "h9".parse().unwrap(),
        },
        Action::Pass,
        Action::DrawOffer,
        Action::Resign,
        Action::Forfeit,
    ] {
        let request = Request::new(action).at(3 * S);
        assert_eq!(refused(&mut referee, request), RefusalCode::Paused);
    }
    let pause = arbiter(Action::Pause).at(3 * S);
    assert_eq!(refused(&mut referee, pause), RefusalCode::WrongAction);
    let back = arbiter(Action::Unpause).at(S);
    assert_eq!(refused(&mut referee, back), RefusalCode::BadRequest);
    let by_player = Request::new(Action::Unpause).by(Seat::First).at(4 * S);
    assert_eq!(refused(&mut referee, by_player), RefusalCode::BadRequest);
    // The arbiter acts during a pause: a warning, then the end of it.
    let warning = Action::Warning {
        seat: Seat::Second,
        reason: "talking".into(),
    };
    referee.act(arbiter(warning).at(4 * S)).unwrap();
    referee.act(arbiter(Action::Unpause).at(5 * S)).unwrap();
    let unpause = arbiter(Action::Unpause).at(5 * S);
    assert_eq!(refused(&mut referee, unpause), RefusalCode::WrongAction);
    referee.act(place("h9").at(6 * S)).unwrap();
}

#[test]
fn a_second_warning_loses_the_game() {
    let mut referee = Referee::new(RefereeOptions::default()).unwrap();
    referee.act(place("h8")).unwrap();
    let warn = |seat| Action::Warning {
        seat,
        reason: String::new(),
    };
    referee.act(Request::new(warn(Seat::First))).unwrap();
    referee.act(place("h9")).unwrap();
    assert!(referee.outcome().is_none());
    let status = referee.act(Request::new(warn(Seat::First))).unwrap();
    let ending = status.outcome.unwrap();
    assert_eq!(ending.termination, Termination::Violations);
    assert_eq!(ending.winner_seat, Some(Seat::Second));
    let game = referee.game();
    let report = game.validate(&ValidationOptions::default());
    assert_eq!(report.outcome, referee.outcome().unwrap());
}

#[test]
fn a_penalty_takes_its_time_and_is_checked() {
    let (_, mut referee) = timed("600");
    referee.act(place("h8").at(10 * S)).unwrap();
    let penalty = |seat, ms| arbiter(Action::Penalty { seat, ms }).at(10 * S);
    referee.act(penalty(Seat::First, 60 * S)).unwrap();
    assert_eq!(left(&referee), (530 * S, 600 * S));
    // More than five minutes: the rules' limit is "generally", so it is applied, and
    // the record's validation notes it.
    referee.act(penalty(Seat::First, 6 * 60 * S)).unwrap();
    assert_eq!(left(&referee), (170 * S, 600 * S));
    assert!(referee
        .findings()
        .iter()
        .any(|f| f.code == renju_records::FindingCode::LongPenalty));
    let mut untimed = Referee::new(RefereeOptions::default()).unwrap();
    let request = Request::new(Action::Penalty {
        seat: Seat::First,
        ms: S,
    });
    assert_eq!(refused(&mut untimed, request), RefusalCode::BadRequest);
}

fn penalise(referee: &mut Referee, seat: Seat, ms: u64, t: u64) -> Status {
    let penalty = Action::Penalty { seat, ms };
    referee.act(arbiter(penalty).at(t)).unwrap()
}

#[test]
fn a_penalty_beyond_the_time_left_makes_the_flag_fall() {
    // The running player: the time they used on the move counts, and a penalty that
    // leaves them nothing ends the game as one that empties a waiting player's clock.
    let (options, mut referee) = timed("120");
    referee.act(place("h8").at(10 * S)).unwrap();
    let status = penalise(&mut referee, Seat::Second, 99 * S, 30 * S);
    assert_eq!(status.clock.unwrap().white.time_left_ms, S);
    let status = penalise(&mut referee, Seat::Second, S, 30 * S);
    let ending = status.outcome.unwrap();
    assert_eq!(ending.termination, Termination::Time);
    assert_eq!(ending.winner, Some(Color::Black));
    let game = referee.game();
    assert_eq!(
        game.validate(&validation(&options)).outcome,
        referee.outcome().unwrap()
    );
    // The waiting player: their clock alone.
    let (_, mut referee) = timed("120");
    referee.act(place("h8").at(10 * S)).unwrap();
    let status = penalise(&mut referee, Seat::First, 110 * S, 10 * S);
    assert_eq!(status.outcome.unwrap().winner, Some(Color::White));
}

#[test]
fn a_disqualification_loses_by_forfeit_with_its_reason() {
    let mut referee = Referee::new(RefereeOptions::default()).unwrap();
    referee.act(place("h8")).unwrap();
    let disqualify = Action::Disqualify {
        seat: Seat::First,
        reason: "used a computer".into(),
    };
    let ending = referee.act(arbiter(disqualify)).unwrap().outcome.unwrap();
    assert_eq!(ending.termination, Termination::Forfeit);
    assert_eq!(ending.winner_seat, Some(Seat::Second));
    assert_eq!(referee.tag("termination"), Some("used a computer"));
    assert_eq!(referee.forfeiture().unwrap().by, Party::Arbiter);
    assert_eq!(
        refused(&mut referee, arbiter(Action::Pause)),
        RefusalCode::GameOver
    );
}

#[test]
fn the_record_keeps_the_arbiters_acts_and_replays_to_the_same_game() {
    let (options, mut referee) = timed("300+5");
    let read = |r: &mut Referee, request: Request| {
        r.take_read(&request, MoveReading::default()).unwrap();
    };
    read(&mut referee, place("h8").at(4 * S));
    read(&mut referee, arbiter(Action::Pause).at(6 * S));
    read(&mut referee, arbiter(Action::Unpause).at(106 * S));
    read(&mut referee, place("h9").at(110 * S));
    let penalty = Action::Penalty {
        seat: Seat::First,
        ms: 60 * S,
    };
    read(&mut referee, arbiter(penalty).at(111 * S));
    let warning = Action::Warning {
        seat: Seat::Second,
        reason: "noise".into(),
    };
    read(&mut referee, arbiter(warning).at(112 * S));
    for (i, point) in ["i8", "i9", "j8", "j9"].iter().enumerate() {
        read(&mut referee, place(point).at(120 * S + i as u64 * S));
    }
    let second = Action::Warning {
        seat: Seat::Second,
        reason: "noise".into(),
    };
    read(&mut referee, arbiter(second).at(130 * S));
    let outcome = referee.outcome().unwrap();
    assert_eq!(outcome.termination, Termination::Violations);
    let game = referee.game();
    let kinds: Vec<&str> = game.events.iter().map(Event::kind).collect();
    for kind in ["pause", "unpause", "penalty", "violation"] {
        assert!(kinds.contains(&kind), "{kind} missing from {kinds:?}");
    }
    assert_eq!(game.validate(&validation(&options)).outcome, outcome);
    let (live, replayed) = readings(&game, &options);
    assert_eq!(live.len(), 6);
    assert_eq!(live, replayed);
    // Black: 4 s, then 60 s of penalty; White: 2 s before the pause and 4 s after it.
    assert_eq!(live[..2], [301 * S, 299 * S]);
    assert_eq!(live[2], 301 * S - 60 * S - 10 * S + 5 * S);
    // A move list holds them and reads back the same record; SGF cannot.
    let bytes = movelist::write(std::slice::from_ref(&game)).unwrap();
    let text = String::from_utf8(bytes.clone()).unwrap();
    assert!(
        // The pause's 100 s are kept beside it.
        text.contains(" pause unpause=100 "),
        "{text}"
    );
    let back = movelist::read(&bytes, None).remove(0).unwrap();
    assert_eq!(back.events, game.events);
    let mut untimed = game.clone();
    untimed
        .events
        .retain(|e| !matches!(e, Event::MoveTime { .. }));
    let error = sgf::write(&[untimed]).unwrap_err();
    assert!(error.to_string().contains("pause"), "{error}");
    // A referee resumed from the record knows the game is over, as replay does.
    let resumed = Referee::resume(&game, options).unwrap();
    assert_eq!(resumed.outcome(), Some(outcome));
}

#[test]
fn a_referee_resumed_inside_a_pause_is_paused() {
    let (options, mut referee) = timed("300");
    referee.act(place("h8").at(S)).unwrap();
    referee.act(arbiter(Action::Pause).at(2 * S)).unwrap();
    let resumed = Referee::resume(&referee.game(), options).unwrap();
    assert!(resumed.status().paused);
}

#[test]
fn the_wire_reads_the_arbiters_actions() {
    let mut referee = Referee::new(RefereeOptions::default()).unwrap();
    for line in [
        r#"{"action":"pause","by":"arbiter","t":5}"#,
        r#"{"action":"unpause","t":6}"#,
        r#"{"action":"warning","seat":"first","reason":"late to the board"}"#,
    ] {
        let reply = referee.handle_json(line);
        assert!(reply.contains(r#""ok":true"#), "{line}: {reply}");
    }
    let reply = referee.handle_json(r#"{"action":"penalty","seat":"first"}"#);
    assert!(reply.contains("`penalty` needs `ms`"), "{reply}");
    let reply = referee.handle_json(r#"{"action":"pause","by":"second"}"#);
    assert!(reply.contains("only the arbiter can"), "{reply}");
    let line = r#"{"action":"disqualify","seat":"second","reason":"abuse","by":"arbiter"}"#;
    let request: Request = serde_json::from_str(line).unwrap();
    assert_eq!(serde_json::to_string(&request).unwrap(), line);
}

/// The arbiter's reasons go into the record: they are checked as every free text is
/// (a newline would start a line of its own in a move list), and refused with the
/// referee unchanged.
#[test]
fn the_arbiters_reasons_are_checked_as_free_text() {
    let mut referee = Referee::new(RefereeOptions::default()).unwrap();
    referee.act(place("h8")).unwrap();
    let before = referee.game();
    for action in [
        Action::Warning {
            seat: Seat::First,
            reason: "late\n# rule: freestyle".into(),
        },
        Action::Disqualify {
            seat: Seat::Second,
            reason: "x".repeat(2000),
        },
    ] {
        assert_eq!(
            refused(&mut referee, Request::new(action)),
            RefusalCode::BadRequest
        );
    }
    assert_eq!(referee.game(), before);
    let fine = Action::Disqualify {
        seat: Seat::Second,
        reason: "left the hall".into(),
    };
    referee.act(Request::new(fine)).unwrap();
    assert_eq!(referee.game().tag("termination"), Some("left the hall"));
}
