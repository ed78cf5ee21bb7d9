//! The live referee: a game as it is played, one action at a time.
//!
//! A [`Referee`] is created from [`RefereeOptions`] (rule set, opening protocol, board
//! size, how offers are compared, a time control and a [`FoulPolicy`]). It takes
//! [`Request`]s (an [`Action`], optionally the acting [`Seat`] and a time stamp) and
//! answers a [`Status`]: what must be done now and by whom, every point where a stone
//! is accepted, Black's forbidden points, the clocks, and the outcome once the game is
//! over. An action the rules do not allow is refused with a [`Refusal`] and changes
//! nothing.
//!
//! The referee is the replay of [`Game::replay`] played forwards: every action becomes
//! the events of a record, followed by the same code that validates records (the
//! opening protocol, the board, the claims, the clock and the decisions), and an action
//! is refused when that code would report an error about it. Its event log is a record
//! ([`Referee::game`]) that validates to the same outcome, and a referee resumes from
//! any record ([`Referee::resume`]).
//!
//! Seats act, colours move: `first` is the player who starts (tentative Black); swaps
//! exchange colours, never seats. Time stamps are milliseconds on the caller's
//! timeline, from [`RefereeOptions::start_ms`]. Clocks belong to players: between two
//! actions the clock of the player who must act runs (during the opening decisions
//! too), and a stone (of either colour), a swap or a set of offers completes a move on
//! the clock of the player who made it, which follows them through every swap.
//!
//! ```
//! use renju_records::referee::{Action, Referee, RefereeOptions, Required};
//! use renju_records::{OpeningRule, Seat};
//! use renju_core::{Point, Termination};
//! let p = |s: &str| s.parse::<Point>().unwrap();
//! let options = RefereeOptions { opening: OpeningRule::Rif1996, ..RefereeOptions::default() };
//! let mut referee = Referee::new(options).unwrap();
//! for point in ["h8", "h9", "j10"] {
//!     referee.act(Action::Place { point: p(point) }.into()).unwrap();
//! }
//! let status = referee.status();
//! assert_eq!((status.required, status.to_act), (Required::Swap, Some(Seat::Second)));
//! referee.act(Action::Stay.into()).unwrap();
//! referee.act(Action::Place { point: p("g10") }.into()).unwrap();
//! let status = referee.act(Action::Offer { points: vec![p("j8"), p("k8")] }.into()).unwrap();
//! assert_eq!((status.required, status.offered.len()), (Required::Choose, 2));
//! referee.act(Action::Choose { point: p("k8") }.into()).unwrap();
//! let status = referee.act(Action::Resign.into()).unwrap();
//! assert_eq!(status.outcome.unwrap().termination, Termination::Resignation);
//! ```

mod action;
mod refusal;
mod status;
mod wire;

use serde::{Deserialize, Serialize};
use thiserror::Error;

pub use action::{Action, Request};
pub use refusal::{Refusal, RefusalCode};
pub use status::{ClockStatus, Ending, ForbiddenSpot, Required, Status, SwapOption};
pub use wire::{Command, CommandError, Reply};

use crate::clock::{ClockError, ClockOptions};
use crate::findings::{Finding, Severity};
use crate::game::{ClaimModel, DeclaredResult, Event, Game, ResultReason, Seat};
use crate::opening::{OfferEquivalence, OpeningRule};
use crate::protocol::{Actor, Step};
use crate::replay::{Run, ValidationOptions};
use crate::time_control::TimeControl;
use renju_core::forbidden::Explanation;
use renju_core::geometry::{Color, Point};
use renju_core::notation::Move;
use renju_core::outcome::{Outcome, Termination};
use renju_core::position::IllegalMove;
use renju_core::rules::{RenjuOptions, RuleSet};
use renju_core::SetupError;

/// What happens to a forbidden move of Black's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum FoulPolicy {
    /// The move ends the game and White wins (a digital referee).
    #[default]
    Automatic,
    /// White may `claim` before playing on; a double-three or double-four lapses once
    /// White plays on, an overline stays claimable until the game ends.
    RifClaim,
    /// White may `claim` before playing on; every foul lapses once White plays on.
    ChineseClaim,
    /// The move is refused and nothing changes (as many online servers do).
    Refuse,
}

renju_core::name_table!(FoulPolicy, "foul policy", {
    Automatic => "automatic" | "auto",
    RifClaim => "rif-claim" | "rif",
    ChineseClaim => "chinese-claim" | "chinese",
    Refuse => "refuse",
});

