//! Readers and writers of game-record formats.
//!
//! Every reader returns one `Result` per record: a bad record is an error located by
//! file, line or byte offset, game and move number, and the records after it are still
//! read. Tree formats (RenLib, SGF variations) give one [`Game`] per root-to-leaf line.
//! Writers take games and return the file's bytes; reading what a writer wrote gives the
//! same games back.
//!
//! | format | reader | writer |
//! | --- | --- | --- |
//! | move lists, one game per line ([`movelist`]) | yes | yes |
//! | RenjuNet `.rif` XML ([`rif`]) | yes | yes |
//! | RenLib `.lib` ([`renlib`]) | yes | yes |
//! | Piskvork `.psq` ([`psq`]) | yes | yes |
//! | SGF, GM 1/2/4 ([`sgf`]) | yes | yes |
//! | Gomocup opening files ([`gomocup`]) | yes | yes |

use std::io::BufRead;
use std::path::Path;
use std::str::FromStr;
use std::sync::Arc;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::game::{DeclaredResult, Event, Game, ResultReason};
use crate::opening::OpeningRule;
use renju_core::error::{Location, ParseError};
use renju_core::names::UnknownName;
use renju_core::rules::RuleSet;

/// Games that a format cannot hold: which game (and move) and why.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub struct WriteError {
    /// The format being written.
    pub format: Format,
    /// Which game (`game 2`, `opening 3`), when one is to blame.
    pub record: Option<String>,
    /// Which move of it (1-based), when one is to blame.
    pub move_number: Option<usize>,
    /// What cannot be written.
    pub message: String,
}

impl WriteError {
    /// The error a writer met, located in the games it was given.
    pub(crate) fn new(format: Format, error: ParseError) -> WriteError {
        WriteError {
            format,
            record: error.location.record,
            move_number: error.location.move_number,
            message: error.message,
        }
    }
}

impl std::fmt::Display for WriteError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "cannot write as {}: ", self.format)?;
        let location = Location {
            record: self.record.clone(),
            move_number: self.move_number,
            ..Location::default()
        }
        .to_string();
        if !location.is_empty() {
            write!(f, "{location}: ")?;
        }
        f.write_str(&self.message)
    }
}

pub mod charset;
pub mod gomocup;
mod limits;
pub mod movelist;
pub mod psq;
pub mod renlib;
pub mod rif;
pub mod sgf;

pub use limits::{read_line, LineRead, LineSplitter, ReadLimits, MAX_SKIPPED_LINE_BYTES};

/// The bytes that the root-to-leaf lines of one tree-format file (RenLib, SGF) may take
/// once expanded, besides [`TREE_EXPANSION`] times the file's own size.
///
/// A tree of shared prefixes and comments can expand into far more than its file holds
/// (a 256 KB comb into billions of moves, a 1 MB file whose comments are copied into
/// every line into 10 GB). The lines are built one at a time from the tree, which is
/// held once ([`Format::read_from`] gives them as they are asked for), and each line's
/// size is counted: the [`Game`] itself, 32 bytes a move and the bytes of its id and
/// tags (keys, values and 48 bytes each). Past `MAX_TREE_BYTES + TREE_EXPANSION × file
/// size`, reading stops with a record error naming the file and the line (or variation)
/// where the budget ran out; the complete lines before it are kept. The real files here
/// expand 3 to 141 times their size, the largest into 15 MB.
pub const MAX_TREE_BYTES: usize = 256 << 20;

/// How many times its own size a tree-format file may expand into, beyond
/// [`MAX_TREE_BYTES`]: an SGF database of many game trees expands in proportion to its
/// size (a line of moves alone, about 10 bytes a move in SGF, counts for 32 a move).
pub const TREE_EXPANSION: usize = 64;

/// The bytes a root-to-leaf line counts for against the expansion budget (see
/// [`MAX_TREE_BYTES`]).
pub(crate) fn expanded_bytes(game: &Game) -> usize {
    std::mem::size_of::<Game>()
        + 32 * game.events.len()
        + game.id.as_ref().map_or(0, String::len)
        + game
            .tags
            .iter()
            .map(|(k, v)| 48 + k.len() + v.len())
            .sum::<usize>()
}

/// What is left of a tree-format file's expansion budget.
pub(crate) struct TreeBudget {
    left: usize,
    limit: usize,
}

