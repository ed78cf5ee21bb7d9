//! Game records: the rule set, opening protocol and claim model a game was played under,
//! and the events of the game (stones, passes, swap decisions, fifth-move offers, a
//! declared result).
//!
//! Readers (see [`crate::formats`]) fill in what their format says and leave the rest
//! `None`; validation ([`crate::validate`]) completes it from options.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::error::ParseError;
use crate::geometry::{Color, Point, RENJU_SIZE};
use crate::opening::OpeningRule;
use crate::rules::{RenjuOptions, RuleSet};

/// A player's seat. The first player starts as (tentative) Black; swaps exchange colours,
/// not seats.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Seat {
    /// The player who starts the game (tentative Black).
    First,
    /// The other player.
    Second,
}

impl Seat {
    /// The other seat.
    pub fn other(self) -> Seat {
        match self {
            Seat::First => Seat::Second,
            Seat::Second => Seat::First,
        }
    }
}

/// How fouls are claimed (`SPEC.md`, Games).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ClaimModel {
    /// A forbidden move ends the game at once and White wins (digital referee).
    #[default]
    Automatic,
    /// RIF 9.8: a double-three or double-four lapses once White plays on without
    /// claiming; an overline can be claimed until the game ends.
    RifClaim,
    /// Chinese rules: every foul lapses once White plays on.
    ChineseClaim,
}

impl ClaimModel {
    /// The name used in options and JSON.
    pub fn name(self) -> &'static str {
        match self {
            ClaimModel::Automatic => "automatic",
            ClaimModel::RifClaim => "rif-claim",
            ClaimModel::ChineseClaim => "chinese-claim",
        }
    }
}

impl fmt::Display for ClaimModel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for ClaimModel {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_lowercase().replace('_', "-").as_str() {
            "automatic" | "auto" => Ok(ClaimModel::Automatic),
            "rif-claim" | "rif" => Ok(ClaimModel::RifClaim),
            "chinese-claim" | "chinese" => Ok(ClaimModel::ChineseClaim),
            _ => Err(ParseError::new(format!(
                "unknown claim model `{s}` (expected automatic, rif-claim or chinese-claim)"
            ))),
        }
    }
}

/// Why a declared result came about.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ResultReason {
    /// A five (or a winning line).
    Five,
    /// A forbidden move by Black.
    Forbidden,
    /// Resignation.
    Resignation,
    /// Time.
    Time,
    /// Draw by agreement.
    Agreement,
    /// Two passes in succession.
    TwoPasses,
    /// Full board.
    FullBoard,
    /// Anything else, as written in the record.
    Other(String),
}

/// A result written in the record.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct DeclaredResult {
    /// The winning colour, `None` for a draw.
    pub winner: Option<Color>,
    /// Why, when the record says.
    pub reason: Option<ResultReason>,
}

/// One event of a game record.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "kebab-case")]
pub enum Event {
    /// The next stone. Colours alternate from Black; a pass also hands the turn over.
    Stone {
        /// Where.
        point: Point,
    },
    /// The side to move passes.
    Pass,
    /// A colour decision by the player entitled to make one: `swap` = exchange colours.
    Swap {
        /// Whether the colours were exchanged.
        swap: bool,
    },
    /// The number of fifth-move offers declared (Yamaguchi and Chinese: with the
    /// opening; Soosorv: with move 4; Taraguchi: choosing the offer branch).
    DeclareOffers {
        /// How many fifth moves Black will offer.
        count: u8,
    },
    /// Black's offered fifth moves and the one White chose; the chosen one is the fifth
    /// stone, the others never enter the board.
    FifthOffers {
        /// Every offered point, in the order given.
        offered: Vec<Point>,
        /// The point White kept.
        chosen: Point,
    },
    /// A result written in the record.
    Result(DeclaredResult),
}

/// Where a game came from, for error messages and reports.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Source {
    /// File name.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub file: Option<String>,
    /// 1-based line of the record's start (text formats).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<usize>,
    /// Byte offset of the record's start (binary formats).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub byte_offset: Option<u64>,
    /// 0-based index of the game within its file (tree formats: of the root-to-leaf line).
    pub index: usize,
}

/// A game record as read from a file.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub struct Game {
    /// The record's id (RenjuNet game id, SGF `GN`, ...), when it has one.
    pub id: Option<String>,
    /// The rule set, when the format says (`None`: take the validation default).
    pub rule_set: Option<RuleSet>,
    /// The opening protocol, when the format says.
    pub opening: Option<OpeningRule>,
    /// The claim model, when the format says.
    pub claims: Option<ClaimModel>,
    /// Renju options, when the format says.
    pub options: Option<RenjuOptions>,
    /// A rule the record names that the library does not know (for example a RenjuNet
    /// rule id it cannot map): reported as such, never guessed.
    pub unknown_rule: Option<String>,
    /// The board side (15 unless the format says otherwise).
    pub size: u8,
    /// The events, in order.
    pub events: Vec<Event>,
    /// Other fields of the record (players, event, date, comments), as `(key, value)`.
    pub tags: Vec<(String, String)>,
    /// Where the record came from.
    pub source: Source,
}

impl Game {
    /// An empty record on a board of `size`.
    pub fn new(size: u8) -> Game {
        Game {
            size,
            ..Game::default()
        }
    }

    /// A record made of a move list on the 15x15 board.
    ///
    /// ```
    /// use renju_core::game::Game;
    /// let game = Game::from_moves("h8 i9 pass j10").unwrap();
    /// assert_eq!(game.events.len(), 4);
    /// ```
    pub fn from_moves(moves: &str) -> Result<Game, ParseError> {
        let mut game = Game::new(RENJU_SIZE);
        for mv in crate::notation::parse_moves(moves, RENJU_SIZE)? {
            game.events.push(mv.into());
        }
        Ok(game)
    }

    /// The stones and passes in play order, with offers resolved to the chosen point.
    pub fn moves(&self) -> impl Iterator<Item = crate::Move> + '_ {
        self.events.iter().filter_map(|e| match e {
            Event::Stone { point } => Some(crate::Move::Stone(*point)),
            Event::Pass => Some(crate::Move::Pass),
            Event::FifthOffers { chosen, .. } => Some(crate::Move::Stone(*chosen)),
            _ => None,
        })
    }

    /// The value of a tag, if present.
    pub fn tag(&self, key: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }
}

impl From<crate::Move> for Event {
    fn from(m: crate::Move) -> Event {
        match m {
            crate::Move::Stone(point) => Event::Stone { point },
            crate::Move::Pass => Event::Pass,
        }
    }
}
