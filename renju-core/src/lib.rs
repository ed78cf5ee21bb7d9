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
//! diagrams), [`fixture`] (the shared fixture corpus format), [`batch`] (forbidden-point
//! masks of many positions at once), [`names`] (the name table of every enum) and
//! [`error`] (errors of reading text).
//!
//! The rules themselves, and every decision the library takes where the rule texts
//! leave a choice, are in the repository's `docs/rules.md`.
//!
//! ## Features
//!
//! | feature | default | what it adds |
//! | --- | --- | --- |
//! | `serde` | no | `Serialize` and `Deserialize` for points, moves, rule sets, positions, verdicts, explanations, outcomes and every named enum |
//! | `parallel` | no | the functions of [`batch`] judge on every core (rayon); without it they run on the calling thread, with the same results |
//!
//! ## Sister crates
//!
//! This crate judges positions and nothing else. Around it:
//!
//! | crate | what it is for |
//! | --- | --- |
//! | `renju-records` | game records and everything judged along a whole game: opening protocols and the 26 openings, time controls and clocks, decisions, replay and validation, findings and reports, the file formats (move lists, RenjuNet, RenLib, Piskvork, SGF, Gomocup openings) |
//! | `renju-tournament` | crosstables, standings, tie-breaks (FIDE C.07), TRF |
//! | `renju-display` | pictures and reports for people: SVG and PNG boards and explained verdicts, the HTML and text validation reports |
//! | `renju-engine` | engines driven over their protocols, and conformance testing of other judges (`renju conform`) |
//! | `renju-cli`, `renju-ffi`, `renju-py` | the `renju` command, the C API and the Python module |

#![deny(missing_docs)]

pub mod batch;
mod board;
pub mod diagram;
pub mod error;
pub mod fixture;
pub mod forbidden;
pub mod geometry;
pub mod names;
pub mod notation;
pub mod outcome;
mod patterns;
pub mod position;
pub mod rules;

/// What the exported macros need, whatever the caller depends on. Not API.
#[doc(hidden)]
pub mod __private {
    #[cfg(feature = "serde")]
    pub use serde;
}

pub use board::{Board, SetupError};
pub use error::{Location, ParseError};
pub use forbidden::{
    Completion, CompletionOutcome, Explanation, FoulKind, FoulSet, FourShape, LineStones,
    PointStatus, ThreeShape, ThreeVerdict,
};
pub use geometry::{Color, Direction, Point, PointError, Symmetry};
pub use names::UnknownName;
pub use notation::Move;
pub use outcome::{DrawReason, Outcome, Termination};
pub use position::{ForbiddenPoint, Foul, IllegalMove, Position, Verdict};
pub use rules::{RenjuOptions, RuleSet};

/// The README's examples, run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

/// The user guide's Rust examples (`docs/*.md`), run as doctests: a guide page that
/// drifts from the API fails `cargo test --doc`.
#[cfg(doctest)]
mod guide {
    #[doc = include_str!("../../docs/judging.md")]
    struct Judging;

    #[doc = include_str!("../../docs/rust.md")]
    struct RustApi;

    #[doc = include_str!("../../README.md")]
    struct Readme;
}
