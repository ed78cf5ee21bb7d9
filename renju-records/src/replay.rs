//! Replay: a game record played out under its rules, move by move, with every finding
//! about the opening protocol, fouls, claims and the declared result.
//!
//! [`Game::replay`] reads as its steps: resolve the rules the record is silent on, set
//! up the board, feed each event to a `Run` (one method per kind of event), then settle
//! the outcome (the board first, then the record's declared result, then a foul still
//! claimable at the end).

use serde::{Deserialize, Serialize};

use crate::clock::ClockOptions;
use crate::decisions::{Decisions, MoveClock, TimeReport};
use crate::findings::{Finding, FindingCode, Severity};
use crate::game::{ClaimModel, DeclaredResult, Event, Game, ResultReason, Seat};
use crate::opening::{OfferEquivalence, Opening, OpeningRule};
use crate::protocol::{Actor, ProtocolState, Step};
use crate::time_control::TimeControl;
use renju_core::forbidden::FoulKind;
use renju_core::geometry::{Color, Point};
use renju_core::notation::Move;
use renju_core::outcome::{Outcome, Termination};
use renju_core::position::{IllegalMove, Position, Verdict};
use renju_core::rules::{RenjuOptions, RuleSet};

/// Defaults for what a record does not say, and choices of reading.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
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
    /// Time control when the record does not name one (default none: times in the
    /// record are then not checked).
    #[serde(default)]
    pub time_control: Option<TimeControl>,
    /// The clock's choices (both flags, default time for late arrival).
    #[serde(default)]
    pub clock: ClockOptions,
    /// How far a time left written in a record may be from the replayed clock before it
    /// is reported, in milliseconds (default 1 s: records round).
    pub time_tolerance_ms: u64,
}

impl Default for ValidationOptions {
    fn default() -> ValidationOptions {
        ValidationOptions {
            rule_set: RuleSet::default(),
            opening: OpeningRule::default(),
            claims: ClaimModel::default(),
            renju: RenjuOptions::default(),
            offer_equivalence: OfferEquivalence::default(),
            time_control: None,
            clock: ClockOptions::default(),
            time_tolerance_ms: 1000,
        }
    }
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
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Replay {
    /// How the game ended.
    pub outcome: Outcome,
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
    /// What the clock says, when the game had a time control.
    pub time: Option<TimeReport>,
    /// Both clocks after every timed move.
    pub clock: Vec<MoveClock>,
}

impl Replay {
    /// A record that could not be replayed at all: one finding says why.
    fn not_replayed(finding: Finding) -> Replay {
        Replay {
            outcome: Outcome::UNFINISHED,
            winner_seat: None,
            verdicts: vec![],
            findings: vec![finding],
            opening: None,
            position: None,
            time: None,
            clock: vec![],
        }
    }
}

/// The rules a record is judged under: its own, else the options' defaults.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Resolved {
    pub rule_set: RuleSet,
    pub opening: OpeningRule,
    pub claims: ClaimModel,
    pub renju: RenjuOptions,
    /// The record's own stone limit (no option gives one).
    pub draw_after: Option<u16>,
}

impl Game {
    /// The position after the first `moves` stones and passes of the record (all of them
    /// when `moves` is larger), for pictures: judged under the record's rules (`options`
    /// filling what it leaves out), play going on after a foul as if White had not
    /// claimed it. Replaying stops at the first move that cannot be played (an occupied
    /// point, a point off the board, a move after the game ended); the second value is
    /// the number of moves played.
    ///
    /// ```
    /// use renju_records::{Game, ValidationOptions};
    /// let game = Game::from_moves("h8 i9 h8 j10").unwrap();
    /// let (pos, played) = game.position_after(&ValidationOptions::default(), 10).unwrap();
    /// assert_eq!((played, pos.board().stone_count()), (2, 2));
    /// ```
    pub fn position_after(
        &self,
        options: &ValidationOptions,
        moves: usize,
    ) -> Result<(Position, usize), renju_core::SetupError> {
        let r = self.resolve(options);
        let mut pos = Position::with_size(r.rule_set, self.size)?.with_options(r.renju);
        let mut played = 0;
        for mv in self.moves().take(moves) {
            pos.play_on_after_foul();
            if pos.play_quiet(mv).is_err() {
                break;
            }
            played += 1;
        }
        Ok((pos, played))
    }

