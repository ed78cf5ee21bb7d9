//! `renju.Game` (a game record), its events, and replays.

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString};

use renju_core::game::{DeclaredResult, Event as CEvent, ResultReason, Seat};
use renju_core::notation;
use renju_core::Replay as CReplay;
use renju_core::{ClaimModel, Game as CGame, RenjuOptions};

use crate::board::Board;
use crate::convert::{self, label, to_py_data, type_name};
use crate::errors;
use crate::report::{Finding, GameReport};
use crate::types::{Color, Move, Opening, OpeningRule, Outcome, Point, RuleSet, Verdict};

/// One event of a game record: a stone, a pass, a swap decision, a declared number of
/// fifth-move offers, the fifth-move offers, or a declared result.
///
/// kind is 'stone', 'pass', 'swap', 'declare-offers', 'fifth-offers' or 'result'; the
/// other attributes are None (or empty) unless the kind has them. Build events with
/// Event.stone('h8'), Event.pass_(), Event.swap(True), Event.declare_offers(2),
/// Event.fifth_offers(['h10', 'j10'], 'j10') and Event.result('black', 'resignation').
#[pyclass(frozen, eq, hash, from_py_object, module = "renju")]
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Event(pub CEvent);

fn reason_label(r: &ResultReason) -> String {
    match r {
        ResultReason::Other(text) => text.clone(),
        other => label(other),
    }
}

#[pymethods]
impl Event {
    /// A stone of the side to move.
    #[staticmethod]
    fn stone(point: &Bound<'_, PyAny>) -> PyResult<Event> {
        Ok(Event(CEvent::Stone {
            point: convert::point_of(point)?,
        }))
    }

    /// A pass.
    #[staticmethod]
    fn pass_() -> Event {
        Event(CEvent::Pass)
    }

    /// A colour decision: swap=True exchanges colours.
    #[staticmethod]
    fn swap(swap: bool) -> Event {
        Event(CEvent::Swap { swap })
    }

    /// The number of fifth-move offers declared.
    #[staticmethod]
    fn declare_offers(count: u8) -> Event {
        Event(CEvent::DeclareOffers { count })
    }

    /// Black's offered fifth moves and the one White chose (the fifth stone).
    #[staticmethod]
    fn fifth_offers(offered: &Bound<'_, PyAny>, chosen: &Bound<'_, PyAny>) -> PyResult<Event> {
        if offered.cast::<PyString>().is_ok() {
            return Err(PyTypeError::new_err(
                "offered must be an iterable of points, not a str",
            ));
        }
        let mut points = Vec::new();
        for item in offered.try_iter()? {
            points.push(convert::point_of(&item?)?);
        }
        Ok(Event(CEvent::FifthOffers {
            offered: points,
            chosen: convert::point_of(chosen)?,
        }))
    }

    /// A result written in the record: the winner (a Color, 'black', 'white', or None
    /// for a draw) and why ('five', 'forbidden', 'resignation', 'time', 'agreement',
    /// 'two-passes', 'full-board', any other text, or None).
    #[staticmethod]
    #[pyo3(signature = (winner, reason = None))]
    fn result(winner: Option<&Bound<'_, PyAny>>, reason: Option<&str>) -> PyResult<Event> {
        let winner = winner.map(convert::color_of).transpose()?;
        let reason = reason.map(|r| {
            let norm = r.trim().to_ascii_lowercase().replace(['_', ' '], "-");
            serde_json::from_value::<ResultReason>(serde_json::Value::String(norm))
                .unwrap_or_else(|_| ResultReason::Other(r.to_string()))
        });
        Ok(Event(CEvent::Result(DeclaredResult { winner, reason })))
    }

