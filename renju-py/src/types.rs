//! Small value classes: points, moves, colours, rule sets, fouls, verdicts, outcomes,
//! explanations, symmetries and openings. Each wraps the core value it names.

use std::fmt;

use pyo3::prelude::*;
use pyo3::types::PyType;

use renju_core::forbidden::PointStatus;
use renju_core::{
    Color as CColor, Explanation as CExplanation, FoulKind as CFoulKind, FoulSet, Move as CMove,
    Opening as COpening, OpeningRule as COpeningRule, Outcome as COutcome, Point as CPoint,
    RuleSet as CRuleSet, Symmetry as CSymmetry, Verdict as CVerdict,
};

use crate::convert::{self, label, to_py_data};

// ---------------------------------------------------------------------------
// Enums
// ---------------------------------------------------------------------------

/// A stone colour, which is also a side to move: Color.BLACK or Color.WHITE.
/// str() gives 'black' or 'white'.
#[pyclass(
    eq,
    hash,
    frozen,
    str,
    from_py_object,
    module = "renju",
    rename_all = "SCREAMING_SNAKE_CASE"
)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Color {
    /// Black, who moves first.
    Black,
    /// White, who moves second.
    White,
}

impl From<CColor> for Color {
    fn from(c: CColor) -> Color {
        match c {
            CColor::Black => Color::Black,
            CColor::White => Color::White,
        }
    }
}

impl From<Color> for CColor {
    fn from(c: Color) -> CColor {
        match c {
            Color::Black => CColor::Black,
            Color::White => CColor::White,
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        CColor::from(*self).fmt(f)
    }
}

#[pymethods]
impl Color {
    /// The other colour.
    fn opponent(&self) -> Color {
        CColor::from(*self).opponent().into()
    }

    /// Parses 'black' / 'white' (also 'b', 'w', 'x', 'o'), case-insensitive.
    #[staticmethod]
    fn parse(text: &Bound<'_, PyAny>) -> PyResult<Color> {
        convert::color_of(text).map(Color::from)
    }
}

/// A rule set: RuleSet.RENJU (Black has forbidden moves; 15x15 only),
/// RuleSet.FREESTYLE (five or more wins), RuleSet.STANDARD (exactly five wins) or
/// RuleSet.CARO (five or more, not blocked at both ends). str() gives the lower-case name.
#[pyclass(
    eq,
    hash,
    frozen,
    str,
    from_py_object,
    module = "renju",
    rename_all = "SCREAMING_SNAKE_CASE"
)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RuleSet {
    /// Renju (RIF): 15x15, Black has forbidden moves.
    Renju,
    /// Freestyle gomoku: five or more wins.
    Freestyle,
    /// Standard gomoku: exactly five wins.
    Standard,
    /// Caro: five or more wins unless both ends are blocked by opponent stones.
    Caro,
}

impl From<CRuleSet> for RuleSet {
    fn from(r: CRuleSet) -> RuleSet {
        match r {
            CRuleSet::Renju => RuleSet::Renju,
            CRuleSet::Freestyle => RuleSet::Freestyle,
            CRuleSet::Standard => RuleSet::Standard,
            CRuleSet::Caro => RuleSet::Caro,
        }
    }
}

impl From<RuleSet> for CRuleSet {
    fn from(r: RuleSet) -> CRuleSet {
        match r {
            RuleSet::Renju => CRuleSet::Renju,
            RuleSet::Freestyle => CRuleSet::Freestyle,
            RuleSet::Standard => CRuleSet::Standard,
            RuleSet::Caro => CRuleSet::Caro,
        }
    }
}

impl fmt::Display for RuleSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        CRuleSet::from(*self).fmt(f)
    }
}

#[pymethods]
impl RuleSet {
    /// Whether Black has forbidden moves (Renju only).
    #[getter]
    fn has_forbidden_moves(&self) -> bool {
        CRuleSet::from(*self).has_forbidden_moves()
    }

    /// Whether the rule set can be played on a board of side `size`.
    fn allows_size(&self, size: i64) -> bool {
        u8::try_from(size).is_ok_and(|s| CRuleSet::from(*self).allows_size(s))
    }

    /// Parses a rule-set name ('renju', 'freestyle' or 'gomoku', 'standard', 'caro').
    #[staticmethod]
    fn parse(text: &Bound<'_, PyAny>) -> PyResult<RuleSet> {
        convert::rule_of(text).map(RuleSet::from)
    }