    /// The rules this record is judged under, with `options` filling what it leaves out.
    pub(crate) fn resolve(&self, options: &ValidationOptions) -> Resolved {
        Resolved {
            rule_set: self.rule_set.unwrap_or(options.rule_set),
            opening: self.opening.unwrap_or(options.opening),
            claims: self.claims.unwrap_or(options.claims),
            renju: self.options.unwrap_or(options.renju),
            draw_after: self.draw_after,
        }
    }

    /// Replays the game under its rules (defaults from `options` where the record is
    /// silent): the verdict of every move, the outcome, and every finding about the
    /// opening protocol, fouls, claims and the declared result.
    ///
    /// ```
    /// use renju_core::{Color, Termination};
    /// use renju_records::{Game, ValidationOptions};
    /// // Black's h8 would be a double-three (f8 g8 + h6 h7): White wins.
    /// let game = Game::from_moves("f8 a1 g8 c1 h6 e1 h7 g1 h8").unwrap();
    /// let replay = game.replay(&ValidationOptions::default());
    /// assert_eq!(replay.outcome.termination, Termination::Forbidden);
    /// assert_eq!(replay.outcome.winner, Some(Color::White));
    /// ```
    pub fn replay(&self, options: &ValidationOptions) -> Replay {
        self.replay_with(options, true)
    }

    /// [`Game::replay`], keeping the clock after every move or not.
    pub(crate) fn replay_with(&self, options: &ValidationOptions, clock_states: bool) -> Replay {
        let mut run = match Run::start(self, options, clock_states) {
            Ok(run) => run,
            Err(finding) => return Replay::not_replayed(finding),
        };
        for event in &self.events {
            run.event(event);
        }
        run.finish(self)
    }
}

/// A replay in progress: the position, the protocol's state, and what is pending.
#[derive(Debug, Clone)]
pub(crate) struct Run {
    pub(crate) rules: Resolved,
    pub(crate) pos: Position,
    pub(crate) protocol: ProtocolState,
    pub(crate) findings: Vec<Finding>,
    pub(crate) verdicts: Vec<MoveVerdict>,
    /// The seat playing Black (swaps exchange it).
    pub(crate) black_seat: Seat,
    /// The result the record declares, and after how many moves.
    pub(crate) declared: Option<(DeclaredResult, usize)>,
    /// A foul played on under a claim model, not yet settled: (move number, kind).
    pub(crate) pending_foul: Option<(usize, FoulKind)>,
    /// An overline White may still claim until the game ends (RIF claims).
    pub(crate) claimable_overline: Option<usize>,
    /// The game is over (on the board, by a decision, or the record cannot go on).
    pub(crate) ended: bool,
    pub(crate) after_end_reported: bool,
    /// The clock and the decisions beside the board.
    pub(crate) decisions: Decisions,
}

impl Run {
    /// A run at the start of `game` (its events not yet followed), or the one finding
    /// that says why the game cannot be replayed at all.
    pub(crate) fn start(
        game: &Game,
        options: &ValidationOptions,
        clock_states: bool,
    ) -> Result<Run, Finding> {
        let rules = game.resolve(options);
        if let Some(rule) = &game.unknown_rule {
            return Err(Finding::new(
                FindingCode::UnknownRule,
                None,
                format!("the record's rule `{rule}` is not one this library knows; the game was not replayed"),
            ));
        }
        let pos = match Position::with_size(rules.rule_set, game.size) {
            Ok(p) => p.with_options(rules.renju),
            Err(e) => return Err(Finding::new(FindingCode::BoardSize, None, e.to_string())),
        };
        let mut run = Run::new(rules, pos, game.size, options.offer_equivalence);
        run.decisions = Decisions::new(
            game,
            options.time_control.as_ref(),
            options.clock,
            options.time_tolerance_ms,
            &mut run.findings,
        );
        run.decisions.record_states = clock_states;
        run.protocol.place_two = run.rules.opening == OpeningRule::Swap2 && places_two(game);
        Ok(run)
    }

    fn new(rules: Resolved, pos: Position, size: u8, equivalence: OfferEquivalence) -> Run {
        Run {
            protocol: ProtocolState::new(rules.opening, size, equivalence),
            rules,
            pos,
            findings: Vec::new(),
            verdicts: Vec::new(),
            black_seat: Seat::First,
            declared: None,
            pending_foul: None,
            claimable_overline: None,
            ended: false,
            after_end_reported: false,
            decisions: Decisions::idle(),
        }
    }

