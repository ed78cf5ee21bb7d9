//! The objects kept between calls (referees and the two JSON-lines pipes), by handle,
//! and the functions on them.
//!
//! A handle is a positive number; 0 is never one, so that a constructor returns 0 when
//! it fails (the answer is then the error). A freed handle is never given out again
//! while the module lives, so that a stale one is an error, not another object.

use std::cell::RefCell;

use renju_engine::forbidden_jsonl::{rows_of, ForbiddenPipe, ForbiddenQuery};
use renju_records::formats::{Format, ReadLimits};
use renju_records::referee::{Command, Referee, RefereePipe, Request};
use serde::Serialize;

use crate::boundary::{answer, bytes, error_json, finish, text, CallError, ERROR, OK};
use crate::options::GameOptions;

/// One object kept between calls.
enum Object {
    Referee(Box<Referee>),
    Pipe(Box<Pipe>),
}

/// A JSON-lines pipe, and why its input could not be read further, once it could not.
struct Pipe {
    kind: PipeKind,
    failure: Option<CallError>,
}

enum PipeKind {
    Referee(Box<RefereePipe>),
    Forbidden(ForbiddenPipe),
}

impl Pipe {
    fn object(kind: PipeKind) -> Object {
        Object::Pipe(Box::new(Pipe {
            kind,
            failure: None,
        }))
    }

    /// Feeds `input`; the replies go to `out`; false when a line has no end in sight.
    fn feed(&mut self, input: &[u8], out: &mut Vec<u8>) -> bool {
        let failure = match &mut self.kind {
            PipeKind::Referee(pipe) => pipe
                .feed(input, out)
                .err()
                .map(|bytes| format!("no line end in the first {bytes} bytes of a request")),
            PipeKind::Forbidden(pipe) => pipe.feed(input, out).err().map(|(number, bytes)| {
                format!("line {number}: no line end in its first {bytes} bytes")
            }),
        };
        if let Some(message) = failure {
            self.failure = Some(CallError::new("endless-line", message));
        }
        self.failure.is_none()
    }

    fn finish(&mut self, out: &mut Vec<u8>) {
        match &mut self.kind {
            PipeKind::Referee(pipe) => pipe.finish(out),
            PipeKind::Forbidden(pipe) => pipe.finish(out),
        }
    }

    /// The lines answered with an error (the forbidden pipe's; the referee's replies
    /// carry their refusals).
    fn errors(&self) -> usize {
        match &self.kind {
            PipeKind::Referee(_) => 0,
            PipeKind::Forbidden(pipe) => pipe.errors(),
        }
    }
}

/// Runs `f` on the pipe of `handle`.
fn with_pipe<T>(
    handle: u32,
    f: impl FnOnce(&mut Pipe) -> Result<T, CallError>,
) -> Result<T, CallError> {
    with_kind(handle, "a pipe", Object::as_pipe, f)
}

/// Runs `f` on the referee of `handle`.
fn with_referee<T>(
    handle: u32,
    f: impl FnOnce(&mut Referee) -> Result<T, CallError>,
) -> Result<T, CallError> {
    with_kind(handle, "a referee", Object::as_referee, f)
}

impl Object {
    fn as_pipe(&mut self) -> Option<&mut Pipe> {
        match self {
            Object::Pipe(pipe) => Some(pipe),
            Object::Referee(_) => None,
        }
    }

    fn as_referee(&mut self) -> Option<&mut Referee> {
        match self {
            Object::Referee(referee) => Some(referee),
            Object::Pipe(_) => None,
        }
    }
}

/// The live objects: a freed slot is given out again (the package never keeps a
/// handle past freeing it), so that memory stays that of the objects alive.
#[derive(Default)]
struct Objects {
    slots: Vec<Option<Object>>,
    free: Vec<usize>,
}

thread_local! {
    static OBJECTS: RefCell<Objects> = RefCell::new(Objects::default());
}

/// Keeps `object`; its handle (0 past `u32::MAX` objects alive, which memory forbids).
fn keep(object: Object) -> u32 {
    OBJECTS.with(|objects| {
        let objects = &mut *objects.borrow_mut();
        let index = match objects.free.pop() {
            Some(index) => {
                objects.slots[index] = Some(object);
                index
            }
            None => {
                objects.slots.push(Some(object));
                objects.slots.len().saturating_sub(1)
            }
        };
        u32::try_from(index.saturating_add(1)).unwrap_or(0)
    })
}

