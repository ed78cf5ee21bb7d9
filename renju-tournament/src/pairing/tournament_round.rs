//! Pairing a round of a [`Tournament`]: the round to pair (the first without pairings,
//! or one asked for), the players' pairing numbers (their start-rank order) and the
//! boards with the players' ids.

use std::collections::{HashMap, HashSet};

use crate::model::{System, Tournament, MAX_PLAYERS};

use super::lots::start_rank_order;
use super::round_robin::{scheduled_round, RoundRobinOptions};
use super::Pairing;

/// One round as paired for a tournament: its number and its boards, by player id
/// (the TRF start ranks).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PairedRound {
    /// The round's number, from 1.
    pub round: u32,
    /// The boards in the table's order (a bye first), players by id.
    pub boards: Vec<Pairing>,
}

/// Why a round of a tournament cannot be paired.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PairingError {
    /// Fewer than two players.
    #[error("pairing needs at least two players; the tournament has {players}")]
    TooFewPlayers {
        /// The number of players.
        players: usize,
    },
    /// More players than [`MAX_PLAYERS`].
    #[error("{players} players: a tournament has at most {MAX_PLAYERS}")]
    TooManyPlayers {
        /// The number of players.
        players: usize,
    },
    /// A team event: its round robin pairs teams, which this does not do.
    #[error("this pairs the players of an individual event; this is a team event")]
    TeamEvent,
    /// The tournament declares another system.
    #[error("the tournament is a {system} tournament, not a {wanted}")]
    OtherSystem {
        /// The system the tournament declares.
        system: System,
        /// The system asked to pair, in words (`"round robin"`, `"knockout"`).
        wanted: &'static str,
    },
    /// Round 0: rounds are numbered from 1.
    #[error("rounds are numbered from 1")]
    RoundZero,
    /// A round past the schedule (every round already paired, when no round was asked).
    #[error(
        "round {round} is past the schedule: {players} players play {rounds} rounds in a {kind}"
    )]
    PastSchedule {
        /// The round.
        round: u32,
        /// The number of players.
        players: u32,
        /// The rounds of the schedule.
        rounds: u32,
        /// `"round robin"` or `"double round robin"`.
        kind: &'static str,
    },
    /// A game of an earlier round that the schedule does not have: the rounds were not
    /// paired by these tables (or by these pairing numbers), and the table's next round
    /// could pair players who have met.
    #[error(
        "round {round}: players {player} and {opponent} met, which the {kind}'s round {round} does not pair: the earlier rounds were not paired by these tables and pairing numbers"
    )]
    OffSchedule {
        /// The round of the game.
        round: u32,
        /// One player's id.
        player: u32,
        /// The other's.
        opponent: u32,
        /// `"round robin"` or `"double round robin"`.
        kind: &'static str,
    },
    /// A knockout's bracket pairs two players whose match of that round the crosstable
    /// does not hold: the rounds were not paired by the bracket, or not all entered.
    #[error(
        "round {round}: the bracket pairs players {player} and {opponent}, and the crosstable has no game between them in that round"
    )]
    OffBracket {
        /// The round.
        round: u32,
        /// The upper line's player.
        player: u32,
        /// The lower line's player.
        opponent: u32,
    },
    /// A knockout match that is tied: its tie-break games must be entered first.
    #[error(
        "round {round}: the match of players {player} and {opponent} is tied; enter its tie-break games (or the play-off) first"
    )]
    Undecided {
        /// The round.
        round: u32,
        /// The upper line's player.
        player: u32,
        /// The lower line's player.
        opponent: u32,
    },
    /// The knockout is over: its final was this round.
    #[error("the knockout ended with round {final_round}'s final: player {winner} won it")]
    Finished {
        /// The round of the final.
        final_round: u32,
        /// The winner.
        winner: u32,
    },
    /// A round past the number of rounds the tournament declares (TRF `XXR`, `142`).
    #[error("round {round} is past the {declared} rounds the tournament declares (XXR)")]
    PastDeclaredRounds {
        /// The round.
        round: u32,
        /// The rounds declared.
        declared: u32,
    },
}

/// The first round without pairings: one past the last round with a cell (1 for a
/// tournament not yet begun), as a pairing program reads a file cut before the round
/// it pairs.
pub fn next_round(t: &Tournament) -> u32 {
    t.cells
        .iter()
        .map(|c| c.round)
        .max()
        .unwrap_or(0)
        .saturating_add(1)
}

