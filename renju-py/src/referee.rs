//! The live referee: `renju.referee.Referee` (`renju_records::referee::Referee`), its
//! `RefereeOptions` (`renju_records::referee::RefereeOptions`), the `Status` it answers
//! after every action, the parts of a status (`ClockStatus`, `Ending`) and
//! `renju.referee.RefusalError`. Every rule, step and refusal is the core's; the JSON-lines
//! protocol of `Referee.apply` is the core's `handle_json`.

use std::sync::Arc;

use pyo3::exceptions::{PyException, PyOverflowError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyString};
use serde::{Deserialize, Serialize};

use renju_core::{Color as CColor, Move as CMove, Outcome as COutcome, Point as CPoint};
use renju_core::{RenjuOptions, Termination};
use renju_records::clock::BothFlags;
use renju_records::referee::{
    Action, Adjournment, ClockStatus as CClockStatus, Command, Ending as CEnding, ForbiddenSpot,
    FoulPolicy, Party, Referee as CReferee, RefereeError, RefereeOptions as COptions, Refusal,
    RefusalCode, Reply, Request, Required, Status as CStatus, SwapOption,
};
use renju_records::{Game as CGame, OfferEquivalence, Seat};

use crate::board::Board;
use crate::clock::{control_of, SideClock, TimeControl};
use crate::convert::{self, json_hash, name_of, named, repr_bool, repr_text, to_py_data};
use crate::errors;
use crate::findings::Finding;
use crate::game::Game;
use crate::names::Name;
use crate::types::{
    self, point_object, Color, Explanation, FoulKind, OpeningRule, Outcome, Point, RuleSet,
};

/// An optional argument as Python gave it.
type Arg<'a, 'py> = Option<&'a Bound<'py, PyAny>>;

// ------------------------------------------------------------------ arguments

/// An integer argument up to `max` (`what` names it, `range` says what it may be): a
/// TypeError for anything but an int (bool included), a ValueError out of range.
fn int_of(obj: &Bound<'_, PyAny>, what: &str, range: &str, max: u64) -> PyResult<u64> {
    let py = obj.py();
    if obj.is_instance_of::<PyBool>() {
        let t = convert::type_name(obj);
        return Err(PyTypeError::new_err(format!(
            "{what} must be an int ({range}), not {t}"
        )));
    }
    match obj.extract::<u64>() {
        Ok(n) if n <= max => Ok(n),
        Ok(_) => Err(PyValueError::new_err(format!(
            "{what} must be {range}, not {obj}"
        ))),
        Err(e)
            if e.is_instance_of::<PyOverflowError>(py) || e.is_instance_of::<PyValueError>(py) =>
        {
            Err(PyValueError::new_err(format!(
                "{what} must be {range}, not {obj}"
            )))
        }
        Err(_) => {
            let t = convert::type_name(obj);
            Err(PyTypeError::new_err(format!(
                "{what} must be an int ({range}), not {t}"
            )))
        }
    }
}

