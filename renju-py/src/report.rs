//! Validation reports (`renju.validate`): the core's reports, with the same field names
//! in `to_dict()` / `to_json()` as the CLI's `renju validate --json`.

use std::path::PathBuf;

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{IntoPyDict, PyDict, PyString};

use renju_core::report::{
    self, Finding as CFinding, GameReport as CGameReport, Summary as CSummary,
};
use renju_core::{Game as CGame, ParseError as CParseError, Report as CReport, Severity};

use crate::convert::{self, options, type_name};
use crate::errors;
use crate::game::Game;
use crate::io::{self, GameReader, Records};
use crate::types::Outcome;

/// One finding about one game: severity ('error', 'warning', 'info'), a stable code
/// ('occupied-point', 'forbidden-move', ...), the move it concerns and a message.
#[pyclass(frozen, eq, module = "renju")]
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finding(pub CFinding);

impl Finding {
    /// The severity, the code and the move: 'error occupied-point move 3'.
    fn head(&self, code: String) -> String {
        let at = self.0.move_number.map(|m| format!(" move {m}"));
        format!("{} {code}{}", self.0.severity, at.unwrap_or_default())
    }
}

py_methods! { Finding |f|
    /// The finding as plain data.
    to_dict {
    /// 'error' (the record cannot be a legal game), 'warning' or 'info'.
    severity -> &'static str = f.0.severity.name();
    /// The stable machine code ('occupied-point', 'forbidden-move', 'opening-area', ...).
    code -> &'static str = f.0.code.name();
    /// The move number (1-based, stones and passes), when it concerns a move.
    move_number -> Option<usize> = f.0.move_number;
    /// A sentence for people.
    message -> String = f.0.message.clone();
    /// The line in the file, for unreadable records.
    line -> Option<usize> = f.0.line;
    /// The byte offset in the file, for unreadable records.
    byte_offset -> Option<u64> = f.0.byte_offset;
}
    /// 'error [occupied-point] move 3: move 3: h8 is occupied'.
    fn __str__(&self) -> String {
        format!("{}: {}", self.head(format!("[{}]", self.0.code)), self.0.message)
    }

    /// <Finding error occupied-point move 3>.
    fn __repr__(&self) -> String {
        format!("<Finding {}>", self.head(self.0.code.to_string()))
    }
}

/// The report on one game: where it came from, the moves replayed, the rules it was
/// judged under, its opening, its outcome and its findings.
#[pyclass(frozen, eq, module = "renju")]
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameReport(pub CGameReport);

py_methods! { GameReport |g|
    /// The report as plain data.
    to_dict {
    /// The file the game came from.
    source -> Option<String> = g.0.source.as_deref().map(str::to_string);
    /// The game's index in its file (tree formats: the root-to-leaf line).
    index -> usize = g.0.index;
    /// The record's id.
    id -> Option<String> = g.0.id.clone();
    /// Moves replayed (stones and passes).
    moves -> usize = g.0.moves;
    /// The rule set it was judged under (None for an unreadable record).
    rule -> Option<String> = g.0.rule.clone();
    /// The opening protocol it was judged under (None for an unreadable record).
    protocol -> Option<String> = g.0.protocol.clone();
    /// The canonical opening of its first three stones ('3D Sosei'), else None.
    opening -> Option<String> = g.0.opening.clone();
    /// How the game ended.
    outcome -> Outcome = Outcome(g.0.outcome);
    /// What was found.
    findings -> Vec<Finding> = g.0.findings.iter().cloned().map(Finding).collect();
    /// The number of findings of severity error.
    errors -> usize = g.0.count(Severity::Error);
    /// The number of findings of severity warning.
    warnings -> usize = g.0.count(Severity::Warning);
}
    /// The report as pretty JSON.
    fn to_json(&self) -> PyResult<String> {
        convert::to_json(&self.0)
    }

    /// <GameReport game 1: 17 moves, five, 0 errors>.
    fn __repr__(&self) -> String {
        let g = &self.0;
        let (n, errors) = (g.index + 1, g.count(Severity::Error));
        let (moves, end) = (g.moves, g.outcome.termination);
        format!("<GameReport game {n}: {moves} moves, {end}, {errors} errors>")
    }
}

/// Totals over a batch: games, games per termination, findings per code, errors and
/// warnings.
#[pyclass(frozen, eq, module = "renju")]
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Summary(pub CSummary);

py_methods! { Summary |s|
    /// The summary as plain data.
    to_dict {
    /// Games (and unreadable records) reported.
    games -> usize = s.0.games;
    /// Findings of severity error.
    errors -> usize = s.0.errors;
    /// Findings of severity warning.
    warnings -> usize = s.0.warnings;
}
    /// Games per termination ('five', 'forbidden', ..., 'unfinished').
    #[getter]
    fn by_termination<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        self.0.by_termination.iter().map(|(k, v)| (k.name(), *v)).into_py_dict(py)
    }

    /// Findings per code.
    #[getter]
    fn findings<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        self.0.findings.iter().map(|(k, v)| (k.name(), *v)).into_py_dict(py)
    }

    /// <Summary 200 games, 0 errors, 0 warnings>.
    fn __repr__(&self) -> String {
        format!("<Summary {}>", totals(&self.0))
    }
}

