//! Small value classes: points, moves, colours, rule sets, fouls, verdicts, outcomes,
//! explanations, symmetries and openings. Each wraps the core value it names.

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyString, PyTuple};

use renju_core::forbidden::PointStatus;
use renju_core::{
    Color as CColor, Explanation as CExplanation, FoulKind as CFoulKind, FoulSet, IllegalMove,
    Move as CMove, Outcome as COutcome, Point as CPoint, RuleSet as CRuleSet,
    Symmetry as CSymmetry, Verdict as CVerdict,
};
use renju_core::{DrawReason, Termination};
use renju_records::{Opening as COpening, OpeningRule as COpeningRule};

use std::sync::Arc;

use renju_core::Position;
use renju_display::svg::{self, SvgOptions};

use crate::convert::{self, named};
use crate::errors;
use crate::names::Name;

display_core!(Point.0, Move.0, Outcome.0, OpeningRule.0);

crate::pickle::text_pickled!(Point, Move, OpeningRule);
crate::pickle::json_pickled!(Outcome, Opening);

/// [`Pickled`](crate::pickle::Pickled) for a verdict or an explanation: the core value
/// and the position it was judged on (so that a foul's explanation still draws).
macro_rules! pickled_with_position {
    ($($ty:ident),+) => {$(
        impl crate::pickle::Pickled for $ty {
            fn state<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
                crate::pickle::json_state(py, &(&self.0, &self.1))
            }
            fn from_state(state: &Bound<'_, PyAny>) -> PyResult<Self> {
                crate::pickle::from_json(state).map(|(value, pos)| $ty(value, pos))
            }
        }
    )+};
}

pickled_with_position!(Verdict, Explanation);

impl crate::pickle::Pickled for Foul {
    /// Every foul the move makes (the reported one follows from them).
    fn state<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        crate::pickle::json_state(py, &self.all)
    }
    fn from_state(state: &Bound<'_, PyAny>) -> PyResult<Foul> {
        Foul::of(crate::pickle::from_json(state)?)
            .ok_or_else(|| PyValueError::new_err("bad pickled state: no foul"))
    }
}

py_enum! {
    /// A stone colour, which is also a side to move: Color.BLACK or Color.WHITE.
    /// str() gives 'black' or 'white'.
    Color(CColor) {
        /// Black, who moves first.
        Black,
        /// White, who moves second.
        White,
    }
}

py_enum! {
    /// A rule set: RuleSet.RENJU (Black has forbidden moves; 15x15 only),
    /// RuleSet.FREESTYLE (five or more wins), RuleSet.STANDARD (exactly five wins) or
    /// RuleSet.CARO (five or more, not blocked at both ends). str() gives the lower-case
    /// name.
    RuleSet(CRuleSet) {
        /// Renju (RIF): 15x15, Black has forbidden moves.
        Renju,
        /// Freestyle gomoku: five or more wins.
        Freestyle,
        /// Standard gomoku: exactly five wins.
        Standard,
        /// Caro: five or more wins unless both ends are blocked by opponent stones.
        Caro,
    }
}

py_enum! {
    /// A kind of forbidden move: FoulKind.OVERLINE, FoulKind.DOUBLE_FOUR or
    /// FoulKind.DOUBLE_THREE. str() gives 'overline', 'double-four' or 'double-three'.
    FoulKind(CFoulKind) {
        /// Six or more in a row (RIF 9.2 a).
        Overline,
        /// Two or more fours at once (RIF 9.2 b).
        DoubleFour,
        /// Two or more real threes at once (RIF 9.2 c, 9.3).
        DoubleThree,
    }
}

py_enum! {
    /// One of the 8 symmetries of a square board. str() gives the kebab-case name
    /// ('rotate90', 'flip-horizontal', ...).
    Symmetry(CSymmetry) {
        /// No change.
        Identity,
        /// Quarter turn counter-clockwise.
        Rotate90,
        /// Half turn.
        Rotate180,
        /// Quarter turn clockwise.
        Rotate270,
        /// Mirror left-right.
        FlipHorizontal,
        /// Mirror top-bottom.
        FlipVertical,
        /// Mirror in the main diagonal.
        Transpose,
        /// Mirror in the anti-diagonal.
        AntiTranspose,
    }
}

