//! Conformance testing of other engines and rule libraries against this judge.
//!
//! The protocol-independent parts of `renju conform` (and of Python's `renju.engine.conform`):
//!
//! * position sources: the fixture corpus built into the library
//!   ([`fixture_positions`]), dense random positions from a seed ([`random_positions`])
//!   and the positions of game records ([`game_positions`]);
//! * the comparison of an engine's answer with our forbidden map ([`compare`]), which
//!   sorts every difference into a [`DisagreementKind`];
//! * the report ([`ConformReport`]): text, JSON (serde) and JUnit XML.
//!
//! The engine itself is driven by [`engine`] (a child process over pipes, with
//! timeouts, kill and restart), over one of two protocols ([`Protocol`]): `jsonl` (the
//! `renju forbidden` schema) and `gomocup` (Piskvork with the Yixin extensions). This is
//! the one place where the library spawns processes; it uses only `std`.
//!
//! ```
//! use renju_engine::conform::{compare, random_conform_positions, Answer, DisagreementKind, Reading};
//! let positions = random_conform_positions(2, 7);
//! assert_eq!(positions, random_conform_positions(2, 7)); // deterministic for a seed
//! // An engine that answers "no forbidden point" misses every foul.
//! let (agreed, found) = compare(&positions[0], Reading::Rif, &Answer::Map(Default::default()));
//! assert_eq!(agreed, found.is_empty());
//! assert!(found.iter().all(|d| d.kind == DisagreementKind::MissedFoul));
//! ```

pub mod engine;
pub mod families;
pub mod openings;
pub mod pack;

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;

use serde::{Deserialize, Serialize};

use renju_records::random::SplitMix64;

use renju_core::fixture;
use renju_core::forbidden::FoulKind;
use renju_core::geometry::{Color, Point, RENJU_SIZE};
use renju_core::notation::Move;
use renju_core::position::{ForbiddenPoint, Position, Verdict};
use renju_core::rules::{RenjuOptions, RuleSet};
use renju_core::Board;
use renju_records::game::Game;

use crate::forbidden_jsonl::{ForbiddenQuery, QueryError};

pub use engine::{run, run_until, ConformError, ConformOptions, GomocupQuery};

/// The reading of the disputed case the engine is checked against.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Reading {
    /// The RIF text: a straight-four point that also makes a five does not make a three.
    #[default]
    Rif,
    /// quintet's reading: such a point still makes a three.
    FiveCompletionCounts,
}

renju_core::name_table!(Reading, "reading", {
    Rif => "rif",
    FiveCompletionCounts => "five-completion-counts",
});

impl Reading {
    /// The Renju options of this reading.
    pub fn options(self) -> RenjuOptions {
        RenjuOptions {
            five_completion_counts: self == Reading::FiveCompletionCounts,
        }
    }
}

/// The protocol spoken with the engine.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Protocol {
    /// One `renju forbidden` input line per position, one output line back.
    #[default]
    Jsonl,
    /// The Piskvork / Gomocup protocol with Yixin's `YXBOARD` and `YXSHOWFORBID`.
    Gomocup,
}

renju_core::name_table!(Protocol, "protocol", {
    Jsonl => "jsonl" | "json",
    Gomocup => "gomocup" | "piskvork",
});

/// A Renju position to test: Black's forbidden points of `board`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ConformPosition {
    /// Where it comes from (`RN-01a`, `random-3`, `games.txt#2:17`).
    pub id: String,
    /// The 15x15 stones.
    pub board: Board,
}

impl ConformPosition {
    /// The position under a reading, Black to move.
    pub fn position(&self, reading: Reading) -> Position {
        Position::from_board(self.board.clone(), RuleSet::Renju, Color::Black)
            .expect("positions are 15x15")
            .with_options(reading.options())
    }

    /// Black's forbidden points under a reading.
    pub fn forbidden(&self, reading: Reading) -> Vec<ForbiddenPoint> {
        self.position(reading).forbidden_points()
    }
}

// ---------------------------------------------------------------------------
// Position sources
// ---------------------------------------------------------------------------

// `renju-engine/corpus/` links to the repository's `fixtures/positions/` files, so that the
// published crate carries them.
const CORPUS: [(&str, &str); 2] = [
    (
        "rules_reference.txt",
        include_str!("../../corpus/rules_reference.txt"),
    ),
    (
        "match_rules_figures.txt",
        include_str!("../../corpus/match_rules_figures.txt"),
    ),
];

