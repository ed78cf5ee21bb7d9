//! Forbidden masks of many positions at once, for machine-learning pipelines: boards as
//! flat cell arrays in, one byte per intersection out, judged on every core with the
//! `parallel` feature (rayon), on the calling thread without it; the results are the same.
//!
//! Layout (the layout of numpy's `(N, size, size)` C-order arrays): position `i`, row
//! `y` (0 = row 1, the bottom row), column `x` (0 = column `a`) is byte
//! `(i * size + y) * size + x`. Cells: 0 empty, 1 black, 2 white. Out: 0 where a black
//! stone would be legal (or the point is occupied), else 1 or, with
//! [`MaskValues::Kinds`], the reported foul's code ([`kind_code`]).
//!
//! ```
//! use renju_core::batch::{forbidden_masks, MaskValues};
//! use renju_core::{Position, RenjuOptions, RuleSet};
//! let pos = Position::from_moves("f8 a1 g8 a2 h6 a3 h7 a4").unwrap();
//! let mut cells = vec![0u8; 225];
//! pos.board().write_cells(&mut cells);
//! let opts = RenjuOptions::default();
//! let masks = forbidden_masks(&cells, 15, RuleSet::Renju, &opts, MaskValues::Kinds).unwrap();
//! assert_eq!(masks[7 * 15 + 7], 3); // h8: double-three
//! assert_eq!(masks.iter().filter(|&&m| m != 0).count(), 1);
//! ```

use crate::board::{Board, SetupError};
use crate::error::ParseError;
use crate::forbidden::{for_each_forbidden, FoulKind, FoulSet};
use crate::position::Position;
use crate::rules::{RenjuOptions, RuleSet};

/// What a mask holds at a forbidden point.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MaskValues {
    /// 1.
    Flags,
    /// The reported foul's code: 1 overline, 2 double-four, 3 double-three.
    Kinds,
}

/// The code of a foul kind in masks: 1 overline, 2 double-four, 3 double-three.
pub fn kind_code(kind: FoulKind) -> u8 {
    match kind {
        FoulKind::Overline => 1,
        FoulKind::DoubleFour => 2,
        FoulKind::DoubleThree => 3,
    }
}

/// Positions per rayon task: enough work to amortise the scheduling.
const CHUNK: usize = 64;

/// Writes the mask of `board` into `out` (one byte per intersection, zeroed first).
pub fn write_mask(
    board: &Board,
    rule: RuleSet,
    options: &RenjuOptions,
    values: MaskValues,
    out: &mut [u8],
) {
    out.fill(0);
    if !rule.has_forbidden_moves() {
        return;
    }
    for_each_forbidden(board, options, |idx, set: FoulSet| {
        out[idx] = match values {
            MaskValues::Flags => 1,
            MaskValues::Kinds => set.primary().map_or(0, kind_code),
        };
    });
}

/// The masks of the boards in `cells` (see the [module docs](self)), judged on every core with
/// the `parallel` feature.
/// An error names the first bad cell by its index in `cells`.
pub fn forbidden_masks(
    cells: &[u8],
    size: u8,
    rule: RuleSet,
    options: &RenjuOptions,
    values: MaskValues,
) -> Result<Vec<u8>, SetupError> {
    let mut out = vec![0u8; cells.len()];
    forbidden_masks_into(cells, size, rule, options, values, &mut out)?;
    Ok(out)
}

/// [`forbidden_masks`] into a buffer of the same length as `cells`.
pub fn forbidden_masks_into(
    cells: &[u8],
    size: u8,
    rule: RuleSet,
    options: &RenjuOptions,
    values: MaskValues,
    out: &mut [u8],
) -> Result<(), SetupError> {
    MaskJudge::new(size, rule, *options, values)?.masks_into(cells, out)
}

/// A judge of boards of one size under one rule, kept from call to call: each board is
/// loaded into memory the judge holds, so judging one board allocates nothing (what a
/// caller that judges one position at a time, such as a self-play loop, needs).
///
/// ```
/// use renju_core::batch::{MaskJudge, MaskValues};
/// use renju_core::{Position, RenjuOptions, RuleSet};
/// let mut judge = MaskJudge::new(15, RuleSet::Renju, RenjuOptions::default(), MaskValues::Kinds).unwrap();
/// let pos = Position::from_moves("f8 a1 g8 a2 h6 a3 h7 a4").unwrap();
/// let (mut cells, mut mask) = ([0u8; 225], [0u8; 225]);
/// pos.board().write_cells(&mut cells);
/// judge.masks_into(&cells, &mut mask).unwrap();
/// assert_eq!(mask[7 * 15 + 7], 3); // h8: double-three
/// ```
#[derive(Clone)]
pub struct MaskJudge {
    board: Board,
    rule: RuleSet,
    options: RenjuOptions,
    values: MaskValues,
}

