//! The shared fixture corpus, read by the core's parser (so that the package's tests
//! read it as every other language's do, with no second parser).

use renju_core::fixture;
use renju_engine::forbidden_jsonl::rows_of;
use serde::Serialize;
use std::collections::BTreeMap;

use crate::boundary::{finish, text, CallError};

/// One fixture as the package sees it.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Fixture {
    id: String,
    source: String,
    note: Option<String>,
    rule: &'static str,
    to_move: &'static str,
    /// The board's rows, top first, of `B`, `W` and `.` (a `board` of a forbidden query).
    rows: Vec<String>,
    queries: Vec<Query>,
    maps: Vec<Map>,
    line: usize,
}

/// A point query: the verdict of the side to move playing the point.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Query {
    point: String,
    expected: &'static str,
    five_completion_counts: bool,
    line: usize,
}

/// A complete forbidden map of Black's.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Map {
    forbidden: BTreeMap<String, &'static str>,
    five_completion_counts: bool,
    line: usize,
}

impl From<fixture::Fixture> for Fixture {
    fn from(f: fixture::Fixture) -> Fixture {
        Fixture {
            rule: f.rule_set.name(),
            to_move: f.to_move.name(),
            rows: rows_of(&f.board),
            queries: f
                .queries
                .iter()
                .map(|q| Query {
                    point: q.point.to_string(),
                    expected: q.expected.label(),
                    five_completion_counts: q.options.five_completion_counts,
                    line: q.line,
                })
                .collect(),
            maps: f
                .maps
                .iter()
                .map(|m| Map {
                    forbidden: m
                        .points
                        .iter()
                        .map(|(p, kind)| (p.to_string(), kind.name()))
                        .collect(),
                    five_completion_counts: m.options.five_completion_counts,
                    line: m.line,
                })
                .collect(),
            line: f.line,
            id: f.id,
            source: f.source,
            note: f.note,
        }
    }
}

/// Parses a fixture file (`fixtures/README.md`): the answer is its fixtures as JSON, or
/// a `parse` error naming the line.
///
/// # Safety
/// `ptr` and `len` as in [`crate::boundary::bytes`].
#[no_mangle]
pub unsafe extern "C" fn renju_fixtures(ptr: *const u8, len: usize) -> i32 {
    // SAFETY: the caller's promise.
    let file = unsafe { text(ptr, len, "the fixture file") };
    finish(file.and_then(|file| {
        let fixtures = fixture::parse(file).map_err(|e| CallError::new("parse", e.to_string()))?;
        let fixtures: Vec<Fixture> = fixtures.into_iter().map(Fixture::from).collect();
        serde_json::to_string(&fixtures).map_err(|e| CallError::new("parse", e.to_string()))
    }))
}
