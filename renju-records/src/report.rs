//! Validation reports: findings per game and a summary, serialisable to JSON with the
//! same field names in Rust, C and Python.

use std::collections::{BTreeMap, HashMap};
use std::hash::Hasher;
use std::sync::Arc;

use serde::{Deserialize, Serialize};
use siphasher::sip::SipHasher13;

use crate::decisions::TimeReport;
pub use crate::findings::{Finding, FindingCode, Severity};
use crate::game::Game;
use crate::replay::ValidationOptions;
use renju_core::error::ParseError;
use renju_core::outcome::{Outcome, Termination};

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
    /// use renju_records::{Game, ValidationOptions};
    /// use renju_core::Termination;
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
///
/// Reports of consecutive parts of the same input merge exactly ([`Report::merge`]): the
/// report also keeps the ids its games used ([`DuplicateIds`], not serialised to JSON;
/// see [`Report::ids`]) so that an id of a later part already used in an earlier one is
/// flagged as one run over the whole input would flag it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Report {
    /// Per game, in input order.
    pub games: Vec<GameReport>,
    /// Totals.
    pub summary: Summary,
    /// The files that could not be read at all; each is counted in the summary as an
    /// error with the code `unreadable-file` (see [`Report::add_unreadable_file`]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub unreadable_files: Vec<UnreadableFile>,
    /// The ids seen, for merging.
    #[serde(skip)]
    ids: DuplicateIds,
}

/// A file that could not be read at all (missing, a directory, a format that cannot be
/// told), and why. Records of a file that could be read but not understood are
/// `unreadable-record` findings of their game instead.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct UnreadableFile {
    /// The file, as it was named.
    pub file: String,
    /// Why it could not be read.
    pub error: String,
}

impl Summary {
    /// Counts a file that could not be read: one error with the code `unreadable-file`.
    pub fn add_unreadable_file(&mut self) {
        *self
            .findings
            .entry(FindingCode::UnreadableFile)
            .or_default() += 1;
        self.errors += 1;
    }

    /// Counts one game's report in the totals: a running summary, so that a batch never
    /// needs every report in memory at once.
    ///
    /// ```
    /// use renju_records::{Game, Summary, ValidationOptions};
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
            self.add_finding(f);
        }
    }

    /// Counts one finding (of a game already counted).
    fn add_finding(&mut self, f: &Finding) {
        *self.findings.entry(f.code).or_default() += 1;
        match f.severity {
            Severity::Error => self.errors += 1,
            Severity::Warning => self.warnings += 1,
            Severity::Info => {}
        }
    }

    /// Adds another summary's totals to this one. Summaries of separate inputs (other
    /// files) add up exactly; for parts of one file, merge their [`Report`]s, which also
    /// count the ids a later part repeats from an earlier one.
    ///
    /// ```
    /// use renju_records::{Game, Summary, ValidationOptions};
    /// let report = Game::from_moves("h8 h8").unwrap().validate(&ValidationOptions::default());
    /// let (mut a, mut b) = (Summary::default(), Summary::default());
    /// a.add(&report);
    /// b.add(&report);
    /// a.merge(&b);
    /// assert_eq!((a.games, a.errors), (2, 2));
    /// ```
    pub fn merge(&mut self, other: &Summary) {
        self.games += other.games;
        for (t, n) in &other.by_termination {
            *self.by_termination.entry(*t).or_default() += n;
        }
        for (c, n) in &other.findings {
            *self.findings.entry(*c).or_default() += n;
        }
        self.errors += other.errors;
        self.warnings += other.warnings;
    }
}

impl std::ops::AddAssign<&Summary> for Summary {
    fn add_assign(&mut self, other: &Summary) {
        self.merge(other);
    }
}

/// Flags games whose id an earlier game of the same file already used
/// ([`FindingCode::DuplicateId`]), one report at a time, in input order.
///
/// It keeps 24 bytes per distinct id, not the ids: a 96-bit hash of (file, id), the
/// index of the first game that used it and that game's line or byte offset (so that
/// [`Report::merge`] can flag it when an earlier part of the file used its id). Two
/// different ids of a file are taken for the same with a probability of about
/// n² / 2⁹⁷ (n ids), which is nil in practice. The hash is SipHash-1-3 with fixed keys
/// over the file name's and the id's bytes: the same in every build, so saved ids
/// ([`DuplicateIds::to_bytes`]) can be read back by another build. Games past index
/// 2³² − 1 of a file are not checked. Unreadable records have no id.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct DuplicateIds {
    /// 64-bit hash of (file, id) -> the first game that used it.
    seen: HashMap<u64, FirstUse>,
}

