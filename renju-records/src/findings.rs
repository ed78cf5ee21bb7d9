//! Findings: what validation finds in a record, with a stable code, a severity and a
//! sentence. The codes and severities are the same in Rust, JSON, C and Python.
//!
//! This module depends on nothing else in the crate but the name tables.
//!
//! ```
//! use renju_records::{FindingCode, Severity};
//! assert_eq!(FindingCode::LapsedFoul.name(), "lapsed-foul");
//! assert_eq!(FindingCode::LapsedFoul.severity(), Severity::Warning);
//! assert_eq!("occupied-point".parse::<FindingCode>().unwrap(), FindingCode::OccupiedPoint);
//! ```

use serde::{Deserialize, Serialize};

use renju_core::name_table;

/// How serious a finding is (see `docs/rules.md`, Validation reports).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Severity {
    /// The record cannot be a legal game under its rules.
    Error,
    /// Legal but suspicious (a lapsed foul, an unexplained declared result).
    Warning,
    /// Worth knowing (a forbidden move that ended the game, offers not recorded).
    Info,
}

name_table!(Severity, "severity", {
    Error => "error",
    Warning => "warning",
    Info => "info",
});

/// The stable machine code of a finding.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum FindingCode {
    /// The record could not be read (file, line or byte, message).
    UnreadableRecord,
    /// The record names a rule the library does not know; it was not replayed.
    UnknownRule,
    /// The board size is not allowed by the rule set.
    BoardSize,
    /// A stone on an occupied point.
    OccupiedPoint,
    /// A stone off the board.
    OffBoard,
    /// A move after the game had ended.
    MoveAfterGameEnd,
    /// Black played a forbidden move (the game ended there, or White claimed it).
    ForbiddenMove,
    /// A foul White did not claim in time; play went on.
    LapsedFoul,
    /// An opening stone outside the area its protocol allows.
    OpeningArea,
    /// A pass where the opening protocol forbids one.
    PassInOpening,
    /// A swap decision where the protocol gives none.
    SwapNotAllowed,
    /// A declared number of offers outside what the protocol allows, or a declaration
    /// where none is made.
    OfferDeclaration,
    /// Fifth-move offers where the protocol has none, or not at move 5.
    OffersNotAllowed,
    /// Not as many offers as the protocol (or the declaration) requires.
    OfferCount,
    /// An offered point that is occupied, off the board or offered twice, or a chosen
    /// point that was not offered.
    InvalidOffer,
    /// Two offered fifth moves that are equivalent by symmetry.
    SymmetricFifthOffers,
    /// The protocol has fifth-move offers but the record does not show them.
    OffersNotRecorded,
    /// The declared result contradicts the board.
    ResultMismatch,
    /// A declared result that the board does not show and no reason explains.
    ResultUnexplained,
    /// Two games of one batch share an id.
    DuplicateId,
    /// A whole file could not be read (missing, a directory, no permission).
    UnreadableFile,
    /// A flag fell: who lost on time, and during which move.
    FlagFell,
    /// A time left (or moves left) written in the record contradicts the replayed clock
    /// by more than the tolerance.
    ClockMismatch,
    /// Moves were played after a flag fell.
    PlayAfterFlag,
    /// The record's times are incomplete: the clock was checked as far as they go.
    TimesIncomplete,
    /// The time a player spent (RenjuNet `btime`/`wtime`) is more than the control
    /// allows.
    TimeOverAllowance,
    /// A clock event the rules do not allow (lateness
    /// after a move, a split without a shared pool).
    InvalidClockEvent,
    /// A seal or a sealed move the rules do not allow: a seal by a player not to move or
    /// outside a move of the game, a seal inside an adjournment or a pause, an unsealing
    /// without a seal, a sealed move that does not match its digest, a stone after the
    /// resumption other than the sealed move.
    SealedMove,
    /// The sealed move was illegal at the resumption (off the board, occupied, or a
    /// forbidden move judged automatically): the sealer lost.
    IllegalSealedMove,
    /// A time penalty of more than five minutes: the rules say penalties are generally at
    /// most five minutes, so a longer one is allowed and noted.
    LongPenalty,
    /// A late arrival, a penalty or a split of the time in a record with no time control:
    /// nothing can check it (a late player's forfeit needs a clock's limit).
    UntimedClockEvent,
    /// A draw offer not made right after the offering player's own move (a violation).
    DrawOfferOutOfTurn,
    /// A draw offer while the player's offers already exceed the opponent's by two (a
    /// violation).
    TooManyDrawOffers,
    /// A violation the record notes.
    Violation,
    /// A player's second violation: the game is lost.
    SecondViolation,
    /// An answer to a draw offer nobody made, or a decision after the game ended.
    DecisionOutOfOrder,
}

