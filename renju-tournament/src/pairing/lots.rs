//! The drawing of lots: a seeded, reproducible permutation that gives each player a
//! pairing number (the number of a round robin's Berger table).
//!
//! The algorithm, so that another implementation draws the same numbers from the same
//! seed: start from the list `1, 2, ..., n` and a [`SplitMix64`] seeded with the seed;
//! for `i` from `n - 1` down to 1 (positions from 0), draw `j =
//! SplitMix64::below_unbiased(i + 1)` (rejection of the outputs below `2^64 mod (i +
//! 1)`, then the remainder: every `j` in `0..=i` equally likely) and exchange the
//! entries at `i` and `j` (Fisher–Yates, from the last position). Entry `k` of the
//! result is the number drawn by the player at position `k` in start-rank order.
//!
//! [`renumber_by_lots`] applies a draw to a tournament: each player's start rank
//! becomes the number drawn, so that the TRF written afterwards holds the draw (the
//! players, their names and everything else move with them).

use std::collections::HashMap;

use renju_records::random::SplitMix64;

use crate::model::{LimitError, Tournament};

/// The pairing numbers `1..=count` in the order a drawing of lots from `seed` gives
/// them: entry `k` is the number of the player at position `k` (start-rank order). See
/// [the module](self) for the exact algorithm.
///
/// ```
/// use renju_tournament::pairing::lots::draw_lots;
///
/// let numbers = draw_lots(8, 2026);
/// assert_eq!(numbers, draw_lots(8, 2026)); // the same seed, the same draw
/// let mut sorted = numbers.clone();
/// sorted.sort_unstable();
/// assert_eq!(sorted, (1..=8).collect::<Vec<u32>>());
/// ```
pub fn draw_lots(count: u32, seed: u64) -> Vec<u32> {
    let mut numbers: Vec<u32> = (1..=count).collect();
    let mut rng = SplitMix64::new(seed);
    for i in (1..numbers.len()).rev() {
        // i + 1 <= count fits in a u64, and j <= i is a position of the list.
        let bound = u64::try_from(i).map_or(u64::MAX, |i| i.saturating_add(1));
        let j = usize::try_from(rng.below_unbiased(bound)).unwrap_or(0);
        numbers.swap(i, j);
    }
    numbers
}

/// Why lots cannot be drawn for a tournament.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LotsError {
    /// The tournament has no players.
    #[error("the tournament has no players to draw lots for")]
    NoPlayers,
    /// Lots are drawn before round 1: a tournament with pairings keeps its numbers.
    #[error(
        "lots are drawn before the first round, and the tournament has pairings up to round {round}"
    )]
    AlreadyPaired {
        /// The last round with pairings.
        round: u32,
    },
    /// A team event: its pairing numbers are the teams', which this does not draw.
    #[error("lots are drawn for the players of an individual event; this is a team event")]
    TeamEvent,
    /// Past [`crate::MAX_PLAYERS`] or [`crate::MAX_ROUNDS`].
    #[error(transparent)]
    Limits(#[from] LimitError),
}

/// The tournament with the players renumbered by a drawing of lots from `seed`: the
/// player at position `k` in start-rank order gets start rank `draw_lots(n, seed)[k]`,
/// and the players are listed by their new numbers. Withdrawals, the play-off order
/// and the pairing records (`XXA`, `XXP`) follow the players.
///
/// ```
/// use renju_tournament::pairing::lots::{draw_lots, renumber_by_lots};
/// use renju_tournament::Tournament;
///
/// let t = Tournament::from_trf(include_str!("../../../fixtures/tournaments/round_robin.trf"))
///     .unwrap();
/// let mut blank = t.clone();
/// blank.cells.clear(); // before the first round
/// let drawn = renumber_by_lots(&blank, 7).unwrap();
/// let numbers = draw_lots(5, 7);
/// assert_eq!(drawn.player(numbers[0]).unwrap().name, "Ann Smith");
/// assert!(renumber_by_lots(&t, 7).is_err()); // rounds already paired
/// ```
pub fn renumber_by_lots(t: &Tournament, seed: u64) -> Result<Tournament, LotsError> {
    let new_id: HashMap<u32, u32> = drawn_numbers(t, seed)?.into_iter().collect();
    Ok(renumbered(t, &new_id))
}

