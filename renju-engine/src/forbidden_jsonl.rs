//! The `renju forbidden` JSON-lines protocol: one query line in, one reply line out. The
//! command answers with it and the conformance driver asks other judges with it, so the
//! schema is written here once.
//!
//! A query gives a position as `"board"` (rows of `B`, `W` and `.`, the top row first) or
//! as `"moves"` (a move list, judged as a game, on a board of `"size"`, 15 by default),
//! with an optional `"rule"` (default `renju`), `"five_completion_counts"` (the other
//! reading of the disputed case, default `false`) and `"id"` (any JSON value, echoed).
//! The reply is `{"id": ..., "forbidden": {"h10": "double-three", ...}}`, Black's
//! forbidden points with the foul reported for each; a query that cannot be answered
//! gets `{"error": "why", "line": N}`.
//!
//! ```
//! use renju_engine::forbidden_jsonl::{ForbiddenQuery, ForbiddenReply};
//! let query = ForbiddenQuery::parse(br#"{"id": 7, "moves": "f8 a1 g8 a2 h6 a3 h7 a4"}"#).unwrap();
//! let reply = query.reply(None).unwrap();
//! assert_eq!(reply.to_line(), r#"{"id":7,"forbidden":{"h8":"double-three"}}"#);
//! let back = ForbiddenReply::parse(&reply.to_line()).unwrap();
//! assert_eq!(back.forbidden, reply.forbidden);
//! ```

use std::borrow::Cow;
use std::io::{self, Write};

use renju_core::{Board, Color, FoulKind, Point, Position, RenjuOptions, RuleSet};
use serde::{Deserialize, Deserializer, Serialize};
use serde_json::{Map, Value};
use thiserror::Error;

use crate::quote::shorten;
use renju_records::formats::{LineRead, LineSplitter};

/// Why a query line cannot be answered (the `"error"` of its reply).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum QueryError {
    /// The line is not UTF-8.
    #[error("not UTF-8 text")]
    NotUtf8,
    /// The line is not JSON.
    #[error("not JSON: {0}")]
    NotJson(String),
    /// The JSON is not a query: a key unknown or missing, or a value of the wrong type
    /// (the message names it).
    #[error("{0}")]
    Shape(String),
    /// The rule set is unknown.
    #[error(transparent)]
    Rule(#[from] renju_core::UnknownName),
    /// The `"board"` is no board (rows, cells).
    #[error("{0}")]
    Board(String),
    /// The position cannot be set up: the size, or a move of `"moves"`.
    #[error("{0}")]
    Position(String),
}

/// Why a reply line is not one a judge under test may write.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ReplyError {
    /// The line is not JSON.
    #[error("not JSON")]
    NotJson,
    /// An `{"error": ...}` reply (the error, shortened).
    #[error("the engine reported an error: {0}")]
    Reported(String),
    /// No `"forbidden"` object or list.
    #[error("no \"forbidden\" object")]
    NoForbidden,
    /// A key (or list item) that is not a point (shortened).
    #[error("`{0}` is not a point")]
    NotAPoint(String),
    /// A value that is not a foul (shortened).
    #[error("`{0}` is not a foul")]
    NotAFoul(String),
    /// A point without a foul kind where [`ForbiddenReply::parse`] needs one.
    #[error("{0} has no foul kind")]
    NoFoulKind(Point),
}

/// The keys a query may have.
const KEYS: [&str; 6] = [
    "board",
    "moves",
    "rule",
    "size",
    "five_completion_counts",
    "id",
];

