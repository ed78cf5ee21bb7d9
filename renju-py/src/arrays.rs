//! numpy in and out without a numpy build dependency: arrays are read as bytes
//! (`numpy.ascontiguousarray(..., uint8).tobytes()`, one copy) and answers written into
//! a bytearray that `numpy.frombuffer` wraps without copying, once per call. The module
//! imports without numpy; these functions raise ImportError when it is missing.
//!
//! Layout: `[y, x]` with y = 0 the bottom row (row 1) and x = 0 column a, as in
//! `Board.to_numpy()`; cells 0 empty, 1 black, 2 white (`renju_core::batch`).

use pyo3::exceptions::{PyImportError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyBytes, PyString};

use renju_core::batch::{self, MaskValues};
use renju_core::{RenjuOptions, RuleSet as CRuleSet, SetupError};

use crate::convert::{self, named};
use crate::errors;
use crate::types::RuleSet;

/// The numpy module, or an ImportError saying that `what` needs it.
pub fn numpy<'py>(py: Python<'py>, what: &str) -> PyResult<Bound<'py, PyModule>> {
    py.import("numpy").map_err(|_| {
        let msg = format!("{what} needs numpy, which is not installed (pip install numpy)");
        PyImportError::new_err(msg)
    })
}

/// An array of cells read as bytes: its shape and its C-order uint8 bytes. Integer or
/// bool arrays only; values outside 0..=2 are a ValueError.
pub fn cells_of<'py>(
    np: &Bound<'py, PyModule>,
    array: &Bound<'py, PyAny>,
    ndim: usize,
    what: &str,
) -> PyResult<(Vec<usize>, Bound<'py, PyBytes>)> {
    let arr = np.call_method1("asarray", (array,))?;
    let shape: Vec<usize> = arr.getattr("shape")?.extract()?;
    if shape.len() != ndim {
        let want = if ndim == 2 {
            "(size, size)"
        } else {
            "(N, size, size)"
        };
        let msg = format!(
            "{what} takes a {want} array of 0 (empty), 1 (black), 2 (white), not shape {shape:?}"
        );
        return Err(PyValueError::new_err(msg));
    }
    let dtype = arr.getattr("dtype")?;
    let kind: String = dtype.getattr("kind")?.extract()?;
    if !matches!(kind.as_str(), "i" | "u" | "b") {
        let msg = format!(
            "{what} takes an integer array (0 empty, 1 black, 2 white), not dtype {}",
            dtype.str()?
        );
        return Err(PyTypeError::new_err(msg));
    }
    let is_u8 = dtype.eq(np.getattr("uint8")?)?;
    let any = shape.iter().product::<usize>() > 0;
    if !is_u8 && kind != "b" && any {
        let (lo, hi): (i128, i128) = (
            arr.call_method0("min")?.extract()?,
            arr.call_method0("max")?.extract()?,
        );
        if lo < 0 || hi > 2 {
            let bad = if lo < 0 { lo } else { hi };
            let msg =
                format!("{what}: a cell holds {bad}; cells are 0 (empty), 1 (black) or 2 (white)");
            return Err(PyValueError::new_err(msg));
        }
    }
    let contiguous = np.call_method1("ascontiguousarray", (arr, np.getattr("uint8")?))?;
    let bytes = contiguous.call_method0("tobytes")?.cast_into::<PyBytes>()?;
    Ok((shape, bytes))
}

/// A ValueError for cells the core refused.
pub fn cell_error(py: Python<'_>, e: &SetupError, area: usize) -> PyErr {
    match e {
        SetupError::CellValue { index, value } => PyValueError::new_err(format!(
            "position {}, cell {}: {value} is not a cell (0 empty, 1 black, 2 white)",
            index / area.max(1),
            index % area.max(1)
        )),
        other => errors::setup_error(py, other),
    }
}

/// `len` bytes filled by `fill` with the GIL released, as a numpy array of `shape`
/// (dtype bool for flags, uint8 for foul kinds); no copy.
pub fn array_of<'py>(
    np: &Bound<'py, PyModule>,
    shape: &[usize],
    values: MaskValues,
    fill: impl FnOnce(&mut [u8]) -> Result<(), SetupError> + Send,
) -> PyResult<Bound<'py, PyAny>> {
    let py = np.py();
    let len = shape.iter().product();
    let mut failed = None;
    let buf = PyByteArray::new_with(py, len, |buf| {
        failed = py.detach(|| fill(buf)).err();
        Ok(())
    })?;
    if let Some(e) = failed {
        return Err(cell_error(py, &e, shape[1..].iter().product()));
    }
    let dtype = match values {
        MaskValues::Flags => np.getattr("bool_")?,
        MaskValues::Kinds => np.getattr("uint8")?,
    };
    let flat = np.call_method1("frombuffer", (buf, dtype))?;
    flat.call_method1("reshape", (shape.to_vec(),))
}

