//! `renju.Game` (a game record), its events, and replays.

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::PyString;

use renju_core::notation;
use renju_core::Outcome as COutcome;
use renju_core::{Move as CMove, RenjuOptions};
use renju_records::game::{ClaimModel, DeclaredResult, Event as CEvent, ResultReason, Seat};
use renju_records::Game as CGame;
use renju_records::Opening as COpening;
use renju_records::Replay as CReplay;
use std::sync::OnceLock;

use crate::board::Board;
use crate::clock::ClockState;
use crate::convert::{self, name_of, named};
use crate::errors;
use crate::findings::{Finding, GameReport};
use crate::names::Name;
use crate::options::{options_of, ValidationOptions};
use crate::types::{
    self, stone, Color, Move, Opening, OpeningRule, Outcome, Point, RuleSet, Verdict,
};

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

/// A result reason as records and reports write it ('resignation', 'two-passes').
fn reason_label(r: &ResultReason) -> String {
    match serde_json::to_value(r) {
        Ok(serde_json::Value::String(name)) => name,
        _ => r.to_string(),
    }
}

crate::pickle::json_pickled!(Event, MoveVerdict, Replay);

py_methods! { Event |e| pickle(Self)
    /// The event as plain data (the core's JSON form).
    to_dict {
    /// 'stone', 'pass', 'swap', 'declare-offers', 'fifth-offers' or 'result'
    /// ('move-time', 'draw-offer', 'draw-answer', 'violation', 'penalty', 'late-arrival',
    /// 'split-time', 'both-flags-down', 'resign', 'forfeit', 'double-forfeit' and
    /// 'decision' for the events beside the board.)
    kind -> &'static str = e.0.kind();
    /// The stone's point (for 'fifth-offers': the chosen point), else None.
    point -> Option<Point> = e.r#move().and_then(|m| stone(m.0));
    /// The move this event plays (stones, passes, the chosen fifth move), else None.
    r#move -> Option<Move> = match &e.0 {
        CEvent::Stone { point: p } | CEvent::FifthOffers { chosen: p, .. } => {
            Some(Move(CMove::Stone(*p)))
        }
        CEvent::Pass => Some(Move(CMove::Pass)),
        _ => None,
    };
    /// For 'swap': whether colours were exchanged, else None.
    swapped -> Option<bool> = match e.0 {
        CEvent::Swap { swap } => Some(swap),
        _ => None,
    };
    /// For 'declare-offers': how many fifth moves Black will offer, else None.
    count -> Option<u8> = match e.0 {
        CEvent::DeclareOffers { count } => Some(count),
        _ => None,
    };
    /// For 'fifth-offers': every offered point, in the order given (else empty).
    offered -> Vec<Point> = match &e.0 {
        CEvent::FifthOffers { offered, .. } => offered.iter().copied().map(Point).collect(),
        _ => Vec::new(),
    };
    /// For 'result': the declared winner (None for a draw), else None.
    winner -> Option<Color> = match &e.0 {
        CEvent::Result(r) => r.winner.map(Color::from),
        _ => None,
    };
    /// For 'result': why, when the record says ('resignation', 'time', ...), else None.
    reason -> Option<String> = match &e.0 {
        CEvent::Result(r) => r.reason.as_ref().map(reason_label),
        _ => None,
    };
}
    /// A stone of the side to move.
    #[staticmethod]
    fn stone(point: &Bound<'_, PyAny>) -> PyResult<Event> {
        let point = types::point_of(point)?;
        Ok(Event(CEvent::Stone { point }))
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
            let msg = "offered must be an iterable of points, not a str";
            return Err(PyTypeError::new_err(msg));
        }
        let offered = offered.try_iter()?;
        let offered = offered.map(|p| types::point_of(&p?)).collect::<PyResult<_>>()?;
        let chosen = types::point_of(chosen)?;
        Ok(Event(CEvent::FifthOffers { offered, chosen }))
    }

    /// A result written in the record: the winner (a Color, 'black', 'white', or None
    /// for a draw) and why ('five', 'forbidden', 'resignation', 'time', 'agreement',
    /// 'two-passes', 'full-board', any other text, or None).
    #[staticmethod]
    #[pyo3(signature = (winner, reason = None))]
    fn result(winner: Option<&Bound<'_, PyAny>>, reason: Option<&str>) -> PyResult<Event> {
        let winner = winner.map(|w| named::<Color, _>(w, "colour")).transpose()?;
        let reason = reason.map(|r| {
            let norm = serde_json::Value::String(renju_core::names::normalize(r));
            serde_json::from_value(norm).unwrap_or_else(|_| ResultReason::Other(r.to_string()))
        });
        Ok(Event(CEvent::Result(DeclaredResult { winner, reason })))
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
                let who = r.winner.map_or("draw", |c| c.name());
                match &r.reason {
                    Some(reason) => format!("result {who} ({})", reason_label(reason)),
                    None => format!("result {who}"),
                }
            }
            other => other.to_string(),
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
pub struct Game(pub CGame, Replayed);

