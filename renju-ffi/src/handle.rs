//! Handles, owned strings and argument checking.
//!
//! Every handle and every string given to C is recorded in a table before it is given,
//! and every call looks its pointer up there before touching anything: a freed handle, a
//! pointer the library never returned, or a handle of the wrong type is reported as
//! `RENJU_ERROR_BAD_HANDLE` without the pointer ever being dereferenced. Handles are
//! reference counted: a call in flight keeps its object alive even if another thread
//! frees the handle meanwhile.
//!
//! # Stale pointers stay stale
//!
//! A table keyed by address alone is not enough: once an object is freed, the allocator
//! may give its address to a new object, and a stale pointer would then act on (or free)
//! the new one. So no pointer value the library gives out is ever given out again:
//!
//! * **Handles are tokens, not addresses.** A handle (`renju_position *`, ...) is the
//!   value of a process-wide 64-bit counter that only goes up (times 16, plus a fixed
//!   base that is not a user-space address on 64-bit targets), never 0 and never reused.
//!   C only passes it back; the library finds the object in the handle table. A freed
//!   handle is simply absent from the table, forever: a new object gets a new token.
//!   Running out of tokens (2^59 handles) panics, which the boundary reports as
//!   `RENJU_ERROR_PANIC`, rather than reusing one.
//! * **Strings are real `char *`, at addresses used once.** C must read a returned
//!   string, so it has to be a real address. On Unix, strings are carved from large
//!   regions of address space the library reserves itself (`mmap`, 1 GiB at a time on
//!   64-bit targets, pages committed by the kernel on first touch) with a pointer that
//!   only moves forward; a
//!   page whose strings are all freed is given back to the kernel (`madvise(DONTNEED)`)
//!   but stays reserved, so no later string (and no other allocation in the process) can
//!   land at a freed string's address. The string table maps each live string's address
//!   to its length; a freed or foreign address is absent. Memory use is bounded by the
//!   live strings (plus at most one partly used page per live page); only address space
//!   is consumed for good, a region at a time. Elsewhere (no `mmap`), a freed
//!   string's memory is kept rather than returned to the allocator, for the same
//!   guarantee at the cost of memory.
//!
//! Handles and strings are in separate tables, so a string can never pass for a handle
//! or the reverse.

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

struct LiveObject {
    type_name: &'static str,
    object: Arc<dyn Any + Send + Sync>,
}

struct Handles {
    /// The last token given out (0: none yet).
    last: u64,
    live: BTreeMap<usize, LiveObject>,
}

static HANDLES: Mutex<Handles> = Mutex::new(Handles {
    last: 0,
    live: BTreeMap::new(),
});

