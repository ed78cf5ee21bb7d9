//! The board: stones on a square grid, with line codes kept up to date.

use std::fmt;
use std::sync::OnceLock;

use crate::error::SetupError;
use crate::geometry::{Color, Direction, Point, MAX_SIZE, MIN_SIZE};
use crate::patterns::{self, Packed, BLACK, BLOCKED, CENTER, P_FIVE, P_OVERLINE, REACH, WINDOW};

/// Cells of the largest board.
pub(crate) const MAX_CELLS: usize = MAX_SIZE as usize * MAX_SIZE as usize;
const FLAG_WORDS: usize = MAX_CELLS.div_ceil(64);

pub(crate) const CELL_EMPTY: u8 = 0;
pub(crate) const CELL_BLACK: u8 = 1;
pub(crate) const CELL_WHITE: u8 = 2;

/// Stones on a square board of side 5 to 26, any arrangement.
///
/// A `Board` is only a stone arrangement: it has no side to move and no rules (see
/// [`Position`](crate::Position) for that). Alongside the stones it keeps, for every cell
/// and direction, the line code used by the forbidden-move judge, and the set of empty
/// cells where a black stone could be forbidden; both are updated on every change.
///
/// ```
/// use renju_core::{Board, Color};
/// let mut board = Board::new(15).unwrap();
/// board.set("h8".parse().unwrap(), Some(Color::Black)).unwrap();
/// assert_eq!(board.get("h8".parse().unwrap()), Some(Color::Black));
/// assert_eq!(board.stone_count(), 1);
/// ```
#[derive(Clone)]
pub struct Board {
    size: u8,
    cells: [u8; MAX_CELLS],
    codes: [[u16; MAX_CELLS]; 4],
    maybe_forbidden: [u64; FLAG_WORDS],
    black: u16,
    white: u16,
}

impl PartialEq for Board {
    fn eq(&self, other: &Self) -> bool {
        self.size == other.size && self.cells[..self.area()] == other.cells[..other.area()]
    }
}
impl Eq for Board {}

impl std::hash::Hash for Board {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.size.hash(state);
        self.cells[..self.area()].hash(state);
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board(size {})\n{}", self.size, self)
    }
}

/// Steps of one cell along each direction, as index offsets, for a board of `size`.
#[inline]
pub(crate) fn steps(size: u8) -> [isize; 4] {
    let s = size as isize;
    [1, s, s + 1, 1 - s]
}

