//! Readers of game-record files (`renju.read`, `renju.read_bytes`) and of the fixture
//! corpus (`renju.read_fixtures`, `renju.parse_fixtures`).

use std::io::BufReader;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use pyo3::exceptions::{PyTypeError, PyUserWarning, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{IntoPyDict, PyBytes, PyDict};

use renju_core::fixture::{self, Fixture as CFixture};
use renju_core::{ParseError as CParseError, RenjuOptions};
use renju_records::formats::{gomocup, Format};
use renju_records::Game as CGame;

use crate::board::Board;
use crate::convert;
use crate::errors;
use crate::game::Game;
use crate::types::{Color, FoulKind, Point, RuleSet};

/// Records as a reader gives them (read as they are taken for files given by path).
pub type Records = Box<dyn Iterator<Item = Result<CGame, CParseError>> + Send>;

pub fn format_of(name: &str) -> PyResult<Format> {
    name.parse::<Format>()
        .map_err(|e| PyValueError::new_err(e.to_string()))
}

/// What a reader does with a record that cannot be read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum OnError {
    /// Leave it out, keep its ParseError in `errors`, and warn once at the end.
    Collect,
    /// Raise its ParseError from `next()` (the reader can go on after it).
    Raise,
    /// Leave it out, keep its ParseError in `errors`, without a warning.
    Skip,
    /// Give the ParseError instance in place of the game.
    Yield,
}

fn on_error(errors: &str) -> PyResult<OnError> {
    match errors {
        "collect" => Ok(OnError::Collect),
        "raise" => Ok(OnError::Raise),
        "skip" => Ok(OnError::Skip),
        "yield" => Ok(OnError::Yield),
        other => Err(PyValueError::new_err(format!(
            "errors must be 'collect', 'raise', 'skip' or 'yield', not {other:?}"
        ))),
    }
}

/// Parses a file's bytes. `size` is the board side of Gomocup opening files (which do not
/// say it); other formats take it from the file.
fn parse_records(
    py: Python<'_>,
    format: Format,
    bytes: &[u8],
    file: Option<&str>,
    size: Option<i64>,
) -> PyResult<Records> {
    let records = match size {
        None => py.detach(|| format.read(bytes, file)),
        Some(_) if format != Format::GomocupOpenings => {
            return Err(PyValueError::new_err(format!(
                "size= only applies to format='openings' (the {format} format gives its own size)"
            )))
        }
        Some(size) => {
            let size = convert::size_of(py, size)?;
            py.detach(|| gomocup::read_with_size(bytes, file, size))
        }
    };
    Ok(Box::new(records.into_iter()))
}

/// The format of `path`: `format` when given, else from the extension.
pub fn format_for(path: &Path, format: Option<&str>) -> PyResult<Format> {
    match format {
        Some(f) => format_of(f),
        None => Format::from_path(path).ok_or_else(|| {
            let names = Format::ALL.map(Format::name).join(", ");
            PyValueError::new_err(format!(
                "cannot tell the format of {} from its extension; pass format= (one of {names})",
                path.display(),
            ))
        }),
    }
}

/// The records of a file, read as they are taken (move lists and RenjuNet databases) or
/// when the file is opened (other formats), without holding the GIL.
pub fn open_records(py: Python<'_>, path: &Path, format: Option<&str>) -> PyResult<Records> {
    let name = path.display().to_string();
    let format = format_for(path, format)?;
    if py.detach(|| std::fs::metadata(path))?.is_dir() {
        let msg = format!("{name} is a directory");
        return Err(pyo3::exceptions::PyIsADirectoryError::new_err(msg));
    }
    let file = BufReader::new(py.detach(|| std::fs::File::open(path))?);
    Ok(py.detach(|| format.read_from(file, Some(&name))))
}

