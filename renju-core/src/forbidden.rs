//! Black's forbidden moves (RIF 9.2, 9.3), exactly as the repository's `docs/rules.md`
//! states them.
//!
//! * A move that makes an exact five is never forbidden.
//! * Overline: six or more in a row through the stone.
//! * Double-four: two or more distinct four-stone sets through the stone (two fours on
//!   one line count as two, a straight four as one).
//! * Double-three: real threes in two or more directions. A three is real when some
//!   empty point turns it into a straight four and that point is not itself forbidden,
//!   judged on the board that already holds the stone, recursively with no depth limit.
//!   By default a completion point that would also make a five does not make a three
//!   (the RIF text); [`RenjuOptions::five_completion_counts`] gives the other reading.
//!
//! The fast judge reads per-direction line shapes from a table (see `patterns`) and
//! recurses only where two directions hold candidate threes.

use std::collections::HashMap;
use std::fmt;

#[cfg(feature = "serde")]
use serde::{Deserialize, Serialize};

use crate::board::{steps, Board};
use crate::geometry::{Direction, Point};
use crate::patterns::{self, Packed, CENTER, P_FIVE, P_OVERLINE, REACH, WINDOW};
use crate::rules::RenjuOptions;

/// A kind of forbidden move.
///
/// ```
/// use renju_core::FoulKind;
/// assert_eq!(FoulKind::DoubleThree.to_string(), "double-three");
/// assert_eq!("overline".parse::<FoulKind>().unwrap(), FoulKind::Overline);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum FoulKind {
    /// Six or more in a row (RIF 9.2 a).
    Overline,
    /// Two or more fours at once (RIF 9.2 b).
    DoubleFour,
    /// Two or more real threes at once (RIF 9.2 c, 9.3).
    DoubleThree,
}

// Declared in reporting priority order (overline > double-four > double-three).
crate::name_table!(FoulKind, "foul", {
    Overline => "overline",
    DoubleFour => "double-four" | "4x4",
    DoubleThree => "double-three" | "3x3",
});

/// The set of fouls one move makes; empty when the move is not forbidden.
///
/// ```
/// use renju_core::{FoulKind, FoulSet};
/// let set = FoulSet::EMPTY.with(FoulKind::DoubleThree).with(FoulKind::Overline);
/// assert_eq!(set.primary(), Some(FoulKind::Overline));
/// assert_eq!(set.iter().count(), 2);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct FoulSet(u8);

impl FoulSet {
    /// No foul.
    pub const EMPTY: FoulSet = FoulSet(0);

    /// The set with `kind` added.
    pub fn with(self, kind: FoulKind) -> FoulSet {
        FoulSet(self.0 | 1 << kind as u8)
    }

    /// Whether the set holds `kind`.
    pub fn contains(self, kind: FoulKind) -> bool {
        self.0 & (1 << kind as u8) != 0
    }

    /// Whether the move is legal (no foul).
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The foul to report: overline > double-four > double-three.
    pub fn primary(self) -> Option<FoulKind> {
        self.iter().next()
    }

    /// The fouls in priority order.
    pub fn iter(self) -> impl Iterator<Item = FoulKind> {
        FoulKind::ALL.into_iter().filter(move |&k| self.contains(k))
    }
}

#[cfg(feature = "serde")]
impl Serialize for FoulSet {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

#[cfg(feature = "serde")]
impl<'de> Deserialize<'de> for FoulSet {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let kinds = Vec::<FoulKind>::deserialize(d)?;
        Ok(kinds.into_iter().fold(FoulSet::EMPTY, FoulSet::with))
    }
}

// ---------------------------------------------------------------------------
// Fast judge
// ---------------------------------------------------------------------------

#[inline]
fn any(shapes: &[Packed; 4], flag: Packed) -> bool {
    (shapes[0] | shapes[1] | shapes[2] | shapes[3]) & flag != 0
}

#[inline]
fn four_total(shapes: &[Packed; 4]) -> u32 {
    shapes.iter().map(|&s| patterns::four_count(s)).sum()
}

