//! Python bindings of the renju library: the private compiled module `renju._renju`,
//! whose public names the package's modules by job import (distribution
//! `renju-referee`): `renju` (python/renju/__init__.py: positions, rules and records),
//! `renju.referee`, `renju.engine`, `renju.tournament` and `renju.env`. The module stays
//! flat; each class names its public module (`#[pyclass(module = "renju.referee")]`),
//! so that pickles and reprs do.
//!
//! A lean translation layer in the style of python-chess: every rule, verdict, reader,
//! report, name and drawing comes from `renju-core` and its sister crates; this crate
//! only converts arguments and results and maps the core's errors to Python exceptions.
//! See `README.md` and `python/renju/*.pyi` (the stubs, one per module, checked against
//! the module by `mypy.stubtest`).
//!
//! Modules and the modules each names (`crate::other`); there is no cycle, and a
//! class's argument readers live beside the class:
//!
//! ```text
//! errors       (none)                       the exception classes
//! pickle       (none)                       pickling through compact states
//! names        (none)                       str enums of the library's names
//! convert      errors                       shared readers (names, sizes, move strings)
//! types        convert errors names pickle  Point, Move, Color, RuleSet, Verdict, ...
//! clock        convert pickle types         TimeControl, Clock and their states
//! options      clock convert names pickle types           ValidationOptions
//! arrays       convert errors types         forbidden masks (NumPy)
//! board        arrays convert errors pickle types         Board
//! findings     convert names pickle types   Finding, GameReport
//! game         board clock convert errors findings names options pickle types
//! io           board convert errors game pickle types     readers, writers, fixtures
//! arrow        convert                      Arrow batches and columns (feature)
//! report       arrow convert findings names pickle        Summary, Report, ArrowTable
//! validate     arrow convert errors game io options pickle report   validate*, chunks
//! tournament   convert errors names pickle  tournaments and standings
//! conform      board convert pickle         engine conformance
//! matches      clock convert errors game names pickle types   engine matches
//! referee      board clock convert errors findings game io names pickle types
//!                                           the live referee: Referee, RefereeOptions,
//!                                           Status, ...
//! ```

use pyo3::prelude::*;

