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

use std::fmt;
use std::io::BufRead;
use std::path::Path;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::error::ParseError;
use crate::game::Game;

pub mod gomocup;
pub mod movelist;
pub mod psq;
pub mod renlib;
pub mod rif;
pub mod sgf;

/// The most moves that the root-to-leaf lines of one tree-format file (RenLib, SGF) may
/// add up to. A tree of shared prefixes can expand into far more moves than its file
/// holds bytes (a 256 KB file into billions); reading stops with an error past this,
/// which is 25 times what the largest real file here expands into.
pub const MAX_TREE_MOVES: usize = 10_000_000;

fn tree_too_large() -> ParseError {
    ParseError::new(format!(
        "the tree expands into more than {MAX_TREE_MOVES} moves of root-to-leaf lines; reading stopped"
    ))
}

/// A file format.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
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

impl Format {
    /// All formats.
    pub const ALL: [Format; 6] = [
        Format::MoveList,
        Format::Rif,
        Format::RenLib,
        Format::Psq,
        Format::Sgf,
        Format::GomocupOpenings,
    ];

    /// The name used by `--format` (`moves`, `rif`, `renlib`, `psq`, `sgf`, `openings`).
    pub fn name(self) -> &'static str {
        match self {
            Format::MoveList => "moves",
            Format::Rif => "rif",
            Format::RenLib => "renlib",
            Format::Psq => "psq",
            Format::Sgf => "sgf",
            Format::GomocupOpenings => "openings",
        }
    }

    /// Guesses the format from a file name's extension (`.txt` is a move list).
    pub fn from_path(path: impl AsRef<Path>) -> Option<Format> {
        let ext = path.as_ref().extension()?.to_str()?.to_ascii_lowercase();
        match ext.as_str() {
            "txt" | "moves" => Some(Format::MoveList),
            "rif" | "xml" => Some(Format::Rif),
            "lib" | "dat" => Some(Format::RenLib),
            "psq" => Some(Format::Psq),
            "sgf" => Some(Format::Sgf),
            _ => None,
        }
    }

    /// Reads every record of a file's bytes. `file` names the file in errors and sources.
    pub fn read(self, bytes: &[u8], file: Option<&str>) -> Vec<Result<Game, ParseError>> {
        match self {
            Format::MoveList => movelist::read(bytes, file),
            Format::Rif => rif::read(bytes, file),
            Format::RenLib => renlib::read(bytes, file),
            Format::Psq => psq::read(bytes, file),
            Format::Sgf => sgf::read(bytes, file),
            Format::GomocupOpenings => gomocup::read(bytes, file),
        }
    }

    /// Reads records one at a time from `reader`. Move lists and RenjuNet databases (the
    /// formats of large files) stream: memory holds one record at a time. The other
    /// formats are read whole first: a tree gives its lines only once it is complete, and
    /// a `.psq` file or an opening file is small.
    ///
    /// ```
    /// use renju_core::formats::Format;
    /// let file = std::io::BufReader::new(&b"h8 i9\nh8 h9 h10\n"[..]);
    /// let games: Vec<_> = Format::MoveList.read_from(file, Some("games.txt")).collect();
    /// assert_eq!(games.len(), 2);
    /// ```
    pub fn read_from<'a, R: BufRead + Send + 'a>(
        self,
        mut reader: R,
        file: Option<&str>,
    ) -> Box<dyn Iterator<Item = Result<Game, ParseError>> + Send + 'a> {
        match self {
            Format::MoveList => Box::new(movelist::stream(reader, file)),
            Format::Rif => Box::new(rif::stream(reader, file)),
            _ => {
                let mut bytes = Vec::new();
                match reader.read_to_end(&mut bytes) {
                    Ok(_) => Box::new(self.read(&bytes, file).into_iter()),
                    Err(e) => {
                        let mut record = Err(ParseError::new(format!("cannot read: {e}")));
                        name_record(&mut record, file);
                        Box::new(std::iter::once(record))
                    }
                }
            }
        }
    }

    /// Writes games in this format.
    pub fn write(self, games: &[Game]) -> Result<Vec<u8>, ParseError> {
        match self {
            Format::MoveList => movelist::write(games),
            Format::Rif => rif::write(games),
            Format::RenLib => renlib::write(games),
            Format::Psq => psq::write(games),
            Format::Sgf => sgf::write(games),
            Format::GomocupOpenings => gomocup::write(games),
        }
    }
}

/// Names `file` in every game and error of `records` that does not name one yet.
pub(crate) fn in_file(
    mut records: Vec<Result<Game, ParseError>>,
    file: Option<&str>,
) -> Vec<Result<Game, ParseError>> {
    for record in &mut records {
        name_record(record, file);
    }
    records
}

/// Names `file` in a game or error that does not name one yet.
pub(crate) fn name_record(record: &mut Result<Game, ParseError>, file: Option<&str>) {
    if let Some(name) = file {
        match record {
            Ok(game) => {
                game.source.file.get_or_insert_with(|| name.to_string());
            }
            Err(e) => {
                e.location.file.get_or_insert_with(|| name.to_string());
            }
        }
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Format {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_lowercase().as_str() {
            "moves" | "movelist" | "move-list" | "txt" => Ok(Format::MoveList),
            "rif" | "renjunet" | "xml" => Ok(Format::Rif),
            "renlib" | "lib" => Ok(Format::RenLib),
            "psq" | "piskvork" => Ok(Format::Psq),
            "sgf" => Ok(Format::Sgf),
            "openings" | "gomocup" | "gomocup-openings" => Ok(Format::GomocupOpenings),
            _ => Err(ParseError::new(format!(
                "unknown format `{s}` (expected moves, rif, renlib, psq, sgf or openings)"
            ))),
        }
    }
}