py_methods! { Color |_x| pickle(Self) {}
    /// The other colour.
    fn opponent(&self) -> Color {
        CColor::from(*self).opponent().into()
    }

    /// Parses 'black' / 'white' (also 'b', 'w', 'x', 'o'), case-insensitive.
    #[staticmethod]
    fn parse(text: &Bound<'_, PyAny>) -> PyResult<Color> {
        named::<Color, CColor>(text, "colour").map(Color::from)
    }
}

py_methods! { RuleSet |r| pickle(Self) {
    /// Whether Black has forbidden moves (Renju only).
    has_forbidden_moves -> bool = CRuleSet::from(*r).has_forbidden_moves();
}
    /// Whether the rule set can be played on a board of side `size`.
    fn allows_size(&self, size: i64) -> bool {
        u8::try_from(size).is_ok_and(|s| CRuleSet::from(*self).allows_size(s))
    }

    /// Parses a rule-set name ('renju', 'freestyle' or 'gomoku', 'standard', 'caro').
    #[staticmethod]
    fn parse(text: &Bound<'_, PyAny>) -> PyResult<RuleSet> {
        named::<RuleSet, CRuleSet>(text, "rule").map(RuleSet::from)
    }

    /// Every rule set.
    #[staticmethod]
    fn all() -> Vec<RuleSet> {
        CRuleSet::ALL.map(RuleSet::from).to_vec()
    }
}

py_methods! { FoulKind |_x| pickle(Self) {}
    /// Parses 'overline', 'double-four' (or '4x4'), 'double-three' (or '3x3').
    #[staticmethod]
    fn parse(text: &str) -> PyResult<FoulKind> {
        text.parse::<CFoulKind>()
            .map(FoulKind::from)
            .map_err(|e| PyValueError::new_err(e.to_string()))
    }
}

py_methods! { Symmetry |_x| pickle(Self) {}
    /// The image of `point` on a board of side `size`.
    #[pyo3(signature = (point, size = 15))]
    fn apply(&self, point: &Bound<'_, PyAny>, size: i64) -> PyResult<Point> {
        let p = point_of(point)?;
        let size = convert::size_of(point.py(), size)?;
        if !p.is_on(size) {
            let msg = format!("{p} is off the {size}x{size} board");
            return Err(PyValueError::new_err(msg));
        }
        Ok(Point(CSymmetry::from(*self).apply(p, size)))
    }

    /// The symmetry that undoes this one.
    fn inverse(&self) -> Symmetry {
        CSymmetry::from(*self).inverse().into()
    }

    /// All 8 symmetries, identity first.
    #[staticmethod]
    fn all() -> Vec<Symmetry> {
        CSymmetry::ALL.map(Symmetry::from).to_vec()
    }
}

/// An intersection, by column x (0 = 'a', left) and row y (0 = row 1, bottom).
///
/// Point('h8'), Point(7, 7) and Point.parse('H8') are the same point; str() gives 'h8'.
/// Points are hashable and ordered (by column, then row). Wherever the module takes a
/// point it also takes a string like 'h8' or an (x, y) tuple.
#[pyclass(frozen, eq, hash, ord, str, from_py_object, module = "renju")]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point(pub CPoint);

py_methods! { Point |p| pickle(Self) {
    /// Column, 0-based from the left ('a' = 0).
    x -> u8 = p.0.x();
    /// Row, 0-based from the bottom (row 1 = 0).
    y -> u8 = p.0.y();
    /// The name in h8 notation.
    name -> String = p.0.to_string();
}
    /// Point('h8') or Point(x, y) with 0-based column and row.
    #[new]
    #[pyo3(signature = (name_or_x, y = None))]
    fn new(name_or_x: &Bound<'_, PyAny>, y: Option<i64>) -> PyResult<Point> {
        let Some(y) = y else {
            return point_of(name_or_x).map(Point);
        };
        let x: i64 = name_or_x.extract().map_err(|_| {
            let t = convert::type_name(name_or_x);
            let msg = format!("Point(x, y) takes two integers, not {t}");
            pyo3::exceptions::PyTypeError::new_err(msg)
        })?;
        point_xy(name_or_x.py(), x, y).map(Point)
    }

    /// Parses h8 notation (case-insensitive).
    #[staticmethod]
    fn parse(text: &Bound<'_, PyAny>) -> PyResult<Point> {
        point_of(text).map(Point)
    }

    /// The centre of a board of side `size` ('h8' on 15x15).
    #[staticmethod]
    #[pyo3(signature = (size = 15))]
    fn center(py: Python<'_>, size: i64) -> PyResult<Point> {
        Ok(Point(CPoint::center(convert::size_of(py, size)?)))
    }

    /// Whether the point lies on a board of side `size`.
    #[pyo3(signature = (size = 15))]
    fn is_on(&self, size: i64) -> bool {
        u8::try_from(size).is_ok_and(|s| self.0.is_on(s))
    }

    /// Point('h8').
    fn __repr__(&self) -> String {
        format!("Point('{}')", self.0)
    }
}

