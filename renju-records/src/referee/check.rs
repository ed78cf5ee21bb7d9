//! The check half of check-then-apply: what an action would do ([`Plan`]) or why it is
//! refused, with nothing changed. [`Referee::plan`] runs the referee's own checks (the
//! acting seat, the step the opening protocol asks for, the point), then asks the replay
//! whether the events the action would add are acceptable ([`Run::check`]); applying
//! the plan afterwards cannot be refused.

use super::{Action, FoulPolicy, Party, Referee, Refusal, RefusalCode, Request};
use crate::clock::Penalty;
use crate::findings::Finding;
use crate::game::{DeclaredResult, Event, ResultReason, Seat};
use crate::protocol::{Actor, Step};
#[cfg(doc)]
use crate::replay::Run;
use crate::sealed::SealedMove;
use renju_core::geometry::{Color, Point};
use renju_core::notation::Move;

/// An accepted action, not yet applied: the events it adds to the record, whose clock
/// it presses, and what else changes.
#[derive(Debug)]
pub(super) struct Plan {
    /// The events of the record, in order (the clock reading is added when applied).
    pub(super) events: Vec<Event>,
    /// The player whose move it completes: their clock is pressed.
    pub(super) clock_of: Option<Seat>,
    /// What changes beside the record.
    pub(super) after: After,
}

/// What an accepted action changes beside the record.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum After {
    /// Nothing.
    Nothing,
    /// Swap2's third option was taken: two more stones follow.
    PlaceTwo,
    /// Black's fifth-move offers wait for White's choice.
    Offered(Vec<Point>),
    /// White chose among the offers.
    Chosen,
    /// A penalty took time off the clock of the player in this seat: when they are the
    /// player to act, their flag may fall now.
    Penalised(Seat),
    /// The arbiter disqualified a player, for this reason.
    Disqualified(Seat, String),
    /// The player to move sealed this move: the game is adjourned.
    Sealed(SealedMove),
    /// The adjourned game resumed.
    Resumed,
}

impl Plan {
    fn new(events: Vec<Event>) -> Plan {
        Plan {
            events,
            clock_of: None,
            after: After::Nothing,
        }
    }

    /// The same plan, completing a move of the player in `seat`.
    fn pressing(mut self, seat: Seat) -> Plan {
        self.clock_of = Some(seat);
        self
    }
}

/// The seat `request` is taken by (`None`: the seat the action belongs to). The
/// arbiter may only declare the forfeit of the player to act (and tick the clock,
/// which no seat takes) besides the arbiter's own actions: any other act of the
/// arbiter's is refused, and so is a player's taking one of the arbiter's actions.
fn acting_seat(request: &Request) -> Result<Option<Seat>, Refusal> {
    match request.by {
        Some(Party::Seat(_)) if request.action.is_arbiters() => Err(Refusal::new(
            RefusalCode::BadRequest,
            format!(
                "a player cannot {}: only the arbiter can",
                request.action.name()
            ),
        )),
        None => Ok(None),
        Some(Party::Seat(seat)) => Ok(Some(seat)),
        Some(Party::Arbiter) if request.action.is_arbiters() => Ok(None),
        Some(Party::Arbiter) if request.action == Action::Forfeit => Ok(None),
        Some(Party::Arbiter) => Err(Refusal::new(
            RefusalCode::BadRequest,
            format!(
                "the arbiter cannot {}: only a player can",
                request.action.name()
            ),
        )),
    }
}

impl Referee {
    /// What `request` would do, or why it is refused: the referee's own checks (the
    /// turn, the protocol's step, the point), then the replay's ([`Run::check`]) on the
    /// events it would add. Nothing changes.
    pub(super) fn plan(&self, request: &Request) -> Result<Plan, Refusal> {
        let plan = self.plan_action(request)?;
        for event in &plan.events {
            if let Some(refusal) = self.run.check(event).as_ref().and_then(refusal_of_one) {
                return Err(refusal);
            }
            if matches!(event, Event::Unseal { .. }) {
                // The sealed stone after it was judged with it (`sealed_move_problem`).
                break;
            }
        }
        Ok(plan)
    }

