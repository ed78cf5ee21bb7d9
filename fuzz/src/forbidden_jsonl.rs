//! `renju forbidden`: JSON-lines requests, one position a line, answered by the CLI's
//! stream (`renju-cli/src/forbidden_stream.rs`: lines read in batches, answered in
//! parallel, written in order).
//!
//! Properties: one answer a non-blank line, in input order; each answer is exactly the
//! protocol's answer to that line alone (`renju_engine::forbidden_jsonl`), so batching
//! and parallelism change nothing; each is one JSON object, with `forbidden` (a map of
//! points to foul names) or `error` and `line`; the error count returned is the number
//! of error answers.
//!
//! Input: the first byte picks the longest line accepted (16 to 4096 bytes) and whether
//! an explanation of h8 is asked for; the rest is the stream.
//!
//! Included as it is by `renju-cli/tests/fuzz_regressions.rs`, next to the two modules.

use renju_records::formats::{read_line, LineRead};

use renju_engine::forbidden_jsonl::{ForbiddenQuery, ForbiddenReply};

use crate::forbidden_stream;

/// The answer to one line alone.
fn answer(line: &[u8], number: usize, explain: Option<&str>) -> String {
    match ForbiddenQuery::parse(line).and_then(|q| q.reply(explain)) {
        Ok(reply) => reply.to_line(),
        Err(error) => ForbiddenReply::error_line(&error.to_string(), number),
    }
}

/// Checks the stream in `data` (after its first byte).
pub fn check(data: &[u8]) {
    let Some((&pick, input)) = data.split_first() else {
        return;
    };
    let max_line = 16 * (usize::from(pick & 0x7f) + 1).min(256);
    let explain = (pick & 0x80 != 0).then_some("h8");
    let mut out = Vec::new();
    let Ok(errors) = forbidden_stream::run(input, &mut out, explain, max_line) else {
        panic!("reading from memory and writing to memory failed");
    };
    let out = String::from_utf8(out).expect("the answers are UTF-8");
    let answers: Vec<&str> = out.lines().collect();

    // The lines as the stream reads them, each answered alone.
    let mut expected = Vec::new();
    let mut reader = input;
    let mut line = Vec::new();
    let mut number = 0usize;
    loop {
        match read_line(&mut reader, &mut line, max_line, false).expect("reading memory") {
            LineRead::Eof => break,
            LineRead::Line => {
                number += 1;
                if !line.iter().all(u8::is_ascii_whitespace) {
                    expected.push(Some(answer(&line, number, explain)));
                }
            }
            LineRead::TooLong { .. } | LineRead::Endless { .. } => {
                number += 1;
                expected.push(None);
            }
        }
    }
    assert_eq!(answers.len(), expected.len(), "one answer a non-blank line");
    let mut error_lines = 0;
    for (i, (answer, expected)) in answers.iter().zip(&expected).enumerate() {
        if let Some(expected) = expected {
            assert_eq!(
                answer,
                expected,
                "answer {} is not the line's own answer",
                i + 1
            );
        }
        let value: serde_json::Value = serde_json::from_str(answer)
            .unwrap_or_else(|e| panic!("answer {} is not JSON: {e}: {answer}", i + 1));
        let object = value.as_object().expect("an answer is an object");
        if object.contains_key("error") {
            error_lines += 1;
            assert!(object["line"].is_u64(), "an error names its line: {answer}");
        } else {
            let map = object["forbidden"].as_object().expect("a forbidden map");
            for (point, foul) in map {
                assert!(point.parse::<renju_core::Point>().is_ok(), "{answer}");
                assert!(
                    foul.as_str()
                        .is_some_and(|f| f.parse::<renju_core::FoulKind>().is_ok()),
                    "{answer}"
                );
            }
        }
    }
    assert_eq!(errors, error_lines, "the error count");
}