    /// Every rule set.
    #[staticmethod]
    fn all() -> Vec<RuleSet> {
        CRuleSet::ALL.into_iter().map(RuleSet::from).collect()
    }
}

/// A kind of forbidden move: FoulKind.OVERLINE, FoulKind.DOUBLE_FOUR or
/// FoulKind.DOUBLE_THREE. str() gives 'overline', 'double-four' or 'double-three'.
#[pyclass(
    eq,
    hash,
    frozen,
    str,
    from_py_object,
    module = "renju",
    rename_all = "SCREAMING_SNAKE_CASE"
)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FoulKind {
    /// Six or more in a row (RIF 9.2 a).
    Overline,
    /// Two or more fours at once (RIF 9.2 b).
    DoubleFour,
    /// Two or more real threes at once (RIF 9.2 c, 9.3).
    DoubleThree,
}

impl From<CFoulKind> for FoulKind {
    fn from(k: CFoulKind) -> FoulKind {
        match k {
            CFoulKind::Overline => FoulKind::Overline,
            CFoulKind::DoubleFour => FoulKind::DoubleFour,
            CFoulKind::DoubleThree => FoulKind::DoubleThree,
        }
    }
}

impl From<FoulKind> for CFoulKind {
    fn from(k: FoulKind) -> CFoulKind {
        match k {
            FoulKind::Overline => CFoulKind::Overline,
            FoulKind::DoubleFour => CFoulKind::DoubleFour,
            FoulKind::DoubleThree => CFoulKind::DoubleThree,
        }
    }
}

impl fmt::Display for FoulKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        CFoulKind::from(*self).fmt(f)
    }
}

#[pymethods]
impl FoulKind {
    /// Parses 'overline', 'double-four' (or '4x4'), 'double-three' (or '3x3').
    #[staticmethod]
    fn parse(text: &str) -> PyResult<FoulKind> {
        text.parse::<CFoulKind>()
            .map(FoulKind::from)
            .map_err(|e| pyo3::exceptions::PyValueError::new_err(e.to_string()))
    }
}

/// One of the 8 symmetries of a square board. str() gives the kebab-case name
/// ('rotate90', 'flip-horizontal', ...).
#[pyclass(
    eq,
    hash,
    frozen,
    str,
    from_py_object,
    module = "renju",
    rename_all = "SCREAMING_SNAKE_CASE"
)]
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
    /// Mirror left-right.
    FlipHorizontal,
    /// Mirror top-bottom.
    FlipVertical,
    /// Mirror in the main diagonal.
    Transpose,
    /// Mirror in the anti-diagonal.
    AntiTranspose,
}

impl From<CSymmetry> for Symmetry {
    fn from(s: CSymmetry) -> Symmetry {
        match s {
            CSymmetry::Identity => Symmetry::Identity,
            CSymmetry::Rotate90 => Symmetry::Rotate90,
            CSymmetry::Rotate180 => Symmetry::Rotate180,
            CSymmetry::Rotate270 => Symmetry::Rotate270,
            CSymmetry::FlipHorizontal => Symmetry::FlipHorizontal,
            CSymmetry::FlipVertical => Symmetry::FlipVertical,
            CSymmetry::Transpose => Symmetry::Transpose,
            CSymmetry::AntiTranspose => Symmetry::AntiTranspose,
        }
    }
}

impl From<Symmetry> for CSymmetry {
    fn from(s: Symmetry) -> CSymmetry {
        match s {
            Symmetry::Identity => CSymmetry::Identity,
            Symmetry::Rotate90 => CSymmetry::Rotate90,
            Symmetry::Rotate180 => CSymmetry::Rotate180,
            Symmetry::Rotate270 => CSymmetry::Rotate270,
            Symmetry::FlipHorizontal => CSymmetry::FlipHorizontal,
            Symmetry::FlipVertical => CSymmetry::FlipVertical,
            Symmetry::Transpose => CSymmetry::Transpose,
            Symmetry::AntiTranspose => CSymmetry::AntiTranspose,
        }
    }
}

impl fmt::Display for Symmetry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&label(&CSymmetry::from(*self)))
    }
}

