//! Validation reports as handles, to merge: a file validated in parts (each part on its
//! own, on any thread) and the parts' reports merged in order give the whole file's
//! report exactly. The handles live in one process: `renju_report_json` leaves out the
//! ids a merge needs, so parts validated in other processes or on other machines are
//! merged with the Rust API (`Report::from_parts` with `DuplicateIds::to_bytes`) or the
//! Python one (reports pickle with their ids).

use std::ffi::c_char;
use std::sync::{Mutex, MutexGuard};

use renju_records::formats::{Chunk, ReadLimits};
use renju_records::report::{self, Report};

use crate::error::renju_status::{self, *};
use crate::error::{guard, Error, Result};
use crate::games::{file_arg, games, options_arg, renju_games, renju_validation_options};
use crate::handle::{clear_out, free_handle, handle, new_handle, new_string, opt_str_arg, write};

/// A validation report: per game, the summary, and the ids its games used (so that
/// merging flags an id a later part repeats from an earlier one). An opaque handle.
///
/// Ownership: created by `renju_games_validate_report` or
/// `renju_report_validate_buffer`; the caller owns it and frees it with
/// `renju_report_free`.
///
/// Thread safety: every call locks the report, so one handle may be used from several
/// threads.
pub struct renju_report {
    inner: Mutex<Report>,
}

impl crate::handle::Handle for renju_report {
    const NAME: &'static str = "renju_report";
}

impl renju_report {
    fn lock(&self) -> Result<MutexGuard<'_, Report>> {
        self.inner.lock().map_err(|_| {
            Error::new(
                RENJU_ERROR_PANIC,
                "the report is unusable: an earlier call panicked while using it",
            )
        })
    }
}

/// Validates every record of `games` (as `renju_games_validate`) and gives the report as
/// a handle in `*out` (NULL on error).
///
/// Returns `RENJU_ERROR_INVALID_ARGUMENT` for bad options. Uses all cores.
///
/// # Safety
/// `games` is looked up before use; `options` must be NULL or point to a
/// `renju_validation_options`; `out` must be NULL or valid for writes of a pointer.
#[no_mangle]
pub unsafe extern "C" fn renju_games_validate_report(
    games: *const renju_games,
    options: *const renju_validation_options,
    out: *mut *mut renju_report,
) -> renju_status {
    guard(|| {
        // SAFETY: the caller's guarantees.
        let out = unsafe { clear_out(out, "out") }?;
        // SAFETY: the caller's guarantees.
        let options = unsafe { options_arg(options) }?;
        let handle = self::games(games)?;
        let records: Vec<_> = handle.records.iter().map(|r| r.game.clone()).collect();
        let report = report::validate(&records, &options);
        let report = new_handle(renju_report {
            inner: Mutex::new(report),
        });
        // SAFETY: checked above.
        unsafe { write(out, "out", report) }
    })
}

/// Finds the parts of a file's `length` bytes at `data` to validate on their own, of
/// about `size` bytes each, and gives them as a JSON array in `*json` (NULL on error):
/// `[{"start", "end", "lines", "games", "records", "directives"}, ...]`, `end` null for
/// the last part. Move lists split at line ends, RenjuNet databases between two games;
/// other formats are one part, the whole file. Pass one element (as JSON text) to `renju_report_validate_buffer` with exactly
/// the part's bytes, `data + start` to `data + end`.
///
/// `format` names the format, or is NULL to guess it from `name`'s extension. Returns
/// `RENJU_ERROR_INVALID_ARGUMENT` for an unknown format.
///
/// Ownership: the caller owns `*json` (free it with `renju_string_free`).
///
/// # Safety
/// `data` must be NULL (only with `length` 0) or valid for reads of `length` bytes;
/// `format` and `name` must be NULL or NUL-terminated strings; `json` must be NULL or
/// valid for writes of a pointer.
#[no_mangle]
pub unsafe extern "C" fn renju_report_chunks(
    data: *const u8,
    length: usize,
    format: *const c_char,
    name: *const c_char,
    size: u64,
    json: *mut *mut c_char,
) -> renju_status {
    guard(|| {
        // SAFETY: the caller's guarantees.
        let json = unsafe { clear_out(json, "json") }?;
        // SAFETY: the caller's guarantees.
        let (bytes, _, format) = unsafe { file_arg(data, length, format, name) }?;
        let parts = format.chunks(bytes, ReadLimits::default(), size);
        let text = serde_json::to_string(&parts).expect("chunks serialise");
        // SAFETY: checked above.
        unsafe { write(json, "json", new_string(text)?) }
    })
}

