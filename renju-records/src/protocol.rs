//! Opening protocols as rules a replay follows: what each protocol asks of the opening
//! moves ([`ProtocolSpec`], from [`OpeningRule::spec`]) and the state machine that
//! checks a record against it, event by event ([`ProtocolState`]), reporting every step
//! the protocol does not allow as a [`Finding`].

use crate::findings::{Finding, FindingCode};
use crate::game::Seat;
use crate::opening::{offer_classes, OfferEquivalence, OpeningRule};
use renju_core::geometry::{Color, Point};
use renju_core::notation::Move;
use renju_core::position::Position;

/// What a protocol asks of the opening moves.
#[derive(Debug, Clone, Copy)]
pub(crate) struct ProtocolSpec {
    /// Largest Chebyshev distance from the centre for moves 1..=5 (`None`: anywhere).
    pub areas: [Option<u8>; 5],
    /// Pro: move 3 at least this far from the centre.
    pub min_distance_move3: Option<u8>,
    /// Passes are not allowed for move numbers up to this.
    pub no_pass_through: usize,
    /// Numbers of moves played after which a swap decision may be made.
    pub swap_after: &'static [usize],
    /// How many fifth-move offers (None: the protocol has none).
    pub offers: Option<Offers>,
    /// Numbers of moves played at which the offer count may be declared, and its range.
    pub declare: Option<(&'static [usize], u8, u8)>,
}

/// The number of fifth-move offers a protocol asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Offers {
    /// A fixed number.
    Fixed(u8),
    /// The declared number.
    Declared,
    /// Taraguchi: either no offers (move 5 in the 9x9) or exactly this many.
    Optional(u8),
}

/// The most fifth-move offers compared two by two: a declaration's largest count (a
/// count past it is an error already, and its offers are not compared).
pub(crate) const MAX_COMPARED_OFFERS: usize = u8::MAX as usize;

const RIF_AREAS: [Option<u8>; 5] = [Some(0), Some(1), Some(2), None, None];

impl OpeningRule {
    /// Whether every game under this protocol has fifth-move offers (a fixed or a
    /// declared number of them), so that a record without them is incomplete.
    /// Taraguchi's offers are a choice (move 5 may be placed instead): not required.
    ///
    /// ```
    /// use renju_records::opening::OpeningRule;
    /// assert!(OpeningRule::Yamaguchi.requires_offers());
    /// assert!(!OpeningRule::Taraguchi { n: 10 }.requires_offers());
    /// assert!(!OpeningRule::Swap2.requires_offers());
    /// ```
    pub fn requires_offers(self) -> bool {
        matches!(
            self.spec().offers,
            Some(Offers::Fixed(_) | Offers::Declared)
        )
    }

    /// Whether a game under this protocol has colour decisions (swap or stay).
    ///
    /// ```
    /// use renju_records::opening::OpeningRule;
    /// assert!(OpeningRule::Swap2.has_colour_decisions());
    /// assert!(!OpeningRule::Free.has_colour_decisions());
    /// ```
    pub fn has_colour_decisions(self) -> bool {
        !self.spec().swap_after.is_empty()
    }

    /// The numbers of fifth-move offers a declaration may give on a `size` board,
    /// `[min, max]` (the protocol's range, its top capped by the empty points after move
    /// 4, as the live referee caps it); `None` when the protocol has no declaration.
    ///
    /// ```
    /// use renju_records::opening::OpeningRule;
    /// assert_eq!(OpeningRule::Soosorv { n: 8 }.declaration_range(15), Some([1, 8]));
    /// assert_eq!(OpeningRule::Yamaguchi.declaration_range(15), Some([1, 221]));
    /// assert_eq!(OpeningRule::Swap2.declaration_range(15), None);
    /// ```
    pub fn declaration_range(self, size: u8) -> Option<[u8; 2]> {
        let state = ProtocolState::new(self, size, OfferEquivalence::default());
        state.declaration().map(|(_, min, max)| [min, max])
    }

    /// Whether a game under this protocol may declare a number of fifth-move offers
    /// (an event SGF has no property for).
    ///
    /// ```
    /// use renju_records::opening::OpeningRule;
    /// assert!(OpeningRule::Yamaguchi.declares_offers());
    /// assert!(!OpeningRule::Swap2.declares_offers());
    /// ```
    pub fn declares_offers(self) -> bool {
        self.spec().declare.is_some()
    }

