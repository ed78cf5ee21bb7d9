//! Team events: a team round robin and a team Swiss paired and played round by round,
//! line-ups with substitutes, Scheveningen matches, and the checker's board colours
//! from the round's line-up.

use std::collections::HashSet;

use renju_tournament::pairing::matches::{record_bye, record_game};
use renju_tournament::pairing::round_robin::RoundRobinOptions;
use renju_tournament::pairing::teams::{
    check_lineup, match_boards, pair_team_round_robin, pair_team_swiss, scheveningen, TeamMatch,
    TeamPairingError, TeamRound,
};
use renju_tournament::pairing::Pairing;
use renju_tournament::{
    check, standings, HalfPoints, Player, ResultKind, StandingsOptions, Team, TeamPointValues,
    Tournament, TournamentCode, TrfError,
};

/// `teams` teams of `size` players: team `k` has players `size (k - 1) + 1 ...`.
fn teams(count: u32, size: u32) -> Tournament {
    let players = (1..=count * size)
        .map(|id| {
            let mut p = Player::new(id, format!("P{id}"));
            p.team = Some((id - 1) / size + 1);
            p
        })
        .collect();
    let teams = (1..=count)
        .map(|k| Team {
            id: k,
            name: format!("Team {k}"),
            boards: ((k - 1) * size + 1..=k * size).collect(),
            declared_points: None,
            declared_rank: None,
        })
        .collect();
    Tournament {
        players,
        teams,
        ..Tournament::default()
    }
}

/// Plays a round: on every board the player of the lower-numbered team wins (so team 1
/// wins every match); a bye's players get the pairing bye.
fn play(t: &mut Tournament, round: &TeamRound) {
    let team_of = |p: u32| t.players.iter().find(|x| x.id == p).unwrap().team.unwrap();
    let mut games = Vec::new();
    for m in &round.matches {
        for board in &m.boards {
            let (black, white) = board.game().unwrap();
            let result = if team_of(black) < team_of(white) {
                ResultKind::Win
            } else {
                ResultKind::Loss
            };
            games.push((black, white, result));
        }
    }
    for (black, white, result) in games {
        record_game(t, round.round, black, white, result).unwrap();
    }
    if let Some(team) = round.bye {
        let members = t
            .teams
            .iter()
            .find(|x| x.id == team)
            .unwrap()
            .boards
            .clone();
        for p in members {
            record_bye(t, round.round, p, ResultKind::PairingBye).unwrap();
        }
    }
}

fn team_colours(t: &Tournament) -> Vec<String> {
    check(t)
        .into_iter()
        .filter(|f| f.code == TournamentCode::TeamBoardColour)
        .map(|f| f.message)
        .collect()
}

#[test]
fn a_team_round_robin_is_paired_played_and_ranked() {
    let mut t = teams(5, 4);
    let mut met = HashSet::new();
    for round in 1..=5 {
        let r = pair_team_round_robin(&t, None, &RoundRobinOptions::default(), 4, &[]).unwrap();
        assert_eq!(r.round, round);
        assert!(r.bye.is_some(), "five teams: one rests each round");
        for m in &r.matches {
            assert!(met.insert((m.first.min(m.second), m.first.max(m.second))));
            // Board 1: the first-named team's player Black; board 2: the other's.
            let (b1, _) = m.boards[0].game().unwrap();
            let (b2, _) = m.boards[1].game().unwrap();
            assert_eq!(t.player(b1).unwrap().team, Some(m.first));
            assert_eq!(t.player(b2).unwrap().team, Some(m.second));
        }
        play(&mut t, &r);
        assert!(team_colours(&t).is_empty(), "{:?}", team_colours(&t));
    }
    assert_eq!(met.len(), 10);
    let err = pair_team_round_robin(&t, None, &RoundRobinOptions::default(), 4, &[]).unwrap_err();
    assert!(
        matches!(err, TeamPairingError::PastSchedule { round: 6, .. }),
        "{err}"
    );
    let s = standings(&t, &StandingsOptions::default());
    assert!(s.team_event);
    let ids: Vec<u32> = s.rows.iter().map(|r| r.id).collect();
    assert_eq!(ids, [1, 2, 3, 4, 5]);
}