impl TreeBudget {
    /// The budget of a file of `file_bytes` bytes.
    pub(crate) fn for_file(file_bytes: usize) -> TreeBudget {
        let limit = MAX_TREE_BYTES.saturating_add(TREE_EXPANSION.saturating_mul(file_bytes));
        TreeBudget { left: limit, limit }
    }

    /// Counts a line against the budget; the error says the budget ran out at it.
    pub(crate) fn take(&mut self, game: &Game) -> Result<(), ParseError> {
        let bytes = expanded_bytes(game);
        match self.left.checked_sub(bytes) {
            Some(left) => {
                self.left = left;
                Ok(())
            }
            None => Err(ParseError::new(format!(
                "the tree's root-to-leaf lines expand past {} bytes ({} MiB + {TREE_EXPANSION} \
                 times the file's size) at this line; reading stopped, the lines before it were kept",
                self.limit,
                MAX_TREE_BYTES >> 20
            ))),
        }
    }
}

/// What is left of the memory a tree-format file's tree may take while it is built
/// ([`ReadLimits::max_tree_bytes`]).
pub(crate) struct TreeMemory {
    left: usize,
    limit: usize,
}

/// What one allocation costs beyond its bytes (the allocator's header and rounding),
/// as [`TreeMemory`] counts it.
pub(crate) const ALLOCATION: usize = 32;

impl TreeMemory {
    /// A budget of `limit` bytes.
    pub(crate) fn new(limit: usize) -> TreeMemory {
        TreeMemory { left: limit, limit }
    }

    /// The budget, in bytes.
    pub(crate) fn limit(&self) -> usize {
        self.limit
    }

    /// Whether `bytes` more fit in the budget (and takes them).
    pub(crate) fn take(&mut self, bytes: usize) -> bool {
        match self.left.checked_sub(bytes) {
            Some(left) => {
                self.left = left;
                true
            }
            None => false,
        }
    }

    /// The error of a tree whose memory the system refused within the budget, to be
    /// located at the record it was refused at.
    pub(crate) fn refused(&self) -> ParseError {
        ParseError::new(format!(
            "the system refused the tree's memory after {} bytes (within its limit of {} \
             bytes) at this record: reading stopped, only the lines closed before it were read",
            self.limit.saturating_sub(self.left),
            self.limit
        ))
    }

    /// The error of a tree past its budget, to be located at the record it ran out at.
    pub(crate) fn exceeded(&self) -> ParseError {
        ParseError::new(format!(
            "the tree takes more than {} bytes of memory (the limit of a tree, twice the \
             file limit --max-record-bytes, at least {} MiB) at this record: reading stopped, \
             only the lines closed before it were read",
            self.limit,
            ReadLimits::DEFAULT_TREE_BYTES >> 20
        ))
    }
}

/// One part of a file, to be read (and validated) on its own with the same result as
/// the whole file gives for it: a byte range and the reader's state at its start.
/// [`Format::chunks`] finds the parts of a file; [`Format::read_chunk_from`] reads one,
/// given exactly its bytes. Games keep their index, line and byte offset in the whole
/// file, so reports of the parts merge into the whole file's report
/// ([`Report::merge`](crate::Report::merge), earlier part first).
///
/// Move lists split at line ends (the state: lines and games before the part, and the
/// `# rule:`-style directives in force); RenjuNet databases between two `<game>`
/// elements (the state: lines and games before the part, and the tables read so far).
/// The other formats are one part, the whole file.
/// Serialises (serde) so that a part can be sent to another process or machine.
///
/// ```
/// use renju_records::formats::{Format, ReadLimits};
/// let file = b"# rule: gomoku\nh8 i9\nh8 h8\nh8 j10\n";
/// let parts = Format::MoveList.chunks(&file[..], ReadLimits::default(), 10);
/// assert_eq!(parts.len(), 3);
/// let second = &parts[1];
/// assert_eq!((second.start, second.end, second.lines, second.games), (15, Some(27), 1, 0));
/// let bytes = &file[second.start as usize..second.end.unwrap() as usize];
/// let games: Vec<_> = Format::MoveList
///     .read_chunk_from(bytes, None, ReadLimits::default(), second)
///     .collect();
/// let game = games[1].as_ref().unwrap();
/// assert_eq!((game.source.index, game.source.line), (1, Some(3)));
/// assert_eq!(game.rule_set, Some(renju_core::RuleSet::Freestyle));
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Chunk {
    /// The byte offset of the part in its file.
    pub start: u64,
    /// The byte offset where the part ends; `None`: at the end of the file (a part
    /// made without knowing the file's size). [`Format::chunks`] records the end of the
    /// last part too, so that it reads only its own bytes.
    pub end: Option<u64>,
    /// Whether the part is the file's last (it then reports what the file's end shows);
    /// a part without an `end` is the last too.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub last: bool,
    /// Lines before the part.
    pub lines: usize,
    /// Games (records) before the part: the index of its first game.
    pub games: usize,
    /// Records before the part as a reader gives them (games, unreadable records and
    /// directive errors): the report index of its first record.
    pub records: usize,
    /// The directives in force at the part's start (move lists).
    pub directives: Vec<ChunkDirective>,
    /// The RenjuNet reader's state at the part's start (`None` at the file's start).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rif: Option<RifState>,
}