    /// The colour of the player the protocol asks to act now (whose clock runs).
    pub(crate) fn acting_color(&self) -> Color {
        self.color_of_actor(self.protocol.next_step(self.played(), false).actor())
    }

    /// The colour an actor of the protocol holds now.
    pub(crate) fn color_of_actor(&self, actor: Actor) -> Color {
        match actor {
            Actor::Seat(seat) if seat == self.black_seat => Color::Black,
            Actor::Seat(_) => Color::White,
            Actor::Holder(color) => color,
        }
    }

    /// The colour held by the player who places the next stone (whose clock it is on):
    /// the actor of the protocol's step, in the opening possibly of the other colour; a
    /// chosen fifth move is the offers' maker's (Black's); when the protocol waits for a
    /// decision the record leaves out, the holder of the stone's colour.
    fn placer(&self, offered: bool) -> Color {
        let stone = self.pos.to_move();
        if offered {
            return stone;
        }
        match self.protocol.next_step(self.played(), false) {
            Step::Place(actor) | Step::Offer { actor, .. } => self.color_of_actor(actor),
            _ => stone,
        }
    }

    /// Whether `color`'s clock may be the one running now. A record writes Swap2's
    /// "place two more stones" as a decision to stay: after move 4 of that branch the
    /// second player (White) places Black's move 5, so either clock may run.
    fn clock_may_run(&self, color: Color) -> bool {
        self.acting_color() == color || self.protocol.swap2_branch_unknown(self.played())
    }

    /// Moves played so far (stones and passes).
    pub(crate) fn played(&self) -> usize {
        self.pos.moves().len()
    }

    pub(crate) fn event(&mut self, event: &Event) {
        if !matches!(event, Event::Pause | Event::Unpause { .. }) {
            // A player's act while paused is reported, and followed still.
            self.findings.extend(self.decisions.pause_problem(event));
        }
        match event {
            Event::Stone { point } => {
                self.follow_unsealed(Move::Stone(*point));
                self.play(Move::Stone(*point), None)
            }
            Event::Pass => {
                self.follow_unsealed(Move::Pass);
                self.play(Move::Pass, None)
            }
            Event::FifthOffers { offered, chosen } => {
                self.follow_unsealed(Move::Stone(*chosen));
                self.play(Move::Stone(*chosen), Some(offered))
            }
            Event::Seal { .. } | Event::Unseal { .. }
                if !self.ended && self.decisions.decided.is_none() =>
            {
                self.adjourn(event)
            }
            Event::Swap { swap } => {
                let swapper = self.acting_color();
                self.protocol.swap(self.played(), *swap, &mut self.findings);
                if *swap {
                    self.black_seat = self.black_seat.other();
                    if !self.ended {
                        self.decisions.swapped(self.played(), swapper);
                    }
                }
            }
            Event::DeclareOffers { count } => {
                self.protocol
                    .declare(self.played(), *count, &mut self.findings);
            }
            Event::Result(result) => self.declared = Some((result.clone(), self.played())),
            other => {
                self.decisions.event(other, self.ended, &mut self.findings);
                if self.decisions.decided.is_some() {
                    self.ended = true;
                }
            }
        }
    }

    /// The first error the replay would report about `event` if it came next, changing
    /// nothing: a move after the end, a move or a decision the opening protocol does not
    /// allow, a stone the board cannot take, offers that break the protocol, a decision
    /// after the game was decided, a draw offer the rules count as a violation. What
    /// [`Run::event`] then does cannot be refused. Events that only the clock can judge
    /// (penalties, late arrivals, a split) are judged by [`Run::event`] alone.
    pub(crate) fn check(&self, event: &Event) -> Option<Finding> {
        let number = self.played() + 1;
        let paused = (!self.ended)
            .then(|| self.decisions.pause_problem(event))
            .flatten();
        if paused.is_some() {
            return paused;
        }
        match event {
            Event::Stone { point } => self.check_move(number, Move::Stone(*point), None),
            Event::Pass => self.check_move(number, Move::Pass, None),
            Event::FifthOffers { offered, chosen } => {
                self.check_move(number, Move::Stone(*chosen), Some(offered))
            }
            Event::Swap { .. } => self.protocol.swap_problem(self.played()),
            Event::DeclareOffers { count } => self.protocol.declare_problem(self.played(), *count),
            Event::Result(_) | Event::MoveTime { .. } => None,
            _ if self.ended || self.decisions.decided.is_some() => Some(Finding::new(
                FindingCode::DecisionOutOfOrder,
                self.decisions.at(),
                format!("{event} comes after the game ended"),
            )),
            Event::Seal { .. } | Event::Unseal { .. } => self.seal_problem(event),
            Event::DrawOffer { by } => self.decisions.draw_offer_problem(*by, self.decisions.at()),
            _ => None,
        }
    }

