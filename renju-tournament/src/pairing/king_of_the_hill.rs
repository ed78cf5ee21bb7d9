//! King of the hill (擂台赛) between two teams: the players come on in their team's
//! order; each bout is one game between the two players on; the loser leaves and the
//! next player of their team comes on, the winner stays; the team whose last player
//! loses is out, and the other wins the match. [`KingOfTheHill`] takes each bout's
//! result and says who plays next.
//!
//! Where the rules are silent, the reading chosen: the first bout's Black is the first
//! team's player; a player who stays changes colour each bout (the one who comes on
//! takes the other); a drawn bout is as the organiser says ([`DrawnBout`]): both
//! players leave (the common regulation; the first team's next player then has Black),
//! or the bout is played again with the colours exchanged. When both teams' last
//! players leave on a draw, the match is drawn.

use crate::model::{ResultKind, Tournament};

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
    /// A player in both teams, or twice in one.
    #[error("player {player} is named twice in the line-ups")]
    Repeated {
        /// The player.
        player: u32,
    },
    /// A result after the match ended.
    #[error("the match is over: no bout to record")]
    Over,
    /// Not a tournament of two teams.
    #[error("{0}")]
    Teams(String),
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
    /// for a team, when given, instead), with the crosstable's bouts replayed: one bout a
    /// round, in round order, each the game between the bout's players (Black's result
    /// read: a win or forfeit win, a loss or forfeit loss, anything else a draw).
    ///
    /// ```
    /// use renju_tournament::pairing::king_of_the_hill::{DrawnBout, KingOfTheHill};
    /// use renju_tournament::pairing::matches::record_game;
    /// use renju_tournament::pairing::Pairing;
    /// use renju_tournament::{ResultKind, Tournament};
    /// let mut t = Tournament::from_trf(include_str!("../../../fixtures/tournaments/two_teams.trf")).unwrap();
    /// record_game(&mut t, 1, 1, 4, ResultKind::Loss).unwrap();
    /// let hill = KingOfTheHill::from_tournament(&t, &[], DrawnBout::BothLeave).unwrap();
    /// // 1 lost and left; 4 stays, with Black now.
    /// assert_eq!(hill.next_bout(), Some(Pairing::Game { black: 4, white: 2 }));
    /// ```
    pub fn from_tournament(
        t: &Tournament,
        lineups: &[(u32, Vec<u32>)],
        draws: DrawnBout,
    ) -> Result<KingOfTheHill, HillError> {
        let (a, b) = two_teams(t).map_err(|e| HillError::Teams(e.to_string()))?;
        let lineup = |team: &crate::model::Team| {
            (lineups.iter().find(|(id, _)| *id == team.id))
                .map_or_else(|| team.boards.clone(), |(_, given)| given.clone())
        };
        let mut hill = KingOfTheHill::new(lineup(a), lineup(b), draws)?;
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
        Ok(hill)
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
