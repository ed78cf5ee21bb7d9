//! The schedule of a match: every game in order ([`schedule`]), round robins in the
//! order of FIDE's Berger tables ([`super::crosstable::round_robin_games`]) or a gauntlet,
//! the seats reversed every other game of a pair, the openings taken in turn.

use serde::Serialize;

use renju_core::geometry::Symmetry;

use super::{crosstable, MatchError, MatchOptions};

/// One game of the schedule.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Job {
    /// The game's number in the schedule, from 0.
    pub index: usize,
    /// The round, from 1.
    pub round: u32,
    /// The engine in the first seat (tentative Black) and the second.
    pub seats: [usize; 2],
    /// The opening (index into the openings kept), if any.
    pub opening: Option<usize>,
    /// The symmetry it is played under.
    #[serde(skip)]
    pub symmetry: Symmetry,
}

/// The most games one match plays (the report keeps a row for every game).
pub const MAX_GAMES: usize = 200_000;

/// How many games the schedule holds: the pairs (every pair of engines, or the first
/// engine against each other one in a gauntlet) times `games` times `rounds`; refused
/// past [`MAX_GAMES`].
pub fn scheduled_games(options: &MatchOptions) -> Result<usize, MatchError> {
    let n = options.engines.len() as u128;
    let pairs = if options.gauntlet {
        n.saturating_sub(1)
    } else {
        n.saturating_mul(n.saturating_sub(1)) / 2
    };
    let total = pairs
        .saturating_mul(u128::from(options.games))
        .saturating_mul(u128::from(options.rounds));
    usize::try_from(total)
        .ok()
        .filter(|&t| t <= MAX_GAMES)
        .ok_or(MatchError::TooManyGames(total))
}

/// Under `repeat`, the number of the pair of game `index` of the schedule: games `2k` and
/// `2k + 1` of one pair of engines in one round, which play one opening with the colours
/// reversed (with an odd `games`, the last game of each pair of engines in a round has a
/// pair of its own, never completed).
pub(super) fn repeat_pair(index: usize, games: u32) -> usize {
    let games = (games as usize).max(1);
    (index / games) * games.div_ceil(2) + (index % games) / 2
}

