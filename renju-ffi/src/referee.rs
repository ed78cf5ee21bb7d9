//! The live referee (`renju_records::referee`): a game as it is played, one action at a
//! time. A typed fast path (`renju_referee_place`, `_pass`, `_offer`, ...) answers a
//! status code (`RENJU_REFUSED_*` for an action the rules refuse, with the reason in
//! `renju_last_error_message`); the status is read into a struct, and the legal and
//! forbidden points into the caller's arrays. The JSON-lines protocol of `renju
//! referee` and Python answers one line with one line (`renju_referee_handle_json`).
//! The game so far is written as a record, and a referee resumes from one.

use std::ffi::c_char;
use std::sync::{Arc, Mutex, MutexGuard};

use renju_core::Point;
use renju_records::clock::BothFlags;
use renju_records::formats::Format;
use renju_records::opening::OfferEquivalence;
use renju_records::referee::{
    Action, FoulPolicy, Party, RefereeError, Refusal, RefusalCode, Reply, Request, Required,
    Status, SwapOption,
};
use renju_records::{Game, OpeningRule, Referee, RefereeOptions, Seat, TimeControl};

use crate::clock::renju_side_clock;
use crate::error::renju_status::{self, *};
use crate::error::{guard, Error, Result};
use crate::games::{games, renju_games};
use crate::handle::{
    array_args, clear_out, free_handle, handle, intern, new_handle, new_string, opt_str_arg,
    out_ptr, read, str_arg, write, Handle,
};
use crate::types::{
    foul_bits, point_arg, renju_color, renju_forbidden_point, renju_outcome, renju_point,
    rule_set_arg,
};

/// A seat at the board: the players are seats, colours move (swaps exchange colours,
/// never seats). `first` starts the game as tentative Black.
#[repr(i32)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum renju_seat {
    /// No seat. Passed in: the action is taken by the seat it belongs to (not checked).
    /// Given out: nobody (the game is over, no draw offer waits, nobody won).
    RENJU_SEAT_NONE = 0,
    /// The player who starts the game (tentative Black).
    RENJU_SEAT_FIRST = 1,
    /// The other player.
    RENJU_SEAT_SECOND = 2,
}

/// What the player to act must do (`renju_referee_status.required`).
#[repr(i32)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum renju_required {
    /// Nothing: the game is over.
    RENJU_REQUIRED_NONE = 0,
    /// Place a stone (`renju_referee_place`; `renju_referee_pass` where `pass` says so).
    RENJU_REQUIRED_PLACE = 1,
    /// Decide colours: one of the `options` (`RENJU_ACTION_STAY`, `RENJU_ACTION_SWAP`,
    /// `RENJU_ACTION_PLACE_TWO`, or `renju_referee_offer`).
    RENJU_REQUIRED_SWAP = 2,
    /// Declare the number of fifth-move offers (`renju_referee_declare`, within
    /// `range_min` to `range_max`).
    RENJU_REQUIRED_DECLARE = 3,
    /// Offer fifth moves (`renju_referee_offer`, `count` of them when `count` is not -1).
    RENJU_REQUIRED_OFFER = 4,
    /// Choose one of the offered fifth moves (`renju_referee_choose`).
    RENJU_REQUIRED_CHOOSE = 5,
}

/// The actions without arguments, for `renju_referee_act`.
#[repr(i32)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum renju_referee_action {
    /// The side to move passes (as `renju_referee_pass`).
    RENJU_ACTION_PASS = 0,
    /// Exchange colours (a colour decision the protocol gives).
    RENJU_ACTION_SWAP = 1,
    /// Keep colours (a colour decision the protocol gives).
    RENJU_ACTION_STAY = 2,
    /// Swap2's third option: the second player places two more stones (a white one, then
    /// a black one) and the first player chooses colours.
    RENJU_ACTION_PLACE_TWO = 3,
    /// White claims Black's foul (the `rif-claim` and `chinese-claim` foul policies).
    RENJU_ACTION_CLAIM = 4,
    /// Offer a draw (right after one's own move).
    RENJU_ACTION_DRAW_OFFER = 5,
    /// Accept the draw offer on the table.
    RENJU_ACTION_DRAW_ACCEPT = 6,
    /// Decline the draw offer on the table.
    RENJU_ACTION_DRAW_DECLINE = 7,
    /// Resign.
    RENJU_ACTION_RESIGN = 8,
    /// Nothing but the time: the clock is read at the time stamp (which a tick needs).
    RENJU_ACTION_TICK = 9,
    /// Lose by forfeit: the player is gone or cannot go on (an engine that crashed,
    /// answered garbage or fell silent; a player who did not come back).
    RENJU_ACTION_FORFEIT = 10,
    /// The arbiter stops both clocks (`seat` `RENJU_SEAT_NONE`): the time until
    /// `RENJU_ACTION_UNPAUSE` is charged to nobody, and no player acts meanwhile
    /// (`RENJU_REFUSED_PAUSED`).
    RENJU_ACTION_PAUSE = 11,
    /// The arbiter restarts the clocks after `RENJU_ACTION_PAUSE`.
    RENJU_ACTION_UNPAUSE = 12,
    /// The player in `seat` (`RENJU_SEAT_NONE`: the one to act) is at the board, under a
    /// late limit (`renju_referee_options.late_limit_ms`; a player's first action says
    /// so too): nothing else changes.
    RENJU_ACTION_ARRIVE = 13,
}

/// `renju_referee_status.options` bit: keep colours (`RENJU_ACTION_STAY`).
pub const RENJU_SWAP_OPTION_STAY: u32 = 1;
/// `renju_referee_status.options` bit: exchange colours (`RENJU_ACTION_SWAP`).
pub const RENJU_SWAP_OPTION_SWAP: u32 = 2;
/// `renju_referee_status.options` bit: Swap2's two more stones
/// (`RENJU_ACTION_PLACE_TWO`).
pub const RENJU_SWAP_OPTION_PLACE_TWO: u32 = 4;
/// `renju_referee_status.options` bit: Taraguchi's fifth-move offers instead of a colour
/// decision (`renju_referee_offer`, `count` of them).
pub const RENJU_SWAP_OPTION_OFFER: u32 = 8;

/// What a referee is created from. A zeroed struct (`= {0}`) gives the library
/// defaults: Renju on 15x15, free opening, shape-symmetric offers compared, untimed,
/// automatic foul refereeing, the game starting at time 0, the RIF reading.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct renju_referee_options {
    /// The rule set (a `renju_rule_set` value).
    pub rule_set: i32,
    /// The board side; 0 means 15. Renju allows 15 only, the others 5 to 26.
    pub size: i32,
    /// The opening protocol by name: `"free"`, `"rif1996"`, `"swap"`, `"yamaguchi"`,
    /// `"soosorv-N"`, `"taraguchi-N"`, `"chinese"`, `"swap2"`, `"gomoku-swap"` or
    /// `"pro"`. NULL means `"free"`. Borrowed for the call only.
    pub opening: *const c_char,
    /// How offered fifth moves are compared for symmetry: `"shape"` (the stones' shape,
    /// wherever it lies) or `"board"` (the board's symmetries only). NULL means
    /// `"shape"`. Borrowed for the call only.
    pub offer_equivalence: *const c_char,
    /// The time control (`"5400+30"`, `"40/6000+30:900+30"`, `"TM[3600]OT[5x30
    /// byo-yomi]"`, ...). NULL (or a control without a clock, `"-"`) means untimed.
    /// Borrowed for the call only.
    pub time_control: *const c_char,
    /// What happens to a forbidden move of Black's: `"automatic"` (it ends the game,
    /// White wins), `"rif-claim"` (White may claim before playing on; a double-three or
    /// double-four lapses once White plays on, an overline stays claimable),
    /// `"chinese-claim"` (every foul lapses once White plays on) or `"refuse"` (the move
    /// is refused, `RENJU_REFUSED_FORBIDDEN`). NULL means `"automatic"`. Borrowed for
    /// the call only.
    pub fouls: *const c_char,
    /// The time stamp at which the game starts, in milliseconds on the caller's timeline
    /// (Black's clock runs from it).
    pub start_ms: u64,
    /// Nonzero: judge under the `five_completion_counts` reading; 0: the RIF reading.
    pub five_completion_counts: i32,
    /// When both flags fall and nobody can tell which first: 0 for a draw (the Chinese
    /// rules), 1 for FIDE's reading (play goes on unless a side is in its last period).
    pub both_flags: i32,
    /// Lateness past which a player forfeits, in milliseconds; 0 means one hour.
    pub default_time_ms: u64,
    /// The live late limit, in milliseconds from `start_ms`; 0 means none (lateness is
    /// not tracked). With one, a player arrives by their first action (or
    /// `RENJU_ACTION_ARRIVE`); until both have, no clock runs, and each player's
    /// lateness goes on their own clock when they arrive; a player still absent past the
    /// limit forfeits (`RENJU_TERMINATION_FORFEIT`), both absent both lose
    /// (`RENJU_TERMINATION_DOUBLE_FORFEIT`).
    pub late_limit_ms: u64,
}

/// Both clocks of a timed game, as of the last action.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct renju_referee_clock {
    /// The clock of the player holding Black (its time left net of the time already used
    /// on the current action). Clocks belong to players: each follows its player through
    /// every swap.
    pub black: renju_side_clock,
    /// The clock of the player holding White.
    pub white: renju_side_clock,
    /// The colour held by the player whose clock runs (the player who must act);
    /// `RENJU_COLOR_NONE` once the game is over.
    pub running: renju_color,
    /// The time stamp (on the caller's timeline) at which the running clock's flag falls;
    /// -1 when no clock runs.
    pub deadline_ms: i64,
}