impl FoulPolicy {
    /// The claim model the game is judged under.
    pub fn claims(self) -> ClaimModel {
        match self {
            FoulPolicy::Automatic | FoulPolicy::Refuse => ClaimModel::Automatic,
            FoulPolicy::RifClaim => ClaimModel::RifClaim,
            FoulPolicy::ChineseClaim => ClaimModel::ChineseClaim,
        }
    }
}

/// What a referee is created from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RefereeOptions {
    /// The rule set (default Renju).
    pub rule_set: RuleSet,
    /// The opening protocol (default free).
    pub opening: OpeningRule,
    /// The board side (default 15).
    pub size: u8,
    /// Readings of the Renju rules (default: the RIF reading).
    pub renju: RenjuOptions,
    /// How offered fifth moves are compared (default: shape symmetry).
    pub offer_equivalence: OfferEquivalence,
    /// The time control (default none: untimed).
    #[serde(default)]
    pub time_control: Option<TimeControl>,
    /// The clock's choices.
    #[serde(default)]
    pub clock: ClockOptions,
    /// What happens to a forbidden move (default automatic).
    pub fouls: FoulPolicy,
    /// The time stamp at which the game starts (the first player's clock starts
    /// running).
    #[serde(default)]
    pub start_ms: u64,
    /// The number of stones at which the referee declares the game drawn (default
    /// none): a match's draw after N stones. Written into the record
    /// ([`Game::draw_after`]), so that it validates to the same draw.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub draw_after: Option<u16>,
}

impl Default for RefereeOptions {
    fn default() -> RefereeOptions {
        RefereeOptions {
            rule_set: RuleSet::default(),
            opening: OpeningRule::default(),
            size: renju_core::geometry::RENJU_SIZE,
            renju: RenjuOptions::default(),
            offer_equivalence: OfferEquivalence::default(),
            time_control: None,
            clock: ClockOptions::default(),
            fouls: FoulPolicy::default(),
            start_ms: 0,
            draw_after: None,
        }
    }
}

