//! The findings about a tournament: their stable codes ([`TournamentCode`]) and
//! severities, one finding ([`TournamentFinding`]), and a tournament read with the
//! findings of reading it ([`TournamentRead`]). The checks that make them live in
//! `checks`, `swiss_checks`, `knockout` and `standings`.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::model::Tournament;
use renju_records::report::Severity;

/// The stable machine code of a tournament finding.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum TournamentCode {
    /// A pairing names a player the tournament does not have.
    UnknownPlayer,
    /// Two players (or two teams) share an id.
    DuplicatePlayer,
    /// A player paired with themselves.
    PairedWithSelf,
    /// A player paired with two opponents (or an opponent and a bye) in one round.
    PairedTwice,
    /// A game one side records and the other does not.
    OneSidedPairing,
    /// The two sides of a game record results that cannot both be true.
    ResultContradiction,
    /// The two sides of a game record the same colour.
    ColourContradiction,
    /// A result against an opponent without one, or a bye with one.
    OpponentMismatch,
    /// Colours do not alternate in a match of two or more games.
    ColourAlternation,
    /// A team match where the first-named team does not have Black on the odd boards and
    /// White on the even boards.
    TeamBoardColour,
    /// A withdrawal handled against the rule (games after it, or remaining games that
    /// are not forfeits).
    WithdrawalRule,
    /// A declared points column that disagrees with the results.
    PointsMismatch,
    /// A declared rank that disagrees with the standings.
    RankMismatch,
    /// A knockout match that is tied and that no later round decides.
    KnockoutUndecided,
    /// Two players of a Swiss who play each other a second time.
    Rematch,
    /// A pairing bye against the Swiss rules: two in a round, a second one to a player,
    /// or one to a player who already scored a win without playing.
    PairingBye,
    /// A Swiss colour against the rules: a colour three times running or a colour
    /// difference past two, outside the final round's topscorers.
    ColourRule,
    /// A game record that cannot be placed in the crosstable (no players, no round, no
    /// result).
    UnusableGame,
    /// The file's tie-break list names criteria the library does not compute; the
    /// the Chinese rules' list for the system is used instead.
    UnsupportedTiebreak,
    /// The file scores results otherwise than 1, ½ and 0 (TRF `162`, bbpPairings' `BBW`
    /// ... records), or its `162` record cannot be read: the standings score 1, ½ and 0.
    UnsupportedScoreSystem,
    /// ARO asked for with opponents that have no rating (they are left out of the
    /// average).
    UnratedOpponents,
}

impl TournamentCode {
    /// The severity every finding of this code has.
    pub fn severity(self) -> Severity {
        use TournamentCode::*;
        match self {
            KnockoutUndecided
            | UnusableGame
            | UnsupportedTiebreak
            | UnsupportedScoreSystem
            | ColourAlternation => Severity::Warning,
            UnratedOpponents => Severity::Info,
            _ => Severity::Error,
        }
    }

    /// The code as written in reports (`"paired-twice"`).
    pub fn as_str(self) -> &'static str {
        use TournamentCode::*;
        match self {
            UnknownPlayer => "unknown-player",
            DuplicatePlayer => "duplicate-player",
            PairedWithSelf => "paired-with-self",
            PairedTwice => "paired-twice",
            OneSidedPairing => "one-sided-pairing",
            ResultContradiction => "result-contradiction",
            ColourContradiction => "colour-contradiction",
            OpponentMismatch => "opponent-mismatch",
            ColourAlternation => "colour-alternation",
            TeamBoardColour => "team-board-colour",
            WithdrawalRule => "withdrawal-rule",
            PointsMismatch => "points-mismatch",
            RankMismatch => "rank-mismatch",
            KnockoutUndecided => "knockout-undecided",
            Rematch => "rematch",
            PairingBye => "pairing-bye",
            ColourRule => "colour-rule",
            UnusableGame => "unusable-game",
            UnsupportedTiebreak => "unsupported-tiebreak",
            UnsupportedScoreSystem => "unsupported-score-system",
            UnratedOpponents => "unrated-opponents",
        }
    }
}

impl fmt::Display for TournamentCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One finding about a tournament.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TournamentFinding {
    /// How serious it is.
    pub severity: Severity,
    /// The stable code.
    pub code: TournamentCode,
    /// The round it concerns.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub round: Option<u32>,
    /// The player (or team) it concerns.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub player: Option<u32>,
    /// A sentence for people.
    pub message: String,
}

impl TournamentFinding {
    /// A finding with the code's severity.
    pub fn new(
        code: TournamentCode,
        round: Option<u32>,
        player: Option<u32>,
        message: impl Into<String>,
    ) -> TournamentFinding {
        TournamentFinding {
            severity: code.severity(),
            code,
            round,
            player,
            message: message.into(),
        }
    }
}

/// A tournament read from a file, with the findings about the records of that file that
/// could not be placed in it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TournamentRead {
    /// The tournament.
    pub tournament: Tournament,
    /// The records that could not be placed, and why.
    pub findings: Vec<TournamentFinding>,
}
