//! Slow, obviously-correct reference judge for Renju forbidden moves.
//!
//! Written directly from the rule text (RIF §3 definitions, RIF 9.2 / 9.3) as formalised in
//! `docs/rules.md` §1.4 and `docs/rules.md` ("Forbidden moves"). It shares no code with the
//! library under test and deliberately uses the most literal algorithm possible:
//!
//! ```text
//! Five(P, p)      : placing black at empty p gives an unbroken black row of exactly 5 through p
//! Overline(P, p)  : ... an unbroken black row of >= 6 through p
//! Fours(Q, p)     : Q already contains p. Per direction, the number of distinct 4-stone sets S
//!                   (p in S) such that some empty q on that line makes S+{q} an unbroken row of
//!                   exactly 5. Summed over the four directions.
//! StraightFour(Q, p, q, d): after adding q, the unbroken run through q in direction d has
//!                   exactly 4 stones, contains p, and both cells just outside it are empty and
//!                   each would give exactly five in direction d.
//! RealThree(Q, p, d): exists empty q on line d with StraightFour(Q, p, q, d)
//!                   and [unless five_completion_counts] not Five(Q, q)
//!                   and not Forbidden(Q, q)          (recursive, on Q = board WITH p)
//! Forbidden(P, p) : not Five(P, p) and ( Overline(P, p) or Fours(P+p, p) >= 2
//!                                        or #{d : RealThree(P+p, p, d)} >= 2 )
//! ```
//!
//! Everything is computed by scanning the board: no windows, no pattern tables, no caches.
//! Stones placed "in the mind" go on a cloned board (one clone per hypothetical move that is
//! judged), or are placed and removed again on that clone for the cheap single-stone probes.
//! Cells off the board behave like white stones. White has no forbidden moves.
//!
//! The only shortcuts taken are short-circuits that are plainly equivalent to the formulas
//! above: counting real-three directions stops once two are found (the verdict only needs
//! ">= 2"), and directions without any straight-four point are not examined recursively.

#![allow(dead_code)]

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Cell {
    Empty,
    Black,
    White,
}

