//! Status codes, the per-thread last error message, and the guard every entry point runs
//! its body in (no panic crosses the boundary).

use std::cell::RefCell;
use std::ffi::{c_char, CString};
use std::panic::{catch_unwind, AssertUnwindSafe};

use renju_core::{IllegalMove, ParseError, PointError, SetupError, UnknownName};
use renju_records::opening::OpeningRuleError;
use renju_records::TimeControlError;

/// What a call did. Every fallible function returns one; on anything but `RENJU_OK` a
/// message is left for `renju_last_error_message()` on the calling thread, and output
/// parameters are left as documented by the function (handle outputs are set to NULL).
#[repr(i32)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum renju_status {
    /// Success.
    RENJU_OK = 0,
    /// A required pointer argument is NULL.
    RENJU_ERROR_NULL_POINTER = 1,
    /// An argument is out of range: an unknown enum value, a board size the rule set
    /// does not allow, an unknown file format or opening protocol name, a misaligned
    /// pointer.
    RENJU_ERROR_INVALID_ARGUMENT = 2,
    /// Text could not be read: a point, a move list, a diagram, a fixture file or a game
    /// record. The message says where (file, line, record, move number).
    RENJU_ERROR_PARSE = 3,
    /// Illegal move: the point already holds a stone.
    RENJU_ERROR_OCCUPIED = 4,
    /// Illegal move or query: the point is not on the board (or its coordinates are not
    /// in 0..=25 at all).
    RENJU_ERROR_OFF_BOARD = 5,
    /// Illegal move: the game is over (a five, a forbidden move or a draw ended it).
    RENJU_ERROR_GAME_OVER = 6,
    /// `renju_position_undo`: no move has been played on the position.
    RENJU_ERROR_NOTHING_TO_UNDO = 7,
    /// A file could not be read.
    RENJU_ERROR_IO = 8,
    /// A string argument is not valid UTF-8.
    RENJU_ERROR_INVALID_UTF8 = 9,
    /// A handle or string is not live: already freed, never returned by this library, or
    /// a handle of another type.
    RENJU_ERROR_BAD_HANDLE = 10,
    /// A caller-provided buffer is too small; the size needed was reported where the
    /// function says.
    RENJU_ERROR_BUFFER_TOO_SMALL = 11,
    /// An index is past the end of a collection.
    RENJU_ERROR_INDEX_OUT_OF_RANGE = 12,
    /// The library panicked (a bug); the panic was caught at the boundary. A handle in
    /// use at the time may be unusable (every later call on it returns this code).
    RENJU_ERROR_PANIC = 13,
    /// Refused by the referee (`renju_referee_*`): the seat named is not the one that
    /// must act. Nothing changed. Every `RENJU_REFUSED_*` code stands for one referee
    /// refusal, named by `renju_refusal_name()` as the JSON protocol names it.
    RENJU_REFUSED_NOT_YOUR_TURN = 14,
    /// Refused by the referee: the opening protocol asks for another kind of action now
    /// (or there is no foul to claim, no draw offer to answer).
    RENJU_REFUSED_WRONG_ACTION = 15,
    /// Refused by the referee: the point is occupied.
    RENJU_REFUSED_OCCUPIED = 16,
    /// Refused by the referee: the point is off the board.
    RENJU_REFUSED_OFF_BOARD = 17,
    /// Refused by the referee: the point is outside the opening protocol's area for this
    /// move.
    RENJU_REFUSED_OUTSIDE_AREA = 18,
    /// Refused by the referee: the point is forbidden for Black (the `refuse` foul
    /// policy).
    RENJU_REFUSED_FORBIDDEN = 19,
    /// Refused by the referee: the wrong number of fifth-move offers, or a declaration
    /// outside the protocol's range.
    RENJU_REFUSED_OFFER_COUNT = 20,
    /// Refused by the referee: two offered fifth moves are the same move by symmetry.
    RENJU_REFUSED_SYMMETRIC_OFFERS = 21,
    /// Refused by the referee: the point chosen was not offered.
    RENJU_REFUSED_NOT_OFFERED = 22,
    /// Refused by the referee: a draw offer at a time the rules do not allow one.
    RENJU_REFUSED_DRAW_OFFER_NOT_ALLOWED = 23,
    /// Refused by the referee: the game is over.
    RENJU_REFUSED_GAME_OVER = 24,
    /// Refused by the referee: the request makes no sense (time going backwards, a tick
    /// without a time stamp, a point offered twice, a record format it cannot write).
    RENJU_REFUSED_BAD_REQUEST = 25,
    /// The memory asked for cannot be allocated (`renju_env_new`, `renju_env_copy`: the
    /// games' peak memory does not fit in the address space). Nothing was made; fewer
    /// games may fit.
    RENJU_ERROR_OUT_OF_MEMORY = 26,
    /// A round that cannot be paired (`renju_tournament_pair_round_robin`: fewer than two
    /// players, a team event, another system, a round past the schedule or past the
    /// rounds the tournament declares, earlier rounds not paired by the tables;
    /// `renju_tournament_pair_knockout`: a tied match without its tie-break games, a
    /// match the crosstable lacks, the knockout already won) or lots that cannot be
    /// drawn (`renju_tournament_draw_lots`: no players, a team event, pairings already
    /// made). The message says which.
    RENJU_ERROR_PAIRING = 27,
    /// Refused by the referee: the arbiter paused the game, and no player acts until the
    /// arbiter's `RENJU_ACTION_UNPAUSE`.
    RENJU_REFUSED_PAUSED = 28,
    /// Refused by the referee: the game is adjourned (a move is sealed), and no player
    /// acts until the arbiter's `renju_referee_resume_sealed`.
    RENJU_REFUSED_ADJOURNED = 29,
    /// Refused by the referee: the sealed move given at the resumption does not match the
    /// seal's digest (the record or the move was changed).
    RENJU_REFUSED_SEAL_MISMATCH = 30,
}

