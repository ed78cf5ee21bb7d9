//! Standings of a 1,000-player, 11-round Swiss with every default tie-break (ARO, BH,
//! BH/M1, WON, under FIDE 2024 article 16, with the crosstable checks), against a
//! baseline in the same run: one linear pass over the results plus a sort by points.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use renju_core::Color;
use renju_tournament::{
    standings, standings_unchecked, CrosstableCell, HalfPoints, Player, ResultKind,
    StandingsOptions, System, Tournament,
};

/// A deterministic Swiss: each round sorts by points and pairs neighbours; the last
/// player of an odd field gets the pairing bye; about 1 game in 50 is a forfeit.
fn swiss(n: u32, rounds: u32) -> Tournament {
    let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let mut t = Tournament {
        name: "bench".into(),
        system: Some(System::Swiss),
        rounds,
        ..Tournament::default()
    };
    for i in 1..=n {
        let mut p = Player::new(i, format!("Player {i}"));
        p.rating = Some(1200 + (next() % 1400) as u32);
        t.players.push(p);
    }
    let mut points = vec![HalfPoints::ZERO; n as usize + 1];
    for round in 1..=rounds {
        let mut order: Vec<u32> = (1..=n).collect();
        order.sort_by_key(|&i| (std::cmp::Reverse(points[i as usize]), i));
        for pair in order.chunks(2) {
            let a = pair[0];
            let Some(&b) = pair.get(1) else {
                points[a as usize] += HalfPoints::WIN;
                t.cells.push(CrosstableCell {
                    round,
                    player: a,
                    opponent: None,
                    color: None,
                    result: ResultKind::PairingBye,
                    board: None,
                });
                continue;
            };
            let ra = match next() % 50 {
                0 => ResultKind::ForfeitWin,
                1..=20 => ResultKind::Win,
                21..=32 => ResultKind::Draw,
                _ => ResultKind::Loss,
            };
            for (p, o, r, c) in [
                (a, b, ra, Color::Black),
                (b, a, ra.mirror().unwrap(), Color::White),
            ] {
                points[p as usize] += r.points();
                t.cells.push(CrosstableCell {
                    round,
                    player: p,
                    opponent: Some(o),
                    color: Some(c),
                    result: r,
                    board: None,
                });
            }
        }
    }
    t
}

/// The baseline: points per player in one pass, then a sort.
fn baseline(t: &Tournament) -> Vec<(HalfPoints, u32)> {
    let mut points = vec![HalfPoints::ZERO; t.players.len() + 1];
    for p in &t.cells {
        points[p.player as usize] += p.result.points();
    }
    let mut rows: Vec<(HalfPoints, u32)> = t
        .players
        .iter()
        .map(|p| (points[p.id as usize], p.id))
        .collect();
    rows.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    rows
}

fn bench(c: &mut Criterion) {
    let t = swiss(1000, 11);
    let options = StandingsOptions::default();
    let mut g = c.benchmark_group("standings");
    g.sample_size(30);
    g.measurement_time(std::time::Duration::from_secs(3));
    g.bench_function("swiss-1000x11-default-tiebreaks", |b| {
        b.iter(|| standings(black_box(&t), black_box(&options)))
    });
    g.bench_function("swiss-1000x11-without-checks", |b| {
        b.iter(|| standings_unchecked(black_box(&t), black_box(&options)))
    });
    g.bench_function("baseline-linear-pass-and-sort", |b| {
        b.iter(|| baseline(black_box(&t)))
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
