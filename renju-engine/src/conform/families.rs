//! Targeted position families: the rare cases of the forbidden-move rule, built on
//! purpose, beside the uniform random positions.
//!
//! Dense random positions almost never hold the cases where judges go wrong: a black
//! stone that makes an exact five and an overline at once occurs in about one random
//! position in two thousand, and a point whose verdict needs three levels of the
//! recursive rule in fewer still. Each [`Family`] builds positions that hold one such
//! case at a chosen point, deterministically for a seed:
//!
//! * a pattern of black and white stones is laid around the point along randomly
//!   chosen directions, with randomly chosen shapes (where the point sits in the five,
//!   which stone of a four is missing, which end of a line is blocked...);
//! * random stones of both colours are added around it (never making a five), and the
//!   colours are balanced so that Black is to move;
//! * the judge checks that the point is in the family ([`families_at`]); a position
//!   that is not is built again.
//!
//! Every second position of a family is a **near miss**: the position before it with
//! one stone of the pattern removed, chosen so that the point is no longer in the
//! family (a five that is one stone short, a chain of the recursion broken...). Judges
//! that over-apply a rule fail there.
//!
//! ```
//! use renju_engine::conform::families::{family_positions, families_at, Family};
//! let cases = family_positions(Family::FivePlusOverline, 4, 1);
//! assert_eq!(cases.len(), 4);
//! let first = &cases[0];
//! assert!(!first.near_miss);
//! let point = first.point.unwrap();
//! assert!(families_at(&first.board, point).contains(&Family::FivePlusOverline));
//! // The near miss: one stone fewer, and the point is no longer a five plus an overline.
//! assert!(cases[1].near_miss);
//! assert_eq!(cases[1].board.stone_count() + 2, first.board.stone_count());
//! ```

use std::collections::BTreeSet;

use renju_core::forbidden::{CompletionOutcome, Explanation, FoulKind, PointStatus, ThreeVerdict};
use renju_core::geometry::{Color, Direction, Point, RENJU_SIZE};
use renju_core::names::UnknownName;
use renju_core::position::Position;
use renju_core::rules::RuleSet;
use renju_core::Board;

use super::{random_positions, ConformPosition, Reading, MAX_RANDOM_POSITIONS};
use renju_records::random::SplitMix64;

/// A family of positions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Family {
    /// Dense random positions ([`random_positions`]), as without families.
    Uniform,
    /// A black stone that makes an exact five and an overline: a win.
    FivePlusOverline,
    /// Exact fives in two directions: a win.
    DoubleFive,
    /// An exact five and two fours besides: a win.
    FivePlusDoubleFour,
    /// An exact five and two real threes besides: a win.
    FivePlusDoubleThree,
    /// An overline and a double-four: reported as an overline.
    OverlinePlusDoubleFour,
    /// A double-four and a double-three: reported as a double-four.
    DoubleFourPlusDoubleThree,
    /// Two fours on one line (`X.X?X.X`, `XX.?X.XX`, `XXX.?.XXX`) and no other: a
    /// double-four.
    DoubleFourOneLine,
    /// A verdict that needs three or more levels of the recursive rule: a judge that
    /// stops after two levels and takes the points below as legal gets it wrong.
    DeepRecursion,
    /// The disputed case: a three whose only straight-four point also makes a five, so
    /// that the verdict depends on the reading. The one reading-dependent family.
    Disputed,
}

renju_core::name_table!(Family, "family", {
    Uniform => "uniform" | "random",
    FivePlusOverline => "five-plus-overline",
    DoubleFive => "double-five",
    FivePlusDoubleFour => "five-plus-double-four",
    FivePlusDoubleThree => "five-plus-double-three",
    OverlinePlusDoubleFour => "overline-plus-double-four",
    DoubleFourPlusDoubleThree => "double-four-plus-double-three",
    DoubleFourOneLine => "double-four-one-line",
    DeepRecursion => "deep-recursion",
    Disputed => "disputed",
});

impl Family {
    /// Whether the family's verdicts depend on the reading of the disputed case.
    pub fn reading_dependent(self) -> bool {
        self == Family::Disputed
    }

