//! The objects kept between calls, by handle: one table per kind (referees, pipes), each
//! owned by the module of its kind.
//!
//! A handle is a positive number whose top bit says the kind (0: a referee, 1: a pipe),
//! so that a handle of one kind given for another is an error, not another object; 0 is
//! never one, so that a constructor returns 0 when it fails (the answer is then the
//! error). A freed slot is given out again to a later object: the package forgets a
//! handle when it frees it, and a handle that holds nothing is a `bad-handle` error.

use std::cell::RefCell;
use std::thread::LocalKey;

use crate::boundary::{answer, error_json, CallError};

/// The top bit of a handle: the kind of object it holds.
const KIND_BIT: u32 = 1 << 31;

/// A table of the objects of one kind.
pub struct Handles<T> {
    /// What the objects are, for messages (`a referee`).
    what: &'static str,
    /// The top bit of this kind's handles.
    kind: u32,
    slots: Vec<Option<T>>,
    free: Vec<usize>,
}

/// A thread's table of one kind.
pub type Table<T> = LocalKey<RefCell<Handles<T>>>;

impl<T> Handles<T> {
    /// An empty table of `what`; `second` says the handles' kind bit.
    pub const fn new(what: &'static str, second: bool) -> Handles<T> {
        Handles {
            what,
            kind: if second { KIND_BIT } else { 0 },
            slots: Vec::new(),
            free: Vec::new(),
        }
    }

    fn keep(&mut self, object: T) -> Result<u32, CallError> {
        let index = match self.free.pop() {
            Some(index) => {
                self.slots[index] = Some(object);
                index
            }
            None => {
                self.slots.push(Some(object));
                self.slots.len().saturating_sub(1)
            }
        };
        u32::try_from(index.saturating_add(1))
            .ok()
            .filter(|&n| n < KIND_BIT)
            .map(|n| n | self.kind)
            .ok_or_else(|| CallError::new("internal", "too many objects alive"))
    }

    /// The slot of `handle`, when it is of this kind and holds an object.
    fn slot(&mut self, handle: u32) -> Result<(usize, &mut Option<T>), CallError> {
        if handle & KIND_BIT != self.kind || handle & !KIND_BIT == 0 {
            return Err(CallError::new(
                "bad-handle",
                format!("{handle} is not {}", self.what),
            ));
        }
        let index = ((handle & !KIND_BIT) as usize).saturating_sub(1);
        match self.slots.get_mut(index) {
            Some(slot) if slot.is_some() => Ok((index, slot)),
            _ => Err(CallError::new(
                "bad-handle",
                format!("{handle} is not a live object (freed, or never made)"),
            )),
        }
    }

    /// The object of `handle`.
    pub fn get(&mut self, handle: u32) -> Result<&mut T, CallError> {
        let (_, slot) = self.slot(handle)?;
        slot.as_mut()
            .ok_or_else(|| CallError::new("bad-handle", format!("{handle} holds nothing")))
    }

    /// Takes the object out of `handle`, which is freed.
    pub fn take(&mut self, handle: u32) -> Result<T, CallError> {
        let (index, slot) = self.slot(handle)?;
        let object = slot
            .take()
            .ok_or_else(|| CallError::new("bad-handle", format!("{handle} holds nothing")))?;
        self.free.push(index);
        Ok(object)
    }
}

/// Whether `handle` is of the second kind (a pipe).
pub fn is_second_kind(handle: u32) -> bool {
    handle & KIND_BIT != 0
}

/// Runs `f` on a table. A table already in use (only after an internal failure left it
/// so: no call re-enters another) is an `internal` error, not a second failure.
pub fn with_table<T, R>(
    table: &'static Table<T>,
    f: impl FnOnce(&mut Handles<T>) -> Result<R, CallError>,
) -> Result<R, CallError> {
    table.with(|handles| {
        let mut handles = handles
            .try_borrow_mut()
            .map_err(|_| CallError::new("internal", "the object table is in use"))?;
        f(&mut handles)
    })
}

/// A constructor's return: the handle of the object kept in `table`, or 0 with the error
/// as the answer.
pub fn made<T>(table: &'static Table<T>, result: Result<T, CallError>) -> u32 {
    match result.and_then(|object| with_table(table, |handles| handles.keep(object))) {
        Ok(handle) => handle,
        Err(error) => {
            answer(error_json(&error).as_bytes());
            0
        }
    }
}
