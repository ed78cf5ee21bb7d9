//! Game records: the rule set, opening protocol and claim model a game was played under,
//! and the events of the game (stones, passes, swap decisions, fifth-move offers, a
//! declared result).
//!
//! Readers (see [`crate::formats`]) fill in what their format says and leave the rest
//! `None`; replay ([`Game::replay`], in [`crate::replay`]) and validation
//! ([`Game::validate`], [`crate::report::validate`]) complete it from
//! [`ValidationOptions`](crate::replay::ValidationOptions).

use std::fmt;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::clock::{LateArrival, Penalty};
use crate::opening::OpeningRule;
use crate::sealed::{SealDigest, SealedMove};
pub use crate::seat::Seat;
use crate::time_control::TimeControl;
use renju_core::error::ParseError;
use renju_core::geometry::{Color, Point, RENJU_SIZE};
use renju_core::notation::Move;
use renju_core::rules::{RenjuOptions, RuleSet};

/// How fouls are claimed (see `docs/rules.md`, Games).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum ClaimModel {
    /// A forbidden move ends the game at once and White wins (digital referee).
    #[default]
    Automatic,
    /// The RIF rules' article 9.8 (as its published restatements word it): a
    /// double-three or double-four lapses once White plays on without claiming; an
    /// overline can be claimed until the game ends.
    RifClaim,
    /// The Chinese rules as their published summaries give them ("White must point the
    /// foul out at once; if White plays on, the foul lapses"): every foul, an overline
    /// too, lapses once White plays on (no summary makes an exception for overlines; the
    /// full rulebook could not be consulted).
    ChineseClaim,
}

renju_core::name_table!(ClaimModel, "claim model", {
    Automatic => "automatic" | "auto",
    RifClaim => "rif-claim" | "rif",
    ChineseClaim => "chinese-claim" | "chinese",
});

/// Why a declared result came about.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ResultReason {
    /// A five (or a winning line).
    Five,
    /// A forbidden move by Black.
    Forbidden,
    /// Resignation.
    Resignation,
    /// Time.
    Time,
    /// Forfeit (absent, late past the default time, or gone).
    Forfeit,
    /// Draw by agreement.
    Agreement,
    /// Two passes in succession.
    TwoPasses,
    /// Full board.
    FullBoard,
    /// Anything else, as written in the record.
    Other(String),
}

impl fmt::Display for ResultReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ResultReason::Five => "five",
            ResultReason::Forbidden => "forbidden move",
            ResultReason::Resignation => "resignation",
            ResultReason::Time => "time",
            ResultReason::Forfeit => "forfeit",
            ResultReason::Agreement => "agreement",
            ResultReason::TwoPasses => "two passes",
            ResultReason::FullBoard => "full board",
            ResultReason::Other(text) => text,
        })
    }
}

/// A result written in the record.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct DeclaredResult {
    /// The winning colour, `None` for a draw.
    pub winner: Option<Color>,
    /// Why, when the record says.
    pub reason: Option<ResultReason>,
}