/// A time stamp or duration in milliseconds.
fn millis_of(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<u64> {
    int_of(obj, what, "milliseconds, 0 to 2**64 - 1", u64::MAX)
}

/// The seat of `by=`: a Seat or its name.
fn seat_of(obj: &Bound<'_, PyAny>) -> PyResult<Seat> {
    let Ok(text) = obj.cast::<PyString>() else {
        let t = convert::type_name(obj);
        let msg =
            format!("by must be a renju.referee.Seat or its name ('first' or 'second'), not {t}");
        return Err(PyTypeError::new_err(msg));
    };
    match renju_core::names::normalize(&text.to_cow()?).as_str() {
        "first" => Ok(Seat::First),
        "second" => Ok(Seat::Second),
        _ => Err(PyValueError::new_err(format!(
            "by is a seat, 'first' or 'second' (seats act; colours change with swaps), not {}",
            obj.repr()?
        ))),
    }
}

/// The points of `offer()`: an iterable of points (not a str).
fn points_of(obj: &Bound<'_, PyAny>) -> PyResult<Vec<CPoint>> {
    let msg = |t: String| format!("points must be an iterable of points, not {t}");
    if obj.cast::<PyString>().is_ok() {
        return Err(PyTypeError::new_err(msg("a str".into())));
    }
    let items = obj
        .try_iter()
        .map_err(|_| PyTypeError::new_err(msg(convert::type_name(obj))))?;
    items.map(|p| types::point_of(&p?)).collect()
}

/// How a live game is refereed: the rule set, the opening protocol, the board, the
/// reading of the disputed double-three case, how offered fifth moves are compared, the
/// time control and the clock's choices, the foul policy and the time stamp at which
/// the game starts.
///
/// RefereeOptions(rule='renju', opening='rif1996') (each keyword left out keeps the
/// library's default) is passed as options= to Referee(), Referee.resume() and
/// Referee.from_actions(). Frozen, hashable, comparable (==) and picklable.
#[pyclass(frozen, eq, module = "renju.referee")]
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RefereeOptions(pub COptions);

crate::pickle::json_pickled!(RefereeOptions);

/// The options of a call's `options=` (None: the library's defaults).
fn options_of(options: Option<&Bound<'_, RefereeOptions>>) -> COptions {
    options.map_or_else(COptions::default, |o| o.get().0.clone())
}

py_methods! { RefereeOptions |o| pickle(Self)
    /// The options as plain data (the core's JSON form, as Referee.options gives it).
    to_dict {
    /// The rule set.
    rule -> RuleSet = o.0.rule_set.into();
    /// The opening protocol.
    opening -> OpeningRule = OpeningRule(o.0.opening);
    /// The board side.
    size -> u8 = o.0.size;
    /// The reading of the disputed double-three case (see docs/rules.md).
    five_completion_counts -> bool = o.0.renju.five_completion_counts;
    /// How offered fifth moves are compared.
    offer_equivalence -> Name<OfferEquivalence> = Name(o.0.offer_equivalence);
    /// The time control (None: untimed).
    time_control -> Option<TimeControl> = o.0.time_control.clone().map(TimeControl);
    /// What happens to a forbidden move of Black's (a FoulPolicy).
    fouls -> Name<FoulPolicy> = Name(o.0.fouls);
    /// What happens when both flags are down and nobody can tell which fell first
    /// ('draw' or 'continue-unless-last-period').
    both_flags -> &'static str = o.0.clock.both_flags.name();
    /// The lateness past which a player loses by forfeit, in milliseconds.
    default_time_ms -> u64 = o.0.clock.default_time_ms;
    /// The time stamp (milliseconds) at which the game starts (Black's clock starts
    /// running).
    start_ms -> u64 = o.0.start_ms;
    /// The late limit in milliseconds from start_ms (None: lateness is not tracked): a
    /// player still absent past it forfeits, both absent both lose.
    late_limit_ms -> Option<u64> = o.0.late_limit_ms;
}
    /// RefereeOptions(*, rule='renju', opening='free', size=15,
    /// five_completion_counts=False, offer_equivalence='shape', time_control=None,
    /// fouls='automatic', both_flags='draw', default_time_ms=3600000, start_ms=0,
    /// late_limit_ms=None).
    ///
    /// rule: a RuleSet or its name. opening: an OpeningRule or its name ('free',
    /// 'rif1996', 'swap', 'yamaguchi', 'soosorv-N', 'taraguchi-N', 'chinese', 'swap2',
    /// 'gomoku-swap' or 'pro').
    /// size: the board side. five_completion_counts: the other reading of the disputed
    /// double-three case. offer_equivalence: how offered fifth moves are compared.
    /// time_control: a TimeControl or its text (None: untimed). fouls: a FoulPolicy or
    /// its name ('automatic', 'rif-claim', 'chinese-claim', 'refuse'). both_flags and
    /// default_time_ms: the clock's choices (as Clock takes them). start_ms: the time
    /// stamp at which the game starts (Black's clock starts running). late_limit_ms: the
    /// late limit (None: lateness not tracked); with one, a player arrives by their first
    /// action or arrive(), no clock runs until both have, each player's lateness goes on
    /// their own clock, and a player absent past the limit forfeits.
    ///
    /// Raises SetupError for a board that cannot be set up, TypeError/ValueError for
    /// bad arguments.
    #[new]
    #[pyo3(
        signature = (*, rule = None, opening = None, size = None, five_completion_counts = false, offer_equivalence = None, time_control = None, fouls = None, both_flags = None, default_time_ms = None, start_ms = None, late_limit_ms = None),
        text_signature = "(*, rule='renju', opening='free', size=15, five_completion_counts=False, offer_equivalence='shape', time_control=None, fouls='automatic', both_flags='draw', default_time_ms=3600000, start_ms=0, late_limit_ms=None)"
    )]
    #[allow(clippy::too_many_arguments)]
    fn new(
        py: Python<'_>,
        rule: Arg<'_, '_>,
        opening: Arg<'_, '_>,
        size: Arg<'_, '_>,
        five_completion_counts: bool,
        offer_equivalence: Arg<'_, '_>,
        time_control: Arg<'_, '_>,
        fouls: Arg<'_, '_>,
        both_flags: Arg<'_, '_>,
        default_time_ms: Arg<'_, '_>,
        start_ms: Arg<'_, '_>,
        late_limit_ms: Arg<'_, '_>,
    ) -> PyResult<RefereeOptions> {
        // The one reader of a referee's options: each keyword left out keeps the core's
        // default.
        let size = match size {
            Some(s) => int_of(s, "size", "a board side, 5 to 26", u64::MAX)?,
            None => u64::from(renju_core::geometry::RENJU_SIZE),
        };
        let mut o = COptions {
            size: convert::size_of(py, i64::try_from(size).unwrap_or(i64::MAX))?,
            renju: RenjuOptions {
                five_completion_counts,
            },
            ..COptions::default()
        };
        if let Some(r) = rule {
            o.rule_set = named::<RuleSet, _>(r, "rule")?;
        }
        if let Some(r) = opening {
            o.opening = named::<OpeningRule, _>(r, "opening")?;
        }
        if let Some(e) = offer_equivalence {
            o.offer_equivalence = name_of(e, "offer_equivalence must be a name")?;
        }
        if let Some(tc) = time_control {
            o.time_control = Some(control_of(tc)?);
        }
        if let Some(f) = fouls {
            o.fouls =
                name_of::<FoulPolicy>(f, "fouls must be a renju.referee.FoulPolicy or its name")?;
        }
        if let Some(b) = both_flags {
            o.clock.both_flags = name_of::<BothFlags>(b, "both_flags must be a name")?;
        }
        if let Some(d) = default_time_ms {
            o.clock.default_time_ms = millis_of(d, "default_time_ms")?;
        }
        if let Some(s) = start_ms {
            o.start_ms = millis_of(s, "start_ms")?;
        }
        if let Some(l) = late_limit_ms.filter(|l| !l.is_none()) {
            o.late_limit_ms = Some(millis_of(l, "late_limit_ms")?);
        }
        Ok(RefereeOptions(o))
    }

    /// The hash of the options' JSON form.
    fn __hash__(&self) -> PyResult<u64> {
        json_hash(&self.0)
    }

    /// RefereeOptions(rule='renju', opening='rif1996', size=15, five_completion_counts=False,
    /// offer_equivalence='shape', time_control=None, fouls='automatic', both_flags='draw',
    /// default_time_ms=3600000, start_ms=0, late_limit_ms=None).
    fn __repr__(&self) -> String {
        let o = &self.0;
        let tc = repr_text(o.time_control.as_ref());
        let late = o.late_limit_ms.map_or("None".to_string(), |ms| ms.to_string());
        format!(
            "RefereeOptions(rule='{}', opening='{}', size={}, five_completion_counts={}, \
             offer_equivalence='{}', time_control={tc}, fouls='{}', both_flags='{}', \
             default_time_ms={}, start_ms={}, late_limit_ms={late})",
            o.rule_set,
            o.opening,
            o.size,
            repr_bool(o.renju.five_completion_counts),
            o.offer_equivalence,
            o.fouls.name(),
            o.clock.both_flags.name(),
            o.clock.default_time_ms,
            o.start_ms,
        )
    }
}