/// The slot of `handle`, when it holds an object.
fn slot(objects: &mut Objects, handle: u32) -> Option<&mut Option<Object>> {
    let index = (handle as usize).checked_sub(1)?;
    objects.slots.get_mut(index).filter(|slot| slot.is_some())
}

fn not_live(handle: u32) -> CallError {
    CallError::new(
        "bad-handle",
        format!("{handle} is not a live object (freed, or never made)"),
    )
}

/// Runs `f` on what `pick` finds in the object of `handle` (`what` names it).
fn with_kind<K, T>(
    handle: u32,
    what: &str,
    pick: impl FnOnce(&mut Object) -> Option<&mut K>,
    f: impl FnOnce(&mut K) -> Result<T, CallError>,
) -> Result<T, CallError> {
    OBJECTS.with(|objects| {
        let objects = &mut *objects.borrow_mut();
        let object = slot(objects, handle)
            .and_then(Option::as_mut)
            .ok_or_else(|| not_live(handle))?;
        let kind = pick(object)
            .ok_or_else(|| CallError::new("bad-handle", format!("{handle} is not {what}")))?;
        f(kind)
    })
}

/// Takes the object out of `handle`, which is freed.
fn take(handle: u32) -> Result<Object, CallError> {
    OBJECTS.with(|objects| {
        let objects = &mut *objects.borrow_mut();
        let object = slot(objects, handle)
            .and_then(Option::take)
            .ok_or_else(|| not_live(handle))?;
        objects.free.push((handle as usize).saturating_sub(1));
        Ok(object)
    })
}

/// A constructor's return: the handle, or 0 with the error as the answer.
fn made(result: Result<Object, CallError>) -> u32 {
    match result {
        Ok(object) => keep(object),
        Err(error) => {
            answer(error_json(&error).as_bytes());
            0
        }
    }
}

/// Frees the object of `handle`; 1 (the answer an error) when there is none.
#[no_mangle]
pub extern "C" fn renju_drop(handle: u32) -> i32 {
    finish(take(handle).map(|_| String::new()))
}

/// A referee at the start of a game, from options as JSON ([`GameOptions`]).
///
/// # Safety
/// `ptr` and `len` as in [`crate::boundary::bytes`].
#[no_mangle]
pub unsafe extern "C" fn renju_referee_new(ptr: *const u8, len: usize) -> u32 {
    // SAFETY: the caller's promise.
    let options = unsafe { text(ptr, len, "the options") };
    made(options.and_then(|o| {
        let options = GameOptions::from_json(o)?.referee()?;
        let referee =
            Referee::new(options).map_err(|e| CallError::new("bad-options", e.to_string()))?;
        Ok(Object::Referee(Box::new(referee)))
    }))
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
    made((|| {
        let (options, record, format) = args?;
        let game = format
            .read_from_with(record, None, ReadLimits::default())
            .next()
            .ok_or_else(|| CallError::new("no-game", "the record holds no game"))?
            .map_err(|e| CallError::new("parse", e.to_string()))?;
        let referee = Referee::resume(&game, options.referee()?)
            .map_err(|e| CallError::new("parse", e.to_string()))?;
        Ok(Object::Referee(Box::new(referee)))
    })())
}

/// The arguments of a call on a record: the options (JSON), the record's bytes and its
/// format's name, each as (pointer, length).
///
/// # Safety
/// Each pointer and length as in [`crate::boundary::bytes`].
unsafe fn record_args<'a>(
    options: (*const u8, usize),
    record: (*const u8, usize),
    format: (*const u8, usize),
) -> Result<(GameOptions, &'a [u8], Format), CallError> {
    // SAFETY: the caller's promise.
    let (options, record, format) = unsafe {
        (
            text(options.0, options.1, "the options")?,
            bytes(record.0, record.1),
            text(format.0, format.1, "the format")?,
        )
    };
    Ok((
        GameOptions::from_json(options)?,
        record,
        format_named(format)?,
    ))
}

/// A format by name (`psq`, `sgf`, ...) or by a file name's extension.
pub fn format_named(name: &str) -> Result<Format, CallError> {
    name.parse::<Format>().or_else(|error| {
        Format::from_path(name).ok_or_else(|| CallError::new("bad-argument", error.to_string()))
    })
}

