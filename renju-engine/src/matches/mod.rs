//! Engine matches and tournaments (`renju match`): engines speaking the Gomocup
//! (Piskvork) protocol play each other, every game refereed by the live referee
//! ([`renju_records::referee::Referee`]), with the clock measured here.
//!
//! * **Schedule.** Two or more [`EngineSpec`]s play a round robin (every pair, in the
//!   order of FIDE's Berger tables: [`crosstable::round_robin_games`]) or a
//!   gauntlet (the first engine against each other one), [`MatchOptions::games`] games a
//!   pair in each of [`MatchOptions::rounds`] rounds, the seats reversed every other
//!   game of a pair. Openings are taken in turn from [`MatchOptions::openings`], or
//!   read from [`MatchOptions::openings_file`] as the schedule needs them (in random
//!   order: a seeded sample as large as the schedule, drawn in one pass over the
//!   file); with [`MatchOptions::repeat`] each opening is played twice (once from each
//!   seat, by games `2k` and `2k + 1` of a pair of engines in a round), and with [`MatchOptions::transform`] each pass
//!   through the list uses the next of the 8 board symmetries (c-gomoku-cli's
//!   `-repeat` and `-transform`). [`MatchOptions::concurrency`] games run at once, each
//!   on a thread of its own with its own engine processes.
//! * **Openings** are checked before play by replaying them through a referee: one the
//!   rules refuse (a stone on a stone, a Black foul, a five on the board, a step the
//!   protocol does not allow) is refused with the referee's reason and never played
//!   ([`MatchReport::refused_openings`]). The opening's events are the game's first
//!   actions: its stones, and its colour decisions, declarations and fifth-move
//!   offers, which no Gomocup command asks an engine for.
//! * **Protocol.** `START`, `INFO` (`timeout_turn`, `timeout_match`, `max_memory`,
//!   `game_type`, `rule`, the engine's own keys, and `time_left` before every
//!   question), `ABOUT` after the `INFO` lines of a fresh engine (its answer ends its
//!   start-up, untimed), `BEGIN` on an empty board, `TURN x,y` when the engine holds the game
//!   but the opponent's last move, `BOARD` otherwise (stones in move order, field 1 for
//!   the colour to move), `RESTART` between games (an engine that does not answer it
//!   `OK` is started again) and `END`. Under Swap2, `SWAP2BOARD` asks for the opening
//!   stones and the colour decisions; an engine that answers `UNKNOWN` or `ERROR` to it
//!   plays the first three stones as moves (`BEGIN`/`BOARD`) and stays with its colour
//!   at each decision, and the game's notes say so.
//! * **Refereeing.** Every answer becomes a referee action by its seat, at a time stamp
//!   on the runner's timeline: the sum of the engines' thinking times, each measured
//!   from the command written to the answer read ([`std::time::Instant`]), so that the
//!   runner's own work costs the engines nothing. The referee judges everything: fives
//!   (five beats foul), fouls (a forbidden move loses), passes (`-1,-1`), two passes,
//!   the full board and the clock. When an engine is silent past its deadline the
//!   runner sends a `tick` just past it and the flag falls. The runner ends a game
//!   itself only where the rules cannot see: an engine that crashed, answered garbage
//!   or a point the referee refuses (occupied, off the board, outside the opening's
//!   area), passed where passes are not allowed, exceeded a Gomocup turn limit, or
//!   stayed silent in an untimed game loses by forfeit (the referee's `forfeit`
//!   action, declared by the runner as arbiter), with the reason in the record's
//!   `termination` tag. `--draw-after N`
//!   is the referee's own declared draw once N stones are on the board
//!   (`declared-draw`; the record keeps the limit, [`Game::draw_after`]).
//!   A dead, hung (silent in an untimed game) or confused engine is killed with its process group and started again for
//!   its next game. An engine that only lost on time is kept: one that answered, late,
//!   is healthy; one still thinking when its flag fell is sent `YXSTOP` (as
//!   c-gomoku-cli does) and kept if its move comes within 500 ms, else killed.
//! * **Records.** The referee writes each game's whole record as play goes
//!   ([`Referee::game`]): the game's number, the players, round and event tags, every
//!   engine move's time (the thinking time, or the referee's clock reading of the time
//!   left in a timed game), and the runner's reason; the runner adds nothing after the
//!   game. Each record is validated once ([`Game::validate`]) and must give the
//!   runner's result ([`GameResult::validated`]).
//! * **Statistics** ([`stats`]): wins, losses and draws per engine and colour, Elo with
//!   its 95 % interval, LOS, and the SPRT, which stops the match early once it decides.
//! * **Tournament** ([`crosstable`]): the results as a round-robin crosstable
//!   ([`MatchReport::tournament`]), for a TRF file and the standings.

