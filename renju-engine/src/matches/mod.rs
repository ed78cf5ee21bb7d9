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
//!   action), with the reason in the record's `termination` tag. `--draw-after N`
//!   is the referee's own declared draw once N stones are on the board
//!   (`declared-draw`; the record keeps the limit, [`Game::draw_after`]).
//!   A dead, hung (silent in an untimed game) or confused engine is killed with its process group and started again for
//!   its next game. An engine that only lost on time is kept: one that answered, late,
//!   is healthy; one still thinking when its flag fell is sent `YXSTOP` (as
//!   c-gomoku-cli does) and kept if its move comes within 500 ms, else killed.
//! * **Records.** The referee's record of each game ([`Referee::game`]) with the
//!   players, round and event tags, every move's time, and the runner's reason; each
//!   is validated ([`Game::validate`]) and must give the runner's result
//!   ([`GameResult::validated`]).
//! * **Statistics** ([`stats`]): wins, losses and draws per engine and colour, Elo with
//!   its 95 % interval, LOS, and the SPRT, which stops the match early once it decides.
//! * **Tournament** ([`crosstable`]): the results as a round-robin crosstable
//!   ([`MatchReport::tournament`]), for a TRF file and the standings.

pub mod crosstable;
mod play;
mod settings;
pub mod stats;

pub use settings::{
    name_engines, read_openings, MatchSettings, Openings, OpeningsFile, OrderName, Profile,
    ProgramError, ProgramProblem,
};

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};
use thiserror::Error;

use renju_core::geometry::{Point, Symmetry};
use renju_core::outcome::{Outcome, Termination};
use renju_core::rules::{RenjuOptions, RuleSet};
use renju_records::game::{DeclaredResult, Event, Game, ResultReason, Seat};
use renju_records::opening::OpeningRule;
use renju_records::referee::{
    Action, Referee, RefereeError, RefereeOptions, Refusal, Request, Required,
};
use renju_records::time_control::{Overtime, Period, Schedule, TimeControl, TimeControlError};

use crate::gomocup::GomocupEngine;
use crate::process::Stop;
use renju_records::random::SplitMix64;
use stats::{GamePairs, Pentanomial, Score, Sprt, SprtDecision};

/// One engine of a match.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct EngineSpec {
    /// The name in records, standings and the summary (unique in a match).
    pub name: String,
    /// The program and its arguments.
    pub command: Vec<String>,
    /// The directory it runs in (`None`: the runner's).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dir: Option<PathBuf>,
    /// Its own `INFO key value` settings, sent after the standard ones.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub info: Vec<(String, String)>,
    /// Send the stones of `SWAP2BOARD` as `x,y,field` lines, as `BOARD` sends them
    /// (field 1 for the side to move's stones), instead of the protocol's bare `x,y`:
    /// engines that read them with their `BOARD` parser (Rapfi) need the field.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub swap2board_fields: bool,
}

/// Gomocup's time limits (c-gomoku-cli's `tc=match/turn+inc`), in milliseconds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub struct GomocupLimits {
    /// The time for the whole game (0: none).
    pub match_ms: u64,
    /// The most one move may take (0: none but the match time).
    pub turn_ms: u64,
    /// Added after every move (with a match time).
    pub increment_ms: u64,
}

/// Gomocup limits that cannot be read, by what is wrong with them.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum LimitsError {
    /// A part that is not a number of seconds.
    #[error("`{text}` is not a Gomocup time control `match/turn+increment` in seconds (`180/30`, `60+1`, `0/5`): `{part}` is not a number")]
    NotANumber {
        /// The limits as written.
        text: String,
        /// The part that is not a number.
        part: String,
    },
    /// A number of seconds below 0 or past a day (86,400).
    #[error("`{text}` is not a Gomocup time control `match/turn+increment` in seconds (`180/30`, `60+1`, `0/5`): `{part}` is not between 0 and 86400 seconds")]
    OutOfRange {
        /// The limits as written.
        text: String,
        /// The part out of range.
        part: String,
    },
    /// Neither a match time nor a turn limit.
    #[error("`{text}` is not a Gomocup time control `match/turn+increment` in seconds (`180/30`, `60+1`, `0/5`): it limits nothing")]
    NoLimit {
        /// The limits as written.
        text: String,
    },
}

fn seconds_ms(part: &str, text: &str) -> Result<u64, LimitsError> {
    let (text, part) = (text.to_string(), part.trim().to_string());
    let Ok(s) = part.parse::<f64>() else {
        return Err(LimitsError::NotANumber { text, part });
    };
    if !(0.0..=86_400.0).contains(&s) {
        return Err(LimitsError::OutOfRange { text, part });
    }
    Ok((s * 1000.0).round() as u64)
}

impl std::str::FromStr for GomocupLimits {
    type Err = LimitsError;

    /// `match`, `match/turn`, `match+inc` or `match/turn+inc`, in seconds (decimals
    /// allowed). Without `/turn` there is no turn limit but the match time.
    fn from_str(text: &str) -> Result<GomocupLimits, LimitsError> {
        let (rest, inc) = match text.split_once('+') {
            Some((a, b)) => (a, seconds_ms(b, text)?),
            None => (text, 0),
        };
        let (m, turn) = match rest.split_once('/') {
            Some((a, b)) => (seconds_ms(a, text)?, seconds_ms(b, text)?),
            None => (seconds_ms(rest, text)?, 0),
        };
        if m == 0 && turn == 0 {
            return Err(LimitsError::NoLimit { text: text.into() });
        }
        Ok(GomocupLimits {
            match_ms: m,
            turn_ms: turn,
            increment_ms: inc,
        })
    }
}

impl GomocupLimits {
    /// The referee's clock for these limits, and the turn limit the runner keeps
    /// itself: a turn limit alone is one-move byo-yomi (`TM[0]OT[1xT byo-yomi]`); a
    /// match time is sudden death (Fischer with an increment), and a turn limit below
    /// it is kept by the runner (an engine past it loses by forfeit).
    pub fn clock(&self) -> Result<(TimeControl, Option<u64>), TimeControlError> {
        let schedule = if self.match_ms == 0 {
            Schedule {
                periods: vec![Period {
                    time_ms: 0,
                    moves: None,
                    increment_ms: 0,
                }],
                overtime: Some(Overtime {
                    periods: 1,
                    time_ms: self.turn_ms,
                    moves: 1,
                }),
            }
        } else {
            Schedule {
                periods: vec![Period {
                    time_ms: self.match_ms,
                    moves: None,
                    increment_ms: self.increment_ms,
                }],
                overtime: None,
            }
        };
        let control = TimeControl::new(schedule)?;
        let turn = (self.match_ms > 0 && self.turn_ms > 0 && self.turn_ms < self.match_ms)
            .then_some(self.turn_ms);
        Ok((control, turn))
    }
}

