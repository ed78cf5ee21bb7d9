//! Conformance testing of other engines (`renju.engine.conform`, `renju.engine.random_positions`):
//! the core's driver and report (`renju_engine::conform`), as `renju conform` uses them.

use std::time::Duration;

use pyo3::exceptions::{PyRuntimeError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyString;

use renju_core::{Color as CColor, Position, RuleSet as CRuleSet};
use renju_engine::conform::families::{family_positions, Family};
use renju_engine::conform::{
    self as core, ConformOptions, ConformPosition, ConformReport as CReport, GomocupQuery,
    Protocol, Reading,
};
use renju_engine::process::Stop;

use crate::board::Board;
use crate::convert::type_name;
use crate::interrupt::run_interruptible;

/// The report of renju.engine.conform(): positions checked, agreements, and every
/// disagreement (kind, position, point, diagram, answer, expected, explanation).
#[pyclass(frozen, eq, module = "renju.engine")]
#[derive(Debug, Clone, PartialEq)]
pub struct ConformReport(pub CReport);

impl crate::pickle::Pickled for ConformReport {
    /// The report's JSON and the per-position results (which the JSON leaves out).
    fn state<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        crate::pickle::json_state(py, &(&self.0, &self.0.results))
    }
    fn from_state(state: &Bound<'_, PyAny>) -> PyResult<ConformReport> {
        let (mut report, results): (CReport, _) = crate::pickle::from_json(state)?;
        if report.agreements > report.positions {
            return Err(pyo3::exceptions::PyValueError::new_err(format!(
                "a ConformReport state with {} agreements among {} positions",
                report.agreements, report.positions
            )));
        }
        report.results = results;
        Ok(ConformReport(report))
    }
}

py_methods! { ConformReport |r| pickle(Self)
    /// The report as plain data (the same as `renju conform --json`).
    to_dict {
    /// Positions checked.
    positions -> usize = r.0.positions;
    /// Positions where the engine agreed.
    agreements -> usize = r.0.agreements;
    /// 'forbid' (forbidden maps asked for), 'move' (gomocup move mode) or 'batch'.
    mode -> String = r.0.mode.clone();
    /// Times the engine was restarted (after a timeout, a crash or garbage).
    restarts -> usize = r.0.restarts;
    /// Positions not checked, each 'id: reason'.
    skipped -> Vec<String> = r.0.skipped.clone();
    /// Whether the engine agreed everywhere.
    all_agree -> bool = r.0.all_agree();
}
    /// Every disagreement as a dict: position, kind ('missed-foul', 'false-foul',
    /// 'wrong-kind', 'bad-answer', 'timeout', 'crash'), point (when there is one),
    /// diagram, answer, expected and explanation (when there is one).
    #[getter]
    fn disagreements<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        crate::convert::to_py_data(py, &self.0.disagreements)
    }

    /// Disagreements counted by kind: {'missed_foul': 0, 'false_foul': 2, ...}.
    #[getter]
    fn summary<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        crate::convert::to_py_data(py, &self.0.summary)
    }

    /// The report as JUnit XML (one test case per position).
    fn to_junit(&self) -> String {
        self.0.to_junit()
    }

    /// The report as text, as `renju conform` prints it.
    fn __str__(&self) -> String {
        self.0.to_text()
    }

    /// <ConformReport 92 positions, 90 agree>.
    fn __repr__(&self) -> String {
        format!(
            "<ConformReport {} positions, {} agree>",
            self.0.positions, self.0.agreements
        )
    }
}

fn positions_of(source: &Bound<'_, PyAny>) -> PyResult<Vec<ConformPosition>> {
    if source.cast::<PyString>().is_ok() || source.hasattr("__fspath__")? {
        let path: std::path::PathBuf = source.extract()?;
        let text = path.to_string_lossy().into_owned();
        return core::read_source(&text).map_err(|e| PyValueError::new_err(e.to_string()));
    }
    let iter = source.try_iter().map_err(|_| {
        PyTypeError::new_err(format!(
            "positions= takes 'fixtures', a path or a list of renju.Board, not {}",
            type_name(source)
        ))
    })?;
    let mut out = Vec::new();
    for (i, item) in iter.enumerate() {
        let item = item?;
        let board = item.cast::<Board>().map_err(|_| {
            PyTypeError::new_err(format!(
                "positions= lists renju.Board, not {}",
                type_name(&item)
            ))
        })?;
        let board = board.borrow().pos.board().clone();
        if board.size() != 15 {
            return Err(PyValueError::new_err("Renju positions are 15x15"));
        }
        out.push(ConformPosition {
            id: format!("board-{}", i + 1),
            board,
        });
    }
    Ok(out)
}