    pub(crate) fn spec(self) -> ProtocolSpec {
        let none = ProtocolSpec {
            areas: [None; 5],
            min_distance_move3: None,
            no_pass_through: 0,
            swap_after: &[],
            offers: None,
            declare: None,
        };
        match self {
            OpeningRule::Free => none,
            OpeningRule::Rif1996 => ProtocolSpec {
                areas: RIF_AREAS,
                no_pass_through: 3,
                swap_after: &[3],
                offers: Some(Offers::Fixed(2)),
                ..none
            },
            OpeningRule::Swap => ProtocolSpec {
                areas: RIF_AREAS,
                no_pass_through: 5,
                swap_after: &[3],
                offers: Some(Offers::Fixed(2)),
                ..none
            },
            OpeningRule::Yamaguchi => ProtocolSpec {
                areas: RIF_AREAS,
                no_pass_through: 3,
                swap_after: &[3],
                offers: Some(Offers::Declared),
                declare: Some((&[0, 1, 2, 3], 1, u8::MAX)),
                ..none
            },
            OpeningRule::Soosorv { n } => ProtocolSpec {
                areas: RIF_AREAS,
                no_pass_through: 3,
                swap_after: &[3, 4],
                offers: Some(Offers::Declared),
                declare: Some((&[3, 4], 1, n)),
                ..none
            },
            OpeningRule::Taraguchi { n } => ProtocolSpec {
                areas: [Some(0), Some(1), Some(2), Some(3), Some(4)],
                no_pass_through: 3,
                swap_after: &[1, 2, 3, 4, 5],
                offers: Some(Offers::Optional(n)),
                ..none
            },
            OpeningRule::Chinese => ProtocolSpec {
                areas: RIF_AREAS,
                no_pass_through: 5,
                swap_after: &[3],
                offers: Some(Offers::Declared),
                declare: Some((&[0, 1, 2, 3], 1, u8::MAX)),
                ..none
            },
            OpeningRule::Swap2 => ProtocolSpec {
                no_pass_through: 3,
                swap_after: &[3, 5],
                ..none
            },
            OpeningRule::GomokuSwap => ProtocolSpec {
                no_pass_through: 3,
                swap_after: &[3],
                ..none
            },
            OpeningRule::Pro => ProtocolSpec {
                areas: [Some(0), None, None, None, None],
                min_distance_move3: Some(3),
                no_pass_through: 3,
                ..none
            },
        }
    }
}

/// The opening protocol, followed event by event.
#[derive(Debug, Clone)]
pub(crate) struct ProtocolState {
    rule: OpeningRule,
    spec: ProtocolSpec,
    size: u8,
    equivalence: OfferEquivalence,
    declared: Option<u8>,
    /// Colour decisions so far: (moves played, swapped).
    swaps_at: Vec<(usize, bool)>,
    offers_seen: bool,
    /// Swap2: the second player chose to place two more stones (live play only: a
    /// record cannot tell this branch from "stay", see `docs/rules.md`).
    pub place_two: bool,
}

impl ProtocolState {
    pub(crate) fn new(rule: OpeningRule, size: u8, equivalence: OfferEquivalence) -> ProtocolState {
        ProtocolState {
            rule,
            spec: rule.spec(),
            size,
            equivalence,
            declared: None,
            swaps_at: vec![],
            offers_seen: false,
            place_two: false,
        }
    }

    pub(crate) fn swap(&mut self, played: usize, swap: bool, findings: &mut Vec<Finding>) {
        findings.extend(self.swap_problem(played));
        self.swaps_at.push((played, swap));
    }

    /// A colour decision after move `played`, where the protocol gives none.
    pub(crate) fn swap_problem(&self, played: usize) -> Option<Finding> {
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
        (!allowed).then(|| {
            Finding::new(
                FindingCode::SwapNotAllowed,
                Some(played),
                format!("{} gives no swap decision after move {played}", self.rule),
            )
        })
    }

    pub(crate) fn declare(&mut self, played: usize, count: u8, findings: &mut Vec<Finding>) {
        let problem = self.declare_problem(played, count);
        if problem.is_none() || self.spec.declare.is_some() {
            self.declared.get_or_insert(count);
        }
        findings.extend(problem);
    }

    /// A declaration of `count` offers after move `played`, where the protocol does not
    /// allow it.
    pub(crate) fn declare_problem(&self, played: usize, count: u8) -> Option<Finding> {
        let Some((when, min, max)) = self.declaration() else {
            return Some(Finding::new(
                FindingCode::OfferDeclaration,
                Some(played),
                format!("{} has no declared number of fifth-move offers", self.rule),
            ));
        };
        if when.contains(&played) && (min..=max).contains(&count) && self.declared.is_none() {
            return None;
        }
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
        Some(Finding::new(
            FindingCode::OfferDeclaration,
            Some(played),
            format!("{count} fifth-move offers cannot be declared: {why}"),
        ))
    }

