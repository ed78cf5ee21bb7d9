//! The fixture corpus format (`fixtures/README.md`): diagrams with expected verdicts,
//! read by the Rust, C and Python test suites alike.
//!
//! ```
//! use renju_core::fixture;
//! let text = "\
//! == tiny ==
//! source: doc example
//! rule: freestyle
//! board:
//!  5 . . . . .
//!  4 . . . . .
//!  3 X X X X .
//!  2 . . . . .
//!  1 . . . . .
//! query: e3 win
//! forbidden: none
//! ";
//! let fixtures = fixture::parse(text).unwrap();
//! assert_eq!(fixtures[0].id, "tiny");
//! assert!(fixtures[0].check().is_empty());
//! ```

use std::fmt;
use std::str::FromStr;

use crate::board::Board;
use crate::diagram;
use crate::error::ParseError;
use crate::forbidden::FoulKind;
use crate::geometry::{Color, Point};
use crate::notation::Move;
use crate::position::Position;
use crate::rules::{RenjuOptions, RuleSet};

/// An expected verdict label.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Expected {
    /// The move is legal and the game goes on.
    Legal,
    /// The move wins.
    Win,
    /// The move is forbidden with this primary foul.
    Foul(FoulKind),
    /// The move draws.
    Draw,
}

impl Expected {
    /// The label as written in fixtures.
    pub fn label(self) -> &'static str {
        match self {
            Expected::Legal => "legal",
            Expected::Win => "win",
            Expected::Foul(k) => k.name(),
            Expected::Draw => "draw",
        }
    }
}

impl fmt::Display for Expected {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.label())
    }
}

impl FromStr for Expected {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_lowercase().as_str() {
            "legal" => Ok(Expected::Legal),
            "win" | "five" => Ok(Expected::Win),
            "draw" => Ok(Expected::Draw),
            other => other.parse().map(Expected::Foul).map_err(|_| {
                ParseError::new(format!(
                    "unknown verdict `{s}` (expected legal, win, draw, overline, double-four or double-three)"
                ))
            }),
        }
    }
}

/// A point query: the side to move plays `point`.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Query {
    /// The point played.
    pub point: Point,
    /// The expected verdict.
    pub expected: Expected,
    /// The reading it holds under.
    pub options: RenjuOptions,
    /// Line in the fixture file.
    pub line: usize,
}

/// A complete forbidden map for Black.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ExpectedMap {
    /// Every forbidden point with its primary foul, sorted by point.
    pub points: Vec<(Point, FoulKind)>,
    /// The reading it holds under.
    pub options: RenjuOptions,
    /// Line in the fixture file.
    pub line: usize,
}

/// One fixture: a position and what it is expected to give.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Fixture {
    /// Unique id (`RN-01c`).
    pub id: String,
    /// Where the position comes from.
    pub source: String,
    /// What it shows.
    pub note: Option<String>,
    /// The rule set.
    pub rule_set: RuleSet,
    /// The side to move.
    pub to_move: Color,
    /// The stones.
    pub board: Board,
    /// Point queries.
    pub queries: Vec<Query>,
    /// Complete forbidden maps, one per reading.
    pub maps: Vec<ExpectedMap>,
    /// Line of the `== id ==` header.
    pub line: usize,
}

/// A fixture expectation that does not hold.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mismatch {
    /// The fixture.
    pub id: String,
    /// The line of the expectation.
    pub line: usize,
    /// What was expected and what was found.
    pub message: String,
}

impl fmt::Display for Mismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} (line {}): {}", self.id, self.line, self.message)
    }
}

impl Fixture {
    /// The position under the given reading.
    pub fn position(&self, options: RenjuOptions) -> Position {
        Position::from_board(self.board.clone(), self.rule_set, self.to_move)
            .expect("checked when parsed")
            .with_options(options)
    }

    /// Checks every expectation with the library; returns what does not hold.
    pub fn check(&self) -> Vec<Mismatch> {
        let mut out = Vec::new();
        for q in &self.queries {
            let pos = self.position(q.options);
            let got = match pos.verdict(Move::Stone(q.point)) {
                Ok(v) => v.label().to_string(),
                Err(e) => format!("error: {e}"),
            };
            if got != q.expected.label() {
                out.push(Mismatch {
                    id: self.id.clone(),
                    line: q.line,
                    message: format!("{}: expected {}, got {got}", q.point, q.expected),
                });
            }
        }
        for m in &self.maps {
            let mut got: Vec<(Point, FoulKind)> = self
                .position(m.options)
                .forbidden_points()
                .into_iter()
                .map(|f| (f.point, f.primary))
                .collect();
            got.sort();
            if got != m.points {
                out.push(Mismatch {
                    id: self.id.clone(),
                    line: m.line,
                    message: format!(
                        "forbidden map: expected {}, got {}",
                        format_map(&m.points),
                        format_map(&got)
                    ),
                });
            }
        }
        out
    }
}

