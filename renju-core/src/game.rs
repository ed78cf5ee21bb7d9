//! Game records: the rule set, opening protocol and claim model a game was played under,
//! and the events of the game (stones, passes, swap decisions, fifth-move offers, a
//! declared result).
//!
//! Readers (see [`crate::formats`]) fill in what their format says and leave the rest
//! `None`; validation ([`Game::validate`], [`crate::report::validate`]) completes it from
//! [`ValidationOptions`].

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::error::ParseError;
use crate::geometry::{Color, Point, RENJU_SIZE};
use crate::opening::OpeningRule;
use crate::rules::{RenjuOptions, RuleSet};

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
    /// The other seat.
    pub fn other(self) -> Seat {
        match self {
            Seat::First => Seat::Second,
            Seat::Second => Seat::First,
        }
    }
}

/// How fouls are claimed (`SPEC.md`, Games).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ClaimModel {
    /// A forbidden move ends the game at once and White wins (digital referee).
    #[default]
    Automatic,
    /// RIF 9.8: a double-three or double-four lapses once White plays on without
    /// claiming; an overline can be claimed until the game ends.
    RifClaim,
    /// Chinese rules: every foul lapses once White plays on.
    ChineseClaim,
}

impl ClaimModel {
    /// The name used in options and JSON.
    pub fn name(self) -> &'static str {
        match self {
            ClaimModel::Automatic => "automatic",
            ClaimModel::RifClaim => "rif-claim",
            ClaimModel::ChineseClaim => "chinese-claim",
        }
    }
}

impl fmt::Display for ClaimModel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for ClaimModel {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_lowercase().replace('_', "-").as_str() {
            "automatic" | "auto" => Ok(ClaimModel::Automatic),
            "rif-claim" | "rif" => Ok(ClaimModel::RifClaim),
            "chinese-claim" | "chinese" => Ok(ClaimModel::ChineseClaim),
            _ => Err(ParseError::new(format!(
                "unknown claim model `{s}` (expected automatic, rif-claim or chinese-claim)"
            ))),
        }
    }
}

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
}

/// Where a game came from, for error messages and reports.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Source {
    /// File name.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub file: Option<String>,
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
    /// Renju options, when the format says.
    pub options: Option<RenjuOptions>,
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
    /// use renju_core::game::Game;
    /// let game = Game::from_moves("h8 i9 pass j10").unwrap();
    /// assert_eq!(game.events.len(), 4);
    /// ```
    pub fn from_moves(moves: &str) -> Result<Game, ParseError> {
        let mut game = Game::new(RENJU_SIZE);
        for mv in crate::notation::parse_moves(moves, RENJU_SIZE)? {
            game.events.push(mv.into());
        }
        Ok(game)
    }

    /// The stones and passes in play order, with offers resolved to the chosen point.
    pub fn moves(&self) -> impl Iterator<Item = crate::Move> + '_ {
        self.events.iter().filter_map(|e| match e {
            Event::Stone { point } => Some(crate::Move::Stone(*point)),
            Event::Pass => Some(crate::Move::Pass),
            Event::FifthOffers { chosen, .. } => Some(crate::Move::Stone(*chosen)),
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

impl From<crate::Move> for Event {
    fn from(m: crate::Move) -> Event {
        match m {
            crate::Move::Stone(point) => Event::Stone { point },
            crate::Move::Pass => Event::Pass,
        }
    }
}

// ---------------------------------------------------------------------------
// Replay and validation
// ---------------------------------------------------------------------------

use crate::opening::{offers_equivalent, OfferEquivalence, Offers, Opening};
use crate::position::{Move, Position, Termination, Verdict};
use crate::report::{Finding, FindingCode, GameReport};
use crate::FoulKind;

/// Defaults for what a record does not say, and choices of reading.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct ValidationOptions {
    /// Rule set when the record does not name one (default Renju).
    pub rule_set: RuleSet,
    /// Opening protocol when the record does not name one (default free).
    pub opening: OpeningRule,
    /// Claim model when the record does not say (default automatic).
    pub claims: ClaimModel,
    /// Renju options when the record does not say (default: the RIF reading).
    pub renju: RenjuOptions,
    /// How offered fifth moves are compared (default: shape symmetry).
    pub offer_equivalence: OfferEquivalence,
}

/// How a game ended, as reports give it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum GameTermination {
    /// A winning line on the board.
    Five,
    /// A forbidden move by Black, claimed (or judged automatically).
    Forbidden,
    /// Two passes in succession.
    TwoPasses,
    /// The board filled up.
    FullBoard,
    /// The record declares a result the board does not show (resignation, time, ...).
    Declared,
    /// The game has not ended.
    Unfinished,
}

