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
//!
//! Times and the events beside the board are written among the moves:
//!
//! ```text
//! # time-control: 300+5
//! h8 {t=12.5} i9 {t=3 l=5:02} j10 {t=0:41} b:draw-offer k11 draw-decline w:resign
//! ```
//!
//! - `{t=..}` after a move: how long it took; `{l=..}` the time its player had left
//!   after it; `{m=N}` the moves (or byo-yomi periods) left. Times are seconds (`12.5`)
//!   or minutes and seconds (`5:02`, `1:02:03`).
//! - `b:` or `w:` before `draw-offer`, `resign`, `forfeit`, `violation` (or
//!   `violation=REASON`, no spaces), `late=SECONDS` and `penalty=TAKEN/GIVEN` (seconds):
//!   that player's event. `draw-accept`, `draw-decline`, `both-flags`, `split-time`
//!   and `double-forfeit` need no colour.
//! - The arbiter's pause: `pause` stops the clocks and `unpause` (or `unpause=SECONDS`,
//!   with how long the pause lasted) restarts them; the time between is in no move's
//!   `{t=..}`.
//! - An adjournment: `b:seal=DIGEST` (or `w:`; `b:seal=DIGEST/SECONDS` with the time
//!   the sealer had used on the move) seals that player's next move, of which the
//!   record shows only the SHA-256 digest (64 hexadecimal digits); `unseal=POINT/SALT`
//!   reveals it at the resumption, and the sealed stone follows as the next move (none
//!   follows when the sealed move was illegal: the sealer lost). The time between is in
//!   no move's `{t=..}`.
//! - `# time-control: TC` sets the time control of the games below (`default`: none);
//!   `# claims: rif-claim` (or `chinese-claim`) how their fouls are claimed (`default`:
//!   validation options decide).
//! - `# draw-after: N`: the referee declares the games below drawn once a move that does
//!   not win leaves N stones on the board (a match's `--draw-after`; `default`: no such
//!   limit).
//! - `# black: NAME`, `# white:`, `# event:`, `# round:`, `# date:`, `# place:`,
//!   `# termination: REASON` (why the game ended, in words: a forfeit's reason) and
//!   `# turn-limit: SECONDS` (a limit per move, beside the time control) set those tags
//!   of the games below ([`TAG_DIRECTIVES`]); an empty value unsets one. The writer
//!   writes them where they change; other tags are not written.
//! - The opening protocol's events: `swap` and `stay` (colour decisions), `declare=N`
//!   (the number of fifth-move offers), `offers=j8/k8>k8` (the offered fifth moves and
//!   the one White chose, which is move 5); a declared result: `result=1-0`,
//!   `result=0-1/time`, `result=1/2-1/2/agreement` (reasons: five, forbidden,
//!   resignation, time, forfeit, agreement, two-passes, full-board).

use std::collections::VecDeque;
use std::io::BufRead;

use crate::clock::{LateArrival, Penalty};
use crate::formats::limits::{line_too_long, line_without_end, read_line, LineRead, ReadLimits};
use crate::formats::{Chunk, ChunkDirective, Format, WriteError};
use crate::game::{ClaimModel, DeclaredResult, Event, Game, ResultReason, Source};
use crate::opening::OpeningRule;
use crate::text::check_text;
use crate::time_control::{format_seconds, TimeControl};
use renju_core::error::ParseError;
use renju_core::geometry::Color;
use renju_core::geometry::{MAX_SIZE, RENJU_SIZE};
use renju_core::notation;
use renju_core::rules::RuleSet;

#[derive(Clone)]
struct Directives {
    rule_set: Option<RuleSet>,
    opening: Option<OpeningRule>,
    size: u8,
    time_control: Option<TimeControl>,
    claims: Option<ClaimModel>,
    draw_after: Option<u16>,
    /// The game-information tags the directives set, in [`TAG_DIRECTIVES`] order.
    tags: Vec<(String, String)>,
}

/// The game-information tags a directive sets (`# black: NAME`; an empty value unsets
/// it): the players, the event, its round, date and place, the reason the game ended
/// (`termination`, as a match runner words it) and a turn limit (`turn-limit`, seconds,
/// which a time control cannot say). Other tags are not written.
pub const TAG_DIRECTIVES: [&str; 8] = [
    "black",
    "white",
    "event",
    "round",
    "date",
    "place",
    "termination",
    "turn-limit",
];