/// The first game of a file with an id, as [`DuplicateIds`] keeps it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct FirstUse {
    /// 32-bit check hash of (file, id).
    check: u32,
    /// The game's index.
    index: u32,
    /// Its record's place: `line << 1`, `byte_offset << 1 | 1`, or [`FirstUse::NOWHERE`].
    place: u64,
}

impl FirstUse {
    const NOWHERE: u64 = u64::MAX;

    fn place(line: Option<usize>, byte_offset: Option<u64>) -> u64 {
        match (line, byte_offset) {
            (Some(l), _) => (l as u64) << 1,
            (None, Some(b)) => b << 1 | 1,
            (None, None) => FirstUse::NOWHERE,
        }
    }

    /// The line and byte offset of its record.
    fn location(self) -> (Option<usize>, Option<u64>) {
        match self.place {
            FirstUse::NOWHERE => (None, None),
            p if p & 1 == 0 => (Some((p >> 1) as usize), None),
            p => (None, Some(p >> 1)),
        }
    }
}

/// The `duplicate-id` finding of a game whose id the game of index `first` used.
fn duplicate_id(id: &str, first: u32) -> Finding {
    let message = format!(
        "game id {id} was already used by game {} of this file",
        u64::from(first) + 1
    );
    Finding::new(FindingCode::DuplicateId, None, message)
}

impl DuplicateIds {
    /// A tracker that has seen no ids.
    pub fn new() -> DuplicateIds {
        DuplicateIds::default()
    }

    /// The number of distinct ids seen.
    pub fn len(&self) -> usize {
        self.seen.len()
    }

    /// Whether no id was seen.
    pub fn is_empty(&self) -> bool {
        self.seen.is_empty()
    }

    /// The hash key, check hash and index of a game this tracker checks.
    fn key(game: &GameReport) -> Option<(u64, u32, u32)> {
        let id = game.id.as_deref()?;
        if game
            .findings
            .iter()
            .any(|f| f.code == FindingCode::UnreadableRecord)
        {
            return None;
        }
        let index = u32::try_from(game.index).ok()?;
        // The bytes hashed are spelled out (not `Hash` impls, whose feeding may change)
        // and the hasher is fixed, so saved ids mean the same in every build.
        let hash = |salt: u8| {
            let mut h = SipHasher13::new_with_keys(0, u64::from(salt));
            let source = game.source.as_deref();
            h.write(&[u8::from(source.is_some())]);
            let source = source.unwrap_or("").as_bytes();
            h.write(&(source.len() as u64).to_le_bytes());
            h.write(source);
            h.write(id.as_bytes());
            h.finish()
        };
        Some((hash(0), hash(1) as u32, index))
    }

    /// Adds a `duplicate-id` finding to `game` when an earlier game of its file (given
    /// to this tracker before) had the same id; otherwise remembers its id.
    pub fn check(&mut self, game: &mut GameReport) {
        self.check_at(game, None, None);
    }

    fn check_at(&mut self, game: &mut GameReport, line: Option<usize>, byte_offset: Option<u64>) {
        let Some((key, check, index)) = DuplicateIds::key(game) else {
            return;
        };
        match self.seen.get(&key) {
            Some(first) if first.check == check => {
                let mut finding = duplicate_id(game.id.as_deref().unwrap_or(""), first.index);
                finding.line = line;
                finding.byte_offset = byte_offset;
                game.findings.push(finding);
            }
            // A 64-bit collision between different ids: the later id goes unchecked.
            Some(_) => {}
            None => {
                let place = FirstUse::place(line, byte_offset);
                self.seen.insert(
                    key,
                    FirstUse {
                        check,
                        index,
                        place,
                    },
                );
            }
        }
    }

    /// [`check`](DuplicateIds::check), with the `duplicate-id` finding located at the
    /// record's line or byte offset, as the game's other findings are.
    pub fn check_record(&mut self, game: &mut GameReport, record: &Result<Game, ParseError>) {
        match record {
            Ok(r) => self.check_at(game, r.source.line, r.source.byte_offset),
            Err(_) => self.check_at(game, None, None),
        }
    }

    /// Takes in the ids of a later part of the same input; gives the ids the later part
    /// used first that this tracker had seen: key -> (first use here, first use there).
    fn absorb(&mut self, later: &DuplicateIds) -> HashMap<u64, (FirstUse, FirstUse)> {
        let mut repeated = HashMap::new();
        for (key, there) in &later.seen {
            match self.seen.get(key) {
                Some(here) if here.check == there.check => {
                    repeated.insert(*key, (*here, *there));
                }
                Some(_) => {}
                None => {
                    self.seen.insert(*key, *there);
                }
            }
        }
        repeated
    }

