//! Time controls and live game clocks, for game servers: parse and format a control,
//! create a clock, press it with each move's elapsed milliseconds, read both sides'
//! state; and the replayed clock of a game record.

use std::ffi::c_char;
use std::sync::{Mutex, MutexGuard};

use renju_records::clock::{
    BothFlags, Clock, ClockError, ClockEvent, ClockOptions, ClockResult, LateArrival, Penalty,
};
use renju_records::clock::{ClockState, SideState};
use renju_records::TimeControl;

use crate::error::renju_status::{self, *};
use crate::error::{guard, Error, Result};
use crate::handle::{
    clear_out, free_handle, handle, new_handle, new_string, str_arg, write, Handle,
};
use crate::types::{color_arg, renju_color};

/// What a clock has decided.
#[repr(i32)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum renju_clock_result {
    /// Nothing yet: the game goes on.
    RENJU_CLOCK_RUNNING = 0,
    /// A flag fell (`loser`, `flag_move`; `quota` when a period's moves were missed).
    RENJU_CLOCK_FLAG = 1,
    /// Both flags fell and nobody can tell which first: a draw.
    RENJU_CLOCK_BOTH_FLAGS = 2,
    /// `loser` arrived past the default time.
    RENJU_CLOCK_FORFEIT = 3,
    /// Both players arrived past the default time: both lose.
    RENJU_CLOCK_DOUBLE_FORFEIT = 4,
}

/// One side's clock.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct renju_side_clock {
    /// Time left in the current period (or overtime period), in milliseconds.
    pub time_left_ms: u64,
    /// The current period, 1-based (overtime periods follow the numbered ones).
    pub period: u32,
    /// Moves still to make in the period's quota; -1 when it has none.
    pub moves_left: i32,
    /// Overtime periods left; -1 when not in overtime.
    pub overtime_periods_left: i32,
    /// Time used so far, in milliseconds.
    pub used_ms: u64,
    /// Moves completed.
    pub moves: u32,
}

/// Both sides' clocks and what has been decided.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct renju_clock_state {
    /// The clock of the player holding Black (it follows them through a swap).
    pub black: renju_side_clock,
    /// The clock of the player holding White.
    pub white: renju_side_clock,
    /// Whose clock runs.
    pub to_move: renju_color,
    /// The shared pool in milliseconds while there is one, else -1.
    pub shared_ms: i64,
    /// What the clock has decided.
    pub result: renju_clock_result,
    /// Who lost (`RENJU_CLOCK_FLAG`, `RENJU_CLOCK_FORFEIT`), else `RENJU_COLOR_NONE`.
    pub loser: renju_color,
    /// The game's move during which the flag fell (`RENJU_CLOCK_FLAG`), else 0.
    pub flag_move: u32,
    /// Whether the flag fell on a missed move quota.
    pub quota: bool,
}

impl renju_side_clock {
    /// A clock that has not run (all zero, no quota, not in overtime).
    pub(crate) fn zero() -> renju_side_clock {
        renju_side_clock {
            time_left_ms: 0,
            period: 0,
            moves_left: -1,
            overtime_periods_left: -1,
            used_ms: 0,
            moves: 0,
        }
    }
}

fn opt_i32(v: Option<u32>) -> i32 {
    v.map_or(-1, |n| i32::try_from(n).unwrap_or(i32::MAX))
}

impl From<&SideState> for renju_side_clock {
    fn from(s: &SideState) -> renju_side_clock {
        renju_side_clock {
            time_left_ms: s.time_left_ms,
            period: s.period,
            moves_left: opt_i32(s.moves_left),
            overtime_periods_left: opt_i32(s.overtime_periods_left),
            used_ms: s.used_ms,
            moves: s.moves,
        }
    }
}

