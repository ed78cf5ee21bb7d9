//! Team events paired: the teams' matches of a round (a round robin of teams by FIDE's
//! Berger tables, or a simple Swiss of teams by match points), each match's boards with
//! the colours of the rules (the first-named team has Black on odd boards, White on
//! even boards), line-ups with substitutes (a team's players in its board order, never
//! inverted: boards 1, 2, 5, 6 of the list may play, 1, 6, 2, 5 may not), and the
//! Scheveningen match (every player of one team meets every player of the other).
//!
//! **The Swiss of teams** pairs by match points with the maximum-weight matching
//! ([`super::matching`]), by these criteria, most important first:
//!
//! 1. two teams never meet twice;
//! 2. with an odd number of teams one has the bye, never a team that has had one: the
//!    bye is weighed as a match against a team of no match points below the last;
//! 3. teams with the same match points meet as far as possible: the sum over the
//!    matches of the squared difference of match points is the least possible;
//! 4. then neighbours in the standings (after the points: the tie-breaks of a team
//!    Swiss) meet, the sum of the rank differences the least possible.
//!
//! The first-named team of a match is the one that has been first-named fewer times
//! (from the crosstable's colours), the higher-placed one when equal. This is not the
//! FIDE Dutch system for teams, which the rules do not require: they ask for pairing by
//! equal or close scores.

use std::collections::{HashMap, HashSet};

use renju_core::geometry::Color;

use crate::model::{ResultKind, System, Team, Tournament};
use crate::standings::{standings_unchecked, StandingsOptions};

use super::matching::{max_weight_matching, MatchingError};
use super::round_robin::{scheduled_round, RoundRobinOptions};
use super::tournament_round::next_round;
use super::Pairing;

/// One team match of a round: the first-named team, the other, and the boards (the
/// first-named team's player first on odd boards, as Black).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TeamMatch {
    /// The first-named team's id: Black on odd boards.
    pub first: u32,
    /// The other team's id: Black on even boards.
    pub second: u32,
    /// The boards, board 1 first, players by id.
    pub boards: Vec<Pairing>,
}

/// A round of a team event as paired.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TeamRound {
    /// The round, from 1.
    pub round: u32,
    /// The matches, in the pairing's order.
    pub matches: Vec<TeamMatch>,
    /// The team without an opponent (an odd number of teams).
    pub bye: Option<u32>,
}

/// Why a team round or match cannot be paired.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TeamPairingError {
    /// Not a team event (no teams).
    #[error("this pairs the teams of a team event; the tournament has no teams")]
    NotATeamEvent,
    /// Fewer than two teams.
    #[error("pairing needs at least two teams; the tournament has {teams}")]
    TooFewTeams {
        /// The number of teams.
        teams: usize,
    },
    /// A match of no boards.
    #[error("a team match has at least one board")]
    NoBoards,
    /// A team with fewer players than the boards of a match.
    #[error("team {team} has {players} players for {boards} boards")]
    ShortTeam {
        /// The team.
        team: u32,
        /// Its players.
        players: usize,
        /// The boards of a match.
        boards: usize,
    },
    /// A line-up that is not the team's players in its board order.
    #[error("team {team}'s line-up: {why}")]
    Lineup {
        /// The team.
        team: u32,
        /// What is wrong.
        why: String,
    },
    /// A line-up given for a team the tournament does not have.
    #[error("a line-up for team {team}: the tournament has no such team")]
    UnknownTeam {
        /// The team id given.
        team: u32,
    },
    /// Two line-ups of different lengths.
    #[error("the line-ups have {first} and {second} players: a match has as many on each side")]
    UnequalLineups {
        /// The first team's.
        first: usize,
        /// The second team's.
        second: usize,
    },
    /// A match of two teams asked of a tournament with another number of teams.
    #[error("a match between two teams: the tournament has {teams} teams")]
    NotTwoTeams {
        /// The number of teams.
        teams: usize,
    },
    /// Round 0, or past the schedule of a round robin.
    #[error("round {round} is not in the schedule of {teams} teams ({rounds} rounds)")]
    PastSchedule {
        /// The round.
        round: u32,
        /// The teams.
        teams: u32,
        /// The rounds of the schedule.
        rounds: u32,
    },
    /// Past the rounds the tournament declares.
    #[error("round {round} is past the {declared} rounds the tournament declares (XXR)")]
    PastDeclaredRounds {
        /// The round.
        round: u32,
        /// The rounds declared.
        declared: u32,
    },
    /// No pairing keeps every team from meeting a team twice (and from a second bye).
    #[error(
        "round {round}: no valid pairing: every pairing has two teams meet again or a second bye"
    )]
    NoValidPairing {
        /// The round.
        round: u32,
    },
    /// The matching refused the graph (not expected within the limits).
    #[error("{0}")]
    Matching(#[from] MatchingError),
}