/// The games of a file or of bytes, one per next(), in file order (tree formats: one per
/// root-to-leaf line).
///
/// Move-list files and RenjuNet databases given by path are read as the reader is
/// advanced, a record at a time, so files of any size can be walked through; the other
/// formats (trees, single games, bytes) are parsed by the core when the reader is made.
/// Each Game object is built when it is reached.
///
/// A record that cannot be read is, by errors=: left out, its ParseError kept in the
/// reader's errors list, with one warning when the reader is used up ('collect', the
/// default); raised from next() ('raise': the reader can still be advanced past it);
/// left out and kept in errors without a warning ('skip'); or given as the ParseError
/// instance ('yield'). renju.validate() takes a reader's remaining records as they are:
/// unreadable ones become unreadable-record findings (unless errors='skip').
#[pyclass(module = "renju")]
pub struct GameReader {
    // A Mutex makes the (Send) iterator shareable, as PyO3 requires.
    records: Mutex<Records>,
    on_error: OnError,
    errors: Vec<Py<PyAny>>,
    warned: bool,
}

impl GameReader {
    fn new(records: Records, on_error: OnError) -> GameReader {
        let (records, errors, warned) = (Mutex::new(records), Vec::new(), false);
        GameReader {
            records,
            on_error,
            errors,
            warned,
        }
    }

    /// Takes every record not yet given out (unreadable ones too, unless the reader
    /// skips them).
    pub fn take_records(&mut self) -> Records {
        let records = std::mem::replace(
            self.records.get_mut().unwrap_or_else(|e| e.into_inner()),
            Box::new(std::iter::empty()),
        );
        match self.on_error {
            OnError::Skip => Box::new(records.filter(Result::is_ok)),
            _ => records,
        }
    }
}

#[pymethods]
impl GameReader {
    /// The reader itself.
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    /// The next game (or ParseError, with errors='yield').
    fn __next__(&mut self, py: Python<'_>) -> PyResult<Option<Py<PyAny>>> {
        let records = self.records.get_mut().unwrap_or_else(|e| e.into_inner());
        for record in records.by_ref() {
            let e = match record {
                Ok(game) => {
                    return Ok(Some(
                        Game::from(game).into_pyobject(py)?.into_any().unbind(),
                    ))
                }
                Err(e) => errors::parse_error(py, &e),
            };
            match self.on_error {
                OnError::Raise => return Err(e),
                OnError::Yield => return Ok(Some(e.into_value(py).into_any())),
                OnError::Collect | OnError::Skip => self.errors.push(e.into_value(py).into_any()),
            }
        }
        if self.on_error == OnError::Collect && !self.errors.is_empty() && !self.warned {
            self.warned = true;
            let n = self.errors.len();
            let msg = format!(
                "{n} unreadable record(s) left out; their ParseErrors are in the reader's \
                 errors list"
            );
            let msg = std::ffi::CString::new(msg).unwrap_or_default();
            PyErr::warn(py, &py.get_type::<PyUserWarning>(), &msg, 1)?;
        }
        Ok(None)
    }

    /// The ParseError of every record left out so far (errors='collect' or 'skip'), in
    /// file order.
    #[getter]
    fn errors(&self, py: Python<'_>) -> Vec<Py<PyAny>> {
        self.errors.iter().map(|e| e.clone_ref(py)).collect()
    }
}

/// Reads the games of a file: renju.read('games.txt') or
/// renju.read('lib/D4.lib', format='renlib'). The format comes from the extension
/// (.txt move lists, .rif/.xml RenjuNet, .lib RenLib, .psq Piskvork, .sgf SGF; Gomocup
/// openings have none) unless format= names one of 'moves', 'rif', 'renlib', 'psq',
/// 'sgf', 'openings'. Returns a GameReader; see it for errors= (by default bad records are left
/// out and kept in the reader's errors list). Raises OSError when the file cannot be
/// read. size= gives the board side of a Gomocup opening file (by default 20 when the
/// file name holds the number 20, else 15).
#[pyfunction]
#[pyo3(signature = (path, format = None, *, errors = "collect", size = None))]
pub fn read(
    py: Python<'_>,
    path: PathBuf,
    format: Option<&str>,
    errors: &str,
    size: Option<i64>,
) -> PyResult<GameReader> {
    let on_error = on_error(errors)?;
    let records = match size {
        None => open_records(py, &path, format)?,
        Some(_) => {
            let format = format_for(&path, format)?;
            let bytes = py.detach(|| std::fs::read(&path))?;
            parse_records(py, format, &bytes, Some(&path.display().to_string()), size)?
        }
    };
    Ok(GameReader::new(records, on_error))
}

