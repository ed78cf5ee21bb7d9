//! Handles, owned strings and argument checking.
//!
//! Every handle and every string given to C is recorded in one table, keyed by its
//! address. A call looks the address up before touching anything, so a freed handle, a
//! pointer the library never returned, or a handle of the wrong type is reported as
//! `RENJU_ERROR_BAD_HANDLE` without the pointer ever being dereferenced. Handles are
//! reference counted: a call in flight keeps its object alive even if another thread
//! frees the handle meanwhile.

use std::any::Any;
use std::collections::BTreeMap;
use std::ffi::{c_char, CStr, CString};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use crate::error::renju_status::*;
use crate::error::{Error, Result};

/// A type whose values are given to C as opaque handles.
pub(crate) trait Handle: Any + Send + Sync {
    /// The C type name, for messages.
    const NAME: &'static str;
}

enum Live {
    Object {
        type_name: &'static str,
        object: Arc<dyn Any + Send + Sync>,
    },
    /// A string given to C: the length of its allocation (text and NUL).
    String { len: usize },
}

static LIVE: Mutex<BTreeMap<usize, Live>> = Mutex::new(BTreeMap::new());

fn live() -> MutexGuard<'static, BTreeMap<usize, Live>> {
    // Every critical section is a single insert, lookup or removal: the table is
    // consistent even if a panic happened while it was locked.
    LIVE.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Records a new handle and returns the pointer C gets.
pub(crate) fn new_handle<T: Handle>(value: T) -> *mut T {
    let object = Arc::new(value);
    let ptr = Arc::as_ptr(&object) as *mut T;
    live().insert(
        ptr as usize,
        Live::Object {
            type_name: T::NAME,
            object,
        },
    );
    ptr
}

fn not_live(what: &str, type_name: &str) -> Error {
    Error::new(
        RENJU_ERROR_BAD_HANDLE,
        format!("`{what}` is not a live {type_name} (already freed, or not from this library)"),
    )
}

/// The object behind a handle.
pub(crate) fn handle<T: Handle>(ptr: *const T, what: &str) -> Result<Arc<T>> {
    if ptr.is_null() {
        return Err(Error::null(what));
    }
    match live().get(&(ptr as usize)) {
        Some(Live::Object { type_name, object }) => object.clone().downcast::<T>().map_err(|_| {
            Error::new(
                RENJU_ERROR_BAD_HANDLE,
                format!("`{what}` is a {type_name}, not a {}", T::NAME),
            )
        }),
        Some(Live::String { .. }) => Err(Error::new(
            RENJU_ERROR_BAD_HANDLE,
            format!("`{what}` is a string, not a {}", T::NAME),
        )),
        None => Err(not_live(what, T::NAME)),
    }
}

/// Forgets a handle; the object is dropped once no call is using it. NULL is accepted.
pub(crate) fn free_handle<T: Handle>(ptr: *mut T, what: &str) -> Result<()> {
    if ptr.is_null() {
        return Ok(());
    }
    handle(ptr, what)?;
    // Dropped outside the lock.
    let removed = live().remove(&(ptr as usize));
    drop(removed);
    Ok(())
}

/// Gives a string to C (freed with `renju_string_free`).
pub(crate) fn new_string(text: String) -> Result<*mut c_char> {
    let bytes = CString::new(text)
        .map_err(|_| Error::invalid("the text to return contains a NUL byte"))?
        .into_bytes_with_nul()
        .into_boxed_slice();
    let len = bytes.len();
    let ptr = Box::into_raw(bytes) as *mut u8 as *mut c_char;
    live().insert(ptr as usize, Live::String { len });
    Ok(ptr)
}

/// Frees a string given to C. NULL is accepted.
pub(crate) fn free_string(ptr: *mut c_char) -> Result<()> {
    if ptr.is_null() {
        return Ok(());
    }
    let mut table = live();
    match table.get(&(ptr as usize)) {
        Some(Live::String { len }) => {
            let len = *len;
            table.remove(&(ptr as usize));
            drop(table);
            let slice = std::ptr::slice_from_raw_parts_mut(ptr as *mut u8, len);
            // SAFETY: `ptr` and `len` are exactly what `new_string` got from
            // `Box::into_raw`, and the table entry, removed just now, was its only record:
            // the box is rebuilt once.
            drop(unsafe { Box::from_raw(slice) });
            Ok(())
        }
        Some(Live::Object { type_name, .. }) => Err(Error::new(
            RENJU_ERROR_BAD_HANDLE,
            format!("`string` is a {type_name}, not a string from this library"),
        )),
        None => Err(not_live("string", "string from this library")),
    }
}

/// Interns a static string as a C string with static lifetime (labels and names).
pub(crate) fn intern(text: &'static str) -> *const c_char {
    static INTERNED: Mutex<BTreeMap<&'static str, &'static CStr>> = Mutex::new(BTreeMap::new());
    let mut table = INTERNED.lock().unwrap_or_else(PoisonError::into_inner);
    table
        .entry(text)
        .or_insert_with(|| {
            let owned = CString::new(text).unwrap_or_default();
            Box::leak(owned.into_boxed_c_str())
        })
        .as_ptr()
}