    /// What the family's point is, in a few words.
    pub fn description(self) -> &'static str {
        match self {
            Family::Uniform => "dense random positions",
            Family::FivePlusOverline => "exact five and overline: Black wins",
            Family::DoubleFive => "two exact fives: Black wins",
            Family::FivePlusDoubleFour => "exact five and double-four: Black wins",
            Family::FivePlusDoubleThree => "exact five and double-three: Black wins",
            Family::OverlinePlusDoubleFour => "overline and double-four: an overline",
            Family::DoubleFourPlusDoubleThree => "double-four and double-three: a double-four",
            Family::DoubleFourOneLine => "two fours on one line: a double-four",
            Family::DeepRecursion => "a verdict three or more levels deep in the recursion",
            Family::Disputed => "the disputed case: the verdict depends on the reading",
        }
    }

    /// A family list: `all` (every family, uniform included) or names separated by
    /// commas.
    ///
    /// ```
    /// use renju_engine::conform::families::Family;
    /// assert_eq!(Family::parse_list("all").unwrap(), Family::ALL);
    /// assert_eq!(Family::parse_list("disputed, double-five").unwrap(),
    ///            [Family::Disputed, Family::DoubleFive]);
    /// assert!(Family::parse_list("triple-five").is_err());
    /// ```
    pub fn parse_list(text: &str) -> Result<Vec<Family>, UnknownName> {
        let mut out: Vec<Family> = Vec::new();
        for word in text.split(',').map(str::trim).filter(|w| !w.is_empty()) {
            let found = if word.eq_ignore_ascii_case("all") {
                Family::ALL.to_vec()
            } else {
                vec![word.parse()?]
            };
            for f in found {
                if !out.contains(&f) {
                    out.push(f);
                }
            }
        }
        Ok(out)
    }

    /// The seed of this family's generator for a run's seed (the uniform family keeps
    /// the run's seed, so its positions are those of [`random_positions`]).
    fn seed(self, seed: u64) -> u64 {
        let index = Family::ALL.iter().position(|&f| f == self).unwrap_or(0) as u64;
        seed ^ index.wrapping_mul(0xD6E8_FEB8_6659_FD93)
    }
}

/// One position of a family.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct FamilyPosition {
    /// The family.
    pub family: Family,
    /// Whether it is a near miss (the case before it, one pattern stone removed, its
    /// point no longer in the family).
    pub near_miss: bool,
    /// The point the family is about (none for the uniform family).
    pub point: Option<Point>,
    /// The 15x15 stones, as many black as white: Black to move.
    pub board: Board,
}

impl FamilyPosition {
    /// The position as a conformance position named `id`.
    pub fn conform_position(&self, id: String) -> ConformPosition {
        ConformPosition {
            id,
            board: self.board.clone(),
        }
    }
}

/// `n` positions of `family` from `seed` (at most [`MAX_RANDOM_POSITIONS`]), the same
/// on every platform: cases at even indexes, each followed by its near miss. The
/// uniform family gives [`random_positions`] (no near misses).
pub fn family_positions(family: Family, n: usize, seed: u64) -> Vec<FamilyPosition> {
    let n = n.min(MAX_RANDOM_POSITIONS);
    if family == Family::Uniform {
        return random_positions(n, seed)
            .into_iter()
            .map(|board| FamilyPosition {
                family,
                near_miss: false,
                point: None,
                board,
            })
            .collect();
    }
    let mut rng = SplitMix64::new(family.seed(seed));
    let mut out = Vec::with_capacity(n);
    while out.len() < n {
        let Some(case) = build_case(family, &mut rng) else {
            // Every attempt failed (never seen with the patterns below): stop short
            // rather than loop.
            break;
        };
        let near = near_miss(&case, &mut rng);
        out.push(case);
        if out.len() < n {
            if let Some(near) = near {
                out.push(near);
            }
        }
    }
    out
}