/// Checks that `lineup` is made of `team`'s players, each once, in the team's board
/// order (substitutes allowed, the order never inverted).
///
/// ```
/// use renju_tournament::pairing::teams::check_lineup;
/// use renju_tournament::Team;
/// let team = Team { id: 1, name: "A".into(), boards: vec![11, 12, 13, 14, 15, 16],
///     declared_points: None, declared_rank: None };
/// assert!(check_lineup(&team, &[11, 12, 15, 16]).is_ok());
/// assert!(check_lineup(&team, &[11, 16, 12, 15]).is_err());
/// assert!(check_lineup(&team, &[11, 99]).is_err());
/// ```
pub fn check_lineup(team: &Team, lineup: &[u32]) -> Result<(), TeamPairingError> {
    let why = |why: String| TeamPairingError::Lineup { team: team.id, why };
    let mut last: Option<(usize, u32)> = None;
    for (i, &player) in lineup.iter().enumerate() {
        if lineup[..i].contains(&player) {
            return Err(why(format!("player {player} is named twice")));
        }
        let place = (team.boards.iter().position(|&p| p == player))
            .ok_or_else(|| why(format!("player {player} is not in the team")))?;
        if let Some((before, other)) = last {
            if place <= before {
                return Err(why(format!(
                    "player {player} plays below player {other}, who comes after them in the team's board order"
                )));
            }
        }
        last = Some((place, player));
    }
    Ok(())
}

/// Checks every line-up of `lineups` (team id, players) against `t`: each names a team
/// of the tournament, no team has two, and each is that team's players in its board
/// order ([`check_lineup`]).
///
/// ```
/// use renju_tournament::pairing::teams::{check_lineups, TeamPairingError};
/// use renju_tournament::Tournament;
/// let t = Tournament::from_trf(include_str!("../../../fixtures/tournaments/two_teams.trf")).unwrap();
/// assert!(check_lineups(&t, &[(1, vec![1, 3]), (2, vec![5])]).is_ok());
/// assert_eq!(check_lineups(&t, &[(7, vec![1])]), Err(TeamPairingError::UnknownTeam { team: 7 }));
/// assert!(check_lineups(&t, &[(1, vec![1, 1])]).unwrap_err().to_string().contains("named twice"));
/// ```
pub fn check_lineups(t: &Tournament, lineups: &[(u32, Vec<u32>)]) -> Result<(), TeamPairingError> {
    for (i, (id, players)) in lineups.iter().enumerate() {
        let team = (t.teams.iter().find(|x| x.id == *id))
            .ok_or(TeamPairingError::UnknownTeam { team: *id })?;
        if lineups[..i].iter().any(|(other, _)| other == id) {
            return Err(TeamPairingError::Lineup {
                team: *id,
                why: "given twice".into(),
            });
        }
        check_lineup(team, players)?;
    }
    Ok(())
}