/// Pairs round `round` (`None`: [`next_round`]) of the round robin `t` by FIDE's Berger
/// tables, scheduled by `options`. The players' pairing numbers are their places in
/// start-rank order (by id; the file's order under `XXC rank`), so that after
/// [`super::lots::renumber_by_lots`] they are the numbers drawn. Every game the
/// crosstable holds must be one the schedule pairs in its round
/// ([`PairingError::OffSchedule`]), so that the next round pairs no one twice.
///
/// ```
/// use renju_tournament::pairing::round_robin::RoundRobinOptions;
/// use renju_tournament::pairing::tournament_round::pair_round_robin;
/// use renju_tournament::pairing::Pairing;
/// use renju_tournament::Tournament;
///
/// let mut t = Tournament::from_trf(include_str!("../../../fixtures/tournaments/round_robin.trf"))
///     .unwrap();
/// t.cells.clear();
/// let first = pair_round_robin(&t, None, &RoundRobinOptions::default()).unwrap();
/// assert_eq!(first.round, 1);
/// assert_eq!(first.boards[0], Pairing::Bye { player: 1 });
/// assert_eq!(first.boards[1], Pairing::Game { black: 2, white: 5 });
/// assert!(pair_round_robin(&t, Some(6), &RoundRobinOptions::default()).is_err());
/// ```
pub fn pair_round_robin(
    t: &Tournament,
    round: Option<u32>,
    options: &RoundRobinOptions,
) -> Result<PairedRound, PairingError> {
    check_pairable(t, System::RoundRobin)?;
    let round = round_to_pair(t, round)?;
    let ids = start_rank_order(t);
    // At most MAX_PLAYERS (checked): the count fits in a u32.
    let players = u32::try_from(ids.len()).unwrap_or(u32::MAX);
    let boards = boards_by_id(&ids, round, options).ok_or(PairingError::PastSchedule {
        round,
        players,
        rounds: options.rounds(players),
        kind: kind(options),
    })?;
    check_earlier_rounds(t, &ids, options)?;
    Ok(PairedRound { round, boards })
}

/// The round asked for, or the first without pairings; never 0 nor past the rounds the
/// tournament declares.
fn round_to_pair(t: &Tournament, round: Option<u32>) -> Result<u32, PairingError> {
    let round = round.unwrap_or_else(|| next_round(t));
    if round == 0 {
        return Err(PairingError::RoundZero);
    }
    if t.rounds > 0 && round > t.rounds {
        return Err(PairingError::PastDeclaredRounds {
            round,
            declared: t.rounds,
        });
    }
    Ok(round)
}

/// Pairs round `round` (`None`: [`next_round`]) of the knockout `t` by its bracket
/// ([`super::knockout`]): the players seeded by start rank (after
/// [`super::lots::renumber_by_lots`], the numbers drawn), each earlier round's match
/// winners found in the crosstable (the most game points in that round's games between
/// the two, tie-break games included; a bye's player goes on) and paired by neighbours.
///
/// ```
/// use renju_tournament::pairing::tournament_round::pair_knockout;
/// use renju_tournament::pairing::Pairing;
/// use renju_tournament::{Player, System, Tournament};
///
/// let t = Tournament {
///     system: Some(System::Knockout),
///     players: (1..=6).map(|i| Player::new(i, format!("P{i}"))).collect(),
///     ..Tournament::default()
/// };
/// let first = pair_knockout(&t, None).unwrap();
/// assert_eq!(first.boards[0], Pairing::Bye { player: 1 });
/// assert_eq!(first.boards[1], Pairing::Game { black: 4, white: 5 });
/// ```
pub fn pair_knockout(t: &Tournament, round: Option<u32>) -> Result<PairedRound, PairingError> {
    check_pairable(t, System::Knockout)?;
    let round = round_to_pair(t, round)?;
    let ids = start_rank_order(t);
    let id = |number: u32| ids[(number as usize).saturating_sub(1)];
    // At most MAX_PLAYERS (checked): the count fits in a u32, at least 2.
    let players = u32::try_from(ids.len()).unwrap_or(u32::MAX);
    let first = super::knockout::first_round(players)
        .map_err(|_| PairingError::TooFewPlayers { players: ids.len() })?;
    let mut boards: Vec<Pairing> = (first.into_iter())
        .map(|board| match board {
            Pairing::Game { black, white } => Pairing::Game {
                black: id(black),
                white: id(white),
            },
            Pairing::Bye { player } => Pairing::Bye { player: id(player) },
        })
        .collect();
    for played in 1..round {
        let winners = (boards.iter())
            .map(|&board| match_winner(t, played, board))
            .collect::<Result<Vec<u32>, PairingError>>()?;
        if let [winner] = winners[..] {
            return Err(PairingError::Finished {
                final_round: played,
                winner,
            });
        }
        // The bracket halves each round: an even number of winners past the first.
        boards = super::knockout::next_round(&winners).unwrap_or_default();
    }
    Ok(PairedRound { round, boards })
}