/// A RenjuNet reader's state between two games, where a [`Chunk`] starts.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct RifState {
    /// The tables read so far, as sorted (id, name) rows: rules, openings, players,
    /// tournaments.
    pub tables: [Vec<(String, String)>; 4],
    /// The open elements around the latest `<game>` (where reading goes on after
    /// malformed XML).
    pub game_stack: Option<Vec<String>>,
}

/// A move-list directive line in force at the start of a [`Chunk`].
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ChunkDirective {
    /// Its line number in the file.
    pub line: usize,
    /// The line as written.
    pub text: String,
    /// A directive that could not be read and that a game was already reported under.
    pub used: bool,
}

/// A file format.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Format {
    /// Plain text, one move list per line, `#` starts a comment.
    MoveList,
    /// RenjuNet XML database.
    Rif,
    /// RenLib binary library.
    RenLib,
    /// Piskvork game record.
    Psq,
    /// Smart Game Format.
    Sgf,
    /// Gomocup / Piskvork opening file (offset or `pos` notation).
    GomocupOpenings,
}

/// What a reader gives: one result per record, a game or the error that kept it out.
pub type Records = Vec<Result<Game, ParseError>>;

/// What the library and every front end know of one file format: its names, the file
/// extensions that announce it, its title and line of help, its reader and its writer.
/// [`Format::info`] gives it; [`Format::ALL`] lists every format. The parser, the
/// extension guess, `read` and `write`, the command line's help and the lists in the
/// guide, the Python stubs and the C header come from (or are checked against) this
/// table.
#[derive(Debug, Clone, Copy)]
pub struct FormatInfo {
    /// The name written in every output and read by every `format` option (`"rif"`).
    pub name: &'static str,
    /// Other spellings read as this format (after [`renju_core::names::normalize`]).
    pub aliases: &'static [&'static str],
    /// The extensions (lower case, without the dot) that announce the format, the one
    /// its files are written with first; none when only the name says it.
    pub extensions: &'static [&'static str],
    /// The format's name in prose and in the guide's table of formats (`"RenjuNet"`).
    pub title: &'static str,
    /// One line of help: what a file of the format holds.
    pub summary: &'static str,
    /// Whether its files are binary (not text: the live referee cannot give a record
    /// in it as a string).
    pub binary: bool,
    /// Reads every record of a file's bytes (see [`Format::read`]).
    pub read: fn(&[u8], Option<&str>) -> Records,
    /// Writes games (see [`Format::write`]).
    pub write: fn(&[Game]) -> Result<Vec<u8>, WriteError>,
}

impl Format {
    /// Every format, in the order lists give them.
    pub const ALL: [Format; 6] = [
        Format::MoveList,
        Format::Rif,
        Format::RenLib,
        Format::Psq,
        Format::Sgf,
        Format::GomocupOpenings,
    ];