/// The Renju positions of the fixture corpus (`fixtures/positions/`), built into the
/// library: every 15x15 fixture under the Renju rule set, in file order.
pub fn fixture_positions() -> Vec<ConformPosition> {
    let mut out = Vec::new();
    for (_, text) in CORPUS {
        let fixtures = fixture::parse(text).expect("the built-in corpus parses");
        out.extend(positions_of_fixtures(&fixtures));
    }
    out
}

/// The Renju positions among `fixtures` (those of another fixture file, say).
pub fn positions_of_fixtures(fixtures: &[fixture::Fixture]) -> Vec<ConformPosition> {
    fixtures
        .iter()
        .filter(|f| f.rule_set == RuleSet::Renju && f.board.size() == RENJU_SIZE)
        .map(|f| ConformPosition {
            id: f.id.clone(),
            board: f.board.clone(),
        })
        .collect()
}

/// `n` dense 15x15 positions, Black to move, generated from `seed`: the same positions
/// for the same seed on every platform (the generator is SplitMix64, the algorithm
/// below is part of the contract).
///
/// Each position: a 9x9 window at a random place, then 8 to 22 moves for each side
/// played alternately, Black first, on random empty points of the window, a move that
/// would make five (or more) being skipped. Up to 16 attempts are made for a position
/// with at least one forbidden point under the RIF reading; the last attempt is kept
/// otherwise.
///
/// ```
/// use renju_engine::conform::random_positions;
/// let a = random_positions(3, 42);
/// assert_eq!(a.len(), 3);
/// assert_eq!(a, random_positions(3, 42));
/// assert_ne!(a, random_positions(3, 43));
/// ```
pub fn random_positions(n: usize, seed: u64) -> Vec<Board> {
    let mut rng = SplitMix64::new(seed);
    // Never more than the limit (the CLI and Python refuse more, saying so), so that a
    // hostile count cannot ask for all the memory there is.
    (0..n.min(MAX_RANDOM_POSITIONS))
        .map(|_| random_position(&mut rng))
        .collect()
}

/// The most random positions one call makes (`renju conform --random N`,
/// `renju.engine.random_positions(n)`): 100,000.
pub const MAX_RANDOM_POSITIONS: usize = 100_000;

fn random_position(rng: &mut SplitMix64) -> Board {
    let mut last = None;
    for _ in 0..16 {
        let board = random_attempt(rng);
        let pos = Position::from_board(board.clone(), RuleSet::Renju, Color::Black).expect("15x15");
        if !pos.forbidden_points().is_empty() {
            return board;
        }
        last = Some(board);
    }
    last.expect("at least one attempt")
}

fn random_attempt(rng: &mut SplitMix64) -> Board {
    const SIDE: u64 = 9;
    let x0 = rng.below_by_remainder(RENJU_SIZE as u64 - SIDE + 1) as u8;
    let y0 = rng.below_by_remainder(RENJU_SIZE as u64 - SIDE + 1) as u8;
    let pairs = 8 + rng.below_by_remainder(15) as usize;
    // Freestyle: a five (or more) of either colour is a win and is skipped.
    let mut pos = Position::new(RuleSet::Freestyle);
    let mut placed = 0;
    let mut tries = 0;
    while placed < 2 * pairs && tries < 400 {
        tries += 1;
        let p = Point::new(
            x0 + rng.below_by_remainder(SIDE) as u8,
            y0 + rng.below_by_remainder(SIDE) as u8,
        )
        .expect("on the board");
        match pos.verdict(Move::Stone(p)) {
            Ok(Verdict::Continues) => {
                pos.play(Move::Stone(p)).expect("checked");
                placed += 1;
            }
            _ => continue,
        }
    }
    if placed % 2 == 1 {
        pos.undo();
    }
    pos.board().clone()
}

/// The random positions of [`random_positions`], named `random-<seed>-<i>`.
pub fn random_conform_positions(n: usize, seed: u64) -> Vec<ConformPosition> {
    random_positions(n, seed)
        .into_iter()
        .enumerate()
        .map(|(i, board)| ConformPosition {
            id: format!("random-{seed}-{}", i + 1),
            board,
        })
        .collect()
}

