//! The data model: a tournament's players, teams, rounds and pairings (one [`CrosstableCell`]
//! per player, round and game, from that player's side), the results, the pairing
//! system and the limits every reader checks. The other modules read it: [`crate::trf`]
//! and [`crate::io`] fill it, [`crate::checks`] and [`crate::standings`] judge it.

use serde::{Deserialize, Serialize};

use renju_core::geometry::Color;

use crate::score::{HalfPoints, PointsError};
use crate::tiebreak::TieBreak;

/// The most rounds a tournament may have (a round number, a declared round count such
/// as TRF `XXR`/`142`, or a list of round dates past it is refused, with an error that
/// names this limit): the longest real events have a few dozen rounds, and a crosstable
/// is written with one cell per round.
pub const MAX_ROUNDS: u32 = 1000;

/// The most players (or teams) a tournament may have: a TRF start rank has four digits.
/// Player ids, as TRF start ranks, are at most this number when written as TRF.
pub const MAX_PLAYERS: usize = 9999;

/// A tournament past [`MAX_ROUNDS`] or [`MAX_PLAYERS`], found by
/// [`Tournament::check_limits`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum LimitError {
    /// More rounds declared than [`MAX_ROUNDS`].
    #[error("{declared} rounds declared: a tournament has at most {MAX_ROUNDS} rounds")]
    RoundsDeclared {
        /// The number of rounds declared.
        declared: u32,
    },
    /// A crosstable cell in a round past [`MAX_ROUNDS`].
    #[error("a pairing in round {round}: a tournament has at most {MAX_ROUNDS} rounds")]
    CellRound {
        /// The cell's round.
        round: u32,
    },
    /// Round dates past round [`MAX_ROUNDS`].
    #[error("round dates past round {MAX_ROUNDS}: a tournament has at most {MAX_ROUNDS} rounds")]
    RoundDates,
    /// More players or teams than [`MAX_PLAYERS`].
    #[error("{players} players and {teams} teams: a tournament has at most {MAX_PLAYERS} of each")]
    Competitors {
        /// The number of players.
        players: usize,
        /// The number of teams.
        teams: usize,
    },
}

/// How a tournament is paired. Its names come from one table (below): adding a system
/// is one row there and one file in [`crate::pairing`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum System {
    /// Everyone meets everyone (循环赛).
    RoundRobin,
    /// Swiss system (积分编排).
    Swiss,
    /// Knockout (淘汰赛): the loser of a match leaves.
    Knockout,
}

// The name used on the command line, in JSON, C and Python, then other spellings read.
renju_core::name_table!(System, "tournament system", {
    RoundRobin => "round-robin" | "roundrobin" | "rr",
    Swiss => "swiss",
    Knockout => "knockout" | "ko",
});

/// The result of one player in one game (or unplayed round), from that player's side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ResultKind {
    /// Won over the board.
    Win,
    /// Drew over the board.
    Draw,
    /// Lost over the board.
    Loss,
    /// Won because the opponent did not play (TRF `+`).
    ForfeitWin,
    /// Lost by not playing (TRF `-`).
    ForfeitLoss,
    /// Full-point bye (TRF `F`).
    FullBye,
    /// Half-point bye (TRF `H`).
    HalfBye,
    /// Zero-point bye (TRF `Z`).
    ZeroBye,
    /// The bye the pairing gave, a full point (TRF `U`).
    PairingBye,
    /// Not paired, absent (TRF blank or `0000 -` with no opponent).
    Absent,
}

impl ResultKind {
    /// The points this result scores: 1, ½ or 0.
    pub fn points(self) -> HalfPoints {
        use ResultKind::*;
        match self {
            Win | ForfeitWin | FullBye | PairingBye => HalfPoints::WIN,
            Draw | HalfBye => HalfPoints::DRAW,
            Loss | ForfeitLoss | ZeroBye | Absent => HalfPoints::ZERO,
        }
    }

    /// Whether the game was played over the board.
    pub fn is_played(self) -> bool {
        matches!(self, ResultKind::Win | ResultKind::Draw | ResultKind::Loss)
    }

    /// Whether this is a voluntarily unplayed round (FIDE C.07 art. 16: half- and
    /// zero-point byes, not paired, forfeit losses).
    pub fn is_vur(self) -> bool {
        use ResultKind::*;
        matches!(self, ForfeitLoss | HalfBye | ZeroBye | Absent)
    }

    /// Whether the result needs an opponent (played games and forfeits).
    pub fn has_opponent(self) -> bool {
        use ResultKind::*;
        matches!(self, Win | Draw | Loss | ForfeitWin | ForfeitLoss)
    }