    /// The format's names, extensions, reader and writer (see [`FormatInfo`]). A new
    /// format is a variant, its module, its arm here and its place in [`Format::ALL`];
    /// `docs/development.md` lists the rest.
    pub fn info(self) -> &'static FormatInfo {
        match self {
            Format::MoveList => &FormatInfo {
                name: "moves",
                aliases: &["movelist", "move-list", "txt"],
                extensions: &["txt", "moves"],
                title: "move lists",
                summary: "plain text, one move list per line, `#` starts a comment",
                binary: false,
                read: movelist::read,
                write: movelist::write,
            },
            Format::Rif => &FormatInfo {
                name: "rif",
                aliases: &["renjunet", "xml"],
                extensions: &["rif", "xml"],
                title: "RenjuNet",
                summary: "RenjuNet XML database",
                binary: false,
                read: rif::read,
                write: rif::write,
            },
            Format::RenLib => &FormatInfo {
                name: "renlib",
                aliases: &["lib"],
                extensions: &["lib", "dat"],
                title: "RenLib",
                summary: "RenLib binary library, every root-to-leaf line a game",
                binary: true,
                read: renlib::read,
                write: renlib::write,
            },
            Format::Psq => &FormatInfo {
                name: "psq",
                aliases: &["piskvork"],
                extensions: &["psq"],
                title: "Piskvork",
                summary: "Piskvork game record",
                binary: false,
                read: psq::read,
                write: psq::write,
            },
            Format::Sgf => &FormatInfo {
                name: "sgf",
                aliases: &[],
                extensions: &["sgf"],
                title: "SGF",
                summary: "Smart Game Format, GM 1/2/4, variations as games",
                binary: false,
                read: sgf::read,
                write: sgf::write,
            },
            Format::GomocupOpenings => &FormatInfo {
                name: "openings",
                aliases: &["gomocup", "gomocup-openings"],
                extensions: &[],
                title: "Gomocup openings",
                summary: "Gomocup / Piskvork opening file (offset or `pos` notation)",
                binary: false,
                read: gomocup::read,
                write: gomocup::write,
            },
        }
    }

    /// The name written in every output (text, JSON, C, Python).
    pub fn name(self) -> &'static str {
        self.info().name
    }

    /// Every format's name as a sentence: commas, and `or` before the last.
    ///
    /// ```
    /// use renju_records::Format;
    /// assert!(Format::names_sentence().ends_with("sgf or openings"));
    /// ```
    pub fn names_sentence() -> String {
        let names = Format::ALL.map(Format::name);
        UnknownName::new("format", "", &names).expected
    }

    /// The text formats' names (every format but the binary ones) as a sentence.
    pub fn text_names_sentence() -> String {
        let names: Vec<&str> = Format::ALL
            .into_iter()
            .filter(|f| !f.info().binary)
            .map(Format::name)
            .collect();
        UnknownName::new("format", "", &names).expected
    }

    /// Guesses the format from a file name's extension (`.txt` is a move list).
    ///
    /// ```
    /// use renju_records::Format;
    /// assert_eq!(Format::from_path("games/Final.RIF"), Some(Format::Rif));
    /// assert_eq!(Format::from_path("openings.txt"), Some(Format::MoveList));
    /// assert_eq!(Format::from_path("notes.md"), None);
    /// ```
    pub fn from_path(path: impl AsRef<Path>) -> Option<Format> {
        let ext = path.as_ref().extension()?.to_str()?.to_ascii_lowercase();
        Format::ALL
            .into_iter()
            .find(|f| f.info().extensions.contains(&ext.as_str()))
    }

    /// Reads every record of a file's bytes. `file` names the file in errors and sources.
    pub fn read(self, bytes: &[u8], file: Option<&str>) -> Vec<Result<Game, ParseError>> {
        (self.info().read)(bytes, file)
    }

    /// Reads records one at a time from `reader`. Move lists and RenjuNet databases (the
    /// formats of large files) stream: memory holds one record at a time. The other
    /// formats are read whole first (a tree gives its lines only once it is complete, and
    /// a `.psq` file or an opening file is small); then a tree format (RenLib, SGF) builds
    /// each root-to-leaf line when it is asked for, so that memory holds the tree, not
    /// every line.
    ///
    /// ```
    /// use renju_records::formats::Format;
    /// let file = std::io::BufReader::new(&b"h8 i9\nh8 h9 h10\n"[..]);
    /// let games: Vec<_> = Format::MoveList.read_from(file, Some("games.txt")).collect();
    /// assert_eq!(games.len(), 2);
    /// ```
    pub fn read_from<'a, R: BufRead + Send + 'a>(
        self,
        reader: R,
        file: Option<&str>,
    ) -> Box<dyn Iterator<Item = Result<Game, ParseError>> + Send + 'a> {
        self.read_from_with(reader, file, ReadLimits::default())
    }

    /// [`Format::read_from`] with other [`ReadLimits`]: a move-list line or a RenjuNet
    /// game past its limit is an error record, and reading goes on after it.
    pub fn read_from_with<'a, R: BufRead + Send + 'a>(
        self,
        mut reader: R,
        file: Option<&str>,
        limits: ReadLimits,
    ) -> Box<dyn Iterator<Item = Result<Game, ParseError>> + Send + 'a> {
        match self {
            Format::MoveList => Box::new(movelist::stream_with_limits(reader, file, limits)),
            Format::Rif => Box::new(rif::stream_with_limits(reader, file, limits)),
            _ => {
                let mut bytes = Vec::new();
                let max = limits.max_file_bytes;
                let cap = u64::try_from(max).unwrap_or(u64::MAX).saturating_add(1);
                match std::io::Read::read_to_end(
                    &mut std::io::Read::take(reader.by_ref(), cap),
                    &mut bytes,
                ) {
                    Ok(n) if n > max => {
                        let mut record = Err(ParseError::new(format!(
                            "the file is longer than {max} bytes, the most a {} file (read whole) may take: not read (--max-record-bytes raises the limit)",
                            self.name()
                        )));
                        name_record(&mut record, file.map(Arc::from).as_ref());
                        Box::new(std::iter::once(record))
                    }
                    Ok(_) if self == Format::RenLib => {
                        Box::new(renlib::lines_with(&bytes, file, limits))
                    }
                    Ok(_) if self == Format::Sgf => Box::new(sgf::lines_of(bytes, file, limits)),
                    Ok(_) => Box::new(self.read(&bytes, file).into_iter()),
                    Err(e) => {
                        let mut record = Err(ParseError::new(format!("cannot read: {e}")));
                        name_record(&mut record, file.map(Arc::from).as_ref());
                        Box::new(std::iter::once(record))
                    }
                }
            }
        }
    }

    /// Splits a file into parts of about `target_bytes` each, where the format allows:
    /// move lists at line ends, RenjuNet databases between games (reading the file once,
    /// without checking its games). Other formats give one part, the whole file. See
    /// [`Chunk`].
    pub fn chunks<R: BufRead>(
        self,
        reader: R,
        limits: ReadLimits,
        target_bytes: u64,
    ) -> Vec<Chunk> {
        match self {
            Format::MoveList => movelist::chunks(reader, limits, target_bytes),
            Format::Rif => rif::chunks(reader, limits, target_bytes),
            _ => vec![Chunk::default()],
        }
    }

    /// Reads one part of a file ([`Chunk`], from [`Format::chunks`]): `reader` gives
    /// exactly the part's bytes. The records are the ones the whole file gives for the
    /// part, with their index, line and byte offset in the whole file.
    pub fn read_chunk_from<'a, R: BufRead + Send + 'a>(
        self,
        reader: R,
        file: Option<&str>,
        limits: ReadLimits,
        chunk: &Chunk,
    ) -> Box<dyn Iterator<Item = Result<Game, ParseError>> + Send + 'a> {
        match self {
            Format::MoveList => Box::new(movelist::stream_chunk(reader, file, limits, chunk)),
            Format::Rif => Box::new(rif::stream_chunk(reader, file, limits, chunk)),
            _ => self.read_from_with(reader, file, limits),
        }
    }

    /// Writes games in this format.
    ///
    /// ```
    /// use renju_records::{Format, Game};
    /// let mut game = Game::from_moves("h8 i9").unwrap();
    /// game.events.push(renju_records::Event::DrawOffer { by: renju_core::Color::White });
    /// assert_eq!(Format::MoveList.write(&[game.clone()]).unwrap(), b"h8 i9 w:draw-offer\n");
    /// game.events.push(renju_records::Event::Decision { winner: None, reason: "rain".into() });
    /// let err = Format::MoveList.write(&[game]).unwrap_err();
    /// assert_eq!(err.to_string(), "cannot write as moves: game 1: a move list cannot hold a referee's decision; use RIF or SGF");
    /// ```
    pub fn write(self, games: &[Game]) -> Result<Vec<u8>, WriteError> {
        self.check_rules_held(games)?;
        (self.info().write)(games)
    }

    /// Refuses, naming the first, games whose rules this format has no tag for (see
    /// [`Format::unheld_rule`]).
    fn check_rules_held(self, games: &[Game]) -> Result<(), WriteError> {
        for (i, game) in games.iter().enumerate() {
            if let Some(why) = self.unheld_rule(game) {
                return Err(WriteError::new(
                    self,
                    ParseError::new(why).in_record(format!("game {}", i + 1)),
                ));
            }
        }
        Ok(())
    }

    /// A rule of the game this format has no tag for, and without which the game would
    /// validate to another result: a claim model (only a move list holds one, `#
    /// claims:`; a lapsed foul would count), a stone limit (a move list's `#
    /// draw-after:` and SGF's `DA`; the referee's draw would read as unfinished).
    fn unheld_rule(self, game: &Game) -> Option<String> {
        let claims = game
            .claims
            .filter(|c| *c != crate::game::ClaimModel::Automatic);
        if let (Some(model), false) = (claims, self == Format::MoveList) {
            return Some(format!(
                "{} has no tag for the claim model ({model}), under which this game's fouls are judged; use the move list (moves)",
                self.name()
            ));
        }
        match (game.draw_after, self) {
            (None, _) | (_, Format::MoveList | Format::Sgf) => None,
            (Some(n), _) => Some(format!(
                "{} has no tag for the draw the referee declares after {n} stones; use the move list (moves) or SGF",
                self.name()
            )),
        }
    }

    /// The game as this format can hold it, for writing a game that was not read from
    /// it (a live game, an engine match): an ending the format has no event for (a
    /// resignation, a forfeit) becomes the declared result, with its reason where the
    /// format keeps one (SGF's `RE`); clock readings stay where the format keeps them
    /// (SGF the time left after each move, psq the time each move took, RenjuNet and
    /// RenLib neither). The move list keeps everything. Nothing else changes, so
    /// [`write`](Format::write) still refuses what the format cannot hold (swap
    /// decisions in SGF, a referee's decision in a move list, ...).
    ///
    /// ```
    /// use renju_records::{Event, Format, Game};
    /// let mut game = Game::from_moves("h8 i9").unwrap();
    /// game.events.push(Event::Resign { by: renju_core::Color::Black });
    /// assert!(Format::Sgf.write(&[game.clone()]).is_err());
    /// let sgf = Format::Sgf.write(&[Format::Sgf.fit(&game)]).unwrap();
    /// assert!(String::from_utf8(sgf).unwrap().contains("RE[W+R]"));
    /// ```
    pub fn fit(self, game: &Game) -> Game {
        let mut game = game.clone();
        if self != Format::MoveList {
            ending_as_result(&mut game, self == Format::Sgf);
        }
        game.events.retain_mut(|e| match e {
            Event::MoveTime {
                elapsed_ms,
                left_ms,
                moves_left,
            } => match self {
                Format::Sgf => {
                    *elapsed_ms = None;
                    left_ms.is_some() || moves_left.is_some()
                }
                Format::Psq => {
                    (*left_ms, *moves_left) = (None, None);
                    elapsed_ms.is_some()
                }
                Format::MoveList => true,
                _ => false,
            },
            _ => true,
        });
        game
    }
}

