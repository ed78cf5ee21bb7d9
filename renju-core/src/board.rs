//! The board: stones on a square grid, with line codes kept up to date.

use std::fmt;
use std::sync::OnceLock;

use thiserror::Error;

use crate::error::ParseError;
use crate::geometry::{Color, Direction, Point, MAX_SIZE, MIN_SIZE};
use crate::patterns::{self, Packed, Summary, BLACK, BLOCKED, CENTER, REACH, WINDOW};
use crate::rules::RuleSet;

/// A board or position that cannot be set up.
///
/// ```
/// use renju_core::{Board, SetupError};
/// assert_eq!(Board::new(4).unwrap_err(), SetupError::BoardSize { size: 4 });
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SetupError {
    /// Board sides run from 5 to 26.
    #[error("board size {size} is not supported (5 to 26)")]
    BoardSize {
        /// The side asked for.
        size: u8,
    },
    /// The rule set does not allow this board size (Renju is 15x15 only).
    #[error("{rule_set} is played on 15x15 only, not {size}x{size}")]
    SizeForRules {
        /// The rule set.
        rule_set: RuleSet,
        /// The side asked for.
        size: u8,
    },
    /// A stone was placed off the board.
    #[error("{point} is off the {size}x{size} board")]
    OffBoard {
        /// The point.
        point: Point,
        /// The board side.
        size: u8,
    },
    /// A cell of a cell array ([`Board::from_cells`]) holds a value other than 0 (empty),
    /// 1 (black) or 2 (white).
    #[error("cell {index} holds {value}; cells are 0 (empty), 1 (black) or 2 (white)")]
    CellValue {
        /// The cell's index, row by row from `a1`.
        index: usize,
        /// The value found.
        value: u8,
    },
    /// A cell array whose length is not the board's area.
    #[error("{len} cells do not make a {size}x{size} board")]
    CellCount {
        /// The number of cells given.
        len: usize,
        /// The board side.
        size: u8,
    },
}

impl From<SetupError> for ParseError {
    fn from(e: SetupError) -> Self {
        ParseError::new(e.to_string())
    }
}

pub(crate) const CELL_EMPTY: u8 = 0;
pub(crate) const CELL_BLACK: u8 = 1;
pub(crate) const CELL_WHITE: u8 = 2;
// A cell's value is its digit in the line codes (white stones block Black's lines).
const _: () = assert!(CELL_EMPTY == patterns::EMPTY && CELL_BLACK == BLACK);
const _: () = assert!(CELL_WHITE == BLOCKED);

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
    black: u16,
    white: u16,
    neighbors: &'static Neighbors,
    /// One entry per intersection, row by row from `a1`.
    cells: Box<[Cell]>,
    /// The line codes, line by line ([`Neighbors::pos`] gives where each cell's code
    /// along each direction is): the codes of the cells that see a stone along one
    /// direction are consecutive, so that a stone updates them as one small vector.
    /// Between lines lie [`REACH`] unused entries, which absorb the updates that run
    /// off a line's end.
    codes: Box<[u16]>,
    /// Per intersection, the four shapes added up while it is empty, and
    /// [`OCCUPIED`] while it holds a stone: a compact array for the forbidden-map scan.
    summaries: Box<[Summary]>,
    /// The empty cells that pass the quick filter, one bit per intersection (bit
    /// `idx % 64` of word `idx / 64`), kept with the summaries: the forbidden map visits
    /// these cells only, without scanning the board.
    candidates: CandidateBits,
    /// Whether stones keep [`Board::candidates`] up to date ([`Board::keep_candidates`]);
    /// when not (under rules without forbidden moves, which never ask), the candidates
    /// are read from the summaries.
    candidates_kept: bool,
    /// While set ([`Board::defer_shapes`]), stones update the line codes only: the
    /// shapes and summaries are stale until [`Board::finish_deferred`].
    deferred: bool,
}