fn lock<T>(mutex: &'static Mutex<T>) -> MutexGuard<'static, T> {
    // Every critical section leaves the tables consistent before it can panic: they are
    // usable even if a panic happened while one was locked.
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

/// The base of handle tokens: on 64-bit targets, an address above every user-space
/// address of the common platforms (x86-64 and AArch64 use at most 57 bits), so a token
/// is never the address of anything in the process.
const TOKEN_BASE: u64 = if usize::BITS >= 64 {
    0x7e4a_0000_0000_0000
} else {
    0
};

/// Records a new handle and returns the token C gets.
pub(crate) fn new_handle<T: Handle>(value: T) -> *mut T {
    let object = Arc::new(value);
    let mut handles = lock(&HANDLES);
    let next = handles.last + 1;
    let token = next
        .checked_mul(16)
        .and_then(|t| t.checked_add(TOKEN_BASE))
        .and_then(|t| usize::try_from(t).ok())
        .expect("handle tokens exhausted: they are never reused");
    handles.last = next;
    handles.live.insert(
        token,
        LiveObject {
            type_name: T::NAME,
            object,
        },
    );
    // A token, not an address: C never dereferences it (the type is opaque).
    token as *mut T
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
    let found = lock(&HANDLES)
        .live
        .get(&(ptr as usize))
        .map(|live| (live.type_name, live.object.clone()));
    match found {
        Some((type_name, object)) => object.downcast::<T>().map_err(|_| {
            Error::new(
                RENJU_ERROR_BAD_HANDLE,
                format!("`{what}` is a {type_name}, not a {}", T::NAME),
            )
        }),
        None if lock(&STRINGS).live.contains_key(&(ptr as usize)) => Err(Error::new(
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
    let removed = lock(&HANDLES).live.remove(&(ptr as usize));
    drop(removed);
    Ok(())
}

struct Strings {
    /// Live strings: address -> length of the allocation (text and NUL).
    live: BTreeMap<usize, usize>,
    arena: arena::Arena,
}

static STRINGS: Mutex<Strings> = Mutex::new(Strings {
    live: BTreeMap::new(),
    arena: arena::Arena::new(),
});

/// Gives a string to C (freed with `renju_string_free`).
pub(crate) fn new_string(text: String) -> Result<*mut c_char> {
    let bytes = CString::new(text)
        .map_err(|_| Error::invalid("the text to return contains a NUL byte"))?
        .into_bytes_with_nul();
    let mut strings = lock(&STRINGS);
    let ptr = strings.arena.alloc(bytes.len())?;
    // SAFETY: `alloc` returned `bytes.len()` writable bytes no one else uses.
    unsafe { std::ptr::copy_nonoverlapping(bytes.as_ptr(), ptr, bytes.len()) };
    strings.live.insert(ptr as usize, bytes.len());
    Ok(ptr as *mut c_char)
}

/// Frees a string given to C. NULL is accepted.
pub(crate) fn free_string(ptr: *mut c_char) -> Result<()> {
    if ptr.is_null() {
        return Ok(());
    }
    let mut strings = lock(&STRINGS);
    match strings.live.remove(&(ptr as usize)) {
        Some(len) => {
            // SAFETY: `ptr` and `len` are a live string from `alloc`, just forgotten by
            // the table (its only record): released once.
            unsafe { strings.arena.free(ptr as *mut u8, len) };
            Ok(())
        }
        None => {
            drop(strings);
            match lock(&HANDLES).live.get(&(ptr as usize)) {
                Some(live) => Err(Error::new(
                    RENJU_ERROR_BAD_HANDLE,
                    format!(
                        "`string` is a {}, not a string from this library",
                        live.type_name
                    ),
                )),
                None => Err(not_live("string", "string from this library")),
            }
        }
    }
}

/// Memory for strings given to C, at addresses never used twice.
#[cfg(unix)]
mod arena {
    use std::collections::BTreeMap;

    use crate::error::renju_status::RENJU_ERROR_PANIC;
    use crate::error::{Error, Result};

    /// Address space reserved at a time (16 MiB on 32-bit targets).
    const REGION: usize = if usize::BITS >= 64 { 1 << 30 } else { 1 << 24 };
    /// Strings are aligned to this (like `malloc`).
    const ALIGN: usize = 16;

    pub(super) struct Arena {
        /// The current region's start, next free address and end (0, 0, 0: none yet).
        start: usize,
        next: usize,
        end: usize,
        /// Pages holding live strings (or the allocation point): address -> live
        /// strings on the page.
        pages: BTreeMap<usize, usize>,
    }

    fn page_size() -> usize {
        // SAFETY: sysconf has no preconditions.
        let size = unsafe { libc::sysconf(libc::_SC_PAGESIZE) };
        usize::try_from(size)
            .ok()
            .filter(|s| s.is_power_of_two())
            .unwrap_or(4096)
    }

    impl Arena {
        pub(super) const fn new() -> Arena {
            Arena {
                start: 0,
                next: 0,
                end: 0,
                pages: BTreeMap::new(),
            }
        }

        /// `len` (> 0) bytes at an address this arena has never returned before.
        pub(super) fn alloc(&mut self, len: usize) -> Result<*mut u8> {
            let page = page_size();
            let size = len.div_ceil(ALIGN) * ALIGN;
            if size > self.end - self.next {
                let region = REGION.max(size.div_ceil(page) * page);
                // SAFETY: a fresh anonymous private mapping; no existing memory is
                // affected. MAP_NORESERVE: pages cost memory once touched, not before.
                let base = unsafe {
                    libc::mmap(
                        std::ptr::null_mut(),
                        region,
                        libc::PROT_READ | libc::PROT_WRITE,
                        libc::MAP_PRIVATE | libc::MAP_ANONYMOUS | libc::MAP_NORESERVE,
                        -1,
                        0,
                    )
                };
                if base == libc::MAP_FAILED {
                    return Err(Error::new(
                        RENJU_ERROR_PANIC,
                        format!(
                            "cannot reserve address space for returned strings: {}",
                            std::io::Error::last_os_error()
                        ),
                    ));
                }
                // The rest of the old region is never used: release its pages now.
                let (old_next, old_end) = (self.next, self.end);
                self.start = base as usize;
                self.next = base as usize;
                self.end = base as usize + region;
                if old_end != 0 {
                    self.release_empty(old_next & !(page - 1), old_end, page);
                }
            }
            let ptr = self.next;
            let first = ptr & !(page - 1);
            let last = (ptr + size - 1) & !(page - 1);
            for p in (first..=last).step_by(page) {
                *self.pages.entry(p).or_insert(0) += 1;
            }
            self.next += size;
            // Pages the allocation point left behind with no live string are done with.
            self.release_empty(first, self.next & !(page - 1), page);
            Ok(ptr as *mut u8)
        }

        /// Releases a string's memory; its address is never returned again.
        ///
        /// # Safety
        /// `ptr` and `len` come from one `alloc` call, released once.
        pub(super) unsafe fn free(&mut self, ptr: *mut u8, len: usize) {
            let page = page_size();
            let size = len.div_ceil(ALIGN) * ALIGN;
            let ptr = ptr as usize;
            let first = ptr & !(page - 1);
            let last = (ptr + size - 1) & !(page - 1);
            for p in (first..=last).step_by(page) {
                if let Some(count) = self.pages.get_mut(&p) {
                    *count -= 1;
                }
            }
            // Pages before the allocation point's page can be released; that one is
            // released when the point moves on (see `alloc`).
            let limit = if (self.start..self.end).contains(&ptr) {
                self.next & !(page - 1)
            } else {
                usize::MAX
            };
            self.release_empty(first, (last + page).min(limit), page);
        }

        /// Gives the pages in `[from, to)` that hold no live string back to the kernel
        /// (they stay reserved: their addresses are never used again).
        fn release_empty(&mut self, from: usize, to: usize, page: usize) {
            if from >= to {
                return;
            }
            let empty: Vec<usize> = self
                .pages
                .range(from..to)
                .filter(|(_, &count)| count == 0)
                .map(|(&p, _)| p)
                .collect();
            for p in empty {
                self.pages.remove(&p);
                // SAFETY: `p` is a page of a region this arena mapped, holding no live
                // string; its contents are no longer needed.
                unsafe { libc::madvise(p as *mut libc::c_void, page, libc::MADV_DONTNEED) };
            }
        }
    }
}

/// Memory for strings given to C, at addresses never used twice: without `mmap`, a freed
/// string's memory is kept (never given back to the allocator).
#[cfg(not(unix))]
mod arena {
    use crate::error::Result;

    pub(super) struct Arena;

    impl Arena {
        pub(super) const fn new() -> Arena {
            Arena
        }

        pub(super) fn alloc(&mut self, len: usize) -> Result<*mut u8> {
            Ok(Box::leak(vec![0u8; len].into_boxed_slice()).as_mut_ptr())
        }

        /// # Safety
        /// Nothing to uphold: the memory is kept.
        pub(super) unsafe fn free(&mut self, _ptr: *mut u8, _len: usize) {}
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

/// Checks the arguments of a call that writes into the caller's array: `count` is
/// required, and the array `out` (named `what` in the error) unless `capacity` is 0.
pub(crate) fn array_args<T>(
    out: *mut T,
    what: &str,
    capacity: usize,
    count: *mut usize,
) -> Result<()> {
    out_ptr(count, "count")?;
    if capacity > 0 {
        out_ptr(out, what)?;
    }
    Ok(())
}

/// The caller's array `ptr` of `count` elements (named `what` in the error), borrowed:
/// NULL (unless `count` is 0) and a misaligned pointer are refused.
///
/// # Safety
/// `ptr` must be NULL (only with `count` 0) or valid for reads of `count` elements for
/// the lifetime `'a`.
pub(crate) unsafe fn slice_arg<'a, T>(ptr: *const T, count: usize, what: &str) -> Result<&'a [T]> {
    if count == 0 {
        return Ok(&[]);
    }
    let ptr = out_ptr(ptr as *mut T, what)?;
    // SAFETY: the caller guarantees `count` readable elements at `ptr`.
    Ok(unsafe { std::slice::from_raw_parts(ptr, count) })
}

/// Writes every item into the caller's array `out` of `capacity` elements and their
/// number into `*count`; when they do not all fit, writes none of them and returns
/// `RENJU_ERROR_BUFFER_TOO_SMALL` ("N `what`, the array holds M").
///
/// # Safety
/// `out` must be NULL (only with `capacity` 0) or valid for writes of `capacity`
/// elements; `count` must be NULL or valid for writes of a `size_t`.
pub(crate) unsafe fn write_all<T>(
    items: impl ExactSizeIterator<Item = T>,
    out: *mut T,
    capacity: usize,
    count: *mut usize,
    what: &str,
) -> Result<()> {
    let len = items.len();
    // SAFETY: the caller's guarantees.
    unsafe { write(count, "count", len) }?;
    if len > capacity {
        return Err(Error::new(
            RENJU_ERROR_BUFFER_TOO_SMALL,
            format!("{len} {what}, the array holds {capacity}"),
        ));
    }
    for (i, item) in items.enumerate() {
        // SAFETY: i < len <= capacity, and the array holds `capacity` elements.
        unsafe { out.add(i).write(item) };
    }
    Ok(())
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
/// such as valgrind reports a handle that was never freed as "still reachable" rather
/// than "lost", and does not see strings at all (they live in memory the library maps
/// itself, at addresses never reused); a program that has freed everything sees 0 here.
///
/// Thread safety: safe from any thread (other threads may change the count meanwhile).
#[no_mangle]
pub extern "C" fn renju_live_object_count() -> usize {
    crate::error::guard_value(0, || {
        // One lock at a time (never both held).
        let handles = lock(&HANDLES).live.len();
        handles + lock(&STRINGS).live.len()
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    #[test]
    fn string_addresses_are_never_given_out_twice() {
        let mut seen = BTreeSet::new();
        let mut live: Vec<(*mut c_char, String)> = Vec::new();
        for i in 0..20_000usize {
            // Sizes from a few bytes to several pages.
            let text = "x".repeat((i * 7919) % if i % 100 == 0 { 20_000 } else { 300 });
            let ptr = new_string(text.clone()).unwrap();
            assert!(seen.insert(ptr as usize), "address given out twice");
            live.push((ptr, text));
            if i % 3 != 0 {
                let (ptr, text) = live.swap_remove((i * 31) % live.len());
                // SAFETY: a live string from new_string.
                let read = unsafe { CStr::from_ptr(ptr) }.to_str().unwrap();
                assert_eq!(read, text);
                free_string(ptr).unwrap();
                assert_eq!(free_string(ptr).unwrap_err().status, RENJU_ERROR_BAD_HANDLE);
            }
        }
        for (ptr, text) in live {
            // SAFETY: a live string from new_string.
            assert_eq!(unsafe { CStr::from_ptr(ptr) }.to_str().unwrap(), text);
            free_string(ptr).unwrap();
        }
    }

    struct Dummy;
    impl Handle for Dummy {
        const NAME: &'static str = "dummy";
    }

    #[test]
    fn handles_are_never_given_out_twice() {
        let first = new_handle(Dummy);
        free_handle(first, "dummy").unwrap();
        for _ in 0..1000 {
            let next = new_handle(Dummy);
            assert_ne!(next, first);
            free_handle(next, "dummy").unwrap();
        }
        assert_eq!(
            free_handle(first, "dummy").unwrap_err().status,
            RENJU_ERROR_BAD_HANDLE
        );
    }
}