/// Where the game stands: who must act, what they may do, the clock and the result.
/// The same facts as the JSON `status` object; the points are copied out with
/// `renju_referee_legal_points` and `renju_referee_forbidden_points`.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct renju_referee_status {
    /// What must be done now (`RENJU_REQUIRED_NONE` once the game is over).
    pub required: renju_required,
    /// The seat that must do it; `RENJU_SEAT_NONE` once the game is over.
    pub to_act: renju_seat,
    /// That seat's colour; `RENJU_COLOR_NONE` once the game is over.
    pub color: renju_color,
    /// The number of the next stone (moves and passes played, plus one).
    pub move_number: usize,
    /// The colour of the next stone.
    pub stone: renju_color,
    /// `RENJU_REQUIRED_SWAP`: the answers the colour decision allows
    /// (`RENJU_SWAP_OPTION_*` bits); otherwise 0.
    pub options: u32,
    /// `RENJU_REQUIRED_DECLARE`: the fewest offers a declaration may give; otherwise -1.
    pub range_min: i32,
    /// `RENJU_REQUIRED_DECLARE`: the most offers a declaration may give; otherwise -1.
    pub range_max: i32,
    /// How many fifth-move offers are required (an offer, or Taraguchi's offer branch of
    /// a colour decision); -1 when no number is fixed.
    pub count: i32,
    /// `RENJU_REQUIRED_CHOOSE`: the number of offers to choose from (they are the legal
    /// points then); otherwise 0.
    pub offered_count: usize,
    /// The number of points a `place` (or an offer, or a choice) is accepted on now.
    pub legal_count: usize,
    /// Whether a pass is accepted now.
    pub pass: bool,
    /// The number of Black's forbidden points, when a black stone is to be placed or
    /// offered; otherwise 0.
    pub forbidden_count: usize,
    /// Whether White may claim a foul of Black's now (`RENJU_ACTION_CLAIM`).
    pub claimable: bool,
    /// The seat whose draw offer waits for an answer; `RENJU_SEAT_NONE` when none.
    pub draw_offer: renju_seat,
    /// Whether the arbiter has paused the game: no clock runs and no player acts until
    /// `RENJU_ACTION_UNPAUSE` (`required` and `to_act` say what comes after it).
    pub paused: bool,
    /// Whether the game is timed (then `clock` holds the clocks; otherwise it is zeroed,
    /// with `running` `RENJU_COLOR_NONE` and `deadline_ms` -1).
    pub timed: bool,
    /// The clocks, in a timed game.
    pub clock: renju_referee_clock,
    /// How the game ended (`RENJU_TERMINATION_UNFINISHED` and no winner while it goes
    /// on).
    pub outcome: renju_outcome,
    /// The result: `"1-0"` (Black won), `"0-1"`, `"1/2-1/2"`, `"0-0"` (both lost), or
    /// `"*"` while the game goes on. A static string: never free it.
    pub result: *const c_char,
    /// The seat that won; `RENJU_SEAT_NONE` when nobody did (yet).
    pub winner_seat: renju_seat,
    /// The seat that sealed a move when the game is adjourned (no clock runs and no
    /// player acts until `renju_referee_resume_sealed`); `RENJU_SEAT_NONE` otherwise. The
    /// digest the public record shows is in the JSON status (`adjourned.digest`).
    pub adjourned_by: renju_seat,
    /// Under a late limit: whether the first player has not arrived yet (until both
    /// have, no clock runs).
    pub absent_first: bool,
    /// Under a late limit: whether the second player has not arrived yet.
    pub absent_second: bool,
    /// The time stamp past which a player still absent forfeits; -1 when none (no late
    /// limit, both arrived, or the game is over).
    pub late_deadline_ms: i64,
}

/// A live game's referee. An opaque handle.
///
/// Ownership: created by `renju_referee_new`, `renju_referee_copy`,
/// `renju_referee_resume` or `renju_referee_resume_game`; the caller owns it and frees
/// it with `renju_referee_free`.
///
/// Thread safety: every call locks the referee, so one handle may be used from several
/// threads (calls on it are serialised). A handle freed while a call on another thread
/// is using it stays alive until that call returns.
pub struct renju_referee {
    inner: Mutex<Live>,
}

/// A referee and its status, built once per change (the status is read by up to three
/// calls after each action: the struct, the legal and the forbidden points).
#[derive(Clone)]
struct Live {
    referee: Referee,
    status: Option<Status>,
}

impl Live {
    fn new(referee: Referee) -> Live {
        Live {
            referee,
            status: None,
        }
    }

    fn status(&mut self) -> &Status {
        self.status.get_or_insert_with(|| self.referee.status())
    }

    /// Takes one request; the status is built again only when something may have
    /// changed (an action taken, or the time moved).
    fn take(&mut self, request: &Request) -> Result<()> {
        let result = self.referee.take(request);
        if result.is_ok() || request.t.is_some() {
            self.status = None;
        }
        result.map_err(refused)
    }
}

impl Handle for renju_referee {
    const NAME: &'static str = "renju_referee";
}

impl renju_referee {
    fn lock(&self) -> Result<MutexGuard<'_, Live>> {
        self.inner.lock().map_err(|_| {
            Error::new(
                RENJU_ERROR_PANIC,
                "the referee is unusable: an earlier call panicked while using it",
            )
        })
    }
}

fn referee(ptr: *const renju_referee) -> Result<Arc<renju_referee>> {
    handle(ptr, "referee")
}

/// Stores a new referee handle in `*out`.
///
/// # Safety
/// `out` must be valid for writes (checked for NULL before).
unsafe fn give(out: *mut *mut renju_referee, live: Live) -> Result<()> {
    let ptr = new_handle(renju_referee {
        inner: Mutex::new(live),
    });
    // SAFETY: forwarded.
    unsafe { write(out, "out", ptr) }
}

// ---------------------------------------------------------------------------
// Translation
// ---------------------------------------------------------------------------

/// The status code of a refusal.
pub(crate) fn refusal_status(code: RefusalCode) -> renju_status {
    match code {
        RefusalCode::NotYourTurn => RENJU_REFUSED_NOT_YOUR_TURN,
        RefusalCode::WrongAction => RENJU_REFUSED_WRONG_ACTION,
        RefusalCode::Occupied => RENJU_REFUSED_OCCUPIED,
        RefusalCode::OffBoard => RENJU_REFUSED_OFF_BOARD,
        RefusalCode::OutsideArea => RENJU_REFUSED_OUTSIDE_AREA,
        RefusalCode::Forbidden => RENJU_REFUSED_FORBIDDEN,
        RefusalCode::OfferCount => RENJU_REFUSED_OFFER_COUNT,
        RefusalCode::SymmetricOffers => RENJU_REFUSED_SYMMETRIC_OFFERS,
        RefusalCode::NotOffered => RENJU_REFUSED_NOT_OFFERED,
        RefusalCode::DrawOfferNotAllowed => RENJU_REFUSED_DRAW_OFFER_NOT_ALLOWED,
        RefusalCode::GameOver => RENJU_REFUSED_GAME_OVER,
        RefusalCode::BadRequest => RENJU_REFUSED_BAD_REQUEST,
        RefusalCode::Paused => RENJU_REFUSED_PAUSED,
        RefusalCode::Adjourned => RENJU_REFUSED_ADJOURNED,
        RefusalCode::SealMismatch => RENJU_REFUSED_SEAL_MISMATCH,
    }
}

/// The refusal code a status code stands for (`None`: not a refusal).
fn refusal_code(status: i32) -> Option<RefusalCode> {
    RefusalCode::ALL
        .into_iter()
        .find(|&code| refusal_status(code) as i32 == status)
}

/// A refusal as the error of a call: its code, and the message as the referee words it.
fn refused(refusal: Refusal) -> Error {
    Error::new(refusal_status(refusal.code), refusal.message)
}

fn refuse(code: RefusalCode, message: impl Into<String>) -> Error {
    Error::new(refusal_status(code), message)
}

impl From<Seat> for renju_seat {
    fn from(s: Seat) -> renju_seat {
        match s {
            Seat::First => renju_seat::RENJU_SEAT_FIRST,
            Seat::Second => renju_seat::RENJU_SEAT_SECOND,
        }
    }
}

impl From<Option<Seat>> for renju_seat {
    fn from(s: Option<Seat>) -> renju_seat {
        s.map_or(renju_seat::RENJU_SEAT_NONE, renju_seat::from)
    }
}

/// A seat passed in: `RENJU_SEAT_NONE` for whoever the action belongs to.
fn seat_arg(value: i32) -> Result<Option<Seat>> {
    match value {
        0 => Ok(None),
        1 => Ok(Some(Seat::First)),
        2 => Ok(Some(Seat::Second)),
        other => Err(Error::invalid(format!(
            "{other} is not a renju_seat (RENJU_SEAT_NONE, RENJU_SEAT_FIRST or RENJU_SEAT_SECOND)"
        ))),
    }
}

/// A point passed to the referee: coordinates off every board are refused as the
/// referee refuses a point off its board (`RENJU_REFUSED_OFF_BOARD`).
fn referee_point(p: renju_point) -> Result<Point> {
    point_arg(p).map_err(|e| refuse(RefusalCode::OffBoard, e.message))
}

fn required(r: Required) -> renju_required {
    match r {
        Required::None => renju_required::RENJU_REQUIRED_NONE,
        Required::Place => renju_required::RENJU_REQUIRED_PLACE,
        Required::Swap => renju_required::RENJU_REQUIRED_SWAP,
        Required::Declare => renju_required::RENJU_REQUIRED_DECLARE,
        Required::Offer => renju_required::RENJU_REQUIRED_OFFER,
        Required::Choose => renju_required::RENJU_REQUIRED_CHOOSE,
    }
}

