//! A match's results as a tournament ([`renju_tournament::Tournament`]): one player per
//! engine, in the order given, and one TRF round per game slot, each engine at most once
//! a round (a game goes in the first round after both engines' last). What
//! `renju match --trf` writes and Python's `MatchResult.tournament` gives; its
//! standings are those of `renju standings`.

use renju_core::geometry::Color;
use renju_tournament::pairing::round_robin::berger_rounds;
use renju_tournament::{CrosstableCell, Player, ResultKind, System, Tournament, MAX_ROUNDS};
use thiserror::Error;

use super::{schedule, MatchOptions, MatchReport};

/// A match whose games need more TRF rounds than a TRF file holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
#[error("this match needs {0} TRF rounds (an engine plays once a round), and a TRF file holds at most {MAX_ROUNDS}: play fewer games or leave out --trf")]
pub struct TooManyRounds(pub u32);

/// The TRF round of each game between the engines given (by their index), in order:
/// the first round after both engines' last.
///
/// ```
/// use renju_engine::matches::crosstable::trf_rounds;
/// assert_eq!(trf_rounds([(0, 1), (0, 1), (2, 3), (1, 2)], 4), [1, 2, 1, 3]);
/// ```
pub fn trf_rounds(games: impl IntoIterator<Item = (usize, usize)>, engines: usize) -> Vec<u32> {
    let mut last = vec![0u32; engines];
    games
        .into_iter()
        .map(|(a, b)| {
            let round = last[a].max(last[b]).saturating_add(1);
            last[a] = round;
            last[b] = round;
            round
        })
        .collect()
}

/// The games of a round robin of `n` engines (0-based), round by round in the order of
/// FIDE's Berger tables ([`renju_tournament::pairing::round_robin::berger_rounds`]),
/// each with the engine that moves first first: every round pairs every engine (but
/// one, the bye, when `n` is odd). Within a round the games keep the order the runner
/// has always played them in (the table's first board, then by the lower number), so
/// that a seeded match plays the same games with the same openings as before.
///
/// ```
/// use renju_engine::matches::crosstable::round_robin_games;
/// // FIDE's table for 4 players: 1-4 2-3, 4-3 1-2, 2-4 3-1.
/// assert_eq!(
///     round_robin_games(4),
///     [(0, 3), (1, 2), (3, 2), (0, 1), (1, 3), (2, 0)]
/// );
/// assert_eq!(round_robin_games(3).len(), 3); // a bye each round
/// ```
pub fn round_robin_games(n: usize) -> Vec<(usize, usize)> {
    let players = u32::try_from(n).unwrap_or(u32::MAX);
    let index = |number: u32| number as usize - 1;
    berger_rounds(players)
        .into_iter()
        .flat_map(|mut round| {
            if let Some((_, others)) = round.split_first_mut() {
                others.sort_by_key(|board| {
                    let (first, second) = board.players();
                    second.map_or(first, |second| first.min(second))
                });
            }
            round
        })
        .filter_map(|board| board.game())
        .map(|(first, second)| (index(first), index(second)))
        .collect()
}

/// Checks before play that the match's schedule fits in a TRF file ([`MAX_ROUNDS`]).
pub fn check_rounds(options: &MatchOptions) -> Result<(), TooManyRounds> {
    let jobs = schedule(options, 0);
    let pairs = jobs.iter().map(|j| (j.seats[0], j.seats[1]));
    let needed = trf_rounds(pairs, options.engines.len())
        .into_iter()
        .max()
        .unwrap_or(0);
    if needed > MAX_ROUNDS {
        return Err(TooManyRounds(needed));
    }
    Ok(())
}

impl MatchReport {
    /// The results as a tournament: a round robin of the engines (named as in the
    /// match), every game a pairing from both sides with its colours.
    pub fn tournament(&self, options: &MatchOptions) -> Tournament {
        let mut t = Tournament {
            name: options.event.clone(),
            system: Some(System::RoundRobin),
            players: (options.engines.iter().enumerate())
                .map(|(i, e)| Player::new(player_id(i), e.name.clone()))
                .collect(),
            ..Tournament::default()
        };
        let games = self.games.iter().map(|g| (g.black, g.white));
        let rounds = trf_rounds(games, options.engines.len());
        for (g, &round) in self.games.iter().zip(&rounds) {
            for (me, other, colour) in [
                (g.black, g.white, Color::Black),
                (g.white, g.black, Color::White),
            ] {
                let s = g.score_of(me);
                let result = if s.wins == 1 {
                    ResultKind::Win
                } else if s.losses == 1 {
                    ResultKind::Loss
                } else {
                    ResultKind::Draw
                };
                t.cells.push(CrosstableCell {
                    round,
                    player: player_id(me),
                    opponent: Some(player_id(other)),
                    color: Some(colour),
                    result,
                    board: None,
                });
            }
        }
        t.rounds = rounds.iter().copied().max().unwrap_or(0);
        t.sort_cells();
        t
    }
}

/// The TRF id of engine `i` (from 1).
fn player_id(i: usize) -> u32 {
    u32::try_from(i).map_or(u32::MAX, |i| i.saturating_add(1))
}

#[cfg(test)]
mod order_tests {
    use super::round_robin_games;

    /// `"a-b c-d ..."` as 0-based games.
    fn games(text: &str) -> Vec<(usize, usize)> {
        text.split_whitespace()
            .map(|game| {
                let (a, b) = game.split_once('-').unwrap();
                (a.parse().unwrap(), b.parse().unwrap())
            })
            .collect()
    }

    #[test]
    fn the_games_keep_the_order_seeded_matches_were_played_in() {
        // The runner's order before the tables listed boards as FIDE prints them.
        let six = "0-5 1-4 2-3 5-3 0-1 4-2 1-5 2-0 3-4 5-4 0-3 1-2 2-5 4-0 3-1";
        assert_eq!(round_robin_games(6), games(six));
        let five = "1-4 2-3 0-1 4-2 2-0 3-4 0-3 1-2 4-0 3-1";
        assert_eq!(round_robin_games(5), games(five));
    }
}
