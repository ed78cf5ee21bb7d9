//! King of the hill of more than two teams: the rotation (the winner stays, the next
//! challenger from the next team with players left), the ranking by how late each
//! team's play ended, the two-team match reproduced bout for bout, and the crosstable
//! replay refusing a player who plays again after leaving and one out of the line-up's
//! order.

use renju_tournament::pairing::king_of_the_hill::{
    next_bout_and_winner, BoutResult, DrawnBout, HillError, HillEvent, HillOutcome, HillPlace,
    KingOfTheHill,
};
use renju_tournament::pairing::matches::record_game;
use renju_tournament::pairing::Pairing;
use renju_tournament::{ResultKind, Tournament};

fn game(black: u32, white: u32) -> Option<Pairing> {
    Some(Pairing::Game { black, white })
}

/// The tournament of `fixtures/tournaments/NAME`.
fn fixture(name: &str) -> Tournament {
    let path = format!(
        "{}/../fixtures/tournaments/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    Tournament::from_trf(&std::fs::read_to_string(path).unwrap()).unwrap()
}

fn place(place: u32, team: u32, out_after: Option<u32>) -> HillPlace {
    HillPlace {
        place,
        team,
        out_after,
    }
}

/// Three teams, the higher id winning every bout: the rotation skips the winner's team
/// and the teams that are out, and the ranking follows the order the teams went out.
#[test]
fn three_teams_rotate_and_are_ranked_by_how_late_their_play_ended() {
    let teams = vec![(1, vec![1, 2]), (2, vec![3, 4]), (3, vec![5, 6])];
    let mut hill = HillEvent::new(teams, DrawnBout::BothLeave).unwrap();
    let mut played = Vec::new();
    while let Some(bout) = hill.next_bout() {
        let (black, white) = bout.game().unwrap();
        played.push((black, white, hill.next_teams().unwrap()));
        assert!(hill.ranking().is_none());
        hill.record(if black > white {
            BoutResult::BlackWins
        } else {
            BoutResult::WhiteWins
        })
        .unwrap();
    }
    assert_eq!(
        played,
        [
            (1, 3, (1, 2)),
            // 3 stays, Black now; the next team after team 2: team 3.
            (3, 5, (2, 3)),
            // 5 stays; after team 3 comes team 1.
            (5, 2, (3, 1)),
            // Team 1 is out; after it comes team 2 (team 3 holds the hill).
            (4, 5, (2, 3)),
        ]
    );
    assert_eq!(
        hill.ranking().unwrap(),
        [
            place(1, 3, None),
            place(2, 2, Some(4)),
            place(3, 1, Some(3))
        ]
    );
    assert_eq!(hill.winner(), Some(3));
    assert_eq!(hill.remaining(3), [5, 6]);
    assert_eq!(hill.remaining(1), [] as [u32; 0]);
    assert_eq!(hill.bouts().len(), 4);
    assert_eq!(hill.bouts()[1].black_team, 2);
    assert_eq!(hill.record(BoutResult::Draw), Err(HillError::Over));
}

/// Four teams: a team that is out loses its turn in the rotation; the others keep the
/// order 1, 2, 3, 4.
#[test]
fn four_teams_skip_a_team_that_is_out() {
    let teams = vec![
        (1, vec![1, 2]),
        (2, vec![3]),
        (3, vec![5, 6]),
        (4, vec![7, 8]),
    ];
    let mut hill = HillEvent::new(teams, DrawnBout::BothLeave).unwrap();
    hill.record(BoutResult::BlackWins).unwrap(); // 1 beats 3: team 2 is out
    assert_eq!(hill.next_teams(), Some((3, 1)));
    hill.record(BoutResult::WhiteWins).unwrap(); // 1 beats 5
    assert_eq!(hill.next_teams(), Some((1, 4)));
    hill.record(BoutResult::WhiteWins).unwrap(); // 7 beats 1
                                                 // After team 4: team 1 (its 2); then team 2 is out and skipped: team 3.
    assert_eq!(hill.next_teams(), Some((4, 1)));
    assert_eq!(hill.next_bout(), game(7, 2));
    hill.record(BoutResult::WhiteWins).unwrap(); // 2 beats 7, Black now
    assert_eq!(hill.next_teams(), Some((1, 3)));
    assert_eq!(hill.next_bout(), game(2, 6));
}

/// A drawn bout with both leaving: the next two teams in the rotation come on, the one
/// earlier in the order with Black; teams out in the same bout share the place.
#[test]
fn a_drawn_bout_brings_on_the_next_two_teams_and_teams_out_together_share_a_place() {
    let teams = vec![(1, vec![1, 2]), (2, vec![3, 4]), (3, vec![5])];
    let mut hill = HillEvent::new(teams, DrawnBout::BothLeave).unwrap();
    hill.record(BoutResult::Draw).unwrap(); // 1 and 3 leave
                                            // After team 2 come teams 3 and 1: team 1, earlier in the order, has Black.
    assert_eq!(hill.next_bout(), game(2, 5));
    hill.record(BoutResult::Draw).unwrap(); // 2 and 5 leave: teams 1 and 3 are out
    assert!(hill.is_over());
    assert_eq!(
        hill.ranking().unwrap(),
        [
            place(1, 2, None),
            place(2, 1, Some(2)),
            place(2, 3, Some(2))
        ]
    );
    // Replayed draws: the same players, the colours exchanged.
    let teams = vec![(1, vec![1]), (2, vec![3]), (3, vec![5])];
    let mut hill = HillEvent::new(teams, DrawnBout::Replayed).unwrap();
    hill.record(BoutResult::Draw).unwrap();
    assert_eq!(hill.next_bout(), game(3, 1));
    // The last two out in one draw: nobody is left, and they share the first place.
    let teams = vec![(1, vec![1]), (2, vec![3, 4]), (3, vec![5])];
    let mut hill = HillEvent::new(teams, DrawnBout::BothLeave).unwrap();
    hill.record(BoutResult::BlackWins).unwrap(); // team 2's 3 leaves
    hill.record(BoutResult::WhiteWins).unwrap(); // 1 beats 5: team 3 is out
    assert_eq!(hill.next_bout(), game(1, 4));
    hill.record(BoutResult::Draw).unwrap();
    assert_eq!(
        hill.ranking().unwrap(),
        [
            place(1, 1, Some(3)),
            place(1, 2, Some(3)),
            place(3, 3, Some(2))
        ]
    );
}

/// With two teams the event is the two-team match bout for bout, whatever the results
/// and the draw rule (many pseudo-random result sequences and line-up lengths).
#[test]
fn two_teams_play_as_the_two_team_match() {
    let mut state = 0x2545_f491_u64;
    for case in 0..400 {
        let draws = if case % 2 == 0 {
            DrawnBout::BothLeave
        } else {
            DrawnBout::Replayed
        };
        let (m, n) = (1 + case % 4, 1 + (case / 4) % 5);
        let a: Vec<u32> = (1..=m).collect();
        let b: Vec<u32> = (100..100 + n).collect();
        let mut two = KingOfTheHill::new(a.clone(), b.clone(), draws).unwrap();
        let mut many = HillEvent::new(vec![(1, a), (2, b)], draws).unwrap();
        for _ in 0..40 {
            assert_eq!(two.next_bout(), many.next_bout(), "case {case}");
            if two.next_bout().is_none() {
                break;
            }
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1);
            let result = match (state >> 33) % 3 {
                0 => BoutResult::BlackWins,
                1 => BoutResult::WhiteWins,
                _ => BoutResult::Draw,
            };
            two.record(result).unwrap();
            many.record(result).unwrap();
        }
        if let Some(outcome) = two.outcome() {
            let ranking = many.ranking().unwrap();
            match outcome {
                HillOutcome::Won(k) => {
                    assert_eq!(ranking[0].team, k as u32 + 1);
                    assert_eq!((ranking[0].place, ranking[1].place), (1, 2));
                }
                HillOutcome::Drawn => {
                    assert_eq!((ranking[0].place, ranking[1].place), (1, 1));
                }
            }
        }
    }
}

