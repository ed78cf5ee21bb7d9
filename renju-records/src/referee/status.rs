//! What the referee says after every action: [`Status`].

use serde::{Deserialize, Serialize};

use crate::clock::SideState;
use crate::game::Seat;
use renju_core::forbidden::FoulKind;
use renju_core::geometry::{Color, Point};
use renju_core::outcome::{Outcome, Termination};

/// What the player to act must do.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Required {
    /// Place a stone (`place`; `pass` where [`Status::pass`] says so).
    Place,
    /// Decide colours (`stay` or `swap`, or another of [`Status::options`]).
    Swap,
    /// Declare the number of fifth-move offers (`declare`, within [`Status::range`]).
    Declare,
    /// Offer fifth moves (`offer`, [`Status::count`] of them).
    Offer,
    /// Choose one of the offered fifth moves (`choose`).
    Choose,
    /// Nothing: the game is over.
    None,
}

renju_core::name_table!(Required, "required action", {
    Place => "place",
    Swap => "swap",
    Declare => "declare",
    Offer => "offer",
    Choose => "choose",
    None => "none",
});

/// One of the answers a colour decision allows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SwapOption {
    /// Keep colours.
    Stay,
    /// Exchange colours.
    Swap,
    /// Swap2: place two more stones and hand the choice back.
    PlaceTwo,
    /// Taraguchi: offer fifth moves instead of a colour decision.
    Offer,
}

renju_core::name_table!(SwapOption, "swap option", {
    Stay => "stay",
    Swap => "swap",
    PlaceTwo => "place-two",
    Offer => "offer",
});

/// A point where a black stone would be forbidden, and its foul (the first of
/// overline, double-four, double-three); [`crate::referee::Referee::explain`] says why.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ForbiddenSpot {
    /// The point.
    pub point: Point,
    /// The foul.
    pub kind: FoulKind,
}

/// Both clocks as of the last action, and when the running one falls.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ClockStatus {
    /// Black's clock (its time left net of the time already used on the current action).
    pub black: SideState,
    /// White's clock.
    pub white: SideState,
    /// The colour whose clock runs (`None` once the game is over).
    pub running: Option<Color>,
    /// The time stamp at which the running clock's flag falls, on the caller's timeline.
    pub deadline: Option<u64>,
}

/// How the game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub struct Ending {
    /// `1-0` (Black won), `0-1`, `1/2-1/2` or `0-0` (both lost).
    pub result: &'static str,
    /// Why.
    pub termination: Termination,
    /// The winning colour (`None`: nobody won).
    pub winner: Option<Color>,
    /// The seat that won.
    pub winner_seat: Option<Seat>,
}

impl Ending {
    pub(crate) fn new(outcome: Outcome, black_seat: Seat) -> Ending {
        Ending {
            result: outcome.result(),
            termination: outcome.termination,
            winner: outcome.winner,
            winner_seat: outcome.winner.map(|c| match c {
                Color::Black => black_seat,
                Color::White => black_seat.other(),
            }),
        }
    }

    /// The outcome.
    pub fn outcome(&self) -> Outcome {
        Outcome {
            winner: self.winner,
            termination: self.termination,
        }
    }
}

/// Where the game stands: who must act, what they may do, the clock and the result.
/// The JSON form uses these field names (`move` for [`Status::move_number`]); empty
/// lists and absent values are left out.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Status {
    /// What must be done now.
    pub required: Required,
    /// The seat that must do it (`None` once the game is over).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub to_act: Option<Seat>,
    /// That seat's colour.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub color: Option<Color>,
    /// The number of the next stone (moves and passes played, plus one).
    #[serde(rename = "move")]
    pub move_number: usize,
    /// The colour of the next stone.
    pub stone: Color,
    /// The answers a colour decision allows.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub options: Vec<SwapOption>,
    /// The numbers of offers a declaration may give, `[min, max]`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub range: Option<[u8; 2]>,
    /// How many fifth-move offers are required (also for Taraguchi's offer branch).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub count: Option<u8>,
    /// The offers White chooses from.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub offered: Vec<Point>,
    /// Every point a `place` (or an offer, or a choice) is accepted on now, row by row
    /// from `a1`.
    pub legal: Vec<Point>,
    /// Whether `pass` is accepted now.
    pub pass: bool,
    /// Black's forbidden points, when a black stone is to be placed or offered.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub forbidden: Vec<ForbiddenSpot>,
    /// Whether White may `claim` a foul of Black's now (claim policies).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub claimable: bool,
    /// The seat whose draw offer waits for an answer.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub draw_offer: Option<Seat>,
    /// The clocks, in a timed game.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub clock: Option<ClockStatus>,
    /// How the game ended; `None` (JSON `null`) while it goes on.
    pub outcome: Option<Ending>,
}
