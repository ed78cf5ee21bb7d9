//! How a game of an environment ended, as a small code for arrays.

use renju_core::{Color, Outcome, Termination};

/// How a game ended. Codes (the `endings` array): 0 not ended, then the discriminants.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Ending {
    /// A winning line.
    Five = 1,
    /// Black played a forbidden point ([`FoulHandling::PlayedAndLost`](crate::FoulHandling)):
    /// White wins.
    Forbidden = 2,
    /// Two passes in succession: a draw.
    TwoPasses = 3,
    /// The board is full: a draw.
    FullBoard = 4,
    /// The stones reached [`EnvOptions::draw_after`](crate::EnvOptions): the referee's
    /// declared draw; the record carries the stone limit (`Game::draw_after`, as `renju
    /// match --draw-after` records it) and validates as `declared-draw`.
    DrawAfter = 5,
    /// The player who had to offer fifth moves could not meet the declared number (fewer
    /// points remain that are not equivalent to one another): a forfeit, the other
    /// player wins (opening protocols with declarations only).
    Forfeit = 6,
}

impl Ending {
    /// The code in the `endings` array (0 is "not ended").
    pub fn code(self) -> u8 {
        self as u8
    }

    /// The ending of a code; `None` for 0 and unknown codes.
    pub fn from_code(code: u8) -> Option<Ending> {
        Some(match code {
            1 => Ending::Five,
            2 => Ending::Forbidden,
            3 => Ending::TwoPasses,
            4 => Ending::FullBoard,
            5 => Ending::DrawAfter,
            6 => Ending::Forfeit,
            _ => return None,
        })
    }

    /// The termination a replay of the game's record reports.
    pub fn termination(self) -> Termination {
        match self {
            Ending::Five => Termination::Five,
            Ending::Forbidden => Termination::Forbidden,
            Ending::TwoPasses => Termination::TwoPasses,
            Ending::FullBoard => Termination::FullBoard,
            Ending::DrawAfter => Termination::DeclaredDraw,
            Ending::Forfeit => Termination::Forfeit,
        }
    }

    /// The ending of a game the judge ended with `termination` (a five, a foul, two
    /// passes, the full board or a forfeit; any other is counted as the full board).
    pub(crate) fn of_termination(termination: Termination) -> Ending {
        match termination {
            Termination::Five => Ending::Five,
            Termination::Forbidden => Ending::Forbidden,
            Termination::TwoPasses => Ending::TwoPasses,
            Termination::Forfeit => Ending::Forfeit,
            Termination::DeclaredDraw => Ending::DrawAfter,
            _ => Ending::FullBoard,
        }
    }

    /// The name: `five`, `forbidden`, `two-passes`, `full-board`, `draw-after`,
    /// `forfeit`.
    pub fn name(self) -> &'static str {
        match self {
            Ending::Five => "five",
            Ending::Forbidden => "forbidden",
            Ending::TwoPasses => "two-passes",
            Ending::FullBoard => "full-board",
            Ending::DrawAfter => "draw-after",
            Ending::Forfeit => "forfeit",
        }
    }

    /// The outcome with this ending and `winner`.
    pub fn outcome(self, winner: Option<Color>) -> Outcome {
        Outcome {
            winner,
            termination: self.termination(),
        }
    }
}

/// The code of a winner in the `winners` array: 0 none (a draw, or not ended), 1 Black,
/// 2 White.
pub fn winner_code(winner: Option<Color>) -> u8 {
    match winner {
        None => 0,
        Some(Color::Black) => 1,
        Some(Color::White) => 2,
    }
}