/// The exception of a referee that cannot be made: SetupError (board, rules, a record
/// that cannot be resumed) or ValueError (a time control without a working clock).
fn referee_error(py: Python<'_>, e: &RefereeError) -> PyErr {
    match e {
        RefereeError::Clock(_) => PyValueError::new_err(e.to_string()),
        _ => errors::setup_message(py, e.to_string()),
    }
}

/// A `renju.referee.RefusalError` from the core's refusal.
fn refusal_error(py: Python<'_>, refusal: &Refusal) -> PyErr {
    let attrs = [
        ("code", errors::any(py, Name(refusal.code))),
        ("message", errors::any(py, &refusal.message)),
    ];
    errors::refusal_error(py, refusal.to_string(), &attrs)
}

// ------------------------------------------------------------------ the referee

/// A live game's referee: Renju or Gomoku played one action at a time, with the opening
/// protocol, the foul policy, draw offers, resignations and the clock.
///
/// Referee(options=RefereeOptions(rule='renju', opening='rif1996')) starts a game. Each
/// action is a method (place, pass_, swap, stay, place_two, declare, offer, choose, claim, draw_offer,
/// draw_accept, draw_decline, resign, forfeit, tick, and the arbiter's pause, unpause,
/// warning, penalty, disqualify) that returns the new Status, or raises RefusalError
/// (with its code) and changes nothing. by= names the seat acting ('first'
/// or 'second': seats act, colours change with swaps; checked when given) and t= the
/// time stamp in milliseconds on the caller's timeline (timed games).
///
/// apply(dict) speaks the JSON-lines protocol of `renju referee` and the C library.
/// Referees pickle and copy exactly (pending offers included) through their options and
/// the actions taken; two referees are equal when they started alike and took the same
/// actions. Every rule comes from the Rust library; the binding only translates.
#[pyclass(eq, module = "renju.referee")]
#[derive(Debug, Clone)]
pub struct Referee {
    inner: CReferee,
    /// The record the referee was resumed from (None: it started from the empty board).
    resumed: Option<CGame>,
}

impl PartialEq for Referee {
    /// The same start (options, resumed record) and the same actions since.
    fn eq(&self, other: &Referee) -> bool {
        self.inner.options() == other.inner.options()
            && self.resumed == other.resumed
            && self.inner.actions() == other.inner.actions()
    }
}

/// What a referee pickles as: where it started and the actions it took since.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct RefereeState {
    options: COptions,
    #[serde(default)]
    resumed: Option<CGame>,
    actions: Vec<Request>,
}

impl crate::pickle::Pickled for Referee {
    fn state<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let state = RefereeState {
            options: self.inner.options().clone(),
            resumed: self.resumed.clone(),
            actions: self.inner.actions().to_vec(),
        };
        crate::pickle::json_state(py, &state)
    }

    /// The referee replayed from its start: a state whose actions the referee refuses
    /// (or whose start cannot be made) is a ValueError.
    fn from_state(state: &Bound<'_, PyAny>) -> PyResult<Referee> {
        let s: RefereeState = crate::pickle::from_json(state)?;
        let bad = |what: String| PyValueError::new_err(format!("bad pickled state: {what}"));
        let start = match &s.resumed {
            Some(game) => CReferee::resume(game, s.options),
            None => CReferee::new(s.options),
        };
        let mut inner = start.map_err(|e| bad(e.to_string()))?;
        for (i, request) in s.actions.iter().enumerate() {
            inner.take(request).map_err(|r| {
                bad(format!(
                    "action {} ({}) is refused: {r}",
                    i + 1,
                    request.action.name()
                ))
            })?;
        }
        Ok(Referee {
            inner,
            resumed: s.resumed,
        })
    }
}

impl Referee {
    /// Takes one action: the new status, or a RefusalError.
    fn act(
        &mut self,
        py: Python<'_>,
        action: Action,
        by: Arg<'_, '_>,
        t: Arg<'_, '_>,
    ) -> PyResult<Status> {
        let request = Request {
            action,
            by: by.map(|by| seat_of(by).map(Party::from)).transpose()?,
            t: t.map(|t| millis_of(t, "t")).transpose()?,
        };
        match self.inner.act(request) {
            Ok(status) => Ok(Status(status)),
            Err(refusal) => Err(refusal_error(py, &refusal)),
        }
    }

    /// Takes one of the arbiter's actions.
    fn arbiter_act(&mut self, py: Python<'_>, action: Action, t: Arg<'_, '_>) -> PyResult<Status> {
        let request = Request {
            action,
            by: Some(Party::Arbiter),
            t: t.map(|t| millis_of(t, "t")).transpose()?,
        };
        match self.inner.act(request) {
            Ok(status) => Ok(Status(status)),
            Err(refusal) => Err(refusal_error(py, &refusal)),
        }
    }

    /// The protocol's reply to a command that could not even be written as JSON.
    fn bad_request(&self, message: String) -> String {
        let error = Refusal {
            code: RefusalCode::BadRequest,
            message,
        };
        let reply = Reply {
            ok: false,
            error: Some(error),
            record: None,
            explanation: None,
            sealed: None,
            status: self.inner.status(),
        };
        reply.to_json()
    }
}

crate::pickle::json_pickled!(ClockStatus);