impl From<ClockState> for renju_clock_state {
    fn from(s: ClockState) -> renju_clock_state {
        let (result, loser, flag_move, quota) = match s.result {
            ClockResult::Running => (renju_clock_result::RENJU_CLOCK_RUNNING, None, 0, false),
            ClockResult::Flag {
                loser,
                move_number,
                quota,
            } => (
                renju_clock_result::RENJU_CLOCK_FLAG,
                Some(loser),
                move_number,
                quota,
            ),
            ClockResult::BothFlags => (renju_clock_result::RENJU_CLOCK_BOTH_FLAGS, None, 0, false),
            ClockResult::Forfeit { loser } => (
                renju_clock_result::RENJU_CLOCK_FORFEIT,
                Some(loser),
                0,
                false,
            ),
            ClockResult::DoubleForfeit => (
                renju_clock_result::RENJU_CLOCK_DOUBLE_FORFEIT,
                None,
                0,
                false,
            ),
        };
        renju_clock_state {
            black: (&s.black).into(),
            white: (&s.white).into(),
            to_move: s.to_move.into(),
            shared_ms: s
                .shared_ms
                .map_or(-1, |ms| i64::try_from(ms).unwrap_or(i64::MAX)),
            result,
            loser: loser.into(),
            flag_move,
            quota,
        }
    }
}

impl From<ClockError> for Error {
    fn from(e: ClockError) -> Error {
        let status = match e {
            ClockError::Stopped(_) => RENJU_ERROR_GAME_OVER,
            _ => RENJU_ERROR_INVALID_ARGUMENT,
        };
        Error::new(status, e.to_string())
    }
}

/// A live game clock over a time control. An opaque handle.
///
/// Ownership: created by `renju_clock_new`; the caller owns it and frees it with
/// `renju_clock_free`. Thread safety: every call locks the clock; one handle may be
/// used from several threads.
pub struct renju_clock {
    inner: Mutex<Clock>,
}

impl Handle for renju_clock {
    const NAME: &'static str = "renju_clock";
}

impl renju_clock {
    fn lock(&self) -> Result<MutexGuard<'_, Clock>> {
        self.inner.lock().map_err(|_| {
            Error::new(
                RENJU_ERROR_PANIC,
                "the clock is unusable: an earlier call panicked while using it",
            )
        })
    }
}

fn control_arg(text: &str) -> Result<TimeControl> {
    Ok(text.parse()?)
}

/// Reads a time control (`"5400+30"`, `"40/6000+30:900+30"`, `"W300-B240"`,
/// `"TM[3600]OT[5x30 byo-yomi]"`) and writes it back in its canonical form in `*text`.
///
/// Returns `RENJU_ERROR_PARSE` with a message saying what is wrong (`"300+a"`, a
/// non-final sudden-death period, an increment in milliseconds).
///
/// Ownership: the caller frees `*text` with `renju_string_free`. Thread safety: safe
/// from any thread.
///
/// # Safety
/// `control` must be NULL or a NUL-terminated string; `text` NULL or valid for writes.
#[no_mangle]
pub unsafe extern "C" fn renju_time_control_format(
    control: *const c_char,
    text: *mut *mut c_char,
) -> renju_status {
    guard(|| {
        // SAFETY: the caller's guarantees.
        let text = unsafe { clear_out(text, "text") }?;
        // SAFETY: the caller's guarantees.
        let control = control_arg(unsafe { str_arg(control, "control") }?)?;
        // SAFETY: checked above.
        unsafe { write(text, "text", new_string(control.to_string())?) }
    })
}

/// Creates a clock at the start of a game, Black to move. `both_flags`: 0 for a draw
/// when both flags fall and nobody can tell which first (the Chinese rules), 1 for
/// FIDE's reading (play goes on unless a side is in its last period).
/// `default_time_ms`: lateness past which a player forfeits (0: one hour).
///
/// Returns `RENJU_ERROR_PARSE` for a control that cannot be read,
/// `RENJU_ERROR_INVALID_ARGUMENT` for `?` or `-` (no clock) or a bad `both_flags`.
///
/// Ownership: the caller owns `*out` (free it with `renju_clock_free`).
///
/// # Safety
/// `control` must be NULL or a NUL-terminated string; `out` NULL or valid for writes.
#[no_mangle]
pub unsafe extern "C" fn renju_clock_new(
    control: *const c_char,
    both_flags: i32,
    default_time_ms: u64,
    out: *mut *mut renju_clock,
) -> renju_status {
    guard(|| {
        // SAFETY: the caller's guarantees.
        let out = unsafe { clear_out(out, "out") }?;
        // SAFETY: the caller's guarantees.
        let control = control_arg(unsafe { str_arg(control, "control") }?)?;
        let both_flags = match both_flags {
            0 => BothFlags::Draw,
            1 => BothFlags::ContinueUnlessLastPeriod,
            other => {
                return Err(Error::invalid(format!(
                    "both_flags {other} is neither 0 (draw) nor 1 (continue unless last period)"
                )))
            }
        };
        let mut options = ClockOptions {
            both_flags,
            ..ClockOptions::default()
        };
        if default_time_ms > 0 {
            options.default_time_ms = default_time_ms;
        }
        let clock = Clock::new(&control, options)?;
        let ptr = new_handle(renju_clock {
            inner: Mutex::new(clock),
        });
        // SAFETY: checked above.
        unsafe { write(out, "out", ptr) }
    })
}

