//! The exception hierarchy and the translation of the core's errors into it.
//!
//! ```text
//! Exception
//! └── renju.Error
//!     ├── renju.ParseError       (also a ValueError)   file, line, byte_offset, game, move_number
//!     ├── renju.IllegalMoveError (also a ValueError)   reason, move, point, outcome, move_number
//!     ├── renju.SetupError       (also a ValueError)
//!     └── renju.PointError       (also a ValueError)   text
//! ```
//!
//! The classes are made with `type(name, bases, namespace)` when the module is
//! initialised, so that each can derive from both `renju.Error` and `ValueError`.

use pyo3::exceptions::{PyException, PyValueError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyDict, PyTuple, PyType};
use pyo3::IntoPyObjectExt;

use renju_core::{IllegalMove, ParseError, PointError, SetupError, WriteError};

use crate::types::{Move, Outcome, Point};

static ERROR: PyOnceLock<Py<PyType>> = PyOnceLock::new();
static PARSE_ERROR: PyOnceLock<Py<PyType>> = PyOnceLock::new();
static ILLEGAL_MOVE_ERROR: PyOnceLock<Py<PyType>> = PyOnceLock::new();
static SETUP_ERROR: PyOnceLock<Py<PyType>> = PyOnceLock::new();
static POINT_ERROR: PyOnceLock<Py<PyType>> = PyOnceLock::new();
static WRITE_ERROR: PyOnceLock<Py<PyType>> = PyOnceLock::new();

/// Makes `class name(*bases)` with a docstring and class-level `None` defaults for
/// `attrs`.
fn make_class<'py>(
    py: Python<'py>,
    name: &str,
    bases: Vec<Bound<'py, PyType>>,
    doc: &str,
    attrs: &[&str],
) -> PyResult<Bound<'py, PyType>> {
    let ns = PyDict::new(py);
    ns.set_item("__doc__", doc)?;
    ns.set_item("__module__", "renju")?;
    for a in attrs {
        ns.set_item(*a, py.None())?;
    }
    let bases = PyTuple::new(py, bases)?;
    let class = py.get_type::<PyType>().call1((name, bases, ns))?;
    Ok(class.cast_into::<PyType>()?)
}

/// Creates the exception classes and adds them to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    let value_error = py.get_type::<PyValueError>();
    let error = ERROR
        .get_or_try_init(py, || -> PyResult<_> {
            Ok(make_class(
                py,
                "Error",
                vec![py.get_type::<PyException>()],
                "Base class of every error the renju module raises.",
                &[],
            )?
            .unbind())
        })?
        .bind(py)
        .clone();
    let sub = |cell: &'static PyOnceLock<Py<PyType>>,
               name: &str,
               doc: &str,
               attrs: &[&str]|
     -> PyResult<Bound<'_, PyType>> {
        Ok(cell
            .get_or_try_init(py, || -> PyResult<_> {
                Ok(make_class(
                    py,
                    name,
                    vec![error.clone(), value_error.clone()],
                    doc,
                    attrs,
                )?
                .unbind())
            })?
            .bind(py)
            .clone())
    };
    let parse = sub(
        &PARSE_ERROR,
        "ParseError",
        "Text or bytes that could not be read: a move list, a diagram, a fixture file or a \
         game record.\n\nAttributes: message, file, line, byte_offset, game (the record or \
         fixture id) and move_number; each is None when unknown.",
        &[
            "message",
            "file",
            "line",
            "byte_offset",
            "game",
            "move_number",
        ],
    )?;
    let illegal = sub(
        &ILLEGAL_MOVE_ERROR,
        "IllegalMoveError",
        "A move that cannot be played: the point is occupied or off the board, or the game \
         is over.\n\nAttributes: reason ('occupied', 'off-board' or 'game-over'), move, \
         point (None for a pass), outcome (for 'game-over') and move_number (when playing \
         a list of moves).\n\nA forbidden move is not an error: playing it returns its \
         Verdict and ends the game, as a referee would.",
        &["reason", "move", "point", "outcome", "move_number"],
    )?;
    let setup = sub(
        &SETUP_ERROR,
        "SetupError",
        "A board or position that cannot be set up (board size, a size the rule set does \
         not allow, a stone off the board).",
        &[],
    )?;
    let point = sub(
        &POINT_ERROR,
        "PointError",
        "Text that is not a point in h8 notation, or a point off the board.\n\n\
         Attributes: text (the text read, when there was one).",
        &["text"],
    )?;
    let write = sub(
        &WRITE_ERROR,
        "WriteError",
        "Games that a format cannot hold (a swap decision in a move list, two games in a \
         .psq file, ...).\n\nAttributes: message, format, game and move_number; each is \
         None when unknown.",
        &["message", "format", "game", "move_number"],
    )?;
    m.add("Error", error)?;
    m.add("WriteError", write)?;
    m.add("ParseError", parse)?;
    m.add("IllegalMoveError", illegal)?;
    m.add("SetupError", setup)?;
    m.add("PointError", point)?;
    Ok(())
}

fn class<'py>(py: Python<'py>, cell: &PyOnceLock<Py<PyType>>) -> Bound<'py, PyType> {
    cell.get(py)
        .expect("the exception classes are created when the module is initialised")
        .bind(py)
        .clone()
}