/// The order openings are taken in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum OpeningOrder {
    /// As in the file.
    #[default]
    Sequential,
    /// Shuffled once with the seed (c-gomoku-cli's `order=random srand=N`).
    Random(u64),
}

/// How to run a match.
#[derive(Debug, Clone)]
pub struct MatchOptions {
    /// The engines (at least two).
    pub engines: Vec<EngineSpec>,
    /// The rule set.
    pub rule_set: RuleSet,
    /// Readings of the Renju rules.
    pub renju: RenjuOptions,
    /// The board side.
    pub size: u8,
    /// The opening protocol.
    pub opening: OpeningRule,
    /// The referee's time control (`None`: untimed).
    pub time_control: Option<TimeControl>,
    /// A turn limit the runner keeps (Gomocup's `timeout_turn` below the match time).
    pub turn_limit_ms: Option<u64>,
    /// How late past its deadline an answer is still taken (charged as made at the
    /// deadline), in milliseconds (c-gomoku-cli's `tolerance`).
    pub tolerance_ms: u64,
    /// How long an engine may stay silent in an untimed game (and at `START` and
    /// `RESTART`).
    pub silence_ms: u64,
    /// Games per pair in each round.
    pub games: u32,
    /// Rounds (the whole schedule repeated).
    pub rounds: u32,
    /// Games played at once.
    pub concurrency: usize,
    /// The first engine against each other one, instead of a round robin.
    pub gauntlet: bool,
    /// The openings (empty, and no `openings_file`: every game starts on the empty
    /// board).
    pub openings: Vec<Game>,
    /// An openings file, read instead of `openings` as the schedule needs it: in
    /// sequential order only up to the last opening the schedule plays; in random order
    /// in one pass that keeps a seeded sample as large as the schedule needs (reservoir
    /// sampling). A file in a format that streams (Gomocup openings, and those that
    /// [`renju_records::formats::Format::read_from`] streams) is read a record at a time,
    /// so memory holds the openings played, not the file; a file in another format is
    /// read whole first (within the readers' size limit), then taken the same way.
    pub openings_file: Option<OpeningsFile>,
    /// The order openings are taken in.
    pub opening_order: OpeningOrder,
    /// Each opening twice, with the seats reversed.
    pub repeat: bool,
    /// Each pass through the openings under the next of the 8 symmetries.
    pub transform: bool,
    /// A draw once this many stones are on the board (opening included).
    pub draw_after: Option<usize>,
    /// Whether a pass (`-1,-1`) loses instead of passing (Gomocup).
    pub no_pass: bool,
    /// Ask Swap2 steps with `SWAP2BOARD` (when the opening is Swap2).
    pub swap2board: bool,
    /// The number sent with `INFO rule` (`None`: 0 freestyle, 1 standard, 4 renju,
    /// 8 caro, GomocupJudge's codes).
    pub gomocup_rule: Option<u32>,
    /// `INFO max_memory`, in bytes.
    pub max_memory: u64,
    /// The SPRT to run (two engines only); the match stops when it decides.
    pub sprt: Option<Sprt>,
    /// The event tag of the records.
    pub event: String,
    /// Keep every game's record in the [`MatchReport`] (`false`: each record is handed
    /// to `on_game` as its game ends and then dropped, so that a match's memory does
    /// not grow with its records; the report keeps one small row per game).
    pub keep_records: bool,
}

impl Default for MatchOptions {
    fn default() -> MatchOptions {
        MatchOptions {
            engines: Vec::new(),
            rule_set: RuleSet::Renju,
            renju: RenjuOptions::default(),
            size: 15,
            opening: OpeningRule::Free,
            time_control: None,
            turn_limit_ms: None,
            tolerance_ms: 0,
            silence_ms: 30_000,
            games: 1,
            rounds: 1,
            concurrency: 1,
            gauntlet: false,
            openings: Vec::new(),
            openings_file: None,
            opening_order: OpeningOrder::Sequential,
            repeat: false,
            transform: false,
            draw_after: None,
            no_pass: false,
            swap2board: true,
            gomocup_rule: None,
            max_memory: 367_001_600,
            sprt: None,
            event: "renju match".into(),
            keep_records: false,
        }
    }
}

impl MatchOptions {
    /// The number `INFO rule` sends.
    pub fn rule_number(&self) -> u32 {
        self.gomocup_rule.unwrap_or(match self.rule_set {
            RuleSet::Freestyle => 0,
            RuleSet::Standard => 1,
            RuleSet::Renju => 4,
            RuleSet::Caro => 8,
        })
    }

    /// The referee's options of every game.
    pub fn referee_options(&self) -> RefereeOptions {
        RefereeOptions {
            rule_set: self.rule_set,
            opening: self.opening,
            size: self.size,
            renju: self.renju,
            time_control: self.time_control.clone(),
            // Past any board's area: never reached.
            draw_after: self
                .draw_after
                .map(|n| u16::try_from(n).unwrap_or(u16::MAX)),
            ..RefereeOptions::default()
        }
    }
}

/// Why a match cannot be run.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum MatchError {
    /// Fewer than two engines.
    #[error("a match needs at least two engines, {0} given")]
    TooFewEngines(usize),
    /// Two engines with one name.
    #[error("two engines are named `{0}`: give each a name of its own")]
    DuplicateName(String),
    /// An engine name with a control character (a newline would start a line of its
    /// own in a TRF file or a record).
    #[error("the engine name {0:?} has a control character: names go into records and TRF files, one line each")]
    ControlInName(String),
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

/// One game of the schedule.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Job {
    /// The game's number in the schedule, from 0.
    pub index: usize,
    /// The round, from 1.
    pub round: u32,
    /// The engine in the first seat (tentative Black) and the second.
    pub seats: [usize; 2],
    /// The opening (index into the openings kept), if any.
    pub opening: Option<usize>,
    /// The symmetry it is played under.
    #[serde(skip)]
    pub symmetry: Symmetry,
}

