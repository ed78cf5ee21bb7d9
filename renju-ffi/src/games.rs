//! Game records: read a file or a buffer in any supported format, iterate the games,
//! replay them, validate them into a JSON report.

use std::ffi::{c_char, CString};
use std::sync::Arc;

use renju_core::notation::format_moves;
use renju_core::{ParseError, RenjuOptions};
use renju_records::formats::Format;
use renju_records::report::{self, Severity};
use renju_records::OpeningRule;
use renju_records::{ClaimModel, Game, ValidationOptions};

use crate::error::renju_status::{self, *};
use crate::error::{guard, Error, Result};
use crate::handle::{
    borrowed_opt, clear_out, free_handle, handle, keep, new_handle, new_string, opt_str_arg,
    out_ptr, read, str_arg, write, Handle,
};
use crate::position::renju_position;
use crate::types::{renju_outcome, rule_set_arg};

/// The game records of one file or buffer, in file order; records that could not be read
/// are kept (with their error) so that indices match the file. An opaque handle.
///
/// Ownership: created by `renju_games_read_file` or `renju_games_read_buffer`; the
/// caller owns it and frees it with `renju_games_free`. Strings in a
/// `renju_game_record` are borrowed from the handle and stay valid until it is freed.
///
/// Thread safety: the records never change after reading, so any number of threads may
/// use one handle at once. Do not free it while another thread still uses strings
/// borrowed from it.
pub struct renju_games {
    pub(crate) records: Vec<Record>,
}

impl Handle for renju_games {
    const NAME: &'static str = "renju_games";
}

pub(crate) struct Record {
    pub(crate) game: std::result::Result<Game, ParseError>,
    id: Option<CString>,
    moves: Option<CString>,
    error: Option<CString>,
}

impl Record {
    fn new(game: std::result::Result<Game, ParseError>) -> Record {
        match &game {
            Ok(g) => Record {
                id: g.id.clone().map(keep),
                moves: Some(keep(format_moves(g.moves()))),
                error: None,
                game,
            },
            Err(e) => Record {
                id: None,
                moves: None,
                error: Some(keep(e.to_string())),
                game,
            },
        }
    }

    pub(crate) fn game(&self) -> Result<&Game> {
        self.game.as_ref().map_err(|e| e.clone().into())
    }
}

/// Options for replaying and validating games: the defaults for what a record does not
/// say. A zeroed struct (`= {0}`) gives the library defaults: Renju, free opening,
/// automatic refereeing, RIF reading.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct renju_validation_options {
    /// Rule set for records that name none (a `renju_rule_set` value).
    pub rule_set: i32,
    /// Opening protocol for records that name none, by name: `"free"`, `"rif1996"`,
    /// `"swap"`, `"yamaguchi"`, `"soosorv-N"`, `"taraguchi-N"`, `"chinese"`, `"swap2"`,
    /// `"gomoku-swap"` or `"pro"`. NULL means `"free"`. Borrowed for the call only.
    pub opening: *const c_char,
    /// Claim model for records that do not say, by name: `"automatic"`, `"rif-claim"` or
    /// `"chinese-claim"`. NULL means `"automatic"`. Borrowed for the call only.
    pub claims: *const c_char,
    /// Nonzero: judge records that do not say under the `five_completion_counts`
    /// reading; 0: the RIF reading.
    pub five_completion_counts: i32,
}

/// One record of a `renju_games`.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct renju_game_record {
    /// Whether the record could be read. If not, `error` says why and `id` and `moves`
    /// are NULL.
    pub readable: bool,
    /// Why the record could not be read (with file, line or byte); NULL when readable.
    pub error: *const c_char,
    /// The record's id (RenjuNet id, SGF `GN`, ...); NULL when it has none.
    pub id: *const c_char,
    /// The stones and passes in play order, as a move list (`"h8 i9 pass j10"`).
    pub moves: *const c_char,
    /// The number of stones and passes.
    pub move_count: usize,
    /// The board side the record is played on.
    pub size: i32,
    /// The 1-based line of the record in a text file; 0 when unknown.
    pub line: usize,
}