#[pymethods]
impl Symmetry {
    /// The image of `point` on a board of side `size`.
    #[pyo3(signature = (point, size = 15))]
    fn apply(&self, point: &Bound<'_, PyAny>, size: i64) -> PyResult<Point> {
        let p = convert::point_of(point)?;
        let size = convert::size_of(point.py(), size)?;
        if !p.is_on(size) {
            return Err(pyo3::exceptions::PyValueError::new_err(format!(
                "{p} is off the {size}x{size} board"
            )));
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
        CSymmetry::ALL.into_iter().map(Symmetry::from).collect()
    }
}

// ---------------------------------------------------------------------------
// Points and moves
// ---------------------------------------------------------------------------

/// An intersection, by column x (0 = 'a', left) and row y (0 = row 1, bottom).
///
/// Point('h8'), Point(7, 7) and Point.parse('H8') are the same point; str() gives 'h8'.
/// Points are hashable and ordered (by column, then row). Wherever the module takes a
/// point it also takes a string like 'h8' or an (x, y) tuple.
#[pyclass(frozen, eq, hash, ord, from_py_object, module = "renju")]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point(pub CPoint);

#[pymethods]
impl Point {
    /// Point('h8') or Point(x, y) with 0-based column and row.
    #[new]
    #[pyo3(signature = (name_or_x, y = None))]
    fn new(name_or_x: &Bound<'_, PyAny>, y: Option<i64>) -> PyResult<Point> {
        match y {
            None => convert::point_of(name_or_x).map(Point),
            Some(y) => {
                let x: i64 = name_or_x.extract().map_err(|_| {
                    pyo3::exceptions::PyTypeError::new_err(format!(
                        "Point(x, y) takes two integers, not {}",
                        convert::type_name(name_or_x)
                    ))
                })?;
                convert::point_xy(name_or_x.py(), x, y).map(Point)
            }
        }
    }

    /// Parses h8 notation (case-insensitive).
    #[staticmethod]
    fn parse(text: &Bound<'_, PyAny>) -> PyResult<Point> {
        convert::point_of(text).map(Point)
    }

    /// The centre of a board of side `size` ('h8' on 15x15).
    #[staticmethod]
    #[pyo3(signature = (size = 15))]
    fn center(py: Python<'_>, size: i64) -> PyResult<Point> {
        Ok(Point(CPoint::center(convert::size_of(py, size)?)))
    }

    /// Column, 0-based from the left ('a' = 0).
    #[getter]
    fn x(&self) -> u8 {
        self.0.x()
    }

    /// Row, 0-based from the bottom (row 1 = 0).
    #[getter]
    fn y(&self) -> u8 {
        self.0.y()
    }

    /// The name in h8 notation.
    #[getter]
    fn name(&self) -> String {
        self.0.to_string()
    }

    /// Whether the point lies on a board of side `size`.
    #[pyo3(signature = (size = 15))]
    fn is_on(&self, size: i64) -> bool {
        u8::try_from(size).is_ok_and(|s| self.0.is_on(s))
    }

    /// The name in h8 notation.
    fn __str__(&self) -> String {
        self.0.to_string()
    }

    /// Point('h8').
    fn __repr__(&self) -> String {
        format!("Point('{}')", self.0)
    }

    /// Pickling support: Point('h8').
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> (Bound<'py, PyType>, (String,)) {
        (slf.get_type(), (slf.get().0.to_string(),))
    }
}

/// A move: a stone on a point, or a pass.
///
/// Move('h8'), Move(Point('h8')), Move('pass') or Move.PASS; str() gives 'h8' or 'pass'.
#[pyclass(frozen, eq, hash, from_py_object, module = "renju")]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move(pub CMove);

#[pymethods]
impl Move {
    /// Move('h8'), Move('pass'), Move(Point(...)) or Move((x, y)).
    #[new]
    fn new(value: &Bound<'_, PyAny>) -> PyResult<Move> {
        convert::move_of(value).map(Move)
    }

    /// The pass.
    #[classattr]
    #[allow(non_snake_case)]
    fn PASS() -> Move {
        Move(CMove::Pass)
    }

    /// The point of a stone, None for a pass.
    #[getter]
    fn point(&self) -> Option<Point> {
        match self.0 {
            CMove::Stone(p) => Some(Point(p)),
            CMove::Pass => None,
        }
    }

    /// Whether this is a pass.
    #[getter]
    fn is_pass(&self) -> bool {
        self.0 == CMove::Pass
    }

    /// 'h8' or 'pass'.
    fn __str__(&self) -> String {
        self.0.to_string()
    }

