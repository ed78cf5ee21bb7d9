//! Arrow (cargo feature `arrow`): the record batches of a report's tables (for
//! `renju.ArrowTable`, in `report`) and the reading of Arrow columns of move strings
//! (for `renju.validate_arrow`, in `validate`).
//!
//! Data cross the boundary through the Arrow C data interface, wrapped in PyCapsules as
//! the Arrow PyCapsule interface says (`__arrow_c_stream__`, `__arrow_c_array__`): pyarrow
//! (>= 14), polars, DuckDB and others read our tables and give us their columns without
//! copying through Python objects, and nothing here depends on pyarrow. The arrays are
//! arrow-rs's (`arrow-array`); the columns' names and types are in the user guide (docs/validating.md).

use std::ffi::CStr;
use std::ptr::NonNull;
use std::sync::Arc;

use arrow_array::builder::{StringBuilder, UInt64Builder};
use arrow_array::cast::AsArray;
use arrow_array::ffi::{from_ffi, FFI_ArrowArray, FFI_ArrowSchema};
use arrow_array::ffi_stream::{ArrayStreamReader, FFI_ArrowArrayStream};
use arrow_array::{
    make_array, Array, ArrayRef, LargeStringArray, RecordBatch, StringArray, StringViewArray,
};
use arrow_schema::{ArrowError, DataType, Field, Schema};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyCapsule, PyCapsuleMethods, PyTuple};

use renju_records::report::{GameReport as CGameReport, Report as CReport};

use crate::convert::type_name;

pub const STREAM: &CStr = c"arrow_array_stream";
const SCHEMA: &CStr = c"arrow_schema";
const ARRAY: &CStr = c"arrow_array";

/// A non-null and a nullable column of each type the tables use.
fn utf8(name: &str, nullable: bool) -> Field {
    Field::new(name, DataType::Utf8, nullable)
}

fn uint64(name: &str, nullable: bool) -> Field {
    Field::new(name, DataType::UInt64, nullable)
}

/// The columns every row of both tables starts with: the game's file, index and id.
struct GameKey {
    source: StringBuilder,
    index: UInt64Builder,
    id: StringBuilder,
}

impl GameKey {
    fn new() -> GameKey {
        GameKey {
            source: StringBuilder::new(),
            index: UInt64Builder::new(),
            id: StringBuilder::new(),
        }
    }

    fn push(&mut self, g: &CGameReport) {
        self.source.append_option(g.source.as_deref());
        self.index.append_value(g.index as u64);
        self.id.append_option(g.id.as_deref());
    }

    fn fields() -> [Field; 3] {
        [
            utf8("source", true),
            uint64("index", false),
            utf8("id", true),
        ]
    }

    fn finish(mut self) -> [ArrayRef; 3] {
        [
            Arc::new(self.source.finish()),
            Arc::new(self.index.finish()),
            Arc::new(self.id.finish()),
        ]
    }
}

fn batch(fields: Vec<Field>, columns: Vec<ArrayRef>) -> RecordBatch {
    RecordBatch::try_new(Arc::new(Schema::new(fields)), columns)
        .expect("the columns match their fields")
}

