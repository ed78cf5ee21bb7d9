//! Decisions beyond the board during a replay: the clock (replayed from the record's
//! times and checked against its readings), draw offers, violations, resignation,
//! forfeits and referee decisions (see the repository's `docs/rules.md`, Clocks and
//! Decisions).
//!
//! A `Decisions` follows the record's events beside the board: `Decisions::moved` after
//! every move the board accepts, `Decisions::event` for every other event. It ends the
//! game when a decision does, and reports what it finds.

// Times, counts and move numbers never wrap or panic: every arithmetic on them is
// checked or saturating.
#![warn(clippy::arithmetic_side_effects)]

use serde::{Deserialize, Serialize};

use crate::clock::{
    Clock, ClockError, ClockEvent, ClockOptions, ClockResult, ClockState, USUAL_MAX_PENALTY_MS,
};
use crate::findings::{Finding, FindingCode};
use crate::game::{Event, Game};
use crate::time_control::{format_clock, Schedule, TimeControl};
use renju_core::geometry::{Color, Point};
use renju_core::outcome::{Outcome, Termination};

/// What the clock says about a replayed game, for reports.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TimeReport {
    /// The time control the game was replayed under.
    pub control: TimeControl,
    /// Time used by Black, in milliseconds (as far as the record's times go).
    pub black_used_ms: u64,
    /// Time used by White, in milliseconds.
    pub white_used_ms: u64,
    /// Whose flag fell and during which move, if one did.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub flag: Option<FlagReport>,
    /// Whether the record's times cover every move.
    pub complete: bool,
}

/// A fallen flag.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct FlagReport {
    /// Who lost on time.
    pub color: Color,
    /// The move during which the flag fell.
    #[serde(rename = "move")]
    pub move_number: usize,
}

/// The clock state after one move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveClock {
    /// The move number (1-based).
    #[serde(rename = "move")]
    pub move_number: usize,
    /// Both clocks after it.
    pub state: ClockState,
}

/// A move of a player's clock (clocks belong to players, `docs/rules.md`, Clocks): a
/// stone they placed (of either colour), their set of fifth-move offers, or their swap.
#[derive(Debug, Clone, Copy)]
struct Press {
    /// The game's move number it is reported at (for a swap, the move it comes before).
    number: usize,
    /// The colour the player holds now (their clock).
    color: Color,
    /// Whether its time was read.
    timed: bool,
    /// Whether it is a swap (untimed, it is taken as instant; an untimed stone stops the
    /// checks).
    swap: bool,
}

/// A record's clock reading that contradicts the replayed clock.
#[derive(Debug, Clone)]
struct Mismatch {
    move_number: usize,
    what: String,
}

#[derive(Debug, Clone)]
pub(crate) struct Decisions {
    clock: Option<Clock>,
    control: Option<TimeControl>,
    tolerance_ms: u64,
    /// The last move played: (number, colour of its stone).
    last_move: Option<(usize, Color)>,
    /// The last move of a player's clock: a stone, or a swap (see [`Press`]).
    last_press: Option<Press>,
    /// Moves made by the player holding each colour now (stones placed, swaps, sets of
    /// offers), whether timed or not; exchanged with the colours.
    made: [usize; 2],
    /// The first move without a time, once the record's times stop.
    times_stop: Option<usize>,
    mismatches: Vec<Mismatch>,
    states: Vec<MoveClock>,
    /// Whether the clock after every move is kept (a replay's `clock`; not needed for a
    /// report).
    pub record_states: bool,
    flag: Option<FlagReport>,
    offers: [u32; 2],
    violations: [u32; 2],
    pending_offer: Option<Color>,
    /// The arbiter stopped the clocks (between [`Event::Pause`] and [`Event::Unpause`]).
    paused: bool,
    /// A move sealed at an adjournment, waiting for the resumption.
    pub(crate) sealed: Option<crate::sealed::Seal>,
    /// The sealed move revealed at the resumption: the next stone must be it.
    pub(crate) unsealed: Option<Point>,
    /// A decision ended the game: the outcome and whether it was the clock.
    pub decided: Option<Outcome>,
    pub ended_by_flag: bool,
}

fn idx(c: Color) -> usize {
    match c {
        Color::Black => 0,
        Color::White => 1,
    }
}