    /// The first error about `mv` as move `number` (`offered`: chosen among these
    /// offers), in the order [`Run::play`] reports them.
    fn check_move(&self, number: usize, mv: Move, offered: Option<&[Point]>) -> Option<Finding> {
        if self.ended {
            return (!self.after_end_reported).then(|| self.after_end_finding(number, mv));
        }
        if let (Some(offered), Move::Stone(chosen)) = (offered, mv) {
            let findings = self
                .protocol
                .offer_findings(&self.pos, number, offered, chosen);
            if let Some(error) = findings
                .into_iter()
                .find(|f| f.code.severity() == Severity::Error)
            {
                return Some(error);
            }
        }
        if let Some(problem) = self.protocol.move_problem(number, mv, offered.is_some()) {
            return Some(problem);
        }
        let Move::Stone(p) = mv else {
            return None;
        };
        let board = self.pos.board();
        let illegal = if !p.is_on(board.size()) {
            IllegalMove::OffBoard {
                point: p,
                size: board.size(),
            }
        } else if board.get(p).is_some() {
            IllegalMove::Occupied { point: p }
        } else {
            return None;
        };
        Some(self.impossible_finding(number, illegal))
    }

    /// One move: after the end it is reported once; otherwise a pending foul is settled,
    /// the protocol checks the move, and the position judges it.
    fn play(&mut self, mv: Move, offered: Option<&[Point]>) {
        let number = self.played() + 1;
        if self.ended {
            self.after_end(number, mv);
            return;
        }
        self.settle_pending_foul();
        if let (Some(offered), Move::Stone(chosen)) = (offered, mv) {
            self.protocol
                .offers(&self.pos, number, offered, chosen, &mut self.findings);
        }
        let player = self.placer(offered.is_some());
        self.protocol.before_move(number, mv, &mut self.findings);
        let color = self.pos.to_move();
        match self.pos.play(mv) {
            Ok(verdict) => self.judged(number, mv, color, player, verdict),
            Err(e) => self.impossible(number, e),
        }
    }

    /// A move after the game ended: reported once, not played.
    fn after_end(&mut self, number: usize, mv: Move) {
        if !self.after_end_reported {
            let finding = self.after_end_finding(number, mv);
            self.findings.push(finding);
            self.after_end_reported = true;
        }
    }

    fn after_end_finding(&self, number: usize, mv: Move) -> Finding {
        let (code, why) = if self.decisions.ended_by_flag {
            (FindingCode::PlayAfterFlag, "after a flag fell")
        } else {
            (FindingCode::MoveAfterGameEnd, "after the game ended")
        };
        Finding::new(
            code,
            Some(number),
            format!("move {number} ({mv}) comes {why}"),
        )
    }

    /// A foul left on the board lapses (or stays claimable) once White plays on.
    fn settle_pending_foul(&mut self) {
        let Some((foul_move, kind)) = self.pending_foul.take() else {
            return;
        };
        let lapses = match self.rules.claims {
            ClaimModel::ChineseClaim => true,
            ClaimModel::RifClaim => kind != FoulKind::Overline,
            ClaimModel::Automatic => false,
        };
        if lapses {
            self.findings.push(Finding::new(
                FindingCode::LapsedFoul,
                Some(foul_move),
                format!(
                    "Black's {kind} at move {foul_move} was not claimed before White played on; it lapsed ({})",
                    self.rules.claims
                ),
            ));
        } else {
            self.claimable_overline.get_or_insert(foul_move);
        }
    }