#[inline]
fn three_dirs(shapes: &[Packed; 4]) -> usize {
    shapes
        .iter()
        .filter(|&&s| patterns::three_points(s) != 0)
        .count()
}

/// Board cells of the window indices set in `mask`, along direction `d` from `idx`.
#[inline]
fn cells_of(mask: u32, idx: usize, step: isize) -> impl Iterator<Item = usize> {
    let mut m = mask;
    std::iter::from_fn(move || {
        if m == 0 {
            return None;
        }
        let i = m.trailing_zeros() as isize;
        m &= m - 1;
        Some((idx as isize + (i - CENTER as isize) * step) as usize)
    })
}

/// The board with black stones added "in mind" (RIF 9.3: "make the move, which causes
/// the double-three, in your mind, and then continue"): the recursion never changes the
/// board, it only extends this stack of imagined stones.
struct InMind<'a> {
    board: &'a Board,
    stones: Vec<Imagined>,
}

/// A stone in mind: its cell, and its column and row, so that [`InMind::codes`] divides
/// by the board's side once per call rather than once per stone.
#[derive(Clone, Copy)]
struct Imagined {
    idx: usize,
    x: isize,
    y: isize,
}

impl<'a> InMind<'a> {
    fn new(board: &'a Board) -> InMind<'a> {
        InMind {
            board,
            stones: Vec::new(),
        }
    }

    /// Imagines a black stone on `idx` (until [`InMind::forget`]).
    #[inline]
    fn imagine(&mut self, idx: usize) {
        let size = self.board.size() as usize;
        self.stones.push(Imagined {
            idx,
            x: (idx % size) as isize,
            y: (idx / size) as isize,
        });
    }

    /// Takes back the stone imagined last.
    #[inline]
    fn forget(&mut self) {
        self.stones.pop();
    }

    /// The line codes of the empty cell `idx` with the imagined stones added.
    #[inline]
    fn codes(&self, idx: usize) -> [u16; 4] {
        let mut codes = [0; 4];
        for (d, c) in codes.iter_mut().enumerate() {
            *c = self.board.code(d, idx);
        }
        if self.stones.is_empty() {
            return codes;
        }
        let size = self.board.size() as usize;
        let (x, y) = ((idx % size) as isize, (idx / size) as isize);
        let reach = REACH as isize;
        for s in &self.stones {
            let (dx, dy) = (s.x - x, s.y - y);
            // Direction d sees the stone at offset k when it lies on that line.
            let seen = [
                (dy == 0).then_some(dx),
                (dx == 0).then_some(dy),
                (dx == dy).then_some(dx),
                (dx == -dy).then_some(dx),
            ];
            for (d, k) in seen.into_iter().enumerate() {
                if let Some(k) = k.filter(|k| k.abs() <= reach && *k != 0) {
                    codes[d] += patterns::weight((CENTER as isize + k) as usize);
                }
            }
        }
        codes
    }

    /// The packed line shapes of a black stone on the empty cell `idx` (read from the
    /// line codes, which are right while the board defers its shapes too).
    #[inline]
    fn shapes(&self, idx: usize) -> [Packed; 4] {
        if self.stones.is_empty() {
            return self.board.shapes(idx);
        }
        let table = patterns::table();
        self.codes(idx).map(|c| table[c as usize])
    }

    /// Whether a straight-four point `q` (the three's stone already imagined) is usable:
    /// not a five (unless that reading is chosen) and not forbidden.
    #[inline]
    fn completion_is_real(&mut self, q: usize, opts: &RenjuOptions) -> bool {
        let shapes = self.shapes(q);
        if any(&shapes, P_FIVE) {
            return opts.five_completion_counts;
        }
        !self.forbidden_given(q, &shapes, opts)
    }

    /// Counts real threes through the empty `idx`, stopping at `limit`.
    fn real_threes(
        &mut self,
        idx: usize,
        shapes: &[Packed; 4],
        opts: &RenjuOptions,
        limit: usize,
    ) -> usize {
        let st = steps(self.board.size());
        self.imagine(idx);
        let mut real = 0;
        for (d, &shape) in shapes.iter().enumerate() {
            let mask = patterns::three_points(shape);
            if mask == 0 {
                continue;
            }
            if cells_of(mask, idx, st[d]).any(|q| self.completion_is_real(q, opts)) {
                real += 1;
                if real >= limit {
                    break;
                }
            }
        }
        self.forget();
        real
    }

    /// Whether a black stone on the empty `idx` is forbidden, given its line shapes.
    fn forbidden_given(&mut self, idx: usize, shapes: &[Packed; 4], opts: &RenjuOptions) -> bool {
        if any(shapes, P_FIVE) {
            return false;
        }
        if any(shapes, P_OVERLINE) || four_total(shapes) >= 2 {
            return true;
        }
        three_dirs(shapes) >= 2 && self.real_threes(idx, shapes, opts, 2) >= 2
    }

    /// Every foul a black stone on the empty `idx` would make (empty for a five).
    fn fouls(&mut self, idx: usize, opts: &RenjuOptions) -> FoulSet {
        let shapes = self.shapes(idx);
        let mut set = FoulSet::EMPTY;
        if any(&shapes, P_FIVE) {
            return set;
        }
        if any(&shapes, P_OVERLINE) {
            set = set.with(FoulKind::Overline);
        }
        if four_total(&shapes) >= 2 {
            set = set.with(FoulKind::DoubleFour);
        }
        if three_dirs(&shapes) >= 2 && self.real_threes(idx, &shapes, opts, 2) >= 2 {
            set = set.with(FoulKind::DoubleThree);
        }
        set
    }
}

/// Every foul a black stone on the empty cell `idx` would make (empty for a five).
pub(crate) fn fouls(board: &Board, idx: usize, opts: &RenjuOptions) -> FoulSet {
    InMind::new(board).fouls(idx, opts)
}

/// Every empty point where a black stone would be forbidden, row by row from `a1`.
pub(crate) fn forbidden_map(board: &Board, opts: &RenjuOptions) -> Vec<(Point, FoulSet)> {
    let mut map = Vec::new();
    for_each_forbidden(board, opts, |idx, set| map.push((board.point(idx), set)));
    map
}

/// Calls `f` with the cell index and fouls of every forbidden point, row by row from
/// `a1`, without collecting them.
pub(crate) fn for_each_forbidden(
    board: &Board,
    opts: &RenjuOptions,
    mut f: impl FnMut(usize, FoulSet),
) {
    let mut mind = InMind::new(board);
    for idx in board.candidates() {
        let set = mind.fouls(idx, opts);
        if !set.is_empty() {
            f(idx, set);
        }
    }
}

// ---------------------------------------------------------------------------
// Explanations
// ---------------------------------------------------------------------------

/// What a black stone on a point makes, in a form a person can follow.
///
/// Built by [`Position::explain`](crate::Position::explain). It lists the lines through the
/// point (fives, overlines, fours, threes), the completion points of each four and three,
/// and for every three whether it is real; a completion that is itself forbidden (or
/// looks like a foul) has its own explanation, judged on the board with the point
/// already played.
///
/// Nested explanations are given once each, in the [`nested`](Explanation::nested)
/// list of the explanation at the top, and completions refer to them by their index
/// there (`see`). The same point is reached along many orders of the recursion, and
/// judged with stones in mind that often do not touch its lines: written out at each
/// place, one point's explanation grew without bound (issue 9: 0.96 MB of JSON and 64
/// levels). Equal explanations of a point are now given once, whatever stones were in
/// mind; each is judged on the board with the stones on the path from the top (the
/// examined point and the completion points that lead to it) imagined. A nested point
/// that is an overline or a double-four is forbidden whatever its threes: its
/// explanation gives the overlines and fours only (and `all` only those fouls).
///
/// ```
/// use renju_core::{CompletionOutcome, Position};
/// // j9 makes a three whose straight-four points h9 and l9 are both double-fours.
/// let pos = Position::from_moves("i9 a1 k9 a2 h8 a3 h7 a4 h6 b1 l8 b3 l7 b5 l6").unwrap();
/// let ex = pos.explain("j9".parse().unwrap()).unwrap();
/// let completion = &ex.threes[0].completions[0];
/// let CompletionOutcome::Forbidden { see } = completion.outcome else { panic!() };
/// let nested = ex.nested_explanation(see).unwrap();
/// assert_eq!(nested.point, completion.point);
/// assert!(nested.nested.is_empty());
/// ```
#[derive(Debug, Clone, PartialEq, Hash, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct Explanation {
    /// The point examined.
    pub point: Point,
    /// What a black stone there is.
    pub status: PointStatus,
    /// Exact fives through the point.
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Vec::is_empty")
    )]
    pub fives: Vec<LineStones>,
    /// Overlines through the point.
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Vec::is_empty")
    )]
    pub overlines: Vec<LineStones>,
    /// Fours through the point, one per distinct four-stone set.
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Vec::is_empty")
    )]
    pub fours: Vec<FourShape>,
    /// Threes through the point (real or not), at most one per direction.
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Vec::is_empty")
    )]
    pub threes: Vec<ThreeShape>,
    /// The explanations of completion points, each distinct one once, which completions
    /// refer to by index (`see`): filled in the explanation at the top only. An
    /// explanation comes after those it refers to.
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Vec::is_empty")
    )]
    pub nested: Vec<Explanation>,
}