impl Decisions {
    pub(crate) fn new(
        game: &Game,
        control: Option<&TimeControl>,
        options: ClockOptions,
        tolerance_ms: u64,
        findings: &mut Vec<Finding>,
    ) -> Decisions {
        let control = game.time_control.as_ref().or(control).cloned();
        let clock =
            control
                .as_ref()
                .filter(|c| c.has_clock())
                .and_then(|c| match Clock::new(c, options) {
                    Ok(clock) => Some(clock),
                    Err(e) => {
                        findings.push(Finding::new(
                            FindingCode::InvalidClockEvent,
                            None,
                            e.to_string(),
                        ));
                        None
                    }
                });
        Decisions {
            control: clock.as_ref().and(control),
            clock,
            tolerance_ms,
            ..Decisions::idle()
        }
    }

    /// A referee with no clock, before the game is known.
    pub(crate) fn idle() -> Decisions {
        Decisions {
            clock: None,
            control: None,
            tolerance_ms: 0,
            last_move: None,
            last_press: None,
            made: [0; 2],
            times_stop: None,
            mismatches: Vec::new(),
            states: Vec::new(),
            record_states: true,
            flag: None,
            offers: [0; 2],
            violations: [0; 2],
            pending_offer: None,
            paused: false,
            sealed: None,
            unsealed: None,
            decided: None,
            ended_by_flag: false,
        }
    }

    /// The clock, in a timed game.
    pub(crate) fn clock(&self) -> Option<&Clock> {
        self.clock.as_ref()
    }

    /// The colour whose draw offer waits for an answer.
    pub(crate) fn pending_draw_offer(&self) -> Option<Color> {
        self.pending_offer
    }

    /// The colour of the last move played.
    pub(crate) fn last_mover(&self) -> Option<Color> {
        self.last_move.map(|(_, c)| c)
    }

    /// Live play: `loser`'s flag fell before move `move_number` was made.
    pub(crate) fn flag_fell(
        &mut self,
        loser: Color,
        move_number: usize,
        findings: &mut Vec<Finding>,
    ) {
        let number = u32::try_from(move_number).unwrap_or(u32::MAX);
        self.clock_result(
            ClockResult::Flag {
                loser,
                move_number: number,
                quota: false,
            },
            findings,
        );
    }

    fn decide(&mut self, outcome: Outcome) {
        self.decided.get_or_insert(outcome);
    }

    /// A move the board accepted: a stone (or pass) of `color`, made by the player
    /// holding `player` (in the opening one player places stones of both colours).
    pub(crate) fn moved(&mut self, number: usize, color: Color, player: Color) {
        self.close_press();
        self.last_move = Some((number, color));
        self.last_press = Some(Press {
            number,
            color: player,
            timed: false,
            swap: false,
        });
        self.made[idx(player)] = self.made[idx(player)].saturating_add(1);
        // A move by the player an offer was made to declines it.
        if self.pending_offer == Some(color.opponent()) {
            self.pending_offer = None;
        }
    }

    /// The player holding `swapper` swapped colours after `played` moves: each keeps
    /// their own clock, and the swap is one of the swapper's moves (the Chinese rules).
    pub(crate) fn swapped(&mut self, played: usize, swapper: Color) {
        self.close_press();
        if let Some(clock) = &mut self.clock {
            clock.swap_players();
        }
        self.made.swap(0, 1);
        let color = swapper.opponent();
        self.made[idx(color)] = self.made[idx(color)].saturating_add(1);
        self.last_press = Some(Press {
            number: played.saturating_add(1),
            color,
            timed: false,
            swap: true,
        });
    }

    /// The last press had no time: an untimed stone stops the checks; an untimed swap is
    /// taken as instant (a format that cannot hold its time leaves it in the next move's).
    fn close_press(&mut self) {
        let Some(press) = self.last_press.filter(|p| !p.timed) else {
            return;
        };
        if self.clock.is_none() || self.times_stop.is_some() || self.flag.is_some() {
            return;
        }
        if press.swap {
            self.last_press = Some(Press {
                timed: true,
                ..press
            });
            self.press(press, 0, &mut Vec::new());
        } else {
            self.times_stop = Some(press.number);
        }
    }