    /// 'stone', 'pass', 'swap', 'declare-offers', 'fifth-offers' or 'result'.
    #[getter]
    fn kind(&self) -> &'static str {
        match self.0 {
            CEvent::Stone { .. } => "stone",
            CEvent::Pass => "pass",
            CEvent::Swap { .. } => "swap",
            CEvent::DeclareOffers { .. } => "declare-offers",
            CEvent::FifthOffers { .. } => "fifth-offers",
            CEvent::Result(_) => "result",
        }
    }

    /// The stone's point (for 'fifth-offers': the chosen point), else None.
    #[getter]
    fn point(&self) -> Option<Point> {
        match &self.0 {
            CEvent::Stone { point } => Some(Point(*point)),
            CEvent::FifthOffers { chosen, .. } => Some(Point(*chosen)),
            _ => None,
        }
    }

    /// The move this event plays (stones, passes, the chosen fifth move), else None.
    #[getter]
    fn r#move(&self) -> Option<Move> {
        match &self.0 {
            CEvent::Stone { point } => Some(Move(renju_core::Move::Stone(*point))),
            CEvent::Pass => Some(Move(renju_core::Move::Pass)),
            CEvent::FifthOffers { chosen, .. } => Some(Move(renju_core::Move::Stone(*chosen))),
            _ => None,
        }
    }

    /// For 'swap': whether colours were exchanged, else None.
    #[getter]
    fn swapped(&self) -> Option<bool> {
        match self.0 {
            CEvent::Swap { swap } => Some(swap),
            _ => None,
        }
    }

    /// For 'declare-offers': how many fifth moves Black will offer, else None.
    #[getter]
    fn count(&self) -> Option<u8> {
        match self.0 {
            CEvent::DeclareOffers { count } => Some(count),
            _ => None,
        }
    }

    /// For 'fifth-offers': every offered point, in the order given (else empty).
    #[getter]
    fn offered(&self) -> Vec<Point> {
        match &self.0 {
            CEvent::FifthOffers { offered, .. } => offered.iter().copied().map(Point).collect(),
            _ => Vec::new(),
        }
    }

    /// For 'result': the declared winner (None for a draw), else None.
    #[getter]
    fn winner(&self) -> Option<Color> {
        match &self.0 {
            CEvent::Result(r) => r.winner.map(Color::from),
            _ => None,
        }
    }

    /// For 'result': why, when the record says ('resignation', 'time', ...), else None.
    #[getter]
    fn reason(&self) -> Option<String> {
        match &self.0 {
            CEvent::Result(r) => r.reason.as_ref().map(reason_label),
            _ => None,
        }
    }

    /// The event as plain data (the core's JSON form).
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_py_data(py, &self.0)
    }

    /// 'h8', 'pass', 'swap', 'no swap', 'declare 2 offers', 'offers h10 j10, j10 chosen',
    /// 'result black (resignation)'.
    fn __str__(&self) -> String {
        match &self.0 {
            CEvent::Stone { point } => point.to_string(),
            CEvent::Pass => "pass".to_string(),
            CEvent::Swap { swap: true } => "swap".to_string(),
            CEvent::Swap { swap: false } => "no swap".to_string(),
            CEvent::DeclareOffers { count } => format!("declare {count} offers"),
            CEvent::FifthOffers { offered, chosen } => {
                let o: Vec<String> = offered.iter().map(|p| p.to_string()).collect();
                format!("offers {}, {chosen} chosen", o.join(" "))
            }
            CEvent::Result(r) => {
                let who = r.winner.map_or("draw".to_string(), |c| c.to_string());
                match &r.reason {
                    Some(reason) => format!("result {who} ({})", reason_label(reason)),
                    None => format!("result {who}"),
                }
            }
        }
    }

    /// <Event stone h8>.
    fn __repr__(&self) -> String {
        format!("<Event {} {}>", self.kind(), self.__str__())
    }
}

/// A game record: the rule set, opening protocol and claim model it was played under
/// (None where the record does not say), the board size, and its events.
///
/// Game('h8 i9 j10', rule='renju', opening='rif1996') builds one from a move list (or an
/// iterable of moves and Events); readers (renju.read) give the games of a file.
/// replay() judges every move; validate() reports on the record.
#[pyclass(frozen, eq, hash, module = "renju")]
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Game(pub CGame);