pub mod crosstable;
mod engines;
mod openings;
mod options;
mod play;
mod report;
mod schedule;
pub mod stats;
mod summary;

pub use engines::{name_engines, EngineSpec, ProgramError, ProgramProblem};
pub use openings::{
    check_opening, read_openings, OpeningRefusal, OpeningsFile, MAX_REFUSED_LISTED,
};
pub use options::{GomocupLimits, LimitsError, MatchOptions, OpeningOrder, OrderName, Profile};
pub use report::{GameResult, MatchReport, RefusedJson, ReportJson, SettingsJson};
pub use schedule::{schedule, scheduled_games, Job, MAX_GAMES};
pub use summary::{EngineTotals, PairSummary, SprtSummary, Summary};

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use thiserror::Error;

use renju_records::game::{Game, Seat};
use renju_records::opening::OpeningRule;
use renju_records::referee::{Referee, RefereeError};
use renju_records::text::{check_text, TextError};
use renju_records::time_control::TimeControlError;

use crate::gomocup::GomocupEngine;
use crate::process::Stop;
use openings::{gather_openings, opening_requests, openings_needed, transformed, Gathered};
use stats::SprtDecision;

/// Why a match cannot be run.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum MatchError {
    /// Fewer than two engines.
    #[error("a match needs at least two engines, {0} given")]
    TooFewEngines(usize),
    /// Two engines with one name.
    #[error("two engines are named `{0}`: give each a name of its own")]
    DuplicateName(String),
    /// An engine name or the event name that records and TRF files cannot hold (a
    /// newline would start a line of its own), checked as every free-text field is.
    #[error(transparent)]
    Text(#[from] TextError),
    /// An engine that cannot be read (`cmd=...` form, quoting, no command).
    #[error("{0}")]
    Engine(String),
    /// More names than engines.
    #[error("{names} names for {engines} engines")]
    Names {
        /// Names given.
        names: usize,
        /// Engines given.
        engines: usize,
    },
    /// An engine's program that cannot be started (not found, not executable).
    #[error("engine `{engine}` cannot be started: {why}")]
    Program {
        /// The engine's name.
        engine: String,
        /// Why.
        why: ProgramError,
    },
    /// The openings file cannot be read.
    #[error("{0}")]
    Openings(String),
    /// The stop flag was raised (Ctrl-C, SIGTERM) before play began.
    #[error("interrupted {0}")]
    Interrupted(String),
    /// Gomocup limits that make no time control.
    #[error(transparent)]
    TimeControl(#[from] TimeControlError),
    /// The rules cannot be refereed (board size, time control).
    #[error(transparent)]
    Referee(#[from] RefereeError),
    /// The SPRT needs exactly two engines.
    #[error("the SPRT needs exactly two engines, {0} given")]
    SprtEngines(usize),
    /// `games`, `rounds`, `concurrency`, the silence limit or `draw_after` is 0 (a
    /// silence of 0 would forfeit every engine at its first move, a draw after 0 stones
    /// every game at its first: leave `draw_after` out for no such draw).
    #[error("{0} must be at least 1")]
    Zero(&'static str),
    /// Openings were given and every one was refused.
    #[error("every opening was refused; the first: {0}")]
    NoOpenings(String),
    /// More games than a match may schedule ([`MAX_GAMES`]).
    #[error("this match would play {0} games, and a match plays at most {MAX_GAMES}: give fewer games, rounds or engines")]
    TooManyGames(u128),
    /// The protocol needs steps no engine command gives, and no opening gives them.
    #[error("the {0} opening asks for fifth-move offers (and declarations) that no Gomocup command asks an engine for: give openings that play them, in a record format that holds them (the move list does)")]
    NeedsOpenings(OpeningRule),
}

/// Checks the options; the openings kept (the refused ones listed).
fn prepare(options: &MatchOptions, stop: &Stop) -> Result<Gathered, MatchError> {
    let n = options.engines.len();
    if n < 2 {
        return Err(MatchError::TooFewEngines(n));
    }
    for (i, e) in options.engines.iter().enumerate() {
        if options.engines[..i].iter().any(|o| o.name == e.name) {
            return Err(MatchError::DuplicateName(e.name.clone()));
        }
        check_text("engine name", &e.name)?;
    }
    check_text("event name", &options.event)?;
    if options.sprt.is_some() && n != 2 {
        return Err(MatchError::SprtEngines(n));
    }
    for (value, name) in [
        (options.games, "games"),
        (options.rounds, "rounds"),
        (u32::from(options.concurrency > 0), "concurrency"),
        (u32::from(options.silence_ms > 0), "the silence limit"),
        (u32::from(options.draw_after != Some(0)), "draw-after"),
    ] {
        if value == 0 {
            return Err(MatchError::Zero(name));
        }
    }
    let games = scheduled_games(options)?;
    for e in &options.engines {
        e.check_program().map_err(|why| MatchError::Program {
            engine: e.name.clone(),
            why,
        })?;
    }
    Referee::new(options.referee_options())?;
    let gathered = gather_openings(options, openings_needed(options, games), stop)?;
    if gathered.kept.is_empty() {
        if let Some((label, why)) = gathered.refused.first() {
            return Err(MatchError::NoOpenings(format!("{label}: {why}")));
        }
        if options.opening.requires_offers() {
            return Err(MatchError::NeedsOpenings(options.opening));
        }
    }
    Ok(gathered)
}

/// Plays the match: `on_game` is called after every game, in the order games end,
/// with the summary so far (for a progress line, or to write the record at once: the
/// report keeps each game's record only with [`MatchOptions::keep_records`]).
/// [`run_observed`] also says when each game starts.
/// Stops early when the SPRT decides (the games under way are finished and counted)
/// or when the run is interrupted ([`crate::process::interrupted`]): every engine is
/// ended before this returns.
pub fn run(
    options: &MatchOptions,
    on_game: &mut dyn FnMut(&GameResult, &Summary),
) -> Result<MatchReport, MatchError> {
    run_until(options, &Stop::new(), on_game)
}

/// [`run`], stopping also when `stop` is raised (from another thread: Python's
/// Ctrl-C, a caller's deadline): the games under way are abandoned and not counted,
/// every engine is ended before this returns, and the report says `interrupted`.
pub fn run_until(
    options: &MatchOptions,
    stop: &Stop,
    on_game: &mut dyn FnMut(&GameResult, &Summary),
) -> Result<MatchReport, MatchError> {
    struct Ends<'a>(&'a mut dyn FnMut(&GameResult, &Summary));
    impl MatchObserver for Ends<'_> {
        fn game_ended(&mut self, game: &GameResult, summary: &Summary) {
            (self.0)(game, summary);
        }
    }
    run_observed(options, stop, &mut Ends(on_game))
}

/// What a caller of [`run_observed`] is told as the match goes, on the calling thread,
/// in the order things happen (with several games at once, starts and ends interleave).
pub trait MatchObserver {
    /// A game of the schedule is about to start (its engines are being readied).
    fn game_started(&mut self, _job: &Job, _summary: &Summary) {}
    /// A game ended: its result with its record (which the report keeps only under
    /// [`MatchOptions::keep_records`]), and the summary with it counted.
    fn game_ended(&mut self, game: &GameResult, summary: &Summary);
}

/// What the worker threads tell the runner's thread.
enum Progress {
    Started(Job),
    Ended(Box<GameResult>),
}

/// [`run_until`], telling `observer` of each game as it starts and as it ends (for
/// progress lines, and to write each record at once).
pub fn run_observed(
    options: &MatchOptions,
    stop: &Stop,
    observer: &mut dyn MatchObserver,
) -> Result<MatchReport, MatchError> {
    let started = Instant::now();
    let Gathered {
        kept: openings,
        refused,
        read: openings_read,
        ..
    } = prepare(options, stop)?;
    let jobs = schedule(options, openings.len());
    let mut summary = Summary::new(options, jobs.len());
    let next = AtomicUsize::new(0);
    let decided = AtomicBool::new(false);
    let mut results: Vec<GameResult> = Vec::new();
    let threads = options.concurrency.min(jobs.len()).max(1);
    std::thread::scope(|scope| {
        let (tx, rx) = mpsc::channel::<Progress>();
        for _ in 0..threads {
            let tx = tx.clone();
            let (jobs, next, decided, openings) = (&jobs, &next, &decided, &openings);
            scope.spawn(move || worker(jobs, next, decided, stop, options, openings, &tx));
        }
        drop(tx);
        for progress in rx {
            let mut result = match progress {
                Progress::Started(job) => {
                    observer.game_started(&job, &summary);
                    continue;
                }
                Progress::Ended(result) => *result,
            };
            summary.add(&result, options);
            summary.seconds = started.elapsed().as_secs_f64();
            summary.games_per_second = summary.games as f64 / summary.seconds.max(1e-9);
            if let Some(s) = &summary.sprt {
                if s.decision != SprtDecision::Continue && !decided.load(Ordering::Relaxed) {
                    decided.store(true, Ordering::Relaxed);
                    summary.stopped = Some(format!(
                        "the SPRT accepted {} after {} games",
                        if s.decision == SprtDecision::H1 {
                            "H1"
                        } else {
                            "H0"
                        },
                        summary.games
                    ));
                }
            }
            observer.game_ended(&result, &summary);
            if !options.keep_records {
                result.record = None;
            }
            results.push(result);
        }
    });
    let interrupted = stop.is_raised();
    if interrupted && summary.stopped.is_none() {
        summary.stopped = Some(format!("interrupted after {} games", summary.games));
    }
    summary.seconds = started.elapsed().as_secs_f64();
    summary.games_per_second = summary.games as f64 / summary.seconds.max(1e-9);
    results.sort_by_key(|r| r.index);
    Ok(MatchReport {
        summary,
        games: results,
        refused_openings: refused,
        openings_read,
        interrupted,
    })
}

fn worker(
    jobs: &[Job],
    next: &AtomicUsize,
    decided: &AtomicBool,
    stop: &Stop,
    options: &MatchOptions,
    openings: &[Game],
    tx: &mpsc::Sender<Progress>,
) {
    let mut brains: Vec<Option<GomocupEngine>> = options.engines.iter().map(|_| None).collect();
    loop {
        if decided.load(Ordering::Relaxed) || stop.is_raised() {
            break;
        }
        let i = next.fetch_add(1, Ordering::Relaxed);
        let Some(job) = jobs.get(i) else { break };
        if tx.send(Progress::Started(*job)).is_err() {
            break;
        }
        // Engines this game does not need are ended.
        for (e, brain) in brains.iter_mut().enumerate() {
            if !job.seats.contains(&e) {
                if let Some(mut b) = brain.take() {
                    b.end();
                }
            }
        }
        let opening = job.opening.map(|o| transformed(&openings[o], job.symmetry));
        let mut first = brains[job.seats[0]].take();
        let mut second = brains[job.seats[1]].take();
        let result = play::play(
            job,
            options,
            [&mut first, &mut second],
            opening.as_ref(),
            stop,
        );
        brains[job.seats[0]] = first;
        brains[job.seats[1]] = second;
        match result {
            Some(result) => {
                if tx.send(Progress::Ended(Box::new(result))).is_err() {
                    break;
                }
            }
            None => break, // interrupted
        }
    }
    for brain in brains.iter_mut().filter_map(Option::as_mut) {
        brain.end();
    }
}

/// The seat's index in `[first, second]`.
pub(crate) fn seat_index(seat: Seat) -> usize {
    match seat {
        Seat::First => 0,
        Seat::Second => 1,
    }
}

/// The wait before `START`/`RESTART` must be answered.
pub(crate) fn greeting_wait(options: &MatchOptions) -> Duration {
    Duration::from_millis(options.silence_ms.max(1000))
}