#[derive(Clone, PartialEq, Eq, Debug)]
pub struct RefBoard {
    pub size: usize,
    /// index = y * size + x; x = column (0 = 'a'), y = row (0 = row 1, bottom)
    pub cells: Vec<Cell>,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct RefFouls {
    pub overline: bool,
    pub double_four: bool,
    pub double_three: bool,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum RefVerdict {
    Five,
    Forbidden(RefFouls),
    Legal,
}

impl RefBoard {
    pub fn new(size: usize) -> Self {
        RefBoard {
            size,
            cells: vec![Cell::Empty; size * size],
        }
    }

    /// The cell at (x, y), or `None` when the point is off the board.
    pub fn get(&self, x: i32, y: i32) -> Option<Cell> {
        if x < 0 || y < 0 || x as usize >= self.size || y as usize >= self.size {
            None
        } else {
            Some(self.cells[y as usize * self.size + x as usize])
        }
    }

    pub fn set(&mut self, x: usize, y: usize, c: Cell) {
        assert!(
            x < self.size && y < self.size,
            "set: ({x}, {y}) is off the board"
        );
        self.cells[y * self.size + x] = c;
    }
}

/// The four line directions: horizontal, vertical, diagonal, anti-diagonal.
const DIRECTIONS: [(i32, i32); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];

type Point = (i32, i32);

fn is_black(board: &RefBoard, p: Point) -> bool {
    board.get(p.0, p.1) == Some(Cell::Black)
}

fn is_empty(board: &RefBoard, p: Point) -> bool {
    board.get(p.0, p.1) == Some(Cell::Empty)
}

fn step(p: Point, d: (i32, i32), k: i32) -> Point {
    (p.0 + k * d.0, p.1 + k * d.1)
}

/// The unbroken black run through the black stone at `p` in direction `d`, as the pair of
/// offsets (lo, hi) along `d` (lo <= 0 <= hi) of its first and last stone.
/// Off-board cells and white stones and empty cells all end the run.
fn run_through(board: &RefBoard, p: Point, d: (i32, i32)) -> (i32, i32) {
    debug_assert!(is_black(board, p));
    let mut lo = 0;
    while is_black(board, step(p, d, lo - 1)) {
        lo -= 1;
    }
    let mut hi = 0;
    while is_black(board, step(p, d, hi + 1)) {
        hi += 1;
    }
    (lo, hi)
}

/// Length of the unbroken black run through the black stone at `p` in direction `d`.
fn run_len(board: &RefBoard, p: Point, d: (i32, i32)) -> i32 {
    let (lo, hi) = run_through(board, p, d);
    hi - lo + 1
}

/// Every on-board point of the whole board line through `p` in direction `d`
/// (including `p` itself), in order along `d`.
fn line_points(board: &RefBoard, p: Point, d: (i32, i32)) -> Vec<Point> {
    let mut k = 0;
    while board
        .get(step(p, d, k - 1).0, step(p, d, k - 1).1)
        .is_some()
    {
        k -= 1;
    }
    let mut points = Vec::new();
    while board.get(step(p, d, k).0, step(p, d, k).1).is_some() {
        points.push(step(p, d, k));
        k += 1;
    }
    points
}

/// Put a black stone on the empty point `p` of `board`, evaluate `f`, and take it away again.
fn with_black<R>(board: &mut RefBoard, p: Point, f: impl FnOnce(&mut RefBoard) -> R) -> R {
    assert!(
        is_empty(board, p),
        "with_black: {p:?} is not an empty point"
    );
    board.set(p.0 as usize, p.1 as usize, Cell::Black);
    let r = f(board);
    board.set(p.0 as usize, p.1 as usize, Cell::Empty);
    r
}

/// A copy of `board` with a black stone on the empty point `p` ("the move made in your mind").
fn placed(board: &RefBoard, p: Point) -> RefBoard {
    assert!(is_empty(board, p), "placed: {p:?} is not an empty point");
    let mut q = board.clone();
    q.set(p.0 as usize, p.1 as usize, Cell::Black);
    q
}

/// `q` holds a black stone at `p`: is there an unbroken black row of exactly five through `p`?
fn has_five_at(q: &RefBoard, p: Point) -> bool {
    DIRECTIONS.iter().any(|&d| run_len(q, p, d) == 5)
}

/// `q` holds a black stone at `p`: is there an unbroken black row of six or more through `p`?
fn has_overline_at(q: &RefBoard, p: Point) -> bool {
    DIRECTIONS.iter().any(|&d| run_len(q, p, d) >= 6)
}

/// Five(P, c) for the empty point `c` of `board`.
fn five_if_played(board: &mut RefBoard, c: Point) -> bool {
    with_black(board, c, |b| has_five_at(b, c))
}

/// Fours(Q, p): `q` holds a black stone at `p`. For each direction, the number of distinct
/// four-stone sets S containing `p` that some empty point on the line completes to an unbroken
/// row of exactly five; summed over the directions.
fn count_fours(q: &mut RefBoard, p: Point) -> usize {
    let mut total = 0;
    for &d in DIRECTIONS.iter() {
        // Four-stone sets, each stored as its sorted list of stone positions.
        let mut sets: Vec<[Point; 4]> = Vec::new();
        for c in line_points(q, p, d) {
            if !is_empty(q, c) {
                continue;
            }
            let found = with_black(q, c, |b| {
                let (lo, hi) = run_through(b, c, d);
                if hi - lo + 1 != 5 {
                    return None;
                }
                if !(lo..=hi).any(|k| step(c, d, k) == p) {
                    return None;
                }
                // S = the run minus c, in order along the line (so equal sets compare equal).
                let mut set = [c; 4];
                for (n, k) in (lo..=hi).filter(|&k| k != 0).enumerate() {
                    set[n] = step(c, d, k);
                }
                set.sort();
                Some(set)
            });
            if let Some(set) = found {
                if !sets.contains(&set) {
                    sets.push(set);
                }
            }
        }
        total += sets.len();
    }
    total
}

/// StraightFour(Q, p, c, d): `q` holds a black stone at `p`, `c` is empty. After adding `c`,
/// the unbroken run through `c` in direction `d` has exactly four stones, contains `p`, and
/// both cells just outside it are empty points of the board, each of which would give an
/// unbroken row of exactly five in direction `d`.
fn straight_four(q: &mut RefBoard, p: Point, c: Point, d: (i32, i32)) -> bool {
    with_black(q, c, |b| {
        let (lo, hi) = run_through(b, c, d);
        if hi - lo + 1 != 4 {
            return false;
        }
        if !(lo..=hi).any(|k| step(c, d, k) == p) {
            return false;
        }
        let ends = [step(c, d, lo - 1), step(c, d, hi + 1)];
        ends.iter()
            .all(|&e| is_empty(b, e) && with_black(b, e, |bb| run_len(bb, e, d) == 5))
    })
}

/// Every empty point `c` on the line through `p` in direction `d` with StraightFour(Q, p, c, d).
fn straight_four_points(q: &mut RefBoard, p: Point, d: (i32, i32)) -> Vec<Point> {
    let mut points = Vec::new();
    for c in line_points(q, p, d) {
        if is_empty(q, c) && straight_four(q, p, c, d) {
            points.push(c);
        }
    }
    points
}

/// RealThree(Q, p, d), given the straight-four points of that direction: some straight-four
/// point that (unless `five_completion_counts`) does not make a five, and is not forbidden
/// itself, judged on `q` (the board that already holds `p`).
fn real_three_from(q: &mut RefBoard, completions: &[Point], five_completion_counts: bool) -> bool {
    for &c in completions {
        if !five_completion_counts && five_if_played(q, c) {
            continue;
        }
        if forbidden(q, c, five_completion_counts) {
            continue;
        }
        return true;
    }
    false
}

/// #{d : RealThree(Q, p, d)} >= 2, where `q` holds a black stone at `p`.
fn double_three(q: &mut RefBoard, p: Point, five_completion_counts: bool) -> bool {
    let candidates: Vec<Vec<Point>> = DIRECTIONS
        .iter()
        .map(|&d| straight_four_points(q, p, d))
        .filter(|pts| !pts.is_empty())
        .collect();
    // A direction without any straight-four point can never hold a real three.
    if candidates.len() < 2 {
        return false;
    }
    let mut real = 0;
    for (i, completions) in candidates.iter().enumerate() {
        // Stop as soon as the answer is known either way.
        if real >= 2 || real + (candidates.len() - i) < 2 {
            break;
        }
        if real_three_from(q, completions, five_completion_counts) {
            real += 1;
        }
    }
    real >= 2
}

/// Forbidden(P, p) for the empty point `p` of `board` (recursive, no depth limit).
fn forbidden(board: &RefBoard, p: Point, five_completion_counts: bool) -> bool {
    let mut q = placed(board, p);
    if has_five_at(&q, p) {
        return false;
    }
    has_overline_at(&q, p)
        || count_fours(&mut q, p) >= 2
        || double_three(&mut q, p, five_completion_counts)
}

/// What a black stone on the EMPTY point (x, y) is. `five_completion_counts` = false is
/// the default (RIF literal) reading, true is quintet's reading (SPEC point 5).
pub fn judge(board: &RefBoard, x: usize, y: usize, five_completion_counts: bool) -> RefVerdict {
    let p = (x as i32, y as i32);
    assert!(
        is_empty(board, p),
        "judge: ({x}, {y}) is not an empty point"
    );
    let mut q = placed(board, p);
    if has_five_at(&q, p) {
        return RefVerdict::Five;
    }
    let fouls = RefFouls {
        overline: has_overline_at(&q, p),
        double_four: count_fours(&mut q, p) >= 2,
        double_three: double_three(&mut q, p, five_completion_counts),
    };
    if fouls.overline || fouls.double_four || fouls.double_three {
        RefVerdict::Forbidden(fouls)
    } else {
        RefVerdict::Legal
    }
}

/// Every empty point where a black stone is forbidden, with its fouls, in order of index.
pub fn forbidden_map(
    board: &RefBoard,
    five_completion_counts: bool,
) -> Vec<((usize, usize), RefFouls)> {
    let mut out = Vec::new();
    for y in 0..board.size {
        for x in 0..board.size {
            if board.cells[y * board.size + x] != Cell::Empty {
                continue;
            }
            if let RefVerdict::Forbidden(f) = judge(board, x, y, five_completion_counts) {
                out.push(((x, y), f));
            }
        }
    }
    out
}

/// Whether a stone of `color` on the EMPTY point (x, y) wins, under the rule set named
/// `rule` (the table of docs/rules.md): `renju` Black an exact five, White five or
/// more; `standard` an exact five; `freestyle` five or more; `caro` five or more
/// unless opponent stones (not the board's edge) block both ends.
pub fn wins(board: &RefBoard, x: usize, y: usize, color: Cell, rule: &str) -> bool {
    assert!(
        is_empty(board, (x as i32, y as i32)),
        "wins: ({x}, {y}) is not empty"
    );
    let opponent = match color {
        Cell::Black => Cell::White,
        Cell::White => Cell::Black,
        Cell::Empty => panic!("wins: no colour"),
    };
    DIRECTIONS.iter().any(|&(dx, dy)| {
        // The run of `color` through (x, y): from `a` steps back to `b` steps forward.
        let at = |k: i32| board.get(x as i32 + k * dx, y as i32 + k * dy);
        let mut a = 0;
        while at(-(a + 1)) == Some(color) {
            a += 1;
        }
        let mut b = 0;
        while at(b + 1) == Some(color) {
            b += 1;
        }
        let len = a + b + 1;
        match (rule, color) {
            ("renju", Cell::Black) | ("standard", _) => len == 5,
            ("renju", _) | ("freestyle", _) => len >= 5,
            ("caro", _) => {
                len >= 5 && !(at(-(a + 1)) == Some(opponent) && at(b + 1) == Some(opponent))
            }
            _ => panic!("wins: unknown rule set {rule}"),
        }
    })
}
