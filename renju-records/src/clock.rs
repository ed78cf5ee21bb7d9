//! The game clock: a deterministic state machine over a [`TimeControl`]. It reads no
//! wall clock: the caller says how long each move took (a game server measures it, a
//! replay reads it from the record), and the clock says each side's time left, the
//! period, the moves left in the quota, and whether and for whom the flag fell.
//!
//! Rules it applies (see the repository's `docs/rules.md`, Clocks):
//! - A move is in time when its elapsed time is at most the time left; a move that takes
//!   longer makes the flag fall, and no increment is added for it.
//! - Fischer increments are added after every move completed in time, from move 1.
//! - A period with a move quota must see its moves made before its time runs out;
//!   unused time then carries over into the next period (the last period repeats).
//!   Main time (a period without quota that is not the last) runs into what follows.
//! - Overtime periods (byo-yomi, Canadian) start again when their moves are made in
//!   time; time left in them is lost. A period whose time runs out is used up; with
//!   none left, the flag falls.
//! - Late arrival is taken off the late player's clock; past the default time
//!   ([`ClockOptions::default_time_ms`], one hour by default) the player loses by
//!   forfeit, and two players past it both lose.
//! - Penalties (generally at most five minutes each way; a longer one is applied and a
//!   record notes it) take time from the offender and give time to the opponent; one
//!   that takes all the time left makes the offender's flag fall.
//! - A shared pool is used by whoever is to move until the referee splits it: each side
//!   then gets half of what is left. Until then the pool is both players' clock: a
//!   penalty takes its time off the pool and gives its time to the pool, and lateness
//!   comes off the pool.
//! - Both flags down with no way to tell which fell first: a draw, or under
//!   [`BothFlags::ContinueUnlessLastPeriod`] (FIDE's reading) play goes on unless a side
//!   is in its last period.
//!
//! Clocks belong to players, not to colours: each player has one clock through the
//! whole game. [`ClockEvent::Swap`] exchanges the players' colours and each keeps their
//! own clock (the sides called Black and White exchange), and
//! [`ClockEvent::MoveBy`] completes a move on the clock of the colour a player holds now,
//! for the opening stones one player places of both colours and for a swap (which the
//! Chinese rules count as one of the player's moves). [`ClockEvent::Move`] (`press`)
//! presses the side to move, which alternates with every move.
//!
//! ```
//! use renju_records::clock::{Clock, ClockOptions, ClockResult};
//! use renju_core::Color;
//! let mut clock = Clock::new(&"60+5".parse().unwrap(), ClockOptions::default()).unwrap();
//! let state = clock.press(10_000).unwrap(); // Black took 10 s
//! assert_eq!(state.black.time_left_ms, 55_000);
//! clock.press(70_000).unwrap(); // White took 70 s of 60: the flag fell
//! assert_eq!(clock.result(), ClockResult::Flag { loser: Color::White, move_number: 2, quota: false });
//! ```

// Times, counts and move numbers never wrap or panic: every arithmetic on them is
// checked or saturating.
#![warn(clippy::arithmetic_side_effects)]

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::time_control::{Overtime, Schedule, TimeControl};
use renju_core::geometry::Color;

/// The usual largest penalty either way: five minutes (the rules say time penalties
/// are "generally" at most five minutes, so a longer one is applied, and a record's
/// validation notes it with a `long-penalty` warning).
pub const USUAL_MAX_PENALTY_MS: u64 = 5 * 60 * 1000;

/// What happens when both flags are down and nobody can tell which fell first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum BothFlags {
    /// The game is drawn (the Chinese rules).
    #[default]
    Draw,
    /// FIDE: drawn only when a side is in its last period; otherwise play goes on.
    ContinueUnlessLastPeriod,
}

renju_core::name_table!(BothFlags, "both-flags policy", {
    Draw => "draw",
    ContinueUnlessLastPeriod => "continue-unless-last-period",
});

/// Choices of the event a clock runs in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ClockOptions {
    /// Both flags down, first unknown.
    pub both_flags: BothFlags,
    /// Lateness past which a player loses by forfeit, in milliseconds.
    pub default_time_ms: u64,
}

impl Default for ClockOptions {
    fn default() -> ClockOptions {
        ClockOptions {
            both_flags: BothFlags::Draw,
            default_time_ms: 3600 * 1000,
        }
    }
}

/// A time penalty: `taken_ms` off the offender's clock, `given_ms` onto the opponent's
/// (each generally at most five minutes). One act, told to the clock ([`ClockEvent::Penalty`]) and
/// written in the record ([`Event::Penalty`](crate::Event::Penalty)) as the same value.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Penalty {
    /// Who is penalised.
    pub offender: Color,
    /// Taken from the offender, in milliseconds.
    pub taken_ms: u64,
    /// Given to the opponent, in milliseconds.
    pub given_ms: u64,
}

/// A player arrived `late_ms` after the start (before their first move). One act, told
/// to the clock ([`ClockEvent::LateArrival`]) and written in the record
/// ([`Event::LateArrival`](crate::Event::LateArrival)) as the same value.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct LateArrival {
    /// Who was late.
    pub color: Color,
    /// By how long, in milliseconds.
    pub late_ms: u64,
}