/// Checks an output pointer: not NULL and aligned.
pub(crate) fn out_ptr<T>(ptr: *mut T, what: &str) -> Result<*mut T> {
    if ptr.is_null() {
        return Err(Error::null(what));
    }
    if (ptr as usize) & (std::mem::align_of::<T>() - 1) != 0 {
        return Err(Error::invalid(format!("`{what}` is misaligned")));
    }
    Ok(ptr)
}

/// Writes an output parameter.
///
/// # Safety
/// `ptr` must be NULL or valid for writes of a `T`.
pub(crate) unsafe fn write<T>(ptr: *mut T, what: &str, value: T) -> Result<()> {
    let ptr = out_ptr(ptr, what)?;
    // SAFETY: checked non-null and aligned; the caller guarantees it is writable.
    unsafe { ptr.write(value) };
    Ok(())
}

/// Writes an optional output parameter (nothing when NULL).
///
/// # Safety
/// `ptr` must be NULL or valid for writes of a `T`.
pub(crate) unsafe fn write_opt<T>(ptr: *mut T, what: &str, value: T) -> Result<()> {
    if ptr.is_null() {
        return Ok(());
    }
    // SAFETY: forwarded.
    unsafe { write(ptr, what, value) }
}

/// Sets a handle output parameter to NULL (so it is NULL on every error), after checking
/// it.
///
/// # Safety
/// `ptr` must be NULL or valid for writes of a pointer.
pub(crate) unsafe fn clear_out<T>(ptr: *mut *mut T, what: &str) -> Result<*mut *mut T> {
    // SAFETY: forwarded.
    unsafe { write(ptr, what, std::ptr::null_mut())? };
    Ok(ptr)
}

/// Reads an input struct.
///
/// # Safety
/// `ptr` must be NULL or valid for reads of a `T`, and every bit pattern must be a valid
/// `T` (plain integers and pointers).
pub(crate) unsafe fn read<T: Copy>(ptr: *const T, what: &str) -> Result<T> {
    let ptr = out_ptr(ptr as *mut T, what)?;
    // SAFETY: checked non-null and aligned; the caller guarantees the rest.
    Ok(unsafe { ptr.read() })
}

/// Reads a NUL-terminated UTF-8 string argument.
///
/// # Safety
/// `ptr` must be NULL or point to a NUL-terminated string that outlives `'a`.
pub(crate) unsafe fn str_arg<'a>(ptr: *const c_char, what: &str) -> Result<&'a str> {
    if ptr.is_null() {
        return Err(Error::null(what));
    }
    // SAFETY: non-null; the caller guarantees termination and lifetime.
    let bytes = unsafe { CStr::from_ptr(ptr) };
    bytes.to_str().map_err(|e| {
        Error::new(
            RENJU_ERROR_INVALID_UTF8,
            format!(
                "`{what}` is not valid UTF-8 (bad byte at offset {})",
                e.valid_up_to()
            ),
        )
    })
}

/// Reads an optional string argument (`None` for NULL).
///
/// # Safety
/// As [`str_arg`].
pub(crate) unsafe fn opt_str_arg<'a>(ptr: *const c_char, what: &str) -> Result<Option<&'a str>> {
    if ptr.is_null() {
        Ok(None)
    } else {
        // SAFETY: forwarded.
        unsafe { str_arg(ptr, what) }.map(Some)
    }
}

/// Borrows a C string kept by a handle for as long as the handle lives.
pub(crate) fn borrowed(text: &CStr) -> *const c_char {
    text.as_ptr()
}

/// An optional borrowed C string (NULL when absent).
pub(crate) fn borrowed_opt(text: &Option<CString>) -> *const c_char {
    text.as_deref().map_or(std::ptr::null(), CStr::as_ptr)
}

/// A C string for text kept by a handle (NUL bytes, which no record holds, are escaped).
pub(crate) fn keep(text: impl Into<String>) -> CString {
    CString::new(text.into().replace('\0', "\\0")).unwrap_or_default()
}

/// Frees a string returned by the library (`renju_position_explain_json`,
/// `renju_games_validate`, ...). NULL is accepted and does nothing.
///
/// Returns `RENJU_ERROR_BAD_HANDLE` (and frees nothing) for a pointer that is not a live
/// string returned by this library: one already freed, or one from elsewhere. Never pass
/// such strings to `free()`, nor library strings borrowed from a handle (`const char *`
/// fields) to this function.
///
/// Thread safety: safe from any thread; a string may be freed on another thread than the
/// one it was returned on.
///
/// # Safety
/// `string` is only looked up, never dereferenced, unless it is a live library string.
#[no_mangle]
pub unsafe extern "C" fn renju_string_free(string: *mut c_char) -> crate::renju_status {
    crate::error::guard(|| free_string(string))
}

/// The number of handles and strings the library has returned and that are not freed
/// yet, across all threads.
///
/// For leak checks: the library records every live handle and string, so a leak checker
/// such as valgrind reports one that was never freed as "still reachable" rather than
/// "lost"; a program that has freed everything sees 0 here.
///
/// Thread safety: safe from any thread (other threads may change the count meanwhile).
#[no_mangle]
pub extern "C" fn renju_live_object_count() -> usize {
    crate::error::guard_value(0, || live().len())
}