/// Turns a final resignation or forfeit (only clock readings after it) into the declared
/// result, with its reason when `with_reason`; a declared result already there is kept.
fn ending_as_result(game: &mut Game, with_reason: bool) {
    let Some(i) = game
        .events
        .iter()
        .rposition(|e| !matches!(e, Event::MoveTime { .. } | Event::Result(_)))
    else {
        return;
    };
    let (by, reason) = match game.events[i] {
        Event::Resign { by } => (by, ResultReason::Resignation),
        Event::Forfeit { by } => (by, ResultReason::Forfeit),
        _ => return,
    };
    game.events.remove(i);
    if !game.events.iter().any(|e| matches!(e, Event::Result(_))) {
        game.events.push(Event::Result(DeclaredResult {
            winner: Some(by.opponent()),
            reason: with_reason.then_some(reason),
        }));
    }
}

/// The UTF-8 byte-order mark, which some editors put at the start of a text file; the
/// text readers skip it.
pub(crate) const BOM: &str = "\u{feff}";

/// The lines of a text, each without its end: a line ends at `\r\n`, `\n` or a lone
/// `\r` (old Mac files), so that no two records are ever read as one line.
pub(crate) fn text_lines(text: &str) -> impl Iterator<Item = &str> {
    let mut rest = Some(text);
    std::iter::from_fn(move || {
        let t = rest?;
        match t.find(['\n', '\r']) {
            Some(i) => {
                let skip = if t[i..].starts_with("\r\n") { 2 } else { 1 };
                rest = Some(&t[i + skip..]).filter(|r| !r.is_empty());
                Some(&t[..i])
            }
            None => {
                rest = None;
                (!t.is_empty()).then_some(t)
            }
        }
    })
}

