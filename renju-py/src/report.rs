//! Validation reports (`renju.Report`, `renju.Summary`, and with the `arrow` feature
//! their Arrow tables, `renju.ArrowTable`): the core's reports, with the same field
//! names in `to_dict()` / `to_json()` as the CLI's `renju validate --json`.

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{IntoPyDict, PyBytes, PyDict, PyTuple};

use renju_core::ParseError as CParseError;
use renju_display::html;
use renju_records::report::{DuplicateIds, GameReport as CGameReport, Summary as CSummary};
use renju_records::ValidationOptions;
use renju_records::{Game as CGame, Report as CReport};

use crate::convert::type_name;
use crate::findings::GameReport;
use crate::names::Name;

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
    /// Games per termination: Termination members (equal to their names: 'five',
    /// 'forbidden', ..., 'unfinished') to counts.
    #[getter]
    fn by_termination<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        self.0.by_termination.iter().map(|(k, v)| (Name(*k), *v)).into_py_dict(py)
    }

    /// Findings per code: FindingCode members (equal to their names) to counts.
    #[getter]
    fn findings<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        self.0.findings.iter().map(|(k, v)| (Name(*k), *v)).into_py_dict(py)
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

crate::pickle::json_pickled!(Summary);

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
    pub records: Vec<(usize, Result<CGame, CParseError>)>,
    /// The options the games were validated with.
    pub options: ValidationOptions,
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
pub const NOTEBOOK_FINDINGS: usize = 20;

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

    /// One row per game as an Arrow table (the columns are listed in the user guide,
    /// docs/validating.md): give it to pyarrow.table() or polars.DataFrame(), or call its
    /// to_pandas().
    #[cfg(feature = "arrow")]
    fn games_table(slf: &Bound<'_, Self>) -> ArrowTable {
        ArrowTable::of(slf, Table::Games)
    }

    /// One row per finding as an Arrow table (the columns are listed in the user guide,
    /// docs/validating.md).
    #[cfg(feature = "arrow")]
    fn findings_table(slf: &Bound<'_, Self>) -> ArrowTable {
        ArrowTable::of(slf, Table::Findings)
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

#[cfg(feature = "arrow")]
pub use tables::ArrowTable;
#[cfg(feature = "arrow")]
use tables::Table;

/// The Arrow tables of a report (beside `Report`, which they are views of).
#[cfg(feature = "arrow")]
mod tables {
    use arrow_array::ffi_stream::FFI_ArrowArrayStream;
    use arrow_array::{RecordBatch, RecordBatchIterator};
    use pyo3::exceptions::PyValueError;
    use pyo3::prelude::*;
    use pyo3::types::{PyCapsule, PyString, PyTuple};

    use super::Report;
    use crate::arrow;

    /// An Arrow table made by renju (a report's games or findings): give it to
    /// pyarrow.table(), polars.DataFrame() or anything that reads the Arrow PyCapsule
    /// interface (__arrow_c_stream__), or call to_pyarrow(), to_pandas() or to_polars().
    /// Pickles as its report and which table it is.
    #[pyclass(frozen, eq, module = "renju")]
    pub struct ArrowTable {
        batch: RecordBatch,
        report: Py<Report>,
        kind: Table,
    }

    /// Which table of a report.
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub enum Table {
        /// One row per game.
        Games,
        /// One row per finding.
        Findings,
    }

    impl Table {
        fn name(self) -> &'static str {
            match self {
                Table::Games => "games",
                Table::Findings => "findings",
            }
        }
    }

    impl PartialEq for ArrowTable {
        fn eq(&self, other: &ArrowTable) -> bool {
            self.kind == other.kind && self.batch == other.batch
        }
    }

    impl ArrowTable {
        /// The games or findings table of a report.
        pub fn of(report: &Bound<'_, Report>, kind: Table) -> ArrowTable {
            let r = &report.get().0;
            let batch = match kind {
                Table::Games => arrow::games_batch(r),
                Table::Findings => arrow::findings_batch(r),
            };
            ArrowTable {
                batch,
                report: report.clone().unbind(),
                kind,
            }
        }
    }

    impl crate::pickle::Pickled for ArrowTable {
        /// The report's state and the table's name.
        fn state<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
            let report = self.report.bind(py).get().state(py)?;
            Ok(
                PyTuple::new(py, [report, PyString::new(py, self.kind.name()).into_any()])?
                    .into_any(),
            )
        }

        fn from_state(state: &Bound<'_, PyAny>) -> PyResult<ArrowTable> {
            let (report, kind): (Bound<'_, PyAny>, String) = state.extract()?;
            let kind = match kind.as_str() {
                "games" => Table::Games,
                "findings" => Table::Findings,
                other => {
                    let msg = format!("bad pickled state: table {other:?}");
                    return Err(PyValueError::new_err(msg));
                }
            };
            let report = Bound::new(state.py(), Report::from_state(&report)?)?;
            Ok(ArrowTable::of(&report, kind))
        }
    }

    py_methods! { ArrowTable |t| pickle(Self) {
        /// The rows.
        num_rows -> usize = t.batch.num_rows();
        /// The column names, in order.
        column_names -> Vec<String> = t.batch.schema().fields().iter().map(|f| f.name().clone()).collect();
    }
        /// The number of rows.
        fn __len__(&self) -> usize {
            self.batch.num_rows()
        }

        /// The table as an Arrow C stream in a PyCapsule (the Arrow PyCapsule interface).
        /// requested_schema is not used: the columns have the types the user guide lists.
        #[pyo3(signature = (requested_schema = None))]
        fn __arrow_c_stream__<'py>(
            &self,
            py: Python<'py>,
            requested_schema: Option<&Bound<'py, PyAny>>,
        ) -> PyResult<Bound<'py, PyCapsule>> {
            let _ = requested_schema;
            let reader = RecordBatchIterator::new([Ok(self.batch.clone())], self.batch.schema());
            PyCapsule::new_with_value(py, FFI_ArrowArrayStream::new(Box::new(reader)), arrow::STREAM)
        }

        /// The table as a pyarrow.Table (needs pyarrow).
        fn to_pyarrow<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
            let pyarrow = slf.py().import("pyarrow")?;
            pyarrow.call_method1("table", (slf,))
        }

        /// The table as a pandas.DataFrame (needs pyarrow and pandas).
        fn to_pandas<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
            ArrowTable::to_pyarrow(slf)?.call_method0("to_pandas")
        }

        /// The table as a polars.DataFrame (needs polars).
        fn to_polars<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
            let polars = slf.py().import("polars")?;
            polars.call_method1("DataFrame", (slf,))
        }

        /// <ArrowTable findings, 200 rows: source, index, ...>.
        fn __repr__(&self) -> String {
            let names = self.column_names().join(", ");
            let (kind, rows) = (self.kind.name(), self.batch.num_rows());
            format!("<ArrowTable {kind}, {rows} rows: {names}>")
        }
    }
}
