//! The live referee's functions: a referee made, loaded from a record or restored from
//! its actions, its actions and protocol lines, its status, board and moves, and undo.

use renju_engine::forbidden_jsonl::rows_of;
use renju_records::formats::ReadLimits;
use renju_records::referee::{Command, Referee, RefereeError, Request};
use renju_records::Game;
use serde::Serialize;

use crate::boundary::{bytes, finish, text, CallError};
use std::cell::RefCell;

use crate::files::record_args;
use crate::objects::{made, with_table, Handles};
use crate::options::GameOptions;

/// A referee, and the record it was loaded from (undo replays from it).
#[derive(Clone)]
pub struct Kept {
    /// The referee.
    pub referee: Referee,
    /// The record it was loaded from, if any.
    origin: Option<Game>,
}

thread_local! {
    static REFEREES: RefCell<Handles<Kept>> = const { RefCell::new(Handles::new("a referee", false)) };
}

/// Runs `f` on the referee of `handle`.
fn with_referee<T>(
    handle: u32,
    f: impl FnOnce(&mut Kept) -> Result<T, CallError>,
) -> Result<T, CallError> {
    with_table(&REFEREES, |referees| f(referees.get(handle)?))
}

/// Takes the referee out of `handle`, which is freed.
pub fn take_referee(handle: u32) -> Result<Kept, CallError> {
    with_table(&REFEREES, |referees| referees.take(handle))
}

/// Frees the referee of `handle`.
pub fn drop_referee(handle: u32) -> Result<(), CallError> {
    take_referee(handle).map(drop)
}

impl Kept {
    fn new(referee: Referee, origin: Option<Game>) -> Kept {
        Kept { referee, origin }
    }

    /// The referee as it was before its last action, or before the last event of the
    /// record it was loaded from when no action was taken since.
    fn undo(&mut self) -> Result<(), CallError> {
        let options = self.referee.options().clone();
        let mut origin = self.origin.clone();
        let before = match self.referee.actions().split_last() {
            Some((_, before)) => before.to_vec(),
            None => match origin.as_mut().and_then(|game| game.events.pop()) {
                Some(_) => Vec::new(),
                None => {
                    return Err(CallError::new(
                        "no-action",
                        "nothing to take back: no action, and no event loaded",
                    ))
                }
            },
        };
        let mut referee = match &origin {
            Some(game) => Referee::resume(game, options).map_err(refused_record)?,
            None => {
                Referee::new(options).map_err(|e| CallError::new("bad-options", e.to_string()))?
            }
        };
        for request in before {
            referee
                .take(&request)
                .map_err(|refusal| CallError::new(refusal.code.name(), refusal.message))?;
        }
        self.referee = referee;
        self.origin = origin;
        Ok(())
    }
}

/// The error of a referee that cannot go on from a record: the record's fault is a
/// `parse` error, the options' a `bad-options` one.
fn refused_record(error: RefereeError) -> CallError {
    match error {
        RefereeError::Record(_) => CallError::new("parse", error.to_string()),
        RefereeError::Setup(_) | RefereeError::Clock(_) => {
            CallError::new("bad-options", error.to_string())
        }
    }
}

/// A referee at the start of a game, from options as JSON ([`GameOptions`]).
///
/// # Safety
/// `ptr` and `len` as in [`crate::boundary::bytes`].
#[no_mangle]
pub unsafe extern "C" fn renju_referee_new(ptr: *const u8, len: usize) -> u32 {
    // SAFETY: the caller's promise.
    let options = unsafe { text(ptr, len, "the options") };
    made(
        &REFEREES,
        options.and_then(|o| {
            let options = GameOptions::from_json(o)?.referee()?;
            let referee =
                Referee::new(options).map_err(|e| CallError::new("bad-options", e.to_string()))?;
            Ok(Kept::new(referee, None))
        }),
    )
}

/// A referee going on from the first game of a record (`text` in the format named
/// `format`, a name or a file name); the record's rules override the options.
///
/// # Safety
/// Each pointer and length as in [`crate::boundary::bytes`].
#[no_mangle]
pub unsafe extern "C" fn renju_referee_load(
    options_ptr: *const u8,
    options_len: usize,
    record_ptr: *const u8,
    record_len: usize,
    format_ptr: *const u8,
    format_len: usize,
) -> u32 {
    // SAFETY: the caller's promise.
    let args = unsafe {
        record_args(
            (options_ptr, options_len),
            (record_ptr, record_len),
            (format_ptr, format_len),
        )
    };
    made(
        &REFEREES,
        (|| {
            let (options, record, format) = args?;
            let game = format
                .read_from_with(record, None, ReadLimits::default())
                .next()
                .ok_or_else(|| CallError::new("no-game", "the record holds no game"))?
                .map_err(|e| CallError::new("parse", e.to_string()))?;
            let referee = Referee::resume(&game, options.referee()?).map_err(refused_record)?;
            Ok(Kept::new(referee, Some(game)))
        })(),
    )
}

/// A copy of the referee of `handle` (a new handle; 0 and the error when it is none).
#[no_mangle]
pub extern "C" fn renju_referee_copy(handle: u32) -> u32 {
    made(&REFEREES, with_referee(handle, |kept| Ok(kept.clone())))
}