/// One query line. Strings borrow from the line they were read from.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ForbiddenQuery<'a> {
    /// Echoed in the reply.
    #[serde(
        default,
        deserialize_with = "present",
        skip_serializing_if = "Option::is_none"
    )]
    pub id: Option<Value>,
    /// The board's rows, top row first: `B`, `W` or `.` per cell.
    #[serde(
        default,
        borrow,
        deserialize_with = "present",
        skip_serializing_if = "Option::is_none"
    )]
    pub board: Option<Vec<Cow<'a, str>>>,
    /// A move list, judged as a game (instead of `board`).
    #[serde(
        default,
        borrow,
        deserialize_with = "present",
        skip_serializing_if = "Option::is_none"
    )]
    pub moves: Option<Cow<'a, str>>,
    /// The rule set's name (default `renju`).
    #[serde(
        default,
        borrow,
        deserialize_with = "present",
        skip_serializing_if = "Option::is_none"
    )]
    pub rule: Option<Cow<'a, str>>,
    /// The board side for `moves` (default 15).
    #[serde(
        default,
        deserialize_with = "present",
        skip_serializing_if = "Option::is_none"
    )]
    pub size: Option<u64>,
    /// The other reading of the disputed case.
    #[serde(
        default,
        deserialize_with = "present",
        skip_serializing_if = "Option::is_none"
    )]
    pub five_completion_counts: Option<bool>,
}

/// A present key: its value must deserialize as `T` (null is not `None`).
fn present<'de, D: Deserializer<'de>, T: Deserialize<'de>>(d: D) -> Result<Option<T>, D::Error> {
    T::deserialize(d).map(Some)
}

impl ForbiddenQuery<'static> {
    /// The query for `board`, Black to move, as the conformance driver sends it.
    pub fn of_board(
        board: &Board,
        rule: RuleSet,
        options: RenjuOptions,
        id: Option<Value>,
    ) -> ForbiddenQuery<'static> {
        ForbiddenQuery {
            id,
            board: Some(rows_of(board).into_iter().map(Cow::Owned).collect()),
            rule: Some(Cow::Borrowed(rule.name())),
            five_completion_counts: Some(options.five_completion_counts),
            ..ForbiddenQuery::default()
        }
    }
}

