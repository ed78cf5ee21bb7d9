//! Late arrival and no-show ([`RefereeOptions::late_limit_ms`]). With a late limit a
//! player arrives by their first action (or `arrive`). Until both have arrived no clock
//! runs, and each player's lateness (from the start to their arrival) goes on their own
//! clock when they arrive: the rules start an absent player's clock at the start. A
//! player still absent past the limit forfeits; both absent: both lose (a double
//! forfeit).
//!
//! ```
//! use renju_records::referee::{Action, Referee, RefereeOptions, Request};
//! use renju_records::Seat;
//! use renju_core::Termination;
//! let options = RefereeOptions { late_limit_ms: Some(900_000), ..RefereeOptions::default() };
//! let mut referee = Referee::new(options).unwrap();
//! referee.act(Request::new(Action::Arrive).by(Seat::Second).at(60_000)).unwrap();
//! assert_eq!(referee.status().absent, vec![Seat::First]);
//! let status = referee.act(Request::new(Action::Tick).at(900_001)).unwrap();
//! let ending = status.outcome.unwrap();
//! assert_eq!((ending.termination, ending.winner_seat), (Termination::Forfeit, Some(Seat::Second)));
//! ```

#[cfg(doc)]
use super::RefereeOptions;
use super::{idx, Action, Party, Referee, Request};
use crate::game::{Event, Seat};
use crate::time_control::format_clock;

impl Referee {
    /// Whether a late limit applies and a player has not arrived yet.
    pub(super) fn awaiting_arrival(&self) -> bool {
        self.options.late_limit_ms.is_some() && self.arrived.iter().any(Option::is_none)
    }

    /// The seats whose player has not arrived yet, under a late limit (empty without
    /// one, and once the game is over).
    pub fn absent(&self) -> Vec<Seat> {
        if !self.awaiting_arrival() || self.outcome().is_some() {
            return Vec::new();
        }
        [Seat::First, Seat::Second]
            .into_iter()
            .filter(|&seat| self.arrived[idx(seat)].is_none())
            .collect()
    }

    /// The time stamp past which a player still absent forfeits (`None`: no late limit,
    /// both players have arrived, or the game is over).
    pub fn late_deadline(&self) -> Option<u64> {
        let limit = self.options.late_limit_ms?;
        (!self.absent().is_empty()).then(|| self.options.start_ms.saturating_add(limit))
    }

    /// The limit's time stamp, when a player is still absent past it by `t`.
    pub(super) fn no_show_due(&self, t: u64) -> Option<u64> {
        self.late_deadline().filter(|&at| t > at)
    }

    /// At the limit (`at`) the absent players forfeit: one loses by forfeit, two both
    /// lose (a double forfeit); the record's `termination` tag says why.
    pub(super) fn no_show(&mut self, at: u64) {
        let absent = self.absent();
        let limit = self.options.late_limit_ms.unwrap_or_default();
        let reason = format!("absent at the late limit ({})", format_clock(limit));
        self.last_t = self.last_t.max(at);
        let event = match absent[..] {
            [seat] => Event::Forfeit {
                by: self.color_of(seat),
            },
            _ => Event::DoubleForfeit,
        };
        self.run.event(&event);
        self.logged(vec![event]);
        match absent[..] {
            [seat] => self.disqualified(seat, reason),
            _ => self.set_tag("termination", &reason),
        }
    }

    /// The player taking `request` (checked, about to be applied at `t`) arrives now
    /// if they had not: their lateness since the start goes on their clock.
    pub(super) fn arrives(&mut self, request: &Request, t: u64) {
        if !self.awaiting_arrival() {
            return;
        }
        let arbiters = request.action.is_arbiters()
            || request.action == Action::Tick
            || request.by == Some(Party::Arbiter);
        let seat = match request.by.and_then(Party::seat) {
            Some(seat) => seat,
            None if !arbiters => self.seat(self.step().actor()),
            None => return,
        };
        if self.arrived[idx(seat)].is_some() {
            return;
        }
        self.arrived[idx(seat)] = Some(t);
        if self.timed() {
            let late = t.saturating_sub(self.options.start_ms);
            self.pending[idx(seat)] = self.pending[idx(seat)].saturating_add(late);
        }
    }
}