/// What a clock is told, besides moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "kebab-case")]
pub enum ClockEvent {
    /// The side to move completed a move that took `elapsed_ms`.
    Move {
        /// How long the move took.
        elapsed_ms: u64,
    },
    /// The player holding `color` completed a move that took `elapsed_ms` (a stone of
    /// either colour, a swap, a set of fifth-move offers): that clock is pressed, and the
    /// other runs next.
    MoveBy {
        /// The colour the player holds now.
        color: Color,
        /// How long the move took.
        elapsed_ms: u64,
    },
    /// The players exchange colours; each keeps their own clock (the sides called Black
    /// and White exchange, the running clock stays the same player's).
    Swap,
    /// A time penalty.
    Penalty(Penalty),
    /// A player arrived late.
    LateArrival(LateArrival),
    /// The referee splits a shared pool: each side gets half of what is left.
    Split,
    /// Both flags are down and nobody can tell which fell first.
    BothFlagsDown,
}

/// Why the clock cannot take an event.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ClockError {
    /// The control has no clock (`?` or `-`).
    #[error("the time control `{0}` has no clock")]
    NoClock(String),
    /// A shared pool must be one period without a quota.
    #[error("a shared pool is one period without a move quota, not `{0}`")]
    SharedSchedule(String),
    /// The clock has stopped: the game is decided on time or by forfeit.
    #[error("the clock has stopped ({0})")]
    Stopped(ClockResult),
    /// A split without a shared pool.
    #[error("there is no shared pool to split")]
    NotShared,
    /// A late arrival after the player has moved.
    #[error("{0} has already moved: lateness is given before a player's first move")]
    LateAfterMove(Color),
}

/// What the clock has decided.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "result", rename_all = "kebab-case")]
pub enum ClockResult {
    /// Nothing: the game goes on.
    Running,
    /// `loser` ran out of time during move `move_number` of the game (1-based; the move
    /// they were making), or failed a period's move quota (`quota`).
    Flag {
        /// Who lost on time.
        loser: Color,
        /// The game's move number during which the flag fell.
        move_number: u32,
        /// Whether a move quota was missed (rather than plain time).
        quota: bool,
    },
    /// Both flags down, first unknown: drawn.
    BothFlags,
    /// `loser` arrived past the default time.
    Forfeit {
        /// Who forfeits.
        loser: Color,
    },
    /// Both players arrived past the default time: both lose.
    DoubleForfeit,
}

impl ClockResult {
    /// The result's kind, as its JSON `result` field names it (`running`, `flag`,
    /// `both-flags`, `forfeit`, `double-forfeit`).
    pub fn kind(&self) -> &'static str {
        match self {
            ClockResult::Running => "running",
            ClockResult::Flag { .. } => "flag",
            ClockResult::BothFlags => "both-flags",
            ClockResult::Forfeit { .. } => "forfeit",
            ClockResult::DoubleForfeit => "double-forfeit",
        }
    }
}

impl std::fmt::Display for ClockResult {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ClockResult::Running => f.write_str("running"),
            ClockResult::Flag {
                loser,
                move_number,
                quota: false,
            } => write!(f, "{loser}'s flag fell during move {move_number}"),
            ClockResult::Flag {
                loser,
                move_number,
                quota: true,
            } => write!(
                f,
                "{loser}'s flag fell during move {move_number}: the period's moves were not made in time"
            ),
            ClockResult::BothFlags => f.write_str("both flags fell; nobody can tell which first"),
            ClockResult::Forfeit { loser } => write!(f, "{loser} arrived past the default time"),
            ClockResult::DoubleForfeit => f.write_str("both players arrived past the default time"),
        }
    }
}

/// One side's clock, as a scoresheet shows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SideState {
    /// Time left in the current period (or overtime period), in milliseconds.
    pub time_left_ms: u64,
    /// The current period, 1-based; overtime periods follow the last numbered one.
    pub period: u32,
    /// Moves still to make in the current period's quota (`None`: no quota).
    pub moves_left: Option<u32>,
    /// Overtime periods left (`None`: not in overtime).
    pub overtime_periods_left: Option<u32>,
    /// Time used so far, in milliseconds.
    pub used_ms: u64,
    /// Time given so far: periods begun, increments and penalties, in milliseconds.
    pub granted_ms: u64,
    /// Time lost: left in overtime periods that started again, or shared time split.
    pub lost_ms: u64,
    /// Moves completed.
    pub moves: u32,
}

/// Both sides' clocks and what has been decided.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ClockState {
    /// Black's clock.
    pub black: SideState,
    /// White's clock.
    pub white: SideState,
    /// Whose clock runs.
    pub to_move: Color,
    /// The shared pool, while there is one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shared_ms: Option<u64>,
    /// What the clock has decided.
    pub result: ClockResult,
}