impl FindingCode {
    /// Whether the finding is about the clock (what `renju clock` shows).
    pub fn is_about_the_clock(self) -> bool {
        use FindingCode::*;
        matches!(
            self,
            FlagFell
                | ClockMismatch
                | PlayAfterFlag
                | TimesIncomplete
                | TimeOverAllowance
                | InvalidClockEvent
        )
    }

    /// The severity every finding of this code has.
    pub fn severity(self) -> Severity {
        use FindingCode::*;
        match self {
            ForbiddenMove | OffersNotRecorded | FlagFell | TimesIncomplete | SecondViolation
            | IllegalSealedMove => Severity::Info,
            LapsedFoul | ResultUnexplained | DuplicateId | DrawOfferOutOfTurn
            | TooManyDrawOffers | Violation | LongPenalty | UntimedClockEvent => Severity::Warning,
            _ => Severity::Error,
        }
    }
}

renju_core::name_table!(FindingCode, "finding code", {
    UnreadableRecord => "unreadable-record",
    UnknownRule => "unknown-rule",
    BoardSize => "board-size",
    OccupiedPoint => "occupied-point",
    OffBoard => "off-board",
    MoveAfterGameEnd => "move-after-game-end",
    ForbiddenMove => "forbidden-move",
    LapsedFoul => "lapsed-foul",
    OpeningArea => "opening-area",
    PassInOpening => "pass-in-opening",
    SwapNotAllowed => "swap-not-allowed",
    OfferDeclaration => "offer-declaration",
    OffersNotAllowed => "offers-not-allowed",
    OfferCount => "offer-count",
    InvalidOffer => "invalid-offer",
    SymmetricFifthOffers => "symmetric-fifth-offers",
    OffersNotRecorded => "offers-not-recorded",
    ResultMismatch => "result-mismatch",
    ResultUnexplained => "result-unexplained",
    DuplicateId => "duplicate-id",
    UnreadableFile => "unreadable-file",
    FlagFell => "flag-fell",
    ClockMismatch => "clock-mismatch",
    PlayAfterFlag => "play-after-flag",
    TimesIncomplete => "times-incomplete",
    TimeOverAllowance => "time-over-allowance",
    InvalidClockEvent => "invalid-clock-event",
    SealedMove => "sealed-move",
    IllegalSealedMove => "illegal-sealed-move",
    LongPenalty => "long-penalty",
    UntimedClockEvent => "untimed-clock-event",
    DrawOfferOutOfTurn => "draw-offer-out-of-turn",
    TooManyDrawOffers => "too-many-draw-offers",
    Violation => "violation",
    SecondViolation => "second-violation",
    DecisionOutOfOrder => "decision-out-of-order",
});

/// One finding about one game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Finding {
    /// How serious it is.
    pub severity: Severity,
    /// The stable code.
    pub code: FindingCode,
    /// The move number (1-based, stones and passes counted), when it concerns a move.
    #[serde(rename = "move")]
    pub move_number: Option<usize>,
    /// A sentence for people.
    pub message: String,
    /// The line of the record in its file (text formats), when known: where an
    /// unreadable record's error is, or where a replayed game's record starts.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub line: Option<usize>,
    /// The byte offset of the record in its file (binary formats), when known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub byte_offset: Option<u64>,
}

impl Finding {
    /// A finding with the code's severity.
    pub fn new(
        code: FindingCode,
        move_number: Option<usize>,
        message: impl Into<String>,
    ) -> Finding {
        Finding {
            severity: code.severity(),
            code,
            move_number,
            message: message.into(),
            line: None,
            byte_offset: None,
        }
    }
}