/// One event of a game record.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "kebab-case")]
pub enum Event {
    /// The next stone. Colours alternate from Black; a pass also hands the turn over.
    Stone {
        /// Where.
        point: Point,
    },
    /// The side to move passes.
    Pass,
    /// A colour decision by the player entitled to make one: `swap` = exchange colours.
    Swap {
        /// Whether the colours were exchanged.
        swap: bool,
    },
    /// The number of fifth-move offers declared (Yamaguchi and Chinese: with the
    /// opening; Soosorv: with move 4; Taraguchi: choosing the offer branch).
    DeclareOffers {
        /// How many fifth moves Black will offer.
        count: u8,
    },
    /// Black's offered fifth moves and the one White chose; the chosen one is the fifth
    /// stone, the others never enter the board.
    FifthOffers {
        /// Every offered point, in the order given.
        offered: Vec<Point>,
        /// The point White kept.
        chosen: Point,
    },
    /// A result written in the record.
    Result(DeclaredResult),
    /// The clock readings of the move just played: how long it took and/or the time
    /// (and the quota's moves, or overtime periods) its player had left after it.
    MoveTime {
        /// How long the move took, in milliseconds.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        elapsed_ms: Option<u64>,
        /// Time left after the move, in milliseconds.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        left_ms: Option<u64>,
        /// Moves left in the period's quota (SGF `OB`/`OW`: overtime periods left in
        /// byo-yomi).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        moves_left: Option<u32>,
    },
    /// A player offers a draw.
    DrawOffer {
        /// Who offers.
        by: Color,
    },
    /// The answer to the draw offer on the table (a move by the opponent also declines
    /// it).
    DrawAnswer {
        /// Whether the offer was accepted (the game is drawn).
        accepted: bool,
    },
    /// A violation the referee noted.
    Violation {
        /// Who committed it.
        by: Color,
        /// What it was, in words.
        reason: String,
    },
    /// A time penalty: taken from the offender, given to the opponent (each at most
    /// five minutes as a rule, a longer one noted); the clock is told the same value.
    Penalty(Penalty),
    /// A player arrived late (before their first move); the clock is told the same
    /// value.
    LateArrival(LateArrival),
    /// The referee splits a shared time pool.
    SplitTime,
    /// The arbiter stops both clocks: no clock runs and no player acts until
    /// [`Event::Unpause`].
    Pause,
    /// The arbiter restarts the clocks after [`Event::Pause`]; the time between is
    /// charged to nobody (the move's time read after it leaves the pause out).
    Unpause {
        /// How long the pause lasted, in milliseconds, when the record says.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        paused_ms: Option<u64>,
    },
    /// The player to move seals their next move (an adjournment): both clocks stop, no
    /// player acts until [`Event::Unseal`], and the record carries only the move's
    /// digest ([`crate::sealed`]).
    Seal {
        /// The sealer's colour.
        by: Color,
        /// The digest of the sealed move.
        digest: SealDigest,
        /// The time the sealer had used on the move when sealing it (a timed game): a
        /// referee resumed from the record charges it to the move at the resumption.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        elapsed_ms: Option<u64>,
    },
    /// The game resumes: the sealed move is revealed (it must match the seal's digest)
    /// and is the next stone; a sealed move that is off the board, on an occupied point
    /// or (judged automatically) forbidden loses for the sealer
    /// ([`Termination::IllegalSealedMove`](renju_core::outcome::Termination)).
    Unseal {
        /// The sealed move, with its salt.
        sealed: SealedMove,
    },
    /// Both flags are down and nobody can tell which fell first.
    BothFlagsDown,
    /// A player resigns.
    Resign {
        /// Who resigns.
        by: Color,
    },
    /// A player forfeits (absent, or leaves the game).
    Forfeit {
        /// Who forfeits.
        by: Color,
    },
    /// Both players forfeit: both lose.
    DoubleForfeit,
    /// A referee's decision on the result, for a reason given in words.
    Decision {
        /// The winner, `None` for a draw.
        winner: Option<Color>,
        /// Why.
        reason: String,
    },
}

/// Where a game came from, for error messages and reports.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Source {
    /// File name, shared by every game of the file (a long path is stored once).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub file: Option<Arc<str>>,
    /// 1-based line of the record's start (text formats).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<usize>,
    /// Byte offset of the record's start (binary formats).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub byte_offset: Option<u64>,
    /// 0-based index of the game within its file (tree formats: of the root-to-leaf line).
    pub index: usize,
}

/// A game record as read from a file.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub struct Game {
    /// The record's id (RenjuNet game id, SGF `GN`, ...), when it has one.
    pub id: Option<String>,
    /// The rule set, when the format says (`None`: take the validation default).
    pub rule_set: Option<RuleSet>,
    /// The opening protocol, when the format says.
    pub opening: Option<OpeningRule>,
    /// The claim model, when the format says.
    pub claims: Option<ClaimModel>,
    /// The number of stones at which the referee declares the game drawn, when the
    /// record sets one (a match's `--draw-after N`, Gomocup's draw at 200 stones): the
    /// game ends as [`Termination::DeclaredDraw`](renju_core::outcome::Termination) once
    /// a move leaves that many stones on the board and the move has not won.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub draw_after: Option<u16>,
    /// Renju options, when the format says.
    pub options: Option<RenjuOptions>,
    /// The time control, when the format says.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time_control: Option<TimeControl>,
    /// A rule the record names that the library does not know (for example a RenjuNet
    /// rule id it cannot map): reported as such, never guessed.
    pub unknown_rule: Option<String>,
    /// The board side (15 unless the format says otherwise).
    pub size: u8,
    /// The events, in order.
    pub events: Vec<Event>,
    /// Other fields of the record (players, event, date, comments), as `(key, value)`.
    pub tags: Vec<(String, String)>,
    /// Where the record came from.
    pub source: Source,
}

impl Game {
    /// An empty record on a board of `size`.
    pub fn new(size: u8) -> Game {
        Game {
            size,
            ..Game::default()
        }
    }

    /// A record made of a move list on the 15x15 board.
    ///
    /// ```
    /// use renju_records::game::Game;
    /// let game = Game::from_moves("h8 i9 pass j10").unwrap();
    /// assert_eq!(game.events.len(), 4);
    /// ```
    pub fn from_moves(moves: &str) -> Result<Game, ParseError> {
        let mut game = Game::new(RENJU_SIZE);
        for mv in renju_core::notation::parse_moves(moves, RENJU_SIZE)? {
            game.events.push(mv.into());
        }
        Ok(game)
    }