fn swap_option_bit(o: SwapOption) -> u32 {
    match o {
        SwapOption::Stay => RENJU_SWAP_OPTION_STAY,
        SwapOption::Swap => RENJU_SWAP_OPTION_SWAP,
        SwapOption::PlaceTwo => RENJU_SWAP_OPTION_PLACE_TWO,
        SwapOption::Offer => RENJU_SWAP_OPTION_OFFER,
    }
}

fn clamp_i64(v: u64) -> i64 {
    i64::try_from(v).unwrap_or(i64::MAX)
}

impl From<&Status> for renju_referee_status {
    fn from(s: &Status) -> renju_referee_status {
        let clock = match &s.clock {
            Some(c) => renju_referee_clock {
                black: (&c.black).into(),
                white: (&c.white).into(),
                running: c.running.into(),
                deadline_ms: c.deadline.map_or(-1, clamp_i64),
            },
            None => renju_referee_clock {
                black: renju_side_clock::zero(),
                white: renju_side_clock::zero(),
                running: renju_color::RENJU_COLOR_NONE,
                deadline_ms: -1,
            },
        };
        let ending = s.outcome.as_ref();
        renju_referee_status {
            required: required(s.required),
            to_act: s.to_act.into(),
            color: s.color.into(),
            move_number: s.move_number,
            stone: s.stone.into(),
            options: s.options.iter().map(|&o| swap_option_bit(o)).sum(),
            range_min: s.range.map_or(-1, |r| r[0].into()),
            range_max: s.range.map_or(-1, |r| r[1].into()),
            count: s.count.map_or(-1, i32::from),
            offered_count: s.offered.len(),
            legal_count: s.legal.len(),
            pass: s.pass,
            forbidden_count: s.forbidden.len(),
            claimable: s.claimable,
            draw_offer: s.draw_offer.into(),
            paused: s.paused,
            timed: s.clock.is_some(),
            clock,
            outcome: ending.map(|e| e.outcome()).into(),
            result: intern(ending.map_or("*", |e| e.result)),
            winner_seat: ending.and_then(|e| e.winner_seat).into(),
            adjourned_by: s.adjourned.as_ref().map(|a| a.by).into(),
            absent_first: s.absent.contains(&Seat::First),
            absent_second: s.absent.contains(&Seat::Second),
            late_deadline_ms: s.late_deadline.map_or(-1, clamp_i64),
        }
    }
}

fn name_arg<T>(text: Option<&str>) -> Result<Option<T>>
where
    T: std::str::FromStr,
    Error: From<T::Err>,
{
    text.map(str::parse::<T>).transpose().map_err(Error::from)
}

/// # Safety
/// `ptr` must be NULL or valid for reads of a `renju_referee_options` whose strings are
/// NULL or NUL-terminated.
unsafe fn options_arg(ptr: *const renju_referee_options) -> Result<RefereeOptions> {
    let mut options = RefereeOptions::default();
    if ptr.is_null() {
        return Ok(options);
    }
    // SAFETY: the caller's guarantees; every field accepts any bit pattern.
    let raw = unsafe { read(ptr, "options") }?;
    options.rule_set = rule_set_arg(raw.rule_set)?;
    if raw.size != 0 {
        options.size = u8::try_from(raw.size).map_err(|_| {
            Error::invalid(format!(
                "board size {} is not supported (5 to 26)",
                raw.size
            ))
        })?;
    }
    options.renju.five_completion_counts = raw.five_completion_counts != 0;
    options.start_ms = raw.start_ms;
    // SAFETY (each string): the caller's guarantees.
    let opening = unsafe { opt_str_arg(raw.opening, "options->opening") }?;
    if let Some(opening) = name_arg::<OpeningRule>(opening)? {
        options.opening = opening;
    }
    // SAFETY: as above.
    let equivalence = unsafe { opt_str_arg(raw.offer_equivalence, "options->offer_equivalence") }?;
    if let Some(equivalence) = name_arg::<OfferEquivalence>(equivalence)? {
        options.offer_equivalence = equivalence;
    }
    // SAFETY: as above.
    let control = unsafe { opt_str_arg(raw.time_control, "options->time_control") }?;
    options.time_control = name_arg::<TimeControl>(control)?;
    // SAFETY: as above.
    let fouls = unsafe { opt_str_arg(raw.fouls, "options->fouls") }?;
    if let Some(fouls) = name_arg::<FoulPolicy>(fouls)? {
        options.fouls = fouls;
    }
    options.clock.both_flags = match raw.both_flags {
        0 => BothFlags::Draw,
        1 => BothFlags::ContinueUnlessLastPeriod,
        other => {
            return Err(Error::invalid(format!(
            "options->both_flags {other} is neither 0 (draw) nor 1 (continue unless last period)"
        )))
        }
    };
    options.late_limit_ms = (raw.late_limit_ms > 0).then_some(raw.late_limit_ms);
    if raw.default_time_ms > 0 {
        options.clock.default_time_ms = raw.default_time_ms;
    }
    Ok(options)
}

/// Why a referee could not be made: options it cannot run under are invalid arguments;
/// a record it cannot go on from (resuming) does not parse as a legal game.
fn creation_error(e: RefereeError) -> Error {
    match e {
        RefereeError::Record(_) => Error::new(RENJU_ERROR_PARSE, e.to_string()),
        RefereeError::Setup(_) | RefereeError::Clock(_) => Error::invalid(e.to_string()),
    }
}

/// Takes one request on a referee handle.
fn take(ptr: *mut renju_referee, action: Action, seat: i32, t_ms: *const u64) -> Result<()> {
    let by = seat_arg(seat)?.map(Party::from);
    // SAFETY: NULL or a readable uint64_t, the caller says.
    let t = unsafe { t_ms.as_ref() }.copied();
    let handle = referee(ptr)?;
    let mut live = handle.lock()?;
    live.take(&Request { action, by, t })
}

/// The arbiter takes `action`.
fn arbiter_takes(ptr: *mut renju_referee, action: Action, t_ms: *const u64) -> Result<()> {
    // SAFETY: NULL or a readable uint64_t, the caller says.
    let t = unsafe { t_ms.as_ref() }.copied();
    let handle = referee(ptr)?;
    let mut live = handle.lock()?;
    live.take(&Request {
        action,
        by: Some(Party::Arbiter),
        t,
    })
}

/// The arbiter takes the action `judged` makes of the player a `seat` argument names
/// and a reason (`reason` NULL: an empty one).
///
/// # Safety
/// `reason` must be NULL or a NUL-terminated string.
unsafe fn arbiter_judges(
    ptr: *mut renju_referee,
    seat: i32,
    reason: *const c_char,
    t_ms: *const u64,
    judged: fn(Seat, String) -> Action,
) -> Result<()> {
    let seat = player_arg(seat)?;
    // SAFETY: NULL or a NUL-terminated string, the caller says.
    let reason = unsafe { opt_str_arg(reason, "reason") }?.unwrap_or("");
    arbiter_takes(ptr, judged(seat, reason.to_string()), t_ms)
}

/// The player a `seat` argument names (`RENJU_SEAT_NONE` names none).
fn player_arg(value: i32) -> Result<Seat> {
    seat_arg(value)?.ok_or_else(|| {
        Error::invalid("the arbiter acts on a player: RENJU_SEAT_FIRST or RENJU_SEAT_SECOND")
    })
}

/// Takes an action on one point.
fn take_at(
    ptr: *mut renju_referee,
    point: renju_point,
    action: fn(Point) -> Action,
    seat: i32,
    t_ms: *const u64,
) -> Result<()> {
    take(ptr, action(referee_point(point)?), seat, t_ms)
}

// ---------------------------------------------------------------------------
// Entry points: creating and freeing
// ---------------------------------------------------------------------------

/// Creates a referee at the start of a game under `options` (NULL for the defaults;
/// see `renju_referee_options`). `*out` gets the new handle (NULL on error).
///
/// Returns `RENJU_ERROR_INVALID_ARGUMENT` for an unknown rule set, opening protocol,
/// offer equivalence or foul policy, a board size the rule set does not allow, a bad
/// `both_flags`, or a time control that cannot run a clock; `RENJU_ERROR_PARSE` for a
/// time control that cannot be read.
///
/// Ownership: the caller owns `*out` (free it with `renju_referee_free`). Thread
/// safety: safe from any thread.
///
/// # Safety
/// `options` must be NULL or point to a `renju_referee_options` (see there); `out` must
/// be NULL or valid for writes of a pointer.
#[no_mangle]
pub unsafe extern "C" fn renju_referee_new(
    options: *const renju_referee_options,
    out: *mut *mut renju_referee,
) -> renju_status {
    guard(|| {
        // SAFETY: the caller's guarantees.
        let out = unsafe { clear_out(out, "out") }?;
        // SAFETY: the caller's guarantees.
        let options = unsafe { options_arg(options) }?;
        let referee = Referee::new(options).map_err(|e| match e {
            // A record the referee cannot start is one its options make impossible.
            RefereeError::Record(_) => Error::invalid(e.to_string()),
            e => creation_error(e),
        })?;
        // SAFETY: checked above.
        unsafe { give(out, Live::new(referee)) }
    })
}

