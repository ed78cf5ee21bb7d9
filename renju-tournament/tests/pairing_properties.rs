//! Properties of round-robin pairing and the drawing of lots, for every count of
//! players from 2 to 40.

use std::collections::HashMap;

use proptest::prelude::*;
use renju_tournament::pairing::lots::{draw_lots, renumber_by_lots};
use renju_tournament::pairing::round_robin::{cycle_rounds, scheduled_round, RoundRobinOptions};
use renju_tournament::pairing::tournament_round::{pair_round_robin, PairingError};
use renju_tournament::pairing::Pairing;
use renju_tournament::{Player, Tournament};

/// The three schedules: single, double, double with the last two rounds reversed.
fn schedules() -> [RoundRobinOptions; 3] {
    [
        RoundRobinOptions::default(),
        RoundRobinOptions {
            double: true,
            reverse_last_two_rounds: false,
        },
        RoundRobinOptions {
            double: true,
            reverse_last_two_rounds: true,
        },
    ]
}

/// Checks one cycle (`rounds`) of `n` players: each player on exactly one board a
/// round, one bye a round for an odd count, every pair once, each player's first and
/// second moves at most one apart.
fn check_cycle(n: u32, rounds: &[Vec<Pairing>]) {
    assert_eq!(rounds.len() as u32, cycle_rounds(n), "{n} players");
    let mut met: HashMap<(u32, u32), u32> = HashMap::new();
    let mut balance: HashMap<u32, i64> = HashMap::new();
    for round in rounds {
        let mut seen: Vec<u32> = Vec::new();
        for board in round {
            let (a, b) = board.players();
            seen.push(a);
            seen.extend(b);
            if let Some((black, white)) = board.game() {
                *met.entry((black.min(white), black.max(white))).or_default() += 1;
                *balance.entry(black).or_default() += 1;
                *balance.entry(white).or_default() -= 1;
            }
        }
        seen.sort_unstable();
        assert_eq!(seen, (1..=n).collect::<Vec<_>>(), "{n} players");
        let byes = round.iter().filter(|b| b.game().is_none()).count();
        assert_eq!(byes as u32, n % 2, "{n} players");
    }
    assert_eq!(met.len() as u32, n * (n - 1) / 2, "{n} players");
    assert!(met.values().all(|&times| times == 1), "{n} players");
    assert!(balance.values().all(|b| b.abs() <= 1), "{n} players");
}

#[test]
fn every_schedule_meets_everyone_once_a_cycle_with_balanced_colours() {
    for n in 2..=40u32 {
        for options in schedules() {
            let rounds: Vec<Vec<Pairing>> = (1..=options.rounds(n))
                .map(|r| scheduled_round(n, r, &options).unwrap())
                .collect();
            let (first, second) = rounds.split_at(cycle_rounds(n) as usize);
            check_cycle(n, first);
            if options.double {
                check_cycle(n, second);
                // The second cycle is the table with colours exchanged, in order.
                let plain: Vec<Vec<Pairing>> = (1..=cycle_rounds(n))
                    .map(|r| scheduled_round(n, r, &RoundRobinOptions::default()).unwrap())
                    .collect();
                for (again, table) in second.iter().zip(&plain) {
                    let exchanged: Vec<Pairing> =
                        table.iter().map(|b| b.colours_exchanged()).collect();
                    assert_eq!(*again, exchanged, "{n} players");
                }
            } else {
                assert!(second.is_empty());
            }
            assert_eq!(scheduled_round(n, options.rounds(n) + 1, &options), None);
            assert_eq!(scheduled_round(n, 0, &options), None);
        }
    }
}

/// A round robin of `n` players named by their ids, not yet begun.
fn blank(n: u32) -> Tournament {
    Tournament {
        name: "lots".into(),
        players: (1..=n)
            .map(|id| Player::new(id, format!("Player {id}")))
            .collect(),
        ..Tournament::default()
    }
}

proptest! {
    #[test]
    fn lots_are_a_reproducible_permutation(n in 0u32..=40, seed in any::<u64>()) {
        let numbers = draw_lots(n, seed);
        prop_assert_eq!(&numbers, &draw_lots(n, seed));
        let mut sorted = numbers.clone();
        sorted.sort_unstable();
        prop_assert_eq!(sorted, (1..=n).collect::<Vec<_>>());
    }

    #[test]
    fn a_renumbered_tournament_pairs_its_players_by_the_numbers_drawn(
        n in 2u32..=40,
        seed in any::<u64>(),
    ) {
        let drawn = renumber_by_lots(&blank(n), seed).unwrap();
        let numbers = draw_lots(n, seed);
        for (k, number) in numbers.iter().enumerate() {
            let name = format!("Player {}", k + 1);
            prop_assert_eq!(&drawn.player(*number).unwrap().name, &name);
        }
        let ids: Vec<u32> = drawn.players.iter().map(|p| p.id).collect();
        prop_assert_eq!(ids, (1..=n).collect::<Vec<_>>());
        let written = Tournament::from_trf(&drawn.to_trf().unwrap()).unwrap();
        prop_assert_eq!(&written, &drawn);
        let options = RoundRobinOptions::default();
        for round in 1..=cycle_rounds(n) {
            let paired = pair_round_robin(&drawn, Some(round), &options).unwrap();
            prop_assert_eq!(paired.boards, scheduled_round(n, round, &options).unwrap());
        }
        prop_assert!(
            matches!(
                pair_round_robin(&drawn, Some(cycle_rounds(n) + 1), &options),
                Err(PairingError::PastSchedule { .. })
            ),
            "past the schedule"
        );
    }
}

#[test]
fn seeds_draw_the_numbers_an_independent_implementation_draws() {
    // From a separate Python transcription of SplitMix64 and of the algorithm the
    // `lots` module documents (Fisher-Yates from the last position, unbiased draws).
    assert_eq!(draw_lots(8, 2026), [8, 6, 1, 5, 2, 7, 3, 4]);
    assert_eq!(draw_lots(5, 7), [5, 2, 4, 1, 3]);
    assert_eq!(draw_lots(7, 1), [6, 7, 5, 4, 1, 2, 3]);
    assert_eq!(draw_lots(1, 5), [1]);
    assert!(draw_lots(0, 5).is_empty());
}
