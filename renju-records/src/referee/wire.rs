//! The JSON-lines form of the referee, one line in and one line out: [`Command`] reads
//! a line, [`Referee::handle`] answers a [`Reply`]. `renju referee`, the C library's
//! JSON path and Python's `Referee.apply` all speak it through this module.
//!
//! A line is a JSON object with an `action` field: one of the [`Action`] names (with
//! `point`, `points` or `count` where the action takes one, and optionally `by` and
//! `t`), or a query: `status`, `record` (with `format`, one of the text formats `moves`,
//! `rif`, `psq`, `sgf` and `openings`: `moves`, the default, holds every event of a live
//! game, the others less), `explain` (with `point`) and `sealed` (the move sealed at an
//! adjournment, `POINT/SALT`, for the arbiter to keep apart from the public record). The reply is
//! `{"ok":true,"status":{...}}` or `{"ok":false,"error":{"code":...,"message":...},"status":{...}}`,
//! with `record` or `explanation` beside the status for those queries.

use serde::{Deserialize, Serialize};
use thiserror::Error;

use std::borrow::Cow;
use std::io::{self, Write};

use super::{ActionKind, Referee, Refusal, RefusalCode, Request, Status};
use crate::formats::{Format, LineRead, LineSplitter};
use renju_core::geometry::Point;

/// One line of the JSON-lines protocol.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    /// An action.
    Act(Request),
    /// The status, changing nothing.
    Status,
    /// The game so far, written in a text format.
    Record {
        /// The format.
        format: Format,
    },
    /// Why a black stone on a point would (or would not) be forbidden.
    Explain {
        /// The point.
        point: Point,
    },
    /// The move sealed at the adjournment under way (`POINT/SALT`), the part kept apart
    /// from the public record.
    Sealed,
}

/// A line that is not a command; the reply's code is `bad-request`.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("{0}")]
pub struct CommandError(String);

/// The queries a line may make besides the actions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Query {
    /// [`Command::Status`].
    Status,
    /// [`Command::Record`].
    Record,
    /// [`Command::Explain`].
    Explain,
    /// [`Command::Sealed`].
    Sealed,
}

renju_core::name_table!(Query, "query", {
    Status => "status",
    Record => "record",
    Explain => "explain",
    Sealed => "sealed",
});

/// A line's `action` word, read before the rest of the line.
#[derive(Deserialize)]
struct Word<'a> {
    #[serde(borrow)]
    action: Cow<'a, str>,
}

/// A query line.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct QueryLine {
    action: Query,
    #[serde(default)]
    point: Option<Point>,
    #[serde(default)]
    format: Option<Format>,
}

impl Command {
    /// Reads one line: a query, or a [`Request`] as its serde form reads it.
    ///
    /// ```
    /// use renju_records::referee::{Action, Command};
    /// let c = Command::from_json(r#"{"action":"place","point":"h8","by":"first","t":1500}"#).unwrap();
    /// let Command::Act(request) = c else { panic!() };
    /// assert_eq!(request.action, Action::Place { point: "h8".parse().unwrap() });
    /// assert!(Command::from_json(r#"{"action":"place"}"#).unwrap_err().to_string().contains("`point`"));
    /// assert!(Command::from_json(r#"{"action":"fly"}"#).unwrap_err().to_string().contains("draw-offer"));
    /// ```
    pub fn from_json(line: &str) -> Result<Command, CommandError> {
        // Most lines are actions: read once, as a request; the rest are told apart after.
        let refused = match serde_json::from_str::<Request>(line) {
            Ok(request) => return Ok(Command::Act(request)),
            Err(e) => CommandError(e.to_string()),
        };
        let word: Word = serde_json::from_str(line)
            .map_err(|e| CommandError(format!("not a command line: {e}")))?;
        if let Ok(query) = word.action.parse::<Query>() {
            let line: QueryLine =
                serde_json::from_str(line).map_err(|e| CommandError(e.to_string()))?;
            return line.command(query);
        }
        if word.action.parse::<ActionKind>().is_err() {
            return Err(CommandError(format!(
                "`{}` is not an action ({})",
                word.action,
                Command::words().join(", ")
            )));
        }
        Err(refused)
    }

    /// Every word a line's `action` may be: the actions, then the queries.
    pub fn words() -> Vec<&'static str> {
        let actions = ActionKind::ALL.iter().map(|k| k.name());
        actions.chain(Query::ALL.iter().map(|q| q.name())).collect()
    }
}

impl QueryLine {
    fn command(self, query: Query) -> Result<Command, CommandError> {
        Ok(match query {
            Query::Status => Command::Status,
            Query::Record => Command::Record {
                format: self.format.unwrap_or(Format::MoveList),
            },
            Query::Sealed => Command::Sealed,
            Query::Explain => Command::Explain {
                point: self
                    .point
                    .ok_or_else(|| CommandError(format!("`{}` needs `point`", self.action)))?,
            },
        })
    }
}