impl MaskJudge {
    /// A judge of `size` x `size` boards under `rule`: an error when the side is not
    /// one the library plays or not one the rule set allows.
    pub fn new(
        size: u8,
        rule: RuleSet,
        options: RenjuOptions,
        values: MaskValues,
    ) -> Result<MaskJudge, SetupError> {
        let board = Board::new(size)?;
        if !rule.allows_size(size) {
            return Err(SetupError::SizeForRules {
                rule_set: rule,
                size,
            });
        }
        Ok(MaskJudge {
            board,
            rule,
            options,
            values,
        })
    }

    /// The side of the boards this judge takes.
    pub fn size(&self) -> u8 {
        self.board.size()
    }

    /// The masks of the boards in `cells` (see the [module docs](self)) into `out`, of
    /// the same length, on every core with the `parallel` feature when there are many.
    /// An error names the first bad cell by its index in `cells`; `out` is then unchanged.
    pub fn masks_into(&mut self, cells: &[u8], out: &mut [u8]) -> Result<(), SetupError> {
        let area = self.board.area();
        if cells.len() / area * area != cells.len() || out.len() != cells.len() {
            return Err(SetupError::CellCount {
                len: cells.len(),
                size: self.size(),
            });
        }
        // The largest cell first (a pass the compiler vectorises), the bad one only if any.
        let largest = cells.iter().fold(0, |m, &v| m.max(v));
        if largest > 2 {
            let index = cells.iter().position(|&v| v > 2).expect("a cell above 2");
            return Err(SetupError::CellValue {
                index,
                value: cells[index],
            });
        }
        if cfg!(feature = "parallel") && cells.len() > area * CHUNK {
            let judge = &*self;
            for_chunks(out, area * CHUNK, cells, area * CHUNK, |_, out, cells| {
                // One board per task, reloaded for each position.
                judge.clone().judge_checked(cells, out)
            });
        } else {
            self.judge_checked(cells, out);
        }
        Ok(())
    }

    /// The masks of boards whose cells were checked.
    fn judge_checked(&mut self, cells: &[u8], out: &mut [u8]) {
        if !self.rule.has_forbidden_moves() {
            out.fill(0);
            return;
        }
        let area = self.board.area();
        for (out, cells) in out.chunks_mut(area).zip(cells.chunks(area)) {
            self.board.load_checked_cells(cells);
            write_mask(&self.board, self.rule, &self.options, self.values, out);
        }
    }
}

/// The masks of the positions reached by move lists (`"h8 i9 j10"`, judged as games:
/// a list that plays on after a foul or a five is an error), on every core with `parallel`. An error gives
/// the index of the first bad list.
pub fn forbidden_masks_of_moves<S: AsRef<str> + Sync>(
    lists: &[S],
    size: u8,
    rule: RuleSet,
    options: &RenjuOptions,
    values: MaskValues,
) -> Result<Vec<u8>, (usize, Box<ParseError>)> {
    let area = match Position::with_size(rule, size) {
        Ok(p) => p.board().area(),
        Err(e) => return Err((0, Box::new(e.into()))),
    };
    let mut out = vec![0u8; lists.len() * area];
    let results = for_chunks(&mut out, area * CHUNK, lists, CHUNK, |chunk, out, lists| {
        for (i, (out, list)) in out.chunks_mut(area).zip(lists).enumerate() {
            let at = chunk * CHUNK + i;
            let board = board_of_moves(list.as_ref(), size, rule, options)
                .map_err(|e| (at, Box::new(e)))?;
            write_mask(&board, rule, options, values, out);
        }
        Ok(())
    });
    results
        .into_iter()
        .collect::<Result<Vec<()>, (usize, Box<ParseError>)>>()?;
    Ok(out)
}

