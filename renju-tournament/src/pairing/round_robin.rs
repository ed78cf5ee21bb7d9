//! Round robins: FIDE's Berger tables (Handbook C.05, Annex 1), which give the order in
//! which everyone meets everyone, round by round, with the colours.

use super::Pairing;

/// The rounds of a round robin of `players` players (pairing numbers `1..=players`), as
/// FIDE's Berger tables give them: `players - 1` rounds for an even count, `players`
/// rounds for an odd one, every player on a board in every round and, for an odd count,
/// one bye a round (listed first, where the tables pair that player with the missing
/// last number). Each game has the tables' White as the player who moves first.
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
    (1..m)
        .map(|round| berger_round(players, m, round))
        .collect()
}

/// Round `round` (from 1) of the Berger table of `m` numbers (`m` even, at most
/// 2^32), for `players` real players (`m` or `m - 1`).
// Every number here is below 2^33 in a u64: no operation overflows.
#[allow(clippy::arithmetic_side_effects)]
fn berger_round(players: u64, m: u64, round: u64) -> Vec<Pairing> {
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
    // The others: the lower number has the first move when they are an odd number apart.
    for a in 1..m {
        let b = partner(a);
        if a < b {
            boards.push(if (b - a) % 2 == 1 { (a, b) } else { (b, a) });
        }
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
                vec![(6, 4), (1, 2), (5, 3)],
                vec![(2, 6), (3, 1), (4, 5)],
                vec![(6, 5), (1, 4), (2, 3)],
                vec![(3, 6), (5, 1), (4, 2)],
            ]
        );
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