/// How a game ended, as the runner saw it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct GameResult {
    /// The game's number in the schedule, from 0.
    pub index: usize,
    /// The round, from 1.
    pub round: u32,
    /// The engines in the first and second seats.
    pub seats: [usize; 2],
    /// The engine that played Black at the end (after any swap) and the one that
    /// played White.
    pub black: usize,
    /// See `black`.
    pub white: usize,
    /// The outcome (the referee's).
    #[serde(skip)]
    pub outcome: Outcome,
    /// `1-0`, `0-1`, `1/2-1/2`.
    pub result: &'static str,
    /// The termination.
    pub termination: Termination,
    /// Why, in words (the runner's reason for a forfeit).
    pub reason: String,
    /// The opening played (index into the openings kept).
    pub opening: Option<usize>,
    /// What the runner had to do for an engine (fallbacks, restarts).
    pub notes: Vec<String>,
    /// The record: always there when the game is handed to `on_game` as it ends
    /// ([`run`]); in the [`MatchReport`] only with [`MatchOptions::keep_records`] (a
    /// match's memory then grows with its games' records, some kilobytes each).
    #[serde(skip)]
    pub record: Option<Game>,
    /// Whether the record validates to the same outcome.
    pub validated: bool,
    /// Moves asked of the engines.
    pub engine_moves: u32,
    /// Stones and passes the engine of each seat played (that the referee took).
    pub moves_played: [u32; 2],
    /// Wall time of the game, in microseconds.
    pub wall_us: u64,
    /// Of which the engines' thinking, in microseconds.
    pub engine_us: u64,
    /// Of which waiting for the engines to start or restart (their `OK` to `START` or
    /// `RESTART`), in microseconds.
    pub startup_us: u64,
    /// Of which stopping or ending the engine that lost on time or by forfeit, once the
    /// game was decided (`YXSTOP` and its answer, or the kill), in microseconds.
    pub stop_us: u64,
}

impl GameResult {
    /// The record with its result written at its end when no event of it says the
    /// result (a game that ended on the board: five, foul, two passes, full board, or
    /// the draw the referee declared at the record's stone limit), for
    /// the formats that keep a result and its reason (SGF's `RE`). Formats that infer
    /// such results from the moves (RenLib) take [`GameResult::record`]. `None` when
    /// the record was not kept ([`MatchOptions::keep_records`]).
    pub fn record_with_result(&self) -> Option<Game> {
        let mut record = self.record.clone()?;
        let reason = match self.outcome.termination {
            Termination::Five => Some(ResultReason::Five),
            Termination::Forbidden => Some(ResultReason::Forbidden),
            Termination::TwoPasses => Some(ResultReason::TwoPasses),
            Termination::FullBoard => Some(ResultReason::FullBoard),
            // The record's stone limit says why (SGF: `RE[0]` beside `DA`).
            Termination::DeclaredDraw => None,
            _ => return Some(record),
        };
        if !record.events.iter().any(|e| matches!(e, Event::Result(_))) {
            record.events.push(Event::Result(DeclaredResult {
                winner: self.outcome.winner,
                reason,
            }));
        }
        Some(record)
    }

    /// The score of engine `e` in this game (a zero score when it did not play).
    pub fn score_of(&self, e: usize) -> Score {
        let mut s = Score::default();
        if e != self.black && e != self.white {
            return s;
        }
        match self.outcome.winner {
            None => s.draws = 1,
            Some(c) => {
                let winner = match c {
                    renju_core::geometry::Color::Black => self.black,
                    renju_core::geometry::Color::White => self.white,
                };
                if winner == e {
                    s.wins = 1;
                } else {
                    s.losses = 1;
                }
            }
        }
        s
    }
}

/// One engine's totals.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct EngineTotals {
    /// Its name.
    pub name: String,
    /// As Black.
    pub black: Score,
    /// As White.
    pub white: Score,
    /// Both.
    pub total: Score,
    /// Games it lost by forfeit (crash, garbage, illegal point, silence) or on time.
    pub forfeits: u32,
    /// Of which on time.
    pub time_losses: u32,
}

/// One pair's match, from the first engine's side.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PairSummary {
    /// The first engine.
    pub a: String,
    /// The second.
    pub b: String,
    /// The first engine's score.
    pub score: Score,
    /// The first engine's score as Black.
    pub a_black: Score,
    /// The first engine's score as White.
    pub a_white: Score,
    /// The score rate.
    pub rate: Option<f64>,
    /// The Elo difference (first minus second).
    pub elo: Option<f64>,
    /// Its 95 % interval.
    pub elo_95: Option<(f64, f64)>,
    /// The likelihood that the first is stronger.
    pub los: Option<f64>,
}

/// The SPRT's state.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SprtSummary {
    /// The test.
    pub test: Sprt,
    /// The log-likelihood ratio.
    pub llr: f64,
    /// `(lower, upper)` bounds.
    pub bounds: (f64, f64),
    /// The decision.
    pub decision: SprtDecision,
    /// The pairs of games the LLR counts, when the match repeats each opening with the
    /// colours reversed (the pentanomial model); `None`: the games one by one (the
    /// trinomial model).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pentanomial: Option<Pentanomial>,
}

/// The summary of a match (so far).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Summary {
    /// Games finished.
    pub games: usize,
    /// Games scheduled.
    pub scheduled: usize,
    /// Per engine.
    pub engines: Vec<EngineTotals>,
    /// Per pair that played.
    pub pairs: Vec<PairSummary>,
    /// Games per termination.
    pub terminations: BTreeMap<String, usize>,
    /// The SPRT (two engines, when asked).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sprt: Option<SprtSummary>,
    /// Why the match stopped before its schedule ended.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stopped: Option<String>,
    /// Records that did not validate to the runner's result (must be 0).
    pub disagreements: usize,
    /// Wall time so far, in seconds.
    pub seconds: f64,
    /// Games per second of wall time.
    pub games_per_second: f64,
    /// The runner's own time per engine move (game wall time less the engines'
    /// thinking, starting and stopping), in microseconds.
    pub runner_us_per_move: f64,
    /// The runner's own time over every game so far, in microseconds (what
    /// `runner_us_per_move` is updated from, game by game).
    #[serde(default)]
    pub runner_us: f64,
    /// Moves asked of the engines over every game so far.
    #[serde(default)]
    pub engine_moves: f64,
    /// The SPRT's game pairs (first game of each pair waiting for the second).
    #[serde(skip)]
    game_pairs: PairBook,
}

/// The running match's book of game pairs for the SPRT: not part of a summary's value
/// (a summary read back from JSON or a pickle has none, and equals the one written).
#[derive(Debug, Clone, Default)]
struct PairBook(GamePairs);

impl PartialEq for PairBook {
    fn eq(&self, _: &PairBook) -> bool {
        true
    }
}

