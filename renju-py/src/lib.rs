//! Python bindings of the renju library: the `renju` module (distribution
//! `renju-referee`).
//!
//! A lean translation layer in the style of python-chess: every rule, verdict, reader
//! and report comes from `renju-core`; this crate only converts arguments and results
//! and maps the core's errors to Python exceptions. See `README.md` and `renju.pyi`.

mod board;
mod convert;
mod errors;
mod game;
mod io;
mod report;
mod svg;
mod tournament;
mod types;

use pyo3::prelude::*;

/// Exact Renju and Gomoku rules as a referee applies them: positions, forbidden moves,
/// verdicts, game records in every supported format, and validation reports.
#[pymodule(name = "renju")]
fn renju_module(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add("FORMATS", io::FORMAT_NAMES.to_vec())?;
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
    m.add_class::<tournament::Tournament>()?;
    m.add_class::<tournament::Standings>()?;
    m.add_class::<tournament::StandingRow>()?;
    m.add_class::<tournament::TournamentFinding>()?;
    m.add_function(wrap_pyfunction!(tournament::read_tournament, m)?)?;
    m.add_function(wrap_pyfunction!(tournament::read_tournaments, m)?)?;
    m.add_function(wrap_pyfunction!(tournament::read_tournaments_bytes, m)?)?;
    Ok(())
}
