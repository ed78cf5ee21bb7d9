//! `renju forbidden` at full speed: lines are read in batches by a reader thread,
//! answered in parallel (rayon) and written in input order.
//!
//! Each line is read as a typed query (`ForbiddenQuery`: borrowed strings, no JSON tree)
//! and answered with a `ForbiddenReply`: the protocol's one owner, shared with the
//! conformance driver.

use std::io::{self, BufRead, Write};
use std::process::ExitCode;
use std::sync::mpsc;

use rayon::prelude::*;
use renju_display::text::printable;
use renju_engine::forbidden_jsonl::{answer_line as answer, endless_line, too_long_line};
use renju_records::formats::{read_line, LineRead};

/// Lines per batch: enough to keep every core busy, few enough to keep memory small.
const BATCH: usize = 2048;

/// `renju forbidden`: answers standard input on standard output; exit code 0, 1 when
/// some line was an error, 2 when the input cannot be read or `--explain` is not a point.
pub fn command(explain: Option<&str>, max_record_bytes: usize) -> ExitCode {
    // The point is checked once, against the largest board; each line checks it
    // against its own board.
    if let Some(point) = explain {
        if let Err(e) = point.parse::<renju_core::Point>() {
            eprintln!(
                "renju: --explain {}: {}",
                printable(point),
                printable(&e.to_string())
            );
            return ExitCode::from(2);
        }
    }
    let mut out = io::BufWriter::new(io::stdout().lock());
    let stdin = io::BufReader::with_capacity(1 << 16, io::stdin());
    let errors = match run(stdin, &mut out, explain, max_record_bytes) {
        Ok(errors) => errors,
        Err(Failure::Read(e)) => {
            eprintln!("renju: cannot read stdin: {e}");
            return ExitCode::from(2);
        }
        Err(Failure::Write) => return ExitCode::from(2),
    };
    if out.flush().is_err() {
        return ExitCode::from(2);
    }
    if errors > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
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
                        Ok(LineRead::Endless { bytes }) => {
                            // The lines read before are answered first; this one ends the input.
                            let _ = tx.send(Ok(std::mem::take(&mut batch)));
                            let _ = tx.send(Err(endless_line(number + 1, bytes)));
                            return;
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
                    Err(bytes) => (too_long_line(*bytes, max_line, *number), true),
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

    #[test]
    fn output_keeps_input_order() {
        let text = include_str!("../../fixtures/bench/midgame_positions.txt");
        let lines: Vec<String> = (text.lines().filter(|l| !l.starts_with('#')))
            .enumerate()
            .map(|(i, moves)| format!(r#"{{"moves": "{moves}", "id": {i}}}"#))
            .collect();
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
            assert_eq!(*reply, answer(lines[i % lines.len()].as_bytes(), 0, None).0);
        }
        let last = answer(b"oops", 16 * lines.len() + 1, None).0;
        assert_eq!(got[got.len() - 1], last);
    }
}
