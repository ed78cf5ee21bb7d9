//! The two JSON-lines pipes of the package's command (`renju forbidden` and `renju
//! referee`), fed with bytes as they arrive.

use renju_engine::forbidden_jsonl::ForbiddenPipe;
use renju_records::referee::RefereePipe;

use crate::boundary::{answer, bytes, finish, text, CallError, ERROR, OK};
use std::cell::RefCell;

use crate::objects::is_second_kind;
use crate::objects::{made, with_table, Handles};
use crate::referee::{drop_referee, take_referee};

/// A JSON-lines pipe, and why its input could not be read further, once it could not.
pub struct Pipe {
    kind: PipeKind,
    failure: Option<CallError>,
}

enum PipeKind {
    Referee(Box<RefereePipe>),
    Forbidden(ForbiddenPipe),
}

thread_local! {
    static PIPES: RefCell<Handles<Pipe>> = const { RefCell::new(Handles::new("a pipe", true)) };
}

/// Runs `f` on the pipe of `handle`.
fn with_pipe<T>(
    handle: u32,
    f: impl FnOnce(&mut Pipe) -> Result<T, CallError>,
) -> Result<T, CallError> {
    with_table(&PIPES, |pipes| f(pipes.get(handle)?))
}

/// Frees the pipe of `handle`.
pub fn drop_pipe(handle: u32) -> Result<(), CallError> {
    with_table(&PIPES, |pipes| pipes.take(handle).map(drop))
}

impl Pipe {
    fn new(kind: PipeKind) -> Pipe {
        Pipe {
            kind,
            failure: None,
        }
    }

    /// Feeds `input`; the replies go to `out`; false when a line has no end in sight
    /// (then, and from then on, nothing more is read).
    fn feed(&mut self, input: &[u8], out: &mut Vec<u8>) -> bool {
        if self.failure.is_some() {
            return false;
        }
        let fed = match &mut self.kind {
            PipeKind::Referee(pipe) => pipe.feed(input, out),
            PipeKind::Forbidden(pipe) => pipe.feed(input, out),
        };
        if let Err(error) = fed {
            self.failure = Some(CallError::new("endless-line", error.to_string()));
        }
        self.failure.is_none()
    }

    fn finish(&mut self, out: &mut Vec<u8>) {
        if self.failure.is_some() {
            return;
        }
        // Writing to memory does not fail.
        let _ = match &mut self.kind {
            PipeKind::Referee(pipe) => pipe.finish(out),
            PipeKind::Forbidden(pipe) => pipe.finish(out),
        };
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

/// The referee's JSON-lines pipe over the referee of `referee` (which the pipe takes:
/// the handle is freed), taking lines of at most `max_line` bytes; 0 and the error when
/// the handle is no referee.
#[no_mangle]
pub extern "C" fn renju_pipe_referee(referee: u32, max_line: usize) -> u32 {
    made(
        &PIPES,
        take_referee(referee).map(|kept| {
            Pipe::new(PipeKind::Referee(Box::new(RefereePipe::new(
                kept.referee,
                max_line,
            ))))
        }),
    )
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
    made(
        &PIPES,
        explain.and_then(|explain| {
            let explain = (!explain.is_empty()).then_some(explain);
            ForbiddenPipe::new(explain, max_line)
                .map(|pipe| Pipe::new(PipeKind::Forbidden(pipe)))
                .map_err(|message| CallError::new("bad-argument", message))
        }),
    )
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

/// Frees the object of `handle`, a referee or a pipe; 1 (the answer an error) when
/// there is none.
#[no_mangle]
pub extern "C" fn renju_drop(handle: u32) -> i32 {
    let dropped = if is_second_kind(handle) {
        drop_pipe(handle)
    } else {
        drop_referee(handle)
    };
    finish(dropped.map(|()| String::new()))
}