/// What replaying one game gives.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct renju_game_result {
    /// How the game ended, as judged on the board and the record's declared result.
    pub outcome: renju_outcome,
    /// Moves replayed (stones and passes).
    pub moves: usize,
    /// Findings of severity error (the record cannot be a legal game).
    pub errors: usize,
    /// Findings of severity warning (a lapsed foul, an unexplained result).
    pub warnings: usize,
    /// Findings of severity info (a forbidden move that ended the game, ...).
    pub infos: usize,
}

fn format_arg(format: Option<&str>, name: Option<&str>) -> Result<Format> {
    match (format, name) {
        (Some(f), _) => Ok(f.parse()?),
        (None, Some(name)) => Format::from_path(name).ok_or_else(|| {
            Error::invalid(format!(
                "cannot tell the format of `{name}` from its extension (name the format: {})",
                Format::names_sentence()
            ))
        }),
        (None, None) => Err(Error::invalid(format!(
            "no format and no file name to guess it from (name the format: {})",
            Format::names_sentence()
        ))),
    }
}

/// # Safety
/// `ptr` must be NULL or valid for reads of a `renju_validation_options` whose strings
/// are NULL or NUL-terminated.
pub(crate) unsafe fn options_arg(
    ptr: *const renju_validation_options,
) -> Result<ValidationOptions> {
    if ptr.is_null() {
        return Ok(ValidationOptions::default());
    }
    // SAFETY: the caller's guarantees; every field accepts any bit pattern.
    let raw = unsafe { read(ptr, "options") }?;
    let mut options = ValidationOptions {
        rule_set: rule_set_arg(raw.rule_set)?,
        renju: RenjuOptions {
            five_completion_counts: raw.five_completion_counts != 0,
        },
        ..ValidationOptions::default()
    };
    // SAFETY: the caller's guarantees.
    if let Some(name) = unsafe { opt_str_arg(raw.opening, "options->opening") }? {
        options.opening = name.parse::<OpeningRule>()?;
    }
    // SAFETY: the caller's guarantees.
    if let Some(name) = unsafe { opt_str_arg(raw.claims, "options->claims") }? {
        options.claims = name.parse::<ClaimModel>()?;
    }
    Ok(options)
}

/// The `length` bytes at `data` (NULL only with `length` 0).
///
/// # Safety
/// `data` must be NULL or valid for reads of `length` bytes for the lifetime `'a`.
pub(crate) unsafe fn buffer_arg<'a>(data: *const u8, length: usize) -> Result<&'a [u8]> {
    if length == 0 {
        Ok(&[])
    } else if data.is_null() {
        Err(Error::null("data"))
    } else {
        // SAFETY: the caller guarantees `length` readable bytes at `data`.
        Ok(unsafe { std::slice::from_raw_parts(data, length) })
    }
}

/// A file's bytes, its name (`name`, may be NULL) and its format (by name, or from the
/// name's extension when `format` is NULL).
///
/// # Safety
/// As [`buffer_arg`]; `format` and `name` must be NULL or NUL-terminated strings that
/// outlive `'a`.
pub(crate) unsafe fn file_arg<'a>(
    data: *const u8,
    length: usize,
    format: *const c_char,
    name: *const c_char,
) -> Result<(&'a [u8], Option<&'a str>, Format)> {
    // SAFETY: the caller's guarantees.
    let bytes = unsafe { buffer_arg(data, length) }?;
    // SAFETY: the caller's guarantees.
    let name = unsafe { opt_str_arg(name, "name") }?;
    // SAFETY: the caller's guarantees.
    let format = format_arg(unsafe { opt_str_arg(format, "format") }?, name)?;
    Ok((bytes, name, format))
}

impl renju_games {
    /// A games handle holding one record.
    pub(crate) fn of_game(game: Game) -> renju_games {
        renju_games {
            records: vec![Record::new(Ok(game))],
        }
    }
}

fn read_games(bytes: &[u8], format: Format, name: Option<&str>) -> renju_games {
    renju_games {
        records: format
            .read(bytes, name)
            .into_iter()
            .map(Record::new)
            .collect(),
    }
}

pub(crate) fn games(ptr: *const renju_games) -> Result<Arc<renju_games>> {
    handle(ptr, "games")
}