impl Summary {
    fn new(options: &MatchOptions, scheduled: usize) -> Summary {
        Summary {
            scheduled,
            engines: options
                .engines
                .iter()
                .map(|e| EngineTotals {
                    name: e.name.clone(),
                    ..EngineTotals::default()
                })
                .collect(),
            ..Summary::default()
        }
    }

    /// The text form: one line per pair, per engine and colour, the SPRT.
    pub fn to_text(&self) -> String {
        use std::fmt::Write as _;
        let mut out = String::new();
        let fmt_score = |s: &Score| format!("{}-{}-{}", s.wins, s.losses, s.draws);
        let _ = writeln!(
            out,
            "{} of {} games, {:.1} s, {:.2} games/s, runner {:.0} µs per move",
            self.games,
            self.scheduled,
            self.seconds,
            self.games_per_second,
            self.runner_us_per_move
        );
        for p in &self.pairs {
            let _ = write!(
                out,
                "Score of {} vs {}: {} (W-L-D) [{}]; as Black {}, as White {}",
                p.a,
                p.b,
                fmt_score(&p.score),
                p.rate.map_or("-".into(), |r| format!("{r:.3}")),
                fmt_score(&p.a_black),
                fmt_score(&p.a_white)
            );
            let _ = match (p.elo, p.score.elo_bounds()) {
                (Some(e), Some((lo, hi))) => write!(
                    out,
                    "; Elo {} [{}, {}]",
                    signed_elo(e),
                    signed_elo(lo),
                    signed_elo(hi)
                ),
                (Some(e), None) => write!(out, "; Elo {}", signed_elo(e)),
                _ => write!(out, "; Elo -"),
            };
            let _ = writeln!(
                out,
                "; LOS {}",
                p.los.map_or("-".into(), |l| format!("{:.1} %", l * 100.0))
            );
        }
        let _ = writeln!(
            out,
            "{:<20} {:>12} {:>12} {:>12}  lost by forfeit (time)",
            "engine", "as Black", "as White", "total"
        );
        for e in &self.engines {
            let _ = writeln!(
                out,
                "{:<20} {:>12} {:>12} {:>12}  {} ({})",
                e.name,
                fmt_score(&e.black),
                fmt_score(&e.white),
                fmt_score(&e.total),
                e.forfeits,
                e.time_losses
            );
        }
        let ends: Vec<String> = self
            .terminations
            .iter()
            .map(|(k, v)| format!("{k} {v}"))
            .collect();
        let _ = writeln!(out, "endings: {}", ends.join(", "));
        if let Some(s) = &self.sprt {
            let _ = writeln!(
                out,
                "SPRT elo0={} elo1={} alpha={} beta={}{}: LLR {:.2} [{:.2}, {:.2}] {}",
                s.test.elo0,
                s.test.elo1,
                s.test.alpha,
                s.test.beta,
                s.pentanomial
                    .map_or(String::new(), |p| format!(" ({} game pairs)", p.pairs())),
                s.llr,
                s.bounds.0,
                s.bounds.1,
                match s.decision {
                    SprtDecision::H0 => "H0 accepted",
                    SprtDecision::H1 => "H1 accepted",
                    SprtDecision::Continue => "undecided",
                }
            );
        }
        if let Some(why) = &self.stopped {
            let _ = writeln!(out, "stopped: {why}");
        }
        if self.disagreements > 0 {
            let _ = writeln!(
                out,
                "{} records do not validate to the runner's result",
                self.disagreements
            );
        }
        out
    }

    /// The SPRT after game `g`: on pairs of games (pentanomial) when each opening is
    /// played twice with the colours reversed (`repeat`: the games of one pair of
    /// engines in one round, two by two; see [`repeat_pair`]), else on games
    /// (trinomial); always from the first engine's side. Once the test has decided, games
    /// still in flight no longer change it.
    fn update_sprt(&mut self, test: Sprt, g: &GameResult, options: &MatchOptions) {
        let Some(p) = self.pairs.first() else {
            return;
        };
        if self
            .sprt
            .as_ref()
            .is_some_and(|s| s.decision != SprtDecision::Continue)
        {
            return;
        }
        let (llr, pentanomial) = if options.repeat {
            let pair = repeat_pair(g.index, options.games);
            self.game_pairs.0.add(pair, g.score_of(0));
            let pentanomial = self.game_pairs.0.pentanomial;
            (test.llr_pairs(&pentanomial), Some(pentanomial))
        } else {
            (test.llr(&p.score), None)
        };
        self.sprt = Some(SprtSummary {
            test,
            llr,
            bounds: test.bounds(),
            decision: test.decide(llr),
            pentanomial,
        });
    }

    fn add(&mut self, g: &GameResult, options: &MatchOptions) {
        self.games += 1;
        *self
            .terminations
            .entry(g.termination.to_string())
            .or_default() += 1;
        if !g.validated {
            self.disagreements += 1;
        }
        for (e, colour_black) in [(g.black, true), (g.white, false)] {
            let s = g.score_of(e);
            let t = &mut self.engines[e];
            if colour_black {
                t.black.add(&s);
            } else {
                t.white.add(&s);
            }
            t.total.add(&s);
            if s.losses == 1 && matches!(g.termination, Termination::Forfeit | Termination::Time) {
                t.forfeits += 1;
                if g.termination == Termination::Time {
                    t.time_losses += 1;
                }
            }
        }
        self.add_to_pair(g, options);
        if let Some(test) = options.sprt {
            self.update_sprt(test, g, options);
        }
        self.runner_us += g
            .wall_us
            .saturating_sub(g.engine_us)
            .saturating_sub(g.startup_us)
            .saturating_sub(g.stop_us) as f64;
        self.engine_moves += f64::from(g.engine_moves);
        self.runner_us_per_move = if self.engine_moves > 0.0 {
            self.runner_us / self.engine_moves
        } else {
            0.0
        };
    }

