//! # renju-core
//!
//! Judges Renju and Gomoku positions as a tournament referee would: exact five, overline,
//! double-four and the recursive double-three of RIF 9.3, under the rule sets and
//! options set out in the repository's rules document (`docs/rules.md`).
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
//! Modules, one per concept: [`geometry`] (colours, points, symmetries), [`Board`]
//! (stones and the line codes kept up to date for the judge), [`rules`], [`forbidden`]
//! (the judge and its explanations), [`position`] (verdicts, the position), [`outcome`]
//! (how a game ended), [`notation`] (moves and move lists), [`diagram`] (ASCII
//! diagrams), [`fixture`] (the shared fixture corpus format), [`game`] (game records),
//! [`opening`] (opening protocols, the 26 openings), [`replay`] (playing a record out
//! under its rules), [`findings`] (what validation finds), [`formats`] (readers and
//! writers), [`report`] (validation reports), [`rows`] (games given as the rows of a
//! table), [`svg`] (pictures of positions and explained verdicts; PNG with the `png`
//! feature), [`html`] (HTML validation reports),
//! [`time_control`] and [`clock`] (time controls and the game clock), [`decisions`]
//! (the clock and decisions beside the board during a replay), [`tournament`]
//! (crosstables, standings, tie-breaks, TRF), [`conform`] (conformance testing of other
//! engines: position sources, the comparison, the report and the process driver, the
//! one part of the library that spawns processes), [`names`] (the name table of every
//! enum) and [`error`] (errors of reading text).
//!
//! The rules themselves, and every decision the library takes where the rule texts
//! leave a choice, are in the repository's `docs/rules.md`.

#![deny(missing_docs)]

pub mod batch;
mod board;
pub mod clock;
pub mod conform;
pub mod decisions;
pub mod diagram;
pub mod error;
pub mod findings;
pub mod fixture;
pub mod forbidden;
pub mod formats;
pub mod game;
pub mod geometry;
pub mod html;
pub mod names;
pub mod notation;
pub mod opening;
pub mod outcome;
mod patterns;
pub mod position;
mod protocol;
pub mod replay;
pub mod report;
pub mod rows;
pub mod rules;
pub mod svg;
pub mod time_control;
pub mod tournament;

pub use board::{Board, SetupError};
pub use clock::{Clock, ClockEvent, ClockOptions, ClockResult, ClockState};
pub use error::{Location, ParseError};
pub use findings::{Finding, FindingCode, Severity};
pub use forbidden::{
    Completion, CompletionOutcome, Explanation, FoulKind, FoulSet, FourShape, LineStones,
    PointStatus, ThreeShape, ThreeVerdict,
};
pub use formats::{Format, WriteError};
pub use game::{ClaimModel, DeclaredResult, Event, Game, ResultReason, Seat, Source};
pub use geometry::{Color, Direction, Point, PointError, Symmetry};
pub use names::UnknownName;
pub use notation::Move;
pub use opening::{OfferEquivalence, Opening, OpeningRule};
pub use outcome::{DrawReason, Outcome, Termination};
pub use position::{ForbiddenPoint, Foul, IllegalMove, Position, Verdict};
pub use replay::{MoveVerdict, Replay, ValidationOptions};
pub use report::{GameReport, Report, Summary};
pub use rules::{RenjuOptions, RuleSet};
pub use time_control::{TimeControl, TimeControlError};