/// The boards of a match between the line-ups `first` (the first-named team) and
/// `second`, board 1 first: board `i` pairs the `i`-th player of each, the first team's
/// Black on odd boards, the second team's on even boards.
///
/// ```
/// use renju_tournament::pairing::teams::match_boards;
/// use renju_tournament::pairing::Pairing;
/// let boards = match_boards(&[1, 2], &[5, 6]).unwrap();
/// assert_eq!(boards, [Pairing::Game { black: 1, white: 5 }, Pairing::Game { black: 6, white: 2 }]);
/// ```
pub fn match_boards(first: &[u32], second: &[u32]) -> Result<Vec<Pairing>, TeamPairingError> {
    if first.len() != second.len() {
        return Err(TeamPairingError::UnequalLineups {
            first: first.len(),
            second: second.len(),
        });
    }
    if first.is_empty() {
        return Err(TeamPairingError::NoBoards);
    }
    Ok((first.iter().zip(second).enumerate())
        .map(|(i, (&a, &b))| match i % 2 {
            0 => Pairing::Game { black: a, white: b },
            _ => Pairing::Game { black: b, white: a },
        })
        .collect())
}

/// The rounds of a Scheveningen match between the line-ups `first` and `second` (of
/// equal length `k`): `k` rounds; in round `r` board `i` pairs the first team's `i`-th
/// player with the second team's `j`-th, `j = (i + r - 2) mod k + 1`, so that every
/// player of one team meets every player of the other once; the first team's player has
/// Black when `i + j` is even, so that each player's colours alternate round by round
/// (but at the wrap-around) and each has Black in half the rounds, give or take one.
///
/// ```
/// use renju_tournament::pairing::teams::scheveningen;
/// use renju_tournament::pairing::Pairing;
/// let rounds = scheveningen(&[1, 2], &[3, 4]).unwrap();
/// assert_eq!(rounds[0], [Pairing::Game { black: 1, white: 3 }, Pairing::Game { black: 2, white: 4 }]);
/// assert_eq!(rounds[1], [Pairing::Game { black: 4, white: 1 }, Pairing::Game { black: 3, white: 2 }]);
/// ```
pub fn scheveningen(first: &[u32], second: &[u32]) -> Result<Vec<Vec<Pairing>>, TeamPairingError> {
    match_boards(first, second)?;
    let k = first.len();
    Ok((0..k)
        .map(|r| {
            (0..k)
                .map(|i| {
                    // 0-based: j = (i + r) mod k; the 1-based i + j is even when the
                    // 0-based i + j is.
                    let j = i.saturating_add(r).checked_rem(k).unwrap_or(0);
                    let (a, b) = (first[i], second[j]);
                    if i.saturating_add(j) % 2 == 0 {
                        Pairing::Game { black: a, white: b }
                    } else {
                        Pairing::Game { black: b, white: a }
                    }
                })
                .collect()
        })
        .collect())
}

/// The boards of a match when none are given: the smallest team's number of players
/// (0 without teams).
pub fn default_boards(t: &Tournament) -> usize {
    t.teams.iter().map(|x| x.boards.len()).min().unwrap_or(0)
}

/// The two teams of a match between two teams (a Scheveningen or a king-of-the-hill
/// match), lower id first.
pub fn two_teams(t: &Tournament) -> Result<(&Team, &Team), TeamPairingError> {
    let mut teams: Vec<&Team> = t.teams.iter().collect();
    teams.sort_by_key(|x| x.id);
    match teams[..] {
        [a, b] => Ok((a, b)),
        _ if teams.is_empty() => Err(TeamPairingError::NotATeamEvent),
        _ => Err(TeamPairingError::NotTwoTeams { teams: teams.len() }),
    }
}

