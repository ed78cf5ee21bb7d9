//! The exception hierarchy and the translation of the core's errors into it.
//!
//! ```text
//! Exception
//! └── renju.Error
//!     ├── renju.ParseError       (also a ValueError)   file, line, byte_offset, game, move_number
//!     ├── renju.WriteError       (also a ValueError)   format, game, move_number
//!     ├── renju.IllegalMoveError (also a ValueError)   reason, move, point, outcome, move_number
//!     ├── renju.SetupError       (also a ValueError)
//!     ├── renju.PointError       (also a ValueError)   text
//!     ├── renju.referee.RefusalError (also a ValueError)   code, message
//!     └── renju.env.ActionError  (also a ValueError)   game, action
//! ```
//!
//! The classes are made with `type(name, bases, namespace)` when the module is
//! initialised, so that each can derive from both `renju.Error` and `ValueError`. Each
//! names the public module that holds it (`__module__`), so that pickles and reprs name
//! it: the referee's refusal is `renju.referee.RefusalError`, the environments' action
//! error `renju.env.ActionError`, the others are in `renju`.

use pyo3::exceptions::{PyException, PyValueError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyDict, PyTuple, PyType};
use pyo3::IntoPyObjectExt;

use renju_core::{ParseError, PointError, SetupError};
use renju_records::WriteError;

/// Indices into [`CLASSES`].
const PARSE: usize = 1;
const WRITE: usize = 2;
const ILLEGAL: usize = 3;
const SETUP: usize = 4;
const POINT: usize = 5;
const REFUSAL: usize = 6;
const ACTION: usize = 7;

/// Each class: public module, name, docstring, attributes (None until set). Every
/// class but `Error` derives from `Error` and `ValueError`.
const CLASSES: [(&str, &str, &str, &[&str]); 8] = [
    (
        "renju",
        "Error",
        "Base class of every error the renju module raises.",
        &[],
    ),
    (
        "renju",
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
    ),
    (
        "renju",
        "WriteError",
        "Games that a format cannot hold (a swap decision in a move list, two games in a \
         .psq file, ...).\n\nAttributes: message, format, game and move_number; each is \
         None when unknown.",
        &["message", "format", "game", "move_number"],
    ),
    (
        "renju",
        "IllegalMoveError",
        "A move that cannot be played: the point is occupied or off the board, or the game \
         is over.\n\nAttributes: reason ('occupied', 'off-board' or 'game-over'), move, \
         point (None for a pass), outcome (for 'game-over') and move_number (when playing \
         a list of moves).\n\nA forbidden move is not an error: playing it returns its \
         Verdict and ends the game, as a referee would.",
        &["point", "outcome", "move_number"], // reason and move are always set
    ),
    (
        "renju",
        "SetupError",
        "A board, position or match that cannot be set up (board size, a size the rule \
         set does not allow, a stone off the board; a match with fewer than two engines, \
         an engine's program not found, an openings file that cannot be read).",
        &[],
    ),
    (
        "renju",
        "PointError",
        "Text that is not a point in h8 notation, or a point off the board.\n\n\
         Attributes: text (the text read, when there was one).",
        &["text"],
    ),
    (
        "renju.referee",
        "RefusalError",
        "An action the live referee (renju.referee.Referee) refused: nothing changed, except that \
         a flag that fell before the action's time stamp has fallen.\n\nAttributes: code \
         (a RefusalCode, equal to its stable name: 'not-your-turn', 'wrong-action', \
         'occupied', 'off-board', 'outside-area', 'forbidden', 'offer-count', \
         'symmetric-offers', 'not-offered', 'draw-offer-not-allowed', 'game-over', \
         'bad-request', 'paused', 'adjourned', 'seal-mismatch') and message (why, in a sentence).",
        &[], // code and message are always set
    ),
    (
        "renju.env",
        "ActionError",
        "An action a self-play environment (VecEnv, EnvGame) cannot take: out of range, \
         an occupied point, a point forbidden to Black while fouls are masked, a pass not \
         allowed, or an action for a game that is over. Nothing changed.\n\nAttributes: \
         game (the game's index in a VecEnv, else None) and action (None for a game over).",
        &["game", "action"],
    ),
];

static TYPES: PyOnceLock<Vec<Py<PyType>>> = PyOnceLock::new();

/// Creates the exception classes and adds them to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    let types = TYPES.get_or_try_init(py, || -> PyResult<_> {
        let mut types: Vec<Py<PyType>> = Vec::new();
        for (module, name, doc, attrs) in CLASSES {
            let bases = match types.first() {
                None => PyTuple::new(py, [py.get_type::<PyException>()])?,
                Some(error) => PyTuple::new(py, [error.bind(py), &py.get_type::<PyValueError>()])?,
            };
            let ns = PyDict::new(py);
            ns.set_item("__doc__", doc)?;
            ns.set_item("__module__", module)?;
            for a in attrs {
                ns.set_item(*a, py.None())?;
            }
            let class = py.get_type::<PyType>().call1((name, bases, ns))?;
            types.push(class.cast_into::<PyType>()?.unbind());
        }
        Ok(types)
    })?;
    for ((_, name, _, _), class) in CLASSES.iter().zip(types) {
        m.add(*name, class.bind(py))?;
    }
    Ok(())
}

