//! Late arrival and no-show in the live referee (issue 39): under a late limit no clock
//! runs until both players have arrived, each player's lateness goes on their own
//! clock, a player absent past the limit forfeits and two absent players both lose;
//! the records validate to the same outcomes and clocks.

use renju_core::{Color, Point, Termination};
use renju_records::referee::{Action, Referee, RefereeOptions, RefusalCode, Request, Status};
use renju_records::{Game, Seat, Severity, TimeControl, ValidationOptions};

const S: u64 = 1000;
const LIMIT: u64 = 900 * S;

fn options(control: Option<&str>) -> RefereeOptions {
    RefereeOptions {
        time_control: control.map(|c| c.parse::<TimeControl>().unwrap()),
        late_limit_ms: Some(LIMIT),
        ..RefereeOptions::default()
    }
}

fn place(s: &str) -> Request {
    Request::new(Action::Place {
        point: s.parse::<Point>().unwrap(),
    })
}

fn arrive(seat: Seat, t: u64) -> Request {
    Request::new(Action::Arrive).by(seat).at(t)
}

fn tick(t: u64) -> Request {
    Request::new(Action::Tick).at(t)
}

fn left(status: &Status) -> (u64, u64) {
    let clock = status.clock.unwrap();
    (clock.black.time_left_ms, clock.white.time_left_ms)
}

fn replayed(game: &Game, options: &RefereeOptions) -> renju_core::Outcome {
    let validation = ValidationOptions {
        time_control: options.time_control.clone(),
        ..ValidationOptions::default()
    };
    let report = game.validate(&validation);
    let errors = report
        .findings
        .iter()
        .filter(|f| f.code.severity() == Severity::Error);
    assert_eq!(errors.count(), 0, "{:?}", report.findings);
    report.outcome
}

#[test]
fn a_no_show_forfeits_at_the_limit() {
    let options = options(Some("1800"));
    let mut referee = Referee::new(options.clone()).unwrap();
    let status = referee.act(arrive(Seat::Second, 60 * S)).unwrap();
    assert_eq!(status.absent, vec![Seat::First]);
    assert_eq!(status.late_deadline, Some(LIMIT));
    assert_eq!(status.clock.unwrap().running, None);
    // At the limit the first player may still come.
    referee.act(tick(LIMIT)).unwrap();
    assert!(referee.outcome().is_none());
    // Past it they have forfeited, and their move is refused.
    let refusal = referee.act(place("h8").at(LIMIT + 1)).unwrap_err();
    assert_eq!(refusal.code, RefusalCode::GameOver);
    let ending = referee.status().outcome.unwrap();
    assert_eq!(ending.termination, Termination::Forfeit);
    assert_eq!(ending.winner_seat, Some(Seat::Second));
    let game = referee.game();
    assert_eq!(
        game.tag("termination"),
        Some("absent at the late limit (15:00)")
    );
    assert_eq!(replayed(&game, &options), referee.outcome().unwrap());
    let again = Referee::from_actions(options, referee.actions()).unwrap();
    assert_eq!(again.status(), referee.status());
}

#[test]
fn two_no_shows_both_lose() {
    let options = options(None);
    let mut referee = Referee::new(options.clone()).unwrap();
    assert_eq!(referee.status().absent, vec![Seat::First, Seat::Second]);
    let status = referee.act(tick(LIMIT + 1)).unwrap();
    let ending = status.outcome.unwrap();
    assert_eq!(
        (ending.termination, ending.result),
        (Termination::DoubleForfeit, "0-0")
    );
    assert_eq!(ending.winner, None);
    assert_eq!(
        replayed(&referee.game(), &options),
        referee.outcome().unwrap()
    );
}

#[test]
fn lateness_goes_on_the_late_players_own_clock() {
    // The first player (Black) is at the board from the start and moves at 10 s; the
    // second player arrives at 70 s by their move: their clock ran from the start, and
    // Black's did not run while they were absent.
    let options = options(Some("300"));
    let mut referee = Referee::new(options.clone()).unwrap();
    referee.act(arrive(Seat::First, 0)).unwrap();
    let status = referee.act(place("h8").at(10 * S)).unwrap();
    assert_eq!(status.absent, vec![Seat::Second]);
    assert_eq!(left(&status), (300 * S, 300 * S));
    let status = referee.act(place("i9").at(70 * S)).unwrap();
    assert!(status.absent.is_empty() && status.late_deadline.is_none());
    assert_eq!(left(&status), (300 * S, 230 * S));
    assert_eq!(status.clock.unwrap().running, Some(Color::Black));
    let status = referee.act(place("j10").at(75 * S)).unwrap();
    assert_eq!(left(&status), (295 * S, 230 * S));
    // Past the limit no one forfeits: both are there (White's flag has fallen by then).
    referee.act(tick(LIMIT + 1)).unwrap();
    assert_eq!(referee.outcome().unwrap().termination, Termination::Time);
    let replay = referee.game().replay(&ValidationOptions {
        time_control: options.time_control.clone(),
        ..ValidationOptions::default()
    });
    let black = replay.clock[0].state.black.time_left_ms;
    let white = replay.clock[1].state.white.time_left_ms;
    assert_eq!((black, white), (300 * S, 230 * S));
}

#[test]
fn without_a_late_limit_nothing_is_tracked() {
    let mut referee = Referee::new(RefereeOptions::default()).unwrap();
    let status = referee.act(tick(10 * LIMIT)).unwrap();
    assert!(status.absent.is_empty() && status.late_deadline.is_none());
    assert!(referee.outcome().is_none());
}
