//! Tournaments: read a crosstable (FIDE TRF, tournament JSON, or a game file whose
//! records name players and rounds), read or set its team score system, compute
//! standings with options, iterate the ranks and tie-break values, get the findings as
//! JSON.

use std::ffi::{c_char, CString};
use std::sync::Arc;

use ::renju_tournament::io::{read_bytes, read_path, ReadError};
use ::renju_tournament::{standings, Regulation, Standings, StandingsOptions, System, TieBreak};
use renju_core::ParseError;
use renju_records::formats::Format;
use renju_records::report::Severity;

use crate::error::renju_status::{self, *};
use crate::error::{guard, Error, Result};
use crate::handle::{
    borrowed, clear_out, free_handle, handle, keep, new_handle, new_string, opt_str_arg, out_ptr,
    read, str_arg, write, Handle,
};

/// The tournaments of one file or buffer (a RenjuNet database may hold several), with
/// the findings about records that could not be placed. An opaque handle.
///
/// Ownership: created by `renju_tournament_read_file` or `renju_tournament_read_buffer`;
/// the caller owns it and frees it with `renju_tournament_free`.
///
/// Thread safety: immutable after reading; any number of threads may use it at once.
pub struct renju_tournament {
    pub(crate) list: Vec<::renju_tournament::TournamentRead>,
}

impl Handle for renju_tournament {
    const NAME: &'static str = "renju_tournament";
}

/// Standings of one tournament: rows best first, tie-break values, findings. An opaque
/// handle.
///
/// Ownership: created by `renju_tournament_standings`; the caller owns it and frees it
/// with `renju_standings_free`. Strings borrowed from it stay valid until it is freed.
///
/// Thread safety: immutable; any number of threads may use it at once.
pub struct renju_standings {
    standings: Standings,
    names: Vec<CString>,
    codes: Vec<CString>,
    system: CString,
    regulation: CString,
}

impl Handle for renju_standings {
    const NAME: &'static str = "renju_standings";
}

/// Options for `renju_tournament_standings`. A zeroed struct (`= {0}`) or a NULL
/// pointer gives the defaults. Strings are borrowed for the call only.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct renju_standings_options {
    /// `"round-robin"`, `"swiss"` or `"knockout"`; NULL: the file's system, or what the
    /// pairings show.
    pub system: *const c_char,
    /// Tie-breaks after the points, FIDE C.07 codes separated by commas (`"SB,WON"`,
    /// `"ARO,BH,BH/M1,WON"`); NULL: the file's list, else the Chinese rules' list for the system.
    pub tiebreaks: *const c_char,
    /// How unplayed rounds count: `"fide-2024"` (NULL), `"fide-2026"`, `"fide-2009"` or
    /// `"none"`.
    pub unplayed: *const c_char,
}

/// One row of a `renju_standings`.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct renju_standing_row {
    /// The place, from 1; players (teams) sharing a place have the same rank.
    pub rank: u32,
    /// Whether the place is shared.
    pub shared: bool,
    /// The player's (team's) id: TRF start rank, or order of appearance in game files.
    pub id: u32,
    /// Name, borrowed from the standings handle.
    pub name: *const c_char,
    /// Points (team events: match points), exact in halves.
    pub points: f64,
}

/// Tournament `index` of the handle, or `RENJU_ERROR_INDEX_OUT_OF_RANGE`.
pub(crate) fn tournament_at(
    t: &renju_tournament,
    index: usize,
) -> Result<&::renju_tournament::TournamentRead> {
    t.list.get(index).ok_or_else(|| {
        Error::new(
            RENJU_ERROR_INDEX_OUT_OF_RANGE,
            format!(
                "tournament {index} does not exist ({} in the file)",
                t.list.len()
            ),
        )
    })
}

fn read_error(e: ReadError) -> Error {
    match e {
        ReadError::Io { .. } => Error::new(RENJU_ERROR_IO, e.to_string()),
        other => Error::from(ParseError::new(other.to_string())),
    }
}

fn format_arg(format: Option<&str>) -> Result<Option<Format>> {
    Ok(format.map(str::parse).transpose()?)
}

