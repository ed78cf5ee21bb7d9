//! The Dutch Swiss pairing of one round: the 64-player fixture's last round, and round 6
//! of a 500-player Swiss played here by the pairing itself (random results from a
//! seed), the size the pairing programs are measured on. `scripts/bench_dutch.sh`
//! compares with bbpPairings on its own generated files.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use renju_core::Color;
use renju_records::random::SplitMix64;
use renju_tournament::pairing::dutch::pair_dutch;
use renju_tournament::pairing::Pairing;
use renju_tournament::{CrosstableCell, Player, ResultKind, Tournament};

/// A Swiss of `players` after `rounds` rounds paired by the Dutch system.
fn self_played(players: u32, rounds: u32, declared: u32) -> Tournament {
    let mut t = Tournament {
        rounds: declared,
        players: (1..=players)
            .map(|id| Player::new(id, format!("P{id}")))
            .collect(),
        ..Tournament::default()
    };
    t.pairing_setup.initial_color = Some(Color::White);
    let mut random = SplitMix64::new(2026);
    for _ in 0..rounds {
        let paired = pair_dutch(&t).expect("a Swiss of many players pairs");
        for board in paired.boards {
            let seat = |player, opponent, color, result| CrosstableCell {
                round: paired.round,
                player,
                opponent,
                color,
                result,
                board: None,
            };
            match board {
                Pairing::Game { black, white } => {
                    let result = match random.below_by_remainder(3) {
                        0 => ResultKind::Win,
                        1 => ResultKind::Draw,
                        _ => ResultKind::Loss,
                    };
                    let mirror = result.mirror().expect("a game's result");
                    t.cells
                        .push(seat(white, Some(black), Some(Color::White), result));
                    t.cells
                        .push(seat(black, Some(white), Some(Color::Black), mirror));
                }
                Pairing::Bye { player } => {
                    t.cells
                        .push(seat(player, None, None, ResultKind::PairingBye))
                }
            }
        }
    }
    t
}

fn bench(c: &mut Criterion) {
    let fixture = Tournament::from_trf(include_str!(
        "../../fixtures/tournaments/dutch/b-before-round-9.trf"
    ))
    .expect("the fixture reads");
    let mut group = c.benchmark_group("dutch");
    group.sample_size(10);
    group.bench_function("64 players, round 9", |b| {
        b.iter(|| pair_dutch(black_box(&fixture)).expect("pairs"))
    });
    let large = self_played(500, 5, 9);
    group.bench_function("500 players, round 6", |b| {
        b.iter(|| pair_dutch(black_box(&large)).expect("pairs"))
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
