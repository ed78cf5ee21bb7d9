//! A match's results as a tournament ([`renju_tournament::Tournament`]): one player per
//! engine, in the order given, and one TRF round per game slot, each engine at most once
//! a round (a game goes in the first round after both engines' last). What
//! `renju match --trf` writes and Python's `MatchResult.tournament` gives; its
//! standings are those of `renju standings`.

use renju_core::geometry::Color;
use renju_tournament::{Pairing, Player, ResultKind, System, Tournament, MAX_ROUNDS};
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

/// The pairs of a round robin of `n` players (0-based), round by round as FIDE's Berger
/// tables give them (Handbook C.05, Annex 1), each pair with the player who moves first
/// first (the tables' White, Black in Renju): every round pairs every player (but one,
/// the bye, when `n` is odd).
///
/// ```
/// use renju_engine::matches::crosstable::berger_rounds;
/// // FIDE's table for 4 players: 1-4 2-3, 4-3 1-2, 2-4 3-1.
/// assert_eq!(
///     berger_rounds(4),
///     [vec![(0, 3), (1, 2)], vec![(3, 2), (0, 1)], vec![(1, 3), (2, 0)]]
/// );
/// assert_eq!(berger_rounds(3).len(), 3); // a bye each round
/// ```
pub fn berger_rounds(n: usize) -> Vec<Vec<(usize, usize)>> {
    if n < 2 {
        return Vec::new();
    }
    // Players 1..=m numbered as in the tables, m even (a bye added to an odd count).
    let m = n + n % 2;
    let rest = m - 1;
    let residue = |v: usize| (v - 1) % rest + 1;
    (1..m)
        .map(|r| {
            let mut round = Vec::new();
            // The player who meets player m: 2a = r + 1 (mod m - 1); m has White in
            // even rounds.
            let a = (1..m)
                .find(|&a| residue(2 * a) == residue(r + 1))
                .unwrap_or(1);
            round.push(if r % 2 == 0 { (m, a) } else { (a, m) });
            // The others: a + b = r + 1 (mod m - 1); the lower has White when they are
            // an odd number apart.
            for a in 1..m {
                let b = (1..m).find(|&b| b != a && residue(a + b) == residue(r + 1));
                if let Some(b) = b.filter(|&b| a < b) {
                    round.push(if (b - a) % 2 == 1 { (a, b) } else { (b, a) });
                }
            }
            round
                .into_iter()
                .filter(|&(x, y)| x <= n && y <= n)
                .map(|(x, y)| (x - 1, y - 1))
                .collect()
        })
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
                t.pairings.push(Pairing {
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
        t.sort_pairings();
        t
    }
}

/// The TRF id of engine `i` (from 1).
fn player_id(i: usize) -> u32 {
    u32::try_from(i).map_or(u32::MAX, |i| i.saturating_add(1))
}