/// Reads a move-list file: one game per non-blank, non-comment line.
///
/// ```
/// use renju_records::formats::movelist;
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
/// use renju_records::formats::movelist;
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
    Stream::new(reader, file, limits)
}

/// The records of one part of a move-list file, the part [`Chunk`] describes: `reader`
/// gives exactly the part's bytes (from `chunk.start` to `chunk.end`). The records are
/// the ones the whole file gives for those lines: same lines, indexes and directives in
/// force, and the errors of directives that never applied to a game come with the last
/// part (`chunk.end` is `None`).
pub fn stream_chunk<'a, R: BufRead + 'a>(
    reader: R,
    file: Option<&str>,
    limits: ReadLimits,
    chunk: &Chunk,
) -> impl Iterator<Item = Result<Game, ParseError>> + 'a {
    let mut s = Stream::new(reader, file, limits);
    s.lineno = chunk.lines;
    s.records = chunk.games;
    s.last = chunk.end.is_none() || chunk.last;
    s.replaying = true;
    for d in &chunk.directives {
        s.line.clear();
        s.line.extend_from_slice(d.text.as_bytes());
        s.record(d.line);
        if let Some(bad) = s.bad.last_mut() {
            bad.used |= d.used && bad.error.location.line == Some(d.line);
        }
        if d.used {
            s.unused.retain(|&(_, line)| line != d.line);
        }
    }
    s.replaying = false;
    s
}

/// Splits a move-list file into parts of about `target_bytes` each, at line ends: reads
/// the file once, without parsing the games, and gives each part's byte range and the
/// reader state at its start (see [`Chunk`]). An empty file is one part.
pub fn chunks<R: BufRead>(reader: R, limits: ReadLimits, target_bytes: u64) -> Vec<Chunk> {
    let mut s = Stream::new(
        Counted {
            inner: reader,
            position: 0,
        },
        None,
        limits,
    );
    s.scan = true;
    let mut chunks = vec![s.checkpoint(0)];
    let step = target_bytes.max(1);
    let mut next = step;
    while !s.done {
        let position = s.reader.position;
        if position >= next {
            let previous = chunks.last_mut().expect("a first chunk");
            previous.end = Some(position);
            chunks.push(s.checkpoint(position));
            next = position + step;
        }
        s.step();
        s.emitted += s.queue.len();
        s.queue.clear();
    }
    // A last part with no bytes is dropped: the one before it takes its place.
    if chunks.len() > 1 && chunks.last().map(|c| c.start) == Some(s.reader.position) {
        chunks.pop();
    }
    // The file's size is known now: the last part ends there.
    let last = chunks.last_mut().expect("a chunk");
    last.end = Some(s.reader.position);
    last.last = true;
    chunks
}

/// A byte-counting reader (for [`chunks`]).
struct Counted<R> {
    inner: R,
    position: u64,
}

impl<R: std::io::Read> std::io::Read for Counted<R> {
    fn read(&mut self, out: &mut [u8]) -> std::io::Result<usize> {
        let n = self.inner.read(out)?;
        self.position += n as u64;
        Ok(n)
    }
}

impl<R: BufRead> BufRead for Counted<R> {
    fn fill_buf(&mut self) -> std::io::Result<&[u8]> {
        self.inner.fill_buf()
    }
    fn consume(&mut self, n: usize) {
        self.position += n as u64;
        self.inner.consume(n);
    }
}

/// A directive that could not be read: its key, the error, and whether a game was
/// reported under it.
struct BadDirective {
    key: String,
    /// The directive's line as written (for [`Chunk`]).
    text: String,
    error: ParseError,
    used: bool,
}

struct Stream<R> {
    reader: R,
    file: Option<std::sync::Arc<str>>,
    dir: Directives,
    bad: Vec<BadDirective>,
    /// The directive lines in force (the last of each key that could be read), for
    /// [`Chunk`]: line number and text.
    kept: Vec<(String, usize, String)>,
    /// The directives read since the last game (key and line): one replaced before a
    /// game is under it is an error.
    unused: Vec<(String, usize)>,
    /// Replaying a part's directives in force ([`stream_chunk`]): their errors were
    /// given with the part before.
    replaying: bool,
    queue: VecDeque<Result<Game, ParseError>>,
    line: Vec<u8>,
    lineno: usize,
    records: usize,
    /// Records given so far (for [`chunks`]).
    emitted: usize,
    max_line: usize,
    done: bool,
    /// The end of the reader is the end of the file (not of a part of it).
    last: bool,
    /// Counting only: games are not parsed (for [`chunks`]).
    scan: bool,
}