#[test]
fn bad_events_are_refused() {
    let one = HillEvent::new(vec![(1, vec![1])], DrawnBout::BothLeave);
    assert_eq!(one.unwrap_err(), HillError::TooFewTeams { teams: 1 });
    let twice = HillEvent::new(vec![(1, vec![1]), (1, vec![2])], DrawnBout::BothLeave);
    assert_eq!(twice.unwrap_err(), HillError::RepeatedTeam { team: 1 });
    let shared = HillEvent::new(
        vec![(1, vec![1]), (2, vec![2]), (3, vec![1])],
        DrawnBout::BothLeave,
    );
    assert_eq!(shared.unwrap_err(), HillError::Repeated { player: 1 });
    let empty = HillEvent::new(vec![(1, vec![1]), (2, vec![])], DrawnBout::BothLeave);
    assert_eq!(empty.unwrap_err(), HillError::EmptyTeamOf { team: 2 });
}

/// The three-team fixture played from its crosstable, then the crosstable checked: a
/// player who left playing again, one coming on before a teammate placed earlier, and
/// another pairing are each refused with the round and the players.
#[test]
fn the_crosstable_replay_catches_a_player_back_and_a_line_up_out_of_order() {
    let file = include_str!("../../fixtures/tournaments/three_teams.trf");
    let mut t = Tournament::from_trf(file).unwrap();
    let mut round = 0;
    loop {
        let hill = HillEvent::from_tournament(&t, &[], &[], DrawnBout::BothLeave).unwrap();
        let Some((black, white)) = hill.next_bout().and_then(Pairing::game) else {
            break;
        };
        round += 1;
        let result = if black > white {
            ResultKind::Win
        } else {
            ResultKind::Loss
        };
        record_game(&mut t, round, black, white, result).unwrap();
    }
    let hill = HillEvent::from_tournament(&t, &[], &[], DrawnBout::BothLeave).unwrap();
    let order: Vec<u32> = hill.ranking().unwrap().iter().map(|p| p.team).collect();
    assert_eq!(order, [3, 2, 1]);

    // Round 5, after the event: player 1, who lost in round 1, plays again.
    let mut back = t.clone();
    record_game(&mut back, 5, 1, 6, ResultKind::Win).unwrap();
    assert_eq!(
        HillEvent::from_tournament(&back, &[], &[], DrawnBout::BothLeave).unwrap_err(),
        HillError::PlaysAgain {
            round: 5,
            player: 1,
            left_in: 1
        }
    );
    let mut back = Tournament::from_trf(file).unwrap();
    record_game(&mut back, 1, 1, 3, ResultKind::Loss).unwrap();
    record_game(&mut back, 2, 1, 5, ResultKind::Loss).unwrap();
    let e = HillEvent::from_tournament(&back, &[], &[], DrawnBout::BothLeave).unwrap_err();
    assert_eq!(
        e,
        HillError::PlaysAgain {
            round: 2,
            player: 1,
            left_in: 1
        }
    );
    assert!(e
        .to_string()
        .contains("player 1 plays again, having left in round 1"));

    // Round 1: South's second player comes on before its first.
    let mut early = Tournament::from_trf(file).unwrap();
    record_game(&mut early, 1, 1, 4, ResultKind::Win).unwrap();
    let e = HillEvent::from_tournament(&early, &[], &[], DrawnBout::BothLeave).unwrap_err();
    assert_eq!(
        e,
        HillError::OutOfOrder {
            round: 1,
            player: 4,
            team: 2,
            expected: 3
        }
    );
    // The same game with South's line-up given as 4, 3: in order.
    let lineups = [(2, vec![4, 3])];
    assert!(HillEvent::from_tournament(&early, &lineups, &[], DrawnBout::BothLeave).is_ok());

    // Line-ups of a team the file does not have, or of a player not in the team.
    for (lineups, message) in [
        (
            [(9, vec![1])],
            "a line-up for team 9: the tournament has no such team",
        ),
        (
            [(2, vec![3, 5])],
            "team 2's line-up: player 5 is not in the team",
        ),
    ] {
        let e =
            HillEvent::from_tournament(&early, &lineups, &[], DrawnBout::BothLeave).unwrap_err();
        assert_eq!(e, HillError::Teams(message.into()));
    }

    // Round 2: the right players of team 3 and team 2 but the wrong challenger team.
    let mut wrong = Tournament::from_trf(file).unwrap();
    record_game(&mut wrong, 1, 1, 3, ResultKind::Win).unwrap();
    record_game(&mut wrong, 2, 4, 1, ResultKind::Win).unwrap();
    let e = HillEvent::from_tournament(&wrong, &[], &[], DrawnBout::BothLeave).unwrap_err();
    assert_eq!(
        e,
        HillError::OffOrder {
            round: 2,
            black: 5,
            white: 1
        }
    );
}

