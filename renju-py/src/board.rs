//! `renju.Board`: a position (stones, rule set, side to move, moves played, outcome).

use pyo3::exceptions::PyImportError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict};

use renju_core::{notation, IllegalMove};
use renju_display::svg::{self, Mark, MarkShape, SvgOptions};
use std::sync::Arc;

use renju_core::{Board as CBoard, Color as CColor, Move as CMove, Position, RenjuOptions};
use renju_core::{Point as CPoint, Verdict as CVerdict};
use renju_core::{RuleSet as CRuleSet, Symmetry as CSymmetry};

use crate::arrays;
use crate::convert::{self, named};
use crate::errors;
use crate::types::{
    self, Color, Explanation, Foul, Move, Outcome, Point, RuleSet, Symmetry, Verdict,
};

display_core!(Board.pos);

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
///
/// Boards are mutable, so they are not hashable (as in python-chess); key() gives a
/// hashable snapshot of the position for sets and dict keys.
#[pyclass(eq, str, module = "renju")]
#[derive(Debug, Clone, PartialEq)]
pub struct Board {
    pub pos: Position,
}

impl Board {
    /// The picture of the board with `marks`, or of the explanation of `explain`.
    fn picture(
        &self,
        py: Python<'_>,
        opts: &SvgOptions,
        explain: Option<CPoint>,
        marks: &[Mark],
    ) -> PyResult<String> {
        let Some(p) = explain else {
            return Ok(py.detach(|| svg::position_with_marks(&self.pos, marks, opts)));
        };
        let ex = py.detach(|| self.pos.explain(p));
        let ex = ex.map_err(|e| types::illegal_move(py, &e, CMove::Stone(p), None))?;
        Ok(py.detach(|| svg::explanation(&self.pos, &ex, opts)))
    }

    /// The marks of `svg(marks=...)`: points (rings), or a dict of point to shape.
    fn marks_of(&self, py: Python<'_>, marks: &Bound<'_, PyAny>) -> PyResult<Vec<Mark>> {
        let mut out = Vec::new();
        if let Ok(dict) = marks.cast::<PyDict>() {
            for (point, shape) in dict.iter() {
                let expected = "a mark shape must be a name (circle, cross, square, triangle, dot)";
                let shape: MarkShape = convert::name_of(&shape, expected)?;
                out.push(Mark::new(self.on_board(py, &point)?, shape));
            }
            return Ok(out);
        }
        for point in marks.try_iter()? {
            out.push(Mark::new(self.on_board(py, &point?)?, MarkShape::Circle));
        }
        Ok(out)
    }

    /// Plays `mv`, numbered `number` in errors when it comes from a list.
    fn play_numbered(&mut self, py: Python<'_>, mv: CMove, n: Option<usize>) -> PyResult<Verdict> {
        let verdict = self.pos.play(mv);
        verdict
            .map(|v| {
                // A foul's explanation is drawn on the position before it.
                let before = matches!(v, CVerdict::Forbidden(_)).then(|| {
                    let mut before = self.pos.clone();
                    before.undo();
                    Arc::new(before)
                });
                Verdict(v, before)
            })
            .map_err(|e| types::illegal_move(py, &e, mv, n))
    }

    /// An IllegalMoveError for a point off the board, else the point.
    fn on_board(&self, py: Python<'_>, point: &Bound<'_, PyAny>) -> PyResult<renju_core::Point> {
        let (p, size) = (types::point_of(point)?, self.pos.board().size());
        match p.is_on(size) {
            true => Ok(p),
            false => {
                let e = IllegalMove::OffBoard { point: p, size };
                Err(types::illegal_move(py, &e, CMove::Stone(p), None))
            }
        }
    }
}

impl crate::pickle::Pickled for Board {
    /// The position's serde form: set-up stones, rule set, options and moves.
    fn state<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        crate::pickle::json_state(py, &self.pos)
    }
    fn from_state(state: &Bound<'_, PyAny>) -> PyResult<Board> {
        crate::pickle::from_json(state).map(|pos| Board { pos })
    }
}