/// Reads the games of a file's bytes in the given format ('moves', 'rif', 'renlib',
/// 'psq', 'sgf' or 'openings'); `file` names it in errors and reports (and, for
/// Gomocup opening files, suggests the board size, as for read()). errors= as for read().
#[pyfunction]
#[pyo3(signature = (data, format, *, file = None, errors = "collect", size = None))]
pub fn read_bytes(
    py: Python<'_>,
    data: Vec<u8>,
    format: &str,
    file: Option<String>,
    errors: &str,
    size: Option<i64>,
) -> PyResult<GameReader> {
    let on_error = on_error(errors)?;
    let records = parse_records(py, format_of(format)?, &data, file.as_deref(), size)?;
    Ok(GameReader::new(records, on_error))
}

/// Writes games (an iterable of Game) in a format, without holding the GIL.
fn write_games(py: Python<'_>, games: &Bound<'_, PyAny>, format: Format) -> PyResult<Vec<u8>> {
    let type_error = |what: &str, obj: &Bound<'_, PyAny>| {
        PyTypeError::new_err(format!(
            "games must be {what}, not {}",
            convert::type_name(obj)
        ))
    };
    let iter = games
        .try_iter()
        .map_err(|_| type_error("an iterable of renju.Game", games))?;
    let games = iter
        .map(|item| {
            let item = item?;
            let game = item
                .cast::<Game>()
                .map_err(|_| type_error("renju.Game objects", &item));
            Ok(game?.get().0.clone())
        })
        .collect::<PyResult<Vec<CGame>>>()?;
    py.detach(|| format.write(&games))
        .map_err(|e| errors::write_error(py, &e))
}

/// Writes games in a format ('moves', 'rif', 'renlib', 'psq', 'sgf', 'openings') and
/// returns the file's bytes; reading them back gives the same games. Raises WriteError
/// when the format cannot hold a game (it names the game).
#[pyfunction]
pub fn write_bytes<'py>(
    py: Python<'py>,
    games: &Bound<'py, PyAny>,
    format: &str,
) -> PyResult<Bound<'py, PyBytes>> {
    let bytes = write_games(py, games, format_of(format)?)?;
    Ok(PyBytes::new(py, &bytes))
}

/// Writes games to a file, in the format its extension says unless format= is given.
#[pyfunction]
#[pyo3(signature = (path, games, format = None))]
pub fn write(
    py: Python<'_>,
    path: PathBuf,
    games: &Bound<'_, PyAny>,
    format: Option<&str>,
) -> PyResult<()> {
    let bytes = write_games(py, games, format_for(&path, format)?)?;
    Ok(py.detach(|| std::fs::write(&path, bytes))?)
}

crate::pickle::json_pickled!(FixtureQuery, FixtureMap, Fixture);

/// A point query of a fixture: the side to move plays `point`; `expected` is the verdict
/// label ('legal', 'win', 'overline', 'double-four', 'double-three', 'draw') under the
/// reading given by five_completion_counts.
#[pyclass(frozen, eq, module = "renju")]
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FixtureQuery(fixture::Query);

py_methods! { FixtureQuery |q| pickle(Self) {
    /// The point played.
    point -> Point = Point(q.0.point);
    /// The expected verdict label.
    expected -> &'static str = q.0.expected.label();
    /// The reading it holds under (False: the RIF reading).
    five_completion_counts -> bool = q.0.options.five_completion_counts;
    /// The line in the fixture file.
    line -> usize = q.0.line;
}
    /// <FixtureQuery l5 double-three>.
    fn __repr__(&self) -> String {
        let q = &self.0;
        let reading = match q.options.five_completion_counts {
            true => " [five_completion_counts]",
            false => "",
        };
        format!("<FixtureQuery {} {}{reading}>", q.point, q.expected.label())
    }
}