    /// An event that is not a move. `ended`: the game is already over.
    pub(crate) fn event(&mut self, event: &Event, ended: bool, findings: &mut Vec<Finding>) {
        let at = self.last_move.map(|(n, _)| n);
        let out_of_order = |findings: &mut Vec<Finding>, event: &Event| {
            findings.push(Finding::new(
                FindingCode::DecisionOutOfOrder,
                at,
                format!("{event} comes after the game ended"),
            ));
        };
        match event {
            Event::MoveTime {
                elapsed_ms,
                left_ms,
                moves_left,
            } => self.move_time(*elapsed_ms, *left_ms, *moves_left, findings),
            _ if ended || self.decided.is_some() => out_of_order(findings, event),
            Event::DrawOffer { by } => self.draw_offer(*by, at, findings),
            Event::DrawAnswer { accepted } => match self.pending_offer.take() {
                None => findings.push(Finding::new(
                    FindingCode::DecisionOutOfOrder,
                    at,
                    format!("{event}, but no draw offer is on the table"),
                )),
                Some(_) if *accepted => self.decide(Outcome::draw(Termination::AgreedDraw)),
                Some(_) => {}
            },
            Event::Violation { by, reason } => {
                findings.push(Finding::new(
                    FindingCode::Violation,
                    at,
                    format!("violation by {by}: {reason}"),
                ));
                self.violation(*by, at, findings);
            }
            Event::Penalty(penalty) => {
                let longest = penalty.taken_ms.max(penalty.given_ms);
                if longest > USUAL_MAX_PENALTY_MS {
                    findings.push(Finding::new(
                        FindingCode::LongPenalty,
                        at,
                        format!(
                            "a time penalty of {} for {} is more than the usual five minutes",
                            format_clock(longest),
                            penalty.offender
                        ),
                    ));
                }
                self.clock_event(ClockEvent::Penalty(*penalty), at, findings)
            }
            Event::LateArrival(late) => {
                self.clock_event(ClockEvent::LateArrival(*late), at, findings)
            }
            Event::SplitTime => self.clock_event(ClockEvent::Split, at, findings),
            Event::Pause | Event::Unpause { .. } => match self.pause_problem(event) {
                Some(problem) => findings.push(problem),
                None => self.paused = *event == Event::Pause,
            },
            Event::BothFlagsDown => {
                if self.clock.is_some() {
                    self.clock_event(ClockEvent::BothFlagsDown, at, findings);
                } else {
                    // No clock to consult: the rule alone decides (a draw).
                    self.decide(Outcome::draw(Termination::Time));
                }
            }
            Event::Resign { by } => {
                self.decide(Outcome::win(by.opponent(), Termination::Resignation))
            }
            Event::Forfeit { by } => self.decide(Outcome::win(by.opponent(), Termination::Forfeit)),
            Event::DoubleForfeit => self.decide(Outcome::draw(Termination::DoubleForfeit)),
            Event::Decision { winner, .. } => self.decide(Outcome {
                winner: *winner,
                termination: Termination::Declared,
            }),
            // Moves, opening events, the declared result and the adjournment belong to
            // the replay.
            Event::Seal { .. }
            | Event::Unseal { .. }
            | Event::Stone { .. }
            | Event::Pass
            | Event::Swap { .. }
            | Event::DeclareOffers { .. }
            | Event::FifthOffers { .. }
            | Event::Result(_) => {}
        }
    }

    fn draw_offer(&mut self, by: Color, at: Option<usize>, findings: &mut Vec<Finding>) {
        let problem = self.draw_offer_problem(by, at);
        self.offers[idx(by)] = self.offers[idx(by)].saturating_add(1);
        if let Some(problem) = problem {
            findings.push(problem);
            self.violation(by, at, findings);
        }
        if self.decided.is_none() {
            self.pending_offer = Some(by);
        }
    }

    /// The violation a draw offer by `by` would be now (not right after their own
    /// move, or more than two offers ahead of the opponent), changing nothing.
    pub(crate) fn draw_offer_problem(&self, by: Color, at: Option<usize>) -> Option<Finding> {
        let right_after_own_move = matches!(self.last_move, Some((_, c)) if c == by);
        let made = self.offers[idx(by)].saturating_add(1);
        let theirs = self.offers[idx(by.opponent())];
        if !right_after_own_move {
            Some(Finding::new(
                FindingCode::DrawOfferOutOfTurn,
                at,
                format!("{by} offered a draw, but not right after their own move (a violation)"),
            ))
        } else if made > theirs.saturating_add(2) {
            Some(Finding::new(
                FindingCode::TooManyDrawOffers,
                at,
                format!(
                    "{by}'s draw offer number {made} exceeds the opponent's {theirs} by more than two (a violation)"
                ),
            ))
        } else {
            None
        }
    }

    /// Whether the arbiter stopped the clocks (a pause not yet ended).
    pub(crate) fn paused(&self) -> bool {
        self.paused
    }