    /// The ids as bytes, 24 per id (for sending a [`Report`] to another process with its
    /// ids; [`DuplicateIds::from_bytes`] reads them back).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut entries: Vec<_> = self.seen.iter().collect();
        entries.sort_unstable_by_key(|(k, _)| **k);
        let mut out = Vec::with_capacity(entries.len() * 24);
        for (key, f) in entries {
            out.extend_from_slice(&key.to_le_bytes());
            out.extend_from_slice(&f.check.to_le_bytes());
            out.extend_from_slice(&f.index.to_le_bytes());
            out.extend_from_slice(&f.place.to_le_bytes());
        }
        out
    }

    /// Reads [`DuplicateIds::to_bytes`]; `None` when the length is not a multiple of 24.
    pub fn from_bytes(bytes: &[u8]) -> Option<DuplicateIds> {
        if !bytes.len().is_multiple_of(24) {
            return None;
        }
        let word = |b: &[u8]| u64::from_le_bytes(b.try_into().expect("8 bytes"));
        let half = |b: &[u8]| u32::from_le_bytes(b.try_into().expect("4 bytes"));
        let seen = bytes
            .chunks_exact(24)
            .map(|e| {
                let first = FirstUse {
                    check: half(&e[8..12]),
                    index: half(&e[12..16]),
                    place: word(&e[16..24]),
                };
                (word(&e[..8]), first)
            })
            .collect();
        Some(DuplicateIds { seen })
    }
}

impl Report {
    /// Builds a report (and its summary) from game reports; flags duplicate ids (see
    /// [`DuplicateIds`]).
    pub fn from_games(mut games: Vec<GameReport>) -> Report {
        let mut ids = DuplicateIds::new();
        let mut summary = Summary::default();
        for game in &mut games {
            ids.check(game);
            summary.add(game);
        }
        Report {
            games,
            summary,
            unreadable_files: Vec::new(),
            ids,
        }
    }

    /// A report of its parts: games, summary and the ids its games used (as
    /// [`Report::ids`] gives them).
    pub fn from_parts(games: Vec<GameReport>, summary: Summary, ids: DuplicateIds) -> Report {
        Report {
            games,
            summary,
            unreadable_files: Vec::new(),
            ids,
        }
    }

    /// Adds a file that could not be read: listed, and counted as one error with the
    /// code `unreadable-file`, so that a report with an unreadable file never looks
    /// clean.
    pub fn add_unreadable_file(&mut self, file: UnreadableFile) {
        self.summary.add_unreadable_file();
        self.unreadable_files.push(file);
    }

    /// The ids its games used, as [`Report::merge`] needs them.
    pub fn ids(&self) -> &DuplicateIds {
        &self.ids
    }