/// Reads the tournaments of a file: FIDE TRF (`.trf`, or text with `001` records),
/// tournament JSON (`.json`), or game records (`format` names a game format, or NULL to
/// tell it from the extension). `*out` gets the new handle (NULL on error).
///
/// Returns `RENJU_ERROR_IO` when the file cannot be read, `RENJU_ERROR_PARSE` for a bad
/// TRF record (the message has the line) or JSON, `RENJU_ERROR_INVALID_ARGUMENT` for an
/// unknown format name.
///
/// Ownership: the caller owns `*out` (free it with `renju_tournament_free`). Thread
/// safety: safe from any thread.
///
/// # Safety
/// `path` must be NULL or a NUL-terminated string; `format` must be NULL or a
/// NUL-terminated string; `out` must be NULL or valid for writes of a pointer.
#[no_mangle]
pub unsafe extern "C" fn renju_tournament_read_file(
    path: *const c_char,
    format: *const c_char,
    out: *mut *mut renju_tournament,
) -> renju_status {
    guard(|| {
        // SAFETY: the caller's guarantees.
        let out = unsafe { clear_out(out, "out") }?;
        // SAFETY: the caller's guarantees.
        let path = unsafe { str_arg(path, "path") }?;
        // SAFETY: the caller's guarantees.
        let format = format_arg(unsafe { opt_str_arg(format, "format") }?)?;
        let list = read_path(path, format).map_err(read_error)?;
        let t = new_handle(renju_tournament { list });
        // SAFETY: checked above.
        unsafe { write(out, "out", t) }
    })
}

/// Reads the tournaments of a memory buffer of `length` bytes; `name` (may be NULL)
/// names it in errors and tells the format by its extension. Otherwise as
/// `renju_tournament_read_file`.
///
/// # Safety
/// `data` must be NULL (only with `length` 0) or valid for reads of `length` bytes;
/// `format` and `name` must be NULL or NUL-terminated strings; `out` must be NULL or
/// valid for writes of a pointer.
#[no_mangle]
pub unsafe extern "C" fn renju_tournament_read_buffer(
    data: *const u8,
    length: usize,
    format: *const c_char,
    name: *const c_char,
    out: *mut *mut renju_tournament,
) -> renju_status {
    guard(|| {
        // SAFETY: the caller's guarantees.
        let out = unsafe { clear_out(out, "out") }?;
        let bytes: &[u8] = if length == 0 {
            &[]
        } else if data.is_null() {
            return Err(Error::null("data"));
        } else {
            // SAFETY: the caller guarantees `length` readable bytes at `data`.
            unsafe { std::slice::from_raw_parts(data, length) }
        };
        // SAFETY: the caller's guarantees.
        let name = unsafe { opt_str_arg(name, "name") }?;
        // SAFETY: the caller's guarantees.
        let format = format_arg(unsafe { opt_str_arg(format, "format") }?)?;
        let list = read_bytes(bytes, name, format).map_err(read_error)?;
        let t = new_handle(renju_tournament { list });
        // SAFETY: checked above.
        unsafe { write(out, "out", t) }
    })
}

/// Frees a `renju_tournament`. NULL is accepted and does nothing.
///
/// # Safety
/// `tournament` is looked up before use, never dereferenced unless live.
#[no_mangle]
pub unsafe extern "C" fn renju_tournament_free(tournament: *mut renju_tournament) -> renju_status {
    guard(|| free_handle(tournament, "tournament"))
}

/// The number of tournaments the file held, in `*count`.
///
/// # Safety
/// `tournament` is looked up before use; `count` must be NULL or valid for writes of a
/// `size_t`.
#[no_mangle]
pub unsafe extern "C" fn renju_tournament_count(
    tournament: *const renju_tournament,
    count: *mut usize,
) -> renju_status {
    guard(|| {
        let n = handle(tournament, "tournament")?.list.len();
        // SAFETY: the caller's guarantees.
        unsafe { write(count, "count", n) }
    })
}

/// The team score system (TRF-26 `362`: the match points of a match won, drawn and
/// lost) of tournament `index` of the handle, in `*text` as a TRF file writes it
/// (`"TW 2.0 TD 1.0 TL 0.0"`), or NULL when it has none (matches score 1, ½ and 0).
///
/// Returns `RENJU_ERROR_INDEX_OUT_OF_RANGE` past the last tournament.
///
/// Ownership: the caller owns `*text` and frees it with `renju_string_free`. Thread
/// safety: safe from any thread.
///
/// # Safety
/// `tournament` is looked up before use; `text` must be NULL or valid for writes of a
/// pointer.
#[no_mangle]
pub unsafe extern "C" fn renju_tournament_team_score_system(
    tournament: *const renju_tournament,
    index: usize,
    text: *mut *mut c_char,
) -> renju_status {
    guard(|| {
        // SAFETY: the caller's guarantees.
        let text = unsafe { clear_out(text, "text") }?;
        let h = handle(tournament, "tournament")?;
        let system = tournament_at(&h, index)?
            .tournament
            .team_score_system
            .clone();
        if let Some(system) = system {
            // SAFETY: checked above.
            unsafe { write(text, "text", new_string(system)?) }?;
        }
        Ok(())
    })
}

