//! Plain-text move lists: one game per line.
//!
//! ```text
//! # Comments start with `#`; blank lines are skipped.
//! # Directives in a comment apply to the lines after them (`default`: the file does
//! # not say, and validation options decide):
//! # rule: freestyle
//! # size: 20
//! # opening: swap2
//! h8 i9 j10 k11
//! 1.h8 2.i9 3.j8
//! h8i9j8 pass
//! ```

use std::collections::VecDeque;
use std::io::BufRead;

use crate::error::ParseError;
use crate::formats::limits::{line_too_long, read_line, LineRead, ReadLimits};
use crate::formats::{Format, WriteError};
use crate::game::{Event, Game, Source};
use crate::geometry::{MAX_SIZE, RENJU_SIZE};
use crate::notation;
use crate::opening::OpeningRule;
use crate::rules::RuleSet;

#[derive(Clone, Copy)]
struct Directives {
    rule_set: Option<RuleSet>,
    opening: Option<OpeningRule>,
    size: u8,
}

/// Reads a move-list file: one game per non-blank, non-comment line.
///
/// ```
/// use renju_core::formats::movelist;
/// let games = movelist::read(b"# two games\nh8 i9\n\n1.h8 2.h9 3.h10 # trailing comment\n", None);
/// assert_eq!(games.len(), 2);
/// assert_eq!(games[1].as_ref().unwrap().source.line, Some(4));
/// ```
pub fn read(bytes: &[u8], file: Option<&str>) -> Vec<Result<Game, ParseError>> {
    stream(bytes, file).collect()
}

/// Reads a move-list file from any buffered reader, one game at a time: memory holds
/// one line, whatever the file's size. A line that cannot be read (an I/O error) is an
/// error record, and reading stops there. Lines end at `\n`, `\r\n` or a lone `\r`; a
/// UTF-8 byte-order mark at the start is skipped. A line longer than the default
/// [`ReadLimits::max_line_bytes`] (1 MiB) is an error record and reading goes on after
/// it (see [`stream_with_limits`]).
///
/// A directive that cannot be read (`# size: 99`) is not a game: the games under it
/// (until a good directive of the same key) are error records naming it, and a bad
/// directive with no game under it is an error record of its own.
///
/// ```
/// use renju_core::formats::movelist;
/// let mut games = movelist::stream(&b"h8 i9\nh8 h8\n"[..], Some("two.txt"));
/// assert_eq!(games.next().unwrap().unwrap().events.len(), 2);
/// assert!(games.next().is_some());
/// assert!(games.next().is_none());
/// ```
pub fn stream<'a, R: BufRead + 'a>(
    reader: R,
    file: Option<&str>,
) -> impl Iterator<Item = Result<Game, ParseError>> + 'a {
    stream_with_limits(reader, file, ReadLimits::default())
}

/// [`stream`] with a line limit of `limits.max_line_bytes`.
pub fn stream_with_limits<'a, R: BufRead + 'a>(
    reader: R,
    file: Option<&str>,
    limits: ReadLimits,
) -> impl Iterator<Item = Result<Game, ParseError>> + 'a {
    Stream {
        reader,
        file: file.map(std::sync::Arc::from),
        dir: Directives {
            rule_set: None,
            opening: None,
            size: RENJU_SIZE,
        },
        bad: Vec::new(),
        queue: VecDeque::new(),
        line: Vec::new(),
        lineno: 0,
        records: 0,
        max_line: limits.max_line_bytes,
        done: false,
    }
}

/// A directive that could not be read: its key, the error, and whether a game was
/// reported under it.
struct BadDirective {
    key: String,
    error: ParseError,
    used: bool,
}

struct Stream<R> {
    reader: R,
    file: Option<std::sync::Arc<str>>,
    dir: Directives,
    bad: Vec<BadDirective>,
    queue: VecDeque<Result<Game, ParseError>>,
    line: Vec<u8>,
    lineno: usize,
    records: usize,
    max_line: usize,
    done: bool,
}

impl<R: BufRead> Iterator for Stream<R> {
    type Item = Result<Game, ParseError>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            if let Some(mut record) = self.queue.pop_front() {
                super::name_record(&mut record, self.file.as_ref());
                return Some(record);
            }
            if self.done {
                return None;
            }
            self.lineno += 1;
            let lineno = self.lineno;
            match read_line(&mut self.reader, &mut self.line, self.max_line, true) {
                Ok(LineRead::Eof) => {
                    self.done = true;
                    let unused = std::mem::take(&mut self.bad);
                    self.queue
                        .extend(unused.into_iter().filter(|b| !b.used).map(|b| Err(b.error)));
                }
                Ok(LineRead::Line) => {
                    if lineno == 1 && self.line.starts_with(super::BOM.as_bytes()) {
                        self.line.drain(..super::BOM.len());
                    }
                    self.record(lineno);
                }
                Ok(LineRead::TooLong { bytes }) => {
                    let index = self.records;
                    self.records += 1;
                    self.queue.push_back(Err(line_too_long(bytes, self.max_line)
                        .at_line(lineno)
                        .in_record(format!("game {}", index + 1))));
                }
                Err(e) => {
                    self.done = true;
                    self.queue.push_back(Err(
                        ParseError::new(format!("cannot read: {e}")).at_line(lineno)
                    ));
                }
            }
        }
    }
}

