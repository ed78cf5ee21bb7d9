//! The shared fixture corpus (`fixtures/README.md`), read by the core's parser, so that
//! C tests check every expected verdict through the C API without parsing anything.

use std::ffi::{c_char, CString};
use std::sync::Arc;

use renju_core::fixture::{self, Expected, Fixture};
use renju_core::RenjuOptions;

use crate::error::renju_status::{self, *};
use crate::error::{guard, Error, Result};
use crate::handle::{
    borrowed, borrowed_opt, clear_out, free_handle, handle, intern, keep, new_handle, str_arg,
    write, Handle,
};
use crate::position::renju_position;
use crate::types::{renju_color, renju_foul, renju_point, renju_rule_set, renju_verdict_kind};

/// The fixtures of one fixture file, in file order. An opaque handle.
///
/// Ownership: created by `renju_fixtures_read_file` or `renju_fixtures_parse`; the caller
/// owns it and frees it with `renju_fixtures_free`. Strings and arrays in
/// `renju_fixture`, `renju_fixture_query` and `renju_fixture_map` are borrowed from the
/// handle and stay valid until it is freed.
///
/// Thread safety: fixtures never change after reading, so any number of threads may use
/// one handle at once. Do not free it while another thread still uses data borrowed
/// from it.
pub struct renju_fixtures {
    items: Vec<Item>,
}

impl Handle for renju_fixtures {
    const NAME: &'static str = "renju_fixtures";
}

struct Item {
    fixture: Fixture,
    id: CString,
    source: CString,
    note: Option<CString>,
    diagram: CString,
    queries: Vec<CString>,
    maps: Vec<(Vec<renju_fixture_point>, CString)>,
}

impl Item {
    fn new(fixture: Fixture) -> Item {
        Item {
            id: keep(fixture.id.clone()),
            source: keep(fixture.source.clone()),
            note: fixture.note.clone().map(keep),
            diagram: keep(fixture.board.to_diagram()),
            queries: fixture
                .queries
                .iter()
                .map(|q| keep(q.point.to_string()))
                .collect(),
            maps: fixture
                .maps
                .iter()
                .map(|m| {
                    let points = m
                        .points
                        .iter()
                        .map(|&(p, k)| renju_fixture_point {
                            point: p.into(),
                            foul: k.into(),
                        })
                        .collect();
                    (points, keep(fixture::format_map(&m.points)))
                })
                .collect(),
            fixture,
        }
    }
}

/// One fixture: a position and what it is expected to give.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct renju_fixture {
    /// The fixture's unique id (`"RN-01c"`).
    pub id: *const c_char,
    /// Where the position comes from.
    pub source: *const c_char,
    /// What it shows; NULL when the fixture has no note.
    pub note: *const c_char,
    /// The rule set.
    pub rule_set: renju_rule_set,
    /// The rule set's name (`"renju"`, `"freestyle"`, `"standard"`, `"caro"`; static).
    pub rule_name: *const c_char,
    /// The side to move.
    pub to_move: renju_color,
    /// The board side.
    pub size: i32,
    /// The stones as an ASCII diagram, readable by `renju_position_from_diagram`.
    pub diagram: *const c_char,
    /// The number of point queries (`renju_fixtures_query`).
    pub query_count: usize,
    /// The number of complete forbidden maps (`renju_fixtures_map`).
    pub map_count: usize,
    /// The line of the fixture's `== id ==` header in its file.
    pub line: usize,
}

/// A point query: the verdict expected when the side to move plays `point`.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct renju_fixture_query {
    /// The point played.
    pub point: renju_point,
    /// The point in `h8` notation.
    pub point_text: *const c_char,
    /// The expected verdict's label, as `renju_verdict.label` gives it: `"legal"`,
    /// `"win"`, `"overline"`, `"double-four"`, `"double-three"` or `"draw"` (static).
    pub expected: *const c_char,
    /// The expected verdict's kind.
    pub expected_kind: renju_verdict_kind,
    /// The expected foul when the kind is `RENJU_VERDICT_FORBIDDEN`, otherwise
    /// `RENJU_FOUL_NONE`.
    pub expected_foul: renju_foul,
    /// The reading it holds under: true for `five_completion_counts`, false for the RIF
    /// reading (see `renju_position_set_five_completion_counts`).
    pub five_completion_counts: bool,
    /// The line of the query in the fixture file.
    pub line: usize,
}