/// Frees a clock. Returns `RENJU_ERROR_BAD_HANDLE` (and frees nothing) for a handle
/// already freed or not from this library.
///
/// # Safety
/// `clock` is looked up before use.
#[no_mangle]
pub unsafe extern "C" fn renju_clock_free(clock: *mut renju_clock) -> renju_status {
    guard(|| free_handle(clock, "clock"))
}

/// Applies `event` and writes the new state to `*state` (which may be NULL).
///
/// # Safety
/// `clock` is looked up before use; `state` must be NULL or valid for writes.
unsafe fn apply(
    clock: *const renju_clock,
    event: Option<ClockEvent>,
    state: *mut renju_clock_state,
) -> renju_status {
    guard(|| {
        let handle = handle(clock, "clock")?;
        let mut clock = handle.lock()?;
        let now = match event {
            Some(e) => clock.apply(e)?,
            None => clock.state(),
        };
        if state.is_null() {
            return Ok(());
        }
        // SAFETY: the caller's guarantees.
        unsafe { write(state, "state", now.into()) }
    })
}

/// The side to move completed a move that took `elapsed_ms`. `*state` (optional) gets
/// both clocks after it, and whether the flag fell. Returns `RENJU_ERROR_GAME_OVER` once
/// the clock has decided the game.
///
/// # Safety
/// `clock` is looked up before use; `state` must be NULL or valid for writes.
#[no_mangle]
pub unsafe extern "C" fn renju_clock_press(
    clock: *mut renju_clock,
    elapsed_ms: u64,
    state: *mut renju_clock_state,
) -> renju_status {
    // SAFETY: forwarded.
    unsafe { apply(clock, Some(ClockEvent::Move { elapsed_ms }), state) }
}

/// The player holding `color` (a `renju_color`) completed a move that took
/// `elapsed_ms`: a stone of either colour (the opening player's stones 1 to 3), a swap or
/// a set of fifth-move offers. Clocks belong to players: that player's clock is pressed
/// and the other runs next. `*state` (optional) gets both clocks after it.
///
/// # Safety
/// `clock` is looked up before use; `state` must be NULL or valid for writes.
#[no_mangle]
pub unsafe extern "C" fn renju_clock_press_by(
    clock: *mut renju_clock,
    color: i32,
    elapsed_ms: u64,
    state: *mut renju_clock_state,
) -> renju_status {
    let color = match color_arg(color) {
        Ok(c) => c,
        Err(e) => return guard(|| Err(e)),
    };
    // SAFETY: forwarded.
    unsafe { apply(clock, Some(ClockEvent::MoveBy { color, elapsed_ms }), state) }
}

/// The players exchange colours (a swap of an opening protocol): each keeps their own
/// clock, so the clocks reported as Black's and White's exchange.
///
/// # Safety
/// `clock` is looked up before use; `state` must be NULL or valid for writes.
#[no_mangle]
pub unsafe extern "C" fn renju_clock_swap(
    clock: *mut renju_clock,
    state: *mut renju_clock_state,
) -> renju_status {
    // SAFETY: forwarded.
    unsafe { apply(clock, Some(ClockEvent::Swap), state) }
}

/// Both clocks now.
///
/// # Safety
/// `clock` is looked up before use; `state` must be NULL or valid for writes.
#[no_mangle]
pub unsafe extern "C" fn renju_clock_get_state(
    clock: *const renju_clock,
    state: *mut renju_clock_state,
) -> renju_status {
    // SAFETY: forwarded.
    unsafe { apply(clock, None, state) }
}

