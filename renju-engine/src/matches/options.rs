//! How a match is run ([`MatchOptions`]): the rules, the clock (the referee's time
//! control, or Gomocup's limits read by [`GomocupLimits`]), the schedule's size, the
//! openings and the protocol's settings.

use serde::Serialize;
use thiserror::Error;

use renju_core::rules::{RenjuOptions, RuleSet};
use renju_records::game::Game;
use renju_records::opening::OpeningRule;
use renju_records::referee::RefereeOptions;
use renju_records::time_control::{Overtime, Period, Schedule, TimeControl, TimeControlError};

use super::stats::Sprt;
use super::{EngineSpec, OpeningsFile};

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

/// Gomocup limits that cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("`{0}` is not a Gomocup time control `match/turn+increment` in seconds (`180/30`, `60+1`, `0/5`)")]
pub struct LimitsError(pub String);

fn seconds_ms(text: &str, whole: &str) -> Result<u64, LimitsError> {
    let s: f64 = text.trim().parse().map_err(|_| LimitsError(whole.into()))?;
    if !(0.0..=86_400.0).contains(&s) {
        return Err(LimitsError(whole.into()));
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
            return Err(LimitsError(text.into()));
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

#[cfg(test)]
mod tests {
    use super::*;

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
}