/// The drawing of lots from `seed` for the players of `t`: `(id, number drawn)` for
/// each player, in start-rank order (the order [`renumber_by_lots`] numbers them in).
/// Refused as [`renumber_by_lots`] refuses.
///
/// ```
/// use renju_tournament::pairing::lots::{draw_lots, drawn_numbers};
/// use renju_tournament::{Player, Tournament};
///
/// let t = Tournament {
///     players: vec![Player::new(5, "Ann"), Player::new(9, "Bob"), Player::new(7, "Cid")],
///     ..Tournament::default()
/// };
/// let numbers = draw_lots(3, 1);
/// let drawn = drawn_numbers(&t, 1).unwrap();
/// assert_eq!(drawn, [(5, numbers[0]), (7, numbers[1]), (9, numbers[2])]);
/// ```
pub fn drawn_numbers(t: &Tournament, seed: u64) -> Result<Vec<(u32, u32)>, LotsError> {
    t.check_limits()?;
    if t.players.is_empty() {
        return Err(LotsError::NoPlayers);
    }
    if t.is_team_event() {
        return Err(LotsError::TeamEvent);
    }
    if let Some(round) = t.cells.iter().map(|c| c.round).max() {
        return Err(LotsError::AlreadyPaired { round });
    }
    let order = start_rank_order(t);
    // At most MAX_PLAYERS players (checked above): the count fits in a u32.
    let count = u32::try_from(order.len()).unwrap_or(u32::MAX);
    Ok(order.into_iter().zip(draw_lots(count, seed)).collect())
}

/// The players' ids in start-rank order: the player list's order with `XXC rank`
/// (positional ids), otherwise by id.
pub(crate) fn start_rank_order(t: &Tournament) -> Vec<u32> {
    let mut ids: Vec<u32> = t.players.iter().map(|p| p.id).collect();
    if !t.pairing_setup.positional_ids {
        ids.sort_unstable();
    }
    ids
}

/// `t` with every player id replaced through `new_id` (ids it does not hold are kept),
/// the players listed by their new ids.
fn renumbered(t: &Tournament, new_id: &HashMap<u32, u32>) -> Tournament {
    let map = |id: u32| new_id.get(&id).copied().unwrap_or(id);
    let mut out = t.clone();
    for p in &mut out.players {
        p.id = map(p.id);
    }
    out.players.sort_by_key(|p| p.id);
    for w in &mut out.withdrawals {
        w.id = map(w.id);
    }
    for id in &mut out.decided_order {
        *id = map(*id);
    }
    for a in &mut out.pairing_setup.accelerations {
        a.player = map(a.player);
    }
    for group in &mut out.pairing_setup.forbidden {
        for id in group.iter_mut() {
            *id = map(*id);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Acceleration, CrosstableCell, Player, ResultKind, Withdrawal};
    use crate::score::HalfPoints;

    #[test]
    fn everything_that_names_a_player_follows_the_draw() {
        let mut t = Tournament {
            players: (1..=3)
                .map(|id| Player::new(id, format!("P{id}")))
                .collect(),
            withdrawals: vec![Withdrawal {
                id: 1,
                after_round: 0,
            }],
            decided_order: vec![1, 2, 3],
            ..Tournament::default()
        };
        t.pairing_setup.forbidden.push(vec![1, 2]);
        t.pairing_setup.accelerations.push(Acceleration {
            player: 3,
            points: vec![HalfPoints::WIN],
        });
        let numbers = draw_lots(3, 11);
        let drawn = renumber_by_lots(&t, 11).unwrap();
        assert_eq!(drawn.withdrawals[0].id, numbers[0]);
        assert_eq!(drawn.decided_order, numbers);
        assert_eq!(drawn.pairing_setup.forbidden[0], [numbers[0], numbers[1]]);
        assert_eq!(drawn.pairing_setup.accelerations[0].player, numbers[2]);
        assert_eq!(drawn.player(numbers[1]).unwrap().name, "P2");
    }

    #[test]
    fn what_cannot_be_drawn_says_why() {
        assert_eq!(
            renumber_by_lots(&Tournament::default(), 1),
            Err(LotsError::NoPlayers)
        );
        let mut t = Tournament {
            players: vec![Player::new(1, "A"), Player::new(2, "B")],
            ..Tournament::default()
        };
        t.cells.push(CrosstableCell {
            round: 1,
            player: 1,
            opponent: Some(2),
            color: None,
            result: ResultKind::Win,
            board: None,
        });
        let err = renumber_by_lots(&t, 1).unwrap_err();
        assert_eq!(
            err.to_string(),
            "lots are drawn before the first round, and the tournament has pairings up to round 1"
        );
    }
}