/// The `Point` object of `p`: one shared object per point (26 x 26), made once, so
/// that answers listing points allocate nothing per point.
pub fn point_object(py: Python<'_>, p: CPoint) -> PyResult<Bound<'_, Point>> {
    use pyo3::sync::PyOnceLock;
    static POINTS: PyOnceLock<Vec<Py<Point>>> = PyOnceLock::new();
    const SIDE: u8 = 26;
    let points = POINTS.get_or_try_init(py, || {
        let all = (0..SIDE).flat_map(|y| (0..SIDE).map(move |x| (x, y)));
        all.map(|(x, y)| Py::new(py, Point(CPoint::new(x, y).expect("on the largest board"))))
            .collect::<PyResult<Vec<_>>>()
    })?;
    let index = p.y() as usize * SIDE as usize + p.x() as usize;
    Ok(points[index].bind(py).clone())
}

/// A point from a `Point`, a string in h8 notation or an `(x, y)` tuple (0-based).
pub fn point_of(obj: &Bound<'_, PyAny>) -> PyResult<CPoint> {
    let py = obj.py();
    if let Ok(p) = obj.cast::<Point>() {
        return Ok(p.get().0);
    }
    if let Ok(s) = obj.cast::<PyString>() {
        let parsed = s.to_cow()?.trim().parse::<CPoint>();
        return parsed.map_err(|e| errors::point_error(py, &e));
    }
    if let Some((x, y)) = obj.cast::<PyTuple>().ok().and_then(|t| t.extract().ok()) {
        return point_xy(py, x, y);
    }
    Err(PyTypeError::new_err(format!(
        "expected a point: a renju.Point, a string like 'h8' or an (x, y) tuple, not {}",
        convert::type_name(obj)
    )))
}

/// The point at 0-based column `x` and row `y`.
pub fn point_xy(py: Python<'_>, x: i64, y: i64) -> PyResult<CPoint> {
    let point = u8::try_from(x).ok().zip(u8::try_from(y).ok());
    point.and_then(|(x, y)| CPoint::new(x, y)).ok_or_else(|| {
        let msg = format!("({x}, {y}) is not a point (columns and rows run from 0 to 25)");
        errors::point_message(py, msg)
    })
}

/// A move from a `Move`, `"pass"`, or anything [`point_of`] takes.
/// A move from a `Move`, `"pass"`, or anything [`point_of`] takes.
pub fn move_of(obj: &Bound<'_, PyAny>) -> PyResult<CMove> {
    let py = obj.py();
    if let Ok(m) = obj.cast::<Move>() {
        return Ok(m.get().0);
    }
    if let Ok(s) = obj.cast::<PyString>() {
        let parsed = s.to_cow()?.trim().parse::<CMove>();
        return parsed.map_err(|e| errors::point_error(py, &e));
    }
    point_of(obj)
        .map(CMove::Stone)
        .map_err(|e| match e.is_instance_of::<PyTypeError>(py) {
            true => PyTypeError::new_err(format!(
                "expected a move: a renju.Move, a renju.Point, a string like 'h8' or 'pass', \
             or an (x, y) tuple, not {}",
                convert::type_name(obj)
            )),
            false => e,
        })
}

/// A `renju.IllegalMoveError` for `mv`, optionally numbered (built here, beside the
/// Move and Outcome it carries: `errors` knows no class of ours).
pub fn illegal_move(
    py: Python<'_>,
    e: &IllegalMove,
    mv: renju_core::Move,
    number: Option<usize>,
) -> PyErr {
    let (reason, outcome) = match e {
        IllegalMove::Occupied { .. } => ("occupied", None),
        IllegalMove::OffBoard { .. } => ("off-board", None),
        IllegalMove::GameOver { outcome } => ("game-over", Some(Outcome(*outcome))),
    };
    let message = match number {
        Some(n) => format!("move {n}: {e}"),
        None => e.to_string(),
    };
    let attrs = [
        ("reason", errors::any(py, reason)),
        ("move", errors::any(py, Move(mv))),
        ("point", errors::any(py, stone(mv))),
        ("outcome", errors::any(py, outcome)),
        ("move_number", errors::any(py, number)),
    ];
    errors::illegal_move_error(py, message, &attrs)
}

/// A move: a stone on a point, or a pass.
///
/// Move('h8'), Move(Point('h8')), Move('pass') or Move.PASS; str() gives 'h8' or 'pass'.
#[pyclass(frozen, eq, hash, str, from_py_object, module = "renju")]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move(pub CMove);

/// The point of a stone, `None` for a pass.
pub fn stone(m: CMove) -> Option<Point> {
    match m {
        CMove::Stone(p) => Some(Point(p)),
        CMove::Pass => None,
    }
}

py_methods! { Move |m| pickle(Self) {
    /// The point of a stone, None for a pass.
    point -> Option<Point> = stone(m.0);
    /// Whether this is a pass.
    is_pass -> bool = m.0 == CMove::Pass;
}
    /// Move('h8'), Move('pass'), Move(Point(...)) or Move((x, y)).
    #[new]
    fn new(value: &Bound<'_, PyAny>) -> PyResult<Move> {
        move_of(value).map(Move)
    }

    /// The pass.
    #[classattr]
    #[allow(non_snake_case)]
    fn PASS() -> Move {
        Move(CMove::Pass)
    }

    /// Move('h8').
    fn __repr__(&self) -> String {
        format!("Move('{}')", self.0)
    }
}

/// A forbidden move: the foul a referee reports (kind) and every foul it makes (kinds).
/// str() gives the reported foul ('double-three').
#[pyclass(frozen, eq, hash, module = "renju")]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Foul {
    primary: CFoulKind,
    all: FoulSet,
}

