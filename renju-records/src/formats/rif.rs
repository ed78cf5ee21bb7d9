//! RenjuNet `.rif` XML databases (`renjunet_v10_YYYYMMDD.rif`).
//!
//! ```xml
//! <database>
//!   <rules><rule id="1" name="RIF"/></rules>
//!   <openings><opening id="19" name="Sosei"/></openings>
//!   <players><player id="3069" name="Ann" surname="Smith"/></players>
//!   <tournaments><tournament id="3369" name="Open"/></tournaments>
//!   <games>
//!     <game id="171548" tournament="3369" round="8" rule="1" black="3069" white="3969"
//!           bresult="1" btime="8" wtime="8" opening="19" alt="51" swap="R">
//!       <move>h8 h9 i8 g8 g9</move>
//!       <info>B=1245</info>
//!     </game>
//!   </games>
//! </database>
//! ```
//!
//! The XML is read as a stream: the tables come before the games in RenjuNet's files, and a
//! game can only use the table rows read before it.
//!
//! Each `<game>` becomes a [`Game`]:
//! - `id` is the game's id; `source.line` is the line of `<game>`, `source.index` its
//!   0-based position among the games.
//! - `<move>`: the moves, black first, in `h8` notation (rows from the bottom), on
//!   15x15. A game whose `<move>` is empty or missing is an error naming it.
//! - `rule` is looked up in `<rules>` and the rule's **name** decides the rule set and
//!   opening protocol (never its id, which differs between databases). Names are read as
//!   words, case-insensitively: `RIF`/`Classic` is Renju with [`OpeningRule::Rif1996`];
//!   `Yamaguchi`; `Soosorv-N` (also `Soosyrv`, `Soosõrv`; N defaults to 8);
//!   `Taraguchi-N` (N defaults to 10, as everywhere in this library); `Chinese`;
//!   `RIF 1989` or `Renju Swap` is [`OpeningRule::Swap`]; these imply Renju. `Swap2` alone is
//!   **standard** gomoku with Swap2 (exactly five wins, as at the gomoku world
//!   championships); `Freestyle Swap2` is freestyle. `Renju`, `Freestyle`, `Standard`
//!   and `Caro` name the rule set, and `Swap`, `Pro`, `Free` a gomoku protocol alongside
//!   one. `Gomoku`, `rule` and `opening` are filler. A name with any other word (`Sakata`,
//!   `Super Taraguchi`, a bare `Gomoku` that says neither freestyle nor standard) or
//!   with contradicting words is kept in `unknown_rule`, with no rule set: never guessed.
//! - `bresult` `1`, `0` and `0.5` are a black win, a white win and a draw: an
//!   [`Event::Result`] after the moves.
//! - `swap`: one [`Event::Swap`] per character (`R` swap, `-` no swap), after move 3 for
//!   RIF, Swap, Yamaguchi, Chinese and gomoku swap; after moves 3 and 4 for Soosorv; after
//!   moves 1 to 5 for Taraguchi (three characters: the fifth-move-offer branch); after
//!   moves 3 and 5 for Swap2. With another protocol, or more characters than decision
//!   points, the extra decisions follow the last point (move 3 when the protocol has
//!   none); a game shorter than a point has its decision after its last move.
//! - Tags: `black`, `white` (the player's `name surname`), `tournament` (its name),
//!   `opening` (its name), `round`, `alt` (RenjuNet's fifth-move alternatives, kept as
//!   written: its format is not documented), `btime`, `wtime` and `info`. An id missing
//!   from its table is written `#id`.
//!
//! Malformed XML is an error record located by line, and reading goes on at the next
//! `<game` tag (see [`stream`]). Writing produces a self-contained database (rules, openings, players and
//! tournaments tables holding the names used) that reads back to the same games. It
//! refuses what the format cannot hold: boards other than 15x15, fifth-move offers and
//! declared offer counts (`alt` is opaque), a result with a reason, and swap decisions
//! or a result anywhere the reader would not put them.

use std::collections::{HashMap, HashSet, VecDeque};
use std::io::BufRead;

use quick_xml::escape::escape;
use quick_xml::events::{BytesStart, Event as Xml};
use quick_xml::Reader;

use crate::formats::{Chunk, Format, ReadLimits, RifState, WriteError};
use crate::game::{DeclaredResult, Event, Game, Source};
use crate::opening::OpeningRule;
use renju_core::error::ParseError;
use renju_core::geometry::{Color, RENJU_SIZE};
use renju_core::notation;
use renju_core::notation::Move;

/// The tables of a database: id to name.
#[derive(Default)]
struct Tables {
    rules: HashMap<String, String>,
    openings: HashMap<String, String>,
    players: HashMap<String, String>,
    tournaments: HashMap<String, String>,
}

/// Which table a game attribute refers to.
#[derive(Clone, Copy)]
enum Table {
    Openings,
    Players,
    Tournaments,
}

/// Game attributes kept as tags (tag = attribute name), with the table their value is
/// an id in.
const GAME_TAGS: [(&str, Option<Table>); 8] = [
    ("black", Some(Table::Players)),
    ("white", Some(Table::Players)),
    ("tournament", Some(Table::Tournaments)),
    ("round", None),
    ("opening", Some(Table::Openings)),
    ("alt", None),
    ("btime", None),
    ("wtime", None),
];

impl Tables {
    fn get(&self, table: Table) -> &HashMap<String, String> {
        match table {
            Table::Openings => &self.openings,
            Table::Players => &self.players,
            Table::Tournaments => &self.tournaments,
        }
    }
}