    /// The result the opponent must have recorded, for results against an opponent.
    pub fn mirror(self) -> Option<ResultKind> {
        use ResultKind::*;
        Some(match self {
            Win => Loss,
            Loss => Win,
            Draw => Draw,
            ForfeitWin => ForfeitLoss,
            ForfeitLoss => ForfeitWin,
            _ => return None,
        })
    }
}

// The name written in JSON, C and Python (kebab-case).
renju_core::name_table!(ResultKind, "result", {
    Win => "win",
    Draw => "draw",
    Loss => "loss",
    ForfeitWin => "forfeit-win",
    ForfeitLoss => "forfeit-loss",
    FullBye => "full-bye",
    HalfBye => "half-bye",
    ZeroBye => "zero-bye",
    PairingBye => "pairing-bye",
    Absent => "absent",
});

/// A player (or, in a team event, one member of a team).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    /// The player's number in the tournament (TRF start rank), unique.
    pub id: u32,
    /// Name as written.
    pub name: String,
    /// Rating, when the player has one (used by ARO).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rating: Option<u32>,
    /// The team's id, in a team event.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub team: Option<u32>,
    /// TRF sex column (`m`, `w`), kept for round trips.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sex: Option<String>,
    /// TRF title column, kept for round trips.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    /// Federation.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub federation: Option<String>,
    /// Federation or FIDE id.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fide_id: Option<String>,
    /// Birth date as written.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub birth: Option<String>,
    /// Points the source file declares (TRF column 81-84), checked against the results.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub declared_points: Option<HalfPoints>,
    /// Rank the source file declares (TRF column 86-89), checked against the standings.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub declared_rank: Option<u32>,
}

impl Player {
    /// A player with only an id and a name.
    pub fn new(id: u32, name: impl Into<String>) -> Player {
        Player {
            id,
            name: name.into(),
            rating: None,
            team: None,
            sex: None,
            title: None,
            federation: None,
            fide_id: None,
            birth: None,
            declared_points: None,
            declared_rank: None,
        }
    }
}

/// A team with its players in board order (board 1 first).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Team {
    /// The team's number, unique.
    pub id: u32,
    /// Name.
    pub name: String,
    /// Player ids, board 1 first.
    pub boards: Vec<u32>,
    /// Match points the source declares, checked against the results.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub declared_points: Option<HalfPoints>,
    /// Rank the source declares.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub declared_rank: Option<u32>,
}

/// A round and what is known about it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Round {
    /// Round number, from 1.
    pub number: u32,
    /// The date as written (TRF 132), if known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub date: Option<String>,
}

/// One cell of the crosstable: one player's seat in one game (or unplayed round) of a
/// round, from that player's side, with its result. A game against an opponent appears
/// twice, once from each side; the games of a multi-game match are several cells of the
/// same two players in one round. (A pairing system's output, one board with both
/// players, is a [`crate::pairing::Pairing`].)
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CrosstableCell {
    /// Round number, from 1.
    pub round: u32,
    /// The player.
    pub player: u32,
    /// The opponent, for games and forfeits.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub opponent: Option<u32>,
    /// The player's colour, when known (Black moves first).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub color: Option<Color>,
    /// The result from the player's side.
    pub result: ResultKind,
    /// The board, in a team match (1 = top board); when absent, the player's place in
    /// the team's board order.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub board: Option<u32>,
}

impl CrosstableCell {
    /// The two cells of a game played in `round`, Black's then White's, each with its
    /// own result.
    ///
    /// ```
    /// use renju_tournament::{CrosstableCell, ResultKind};
    /// let [black, white] = CrosstableCell::game(3, 7, 9, ResultKind::Win, ResultKind::Loss);
    /// assert_eq!((black.player, black.opponent, white.result), (7, Some(9), ResultKind::Loss));
    /// ```
    pub fn game(
        round: u32,
        black: u32,
        white: u32,
        black_result: ResultKind,
        white_result: ResultKind,
    ) -> [CrosstableCell; 2] {
        let cell = |player, opponent, color, result| CrosstableCell {
            round,
            player,
            opponent: Some(opponent),
            color: Some(color),
            result,
            board: None,
        };
        [
            cell(black, white, Color::Black, black_result),
            cell(white, black, Color::White, white_result),
        ]
    }
}

/// A player (or a team, in a team event) who left the tournament.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Withdrawal {
    /// The player's id (the team's id in a team event).
    pub id: u32,
    /// The last round in which the player was still in the tournament (0: left before
    /// the first round).
    pub after_round: u32,
}