impl Foul {
    /// The foul of a foul set; `None` when it is empty.
    pub fn of(all: FoulSet) -> Option<Foul> {
        all.primary().map(|primary| Foul { primary, all })
    }
}

py_methods! { Foul |f| pickle(Self) {
    /// The foul reported (overline > double-four > double-three).
    kind -> FoulKind = f.primary.into();
    /// Every foul the move makes, in reporting order.
    kinds -> Vec<FoulKind> = f.all.iter().map(FoulKind::from).collect();
}
    /// The reported foul's label.
    fn __str__(&self) -> &'static str {
        self.primary.name()
    }

    /// <Foul double-three>, or <Foul overline (overline, double-four)>.
    fn __repr__(&self) -> String {
        let all: Vec<&str> = self.all.iter().map(CFoulKind::name).collect();
        match all.len() {
            1 => format!("<Foul {}>", self.primary),
            _ => format!("<Foul {} ({})>", self.primary, all.join(", ")),
        }
    }
}

/// What one move does: 'legal' (the game goes on), 'win', 'overline', 'double-four',
/// 'double-three' (forbidden: Black loses) or 'draw'. str() gives that label.
///
/// A verdict of Board.play() or Board.verdict() keeps the position before the move, so
/// that the explanation of a foul can be drawn.
#[pyclass(frozen, eq, module = "renju")]
#[derive(Debug, Clone)]
pub struct Verdict(pub CVerdict, pub Option<Arc<Position>>);

impl PartialEq for Verdict {
    /// The same verdict, wherever it was judged.
    fn eq(&self, other: &Verdict) -> bool {
        self.0 == other.0
    }
}

impl Eq for Verdict {}