/// Nested explanations being built: the list, the index of each (point, stones in
/// mind) already explained, and of each distinct explanation.
#[derive(Default)]
struct NestedTable {
    list: Vec<Explanation>,
    by_context: HashMap<(usize, Vec<usize>), usize>,
    by_content: HashMap<Explanation, usize>,
}

/// The status of a point for Black.
#[derive(Debug, Clone, PartialEq, Hash, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
#[cfg_attr(feature = "serde", serde(tag = "status", rename_all = "kebab-case"))]
pub enum PointStatus {
    /// A black stone there makes an exact five and wins; fouls do not count.
    Five,
    /// A black stone there is forbidden.
    Forbidden {
        /// The foul reported (overline > double-four > double-three).
        primary: FoulKind,
        /// Every foul the move makes.
        all: FoulSet,
    },
    /// A black stone there is legal and does not win.
    Legal,
}

/// What the explanations say of a point: `legal`, `forbidden (double-three)`,
/// `forbidden (double-four; also double-three)` or `five: Black wins here, so no foul
/// counts`.
///
/// ```
/// use renju_core::{Position, Point};
/// let pos = Position::from_moves("h8 a1 i8 a2 j8 a3 k8").unwrap();
/// let ex = pos.explain("l8".parse::<Point>().unwrap()).unwrap();
/// assert_eq!(ex.status.to_string(), "five: Black wins here, so no foul counts");
/// ```
impl std::fmt::Display for PointStatus {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PointStatus::Five => f.write_str("five: Black wins here, so no foul counts"),
            PointStatus::Forbidden { primary, all } => {
                write!(f, "forbidden ({primary}")?;
                let mut others = all.iter().filter(|k| k != primary).peekable();
                if others.peek().is_some() {
                    f.write_str("; also ")?;
                    for (i, k) in others.enumerate() {
                        if i > 0 {
                            f.write_str(", ")?;
                        }
                        write!(f, "{k}")?;
                    }
                }
                f.write_str(")")
            }
            PointStatus::Legal => f.write_str("legal"),
        }
    }
}

