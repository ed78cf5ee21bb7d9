//! The opening phases of a game under an opening protocol: a live [`Referee`] decides
//! what is required, who acts and what is legal, and takes every action; this module
//! only translates actions (point indexes, decisions, declared numbers) into the
//! referee's and its answers into a mask. Fifth-move offers, one action in the
//! referee, are placed here one point action at a time and handed over together.
//! Once the referee says the opening is over, the game goes on without it.

use renju_core::{Color, Point, Position};
use renju_records::opening::{offer_classes, OfferEquivalence};
use renju_records::referee::{
    Action, FoulPolicy, Referee, RefereeOptions, Required, Status, SwapOption,
};
use renju_records::Seat;

use crate::options::{ActionKind, Decision, FoulHandling, Layout};
use crate::phase::Phase;

/// The class of a point that is not one an offer may go on.
const NO_CLASS: u32 = u32::MAX;

/// A game's opening, while the protocol asks for something (see the
/// [module docs](self)).
#[derive(Debug, Clone)]
pub(crate) struct Opening {
    referee: Referee,
    status: Status,
    /// How many fifth moves are being offered, once the offers have begun.
    offering: Option<u8>,
    /// The offers placed so far.
    offers: Vec<Point>,
    /// Per point, the class of equivalent offers it belongs to ([`NO_CLASS`]: none).
    classes: Vec<u32>,
    /// Per class, whether an offer already took it.
    taken: Vec<bool>,
    /// The seat that held Black at the last status before the end (a draw or a
    /// forfeit inside the opening names no colour's seat otherwise).
    black_seat: Seat,
}

impl Opening {
    /// The opening of a new game under `layout`'s protocol.
    pub(crate) fn new(layout: &Layout) -> Opening {
        let o = layout.options();
        let options = RefereeOptions {
            rule_set: o.rule_set,
            opening: o.opening,
            size: o.size,
            renju: o.renju,
            offer_equivalence: OfferEquivalence::default(),
            fouls: match o.fouls {
                FoulHandling::Masked => FoulPolicy::Refuse,
                FoulHandling::PlayedAndLost => FoulPolicy::Automatic,
            },
            // The referee declares the draw at the stone limit during the opening too.
            draw_after: o.draw_after_stones(),
            ..RefereeOptions::default()
        };
        let referee = Referee::new(options).expect("options checked by Layout");
        let status = referee.status();
        let mut opening = Opening {
            referee,
            status,
            offering: None,
            offers: Vec::new(),
            classes: Vec::new(),
            taken: Vec::new(),
            black_seat: Seat::First,
        };
        opening.set_status(opening.referee.status());
        opening.begin_offers(layout);
        opening
    }

    /// The referee.
    pub(crate) fn referee(&self) -> &Referee {
        &self.referee
    }

    /// The position on the board.
    pub(crate) fn position(&self) -> &Position {
        self.referee.position()
    }

    /// Whether the protocol asks for nothing more (or the game is over).
    pub(crate) fn is_done(&self) -> bool {
        self.status.outcome.is_some() || self.referee.opening_over()
    }

    /// What the player to act must do.
    pub(crate) fn phase(&self) -> Phase {
        match self.offering {
            Some(_) => Phase::Offer,
            None => Phase::of_required(self.status.required),
        }
    }

    /// The seat that acts now (the first seat once the game is over).
    pub(crate) fn to_act(&self) -> Seat {
        self.status.to_act.unwrap_or(Seat::First)
    }

    /// The colour the seat to act holds (the colour of the next stone once the game is
    /// over).
    pub(crate) fn acting_color(&self) -> Color {
        self.status.color.unwrap_or(self.status.stone)
    }

    /// The seat that holds Black now (once the game is over: the one that held it at
    /// the last status before the end).
    pub(crate) fn black_seat(&self) -> Seat {
        self.black_seat
    }

    /// Takes the referee's status; while the game goes on, the seat to act and its
    /// colour say which seat holds Black.
    fn set_status(&mut self, status: Status) {
        if status.outcome.is_none() {
            if let (Some(seat), Some(color)) = (status.to_act, status.color) {
                self.black_seat = match color {
                    Color::Black => seat,
                    Color::White => seat.other(),
                };
            }
        }
        self.status = status;
    }

    /// The offered fifth moves on the table: those placed so far while offering, those
    /// White chooses from while choosing.
    pub(crate) fn offered(&self) -> &[Point] {
        match self.offering {
            Some(_) => &self.offers,
            None => &self.status.offered,
        }
    }

