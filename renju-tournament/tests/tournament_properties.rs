//! Properties of standings: renumbering, point totals, TRF round trips, textbook sums.

use proptest::prelude::*;
use renju_core::Color;
use renju_tournament::{
    standings, CrosstableCell, HalfPoints, Player, Rational, Regulation, ResultKind,
    StandingsOptions, System, TieBreak, TieBreakValue, Tournament,
};

/// A Swiss-like tournament: each round pairs a shuffled list, the odd one out gets a
/// bye; results from the codes (0 loss, 1 draw, 2 win, 3 forfeit win, 4 forfeit loss
/// for the first player; for byes 0 PAB, 1 HPB, 2 not paired).
fn build(n: usize, orders: &[Vec<usize>], codes: &[u8], ratings: &[u32]) -> Tournament {
    let mut t = Tournament {
        name: "random".into(),
        system: Some(System::Swiss),
        rounds: orders.len() as u32,
        ..Tournament::default()
    };
    for i in 0..n {
        let mut p = Player::new(i as u32 + 1, format!("Player {}", i + 1));
        p.rating = Some(ratings[i % ratings.len()]);
        t.players.push(p);
    }
    let mut k = 0;
    let mut code = || {
        k += 1;
        codes[k % codes.len()]
    };
    for (r, order) in orders.iter().enumerate() {
        let round = r as u32 + 1;
        for pair in order.chunks(2) {
            let a = pair[0] as u32 + 1;
            if pair.len() == 1 {
                let result = match code() % 3 {
                    0 => ResultKind::PairingBye,
                    1 => ResultKind::HalfBye,
                    _ => ResultKind::Absent,
                };
                t.cells.push(CrosstableCell {
                    round,
                    player: a,
                    opponent: None,
                    color: None,
                    result,
                    board: None,
                });
                continue;
            }
            let b = pair[1] as u32 + 1;
            let ra = match code() % 5 {
                0 => ResultKind::Loss,
                1 => ResultKind::Draw,
                2 | 3 => ResultKind::Win,
                _ => ResultKind::ForfeitWin,
            };
            let forfeit = ra == ResultKind::ForfeitWin;
            for (p, o, res, c) in [
                (a, b, ra, Color::Black),
                (b, a, ra.mirror().unwrap(), Color::White),
            ] {
                t.cells.push(CrosstableCell {
                    round,
                    player: p,
                    opponent: Some(o),
                    color: if forfeit { None } else { Some(c) },
                    result: res,
                    board: None,
                });
            }
        }
    }
    t
}

fn tournament() -> impl Strategy<Value = Tournament> {
    (2usize..14, 1usize..7).prop_flat_map(|(n, rounds)| {
        (
            prop::collection::vec(Just((0..n).collect::<Vec<usize>>()).prop_shuffle(), rounds),
            prop::collection::vec(0u8..255, 1..64),
            prop::collection::vec(1000u32..2600, 1..8),
        )
            .prop_map(move |(orders, codes, ratings)| build(n, &orders, &codes, &ratings))
    })
}

fn all_tiebreaks() -> Vec<TieBreak> {
    TieBreak::parse_list("ARO,BH,BH/C1,BH/M1,SB,WIN,WON,DE").unwrap()
}