/// The outcome and opening of a game replayed with the default options, computed the
/// first time `Game.outcome` or `Game.opening` asks. A `Game` is frozen (its record
/// never changes), so the cache is never stale. Not part of the game's value: games
/// compare, hash and pickle without it.
#[derive(Debug, Clone, Default)]
pub struct Replayed(OnceLock<(COutcome, Option<COpening>)>);

impl PartialEq for Replayed {
    fn eq(&self, _: &Replayed) -> bool {
        true
    }
}

impl Eq for Replayed {}

impl std::hash::Hash for Replayed {
    fn hash<H: std::hash::Hasher>(&self, _: &mut H) {}
}

impl From<CGame> for Game {
    fn from(game: CGame) -> Game {
        Game(game, Replayed::default())
    }
}

impl Game {
    /// The outcome and opening of the game replayed with the default options (replayed
    /// once, without holding the GIL).
    fn replayed(&self, py: Python<'_>) -> (COutcome, Option<COpening>) {
        if let Some(done) = self.1 .0.get() {
            return *done;
        }
        let done = py.detach(|| {
            let replay = self.0.replay(&Default::default());
            (replay.outcome, replay.opening)
        });
        // Another thread may have replayed it meanwhile: the same answer.
        let _ = self.1 .0.set(done);
        done
    }
}

impl crate::pickle::Pickled for Game {
    fn state<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        crate::pickle::json_state(py, &self.0)
    }
    fn from_state(state: &Bound<'_, PyAny>) -> PyResult<Game> {
        crate::pickle::from_json::<CGame>(state).map(Game::from)
    }
}

py_methods! { Game |g| pickle(Self)
    /// The record as plain data (the core's JSON form).
    to_dict {
    /// The record's id (RenjuNet game id, SGF GN, ...), when it has one.
    id -> Option<String> = g.0.id.clone();
    /// The rule set the record names, else None (validation then takes its default).
    rule -> Option<RuleSet> = g.0.rule_set.map(RuleSet::from);
    /// The opening protocol the record names, else None.
    opening_rule -> Option<OpeningRule> = g.0.opening.map(OpeningRule);
    /// The claim model the record names (a ClaimModel, equal to its name: 'automatic',
    /// 'rif-claim', 'chinese-claim'), else None.
    claims -> Option<Name<ClaimModel>> = g.0.claims.map(Name);
    /// The reading of the disputed double-three case the record names, else None.
    five_completion_counts -> Option<bool> = g.0.options.map(|o| o.five_completion_counts);
    /// A rule the record names that the library does not know (the game is then not
    /// replayed), else None.
    unknown_rule -> Option<String> = g.0.unknown_rule.clone();
    /// The board side.
    size -> u8 = g.0.size;
    /// The events, in order.
    events -> Vec<Event> = g.0.events.iter().cloned().map(Event).collect();
    /// The stones and passes in play order (offers resolved to the chosen point).
    moves -> Vec<Move> = g.0.moves().map(Move).collect();
    /// The moves as a move string ('h8 i9 j10').
    move_string -> String = notation::format_moves(g.0.moves());
    /// Other fields of the record (players, event, date, comments), as (key, value)
    /// pairs in record order.
    tags -> Vec<(String, String)> = g.0.tags.clone();
    /// The file the record came from, when read from one.
    file -> Option<String> = g.0.source.file.as_deref().map(str::to_string);
    /// The 1-based line where the record starts (text formats), else None.
    line -> Option<usize> = g.0.source.line;
    /// The byte offset where the record starts (binary formats), else None.
    byte_offset -> Option<u64> = g.0.source.byte_offset;
    /// The 0-based index of the game within its file (tree formats: of the
    /// root-to-leaf line).
    index -> usize = g.0.source.index;
}
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
        claims: Option<&Bound<'_, PyAny>>,
        size: i64,
        id: Option<String>,
        five_completion_counts: Option<bool>,
        tags: Option<Vec<(String, String)>>,
    ) -> PyResult<Game> {
        let size = convert::size_of(py, size)?;
        if !(5..=26).contains(&size) {
            let msg = format!("board size {size} is not supported (5 to 26)");
            return Err(errors::setup_message(py, msg));
        }
        let mut game = CGame::new(size);
        game.id = id;
        game.rule_set = rule.map(|r| named::<RuleSet, _>(r, "rule")).transpose()?;
        game.opening = opening.map(|o| named::<OpeningRule, _>(o, "opening")).transpose()?;
        game.claims = claims.map(|c| name_of(c, "claims must be a name")).transpose()?;
        game.options = five_completion_counts.map(|f| RenjuOptions {
            five_completion_counts: f,
        });
        game.tags = tags.unwrap_or_default();
        if let Some(m) = moves {
            game.events = convert::moves_of(m, size, "moves and Events", |item| {
                match item.cast::<Event>() {
                    Ok(e) => Ok(e.get().0.clone()),
                    Err(_) => types::move_of(item).map(CEvent::from),
                }
            })?;
        }
        Ok(Game::from(game))
    }

    /// The value of a tag, or None.
    fn tag(&self, key: &str) -> Option<String> {
        self.0.tag(key).map(str::to_string)
    }

    /// Replays the game under its rules, with options= (a ValidationOptions; None: the
    /// library's defaults) as defaults for what the record does not say: the verdict of
    /// every move, the outcome, the findings and the opening. The options' time control
    /// replays the record's times on that control when the record names none.
    #[pyo3(signature = (*, options = None))]
    fn replay(
        &self,
        py: Python<'_>,
        options: Option<&Bound<'_, ValidationOptions>>,
    ) -> PyResult<Replay> {
        let o = options_of(options);
        Ok(Replay(py.detach(|| self.0.replay(&o))))
    }

    /// Replays the game and reports on it (options= as in replay()).
    #[pyo3(signature = (*, options = None))]
    fn validate(
        &self,
        py: Python<'_>,
        options: Option<&Bound<'_, ValidationOptions>>,
    ) -> PyResult<GameReport> {
        let o = options_of(options);
        Ok(GameReport(py.detach(|| self.0.validate(&o))))
    }

    /// How the game ended, replayed with the default options (see replay()); replayed
    /// once, on first use.
    #[getter]
    fn outcome(&self, py: Python<'_>) -> Outcome {
        Outcome(self.replayed(py).0)
    }

    /// The canonical Renju opening of the first three stones (one of the 26), else None
    /// (computed with outcome, once).
    #[getter]
    fn opening(&self, py: Python<'_>) -> Option<Opening> {
        self.replayed(py).1.map(Opening)
    }

    /// The opening's name as reports give it ('3D Sosei'), else None.
    #[getter]
    fn opening_name(&self, py: Python<'_>) -> Option<String> {
        self.opening(py).map(|o| format!("{} {}", o.0.code, o.0.romaji))
    }

    /// <Game 'h8 i9 j10' rule=renju>.
    fn __repr__(&self) -> String {
        let g = &self.0;
        let mut parts = vec![format!("'{}'", notation::format_moves(g.moves()))];
        if let Some(id) = &g.id {
            parts.insert(0, format!("id={id:?}"));
        }
        parts.extend(g.rule_set.map(|r| format!("rule={r}")));
        parts.extend(g.opening.map(|o| format!("opening={o}")));
        if g.size != 15 {
            parts.push(format!("size={}", g.size));
        }
        format!("<Game {}>", parts.join(" "))
    }
}