/// Round `round` (`None`: the first without pairings) of the Scheveningen match between
/// the two teams of `t` ([`scheveningen`]): each team's line-up is `lineups`' entry for
/// it (checked), else its first `boards` players.
///
/// ```
/// use renju_tournament::pairing::teams::pair_scheveningen;
/// use renju_tournament::pairing::Pairing;
/// use renju_tournament::Tournament;
/// let t = Tournament::from_trf(include_str!("../../../fixtures/tournaments/two_teams.trf")).unwrap();
/// let round2 = pair_scheveningen(&t, Some(2), 3, &[]).unwrap();
/// assert_eq!(round2[0], Pairing::Game { black: 5, white: 1 });
/// ```
pub fn pair_scheveningen(
    t: &Tournament,
    round: Option<u32>,
    boards: usize,
    lineups: &[(u32, Vec<u32>)],
) -> Result<Vec<Pairing>, TeamPairingError> {
    let (a, b) = two_teams(t)?;
    check_lineups(t, lineups)?;
    let (first, second) = (
        round_lineup(t, a.id, boards, lineups)?,
        round_lineup(t, b.id, boards, lineups)?,
    );
    let round = team_round(t, round)?;
    let mut rounds = scheveningen(&first, &second)?;
    let k = u32::try_from(rounds.len()).unwrap_or(u32::MAX);
    if round > k {
        return Err(TeamPairingError::PastSchedule {
            round,
            teams: 2,
            rounds: k,
        });
    }
    Ok(rounds.swap_remove((round as usize).saturating_sub(1)))
}

/// Pairs round `round` (`None`: the first without pairings) of the team round robin `t`
/// by FIDE's Berger tables over the teams in id order, scheduled by `options`; the
/// table's first mover is the first-named team. Each match has `boards` boards; a
/// team's line-up is `lineups`' entry for it (checked by [`check_lineup`]), else its
/// first `boards` players in board order.
///
/// ```
/// use renju_tournament::pairing::round_robin::RoundRobinOptions;
/// use renju_tournament::pairing::teams::pair_team_round_robin;
/// use renju_tournament::{Player, Team, Tournament};
/// let team = |id: u32, players: Vec<u32>| Team { id, name: format!("T{id}"), boards: players,
///     declared_points: None, declared_rank: None };
/// let t = Tournament {
///     players: (1..=8).map(|i| Player::new(i, format!("P{i}"))).collect(),
///     teams: vec![team(1, vec![1, 2]), team(2, vec![3, 4]), team(3, vec![5, 6]), team(4, vec![7, 8])],
///     ..Tournament::default()
/// };
/// let round = pair_team_round_robin(&t, None, &RoundRobinOptions::default(), 2, &[]).unwrap();
/// assert_eq!((round.matches[0].first, round.matches[0].second), (1, 4));
/// ```
pub fn pair_team_round_robin(
    t: &Tournament,
    round: Option<u32>,
    options: &RoundRobinOptions,
    boards: usize,
    lineups: &[(u32, Vec<u32>)],
) -> Result<TeamRound, TeamPairingError> {
    let teams = team_order(t, boards)?;
    check_lineups(t, lineups)?;
    let round = team_round(t, round)?;
    let n = u32::try_from(teams.len()).unwrap_or(u32::MAX);
    let table = scheduled_round(n, round, options).ok_or(TeamPairingError::PastSchedule {
        round,
        teams: n,
        rounds: options.rounds(n),
    })?;
    let id = |number: u32| teams[(number as usize).saturating_sub(1)].id;
    let mut out = TeamRound {
        round,
        matches: Vec::new(),
        bye: None,
    };
    for board in table {
        match board {
            Pairing::Bye { player } => out.bye = Some(id(player)),
            Pairing::Game { black, white } => {
                out.matches
                    .push(team_match(t, id(black), id(white), boards, lineups)?);
            }
        }
    }
    Ok(out)
}

/// Pairs round `round` (`None`: the first without pairings) of the team Swiss `t` by
/// match points, by the criteria of [this module](self); each match as
/// [`pair_team_round_robin`] lays it out.
pub fn pair_team_swiss(
    t: &Tournament,
    round: Option<u32>,
    boards: usize,
    lineups: &[(u32, Vec<u32>)],
) -> Result<TeamRound, TeamPairingError> {
    team_order(t, boards)?;
    check_lineups(t, lineups)?;
    let round = team_round(t, round)?;
    let history = TeamHistory::of(t);
    let options = StandingsOptions {
        system: Some(System::Swiss),
        ..StandingsOptions::default()
    };
    let table = standings_unchecked(t, &options);
    // (id, match points in half points, place from 0), best first.
    let ranked: Vec<(u32, i64, u64)> = (table.rows.iter().zip(0u64..))
        .map(|(r, place)| (r.id, r.points.0, place))
        .collect();
    let mates = swiss_matching(&ranked, &history, round)?;
    let mut out = TeamRound {
        round,
        matches: Vec::new(),
        bye: None,
    };
    for (i, mate) in mates.iter().enumerate() {
        match mate {
            Some(j) if *j == ranked.len() => out.bye = Some(ranked[i].0),
            Some(j) if *j > i => {
                let (a, b) = (ranked[i].0, ranked[*j].0);
                let (first, second) = if history.first_named(b) < history.first_named(a) {
                    (b, a)
                } else {
                    (a, b)
                };
                out.matches
                    .push(team_match(t, first, second, boards, lineups)?);
            }
            _ => {}
        }
    }
    Ok(out)
}