fn options(regulation: Regulation) -> StandingsOptions {
    StandingsOptions {
        tiebreaks: Some(all_tiebreaks()),
        regulation,
        ..StandingsOptions::default()
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn renumbering_does_not_change_standings(
        t in tournament(),
        shift in 1u32..50,
        reg in 0usize..4,
    ) {
        let regulation = [Regulation::Fide2024, Regulation::Fide2026, Regulation::Fide2009, Regulation::None][reg];
        // Reverse the numbering and add an offset.
        let n = t.players.len() as u32;
        let map = |id: u32| n + 1 - id + shift;
        let mut u = t.clone();
        for p in &mut u.players {
            p.id = map(p.id);
        }
        u.players.reverse();
        for q in &mut u.cells {
            q.player = map(q.player);
            q.opponent = q.opponent.map(map);
        }
        let a = standings(&t, &options(regulation));
        let b = standings(&u, &options(regulation));
        prop_assert_eq!(a.rows.len(), b.rows.len());
        for row in &a.rows {
            let other = b.row(map(row.id)).unwrap();
            prop_assert_eq!(row.rank, other.rank);
            prop_assert_eq!(row.shared, other.shared);
            prop_assert_eq!(row.points, other.points);
            prop_assert_eq!(&row.values, &other.values);
        }
    }

    #[test]
    fn points_add_up_to_the_results(t in tournament()) {
        let s = standings(&t, &StandingsOptions::default());
        let total: HalfPoints = s.rows.iter().map(|r| r.points).sum();
        let expected: HalfPoints = t.cells.iter().map(|p| p.result.points()).sum();
        prop_assert_eq!(total, expected);
        // Cuts never raise Buchholz.
        let s = standings(&t, &options(Regulation::Fide2024));
        for r in &s.rows {
            prop_assert!(r.values[2] <= r.values[1]);
            prop_assert!(r.values[3] <= r.values[2]);
        }
    }

    #[test]
    fn trf_round_trip(mut t in tournament(), declared in any::<bool>()) {
        if declared {
            let s = standings(&t, &StandingsOptions::default());
            for p in &mut t.players {
                let row = s.row(p.id).unwrap();
                p.declared_points = Some(row.points);
                p.declared_rank = Some(row.rank);
            }
            t.tiebreaks = TieBreak::parse_list("BH/M1,SB").unwrap();
            t.time_control = Some("5400+30".into());
            t.withdrawals.push(renju_tournament::Withdrawal { id: 1, after_round: 1 });
            t.decided_order = vec![2, 1];
            t.round_info = (1..=t.rounds)
                .map(|r| renju_tournament::Round { number: r, date: Some(format!("26/01/{r:02}")) })
                .collect();
            t.tags.push(("022".into(), "Geneva".into()));
            t.tags.push(("042".into(), "2026/01/10".into()));
        }
        let text = t.to_trf().unwrap();
        let back = Tournament::from_trf(&text).unwrap();
        t.sort_cells();
        prop_assert_eq!(back, t);
    }

    #[test]
    fn complete_round_robin_has_textbook_sums(n in 2usize..10, codes in prop::collection::vec(0u8..3, 45)) {
        let mut t = Tournament { system: Some(System::RoundRobin), ..Tournament::default() };
        for i in 1..=n as u32 {
            t.players.push(Player::new(i, format!("P{i}")));
        }
        let mut k = 0;
        for i in 1..=n as u32 {
            for j in (i + 1)..=n as u32 {
                let ra = [ResultKind::Loss, ResultKind::Draw, ResultKind::Win][codes[k] as usize];
                k += 1;
                let round = ((i + j) % n as u32) + 1;
                for (p, o, r) in [(i, j, ra), (j, i, ra.mirror().unwrap())] {
                    t.cells.push(CrosstableCell { round, player: p, opponent: Some(o), color: None, result: r, board: None });
                }
            }
        }
        let opts = StandingsOptions {
            tiebreaks: Some(TieBreak::parse_list("SB,BH").unwrap()),
            ..StandingsOptions::default()
        };
        let s = standings(&t, &opts);
        let score = |id: u32| s.row(id).unwrap().points;
        for row in &s.rows {
            let mut sb = Rational::ZERO;
            let mut bh = Rational::ZERO;
            for p in t.cells.iter().filter(|p| p.player == row.id) {
                let o = score(p.opponent.unwrap()).to_rational();
                bh += o;
                sb += o * p.result.points().to_rational();
            }
            prop_assert_eq!(&row.values[0], &TieBreakValue::Number(sb));
            prop_assert_eq!(&row.values[1], &TieBreakValue::Number(bh));
        }
    }
}