/// The winner of a bracket board in round `round`: the bye's player, or the one with
/// more game points in that round's games between the two.
// Only `HalfPoints` operators here, which saturate (score.rs).
#[allow(clippy::arithmetic_side_effects)]
fn match_winner(t: &Tournament, round: u32, board: Pairing) -> Result<u32, PairingError> {
    let (black, white) = match board {
        Pairing::Bye { player } => return Ok(player),
        Pairing::Game { black, white } => (black, white),
    };
    let values = t.point_values();
    let points = |player: u32, opponent: u32| {
        (t.cells.iter())
            .filter(|c| c.round == round && c.player == player && c.opponent == Some(opponent))
            .map(|c| values.points(c.result))
            .fold(None, |sum: Option<crate::HalfPoints>, p| {
                Some(sum.unwrap_or_default() + p)
            })
    };
    let (Some(mine), Some(theirs)) = (points(black, white), points(white, black)) else {
        return Err(PairingError::OffBracket {
            round,
            player: black,
            opponent: white,
        });
    };
    match mine.cmp(&theirs) {
        std::cmp::Ordering::Greater => Ok(black),
        std::cmp::Ordering::Less => Ok(white),
        std::cmp::Ordering::Equal => Err(PairingError::Undecided {
            round,
            player: black,
            opponent: white,
        }),
    }
}

fn kind(options: &RoundRobinOptions) -> &'static str {
    if options.double {
        "double round robin"
    } else {
        "round robin"
    }
}

/// Round `round` of the schedule with the players' ids (`ids`: by pairing number), or
/// `None` past the schedule.
fn boards_by_id(ids: &[u32], round: u32, options: &RoundRobinOptions) -> Option<Vec<Pairing>> {
    // At most MAX_PLAYERS (checked by the caller): the count fits in a u32.
    let players = u32::try_from(ids.len()).unwrap_or(u32::MAX);
    let id = |number: u32| ids[(number as usize).saturating_sub(1)];
    let boards = scheduled_round(players, round, options)?;
    Some(
        boards
            .into_iter()
            .map(|board| match board {
                Pairing::Game { black, white } => Pairing::Game {
                    black: id(black),
                    white: id(white),
                },
                Pairing::Bye { player } => Pairing::Bye { player: id(player) },
            })
            .collect(),
    )
}

/// Whether every game of the crosstable (a cell with an opponent, in a round of the
/// schedule) is one the schedule pairs in its round.
fn check_earlier_rounds(
    t: &Tournament,
    ids: &[u32],
    options: &RoundRobinOptions,
) -> Result<(), PairingError> {
    let mut scheduled: HashMap<u32, Option<HashSet<(u32, u32)>>> = HashMap::new();
    for cell in &t.cells {
        let Some(opponent) = cell.opponent else {
            continue;
        };
        let games = scheduled.entry(cell.round).or_insert_with(|| {
            boards_by_id(ids, cell.round, options).map(|boards| {
                boards
                    .iter()
                    .filter_map(|b| b.game())
                    .map(|(a, b)| (a.min(b), a.max(b)))
                    .collect()
            })
        });
        let pair = (cell.player.min(opponent), cell.player.max(opponent));
        if games.as_ref().is_some_and(|games| !games.contains(&pair)) {
            return Err(PairingError::OffSchedule {
                round: cell.round,
                player: pair.0,
                opponent: pair.1,
                kind: kind(options),
            });
        }
    }
    Ok(())
}

