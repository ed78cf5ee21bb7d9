//! A match's settings as a user gives them (`renju match`'s options, the keywords of
//! Python's `renju.match`): engines as command lines, names, a profile, a time control
//! or Gomocup limits, an openings file. [`MatchSettings::options`] resolves them into
//! the runner's [`MatchOptions`], the profile filling what is not given, so that every
//! front end reads them the same way.
//!
//! ```
//! use renju_engine::matches::{MatchSettings, Profile};
//! let settings = MatchSettings {
//!     engines: vec!["./pbrain-a --threads 2".parse().unwrap(), "./pbrain-a".parse().unwrap()],
//!     profile: Some(Profile::Gomocup),
//!     ..MatchSettings::default()
//! };
//! let options = settings.options().unwrap();
//! // One program twice: numbered names.
//! assert_eq!(options.engines[0].name, "pbrain-a-1");
//! assert_eq!(options.draw_after, Some(200));
//! assert_eq!(options.turn_limit_ms, Some(30_000));
//! ```

use std::path::PathBuf;

use renju_core::rules::{RenjuOptions, RuleSet};
use renju_records::formats::Format;
use renju_records::game::Game;
use renju_records::opening::OpeningRule;
use renju_records::time_control::TimeControl;

use super::stats::Sprt;
use super::{
    name_engines, EngineSpec, GomocupLimits, MatchError, MatchOptions, OpeningOrder, OpeningsFile,
};

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

/// Where the openings come from.
#[derive(Debug, Clone, Default)]
pub enum Openings {
    /// None: every game starts on the empty board.
    #[default]
    None,
    /// A file: Gomocup offset or `pos` notation (a `.txt` whose first line is in that
    /// notation is read so), or any record format the library reads; `format` when
    /// the extension does not say.
    File {
        /// The file.
        path: PathBuf,
        /// Its format (`None`: from the extension and the first line).
        format: Option<Format>,
    },
    /// Records already read.
    Games(Vec<Game>),
}

/// A match's settings as given: what is `None` is filled by the profile, or by the
/// default (see each field). [`MatchSettings::options`] resolves them.
#[derive(Debug, Clone)]
pub struct MatchSettings {
    /// The engines (see [`EngineSpec::from_text`], [`EngineSpec::from_command`]).
    pub engines: Vec<EngineSpec>,
    /// Names: the N-th names the N-th engine (default: the program's file name,
    /// numbered when two are alike).
    pub names: Vec<String>,
    /// A preset; settings given explicitly win over it.
    pub profile: Option<Profile>,
    /// The rule set (default renju).
    pub rule_set: Option<RuleSet>,
    /// The board side (default 15).
    pub size: Option<u8>,
    /// The opening protocol (default free; swap2 under the Gomocup profile without
    /// openings).
    pub opening: Option<OpeningRule>,
    /// The time control in the library's syntax (wins over `limits`).
    pub time_control: Option<TimeControl>,
    /// Gomocup limits (`match/turn+inc`).
    pub limits: Option<GomocupLimits>,
    /// How late an answer may come past the deadline, in milliseconds (default: 1000
    /// under the Gomocup profile, c-gomoku-cli's 3000 under Gomocup limits, 0 under a
    /// time control of the rules, whose flag falls at the deadline).
    pub tolerance_ms: Option<u64>,
    /// How long an engine may be silent in an untimed game, in milliseconds.
    pub silence_ms: u64,
    /// Games per pair in each round.
    pub games: u32,
    /// Rounds.
    pub rounds: u32,
    /// Games played at once.
    pub concurrency: usize,
    /// The first engine against each other one.
    pub gauntlet: bool,
    /// The openings.
    pub openings: Openings,
    /// The order openings are taken in.
    pub opening_order: OpeningOrder,
    /// Each opening twice, with the seats reversed.
    pub repeat: bool,
    /// Each pass through the openings under the next symmetry.
    pub transform: bool,
    /// A draw once this many stones are on the board (default none; size² − 25 under
    /// the Gomocup profile).
    pub draw_after: Option<usize>,
    /// Whether a pass loses (always under the Gomocup profile).
    pub no_pass: bool,
    /// Ask Swap2 steps with `SWAP2BOARD`.
    pub swap2board: bool,
    /// Send `SWAP2BOARD`'s stones as `x,y,field` lines to every engine (one engine's:
    /// [`EngineSpec::swap2board_fields`], `swap2board=fields` in the `cmd=` form).
    pub swap2board_fields: bool,
    /// The number sent with `INFO rule` (default from the rule set).
    pub gomocup_rule: Option<u32>,
    /// `INFO max_memory`, in bytes.
    pub max_memory: u64,
    /// The SPRT to run.
    pub sprt: Option<Sprt>,
    /// The event tag of the records.
    pub event: String,
}

