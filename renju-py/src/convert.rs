//! Reading Python arguments into core values, with TypeError/ValueError messages that
//! say what was expected.

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyString, PyTuple};
use serde::Serialize;

use renju_core::game::ClaimModel;
use renju_core::opening::OfferEquivalence;
use renju_core::{
    Color as CColor, Move as CMove, OpeningRule as COpeningRule, Point as CPoint, RenjuOptions,
    RuleSet as CRuleSet, Symmetry as CSymmetry, ValidationOptions,
};

use crate::errors;
use crate::types::{Color, Move, OpeningRule, Point, RuleSet, Symmetry};

/// The Python type name of `obj`, for error messages.
pub fn type_name(obj: &Bound<'_, PyAny>) -> String {
    obj.get_type()
        .name()
        .map(|n| n.to_string())
        .unwrap_or_else(|_| "?".to_string())
}

/// A point from a `Point`, a string in h8 notation or an `(x, y)` tuple (0-based).
pub fn point_of(obj: &Bound<'_, PyAny>) -> PyResult<CPoint> {
    let py = obj.py();
    if let Ok(p) = obj.cast::<Point>() {
        return Ok(p.get().0);
    }
    if let Ok(s) = obj.cast::<PyString>() {
        let text = s.to_cow()?;
        return text
            .trim()
            .parse::<CPoint>()
            .map_err(|e| errors::point_error(py, &e));
    }
    if let Ok(t) = obj.cast::<PyTuple>() {
        if let Ok((x, y)) = t.extract::<(i64, i64)>() {
            return point_xy(py, x, y);
        }
    }
    Err(PyTypeError::new_err(format!(
        "expected a point: a renju.Point, a string like 'h8' or an (x, y) tuple, not {}",
        type_name(obj)
    )))
}

/// The point at 0-based column `x` and row `y`.
pub fn point_xy(py: Python<'_>, x: i64, y: i64) -> PyResult<CPoint> {
    u8::try_from(x)
        .ok()
        .zip(u8::try_from(y).ok())
        .and_then(|(x, y)| CPoint::new(x, y))
        .ok_or_else(|| {
            errors::point_message(
                py,
                format!("({x}, {y}) is not a point (columns and rows run from 0 to 25)"),
            )
        })
}

/// A move from a `Move`, `"pass"`, or anything [`point_of`] takes.
pub fn move_of(obj: &Bound<'_, PyAny>) -> PyResult<CMove> {
    let py = obj.py();
    if let Ok(m) = obj.cast::<Move>() {
        return Ok(m.get().0);
    }
    if let Ok(s) = obj.cast::<PyString>() {
        let text = s.to_cow()?;
        return text
            .trim()
            .parse::<CMove>()
            .map_err(|e| errors::point_error(py, &e));
    }
    point_of(obj).map(CMove::Stone).map_err(|e| {
        if e.is_instance_of::<PyTypeError>(py) {
            PyTypeError::new_err(format!(
                "expected a move: a renju.Move, a renju.Point, a string like 'h8' or 'pass', \
                 or an (x, y) tuple, not {}",
                type_name(obj)
            ))
        } else {
            e
        }
    })
}