/// A double team round robin of three teams with line-ups: the second cycle repeats the
/// first with the teams' order exchanged (so each team is first-named, and Black on
/// board 1, once against each other team), every round with the line-ups given.
#[test]
fn a_double_team_round_robin_with_line_ups_exchanges_the_first_named_team() {
    let mut t = teams(3, 3);
    let double = RoundRobinOptions {
        double: true,
        reverse_last_two_rounds: false,
    };
    let lineups = vec![(1, vec![1, 3]), (3, vec![8, 9])];
    // The same teams and line-ups as fixtures/tournaments/team_double.trf: the rounds
    // that the C, Python and command-line tests expect too.
    let expected = include_str!("../../fixtures/tournaments/team_double.rounds");
    let mut expected = expected.lines().filter(|l| !l.starts_with('#'));
    let mut first_named = HashSet::new();
    for round in 1..=6 {
        let r = pair_team_round_robin(&t, None, &double, 2, &lineups).unwrap();
        assert_eq!((r.round, r.matches.len()), (round, 1));
        let m = &r.matches[0];
        let games: Vec<String> = (m.boards.iter())
            .map(|b| format!("{}-{}", b.game().unwrap().0, b.game().unwrap().1))
            .collect();
        let line = format!("{} bye {}", games.join(" "), r.bye.unwrap());
        assert_eq!(Some(line.as_str()), expected.next(), "round {round}");
        assert!(first_named.insert((m.first, m.second)), "{m:?}");
        for (team, given) in &lineups {
            let on_board: Vec<u32> = (m.boards.iter())
                .flat_map(|b| [b.game().unwrap().0, b.game().unwrap().1])
                .filter(|&p| t.player(p).unwrap().team == Some(*team))
                .collect();
            if m.first == *team || m.second == *team {
                assert_eq!(&on_board, given, "round {round}");
            }
        }
        play(&mut t, &r);
        assert!(team_colours(&t).is_empty(), "{:?}", team_colours(&t));
    }
    // Every ordered pair of teams once: each met the other twice, first-named once.
    assert_eq!(first_named.len(), 6);
    let past = pair_team_round_robin(&t, None, &double, 2, &lineups).unwrap_err();
    assert!(
        matches!(
            past,
            TeamPairingError::PastSchedule {
                round: 7,
                rounds: 6,
                ..
            }
        ),
        "{past}"
    );
}

/// Line-ups that cannot be taken: each a typed error naming the team and what is wrong.
#[test]
fn bad_line_ups_are_refused_naming_the_team() {
    let t = teams(2, 4);
    let rr = RoundRobinOptions::default();
    type Lineups = Vec<(u32, Vec<u32>)>;
    let cases: [(Lineups, &str); 5] = [
        (
            vec![(9, vec![1, 2])],
            "team 9: the tournament has no such team",
        ),
        (
            vec![(1, vec![1, 1])],
            "team 1's line-up: player 1 is named twice",
        ),
        (
            vec![(1, vec![1, 5])],
            "team 1's line-up: player 5 is not in the team",
        ),
        (
            vec![(2, vec![6, 5])],
            "team 2's line-up: player 5 plays below player 6",
        ),
        (
            vec![(1, vec![1, 2]), (1, vec![1, 3])],
            "team 1's line-up: given twice",
        ),
    ];
    for (lineups, expected) in cases {
        for e in [
            pair_team_round_robin(&t, Some(1), &rr, 2, &lineups).unwrap_err(),
            pair_team_swiss(&t, Some(1), 2, &lineups).unwrap_err(),
        ] {
            assert!(e.to_string().contains(expected), "{e} / {expected}");
        }
    }
}

#[test]
fn a_team_swiss_pairs_by_match_points_without_rematches_or_second_byes() {
    let mut t = teams(7, 2);
    t.system = Some(renju_tournament::System::Swiss);
    let mut met = HashSet::new();
    let mut byes = HashSet::new();
    for round in 1..=5 {
        let r = pair_team_swiss(&t, None, 2, &[]).unwrap();
        assert_eq!(r.round, round);
        assert!(byes.insert(r.bye.unwrap()), "a second bye in round {round}");
        let points = {
            let s = standings(&t, &StandingsOptions::default());
            move |id: u32| s.row(id).map(|r| r.points).unwrap()
        };
        let mut floats = 0;
        for m in &r.matches {
            assert!(
                met.insert((m.first.min(m.second), m.first.max(m.second))),
                "rematch"
            );
            floats += usize::from(points(m.first) != points(m.second));
        }
        // Seven teams: in these rounds at most one match of two score groups.
        assert!(
            floats <= 1 || round > 3,
            "round {round}: {floats} floats: {r:?}"
        );
        play(&mut t, &r);
        assert!(team_colours(&t).is_empty(), "{:?}", team_colours(&t));
    }
    let s = standings(&t, &StandingsOptions::default());
    assert_eq!(s.rows[0].id, 1);
}