/// Copies a referee (the game, the pending offers, the clocks): the copy is
/// independent. `*out` gets the new handle (NULL on error).
///
/// Ownership: the caller owns `*out`; `referee` is only read. Thread safety: see
/// `renju_referee`.
///
/// # Safety
/// `referee` is looked up before use; `out` must be NULL or valid for writes of a
/// pointer.
#[no_mangle]
pub unsafe extern "C" fn renju_referee_copy(
    referee: *const renju_referee,
    out: *mut *mut renju_referee,
) -> renju_status {
    guard(|| {
        // SAFETY: the caller's guarantees.
        let out = unsafe { clear_out(out, "out") }?;
        let copy = self::referee(referee)?.lock()?.clone();
        // SAFETY: checked above.
        unsafe { give(out, copy) }
    })
}

/// Frees a referee. NULL is accepted and does nothing.
///
/// Returns `RENJU_ERROR_BAD_HANDLE` (and frees nothing) for a handle already freed or
/// not from this library.
///
/// Thread safety: see `renju_referee`.
///
/// # Safety
/// `referee` is looked up before use, never dereferenced unless live.
#[no_mangle]
pub unsafe extern "C" fn renju_referee_free(referee: *mut renju_referee) -> renju_status {
    guard(|| free_handle(referee, "referee"))
}

/// Creates a referee that goes on from a game record: the `length` bytes at `data` in
/// `format` (`"sgf"`, `"rif"`, `"psq"`, `"moves"`, `"renlib"`, `"openings"`; NULL to
/// guess it from `name`'s extension), which must hold exactly one record, read as
/// `renju_games_read_buffer` reads it. The record's events are followed as a replay
/// follows them; it must be a legal game so far. The record's rules (where it names
/// them) override `options` (NULL for the defaults). `*out` gets the new handle (NULL on
/// error). What `renju_referee_record` writes resumes to the same game.
///
/// Returns `RENJU_ERROR_PARSE` for a record that cannot be read, or that breaks the
/// rules (the message says where), or for text holding no record;
/// `RENJU_ERROR_INVALID_ARGUMENT` for text holding several records (read them with
/// `renju_games_read_buffer` and resume one with `renju_referee_resume_game`), an
/// unknown format, or bad options.
///
/// Ownership: the buffer is only read during the call; the caller owns `*out`. Thread
/// safety: safe from any thread.
///
/// # Safety
/// `data` must be NULL (only with `length` 0) or valid for reads of `length` bytes;
/// `format` and `name` must be NULL or NUL-terminated strings; `options` must be NULL or
/// point to a `renju_referee_options`; `out` must be NULL or valid for writes of a
/// pointer.
#[no_mangle]
pub unsafe extern "C" fn renju_referee_resume(
    data: *const u8,
    length: usize,
    format: *const c_char,
    name: *const c_char,
    options: *const renju_referee_options,
    out: *mut *mut renju_referee,
) -> renju_status {
    guard(|| {
        // SAFETY: the caller's guarantees.
        let out = unsafe { clear_out(out, "out") }?;
        // SAFETY: the caller's guarantees.
        let (bytes, name, format) = unsafe { crate::games::file_arg(data, length, format, name) }?;
        // SAFETY: the caller's guarantees.
        let options = unsafe { options_arg(options) }?;
        let mut records = format.read(bytes, name);
        if records.len() > 1 {
            return Err(Error::invalid(format!(
                "the text holds {} game records, not one (read them with renju_games_read_buffer and resume one with renju_referee_resume_game)",
                records.len()
            )));
        }
        let game: Game = records
            .pop()
            .ok_or_else(|| Error::new(RENJU_ERROR_PARSE, "the text holds no game record"))??;
        let referee = Referee::resume(&game, options).map_err(creation_error)?;
        // SAFETY: checked above.
        unsafe { give(out, Live::new(referee)) }
    })
}

/// Creates a referee that goes on from record `index` of `games` (as
/// `renju_referee_resume`, for files of many records). `*out` gets the new handle (NULL
/// on error).
///
/// Returns `RENJU_ERROR_INDEX_OUT_OF_RANGE` past the last record, `RENJU_ERROR_PARSE`
/// for a record that could not be read or breaks the rules, `RENJU_ERROR_INVALID_ARGUMENT`
/// for bad options.
///
/// Ownership: the caller owns `*out`; `games` is only read. Thread safety: safe from any
/// thread.
///
/// # Safety
/// `games` is looked up before use; `options` must be NULL or point to a
/// `renju_referee_options`; `out` must be NULL or valid for writes of a pointer.
#[no_mangle]
pub unsafe extern "C" fn renju_referee_resume_game(
    games: *const renju_games,
    index: usize,
    options: *const renju_referee_options,
    out: *mut *mut renju_referee,
) -> renju_status {
    guard(|| {
        // SAFETY: the caller's guarantees.
        let out = unsafe { clear_out(out, "out") }?;
        // SAFETY: the caller's guarantees.
        let options = unsafe { options_arg(options) }?;
        let handle = self::games(games)?;
        let game = crate::games::record(&handle, index)?.game()?;
        let referee = Referee::resume(game, options).map_err(creation_error)?;
        // SAFETY: checked above.
        unsafe { give(out, Live::new(referee)) }
    })
}

// ---------------------------------------------------------------------------
// Entry points: the fast path
// ---------------------------------------------------------------------------

/// Places a stone on `point`: the next move, or one of the opening player's stones.
/// `seat` is the seat acting (`RENJU_SEAT_NONE`: whoever must act; otherwise an action
/// out of turn is refused). `t_ms` points to the action's time stamp in milliseconds on
/// the caller's timeline (never earlier than the action before), or is NULL when no time
/// passed since the action before.
///
/// Returns `RENJU_OK` when the action is taken; `RENJU_REFUSED_*` when the rules refuse
/// it (`RENJU_REFUSED_OCCUPIED`, `_OFF_BOARD` (also for coordinates off every board),
/// `_OUTSIDE_AREA`, `_FORBIDDEN`, `_NOT_YOUR_TURN`, `_WRONG_ACTION`, `_GAME_OVER`,
/// `_BAD_REQUEST` for time going backwards), with the referee's reason in
/// `renju_last_error_message()`: a refused action changes nothing, except that a flag
/// that fell before its time stamp has fallen (the status says so);
/// `RENJU_ERROR_INVALID_ARGUMENT` for a `seat` that is not a `renju_seat`.
///
/// Thread safety: see `renju_referee`.
///
/// # Safety
/// `referee` is looked up before use; `t_ms` must be NULL or point to a `uint64_t`.
#[no_mangle]
pub unsafe extern "C" fn renju_referee_place(
    referee: *mut renju_referee,
    point: renju_point,
    seat: i32,
    t_ms: *const u64,
) -> renju_status {
    guard(|| take_at(referee, point, |point| Action::Place { point }, seat, t_ms))
}

/// The side to move passes (not inside the opening protocol). `seat` and `t_ms` as for
/// `renju_referee_place`.
///
/// Returns `RENJU_OK`, or `RENJU_REFUSED_WRONG_ACTION` (the protocol asks for something
/// else), `_NOT_YOUR_TURN`, `_GAME_OVER`, `_BAD_REQUEST`, as `renju_referee_place`.
///
/// Thread safety: see `renju_referee`.
///
/// # Safety
/// `referee` is looked up before use; `t_ms` must be NULL or point to a `uint64_t`.
#[no_mangle]
pub unsafe extern "C" fn renju_referee_pass(
    referee: *mut renju_referee,
    seat: i32,
    t_ms: *const u64,
) -> renju_status {
    guard(|| take(referee, Action::Pass, seat, t_ms))
}

/// Takes an action without arguments (`action` a `renju_referee_action`: swap, stay,
/// place-two, claim, draw offer, accept, decline, resign, forfeit, tick, pass, and the
/// arbiter's pause and unpause, taken with `seat` `RENJU_SEAT_NONE`). `seat` and `t_ms`
/// as for `renju_referee_place`; a tick needs a time stamp.
///
/// Returns `RENJU_OK`, or `RENJU_REFUSED_*` as `renju_referee_place`
/// (`RENJU_REFUSED_WRONG_ACTION` for a colour decision the protocol does not ask for
/// now, a claim with no foul to claim, an answer with no draw offer;
/// `RENJU_REFUSED_DRAW_OFFER_NOT_ALLOWED` for a draw offer the rules do not allow now;
/// `RENJU_REFUSED_BAD_REQUEST` for a tick without a time stamp, or a pause or unpause
/// with a seat; `RENJU_REFUSED_WRONG_ACTION` for a pause inside a pause or an unpause
/// without one; `RENJU_REFUSED_PAUSED` for a player's action while paused);
/// `RENJU_ERROR_INVALID_ARGUMENT` for an unknown `action` or `seat`.
///
/// Thread safety: see `renju_referee`.
///
/// # Safety
/// `referee` is looked up before use; `t_ms` must be NULL or point to a `uint64_t`.
#[no_mangle]
pub unsafe extern "C" fn renju_referee_act(
    referee: *mut renju_referee,
    action: i32,
    seat: i32,
    t_ms: *const u64,
) -> renju_status {
    guard(|| {
        use renju_referee_action::*;
        let actions = [
            (RENJU_ACTION_PASS, Action::Pass),
            (RENJU_ACTION_SWAP, Action::Swap),
            (RENJU_ACTION_STAY, Action::Stay),
            (RENJU_ACTION_PLACE_TWO, Action::PlaceTwo),
            (RENJU_ACTION_CLAIM, Action::Claim),
            (RENJU_ACTION_DRAW_OFFER, Action::DrawOffer),
            (RENJU_ACTION_DRAW_ACCEPT, Action::DrawAccept),
            (RENJU_ACTION_DRAW_DECLINE, Action::DrawDecline),
            (RENJU_ACTION_RESIGN, Action::Resign),
            (RENJU_ACTION_TICK, Action::Tick),
            (RENJU_ACTION_FORFEIT, Action::Forfeit),
            (RENJU_ACTION_PAUSE, Action::Pause),
            (RENJU_ACTION_UNPAUSE, Action::Unpause),
            (RENJU_ACTION_ARRIVE, Action::Arrive),
        ];
        let action = actions
            .into_iter()
            .find(|(a, _)| *a as i32 == action)
            .map(|(_, a)| a)
            .ok_or_else(|| {
                Error::invalid(format!(
                    "{action} is not a renju_referee_action (RENJU_ACTION_PASS .. RENJU_ACTION_ARRIVE)"
                ))
            })?;
        take(referee, action, seat, t_ms)
    })
}