pub(crate) fn record(games: &renju_games, index: usize) -> Result<&Record> {
    games.records.get(index).ok_or_else(|| {
        Error::new(
            RENJU_ERROR_INDEX_OUT_OF_RANGE,
            format!(
                "game {index} does not exist ({} records)",
                games.records.len()
            ),
        )
    })
}

/// Reads every game record of a file. `format` names the format (`"moves"`, `"rif"`,
/// `"renlib"`, `"psq"`, `"sgf"`, `"openings"`) or is NULL to guess it from the file
/// extension (`.txt`, `.rif`, `.lib`, `.psq`, `.sgf`). `*out` gets the new handle (NULL
/// on error). Records that cannot be read do not fail the call: they are kept with their
/// error (see `renju_games_record`).
///
/// Returns `RENJU_ERROR_IO` when the file cannot be read, `RENJU_ERROR_INVALID_ARGUMENT`
/// for an unknown format name or an extension that names none.
///
/// Ownership: the caller owns `*out` (free it with `renju_games_free`). Thread safety:
/// safe from any thread.
///
/// # Safety
/// `path` must be NULL or a NUL-terminated string; `format` must be NULL or a
/// NUL-terminated string; `out` must be NULL or valid for writes of a pointer.
#[no_mangle]
pub unsafe extern "C" fn renju_games_read_file(
    path: *const c_char,
    format: *const c_char,
    out: *mut *mut renju_games,
) -> renju_status {
    guard(|| {
        // SAFETY: the caller's guarantees.
        let out = unsafe { clear_out(out, "out") }?;
        // SAFETY: the caller's guarantees.
        let path = unsafe { str_arg(path, "path") }?;
        // SAFETY: the caller's guarantees.
        let format = format_arg(unsafe { opt_str_arg(format, "format") }?, Some(path))?;
        let bytes = std::fs::read(path)
            .map_err(|e| Error::new(RENJU_ERROR_IO, format!("cannot read {path}: {e}")))?;
        let games = new_handle(read_games(&bytes, format, Some(path)));
        // SAFETY: checked above.
        unsafe { write(out, "out", games) }
    })
}

/// Reads every game record of a memory buffer of `length` bytes. `format` names the
/// format, or is NULL to guess it from `name`'s extension; `name` (may be NULL) names the
/// buffer in errors and reports. Otherwise as `renju_games_read_file`.
///
/// Ownership: the buffer is only read during the call; the caller owns `*out`. Thread
/// safety: safe from any thread.
///
/// # Safety
/// `data` must be NULL (only with `length` 0) or valid for reads of `length` bytes;
/// `format` and `name` must be NULL or NUL-terminated strings; `out` must be NULL or
/// valid for writes of a pointer.
#[no_mangle]
pub unsafe extern "C" fn renju_games_read_buffer(
    data: *const u8,
    length: usize,
    format: *const c_char,
    name: *const c_char,
    out: *mut *mut renju_games,
) -> renju_status {
    guard(|| {
        // SAFETY: the caller's guarantees.
        let out = unsafe { clear_out(out, "out") }?;
        // SAFETY: the caller's guarantees.
        let (bytes, name, format) = unsafe { file_arg(data, length, format, name) }?;
        let games = new_handle(read_games(bytes, format, name));
        // SAFETY: checked above.
        unsafe { write(out, "out", games) }
    })
}

/// Frees a `renju_games` and every string borrowed from it. NULL is accepted and does
/// nothing.
///
/// Returns `RENJU_ERROR_BAD_HANDLE` (and frees nothing) for a handle already freed or
/// not from this library.
///
/// # Safety
/// `games` is looked up before use, never dereferenced unless live.
#[no_mangle]
pub unsafe extern "C" fn renju_games_free(games: *mut renju_games) -> renju_status {
    guard(|| free_handle(games, "games"))
}

