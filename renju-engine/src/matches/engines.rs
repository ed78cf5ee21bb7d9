//! The engines of a match: each as a command line or c-gomoku-cli's `cmd=...` form
//! ([`EngineSpec::from_text`]), named ([`name_engines`]), its program checked before
//! play ([`EngineSpec::check_program`]).

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

use serde::Serialize;
use thiserror::Error;

use super::MatchError;
use crate::process::split_command;

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

/// `n` engines named `e0`, `e1`... running `true`, for the tests.
#[cfg(test)]
pub(crate) fn test_engines(n: usize) -> Vec<EngineSpec> {
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
}
