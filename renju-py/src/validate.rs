//! Validation (`renju.validate`, `renju.validate_bytes`, and with the `arrow` feature
//! `renju.validate_arrow`) and the parts of a file to validate on their own
//! (`renju.chunks`, `renju.Chunk`).

use std::path::PathBuf;

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString};

use renju_core::ParseError as CParseError;
use renju_records::formats::{Chunk as CChunk, ReadLimits};
use renju_records::report;
use renju_records::{Game as CGame, Report as CReport};

#[cfg(feature = "arrow")]
use crate::arrow;
use crate::convert::type_name;
use crate::errors;
use crate::game::Game;
use crate::io::{self, GameReader, Records};
use crate::options::{options_of, ValidationOptions};
use crate::report::{Report, Shown, NOTEBOOK_FINDINGS};
#[cfg(feature = "arrow")]
use renju_records::rows::{validate_rows, Row};
#[cfg(feature = "arrow")]
use std::sync::Arc;

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
/// holding the GIL. options= (a ValidationOptions) is validate()'s.
#[pyfunction]
#[pyo3(signature = (data, *, format = None, source = None, chunk = None, options = None, max_line_bytes = None))]
pub fn validate_bytes(
    py: Python<'_>,
    data: &Bound<'_, PyBytes>,
    format: Option<&str>,
    source: Option<&str>,
    chunk: Option<&Chunk>,
    options: Option<&Bound<'_, ValidationOptions>>,
    max_line_bytes: Option<usize>,
) -> PyResult<Report> {
    let o = options_of(options);
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
/// as unreadable records). options= (a ValidationOptions; None: the library's defaults)
/// gives the defaults for what a record does not say. The games are read and replayed in batches, in parallel on all cores, without
/// holding the GIL; Ctrl-C (KeyboardInterrupt) stops it between two batches.
#[pyfunction]
#[pyo3(signature = (games, *, options = None, format = None))]
pub fn validate(
    py: Python<'_>,
    games: &Bound<'_, PyAny>,
    options: Option<&Bound<'_, ValidationOptions>>,
    format: Option<&str>,
) -> PyResult<Report> {
    let o = options_of(options);
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

/// Rows of an Arrow column validated between two checks for Ctrl-C (KeyboardInterrupt).
#[cfg(feature = "arrow")]
const ARROW_BATCH: usize = 1 << 16;

/// Validates games given as an Arrow column of move strings (one game per row, written
/// as a line of a move-list file) and returns a Report; each game's `index` is its row
/// number plus first_index, its `source` is source.
///
/// moves, and the optional rules (rule set or RenjuNet rule names), openings (opening
/// protocol names) and ids columns: Arrow arrays of strings (pyarrow Array or
/// ChunkedArray, a table's column, a polars Series, or any object with
/// __arrow_c_stream__ or __arrow_c_array__; plain or dictionary-encoded), of one length; a null is "not said" (a null
/// move string is an unreadable record). options= (a ValidationOptions) gives the
/// defaults of renju.validate() for what a row does not say. The columns are read without copying
/// and the games replayed in parallel on all cores without holding the GIL.
#[cfg(feature = "arrow")]
#[pyfunction]
#[pyo3(signature = (moves, *, rules = None, openings = None, ids = None, source = None, first_index = 0, size = 15, options = None))]
#[allow(clippy::too_many_arguments)]
pub fn validate_arrow(
    py: Python<'_>,
    moves: &Bound<'_, PyAny>,
    rules: Option<&Bound<'_, PyAny>>,
    openings: Option<&Bound<'_, PyAny>>,
    ids: Option<&Bound<'_, PyAny>>,
    source: Option<String>,
    first_index: usize,
    size: i64,
    options: Option<&Bound<'_, ValidationOptions>>,
) -> PyResult<Report> {
    let o = options_of(options);
    let size = crate::convert::size_of(py, size)?;
    let chunks = |obj: Option<&Bound<'_, PyAny>>, what| obj.map(|o| arrow::arrow_chunks(o, what));
    let move_chunks = arrow::arrow_chunks(moves, "moves")?;
    let rule_chunks = chunks(rules, "rules").transpose()?;
    let opening_chunks = chunks(openings, "openings").transpose()?;
    let id_chunks = chunks(ids, "ids").transpose()?;
    let moves = arrow::strings(&move_chunks, "moves")?;
    let n = moves.len();
    let rules = arrow::column(rule_chunks.as_deref(), "rules", n)?;
    let openings = arrow::column(opening_chunks.as_deref(), "openings", n)?;
    let ids = arrow::column(id_chunks.as_deref(), "ids", n)?;
    let file: Option<Arc<str>> = source.map(Arc::from);
    fn at<'a>(c: &Option<Vec<Option<&'a str>>>, i: usize) -> Option<&'a str> {
        c.as_ref().and_then(|c| c[i])
    }
    let mut reports = Vec::with_capacity(n);
    for start in (0..n).step_by(ARROW_BATCH) {
        let count = ARROW_BATCH.min(n - start);
        py.detach(|| {
            let row = |i: usize| Row {
                moves: moves[start + i],
                rule: at(&rules, start + i),
                opening: at(&openings, start + i),
                id: at(&ids, start + i),
            };
            let first = first_index + start;
            reports.extend(validate_rows(count, row, &o, file.as_ref(), first, size));
        });
        py.check_signals()?;
    }
    Ok(py.detach(|| CReport::from_games(reports)).into())
}