/// The answer to one line.
#[derive(Debug, Clone, Serialize)]
pub struct Reply {
    /// Whether the line was taken.
    pub ok: bool,
    /// Why not.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<Refusal>,
    /// The record asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub record: Option<String>,
    /// The explanation asked for, in words.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub explanation: Option<String>,
    /// The sealed move asked for (`POINT/SALT`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sealed: Option<String>,
    /// Where the game stands after the line.
    pub status: Status,
}

impl Serialize for Refusal {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut st = s.serialize_struct("Refusal", 2)?;
        st.serialize_field("code", self.code.name())?;
        st.serialize_field("message", &self.message)?;
        st.end()
    }
}

impl Reply {
    /// The reply as one line of JSON (no newline): the same text as serde's.
    pub fn to_json(&self) -> String {
        let mut out = String::from(if self.ok {
            "{\"ok\":true"
        } else {
            "{\"ok\":false"
        });
        let mut field = |key: &str, value: String| {
            out.push_str(",\"");
            out.push_str(key);
            out.push_str("\":");
            out.push_str(&value);
        };
        if let Some(error) = &self.error {
            field("error", json(error));
        }
        if let Some(record) = &self.record {
            field("record", json(record));
        }
        if let Some(explanation) = &self.explanation {
            field("explanation", json(explanation));
        }
        if let Some(sealed) = &self.sealed {
            field("sealed", json(sealed));
        }
        field("status", self.status.to_json());
        out.push('}');
        out
    }
}

fn json<T: Serialize + ?Sized>(value: &T) -> String {
    serde_json::to_string(value).expect("reply fields serialise")
}

impl Referee {
    /// Answers one command.
    pub fn handle(&mut self, command: Command) -> Reply {
        let (mut ok, mut error, mut record, mut explanation) = (true, None, None, None);
        let mut sealed = None;
        let mut refused = |refusal: Refusal| {
            ok = false;
            error = Some(refusal);
        };
        match command {
            Command::Status => {}
            Command::Act(request) => {
                if let Err(refusal) = self.take(&request) {
                    refused(refusal);
                }
            }
            Command::Sealed => match self.sealed_move() {
                Some(move_) => sealed = Some(move_.to_string()),
                None => refused(Refusal::new(
                    RefusalCode::WrongAction,
                    "no move sealed here: the game is not adjourned, or was resumed from its record",
                )),
            },
            Command::Record { format } => match self.record(format) {
                Ok(text) => record = Some(text),
                Err(refusal) => refused(refusal),
            },
            Command::Explain { point } => match self.explain(point) {
                Ok(e) => explanation = Some(e.to_text()),
                Err(e) => {
                    let code = match e {
                        renju_core::IllegalMove::Occupied { .. } => RefusalCode::Occupied,
                        renju_core::IllegalMove::OffBoard { .. } => RefusalCode::OffBoard,
                        renju_core::IllegalMove::GameOver { .. } => RefusalCode::GameOver,
                    };
                    refused(Refusal::new(code, e.to_string()));
                }
            },
        }
        Reply {
            ok,
            error,
            record,
            explanation,
            sealed,
            status: self.status(),
        }
    }

    /// Answers one line of JSON with one line of JSON (no newline): a line that is not
    /// a command gets a `bad-request` reply.
    ///
    /// ```
    /// use renju_records::referee::{Referee, RefereeOptions};
    /// let mut referee = Referee::new(RefereeOptions::default()).unwrap();
    /// let reply = referee.handle_json(r#"{"action":"place","point":"h8"}"#);
    /// assert!(reply.starts_with(r#"{"ok":true,"status":{"required":"place","to_act":"second""#));
    /// let reply = referee.handle_json("{not json");
    /// assert!(reply.starts_with(r#"{"ok":false,"error":{"code":"bad-request""#));
    /// ```
    pub fn handle_json(&mut self, line: &str) -> String {
        match Command::from_json(line) {
            Ok(command) => self.handle(command).to_json(),
            Err(e) => Reply {
                ok: false,
                error: Some(Refusal::new(RefusalCode::BadRequest, e.0)),
                record: None,
                explanation: None,
                sealed: None,
                status: self.status(),
            }
            .to_json(),
        }
    }

    /// The game so far, written in a text format (a binary one is refused), as the
    /// format can hold it ([`Format::fit`]: a resignation or forfeit becomes the declared
    /// result where the format has no event for it).
    pub fn record(&self, format: Format) -> Result<String, Refusal> {
        if format.info().binary {
            return Err(Refusal::new(
                RefusalCode::BadRequest,
                format!(
                    "{} is a binary format: ask for {}",
                    format.info().title,
                    Format::text_names_sentence()
                ),
            ));
        }
        let bytes = format
            .write(&[format.fit(&self.game())])
            .map_err(|e| Refusal::new(RefusalCode::BadRequest, e.to_string()))?;
        String::from_utf8(bytes)
            .map_err(|_| Refusal::new(RefusalCode::BadRequest, "the record is not text"))
    }
}