py_methods! { Referee |r| pickle(Self) {
    /// Where the game stands now: who must do what, the legal points, Black's forbidden
    /// points, the clocks and the outcome.
    status -> Status = Status(r.inner.status());
    /// The game so far as a record (a Game: events, times of the moves, the result
    /// once there is one); offers still waiting for White's choice are not in it.
    game -> Game = Game::from(r.inner.game());
    /// The position on the board (a copy).
    board -> Board = Board { pos: r.inner.position().clone() };
    /// Everything the rules noted along the way that did not stop an action (a foul
    /// played on, a lapsed claim, ...).
    findings -> Vec<Finding> = r.inner.findings().iter().cloned().map(Finding).collect();
    /// Whether the game is over.
    is_game_over -> bool = r.inner.outcome().is_some();
    /// The move sealed at the adjournment under way, 'POINT/SALT': the part to keep
    /// apart from the public record until the game resumes (None when no move is
    /// sealed, or when the referee was resumed from the public record).
    sealed_move -> Option<String> = r.inner.sealed_move().map(ToString::to_string);
}
    /// Referee(*, options=None): a new game under options= (a RefereeOptions; None: the
    /// library's defaults, RefereeOptions()).
    ///
    /// Raises SetupError for a board or rules that cannot be set up, ValueError for a
    /// time control whose clock cannot run.
    #[new]
    #[pyo3(signature = (*, options = None), text_signature = "(*, options=None)")]
    fn new(py: Python<'_>, options: Option<&Bound<'_, RefereeOptions>>) -> PyResult<Referee> {
        let inner = CReferee::new(options_of(options)).map_err(|e| referee_error(py, &e))?;
        Ok(Referee { inner, resumed: None })
    }

    /// A referee that goes on from a record (a Game): its events are followed as a
    /// replay follows them, and the record must be a legal game so far. options= (a
    /// RefereeOptions) as Referee() takes it; the record's own rules (where it names
    /// them) override them. Raises SetupError when the record cannot be resumed (it says
    /// why).
    #[staticmethod]
    #[pyo3(signature = (game, *, options = None))]
    fn resume(
        py: Python<'_>,
        game: &Bound<'_, Game>,
        options: Option<&Bound<'_, RefereeOptions>>,
    ) -> PyResult<Referee> {
        let game = game.get().0.clone();
        let inner = CReferee::resume(&game, options_of(options))
            .map_err(|e| referee_error(py, &e))?;
        Ok(Referee { inner, resumed: Some(game) })
    }

    /// A referee that takes `actions` (dicts of the JSON-lines protocol, as the actions
    /// property gives them) from the start; options= (a RefereeOptions) as Referee()
    /// takes it. Raises RefusalError when one is refused (its message says which) and
    /// ValueError for a dict that is not an action.
    #[staticmethod]
    #[pyo3(signature = (actions, *, options = None))]
    fn from_actions(
        py: Python<'_>,
        actions: &Bound<'_, PyAny>,
        options: Option<&Bound<'_, RefereeOptions>>,
    ) -> PyResult<Referee> {
        let inner = CReferee::new(options_of(options)).map_err(|e| referee_error(py, &e))?;
        let mut referee = Referee { inner, resumed: None };
        let dumps = py.import("json")?.getattr("dumps")?;
        for (i, item) in actions.try_iter()?.enumerate() {
            let line: String = dumps.call1((item?,))?.extract()?;
            let request = match Command::from_json(&line) {
                Ok(Command::Act(request)) => request,
                Ok(_) => return Err(PyValueError::new_err(format!("action {}: {line} is a query, not an action", i + 1))),
                Err(e) => return Err(PyValueError::new_err(format!("action {}: {e}", i + 1))),
            };
            referee.inner.take(&request).map_err(|mut r| {
                r.message = format!("action {}: {}", i + 1, r.message);
                refusal_error(py, &r)
            })?;
        }
        Ok(referee)
    }

    /// Places a stone on `point` (the next move, or one of the opening player's stones).
    #[pyo3(signature = (point, *, by = None, t = None))]
    fn place(&mut self, py: Python<'_>, point: &Bound<'_, PyAny>, by: Arg<'_, '_>, t: Arg<'_, '_>) -> PyResult<Status> {
        let point = types::point_of(point)?;
        self.act(py, Action::Place { point }, by, t)
    }

    /// The side to move passes (not inside the opening protocol; Status.pass_ says
    /// whether it may).
    #[pyo3(signature = (*, by = None, t = None))]
    fn pass_(&mut self, py: Python<'_>, by: Arg<'_, '_>, t: Arg<'_, '_>) -> PyResult<Status> {
        self.act(py, Action::Pass, by, t)
    }

    /// Exchanges colours (a colour decision the protocol asks for).
    #[pyo3(signature = (*, by = None, t = None))]
    fn swap(&mut self, py: Python<'_>, by: Arg<'_, '_>, t: Arg<'_, '_>) -> PyResult<Status> {
        self.act(py, Action::Swap, by, t)
    }

    /// Keeps colours (a colour decision the protocol asks for).
    #[pyo3(signature = (*, by = None, t = None))]
    fn stay(&mut self, py: Python<'_>, by: Arg<'_, '_>, t: Arg<'_, '_>) -> PyResult<Status> {
        self.act(py, Action::Stay, by, t)
    }

    /// Swap2's third option: the second player places two more stones (a white one,
    /// then a black one, as two place() calls) and the first player chooses colours.
    #[pyo3(signature = (*, by = None, t = None))]
    fn place_two(&mut self, py: Python<'_>, by: Arg<'_, '_>, t: Arg<'_, '_>) -> PyResult<Status> {
        self.act(py, Action::PlaceTwo, by, t)
    }

    /// Declares the number of fifth-move offers (within Status.range).
    #[pyo3(signature = (count, *, by = None, t = None))]
    fn declare(&mut self, py: Python<'_>, count: &Bound<'_, PyAny>, by: Arg<'_, '_>, t: Arg<'_, '_>) -> PyResult<Status> {
        let count = int_of(count, "count", "a number of offers, 0 to 255", u8::MAX.into())?;
        let count = u8::try_from(count).unwrap_or(u8::MAX);
        self.act(py, Action::Declare { count }, by, t)
    }

    /// Black's fifth-move offers (Status.count of them): an iterable of points.
    #[pyo3(signature = (points, *, by = None, t = None))]
    fn offer(&mut self, py: Python<'_>, points: &Bound<'_, PyAny>, by: Arg<'_, '_>, t: Arg<'_, '_>) -> PyResult<Status> {
        let points = points_of(points)?;
        self.act(py, Action::Offer { points }, by, t)
    }

    /// White keeps one of the offered fifth moves: it becomes move 5.
    #[pyo3(signature = (point, *, by = None, t = None))]
    fn choose(&mut self, py: Python<'_>, point: &Bound<'_, PyAny>, by: Arg<'_, '_>, t: Arg<'_, '_>) -> PyResult<Status> {
        let point = types::point_of(point)?;
        self.act(py, Action::Choose { point }, by, t)
    }

    /// White claims Black's foul (the 'rif-claim' and 'chinese-claim' foul policies;
    /// Status.claimable says when).
    #[pyo3(signature = (*, by = None, t = None))]
    fn claim(&mut self, py: Python<'_>, by: Arg<'_, '_>, t: Arg<'_, '_>) -> PyResult<Status> {
        self.act(py, Action::Claim, by, t)
    }

    /// Offers a draw (right after one's own move).
    #[pyo3(signature = (*, by = None, t = None))]
    fn draw_offer(&mut self, py: Python<'_>, by: Arg<'_, '_>, t: Arg<'_, '_>) -> PyResult<Status> {
        self.act(py, Action::DrawOffer, by, t)
    }

    /// Accepts the draw offer on the table (the game ends in a draw).
    #[pyo3(signature = (*, by = None, t = None))]
    fn draw_accept(&mut self, py: Python<'_>, by: Arg<'_, '_>, t: Arg<'_, '_>) -> PyResult<Status> {
        self.act(py, Action::DrawAccept, by, t)
    }

    /// Declines the draw offer on the table.
    #[pyo3(signature = (*, by = None, t = None))]
    fn draw_decline(&mut self, py: Python<'_>, by: Arg<'_, '_>, t: Arg<'_, '_>) -> PyResult<Status> {
        self.act(py, Action::DrawDecline, by, t)
    }

    /// Resigns (by the seat that must act, unless by= names the other).
    #[pyo3(signature = (*, by = None, t = None))]
    fn resign(&mut self, py: Python<'_>, by: Arg<'_, '_>, t: Arg<'_, '_>) -> PyResult<Status> {
        self.act(py, Action::Resign, by, t)
    }

    /// Loses by forfeit: the player is gone or cannot go on (by the seat that must act,
    /// unless by= names the other).
    #[pyo3(signature = (*, by = None, t = None))]
    fn forfeit(&mut self, py: Python<'_>, by: Arg<'_, '_>, t: Arg<'_, '_>) -> PyResult<Status> {
        self.act(py, Action::Forfeit, by, t)
    }

    /// Nothing but the time: the clock is read at `t` (milliseconds), and the running
    /// clock's flag falls when it is past its deadline.
    fn tick(&mut self, py: Python<'_>, t: &Bound<'_, PyAny>) -> PyResult<Status> {
        self.act(py, Action::Tick, None, Some(t))
    }

    /// The player is at the board (under a late limit; a player's first action says so
    /// too): nothing else changes. by= names the player (None: the one to act).
    #[pyo3(signature = (*, by = None, t = None))]
    fn arrive(&mut self, py: Python<'_>, by: Arg<'_, '_>, t: Arg<'_, '_>) -> PyResult<Status> {
        self.act(py, Action::Arrive, by, t)
    }

    /// The arbiter stops both clocks: the time until unpause() is charged to nobody, and
    /// every player's action meanwhile raises RefusalError ('paused').
    #[pyo3(signature = (*, t = None))]
    fn pause(&mut self, py: Python<'_>, t: Arg<'_, '_>) -> PyResult<Status> {
        self.arbiter_act(py, Action::Pause, t)
    }

    /// The arbiter restarts the clocks after pause().
    #[pyo3(signature = (*, t = None))]
    fn unpause(&mut self, py: Python<'_>, t: Arg<'_, '_>) -> PyResult<Status> {
        self.arbiter_act(py, Action::Unpause, t)
    }

    /// The arbiter notes a violation of the player in `seat` ('first' or 'second'), for
    /// `reason`: a warning. A player's second violation of the game loses it
    /// (termination 'violations').
    #[pyo3(signature = (seat, reason = "", *, t = None))]
    fn warning(&mut self, py: Python<'_>, seat: &Bound<'_, PyAny>, reason: &str, t: Arg<'_, '_>) -> PyResult<Status> {
        let seat = seat_of(seat)?;
        let reason = reason.to_string();
        self.arbiter_act(py, Action::Warning { seat, reason }, t)
    }

    /// The arbiter takes `ms` milliseconds off the clock of the player in `seat`
    /// (generally at most five minutes: a longer one is applied, and the record notes
    /// it); a penalty that takes all their time left makes their flag fall.
    #[pyo3(signature = (seat, ms, *, t = None))]
    fn penalty(&mut self, py: Python<'_>, seat: &Bound<'_, PyAny>, ms: &Bound<'_, PyAny>, t: Arg<'_, '_>) -> PyResult<Status> {
        let seat = seat_of(seat)?;
        let ms = millis_of(ms, "ms")?;
        self.arbiter_act(py, Action::Penalty { seat, ms }, t)
    }

    /// The player to move seals their next move, a stone on `point` (an adjournment):
    /// both clocks stop, and the record shows only the move's SHA-256 digest. `salt` is
    /// the digest's secret salt (16 to 128 letters, digits, '-', '_' or '.'; None: a
    /// random one); sealed_move gives the move to keep apart. The point is judged at
    /// the resumption only.
    #[pyo3(signature = (point, *, salt = None, by = None, t = None))]
    fn seal(&mut self, py: Python<'_>, point: &Bound<'_, PyAny>, salt: Option<String>, by: Arg<'_, '_>, t: Arg<'_, '_>) -> PyResult<Status> {
        let point = types::point_of(point)?;
        self.act(py, Action::Seal { point, salt }, by, t)
    }

    /// The arbiter resumes the adjourned game: the sealed move is checked against the
    /// seal's digest and played (the sealer's clock charged only its time before the
    /// seal), or, when it is off the board, occupied or forbidden (judged automatically),
    /// the sealer loses ('illegal-sealed-move'). `sealed` is the sealed move
    /// ('POINT/SALT', as sealed_move gave it), or None for the one this referee sealed.
    /// An unreadable `sealed` raises ValueError.
    #[pyo3(signature = (sealed = None, *, t = None))]
    fn resume_sealed(&mut self, py: Python<'_>, sealed: Option<&str>, t: Arg<'_, '_>) -> PyResult<Status> {
        let sealed = sealed
            .map(str::parse)
            .transpose()
            .map_err(|e: renju_records::sealed::SealError| PyValueError::new_err(e.to_string()))?;
        self.arbiter_act(py, Action::Resume { sealed }, t)
    }

    /// The arbiter disqualifies the player in `seat` for `reason`: they lose by forfeit
    /// (the record's 'termination' tag says why).
    #[pyo3(signature = (seat, reason = "", *, t = None))]
    fn disqualify(&mut self, py: Python<'_>, seat: &Bound<'_, PyAny>, reason: &str, t: Arg<'_, '_>) -> PyResult<Status> {
        let seat = seat_of(seat)?;
        let reason = reason.to_string();
        self.arbiter_act(py, Action::Disqualify { seat, reason }, t)
    }

    /// Answers one command of the JSON-lines protocol, given as a dict
    /// ({'action': 'place', 'point': 'h8', 'by': 'first', 't': 1500}, {'action':
    /// 'status'}, {'action': 'record', 'format': 'sgf'}, {'action': 'explain', 'point':
    /// 'h8'}), with the reply dict the pipe would print ({'ok': True, 'status': {...}}
    /// or {'ok': False, 'error': {'code': ..., 'message': ...}, 'status': {...}}).
    /// Never raises for a bad command: it gets the 'bad-request' reply. Safe from
    /// several threads: the referee is held only while the command is taken, never while
    /// Python code runs (the dict is written and the reply read outside), so that calls
    /// from two threads take turns.
    fn apply<'py>(slf: &Bound<'py, Self>, command: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
        let py = slf.py();
        let json = py.import("json")?;
        let written = json.call_method1("dumps", (command,)).and_then(|s| s.extract::<String>());
        let line = match written {
            Ok(line) => slf.borrow_mut().inner.handle_json(&line),
            Err(e) if e.is_instance_of::<PyException>(py) => {
                slf.borrow().bad_request(format!("not a command: {}", e.value(py)))
            }
            Err(e) => return Err(e),
        };
        json.call_method1("loads", (line,))
    }

    /// Answers one line of the JSON-lines protocol with one line of JSON (no newline),
    /// exactly as `renju referee` does.
    fn apply_json(&mut self, line: &str) -> String {
        self.inner.handle_json(line)
    }

    /// The game so far written in a text format ('sgf', 'rif', 'psq', 'moves',
    /// 'openings'). Raises ValueError for an unknown format and RefusalError
    /// ('bad-request') for a format that cannot hold it (RenLib is binary).
    fn record(&self, py: Python<'_>, format: &str) -> PyResult<String> {
        let format = crate::io::format_of(format)?;
        self.inner.record(format).map_err(|r| refusal_error(py, &r))
    }

    /// Why a black stone on `point` would be (or would not be) forbidden now. Raises
    /// IllegalMoveError when the point is occupied or off the board.
    fn explain(&self, py: Python<'_>, point: &Bound<'_, PyAny>) -> PyResult<Explanation> {
        let p = types::point_of(point)?;
        let illegal = |e| types::illegal_move(py, &e, CMove::Stone(p), None);
        let explanation = self.inner.explain(p).map_err(illegal)?;
        Ok(Explanation(explanation, Some(Arc::new(self.inner.position().clone()))))
    }

    /// The options the referee plays under, as plain data (rule_set, opening, size,
    /// renju, offer_equivalence, time_control, clock, fouls, start_ms).
    #[getter]
    fn options<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_py_data(py, self.inner.options())
    }

    /// Every action taken so far, in order, as dicts of the JSON-lines protocol (the
    /// time passing of a refused late action is kept as a 'tick').
    #[getter]
    fn actions<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_py_data(py, &self.inner.actions())
    }

    /// The record the referee was resumed from, else None.
    #[getter]
    fn resumed(&self) -> Option<Game> {
        self.resumed.clone().map(Game::from)
    }

    /// A copy; changing one does not change the other.
    fn copy(&self) -> Referee {
        self.clone()
    }

    /// copy.copy() support.
    fn __copy__(&self) -> Referee {
        self.clone()
    }

    /// copy.deepcopy() support.
    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Referee {
        self.clone()
    }

    /// <Referee renju yamaguchi: move 4, second (white) to swap (stay, swap)>.
    fn __repr__(&self) -> String {
        let o = self.inner.options();
        let size = if o.size == 15 { String::new() } else { format!(" {0}x{0}", o.size) };
        let status = describe(&self.inner.status());
        format!("<Referee {} {}{size}: {status}>", o.rule_set, o.opening)
    }
}