impl<'a> ForbiddenQuery<'a> {
    /// Reads a query line. The error says what is wrong with it, as a sentence.
    pub fn parse(line: &'a [u8]) -> Result<ForbiddenQuery<'a>, QueryError> {
        let text = std::str::from_utf8(line).map_err(|_| QueryError::NotUtf8)?;
        // A struct also reads from a JSON array: only an object is a query.
        let object = text.trim_start().starts_with('{');
        match serde_json::from_str::<ForbiddenQuery>(text) {
            Ok(query) if object => query.check_shape().map(|()| query),
            _ => Err(why_not_a_query(text)),
        }
    }

    /// The line of this query (one JSON object, no newline).
    pub fn to_line(&self) -> String {
        serde_json::to_string(self).expect("queries serialise")
    }

    /// The rule set asked for.
    pub fn rule_set(&self) -> Result<RuleSet, QueryError> {
        match &self.rule {
            None => Ok(RuleSet::Renju),
            Some(name) => Ok(name.parse()?),
        }
    }

    /// The position asked about, Black's options applied.
    pub fn position(&self) -> Result<Position, QueryError> {
        let rule = self.rule_set()?;
        let options = RenjuOptions {
            five_completion_counts: self.five_completion_counts.unwrap_or(false),
        };
        let pos = match (&self.board, &self.moves) {
            (Some(rows), None) => {
                let board = board_of_rows(rows)?;
                Position::from_board(board, rule, Color::Black)
                    .map_err(|e| QueryError::Position(e.to_string()))?
            }
            (None, Some(moves)) => position_of_moves(moves, self.size, rule)?,
            _ => unreachable!("the shape was checked when the query was read"),
        };
        Ok(pos.with_options(options))
    }

    /// The reply: Black's forbidden points, and with `explain` the explanation of that
    /// point (or why it cannot be given, beside a map that stays valid).
    pub fn reply(&self, explain: Option<&str>) -> Result<ForbiddenReply, QueryError> {
        let pos = self.position()?;
        let mut reply = ForbiddenReply {
            id: self.id.clone(),
            forbidden: (pos.forbidden_points().iter())
                .map(|f| (f.point, f.primary))
                .collect(),
            ..ForbiddenReply::default()
        };
        if let Some(point) = explain {
            reply.explain(&pos, point);
        }
        Ok(reply)
    }

    /// A known rule set; `board` or `moves`, not both; `size` only with `moves`.
    fn check_shape(&self) -> Result<(), QueryError> {
        self.rule_set()?;
        let shape = |why: &str| Err(QueryError::Shape(why.into()));
        match (&self.board, &self.moves) {
            (Some(_), Some(_)) => shape("give \"board\" or \"moves\", not both"),
            (Some(_), None) if self.size.is_some() => {
                shape("\"size\" goes with \"moves\"; a board's size is its row count")
            }
            (None, None) => shape("expected \"board\" or \"moves\""),
            _ => Ok(()),
        }
    }
}

/// Why `text` is not a query: the first problem found, in the order the keys are
/// checked (unknown keys, the rule, the reading, then the position).
fn why_not_a_query(text: &str) -> QueryError {
    let input: Value = match serde_json::from_str(text) {
        Ok(v) => v,
        Err(e) => return QueryError::NotJson(e.to_string()),
    };
    let shape = |why: String| QueryError::Shape(why);
    let Some(obj) = input.as_object() else {
        return shape("expected a JSON object with \"board\" or \"moves\"".into());
    };
    if let Some(key) = obj.keys().find(|k| !KEYS.contains(&k.as_str())) {
        return shape(format!("unknown key \"{key}\""));
    }
    match obj.get("rule") {
        Some(Value::String(name)) => {
            if let Err(e) = name.parse::<RuleSet>() {
                return QueryError::Rule(e);
            }
        }
        Some(_) => return shape("\"rule\" must be a string".into()),
        None => {}
    }
    if obj
        .get("five_completion_counts")
        .is_some_and(|v| !v.is_boolean())
    {
        return shape("\"five_completion_counts\" must be true or false".into());
    }
    match (obj.get("board"), obj.get("moves")) {
        (Some(_), Some(_)) => shape("give \"board\" or \"moves\", not both".into()),
        (Some(_), None) if obj.contains_key("size") => {
            shape("\"size\" goes with \"moves\"; a board's size is its row count".into())
        }
        (Some(rows), None) => rows_of_value(rows)
            .err()
            .unwrap_or_else(|| shape("not a query".into())),
        (None, Some(moves)) if !moves.is_string() => {
            shape("\"moves\" must be a string like \"h8 i9 j10\"".into())
        }
        (None, Some(_)) => shape("\"size\" must be a board side from 5 to 26".into()),
        (None, None) => shape("expected \"board\" or \"moves\"".into()),
    }
}

/// The rows of a `"board"` value that is not a list of strings, or the reason.
fn rows_of_value(value: &Value) -> Result<(), QueryError> {
    let rows = value.as_array().ok_or_else(|| {
        QueryError::Shape("\"board\" must be a list of row strings, top row first".into())
    })?;
    for (r, row) in rows.iter().enumerate() {
        if !row.is_string() {
            return Err(QueryError::Board(format!(
                "board row {} is not a string",
                rows.len() - r
            )));
        }
    }
    Ok(())
}

/// A board from rows of `B`, `W` and `.`, top row first.
fn board_of_rows(rows: &[Cow<'_, str>]) -> Result<Board, QueryError> {
    let size = rows.len();
    let side = u8::try_from(size).unwrap_or(0);
    Board::new(side).map_err(|_| {
        QueryError::Board(format!("\"board\" has {size} rows; a board has 5 to 26"))
    })?;
    let mut cells = vec![0u8; size * size];
    for (r, row) in rows.iter().enumerate() {
        let row_number = size - r;
        let count = row.chars().count();
        if count != size {
            return Err(QueryError::Board(format!(
                "board row {row_number} has {count} cells, expected {size}"
            )));
        }
        let y = row_number - 1;
        for (cell, c) in cells[y * size..][..size].iter_mut().zip(row.chars()) {
            *cell = match c {
                '.' => 0,
                'B' => 1,
                'W' => 2,
                other => {
                    return Err(QueryError::Board(format!(
                        "board row {row_number} has `{other}` (cells are B, W or .)"
                    )))
                }
            };
        }
    }
    Board::from_cells(side, &cells).map_err(|e| QueryError::Board(e.to_string()))
}

/// The position a move list reaches on a board of side `size` (15 when not given).
fn position_of_moves(
    moves: &str,
    size: Option<u64>,
    rule: RuleSet,
) -> Result<Position, QueryError> {
    let wrong = |why: String| QueryError::Position(why);
    let size = match size {
        None => 15,
        Some(s) => u8::try_from(s)
            .map_err(|_| wrong("\"size\" must be a board side from 5 to 26".into()))?,
    };
    let mut pos = Position::with_size(rule, size).map_err(|e| wrong(e.to_string()))?;
    if pos.play_moves_quiet(moves).is_err() {
        // Again, with the message that names the move.
        pos = Position::with_size(rule, size).map_err(|e| wrong(e.to_string()))?;
        pos.play_moves(moves).map_err(|e| wrong(e.to_string()))?;
    }
    Ok(pos)
}

/// The reply line to query line `number` (counted from 1), and whether it reports an
/// error: the one answer of `renju forbidden`, in parallel, and of [`ForbiddenPipe`].
pub fn answer_line(line: &[u8], number: usize, explain: Option<&str>) -> (String, bool) {
    match ForbiddenQuery::parse(line).and_then(|q| q.reply(explain)) {
        Ok(reply) => (reply.to_line(), false),
        Err(error) => (ForbiddenReply::error_line(&error.to_string(), number), true),
    }
}

/// The reply to query line `number`, `bytes` long, past the limit of `max_line` bytes.
pub fn too_long_line(bytes: u64, max_line: usize, number: usize) -> String {
    let message = format!(
        "the line is {bytes} bytes long, longer than {max_line} bytes (--max-record-bytes); it was skipped"
    );
    ForbiddenReply::error_line(&message, number)
}

/// Why the input stops at line `number`: it has no end in its first `bytes` bytes.
pub fn endless_line(number: usize, bytes: u64) -> io::Error {
    io::Error::new(
        io::ErrorKind::InvalidData,
        format!("line {number}: no line end in its first {bytes} bytes"),
    )
}

/// The `renju forbidden` protocol over a byte stream, fed as the bytes arrive, one query
/// at a time (the command answers batches of lines in parallel, in the same order and
/// with the same bytes): each complete line gets one reply line (with its `\n`), a blank
/// line none (it is counted), a line past the limit an error naming it.
///
/// ```
/// use renju_engine::forbidden_jsonl::ForbiddenPipe;
/// let mut pipe = ForbiddenPipe::new(None, 1 << 20).unwrap();
/// let mut out = Vec::new();
/// pipe.feed(b"{\"moves\": \"h8 a1 i8 a2 h9\"}\n\noops\n", &mut out).unwrap();
/// assert_eq!(String::from_utf8(out).unwrap().lines().count(), 2);
/// assert_eq!(pipe.errors(), 1);
/// ```
#[derive(Debug, Clone)]
pub struct ForbiddenPipe {
    lines: LineSplitter,
    replier: Replier,
}

/// What answers the lines of a [`ForbiddenPipe`].
#[derive(Debug, Clone)]
struct Replier {
    explain: Option<String>,
    max_line: usize,
    number: usize,
    errors: usize,
}

impl ForbiddenPipe {
    /// A pipe taking lines of at most `max_line` bytes, explaining the point `explain`
    /// in each reply when given (refused when it is not a point).
    pub fn new(explain: Option<&str>, max_line: usize) -> Result<ForbiddenPipe, String> {
        if let Some(point) = explain {
            point.parse::<Point>().map_err(|e| e.to_string())?;
        }
        Ok(ForbiddenPipe {
            lines: LineSplitter::new(max_line),
            replier: Replier {
                explain: explain.map(str::to_string),
                max_line,
                number: 0,
                errors: 0,
            },
        })
    }

    /// Feeds input bytes; the replies to the lines they complete are written to `out`
    /// as each line is answered. An `InvalidData` error ([`endless_line`]) when a line
    /// has no end in sight (see [`LineSplitter`]): the input cannot be read further.
    pub fn feed(&mut self, bytes: &[u8], out: &mut impl Write) -> io::Result<()> {
        let replier = &mut self.replier;
        let fed = self
            .lines
            .feed_answering(bytes, |read, line| replier.answer(read, line, out))?;
        fed.map_err(|bytes| endless_line(self.replier.number.saturating_add(1), bytes))
    }

    /// The input has ended: the reply to its last line, if it had no line end.
    pub fn finish(&mut self, out: &mut impl Write) -> io::Result<()> {
        let replier = &mut self.replier;
        self.lines
            .finish_answering(|read, line| replier.answer(read, line, out))
    }

    /// The number of lines answered with an error so far.
    pub fn errors(&self) -> usize {
        self.replier.errors
    }
}

impl Replier {
    fn answer(&mut self, read: LineRead, line: &[u8], out: &mut impl Write) -> io::Result<()> {
        self.number = self.number.saturating_add(1);
        let (reply, error) = match read {
            LineRead::TooLong { bytes } => (too_long_line(bytes, self.max_line, self.number), true),
            _ if line.iter().all(u8::is_ascii_whitespace) => return Ok(()),
            _ => answer_line(line, self.number, self.explain.as_deref()),
        };
        self.errors = self.errors.saturating_add(usize::from(error));
        out.write_all(reply.as_bytes())?;
        out.write_all(b"\n")
    }
}

/// The rows of `board`, top row first, `B`, `W` and `.`.
pub fn rows_of(board: &Board) -> Vec<String> {
    (0..board.size())
        .rev()
        .map(|y| {
            (0..board.size())
                .map(|x| match board.get(Point::new(x, y).expect("on board")) {
                    Some(Color::Black) => 'B',
                    Some(Color::White) => 'W',
                    None => '.',
                })
                .collect()
        })
        .collect()
}

/// One reply line.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ForbiddenReply {
    /// The query's id, echoed.
    pub id: Option<Value>,
    /// Black's forbidden points with the foul reported for each, in the judge's order.
    pub forbidden: Vec<(Point, FoulKind)>,
    /// The explanation asked for: its text and its JSON form.
    pub explanation: Option<(String, Value)>,
    /// Why the explanation asked for cannot be given.
    pub explanation_error: Option<String>,
}

impl ForbiddenReply {
    /// The error reply to line `number`: `{"error": ..., "line": N}`.
    pub fn error_line(message: &str, number: usize) -> String {
        serde_json::json!({ "error": message, "line": number }).to_string()
    }