/// Runs an engine on positions and compares its forbidden points with the judge's.
///
/// engine: the command line (a string split like a shell's words, or a list).
/// protocol: 'jsonl' (the `renju forbidden` schema) or 'gomocup' (Piskvork with Yixin's
/// YXSHOWFORBID, move mode without it). positions: None (the fixture corpus unless
/// random= is given), 'fixtures', a fixture or game file, or a list of Board. random=N
/// adds N random positions from seed. batch=True sends every position before reading
/// the answers (jsonl engines that do not flush after each line). Raises RuntimeError
/// when the engine cannot be run. The GIL is released while the run goes on; Ctrl-C
/// (KeyboardInterrupt) stops it within a moment, between two exchanges with the
/// engine or during a wait for its answer, and ends the engine (with its process
/// group) before the KeyboardInterrupt is raised.
#[pyfunction]
#[pyo3(signature = (engine, *, protocol = "jsonl", positions = None, random = None, seed = 0, reading = "rif", timeout_ms = 2000, gomocup_rule = 4, gomocup_query = "auto", batch = false))]
#[allow(clippy::too_many_arguments)]
pub fn conform(
    py: Python<'_>,
    engine: &Bound<'_, PyAny>,
    protocol: &str,
    positions: Option<&Bound<'_, PyAny>>,
    random: Option<usize>,
    seed: u64,
    reading: &str,
    timeout_ms: u64,
    gomocup_rule: u32,
    gomocup_query: &str,
    batch: bool,
) -> PyResult<ConformReport> {
    let engine: Vec<String> = match engine.cast::<PyString>() {
        Ok(s) => renju_engine::process::split_command(&s.to_cow()?)
            .map_err(|e| PyValueError::new_err(e.to_string()))?,
        Err(_) => engine.extract().map_err(|_| {
            PyTypeError::new_err("engine= is a command string or a list of strings")
        })?,
    };
    let value_error = |e: renju_core::UnknownName| PyValueError::new_err(e.to_string());
    let options = ConformOptions {
        engine,
        protocol: protocol.parse::<Protocol>().map_err(value_error)?,
        reading: reading.parse::<Reading>().map_err(value_error)?,
        timeout: Duration::from_millis(timeout_ms),
        gomocup_rule,
        gomocup_query: gomocup_query.parse::<GomocupQuery>().map_err(value_error)?,
        batch,
        max_failures: None,
    };
    let mut list = match positions {
        Some(p) => positions_of(p)?,
        None if random.is_some() => Vec::new(),
        None => core::fixture_positions(),
    };
    if let Some(n) = random {
        check_random(n)?;
        list.extend(core::random_conform_positions(n, seed));
    }
    // On a thread of its own, so that Ctrl-C stops it between engine exchanges (the
    // engine is ended first) instead of after the whole run.
    let stop = Stop::new();
    let (report, interrupt) =
        run_interruptible(py, &stop, || core::run_until(&list, &options, &stop));
    if let Some(e) = interrupt {
        return Err(e);
    }
    report
        .ok_or_else(|| PyRuntimeError::new_err("the conformance run failed"))?
        .map(ConformReport)
        .map_err(|e| PyRuntimeError::new_err(e.to_string()))
}

/// n dense random Renju positions (Black to move), the same for the same seed on every
/// platform: the positions `renju conform --random N --seed S` uses. With `family`, the
/// positions of that targeted family instead (`renju conform --families`): cases at
/// even indexes, each followed by its near miss.
#[pyfunction]
#[pyo3(signature = (n, seed = 0, family = None))]
pub fn random_positions(n: usize, seed: u64, family: Option<&str>) -> PyResult<Vec<Board>> {
    check_random(n)?;
    let family = match family {
        None => Family::Uniform,
        Some(name) => name
            .parse::<Family>()
            .map_err(|e| pyo3::exceptions::PyValueError::new_err(e.to_string()))?,
    };
    Ok(family_positions(family, n, seed)
        .into_iter()
        .map(|f| Board {
            pos: Position::from_board(f.board, CRuleSet::Renju, CColor::Black).expect("15x15"),
        })
        .collect())
}

/// At most `MAX_RANDOM_POSITIONS` random positions.
fn check_random(n: usize) -> PyResult<()> {
    if n > core::MAX_RANDOM_POSITIONS {
        return Err(pyo3::exceptions::PyValueError::new_err(format!(
            "{n} random positions: at most {} are made at once",
            core::MAX_RANDOM_POSITIONS
        )));
    }
    Ok(())
}