// ------------------------------------------------------------------ the status

/// Where a live game stands: what must be done now (required) and by whom (to_act,
/// color), what is accepted (legal points, pass_, options, range, count, offered),
/// Black's forbidden points, whether a foul may be claimed, a pending draw offer, the
/// clocks, and the outcome once the game is over (then required is Required.NONE).
///
/// The attributes are the JSON fields of the protocol (move_number is 'move', pass_ is
/// 'pass'); to_dict() gives that JSON form. Frozen, comparable and picklable.
#[pyclass(frozen, eq, module = "renju.referee")]
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Status(pub CStatus);

/// A status as pickles keep it: its JSON form, read back field by field.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct StatusState {
    required: Required,
    #[serde(default)]
    to_act: Option<Seat>,
    #[serde(default)]
    color: Option<CColor>,
    #[serde(rename = "move")]
    move_number: usize,
    stone: CColor,
    #[serde(default)]
    options: Vec<SwapOption>,
    #[serde(default)]
    range: Option<[u8; 2]>,
    #[serde(default)]
    count: Option<u8>,
    #[serde(default)]
    offered: Vec<CPoint>,
    legal: Vec<CPoint>,
    pass: bool,
    #[serde(default)]
    forbidden: Vec<ForbiddenSpot>,
    #[serde(default)]
    claimable: bool,
    #[serde(default)]
    draw_offer: Option<Seat>,
    #[serde(default)]
    paused: bool,
    #[serde(default)]
    adjourned: Option<Adjournment>,
    #[serde(default)]
    absent: Vec<Seat>,
    #[serde(default)]
    late_deadline: Option<u64>,
    #[serde(default)]
    clock: Option<CClockStatus>,
    outcome: Option<EndingState>,
}