py_methods! { Verdict |v| pickle(Self)
    /// The verdict as plain data (the JSON the CLI and the C API give).
    to_dict {
    /// 'legal', 'win', 'overline', 'double-four', 'double-three' or 'draw'.
    label -> &'static str = v.0.label();
    /// Whether the game goes on after the move.
    continues -> bool = matches!(v.0, CVerdict::Continues);
    /// Whether the move wins.
    is_win -> bool = matches!(v.0, CVerdict::Wins { .. });
    /// Whether the move is forbidden (Black loses).
    is_forbidden -> bool = matches!(v.0, CVerdict::Forbidden(_));
    /// Whether the move ends the game in a draw.
    is_draw -> bool = matches!(v.0, CVerdict::Draw { .. });
    /// The colour that wins with this move (None unless the verdict is 'win').
    winner -> Option<Color> = match &v.0 {
        CVerdict::Wins { color, .. } => Some((*color).into()),
        _ => None,
    };
    /// The winning line's stones, in line order (empty unless the verdict is 'win').
    line -> Vec<Point> = match &v.0 {
        CVerdict::Wins { line, .. } => line.iter().copied().map(Point).collect(),
        _ => Vec::new(),
    };
    /// The foul of a forbidden move, else None.
    foul -> Option<Foul> = match &v.0 {
        CVerdict::Forbidden(f) => Foul::of(f.all),
        _ => None,
    };
    /// Why a forbidden move is forbidden, else None.
    explanation -> Option<Explanation> = match &v.0 {
        CVerdict::Forbidden(f) => Some(Explanation(f.explanation.clone(), v.1.clone())),
        _ => None,
    };
    /// Why a drawing move draws (DrawReason.FULL_BOARD or DrawReason.TWO_PASSES, equal
    /// to 'full-board' and 'two-passes'), else None.
    draw_reason -> Option<Name<DrawReason>> = match &v.0 {
        CVerdict::Draw { reason } => Some(Name(*reason)),
        _ => None,
    };
}
    /// The label.
    fn __str__(&self) -> &'static str {
        self.0.label()
    }

    /// <Verdict double-three>, <Verdict win black h8 i9 j10 k11 l12>.
    fn __repr__(&self) -> String {
        match &self.0 {
            CVerdict::Wins { color, line } => {
                let line: Vec<String> = line.iter().map(|p| p.to_string()).collect();
                format!("<Verdict win {color} {}>", line.join(" "))
            }
            other => format!("<Verdict {}>", other.label()),
        }
    }
}

/// How a game ended: the winner (None for a draw or an unfinished game) and the
/// termination ('five', 'forbidden', 'two-passes', 'full-board', and for game records
/// also 'declared' and 'unfinished'). str() gives the core's sentence.
#[pyclass(frozen, eq, hash, str, module = "renju")]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Outcome(pub COutcome);

py_methods! { Outcome |o| pickle(Self) {
    /// The winning colour, None for a draw or an unfinished game.
    winner -> Option<Color> = o.0.winner.map(Color::from);
    /// How the game ended: a Termination (equal to its name: 'five', 'forbidden',
    /// 'two-passes', 'full-board', 'declared', 'unfinished', ...).
    termination -> Name<Termination> = Name(o.0.termination);
    /// Whether the game ended in a draw (a finished game without a winner).
    is_draw -> bool = o.0.is_draw();
}
    /// <Outcome white forbidden>, <Outcome draw two-passes>.
    fn __repr__(&self) -> String {
        let who = self.0.winner.map_or("draw", CColor::name);
        format!("<Outcome {who} {}>", self.0.termination)
    }
}

/// Why a black stone on a point is (or is not) forbidden: its lines, fours and threes,
/// and the nested checks of the recursive double-three rule.
///
/// str() gives the core's readable text; to_dict() / to_json() give every detail.
///
/// An explanation from Board.explain() (or the verdict of Board.play()) keeps its
/// position: svg() and _repr_svg_ draw it.
#[pyclass(frozen, eq, module = "renju")]
#[derive(Debug, Clone)]
pub struct Explanation(pub CExplanation, pub Option<Arc<Position>>);

impl PartialEq for Explanation {
    /// The same explanation, whatever position it was drawn on.
    fn eq(&self, other: &Explanation) -> bool {
        self.0 == other.0
    }
}

impl Eq for Explanation {}

