//! `renju.Board`: a position (stones, rule set, side to move, moves played, outcome).

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

use pyo3::exceptions::{PyImportError, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyIterator, PyList, PyString, PyTuple};

use renju_core::notation;
use renju_core::{
    Board as CBoard, Color as CColor, Move as CMove, Position, RenjuOptions, RuleSet as CRuleSet,
};

use crate::convert::{self, type_name};
use crate::errors;
use crate::svg::{self, SvgOptions};
use crate::types::{Color, Explanation, Foul, Move, Outcome, Point, RuleSet, Verdict};

/// A Renju or Gomoku position: the stones, the rule set, the side to move, the moves
/// played on it and the outcome once the game is over.
///
/// Board() is the empty 15x15 Renju board, Black to move. Board('h8 i9 j10') plays a
/// move list (also 'h8i9j10', '1.h8 2.i9', 'pass'); Board([Point('h8'), 'i9', (9, 9)])
/// plays an iterable of moves. Other rule sets: Board(rule='freestyle', size=19).
///
/// Every move is judged by the library's referee: play() returns its Verdict, and a
/// winning, forbidden or drawing move ends the game. Iterating a board gives its stones
/// as (Point, Color) pairs, row by row from a1; board[point] gives the colour there.
#[pyclass(eq, module = "renju")]
#[derive(Debug, Clone, PartialEq)]
pub struct Board {
    pub pos: Position,
}

impl Board {
    /// Plays `mv`, numbered `number` in errors when it comes from a list.
    fn play_numbered(
        &mut self,
        py: Python<'_>,
        mv: CMove,
        number: Option<usize>,
    ) -> PyResult<Verdict> {
        self.pos
            .play(mv)
            .map(Verdict)
            .map_err(|e| errors::illegal_move(py, &e, mv, number))
    }

    /// Plays a move string or an iterable of moves.
    fn play_all(&mut self, moves: &Bound<'_, PyAny>) -> PyResult<()> {
        let py = moves.py();
        if let Ok(s) = moves.cast::<PyString>() {
            let parsed = notation::parse_moves(&s.to_cow()?, self.pos.board().size())
                .map_err(|e| errors::parse_error(py, &e))?;
            for (i, mv) in parsed.into_iter().enumerate() {
                self.play_numbered(py, mv, Some(i + 1))?;
            }
            return Ok(());
        }
        if moves.cast::<PyBytes>().is_ok() {
            return Err(PyTypeError::new_err(
                "moves must be a str (like 'h8 i9') or an iterable of moves, not bytes",
            ));
        }
        let iter = moves.try_iter().map_err(|_| {
            PyTypeError::new_err(format!(
                "moves must be a move string like 'h8 i9 j10' or an iterable of moves, not {}",
                type_name(moves)
            ))
        })?;
        for (i, item) in iter.enumerate() {
            let mv = convert::move_of(&item?)?;
            self.play_numbered(py, mv, Some(i + 1))?;
        }
        Ok(())
    }

    /// The stone numbers to draw: move number by point, for stones played on this board.
    fn numbered_stones(&self) -> Vec<(renju_core::Point, usize)> {
        let mut out: Vec<(renju_core::Point, usize)> = Vec::new();
        for (i, mv) in self.pos.moves().enumerate() {
            if let CMove::Stone(p) = mv {
                out.push((p, i + 1));
            }
        }
        out
    }
}

