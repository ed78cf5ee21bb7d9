//! The whole record, written by the referee as play goes: the players' names, each
//! move's time as the caller read it (the thinking time of an untimed game, the time
//! left), and why a game ended by forfeit. A caller's [`Referee::game`] then needs
//! nothing added afterwards.
//!
//! ```
//! use renju_records::referee::{Action, MoveReading, Party, Referee, RefereeOptions, Request};
//! use renju_records::{Event, Seat};
//! let mut referee = Referee::new(RefereeOptions::default()).unwrap();
//! referee.name_players("Alpha", "Beta");
//! let h8 = Request::new(Action::Place { point: "h8".parse().unwrap() });
//! referee.take_read(&h8, MoveReading::thought(1200)).unwrap();
//! referee.forfeit(Seat::Second, Party::Arbiter, "Beta crashed", None).unwrap();
//! let game = referee.game();
//! assert!(game.tags.contains(&("black".to_string(), "Alpha".to_string())));
//! assert!(game.tags.contains(&("termination".to_string(), "Beta crashed".to_string())));
//! assert!(game.events.contains(&Event::MoveTime { elapsed_ms: Some(1200), left_ms: None, moves_left: None }));
//! ```

use super::{Action, Party, Referee, Refusal, RefusalCode, Request};
use crate::game::{Event, Game, Seat};

/// A move's time as the caller read it when the move was made.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct MoveReading {
    /// How long the move took, in milliseconds: written in an untimed game (a timed
    /// game writes the referee's own clock).
    pub elapsed_ms: Option<u64>,
    /// The time its player had left after it, in milliseconds (`None` in a timed game:
    /// the referee's own clock is read).
    pub left_ms: Option<u64>,
}

impl MoveReading {
    /// A move that took `elapsed_ms` of thinking.
    pub fn thought(elapsed_ms: u64) -> MoveReading {
        MoveReading {
            elapsed_ms: Some(elapsed_ms),
            left_ms: None,
        }
    }

    /// The record's event for the reading of a move of an untimed game.
    fn untimed_event(self) -> Option<Event> {
        (self.elapsed_ms.is_some() || self.left_ms.is_some()).then_some(Event::MoveTime {
            elapsed_ms: self.elapsed_ms,
            left_ms: self.left_ms,
            moves_left: None,
        })
    }
}

/// A game ended by forfeit: whose, declared by whom, and why.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Forfeiture {
    /// The seat that lost by forfeit.
    pub seat: Seat,
    /// Who declared it: the player themself or the arbiter.
    pub by: Party,
    /// Why, in words (the record's `termination` tag).
    pub reason: String,
}

/// What the referee writes into its record beside the events of play.
#[derive(Debug, Clone, Default)]
pub(super) struct Scorer {
    /// The players' names, by seat (first, second).
    names: Option<[String; 2]>,
    /// The reading of the action being taken.
    pub(super) reading: Option<MoveReading>,
    forfeiture: Option<Forfeiture>,
}

impl Scorer {
    /// Writes the names into `game`'s `black` and `white` tags (where they stand, or
    /// at the end), Black's player being the one in `black_seat` now.
    fn write_names(&self, game: &mut Game, black_seat: Seat) {
        if let Some([first, second]) = &self.names {
            let (black, white) = match black_seat {
                Seat::First => (first, second),
                Seat::Second => (second, first),
            };
            set_tag(game, "black", black);
            set_tag(game, "white", white);
        }
    }
}

/// Sets the tag `key` of `game` to `value` (replacing the one there).
fn set_tag(game: &mut Game, key: &str, value: &str) {
    match game.tags.iter_mut().find(|(k, _)| k == key) {
        Some(tag) => tag.1 = value.to_string(),
        None => game.tags.push((key.to_string(), value.to_string())),
    }
}

impl Referee {
    /// Names the players by seat: the record's `black` and `white` tags, written now
    /// after the tags set so far, follow the colours the players hold when the record
    /// is taken (swaps included).
    pub fn name_players(&mut self, first: impl Into<String>, second: impl Into<String>) {
        self.scorer.names = Some([first.into(), second.into()]);
        self.scorer.write_names(&mut self.log, self.run.black_seat);
    }

    /// The seat of the player holding Black now (swaps included).
    pub fn black_seat(&self) -> Seat {
        self.run.black_seat
    }

    /// The record's tag `key`, when set.
    pub fn tag(&self, key: &str) -> Option<&str> {
        let mut tags = self.log.tags.iter();
        tags.find(|(k, _)| k == key).map(|(_, v)| v.as_str())
    }