#[pymethods]
impl Game {
    /// Game(moves='', *, rule=None, opening=None, claims=None, size=15, id=None,
    /// five_completion_counts=None, tags=None).
    #[new]
    #[pyo3(
        signature = (moves = None, *, rule = None, opening = None, claims = None, size = 15, id = None, five_completion_counts = None, tags = None),
        text_signature = "(moves='', *, rule=None, opening=None, claims=None, size=15, id=None, five_completion_counts=None, tags=None)"
    )]
    #[allow(clippy::too_many_arguments)]
    fn new(
        py: Python<'_>,
        moves: Option<&Bound<'_, PyAny>>,
        rule: Option<&Bound<'_, PyAny>>,
        opening: Option<&Bound<'_, PyAny>>,
        claims: Option<&str>,
        size: i64,
        id: Option<String>,
        five_completion_counts: Option<bool>,
        tags: Option<Vec<(String, String)>>,
    ) -> PyResult<Game> {
        let size = convert::size_of(py, size)?;
        if !(5..=26).contains(&size) {
            return Err(errors::setup_message(
                py,
                format!("board size {size} is not supported (5 to 26)"),
            ));
        }
        let mut game = CGame::new(size);
        game.id = id;
        game.rule_set = rule.map(convert::rule_of).transpose()?;
        game.opening = opening.map(convert::opening_rule_of).transpose()?;
        game.claims = claims
            .map(|c| {
                c.parse::<ClaimModel>()
                    .map_err(|e| PyValueError::new_err(e.to_string()))
            })
            .transpose()?;
        game.options = five_completion_counts.map(|f| RenjuOptions {
            five_completion_counts: f,
        });
        game.tags = tags.unwrap_or_default();
        if let Some(m) = moves {
            if let Ok(s) = m.cast::<PyString>() {
                let parsed = notation::parse_moves(&s.to_cow()?, size)
                    .map_err(|e| errors::parse_error(py, &e))?;
                game.events = parsed.into_iter().map(CEvent::from).collect();
            } else if m.cast::<PyBytes>().is_ok() {
                return Err(PyTypeError::new_err(
                    "moves must be a str or an iterable of moves and Events, not bytes",
                ));
            } else {
                let iter = m.try_iter().map_err(|_| {
                    PyTypeError::new_err(format!(
                        "moves must be a move string or an iterable of moves and Events, not {}",
                        type_name(m)
                    ))
                })?;
                for item in iter {
                    let item = item?;
                    let event = match item.cast::<Event>() {
                        Ok(e) => e.get().0.clone(),
                        Err(_) => convert::move_of(&item)?.into(),
                    };
                    game.events.push(event);
                }
            }
        }
        Ok(Game(game))
    }

    /// The record's id (RenjuNet game id, SGF GN, ...), when it has one.
    #[getter]
    fn id(&self) -> Option<String> {
        self.0.id.clone()
    }

    /// The rule set the record names, else None (validation then takes its default).
    #[getter]
    fn rule(&self) -> Option<RuleSet> {
        self.0.rule_set.map(RuleSet::from)
    }

    /// The opening protocol the record names, else None.
    #[getter]
    fn opening_rule(&self) -> Option<OpeningRule> {
        self.0.opening.map(OpeningRule)
    }

    /// The claim model the record names ('automatic', 'rif-claim', 'chinese-claim'),
    /// else None.
    #[getter]
    fn claims(&self) -> Option<String> {
        self.0.claims.map(|c| c.to_string())
    }

    /// The reading of the disputed double-three case the record names, else None.
    #[getter]
    fn five_completion_counts(&self) -> Option<bool> {
        self.0.options.map(|o| o.five_completion_counts)
    }

    /// A rule the record names that the library does not know (the game is then not
    /// replayed), else None.
    #[getter]
    fn unknown_rule(&self) -> Option<String> {
        self.0.unknown_rule.clone()
    }

    /// The board side.
    #[getter]
    fn size(&self) -> u8 {
        self.0.size
    }

    /// The events, in order.
    #[getter]
    fn events(&self) -> Vec<Event> {
        self.0.events.iter().cloned().map(Event).collect()
    }

    /// The stones and passes in play order (offers resolved to the chosen point).
    #[getter]
    fn moves(&self) -> Vec<Move> {
        self.0.moves().map(Move).collect()
    }

    /// The moves as a move string ('h8 i9 j10').
    #[getter]
    fn move_string(&self) -> String {
        notation::format_moves(self.0.moves())
    }

    /// Other fields of the record (players, event, date, comments), as (key, value)
    /// pairs in record order.
    #[getter]
    fn tags(&self) -> Vec<(String, String)> {
        self.0.tags.clone()
    }

    /// The value of a tag, or None.
    fn tag(&self, key: &str) -> Option<String> {
        self.0.tag(key).map(str::to_string)
    }

    /// The file the record came from, when read from one.
    #[getter]
    fn file(&self) -> Option<String> {
        self.0.source.file.as_deref().map(str::to_string)
    }

    /// The 1-based line where the record starts (text formats), else None.
    #[getter]
    fn line(&self) -> Option<usize> {
        self.0.source.line
    }

    /// The byte offset where the record starts (binary formats), else None.
    #[getter]
    fn byte_offset(&self) -> Option<u64> {
        self.0.source.byte_offset
    }

    /// The 0-based index of the game within its file (tree formats: of the
    /// root-to-leaf line).
    #[getter]
    fn index(&self) -> usize {
        self.0.source.index
    }

    /// Replays the game under its rules, with the keyword arguments as defaults for what
    /// the record does not say: the verdict of every move, the outcome, the findings and
    /// the opening.
    #[pyo3(signature = (*, rule = None, opening = None, claims = None, five_completion_counts = false, offer_equivalence = None))]
    fn replay(
        &self,
        py: Python<'_>,
        rule: Option<&Bound<'_, PyAny>>,
        opening: Option<&Bound<'_, PyAny>>,
        claims: Option<&Bound<'_, PyAny>>,
        five_completion_counts: bool,
        offer_equivalence: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Replay> {
        let opts = convert::validation_options(
            rule,
            opening,
            claims,
            five_completion_counts,
            offer_equivalence,
        )?;
        let game = &self.0;
        Ok(Replay(py.detach(|| game.replay(&opts))))
    }

    /// Replays the game and reports on it (same keyword arguments as replay()).
    #[pyo3(signature = (*, rule = None, opening = None, claims = None, five_completion_counts = false, offer_equivalence = None))]
    fn validate(
        &self,
        py: Python<'_>,
        rule: Option<&Bound<'_, PyAny>>,
        opening: Option<&Bound<'_, PyAny>>,
        claims: Option<&Bound<'_, PyAny>>,
        five_completion_counts: bool,
        offer_equivalence: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<GameReport> {
        let opts = convert::validation_options(
            rule,
            opening,
            claims,
            five_completion_counts,
            offer_equivalence,
        )?;
        let game = &self.0;
        Ok(GameReport(py.detach(|| game.validate(&opts))))
    }

    /// How the game ended, replayed with the default options (see replay()).
    #[getter]
    fn outcome(&self, py: Python<'_>) -> Outcome {
        let game = &self.0;
        let replay = py.detach(|| game.replay(&Default::default()));
        Outcome(replay.outcome)
    }

    /// The canonical Renju opening of the first three stones (one of the 26), else None.
    #[getter]
    fn opening(&self, py: Python<'_>) -> Option<Opening> {
        let game = &self.0;
        py.detach(|| game.replay(&Default::default()))
            .opening
            .map(Opening)
    }

    /// The opening's name as reports give it ('3D Sosei'), else None.
    #[getter]
    fn opening_name(&self, py: Python<'_>) -> Option<String> {
        self.opening(py)
            .map(|o| format!("{} {}", o.0.code, o.0.romaji))
    }

    /// The record as plain data (the core's JSON form).
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_py_data(py, &self.0)
    }

    /// <Game 'h8 i9 j10' rule=renju>.
    fn __repr__(&self) -> String {
        let mut parts = vec![format!("'{}'", notation::format_moves(self.0.moves()))];
        if let Some(id) = &self.0.id {
            parts.insert(0, format!("id={id:?}"));
        }
        if let Some(r) = self.0.rule_set {
            parts.push(format!("rule={r}"));
        }
        if let Some(o) = self.0.opening {
            parts.push(format!("opening={o}"));
        }
        if self.0.size != 15 {
            parts.push(format!("size={}", self.0.size));
        }
        format!("<Game {}>", parts.join(" "))
    }
}