    /// Writes the legal actions now into `legal` (one byte per action, every byte
    /// written); returns how many there are.
    pub(crate) fn write_mask(&self, layout: &Layout, legal: &mut [u8], pass: bool) -> u32 {
        legal.fill(0);
        let size = layout.size();
        let index = |p: Point| usize::from(p.y()) * usize::from(size) + usize::from(p.x());
        let mut count = 0;
        let mut allow = |a: Option<u32>| {
            if let Some(a) = a {
                legal[a as usize] = 1;
                count += 1;
            }
        };
        let s = &self.status;
        match self.phase() {
            Phase::Place => {
                s.legal.iter().for_each(|&p| allow(Some(index(p) as u32)));
                if s.pass && pass {
                    allow(Some(layout.pass_action()));
                }
            }
            Phase::Swap => {
                for option in &s.options {
                    allow(layout.decision_action(decision_of(*option)));
                }
            }
            Phase::Declare => {
                let [min, max] = s.range.unwrap_or([1, 0]);
                (min..=max).for_each(|c| allow(layout.declare_action(c)));
            }
            Phase::Offer => {
                for &p in &s.legal {
                    let class = self.classes[index(p)];
                    if class != NO_CLASS && !self.taken[class as usize] {
                        allow(Some(index(p) as u32));
                    }
                }
            }
            Phase::Choose => s.offered.iter().for_each(|&p| allow(Some(index(p) as u32))),
            Phase::Over => {}
        }
        count
    }

    /// Takes an action the mask allows; `false` when it is not one of this phase or the
    /// referee refused it (which the mask should have prevented): then nothing changed.
    pub(crate) fn apply(&mut self, layout: &Layout, action: u32) -> bool {
        let point = |a: u32| {
            let size = u32::from(layout.size());
            Point::new((a % size) as u8, (a / size) as u8).expect("a point action")
        };
        let kind = layout.action_kind(action);
        let request = match (self.phase(), kind) {
            (Phase::Offer, Some(ActionKind::Point(a))) => {
                let p = point(a);
                self.offers.push(p);
                self.taken[self.classes[a as usize] as usize] = true;
                if Some(self.offers.len()) != self.offering.map(usize::from) {
                    return true;
                }
                Action::Offer {
                    points: self.offers.clone(),
                }
            }
            (Phase::Swap, Some(ActionKind::Decision(Decision::Offer))) => {
                self.offering = self.status.count;
                self.begin_offers(layout);
                return true;
            }
            (Phase::Choose, Some(ActionKind::Point(a))) => Action::Choose { point: point(a) },
            (_, Some(ActionKind::Point(a))) => Action::Place { point: point(a) },
            (_, Some(ActionKind::Pass)) => Action::Pass,
            (_, Some(ActionKind::Decision(Decision::Stay))) => Action::Stay,
            (_, Some(ActionKind::Decision(Decision::Swap))) => Action::Swap,
            (_, Some(ActionKind::Decision(Decision::PlaceTwo))) => Action::PlaceTwo,
            (_, Some(ActionKind::Declare(count))) => Action::Declare { count },
            (_, Some(ActionKind::Decision(Decision::Offer)) | None) => return false,
        };
        let offers = matches!(request, Action::Offer { .. });
        match self.referee.act(request.into()) {
            Ok(status) => self.set_status(status),
            Err(_) if offers => {
                // The last offer stays off the table.
                if let Some(p) = self.offers.pop() {
                    self.taken[self.classes[layout.index_of(p)] as usize] = false;
                }
                return false;
            }
            Err(_) => return false,
        }
        if offers {
            self.offering = None;
            self.offers.clear();
        }
        self.begin_offers(layout);
        true
    }

    /// When the referee asks for offers: sorts the points an offer may go on into
    /// classes of equivalent offers. A declaration that cannot be met (fewer classes
    /// than offers owed) is a forfeit of the player who must offer.
    fn begin_offers(&mut self, layout: &Layout) {
        if self.status.required == Required::Offer && self.offering.is_none() {
            self.offering = Some(self.status.count.unwrap_or(1));
        }
        if self.offering.is_none() || !self.offers.is_empty() {
            return;
        }
        let stones: Vec<(Point, Color)> = self.position().board().stones().collect();
        let found = offer_classes(
            &stones,
            &self.status.legal,
            OfferEquivalence::default(),
            layout.size(),
        );
        self.classes = vec![NO_CLASS; layout.area()];
        let size = usize::from(layout.size());
        for (&p, &class) in self.status.legal.iter().zip(&found) {
            self.classes[usize::from(p.y()) * size + usize::from(p.x())] = class;
        }
        let count = found.iter().max().map_or(0, |&c| c as usize + 1);
        self.taken = vec![false; count];
        if count < usize::from(self.offering.unwrap_or(0)) {
            self.offering = None;
            let forfeit = self.referee.act(Action::Forfeit.into());
            self.set_status(forfeit.unwrap_or_else(|_| self.referee.status()));
        }
    }
}

/// The decision action of a referee's swap option.
fn decision_of(option: SwapOption) -> Decision {
    match option {
        SwapOption::Stay => Decision::Stay,
        SwapOption::Swap => Decision::Swap,
        SwapOption::PlaceTwo => Decision::PlaceTwo,
        SwapOption::Offer => Decision::Offer,
    }
}
