//! King of the hill (擂台赛) between two teams: the players come on in their team's
//! order; each bout is one game between the two players on; the loser leaves and the
//! next player of their team comes on, the winner stays; the team whose last player
//! loses is out, and the other wins the match. [`KingOfTheHill`] takes each bout's
//! result and says who plays next.
//!
//! Where the rules are silent, the reading chosen: the first bout's Black is the first
//! team's player (from a tournament: the team with the lower id, or the first of the
//! rotation order given, see below); a player who stays changes colour each bout (the
//! one who comes on takes the other); a drawn bout is as the organiser says ([`DrawnBout`]): both
//! players leave (the common regulation; the first team's next player then has Black),
//! or the bout is played again with the colours exchanged. When both teams' last
//! players leave on a draw, the match is drawn.
//!
//! **More than two teams** ([`HillEvent`]; the rules speak of sides in turn and are
//! silent on the order, so the reading of the multi-team events that three-nation team
//! cups run): the teams come on in a fixed rotation, their order as given (from a
//! tournament: by team id, or the order given, for instance as drawn by lots: a list of
//! the team ids, each team once, refused naming the team when it names a team the
//! tournament does not have ([`HillError::OrderUnknownTeam`]), names one twice
//! ([`HillError::OrderRepeatedTeam`]) or leaves one out
//! ([`HillError::OrderMissingTeam`]); with two teams the order's first is the first
//! team). The first bout is the first team's first player (Black) against the second
//! team's. The winner of a bout stays; the next challenger is the
//! next player of the next team in the rotation after the team that came on last,
//! skipping the winner's team and every team with no player left (a skipped team keeps
//! its turn in the rotation: the pointer moves past it and it comes on again when the
//! rotation reaches it). A player who stays changes colour each bout, the challenger
//! takes the other. A drawn bout is as [`DrawnBout`] says: played again with the
//! colours exchanged, or both players leave; then nobody stays, and the next bout pairs
//! the next team in the rotation with players left with the one after it, the one
//! placed earlier in the rotation's order with Black. A team's play ends when its last
//! player leaves; the event ends when at most one team has players left. Teams are
//! ranked by how late their play ended: the team still with players first, then the
//! others, the later their last player left the higher; teams whose play ended in the
//! same bout share the place. With two teams this is [`KingOfTheHill`] bout for bout.

use std::collections::HashMap;

use crate::model::{ResultKind, Team, Tournament};

use super::teams::two_teams;
use super::Pairing;

/// What a drawn bout does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum DrawnBout {
    /// Both players leave.
    #[default]
    BothLeave,
    /// The bout is played again, the colours exchanged.
    Replayed,
}

/// The result of a bout, from Black's side.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BoutResult {
    /// Black won.
    BlackWins,
    /// White won.
    WhiteWins,
    /// Drawn.
    Draw,
}

/// How a king-of-the-hill match ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HillOutcome {
    /// The team (0: the first, 1: the second) that still has a player won.
    Won(usize),
    /// Both teams' last players left in one drawn bout.
    Drawn,
}