impl GameTermination {
    /// The name used in reports (`"five"`, `"two-passes"`, ...).
    pub fn name(self) -> &'static str {
        match self {
            GameTermination::Five => "five",
            GameTermination::Forbidden => "forbidden",
            GameTermination::TwoPasses => "two-passes",
            GameTermination::FullBoard => "full-board",
            GameTermination::Declared => "declared",
            GameTermination::Unfinished => "unfinished",
        }
    }
}

impl fmt::Display for GameTermination {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl From<Termination> for GameTermination {
    fn from(t: Termination) -> GameTermination {
        match t {
            Termination::Five => GameTermination::Five,
            Termination::Forbidden => GameTermination::Forbidden,
            Termination::TwoPasses => GameTermination::TwoPasses,
            Termination::FullBoard => GameTermination::FullBoard,
        }
    }
}

impl From<crate::Outcome> for GameOutcome {
    fn from(o: crate::Outcome) -> GameOutcome {
        GameOutcome {
            winner: o.winner,
            termination: o.termination.into(),
        }
    }
}

/// Who won a game and how.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct GameOutcome {
    /// The winning colour, `None` for a draw or an unfinished game.
    pub winner: Option<Color>,
    /// How the game ended.
    pub termination: GameTermination,
}

/// The verdict of one replayed move.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveVerdict {
    /// 1-based move number (stones and passes).
    pub number: usize,
    /// The move.
    pub played: Move,
    /// The colour that played it.
    pub color: Color,
    /// What it did.
    pub verdict: Verdict,
}

/// The result of replaying a game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Replay {
    /// How the game ended.
    pub outcome: GameOutcome,
    /// The seat that won, when a colour won (swaps taken into account).
    pub winner_seat: Option<Seat>,
    /// The verdict of every move replayed.
    pub verdicts: Vec<MoveVerdict>,
    /// Everything found along the way.
    pub findings: Vec<Finding>,
    /// The canonical opening of the first three stones, when it is one of the 26.
    pub opening: Option<Opening>,
    /// The final position (empty when the game could not be replayed at all).
    pub position: Option<Position>,
}

struct Resolved {
    rule_set: RuleSet,
    opening: OpeningRule,
    claims: ClaimModel,
    renju: RenjuOptions,
}

impl Game {
    fn resolve(&self, options: &ValidationOptions) -> Resolved {
        Resolved {
            rule_set: self.rule_set.unwrap_or(options.rule_set),
            opening: self.opening.unwrap_or(options.opening),
            claims: self.claims.unwrap_or(options.claims),
            renju: self.options.unwrap_or(options.renju),
        }
    }

