//! Engine matches (`renju.engine.match`): the runner of `renju match`
//! (`renju_engine::matches`), its settings read into the same `MatchOptions`, and its
//! report as `MatchResult` (with `MatchGame`, `MatchEngine`, `MatchPair`, `MatchScore`
//! and `MatchSprt`); `MatchResult.to_dict()` is `renju match --json`.
//!
//! The match runs on a thread of its own while the calling thread waits without the
//! GIL, waking every 50 ms to run Python's signal handlers: a KeyboardInterrupt (Ctrl-C)
//! raises the run's stop flag, the runner ends every engine (each in a process group
//! of its own), and the KeyboardInterrupt is raised once it has.

use std::path::PathBuf;
use std::sync::Mutex;

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::PyString;
use serde::{Deserialize, Serialize};

use renju_core::{Color as CColor, Termination};
use renju_engine::matches::stats::Score;
use renju_engine::matches::{
    run_until, EngineSpec, EngineTotals, GameResult, MatchError, MatchOptions, MatchReport,
    PairSummary, SprtSummary, Summary,
};
use renju_engine::process::Stop;
use renju_records::Game as CGame;

use crate::convert::{to_json, to_py_data, type_name};
use crate::errors;
use crate::game::Game;
use crate::interrupt::run_interruptible;
use crate::match_settings::MatchSettings;
use crate::names::Name;

/// A `renju.SetupError` saying why the match cannot be run.
fn match_error(py: Python<'_>, e: &MatchError) -> PyErr {
    errors::setup_message(py, e.to_string())
}

// ------------------------------------------------------------------ results

/// Wins, losses and draws of one side.
#[pyclass(frozen, eq, module = "renju.engine")]
#[derive(Debug, Clone, PartialEq)]
pub struct MatchScore(pub Score);

/// One engine's totals: as Black, as White, both, and its losses by forfeit.
#[pyclass(frozen, eq, module = "renju.engine")]
#[derive(Debug, Clone, PartialEq)]
pub struct MatchEngine(pub EngineTotals);

/// One pair's games, from the first engine's side: its score (also by colour), the
/// Elo difference with its 95 % interval, and the likelihood of superiority.
#[pyclass(frozen, eq, module = "renju.engine")]
#[derive(Debug, Clone, PartialEq)]
pub struct MatchPair(pub PairSummary);

/// The sequential probability ratio test of a two-engine match.
#[pyclass(frozen, eq, module = "renju.engine")]
#[derive(Debug, Clone, PartialEq)]
pub struct MatchSprt(pub SprtSummary);

/// One game of a match: the engines' names, how it ended, and its record (kept in
/// MatchResult.games only with keep_records=True).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GameData {
    index: usize,
    round: u32,
    seats: [String; 2],
    black: String,
    white: String,
    result: String,
    winner: Option<String>,
    termination: Termination,
    reason: String,
    opening: Option<usize>,
    notes: Vec<String>,
    validated: bool,
    engine_moves: u32,
    wall_us: u64,
    engine_us: u64,
    startup_us: u64,
    #[serde(default)]
    stop_us: u64,
    record: Option<CGame>,
}

impl GameData {
    fn new(g: &GameResult, names: &[String]) -> GameData {
        let name = |e: usize| names[e].clone();
        GameData {
            index: g.index,
            round: g.round,
            seats: g.seats.map(name),
            black: name(g.black),
            white: name(g.white),
            result: g.result.to_string(),
            winner: g.outcome.winner.map(|c| match c {
                CColor::Black => name(g.black),
                CColor::White => name(g.white),
            }),
            termination: g.termination,
            reason: g.reason.clone(),
            opening: g.opening,
            notes: g.notes.clone(),
            validated: g.validated,
            engine_moves: g.engine_moves,
            wall_us: g.wall_us,
            engine_us: g.engine_us,
            startup_us: g.startup_us,
            stop_us: g.stop_us,
            record: g.record.clone(),
        }
    }
}

/// One game of a match.
#[pyclass(frozen, eq, module = "renju.engine")]
#[derive(Debug, Clone, PartialEq)]
pub struct MatchGame(pub GameData);