    /// A move the position refused: the record cannot go on from it.
    fn impossible(&mut self, number: usize, e: IllegalMove) {
        let finding = self.impossible_finding(number, e);
        self.findings.push(finding);
        self.ended = true;
        self.after_end_reported = true;
    }

    fn impossible_finding(&self, number: usize, e: IllegalMove) -> Finding {
        let code = match e {
            IllegalMove::Occupied { .. } => FindingCode::OccupiedPoint,
            IllegalMove::OffBoard { .. } => FindingCode::OffBoard,
            IllegalMove::GameOver { .. } => FindingCode::MoveAfterGameEnd,
        };
        Finding::new(code, Some(number), format!("move {number}: {e}"))
    }

    /// A played move: a foul is reported, and under a claim model play may go on.
    fn judged(&mut self, number: usize, mv: Move, color: Color, player: Color, verdict: Verdict) {
        if let Verdict::Forbidden(foul) = &verdict {
            self.findings.push(Finding::new(
                FindingCode::ForbiddenMove,
                Some(number),
                format!(
                    "move {number} ({mv}) is a forbidden {} for Black",
                    foul.primary
                ),
            ));
            if self.rules.claims != ClaimModel::Automatic {
                self.pos.play_on_after_foul();
                self.pending_foul = Some((number, foul.primary));
            }
        }
        self.ended = self.pos.outcome().is_some();
        self.decisions.moved(number, color, player);
        self.declare_draw_at_the_limit();
        self.verdicts.push(MoveVerdict {
            number,
            played: mv,
            color,
            verdict,
        });
    }

    /// The record's stone limit: once a move that did not end the game leaves that many
    /// stones on the board, the referee declares the game drawn.
    fn declare_draw_at_the_limit(&mut self) {
        let Some(limit) = self.rules.draw_after else {
            return;
        };
        let stones = self.pos.board().stone_count();
        if !self.ended && self.decisions.decided.is_none() && stones >= usize::from(limit) {
            self.decisions.decided = Some(Outcome::draw(Termination::DeclaredDraw));
            self.ended = true;
        }
    }

    /// The outcome: the board first, then the record's result, then a foul that is
    /// still claimable when the record ends (`live`: a game still being played, where
    /// such a foul waits for White's claim instead).
    pub(crate) fn outcome(&self, live: bool, findings: &mut Vec<Finding>) -> Outcome {
        let unclaimed = self
            .pending_foul
            .map(|(m, _)| m)
            .or(self.claimable_overline);
        let white_claims = Outcome::win(Color::White, Termination::Forbidden);
        let declared = self.declared.clone();
        if let Some(decided) = self.decisions.decided {
            if let Some((result, _)) = declared.filter(|(r, _)| r.winner != decided.winner) {
                findings.push(Finding::new(
                    FindingCode::ResultMismatch,
                    None,
                    format!(
                        "the record declares {}, but the game was decided as {} ({})",
                        describe(result.winner),
                        describe(decided.winner),
                        decided.termination
                    ),
                ));
            }
            return decided;
        }
        match (self.pos.outcome(), declared) {
            (Some(board), declared) => {
                if let Some((result, _)) = declared.filter(|(r, _)| r.winner != board.winner) {
                    findings.push(Finding::new(
                        FindingCode::ResultMismatch,
                        None,
                        format!(
                            "the record declares {}, but the board shows {} ({})",
                            describe(result.winner),
                            describe(board.winner),
                            board.termination
                        ),
                    ));
                }
                board
            }
            (None, None) if unclaimed.is_some() && !live => white_claims,
            (None, None) => Outcome::UNFINISHED,
            (None, Some((result, at))) => match unclaimed {
                // White claimed the foul: the record's result says so.
                Some(_)
                    if result.winner == Some(Color::White)
                        && matches!(result.reason, None | Some(ResultReason::Forbidden)) =>
                {
                    white_claims
                }
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
                None => self.declared_result(&result, at, findings),
            },
        }
    }