    /// The stones and passes in play order, with offers resolved to the chosen point.
    pub fn moves(&self) -> impl Iterator<Item = Move> + '_ {
        self.events.iter().filter_map(|e| match e {
            Event::Stone { point } => Some(Move::Stone(*point)),
            Event::Pass => Some(Move::Pass),
            Event::FifthOffers { chosen, .. } => Some(Move::Stone(*chosen)),
            _ => None,
        })
    }

    /// The value of a tag, if present.
    pub fn tag(&self, key: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }
}

impl Event {
    /// The event's kind, as its JSON `event` field names it (`stone`, `pass`, `swap`,
    /// `declare-offers`, `fifth-offers`, `result`, `move-time`, `draw-offer`, ...).
    pub fn kind(&self) -> &'static str {
        match self {
            Event::Stone { .. } => "stone",
            Event::Pass => "pass",
            Event::Swap { .. } => "swap",
            Event::DeclareOffers { .. } => "declare-offers",
            Event::FifthOffers { .. } => "fifth-offers",
            Event::Result(_) => "result",
            Event::MoveTime { .. } => "move-time",
            Event::DrawOffer { .. } => "draw-offer",
            Event::DrawAnswer { .. } => "draw-answer",
            Event::Violation { .. } => "violation",
            Event::Penalty(Penalty { .. }) => "penalty",
            Event::LateArrival(LateArrival { .. }) => "late-arrival",
            Event::SplitTime => "split-time",
            Event::Pause => "pause",
            Event::Unpause { .. } => "unpause",
            Event::Seal { .. } => "seal",
            Event::Unseal { .. } => "unseal",
            Event::BothFlagsDown => "both-flags-down",
            Event::Resign { .. } => "resign",
            Event::Forfeit { .. } => "forfeit",
            Event::DoubleForfeit => "double-forfeit",
            Event::Decision { .. } => "decision",
        }
    }
}

/// What the event is, in words (for messages): `h8`, `a pass`, `a swap decision`, ...
impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Event::Stone { point } => write!(f, "the stone {point}"),
            Event::Pass => f.write_str("a pass"),
            Event::Swap { swap: true } => f.write_str("a swap of colours"),
            Event::Swap { swap: false } => f.write_str("a decision not to swap"),
            Event::DeclareOffers { count } => {
                write!(f, "a declaration of {count} fifth-move offers")
            }
            Event::FifthOffers { offered, chosen } => {
                write!(f, "{} fifth-move offers (chosen {chosen})", offered.len())
            }
            Event::MoveTime {
                elapsed_ms,
                left_ms,
                moves_left,
            } => {
                f.write_str("a clock reading")?;
                if let Some(ms) = elapsed_ms {
                    write!(f, " ({ms} ms spent)")?;
                }
                if let Some(ms) = left_ms {
                    write!(f, " ({ms} ms left)")?;
                }
                if let Some(n) = moves_left {
                    write!(f, " ({n} moves left)")?;
                }
                Ok(())
            }
            Event::DrawOffer { by } => write!(f, "a draw offer by {by}"),
            Event::DrawAnswer { accepted: true } => f.write_str("the acceptance of a draw"),
            Event::DrawAnswer { accepted: false } => f.write_str("the refusal of a draw"),
            Event::Violation { by, reason } => write!(f, "a violation by {by} ({reason})"),
            Event::Penalty(Penalty { offender, .. }) => write!(f, "a time penalty for {offender}"),
            Event::LateArrival(LateArrival { color, .. }) => {
                write!(f, "the late arrival of {color}")
            }
            Event::SplitTime => f.write_str("the split of the shared time"),
            Event::Pause => f.write_str("a pause of the clocks"),
            Event::Unpause { .. } => f.write_str("the end of a pause"),
            Event::Seal { by, .. } => write!(f, "a move sealed by {by}"),
            Event::Unseal { sealed } => write!(f, "the sealed move {}", sealed.point),
            Event::BothFlagsDown => f.write_str("both flags down"),
            Event::Resign { by } => write!(f, "the resignation of {by}"),
            Event::Forfeit { by } => write!(f, "the forfeit of {by}"),
            Event::DoubleForfeit => f.write_str("a double forfeit"),
            Event::Decision { .. } => f.write_str("a referee's decision"),
            Event::Result(DeclaredResult { winner, reason }) => {
                match winner {
                    Some(c) => write!(f, "a declared {c} win")?,
                    None => f.write_str("a declared draw")?,
                }
                match reason {
                    Some(reason) => write!(f, " by {reason}"),
                    None => Ok(()),
                }
            }
        }
    }
}

impl From<Move> for Event {
    fn from(m: Move) -> Event {
        match m {
            Move::Stone(point) => Event::Stone { point },
            Move::Pass => Event::Pass,
        }
    }
}
