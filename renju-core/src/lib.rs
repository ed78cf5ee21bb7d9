//! # renju-core
//!
//! Judges Renju and Gomoku positions as a tournament referee would: exact five, overline,
//! double-four and the recursive double-three of RIF 9.3, under the rule sets and
//! options fixed in the project's `SPEC.md`.
//!
//! ```
//! use renju_core::{FoulKind, Position, Verdict};
//!
//! // Black has f8 g8 and h6 h7: h8 would make two real threes.
//! let mut pos = Position::from_moves("f8 a1 g8 a2 h6 a3 h7 a4").unwrap();
//! let foul = pos.fouls_at("h8".parse().unwrap()).unwrap();
//! assert_eq!(foul.primary(), Some(FoulKind::DoubleThree));
//!
//! // Playing it ends the game: White wins.
//! let verdict = pos.play("h8".parse().unwrap()).unwrap();
//! assert!(matches!(verdict, Verdict::Forbidden(_)));
//! println!("{}", pos.outcome().unwrap());
//! ```
//!
//! Modules: [`geometry`] (colours, points, symmetries), [`Board`] (stones and the line
//! codes kept up to date for the judge), [`rules`], [`forbidden`] (the judge and its
//! explanations), [`position`] (moves, verdicts, outcomes), [`notation`] (move lists),
//! [`diagram`] (ASCII diagrams), [`fixture`] (the shared fixture corpus format),
//! [`game`] (game records, replay), [`opening`] (opening protocols, the 26 openings),
//! [`formats`] (readers and writers), [`report`] (validation reports) and [`tournament`]
//! (crosstables, standings, tie-breaks, TRF).

#![deny(missing_docs)]

mod board;
pub mod diagram;
pub mod error;
pub mod fixture;
pub mod forbidden;
pub mod formats;
pub mod game;
pub mod geometry;
pub mod notation;
pub mod opening;
mod patterns;
pub mod position;
pub mod report;
pub mod rules;
pub mod tournament;

pub use board::Board;
pub use error::{IllegalMove, Location, ParseError, PointError, SetupError};
pub use forbidden::{
    Completion, CompletionOutcome, Explanation, FoulKind, FoulSet, FourShape, LineStones,
    PointStatus, ThreeShape, ThreeVerdict,
};
pub use game::{ClaimModel, Event, Game, GameOutcome, GameTermination, Seat, ValidationOptions};
pub use geometry::{Color, Direction, Point, Symmetry};
pub use opening::{Opening, OpeningRule};
pub use position::{
    DrawReason, ForbiddenPoint, Foul, Move, Outcome, Position, Termination, Verdict,
};
pub use report::{Finding, FindingCode, Report, Severity};
pub use rules::{RenjuOptions, RuleSet};