/// Declares the number of fifth-move offers (`RENJU_REQUIRED_DECLARE`, within
/// `range_min` to `range_max`; some protocols also let Black declare earlier). `seat`
/// and `t_ms` as for `renju_referee_place`.
///
/// Returns `RENJU_OK`, or `RENJU_REFUSED_OFFER_COUNT` for a number outside the range
/// (`RENJU_REFUSED_BAD_REQUEST` past 255, as the JSON path), and the refusals of
/// `renju_referee_place`.
///
/// Thread safety: see `renju_referee`.
///
/// # Safety
/// `referee` is looked up before use; `t_ms` must be NULL or point to a `uint64_t`.
#[no_mangle]
pub unsafe extern "C" fn renju_referee_declare(
    referee: *mut renju_referee,
    count: u32,
    seat: i32,
    t_ms: *const u64,
) -> renju_status {
    guard(|| {
        let count = u8::try_from(count).map_err(|_| {
            refuse(
                RefusalCode::BadRequest,
                format!("{count} fifth-move offers is more than any protocol allows"),
            )
        })?;
        take(referee, Action::Declare { count }, seat, t_ms)
    })
}

/// Black offers fifth moves: the `count` points of the array `points`
/// (`RENJU_REQUIRED_OFFER`, or the offer branch of Taraguchi's colour decision). `seat`
/// and `t_ms` as for `renju_referee_place`.
///
/// Returns `RENJU_OK`, or `RENJU_REFUSED_OFFER_COUNT` for the wrong number of offers,
/// `RENJU_REFUSED_SYMMETRIC_OFFERS` for two offers that are the same move by symmetry,
/// `RENJU_REFUSED_OCCUPIED` / `_OFF_BOARD` for an offer that is not an empty point of
/// the board, `RENJU_REFUSED_BAD_REQUEST` for a point offered twice, and the refusals
/// of `renju_referee_place`; `RENJU_ERROR_NULL_POINTER` for `points` NULL with `count`
/// not 0.
///
/// Thread safety: see `renju_referee`.
///
/// # Safety
/// `referee` is looked up before use; `points` must be NULL (only with `count` 0) or
/// valid for reads of `count` elements; `t_ms` must be NULL or point to a `uint64_t`.
#[no_mangle]
pub unsafe extern "C" fn renju_referee_offer(
    referee: *mut renju_referee,
    points: *const renju_point,
    count: usize,
    seat: i32,
    t_ms: *const u64,
) -> renju_status {
    guard(|| {
        let points: &[renju_point] = if count == 0 {
            &[]
        } else {
            let points = out_ptr(points as *mut renju_point, "points")?;
            // SAFETY: checked non-null and aligned; the caller guarantees `count`
            // readable elements, and every bit pattern is a renju_point.
            unsafe { std::slice::from_raw_parts(points, count) }
        };
        let points = points
            .iter()
            .map(|&p| referee_point(p))
            .collect::<Result<Vec<_>>>()?;
        take(referee, Action::Offer { points }, seat, t_ms)
    })
}

/// White keeps one of the offered fifth moves (`RENJU_REQUIRED_CHOOSE`): it becomes
/// move 5. `seat` and `t_ms` as for `renju_referee_place`.
///
/// Returns `RENJU_OK`, or `RENJU_REFUSED_NOT_OFFERED` for a point that was not offered,
/// and the refusals of `renju_referee_place`.
///
/// Thread safety: see `renju_referee`.
///
/// # Safety
/// `referee` is looked up before use; `t_ms` must be NULL or point to a `uint64_t`.
#[no_mangle]
pub unsafe extern "C" fn renju_referee_choose(
    referee: *mut renju_referee,
    point: renju_point,
    seat: i32,
    t_ms: *const u64,
) -> renju_status {
    guard(|| take_at(referee, point, |point| Action::Choose { point }, seat, t_ms))
}

/// The arbiter notes a violation of the player in `seat` (`RENJU_SEAT_FIRST` or
/// `RENJU_SEAT_SECOND`), for `reason` (UTF-8; NULL or empty: none given): a warning. A
/// player's second violation of the game loses it (`RENJU_TERMINATION_VIOLATIONS`).
/// `t_ms` as for `renju_referee_place`.
///
/// Returns `RENJU_OK`, or `RENJU_REFUSED_GAME_OVER`, `_BAD_REQUEST` (time going
/// backwards); `RENJU_ERROR_INVALID_ARGUMENT` for a `seat` that names no player;
/// `RENJU_ERROR_INVALID_UTF8` for a `reason` that is not UTF-8.
///
/// Thread safety: see `renju_referee`.
///
/// # Safety
/// `referee` is looked up before use; `reason` must be NULL or a NUL-terminated string;
/// `t_ms` must be NULL or point to a `uint64_t`.
#[no_mangle]
pub unsafe extern "C" fn renju_referee_warning(
    referee: *mut renju_referee,
    seat: i32,
    reason: *const c_char,
    t_ms: *const u64,
) -> renju_status {
    // SAFETY: `reason` is NULL or a NUL-terminated string, the caller says.
    guard(|| unsafe {
        arbiter_judges(referee, seat, reason, t_ms, |seat, reason| {
            Action::Warning { seat, reason }
        })
    })
}

/// The arbiter takes `ms` milliseconds off the clock of the player in `seat`
/// (`RENJU_SEAT_FIRST` or `RENJU_SEAT_SECOND`): generally at most five minutes, a longer
/// one is applied and the record's validation notes it (`long-penalty`). A penalty that
/// takes all the time the player has left makes their flag fall
/// (`RENJU_TERMINATION_TIME`). `t_ms` as for `renju_referee_place`.
///
/// Returns `RENJU_OK`, or `RENJU_REFUSED_BAD_REQUEST` (an untimed game, time going
/// backwards), `_GAME_OVER`; `RENJU_ERROR_INVALID_ARGUMENT` for a `seat` that names no
/// player.
///
/// Thread safety: see `renju_referee`.
///
/// # Safety
/// `referee` is looked up before use; `t_ms` must be NULL or point to a `uint64_t`.
#[no_mangle]
pub unsafe extern "C" fn renju_referee_penalty(
    referee: *mut renju_referee,
    seat: i32,
    ms: u64,
    t_ms: *const u64,
) -> renju_status {
    guard(|| {
        let seat = player_arg(seat)?;
        arbiter_takes(referee, Action::Penalty { seat, ms }, t_ms)
    })
}

/// The arbiter disqualifies the player in `seat` (`RENJU_SEAT_FIRST` or
/// `RENJU_SEAT_SECOND`) for `reason` (UTF-8; NULL or empty: none given): they lose by
/// forfeit (`RENJU_TERMINATION_FORFEIT`), the record's `termination` tag saying why.
/// `t_ms` as for `renju_referee_place`.
///
/// Returns `RENJU_OK`, or `RENJU_REFUSED_GAME_OVER`, `_BAD_REQUEST`;
/// `RENJU_ERROR_INVALID_ARGUMENT` for a `seat` that names no player;
/// `RENJU_ERROR_INVALID_UTF8` for a `reason` that is not UTF-8.
///
/// Thread safety: see `renju_referee`.
///
/// # Safety
/// `referee` is looked up before use; `reason` must be NULL or a NUL-terminated string;
/// `t_ms` must be NULL or point to a `uint64_t`.
#[no_mangle]
pub unsafe extern "C" fn renju_referee_disqualify(
    referee: *mut renju_referee,
    seat: i32,
    reason: *const c_char,
    t_ms: *const u64,
) -> renju_status {
    // SAFETY: `reason` is NULL or a NUL-terminated string, the caller says.
    guard(|| unsafe {
        arbiter_judges(referee, seat, reason, t_ms, |seat, reason| {
            Action::Disqualify { seat, reason }
        })
    })
}

/// The player to move seals their next move, a stone on `point` (an adjournment): both
/// clocks stop at `*t_ms`, and the record shows only the move's SHA-256 digest. `salt`
/// is the digest's secret salt (16 to 128 letters, digits, `-`, `_` or `.`; NULL: a
/// random one is drawn); `renju_referee_sealed_move` gives the sealed move to keep apart
/// from the public record. The point is judged at the resumption only. `seat` and
/// `t_ms` as for `renju_referee_place`.
///
/// Returns `RENJU_OK`, or `RENJU_REFUSED_NOT_YOUR_TURN` (a seal by the player not to
/// move), `_WRONG_ACTION` (not a move of the game: the opening asks for something else),
/// `_ADJOURNED` (a move is sealed already), `_PAUSED`, `_GAME_OVER`, `_BAD_REQUEST` (a
/// salt that is too short or has other characters, time going backwards);
/// `RENJU_ERROR_INVALID_ARGUMENT` for a `seat` that is not a `renju_seat`,
/// `RENJU_ERROR_INVALID_UTF8` for a `salt` that is not UTF-8.
///
/// Thread safety: see `renju_referee`.
///
/// # Safety
/// `referee` is looked up before use; `salt` must be NULL or a NUL-terminated string;
/// `t_ms` must be NULL or point to a `uint64_t`.
#[no_mangle]
pub unsafe extern "C" fn renju_referee_seal(
    referee: *mut renju_referee,
    point: renju_point,
    salt: *const c_char,
    seat: i32,
    t_ms: *const u64,
) -> renju_status {
    guard(|| {
        // SAFETY: NULL or a NUL-terminated string, the caller says.
        let salt = unsafe { opt_str_arg(salt, "salt") }?.map(str::to_string);
        let point = referee_point(point)?;
        take(referee, Action::Seal { point, salt }, seat, t_ms)
    })
}

