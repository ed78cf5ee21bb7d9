//! Moves and move-list notation: `h8 i9 j10`, `h8i9j10`, `H8 I9`, `1.h8 2.i9`, `pass`.

use std::fmt;
use std::str::FromStr;

#[cfg(feature = "serde")]
use serde::{Deserialize, Serialize};

use crate::error::ParseError;
use crate::geometry::{Point, PointError};

/// A move: a stone on a point, or a pass.
///
/// ```
/// use renju_core::Move;
/// assert_eq!("H8".parse::<Move>().unwrap().to_string(), "h8");
/// assert_eq!("pass".parse::<Move>().unwrap(), Move::Pass);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Move {
    /// A stone of the side to move on this point.
    Stone(Point),
    /// The side to move gives up its turn.
    Pass,
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Stone(p) => p.fmt(f),
            Move::Pass => f.write_str("pass"),
        }
    }
}

impl FromStr for Move {
    type Err = PointError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        if s.eq_ignore_ascii_case("pass") {
            Ok(Move::Pass)
        } else {
            s.parse().map(Move::Stone)
        }
    }
}

#[cfg(feature = "serde")]
impl Serialize for Move {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

#[cfg(feature = "serde")]
impl<'de> Deserialize<'de> for Move {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        String::deserialize(d)?
            .parse()
            .map_err(serde::de::Error::custom)
    }
}

/// Parses a move list and checks every point lies on a board of side `size`.
///
/// Accepted: points in `h8` notation in either case, separated by spaces, commas or
/// nothing at all (`h8i9j10`), optionally numbered (`1.h8 2.i9`, `1. h8`), and `pass`.
/// Errors name the move number.
///
/// ```
/// use renju_core::notation::parse_moves;
/// let moves = parse_moves("1.H8 2.i9 j10k11 pass", 15).unwrap();
/// assert_eq!(moves.len(), 5);
/// assert_eq!(parse_moves("h8 p16", 15).unwrap_err().location.move_number, Some(2));
/// ```
pub fn parse_moves(text: &str, size: u8) -> Result<Vec<Move>, ParseError> {
    moves(text, size).collect()
}

/// The moves of a move list one at a time, as [`parse_moves`] reads them: memory holds
/// one move, so a caller can stop at the first move it cannot use (a 150 MiB list whose
/// second move is illegal costs nothing more than its second move). After an error the
/// iterator ends.
///
/// ```
/// use renju_core::notation::moves;
/// let mut it = moves("h8 i9 @ j10", 15);
/// assert_eq!(it.next().unwrap().unwrap().to_string(), "h8");
/// assert!(it.next().unwrap().is_ok());
/// assert_eq!(it.next().unwrap().unwrap_err().location.move_number, Some(3));
/// assert!(it.next().is_none());
/// ```
pub fn moves(text: &str, size: u8) -> Moves<'_> {
    Moves {
        text,
        size,
        at: 0,
        count: 0,
        failed: false,
    }
}

/// The iterator of [`moves`].
#[derive(Debug, Clone)]
pub struct Moves<'a> {
    text: &'a str,
    size: u8,
    at: usize,
    count: usize,
    failed: bool,
}

impl Iterator for Moves<'_> {
    type Item = Result<Move, ParseError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.failed {
            return None;
        }
        let item = self.step()?;
        match &item {
            Ok(_) => self.count += 1,
            Err(_) => self.failed = true,
        }
        Some(item)
    }
}

impl Moves<'_> {
    fn step(&mut self) -> Option<Result<Move, ParseError>> {
        let text = self.text;
        let bytes = text.as_bytes();
        let number = self.count + 1;
        while self.at < bytes.len() {
            let i = self.at;
            let b = bytes[i];
            if b.is_ascii_whitespace() || b == b',' || b == b';' {
                self.at += 1;
                continue;
            }
            if b.is_ascii_digit() {
                // A move number: digits followed by a dot.
                let mut j = i;
                while j < bytes.len() && bytes[j].is_ascii_digit() {
                    j += 1;
                }
                if j < bytes.len() && bytes[j] == b'.' {
                    self.at = j + 1;
                    continue;
                }
                self.at = j;
                return Some(Err(ParseError::new(format!(
                    "unexpected number `{}` (move numbers end with a dot, like `1.h8`)",
                    &text[i..j]
                ))
                .at_move(number)));
            }
            if b.eq_ignore_ascii_case(&b'p')
                && bytes
                    .get(i..i + 4)
                    .is_some_and(|w| w.eq_ignore_ascii_case(b"pass"))
            {
                self.at = i + 4;
                return Some(Ok(Move::Pass));
            }
            if b.is_ascii_alphabetic() {
                let mut j = i + 1;
                while j < bytes.len() && bytes[j].is_ascii_digit() {
                    j += 1;
                }
                // A letter or digit beyond ASCII right after (a full-width `８`): part
                // of the token, so that the error quotes it whole.
                let tail: usize = text[j..]
                    .chars()
                    .take_while(|c| !c.is_ascii() && c.is_alphanumeric())
                    .map(char::len_utf8)
                    .sum();
                if tail > 0 {
                    let token = &text[i..j + tail];
                    self.at = j + tail;
                    return Some(Err(ParseError::new(format!(
                        "`{token}` is not a point: row numbers are ASCII digits (`h8`)"
                    ))
                    .at_move(number)));
                }
                self.at = j;
                // The common case read directly: a letter and a row number from 1 on
                // this board; anything else goes through `Point::parse_on` (errors).
                let x = b.to_ascii_lowercase() - b'a';
                let row = match bytes[i + 1..j] {
                    [d] => Some(d - b'0'),
                    [d, e] if d != b'0' => Some((d - b'0') * 10 + (e - b'0')),
                    _ => None,
                };
                if let Some(row) = row.filter(|&r| r >= 1 && r <= self.size && x < self.size) {
                    return Some(Ok(Move::Stone(
                        Point::new(x, row - 1).expect("on the board"),
                    )));
                }
                let token = &text[i..j];
                return Some(
                    Point::parse_on(token, self.size)
                        .map(Move::Stone)
                        .map_err(|e| ParseError::from(e).at_move(number)),
                );
            }
            let ch = text[i..].chars().next().unwrap_or('?');
            return Some(Err(ParseError::new(format!(
                "unexpected character `{ch}` in a move list"
            ))
            .at_move(number)));
        }
        None
    }
}

/// Formats moves as a space-separated list (`h8 i9 pass`).
pub fn format_moves(moves: impl IntoIterator<Item = Move>) -> String {
    moves
        .into_iter()
        .map(|m| m.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn forms() {
        let want = "h8 i9 j10";
        for text in [
            "h8 i9 j10",
            "h8i9j10",
            "H8 I9 J10",
            "1.h8 2.i9 3.j10",
            "1. h8, 2. i9, 3. j10",
        ] {
            assert_eq!(format_moves(parse_moves(text, 15).unwrap()), want, "{text}");
        }
    }

    #[test]
    fn errors_name_the_move() {
        let e = parse_moves("h8 i9 @", 15).unwrap_err();
        assert_eq!(e.location.move_number, Some(3));
        let e = parse_moves("h8 i16", 15).unwrap_err();
        assert_eq!(e.location.move_number, Some(2));
        assert!(e.message.contains("off the 15x15"), "{}", e.message);
        assert!(parse_moves("h8 12 i9", 15).is_err());
        assert!(parse_moves("h08", 15).is_err());
    }
}