/// A match's results, as Python keeps them.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ResultData {
    /// `renju match --json`, as the CLI prints it.
    json: String,
    summary: Summary,
    games: Vec<GameData>,
    refused_openings: Vec<(String, String)>,
    interrupted: bool,
    /// The results as a tournament (`renju match --trf`).
    tournament: renju_tournament::Tournament,
}

/// The results of renju.engine.match(): every engine's score by colour, each pair's Elo
/// difference with its 95 % interval and LOS, the SPRT when one was run, and every
/// game (with its record when keep_records=True). str() gives the summary as `renju match` prints it;
/// to_dict() is `renju match --json`.
#[pyclass(frozen, eq, module = "renju.engine")]
#[derive(Debug, Clone, PartialEq)]
pub struct MatchResult(pub ResultData);

crate::pickle::json_pickled!(
    MatchScore,
    MatchEngine,
    MatchPair,
    MatchSprt,
    MatchGame,
    MatchResult
);

fn score(s: &Score) -> MatchScore {
    MatchScore(*s)
}

py_methods! { MatchScore |s| pickle(Self)
    /// The score as plain data ({'wins': 3, 'losses': 1, 'draws': 0}).
    to_dict {
    /// Games won.
    wins -> u32 = s.0.wins;
    /// Games lost.
    losses -> u32 = s.0.losses;
    /// Games drawn.
    draws -> u32 = s.0.draws;
    /// Games counted.
    games -> u32 = s.0.games();
    /// Points: a win 1, a draw 1/2.
    points -> f64 = f64::from(s.0.wins) + f64::from(s.0.draws) / 2.0;
    /// The score rate, points per game (None before any game).
    rate -> Option<f64> = s.0.rate();
}
    /// 3-1-0 (wins, losses, draws).
    fn __str__(&self) -> String {
        format!("{}-{}-{}", self.0.wins, self.0.losses, self.0.draws)
    }

    /// <MatchScore 3-1-0>.
    fn __repr__(&self) -> String {
        format!("<MatchScore {}>", self.__str__())
    }
}

py_methods! { MatchEngine |e| pickle(Self)
    /// The totals as plain data (as in `renju match --json`'s summary).
    to_dict {
    /// The engine's name.
    name -> String = e.0.name.clone();
    /// Its score as Black.
    black -> MatchScore = score(&e.0.black);
    /// Its score as White.
    white -> MatchScore = score(&e.0.white);
    /// Its score.
    total -> MatchScore = score(&e.0.total);
    /// Games it lost by forfeit (a crash, garbage, an illegal point, silence) or on
    /// time.
    forfeits -> u32 = e.0.forfeits;
    /// Of which on time.
    time_losses -> u32 = e.0.time_losses;
}
    /// <MatchEngine alpha 3-1-0>.
    fn __repr__(&self) -> String {
        format!("<MatchEngine {} {}>", self.0.name, score(&self.0.total).__str__())
    }
}

py_methods! { MatchPair |p| pickle(Self)
    /// The pair as plain data (as in `renju match --json`'s summary).
    to_dict {
    /// The first engine.
    a -> String = p.0.a.clone();
    /// The second engine.
    b -> String = p.0.b.clone();
    /// The first engine's score against the second.
    score -> MatchScore = score(&p.0.score);
    /// The first engine's score when it played Black.
    a_black -> MatchScore = score(&p.0.a_black);
    /// The first engine's score when it played White.
    a_white -> MatchScore = score(&p.0.a_white);
    /// The first engine's score rate (None before any game).
    rate -> Option<f64> = p.0.rate;
    /// The Elo difference, first minus second (None with no game, or a score of 0 or
    /// 100 %).
    elo -> Option<f64> = p.0.elo;
    /// The 95 % interval of the Elo difference, (low, high) (normal approximation;
    /// None where an end is not finite).
    elo_95 -> Option<(f64, f64)> = p.0.elo_95;
    /// The likelihood that the first engine is the stronger (None with no decisive
    /// game).
    los -> Option<f64> = p.0.los;
}
    /// <MatchPair alpha vs beta 3-1-0>.
    fn __repr__(&self) -> String {
        format!(
            "<MatchPair {} vs {} {}>",
            self.0.a,
            self.0.b,
            score(&self.0.score).__str__()
        )
    }
}