    /// Replays the game under its rules (defaults from `options` where the record is
    /// silent): the verdict of every move, the outcome, and every finding about the
    /// opening protocol, fouls, claims and the declared result.
    ///
    /// ```
    /// use renju_core::game::{Game, GameTermination, ValidationOptions};
    /// use renju_core::Color;
    /// // Black's h8 would be a double-three (f8 g8 + h6 h7): White wins.
    /// let game = Game::from_moves("f8 a1 g8 c1 h6 e1 h7 g1 h8").unwrap();
    /// let replay = game.replay(&ValidationOptions::default());
    /// assert_eq!(replay.outcome.termination, GameTermination::Forbidden);
    /// assert_eq!(replay.outcome.winner, Some(Color::White));
    /// ```
    pub fn replay(&self, options: &ValidationOptions) -> Replay {
        let r = self.resolve(options);
        let mut findings = Vec::new();
        let unfinished = GameOutcome {
            winner: None,
            termination: GameTermination::Unfinished,
        };
        let stop = |findings: Vec<Finding>| Replay {
            outcome: unfinished,
            winner_seat: None,
            verdicts: vec![],
            findings,
            opening: None,
            position: None,
        };
        if let Some(rule) = &self.unknown_rule {
            findings.push(Finding::new(
                FindingCode::UnknownRule,
                None,
                format!("the record's rule `{rule}` is not one this library knows; the game was not replayed"),
            ));
            return stop(findings);
        }
        let mut pos = match Position::with_size(r.rule_set, self.size) {
            Ok(p) => p.with_options(r.renju),
            Err(e) => {
                findings.push(Finding::new(FindingCode::BoardSize, None, e.to_string()));
                return stop(findings);
            }
        };
        let mut state = ProtocolState::new(r.opening, self.size, options.offer_equivalence);
        let mut verdicts = Vec::new();
        let mut black_seat = Seat::First;
        let mut declared: Option<(DeclaredResult, usize)> = None;
        // A foul played on under a claim model: (move number, kind, claimable until end).
        let mut pending_foul: Option<(usize, FoulKind)> = None;
        let mut claimable_overline: Option<usize> = None;
        let mut ended = false;
        let mut after_end_reported = false;

        for event in &self.events {
            let mv = match event {
                Event::Stone { point } => Move::Stone(*point),
                Event::Pass => Move::Pass,
                Event::FifthOffers { chosen, .. } => Move::Stone(*chosen),
                Event::Swap { swap } => {
                    state.swap(pos.moves().len(), *swap, &mut findings);
                    if *swap {
                        black_seat = black_seat.other();
                    }
                    continue;
                }
                Event::DeclareOffers { count } => {
                    state.declare(pos.moves().len(), *count, &mut findings);
                    continue;
                }
                Event::Result(result) => {
                    declared = Some((result.clone(), pos.moves().len()));
                    continue;
                }
            };
            let number = pos.moves().len() + 1;
            if ended {
                if !after_end_reported {
                    findings.push(Finding::new(
                        FindingCode::MoveAfterGameEnd,
                        Some(number),
                        format!("move {number} ({mv}) comes after the game ended"),
                    ));
                    after_end_reported = true;
                }
                continue;
            }
            // A foul left on the board lapses (or stays claimable) once White plays on.
            if let Some((foul_move, kind)) = pending_foul.take() {
                let lapses = match r.claims {
                    ClaimModel::ChineseClaim => true,
                    ClaimModel::RifClaim => kind != FoulKind::Overline,
                    ClaimModel::Automatic => false,
                };
                if lapses {
                    findings.push(Finding::new(
                        FindingCode::LapsedFoul,
                        Some(foul_move),
                        format!("Black's {kind} at move {foul_move} was not claimed before White played on; it lapsed ({})", r.claims),
                    ));
                } else {
                    claimable_overline.get_or_insert(foul_move);
                }
            }
            if let Event::FifthOffers { offered, chosen } = event {
                state.offers(&pos, number, offered, *chosen, &mut findings);
            }
            state.before_move(number, mv, &mut findings);
            let color = pos.to_move();
            let verdict = match pos.play(mv) {
                Ok(v) => v,
                Err(e) => {
                    let code = match e {
                        crate::IllegalMove::Occupied { .. } => FindingCode::OccupiedPoint,
                        crate::IllegalMove::OffBoard { .. } => FindingCode::OffBoard,
                        crate::IllegalMove::GameOver { .. } => FindingCode::MoveAfterGameEnd,
                    };
                    findings.push(Finding::new(
                        code,
                        Some(number),
                        format!("move {number}: {e}"),
                    ));
                    // The record cannot go on from an impossible move.
                    ended = true;
                    after_end_reported = true;
                    continue;
                }
            };
            if let Verdict::Forbidden(foul) = &verdict {
                findings.push(Finding::new(
                    FindingCode::ForbiddenMove,
                    Some(number),
                    format!(
                        "move {number} ({mv}) is a forbidden {} for Black",
                        foul.primary
                    ),
                ));
                if r.claims != ClaimModel::Automatic {
                    pos.play_on_after_foul();
                    pending_foul = Some((number, foul.primary));
                }
            }
            ended = pos.outcome().is_some();
            verdicts.push(MoveVerdict {
                number,
                played: mv,
                color,
                verdict,
            });
        }
        state.finish(&pos, &mut findings);

        // The outcome: the board first, then the record's result, then a foul that is
        // still claimable when the record ends.
        let unclaimed = pending_foul.map(|(m, _)| m).or(claimable_overline);
        let white_claims = GameOutcome {
            winner: Some(Color::White),
            termination: GameTermination::Forbidden,
        };
        let board = pos.outcome().map(GameOutcome::from);
        let outcome = match (board, declared) {
            (Some(board), declared) => {
                if let Some((result, _)) = declared.filter(|(r, _)| r.winner != board.winner) {
                    findings.push(Finding::new(
                        FindingCode::ResultMismatch,
                        None,
                        format!(
                            "the record declares {}, but the board shows {} ({})",
                            describe(result.winner),
                            describe(board.winner),
                            board.termination.name()
                        ),
                    ));
                }
                board
            }
            (None, None) if unclaimed.is_some() => white_claims,
            (None, None) => unfinished,
            (None, Some((result, at))) => {
                let by_foul = matches!(result.reason, None | Some(ResultReason::Forbidden));
                match unclaimed {
                    // White claimed the foul: the record's result says so.
                    Some(_) if result.winner == Some(Color::White) && by_foul => white_claims,
                    Some(foul_move) => {
                        findings.push(Finding::new(
                            FindingCode::LapsedFoul,
                            Some(foul_move),
                            format!(
                                "Black's foul at move {foul_move} was never claimed; the record declares {} instead",
                                describe(result.winner)
                            ),
                        ));
                        declared_outcome(&result)
                    }
                    None => {
                        match &result.reason {
                            Some(
                                reason @ (ResultReason::Five
                                | ResultReason::Forbidden
                                | ResultReason::TwoPasses
                                | ResultReason::FullBoard),
                            ) => findings.push(Finding::new(
                                FindingCode::ResultMismatch,
                                None,
                                format!(
                                    "the record declares {} by {reason}, which the board does not show",
                                    describe(result.winner)
                                ),
                            )),
                            None => findings.push(Finding::new(
                                FindingCode::ResultUnexplained,
                                None,
                                format!(
                                    "the record declares {} after move {at}, which the board does not show, and gives no reason",
                                    describe(result.winner)
                                ),
                            )),
                            Some(_) => {}
                        }
                        declared_outcome(&result)
                    }
                }
            }
        };
        let winner_seat = outcome.winner.map(|c| match c {
            Color::Black => black_seat,
            Color::White => black_seat.other(),
        });
        let mut stones = self.moves().filter_map(|m| match m {
            Move::Stone(p) => Some(p),
            Move::Pass => None,
        });
        let opening = match (stones.next(), stones.next(), stones.next()) {
            (Some(a), Some(b), Some(c)) if r.rule_set == RuleSet::Renju => {
                Opening::identify(a, b, c)
            }
            _ => None,
        };
        // Stable: findings about one move keep the order they arose in.
        findings.sort_by_key(|f| f.move_number.unwrap_or(usize::MAX));
        Replay {
            outcome,
            winner_seat,
            verdicts,
            findings,
            opening,
            position: Some(pos),
        }
    }