/// A complete forbidden map of a fixture: every empty point where a black stone is
/// forbidden, with its reported foul, under the reading given by five_completion_counts.
#[pyclass(frozen, eq, module = "renju")]
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FixtureMap(fixture::ExpectedMap);

py_methods! { FixtureMap |m| pickle(Self) {
    /// The reading it holds under (False: the RIF reading).
    five_completion_counts -> bool = m.0.options.five_completion_counts;
    /// The line in the fixture file.
    line -> usize = m.0.line;
}
    /// {Point: FoulKind}, sorted by point.
    #[getter]
    fn points<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let points = self.0.points.iter().map(|(p, k)| (Point(*p), FoulKind::from(*k)));
        points.into_py_dict(py)
    }

    /// The map as fixtures write it ('h8 double-three, i9 overline' or 'none').
    fn __str__(&self) -> String {
        fixture::format_map(&self.0.points)
    }

    /// <FixtureMap h8 double-three>.
    fn __repr__(&self) -> String {
        format!("<FixtureMap {}>", fixture::format_map(&self.0.points))
    }
}

/// One fixture of the shared corpus (fixtures/README.md): a position and the verdicts
/// and forbidden maps it is expected to give.
#[pyclass(frozen, eq, module = "renju")]
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fixture(CFixture);

py_methods! { Fixture |f| pickle(Self) {
    /// Unique id ('RN-01c').
    id -> String = f.0.id.clone();
    /// Where the position comes from.
    source -> String = f.0.source.clone();
    /// What it shows, when said.
    note -> Option<String> = f.0.note.clone();
    /// The rule set.
    rule -> RuleSet = f.0.rule_set.into();
    /// The side to move.
    to_move -> Color = f.0.to_move.into();
    /// The board side.
    size -> u8 = f.0.board.size();
    /// The line of the fixture's header in its file.
    line -> usize = f.0.line;
    /// The point queries.
    queries -> Vec<FixtureQuery> = f.0.queries.iter().cloned().map(FixtureQuery).collect();
    /// The complete forbidden maps, one per reading.
    maps -> Vec<FixtureMap> = f.0.maps.iter().cloned().map(FixtureMap).collect();
}
    /// The position as a Board, under the chosen reading.
    #[pyo3(signature = (five_completion_counts = false))]
    fn to_board(&self, five_completion_counts: bool) -> Board {
        let pos = self.0.position(RenjuOptions { five_completion_counts });
        Board { pos }
    }

    /// Checks every expectation with the core library; returns the ones that do not
    /// hold, as messages (an empty list when all hold).
    fn check(&self, py: Python<'_>) -> Vec<String> {
        let mismatches = py.detach(|| self.0.check());
        mismatches.iter().map(ToString::to_string).collect()
    }

    /// <Fixture RN-01c>.
    fn __repr__(&self) -> String {
        format!("<Fixture {}>", self.0.id)
    }
}

/// Parses fixture-corpus text (fixtures/README.md) with the core's parser. Raises
/// ParseError naming the line and the fixture.
#[pyfunction]
pub fn parse_fixtures(py: Python<'_>, text: &str) -> PyResult<Vec<Fixture>> {
    let fixtures = py
        .detach(|| fixture::parse(text))
        .map_err(|e| errors::parse_error(py, &e))?;
    Ok(fixtures.into_iter().map(Fixture).collect())
}

/// Reads a fixture file (UTF-8). Raises OSError when it cannot be read and ParseError
/// (with file, line and game set) when it cannot be parsed.
#[pyfunction]
pub fn read_fixtures(py: Python<'_>, path: PathBuf) -> PyResult<Vec<Fixture>> {
    let text = py.detach(|| std::fs::read_to_string(&path))?;
    let fixtures = py.detach(|| fixture::parse(&text));
    let fixtures =
        fixtures.map_err(|e| errors::parse_error(py, &e.in_file(path.display().to_string())))?;
    Ok(fixtures.into_iter().map(Fixture).collect())
}