/// A point of an expected forbidden map and its expected primary foul.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct renju_fixture_point {
    /// The empty point.
    pub point: renju_point,
    /// The foul expected there (overline > double-four > double-three).
    pub foul: renju_foul,
}

/// A complete expected forbidden map for Black: every forbidden point, and no other.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct renju_fixture_map {
    /// The forbidden points, sorted by column then row; NULL when `count` is 0.
    pub points: *const renju_fixture_point,
    /// The number of forbidden points.
    pub count: usize,
    /// The map as the fixture writes it (`"h8 double-three, j3 overline"` or `"none"`).
    pub text: *const c_char,
    /// The reading it holds under (see `renju_fixture_query`).
    pub five_completion_counts: bool,
    /// The line of the map in the fixture file.
    pub line: usize,
}

fn fixtures(ptr: *const renju_fixtures) -> Result<Arc<renju_fixtures>> {
    handle(ptr, "fixtures")
}

fn item(fixtures: &renju_fixtures, index: usize) -> Result<&Item> {
    fixtures.items.get(index).ok_or_else(|| {
        Error::new(
            RENJU_ERROR_INDEX_OUT_OF_RANGE,
            format!(
                "fixture {index} does not exist ({} fixtures)",
                fixtures.items.len()
            ),
        )
    })
}

fn out_of_range(what: &str, index: usize, item: &Item, len: usize) -> Error {
    Error::new(
        RENJU_ERROR_INDEX_OUT_OF_RANGE,
        format!(
            "{what} {index} does not exist (fixture {} has {len})",
            item.fixture.id
        ),
    )
}

/// # Safety
/// `out` must be valid for writes of a pointer (checked for NULL before).
unsafe fn give(out: *mut *mut renju_fixtures, text: &str, file: Option<&str>) -> Result<()> {
    let parsed = fixture::parse(text).map_err(|e| match file {
        Some(f) => e.in_file(f),
        None => e,
    })?;
    let items = parsed.into_iter().map(Item::new).collect();
    let ptr = new_handle(renju_fixtures { items });
    // SAFETY: forwarded.
    unsafe { write(out, "out", ptr) }
}

/// Reads a fixture file (`fixtures/README.md` describes the format). `*out` gets the new
/// handle (NULL on error).
///
/// Returns `RENJU_ERROR_IO` when the file cannot be read, `RENJU_ERROR_INVALID_UTF8` when
/// it is not UTF-8, `RENJU_ERROR_PARSE` for a malformed file (the message names the
/// file, line and fixture).
///
/// Ownership: the caller owns `*out` (free it with `renju_fixtures_free`). Thread
/// safety: safe from any thread.
///
/// # Safety
/// `path` must be NULL or a NUL-terminated string; `out` must be NULL or valid for writes
/// of a pointer.
#[no_mangle]
pub unsafe extern "C" fn renju_fixtures_read_file(
    path: *const c_char,
    out: *mut *mut renju_fixtures,
) -> renju_status {
    guard(|| {
        // SAFETY: the caller's guarantees.
        let out = unsafe { clear_out(out, "out") }?;
        // SAFETY: the caller's guarantees.
        let path = unsafe { str_arg(path, "path") }?;
        let bytes = std::fs::read(path)
            .map_err(|e| Error::new(RENJU_ERROR_IO, format!("cannot read {path}: {e}")))?;
        let text = String::from_utf8(bytes).map_err(|e| {
            Error::new(
                RENJU_ERROR_INVALID_UTF8,
                format!(
                    "{path} is not valid UTF-8 (bad byte at offset {})",
                    e.utf8_error().valid_up_to()
                ),
            )
        })?;
        // SAFETY: checked above.
        unsafe { give(out, &text, Some(path)) }
    })
}

