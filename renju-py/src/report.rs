//! Validation reports (`renju.validate`): the core's reports, with the same field names
//! in `to_dict()` / `to_json()` as the CLI's `renju validate --json`.

use std::path::PathBuf;

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyIterator, PyList, PyString};

use renju_core::report::{
    self, Finding as CFinding, GameReport as CGameReport, Summary as CSummary,
};
use renju_core::{Game as CGame, ParseError as CParseError, Report as CReport, Severity};

use crate::convert::{self, label, to_py_data, type_name};
use crate::errors;
use crate::game::Game;
use crate::io::{self, GameReader};
use crate::types::Outcome;

/// One finding about one game: severity ('error', 'warning', 'info'), a stable code
/// ('occupied-point', 'forbidden-move', ...), the move it concerns and a message.
#[pyclass(frozen, eq, module = "renju")]
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finding(pub CFinding);

#[pymethods]
impl Finding {
    /// 'error' (the record cannot be a legal game), 'warning' or 'info'.
    #[getter]
    fn severity(&self) -> String {
        label(&self.0.severity)
    }

    /// The stable machine code ('occupied-point', 'forbidden-move', 'opening-area', ...).
    #[getter]
    fn code(&self) -> String {
        self.0.code.name().to_string()
    }

    /// The move number (1-based, stones and passes), when it concerns a move.
    #[getter]
    fn move_number(&self) -> Option<usize> {
        self.0.move_number
    }

    /// A sentence for people.
    #[getter]
    fn message(&self) -> String {
        self.0.message.clone()
    }

    /// The line in the file, for unreadable records.
    #[getter]
    fn line(&self) -> Option<usize> {
        self.0.line
    }

    /// The byte offset in the file, for unreadable records.
    #[getter]
    fn byte_offset(&self) -> Option<u64> {
        self.0.byte_offset
    }

    /// The finding as plain data.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_py_data(py, &self.0)
    }

    /// 'error [occupied-point] move 3: move 3: h8 is occupied'.
    fn __str__(&self) -> String {
        let at = self
            .0
            .move_number
            .map(|m| format!(" move {m}"))
            .unwrap_or_default();
        format!(
            "{} [{}]{at}: {}",
            label(&self.0.severity),
            self.0.code,
            self.0.message
        )
    }

    /// <Finding error occupied-point move 3>.
    fn __repr__(&self) -> String {
        let at = self
            .0
            .move_number
            .map(|m| format!(" move {m}"))
            .unwrap_or_default();
        format!("<Finding {} {}{at}>", label(&self.0.severity), self.0.code)
    }
}

/// The report on one game: where it came from, the moves replayed, the rules it was
/// judged under, its opening, its outcome and its findings.
#[pyclass(frozen, eq, module = "renju")]
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameReport(pub CGameReport);

#[pymethods]
impl GameReport {
    /// The file the game came from.
    #[getter]
    fn source(&self) -> Option<String> {
        self.0.source.as_deref().map(str::to_string)
    }

    /// The game's index in its file (tree formats: the root-to-leaf line).
    #[getter]
    fn index(&self) -> usize {
        self.0.index
    }

    /// The record's id.
    #[getter]
    fn id(&self) -> Option<String> {
        self.0.id.clone()
    }

    /// Moves replayed (stones and passes).
    #[getter]
    fn moves(&self) -> usize {
        self.0.moves
    }

    /// The rule set it was judged under (None for an unreadable record).
    #[getter]
    fn rule(&self) -> Option<String> {
        self.0.rule.clone()
    }

    /// The opening protocol it was judged under (None for an unreadable record).
    #[getter]
    fn protocol(&self) -> Option<String> {
        self.0.protocol.clone()
    }

    /// The canonical opening of its first three stones ('3D Sosei'), else None.
    #[getter]
    fn opening(&self) -> Option<String> {
        self.0.opening.clone()
    }

    /// How the game ended.
    #[getter]
    fn outcome(&self) -> Outcome {
        Outcome(self.0.outcome)
    }

    /// What was found.
    #[getter]
    fn findings(&self) -> Vec<Finding> {
        self.0.findings.iter().cloned().map(Finding).collect()
    }

    /// The number of findings of severity error.
    #[getter]
    fn errors(&self) -> usize {
        self.0.count(Severity::Error)
    }

    /// The number of findings of severity warning.
    #[getter]
    fn warnings(&self) -> usize {
        self.0.count(Severity::Warning)
    }

    /// The report as plain data.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_py_data(py, &self.0)
    }

    /// The report as pretty JSON.
    fn to_json(&self) -> PyResult<String> {
        convert::to_json(&self.0)
    }

    /// <GameReport game 1: 17 moves, five, 0 errors>.
    fn __repr__(&self) -> String {
        format!(
            "<GameReport game {}: {} moves, {}, {} errors>",
            self.0.index + 1,
            self.0.moves,
            label(&self.0.outcome.termination),
            self.0.count(Severity::Error)
        )
    }
}

/// Totals over a batch: games, games per termination, findings per code, errors and
/// warnings.
#[pyclass(frozen, eq, module = "renju")]
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Summary(pub CSummary);