py_methods! { MatchSprt |s| pickle(Self)
    /// The test as plain data (as in `renju match --json`'s summary).
    to_dict {
    /// The Elo difference of H0.
    elo0 -> f64 = s.0.test.elo0;
    /// The Elo difference of H1.
    elo1 -> f64 = s.0.test.elo1;
    /// The false positive rate.
    alpha -> f64 = s.0.test.alpha;
    /// The false negative rate.
    beta -> f64 = s.0.test.beta;
    /// The log-likelihood ratio.
    llr -> f64 = s.0.llr;
    /// The lower bound: at or below it H0 is accepted.
    lower -> f64 = s.0.bounds.0;
    /// The upper bound: at or above it H1 is accepted.
    upper -> f64 = s.0.bounds.1;
    /// 'h0' (accepted), 'h1' (accepted) or 'continue' (undecided).
    decision -> &'static str = s.0.decision.name();
}
    /// <MatchSprt LLR 1.23 [-2.94, 2.94] continue>.
    fn __repr__(&self) -> String {
        format!(
            "<MatchSprt LLR {:.2} [{:.2}, {:.2}] {}>",
            self.0.llr,
            self.0.bounds.0,
            self.0.bounds.1,
            self.0.decision.name()
        )
    }
}

py_methods! { MatchGame |g| pickle(Self) {
    /// The game's number in the schedule, from 0.
    index -> usize = g.0.index;
    /// The round, from 1.
    round -> u32 = g.0.round;
    /// The engines in the first seat (tentative Black) and the second.
    seats -> (String, String) = (g.0.seats[0].clone(), g.0.seats[1].clone());
    /// The engine that played Black (after any swap).
    black -> String = g.0.black.clone();
    /// The engine that played White.
    white -> String = g.0.white.clone();
    /// '1-0', '0-1' or '1/2-1/2'.
    result -> String = g.0.result.clone();
    /// The engine that won, or None for a draw.
    winner -> Option<String> = g.0.winner.clone();
    /// How the game ended (the referee's judgement, or 'forfeit' for the runner's).
    termination -> Name<Termination> = Name(g.0.termination);
    /// Why, in words (the runner's reason for a forfeit: 'beta crashed ...').
    reason -> String = g.0.reason.clone();
    /// The opening played (its index among the openings kept), or None.
    opening -> Option<usize> = g.0.opening;
    /// What the runner had to do for an engine (fallbacks, restarts).
    notes -> Vec<String> = g.0.notes.clone();
    /// Whether the record validates to the same result (always True unless the
    /// library is wrong).
    validated -> bool = g.0.validated;
    /// The record: every event, each move's time taken and time left, the players
    /// and the runner's reason ('termination' tag). Always there in on_game; in
    /// MatchResult.games only with renju.engine.match(..., keep_records=True), else None.
    record -> Option<Game> = g.0.record.clone().map(Game::from);
    /// Moves asked of the engines.
    engine_moves -> u32 = g.0.engine_moves;
    /// The game's wall time, in microseconds.
    wall_us -> u64 = g.0.wall_us;
    /// Of which the engines' thinking, in microseconds.
    engine_us -> u64 = g.0.engine_us;
    /// Of which waiting for the engines to start or restart, in microseconds.
    startup_us -> u64 = g.0.startup_us;
    /// Of which stopping or ending the engine that lost on time or by forfeit, once
    /// the game was decided (YXSTOP and its answer, or the kill), in microseconds.
    stop_us -> u64 = g.0.stop_us;
}
    /// The game as plain data: the fields above, with the record in its JSON form (null
    /// when it was not kept).
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_py_data(py, &self.0)
    }

    /// <MatchGame 3: alpha - beta 1-0 (five)>.
    fn __repr__(&self) -> String {
        let g = &self.0;
        format!(
            "<MatchGame {}: {} - {} {} ({})>",
            g.index, g.black, g.white, g.result, g.termination
        )
    }
}

