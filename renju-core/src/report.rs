//! Validation reports: findings per game and a summary, serialisable to JSON with the
//! same field names in Rust, C and Python.

use std::collections::BTreeMap;
use std::fmt;

use serde::{Deserialize, Serialize};

use crate::error::ParseError;
use crate::game::{Game, GameOutcome, GameTermination, ValidationOptions};

/// How serious a finding is (`SPEC.md`, Validation reports).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// The record cannot be a legal game under its rules.
    Error,
    /// Legal but suspicious (a lapsed foul, an unexplained declared result).
    Warning,
    /// Worth knowing (a forbidden move that ended the game, offers not recorded).
    Info,
}

/// The stable machine code of a finding.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum FindingCode {
    /// The record could not be read (file, line or byte, message).
    UnreadableRecord,
    /// The record names a rule the library does not know; it was not replayed.
    UnknownRule,
    /// The board size is not allowed by the rule set.
    BoardSize,
    /// A stone on an occupied point.
    OccupiedPoint,
    /// A stone off the board.
    OffBoard,
    /// A move after the game had ended.
    MoveAfterGameEnd,
    /// Black played a forbidden move (the game ended there, or White claimed it).
    ForbiddenMove,
    /// A foul White did not claim in time; play went on.
    LapsedFoul,
    /// An opening stone outside the area its protocol allows.
    OpeningArea,
    /// A pass where the opening protocol forbids one.
    PassInOpening,
    /// A swap decision where the protocol gives none.
    SwapNotAllowed,
    /// A declared number of offers outside what the protocol allows, or a declaration
    /// where none is made.
    OfferDeclaration,
    /// Fifth-move offers where the protocol has none, or not at move 5.
    OffersNotAllowed,
    /// Not as many offers as the protocol (or the declaration) requires.
    OfferCount,
    /// An offered point that is occupied, off the board or offered twice, or a chosen
    /// point that was not offered.
    InvalidOffer,
    /// Two offered fifth moves that are equivalent by symmetry.
    SymmetricFifthOffers,
    /// The protocol has fifth-move offers but the record does not show them.
    OffersNotRecorded,
    /// The declared result contradicts the board.
    ResultMismatch,
    /// A declared result that the board does not show and no reason explains.
    ResultUnexplained,
    /// Two games of one batch share an id.
    DuplicateId,
}

impl FindingCode {
    /// The severity every finding of this code has.
    pub fn severity(self) -> Severity {
        use FindingCode::*;
        match self {
            ForbiddenMove | OffersNotRecorded => Severity::Info,
            LapsedFoul | ResultUnexplained | DuplicateId => Severity::Warning,
            _ => Severity::Error,
        }
    }

    /// The code as written in reports (`"forbidden-move"`).
    pub fn as_str(self) -> &'static str {
        use FindingCode::*;
        match self {
            UnreadableRecord => "unreadable-record",
            UnknownRule => "unknown-rule",
            BoardSize => "board-size",
            OccupiedPoint => "occupied-point",
            OffBoard => "off-board",
            MoveAfterGameEnd => "move-after-game-end",
            ForbiddenMove => "forbidden-move",
            LapsedFoul => "lapsed-foul",
            OpeningArea => "opening-area",
            PassInOpening => "pass-in-opening",
            SwapNotAllowed => "swap-not-allowed",
            OfferDeclaration => "offer-declaration",
            OffersNotAllowed => "offers-not-allowed",
            OfferCount => "offer-count",
            InvalidOffer => "invalid-offer",
            SymmetricFifthOffers => "symmetric-fifth-offers",
            OffersNotRecorded => "offers-not-recorded",
            ResultMismatch => "result-mismatch",
            ResultUnexplained => "result-unexplained",
            DuplicateId => "duplicate-id",
        }
    }
}

impl fmt::Display for FindingCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One finding about one game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Finding {
    /// How serious it is.
    pub severity: Severity,
    /// The stable code.
    pub code: FindingCode,
    /// The move number (1-based, stones and passes counted), when it concerns a move.
    #[serde(rename = "move")]
    pub move_number: Option<usize>,
    /// A sentence for people.
    pub message: String,
    /// The line in the file, for unreadable records.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub line: Option<usize>,
    /// The byte offset in the file, for unreadable records.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub byte_offset: Option<u64>,
}

impl Finding {
    /// A finding with the code's severity.
    pub fn new(
        code: FindingCode,
        move_number: Option<usize>,
        message: impl Into<String>,
    ) -> Finding {
        Finding {
            severity: code.severity(),
            code,
            move_number,
            message: message.into(),
            line: None,
            byte_offset: None,
        }
    }
}

/// The report on one game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameReport {
    /// The file the game came from.
    pub source: Option<String>,
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
    pub outcome: GameOutcome,
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
            outcome: GameOutcome {
                winner: None,
                termination: GameTermination::Unfinished,
            },
            findings: vec![finding],
        }
    }
}

/// Totals over a batch.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Summary {
    /// Games (and unreadable records) reported.
    pub games: usize,
    /// Games per termination.
    pub by_termination: BTreeMap<GameTermination, usize>,
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

impl Report {
    /// Builds a report (and its summary) from game reports; flags duplicate ids.
    pub fn from_games(mut games: Vec<GameReport>) -> Report {
        let mut seen: BTreeMap<(Option<String>, String), usize> = BTreeMap::new();
        for i in 0..games.len() {
            let Some(id) = games[i].id.clone() else {
                continue;
            };
            if games[i]
                .findings
                .iter()
                .any(|f| f.code == FindingCode::UnreadableRecord)
            {
                continue;
            }
            let key = (games[i].source.clone(), id.clone());
            if let Some(&first) = seen.get(&key) {
                let first_index = games[first].index;
                games[i].findings.push(Finding::new(
                    FindingCode::DuplicateId,
                    None,
                    format!(
                        "game id {id} was already used by game {} of this file",
                        first_index + 1
                    ),
                ));
            } else {
                seen.insert(key, i);
            }
        }
        let mut summary = Summary {
            games: games.len(),
            ..Summary::default()
        };
        for g in &games {
            *summary
                .by_termination
                .entry(g.outcome.termination)
                .or_default() += 1;
            for f in &g.findings {
                *summary.findings.entry(f.code).or_default() += 1;
                match f.severity {
                    Severity::Error => summary.errors += 1,
                    Severity::Warning => summary.warnings += 1,
                    Severity::Info => {}
                }
            }
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
/// use renju_core::game::ValidationOptions;
/// use renju_core::report::validate;
/// let records = Format::MoveList.read(b"h8 h9 i9 i8 j10 g7 k11 l12 g8 f6 f8 e8 j8 k8 h10\nh8 h8\n", Some("two.txt"));
/// let report = validate(&records, &ValidationOptions::default());
/// assert_eq!(report.summary.games, 2);
/// assert_eq!(report.summary.errors, 1); // h8 twice
/// ```
pub fn validate(records: &[Result<Game, ParseError>], options: &ValidationOptions) -> Report {
    Report::from_games(validate_games(records, options, 0))
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