/// The number of records (readable or not) in `*count`.
///
/// Thread safety: see `renju_games`.
///
/// # Safety
/// `games` is looked up before use; `count` must be NULL or valid for writes of a
/// `size_t`.
#[no_mangle]
pub unsafe extern "C" fn renju_games_count(
    games: *const renju_games,
    count: *mut usize,
) -> renju_status {
    guard(|| {
        let len = self::games(games)?.records.len();
        // SAFETY: the caller's guarantees.
        unsafe { write(count, "count", len) }
    })
}

/// Record `index` (0-based, in file order) in `*out`: whether it could be read, its id,
/// its moves as text.
///
/// Returns `RENJU_ERROR_INDEX_OUT_OF_RANGE` past the last record. An unreadable record is
/// not an error here (`readable` is false and `error` says why).
///
/// Ownership: the strings in `*out` are borrowed from `games` and stay valid until it is
/// freed; do not free them. Thread safety: see `renju_games`.
///
/// # Safety
/// `games` is looked up before use; `out` must be NULL or valid for writes of a
/// `renju_game_record`.
#[no_mangle]
pub unsafe extern "C" fn renju_games_record(
    games: *const renju_games,
    index: usize,
    out: *mut renju_game_record,
) -> renju_status {
    guard(|| {
        out_ptr(out, "out")?;
        let handle = self::games(games)?;
        let r = record(&handle, index)?;
        let info = match &r.game {
            Ok(g) => renju_game_record {
                readable: true,
                error: std::ptr::null(),
                id: borrowed_opt(&r.id),
                moves: borrowed_opt(&r.moves),
                move_count: g.moves().count(),
                size: g.size.into(),
                line: g.source.line.unwrap_or(0),
            },
            Err(e) => renju_game_record {
                readable: false,
                error: borrowed_opt(&r.error),
                id: std::ptr::null(),
                moves: std::ptr::null(),
                move_count: 0,
                size: 0,
                line: e.location.line.unwrap_or(0),
            },
        };
        // SAFETY: the caller's guarantees.
        unsafe { write(out, "out", info) }
    })
}

/// Replays game `index` under its rules (`options` gives the defaults for what the
/// record does not say; NULL for the library defaults) and puts the outcome and the
/// number of findings by severity in `*out`.
///
/// Returns `RENJU_ERROR_PARSE` for a record that could not be read,
/// `RENJU_ERROR_INDEX_OUT_OF_RANGE` past the last record, `RENJU_ERROR_INVALID_ARGUMENT`
/// for bad options.
///
/// Thread safety: see `renju_games`.
///
/// # Safety
/// `games` is looked up before use; `options` must be NULL or point to a
/// `renju_validation_options` (see there); `out` must be NULL or valid for writes of a
/// `renju_game_result`.
#[no_mangle]
pub unsafe extern "C" fn renju_games_replay(
    games: *const renju_games,
    index: usize,
    options: *const renju_validation_options,
    out: *mut renju_game_result,
) -> renju_status {
    guard(|| {
        out_ptr(out, "out")?;
        // SAFETY: the caller's guarantees.
        let options = unsafe { options_arg(options) }?;
        let handle = self::games(games)?;
        let report = record(&handle, index)?.game()?.validate(&options);
        let result = renju_game_result {
            outcome: renju_outcome {
                winner: report.outcome.winner.into(),
                termination: report.outcome.termination.into(),
            },
            moves: report.moves,
            errors: report.count(Severity::Error),
            warnings: report.count(Severity::Warning),
            infos: report.count(Severity::Info),
        };
        // SAFETY: the caller's guarantees.
        unsafe { write(out, "out", result) }
    })
}