/// The arbiter resumes the adjourned game at `*t_ms`: the sealed move is checked against
/// the seal's digest and played (the sealer's clock charged only the time before the
/// seal, the opponent's clock starting now); a sealed move off the board, on an occupied
/// point or forbidden (judged automatically) loses for the sealer
/// (`RENJU_TERMINATION_ILLEGAL_SEALED_MOVE`). `sealed` is the sealed move as
/// `renju_referee_sealed_move` wrote it (`POINT/SALT`), or NULL for the one this
/// referee sealed (a referee resumed from the public record needs it).
///
/// Returns `RENJU_OK`, or `RENJU_REFUSED_WRONG_ACTION` (no move is sealed),
/// `_SEAL_MISMATCH` (the sealed move does not match the digest), `_BAD_REQUEST` (no
/// sealed move known, or `sealed` unreadable), `_GAME_OVER`;
/// `RENJU_ERROR_INVALID_UTF8` for a `sealed` that is not UTF-8.
///
/// Thread safety: see `renju_referee`.
///
/// # Safety
/// `referee` is looked up before use; `sealed` must be NULL or a NUL-terminated string;
/// `t_ms` must be NULL or point to a `uint64_t`.
#[no_mangle]
pub unsafe extern "C" fn renju_referee_resume_sealed(
    referee: *mut renju_referee,
    sealed: *const c_char,
    t_ms: *const u64,
) -> renju_status {
    guard(|| {
        // SAFETY: NULL or a NUL-terminated string, the caller says.
        let sealed = match unsafe { opt_str_arg(sealed, "sealed") }? {
            Some(text) => Some(
                text.parse()
                    .map_err(|e: renju_records::sealed::SealError| {
                        Error::new(RENJU_REFUSED_BAD_REQUEST, e.to_string())
                    })?,
            ),
            None => None,
        };
        arbiter_takes(referee, Action::Resume { sealed }, t_ms)
    })
}

/// The move sealed at the adjournment under way, `POINT/SALT`: the part the arbiter keeps
/// apart from the public record until the game resumes. `*text` gets the string (NULL
/// on error).
///
/// Returns `RENJU_REFUSED_WRONG_ACTION` when no move is sealed here (the game is not
/// adjourned, or this referee was resumed from the public record).
///
/// Ownership: the caller owns `*text` and frees it with `renju_string_free`. Thread
/// safety: see `renju_referee`.
///
/// # Safety
/// `referee` is looked up before use; `text` must be NULL or valid for writes of a
/// pointer.
#[no_mangle]
pub unsafe extern "C" fn renju_referee_sealed_move(
    referee: *const renju_referee,
    text: *mut *mut c_char,
) -> renju_status {
    guard(|| {
        // SAFETY: the caller's guarantees.
        let text = unsafe { clear_out(text, "text") }?;
        let handle = self::referee(referee)?;
        let sealed = handle
            .lock()?
            .referee
            .sealed_move()
            .map(ToString::to_string);
        let sealed = sealed.ok_or_else(|| {
            Error::new(
                RENJU_REFUSED_WRONG_ACTION,
                "no move is sealed here: the game is not adjourned, or was resumed from its record",
            )
        })?;
        // SAFETY: checked above.
        unsafe { write(text, "text", new_string(sealed)?) }
    })
}

/// The name of a refusal code, as the JSON protocol writes it (`RENJU_REFUSED_OCCUPIED`
/// gives `"occupied"`, `RENJU_REFUSED_NOT_YOUR_TURN` `"not-your-turn"`); NULL for a
/// status that is not a refusal. The names are stable across versions and languages.
///
/// Ownership: a static string; do not free it. Thread safety: safe from any thread.
#[no_mangle]
pub extern "C" fn renju_refusal_name(status: i32) -> *const c_char {
    crate::error::guard_value(std::ptr::null(), || {
        refusal_code(status).map_or(std::ptr::null(), |code| intern(code.name()))
    })
}

// ---------------------------------------------------------------------------
// Entry points: the status
// ---------------------------------------------------------------------------

/// Where the game stands now, in `*out` (see `renju_referee_status`).
///
/// Thread safety: see `renju_referee`.
///
/// # Safety
/// `referee` is looked up before use; `out` must be NULL or valid for writes of a
/// `renju_referee_status`.
#[no_mangle]
pub unsafe extern "C" fn renju_referee_get_status(
    referee: *const renju_referee,
    out: *mut renju_referee_status,
) -> renju_status {
    guard(|| {
        out_ptr(out, "out")?;
        let handle = self::referee(referee)?;
        let status = renju_referee_status::from(handle.lock()?.status());
        // SAFETY: the caller's guarantees.
        unsafe { write(out, "out", status) }
    })
}

/// Copies the first `capacity` items of `items` to `out` and reports their number.
///
/// # Safety
/// `out` must be NULL (only with `capacity` 0) or valid for writes of `capacity`
/// elements; `count` must be NULL or valid for writes of a `size_t`.
unsafe fn copy_out<T: Copy>(
    items: &[T],
    out: *mut T,
    capacity: usize,
    count: *mut usize,
    what: &str,
) -> Result<()> {
    for (i, item) in items.iter().take(capacity).enumerate() {
        // SAFETY: i < capacity, and the array holds `capacity` elements.
        unsafe { out.add(i).write(*item) };
    }
    // SAFETY: the caller's guarantees.
    unsafe { write(count, "count", items.len()) }?;
    if items.len() > capacity {
        return Err(Error::new(
            RENJU_ERROR_BUFFER_TOO_SMALL,
            format!("{} {what}, the array holds {capacity}", items.len()),
        ));
    }
    Ok(())
}

/// Every point a `place` (or an offer, or a choice) is accepted on now, row by row from
/// `a1` (during `RENJU_REQUIRED_CHOOSE`: the offers), written into the caller's array
/// `points` of `capacity` elements. `*count` always gets the number of points (the
/// status's `legal_count`).
///
/// Returns `RENJU_ERROR_BUFFER_TOO_SMALL` when `capacity < *count` (then the first
/// `capacity` points are written): call with `capacity` 0 (and `points` NULL) to learn
/// the size, or pass an array of `size * size` elements, which is always enough.
///
/// Thread safety: see `renju_referee`.
///
/// # Safety
/// `referee` is looked up before use; `points` must be NULL (only with `capacity` 0) or
/// valid for writes of `capacity` elements; `count` must be NULL or valid for writes of
/// a `size_t`.
#[no_mangle]
pub unsafe extern "C" fn renju_referee_legal_points(
    referee: *const renju_referee,
    points: *mut renju_point,
    capacity: usize,
    count: *mut usize,
) -> renju_status {
    guard(|| {
        array_args(points, "points", capacity, count)?;
        let handle = self::referee(referee)?;
        let mut live = handle.lock()?;
        let legal: Vec<renju_point> = live.status().legal.iter().map(|&p| p.into()).collect();
        drop(live);
        // SAFETY: the caller's guarantees.
        unsafe { copy_out(&legal, points, capacity, count, "legal points") }
    })
}

/// Black's forbidden points now (when a black stone is to be placed or offered; none
/// otherwise), row by row from `a1`, with the foul reported and every foul
/// (`RENJU_FOULS_*` bits), written into the caller's array `points` of `capacity`
/// elements. `*count` always gets the number of points (the status's
/// `forbidden_count`). The size convention is `renju_referee_legal_points`'s.
///
/// Returns `RENJU_ERROR_BUFFER_TOO_SMALL` when `capacity < *count`.
///
/// Thread safety: see `renju_referee`.
///
/// # Safety
/// `referee` is looked up before use; `points` must be NULL (only with `capacity` 0) or
/// valid for writes of `capacity` elements; `count` must be NULL or valid for writes of
/// a `size_t`.
#[no_mangle]
pub unsafe extern "C" fn renju_referee_forbidden_points(
    referee: *const renju_referee,
    points: *mut renju_forbidden_point,
    capacity: usize,
    count: *mut usize,
) -> renju_status {
    guard(|| {
        array_args(points, "points", capacity, count)?;
        let handle = self::referee(referee)?;
        let mut live = handle.lock()?;
        let spots = live.status().forbidden.clone();
        let position = live.referee.position();
        let forbidden: Vec<renju_forbidden_point> = spots
            .iter()
            .map(|f| renju_forbidden_point {
                point: f.point.into(),
                foul: f.kind.into(),
                fouls: position.fouls_at(f.point).map_or(0, foul_bits),
            })
            .collect();
        drop(live);
        // SAFETY: the caller's guarantees.
        unsafe { copy_out(&forbidden, points, capacity, count, "forbidden points") }
    })
}

// ---------------------------------------------------------------------------
// Entry points: JSON, records, explanations
// ---------------------------------------------------------------------------