    /// Sets a tag of the record (`event`, `round`, ...), replacing one of the same key
    /// where it stands; a new key goes after the tags set so far.
    pub fn set_tag(&mut self, key: &str, value: &str) {
        set_tag(&mut self.log, key, value);
    }

    /// Sets the record's id (a match's game number, ...).
    pub fn set_id(&mut self, id: impl Into<String>) {
        self.log.id = Some(id.into());
    }

    /// Takes one action as [`Referee::take`] does, with the caller's reading of the
    /// move's time: when the action completes a move (a stone, a pass, the chosen
    /// offers), the record's time of the move carries the reading (in a timed game the
    /// elapsed time is the referee's own, and the time left, when the reading has none,
    /// the referee's clock after the move).
    pub fn take_read(&mut self, request: &Request, reading: MoveReading) -> Result<(), Refusal> {
        self.scorer.reading = Some(reading);
        let taken = self.take(request);
        self.scorer.reading = None;
        taken
    }

    /// Ends the game: the player in `seat` loses by forfeit, declared by `by` (the
    /// player themself or the arbiter), for `reason` (the record's `termination` tag,
    /// written now after the tags set so far). Refused as [`Action::Forfeit`] is, and when a player declares another's forfeit.
    pub fn forfeit(
        &mut self,
        seat: Seat,
        by: Party,
        reason: impl Into<String>,
        t: Option<u64>,
    ) -> Result<(), Refusal> {
        if by.seat().is_some_and(|player| player != seat) {
            return Err(Refusal::new(
                RefusalCode::NotYourTurn,
                format!(
                    "the {by} player cannot declare the {} player's forfeit",
                    seat.name()
                ),
            ));
        }
        self.take(&Request {
            action: Action::Forfeit,
            by: Some(seat.into()),
            t,
        })?;
        let reason = reason.into();
        set_tag(&mut self.log, "termination", &reason);
        self.scorer.forfeiture = Some(Forfeiture { seat, by, reason });
        Ok(())
    }

    /// The arbiter disqualified the player in `seat` (their forfeit is in the record):
    /// the record's `termination` tag says why.
    pub(super) fn disqualified(&mut self, seat: Seat, reason: String) {
        set_tag(&mut self.log, "termination", &reason);
        self.scorer.forfeiture = Some(Forfeiture {
            seat,
            by: Party::Arbiter,
            reason,
        });
    }

    /// The forfeit that ended the game through [`Referee::forfeit`] or a
    /// disqualification.
    pub fn forfeiture(&self) -> Option<&Forfeiture> {
        self.scorer.forfeiture.as_ref()
    }

    /// The game so far as a record: the events (with the times of the moves, in a timed
    /// game, and the readings given to [`Referee::take_read`]), the players' names, the
    /// tags set, the reason of a forfeit, and the result once there is one. Offers still
    /// waiting for White's choice are not in it.
    pub fn game(&self) -> Game {
        let mut game = self.log.clone();
        self.scorer.write_names(&mut game, self.run.black_seat);
        game
    }

    /// The time event of a move of the player in `seat` that completes now (`is_move`:
    /// a stone, a pass or the chosen offers), and the pending time it used is spent.
    pub(super) fn move_time(&mut self, seat: Seat, is_move: bool) -> Option<Event> {
        let reading = self.scorer.reading.filter(|_| is_move);
        if !self.timed() {
            return reading.and_then(MoveReading::untimed_event);
        }
        let elapsed = std::mem::take(&mut self.pending[super::idx(seat)]);
        Some(Event::MoveTime {
            elapsed_ms: Some(elapsed),
            left_ms: reading.and_then(|r| r.left_ms),
            moves_left: None,
        })
    }

    /// The clock's reading of the time left of the player who just moved, written into
    /// the move's time `event` when the caller read none.
    pub(super) fn read_time_left(&self, event: &mut Event) {
        let wanted = self.scorer.reading.is_some_and(|r| r.left_ms.is_none());
        let (Event::MoveTime { left_ms, .. }, true) = (event, wanted) else {
            return;
        };
        if let Some(clock) = self.run.decisions.clock() {
            let state = clock.state();
            *left_ms = Some(state.side(state.to_move.opponent()).time_left_ms);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_player_declares_only_their_own_forfeit() {
        let mut referee = Referee::new(super::super::RefereeOptions::default()).unwrap();
        let refusal = referee
            .forfeit(Seat::First, Party::Seat(Seat::Second), "", None)
            .unwrap_err();
        assert_eq!(refusal.code, RefusalCode::NotYourTurn);
        assert!(referee.forfeiture().is_none());
    }
}