/// An ending as pickles keep it (`result`, where the status's JSON has it, is left
/// out: it follows from the rest).
#[derive(Serialize, Deserialize)]
struct EndingState {
    termination: Termination,
    winner: Option<CColor>,
    winner_seat: Option<Seat>,
}

impl EndingState {
    fn ending(self) -> CEnding {
        let outcome = COutcome {
            winner: self.winner,
            termination: self.termination,
        };
        CEnding {
            result: outcome.result(),
            termination: self.termination,
            winner: self.winner,
            winner_seat: self.winner_seat,
        }
    }
}

impl crate::pickle::Pickled for Status {
    fn state<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        crate::pickle::json_state(py, &self.0)
    }

    fn from_state(state: &Bound<'_, PyAny>) -> PyResult<Status> {
        let s: StatusState = crate::pickle::from_json(state)?;
        Ok(Status(CStatus {
            required: s.required,
            to_act: s.to_act,
            color: s.color,
            move_number: s.move_number,
            stone: s.stone,
            options: s.options,
            range: s.range,
            count: s.count,
            offered: s.offered,
            legal: s.legal,
            pass: s.pass,
            forbidden: s.forbidden,
            claimable: s.claimable,
            draw_offer: s.draw_offer,
            paused: s.paused,
            adjourned: s.adjourned,
            absent: s.absent,
            late_deadline: s.late_deadline,
            clock: s.clock,
            outcome: s.outcome.map(EndingState::ending),
        }))
    }
}

