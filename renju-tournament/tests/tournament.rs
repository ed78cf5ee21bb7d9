//! Tournament standings against published and hand-computed values.

use renju_core::Color;
use renju_tournament::{
    from_games, standings, CrosstableCell, HalfPoints, Player, Rational, Regulation, ResultKind,
    StandingsOptions, System, Team, TieBreak, TieBreakValue, Tournament, TournamentCode,
    Withdrawal,
};

fn fixture(name: &str) -> String {
    let path = format!(
        "{}/../fixtures/tournaments/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn number(v: &TieBreakValue) -> Rational {
    match v {
        TieBreakValue::Number(r) => *r,
        TieBreakValue::Boards(_) => panic!("not a number"),
    }
}

fn values(t: &Tournament, regulation: Regulation, code: &str) -> Vec<(u32, f64)> {
    let options = StandingsOptions {
        tiebreaks: Some(TieBreak::parse_list(code).unwrap()),
        regulation,
        ..StandingsOptions::default()
    };
    let s = standings(t, &options);
    let mut v: Vec<(u32, f64)> = s
        .rows
        .iter()
        .map(|r| (r.id, number(&r.values[0]).to_f64()))
        .collect();
    v.sort_by_key(|x| x.0);
    v
}

fn check(t: &Tournament, regulation: Regulation, code: &str, expected: &[(u32, f64)]) {
    let got = values(t, regulation, code);
    for &(id, want) in expected {
        let have = got.iter().find(|x| x.0 == id).unwrap().1;
        assert_eq!(have, want, "{regulation} {code} of player {id}");
    }
}

// FIDE TEC tie-break exercise (Mario Held), 16 players, 5 rounds.
const BH_2024: [f64; 16] = [
    12.5, 13.0, 15.5, 15.0, 8.5, 12.0, 14.5, 13.5, 9.0, 13.0, 13.5, 11.5, 14.0, 11.0, 12.0, 12.5,
];
const BH_C1_2024: [f64; 16] = [
    11.0, 12.0, 13.0, 11.5, 7.5, 11.0, 12.5, 12.0, 7.5, 11.5, 12.0, 9.5, 12.0, 9.0, 11.0, 11.0,
];
const SB_2024: [f64; 16] = [
    8.0, 9.5, 10.5, 9.75, 4.25, 6.5, 3.25, 5.25, 2.25, 1.5, 5.75, 4.0, 4.25, 4.5, 3.5, 7.25,
];

fn by_id(v: &[f64]) -> Vec<(u32, f64)> {
    v.iter()
        .enumerate()
        .map(|(i, &x)| (i as u32 + 1, x))
        .collect()
}

fn exercise() -> Tournament {
    Tournament::from_trf(&fixture("fide_tec_exercise.trf")).unwrap()
}

#[test]
fn fide_exercise_reads_clean() {
    let t = exercise();
    assert_eq!(t.players.len(), 16);
    assert_eq!(t.effective_system(), System::Swiss);
    let s = standings(&t, &StandingsOptions::default());
    assert!(
        s.findings
            .iter()
            .all(|f| f.code == TournamentCode::UnratedOpponents),
        "{:?}",
        s.findings
    );
    assert_eq!(s.rows[0].name, "Player 2");
    assert_eq!(s.rows[0].points, HalfPoints(8));
}

#[test]
fn fide_exercise_buchholz_2024() {
    let t = exercise();
    check(&t, Regulation::Fide2024, "BH", &by_id(&BH_2024));
    check(&t, Regulation::Fide2024, "BH/C1", &by_id(&BH_C1_2024));
}

#[test]
fn fide_exercise_buchholz_2026() {
    let t = exercise();
    let mut bh = by_id(&BH_2024);
    let mut c1 = by_id(&BH_C1_2024);
    for (id, b, c) in [(4, 14.0, 11.5), (6, 11.5, 10.5), (11, 12.5, 11.0)] {
        bh[id - 1].1 = b;
        c1[id - 1].1 = c;
    }
    check(&t, Regulation::Fide2026, "BH", &bh);
    check(&t, Regulation::Fide2026, "BH/C1", &c1);
}

#[test]
fn fide_exercise_sonneborn_berger() {
    let t = exercise();
    check(&t, Regulation::Fide2024, "SB", &by_id(&SB_2024));
    let mut sb = by_id(&SB_2024);
    for (id, v) in [(4, 9.25), (6, 6.0), (11, 4.75)] {
        sb[id - 1].1 = v;
    }
    check(&t, Regulation::Fide2026, "SB", &sb);
}

#[test]
fn fide_exercise_without_adjustment() {
    // No adjustment: player 11's forfeit win counts player 9's real score.
    check(&exercise(), Regulation::None, "BH", &[(11, 12.5)]);
}

#[test]
fn fide_exercise_2009_virtual_opponent() {
    // Player 11's forfeit win in round 4: 0.5 before it, + (1 - 1) + 0.5 * (5 - 4) = 1.
    // Opponents with their unplayed rounds as draws: 3: 3.5, 16: 3.5, 5: 2.5, 7: 1.5.
    check(&exercise(), Regulation::Fide2009, "BH", &[(11, 12.0)]);
}

/// The five-player hand crosstable of scalachess's tie-break tests (its published values
/// for player A are asserted below):
///
/// ```text
///      A  B  C  D  E   total
///  A   -  1  ½  0  1   2.5
///  B   0  -  1  ½  0   1.5
///  C   ½  0  -  1  ½   2.0
///  D   1  ½  0  -  1   2.5
///  E   0  1  ½  0  -   1.5
/// ```
fn five_players() -> Tournament {
    let table = [
        [None, Some(2), Some(1), Some(0), Some(2)],
        [Some(0), None, Some(2), Some(1), Some(0)],
        [Some(1), Some(0), None, Some(2), Some(1)],
        [Some(2), Some(1), Some(0), None, Some(2)],
        [Some(0), Some(2), Some(1), Some(0), None],
    ];
    let names = ["A", "B", "C", "D", "E"];
    let ratings = [1500, 1600, 1550, 1450, 1650];
    let mut t = Tournament {
        name: "five".into(),
        system: Some(System::RoundRobin),
        ..Tournament::default()
    };
    for (i, n) in names.iter().enumerate() {
        let mut p = Player::new(i as u32 + 1, *n);
        p.rating = Some(ratings[i]);
        t.players.push(p);
    }
    // Berger rounds for 5 players (with a dummy 6th): any schedule works; use i + j.
    for (i, line) in table.iter().enumerate() {
        for (j, cell) in line.iter().enumerate() {
            if let Some(h) = *cell {
                let result = match h {
                    2 => ResultKind::Win,
                    1 => ResultKind::Draw,
                    _ => ResultKind::Loss,
                };
                t.cells.push(CrosstableCell {
                    round: ((i + j) % 5) as u32 + 1,
                    player: i as u32 + 1,
                    opponent: Some(j as u32 + 1),
                    color: None,
                    result,
                    board: None,
                });
            }
        }
    }
    t
}

#[test]
fn hand_crosstable_cuts_and_medians() {
    let t = five_players();
    assert!(standings(&t, &StandingsOptions::default())
        .findings
        .is_empty());
    let a = |code: &str| {
        values(&t, Regulation::Fide2024, code)
            .into_iter()
            .find(|x| x.0 == 1)
            .unwrap()
            .1
    };
    // A's opponents: B 1.5, C 2, D 2.5, E 1.5 (scalachess: BH 7.5, C1 6, C2 4.5, M1 3.5,
    // M2 0, SB 4.0, WON 2).
    assert_eq!(a("BH"), 7.5);
    assert_eq!(a("BH/C1"), 6.0);
    assert_eq!(a("BH/C2"), 4.5);
    assert_eq!(a("BH/M1"), 3.5);
    // Four opponents, two cut at each end: nothing is left (an edge case).
    assert_eq!(a("BH/M2"), 0.0);
    assert_eq!(a("BH/M3"), 0.0);
    // The Chinese rules' "one or several of the highest": the top one only.
    assert_eq!(a("BH/T1"), 5.0);
    // SB: beat B (1.5) and E (1.5), drew C (2): 1.5 + 1.5 + 1 = 4.
    assert_eq!(a("SB"), 4.0);
    assert_eq!(a("WON"), 2.0);
    // ARO: (1600 + 1550 + 1450 + 1650) / 4 = 1562.5, rounded to a whole number, 0.5 up,
    // as FIDE C.07 says (and as scalachess does).
    assert_eq!(a("ARO"), 1563.0);
    assert_eq!(a("WIN"), 2.0);
}

#[test]
fn round_robin_default_order_and_shared_places() {
    let s = standings(&five_players(), &StandingsOptions::default());
    assert_eq!(
        s.tiebreaks,
        TieBreak::parse_list("SB,WON").unwrap(),
        "the Chinese rules' round-robin list"
    );
    let order: Vec<&str> = s.rows.iter().map(|r| r.name.as_str()).collect();
    // A and D: 2.5; SB: D 2.5 + 0.75 + 1.5 = 4.75 against A 4. B and E: 1.5; SB: B 2 +
    // 1.25 = 3.25 against E 1.5 + 1 = 2.5.
    assert_eq!(order, ["D", "A", "C", "B", "E"]);
    assert!(s.rows.iter().all(|r| !r.shared));
    // Direct encounter first: A and D tie on points and D beat A.
    let options = StandingsOptions {
        tiebreaks: Some(TieBreak::parse_list("DE,SB").unwrap()),
        ..StandingsOptions::default()
    };
    let s = standings(&five_players(), &options);
    assert_eq!(
        (s.rows[0].name.as_str(), s.rows[1].name.as_str()),
        ("D", "A")
    );
    assert_eq!(number(&s.rows[0].values[0]), Rational::from(1));
    assert_eq!(number(&s.rows[1].values[0]), Rational::from(0));
}

#[test]
fn ties_share_the_place_unless_a_playoff_is_given() {
    // Three players, all draws: nothing separates them.
    let mut t = Tournament::default();
    for i in 1..=3 {
        t.players.push(Player::new(i, format!("P{i}")));
    }
    let mut round = 0;
    for i in 1..=3u32 {
        for j in (i + 1)..=3 {
            round += 1;
            for (p, o) in [(i, j), (j, i)] {
                t.cells.push(CrosstableCell {
                    round,
                    player: p,
                    opponent: Some(o),
                    color: None,
                    result: ResultKind::Draw,
                    board: None,
                });
            }
        }
    }
    let s = standings(&t, &StandingsOptions::default());
    assert!(s.rows.iter().all(|r| r.rank == 1 && r.shared));
    t.decided_order = vec![3];
    let s = standings(&t, &StandingsOptions::default());
    assert_eq!(
        (s.rows[0].id, s.rows[0].rank, s.rows[0].shared),
        (3, 1, false)
    );
    assert_eq!((s.rows[1].rank, s.rows[2].rank), (2, 2));
}

#[test]
fn knockout_later_elimination_ranks_higher() {
    // Eight players: quarter-finals, semi-finals, final (two-game matches in the final,
    // decided 1.5-0.5).
    let mut t = Tournament {
        system: Some(System::Knockout),
        ..Tournament::default()
    };
    for i in 1..=8 {
        t.players.push(Player::new(i, format!("P{i}")));
    }
    let game = |round: u32, w: u32, l: u32, draw: bool, t: &mut Tournament| {
        let (rw, rl) = if draw {
            (ResultKind::Draw, ResultKind::Draw)
        } else {
            (ResultKind::Win, ResultKind::Loss)
        };
        for (p, o, r) in [(w, l, rw), (l, w, rl)] {
            t.cells.push(CrosstableCell {
                round,
                player: p,
                opponent: Some(o),
                color: None,
                result: r,
                board: None,
            });
        }
    };
    for (w, l) in [(1, 8), (2, 7), (3, 6), (4, 5)] {
        game(1, w, l, false, &mut t);
    }
    game(2, 1, 4, false, &mut t);
    game(2, 2, 3, false, &mut t);
    game(3, 1, 2, true, &mut t);
    game(3, 1, 2, false, &mut t);
    let s = standings(&t, &StandingsOptions::default());
    assert!(s.findings.is_empty(), "{:?}", s.findings);
    let ranks: Vec<(u32, u32)> = s.rows.iter().map(|r| (r.id, r.rank)).collect();
    assert_eq!(ranks[0], (1, 1));
    assert_eq!(ranks[1], (2, 2));
    assert!(ranks[2..4].iter().all(|x| x.1 == 3));
    assert!(ranks[4..].iter().all(|x| x.1 == 5));
}

fn seat(round: u32, player: u32, opponent: u32, result: ResultKind) -> CrosstableCell {
    CrosstableCell {
        round,
        player,
        opponent: Some(opponent),
        color: None,
        result,
        board: None,
    }
}

fn game(t: &mut Tournament, round: u32, a: u32, b: u32, result_a: ResultKind) {
    t.cells.push(seat(round, a, b, result_a));
    t.cells.push(seat(round, b, a, result_a.mirror().unwrap()));
}

#[test]
fn round_robin_withdrawal_before_half_voids_games() {
    // Five players, five rounds (one bye a round); player 5 plays round 1 and 2, leaves.
    let mut t = Tournament {
        system: Some(System::RoundRobin),
        rounds: 5,
        ..Tournament::default()
    };
    for i in 1..=5 {
        t.players.push(Player::new(i, format!("P{i}")));
    }
    use ResultKind::*;
    game(&mut t, 1, 1, 5, Loss);
    game(&mut t, 2, 2, 5, Win);
    game(&mut t, 1, 2, 3, Win);
    game(&mut t, 2, 1, 4, Draw);
    game(&mut t, 3, 1, 2, Win);
    game(&mut t, 3, 3, 4, Draw);
    game(&mut t, 4, 1, 3, Win);
    game(&mut t, 4, 2, 4, Draw);
    t.withdrawals.push(Withdrawal {
        id: 5,
        after_round: 2,
    });
    let s = standings(&t, &StandingsOptions::default());
    // 2 of 5 rounds: fewer than half, P5's games are void and P5 leaves the table.
    assert!(s.row(5).is_none());
    assert_eq!(s.row(1).unwrap().points, HalfPoints(5)); // draw + win + win, loss voided
                                                         // Recording a game after the withdrawal breaks the rule.
    let mut bad = t.clone();
    game(&mut bad, 3, 5, 3, Win);
    let s = standings(&bad, &StandingsOptions::default());
    assert!(s
        .findings
        .iter()
        .any(|f| f.code == TournamentCode::WithdrawalRule));
}

#[test]
fn round_robin_withdrawal_after_half_is_forfeits() {
    let mut t = Tournament {
        system: Some(System::RoundRobin),
        rounds: 3,
        ..Tournament::default()
    };
    for i in 1..=4 {
        t.players.push(Player::new(i, format!("P{i}")));
    }
    use ResultKind::*;
    game(&mut t, 1, 1, 4, Win);
    game(&mut t, 1, 2, 3, Draw);
    game(&mut t, 2, 4, 2, Win);
    game(&mut t, 2, 3, 1, Draw);
    game(&mut t, 3, 4, 3, Win); // recorded as played, but 4 left after round 2
    game(&mut t, 3, 1, 2, Draw);
    t.withdrawals.push(Withdrawal {
        id: 4,
        after_round: 2,
    });
    let s = standings(&t, &StandingsOptions::default());
    assert_eq!(s.row(4).unwrap().points, HalfPoints(2));
    assert_eq!(s.row(3).unwrap().points, HalfPoints(4)); // draw, draw, forfeit win
    assert!(s
        .findings
        .iter()
        .any(|f| f.code == TournamentCode::WithdrawalRule));
}

#[test]
fn contradictions_and_double_pairings_are_found() {
    let mut t = five_players();
    t.cells.push(seat(2, 1, 3, ResultKind::Win));
    t.cells.push(seat(2, 2, 2, ResultKind::Win));
    let codes: Vec<TournamentCode> = standings(&t, &StandingsOptions::default())
        .findings
        .iter()
        .map(|f| f.code)
        .collect();
    assert!(codes.contains(&TournamentCode::PairedTwice));
    assert!(codes.contains(&TournamentCode::PairedWithSelf));
    assert!(codes.contains(&TournamentCode::OneSidedPairing));
}

#[test]
fn points_and_rank_columns_are_checked() {
    let mut t = exercise();
    t.players[1].declared_points = Some(HalfPoints(9));
    t.players[0].declared_rank = Some(1); // player 1 is not first: player 2 is.
    let s = standings(&t, &StandingsOptions::default());
    let points = s
        .findings
        .iter()
        .find(|f| f.code == TournamentCode::PointsMismatch)
        .unwrap();
    assert_eq!(points.player, Some(2));
    let rank = s
        .findings
        .iter()
        .find(|f| f.code == TournamentCode::RankMismatch)
        .unwrap();
    assert!(rank.message.contains("PTS decides"), "{}", rank.message);
}

#[test]
fn colours_alternate_in_matches() {
    let mut t = Tournament {
        players: vec![Player::new(1, "A"), Player::new(2, "B")],
        ..Tournament::default()
    };
    for (k, (ca, ra)) in [
        (Color::Black, ResultKind::Win),
        (Color::Black, ResultKind::Loss),
    ]
    .into_iter()
    .enumerate()
    {
        let _ = k;
        t.cells.push(CrosstableCell {
            color: Some(ca),
            ..seat(1, 1, 2, ra)
        });
        t.cells.push(CrosstableCell {
            color: Some(ca.opponent()),
            ..seat(1, 2, 1, ra.mirror().unwrap())
        });
    }
    let s = standings(&t, &StandingsOptions::default());
    assert!(s
        .findings
        .iter()
        .any(|f| f.code == TournamentCode::ColourAlternation));
    assert_eq!(s.rows[0].rank, 1);
    assert!(s.rows[0].shared);
}

/// A team: players `first..first + boards`, board order.
fn add_team(t: &mut Tournament, id: u32, name: &str, boards: u32) {
    let first = (id - 1) * boards + 1;
    let ids: Vec<u32> = (first..first + boards).collect();
    for (b, &p) in ids.iter().enumerate() {
        let mut player = Player::new(p, format!("{name}{}", b + 1));
        player.team = Some(id);
        t.players.push(player);
    }
    t.teams.push(Team {
        id,
        name: name.into(),
        boards: ids,
        declared_points: None,
        declared_rank: None,
    });
}

/// A match of two 2-board teams; `results` are the first team's results on boards 1, 2.
/// The first team has Black on board 1 (odd), White on board 2.
fn team_match(t: &mut Tournament, round: u32, a: u32, b: u32, results: [ResultKind; 2]) {
    for (k, r) in results.into_iter().enumerate() {
        let (pa, pb) = ((a - 1) * 2 + k as u32 + 1, (b - 1) * 2 + k as u32 + 1);
        let ca = if k == 0 { Color::Black } else { Color::White };
        t.cells.push(CrosstableCell {
            color: Some(ca),
            ..seat(round, pa, pb, r)
        });
        t.cells.push(CrosstableCell {
            color: Some(ca.opponent()),
            ..seat(round, pb, pa, r.mirror().unwrap())
        });
    }
}

fn team_round_robin() -> Tournament {
    // Four teams of two boards, three rounds. Hand results (first team's boards 1, 2):
    //  R1: A-B 1-1 (W, L)   C-D 2-0 (W, W)
    //  R2: A-C 1.5-0.5 (W, D)   B-D 1-1 (D, D)
    //  R3: A-D 0.5-1.5 (D, L)   B-C 1.5-0.5 (W, D)
    use ResultKind::*;
    let mut t = Tournament {
        name: "team round robin".into(),
        system: Some(System::RoundRobin),
        rounds: 3,
        ..Tournament::default()
    };
    for (id, name) in [(1, "A"), (2, "B"), (3, "C"), (4, "D")] {
        add_team(&mut t, id, name, 2);
    }
    team_match(&mut t, 1, 1, 2, [Win, Loss]);
    team_match(&mut t, 1, 3, 4, [Win, Win]);
    team_match(&mut t, 2, 1, 3, [Win, Draw]);
    team_match(&mut t, 2, 2, 4, [Draw, Draw]);
    team_match(&mut t, 3, 1, 4, [Draw, Loss]);
    team_match(&mut t, 3, 2, 3, [Win, Draw]);
    t
}

#[test]
fn team_round_robin_by_the_chinese_rules() {
    let t = team_round_robin();
    let s = standings(&t, &StandingsOptions::default());
    assert!(s.findings.is_empty(), "{:?}", s.findings);
    assert_eq!(TieBreak::format_list(&s.tiebreaks), "GP,TSB,TBR");
    // Match points: A: D W L = 1.5; B: D D W = 2; C: W L L = 1; D: L D W = 1.5.
    let mp = |id| s.row(id).unwrap().points;
    assert_eq!(
        (mp(1), mp(2), mp(3), mp(4)),
        (HalfPoints(3), HalfPoints(4), HalfPoints(2), HalfPoints(3))
    );
    // Game points: A 1+1.5+0.5 = 3; B 1+1+1.5 = 3.5; C 2+0.5+0.5 = 3; D 0+1+1.5 = 2.5.
    let gp = |id| number(s.value(s.row(id).unwrap(), "GP").unwrap());
    assert_eq!(gp(1), Rational::new(3, 1));
    assert_eq!(gp(4), Rational::new(5, 2));
    // Team SB = Σ score rate against a team × its match points:
    // A: 1/2·2 (B) + 3/4·1 (C) + 1/4·1.5 (D) = 1 + 0.75 + 0.375 = 2.125
    // D: 0/2·1 (C) + 1/2·2 (B) + 3/4·1.5 (A) = 0 + 1 + 1.125 = 2.125
    let tsb = |id| number(s.value(s.row(id).unwrap(), "TSB").unwrap());
    assert_eq!(tsb(1), Rational::new(17, 8));
    assert_eq!(tsb(4), Rational::new(17, 8));
    // A and D: 1.5 MP; GP 3 against 2.5: A ahead.
    let order: Vec<u32> = s.rows.iter().map(|r| r.id).collect();
    assert_eq!(order, [2, 1, 4, 3]);
    // Board by board: A board 1: 1 + 1 + 0.5 = 2.5, board 2: 0 + 0.5 + 0 = 0.5.
    match s.value(s.row(1).unwrap(), "TBR").unwrap() {
        TieBreakValue::Boards(b) => assert_eq!(b, &vec![HalfPoints(5), HalfPoints(1)]),
        v => panic!("{v:?}"),
    }
}

#[test]
fn team_sb_and_board_by_board_decide_when_points_tie() {
    // Swap in a list where TSB comes before GP: A and D tie on TSB (17/8), then TBR:
    // A's board 1 has 2.5, D's board 1: 0 (C) + 0.5 (B) + 0.5 (A) = 1: A ahead.
    let t = team_round_robin();
    let options = StandingsOptions {
        tiebreaks: Some(TieBreak::parse_list("TSB,TBR").unwrap()),
        ..StandingsOptions::default()
    };
    let s = standings(&t, &options);
    let a = s.row(1).unwrap();
    let d = s.row(4).unwrap();
    assert!(a.rank < d.rank);
    match s.value(d, "TBR").unwrap() {
        TieBreakValue::Boards(b) => assert_eq!(b[0], HalfPoints(2)),
        v => panic!("{v:?}"),
    }
}

#[test]
fn team_board_colours_follow_the_chinese_rules() {
    let mut t = team_round_robin();
    // Give team A White on board 1 in round 1 as well as on board 2.
    for p in &mut t.cells {
        if p.round == 1 && (p.player == 1 || p.player == 3) {
            p.color = Some(if p.player == 1 {
                Color::White
            } else {
                Color::Black
            });
        }
    }
    let codes: Vec<TournamentCode> = standings(&t, &StandingsOptions::default())
        .findings
        .iter()
        .map(|f| f.code)
        .collect();
    assert!(
        codes.contains(&TournamentCode::TeamBoardColour),
        "{codes:?}"
    );
}

#[test]
fn team_swiss_by_the_chinese_rules() {
    // Six teams of two boards, three rounds of a Swiss (not everyone meets).
    //  R1: A-B 2-0, C-D 1.5-0.5, E-F 1-1
    //  R2: A-C 1-1, E-B 1.5-0.5, F-D 0.5-1.5
    //  R3: A-E 1.5-0.5, C-F 2-0, D-B 1-1
    use ResultKind::*;
    let mut t = Tournament {
        name: "team swiss".into(),
        system: Some(System::Swiss),
        rounds: 3,
        ..Tournament::default()
    };
    for (id, name) in [(1, "A"), (2, "B"), (3, "C"), (4, "D"), (5, "E"), (6, "F")] {
        add_team(&mut t, id, name, 2);
    }
    team_match(&mut t, 1, 1, 2, [Win, Win]);
    team_match(&mut t, 1, 3, 4, [Win, Draw]);
    team_match(&mut t, 1, 5, 6, [Win, Loss]);
    team_match(&mut t, 2, 1, 3, [Draw, Draw]);
    team_match(&mut t, 2, 5, 2, [Win, Draw]);
    team_match(&mut t, 2, 6, 4, [Draw, Loss]);
    team_match(&mut t, 3, 1, 5, [Win, Draw]);
    team_match(&mut t, 3, 3, 6, [Win, Win]);
    team_match(&mut t, 3, 4, 2, [Draw, Draw]);
    let s = standings(&t, &StandingsOptions::default());
    assert!(s.findings.is_empty(), "{:?}", s.findings);
    assert_eq!(TieBreak::format_list(&s.tiebreaks), "BH,BH/M1,GP,TBR");
    // MP: A W D W 2.5; B L L D 0.5; C W D W 2.5; D L W D 1.5; E D W L 1.5; F D L L 0.5.
    // BH (opponents' MP): A: B 0.5 + C 2.5 + E 1.5 = 4.5; C: D 1.5 + A 2.5 + F 0.5 = 4.5.
    // BH/M1: A 1.5, C 1.5. GP: A 2 + 1 + 1.5 = 4.5; C 1.5 + 1 + 2 = 4.5.
    // Board by board: A board 1: 1 + 0.5 + 1 = 2.5; C board 1: 1 + 0.5 + 1 = 2.5;
    // board 2: A 1 + 0.5 + 0.5 = 2; C 0.5 + 0.5 + 1 = 2. A and C share first place.
    let a = s.row(1).unwrap();
    let c = s.row(3).unwrap();
    assert_eq!((a.rank, c.rank, a.shared), (1, 1, true));
    assert_eq!(number(s.value(a, "BH").unwrap()), Rational::new(9, 2));
    assert_eq!(number(s.value(a, "BH/M1").unwrap()), Rational::new(3, 2));
    // D and E: 1.5 MP. BH: D: C 2.5 + F 0.5 + B 0.5 = 3.5; E: F 0.5 + B 0.5 + A 2.5 = 3.5.
    // BH/M1 1/... both 0.5; GP: D 0.5 + 1.5 + 1 = 3; E 1 + 1.5 + 0.5 = 3. TBR: D board 1:
    // 0 + 1 + 0.5 = 1.5; E board 1: 1 + 1 + 0 = 2: E ahead.
    assert!(s.row(5).unwrap().rank < s.row(4).unwrap().rank);
    assert_eq!(s.row(5).unwrap().rank, 3);
}

/// A three-move record with `tags`, declared won by White.
fn won_by_white(tags: &[(&str, &str)]) -> renju_records::Game {
    let mut g = renju_records::Game::from_moves("h8 h9 i8").unwrap();
    g.tags = (tags.iter())
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    g.events.push(renju_records::Event::Result(
        renju_records::game::DeclaredResult {
            winner: Some(Color::White),
            reason: None,
        },
    ));
    g
}

#[test]
fn standings_from_game_records() {
    let g1 = won_by_white(&[
        ("tournament", "Cup"),
        ("round", "1"),
        ("black", "Ann"),
        ("white", "Bob"),
    ]);
    let mut g2 = g1.clone();
    g2.tags[1].1 = "x".into();
    let list = from_games::tournaments(&[g1, g2]);
    assert_eq!(list.len(), 1);
    let (t, findings) = (&list[0].tournament, &list[0].findings);
    assert_eq!(findings.len(), 1);
    assert_eq!(findings[0].code, TournamentCode::UnusableGame);
    let s = standings(t, &StandingsOptions::default());
    assert_eq!(s.rows[0].name, "Bob");
}

/// Standings from game records take the replayed outcome: a five on the board with no
/// result line is a win, a declared forfeit is a forfeit (not a game played), an
/// unfinished game is left out with a finding.
#[test]
fn records_are_placed_by_their_replayed_outcome() {
    let text = b"# event: Cup\n# round: 1\n# black: Ann\n# white: Bob\n\
h8 a1 i8 a2 j8 a3 k8 a4 l8\n# round: 2\n# black: Bob\n# white: Ann\nh8 h9 result=0-1/forfeit\n\
# round: 3\nh8 h9\n";
    let games: Vec<_> = renju_records::formats::movelist::read(text, None)
        .into_iter()
        .map(Result::unwrap)
        .collect();
    let read = from_games::tournaments(&games).remove(0);
    assert_eq!(read.findings.len(), 1, "{:?}", read.findings);
    assert!(
        read.findings[0].message.contains("has no result"),
        "{:?}",
        read.findings
    );
    let t = &read.tournament;
    let result = |round: u32, player: u32| {
        (t.cells.iter())
            .find(|c| c.round == round && c.player == player)
            .map(|c| c.result)
    };
    assert_eq!(result(1, 1), Some(ResultKind::Win));
    assert_eq!(result(1, 2), Some(ResultKind::Loss));
    assert_eq!(result(2, 1), Some(ResultKind::ForfeitWin));
    assert_eq!(result(2, 2), Some(ResultKind::ForfeitLoss));
}

/// A score system other than 1, ½ and 0 (TRF-26 `162` as bbpPairings writes it, or its
/// `BBW` records) is honoured, with no finding; one that cannot be read is refused by
/// the reader.
#[test]
fn a_score_system_is_honoured_and_an_unreadable_one_refused() {
    let read = |extra: &str| {
        let mut text = fixture("fide_tec_exercise.trf");
        text.insert_str(0, extra);
        Tournament::from_trf(&text)
    };
    let plain = read("").unwrap();
    let three = read("162  W 3.0    D 1.0\n").unwrap();
    let s = standings(&three, &StandingsOptions::default());
    assert!(
        !s.findings
            .iter()
            .any(|f| f.code == TournamentCode::UnsupportedScoreSystem),
        "{:?}",
        s.findings
    );
    let plain_s = standings(&plain, &StandingsOptions::default());
    assert_ne!(s.rows[0].points, plain_s.rows[0].points);
    let e = read("162  X 1.0\n").unwrap_err();
    assert!(e.to_string().contains("162:"), "{e}");
    assert!(e.to_string().starts_with("line 1:"), "{e}");
}

/// A record that cannot be replayed (a board its rules refuse) keeps its declared result
/// in the crosstable rather than being taken for unfinished.
#[test]
fn a_record_that_cannot_be_replayed_keeps_its_declared_result() {
    let mut g = won_by_white(&[("round", "1"), ("black", "Ann"), ("white", "Bob")]);
    g.size = 19;
    let read = from_games::tournaments(&[g]).remove(0);
    assert!(read.findings.is_empty(), "{:?}", read.findings);
    let bob = read
        .tournament
        .cells
        .iter()
        .find(|c| c.player == 2)
        .unwrap();
    assert_eq!(bob.result, ResultKind::Win);
}

/// A player's name that a TRF line cannot hold (a newline would forge a player record)
/// keeps its game out of the crosstable with a finding, and a tournament holding one
/// (built in JSON, say) is refused by the TRF writer.
#[test]
fn names_are_checked_as_free_text() {
    let g = won_by_white(&[
        ("round", "1"),
        ("black", "Ann\n001    9 x"),
        ("white", "Bob"),
    ]);
    let list = from_games::tournaments(&[g]);
    let findings = &list[0].findings;
    assert_eq!(findings.len(), 1);
    assert_eq!(findings[0].code, TournamentCode::UnusableGame);
    assert!(
        findings[0].message.contains("black player's name"),
        "{:?}",
        findings[0]
    );
    assert!(list[0].tournament.players.is_empty());
    let mut t = exercise();
    t.players[0].name = "Ann\n001    9 x".into();
    let e = renju_tournament::trf::write(&t).unwrap_err();
    assert!(e.to_string().contains("name of player 1"), "{e}");
    assert!(e.to_string().contains("control character"), "{e}");
}

#[test]
fn json_of_standings_has_numbers() {
    let s = standings(&exercise(), &StandingsOptions::default());
    let v = serde_json::to_value(s.readable_json()).unwrap();
    assert_eq!(v["regulation"], "fide-2024");
    assert_eq!(v["system"], "swiss");
    assert_eq!(v["tiebreaks"][1], "BH");
    let first = &v["standings"][0];
    assert_eq!(first["points"], 4.0);
    assert_eq!(first["tiebreaks"]["BH"], 13.0);
    // The model round-trips through JSON.
    let t = exercise();
    let back: Tournament = serde_json::from_str(&serde_json::to_string(&t).unwrap()).unwrap();
    assert_eq!(back, t);
}

#[test]
fn trf_round_trip_of_the_exercise() {
    let t = exercise();
    let text = t.to_trf().unwrap();
    assert_eq!(Tournament::from_trf(&text).unwrap(), t);
}

#[test]
fn trf_errors_carry_line_numbers() {
    let err = Tournament::from_trf("012 x\n001 abcd      Ann\n").unwrap_err();
    assert!(err.to_string().starts_with("line 2:"), "{err}");
    assert!(Tournament::from_trf("012 nothing\n").is_err());
}

#[test]
fn trf26_records_and_team_records() {
    let text = "\
012 TRF-26 team sample (written for the tests)\n\
142 1\n\
162 W 1.0 D 0.5 L 0.0\n\
202 MP,GP,TBR\n\
222 5400+30\n\
001    1      North One                                                          1.0    1     3 b 1\n\
001    2      North Two                                                          0.5    2     4 w =\n\
001    3      South One                                                          0.0    4     1 w 0\n\
001    4      South Two                                                          0.5    2     2 b =\n\
310   1 North                            NOR   2100      4.0    7.5   1     1    2\n\
310   2 South                            SOU   2000      0.0    0.5   2     3    4\n";
    let t = Tournament::from_trf(text).unwrap();
    assert_eq!(t.rounds, 1);
    assert_eq!(t.time_control.as_deref(), Some("5400+30"));
    assert_eq!(t.score_system.as_deref(), Some("W 1.0 D 0.5 L 0.0"));
    assert_eq!(TieBreak::format_list(&t.tiebreaks), "MP,GP,TBR");
    assert_eq!(t.teams.len(), 2);
    assert_eq!(t.teams[0].name, "North");
    assert_eq!(t.teams[0].boards, vec![1, 2]);
    assert_eq!(t.teams[1].boards, vec![3, 4]);
    assert_eq!(t.player(4).unwrap().team, Some(2));
    let s = standings(&t, &StandingsOptions::default());
    assert!(s.findings.is_empty(), "{:?}", s.findings);
    assert!(s.team_event);
    assert_eq!(
        (s.rows[0].name.as_str(), s.rows[0].points),
        ("North", HalfPoints(2))
    );
    // A member's points column is checked against the member's games.
    let mut wrong = t.clone();
    wrong.players[0].declared_points = Some(HalfPoints(1));
    let s = standings(&wrong, &StandingsOptions::default());
    assert_eq!(s.findings[0].code, TournamentCode::PointsMismatch);
    assert_eq!(s.findings[0].player, Some(1));
    // Written back (teams as 013 records), read again: the same model.
    assert_eq!(Tournament::from_trf(&t.to_trf().unwrap()).unwrap(), t);
}

#[test]
fn standings_from_sgf_records() {
    let sgf = "(;GM[4]FF[4]SZ[15]EV[Cup]RO[1]PB[Ann]PW[Bob]RE[B+R];B[hh];W[hi])\n\
               (;GM[4]FF[4]SZ[15]EV[Cup]RO[2]PB[Bob]PW[Ann]RE[0];B[hh];W[hi])\n";
    let games: Vec<_> = renju_records::formats::Format::Sgf
        .read(sgf.as_bytes(), None)
        .into_iter()
        .map(Result::unwrap)
        .collect();
    let list = from_games::tournaments(&games);
    assert_eq!(list.len(), 1);
    let (t, findings) = (&list[0].tournament, &list[0].findings);
    assert!(findings.is_empty(), "{findings:?}");
    assert_eq!(t.name, "Cup");
    let s = standings(t, &StandingsOptions::default());
    assert_eq!(
        (s.rows[0].name.as_str(), s.rows[0].points),
        ("Ann", HalfPoints(3))
    );
    // Colours alternate in the two-round match: no finding.
    assert!(s.findings.is_empty());
}

#[test]
fn swiss_withdrawal_before_half_the_games_voids_them() {
    // The rules void the games of a player who leaves a Swiss, as a round robin, having
    // played fewer games than half the rounds. Player 12 (5 rounds) lost to player 4 in
    // round 1 and leaves after it: void, and player 4's round 1 is not played.
    let mut t = exercise();
    t.withdrawals.push(Withdrawal {
        id: 12,
        after_round: 1,
    });
    let s = standings(&t, &StandingsOptions::default());
    assert!(s.row(12).is_none());
    assert_eq!(s.row(4).unwrap().points, HalfPoints(5));
    // Player 12's round-2 pairing bye and round-3 forfeit win are after the withdrawal.
    let rule: Vec<_> = s
        .findings
        .iter()
        .filter(|f| f.code == TournamentCode::WithdrawalRule)
        .map(|f| f.round)
        .collect();
    assert_eq!(rule, vec![Some(2), Some(3)]);
    // Games played count, not rounds passed: after round 3, with one game (a bye and a
    // forfeit besides), still fewer than half.
    let mut later = exercise();
    later.withdrawals.push(Withdrawal {
        id: 12,
        after_round: 3,
    });
    assert_eq!(
        later.rounds_played_before_withdrawal(&later.withdrawals[0]),
        1
    );
    assert!(standings(&later, &StandingsOptions::default())
        .row(12)
        .is_none());
}

#[test]
fn swiss_withdrawal_after_half_the_games_keeps_them() {
    // Player 4 played rounds 1, 3 and 4 (a half-point bye in round 2) and leaves after
    // round 4: three games of five rounds, the games stand; the round-5 draw recorded
    // after the withdrawal breaks the rule and is a forfeit loss.
    let mut t = exercise();
    t.withdrawals.push(Withdrawal {
        id: 4,
        after_round: 4,
    });
    assert_eq!(t.rounds_played_before_withdrawal(&t.withdrawals[0]), 3);
    let s = standings(&t, &StandingsOptions::default());
    assert_eq!(s.row(4).unwrap().points, HalfPoints(6));
    let rule: Vec<_> = (s.findings.iter())
        .filter(|f| f.code == TournamentCode::WithdrawalRule)
        .map(|f| f.round)
        .collect();
    assert_eq!(rule, vec![Some(5)]);
}

#[test]
fn team_withdrawal_before_half_voids_the_team() {
    let mut t = team_round_robin();
    t.withdrawals.push(Withdrawal {
        id: 4,
        after_round: 1,
    });
    // Team D's matches from round 2 on must not be recorded; drop them, as the organiser
    // should have.
    t.cells
        .retain(|p| p.round == 1 || (p.player <= 6 && p.opponent.unwrap() <= 6));
    let s = standings(&t, &StandingsOptions::default());
    assert!(s.findings.is_empty(), "{:?}", s.findings);
    assert!(s.row(4).is_none());
    // C lost its round-1 match against D: void, so C has only its round-2 and 3 matches.
    assert_eq!(s.row(3).unwrap().points, HalfPoints(0));
}

/// Best-of-three knockout matches: the two semi-final losers share third place, the one
/// who took a game from the winner as the one who took none (the points split them).
#[test]
fn knockout_losers_of_one_round_share_the_place_whatever_their_points() {
    let mut t = Tournament {
        system: Some(System::Knockout),
        ..Tournament::default()
    };
    for i in 1..=4 {
        t.players.push(Player::new(i, format!("P{i}")));
    }
    use ResultKind::*;
    for result in [Win, Loss, Win] {
        game(&mut t, 1, 1, 4, result);
    }
    for result in [Win, Win] {
        game(&mut t, 1, 2, 3, result);
    }
    for result in [Win, Win] {
        game(&mut t, 2, 1, 2, result);
    }
    let s = standings(&t, &StandingsOptions::default());
    let ranks: Vec<(u32, u32, bool)> = s.rows.iter().map(|r| (r.id, r.rank, r.shared)).collect();
    assert_eq!(ranks[..2], [(1, 1, false), (2, 2, false)], "{ranks:?}");
    assert!(
        ranks[2..]
            .iter()
            .all(|&(_, rank, shared)| rank == 3 && shared),
        "{ranks:?}"
    );
    // A match lost scores nothing, whatever games it took.
    assert_eq!(s.row(4).unwrap().points, HalfPoints::ZERO);
}

/// A round robin of two-game matches: each match scores 1, ½ or 0, and its game points
/// decide between equal match points.
#[test]
fn two_game_matches_score_as_one_match_with_game_points_after() {
    let mut t = Tournament {
        system: Some(System::RoundRobin),
        ..Tournament::default()
    };
    for i in 1..=3 {
        t.players.push(Player::new(i, format!("P{i}")));
    }
    use ResultKind::*;
    // 1-2: 1-1; 1-3: 2-0; 2-3: 1.5-0.5.
    for (round, a, b, results) in [
        (1, 1, 2, [Win, Loss]),
        (2, 1, 3, [Win, Win]),
        (3, 2, 3, [Win, Draw]),
    ] {
        for result in results {
            game(&mut t, round, a, b, result);
        }
    }
    let s = standings(&t, &StandingsOptions::default());
    let rows: Vec<(u32, HalfPoints)> = s.rows.iter().map(|r| (r.id, r.points)).collect();
    assert_eq!(
        rows,
        [
            (1, HalfPoints(3)),
            (2, HalfPoints(3)),
            (3, HalfPoints::ZERO)
        ]
    );
    assert!(!s.rows[0].shared);
    assert_eq!(s.tiebreaks[0].criterion, renju_tournament::Criterion::Gp);
}

#[test]
fn knockout_placement_games_decide_shared_places() {
    // Eight players. Round 1: 1-8, 2-7, 3-6, 4-5. Round 2: semi-finals 1-4, 2-3, and the
    // round-1 losers' placement semi-finals 5-8, 6-7. Round 3: final 1-2, third place 3-4
    // (4 wins), fifth place 5-6 (6 wins), seventh place 7-8 drawn (a shared place).
    let mut t = Tournament {
        system: Some(System::Knockout),
        ..Tournament::default()
    };
    for i in 1..=8 {
        t.players.push(Player::new(i, format!("P{i}")));
    }
    use ResultKind::*;
    for (r, a, b, res) in [
        (1, 1, 8, Win),
        (1, 2, 7, Win),
        (1, 3, 6, Win),
        (1, 4, 5, Win),
        (2, 1, 4, Win),
        (2, 2, 3, Win),
        (2, 5, 8, Win),
        (2, 6, 7, Win),
        (3, 1, 2, Win),
        (3, 3, 4, Loss),
        (3, 5, 6, Loss),
        (3, 7, 8, Draw),
    ] {
        game(&mut t, r, a, b, res);
    }
    let s = standings(&t, &StandingsOptions::default());
    let ranks: Vec<(u32, u32)> = s.rows.iter().map(|r| (r.id, r.rank)).collect();
    assert_eq!(
        ranks,
        [
            (1, 1),
            (2, 2),
            (4, 3),
            (3, 4),
            (6, 5),
            (5, 6),
            (7, 7),
            (8, 7)
        ]
    );
    // The tied seventh-place match: nobody went on, so a warning says so.
    assert!(s
        .findings
        .iter()
        .any(|f| f.code == TournamentCode::KnockoutUndecided));
    let s = standings(
        &t,
        &StandingsOptions {
            tiebreaks: Some(TieBreak::parse_list("KO").unwrap()),
            ..StandingsOptions::default()
        },
    );
    // Out in round 1, then never beaten in the placement bracket (rounds + 1 = 4).
    assert_eq!(s.row(6).unwrap().values[0].to_string(), "1/4");
    assert_eq!(s.row(5).unwrap().values[0].to_string(), "1/3");
}

#[test]
fn an_all_drawn_knockout_reports_each_undecided_match_once() {
    // Issue 43: every match drawn, so every round's match is undecided and each round
    // opens a placement bracket of all the players. Each placement bracket reported the
    // undecided matches of every later round again: players x rounds² findings (100
    // players and 1,000 rounds aborted at 3.8 GB).
    let (players, rounds) = (16u32, 200u32);
    let mut t = Tournament {
        system: Some(System::Knockout),
        ..Tournament::default()
    };
    for i in 1..=players {
        t.players.push(Player::new(i, format!("P{i}")));
    }
    for round in 1..=rounds {
        for a in (1..=players).step_by(2) {
            game(&mut t, round, a, a + 1, ResultKind::Draw);
        }
    }
    let s = standings(&t, &StandingsOptions::default());
    let undecided: Vec<_> = s
        .findings
        .iter()
        .filter(|f| f.code == TournamentCode::KnockoutUndecided)
        .collect();
    assert_eq!(undecided.len(), (players / 2 * rounds) as usize);
    let distinct: std::collections::HashSet<_> = undecided
        .iter()
        .map(|f| (f.round, f.message.as_str()))
        .collect();
    assert_eq!(distinct.len(), undecided.len(), "each match once");
    // Everyone out in every round, all tied: one shared first place.
    assert!(s.rows.iter().all(|r| r.rank == 1 && r.shared));
}

#[test]
fn forfeit_losses_keep_their_points_in_the_adjusted_score() {
    // Player 9 loses round 3 by forfeit: under C.07 (2024) 16.3 only requested byes
    // after which a player never returned count as draws, so player 2's Buchholz counts
    // player 9's 2 points, not 2.5 (tiebreak-core agrees). Player 1's not-paired last
    // round does count as a draw: player 11 counts 1.5 for player 1 (own zero-point bye:
    // 1, player 1: 1 + 0.5, player 2: 1.5).
    let t = Tournament::from_trf(&fixture("forfeit_last_round.trf")).unwrap();
    for regulation in [Regulation::Fide2024, Regulation::Fide2026] {
        check(&t, regulation, "BH", &[(2, 5.0)]);
    }
    check(&t, Regulation::Fide2024, "BH", &[(10, 4.5), (11, 4.0)]);
}

#[test]
fn a_tiebreak_list_that_cannot_be_computed_is_reported() {
    let text = fixture("round_robin.trf").replace("XXR 5", "XXR 5\n202 EDET/P,EMGSB/C1/P");
    let t = Tournament::from_trf(&text).unwrap();
    assert!(t.tiebreaks.is_empty());
    assert_eq!(t.tag("202"), Some("EDET/P,EMGSB/C1/P"));
    let s = standings(&t, &StandingsOptions::default());
    assert_eq!(TieBreak::format_list(&s.tiebreaks), "SB,WON");
    assert_eq!(s.findings.len(), 1);
    assert_eq!(s.findings[0].code, TournamentCode::UnsupportedTiebreak);
    // A list given as an option is used as it is, without a finding.
    let options = StandingsOptions {
        tiebreaks: Some(TieBreak::parse_list("WON").unwrap()),
        ..StandingsOptions::default()
    };
    assert!(standings(&t, &options).findings.is_empty());
}

/// The serde form of standings is exact: it reads back equal, fractions and board lists
/// included; the readable JSON keeps floats.
#[test]
fn standings_serialise_exactly_and_read_back_equal() {
    for (file, list) in [
        ("fide_tec_exercise.trf", "BH, BH/C1, SB, ARO, WIN"),
        ("team_round_robin.trf", "GP, TBR, SB"),
    ] {
        let t = Tournament::from_trf(&fixture(file)).unwrap();
        let options = StandingsOptions {
            tiebreaks: Some(TieBreak::parse_list(list).unwrap()),
            ..StandingsOptions::default()
        };
        let s = standings(&t, &options);
        let exact = serde_json::to_string(&s).unwrap();
        let back: renju_tournament::Standings = serde_json::from_str(&exact).unwrap();
        assert_eq!(back, s, "{file}");
        let row: renju_tournament::StandingRow =
            serde_json::from_str(&serde_json::to_string(&s.rows[0]).unwrap()).unwrap();
        assert_eq!(row, s.rows[0]);
        let readable = serde_json::to_value(s.readable_json()).unwrap();
        assert_eq!(
            readable["standings"].as_array().unwrap().len(),
            s.rows.len()
        );
        assert!(readable.get("rows").is_none());
    }
    let r: Rational = serde_json::from_str("[6, -4]").unwrap();
    assert_eq!(r, Rational::new(-3, 2));
    assert_eq!(
        serde_json::to_string(&Rational::new(39, 4)).unwrap(),
        "[39,4]"
    );
}

/// A crafted exact form with denominator 0, or a fraction out of range, is an error,
/// not a panic.
#[test]
fn a_zero_denominator_is_an_error_on_reading() {
    let e = serde_json::from_str::<Rational>("[1, 0]").unwrap_err();
    assert!(e.to_string().contains("denominator 0"), "{e}");
    assert!(serde_json::from_str::<Rational>("[-9223372036854775808, -1]").is_err());
    let e = serde_json::from_str::<TieBreakValue>(r#"{"Number": [3, 0]}"#).unwrap_err();
    assert!(e.to_string().contains("denominator 0"), "{e}");
}

#[test]
fn the_records_pairing_programs_read_are_held_and_kept_through_a_round_trip() {
    let trf = "\
012 Paired
XXR 5
XXC rank white1
XXA    1  1.0  1.0  0.5
XXA    2  1.0
XXP 1 2
XXP 3 4 2
BBW  3.0
BBD  1.0
BBL  0.0
BBZ  0.0
BBF  0.0
BBU  1.5
001    1      Ann                                                                0.0    1
001    2      Bob                                                                0.0    2
001    3      Cid                                                                0.0    3
001    4      Dan                                                                0.0    4
";
    let t = Tournament::from_trf(trf).unwrap();
    let setup = &t.pairing_setup;
    assert_eq!(t.rounds, 5);
    assert!(setup.positional_ids);
    assert_eq!(setup.initial_color, Some(Color::White));
    assert_eq!(setup.accelerations.len(), 2);
    assert_eq!(setup.accelerations[0].player, 1);
    assert_eq!(
        setup.accelerations[0].points,
        [HalfPoints::WIN, HalfPoints::WIN, HalfPoints::DRAW]
    );
    assert_eq!(setup.forbidden, [vec![1, 2], vec![3, 4, 2]]);
    assert_eq!(setup.points.win, Some(HalfPoints(6)));
    assert_eq!(setup.points.draw, Some(HalfPoints::WIN));
    assert_eq!(setup.points.pairing_bye, Some(HalfPoints(3)));
    assert!(t.tags.is_empty(), "{:?}", t.tags);
    let written = t.to_trf().unwrap();
    assert!(written.contains("XXA    1  1.0  1.0  0.5\n"), "{written}");
    assert!(written.contains("BBU  1.5\n"), "{written}");
    assert_eq!(Tournament::from_trf(&written).unwrap(), t);
    // Through JSON too.
    let json = serde_json::to_string(&t).unwrap();
    assert_eq!(serde_json::from_str::<Tournament>(&json).unwrap(), t);
}

#[test]
fn pairing_records_that_do_not_follow_their_format_are_refused_or_kept() {
    let players = "001    1      Ann                                                                0.0    1\n";
    for bad in ["BBW x\n", "XXP 1 two\n", "XXA    1  0.3\n", "XXA  one\n"] {
        let err = Tournament::from_trf(&format!("{bad}{players}")).unwrap_err();
        assert!(err.to_string().starts_with("line 1: "), "{bad}: {err}");
    }
    // An XXC with a token this library does not know is kept as written.
    let t = Tournament::from_trf(&format!("XXC white1 other\n{players}")).unwrap();
    assert_eq!(t.pairing_setup.initial_color, None);
    assert_eq!(t.tag("XXC"), Some("white1 other"));
    let again = Tournament::from_trf(&t.to_trf().unwrap()).unwrap();
    assert_eq!(again, t);
    let bare = Tournament::from_trf(&format!("XXC\n{players}")).unwrap();
    assert_eq!(bare.tag("XXC"), Some(""));
}

/// TRF files read the same with LF, CR LF or CR line ends (bbpPairings writes CR), by
/// name (`.trf`) and by content alike; a CR file's line numbers count its CR lines.
#[test]
fn trf_reads_with_every_line_end() {
    let text = fixture("fide_tec_exercise.trf");
    let lf = text.replace("\r\n", "\n");
    let expected = Tournament::from_trf(&lf).unwrap();
    for ends in ["\r\n", "\r"] {
        let other = lf.replace('\n', ends);
        assert_eq!(Tournament::from_trf(&other).unwrap(), expected, "{ends:?}");
        for name in [Some("t.trf"), None] {
            let list = renju_tournament::io::read_bytes(other.as_bytes(), name, None).unwrap();
            assert_eq!(list.len(), 1, "{ends:?} {name:?}");
        }
    }
    let broken = "012 Cup\r001 \u{7}\r";
    let error = Tournament::from_trf(broken).unwrap_err().to_string();
    assert!(error.contains("line 2"), "{error}");
}

/// A knockout paired round by round from its crosstable: the bracket's first round, then
/// the winners by neighbours (a best of three, a tie decided by a tie-break game), until
/// the final; a tied match without its tie-break and a missing match are errors.
#[test]
fn a_knockout_is_paired_round_by_round() {
    use renju_tournament::pairing::tournament_round::{pair_knockout, PairingError};
    use renju_tournament::pairing::Pairing::{Bye, Game as G};
    use ResultKind::*;
    let mut t = Tournament {
        system: Some(System::Knockout),
        ..Tournament::default()
    };
    for i in 1..=6 {
        t.players.push(Player::new(i, format!("P{i}")));
    }
    let boards = |t: &Tournament| pair_knockout(t, None).map(|r| (r.round, r.boards));
    assert_eq!(
        boards(&t).unwrap(),
        (
            1,
            vec![
                Bye { player: 1 },
                G { black: 4, white: 5 },
                Bye { player: 2 },
                G { black: 3, white: 6 }
            ]
        )
    );
    // Round 1: 5 beats 4 2-1; 3 and 6 draw twice, then 6 wins the tie-break game.
    for result in [Win, Loss, Loss] {
        game(&mut t, 1, 4, 5, result);
    }
    let mut tied = t.clone();
    for result in [Draw, Draw] {
        game(&mut tied, 1, 3, 6, result);
    }
    assert_eq!(
        boards(&tied),
        Err(PairingError::Undecided {
            round: 1,
            player: 3,
            opponent: 6
        })
    );
    assert!(matches!(
        boards(&t),
        Err(PairingError::OffBracket { round: 1, .. })
    ));
    for result in [Draw, Draw, Loss] {
        game(&mut t, 1, 3, 6, result);
    }
    assert_eq!(
        boards(&t).unwrap(),
        (2, vec![G { black: 1, white: 5 }, G { black: 2, white: 6 }])
    );
    game(&mut t, 2, 1, 5, Win);
    game(&mut t, 2, 2, 6, Loss);
    assert_eq!(boards(&t).unwrap(), (3, vec![G { black: 1, white: 6 }]));
    game(&mut t, 3, 1, 6, Win);
    assert_eq!(
        boards(&t),
        Err(PairingError::Finished {
            final_round: 3,
            winner: 1
        })
    );
}
