//! Reading Python arguments into core values, with TypeError/ValueError messages that
//! say what was expected. Names are read by the core's name tables (`FromStr`).

use std::fmt::Display;
use std::str::FromStr;

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyString, PyTuple};
use serde::Serialize;

use renju_core::{Move as CMove, Point as CPoint, RenjuOptions};
use renju_records::ValidationOptions;

use crate::errors;
use crate::types::{Move, OpeningRule, Point, RuleSet};

/// The Python type name of `obj`, for error messages.
pub fn type_name(obj: &Bound<'_, PyAny>) -> String {
    obj.get_type()
        .name()
        .map_or_else(|_| "?".to_string(), |n| n.to_string())
}

/// A point from a `Point`, a string in h8 notation or an `(x, y)` tuple (0-based).
pub fn point_of(obj: &Bound<'_, PyAny>) -> PyResult<CPoint> {
    let py = obj.py();
    if let Ok(p) = obj.cast::<Point>() {
        return Ok(p.get().0);
    }
    if let Ok(s) = obj.cast::<PyString>() {
        let parsed = s.to_cow()?.trim().parse::<CPoint>();
        return parsed.map_err(|e| errors::point_error(py, &e));
    }
    if let Some((x, y)) = obj.cast::<PyTuple>().ok().and_then(|t| t.extract().ok()) {
        return point_xy(py, x, y);
    }
    Err(PyTypeError::new_err(format!(
        "expected a point: a renju.Point, a string like 'h8' or an (x, y) tuple, not {}",
        type_name(obj)
    )))
}

/// The point at 0-based column `x` and row `y`.
pub fn point_xy(py: Python<'_>, x: i64, y: i64) -> PyResult<CPoint> {
    let point = u8::try_from(x).ok().zip(u8::try_from(y).ok());
    point.and_then(|(x, y)| CPoint::new(x, y)).ok_or_else(|| {
        let msg = format!("({x}, {y}) is not a point (columns and rows run from 0 to 25)");
        errors::point_message(py, msg)
    })
}

/// A move from a `Move`, `"pass"`, or anything [`point_of`] takes.
pub fn move_of(obj: &Bound<'_, PyAny>) -> PyResult<CMove> {
    let py = obj.py();
    if let Ok(m) = obj.cast::<Move>() {
        return Ok(m.get().0);
    }
    if let Ok(s) = obj.cast::<PyString>() {
        let parsed = s.to_cow()?.trim().parse::<CMove>();
        return parsed.map_err(|e| errors::point_error(py, &e));
    }
    point_of(obj)
        .map(CMove::Stone)
        .map_err(|e| match e.is_instance_of::<PyTypeError>(py) {
            true => PyTypeError::new_err(format!(
                "expected a move: a renju.Move, a renju.Point, a string like 'h8' or 'pass', \
             or an (x, y) tuple, not {}",
                type_name(obj)
            )),
            false => e,
        })
}

/// The items of `moves`: a move string (read by the core) or an iterable of `what`
/// (each read by `item`).
pub fn moves_of<T: From<CMove>>(
    moves: &Bound<'_, PyAny>,
    size: u8,
    what: &str,
    item: impl Fn(&Bound<'_, PyAny>) -> PyResult<T>,
) -> PyResult<Vec<T>> {
    if let Ok(s) = moves.cast::<PyString>() {
        let parsed = renju_core::notation::parse_moves(&s.to_cow()?, size);
        let parsed = parsed.map_err(|e| errors::parse_error(moves.py(), &e))?;
        return Ok(parsed.into_iter().map(T::from).collect());
    }
    let t = type_name(moves);
    let msg =
        format!("moves must be a move string like 'h8 i9 j10' or an iterable of {what}, not {t}");
    if moves.cast::<pyo3::types::PyBytes>().is_ok() {
        return Err(PyTypeError::new_err(msg));
    }
    let iter = moves.try_iter().map_err(|_| PyTypeError::new_err(msg))?;
    iter.map(|m| item(&m?)).collect()
}

/// A core value from its Python class `M` or from its name, read by the core's `FromStr`
/// (an unknown name is a ValueError with the core's message; `what` names the argument
/// in TypeErrors).
pub fn named<M, C>(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<C>
where
    M: for<'a, 'py> FromPyObject<'a, 'py> + Into<C> + pyo3::PyClass,
    C: FromStr<Err: Display>,
{
    match obj.extract::<M>() {
        Ok(m) => Ok(m.into()),
        Err(_) => name_of(
            obj,
            &format!("{what} must be a renju.{} or its name", M::NAME),
        ),
    }
}

/// A name read by the core's `FromStr`; `expected` begins the TypeError's message
/// ('claims must be a name').
pub fn name_of<C: FromStr<Err: Display>>(obj: &Bound<'_, PyAny>, expected: &str) -> PyResult<C> {
    match obj.cast::<PyString>() {
        Ok(s) => (s.to_cow()?.parse()).map_err(|e: C::Err| PyValueError::new_err(e.to_string())),
        Err(_) => Err(PyTypeError::new_err(format!(
            "{expected}, not {}",
            type_name(obj)
        ))),
    }
}

/// A board size, checked to fit a `u8` (the core checks the range).
pub fn size_of(py: Python<'_>, size: i64) -> PyResult<u8> {
    u8::try_from(size).map_err(|_| {
        errors::setup_message(py, format!("board size {size} is not supported (5 to 26)"))
    })
}

/// A serialisable value as plain Python data (dicts, lists, strings, numbers).
pub fn to_py_data<'py, T: Serialize>(py: Python<'py>, value: &T) -> PyResult<Bound<'py, PyAny>> {
    py.import("json")?.call_method1("loads", (to_json(value)?,))
}

/// A serialisable value as pretty JSON.
pub fn to_json<T: Serialize>(value: &T) -> PyResult<String> {
    serde_json::to_string_pretty(value)
        .map_err(|e| PyValueError::new_err(format!("cannot serialise: {e}")))
}

/// Validation options from the keyword arguments of `replay`, `validate` and
/// `Game.validate` (each `None` keeps the core's default).
pub fn options(
    rule: Option<&Bound<'_, PyAny>>,
    opening: Option<&Bound<'_, PyAny>>,
    claims: Option<&Bound<'_, PyAny>>,
    five_completion_counts: bool,
    offer_equivalence: Option<&Bound<'_, PyAny>>,
    time_control: Option<&Bound<'_, PyAny>>,
) -> PyResult<ValidationOptions> {
    let mut o = ValidationOptions::default();
    if let Some(tc) = time_control {
        o.time_control = Some(crate::clock::control_of(tc)?);
    }
    if let Some(r) = rule {
        o.rule_set = named::<RuleSet, _>(r, "rule")?;
    }
    if let Some(r) = opening {
        o.opening = named::<OpeningRule, _>(r, "opening")?;
    }
    if let Some(c) = claims {
        o.claims = name_of(c, "claims must be a name")?;
    }
    if let Some(e) = offer_equivalence {
        o.offer_equivalence = name_of(e, "offer_equivalence must be a name")?;
    }
    o.renju = RenjuOptions {
        five_completion_counts,
    };
    Ok(o)
}