    fn plan_action(&self, request: &Request) -> Result<Plan, Refusal> {
        if request.action == Action::Tick {
            return match request.t {
                Some(_) => Ok(Plan::new(Vec::new())),
                None => Err(Refusal::new(
                    RefusalCode::BadRequest,
                    "a tick needs a time stamp `t`",
                )),
            };
        }
        if let Some(outcome) = self.outcome() {
            return Err(Refusal::new(
                RefusalCode::GameOver,
                format!("the game is over: {outcome}"),
            ));
        }
        let by = acting_seat(request)?;
        let arbiters = request.action.is_arbiters()
            || (request.action == Action::Forfeit && request.by == Some(Party::Arbiter));
        if self.run.decisions.paused() && !arbiters {
            return Err(Refusal::new(
                RefusalCode::Paused,
                format!(
                    "the arbiter paused the game: no {} until the arbiter's `unpause`",
                    request.action.name()
                ),
            ));
        }
        // A player may resign an adjourned game rather than resume it.
        let resigns = request.action == Action::Resign;
        if self.run.decisions.sealed.is_some() && !arbiters && !resigns {
            return Err(Refusal::new(
                RefusalCode::Adjourned,
                format!(
                    "the game is adjourned (a move is sealed): no {} until the arbiter's `resume`",
                    request.action.name()
                ),
            ));
        }
        match &request.action {
            Action::Place { point } => self.place(Move::Stone(*point), by),
            Action::Pass => self.place(Move::Pass, by),
            Action::Swap => self.decide_colours(true, by),
            Action::Stay => self.decide_colours(false, by),
            Action::PlaceTwo => self.place_two(by),
            Action::Declare { count } => self.declare(*count, by),
            Action::Offer { points } => self.offer(points, by),
            Action::Choose { point } => self.choose(*point, by),
            Action::Claim => self.claim(by),
            Action::DrawOffer => self.draw_offer(by),
            Action::DrawAccept => self.draw_answer(true, by),
            Action::DrawDecline => self.draw_answer(false, by),
            Action::Resign => {
                let seat = by.unwrap_or_else(|| self.seat(self.step().actor()));
                let color = self.color_of(seat);
                Ok(Plan::new(vec![Event::Resign { by: color }]))
            }
            Action::Forfeit => {
                let seat = by.unwrap_or_else(|| self.seat(self.step().actor()));
                let color = self.color_of(seat);
                Ok(Plan::new(vec![Event::Forfeit { by: color }]))
            }
            Action::Tick | Action::Arrive => Ok(Plan::new(Vec::new())),
            Action::Pause | Action::Unpause => self.pause(request.action == Action::Pause),
            Action::Warning { seat, reason } => Ok(Plan::new(vec![Event::Violation {
                by: self.color_of(*seat),
                reason: worded(reason, "noted by the arbiter")?,
            }])),
            Action::Penalty { seat, ms } => self.penalty(*seat, *ms),
            Action::Seal { point, salt } => self.seal(*point, salt.as_deref(), by),
            Action::Resume { sealed } => self.resume_sealed(sealed.as_ref()),
            Action::Disqualify { seat, reason } => {
                let mut plan = Plan::new(vec![Event::Forfeit {
                    by: self.color_of(*seat),
                }]);
                plan.after = After::Disqualified(*seat, worded(reason, "disqualified")?);
                Ok(plan)
            }
        }
    }

