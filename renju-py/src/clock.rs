//! Time controls and live clocks: `renju.TimeControl`, `renju.Clock`, `renju.ClockState`
//! and `renju.SideClock`, each a thin wrapper of the core's type.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use renju_records::clock::{
    BothFlags, Clock as CClock, ClockEvent, ClockOptions, ClockResult, ClockState as CState,
    LateArrival, Penalty, SideState,
};
use renju_records::TimeControl as CTimeControl;

use crate::convert::{self, to_py_data};
use crate::types::Color;

/// A time control, read from its PGN / TRF-26 text ('5400+30', '40/6000+30:900+30',
/// 'W300-B240', 'shared 3600') or SGF's ('TM[3600]OT[5x30 byo-yomi]'). str() gives the
/// text back. Raises ValueError saying what is wrong.
#[pyclass(frozen, eq, hash, module = "renju")]
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct TimeControl(pub CTimeControl);

crate::pickle::text_pickled!(TimeControl);

py_methods! { TimeControl |t| pickle(Self) {}
    #[new]
    fn new(text: &str) -> PyResult<TimeControl> {
        text.parse()
            .map(TimeControl)
            .map_err(|e: renju_records::TimeControlError| PyValueError::new_err(e.to_string()))
    }

    /// From SGF's TM (main time, seconds) and OT ('5x30 byo-yomi', '15/300 Canadian',
    /// '30 Fischer', '60 simple').
    #[staticmethod]
    #[pyo3(signature = (tm = None, ot = None))]
    fn from_sgf(tm: Option<&str>, ot: Option<&str>) -> PyResult<TimeControl> {
        CTimeControl::from_sgf(tm, ot)
            .map(TimeControl)
            .map_err(|e| PyValueError::new_err(e.to_string()))
    }

    /// SGF's (TM, OT) for this control; (None, None) when SGF cannot say it.
    fn to_sgf(&self) -> (Option<String>, Option<String>) {
        self.0.to_sgf()
    }

    /// Whether the control has a clock (not '?' or '-').
    #[getter]
    fn has_clock(&self) -> bool {
        self.0.has_clock()
    }

    /// The text of the control ('5400+30', 'TM[3600]OT[5x30 byo-yomi]').
    fn __str__(&self) -> String {
        self.0.to_string()
    }

    /// <TimeControl 5400+30>.
    fn __repr__(&self) -> String {
        format!("<TimeControl {}>", self.0)
    }

}

crate::pickle::json_pickled!(ClockState, Clock);

impl crate::pickle::Pickled for SideClock {
    fn state<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        crate::pickle::json_state(py, self)
    }
    fn from_state(state: &Bound<'_, PyAny>) -> PyResult<SideClock> {
        crate::pickle::from_json(state)
    }
}

/// A time control from a TimeControl or its text.
pub fn control_of(obj: &Bound<'_, PyAny>) -> PyResult<CTimeControl> {
    if let Ok(tc) = obj.cast::<TimeControl>() {
        return Ok(tc.get().0.clone());
    }
    let text: String = obj.extract().map_err(|_| {
        pyo3::exceptions::PyTypeError::new_err(format!(
            "time_control must be a renju.TimeControl or its text, not {}",
            convert::type_name(obj)
        ))
    })?;
    TimeControl::new(&text).map(|t| t.0)
}

/// One side's clock: time_left_ms, period (1-based), moves_left (None without a quota),
/// overtime_periods_left (None outside overtime), used_ms, moves.
#[pyclass(frozen, eq, module = "renju", get_all)]
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct SideClock {
    /// Time left in the current period (or overtime period), in milliseconds.
    time_left_ms: u64,
    /// The current period, 1-based (overtime periods follow the numbered ones).
    period: u32,
    /// Moves still to make in the period's quota; None without a quota.
    moves_left: Option<u32>,
    /// Overtime periods left; None outside overtime.
    overtime_periods_left: Option<u32>,
    /// Time used so far, in milliseconds.
    used_ms: u64,
    /// Moves completed.
    moves: u32,
}

impl From<&SideState> for SideClock {
    fn from(s: &SideState) -> SideClock {
        SideClock {
            time_left_ms: s.time_left_ms,
            period: s.period,
            moves_left: s.moves_left,
            overtime_periods_left: s.overtime_periods_left,
            used_ms: s.used_ms,
            moves: s.moves,
        }
    }
}

py_methods! { SideClock |_x| pickle(Self) {}
    /// <SideClock 0:55 left, period 1>.
    fn __repr__(&self) -> String {
        format!(
            "<SideClock {} ms left, period {}>",
            self.time_left_ms, self.period
        )
    }
}

/// Both clocks and what the clock has decided: black, white (SideClock), to_move,
/// shared_ms (None without a shared pool), result ('running', 'flag', 'both-flags',
/// 'forfeit', 'double-forfeit'), loser (a Color or None) and flag_move (the move during
/// which the flag fell, or None).
#[pyclass(frozen, eq, module = "renju")]
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClockState(pub CState);