/// Why a source of positions cannot be read ([`read_source`]); each names the source
/// (and the line of a query file).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SourceError {
    /// The file cannot be read.
    #[error("{name}: {message}")]
    Unreadable {
        /// The source.
        name: String,
        /// The system's message.
        message: String,
    },
    /// A fixture file that does not parse.
    #[error("{name}: {error}")]
    Fixtures {
        /// The source.
        name: String,
        /// What is wrong.
        error: Box<renju_core::ParseError>,
    },
    /// Neither a query file, nor fixtures, nor a record format by its extension.
    #[error("{name}: unknown file type (fixtures, .txt, .rif, .lib, .psq, .sgf)")]
    UnknownType {
        /// The source.
        name: String,
    },
    /// A line of a query file that is not a query.
    #[error("{at}: {error}")]
    Query {
        /// `source:line`.
        at: String,
        /// What is wrong.
        error: QueryError,
    },
    /// A query of another rule set.
    #[error("{at}: conform checks Renju positions only")]
    NotRenju {
        /// `source:line`.
        at: String,
    },
    /// A query on another board than 15x15.
    #[error("{at}: conform checks 15x15 boards only")]
    NotFifteen {
        /// `source:line`.
        at: String,
    },
}

/// The positions of one source: `fixtures` (the built-in corpus), a JSON-lines query
/// file ([`query_positions`]: its first line that is not blank starts with `{`), a
/// fixture file (text with `== id ==` records) or a game file in any format the library reads (by its
/// extension; see [`game_positions`]). Errors name the source.
pub fn read_source(source: &str) -> Result<Vec<ConformPosition>, SourceError> {
    if source == "fixtures" {
        return Ok(fixture_positions());
    }
    let path = std::path::Path::new(source);
    let bytes = std::fs::read(path).map_err(|e| SourceError::Unreadable {
        name: source.to_string(),
        message: e.to_string(),
    })?;
    let text = String::from_utf8_lossy(&bytes);
    let first = text.lines().find(|l| !l.trim().is_empty()).unwrap_or("");
    if first.trim_start().starts_with('{') {
        return query_positions(&text, source);
    }
    if text.lines().any(|l| l.trim_start().starts_with("== ")) {
        let fixtures = fixture::parse(&text).map_err(|error| SourceError::Fixtures {
            name: source.to_string(),
            error: Box::new(error),
        })?;
        return Ok(positions_of_fixtures(&fixtures));
    }
    let format = renju_records::formats::Format::from_path(path).ok_or_else(|| {
        SourceError::UnknownType {
            name: source.to_string(),
        }
    })?;
    let games: Vec<Game> = format
        .read(&bytes, Some(source))
        .into_iter()
        .filter_map(Result::ok)
        .collect();
    Ok(game_positions(&games))
}

/// The positions of a JSON-lines query file (`renju forbidden` input, one query a line;
/// blank lines skipped): each a 15x15 Renju board, named by its `"id"` (a string as it
/// is, another value as JSON) or `<source>:<line>`. An error names the first line that
/// is not such a query.
pub fn query_positions(text: &str, source: &str) -> Result<Vec<ConformPosition>, SourceError> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let at = format!("{source}:{}", i + 1);
        let query = ForbiddenQuery::parse(line.as_bytes()).map_err(|error| SourceError::Query {
            at: at.clone(),
            error,
        })?;
        if query.rule_set().ok() != Some(RuleSet::Renju) {
            return Err(SourceError::NotRenju { at });
        }
        let pos = query.position().map_err(|error| SourceError::Query {
            at: at.clone(),
            error,
        })?;
        if pos.board().size() != RENJU_SIZE {
            return Err(SourceError::NotFifteen { at });
        }
        let id = match &query.id {
            Some(serde_json::Value::String(s)) => s.clone(),
            Some(other) => other.to_string(),
            None => at,
        };
        out.push(ConformPosition {
            id,
            board: pos.board().clone(),
        });
    }
    Ok(out)
}

/// The positions of game records where Black is to move and has a forbidden point
/// (under the RIF reading), each board once. Records of other rule sets or board sizes
/// are left out. Ids are `<record>:<move number>`, the record named by its id or its
/// file and index.
pub fn game_positions(games: &[Game]) -> Vec<ConformPosition> {
    let mut seen = BTreeSet::new();
    let mut out = Vec::new();
    for game in games {
        if game.size != RENJU_SIZE || game.rule_set.is_some_and(|r| r != RuleSet::Renju) {
            continue;
        }
        let name = match (&game.id, &game.source.file) {
            (Some(id), _) => id.clone(),
            (None, Some(file)) => format!("{file}#{}", game.source.index + 1),
            (None, None) => format!("game-{}", game.source.index + 1),
        };
        let mut board = Board::new(RENJU_SIZE).expect("15x15");
        let mut color = Color::Black;
        let mut number = 0;
        let mut moves = game.moves();
        loop {
            number += 1;
            if color == Color::Black {
                let pos = Position::from_board(board.clone(), RuleSet::Renju, Color::Black)
                    .expect("15x15");
                if !pos.forbidden_points().is_empty() && seen.insert(board.to_diagram()) {
                    out.push(ConformPosition {
                        id: format!("{name}:{number}"),
                        board: board.clone(),
                    });
                }
            }
            // The position after the last move counts too.
            let Some(mv) = moves.next() else { break };
            if let Move::Stone(p) = mv {
                if board.get(p).is_some() || board.set(p, Some(color)).is_err() {
                    break;
                }
            }
            color = color.opponent();
        }
    }
    out
}

