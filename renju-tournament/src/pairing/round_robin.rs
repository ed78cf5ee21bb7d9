//! Round robins: FIDE's Berger tables (Handbook C.05, Annex 1), which give the order in
//! which everyone meets everyone, round by round, with the colours; and the double round
//! robin built on them, whose second cycle repeats the first with colours exchanged.
//!
//! Annex 1 recommends, for a double round robin, reversing the order of the first
//! cycle's last two rounds, "to avoid three consecutive games with the same colour".
//! The reason: the second cycle's first two rounds are the table's rounds 1 and 2 with
//! colours exchanged, and the first cycle ends with the table's last round. Without
//! the reversal, for every even count of players from 4 on, two players have the same
//! colour three rounds running across the boundary: with 8 players, player 1 moves
//! second and player 5 first in round 7 (the table's last) and in rounds 8 and 9. With
//! the reversal, no player has three games running with the same colour anywhere in
//! the two cycles. An odd count has no such run either way (a bye is no game, and does
//! not break a run). The tests check these claims for every count from 3 to 40. [`RoundRobinOptions::reverse_last_two_rounds`] asks for it.

use super::Pairing;

/// How a round robin is scheduled: once or twice round, and the order of the first
/// cycle's last two rounds.
///
/// ```
/// use renju_tournament::pairing::round_robin::{scheduled_round, RoundRobinOptions};
/// use renju_tournament::pairing::Pairing;
///
/// let double = RoundRobinOptions { double: true, reverse_last_two_rounds: true };
/// assert_eq!(double.rounds(4), 6);
/// // The table's round 2 is played third, its round 3 second.
/// let third = scheduled_round(4, 3, &double).unwrap();
/// assert_eq!(third[1], Pairing::Game { black: 1, white: 2 });
/// // Round 4 is round 1 with the colours exchanged.
/// let fourth = scheduled_round(4, 4, &double).unwrap();
/// assert_eq!(fourth[0], Pairing::Game { black: 4, white: 1 });
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct RoundRobinOptions {
    /// A double round robin: a second cycle repeats the first's rounds, in the tables'
    /// order, with the colours exchanged.
    pub double: bool,
    /// The first cycle plays the table's last two rounds in reverse order (FIDE C.05
    /// Annex 1's advice for a double round robin; see [the module](self) for why).
    pub reverse_last_two_rounds: bool,
}

impl RoundRobinOptions {
    /// The number of rounds for `players` players: [`cycle_rounds`], twice for a double
    /// round robin.
    pub fn rounds(&self, players: u32) -> u32 {
        let cycle = cycle_rounds(players);
        if self.double {
            cycle.saturating_mul(2)
        } else {
            cycle
        }
    }
}

/// The rounds of one cycle for `players` players: `players - 1` for an even count,
/// `players` for an odd one (every player has one bye), 0 below two players.
///
/// ```
/// use renju_tournament::pairing::round_robin::cycle_rounds;
///
/// assert_eq!((cycle_rounds(8), cycle_rounds(7), cycle_rounds(1)), (7, 7, 0));
/// ```
pub fn cycle_rounds(players: u32) -> u32 {
    if players < 2 {
        0
    } else {
        // players >= 2: no overflow either way.
        players.saturating_sub(1).saturating_add(players % 2)
    }
}

/// Round `round` (from 1) of the round robin of `players` players scheduled by
/// `options`, or `None` when there is no such round (0, or past
/// [`RoundRobinOptions::rounds`]). Boards are in the table's order, a bye first.
// 1 <= round <= 2 * cycle, checked first: no subtraction below wraps, no sum overflows.
#[allow(clippy::arithmetic_side_effects)]
pub fn scheduled_round(
    players: u32,
    round: u32,
    options: &RoundRobinOptions,
) -> Option<Vec<Pairing>> {
    let cycle = cycle_rounds(players);
    if round == 0 || round > options.rounds(players) {
        return None;
    }
    let second_cycle = round > cycle;
    let mut table_round = if second_cycle { round - cycle } else { round };
    if options.reverse_last_two_rounds && !second_cycle && cycle >= 2 && table_round + 1 >= cycle {
        table_round = if table_round == cycle {
            cycle - 1
        } else {
            cycle
        };
    }
    let boards = berger_round(players, table_round)?;
    Some(if second_cycle {
        boards.into_iter().map(Pairing::colours_exchanged).collect()
    } else {
        boards
    })
}