/// Reads fixtures from text in the fixture format. Otherwise as
/// `renju_fixtures_read_file`.
///
/// # Safety
/// `text` must be NULL or a NUL-terminated string; `out` must be NULL or valid for writes
/// of a pointer.
#[no_mangle]
pub unsafe extern "C" fn renju_fixtures_parse(
    text: *const c_char,
    out: *mut *mut renju_fixtures,
) -> renju_status {
    guard(|| {
        // SAFETY: the caller's guarantees.
        let out = unsafe { clear_out(out, "out") }?;
        // SAFETY: the caller's guarantees.
        let text = unsafe { str_arg(text, "text") }?;
        // SAFETY: checked above.
        unsafe { give(out, text, None) }
    })
}

/// Frees a `renju_fixtures` and everything borrowed from it. NULL is accepted and does
/// nothing.
///
/// Returns `RENJU_ERROR_BAD_HANDLE` (and frees nothing) for a handle already freed or
/// not from this library.
///
/// # Safety
/// `fixtures` is looked up before use, never dereferenced unless live.
#[no_mangle]
pub unsafe extern "C" fn renju_fixtures_free(fixtures: *mut renju_fixtures) -> renju_status {
    guard(|| free_handle(fixtures, "fixtures"))
}

/// The number of fixtures in `*count`.
///
/// Thread safety: see `renju_fixtures`.
///
/// # Safety
/// `fixtures` is looked up before use; `count` must be NULL or valid for writes of a
/// `size_t`.
#[no_mangle]
pub unsafe extern "C" fn renju_fixtures_count(
    fixtures: *const renju_fixtures,
    count: *mut usize,
) -> renju_status {
    guard(|| {
        let len = self::fixtures(fixtures)?.items.len();
        // SAFETY: the caller's guarantees.
        unsafe { write(count, "count", len) }
    })
}

/// Fixture `index` (0-based, in file order) in `*out`.
///
/// Returns `RENJU_ERROR_INDEX_OUT_OF_RANGE` past the last fixture.
///
/// Ownership: the strings in `*out` are borrowed from `fixtures` (valid until it is
/// freed); do not free them. Thread safety: see `renju_fixtures`.
///
/// # Safety
/// `fixtures` is looked up before use; `out` must be NULL or valid for writes of a
/// `renju_fixture`.
#[no_mangle]
pub unsafe extern "C" fn renju_fixtures_get(
    fixtures: *const renju_fixtures,
    index: usize,
    out: *mut renju_fixture,
) -> renju_status {
    guard(|| {
        crate::handle::out_ptr(out, "out")?;
        let handle = self::fixtures(fixtures)?;
        let item = item(&handle, index)?;
        let f = &item.fixture;
        let info = renju_fixture {
            id: borrowed(&item.id),
            source: borrowed(&item.source),
            note: borrowed_opt(&item.note),
            rule_set: f.rule_set.into(),
            rule_name: intern(f.rule_set.name()),
            to_move: f.to_move.into(),
            size: f.board.size().into(),
            diagram: borrowed(&item.diagram),
            query_count: f.queries.len(),
            map_count: f.maps.len(),
            line: f.line,
        };
        // SAFETY: the caller's guarantees.
        unsafe { write(out, "out", info) }
    })
}