/// A frozen Python enum mirroring a fieldless core enum: both `From` impls, and `str()`
/// from the core's name table (`name()`), so names are written in one place.
macro_rules! py_enum {
    ($(#[$m:meta])* $name:ident($core:ident) { $($(#[$vm:meta])* $v:ident,)+ }) => {
        $(#[$m])*
        #[pyclass(eq, hash, frozen, str, from_py_object)]
        #[pyo3(module = "renju", rename_all = "SCREAMING_SNAKE_CASE")]
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

        impl $crate::pickle::Pickled for $name {
            fn state<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
                $crate::pickle::text_state(py, self)
            }
            fn from_state(state: &Bound<'_, PyAny>) -> PyResult<$name> {
                $crate::pickle::from_text::<$core>(state).map($name::from)
            }
        }
    };
}

/// The `#[pymethods]` block of a class, its read-only properties written as a table:
/// `/// doc` then `name -> Type = expression;`, the expression reading the object through
/// the name given between bars. A documented `to_dict` before the table adds the method
/// giving the wrapped core value as plain data. Other methods follow the table.
///
/// `pickle(Self)` first makes the class picklable (and copyable) through its
/// [`Pickled`](crate::pickle::Pickled) state: `__reduce__` and the `_from_state`
/// classmethod that rebuilds an object.
macro_rules! py_methods {
    ($ty:ident |$s:ident| $(pickle($pk:ident))? $(#[doc = $dd:literal] $dict:ident)?
     { $($(#[$gm:meta])* $get:ident -> $gt:ty = $ge:expr;)* } $($rest:tt)*) => {
        #[pymethods]
        impl $ty {
            $($(#[$gm])* #[getter] fn $get(&self) -> $gt { let $s = self; $ge })*
            $(#[doc = $dd] fn $dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
                $crate::convert::to_py_data(py, &self.0)
            })?
            $(
            /// Pickling (and copy) support: the class's _from_state and the object's
            /// compact state.
            fn __reduce__<'py>(
                slf: &Bound<'py, $pk>,
            ) -> PyResult<(Bound<'py, PyAny>, (Bound<'py, PyAny>,))> {
                $crate::pickle::reduce(slf)
            }

            /// Rebuilds an object from the state __reduce__ gave.
            #[classmethod]
            fn _from_state(
                _cls: &Bound<'_, pyo3::types::PyType>,
                state: &Bound<'_, PyAny>,
            ) -> PyResult<$pk> {
                <$pk as $crate::pickle::Pickled>::from_state(state)
            }
            )?
            $($rest)*
        }
    };
}

/// `Display` (hence Python's `str()`) of classes wrapping a core value: the core's.
macro_rules! display_core {
    ($($ty:ident.$field:tt),+) => {$(
        impl std::fmt::Display for $ty {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                self.$field.fmt(f)
            }
        }
    )+};
}

mod arrays;
#[cfg(feature = "arrow")]
mod arrow;
mod board;
mod clock;
mod conform;
mod convert;
mod env;
mod errors;
mod findings;
mod game;
mod interrupt;
mod io;
mod match_settings;
mod matches;
mod names;
mod options;
mod pickle;
mod referee;
mod report;
mod tournament;
mod types;
mod validate;

/// Exact Renju and Gomoku rules as a referee applies them: positions, forbidden moves,
/// verdicts, game records in every supported format, and validation reports.
#[pymodule(name = "_renju")]
mod renju_module {
    use pyo3::prelude::*;

    #[pymodule_export]
    use crate::arrays::forbidden_masks;
    #[pymodule_export]
    use crate::clock::{Clock, ClockState, SideClock, TimeControl};
    #[pymodule_export]
    use crate::conform::{conform, random_positions, ConformReport};
    #[pymodule_export]
    use crate::env::{EnvGame, VecEnv};
    #[pymodule_export]
    use crate::findings::{Finding, GameReport};
    #[pymodule_export]
    use crate::io::{parse_fixtures, read_fixtures, Fixture, FixtureMap, FixtureQuery};
    #[pymodule_export]
    use crate::io::{read, read_bytes, write, write_bytes, GameReader};
    #[pymodule_export]
    use crate::match_settings::MatchSettings;
    #[pymodule_export]
    use crate::matches::{play_match, MatchEngine, MatchGame, MatchPair, MatchResult};
    #[pymodule_export]
    use crate::matches::{MatchScore, MatchSprt};
    #[pymodule_export]
    use crate::options::ValidationOptions;
    #[pymodule_export]
    use crate::referee::{ClockStatus, Ending, Referee, RefereeOptions, Status};
    #[pymodule_export]
    use crate::report::{Report, Summary};
    #[pymodule_export]
    use crate::tournament::{read_tournament, read_tournaments, read_tournaments_bytes};
    #[pymodule_export]
    use crate::tournament::{StandingRow, Standings, Tournament, TournamentFinding};
    #[pymodule_export]
    use crate::types::{Color, Foul, FoulKind, Move, Point, RuleSet, Symmetry, Verdict};
    #[pymodule_export]
    use crate::types::{Explanation, Opening, OpeningRule, Outcome};
    #[pymodule_export]
    use crate::validate::{chunks, validate, validate_bytes, Chunk};
    #[pymodule_export]
    use crate::{board::Board, game::Event, game::Game, game::MoveVerdict, game::Replay};
    #[cfg(feature = "arrow")]
    #[pymodule_export]
    use crate::{report::ArrowTable, validate::validate_arrow};

    /// The version, the format names, the exception classes and the name enums.
    #[pymodule_init]
    fn init(m: &Bound<'_, PyModule>) -> PyResult<()> {
        m.add("__version__", env!("CARGO_PKG_VERSION"))?;
        m.add(
            "FORMATS",
            renju_records::Format::ALL.map(|f| f.name()).to_vec(),
        )?;
        crate::errors::register(m)?;
        crate::names::register(m)
    }
}
