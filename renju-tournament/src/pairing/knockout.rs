//! Knockout brackets (淘汰制): a bracket sheet fixed before the first round, the
//! players placed on its lines by seed, neighbours meeting, the loser out.
//!
//! The bracket has the next power of two at least the number of players as its lines.
//! Seeds go on the lines in the standard order, which keeps the best against the worst
//! in every round if the favourites win: starting from `[1]`, every seed `s` of a list
//! of length `m` becomes the pair `s, 2m + 1 - s` (eight lines: 1 8 4 5 2 7 3 6). A seed
//! past the number of players is an empty line, a bye, so the top seeds get the byes.
//! Each later round pairs the winners of neighbouring boards, top to bottom.
//!
//! Colours: in a match of several games the players move first in turn, the upper line
//! first (the rules' best of three: each moves first once in games 1 and 2, a third
//! game's colours by lot, which the library never invents: [`match_games`] leaves it
//! to the caller).

use thiserror::Error;

use super::Pairing;
use crate::model::MAX_PLAYERS;

/// Why a bracket cannot be drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
pub enum KnockoutError {
    /// Fewer than two players.
    #[error("a knockout needs at least two players, {0} given")]
    TooFewPlayers(u32),
    /// More players than a tournament holds.
    #[error("a knockout of {0} players: a tournament has at most {MAX_PLAYERS}")]
    TooManyPlayers(u32),
    /// A round's winners that cannot be paired: an odd number of them (the bracket
    /// halves at every round).
    #[error(
        "{0} winners cannot be paired by neighbours: a bracket round has an even number of lines"
    )]
    OddWinners(usize),
}

/// The seeds on the lines of a bracket of `lines` lines (a power of two), top to bottom,
/// in the standard order.
///
/// ```
/// use renju_tournament::pairing::knockout::seed_lines;
/// assert_eq!(seed_lines(8), [1, 8, 4, 5, 2, 7, 3, 6]);
/// assert_eq!(seed_lines(1), [1]);
/// ```
pub fn seed_lines(lines: u32) -> Vec<u32> {
    let mut order = vec![1u32];
    while (order.len() as u64) < u64::from(lines) {
        // At most 2^14 lines (MAX_PLAYERS rounded up): no overflow.
        let m = (order.len() as u32).saturating_mul(2);
        order = (order.iter())
            .flat_map(|&s| [s, m.saturating_add(1).saturating_sub(s)])
            .collect();
    }
    order
}

/// The first round of a knockout of `players` players seeded `1..=players`: one board
/// per pair of lines, top to bottom, the upper line's player first (Black), and a bye
/// for a player whose neighbouring line is empty.
///
/// ```
/// use renju_tournament::pairing::knockout::first_round;
/// use renju_tournament::pairing::Pairing;
///
/// // Six players on eight lines: seeds 1 and 2 have byes.
/// assert_eq!(
///     first_round(6).unwrap(),
///     [
///         Pairing::Bye { player: 1 },
///         Pairing::Game { black: 4, white: 5 },
///         Pairing::Bye { player: 2 },
///         Pairing::Game { black: 3, white: 6 },
///     ]
/// );
/// ```
pub fn first_round(players: u32) -> Result<Vec<Pairing>, KnockoutError> {
    if players < 2 {
        return Err(KnockoutError::TooFewPlayers(players));
    }
    if players as usize > MAX_PLAYERS {
        return Err(KnockoutError::TooManyPlayers(players));
    }
    let lines = seed_lines(players.next_power_of_two());
    let seat = |s: u32| (s <= players).then_some(s);
    // The upper line of each pair holds a seed of the bracket's upper half, always a
    // player: two empty lines never meet.
    Ok(lines
        .chunks(2)
        .filter_map(|pair| match (seat(pair[0]), seat(pair[1])) {
            (Some(black), Some(white)) => Some(Pairing::Game { black, white }),
            (Some(player), None) | (None, Some(player)) => Some(Pairing::Bye { player }),
            (None, None) => None,
        })
        .collect())
}