/// Formats a forbidden map as fixtures write it (`h8 double-three, i9 overline`, or
/// `none`).
pub fn format_map(points: &[(Point, FoulKind)]) -> String {
    if points.is_empty() {
        return "none".to_string();
    }
    points
        .iter()
        .map(|(p, k)| format!("{p} {k}"))
        .collect::<Vec<_>>()
        .join(", ")
}

fn parse_key(key: &str) -> Result<(String, RenjuOptions), ParseError> {
    let key = key.trim().to_ascii_lowercase();
    match key.split_once('[') {
        None => Ok((key, RenjuOptions::default())),
        Some((k, rest)) => {
            let reading = rest.trim_end_matches(']').trim();
            if reading != "five_completion_counts" {
                return Err(ParseError::new(format!(
                    "unknown reading `[{reading}]` (the only one is [five_completion_counts])"
                )));
            }
            Ok((
                k.trim().to_string(),
                RenjuOptions {
                    five_completion_counts: true,
                },
            ))
        }
    }
}

struct Draft {
    id: String,
    line: usize,
    source: Option<String>,
    note: Option<String>,
    rule_set: RuleSet,
    to_move: Color,
    board: Option<Board>,
    declared_size: Option<(usize, u8)>,
    queries: Vec<(usize, String, RenjuOptions)>,
    maps: Vec<(usize, String, RenjuOptions)>,
}

impl Draft {
    fn finish(self) -> Result<Fixture, ParseError> {
        let err = |msg: String, line: usize| {
            ParseError::new(msg)
                .at_line(line)
                .in_record(self.id.clone())
        };
        let source = self
            .source
            .clone()
            .ok_or_else(|| err("missing `source:`".into(), self.line))?;
        let board = self
            .board
            .clone()
            .ok_or_else(|| err("missing `board:`".into(), self.line))?;
        if let Some((line, size)) = self.declared_size {
            if size != board.size() {
                return Err(err(
                    format!(
                        "`size: {size}` but the diagram is {}x{}",
                        board.size(),
                        board.size()
                    ),
                    line,
                ));
            }
        }
        if !self.rule_set.allows_size(board.size()) {
            return Err(err(
                format!(
                    "{} is not played on {}x{}",
                    self.rule_set,
                    board.size(),
                    board.size()
                ),
                self.line,
            ));
        }
        let queries = (self.queries.iter())
            .map(|(line, value, options)| {
                let query = query_of(value, &board).map_err(|m| err(m, *line))?;
                Ok(Query {
                    options: *options,
                    line: *line,
                    ..query
                })
            })
            .collect::<Result<Vec<_>, ParseError>>()?;
        let maps = (self.maps.iter())
            .map(|(line, value, options)| {
                Ok(ExpectedMap {
                    points: map_of(value, &board).map_err(|m| err(m, *line))?,
                    options: *options,
                    line: *line,
                })
            })
            .collect::<Result<Vec<_>, ParseError>>()?;
        Ok(Fixture {
            id: self.id,
            source,
            note: self.note,
            rule_set: self.rule_set,
            to_move: self.to_move,
            board,
            queries,
            maps,
            line: self.line,
        })
    }
}

/// A `query:` line's value, `POINT VERDICT`, on `board` (its options and line are the
/// caller's to set), or what is wrong with it.
fn query_of(value: &str, board: &Board) -> Result<Query, String> {
    let mut words = value.split_whitespace();
    let (Some(p), Some(label), None) = (words.next(), words.next(), words.next()) else {
        return Err(format!("`query: {value}` should be `query: POINT VERDICT`"));
    };
    let point = Point::parse_on(p, board.size()).map_err(|e| e.to_string())?;
    if board.get(point).is_some() {
        return Err(format!("query point {point} is occupied"));
    }
    let expected = label.parse().map_err(|e: ParseError| e.message)?;
    Ok(Query {
        point,
        expected,
        options: RenjuOptions::default(),
        line: 0,
    })
}