impl Withdrawal {
    /// Whether the withdrawal rule voids the player's games: in a round robin or a
    /// Swiss of `rounds` rounds, having played fewer than half of them (`played`: the
    /// rounds in which the player, or the team, played a game before leaving, as
    /// [`Tournament::rounds_played_before_withdrawal`] counts them; the Chinese game
    /// rules). Otherwise, and always in a knockout, the games played stand and the rest
    /// are lost by forfeit.
    ///
    /// ```
    /// use renju_tournament::{System, Withdrawal};
    /// // Left after round 5 of 9 with 4 games played (a bye): fewer than half, void.
    /// assert!(Withdrawal::voids_games(System::Swiss, 9, 4));
    /// assert!(!Withdrawal::voids_games(System::Swiss, 9, 5));
    /// assert!(!Withdrawal::voids_games(System::Knockout, 9, 0));
    /// ```
    pub fn voids_games(system: System, rounds: u32, played: u32) -> bool {
        // In u64: twice a round number near u32::MAX must not wrap.
        matches!(system, System::RoundRobin | System::Swiss)
            && 2 * u64::from(played) < u64::from(rounds)
    }
}

/// What a pairing program reads beside the crosstable, as TRF(x) files give it to
/// JaVaFo and bbpPairings: the initial colour, accelerations, forbidden pairs and the
/// points each result scores ([`Tournament::point_values`] puts these over a `162`
/// record's, and the standings, tie-breaks and checks score with them).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PairingSetup {
    /// The colour of the first player in round 1 (`XXC white1` / `XXC black1`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub initial_color: Option<Color>,
    /// Whether the pairing ids are the positions in the player list (`XXC rank`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub positional_ids: bool,
    /// Fictitious points added to players' scores for pairing (`XXA`), one line each.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub accelerations: Vec<Acceleration>,
    /// Groups of players who may not be paired with each other (`XXP`), one per line.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub forbidden: Vec<Vec<u32>>,
    /// The points each result scores (`BBW`, `BBD`...).
    #[serde(default, skip_serializing_if = "PointValues::is_empty")]
    pub points: PointValues,
}

impl PairingSetup {
    /// Whether nothing is set (a file without these records).
    pub fn is_empty(&self) -> bool {
        *self == PairingSetup::default()
    }
}

/// One player's accelerated points (`XXA`): fictitious points per round, round 1 first.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Acceleration {
    /// The player's id.
    pub player: u32,
    /// The points added in each round, round 1 first.
    pub points: Vec<HalfPoints>,
}

/// The points of each result, as bbpPairings reads them (`BBW`, `BBD`, `BBL`, `BBZ`,
/// `BBF`, `BBU`); `None`: not given (the usual 1, ½, 0, 0, 0 and a win's points for
/// the pairing-allocated bye).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PointValues {
    /// A win (`BBW`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub win: Option<HalfPoints>,
    /// A draw (`BBD`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub draw: Option<HalfPoints>,
    /// A loss (`BBL`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub loss: Option<HalfPoints>,
    /// A zero-point bye (`BBZ`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub zero_bye: Option<HalfPoints>,
    /// A forfeit loss (`BBF`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub forfeit_loss: Option<HalfPoints>,
    /// The pairing-allocated bye (`BBU`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pairing_bye: Option<HalfPoints>,
}

/// A `162` record (a game score system) that cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ScoreSystemError {
    /// A letter that names no result (bbpPairings' `W D L A P`; `X` is refused).
    #[error("`{letter}` is not a result code of a score system (W, D, L, A or P)")]
    Letter {
        /// The letter read.
        letter: char,
    },
    /// The points after a letter are not a number of half points.
    #[error("`{letter}`: {source}")]
    Points {
        /// The letter.
        letter: char,
        /// What is wrong with the points.
        source: PointsError,
    },
}

impl PointValues {
    /// Whether no value is given.
    pub fn is_empty(&self) -> bool {
        *self == PointValues::default()
    }

    /// The value a TRF point code names (`"BBW"`...), to read or set it.
    pub fn by_code(&mut self, code: &str) -> Option<&mut Option<HalfPoints>> {
        Some(match code {
            "BBW" => &mut self.win,
            "BBD" => &mut self.draw,
            "BBL" => &mut self.loss,
            "BBZ" => &mut self.zero_bye,
            "BBF" => &mut self.forfeit_loss,
            "BBU" => &mut self.pairing_bye,
            _ => return None,
        })
    }