/// The status in a few words: 'move 4: second (white) to swap (stay, swap)', 'game
/// over: 1-0 five'.
fn describe(s: &CStatus) -> String {
    if let Some(end) = &s.outcome {
        let winner = end
            .winner_seat
            .map_or(String::new(), |seat| format!(", {} won", seat.name()));
        return format!("game over: {} {}{winner}", end.result, end.termination);
    }
    let who = match (s.to_act, s.color) {
        (Some(seat), Some(color)) => format!("{} ({color})", seat.name()),
        _ => "nobody".to_string(),
    };
    let mut text = format!("move {}: {who} to {}", s.move_number, s.required);
    let names = |v: &[String]| v.join(", ");
    match s.required {
        Required::Swap => {
            let options: Vec<String> = s.options.iter().map(|o| o.to_string()).collect();
            text += &format!(" ({})", names(&options));
        }
        Required::Declare => {
            if let Some([min, max]) = s.range {
                text += &format!(" ({min} to {max})");
            }
        }
        Required::Offer => {
            if let Some(n) = s.count {
                text += &format!(" {n}");
            }
        }
        Required::Choose => {
            let offered: Vec<String> = s.offered.iter().map(|p| p.to_string()).collect();
            text += &format!(" from {}", names(&offered));
        }
        Required::Place | Required::None => {}
    }
    if s.claimable {
        text += ", a foul to claim";
    }
    if let Some(seat) = s.draw_offer {
        text += &format!(", draw offered by {}", seat.name());
    }
    if s.paused {
        text += ", paused by the arbiter";
    }
    if let Some(adjourned) = &s.adjourned {
        text += &format!(", adjourned (a move sealed by {})", adjourned.by.name());
    }
    for seat in &s.absent {
        text += &format!(", {} absent", seat.name());
    }
    text
}

/// Points as Python objects (the shared Point objects: nothing is allocated per point).
fn point_list<'py>(py: Python<'py>, points: &[CPoint]) -> PyResult<Vec<Bound<'py, Point>>> {
    points.iter().map(|&p| point_object(py, p)).collect()
}