/// A copy of the referee of `handle` (a new handle; 0 and the error when it is none).
#[no_mangle]
pub extern "C" fn renju_referee_copy(handle: u32) -> u32 {
    made(with_referee(handle, |r| {
        Ok(Object::Referee(Box::new(r.clone())))
    }))
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
        with_referee(handle, |referee| {
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
    finish(with_referee(handle, |referee| {
        Ok(referee.handle_json(&line))
    }))
}

/// The referee's status, as JSON (the `status` of a reply line).
#[no_mangle]
pub extern "C" fn renju_referee_status(handle: u32) -> i32 {
    finish(with_referee(handle, |referee| {
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

/// The moves on the board so far, in order, with their colours, as JSON
/// (`[{"move": "h8", "color": "black"}, ...]`).
#[no_mangle]
pub extern "C" fn renju_referee_moves(handle: u32) -> i32 {
    finish(with_referee(handle, |referee| {
        let position = referee.position();
        let moves: Vec<MoveEntry> = position
            .moves()
            .enumerate()
            .map(|(i, m)| MoveEntry {
                played: m.to_string(),
                color: if i % 2 == 0 { "black" } else { "white" },
            })
            .collect();
        Ok(serde_json::to_string(&moves).unwrap_or_default())
    }))
}

/// The board's rows, top row first, of `B`, `W` and `.`, as a JSON list.
#[no_mangle]
pub extern "C" fn renju_referee_board(handle: u32) -> i32 {
    finish(with_referee(handle, |referee| {
        Ok(serde_json::to_string(&rows_of(referee.position().board())).unwrap_or_default())
    }))
}

/// The actions taken so far, as JSON: with the options they restore the referee
/// exactly ([`renju_referee_from_actions`]).
#[no_mangle]
pub extern "C" fn renju_referee_actions(handle: u32) -> i32 {
    finish(with_referee(handle, |referee| {
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
    made((|| {
        let options = GameOptions::from_json(options?)?.referee()?;
        let actions: Vec<Request> = serde_json::from_str(actions?)
            .map_err(|e| CallError::new("bad-argument", e.to_string()))?;
        let referee = Referee::from_actions(options, &actions).map_err(|(i, refusal)| {
            CallError::new(
                refusal.code.name(),
                format!("action {}: {}", i.saturating_add(1), refusal.message),
            )
        })?;
        Ok(Object::Referee(Box::new(referee)))
    })())
}

/// Takes back the last action (the referee replays the ones before it): 0, or 1 with a
/// `no-action` error when no action was taken since the referee was made or loaded.
#[no_mangle]
pub extern "C" fn renju_referee_undo(handle: u32) -> i32 {
    finish(with_referee(handle, |referee| {
        let actions = referee.actions();
        let Some((_, before)) = actions.split_last() else {
            return Err(CallError::new(
                "no-action",
                "no action to take back since the game was made or loaded",
            ));
        };
        let before = before.to_vec();
        *referee = Referee::from_actions(referee.options().clone(), &before)
            .map_err(|(_, refusal)| CallError::new(refusal.code.name(), refusal.message))?;
        Ok(String::new())
    }))
}

/// The referee's JSON-lines pipe over the referee of `referee` (which the pipe takes:
/// the handle is freed), taking lines of at most `max_line` bytes; 0 and the error when
/// the handle is no referee.
#[no_mangle]
pub extern "C" fn renju_pipe_referee(referee: u32, max_line: usize) -> u32 {
    made(take(referee).and_then(|object| match object {
        Object::Referee(referee) => Ok(Pipe::object(PipeKind::Referee(Box::new(
            RefereePipe::new(*referee, max_line),
        )))),
        _ => Err(CallError::new(
            "bad-handle",
            format!("{referee} is not a referee"),
        )),
    }))
}

/// The `renju forbidden` pipe, explaining the point `explain` (empty: none) in each
/// reply, taking lines of at most `max_line` bytes.
///
/// # Safety
/// `ptr` and `len` as in [`crate::boundary::bytes`].
#[no_mangle]
pub unsafe extern "C" fn renju_pipe_forbidden(ptr: *const u8, len: usize, max_line: usize) -> u32 {
    // SAFETY: the caller's promise.
    let explain = unsafe { text(ptr, len, "the point to explain") };
    made(explain.and_then(|explain| {
        let explain = (!explain.is_empty()).then_some(explain);
        ForbiddenPipe::new(explain, max_line)
            .map(|pipe| Pipe::object(PipeKind::Forbidden(pipe)))
            .map_err(|message| CallError::new("bad-argument", message))
    }))
}

/// Feeds input bytes to a pipe; the answer is the reply lines they complete. 1 when a
/// line has no end in sight: the answer is still the replies to the lines before it,
/// and [`renju_pipe_failure`] says why the input cannot be read further.
///
/// # Safety
/// `ptr` and `len` as in [`crate::boundary::bytes`].
#[no_mangle]
pub unsafe extern "C" fn renju_pipe_feed(handle: u32, ptr: *const u8, len: usize) -> i32 {
    // SAFETY: the caller's promise.
    let input = unsafe { bytes(ptr, len) };
    let mut out = Vec::new();
    match with_pipe(handle, |pipe| Ok(pipe.feed(input, &mut out))) {
        Ok(true) => {
            answer(&out);
            OK
        }
        Ok(false) => {
            answer(&out);
            ERROR
        }
        Err(error) => finish(Err(error)),
    }
}

/// The input of a pipe has ended: the answer is the reply to its last line, if it had
/// no line end.
#[no_mangle]
pub extern "C" fn renju_pipe_finish(handle: u32) -> i32 {
    let mut out = Vec::new();
    match with_pipe(handle, |pipe| {
        pipe.finish(&mut out);
        Ok(())
    }) {
        Ok(()) => {
            answer(&out);
            OK
        }
        Err(error) => finish(Err(error)),
    }
}

/// Why a pipe's input could not be read further (the answer, as an error; an empty
/// answer and 0 when it could).
#[no_mangle]
pub extern "C" fn renju_pipe_failure(handle: u32) -> i32 {
    match with_pipe(handle, |pipe| Ok(pipe.failure.clone())) {
        Ok(None) => finish(Ok(String::new())),
        Ok(Some(failure)) | Err(failure) => finish(Err(failure)),
    }
}

/// The number of lines a pipe answered with an error (the answer, in decimal).
#[no_mangle]
pub extern "C" fn renju_pipe_errors(handle: u32) -> i32 {
    finish(with_pipe(handle, |pipe| Ok(pipe.errors().to_string())))
}

/// Black's forbidden points of one position: a query of the `renju forbidden`
/// protocol (`{"board": [...]}` or `{"moves": "..."}`, with `rule`, `size`,
/// `five_completion_counts`, `id`) and its reply (`{"forbidden": {"h9":
/// "double-three"}}`); a query that cannot be answered is a `bad-position` error.
///
/// # Safety
/// `ptr` and `len` as in [`crate::boundary::bytes`].
#[no_mangle]
pub unsafe extern "C" fn renju_forbidden(ptr: *const u8, len: usize) -> i32 {
    // SAFETY: the caller's promise.
    let line = unsafe { bytes(ptr, len) };
    finish(
        ForbiddenQuery::parse(line)
            .and_then(|query| query.reply(None))
            .map(|reply| reply.to_line())
            .map_err(|e| CallError::new("bad-position", e.to_string())),
    )
}

/// Validates every game of a file (`record`, in the format named `format`: a name or
/// a file name) under options as JSON (what the records leave unsaid), the file named
/// `name` in the report and its messages (empty: no name): the answer is the
/// validation report, as JSON.
///
/// # Safety
/// Each pointer and length as in [`crate::boundary::bytes`].
#[no_mangle]
pub unsafe extern "C" fn renju_validate(
    options_ptr: *const u8,
    options_len: usize,
    record_ptr: *const u8,
    record_len: usize,
    format_ptr: *const u8,
    format_len: usize,
    name_ptr: *const u8,
    name_len: usize,
) -> i32 {
    // SAFETY: the caller's promise.
    let args = unsafe {
        record_args(
            (options_ptr, options_len),
            (record_ptr, record_len),
            (format_ptr, format_len),
        )
    };
    // SAFETY: the caller's promise.
    let name = unsafe { text(name_ptr, name_len, "the file name") };
    finish((|| {
        let (options, record, format) = args?;
        let name = name?;
        let games = format.read(record, (!name.is_empty()).then_some(name));
        let report = renju_records::report::validate(&games, &options.validation()?);
        serde_json::to_string(&report).map_err(|e| CallError::new("bad-argument", e.to_string()))
    })())
}
