//! The replies of an engine as the conformance driver reads them: a `renju forbidden`
//! JSON line, Yixin's `FORBID xxyy….`, a Gomocup move `x,y`.
//!
//! Properties: a reply read as a forbidden map or a move holds only points on the
//! board, and written back in its protocol it reads as the same answer (a foul of no
//! stated kind as `"forbidden"`); a reply that cannot be read is reported in a short
//! message (the report quotes it).
//!
//! Input: the first byte picks the board size (5 to 26); the rest is the reply.

use std::collections::BTreeMap;

use renju_engine::conform::engine::{parse_forbid, parse_jsonl, parse_move};
use renju_engine::conform::Answer;

/// Longest message about a reply that could not be read: at most two quotes of it (the
/// reply, and the part at fault), each shortened to 200 characters.
const MAX_MESSAGE: usize = 500;

/// Checks the reply in `data` (after its first byte).
pub fn check(data: &[u8]) {
    let Some((&pick, bytes)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(bytes) else {
        return;
    };
    let size = 5 + pick % 22;

    match parse_forbid(text, size) {
        Answer::Map(map) => {
            let mut written = String::from("FORBID ");
            for (p, kind) in &map {
                assert!(
                    p.x() < size && p.y() < size,
                    "{text:?}: {p} is off the board"
                );
                assert_eq!(*kind, None, "{text:?}: FORBID gives no foul kinds");
                written.push_str(&format!("{:02}{:02}", p.x(), size - 1 - p.y()));
            }
            written.push('.');
            assert_eq!(
                parse_forbid(&written, size),
                Answer::Map(map),
                "{text:?} written as {written:?}"
            );
        }
        other => check_bad(text, &other),
    }

    match parse_jsonl(text) {
        Answer::Map(map) => {
            // A foul of no stated kind (`true`, `"forbidden"`, a list of points) is
            // written back as `"forbidden"`.
            let object: serde_json::Map<String, serde_json::Value> = map
                .iter()
                .map(|(p, k)| {
                    let kind = k.map_or_else(|| "forbidden".to_string(), |k| k.to_string());
                    (p.to_string(), kind.into())
                })
                .collect();
            let written = serde_json::json!({ "forbidden": object }).to_string();
            assert_eq!(
                parse_jsonl(&written),
                Answer::Map(map),
                "{text:?} written as {written:?}"
            );
        }
        other => check_bad(text, &other),
    }

    match parse_move(text, size) {
        Answer::Move(p) => {
            assert!(
                p.x() < size && p.y() < size,
                "{text:?}: {p} is off the board"
            );
            let written = format!("{},{}", p.x(), size - 1 - p.y());
            assert_eq!(
                parse_move(&written, size),
                Answer::Move(p),
                "{text:?} written as {written:?}"
            );
        }
        other => check_bad(text, &other),
    }
    let _ = Answer::Map(BTreeMap::new()).describe();
}

fn check_bad(text: &str, answer: &Answer) {
    let Answer::Bad(message) = answer else {
        panic!("{text:?} read as {answer:?}");
    };
    assert!(
        message.chars().count() <= MAX_MESSAGE,
        "{text:?}: a message of {} characters about it",
        message.chars().count()
    );
    let _ = answer.describe();
}