impl ClockState {
    /// One side's clock.
    pub fn side(&self, color: Color) -> &SideState {
        match color {
            Color::Black => &self.black,
            Color::White => &self.white,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
struct Side {
    schedule: Schedule,
    carries_over: bool,
    /// Index of the current period in the schedule.
    index: usize,
    /// Time left in the current period.
    remaining: u64,
    moves_in_period: u32,
    /// In overtime: (periods left, moves made in the current overtime period).
    overtime: Option<(u32, u32)>,
    used: u64,
    granted: u64,
    lost: u64,
    moves: u32,
    late: Option<u64>,
}

impl Side {
    fn new(schedule: Schedule, carries_over: bool) -> Side {
        let first = schedule.period(0).time_ms;
        Side {
            schedule,
            carries_over,
            index: 0,
            remaining: first,
            moves_in_period: 0,
            overtime: None,
            used: 0,
            granted: first,
            lost: 0,
            moves: 0,
            late: None,
        }
    }

    fn overtime_spec(&self) -> Option<Overtime> {
        self.schedule.overtime
    }

    /// Starts period `index + 1` after a completed quota or spent main time.
    fn next_period(&mut self, carry: bool) {
        self.index = self.index.saturating_add(1);
        let next = self.schedule.period(self.index).time_ms;
        if !carry {
            self.lost = self.lost.saturating_add(self.remaining);
            self.remaining = 0;
        }
        self.remaining = self.remaining.saturating_add(next);
        self.granted = self.granted.saturating_add(next);
        self.moves_in_period = 0;
    }

    fn enter_overtime(&mut self, o: Overtime) {
        self.overtime = Some((o.periods, 0));
        self.remaining = o.time_ms;
        self.granted = self.granted.saturating_add(o.time_ms);
        self.moves_in_period = 0;
    }

    /// Uses `elapsed` for one move; `Err(quota)` when the flag falls.
    fn spend(&mut self, mut elapsed: u64) -> Result<(), bool> {
        loop {
            if let (Some((left, made)), Some(o)) = (self.overtime, self.overtime_spec()) {
                if elapsed <= self.remaining {
                    self.remaining = self.remaining.saturating_sub(elapsed);
                    self.used = self.used.saturating_add(elapsed);
                    let made = made.saturating_add(1);
                    if made >= o.moves {
                        // The period starts again; what was left of it is lost.
                        self.lost = self.lost.saturating_add(self.remaining);
                        self.remaining = o.time_ms;
                        self.granted = self.granted.saturating_add(o.time_ms);
                        self.overtime = Some((left, 0));
                    } else {
                        self.overtime = Some((left, made));
                    }
                    return Ok(());
                }
                elapsed = elapsed.saturating_sub(self.remaining);
                self.used = self.used.saturating_add(self.remaining);
                self.remaining = 0;
                // The next periods, each `o.time_ms` long: the move ends in the `need`-th
                // of them (every one before it used up), in one step whatever the count.
                let spare = left.saturating_sub(1);
                let need = if o.time_ms == 0 {
                    if elapsed == 0 {
                        1
                    } else {
                        u64::MAX
                    }
                } else {
                    elapsed.div_ceil(o.time_ms).max(1)
                };
                if need > u64::from(spare) {
                    // Every period left is used up during this move.
                    let all = u64::from(spare).saturating_mul(o.time_ms);
                    self.used = self.used.saturating_add(all);
                    self.granted = self.granted.saturating_add(all);
                    let made = if spare > 0 { 0 } else { made };
                    self.overtime = Some((0, made));
                    return Err(o.moves > 1);
                }
                // `need` <= `spare`, a u32.
                let need32 = u32::try_from(need).unwrap_or(spare);
                let used_up = need.saturating_sub(1).saturating_mul(o.time_ms);
                elapsed = elapsed.saturating_sub(used_up);
                self.used = self.used.saturating_add(used_up);
                self.granted = self.granted.saturating_add(need.saturating_mul(o.time_ms));
                self.overtime = Some((left.saturating_sub(need32), 0));
                self.remaining = o.time_ms;
                continue;
            }
            let period = self.schedule.period(self.index);
            if elapsed <= self.remaining {
                self.remaining = self.remaining.saturating_sub(elapsed);
                self.used = self.used.saturating_add(elapsed);
                self.remaining = self.remaining.saturating_add(period.increment_ms);
                self.granted = self.granted.saturating_add(period.increment_ms);
                self.moves_in_period = self.moves_in_period.saturating_add(1);
                if period.moves.is_some_and(|q| self.moves_in_period >= q) {
                    self.next_period(self.carries_over);
                }
                return Ok(());
            }
            // The period's time runs out during this move.
            elapsed = elapsed.saturating_sub(self.remaining);
            self.used = self.used.saturating_add(self.remaining);
            self.remaining = 0;
            if self.schedule.is_main_time(self.index) {
                if self.index.saturating_add(1) < self.schedule.periods.len() {
                    self.next_period(true);
                } else if let Some(o) = self.overtime_spec() {
                    self.enter_overtime(o);
                }
                continue;
            }
            return Err(period.moves.is_some());
        }
    }

    /// Takes `ms` off the clock, as time used (lateness) or as time taken away (a
    /// penalty).
    fn take(&mut self, ms: u64, as_used: bool) {
        let taken = ms.min(self.remaining);
        self.remaining = self.remaining.saturating_sub(taken);
        if as_used {
            self.used = self.used.saturating_add(taken);
        } else {
            self.granted = self.granted.saturating_sub(taken);
        }
    }

    fn state(&self) -> SideState {
        let quota = if self.overtime.is_some() {
            self.overtime_spec().map(|o| o.moves)
        } else {
            self.schedule.period(self.index).moves
        };
        let made = match self.overtime {
            Some((_, made)) => made,
            None => self.moves_in_period,
        };
        let period = match self.overtime {
            // Saturating: a count near u32::MAX (refused by the time control, but not
            // by a clock read back by serde) must not wrap to period 1.
            Some((left, _)) => {
                let total = self.overtime_spec().map_or(0, |o| o.periods);
                u32::try_from(self.schedule.periods.len())
                    .unwrap_or(u32::MAX)
                    .saturating_add(total.saturating_sub(left.min(total)))
                    .saturating_add(1)
            }
            None => u32::try_from(self.index)
                .unwrap_or(u32::MAX)
                .saturating_add(1),
        };
        SideState {
            time_left_ms: self.remaining,
            period,
            moves_left: quota.map(|q| q.saturating_sub(made)),
            overtime_periods_left: self.overtime.map(|(left, _)| left),
            used_ms: self.used,
            granted_ms: self.granted,
            lost_ms: self.lost,
            moves: self.moves,
        }
    }

    fn in_last_period(&self) -> bool {
        self.overtime.is_some() || self.schedule.is_last_period(self.index)
    }
}

/// A game clock (see the [module docs](self)).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Clock {
    black: Side,
    white: Side,
    to_move: Color,
    shared: Option<u64>,
    options: ClockOptions,
    result: ClockResult,
    move_number: u32,
}

impl Clock {
    /// A clock at the start of the game, Black to move.
    pub fn new(control: &TimeControl, options: ClockOptions) -> Result<Clock, ClockError> {
        let schedule = |c| {
            control
                .schedule(c)
                .ok_or_else(|| ClockError::NoClock(control.to_string()))
        };
        let (black, white) = (schedule(Color::Black)?, schedule(Color::White)?);
        let mut clock = Clock {
            black: Side::new(black, control.carries_over()),
            white: Side::new(white, control.carries_over()),
            to_move: Color::Black,
            shared: None,
            options,
            result: ClockResult::Running,
            move_number: 0,
        };
        if control.is_shared() {
            let s = &clock.black.schedule;
            if s.periods.len() != 1 || s.periods[0].moves.is_some() || s.overtime.is_some() {
                return Err(ClockError::SharedSchedule(control.to_string()));
            }
            clock.shared = Some(s.periods[0].time_ms);
            for side in [&mut clock.black, &mut clock.white] {
                side.granted = 0;
                side.remaining = 0;
            }
        }
        Ok(clock)
    }

    fn side_mut(&mut self, color: Color) -> &mut Side {
        match color {
            Color::Black => &mut self.black,
            Color::White => &mut self.white,
        }
    }

    /// Whose clock runs.
    pub fn to_move(&self) -> Color {
        self.to_move
    }

    /// What the clock has decided.
    pub fn result(&self) -> ClockResult {
        self.result
    }

    /// Both sides' clocks now.
    pub fn state(&self) -> ClockState {
        let mut black = self.black.state();
        let mut white = self.white.state();
        if let Some(pool) = self.shared {
            black.time_left_ms = pool;
            white.time_left_ms = pool;
        }
        ClockState {
            black,
            white,
            to_move: self.to_move,
            shared_ms: self.shared,
            result: self.result,
        }
    }

    /// The side to move completed a move that took `elapsed_ms`.
    pub fn press(&mut self, elapsed_ms: u64) -> Result<ClockState, ClockError> {
        self.apply(ClockEvent::Move { elapsed_ms })
    }

    /// Move `move_number` of the game (or a swap before it) completed by the player
    /// holding `color`, without building the state (for replays): what the clock has
    /// decided after it.
    pub(crate) fn press_by_quiet(
        &mut self,
        color: Color,
        elapsed_ms: u64,
        move_number: u32,
    ) -> Result<ClockResult, ClockError> {
        if self.result != ClockResult::Running {
            return Err(ClockError::Stopped(self.result));
        }
        self.move_number = move_number.saturating_sub(1);
        self.move_made(color, elapsed_ms);
        Ok(self.result)
    }

    /// The players exchange colours: each keeps their own clock.
    pub(crate) fn swap_players(&mut self) {
        std::mem::swap(&mut self.black, &mut self.white);
        self.to_move = self.to_move.opponent();
    }

    /// The increment `color`'s clock adds after a move completed in time now.
    pub(crate) fn increment_now(&self, color: Color) -> u64 {
        let side = self.side(color);
        let index = (side.state().period as usize).saturating_sub(1);
        side.schedule.period(index).increment_ms
    }

    /// The schedule of the clock of the player holding `color`.
    pub(crate) fn schedule_of(&self, color: Color) -> &Schedule {
        &self.side(color).schedule
    }

    fn side(&self, color: Color) -> &Side {
        match color {
            Color::Black => &self.black,
            Color::White => &self.white,
        }
    }

    /// Time left on `color`'s clock now (the shared pool while there is one).
    pub(crate) fn time_left(&self, color: Color) -> u64 {
        match (self.shared, color) {
            (Some(pool), _) => pool,
            (None, Color::Black) => self.black.remaining,
            (None, Color::White) => self.white.remaining,
        }
    }

    /// The longest `color`'s next move can take before its flag falls (the whole shared
    /// pool while there is one; 0 once the clock has stopped). Main time runs into the
    /// periods after it and overtime periods are used up one after the other, as during
    /// a move.
    ///
    /// ```
    /// use renju_records::clock::{Clock, ClockOptions};
    /// use renju_records::TimeControl;
    /// use renju_core::Color;
    /// let clock = Clock::new(&"60+5".parse().unwrap(), ClockOptions::default()).unwrap();
    /// assert_eq!(clock.time_to_flag(Color::Black), 60_000);
    /// let control = TimeControl::from_sgf(Some("60"), Some("3x30 byo-yomi")).unwrap();
    /// let byo_yomi = Clock::new(&control, ClockOptions::default()).unwrap();
    /// assert_eq!(byo_yomi.time_to_flag(Color::White), 150_000);
    /// ```
    pub fn time_to_flag(&self, color: Color) -> u64 {
        if self.result != ClockResult::Running {
            return 0;
        }
        if let Some(pool) = self.shared {
            return pool;
        }
        let side = match color {
            Color::Black => &self.black,
            Color::White => &self.white,
        };
        // The largest time a move can take and still be made in time: a move in time
        // stays in time when it is shorter, so the answer is found by bisection.
        let in_time = |ms: u64| side.clone().spend(ms).is_ok();
        let (mut lo, mut hi) = (side.remaining, u64::MAX);
        if in_time(hi) {
            return hi;
        }
        while hi.saturating_sub(lo) > 1 {
            let mid = lo.saturating_add(hi.saturating_sub(lo) / 2);
            if in_time(mid) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        lo
    }

    /// Applies one event.
    pub fn apply(&mut self, event: ClockEvent) -> Result<ClockState, ClockError> {
        if self.result != ClockResult::Running {
            return Err(ClockError::Stopped(self.result));
        }
        match event {
            ClockEvent::Move { elapsed_ms } => self.move_made(self.to_move, elapsed_ms),
            ClockEvent::MoveBy { color, elapsed_ms } => self.move_made(color, elapsed_ms),
            ClockEvent::Swap => self.swap_players(),
            ClockEvent::Penalty(Penalty {
                offender,
                taken_ms,
                given_ms,
            }) => {
                if self.shared.is_some() {
                    self.penalty_on_pool(offender, taken_ms, given_ms);
                    return Ok(self.state());
                }
                let number = self.move_number.saturating_add(1);
                let side = self.side_mut(offender);
                let emptied = taken_ms >= side.remaining && taken_ms > 0;
                side.take(taken_ms, false);
                let other = self.side_mut(offender.opponent());
                other.remaining = other.remaining.saturating_add(given_ms);
                other.granted = other.granted.saturating_add(given_ms);
                if emptied {
                    self.result = ClockResult::Flag {
                        loser: offender,
                        move_number: number,
                        quota: false,
                    };
                }
            }
            ClockEvent::LateArrival(LateArrival { color, late_ms }) => {
                if self.side_mut(color).moves > 0 {
                    return Err(ClockError::LateAfterMove(color));
                }
                self.side_mut(color).late = Some(late_ms);
                let other_late = self.side_mut(color.opponent()).late;
                let past = |ms: u64| ms > self.options.default_time_ms;
                if past(late_ms) {
                    self.result = match other_late {
                        Some(o) if past(o) => ClockResult::DoubleForfeit,
                        _ => ClockResult::Forfeit { loser: color },
                    };
                } else if self.shared.is_some() {
                    self.taken_from_pool(color, late_ms, true);
                } else {
                    let number = self.move_number.saturating_add(1);
                    let side = self.side_mut(color);
                    let emptied = late_ms >= side.remaining && late_ms > 0;
                    side.take(late_ms, true);
                    if emptied {
                        self.result = ClockResult::Flag {
                            loser: color,
                            move_number: number,
                            quota: false,
                        };
                    }
                }
            }
            ClockEvent::Split => {
                let pool = self.shared.take().ok_or(ClockError::NotShared)?;
                let half = pool / 2;
                for side in [&mut self.black, &mut self.white] {
                    side.remaining = half;
                    side.granted = side.granted.saturating_add(half);
                }
                // An odd millisecond cannot be split: it is lost to both (booked as
                // Black's, given and lost, so that the books balance).
                self.black.granted = self.black.granted.saturating_add(pool % 2);
                self.black.lost = self.black.lost.saturating_add(pool % 2);
            }
            ClockEvent::BothFlagsDown => {
                let drawn = match self.options.both_flags {
                    BothFlags::Draw => true,
                    BothFlags::ContinueUnlessLastPeriod => {
                        self.black.in_last_period() || self.white.in_last_period()
                    }
                };
                if drawn {
                    self.result = ClockResult::BothFlags;
                } else {
                    // Play goes on: each side's next period begins.
                    for side in [&mut self.black, &mut self.white] {
                        side.used = side.used.saturating_add(side.remaining);
                        side.remaining = 0;
                        side.next_period(true);
                    }
                }
            }
        }
        Ok(self.state())
    }

    /// A penalty while the pool is shared: the pool is the offender's clock and the
    /// opponent's, so the time taken comes off it (the offender's flag falls when that
    /// empties it) and the time given is added to it.
    fn penalty_on_pool(&mut self, offender: Color, taken_ms: u64, given_ms: u64) {
        if self.taken_from_pool(offender, taken_ms, false) {
            let pool = self.shared.unwrap_or(0);
            self.shared = Some(pool.saturating_add(given_ms));
        }
    }

    /// Takes `ms` off the shared pool on `color`'s account: as time it used (lateness)
    /// or as time lost (a penalty), so that its books balance after a split. The flag
    /// of `color` falls when that empties the pool; `false` then.
    fn taken_from_pool(&mut self, color: Color, ms: u64, as_used: bool) -> bool {
        let pool = self.shared.unwrap_or(0);
        let taken = ms.min(pool);
        let side = self.side_mut(color);
        side.granted = side.granted.saturating_add(taken);
        if as_used {
            side.used = side.used.saturating_add(taken);
        } else {
            side.lost = side.lost.saturating_add(taken);
        }
        self.shared = Some(pool.saturating_sub(taken));
        if ms >= pool && ms > 0 {
            self.result = ClockResult::Flag {
                loser: color,
                move_number: self.move_number.saturating_add(1),
                quota: false,
            };
            return false;
        }
        true
    }

    fn move_made(&mut self, color: Color, elapsed_ms: u64) {
        self.move_number = self.move_number.saturating_add(1);
        let number = self.move_number;
        if let Some(pool) = self.shared {
            let side = self.side_mut(color);
            let used = elapsed_ms.min(pool);
            side.used = side.used.saturating_add(used);
            side.granted = side.granted.saturating_add(used);
            side.moves = side.moves.saturating_add(1);
            self.shared = Some(pool.saturating_sub(used));
            if elapsed_ms > pool {
                self.result = ClockResult::Flag {
                    loser: color,
                    move_number: number,
                    quota: false,
                };
            }
        } else {
            let side = self.side_mut(color);
            side.moves = side.moves.saturating_add(1);
            if let Err(quota) = side.spend(elapsed_ms) {
                self.result = ClockResult::Flag {
                    loser: color,
                    move_number: number,
                    quota,
                };
            }
        }
        self.to_move = color.opponent();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clock(tc: &str) -> Clock {
        Clock::new(&tc.parse().unwrap(), ClockOptions::default()).unwrap()
    }

    fn sgf_clock(tm: &str, ot: &str) -> Clock {
        Clock::new(
            &TimeControl::from_sgf(Some(tm), Some(ot)).unwrap(),
            ClockOptions::default(),
        )
        .unwrap()
    }

    const S: u64 = 1000;

    #[test]
    fn sudden_death_and_the_flag_move() {
        let mut c = clock("300");
        c.press(100 * S).unwrap();
        c.press(50 * S).unwrap();
        let s = c.press(201 * S).unwrap();
        assert_eq!(s.black.time_left_ms, 0);
        assert_eq!(
            s.result,
            ClockResult::Flag {
                loser: Color::Black,
                move_number: 3,
                quota: false
            }
        );
        assert!(matches!(c.press(1), Err(ClockError::Stopped(_))));
    }

    #[test]
    fn clocks_follow_the_players_through_a_swap() {
        let mut c = clock("60+5");
        // The first player places stones of both colours on their own clock.
        for _ in 0..3 {
            c.apply(ClockEvent::MoveBy {
                color: Color::Black,
                elapsed_ms: 10 * S,
            })
            .unwrap();
        }
        assert_eq!(c.to_move(), Color::White);
        // The second player swaps after 20 s: a move of theirs, now as Black.
        c.apply(ClockEvent::Swap).unwrap();
        assert_eq!(c.to_move(), Color::Black);
        let s = c
            .apply(ClockEvent::MoveBy {
                color: Color::Black,
                elapsed_ms: 20 * S,
            })
            .unwrap();
        assert_eq!((s.black.time_left_ms, s.black.moves), (45 * S, 1));
        assert_eq!((s.white.time_left_ms, s.white.moves), (45 * S, 3));
        assert_eq!(s.to_move, Color::White);
    }

    #[test]
    fn result_kinds_are_the_json_names() {
        for r in [
            ClockResult::Running,
            ClockResult::Flag {
                loser: Color::Black,
                move_number: 1,
                quota: false,
            },
            ClockResult::BothFlags,
            ClockResult::Forfeit {
                loser: Color::White,
            },
            ClockResult::DoubleForfeit,
        ] {
            assert_eq!(serde_json::to_value(r).unwrap()["result"], r.kind());
        }
    }

    #[test]
    fn exactly_the_time_left_is_in_time() {
        let mut c = clock("60");
        let s = c.press(60 * S).unwrap();
        assert_eq!(s.black.time_left_ms, 0);
        assert_eq!(s.result, ClockResult::Running);
    }

    #[test]
    fn fischer_from_move_one_and_none_on_the_flag_move() {
        let mut c = clock("60+10");
        let s = c.press(5 * S).unwrap();
        assert_eq!(s.black.time_left_ms, 65 * S);
        c.press(0).unwrap();
        let s = c.press(66 * S).unwrap();
        assert_eq!(s.black.time_left_ms, 0, "no increment on the flag move");
        assert!(matches!(s.result, ClockResult::Flag { .. }));
    }

    #[test]
    fn quota_periods_carry_over() {
        // 2 moves in 100 s, then 1 move per 50 s, repeated.
        let mut c = clock("2/100:1/50");
        c.press(30 * S).unwrap(); // B
        c.press(0).unwrap();
        let s = c.press(30 * S).unwrap(); // B completes the quota with 40 s left
        assert_eq!(s.black.period, 2);
        assert_eq!(s.black.time_left_ms, 90 * S);
        assert_eq!(s.black.moves_left, Some(1));
        c.press(0).unwrap();
        let s = c.press(80 * S).unwrap();
        assert_eq!(s.black.period, 3);
        assert_eq!(s.black.time_left_ms, 60 * S);
    }

    #[test]
    fn quota_failure_loses() {
        let mut c = clock("2/100:1/50");
        c.press(60 * S).unwrap();
        c.press(0).unwrap();
        let s = c.press(50 * S).unwrap();
        assert_eq!(
            s.result,
            ClockResult::Flag {
                loser: Color::Black,
                move_number: 3,
                quota: true
            }
        );
    }

    #[test]
    fn main_time_then_moves_per_period() {
        // Two minutes, then 2 moves in every minute.
        let mut c = clock("120:2/60");
        let s = c.press(150 * S).unwrap(); // 120 of main time, 30 of the first period
        assert_eq!((s.black.period, s.black.time_left_ms), (2, 30 * S));
        assert_eq!(s.black.moves_left, Some(1));
        c.press(0).unwrap();
        let s = c.press(10 * S).unwrap();
        assert_eq!((s.black.period, s.black.time_left_ms), (3, 80 * S));
    }

    #[test]
    fn byo_yomi_loses_unused_time_and_uses_up_periods() {
        let mut c = sgf_clock("60", "3x30 byo-yomi");
        let s = c.press(70 * S).unwrap(); // main gone, 10 s into the first period
        assert_eq!(s.black.overtime_periods_left, Some(3));
        assert_eq!(s.black.time_left_ms, 30 * S, "the period starts again");
        assert_eq!(s.black.lost_ms, 20 * S);
        c.press(0).unwrap();
        let s = c.press(45 * S).unwrap(); // uses up one period, 15 s into the next
        assert_eq!(s.black.overtime_periods_left, Some(2));
        c.press(0).unwrap();
        let s = c.press(61 * S).unwrap();
        assert_eq!(
            s.result,
            ClockResult::Flag {
                loser: Color::Black,
                move_number: 5,
                quota: false
            }
        );
    }

    #[test]
    fn canadian_quota() {
        let mut c = sgf_clock("0", "2/60 Canadian");
        c.press(20 * S).unwrap();
        c.press(0).unwrap();
        let s = c.press(20 * S).unwrap();
        assert_eq!(
            s.black.time_left_ms,
            60 * S,
            "two moves made: the period starts again"
        );
        c.press(0).unwrap();
        c.press(50 * S).unwrap();
        c.press(0).unwrap();
        let s = c.press(11 * S).unwrap();
        assert_eq!(
            s.result,
            ClockResult::Flag {
                loser: Color::Black,
                move_number: 7,
                quota: true
            }
        );
    }

    #[test]
    fn shared_pool_and_split() {
        let mut c = clock("shared 100");
        c.press(30 * S).unwrap();
        c.press(10 * S).unwrap();
        let s = c.apply(ClockEvent::Split).unwrap();
        assert_eq!(
            (s.black.time_left_ms, s.white.time_left_ms),
            (30 * S, 30 * S)
        );
        assert_eq!(s.shared_ms, None);
        assert!(matches!(
            c.apply(ClockEvent::Split),
            Err(ClockError::NotShared)
        ));
    }

    #[test]
    fn penalties_and_lateness_act_on_a_shared_pool() {
        let mut c = clock("shared 100");
        c.apply(ClockEvent::LateArrival(LateArrival {
            color: Color::Black,
            late_ms: 10 * S,
        }))
        .unwrap();
        let s = c
            .apply(ClockEvent::Penalty(Penalty {
                offender: Color::White,
                taken_ms: 20 * S,
                given_ms: 60 * S,
            }))
            .unwrap();
        assert_eq!(
            (s.shared_ms, s.result),
            (Some(130 * S), ClockResult::Running)
        );
        c.press(10 * S).unwrap();
        let s = c.apply(ClockEvent::Split).unwrap();
        assert_eq!(
            (s.black.time_left_ms, s.white.time_left_ms),
            (60 * S, 60 * S)
        );
        for side in [s.black, s.white] {
            assert_eq!(
                side.used_ms + side.time_left_ms + side.lost_ms,
                side.granted_ms
            );
        }
        // A penalty that empties the pool: the offender's flag falls.
        let s = c_shared_penalty(5 * S, 5 * S);
        assert_eq!(
            s.result,
            ClockResult::Flag {
                loser: Color::White,
                move_number: 1,
                quota: false
            }
        );
        assert_eq!(s.shared_ms, Some(0));
    }

    fn c_shared_penalty(pool_ms: u64, taken_ms: u64) -> ClockState {
        let mut c = clock(&format!("shared {}", pool_ms / S));
        c.apply(ClockEvent::Penalty(Penalty {
            offender: Color::White,
            taken_ms,
            given_ms: 0,
        }))
        .unwrap()
    }

    #[test]
    fn late_arrival_inside_and_past_the_default_time() {
        let mut c = clock("3600");
        let s = c
            .apply(ClockEvent::LateArrival(LateArrival {
                color: Color::Black,
                late_ms: 600 * S,
            }))
            .unwrap();
        assert_eq!(s.black.time_left_ms, 3000 * S);
        let mut c = clock("7200");
        let s = c
            .apply(ClockEvent::LateArrival(LateArrival {
                color: Color::White,
                late_ms: 3601 * S,
            }))
            .unwrap();
        assert_eq!(
            s.result,
            ClockResult::Forfeit {
                loser: Color::White
            }
        );
        let mut c = Clock::new(
            &"7200".parse().unwrap(),
            ClockOptions {
                default_time_ms: 60 * S,
                ..ClockOptions::default()
            },
        )
        .unwrap();
        c.apply(ClockEvent::LateArrival(LateArrival {
            color: Color::White,
            late_ms: 30 * S,
        }))
        .unwrap();
        let s = c
            .apply(ClockEvent::LateArrival(LateArrival {
                color: Color::Black,
                late_ms: 61 * S,
            }))
            .unwrap();
        assert_eq!(
            s.result,
            ClockResult::Forfeit {
                loser: Color::Black
            }
        );
    }

    #[test]
    fn double_forfeit() {
        let mut c = clock("7200");
        for color in [Color::Black, Color::White] {
            let _ = c.apply(ClockEvent::LateArrival(LateArrival {
                color,
                late_ms: 4000 * S,
            }));
        }
        // The first forfeit stops the clock; a session that knows both were late
        // reports both together.
        assert_eq!(
            c.result(),
            ClockResult::Forfeit {
                loser: Color::Black
            }
        );
        let mut c = clock("7200");
        c.apply(ClockEvent::LateArrival(LateArrival {
            color: Color::Black,
            late_ms: 10 * S,
        }))
        .unwrap();
        assert!(matches!(
            c.press(1)
                .and_then(|_| c.apply(ClockEvent::LateArrival(LateArrival {
                    color: Color::Black,
                    late_ms: 1
                }))),
            Err(ClockError::LateAfterMove(Color::Black))
        ));
    }

    #[test]
    fn penalties() {
        let mut c = clock("600");
        let s = c
            .apply(ClockEvent::Penalty(Penalty {
                offender: Color::White,
                taken_ms: 120 * S,
                given_ms: 60 * S,
            }))
            .unwrap();
        assert_eq!(
            (s.black.time_left_ms, s.white.time_left_ms),
            (660 * S, 480 * S)
        );
        // More than five minutes is applied (the rules' "generally at most").
        let s = c
            .apply(ClockEvent::Penalty(Penalty {
                offender: Color::White,
                taken_ms: 301 * S,
                given_ms: 0,
            }))
            .unwrap();
        assert_eq!(s.white.time_left_ms, 179 * S);
    }

    #[test]
    fn both_flags_under_both_policies() {
        let mut c = clock("40/100:50");
        assert_eq!(
            c.apply(ClockEvent::BothFlagsDown).unwrap().result,
            ClockResult::BothFlags
        );
        let mut c = Clock::new(
            &"40/100:50".parse().unwrap(),
            ClockOptions {
                both_flags: BothFlags::ContinueUnlessLastPeriod,
                ..ClockOptions::default()
            },
        )
        .unwrap();
        let s = c.apply(ClockEvent::BothFlagsDown).unwrap();
        assert_eq!(s.result, ClockResult::Running);
        assert_eq!(s.black.period, 2);
        // Now both are in the last (sudden-death) period: drawn.
        let s = c.apply(ClockEvent::BothFlagsDown).unwrap();
        assert_eq!(s.result, ClockResult::BothFlags);
    }
}