/// Stones of one line through the point.
#[derive(Debug, Clone, PartialEq, Hash, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct LineStones {
    /// The line's direction.
    pub direction: Direction,
    /// The stones, the examined point included, in line order.
    pub stones: Vec<Point>,
}

/// A four: four stones (the point included) and the empty point that makes them five.
#[derive(Debug, Clone, PartialEq, Hash, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct FourShape {
    /// The line's direction.
    pub direction: Direction,
    /// The four stones, in line order.
    pub stones: Vec<Point>,
    /// Points that complete an exact five (two for a straight four).
    pub completions: Vec<Point>,
}

/// A three (or an apparent three) through the point along one direction.
#[derive(Debug, Clone, PartialEq, Hash, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct ThreeShape {
    /// The line's direction.
    pub direction: Direction,
    /// The three stones, in line order.
    pub stones: Vec<Point>,
    /// Whether it counts as a three for the double-three rule, and if not, why.
    pub verdict: ThreeVerdict,
    /// Every point that would turn it into a straight four, with what that point is.
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Vec::is_empty")
    )]
    pub completions: Vec<Completion>,
}

/// Whether a three is real.
#[derive(Debug, Clone, Copy, PartialEq, Hash, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum ThreeVerdict {
    /// Some straight-four point is usable: it counts.
    Real,
    /// No straight four is possible: the ends are blocked (white stones, the edge, or
    /// one free point and then a blocker).
    Blocked,
    /// Every four it could become has an end that makes six (overline skeleton).
    OverlineSkeleton,
    /// Straight fours exist, but every straight-four point is unusable (a five under the
    /// RIF reading, or itself forbidden).
    CompletionsUnusable,
}

