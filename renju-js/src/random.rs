//! The random bytes of a sealed move's salt, from the host: getrandom's custom backend
//! (chosen by the build's `--cfg getrandom_backend="custom"`) calls the module's import
//! `env.renju_random_fill`, which the package answers with `crypto.getRandomValues`.

#[link(wasm_import_module = "env")]
extern "C" {
    /// Fills `len` bytes at `ptr` with random bytes; 0 on success.
    fn renju_random_fill(ptr: *mut u8, len: usize) -> i32;
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