impl<R: BufRead> Stream<R> {
    fn new(reader: R, file: Option<&str>, limits: ReadLimits) -> Stream<R> {
        Stream {
            reader,
            file: file.map(std::sync::Arc::from),
            dir: Directives {
                rule_set: None,
                opening: None,
                size: RENJU_SIZE,
                time_control: None,
                claims: None,
                draw_after: None,
                tags: Vec::new(),
            },
            bad: Vec::new(),
            kept: Vec::new(),
            unused: Vec::new(),
            replaying: false,
            queue: VecDeque::new(),
            line: Vec::new(),
            lineno: 0,
            records: 0,
            emitted: 0,
            max_line: limits.max_line_bytes,
            done: false,
            last: true,
            scan: false,
        }
    }

    /// The state at a line start, `position` bytes into the file.
    fn checkpoint(&self, position: u64) -> Chunk {
        let mut directives: Vec<ChunkDirective> = self
            .kept
            .iter()
            .map(|(key, line, text)| ChunkDirective {
                line: *line,
                text: text.clone(),
                used: !self.unused.iter().any(|(k, _)| k == key),
            })
            .collect();
        directives.extend(self.bad.iter().map(|b| ChunkDirective {
            line: b.error.location.line.unwrap_or(0),
            text: b.text.clone(),
            used: b.used,
        }));
        directives.sort_by_key(|d| d.line);
        Chunk {
            last: false,
            start: position,
            end: None,
            lines: self.lineno,
            games: self.records,
            records: self.emitted,
            directives,
            rif: None,
        }
    }

