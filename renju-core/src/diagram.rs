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
        if let Some(board) = fast::parse(text.as_bytes()) {
            return Ok(board);
        }
        // Anything the fast path does not take (an error to word, Unicode, a `+8` row
        // number...) is read by the reference parser, which says exactly what is wrong.
        let lines: Vec<(usize, &str)> = text.lines().enumerate().map(|(i, l)| (i + 1, l)).collect();
        parse_lines(&lines)
    }
}

/// A fast path for the common case, a well-formed ASCII diagram: bytes scanned once,
/// cells written into a fixed buffer, no allocation before the board's own. It gives
/// up (`None`) on anything else, and [`parse_lines`], the reference, reads the text
/// then: the fast path only accepts what the reference reads the same way (a property
/// test compares the two).
mod fast {
    use crate::board::Board;
    use crate::geometry::{MAX_SIZE, MIN_SIZE};

    const MAX: usize = MAX_SIZE as usize;

    /// What a byte is to the fast path: a cell's value (0 empty, 1 black, 2 white), or
    /// one of the classes below.
    const SPACE: u8 = 3;
    const DIGIT: u8 = 4;
    const NEWLINE: u8 = 5;
    const LETTER: u8 = 6;
    const OTHER: u8 = 7;
    const CLASS: [u8; 256] = {
        let mut class = [OTHER; 256];
        let mut b = 0;
        while b < 256 {
            let c = b as u8;
            class[b] = match c {
                b'X' | b'x' => 1,
                b'O' | b'o' => 2,
                b'.' | b'+' | b'?' | b'*' => 0,
                b'\n' => NEWLINE,
                // White space as `char::is_whitespace` has it in ASCII (vertical tab
                // included).
                b' ' | 0x09..=0x0D => SPACE,
                b'0'..=b'9' => DIGIT,
                _ if c.is_ascii_alphabetic() => LETTER,
                _ => OTHER,
            };
            b += 1;
        }
        class
    };

    /// Where the scan is within a line.
    #[derive(Clone, Copy, PartialEq)]
    enum State {
        /// Before the line's first word.
        Start,
        /// In the row number: its value so far and its digits.
        Number(usize, u8),
        /// Among the cells; after a space or not.
        Cells(bool),
        /// In the copy of the row number after the cells, or after it.
        Copy(u8),
        /// In a line of column letters: how many so far.
        Letters(u8),
    }

    /// The rows read so far: cells from the top row down, each row's number and length.
    struct Rows {
        grid: [[u8; MAX]; MAX],
        rows: [(usize, usize); MAX],
        count: usize,
    }

    impl Rows {
        /// The row under way.
        fn current(&mut self) -> Option<&mut (usize, usize)> {
            self.rows.get_mut(self.count)
        }

        /// A cell of the row under way.
        fn push(&mut self, value: u8) -> Option<()> {
            let (_, len) = *self.current()?;
            *self.grid[self.count].get_mut(len)? = value;
            self.rows[self.count].1 += 1;
            Some(())
        }

        /// Reads the cells and spaces at the start of `bytes` into the row under way (the
        /// inner loop of the scan): how many bytes it read, and whether the last was a
        /// space.
        fn cells(&mut self, bytes: &[u8], mut after_space: bool) -> Option<(usize, bool)> {
            let (_, mut len) = *self.current()?;
            let row = &mut self.grid[self.count];
            let mut read = 0;
            for &byte in bytes {
                let class = CLASS[usize::from(byte)];
                if class <= 2 {
                    *row.get_mut(len)? = class;
                    (len, after_space) = (len + 1, false);
                } else if class == SPACE {
                    after_space = true;
                } else {
                    break;
                }
                read += 1;
            }
            self.rows[self.count].1 = len;
            Some((read, after_space))
        }

        /// The state after the end of a line in `state`.
        fn end_line(&mut self, state: State) -> Option<State> {
            match state {
                State::Number(number, _) => self.rows.get_mut(self.count)?.0 = number,
                State::Cells(_) | State::Copy(_) => {}
                State::Start | State::Letters(_) => return Some(State::Start),
            }
            self.count += 1;
            Some(State::Start)
        }
    }

    /// The state after byte class `class` in `state`, or `None` for anything unusual.
    fn step(rows: &mut Rows, state: State, class: u8, byte: u8) -> Option<State> {
        Some(match (state, class) {
            (_, NEWLINE) => rows.end_line(state)?,
            (State::Start, SPACE) => State::Start,
            (State::Start, DIGIT) => {
                *rows.current()? = (0, 0);
                State::Number(usize::from(byte - b'0'), 1)
            }
            (State::Start, LETTER) if byte.eq_ignore_ascii_case(&b'a') => State::Letters(1),
            (State::Letters(n), SPACE) => State::Letters(n),
            // Column letters may be cell letters too (`o`, `x`): the byte decides.
            (State::Letters(n), _) if n < 26 && byte.to_ascii_lowercase() == b'a' + n => {
                State::Letters(n + 1)
            }
            (State::Number(n, d), DIGIT) if d < 9 => {
                State::Number(n * 10 + usize::from(byte - b'0'), d + 1)
            }
            (State::Number(n, _), SPACE) => {
                rows.current()?.0 = n;
                State::Cells(true)
            }
            (State::Cells(_), SPACE) => State::Cells(true),
            (State::Cells(_), 0..=2) => {
                rows.push(class)?;
                State::Cells(false)
            }
            (State::Cells(true), DIGIT) => State::Copy(1),
            (State::Copy(d), DIGIT) if d > 0 && d < 9 => State::Copy(d + 1),
            (State::Copy(_), SPACE) => State::Copy(0),
            _ => return None,
        })
    }