impl<R> Stream<R> {
    /// Queues the record of the line just read, if it is one (not blank, not a
    /// comment), or the error of a directive that applies to no game.
    fn record(&mut self, lineno: usize) {
        let text = String::from_utf8_lossy(&self.line);
        let raw = text.as_ref();
        let (content, comment) = match raw.split_once('#') {
            Some((c, m)) => (c, Some(m)),
            None => (raw, None),
        };
        if content.trim().is_empty() {
            let Some(comment) = comment else {
                return;
            };
            let Some(key) = directive_key(comment) else {
                return;
            };
            let result = directive(comment, &mut self.dir);
            // A directive of this key replaces any earlier bad one.
            if let Some(i) = self.bad.iter().position(|b| b.key == key) {
                let old = self.bad.remove(i);
                if !old.used {
                    self.queue.push_back(Err(old.error));
                }
            }
            if let Err(e) = result {
                self.bad.push(BadDirective {
                    key,
                    error: e.at_line(lineno),
                    used: false,
                });
            }
            return;
        }
        let index = self.records;
        self.records += 1;
        let record = format!("game {}", index + 1);
        if let Some(bad) = self.bad.first_mut() {
            bad.used = true;
            let at = bad.error.location.line.unwrap_or(0);
            let message = format!(
                "the game is under a directive that cannot be read (line {at}: {}), so its rules or board are unknown",
                bad.error.message
            );
            self.queue.push_back(Err(ParseError::new(message)
                .at_line(lineno)
                .in_record(record)));
            return;
        }
        let dir = self.dir;
        let parsed = notation::parse_moves(content, MAX_SIZE).map(|moves| Game {
            id: None,
            rule_set: dir.rule_set,
            opening: dir.opening,
            size: dir.size,
            events: moves.into_iter().map(Event::from).collect(),
            source: Source {
                line: Some(lineno),
                index,
                ..Source::default()
            },
            ..Game::default()
        });
        self.queue
            .push_back(parsed.map_err(|e| e.at_line(lineno).in_record(record)));
    }
}

/// The key of a directive comment (`rule`, `opening`, `size`), if it is one.
fn directive_key(comment: &str) -> Option<String> {
    let (key, _) = comment.split_once(':')?;
    let key = key.trim().to_ascii_lowercase();
    matches!(key.as_str(), "rule" | "opening" | "size").then_some(key)
}

fn directive(comment: &str, dir: &mut Directives) -> Result<(), ParseError> {
    let Some((key, value)) = comment.split_once(':') else {
        return Ok(());
    };
    let value = value.trim();
    match key.trim().to_ascii_lowercase().as_str() {
        // `default`: the record does not say (validation options decide).
        "rule" if value == "default" => dir.rule_set = None,
        "opening" if value == "default" => dir.opening = None,
        "rule" => dir.rule_set = Some(value.parse()?),
        "opening" => dir.opening = Some(value.parse()?),
        "size" => {
            dir.size = value
                .parse()
                .ok()
                .filter(|s| (crate::geometry::MIN_SIZE..=MAX_SIZE).contains(s))
                .ok_or_else(|| {
                    ParseError::new(format!("`size: {value}` is not a board size (5 to 26)"))
                })?;
        }
        _ => {}
    }
    Ok(())
}

/// Writes games one per line, with `# rule:`, `# opening:` and `# size:` directives
/// where they change. Only stones and passes can be written; a game with swap
/// decisions, offers or a declared result is an error naming it.
pub fn write(games: &[Game]) -> Result<Vec<u8>, WriteError> {
    write_games(games).map_err(|e| WriteError::new(Format::MoveList, e))
}

fn write_games(games: &[Game]) -> Result<Vec<u8>, ParseError> {
    let mut out = String::new();
    let mut current = (None, None, RENJU_SIZE);
    for (i, game) in games.iter().enumerate() {
        let wanted = (game.rule_set, game.opening, game.size);
        if wanted != current {
            let name = |said: Option<String>| said.unwrap_or_else(|| "default".to_string());
            out.push_str(&format!(
                "# rule: {}\n# opening: {}\n# size: {}\n",
                name(game.rule_set.map(|r| r.to_string())),
                name(game.opening.map(|o| o.to_string())),
                game.size
            ));
            current = wanted;
        }
        let mut moves = Vec::new();
        for e in &game.events {
            match e {
                Event::Stone { point } => moves.push(point.to_string()),
                Event::Pass => moves.push("pass".to_string()),
                other => {
                    return Err(ParseError::new(format!(
                        "a move list cannot hold {other}; use RIF or SGF"
                    ))
                    .in_record(format!("game {}", i + 1)))
                }
            }
        }
        out.push_str(&moves.join(" "));
        out.push('\n');
    }
    Ok(out.into_bytes())
}