/// The position with as many black as white stones, for protocols that tell the side
/// to move by the stone count (Gomocup): the side short of stones gets stones on the
/// empty points farthest from every stone (the first such point row by row from `a1`),
/// one at a time. The result is judged as it is (the padding is part of the position);
/// its id gets `+N pad` appended. A balanced position is returned unchanged.
pub fn balanced(position: &ConformPosition) -> ConformPosition {
    let mut board = position.board.clone();
    let (b, w) = (board.count(Color::Black), board.count(Color::White));
    if b == w {
        return position.clone();
    }
    let (color, n) = if b > w {
        (Color::White, b - w)
    } else {
        (Color::Black, w - b)
    };
    for _ in 0..n {
        let Some(p) = far_point(&board) else { break };
        board.set(p, Some(color)).expect("empty point");
    }
    ConformPosition {
        id: format!("{} (+{n} {color} pad)", position.id),
        board,
    }
}

/// The empty point farthest from every stone (Chebyshev distance), the first such
/// point row by row from `a1`; `None` on a full board.
pub(crate) fn far_point(board: &Board) -> Option<Point> {
    board.empty_points().max_by_key(|&p| {
        let d = board
            .stones()
            .map(|(q, _)| p.chebyshev(q))
            .min()
            .unwrap_or(u8::MAX);
        // Ties go to the first point: max_by_key keeps the last maximum.
        (d, std::cmp::Reverse((p.y(), p.x())))
    })
}

// ---------------------------------------------------------------------------
// Answers and their comparison
// ---------------------------------------------------------------------------

/// What an engine answered for one position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Answer {
    /// A forbidden map; the kind is `None` when the protocol does not give it (Yixin's
    /// `FORBID`).
    Map(BTreeMap<Point, Option<FoulKind>>),
    /// Black's move (move mode: the engine has no forbidden-point query).
    Move(Point),
    /// An answer that could not be read, or an error the engine reported.
    Bad(String),
    /// No answer within the time limit.
    Timeout,
    /// The engine exited or closed its output.
    Crash(String),
}

impl Answer {
    /// The answer as one line of text, for reports.
    pub fn describe(&self) -> String {
        match self {
            Answer::Map(map) if map.is_empty() => "no forbidden point".into(),
            Answer::Map(map) => map
                .iter()
                .map(|(p, k)| match k {
                    Some(k) => format!("{p} {k}"),
                    None => p.to_string(),
                })
                .collect::<Vec<_>>()
                .join(", "),
            Answer::Move(p) => format!("plays {p}"),
            Answer::Bad(text) => format!("bad answer: {text}"),
            Answer::Timeout => {
                "no answer in time (an engine must flush its output after each answer)".into()
            }
            Answer::Crash(text) => format!("crashed: {text}"),
        }
    }
}

/// A kind of disagreement.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum DisagreementKind {
    /// The engine says legal (or plays it) where Black's move is forbidden.
    MissedFoul,
    /// The engine says forbidden where Black's move is legal (or the point is taken).
    FalseFoul,
    /// Both say forbidden, for different fouls.
    WrongKind,
    /// The answer cannot be read, or is an error.
    BadAnswer,
    /// No answer in time: the engine was killed and restarted.
    Timeout,
    /// The engine exited: it was restarted.
    Crash,
}

impl DisagreementKind {
    /// Whether it is a failure of the protocol (no readable answer) rather than a
    /// different verdict.
    pub fn is_protocol_error(self) -> bool {
        matches!(
            self,
            DisagreementKind::BadAnswer | DisagreementKind::Timeout | DisagreementKind::Crash
        )
    }
}

renju_core::name_table!(DisagreementKind, "disagreement kind", {
    MissedFoul => "missed-foul",
    FalseFoul => "false-foul",
    WrongKind => "wrong-kind",
    BadAnswer => "bad-answer",
    Timeout => "timeout",
    Crash => "crash",
});

