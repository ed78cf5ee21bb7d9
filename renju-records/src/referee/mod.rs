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
//! opening protocol, the board, the claims, the clock and the decisions). An action is
//! checked, then applied: the check (the referee's own, then the replay's on the events
//! the action would add) says whether it is acceptable and changes nothing; applying an
//! accepted action cannot be refused. Its event log is a record ([`Referee::game`]) that
//! validates to the same outcome, with the players' names, the readings of the moves'
//! times and the reason of a forfeit when the caller gives them as play goes
//! ([`Referee::name_players`], [`Referee::take_read`], [`Referee::forfeit`]); a referee
//! resumes from any record ([`Referee::resume`]).
//!
//! Besides the players' moves and decisions, the arbiter pauses, warns, penalises and
//! disqualifies; the player to move may seal their next move (an adjournment, of which
//! the record shows only a digest: [`crate::sealed`]) and the arbiter resumes the game;
//! with a late limit ([`RefereeOptions::late_limit_ms`]) an absent player forfeits.
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
mod check;
mod lateness;
mod record;
mod refusal;
mod status;
mod wire;

use serde::{Deserialize, Serialize};
use thiserror::Error;

pub use action::{Action, ActionError, ActionKind, Party, Request};
pub use record::{Forfeiture, MoveReading};
pub use refusal::{Refusal, RefusalCode};
pub use status::{Adjournment, ClockStatus, Ending, ForbiddenSpot, Required, Status, SwapOption};
pub use wire::{Command, CommandError, RefereePipe, Reply};

use crate::clock::{ClockError, ClockOptions};
use crate::findings::{Finding, Severity};
use crate::game::{ClaimModel, DeclaredResult, Event, Game, ResultReason, Seat};
use crate::opening::{OfferEquivalence, OpeningRule};
use crate::protocol::{Actor, Step};
use crate::replay::{Run, ValidationOptions};
use crate::sealed::SealedMove;
use crate::time_control::TimeControl;
use check::{After, Plan};
use renju_core::forbidden::Explanation;
use renju_core::geometry::{Color, Point};
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
    /// White plays on, an overline stays claimable until the game ends (the RIF rules'
    /// article 9.8: [`ClaimModel::RifClaim`]).
    RifClaim,
    /// White may `claim` before playing on; every foul lapses once White plays on (the
    /// Chinese rules' summaries: [`ClaimModel::ChineseClaim`]).
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
    /// The late limit, in milliseconds from [`RefereeOptions::start_ms`] (default none:
    /// lateness is not tracked). With one, a player arrives by their first action (or
    /// `arrive`); until both have arrived no clock runs, each player's lateness goes on
    /// their own clock when they arrive, and a player still absent past the limit
    /// forfeits (both: a double forfeit).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub late_limit_ms: Option<u64>,
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
            late_limit_ms: None,
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
    /// What the record carries beside the events of play.
    scorer: record::Scorer,
    /// The move sealed at an adjournment (kept apart from the record until the game
    /// resumes).
    sealed: Option<SealedMove>,
    /// When each player (first, second) arrived, under a late limit.
    arrived: [Option<u64>; 2],
    /// When the arbiter's pause under way started.
    paused_at: Option<u64>,
}