/// '200 games, 3 errors, 0 warnings'.
fn totals(s: &CSummary) -> String {
    format!(
        "{} games, {} errors, {} warnings",
        s.games, s.errors, s.warnings
    )
}

/// A validation report: one GameReport per game (input order) and a Summary.
/// Iterating gives the game reports; to_json() is the CLI's `renju validate --json`.
#[pyclass(frozen, module = "renju")]
pub struct Report(pub CReport);

py_methods! { Report |r|
    /// The report as plain data (json.loads(report.to_json())).
    to_dict {
    /// Per game, in input order.
    games -> Vec<GameReport> = r.0.games.iter().cloned().map(GameReport).collect();
    /// Totals.
    summary -> Summary = Summary(r.0.summary.clone());
    /// Findings of severity error, over all games.
    errors -> usize = r.0.summary.errors;
    /// Findings of severity warning, over all games.
    warnings -> usize = r.0.summary.warnings;
}
    /// The number of games reported.
    fn __len__(&self) -> usize {
        self.0.games.len()
    }

    /// The game reports.
    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, pyo3::types::PyIterator>> {
        self.games().into_pyobject(py)?.try_iter()
    }

    /// The report as pretty JSON (the same as `renju validate --json`).
    fn to_json(&self) -> String {
        self.0.to_json()
    }

    /// <Report 200 games, 3 errors, 0 warnings>.
    fn __repr__(&self) -> String {
        format!("<Report {}>", totals(&self.0.summary))
    }

    /// One row per game as an Arrow table (the columns are listed in README.md): give
    /// it to pyarrow.table() or polars.DataFrame(), or call its to_pandas().
    #[cfg(feature = "arrow")]
    fn games_table(&self) -> crate::arrow::ArrowTable {
        crate::arrow::games_table(&self.0)
    }

    /// One row per finding as an Arrow table (the columns are listed in README.md).
    #[cfg(feature = "arrow")]
    fn findings_table(&self) -> crate::arrow::ArrowTable {
        crate::arrow::findings_table(&self.0)
    }
}

/// The records to validate from what `validate` was given: a path and a reader are read
/// as validation goes, an iterable of games at once.
fn records_of(
    py: Python<'_>,
    source: &Bound<'_, PyAny>,
    format: Option<&str>,
) -> PyResult<Records> {
    if let Ok(reader) = source.cast::<GameReader>() {
        return Ok(reader.borrow_mut().take_records());
    }
    if source.cast::<PyString>().is_ok() || source.hasattr("__fspath__")? {
        let path: PathBuf = source.extract()?;
        return io::open_records(py, &path, format);
    }
    if format.is_some() {
        let msg = "format= only applies when validate() is given a path";
        return Err(PyTypeError::new_err(msg));
    }
    let iter = source.try_iter().map_err(|_| {
        PyTypeError::new_err(format!(
            "validate() takes a path, a renju.read() reader or an iterable of renju.Game \
             (and renju.ParseError), not {}",
            type_name(source)
        ))
    })?;
    let records = iter.map(|item| {
        let item = item?;
        if let Ok(g) = item.cast::<Game>() {
            return Ok(Ok(g.get().0.clone()));
        }
        errors::parse_error_from_py(&item)?.map(Err).ok_or_else(|| {
            PyTypeError::new_err(format!(
                "validate() expects renju.Game (or renju.ParseError) items, not {}",
                type_name(&item)
            ))
        })
    });
    let records: Vec<Result<CGame, CParseError>> = records.collect::<PyResult<_>>()?;
    Ok(Box::new(records.into_iter()))
}

/// Records validated between two checks for Ctrl-C (KeyboardInterrupt).
const BATCH: usize = 4096;

/// Validates game records and returns a Report.
///
/// games: a path (str or os.PathLike; the format comes from its extension unless
/// format= is given), a reader from renju.read() / renju.read_bytes() (its remaining
/// records, unreadable ones included), or an iterable of Game (and ParseError, reported
/// as unreadable records). The keyword arguments are defaults for what a record does not
/// say. The games are read and replayed in batches, in parallel on all cores, without
/// holding the GIL; Ctrl-C (KeyboardInterrupt) stops it between two batches.
#[pyfunction]
#[pyo3(signature = (games, *, rule = None, opening = None, claims = None, five_completion_counts = false, offer_equivalence = None, format = None, time_control = None))]
#[allow(clippy::too_many_arguments)]
pub fn validate(
    py: Python<'_>,
    games: &Bound<'_, PyAny>,
    rule: Option<&Bound<'_, PyAny>>,
    opening: Option<&Bound<'_, PyAny>>,
    claims: Option<&Bound<'_, PyAny>>,
    five_completion_counts: bool,
    offer_equivalence: Option<&Bound<'_, PyAny>>,
    format: Option<&str>,
    time_control: Option<&Bound<'_, PyAny>>,
) -> PyResult<Report> {
    let o = options(
        rule,
        opening,
        claims,
        five_completion_counts,
        offer_equivalence,
        time_control,
    )?;
    let mut records = records_of(py, games, format)?;
    let mut reports = Vec::new();
    loop {
        let done = py.detach(|| {
            let batch: Vec<_> = records.by_ref().take(BATCH).collect();
            reports.extend(report::validate_games(&batch, &o, reports.len()));
            batch.len() < BATCH
        });
        py.check_signals()?;
        if done {
            return Ok(Report(py.detach(|| CReport::from_games(reports))));
        }
    }
}