    /// The whole board, or `None` when the text is not a plain, well-formed diagram.
    pub(super) fn parse(text: &[u8]) -> Option<Board> {
        let mut rows = Rows {
            grid: [[0; MAX]; MAX],
            rows: [(0, 0); MAX],
            count: 0,
        };
        let (mut state, mut at) = (State::Start, 0);
        while let Some(&byte) = text.get(at) {
            if let State::Cells(after_space) = state {
                let (read, after_space) = rows.cells(&text[at..], after_space)?;
                (state, at) = (State::Cells(after_space), at + read);
                let Some(&byte) = text.get(at) else { break };
                state = step(&mut rows, state, CLASS[usize::from(byte)], byte)?;
            } else {
                state = step(&mut rows, state, CLASS[usize::from(byte)], byte)?;
            }
            at += 1;
        }
        rows.end_line(state)?;
        let size = rows.count;
        let well_formed = rows.rows[..size]
            .iter()
            .enumerate()
            .all(|(i, &(number, len))| number == size - i && len == size);
        if !well_formed || size < MIN_SIZE as usize {
            return None;
        }
        let mut cells = [0u8; MAX * MAX];
        for (i, row) in rows.grid[..size].iter().enumerate() {
            cells[(size - 1 - i) * size..][..size].copy_from_slice(&row[..size]);
        }
        Board::from_cells(size as u8, &cells[..size * size]).ok()
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

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The reference parser alone.
    fn reference(text: &str) -> Result<Board, ParseError> {
        let lines: Vec<(usize, &str)> = text.lines().enumerate().map(|(i, l)| (i + 1, l)).collect();
        parse_lines(&lines)
    }

    /// A diagram of a random board, written in one of the spellings the format allows:
    /// spaces between cells or not, column letters or not, row numbers repeated or not,
    /// any empty-cell mark, either case, CR LF line ends, padding.
    fn diagram() -> impl Strategy<Value = String> {
        let cells = prop::collection::vec(0usize..10, 26 * 26);
        (5usize..=26, cells, any::<[bool; 5]>()).prop_map(|(size, cells, style)| {
            let [spaced, letters, repeat, crlf, padded] = style;
            let end = if crlf { "\r\n" } else { "\n" };
            let letter_line: String = (0..size).map(|x| (b'a' + x as u8) as char).collect();
            let mut text = String::new();
            if letters {
                text += &format!("   {letter_line}{end}");
            }
            for (y, row) in (1..=size).rev().zip(cells.chunks(26)) {
                text += &format!("{}{y} ", if padded { " \t" } else { "" });
                for &cell in &row[..size] {
                    text.push(b"XxOo.+?*.."[cell] as char);
                    if spaced {
                        text.push(' ');
                    }
                }
                if repeat {
                    text += &format!(" {y}");
                }
                text += end;
            }
            text
        })
    }

    /// A diagram with a few bytes changed, removed or inserted.
    fn damaged() -> impl Strategy<Value = String> {
        (
            diagram(),
            prop::collection::vec((any::<usize>(), any::<u8>(), 0u8..3), 1..4),
        )
            .prop_map(|(text, edits)| {
                let mut bytes = text.into_bytes();
                for (at, byte, kind) in edits {
                    let at = at % (bytes.len() + 1);
                    const BYTES: &[u8] = b"XO.+9 \n\r\x0ba+-0\xc3";
                    let byte = BYTES[usize::from(byte) % BYTES.len()];
                    match kind {
                        0 if at < bytes.len() => bytes[at] = byte,
                        1 if at < bytes.len() => drop(bytes.remove(at)),
                        _ => bytes.insert(at, byte),
                    }
                }
                String::from_utf8_lossy(&bytes).into_owned()
            })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2_000))]

        #[test]
        fn the_fast_path_reads_diagrams_as_the_reference_does(text in diagram()) {
            let fast = fast::parse(text.as_bytes());
            prop_assert!(fast.is_some(), "a well-formed diagram left to the reference:\n{text}");
            prop_assert_eq!(fast, Some(reference(&text).unwrap()));
        }

        #[test]
        fn the_fast_path_takes_only_what_the_reference_reads_the_same(text in damaged()) {
            if let Some(board) = fast::parse(text.as_bytes()) {
                prop_assert_eq!(Ok(board), reference(&text), "{:?}", text);
            }
            prop_assert_eq!(Board::from_diagram(&text), reference(&text));
        }
    }
}