/// One disagreement between the engine and the judge.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Disagreement {
    /// The position's id.
    pub position: String,
    /// What kind.
    pub kind: DisagreementKind,
    /// The point in question, when there is one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub point: Option<Point>,
    /// The position's diagram, the point marked `*`.
    pub diagram: String,
    /// The engine's answer, for this point or the whole position.
    pub answer: String,
    /// Our verdict.
    pub expected: String,
    /// Our explanation of the point.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub explanation: Option<String>,
    /// The exact query sent for the position: the JSON line, or the Gomocup commands
    /// one a line.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub query: String,
    /// The other ids the same board came under (it is checked once).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub also: Vec<String>,
}

/// Renders a board as a diagram, `mark` drawn as `*`.
pub fn marked_diagram(board: &Board, mark: Option<Point>) -> String {
    let size = board.size();
    let letters: Vec<String> = (0..size)
        .map(|x| ((b'a' + x) as char).to_string())
        .collect();
    let letters = letters.join(" ");
    let mut out = format!("   {letters}\n");
    for y in (0..size).rev() {
        let _ = write!(out, "{:>2}", y + 1);
        for x in 0..size {
            let p = Point::new(x, y).expect("on board");
            let c = match board.get(p) {
                _ if Some(p) == mark => '*',
                Some(Color::Black) => 'X',
                Some(Color::White) => 'O',
                None => '.',
            };
            let _ = write!(out, " {c}");
        }
        out.push('\n');
    }
    let _ = writeln!(out, "   {letters}");
    out
}

fn verdict_text(f: Option<&ForbiddenPoint>) -> String {
    match f {
        None => "legal".into(),
        Some(f) => {
            let others: Vec<&str> = f
                .all
                .iter()
                .filter(|k| *k != f.primary)
                .map(|k| k.name())
                .collect();
            if others.is_empty() {
                format!("forbidden ({})", f.primary)
            } else {
                format!("forbidden ({}; also {})", f.primary, others.join(", "))
            }
        }
    }
}

/// Compares an engine's answer for `position` with our forbidden map under `reading`.
/// Returns whether they agree, and every disagreement (one per point for a map).
pub fn compare(
    position: &ConformPosition,
    reading: Reading,
    answer: &Answer,
) -> (bool, Vec<Disagreement>) {
    let pos = position.position(reading);
    let ours: BTreeMap<Point, ForbiddenPoint> = pos
        .forbidden_points()
        .into_iter()
        .map(|f| (f.point, f))
        .collect();
    let point_case = |kind, p: Point, answer: String| {
        let explanation = pos.explain(p).ok().map(|e| e.to_text());
        Disagreement {
            position: position.id.clone(),
            kind,
            point: Some(p),
            diagram: marked_diagram(&position.board, Some(p)),
            answer,
            expected: verdict_text(ours.get(&p)),
            explanation,
            query: String::new(),
            also: Vec::new(),
        }
    };
    let whole = |kind: DisagreementKind, answer: &Answer| Disagreement {
        position: position.id.clone(),
        kind,
        point: None,
        diagram: marked_diagram(&position.board, None),
        answer: answer.describe(),
        expected: if kind.is_protocol_error() {
            // Not a verdict: what the protocol asks for (the driver names it exactly).
            "a readable answer in time".into()
        } else if ours.is_empty() {
            "no forbidden point".into()
        } else {
            ours.values()
                .map(|f| format!("{} {}", f.point, f.primary))
                .collect::<Vec<_>>()
                .join(", ")
        },
        explanation: None,
        query: String::new(),
        also: Vec::new(),
    };
    let mut out = Vec::new();
    match answer {
        Answer::Map(theirs) => {
            let points: BTreeSet<Point> = ours.keys().chain(theirs.keys()).copied().collect();
            for p in points {
                match (ours.get(&p), theirs.get(&p)) {
                    (Some(_), None) => {
                        out.push(point_case(DisagreementKind::MissedFoul, p, "legal".into()))
                    }
                    (None, Some(k)) => {
                        let said = k.map_or("forbidden".into(), |k| format!("forbidden ({k})"));
                        out.push(point_case(DisagreementKind::FalseFoul, p, said));
                    }
                    (Some(f), Some(Some(k))) if *k != f.primary => out.push(point_case(
                        DisagreementKind::WrongKind,
                        p,
                        format!("forbidden ({k})"),
                    )),
                    _ => {}
                }
            }
        }
        Answer::Move(p) => {
            if !p.is_on(position.board.size()) || position.board.get(*p).is_some() {
                out.push(Disagreement {
                    answer: format!("plays {p}, which is not an empty point"),
                    ..whole(DisagreementKind::BadAnswer, answer)
                });
            } else if ours.contains_key(p) {
                out.push(point_case(
                    DisagreementKind::MissedFoul,
                    *p,
                    format!("plays {p}"),
                ));
            }
        }
        Answer::Bad(_) => out.push(whole(DisagreementKind::BadAnswer, answer)),
        Answer::Timeout => out.push(whole(DisagreementKind::Timeout, answer)),
        Answer::Crash(_) => out.push(whole(DisagreementKind::Crash, answer)),
    }
    (out.is_empty(), out)
}