    /// The values of a TRF-26 `162` record (the game score system), as bbpPairings reads
    /// and writes it: a letter and its points, repeated (bbpPairings puts the letters in
    /// columns 6, 15, 24... with the points in the four columns after each; any spacing
    /// is read): `W` a win (and the pairing-allocated bye, unless `P` is given), `D` a
    /// draw (and a half-point bye), `L` a loss, `A` a zero-point bye and a forfeit loss
    /// (`Z` is read the same), `P` the pairing-allocated bye. `X` and other letters are
    /// refused, as bbpPairings refuses them.
    ///
    /// ```
    /// use renju_tournament::{HalfPoints, PointValues};
    /// let p = PointValues::from_score_system("W 3.0    D 1.0").unwrap();
    /// assert_eq!((p.win, p.draw, p.loss), (Some(HalfPoints(6)), Some(HalfPoints(2)), None));
    /// assert!(!p.is_standard());
    /// assert!(PointValues::from_score_system("X 1.0").is_err());
    /// ```
    pub fn from_score_system(text: &str) -> Result<PointValues, ScoreSystemError> {
        let mut out = PointValues::default();
        let mut rest = text.trim();
        while let Some(letter) = rest.chars().next() {
            let after = rest[letter.len_utf8()..].trim_start();
            let end = after.find(char::is_whitespace).unwrap_or(after.len());
            let value: HalfPoints = after[..end]
                .parse()
                .map_err(|source| ScoreSystemError::Points { letter, source })?;
            match letter {
                'W' => out.win = Some(value),
                'D' => out.draw = Some(value),
                'L' => out.loss = Some(value),
                'A' | 'Z' => (out.zero_bye, out.forfeit_loss) = (Some(value), Some(value)),
                'P' => out.pairing_bye = Some(value),
                other => return Err(ScoreSystemError::Letter { letter: other }),
            }
            rest = after[end..].trim_start();
        }
        Ok(out)
    }

    /// The text of a `162` record for these values, as bbpPairings writes it after
    /// `162` and two spaces: the values that differ from the usual ones, each a letter
    /// and its points in a field of nine columns from column 6 (`W 3.0    D 1.0`; `A` for the zero-point bye and the
    /// forfeit loss, `P` for a pairing-allocated bye that differs from a win). `None`
    /// when the record cannot say it: a zero-point bye and a forfeit loss that differ,
    /// or points that do not fit four columns (100 or more).
    ///
    /// ```
    /// use renju_tournament::{HalfPoints, PointValues};
    /// let p = PointValues { win: Some(HalfPoints(6)), draw: Some(HalfPoints(2)), ..PointValues::default() };
    /// let text = p.to_score_system().unwrap();
    /// assert_eq!(format!("162  {text}"), "162  W 3.0    D 1.0");
    /// assert_eq!(PointValues::from_score_system(&text).unwrap(), p);
    /// ```
    pub fn to_score_system(&self) -> Option<String> {
        let full = self.resolved();
        if full.zero_bye != full.forfeit_loss {
            return None;
        }
        let usual = PointValues::default().resolved();
        let fields = [
            ('W', full.win, usual.win),
            ('D', full.draw, usual.draw),
            ('L', full.loss, usual.loss),
            ('A', full.forfeit_loss, usual.forfeit_loss),
            ('P', full.pairing_bye, full.win),
        ];
        let mut out = String::new();
        for (letter, value, usual) in fields {
            if value == usual {
                continue;
            }
            let v = value?;
            let text = if v.0 % 2 == 0 {
                format!("{v}.0")
            } else {
                v.to_string()
            };
            if v.0 < 0 || text.len() > 4 {
                return None;
            }
            if !out.is_empty() {
                out.push_str("    ");
            }
            out.push_str(&format!("{letter}{text:>4}"));
        }
        Some(out)
    }

    /// Every value given, the usual one where not: 1 for a win, ½ for a draw, 0 for a
    /// loss, a zero-point bye and a forfeit loss, a win's points for the
    /// pairing-allocated bye.
    pub fn resolved(&self) -> PointValues {
        let win = self.win.unwrap_or(HalfPoints::WIN);
        PointValues {
            win: Some(win),
            draw: Some(self.draw.unwrap_or(HalfPoints::DRAW)),
            loss: Some(self.loss.unwrap_or(HalfPoints::ZERO)),
            zero_bye: Some(self.zero_bye.unwrap_or(HalfPoints::ZERO)),
            forfeit_loss: Some(self.forfeit_loss.unwrap_or(HalfPoints::ZERO)),
            pairing_bye: Some(self.pairing_bye.unwrap_or(win)),
        }
    }

    /// These values with those `over` gives put over them.
    pub fn overlaid(self, over: PointValues) -> PointValues {
        PointValues {
            win: over.win.or(self.win),
            draw: over.draw.or(self.draw),
            loss: over.loss.or(self.loss),
            zero_bye: over.zero_bye.or(self.zero_bye),
            forfeit_loss: over.forfeit_loss.or(self.forfeit_loss),
            pairing_bye: over.pairing_bye.or(self.pairing_bye),
        }
    }