/// The referee's JSON-lines pipe over a byte stream, fed as the bytes arrive: each
/// complete line gets one reply line (with its `\n`), a blank line none, a line longer
/// than the limit a `bad-request` reply naming its length, and a UTF-8 byte-order mark
/// before the first line is skipped. `renju referee` and the JavaScript package's
/// command both run their input through it, so their replies are the same bytes.
///
/// ```
/// use renju_records::referee::{Referee, RefereeOptions, RefereePipe};
/// let mut pipe = RefereePipe::new(Referee::new(RefereeOptions::default()).unwrap(), 4096);
/// let mut out = Vec::new();
/// pipe.feed(b"{\"action\":\"place\",", &mut out).unwrap();
/// assert!(out.is_empty());
/// pipe.feed(b"\"point\":\"h8\"}\n\n", &mut out).unwrap();
/// assert!(out.starts_with(br#"{"ok":true,"#) && out.ends_with(b"\n"));
/// ```
#[derive(Debug, Clone)]
pub struct RefereePipe {
    lines: LineSplitter,
    replier: Replier,
}

/// What answers the lines of a [`RefereePipe`].
#[derive(Debug, Clone)]
struct Replier {
    referee: Referee,
    max_line: usize,
    first: bool,
}

/// The UTF-8 byte-order mark some editors and Windows tools write first.
const UTF8_BOM: &[u8] = b"\xEF\xBB\xBF";

impl RefereePipe {
    /// A pipe to `referee` taking lines of at most `max_line` bytes.
    pub fn new(referee: Referee, max_line: usize) -> RefereePipe {
        RefereePipe {
            lines: LineSplitter::new(max_line),
            replier: Replier {
                referee,
                max_line,
                first: true,
            },
        }
    }

    /// Feeds input bytes; the replies to the lines they complete are written to `out`
    /// as each line is answered. An `InvalidData` error when a line has no end in
    /// sight (see [`LineSplitter`]): the input cannot be read further.
    pub fn feed(&mut self, bytes: &[u8], out: &mut impl Write) -> io::Result<()> {
        let replier = &mut self.replier;
        let fed = self
            .lines
            .feed_answering(bytes, |read, line| replier.answer(read, line, out))?;
        fed.map_err(|bytes| {
            io::Error::new(
                io::ErrorKind::InvalidData,
                format!("no line end in the first {bytes} bytes of a request"),
            )
        })
    }

    /// The input has ended: the reply to its last line, if it had no line end.
    pub fn finish(&mut self, out: &mut impl Write) -> io::Result<()> {
        let replier = &mut self.replier;
        self.lines
            .finish_answering(|read, line| replier.answer(read, line, out))
    }
}

impl Replier {
    fn answer(&mut self, read: LineRead, line: &[u8], out: &mut impl Write) -> io::Result<()> {
        let first = std::mem::replace(&mut self.first, false);
        let reply = match read {
            LineRead::TooLong { bytes } => Reply {
                ok: false,
                error: Some(Refusal::new(
                    RefusalCode::BadRequest,
                    format!(
                        "the line is {bytes} bytes long, more than {}",
                        self.max_line
                    ),
                )),
                record: None,
                explanation: None,
                sealed: None,
                status: self.referee.status(),
            }
            .to_json(),
            _ => {
                let line = match line.strip_prefix(UTF8_BOM) {
                    Some(rest) if first => rest,
                    _ => line,
                };
                let text = String::from_utf8_lossy(line);
                if text.trim().is_empty() {
                    return Ok(());
                }
                self.referee.handle_json(&text)
            }
        };
        out.write_all(reply.as_bytes())?;
        out.write_all(b"\n")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hostile_lines_are_bad_requests() {
        for line in [
            "",
            "null",
            "[]",
            r#"{"action":7}"#,
            r#"{"action":"place","point":"z99"}"#,
            r#"{"action":"place","point":"h8","extra":1}"#,
            r#"{"action":"declare","count":300}"#,
            r#"{"action":"place","point":"h8","t":-5}"#,
            r#"{"action":"place","point":"h8","by":"third"}"#,
            r#"{"action":"fly"}"#,
            r#"{"action":"record","format":"pdf"}"#,
        ] {
            assert!(Command::from_json(line).is_err(), "{line}");
        }
    }

    #[test]
    fn a_bad_point_is_quoted_once_and_short() {
        let long = "x".repeat(1 << 20);
        let line = format!(r#"{{"action":"place","point":"{long}"}}"#);
        let reply = Referee::new(super::super::RefereeOptions::default())
            .unwrap()
            .handle_json(&line);
        assert!(reply.len() < 2_000, "{} bytes", reply.len());
        assert_eq!(reply.matches("xxxxxxxxxxxxxxxx").count(), 1, "{reply}");
        assert!(reply.contains("(1048576 bytes)"), "{reply}");
    }
}