/// A `<game>` as read, before it is checked.
struct RawGame {
    line: usize,
    index: usize,
    attrs: Vec<(String, String)>,
    moves: Option<String>,
    info: Option<String>,
    /// What was read leniently (unknown entities), for the `xml_warnings` tag.
    notes: Vec<String>,
    /// Why the game cannot be read at all (its tag's attributes are malformed).
    error: Option<String>,
    /// How many elements are open around it.
    depth: usize,
}

impl RawGame {
    /// The game's name in errors: `game 171548`, or `game #3` without an id.
    fn record(&self) -> String {
        match self.attr("id") {
            Some(id) => format!("game {id}"),
            None => format!("game #{}", self.index + 1),
        }
    }

    fn append(&mut self, target: Capture, text: &str) {
        let field = match target {
            Capture::Moves => &mut self.moves,
            Capture::Info => &mut self.info,
        };
        field.get_or_insert_with(String::new).push_str(text);
    }

    fn attr(&self, key: &str) -> Option<&str> {
        self.attrs
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.trim())
            .filter(|v| !v.is_empty())
    }
}

/// Where the text of the current element goes.
#[derive(Clone, Copy)]
enum Capture {
    Moves,
    Info,
}

/// Reads every game of a RenjuNet database.
///
/// ```
/// use renju_records::formats::rif;
/// use renju_records::OpeningRule;
/// use renju_core::RuleSet;
/// let xml = r#"<database><rules><rule id="1" name="RIF"/></rules>
/// <players><player id="7" name="Ann" surname="Smith"/></players>
/// <games><game id="42" rule="1" black="7" bresult="1" swap="-"><move>h8 h9 j10</move></game></games>
/// </database>"#;
/// let game = rif::read(xml.as_bytes(), None).remove(0).unwrap();
/// assert_eq!(game.id.as_deref(), Some("42"));
/// assert_eq!(game.rule_set, Some(RuleSet::Renju));
/// assert_eq!(game.opening, Some(OpeningRule::Rif1996));
/// assert_eq!(game.tag("black"), Some("Ann Smith"));
/// assert_eq!(game.events.len(), 5); // three stones, the swap decision, the result
/// ```
pub fn read(bytes: &[u8], file: Option<&str>) -> Vec<Result<Game, ParseError>> {
    stream(bytes, file).collect()
}

/// Reads a database from any buffered reader, one game at a time: memory holds the
/// tables (rules, players, ...) and one game, whatever the file's size, and line numbers
/// are counted as the bytes go by.
///
/// The reader recovers: malformed XML (or a game longer than
/// [`ReadLimits::max_game_bytes`]) is an error record located by line (naming the game
/// when it is inside one), and reading goes on at the next `<game` tag. A `<game>` that
/// starts inside another ends the outer one, which is an error record. HTML entities
/// (`&nbsp;`, `&eacute;`) are read as their characters; an unknown entity or a bare `&`
/// is kept as written and noted in the game's `xml_warnings` tag. A document whose root
/// is not `<database>`, or that has no `<games>` element (an empty file, plain text, an
/// HTML page), gives an error record "not a RenjuNet database". An I/O error is a last
/// error record.
///
/// ```
/// use renju_records::formats::rif;
/// let xml = br#"<database><rules><rule id="1" name="RIF"/></rules><games>
/// <game id="1" rule="1"><move>h8 h9 h10</move></game>
/// <game id="2" rule="1"><move>h8 h8</move></game></games></database>"#;
/// let records: Vec<_> = rif::stream(&xml[..], None).collect();
/// assert_eq!(records.len(), 2);
/// ```
pub fn stream<'a, R: BufRead + 'a>(
    reader: R,
    file: Option<&str>,
) -> impl Iterator<Item = Result<Game, ParseError>> + 'a {
    stream_with_limits(reader, file, ReadLimits::default())
}

/// [`stream`] with a game limit of `limits.max_game_bytes` (which also bounds any one
/// tag or run of text outside the games).
pub fn stream_with_limits<'a, R: BufRead + 'a>(
    reader: R,
    file: Option<&str>,
    limits: ReadLimits,
) -> impl Iterator<Item = Result<Game, ParseError>> + 'a {
    Stream::new(reader, file, limits)
}

/// The records of one part of a database, the part [`Chunk`] describes: `reader` gives
/// exactly the part's bytes (from `chunk.start` to `chunk.end`). The records are the ones
/// the whole file gives for those games (same lines, indexes and table names), and the
/// errors about the document's end come with the last part (`chunk.end` is `None`).
pub fn stream_chunk<'a, R: BufRead + 'a>(
    reader: R,
    file: Option<&str>,
    limits: ReadLimits,
    chunk: &Chunk,
) -> impl Iterator<Item = Result<Game, ParseError>> + 'a {
    let mut s = Stream::new(reader, file, limits);
    s.last = chunk.end.is_none() || chunk.last;
    if let Some(state) = &chunk.rif {
        s.counter().newlines = chunk.lines as u64;
        s.games_seen = chunk.games;
        let [rules, openings, players, tournaments] = &state.tables;
        let map = |rows: &Vec<(String, String)>| rows.iter().cloned().collect();
        s.tables = Tables {
            rules: map(rules),
            openings: map(openings),
            players: map(players),
            tournaments: map(tournaments),
        };
        s.stack = games_level();
        s.game_stack = state.game_stack.clone();
        s.seen_root = true;
        s.seen_games = true;
    }
    s
}