    /// The points a result scores under these values, as bbpPairings scores it: a win,
    /// a forfeit win and a full-point bye a win's points; a draw and a half-point bye a
    /// draw's; a loss a loss's; a forfeit loss its own; a zero-point bye and an absence
    /// the zero-point bye's; the pairing-allocated bye its own (a win's when not given).
    ///
    /// ```
    /// use renju_tournament::{HalfPoints, PointValues, ResultKind};
    /// let three = PointValues::from_score_system("W 3.0    D 1.0").unwrap();
    /// assert_eq!(three.points(ResultKind::ForfeitWin), HalfPoints(6));
    /// assert_eq!(three.points(ResultKind::HalfBye), HalfPoints(2));
    /// assert_eq!(PointValues::default().points(ResultKind::Draw), HalfPoints::DRAW);
    /// ```
    pub fn points(&self, kind: ResultKind) -> HalfPoints {
        use ResultKind::*;
        let usual = kind.points();
        let given = match kind {
            Win | ForfeitWin | FullBye => self.win,
            Draw | HalfBye => self.draw,
            Loss => self.loss,
            ForfeitLoss => self.forfeit_loss,
            ZeroBye | Absent => self.zero_bye,
            PairingBye => self.pairing_bye.or(self.win),
        };
        given.unwrap_or(usual)
    }

    /// Whether the values given are the usual ones: 1 for a win and the pairing bye, ½
    /// for a draw, 0 for a loss, a zero-point bye and a forfeit loss.
    pub fn is_standard(&self) -> bool {
        let is = |v: Option<HalfPoints>, usual: HalfPoints| v.is_none_or(|v| v == usual);
        is(self.win, HalfPoints::WIN)
            && is(self.draw, HalfPoints::DRAW)
            && is(self.loss, HalfPoints::ZERO)
            && is(self.zero_bye, HalfPoints::ZERO)
            && is(self.forfeit_loss, HalfPoints::ZERO)
            && is(self.pairing_bye, HalfPoints::WIN)
    }

    /// The values given, with their TRF codes, in the order `BBW BBD BBL BBZ BBF BBU`.
    pub fn with_codes(&self) -> Vec<(&'static str, HalfPoints)> {
        [
            ("BBW", self.win),
            ("BBD", self.draw),
            ("BBL", self.loss),
            ("BBZ", self.zero_bye),
            ("BBF", self.forfeit_loss),
            ("BBU", self.pairing_bye),
        ]
        .into_iter()
        .filter_map(|(code, v)| Some((code, v?)))
        .collect()
    }
}

/// The match points of a team match by its result (TRF-26 `362`, the scoring point
/// system for teams: `TW` a match won, `TD` drawn, `TL` lost). Without the record a
/// team event scores 1, ½ and 0 (the Chinese rules; [`Default`]); a record that names
/// only some codes takes TRF-26's values for the others (`TW 2.0`, `TD 1.0`, `TL 0.0`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TeamPointValues {
    /// A match won (a forfeit win and a pairing-allocated or full-point bye too).
    pub win: HalfPoints,
    /// A match drawn (a half-point bye too).
    pub draw: HalfPoints,
    /// A match lost (a forfeit loss, a zero-point bye and an absence too).
    pub loss: HalfPoints,
}

impl Default for TeamPointValues {
    fn default() -> TeamPointValues {
        TeamPointValues {
            win: HalfPoints(2),
            draw: HalfPoints(1),
            loss: HalfPoints::ZERO,
        }
    }
}

/// A `362` record (a team score system) that cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TeamScoreSystemError {
    /// A code that names no match result.
    #[error("{code:?} is not a code of a team score system (TW, TD or TL)")]
    Code {
        /// The code read.
        code: String,
    },
    /// A code without points after it.
    #[error("{code} has no points after it")]
    NoPoints {
        /// The code.
        code: String,
    },
    /// The points after a code are not a number of half points, or are below zero.
    #[error("{code}: {why}")]
    Points {
        /// The code.
        code: String,
        /// What is wrong with the points.
        why: String,
    },
    /// A code given twice.
    #[error("{code} is given twice")]
    Repeated {
        /// The code.
        code: String,
    },
    /// No code at all.
    #[error("no match points (TW, TD, TL) given")]
    Empty,
    /// Match points that do not fit the record's four columns.
    #[error("match points of 100 or more")]
    TooLarge,
}