py_methods! { ClockState |_x| pickle(Self) {}
    /// Black's clock.
    #[getter]
    fn black(&self) -> SideClock {
        (&self.0.black).into()
    }

    /// White's clock.
    #[getter]
    fn white(&self) -> SideClock {
        (&self.0.white).into()
    }

    /// Whose clock runs.
    #[getter]
    fn to_move(&self) -> Color {
        self.0.to_move.into()
    }

    /// The shared pool in milliseconds, while there is one.
    #[getter]
    fn shared_ms(&self) -> Option<u64> {
        self.0.shared_ms
    }

    /// 'running', 'flag', 'both-flags', 'forfeit' or 'double-forfeit'.
    #[getter]
    fn result(&self) -> &'static str {
        self.0.result.kind()
    }

    /// Who lost on time or by forfeit, else None.
    #[getter]
    fn loser(&self) -> Option<Color> {
        match self.0.result {
            ClockResult::Flag { loser, .. } | ClockResult::Forfeit { loser } => Some(loser.into()),
            _ => None,
        }
    }

    /// The move during which the flag fell, else None.
    #[getter]
    fn flag_move(&self) -> Option<u32> {
        match self.0.result {
            ClockResult::Flag { move_number, .. } => Some(move_number),
            _ => None,
        }
    }

    /// The state as plain data (the core's JSON form).
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_py_data(py, &self.0)
    }

    /// <ClockState black 55000 ms, white 60000 ms, running>.
    fn __repr__(&self) -> String {
        format!(
            "<ClockState black {} ms, white {} ms, {}>",
            self.0.black.time_left_ms, self.0.white.time_left_ms, self.0.result
        )
    }
}

/// A live game clock: Clock(time_control, both_flags='draw', default_time_ms=3_600_000).
/// press(elapsed_ms) after each move; the clock never reads the wall clock. Raises
/// ValueError for an event the rules do not allow and once the clock has decided.
#[pyclass(eq, module = "renju")]
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Clock(CClock);

impl Clock {
    fn apply(&mut self, event: ClockEvent) -> PyResult<ClockState> {
        self.0
            .apply(event)
            .map(ClockState)
            .map_err(|e| PyValueError::new_err(e.to_string()))
    }
}

py_methods! { Clock |_x| pickle(Self) {}
    #[new]
    #[pyo3(signature = (time_control, both_flags = "draw", default_time_ms = 3_600_000))]
    fn new(
        time_control: &Bound<'_, PyAny>,
        both_flags: &str,
        default_time_ms: u64,
    ) -> PyResult<Clock> {
        let control = control_of(time_control)?;
        let both_flags: BothFlags = both_flags
            .parse()
            .map_err(|e: renju_core::UnknownName| PyValueError::new_err(e.to_string()))?;
        let options = ClockOptions {
            both_flags,
            default_time_ms,
        };
        CClock::new(&control, options)
            .map(Clock)
            .map_err(|e| PyValueError::new_err(e.to_string()))
    }

    /// The side to move completed a move that took elapsed_ms; with color, the player
    /// holding that colour did (a stone of either colour, a swap, a set of offers: clocks
    /// belong to players).
    #[pyo3(signature = (elapsed_ms, color = None))]
    fn press(&mut self, elapsed_ms: u64, color: Option<&Bound<'_, PyAny>>) -> PyResult<ClockState> {
        match color {
            None => self.apply(ClockEvent::Move { elapsed_ms }),
            Some(color) => {
                let color = convert::named::<Color, _>(color, "color")?;
                self.apply(ClockEvent::MoveBy { color, elapsed_ms })
            }
        }
    }

    /// The players exchange colours (a swap): each keeps their own clock, so the clocks
    /// called black and white exchange.
    fn swap(&mut self) -> PyResult<ClockState> {
        self.apply(ClockEvent::Swap)
    }

    /// A time penalty: taken_ms off the offender, given_ms to the opponent (each
    /// generally at most five minutes; a longer one is applied, and one that empties a
    /// clock makes its flag fall).
    #[pyo3(signature = (offender, taken_ms, given_ms = 0))]
    fn penalty(
        &mut self,
        offender: &Bound<'_, PyAny>,
        taken_ms: u64,
        given_ms: u64,
    ) -> PyResult<ClockState> {
        let offender = convert::named::<Color, _>(offender, "offender")?;
        self.apply(ClockEvent::Penalty(Penalty {
            offender,
            taken_ms,
            given_ms,
        }))
    }

    /// A player arrived late_ms late (before their first move).
    fn late_arrival(&mut self, color: &Bound<'_, PyAny>, late_ms: u64) -> PyResult<ClockState> {
        let color = convert::named::<Color, _>(color, "color")?;
        self.apply(ClockEvent::LateArrival(LateArrival { color, late_ms }))
    }

    /// The referee splits a shared pool.
    fn split(&mut self) -> PyResult<ClockState> {
        self.apply(ClockEvent::Split)
    }

    /// Both flags are down and nobody can tell which fell first.
    fn both_flags_down(&mut self) -> PyResult<ClockState> {
        self.apply(ClockEvent::BothFlagsDown)
    }

    /// Both clocks now.
    #[getter]
    fn state(&self) -> ClockState {
        ClockState(self.0.state())
    }

    /// Whose clock runs.
    #[getter]
    fn to_move(&self) -> Color {
        self.0.to_move().into()
    }

    /// <Clock black 55000 ms, white 60000 ms, running>.
    fn __repr__(&self) -> String {
        let state = self.0.state();
        format!(
            "<Clock black {} ms, white {} ms, {}>",
            state.black.time_left_ms, state.white.time_left_ms, state.result
        )
    }
}