/// Why a referee cannot be created.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum RefereeError {
    /// The board cannot be set up.
    #[error(transparent)]
    Setup(#[from] SetupError),
    /// The time control cannot run a clock.
    #[error(transparent)]
    Clock(#[from] ClockError),
    /// The record to resume from breaks the rules.
    #[error("the record cannot be resumed: {}", .0.message)]
    Record(Finding),
}

/// A live game's referee (see the [module docs](self)).
#[derive(Debug, Clone)]
pub struct Referee {
    options: RefereeOptions,
    run: Run,
    log: Game,
    /// Black's fifth-move offers waiting for White's choice.
    offers: Option<Vec<Point>>,
    /// The time stamp of the last action.
    last_t: u64,
    /// Time used by each player (first, second) since their last completed move.
    pending: [u64; 2],
    actions: Vec<Request>,
}

fn idx(seat: Seat) -> usize {
    match seat {
        Seat::First => 0,
        Seat::Second => 1,
    }
}

impl Referee {
    /// A referee at the start of a game.
    pub fn new(options: RefereeOptions) -> Result<Referee, RefereeError> {
        let log = Game {
            rule_set: Some(options.rule_set),
            opening: Some(options.opening),
            claims: Some(options.fouls.claims()),
            options: Some(options.renju),
            time_control: options.time_control.clone().filter(TimeControl::has_clock),
            draw_after: options.draw_after,
            ..Game::new(options.size)
        };
        renju_core::Board::new(options.size)?;
        if let Some(control) = &log.time_control {
            crate::clock::Clock::new(control, options.clock)?;
        }
        let validation = ValidationOptions {
            offer_equivalence: options.offer_equivalence,
            clock: options.clock,
            ..ValidationOptions::default()
        };
        let run = Run::start(&log, &validation, false).map_err(RefereeError::Record)?;
        Ok(Referee {
            last_t: options.start_ms,
            options,
            run,
            log,
            offers: None,
            pending: [0; 2],
            actions: Vec::new(),
        })
    }

    /// A referee that goes on from a record: its events are followed as a replay
    /// follows them, and the record must be a legal game so far. The record's rules
    /// (where it names them) override `options`.
    ///
    /// ```
    /// use renju_records::referee::{Referee, RefereeOptions};
    /// use renju_records::Game;
    /// let game = Game::from_moves("h8 h9 i8").unwrap();
    /// let referee = Referee::resume(&game, RefereeOptions::default()).unwrap();
    /// assert_eq!(referee.status().move_number, 4);
    /// assert!(Referee::resume(&Game::from_moves("h8 h8").unwrap(), RefereeOptions::default()).is_err());
    /// ```
    pub fn resume(game: &Game, options: RefereeOptions) -> Result<Referee, RefereeError> {
        let options = RefereeOptions {
            rule_set: game.rule_set.unwrap_or(options.rule_set),
            opening: game.opening.unwrap_or(options.opening),
            renju: game.options.unwrap_or(options.renju),
            size: game.size,
            time_control: game.time_control.clone().or(options.time_control),
            draw_after: game.draw_after.or(options.draw_after),
            fouls: match game.claims {
                Some(ClaimModel::RifClaim) => FoulPolicy::RifClaim,
                Some(ClaimModel::ChineseClaim) => FoulPolicy::ChineseClaim,
                Some(ClaimModel::Automatic) if options.fouls != FoulPolicy::Refuse => {
                    FoulPolicy::Automatic
                }
                _ => options.fouls,
            },
            ..options
        };
        let mut referee = Referee::new(options)?;
        if let Some(rule) = &game.unknown_rule {
            return Err(RefereeError::Record(Finding::new(
                crate::findings::FindingCode::UnknownRule,
                None,
                format!("the record's rule `{rule}` is not one this library knows"),
            )));
        }
        referee.run.protocol.place_two =
            referee.options.opening == OpeningRule::Swap2 && crate::replay::places_two(game);
        for event in &game.events {
            referee.run.event(event);
            referee.log.events.push(event.clone());
        }
        if let Some(bad) = referee
            .run
            .findings
            .iter()
            .find(|f| f.code.severity() == Severity::Error)
        {
            return Err(RefereeError::Record(bad.clone()));
        }
        referee.log.tags.clone_from(&game.tags);
        referee.log.id.clone_from(&game.id);
        Ok(referee)
    }

    /// A referee that replays `actions` (as [`Referee::actions`] gave them) from the
    /// start: the way a referee is saved and restored exactly, pending offers included.
    pub fn from_actions(
        options: RefereeOptions,
        actions: &[Request],
    ) -> Result<Referee, (usize, Refusal)> {
        let mut referee = Referee::new(options)
            .map_err(|e| (0, Refusal::new(RefusalCode::BadRequest, e.to_string())))?;
        for (i, request) in actions.iter().enumerate() {
            referee.act(request.clone()).map_err(|r| (i, r))?;
        }
        Ok(referee)
    }

    /// The options the referee was created from.
    pub fn options(&self) -> &RefereeOptions {
        &self.options
    }

    /// Every action accepted so far, in order (with the time passing of a refused late
    /// action kept as a `tick`).
    pub fn actions(&self) -> &[Request] {
        &self.actions
    }

    /// The game so far as a record: the events (with the times of the moves, in a timed
    /// game) and the result once there is one. Offers still waiting for White's choice
    /// are not in it.
    pub fn game(&self) -> Game {
        self.log.clone()
    }

    /// Everything the rules noted along the way that did not stop an action (a foul
    /// played on, a lapsed claim, ...).
    pub fn findings(&self) -> &[Finding] {
        &self.run.findings
    }

    /// Why a black stone on `point` would be (or would not be) forbidden now.
    pub fn explain(&self, point: Point) -> Result<Explanation, IllegalMove> {
        self.run.pos.explain(point)
    }

    /// The position on the board.
    pub fn position(&self) -> &renju_core::Position {
        &self.run.pos
    }

    /// Whether the opening protocol has nothing more to ask: every action from now on is
    /// a move (a stone or a pass) that only the board judges, taken by the player who
    /// holds the colour to move. Always true under the free opening.
    ///
    /// ```
    /// use renju_records::referee::{Action, Referee, RefereeOptions};
    /// use renju_records::OpeningRule;
    /// let options = RefereeOptions { opening: OpeningRule::Swap2, ..RefereeOptions::default() };
    /// let mut referee = Referee::new(options).unwrap();
    /// for point in ["h8", "h9", "j10"] {
    ///     referee.act(Action::Place { point: point.parse().unwrap() }.into()).unwrap();
    /// }
    /// referee.act(Action::Stay.into()).unwrap();
    /// assert!(!referee.opening_over());
    /// for point in ["g7", "j7"] {
    ///     referee.act(Action::Place { point: point.parse().unwrap() }.into()).unwrap();
    /// }
    /// assert!(referee.opening_over());
    /// ```
    pub fn opening_over(&self) -> bool {
        // No protocol asks anything of move 6 or later (the areas, the passes, the
        // decisions and the offers all belong to moves 1 to 5).
        let past_protocol = self.options.opening == OpeningRule::Free || self.played() >= 5;
        past_protocol && matches!(self.step(), Step::Place(_))
    }

    /// The outcome once the game is over.
    pub fn outcome(&self) -> Option<Outcome> {
        let outcome = self.run.outcome(true, &mut Vec::new());
        (outcome.termination != Termination::Unfinished).then_some(outcome)
    }

    /// Takes one action: the status after it, or why it was refused (then nothing
    /// changed, except that a flag that fell before the action's time stamp has
    /// fallen).
    pub fn act(&mut self, request: Request) -> Result<Status, Refusal> {
        self.take(&request)?;
        Ok(self.status())
    }

    /// Takes one action without building the status (the fast path).
    pub fn take(&mut self, request: &Request) -> Result<(), Refusal> {
        if request.action == Action::Tick {
            // Nothing is left to time once the game is over: ticks are refused then, so
            // that a server ticking on keeps no more state.
            if let Some(outcome) = self.outcome() {
                return Err(Refusal::new(
                    RefusalCode::GameOver,
                    format!("the game is over: {outcome}"),
                ));
            }
        }
        let clock_before = (self.last_t, self.pending);
        let flag_fell = match request.t {
            Some(t) => self.advance(t)?,
            None => false,
        };
        let result = self.dispatch(request);
        match (&result, flag_fell) {
            (Ok(()), _) => self.remember(request.clone()),
            // The flag fell before the action: that stays, as a tick.
            (Err(_), true) => self.remember(Request {
                action: Action::Tick,
                by: None,
                t: request.t,
            }),
            // Refused: the time did not pass either.
            (Err(_), false) => (self.last_t, self.pending) = clock_before,
        }
        result
    }

    /// Keeps an accepted action. Ticks in a row are one tick, the last: a tick only
    /// moves the time, and once a flag falls no tick follows, so restoring from the
    /// actions gives the same referee (a server ticking every 10 ms keeps one).
    fn remember(&mut self, request: Request) {
        let is_tick = |r: &Request| r.action == Action::Tick;
        match self.actions.last_mut() {
            Some(last) if is_tick(last) && is_tick(&request) => *last = request,
            _ => self.actions.push(request),
        }
    }

    fn dispatch(&mut self, request: &Request) -> Result<(), Refusal> {
        if request.action == Action::Tick {
            return match request.t {
                Some(_) => Ok(()),
                None => Err(Refusal::new(
                    RefusalCode::BadRequest,
                    "a tick needs a time stamp `t`",
                )),
            };
        }
        if let Some(outcome) = self.outcome() {
            return Err(Refusal::new(
                RefusalCode::GameOver,
                format!("the game is over: {outcome}"),
            ));
        }
        let by = request.by;
        match &request.action {
            Action::Place { point } => self.place(Move::Stone(*point), by),
            Action::Pass => self.place(Move::Pass, by),
            Action::Swap => self.decide_colours(true, by),
            Action::Stay => self.decide_colours(false, by),
            Action::PlaceTwo => self.place_two(by),
            Action::Declare { count } => self.declare(*count, by),
            Action::Offer { points } => self.offer(points, by),
            Action::Choose { point } => self.choose(*point, by),
            Action::Claim => self.claim(by),
            Action::DrawOffer => self.draw_offer(by),
            Action::DrawAccept => self.draw_answer(true, by),
            Action::DrawDecline => self.draw_answer(false, by),
            Action::Resign => {
                let seat = by.unwrap_or_else(|| self.seat(self.step().actor()));
                let color = self.color_of(seat);
                self.transact(vec![Event::Resign { by: color }])
            }
            Action::Forfeit => {
                let seat = by.unwrap_or_else(|| self.seat(self.step().actor()));
                let color = self.color_of(seat);
                self.transact(vec![Event::Forfeit { by: color }])
            }
            Action::Tick => Ok(()),
        }
    }

    // ---------------------------------------------------------------- the protocol

    fn played(&self) -> usize {
        self.run.pos.moves().len()
    }

    fn step(&self) -> Step {
        self.run
            .protocol
            .next_step(self.played(), self.offers.is_some())
    }

    fn seat(&self, actor: Actor) -> Seat {
        match actor {
            Actor::Seat(seat) => seat,
            Actor::Holder(Color::Black) => self.run.black_seat,
            Actor::Holder(Color::White) => self.run.black_seat.other(),
        }
    }

    fn color_of(&self, seat: Seat) -> Color {
        if seat == self.run.black_seat {
            Color::Black
        } else {
            Color::White
        }
    }

    /// The seat that must act now must be `by`, when `by` is given.
    fn check_seat(&self, actor: Actor, by: Option<Seat>, what: &str) -> Result<(), Refusal> {
        let seat = self.seat(actor);
        match by {
            Some(by) if by != seat => Err(Refusal::new(
                RefusalCode::NotYourTurn,
                format!(
                    "it is the {} player's turn ({}) to {what}, not the {} player's",
                    seat.name(),
                    self.color_of(seat),
                    by.name()
                ),
            )),
            _ => Ok(()),
        }
    }

    /// The refusal of an action the protocol does not ask for now.
    fn wrong_action(&self, step: Step, tried: &str) -> Refusal {
        let seat = self.seat(step.actor());
        let wanted = match step {
            Step::Place(_) => "place a stone".to_string(),
            Step::Swap { .. } => "decide colours".to_string(),
            Step::Declare { min, max, .. } => {
                format!("declare the number of fifth-move offers ({min} to {max})")
            }
            Step::Offer { count: Some(n), .. } => format!("offer {n} fifth moves"),
            Step::Offer { .. } => "offer fifth moves".to_string(),
            Step::Choose(_) => "choose one of the offered fifth moves".to_string(),
        };
        Refusal::new(
            RefusalCode::WrongAction,
            format!(
                "{} now asks the {} player ({}) to {wanted}, not to {tried}",
                self.options.opening,
                seat.name(),
                self.color_of(seat)
            ),
        )
    }

    fn place(&mut self, mv: Move, by: Option<Seat>) -> Result<(), Refusal> {
        let step = self.step();
        let what = if mv == Move::Pass {
            "pass"
        } else {
            "place a stone"
        };
        let Step::Place(actor) = step else {
            return Err(self.wrong_action(step, what));
        };
        self.check_seat(actor, by, what)?;
        if mv == Move::Pass && self.placing_two() {
            return Err(Refusal::new(
                RefusalCode::WrongAction,
                "swap2: the second player chose to place two more stones, a white one and a black one; a pass is neither",
            ));
        }
        if let Move::Stone(p) = mv {
            self.check_point(p)?;
            if self.options.fouls == FoulPolicy::Refuse && self.run.pos.to_move() == Color::Black {
                self.check_not_forbidden(p)?;
            }
        }
        let mut events = vec![Event::from(mv)];
        self.press(&mut events, self.seat(actor));
        self.transact(events)
    }

    /// Swap2: the second player is placing the two more stones of their third option.
    fn placing_two(&self) -> bool {
        self.run.protocol.place_two && (3..5).contains(&self.played())
    }

    fn check_point(&self, p: Point) -> Result<(), Refusal> {
        if !p.is_on(self.options.size) {
            return Err(Refusal::new(
                RefusalCode::OffBoard,
                format!("{p} is off the {0}x{0} board", self.options.size),
            ));
        }
        if self.run.pos.board().get(p).is_some() {
            return Err(Refusal::new(
                RefusalCode::Occupied,
                format!("{p} is occupied"),
            ));
        }
        Ok(())
    }

    fn check_not_forbidden(&self, p: Point) -> Result<(), Refusal> {
        let Ok(verdict) = self.run.pos.verdict(Move::Stone(p)) else {
            return Ok(());
        };
        match verdict {
            renju_core::Verdict::Forbidden(foul) => Err(Refusal::new(
                RefusalCode::Forbidden,
                format!(
                    "{p} is a forbidden {} for Black, and forbidden moves are refused here",
                    foul.primary
                ),
            )),
            _ => Ok(()),
        }
    }

    fn decide_colours(&mut self, swap: bool, by: Option<Seat>) -> Result<(), Refusal> {
        let step = self.step();
        let what = if swap { "swap" } else { "stay" };
        let Step::Swap { actor, .. } = step else {
            return Err(self.wrong_action(step, what));
        };
        self.check_seat(actor, by, what)?;
        let mut events = vec![Event::Swap { swap }];
        if swap {
            // A swap is one of the swapper's moves (the Chinese rules).
            self.press(&mut events, self.seat(actor));
        }
        self.transact(events)
    }

    fn place_two(&mut self, by: Option<Seat>) -> Result<(), Refusal> {
        let step = self.step();
        let Step::Swap {
            actor,
            place_two: true,
            ..
        } = step
        else {
            return Err(self.wrong_action(step, "place two more stones"));
        };
        self.check_seat(actor, by, "place two more stones")?;
        self.transact(vec![Event::Swap { swap: false }])?;
        self.run.protocol.place_two = true;
        Ok(())
    }

    fn declare(&mut self, count: u8, by: Option<Seat>) -> Result<(), Refusal> {
        let step = self.step();
        let actor = match step {
            Step::Declare { actor, .. } => actor,
            _ => match self.run.protocol.may_declare(self.played()) {
                Some(actor) => actor,
                None => return Err(self.wrong_action(step, "declare a number of offers")),
            },
        };
        self.check_seat(actor, by, "declare the number of offers")?;
        self.transact(vec![Event::DeclareOffers { count }])
    }

    fn offer(&mut self, points: &[Point], by: Option<Seat>) -> Result<(), Refusal> {
        let step = self.step();
        let (actor, count, min, max) = match step {
            Step::Offer {
                actor,
                count,
                min,
                max,
            } => (actor, count, min, max),
            Step::Swap {
                actor,
                offer: Some(n),
                ..
            } => (actor, Some(n), n, n),
            _ => return Err(self.wrong_action(step, "offer fifth moves")),
        };
        self.check_seat(actor, by, "offer fifth moves")?;
        let n = points.len();
        let wrong_count = match count {
            Some(c) => n != usize::from(c),
            None => n < usize::from(min) || n > usize::from(max),
        };
        if wrong_count {
            let wanted = match count {
                Some(c) => format!("{c}"),
                None => format!("{min} to {max}"),
            };
            return Err(Refusal::new(
                RefusalCode::OfferCount,
                format!(
                    "{} asks for {wanted} fifth-move offers, not {n}",
                    self.options.opening
                ),
            ));
        }
        for (i, &p) in points.iter().enumerate() {
            self.check_point(p)?;
            if points[..i].contains(&p) {
                return Err(Refusal::new(
                    RefusalCode::BadRequest,
                    format!("{p} is offered twice"),
                ));
            }
        }
        // The protocol's own checks of the offers (symmetry), on a scratch copy.
        let mut probe = self.run.protocol.clone();
        let mut findings = Vec::new();
        let number = self.played() + 1;
        probe.offers(&self.run.pos, number, points, points[0], &mut findings);
        if let Some(refusal) = refusal_of(&findings) {
            return Err(refusal);
        }
        self.offers = Some(points.to_vec());
        Ok(())
    }

    fn choose(&mut self, point: Point, by: Option<Seat>) -> Result<(), Refusal> {
        let step = self.step();
        let Step::Choose(actor) = step else {
            return Err(self.wrong_action(step, "choose a fifth move"));
        };
        self.check_seat(actor, by, "choose a fifth move")?;
        let offered = self.offers.clone().unwrap_or_default();
        if !offered.contains(&point) {
            return Err(Refusal::new(
                RefusalCode::NotOffered,
                format!(
                    "{point} was not offered (the offers are {})",
                    offered
                        .iter()
                        .map(Point::to_string)
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            ));
        }
        let mut events = vec![Event::FifthOffers {
            offered,
            chosen: point,
        }];
        // The offers are one move of the player holding Black, on their clock.
        self.press(&mut events, self.seat(Actor::Holder(Color::Black)));
        self.transact(events)?;
        self.offers = None;
        Ok(())
    }

    fn claim(&mut self, by: Option<Seat>) -> Result<(), Refusal> {
        if !self.claimable() {
            return Err(Refusal::new(
                RefusalCode::WrongAction,
                match self.options.fouls {
                    FoulPolicy::RifClaim | FoulPolicy::ChineseClaim => {
                        "there is no foul of Black's to claim now".to_string()
                    }
                    policy => format!("fouls are not claimed under the {policy} foul policy"),
                },
            ));
        }
        self.check_seat(Actor::Holder(Color::White), by, "claim a foul")?;
        self.transact(vec![Event::Result(DeclaredResult {
            winner: Some(Color::White),
            reason: Some(ResultReason::Forbidden),
        })])
    }

    fn claimable(&self) -> bool {
        matches!(
            self.options.fouls,
            FoulPolicy::RifClaim | FoulPolicy::ChineseClaim
        ) && (self.run.pending_foul.is_some() || self.run.claimable_overline.is_some())
            && self.run.declared.is_none()
    }

    fn draw_offer(&mut self, by: Option<Seat>) -> Result<(), Refusal> {
        let seat = match (by, self.run.decisions.last_mover()) {
            (Some(seat), _) => seat,
            (None, Some(color)) => self.seat(Actor::Holder(color)),
            (None, None) => self.seat(self.step().actor()),
        };
        let color = self.color_of(seat);
        self.transact(vec![Event::DrawOffer { by: color }])
    }

    fn draw_answer(&mut self, accepted: bool, by: Option<Seat>) -> Result<(), Refusal> {
        let what = if accepted { "accept" } else { "decline" };
        let Some(offerer) = self.run.decisions.pending_draw_offer() else {
            return Err(Refusal::new(
                RefusalCode::WrongAction,
                format!("there is no draw offer to {what}"),
            ));
        };
        let answerer = self.seat(Actor::Holder(offerer.opponent()));
        if by.is_some_and(|by| by != answerer) {
            return Err(Refusal::new(
                RefusalCode::NotYourTurn,
                format!(
                    "the draw offer was made by the {} player; only the {} player can {what} it",
                    answerer.other().name(),
                    answerer.name()
                ),
            ));
        }
        self.transact(vec![Event::DrawAnswer { accepted }])
    }

    /// Follows `events` as a replay does; refuses them (and restores everything) when
    /// the replay finds an error about them.
    fn transact(&mut self, events: Vec<Event>) -> Result<(), Refusal> {
        if self.beyond_the_opening(&events) {
            // Nothing about a checked stone or a pass after the opening can be refused:
            // no copy to restore is needed.
            for event in &events {
                self.run.event(event);
            }
            return self.logged(events);
        }
        let findings = std::mem::take(&mut self.run.findings);
        let verdicts = std::mem::take(&mut self.run.verdicts);
        let backup = self.run.clone();
        self.run.findings = findings;
        self.run.verdicts = verdicts;
        let (seen, judged) = (self.run.findings.len(), self.run.verdicts.len());
        for event in &events {
            self.run.event(event);
        }
        if let Some(refusal) = refusal_of(&self.run.findings[seen..]) {
            let mut findings = std::mem::take(&mut self.run.findings);
            let mut verdicts = std::mem::take(&mut self.run.verdicts);
            findings.truncate(seen);
            verdicts.truncate(judged);
            self.run = backup;
            self.run.findings = findings;
            self.run.verdicts = verdicts;
            return Err(refusal);
        }
        self.logged(events)
    }

    /// Whether `events` are a move (and its time) past every step of the opening
    /// protocol, its point already checked: the replay has no error to find about them.
    fn beyond_the_opening(&self, events: &[Event]) -> bool {
        let number = self.played() + 1;
        number > 5
            && events.iter().all(|e| {
                matches!(
                    e,
                    Event::Stone { .. } | Event::Pass | Event::MoveTime { .. }
                )
            })
    }

    fn logged(&mut self, events: Vec<Event>) -> Result<(), Refusal> {
        self.log.events.extend(events);
        if let Some(outcome) = self.outcome() {
            self.log_result(outcome);
        }
        Ok(())
    }

    /// The record's result, once the game is over (unless an event of the record
    /// already says it).
    fn log_result(&mut self, outcome: Outcome) {
        let reason = match outcome.termination {
            Termination::Time => ResultReason::Time,
            _ => return,
        };
        self.log.events.push(Event::Result(DeclaredResult {
            winner: outcome.winner,
            reason: Some(reason),
        }));
    }

    // ---------------------------------------------------------------- the clock

    fn timed(&self) -> bool {
        self.run.decisions.clock().is_some()
    }

    /// The player who must act now (whose clock runs), and the colour they hold.
    fn running(&self) -> Option<(Seat, Color)> {
        if self.outcome().is_some() {
            return None;
        }
        let seat = self.seat(self.step().actor());
        Some((seat, self.color_of(seat)))
    }

    /// Moves the time to `t`: the running clock uses it, and its flag may fall.
    /// Returns whether it fell.
    fn advance(&mut self, t: u64) -> Result<bool, Refusal> {
        if t < self.last_t {
            return Err(Refusal::new(
                RefusalCode::BadRequest,
                format!(
                    "time goes backwards: t = {t} ms comes before the last action's {} ms",
                    self.last_t
                ),
            ));
        }
        let elapsed = t - self.last_t;
        self.last_t = t;
        let Some((seat, color)) = self.running().filter(|_| self.timed()) else {
            return Ok(false);
        };
        let used = self.pending[idx(seat)].saturating_add(elapsed);
        let allowed = self.time_to_flag(color);
        self.pending[idx(seat)] = used.min(allowed);
        if used <= allowed {
            return Ok(false);
        }
        let number = self.played() + 1;
        self.run
            .decisions
            .flag_fell(color, number, &mut self.run.findings);
        self.log_result(Outcome::win(color.opponent(), Termination::Time));
        Ok(true)
    }

    fn time_to_flag(&self, color: Color) -> u64 {
        self.run
            .decisions
            .clock()
            .map_or(u64::MAX, |c| c.time_to_flag(color))
    }

    /// A move of the player in `seat` completes (a stone of either colour, a swap, a set
    /// of offers): their clock is pressed with the time they used since their last one.
    fn press(&mut self, events: &mut Vec<Event>, seat: Seat) {
        if !self.timed() {
            return;
        }
        events.push(Event::MoveTime {
            elapsed_ms: Some(self.pending[idx(seat)]),
            left_ms: None,
            moves_left: None,
        });
        self.pending[idx(seat)] = 0;
    }

    // ---------------------------------------------------------------- the status

    /// Where the game stands now.
    pub fn status(&self) -> Status {
        let played = self.played();
        let stone = self.run.pos.to_move();
        let mut status = Status {
            required: Required::None,
            to_act: None,
            color: None,
            move_number: played + 1,
            stone,
            options: vec![],
            range: None,
            count: None,
            offered: vec![],
            legal: vec![],
            pass: false,
            forbidden: vec![],
            claimable: false,
            draw_offer: None,
            clock: self.clock_status(),
            outcome: None,
        };
        if let Some(outcome) = self.outcome() {
            status.outcome = Some(Ending::new(outcome, self.run.black_seat));
            return status;
        }
        let step = self.step();
        let seat = self.seat(step.actor());
        status.to_act = Some(seat);
        status.color = Some(self.color_of(seat));
        status.claimable = self.claimable();
        status.draw_offer = self
            .run
            .decisions
            .pending_draw_offer()
            .map(|c| self.seat(Actor::Holder(c)));
        let black_stone = stone == Color::Black;
        match step {
            Step::Place(_) => {
                status.required = Required::Place;
                status.legal = self.legal_stones(played + 1);
                status.pass =
                    self.run.protocol.pass_problem(played + 1).is_none() && !self.placing_two();
            }
            Step::Swap {
                place_two, offer, ..
            } => {
                status.required = Required::Swap;
                status.options = vec![SwapOption::Stay, SwapOption::Swap];
                if place_two {
                    status.options.push(SwapOption::PlaceTwo);
                }
                if let Some(n) = offer {
                    status.options.push(SwapOption::Offer);
                    status.count = Some(n);
                    status.legal = self.empty_points();
                }
            }
            Step::Declare { min, max, .. } => {
                status.required = Required::Declare;
                status.range = Some([min, max]);
            }
            Step::Offer { count, .. } => {
                status.required = Required::Offer;
                status.count = count;
                status.legal = self.empty_points();
            }
            Step::Choose(_) => {
                status.required = Required::Choose;
                status.offered = self.offers.clone().unwrap_or_default();
                status.legal = status.offered.clone();
            }
        }
        if black_stone && matches!(status.required, Required::Place | Required::Offer) {
            status.forbidden = self.forbidden();
            if self.options.fouls == FoulPolicy::Refuse && status.required == Required::Place {
                status
                    .legal
                    .retain(|p| !status.forbidden.iter().any(|f| f.point == *p));
            }
        }
        status
    }

    fn forbidden(&self) -> Vec<ForbiddenSpot> {
        self.run
            .pos
            .forbidden_points()
            .into_iter()
            .map(|f| ForbiddenSpot {
                point: f.point,
                kind: f.primary,
            })
            .collect()
    }

    fn empty_points(&self) -> Vec<Point> {
        // Row by row from `a1`, in one pass with no index arithmetic: a status lists
        // them after every move.
        let board = self.run.pos.board();
        let size = board.size();
        let mut points = Vec::with_capacity(board.area() - board.stone_count());
        for y in 0..size {
            for x in 0..size {
                if let Some(p) = Point::new(x, y).filter(|&p| board.is_empty(p)) {
                    points.push(p);
                }
            }
        }
        points
    }

    fn legal_stones(&self, number: usize) -> Vec<Point> {
        let mut points = self.empty_points();
        if number <= 5 {
            let protocol = &self.run.protocol;
            points.retain(|&p| protocol.area_allows(number, p));
        }
        points
    }

    fn clock_status(&self) -> Option<ClockStatus> {
        let clock = self.run.decisions.clock()?;
        let state = clock.state();
        let mut black = state.black;
        let mut white = state.white;
        let black_seat = self.run.black_seat;
        black.time_left_ms = black
            .time_left_ms
            .saturating_sub(self.pending[idx(black_seat)]);
        white.time_left_ms = white
            .time_left_ms
            .saturating_sub(self.pending[idx(black_seat.other())]);
        let running = self.running();
        let deadline = running.map(|(seat, color)| {
            self.last_t.saturating_add(
                self.time_to_flag(color)
                    .saturating_sub(self.pending[idx(seat)]),
            )
        });
        Some(ClockStatus {
            black,
            white,
            running: running.map(|(_, color)| color),
            deadline,
        })
    }
}

/// The refusal the first error among `findings` stands for.
fn refusal_of(findings: &[Finding]) -> Option<Refusal> {
    findings.iter().find_map(|f| {
        RefusalCode::of_finding(f.code).map(|code| Refusal::new(code, f.message.clone()))
    })
}