use renju_status::*;

/// The error of an entry point: a status code and a message for people.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Error {
    pub(crate) status: renju_status,
    pub(crate) message: String,
}

pub(crate) type Result<T> = std::result::Result<T, Error>;

impl Error {
    pub(crate) fn new(status: renju_status, message: impl Into<String>) -> Error {
        Error {
            status,
            message: message.into(),
        }
    }

    pub(crate) fn null(what: &str) -> Error {
        Error::new(RENJU_ERROR_NULL_POINTER, format!("`{what}` is NULL"))
    }

    pub(crate) fn invalid(message: impl Into<String>) -> Error {
        Error::new(RENJU_ERROR_INVALID_ARGUMENT, message)
    }
}

impl From<ParseError> for Error {
    fn from(e: ParseError) -> Error {
        Error::new(RENJU_ERROR_PARSE, e.to_string())
    }
}

/// A name C passed that is not in its enum's table (a format, a claim model, ...).
impl From<UnknownName> for Error {
    fn from(e: UnknownName) -> Error {
        Error::invalid(e.to_string())
    }
}

impl From<OpeningRuleError> for Error {
    fn from(e: OpeningRuleError) -> Error {
        Error::invalid(e.to_string())
    }
}

/// A time control's text that cannot be read is a parse error, with what is wrong.
impl From<TimeControlError> for Error {
    fn from(e: TimeControlError) -> Error {
        Error::new(RENJU_ERROR_PARSE, e.to_string())
    }
}

impl From<IllegalMove> for Error {
    fn from(e: IllegalMove) -> Error {
        let status = match e {
            IllegalMove::Occupied { .. } => RENJU_ERROR_OCCUPIED,
            IllegalMove::OffBoard { .. } => RENJU_ERROR_OFF_BOARD,
            IllegalMove::GameOver { .. } => RENJU_ERROR_GAME_OVER,
        };
        Error::new(status, e.to_string())
    }
}

impl From<SetupError> for Error {
    fn from(e: SetupError) -> Error {
        let status = match e {
            SetupError::OffBoard { .. } => RENJU_ERROR_OFF_BOARD,
            _ => RENJU_ERROR_INVALID_ARGUMENT,
        };
        Error::new(status, e.to_string())
    }
}

impl From<PointError> for Error {
    fn from(e: PointError) -> Error {
        let status = match e {
            PointError::Syntax { .. } => RENJU_ERROR_PARSE,
            PointError::OffBoard { .. } => RENJU_ERROR_OFF_BOARD,
        };
        Error::new(status, e.to_string())
    }
}

thread_local! {
    static LAST_ERROR: RefCell<CString> = RefCell::new(CString::default());
}