/// The weight of a match between teams `a` and `b` of `(id, match points, place)`:
/// the criteria of the module, larger is better.
fn swiss_weight(a: (u32, i64, u64), b: (u32, i64, u64)) -> u128 {
    let diff = u128::from(a.1.abs_diff(b.1));
    let places = u128::from(a.2.abs_diff(b.2));
    // Points (at most 2,000 half points apart) before places (fewer than 10,000 apart).
    let cost = diff
        .saturating_mul(diff)
        .saturating_mul(100_000)
        .saturating_add(places);
    (1u128 << 64).saturating_sub(cost)
}

/// The mates of the ranked teams (index `ranked.len()`: the bye) by the Swiss criteria.
fn swiss_matching(
    ranked: &[(u32, i64, u64)],
    history: &TeamHistory,
    round: u32,
) -> Result<Vec<Option<usize>>, TeamPairingError> {
    let n = ranked.len();
    let mut edges = Vec::new();
    for i in 0..n {
        for j in (i.saturating_add(1))..n {
            if !history.met(ranked[i].0, ranked[j].0) {
                edges.push((i, j, swiss_weight(ranked[i], ranked[j])));
            }
        }
    }
    let vertices = if n % 2 == 1 {
        let phantom = (0, 0, u64::try_from(n).unwrap_or(u64::MAX));
        for (i, &team) in ranked.iter().enumerate() {
            if !history.byes.contains(&team.0) {
                edges.push((i, n, swiss_weight(team, phantom)));
            }
        }
        n.saturating_add(1)
    } else {
        n
    };
    let mates = max_weight_matching(vertices, &edges, true)?;
    if mates.iter().any(Option::is_none) {
        return Err(TeamPairingError::NoValidPairing { round });
    }
    Ok(mates)
}

/// What the crosstable says about the teams' earlier rounds.
struct TeamHistory {
    /// The pairs of teams that met (smaller id first).
    met: HashSet<(u32, u32)>,
    /// The teams that had a round without an opponent team with something scored.
    byes: HashSet<u32>,
    /// How many times each team was first-named (Black on board 1's parity).
    first: HashMap<u32, u32>,
}

impl TeamHistory {
    fn of(t: &Tournament) -> TeamHistory {
        let team_of: HashMap<u32, u32> = (t.players.iter())
            .filter_map(|p| p.team.map(|x| (p.id, x)))
            .collect();
        let mut met = HashSet::new();
        // (round, team) -> the colour of its top board's player: (place, colour).
        let mut top: HashMap<(u32, u32), (usize, Option<Color>)> = HashMap::new();
        let mut played: HashSet<(u32, u32)> = HashSet::new();
        let mut unpaired: HashSet<(u32, u32)> = HashSet::new();
        for c in &t.cells {
            let Some(&a) = team_of.get(&c.player) else {
                continue;
            };
            match c.opponent.and_then(|o| team_of.get(&o)) {
                Some(&b) if b != a => {
                    met.insert((a.min(b), a.max(b)));
                    played.insert((c.round, a));
                    let place = board_place(t, c.player, a);
                    let entry = top.entry((c.round, a)).or_insert((place, c.color));
                    if place < entry.0 {
                        *entry = (place, c.color);
                    }
                }
                _ if !c.result.has_opponent() && c.result != ResultKind::Absent => {
                    unpaired.insert((c.round, a));
                }
                _ => {}
            }
        }
        let byes = (unpaired.difference(&played)).map(|&(_, a)| a).collect();
        let mut first = HashMap::new();
        for ((_, a), (_, colour)) in top {
            if colour == Some(Color::Black) {
                let count = first.entry(a).or_insert(0u32);
                *count = count.saturating_add(1);
            }
        }
        TeamHistory { met, byes, first }
    }