py_methods! { Status |s| pickle(Self)
    /// The status as plain data: the protocol's JSON form ('move', 'pass'; empties left out).
    to_dict {
    /// What must be done now (Required.NONE once the game is over).
    required -> Name<Required> = Name(s.0.required);
    /// The seat that must do it (None once the game is over).
    to_act -> Option<Name<Seat>> = s.0.to_act.map(Name);
    /// That seat's colour (None once the game is over).
    color -> Option<Color> = s.0.color.map(Color::from);
    /// The number of the next stone (moves and passes played, plus one).
    move_number -> usize = s.0.move_number;
    /// The colour of the next stone.
    stone -> Color = s.0.stone.into();
    /// The answers a colour decision allows (empty unless required is SWAP).
    options -> Vec<Name<SwapOption>> = s.0.options.iter().copied().map(Name).collect();
    /// The numbers of offers a declaration may give, (min, max); None unless required
    /// is DECLARE.
    range -> Option<(u8, u8)> = s.0.range.map(|[a, b]| (a, b));
    /// How many fifth-move offers are required (also for Taraguchi's offer branch of a
    /// colour decision), else None.
    count -> Option<u8> = s.0.count;
    /// Whether pass_() is accepted now.
    pass_ -> bool = s.0.pass;
    /// Whether White may claim() a foul of Black's now (claim foul policies).
    claimable -> bool = s.0.claimable;
    /// The seat whose draw offer waits for an answer, else None.
    draw_offer -> Option<Name<Seat>> = s.0.draw_offer.map(Name);
    /// Whether the arbiter has paused the game: no clock runs and no player acts until
    /// unpause() (required and to_act say what comes after it).
    paused -> bool = s.0.paused;
    /// The seat that sealed a move when the game is adjourned (no clock runs and no
    /// player acts until resume_sealed()), else None.
    adjourned_by -> Option<Name<Seat>> = s.0.adjourned.as_ref().map(|a| Name(a.by));
    /// The SHA-256 digest of the sealed move when the game is adjourned (what the public
    /// record shows; never the move), else None.
    seal_digest -> Option<String> = s.0.adjourned.as_ref().map(|a| a.digest.to_string());
    /// The seats whose player has not arrived yet, under a late limit (no clock runs
    /// until both have).
    absent -> Vec<Name<Seat>> = s.0.absent.iter().copied().map(Name).collect();
    /// The time stamp past which a player still absent forfeits, else None.
    late_deadline -> Option<u64> = s.0.late_deadline;
    /// The clocks, in a timed game (else None).
    clock -> Option<ClockStatus> = s.0.clock.map(ClockStatus);
    /// How the game ended, else None (the game goes on).
    outcome -> Option<Ending> = s.0.outcome.map(Ending);
    /// Whether the game is over.
    is_game_over -> bool = s.0.outcome.is_some();
}
    /// Every point a place() (or an offer, or a choice) is accepted on now, row by row
    /// from a1.
    #[getter]
    fn legal<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, Point>>> {
        point_list(py, &self.0.legal)
    }

    /// The offers White chooses from (empty unless required is CHOOSE).
    #[getter]
    fn offered<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, Point>>> {
        point_list(py, &self.0.offered)
    }

    /// Black's forbidden points, when a black stone is to be placed or offered: (point,
    /// FoulKind) pairs, the foul being the first of overline, double-four, double-three
    /// (Referee.explain(point) says why).
    #[getter]
    fn forbidden<'py>(&self, py: Python<'py>) -> PyResult<Vec<(Bound<'py, Point>, FoulKind)>> {
        let spot = |f: &ForbiddenSpot| Ok((point_object(py, f.point)?, FoulKind::from(f.kind)));
        self.0.forbidden.iter().map(spot).collect()
    }

    /// The status as one line of JSON, as the protocol writes it.
    fn to_json(&self) -> PyResult<String> {
        serde_json::to_string(&self.0).map_err(|e| PyValueError::new_err(format!("cannot serialise: {e}")))
    }

    /// <Status move 4: second (white) to swap (stay, swap)>.
    fn __repr__(&self) -> String {
        format!("<Status {}>", describe(&self.0))
    }
}

/// Both clocks of a timed live game as of the last action: black and white (SideClock:
/// time left net of the time already used on the current action, ...), the colour whose
/// clock runs (None once the game is over) and the deadline, the time stamp at which
/// the running clock's flag falls (on the caller's timeline).
#[pyclass(frozen, eq, hash, module = "renju.referee")]
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ClockStatus(pub CClockStatus);

py_methods! { ClockStatus |c| pickle(Self)
    /// The clocks as plain data.
    to_dict {
    /// The clock of the player holding Black (clocks belong to players: it follows them
    /// through every swap).
    black -> SideClock = (&c.0.black).into();
    /// The clock of the player holding White.
    white -> SideClock = (&c.0.white).into();
    /// The colour whose clock runs (None once the game is over).
    running -> Option<Color> = c.0.running.map(Color::from);
    /// The time stamp (milliseconds) at which the running clock's flag falls, else None.
    deadline -> Option<u64> = c.0.deadline;
}
    /// <ClockStatus black 59000 ms, white 60000 ms, black running until 61000>.
    fn __repr__(&self) -> String {
        let c = &self.0;
        let running = match (c.running, c.deadline) {
            (Some(color), Some(t)) => format!(", {color} running until {t}"),
            _ => String::new(),
        };
        format!(
            "<ClockStatus black {} ms, white {} ms{running}>",
            c.black.time_left_ms, c.white.time_left_ms
        )
    }
}

/// How a live game ended: result ('1-0' Black won, '0-1', '1/2-1/2' or '0-0'),
/// termination (a Termination), the winning colour and the winning seat.
#[pyclass(frozen, eq, hash, module = "renju.referee")]
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Ending(pub CEnding);

impl crate::pickle::Pickled for Ending {
    fn state<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let e = &self.0;
        let state = EndingState {
            termination: e.termination,
            winner: e.winner,
            winner_seat: e.winner_seat,
        };
        crate::pickle::json_state(py, &state)
    }

    fn from_state(state: &Bound<'_, PyAny>) -> PyResult<Ending> {
        crate::pickle::from_json::<EndingState>(state).map(|s| Ending(s.ending()))
    }
}

py_methods! { Ending |e| pickle(Self)
    /// The ending as plain data.
    to_dict {
    /// '1-0' (Black won), '0-1', '1/2-1/2' or '0-0' (both lost).
    result -> &'static str = e.0.result;
    /// Why the game ended (a Termination, equal to its name: 'five', 'forbidden',
    /// 'resignation', 'time', 'agreed-draw', ...).
    termination -> Name<Termination> = Name(e.0.termination);
    /// The winning colour, None when nobody won.
    winner -> Option<Color> = e.0.winner.map(Color::from);
    /// The seat that won, None when nobody won.
    winner_seat -> Option<Name<Seat>> = e.0.winner_seat.map(Name);
    /// The outcome (winner and termination).
    outcome -> Outcome = Outcome(e.0.outcome());
}
    /// <Ending 1-0 five, first won>.
    fn __repr__(&self) -> String {
        let e = &self.0;
        let winner = e.winner_seat.map_or(String::new(), |seat| format!(", {} won", seat.name()));
        format!("<Ending {} {}{winner}>", e.result, e.termination)
    }
}