/// Splits a database into parts of about `target_bytes` each, between two `<game>`
/// elements of `<database><games>`: reads the file once (the XML, not the games' moves)
/// and gives each part's byte range and the reader state there (lines and games before
/// it, the tables read so far). A file without such places is one part.
pub fn chunks<R: BufRead>(reader: R, limits: ReadLimits, target_bytes: u64) -> Vec<Chunk> {
    let mut s = Stream::new(reader, None, limits);
    s.scan = true;
    let mut chunks = vec![Chunk::default()];
    let step = target_bytes.max(1);
    let mut next = step;
    let mut emitted = 0;
    while !s.done {
        let position = s.counter().position;
        if position >= next && s.between_games() {
            chunks.last_mut().expect("a first chunk").end = Some(position);
            let mut tables: [Vec<(String, String)>; 4] = Default::default();
            for (rows, table) in tables.iter_mut().zip([
                &s.tables.rules,
                &s.tables.openings,
                &s.tables.players,
                &s.tables.tournaments,
            ]) {
                *rows = table.iter().map(|(k, v)| (k.clone(), v.clone())).collect();
                rows.sort_unstable();
            }
            chunks.push(Chunk {
                start: position,
                end: None,
                last: false,
                lines: s.counter().newlines as usize,
                games: s.games_seen,
                records: emitted,
                directives: Vec::new(),
                rif: Some(RifState {
                    tables,
                    game_stack: s.game_stack.clone(),
                }),
            });
            next = position + step;
        }
        s.step();
        emitted += s.queue.len();
        s.queue.clear();
    }
    // The file's size is known now: the last part ends there.
    let end = s.counter().position;
    let last = chunks.last_mut().expect("a first chunk");
    last.end = Some(end);
    last.last = true;
    chunks
}

/// The open elements where games are split: `<database><games>`.
fn games_level() -> Vec<String> {
    vec!["database".to_string(), "games".to_string()]
}

fn xml_reader<R: BufRead>(counter: Counter<R>) -> Reader<Counter<R>> {
    let mut reader = Reader::from_reader(counter);
    // End tags are checked against the reader's own stack of open elements, which
    // survives recovery (quick-xml's would not).
    reader.config_mut().check_end_names = false;
    reader.config_mut().allow_unmatched_ends = true;
    reader
}

/// A buffered reader that counts newlines as bytes are consumed (constant memory), stops
/// (a false end of input) once `limit` bytes went by since the last mark, and can give
/// back bytes read ahead while looking for the next game.
struct Counter<R> {
    inner: R,
    /// Bytes taken from `inner`.
    position: u64,
    /// Bytes to give before the inner reader's (already counted).
    prefix: Vec<u8>,
    prefix_at: usize,
    newlines: u64,
    since_mark: u64,
    limit: u64,
    overflow: bool,
}

impl<R: BufRead> std::io::Read for Counter<R> {
    fn read(&mut self, out: &mut [u8]) -> std::io::Result<usize> {
        let n = {
            let available = self.fill_buf()?;
            let n = available.len().min(out.len());
            out[..n].copy_from_slice(&available[..n]);
            n
        };
        self.consume(n);
        Ok(n)
    }
}

impl<R: BufRead> BufRead for Counter<R> {
    fn fill_buf(&mut self) -> std::io::Result<&[u8]> {
        let left = self.limit.saturating_sub(self.since_mark);
        if left == 0 {
            self.overflow = true;
            return Ok(&[]);
        }
        let left = usize::try_from(left).unwrap_or(usize::MAX);
        if self.prefix_at < self.prefix.len() {
            let rest = &self.prefix[self.prefix_at..];
            return Ok(&rest[..rest.len().min(left)]);
        }
        let available = self.inner.fill_buf()?;
        Ok(&available[..available.len().min(left)])
    }

    fn consume(&mut self, n: usize) {
        self.since_mark += n as u64;
        if self.prefix_at < self.prefix.len() {
            self.prefix_at = (self.prefix_at + n).min(self.prefix.len());
            return;
        }
        // The bytes being consumed are still in the inner buffer.
        if let Ok(buffer) = self.inner.fill_buf() {
            let seen = buffer[..n.min(buffer.len())]
                .iter()
                .filter(|&&b| b == b'\n')
                .count();
            self.newlines += seen as u64;
        }
        self.position += n as u64;
        self.inner.consume(n);
    }
}

impl<R: BufRead> Counter<R> {
    /// The 1-based line of the next byte.
    fn line(&self) -> usize {
        usize::try_from(self.newlines)
            .unwrap_or(usize::MAX)
            .saturating_add(1)
    }

    /// Starts a new count of bytes against the limit.
    fn mark(&mut self) {
        self.since_mark = 0;
        self.overflow = false;
    }