    /// Adds the explanation of `point` (or why there is none) for `pos`.
    fn explain(&mut self, pos: &Position, point: &str) {
        let explained = Point::parse_on(point, pos.board().size())
            .map_err(|e| e.to_string())
            .and_then(|p| {
                pos.explain(p)
                    .map_err(|e| format!("cannot explain {p}: {e}"))
            });
        match explained {
            Ok(ex) => {
                let json = serde_json::to_value(&ex).expect("explanations serialise");
                self.explanation = Some((ex.to_text(), json));
            }
            Err(message) => self.explanation_error = Some(message),
        }
    }

    /// The reply as one JSON line (no newline).
    pub fn to_line(&self) -> String {
        let mut line = String::with_capacity(64);
        line.push('{');
        if let Some(id) = &self.id {
            line.push_str("\"id\":");
            line.push_str(&id.to_string());
            line.push(',');
        }
        line.push_str("\"forbidden\":{");
        for (i, (point, kind)) in self.forbidden.iter().enumerate() {
            if i > 0 {
                line.push(',');
            }
            // Point names and foul names need no JSON escaping.
            line.push('"');
            line.push_str(&point.to_string());
            line.push_str("\":\"");
            line.push_str(kind.name());
            line.push('"');
        }
        line.push('}');
        if let Some((text, json)) = &self.explanation {
            line.push_str(",\"explanation_text\":");
            line.push_str(&Value::String(text.clone()).to_string());
            line.push_str(",\"explanation\":");
            line.push_str(&json.to_string());
        }
        if let Some(message) = &self.explanation_error {
            line.push_str(",\"explanation_error\":");
            line.push_str(&Value::String(message.clone()).to_string());
        }
        line.push('}');
        line
    }

