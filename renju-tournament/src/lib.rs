//! Tournaments: players, teams, rounds, pairings and results, and the standings a referee
//! computes from them (`docs/rules.md`, Tournaments; the Chinese game rules, "成績和名次").
//!
//! The model is a crosstable: one [`CrosstableCell`] per player, round and game, written from
//! that player's side (as a FIDE TRF file holds it), so that two sides that contradict
//! each other can be found and reported. [`standings()`] ranks players (or teams) by the
//! Chinese rules' lists or an organiser's list of FIDE C.07 tie-breaks; [`check()`] reports what
//! does not add up; [`trf`] reads and writes FIDE TRF; [`from_games`] builds tournaments
//! from game records (RenjuNet `.rif` and other files whose records name players and
//! rounds); [`pairing`] holds what pairs a round: FIDE's Berger tables for single and
//! double round robins, knockout brackets, the drawing of lots, a tournament's round
//! paired, and the maximum-weight matching the Swiss systems will pair with.
//!
//! ```
//! use renju_tournament::{standings, StandingsOptions, Tournament};
//!
//! let trf = "\
//! 012 Club round robin
//! 001    1      Ann                                                                2.0    1     2 b 1     3 w 1
//! 001    2      Bob                                                                0.5    2     1 w 0               3 b =
//! 001    3      Cid                                                                0.5    2               1 b 0     2 w =
//! ";
//! let t = Tournament::from_trf(trf).unwrap();
//! let s = standings(&t, &StandingsOptions::default());
//! assert_eq!(s.rows[0].name, "Ann");
//! // Bob and Cid have the same points, SB and wins: they share second place.
//! assert_eq!((s.rows[1].rank, s.rows[2].rank), (2, 2));
//! assert!(s.rows[1].shared);
//! ```

// Every arithmetic on points, counts and rounds is checked, saturating or a commented
// exception where a bound is proven (inputs are bounded by `MAX_ROUNDS` and
// `MAX_PLAYERS`, see `Tournament::check_limits`).
#![warn(clippy::arithmetic_side_effects)]

pub mod checks;
pub mod clubs;
mod competitors;
mod findings;
pub mod from_games;
mod ids;
pub mod io;
mod knockout;
mod model;
pub mod pairing;
pub mod score;
pub mod standings;
mod swiss_checks;
pub mod tiebreak;
mod tiebreak_values;
pub mod trf;

pub use checks::check;
pub use findings::{TournamentCode, TournamentFinding, TournamentRead};
pub use model::{
    Acceleration, CrosstableCell, LimitError, PairingSetup, Player, PointValues, ResultKind, Round,
    ScoreSystemError, System, Team, TeamPointValues, TeamScoreSystemError, Tournament, Withdrawal,
    MAX_PLAYERS, MAX_ROUNDS,
};
pub use score::{HalfPoints, PointsError, Rational};
pub use standings::{
    standings, standings_unchecked, StandingRow, Standings, StandingsJson, StandingsOptions,
    TieBreakValue,
};
pub use tiebreak::{Criterion, Regulation, TieBreak, TieBreakError};
pub use trf::TrfError;

/// The user guide's Rust examples (`docs/*.md`), run as doctests: a guide page that
/// drifts from the API fails `cargo test --doc`.
#[cfg(doctest)]
mod guide {
    #[doc = include_str!("../../docs/tournaments.md")]
    struct Tournaments;
}