#[test]
fn line_ups_with_substitutes_keep_the_order_and_the_checker_reads_them() {
    let mut t = teams(2, 6);
    let lineups = vec![(1, vec![1, 2, 5, 6]), (2, vec![7, 8, 9, 10])];
    let r = pair_team_round_robin(&t, Some(1), &RoundRobinOptions::default(), 4, &lineups).unwrap();
    let m = &r.matches[0];
    // Board 3 is the first team's fifth player, with Black.
    assert_eq!(m.boards[2], Pairing::Game { black: 5, white: 9 });
    assert_eq!(
        m.boards[3],
        Pairing::Game {
            black: 10,
            white: 6
        }
    );
    play(&mut t, &r);
    // Boards 5 and 6 of the list play on boards 3 and 4: no finding.
    assert!(team_colours(&t).is_empty(), "{:?}", team_colours(&t));
    // Colours against the line-up (board 3 with the colours exchanged) are found.
    for c in &mut t.cells {
        if c.player == 5 || c.player == 9 {
            c.color = c.color.map(|x| x.opponent());
        }
    }
    let found = team_colours(&t);
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(found[0].contains("board 3"), "{found:?}");
    let inverted = vec![(1, vec![1, 6, 2, 5])];
    let e = pair_team_round_robin(&t, Some(1), &RoundRobinOptions::default(), 4, &inverted)
        .unwrap_err();
    assert!(e.to_string().contains("team 1's line-up"), "{e}");
    assert!(check_lineup(&t.teams[0], &[1, 13]).is_err());
    let short =
        pair_team_round_robin(&t, Some(1), &RoundRobinOptions::default(), 7, &[]).unwrap_err();
    assert!(
        matches!(short, TeamPairingError::ShortTeam { boards: 7, .. }),
        "{short}"
    );
}

#[test]
fn scheveningen_pairs_everyone_once_with_balanced_colours() {
    for k in 1..=8u32 {
        let a: Vec<u32> = (1..=k).collect();
        let b: Vec<u32> = (k + 1..=2 * k).collect();
        let rounds = scheveningen(&a, &b).unwrap();
        assert_eq!(rounds.len(), k as usize);
        let mut met = HashSet::new();
        let mut blacks = vec![0u32; 2 * k as usize + 1];
        for round in &rounds {
            let mut seen = HashSet::new();
            for board in round {
                let (black, white) = board.game().unwrap();
                assert!(seen.insert(black) && seen.insert(white), "once a round");
                assert!((black <= k) != (white <= k), "across the teams");
                assert!(met.insert((black.min(white), black.max(white))));
                blacks[black as usize] += 1;
            }
        }
        assert_eq!(met.len(), (k * k) as usize);
        for p in 1..=2 * k {
            let b = blacks[p as usize];
            assert!(
                b == k / 2 || b == k.div_ceil(2),
                "k {k}: player {p} has Black {b} times"
            );
        }
    }
    assert!(scheveningen(&[1, 2], &[3]).is_err());
    assert!(scheveningen(&[], &[]).is_err());
}

#[test]
fn team_pairing_errors_are_typed() {
    let t = Tournament::default();
    assert_eq!(
        pair_team_swiss(&t, None, 2, &[]).unwrap_err(),
        TeamPairingError::NotATeamEvent
    );
    let mut two = teams(2, 2);
    let r = pair_team_swiss(&two, None, 2, &[]).unwrap();
    play(&mut two, &r);
    // Two teams that met: no valid second round.
    assert_eq!(
        pair_team_swiss(&two, None, 2, &[]).unwrap_err(),
        TeamPairingError::NoValidPairing { round: 2 }
    );
    assert_eq!(
        pair_team_swiss(&two, None, 0, &[]).unwrap_err(),
        TeamPairingError::NoBoards
    );
}