    /// What is wrong with `event` now as far as pauses and adjournments go, changing
    /// nothing: a pause inside a pause or an adjournment, an end of a pause without one,
    /// a player's act while paused or adjourned.
    pub(crate) fn pause_problem(&self, event: &Event) -> Option<Finding> {
        let adjourned = self.sealed.is_some();
        let problem = match event {
            Event::Pause if self.paused => "a pause inside a pause".to_string(),
            Event::Pause if adjourned => "a pause inside an adjournment".to_string(),
            Event::Unpause { .. } if !self.paused => {
                "an end of a pause without a pause".to_string()
            }
            Event::Stone { .. }
            | Event::Pass
            | Event::FifthOffers { .. }
            | Event::Swap { .. }
            | Event::DeclareOffers { .. }
            | Event::DrawOffer { .. }
            | Event::DrawAnswer { .. }
                if self.paused || adjourned =>
            {
                let why = match self.paused {
                    true => "the clocks are paused",
                    false => "the game is adjourned (a move is sealed)",
                };
                format!("{event} while {why}")
            }
            // A player may resign an adjourned game rather than resume it.
            Event::Resign { .. } if self.paused => format!("{event} while the clocks are paused"),
            _ => return None,
        };
        let code = match adjourned && !self.paused {
            true => FindingCode::SealedMove,
            false => FindingCode::InvalidClockEvent,
        };
        Some(Finding::new(code, self.at(), problem))
    }

    /// Where the decisions' findings about the next event are placed: the last move.
    pub(crate) fn at(&self) -> Option<usize> {
        self.last_move.map(|(n, _)| n)
    }

    fn violation(&mut self, by: Color, at: Option<usize>, findings: &mut Vec<Finding>) {
        self.violations[idx(by)] = self.violations[idx(by)].saturating_add(1);
        if self.violations[idx(by)] == 2 {
            findings.push(Finding::new(
                FindingCode::SecondViolation,
                at,
                format!("{by}'s second violation loses the game"),
            ));
            self.decide(Outcome::win(by.opponent(), Termination::Violations));
        }
    }

    /// Applies a late arrival, a penalty, a split or both flags down to the clock.
    fn clock_event(&mut self, event: ClockEvent, at: Option<usize>, findings: &mut Vec<Finding>) {
        let Some(clock) = &mut self.clock else {
            // Without a control the event cannot be checked; a forfeit it implies is
            // still the record's word. Said, not ignored.
            findings.push(Finding::new(
                FindingCode::UntimedClockEvent,
                at,
                format!(
                    "{} in a record with no time control: not checked",
                    event_words(&event)
                ),
            ));
            return;
        };
        match clock.apply(event) {
            Ok(state) => self.clock_result(state.result, findings),
            Err(e @ ClockError::Stopped(_)) => findings.push(Finding::new(
                FindingCode::DecisionOutOfOrder,
                at,
                e.to_string(),
            )),
            Err(e) => findings.push(Finding::new(
                FindingCode::InvalidClockEvent,
                at,
                e.to_string(),
            )),
        }
    }

    fn clock_result(&mut self, result: ClockResult, findings: &mut Vec<Finding>) {
        match result {
            ClockResult::Running => {}
            ClockResult::Flag {
                loser, move_number, ..
            } => {
                let move_number = move_number as usize;
                findings.push(Finding::new(
                    FindingCode::FlagFell,
                    Some(move_number),
                    format!("{loser} lost on time: {result}"),
                ));
                self.flag = Some(FlagReport {
                    color: loser,
                    move_number,
                });
                self.ended_by_flag = true;
                // The flag move was not completed in time: the flag decides, even over
                // what the stone did on the board.
                self.decided = Some(Outcome::win(loser.opponent(), Termination::Time));
            }
            ClockResult::BothFlags => self.decide(Outcome::draw(Termination::Time)),
            ClockResult::Forfeit { loser } => {
                self.decide(Outcome::win(loser.opponent(), Termination::Forfeit))
            }
            ClockResult::DoubleForfeit => self.decide(Outcome::draw(Termination::DoubleForfeit)),
        }
    }

