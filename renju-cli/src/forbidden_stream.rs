//! `renju forbidden` at full speed: lines are read in batches by a reader thread,
//! answered in parallel (rayon) and written in input order.
//!
//! Each line first goes through a typed parse (`Query`: borrowed strings, no JSON tree)
//! that handles well-formed queries; anything it does not accept (bad JSON, unknown
//! keys, wrong types, bad rows, `--explain`) goes to [`forbidden::answer`], the generic
//! path, so that errors and explanations read exactly as before.

use std::borrow::Cow;
use std::io::{self, BufRead, Write};

use renju_records::formats::{read_line, LineRead};
use std::sync::mpsc;

use rayon::prelude::*;
use serde::{Deserialize, Deserializer};
use serde_json::Value;

use renju_core::{Board, Color, Position, RenjuOptions, RuleSet};

use crate::forbidden;

/// Lines per batch: enough to keep every core busy, few enough to keep memory small.
const BATCH: usize = 2048;

/// A query as the fast path reads it. A key present with a value of the wrong type (null
/// included) fails the parse, and the generic path reports it.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Query<'a> {
    #[serde(default, borrow, deserialize_with = "present")]
    board: Option<Vec<Cow<'a, str>>>,
    #[serde(default, borrow, deserialize_with = "present")]
    moves: Option<Cow<'a, str>>,
    #[serde(default, borrow, deserialize_with = "present")]
    rule: Option<Cow<'a, str>>,
    #[serde(default, deserialize_with = "present")]
    size: Option<u64>,
    #[serde(default, deserialize_with = "present")]
    five_completion_counts: Option<bool>,
    #[serde(default, deserialize_with = "present")]
    id: Option<Value>,
}

/// A present key: its value must deserialize as `T` (null is not `None`).
fn present<'de, D: Deserializer<'de>, T: Deserialize<'de>>(d: D) -> Result<Option<T>, D::Error> {
    T::deserialize(d).map(Some)
}

/// The reply to a well-formed query (one JSON line, no newline), or `None` when the
/// generic path must answer.
fn fast_answer(line: &[u8]) -> Option<String> {
    let q: Query = serde_json::from_slice(line).ok()?;
    let rule: RuleSet = match &q.rule {
        None => RuleSet::Renju,
        Some(r) => r.parse().ok()?,
    };
    let options = RenjuOptions {
        five_completion_counts: q.five_completion_counts.unwrap_or(false),
    };
    let pos = match (&q.board, &q.moves) {
        (Some(rows), None) if q.size.is_none() => {
            Position::from_board(board_of_rows(rows)?, rule, Color::Black).ok()?
        }
        (None, Some(moves)) => {
            let size = u8::try_from(q.size.unwrap_or(15)).ok()?;
            let mut pos = Position::with_size(rule, size).ok()?;
            pos.play_moves_quiet(moves).ok()?;
            pos
        }
        _ => return None,
    }
    .with_options(options);
    let mut reply = String::with_capacity(64);
    reply.push('{');
    if let Some(id) = &q.id {
        reply.push_str("\"id\":");
        reply.push_str(&id.to_string());
        reply.push(',');
    }
    reply.push_str("\"forbidden\":{");
    for (i, f) in pos.forbidden_points().iter().enumerate() {
        if i > 0 {
            reply.push(',');
        }
        // Point names and foul names need no JSON escaping.
        reply.push('"');
        reply.push_str(&f.point.to_string());
        reply.push_str("\":\"");
        reply.push_str(f.primary.name());
        reply.push('"');
    }
    reply.push_str("}}");
    Some(reply)
}