/// The next round: the winners of the previous round's boards, in board order (a bye's
/// player counts as its winner), paired by neighbours, the upper board's winner first.
///
/// ```
/// use renju_tournament::pairing::knockout::next_round;
/// use renju_tournament::pairing::Pairing;
///
/// let semi_finals = next_round(&[1, 5, 2, 3]).unwrap();
/// assert_eq!(semi_finals, [Pairing::Game { black: 1, white: 5 }, Pairing::Game { black: 2, white: 3 }]);
/// assert!(next_round(&[1, 2, 3]).is_err());
/// ```
pub fn next_round(winners: &[u32]) -> Result<Vec<Pairing>, KnockoutError> {
    if winners.len() % 2 == 1 {
        return Err(KnockoutError::OddWinners(winners.len()));
    }
    Ok(winners
        .chunks(2)
        .map(|pair| Pairing::Game {
            black: pair[0],
            white: pair[1],
        })
        .collect())
}

/// The games of a match of `games` games on one board: the players move first in turn,
/// the board's first mover in game 1. A deciding game whose colours the rules draw by
/// lot (the third of a best of three) is the caller's to set.
///
/// ```
/// use renju_tournament::pairing::knockout::match_games;
/// use renju_tournament::pairing::Pairing;
///
/// let board = Pairing::Game { black: 1, white: 8 };
/// assert_eq!(
///     match_games(board, 2),
///     [board, Pairing::Game { black: 8, white: 1 }]
/// );
/// ```
pub fn match_games(board: Pairing, games: u32) -> Vec<Pairing> {
    match board {
        Pairing::Bye { .. } => vec![board],
        Pairing::Game { black, white } => (0..games)
            .map(|i| match i % 2 {
                0 => Pairing::Game { black, white },
                _ => Pairing::Game {
                    black: white,
                    white: black,
                },
            })
            .collect(),
    }
}

#[cfg(test)]
// Sums of pairing numbers below 300: nothing to overflow.
#[allow(clippy::arithmetic_side_effects)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn sixteen_lines_are_the_published_order() {
        let lines = seed_lines(16);
        let pairs: Vec<(u32, u32)> = lines.chunks(2).map(|p| (p[0], p[1])).collect();
        assert_eq!(
            pairs,
            [
                (1, 16),
                (8, 9),
                (4, 13),
                (5, 12),
                (2, 15),
                (7, 10),
                (3, 14),
                (6, 11)
            ]
        );
    }

    #[test]
    fn too_few_or_too_many_players_are_refused() {
        assert_eq!(first_round(1), Err(KnockoutError::TooFewPlayers(1)));
        let many = MAX_PLAYERS as u32 + 1;
        assert_eq!(first_round(many), Err(KnockoutError::TooManyPlayers(many)));
    }

    proptest! {
        /// Every player is on exactly one board of round 1; the byes go to the top
        /// seeds, as many as the bracket has empty lines; paired seeds sum to the
        /// bracket size plus one (best against worst).
        #[test]
        fn the_first_round_seats_everyone_once(players in 2u32..300) {
            let round = first_round(players).unwrap();
            let size = players.next_power_of_two();
            let mut seen = vec![false; players as usize + 1];
            let mut byes = Vec::new();
            for board in &round {
                let (a, b) = board.players();
                for p in std::iter::once(a).chain(b) {
                    prop_assert!(!seen[p as usize], "{p} twice");
                    seen[p as usize] = true;
                }
                match b {
                    Some(b) => prop_assert_eq!(a + b, size + 1),
                    None => byes.push(a),
                }
            }
            prop_assert!(seen[1..].iter().all(|&s| s));
            byes.sort_unstable();
            let expected: Vec<u32> = (1..=size - players).collect();
            prop_assert_eq!(byes, expected);
        }

        /// If the better seed always wins, the round of `2^k` left holds the seeds
        /// `1..=2^k`, in every round.
        #[test]
        fn favourites_meet_as_late_as_they_can(players in 2u32..300) {
            let mut round = first_round(players).unwrap();
            loop {
                let winners: Vec<u32> = round
                    .iter()
                    .map(|b| match b.players() {
                        (a, Some(b)) => a.min(b),
                        (a, None) => a,
                    })
                    .collect();
                let mut sorted = winners.clone();
                sorted.sort_unstable();
                let expected: Vec<u32> = (1..=winners.len() as u32).collect();
                prop_assert_eq!(sorted, expected);
                if winners.len() == 1 {
                    break;
                }
                round = next_round(&winners).unwrap();
            }
        }
    }
}