/// Query `query` of fixture `index` in `*out`.
///
/// Returns `RENJU_ERROR_INDEX_OUT_OF_RANGE` past the last fixture or query.
///
/// Ownership: the strings in `*out` are borrowed from `fixtures` (or static); do not free
/// them. Thread safety: see `renju_fixtures`.
///
/// # Safety
/// `fixtures` is looked up before use; `out` must be NULL or valid for writes of a
/// `renju_fixture_query`.
#[no_mangle]
pub unsafe extern "C" fn renju_fixtures_query(
    fixtures: *const renju_fixtures,
    index: usize,
    query: usize,
    out: *mut renju_fixture_query,
) -> renju_status {
    guard(|| {
        crate::handle::out_ptr(out, "out")?;
        let handle = self::fixtures(fixtures)?;
        let item = item(&handle, index)?;
        let queries = &item.fixture.queries;
        let q = queries
            .get(query)
            .ok_or_else(|| out_of_range("query", query, item, queries.len()))?;
        let (expected_kind, expected_foul) = match q.expected {
            Expected::Legal => (
                renju_verdict_kind::RENJU_VERDICT_CONTINUES,
                renju_foul::RENJU_FOUL_NONE,
            ),
            Expected::Win => (
                renju_verdict_kind::RENJU_VERDICT_WIN,
                renju_foul::RENJU_FOUL_NONE,
            ),
            Expected::Foul(k) => (renju_verdict_kind::RENJU_VERDICT_FORBIDDEN, k.into()),
            Expected::Draw => (
                renju_verdict_kind::RENJU_VERDICT_DRAW,
                renju_foul::RENJU_FOUL_NONE,
            ),
        };
        let info = renju_fixture_query {
            point: q.point.into(),
            point_text: borrowed(&item.queries[query]),
            expected: intern(q.expected.label()),
            expected_kind,
            expected_foul,
            five_completion_counts: q.options.five_completion_counts,
            line: q.line,
        };
        // SAFETY: the caller's guarantees.
        unsafe { write(out, "out", info) }
    })
}

/// Expected forbidden map `map` of fixture `index` in `*out`.
///
/// Returns `RENJU_ERROR_INDEX_OUT_OF_RANGE` past the last fixture or map.
///
/// Ownership: the array and string in `*out` are borrowed from `fixtures`; do not free
/// them. Thread safety: see `renju_fixtures`.
///
/// # Safety
/// `fixtures` is looked up before use; `out` must be NULL or valid for writes of a
/// `renju_fixture_map`.
#[no_mangle]
pub unsafe extern "C" fn renju_fixtures_map(
    fixtures: *const renju_fixtures,
    index: usize,
    map: usize,
    out: *mut renju_fixture_map,
) -> renju_status {
    guard(|| {
        crate::handle::out_ptr(out, "out")?;
        let handle = self::fixtures(fixtures)?;
        let item = item(&handle, index)?;
        let maps = &item.fixture.maps;
        let m = maps
            .get(map)
            .ok_or_else(|| out_of_range("map", map, item, maps.len()))?;
        let (points, text) = &item.maps[map];
        let info = renju_fixture_map {
            points: if points.is_empty() {
                std::ptr::null()
            } else {
                points.as_ptr()
            },
            count: points.len(),
            text: borrowed(text),
            five_completion_counts: m.options.five_completion_counts,
            line: m.line,
        };
        // SAFETY: the caller's guarantees.
        unsafe { write(out, "out", info) }
    })
}

/// The position of fixture `index` as a new handle in `*out` (NULL on error), judged
/// under the `five_completion_counts` reading when `five_completion_counts` is nonzero,
/// the RIF reading otherwise.
///
/// Returns `RENJU_ERROR_INDEX_OUT_OF_RANGE` past the last fixture.
///
/// Ownership: the caller owns `*out` (free it with `renju_position_free`); it does not
/// borrow from `fixtures`. Thread safety: see `renju_fixtures`.
///
/// # Safety
/// `fixtures` is looked up before use; `out` must be NULL or valid for writes of a
/// pointer.
#[no_mangle]
pub unsafe extern "C" fn renju_fixtures_position(
    fixtures: *const renju_fixtures,
    index: usize,
    five_completion_counts: i32,
    out: *mut *mut renju_position,
) -> renju_status {
    guard(|| {
        // SAFETY: the caller's guarantees.
        let out = unsafe { clear_out(out, "out") }?;
        let handle = self::fixtures(fixtures)?;
        let position = item(&handle, index)?.fixture.position(RenjuOptions {
            five_completion_counts: five_completion_counts != 0,
        });
        let ptr = new_handle(renju_position::new(position));
        // SAFETY: checked above.
        unsafe { write(out, "out", ptr) }
    })
}