/// Names `file` in every game and error of `records` that does not name one yet. The
/// name is stored once and shared by every record.
pub(crate) fn in_file(
    mut records: Vec<Result<Game, ParseError>>,
    file: Option<&str>,
) -> Vec<Result<Game, ParseError>> {
    let file: Option<Arc<str>> = file.map(Arc::from);
    for record in &mut records {
        name_record(record, file.as_ref());
    }
    records
}

/// Names `file` in a game or error that does not name one yet (sharing the name: a
/// long path is not copied into every record).
pub(crate) fn name_record(record: &mut Result<Game, ParseError>, file: Option<&Arc<str>>) {
    if let Some(name) = file {
        match record {
            Ok(game) => {
                game.source.file.get_or_insert_with(|| Arc::clone(name));
            }
            Err(e) => {
                e.location.file.get_or_insert_with(|| Arc::clone(name));
            }
        }
    }
}

impl std::fmt::Display for Format {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Format {
    type Err = UnknownName;

    /// A name or alias of [`Format::info`].
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let norm = renju_core::names::normalize(s);
        Format::ALL
            .into_iter()
            .find(|f| f.name() == norm || f.info().aliases.contains(&norm.as_str()))
            .ok_or_else(|| UnknownName::new("format", s, &Format::ALL.map(Format::name)))
    }
}