/// Round `round` (from 1) of FIDE's Berger table for `players` players, or `None` when
/// the table has no such round: one round of [`berger_rounds`], without drawing the
/// others.
///
/// ```
/// use renju_tournament::pairing::round_robin::{berger_round, berger_rounds};
///
/// assert_eq!(berger_round(7, 2), Some(berger_rounds(7)[1].clone()));
/// assert_eq!(berger_round(7, 8), None);
/// ```
pub fn berger_round(players: u32, round: u32) -> Option<Vec<Pairing>> {
    if round == 0 || round > cycle_rounds(players) {
        return None;
    }
    let players = u64::from(players);
    Some(table_round(
        players,
        players.saturating_add(players % 2),
        u64::from(round),
    ))
}

/// The rounds of a round robin of `players` players (pairing numbers `1..=players`), as
/// FIDE's Berger tables give them: `players - 1` rounds for an even count, `players`
/// rounds for an odd one, every player on a board in every round and, for an odd count,
/// one bye a round (listed first, where the tables pair that player with the missing
/// last number). Boards are in the tables' order; each game has the tables' White as
/// the player who moves first.
///
/// ```
/// use renju_tournament::pairing::round_robin::berger_rounds;
/// use renju_tournament::pairing::Pairing;
///
/// // FIDE's table for 4 players: 1-4 2-3, 4-3 1-2, 2-4 3-1.
/// let games: Vec<Vec<(u32, u32)>> = berger_rounds(4)
///     .iter()
///     .map(|round| round.iter().filter_map(|p| p.game()).collect())
///     .collect();
/// assert_eq!(games, [[(1, 4), (2, 3)], [(4, 3), (1, 2)], [(2, 4), (3, 1)]]);
/// // Three players: a bye each round, player 1's first.
/// assert_eq!(berger_rounds(3)[0][0], Pairing::Bye { player: 1 });
/// ```
pub fn berger_rounds(players: u32) -> Vec<Vec<Pairing>> {
    if players < 2 {
        return Vec::new();
    }
    // The tables' numbers 1..=m, m even: the missing last number of an odd count is
    // the bye. In u64, so that nothing below overflows.
    let players = u64::from(players);
    // At most 2^32: no overflow in a u64.
    let m = players.saturating_add(players % 2);
    (1..m).map(|round| table_round(players, m, round)).collect()
}