impl Board {
    /// An empty board of side `size` (5 to 26).
    pub fn new(size: u8) -> Result<Board, SetupError> {
        if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
            return Err(SetupError::BoardSize { size });
        }
        // The empty board of each size is built once, then copied.
        const SIZES: usize = (MAX_SIZE - MIN_SIZE + 1) as usize;
        static EMPTY: [OnceLock<Box<Board>>; SIZES] = [const { OnceLock::new() }; SIZES];
        Ok(EMPTY[(size - MIN_SIZE) as usize]
            .get_or_init(|| Box::new(Board::build_empty(size)))
            .as_ref()
            .clone())
    }

    /// A board holding `stones` (later stones on the same point replace earlier ones).
    /// Faster than [`Board::set`] one stone at a time: the forbidden flags are computed
    /// once at the end.
    ///
    /// ```
    /// use renju_core::{Board, Color};
    /// let stones = [("h8", Color::Black), ("i9", Color::White)]
    ///     .map(|(p, c)| (p.parse().unwrap(), c));
    /// let board = Board::from_stones(15, stones).unwrap();
    /// assert_eq!(board.stone_count(), 2);
    /// ```
    pub fn from_stones(
        size: u8,
        stones: impl IntoIterator<Item = (Point, Color)>,
    ) -> Result<Board, SetupError> {
        let mut board = Board::new(size)?;
        for (p, color) in stones {
            if !p.is_on(size) {
                return Err(SetupError::OffBoard { point: p, size });
            }
            let idx = board.index(p);
            if board.cells[idx] != CELL_EMPTY {
                board.remove_raw(idx);
            }
            board.put_raw(idx, color);
        }
        for idx in 0..board.area() {
            board.refresh_flag(idx);
        }
        Ok(board)
    }

    fn build_empty(size: u8) -> Board {
        let mut board = Board {
            size,
            cells: [CELL_EMPTY; MAX_CELLS],
            codes: [[0; MAX_CELLS]; 4],
            maybe_forbidden: [0; FLAG_WORDS],
            black: 0,
            white: 0,
        };
        // Off-board cells count as blocked in every line code.
        for y in 0..size {
            for x in 0..size {
                let p = Point::new(x, y).expect("on board");
                let idx = board.index(p);
                for dir in Direction::ALL {
                    let mut code = 0u16;
                    for i in 0..WINDOW {
                        if i == CENTER {
                            continue;
                        }
                        if p.step(dir, i as i32 - CENTER as i32, size).is_none() {
                            code += BLOCKED as u16 * patterns::weight(i);
                        }
                    }
                    board.codes[dir.index()][idx] = code;
                }
            }
        }
        board
    }

    /// Side length.
    pub fn size(&self) -> u8 {
        self.size
    }

    /// Number of intersections.
    pub fn area(&self) -> usize {
        self.size as usize * self.size as usize
    }

    /// The stone on `p`, or `None` when empty or off the board.
    pub fn get(&self, p: Point) -> Option<Color> {
        if !p.is_on(self.size) {
            return None;
        }
        match self.cells[self.index(p)] {
            CELL_BLACK => Some(Color::Black),
            CELL_WHITE => Some(Color::White),
            _ => None,
        }
    }

    /// Whether `p` is on the board and empty.
    pub fn is_empty(&self, p: Point) -> bool {
        p.is_on(self.size) && self.cells[self.index(p)] == CELL_EMPTY
    }

    /// Puts a stone on `p` (`Some`) or clears it (`None`), whatever was there.
    pub fn set(&mut self, p: Point, stone: Option<Color>) -> Result<(), SetupError> {
        if !p.is_on(self.size) {
            return Err(SetupError::OffBoard {
                point: p,
                size: self.size,
            });
        }
        let idx = self.index(p);
        if self.cells[idx] != CELL_EMPTY {
            self.remove_at(idx);
        }
        if let Some(color) = stone {
            self.place_at(idx, color);
        }
        Ok(())
    }

    /// Stones of both colours.
    pub fn stone_count(&self) -> usize {
        (self.black + self.white) as usize
    }

    /// Stones of one colour.
    pub fn count(&self, color: Color) -> usize {
        match color {
            Color::Black => self.black as usize,
            Color::White => self.white as usize,
        }
    }

    /// Whether every intersection holds a stone.
    pub fn is_full(&self) -> bool {
        self.stone_count() == self.area()
    }

    /// Every stone, row by row from `a1`.
    pub fn stones(&self) -> impl Iterator<Item = (Point, Color)> + '_ {
        (0..self.area()).filter_map(move |idx| {
            let color = match self.cells[idx] {
                CELL_BLACK => Color::Black,
                CELL_WHITE => Color::White,
                _ => return None,
            };
            Some((self.point(idx), color))
        })
    }

    /// Every empty intersection, row by row from `a1`.
    pub fn empty_points(&self) -> impl Iterator<Item = Point> + '_ {
        (0..self.area())
            .filter(move |&idx| self.cells[idx] == CELL_EMPTY)
            .map(move |idx| self.point(idx))
    }

    // ---- crate-internal fast access ----

    #[inline]
    pub(crate) fn index(&self, p: Point) -> usize {
        p.y() as usize * self.size as usize + p.x() as usize
    }

    #[inline]
    pub(crate) fn point(&self, idx: usize) -> Point {
        let s = self.size as usize;
        Point::new((idx % s) as u8, (idx / s) as u8).expect("index on board")
    }

    /// The four packed line shapes a black stone on `idx` would make.
    #[inline]
    pub(crate) fn shapes(&self, idx: usize) -> [Packed; 4] {
        let t = patterns::table();
        [
            t[self.codes[0][idx] as usize],
            t[self.codes[1][idx] as usize],
            t[self.codes[2][idx] as usize],
            t[self.codes[3][idx] as usize],
        ]
    }

    /// The line code of `idx` along `dir`.
    #[inline]
    pub(crate) fn code(&self, dir: usize, idx: usize) -> u16 {
        self.codes[dir][idx]
    }

    /// Adds `delta` (a digit value) to the codes of every cell that sees `idx`.
    #[inline]
    fn touch_codes(&mut self, idx: usize, digit: u16, add: bool) {
        let size = self.size as isize;
        let (x, y) = ((idx as isize) % size, (idx as isize) / size);
        for (d, dir) in Direction::ALL.iter().enumerate() {
            let (dx, dy) = dir.delta();
            let (dx, dy) = (dx as isize, dy as isize);
            for sign in [-1isize, 1] {
                for k in 1..=REACH as isize {
                    let (tx, ty) = (x + sign * k * dx, y + sign * k * dy);
                    if tx < 0 || ty < 0 || tx >= size || ty >= size {
                        break;
                    }
                    // Seen from the target, `idx` sits at offset -sign*k.
                    let i = (CENTER as isize - sign * k) as usize;
                    let w = digit * patterns::weight(i);
                    let t = (ty * size + tx) as usize;
                    if add {
                        self.codes[d][t] += w;
                    } else {
                        self.codes[d][t] -= w;
                    }
                }
            }
        }
    }

    /// Places a stone on an empty cell, updating line codes only (not the flags).
    #[inline]
    pub(crate) fn put_raw(&mut self, idx: usize, color: Color) {
        debug_assert_eq!(self.cells[idx], CELL_EMPTY);
        let (cell, digit) = match color {
            Color::Black => {
                self.black += 1;
                (CELL_BLACK, BLACK as u16)
            }
            Color::White => {
                self.white += 1;
                (CELL_WHITE, BLOCKED as u16)
            }
        };
        self.cells[idx] = cell;
        self.touch_codes(idx, digit, true);
    }

    /// Removes a stone, updating line codes only (not the flags).
    #[inline]
    pub(crate) fn remove_raw(&mut self, idx: usize) {
        let digit = match self.cells[idx] {
            CELL_BLACK => {
                self.black -= 1;
                BLACK as u16
            }
            CELL_WHITE => {
                self.white -= 1;
                BLOCKED as u16
            }
            _ => return,
        };
        self.cells[idx] = CELL_EMPTY;
        self.touch_codes(idx, digit, false);
    }

    /// Places a stone on an empty cell and refreshes the forbidden flags around it.
    pub(crate) fn place_at(&mut self, idx: usize, color: Color) {
        self.put_raw(idx, color);
        self.refresh_around(idx);
    }

    /// Removes a stone and refreshes the forbidden flags around it.
    pub(crate) fn remove_at(&mut self, idx: usize) {
        self.remove_raw(idx);
        self.refresh_around(idx);
    }

    fn refresh_around(&mut self, idx: usize) {
        self.refresh_flag(idx);
        let size = self.size as isize;
        let (x, y) = ((idx as isize) % size, (idx as isize) / size);
        for dir in Direction::ALL {
            let (dx, dy) = dir.delta();
            let (dx, dy) = (dx as isize, dy as isize);
            for sign in [-1isize, 1] {
                for k in 1..=REACH as isize {
                    let (tx, ty) = (x + sign * k * dx, y + sign * k * dy);
                    if tx < 0 || ty < 0 || tx >= size || ty >= size {
                        break;
                    }
                    self.refresh_flag((ty * size + tx) as usize);
                }
            }
        }
    }

    #[inline]
    fn refresh_flag(&mut self, idx: usize) {
        let bit = 1u64 << (idx % 64);
        let flagged = self.cells[idx] == CELL_EMPTY && may_be_forbidden(self.shapes(idx));
        let word = &mut self.maybe_forbidden[idx / 64];
        if flagged {
            *word |= bit;
        } else {
            *word &= !bit;
        }
    }

    /// Empty cells where a black stone could be forbidden (a superset of the forbidden
    /// points: every forbidden point is flagged).
    pub(crate) fn flagged(&self) -> impl Iterator<Item = usize> + '_ {
        let area = self.area();
        self.maybe_forbidden
            .iter()
            .enumerate()
            .flat_map(|(w, &bits)| {
                let mut b = bits;
                std::iter::from_fn(move || {
                    if b == 0 {
                        return None;
                    }
                    let i = b.trailing_zeros() as usize;
                    b &= b - 1;
                    Some(w * 64 + i)
                })
            })
            .take_while(move |&i| i < area)
    }

    /// Renders the board as the diagram format (see [`crate::diagram`]).
    pub fn to_diagram(&self) -> String {
        self.to_string()
    }
}