fn class(py: Python<'_>, index: usize) -> &Bound<'_, PyType> {
    let types = TYPES
        .get(py)
        .expect("the exception classes are made with the module");
    types[index].bind(py)
}

/// An attribute value: `None` stays None.
pub fn any<'py>(py: Python<'py>, v: impl IntoPyObject<'py>) -> Bound<'py, PyAny> {
    v.into_bound_py_any(py)
        .unwrap_or_else(|_| py.None().into_bound(py))
}

/// An exception instance of class `index` with `message` and attributes.
fn raise(
    py: Python<'_>,
    index: usize,
    message: String,
    attrs: &[(&str, Bound<'_, PyAny>)],
) -> PyErr {
    let build = || -> PyResult<PyErr> {
        let inst = class(py, index).call1((message,))?;
        for (k, v) in attrs {
            inst.setattr(*k, v)?;
        }
        Ok(PyErr::from_value(inst))
    };
    build().unwrap_or_else(|e| e)
}

/// A `renju.ParseError` from the core's error.
pub fn parse_error(py: Python<'_>, e: &ParseError) -> PyErr {
    let l = &e.location;
    let attrs = [
        ("message", any(py, &e.message)),
        ("file", any(py, l.file.as_deref())),
        ("line", any(py, l.line)),
        ("byte_offset", any(py, l.byte_offset)),
        ("game", any(py, &l.record)),
        ("move_number", any(py, l.move_number)),
    ];
    raise(py, PARSE, e.to_string(), &attrs)
}

/// A `renju.WriteError` from the core's error.
pub fn write_error(py: Python<'_>, e: &WriteError) -> PyErr {
    let attrs = [
        ("message", any(py, &e.message)),
        ("format", any(py, e.format.name())),
        ("game", any(py, &e.record)),
        ("move_number", any(py, e.move_number)),
    ];
    raise(py, WRITE, e.to_string(), &attrs)
}

/// A `renju.IllegalMoveError` with `message` and attributes (`reason`, `move`, `point`,
/// `outcome`, `move_number`); `types::illegal_move` builds them from the core's error.
pub fn illegal_move_error(
    py: Python<'_>,
    message: String,
    attrs: &[(&str, Bound<'_, PyAny>)],
) -> PyErr {
    raise(py, ILLEGAL, message, attrs)
}

/// A `renju.SetupError`.
pub fn setup_error(py: Python<'_>, e: &SetupError) -> PyErr {
    raise(py, SETUP, e.to_string(), &[])
}

/// A `renju.SetupError` with a message of ours.
pub fn setup_message(py: Python<'_>, message: String) -> PyErr {
    raise(py, SETUP, message, &[])
}

/// A `renju.PointError`.
pub fn point_error(py: Python<'_>, e: &PointError) -> PyErr {
    let text = match e {
        PointError::Syntax { text } => text.clone(),
        PointError::OffBoard { point, .. } => point.to_string(),
    };
    raise(py, POINT, e.to_string(), &[("text", any(py, text))])
}

/// A `renju.PointError` with a message of ours.
pub fn point_message(py: Python<'_>, message: String) -> PyErr {
    raise(py, POINT, message, &[])
}

/// A `renju.referee.RefusalError` with `message` and its attributes (`code`, `message`);
/// `referee::refusal_error` builds them from the core's refusal.
pub fn refusal_error(py: Python<'_>, message: String, attrs: &[(&str, Bound<'_, PyAny>)]) -> PyErr {
    raise(py, REFUSAL, message, attrs)
}

/// A `renju.env.ActionError` with `message` and its attributes (`game`, `action`).
pub fn action_error(py: Python<'_>, message: String, attrs: &[(&str, Bound<'_, PyAny>)]) -> PyErr {
    raise(py, ACTION, message, attrs)
}

/// Reads a `renju.ParseError` instance back into the core's error (for `validate`,
/// which reports unreadable records).
pub fn parse_error_from_py(obj: &Bound<'_, PyAny>) -> PyResult<Option<ParseError>> {
    if !obj.is_instance(class(obj.py(), PARSE))? {
        return Ok(None);
    }
    let message: Option<String> = obj.getattr("message")?.extract()?;
    let mut e = ParseError::new(match message {
        Some(m) => m,
        None => obj.str()?.to_string(),
    });
    e.location.file = obj
        .getattr("file")?
        .extract::<Option<String>>()?
        .map(Into::into);
    e.location.line = obj.getattr("line")?.extract()?;
    e.location.byte_offset = obj.getattr("byte_offset")?.extract()?;
    e.location.record = obj.getattr("game")?.extract()?;
    e.location.move_number = obj.getattr("move_number")?.extract()?;
    Ok(Some(e))
}