/// Round `round` (from 1) of the Berger table of `m` numbers (`m` even, at most
/// 2^32), for `players` real players (`m` or `m - 1`).
// Every number here is below 2^33 in a u64: no operation overflows.
#[allow(clippy::arithmetic_side_effects)]
fn table_round(players: u64, m: u64, round: u64) -> Vec<Pairing> {
    let rest = m - 1;
    // The opponent of `a` among 1..m: a + b = round + 1 (mod m - 1); the one who would
    // meet themselves meets m instead.
    let partner = |a: u64| (round + rest - a) % rest + 1;
    let a = (1..m).find(|&a| partner(a) == a).unwrap_or(1);
    // m has the first move in even rounds.
    let mut boards = vec![if round.is_multiple_of(2) {
        (m, a)
    } else {
        (a, m)
    }];
    // The others in the tables' order: board k + 1 pairs a + k with a - k (numbers
    // 1..m - 1 taken round), as a + b = 2a = round + 1. The lower number has the first
    // move when they are an odd number apart.
    for k in 1..m / 2 {
        let up = (a - 1 + k) % rest + 1;
        let down = (a - 1 + rest - k) % rest + 1;
        let (low, high) = (up.min(down), up.max(down));
        boards.push(if (high - low) % 2 == 1 {
            (low, high)
        } else {
            (high, low)
        });
    }
    // Numbers up to `players` fit in a u32: they came from one.
    let number = |n: u64| n as u32;
    boards
        .into_iter()
        .map(
            |(first, second)| match (first > players, second > players) {
                (true, _) => Pairing::Bye {
                    player: number(second),
                },
                (_, true) => Pairing::Bye {
                    player: number(first),
                },
                _ => Pairing::Game {
                    black: number(first),
                    white: number(second),
                },
            },
        )
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn games(round: &[Pairing]) -> Vec<(u32, u32)> {
        round.iter().filter_map(|p| p.game()).collect()
    }

    #[test]
    fn six_players_follow_fides_table() {
        // FIDE's table for 6: 1-6 2-5 3-4, 6-4 5-3 1-2, 2-6 3-1 4-5, 6-5 1-4 2-3, 3-6 4-2 5-1.
        let six: Vec<_> = berger_rounds(6).iter().map(|r| games(r)).collect();
        assert_eq!(
            six,
            [
                vec![(1, 6), (2, 5), (3, 4)],
                vec![(6, 4), (5, 3), (1, 2)],
                vec![(2, 6), (3, 1), (4, 5)],
                vec![(6, 5), (1, 4), (2, 3)],
                vec![(3, 6), (4, 2), (5, 1)],
            ]
        );
    }

    /// FIDE's table for 7 or 8 players (`fixtures/tournaments/berger_8.txt`).
    fn fide_table_for_8() -> Vec<Vec<(u32, u32)>> {
        let text = include_str!("../../../fixtures/tournaments/berger_8.txt");
        text.lines()
            .map(|round| {
                round
                    .split_whitespace()
                    .map(|game| {
                        let (a, b) = game.split_once('-').unwrap();
                        (a.parse().unwrap(), b.parse().unwrap())
                    })
                    .collect()
            })
            .collect()
    }

    #[test]
    fn seven_and_eight_players_follow_fides_table() {
        let fide = fide_table_for_8();
        let eight: Vec<Vec<(u32, u32)>> = berger_rounds(8).iter().map(|r| games(r)).collect();
        assert_eq!(eight, fide);
        for (round, table) in berger_rounds(7).iter().zip(&fide) {
            let (bye, rest) = round.split_first().unwrap();
            let (first, second) = table[0];
            assert_eq!(
                *bye,
                Pairing::Bye {
                    player: first.min(second)
                }
            );
            assert_eq!(games(rest), table[1..]);
        }
    }

    /// The longest run of one colour in a player's games, rounds without a game
    /// skipped (a bye does not break a run).
    fn longest_colour_run(rounds: &[Vec<Pairing>], player: u32) -> usize {
        let colours = rounds.iter().filter_map(|round| {
            round.iter().find_map(|board| match *board {
                Pairing::Game { black, .. } if black == player => Some(true),
                Pairing::Game { white, .. } if white == player => Some(false),
                _ => None,
            })
        });
        let (mut longest, mut run, mut last) = (0usize, 0usize, None);
        for colour in colours {
            run = if last == Some(colour) {
                run.saturating_add(1)
            } else {
                1
            };
            last = Some(colour);
            longest = longest.max(run);
        }
        longest
    }

    fn longest_run_of_anyone(players: u32, options: &RoundRobinOptions) -> usize {
        let rounds: Vec<Vec<Pairing>> = (1..=options.rounds(players))
            .map(|r| scheduled_round(players, r, options).unwrap())
            .collect();
        (1..=players)
            .map(|p| longest_colour_run(&rounds, p))
            .max()
            .unwrap_or(0)
    }

    #[test]
    fn reversing_the_last_two_rounds_avoids_three_colours_running() {
        let plain = RoundRobinOptions {
            double: true,
            reverse_last_two_rounds: false,
        };
        let reversed = RoundRobinOptions {
            reverse_last_two_rounds: true,
            ..plain
        };
        for n in 3..=40 {
            let without = longest_run_of_anyone(n, &plain);
            assert_eq!(without, if n % 2 == 0 { 3 } else { 2 }, "{n} players");
            assert_eq!(
                longest_run_of_anyone(n, &reversed),
                2,
                "{n} players reversed"
            );
        }
        // 8 players: player 1 moves second, player 5 first, in rounds 7, 8 and 9.
        let rounds: Vec<Vec<Pairing>> = (7..=9)
            .map(|r| scheduled_round(8, r, &plain).unwrap())
            .collect();
        assert_eq!(longest_colour_run(&rounds, 1), 3);
        assert_eq!(longest_colour_run(&rounds, 5), 3);
    }

    #[test]
    fn everyone_meets_everyone_once_and_plays_every_round() {
        for n in 2..=14u32 {
            let rounds = berger_rounds(n);
            assert_eq!(rounds.len() as u32, n - 1 + n % 2, "{n} players");
            let mut met = Vec::new();
            for round in &rounds {
                let mut seen: Vec<u32> = Vec::new();
                for p in round {
                    let (a, b) = p.players();
                    seen.push(a);
                    seen.extend(b);
                    if let Some((x, y)) = p.game() {
                        met.push((x.min(y), x.max(y)));
                    }
                }
                seen.sort_unstable();
                assert_eq!(seen, (1..=n).collect::<Vec<_>>(), "{n} players");
                let byes = round.iter().filter(|p| p.game().is_none()).count();
                assert_eq!(byes as u32, n % 2);
            }
            met.sort_unstable();
            met.dedup();
            assert_eq!(met.len() as u32, n * (n - 1) / 2);
        }
    }

    #[test]
    fn fewer_than_two_players_have_no_rounds() {
        assert!(berger_rounds(0).is_empty());
        assert!(berger_rounds(1).is_empty());
    }
}
