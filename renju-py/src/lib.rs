//! Python bindings of the renju library: the `renju` module (distribution
//! `renju-referee`).
//!
//! A lean translation layer in the style of python-chess: every rule, verdict, reader,
//! report, name and drawing comes from `renju-core`; this crate only converts arguments
//! and results and maps the core's errors to Python exceptions. See `README.md` and
//! `renju.pyi` (checked against the module by `mypy.stubtest`).

use pyo3::prelude::*;

/// A frozen Python enum mirroring a fieldless core enum: both `From` impls, and `str()`
/// from the core's name table (`name()`), so names are written in one place.
macro_rules! py_enum {
    ($(#[$m:meta])* $name:ident($core:ident) { $($(#[$vm:meta])* $v:ident,)+ }) => {
        $(#[$m])*
        #[pyclass(eq, hash, frozen, str, from_py_object, module = "renju", rename_all = "SCREAMING_SNAKE_CASE")]
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum $name { $($(#[$vm])* $v,)+ }

        impl From<$core> for $name {
            fn from(v: $core) -> $name { match v { $($core::$v => $name::$v,)+ } }
        }

        impl From<$name> for $core {
            fn from(v: $name) -> $core { match v { $($name::$v => $core::$v,)+ } }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str($core::from(*self).name())
            }
        }
    };
}

/// The `#[pymethods]` block of a class, its read-only properties written as a table:
/// `/// doc` then `name -> Type = expression;`, the expression reading the object through
/// the name given between bars. Other methods follow the table.
macro_rules! py_methods {
    ($ty:ident |$s:ident| { $($(#[$gm:meta])* $get:ident -> $gt:ty = $ge:expr;)* } $($rest:tt)*) => {
        #[pymethods]
        impl $ty {
            $($(#[$gm])* #[getter] fn $get(&self) -> $gt { let $s = self; $ge })*
            $($rest)*
        }
    };
}

mod board;
mod convert;
mod errors;
mod game;
mod io;
mod report;
mod types;

/// Exact Renju and Gomoku rules as a referee applies them: positions, forbidden moves,
/// verdicts, game records in every supported format, and validation reports.
#[pymodule(name = "renju")]
fn renju_module(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    let formats = renju_core::Format::ALL.map(|f| f.name());
    m.add("FORMATS", formats.to_vec())?;
    errors::register(m)?;
    m.add_class::<types::Color>()?;
    m.add_class::<types::RuleSet>()?;
    m.add_class::<types::FoulKind>()?;
    m.add_class::<types::Symmetry>()?;
    m.add_class::<types::Point>()?;
    m.add_class::<types::Move>()?;
    m.add_class::<types::Foul>()?;
    m.add_class::<types::Verdict>()?;
    m.add_class::<types::Outcome>()?;
    m.add_class::<types::Explanation>()?;
    m.add_class::<types::OpeningRule>()?;
    m.add_class::<types::Opening>()?;
    m.add_class::<board::Board>()?;
    m.add_class::<game::Event>()?;
    m.add_class::<game::Game>()?;
    m.add_class::<game::MoveVerdict>()?;
    m.add_class::<game::Replay>()?;
    m.add_class::<report::Finding>()?;
    m.add_class::<report::GameReport>()?;
    m.add_class::<report::Summary>()?;
    m.add_class::<report::Report>()?;
    m.add_class::<io::GameReader>()?;
    m.add_class::<io::Fixture>()?;
    m.add_class::<io::FixtureQuery>()?;
    m.add_class::<io::FixtureMap>()?;
    m.add_function(wrap_pyfunction!(io::read, m)?)?;
    m.add_function(wrap_pyfunction!(io::read_bytes, m)?)?;
    m.add_function(wrap_pyfunction!(io::write, m)?)?;
    m.add_function(wrap_pyfunction!(io::write_bytes, m)?)?;
    m.add_function(wrap_pyfunction!(io::parse_fixtures, m)?)?;
    m.add_function(wrap_pyfunction!(io::read_fixtures, m)?)?;
    m.add_function(wrap_pyfunction!(report::validate, m)?)?;
    Ok(())
}