#[test]
fn king_of_the_hill_says_who_plays_next_until_a_team_is_out() {
    use renju_tournament::pairing::king_of_the_hill::{
        BoutResult, DrawnBout, HillError, HillOutcome, KingOfTheHill,
    };
    // Team A: 1 2 3; team B: 7 8. 1 beats 7, draws with 8 (both leave); 2 then faces
    // nobody: B is out.
    let mut hill = KingOfTheHill::new(vec![1, 2, 3], vec![7, 8], DrawnBout::BothLeave).unwrap();
    assert_eq!(hill.next_bout(), Some(Pairing::Game { black: 1, white: 7 }));
    hill.record(BoutResult::BlackWins).unwrap();
    assert_eq!(hill.next_bout(), Some(Pairing::Game { black: 8, white: 1 }));
    hill.record(BoutResult::Draw).unwrap();
    assert_eq!(hill.outcome(), Some(HillOutcome::Won(0)));
    assert_eq!(hill.remaining(0), [2, 3]);
    assert_eq!(hill.record(BoutResult::Draw), Err(HillError::Over));
    assert_eq!(hill.bouts().len(), 2);
    // A replayed draw exchanges the colours and keeps both players on.
    let mut hill = KingOfTheHill::new(vec![1], vec![7], DrawnBout::Replayed).unwrap();
    hill.record(BoutResult::Draw).unwrap();
    assert_eq!(hill.next_bout(), Some(Pairing::Game { black: 7, white: 1 }));
    hill.record(BoutResult::BlackWins).unwrap();
    assert_eq!(hill.outcome(), Some(HillOutcome::Won(1)));
    // Both last players leaving on a draw: a drawn match.
    let mut hill = KingOfTheHill::new(vec![1], vec![7], DrawnBout::BothLeave).unwrap();
    hill.record(BoutResult::Draw).unwrap();
    assert_eq!(hill.outcome(), Some(HillOutcome::Drawn));
    assert_eq!(
        KingOfTheHill::new(vec![], vec![7], DrawnBout::BothLeave).unwrap_err(),
        HillError::EmptyTeam { team: 0 }
    );
    assert_eq!(
        KingOfTheHill::new(vec![1], vec![1], DrawnBout::BothLeave).unwrap_err(),
        HillError::Repeated { player: 1 }
    );
}

#[test]
fn club_totals_add_the_best_players_of_each_club() {
    use renju_tournament::clubs::club_totals;
    use renju_tournament::HalfPoints;
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../fixtures/tournaments/round_robin.trf"
    ))
    .unwrap();
    let mut t = Tournament::from_trf(&text).unwrap();
    // Ann 3.5 and Eva 0.5 for North; Bob 2, Cid 2.5, Dan 1.5 for South.
    for p in &mut t.players {
        p.federation = Some(if p.id == 1 || p.id == 5 { "NOR" } else { "SOU" }.into());
    }
    let all = club_totals(&t, &StandingsOptions::default(), None);
    assert_eq!(all[0].club, "SOU");
    assert_eq!(all[0].points, HalfPoints(12));
    assert_eq!(all[1].points, HalfPoints(8));
    let best_two = club_totals(&t, &StandingsOptions::default(), Some(2));
    // South's best two: 2.5 + 2 = 4.5 against North's 3.5 + 0.5 = 4.
    assert_eq!(
        best_two
            .iter()
            .map(|c| (c.club.as_str(), c.points, c.rank))
            .collect::<Vec<_>>(),
        [("SOU", HalfPoints(9), 1), ("NOR", HalfPoints(8), 2)]
    );
    assert_eq!(
        best_two[0].players,
        [(3, HalfPoints(5)), (2, HalfPoints(4))]
    );
}

#[test]
fn a_scheveningen_match_played_is_not_taken_for_board_colour_faults() {
    use renju_tournament::pairing::teams::pair_scheveningen;
    let mut t = teams(2, 3);
    for round in 1..=3 {
        let games = pair_scheveningen(&t, None, 3, &[]).unwrap();
        for g in games {
            let (black, white) = g.game().unwrap();
            record_game(&mut t, round, black, white, ResultKind::Draw).unwrap();
        }
    }
    assert!(team_colours(&t).is_empty(), "{:?}", team_colours(&t));
    assert!(pair_scheveningen(&t, None, 3, &[]).is_err());
}