// ---------------------------------------------------------------------------
// The report
// ---------------------------------------------------------------------------

/// Disagreements counted by kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct KindCounts {
    /// [`DisagreementKind::MissedFoul`].
    pub missed_foul: usize,
    /// [`DisagreementKind::FalseFoul`].
    pub false_foul: usize,
    /// [`DisagreementKind::WrongKind`].
    pub wrong_kind: usize,
    /// [`DisagreementKind::BadAnswer`].
    pub bad_answer: usize,
    /// [`DisagreementKind::Timeout`].
    pub timeout: usize,
    /// [`DisagreementKind::Crash`].
    pub crash: usize,
}

impl KindCounts {
    /// The count of one kind.
    pub fn get(&self, kind: DisagreementKind) -> usize {
        match kind {
            DisagreementKind::MissedFoul => self.missed_foul,
            DisagreementKind::FalseFoul => self.false_foul,
            DisagreementKind::WrongKind => self.wrong_kind,
            DisagreementKind::BadAnswer => self.bad_answer,
            DisagreementKind::Timeout => self.timeout,
            DisagreementKind::Crash => self.crash,
        }
    }

    fn add(&mut self, kind: DisagreementKind) {
        let slot = match kind {
            DisagreementKind::MissedFoul => &mut self.missed_foul,
            DisagreementKind::FalseFoul => &mut self.false_foul,
            DisagreementKind::WrongKind => &mut self.wrong_kind,
            DisagreementKind::BadAnswer => &mut self.bad_answer,
            DisagreementKind::Timeout => &mut self.timeout,
            DisagreementKind::Crash => &mut self.crash,
        };
        *slot += 1;
    }
}

/// The outcome of one position.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PositionResult {
    /// The position's id.
    pub id: String,
    /// Whether the engine agreed.
    pub agreed: bool,
    /// Seconds spent on it.
    pub seconds: f64,
}

/// The report of a conformance run.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ConformReport {
    /// The engine's command line.
    pub engine: Vec<String>,
    /// The protocol spoken.
    pub protocol: Protocol,
    /// `forbid` (forbidden maps asked for), `move` (Black's moves checked) or `batch`
    /// (jsonl, all positions sent at once).
    pub mode: String,
    /// The reading checked against.
    pub reading: Reading,
    /// Positions checked.
    pub positions: usize,
    /// Positions where the engine agreed.
    pub agreements: usize,
    /// Positions not checked, and why (`id: reason`).
    pub skipped: Vec<String>,
    /// Disagreements by kind.
    pub summary: KindCounts,
    /// Times the engine was restarted (after a timeout, a crash or garbage).
    pub restarts: usize,
    /// Positions left out because another with the same board came first (their ids are
    /// in that one's disagreements, as `also`).
    #[serde(default)]
    pub duplicates: usize,
    /// Why the run stopped before the last position (`--max-failures`), if it did.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stopped: Option<String>,
    /// Every disagreement, in position order.
    pub disagreements: Vec<Disagreement>,
    /// Every position checked, with its outcome.
    #[serde(skip)]
    pub results: Vec<PositionResult>,
}

impl ConformReport {
    /// An empty report.
    pub fn new(engine: Vec<String>, protocol: Protocol, reading: Reading) -> ConformReport {
        ConformReport {
            engine,
            protocol,
            mode: "forbid".into(),
            reading,
            positions: 0,
            agreements: 0,
            skipped: Vec::new(),
            summary: KindCounts::default(),
            restarts: 0,
            duplicates: 0,
            stopped: None,
            disagreements: Vec::new(),
            results: Vec::new(),
        }
    }

    /// Adds the outcome of one position.
    pub fn record(&mut self, id: &str, agreed: bool, found: Vec<Disagreement>, seconds: f64) {
        self.positions += 1;
        self.agreements += usize::from(agreed);
        for d in &found {
            self.summary.add(d.kind);
        }
        self.disagreements.extend(found);
        self.results.push(PositionResult {
            id: id.to_string(),
            agreed,
            seconds,
        });
    }