/// The conformance positions of several families, `n` in all, taken in turn from each
/// (position `i` is of family `i mod k`). Ids are `random-<seed>-<j>` for the uniform
/// family (as [`random_conform_positions`](super::random_conform_positions) names
/// them), `<family>-<seed>-<j>` for a case and `<family>-near-<seed>-<j>` for a near
/// miss, `j` counted from 1 within the family.
pub fn families_conform_positions(
    families: &[Family],
    n: usize,
    seed: u64,
) -> Vec<ConformPosition> {
    let k = families.len();
    if k == 0 {
        return Vec::new();
    }
    let n = n.min(MAX_RANDOM_POSITIONS);
    let lists: Vec<Vec<FamilyPosition>> = families
        .iter()
        .enumerate()
        .map(|(i, &f)| family_positions(f, n / k + usize::from(i < n % k), seed))
        .collect();
    let mut out = Vec::with_capacity(n);
    for j in 0..n.div_ceil(k) {
        for list in &lists {
            if let Some(fp) = list.get(j) {
                out.push(fp.conform_position(family_id(fp, seed, j + 1)));
            }
        }
    }
    out
}

/// The id of the `j`-th position (from 1) of a family.
fn family_id(fp: &FamilyPosition, seed: u64, j: usize) -> String {
    match (fp.family, fp.near_miss) {
        (Family::Uniform, _) => format!("random-{seed}-{j}"),
        (f, false) => format!("{f}-{seed}-{j}"),
        (f, true) => format!("{f}-near-{seed}-{j}"),
    }
}

// ---------------------------------------------------------------------------
// Classification
// ---------------------------------------------------------------------------

/// The targeted families (never [`Family::Uniform`]) that the empty point `p` of
/// `board` belongs to, Black to move. An occupied or off-board point belongs to none.
pub fn families_at(board: &Board, p: Point) -> Vec<Family> {
    let Some(rif) = explain(board, p, Reading::Rif) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    let five_dirs: BTreeSet<usize> = rif.fives.iter().map(|l| l.direction.index()).collect();
    let fours_besides = rif
        .fours
        .iter()
        .filter(|f| !five_dirs.contains(&f.direction.index()))
        .count();
    let threes_besides = rif
        .threes
        .iter()
        .filter(|t| t.verdict == ThreeVerdict::Real && !five_dirs.contains(&t.direction.index()))
        .count();
    if !five_dirs.is_empty() {
        if !rif.overlines.is_empty() {
            out.push(Family::FivePlusOverline);
        }
        if five_dirs.len() >= 2 {
            out.push(Family::DoubleFive);
        }
        if fours_besides >= 2 {
            out.push(Family::FivePlusDoubleFour);
        }
        if threes_besides >= 2 {
            out.push(Family::FivePlusDoubleThree);
        }
    }
    if let PointStatus::Forbidden { primary, all } = rif.status {
        if primary == FoulKind::Overline && all.contains(FoulKind::DoubleFour) {
            out.push(Family::OverlinePlusDoubleFour);
        }
        if primary == FoulKind::DoubleFour && all.contains(FoulKind::DoubleThree) {
            out.push(Family::DoubleFourPlusDoubleThree);
        }
        let four_dirs: BTreeSet<usize> = rif.fours.iter().map(|f| f.direction.index()).collect();
        if primary == FoulKind::DoubleFour && four_dirs.len() == 1 {
            out.push(Family::DoubleFourOneLine);
        }
    }
    if capped_foul(&rif, &rif, Some(2)) != status_foul(&rif.status) {
        out.push(Family::DeepRecursion);
    }
    if let Some(other) = explain(board, p, Reading::FiveCompletionCounts) {
        if status_foul(&other.status) != status_foul(&rif.status) {
            out.push(Family::Disputed);
        }
    }
    out
}

fn explain(board: &Board, p: Point, reading: Reading) -> Option<Explanation> {
    if !p.is_on(board.size()) || board.get(p).is_some() {
        return None;
    }
    Position::from_board(board.clone(), RuleSet::Renju, Color::Black)
        .ok()?
        .with_options(reading.options())
        .explain(p)
        .ok()
}

fn status_foul(status: &PointStatus) -> Option<FoulKind> {
    match status {
        PointStatus::Forbidden { primary, .. } => Some(*primary),
        _ => None,
    }
}

