//! The objects kept between calls (referees and the two JSON-lines pipes), by handle.
//!
//! A handle is a positive number; 0 is never one, so that a constructor returns 0 when
//! it fails (the answer is then the error). A freed handle's slot is given out again to
//! a later object: the package forgets a handle when it frees it, and a handle that
//! holds nothing is a `bad-handle` error.

use std::cell::RefCell;

use crate::boundary::{answer, error_json, finish, CallError};
use crate::pipes::Pipe;
use crate::referee::Kept;

/// One object kept between calls.
pub enum Object {
    /// A referee (and the record it was loaded from).
    Referee(Box<Kept>),
    /// A JSON-lines pipe.
    Pipe(Box<Pipe>),
}

impl Object {
    fn as_pipe(&mut self) -> Option<&mut Pipe> {
        match self {
            Object::Pipe(pipe) => Some(pipe),
            Object::Referee(_) => None,
        }
    }

    fn as_referee(&mut self) -> Option<&mut Kept> {
        match self {
            Object::Referee(kept) => Some(kept),
            Object::Pipe(_) => None,
        }
    }
}

/// The live objects, and the freed slots to give out again, so that memory stays that
/// of the objects alive.
#[derive(Default)]
struct Objects {
    slots: Vec<Option<Object>>,
    free: Vec<usize>,
}

thread_local! {
    static OBJECTS: RefCell<Objects> = RefCell::new(Objects::default());
}

/// Runs `f` on the table. A table already in use (only after an internal failure left
/// it so: no call re-enters another) is an `internal` error, not a second failure.
fn with_objects<T>(f: impl FnOnce(&mut Objects) -> Result<T, CallError>) -> Result<T, CallError> {
    OBJECTS.with(|objects| {
        let mut objects = objects
            .try_borrow_mut()
            .map_err(|_| CallError::new("internal", "the object table is in use"))?;
        f(&mut objects)
    })
}

/// Keeps `object`; its handle (0, with the error as the answer, when it cannot).
pub fn keep(object: Object) -> u32 {
    made(Ok(object))
}

/// A constructor's return: the handle, or 0 with the error as the answer.
pub fn made(result: Result<Object, CallError>) -> u32 {
    let kept = result.and_then(|object| {
        with_objects(|objects| {
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
            u32::try_from(index.saturating_add(1))
                .map_err(|_| CallError::new("internal", "too many objects alive"))
        })
    });
    match kept {
        Ok(handle) => handle,
        Err(error) => {
            answer(error_json(&error).as_bytes());
            0
        }
    }
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
    with_objects(|objects| {
        let object = slot(objects, handle)
            .and_then(Option::as_mut)
            .ok_or_else(|| not_live(handle))?;
        let kind = pick(object)
            .ok_or_else(|| CallError::new("bad-handle", format!("{handle} is not {what}")))?;
        f(kind)
    })
}

/// Runs `f` on the pipe of `handle`.
pub fn with_pipe<T>(
    handle: u32,
    f: impl FnOnce(&mut Pipe) -> Result<T, CallError>,
) -> Result<T, CallError> {
    with_kind(handle, "a pipe", Object::as_pipe, f)
}

/// Runs `f` on the referee of `handle`.
pub fn with_referee<T>(
    handle: u32,
    f: impl FnOnce(&mut Kept) -> Result<T, CallError>,
) -> Result<T, CallError> {
    with_kind(handle, "a referee", Object::as_referee, f)
}

/// Takes the referee out of `handle`, which is freed (an error, and nothing freed, when
/// the handle holds no referee).
pub fn take_referee(handle: u32) -> Result<Kept, CallError> {
    with_objects(|objects| {
        let slot = slot(objects, handle).ok_or_else(|| not_live(handle))?;
        if !matches!(slot, Some(Object::Referee(_))) {
            return Err(CallError::new(
                "bad-handle",
                format!("{handle} is not a referee"),
            ));
        }
        let Some(Object::Referee(kept)) = slot.take() else {
            return Err(not_live(handle));
        };
        objects.free.push((handle as usize).saturating_sub(1));
        Ok(*kept)
    })
}

/// Frees the object of `handle`; 1 (the answer an error) when there is none.
#[no_mangle]
pub extern "C" fn renju_drop(handle: u32) -> i32 {
    finish(with_objects(|objects| {
        slot(objects, handle)
            .and_then(Option::take)
            .ok_or_else(|| not_live(handle))?;
        objects.free.push((handle as usize).saturating_sub(1));
        Ok(String::new())
    }))
}