/// Answers one line of the JSON-lines protocol (the one `renju referee` and Python's
/// `Referee.apply` speak) with one line, in `*reply` (no newline). A line is a JSON
/// object with an `action` field: an action (`place`, `pass`, `swap`, `stay`,
/// `place-two`, `declare`, `offer`, `choose`, `claim`, `draw-offer`, `draw-accept`,
/// `draw-decline`, `resign`, `forfeit`, `tick`, `arrive`, `seal` (with `point` and
/// optionally `salt`), and (the arbiter's) `pause`, `unpause`, `warning`, `penalty`,
/// `disqualify`, `resume` (optionally `sealed`), with `point`, `points` or `count` where
/// it takes one, `seat`, `reason` and `ms` for the arbiter's, and optionally `by`
/// (`"first"` or `"second"`, or `"arbiter"` for the arbiter's actions and to declare
/// the forfeit of the player to act) and `t` (milliseconds)), or a query: `status`,
/// `record` (with `format`), `explain` (with `point`) or `sealed`. The reply is
/// `{"ok":true,"status":{...}}` or `{"ok":false,"error":{"code":...,"message":...},
/// "status":{...}}`, with `record` or `explanation` beside the status for those queries;
/// `code` is the name `renju_refusal_name` gives.
///
/// Every line gets a reply: a line that is not a command (not JSON, an unknown action or
/// field, a missing argument, text that is not UTF-8) gets a `bad-request` reply, and
/// the call still returns `RENJU_OK`. A refused action changes nothing (as on the fast
/// path). The call fails only on bad arguments: `RENJU_ERROR_NULL_POINTER`,
/// `RENJU_ERROR_BAD_HANDLE` (then `*reply` is NULL).
///
/// Ownership: the caller owns `*reply` and frees it with `renju_string_free`. Thread
/// safety: see `renju_referee`.
///
/// # Safety
/// `referee` is looked up before use; `line` must be NULL or a NUL-terminated string;
/// `reply` must be NULL or valid for writes of a pointer.
#[no_mangle]
pub unsafe extern "C" fn renju_referee_handle_json(
    referee: *mut renju_referee,
    line: *const c_char,
    reply: *mut *mut c_char,
) -> renju_status {
    guard(|| {
        // SAFETY: the caller's guarantees.
        let reply = unsafe { clear_out(reply, "reply") }?;
        // SAFETY: the caller's guarantees.
        let line = unsafe { str_arg(line, "line") };
        let handle = self::referee(referee)?;
        let mut live = handle.lock()?;
        let text = match line {
            Ok(line) => {
                let text = live.referee.handle_json(line);
                // Any line may have changed the referee (or moved its clock).
                live.status = None;
                text
            }
            Err(e) if e.status == RENJU_ERROR_INVALID_UTF8 => Reply {
                ok: false,
                error: Some(Refusal {
                    code: RefusalCode::BadRequest,
                    message: format!("not a command line: {}", e.message),
                }),
                record: None,
                explanation: None,
                sealed: None,
                status: live.status().clone(),
            }
            .to_json(),
            Err(e) => return Err(e),
        };
        drop(live);
        // SAFETY: checked above.
        unsafe { write(reply, "reply", new_string(text)?) }
    })
}

/// The game so far as a record in `format` (`"sgf"`, `"rif"`, `"psq"`, `"moves"` or
/// `"openings"`): the events (with the times of the moves, in a timed game) and the
/// result once there is one; offers still waiting for White's choice are not in it.
/// `renju_referee_resume` reads it back. `*text` gets the string (NULL on error).
///
/// Returns `RENJU_ERROR_INVALID_ARGUMENT` for an unknown format,
/// `RENJU_REFUSED_BAD_REQUEST` for a binary format (`"renlib"`) or a game the format
/// cannot hold.
///
/// Ownership: the caller owns `*text` and frees it with `renju_string_free`. Thread
/// safety: see `renju_referee`.
///
/// # Safety
/// `referee` is looked up before use; `format` must be NULL or a NUL-terminated string;
/// `text` must be NULL or valid for writes of a pointer.
#[no_mangle]
pub unsafe extern "C" fn renju_referee_record(
    referee: *const renju_referee,
    format: *const c_char,
    text: *mut *mut c_char,
) -> renju_status {
    guard(|| {
        // SAFETY: the caller's guarantees.
        let text = unsafe { clear_out(text, "text") }?;
        // SAFETY: the caller's guarantees.
        let format: Format = unsafe { str_arg(format, "format") }?.parse()?;
        let handle = self::referee(referee)?;
        let record = handle.lock()?.referee.record(format).map_err(refused)?;
        // SAFETY: checked above.
        unsafe { write(text, "text", new_string(record)?) }
    })
}

/// Every action the referee has taken, in order, as a JSON array of the JSON-lines
/// protocol's action objects (`[{"action":"place","point":"h8","by":"first","t":1500},
/// ...]`; a refused action whose time stamp let a flag fall is kept as a `tick`).
/// `renju_referee_from_actions_json` replays it: the way to save and restore a referee
/// exactly, pending offers included, whatever record formats can hold. `*json` gets the
/// text (NULL on error).
///
/// Ownership: the caller owns `*json` and frees it with `renju_string_free`. Thread
/// safety: see `renju_referee`.
///
/// # Safety
/// `referee` is looked up before use; `json` must be NULL or valid for writes of a
/// pointer.
#[no_mangle]
pub unsafe extern "C" fn renju_referee_actions_json(
    referee: *const renju_referee,
    json: *mut *mut c_char,
) -> renju_status {
    guard(|| {
        // SAFETY: the caller's guarantees.
        let json = unsafe { clear_out(json, "json") }?;
        let handle = self::referee(referee)?;
        let text = serde_json::to_string(handle.lock()?.referee.actions())
            .map_err(|e| Error::invalid(format!("cannot serialise the actions: {e}")))?;
        // SAFETY: checked above.
        unsafe { write(json, "json", new_string(text)?) }
    })
}

/// Creates a referee under `options` (NULL for the defaults) and replays the actions of
/// `json` (as `renju_referee_actions_json` gives them) from the start. `*out` gets the
/// new handle (NULL on error).
///
/// Returns `RENJU_ERROR_PARSE` for text that is not such an array, or an action the
/// referee refuses (the message gives its index, from 0, and the refusal),
/// `RENJU_ERROR_INVALID_ARGUMENT` for bad options, `RENJU_ERROR_INVALID_UTF8` for text
/// that is not UTF-8.
///
/// Ownership: the caller owns `*out`. Thread safety: safe from any thread.
///
/// # Safety
/// `options` must be NULL or point to a `renju_referee_options`; `json` must be NULL or
/// a NUL-terminated string; `out` must be NULL or valid for writes of a pointer.
#[no_mangle]
pub unsafe extern "C" fn renju_referee_from_actions_json(
    options: *const renju_referee_options,
    json: *const c_char,
    out: *mut *mut renju_referee,
) -> renju_status {
    guard(|| {
        // SAFETY: the caller's guarantees.
        let out = unsafe { clear_out(out, "out") }?;
        // SAFETY: the caller's guarantees.
        let options = unsafe { options_arg(options) }?;
        // SAFETY: the caller's guarantees.
        let text = unsafe { str_arg(json, "json") }?;
        let actions: Vec<Request> = serde_json::from_str(text)
            .map_err(|e| Error::new(RENJU_ERROR_PARSE, format!("not an array of actions: {e}")))?;
        // A referee that cannot start under the options is an argument error.
        Referee::new(options.clone()).map_err(|e| Error::invalid(e.to_string()))?;
        let referee = Referee::from_actions(options, &actions).map_err(|(i, refusal)| {
            Error::new(
                RENJU_ERROR_PARSE,
                format!("action {i} is refused: {refusal}"),
            )
        })?;
        // SAFETY: checked above.
        unsafe { give(out, Live::new(referee)) }
    })
}