    /// Adds a game to its pair's line (pairs in the order of their engines' indices),
    /// in time independent of the games before it.
    fn add_to_pair(&mut self, g: &GameResult, options: &MatchOptions) {
        let (a, b) = (g.seats[0].min(g.seats[1]), g.seats[0].max(g.seats[1]));
        let (name_a, name_b) = (&options.engines[a].name, &options.engines[b].name);
        let index = |name: &str| options.engines.iter().position(|e| e.name == name);
        let at = match (self.pairs.iter()).position(|p| p.a == *name_a && p.b == *name_b) {
            Some(at) => at,
            None => {
                let key = (Some(a), Some(b));
                let at = (self.pairs.iter())
                    .position(|p| (index(&p.a), index(&p.b)) > key)
                    .unwrap_or(self.pairs.len());
                self.pairs.insert(
                    at,
                    PairSummary {
                        a: name_a.clone(),
                        b: name_b.clone(),
                        score: Score::default(),
                        a_black: Score::default(),
                        a_white: Score::default(),
                        rate: None,
                        elo: None,
                        elo_95: None,
                        los: None,
                    },
                );
                at
            }
        };
        let p = &mut self.pairs[at];
        let s = g.score_of(a);
        p.score.add(&s);
        if g.black == a {
            p.a_black.add(&s);
        } else {
            p.a_white.add(&s);
        }
        p.rate = p.score.rate();
        p.elo = p.score.elo();
        p.elo_95 = p.score.elo_interval();
        p.los = p.score.los();
    }
}

/// A match's results.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct MatchReport {
    /// The summary.
    pub summary: Summary,
    /// Every game played, in schedule order: a row each, with its record only under
    /// [`MatchOptions::keep_records`].
    pub games: Vec<GameResult>,
    /// Openings refused before play: `(line or number, why)` (the first
    /// [`MAX_REFUSED_LISTED`], then one line that counts the others).
    pub refused_openings: Vec<(String, String)>,
    /// Openings read (refused ones included): from a file, those up to the last one
    /// the schedule needs in sequential order, every one in random order.
    pub openings_read: usize,
    /// Whether the run was interrupted (Ctrl-C).
    pub interrupted: bool,
}

/// The report as `renju match --json` prints it ([`MatchReport::json`]): the settings,
/// the engines, the summary, every game (without its record) and the refused openings,
/// in this order (a struct, so that the order does not depend on serde_json's
/// features).
#[derive(Debug, Clone, Serialize)]
pub struct ReportJson<'a> {
    /// The settings that shape the games.
    pub settings: SettingsJson,
    /// The engines.
    pub engines: &'a [EngineSpec],
    /// The summary.
    pub summary: &'a Summary,
    /// Every game played, in schedule order.
    pub games: &'a [GameResult],
    /// Openings refused before play.
    pub refused_openings: Vec<RefusedJson<'a>>,
}

/// The settings of [`ReportJson`].
#[derive(Debug, Clone, Serialize)]
pub struct SettingsJson {
    /// The rule set's name.
    pub rule: String,
    /// The board side.
    pub size: u8,
    /// The opening protocol's name.
    pub opening: String,
    /// The time control's text.
    pub time_control: Option<String>,
    /// The turn limit the runner keeps.
    pub turn_limit_ms: Option<u64>,
    /// How late an answer may be.
    pub tolerance_ms: u64,
    /// A draw at this many stones.
    pub draw_after: Option<usize>,
    /// Whether a pass loses.
    pub no_pass: bool,
    /// The number `INFO rule` sends.
    pub gomocup_rule: u32,
    /// Openings read (refused ones included; [`MatchReport::openings_read`]).
    pub openings: usize,
}

/// A refused opening in [`ReportJson`].
#[derive(Debug, Clone, Serialize)]
pub struct RefusedJson<'a> {
    /// Its line or number.
    pub opening: &'a str,
    /// Why.
    pub reason: &'a str,
}

impl MatchReport {
    /// Each distinct reason of the games lost by forfeit, with how many games it ended,
    /// most frequent first (ties in the order first met).
    pub fn forfeit_reasons(&self) -> Vec<(String, usize)> {
        let mut out: Vec<(String, usize)> = Vec::new();
        for g in self
            .games
            .iter()
            .filter(|g| g.termination == Termination::Forfeit)
        {
            match out.iter_mut().find(|(r, _)| *r == g.reason) {
                Some((_, n)) => *n += 1,
                None => out.push((g.reason.clone(), 1)),
            }
        }
        out.sort_by_key(|r| std::cmp::Reverse(r.1));
        out
    }

    /// The engines (by index) that played at least one game and never a move in any.
    pub fn engines_without_a_move(&self, engines: usize) -> Vec<usize> {
        let mut played = vec![false; engines];
        let mut moved = vec![false; engines];
        for g in &self.games {
            for (k, &e) in g.seats.iter().enumerate() {
                played[e] = true;
                moved[e] |= g.moves_played[k] > 0;
            }
        }
        (0..engines).filter(|&e| played[e] && !moved[e]).collect()
    }

    /// The report as `renju match --json` prints it (serialise it with serde_json).
    pub fn json<'a>(&'a self, options: &'a MatchOptions) -> ReportJson<'a> {
        ReportJson {
            settings: SettingsJson {
                rule: options.rule_set.to_string(),
                size: options.size,
                opening: options.opening.to_string(),
                time_control: options.time_control.as_ref().map(ToString::to_string),
                turn_limit_ms: options.turn_limit_ms,
                tolerance_ms: options.tolerance_ms,
                draw_after: options.draw_after,
                no_pass: options.no_pass,
                gomocup_rule: options.rule_number(),
                openings: self.openings_read,
            },
            engines: &options.engines,
            summary: &self.summary,
            games: &self.games,
            refused_openings: self
                .refused_openings
                .iter()
                .map(|(opening, reason)| RefusedJson { opening, reason })
                .collect(),
        }
    }
}

/// The request that replays one event of an opening (`None` for events that are not
/// actions: times, comments).
fn opening_requests(event: &Event) -> Vec<Request> {
    let action = |a: Action| Request::new(a);
    match event {
        Event::Stone { point } => vec![action(Action::Place { point: *point })],
        Event::Pass => vec![action(Action::Pass)],
        Event::Swap { swap: true } => vec![action(Action::Swap)],
        Event::Swap { swap: false } => vec![action(Action::Stay)],
        Event::DeclareOffers { count } => vec![action(Action::Declare { count: *count })],
        Event::FifthOffers { offered, chosen } => vec![
            action(Action::Offer {
                points: offered.clone(),
            }),
            action(Action::Choose { point: *chosen }),
        ],
        _ => vec![],
    }
}

