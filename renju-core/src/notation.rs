//! Moves and move-list notation: `h8 i9 j10`, `h8i9j10`, `H8 I9`, `1.h8 2.i9`, `pass`.

use std::fmt;
use std::str::FromStr;

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

impl Serialize for Move {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

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
    let bytes = text.as_bytes();
    let mut moves = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if b.is_ascii_whitespace() || b == b',' || b == b';' {
            i += 1;
            continue;
        }
        let number = moves.len() + 1;
        if b.is_ascii_digit() {
            // A move number: digits followed by a dot.
            let start = i;
            while i < bytes.len() && bytes[i].is_ascii_digit() {
                i += 1;
            }
            if i < bytes.len() && bytes[i] == b'.' {
                i += 1;
                continue;
            }
            return Err(ParseError::new(format!(
                "unexpected number `{}` (move numbers end with a dot, like `1.h8`)",
                &text[start..i]
            ))
            .at_move(number));
        }
        if bytes
            .get(i..i + 4)
            .is_some_and(|w| w.eq_ignore_ascii_case(b"pass"))
        {
            moves.push(Move::Pass);
            i += 4;
            continue;
        }
        if b.is_ascii_alphabetic() {
            let start = i;
            i += 1;
            while i < bytes.len() && bytes[i].is_ascii_digit() {
                i += 1;
            }
            let token = &text[start..i];
            let p =
                Point::parse_on(token, size).map_err(|e| ParseError::from(e).at_move(number))?;
            moves.push(Move::Stone(p));
            continue;
        }
        let ch = text[i..].chars().next().unwrap_or('?');
        return Err(
            ParseError::new(format!("unexpected character `{ch}` in a move list")).at_move(number),
        );
    }
    Ok(moves)
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