/// Line-ups for a team the file does not have, two for one team, or naming a player not
/// in the team are refused, with two teams (the two-team match) as with more.
#[test]
fn bad_line_ups_are_refused_with_two_teams_as_with_more() {
    let (two, three) = (fixture("two_teams.trf"), fixture("three_teams.trf"));
    for (t, member) in [
        (&two, two.teams[0].boards[0]),
        (&three, three.teams[0].boards[0]),
    ] {
        let first = t.teams[0].id;
        for (lineups, why) in [
            (vec![(99, vec![member])], "no such team"),
            (
                vec![(first, vec![member]), (first, vec![member])],
                "two line-ups",
            ),
            (
                vec![(first, vec![member, 999])],
                "player 999 is not in the team",
            ),
        ] {
            let message = |e: HillError| e.to_string();
            let events = HillEvent::from_tournament(t, &lineups, &[], DrawnBout::BothLeave);
            assert!(events.map_err(message).unwrap_err().contains(why), "{why}");
            if t.teams.len() == 2 {
                let hill = KingOfTheHill::from_tournament(t, &lineups, &[], DrawnBout::BothLeave);
                assert!(hill.map_err(message).unwrap_err().contains(why), "{why}");
            }
        }
    }
}

/// Plays the king of the hill of `t` to its end from `order`, the higher id winning
/// every bout; the bouts as played and the winner.
fn play_out(t: &mut Tournament, order: &[u32]) -> (Vec<(u32, u32)>, Option<u32>) {
    let mut bouts = Vec::new();
    loop {
        let (bout, winner) = next_bout_and_winner(t, &[], order, DrawnBout::BothLeave).unwrap();
        let Some((black, white)) = bout.and_then(Pairing::game) else {
            return (bouts, winner);
        };
        bouts.push((black, white));
        let result = if black > white {
            ResultKind::Win
        } else {
            ResultKind::Loss
        };
        let round = u32::try_from(bouts.len()).unwrap();
        record_game(t, round, black, white, result).unwrap();
    }
}

