//! The settings of a match from Python (`renju.engine.MatchSettings`): its keywords read into
//! the runner's options (`renju_engine::matches::MatchOptions`) as `renju match` reads
//! its options, the profile's first ([`MatchOptions::preset`]), then the keywords given.

use std::path::PathBuf;

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::PyString;

use renju_engine::matches::stats::Sprt;
use renju_engine::matches::{
    EngineSpec, GomocupLimits, MatchError, MatchOptions, OpeningsFile, OrderName, Profile,
};
use renju_records::formats::Format;
use renju_records::Game as CGame;

use crate::clock::control_of;
use crate::convert::{self, name_of, named, type_name};
use crate::errors;
use crate::game::Game;
use crate::types::{OpeningRule, RuleSet};

/// Where the openings given come from.
enum Openings {
    /// None: every game starts on the empty board.
    None,
    /// A file, opened when the match runs (by the runner's reader).
    File(PathBuf, Option<Format>),
    /// Records already read.
    Games(Vec<CGame>),
}

/// The openings: a path (read by the runner's reader) or an iterable of Games.
fn openings_of(
    openings: Option<&Bound<'_, PyAny>>,
    format: Option<&Bound<'_, PyAny>>,
) -> PyResult<Openings> {
    let format = format
        .map(|f| name_of::<Format>(f, "openings_format must be a format name"))
        .transpose()?;
    let Some(openings) = openings else {
        return Ok(Openings::None);
    };
    if openings.is_instance_of::<PyString>() || openings.hasattr("__fspath__")? {
        return Ok(Openings::File(openings.extract()?, format));
    }
    let expected = "openings must be a path or an iterable of renju.Game";
    let iter = openings
        .try_iter()
        .map_err(|_| PyTypeError::new_err(format!("{expected}, not {}", type_name(openings))))?;
    let mut games = Vec::new();
    for item in iter {
        let item = item?;
        let game = item
            .cast::<Game>()
            .map_err(|_| PyTypeError::new_err(format!("{expected}, not {}", type_name(&item))))?;
        games.push(game.get().0.clone());
    }
    Ok(Openings::Games(games))
}

/// The keywords given to `MatchSettings(...)` whose values are not the defaults, in a
/// dict (what the object compares, prints and pickles by).
macro_rules! given {
    ($py:ident; $($opt:ident),*; $($key:ident = $default:expr),*) => {{
        let dict = pyo3::types::PyDict::new($py);
        $(if let Some(v) = $opt { dict.set_item(stringify!($opt), v)?; })*
        $(if $key != $default { dict.set_item(stringify!($key), $key)?; })*
        dict
    }};
}

/// The value of `key` in the settings given, or None.
fn item<'py>(
    given: &Bound<'py, pyo3::types::PyDict>,
    key: &str,
) -> PyResult<Option<Bound<'py, PyAny>>> {
    given.get_item(key)
}

/// The value of `key` in the settings given, extracted, or `default`.
fn value<'py, T: pyo3::conversion::FromPyObjectOwned<'py>>(
    given: &Bound<'py, pyo3::types::PyDict>,
    key: &str,
    default: T,
) -> PyResult<T> {
    match given.get_item(key)? {
        Some(v) => v.extract().map_err(Into::into),
        None => Ok(default),
    }
}

/// How a match is played, for renju.engine.match(engines, settings): every setting of
/// `renju match` but the engines and their names. Each keyword left out keeps the
/// default (profile='gomocup' sets Gomocup's tournament settings; keywords given
/// explicitly win over it). time_control is a TimeControl or its text; tc takes
/// Gomocup's limits 'match/turn+inc' in seconds. openings: a path (Gomocup offset or
/// pos notation, or any record format) or an iterable of Game. swap2board_fields sends
/// SWAP2BOARD's stones as x,y,field lines to every engine (one engine's: 'cmd=...
/// swap2board=fields'). Unknown names and bad texts (rule, opening, time_control, tc,
/// sprt, profile, openings_order) raise ValueError. Frozen, comparable and picklable.
#[pyclass(frozen, module = "renju.engine")]
pub struct MatchSettings {
    /// The options of the keywords given (no engines yet, no openings file opened).
    options: MatchOptions,
    /// An openings file, opened when the match runs.
    openings_file: Option<(PathBuf, Option<Format>)>,
    /// SWAP2BOARD's stones as x,y,field lines to every engine.
    swap2board_fields: bool,
    given: Py<pyo3::types::PyDict>,
}