/// The schedule: every game in order (check its size first with [`scheduled_games`]).
pub fn schedule(options: &MatchOptions, openings: usize) -> Vec<Job> {
    let n = options.engines.len();
    let pairs: Vec<(usize, usize)> = if options.gauntlet {
        (1..n).map(|j| (0, j)).collect()
    } else {
        // Round by round, so that every TRF round pairs every engine.
        crosstable::round_robin_games(n)
    };
    let mut jobs = Vec::new();
    let mut slot = 0usize;
    for round in 1..=options.rounds {
        for &(a, b) in &pairs {
            for g in 0..options.games {
                // As c-gomoku-cli: the seats alternate from game to game of a pair
                // (`-repeat` only plays each opening twice).
                let number = if options.repeat {
                    repeat_pair(slot, options.games)
                } else {
                    slot
                };
                let reversed = g % 2 == 1;
                let (opening, symmetry) = match number.checked_div(openings) {
                    None => (None, Symmetry::Identity),
                    Some(pass) => {
                        let symmetry = if options.transform {
                            Symmetry::ALL[pass % Symmetry::ALL.len()]
                        } else {
                            Symmetry::Identity
                        };
                        (Some(number % openings), symmetry)
                    }
                };
                jobs.push(Job {
                    index: jobs.len(),
                    round,
                    seats: if reversed { [b, a] } else { [a, b] },
                    opening,
                    symmetry,
                });
                slot += 1;
            }
        }
    }
    jobs
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use super::*;
    use crate::matches::engines::test_engines as engines;

    #[test]
    fn round_robins_follow_the_berger_tables_and_every_trf_round_pairs_everyone() {
        for n in 2..=9 {
            let options = MatchOptions {
                engines: engines(n),
                ..MatchOptions::default()
            };
            let jobs = schedule(&options, 0);
            assert_eq!(jobs.len(), n * (n - 1) / 2);
            let pairs = jobs.iter().map(|j| (j.seats[0], j.seats[1]));
            let rounds = crosstable::trf_rounds(pairs, n);
            let per_round = n / 2;
            for (k, &r) in rounds.iter().enumerate() {
                assert_eq!(r as usize, k / per_round + 1, "{n} engines: {rounds:?}");
            }
            // Every pair once.
            let mut seen: Vec<(usize, usize)> = jobs
                .iter()
                .map(|j| (j.seats[0].min(j.seats[1]), j.seats[0].max(j.seats[1])))
                .collect();
            seen.sort_unstable();
            seen.dedup();
            assert_eq!(seen.len(), n * (n - 1) / 2);
        }
        // FIDE's table for 6 (the tables themselves are tested in renju-tournament).
        let six: Vec<_> = schedule(
            &MatchOptions {
                engines: engines(6),
                ..MatchOptions::default()
            },
            0,
        )
        .iter()
        .map(|j| (j.seats[0], j.seats[1]))
        .collect();
        assert_eq!(six, crosstable::round_robin_games(6));
        assert_eq!(&six[..3], [(0, 5), (1, 4), (2, 3)]);
    }

    #[test]
    fn schedules_follow_c_gomoku_cli() {
        let options = MatchOptions {
            engines: engines(3),
            games: 2,
            repeat: true,
            transform: true,
            ..MatchOptions::default()
        };
        let jobs = schedule(&options, 2);
        assert_eq!(jobs.len(), 6);
        // Berger's order for three: 2-3 (1 has the bye), 1-2, 3-1.
        assert_eq!(jobs[0].seats, [1, 2]);
        assert_eq!(jobs[1].seats, [2, 1]);
        assert_eq!((jobs[0].opening, jobs[1].opening), (Some(0), Some(0)));
        assert_eq!((jobs[2].opening, jobs[2].seats), (Some(1), [0, 1]));
        // The second pass through the two openings is rotated.
        assert_eq!(
            (jobs[4].opening, jobs[4].symmetry),
            (Some(0), Symmetry::Rotate90)
        );
        let gauntlet = MatchOptions {
            gauntlet: true,
            ..options
        };
        assert!(schedule(&gauntlet, 0).iter().all(|j| j.seats.contains(&0)));
        // Without -repeat the seats alternate all the same; only the openings advance
        // every game.
        let plain = MatchOptions {
            engines: engines(2),
            games: 4,
            ..MatchOptions::default()
        };
        let jobs = schedule(&plain, 4);
        let seats: Vec<[usize; 2]> = jobs.iter().map(|j| j.seats).collect();
        assert_eq!(seats, [[0, 1], [1, 0], [0, 1], [1, 0]]);
        let openings: Vec<Option<usize>> = jobs.iter().map(|j| j.opening).collect();
        assert_eq!(openings, [Some(0), Some(1), Some(2), Some(3)]);
    }

    #[test]
    fn with_repeat_and_an_odd_number_of_games_each_opening_is_played_with_the_colours_reversed() {
        let options = MatchOptions {
            engines: engines(3),
            games: 3,
            rounds: 2,
            repeat: true,
            ..MatchOptions::default()
        };
        let jobs = schedule(&options, 100);
        let mut by_opening: BTreeMap<usize, Vec<[usize; 2]>> = BTreeMap::new();
        for j in &jobs {
            by_opening
                .entry(j.opening.unwrap())
                .or_default()
                .push(j.seats);
            assert_eq!(Some(repeat_pair(j.index, 3)), j.opening);
        }
        for seats in by_opening.values() {
            match seats[..] {
                // A pair: one opening, the colours reversed.
                [a, b] => assert_eq!(a, [b[1], b[0]], "{by_opening:?}"),
                // The odd game of a pair of engines in a round: an opening of its own.
                [_] => {}
                _ => panic!("an opening played more than twice: {by_opening:?}"),
            }
        }
        // Three pairs of engines, two rounds: six odd games, each alone.
        assert_eq!(by_opening.values().filter(|s| s.len() == 1).count(), 6);
    }
}