/// `f(chunk number, out chunk, input chunk)` over the matching chunks of `out` and
/// `input`, in order: on every core with the `parallel` feature.
fn for_chunks<I: Sync, R: Send>(
    out: &mut [u8],
    out_chunk: usize,
    input: &[I],
    input_chunk: usize,
    f: impl Fn(usize, &mut [u8], &[I]) -> R + Sync + Send,
) -> Vec<R> {
    #[cfg(feature = "parallel")]
    {
        use rayon::prelude::*;
        out.par_chunks_mut(out_chunk)
            .zip(input.par_chunks(input_chunk))
            .enumerate()
            .map(|(i, (out, input))| f(i, out, input))
            .collect()
    }
    #[cfg(not(feature = "parallel"))]
    {
        out.chunks_mut(out_chunk)
            .zip(input.chunks(input_chunk))
            .enumerate()
            .map(|(i, (out, input))| f(i, out, input))
            .collect()
    }
}

/// The board a move list reaches, its moves judged (a forbidden move ends the game)
/// but no explanation built.
fn board_of_moves(
    moves: &str,
    size: u8,
    rule: RuleSet,
    options: &RenjuOptions,
) -> Result<Board, ParseError> {
    let mut pos = Position::with_size(rule, size)?.with_options(*options);
    pos.play_moves_quiet(moves)?;
    Ok(pos.into_board())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Color, Position};

    fn corpus() -> Vec<Position> {
        let text = include_str!("../../fixtures/bench/midgame_positions.txt");
        text.lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
            .map(|l| Position::from_moves(l).unwrap())
            .collect()
    }

    #[test]
    fn masks_match_forbidden_points_on_the_bench_corpus() {
        let positions = corpus();
        let mut cells = vec![0u8; positions.len() * 225];
        for (pos, c) in positions.iter().zip(cells.chunks_mut(225)) {
            pos.board().write_cells(c);
        }
        let opts = RenjuOptions::default();
        let masks = forbidden_masks(&cells, 15, RuleSet::Renju, &opts, MaskValues::Kinds).unwrap();
        let lines: Vec<String> = positions
            .iter()
            .map(|p| crate::notation::format_moves(p.moves()))
            .collect();
        let by_moves =
            forbidden_masks_of_moves(&lines, 15, RuleSet::Renju, &opts, MaskValues::Kinds).unwrap();
        assert_eq!(masks, by_moves);
        let mut total = 0;
        for (pos, mask) in positions.iter().zip(masks.chunks(225)) {
            let mut expected = vec![0u8; 225];
            for f in pos.forbidden_points() {
                expected[pos.board().index(f.point)] = kind_code(f.primary);
                total += 1;
            }
            assert_eq!(mask, &expected[..]);
        }
        assert!(total > 0, "the corpus has forbidden points");
        let flags = forbidden_masks(&cells, 15, RuleSet::Renju, &opts, MaskValues::Flags).unwrap();
        assert!(flags
            .iter()
            .zip(&masks)
            .all(|(f, k)| (*f != 0) == (*k != 0) && *f <= 1));
        let free = forbidden_masks(&cells, 15, RuleSet::Freestyle, &opts, MaskValues::Flags);
        assert!(free.unwrap().iter().all(|&f| f == 0));
    }

    #[test]
    fn bad_input_is_an_error() {
        let opts = RenjuOptions::default();
        let mut cells = vec![0u8; 2 * 225];
        cells[300] = 7;
        let e = forbidden_masks(&cells, 15, RuleSet::Renju, &opts, MaskValues::Flags);
        assert_eq!(
            e.unwrap_err(),
            SetupError::CellValue {
                index: 300,
                value: 7
            }
        );
        let e = forbidden_masks(&cells[..300], 15, RuleSet::Renju, &opts, MaskValues::Flags);
        assert!(matches!(e.unwrap_err(), SetupError::CellCount { .. }));
        let e = forbidden_masks(&[0; 49], 7, RuleSet::Renju, &opts, MaskValues::Flags);
        assert!(matches!(e.unwrap_err(), SetupError::SizeForRules { .. }));
        let e = forbidden_masks_of_moves(
            &["h8", "h8 h8"],
            15,
            RuleSet::Renju,
            &opts,
            MaskValues::Flags,
        );
        assert_eq!(e.unwrap_err().0, 1);
        let b = Board::from_cells(5, &[1; 25]).unwrap();
        assert_eq!(b.count(Color::Black), 25);
    }
}