py_methods! { Board |b| pickle(Self) {
    /// The board side.
    size -> u8 = b.pos.board().size();
    /// The rule set.
    rule -> RuleSet = b.pos.rule_set().into();
    /// Whether the other reading of the disputed double-three case is used.
    five_completion_counts -> bool = b.pos.options().five_completion_counts;
    /// The side to move.
    to_move -> Color = b.pos.to_move().into();
    /// The moves played on this board, oldest first.
    moves -> Vec<Move> = b.pos.moves().map(Move).collect();
    /// The moves played, as a move string ('h8 i9 pass').
    move_string -> String = notation::format_moves(b.pos.moves());
    /// The outcome once the game is over, else None.
    outcome -> Option<Outcome> = b.pos.outcome().map(Outcome);
    /// Whether the game is over.
    is_game_over -> bool = b.pos.outcome().is_some();
}
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
        let rule_set = rule.map_or(Ok(CRuleSet::Renju), |r| named::<RuleSet, _>(r, "rule"))?;
        let pos = Position::with_size(rule_set, convert::size_of(py, size)?);
        let pos = pos.map_err(|e| errors::setup_error(py, &e))?;
        let mut board = Board { pos: pos.with_options(RenjuOptions { five_completion_counts }) };
        let size = board.pos.board().size();
        let moves = moves.map(|m| convert::moves_of(m, size, "moves", types::move_of));
        // The verdicts are not returned: play without building their details.
        let moves = moves.transpose()?.unwrap_or_default();
        if let Err((i, e)) = board.pos.play_all_quiet(moves.iter().copied()) {
            return Err(types::illegal_move(py, &e, moves[i], Some(i + 1)));
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
        let rule_set = rule.map_or(Ok(CRuleSet::Renju), |r| named::<RuleSet, _>(r, "rule"))?;
        let to_move = to_move.map_or(Ok(CColor::Black), |c| named::<Color, _>(c, "colour"))?;
        let board = CBoard::from_diagram(text).map_err(|e| errors::parse_error(py, &e))?;
        let pos = Position::from_board(board, rule_set, to_move);
        let pos = pos.map_err(|e| errors::setup_error(py, &e))?;
        Ok(Board { pos: pos.with_options(RenjuOptions { five_completion_counts }) })
    }

    /// A set-up position from a numpy array of shape (size, size): 0 empty, 1 black,
    /// 2 white, indexed [y, x] with y = 0 the bottom row (row 1) and x = 0 column a, the
    /// orientation of to_numpy() (any integer dtype). Like from_diagram(), the stones are
    /// placed, not played. Needs numpy.
    #[staticmethod]
    #[pyo3(
        signature = (array, rule = None, to_move = None, *, five_completion_counts = false),
        text_signature = "(array, rule='renju', to_move='black', *, five_completion_counts=False)"
    )]
    fn from_numpy(
        py: Python<'_>,
        array: &Bound<'_, PyAny>,
        rule: Option<&Bound<'_, PyAny>>,
        to_move: Option<&Bound<'_, PyAny>>,
        five_completion_counts: bool,
    ) -> PyResult<Board> {
        let np = arrays::numpy(py, "Board.from_numpy()")?;
        let (shape, bytes) = arrays::cells_of(&np, array, 2, "Board.from_numpy()")?;
        let rule_set = rule.map_or(Ok(CRuleSet::Renju), |r| named::<RuleSet, _>(r, "rule"))?;
        let to_move = to_move.map_or(Ok(CColor::Black), |c| named::<Color, _>(c, "colour"))?;
        if shape[0] != shape[1] {
            let msg = format!("Board.from_numpy() takes a square array, not shape {shape:?}");
            return Err(pyo3::exceptions::PyValueError::new_err(msg));
        }
        let size = convert::size_of(py, shape[0] as i64)?;
        let board = CBoard::from_cells(size, bytes.as_bytes());
        let board = board.map_err(|e| arrays::cell_error(py, &e, shape[0] * shape[1]))?;
        let pos = Position::from_board(board, rule_set, to_move);
        let pos = pos.map_err(|e| errors::setup_error(py, &e))?;
        Ok(Board { pos: pos.with_options(RenjuOptions { five_completion_counts }) })
    }

    /// Plays a move (a Move, a Point, 'h8', 'pass' or (x, y)) and returns its Verdict.
    /// A winning, forbidden or drawing move ends the game; the stone stays on the board.
    /// Raises IllegalMoveError when the point is occupied or off the board, or the game
    /// is over.
    fn play(&mut self, py: Python<'_>, r#move: &Bound<'_, PyAny>) -> PyResult<Verdict> {
        self.play_numbered(py, types::move_of(r#move)?, None)
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
        let mv = types::move_of(r#move)?;
        let verdict = self.pos.verdict(mv);
        verdict
            .map(|v| {
                let pos = matches!(v, CVerdict::Forbidden(_)).then(|| Arc::new(self.pos.clone()));
                Verdict(v, pos)
            })
            .map_err(|e| types::illegal_move(py, &e, mv, None))
    }

    /// The foul a black stone on `point` would make, or None when it is legal or a five
    /// (always None under rule sets without forbidden moves). Black's forbidden points
    /// do not depend on the side to move.
    fn fouls_at(&self, py: Python<'_>, point: &Bound<'_, PyAny>) -> PyResult<Option<Foul>> {
        let p = types::point_of(point)?;
        let fouls = self.pos.fouls_at(p);
        fouls.map(Foul::of).map_err(|e| types::illegal_move(py, &e, CMove::Stone(p), None))
    }

    /// Whether a black stone on `point` would be forbidden (False for occupied or
    /// off-board points).
    fn is_forbidden(&self, point: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self.pos.is_forbidden(types::point_of(point)?))
    }

    /// Every empty point where a black stone would be forbidden, as {Point: Foul}, row by
    /// row from a1. Empty under rule sets without forbidden moves.
    fn forbidden_points<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        // Microseconds of work: releasing the GIL would cost more than it frees.
        let dict = PyDict::new(py);
        for f in self.pos.forbidden_points() {
            if let Some(foul) = Foul::of(f.all) {
                dict.set_item(types::point_object(py, f.point)?, foul)?;
            }
        }
        Ok(dict)
    }

    /// Black's forbidden points as a numpy array of shape (size, size), indexed [y, x]
    /// like to_numpy(): booleans, or with kinds=True uint8 foul codes (0 none,
    /// 1 overline, 2 double-four, 3 double-three). All False under rule sets without
    /// forbidden moves. Needs numpy.
    #[pyo3(signature = (*, kinds = false))]
    fn forbidden_mask<'py>(&self, py: Python<'py>, kinds: bool) -> PyResult<Bound<'py, PyAny>> {
        let np = arrays::numpy(py, "Board.forbidden_mask()")?;
        let size = self.pos.board().size() as usize;
        let (rule, options) = (self.pos.rule_set(), self.pos.options());
        let values = arrays::mask_values(kinds);
        let board = self.pos.board();
        arrays::array_of(&np, &[size, size], values, |out| {
            renju_core::batch::write_mask(board, rule, &options, values, out);
            Ok(())
        })
    }

    /// Explains what a black stone on `point` would be: its lines, fours and threes, and
    /// the nested checks of the recursive double-three rule.
    fn explain(&self, py: Python<'_>, point: &Bound<'_, PyAny>) -> PyResult<Explanation> {
        let p = types::point_of(point)?;
        let explanation = py.detach(|| self.pos.explain(p));
        let illegal = |e| types::illegal_move(py, &e, CMove::Stone(p), None);
        let pos = Arc::new(self.pos.clone());
        explanation.map(|e| Explanation(e, Some(pos))).map_err(illegal)
    }

    /// The colour on `point`, or None when it is empty. Raises IllegalMoveError for a
    /// point off the board.
    fn __getitem__(&self, py: Python<'_>, point: &Bound<'_, PyAny>) -> PyResult<Option<Color>> {
        Ok(self.pos.board().get(self.on_board(py, point)?).map(Color::from))
    }

    /// Whether `point` holds a stone.
    fn __contains__(&self, point: &Bound<'_, PyAny>) -> PyResult<bool> {
        let p = types::point_of(point)?;
        Ok(p.is_on(self.pos.board().size()) && self.pos.board().get(p).is_some())
    }

    /// The stones as (Point, Color) pairs, row by row from a1.
    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, pyo3::types::PyIterator>> {
        let stones = self.pos.board().stones().map(|(p, c)| (Point(p), Color::from(c)));
        stones.collect::<Vec<_>>().into_pyobject(py)?.try_iter()
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

    /// A hashable snapshot of the whole position, equal for equal boards and unchanged
    /// when the board changes afterwards: (rule, size, five_completion_counts, to_move,
    /// diagram, move string).
    fn key(&self) -> (RuleSet, u8, bool, Color, String, String) {
        let (pos, board) = (&self.pos, self.pos.board());
        let reading = pos.options().five_completion_counts;
        let (diagram, moves) = (pos.to_string(), notation::format_moves(pos.moves()));
        (pos.rule_set().into(), board.size(), reading, pos.to_move().into(), diagram, moves)
    }

    /// The position mapped by a board symmetry (a Symmetry or its name): stones, moves
    /// and outcome alike.
    fn transformed(&self, symmetry: &Bound<'_, PyAny>) -> PyResult<Board> {
        let sym = named::<Symmetry, CSymmetry>(symmetry, "symmetry")?;
        Ok(Board { pos: self.pos.transformed(sym) })
    }

    /// The ASCII diagram (the fixture format: X black, O white, '.' empty).
    fn to_diagram(&self) -> String {
        self.pos.to_string()
    }

    /// Board('h8 i9 j10') (set-up stones show as a stone count).
    fn __repr__(&self) -> String {
        let (pos, board) = (&self.pos, self.pos.board());
        let mut args = vec![format!("'{}'", notation::format_moves(pos.moves()))];
        if pos.rule_set() != CRuleSet::Renju {
            args.push(format!("rule='{}'", pos.rule_set()));
        }
        if board.size() != 15 {
            args.push(format!("size={}", board.size()));
        }
        let played = pos.moves().filter(|m| matches!(m, CMove::Stone(_))).count();
        if board.stone_count() > played {
            args.push(format!("<{} set-up stones>", board.stone_count() - played));
        }
        format!("Board({})", args.join(", "))
    }

    /// The board as an SVG image (the CLI's `renju show`): grid, coordinates, stones
    /// (numbered in the order they were played; set-up stones carry no number), the last
    /// move ringed, and Black's forbidden points marked by kind (a red cross for a
    /// double-three, in a square for a double-four, in a circle for an overline).
    /// `pixels` is the board's width. With `explain=point`, the picture explains what a
    /// black stone there would be (`renju show --explain`).
    /// `marks` (not drawn with `explain`) marks points: an iterable of points (rings), or
    /// a dict of point to shape ('circle', 'cross', 'square', 'triangle', 'dot').
    #[pyo3(signature = (*, pixels = 480, coordinates = true, numbers = true, forbidden = true, last_move = true, explain = None, marks = None))]
    #[allow(clippy::too_many_arguments)]
    fn svg(
        &self,
        py: Python<'_>,
        pixels: u32,
        coordinates: bool,
        numbers: bool,
        forbidden: bool,
        last_move: bool,
        explain: Option<&Bound<'_, PyAny>>,
        marks: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<String> {
        crate::convert::check_pixels(pixels)?;
        let opts = SvgOptions { pixels, coordinates, numbers, forbidden, last_move };
        let point = explain.map(|p| self.on_board(py, p)).transpose()?;
        let marks = match marks {
            Some(m) => self.marks_of(py, m)?,
            None => Vec::new(),
        };
        self.picture(py, &opts, point, &marks)
    }

    /// The picture of svg() as PNG bytes, drawn with resvg (text in the system's fonts;
    /// without any, the picture has no text).
    #[pyo3(signature = (*, pixels = 480, coordinates = true, numbers = true, forbidden = true, last_move = true, explain = None, marks = None))]
    #[allow(clippy::too_many_arguments)]
    fn png<'py>(
        &self,
        py: Python<'py>,
        pixels: u32,
        coordinates: bool,
        numbers: bool,
        forbidden: bool,
        last_move: bool,
        explain: Option<&Bound<'_, PyAny>>,
        marks: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Bound<'py, PyBytes>> {
        let svg =
            self.svg(py, pixels, coordinates, numbers, forbidden, last_move, explain, marks)?;
        let png = py.detach(|| svg::png(&svg));
        let png = png.map_err(|e| pyo3::exceptions::PyValueError::new_err(e.to_string()))?;
        Ok(PyBytes::new(py, &png))
    }

    /// The SVG drawing notebooks show (Jupyter calls this).
    fn _repr_svg_(&self, py: Python<'_>) -> PyResult<String> {
        self.picture(py, &SvgOptions::default(), None, &[])
    }

    /// The board as numpy planes, shape (3, size, size), dtype uint8, indexed
    /// [plane, y, x] with y = 0 the bottom row (row 1): plane 0 black stones, plane 1
    /// white stones, plane 2 Black's forbidden points. Needs numpy (an optional
    /// dependency: pip install numpy); raises ImportError without it.
    fn to_numpy<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let np = py.import("numpy").map_err(|_| {
            let msg = "Board.to_numpy() needs numpy, which is not installed (pip install numpy)";
            PyImportError::new_err(msg)
        })?;
        let size = self.pos.board().size() as usize;
        let mut planes = vec![0u8; 3 * size * size];
        let mut set = |plane: usize, p: renju_core::Point| {
            planes[(plane * size + p.y() as usize) * size + p.x() as usize] = 1;
        };
        for (p, c) in self.pos.board().stones() {
            set(usize::from(c == CColor::White), p);
        }
        for f in py.detach(|| self.pos.forbidden_points()) {
            set(2, f.point);
        }
        let bytes = PyBytes::new(py, &planes);
        let flat = np.call_method1("frombuffer", (bytes, np.getattr("uint8")?))?;
        flat.call_method1("reshape", ((3usize, size, size),))?.call_method0("copy")
    }
}