    fn move_time(
        &mut self,
        elapsed: Option<u64>,
        left: Option<u64>,
        moves_left: Option<u32>,
        findings: &mut Vec<Finding>,
    ) {
        let Some(press) = self.last_press.filter(|p| !p.timed) else {
            return;
        };
        self.last_press = Some(Press {
            timed: true,
            ..press
        });
        if self.times_stop.is_some() || self.flag.is_some() || self.clock.is_none() {
            return;
        }
        let (number, color) = (press.number, press.color);
        // Whether this move's reading was already found to disagree.
        let (elapsed, disagreed) = match (elapsed, left) {
            (Some(e), _) => (e, false),
            (None, Some(l)) => self.elapsed_from_left(number, color, l),
            (None, None) => {
                self.times_stop = Some(number);
                return;
            }
        };
        let Some(result) = self.press(press, elapsed, findings) else {
            return;
        };
        if result == ClockResult::Running {
            if !disagreed {
                self.check_time_left(number, color, left);
            }
            self.check_moves_left(number, color, moves_left);
        }
    }

    /// Presses the clock of the player who made `press`; what the clock decided.
    fn press(
        &mut self,
        press: Press,
        elapsed: u64,
        findings: &mut Vec<Finding>,
    ) -> Option<ClockResult> {
        let clock = self.clock.as_mut()?;
        let number = u32::try_from(press.number).unwrap_or(u32::MAX);
        let result = clock.press_by_quiet(press.color, elapsed, number).ok()?;
        if self.record_states && !press.swap {
            let state = clock.state();
            self.states.push(MoveClock {
                move_number: press.number,
                state,
            });
        }
        self.clock_result(result, findings);
        Some(result)
    }

    /// What move `number` took when the record gives only the time left `l` after it (if
    /// it stayed in one period), and whether that reading contradicts the clock: more
    /// time left than the clock could give is a mismatch (not the end of the readings),
    /// and the move is taken as instant so that the readings after it are checked.
    fn elapsed_from_left(&mut self, number: usize, color: Color, l: u64) -> (u64, bool) {
        let Some(clock) = &self.clock else {
            return (0, false);
        };
        let inc = clock.increment_now(color);
        let could_have = clock.time_left(color).saturating_add(inc);
        if let Some(e) = could_have.checked_sub(l) {
            return (e, false);
        }
        if l.abs_diff(could_have) <= self.tolerance_ms {
            return (0, false);
        }
        self.mismatches.push(Mismatch {
            move_number: number,
            what: format!(
                "{color}'s time left after move {number} is {} in the record, more than the {} the clock had",
                format_clock(l),
                format_clock(could_have)
            ),
        });
        (0, true)
    }

    /// The record's time left after move `number` against the clock's.
    fn check_time_left(&mut self, number: usize, color: Color, left: Option<u64>) {
        let (Some(l), Some(clock)) = (left, &self.clock) else {
            return;
        };
        let now = clock.time_left(color);
        if now.abs_diff(l) > self.tolerance_ms {
            self.mismatches.push(Mismatch {
                move_number: number,
                what: format!(
                    "{color}'s time left after move {number} is {} in the record but {} by the clock",
                    format_clock(l),
                    format_clock(now)
                ),
            });
        }
    }

    /// The record's moves (or byo-yomi periods) left after move `number` against the
    /// clock's.
    fn check_moves_left(&mut self, number: usize, color: Color, moves_left: Option<u32>) {
        let (Some(n), Some(clock)) = (moves_left, &self.clock) else {
            return;
        };
        let state = clock.state();
        let side = state.side(color);
        let expected = match (side.overtime_periods_left, self.byo_yomi(color)) {
            (Some(p), true) => Some(p),
            _ => side.moves_left,
        };
        if expected.is_some_and(|e| e != n) {
            self.mismatches.push(Mismatch {
                move_number: number,
                what: format!(
                    "{color} has {n} moves (or periods) left after move {number} in the record but {} by the clock",
                    expected.unwrap_or(0)
                ),
            });
        }
    }

    fn byo_yomi(&self, color: Color) -> bool {
        self.clock
            .as_ref()
            .and_then(|c| c.schedule_of(color).overtime)
            .is_some_and(|o| o.moves == 1)
    }

    /// Whether the clock shows a flag (for checking a declared "won on time").
    pub(crate) fn checked_time(&self) -> Option<Option<FlagReport>> {
        (self.clock.is_some() && self.times_stop.is_none()).then_some(self.flag)
    }