/// Replays game `index` (as `renju_games_replay`) under its time control, or under
/// `time_control` (`"5400+30"`, ...; NULL for the record's own) when the record names
/// none, and gives the replayed clock as JSON in `*json`: `{"time": {"control",
/// "black_used_ms", "white_used_ms", "flag", "complete"} or null, "clock": [{"move",
/// "state": {"black": {...}, "white": {...}, "to_move", "result"}}, ...], "findings":
/// [...]}`.
///
/// Returns `RENJU_ERROR_PARSE` for a time control that cannot be read, and the errors
/// of `renju_games_replay`.
///
/// Ownership: the caller frees `*json` with `renju_string_free`. Thread safety: see
/// `renju_games`.
///
/// # Safety
/// As `renju_games_replay`; `time_control` must be NULL or a NUL-terminated string;
/// `json` NULL or valid for writes of a pointer.
#[no_mangle]
pub unsafe extern "C" fn renju_games_replay_clock_json(
    games: *const renju_games,
    index: usize,
    options: *const renju_validation_options,
    time_control: *const c_char,
    json: *mut *mut c_char,
) -> renju_status {
    guard(|| {
        // SAFETY: the caller's guarantees.
        let json = unsafe { clear_out(json, "json") }?;
        // SAFETY: the caller's guarantees.
        let mut options = unsafe { options_arg(options) }?;
        // SAFETY: the caller's guarantees.
        if let Some(text) = unsafe { opt_str_arg(time_control, "time_control") }? {
            options.time_control = Some(text.parse()?);
        }
        let handle = self::games(games)?;
        let replay = record(&handle, index)?.game()?.replay(&options);
        let value = serde_json::json!({
            "time": replay.time,
            "clock": replay.clock,
            "findings": replay.findings,
        });
        // SAFETY: checked above.
        unsafe { write(json, "json", new_string(value.to_string())?) }
    })
}

/// Replays game `index` (as `renju_games_replay`) and gives its final position as a new
/// handle in `*out` (NULL on error): every move replayed, the outcome as judged.
///
/// Returns `RENJU_ERROR_INVALID_ARGUMENT` when the game cannot be replayed at all (a
/// rule the library does not know, a board size its rule set does not allow), and the
/// errors of `renju_games_replay`.
///
/// Ownership: the caller owns `*out` (free it with `renju_position_free`). Thread
/// safety: see `renju_games`.
///
/// # Safety
/// As `renju_games_replay`; `out` must be NULL or valid for writes of a pointer.
#[no_mangle]
pub unsafe extern "C" fn renju_games_replay_position(
    games: *const renju_games,
    index: usize,
    options: *const renju_validation_options,
    out: *mut *mut renju_position,
) -> renju_status {
    guard(|| {
        // SAFETY: the caller's guarantees.
        let out = unsafe { clear_out(out, "out") }?;
        // SAFETY: the caller's guarantees.
        let options = unsafe { options_arg(options) }?;
        let handle = self::games(games)?;
        let replay = record(&handle, index)?.game()?.replay(&options);
        let position = replay.position.ok_or_else(|| {
            let why: Vec<String> = replay.findings.iter().map(|f| f.message.clone()).collect();
            Error::invalid(format!(
                "game {index} cannot be replayed: {}",
                why.join("; ")
            ))
        })?;
        let position = new_handle(renju_position::new(position));
        // SAFETY: checked above.
        unsafe { write(out, "out", position) }
    })
}

/// Validates every record (`options` gives the defaults for what records do not say;
/// NULL for the library defaults) and gives the report as JSON in `*json` (NULL on
/// error): `{"games": [...], "summary": {"games", "by_termination", "findings",
/// "errors", "warnings"}}`, the same fields as the Rust and Python APIs. Unreadable
/// records appear as `unreadable-record` findings.
///
/// Returns `RENJU_ERROR_INVALID_ARGUMENT` for bad options. Uses all cores.
///
/// Ownership: the caller owns `*json` and frees it with `renju_string_free`. Thread
/// safety: see `renju_games`.
///
/// # Safety
/// `games` is looked up before use; `options` must be NULL or point to a
/// `renju_validation_options`; `json` must be NULL or valid for writes of a pointer.
#[no_mangle]
pub unsafe extern "C" fn renju_games_validate(
    games: *const renju_games,
    options: *const renju_validation_options,
    json: *mut *mut c_char,
) -> renju_status {
    guard(|| {
        // SAFETY: the caller's guarantees.
        let json = unsafe { clear_out(json, "json") }?;
        // SAFETY: the caller's guarantees.
        let options = unsafe { options_arg(options) }?;
        let handle = self::games(games)?;
        let records: Vec<_> = handle.records.iter().map(|r| r.game.clone()).collect();
        let text = report::validate(&records, &options).to_json();
        // SAFETY: checked above.
        unsafe { write(json, "json", new_string(text)?) }
    })
}