/// A king-of-the-hill input that cannot be taken.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum HillError {
    /// A team without players.
    #[error("team {team} has no players")]
    EmptyTeam {
        /// 0: the first team, 1: the second.
        team: usize,
    },
    /// A team of an event of more teams ([`HillEvent`]) without players.
    #[error("team {team} has no players")]
    EmptyTeamOf {
        /// The team's id.
        team: u32,
    },
    /// A player in both teams, or twice in one.
    #[error("player {player} is named twice in the line-ups")]
    Repeated {
        /// The player.
        player: u32,
    },
    /// A result after the match ended.
    #[error("the match is over: no bout to record")]
    Over,
    /// Teams that cannot play: not a tournament of two teams (for [`KingOfTheHill`]), or
    /// a line-up for a team the tournament does not have, a second line-up for one
    /// team, or one naming a player not in the team.
    #[error("{0}")]
    Teams(String),
    /// Fewer than two teams.
    #[error("king of the hill needs at least two teams; {teams} given")]
    TooFewTeams {
        /// The number of teams.
        teams: usize,
    },
    /// A team named twice.
    #[error("team {team} is named twice")]
    RepeatedTeam {
        /// The team's id.
        team: u32,
    },
    /// A rotation order naming a team the tournament does not have.
    #[error("the rotation order names team {team}, which the tournament does not have")]
    OrderUnknownTeam {
        /// The team's id.
        team: u32,
    },
    /// A rotation order naming a team twice.
    #[error("the rotation order names team {team} twice")]
    OrderRepeatedTeam {
        /// The team's id.
        team: u32,
    },
    /// A rotation order leaving a team of the tournament out.
    #[error("the rotation order leaves out team {team}: name every team once")]
    OrderMissingTeam {
        /// The team's id.
        team: u32,
    },
    /// A player of the crosstable plays again after leaving.
    #[error("round {round}: player {player} plays again, having left in round {left_in}")]
    PlaysAgain {
        /// The round.
        round: u32,
        /// The player.
        player: u32,
        /// The round of the bout they left in.
        left_in: u32,
    },
    /// A player of the crosstable comes on before a teammate placed earlier in the
    /// line-up has played and left.
    #[error("round {round}: player {player} of team {team} comes on before player {expected}, who is earlier in the line-up and has not left")]
    OutOfOrder {
        /// The round.
        round: u32,
        /// The player who came on.
        player: u32,
        /// The team.
        team: u32,
        /// The player whose turn it was.
        expected: u32,
    },
    /// A round of the crosstable that is not the bout the match had next.
    #[error("round {round}: the next bout was {black} against {white}, and the crosstable has no such game")]
    OffOrder {
        /// The round.
        round: u32,
        /// The bout's Black.
        black: u32,
        /// The bout's White.
        white: u32,
    },
}

/// One king-of-the-hill match between two teams' line-ups: who plays next and, as
/// results come in, who is out.
///
/// ```
/// use renju_tournament::pairing::king_of_the_hill::{BoutResult, DrawnBout, HillOutcome, KingOfTheHill};
/// use renju_tournament::pairing::Pairing;
///
/// let mut hill = KingOfTheHill::new(vec![1, 2], vec![5, 6], DrawnBout::BothLeave).unwrap();
/// assert_eq!(hill.next_bout(), Some(Pairing::Game { black: 1, white: 5 }));
/// hill.record(BoutResult::BlackWins).unwrap(); // 5 leaves; 1 stays, now White
/// assert_eq!(hill.next_bout(), Some(Pairing::Game { black: 6, white: 1 }));
/// hill.record(BoutResult::BlackWins).unwrap(); // 1 leaves
/// assert_eq!(hill.next_bout(), Some(Pairing::Game { black: 2, white: 6 }));
/// hill.record(BoutResult::WhiteWins).unwrap(); // 2, the first team's last, leaves
/// assert_eq!(hill.outcome(), Some(HillOutcome::Won(1)));
/// assert_eq!(hill.next_bout(), None);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KingOfTheHill {
    lineups: [Vec<u32>; 2],
    /// Each team's next player to come on (its index in the line-up).
    on: [usize; 2],
    /// The team whose player has Black in the next bout.
    black_team: usize,
    draws: DrawnBout,
    bouts: Vec<(Pairing, BoutResult)>,
}

impl KingOfTheHill {
    /// A match between the line-ups `first` and `second`, in the order their players
    /// come on; `draws` says what a drawn bout does.
    pub fn new(
        first: Vec<u32>,
        second: Vec<u32>,
        draws: DrawnBout,
    ) -> Result<KingOfTheHill, HillError> {
        for (team, lineup) in [&first, &second].into_iter().enumerate() {
            if lineup.is_empty() {
                return Err(HillError::EmptyTeam { team });
            }
        }
        let mut seen = std::collections::HashSet::new();
        if let Some(&player) = first.iter().chain(&second).find(|&&p| !seen.insert(p)) {
            return Err(HillError::Repeated { player });
        }
        Ok(KingOfTheHill {
            lineups: [first, second],
            on: [0, 0],
            black_team: 0,
            draws,
            bouts: Vec::new(),
        })
    }