/// Tournament `index` of the handle with its team score system (TRF-26 `362`) set to
/// `text`, the record's text after the code (`"TW 3 TD 1"`: `TW`, `TD`, `TL` each
/// followed by its match points, in any order; a code not given takes TRF-26's value,
/// 2, 1 or 0), or removed when `text` is NULL (matches then score 1, ½ and 0): `*out`
/// gets a new handle holding that one tournament, with the findings of reading it (a
/// handle does not change once read). The text is kept as a TRF file writes it
/// (`renju_tournament_team_score_system`), and the standings count it.
///
/// Returns `RENJU_ERROR_PARSE` when `text` cannot be read (an unknown code, a code
/// without points or given twice, points below zero or of 100 or more; the message says
/// which), `RENJU_ERROR_INDEX_OUT_OF_RANGE` past the last tournament.
///
/// Ownership: the caller owns `*out` (free it with `renju_tournament_free`). Thread
/// safety: safe from any thread.
///
/// # Safety
/// `tournament` is looked up before use; `text` must be NULL or a NUL-terminated
/// string; `out` must be NULL or valid for writes of a pointer.
#[no_mangle]
pub unsafe extern "C" fn renju_tournament_set_team_score_system(
    tournament: *const renju_tournament,
    index: usize,
    text: *const c_char,
    out: *mut *mut renju_tournament,
) -> renju_status {
    guard(|| {
        // SAFETY: the caller's guarantees.
        let out = unsafe { clear_out(out, "out") }?;
        // SAFETY: the caller's guarantees.
        let text = unsafe { opt_str_arg(text, "text") }?;
        let h = handle(tournament, "tournament")?;
        let mut read = tournament_at(&h, index)?.clone();
        (read.tournament.set_team_score_system(text)).map_err(|e| {
            let e = format!("team score system {:?}: {e}", text.unwrap_or_default());
            Error::new(RENJU_ERROR_PARSE, e)
        })?;
        let t = new_handle(renju_tournament { list: vec![read] });
        // SAFETY: checked above.
        unsafe { write(out, "out", t) }
    })
}

/// # Safety
/// `ptr` must be NULL or valid for reads of a `renju_standings_options` whose strings
/// are NULL or NUL-terminated.
unsafe fn options_arg(ptr: *const renju_standings_options) -> Result<StandingsOptions> {
    let mut options = StandingsOptions::default();
    if ptr.is_null() {
        return Ok(options);
    }
    // SAFETY: the caller's guarantees.
    let raw = unsafe { read(ptr, "options") }?;
    // SAFETY: the caller's guarantees.
    if let Some(s) = unsafe { opt_str_arg(raw.system, "options->system") }? {
        options.system = Some(
            s.parse::<System>()
                .map_err(|e| Error::invalid(e.to_string()))?,
        );
    }
    // SAFETY: the caller's guarantees.
    if let Some(s) = unsafe { opt_str_arg(raw.tiebreaks, "options->tiebreaks") }? {
        options.tiebreaks =
            Some(TieBreak::parse_list(s).map_err(|e| Error::invalid(e.to_string()))?);
    }
    // SAFETY: the caller's guarantees.
    if let Some(s) = unsafe { opt_str_arg(raw.unplayed, "options->unplayed") }? {
        options.regulation = s
            .parse::<Regulation>()
            .map_err(|e| Error::invalid(e.to_string()))?;
    }
    Ok(options)
}

