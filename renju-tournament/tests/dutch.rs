//! The Dutch Swiss pairing against the FIDE-endorsed engine's own tournaments and
//! pairings (fixtures/tournaments/dutch, made by bbpPairings' generator), on planted
//! faults, on impossible rounds, and on self-played tournaments checked rule by rule.
//! With RENJU_BBP naming a bbpPairings binary, also on fresh tournaments it generates.

#![allow(clippy::arithmetic_side_effects)] // small test counts

use std::collections::HashSet;
use std::path::PathBuf;

use renju_core::Color;
use renju_tournament::pairing::dutch::{check_dutch, pair_dutch, DutchError, MAX_DUTCH_PLAYERS};
use renju_tournament::pairing::Pairing;
use renju_tournament::{CrosstableCell, Player, ResultKind, Tournament};

/// The text of fixtures/tournaments/dutch/`name`.
fn dutch_file(name: &str) -> String {
    let path: PathBuf = [
        env!("CARGO_MANIFEST_DIR"),
        "..",
        "fixtures",
        "tournaments",
        "dutch",
        name,
    ]
    .iter()
    .collect();
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn dutch_fixture(name: &str) -> Tournament {
    Tournament::from_trf(&dutch_file(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// bbpPairings' `-p` output: the count, then `white black` lines (`N 0` a bye).
fn engine_pairings(name: &str) -> Vec<Pairing> {
    let text = dutch_file(name);
    let mut lines = text.lines();
    let count: usize = lines.next().unwrap().trim().parse().unwrap();
    let boards: Vec<Pairing> = lines
        .map(|l| {
            let ids: Vec<u32> = l.split_whitespace().map(|x| x.parse().unwrap()).collect();
            match ids[1] {
                0 => Pairing::Bye { player: ids[0] },
                black => Pairing::Game {
                    white: ids[0],
                    black,
                },
            }
        })
        .collect();
    assert_eq!(boards.len(), count);
    boards
}

#[test]
fn the_generators_tournaments_are_paired_round_by_round_as_generated() {
    // a: 41 players, 7 rounds; b: 64 players, 9 rounds, forfeits, half-point byes and
    // withdrawals; c: 30 players, 6 rounds, 3 points a win and 1 a draw (TRF 162).
    for name in ["a.trf", "b.trf", "c.trf"] {
        let t = dutch_fixture(name);
        assert_eq!(check_dutch(&t), Ok(Vec::new()), "{name}");
    }
}

#[test]
fn the_next_round_is_the_engines_board_for_board() {
    for (cut, pairings, round) in [
        ("b-before-round-1.trf", "b-round-1.pairings", 1),
        ("b-before-round-4.trf", "b-round-4.pairings", 4),
        ("b-before-round-9.trf", "b-round-9.pairings", 9),
        ("c-before-round-5.trf", "c-round-5.pairings", 5),
    ] {
        let paired = pair_dutch(&dutch_fixture(cut)).unwrap();
        assert_eq!(paired.round, round, "{cut}");
        assert_eq!(paired.boards, engine_pairings(pairings), "{cut}");
    }
}

#[test]
fn the_generators_tournaments_give_no_crosstable_finding() {
    for name in ["a.trf", "b.trf", "c.trf"] {
        let findings = renju_tournament::check(&dutch_fixture(name));
        assert!(findings.is_empty(), "{name}: {findings:?}");
    }
}

/// `t` with the round-`round` games of `a`–`b` and `c`–`d` re-paired as `a`–`d`,
/// `c`–`b` (colours and results kept from `a`'s and `c`'s side).
fn swap_opponents(t: &mut Tournament, round: u32, [a, b, c, d]: [u32; 4]) {
    let new_opponent = |player: u32| match player {
        p if p == a => Some(d),
        p if p == d => Some(a),
        p if p == c => Some(b),
        p if p == b => Some(c),
        _ => None,
    };
    for cell in t.cells.iter_mut().filter(|c| c.round == round) {
        if let Some(o) = new_opponent(cell.player) {
            cell.opponent = Some(o);
        }
    }
}

fn opponent_in(t: &Tournament, round: u32, player: u32) -> u32 {
    t.cells
        .iter()
        .find(|c| c.round == round && c.player == player)
        .and_then(|c| c.opponent)
        .unwrap()
}

#[test]
fn a_planted_rematch_is_found_by_both_checks() {
    let mut t = dutch_fixture("b.trf");
    // Round 6: player 1 meets his round-1 opponent again.
    let (a, d) = (1, opponent_in(&t, 1, 1));
    let (b, c) = (opponent_in(&t, 6, a), opponent_in(&t, 6, d));
    swap_opponents(&mut t, 6, [a, b, c, d]);
    let differences = check_dutch(&t).unwrap();
    assert_eq!(differences.iter().map(|d| d.round).collect::<Vec<_>>(), [6]);
    let findings = renju_tournament::check(&t);
    assert!(
        findings
            .iter()
            .any(|f| f.code.to_string() == "rematch" && f.round == Some(6)),
        "{findings:?}"
    );
}

#[test]
fn a_planted_colour_fault_is_a_difference() {
    let mut t = dutch_fixture("a.trf");
    for cell in t
        .cells
        .iter_mut()
        .filter(|c| c.round == 3 && (c.player == 1 || c.opponent == Some(1)))
    {
        cell.color = cell.color.map(Color::opponent);
    }
    let differences = check_dutch(&t).unwrap();
    assert_eq!(differences[0].round, 3);
}

fn player(id: u32) -> Player {
    Player::new(id, format!("Player {id}"))
}

fn game(round: u32, white: u32, black: u32, white_result: ResultKind) -> [CrosstableCell; 2] {
    let black_result = white_result.mirror().unwrap();
    CrosstableCell::game(round, black, white, black_result, white_result)
}

fn swiss(players: u32, rounds: u32) -> Tournament {
    let mut t = Tournament {
        rounds,
        players: (1..=players).map(player).collect(),
        ..Tournament::default()
    };
    t.pairing_setup.initial_color = Some(Color::White);
    t
}

#[test]
fn a_round_that_cannot_be_paired_is_no_valid_pairing() {
    // Four players who have all met: round 4 has no pair left.
    let mut t = swiss(4, 5);
    for (round, pairs) in [
        (1, [(1, 3), (4, 2)]),
        (2, [(2, 1), (3, 4)]),
        (3, [(1, 4), (2, 3)]),
    ] {
        for (w, b) in pairs {
            t.cells.extend(game(round, w, b, ResultKind::Draw));
        }
    }
    assert_eq!(pair_dutch(&t), Err(DutchError::NoValidPairing));
    // Forbidden pairs (XXP) that leave a player no opponent.
    let mut t = swiss(4, 5);
    t.pairing_setup.forbidden = vec![vec![1, 2], vec![1, 3], vec![1, 4]];
    assert_eq!(pair_dutch(&t), Err(DutchError::NoValidPairing));
}

#[test]
fn what_the_file_must_say_is_asked_for() {
    let mut t = swiss(6, 0);
    assert_eq!(pair_dutch(&t), Err(DutchError::RoundsNotDeclared));
    t.rounds = 5;
    t.pairing_setup.initial_color = None;
    assert_eq!(pair_dutch(&t), Err(DutchError::InitialColourNotSet));
    let big = swiss(MAX_DUTCH_PLAYERS as u32 + 1, 5);
    assert_eq!(
        pair_dutch(&big),
        Err(DutchError::TooManyPlayers {
            players: MAX_DUTCH_PLAYERS + 1
        })
    );
}

/// A small generator of results: SplitMix64.
fn next(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// Plays a whole Swiss of `players` by pairing each round with the Dutch system and
/// drawing the results.
fn self_played(players: u32, rounds: u32, seed: u64) -> Tournament {
    let mut t = swiss(players, rounds);
    let mut state = seed;
    for _ in 0..rounds {
        let paired = pair_dutch(&t).unwrap();
        for board in paired.boards {
            match board {
                Pairing::Game { white, black } => {
                    let result = match next(&mut state) % 3 {
                        0 => ResultKind::Win,
                        1 => ResultKind::Draw,
                        _ => ResultKind::Loss,
                    };
                    t.cells.extend(game(paired.round, white, black, result));
                }
                Pairing::Bye { player } => t.cells.push(CrosstableCell {
                    round: paired.round,
                    player,
                    opponent: None,
                    color: None,
                    result: ResultKind::PairingBye,
                    board: None,
                }),
            }
        }
    }
    t
}

#[test]
fn self_played_tournaments_keep_the_absolute_criteria() {
    for seed in 0..6 {
        let (players, rounds) = (9 + seed as u32 * 3, 5 + seed as u32 % 3);
        let t = self_played(players, rounds, seed);
        // No rematch, no second bye (C1, C2).
        let mut met = HashSet::new();
        let mut byes = HashSet::new();
        for c in &t.cells {
            if let Some(o) = c.opponent.filter(|&o| c.player < o) {
                met.insert((c.round, c.player, o));
            }
            if c.result == ResultKind::PairingBye {
                assert!(
                    byes.insert(c.player),
                    "seed {seed}: a second bye for {}",
                    c.player
                );
            }
        }
        let pairs: HashSet<(u32, u32)> = met.iter().map(|&(_, a, b)| (a, b)).collect();
        assert_eq!(pairs.len(), met.len(), "seed {seed}: a rematch");
        // No one with the same colour three times running or two more of one colour
        // (C3), except topscorers in the last round.
        for p in 1..=players {
            let colours: Vec<Color> = (1..rounds)
                .filter_map(|r| {
                    t.cells
                        .iter()
                        .find(|c| c.round == r && c.player == p)?
                        .color
                })
                .collect();
            assert!(
                !colours.windows(3).any(|w| w[0] == w[1] && w[1] == w[2]),
                "seed {seed}: player {p} has one colour three times running: {colours:?}"
            );
        }
        assert_eq!(check_dutch(&t), Ok(Vec::new()), "seed {seed}");
        assert!(renju_tournament::check(&t).is_empty(), "seed {seed}");
    }
}

/// With RENJU_BBP naming a bbpPairings binary: fresh tournaments from its generator
/// (100 to 250 players, 5 to 11 rounds, forfeits, byes and withdrawals), each paired
/// round by round as the engine paired it.
#[test]
fn fresh_tournaments_of_the_engines_generator() {
    let Ok(engine) = std::env::var("RENJU_BBP") else {
        println!("SKIPPED: RENJU_BBP does not name a bbpPairings binary");
        return;
    };
    let count: u64 = std::env::var("RENJU_BBP_TOURNAMENTS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(3);
    let dir = std::env::temp_dir().join(format!("renju-dutch-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for seed in 1..=count {
        let players = 100 + (seed * 37) % 151;
        let rounds = 5 + seed % 7;
        let config = dir.join("generator.cfg");
        std::fs::write(
            &config,
            format!("PlayersNumber={players}\nRoundsNumber={rounds}\nDrawPercentage=30\nForfeitRate=20\nRetiredRate=40\nHalfPointByeRate=25\n"),
        )
        .unwrap();
        let trf = dir.join(format!("{seed}.trf"));
        let status = std::process::Command::new(&engine)
            .args(["--dutch", "-g"])
            .arg(&config)
            .arg("-o")
            .arg(&trf)
            .args(["-s", &seed.to_string()])
            .status()
            .unwrap();
        assert!(status.success());
        let t = Tournament::from_trf(&std::fs::read_to_string(&trf).unwrap()).unwrap();
        assert_eq!(
            check_dutch(&t),
            Ok(Vec::new()),
            "seed {seed}: {players} players, {rounds} rounds"
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