fn set_last_error(message: &str) {
    let text = CString::new(message.replace('\0', "\\0")).unwrap_or_default();
    // Fails only while the thread is being torn down; there is nobody to tell then.
    let _ = LAST_ERROR.try_with(|e| *e.borrow_mut() = text);
}

fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    let what = payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "unknown panic payload".to_string());
    format!("internal error (panic caught at the C boundary): {what}")
}

/// Runs the body of an entry point: clears the thread's last error, catches panics, and
/// turns the result into a status code (leaving the message for
/// `renju_last_error_message`).
pub(crate) fn guard(body: impl FnOnce() -> Result<()>) -> renju_status {
    set_last_error("");
    match catch_unwind(AssertUnwindSafe(body)) {
        Ok(Ok(())) => RENJU_OK,
        Ok(Err(e)) => {
            set_last_error(&e.message);
            e.status
        }
        Err(payload) => {
            set_last_error(&panic_message(payload.as_ref()));
            RENJU_ERROR_PANIC
        }
    }
}

/// Runs the body of an infallible entry point, returning `fallback` if it panics.
pub(crate) fn guard_value<T>(fallback: T, body: impl FnOnce() -> T) -> T {
    catch_unwind(AssertUnwindSafe(body)).unwrap_or(fallback)
}

macro_rules! static_cstr {
    ($s:expr) => {
        concat!($s, "\0").as_ptr() as *const ::std::ffi::c_char
    };
}
pub(crate) use static_cstr;

/// The message of the last failed call made on this thread: `""` when the last call
/// succeeded (every status-returning call clears it first). Never NULL.
///
/// Ownership: the string belongs to the library; do not free it. It stays valid until
/// the next call into the library on the same thread: copy it to keep it.
///
/// Thread safety: each thread has its own message.
#[no_mangle]
pub extern "C" fn renju_last_error_message() -> *const c_char {
    guard_value(static_cstr!(""), || {
        LAST_ERROR
            .try_with(|e| e.borrow().as_ptr())
            .unwrap_or(static_cstr!(""))
    })
}

/// The name of a status code (`"RENJU_ERROR_PARSE"`), or `"RENJU_UNKNOWN_STATUS"` for a
/// value that is not one.
///
/// Ownership: a static string; do not free it. Thread safety: safe from any thread.
#[no_mangle]
pub extern "C" fn renju_status_name(status: i32) -> *const c_char {
    guard_value(static_cstr!("RENJU_UNKNOWN_STATUS"), || status_name(status))
}

