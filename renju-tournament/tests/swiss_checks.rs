//! The Swiss pairing rules checked over whole crosstables: every planted fault is found,
//! and a crosstable that keeps the rules gives no such finding.

use renju_core::geometry::Color;
use renju_tournament::{
    check, CrosstableCell, Player, ResultKind, System, Tournament, TournamentCode,
};

/// A Swiss of `players` players and `rounds` rounds with the given games: `(round,
/// white, black, result for White)`, and pairing byes `(round, player)`.
fn swiss(
    players: u32,
    rounds: u32,
    games: &[(u32, u32, u32, ResultKind)],
    byes: &[(u32, u32)],
) -> Tournament {
    let mut t = Tournament {
        system: Some(System::Swiss),
        rounds,
        players: (1..=players)
            .map(|i| Player::new(i, format!("P{i}")))
            .collect(),
        ..Tournament::default()
    };
    let other = |r: ResultKind| match r {
        ResultKind::Win => ResultKind::Loss,
        ResultKind::Loss => ResultKind::Win,
        ResultKind::ForfeitWin => ResultKind::ForfeitLoss,
        ResultKind::ForfeitLoss => ResultKind::ForfeitWin,
        r => r,
    };
    let seat = |round, player, opponent, color, result| CrosstableCell {
        round,
        player,
        opponent,
        color,
        result,
        board: None,
    };
    for &(round, white, black, result) in games {
        let played = result.is_played();
        let colour = |c| played.then_some(c);
        t.cells.push(seat(
            round,
            white,
            Some(black),
            colour(Color::White),
            result,
        ));
        t.cells.push(seat(
            round,
            black,
            Some(white),
            colour(Color::Black),
            other(result),
        ));
    }
    for &(round, player) in byes {
        t.cells
            .push(seat(round, player, None, None, ResultKind::PairingBye));
    }
    t
}

fn codes(t: &Tournament, code: TournamentCode) -> Vec<(Option<u32>, Option<u32>, String)> {
    check(t)
        .into_iter()
        .filter(|f| f.code == code)
        .map(|f| (f.round, f.player, f.message))
        .collect()
}

use ResultKind::{Draw, ForfeitWin, Loss, Win};

#[test]
fn a_rematch_is_found_once_and_a_forfeit_is_no_meeting() {
    // 1-2 play in rounds 1 and 3; 3-4 forfeit in round 1 and play in round 2.
    let t = swiss(
        4,
        3,
        &[
            (1, 1, 2, Win),
            (1, 3, 4, ForfeitWin),
            (2, 4, 3, Draw),
            (2, 2, 1, Loss),
            (3, 1, 2, Draw),
        ],
        &[],
    );
    let found = codes(&t, TournamentCode::Rematch);
    assert_eq!(found.len(), 2, "{found:?}");
    assert_eq!((found[0].0, found[0].1), (Some(2), Some(1)), "{found:?}");
    assert!(found[0].2.contains("they played in round 1"), "{found:?}");
    assert_eq!(found[1].0, Some(3));
}

#[test]
fn pairing_byes_follow_the_rules() {
    // Round 1: two byes; round 2: player 5 gets a second one; round 3: player 1, who won
    // by forfeit in round 2, gets one.
    let t = swiss(
        5,
        3,
        &[
            (1, 1, 2, Win),
            (1, 3, 4, Win),
            (2, 1, 2, ForfeitWin),
            (2, 3, 4, Draw),
            (3, 2, 3, Win),
            (3, 4, 5, Win),
        ],
        &[(1, 5), (1, 4), (2, 5), (3, 1)],
    );
    let found = codes(&t, TournamentCode::PairingBye);
    let rounds: Vec<(Option<u32>, Option<u32>)> = found.iter().map(|f| (f.0, f.1)).collect();
    assert_eq!(
        rounds,
        [(Some(1), None), (Some(2), Some(5)), (Some(3), Some(1))],
        "{found:?}"
    );
    assert!(found[0].2.contains("2 pairing byes"), "{found:?}");
    assert!(
        found[2].2.contains("after a forfeit win in round 2"),
        "{found:?}"
    );
}

#[test]
fn colours_run_and_difference_outside_the_final_rounds_topscorers() {
    // Player 1 has White in rounds 1 to 3: the third is a fault. Player 3 scores 2 of 2
    // (a topscorer) and gets Black a third time in the final round: spared, as is
    // player 4, who meets player 3 with White a third time.
    let t = swiss(
        6,
        3,
        &[
            (1, 1, 2, Loss),
            (1, 4, 3, Loss),
            (1, 5, 6, Draw),
            (2, 1, 5, Loss),
            (2, 6, 4, Draw),
            (2, 2, 3, Loss),
            (3, 1, 6, Draw),
            (3, 4, 3, Loss),
            (3, 5, 2, Draw),
        ],
        &[],
    );
    let found = codes(&t, TournamentCode::ColourRule);
    let who: Vec<(Option<u32>, Option<u32>)> = found.iter().map(|f| (f.0, f.1)).collect();
    assert_eq!(who, [(Some(3), Some(1))], "{found:?}");
    assert!(
        found[0].2.contains("White a third time running"),
        "{found:?}"
    );
    // Not a Swiss: no such check.
    let mut rr = t.clone();
    rr.system = Some(System::RoundRobin);
    assert!(codes(&rr, TournamentCode::ColourRule).is_empty());
}

#[test]
fn a_colour_difference_past_two_is_found() {
    // Player 1: W, B, W, W... no three running, but W B W W W is; make W W B W W: the
    // difference reaches +3 in round 5 without three running.
    let t = swiss(
        2 + 10,
        6,
        &[
            (1, 1, 3, Draw),
            (2, 1, 4, Draw),
            (3, 5, 1, Draw),
            (4, 1, 6, Draw),
            (5, 1, 7, Draw),
            (6, 8, 9, Draw),
        ],
        &[],
    );
    let found = codes(&t, TournamentCode::ColourRule);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!((found[0].0, found[0].1), (Some(5), Some(1)));
    assert!(found[0].2.contains("colour difference of +3"), "{found:?}");
}

#[test]
fn the_final_rounds_topscorers_are_counted_under_the_point_system() {
    // Player 1: a win and three draws before the final round, in which they have Black
    // a third time. Under 1, ½, 0 that is 2½ of 4, more than half: a topscorer, spared.
    // Under 3/1/0 it is 6 of 12, not more than half: the third Black is a fault.
    let games = [
        (1, 1, 2, Win),
        (2, 1, 3, Draw),
        (3, 4, 1, Draw),
        (4, 5, 1, Draw),
        (5, 6, 1, Draw),
    ];
    let mut t = swiss(6, 5, &games, &[]);
    assert!(codes(&t, TournamentCode::ColourRule).is_empty());
    t.score_system = Some("W 3.0    D 1.0".into());
    let found = codes(&t, TournamentCode::ColourRule);
    let who: Vec<(Option<u32>, Option<u32>)> = found.iter().map(|f| (f.0, f.1)).collect();
    assert_eq!(who, [(Some(5), Some(1))], "{found:?}");
}