#[pymethods]
impl Board {
    /// Board(moves='', rule='renju', size=15, *, five_completion_counts=False).
    ///
    /// moves: a move string or an iterable of moves (Move, Point, 'h8', 'pass', (x, y)).
    /// rule: a RuleSet or its name. size: the board side (Renju: 15 only; others 5 to
    /// 26). five_completion_counts: the other reading of the disputed double-three case.
    ///
    /// Raises ParseError for a move string that cannot be read, IllegalMoveError for a
    /// move that cannot be played (its move_number says which), SetupError for a size
    /// the rule set does not allow.
    #[new]
    #[pyo3(
        signature = (moves = None, rule = None, size = 15, *, five_completion_counts = false),
        text_signature = "(moves='', rule='renju', size=15, *, five_completion_counts=False)"
    )]
    fn new(
        py: Python<'_>,
        moves: Option<&Bound<'_, PyAny>>,
        rule: Option<&Bound<'_, PyAny>>,
        size: i64,
        five_completion_counts: bool,
    ) -> PyResult<Board> {
        let rule_set = match rule {
            Some(r) => convert::rule_of(r)?,
            None => CRuleSet::Renju,
        };
        let size = convert::size_of(py, size)?;
        let pos = Position::with_size(rule_set, size)
            .map_err(|e| errors::setup_error(py, &e))?
            .with_options(RenjuOptions {
                five_completion_counts,
            });
        let mut board = Board { pos };
        if let Some(m) = moves {
            board.play_all(m)?;
        }
        Ok(board)
    }

    /// A set-up position read from a diagram (the fixture format: rows from the top, each
    /// starting with its number; X black, O white, '.' empty). The stones are placed, not
    /// played: the board has no moves and only later moves are judged.
    #[staticmethod]
    #[pyo3(
        signature = (text, rule = None, to_move = None, *, five_completion_counts = false),
        text_signature = "(text, rule='renju', to_move='black', *, five_completion_counts=False)"
    )]
    fn from_diagram(
        py: Python<'_>,
        text: &str,
        rule: Option<&Bound<'_, PyAny>>,
        to_move: Option<&Bound<'_, PyAny>>,
        five_completion_counts: bool,
    ) -> PyResult<Board> {
        let rule_set = match rule {
            Some(r) => convert::rule_of(r)?,
            None => CRuleSet::Renju,
        };
        let to_move = match to_move {
            Some(c) => convert::color_of(c)?,
            None => CColor::Black,
        };
        let board = CBoard::from_diagram(text).map_err(|e| errors::parse_error(py, &e))?;
        let pos = Position::from_board(board, rule_set, to_move)
            .map_err(|e| errors::setup_error(py, &e))?
            .with_options(RenjuOptions {
                five_completion_counts,
            });
        Ok(Board { pos })
    }

    /// Plays a move (a Move, a Point, 'h8', 'pass' or (x, y)) and returns its Verdict.
    /// A winning, forbidden or drawing move ends the game; the stone stays on the board.
    /// Raises IllegalMoveError when the point is occupied or off the board, or the game
    /// is over.
    fn play(&mut self, py: Python<'_>, r#move: &Bound<'_, PyAny>) -> PyResult<Verdict> {
        let mv = convert::move_of(r#move)?;
        self.play_numbered(py, mv, None)
    }

    /// Passes (the side to move gives up its turn); two passes in a row draw.
    fn pass_(&mut self, py: Python<'_>) -> PyResult<Verdict> {
        self.play_numbered(py, CMove::Pass, None)
    }

    /// Takes back the last move and returns it (None when no move was played). The
    /// position is restored exactly: stones, side to move and outcome.
    fn undo(&mut self) -> Option<Move> {
        self.pos.undo().map(Move)
    }

    /// What playing a move would do, without playing it. Raises IllegalMoveError like
    /// play().
    fn verdict(&self, py: Python<'_>, r#move: &Bound<'_, PyAny>) -> PyResult<Verdict> {
        let mv = convert::move_of(r#move)?;
        let pos = &self.pos;
        py.detach(|| pos.verdict(mv))
            .map(Verdict)
            .map_err(|e| errors::illegal_move(py, &e, mv, None))
    }

    /// The foul a black stone on `point` would make, or None when it is legal or a five
    /// (always None under rule sets without forbidden moves). Black's forbidden points
    /// do not depend on the side to move.
    fn fouls_at(&self, py: Python<'_>, point: &Bound<'_, PyAny>) -> PyResult<Option<Foul>> {
        let p = convert::point_of(point)?;
        self.pos
            .fouls_at(p)
            .map(Foul::of)
            .map_err(|e| errors::illegal_move(py, &e, CMove::Stone(p), None))
    }

    /// Whether a black stone on `point` would be forbidden (False for occupied or
    /// off-board points).
    fn is_forbidden(&self, point: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self.pos.is_forbidden(convert::point_of(point)?))
    }

    /// Every empty point where a black stone would be forbidden, as {Point: Foul}, row by
    /// row from a1. Empty under rule sets without forbidden moves.
    fn forbidden_points<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let pos = &self.pos;
        let points = py.detach(|| pos.forbidden_points());
        let dict = PyDict::new(py);
        for fp in points {
            if let Some(foul) = Foul::of(fp.all) {
                dict.set_item(Point(fp.point), foul)?;
            }
        }
        Ok(dict)
    }

    /// Explains what a black stone on `point` would be: its lines, fours and threes, and
    /// the nested checks of the recursive double-three rule.
    fn explain(&self, py: Python<'_>, point: &Bound<'_, PyAny>) -> PyResult<Explanation> {
        let p = convert::point_of(point)?;
        let pos = &self.pos;
        py.detach(|| pos.explain(p))
            .map(Explanation)
            .map_err(|e| errors::illegal_move(py, &e, CMove::Stone(p), None))
    }

    /// The board side.
    #[getter]
    fn size(&self) -> u8 {
        self.pos.board().size()
    }

    /// The rule set.
    #[getter]
    fn rule(&self) -> RuleSet {
        self.pos.rule_set().into()
    }

    /// Whether the other reading of the disputed double-three case is used.
    #[getter]
    fn five_completion_counts(&self) -> bool {
        self.pos.options().five_completion_counts
    }

    /// The side to move.
    #[getter]
    fn to_move(&self) -> Color {
        self.pos.to_move().into()
    }

    /// The moves played on this board, oldest first.
    #[getter]
    fn moves(&self) -> Vec<Move> {
        self.pos.moves().map(Move).collect()
    }

    /// The moves played, as a move string ('h8 i9 pass').
    #[getter]
    fn move_string(&self) -> String {
        notation::format_moves(self.pos.moves())
    }

    /// The outcome once the game is over, else None.
    #[getter]
    fn outcome(&self) -> Option<Outcome> {
        self.pos.outcome().map(Outcome)
    }

    /// Whether the game is over.
    #[getter]
    fn is_game_over(&self) -> bool {
        self.pos.outcome().is_some()
    }

    /// The colour on `point`, or None when it is empty. Raises IllegalMoveError for a
    /// point off the board.
    fn __getitem__(&self, py: Python<'_>, point: &Bound<'_, PyAny>) -> PyResult<Option<Color>> {
        let p = convert::point_of(point)?;
        let size = self.pos.board().size();
        if !p.is_on(size) {
            return Err(errors::illegal_move(
                py,
                &renju_core::IllegalMove::OffBoard { point: p, size },
                CMove::Stone(p),
                None,
            ));
        }
        Ok(self.pos.board().get(p).map(Color::from))
    }

    /// Whether `point` holds a stone.
    fn __contains__(&self, point: &Bound<'_, PyAny>) -> PyResult<bool> {
        let p = convert::point_of(point)?;
        Ok(p.is_on(self.pos.board().size()) && self.pos.board().get(p).is_some())
    }

    /// The stones as (Point, Color) pairs, row by row from a1.
    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyIterator>> {
        let list = PyList::empty(py);
        for (p, c) in self.pos.board().stones() {
            list.append(PyTuple::new(
                py,
                [
                    Point(p).into_pyobject(py)?.into_any(),
                    Color::from(c).into_pyobject(py)?.into_any(),
                ],
            )?)?;
        }
        list.try_iter()
    }

    /// The number of stones on the board.
    fn __len__(&self) -> usize {
        self.pos.board().stone_count()
    }

    /// A copy (moves, outcome and all); changing one does not change the other.
    fn copy(&self) -> Board {
        self.clone()
    }

    /// copy.copy() support.
    fn __copy__(&self) -> Board {
        self.clone()
    }

    /// copy.deepcopy() support.
    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Board {
        self.clone()
    }

    /// A hash of the whole position (stones, rule set, side to move, moves, outcome).
    /// Boards are mutable: a board's hash changes when a move is played.
    fn __hash__(&self) -> u64 {
        let mut h = DefaultHasher::new();
        self.pos.hash(&mut h);
        h.finish()
    }

    /// The position mapped by a board symmetry (a Symmetry or its name): stones, moves
    /// and outcome alike.
    fn transformed(&self, symmetry: &Bound<'_, PyAny>) -> PyResult<Board> {
        let sym = convert::symmetry_of(symmetry)?;
        Ok(Board {
            pos: self.pos.transformed(sym),
        })
    }

    /// The ASCII diagram (the fixture format: X black, O white, '.' empty).
    fn to_diagram(&self) -> String {
        self.pos.to_string()
    }

    /// The ASCII diagram.
    fn __str__(&self) -> String {
        self.pos.to_string()
    }

    /// Board('h8 i9 j10') (set-up stones show as a stone count).
    fn __repr__(&self) -> String {
        let moves = notation::format_moves(self.pos.moves());
        let mut args = vec![format!("'{moves}'")];
        if self.pos.rule_set() != CRuleSet::Renju {
            args.push(format!("rule='{}'", self.pos.rule_set()));
        }
        if self.pos.board().size() != 15 {
            args.push(format!("size={}", self.pos.board().size()));
        }
        let setup = self.pos.board().stone_count()
            - self
                .pos
                .moves()
                .filter(|m| matches!(m, CMove::Stone(_)))
                .count();
        if setup > 0 {
            args.push(format!("<{setup} set-up stones>"));
        }
        format!("Board({})", args.join(", "))
    }

    /// The board as an SVG image: grid, coordinates, stones (numbered in the order they
    /// were played; set-up stones carry no number), the last move ringed, and Black's
    /// forbidden points marked with a red cross. `pixels` is the image width.
    #[pyo3(signature = (*, pixels = 480, coordinates = true, numbers = true, forbidden = true))]
    fn svg(
        &self,
        py: Python<'_>,
        pixels: u32,
        coordinates: bool,
        numbers: bool,
        forbidden: bool,
    ) -> String {
        let fouls = if forbidden {
            let pos = &self.pos;
            py.detach(|| pos.forbidden_points())
                .into_iter()
                .map(|f| (f.point, f.primary))
                .collect()
        } else {
            Vec::new()
        };
        let last = self.pos.moves().last().and_then(|m| match m {
            CMove::Stone(p) => Some(p),
            CMove::Pass => None,
        });
        svg::render(
            self.pos.board(),
            &self.numbered_stones(),
            &fouls,
            last,
            &SvgOptions {
                pixels,
                coordinates,
                numbers,
            },
        )
    }

    /// The SVG drawing notebooks show (Jupyter calls this).
    fn _repr_svg_(&self, py: Python<'_>) -> String {
        self.svg(py, 480, true, true, true)
    }

    /// The board as numpy planes, shape (3, size, size), dtype uint8, indexed
    /// [plane, y, x] with y = 0 the bottom row (row 1): plane 0 black stones, plane 1
    /// white stones, plane 2 Black's forbidden points. Needs numpy (an optional
    /// dependency: pip install numpy); raises ImportError without it.
    fn to_numpy<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let np = py.import("numpy").map_err(|_| {
            PyImportError::new_err(
                "Board.to_numpy() needs numpy, which is not installed (pip install numpy)",
            )
        })?;
        let size = self.pos.board().size() as usize;
        let mut planes = vec![0u8; 3 * size * size];
        for (p, c) in self.pos.board().stones() {
            let plane = match c {
                CColor::Black => 0,
                CColor::White => 1,
            };
            planes[plane * size * size + p.y() as usize * size + p.x() as usize] = 1;
        }
        let pos = &self.pos;
        for f in py.detach(|| pos.forbidden_points()) {
            planes[2 * size * size + f.point.y() as usize * size + f.point.x() as usize] = 1;
        }
        let bytes = PyBytes::new(py, &planes);
        let flat = np.call_method1("frombuffer", (bytes, np.getattr("uint8")?))?;
        flat.call_method1("reshape", ((3usize, size, size),))?
            .call_method0("copy")
    }
}