/// The foul a judge whose recursion stops `depth` levels down finds at the point of
/// `ex` (`None`: no limit), a completion point below the limit being taken as legal:
/// how such a judge goes wrong. `root` is the explanation at the top, which holds the
/// nested ones. With no limit this is the judge's own verdict.
///
/// ```
/// use renju_core::{Position, Point};
/// use renju_engine::conform::families::capped_foul;
/// let pos = Position::from_moves("f8 a1 g8 c1 h6 e1 h7 g1").unwrap();
/// let ex = pos.explain("h8".parse::<Point>().unwrap()).unwrap();
/// assert_eq!(capped_foul(&ex, &ex, None), Some(renju_core::FoulKind::DoubleThree));
/// ```
pub fn capped_foul(root: &Explanation, ex: &Explanation, depth: Option<usize>) -> Option<FoulKind> {
    if !ex.fives.is_empty() {
        return None;
    }
    if !ex.overlines.is_empty() {
        return Some(FoulKind::Overline);
    }
    if ex.fours.len() >= 2 {
        return Some(FoulKind::DoubleFour);
    }
    let real = ex
        .threes
        .iter()
        .filter(|t| {
            t.completions.iter().any(|c| match &c.outcome {
                CompletionOutcome::MakesFive { counts } => *counts,
                CompletionOutcome::Legal { see: None } => true,
                CompletionOutcome::Legal { see: Some(i) }
                | CompletionOutcome::Forbidden { see: i } => match depth {
                    Some(0) => true,
                    d => root
                        .nested
                        .get(*i)
                        .is_none_or(|n| capped_foul(root, n, d.map(|d| d - 1)).is_none()),
                },
            })
        })
        .count();
    (real >= 2).then_some(FoulKind::DoubleThree)
}

// ---------------------------------------------------------------------------
// Building
// ---------------------------------------------------------------------------

/// A pattern being laid: stones, points that must stay empty, and the point.
#[derive(Debug, Clone, Default)]
struct Pattern {
    stones: Vec<(Point, Color)>,
    empty: BTreeSet<Point>,
    /// Ends of lines: empty or white, decided when the pattern is laid.
    not_black: BTreeSet<Point>,
    failed: bool,
}

impl Pattern {
    /// Puts a stone (or, with `None`, keeps the point empty) at `p + k * dir`;
    /// conflicts and points off the board fail the pattern.
    fn put(&mut self, p: Point, dir: Direction, k: i32, stone: Option<Color>) {
        let Some(q) = p.step(dir, k, RENJU_SIZE) else {
            // Off the board: an end that is off the board is blocked, which is what a
            // white stone would do; a stone that cannot be placed fails.
            if stone.is_some_and(|c| c == Color::Black) {
                self.failed = true;
            }
            return;
        };
        self.put_at(q, stone);
    }

    fn put_at(&mut self, q: Point, stone: Option<Color>) {
        let existing = self.stones.iter().find(|s| s.0 == q).map(|s| s.1);
        match stone {
            None => {
                if existing.is_some() {
                    self.failed = true;
                }
                self.empty.insert(q);
            }
            Some(c) => {
                let blocked = c == Color::Black && self.not_black.contains(&q);
                if blocked || self.empty.contains(&q) || existing.is_some_and(|e| e != c) {
                    self.failed = true;
                } else if existing.is_none() {
                    self.stones.push((q, c));
                }
            }
        }
    }

    /// An end of a line: not black (white or empty, decided by [`Pattern::board`]).
    fn end(&mut self, p: Point, dir: Direction, k: i32) {
        let Some(q) = p.step(dir, k, RENJU_SIZE) else {
            return;
        };
        if self.stones.contains(&(q, Color::Black)) {
            self.failed = true;
        }
        self.not_black.insert(q);
    }

    /// The board of the pattern, each end of a line left empty or given a white stone
    /// at random.
    fn board(&self, rng: &mut SplitMix64) -> Option<Board> {
        let mut board = Board::new(RENJU_SIZE).ok()?;
        for &(q, c) in &self.stones {
            board.set(q, Some(c)).ok()?;
        }
        for &q in &self.not_black {
            if board.get(q).is_none() && !self.empty.contains(&q) && rng.below_by_remainder(2) == 0
            {
                board.set(q, Some(Color::White)).ok()?;
            }
        }
        Some(board)
    }

