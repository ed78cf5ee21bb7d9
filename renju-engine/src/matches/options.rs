//! How a match is run ([`MatchOptions`]): the rules, the clock (the referee's time
//! control, or Gomocup's limits read by [`GomocupLimits`]), the schedule's size, the
//! openings and the protocol's settings. Every front end (`renju match`'s options, the
//! keywords of Python's `renju.engine.MatchSettings`) starts from [`MatchOptions::preset`],
//! where a profile fills what is not given, then sets what is given, so that they all
//! read a match's settings the same way.
//!
//! ```
//! use renju_engine::matches::{MatchOptions, Profile};
//! let options = MatchOptions::preset(Some(Profile::Gomocup), 15, false, None, None)
//!     .unwrap()
//!     .with_engines(
//!         &["./pbrain-a --threads 2".parse().unwrap(), "./pbrain-a".parse().unwrap()],
//!         &[],
//!         false,
//!     )
//!     .unwrap();
//! // One program twice: numbered names.
//! assert_eq!(options.engines[0].name, "pbrain-a-1");
//! assert_eq!(options.draw_after, Some(200));
//! assert_eq!(options.turn_limit_ms, Some(30_000));
//! ```

use serde::Serialize;
use thiserror::Error;

use renju_core::rules::{RenjuOptions, RuleSet};
use renju_records::game::Game;
use renju_records::opening::OpeningRule;
use renju_records::referee::RefereeOptions;
use renju_records::time_control::{Overtime, Period, Schedule, TimeControl, TimeControlError};

use super::stats::Sprt;
use super::{name_engines, EngineSpec, MatchError, OpeningsFile};

/// A preset of settings.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Profile {
    /// Gomocup's tournament settings: renju rule number 4, no pass, a draw at
    /// size² − 25 stones, Swap2 through `SWAP2BOARD` unless openings are given, a 1 s
    /// tolerance, and 180 s a game with 30 s a move unless a time control is given.
    Gomocup,
}

renju_core::name_table!(Profile, "profile", {
    Gomocup => "gomocup",
});

/// The order openings are taken in, by name (the seed of `random` is given apart).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum OrderName {
    /// As in the file.
    #[default]
    Sequential,
    /// Shuffled once with a seed.
    Random,
}

renju_core::name_table!(OrderName, "openings order", {
    Sequential => "sequential",
    Random => "random",
});

impl OrderName {
    /// The order, with `seed` for `random`.
    pub fn with_seed(self, seed: u64) -> OpeningOrder {
        match self {
            OrderName::Sequential => OpeningOrder::Sequential,
            OrderName::Random => OpeningOrder::Random(seed),
        }
    }
}

/// Gomocup's tournament time: 180 s a game, 30 s a move.
const GOMOCUP_TIME: GomocupLimits = GomocupLimits {
    match_ms: 180_000,
    turn_ms: 30_000,
    increment_ms: 0,
};

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
    /// in one pass that keeps a seeded sample as large as the schedule needs (a random
    /// key per opening, the smallest keys kept; only candidates to the sample are
    /// replayed to check them). A file in a format that streams (Gomocup openings, and those that
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
    /// Keep every game's record in the [`MatchReport`](super::MatchReport) (`false`:
    /// each record is handed to `on_game` as its game ends and then dropped, so that a
    /// match's memory does not grow with its records; the report keeps one small row
    /// per game).
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
    /// The options a front end starts from, before it sets the settings given
    /// explicitly: [`MatchOptions::default`] on a board of `size`, under `profile`,
    /// with or without openings given (`openings_given`), and with the clock given:
    /// `time_control` in the library's syntax, which wins over Gomocup `limits`
    /// (`match/turn+inc`, the turn limit kept by the runner below the match time, and
    /// c-gomoku-cli's 3 s tolerance). The Gomocup profile ([`Profile::Gomocup`]) sets
    /// renju's rule number, no pass, a draw at size² − 25 stones, Swap2 (through
    /// `SWAP2BOARD`) unless openings are given, a 1 s tolerance, and Gomocup's
    /// 180 s a game with 30 s a move unless a clock is given.
    pub fn preset(
        profile: Option<Profile>,
        size: u8,
        openings_given: bool,
        time_control: Option<TimeControl>,
        limits: Option<GomocupLimits>,
    ) -> Result<MatchOptions, MatchError> {
        let gomocup = profile == Some(Profile::Gomocup);
        let limits = match (&time_control, limits) {
            (Some(_), _) => None,
            (None, Some(limits)) => Some(limits),
            (None, None) => gomocup.then_some(GOMOCUP_TIME),
        };
        let (time_control, turn_limit_ms) = match limits {
            Some(limits) => {
                let (control, turn) = limits.clock()?;
                (Some(control), turn)
            }
            None => (time_control, None),
        };
        let area = usize::from(size) * usize::from(size);
        Ok(MatchOptions {
            size,
            opening: if gomocup && !openings_given {
                OpeningRule::Swap2
            } else {
                OpeningRule::Free
            },
            time_control,
            turn_limit_ms,
            tolerance_ms: match (gomocup, limits) {
                (true, _) => 1000,
                (false, Some(_)) => 3000,
                (false, None) => 0,
            },
            draw_after: gomocup.then(|| area.saturating_sub(25)),
            no_pass: gomocup,
            ..MatchOptions::default()
        })
    }

    /// These options with `engines` named ([`name_engines`]: the N-th of `names` for
    /// the N-th engine, else the program's file name, numbered when two are alike),
    /// every one sending `SWAP2BOARD`'s stones as `x,y,field` lines when
    /// `swap2board_fields` (one engine's: [`EngineSpec::swap2board_fields`]).
    pub fn with_engines(
        self,
        engines: &[EngineSpec],
        names: &[String],
        swap2board_fields: bool,
    ) -> Result<MatchOptions, MatchError> {
        let mut engines = name_engines(engines, names)?;
        for e in &mut engines {
            e.swap2board_fields |= swap2board_fields;
        }
        Ok(MatchOptions { engines, ..self })
    }

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
    fn the_profile_fills_what_is_not_given() {
        let control = Some("300+5".parse().unwrap());
        let gomocup = |openings, control| {
            MatchOptions::preset(Some(Profile::Gomocup), 15, openings, control, None).unwrap()
        };
        let o = gomocup(false, control.clone());
        assert_eq!(
            (o.tolerance_ms, o.draw_after, o.turn_limit_ms),
            (1000, Some(200), None)
        );
        assert_eq!(o.time_control, control);
        assert_eq!(o.opening, OpeningRule::Swap2);
        assert!(o.no_pass);
        assert_eq!(gomocup(true, None).opening, OpeningRule::Free);
        assert_eq!(gomocup(true, None).turn_limit_ms, Some(30_000));
        let plain = MatchOptions::preset(None, 15, false, None, None).unwrap();
        assert_eq!(
            (plain.tolerance_ms, plain.draw_after, plain.no_pass),
            (0, None, false)
        );
        assert_eq!(plain.time_control, None);
        // Under Gomocup limits, c-gomoku-cli's default tolerance (3 s); a time control
        // given wins over them.
        let limits = Some("10/1".parse().unwrap());
        let o = MatchOptions::preset(None, 15, false, None, limits).unwrap();
        assert_eq!((o.tolerance_ms, o.turn_limit_ms), (3000, Some(1000)));
        let o = MatchOptions::preset(None, 15, false, control.clone(), limits).unwrap();
        assert_eq!((o.tolerance_ms, o.time_control), (0, control));
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
}