py_methods! { MatchResult |r| pickle(Self) {
    /// Every engine's totals, in the order given.
    engines -> Vec<MatchEngine> = r.0.summary.engines.iter().cloned().map(MatchEngine).collect();
    /// Every pair that played: score, Elo with its 95 % interval, LOS.
    pairs -> Vec<MatchPair> = r.0.summary.pairs.iter().cloned().map(MatchPair).collect();
    /// The SPRT, when one was run (sprt=).
    sprt -> Option<MatchSprt> = r.0.summary.sprt.clone().map(MatchSprt);
    /// Every game played, in schedule order.
    games -> Vec<MatchGame> = r.0.games.iter().cloned().map(MatchGame).collect();
    /// Games scheduled (more than played when the match stopped early).
    scheduled -> usize = r.0.summary.scheduled;
    /// Games counted by termination ('five', 'forfeit', ...).
    terminations -> std::collections::BTreeMap<String, usize> = r.0.summary.terminations.clone();
    /// Why the match stopped before its schedule ended (the SPRT decided), else None.
    stopped -> Option<String> = r.0.summary.stopped.clone();
    /// Whether the match was interrupted.
    interrupted -> bool = r.0.interrupted;
    /// Records that do not validate to the runner's result (0 unless the library is
    /// wrong).
    disagreements -> usize = r.0.summary.disagreements;
    /// Wall time of the match, in seconds.
    seconds -> f64 = r.0.summary.seconds;
    /// Openings refused before play, as (line or number, why).
    refused_openings -> Vec<(String, String)> = r.0.refused_openings.clone();
    /// The results as a tournament: a round robin of the engines, every game a pairing
    /// with its colours, as `renju match --trf` writes it; .standings() and .to_trf()
    /// as for any Tournament.
    tournament -> crate::tournament::Tournament = crate::tournament::Tournament {
        inner: r.0.tournament.clone(),
        read_findings: Vec::new(),
    };
}
    /// The results as `renju match --json` prints them: settings, engines, summary,
    /// games (without their records) and refused openings.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        py.import("json")?.call_method1("loads", (&self.0.json,))
    }

    /// to_dict() as JSON text, as `renju match --json` prints it.
    fn to_json(&self) -> String {
        self.0.json.clone()
    }

    /// The summary as `renju match` prints it.
    fn __str__(&self) -> String {
        self.0.summary.to_text()
    }

    /// <MatchResult 4 of 4 games: alpha 3-1-0, beta 1-3-0>.
    fn __repr__(&self) -> String {
        let s = &self.0.summary;
        let engines: Vec<String> = s
            .engines
            .iter()
            .map(|e| format!("{} {}", e.name, score(&e.total).__str__()))
            .collect();
        format!(
            "<MatchResult {} of {} games: {}>",
            s.games,
            s.scheduled,
            engines.join(", ")
        )
    }
}

// ------------------------------------------------------------------ arguments

/// The engines: each a command line (or `cmd=... name=... option.K=V`), a path, or a
/// list of the program and its arguments.
fn engines_of(py: Python<'_>, engines: &Bound<'_, PyAny>) -> PyResult<Vec<EngineSpec>> {
    let expected = "engines must be a list of engines, each a command line, a path or a \
                    list of the program and its arguments";
    if engines.is_instance_of::<PyString>() {
        return Err(PyTypeError::new_err(format!("{expected}, not str")));
    }
    let iter = engines
        .try_iter()
        .map_err(|_| PyTypeError::new_err(format!("{expected}, not {}", type_name(engines))))?;
    let mut out = Vec::new();
    for item in iter {
        let item = item?;
        let spec = if let Ok(text) = item.cast::<PyString>() {
            EngineSpec::from_text(&text.to_cow()?)
        } else if item.hasattr("__fspath__")? {
            let path: PathBuf = item.extract()?;
            EngineSpec::from_command(vec![path.display().to_string()])
        } else {
            let argv = item.try_iter().and_then(|words| {
                words
                    .map(|w| {
                        let w = w?;
                        if w.hasattr("__fspath__")? {
                            Ok(w.extract::<PathBuf>()?.display().to_string())
                        } else {
                            w.extract::<String>()
                        }
                    })
                    .collect::<PyResult<Vec<String>>>()
            });
            let argv = argv.map_err(|_| {
                PyTypeError::new_err(format!("{expected}, not {}", type_name(&item)))
            })?;
            EngineSpec::from_command(argv)
        };
        out.push(spec.map_err(|e| match_error(py, &e))?);
    }
    Ok(out)
}