    /// Replays the game and reports on it.
    pub fn validate(&self, options: &ValidationOptions) -> GameReport {
        let r = self.resolve(options);
        let replay = self.replay(options);
        // A game under a rule the library does not know was judged under none.
        let judged = self.unknown_rule.is_none();
        GameReport {
            source: self.source.file.clone(),
            index: self.source.index,
            id: self.id.clone(),
            moves: replay.verdicts.len(),
            rule: judged.then(|| r.rule_set.to_string()),
            protocol: judged.then(|| r.opening.to_string()),
            opening: replay.opening.map(|o| format!("{} {}", o.code, o.romaji)),
            outcome: replay.outcome,
            findings: replay.findings,
        }
    }
}

fn declared_outcome(result: &DeclaredResult) -> GameOutcome {
    GameOutcome {
        winner: result.winner,
        termination: GameTermination::Declared,
    }
}

fn describe(winner: Option<Color>) -> String {
    match winner {
        Some(c) => format!("a {c} win"),
        None => "a draw".to_string(),
    }
}

/// The opening protocol, followed event by event.
struct ProtocolState {
    rule: OpeningRule,
    spec: crate::opening::ProtocolSpec,
    size: u8,
    equivalence: OfferEquivalence,
    declared: Option<u8>,
    /// Colour decisions so far: (moves played, swapped).
    swaps_at: Vec<(usize, bool)>,
    offers_seen: bool,
}

