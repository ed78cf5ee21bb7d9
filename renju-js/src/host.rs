//! What the module asks of its host, the package's `renju.js`: random bytes (a sealed
//! move's salt, through getrandom's custom backend, chosen by the build's
//! `--cfg getrandom_backend="custom"`) and the decoding of legacy charsets (GBK,
//! Windows-1252, an SGF's `CA`) with the host's `TextDecoder`, which implements the same
//! WHATWG standard as the native build's tables and keeps them out of the module.

use std::cell::RefCell;

use renju_records::formats::charset::{self, Decoded};

#[link(wasm_import_module = "env")]
extern "C" {
    /// Fills `len` bytes at `ptr` with random bytes; 0 on success.
    fn renju_random_fill(ptr: *mut u8, len: usize) -> i32;
    /// Decodes `bytes` in the encoding `label` names (strictly when `strict` is 1): 0
    /// when the label names none; 1 after handing the result to
    /// [`renju_host_decoded`].
    fn renju_host_decode(
        label_ptr: *const u8,
        label_len: usize,
        bytes_ptr: *const u8,
        bytes_len: usize,
        strict: i32,
    ) -> i32;
}

thread_local! {
    static DECODED: RefCell<Option<Decoded>> = const { RefCell::new(None) };
}

/// getrandom's custom backend.
///
/// # Safety
/// `dest` must point to `len` writable bytes (getrandom's promise).
#[no_mangle]
unsafe extern "Rust" fn __getrandom_v03_custom(
    dest: *mut u8,
    len: usize,
) -> Result<(), getrandom::Error> {
    // SAFETY: getrandom's promise, passed on to the host.
    match unsafe { renju_random_fill(dest, len) } {
        0 => Ok(()),
        _ => Err(getrandom::Error::UNSUPPORTED),
    }
}

fn host_decode(label: &str, bytes: &[u8], strict: bool) -> Option<Decoded> {
    DECODED.with(|d| d.borrow_mut().take());
    // SAFETY: both slices are alive and unchanged during the call.
    let found = unsafe {
        renju_host_decode(
            label.as_ptr(),
            label.len(),
            bytes.as_ptr(),
            bytes.len(),
            i32::from(strict),
        )
    };
    if found == 0 {
        return None;
    }
    DECODED.with(|d| d.borrow_mut().take())
}

/// The host's answer to `renju_host_decode`: the encoding's name and, when `valid` is
/// 1, the text (UTF-8), each written where the host allocated them with
/// `renju_alloc` (the module frees them).
///
/// # Safety
/// Each pointer must come from `renju_alloc` with its length (or be null with length
/// 0), and not be used by the host afterwards.
#[no_mangle]
pub unsafe extern "C" fn renju_host_decoded(
    name_ptr: *mut u8,
    name_len: usize,
    text_ptr: *mut u8,
    text_len: usize,
    valid: i32,
) {
    // SAFETY: the caller's promise.
    let (name, text) = unsafe { (owned(name_ptr, name_len), owned(text_ptr, text_len)) };
    let decoded = Decoded {
        encoding: name,
        text: (valid == 1).then_some(text),
    };
    DECODED.with(|d| *d.borrow_mut() = Some(decoded));
}

/// The text at `ptr` (from `renju_alloc`), freed.
///
/// # Safety
/// As [`renju_host_decoded`].
unsafe fn owned(ptr: *mut u8, len: usize) -> String {
    // SAFETY: the caller's promise.
    let text = String::from_utf8_lossy(unsafe { crate::boundary::bytes(ptr, len) }).into_owned();
    // SAFETY: allocated by renju_alloc(len).
    unsafe { crate::boundary::renju_free(ptr, len) };
    text
}

/// Sets the module up: legacy charsets are decoded by the host. The package calls it
/// once, before anything else.
#[no_mangle]
pub extern "C" fn renju_init() {
    charset::set_decoder(host_decode);
}