    fn met(&self, a: u32, b: u32) -> bool {
        self.met.contains(&(a.min(b), a.max(b)))
    }

    fn first_named(&self, team: u32) -> u32 {
        self.first.get(&team).copied().unwrap_or(0)
    }
}

/// `player`'s place in `team`'s board order (past the end when not in it): the player
/// of a round's line-up placed highest sits on board 1, where the first-named team has
/// Black.
fn board_place(t: &Tournament, player: u32, team: u32) -> usize {
    (t.teams.iter().find(|x| x.id == team))
        .and_then(|x| x.boards.iter().position(|&p| p == player))
        .unwrap_or(usize::MAX)
}

/// The match of `first` against `second` on `boards` boards, with their line-ups.
fn team_match(
    t: &Tournament,
    first: u32,
    second: u32,
    boards: usize,
    lineups: &[(u32, Vec<u32>)],
) -> Result<TeamMatch, TeamPairingError> {
    let a = round_lineup(t, first, boards, lineups)?;
    let b = round_lineup(t, second, boards, lineups)?;
    Ok(TeamMatch {
        first,
        second,
        boards: match_boards(&a, &b)?,
    })
}

/// Team `id`'s line-up for a match of `boards` boards: the one `lineups` gives for it
/// (checked: the team's own players, each once, `boards` of them), else its first
/// `boards` players (an error when it has fewer).
pub fn round_lineup(
    t: &Tournament,
    id: u32,
    boards: usize,
    lineups: &[(u32, Vec<u32>)],
) -> Result<Vec<u32>, TeamPairingError> {
    if boards == 0 {
        return Err(TeamPairingError::NoBoards);
    }
    let Some(team) = t.teams.iter().find(|x| x.id == id) else {
        return Err(TeamPairingError::NotATeamEvent);
    };
    if let Some((_, given)) = lineups.iter().find(|(team, _)| *team == id) {
        check_lineup(team, given)?;
        if given.len() != boards {
            return Err(TeamPairingError::Lineup {
                team: id,
                why: format!("{} players for {boards} boards", given.len()),
            });
        }
        return Ok(given.clone());
    }
    if team.boards.len() < boards {
        return Err(TeamPairingError::ShortTeam {
            team: id,
            players: team.boards.len(),
            boards,
        });
    }
    Ok(team.boards[..boards].to_vec())
}

/// The teams in id order, at least two, for matches of at least one board.
fn team_order(t: &Tournament, boards: usize) -> Result<Vec<&Team>, TeamPairingError> {
    if boards == 0 {
        return Err(TeamPairingError::NoBoards);
    }
    if t.teams.is_empty() {
        return Err(TeamPairingError::NotATeamEvent);
    }
    if t.teams.len() < 2 {
        return Err(TeamPairingError::TooFewTeams {
            teams: t.teams.len(),
        });
    }
    let mut teams: Vec<&Team> = t.teams.iter().collect();
    teams.sort_by_key(|x| x.id);
    Ok(teams)
}

/// The round asked for, or the first without pairings; never 0 nor past the rounds
/// declared.
fn team_round(t: &Tournament, round: Option<u32>) -> Result<u32, TeamPairingError> {
    let round = round.unwrap_or_else(|| next_round(t));
    if round == 0 {
        return Err(TeamPairingError::PastSchedule {
            round,
            teams: u32::try_from(t.teams.len()).unwrap_or(u32::MAX),
            rounds: 0,
        });
    }
    if t.rounds > 0 && round > t.rounds {
        return Err(TeamPairingError::PastDeclaredRounds {
            round,
            declared: t.rounds,
        });
    }
    Ok(round)
}