/// Why an opening is refused before play ([`check_opening`]).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum OpeningRefusal {
    /// The opening's board is not the match's.
    #[error("the opening is on a {opening}x{opening} board, the match on {size}x{size}")]
    Size {
        /// The opening's side.
        opening: u8,
        /// The match's side.
        size: u8,
    },
    /// The rules cannot be refereed.
    #[error(transparent)]
    Referee(#[from] RefereeError),
    /// The referee refuses one of its events.
    #[error("event {number} ({kind}): {refusal}")]
    Event {
        /// The event's number, from 1.
        number: usize,
        /// The event's kind.
        kind: &'static str,
        /// The referee's reason.
        refusal: Refusal,
    },
    /// It ends the game.
    #[error("the opening ends the game: {0}")]
    EndsGame(Outcome),
    /// It stops where the protocol asks for a step no Gomocup command gives.
    #[error("the opening stops at move {move_number} where {rule} asks for a step no Gomocup command gives (fifth-move offers or a declaration): the opening must play it")]
    Stops {
        /// The move it stops at.
        move_number: usize,
        /// The protocol.
        rule: OpeningRule,
    },
}

/// Checks an opening by replaying it through a referee: refused when the rules refuse
/// it, when it ends the game, or when it stops where the protocol asks for a step no
/// engine command gives.
pub fn check_opening(opening: &Game, options: &MatchOptions) -> Result<(), OpeningRefusal> {
    if opening.size != options.size {
        return Err(OpeningRefusal::Size {
            opening: opening.size,
            size: options.size,
        });
    }
    let mut referee = Referee::new(options.referee_options())?;
    for (i, event) in opening.events.iter().enumerate() {
        for request in opening_requests(event) {
            if let Err(refusal) = referee.act(request) {
                return Err(OpeningRefusal::Event {
                    number: i + 1,
                    kind: event.kind(),
                    refusal,
                });
            }
            if let Some(outcome) = referee.outcome() {
                return Err(OpeningRefusal::EndsGame(outcome));
            }
        }
    }
    let status = referee.status();
    let stuck = matches!(
        status.required,
        Required::Declare | Required::Offer | Required::Choose
    ) || (options.opening.requires_offers() && status.move_number <= 5);
    if stuck {
        return Err(OpeningRefusal::Stops {
            move_number: status.move_number,
            rule: options.opening,
        });
    }
    Ok(())
}

/// The opening under a symmetry.
fn transformed(opening: &Game, symmetry: Symmetry) -> Game {
    let mut game = opening.clone();
    let size = game.size;
    let map = |p: &mut Point| *p = symmetry.apply(*p, size);
    for event in &mut game.events {
        match event {
            Event::Stone { point } => map(point),
            Event::FifthOffers { offered, chosen } => {
                offered.iter_mut().for_each(map);
                map(chosen);
            }
            _ => {}
        }
    }
    game
}

/// An Elo figure with its sign and one decimal, never `-0.0`; an infinite one is
/// `-inf` or `+inf`.
fn signed_elo(e: f64) -> String {
    if e.is_infinite() {
        return if e < 0.0 { "-inf" } else { "+inf" }.into();
    }
    // Rounded first, then -0.0 made 0.0.
    let r = (e * 10.0).round() / 10.0 + 0.0;
    format!("{r:+.1}")
}

/// The most games one match plays (the report keeps a row for every game).
pub const MAX_GAMES: usize = 200_000;

/// How many games the schedule holds: the pairs (every pair of engines, or the first
/// engine against each other one in a gauntlet) times `games` times `rounds`; refused
/// past [`MAX_GAMES`].
pub fn scheduled_games(options: &MatchOptions) -> Result<usize, MatchError> {
    let n = options.engines.len() as u128;
    let pairs = if options.gauntlet {
        n.saturating_sub(1)
    } else {
        n.saturating_mul(n.saturating_sub(1)) / 2
    };
    let total = pairs
        .saturating_mul(u128::from(options.games))
        .saturating_mul(u128::from(options.rounds));
    usize::try_from(total)
        .ok()
        .filter(|&t| t <= MAX_GAMES)
        .ok_or(MatchError::TooManyGames(total))
}

/// Under `repeat`, the number of the pair of game `index` of the schedule: games `2k` and
/// `2k + 1` of one pair of engines in one round, which play one opening with the colours
/// reversed (with an odd `games`, the last game of each pair of engines in a round has a
/// pair of its own, never completed).
fn repeat_pair(index: usize, games: u32) -> usize {
    let games = (games as usize).max(1);
    (index / games) * games.div_ceil(2) + (index % games) / 2
}

/// The schedule: every game in order (check its size first with [`scheduled_games`]).
pub fn schedule(options: &MatchOptions, openings: usize) -> Vec<Job> {
    let n = options.engines.len();
    let pairs: Vec<(usize, usize)> = if options.gauntlet {
        (1..n).map(|j| (0, j)).collect()
    } else {
        // Round by round, so that every TRF round pairs every engine.
        crosstable::round_robin_games(n)
    };
    let mut jobs = Vec::new();
    let mut slot = 0usize;
    for round in 1..=options.rounds {
        for &(a, b) in &pairs {
            for g in 0..options.games {
                // As c-gomoku-cli: the seats alternate from game to game of a pair
                // (`-repeat` only plays each opening twice).
                let number = if options.repeat {
                    repeat_pair(slot, options.games)
                } else {
                    slot
                };
                let reversed = g % 2 == 1;
                let (opening, symmetry) = match number.checked_div(openings) {
                    None => (None, Symmetry::Identity),
                    Some(pass) => {
                        let symmetry = if options.transform {
                            Symmetry::ALL[pass % Symmetry::ALL.len()]
                        } else {
                            Symmetry::Identity
                        };
                        (Some(number % openings), symmetry)
                    }
                };
                jobs.push(Job {
                    index: jobs.len(),
                    round,
                    seats: if reversed { [b, a] } else { [a, b] },
                    opening,
                    symmetry,
                });
                slot += 1;
            }
        }
    }
    jobs
}

/// The most refused openings a report lists one by one; one more line counts the rest.
pub const MAX_REFUSED_LISTED: usize = 1000;

/// The openings a match plays, gathered before play.
struct Gathered {
    /// The openings kept, in the order they are taken.
    kept: Vec<Game>,
    /// The refused ones with why (at most [`MAX_REFUSED_LISTED`], then a count).
    refused: Vec<(String, String)>,
    /// Refused past the list.
    unlisted: usize,
    /// Openings read.
    read: usize,
}

impl Gathered {
    fn refuse(&mut self, label: String, why: String) {
        if self.refused.len() < MAX_REFUSED_LISTED {
            self.refused.push((label, why));
        } else {
            self.unlisted += 1;
        }
    }
}

/// How many distinct openings the schedule takes at most: one a game, or one every
/// two games with `repeat`.
fn openings_needed(options: &MatchOptions, games: usize) -> usize {
    if options.repeat {
        games.div_ceil(2)
    } else {
        games
    }
}