impl MatchSettings {
    /// The settings of the keywords given (as `given!` collects them): the profile's
    /// options ([`MatchOptions::preset`]), then the keywords given.
    pub(crate) fn from_given(
        py: Python<'_>,
        given: Bound<'_, pyo3::types::PyDict>,
    ) -> PyResult<Self> {
        let g = &given;
        let order: OrderName = value(g, "openings_order", "sequential".to_string())?
            .parse()
            .map_err(|e: renju_core::UnknownName| {
                pyo3::exceptions::PyValueError::new_err(e.to_string())
            })?;
        let openings = openings_of(
            item(g, "openings")?.as_ref(),
            item(g, "openings_format")?.as_ref(),
        )?;
        if let Openings::Games(games) = &openings {
            // Keep the games read (an iterator is read once).
            let list: Vec<Game> = games.iter().cloned().map(Game::from).collect();
            given.set_item("openings", list)?;
        }
        let preset = MatchOptions::preset(
            (item(g, "profile")?)
                .map(|p| name_of::<Profile>(&p, "profile must be a name"))
                .transpose()?,
            (value::<Option<i64>>(g, "size", None)?)
                .map(|s| convert::size_of(py, s))
                .transpose()?
                .unwrap_or(15),
            !matches!(openings, Openings::None),
            item(g, "time_control")?
                .map(|t| control_of(&t))
                .transpose()?,
            (item(g, "tc")?)
                .map(|t| name_of::<GomocupLimits>(&t, "tc must be a text 'match/turn+inc'"))
                .transpose()?,
        )
        .map_err(|e| errors::setup_message(py, e.to_string()))?;
        let (games, openings_file) = match openings {
            Openings::None => (Vec::new(), None),
            Openings::File(path, format) => (Vec::new(), Some((path, format))),
            Openings::Games(games) => (games, None),
        };
        let options = MatchOptions {
            rule_set: (item(g, "rule")?)
                .map(|r| named::<RuleSet, _>(&r, "rule"))
                .transpose()?
                .unwrap_or(preset.rule_set),
            opening: (item(g, "opening")?)
                .map(|o| named::<OpeningRule, _>(&o, "opening"))
                .transpose()?
                .unwrap_or(preset.opening),
            tolerance_ms: value(g, "tolerance_ms", None)?.unwrap_or(preset.tolerance_ms),
            silence_ms: value(g, "silence_ms", 30_000)?,
            games: value(g, "games", 1)?,
            rounds: value(g, "rounds", 1)?,
            concurrency: value(g, "concurrency", 1)?,
            gauntlet: value(g, "gauntlet", false)?,
            openings: games,
            opening_order: order.with_seed(value(g, "srand", 0)?),
            repeat: value(g, "repeat", false)?,
            transform: value(g, "transform", false)?,
            draw_after: value(g, "draw_after", None)?.or(preset.draw_after),
            no_pass: value(g, "no_pass", false)? || preset.no_pass,
            swap2board: value(g, "swap2board", true)?,
            gomocup_rule: value(g, "gomocup_rule", None)?,
            max_memory: value(g, "max_memory", 367_001_600)?,
            sprt: (item(g, "sprt")?)
                .map(|s| name_of::<Sprt>(&s, "sprt must be a text 'elo0,elo1[,alpha,beta]'"))
                .transpose()?,
            event: value(g, "event", "renju match".to_string())?,
            ..preset
        };
        Ok(MatchSettings {
            options,
            openings_file,
            swap2board_fields: value(g, "swap2board_fields", false)?,
            given: given.unbind(),
        })
    }

