//! What the player to act must do now: a [`Phase`], as a small code for arrays.

use renju_records::referee::Required;

/// What the player to act must do. Codes (the `phases` array): the discriminants.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[repr(u8)]
pub enum Phase {
    /// Place a stone (or pass where allowed): every move of the free opening and of the
    /// game after any opening, and the opening player's stones.
    #[default]
    Place = 0,
    /// Decide colours: stay, swap, or another [`Decision`](crate::Decision) the protocol
    /// gives.
    Swap = 1,
    /// Declare the number of fifth-move offers.
    Declare = 2,
    /// Offer fifth moves, one point action each.
    Offer = 3,
    /// White chooses one of the offered fifth moves, a point action.
    Choose = 4,
    /// The game is over: the code a batch writes for a finished game not reset yet
    /// ([`Autoreset::Disabled`](crate::Autoreset::Disabled), or the final observation of
    /// [`Autoreset::NextStep`](crate::Autoreset::NextStep)), under any opening.
    Over = 5,
}

impl Phase {
    /// Every phase, in code order.
    pub const ALL: [Phase; 6] = [
        Phase::Place,
        Phase::Swap,
        Phase::Declare,
        Phase::Offer,
        Phase::Choose,
        Phase::Over,
    ];

    /// The code in the `phases` array.
    pub fn code(self) -> u8 {
        self as u8
    }

    /// The phase of a code; `None` for unknown codes.
    pub fn from_code(code: u8) -> Option<Phase> {
        Phase::ALL.get(usize::from(code)).copied()
    }

    /// The name: `place`, `swap`, `declare`, `offer`, `choose`, `over`.
    pub fn name(self) -> &'static str {
        match self {
            Phase::Place => "place",
            Phase::Swap => "swap",
            Phase::Declare => "declare",
            Phase::Offer => "offer",
            Phase::Choose => "choose",
            Phase::Over => "over",
        }
    }

    /// The phase of what the live referee requires.
    pub(crate) fn of_required(required: Required) -> Phase {
        match required {
            Required::Place => Phase::Place,
            Required::Swap => Phase::Swap,
            Required::Declare => Phase::Declare,
            Required::Offer => Phase::Offer,
            Required::Choose => Phase::Choose,
            Required::None => Phase::Over,
        }
    }
}