/// A straight-four point of a three and what a black stone there would be.
#[derive(Debug, Clone, PartialEq, Hash, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct Completion {
    /// The empty point.
    pub point: Point,
    /// What playing it would be, on the board that already holds the examined stone.
    pub outcome: CompletionOutcome,
}

/// What a straight-four point would be.
#[derive(Debug, Clone, PartialEq, Hash, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
#[cfg_attr(feature = "serde", serde(tag = "kind", rename_all = "kebab-case"))]
pub enum CompletionOutcome {
    /// A legal move: the three is real.
    Legal {
        /// Present when the point has the shapes of a foul (two candidate threes): the
        /// index in [`Explanation::nested`] (of the explanation at the top) of why it is
        /// legal all the same, judged on the board with the examined stone played.
        #[cfg_attr(
            feature = "serde",
            serde(default, skip_serializing_if = "Option::is_none")
        )]
        see: Option<usize>,
    },
    /// It would also make a five; whether that keeps the three real depends on the
    /// reading (`counts`).
    MakesFive {
        /// Whether the chosen reading counts such a completion.
        counts: bool,
    },
    /// It would itself be forbidden.
    Forbidden {
        /// The index in [`Explanation::nested`] (of the explanation at the top) of why,
        /// judged on the board with the examined stone played.
        see: usize,
    },
}

/// What rendering an explanation as text keeps track of.
struct Text<'a> {
    root: &'a Explanation,
    /// Which nested explanations were written out already.
    written: Vec<bool>,
    /// How many completions refer to each.
    uses: Vec<usize>,
}

impl CompletionOutcome {
    /// The index of the nested explanation it refers to, if any.
    pub fn see(&self) -> Option<usize> {
        match self {
            CompletionOutcome::Legal { see } => *see,
            CompletionOutcome::MakesFive { .. } => None,
            CompletionOutcome::Forbidden { see } => Some(*see),
        }
    }

    fn usable(&self) -> bool {
        match self {
            CompletionOutcome::Legal { .. } => true,
            CompletionOutcome::MakesFive { counts } => *counts,
            CompletionOutcome::Forbidden { .. } => false,
        }
    }
}

fn window_points(p: Point, dir: Direction, size: u8, mask: u32) -> Vec<Point> {
    (0..WINDOW)
        .filter(|i| mask & (1 << i) != 0)
        .filter_map(|i| p.step(dir, i as i32 - CENTER as i32, size))
        .collect()
}

/// Black-run mask through window index `at` in `line` (with `at` black).
fn run_mask(line: &[u8; WINDOW], at: usize) -> u32 {
    let (a, b) = patterns::run_through(line, at);
    ((1u32 << (b + 1)) - 1) & !((1u32 << a) - 1)
}

/// Builds the explanation of a black stone on the empty cell `idx`.
pub(crate) fn explain(board: &Board, idx: usize, opts: &RenjuOptions) -> Explanation {
    let mut nested = NestedTable::default();
    let mut ex = explain_in(&mut InMind::new(board), idx, opts, &mut nested, true);
    ex.nested = nested.list;
    ex
}