    /// Skips text up to the next `<` (text that is not kept: between tags, outside
    /// `<move>` and `<info>`), counting its newlines and nothing else.
    fn skip_text(&mut self) -> std::io::Result<()> {
        if self.prefix_at < self.prefix.len() {
            return Ok(());
        }
        loop {
            let available = match self.inner.fill_buf() {
                Ok(a) => a,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            let end = available.iter().position(|&b| b == b'<');
            let used = end.unwrap_or(available.len());
            self.newlines += available[..used].iter().filter(|&&b| b == b'\n').count() as u64;
            let empty = available.is_empty();
            self.position += used as u64;
            self.inner.consume(used);
            if end.is_some() || empty {
                return Ok(());
            }
        }
    }

    /// Skips to the next `<game` tag (followed by a space, `>` or `/`), keeping nothing
    /// but the tag's first bytes, which are given back. Returns whether one was found.
    fn skip_to_game(&mut self) -> std::io::Result<bool> {
        const TAG: &[u8] = b"<game";
        self.prefix.clear();
        self.prefix_at = 0;
        let mut matched = 0;
        loop {
            let available = match self.inner.fill_buf() {
                Ok(a) => a,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if available.is_empty() {
                return Ok(false);
            }
            let mut used = available.len();
            let mut found = None;
            for (i, &b) in available.iter().enumerate() {
                if matched == TAG.len() {
                    if b.is_ascii_whitespace() || b == b'>' || b == b'/' {
                        found = Some(b);
                        used = i + 1;
                        break;
                    }
                    matched = 0;
                }
                if b == TAG[matched] {
                    matched += 1;
                } else {
                    matched = usize::from(b == b'<');
                }
            }
            self.newlines += available[..used].iter().filter(|&&b| b == b'\n').count() as u64;
            self.position += used as u64;
            self.inner.consume(used);
            if let Some(delimiter) = found {
                self.prefix.extend_from_slice(TAG);
                self.prefix.push(delimiter);
                // The delimiter was counted when it was scanned.
                if delimiter == b'\n' {
                    self.newlines -= 1;
                }
                self.mark();
                return Ok(true);
            }
        }
    }
}

struct Stream<R> {
    /// Always `Some` but while being replaced after an error.
    reader: Option<Reader<Counter<R>>>,
    buf: Vec<u8>,
    file: Option<std::sync::Arc<str>>,
    tables: Tables,
    stack: Vec<String>,
    /// The open elements around the latest `<game>`, restored after recovery.
    game_stack: Option<Vec<String>>,
    game: Option<RawGame>,
    capture: Option<Capture>,
    games_seen: usize,
    seen_root: bool,
    seen_games: bool,
    queue: VecDeque<Result<Game, ParseError>>,
    max_game_bytes: u64,
    done: bool,
    /// The end of the reader is the end of the file (not of a part of it).
    last: bool,
    /// Counting only: games are not checked (for [`chunks`]).
    scan: bool,
}

impl<R: BufRead> Stream<R> {
    fn new(reader: R, file: Option<&str>, limits: ReadLimits) -> Stream<R> {
        let max = limits.max_game_bytes.max(1) as u64;
        Stream {
            reader: Some(xml_reader(Counter {
                inner: reader,
                position: 0,
                prefix: Vec::new(),
                prefix_at: 0,
                newlines: 0,
                since_mark: 0,
                limit: max,
                overflow: false,
            })),
            buf: Vec::new(),
            file: file.map(std::sync::Arc::from),
            tables: Tables::default(),
            stack: Vec::new(),
            game_stack: None,
            game: None,
            capture: None,
            games_seen: 0,
            seen_root: false,
            seen_games: false,
            queue: VecDeque::new(),
            max_game_bytes: max,
            done: false,
            last: true,
            scan: false,
        }
    }

    /// Whether the reader stands between two games of `<database><games>`, where a part
    /// of the file can start.
    fn between_games(&mut self) -> bool {
        let counter = self.counter();
        let given_back = counter.prefix_at < counter.prefix.len();
        !self.done
            && !given_back
            && self.game.is_none()
            && self.capture.is_none()
            && self.queue.is_empty()
            && self.stack == games_level()
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

/// What went wrong with the XML: the message, and whether reading can go on at the
/// next game.
struct XmlError {
    message: String,
    recover: bool,
}

impl<R: BufRead> Stream<R> {
    fn counter(&mut self) -> &mut Counter<R> {
        self.reader.as_mut().expect("reader present").get_mut()
    }

    fn line(&mut self) -> usize {
        self.counter().line()
    }

    /// Reads one XML event, queueing any record it completes or any error it meets.
    fn step(&mut self) {
        if self.game.is_none() {
            self.counter().mark();
        }
        if self.capture.is_none() {
            if let Err(e) = self.counter().skip_text() {
                self.fail(XmlError {
                    message: format!("cannot read: {e}"),
                    recover: false,
                });
                return;
            }
        }
        let line = self.line();
        let outcome = self.event(line);
        let overflow = self.counter().overflow;
        let error = if overflow {
            let max = self.max_game_bytes;
            Some(XmlError {
                message: match &self.game {
                    Some(_) => format!(
                        "the game is longer than {max} bytes (the limit per game, --max-record-bytes); it was skipped"
                    ),
                    None => format!(
                        "a piece of XML longer than {max} bytes (the limit per game, --max-record-bytes); it was skipped"
                    ),
                },
                recover: true,
            })
        } else {
            outcome.err()
        };
        if let Some(error) = error {
            self.fail(error);
        }
    }

    /// Queues an error record for what failed (the open game's, if any) and goes on at
    /// the next `<game` tag, or stops.
    fn fail(&mut self, error: XmlError) {
        let line = self.line();
        let record = match self.game.take() {
            Some(raw) => ParseError::new(error.message)
                .at_line(raw.line)
                .in_record(raw.record()),
            None => ParseError::new(error.message).at_line(line),
        };
        self.queue.push_back(Err(record));
        self.capture = None;
        if !error.recover {
            self.done = true;
            return;
        }
        let Some(reader) = self.reader.take() else {
            self.done = true;
            return;
        };
        let mut counter = reader.into_inner();
        counter.limit = self.max_game_bytes;
        match counter.skip_to_game() {
            Ok(true) => {
                self.stack = self
                    .game_stack
                    .clone()
                    .unwrap_or_else(|| vec!["database".to_string(), "games".to_string()]);
                self.seen_root = true;
                self.seen_games = true;
            }
            Ok(false) => {
                // Nothing more to read: the document ended after the damage.
                self.done = true;
            }
            Err(e) => {
                let line = counter.line();
                self.queue.push_back(Err(
                    ParseError::new(format!("cannot read: {e}")).at_line(line)
                ));
                self.done = true;
            }
        }
        self.reader = Some(xml_reader(counter));
    }

    /// Reads one event at `line`.
    fn event(&mut self, line: usize) -> Result<(), XmlError> {
        self.buf.clear();
        let reader = self.reader.as_mut().expect("reader present");
        let event = match reader.read_event_into(&mut self.buf) {
            Ok(event) => event.into_owned(),
            Err(quick_xml::Error::Io(e)) => {
                return Err(XmlError {
                    message: format!("cannot read: {e}"),
                    recover: false,
                })
            }
            Err(e) => return Err(malformed(e.to_string())),
        };
        if reader.get_ref().overflow {
            return Ok(());
        }
        match event {
            Xml::Start(ref element) => self.start_element(element, false, line)?,
            Xml::Empty(ref element) => self.start_element(element, true, line)?,
            Xml::End(ref element) => {
                let name = String::from_utf8_lossy(element.local_name().as_ref()).into_owned();
                match self.stack.last() {
                    Some(open) if *open == name => {}
                    Some(open) => {
                        return Err(malformed(format!("expected </{open}>, found </{name}>")))
                    }
                    None => return Err(malformed(format!("</{name}> closes nothing"))),
                }
                self.stack.pop();
                self.capture = None;
                self.end_element();
            }
            Xml::Text(ref text) => {
                if let Some(target) = self.capture {
                    let raw = String::from_utf8_lossy(text);
                    if let Some(game) = &mut self.game {
                        let text = unescape(&raw, &mut game.notes);
                        game.append(target, &text);
                    }
                }
            }
            Xml::CData(ref text) => {
                if let Some(target) = self.capture {
                    if let Some(game) = &mut self.game {
                        game.append(target, &String::from_utf8_lossy(text));
                    }
                }
            }
            // The end of a part that is not the last: nothing is missing.
            Xml::Eof if !self.last => self.done = true,
            Xml::Eof => self.end_of_document(line),
            _ => {}
        }
        Ok(())
    }

    /// A start tag (or an empty element when `empty`) at `line`: the root, the tables,
    /// a game, a game's moves or info.
    fn start_element(
        &mut self,
        element: &BytesStart<'_>,
        empty: bool,
        line: usize,
    ) -> Result<(), XmlError> {
        let name = String::from_utf8_lossy(element.local_name().as_ref()).into_owned();
        if self.stack.is_empty() {
            if self.seen_root {
                return Err(malformed(format!(
                    "a second root element <{name}> after the database"
                )));
            }
            self.seen_root = true;
            if name != "database" {
                return Err(XmlError {
                    message: format!(
                        "not a RenjuNet database: the root element is <{name}>, not <database>"
                    ),
                    recover: false,
                });
            }
        }
        let parent = self.stack.last().map_or("", String::as_str);
        // XML names are case-sensitive: `<Game>` is not `<game>`. Said, not
        // skipped in silence (a file of `<Game>` would read as no games).
        if parent == "games" && name != "game" && name.eq_ignore_ascii_case("game") {
            self.queue.push_back(Err(ParseError::new(format!(
                "<{name}> is not a RenjuNet element: element names are lower case (<game>); it is not read"
            ))
            .at_line(line)));
        }
        let tables = &mut self.tables;
        match (parent, name.as_str()) {
            ("rules", "rule") => insert(&mut tables.rules, element, &["name"]),
            ("openings", "opening") => insert(&mut tables.openings, element, &["name"]),
            ("players", "player") => insert(&mut tables.players, element, &["name", "surname"]),
            ("tournaments", "tournament") => insert(&mut tables.tournaments, element, &["name"]),
            (_, "games") => self.seen_games = true,
            (_, "game") => self.open_game(element, line),
            ("game", "move") if !empty => self.capture = Some(Capture::Moves),
            ("game", "info") if !empty => self.capture = Some(Capture::Info),
            _ => {}
        }
        if !empty {
            self.stack.push(name);
        } else {
            self.end_element();
        }
        Ok(())
    }

    /// A `<game>` tag at `line`: the open game, if any, has no `</game>`; a new one opens.
    fn open_game(&mut self, element: &BytesStart<'_>, line: usize) {
        if let Some(outer) = self.game.take() {
            let record = outer.record();
            self.queue.push_back(Err(ParseError::new(format!(
                "the game has no </game>: a <game> starts inside it at line {line}"
            ))
            .at_line(outer.line)
            .in_record(record)));
        }
        let mut notes = Vec::new();
        let (attrs, error) = match attributes(element, &mut notes) {
            Ok(attrs) => (attrs, None),
            Err(e) => (Vec::new(), Some(format!("malformed XML: {e}"))),
        };
        self.game = Some(RawGame {
            line,
            index: self.games_seen,
            attrs,
            moves: None,
            info: None,
            notes,
            error,
            depth: self.stack.len(),
        });
        self.game_stack = Some(self.stack.clone());
        self.games_seen += 1;
    }

    /// The end of the last part, at `line`: says what is missing (an open game or
    /// element, a root, a `<games>` element), if anything.
    fn end_of_document(&mut self, line: usize) {
        self.done = true;
        if let Some(raw) = self.game.take() {
            let record = raw.record();
            self.queue.push_back(Err(ParseError::new(
                "the document ends inside the game (no </game>)",
            )
            .at_line(raw.line)
            .in_record(record)));
        } else if let Some(open) = self.stack.last() {
            self.queue.push_back(Err(ParseError::new(format!(
                "malformed XML: the document ends inside <{open}>"
            ))
            .at_line(line)));
        } else if !self.seen_root {
            self.queue.push_back(Err(ParseError::new(
                "not a RenjuNet database: no XML element at all (an empty file, or text that is not XML)",
            )
            .at_line(line)));
        } else if !self.seen_games {
            self.queue.push_back(Err(ParseError::new(
                "not a RenjuNet database: the <database> has no <games> element",
            )
            .at_line(line)));
        }
    }

    /// After an element ends (or an empty one is read): the open game is finished when
    /// it was that element.
    fn end_element(&mut self) {
        let depth = self.stack.len();
        if self.game.as_ref().is_some_and(|g| g.depth == depth) {
            if let Some(raw) = self.game.take() {
                match self.scan {
                    true => self.queue.push_back(Ok(Game::default())),
                    false => self.queue.push_back(finish(raw, &self.tables)),
                }
            }
        }
    }
}

/// Reads XML character data: the five XML entities, every HTML entity (`&nbsp;`,
/// `&eacute;`) and character references are replaced; an unknown entity or a bare `&`
/// is kept as written, with a note.
fn unescape(raw: &str, notes: &mut Vec<String>) -> String {
    if !raw.contains('&') {
        return raw.to_string();
    }
    let mut out = String::with_capacity(raw.len());
    let mut rest = raw;
    while let Some(at) = rest.find('&') {
        out.push_str(&rest[..at]);
        rest = &rest[at..];
        let name_end = rest[1..]
            .char_indices()
            .take(40)
            .find(|&(_, c)| !(c.is_ascii_alphanumeric() || c == '#'))
            .map(|(i, c)| (i + 1, c));
        let resolved = match name_end {
            Some((end, ';')) if end > 1 => {
                let name = &rest[1..end];
                let value = match name.strip_prefix('#') {
                    Some(number) => {
                        let code = match number.strip_prefix(['x', 'X']) {
                            Some(hex) => u32::from_str_radix(hex, 16).ok(),
                            None => number.parse().ok(),
                        };
                        code.and_then(char::from_u32)
                            .filter(|&c| c != '\0')
                            .map(|c| c.to_string())
                    }
                    None => quick_xml::escape::resolve_html5_entity(name).map(str::to_string),
                };
                match value {
                    Some(v) => Some((v, end + 1)),
                    None => {
                        note(notes, format!("unknown entity `&{name};` kept as written"));
                        None
                    }
                }
            }
            _ => {
                note(
                    notes,
                    "a bare `&` (not an entity) kept as written".to_string(),
                );
                None
            }
        };
        match resolved {
            Some((value, used)) => {
                out.push_str(&value);
                rest = &rest[used..];
            }
            None => {
                out.push('&');
                rest = &rest[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// Adds a note once (a game keeps at most a few).
fn note(notes: &mut Vec<String>, text: String) {
    if notes.len() < 8 && !notes.contains(&text) {
        notes.push(text);
    }
}

/// A recoverable error for XML that does not parse.
fn malformed(message: String) -> XmlError {
    XmlError {
        message: format!("malformed XML: {message}"),
        recover: true,
    }
}

/// The attributes of an element, unescaped as [`unescape`] does. A name given twice is
/// an error, found with a set of the names seen (quick-xml's own check compares every
/// pair: quadratic in the attributes of one element).
fn attributes(
    element: &BytesStart,
    notes: &mut Vec<String>,
) -> Result<Vec<(String, String)>, String> {
    let mut seen = HashSet::new();
    element
        .attributes()
        .with_checks(false)
        .map(|attr| {
            let attr = attr.map_err(|e| quick_xml::Error::from(e).to_string())?;
            if !seen.insert(attr.key.0) {
                let name: String = String::from_utf8_lossy(attr.key.0)
                    .chars()
                    .take(40)
                    .collect();
                return Err(format!("the attribute `{name}` is given twice"));
            }
            let key = String::from_utf8_lossy(attr.key.local_name().as_ref()).into_owned();
            let value = unescape(&String::from_utf8_lossy(&attr.value), notes);
            Ok((key, value))
        })
        .collect()
}

/// Adds a table row: `id` to the named attributes joined by a space. A row whose
/// attributes cannot be read is left out (games naming it show `#id`).
fn insert(table: &mut HashMap<String, String>, element: &BytesStart, fields: &[&str]) {
    let Ok(attrs) = attributes(element, &mut Vec::new()) else {
        return;
    };
    let get = |key: &str| {
        attrs
            .iter()
            .find(|(k, _)| k == key)
            .map_or("", |(_, v)| v.trim())
    };
    let value = fields
        .iter()
        .map(|f| get(f))
        .filter(|v| !v.is_empty())
        .collect::<Vec<_>>()
        .join(" ");
    table.insert(get("id").to_string(), value);
}

/// Checks a `<game>` and makes it a [`Game`].
fn finish(raw: RawGame, tables: &Tables) -> Result<Game, ParseError> {
    let record = raw.record();
    let located = |e: ParseError| e.at_line(raw.line).in_record(record.clone());
    if let Some(error) = &raw.error {
        return Err(located(ParseError::new(error.clone())));
    }
    let text = raw
        .moves
        .as_deref()
        .filter(|m| !m.trim().is_empty())
        .ok_or_else(|| {
            located(ParseError::new(
                "the game has no moves (empty or missing <move>)",
            ))
        })?;
    let moves = notation::parse_moves(text, RENJU_SIZE).map_err(located)?;
    let (rule_set, opening, unknown_rule) = match raw.attr("rule") {
        None => (None, None, None),
        Some(id) => match tables.rules.get(id) {
            None => (None, None, Some(format!("rule #{id} (not in <rules>)"))),
            Some(name) => match super::rules_from_name(name) {
                Some((rule_set, opening)) => (Some(rule_set), opening, None),
                None => (None, None, Some(name.clone())),
            },
        },
    };
    let swaps = raw
        .attr("swap")
        .map(parse_swaps)
        .transpose()
        .map_err(located)?
        .unwrap_or_default();
    let result = raw
        .attr("bresult")
        .map(parse_bresult)
        .transpose()
        .map_err(located)?;
    let mut tags = Vec::new();
    for (key, table) in GAME_TAGS {
        if let Some(value) = raw.attr(key) {
            let value = match table {
                None => value.to_string(),
                Some(t) => tables
                    .get(t)
                    .get(value)
                    .cloned()
                    .unwrap_or_else(|| format!("#{value}")),
            };
            tags.push((key.to_string(), value));
        }
    }
    if let Some(info) = raw.info.as_deref().filter(|i| !i.trim().is_empty()) {
        tags.push(("info".to_string(), info.to_string()));
    }
    if !raw.notes.is_empty() {
        tags.push(("xml_warnings".to_string(), raw.notes.join("; ")));
    }
    Ok(Game {
        id: raw.attr("id").map(str::to_string),
        rule_set,
        opening,
        unknown_rule,
        size: RENJU_SIZE,
        events: rif_events(&moves, &swaps, opening, result),
        tags,
        source: Source {
            line: Some(raw.line),
            index: raw.index,
            ..Source::default()
        },
        ..Game::default()
    })
}

/// `swap`: `R` (swap) or `-` (no swap) per decision.
fn parse_swaps(text: &str) -> Result<Vec<bool>, ParseError> {
    text.chars()
        .filter(|c| !c.is_whitespace())
        .map(|c| match c {
            'R' | 'r' => Ok(true),
            '-' => Ok(false),
            _ => Err(ParseError::new(format!(
                "swap=\"{text}\": each decision is `R` (swap) or `-` (no swap)"
            ))),
        })
        .collect()
}

/// `bresult`: 1 black won, 0 white won, 0.5 draw.
fn parse_bresult(text: &str) -> Result<DeclaredResult, ParseError> {
    let value = text.parse::<f64>().ok();
    let winner = if value == Some(1.0) {
        Some(Color::Black)
    } else if value == Some(0.0) {
        Some(Color::White)
    } else if value == Some(0.5) {
        None
    } else {
        return Err(ParseError::new(format!(
            "bresult=\"{text}\" is not 1 (black won), 0 (white won) or 0.5 (draw)"
        )));
    };
    Ok(DeclaredResult {
        winner,
        reason: None,
    })
}

fn format_bresult(result: &DeclaredResult) -> &'static str {
    match result.winner {
        Some(Color::Black) => "1",
        Some(Color::White) => "0",
        None => "0.5",
    }
}

/// The number of moves played before each swap decision of a protocol, as its
/// [`ProtocolSpec`](crate::protocol::ProtocolSpec) gives them (after move 3 where the
/// protocol names none).
fn swap_points(opening: Option<OpeningRule>) -> &'static [usize] {
    match opening.map(|o| o.spec().swap_after) {
        Some(points) if !points.is_empty() => points,
        _ => &[3],
    }
}

/// The events RenjuNet's fields stand for: the moves with the swap decisions at the
/// protocol's decision points, then the result.
fn rif_events(
    moves: &[Move],
    swaps: &[bool],
    opening: Option<OpeningRule>,
    result: Option<DeclaredResult>,
) -> Vec<Event> {
    let points = swap_points(opening);
    let after = |k: usize| points.get(k).or(points.last()).copied().unwrap_or(3);
    let mut pending = swaps.iter().enumerate().peekable();
    let mut events = Vec::with_capacity(moves.len() + swaps.len() + 1);
    for (i, &mv) in moves.iter().enumerate() {
        while let Some((_, &swap)) = pending.next_if(|&(k, _)| after(k) <= i) {
            events.push(Event::Swap { swap });
        }
        events.push(mv.into());
    }
    events.extend(pending.map(|(_, &swap)| Event::Swap { swap }));
    events.extend(result.map(Event::Result));
    events
}

/// Rows of a table being written: names, with 1-based ids in order of first use.
#[derive(Default)]
struct Names(Vec<String>);

impl Names {
    fn id(&mut self, name: &str) -> usize {
        match self.0.iter().position(|n| n == name) {
            Some(i) => i + 1,
            None => {
                self.0.push(name.to_string());
                self.0.len()
            }
        }
    }

    fn write(&self, out: &mut String, table: &str, row: &str, extra: &str) {
        out.push_str(&format!("<{table}>\n"));
        for (i, name) in self.0.iter().enumerate() {
            out.push_str(&format!(
                "<{row} id=\"{}\" name=\"{}\"{extra}/>\n",
                i + 1,
                escape(name.as_str())
            ));
        }
        out.push_str(&format!("</{table}>\n"));
    }
}

/// The tables a written database needs.
#[derive(Default)]
struct WrittenTables {
    rules: Names,
    openings: Names,
    players: Names,
    tournaments: Names,
}

impl WrittenTables {
    fn names(&mut self, table: Table) -> &mut Names {
        match table {
            Table::Openings => &mut self.openings,
            Table::Players => &mut self.players,
            Table::Tournaments => &mut self.tournaments,
        }
    }
}

/// Writes games as a self-contained RenjuNet database (see the module documentation).
///
/// Tags the format has no attribute for are not written; nor is `xml_warnings`, the
/// reader's note on what it read leniently from a file (the written text needs none).
///
/// ```
/// use renju_records::formats::rif;
/// use renju_records::{Event, Game, OpeningRule};
/// use renju_core::RuleSet;
/// let mut game = Game::from_moves("h8 h9 j10 g7 i7").unwrap();
/// game.rule_set = Some(RuleSet::Renju);
/// game.opening = Some(OpeningRule::Yamaguchi);
/// game.events.insert(3, Event::Swap { swap: true });
/// let bytes = rif::write(&[game.clone()]).unwrap();
/// let mut back = rif::read(&bytes, None).remove(0).unwrap();
/// back.source = game.source.clone();
/// assert_eq!(back, game);
/// ```
pub fn write(games: &[Game]) -> Result<Vec<u8>, WriteError> {
    write_games(games).map_err(|e| WriteError::new(Format::Rif, e))
}

fn write_games(games: &[Game]) -> Result<Vec<u8>, ParseError> {
    let mut tables = WrittenTables::default();
    let mut body = String::new();
    for (i, game) in games.iter().enumerate() {
        write_game(&mut body, game, &mut tables).map_err(|e| {
            e.in_record(match &game.id {
                Some(id) => format!("game {id}"),
                None => format!("game #{}", i + 1),
            })
        })?;
    }
    let mut out = String::from("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<database>\n");
    tables.rules.write(&mut out, "rules", "rule", "");
    tables.openings.write(&mut out, "openings", "opening", "");
    tables
        .players
        .write(&mut out, "players", "player", " surname=\"\"");
    tables
        .tournaments
        .write(&mut out, "tournaments", "tournament", "");
    out.push_str("<games>\n");
    out.push_str(&body);
    out.push_str("</games>\n</database>\n");
    Ok(out.into_bytes())
}

fn write_game(out: &mut String, game: &Game, tables: &mut WrittenTables) -> Result<(), ParseError> {
    if game.size != RENJU_SIZE {
        return Err(ParseError::new(format!(
            "RenjuNet games are 15x15, not {0}x{0}",
            game.size
        )));
    }
    let (moves, swaps, result) = split_events(game)?;
    check_event_order(game, &moves, &swaps, &result)?;
    let rule = rule_name(game)?;

    let mut attrs: Vec<(&str, String)> = Vec::new();
    if let Some(id) = &game.id {
        attrs.push(("id", id.clone()));
    }
    if let Some(name) = rule {
        attrs.push(("rule", tables.rules.id(&name).to_string()));
    }
    for (key, table) in GAME_TAGS {
        if let Some(value) = game.tag(key) {
            let value = match table {
                None => value.to_string(),
                Some(t) => tables.names(t).id(value).to_string(),
            };
            attrs.push((key, value));
        }
    }
    if let Some(r) = &result {
        attrs.push(("bresult", format_bresult(r).to_string()));
    }
    if !swaps.is_empty() {
        attrs.push((
            "swap",
            swaps.iter().map(|&s| if s { 'R' } else { '-' }).collect(),
        ));
    }
    out.push_str("<game");
    for (key, value) in attrs {
        out.push_str(&format!(" {key}=\"{}\"", escape(value.as_str())));
    }
    out.push_str("><move>");
    out.push_str(&notation::format_moves(moves));
    out.push_str("</move>");
    if let Some(info) = game.tag("info") {
        out.push_str(&format!("<info>{}</info>", escape(info)));
    }
    out.push_str("</game>\n");
    Ok(())
}

/// The moves, swap decisions and result of a game, refusing events a .rif game cannot
/// hold (a result with a reason, offers, anything else).
#[allow(clippy::type_complexity)]
fn split_events(game: &Game) -> Result<(Vec<Move>, Vec<bool>, Option<DeclaredResult>), ParseError> {
    let mut moves = Vec::new();
    let mut swaps = Vec::new();
    let mut result = None;
    for event in &game.events {
        match event {
            Event::Stone { point } => moves.push(Move::Stone(*point)),
            Event::Pass => moves.push(Move::Pass),
            Event::Swap { swap } => swaps.push(*swap),
            Event::Result(r) if r.reason.is_none() => result = Some(r.clone()),
            Event::Result(_) => {
                return Err(ParseError::new(format!(
                    "RenjuNet's bresult holds no reason for a result, so {event} cannot be written"
                )))
            }
            Event::FifthOffers { .. } | Event::DeclareOffers { .. } => {
                return Err(ParseError::new(format!(
                    "a .rif game cannot hold {event} (its `alt` field is not documented); use SGF or RenLib"
                ))
                .at_move(moves.len() + 1))
            }
            other => {
                return Err(ParseError::new(format!("a .rif game cannot hold {other}"))
                    .at_move(moves.len() + 1))
            }
        }
    }
    Ok((moves, swaps, result))
}

/// Refuses a game without moves, with a move off the board, or whose events are not in
/// the order RenjuNet rebuilds them (swaps after their moves, the result last).
fn check_event_order(
    game: &Game,
    moves: &[Move],
    swaps: &[bool],
    result: &Option<DeclaredResult>,
) -> Result<(), ParseError> {
    if moves.is_empty() {
        return Err(ParseError::new("a .rif game needs at least one move"));
    }
    if let Some(mv) = moves
        .iter()
        .find(|m| matches!(m, Move::Stone(p) if !p.is_on(RENJU_SIZE)))
    {
        return Err(ParseError::new(format!("{mv} is off the 15x15 board")));
    }
    if rif_events(moves, swaps, game.opening, result.clone()) != game.events {
        return Err(ParseError::new(format!(
            "RenjuNet keeps swap decisions after moves {} under the {} opening and the result last; these events are in another order",
            swap_points(game.opening)
                .iter()
                .map(|n| n.to_string())
                .collect::<Vec<_>>()
                .join(", "),
            game.opening.map_or_else(|| "unspecified".to_string(), |o| o.to_string())
        )));
    }
    Ok(())
}

/// The .rif rule name of a game: its rule set with its opening, or its unknown rule.
fn rule_name(game: &Game) -> Result<Option<String>, ParseError> {
    Ok(match (game.rule_set, &game.unknown_rule) {
        (Some(rule_set), _) => Some(super::name_for_rules(rule_set, game.opening)?),
        (None, Some(name)) if super::rules_from_name(name).is_none() => Some(name.clone()),
        (None, Some(name)) => {
            return Err(ParseError::new(format!(
                "the unknown rule `{name}` is a rule name this library knows"
            )))
        }
        (None, None) if game.opening.is_some() => {
            return Err(ParseError::new(
                "a .rif rule names a rule set with its opening; this game has an opening but no rule set",
            ))
        }
        (None, None) => None,
    })
}