/// A rotation order given (as drawn by lots): the teams come on in it, the first bout
/// is its first two teams', and the ranking and the winner follow; with two teams the
/// order's first team has Black in the first bout and the winner is named by its id.
#[test]
fn a_rotation_order_given_decides_who_comes_on_first() {
    let mut t = fixture("three_teams.trf");
    let (bouts, winner) = play_out(&mut t, &[3, 1, 2]);
    // East's 5 against North's 1, then South's 3 against 5, North's 2 against 5...
    assert_eq!(bouts[..3], [(5, 1), (3, 5), (5, 2)]);
    assert_eq!(winner, Some(3));
    let hill = HillEvent::from_tournament(&t, &[], &[3, 1, 2], DrawnBout::BothLeave).unwrap();
    let teams: Vec<u32> = hill.ranking().unwrap().iter().map(|p| p.team).collect();
    assert_eq!(teams, [3, 2, 1]);
    // The same crosstable is not the event by id order: its first bout is 1 against 3.
    let by_id = HillEvent::from_tournament(&t, &[], &[], DrawnBout::BothLeave).unwrap_err();
    assert_eq!(
        by_id,
        HillError::OffOrder {
            round: 1,
            black: 1,
            white: 3
        }
    );

    for (order, first_bout) in [(vec![2, 1], (4, 1)), (vec![1, 2], (1, 4)), (vec![], (1, 4))] {
        let mut t = fixture("two_teams.trf");
        let (bouts, winner) = play_out(&mut t, &order);
        assert_eq!((bouts[0], winner), (first_bout, Some(2)), "{order:?}");
    }
}

/// An order naming a team the file does not have, naming one twice or leaving one out
/// is refused naming the team, with two teams as with more.
#[test]
fn a_rotation_order_that_is_not_the_teams_each_once_is_refused() {
    let (two, three) = (fixture("two_teams.trf"), fixture("three_teams.trf"));
    for (t, order, refused) in [
        (
            &three,
            vec![1, 2, 9],
            HillError::OrderUnknownTeam { team: 9 },
        ),
        (
            &three,
            vec![1, 2, 1, 3],
            HillError::OrderRepeatedTeam { team: 1 },
        ),
        (&three, vec![3, 1], HillError::OrderMissingTeam { team: 2 }),
        (&two, vec![2, 7], HillError::OrderUnknownTeam { team: 7 }),
        (&two, vec![2, 2], HillError::OrderRepeatedTeam { team: 2 }),
        (&two, vec![2], HillError::OrderMissingTeam { team: 1 }),
    ] {
        let e = next_bout_and_winner(t, &[], &order, DrawnBout::BothLeave).unwrap_err();
        assert_eq!(e, refused, "{order:?}");
        let e = HillEvent::from_tournament(t, &[], &order, DrawnBout::Replayed).unwrap_err();
        assert_eq!(e, refused, "{order:?}");
    }
    let e = HillError::OrderMissingTeam { team: 2 }.to_string();
    assert_eq!(
        e,
        "the rotation order leaves out team 2: name every team once"
    );
}