    /// Black stones at `offsets` along `dir` from `p`, `p` itself left out.
    fn blacks(&mut self, p: Point, dir: Direction, offsets: impl IntoIterator<Item = i32>) {
        for k in offsets {
            if k != 0 {
                self.put(p, dir, k, Some(Color::Black));
            }
        }
    }

    /// Four black stones that a stone at `p` makes an exact five.
    fn five(&mut self, rng: &mut SplitMix64, p: Point, dir: Direction) {
        let s = rng.below_by_remainder(5) as i32;
        self.blacks(p, dir, -s..=4 - s);
        self.end(p, dir, -s - 1);
        self.end(p, dir, 5 - s);
    }

    /// Five or six black stones that a stone at `p` makes an overline.
    fn overline(&mut self, rng: &mut SplitMix64, p: Point, dir: Direction) {
        // No run of five or more on the board before the stone: `p` is not at an end
        // of a line of six, nor within two of the ends of a line of seven.
        let len = 6 + rng.below_by_remainder(2) as i32;
        let s = len - 5 + rng.below_by_remainder(10 - len as u64) as i32;
        self.blacks(p, dir, -s..len - s);
        self.end(p, dir, -s - 1);
        self.end(p, dir, len - s);
    }

    /// Three black stones that a stone at `p` makes a four (not a five), its fifth
    /// point kept empty.
    fn four(&mut self, rng: &mut SplitMix64, p: Point, dir: Direction) {
        let s = rng.below_by_remainder(5) as i32;
        let window: Vec<i32> = (-s..=4 - s).filter(|&k| k != 0).collect();
        let gap = window[rng.below_by_remainder(4) as usize];
        self.blacks(p, dir, window.iter().copied().filter(|&k| k != gap));
        self.put(p, dir, gap, None);
        self.end(p, dir, -s - 1);
        self.end(p, dir, 5 - s);
    }

    /// Two black stones that a stone at `p` makes a three: four points `a..a+4` around
    /// `p` of which one (`interior`: never at the ends) stays empty and makes the
    /// straight four, with empty points beside them and no black stone beyond. Returns
    /// the straight-four point.
    fn three(
        &mut self,
        rng: &mut SplitMix64,
        p: Point,
        dir: Direction,
        interior: bool,
    ) -> Option<Point> {
        let a = -(rng.below_by_remainder(4) as i32);
        let cells: Vec<i32> = (a..a + 4)
            .filter(|&k| k != 0 && (!interior || (k != a && k != a + 3)))
            .collect();
        let gap = *cells.get(rng.below_by_remainder(cells.len().max(1) as u64) as usize)?;
        self.blacks(p, dir, (a..a + 4).filter(|&k| k != gap));
        self.put(p, dir, gap, None);
        self.put(p, dir, a - 1, None);
        self.put(p, dir, a + 4, None);
        self.end(p, dir, a - 2);
        self.end(p, dir, a + 5);
        p.step(dir, gap, RENJU_SIZE)
    }

    /// Two fours on one line through `p`.
    fn one_line_double_four(&mut self, rng: &mut SplitMix64, p: Point, dir: Direction) {
        // Black offsets and the two fifth points, for `X.X?X.X`, `XX.?X.XX`,
        // `XXX.?.XXX` and the mirror of the second.
        const SHAPES: [(&[i32], [i32; 2], [i32; 2]); 4] = [
            (&[-3, -1, 1, 3], [-2, 2], [-4, 4]),
            (&[-3, -2, 1, 3, 4], [-1, 2], [-4, 5]),
            (&[-4, -3, -1, 2, 3], [-2, 1], [-5, 4]),
            (&[-4, -3, -2, 2, 3, 4], [-1, 1], [-5, 5]),
        ];
        let (blacks, gaps, ends) = SHAPES[rng.below_by_remainder(4) as usize];
        self.blacks(p, dir, blacks.iter().copied());
        for g in gaps {
            self.put(p, dir, g, None);
        }
        for e in ends {
            self.end(p, dir, e);
        }
    }
}

/// Distinct directions in random order.
fn directions(rng: &mut SplitMix64) -> [Direction; 4] {
    let mut dirs = Direction::ALL;
    for i in (1..4).rev() {
        let j = rng.below_by_remainder(i as u64 + 1) as usize;
        dirs.swap(i, j);
    }
    dirs
}