/// Validates the `length` bytes at `data`: a whole file (`chunk` NULL), or one part of a
/// file (`chunk`: one element of `renju_report_chunks`'s JSON, and `data` exactly that
/// part's bytes). Games keep their index, line and byte offset in the whole file. `name`
/// (may be NULL) names the file in the report; `format` as in `renju_report_chunks`.
/// The report handle goes to `*out` (NULL on error).
///
/// Returns `RENJU_ERROR_INVALID_ARGUMENT` for an unknown format, bad options or a
/// `chunk` that is not a part's JSON. Uses all cores.
///
/// # Safety
/// `data` must be NULL (only with `length` 0) or valid for reads of `length` bytes;
/// `format`, `name` and `chunk` must be NULL or NUL-terminated strings; `options` must
/// be NULL or point to a `renju_validation_options`; `out` must be NULL or valid for
/// writes of a pointer.
#[no_mangle]
pub unsafe extern "C" fn renju_report_validate_buffer(
    data: *const u8,
    length: usize,
    format: *const c_char,
    name: *const c_char,
    chunk: *const c_char,
    options: *const renju_validation_options,
    out: *mut *mut renju_report,
) -> renju_status {
    guard(|| {
        // SAFETY: the caller's guarantees.
        let out = unsafe { clear_out(out, "out") }?;
        // SAFETY: the caller's guarantees.
        let (bytes, name, format) = unsafe { file_arg(data, length, format, name) }?;
        // SAFETY: the caller's guarantees.
        let chunk: Chunk = match unsafe { opt_str_arg(chunk, "chunk") }? {
            None => Chunk::default(),
            Some(text) => serde_json::from_str(text)
                .map_err(|e| Error::invalid(format!("`chunk` is not a part's JSON: {e}")))?,
        };
        // SAFETY: the caller's guarantees.
        let options = unsafe { options_arg(options) }?;
        let limits = ReadLimits::default();
        let report = report::validate_chunk(bytes, format, name, &chunk, &options, limits);
        let report = new_handle(renju_report {
            inner: Mutex::new(report),
        });
        // SAFETY: checked above.
        unsafe { write(out, "out", report) }
    })
}

/// Appends to `report` the report of the input that follows it (`later` is unchanged):
/// `report` becomes the report one run over both gives. Merge in input order, earlier
/// part first (merging is associative, not commutative).
///
/// # Safety
/// `report` and `later` are looked up before use.
#[no_mangle]
pub unsafe extern "C" fn renju_report_merge(
    report: *mut renju_report,
    later: *const renju_report,
) -> renju_status {
    guard(|| {
        let (report, later) = (handle(report, "report")?, handle(later, "later")?);
        // A report merged with itself: copy it first (one lock at a time).
        let copy = later.lock()?.clone();
        report.lock()?.merge(copy);
        Ok(())
    })
}

/// The report as JSON in `*json` (NULL on error), as `renju_games_validate` gives it.
///
/// Ownership: the caller owns `*json` (free it with `renju_string_free`).
///
/// # Safety
/// `report` is looked up before use; `json` must be NULL or valid for writes of a
/// pointer.
#[no_mangle]
pub unsafe extern "C" fn renju_report_json(
    report: *const renju_report,
    json: *mut *mut c_char,
) -> renju_status {
    guard(|| {
        // SAFETY: the caller's guarantees.
        let json = unsafe { clear_out(json, "json") }?;
        let text = handle(report, "report")?.lock()?.to_json();
        // SAFETY: checked above.
        unsafe { write(json, "json", new_string(text)?) }
    })
}

/// Frees a report. NULL is accepted and does nothing.
///
/// # Safety
/// `report` is looked up before use, never dereferenced unless live.
#[no_mangle]
pub unsafe extern "C" fn renju_report_free(report: *mut renju_report) -> renju_status {
    guard(|| free_handle(report, "report"))
}
