//! How a game ended: one model for positions, replayed game records, reports, C and
//! Python.
//!
//! A [`Position`](crate::Position) ends on the board (a five, a forbidden move, two
//! passes, a full board); a replayed game record (`renju_records::Game`) may also end by a result its
//! record declares, or not at all. Both give an [`Outcome`]: the winner and the
//! [`Termination`], whose names (`"five"`, `"two-passes"`, ...) are the same in every
//! output.
//!
//! ```
//! use renju_core::{Color, Outcome, Termination};
//! let o = Outcome::win(Color::White, Termination::Forbidden);
//! assert_eq!(o.to_string(), "white won on a forbidden move");
//! assert_eq!(o.result(), "0-1");
//! assert_eq!("two-passes".parse::<Termination>().unwrap(), Termination::TwoPasses);
//! # #[cfg(feature = "serde")]
//! assert_eq!(serde_json::to_string(&o).unwrap(), r#"{"winner":"white","termination":"forbidden"}"#);
//! ```

use std::fmt;

#[cfg(feature = "serde")]
use serde::{Deserialize, Serialize};

use crate::geometry::Color;
use crate::name_table;

/// How a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Termination {
    /// A winning line on the board.
    Five,
    /// Black played a forbidden move, claimed (or judged automatically).
    Forbidden,
    /// Both players passed in succession.
    TwoPasses,
    /// The board filled up.
    FullBoard,
    /// A flag fell: the player ran out of time or missed a period's move quota.
    Time,
    /// A player resigned.
    Resignation,
    /// The players agreed a draw (an offer accepted).
    AgreedDraw,
    /// A player forfeited: absent, past the default time, or gone.
    Forfeit,
    /// Both players forfeited: both lose.
    DoubleForfeit,
    /// A player's second violation in the game.
    Violations,
    /// The record declares a result nothing in it can check (a referee's decision, a
    /// reason in words).
    Declared,
    /// The referee declared the game drawn once the board held the number of stones
    /// the record sets (a match's draw after N stones, Gomocup's draw at 200 stones).
    DeclaredDraw,
    /// The move a player sealed at an adjournment was illegal when the game resumed
    /// (off the board, on an occupied point, or a forbidden move judged automatically):
    /// the sealer lost.
    IllegalSealedMove,
    /// The game has not ended.
    Unfinished,
}

name_table!(Termination, "termination", {
    Five => "five",
    Forbidden => "forbidden",
    TwoPasses => "two-passes",
    FullBoard => "full-board",
    Time => "time",
    Resignation => "resignation",
    AgreedDraw => "agreed-draw",
    Forfeit => "forfeit",
    DoubleForfeit => "double-forfeit",
    Violations => "violations",
    Declared => "declared",
    DeclaredDraw => "declared-draw",
    IllegalSealedMove => "illegal-sealed-move",
    Unfinished => "unfinished",
});

impl Termination {
    /// Whether the board itself shows this ending (a position can end this way).
    pub fn is_on_board(self) -> bool {
        matches!(
            self,
            Termination::Five
                | Termination::Forbidden
                | Termination::TwoPasses
                | Termination::FullBoard
        )
    }
}

/// Why a game ended in a draw on the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DrawReason {
    /// Every intersection is occupied and nobody won.
    FullBoard,
    /// Both players passed in succession.
    TwoPasses,
}

name_table!(DrawReason, "draw reason", {
    FullBoard => "full-board",
    TwoPasses => "two-passes",
});

impl From<DrawReason> for Termination {
    fn from(reason: DrawReason) -> Termination {
        match reason {
            DrawReason::FullBoard => Termination::FullBoard,
            DrawReason::TwoPasses => Termination::TwoPasses,
        }
    }
}

/// Who won a game and how.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct Outcome {
    /// The winning colour; `None` for a draw or an unfinished game.
    pub winner: Option<Color>,
    /// How the game ended.
    pub termination: Termination,
}

impl Outcome {
    /// The outcome of a game that has not ended.
    pub const UNFINISHED: Outcome = Outcome {
        winner: None,
        termination: Termination::Unfinished,
    };

    /// A win of `winner`.
    pub fn win(winner: Color, termination: Termination) -> Outcome {
        Outcome {
            winner: Some(winner),
            termination,
        }
    }

    /// A draw.
    pub fn draw(termination: Termination) -> Outcome {
        Outcome {
            winner: None,
            termination,
        }
    }

    /// Whether the game has ended.
    pub fn is_finished(self) -> bool {
        self.termination != Termination::Unfinished
    }

    /// Whether the game ended in a draw (both players losing by a double forfeit is
    /// not one).
    pub fn is_draw(self) -> bool {
        self.winner.is_none()
            && self.is_finished()
            && self.termination != Termination::DoubleForfeit
    }

    /// The result as PGN writes it: `1-0` (Black won), `0-1`, `1/2-1/2`, `0-0` (both
    /// lost by forfeit), `*` unfinished.
    pub fn result(self) -> &'static str {
        match (self.winner, self.termination) {
            (_, Termination::Unfinished) => "*",
            (None, Termination::DoubleForfeit) => "0-0",
            (Some(Color::Black), _) => "1-0",
            (Some(Color::White), _) => "0-1",
            (None, _) => "1/2-1/2",
        }
    }
}

/// A sentence: `black won with a five`, `draw by two passes`, `unfinished`, ...
impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.winner, self.termination) {
            (_, Termination::Unfinished) => f.write_str("unfinished"),
            (Some(c), Termination::Five) => write!(f, "{c} won with a five"),
            (Some(c), Termination::Forbidden) => write!(f, "{c} won on a forbidden move"),
            (Some(c), Termination::Declared) => write!(f, "{c} won (declared in the record)"),
            (Some(c), Termination::Time) => write!(f, "{c} won on time"),
            (Some(c), Termination::Resignation) => write!(f, "{c} won by resignation"),
            (Some(c), Termination::Forfeit) => write!(f, "{c} won by forfeit"),
            (Some(c), Termination::Violations) => {
                write!(f, "{c} won: the opponent's second violation")
            }
            (Some(c), Termination::IllegalSealedMove) => {
                write!(f, "{c} won: the opponent's sealed move was illegal")
            }
            (Some(c), _) => write!(f, "{c} won"),
            (None, Termination::TwoPasses) => f.write_str("draw by two passes"),
            (None, Termination::Declared) => f.write_str("draw (declared in the record)"),
            (None, Termination::DeclaredDraw) => {
                f.write_str("draw declared by the referee at the stone limit")
            }
            (None, Termination::AgreedDraw) => f.write_str("draw by agreement"),
            (None, Termination::Time) => f.write_str("draw: both flags fell"),
            (None, Termination::DoubleForfeit) => f.write_str("both players lost by forfeit"),
            (None, _) => f.write_str("draw on a full board"),
        }
    }
}