/// Whether `t` can be paired as a `wanted` event of individuals: two players or more,
/// at most [`MAX_PLAYERS`], not a team event, no other system declared.
fn check_pairable(t: &Tournament, wanted: System) -> Result<(), PairingError> {
    let words = match wanted {
        System::RoundRobin => "round robin",
        System::Swiss => "Swiss",
        System::Knockout => "knockout",
    };
    let players = t.players.len();
    if players < 2 {
        return Err(PairingError::TooFewPlayers { players });
    }
    if players > MAX_PLAYERS {
        return Err(PairingError::TooManyPlayers { players });
    }
    if t.is_team_event() {
        return Err(PairingError::TeamEvent);
    }
    match t.system {
        Some(system) if system != wanted => Err(PairingError::OtherSystem {
            system,
            wanted: words,
        }),
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{CrosstableCell, Player, ResultKind, Team};

    fn players(n: u32) -> Tournament {
        Tournament {
            players: (1..=n)
                .map(|id| Player::new(id, format!("P{id}")))
                .collect(),
            ..Tournament::default()
        }
    }

    fn single() -> RoundRobinOptions {
        RoundRobinOptions::default()
    }

    #[test]
    fn the_next_round_is_the_first_without_pairings() {
        let mut t = players(4);
        assert_eq!(next_round(&t), 1);
        t.cells.push(CrosstableCell {
            round: 2,
            player: 1,
            opponent: None,
            color: None,
            result: ResultKind::HalfBye,
            board: None,
        });
        assert_eq!(next_round(&t), 3);
        let paired = pair_round_robin(&t, None, &single()).unwrap();
        assert_eq!(paired.round, 3);
    }

    #[test]
    fn pairing_numbers_follow_the_start_ranks_and_give_back_the_ids() {
        let mut t = players(3);
        for (p, id) in t.players.iter_mut().zip([30, 10, 20]) {
            p.id = id;
        }
        // By id: 10 is number 1, 20 number 2, 30 number 3 (Berger round 1: 1 bye, 2-3).
        let first = pair_round_robin(&t, Some(1), &single()).unwrap();
        assert_eq!(
            first.boards,
            [
                Pairing::Bye { player: 10 },
                Pairing::Game {
                    black: 20,
                    white: 30
                }
            ]
        );
        // In the file's order under `XXC rank`: 30, 10, 20.
        t.pairing_setup.positional_ids = true;
        let first = pair_round_robin(&t, Some(1), &single()).unwrap();
        assert_eq!(first.boards[0], Pairing::Bye { player: 30 });
    }

    #[test]
    fn what_cannot_be_paired_says_why() {
        assert_eq!(
            pair_round_robin(&players(1), None, &single()),
            Err(PairingError::TooFewPlayers { players: 1 })
        );
        assert_eq!(
            pair_round_robin(&players(4), Some(0), &single()),
            Err(PairingError::RoundZero)
        );
        let past = pair_round_robin(&players(4), Some(4), &single()).unwrap_err();
        assert_eq!(
            past.to_string(),
            "round 4 is past the schedule: 4 players play 3 rounds in a round robin"
        );
        let double = RoundRobinOptions {
            double: true,
            ..single()
        };
        assert!(pair_round_robin(&players(4), Some(6), &double).is_ok());
        let mut declared = players(4);
        declared.rounds = 2;
        assert_eq!(
            pair_round_robin(&declared, Some(3), &single()),
            Err(PairingError::PastDeclaredRounds {
                round: 3,
                declared: 2
            })
        );
        let mut swiss = players(4);
        swiss.system = Some(System::Swiss);
        assert!(matches!(
            pair_round_robin(&swiss, None, &single()),
            Err(PairingError::OtherSystem { .. })
        ));
        let mut teams = players(4);
        teams.teams.push(Team {
            id: 1,
            name: "T".into(),
            boards: vec![1, 2],
            declared_points: None,
            declared_rank: None,
        });
        assert_eq!(
            pair_round_robin(&teams, None, &single()),
            Err(PairingError::TeamEvent)
        );
        let many = players(MAX_PLAYERS as u32 + 1);
        assert!(matches!(
            pair_round_robin(&many, None, &single()),
            Err(PairingError::TooManyPlayers { .. })
        ));
    }

    #[test]
    fn games_off_the_schedule_are_refused() {
        let mut t = players(4);
        let game = |player, opponent| CrosstableCell {
            round: 1,
            player,
            opponent: Some(opponent),
            color: None,
            result: ResultKind::Draw,
            board: None,
        };
        // Round 1 of the table for 4 pairs 1-4 and 2-3.
        t.cells = vec![game(1, 4), game(4, 1), game(2, 3), game(3, 2)];
        assert_eq!(pair_round_robin(&t, None, &single()).unwrap().round, 2);
        t.cells = vec![game(1, 2), game(2, 1), game(3, 4), game(4, 3)];
        let err = pair_round_robin(&t, None, &single()).unwrap_err();
        assert!(matches!(
            err,
            PairingError::OffSchedule {
                round: 1,
                player: 1,
                opponent: 2,
                ..
            }
        ));
    }

    #[test]
    fn the_largest_tournament_pairs_one_round_without_drawing_the_others() {
        let t = players(MAX_PLAYERS as u32);
        let last = pair_round_robin(&t, Some(MAX_PLAYERS as u32), &single()).unwrap();
        assert_eq!(last.boards.len(), 5000);
    }
}