/// The least sum of squared match-point differences over every pairing of `teams`
/// (`(id, half points)`, `None` the bye's phantom of no points) that has no rematch and
/// no second bye: what criterion 3 of the team Swiss must reach.
fn least_cost(
    teams: &[(Option<u32>, i64)],
    met: &HashSet<(u32, u32)>,
    byes: &HashSet<u32>,
) -> Option<i64> {
    let Some((&first, rest)) = teams.split_first() else {
        return Some(0);
    };
    let mut best: Option<i64> = None;
    for k in 0..rest.len() {
        let other = rest[k];
        let allowed = match (first.0, other.0) {
            (Some(a), Some(b)) => !met.contains(&(a.min(b), a.max(b))),
            (Some(a), None) | (None, Some(a)) => !byes.contains(&a),
            (None, None) => false,
        };
        if !allowed {
            continue;
        }
        let mut left: Vec<(Option<u32>, i64)> = rest.to_vec();
        left.remove(k);
        if let Some(cost) = least_cost(&left, met, byes) {
            let d = first.1 - other.1;
            let total = cost + d * d;
            best = Some(best.map_or(total, |b| b.min(total)));
        }
    }
    best
}

#[test]
fn the_team_swiss_reaches_the_least_match_point_differences() {
    let mut seed: u64 = 0x2026;
    let mut next = move || {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        seed >> 33
    };
    let mut rounds_checked = 0;
    for n in 4..=9u32 {
        for _ in 0..6 {
            let mut t = teams(n, 1);
            t.system = Some(renju_tournament::System::Swiss);
            let (mut met, mut byes) = (HashSet::new(), HashSet::new());
            for round in 1..=4 {
                let points: Vec<(Option<u32>, i64)> = {
                    let s = standings(&t, &StandingsOptions::default());
                    let mut list: Vec<(Option<u32>, i64)> =
                        s.rows.iter().map(|r| (Some(r.id), r.points.0)).collect();
                    if n % 2 == 1 {
                        list.push((None, 0));
                    }
                    list
                };
                let best = least_cost(&points, &met, &byes);
                let paired = match pair_team_swiss(&t, None, 1, &[]) {
                    Ok(paired) => paired,
                    Err(TeamPairingError::NoValidPairing { .. }) => {
                        assert_eq!(best, None, "a valid pairing exists");
                        break;
                    }
                    Err(e) => panic!("{e}"),
                };
                let mp = |id: u32| points.iter().find(|p| p.0 == Some(id)).unwrap().1;
                let mut cost = 0;
                for m in &paired.matches {
                    let d = mp(m.first) - mp(m.second);
                    cost += d * d;
                    met.insert((m.first.min(m.second), m.first.max(m.second)));
                }
                if let Some(b) = paired.bye {
                    cost += mp(b) * mp(b);
                    assert!(byes.insert(b), "a second bye");
                }
                assert_eq!(Some(cost), best, "{n} teams, round {round}: {paired:?}");
                rounds_checked += 1;
                // Random results: a win, a loss or a draw on the one board.
                for m in &paired.matches {
                    let (black, white) = m.boards[0].game().unwrap();
                    let result = [ResultKind::Win, ResultKind::Draw, ResultKind::Loss]
                        [(next() % 3) as usize];
                    record_game(&mut t, round, black, white, result).unwrap();
                }
                if let Some(b) = paired.bye {
                    record_bye(&mut t, round, b, ResultKind::PairingBye).unwrap();
                }
            }
        }
    }
    assert!(rounds_checked >= 100, "{rounds_checked} rounds checked");
}

#[test]
fn a_team_swiss_names_first_the_team_first_named_fewer_times() {
    let mut t = teams(4, 2);
    t.system = Some(renju_tournament::System::Swiss);
    // Round 1: team 1 first against team 2, team 3 first against team 4; teams 1 and 4
    // win both boards.
    let r1 = TeamRound {
        round: 1,
        matches: vec![
            TeamMatch {
                first: 1,
                second: 2,
                boards: match_boards(&[1, 2], &[3, 4]).unwrap(),
            },
            TeamMatch {
                first: 4,
                second: 3,
                boards: match_boards(&[7, 8], &[5, 6]).unwrap(),
            },
        ],
        bye: None,
    };
    // Team 4 is first-named in round 1 here; play() lets the lower team win, so team 3
    // beats 4 and team 1 beats 2: 1 and 3 lead.
    play(&mut t, &r1);
    let r2 = pair_team_swiss(&t, None, 2, &[]).unwrap();
    let pairs: Vec<(u32, u32)> = r2.matches.iter().map(|m| (m.first, m.second)).collect();
    // 1 and 3 (one win each) meet: 3 was not first-named, 1 was: 3 is named first. 2
    // and 4: 4 was first-named, 2 was not: 2 first.
    assert_eq!(pairs, [(3, 1), (2, 4)], "{r2:?}");
}