    /// Move('h8').
    fn __repr__(&self) -> String {
        format!("Move('{}')", self.0)
    }

    /// Pickling support.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> (Bound<'py, PyType>, (String,)) {
        (slf.get_type(), (slf.get().0.to_string(),))
    }
}

// ---------------------------------------------------------------------------
// Fouls, verdicts, outcomes, explanations
// ---------------------------------------------------------------------------

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

#[pymethods]
impl Foul {
    /// The foul reported (overline > double-four > double-three).
    #[getter]
    fn kind(&self) -> FoulKind {
        self.primary.into()
    }

    /// Every foul the move makes, in reporting order.
    #[getter]
    fn kinds(&self) -> Vec<FoulKind> {
        self.all.iter().map(FoulKind::from).collect()
    }

    /// The reported foul's label.
    fn __str__(&self) -> String {
        self.primary.to_string()
    }

    /// <Foul double-three>.
    fn __repr__(&self) -> String {
        let all: Vec<String> = self.all.iter().map(|k| k.to_string()).collect();
        if all.len() > 1 {
            format!("<Foul {} ({})>", self.primary, all.join(", "))
        } else {
            format!("<Foul {}>", self.primary)
        }
    }
}

/// What one move does: 'legal' (the game goes on), 'win', 'overline', 'double-four',
/// 'double-three' (forbidden: Black loses) or 'draw'. str() gives that label.
#[pyclass(frozen, eq, module = "renju")]
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Verdict(pub CVerdict);

#[pymethods]
impl Verdict {
    /// 'legal', 'win', 'overline', 'double-four', 'double-three' or 'draw'.
    #[getter]
    fn label(&self) -> &'static str {
        self.0.label()
    }

    /// Whether the game goes on after the move.
    #[getter]
    fn continues(&self) -> bool {
        matches!(self.0, CVerdict::Continues)
    }

    /// Whether the move wins.
    #[getter]
    fn is_win(&self) -> bool {
        matches!(self.0, CVerdict::Wins { .. })
    }

    /// Whether the move is forbidden (Black loses).
    #[getter]
    fn is_forbidden(&self) -> bool {
        matches!(self.0, CVerdict::Forbidden(_))
    }

    /// Whether the move ends the game in a draw.
    #[getter]
    fn is_draw(&self) -> bool {
        matches!(self.0, CVerdict::Draw { .. })
    }

    /// The colour that wins with this move (None unless the verdict is 'win').
    #[getter]
    fn winner(&self) -> Option<Color> {
        match &self.0 {
            CVerdict::Wins { color, .. } => Some((*color).into()),
            _ => None,
        }
    }

    /// The winning line's stones, in line order (empty unless the verdict is 'win').
    #[getter]
    fn line(&self) -> Vec<Point> {
        match &self.0 {
            CVerdict::Wins { line, .. } => line.iter().copied().map(Point).collect(),
            _ => Vec::new(),
        }
    }

    /// The foul of a forbidden move, else None.
    #[getter]
    fn foul(&self) -> Option<Foul> {
        match &self.0 {
            CVerdict::Forbidden(f) => Foul::of(f.all),
            _ => None,
        }
    }

    /// Why a forbidden move is forbidden, else None.
    #[getter]
    fn explanation(&self) -> Option<Explanation> {
        match &self.0 {
            CVerdict::Forbidden(f) => Some(Explanation(f.explanation.clone())),
            _ => None,
        }
    }

    /// Why a drawing move draws ('full-board' or 'two-passes'), else None.
    #[getter]
    fn draw_reason(&self) -> Option<String> {
        match &self.0 {
            CVerdict::Draw { reason } => Some(label(reason)),
            _ => None,
        }
    }

    /// The verdict as plain data (the JSON the CLI and the C API give).
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_py_data(py, &self.0)
    }

    /// The label.
    fn __str__(&self) -> &'static str {
        self.0.label()
    }

    /// <Verdict double-three>.
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
/// also 'declared' and 'unfinished').
#[pyclass(frozen, eq, hash, module = "renju")]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Outcome(pub COutcome);

#[pymethods]
impl Outcome {
    /// The winning colour, None for a draw or an unfinished game.
    #[getter]
    fn winner(&self) -> Option<Color> {
        self.0.winner.map(Color::from)
    }