    /// Reads a reply line, as a judge under test writes it. The error says what is
    /// wrong, quoting the reply; an `{"error": ...}` reply is an error too.
    pub fn parse(text: &str) -> Result<ForbiddenReply, ReplyError> {
        let (id, verdicts) = parse_verdicts(text)?;
        let forbidden = verdicts
            .into_iter()
            .map(|(p, kind)| kind.map(|k| (p, k)).ok_or(ReplyError::NoFoulKind(p)))
            .collect::<Result<_, _>>()?;
        Ok(ForbiddenReply {
            id,
            forbidden,
            ..ForbiddenReply::default()
        })
    }
}

/// Forbidden points, each with its foul when the answer names one.
pub type PointVerdicts = Vec<(Point, Option<FoulKind>)>;

/// Reads a reply line as a judge under test may write it: its `"id"` and its
/// forbidden points, each with its foul when the reply gives one. Besides the output
/// of `renju forbidden` (`{"forbidden": {"h8": "double-three"}}`), a judge that only
/// says yes or no may answer `{"forbidden": {"h8": true}}` or `{"forbidden": ["h8"]}`
/// (`None`: only the verdict is checked). An `{"error": ...}` reply is an error.
///
/// ```
/// use renju_engine::forbidden_jsonl::parse_verdicts;
/// let (_, v) = parse_verdicts(r#"{"forbidden": ["h8"]}"#).unwrap();
/// assert_eq!(v, [("h8".parse().unwrap(), None)]);
/// let (_, v) = parse_verdicts(r#"{"forbidden": {"h8": "overline", "j9": true}}"#).unwrap();
/// assert_eq!(v[0].1, Some(renju_core::FoulKind::Overline));
/// assert_eq!(v[1].1, None);
/// ```
pub fn parse_verdicts(text: &str) -> Result<(Option<Value>, PointVerdicts), ReplyError> {
    let Ok(value) = serde_json::from_str::<Value>(text) else {
        return Err(ReplyError::NotJson);
    };
    if let Some(error) = value.get("error") {
        return Err(ReplyError::Reported(shorten(&error.to_string())));
    }
    let verdicts = match value.get("forbidden") {
        Some(Value::Object(map)) => forbidden_of(map)?,
        Some(Value::Array(points)) => points
            .iter()
            .map(|v| point_of(v.as_str().unwrap_or("")).map(|p| (p, None)))
            .collect::<Result<_, _>>()?,
        _ => return Err(ReplyError::NoForbidden),
    };
    Ok((value.get("id").cloned(), verdicts))
}

fn point_of(text: &str) -> Result<Point, ReplyError> {
    text.parse::<Point>()
        .map_err(|_| ReplyError::NotAPoint(shorten(text)))
}

/// The points and kinds of a reply's `"forbidden"` object (`true` or `"forbidden"`: a
/// foul of no stated kind).
fn forbidden_of(map: &Map<String, Value>) -> Result<PointVerdicts, ReplyError> {
    map.iter()
        .map(|(point, kind)| {
            let p = point_of(point)?;
            let k = match kind {
                Value::Bool(true) => None,
                Value::String(k) if k == "forbidden" => None,
                _ => Some(
                    (kind.as_str().and_then(|k| k.parse::<FoulKind>().ok()))
                        .ok_or_else(|| ReplyError::NotAFoul(shorten(&kind.to_string())))?,
                ),
            };
            Ok((p, k))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn answer(line: &str) -> Result<String, String> {
        ForbiddenQuery::parse(line.as_bytes())
            .and_then(|q| q.reply(None))
            .map(|r| r.to_line())
            .map_err(|e| e.to_string())
    }

    #[test]
    fn errors_name_what_is_wrong() {
        let cases = [
            ("}{", "not JSON"),
            ("[1]", "expected a JSON object"),
            (r#"{"moves": "h8", "x": 1}"#, "unknown key \"x\""),
            (r#"{"moves": "h8", "rule": 3}"#, "\"rule\" must be a string"),
            (r#"{"moves": 3}"#, "\"moves\" must be a string"),
            (
                r#"{"moves": "h8", "size": null}"#,
                "\"size\" must be a board side",
            ),
            (
                r#"{"moves": "h8", "size": 300}"#,
                "\"size\" must be a board side",
            ),
            (r#"{"board": 1}"#, "\"board\" must be a list"),
            (r#"{"board": [1]}"#, "board row 1 is not a string"),
            (r#"{"board": ["..."]}"#, "\"board\" has 1 rows"),
            (r#"{"moves": "h8", "board": []}"#, "not both"),
            (
                r#"{"board": [".....",".....",".....",".....","....."], "size": 5}"#,
                "goes with",
            ),
            (r#"{"moves": "h8 h8"}"#, "occupied"),
            (r#"{"moves": "h8", "rule": "chess"}"#, "unknown rule set"),
            ("{}", "expected \"board\" or \"moves\""),
        ];
        for (line, want) in cases {
            let got = answer(line).unwrap_err();
            assert!(got.contains(want), "{line}: {got}");
        }
        let rows = [".....", ".....", "..X..", ".....", "....."].map(String::from);
        let q = serde_json::json!({ "board": rows }).to_string();
        assert!(answer(&q).unwrap_err().contains("board row 3 has `X`"));
    }

    #[test]
    fn a_board_query_round_trips_and_is_answered() {
        let pos = Position::from_moves("f8 a1 g8 a2 h6 a3 h7 a4").unwrap();
        let query = ForbiddenQuery::of_board(
            pos.board(),
            RuleSet::Renju,
            RenjuOptions::default(),
            Some(Value::String("q1".into())),
        );
        let line = query.to_line();
        let again = ForbiddenQuery::parse(line.as_bytes()).unwrap();
        assert_eq!(again, query);
        let reply = again.reply(Some("h8")).unwrap();
        assert_eq!(
            reply.forbidden,
            [("h8".parse().unwrap(), FoulKind::DoubleThree)]
        );
        let back = ForbiddenReply::parse(&reply.to_line()).unwrap();
        assert_eq!((back.id, back.forbidden), (reply.id, reply.forbidden));
        assert!(reply.explanation.is_some());
    }

    #[test]
    fn replies_that_cannot_be_read_say_why() {
        for (text, want) in [
            ("}{", "not JSON"),
            (r#"{"error": "boom"}"#, "reported an error"),
            (r#"{"forbid": {}}"#, "no \"forbidden\""),
            (
                r#"{"forbidden": {"z99": "double-three"}}"#,
                "`z99` is not a point",
            ),
            (r#"{"forbidden": {"h8": "triple"}}"#, "is not a foul"),
        ] {
            let got = ForbiddenReply::parse(text).unwrap_err().to_string();
            assert!(got.contains(want), "{text}: {got}");
        }
    }
}
