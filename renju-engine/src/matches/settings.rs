//! A match's settings as a user gives them (`renju match`'s options, the keywords of
//! Python's `renju.engine.match`): engines as command lines, names, a profile, a time control
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

use std::collections::BTreeMap;
use std::fs;
use std::io::{BufRead, BufReader, Read};
use std::path::{Path, PathBuf};

use thiserror::Error;

use renju_core::error::ParseError;
use renju_core::rules::{RenjuOptions, RuleSet};
use renju_records::formats::Format;
use renju_records::game::Game;
use renju_records::opening::OpeningRule;
use renju_records::time_control::TimeControl;

use super::stats::Sprt;
use super::{EngineSpec, GomocupLimits, MatchError, MatchOptions, OpeningOrder};
use crate::process::split_command;

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

/// The engines with their names: the N-th of `names` names the N-th engine; engines
/// left unnamed that share a name (one program twice) are numbered (`x-1`, `x-2`).
pub fn name_engines(
    engines: &[EngineSpec],
    names: &[String],
) -> Result<Vec<EngineSpec>, MatchError> {
    if names.len() > engines.len() {
        return Err(MatchError::Names {
            names: names.len(),
            engines: engines.len(),
        });
    }
    let mut engines = engines.to_vec();
    for (e, name) in engines.iter_mut().zip(names) {
        e.name.clone_from(name);
    }
    let mut seen: BTreeMap<String, usize> = BTreeMap::new();
    for e in &engines {
        *seen.entry(e.name.clone()).or_default() += 1;
    }
    let mut counter: BTreeMap<String, usize> = BTreeMap::new();
    for (i, e) in engines.iter_mut().enumerate() {
        if seen[&e.name] > 1 && i >= names.len() {
            let k = counter.entry(e.name.clone()).or_default();
            *k += 1;
            e.name = format!("{}-{k}", e.name);
        }
    }
    Ok(engines)
}

impl EngineSpec {
    /// An engine from its program and arguments, named by the program's file name.
    pub fn from_command(command: Vec<String>) -> Result<EngineSpec, MatchError> {
        let program = command
            .first()
            .ok_or_else(|| MatchError::Engine("an engine with no command".into()))?;
        let name = Path::new(program)
            .file_name()
            .map_or_else(|| program.clone(), |n| n.to_string_lossy().into_owned());
        Ok(EngineSpec {
            name,
            command,
            dir: None,
            info: Vec::new(),
            swap2board_fields: false,
        })
    }

    /// An engine from a command line (`"./pbrain-x --threads 2"`, split like a shell's
    /// words), or c-gomoku-cli's `cmd=... name=... option.KEY=VALUE` form (a `cmd`
    /// with a `/` runs in the program's folder, as there), with `swap2board=fields`
    /// (or `bare`, the default) for [`EngineSpec::swap2board_fields`].
    pub fn from_text(text: &str) -> Result<EngineSpec, MatchError> {
        let bad = |why: String| MatchError::Engine(format!("engine `{text}`: {why}"));
        let words = split_command(text).map_err(|e| bad(e.to_string()))?;
        if !words.first().is_some_and(|w| w.starts_with("cmd=")) {
            return EngineSpec::from_command(words).map_err(|_| bad("no command".into()));
        }
        let mut command = Vec::new();
        let mut dir = None;
        let mut name = None;
        let mut info = Vec::new();
        let mut fields = false;
        for word in &words {
            let Some((key, value)) = word.split_once('=') else {
                return Err(bad(format!("`{word}` is not key=value")));
            };
            match key {
                "cmd" => {
                    command = split_command(value).map_err(|e| bad(e.to_string()))?;
                    // c-gomoku-cli: a command with a `/` runs in the binary's folder.
                    if value.contains('/') {
                        dir = command.first().and_then(|program| {
                            Path::new(program)
                                .parent()
                                .filter(|p| !p.as_os_str().is_empty())
                                .map(Path::to_path_buf)
                        });
                        if let Some(program) = command.first_mut() {
                            if let Ok(abs) = fs::canonicalize(&*program) {
                                *program = abs.display().to_string();
                            }
                        }
                    }
                }
                "name" => name = Some(value.to_string()),
                "swap2board" => match value {
                    "fields" => fields = true,
                    "bare" => fields = false,
                    _ => {
                        return Err(bad(
                            "swap2board is `bare` (x,y lines, the default) or `fields` (x,y,field)"
                                .into(),
                        ))
                    }
                },
                _ => match key.strip_prefix("option.") {
                    Some(k) => info.push((k.to_string(), value.to_string())),
                    None => {
                        return Err(bad(format!(
                            "`{key}` is not a key this runner reads (cmd, name, swap2board, option.KEY)"
                        )))
                    }
                },
            }
        }
        let mut spec = EngineSpec::from_command(command).map_err(|_| bad("no command".into()))?;
        spec.dir = dir;
        spec.info = info;
        spec.swap2board_fields = fields;
        if let Some(name) = name.filter(|n| !n.is_empty()) {
            spec.name = name;
        }
        Ok(spec)
    }

