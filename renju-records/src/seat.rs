//! The players' seats: who starts the game and who does not, whatever colours swaps
//! give them.

use serde::{Deserialize, Serialize};

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
    /// The seat's name, as JSON writes it: `first` or `second`.
    pub fn name(self) -> &'static str {
        match self {
            Seat::First => "first",
            Seat::Second => "second",
        }
    }

    /// The other seat.
    pub fn other(self) -> Seat {
        match self {
            Seat::First => Seat::Second,
            Seat::Second => Seat::First,
        }
    }
}