/// One row per game.
pub fn games_batch(report: &CReport) -> RecordBatch {
    let mut key = GameKey::new();
    let (mut moves, mut rule, mut protocol, mut opening) = (
        UInt64Builder::new(),
        StringBuilder::new(),
        StringBuilder::new(),
        StringBuilder::new(),
    );
    let (mut winner, mut termination, mut result) = (
        StringBuilder::new(),
        StringBuilder::new(),
        StringBuilder::new(),
    );
    let (mut findings, mut errors, mut warnings) = (
        UInt64Builder::new(),
        UInt64Builder::new(),
        UInt64Builder::new(),
    );
    for g in &report.games {
        key.push(g);
        moves.append_value(g.moves as u64);
        rule.append_option(g.rule.as_deref());
        protocol.append_option(g.protocol.as_deref());
        opening.append_option(g.opening.as_deref());
        winner.append_option(g.outcome.winner.map(|c| c.name()));
        termination.append_value(g.outcome.termination.name());
        result.append_value(g.outcome.result());
        findings.append_value(g.findings.len() as u64);
        errors.append_value(g.count(renju_records::Severity::Error) as u64);
        warnings.append_value(g.count(renju_records::Severity::Warning) as u64);
    }
    let mut fields = GameKey::fields().to_vec();
    fields.extend([
        uint64("moves", false),
        utf8("rule", true),
        utf8("protocol", true),
        utf8("opening", true),
        utf8("winner", true),
        utf8("termination", false),
        utf8("result", false),
        uint64("findings", false),
        uint64("errors", false),
        uint64("warnings", false),
    ]);
    let mut columns = key.finish().to_vec();
    columns.extend::<[ArrayRef; 10]>([
        Arc::new(moves.finish()),
        Arc::new(rule.finish()),
        Arc::new(protocol.finish()),
        Arc::new(opening.finish()),
        Arc::new(winner.finish()),
        Arc::new(termination.finish()),
        Arc::new(result.finish()),
        Arc::new(findings.finish()),
        Arc::new(errors.finish()),
        Arc::new(warnings.finish()),
    ]);
    batch(fields, columns)
}

/// One row per finding, in game order then in each game's order.
pub fn findings_batch(report: &CReport) -> RecordBatch {
    let mut key = GameKey::new();
    let (mut severity, mut code, mut message) = (
        StringBuilder::new(),
        StringBuilder::new(),
        StringBuilder::new(),
    );
    let (mut move_number, mut line, mut byte_offset) = (
        UInt64Builder::new(),
        UInt64Builder::new(),
        UInt64Builder::new(),
    );
    for g in &report.games {
        for f in &g.findings {
            key.push(g);
            severity.append_value(f.severity.name());
            code.append_value(f.code.name());
            move_number.append_option(f.move_number.map(|m| m as u64));
            message.append_value(&f.message);
            line.append_option(f.line.map(|l| l as u64));
            byte_offset.append_option(f.byte_offset);
        }
    }
    let mut fields = GameKey::fields().to_vec();
    fields.extend([
        utf8("severity", false),
        utf8("code", false),
        uint64("move_number", true),
        utf8("message", false),
        uint64("line", true),
        uint64("byte_offset", true),
    ]);
    let mut columns = key.finish().to_vec();
    columns.extend::<[ArrayRef; 6]>([
        Arc::new(severity.finish()),
        Arc::new(code.finish()),
        Arc::new(move_number.finish()),
        Arc::new(message.finish()),
        Arc::new(line.finish()),
        Arc::new(byte_offset.finish()),
    ]);
    batch(fields, columns)
}

/// The error of a column that cannot be read, naming it.
fn column_error(what: &str, e: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(format!("cannot read the {what} column: {e}"))
}