    /// Whether the program can be started: a path (with a `/`, taken in the engine's
    /// directory when it has one) must be an executable file, a bare name must be
    /// found on `PATH`.
    pub fn check_program(&self) -> Result<(), ProgramError> {
        let Some(program) = self.command.first() else {
            return Err(ProgramError::NoCommand);
        };
        let program_error = |kind| ProgramError::Program {
            program: program.clone(),
            kind,
        };
        let path = Path::new(program);
        if program.contains('/') || program.contains(std::path::MAIN_SEPARATOR) {
            let full = match &self.dir {
                Some(dir) if path.is_relative() => dir.join(path),
                _ => path.to_path_buf(),
            };
            return match fs::metadata(&full) {
                Err(e) => Err(program_error(ProgramProblem::Unreadable(e.to_string()))),
                Ok(m) if !m.is_file() => Err(program_error(ProgramProblem::NotAFile)),
                Ok(m) if !executable(&m) => Err(program_error(ProgramProblem::NotExecutable)),
                Ok(_) => Ok(()),
            };
        }
        let found = std::env::var_os("PATH").is_some_and(|paths| {
            std::env::split_paths(&paths).any(|dir| {
                let candidate = dir.join(program);
                fs::metadata(&candidate).is_ok_and(|m| m.is_file() && executable(&m))
            })
        });
        if found {
            Ok(())
        } else {
            Err(program_error(ProgramProblem::NotOnPath))
        }
    }
}

/// Why an engine's program cannot be started ([`EngineSpec::check_program`]).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ProgramError {
    /// The engine has no command.
    #[error("no command")]
    NoCommand,
    /// The program is wrong.
    #[error("{program}: {kind}")]
    Program {
        /// The program as given.
        program: String,
        /// What is wrong with it.
        kind: ProgramProblem,
    },
}

/// What is wrong with an engine's program.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ProgramProblem {
    /// A path that cannot be read (the system's message).
    #[error("{0}")]
    Unreadable(String),
    /// A path to something else than a file.
    #[error("not a file")]
    NotAFile,
    /// A file that is not executable.
    #[error("not executable")]
    NotExecutable,
    /// A bare name not found on `PATH`.
    #[error("not found on PATH")]
    NotOnPath,
}

impl std::str::FromStr for EngineSpec {
    type Err = MatchError;

    /// [`EngineSpec::from_text`].
    fn from_str(text: &str) -> Result<EngineSpec, MatchError> {
        EngineSpec::from_text(text)
    }
}

#[cfg(unix)]
fn executable(m: &fs::Metadata) -> bool {
    use std::os::unix::fs::PermissionsExt;
    m.permissions().mode() & 0o111 != 0
}

#[cfg(not(unix))]
fn executable(_: &fs::Metadata) -> bool {
    true
}

/// An openings file, read as the match needs it ([`OpeningsFile::records`]): one
/// record at a time, so that a file of millions of openings costs the memory of the
/// openings the schedule plays, not of the file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OpeningsFile {
    /// The file.
    pub path: PathBuf,
    /// Its format.
    pub format: Format,
}

impl OpeningsFile {
    /// The file and its format: `format` if given, else from the extension, Gomocup
    /// offset or `pos` notation for a `.txt` whose first line is in that notation and
    /// for a file whose extension says nothing. Fails when the file cannot be opened.
    pub fn open(path: &Path, format: Option<Format>) -> Result<OpeningsFile, MatchError> {
        let file = path.display().to_string();
        let cannot = |e: std::io::Error| MatchError::Openings(format!("{file}: {e}"));
        let mut reader = BufReader::new(fs::File::open(path).map_err(cannot)?);
        let format = match format.or_else(|| Format::from_path(path)) {
            None => Format::GomocupOpenings,
            Some(Format::MoveList) if gomocup_notation(&first_line(&mut reader)) => {
                Format::GomocupOpenings
            }
            Some(f) => f,
        };
        Ok(OpeningsFile {
            path: path.to_path_buf(),
            format,
        })
    }

