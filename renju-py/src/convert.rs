//! Reading Python arguments into core values, with TypeError/ValueError messages that
//! say what was expected. Names are read by the core's name tables (`FromStr`).

use std::fmt::Display;
use std::str::FromStr;

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyString;
use serde::Serialize;

use renju_core::Move as CMove;

use crate::errors;

/// The Python type name of `obj`, for error messages.
pub fn type_name(obj: &Bound<'_, PyAny>) -> String {
    obj.get_type()
        .name()
        .map_or_else(|_| "?".to_string(), |n| n.to_string())
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
/// A whole number argument in `0..=max`, from any Python int: a negative or too large
/// one is a ValueError naming the argument (PyO3's own conversion raises a bare
/// OverflowError that names nothing).
pub fn whole_in(name: &str, value: i128, max: u128) -> PyResult<u128> {
    u128::try_from(value)
        .ok()
        .filter(|&v| v <= max)
        .ok_or_else(|| {
            pyo3::exceptions::PyValueError::new_err(format!(
                "{name} must be 0 to {max}, not {value}"
            ))
        })
}

/// A seed: any whole number from 0 to 2**64 - 1.
pub fn seed_of(value: i128) -> PyResult<u64> {
    whole_in("seed", value, u128::from(u64::MAX)).map(|v| v as u64)
}

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

/// The hash of a value's JSON form (the option classes hash by it).
pub fn json_hash<T: Serialize>(value: &T) -> PyResult<u64> {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    to_json(value)?.hash(&mut h);
    Ok(h.finish())
}

/// An optional value as a repr writes it: `'text'` or `None`.
pub fn repr_text<T: Display>(value: Option<&T>) -> String {
    value.map_or("None".to_string(), |v| format!("'{v}'"))
}

/// A bool as a repr writes it: `True` or `False`.
pub fn repr_bool(value: bool) -> &'static str {
    if value {
        "True"
    } else {
        "False"
    }
}

/// `pixels` if a picture may be that wide ([`renju_display::svg::PIXELS`]).
pub(crate) fn check_pixels(pixels: u32) -> PyResult<()> {
    let range = renju_display::svg::PIXELS;
    if range.contains(&pixels) {
        Ok(())
    } else {
        Err(pyo3::exceptions::PyValueError::new_err(format!(
            "pixels must be {} to {}, not {pixels}",
            range.start(),
            range.end()
        )))
    }
}