#[pymethods]
impl Summary {
    /// Games (and unreadable records) reported.
    #[getter]
    fn games(&self) -> usize {
        self.0.games
    }

    /// Games per termination ('five', 'forbidden', ..., 'unfinished').
    #[getter]
    fn by_termination<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        for (k, v) in &self.0.by_termination {
            d.set_item(label(k), v)?;
        }
        Ok(d)
    }

    /// Findings per code.
    #[getter]
    fn findings<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        for (k, v) in &self.0.findings {
            d.set_item(k.name(), v)?;
        }
        Ok(d)
    }

    /// Findings of severity error.
    #[getter]
    fn errors(&self) -> usize {
        self.0.errors
    }

    /// Findings of severity warning.
    #[getter]
    fn warnings(&self) -> usize {
        self.0.warnings
    }

    /// The summary as plain data.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_py_data(py, &self.0)
    }

    /// <Summary 200 games, 0 errors, 0 warnings>.
    fn __repr__(&self) -> String {
        format!(
            "<Summary {} games, {} errors, {} warnings>",
            self.0.games, self.0.errors, self.0.warnings
        )
    }
}

/// A validation report: one GameReport per game (input order) and a Summary.
/// Iterating gives the game reports; to_json() is the CLI's `renju validate --json`.
#[pyclass(frozen, module = "renju")]
pub struct Report(pub CReport);

#[pymethods]
impl Report {
    /// Per game, in input order.
    #[getter]
    fn games(&self) -> Vec<GameReport> {
        self.0.games.iter().cloned().map(GameReport).collect()
    }

    /// Totals.
    #[getter]
    fn summary(&self) -> Summary {
        Summary(self.0.summary.clone())
    }

    /// Findings of severity error, over all games.
    #[getter]
    fn errors(&self) -> usize {
        self.0.summary.errors
    }

    /// Findings of severity warning, over all games.
    #[getter]
    fn warnings(&self) -> usize {
        self.0.summary.warnings
    }

    /// The number of games reported.
    fn __len__(&self) -> usize {
        self.0.games.len()
    }

    /// The game reports.
    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyIterator>> {
        PyList::new(py, self.games())?.try_iter()
    }

    /// The report as pretty JSON (the same as `renju validate --json`).
    fn to_json(&self) -> String {
        self.0.to_json()
    }

    /// The report as plain data (json.loads(report.to_json())).
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_py_data(py, &self.0)
    }

    /// <Report 200 games, 3 errors, 0 warnings>.
    fn __repr__(&self) -> String {
        let s = &self.0.summary;
        format!(
            "<Report {} games, {} errors, {} warnings>",
            s.games, s.errors, s.warnings
        )
    }
}

/// Collects the records to validate from what `validate` was given.
fn records_of(
    py: Python<'_>,
    source: &Bound<'_, PyAny>,
    format: Option<&str>,
) -> PyResult<Vec<Result<CGame, CParseError>>> {
    if let Ok(reader) = source.cast::<GameReader>() {
        return Ok(reader.borrow_mut().take_records());
    }
    let is_path =
        source.cast::<PyString>().is_ok() || source.hasattr("__fspath__").unwrap_or(false);
    if is_path {
        let path: PathBuf = source.extract()?;
        return io::read_records(py, &path, format, None);
    }
    if format.is_some() {
        return Err(PyTypeError::new_err(
            "format= only applies when validate() is given a path",
        ));
    }
    let iter = source.try_iter().map_err(|_| {
        PyTypeError::new_err(format!(
            "validate() takes a path, a renju.read() reader or an iterable of renju.Game \
             (and renju.ParseError), not {}",
            type_name(source)
        ))
    })?;
    let mut records = Vec::new();
    for item in iter {
        let item = item?;
        if let Ok(g) = item.cast::<Game>() {
            records.push(Ok(g.get().0.clone()));
        } else if let Some(e) = errors::parse_error_from_py(&item)? {
            records.push(Err(e));
        } else {
            return Err(PyTypeError::new_err(format!(
                "validate() expects renju.Game (or renju.ParseError) items, not {}",
                type_name(&item)
            )));
        }
    }
    Ok(records)
}

/// Validates game records and returns a Report.
///
/// games: a path (str or os.PathLike; the format comes from its extension unless
/// format= is given), a reader from renju.read() / renju.read_bytes() (its remaining
/// records, unreadable ones included), or an iterable of Game (and ParseError, reported
/// as unreadable records). The keyword arguments are defaults for what a record does not
/// say. The games are replayed in parallel on all cores, without holding the GIL.
#[pyfunction]
#[pyo3(signature = (games, *, rule = None, opening = None, claims = None, five_completion_counts = false, offer_equivalence = None, format = None))]
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
) -> PyResult<Report> {
    let opts = convert::validation_options(
        rule,
        opening,
        claims,
        five_completion_counts,
        offer_equivalence,
    )?;
    let records = records_of(py, games, format)?;
    Ok(Report(py.detach(|| report::validate(&records, &opts))))
}