    /// The file's records, one at a time, on a board of side `size`.
    pub fn records(
        &self,
        size: u8,
    ) -> Result<Box<dyn Iterator<Item = Result<Game, ParseError>> + Send>, MatchError> {
        let file = self.path.display().to_string();
        let reader = BufReader::new(
            fs::File::open(&self.path).map_err(|e| MatchError::Openings(format!("{file}: {e}")))?,
        );
        Ok(if self.format == Format::GomocupOpenings {
            Box::new(renju_records::formats::gomocup::stream_with_size(
                reader,
                Some(&file),
                size,
            ))
        } else {
            self.format.read_from(reader, Some(&file))
        })
    }
}

/// The first non-blank line of a file (at most 64 KiB of it, lossily decoded).
fn first_line(reader: &mut impl BufRead) -> String {
    let mut bytes = Vec::new();
    loop {
        bytes.clear();
        match reader.by_ref().take(65_536).read_until(b'\n', &mut bytes) {
            Ok(0) | Err(_) => return String::new(),
            Ok(_) => {
                let line = String::from_utf8_lossy(&bytes);
                let line = line.trim_start_matches('\u{feff}').trim();
                if !line.is_empty() {
                    return line.to_string();
                }
            }
        }
    }
}

/// Whether a line is in Gomocup offset notation (`0,0, 1,0`) or `pos` notation
/// (`b7d6e6`).
fn gomocup_notation(first: &str) -> bool {
    let offset = !first.is_empty()
        && first
            .chars()
            .all(|c| c.is_ascii_digit() || ", -".contains(c));
    let pos =
        !first.contains(' ') && first.len() > 3 && first.chars().all(|c| c.is_ascii_alphanumeric());
    offset || pos
}

/// Reads a whole openings file on a board of side `size` ([`OpeningsFile::open`] says
/// how its format is found). A match reads its openings file as it needs it
/// ([`OpeningsFile::records`]); this reads every record, for callers that want them all.
pub fn read_openings(
    path: &Path,
    format: Option<Format>,
    size: u8,
) -> Result<Vec<Game>, MatchError> {
    let file = path.display().to_string();
    let mut games = Vec::new();
    for record in OpeningsFile::open(path, format)?.records(size)? {
        match record {
            Ok(g) => games.push(g),
            Err(e) => return Err(MatchError::Openings(format!("{file}: {e}"))),
        }
    }
    if games.is_empty() {
        return Err(MatchError::Openings(format!("{file}: no openings")));
    }
    Ok(games)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(text: &str) -> EngineSpec {
        text.parse().unwrap()
    }

    #[test]
    fn engines_are_read_and_named() {
        let e = spec("cmd=/bin/true name=x option.threads=2 swap2board=fields");
        assert_eq!(e.name, "x");
        assert!(e.swap2board_fields);
        assert!(matches!(
            "cmd=a swap2board=x".parse::<EngineSpec>(),
            Err(MatchError::Engine(m)) if m.contains("`bare`")
        ));
        assert_eq!(e.info, [("threads".to_string(), "2".to_string())]);
        assert_eq!(e.dir.as_deref(), Some(Path::new("/bin")));
        assert!(matches!(
            "cmd=a nonsense=1".parse::<EngineSpec>(),
            Err(MatchError::Engine(m)) if m.contains("nonsense")
        ));
        assert!("".parse::<EngineSpec>().is_err());
        let named = name_engines(&[spec("./a"), spec("b/a"), spec("c")], &[]).unwrap();
        let names: Vec<&str> = named.iter().map(|e| e.name.as_str()).collect();
        assert_eq!(names, ["a-1", "a-2", "c"]);
        let named = name_engines(&[spec("./a"), spec("b/a")], &["first".into()]).unwrap();
        assert_eq!(
            (named[0].name.as_str(), named[1].name.as_str()),
            ("first", "a")
        );
        assert!(matches!(
            name_engines(&[spec("a")], &["x".into(), "y".into()]),
            Err(MatchError::Names {
                names: 2,
                engines: 1
            })
        ));
    }

    #[test]
    fn programs_are_checked() {
        assert!(spec("sh -c true").check_program().is_ok());
        assert!(spec("/bin/sh").check_program().is_ok());
        let missing = spec("./no-such-engine --x")
            .check_program()
            .unwrap_err()
            .to_string();
        assert!(missing.contains("no-such-engine"), "{missing}");
        assert!(spec("no-such-engine-on-path").check_program().is_err());
        assert!(spec("/")
            .check_program()
            .unwrap_err()
            .to_string()
            .contains("not a file"));
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