    /// Reads one line and queues what it gives; sets `done` at the end.
    fn step(&mut self) {
        self.lineno += 1;
        let lineno = self.lineno;
        match read_line(&mut self.reader, &mut self.line, self.max_line, true) {
            Ok(LineRead::Eof) => {
                self.done = true;
                let unused = std::mem::take(&mut self.bad);
                if self.last {
                    self.queue
                        .extend(unused.into_iter().filter(|b| !b.used).map(|b| Err(b.error)));
                }
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
            Ok(LineRead::Endless { bytes }) => {
                self.done = true;
                let index = self.records;
                self.records += 1;
                self.queue.push_back(Err(line_without_end(bytes)
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
            self.step();
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
            let replaced = replace_unused(&mut self.unused, &key, lineno);
            if let Some(error) = replaced.filter(|_| !self.replaying) {
                self.queue.push_back(Err(error));
            }
            // A directive of this key replaces any earlier bad one.
            if let Some(i) = self.bad.iter().position(|b| b.key == key) {
                let old = self.bad.remove(i);
                if !old.used {
                    self.queue.push_back(Err(old.error));
                }
            }
            match result {
                Err(e) => self.bad.push(BadDirective {
                    key,
                    text: raw.to_string(),
                    error: e.at_line(lineno),
                    used: false,
                }),
                Ok(()) => {
                    self.kept.retain(|(k, _, _)| *k != key);
                    self.kept.push((key.clone(), lineno, raw.to_string()));
                    self.unused.push((key, lineno));
                }
            }
            return;
        }
        let index = self.records;
        self.records += 1;
        self.unused.clear();
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
        if self.scan {
            self.queue.push_back(Ok(Game::default()));
            return;
        }
        let dir = self.dir.clone();
        if let Err(e) = check_draw_after(&dir) {
            self.queue
                .push_back(Err(e.at_line(lineno).in_record(record)));
            return;
        }
        let parsed = parse_events(content).map(|events| Game {
            id: None,
            rule_set: dir.rule_set,
            opening: dir.opening,
            size: dir.size,
            time_control: dir.time_control,
            claims: dir.claims,
            draw_after: dir.draw_after,
            tags: dir.tags.clone(),
            events,
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

/// The error when a directive of `key` read since the last game (in `unused`, which
/// loses it) is replaced at line `lineno` before any game is under it: which of the
/// two was meant?
fn replace_unused(
    unused: &mut Vec<(String, usize)>,
    key: &str,
    lineno: usize,
) -> Option<ParseError> {
    let i = unused.iter().position(|(k, _)| k == key)?;
    let (_, line) = unused.remove(i);
    Some(
        ParseError::new(format!(
            "the `# {key}:` directive is replaced at line {lineno} before any game is under it"
        ))
        .at_line(line),
    )
}

/// A game's stone limit must leave room on its board: `draw-after: 226` on 15x15
/// could never apply.
fn check_draw_after(dir: &Directives) -> Result<(), ParseError> {
    let points = u32::from(dir.size) * u32::from(dir.size);
    match dir.draw_after {
        Some(n) if u32::from(n) > points => Err(ParseError::new(format!(
            "`draw-after: {n}` is more stones than a {0}x{0} board holds ({points})",
            dir.size
        ))),
        _ => Ok(()),
    }
}

/// A turn limit's value: seconds (`30`, `2.5`) or `m:ss`, above zero and at most a
/// day.
fn check_turn_limit(value: &str) -> Result<(), ParseError> {
    match duration(value) {
        Some(ms) if ms > 0 && ms <= 24 * 3600 * 1000 => Ok(()),
        _ => Err(ParseError::new(format!(
            "`turn-limit: {value}` is not a time per move (seconds or m:ss, above 0 and at most a day)"
        ))),
    }
}

/// The key of a directive comment (`rule`, `opening`, `size`), if it is one.
fn directive_key(comment: &str) -> Option<String> {
    let (key, _) = comment.split_once(':')?;
    let key = key.trim().to_ascii_lowercase();
    (matches!(
        key.as_str(),
        "rule" | "opening" | "size" | "time-control" | "claims" | "draw-after"
    ) || TAG_DIRECTIVES.contains(&key.as_str()))
    .then_some(key)
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
        "time-control" if value == "default" => dir.time_control = None,
        "claims" if value == "default" => dir.claims = None,
        "claims" => dir.claims = Some(value.parse()?),
        "draw-after" if value == "default" => dir.draw_after = None,
        "draw-after" => {
            dir.draw_after = Some(value.parse().ok().filter(|&n| n > 0).ok_or_else(|| {
                ParseError::new(format!(
                    "`draw-after: {value}` is not a number of stones (1 to 65535)"
                ))
            })?)
        }
        "turn-limit" if !value.is_empty() => {
            check_turn_limit(value)?;
            set_tag(&mut dir.tags, "turn-limit", value)
        }
        key if TAG_DIRECTIVES.contains(&key) => {
            check_text(key, value).map_err(|e| ParseError::new(e.to_string()))?;
            set_tag(&mut dir.tags, key, value)
        }
        "time-control" => {
            dir.time_control = Some(value.parse().map_err(
                |e: crate::time_control::TimeControlError| ParseError::new(e.to_string()),
            )?)
        }
        "rule" => dir.rule_set = Some(value.parse()?),
        "opening" => dir.opening = Some(value.parse()?),
        "size" => {
            dir.size = value
                .parse()
                .ok()
                .filter(|s| (renju_core::geometry::MIN_SIZE..=MAX_SIZE).contains(s))
                .ok_or_else(|| {
                    ParseError::new(format!("`size: {value}` is not a board size (5 to 26)"))
                })?;
        }
        _ => {}
    }
    Ok(())
}

/// Sets (or with an empty value, removes) a tag, keeping [`TAG_DIRECTIVES`] order.
fn set_tag(tags: &mut Vec<(String, String)>, key: &str, value: &str) {
    tags.retain(|(k, _)| k != key);
    if !value.is_empty() {
        tags.push((key.to_string(), value.to_string()));
        tags.sort_by_key(|(k, _)| TAG_DIRECTIVES.iter().position(|t| t == k));
    }
}

/// The `# key: value` lines that take the tags of the game before (`current`) to
/// those of `game`; a value a line cannot hold (a line break, a control character,
/// spaces around it) is an error.
fn tag_directives(game: &Game, current: &mut Vec<(String, String)>) -> Result<String, ParseError> {
    let mut out = String::new();
    for key in TAG_DIRECTIVES {
        let wanted = game.tag(key).unwrap_or("");
        let had = current
            .iter()
            .find(|(k, _)| k == key)
            .map_or("", |(_, v)| v);
        if wanted == had {
            continue;
        }
        check_text(key, wanted)
            .map_err(|e| ParseError::new(format!("a move-list directive cannot hold it: {e}")))?;
        match wanted {
            "" => out.push_str(&format!("# {key}:\n")),
            value => out.push_str(&format!("# {key}: {value}\n")),
        }
        set_tag(current, key, wanted);
    }
    Ok(out)
}

/// Writes games one per line, with `# rule:`, `# opening:` and `# size:` directives
/// where they change. Only stones and passes can be written; a game with swap
/// decisions, offers or a declared result, or without moves, is an error naming it.
pub fn write(games: &[Game]) -> Result<Vec<u8>, WriteError> {
    write_games(games).map_err(|e| WriteError::new(Format::MoveList, e))
}

fn write_games(games: &[Game]) -> Result<Vec<u8>, ParseError> {
    let mut out = String::new();
    let mut current = (None, None, RENJU_SIZE);
    let mut current_control = None;
    let mut current_claims = None;
    let mut current_tags = Vec::new();
    let mut current_draw_after = None;
    for (i, game) in games.iter().enumerate() {
        let name = |said: Option<String>| said.unwrap_or_else(|| "default".to_string());
        let wanted = (game.rule_set, game.opening, game.size);
        if wanted != current {
            out.push_str(&format!(
                "# rule: {}\n# opening: {}\n# size: {}\n",
                name(game.rule_set.map(|r| r.to_string())),
                name(game.opening.map(|o| o.to_string())),
                game.size
            ));
            current = wanted;
        }
        if game.time_control != current_control {
            out.push_str(&format!(
                "# time-control: {}\n",
                name(game.time_control.as_ref().map(|c| c.to_string()))
            ));
            current_control = game.time_control.clone();
        }
        // A claim model other than the automatic one decides how a game with a foul
        // ends: it is written, so that the record validates to the same result.
        let claims = game.claims.filter(|c| *c != ClaimModel::Automatic);
        if claims != current_claims {
            out.push_str(&format!(
                "# claims: {}\n",
                name(claims.map(|c| c.to_string()))
            ));
            current_claims = claims;
        }
        if game.draw_after != current_draw_after {
            let limit = game.draw_after.map(|n| n.to_string());
            out.push_str(&format!("# draw-after: {}\n", name(limit)));
            current_draw_after = game.draw_after;
        }
        out.push_str(
            &tag_directives(game, &mut current_tags)
                .map_err(|e| e.in_record(format!("game {}", i + 1)))?,
        );
        let mut moves = Vec::new();
        for e in &game.events {
            match e {
                Event::Stone { point } => moves.push(point.to_string()),
                Event::Pass => moves.push("pass".to_string()),
                other => match event_text(other) {
                    Some(text) => moves.push(text),
                    None => {
                        return Err(ParseError::new(format!(
                            "a move list cannot hold {other}; use RIF or SGF"
                        ))
                        .in_record(format!("game {}", i + 1)))
                    }
                },
            }
        }
        if moves.is_empty() {
            // Its line would be blank, and blank lines are skipped: the game would be lost.
            return Err(ParseError::new(
                "a move list has no line for a game without moves; use RIF or SGF",
            )
            .in_record(format!("game {}", i + 1)));
        }
        out.push_str(&moves.join(" "));
        out.push('\n');
    }
    Ok(out.into_bytes())
}

/// The events of one game written as a move-list line's content (moves, `{..}` clock
/// readings and event words; no comment, no directive), as [`read`] reads a line: for
/// games that come one per row of a table ([`crate::rows`]). Errors name the move.
///
/// ```
/// use renju_records::formats::movelist;
/// assert_eq!(movelist::parse_line("h8 i9 w:resign").unwrap().len(), 3);
/// assert!(movelist::parse_line("h8 zz").is_err());
/// ```
pub fn parse_line(content: &str) -> Result<Vec<Event>, ParseError> {
    parse_events(content)
}

/// Seconds (`12.5`) or `m:ss` / `h:mm:ss` as milliseconds.
fn duration(text: &str) -> Option<u64> {
    let mut total = 0f64;
    for part in text.split(':') {
        let v: f64 = part
            .parse()
            .ok()
            .filter(|v: &f64| v.is_finite() && *v >= 0.0)?;
        total = total * 60.0 + v;
    }
    (text.split(':').count() <= 3).then(|| (total * 1000.0).round() as u64)
}

/// The events of a line: moves, `{..}` clock readings and event words (see the module
/// docs). Errors name the move number.
fn parse_events(content: &str) -> Result<Vec<Event>, ParseError> {
    let mut events = Vec::new();
    let mut moves = 0usize;
    let mut pending = String::new();
    let flush = |pending: &mut String, events: &mut Vec<Event>, moves: &mut usize| {
        if pending.trim().is_empty() {
            pending.clear();
            return Ok(());
        }
        let parsed = notation::parse_moves(pending, MAX_SIZE).map_err(|mut e| {
            e.location.move_number = e.location.move_number.map(|n| n + *moves);
            e
        })?;
        *moves += parsed.len();
        events.extend(parsed.into_iter().map(Event::from));
        pending.clear();
        Ok::<(), ParseError>(())
    };
    let mut rest = content;
    while let Some(c) = rest.chars().next() {
        if c == '{' {
            flush(&mut pending, &mut events, &mut moves)?;
            let end = rest.find('}').ok_or_else(|| {
                ParseError::new("a `{` clock reading is not closed by `}`").at_move(moves)
            })?;
            let reading = &rest[1..end];
            rest = &rest[end + 1..];
            if moves == 0 {
                return Err(ParseError::new(format!(
                    "the clock reading {{{reading}}} comes before any move"
                )));
            }
            let (mut elapsed_ms, mut left_ms, mut moves_left) = (None, None, None);
            for item in reading.split_whitespace() {
                let bad = || {
                    ParseError::new(format!(
                        "`{item}` is not a clock reading (t=SECONDS, l=SECONDS or m=MOVES)"
                    ))
                    .at_move(moves)
                };
                let (key, value) = item.split_once('=').ok_or_else(bad)?;
                match key {
                    "t" => elapsed_ms = Some(duration(value).ok_or_else(bad)?),
                    "l" => left_ms = Some(duration(value).ok_or_else(bad)?),
                    "m" => moves_left = Some(value.parse().map_err(|_| bad())?),
                    _ => return Err(bad()),
                }
            }
            events.push(Event::MoveTime {
                elapsed_ms,
                left_ms,
                moves_left,
            });
            continue;
        }
        let end = rest
            .find(|c: char| c.is_whitespace() || c == '{')
            .unwrap_or(rest.len());
        let word = &rest[..end];
        match event_word(word).transpose() {
            Some(event) => {
                flush(&mut pending, &mut events, &mut moves)?;
                let event = event.map_err(|e| e.at_move(moves))?;
                if matches!(event, Event::FifthOffers { .. }) {
                    moves += 1;
                }
                events.push(event);
            }
            None => pending.push_str(word),
        }
        pending.push(' ');
        rest = &rest[end..];
        let skip = rest.len() - rest.trim_start().len();
        rest = &rest[skip..];
    }
    flush(&mut pending, &mut events, &mut moves)?;
    Ok(events)
}

/// `by`'s seal, of value `DIGEST` or `DIGEST/SECONDS`.
fn seal(by: Color, value: &str) -> Option<Event> {
    let (digest, elapsed) = match value.split_once('/') {
        Some((digest, secs)) => (digest, Some(duration(secs)?)),
        None => (value, None),
    };
    Some(Event::Seal {
        by,
        digest: digest.parse().ok()?,
        elapsed_ms: elapsed,
    })
}

/// The event an event word stands for; `Ok(None)` when the word is a move.
fn event_word(word: &str) -> Result<Option<Event>, ParseError> {
    let (color, rest) = match word.split_once(':') {
        Some(("b" | "B", rest)) => (Some(Color::Black), rest),
        Some(("w" | "W", rest)) => (Some(Color::White), rest),
        _ => (None, word),
    };
    let (name, value) = match rest.split_once('=') {
        Some((n, v)) => (n, Some(v)),
        None => (rest, None),
    };
    let bad = |why: &str| Err(ParseError::new(format!("`{word}`: {why}")));
    let secs = |v: Option<&str>| v.and_then(duration);
    let event = match (color, name) {
        (None, "draw-accept") => Event::DrawAnswer { accepted: true },
        (None, "draw-decline") => Event::DrawAnswer { accepted: false },
        (None, "both-flags") => Event::BothFlagsDown,
        (None, "split-time") => Event::SplitTime,
        (None, "pause") => Event::Pause,
        (None, "unpause") => match value.map(duration) {
            None => Event::Unpause { paused_ms: None },
            Some(Some(ms)) => Event::Unpause { paused_ms: Some(ms) },
            Some(None) => return bad("unpause or unpause=SECONDS (how long the pause lasted)"),
        },
        (None, "double-forfeit") => Event::DoubleForfeit,
        (None, "swap") => Event::Swap { swap: true },
        (None, "stay") => Event::Swap { swap: false },
        (None, "declare") => match value.and_then(|v| v.parse().ok()) {
            Some(count) => Event::DeclareOffers { count },
            None => return bad("declare=N, N from 1 to 255"),
        },
        (None, "offers") => match value.and_then(offers) {
            Some(event) => event,
            None => return bad("offers=P/P/...>CHOSEN, e.g. offers=j8/k8>k8"),
        },
        (None, "result") => match value.and_then(result) {
            Some(event) => event,
            None => {
                return bad("result=1-0, 0-1 or 1/2-1/2, optionally /REASON (time, forbidden, ...)")
            }
        },
        (None, "unseal") => match value.map(str::parse) {
            Some(Ok(sealed)) => Event::Unseal { sealed },
            Some(Err(e)) => return bad(&e.to_string()),
            None => return bad("unseal=POINT/SALT"),
        },
        (Some(by), "seal") => match value.and_then(|v| seal(by, v)) {
            Some(event) => event,
            None => {
                return bad(
                    "seal=DIGEST or seal=DIGEST/SECONDS: the 64 hexadecimal digits of a SHA-256, and the time the sealer had used on the move",
                )
            }
        },
        (Some(by), "draw-offer") => Event::DrawOffer { by },
        (Some(by), "resign") => Event::Resign { by },
        (Some(by), "forfeit") => Event::Forfeit { by },
        (Some(by), "violation") => Event::Violation {
            by,
            reason: value.unwrap_or("noted by the referee").replace('-', " "),
        },
        (Some(color), "late") => match secs(value) {
            Some(late_ms) => Event::LateArrival(LateArrival { color, late_ms }),
            None => return bad("late=SECONDS"),
        },
        (Some(offender), "penalty") => {
            match value
                .and_then(|v| v.split_once('/'))
                .map(|(t, g)| (duration(t), duration(g)))
            {
                Some((Some(taken_ms), Some(given_ms))) => Event::Penalty(Penalty {
                    offender,
                    taken_ms,
                    given_ms,
                }),
                _ => return bad("penalty=TAKEN/GIVEN (seconds)"),
            }
        }
        (Some(_), _) => {
            return bad(
                "not an event (draw-offer, resign, forfeit, violation, late=S, penalty=T/G, seal=DIGEST)",
            )
        }
        (None, _) => return Ok(None),
    };
    Ok(Some(event))
}

/// `j8/k8>k8`: the offered fifth moves and the one chosen.
fn offers(value: &str) -> Option<Event> {
    let (offered, chosen) = value.split_once('>')?;
    let point = |t: &str| t.parse::<renju_core::Point>().ok();
    let offered = offered.split('/').map(point).collect::<Option<Vec<_>>>()?;
    Some(Event::FifthOffers {
        offered,
        chosen: point(chosen)?,
    })
}

/// `1-0`, `0-1/time`, `1/2-1/2/agreement`: a declared result.
fn result(value: &str) -> Option<Event> {
    let (winner, reason) = match value.strip_prefix("1/2-1/2") {
        Some(rest) => (None, rest),
        None => match value.split_at_checked(3)? {
            ("1-0", rest) => (Some(Color::Black), rest),
            ("0-1", rest) => (Some(Color::White), rest),
            _ => return None,
        },
    };
    let reason = match reason.strip_prefix('/') {
        None if reason.is_empty() => None,
        None => return None,
        Some(text) => Some(match text {
            "five" => ResultReason::Five,
            "forbidden" => ResultReason::Forbidden,
            "resignation" => ResultReason::Resignation,
            "time" => ResultReason::Time,
            "forfeit" => ResultReason::Forfeit,
            "agreement" => ResultReason::Agreement,
            "two-passes" => ResultReason::TwoPasses,
            "full-board" => ResultReason::FullBoard,
            _ => return None,
        }),
    };
    Some(Event::Result(DeclaredResult { winner, reason }))
}

/// A declared result's word: `result=0-1/time`; `None` when its reason is free text.
fn result_text(result: &DeclaredResult) -> Option<String> {
    let score = match result.winner {
        Some(Color::Black) => "1-0",
        Some(Color::White) => "0-1",
        None => "1/2-1/2",
    };
    let reason = match &result.reason {
        None => return Some(format!("result={score}")),
        Some(ResultReason::Other(_)) => return None,
        Some(ResultReason::Five) => "five",
        Some(ResultReason::Forbidden) => "forbidden",
        Some(ResultReason::Resignation) => "resignation",
        Some(ResultReason::Time) => "time",
        Some(ResultReason::Forfeit) => "forfeit",
        Some(ResultReason::Agreement) => "agreement",
        Some(ResultReason::TwoPasses) => "two-passes",
        Some(ResultReason::FullBoard) => "full-board",
    };
    Some(format!("result={score}/{reason}"))
}

/// An event's word in a move list; `None` for one a move list cannot hold.
fn event_text(event: &Event) -> Option<String> {
    let c = |c: &Color| if *c == Color::Black { "b" } else { "w" };
    Some(match event {
        Event::MoveTime {
            elapsed_ms,
            left_ms,
            moves_left,
        } => {
            let mut parts = Vec::new();
            if let Some(ms) = elapsed_ms {
                parts.push(format!("t={}", format_seconds(*ms)));
            }
            if let Some(ms) = left_ms {
                parts.push(format!("l={}", format_seconds(*ms)));
            }
            if let Some(n) = moves_left {
                parts.push(format!("m={n}"));
            }
            format!("{{{}}}", parts.join(" "))
        }
        Event::DrawAnswer { accepted: true } => "draw-accept".into(),
        Event::DrawAnswer { accepted: false } => "draw-decline".into(),
        Event::BothFlagsDown => "both-flags".into(),
        Event::SplitTime => "split-time".into(),
        Event::Pause => "pause".into(),
        Event::Unpause { paused_ms: None } => "unpause".into(),
        Event::Unpause {
            paused_ms: Some(ms),
        } => format!("unpause={}", format_seconds(*ms)),
        Event::DoubleForfeit => "double-forfeit".into(),
        Event::Swap { swap: true } => "swap".into(),
        Event::Swap { swap: false } => "stay".into(),
        Event::DeclareOffers { count } => format!("declare={count}"),
        Event::FifthOffers { offered, chosen } => {
            let offered: Vec<String> = offered.iter().map(ToString::to_string).collect();
            format!("offers={}>{chosen}", offered.join("/"))
        }
        Event::Result(result) => return result_text(result),
        Event::Seal {
            by,
            digest,
            elapsed_ms,
        } => match elapsed_ms {
            Some(ms) => format!("{}:seal={digest}/{}", c(by), format_seconds(*ms)),
            None => format!("{}:seal={digest}", c(by)),
        },
        Event::Unseal { sealed } => format!("unseal={sealed}"),
        Event::DrawOffer { by } => format!("{}:draw-offer", c(by)),
        Event::Resign { by } => format!("{}:resign", c(by)),
        Event::Forfeit { by } => format!("{}:forfeit", c(by)),
        Event::Violation { by, reason }
            if !reason.contains('-') && !reason.contains(char::is_control) =>
        {
            format!("{}:violation={}", c(by), reason.replace(' ', "-"))
        }
        Event::LateArrival(LateArrival { color, late_ms }) => {
            format!("{}:late={}", c(color), format_seconds(*late_ms))
        }
        Event::Penalty(Penalty {
            offender,
            taken_ms,
            given_ms,
        }) => format!(
            "{}:penalty={}/{}",
            c(offender),
            format_seconds(*taken_ms),
            format_seconds(*given_ms)
        ),
        _ => return None,
    })
}