impl ProtocolState {
    fn new(rule: OpeningRule, size: u8, equivalence: OfferEquivalence) -> ProtocolState {
        ProtocolState {
            rule,
            spec: rule.spec(),
            size,
            equivalence,
            declared: None,
            swaps_at: vec![],
            offers_seen: false,
        }
    }

    fn swap(&mut self, played: usize, swap: bool, findings: &mut Vec<Finding>) {
        // Swap2: a choice after move 5 exists only when the second player placed two
        // more stones instead of choosing (or swapping) after move 3.
        let swap2_chosen =
            self.rule == OpeningRule::Swap2 && played == 5 && self.swaps_at.contains(&(3, true));
        // Taraguchi: the swap after move 5 belongs to the branch without offers.
        let offer_branch = played == 5 && self.offers_seen;
        let allowed = self.spec.swap_after.contains(&played)
            && !self.swaps_at.iter().any(|&(at, _)| at == played)
            && !swap2_chosen
            && !offer_branch;
        if !allowed {
            findings.push(Finding::new(
                FindingCode::SwapNotAllowed,
                Some(played),
                format!("{} gives no swap decision after move {played}", self.rule),
            ));
        }
        self.swaps_at.push((played, swap));
    }

    fn declare(&mut self, played: usize, count: u8, findings: &mut Vec<Finding>) {
        match self.spec.declare {
            Some((when, min, max))
                if when.contains(&played)
                    && (min..=max).contains(&count)
                    && self.declared.is_none() =>
            {
                self.declared = Some(count);
            }
            Some((when, min, max)) => {
                let why = if self.declared.is_some() {
                    "the number of offers was already declared".to_string()
                } else if !when.contains(&played) {
                    format!(
                        "it is declared after move {played}, not when {} says",
                        self.rule
                    )
                } else {
                    format!("{} allows {min} to {max}", self.rule)
                };
                findings.push(Finding::new(
                    FindingCode::OfferDeclaration,
                    Some(played),
                    format!("{count} fifth-move offers cannot be declared: {why}"),
                ));
                self.declared.get_or_insert(count);
            }
            None => findings.push(Finding::new(
                FindingCode::OfferDeclaration,
                Some(played),
                format!("{} has no declared number of fifth-move offers", self.rule),
            )),
        }
    }

    fn required_offers(&self) -> Option<u8> {
        match self.spec.offers? {
            Offers::Fixed(n) | Offers::Optional(n) => Some(n),
            Offers::Declared => self.declared,
        }
    }