impl Serialize for Format {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

impl<'de> Deserialize<'de> for Format {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

// ---------------------------------------------------------------------------
// Rule names (RenjuNet `rule` table, SGF `RU`)
// ---------------------------------------------------------------------------

/// The words of a rule name: lower case, `õ` as `o`, letters and digits apart
/// (`Soosõrv-8` is `soosorv 8`, `Swap2` is `swap 2`).
fn words(name: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    for c in name.to_lowercase().replace('õ', "o").chars() {
        let split = !c.is_alphanumeric()
            || word
                .chars()
                .last()
                .is_some_and(|last| last.is_ascii_digit() != c.is_ascii_digit());
        if split && !word.is_empty() {
            words.push(std::mem::take(&mut word));
        }
        if c.is_alphanumeric() {
            word.push(c);
        }
    }
    if !word.is_empty() {
        words.push(word);
    }
    words
}

/// The rule set and opening protocol a RenjuNet rule name stands for, or `None` when
/// the name is not understood (see the [`rif`] module documentation).
pub(crate) fn rules_from_name(name: &str) -> Option<(RuleSet, Option<OpeningRule>)> {
    let words = words(name);
    let mut rule_set: Option<RuleSet> = None;
    let mut opening: Option<OpeningRule> = None;
    let mut plain_swap = false;
    let mut i = 0;
    while i < words.len() {
        let number: Option<u32> = words.get(i + 1).and_then(|w| w.parse().ok());
        // An offer count after the protocol's name (`Soosorv-8`), else the default.
        let count = |default: u8| match number {
            None => Some((default, 1)),
            Some(n) => u8::try_from(n)
                .ok()
                .filter(|n| (1..=OpeningRule::MAX_OFFERS).contains(n))
                .map(|n| (n, 2)),
        };
        let (set, open, used) = match (words[i].as_str(), number) {
            ("renju", _) => (Some(RuleSet::Renju), None, 1),
            ("freestyle", _) => (Some(RuleSet::Freestyle), None, 1),
            ("standard" | "exact", _) => (Some(RuleSet::Standard), None, 1),
            ("caro", _) => (Some(RuleSet::Caro), None, 1),
            ("rif" | "swap", Some(1989)) => (None, Some(OpeningRule::Swap), 2),
            ("rif", Some(1996)) => (None, Some(OpeningRule::Rif1996), 2),
            ("rif" | "classic", _) => (None, Some(OpeningRule::Rif1996), 1),
            ("yamaguchi", _) => (None, Some(OpeningRule::Yamaguchi), 1),
            ("chinese", _) => (None, Some(OpeningRule::Chinese), 1),
            ("pro", _) => (None, Some(OpeningRule::Pro), 1),
            ("free", _) => (None, Some(OpeningRule::Free), 1),
            ("swap", Some(2)) => (None, Some(OpeningRule::Swap2), 2),
            ("swap", _) => {
                plain_swap = true;
                (None, None, 1)
            }
            ("soosorv" | "soosyrv", _) => {
                let (n, used) = count(8)?;
                (None, Some(OpeningRule::Soosorv { n }), used)
            }
            ("taraguchi", _) => {
                let (n, used) = count(10)?;
                (None, Some(OpeningRule::Taraguchi { n }), used)
            }
            ("gomoku" | "rule" | "rules" | "opening", _) => (None, None, 1),
            _ => return None,
        };
        rule_set = merge(rule_set, set)?;
        opening = merge(opening, open)?;
        i += used;
    }
    if plain_swap {
        let swap = if rule_set == Some(RuleSet::Renju) || opening == Some(OpeningRule::Swap) {
            OpeningRule::Swap
        } else {
            OpeningRule::GomokuSwap
        };
        opening = merge(opening, Some(swap))?;
    }
    match (rule_set, opening) {
        (Some(r), Some(o)) if o.is_renju_family() && r != RuleSet::Renju => None,
        (Some(r), o) => Some((r, o)),
        (None, Some(o)) if o.is_renju_family() => Some((RuleSet::Renju, Some(o))),
        (None, Some(OpeningRule::Swap2)) => Some((RuleSet::Standard, Some(OpeningRule::Swap2))),
        _ => None,
    }
}

/// Two words naming the same thing agree; different things contradict (`None`).
fn merge<T: PartialEq>(old: Option<T>, new: Option<T>) -> Option<Option<T>> {
    match (old, new) {
        (Some(a), Some(b)) if a != b => None,
        (a, b) => Some(b.or(a)),
    }
}

/// A rule name that [`rules_from_name`] reads back as `(rule_set, opening)`.
pub(crate) fn name_for_rules(
    rule_set: RuleSet,
    opening: Option<OpeningRule>,
) -> Result<String, ParseError> {
    let set = match rule_set {
        RuleSet::Renju => "Renju",
        RuleSet::Freestyle => "Freestyle",
        RuleSet::Standard => "Standard",
        RuleSet::Caro => "Caro",
    };
    let name = match opening {
        None => set.to_string(),
        Some(o) => match o.offer_number() {
            Some(n) => format!("{set} {}-{n}", o.info().renjunet),
            None => format!("{set} {}", o.info().renjunet),
        },
    };
    if rules_from_name(&name) == Some((rule_set, opening)) {
        Ok(name)
    } else {
        Err(ParseError::new(format!(
            "no RenjuNet rule name stands for {rule_set} with the {} opening",
            opening.map_or_else(|| "unspecified".to_string(), |o| o.to_string())
        )))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every format of the table reads back from its name and aliases and is guessed
    /// from each of its extensions; the table names each once.
    #[test]
    fn every_format_reads_back_from_its_names_and_extensions() {
        let mut names = std::collections::HashSet::new();
        for format in Format::ALL {
            let info = format.info();
            for name in std::iter::once(&info.name).chain(info.aliases) {
                assert!(names.insert(*name), "{name} twice");
                assert_eq!(name.parse::<Format>(), Ok(format));
            }
            for ext in info.extensions {
                assert_eq!(Format::from_path(format!("a.{ext}")), Some(format), "{ext}");
            }
        }
        assert_eq!(
            Format::names_sentence(),
            "moves, rif, renlib, psq, sgf or openings"
        );
        assert_eq!(
            Format::text_names_sentence(),
            "moves, rif, psq, sgf or openings"
        );
    }

    /// Every protocol has a RenjuNet rule name that reads back as it.
    #[test]
    fn every_protocol_has_a_renjunet_name() {
        for rule in OpeningRule::ALL {
            let set = if rule.is_renju_family() {
                RuleSet::Renju
            } else {
                RuleSet::Standard
            };
            let name = name_for_rules(set, Some(rule)).unwrap();
            assert_eq!(rules_from_name(&name), Some((set, Some(rule))), "{name}");
        }
    }
}