/// Why a black stone on the empty `point` would (or would not) be forbidden now, as JSON
/// (as `renju_position_explain_json`). `*json` gets the text (NULL on error).
///
/// Returns `RENJU_ERROR_OCCUPIED` or `RENJU_ERROR_OFF_BOARD` for a point that is not an
/// empty point of the board.
///
/// Ownership: the caller owns `*json` and frees it with `renju_string_free`. Thread
/// safety: see `renju_referee`.
///
/// # Safety
/// `referee` is looked up before use; `json` must be NULL or valid for writes of a
/// pointer.
#[no_mangle]
pub unsafe extern "C" fn renju_referee_explain_json(
    referee: *const renju_referee,
    point: renju_point,
    json: *mut *mut c_char,
) -> renju_status {
    guard(|| {
        // SAFETY: the caller's guarantees.
        let json = unsafe { clear_out(json, "json") }?;
        let p = point_arg(point)?;
        let handle = self::referee(referee)?;
        let explanation = handle.lock()?.referee.explain(p)?;
        let text = serde_json::to_string_pretty(&explanation)
            .map_err(|e| Error::invalid(format!("cannot serialise the explanation: {e}")))?;
        // SAFETY: checked above.
        unsafe { write(json, "json", new_string(text)?) }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::static_cstr;
    use crate::types::text;
    use renju_referee_action::*;
    use renju_required::*;
    use renju_seat::*;

    fn p(text: &str) -> renju_point {
        text.parse::<Point>().unwrap().into()
    }

    fn rif() -> *mut renju_referee {
        let options = renju_referee_options {
            opening: static_cstr!("rif1996"),
            ..zeroed()
        };
        let mut referee = std::ptr::null_mut();
        assert_eq!(
            unsafe { renju_referee_new(&options, &mut referee) },
            RENJU_OK
        );
        referee
    }

    fn zeroed() -> renju_referee_options {
        renju_referee_options {
            rule_set: 0,
            size: 0,
            opening: std::ptr::null(),
            offer_equivalence: std::ptr::null(),
            time_control: std::ptr::null(),
            fouls: std::ptr::null(),
            start_ms: 0,
            five_completion_counts: 0,
            both_flags: 0,
            default_time_ms: 0,
            late_limit_ms: 0,
        }
    }

    fn status(referee: *const renju_referee) -> renju_referee_status {
        let mut out = std::mem::MaybeUninit::uninit();
        assert_eq!(
            unsafe { renju_referee_get_status(referee, out.as_mut_ptr()) },
            RENJU_OK
        );
        unsafe { out.assume_init() }
    }

    fn place(referee: *mut renju_referee, point: &str, seat: renju_seat) -> renju_status {
        unsafe { renju_referee_place(referee, p(point), seat as i32, std::ptr::null()) }
    }

    fn json(referee: *mut renju_referee, line: &str) -> String {
        let line = std::ffi::CString::new(line).unwrap();
        let mut reply = std::ptr::null_mut();
        let status = unsafe { renju_referee_handle_json(referee, line.as_ptr(), &mut reply) };
        assert_eq!(status, RENJU_OK);
        let text = text(reply);
        assert_eq!(unsafe { crate::renju_string_free(reply) }, RENJU_OK);
        text
    }

    #[test]
    fn a_rif_game_on_the_fast_path() {
        let referee = rif();
        for point in ["h8", "h9", "j10"] {
            assert_eq!(place(referee, point, RENJU_SEAT_FIRST), RENJU_OK);
        }
        let s = status(referee);
        assert_eq!(
            (s.required, s.to_act),
            (RENJU_REQUIRED_SWAP, RENJU_SEAT_SECOND)
        );
        assert_eq!(s.options, RENJU_SWAP_OPTION_STAY | RENJU_SWAP_OPTION_SWAP);
        let swap =
            unsafe { renju_referee_act(referee, RENJU_ACTION_SWAP as i32, 2, std::ptr::null()) };
        assert_eq!(swap, RENJU_OK);
        // The first seat now holds White.
        assert_eq!(place(referee, "g10", RENJU_SEAT_FIRST), RENJU_OK);
        let s = status(referee);
        assert_eq!(
            (s.required, s.to_act, s.count),
            (RENJU_REQUIRED_OFFER, RENJU_SEAT_SECOND, 2)
        );
        let offers = [p("k10"), p("l12")];
        let offered =
            unsafe { renju_referee_offer(referee, offers.as_ptr(), 2, 0, std::ptr::null()) };
        assert_eq!(offered, RENJU_OK);
        let s = status(referee);
        assert_eq!(
            (s.required, s.offered_count, s.legal_count),
            (RENJU_REQUIRED_CHOOSE, 2, 2)
        );
        let chosen = unsafe { renju_referee_choose(referee, p("k10"), 1, std::ptr::null()) };
        assert_eq!(chosen, RENJU_OK);
        for point in ["a1", "l10", "a2", "m10", "a3", "n10"] {
            assert_eq!(place(referee, point, RENJU_SEAT_NONE), RENJU_OK, "{point}");
        }
        let s = status(referee);
        assert_eq!(s.required, RENJU_REQUIRED_NONE);
        assert_eq!(text(s.result), "1-0");
        assert_eq!(s.winner_seat, RENJU_SEAT_SECOND);
        assert_eq!(
            place(referee, "a4", RENJU_SEAT_NONE),
            RENJU_REFUSED_GAME_OVER
        );
        assert!(text(crate::renju_last_error_message()).contains("over"));
        assert_eq!(
            text(renju_refusal_name(RENJU_REFUSED_GAME_OVER as i32)),
            "game-over"
        );
        assert!(renju_refusal_name(RENJU_ERROR_PARSE as i32).is_null());
        // Saved as actions, restored exactly.
        let mut actions = std::ptr::null_mut();
        assert_eq!(
            unsafe { renju_referee_actions_json(referee, &mut actions) },
            RENJU_OK
        );
        let options = renju_referee_options {
            opening: static_cstr!("rif1996"),
            ..zeroed()
        };
        let mut restored = std::ptr::null_mut();
        let status = unsafe { renju_referee_from_actions_json(&options, actions, &mut restored) };
        assert_eq!(status, RENJU_OK);
        assert_eq!(self::status(restored), self::status(referee));
        unsafe { renju_referee_free(restored) };
        unsafe { crate::renju_string_free(actions) };
        assert_eq!(unsafe { renju_referee_free(referee) }, RENJU_OK);
        assert_eq!(
            unsafe { renju_referee_free(referee) },
            RENJU_ERROR_BAD_HANDLE
        );
    }

    #[test]
    fn a_refusal_changes_nothing() {
        let referee = rif();
        assert_eq!(place(referee, "h8", RENJU_SEAT_NONE), RENJU_OK);
        let before = status(referee);
        assert_eq!(
            place(referee, "h8", RENJU_SEAT_NONE),
            RENJU_REFUSED_OCCUPIED
        );
        assert_eq!(
            place(referee, "a1", RENJU_SEAT_NONE),
            RENJU_REFUSED_OUTSIDE_AREA
        );
        assert_eq!(
            place(referee, "h9", RENJU_SEAT_SECOND),
            RENJU_REFUSED_NOT_YOUR_TURN
        );
        let off = renju_point { x: -1, y: 3 };
        let status_off = unsafe { renju_referee_place(referee, off, 0, std::ptr::null()) };
        assert_eq!(status_off, RENJU_REFUSED_OFF_BOARD);
        let bad_seat = unsafe { renju_referee_place(referee, p("h9"), 3, std::ptr::null()) };
        assert_eq!(bad_seat, RENJU_ERROR_INVALID_ARGUMENT);
        let tick =
            unsafe { renju_referee_act(referee, RENJU_ACTION_TICK as i32, 0, std::ptr::null()) };
        assert_eq!(tick, RENJU_REFUSED_BAD_REQUEST);
        assert_eq!(status(referee), before);
        let reply = json(referee, "{\"action\":\"place\",\"point\":\"h8\"}");
        assert!(
            reply.starts_with("{\"ok\":false,\"error\":{\"code\":\"occupied\""),
            "{reply}"
        );
        assert_eq!(status(referee), before);
        unsafe { renju_referee_free(referee) };
    }

    /// Writes the referee's game in `format` and resumes a referee from it.
    fn round_trip(
        referee: *const renju_referee,
        format: &str,
        options: &renju_referee_options,
    ) -> std::result::Result<*mut renju_referee, (renju_status, String)> {
        let format = std::ffi::CString::new(format).unwrap();
        let mut record = std::ptr::null_mut();
        let status = unsafe { renju_referee_record(referee, format.as_ptr(), &mut record) };
        if status != RENJU_OK {
            assert!(record.is_null());
            return Err((status, text(crate::renju_last_error_message())));
        }
        let bytes = text(record).into_bytes();
        unsafe { crate::renju_string_free(record) };
        let mut resumed = std::ptr::null_mut();
        let status = unsafe {
            renju_referee_resume(
                bytes.as_ptr(),
                bytes.len(),
                format.as_ptr(),
                std::ptr::null(),
                options,
                &mut resumed,
            )
        };
        match status {
            RENJU_OK => Ok(resumed),
            _ => Err((status, text(crate::renju_last_error_message()))),
        }
    }

    #[test]
    fn records_resume_to_the_same_game() {
        let options = renju_referee_options {
            opening: static_cstr!("rif1996"),
            ..zeroed()
        };
        let referee = rif();
        for point in ["h8", "h9", "j10"] {
            place(referee, point, RENJU_SEAT_NONE);
        }
        unsafe { renju_referee_act(referee, RENJU_ACTION_SWAP as i32, 0, std::ptr::null()) };
        let resumed = round_trip(referee, "rif", &options).unwrap();
        assert_eq!(status(resumed), status(referee));
        unsafe { renju_referee_free(resumed) };
        // RIF, the move list and SGF (its `SW`) keep colour decisions.
        for format in ["moves", "sgf"] {
            let resumed = round_trip(referee, format, &options).unwrap();
            assert_eq!(status(resumed), status(referee), "{format}");
            unsafe { renju_referee_free(resumed) };
        }
        for format in ["psq", "renlib"] {
            let (code, message) = round_trip(referee, format, &options).unwrap_err();
            assert_eq!(code, RENJU_REFUSED_BAD_REQUEST, "{format}: {message}");
        }
        unsafe { renju_referee_free(referee) };

        let mut referee = std::ptr::null_mut();
        assert_eq!(
            unsafe { renju_referee_new(std::ptr::null(), &mut referee) },
            RENJU_OK
        );
        for point in ["h8", "h9", "i8"] {
            assert_eq!(place(referee, point, RENJU_SEAT_NONE), RENJU_OK);
        }
        for format in ["sgf", "rif", "psq", "moves"] {
            let resumed = round_trip(referee, format, &zeroed()).unwrap();
            assert_eq!(status(resumed), status(referee), "{format}");
            unsafe { renju_referee_free(resumed) };
        }
        unsafe { renju_referee_free(referee) };
    }

    #[test]
    fn hostile_lines_get_bad_request_replies() {
        let referee = rif();
        for line in [
            "",
            "{",
            "[]",
            "{\"action\":\"fly\"}",
            "{\"action\":\"place\"}",
        ] {
            let reply = json(referee, line);
            assert!(
                reply.contains("\"code\":\"bad-request\""),
                "{line}: {reply}"
            );
        }
        let bytes = b"{\"action\":\"pass\xff\"}\0";
        let mut reply = std::ptr::null_mut();
        let status = unsafe {
            renju_referee_handle_json(referee, bytes.as_ptr() as *const c_char, &mut reply)
        };
        assert_eq!(status, RENJU_OK);
        assert!(text(reply).contains("\"code\":\"bad-request\""));
        unsafe { crate::renju_string_free(reply) };
        unsafe { renju_referee_free(referee) };
    }
}