    fn offers(
        &mut self,
        pos: &Position,
        number: usize,
        offered: &[Point],
        chosen: Point,
        findings: &mut Vec<Finding>,
    ) {
        self.offers_seen = true;
        // Taraguchi: the swap after move 4 belongs to the branch without offers.
        if matches!(self.spec.offers, Some(Offers::Optional(_)))
            && self.swaps_at.iter().any(|&(at, _)| at == 4)
        {
            findings.push(Finding::new(
                FindingCode::SwapNotAllowed,
                Some(4),
                format!(
                    "{} has no swap after move 4 when Black offers fifth moves",
                    self.rule
                ),
            ));
        }
        if self.spec.offers.is_none() || number != 5 {
            let why = if self.spec.offers.is_none() {
                format!("{} has no fifth-move offers", self.rule)
            } else {
                format!("offers belong to move 5, not move {number}")
            };
            findings.push(Finding::new(
                FindingCode::OffersNotAllowed,
                Some(number),
                why,
            ));
            return;
        }
        match self.required_offers() {
            Some(n) if offered.len() != n as usize => findings.push(Finding::new(
                FindingCode::OfferCount,
                Some(number),
                format!(
                    "{} offers were made where {} requires {n}",
                    offered.len(),
                    self.rule
                ),
            )),
            // The record does not show the declaration (SGF cannot): the offers made are
            // the number declared, which must still be one the protocol allows.
            None => {
                if let Some((_, min, max)) = self.spec.declare {
                    let n = offered.len();
                    if n < min as usize || n > max as usize {
                        findings.push(Finding::new(
                            FindingCode::OfferDeclaration,
                            Some(number),
                            format!("{n} fifth-move offers: {} allows {min} to {max}", self.rule),
                        ));
                    }
                }
            }
            _ => {}
        }
        let board = pos.board();
        for (i, &p) in offered.iter().enumerate() {
            let problem = if !p.is_on(self.size) {
                Some("is off the board")
            } else if board.get(p).is_some() {
                Some("is occupied")
            } else if offered[..i].contains(&p) {
                Some("is offered twice")
            } else {
                None
            };
            if let Some(problem) = problem {
                findings.push(Finding::new(
                    FindingCode::InvalidOffer,
                    Some(number),
                    format!("offered fifth move {p} {problem}"),
                ));
            }
        }
        if !offered.contains(&chosen) {
            findings.push(Finding::new(
                FindingCode::InvalidOffer,
                Some(number),
                format!("White chose {chosen}, which was not offered"),
            ));
        }
        let stones: Vec<(Point, Color)> = board.stones().collect();
        for i in 0..offered.len() {
            for j in i + 1..offered.len() {
                let (a, b) = (offered[i], offered[j]);
                if a != b && offers_equivalent(&stones, a, b, self.equivalence, self.size) {
                    findings.push(Finding::new(
                        FindingCode::SymmetricFifthOffers,
                        Some(number),
                        format!(
                            "offered fifth moves {a} and {b} are symmetric ({} equivalence)",
                            self.equivalence
                        ),
                    ));
                }
            }
        }
    }

    fn before_move(&mut self, number: usize, mv: Move, findings: &mut Vec<Finding>) {
        let p = match mv {
            Move::Pass => {
                if number <= self.spec.no_pass_through {
                    findings.push(Finding::new(
                        FindingCode::PassInOpening,
                        Some(number),
                        format!("{} does not allow a pass at move {number}", self.rule),
                    ));
                }
                return;
            }
            Move::Stone(p) => p,
        };
        let center = Point::center(self.size);
        let mut area = self.spec.areas.get(number - 1).copied().flatten();
        // Taraguchi: move 5 is in the 9x9 only in the branch without offers.
        if number == 5 && self.offers_seen && matches!(self.spec.offers, Some(Offers::Optional(_)))
        {
            area = None;
        }
        if let Some(limit) = area {
            if p.chebyshev(center) > limit {
                let zone = match limit {
                    0 => format!("on the centre {center}"),
                    l => {
                        let side = 2 * l + 1;
                        format!("inside the central {side}x{side}")
                    }
                };
                findings.push(Finding::new(
                    FindingCode::OpeningArea,
                    Some(number),
                    format!("{} puts move {number} {zone}, not on {p}", self.rule),
                ));
            }
        }
        if number == 3 {
            if let Some(min) = self.spec.min_distance_move3 {
                if p.chebyshev(center) < min {
                    findings.push(Finding::new(
                        FindingCode::OpeningArea,
                        Some(number),
                        format!(
                            "{} puts move 3 at least {min} points from the centre, not on {p}",
                            self.rule
                        ),
                    ));
                }
            }
        }
    }

    fn finish(&self, pos: &Position, findings: &mut Vec<Finding>) {
        let needs_offers = matches!(self.spec.offers, Some(Offers::Fixed(_) | Offers::Declared));
        let fifth_is_stone = matches!(pos.moves().nth(4), Some(Move::Stone(_)));
        if needs_offers && !self.offers_seen && fifth_is_stone {
            findings.push(Finding::new(
                FindingCode::OffersNotRecorded,
                Some(5),
                format!(
                    "{} has fifth-move offers, but the record does not show them",
                    self.rule
                ),
            ));
        }
    }
}