    /// Whether the engine agreed on every position.
    pub fn all_agree(&self) -> bool {
        self.disagreements.is_empty()
    }

    /// The report as text: one block per position that disagrees (its ids, the exact
    /// query sent, then each disagreement with its diagram, the answer, our verdict and
    /// our explanation; a protocol error says what the protocol asked for instead), then
    /// the summary.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        let mut i = 0;
        while i < self.disagreements.len() {
            let first = &self.disagreements[i];
            let group: Vec<&Disagreement> = self.disagreements[i..]
                .iter()
                .take_while(|d| d.position == first.position)
                .collect();
            i += group.len();
            let also = if first.also.is_empty() {
                String::new()
            } else {
                format!(" (also {})", first.also.join(", "))
            };
            let _ = writeln!(out, "== {}{also}", first.position);
            if !first.query.is_empty() {
                out.push_str("sent:\n");
                for line in first.query.lines() {
                    let _ = writeln!(out, "  {line}");
                }
            }
            for d in group {
                let at = d.point.map(|p| format!(" at {p}")).unwrap_or_default();
                if d.kind.is_protocol_error() {
                    let _ = writeln!(out, "protocol error: {}", d.kind);
                } else {
                    let _ = writeln!(out, "{}{at}", d.kind);
                }
                out.push_str(&d.diagram);
                let _ = writeln!(out, "engine:   {}", d.answer);
                let _ = writeln!(out, "expected: {}", d.expected);
                if let Some(ex) = &d.explanation {
                    out.push_str("why:\n");
                    for line in ex.lines() {
                        let _ = writeln!(out, "  {line}");
                    }
                }
            }
            out.push('\n');
        }
        self.summary_text(&mut out);
        out
    }

    fn summary_text(&self, out: &mut String) {
        let _ = writeln!(
            out,
            "{} ({} protocol, {} mode, {} reading): {} agree, {} disagree",
            plural(self.positions, "position"),
            self.protocol,
            self.mode,
            self.reading,
            self.agreements,
            self.positions.saturating_sub(self.agreements)
        );
        let kinds: Vec<String> = DisagreementKind::ALL
            .iter()
            .filter(|&&k| self.summary.get(k) > 0)
            .map(|&k| format!("{k} {}", self.summary.get(k)))
            .collect();
        if !kinds.is_empty() {
            let _ = writeln!(out, "disagreements: {}", kinds.join(", "));
        }
        if self.duplicates > 0 {
            let _ = writeln!(
                out,
                "{} with the board of an earlier one, checked once",
                plural(self.duplicates, "position")
            );
        }
        match self.restarts {
            0 => {}
            1 => out.push_str("engine restarted once\n"),
            n => {
                let _ = writeln!(out, "engine restarted {n} times");
            }
        }
        if !self.skipped.is_empty() {
            let _ = writeln!(out, "{} skipped:", plural(self.skipped.len(), "position"));
            // Grouped by reason, with the first few ids of each.
            let mut reasons: Vec<(&str, Vec<&str>)> = Vec::new();
            for s in &self.skipped {
                let (id, why) = s.split_once(": ").unwrap_or((s, "no reason given"));
                match reasons.iter_mut().find(|(w, _)| *w == why) {
                    Some((_, ids)) => ids.push(id),
                    None => reasons.push((why, vec![id])),
                }
            }
            for (why, ids) in reasons {
                let shown: Vec<&str> = ids.iter().take(5).copied().collect();
                let more = if ids.len() > 5 { ", ..." } else { "" };
                let _ = writeln!(out, "  {why}: {} ({}{more})", ids.len(), shown.join(", "));
            }
        }
        if let Some(why) = &self.stopped {
            let _ = writeln!(out, "{why}");
        }
    }

    /// The report as JUnit XML: one test case per position, a failure per disagreement.
    pub fn to_junit(&self) -> String {
        let failures = self.positions - self.agreements;
        let total: f64 = self.results.iter().map(|r| r.seconds).sum();
        let mut out = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        let suite = format!("renju conform ({}, {})", self.protocol, self.reading);
        let _ = writeln!(
            out,
            "<testsuites name=\"renju conform\" tests=\"{}\" failures=\"{failures}\" time=\"{total:.3}\">",
            self.positions + self.skipped.len()
        );
        let _ = writeln!(
            out,
            "  <testsuite name=\"{}\" tests=\"{}\" failures=\"{failures}\" skipped=\"{}\" time=\"{total:.3}\">",
            xml_escape(&suite),
            self.positions + self.skipped.len(),
            self.skipped.len()
        );
        for r in &self.results {
            let _ = write!(
                out,
                "    <testcase classname=\"renju.conform\" name=\"{}\" time=\"{:.3}\"",
                xml_escape(&r.id),
                r.seconds
            );
            let found: Vec<&Disagreement> = self
                .disagreements
                .iter()
                .filter(|d| d.position == r.id)
                .collect();
            if found.is_empty() {
                out.push_str("/>\n");
                continue;
            }
            out.push_str(">\n");
            for d in found {
                let at = d.point.map(|p| format!(" at {p}")).unwrap_or_default();
                let message = format!(
                    "{}{at}: engine {}, expected {}",
                    d.kind, d.answer, d.expected
                );
                let mut body = String::new();
                if !d.query.is_empty() {
                    let _ = writeln!(body, "sent:\n{}", d.query);
                }
                body.push_str(&d.diagram);
                if let Some(ex) = &d.explanation {
                    body.push_str(ex);
                }
                let _ = writeln!(
                    out,
                    "      <failure type=\"{}\" message=\"{}\">{}</failure>",
                    d.kind,
                    xml_escape(&message),
                    xml_escape(&body)
                );
            }
            out.push_str("    </testcase>\n");
        }
        for s in &self.skipped {
            let (id, why) = s.split_once(": ").unwrap_or((s, ""));
            let _ = writeln!(
                out,
                "    <testcase classname=\"renju.conform\" name=\"{}\"><skipped message=\"{}\"/></testcase>",
                xml_escape(id),
                xml_escape(why)
            );
        }
        out.push_str("  </testsuite>\n</testsuites>\n");
        out
    }
}