impl TeamPointValues {
    /// Reads the text of a `362` record (after the code): codes `TW`, `TD`, `TL`, each
    /// followed by its match points (`11.5`), separated by blanks, in any order; a code
    /// not given takes TRF-26's default (2, 1, 0).
    ///
    /// ```
    /// use renju_tournament::{HalfPoints, TeamPointValues};
    /// let p = TeamPointValues::from_team_score_system("TW 3.0 TD 1.0").unwrap();
    /// assert_eq!((p.win, p.draw, p.loss), (HalfPoints(6), HalfPoints(2), HalfPoints(0)));
    /// assert!(TeamPointValues::from_team_score_system("TX 1.0").is_err());
    /// assert!(TeamPointValues::from_team_score_system("TW").is_err());
    /// ```
    pub fn from_team_score_system(text: &str) -> Result<TeamPointValues, TeamScoreSystemError> {
        let trf26 = TeamPointValues {
            win: HalfPoints(4),
            draw: HalfPoints(2),
            loss: HalfPoints::ZERO,
        };
        let mut given: [Option<HalfPoints>; 3] = [None; 3];
        let mut words = text.split_whitespace();
        while let Some(code) = words.next() {
            let slot = match code {
                "TW" => 0,
                "TD" => 1,
                "TL" => 2,
                _ => return Err(TeamScoreSystemError::Code { code: code.into() }),
            };
            let named = || code.to_string();
            let points = words
                .next()
                .ok_or_else(|| TeamScoreSystemError::NoPoints { code: named() })?;
            let value: HalfPoints =
                points
                    .parse()
                    .map_err(|e: PointsError| TeamScoreSystemError::Points {
                        code: named(),
                        why: e.to_string(),
                    })?;
            if value < HalfPoints::ZERO {
                return Err(TeamScoreSystemError::Points {
                    code: named(),
                    why: format!("{points} is below zero"),
                });
            }
            if given[slot].replace(value).is_some() {
                return Err(TeamScoreSystemError::Repeated { code: named() });
            }
        }
        if given.iter().all(Option::is_none) {
            return Err(TeamScoreSystemError::Empty);
        }
        Ok(TeamPointValues {
            win: given[0].unwrap_or(trf26.win),
            draw: given[1].unwrap_or(trf26.draw),
            loss: given[2].unwrap_or(trf26.loss),
        })
    }

    /// The text of a `362` record for these values: all three codes, each with its
    /// points (`TW 2.0 TD 1.0 TL 0.0`). `None` when a value does not fit four columns
    /// (100 or more).
    ///
    /// ```
    /// use renju_tournament::TeamPointValues;
    /// let p = TeamPointValues::from_team_score_system("TW 3 TL 0.5").unwrap();
    /// assert_eq!(p.to_team_score_system().unwrap(), "TW 3.0 TD 1.0 TL 0.5");
    /// ```
    pub fn to_team_score_system(&self) -> Option<String> {
        let field = |v: HalfPoints| {
            let text = if v.0 % 2 == 0 {
                format!("{v}.0")
            } else {
                v.to_string()
            };
            (text.len() <= 4).then_some(text)
        };
        Some(format!(
            "TW {} TD {} TL {}",
            field(self.win)?,
            field(self.draw)?,
            field(self.loss)?
        ))
    }

    /// The text of a `362` record (after the code) as the library keeps it: read
    /// ([`TeamPointValues::from_team_score_system`]) and written back
    /// ([`TeamPointValues::to_team_score_system`]), every code with its points.
    ///
    /// ```
    /// use renju_tournament::{TeamPointValues, TeamScoreSystemError};
    /// assert_eq!(TeamPointValues::normalized("TD 0.5  TW 3").unwrap(), "TW 3.0 TD 0.5 TL 0.0");
    /// let e = TeamPointValues::normalized("TW 100").unwrap_err();
    /// assert_eq!(e, TeamScoreSystemError::TooLarge);
    /// ```
    pub fn normalized(text: &str) -> Result<String, TeamScoreSystemError> {
        (TeamPointValues::from_team_score_system(text)?.to_team_score_system())
            .ok_or(TeamScoreSystemError::TooLarge)
    }

    /// The match points of a team's round scored `kind` (its result counted 1, ½ or 0).
    pub fn points(&self, kind: ResultKind) -> HalfPoints {
        match kind.points() {
            HalfPoints(2) => self.win,
            HalfPoints(1) => self.draw,
            _ => self.loss,
        }
    }
}