/// The index of the nested explanation of `q` (with the stones now in mind),
/// explaining it into `nested` the first time.
fn nested_in(
    mind: &mut InMind<'_>,
    q: usize,
    opts: &RenjuOptions,
    nested: &mut NestedTable,
) -> usize {
    let mut stones: Vec<usize> = mind.stones.iter().map(|s| s.idx).collect();
    stones.sort_unstable();
    if let Some(&i) = nested.by_context.get(&(q, stones.clone())) {
        return i;
    }
    let ex = explain_in(mind, q, opts, nested, false);
    let i = match nested.by_content.get(&ex) {
        Some(&i) => i,
        None => {
            let i = nested.list.len();
            nested.list.push(ex.clone());
            nested.by_content.insert(ex, i);
            i
        }
    };
    nested.by_context.insert((q, stones), i);
    i
}

/// The explanation of `idx` with the stones now in mind. At the top every line is
/// examined; a nested point that is an overline or a double-four (and no five) is
/// forbidden whatever its threes, so they are not examined.
fn explain_in(
    mind: &mut InMind<'_>,
    idx: usize,
    opts: &RenjuOptions,
    nested: &mut NestedTable,
    top: bool,
) -> Explanation {
    let p = mind.board.point(idx);
    let mut ex = Explanation {
        point: p,
        status: PointStatus::Legal,
        fives: vec![],
        overlines: vec![],
        fours: vec![],
        threes: vec![],
        nested: Vec::new(),
    };
    let mut windows = explain_lines(mind, idx, &mut ex);
    if !top && ex.fives.is_empty() && (!ex.overlines.is_empty() || ex.fours.len() >= 2) {
        windows.clear();
    }
    mind.imagine(idx);
    for (d, (dir, line, shape)) in windows.into_iter().enumerate() {
        if let Some(three) = explain_three(mind, idx, (d, dir), &line, &shape, opts, nested) {
            ex.threes.push(three);
        }
    }
    mind.forget();
    ex.status = status_of(&ex);
    ex
}

/// The fives, overlines and fours through `idx` into `ex`, and each direction's line
/// (with the black stone on `idx`) and shape, for the threes.
fn explain_lines(
    mind: &InMind<'_>,
    idx: usize,
    ex: &mut Explanation,
) -> Vec<(Direction, [u8; WINDOW], patterns::LineShape)> {
    let size = mind.board.size();
    let p = ex.point;
    let codes = mind.codes(idx);
    let mut windows = Vec::with_capacity(4);
    for (d, dir) in Direction::ALL.into_iter().enumerate() {
        let window = patterns::decode(codes[d]);
        let shape = patterns::analyze(&window);
        let mut line = window;
        line[CENTER] = patterns::BLACK;
        let run = run_mask(&line, CENTER);
        let stones = || window_points(p, dir, size, run);
        if shape.five {
            ex.fives.push(LineStones {
                direction: dir,
                stones: stones(),
            });
        }
        if shape.overline {
            ex.overlines.push(LineStones {
                direction: dir,
                stones: stones(),
            });
        }
        for &(stones, completion) in &shape.fours {
            ex.fours.push(FourShape {
                direction: dir,
                stones: window_points(p, dir, size, stones as u32),
                completions: window_points(p, dir, size, completion as u32),
            });
        }
        windows.push((dir, line, shape));
    }
    windows
}

/// The three through `idx` in direction `d` (its index and value), if the line holds
/// one: its stones, its completion points judged with `idx` in mind, and its verdict.
fn explain_three(
    mind: &mut InMind<'_>,
    idx: usize,
    (d, dir): (usize, Direction),
    line: &[u8; WINDOW],
    shape: &patterns::LineShape,
    opts: &RenjuOptions,
    nested: &mut NestedTable,
) -> Option<ThreeShape> {
    let straight = shape.straight_four_points as u32;
    let apparent = shape.apparent_four_points as u32;
    // An apparent three in a direction that already holds a four or five is part of
    // that four, not a three.
    if apparent == 0 || (straight == 0 && (!shape.fours.is_empty() || shape.five || shape.overline))
    {
        return None;
    }
    let (stones, skeleton) = three_stones(line, apparent);
    let st = steps(mind.board.size());
    let completions: Vec<Completion> = cells_of(straight, idx, st[d])
        .map(|q| completion_in(mind, q, opts, nested))
        .collect();
    let verdict = if straight == 0 {
        if skeleton {
            ThreeVerdict::OverlineSkeleton
        } else {
            ThreeVerdict::Blocked
        }
    } else if completions.iter().any(|c| c.outcome.usable()) {
        ThreeVerdict::Real
    } else {
        ThreeVerdict::CompletionsUnusable
    };
    Some(ThreeShape {
        direction: dir,
        stones: window_points(mind.board.point(idx), dir, mind.board.size(), stones),
        verdict,
        completions,
    })
}