/// How masks hold a forbidden point.
pub fn mask_values(kinds: bool) -> MaskValues {
    match kinds {
        true => MaskValues::Kinds,
        false => MaskValues::Flags,
    }
}

/// forbidden_masks(positions, *, rule='renju', size=None, five_completion_counts=False,
/// kinds=False)
///
/// Black's forbidden points of many positions at once, as numpy arrays: positions is an
/// (N, size, size) integer array (0 empty, 1 black, 2 white, indexed [n, y, x] with y = 0
/// the bottom row, as Board.to_numpy()) or a list of move strings ('h8 i9 j10', played
/// as games on a size x size board, 15 by default). Returns an (N, size, size) array:
/// booleans, or with kinds=True uint8 foul codes (0 none, 1 overline, 2 double-four,
/// 3 double-three). The work runs in Rust on every core with the GIL released; no Python
/// object is made per position. Needs numpy.
#[pyfunction]
#[pyo3(
    signature = (positions, *, rule = None, size = None, five_completion_counts = false, kinds = false),
    text_signature = "(positions, *, rule='renju', size=None, five_completion_counts=False, kinds=False)"
)]
pub fn forbidden_masks<'py>(
    py: Python<'py>,
    positions: &Bound<'py, PyAny>,
    rule: Option<&Bound<'py, PyAny>>,
    size: Option<i64>,
    five_completion_counts: bool,
    kinds: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let np = numpy(py, "renju.forbidden_masks()")?;
    let rule = rule.map_or(Ok(CRuleSet::Renju), |r| named::<RuleSet, _>(r, "rule"))?;
    let options = RenjuOptions {
        five_completion_counts,
    };
    let values = mask_values(kinds);
    if let Some(lines) = move_lists(positions)? {
        let size = convert::size_of(py, size.unwrap_or(15))?;
        let masks =
            py.detach(|| batch::forbidden_masks_of_moves(&lines, size, rule, &options, values));
        let masks = masks.map_err(|(i, mut e)| {
            e.location.record = Some(format!("position {i}"));
            errors::parse_error(py, &e)
        })?;
        let s = size as usize;
        return array_of(&np, &[lines.len(), s, s], values, |out| {
            out.copy_from_slice(&masks);
            Ok(())
        });
    }
    let (shape, bytes) = cells_of(&np, positions, 3, "renju.forbidden_masks()")?;
    if shape[1] != shape[2] || size.is_some_and(|s| s as usize != shape[1]) {
        let msg =
            format!("positions of shape {shape:?} are not square boards of the size asked for");
        return Err(PyValueError::new_err(msg));
    }
    let side = convert::size_of(py, shape[1] as i64)?;
    let cells = bytes.as_bytes();
    array_of(&np, &shape, values, |out| {
        batch::forbidden_masks_into(cells, side, rule, &options, values, out)
    })
}

/// The move strings of a list or tuple of strings; None for anything else (an array).
fn move_lists(positions: &Bound<'_, PyAny>) -> PyResult<Option<Vec<String>>> {
    if positions.is_instance_of::<PyString>() {
        let msg =
            "positions must be an (N, size, size) array or a list of move strings, not one string";
        return Err(PyTypeError::new_err(msg));
    }
    let seq = match positions.cast::<pyo3::types::PyList>() {
        Ok(list) => list.as_sequence().clone(),
        Err(_) => match positions.cast::<pyo3::types::PyTuple>() {
            Ok(t) => t.as_sequence().clone(),
            Err(_) => return Ok(None),
        },
    };
    if seq.len()? == 0 {
        return Ok(Some(Vec::new()));
    }
    if !seq.get_item(0)?.is_instance_of::<PyString>() {
        return Ok(None);
    }
    let mut lines = Vec::with_capacity(seq.len()?);
    for item in seq.try_iter()? {
        let item = item?;
        let s = item.cast::<PyString>().map_err(|_| {
            PyTypeError::new_err(format!(
                "a list of move strings holds a {}",
                convert::type_name(&item)
            ))
        })?;
        lines.push(s.to_cow()?.into_owned());
    }
    Ok(Some(lines))
}
