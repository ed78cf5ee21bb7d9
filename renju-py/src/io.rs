//! Readers of game-record files (`renju.read`, `renju.read_bytes`) and of the fixture
//! corpus (`renju.read_fixtures`, `renju.parse_fixtures`).

use std::path::{Path, PathBuf};
use std::sync::Mutex;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict};

use renju_core::fixture::{self, Fixture as CFixture};
use renju_core::formats::{gomocup, Format};
use renju_core::{Game as CGame, ParseError as CParseError, RenjuOptions};

use crate::board::Board;
use crate::convert;
use crate::errors;
use crate::game::Game;
use crate::types::{Color, FoulKind, Point, RuleSet};

/// The names `format=` takes.
pub const FORMAT_NAMES: [&str; 6] = ["moves", "rif", "renlib", "psq", "sgf", "openings"];

fn format_of(name: &str) -> PyResult<Format> {
    name.parse::<Format>()
        .map_err(|e| PyValueError::new_err(e.to_string()))
}

/// What a reader does with a record that cannot be read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum OnError {
    /// Raise its ParseError from `next()` (the reader can go on after it).
    Raise,
    /// Leave it out.
    Skip,
    /// Give the ParseError instance in place of the game.
    Yield,
}

fn on_error(errors: &str) -> PyResult<OnError> {
    match errors {
        "raise" => Ok(OnError::Raise),
        "skip" => Ok(OnError::Skip),
        "yield" => Ok(OnError::Yield),
        other => Err(PyValueError::new_err(format!(
            "errors must be 'raise', 'skip' or 'yield', not {other:?}"
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
) -> PyResult<Vec<Result<CGame, CParseError>>> {
    let Some(size) = size else {
        return Ok(py.detach(|| format.read(bytes, file)));
    };
    if format != Format::GomocupOpenings {
        return Err(PyValueError::new_err(format!(
            "size= only applies to format='openings' (the {format} format gives its own size)"
        )));
    }
    let size = convert::size_of(py, size)?;
    Ok(py.detach(|| gomocup::read_with_size(bytes, file, size)))
}

/// The format of `path`: `format` when given, else from the extension.
fn format_for(path: &Path, format: Option<&str>) -> PyResult<Format> {
    match format {
        Some(f) => format_of(f),
        None => Format::from_path(path).ok_or_else(|| {
            PyValueError::new_err(format!(
                "cannot tell the format of {} from its extension; pass format= (one of {})",
                path.display(),
                FORMAT_NAMES.join(", ")
            ))
        }),
    }
}

/// Reads the records of a file (the GIL released while reading and parsing).
pub fn read_records(
    py: Python<'_>,
    path: &Path,
    format: Option<&str>,
    size: Option<i64>,
) -> PyResult<Vec<Result<CGame, CParseError>>> {
    let name = path.display().to_string();
    let format = format_for(path, format)?;
    let bytes = py.detach(|| std::fs::read(path))?;
    parse_records(py, format, &bytes, Some(&name), size)
}

/// The games of a file or of bytes, one per next(), in file order (tree formats: one per
/// root-to-leaf line).
///
/// Move-list files and RenjuNet databases given by path are read as the reader is
/// advanced, a record at a time, so files of any size can be walked through; the other
/// formats (trees, single games, bytes) are parsed by the core when the reader is made.
/// Each Game object is built when it is reached. A record that cannot be read raises its
/// ParseError from next() (errors='raise', the default: the reader can still be
/// advanced past it), is left out (errors='skip') or is given as the ParseError
/// instance (errors='yield'). renju.validate() takes a reader's remaining records as
/// they are: unreadable ones become unreadable-record findings (unless errors='skip').
#[pyclass(module = "renju")]
pub struct GameReader {
    // A Mutex makes the (Send) iterator shareable, as PyO3 requires.
    records: Mutex<Records>,
    on_error: OnError,
}

type Records = Box<dyn Iterator<Item = Result<CGame, CParseError>> + Send>;

impl GameReader {
    /// Takes every record not yet given out (unreadable ones too, unless the reader
    /// skips them).
    pub fn take_records(&mut self) -> Vec<Result<CGame, CParseError>> {
        let skip = self.on_error == OnError::Skip;
        let mut records = self.records.lock().unwrap_or_else(|e| e.into_inner());
        records.by_ref().filter(|r| !(skip && r.is_err())).collect()
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
        let mut records = self.records.lock().unwrap_or_else(|e| e.into_inner());
        for record in records.by_ref() {
            match record {
                Ok(game) => return Ok(Some(Game(game).into_pyobject(py)?.into_any().unbind())),
                Err(e) => match self.on_error {
                    OnError::Raise => return Err(errors::parse_error(py, &e)),
                    OnError::Skip => continue,
                    OnError::Yield => {
                        return Ok(Some(errors::parse_error(py, &e).into_value(py).into_any()))
                    }
                },
            }
        }
        Ok(None)
    }
}

/// Reads the games of a file: renju.read('games.txt') or
/// renju.read('lib/D4.lib', format='renlib'). The format comes from the extension
/// (.txt moves, .rif/.xml RenjuNet, .lib RenLib, .psq Piskvork, .sgf SGF) unless format=
/// names one of 'moves', 'rif', 'renlib', 'psq', 'sgf', 'openings' (Gomocup opening
/// files). Returns a GameReader; see it for errors=. Raises OSError when the file
/// cannot be read. size= gives the board side of a Gomocup opening file (by default 20
/// when the file name holds the number 20, else 15).
#[pyfunction]
#[pyo3(signature = (path, format = None, *, errors = "raise", size = None))]
pub fn read(
    py: Python<'_>,
    path: PathBuf,
    format: Option<&str>,
    errors: &str,
    size: Option<i64>,
) -> PyResult<GameReader> {
    let on_error = on_error(errors)?;
    if size.is_some() {
        let records = read_records(py, &path, format, size)?;
        return Ok(GameReader {
            records: Mutex::new(Box::new(records.into_iter())),
            on_error,
        });
    }
    let name = path.display().to_string();
    let format = format_for(&path, format)?;
    let file = py.detach(|| std::fs::File::open(&path))?;
    Ok(GameReader {
        records: Mutex::new(format.read_from(std::io::BufReader::new(file), Some(&name))),
        on_error,
    })
}

/// Reads the games of a file's bytes in the given format ('moves', 'rif', 'renlib',
/// 'psq', 'sgf' or 'openings'); `file` names it in errors and reports (and, for
/// Gomocup opening files, suggests the board size, as for read()).
#[pyfunction]
#[pyo3(signature = (data, format, *, file = None, errors = "raise", size = None))]
pub fn read_bytes(
    py: Python<'_>,
    data: Vec<u8>,
    format: &str,
    file: Option<String>,
    errors: &str,
    size: Option<i64>,
) -> PyResult<GameReader> {
    let on_error = on_error(errors)?;
    let format = format_of(format)?;
    let records = parse_records(py, format, &data, file.as_deref(), size)?;
    Ok(GameReader {
        records: Mutex::new(Box::new(records.into_iter())),
        on_error,
    })
}

/// Collects Game objects for a writer.
fn games_of(games: &Bound<'_, PyAny>) -> PyResult<Vec<CGame>> {
    let iter = games.try_iter().map_err(|_| {
        pyo3::exceptions::PyTypeError::new_err(format!(
            "games must be an iterable of renju.Game, not {}",
            convert::type_name(games)
        ))
    })?;
    let mut out = Vec::new();
    for item in iter {
        let item = item?;
        match item.cast::<Game>() {
            Ok(g) => out.push(g.get().0.clone()),
            Err(_) => {
                return Err(pyo3::exceptions::PyTypeError::new_err(format!(
                    "games must be renju.Game objects, not {}",
                    convert::type_name(&item)
                )))
            }
        }
    }
    Ok(out)
}

/// Writes games in a format ('moves', 'rif', 'renlib', 'psq', 'sgf', 'openings') and
/// returns the file's bytes; reading them back gives the same games. Raises ParseError
/// when the format cannot hold a game (it names the game).
#[pyfunction]
pub fn write_bytes<'py>(
    py: Python<'py>,
    games: &Bound<'py, PyAny>,
    format: &str,
) -> PyResult<Bound<'py, PyBytes>> {
    let format = format_of(format)?;
    let games = games_of(games)?;
    let bytes = py
        .detach(|| format.write(&games))
        .map_err(|e| errors::write_error(py, &e))?;
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
    let format = format_for(&path, format)?;
    let games = games_of(games)?;
    let bytes = py
        .detach(|| format.write(&games))
        .map_err(|e| errors::write_error(py, &e))?;
    py.detach(|| std::fs::write(&path, bytes))?;
    Ok(())
}

// ---------------------------------------------------------------------------
// Fixtures
// ---------------------------------------------------------------------------

/// A point query of a fixture: the side to move plays `point`; `expected` is the verdict
/// label ('legal', 'win', 'overline', 'double-four', 'double-three', 'draw') under the
/// reading given by five_completion_counts.
#[pyclass(frozen, module = "renju")]
pub struct FixtureQuery(fixture::Query);

#[pymethods]
impl FixtureQuery {
    /// The point played.
    #[getter]
    fn point(&self) -> Point {
        Point(self.0.point)
    }

    /// The expected verdict label.
    #[getter]
    fn expected(&self) -> &'static str {
        self.0.expected.label()
    }

    /// The reading it holds under (False: the RIF reading).
    #[getter]
    fn five_completion_counts(&self) -> bool {
        self.0.options.five_completion_counts
    }

    /// The line in the fixture file.
    #[getter]
    fn line(&self) -> usize {
        self.0.line
    }

    /// <FixtureQuery l5 double-three>.
    fn __repr__(&self) -> String {
        let reading = if self.0.options.five_completion_counts {
            " [five_completion_counts]"
        } else {
            ""
        };
        format!(
            "<FixtureQuery {} {}{reading}>",
            self.0.point,
            self.0.expected.label()
        )
    }
}

/// A complete forbidden map of a fixture: every empty point where a black stone is
/// forbidden, with its reported foul, under the reading given by five_completion_counts.
#[pyclass(frozen, module = "renju")]
pub struct FixtureMap(fixture::ExpectedMap);

#[pymethods]
impl FixtureMap {
    /// {Point: FoulKind}, sorted by point.
    #[getter]
    fn points<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        for (p, k) in &self.0.points {
            d.set_item(Point(*p), FoulKind::from(*k))?;
        }
        Ok(d)
    }

    /// The reading it holds under (False: the RIF reading).
    #[getter]
    fn five_completion_counts(&self) -> bool {
        self.0.options.five_completion_counts
    }

    /// The line in the fixture file.
    #[getter]
    fn line(&self) -> usize {
        self.0.line
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
#[pyclass(frozen, module = "renju")]
pub struct Fixture(CFixture);

#[pymethods]
impl Fixture {
    /// Unique id ('RN-01c').
    #[getter]
    fn id(&self) -> String {
        self.0.id.clone()
    }

    /// Where the position comes from.
    #[getter]
    fn source(&self) -> String {
        self.0.source.clone()
    }

    /// What it shows, when said.
    #[getter]
    fn note(&self) -> Option<String> {
        self.0.note.clone()
    }

    /// The rule set.
    #[getter]
    fn rule(&self) -> RuleSet {
        self.0.rule_set.into()
    }

    /// The side to move.
    #[getter]
    fn to_move(&self) -> Color {
        self.0.to_move.into()
    }

    /// The board side.
    #[getter]
    fn size(&self) -> u8 {
        self.0.board.size()
    }

    /// The line of the fixture's header in its file.
    #[getter]
    fn line(&self) -> usize {
        self.0.line
    }

    /// The point queries.
    #[getter]
    fn queries(&self) -> Vec<FixtureQuery> {
        self.0.queries.iter().cloned().map(FixtureQuery).collect()
    }

    /// The complete forbidden maps, one per reading.
    #[getter]
    fn maps(&self) -> Vec<FixtureMap> {
        self.0.maps.iter().cloned().map(FixtureMap).collect()
    }

    /// The position as a Board, under the chosen reading.
    #[pyo3(signature = (five_completion_counts = false))]
    fn to_board(&self, five_completion_counts: bool) -> Board {
        Board {
            pos: self.0.position(RenjuOptions {
                five_completion_counts,
            }),
        }
    }

    /// Checks every expectation with the core library; returns the ones that do not
    /// hold, as messages (an empty list when all hold).
    fn check(&self, py: Python<'_>) -> Vec<String> {
        let f = &self.0;
        py.detach(|| f.check())
            .into_iter()
            .map(|m| m.to_string())
            .collect()
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
    py.detach(|| fixture::parse(text))
        .map(|fs| fs.into_iter().map(Fixture).collect())
        .map_err(|e| errors::parse_error(py, &e))
}

/// Reads a fixture file (UTF-8). Raises OSError when it cannot be read and ParseError
/// (with file, line and game set) when it cannot be parsed.
#[pyfunction]
pub fn read_fixtures(py: Python<'_>, path: PathBuf) -> PyResult<Vec<Fixture>> {
    let text = py.detach(|| std::fs::read_to_string(&path))?;
    py.detach(|| fixture::parse(&text))
        .map(|fs| fs.into_iter().map(Fixture).collect())
        .map_err(|e| errors::parse_error(py, &e.in_file(path.display().to_string())))
}