    /// The options of a match of `engines` named by `names` under these settings, the
    /// openings file opened.
    pub(crate) fn options(
        &self,
        engines: &[EngineSpec],
        names: &[String],
    ) -> Result<MatchOptions, MatchError> {
        let options =
            (self.options.clone()).with_engines(engines, names, self.swap2board_fields)?;
        let openings_file = (self.openings_file.as_ref())
            .map(|(path, format)| OpeningsFile::open(path, *format))
            .transpose()?;
        Ok(MatchOptions {
            openings_file,
            ..options
        })
    }
}

#[pymethods]
impl MatchSettings {
    /// Each keyword left out keeps the default.
    #[new]
    #[pyo3(signature = (*, profile = None, rule = None, size = None, opening = None, time_control = None, tc = None, tolerance_ms = None, silence_ms = 30_000, games = 1, rounds = 1, concurrency = 1, gauntlet = false, openings = None, openings_format = None, openings_order = "sequential", srand = 0, repeat = false, transform = false, draw_after = None, no_pass = false, swap2board = true, swap2board_fields = false, gomocup_rule = None, max_memory = 367_001_600, sprt = None, event = "renju match"))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        py: Python<'_>,
        profile: Option<&Bound<'_, PyAny>>,
        rule: Option<&Bound<'_, PyAny>>,
        size: Option<i64>,
        opening: Option<&Bound<'_, PyAny>>,
        time_control: Option<&Bound<'_, PyAny>>,
        tc: Option<&Bound<'_, PyAny>>,
        tolerance_ms: Option<u64>,
        silence_ms: u64,
        games: u32,
        rounds: u32,
        concurrency: usize,
        gauntlet: bool,
        openings: Option<&Bound<'_, PyAny>>,
        openings_format: Option<&Bound<'_, PyAny>>,
        openings_order: &str,
        srand: u64,
        repeat: bool,
        transform: bool,
        draw_after: Option<usize>,
        no_pass: bool,
        swap2board: bool,
        swap2board_fields: bool,
        gomocup_rule: Option<u32>,
        max_memory: u64,
        sprt: Option<&Bound<'_, PyAny>>,
        event: &str,
    ) -> PyResult<MatchSettings> {
        let given = given!(py;
            profile, rule, size, opening, time_control, tc, tolerance_ms, openings,
            openings_format, draw_after, gomocup_rule, sprt;
            silence_ms = 30_000, games = 1, rounds = 1, concurrency = 1, gauntlet = false,
            openings_order = "sequential", srand = 0, repeat = false, transform = false,
            no_pass = false, swap2board = true, swap2board_fields = false,
            max_memory = 367_001_600, event = "renju match");
        MatchSettings::from_given(py, given)
    }

    /// Rebuilds settings from the keywords __reduce__ gave.
    #[classmethod]
    fn _from_state(
        _cls: &Bound<'_, pyo3::types::PyType>,
        py: Python<'_>,
        state: &Bound<'_, pyo3::types::PyDict>,
    ) -> PyResult<MatchSettings> {
        MatchSettings::from_given(py, state.copy()?)
    }

    /// Pickling (and copy) support: the keywords given.
    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyAny>, (Bound<'py, pyo3::types::PyDict>,))> {
        let state = slf.get().given.bind(slf.py()).copy()?;
        Ok((slf.as_any().get_type().getattr("_from_state")?, (state,)))
    }

    /// The keywords given (those that are not the defaults), as a dict.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, pyo3::types::PyDict>> {
        self.given.bind(py).copy()
    }

    /// Same keywords given.
    fn __eq__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        match other.cast::<MatchSettings>() {
            Ok(other) => self.given.bind(py).eq(other.get().given.bind(py)),
            Err(_) => Ok(false),
        }
    }

    /// MatchSettings(tc='20/5', draw_after=100).
    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let mut parts = Vec::new();
        for (k, v) in self.given.bind(py).iter() {
            parts.push(format!("{}={}", k.str()?, v.repr()?));
        }
        Ok(format!("MatchSettings({})", parts.join(", ")))
    }
}
