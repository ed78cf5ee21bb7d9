//! Whole files and diagrams: Black's forbidden points of a position, the validation of
//! every game of a file, and the arguments of a call on a record.

use renju_engine::forbidden_jsonl::ForbiddenQuery;
use renju_records::formats::Format;

use crate::boundary::{bytes, finish, text, CallError};
use crate::options::GameOptions;

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

/// The arguments of a call on a record: the options (JSON), the record's bytes and its
/// format's name, each as (pointer, length).
///
/// # Safety
/// Each pointer and length as in [`crate::boundary::bytes`].
pub unsafe fn record_args<'a>(
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