/// Builds an exception instance of `cell` with `message` and attributes.
fn raise(
    py: Python<'_>,
    cell: &PyOnceLock<Py<PyType>>,
    message: String,
    attrs: Vec<(&str, Bound<'_, PyAny>)>,
) -> PyErr {
    let build = || -> PyResult<PyErr> {
        let inst = class(py, cell).call1((message.clone(),))?;
        for (k, v) in attrs {
            inst.setattr(k, v)?;
        }
        Ok(PyErr::from_value(inst))
    };
    build().unwrap_or_else(|e| e)
}

fn opt<'py, T: IntoPyObject<'py>>(py: Python<'py>, v: Option<T>) -> Bound<'py, PyAny> {
    match v {
        Some(v) => v
            .into_bound_py_any(py)
            .unwrap_or_else(|_| py.None().into_bound(py)),
        None => py.None().into_bound(py),
    }
}

/// A `renju.ParseError` from the core's error.
pub fn parse_error(py: Python<'_>, e: &ParseError) -> PyErr {
    let l = &e.location;
    raise(
        py,
        &PARSE_ERROR,
        e.to_string(),
        vec![
            ("message", opt(py, Some(e.message.clone()))),
            ("file", opt(py, l.file.as_deref().map(str::to_string))),
            ("line", opt(py, l.line)),
            ("byte_offset", opt(py, l.byte_offset)),
            ("game", opt(py, l.record.clone())),
            ("move_number", opt(py, l.move_number)),
        ],
    )
}

/// A `renju.WriteError` from the core's error.
pub fn write_error(py: Python<'_>, e: &WriteError) -> PyErr {
    raise(
        py,
        &WRITE_ERROR,
        e.to_string(),
        vec![
            ("message", opt(py, Some(e.message.clone()))),
            ("format", opt(py, Some(e.format.name()))),
            ("game", opt(py, e.record.clone())),
            ("move_number", opt(py, e.move_number)),
        ],
    )
}

/// A `renju.IllegalMoveError` for `mv`, optionally numbered.
pub fn illegal_move(
    py: Python<'_>,
    e: &IllegalMove,
    mv: renju_core::Move,
    move_number: Option<usize>,
) -> PyErr {
    let (reason, outcome) = match e {
        IllegalMove::Occupied { .. } => ("occupied", None),
        IllegalMove::OffBoard { .. } => ("off-board", None),
        IllegalMove::GameOver { outcome } => ("game-over", Some(Outcome(*outcome))),
    };
    let point = match mv {
        renju_core::Move::Stone(p) => Some(Point(p)),
        renju_core::Move::Pass => None,
    };
    let message = match move_number {
        Some(n) => format!("move {n}: {e}"),
        None => e.to_string(),
    };
    raise(
        py,
        &ILLEGAL_MOVE_ERROR,
        message,
        vec![
            ("reason", opt(py, Some(reason))),
            ("move", opt(py, Some(Move(mv)))),
            ("point", opt(py, point)),
            ("outcome", opt(py, outcome)),
            ("move_number", opt(py, move_number)),
        ],
    )
}

/// A `renju.SetupError`.
pub fn setup_error(py: Python<'_>, e: &SetupError) -> PyErr {
    raise(py, &SETUP_ERROR, e.to_string(), vec![])
}

/// A `renju.SetupError` with a message of ours.
pub fn setup_message(py: Python<'_>, message: String) -> PyErr {
    raise(py, &SETUP_ERROR, message, vec![])
}

/// A `renju.PointError`.
pub fn point_error(py: Python<'_>, e: &PointError) -> PyErr {
    let text = match e {
        PointError::Syntax { text } => Some(text.clone()),
        PointError::OffBoard { point, .. } => Some(point.to_string()),
    };
    raise(
        py,
        &POINT_ERROR,
        e.to_string(),
        vec![("text", opt(py, text))],
    )
}

/// A `renju.PointError` with a message of ours.
pub fn point_message(py: Python<'_>, message: String) -> PyErr {
    raise(py, &POINT_ERROR, message, vec![])
}

/// Reads a `renju.ParseError` instance back into the core's error (for `validate`,
/// which reports unreadable records).
pub fn parse_error_from_py(obj: &Bound<'_, PyAny>) -> PyResult<Option<ParseError>> {
    let py = obj.py();
    if !obj.is_instance(&class(py, &PARSE_ERROR))? {
        return Ok(None);
    }
    let get = |k: &str| -> PyResult<Bound<'_, PyAny>> { obj.getattr(k) };
    let message: Option<String> = get("message")?.extract()?;
    let mut e = ParseError::new(message.unwrap_or_else(|| {
        obj.str()
            .map(|s| s.to_string())
            .unwrap_or_else(|_| "unreadable record".to_string())
    }));
    e.location.file = get("file")?.extract::<Option<String>>()?.map(Into::into);
    e.location.line = get("line")?.extract()?;
    e.location.byte_offset = get("byte_offset")?.extract()?;
    e.location.record = get("game")?.extract()?;
    e.location.move_number = get("move_number")?.extract()?;
    Ok(Some(e))
}