    /// A declared result the board does not show: a resignation or an agreed draw ends
    /// the game so; a win on time is checked against the clock when the record's times
    /// allow; a reason the board could check, or none, is reported.
    fn declared_result(
        &self,
        result: &DeclaredResult,
        at: usize,
        findings: &mut Vec<Finding>,
    ) -> Outcome {
        match (&result.reason, result.winner) {
            (Some(ResultReason::Resignation), Some(w)) => {
                return Outcome::win(w, Termination::Resignation)
            }
            (Some(ResultReason::Forfeit), Some(w)) => return Outcome::win(w, Termination::Forfeit),
            (Some(ResultReason::Agreement), None) => return Outcome::draw(Termination::AgreedDraw),
            (Some(ResultReason::Time), Some(w)) => {
                // Complete times with no flag in the moves made: the flag can only have
                // fallen on the clock that was running, during the action not made.
                let checked = self.decisions.checked_time();
                let shown = match checked {
                    Some(Some(f)) => {
                        Some(format!("{}'s flag fell at move {}", f.color, f.move_number))
                    }
                    Some(None) if !self.clock_may_run(w.opponent()) => Some(format!(
                        "no flag fell, and {}'s clock was not running",
                        w.opponent()
                    )),
                    _ => None,
                };
                if let Some(shown) = shown {
                    findings.push(Finding::new(
                        FindingCode::ResultMismatch,
                        None,
                        format!("the record declares a {w} win on time, but by the replayed clock {shown}"),
                    ));
                    return declared_outcome(result);
                }
                // Without a clock (or with the record's times incomplete) the result
                // stays the record's word.
                return match checked {
                    Some(_) => Outcome::win(w, Termination::Time),
                    None => declared_outcome(result),
                };
            }
            _ => {}
        }
        self.check_declared(result, at, findings);
        declared_outcome(result)
    }

    /// A declared result the board does not show: its reason must be one the board
    /// cannot check, or it is reported.
    fn check_declared(&self, result: &DeclaredResult, at: usize, findings: &mut Vec<Finding>) {
        let finding = match &result.reason {
            Some(
                reason @ (ResultReason::Five
                | ResultReason::Forbidden
                | ResultReason::TwoPasses
                | ResultReason::FullBoard),
            ) => Finding::new(
                FindingCode::ResultMismatch,
                None,
                format!(
                    "the record declares {} by {reason}, which the board does not show",
                    describe(result.winner)
                ),
            ),
            None => Finding::new(
                FindingCode::ResultUnexplained,
                None,
                format!(
                    "the record declares {} after move {at}, which the board does not show, and gives no reason",
                    describe(result.winner)
                ),
            ),
            Some(_) => return,
        };
        findings.push(finding);
    }

    fn finish(mut self, game: &Game) -> Replay {
        self.protocol.finish(&self.pos, &mut self.findings);
        let (time, clock) = self.decisions.finish(game, &mut self.findings);
        let mut findings = std::mem::take(&mut self.findings);
        let outcome = self.outcome(false, &mut findings);
        self.findings = findings;
        let winner_seat = outcome.winner.map(|c| match c {
            Color::Black => self.black_seat,
            Color::White => self.black_seat.other(),
        });
        let mut stones = game.moves().filter_map(|m| match m {
            Move::Stone(p) => Some(p),
            Move::Pass => None,
        });
        let opening = match (stones.next(), stones.next(), stones.next()) {
            (Some(a), Some(b), Some(c)) if self.rules.rule_set == RuleSet::Renju => {
                Opening::identify(a, b, c)
            }
            _ => None,
        };
        // Stable: findings about one move keep the order they arose in.
        self.findings
            .sort_by_key(|f| f.move_number.unwrap_or(usize::MAX));
        Replay {
            outcome,
            winner_seat,
            verdicts: self.verdicts,
            findings: self.findings,
            opening,
            position: Some(self.pos),
            time,
            clock,
        }
    }
}

/// Whether a Swap2 record shows the second player's third option: a colour decision
/// after move 5 (the record writes the option itself as a decision to stay), so that
/// moves 4 and 5 are on the second player's clock.
pub(crate) fn places_two(game: &Game) -> bool {
    let mut played = 0usize;
    for event in &game.events {
        match event {
            Event::Stone { .. } | Event::Pass | Event::FifthOffers { .. } => played += 1,
            Event::Swap { .. } if played == 5 => return true,
            _ => {}
        }
        if played > 5 {
            break;
        }
    }
    false
}

fn declared_outcome(result: &DeclaredResult) -> Outcome {
    Outcome {
        winner: result.winner,
        termination: Termination::Declared,
    }
}

fn describe(winner: Option<Color>) -> String {
    match winner {
        Some(c) => format!("a {c} win"),
        None => "a draw".to_string(),
    }
}