    /// The arbiter stops the clocks (`pause`) or restarts them.
    fn pause(&self, pause: bool) -> Result<Plan, Refusal> {
        if self.run.decisions.sealed.is_some() {
            return Err(Refusal::new(
                RefusalCode::Adjourned,
                "the game is adjourned: the clocks are stopped until the arbiter's `resume`",
            ));
        }
        match (pause, self.run.decisions.paused()) {
            (true, true) => Err(Refusal::new(
                RefusalCode::WrongAction,
                "the game is paused already: a pause cannot be paused",
            )),
            (false, false) => Err(Refusal::new(
                RefusalCode::WrongAction,
                "the game is not paused: there is no pause to end",
            )),
            (true, false) => Ok(Plan::new(vec![Event::Pause])),
            // The pause's length is written when the plan is applied.
            (false, true) => Ok(Plan::new(vec![Event::Unpause { paused_ms: None }])),
        }
    }

    /// The arbiter takes `ms` off the clock of the player in `seat` (more than five
    /// minutes too: the rules' limit is "generally"; the record notes it). One that takes
    /// all the time left makes the flag fall ([`After::Penalised`]).
    fn penalty(&self, seat: Seat, ms: u64) -> Result<Plan, Refusal> {
        if self.run.decisions.clock().is_none() {
            return Err(Refusal::new(
                RefusalCode::BadRequest,
                "the game is untimed: there is no clock to take a penalty from",
            ));
        }
        let mut plan = Plan::new(vec![Event::Penalty(Penalty {
            offender: self.color_of(seat),
            taken_ms: ms,
            given_ms: 0,
        })]);
        plan.after = After::Penalised(seat);
        Ok(plan)
    }

    /// The player to move seals `point` with `salt` (drawn before the plan when the
    /// caller gave none).
    fn seal(&self, point: Point, salt: Option<&str>, by: Option<Seat>) -> Result<Plan, Refusal> {
        let step = self.step();
        let Step::Place(actor) = step else {
            return Err(self.wrong_action(step, "seal a move"));
        };
        self.check_seat(actor, by, "seal a move")?;
        if !self.opening_over() || self.placing_two() {
            return Err(Refusal::new(
                RefusalCode::WrongAction,
                "a move is sealed after the opening, not one of its stones",
            ));
        }
        let bad =
            |e: crate::sealed::SealError| Refusal::new(RefusalCode::BadRequest, e.to_string());
        let salt = salt.ok_or_else(|| bad(crate::sealed::SealError::Salt(0)))?;
        let sealed = SealedMove::new(point, salt).map_err(bad)?;
        let color = self.color_of(self.seat(actor));
        let digest = sealed.digest(self.played() + 1, color);
        // The time used on the move so far is written when the plan is applied.
        let mut plan = Plan::new(vec![Event::Seal {
            by: color,
            digest,
            elapsed_ms: None,
        }]);
        plan.after = After::Sealed(sealed);
        Ok(plan)
    }

    /// The arbiter resumes the adjourned game: the sealed move (`given`, else the one
    /// this referee holds) is checked against the digest, then played, or ends the game
    /// when it is illegal.
    fn resume_sealed(&self, given: Option<&SealedMove>) -> Result<Plan, Refusal> {
        let Some(seal) = &self.run.decisions.sealed else {
            return Err(Refusal::new(
                RefusalCode::WrongAction,
                "no move is sealed: there is no adjournment to resume",
            ));
        };
        let mismatch = |why: &str| Refusal::new(RefusalCode::SealMismatch, why.to_string());
        let sealed = match (given, &self.sealed) {
            (Some(given), Some(held)) if given != held => {
                return Err(mismatch("the sealed move given is not the one sealed here"))
            }
            (Some(sealed), _) | (None, Some(sealed)) => sealed,
            (None, None) => {
                return Err(Refusal::new(
                    RefusalCode::BadRequest,
                    "the sealed move is not known here (the game was resumed from its record): give `sealed` (POINT/SALT)",
                ))
            }
        };
        if !sealed.matches(&seal.digest, seal.number, seal.by) {
            return Err(mismatch(
                "the sealed move does not match the seal's digest (the record or the move was changed)",
            ));
        }
        let mut events = vec![Event::Unseal {
            sealed: sealed.clone(),
        }];
        let legal = self.run.sealed_move_problem(sealed.point).is_none();
        if legal {
            events.push(Event::Stone {
                point: sealed.point,
            });
        }
        let mut plan = Plan::new(events);
        if legal {
            plan = plan.pressing(self.seat(Actor::Holder(seal.by)));
        }
        plan.after = After::Resumed;
        Ok(plan)
    }