/// A `forbidden:` line's value, `none` or `POINT FOUL, ...`, sorted by point, or what is
/// wrong with it.
fn map_of(value: &str, board: &Board) -> Result<Vec<(Point, FoulKind)>, String> {
    let mut points = Vec::new();
    if !value.trim().eq_ignore_ascii_case("none") {
        for item in value.split(',') {
            let mut words = item.split_whitespace();
            let (Some(p), Some(label), None) = (words.next(), words.next(), words.next()) else {
                return Err(format!("`{}` should be `POINT FOUL`", item.trim()));
            };
            let point = Point::parse_on(p, board.size()).map_err(|e| e.to_string())?;
            let kind: FoulKind = label
                .parse()
                .map_err(|e: crate::names::UnknownName| e.to_string())?;
            points.push((point, kind));
        }
    }
    points.sort();
    if points.windows(2).any(|w| w[0].0 == w[1].0) {
        return Err("a point appears twice in the map".into());
    }
    Ok(points)
}

/// Parses a fixture file's text. Errors name the line and the fixture.
pub fn parse(text: &str) -> Result<Vec<Fixture>, ParseError> {
    let lines: Vec<(usize, &str)> = text.lines().enumerate().map(|(i, l)| (i + 1, l)).collect();
    let mut fixtures: Vec<Fixture> = Vec::new();
    let mut draft: Option<Draft> = None;
    let mut i = 0;
    while i < lines.len() {
        let (lineno, raw) = lines[i];
        let line = raw.trim();
        i += 1;
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if let Some(id) = line.strip_prefix("==").and_then(|r| r.strip_suffix("==")) {
            if let Some(d) = draft.take() {
                fixtures.push(d.finish()?);
            }
            let id = id.trim().to_string();
            if id.is_empty() {
                return Err(ParseError::new("empty fixture id").at_line(lineno));
            }
            if fixtures.iter().any(|f| f.id == id) {
                return Err(ParseError::new(format!("duplicate fixture id `{id}`")).at_line(lineno));
            }
            draft = Some(Draft {
                id,
                line: lineno,
                source: None,
                note: None,
                rule_set: RuleSet::Renju,
                to_move: Color::Black,
                board: None,
                declared_size: None,
                queries: vec![],
                maps: vec![],
            });
            continue;
        }
        let Some(d) = draft.as_mut() else {
            return Err(ParseError::new("text before the first `== id ==` header").at_line(lineno));
        };
        let Some((key, value)) = line.split_once(':') else {
            return Err(
                ParseError::new(format!("expected `key: value`, found `{line}`"))
                    .at_line(lineno)
                    .in_record(d.id.clone()),
            );
        };
        let located = |e: ParseError| e.at_line(lineno).in_record(d.id.clone());
        let (key, options) = parse_key(key).map_err(located)?;
        let value = value.trim().to_string();
        let reading_ok = |k: &str| {
            if options.five_completion_counts && !matches!(k, "query" | "forbidden") {
                Err(ParseError::new(format!("`{k}` takes no reading")))
            } else {
                Ok(())
            }
        };
        reading_ok(&key).map_err(located)?;
        match key.as_str() {
            "source" => d.source = Some(value),
            "note" => d.note = Some(value),
            "rule" => {
                d.rule_set = value
                    .parse()
                    .map_err(|e: crate::names::UnknownName| located(e.into()))?
            }
            "to_move" => {
                d.to_move = value
                    .parse()
                    .map_err(|e: crate::names::UnknownName| located(e.into()))?
            }
            "size" => {
                let size: u8 = value.parse().map_err(|_| {
                    located(ParseError::new(format!("`{value}` is not a board size")))
                })?;
                d.declared_size = Some((lineno, size));
            }
            "board" => {
                let start = i;
                while i < lines.len() && diagram::is_diagram_line(lines[i].1) {
                    i += 1;
                }
                d.board = Some(
                    diagram::parse_lines(&lines[start..i])
                        .map_err(|e| e.in_record(d.id.clone()))?,
                );
            }
            "query" => d.queries.push((lineno, value, options)),
            "forbidden" => d.maps.push((lineno, value, options)),
            other => {
                return Err(located(ParseError::new(format!("unknown key `{other}`"))));
            }
        }
    }
    if let Some(d) = draft.take() {
        fixtures.push(d.finish()?);
    }
    Ok(fixtures)
}