/// Computes the standings of tournament `index` (0-based) with `options` (NULL: the
/// defaults) into `*out`. The findings include those of reading.
///
/// Returns `RENJU_ERROR_INDEX_OUT_OF_RANGE` past the last tournament,
/// `RENJU_ERROR_INVALID_ARGUMENT` for an unknown system, tie-break or regulation name.
///
/// Ownership: the caller owns `*out` (free it with `renju_standings_free`). Thread
/// safety: safe from any thread.
///
/// # Safety
/// `tournament` is looked up before use; `options` must be NULL or valid for reads of a
/// `renju_standings_options`; `out` must be NULL or valid for writes of a pointer.
#[no_mangle]
pub unsafe extern "C" fn renju_tournament_standings(
    tournament: *const renju_tournament,
    index: usize,
    options: *const renju_standings_options,
    out: *mut *mut renju_standings,
) -> renju_status {
    guard(|| {
        // SAFETY: the caller's guarantees.
        let out = unsafe { clear_out(out, "out") }?;
        let t = handle(tournament, "tournament")?;
        // SAFETY: the caller's guarantees.
        let options = unsafe { options_arg(options) }?;
        let read = tournament_at(&t, index)?;
        let mut s = standings(&read.tournament, &options);
        let mut findings = read.findings.clone();
        findings.append(&mut s.findings);
        s.findings = findings;
        let h = renju_standings {
            names: s.rows.iter().map(|r| keep(r.name.clone())).collect(),
            codes: s.tiebreaks.iter().map(|c| keep(c.to_string())).collect(),
            system: keep(s.system.name()),
            regulation: keep(s.regulation.name()),
            standings: s,
        };
        // SAFETY: checked above.
        unsafe { write(out, "out", new_handle(h)) }
    })
}

/// Frees a `renju_standings` and every string borrowed from it. NULL is accepted.
///
/// # Safety
/// `standings` is looked up before use, never dereferenced unless live.
#[no_mangle]
pub unsafe extern "C" fn renju_standings_free(standings: *mut renju_standings) -> renju_status {
    guard(|| free_handle(standings, "standings"))
}

fn standings_of(ptr: *const renju_standings) -> Result<Arc<renju_standings>> {
    handle(ptr, "standings")
}

/// The number of rows in `*count`.
///
/// # Safety
/// `standings` is looked up before use; `count` must be NULL or valid for writes of a
/// `size_t`.
#[no_mangle]
pub unsafe extern "C" fn renju_standings_row_count(
    standings: *const renju_standings,
    count: *mut usize,
) -> renju_status {
    guard(|| {
        let n = standings_of(standings)?.standings.rows.len();
        // SAFETY: the caller's guarantees.
        unsafe { write(count, "count", n) }
    })
}

/// The number of tie-breaks (after the points) in `*count`.
///
/// # Safety
/// `standings` is looked up before use; `count` must be NULL or valid for writes of a
/// `size_t`.
#[no_mangle]
pub unsafe extern "C" fn renju_standings_tiebreak_count(
    standings: *const renju_standings,
    count: *mut usize,
) -> renju_status {
    guard(|| {
        let n = standings_of(standings)?.standings.tiebreaks.len();
        // SAFETY: the caller's guarantees.
        unsafe { write(count, "count", n) }
    })
}

/// The code of tie-break `index` (`"SB"`, `"BH/C1"`) in `*code`, borrowed from the
/// standings.
///
/// # Safety
/// `standings` is looked up before use; `code` must be NULL or valid for writes of a
/// pointer.
#[no_mangle]
pub unsafe extern "C" fn renju_standings_tiebreak_code(
    standings: *const renju_standings,
    index: usize,
    code: *mut *const c_char,
) -> renju_status {
    guard(|| {
        let s = standings_of(standings)?;
        let c = s.codes.get(index).ok_or_else(|| {
            Error::new(
                RENJU_ERROR_INDEX_OUT_OF_RANGE,
                format!("tie-break {index} does not exist ({})", s.codes.len()),
            )
        })?;
        // SAFETY: the caller's guarantees.
        unsafe { write(code, "code", borrowed(c)) }
    })
}

/// The system ranked by (`"round-robin"`, `"swiss"`, `"knockout"`) and the regulation
/// for unplayed rounds (`"fide-2024"`, ...), borrowed from the standings. Either output
/// may be NULL when not wanted.
///
/// # Safety
/// `standings` is looked up before use; `system` and `regulation` must be NULL or valid
/// for writes of a pointer.
#[no_mangle]
pub unsafe extern "C" fn renju_standings_info(
    standings: *const renju_standings,
    system: *mut *const c_char,
    regulation: *mut *const c_char,
) -> renju_status {
    guard(|| {
        let s = standings_of(standings)?;
        if !system.is_null() {
            // SAFETY: the caller's guarantees.
            unsafe { write(system, "system", borrowed(&s.system)) }?;
        }
        if !regulation.is_null() {
            // SAFETY: the caller's guarantees.
            unsafe { write(regulation, "regulation", borrowed(&s.regulation)) }?;
        }
        Ok(())
    })
}