    /// Reports what is left to report; the time report for the game.
    pub(crate) fn finish(
        &mut self,
        game: &Game,
        findings: &mut Vec<Finding>,
    ) -> (Option<TimeReport>, Vec<MoveClock>) {
        if self.decided.is_none() {
            self.close_press();
        }
        if let Some(first) = self.mismatches.first() {
            let more = self.mismatches.len().saturating_sub(1);
            let tail = if more > 0 {
                format!(" (and {more} more readings disagree)")
            } else {
                String::new()
            };
            findings.push(Finding::new(
                FindingCode::ClockMismatch,
                Some(first.move_number),
                format!("{}{tail}", first.what),
            ));
        }
        if let (Some(stop), Some(_)) = (self.times_stop, &self.clock) {
            findings.push(Finding::new(
                FindingCode::TimesIncomplete,
                Some(stop),
                format!(
                    "the record's times stop at move {stop}: the clock was checked up to there"
                ),
            ));
        }
        self.check_spent(game, findings);
        let report = match (&self.clock, self.control.take()) {
            (Some(clock), Some(control)) => {
                let state = clock.state();
                Some(TimeReport {
                    control,
                    black_used_ms: state.black.used_ms,
                    white_used_ms: state.white.used_ms,
                    flag: self.flag,
                    complete: self.times_stop.is_none(),
                })
            }
            _ => None,
        };
        (report, std::mem::take(&mut self.states))
    }

    /// RenjuNet `btime` / `wtime`: minutes spent, 0 unknown; at most what the control
    /// gives for the moves made (a minute's rounding allowed).
    fn check_spent(&self, game: &Game, findings: &mut Vec<Finding>) {
        let Some(control) = &self.control else {
            return;
        };
        for (tag, color) in [("btime", Color::Black), ("wtime", Color::White)] {
            let Some(text) = game.tag(tag) else {
                continue;
            };
            let Ok(minutes) = text.trim().parse::<u64>() else {
                findings.push(Finding::new(
                    FindingCode::InvalidClockEvent,
                    None,
                    format!(
                        "{tag}={text:?} is not a number of minutes: {color}'s time spent is not checked"
                    ),
                ));
                continue;
            };
            if minutes == 0 {
                continue;
            }
            // The player who holds the colour at the end (clocks belong to players):
            // their moves, whatever the colour of the stones, and their swaps.
            let made = self.made[idx(color)];
            let schedule = match &self.clock {
                Some(clock) => Some(clock.schedule_of(color).clone()),
                None => control.schedule(color),
            };
            let Some(allowance) =
                schedule.and_then(|s| schedule_allowance(&s, control.is_shared(), made))
            else {
                continue;
            };
            // Checked: minutes past u64::MAX / 60,000 are over any allowance.
            let over = match minutes.checked_mul(60_000) {
                Some(ms) => ms > allowance.saturating_add(60_000),
                None => true,
            };
            if over {
                findings.push(Finding::new(
                    FindingCode::TimeOverAllowance,
                    None,
                    format!(
                        "{color} spent {minutes} minutes ({tag}), but {control} gives at most {} for {made} moves",
                        format_clock(allowance)
                    ),
                ));
            }
        }
    }
}

/// The most time `color` can spend on `moves` moves under `control` without losing on
/// time (every move using all the time there is; overtime periods all used up).
pub fn allowance(control: &TimeControl, color: Color, moves: usize) -> Option<u64> {
    schedule_allowance(&control.schedule(color)?, control.is_shared(), moves)
}

/// [`allowance`] for one player's schedule.
fn schedule_allowance(schedule: &Schedule, shared: bool, moves: usize) -> Option<u64> {
    if shared {
        return schedule.periods.first().map(|p| p.time_ms);
    }
    let mut clock = Clock::new(
        &TimeControl::new(schedule.clone()).ok()?,
        ClockOptions::default(),
    )
    .ok()?;
    let mut spent: u64 = 0;
    for _ in 0..moves {
        // Black's side of this clock stands for `color`; White moves instantly.
        let left = clock.state().black.time_left_ms;
        clock.press(left).ok()?;
        clock.press(0).ok()?;
        spent = spent.saturating_add(left);
    }
    if let Some(o) = schedule.overtime {
        spent =
            spent.saturating_add(u64::from(o.periods.saturating_sub(1)).saturating_mul(o.time_ms));
    }
    Some(spent)
}

/// A clock event in words, for a finding.
fn event_words(event: &ClockEvent) -> &'static str {
    match event {
        ClockEvent::LateArrival(_) => "a late arrival",
        ClockEvent::Penalty(_) => "a time penalty",
        ClockEvent::Split => "a split of the shared time",
        _ => "a clock event",
    }
}