/// The quick filter: not an exact five and either an overline, two fours, or apparent
/// threes in two directions.
#[inline]
pub(crate) fn may_be_forbidden(shapes: [Packed; 4]) -> bool {
    let or = shapes[0] | shapes[1] | shapes[2] | shapes[3];
    if or & P_FIVE != 0 {
        return false;
    }
    if or & P_OVERLINE != 0 {
        return true;
    }
    let fours: u32 = shapes.iter().map(|&s| patterns::four_count(s)).sum();
    let threes = shapes
        .iter()
        .filter(|&&s| patterns::three_points(s) != 0)
        .count();
    fours >= 2 || threes >= 2
}

impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::diagram::write_board(f, self, &[])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Rebuilds a board from its stones alone.
    fn rebuilt(board: &Board) -> Board {
        let mut fresh = Board::new(board.size()).unwrap();
        for (p, c) in board.stones() {
            fresh.set(p, Some(c)).unwrap();
        }
        fresh
    }

    fn assert_same_state(a: &Board, b: &Board) {
        assert!(a == b, "stones differ");
        assert_eq!(a.black, b.black);
        assert_eq!(a.white, b.white);
        for d in 0..4 {
            assert_eq!(
                a.codes[d][..a.area()],
                b.codes[d][..b.area()],
                "codes, direction {d}"
            );
        }
        assert_eq!(a.maybe_forbidden, b.maybe_forbidden, "flags");
    }

    #[test]
    fn incremental_state_matches_a_rebuild() {
        // A fixed-seed walk of placements and removals on several board sizes.
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = move |n: usize| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % n as u64) as usize
        };
        for size in [5u8, 7, 15, 20, 26] {
            let mut board = Board::new(size).unwrap();
            let mut placed = Vec::new();
            for step in 0..600 {
                let area = board.area();
                if !placed.is_empty() && (next(3) == 0 || board.is_full()) {
                    let idx = placed.swap_remove(next(placed.len()));
                    board.remove_at(idx);
                } else {
                    let idx = next(area);
                    if board.cells[idx] == CELL_EMPTY {
                        let color = if next(2) == 0 {
                            Color::Black
                        } else {
                            Color::White
                        };
                        board.place_at(idx, color);
                        placed.push(idx);
                    }
                }
                if step % 25 == 0 {
                    assert_same_state(&board, &rebuilt(&board));
                    let bulk = Board::from_stones(size, board.stones()).unwrap();
                    assert_same_state(&board, &bulk);
                }
            }
            while let Some(idx) = placed.pop() {
                board.remove_at(idx);
            }
            assert_same_state(&board, &Board::new(size).unwrap());
        }
    }

    #[test]
    fn rejects_bad_sizes_and_points() {
        assert!(Board::new(4).is_err());
        assert!(Board::new(27).is_err());
        let mut b = Board::new(5).unwrap();
        let off = Point::new(5, 0).unwrap();
        assert!(b.set(off, Some(Color::Black)).is_err());
        assert_eq!(b.get(off), None);
    }
}