/// TRF-26 `362`, the team score system: read, written back, scoring the matches; a line
/// that cannot be read is refused naming its line.
#[test]
fn the_team_score_system_362_is_read_written_back_and_scores_the_matches() {
    let file = include_str!("../../fixtures/tournaments/team_entries.trf");
    let mut t = Tournament::from_trf(file).unwrap();
    for _ in 1..=3 {
        let r = pair_team_round_robin(&t, None, &RoundRobinOptions::default(), 2, &[]).unwrap();
        play(&mut t, &r);
    }
    let plain = standings(&t, &StandingsOptions::default());
    // Team 1 won its three matches: 3 match points at 1 a win.
    assert_eq!((plain.rows[0].id, plain.rows[0].points), (1, HalfPoints(6)));

    let text = t.to_trf().unwrap();
    let with = text.replacen("XXR 3\n", "XXR 3\n362 TD 1.0  TW 3.0\n", 1);
    let scored = Tournament::from_trf(&with).unwrap();
    assert_eq!(
        scored.team_score_system.as_deref(),
        Some("TW 3.0 TD 1.0 TL 0.0")
    );
    assert_eq!(
        scored.team_point_values(),
        TeamPointValues {
            win: HalfPoints(6),
            draw: HalfPoints(2),
            loss: HalfPoints(0)
        }
    );
    let written = scored.to_trf().unwrap();
    assert!(
        written.contains("\n362 TW 3.0 TD 1.0 TL 0.0\n"),
        "{written}"
    );
    assert_eq!(Tournament::from_trf(&written).unwrap(), scored);
    let json = serde_json::to_string(&scored).unwrap();
    assert_eq!(serde_json::from_str::<Tournament>(&json).unwrap(), scored);
    let s = standings(&scored, &StandingsOptions::default());
    let points: Vec<(u32, HalfPoints)> = s.rows.iter().map(|r| (r.id, r.points)).collect();
    let plain: Vec<(u32, HalfPoints)> = plain.rows.iter().map(|r| (r.id, r.points)).collect();
    // Wins at 3: team 1 has 9, team 2 6, team 3 3, team 4 none; the order is kept.
    assert_eq!(
        points,
        [
            (1, HalfPoints(18)),
            (2, HalfPoints(12)),
            (3, HalfPoints(6)),
            (4, HalfPoints(0))
        ]
    );
    assert_eq!(plain.iter().map(|p| p.0).collect::<Vec<_>>(), [1, 2, 3, 4]);

    // Set by hand (or in JSON) and unreadable: a finding, and 1, ½, 0.
    let mut by_hand = scored.clone();
    by_hand.team_score_system = Some("TW lots".into());
    let s = standings(&by_hand, &StandingsOptions::default());
    assert_eq!(s.rows[0].points, HalfPoints(6));
    assert!(
        (s.findings.iter()).any(|f| f.message.contains("team score system (record 362)")),
        "{:?}",
        s.findings
    );
    // Written, such text is left out: the file still reads (with 1, ½, 0).
    for text in ["TW lots", "TW 1000"] {
        by_hand.team_score_system = Some(text.into());
        let written = by_hand.to_trf().unwrap();
        assert!(!written.contains("\n362"), "{text}: {written}");
        let read = Tournament::from_trf(&written).unwrap();
        assert_eq!(read.team_score_system, None);
    }

    // Hostile lines: each refused with the line number and what is wrong.
    let line = with.lines().position(|l| l.starts_with("362")).unwrap() + 1;
    for (record, message) in [
        ("362 TX 3.0", "\"TX\" is not a code of a team score system"),
        ("362 TW", "TW has no points after it"),
        ("362 TW three", "TW: "),
        ("362 TW 2.25", "TW: "),
        ("362 TW -1.0", "TW: -1.0 is below zero"),
        ("362 TW 2.0 TW 3.0", "TW is given twice"),
        ("362", "no match points"),
        ("362 TW 100.0", "match points of 100 or more"),
        ("362    3    4", "\"3\" is not a code"),
    ] {
        let hostile = with.replacen("362 TD 1.0  TW 3.0", record, 1);
        let e = Tournament::from_trf(&hostile).unwrap_err();
        assert!(
            matches!(&e, TrfError::Line { line: l, message: m } if *l == line && m.starts_with("362: ") && m.contains(message)),
            "{record}: {e}"
        );
    }
}
