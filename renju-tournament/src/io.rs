//! Reading crosstables from any supported file: FIDE TRF, the JSON of the model, or
//! game files (every format of [`renju_records::formats`]) whose records name players and
//! rounds.
//!
//! ```
//! use renju_tournament::io::read_bytes;
//! let json = br#"{"name": "Cup", "players": [{"id": 1, "name": "Ann"}], "pairings": []}"#;
//! let list = read_bytes(json, Some("cup.json"), None).unwrap();
//! assert_eq!(list[0].tournament.name, "Cup");
//! ```

use std::path::Path;

use crate::findings::{TournamentCode, TournamentFinding, TournamentRead};
use crate::model::Tournament;
use crate::trf::TrfError;
use crate::{from_games, trf};
use renju_records::formats::Format;

/// A crosstable file that cannot be read.
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    /// The file could not be opened or read.
    #[error("{file}: cannot read: {source}")]
    Io {
        /// File name.
        file: String,
        /// Why.
        source: std::io::Error,
    },
    /// A TRF file with a bad record.
    #[error("{file}: {source}")]
    Trf {
        /// File name.
        file: String,
        /// The record and line.
        source: TrfError,
    },
    /// JSON that is not a tournament (or a list of them).
    #[error("{file}: not the JSON of a tournament: {message}")]
    Json {
        /// File name.
        file: String,
        /// What serde said.
        message: String,
    },
    /// Neither the name nor the content tells the format.
    #[error(
        "{file}: cannot tell the format (TRF, JSON, or a game format: {})",
        Format::names_sentence()
    )]
    UnknownFormat {
        /// File name.
        file: String,
    },
}

fn decode(bytes: &[u8]) -> String {
    match std::str::from_utf8(bytes) {
        Ok(s) => s.to_string(),
        Err(_) => encoding_rs::WINDOWS_1252.decode(bytes).0.into_owned(),
    }
}

fn looks_like_trf(text: &str) -> bool {
    let text = crate::trf::with_lf_line_ends(text);
    text.lines().any(|l| l.starts_with("001 "))
        && text.lines().all(|l| {
            let l = l.trim_end();
            l.is_empty()
                || (l.len() >= 3
                    && l.is_char_boundary(3)
                    && (l.len() == 3 || l[3..].starts_with(' ')))
        })
}

/// Reads the tournaments of a file's bytes. `name` is used for errors and to tell the
/// format by extension (`.trf`, `.json`, or a game format's); `format` forces a game
/// format.
pub fn read_bytes(
    bytes: &[u8],
    name: Option<&str>,
    format: Option<Format>,
) -> Result<Vec<TournamentRead>, ReadError> {
    let file = name.unwrap_or("<input>").to_string();
    let ext = name
        .and_then(|n| Path::new(n).extension())
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase);
    if format.is_none() {
        let trimmed = bytes.iter().find(|b| !b.is_ascii_whitespace());
        if ext.as_deref() == Some("json") || matches!(trimmed, Some(b'{' | b'[')) {
            return read_json(bytes, &file);
        }
        let text = decode(bytes);
        if ext.as_deref() == Some("trf") || looks_like_trf(&text) {
            return trf::read(&text)
                .map(|tournament| {
                    vec![TournamentRead {
                        tournament,
                        findings: Vec::new(),
                    }]
                })
                .map_err(|source| ReadError::Trf { file, source });
        }
    }
    let format = format
        .or_else(|| name.and_then(Format::from_path))
        .ok_or(ReadError::UnknownFormat { file: file.clone() })?;
    let mut games = Vec::new();
    let mut bad = Vec::new();
    for (i, record) in format.read(bytes, name).into_iter().enumerate() {
        match record {
            Ok(g) => games.push(g),
            Err(e) => bad.push(TournamentFinding::new(
                TournamentCode::UnusableGame,
                None,
                None,
                format!(
                    "record {}: {e}; it is not in the crosstable",
                    i.saturating_add(1)
                ),
            )),
        }
    }
    let mut list = from_games::tournaments(&games);
    if let Some(first) = list.first_mut() {
        first.findings.extend(bad);
    } else if !bad.is_empty() {
        list.push(TournamentRead {
            tournament: Tournament::default(),
            findings: bad,
        });
    }
    Ok(list)
}

fn read_json(bytes: &[u8], file: &str) -> Result<Vec<TournamentRead>, ReadError> {
    #[derive(serde::Deserialize)]
    #[serde(untagged)]
    enum Doc {
        One(Box<Tournament>),
        Many(Vec<Tournament>),
        Wrapped { tournaments: Vec<Tournament> },
    }
    let doc: Doc = serde_json::from_slice(bytes).map_err(|e| ReadError::Json {
        file: file.to_string(),
        message: e.to_string(),
    })?;
    let list = match doc {
        Doc::One(t) => vec![*t],
        Doc::Many(v) | Doc::Wrapped { tournaments: v } => v,
    };
    for t in &list {
        t.check_limits().map_err(|e| ReadError::Json {
            file: file.to_string(),
            message: e.to_string(),
        })?;
    }
    Ok(list
        .into_iter()
        .map(|tournament| TournamentRead {
            tournament,
            findings: Vec::new(),
        })
        .collect())
}

/// Reads the tournaments of a file; see [`read_bytes`].
pub fn read_path(
    path: impl AsRef<Path>,
    format: Option<Format>,
) -> Result<Vec<TournamentRead>, ReadError> {
    let path = path.as_ref();
    let file = path.display().to_string();
    let bytes = std::fs::read(path).map_err(|source| ReadError::Io {
        file: file.clone(),
        source,
    })?;
    read_bytes(&bytes, Some(&file), format)
}