/// The stones of the three in `line` (window bits) whose apparent four points are
/// `apparent`, and whether one of its fours is the skeleton of an overline (a black
/// stone one gap beyond either end).
fn three_stones(line: &[u8; WINDOW], apparent: u32) -> (u32, bool) {
    let mut stones = 0u32;
    let mut skeleton = false;
    for q in (0..WINDOW).filter(|q| apparent & (1 << q) != 0) {
        let mut l = *line;
        l[q] = patterns::BLACK;
        let run = run_mask(&l, q);
        stones |= run & !(1 << q);
        let a = run.trailing_zeros() as usize;
        let b = 31 - run.leading_zeros() as usize;
        for (end, beyond) in [(a.wrapping_sub(1), a.wrapping_sub(2)), (b + 1, b + 2)] {
            if end < WINDOW
                && l[end] == patterns::EMPTY
                && beyond < WINDOW
                && l[beyond] == patterns::BLACK
            {
                skeleton = true;
            }
        }
    }
    (stones, skeleton)
}

/// What the completion point `q` of a three makes, with the stones in mind: a five, a
/// forbidden point or a legal one (with their nested explanations).
fn completion_in(
    mind: &mut InMind<'_>,
    q: usize,
    opts: &RenjuOptions,
    nested: &mut NestedTable,
) -> Completion {
    let shapes = mind.shapes(q);
    let outcome = if any(&shapes, P_FIVE) {
        CompletionOutcome::MakesFive {
            counts: opts.five_completion_counts,
        }
    } else if mind.forbidden_given(q, &shapes, opts) {
        CompletionOutcome::Forbidden {
            see: nested_in(mind, q, opts, nested),
        }
    } else {
        let summary = shapes.iter().map(|&s| patterns::summary_part(s)).sum();
        CompletionOutcome::Legal {
            see: patterns::may_be_forbidden(summary).then(|| nested_in(mind, q, opts, nested)),
        }
    };
    Completion {
        point: mind.board.point(q),
        outcome,
    }
}

/// The status the lines of `ex` give its point: a five wins whatever the fouls.
fn status_of(ex: &Explanation) -> PointStatus {
    if !ex.fives.is_empty() {
        return PointStatus::Five;
    }
    let mut all = FoulSet::EMPTY;
    if !ex.overlines.is_empty() {
        all = all.with(FoulKind::Overline);
    }
    if ex.fours.len() >= 2 {
        all = all.with(FoulKind::DoubleFour);
    }
    let real = ex.threes.iter().filter(|t| t.verdict == ThreeVerdict::Real);
    if real.count() >= 2 {
        all = all.with(FoulKind::DoubleThree);
    }
    match all.primary() {
        Some(primary) => PointStatus::Forbidden { primary, all },
        None => PointStatus::Legal,
    }
}

// ---------------------------------------------------------------------------
// Text rendering
// ---------------------------------------------------------------------------