/// A time penalty on `offender` (a `renju_color`): `taken_ms` off their clock,
/// `given_ms` onto the opponent's (generally at most five minutes each; a longer one is
/// applied too, and one that takes all the time left makes the flag fall).
///
/// # Safety
/// `clock` is looked up before use; `state` must be NULL or valid for writes.
#[no_mangle]
pub unsafe extern "C" fn renju_clock_penalty(
    clock: *mut renju_clock,
    offender: i32,
    taken_ms: u64,
    given_ms: u64,
    state: *mut renju_clock_state,
) -> renju_status {
    let offender = match color_arg(offender) {
        Ok(c) => c,
        Err(e) => return guard(|| Err(e)),
    };
    let event = ClockEvent::Penalty(Penalty {
        offender,
        taken_ms,
        given_ms,
    });
    // SAFETY: forwarded.
    unsafe { apply(clock, Some(event), state) }
}

/// `color` arrived `late_ms` late (before their first move): taken off their clock, or
/// a forfeit past the default time.
///
/// # Safety
/// `clock` is looked up before use; `state` must be NULL or valid for writes.
#[no_mangle]
pub unsafe extern "C" fn renju_clock_late_arrival(
    clock: *mut renju_clock,
    color: i32,
    late_ms: u64,
    state: *mut renju_clock_state,
) -> renju_status {
    let color = match color_arg(color) {
        Ok(c) => c,
        Err(e) => return guard(|| Err(e)),
    };
    // SAFETY: forwarded.
    unsafe {
        apply(
            clock,
            Some(ClockEvent::LateArrival(LateArrival { color, late_ms })),
            state,
        )
    }
}

/// The referee splits a shared pool: each side gets half of what is left
/// (`RENJU_ERROR_INVALID_ARGUMENT` without a shared pool).
///
/// # Safety
/// `clock` is looked up before use; `state` must be NULL or valid for writes.
#[no_mangle]
pub unsafe extern "C" fn renju_clock_split(
    clock: *mut renju_clock,
    state: *mut renju_clock_state,
) -> renju_status {
    // SAFETY: forwarded.
    unsafe { apply(clock, Some(ClockEvent::Split), state) }
}

/// Both flags are down and nobody can tell which fell first.
///
/// # Safety
/// `clock` is looked up before use; `state` must be NULL or valid for writes.
#[no_mangle]
pub unsafe extern "C" fn renju_clock_both_flags_down(
    clock: *mut renju_clock,
    state: *mut renju_clock_state,
) -> renju_status {
    // SAFETY: forwarded.
    unsafe { apply(clock, Some(ClockEvent::BothFlagsDown), state) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::ffi::CString;

    #[test]
    fn a_clock_from_c() {
        let control = CString::new("60+5").unwrap();
        let mut clock = std::ptr::null_mut();
        // SAFETY: valid arguments.
        let status = unsafe { renju_clock_new(control.as_ptr(), 0, 0, &mut clock) };
        assert_eq!(status, renju_status::RENJU_OK);
        let mut state = std::mem::MaybeUninit::<renju_clock_state>::uninit();
        // SAFETY: valid arguments.
        assert_eq!(
            unsafe { renju_clock_press(clock, 10_000, state.as_mut_ptr()) },
            renju_status::RENJU_OK
        );
        // SAFETY: written by the call.
        let state = unsafe { state.assume_init() };
        assert_eq!(state.black.time_left_ms, 55_000);
        assert_eq!(state.white.moves_left, -1);
        // SAFETY: valid arguments.
        assert_eq!(
            unsafe { renju_clock_press(clock, 70_000, std::ptr::null_mut()) },
            renju_status::RENJU_OK
        );
        // SAFETY: valid arguments.
        assert_eq!(
            unsafe { renju_clock_press(clock, 1, std::ptr::null_mut()) },
            renju_status::RENJU_ERROR_GAME_OVER
        );
        // SAFETY: valid handle.
        assert_eq!(unsafe { renju_clock_free(clock) }, renju_status::RENJU_OK);
        // SAFETY: stale handle: looked up, not dereferenced.
        assert_eq!(
            unsafe { renju_clock_free(clock) },
            renju_status::RENJU_ERROR_BAD_HANDLE
        );
    }
}