/// The verdict of one replayed move: its number (stones and passes, from 1), the move,
/// the colour that played it and its Verdict.
#[pyclass(frozen, module = "renju")]
pub struct MoveVerdict(pub renju_core::MoveVerdict);

#[pymethods]
impl MoveVerdict {
    /// 1-based move number (stones and passes).
    #[getter]
    fn number(&self) -> usize {
        self.0.number
    }

    /// The move.
    #[getter]
    fn r#move(&self) -> Move {
        Move(self.0.played)
    }

    /// The colour that played it.
    #[getter]
    fn color(&self) -> Color {
        self.0.color.into()
    }

    /// What it did.
    #[getter]
    fn verdict(&self) -> Verdict {
        Verdict(self.0.verdict.clone())
    }

    /// <MoveVerdict 9. black h8 double-three>.
    fn __repr__(&self) -> String {
        format!(
            "<MoveVerdict {}. {} {} {}>",
            self.0.number,
            self.0.color,
            self.0.played,
            self.0.verdict.label()
        )
    }
}

/// The result of replaying a game: the outcome, the seat that won, the verdict of every
/// move, every finding, the opening and the final position.
#[pyclass(frozen, module = "renju")]
pub struct Replay(pub CReplay);

#[pymethods]
impl Replay {
    /// How the game ended.
    #[getter]
    fn outcome(&self) -> Outcome {
        Outcome(self.0.outcome)
    }

    /// The seat that won ('first' or 'second'; swaps exchange colours, not seats), else
    /// None.
    #[getter]
    fn winner_seat(&self) -> Option<&'static str> {
        self.0.winner_seat.map(|s| match s {
            Seat::First => "first",
            Seat::Second => "second",
        })
    }

    /// The verdict of every move replayed.
    #[getter]
    fn verdicts(&self) -> Vec<MoveVerdict> {
        self.0.verdicts.iter().cloned().map(MoveVerdict).collect()
    }

    /// Everything found along the way.
    #[getter]
    fn findings(&self) -> Vec<Finding> {
        self.0.findings.iter().cloned().map(Finding).collect()
    }

    /// The canonical opening of the first three stones, when it is one of the 26.
    #[getter]
    fn opening(&self) -> Option<Opening> {
        self.0.opening.map(Opening)
    }

    /// The final position (None when the game could not be replayed at all).
    #[getter]
    fn board(&self) -> Option<Board> {
        self.0.position.clone().map(|pos| Board { pos })
    }

    /// <Replay 23 moves, black won with a five>.
    fn __repr__(&self) -> String {
        format!(
            "<Replay {} moves, {}>",
            self.0.verdicts.len(),
            self.0.outcome
        )
    }
}