fn row_index(s: &renju_standings, index: usize) -> Result<usize> {
    if index < s.standings.rows.len() {
        Ok(index)
    } else {
        Err(Error::new(
            RENJU_ERROR_INDEX_OUT_OF_RANGE,
            format!(
                "row {index} does not exist ({} rows)",
                s.standings.rows.len()
            ),
        ))
    }
}

/// Row `index` (0-based, best first) in `*out`.
///
/// # Safety
/// `standings` is looked up before use; `out` must be NULL or valid for writes of a
/// `renju_standing_row`.
#[no_mangle]
pub unsafe extern "C" fn renju_standings_row(
    standings: *const renju_standings,
    index: usize,
    out: *mut renju_standing_row,
) -> renju_status {
    guard(|| {
        out_ptr(out, "out")?;
        let s = standings_of(standings)?;
        let i = row_index(&s, index)?;
        let r = &s.standings.rows[i];
        let row = renju_standing_row {
            rank: r.rank,
            shared: r.shared,
            id: r.id,
            name: borrowed(&s.names[i]),
            points: r.points.to_f64(),
        };
        // SAFETY: checked above.
        unsafe { write(out, "out", row) }
    })
}

/// The value of tie-break `tiebreak` for row `row` in `*value` (exact values written as
/// the nearest double; `TBR` gives board 1's points).
///
/// # Safety
/// `standings` is looked up before use; `value` must be NULL or valid for writes of a
/// `double`.
#[no_mangle]
pub unsafe extern "C" fn renju_standings_value(
    standings: *const renju_standings,
    row: usize,
    tiebreak: usize,
    value: *mut f64,
) -> renju_status {
    guard(|| {
        let s = standings_of(standings)?;
        let i = row_index(&s, row)?;
        let v = s.standings.rows[i].values.get(tiebreak).ok_or_else(|| {
            Error::new(
                RENJU_ERROR_INDEX_OUT_OF_RANGE,
                format!(
                    "tie-break {tiebreak} does not exist ({})",
                    s.standings.tiebreaks.len()
                ),
            )
        })?;
        // SAFETY: the caller's guarantees.
        unsafe { write(value, "value", v.to_f64()) }
    })
}

/// The number of findings of severity error in `*count` (nonzero: the crosstable is
/// wrong somewhere; `renju standings` exits 1).
///
/// # Safety
/// `standings` is looked up before use; `count` must be NULL or valid for writes of a
/// `size_t`.
#[no_mangle]
pub unsafe extern "C" fn renju_standings_error_count(
    standings: *const renju_standings,
    count: *mut usize,
) -> renju_status {
    guard(|| {
        let s = standings_of(standings)?;
        let n = s
            .standings
            .findings
            .iter()
            .filter(|f| f.severity == Severity::Error)
            .count();
        // SAFETY: the caller's guarantees.
        unsafe { write(count, "count", n) }
    })
}

/// The findings as a JSON array in `*json` (`[{"severity", "code", "round", "player",
/// "message"}]`). With `whole` nonzero, the whole standings instead, as one tournament
/// of `renju standings --json`.
///
/// Ownership: the caller owns `*json` and frees it with `renju_string_free`.
///
/// # Safety
/// `standings` is looked up before use; `json` must be NULL or valid for writes of a
/// pointer.
#[no_mangle]
pub unsafe extern "C" fn renju_standings_json(
    standings: *const renju_standings,
    whole: i32,
    json: *mut *mut c_char,
) -> renju_status {
    guard(|| {
        // SAFETY: the caller's guarantees.
        let json = unsafe { clear_out(json, "json") }?;
        let s = standings_of(standings)?;
        let text = if whole != 0 {
            serde_json::to_string(&s.standings.readable_json())
        } else {
            serde_json::to_string(&s.standings.findings)
        }
        .map_err(|e| Error::invalid(format!("cannot serialise: {e}")))?;
        let ptr = new_string(text)?;
        // SAFETY: checked above.
        unsafe { write(json, "json", ptr) }
    })
}
