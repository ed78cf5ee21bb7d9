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

use std::io::BufRead;

use crate::error::ParseError;
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
/// error record, and reading stops there.
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
    Stream {
        reader,
        file: file.map(std::sync::Arc::from),
        dir: Directives {
            rule_set: None,
            opening: None,
            size: RENJU_SIZE,
        },
        line: Vec::new(),
        lineno: 0,
        records: 0,
        done: false,
    }
}

struct Stream<R> {
    reader: R,
    file: Option<std::sync::Arc<str>>,
    dir: Directives,
    line: Vec<u8>,
    lineno: usize,
    records: usize,
    done: bool,
}

impl<R: BufRead> Iterator for Stream<R> {
    type Item = Result<Game, ParseError>;

    fn next(&mut self) -> Option<Self::Item> {
        while !self.done {
            self.line.clear();
            self.lineno += 1;
            let lineno = self.lineno;
            match self.reader.read_until(b'\n', &mut self.line) {
                Ok(0) => self.done = true,
                Ok(_) => {
                    if let Some(mut record) = self.record(lineno) {
                        self.records += 1;
                        super::name_record(&mut record, self.file.as_ref());
                        return Some(record);
                    }
                }
                Err(e) => {
                    self.done = true;
                    let mut e = Err(ParseError::new(format!("cannot read: {e}")).at_line(lineno));
                    super::name_record(&mut e, self.file.as_ref());
                    return Some(e);
                }
            }
        }
        None
    }
}

impl<R> Stream<R> {
    /// The record of the line just read, if it is one (not blank, not a comment).
    fn record(&mut self, lineno: usize) -> Option<Result<Game, ParseError>> {
        let text = String::from_utf8_lossy(&self.line);
        let raw = text.trim_end_matches(['\n', '\r']);
        let (content, comment) = match raw.split_once('#') {
            Some((c, m)) => (c, Some(m)),
            None => (raw, None),
        };
        if content.trim().is_empty() {
            let comment = comment?;
            return directive(comment, &mut self.dir)
                .err()
                .map(|e| Err(e.at_line(lineno)));
        }
        let index = self.records;
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
        Some(parsed.map_err(|e| e.at_line(lineno).in_record(format!("game {}", index + 1))))
    }
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