    pub(super) fn played(&self) -> usize {
        self.run.pos.moves().len()
    }

    pub(super) fn step(&self) -> Step {
        self.run
            .protocol
            .next_step(self.played(), self.offers.is_some())
    }

    pub(super) fn seat(&self, actor: Actor) -> Seat {
        match actor {
            Actor::Seat(seat) => seat,
            Actor::Holder(Color::Black) => self.run.black_seat,
            Actor::Holder(Color::White) => self.run.black_seat.other(),
        }
    }

    pub(super) fn color_of(&self, seat: Seat) -> Color {
        if seat == self.run.black_seat {
            Color::Black
        } else {
            Color::White
        }
    }

    /// The seat that must act now must be `by`, when `by` is given.
    fn check_seat(&self, actor: Actor, by: Option<Seat>, what: &str) -> Result<(), Refusal> {
        let seat = self.seat(actor);
        match by {
            Some(by) if by != seat => Err(Refusal::new(
                RefusalCode::NotYourTurn,
                format!(
                    "it is the {} player's turn ({}) to {what}, not the {} player's",
                    seat.name(),
                    self.color_of(seat),
                    by.name()
                ),
            )),
            _ => Ok(()),
        }
    }

    /// The refusal of an action the protocol does not ask for now.
    fn wrong_action(&self, step: Step, tried: &str) -> Refusal {
        let seat = self.seat(step.actor());
        let wanted = match step {
            Step::Place(_) => "place a stone".to_string(),
            Step::Swap { .. } => "decide colours".to_string(),
            Step::Declare { min, max, .. } => {
                format!("declare the number of fifth-move offers ({min} to {max})")
            }
            Step::Offer { count: Some(n), .. } => format!("offer {n} fifth moves"),
            Step::Offer { .. } => "offer fifth moves".to_string(),
            Step::Choose(_) => "choose one of the offered fifth moves".to_string(),
        };
        Refusal::new(
            RefusalCode::WrongAction,
            format!(
                "{} now asks the {} player ({}) to {wanted}, not to {tried}",
                self.options.opening,
                seat.name(),
                self.color_of(seat)
            ),
        )
    }

    fn place(&self, mv: Move, by: Option<Seat>) -> Result<Plan, Refusal> {
        let step = self.step();
        let what = if mv == Move::Pass {
            "pass"
        } else {
            "place a stone"
        };
        let Step::Place(actor) = step else {
            return Err(self.wrong_action(step, what));
        };
        self.check_seat(actor, by, what)?;
        if mv == Move::Pass && self.placing_two() {
            return Err(Refusal::new(
                RefusalCode::WrongAction,
                "swap2: the second player chose to place two more stones, a white one and a black one; a pass is neither",
            ));
        }
        if let Move::Stone(p) = mv {
            self.check_point(p)?;
            if self.options.fouls == FoulPolicy::Refuse && self.run.pos.to_move() == Color::Black {
                self.check_not_forbidden(p)?;
            }
        }
        Ok(Plan::new(vec![Event::from(mv)]).pressing(self.seat(actor)))
    }

    /// Swap2: the second player is placing the two more stones of their third option.
    pub(super) fn placing_two(&self) -> bool {
        self.run.protocol.place_two && (3..5).contains(&self.played())
    }

    fn check_point(&self, p: Point) -> Result<(), Refusal> {
        if !p.is_on(self.options.size) {
            return Err(Refusal::new(
                RefusalCode::OffBoard,
                format!("{p} is off the {0}x{0} board", self.options.size),
            ));
        }
        if self.run.pos.board().get(p).is_some() {
            return Err(Refusal::new(
                RefusalCode::Occupied,
                format!("{p} is occupied"),
            ));
        }
        Ok(())
    }

