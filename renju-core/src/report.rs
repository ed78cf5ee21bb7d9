//! Validation reports: findings per game and a summary, serialisable to JSON with the
//! same field names in Rust, C and Python.

use std::collections::hash_map::DefaultHasher;
use std::collections::{BTreeMap, HashMap};
use std::hash::{Hash, Hasher};
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::decisions::TimeReport;
use crate::error::ParseError;
pub use crate::findings::{Finding, FindingCode, Severity};
use crate::game::Game;
use crate::outcome::{Outcome, Termination};
use crate::replay::ValidationOptions;

/// The report on one game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameReport {
    /// The file the game came from (shared with the game's [`Source`](crate::Source)
    /// and every other report of the file; serialised as a plain string).
    pub source: Option<Arc<str>>,
    /// The game's index in its file (tree formats: the root-to-leaf line).
    pub index: usize,
    /// The record's id.
    pub id: Option<String>,
    /// Moves replayed (stones and passes).
    pub moves: usize,
    /// The rule set it was judged under.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rule: Option<String>,
    /// The opening protocol it was judged under.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub protocol: Option<String>,
    /// The canonical Renju opening of its first three stones, when it is one of the 26.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub opening: Option<String>,
    /// How the game ended.
    pub outcome: Outcome,
    /// The time control, the time each player used and the flag, when the game was
    /// replayed under a control.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time: Option<TimeReport>,
    /// What was found.
    pub findings: Vec<Finding>,
}

impl GameReport {
    /// The number of findings of a severity.
    pub fn count(&self, severity: Severity) -> usize {
        self.findings
            .iter()
            .filter(|f| f.severity == severity)
            .count()
    }

    /// The report of a record that could not be read.
    pub fn unreadable(error: &ParseError, index: usize) -> GameReport {
        let mut finding = Finding::new(
            FindingCode::UnreadableRecord,
            error.location.move_number,
            error.to_string(),
        );
        finding.line = error.location.line;
        finding.byte_offset = error.location.byte_offset;
        GameReport {
            source: error.location.file.clone(),
            index,
            // The location's record label ("game 3") is in the message, not an id.
            id: None,
            moves: 0,
            rule: None,
            protocol: None,
            opening: None,
            outcome: Outcome::UNFINISHED,
            time: None,
            findings: vec![finding],
        }
    }
}

impl Game {
    /// Replays the game and reports on it. Every finding carries the line or byte offset
    /// of the record in its file (from [`Source`](crate::Source)), as the findings of
    /// unreadable records do.
    ///
    /// ```
    /// use renju_core::{Game, Termination, ValidationOptions};
    /// let report = Game::from_moves("h8 h8").unwrap().validate(&ValidationOptions::default());
    /// assert_eq!(report.findings[0].code.name(), "occupied-point");
    /// assert_eq!(report.outcome.termination, Termination::Unfinished);
    /// ```
    pub fn validate(&self, options: &ValidationOptions) -> GameReport {
        let r = self.resolve(options);
        let replay = self.replay_with(options, false);
        // A game under a rule the library does not know was judged under none.
        let judged = self.unknown_rule.is_none();
        let mut findings = replay.findings;
        for f in &mut findings {
            f.line = f.line.or(self.source.line);
            f.byte_offset = f.byte_offset.or(self.source.byte_offset);
        }
        GameReport {
            source: self.source.file.clone(),
            index: self.source.index,
            id: self.id.clone(),
            moves: replay.verdicts.len(),
            rule: judged.then(|| r.rule_set.to_string()),
            protocol: judged.then(|| r.opening.to_string()),
            opening: replay.opening.map(|o| format!("{} {}", o.code, o.romaji)),
            outcome: replay.outcome,
            time: replay.time,
            findings,
        }
    }
}

/// Totals over a batch.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Summary {
    /// Games (and unreadable records) reported.
    pub games: usize,
    /// Games per termination.
    pub by_termination: BTreeMap<Termination, usize>,
    /// Findings per code.
    pub findings: BTreeMap<FindingCode, usize>,
    /// Findings of severity error.
    pub errors: usize,
    /// Findings of severity warning.
    pub warnings: usize,
}

/// A validation report: one entry per game and a summary.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Report {
    /// Per game, in input order.
    pub games: Vec<GameReport>,
    /// Totals.
    pub summary: Summary,
}

impl Summary {
    /// Counts one game's report in the totals: a running summary, so that a batch never
    /// needs every report in memory at once.
    ///
    /// ```
    /// use renju_core::{Game, Summary, ValidationOptions};
    /// let mut summary = Summary::default();
    /// summary.add(&Game::from_moves("h8 h8").unwrap().validate(&ValidationOptions::default()));
    /// assert_eq!((summary.games, summary.errors), (1, 1));
    /// ```
    pub fn add(&mut self, game: &GameReport) {
        self.games += 1;
        *self
            .by_termination
            .entry(game.outcome.termination)
            .or_default() += 1;
        for f in &game.findings {
            *self.findings.entry(f.code).or_default() += 1;
            match f.severity {
                Severity::Error => self.errors += 1,
                Severity::Warning => self.warnings += 1,
                Severity::Info => {}
            }
        }
    }
}

/// Flags games whose id an earlier game of the same file already used
/// ([`FindingCode::DuplicateId`]), one report at a time, in input order.
///
/// It keeps 16 bytes per distinct id, not the ids: a 96-bit hash of (file, id) and the
/// index of the first game that used it. Two different ids of a file are taken for the
/// same with a probability of about n² / 2⁹⁷ (n ids), which is nil in practice. Games
/// past index 2³² − 1 of a file are not checked. Unreadable records have no id.
#[derive(Debug, Clone, Default)]
pub struct DuplicateIds {
    /// 64-bit hash of (file, id) -> (32-bit check hash, index of the first game).
    seen: HashMap<u64, (u32, u32)>,
}

