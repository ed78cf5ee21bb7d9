//! A Swiss tournament played from the bytes, each round paired by the Dutch system.
//!
//! Properties: nothing panics; a round is paired or refused with a typed error (no
//! valid pairing when forbidden pairs, rematches or colours leave none); a paired round
//! seats every player present exactly once, gives at most one pairing bye, and the bye
//! only to a player who never had one; no two players who played each other meet again
//! (a forfeited game does not count as met); the tournament, checked again round by
//! round, is the Dutch pairing of itself (the check agrees with the pairing); the
//! crosstable gives no second-bye finding.
//!
//! Input: the first byte gives the players (2 to 25), the second the rounds (1 to 8),
//! the third the initial colour (its low bit) and how many forbidden pairs follow (its
//! other bits, 0 to 7), then two bytes per forbidden pair; then, round by round, one byte
//! per board: its two low bits the result (a win for White, a draw, a win for Black, a
//! forfeit), its next bit whether the board's White is absent from the next round (a
//! zero-point bye entered before it is paired). The tournament ends with the round in
//! which the bytes do (its boards left without a byte drawn).

use std::collections::HashSet;

use renju_core::Color;
use renju_tournament::pairing::dutch::{check_dutch, pair_dutch, DutchError};
use renju_tournament::pairing::Pairing;
use renju_tournament::{CrosstableCell, Player, ResultKind, Tournament, TournamentCode};

/// Checks the Swiss tournament played from `data`.
pub fn check(data: &[u8]) {
    let Some((mut t, rounds, mut bytes)) = setup(data) else {
        return;
    };
    let mut played: HashSet<(u32, u32)> = HashSet::new();
    let mut byes = HashSet::new();
    for round in 1..=rounds {
        let paired = match pair_dutch(&t) {
            Ok(paired) => paired,
            Err(DutchError::NoValidPairing) => return,
            Err(e) => panic!("round {round}: {e}"),
        };
        assert_eq!(paired.round, round);
        let absent: HashSet<u32> = t
            .cells
            .iter()
            .filter(|c| c.round == round)
            .map(|c| c.player)
            .collect();
        let mut seated = HashSet::new();
        for board in &paired.boards {
            match *board {
                Pairing::Game { black, white } => {
                    let pair = (black.min(white), black.max(white));
                    assert!(!played.contains(&pair), "a rematch");
                    assert!(seated.insert(black) && seated.insert(white), "seated twice");
                }
                Pairing::Bye { player } => {
                    assert!(byes.insert(player), "a second pairing bye");
                    assert!(seated.insert(player), "seated twice");
                }
            }
        }
        let present = t.players.len() - absent.len();
        assert_eq!(seated.len(), present, "not every player present is seated");
        assert!(seated.is_disjoint(&absent), "an absent player is paired");
        bytes = play(&mut t, round, &paired.boards, bytes);
        for c in t
            .cells
            .iter()
            .filter(|c| c.round == round && c.result.is_played())
        {
            let o = c.opponent.expect("a game has an opponent");
            played.insert((c.player.min(o), c.player.max(o)));
        }
        if bytes.is_empty() {
            break;
        }
    }
    assert_eq!(
        check_dutch(&t).map(|d| d.len()),
        Ok(0),
        "the check disagrees with the pairing"
    );
    let findings = renju_tournament::check(&t);
    for f in &findings {
        assert!(f.code != TournamentCode::PairingBye, "{f:?}");
    }
}

/// The tournament before round 1, its rounds and the bytes left for the results.
fn setup(data: &[u8]) -> Option<(Tournament, u32, &[u8])> {
    let [players, rounds, setup, rest @ ..] = data else {
        return None;
    };
    let players = 2 + u32::from(*players) % 24;
    let rounds = 1 + u32::from(*rounds) % 8;
    let mut t = Tournament {
        rounds,
        players: (1..=players)
            .map(|id| Player::new(id, format!("P{id}")))
            .collect(),
        ..Tournament::default()
    };
    t.pairing_setup.initial_color = Some(if setup & 1 == 0 {
        Color::White
    } else {
        Color::Black
    });
    let forbidden = usize::from(setup >> 1) % 8;
    let (pairs, rest) = rest.split_at(rest.len().min(2 * forbidden));
    for pair in pairs.chunks_exact(2) {
        let (a, b) = (
            1 + u32::from(pair[0]) % players,
            1 + u32::from(pair[1]) % players,
        );
        if a != b {
            t.pairing_setup.forbidden.push(vec![a, b]);
        }
    }
    Some((t, rounds, rest))
}

/// Enters round `round`'s results from the bytes (one per board) and the absences of
/// the next round; returns the bytes left.
fn play<'a>(t: &mut Tournament, round: u32, boards: &[Pairing], mut bytes: &'a [u8]) -> &'a [u8] {
    for board in boards {
        let byte = match bytes.split_first() {
            Some((&byte, rest)) => {
                bytes = rest;
                byte
            }
            None => 1, // a draw
        };
        match *board {
            Pairing::Game { black, white } => {
                let (w, b) = match byte & 3 {
                    0 => (ResultKind::Win, ResultKind::Loss),
                    1 => (ResultKind::Draw, ResultKind::Draw),
                    2 => (ResultKind::Loss, ResultKind::Win),
                    _ => (ResultKind::ForfeitWin, ResultKind::ForfeitLoss),
                };
                t.cells
                    .push(cell(round, white, Some(black), Color::White, w));
                t.cells
                    .push(cell(round, black, Some(white), Color::Black, b));
                if byte & 4 != 0 && round < t.rounds {
                    t.cells.push(CrosstableCell {
                        round: round + 1,
                        player: white,
                        opponent: None,
                        color: None,
                        result: ResultKind::ZeroBye,
                        board: None,
                    });
                }
            }
            Pairing::Bye { player } => t.cells.push(CrosstableCell {
                round,
                player,
                opponent: None,
                color: None,
                result: ResultKind::PairingBye,
                board: None,
            }),
        }
    }
    bytes
}

/// A seat with its colour (kept for a forfeit too, as pairing programs write it).
fn cell(
    round: u32,
    player: u32,
    opponent: Option<u32>,
    color: Color,
    result: ResultKind,
) -> CrosstableCell {
    CrosstableCell {
        round,
        player,
        opponent,
        color: Some(color),
        result,
        board: None,
    }
}
