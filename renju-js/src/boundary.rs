//! Memory and answers across the WebAssembly boundary.
//!
//! The caller owns the bytes it allocates with [`renju_alloc`] until it frees them with
//! [`renju_free`]; the answer of the last call stays in one buffer, read through
//! [`renju_out_ptr`] and [`renju_out_len`], until the next call.

use std::cell::RefCell;

use serde::Serialize;

/// The status of a call whose answer is its result.
pub const OK: i32 = 0;
/// The status of a call whose answer is an error.
pub const ERROR: i32 = 1;

thread_local! {
    static OUT: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
}

/// Why a call failed: a code and a message for people. The codes are the referee's
/// refusal codes (`occupied`, `forbidden`, `bad-request`, ...) and this module's own:
/// `bad-options`, `bad-argument`, `bad-position`, `parse`, `no-game`, `no-action`,
/// `bad-handle`, `endless-line` and `internal`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CallError {
    /// The stable code.
    pub code: String,
    /// What went wrong, for people.
    pub message: String,
}

impl CallError {
    /// An error with `code` and `message`.
    pub fn new(code: &str, message: impl Into<String>) -> CallError {
        CallError {
            code: code.to_string(),
            message: message.into(),
        }
    }
}

/// The most memory the answer buffer keeps between calls: a larger answer (a report,
/// a batch) gets its memory back at the next call.
const KEPT_ANSWER_BYTES: usize = 1 << 20;

/// Sets the answer to `bytes`.
pub fn answer(bytes: &[u8]) {
    OUT.with(|out| {
        let mut out = out.borrow_mut();
        clear_for(&mut out, bytes.len());
        out.extend_from_slice(bytes);
    });
}

/// Empties the answer buffer for an answer of `len` bytes, giving back the memory of a
/// large earlier answer.
fn clear_for(out: &mut Vec<u8>, len: usize) {
    out.clear();
    if out.capacity() > KEPT_ANSWER_BYTES.max(len) {
        out.shrink_to(len.max(KEPT_ANSWER_BYTES / 16));
    }
}

/// Sets the answer to `len` bytes that `fill` writes (zeroed first); on an error of
/// `fill` the answer is that error. The status to return.
pub fn answer_filled(len: usize, fill: impl FnOnce(&mut [u8]) -> Result<(), CallError>) -> i32 {
    let filled = OUT.with(|out| {
        let mut out = out.borrow_mut();
        clear_for(&mut out, len);
        out.resize(len, 0);
        fill(&mut out)
    });
    match filled {
        Ok(()) => OK,
        Err(error) => finish(Err(error)),
    }
}

/// Sets the answer to the result or the error; the status to return.
pub fn finish(result: Result<String, CallError>) -> i32 {
    match result {
        Ok(text) => {
            answer(text.as_bytes());
            OK
        }
        Err(error) => {
            answer(error_json(&error).as_bytes());
            ERROR
        }
    }
}

/// The JSON of an error.
pub fn error_json(error: &CallError) -> String {
    serde_json::to_string(error).unwrap_or_else(|_| String::from("{}"))
}

/// The `len` bytes at `ptr`, which the caller wrote (an empty slice for a null pointer).
///
/// # Safety
/// `ptr` must be null or point to `len` readable bytes that stay unchanged for `'a`.
pub unsafe fn bytes<'a>(ptr: *const u8, len: usize) -> &'a [u8] {
    if ptr.is_null() || len == 0 {
        return &[];
    }
    // SAFETY: the caller's promise.
    unsafe { std::slice::from_raw_parts(ptr, len) }
}

/// The text at `ptr`, or a `bad-argument` error naming `what` when it is not UTF-8.
///
/// # Safety
/// As [`bytes`].
pub unsafe fn text<'a>(ptr: *const u8, len: usize, what: &str) -> Result<&'a str, CallError> {
    // SAFETY: the caller's promise.
    let bytes = unsafe { bytes(ptr, len) };
    std::str::from_utf8(bytes)
        .map_err(|e| CallError::new("bad-argument", format!("{what} is not UTF-8 text: {e}")))
}

/// Memory for `len` bytes, for the caller to write an argument into (null when `len`
/// is 0 or too large).
#[no_mangle]
pub extern "C" fn renju_alloc(len: usize) -> *mut u8 {
    let Ok(layout) = std::alloc::Layout::array::<u8>(len) else {
        return std::ptr::null_mut();
    };
    if len == 0 {
        return std::ptr::null_mut();
    }
    // SAFETY: the layout has a nonzero size.
    unsafe { std::alloc::alloc(layout) }
}

/// Frees memory from [`renju_alloc`] (a null pointer is ignored).
///
/// # Safety
/// `ptr` must come from `renju_alloc(len)` with the same `len`, and not be freed before.
#[no_mangle]
pub unsafe extern "C" fn renju_free(ptr: *mut u8, len: usize) {
    if ptr.is_null() || len == 0 {
        return;
    }
    if let Ok(layout) = std::alloc::Layout::array::<u8>(len) {
        // SAFETY: the caller's promise: allocated with this layout.
        unsafe { std::alloc::dealloc(ptr, layout) }
    }
}

/// Where the answer of the last call starts.
#[no_mangle]
pub extern "C" fn renju_out_ptr() -> *const u8 {
    OUT.with(|out| out.borrow().as_ptr())
}

/// The length in bytes of the answer of the last call.
#[no_mangle]
pub extern "C" fn renju_out_len() -> usize {
    OUT.with(|out| out.borrow().len())
}

/// The library's version (the answer).
#[no_mangle]
pub extern "C" fn renju_version() -> i32 {
    answer(env!("CARGO_PKG_VERSION").as_bytes());
    OK
}