fn join(points: &[Point]) -> String {
    points
        .iter()
        .map(Point::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

impl Explanation {
    /// The nested explanation of a completion, by the index its [`CompletionOutcome`]
    /// gives (`see`).
    pub fn nested_explanation(&self, see: usize) -> Option<&Explanation> {
        self.nested.get(see)
    }

    /// Renders the explanation as indented text, nested explanations indented further.
    /// A nested explanation is written out where it is first met, numbered (`[#3]`) when
    /// it is met again, and where it is met again the text refers back to that number.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        let mut text = Text {
            root: self,
            written: vec![false; self.nested.len()],
            uses: vec![0; self.nested.len()],
        };
        for ex in std::iter::once(self).chain(&self.nested) {
            for c in ex.threes.iter().flat_map(|t| &t.completions) {
                if let Some(n) = c.outcome.see().and_then(|i| text.uses.get_mut(i)) {
                    *n += 1;
                }
            }
        }
        self.write_text(&mut out, 0, None, &mut text);
        out
    }

    fn write_text(
        &self,
        out: &mut String,
        depth: usize,
        number: Option<usize>,
        text: &mut Text<'_>,
    ) {
        let pad = "  ".repeat(depth);
        let head = self.status.to_string();
        let label = number.map(|n| format!(" [#{n}]")).unwrap_or_default();
        out.push_str(&format!("{pad}{}: {head}{label}\n", self.point));
        for l in &self.fives {
            out.push_str(&format!(
                "{pad}  {} five {}\n",
                l.direction,
                join(&l.stones)
            ));
        }
        for l in &self.overlines {
            out.push_str(&format!(
                "{pad}  {} overline {}\n",
                l.direction,
                join(&l.stones)
            ));
        }
        for f in &self.fours {
            let kind = if f.completions.len() >= 2 {
                "straight four"
            } else {
                "four"
            };
            out.push_str(&format!(
                "{pad}  {} {kind} {}, five at {}\n",
                f.direction,
                join(&f.stones),
                join(&f.completions)
            ));
        }
        for t in &self.threes {
            out.push_str(&format!(
                "{pad}  {} three {}: {}\n",
                t.direction,
                join(&t.stones),
                three_reason(t.verdict)
            ));
            for c in &t.completions {
                self.write_completion(out, depth, c, text);
            }
        }
    }

    /// One completion point of a three: what it makes, and the nested explanation where
    /// it is first met (else a reference to it).
    fn write_completion(
        &self,
        out: &mut String,
        depth: usize,
        c: &Completion,
        text: &mut Text<'_>,
    ) {
        let pad = "  ".repeat(depth);
        let see = match &c.outcome {
            CompletionOutcome::Legal { see: None } => {
                out.push_str(&format!("{pad}    straight four at {}: legal\n", c.point));
                return;
            }
            CompletionOutcome::Legal { see: Some(see) } => {
                out.push_str(&format!(
                    "{pad}    straight four at {}: legal although it looks like a foul, judged with {} played:\n",
                    c.point, self.point
                ));
                *see
            }
            CompletionOutcome::MakesFive { counts } => {
                let reading = if *counts {
                    "counts (five_completion_counts reading)"
                } else {
                    "does not count (RIF: a three is made 'without at the same time a five')"
                };
                out.push_str(&format!(
                    "{pad}    straight four at {} also makes a five: {reading}\n",
                    c.point
                ));
                return;
            }
            CompletionOutcome::Forbidden { see } => {
                out.push_str(&format!(
                    "{pad}    straight four at {} would be forbidden, judged with {} played:\n",
                    c.point, self.point
                ));
                *see
            }
        };
        match text.root.nested.get(see) {
            Some(ex) if !text.written[see] => {
                text.written[see] = true;
                let number = (text.uses[see] > 1).then_some(see);
                ex.write_text(out, depth + 3, number, text);
            }
            Some(ex) => {
                out.push_str(&format!(
                    "{pad}      {}: as explained above [#{see}]\n",
                    ex.point
                ));
            }
            None => {
                out.push_str(&format!(
                    "{pad}      (nested explanation #{see} is missing)\n"
                ));
            }
        }
    }
}

/// Why a three is (not) real, as the text explanation says it.
fn three_reason(verdict: ThreeVerdict) -> &'static str {
    match verdict {
        ThreeVerdict::Real => "real",
        ThreeVerdict::Blocked => "not real: no straight four is possible (blocked ends)",
        ThreeVerdict::OverlineSkeleton => {
            "not real: every four it makes has an end that gives six (overline skeleton)"
        }
        ThreeVerdict::CompletionsUnusable => "not real: every straight-four point is unusable",
    }
}

impl fmt::Display for Explanation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_text())
    }
}