/// Takes one action, a line of the referee's JSON-lines protocol: 0 and an empty
/// answer, or 1 and the refusal (`{"code": ..., "message": ...}`). No status is built
/// (ask [`renju_referee_line`] or [`renju_referee_status`]): the fast path.
///
/// # Safety
/// `ptr` and `len` as in [`crate::boundary::bytes`].
#[no_mangle]
pub unsafe extern "C" fn renju_referee_act(handle: u32, ptr: *const u8, len: usize) -> i32 {
    // SAFETY: the caller's promise.
    let line = unsafe { text(ptr, len, "the action") };
    finish(line.and_then(|line| {
        let command =
            Command::from_json(line).map_err(|e| CallError::new("bad-request", e.to_string()))?;
        let Command::Act(request) = command else {
            return Err(CallError::new(
                "bad-request",
                "a query is not an action: send it as a line",
            ));
        };
        with_referee(handle, |Kept { referee, .. }| {
            referee
                .take(&request)
                .map(|()| String::new())
                .map_err(|refusal| CallError::new(refusal.code.name(), refusal.message))
        })
    }))
}

/// Answers one line of the referee's JSON-lines protocol (an action or a query) with
/// its reply line, as `renju referee` does.
///
/// # Safety
/// `ptr` and `len` as in [`crate::boundary::bytes`].
#[no_mangle]
pub unsafe extern "C" fn renju_referee_line(handle: u32, ptr: *const u8, len: usize) -> i32 {
    // SAFETY: the caller's promise.
    let line = unsafe { bytes(ptr, len) };
    let line = String::from_utf8_lossy(line);
    finish(with_referee(handle, |Kept { referee, .. }| {
        Ok(referee.handle_json(&line))
    }))
}

/// The referee's status, as JSON (the `status` of a reply line).
#[no_mangle]
pub extern "C" fn renju_referee_status(handle: u32) -> i32 {
    finish(with_referee(handle, |Kept { referee, .. }| {
        Ok(referee.status().to_json())
    }))
}

/// One move of the game so far.
#[derive(Serialize)]
struct MoveEntry {
    #[serde(rename = "move")]
    played: String,
    color: &'static str,
}

impl MoveEntry {
    /// The entry of `m`, the move at `index` (from 0): Black plays the even ones.
    fn new(index: usize, m: impl ToString) -> MoveEntry {
        MoveEntry {
            played: m.to_string(),
            color: if index.is_multiple_of(2) {
                "black"
            } else {
                "white"
            },
        }
    }
}

/// The moves on the board so far, in order, with their colours, as JSON
/// (`[{"move": "h8", "color": "black"}, ...]`).
#[no_mangle]
pub extern "C" fn renju_referee_moves(handle: u32) -> i32 {
    finish(with_referee(handle, |Kept { referee, .. }| {
        let moves: Vec<MoveEntry> = (referee.position().moves().enumerate())
            .map(|(i, m)| MoveEntry::new(i, m))
            .collect();
        Ok(serde_json::to_string(&moves).unwrap_or_default())
    }))
}

/// The number of moves so far and the last one, as JSON (`{"count": 2, "last": {"move":
/// "i9", "color": "white"}}`, `"last": null` before the first): what a game needs after
/// each move, without the whole list.
#[no_mangle]
pub extern "C" fn renju_referee_last_move(handle: u32) -> i32 {
    /// The answer.
    #[derive(Serialize)]
    struct LastMove {
        count: usize,
        last: Option<MoveEntry>,
    }
    finish(with_referee(handle, |Kept { referee, .. }| {
        let moves = referee.position().moves();
        let count = moves.len();
        let last = moves.last().map(|m| MoveEntry::new(count - 1, m));
        Ok(serde_json::to_string(&LastMove { count, last }).unwrap_or_default())
    }))
}

/// The board's rows, top row first, of `B`, `W` and `.`, as a JSON list.
#[no_mangle]
pub extern "C" fn renju_referee_board(handle: u32) -> i32 {
    finish(with_referee(handle, |Kept { referee, .. }| {
        Ok(serde_json::to_string(&rows_of(referee.position().board())).unwrap_or_default())
    }))
}

/// The actions taken so far, as JSON: with the options they restore the referee
/// exactly ([`renju_referee_from_actions`]).
#[no_mangle]
pub extern "C" fn renju_referee_actions(handle: u32) -> i32 {
    finish(with_referee(handle, |Kept { referee, .. }| {
        serde_json::to_string(referee.actions())
            .map_err(|e| CallError::new("bad-request", e.to_string()))
    }))
}

/// A referee from options and the actions taken (JSON, as [`renju_referee_actions`]
/// gives them), replayed from the start.
///
/// # Safety
/// Each pointer and length as in [`crate::boundary::bytes`].
#[no_mangle]
pub unsafe extern "C" fn renju_referee_from_actions(
    options_ptr: *const u8,
    options_len: usize,
    actions_ptr: *const u8,
    actions_len: usize,
) -> u32 {
    // SAFETY: the caller's promise.
    let (options, actions) = unsafe {
        (
            text(options_ptr, options_len, "the options"),
            text(actions_ptr, actions_len, "the actions"),
        )
    };
    made(
        &REFEREES,
        (|| {
            let options = GameOptions::from_json(options?)?.referee()?;
            Referee::new(options.clone())
                .map_err(|e| CallError::new("bad-options", e.to_string()))?;
            let actions: Vec<Request> = serde_json::from_str(actions?)
                .map_err(|e| CallError::new("bad-argument", e.to_string()))?;
            let referee = Referee::from_actions(options, &actions).map_err(|(i, refusal)| {
                CallError::new(
                    refusal.code.name(),
                    format!("action {}: {}", i.saturating_add(1), refusal.message),
                )
            })?;
            Ok(Kept::new(referee, None))
        })(),
    )
}

/// Takes back the last action: the referee replays the ones before it from the start,
/// or from the record it was loaded from. With no action since the record was loaded,
/// the record's last event is taken back. 0, or 1 with a `no-action` error when there
/// is nothing to take back.
#[no_mangle]
pub extern "C" fn renju_referee_undo(handle: u32) -> i32 {
    finish(with_referee(handle, |kept| {
        kept.undo().map(|()| String::new())
    }))
}