/// The pattern of a family around `p`.
fn pattern(family: Family, rng: &mut SplitMix64, p: Point) -> Pattern {
    let mut pat = Pattern::default();
    pat.put_at(p, None);
    let d = directions(rng);
    match family {
        Family::Uniform => {}
        Family::FivePlusOverline => {
            pat.five(rng, p, d[0]);
            pat.overline(rng, p, d[1]);
        }
        Family::DoubleFive => {
            pat.five(rng, p, d[0]);
            pat.five(rng, p, d[1]);
        }
        Family::FivePlusDoubleFour => {
            pat.five(rng, p, d[0]);
            pat.four(rng, p, d[1]);
            pat.four(rng, p, d[2]);
        }
        Family::FivePlusDoubleThree => {
            pat.five(rng, p, d[0]);
            pat.three(rng, p, d[1], false);
            pat.three(rng, p, d[2], false);
        }
        Family::OverlinePlusDoubleFour => {
            pat.overline(rng, p, d[0]);
            if rng.below_by_remainder(3) == 0 {
                pat.one_line_double_four(rng, p, d[1]);
            } else {
                pat.four(rng, p, d[1]);
                pat.four(rng, p, d[2]);
            }
        }
        Family::DoubleFourPlusDoubleThree => {
            if rng.below_by_remainder(2) == 0 {
                pat.one_line_double_four(rng, p, d[0]);
            } else {
                pat.four(rng, p, d[0]);
                pat.four(rng, p, d[3]);
            }
            pat.three(rng, p, d[1], false);
            pat.three(rng, p, d[2], false);
        }
        Family::DoubleFourOneLine => pat.one_line_double_four(rng, p, d[0]),
        Family::DeepRecursion => {
            let levels = 3 + rng.below_by_remainder(3) as usize;
            chain(&mut pat, rng, p, levels);
        }
        Family::Disputed => {
            pat.three(rng, p, d[0], false);
            if let Some(q) = pat.three(rng, p, d[1], true) {
                // The straight-four point of the second three also makes a five.
                let other = directions(rng);
                let dir = if other[0] == d[1] { other[1] } else { other[0] };
                pat.five(rng, q, dir);
            }
        }
    }
    pat
}

/// A chain of the recursive rule `levels` deep from `p`: at each level the point has a
/// real three and a three whose only straight-four point is the next level's point;
/// the last point is a double-four (forbidden) or nothing more (legal), at random.
fn chain(pat: &mut Pattern, rng: &mut SplitMix64, p: Point, levels: usize) {
    let mut at = p;
    let mut incoming: Option<Direction> = None;
    for _ in 0..levels {
        let dirs: Vec<Direction> = directions(rng)
            .into_iter()
            .filter(|&d| Some(d) != incoming)
            .collect();
        pat.three(rng, at, dirs[0], false);
        let Some(next) = pat.three(rng, at, dirs[1], true) else {
            pat.failed = true;
            return;
        };

        incoming = Some(dirs[1]);
        at = next;
    }
    if rng.below_by_remainder(2) == 0 {
        let dirs: Vec<Direction> = directions(rng)
            .into_iter()
            .filter(|&d| Some(d) != incoming)
            .collect();
        pat.four(rng, at, dirs[0]);
    }
}

/// Whether a `color` stone at `q` makes (or, when it is there, is part of) five or more
/// in a row.
fn makes_five(board: &Board, q: Point, color: Color) -> bool {
    Direction::ALL.iter().any(|&dir| {
        let run = |sign: i32| {
            (1..6)
                .take_while(|&k| {
                    q.step(dir, sign * k, board.size())
                        .is_some_and(|r| board.get(r) == Some(color))
                })
                .count()
        };
        run(1) + run(-1) + 1 >= 5
    })
}