/// A tournament: the crosstable and what the organiser declared about it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tournament {
    /// Name.
    #[serde(default)]
    pub name: String,
    /// Pairing system, when the source says.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub system: Option<System>,
    /// Number of rounds scheduled (0: as many as the pairings show).
    #[serde(default)]
    pub rounds: u32,
    /// Rounds with their dates, when the source gives them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub round_info: Vec<Round>,
    /// Players.
    pub players: Vec<Player>,
    /// Teams (empty: an individual event).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub teams: Vec<Team>,
    /// Every player's seat in every round: the crosstable's cells (named `pairings` in
    /// JSON, as before).
    #[serde(rename = "pairings")]
    pub cells: Vec<CrosstableCell>,
    /// Players (teams) who left, with the round.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub withdrawals: Vec<Withdrawal>,
    /// The organiser's tie-break list (TRF 202); empty: the Chinese rules' list for the system.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tiebreaks: Vec<TieBreak>,
    /// Ids in the order a play-off or a drawing of lots put them; it separates players
    /// that no tie-break separates, and nothing else. Never invented by the library.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub decided_order: Vec<u32>,
    /// Encoded time control (TRF-26 222), as written.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time_control: Option<String>,
    /// Score system (TRF-26 `162`), as written: read by [`PointValues::from_score_system`]
    /// (the TRF reader refuses one it cannot read) and scored with
    /// ([`Tournament::point_values`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub score_system: Option<String>,
    /// Team score system (TRF-26 `362`), as [`TeamPointValues::to_team_score_system`]
    /// writes it: the match points of a team match ([`Tournament::team_point_values`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub team_score_system: Option<String>,
    /// Other tournament records, `(code, text)`, kept for round trips (TRF `022` city,
    /// `042` start date and so on).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tags: Vec<(String, String)>,
    /// What a pairing program reads beside the crosstable (TRF(x) `XXC`, `XXA`,
    /// `XXP`, `BBW`...).
    #[serde(default, skip_serializing_if = "PairingSetup::is_empty")]
    pub pairing_setup: PairingSetup,
}

impl Tournament {
    /// Whether this is a team event (it has teams).
    pub fn is_team_event(&self) -> bool {
        !self.teams.is_empty()
    }

    /// The number of rounds: the scheduled number, or the last round that has pairings.
    pub fn round_count(&self) -> u32 {
        let last = self.cells.iter().map(|p| p.round).max().unwrap_or(0);
        self.rounds.max(last)
    }

    /// The rounds, up to the withdrawal's, in which the withdrawn player (or a member of
    /// the withdrawn team) played a game over the board: what the withdrawal rule
    /// weighs against half the rounds (byes, forfeits and absences are not games played).
    pub fn rounds_played_before_withdrawal(&self, w: &Withdrawal) -> u32 {
        let members = self.withdrawn_players(w);
        let mut rounds: Vec<u32> = (self.cells.iter())
            .filter(|c| c.round <= w.after_round && c.result.is_played())
            .filter(|c| members.contains(&c.player))
            .map(|c| c.round)
            .collect();
        rounds.sort_unstable();
        rounds.dedup();
        rounds.len() as u32
    }

    /// The players a withdrawal takes out: the player, or every member of the team in a
    /// team event.
    pub fn withdrawn_players(&self, w: &Withdrawal) -> Vec<u32> {
        if self.is_team_event() {
            self.players
                .iter()
                .filter(|p| p.team == Some(w.id))
                .map(|p| p.id)
                .collect()
        } else {
            vec![w.id]
        }
    }

    /// The points each result scores: the `162` record's values (when it reads), with
    /// the `BBW`... records ([`PairingSetup::points`]) put over them; the usual 1, ½ and
    /// 0 for what neither gives. The standings, tie-breaks, checks and pairings score
    /// with these.
    ///
    /// ```
    /// use renju_tournament::{HalfPoints, ResultKind, Tournament};
    /// let mut t = Tournament::default();
    /// t.score_system = Some("W 3.0    D 1.0".into());
    /// assert_eq!(t.point_values().points(ResultKind::Win), HalfPoints(6));
    /// t.pairing_setup.points.win = Some(HalfPoints(4));
    /// assert_eq!(t.point_values().points(ResultKind::PairingBye), HalfPoints(4));
    /// ```
    pub fn point_values(&self) -> PointValues {
        let declared = (self.score_system.as_deref())
            .and_then(|text| PointValues::from_score_system(text).ok())
            .unwrap_or_default();
        declared.overlaid(self.pairing_setup.points)
    }