// ------------------------------------------------------------------ the match

/// Plays a match between engines speaking the Gomocup (Piskvork) protocol, every game
/// refereed by the live referee: `renju match` from Python (see its options in the
/// README). Returns a MatchResult.
///
/// engines: two or more, each a command line ('./pbrain-x --threads 2', or
/// c-gomoku-cli's 'cmd=./pbrain-x name=x option.KEY=VALUE'), a path, or a list of the
/// program and its arguments. settings: a MatchSettings (default: MatchSettings()).
/// names: the N-th names the N-th engine (default: the program's file name, numbered
/// when two are alike). games: games per pair in each round (wins over settings').
/// on_game, when given, is called with each MatchGame as it ends (from the runner's
/// thread), its record included. keep_records: keep every game's record in
/// MatchResult.games too (by default each game's record is None there, so that a
/// long match's memory does not grow with its records: some kilobytes a game).
///
/// The GIL is released while the match runs; Ctrl-C (KeyboardInterrupt) stops it and
/// ends every engine before the KeyboardInterrupt is raised. A match that cannot be
/// run (fewer than two engines, a program not found, an unreadable openings file, a
/// board size the rules refuse) raises renju.SetupError.
#[pyfunction(name = "match")]
#[pyo3(signature = (engines, settings = None, *, names = None, games = None, on_game = None, keep_records = false))]
pub fn play_match(
    py: Python<'_>,
    engines: &Bound<'_, PyAny>,
    settings: Option<&Bound<'_, MatchSettings>>,
    names: Option<Vec<String>>,
    games: Option<u32>,
    on_game: Option<Py<PyAny>>,
    keep_records: bool,
) -> PyResult<MatchResult> {
    let defaults;
    let settings = match settings {
        Some(s) => s.get(),
        None => {
            defaults = MatchSettings::from_given(py, pyo3::types::PyDict::new(py))?;
            &defaults
        }
    };
    let engines = engines_of(py, engines)?;
    let mut options = (settings.options(&engines, &names.unwrap_or_default()))
        .map_err(|e| match_error(py, &e))?;
    if let Some(games) = games {
        options.games = games;
    }
    options.keep_records = keep_records;
    let names: Vec<String> = options.engines.iter().map(|e| e.name.clone()).collect();
    let report = run_with_signals(py, &options, &names, on_game.as_ref())?;
    Ok(MatchResult(ResultData {
        json: to_json(&report.json(&options))?,
        tournament: report.tournament(&options),
        games: report
            .games
            .iter()
            .map(|g| GameData::new(g, &names))
            .collect(),
        summary: report.summary,
        refused_openings: report.refused_openings,
        interrupted: report.interrupted,
    }))
}

/// Runs the match on a thread of its own, waiting without the GIL and running Python's
/// signal handlers every 50 ms ([`run_interruptible`]); `on_game` is called with each
/// game as it ends.
fn run_with_signals(
    py: Python<'_>,
    options: &MatchOptions,
    names: &[String],
    on_game: Option<&Py<PyAny>>,
) -> PyResult<MatchReport> {
    let stop = Stop::new();
    // An exception of on_game, raised once the match has stopped.
    let failed: Mutex<Option<PyErr>> = Mutex::new(None);
    let (report, interrupt) = run_interruptible(py, &stop, || {
        let mut each = |g: &GameResult, _: &Summary| {
            let Some(callback) = on_game else { return };
            Python::attach(|py| {
                let game = MatchGame(GameData::new(g, names));
                if let Err(e) = callback.call1(py, (game,)) {
                    stop.raise();
                    let mut slot = failed.lock().unwrap_or_else(|p| p.into_inner());
                    slot.get_or_insert(e);
                }
            });
        };
        run_until(options, &stop, &mut each)
    });
    if let Some(e) = interrupt {
        return Err(e);
    }
    if let Some(e) = failed.into_inner().unwrap_or_else(|p| p.into_inner()) {
        return Err(e);
    }
    report
        .ok_or_else(|| pyo3::exceptions::PyRuntimeError::new_err("the match runner failed"))?
        .map_err(|e| match_error(py, &e))
}