/// What a black stone on an empty intersection would make, at a glance
/// ([`Board::black_outlook`]).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Outlook {
    /// It passes the quick filter (every forbidden point does; no five does).
    pub may_be_forbidden: bool,
    /// It makes a row of five or more.
    pub five_or_more: bool,
}

/// The summary of an occupied intersection: one that never passes the quick filter.
const OCCUPIED: Summary = 1;

/// Words of [`Board::candidates`]: one bit for each intersection of the largest board.
const CANDIDATE_WORDS: usize = (MAX_SIZE as usize * MAX_SIZE as usize).div_ceil(64);

/// One bit per intersection: the cells that pass the quick filter.
type CandidateBits = [u64; CANDIDATE_WORDS];

/// What the board keeps about one intersection.
#[derive(Debug, Clone, Copy, Default)]
struct Cell {
    /// [`CELL_EMPTY`], [`CELL_BLACK`] or [`CELL_WHITE`].
    stone: u8,
}

impl PartialEq for Board {
    fn eq(&self, other: &Self) -> bool {
        self.size == other.size
            && self
                .cells
                .iter()
                .map(|c| c.stone)
                .eq(other.cells.iter().map(|c| c.stone))
    }
}
impl Eq for Board {}

impl std::hash::Hash for Board {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.size.hash(state);
        for c in self.cells.iter() {
            c.stone.hash(state);
        }
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
        Ok(Board::empty_of(size).clone())
    }

    /// The empty board of a supported size: built once per size, then copied.
    fn empty_of(size: u8) -> &'static Board {
        const SIZES: usize = (MAX_SIZE - MIN_SIZE + 1) as usize;
        static EMPTY: [OnceLock<Board>; SIZES] = [const { OnceLock::new() }; SIZES];
        EMPTY[(size - MIN_SIZE) as usize].get_or_init(|| Board::build_empty(size))
    }

    /// A board holding `stones` (later stones on the same point replace earlier ones).
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
        // Stones first, then the codes and shapes of every cell in one sweep: cheaper
        // than keeping them up to date stone by stone.
        for (p, color) in stones {
            if !p.is_on(size) {
                return Err(SetupError::OffBoard { point: p, size });
            }
            let idx = board.index(p);
            board.cells[idx].stone = match color {
                Color::Black => CELL_BLACK,
                Color::White => CELL_WHITE,
            };
        }
        board.rebuild();
        Ok(board)
    }

    /// A board from its cells, row by row from `a1` (index `y * size + x`): 0 empty,
    /// 1 black, 2 white, the layout of [`crate::batch`] and of numpy boards. Built in one
    /// pass like [`Board::from_stones`].
    ///
    /// ```
    /// use renju_core::{Board, Color};
    /// let mut cells = [0u8; 25];
    /// cells[2 * 5 + 1] = 1; // b3
    /// let board = Board::from_cells(5, &cells).unwrap();
    /// assert_eq!(board.get("b3".parse().unwrap()), Some(Color::Black));
    /// assert!(Board::from_cells(5, &[3; 25]).is_err());
    /// ```
    pub fn from_cells(size: u8, cells: &[u8]) -> Result<Board, SetupError> {
        let mut board = Board::new(size)?;
        board.load_cells(cells)?;
        Ok(board)
    }

    /// Replaces the stones of this board by `cells` (the layout of [`Board::from_cells`],
    /// this board's size), reusing its memory: the batch path loads many boards of one
    /// size without allocating. On an error the board is left empty.
    pub fn load_cells(&mut self, cells: &[u8]) -> Result<(), SetupError> {
        let size = self.size;
        if cells.len() != self.area() {
            self.clear();
            return Err(SetupError::CellCount {
                len: cells.len(),
                size,
            });
        }
        if let Some(index) = cells.iter().position(|&v| v > CELL_WHITE) {
            self.clear();
            return Err(SetupError::CellValue {
                index,
                value: cells[index],
            });
        }
        self.load_checked_cells(cells);
        Ok(())
    }

    /// [`Board::load_cells`] of cells already checked: the board's area, each 0, 1 or 2.
    pub(crate) fn load_checked_cells(&mut self, cells: &[u8]) {
        for (cell, &value) in self.cells.iter_mut().zip(cells) {
            cell.stone = value;
        }
        self.codes
            .copy_from_slice(&Board::empty_of(self.size).codes);
        // Eight cells a word, the stones found by their bits: a cell holds 0, 1 or 2, so
        // bit 0 of its byte is set for a black stone, bit 1 for a white one.
        const LOW: u64 = 0x0101_0101_0101_0101;
        let (mut stones, mut black) = (0, 0);
        for (word_at, chunk) in cells.chunks(8).enumerate() {
            let mut bytes = [0u8; 8];
            bytes[..chunk.len()].copy_from_slice(chunk);
            let word = u64::from_le_bytes(bytes);
            black += (word & LOW).count_ones();
            let mut occupied = (word | word >> 1) & LOW;
            stones += occupied.count_ones();
            while occupied != 0 {
                let idx = word_at * 8 + occupied.trailing_zeros() as usize / 8;
                self.add_to_codes(idx, u16::from(cells[idx]), true);
                occupied &= occupied - 1;
            }
        }
        // At most 26 x 26 stones: the counts fit.
        (self.black, self.white) = (black as u16, (stones - black) as u16);
        self.deferred = false;
        self.refresh_shapes();
    }

    /// Removes every stone.
    fn clear(&mut self) {
        let empty = Board::empty_of(self.size);
        self.cells.copy_from_slice(&empty.cells);
        self.codes.copy_from_slice(&empty.codes);
        self.summaries.copy_from_slice(&empty.summaries);
        self.candidates = empty.candidates;
        (self.black, self.white, self.deferred) = (0, 0, false);
    }

    /// Recomputes everything from the stones alone: the counts, the line codes (the empty
    /// board's, then each stone's digit added along its four lines), then the shapes
    /// and summaries of every cell at once.
    fn rebuild(&mut self) {
        let mut cells = [CELL_EMPTY; MAX_SIZE as usize * MAX_SIZE as usize];
        let cells = &mut cells[..self.area()];
        self.write_cells(cells);
        self.load_checked_cells(cells);
    }

    /// Adds (or removes) `digit` at `idx` in the line codes of the cells that see it
    /// (up to five steps along each direction), and nothing else: per direction, four
    /// 64-bit adds of four codes each. No code ever leaves `0..3^10` (each of its ten
    /// window digits is at most 2, and one stone is one digit), so no lane carries into
    /// the next one.
    #[inline]
    fn add_to_codes(&mut self, idx: usize, digit: u16, add: bool) {
        let delta: [u64; VECTOR / 4] = VECTOR_LANES.map(|w| w * u64::from(digit));
        for &p in &self.neighbors.pos[idx] {
            let start = p as usize - REACH;
            let codes: &mut [u16; VECTOR] = (&mut self.codes[start..start + VECTOR])
                .try_into()
                .expect("VECTOR codes");
            for (lanes, d) in codes.chunks_exact_mut(4).zip(delta) {
                let word = lanes
                    .iter()
                    .rev()
                    .fold(0u64, |word, &c| word << 16 | u64::from(c));
                let word = if add {
                    word.wrapping_add(d)
                } else {
                    word.wrapping_sub(d)
                };
                for (i, c) in lanes.iter_mut().enumerate() {
                    *c = (word >> (16 * i)) as u16;
                }
            }
        }
    }

    /// Recomputes the shapes and summaries of every cell from its codes.
    fn refresh_shapes(&mut self) {
        let parts = patterns::summary_parts();
        let codes = &self.codes;
        let cells = self.cells.iter().zip(&self.neighbors.pos);
        // The candidate bits gathered word by word in the same pass.
        let mut bits = 0u64;
        for (idx, (summary, (cell, pos))) in self.summaries.iter_mut().zip(cells).enumerate() {
            *summary = if cell.stone == CELL_EMPTY {
                let s = pos.iter().map(|&p| parts[codes[p as usize] as usize]).sum();
                bits |= u64::from(patterns::may_be_forbidden(s)) << (idx % 64);
                s
            } else {
                OCCUPIED
            };
            if idx % 64 == 63 {
                self.candidates[idx / 64] = bits;
                bits = 0;
            }
        }
        let area = self.summaries.len();
        self.candidates[area / 64..].fill(0);
        if !area.is_multiple_of(64) {
            self.candidates[area / 64] = bits;
        }
    }

    /// Writes the summary of `idx` and its bit in [`Board::candidates`], without a branch.
    #[inline]
    fn set_summary(&mut self, idx: usize, summary: Summary) {
        self.summaries[idx] = summary;
        if !self.candidates_kept {
            return;
        }
        let word = &mut self.candidates[idx / 64];
        let bit = 1u64 << (idx % 64);
        *word = (*word & !bit) | (u64::from(patterns::may_be_forbidden(summary)) << (idx % 64));
    }

    /// The cells, row by row from `a1`: 0 empty, 1 black, 2 white (see
    /// [`Board::from_cells`]).
    pub fn write_cells(&self, out: &mut [u8]) {
        for (o, c) in out.iter_mut().zip(self.cells.iter()) {
            *o = c.stone;
        }
    }

    fn build_empty(size: u8) -> Board {
        let mut board = Board {
            size,
            black: 0,
            white: 0,
            neighbors: Neighbors::of(size),
            cells: vec![Cell::default(); size as usize * size as usize].into_boxed_slice(),
            codes: vec![0; Neighbors::of(size).codes_len].into_boxed_slice(),
            summaries: vec![0; size as usize * size as usize].into_boxed_slice(),
            candidates: [0; CANDIDATE_WORDS],
            candidates_kept: true,
            deferred: false,
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
                    let at = board.neighbors.pos[idx][dir.index()];
                    board.codes[at as usize] = code;
                }
                board.recompute_shapes(idx);
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
        match self.cells[self.index(p)].stone {
            CELL_BLACK => Some(Color::Black),
            CELL_WHITE => Some(Color::White),
            _ => None,
        }
    }

    /// Whether `p` is on the board and empty.
    pub fn is_empty(&self, p: Point) -> bool {
        p.is_on(self.size) && self.cells[self.index(p)].stone == CELL_EMPTY
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
        if self.cells[idx].stone != CELL_EMPTY {
            self.remove(idx);
        }
        if let Some(color) = stone {
            self.put(idx, color);
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
            let color = match self.cells[idx].stone {
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
            .filter(move |&idx| self.cells[idx].stone == CELL_EMPTY)
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

    /// The four packed line shapes a black stone on `idx` would make, from the line
    /// codes (right while shapes are deferred too).
    #[inline]
    pub(crate) fn shapes(&self, idx: usize) -> [Packed; 4] {
        let table = patterns::table();
        self.neighbors.pos[idx].map(|p| table[self.codes[p as usize] as usize])
    }

    /// The cell value of `idx`: [`CELL_EMPTY`], [`CELL_BLACK`] or [`CELL_WHITE`].
    #[inline]
    pub(crate) fn cell(&self, idx: usize) -> u8 {
        self.cells[idx].stone
    }

    /// What a black stone on the empty cell `idx` would make, at a glance: read from its
    /// summary (one load), or from the line codes while shapes are deferred.
    #[inline]
    pub(crate) fn black_outlook(&self, idx: usize) -> Outlook {
        debug_assert_eq!(self.cells[idx].stone, CELL_EMPTY);
        let summary = if self.deferred {
            self.shapes(idx)
                .iter()
                .map(|&s| patterns::summary_part(s))
                .sum()
        } else {
            self.summaries[idx]
        };
        Outlook {
            may_be_forbidden: patterns::may_be_forbidden(summary),
            five_or_more: patterns::five_or_more(summary),
        }
    }

    /// Whether a white stone on the empty cell `idx` would make a row of five or more:
    /// the runs of blocked cells next to it ([`patterns::blocked_runs`]) cut at the
    /// board's edge are runs of white stones.
    #[inline]
    pub(crate) fn white_makes_five_or_more(&self, idx: usize) -> bool {
        let runs = patterns::blocked_runs();
        let room = &self.neighbors.room[idx];
        self.neighbors.pos[idx]
            .iter()
            .zip(room)
            .any(|(&p, &[back_room, fwd_room])| {
                let run = runs[self.codes[p as usize] as usize];
                (run & 15).min(back_room) + (run >> 4).min(fwd_room) >= 4
            })
    }

    /// The line code of `idx` along `dir`.
    #[inline]
    pub(crate) fn code(&self, dir: usize, idx: usize) -> u16 {
        self.codes[self.neighbors.pos[idx][dir] as usize]
    }

    /// Adds (or removes) `digit` at `idx` in the codes of every cell that sees `idx`,
    /// keeping the packed shapes and the summaries in step.
    #[inline]
    fn touch(&mut self, idx: usize, digit: u16, add: bool) {
        self.add_to_codes(idx, digit, add);
        if self.deferred {
            return;
        }
        let parts = patterns::summary_parts();
        let part = |code: u16| parts[code as usize];
        for n in self.neighbors.of_cell(idx) {
            let t = n.target as usize;
            // Summaries are kept for empty cells only (a stone's own cell gets its
            // summary back when the stone is removed).
            if self.cells[t].stone == CELL_EMPTY {
                let new = self.codes[n.code as usize];
                let change = digit * n.weight;
                let old = if add { new - change } else { new + change };
                let summary = self.summaries[t]
                    .wrapping_add(part(new))
                    .wrapping_sub(part(old));
                self.set_summary(t, summary);
            }
        }
    }

    /// Recomputes the shapes and summary of `idx` from its codes.
    #[inline]
    fn recompute_shapes(&mut self, idx: usize) {
        let summary = if self.cells[idx].stone == CELL_EMPTY {
            self.shapes(idx)
                .iter()
                .map(|&s| patterns::summary_part(s))
                .sum()
        } else {
            OCCUPIED
        };
        self.set_summary(idx, summary);
    }

    /// Places a stone on an empty cell.
    #[inline]
    pub(crate) fn put(&mut self, idx: usize, color: Color) {
        debug_assert_eq!(self.cells[idx].stone, CELL_EMPTY);
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
        self.cells[idx].stone = cell;
        self.set_summary(idx, OCCUPIED);
        self.touch(idx, digit, true);
    }

    /// Removes the stone on `idx`, if any.
    #[inline]
    pub(crate) fn remove(&mut self, idx: usize) {
        let digit = match self.cells[idx].stone {
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
        self.cells[idx].stone = CELL_EMPTY;
        self.touch(idx, digit, false);
        if !self.deferred {
            self.recompute_shapes(idx);
        }
    }

    /// From now on stones update the line codes only (the cheap part): for replaying
    /// many moves, where only the codes are read ([`Board::shapes`] reads them) until
    /// [`Board::finish_deferred`] recomputes every shape and summary at once.
    pub(crate) fn defer_shapes(&mut self) {
        self.deferred = true;
    }

    /// Whether shapes are deferred ([`Board::defer_shapes`]).
    pub(crate) fn is_deferred(&self) -> bool {
        self.deferred
    }

    /// Ends [`Board::defer_shapes`]: every shape and summary is recomputed.
    pub(crate) fn finish_deferred(&mut self) {
        if self.deferred {
            self.deferred = false;
            self.refresh_shapes();
        }
    }

    /// Whether a black stone on the empty cell `idx` passes the quick filter (every
    /// forbidden point does).
    #[inline]
    pub(crate) fn may_be_forbidden(&self, idx: usize) -> bool {
        if self.deferred {
            return self.black_outlook(idx).may_be_forbidden;
        }
        patterns::may_be_forbidden(self.summaries[idx])
    }

    /// Whether stones keep the candidate bits up to date (the default). Positions under
    /// rules without forbidden moves turn it off: their stones then skip that work, and
    /// [`Board::candidates`] reads the summaries instead. Turned back on, the bits are
    /// recomputed.
    pub(crate) fn keep_candidates(&mut self, keep: bool) {
        if keep && !self.candidates_kept {
            self.candidates = self.scanned_candidates();
        }
        self.candidates_kept = keep;
    }

    /// The candidate bits, from the summaries.
    fn scanned_candidates(&self) -> CandidateBits {
        let mut bits = [0; CANDIDATE_WORDS];
        for (word, summaries) in bits.iter_mut().zip(self.summaries.chunks(64)) {
            *word = summaries
                .iter()
                .enumerate()
                .map(|(i, &s)| u64::from(patterns::may_be_forbidden(s)) << i)
                .fold(0, |bits, bit| bits | bit);
        }
        bits
    }

    /// Empty cells that pass the quick filter, row by row: a superset of the forbidden
    /// points, read from the bits kept with the summaries (or from the summaries).
    pub(crate) fn candidates(&self) -> impl Iterator<Item = usize> + '_ {
        debug_assert!(!self.deferred, "summaries are stale");
        let words = self.area().div_ceil(64);
        let bits = if self.candidates_kept {
            self.candidates
        } else {
            self.scanned_candidates()
        };
        (0..words).flat_map(move |w| {
            let mut bits = bits[w];
            std::iter::from_fn(move || {
                (bits != 0).then(|| {
                    let i = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    w * 64 + i
                })
            })
        })
    }

    /// Renders the board as the diagram format (see [`crate::diagram`]).
    pub fn to_diagram(&self) -> String {
        self.to_string()
    }
}

/// One cell that sees another within [`REACH`] along a direction.
#[derive(Debug, Clone, Copy)]
struct Neighbor {
    target: u16,
    /// Where the target's code along that direction is in [`Board::codes`].
    code: u16,
    /// Base-3 weight of the seen cell's digit in the target's code.
    weight: u16,
}

/// For every cell of a board size, the cells whose line codes include it.
#[derive(Debug)]
pub(crate) struct Neighbors {
    entries: Vec<Neighbor>,
    start: Vec<u32>,
    /// Per cell and direction, where its code is in [`Board::codes`].
    pos: Vec<[u16; 4]>,
    /// Per cell and direction, the cells on the board within [`REACH`] steps backwards
    /// and forwards.
    room: Vec<[[u8; 2]; 4]>,
    /// The length of [`Board::codes`].
    codes_len: usize,
}

/// Entries of [`Board::codes`] a stone updates per direction: the [`WINDOW`] around it
/// (its own entry unchanged) and unused entries up to a vector's width.
const VECTOR: usize = 16;

/// The weight of a stone in the code of the cell `j - REACH` steps after it, for `j` in
/// `0..VECTOR`: from a cell k steps before it the stone sits at window index CENTER + k,
/// from a cell k steps after it at CENTER - k.
const VECTOR_ADD: [u16; VECTOR] = {
    let mut w = [0u16; VECTOR];
    let mut j = 0;
    while j < WINDOW {
        if j != CENTER {
            w[j] = patterns::weight(WINDOW - 1 - j);
        }
        j += 1;
    }
    w
};

/// [`VECTOR_ADD`] four lanes to a word, lane `i` in bits `16 * i..`.
const VECTOR_LANES: [u64; VECTOR / 4] = {
    let mut words = [0u64; VECTOR / 4];
    let mut j = 0;
    while j < VECTOR {
        words[j / 4] |= (VECTOR_ADD[j] as u64) << (16 * (j % 4));
        j += 1;
    }
    words
};

impl Neighbors {
    fn of(size: u8) -> &'static Neighbors {
        const SIZES: usize = (MAX_SIZE - MIN_SIZE + 1) as usize;
        static TABLES: [OnceLock<Neighbors>; SIZES] = [const { OnceLock::new() }; SIZES];
        TABLES[(size - MIN_SIZE) as usize].get_or_init(|| {
            let s = size as isize;
            let on = |x: isize, y: isize| x >= 0 && y >= 0 && x < s && y < s;
            // Code positions: the lines of each direction one after another, each
            // followed by REACH unused entries (the first line preceded by as many),
            // then room for a last vector.
            let mut pos = vec![[0u16; 4]; (s * s) as usize];
            let mut next = REACH;
            for (d, dir) in Direction::ALL.iter().enumerate() {
                let (dx, dy) = dir.delta();
                let (dx, dy) = (dx as isize, dy as isize);
                for idx in 0..(s * s) {
                    let (x, y) = (idx % s, idx / s);
                    if on(x - dx, y - dy) {
                        continue;
                    }
                    let mut k = 0;
                    while on(x + k * dx, y + k * dy) {
                        pos[((y + k * dy) * s + x + k * dx) as usize][d] = next as u16;
                        next += 1;
                        k += 1;
                    }
                    next += REACH;
                }
            }
            let codes_len = next + VECTOR;
            let room = (0..s * s)
                .map(|idx| {
                    let (x, y) = (idx % s, idx / s);
                    Direction::ALL.map(|dir| {
                        let (dx, dy) = dir.delta();
                        let (dx, dy) = (dx as isize, dy as isize);
                        [-1, 1].map(|sign| {
                            (1..=REACH as isize)
                                .take_while(|&k| on(x + sign * k * dx, y + sign * k * dy))
                                .count() as u8
                        })
                    })
                })
                .collect();
            let mut entries = Vec::new();
            let mut start = vec![0u32];
            for idx in 0..(s * s) {
                let (x, y) = (idx % s, idx / s);
                for (d, dir) in Direction::ALL.iter().enumerate() {
                    let (dx, dy) = dir.delta();
                    let (dx, dy) = (dx as isize, dy as isize);
                    for k in (-(REACH as isize)..=REACH as isize).filter(|&k| k != 0) {
                        let (tx, ty) = (x + k * dx, y + k * dy);
                        if !on(tx, ty) {
                            continue;
                        }
                        // Seen from the target, `idx` sits at offset -k.
                        let target = (ty * s + tx) as usize;
                        let i = (CENTER as isize - k) as usize;
                        entries.push(Neighbor {
                            target: target as u16,
                            code: pos[target][d],
                            weight: patterns::weight(i),
                        });
                    }
                }
                start.push(entries.len() as u32);
            }
            Neighbors {
                entries,
                start,
                pos,
                room,
                codes_len,
            }
        })
    }

    #[inline]
    fn of_cell(&self, idx: usize) -> &[Neighbor] {
        &self.entries[self.start[idx] as usize..self.start[idx + 1] as usize]
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
        for i in 0..a.area() {
            for d in 0..4 {
                assert_eq!(a.code(d, i), b.code(d, i), "code of cell {i} along {d}");
            }
            if a.cells[i].stone == CELL_EMPTY {
                assert_eq!(a.shapes(i), b.shapes(i), "shapes of cell {i}");
            }
        }
        assert_eq!(a.summaries, b.summaries, "summaries");
        assert_eq!(a.candidates, b.candidates, "candidate bits");
        let scanned = (0..a.area()).filter(|&i| patterns::may_be_forbidden(a.summaries[i]));
        assert!(
            a.candidates().eq(scanned),
            "candidates are the cells the filter passes"
        );
    }

    /// A fixed-seed generator of numbers below `n`.
    fn xorshift(mut seed: u64) -> impl FnMut(usize) -> usize {
        move |n| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % n as u64) as usize
        }
    }

    #[test]
    fn incremental_state_matches_a_rebuild() {
        // A fixed-seed walk of placements and removals on several board sizes.
        let mut next = xorshift(0x2545_f491_4f6c_dd1d);
        for size in [5u8, 7, 15, 20, 26] {
            let mut board = Board::new(size).unwrap();
            // The same walk on a board that does not keep its candidate bits, turned
            // back on from time to time.
            let mut unkept = Board::new(size).unwrap();
            unkept.keep_candidates(false);
            let mut placed = Vec::new();
            for step in 0..600 {
                let area = board.area();
                if !placed.is_empty() && (next(3) == 0 || board.is_full()) {
                    let idx = placed.swap_remove(next(placed.len()));
                    board.remove(idx);
                    unkept.remove(idx);
                } else {
                    let idx = next(area);
                    if board.cells[idx].stone == CELL_EMPTY {
                        let color = if next(2) == 0 {
                            Color::Black
                        } else {
                            Color::White
                        };
                        board.put(idx, color);
                        unkept.put(idx, color);
                        placed.push(idx);
                    }
                }
                assert!(board.candidates().eq(unkept.candidates()));
                if step % 50 == 0 {
                    unkept.keep_candidates(true);
                    assert_same_state(&board, &unkept);
                    unkept.keep_candidates(false);
                }
                if step % 25 == 0 {
                    assert_same_state(&board, &rebuilt(&board));
                    let bulk = Board::from_stones(size, board.stones()).unwrap();
                    assert_same_state(&board, &bulk);
                    let mut cells = vec![9; board.area()];
                    board.write_cells(&mut cells);
                    assert_same_state(&board, &Board::from_cells(size, &cells).unwrap());
                    let mut reused = Board::from_stones(size, bulk.stones().take(3)).unwrap();
                    reused.load_cells(&cells).unwrap();
                    assert_same_state(&board, &reused);
                }
            }
            while let Some(idx) = placed.pop() {
                board.remove(idx);
            }
            assert_same_state(&board, &Board::new(size).unwrap());
        }
    }

    #[test]
    fn deferred_shapes_end_as_kept_shapes() {
        // The same fixed-seed walk of placements and removals on two boards, one of them
        // deferring its shapes for stretches of the walk.
        let mut next = xorshift(0x9e37_79b9_7f4a_7c15);
        for size in [5u8, 6, 15, 19, 26] {
            let (mut kept, mut deferred) = (Board::new(size).unwrap(), Board::new(size).unwrap());
            let mut placed = Vec::new();
            for step in 0..800 {
                if step % 40 == 0 {
                    deferred.defer_shapes();
                }
                if !placed.is_empty() && (next(4) == 0 || kept.is_full()) {
                    let idx = placed.swap_remove(next(placed.len()));
                    kept.remove(idx);
                    deferred.remove(idx);
                } else {
                    let idx = next(kept.area());
                    if kept.cells[idx].stone == CELL_EMPTY {
                        let color = [Color::Black, Color::White][next(2)];
                        kept.put(idx, color);
                        deferred.put(idx, color);
                        placed.push(idx);
                    }
                }
                // Shapes read from the codes are right while deferred too.
                for idx in 0..kept.area() {
                    if kept.cells[idx].stone == CELL_EMPTY {
                        assert_eq!(kept.shapes(idx), deferred.shapes(idx));
                        assert_eq!(kept.may_be_forbidden(idx), deferred.may_be_forbidden(idx));
                    }
                }
                if step % 40 == 39 {
                    deferred.finish_deferred();
                    assert_same_state(&kept, &deferred);
                }
            }
        }
    }

    #[test]
    fn bad_cells_leave_the_board_empty() {
        let mut board = Board::from_stones(5, [(Point::new(2, 2).unwrap(), Color::Black)]).unwrap();
        let mut cells = [1u8; 25];
        cells[7] = 3;
        assert_eq!(
            board.load_cells(&cells),
            Err(SetupError::CellValue { index: 7, value: 3 })
        );
        assert_same_state(&board, &Board::new(5).unwrap());
        assert!(board.load_cells(&cells[..24]).is_err());
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