    /// The match between the two teams of `t`, each in its board order (`lineups`' entry
    /// for a team, when given, instead), the first team the one with the lower id (the
    /// first of `order`, team ids each once, when given; an empty `order`: by id), with
    /// the crosstable's bouts replayed: one bout a round, in round order, each the game
    /// between the bout's players (Black's result read: a win or forfeit win, a loss or
    /// forfeit loss, anything else a draw).
    ///
    /// ```
    /// use renju_tournament::pairing::king_of_the_hill::{DrawnBout, KingOfTheHill};
    /// use renju_tournament::pairing::matches::record_game;
    /// use renju_tournament::pairing::Pairing;
    /// use renju_tournament::{ResultKind, Tournament};
    /// let mut t = Tournament::from_trf(include_str!("../../../fixtures/tournaments/two_teams.trf")).unwrap();
    /// record_game(&mut t, 1, 1, 4, ResultKind::Loss).unwrap();
    /// let hill = KingOfTheHill::from_tournament(&t, &[], &[], DrawnBout::BothLeave).unwrap();
    /// // 1 lost and left; 4 stays, with Black now.
    /// assert_eq!(hill.next_bout(), Some(Pairing::Game { black: 4, white: 2 }));
    /// // South (team 2) first: its first player has Black in the first bout.
    /// let t = Tournament::from_trf(include_str!("../../../fixtures/tournaments/two_teams.trf")).unwrap();
    /// let hill = KingOfTheHill::from_tournament(&t, &[], &[2, 1], DrawnBout::BothLeave).unwrap();
    /// assert_eq!(hill.next_bout(), Some(Pairing::Game { black: 4, white: 1 }));
    /// ```
    pub fn from_tournament(
        t: &Tournament,
        lineups: &[(u32, Vec<u32>)],
        order: &[u32],
        draws: DrawnBout,
    ) -> Result<KingOfTheHill, HillError> {
        Ok(KingOfTheHill::with_ids(t, lineups, order, draws)?.0)
    }

    /// [`KingOfTheHill::from_tournament`], with the ids of the first and the second team.
    fn with_ids(
        t: &Tournament,
        lineups: &[(u32, Vec<u32>)],
        order: &[u32],
        draws: DrawnBout,
    ) -> Result<(KingOfTheHill, [u32; 2]), HillError> {
        two_teams(t).map_err(|e| HillError::Teams(e.to_string()))?;
        let teams = team_lineups(t, lineups, order)?;
        let [(a, first), (b, second)]: [(u32, Vec<u32>); 2] =
            (teams.try_into()).map_err(|l: Vec<_>| HillError::TooFewTeams { teams: l.len() })?;
        let mut hill = KingOfTheHill::new(first, second, draws)?;
        let mut rounds: Vec<u32> = t.cells.iter().map(|c| c.round).collect();
        rounds.sort_unstable();
        rounds.dedup();
        for round in rounds {
            let (black, white) = hill
                .next_bout()
                .and_then(Pairing::game)
                .ok_or(HillError::Over)?;
            let cell = (t.cells.iter())
                .find(|c| c.round == round && c.player == black && c.opponent == Some(white))
                .ok_or(HillError::OffOrder {
                    round,
                    black,
                    white,
                })?;
            hill.record(match cell.result {
                ResultKind::Win | ResultKind::ForfeitWin => BoutResult::BlackWins,
                ResultKind::Loss | ResultKind::ForfeitLoss => BoutResult::WhiteWins,
                _ => BoutResult::Draw,
            })?;
        }
        Ok((hill, [a, b]))
    }

    /// The next bout, Black first, or `None` when the match is over.
    pub fn next_bout(&self) -> Option<Pairing> {
        let a = *self.lineups[0].get(self.on[0])?;
        let b = *self.lineups[1].get(self.on[1])?;
        Some(if self.black_team == 0 {
            Pairing::Game { black: a, white: b }
        } else {
            Pairing::Game { black: b, white: a }
        })
    }