    /// When the number of offers is declared and its range: the protocol's, its top
    /// capped by the points a position allows (the empty points after move 4: 221 on a
    /// 15x15 board), so that a declaration can always be met.
    fn declaration(&self) -> Option<(&'static [usize], u8, u8)> {
        let (when, min, max) = self.spec.declare?;
        let area = usize::from(self.size) * usize::from(self.size);
        let room = u8::try_from(area.saturating_sub(4)).unwrap_or(u8::MAX);
        Some((when, min, max.min(room).max(min)))
    }

    fn required_offers(&self) -> Option<u8> {
        match self.spec.offers? {
            Offers::Fixed(n) | Offers::Optional(n) => Some(n),
            Offers::Declared => self.declared,
        }
    }

    pub(crate) fn offers(
        &mut self,
        pos: &Position,
        number: usize,
        offered: &[Point],
        chosen: Point,
        findings: &mut Vec<Finding>,
    ) {
        self.offers_seen = true;
        findings.extend(self.offer_findings(pos, number, offered, chosen));
    }

    /// What is wrong with Black's offers `offered` of move `number` and White's choice
    /// `chosen` (nothing changes: [`ProtocolState::offers`] records them).
    pub(crate) fn offer_findings(
        &self,
        pos: &Position,
        number: usize,
        offered: &[Point],
        chosen: Point,
    ) -> Vec<Finding> {
        let mut found = Vec::new();
        let findings = &mut found;
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
            return found;
        }
        let counted = self.offer_count(number, offered.len(), findings);
        self.offered_points(pos, number, offered, chosen, findings);
        // The pairwise comparison only of a count the protocol allows (at most 255, a
        // declaration's range): a wrong count is the error, and thousands of offers
        // would take minutes to compare two by two.
        if counted {
            self.symmetric_offers(pos, number, offered, findings);
        }
        found
    }

    /// The number of offers made against the number required or declared: whether it
    /// is one the protocol allows (at most [`MAX_COMPARED_OFFERS`]).
    fn offer_count(&self, number: usize, n: usize, findings: &mut Vec<Finding>) -> bool {
        let before = findings.len();
        match self.required_offers() {
            Some(required) if n != required as usize => findings.push(Finding::new(
                FindingCode::OfferCount,
                Some(number),
                format!(
                    "{n} offers were made where {} requires {required}",
                    self.rule
                ),
            )),
            // The record does not show the declaration (SGF cannot): the offers made are
            // the number declared, which must still be one the protocol allows.
            None => {
                if let Some((_, min, max)) = self.declaration() {
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
        findings.len() == before && n <= MAX_COMPARED_OFFERS
    }

    /// Each offered point on the board, empty and offered once; the chosen one offered.
    fn offered_points(
        &self,
        pos: &Position,
        number: usize,
        offered: &[Point],
        chosen: Point,
        findings: &mut Vec<Finding>,
    ) {
        let board = pos.board();
        let mut seen = std::collections::HashSet::with_capacity(offered.len());
        for &p in offered {
            let problem = if !p.is_on(self.size) {
                Some("is off the board")
            } else if board.get(p).is_some() {
                Some("is occupied")
            } else if !seen.insert(p) {
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
    }

    /// No two offers the same position under the protocol's equivalence.
    fn symmetric_offers(
        &self,
        pos: &Position,
        number: usize,
        offered: &[Point],
        findings: &mut Vec<Finding>,
    ) {
        let stones: Vec<(Point, Color)> = pos.board().stones().collect();
        // Each offer's class of equivalent points ([`offer_classes`]: near-linear), then
        // every pair within a class, in the order of the offers.
        // Classes are numbered from 0 in the order of their first offers.
        let classes = offer_classes(&stones, offered, self.equivalence, self.size);
        let mut members: Vec<Vec<usize>> = Vec::new();
        for (j, &class) in classes.iter().enumerate() {
            let class = class as usize;
            if class == members.len() {
                members.push(Vec::new());
            }
            members[class].push(j);
        }
        for (i, &a) in offered.iter().enumerate() {
            for &j in members[classes[i] as usize].iter().filter(|&&j| j > i) {
                let b = offered[j];
                if a != b {
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

    pub(crate) fn before_move(&mut self, number: usize, mv: Move, findings: &mut Vec<Finding>) {
        findings.extend(self.move_problem(number, mv, false));
    }

    /// What the protocol finds wrong with `mv` as move `number` (`offered`: the move is
    /// a fifth move chosen among offers), changing nothing.
    pub(crate) fn move_problem(&self, number: usize, mv: Move, offered: bool) -> Option<Finding> {
        match mv {
            Move::Pass => self.pass_problem(number),
            Move::Stone(p) => self.area_problem(number, p, offered || self.offers_seen),
        }
    }

    /// A pass as move `number`, where the protocol does not allow one.
    pub(crate) fn pass_problem(&self, number: usize) -> Option<Finding> {
        (number <= self.spec.no_pass_through).then(|| {
            Finding::new(
                FindingCode::PassInOpening,
                Some(number),
                format!("{} does not allow a pass at move {number}", self.rule),
            )
        })
    }

    /// The largest Chebyshev distance from the centre the protocol allows move `number`
    /// (`None`: anywhere) and the smallest (Pro's move 3).
    fn area_bounds(&self, number: usize, offered: bool) -> (Option<u8>, Option<u8>) {
        let mut area = self
            .spec
            .areas
            .get(number.wrapping_sub(1))
            .copied()
            .flatten();
        // Taraguchi: move 5 is in the 9x9 only in the branch without offers.
        if number == 5 && offered && matches!(self.spec.offers, Some(Offers::Optional(_))) {
            area = None;
        }
        let min = self.spec.min_distance_move3.filter(|_| number == 3);
        (area, min)
    }

    /// Whether the protocol's areas allow a stone on `p` as move `number` (what
    /// [`ProtocolState::area_problem`] finds no problem with, without its message).
    pub(crate) fn area_allows(&self, number: usize, p: Point) -> bool {
        let distance = p.chebyshev(Point::center(self.size));
        let (max, min) = self.area_bounds(number, self.offers_seen);
        max.is_none_or(|l| distance <= l) && min.is_none_or(|m| distance >= m)
    }

    /// A stone on `p` as move `number`, where the protocol's areas do not allow it.
    fn area_problem(&self, number: usize, p: Point, offered: bool) -> Option<Finding> {
        let center = Point::center(self.size);
        let (area, min_distance) = self.area_bounds(number, offered);
        if let Some(limit) = area.filter(|&l| p.chebyshev(center) > l) {
            let zone = match limit {
                0 => format!("on the centre {center}"),
                l => {
                    let side = 2 * l + 1;
                    format!("inside the central {side}x{side}")
                }
            };
            return Some(Finding::new(
                FindingCode::OpeningArea,
                Some(number),
                format!("{} puts move {number} {zone}, not on {p}", self.rule),
            ));
        }
        match min_distance {
            Some(min) if p.chebyshev(center) < min => Some(Finding::new(
                FindingCode::OpeningArea,
                Some(number),
                format!(
                    "{} puts move 3 at least {min} points from the centre, not on {p}",
                    self.rule
                ),
            )),
            _ => None,
        }
    }

    pub(crate) fn finish(&self, pos: &Position, findings: &mut Vec<Finding>) {
        let needs_offers = self.rule.requires_offers();
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

/// Who acts at a step: a seat by name, or whoever holds a colour now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Actor {
    /// A seat, whatever its colour (the opening player's stones).
    Seat(Seat),
    /// The player holding this colour.
    Holder(Color),
}

/// What the protocol asks for next, in live play.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Step {
    /// A stone (or a pass where one is allowed).
    Place(Actor),
    /// A colour decision; Swap2's third option (`place_two`) or Taraguchi's offer branch
    /// (`offer`: that many offers) where the protocol gives them.
    Swap {
        actor: Actor,
        place_two: bool,
        offer: Option<u8>,
    },
    /// The number of fifth-move offers, in `min..=max`.
    Declare { actor: Actor, min: u8, max: u8 },
    /// Fifth-move offers: exactly `count`, or any number the protocol allows when the
    /// count is not known (a record that did not show the declaration).
    Offer {
        actor: Actor,
        count: Option<u8>,
        min: u8,
        max: u8,
    },
    /// White chooses one of the offers on the table.
    Choose(Actor),
}

impl Step {
    /// Who acts.
    pub(crate) fn actor(self) -> Actor {
        match self {
            Step::Place(actor) | Step::Choose(actor) => actor,
            Step::Swap { actor, .. } | Step::Declare { actor, .. } | Step::Offer { actor, .. } => {
                actor
            }
        }
    }
}

impl ProtocolState {
    /// What the protocol asks for after `played` moves, `offers_pending` when Black's
    /// fifth-move offers wait for White's choice.
    pub(crate) fn next_step(&self, played: usize, offers_pending: bool) -> Step {
        use OpeningRule as R;
        let first = Actor::Seat(Seat::First);
        let second = Actor::Seat(Seat::Second);
        let to_move = if played.is_multiple_of(2) {
            Color::Black
        } else {
            Color::White
        };
        let holder = Actor::Holder(to_move);
        let decided = |k: usize| self.swaps_at.iter().any(|&(at, _)| at == k);
        let swap = |actor| Step::Swap {
            actor,
            place_two: false,
            offer: None,
        };
        let fifth = || self.offer_step(offers_pending);
        let undeclared = self.declared.is_none() && self.spec.declare.is_some();
        match (self.rule, played) {
            (R::Free | R::Pro, _) => Step::Place(holder),
            (R::Swap, 1) => Step::Place(second),
            (
                R::GomokuSwap
                | R::Rif1996
                | R::Swap
                | R::Yamaguchi
                | R::Chinese
                | R::Soosorv { .. }
                | R::Swap2,
                0..=2,
            ) => Step::Place(first),
            (R::Yamaguchi | R::Chinese, 3) if undeclared => self.declare_step(first),
            (R::Swap2, 3) if !decided(3) => Step::Swap {
                actor: second,
                place_two: true,
                offer: None,
            },
            (
                R::GomokuSwap
                | R::Rif1996
                | R::Swap
                | R::Yamaguchi
                | R::Chinese
                | R::Soosorv { .. },
                3,
            ) if !decided(3) => swap(second),
            (R::Soosorv { .. }, 4) if undeclared => self.declare_step(Actor::Holder(Color::White)),
            (R::Soosorv { .. }, 4) if !decided(4) => swap(Actor::Holder(Color::Black)),
            (R::Rif1996 | R::Swap | R::Yamaguchi | R::Chinese | R::Soosorv { .. }, 4)
                if !self.offers_seen =>
            {
                fifth()
            }
            (R::Taraguchi { .. }, 1..=3) if !decided(played) => swap(holder),
            (R::Taraguchi { .. }, 4) if offers_pending => fifth(),
            (R::Taraguchi { n }, 4) if !decided(4) && !self.offers_seen => Step::Swap {
                actor: holder,
                place_two: false,
                offer: Some(n),
            },
            (R::Taraguchi { .. }, 5) if !self.offers_seen && !decided(5) => swap(holder),
            (R::Swap2, 4) if self.place_two => Step::Place(second),
            (R::Swap2, 5) if self.place_two && !decided(5) => swap(first),
            _ => Step::Place(holder),
        }
    }

    fn declare_step(&self, actor: Actor) -> Step {
        let (_, min, max) = self.declaration().unwrap_or((&[], 1, u8::MAX));
        Step::Declare { actor, min, max }
    }

    fn offer_step(&self, offers_pending: bool) -> Step {
        if offers_pending {
            return Step::Choose(Actor::Holder(Color::White));
        }
        let (min, max) = self
            .declaration()
            .map_or((1, u8::MAX), |(_, lo, hi)| (lo, hi));
        Step::Offer {
            actor: Actor::Holder(Color::Black),
            count: self.required_offers(),
            min,
            max,
        }
    }

    /// Swap2 after move 4 or 5 (no decision after move 5 yet), colours kept after move
    /// 3: the record cannot tell whether the second player chose to place two more
    /// stones (`docs/rules.md`, Live refereeing).
    pub(crate) fn swap2_branch_unknown(&self, played: usize) -> bool {
        self.rule == OpeningRule::Swap2
            && (played == 4 || played == 5)
            && !self.place_two
            && self.swaps_at.contains(&(3, false))
            && !self.swaps_at.iter().any(|&(at, _)| at == 5)
    }

    /// Whether a declaration of the number of offers may come now, and from whom
    /// (Yamaguchi and Chinese: with the opening; Soosorv: with move 4).
    pub(crate) fn may_declare(&self, played: usize) -> Option<Actor> {
        let (when, _, _) = self.spec.declare?;
        if self.declared.is_some() || !when.contains(&played) {
            return None;
        }
        Some(match self.rule {
            OpeningRule::Soosorv { .. } => Actor::Holder(Color::White),
            _ => Actor::Seat(Seat::First),
        })
    }
}