/// Parses a name with the core's `FromStr`, as a ValueError naming the argument.
fn parse_name<T>(obj: &Bound<'_, PyAny>, what: &str, expected: &str) -> PyResult<T>
where
    T: std::str::FromStr,
    T::Err: std::fmt::Display,
{
    match obj.cast::<PyString>() {
        Ok(s) => s
            .to_cow()?
            .parse()
            .map_err(|e: T::Err| PyValueError::new_err(e.to_string())),
        Err(_) => Err(PyTypeError::new_err(format!(
            "{what} must be {expected}, not {}",
            type_name(obj)
        ))),
    }
}

/// A rule set from a `RuleSet` or its name.
pub fn rule_of(obj: &Bound<'_, PyAny>) -> PyResult<CRuleSet> {
    if let Ok(r) = obj.cast::<RuleSet>() {
        return Ok((*r.get()).into());
    }
    parse_name(
        obj,
        "rule",
        "a renju.RuleSet or one of 'renju', 'freestyle', 'standard', 'caro'",
    )
}

/// A colour from a `Color` or `"black"` / `"white"`.
pub fn color_of(obj: &Bound<'_, PyAny>) -> PyResult<CColor> {
    if let Ok(c) = obj.cast::<Color>() {
        return Ok((*c.get()).into());
    }
    match obj.cast::<PyString>() {
        Ok(s) => s.to_cow()?.parse().map_err(|_| {
            PyValueError::new_err(format!(
                "unknown colour {:?} (expected 'black' or 'white')",
                s.to_string()
            ))
        }),
        Err(_) => Err(PyTypeError::new_err(format!(
            "a colour must be a renju.Color or 'black' / 'white', not {}",
            type_name(obj)
        ))),
    }
}

/// An opening protocol from an `OpeningRule` or its name.
pub fn opening_rule_of(obj: &Bound<'_, PyAny>) -> PyResult<COpeningRule> {
    if let Ok(r) = obj.cast::<OpeningRule>() {
        return Ok(r.get().0);
    }
    parse_name(
        obj,
        "opening",
        "a renju.OpeningRule or a protocol name like 'rif1996' or 'soosorv-8'",
    )
}

/// A symmetry from a `Symmetry` or its name (`"rotate90"`, `"flip-horizontal"`, ...).
pub fn symmetry_of(obj: &Bound<'_, PyAny>) -> PyResult<CSymmetry> {
    if let Ok(s) = obj.cast::<Symmetry>() {
        return Ok((*s.get()).into());
    }
    match obj.cast::<PyString>() {
        Ok(s) => {
            let text = s.to_cow()?.trim().to_ascii_lowercase().replace('_', "-");
            CSymmetry::ALL
                .into_iter()
                .find(|sym| label(sym) == text)
                .ok_or_else(|| {
                    let names: Vec<String> = CSymmetry::ALL.iter().map(label).collect();
                    PyValueError::new_err(format!(
                        "unknown symmetry {text:?} (expected one of {})",
                        names.join(", ")
                    ))
                })
        }
        Err(_) => Err(PyTypeError::new_err(format!(
            "a symmetry must be a renju.Symmetry or its name, not {}",
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

/// The serde name of a unit enum variant (`"two-passes"`), as reports and JSON write it.
pub fn label<T: Serialize>(value: &T) -> String {
    serde_json::to_value(value)
        .ok()
        .and_then(|v| v.as_str().map(str::to_string))
        .unwrap_or_default()
}

/// A serialisable value as plain Python data (dicts, lists, strings, numbers).
pub fn to_py_data<'py, T: Serialize>(py: Python<'py>, value: &T) -> PyResult<Bound<'py, PyAny>> {
    let text = serde_json::to_string(value)
        .map_err(|e| PyValueError::new_err(format!("cannot serialise: {e}")))?;
    py.import("json")?.call_method1("loads", (text,))
}

/// A serialisable value as pretty JSON.
pub fn to_json<T: Serialize>(value: &T) -> PyResult<String> {
    serde_json::to_string_pretty(value)
        .map_err(|e| PyValueError::new_err(format!("cannot serialise: {e}")))
}

/// Validation options from keyword arguments (each `None` keeps the core's default).
pub fn validation_options(
    rule: Option<&Bound<'_, PyAny>>,
    opening: Option<&Bound<'_, PyAny>>,
    claims: Option<&Bound<'_, PyAny>>,
    five_completion_counts: bool,
    offer_equivalence: Option<&Bound<'_, PyAny>>,
) -> PyResult<ValidationOptions> {
    let mut o = ValidationOptions::default();
    if let Some(r) = rule {
        o.rule_set = rule_of(r)?;
    }
    if let Some(r) = opening {
        o.opening = opening_rule_of(r)?;
    }
    if let Some(c) = claims {
        o.claims = parse_name::<ClaimModel>(
            c,
            "claims",
            "one of 'automatic', 'rif-claim', 'chinese-claim'",
        )?;
    }
    if let Some(e) = offer_equivalence {
        o.offer_equivalence =
            parse_name::<OfferEquivalence>(e, "offer_equivalence", "'shape' or 'board'")?;
    }
    o.renju = RenjuOptions {
        five_completion_counts,
    };
    Ok(o)
}