    /// Records the result of [`KingOfTheHill::next_bout`].
    pub fn record(&mut self, result: BoutResult) -> Result<(), HillError> {
        let bout = self.next_bout().ok_or(HillError::Over)?;
        self.bouts.push((bout, result));
        let white_team = usize::from(self.black_team == 0);
        match (result, self.draws) {
            (BoutResult::BlackWins, _) => self.leaves(white_team, self.black_team),
            (BoutResult::WhiteWins, _) => self.leaves(self.black_team, white_team),
            (BoutResult::Draw, DrawnBout::BothLeave) => {
                self.on[0] = self.on[0].saturating_add(1);
                self.on[1] = self.on[1].saturating_add(1);
                self.black_team = 0;
            }
            (BoutResult::Draw, DrawnBout::Replayed) => self.black_team = white_team,
        }
        Ok(())
    }

    /// The player of `loser` leaves; the player of `winner` stays and changes colour.
    fn leaves(&mut self, loser: usize, winner: usize) {
        self.on[loser] = self.on[loser].saturating_add(1);
        // The winner had Black: now White, and the other way round.
        self.black_team = if self.black_team == winner {
            loser
        } else {
            winner
        };
    }

    /// How the match ended, or `None` while it goes on.
    pub fn outcome(&self) -> Option<HillOutcome> {
        let out = |team: usize| self.on[team] >= self.lineups[team].len();
        match (out(0), out(1)) {
            (false, false) => None,
            (true, true) => Some(HillOutcome::Drawn),
            (true, false) => Some(HillOutcome::Won(1)),
            (false, true) => Some(HillOutcome::Won(0)),
        }
    }

    /// The bouts played, with their results, in order.
    pub fn bouts(&self) -> &[(Pairing, BoutResult)] {
        &self.bouts
    }

    /// The players each team still has (the one on and those to come).
    pub fn remaining(&self, team: usize) -> &[u32] {
        let lineup = &self.lineups[team.min(1)];
        &lineup[self.on[team.min(1)].min(lineup.len())..]
    }
}

/// A team's place in a [`HillEvent`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HillPlace {
    /// The place, from 1; teams whose play ended in the same bout share it.
    pub place: u32,
    /// The team's id.
    pub team: u32,
    /// The bout (from 1) whose result ended the team's play, or `None` while it has
    /// players left.
    pub out_after: Option<u32>,
}

/// One bout of a [`HillEvent`] as played.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HillBout {
    /// Black's player.
    pub black: u32,
    /// White's player.
    pub white: u32,
    /// Black's team id.
    pub black_team: u32,
    /// White's team id.
    pub white_team: u32,
    /// The result.
    pub result: BoutResult,
}

/// A king-of-the-hill event of two or more teams, by the rotation reading of [this
/// module](self): who plays next, each bout's result, the teams' ranking.
///
/// ```
/// use renju_tournament::pairing::king_of_the_hill::{BoutResult, DrawnBout, HillEvent};
/// use renju_tournament::pairing::Pairing;
///
/// let teams = vec![(1, vec![11, 12]), (2, vec![21, 22]), (3, vec![31, 32])];
/// let mut hill = HillEvent::new(teams, DrawnBout::BothLeave).unwrap();
/// assert_eq!(hill.next_bout(), Some(Pairing::Game { black: 11, white: 21 }));
/// hill.record(BoutResult::BlackWins).unwrap(); // 21 leaves; 11 stays, White now
/// // The next team in the rotation after team 2: team 3.
/// assert_eq!(hill.next_bout(), Some(Pairing::Game { black: 31, white: 11 }));
/// hill.record(BoutResult::BlackWins).unwrap(); // 11 leaves; 31 stays
/// // After team 3 comes team 1 (not 31's own team), then team 2.
/// assert_eq!(hill.next_bout(), Some(Pairing::Game { black: 12, white: 31 }));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HillEvent {
    /// The teams in rotation order: id and line-up.
    teams: Vec<(u32, Vec<u32>)>,
    /// Each team's next player to come on (its index in the line-up).
    on: Vec<usize>,
    /// The team that came on last (the rotation continues after it).
    last: usize,
    /// The two teams of the next bout: (Black's, White's).
    next: Option<(usize, usize)>,
    draws: DrawnBout,
    bouts: Vec<HillBout>,
    /// The bout (from 1) that ended each team's play.
    out_after: Vec<Option<u32>>,
}