fn status_name(status: i32) -> *const c_char {
    let statuses = [
        (RENJU_OK, static_cstr!("RENJU_OK")),
        (
            RENJU_ERROR_NULL_POINTER,
            static_cstr!("RENJU_ERROR_NULL_POINTER"),
        ),
        (
            RENJU_ERROR_INVALID_ARGUMENT,
            static_cstr!("RENJU_ERROR_INVALID_ARGUMENT"),
        ),
        (RENJU_ERROR_PARSE, static_cstr!("RENJU_ERROR_PARSE")),
        (RENJU_ERROR_OCCUPIED, static_cstr!("RENJU_ERROR_OCCUPIED")),
        (RENJU_ERROR_OFF_BOARD, static_cstr!("RENJU_ERROR_OFF_BOARD")),
        (RENJU_ERROR_GAME_OVER, static_cstr!("RENJU_ERROR_GAME_OVER")),
        (
            RENJU_ERROR_NOTHING_TO_UNDO,
            static_cstr!("RENJU_ERROR_NOTHING_TO_UNDO"),
        ),
        (RENJU_ERROR_IO, static_cstr!("RENJU_ERROR_IO")),
        (
            RENJU_ERROR_INVALID_UTF8,
            static_cstr!("RENJU_ERROR_INVALID_UTF8"),
        ),
        (
            RENJU_ERROR_BAD_HANDLE,
            static_cstr!("RENJU_ERROR_BAD_HANDLE"),
        ),
        (
            RENJU_ERROR_BUFFER_TOO_SMALL,
            static_cstr!("RENJU_ERROR_BUFFER_TOO_SMALL"),
        ),
        (
            RENJU_ERROR_INDEX_OUT_OF_RANGE,
            static_cstr!("RENJU_ERROR_INDEX_OUT_OF_RANGE"),
        ),
        (RENJU_ERROR_PANIC, static_cstr!("RENJU_ERROR_PANIC")),
        (
            RENJU_REFUSED_NOT_YOUR_TURN,
            static_cstr!("RENJU_REFUSED_NOT_YOUR_TURN"),
        ),
        (
            RENJU_REFUSED_WRONG_ACTION,
            static_cstr!("RENJU_REFUSED_WRONG_ACTION"),
        ),
        (
            RENJU_REFUSED_OCCUPIED,
            static_cstr!("RENJU_REFUSED_OCCUPIED"),
        ),
        (
            RENJU_REFUSED_OFF_BOARD,
            static_cstr!("RENJU_REFUSED_OFF_BOARD"),
        ),
        (
            RENJU_REFUSED_OUTSIDE_AREA,
            static_cstr!("RENJU_REFUSED_OUTSIDE_AREA"),
        ),
        (
            RENJU_REFUSED_FORBIDDEN,
            static_cstr!("RENJU_REFUSED_FORBIDDEN"),
        ),
        (
            RENJU_REFUSED_OFFER_COUNT,
            static_cstr!("RENJU_REFUSED_OFFER_COUNT"),
        ),
        (
            RENJU_REFUSED_SYMMETRIC_OFFERS,
            static_cstr!("RENJU_REFUSED_SYMMETRIC_OFFERS"),
        ),
        (
            RENJU_REFUSED_NOT_OFFERED,
            static_cstr!("RENJU_REFUSED_NOT_OFFERED"),
        ),
        (
            RENJU_REFUSED_DRAW_OFFER_NOT_ALLOWED,
            static_cstr!("RENJU_REFUSED_DRAW_OFFER_NOT_ALLOWED"),
        ),
        (
            RENJU_REFUSED_GAME_OVER,
            static_cstr!("RENJU_REFUSED_GAME_OVER"),
        ),
        (
            RENJU_REFUSED_BAD_REQUEST,
            static_cstr!("RENJU_REFUSED_BAD_REQUEST"),
        ),
        (
            RENJU_ERROR_OUT_OF_MEMORY,
            static_cstr!("RENJU_ERROR_OUT_OF_MEMORY"),
        ),
        (RENJU_ERROR_PAIRING, static_cstr!("RENJU_ERROR_PAIRING")),
        (RENJU_REFUSED_PAUSED, static_cstr!("RENJU_REFUSED_PAUSED")),
        (
            RENJU_REFUSED_ADJOURNED,
            static_cstr!("RENJU_REFUSED_ADJOURNED"),
        ),
        (
            RENJU_REFUSED_SEAL_MISMATCH,
            static_cstr!("RENJU_REFUSED_SEAL_MISMATCH"),
        ),
    ];
    statuses
        .iter()
        .find(|(s, _)| *s as i32 == status)
        .map_or(static_cstr!("RENJU_UNKNOWN_STATUS"), |(_, name)| *name)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::ffi::CStr;

    fn last() -> String {
        // SAFETY: the library returns a valid C string, valid until the next call.
        unsafe { CStr::from_ptr(renju_last_error_message()) }
            .to_string_lossy()
            .into_owned()
    }

    #[test]
    fn panics_become_status_codes() {
        let status = guard(|| panic!("boom"));
        assert_eq!(status, RENJU_ERROR_PANIC);
        assert!(last().contains("boom"), "{}", last());
        assert_eq!(guard(|| Ok(())), RENJU_OK);
        assert_eq!(last(), "");
        assert_eq!(guard_value(7, || panic!("again")), 7);
    }

    #[test]
    fn errors_leave_their_message() {
        let status = guard(|| Err(Error::invalid("nope\0with nul")));
        assert_eq!(status, RENJU_ERROR_INVALID_ARGUMENT);
        assert_eq!(last(), "nope\\0with nul");
    }

    #[test]
    fn every_status_has_its_name() {
        for code in 0..=28 {
            let name = unsafe { CStr::from_ptr(renju_status_name(code)) };
            assert!(name.to_str().unwrap().starts_with("RENJU_"));
            assert_ne!(name.to_str().unwrap(), "RENJU_UNKNOWN_STATUS", "{code}");
        }
        let name = unsafe { CStr::from_ptr(renju_status_name(99)) };
        assert_eq!(name.to_str().unwrap(), "RENJU_UNKNOWN_STATUS");
    }
}