    /// How the game ended ('five', 'forbidden', 'two-passes', 'full-board',
    /// 'declared', 'unfinished').
    #[getter]
    fn termination(&self) -> &'static str {
        self.0.termination.name()
    }

    /// Whether the game ended in a draw (a finished game without a winner).
    #[getter]
    fn is_draw(&self) -> bool {
        self.0.is_draw()
    }

    /// 'black won with a five', 'white won on a forbidden move', 'draw by two passes'...
    fn __str__(&self) -> String {
        self.0.to_string()
    }

    /// <Outcome white forbidden>.
    fn __repr__(&self) -> String {
        match self.0.winner {
            Some(c) => format!("<Outcome {c} {}>", self.0.termination),
            None => format!("<Outcome draw {}>", self.0.termination),
        }
    }
}

/// Why a black stone on a point is (or is not) forbidden: its lines, fours and threes,
/// and the nested checks of the recursive double-three rule.
///
/// str() gives the core's readable text; to_dict() / to_json() give every detail.
#[pyclass(frozen, eq, module = "renju")]
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Explanation(pub CExplanation);

#[pymethods]
impl Explanation {
    /// The point examined.
    #[getter]
    fn point(&self) -> Point {
        Point(self.0.point)
    }

    /// 'five' (an exact five: it wins), 'forbidden' or 'legal'.
    #[getter]
    fn status(&self) -> &'static str {
        match self.0.status {
            PointStatus::Five => "five",
            PointStatus::Forbidden { .. } => "forbidden",
            PointStatus::Legal => "legal",
        }
    }

    /// Whether a black stone there is forbidden.
    #[getter]
    fn is_forbidden(&self) -> bool {
        matches!(self.0.status, PointStatus::Forbidden { .. })
    }

    /// The foul, when the point is forbidden.
    #[getter]
    fn foul(&self) -> Option<Foul> {
        match self.0.status {
            PointStatus::Forbidden { all, .. } => Foul::of(all),
            _ => None,
        }
    }

    /// Every detail as plain data (point, status, fives, overlines, fours, threes).
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_py_data(py, &self.0)
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
}

// ---------------------------------------------------------------------------
// Openings
// ---------------------------------------------------------------------------

/// An opening protocol: 'free', 'rif1996', 'swap', 'yamaguchi', 'soosorv-N',
/// 'taraguchi-N', 'chinese', 'swap2', 'gomoku-swap' or 'pro'.
///
/// OpeningRule('soosorv-8'); str() gives the canonical name.
#[pyclass(frozen, eq, hash, from_py_object, module = "renju")]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct OpeningRule(pub COpeningRule);

#[pymethods]
impl OpeningRule {
    /// Parses a protocol name ('soosorv' alone means soosorv-8, 'taraguchi' taraguchi-10).
    #[new]
    fn new(name: &Bound<'_, PyAny>) -> PyResult<OpeningRule> {
        convert::opening_rule_of(name).map(OpeningRule)
    }

    /// The N of soosorv-N (the most offers) or taraguchi-N (the offers), else None.
    #[getter]
    fn n(&self) -> Option<u8> {
        match self.0 {
            COpeningRule::Soosorv { n } | COpeningRule::Taraguchi { n } => Some(n),
            _ => None,
        }
    }

    /// Whether the protocol belongs to the Renju (RIF and Chinese) family.
    #[getter]
    fn is_renju_family(&self) -> bool {
        self.0.is_renju_family()
    }

    /// The canonical name.
    fn __str__(&self) -> String {
        self.0.to_string()
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

#[pymethods]
impl Opening {
    /// RIF number ('3D').
    #[getter]
    fn code(&self) -> &'static str {
        self.0.code
    }

    /// Japanese name in romaji, renju.net spelling ('Sosei').
    #[getter]
    fn romaji(&self) -> &'static str {
        self.0.romaji
    }

    /// Chinese name (simplified).
    #[getter]
    fn chinese(&self) -> &'static str {
        self.0.chinese
    }

    /// Informal English name ('Sparse Star').
    #[getter]
    fn english(&self) -> &'static str {
        self.0.english
    }

    /// The name reports give: code and romaji ('3D Sosei').
    #[getter]
    fn name(&self) -> String {
        format!("{} {}", self.0.code, self.0.romaji)
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
        Ok(COpening::identify(
            convert::point_of(b1)?,
            convert::point_of(w2)?,
            convert::point_of(b3)?,
        )
        .map(Opening))
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