/// The chunks of an Arrow array-like: an object with `__arrow_c_stream__` (pyarrow
/// Array, ChunkedArray, polars Series, ...) or `__arrow_c_array__`.
///
/// Arrays imported through the C data interface are not checked by the import; they
/// are checked here in full (offsets within their buffers, UTF-8, dictionary keys), so
/// that a producer's bad array is a ValueError and not a read out of bounds.
pub fn arrow_chunks(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<Vec<ArrayRef>> {
    let err = |e: ArrowError| column_error(what, e);
    if obj.hasattr("__arrow_c_stream__")? {
        let capsule = obj.call_method0("__arrow_c_stream__")?;
        let capsule = capsule.cast::<PyCapsule>()?;
        let ptr: NonNull<FFI_ArrowArrayStream> = capsule.pointer_checked(Some(STREAM))?.cast();
        // SAFETY: the capsule holds an ArrowArrayStream (its name says so); from_raw
        // moves it out and marks the capsule's copy released, as the interface asks.
        let reader = unsafe { ArrayStreamReader::from_raw(ptr.as_ptr()) }.map_err(err)?;
        let arrays: Vec<ArrayRef> = reader.collect::<Result<_, _>>().map_err(err)?;
        return validated(arrays, what);
    }
    if obj.hasattr("__arrow_c_array__")? {
        let pair = obj.call_method0("__arrow_c_array__")?;
        let pair = pair.cast::<PyTuple>()?;
        let schema = pair.get_item(0)?;
        let schema = schema.cast::<PyCapsule>()?;
        let array = pair.get_item(1)?;
        let array = array.cast::<PyCapsule>()?;
        let schema: NonNull<FFI_ArrowSchema> = schema.pointer_checked(Some(SCHEMA))?.cast();
        let array: NonNull<FFI_ArrowArray> = array.pointer_checked(Some(ARRAY))?.cast();
        // SAFETY: the capsules hold an ArrowSchema and an ArrowArray (their names say
        // so). The schema is borrowed (its capsule releases it); the array is moved out.
        let data = unsafe {
            let array = FFI_ArrowArray::from_raw(array.as_ptr());
            from_ffi(array, schema.as_ref())
        };
        return validated(vec![make_array(data.map_err(err)?)], what);
    }
    Err(PyTypeError::new_err(format!(
        "the {what} column must be an Arrow array (pyarrow.Array or ChunkedArray, a polars \
         Series, or anything with __arrow_c_stream__ or __arrow_c_array__), not {}",
        type_name(obj)
    )))
}

/// `arrays`, once each has passed Arrow's full validation.
fn validated(arrays: Vec<ArrayRef>, what: &str) -> PyResult<Vec<ArrayRef>> {
    for array in &arrays {
        (array.to_data().validate_full()).map_err(|e| column_error(what, e))?;
    }
    Ok(arrays)
}

/// The strings of a column's chunks, one per row (None: null).
pub fn strings<'a>(chunks: &'a [ArrayRef], what: &str) -> PyResult<Vec<Option<&'a str>>> {
    let mut out = Vec::with_capacity(chunks.iter().map(|c| c.len()).sum());
    for chunk in chunks {
        let any = chunk.as_any();
        if let Some(a) = any.downcast_ref::<StringArray>() {
            out.extend(a.iter());
        } else if let Some(a) = any.downcast_ref::<LargeStringArray>() {
            out.extend(a.iter());
        } else if let Some(a) = any.downcast_ref::<StringViewArray>() {
            out.extend(a.iter());
        } else if chunk.data_type() == &DataType::Null {
            out.extend(std::iter::repeat_n(None, chunk.len()));
        } else if let Some(d) = chunk.as_any_dictionary_opt() {
            // Dictionary-encoded strings (pandas and polars categoricals): the rows
            // point into the strings of the dictionary.
            let values = strings(std::slice::from_ref(d.values()), what)?;
            let keys = d.normalized_keys().into_iter().enumerate();
            out.extend(keys.map(|(i, k)| {
                if chunk.is_null(i) {
                    None
                } else {
                    values.get(k).copied().flatten()
                }
            }));
        } else {
            let t = chunk.data_type();
            let msg = format!("the {what} column must hold strings, not {t}");
            return Err(PyTypeError::new_err(msg));
        }
    }
    Ok(out)
}

/// The strings of an optional column, which must have `n` rows.
pub fn column<'a>(
    chunks: Option<&'a [ArrayRef]>,
    what: &str,
    n: usize,
) -> PyResult<Option<Vec<Option<&'a str>>>> {
    let Some(chunks) = chunks else {
        return Ok(None);
    };
    let column = strings(chunks, what)?;
    if column.len() != n {
        let msg = format!("the {what} column has {} rows, moves has {n}", column.len());
        return Err(PyValueError::new_err(msg));
    }
    Ok(Some(column))
}
