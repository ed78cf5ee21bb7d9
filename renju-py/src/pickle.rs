//! Pickling, one mechanism for every class: `py_methods! { X |x| pickle(Self) ... }`
//! gives the class `__reduce__`, returning `(X._from_state, (state,))`, from its
//! [`Pickled`] impl. The state is compact: a name or a text the core reads back (enums,
//! points, moves, time controls), or the core value's serde JSON as bytes. `copy.copy`
//! and `copy.deepcopy` use the same `__reduce__`.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString};
use serde::de::DeserializeOwned;
use serde::Serialize;

/// A class whose objects pickle as a state that rebuilds them.
pub trait Pickled: Sized {
    /// The object's state: str, bytes or a tuple of them.
    fn state<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>>;
    /// The object of a state [`Pickled::state`] gave.
    fn from_state(state: &Bound<'_, PyAny>) -> PyResult<Self>;
}

/// `__reduce__`: the class's `_from_state` and the state.
pub fn reduce<'py, T: Pickled + pyo3::PyClass>(
    slf: &Bound<'py, T>,
) -> PyResult<(Bound<'py, PyAny>, (Bound<'py, PyAny>,))> {
    let state = slf.borrow().state(slf.py())?;
    Ok((slf.as_any().get_type().getattr("_from_state")?, (state,)))
}

/// A state that is the object's text (its `Display`).
pub fn text_state<'py>(py: Python<'py>, v: &impl std::fmt::Display) -> PyResult<Bound<'py, PyAny>> {
    Ok(PyString::new(py, &v.to_string()).into_any())
}

/// The core value of a text state.
pub fn from_text<T: std::str::FromStr<Err: std::fmt::Display>>(
    state: &Bound<'_, PyAny>,
) -> PyResult<T> {
    let text = state.cast::<PyString>()?.to_cow()?;
    text.parse()
        .map_err(|e: T::Err| PyValueError::new_err(format!("bad pickled state: {e}")))
}

/// A state that is a core value's serde JSON, as bytes.
pub fn json_state<'py, T: Serialize>(py: Python<'py>, v: &T) -> PyResult<Bound<'py, PyAny>> {
    let bytes =
        serde_json::to_vec(v).map_err(|e| PyValueError::new_err(format!("cannot pickle: {e}")))?;
    Ok(PyBytes::new(py, &bytes).into_any())
}

/// The core value of a JSON state.
pub fn from_json<T: DeserializeOwned>(state: &Bound<'_, PyAny>) -> PyResult<T> {
    let bytes = state.cast::<PyBytes>()?.as_bytes();
    serde_json::from_slice(bytes)
        .map_err(|e| PyValueError::new_err(format!("bad pickled state: {e}")))
}

/// [`Pickled`] for classes wrapping (`.0`) a core value that serde reads and writes.
macro_rules! json_pickled {
    ($($ty:ty),+ $(,)?) => {$(
        impl $crate::pickle::Pickled for $ty {
            fn state<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
                $crate::pickle::json_state(py, &self.0)
            }
            fn from_state(state: &Bound<'_, PyAny>) -> PyResult<Self> {
                $crate::pickle::from_json(state).map(Self)
            }
        }
    )+};
}

/// [`Pickled`] for classes wrapping (`.0`) a core value that its text (`Display`)
/// gives back (`FromStr`).
macro_rules! text_pickled {
    ($($ty:ty),+ $(,)?) => {$(
        impl $crate::pickle::Pickled for $ty {
            fn state<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
                $crate::pickle::text_state(py, &self.0)
            }
            fn from_state(state: &Bound<'_, PyAny>) -> PyResult<Self> {
                $crate::pickle::from_text(state).map(Self)
            }
        }
    )+};
}

pub(crate) use {json_pickled, text_pickled};