impl HillEvent {
    /// An event of `teams` (id, line-up in the order the players come on), in rotation
    /// order; `draws` says what a drawn bout does.
    pub fn new(teams: Vec<(u32, Vec<u32>)>, draws: DrawnBout) -> Result<HillEvent, HillError> {
        if teams.len() < 2 {
            return Err(HillError::TooFewTeams { teams: teams.len() });
        }
        let mut seen_teams = std::collections::HashSet::new();
        let mut seen = std::collections::HashSet::new();
        for (id, lineup) in &teams {
            if !seen_teams.insert(*id) {
                return Err(HillError::RepeatedTeam { team: *id });
            }
            if lineup.is_empty() {
                return Err(HillError::EmptyTeamOf { team: *id });
            }
            if let Some(&player) = lineup.iter().find(|&&p| !seen.insert(p)) {
                return Err(HillError::Repeated { player });
            }
        }
        let n = teams.len();
        Ok(HillEvent {
            teams,
            on: vec![0; n],
            last: 1,
            next: Some((0, 1)),
            draws,
            bouts: Vec::new(),
            out_after: vec![None; n],
        })
    }

    /// The event of the teams of `t` in id order (in `order`, team ids each once, when
    /// given; an empty `order`: by id), each in its board order (`lineups`' entry for a
    /// team, when given, instead), with the crosstable's bouts replayed: one
    /// bout a round, in round order, each the game between the bout's players (Black's
    /// result read as [`KingOfTheHill::from_tournament`] reads it). A line-up for a team
    /// the tournament does not have, or naming a player not in the team, is refused
    /// ([`HillError::Teams`]); the order of a line-up is the team's choice. A round that is not
    /// the bout due is refused, saying why: a player who had left plays again
    /// ([`HillError::PlaysAgain`]), a player comes on before a teammate earlier in the
    /// line-up has left ([`HillError::OutOfOrder`]), or another pairing
    /// ([`HillError::OffOrder`]). An `order` that is not the teams' ids each once is
    /// refused, naming the team ([`HillError::OrderUnknownTeam`],
    /// [`HillError::OrderRepeatedTeam`], [`HillError::OrderMissingTeam`]).
    ///
    /// ```
    /// use renju_tournament::pairing::king_of_the_hill::{DrawnBout, HillError, HillEvent};
    /// use renju_tournament::pairing::Pairing;
    /// use renju_tournament::Tournament;
    /// let t = Tournament::from_trf(include_str!("../../../fixtures/tournaments/three_teams.trf")).unwrap();
    /// // East (team 3), then North (1), then South (2), as drawn by lots.
    /// let hill = HillEvent::from_tournament(&t, &[], &[3, 1, 2], DrawnBout::BothLeave).unwrap();
    /// assert_eq!(hill.next_bout(), Some(Pairing::Game { black: 5, white: 1 }));
    /// let e = HillEvent::from_tournament(&t, &[], &[3, 1], DrawnBout::BothLeave).unwrap_err();
    /// assert_eq!(e, HillError::OrderMissingTeam { team: 2 });
    /// ```
    pub fn from_tournament(
        t: &Tournament,
        lineups: &[(u32, Vec<u32>)],
        order: &[u32],
        draws: DrawnBout,
    ) -> Result<HillEvent, HillError> {
        let mut hill = HillEvent::new(team_lineups(t, lineups, order)?, draws)?;
        let mut rounds: Vec<u32> = t.cells.iter().map(|c| c.round).collect();
        rounds.sort_unstable();
        rounds.dedup();
        // Each player who left, and the round they left in.
        let mut left: HashMap<u32, u32> = HashMap::new();
        for round in rounds {
            let Some((black, white)) = hill.next_bout().and_then(Pairing::game) else {
                return Err(hill.fault(t, round, &left).unwrap_or(HillError::Over));
            };
            let cell = (t.cells.iter())
                .find(|c| c.round == round && c.player == black && c.opponent == Some(white));
            let Some(cell) = cell else {
                return Err(hill.fault(t, round, &left).unwrap_or(HillError::OffOrder {
                    round,
                    black,
                    white,
                }));
            };
            let before: Vec<usize> = hill.on.clone();
            hill.record(match cell.result {
                ResultKind::Win | ResultKind::ForfeitWin => BoutResult::BlackWins,
                ResultKind::Loss | ResultKind::ForfeitLoss => BoutResult::WhiteWins,
                _ => BoutResult::Draw,
            })?;
            for (k, (_, lineup)) in hill.teams.iter().enumerate() {
                for &p in &lineup[before[k].min(lineup.len())..hill.on[k].min(lineup.len())] {
                    left.insert(p, round);
                }
            }
        }
        Ok(hill)
    }