/// A board from rows of `B`, `W`, `.` (top row first), or `None` for anything else.
fn board_of_rows(rows: &[Cow<'_, str>]) -> Option<Board> {
    let size = rows.len();
    let mut cells = vec![0u8; size * size];
    for (r, row) in rows.iter().enumerate() {
        let (row, y) = (row.as_bytes(), size.checked_sub(r + 1)?);
        if row.len() != size {
            return None;
        }
        for (cell, &c) in cells[y * size..][..size].iter_mut().zip(row) {
            *cell = match c {
                b'.' => 0,
                b'B' => 1,
                b'W' => 2,
                _ => return None,
            };
        }
    }
    Board::from_cells(u8::try_from(size).ok()?, &cells).ok()
}

/// One output line and whether it reports an error.
fn answer(line: &[u8], number: usize, explain: Option<&str>) -> (String, bool) {
    if explain.is_none() {
        if let Some(reply) = fast_answer(line) {
            return (reply, false);
        }
    }
    let reply = forbidden::answer(line, number, explain);
    (reply.to_string(), reply.get("error").is_some())
}

/// Why a run stopped early.
pub enum Failure {
    /// Reading the input failed.
    Read(io::Error),
    /// Writing the output failed (a closed pipe, say).
    Write,
}

/// Answers every line of `input` into `out`, in order; the number of error lines.
/// A line longer than `max_line` bytes is answered with an error naming it, and skipped
/// without being kept.
pub fn run(
    input: impl BufRead + Send,
    out: &mut impl Write,
    explain: Option<&str>,
    max_line: usize,
) -> Result<usize, Failure> {
    std::thread::scope(|scope| {
        // The reader runs ahead by up to two batches of (line number, line).
        type Batch = Vec<(usize, Result<Vec<u8>, u64>)>;
        let (tx, rx) = mpsc::sync_channel::<io::Result<Batch>>(2);
        scope.spawn(move || {
            let mut input = input;
            let mut number = 0usize;
            loop {
                let mut batch = Vec::with_capacity(BATCH);
                while batch.len() < BATCH {
                    let mut line = Vec::new();
                    match read_line(&mut input, &mut line, max_line, false) {
                        Ok(LineRead::Eof) => break,
                        Ok(LineRead::Line) => {
                            number += 1;
                            if !line.iter().all(u8::is_ascii_whitespace) {
                                batch.push((number, Ok(line)));
                            }
                        }
                        Ok(LineRead::TooLong { bytes }) => {
                            number += 1;
                            batch.push((number, Err(bytes)));
                        }
                        Err(e) => {
                            // The lines read before the error are answered first.
                            let _ = tx.send(Ok(std::mem::take(&mut batch)));
                            let _ = tx.send(Err(e));
                            return;
                        }
                    }
                }
                let last = batch.len() < BATCH;
                if tx.send(Ok(batch)).is_err() || last {
                    return;
                }
            }
        });
        let mut errors = 0;
        for batch in rx {
            let replies: Vec<(String, bool)> = batch
                .map_err(Failure::Read)?
                .par_iter()
                .with_min_len(16)
                .map(|(number, line)| match line {
                    Ok(line) => answer(line, *number, explain),
                    Err(bytes) => {
                        let reply = serde_json::json!({
                            "error": format!(
                                "the line is {bytes} bytes long, longer than {max_line} bytes (--max-record-bytes); it was skipped"
                            ),
                            "line": number,
                        });
                        (reply.to_string(), true)
                    }
                })
                .collect();
            for (reply, error) in replies {
                errors += usize::from(error);
                let written = out.write_all(reply.as_bytes());
                written
                    .and_then(|()| out.write_all(b"\n"))
                    .map_err(|_| Failure::Write)?;
            }
        }
        Ok(errors)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn generic(line: &str) -> String {
        forbidden::answer(line.as_bytes(), 1, None).to_string()
    }

    fn bench_lines() -> Vec<String> {
        let text = include_str!("../../fixtures/bench/midgame_positions.txt");
        let mut lines = Vec::new();
        for (i, moves) in text.lines().filter(|l| !l.starts_with('#')).enumerate() {
            let pos = Position::from_moves(moves).unwrap();
            let rows: Vec<String> = (0..15u8)
                .rev()
                .map(|y| {
                    (0..15u8)
                        .map(
                            |x| match pos.board().get(renju_core::Point::new(x, y).unwrap()) {
                                Some(Color::Black) => 'B',
                                Some(Color::White) => 'W',
                                None => '.',
                            },
                        )
                        .collect()
                })
                .collect();
            let board = serde_json::to_string(&rows).unwrap();
            lines.push(format!(r#"{{"moves": "{moves}", "id": {i}}}"#));
            lines.push(format!(
                r#"{{"board": {board}, "five_completion_counts": true}}"#
            ));
            lines.push(format!(
                r#"{{"id": {{"k": [1, 2.5, "\u00e9"]}}, "board": {board}}}"#
            ));
        }
        lines
    }

    #[test]
    fn the_fast_path_answers_as_the_generic_path() {
        let mut lines = bench_lines();
        lines.extend(
            [
                r#"{"moves": "h8 i9", "rule": "freestyle", "size": 19}"#,
                r#"{"moves": "h8 i9", "rule": "gomoku"}"#,
                r#"{"moves": "h8 h8"}"#,
                r#"{"moves": "h8", "size": 15.0}"#,
                r#"{"moves": "h8", "size": null}"#,
                r#"{"moves": "h8", "five_completion_counts": null}"#,
                r#"{"moves": "h8", "rule": "chess"}"#,
                r#"{"moves": "h8", "extra": 1}"#,
                r#"{"moves": "h8", "id": null}"#,
                r#"{"board": ["B...."], "size": 5}"#,
                r#"{"board": [".....", ".....", "..B..", ".....", "....."], "rule": "caro"}"#,
                r#"{"board": [".....", ".....", "..X..", ".....", "....."], "rule": "caro"}"#,
                r#"{"board": ["...", "...", "..."]}"#,
                r#"{"moves": "h8", "board": []}"#,
                r#"[1, 2]"#,
                r#"not json"#,
                r#"{"moves": "f8 a1 g8 a2 h6 a3 h7 a4 h8 a5"}"#,
            ]
            .map(String::from),
        );
        let mut fast = 0;
        for line in &lines {
            if let Some(reply) = fast_answer(line.as_bytes()) {
                fast += 1;
                assert_eq!(reply, generic(line), "{line}");
            }
            let (reply, error) = answer(line.as_bytes(), 1, None);
            assert_eq!(reply, generic(line), "{line}");
            assert_eq!(error, reply.starts_with(r#"{"error""#));
        }
        assert!(fast >= 600, "the bench lines take the fast path ({fast})");
    }

    #[test]
    fn output_keeps_input_order() {
        let lines = bench_lines();
        let mut input = String::new();
        for _ in 0..8 {
            for l in &lines {
                input.push_str(l);
                input.push_str("\n\n");
            }
        }
        input.push_str("oops\n");
        let mut out = Vec::new();
        let Ok(errors) = run(input.as_bytes(), &mut out, None, 1 << 20) else {
            panic!("run failed")
        };
        assert_eq!(errors, 1);
        let out = String::from_utf8(out).unwrap();
        let got: Vec<&str> = out.lines().collect();
        assert_eq!(got.len(), 8 * lines.len() + 1);
        for (i, reply) in got[..got.len() - 1].iter().enumerate() {
            assert_eq!(*reply, generic(&lines[i % lines.len()]));
        }
        let last = forbidden::answer(b"oops\n", 16 * lines.len() + 1, None).to_string();
        assert_eq!(got[got.len() - 1], last);
    }
}