/// Random stones around `p` on the points the pattern leaves free (never making a five
/// of either colour), then stones of the colour short of stones until Black and White
/// have as many.
fn add_noise(
    board: &mut Board,
    pat: &Pattern,
    rng: &mut SplitMix64,
    p: Point,
    count: usize,
) -> bool {
    let lo = |c: u8| c.saturating_sub(6);
    let hi = |c: u8| (c + 6).min(RENJU_SIZE - 1);
    let (x0, x1, y0, y1) = (lo(p.x()), hi(p.x()), lo(p.y()), hi(p.y()));
    let place = |board: &mut Board, color: Color, rng: &mut SplitMix64| {
        for _ in 0..200 {
            let x = x0 + rng.below_by_remainder(u64::from(x1 - x0 + 1)) as u8;
            let y = y0 + rng.below_by_remainder(u64::from(y1 - y0 + 1)) as u8;
            let Some(q) = Point::new(x, y) else { continue };
            if board.get(q).is_none() && !pat.empty.contains(&q) && !makes_five(board, q, color) {
                return board.set(q, Some(color)).is_ok();
            }
        }
        false
    };
    for i in 0..count {
        let color = if i % 2 == 0 {
            Color::White
        } else {
            Color::Black
        };
        place(board, color, rng);
    }
    loop {
        let (b, w) = (board.count(Color::Black), board.count(Color::White));
        let color = match b.cmp(&w) {
            std::cmp::Ordering::Equal => return true,
            std::cmp::Ordering::Greater => Color::White,
            std::cmp::Ordering::Less => Color::Black,
        };
        if !place(board, color, rng) {
            return false;
        }
    }
}

/// The most patterns tried for one case before giving up.
const MAX_ATTEMPTS: usize = 100_000;

/// One case of a family: a pattern at a random point, with random stones around it, in
/// the family.
fn build_case(family: Family, rng: &mut SplitMix64) -> Option<FamilyPosition> {
    // Chains of the recursion need room: their first point is kept off the edges. About
    // one chain in 500 holds; the other patterns nearly always do.
    let (lo, side) = match family {
        Family::DeepRecursion => (3, RENJU_SIZE - 6),
        _ => (0, RENJU_SIZE),
    };
    for _ in 0..MAX_ATTEMPTS {
        let p = Point::new(
            lo + rng.below_by_remainder(u64::from(side)) as u8,
            lo + rng.below_by_remainder(u64::from(side)) as u8,
        )?;
        let pat = pattern(family, rng, p);
        if pat.failed {
            continue;
        }
        let base = pat.board(rng)?;
        if base.stones().any(|(q, c)| makes_five(&base, q, c)) {
            continue;
        }
        // A pattern that does not hold without other stones is built again; with them,
        // fewer random stones are tried when more break it.
        if !families_at(&base, p).contains(&family) {
            continue;
        }
        for noise in [
            rng.below_by_remainder(20) as usize,
            rng.below_by_remainder(8) as usize,
            0,
        ] {
            let mut board = base.clone();
            if add_noise(&mut board, &pat, rng, p, noise)
                && families_at(&board, p).contains(&family)
            {
                return Some(FamilyPosition {
                    family,
                    near_miss: false,
                    point: Some(p),
                    board,
                });
            }
        }
    }
    None
}

/// The near miss of a case: one black stone within five points of its point removed
/// (and one white stone far from it, to keep the colours balanced), such that the
/// point is no longer in the family; the first such stone in a random order.
fn near_miss(case: &FamilyPosition, rng: &mut SplitMix64) -> Option<FamilyPosition> {
    let p = case.point?;
    let mut near: Vec<Point> = case
        .board
        .stones()
        .filter(|&(q, c)| c == Color::Black && q.chebyshev(p) <= 5)
        .map(|(q, _)| q)
        .collect();
    for i in (1..near.len()).rev() {
        let j = rng.below_by_remainder(i as u64 + 1) as usize;
        near.swap(i, j);
    }
    for q in near {
        let mut board = case.board.clone();
        board.set(q, None).ok()?;
        // The white stone farthest from the point goes too (ties: the first).
        let far = board
            .stones()
            .filter(|s| s.1 == Color::White)
            .map(|s| s.0)
            .max_by_key(|w| (w.chebyshev(p), std::cmp::Reverse((w.y(), w.x()))));
        if let Some(w) = far {
            board.set(w, None).ok()?;
        }
        if board.get(p).is_none() && !families_at(&board, p).contains(&case.family) {
            return Some(FamilyPosition {
                near_miss: true,
                board,
                ..case.clone()
            });
        }
    }
    None
}