    /// Appends the report of the part of the input that follows this one (another part
    /// of the same file, validated on its own with [`validate_chunk`], or other files):
    /// afterwards the report is the one a single run over both parts gives, games,
    /// findings and summary alike. A game of the later part whose id this part already
    /// used gets its `duplicate-id` finding (and later repeats of that id name the game
    /// of this part), so merging is associative but not commutative: always merge the
    /// earlier part with the later, in input order.
    ///
    /// A report whose `games` were dropped to save memory (kept: summary and ids) still
    /// merges its summary exactly.
    ///
    /// ```
    /// use renju_records::formats::{Format, ReadLimits};
    /// use renju_records::report::{validate_chunk, validate_stream};
    /// use renju_records::ValidationOptions;
    /// let file = b"h8 i9\n# rule: gomoku\nh8 h8\n\nh8 j10 zz\n";
    /// let options = ValidationOptions::default();
    /// let whole = validate_stream(Format::MoveList.read_from(&file[..], Some("f.txt")), &options);
    /// let mut merged = renju_records::Report::default();
    /// for part in Format::MoveList.chunks(&file[..], ReadLimits::default(), 8) {
    ///     let bytes = &file[part.start as usize..part.end.map_or(file.len(), |e| e as usize)];
    ///     merged.merge(validate_chunk(bytes, Format::MoveList, Some("f.txt"), &part, &options, ReadLimits::default()));
    /// }
    /// assert_eq!(merged, whole);
    /// ```
    pub fn merge(&mut self, later: Report) {
        let Report {
            mut games,
            summary,
            mut unreadable_files,
            ids,
        } = later;
        self.unreadable_files.append(&mut unreadable_files);
        let repeated = self.ids.absorb(&ids);
        self.summary.merge(&summary);
        // The later part's first use of each repeated id is now a repeat.
        for (here, _) in repeated.values() {
            self.summary.add_finding(&duplicate_id("", here.index));
        }
        if !repeated.is_empty() {
            // The first game of the later part with a repeated id is the one its tracker
            // remembered; the later ones already have their finding, naming it.
            let mut first_seen = std::collections::HashSet::new();
            for game in &mut games {
                let Some((key, _, _)) = DuplicateIds::key(game) else {
                    continue;
                };
                let Some((here, there)) = repeated.get(&key) else {
                    continue;
                };
                let id = game.id.as_deref().unwrap_or("");
                let mut finding = duplicate_id(id, here.index);
                if first_seen.insert(key) {
                    (finding.line, finding.byte_offset) = there.location();
                    game.findings.push(finding);
                } else if let Some(f) = game
                    .findings
                    .iter_mut()
                    .rev()
                    .find(|f| f.code == FindingCode::DuplicateId)
                {
                    f.message = finding.message;
                }
            }
        }
        self.games.append(&mut games);
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
/// use renju_records::formats::Format;
/// use renju_records::ValidationOptions;
/// use renju_records::report::validate;
/// let records = Format::MoveList.read(b"h8 h9 i9 i8 j10 g7 k11 l12 g8 f6 f8 e8 j8 k8 h10\nh8 h8\n", Some("two.txt"));
/// let report = validate(&records, &ValidationOptions::default());
/// assert_eq!(report.summary.games, 2);
/// assert_eq!(report.summary.errors, 1); // h8 twice
/// ```
pub fn validate(records: &[Result<Game, ParseError>], options: &ValidationOptions) -> Report {
    let mut games = validate_games(records, options, 0);
    let mut ids = DuplicateIds::new();
    let mut summary = Summary::default();
    for (game, record) in games.iter_mut().zip(records) {
        ids.check_record(game, record);
        summary.add(game);
    }
    Report::from_parts(games, summary, ids)
}

/// Validates records as they come from an iterator (such as
/// [`Format::read_from`](crate::formats::Format::read_from)), a chunk of 2,000 at a time
/// in parallel on all cores: memory holds one chunk of games and every game's report,
/// never every game. The report is the one [`validate`] gives for the same records.
///
/// ```
/// use renju_records::formats::Format;
/// use renju_records::ValidationOptions;
/// use renju_records::report::validate_stream;
/// let file = std::io::BufReader::new(&b"h8 i9\nh8 h8\n"[..]);
/// let records = Format::MoveList.read_from(file, Some("two.txt"));
/// let report = validate_stream(records, &ValidationOptions::default());
/// assert_eq!((report.summary.games, report.summary.errors), (2, 1));
/// ```
pub fn validate_stream(
    records: impl IntoIterator<Item = Result<Game, ParseError>>,
    options: &ValidationOptions,
) -> Report {
    validate_stream_from(records, options, 0)
}

/// [`validate_stream`] of records that follow `first_record` others of their file (an
/// unreadable record's report index counts from it): the report of one part of a file,
/// to [merge](Report::merge) with the others'.
pub fn validate_stream_from(
    records: impl IntoIterator<Item = Result<Game, ParseError>>,
    options: &ValidationOptions,
    first_record: usize,
) -> Report {
    const CHUNK: usize = 2_000;
    let mut records = records.into_iter();
    let mut report = Report::default();
    let mut chunk = Vec::with_capacity(CHUNK);
    loop {
        chunk.clear();
        chunk.extend(records.by_ref().take(CHUNK));
        if chunk.is_empty() {
            return report;
        }
        let first = report.games.len();
        let games = validate_games(&chunk, options, first_record + first);
        report.games.extend(games);
        for (game, record) in report.games[first..].iter_mut().zip(&chunk) {
            report.ids.check_record(game, record);
            report.summary.add(game);
        }
    }
}

/// Validates one part of a file ([`Chunk`](crate::formats::Chunk), from
/// [`Format::chunks`](crate::formats::Format::chunks)): `bytes` reads exactly the part's
/// bytes. The report is the whole file's for that part (indexes, lines and byte offsets
/// in the whole file), so that the parts' reports, merged in order with
/// [`Report::merge`], are the whole file's report. Validates in parallel on all cores,
/// as [`validate_stream`].
pub fn validate_chunk<R: std::io::BufRead + Send>(
    bytes: R,
    format: crate::formats::Format,
    file: Option<&str>,
    chunk: &crate::formats::Chunk,
    options: &ValidationOptions,
    limits: crate::formats::ReadLimits,
) -> Report {
    let records = format.read_chunk_from(bytes, file, limits, chunk);
    validate_stream_from(records, options, chunk.records)
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