/// A seal without a salt gets a random one, kept in the accepted action (so that the
/// actions replayed give the same digest); `None`: the request as it is.
fn salted(request: &Request) -> Result<Option<Request>, Refusal> {
    let Action::Seal { point, salt: None } = request.action else {
        return Ok(None);
    };
    let salt = crate::sealed::random_salt()
        .map_err(|e| Refusal::new(RefusalCode::BadRequest, e.to_string()))?;
    Ok(Some(Request {
        action: Action::Seal {
            point,
            salt: Some(salt),
        },
        ..request.clone()
    }))
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
            scorer: record::Scorer::default(),
            sealed: None,
            arrived: [None; 2],
            paused_at: None,
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
        // A game on record has begun: both players are there.
        referee.arrived = [Some(referee.options.start_ms); 2];
        if let Some(seal) = &referee.run.decisions.sealed {
            // Adjourned: the sealer's time on the move before the seal is theirs.
            let seat = referee.seat(Actor::Holder(seal.by));
            referee.pending[idx(seat)] = seal.elapsed_ms.unwrap_or(0);
        }
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
    /// action kept as a `tick`). A seal is kept with its point and salt (a random salt
    /// as drawn), so that the actions restore the same digest: they are the arbiter's
    /// log, not a public record.
    pub fn actions(&self) -> &[Request] {
        &self.actions
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
        if let Some(t) = request.t {
            self.check_time(t)?;
            if let Some(at) = self.no_show_due(t) {
                // A player was still absent at the late limit: they forfeited then, and
                // the action (but a tick) is refused, the game being over.
                self.no_show(at);
                self.remember(Request {
                    action: Action::Tick,
                    by: None,
                    t: Some(t),
                });
                return self.plan(request).map(|_| ());
            }
            if self.flag_falls_by(t) {
                // The flag fell before the action: that stays, as a tick, and the
                // action (but a tick) is refused, the game being over.
                self.advance(t);
                self.remember(Request {
                    action: Action::Tick,
                    by: None,
                    t: Some(t),
                });
                return self.plan(request).map(|_| ());
            }
        }
        let salted = salted(request)?;
        let request = salted.as_ref().unwrap_or(request);
        let plan = self.plan(request)?;
        if let Some(t) = request.t {
            self.advance(t);
        }
        self.arrives(request, self.last_t);
        self.apply(plan);
        self.remember(request.clone());
        Ok(())
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

    /// Applies an accepted action ([`Referee::plan`] checked it): the replay follows
    /// its events (with the clock reading of the move it completes), and nothing of it
    /// can be refused any more.
    fn apply(&mut self, plan: Plan) {
        let mut events = plan.events;
        let is_move = events.iter().any(|e| {
            matches!(
                e,
                Event::Stone { .. } | Event::Pass | Event::FifthOffers { .. }
            )
        });
        let time = plan.clock_of.and_then(|seat| self.move_time(seat, is_move));
        events.extend(time);
        self.seal_time(&mut events);
        self.pause_time(&mut events);
        let seen = self.run.findings.len();
        for event in &events {
            self.run.event(event);
        }
        if let (Some(last), true) = (events.last_mut(), is_move) {
            self.read_time_left(last);
        }
        debug_assert!(
            check::refusal_of(&self.run.findings[seen..]).is_none(),
            "the check let through what the replay refuses: {:?}",
            &self.run.findings[seen..]
        );
        self.logged(events);
        match plan.after {
            After::Nothing => {}
            After::PlaceTwo => self.run.protocol.place_two = true,
            After::Offered(points) => self.offers = Some(points),
            After::Chosen => self.offers = None,
            After::Penalised(seat) => self.penalised(seat),
            After::Disqualified(seat, reason) => self.disqualified(seat, reason),
            After::Sealed(sealed) => self.sealed = Some(sealed),
            After::Resumed => self.sealed = None,
        }
    }

    fn logged(&mut self, events: Vec<Event>) {
        self.log.events.extend(events);
        if let Some(outcome) = self.outcome() {
            self.log_result(outcome);
        }
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

    /// Whether the arbiter has paused the game (no clock runs, no player acts).
    pub fn paused(&self) -> bool {
        self.run.decisions.paused()
    }

    /// The adjournment under way: who sealed a move, and its digest (what the public
    /// record shows).
    pub fn adjournment(&self) -> Option<Adjournment> {
        let seal = self.run.decisions.sealed.as_ref()?;
        if self.outcome().is_some() {
            // Resigned or decided during the adjournment: nothing is adjourned any more.
            return None;
        }
        Some(Adjournment {
            by: self.seat(Actor::Holder(seal.by)),
            digest: seal.digest.clone(),
        })
    }

    /// The move sealed at the adjournment under way, with its salt: the part kept
    /// apart from the public record until the game resumes (`None` when no move is
    /// sealed, or when the referee was resumed from a record, which never holds it).
    pub fn sealed_move(&self) -> Option<&SealedMove> {
        self.sealed.as_ref()
    }

    /// A seal (in a timed game) carries the time its sealer used on the move so far, so
    /// that a referee resumed from the public record charges it at the resumption.
    fn seal_time(&self, events: &mut [Event]) {
        for event in events {
            if let (Event::Seal { by, elapsed_ms, .. }, true) = (event, self.timed()) {
                *elapsed_ms = Some(self.pending[idx(self.seat(Actor::Holder(*by)))]);
            }
        }
    }

    /// A pause's start is kept, and its end carries how long it lasted, so that the record
    /// keeps the pause's length.
    fn pause_time(&mut self, events: &mut [Event]) {
        for event in events {
            match event {
                Event::Pause => self.paused_at = Some(self.last_t),
                Event::Unpause { paused_ms } => {
                    *paused_ms = self
                        .paused_at
                        .take()
                        .map(|at| self.last_t.saturating_sub(at));
                }
                _ => {}
            }
        }
    }

    /// Whether no clock runs: the arbiter paused the game, or it is adjourned.
    fn clocks_stopped(&self) -> bool {
        self.paused() || self.run.decisions.sealed.is_some() || self.awaiting_arrival()
    }

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

    /// A time stamp must not go backwards.
    fn check_time(&self, t: u64) -> Result<(), Refusal> {
        if t < self.last_t {
            return Err(Refusal::new(
                RefusalCode::BadRequest,
                format!(
                    "time goes backwards: t = {t} ms comes before the last action's {} ms",
                    self.last_t
                ),
            ));
        }
        Ok(())
    }

    /// The running clock (of a timed game) and the time it would have used by `t`,
    /// with the time it may use before its flag falls.
    /// No clock runs while the arbiter has paused the game.
    fn used_by(&self, t: u64) -> Option<(Seat, Color, u64, u64)> {
        let (seat, color) = self.running().filter(|_| self.timed())?;
        let since = match self.clocks_stopped() {
            true => 0,
            false => t.saturating_sub(self.last_t),
        };
        let used = self.pending[idx(seat)].saturating_add(since);
        Some((seat, color, used, self.time_to_flag(color)))
    }

    /// Whether the running clock's flag falls by `t`.
    fn flag_falls_by(&self, t: u64) -> bool {
        self.used_by(t)
            .is_some_and(|(_, _, used, allowed)| used > allowed)
    }

    /// Moves the time to `t` (checked: not backwards): the running clock uses it, and
    /// its flag may fall.
    fn advance(&mut self, t: u64) {
        let used = self.used_by(t);
        self.last_t = t;
        let Some((seat, color, used, allowed)) = used else {
            return;
        };
        self.pending[idx(seat)] = used.min(allowed);
        if used > allowed {
            self.flag_falls(color);
        }
    }

    /// The running clock's flag falls now.
    fn flag_falls(&mut self, color: Color) {
        let number = self.played() + 1;
        self.run
            .decisions
            .flag_fell(color, number, &mut self.run.findings);
        self.log_result(Outcome::win(color.opponent(), Termination::Time));
    }

    /// A penalty on the player in `seat` was applied. When it was the player to act
    /// and it left them no time (their time on the move in progress counted), their
    /// flag falls now, as the clock makes a waiting player's fall when a penalty
    /// empties it.
    fn penalised(&mut self, seat: Seat) {
        match self.used_by(self.last_t) {
            Some((running, color, used, allowed)) if running == seat && used >= allowed => {
                self.pending[idx(seat)] = allowed;
                self.flag_falls(color);
            }
            _ => {}
        }
    }

    fn time_to_flag(&self, color: Color) -> u64 {
        self.run
            .decisions
            .clock()
            .map_or(u64::MAX, |c| c.time_to_flag(color))
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
            paused: self.paused(),
            adjourned: self.adjournment(),
            absent: self.absent(),
            late_deadline: self.late_deadline(),
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
        let running = self.running().filter(|_| !self.clocks_stopped());
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