    fn check_not_forbidden(&self, p: Point) -> Result<(), Refusal> {
        let Ok(verdict) = self.run.pos.verdict(Move::Stone(p)) else {
            return Ok(());
        };
        match verdict {
            renju_core::Verdict::Forbidden(foul) => Err(Refusal::new(
                RefusalCode::Forbidden,
                format!(
                    "{p} is a forbidden {} for Black, and forbidden moves are refused here",
                    foul.primary
                ),
            )),
            _ => Ok(()),
        }
    }

    fn decide_colours(&self, swap: bool, by: Option<Seat>) -> Result<Plan, Refusal> {
        let step = self.step();
        let what = if swap { "swap" } else { "stay" };
        let Step::Swap { actor, .. } = step else {
            return Err(self.wrong_action(step, what));
        };
        self.check_seat(actor, by, what)?;
        let plan = Plan::new(vec![Event::Swap { swap }]);
        Ok(match swap {
            // A swap is one of the swapper's moves (the Chinese rules).
            true => plan.pressing(self.seat(actor)),
            false => plan,
        })
    }

    fn place_two(&self, by: Option<Seat>) -> Result<Plan, Refusal> {
        let step = self.step();
        let Step::Swap {
            actor,
            place_two: true,
            ..
        } = step
        else {
            return Err(self.wrong_action(step, "place two more stones"));
        };
        self.check_seat(actor, by, "place two more stones")?;
        let mut plan = Plan::new(vec![Event::Swap { swap: false }]);
        plan.after = After::PlaceTwo;
        Ok(plan)
    }

    fn declare(&self, count: u8, by: Option<Seat>) -> Result<Plan, Refusal> {
        let step = self.step();
        let actor = match step {
            Step::Declare { actor, .. } => actor,
            _ => match self.run.protocol.may_declare(self.played()) {
                Some(actor) => actor,
                None => return Err(self.wrong_action(step, "declare a number of offers")),
            },
        };
        self.check_seat(actor, by, "declare the number of offers")?;
        Ok(Plan::new(vec![Event::DeclareOffers { count }]))
    }

    fn offer(&self, points: &[Point], by: Option<Seat>) -> Result<Plan, Refusal> {
        let step = self.step();
        let (actor, count, min, max) = match step {
            Step::Offer {
                actor,
                count,
                min,
                max,
            } => (actor, count, min, max),
            Step::Swap {
                actor,
                offer: Some(n),
                ..
            } => (actor, Some(n), n, n),
            _ => return Err(self.wrong_action(step, "offer fifth moves")),
        };
        self.check_seat(actor, by, "offer fifth moves")?;
        let n = points.len();
        let wrong_count = match count {
            Some(c) => n != usize::from(c),
            None => n < usize::from(min) || n > usize::from(max),
        };
        if wrong_count {
            let wanted = match count {
                Some(c) => format!("{c}"),
                None => format!("{min} to {max}"),
            };
            return Err(Refusal::new(
                RefusalCode::OfferCount,
                format!(
                    "{} asks for {wanted} fifth-move offers, not {n}",
                    self.options.opening
                ),
            ));
        }
        for (i, &p) in points.iter().enumerate() {
            self.check_point(p)?;
            if points[..i].contains(&p) {
                return Err(Refusal::new(
                    RefusalCode::BadRequest,
                    format!("{p} is offered twice"),
                ));
            }
        }
        // The protocol's own checks of the offers (symmetry).
        let number = self.played() + 1;
        let findings = self
            .run
            .protocol
            .offer_findings(&self.run.pos, number, points, points[0]);
        if let Some(refusal) = refusal_of(&findings) {
            return Err(refusal);
        }
        let mut plan = Plan::new(Vec::new());
        plan.after = After::Offered(points.to_vec());
        Ok(plan)
    }