/// Reads and checks the openings the schedule needs, from `options.openings` or the
/// openings file, one at a time: in sequential order up to the `needed`-th kept one;
/// in random order all of them, keeping a seeded uniform sample of `needed` (reservoir
/// sampling), shuffled. A record that cannot be read is an error.
fn gather_openings(options: &MatchOptions, needed: usize) -> Result<Gathered, MatchError> {
    let records: Box<dyn Iterator<Item = Result<Game, String>>> = match &options.openings_file {
        Some(file) => Box::new(
            file.records(options.size)?
                .map(|r| r.map_err(|e| format!("{}: {e}", file.path.display()))),
        ),
        None => Box::new(options.openings.iter().cloned().map(Ok)),
    };
    let mut out = Gathered {
        kept: Vec::new(),
        refused: Vec::new(),
        unlisted: 0,
        read: 0,
    };
    let mut rng = match options.opening_order {
        OpeningOrder::Random(seed) => Some(SplitMix64::new(seed)),
        OpeningOrder::Sequential => None,
    };
    let mut kept_seen = 0u64;
    for record in records {
        if rng.is_none() && out.kept.len() >= needed {
            break;
        }
        let opening = record.map_err(MatchError::Openings)?;
        out.read += 1;
        let label = (opening.source.line)
            .map_or_else(|| format!("opening {}", out.read), |l| format!("line {l}"));
        if let Err(why) = check_opening(&opening, options) {
            out.refuse(label, why.to_string());
            continue;
        }
        kept_seen += 1;
        match rng.as_mut() {
            // Algorithm R: the i-th kept opening replaces a random one of the sample
            // with probability needed / i.
            Some(rng) if out.kept.len() >= needed => {
                let j = rng.below_by_remainder(kept_seen) as usize;
                if j < needed {
                    out.kept[j] = opening;
                }
            }
            _ => out.kept.push(opening),
        }
    }
    if let Some(rng) = rng.as_mut() {
        for i in (1..out.kept.len()).rev() {
            let j = rng.below_by_remainder(i as u64 + 1) as usize;
            out.kept.swap(i, j);
        }
    }
    if out.unlisted > 0 {
        let more = format!("{} more openings", out.unlisted);
        out.refused
            .push((more, "refused as well (not listed)".into()));
    }
    if out.read == 0 {
        if let Some(file) = &options.openings_file {
            return Err(MatchError::Openings(format!(
                "{}: no openings",
                file.path.display()
            )));
        }
    }
    Ok(out)
}

/// Checks the options; the openings kept (the refused ones listed).
fn prepare(options: &MatchOptions) -> Result<Gathered, MatchError> {
    let n = options.engines.len();
    if n < 2 {
        return Err(MatchError::TooFewEngines(n));
    }
    for (i, e) in options.engines.iter().enumerate() {
        if options.engines[..i].iter().any(|o| o.name == e.name) {
            return Err(MatchError::DuplicateName(e.name.clone()));
        }
        if e.name.chars().any(char::is_control) {
            return Err(MatchError::ControlInName(e.name.clone()));
        }
    }
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
    let gathered = gather_openings(options, openings_needed(options, games))?;
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
    } = prepare(options)?;
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

#[cfg(test)]
mod tests {
    use super::*;

    fn engines(n: usize) -> Vec<EngineSpec> {
        (0..n)
            .map(|i| EngineSpec {
                name: format!("e{i}"),
                command: vec!["true".into()],
                dir: None,
                info: vec![],
                swap2board_fields: false,
            })
            .collect()
    }

    #[test]
    fn round_robins_follow_the_berger_tables_and_every_trf_round_pairs_everyone() {
        for n in 2..=9 {
            let options = MatchOptions {
                engines: engines(n),
                ..MatchOptions::default()
            };
            let jobs = schedule(&options, 0);
            assert_eq!(jobs.len(), n * (n - 1) / 2);
            let pairs = jobs.iter().map(|j| (j.seats[0], j.seats[1]));
            let rounds = crosstable::trf_rounds(pairs, n);
            let per_round = n / 2;
            for (k, &r) in rounds.iter().enumerate() {
                assert_eq!(r as usize, k / per_round + 1, "{n} engines: {rounds:?}");
            }
            // Every pair once.
            let mut seen: Vec<(usize, usize)> = jobs
                .iter()
                .map(|j| (j.seats[0].min(j.seats[1]), j.seats[0].max(j.seats[1])))
                .collect();
            seen.sort_unstable();
            seen.dedup();
            assert_eq!(seen.len(), n * (n - 1) / 2);
        }
        // FIDE's table for 6 (the tables themselves are tested in renju-tournament).
        let six: Vec<_> = schedule(
            &MatchOptions {
                engines: engines(6),
                ..MatchOptions::default()
            },
            0,
        )
        .iter()
        .map(|j| (j.seats[0], j.seats[1]))
        .collect();
        assert_eq!(six, crosstable::round_robin_games(6));
        assert_eq!(&six[..3], [(0, 5), (1, 4), (2, 3)]);
    }

    #[test]
    fn elo_figures_never_read_minus_zero_and_keep_an_unbounded_end() {
        assert_eq!(signed_elo(-0.0), "+0.0");
        assert_eq!(signed_elo(-0.04), "+0.0");
        assert_eq!(signed_elo(-12.34), "-12.3");
        assert_eq!(signed_elo(f64::NEG_INFINITY), "-inf");
        assert_eq!(signed_elo(f64::INFINITY), "+inf");
    }

    #[test]
    fn schedules_follow_c_gomoku_cli() {
        let options = MatchOptions {
            engines: engines(3),
            games: 2,
            repeat: true,
            transform: true,
            ..MatchOptions::default()
        };
        let jobs = schedule(&options, 2);
        assert_eq!(jobs.len(), 6);
        // Berger's order for three: 2-3 (1 has the bye), 1-2, 3-1.
        assert_eq!(jobs[0].seats, [1, 2]);
        assert_eq!(jobs[1].seats, [2, 1]);
        assert_eq!((jobs[0].opening, jobs[1].opening), (Some(0), Some(0)));
        assert_eq!((jobs[2].opening, jobs[2].seats), (Some(1), [0, 1]));
        // The second pass through the two openings is rotated.
        assert_eq!(
            (jobs[4].opening, jobs[4].symmetry),
            (Some(0), Symmetry::Rotate90)
        );
        let gauntlet = MatchOptions {
            gauntlet: true,
            ..options
        };
        assert!(schedule(&gauntlet, 0).iter().all(|j| j.seats.contains(&0)));
        // Without -repeat the seats alternate all the same; only the openings advance
        // every game.
        let plain = MatchOptions {
            engines: engines(2),
            games: 4,
            ..MatchOptions::default()
        };
        let jobs = schedule(&plain, 4);
        let seats: Vec<[usize; 2]> = jobs.iter().map(|j| j.seats).collect();
        assert_eq!(seats, [[0, 1], [1, 0], [0, 1], [1, 0]]);
        let openings: Vec<Option<usize>> = jobs.iter().map(|j| j.opening).collect();
        assert_eq!(openings, [Some(0), Some(1), Some(2), Some(3)]);
    }