    /// What is wrong with round `round` of `t`, a round that is not the bout due: a
    /// player of its games who had left, or one who came on before a teammate earlier
    /// in the line-up left; `None` when neither (another pairing).
    fn fault(&self, t: &Tournament, round: u32, left: &HashMap<u32, u32>) -> Option<HillError> {
        let played = (t.cells.iter())
            .filter(|c| c.round == round && c.opponent.is_some())
            .map(|c| c.player);
        for player in played {
            if let Some(&left_in) = left.get(&player) {
                return Some(HillError::PlaysAgain {
                    round,
                    player,
                    left_in,
                });
            }
            let team =
                (self.teams.iter().enumerate()).find(|(_, (_, lineup))| lineup.contains(&player));
            if let Some((k, (id, lineup))) = team {
                let place = lineup.iter().position(|&p| p == player).unwrap_or(0);
                if place > self.on[k] {
                    return Some(HillError::OutOfOrder {
                        round,
                        player,
                        team: *id,
                        expected: lineup[self.on[k]],
                    });
                }
            }
        }
        None
    }

    /// The next bout, Black first, or `None` when the event is over.
    pub fn next_bout(&self) -> Option<Pairing> {
        let (b, w) = self.next?;
        Some(Pairing::Game {
            black: self.player_on(b)?,
            white: self.player_on(w)?,
        })
    }

    /// The teams of the next bout, (Black's, White's) by id, or `None` when it is over.
    pub fn next_teams(&self) -> Option<(u32, u32)> {
        let (b, w) = self.next?;
        Some((self.teams[b].0, self.teams[w].0))
    }

    fn player_on(&self, team: usize) -> Option<u32> {
        self.teams[team].1.get(self.on[team]).copied()
    }

    fn has_players(&self, team: usize) -> bool {
        self.on[team] < self.teams[team].1.len()
    }

    /// The first team after `from` in the rotation with players left, other than
    /// `except`.
    fn next_in_rotation(&self, from: usize, except: Option<usize>) -> Option<usize> {
        let n = self.teams.len();
        (1..=n)
            .map(|step| from.saturating_add(step).checked_rem(n).unwrap_or(0))
            .find(|&k| Some(k) != except && self.has_players(k))
    }