/// The verdict of one replayed move: its number (stones and passes, from 1), the move,
/// the colour that played it and its Verdict.
#[pyclass(frozen, eq, module = "renju")]
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveVerdict(pub renju_records::MoveVerdict);

py_methods! { MoveVerdict |v| pickle(Self) {
    /// 1-based move number (stones and passes).
    number -> usize = v.0.number;
    /// The move.
    r#move -> Move = Move(v.0.played);
    /// The colour that played it.
    color -> Color = v.0.color.into();
    /// What it did.
    verdict -> Verdict = Verdict(v.0.verdict.clone(), None);
}
    /// <MoveVerdict 9. black h8 double-three>.
    fn __repr__(&self) -> String {
        let v = &self.0;
        let label = v.verdict.label();
        format!("<MoveVerdict {}. {} {} {label}>", v.number, v.color, v.played)
    }
}

/// The result of replaying a game: the outcome, the seat that won, the verdict of every
/// move, every finding, the opening and the final position.
#[pyclass(frozen, eq, module = "renju")]
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Replay(pub CReplay);

py_methods! { Replay |r| pickle(Self) {
    /// How the game ended.
    outcome -> Outcome = Outcome(r.0.outcome);
    /// The seat that won ('first' or 'second'; swaps exchange colours, not seats), else
    /// None.
    winner_seat -> Option<&'static str> = r.0.winner_seat.map(|s| match s {
        Seat::First => "first",
        Seat::Second => "second",
    });
    /// The verdict of every move replayed.
    verdicts -> Vec<MoveVerdict> = r.0.verdicts.iter().cloned().map(MoveVerdict).collect();
    /// Everything found along the way.
    findings -> Vec<Finding> = r.0.findings.iter().cloned().map(Finding).collect();
    /// The canonical opening of the first three stones, when it is one of the 26.
    opening -> Option<Opening> = r.0.opening.map(Opening);
    /// The final position (None when the game could not be replayed at all).
    board -> Option<Board> = r.0.position.clone().map(|pos| Board { pos });
    /// Both clocks after every timed move: a list of (move number, ClockState).
    clock -> Vec<(usize, ClockState)> =
        r.0.clock.iter().map(|m| (m.move_number, ClockState(m.state))).collect();
}
    /// What the clock says ({'control', 'black_used_ms', 'white_used_ms', 'flag',
    /// 'complete'}), when the game had a time control; else None.
    #[getter]
    fn time<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        crate::convert::to_py_data(py, &self.0.time)
    }

    /// <Replay 23 moves, black won with a five>.
    fn __repr__(&self) -> String {
        format!("<Replay {} moves, {}>", self.0.verdicts.len(), self.0.outcome)
    }
}