    #[test]
    fn with_repeat_and_an_odd_number_of_games_each_opening_is_played_with_the_colours_reversed() {
        let options = MatchOptions {
            engines: engines(3),
            games: 3,
            rounds: 2,
            repeat: true,
            ..MatchOptions::default()
        };
        let jobs = schedule(&options, 100);
        let mut by_opening: BTreeMap<usize, Vec<[usize; 2]>> = BTreeMap::new();
        for j in &jobs {
            by_opening
                .entry(j.opening.unwrap())
                .or_default()
                .push(j.seats);
            assert_eq!(Some(repeat_pair(j.index, 3)), j.opening);
        }
        for seats in by_opening.values() {
            match seats[..] {
                // A pair: one opening, the colours reversed.
                [a, b] => assert_eq!(a, [b[1], b[0]], "{by_opening:?}"),
                // The odd game of a pair of engines in a round: an opening of its own.
                [_] => {}
                _ => panic!("an opening played more than twice: {by_opening:?}"),
            }
        }
        // Three pairs of engines, two rounds: six odd games, each alone.
        assert_eq!(by_opening.values().filter(|s| s.len() == 1).count(), 6);
    }

    /// An opening file of `lines` two-stone openings in offset notation, line `i`
    /// saying `i` in its second stone's place, one of them (line 3) a stone on a stone.
    fn openings_file(name: &str, lines: usize) -> OpeningsFile {
        let path =
            std::env::temp_dir().join(format!("renju-openings-{}-{name}.txt", std::process::id()));
        let mut text = String::with_capacity(lines * 10);
        for i in 0..lines {
            let i64_of = |v: usize| i64::try_from(v).unwrap();
            let (x, y) = if i == 2 {
                (0, 0)
            } else {
                (i64_of(i % 13) - 6, i64_of(i / 13 % 13) - 6)
            };
            let (x, y) = if (x, y) == (0, 0) && i != 2 {
                (7, 7)
            } else {
                (x, y)
            };
            text.push_str(&format!("0,0, {x},{y}\n"));
        }
        std::fs::write(&path, text).unwrap();
        OpeningsFile::open(&path, None).unwrap()
    }

    #[test]
    fn an_openings_file_is_read_as_far_as_the_schedule_needs_and_sampled_in_random_order() {
        let file = openings_file("big", 200_000);
        let options = MatchOptions {
            engines: engines(2),
            games: 4,
            openings_file: Some(file.clone()),
            ..MatchOptions::default()
        };
        // Sequential: the four openings played and the refused one before them, not
        // the 200,000 lines.
        let g = gather_openings(&options, 4).unwrap();
        assert_eq!((g.read, g.kept.len()), (5, 4));
        assert_eq!(g.refused.len(), 1);
        assert_eq!(g.refused[0].0, "line 3");
        assert!(g.refused[0].1.contains("occupied"), "{:?}", g.refused);
        let _ = std::fs::remove_file(&file.path);
        // Random: one pass over the file, a sample as large as the schedule needs, the
        // same for the same seed, from all over the file.
        let file = openings_file("random", 2_000);
        let random = |seed| MatchOptions {
            opening_order: OpeningOrder::Random(seed),
            openings_file: Some(file.clone()),
            ..options.clone()
        };
        let lines = |g: &Gathered| g.kept.iter().map(|o| o.source.line).collect::<Vec<_>>();
        let a = gather_openings(&random(7), 4).unwrap();
        assert_eq!((a.read, a.kept.len(), a.refused.len()), (2_000, 4, 1));
        assert_eq!(lines(&a), lines(&gather_openings(&random(7), 4).unwrap()));
        let mut seen = std::collections::BTreeSet::new();
        for seed in 0..50 {
            seen.extend(
                lines(&gather_openings(&random(seed), 4).unwrap())
                    .into_iter()
                    .flatten(),
            );
        }
        assert!(seen.iter().any(|&l| l > 1_000), "{seen:?}");
        assert!(seen.len() > 100, "{}", seen.len());
        let _ = std::fs::remove_file(&file.path);
    }

    #[test]
    fn limits_are_read() {
        let l: GomocupLimits = "180/30+1".parse().unwrap();
        assert_eq!(
            (l.match_ms, l.turn_ms, l.increment_ms),
            (180_000, 30_000, 1000)
        );
        let (control, turn) = l.clock().unwrap();
        assert_eq!(turn, Some(30_000));
        assert!(control.has_clock());
        let turn_only: GomocupLimits = "0/5".parse().unwrap();
        assert_eq!(turn_only.clock().unwrap().1, None);
        assert!("x/5".parse::<GomocupLimits>().is_err());
        assert!("0".parse::<GomocupLimits>().is_err());
    }

    #[test]
    fn openings_are_checked_before_play() {
        let options = MatchOptions {
            engines: engines(2),
            ..MatchOptions::default()
        };
        assert!(check_opening(&Game::from_moves("h8 h9 i8").unwrap(), &options).is_ok());
        let occupied = check_opening(&Game::from_moves("h8 h8").unwrap(), &options);
        assert!(occupied.unwrap_err().to_string().contains("occupied"));
        // A five on the board ends the game: refused.
        let five = Game::from_moves("h8 a1 i8 a2 j8 a3 k8 a4 l8").unwrap();
        assert!(check_opening(&five, &options)
            .unwrap_err()
            .to_string()
            .contains("ends the game"));
        // Black's double-three (a foul) is refused too.
        let foul = Game::from_moves("f8 a1 g8 c1 h6 e1 h7 g1 h8").unwrap();
        assert!(check_opening(&foul, &options)
            .unwrap_err()
            .to_string()
            .contains("ends the game"));
        let rif = MatchOptions {
            opening: OpeningRule::Rif1996,
            ..options
        };
        assert!(check_opening(&Game::from_moves("h8 h9 j10").unwrap(), &rif)
            .unwrap_err()
            .to_string()
            .contains("offers"));
    }
}