    /// Records the result of [`HillEvent::next_bout`].
    pub fn record(&mut self, result: BoutResult) -> Result<(), HillError> {
        let (b, w) = self.next.ok_or(HillError::Over)?;
        let (black, white) = self
            .next_bout()
            .and_then(Pairing::game)
            .ok_or(HillError::Over)?;
        self.bouts.push(HillBout {
            black,
            white,
            black_team: self.teams[b].0,
            white_team: self.teams[w].0,
            result,
        });
        let bout = u32::try_from(self.bouts.len()).unwrap_or(u32::MAX);
        let leaves = |k: usize, this: &mut HillEvent| {
            this.on[k] = this.on[k].saturating_add(1);
            if !this.has_players(k) {
                this.out_after[k] = Some(bout);
            }
        };
        // (winner, loser) of a decided bout.
        let decided = match (result, self.draws) {
            (BoutResult::BlackWins, _) => Some((b, w)),
            (BoutResult::WhiteWins, _) => Some((w, b)),
            (BoutResult::Draw, DrawnBout::Replayed) => {
                self.next = Some((w, b));
                return Ok(());
            }
            (BoutResult::Draw, DrawnBout::BothLeave) => None,
        };
        match decided {
            Some((winner, loser)) => {
                leaves(loser, self);
                self.next = self.next_in_rotation(self.last, Some(winner)).map(|c| {
                    self.last = c;
                    // The winner had Black: now White, and the other way round.
                    if winner == b {
                        (c, winner)
                    } else {
                        (winner, c)
                    }
                });
            }
            None => {
                leaves(b, self);
                leaves(w, self);
                let first = self.next_in_rotation(self.last, None);
                let second = first.and_then(|f| self.next_in_rotation(f, Some(f)));
                self.next = match (first, second) {
                    (Some(f), Some(s)) => {
                        self.last = s;
                        Some((f.min(s), f.max(s)))
                    }
                    _ => None,
                };
            }
        }
        Ok(())
    }

    /// Whether the event is over (at most one team has players left).
    pub fn is_over(&self) -> bool {
        self.next.is_none()
    }

    /// The teams ranked by how late their play ended (the team still with players
    /// first; teams out in the same bout share the place), or `None` while the event
    /// goes on.
    pub fn ranking(&self) -> Option<Vec<HillPlace>> {
        if !self.is_over() {
            return None;
        }
        let mut rows: Vec<HillPlace> = (self.teams.iter().zip(&self.out_after))
            .map(|((team, _), out)| HillPlace {
                place: 0,
                team: *team,
                out_after: *out,
            })
            .collect();
        // Still in (None) first, then the later out first; ties in rotation order.
        rows.sort_by_key(|r| std::cmp::Reverse(r.out_after.map_or(u32::MAX, |b| b)));
        let mut place = 0u32;
        for i in 0..rows.len() {
            if i == 0 || rows[i].out_after != rows[i.saturating_sub(1)].out_after {
                place = u32::try_from(i).unwrap_or(u32::MAX).saturating_add(1);
            }
            rows[i].place = place;
        }
        Some(rows)
    }

    /// The winning team's id: the one team left with players when the event is over;
    /// `None` while it goes on and when the last teams went out in the same bout.
    pub fn winner(&self) -> Option<u32> {
        let ranking = self.ranking()?;
        match ranking[..] {
            [first, second, ..] if second.place == first.place => None,
            [first, ..] => Some(first.team),
            [] => None,
        }
    }

    /// The bouts played, in order.
    pub fn bouts(&self) -> &[HillBout] {
        &self.bouts
    }

    /// The players team `id` still has (the one on and those to come); empty for a team
    /// not in the event.
    pub fn remaining(&self, id: u32) -> &[u32] {
        match self.teams.iter().position(|(team, _)| *team == id) {
            Some(k) => &self.teams[k].1[self.on[k].min(self.teams[k].1.len())..],
            None => &[],
        }
    }
}

/// Whether the king of the hill of `t` is an event of more than two teams, played by
/// the rotation of [`HillEvent`] (else the two-team match of [`KingOfTheHill`]).
pub fn rotates(t: &Tournament) -> bool {
    t.teams.len() > 2
}

