//! Why the referee refused an action: [`Refusal`], with a stable [`RefusalCode`].

use thiserror::Error;

use crate::findings::FindingCode;

/// The kind of a refusal; its name is stable across versions and languages.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RefusalCode {
    /// The seat named is not the one that must act.
    NotYourTurn,
    /// The protocol asks for another kind of action now.
    WrongAction,
    /// The point is occupied.
    Occupied,
    /// The point is off the board.
    OffBoard,
    /// The point is outside the opening protocol's area for this move.
    OutsideArea,
    /// The point is forbidden for Black (the `refuse` foul policy).
    Forbidden,
    /// The wrong number of fifth-move offers, or a declaration outside the range.
    OfferCount,
    /// Two offered fifth moves are symmetric.
    SymmetricOffers,
    /// The point chosen was not offered.
    NotOffered,
    /// A draw offer at a time the rules do not allow one.
    DrawOfferNotAllowed,
    /// The game is over.
    GameOver,
    /// The arbiter paused the game: no player acts until the arbiter's `unpause`.
    Paused,
    /// The request cannot be read, or makes no sense (time going backwards, ...).
    BadRequest,
    /// The game is adjourned (a move is sealed): no player acts until the arbiter's
    /// `resume`.
    Adjourned,
    /// The sealed move given at the resumption does not match the seal's digest.
    SealMismatch,
}

renju_core::name_table!(RefusalCode, "refusal code", {
    NotYourTurn => "not-your-turn",
    WrongAction => "wrong-action",
    Occupied => "occupied",
    OffBoard => "off-board",
    OutsideArea => "outside-area",
    Forbidden => "forbidden",
    OfferCount => "offer-count",
    SymmetricOffers => "symmetric-offers",
    NotOffered => "not-offered",
    DrawOfferNotAllowed => "draw-offer-not-allowed",
    GameOver => "game-over",
    Paused => "paused",
    BadRequest => "bad-request",
    Adjourned => "adjourned",
    SealMismatch => "seal-mismatch",
});

impl RefusalCode {
    /// The refusal a finding of a replay stands for in live play (`None`: the finding
    /// does not stop the action, such as a lapsed foul).
    pub(crate) fn of_finding(code: FindingCode) -> Option<RefusalCode> {
        use FindingCode as F;
        Some(match code {
            F::OccupiedPoint => RefusalCode::Occupied,
            F::OffBoard => RefusalCode::OffBoard,
            F::MoveAfterGameEnd | F::PlayAfterFlag | F::DecisionOutOfOrder => RefusalCode::GameOver,
            F::OpeningArea => RefusalCode::OutsideArea,
            F::PassInOpening | F::SwapNotAllowed | F::OffersNotAllowed => RefusalCode::WrongAction,
            F::OfferDeclaration | F::OfferCount => RefusalCode::OfferCount,
            F::InvalidOffer => RefusalCode::NotOffered,
            F::SymmetricFifthOffers => RefusalCode::SymmetricOffers,
            F::DrawOfferOutOfTurn | F::TooManyDrawOffers => RefusalCode::DrawOfferNotAllowed,
            F::InvalidClockEvent => RefusalCode::BadRequest,
            F::SealedMove => RefusalCode::WrongAction,
            _ => return None,
        })
    }
}

/// An action the referee refused: nothing changed. The message says why, naming the
/// rule.
///
/// ```
/// use renju_records::referee::{Action, Referee, RefereeOptions, RefusalCode};
/// let mut referee = Referee::new(RefereeOptions::default()).unwrap();
/// let refusal = referee.act(Action::Swap.into()).unwrap_err();
/// assert_eq!(refusal.code, RefusalCode::WrongAction);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("{code}: {message}")]
pub struct Refusal {
    /// The kind, stable.
    pub code: RefusalCode,
    /// Why, in a sentence.
    pub message: String,
}

impl Refusal {
    pub(crate) fn new(code: RefusalCode, message: impl Into<String>) -> Refusal {
        Refusal {
            code,
            message: message.into(),
        }
    }
}