    /// The match points of this team event's matches: the `362` record's, else 1, ½
    /// and 0.
    ///
    /// ```
    /// use renju_tournament::{HalfPoints, ResultKind, Tournament};
    /// let mut t = Tournament::default();
    /// assert_eq!(t.team_point_values().points(ResultKind::Win), HalfPoints(2));
    /// t.team_score_system = Some("TW 2.0 TD 1.0 TL 0.0".into());
    /// assert_eq!(t.team_point_values().points(ResultKind::Win), HalfPoints(4));
    /// ```
    pub fn team_point_values(&self) -> TeamPointValues {
        (self.team_score_system.as_deref())
            .and_then(|text| TeamPointValues::from_team_score_system(text).ok())
            .unwrap_or_default()
    }

    /// Sets the team score system (TRF-26 `362`) from a record's text (after the code),
    /// kept as the TRF reader keeps it ([`TeamPointValues::normalized`]); `None` removes
    /// it (matches score 1, ½ and 0). Text that cannot be read is refused and the
    /// tournament left as it was.
    ///
    /// ```
    /// use renju_tournament::Tournament;
    /// let mut t = Tournament::default();
    /// t.set_team_score_system(Some("TW 3")).unwrap();
    /// assert_eq!(t.team_score_system.as_deref(), Some("TW 3.0 TD 1.0 TL 0.0"));
    /// assert!(t.set_team_score_system(Some("TX 1")).is_err());
    /// assert_eq!(t.team_score_system.as_deref(), Some("TW 3.0 TD 1.0 TL 0.0"));
    /// t.set_team_score_system(None).unwrap();
    /// assert_eq!(t.team_score_system, None);
    /// ```
    pub fn set_team_score_system(
        &mut self,
        text: Option<&str>,
    ) -> Result<(), TeamScoreSystemError> {
        self.team_score_system = text.map(TeamPointValues::normalized).transpose()?;
        Ok(())
    }

    /// A player by id.
    pub fn player(&self, id: u32) -> Option<&Player> {
        self.players.iter().find(|p| p.id == id)
    }

    /// The value of a kept record (`"042"` start date...).
    pub fn tag(&self, code: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(k, _)| k == code)
            .map(|(_, v)| v.as_str())
    }

    /// The system: the one declared, or the one the pairings show (everyone met
    /// everyone: round robin; otherwise Swiss).
    pub fn effective_system(&self) -> System {
        if let Some(s) = self.system {
            return s;
        }
        let n = self.players.len();
        if n < 2 {
            return System::RoundRobin;
        }
        let mut met = std::collections::HashSet::new();
        for p in &self.cells {
            if let Some(o) = p.opponent {
                if o != p.player {
                    met.insert((p.player.min(o), p.player.max(o)));
                }
            }
        }
        if self.is_team_event() {
            let team_of: std::collections::HashMap<u32, u32> = self
                .players
                .iter()
                .filter_map(|p| p.team.map(|t| (p.id, t)))
                .collect();
            let mut team_met = std::collections::HashSet::new();
            for (a, b) in &met {
                if let (Some(x), Some(y)) = (team_of.get(a), team_of.get(b)) {
                    if x != y {
                        team_met.insert((*x.min(y), *x.max(y)));
                    }
                }
            }
            let t = self.teams.len();
            return if team_met.len() == t.saturating_mul(t.saturating_sub(1)) / 2 {
                System::RoundRobin
            } else {
                System::Swiss
            };
        }
        if met.len() == n.saturating_mul(n.saturating_sub(1)) / 2 {
            System::RoundRobin
        } else {
            System::Swiss
        }
    }

    /// Puts the cells in the canonical order, by round then player (games of one
    /// match keep their order). The TRF reader returns them in this order.
    pub fn sort_cells(&mut self) {
        self.cells.sort_by_key(|p| (p.round, p.player));
    }

    /// Whether the tournament keeps to [`MAX_ROUNDS`] and [`MAX_PLAYERS`]: every
    /// reader (TRF, JSON, game files, Python's pickles) checks it, so that a hostile
    /// round number is refused before anything is sized by it.
    pub fn check_limits(&self) -> Result<(), LimitError> {
        if self.rounds > MAX_ROUNDS {
            return Err(LimitError::RoundsDeclared {
                declared: self.rounds,
            });
        }
        if let Some(p) = self.cells.iter().find(|p| p.round > MAX_ROUNDS) {
            return Err(LimitError::CellRound { round: p.round });
        }
        if self.round_info.len() > MAX_ROUNDS as usize
            || self.round_info.iter().any(|r| r.number > MAX_ROUNDS)
        {
            return Err(LimitError::RoundDates);
        }
        if self.players.len() > MAX_PLAYERS || self.teams.len() > MAX_PLAYERS {
            return Err(LimitError::Competitors {
                players: self.players.len(),
                teams: self.teams.len(),
            });
        }
        Ok(())
    }
}