py_methods! { Explanation |e| pickle(Self)
    /// Every detail as plain data (point, status, fives, overlines, fours, threes).
    to_dict {
    /// The point examined.
    point -> Point = Point(e.0.point);
    /// 'five' (an exact five: it wins), 'forbidden' or 'legal'.
    status -> &'static str = match e.0.status {
        PointStatus::Five => "five",
        PointStatus::Forbidden { .. } => "forbidden",
        PointStatus::Legal => "legal",
    };
    /// Whether a black stone there is forbidden.
    is_forbidden -> bool = matches!(e.0.status, PointStatus::Forbidden { .. });
    /// The foul, when the point is forbidden.
    foul -> Option<Foul> = match e.0.status {
        PointStatus::Forbidden { all, .. } => Foul::of(all),
        _ => None,
    };
}
    /// Every detail as pretty JSON.
    fn to_json(&self) -> PyResult<String> {
        convert::to_json(&self.0)
    }

    /// The explanation as text for people.
    fn __str__(&self) -> String {
        self.0.to_text()
    }

    /// <Explanation h8 forbidden>.
    fn __repr__(&self) -> String {
        format!("<Explanation {} {}>", self.0.point, self.status())
    }

    /// The explanation as an SVG picture (the CLI's `renju show --explain`): the lines of
    /// every three and four through their stones, the completion points, the reason of
    /// each rejected three, and the nested checks as small boards. Raises ValueError when
    /// the explanation does not know its position (verdicts of a replayed Game).
    #[pyo3(signature = (*, pixels = 480, coordinates = true, numbers = true))]
    fn svg(&self, py: Python<'_>, pixels: u32, coordinates: bool, numbers: bool) -> PyResult<String> {
        let Some(pos) = &self.1 else {
            let msg = "this explanation does not know its position: draw it with Board.explain(point).svg()";
            return Err(PyValueError::new_err(msg));
        };
        convert::check_pixels(pixels)?;
        let opts = SvgOptions { pixels, coordinates, numbers, forbidden: false, last_move: false };
        Ok(py.detach(|| svg::explanation(pos, &self.0, &opts)))
    }

    /// The SVG picture notebooks show (None when the explanation does not know its
    /// position).
    fn _repr_svg_(&self, py: Python<'_>) -> Option<String> {
        self.svg(py, 480, true, true).ok()
    }
}

/// An opening protocol: 'free', 'rif1996', 'swap', 'yamaguchi', 'soosorv-N',
/// 'taraguchi-N', 'chinese', 'swap2', 'gomoku-swap' or 'pro'.
///
/// OpeningRule('soosorv-8'); str() gives the canonical name.
#[pyclass(frozen, eq, hash, str, from_py_object, module = "renju")]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct OpeningRule(pub COpeningRule);

impl From<OpeningRule> for COpeningRule {
    fn from(r: OpeningRule) -> COpeningRule {
        r.0
    }
}

py_methods! { OpeningRule |r| pickle(Self) {
    /// The N of soosorv-N (the most offers) or taraguchi-N (the offers), else None.
    n -> Option<u8> = r.0.offer_number();
    /// Whether the protocol belongs to the Renju (RIF and Chinese) family.
    is_renju_family -> bool = r.0.is_renju_family();
}
    /// Parses a protocol name ('soosorv' alone means soosorv-8, 'taraguchi' taraguchi-10).
    #[new]
    fn new(name: &Bound<'_, PyAny>) -> PyResult<OpeningRule> {
        named::<OpeningRule, COpeningRule>(name, "opening").map(OpeningRule)
    }

    /// OpeningRule('soosorv-8').
    fn __repr__(&self) -> String {
        format!("OpeningRule('{}')", self.0)
    }
}

/// One of the 26 canonical Renju openings ('1D' .. '13D', '1I' .. '13I').
/// str() gives the code and the romaji name, as reports do ('3D Sosei').
#[pyclass(frozen, eq, hash, module = "renju")]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Opening(pub COpening);

py_methods! { Opening |o| pickle(Self) {
    /// RIF number ('3D').
    code -> &'static str = o.0.code;
    /// Japanese name in romaji, renju.net spelling ('Sosei').
    romaji -> &'static str = o.0.romaji;
    /// Chinese name (simplified).
    chinese -> &'static str = o.0.chinese;
    /// Informal English name ('Sparse Star').
    english -> &'static str = o.0.english;
    /// The name reports give: code and romaji ('3D Sosei').
    name -> String = format!("{} {}", o.0.code, o.0.romaji);
}
    /// Names the opening of the first three stones (black on h8, white next to it,
    /// black within two of the centre) from any of its 8 symmetric forms; None for any
    /// other start.
    #[staticmethod]
    fn identify(
        b1: &Bound<'_, PyAny>,
        w2: &Bound<'_, PyAny>,
        b3: &Bound<'_, PyAny>,
    ) -> PyResult<Option<Opening>> {
        let (b1, w2) = (point_of(b1)?, point_of(w2)?);
        Ok(COpening::identify(b1, w2, point_of(b3)?).map(Opening))
    }

    /// All 26 openings, direct first.
    #[staticmethod]
    fn all() -> Vec<Opening> {
        COpening::all().map(Opening).collect()
    }

    /// '3D Sosei'.
    fn __str__(&self) -> String {
        self.name()
    }

    /// <Opening 3D Sosei>.
    fn __repr__(&self) -> String {
        format!("<Opening {}>", self.name())
    }
}
