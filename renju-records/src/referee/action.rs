//! What a player (or the time) does: [`Action`], and a [`Request`] that carries it with
//! the acting seat and a time stamp.

use serde::{Deserialize, Serialize};

use crate::game::Seat;
use renju_core::geometry::Point;

/// One action of a live game.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "action", rename_all = "kebab-case")]
pub enum Action {
    /// A stone on `point` (the next move, or one of the opening player's stones).
    Place {
        /// Where.
        point: Point,
    },
    /// The side to move passes (not inside the opening protocol).
    Pass,
    /// Exchange colours (a colour decision the protocol gives).
    Swap,
    /// Keep colours (a colour decision the protocol gives).
    Stay,
    /// Swap2's third option: the second player places two more stones (a white one,
    /// then a black one, as two `place` actions) and the first player chooses colours.
    PlaceTwo,
    /// Declare the number of fifth-move offers.
    Declare {
        /// How many.
        count: u8,
    },
    /// Black's fifth-move offers.
    Offer {
        /// The offered points.
        points: Vec<Point>,
    },
    /// White keeps one of the offered fifth moves: it becomes move 5.
    Choose {
        /// The offer kept.
        point: Point,
    },
    /// White claims Black's foul (claim policies only).
    Claim,
    /// Offer a draw (right after one's own move).
    DrawOffer,
    /// Accept the draw offer on the table.
    DrawAccept,
    /// Decline the draw offer on the table.
    DrawDecline,
    /// Resign.
    Resign,
    /// Lose by forfeit: the player is gone or cannot go on (a match runner's engine
    /// that crashed, answered garbage or an illegal point, or fell silent).
    Forfeit,
    /// Nothing but the time: the clock is read at `t`.
    Tick,
}

impl Action {
    /// The action's name, as the JSON `action` field writes it (`place`, `pass`, `swap`,
    /// `stay`, `place-two`, `declare`, `offer`, `choose`, `claim`, `draw-offer`,
    /// `draw-accept`, `draw-decline`, `resign`, `forfeit`, `tick`).
    pub fn name(&self) -> &'static str {
        match self {
            Action::Place { .. } => "place",
            Action::Pass => "pass",
            Action::Swap => "swap",
            Action::Stay => "stay",
            Action::PlaceTwo => "place-two",
            Action::Declare { .. } => "declare",
            Action::Offer { .. } => "offer",
            Action::Choose { .. } => "choose",
            Action::Claim => "claim",
            Action::DrawOffer => "draw-offer",
            Action::DrawAccept => "draw-accept",
            Action::DrawDecline => "draw-decline",
            Action::Resign => "resign",
            Action::Forfeit => "forfeit",
            Action::Tick => "tick",
        }
    }
}

/// An action with who takes it and when.
///
/// ```
/// use renju_records::referee::{Action, Request};
/// use renju_records::Seat;
/// let r = Request::new(Action::Pass).by(Seat::Second).at(1500);
/// assert_eq!((r.by, r.t), (Some(Seat::Second), Some(1500)));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Request {
    /// What is done.
    #[serde(flatten)]
    pub action: Action,
    /// The seat acting, when the caller says (checked: an action out of turn is
    /// refused); `None` takes the seat the action belongs to.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub by: Option<Seat>,
    /// When, in milliseconds on the caller's timeline (never earlier than the action
    /// before); `None`: no time passed since the action before.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub t: Option<u64>,
}

impl Request {
    /// `action`, by whoever it belongs to, with no time.
    pub fn new(action: Action) -> Request {
        Request {
            action,
            by: None,
            t: None,
        }
    }

    /// The same request, taken by `seat`.
    pub fn by(mut self, seat: Seat) -> Request {
        self.by = Some(seat);
        self
    }

    /// The same request, at `t` milliseconds.
    pub fn at(mut self, t: u64) -> Request {
        self.t = Some(t);
        self
    }
}

impl From<Action> for Request {
    fn from(action: Action) -> Request {
        Request::new(action)
    }
}