/// The next bout of the king of the hill of `t` (its bouts in the crosstable one a
/// round, replayed) and the winning team's id, the two the front ends give: the
/// two-team match of [`KingOfTheHill`] for two teams (the winner `None` while it goes
/// on and for a drawn match), the rotation of [`HillEvent`] for more (the winner the
/// last team with players, `None` when the last teams went out together). `order`, when
/// not empty, is the teams' rotation order (with two teams, the first team first), as
/// the two take it.
///
/// ```
/// use renju_tournament::pairing::king_of_the_hill::{next_bout_and_winner, DrawnBout};
/// use renju_tournament::pairing::Pairing;
/// use renju_tournament::Tournament;
/// let t = Tournament::from_trf(include_str!("../../../fixtures/tournaments/two_teams.trf")).unwrap();
/// let (bout, winner) = next_bout_and_winner(&t, &[], &[2, 1], DrawnBout::BothLeave).unwrap();
/// assert_eq!((bout, winner), (Some(Pairing::Game { black: 4, white: 1 }), None));
/// ```
pub fn next_bout_and_winner(
    t: &Tournament,
    lineups: &[(u32, Vec<u32>)],
    order: &[u32],
    draws: DrawnBout,
) -> Result<(Option<Pairing>, Option<u32>), HillError> {
    if rotates(t) {
        let hill = HillEvent::from_tournament(t, lineups, order, draws)?;
        return Ok((hill.next_bout(), hill.winner()));
    }
    let (hill, ids) = KingOfTheHill::with_ids(t, lineups, order, draws)?;
    let winner = match hill.outcome() {
        Some(HillOutcome::Won(k)) => Some(ids[k.min(1)]),
        _ => None,
    };
    Ok((hill.next_bout(), winner))
}

/// The teams of `t` in rotation order: `order` when given, else by id. An order naming
/// a team the tournament does not have, naming one twice or leaving one out is refused,
/// naming the team.
fn rotation<'t>(t: &'t Tournament, order: &[u32]) -> Result<Vec<&'t Team>, HillError> {
    let mut teams: Vec<&Team> = t.teams.iter().collect();
    teams.sort_by_key(|x| x.id);
    if order.is_empty() {
        return Ok(teams);
    }
    let mut rotation = Vec::with_capacity(order.len());
    for (i, &team) in order.iter().enumerate() {
        if order[..i].contains(&team) {
            return Err(HillError::OrderRepeatedTeam { team });
        }
        let found = teams.iter().find(|x| x.id == team);
        rotation.push(*found.ok_or(HillError::OrderUnknownTeam { team })?);
    }
    match teams.iter().find(|x| !order.contains(&x.id)) {
        Some(missing) => Err(HillError::OrderMissingTeam { team: missing.id }),
        None => Ok(rotation),
    }
}

/// The line-up of each team of `t`, in rotation order ([`rotation`]): its board order,
/// or `lineups`' entry for it. A line-up for a team the tournament does not have, a
/// second line-up for one team, or one naming a player not in the team is refused
/// ([`HillError::Teams`]); the order of a line-up is the team's choice.
fn team_lineups(
    t: &Tournament,
    lineups: &[(u32, Vec<u32>)],
    order: &[u32],
) -> Result<Vec<(u32, Vec<u32>)>, HillError> {
    let teams = rotation(t, order)?;
    for (i, (id, players)) in lineups.iter().enumerate() {
        let team = (teams.iter().find(|x| x.id == *id)).ok_or_else(|| {
            HillError::Teams(format!(
                "a line-up for team {id}: the tournament has no such team"
            ))
        })?;
        if lineups[..i].iter().any(|(earlier, _)| earlier == id) {
            return Err(HillError::Teams(format!(
                "team {id} has two line-ups: give one"
            )));
        }
        if let Some(p) = players.iter().find(|p| !team.boards.contains(p)) {
            return Err(HillError::Teams(format!(
                "team {id}'s line-up: player {p} is not in the team"
            )));
        }
    }
    Ok((teams.iter())
        .map(|team| {
            let given = lineups.iter().find(|(id, _)| *id == team.id);
            (
                team.id,
                given.map_or_else(|| team.boards.clone(), |g| g.1.clone()),
            )
        })
        .collect())
}
