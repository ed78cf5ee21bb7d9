//! Board geometry: colours, points, directions and the 8 symmetries of a square board.

use std::fmt;
use std::str::FromStr;

#[cfg(feature = "serde")]
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use thiserror::Error;

use crate::error::ParseError;
use crate::name_table;

/// The smallest board side the library accepts.
pub const MIN_SIZE: u8 = 5;
/// The largest board side the library accepts (26 columns, `a` to `z`).
pub const MAX_SIZE: u8 = 26;
/// The board side of Renju (and the default for every rule set).
pub const RENJU_SIZE: u8 = 15;

/// A stone colour, which is also a side to move.
///
/// ```
/// use renju_core::Color;
/// assert_eq!(Color::Black.opponent(), Color::White);
/// assert_eq!(Color::White.to_string(), "white");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    /// Black, who moves first.
    Black,
    /// White, who moves second.
    White,
}

impl Color {
    /// The other colour.
    pub fn opponent(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }
}

name_table!(Color, "colour", {
    Black => "black" | "b" | "x",
    White => "white" | "w" | "o",
});

/// A point that could not be read or does not fit the board.
///
/// ```
/// use renju_core::{Point, PointError};
/// assert!(matches!("h0".parse::<Point>(), Err(PointError::Syntax { .. })));
/// assert!(matches!(Point::parse_on("p8", 15), Err(PointError::OffBoard { size: 15, .. })));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PointError {
    /// The text is not a point in `h8` notation.
    #[error("`{text}` is not a point (expected a column letter and a row number, like h8)")]
    Syntax {
        /// The text that was read.
        text: String,
    },
    /// The point is not on a board of this size.
    #[error("{point} is off the {size}x{size} board")]
    OffBoard {
        /// The point.
        point: Point,
        /// The board side.
        size: u8,
    },
}

/// The text a [`PointError::Syntax`] quotes: the first 16 characters of a longer text,
/// followed by `...` and its length (a hostile input of megabytes is quoted once, short).
fn quoted_text(s: &str) -> String {
    const MAX_CHARS: usize = 16;
    match s.char_indices().nth(MAX_CHARS) {
        None => s.to_string(),
        Some((end, _)) => format!("{}... ({} bytes)", &s[..end], s.len()),
    }
}

impl From<PointError> for ParseError {
    fn from(e: PointError) -> Self {
        ParseError::new(e.to_string())
    }
}

/// An intersection, by column (`x`, 0 = `a`, left) and row (`y`, 0 = row 1, bottom).
///
/// Points are board-size independent: `z26` is a valid point, which only a 26x26 board
/// holds. Positions check that a point lies on their board.
///
/// ```
/// use renju_core::Point;
/// let p: Point = "H8".parse().unwrap();
/// assert_eq!((p.x(), p.y()), (7, 7));
/// assert_eq!(p.to_string(), "h8");
/// assert!("i0".parse::<Point>().is_err());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point {
    x: u8,
    y: u8,
}

impl Point {
    /// The point at column `x` and row `y` (both 0-based), or `None` past `z26`.
    pub fn new(x: u8, y: u8) -> Option<Point> {
        (x < MAX_SIZE && y < MAX_SIZE).then_some(Point { x, y })
    }

    /// The centre of a board of the given side (`h8` on 15x15).
    pub fn center(size: u8) -> Point {
        Point {
            x: size / 2,
            y: size / 2,
        }
    }

    /// Column, 0-based from the left.
    pub fn x(self) -> u8 {
        self.x
    }

    /// Row, 0-based from the bottom.
    pub fn y(self) -> u8 {
        self.y
    }

    /// Whether the point lies on a board of the given side.
    pub fn is_on(self, size: u8) -> bool {
        self.x < size && self.y < size
    }

    /// The point `k` steps away in direction `dir`, if it is still on a board of `size`.
    pub fn step(self, dir: Direction, k: i32, size: u8) -> Option<Point> {
        let (dx, dy) = dir.delta();
        let x = self.x as i32 + dx * k;
        let y = self.y as i32 + dy * k;
        (x >= 0 && y >= 0 && x < size as i32 && y < size as i32).then_some(Point {
            x: x as u8,
            y: y as u8,
        })
    }

    /// Chebyshev (king-move) distance, used for opening areas.
    pub fn chebyshev(self, other: Point) -> u8 {
        self.x.abs_diff(other.x).max(self.y.abs_diff(other.y))
    }

    /// Parses `h8` notation (case-insensitive) and checks the point is on a board of `size`.
    pub fn parse_on(text: &str, size: u8) -> Result<Point, PointError> {
        let p: Point = text.parse()?;
        if p.is_on(size) {
            Ok(p)
        } else {
            Err(PointError::OffBoard { point: p, size })
        }
    }
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.x) as char, self.y + 1)
    }
}

