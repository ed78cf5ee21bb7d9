//! Validation reports (`renju.validate`): the core's reports, with the same field names
//! in `to_dict()` / `to_json()` as the CLI's `renju validate --json`.

use std::path::PathBuf;

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{IntoPyDict, PyBytes, PyDict, PyString, PyTuple};

use renju_core::formats::{Chunk as CChunk, ReadLimits};
use renju_core::html;
use renju_core::report::{
    self, DuplicateIds, Finding as CFinding, GameReport as CGameReport, Summary as CSummary,
};
use renju_core::ValidationOptions;
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

py_methods! { Finding |f| pickle(Self)
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

py_methods! { GameReport |g| pickle(Self)
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

py_methods! { Summary |s| pickle(Self)
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

    /// The totals of both summaries (a new Summary). Summaries of different files add
    /// up exactly; for parts of one file merge the Reports, which also flag the ids a
    /// later part repeats from an earlier one.
    fn merge(&self, other: &Summary) -> Summary {
        let mut sum = self.0.clone();
        sum.merge(&other.0);
        Summary(sum)
    }

    /// summary + other: merge().
    fn __add__(&self, other: &Summary) -> Summary {
        self.merge(other)
    }

    /// 0 + summary (so that sum() works): the summary.
    fn __radd__(slf: PyRef<'_, Self>, other: &Bound<'_, PyAny>) -> PyResult<Py<Summary>> {
        zero_plus(slf, other)
    }
}

/// `0 + x` for `sum()`: `x`; anything else is a TypeError.
fn zero_plus<T: pyo3::PyClass>(slf: PyRef<'_, T>, other: &Bound<'_, PyAny>) -> PyResult<Py<T>> {
    match other.extract::<i64>() {
        Ok(0) => Ok(slf.into()),
        _ => Err(PyTypeError::new_err(format!(
            "cannot add {} and renju.{}",
            type_name(other),
            T::NAME
        ))),
    }
}

crate::pickle::json_pickled!(Finding, GameReport, Summary);

impl crate::pickle::Pickled for Report {
    /// The report's JSON and its ids (so that a pickled report still merges exactly).
    fn state<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let json = crate::pickle::json_state(py, &self.0)?;
        let ids = PyBytes::new(py, &self.0.ids().to_bytes());
        Ok(PyTuple::new(py, [json, ids.into_any()])?.into_any())
    }
    fn from_state(state: &Bound<'_, PyAny>) -> PyResult<Report> {
        let (json, ids): (Bound<'_, PyAny>, Bound<'_, PyBytes>) = state.extract()?;
        let report: CReport = crate::pickle::from_json(&json)?;
        let ids = DuplicateIds::from_bytes(ids.as_bytes())
            .ok_or_else(|| PyValueError::new_err("bad pickled state: ids"))?;
        Ok(CReport::from_parts(report.games, report.summary, ids).into())
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
///
/// In a notebook (`_repr_html_`) it shows the summary and the first findings with the
/// board at each one's move: a report made by validate() keeps the records of those
/// games (a report that was pickled, or made by other means, shows no boards).
#[pyclass(frozen, eq, module = "renju")]
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Report(pub CReport, pub Shown);

/// The records of the first games with findings, for the notebook view. They are not
/// part of the report's value: reports compare equal and pickle without them.
#[derive(Debug, Clone, Default)]
pub struct Shown {
    /// (index in the report's games, record), in order.
    records: Vec<(usize, Result<CGame, CParseError>)>,
    /// The options the games were validated with.
    options: ValidationOptions,
}

impl PartialEq for Shown {
    fn eq(&self, _: &Shown) -> bool {
        true
    }
}

impl Eq for Shown {}

impl Shown {
    /// The records shown for `earlier` followed by `later` (whose games come after
    /// `earlier_games` games): the first games with findings of both.
    fn merged(earlier: &Shown, earlier_games: usize, later: &Shown) -> Shown {
        let mut shown = earlier.clone();
        if shown.records.is_empty() {
            shown.options = later.options.clone();
        }
        let room = NOTEBOOK_FINDINGS.saturating_sub(shown.records.len());
        let shifted =
            (later.records.iter().take(room)).map(|(i, r)| (i + earlier_games, r.clone()));
        shown.records.extend(shifted);
        shown
    }
}

impl From<CReport> for Report {
    fn from(report: CReport) -> Report {
        Report(report, Shown::default())
    }
}

/// Findings the notebook view shows with their boards.
const NOTEBOOK_FINDINGS: usize = 20;

py_methods! { Report |r| pickle(Self)
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

    /// The notebook view: the summary with charts of terminations and finding codes,
    /// then the first findings, each with the board at its move and the explanation of
    /// a foul (`renju validate --html FILE` writes a page with them all).
    fn _repr_html_(&self, py: Python<'_>) -> String {
        let shown = &self.1;
        let reports: Vec<CGameReport> = (shown.records.iter())
            .filter_map(|(i, _)| self.0.games.get(*i).cloned())
            .collect();
        let records: Vec<_> = shown.records.iter().map(|(_, r)| r.clone()).collect();
        py.detach(|| {
            html::notebook(
                &self.0.summary,
                &reports,
                &records,
                &shown.options,
                NOTEBOOK_FINDINGS,
            )
        })
    }

    /// One row per game as an Arrow table (the columns are listed in README.md): give
    /// it to pyarrow.table() or polars.DataFrame(), or call its to_pandas().
    #[cfg(feature = "arrow")]
    fn games_table(slf: &Bound<'_, Self>) -> crate::arrow::ArrowTable {
        crate::arrow::ArrowTable::of(slf, crate::arrow::Table::Games)
    }

    /// One row per finding as an Arrow table (the columns are listed in README.md).
    #[cfg(feature = "arrow")]
    fn findings_table(slf: &Bound<'_, Self>) -> crate::arrow::ArrowTable {
        crate::arrow::ArrowTable::of(slf, crate::arrow::Table::Findings)
    }

    /// The report without its games: its summary and the ids its games used, which is
    /// all that merging a later report after it needs (renju.dask passes it from part
    /// to part).
    fn without_games(&self) -> Report {
        let r = &self.0;
        CReport::from_parts(Vec::new(), r.summary.clone(), r.ids().clone()).into()
    }

    /// Report(): the empty report (what merging starts from).
    #[new]
    fn new() -> Report {
        CReport::default().into()
    }

    /// This report followed by the report of the input that comes after it (a new
    /// Report): the one a single run over both gives. Reports of the parts of a file
    /// (validate_bytes() with the parts chunks() gives, or validate() of consecutive
    /// batches of a file's records) merge into the file's report exactly: a game of
    /// the later part whose id the earlier part used gets its duplicate-id finding.
    /// Merging is associative but not commutative: merge in input order, earlier first.
    fn merge(&self, py: Python<'_>, later: &Report) -> Report {
        py.detach(|| {
            let mut merged = self.0.clone();
            let shown = Shown::merged(&self.1, merged.games.len(), &later.1);
            merged.merge(later.0.clone());
            Report(merged, shown)
        })
    }

    /// report + later: merge().
    fn __add__(&self, py: Python<'_>, later: &Report) -> Report {
        self.merge(py, later)
    }

    /// 0 + report (so that sum() works): the report.
    fn __radd__(slf: PyRef<'_, Self>, other: &Bound<'_, PyAny>) -> PyResult<Py<Report>> {
        zero_plus(slf, other)
    }
}

/// One part of a game file, to validate on its own (renju.validate_bytes) with the
/// result the whole file gives for it: a byte range (start, end; end None: to the end
/// of the file) and the reader's state there (lines, games and records before it, and
/// for move lists the directives in force, for RenjuNet databases the tables). renju.chunks() finds the parts; the parts'
/// reports merged in order are the whole file's report. Picklable, to send to other
/// processes or machines.
#[pyclass(frozen, eq, hash, module = "renju")]
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Chunk(pub CChunk);

crate::pickle::json_pickled!(Chunk);

py_methods! { Chunk |c| pickle(Self)
    /// The part as plain data.
    to_dict {
    /// The byte offset of the part in its file.
    start -> u64 = c.0.start;
    /// The byte offset where it ends; None: at the end of the file.
    end -> Option<u64> = c.0.end;
    /// Lines before the part.
    lines -> usize = c.0.lines;
    /// Games before the part: the index of its first game.
    games -> usize = c.0.games;
    /// Records (games and unreadable records) before the part.
    records -> usize = c.0.records;
}
    /// The part's bytes read from a file at `path`.
    fn read(&self, py: Python<'_>, path: PathBuf) -> PyResult<Py<PyBytes>> {
        let bytes = py.detach(|| -> std::io::Result<Vec<u8>> {
            use std::io::{Read, Seek, SeekFrom};
            let mut file = std::fs::File::open(&path)?;
            file.seek(SeekFrom::Start(self.0.start))?;
            let mut bytes = Vec::new();
            match self.0.end {
                Some(end) => file
                    .take(end.saturating_sub(self.0.start))
                    .read_to_end(&mut bytes)?,
                None => file.read_to_end(&mut bytes)?,
            };
            Ok(bytes)
        })?;
        Ok(PyBytes::new(py, &bytes).unbind())
    }

    /// <Chunk bytes 0..1048576, from game 1>.
    fn __repr__(&self) -> String {
        let end = self.0.end.map_or(String::new(), |e| e.to_string());
        format!("<Chunk bytes {}..{end}, from game {}>", self.0.start, self.0.games + 1)
    }
}

/// Splits a game file into parts of about `size` bytes (default 64 MiB) to validate on
/// their own (validate_bytes), for example on other machines: move lists split at line
/// ends, RenjuNet databases between two games (the file is read once, without checking
/// its games, and without holding the GIL); other formats are one part, the whole file. `file` is a path or the file's bytes;
/// the format comes from the path's extension unless format= is given.
#[pyfunction]
#[pyo3(signature = (file, *, format = None, size = 67108864, max_line_bytes = None))]
pub fn chunks(
    py: Python<'_>,
    file: &Bound<'_, PyAny>,
    format: Option<&str>,
    size: u64,
    max_line_bytes: Option<usize>,
) -> PyResult<Vec<Chunk>> {
    let limits = limits_of(max_line_bytes);
    if let Ok(bytes) = file.cast::<PyBytes>() {
        let format = io::format_of(
            format.ok_or_else(|| PyTypeError::new_err("chunks() of bytes needs format="))?,
        )?;
        let bytes = bytes.as_bytes();
        let parts = py.detach(|| format.chunks(bytes, limits, size));
        return Ok(parts.into_iter().map(Chunk).collect());
    }
    let path: PathBuf = file.extract()?;
    let format = io::format_for(&path, format)?;
    let parts = py.detach(|| -> std::io::Result<Vec<CChunk>> {
        let reader = std::io::BufReader::with_capacity(1 << 20, std::fs::File::open(&path)?);
        Ok(format.chunks(reader, limits, size))
    })?;
    Ok(parts.into_iter().map(Chunk).collect())
}

/// Read limits with another move-list line limit.
fn limits_of(max_line_bytes: Option<usize>) -> ReadLimits {
    let mut limits = ReadLimits::default();
    if let Some(m) = max_line_bytes {
        limits.max_line_bytes = m;
    }
    limits
}

/// Validates game records given as bytes: a whole file, or one part of a file (chunk=,
/// from renju.chunks(); `data` is then exactly the part's bytes, chunk.read(path)).
/// Games keep their index, line and byte offset in the whole file, so the parts'
/// reports, merged in order (Report.merge, +, sum()), are the whole file's report.
/// `source` names the file in the report; the format is `format`, or else `source`'s
/// extension. Validates in parallel on all cores without
/// holding the GIL. The other keyword arguments are validate()'s.
#[pyfunction]
#[pyo3(signature = (data, *, format = None, source = None, chunk = None, rule = None, opening = None, claims = None, five_completion_counts = false, offer_equivalence = None, time_control = None, max_line_bytes = None))]
#[allow(clippy::too_many_arguments)]
pub fn validate_bytes(
    py: Python<'_>,
    data: &Bound<'_, PyBytes>,
    format: Option<&str>,
    source: Option<&str>,
    chunk: Option<&Chunk>,
    rule: Option<&Bound<'_, PyAny>>,
    opening: Option<&Bound<'_, PyAny>>,
    claims: Option<&Bound<'_, PyAny>>,
    five_completion_counts: bool,
    offer_equivalence: Option<&Bound<'_, PyAny>>,
    time_control: Option<&Bound<'_, PyAny>>,
    max_line_bytes: Option<usize>,
) -> PyResult<Report> {
    let o = options(
        rule,
        opening,
        claims,
        five_completion_counts,
        offer_equivalence,
        time_control,
    )?;
    let format = match (format, source) {
        (None, Some(path)) => io::format_for(std::path::Path::new(path), None)?,
        (Some(name), _) => io::format_of(name)?,
        (None, None) => {
            return Err(PyTypeError::new_err(
                "validate_bytes() needs format=, or a source= whose extension gives it",
            ))
        }
    };
    let whole = CChunk::default();
    let chunk = chunk.map_or(&whole, |c| &c.0);
    let bytes = data.as_bytes();
    // The bytes must be the chunk's: `end - start` of them when the chunk has an end.
    if let Some(end) = chunk.end {
        let expected = end.checked_sub(chunk.start);
        if expected != Some(bytes.len() as u64) {
            return Err(PyValueError::new_err(match expected {
                Some(n) => format!(
                    "the data ({} bytes) is not the chunk's bytes: the chunk is {n} bytes ({}..{end} of its file)",
                    bytes.len(),
                    chunk.start
                ),
                None => format!(
                    "the chunk ends ({end}) before it starts ({})",
                    chunk.start
                ),
            }));
        }
    }
    let limits = limits_of(max_line_bytes);
    let report = py.detach(|| report::validate_chunk(bytes, format, source, chunk, &o, limits));
    Ok(report.into())
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
    let mut shown = Shown {
        records: Vec::new(),
        options: o.clone(),
    };
    let mut findings_shown = 0;
    loop {
        let done = py.detach(|| {
            let batch: Vec<_> = records.by_ref().take(BATCH).collect();
            let first = reports.len();
            let batch_reports = report::validate_games(&batch, &o, first);
            for (k, (g, record)) in batch_reports.iter().zip(&batch).enumerate() {
                if findings_shown < NOTEBOOK_FINDINGS && !g.findings.is_empty() {
                    findings_shown += g.findings.len();
                    shown.records.push((first + k, record.clone()));
                }
            }
            reports.extend(batch_reports);
            batch.len() < BATCH
        });
        py.check_signals()?;
        if done {
            return Ok(Report(py.detach(|| CReport::from_games(reports)), shown));
        }
    }
}
