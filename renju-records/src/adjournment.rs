//! The replay's side of an adjournment ([`crate::sealed`]): a seal stops the game, the
//! unsealing checks the sealed move against the seal's digest and either makes it the
//! next stone or, when it is illegal, ends the game against the sealer. The live
//! referee asks the same questions ([`Run::seal_problem`], [`Run::sealed_move_problem`]).

use crate::findings::{Finding, FindingCode};
use crate::game::{ClaimModel, Event};
use crate::protocol::Step;
use crate::replay::Run;
use crate::sealed::{Seal, SealedMove};
use renju_core::geometry::{Color, Point};
use renju_core::notation::Move;
use renju_core::outcome::{Outcome, Termination};
use renju_core::Verdict;

impl Run {
    fn next_number(&self) -> usize {
        self.pos.moves().len() + 1
    }

    /// What is wrong with a seal or an unsealing now, changing nothing: a seal inside
    /// an adjournment or a pause, by a player whose move it is not or outside a move of
    /// the game; an unsealing without a seal, or of a move that does not match the
    /// seal's digest.
    pub(crate) fn seal_problem(&self, event: &Event) -> Option<Finding> {
        let number = self.next_number();
        let problem = match event {
            Event::Seal { .. } if self.decisions.sealed.is_some() => {
                "a seal inside an adjournment".to_string()
            }
            Event::Seal { .. } if self.decisions.paused() => {
                "a seal while the arbiter paused the clocks".to_string()
            }
            Event::Seal { by, .. } if !self.may_seal(*by) => {
                format!("{by} sealed move {number}, which is not {by}'s move")
            }
            Event::Unseal { .. } if self.decisions.sealed.is_none() => {
                "a sealed move revealed, but no move was sealed".to_string()
            }
            Event::Unseal { sealed } => {
                let seal = self.decisions.sealed.as_ref()?;
                if sealed.matches(&seal.digest, seal.number, seal.by) {
                    return None;
                }
                format!(
                    "the sealed move {} does not match the seal's digest (the digest or the move was changed)",
                    sealed.point
                )
            }
            _ => return None,
        };
        Some(Finding::new(FindingCode::SealedMove, Some(number), problem))
    }

    /// Whether `by` may seal the next move: it is a stone of theirs that the protocol
    /// asks them to place.
    fn may_seal(&self, by: Color) -> bool {
        let step = self.protocol.next_step(self.pos.moves().len(), false);
        matches!(step, Step::Place(_)) && self.acting_color() == by && self.pos.to_move() == by
    }

    /// Why the sealed stone on `point` is illegal now (`None`: it is legal and is
    /// played): off the board, on an occupied point, outside the opening's area, or a
    /// forbidden move of Black's when fouls are judged automatically (under a claim
    /// model a foul is played and may be claimed, as any other).
    pub(crate) fn sealed_move_problem(&self, point: Point) -> Option<String> {
        let board = self.pos.board();
        if !point.is_on(board.size()) {
            return Some(format!("off the {0}x{0} board", board.size()));
        }
        if board.get(point).is_some() {
            return Some("on an occupied point".to_string());
        }
        let number = self.next_number();
        if let Some(problem) = self
            .protocol
            .move_problem(number, Move::Stone(point), false)
        {
            return Some(problem.message);
        }
        let automatic = self.rules.claims == ClaimModel::Automatic;
        match self.pos.verdict(Move::Stone(point)) {
            Ok(Verdict::Forbidden(foul)) if automatic => {
                Some(format!("a forbidden move for Black ({})", foul.primary))
            }
            _ => None,
        }
    }

    /// Follows a seal or an unsealing (the game not over).
    pub(crate) fn adjourn(&mut self, event: &Event) {
        let problem = self.seal_problem(event);
        let unsealing_without_seal = self.decisions.sealed.is_none();
        match event {
            Event::Seal {
                by,
                digest,
                elapsed_ms,
            } => match problem {
                Some(problem) => self.findings.push(problem),
                None => {
                    self.decisions.sealed = Some(Seal {
                        by: *by,
                        digest: digest.clone(),
                        number: self.next_number(),
                        elapsed_ms: *elapsed_ms,
                    })
                }
            },
            Event::Unseal { sealed } => {
                // A sealed move that does not match its digest is an error of the record,
                // which is followed still.
                self.findings.extend(problem);
                if !unsealing_without_seal {
                    self.unseal(sealed);
                }
            }
            _ => {}
        }
    }

    fn unseal(&mut self, sealed: &SealedMove) {
        let Some(seal) = self.decisions.sealed.take() else {
            return;
        };
        let Some(why) = self.sealed_move_problem(sealed.point) else {
            self.decisions.unsealed = Some(sealed.point);
            return;
        };
        let by = seal.by;
        self.findings.push(Finding::new(
            FindingCode::IllegalSealedMove,
            Some(seal.number),
            format!("{by}'s sealed move {} is {why}: {by} loses", sealed.point),
        ));
        self.decisions.decided = Some(Outcome::win(by.opponent(), Termination::IllegalSealedMove));
        self.ended = true;
    }

    /// The move after an unsealing must be the sealed stone.
    pub(crate) fn follow_unsealed(&mut self, mv: Move) {
        let Some(point) = self.decisions.unsealed.take() else {
            return;
        };
        if mv != Move::Stone(point) {
            let number = self.next_number();
            self.findings.push(Finding::new(
                FindingCode::SealedMove,
                Some(number),
                format!("move {number} is {mv}, not the sealed move {point}"),
            ));
        }
    }
}
