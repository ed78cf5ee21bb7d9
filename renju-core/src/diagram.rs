//! ASCII board diagrams, as used by the fixture corpus.
//!
//! ```text
//!    a b c d e f g h i j k l m n o
//! 15 . . . . . . . . . . . . . . .
//! ...
//!  8 . . . . . . . X O . . . . . .
//! ...
//!  1 . . . . . . . . . . . . . . .
//!    a b c d e f g h i j k l m n o
//! ```
//!
//! Rows run from the top row down, each starting with its number (an optional copy of the
//! number may follow the last cell). Cells: `X` (or `x`) black, `O` (or `o`) white, and
//! `.`, `+`, `?` or `*` empty (the last two mark points of interest). Spaces between
//! cells are optional. Column-letter lines are optional.

use std::fmt;
use std::str::FromStr;

use crate::board::Board;
use crate::error::ParseError;
use crate::geometry::{Color, Point, MAX_SIZE, MIN_SIZE};

/// A board prints as its diagram, the format [`Board::from_diagram`] reads.
impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_board(f, self)
    }
}

fn write_board(f: &mut fmt::Formatter<'_>, board: &Board) -> fmt::Result {
    let size = board.size();
    let letters: String = (0..size)
        .map(|x| ((b'a' + x) as char).to_string())
        .collect::<Vec<_>>()
        .join(" ");
    writeln!(f, "   {letters}")?;
    for y in (0..size).rev() {
        write!(f, "{:>2}", y + 1)?;
        for x in 0..size {
            let p = Point::new(x, y).expect("on board");
            let c = match board.get(p) {
                Some(Color::Black) => 'X',
                Some(Color::White) => 'O',
                None => '.',
            };
            write!(f, " {c}")?;
        }
        writeln!(f)?;
    }
    writeln!(f, "   {letters}")
}

fn is_letter_line(line: &str) -> bool {
    // Letters a, b, c, ... in order (any case), spaces between them optional; no
    // allocation (every diagram line goes through here).
    let mut count = 0u32;
    for c in line.chars().filter(|c| !c.is_whitespace()) {
        if !c.is_ascii_alphabetic() || c.to_ascii_lowercase() as u32 != 'a' as u32 + count {
            return false;
        }
        count += 1;
    }
    count > 0
}

/// Whether `line` looks like a diagram line (a row or a column-letter line).
pub(crate) fn is_diagram_line(line: &str) -> bool {
    let t = line.trim();
    is_letter_line(t)
        || t.split_whitespace()
            .next()
            .is_some_and(|w| w.parse::<u32>().is_ok())
}

/// Parses a diagram. `first_line` is the line number of `text`'s first line, used in
/// errors.
pub(crate) fn parse_lines(lines: &[(usize, &str)]) -> Result<Board, ParseError> {
    // Rows as (line number, row number, cells), cells flat in one buffer (no allocation
    // per row); the board is then built in one pass (`Board::from_cells`).
    let mut rows: Vec<(usize, u32, std::ops::Range<usize>)> = Vec::with_capacity(32);
    let mut chars: Vec<char> = Vec::with_capacity(32 * 32);
    for &(lineno, raw) in lines {
        let line = raw.trim();
        if line.is_empty() || is_letter_line(line) {
            continue;
        }
        let mut words = line.split_whitespace();
        let number_text = words.next().unwrap_or_default();
        let number: u32 = number_text.parse().map_err(|_| {
            ParseError::new(format!(
                "`{line}` is not a diagram row (rows start with their number)"
            ))
            .at_line(lineno)
        })?;
        let start = chars.len();
        let (mut last_word, mut last) = (start, "");
        for word in words {
            (last_word, last) = (chars.len(), word);
            chars.extend(word.chars());
        }
        // An optional copy of the row number after the last cell.
        if last.parse::<u32>().is_ok() {
            chars.truncate(last_word);
        }
        rows.push((lineno, number, start..chars.len()));
    }
    let size = rows.len();
    if !(MIN_SIZE as usize..=MAX_SIZE as usize).contains(&size) {
        return Err(
            ParseError::new(format!("a diagram needs 5 to 26 rows, found {size}"))
                .at_line(lines.first().map_or(1, |l| l.0)),
        );
    }
    let mut board_cells = vec![0u8; size * size];
    for (i, (lineno, number, range)) in rows.iter().enumerate() {
        let cells = &chars[range.clone()];
        let expected = (size - i) as u32;
        if *number != expected {
            return Err(ParseError::new(format!(
                "row {number} found where row {expected} was expected (rows run from {size} down to 1)"
            ))
            .at_line(*lineno));
        }
        if cells.len() != size {
            return Err(ParseError::new(format!(
                "row {number} has {} cells, expected {size}",
                cells.len()
            ))
            .at_line(*lineno));
        }
        let row = &mut board_cells[(expected as usize - 1) * size..][..size];
        for (cell, &c) in row.iter_mut().zip(cells) {
            *cell = match c {
                'X' | 'x' => 1,
                'O' | 'o' => 2,
                '.' | '+' | '?' | '*' => 0,
                other => {
                    return Err(ParseError::new(format!(
                        "unknown cell `{other}` in row {number} (use X, O or .)"
                    ))
                    .at_line(*lineno))
                }
            };
        }
    }
    Ok(Board::from_cells(size as u8, &board_cells)?)
}

impl Board {
    /// Reads a board from a diagram (see the [module docs](crate::diagram)).
    ///
    /// ```
    /// use renju_core::{Board, Color};
    /// let text = "5 . . . . .\n4 . X . . .\n3 . . O . .\n2 . . . . .\n1 . . . . .\n";
    /// let board = Board::from_diagram(text).unwrap();
    /// assert_eq!(board.size(), 5);
    /// assert_eq!(board.get("b4".parse().unwrap()), Some(Color::Black));
    /// assert_eq!(Board::from_diagram(&board.to_diagram()).unwrap(), board);
    /// ```
    pub fn from_diagram(text: &str) -> Result<Board, ParseError> {
        let lines: Vec<(usize, &str)> = text.lines().enumerate().map(|(i, l)| (i + 1, l)).collect();
        parse_lines(&lines)
    }
}

impl FromStr for Board {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Board::from_diagram(s)
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Board {
    /// The diagram ([`Board::from_diagram`] reads it back).
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Board {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Board, D::Error> {
        let text = String::deserialize(d)?;
        Board::from_diagram(&text).map_err(serde::de::Error::custom)
    }
}