    fn choose(&self, point: Point, by: Option<Seat>) -> Result<Plan, Refusal> {
        let step = self.step();
        let Step::Choose(actor) = step else {
            return Err(self.wrong_action(step, "choose a fifth move"));
        };
        self.check_seat(actor, by, "choose a fifth move")?;
        let offered = self.offers.clone().unwrap_or_default();
        if !offered.contains(&point) {
            return Err(Refusal::new(
                RefusalCode::NotOffered,
                format!(
                    "{point} was not offered (the offers are {})",
                    offered
                        .iter()
                        .map(Point::to_string)
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            ));
        }
        let mut plan = Plan::new(vec![Event::FifthOffers {
            offered,
            chosen: point,
        }])
        // The offers are one move of the player holding Black, on their clock.
        .pressing(self.seat(Actor::Holder(Color::Black)));
        plan.after = After::Chosen;
        Ok(plan)
    }

    fn claim(&self, by: Option<Seat>) -> Result<Plan, Refusal> {
        if !self.claimable() {
            return Err(Refusal::new(
                RefusalCode::WrongAction,
                match self.options.fouls {
                    FoulPolicy::RifClaim | FoulPolicy::ChineseClaim => {
                        "there is no foul of Black's to claim now".to_string()
                    }
                    policy => format!("fouls are not claimed under the {policy} foul policy"),
                },
            ));
        }
        self.check_seat(Actor::Holder(Color::White), by, "claim a foul")?;
        Ok(Plan::new(vec![Event::Result(DeclaredResult {
            winner: Some(Color::White),
            reason: Some(ResultReason::Forbidden),
        })]))
    }

    pub(super) fn claimable(&self) -> bool {
        matches!(
            self.options.fouls,
            FoulPolicy::RifClaim | FoulPolicy::ChineseClaim
        ) && (self.run.pending_foul.is_some() || self.run.claimable_overline.is_some())
            && self.run.declared.is_none()
    }

    fn draw_offer(&self, by: Option<Seat>) -> Result<Plan, Refusal> {
        let seat = match (by, self.run.decisions.last_mover()) {
            (Some(seat), _) => seat,
            (None, Some(color)) => self.seat(Actor::Holder(color)),
            (None, None) => self.seat(self.step().actor()),
        };
        let color = self.color_of(seat);
        Ok(Plan::new(vec![Event::DrawOffer { by: color }]))
    }

    fn draw_answer(&self, accepted: bool, by: Option<Seat>) -> Result<Plan, Refusal> {
        let what = if accepted { "accept" } else { "decline" };
        let Some(offerer) = self.run.decisions.pending_draw_offer() else {
            return Err(Refusal::new(
                RefusalCode::WrongAction,
                format!("there is no draw offer to {what}"),
            ));
        };
        let answerer = self.seat(Actor::Holder(offerer.opponent()));
        if by.is_some_and(|by| by != answerer) {
            return Err(Refusal::new(
                RefusalCode::NotYourTurn,
                format!(
                    "the draw offer was made by the {} player; only the {} player can {what} it",
                    answerer.other().name(),
                    answerer.name()
                ),
            ));
        }
        Ok(Plan::new(vec![Event::DrawAnswer { accepted }]))
    }
}

/// `reason`, or `otherwise` when it is empty.
/// The arbiter's reason, checked as every free text is (it goes into the record), or
/// `otherwise` when none is given.
fn worded(reason: &str, otherwise: &str) -> Result<String, Refusal> {
    match reason.trim() {
        "" => Ok(otherwise.to_string()),
        reason => crate::text::check_text("reason", reason)
            .map(|()| reason.to_string())
            .map_err(|e| Refusal::new(RefusalCode::BadRequest, e.to_string())),
    }
}

/// The refusal the first error among `findings` stands for.
pub(super) fn refusal_of(findings: &[Finding]) -> Option<Refusal> {
    findings.iter().find_map(refusal_of_one)
}

/// The refusal `finding` stands for, if it stops an action.
fn refusal_of_one(finding: &Finding) -> Option<Refusal> {
    RefusalCode::of_finding(finding.code).map(|code| Refusal::new(code, finding.message.clone()))
}