impl DuplicateIds {
    /// A tracker that has seen no ids.
    pub fn new() -> DuplicateIds {
        DuplicateIds::default()
    }

    /// Adds a `duplicate-id` finding to `game` when an earlier game of its file (given
    /// to this tracker before) had the same id; otherwise remembers its id.
    pub fn check(&mut self, game: &mut GameReport) {
        let Some(id) = game.id.as_deref() else {
            return;
        };
        if game
            .findings
            .iter()
            .any(|f| f.code == FindingCode::UnreadableRecord)
        {
            return;
        }
        let Ok(index) = u32::try_from(game.index) else {
            return;
        };
        let hash = |salt: u8| {
            let mut h = DefaultHasher::new();
            (salt, game.source.as_deref(), id).hash(&mut h);
            h.finish()
        };
        let (key, check) = (hash(0), hash(1) as u32);
        match self.seen.get(&key) {
            Some(&(c, first)) if c == check => {
                let message = format!(
                    "game id {id} was already used by game {} of this file",
                    u64::from(first) + 1
                );
                game.findings
                    .push(Finding::new(FindingCode::DuplicateId, None, message));
            }
            // A 64-bit collision between different ids: the later id goes unchecked.
            Some(_) => {}
            None => {
                self.seen.insert(key, (check, index));
            }
        }
    }

    /// [`check`](DuplicateIds::check), with the `duplicate-id` finding located at the
    /// record's line or byte offset, as the game's other findings are.
    pub fn check_record(&mut self, game: &mut GameReport, record: &Result<Game, ParseError>) {
        let before = game.findings.len();
        self.check(game);
        if let (Some(f), Ok(record)) = (game.findings.get_mut(before), record) {
            f.line = record.source.line;
            f.byte_offset = record.source.byte_offset;
        }
    }
}

impl Report {
    /// Builds a report (and its summary) from game reports; flags duplicate ids (see
    /// [`DuplicateIds`]).
    pub fn from_games(mut games: Vec<GameReport>) -> Report {
        let mut duplicates = DuplicateIds::new();
        let mut summary = Summary::default();
        for game in &mut games {
            duplicates.check(game);
            summary.add(game);
        }
        Report { games, summary }
    }

    /// The report as pretty JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("reports serialise")
    }
}

/// Validates records as read (bad records become `unreadable-record` findings), in
/// parallel on all cores; the report keeps the input order.
///
/// ```
/// use renju_core::formats::Format;
/// use renju_core::ValidationOptions;
/// use renju_core::report::validate;
/// let records = Format::MoveList.read(b"h8 h9 i9 i8 j10 g7 k11 l12 g8 f6 f8 e8 j8 k8 h10\nh8 h8\n", Some("two.txt"));
/// let report = validate(&records, &ValidationOptions::default());
/// assert_eq!(report.summary.games, 2);
/// assert_eq!(report.summary.errors, 1); // h8 twice
/// ```
pub fn validate(records: &[Result<Game, ParseError>], options: &ValidationOptions) -> Report {
    let mut games = validate_games(records, options, 0);
    let mut duplicates = DuplicateIds::new();
    let mut summary = Summary::default();
    for (game, record) in games.iter_mut().zip(records) {
        duplicates.check_record(game, record);
        summary.add(game);
    }
    Report { games, summary }
}

/// Validates records as they come from an iterator (such as
/// [`Format::read_from`](crate::formats::Format::read_from)), a chunk of 2,000 at a time
/// in parallel on all cores: memory holds one chunk of games and every game's report,
/// never every game. The report is the one [`validate`] gives for the same records.
///
/// ```
/// use renju_core::formats::Format;
/// use renju_core::ValidationOptions;
/// use renju_core::report::validate_stream;
/// let file = std::io::BufReader::new(&b"h8 i9\nh8 h8\n"[..]);
/// let records = Format::MoveList.read_from(file, Some("two.txt"));
/// let report = validate_stream(records, &ValidationOptions::default());
/// assert_eq!((report.summary.games, report.summary.errors), (2, 1));
/// ```
pub fn validate_stream(
    records: impl IntoIterator<Item = Result<Game, ParseError>>,
    options: &ValidationOptions,
) -> Report {
    const CHUNK: usize = 2_000;
    let mut records = records.into_iter();
    let mut report = Report::default();
    let mut duplicates = DuplicateIds::new();
    let mut chunk = Vec::with_capacity(CHUNK);
    loop {
        chunk.clear();
        chunk.extend(records.by_ref().take(CHUNK));
        if chunk.is_empty() {
            return report;
        }
        let first = report.games.len();
        report.games.extend(validate_games(&chunk, options, first));
        for (game, record) in report.games[first..].iter_mut().zip(&chunk) {
            duplicates.check_record(game, record);
            report.summary.add(game);
        }
    }
}

/// Validates records in parallel on all cores, in input order, without the summary:
/// for batches of a larger file (then `first_index` is the index of the first record in
/// its file), joined with [`Report::from_games`]. The records are borrowed: games are
/// freed on the thread that made them, which keeps the allocator out of the way.
pub fn validate_games(
    records: &[Result<Game, ParseError>],
    options: &ValidationOptions,
    first_index: usize,
) -> Vec<GameReport> {
    use rayon::prelude::*;
    records
        .par_iter()
        .enumerate()
        .map(|(i, r)| match r {
            Ok(game) => game.validate(options),
            Err(e) => GameReport::unreadable(e, first_index + i),
        })
        .collect()
}
