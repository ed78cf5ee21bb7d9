//! What a match gives: each game's result ([`GameResult`]) and the match's report
//! ([`MatchReport`]), with the form `renju match --json` prints ([`ReportJson`]).

use serde::Serialize;

use renju_core::outcome::{Outcome, Termination};
use renju_records::game::{DeclaredResult, Event, Game, ResultReason};

use super::stats::Score;
use super::{EngineSpec, MatchOptions, Summary};

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
    /// ([`run`](super::run)); in the [`MatchReport`] only with
    /// [`MatchOptions::keep_records`] (a match's memory then grows with its games'
    /// records, some kilobytes each).
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

/// A match's results.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct MatchReport {
    /// The summary.
    pub summary: Summary,
    /// Every game played, in schedule order: a row each, with its record only under
    /// [`MatchOptions::keep_records`].
    pub games: Vec<GameResult>,
    /// Openings refused before play: `(line or number, why)` (the first
    /// [`MAX_REFUSED_LISTED`](super::MAX_REFUSED_LISTED), then one line that counts the
    /// others).
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