/// `n` and a noun, in the plural unless `n` is 1 (`1 position`, `2 positions`).
pub fn plural(n: usize, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

/// Escapes text for XML content and attributes; characters XML 1.0 cannot hold become
/// `?`.
fn xml_escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\n' => out.push_str("&#10;"),
            '\t' | '\r' => out.push(c),
            c if (c as u32) < 0x20 || c == '\u{fffe}' || c == '\u{ffff}' => out.push('?'),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const PINNED: u64 = 0x70ab_22b0_3142_b1f8;

    #[test]
    fn random_positions_are_pinned() {
        // The generator's output is part of the contract: these must never change.
        let mut rng = SplitMix64::new(0);
        assert_eq!(rng.next_u64(), 0xE220_A839_7B1D_CDAF);
        let boards = random_positions(5, 1);
        for b in &boards {
            assert_eq!(b.count(Color::Black), b.count(Color::White));
            assert!(b.stone_count() >= 16);
        }
        let with_fouls = boards
            .iter()
            .filter(|b| {
                !ConformPosition {
                    id: String::new(),
                    board: (*b).clone(),
                }
                .forbidden(Reading::Rif)
                .is_empty()
            })
            .count();
        assert!(with_fouls >= 4, "{with_fouls}");
        // A fingerprint of the stones (FNV-1a over the diagrams) pins the positions
        // themselves: a seed must give these boards on every platform and version.
        let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
        for b in random_positions(8, 2026) {
            for byte in b.to_diagram().bytes() {
                hash = (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3);
            }
        }
        assert_eq!(hash, PINNED, "random_positions(8, 2026) changed: {hash:#x}");
    }

    #[test]
    fn corpus_and_comparison() {
        let positions = fixture_positions();
        assert!(positions.len() > 80, "{}", positions.len());
        let p = &positions[0];
        let ours: BTreeMap<Point, Option<FoulKind>> = p
            .forbidden(Reading::Rif)
            .into_iter()
            .map(|f| (f.point, Some(f.primary)))
            .collect();
        assert!(compare(p, Reading::Rif, &Answer::Map(ours.clone())).0);
        let (agreed, found) = compare(p, Reading::Rif, &Answer::Timeout);
        assert!(!agreed && found[0].kind == DisagreementKind::Timeout);
        let mut report = ConformReport::new(vec!["x".into()], Protocol::Jsonl, Reading::Rif);
        report.record(&p.id, false, found, 0.5);
        let xml = report.to_junit();
        assert!(xml.contains("<failure type=\"timeout\""), "{xml}");
        assert!(report.to_text().contains("timeout 1"));
    }

    #[test]
    fn xml_is_escaped() {
        assert_eq!(xml_escape("a<b>&\"'\x01"), "a&lt;b&gt;&amp;&quot;&apos;?");
    }
}
