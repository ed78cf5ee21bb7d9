//! # renju-records
//!
//! Game records of Renju and Gomoku, and everything a referee judges along a whole game:
//! the opening protocol, the clock, the decisions beside the board, the end of the game,
//! and the file formats records come in. The positions and the forbidden-move judge are
//! those of [`renju_core`], re-exported here so that both always match.
//!
//! ```
//! use renju_records::{Game, ValidationOptions};
//! use renju_records::renju_core::Termination;
//!
//! let game = Game::from_moves("h8 h9 i8 i9 j8 j9 k8 k9 l8").unwrap();
//! let report = game.validate(&ValidationOptions::default());
//! assert_eq!(report.outcome.termination, Termination::Five);
//! ```
//!
//! Modules, one per concept: [`game`] (game records and their events), [`seat`] (the
//! players' seats), [`opening`]
//! (opening rules and protocols, the 26 openings), [`replay`] (playing a record out under
//! its rules), [`findings`] (what validation finds), [`report`] (validation reports,
//! mergeable), [`formats`] (readers and writers of every format), [`rows`] (games given as
//! the rows of a table), [`time_control`] and [`clock`] (time controls and the game
//! clock), [`decisions`] (the clock and decisions beside the board during a replay) and
//! [`random`] (the one seeded random generator of the workspace).
//!
//! The rules, and every choice taken where the rule texts leave one, are in the
//! repository's `docs/rules.md`.
//!
//! ## Sister crates
//!
//! [`renju_core`] (positions and the judge), `renju-tournament` (standings and
//! tie-breaks, read from these records), `renju-display` (pictures and the HTML and text
//! reports of a validation) and `renju-engine` (engines and conformance testing).

#![deny(missing_docs)]

pub use renju_core;

mod adjournment;
pub mod clock;
pub mod decisions;
pub mod findings;
pub mod formats;
pub mod game;
pub mod opening;
mod protocol;
pub mod random;
pub mod referee;
pub mod replay;
pub mod report;
pub mod rows;
pub mod sealed;
pub mod seat;
pub mod text;
pub mod time_control;

pub use clock::{Clock, ClockEvent, ClockOptions, ClockResult, ClockState, LateArrival, Penalty};
pub use findings::{Finding, FindingCode, Severity};
pub use formats::{Format, FormatInfo, WriteError};
pub use game::{ClaimModel, DeclaredResult, Event, Game, ResultReason, Seat, Source};
pub use opening::{OfferEquivalence, Opening, OpeningRule, ProtocolInfo};
pub use referee::{Referee, RefereeOptions};
pub use replay::{MoveVerdict, Replay, ValidationOptions};
pub use report::{GameReport, Report, Summary};
pub use time_control::{TimeControl, TimeControlError};

/// The README's examples, run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

/// The user guide's Rust examples (`docs/*.md`), run as doctests: a guide page that
/// drifts from the API fails `cargo test --doc`.
#[cfg(doctest)]
mod guide {
    #[doc = include_str!("../../docs/validating.md")]
    struct Validating;

    #[doc = include_str!("../../docs/referee.md")]
    struct Referee;

    #[doc = include_str!("../../docs/clocks.md")]
    struct Clocks;
}