impl Default for MatchSettings {
    /// Nothing given: the defaults of [`MatchOptions::default`].
    fn default() -> MatchSettings {
        let o = MatchOptions::default();
        MatchSettings {
            engines: Vec::new(),
            names: Vec::new(),
            profile: None,
            rule_set: None,
            size: None,
            opening: None,
            time_control: None,
            limits: None,
            tolerance_ms: None,
            silence_ms: o.silence_ms,
            games: o.games,
            rounds: o.rounds,
            concurrency: o.concurrency,
            gauntlet: o.gauntlet,
            openings: Openings::None,
            opening_order: o.opening_order,
            repeat: o.repeat,
            transform: o.transform,
            draw_after: None,
            no_pass: o.no_pass,
            swap2board: o.swap2board,
            swap2board_fields: false,
            gomocup_rule: None,
            max_memory: o.max_memory,
            sprt: None,
            event: o.event,
        }
    }
}

impl MatchSettings {
    /// The runner's options: engines named (the N-th name for the N-th engine, else
    /// the program's file name, numbered when two are alike), the profile filling
    /// what is not given, the openings file read. The rest is checked when the match
    /// runs ([`super::run`]).
    pub fn options(&self) -> Result<MatchOptions, MatchError> {
        let gomocup = self.profile == Some(Profile::Gomocup);
        let mut engines = name_engines(&self.engines, &self.names)?;
        for e in &mut engines {
            e.swap2board_fields |= self.swap2board_fields;
        }
        let size = self.size.unwrap_or(15);
        let limits = match (&self.time_control, self.limits) {
            (Some(_), _) => None,
            (None, Some(limits)) => Some(limits),
            (None, None) if gomocup => Some(GomocupLimits {
                match_ms: 180_000,
                turn_ms: 30_000,
                increment_ms: 0,
            }),
            (None, None) => None,
        };
        let (time_control, turn_limit_ms) = match limits {
            Some(limits) => {
                let (tc, turn) = limits.clock()?;
                (Some(tc), turn)
            }
            None => (self.time_control.clone(), None),
        };
        let (openings, openings_file, given) = match &self.openings {
            Openings::None => (Vec::new(), None, false),
            Openings::File { path, format } => {
                (Vec::new(), Some(OpeningsFile::open(path, *format)?), true)
            }
            Openings::Games(games) => (games.clone(), None, true),
        };
        let area = usize::from(size) * usize::from(size);
        Ok(MatchOptions {
            engines,
            rule_set: self.rule_set.unwrap_or(RuleSet::Renju),
            renju: RenjuOptions::default(),
            size,
            opening: self.opening.unwrap_or(if gomocup && !given {
                OpeningRule::Swap2
            } else {
                OpeningRule::Free
            }),
            time_control,
            turn_limit_ms,
            tolerance_ms: self.tolerance_ms.unwrap_or(match (gomocup, limits) {
                (true, _) => 1000,
                (false, Some(_)) => 3000,
                (false, None) => 0,
            }),
            silence_ms: self.silence_ms,
            games: self.games,
            rounds: self.rounds,
            concurrency: self.concurrency,
            gauntlet: self.gauntlet,
            openings,
            openings_file,
            opening_order: self.opening_order,
            repeat: self.repeat,
            transform: self.transform,
            draw_after: self
                .draw_after
                .or_else(|| gomocup.then(|| area.saturating_sub(25))),
            no_pass: self.no_pass || gomocup,
            swap2board: self.swap2board,
            gomocup_rule: self.gomocup_rule,
            max_memory: self.max_memory,
            sprt: self.sprt,
            event: self.event.clone(),
            keep_records: false,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(text: &str) -> EngineSpec {
        text.parse().unwrap()
    }

    #[test]
    fn explicit_settings_win_over_the_profile() {
        let settings = MatchSettings {
            engines: vec![spec("a"), spec("b")],
            profile: Some(Profile::Gomocup),
            tolerance_ms: Some(5),
            draw_after: Some(100),
            time_control: Some("300+5".parse().unwrap()),
            ..MatchSettings::default()
        };
        let o = settings.options().unwrap();
        assert_eq!(
            (o.tolerance_ms, o.draw_after, o.turn_limit_ms),
            (5, Some(100), None)
        );
        assert_eq!(o.opening, OpeningRule::Swap2);
        assert!(o.no_pass);
        let with_openings = MatchSettings {
            openings: Openings::Games(vec![Game::from_moves("h8 h9").unwrap()]),
            ..settings
        };
        assert_eq!(with_openings.options().unwrap().opening, OpeningRule::Free);
        let plain = MatchSettings {
            engines: vec![spec("a"), spec("b")],
            ..MatchSettings::default()
        }
        .options()
        .unwrap();
        assert_eq!(
            (plain.tolerance_ms, plain.draw_after, plain.no_pass),
            (0, None, false)
        );
        assert_eq!(plain.time_control, None);
        // Under Gomocup limits, c-gomoku-cli's default tolerance (3 s).
        let limits = MatchSettings {
            engines: vec![spec("a"), spec("b")],
            limits: Some("10/1".parse().unwrap()),
            ..MatchSettings::default()
        }
        .options()
        .unwrap();
        assert_eq!(
            (limits.tolerance_ms, limits.turn_limit_ms),
            (3000, Some(1000))
        );
        assert!(matches!(
            MatchSettings {
                openings: Openings::File {
                    path: "/no/such/openings.txt".into(),
                    format: None
                },
                ..MatchSettings::default()
            }
            .options(),
            Err(MatchError::Openings(m)) if m.contains("openings.txt")
        ));
    }
}