impl FromStr for Point {
    type Err = PointError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let bytes = s.as_bytes();
        let syntax = || PointError::Syntax {
            text: quoted_text(s),
        };
        if bytes.len() < 2 || bytes.len() > 3 || !bytes[0].is_ascii_alphabetic() {
            return Err(syntax());
        }
        let x = bytes[0].to_ascii_lowercase() - b'a';
        let digits = &s[1..];
        if !digits.bytes().all(|b| b.is_ascii_digit()) || digits.starts_with('0') {
            return Err(syntax());
        }
        let row: u32 = digits.parse().map_err(|_| syntax())?;
        if row == 0 || row > MAX_SIZE as u32 {
            return Err(syntax());
        }
        Ok(Point {
            x,
            y: (row - 1) as u8,
        })
    }
}

#[cfg(feature = "serde")]
impl Serialize for Point {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        // `a1` .. `z26`, written without the formatting machinery: status replies list
        // hundreds of points.
        let row = self.y + 1;
        let mut text = [b'a' + self.x, b'0' + row / 10, b'0' + row % 10];
        let name: &[u8] = if row < 10 {
            text[1] = b'0' + row;
            &text[..2]
        } else {
            &text
        };
        s.serialize_str(std::str::from_utf8(name).map_err(serde::ser::Error::custom)?)
    }
}

#[cfg(feature = "serde")]
impl<'de> Deserialize<'de> for Point {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// One of the four line directions through a point.
///
/// ```
/// use renju_core::Direction;
/// assert_eq!(Direction::ALL.len(), 4);
/// assert_eq!(Direction::Diagonal.delta(), (1, 1));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Direction {
    /// Along a row (left to right).
    Horizontal,
    /// Along a column (bottom to top).
    Vertical,
    /// Bottom-left to top-right.
    Diagonal,
    /// Top-left to bottom-right.
    AntiDiagonal,
}

impl Direction {
    /// The step `(dx, dy)` of one move along the direction.
    pub fn delta(self) -> (i32, i32) {
        match self {
            Direction::Horizontal => (1, 0),
            Direction::Vertical => (0, 1),
            Direction::Diagonal => (1, 1),
            Direction::AntiDiagonal => (1, -1),
        }
    }

    /// Index 0..4 in [`Direction::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }
}

name_table!(Direction, "direction", {
    Horizontal => "horizontal",
    Vertical => "vertical",
    Diagonal => "diagonal",
    AntiDiagonal => "anti-diagonal",
});

/// One of the 8 symmetries of a square board (the dihedral group D4).
///
/// ```
/// use renju_core::{Point, Symmetry};
/// let p: Point = "a1".parse().unwrap();
/// assert_eq!(Symmetry::Rotate90.apply(p, 15).to_string(), "o1");
/// for s in Symmetry::ALL {
///     assert_eq!(s.inverse().apply(s.apply(p, 15), 15), p);
/// }
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Symmetry {
    /// No change.
    Identity,
    /// Quarter turn counter-clockwise.
    Rotate90,
    /// Half turn.
    Rotate180,
    /// Quarter turn clockwise.
    Rotate270,
    /// Mirror left-right (`x -> -x`).
    FlipHorizontal,
    /// Mirror top-bottom (`y -> -y`).
    FlipVertical,
    /// Mirror in the main diagonal (`x <-> y`).
    Transpose,
    /// Mirror in the anti-diagonal.
    AntiTranspose,
}

impl Symmetry {
    /// Applies the symmetry to offsets `(dx, dy)` from the centre of symmetry.
    pub fn apply_offset(self, dx: i32, dy: i32) -> (i32, i32) {
        match self {
            Symmetry::Identity => (dx, dy),
            Symmetry::Rotate90 => (-dy, dx),
            Symmetry::Rotate180 => (-dx, -dy),
            Symmetry::Rotate270 => (dy, -dx),
            Symmetry::FlipHorizontal => (-dx, dy),
            Symmetry::FlipVertical => (dx, -dy),
            Symmetry::Transpose => (dy, dx),
            Symmetry::AntiTranspose => (-dy, -dx),
        }
    }

    /// Maps a point of a board of side `size` to its image. A point off that board has
    /// no image and is returned unchanged.
    pub fn apply(self, p: Point, size: u8) -> Point {
        if !p.is_on(size) {
            return p;
        }
        let m = size as i32 - 1;
        // Work on doubled coordinates centred on the board so odd and even sides both work.
        let (dx, dy) = (2 * p.x as i32 - m, 2 * p.y as i32 - m);
        let (nx, ny) = self.apply_offset(dx, dy);
        Point {
            x: ((nx + m) / 2) as u8,
            y: ((ny + m) / 2) as u8,
        }
    }

    /// The symmetry that undoes this one.
    pub fn inverse(self) -> Symmetry {
        match self {
            Symmetry::Rotate90 => Symmetry::Rotate270,
            Symmetry::Rotate270 => Symmetry::Rotate90,
            other => other,
        }
    }
}

name_table!(Symmetry, "symmetry", {
    Identity => "identity",
    Rotate90 => "rotate90" | "rot90",
    Rotate180 => "rotate180" | "rot180",
    Rotate270 => "rotate270" | "rot270",
    FlipHorizontal => "flip-horizontal",
    FlipVertical => "flip-vertical",
    Transpose => "transpose",
    AntiTranspose => "anti-transpose",
});
