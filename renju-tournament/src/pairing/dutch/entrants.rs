//! The players of a Dutch round as the pairing sees them: their past rounds, scores,
//! colour preferences and floats, read from a crosstable cut before the round.

// Scores are sums over at most the TRF's rounds of points the file bounds (half points
// under 1000 each): far inside i64; round indices stay below the rounds read.
#![allow(clippy::arithmetic_side_effects)]

use std::collections::{HashMap, HashSet};

use renju_core::Color;

use crate::model::{PointValues, ResultKind, Tournament};
use crate::pairing::lots::start_rank_order;

use super::DutchError;

/// A past round of one player, as the Dutch rules read it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct PastRound {
    /// The opponent (an index into [`Field::entrants`]), for games and forfeits.
    pub opponent: Option<usize>,
    /// The colour, for a game played over the board.
    pub colour: Option<Color>,
    /// Whether the game was played over the board.
    pub played: bool,
    /// Whether the pairing placed the player: paired (even if the game was forfeited)
    /// or given the pairing-allocated bye.
    pub paired: bool,
    /// The points scored, under the tournament's point system.
    pub points: i64,
}

/// Where a float happened: a player who met a lower score (or scored without playing)
/// floated down; one who met a higher score floated up.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Float {
    Down,
    Up,
    None,
}

/// One player of the tournament.
#[derive(Debug, Clone)]
pub(super) struct Entrant {
    /// The player's id (TRF start rank).
    pub id: u32,
    /// The pairing number's order among the players, from 0.
    pub rank: usize,
    /// Every completed round, round 1 first.
    pub past: Vec<PastRound>,
    /// Whether the player is to be paired in this round (not absent from it).
    pub to_pair: bool,
    /// Points over the completed rounds, without acceleration.
    pub score: i64,
    /// Fictitious points per round (round 1 first), for pairing only.
    pub acceleration: Vec<i64>,
    /// |games as White − games as Black|.
    pub imbalance: u32,
    /// The colour the player should get, if any.
    pub preference: Option<Color>,
    /// The colour of the last two played games, when they were the same.
    pub repeated: Option<Color>,
    /// A strong (not absolute) preference: one colour played once more than the other.
    pub strong: bool,
    /// The games played over the board.
    pub played_games: u32,
}

impl Entrant {
    /// An absolute colour imbalance: two more games with one colour than the other.
    pub fn absolute_imbalance(&self) -> bool {
        self.imbalance > 1
    }

    /// An absolute colour preference: an absolute imbalance, or the same colour twice.
    pub fn absolute_preference(&self) -> bool {
        self.absolute_imbalance() || self.repeated.is_some()
    }
}

/// The players and the tournament facts the Dutch rules need, for the round to pair.
#[derive(Debug, Clone)]
pub(super) struct Field {
    /// Every player, in start-rank order.
    pub entrants: Vec<Entrant>,
    /// Rounds completed before the one paired.
    pub played_rounds: usize,
    /// Rounds the tournament declares.
    pub expected_rounds: usize,
    /// Points for a win and for a draw.
    pub win: i64,
    /// Points for a draw.
    pub draw: i64,
    /// Points for a loss over the board.
    pub loss: i64,
    /// The colour of the first-ranked player when no preference decides (`XXC`).
    pub initial_colour: Color,
    /// Pairs that may not meet: for each entrant, the others.
    pub forbidden: Vec<HashSet<usize>>,
    /// Each entrant's score with acceleration 0, 1 and 2 rounds back (the weights ask
    /// for them for every pair, again and again), where there are so many rounds.
    recent_scores: Vec<[i64; CACHED_BACKS]>,
}

/// How many of the latest rounds' scores [`Field`] keeps: the current one and the two
/// before it, all the floats look back to.
const CACHED_BACKS: usize = 3;

impl Field {
    /// The score of entrant `e` with acceleration, `back` rounds before the current one.
    pub fn score(&self, e: usize, back: usize) -> i64 {
        if back < CACHED_BACKS && back <= self.played_rounds {
            return self.recent_scores[e][back];
        }
        score_back(&self.entrants[e], self.played_rounds, back)
    }

    /// The float of entrant `e` in the round `back` rounds before the current one.
    pub fn float(&self, e: usize, back: usize) -> Float {
        let past = self.entrants[e].past[self.played_rounds - back];
        match past.opponent {
            Some(o) if past.played => {
                let (mine, theirs) = (self.score(e, back), self.score(o, back));
                match mine.cmp(&theirs) {
                    std::cmp::Ordering::Greater => Float::Down,
                    std::cmp::Ordering::Less => Float::Up,
                    std::cmp::Ordering::Equal => Float::None,
                }
            }
            // A round scored without playing, worth more than a loss: a downfloat.
            _ if past.points > self.loss => Float::Down,
            _ => Float::None,
        }
    }

    /// Whether entrant `e` may receive the pairing-allocated bye: no earlier pairing
    /// bye, and no round scored a win's points without playing.
    pub fn eligible_for_bye(&self, e: usize) -> bool {
        let entrant = &self.entrants[e];
        entrant
            .past
            .iter()
            .all(|r| r.played || !(r.points >= self.win || (r.paired && r.opponent.is_none())))
    }

    /// The threshold above which a score is a topscorer's (when pairing the last round).
    pub fn topscorer_threshold(&self) -> i64 {
        (self.played_rounds as i64 * self.win.max(self.draw)) >> 1
    }

    /// Whether the round paired is the last (topscorers then escape the colour rule).
    pub fn is_last_round(&self) -> bool {
        self.played_rounds + 1 >= self.expected_rounds
    }
}

/// The score of `entrant` with acceleration, `back` rounds before round
/// `played_rounds + 1`.
fn score_back(entrant: &Entrant, played_rounds: usize, back: usize) -> i64 {
    let round = played_rounds - back;
    let score = entrant.score
        - entrant.past[round..played_rounds]
            .iter()
            .map(|r| r.points)
            .sum::<i64>();
    score + entrant.acceleration.get(round).copied().unwrap_or(0)
}

/// The round the pairing would pair: one past the last round in which someone was
/// paired (a game, a forfeit or the pairing bye); the cells of later rounds are byes
/// and absences entered before the pairing.
pub(super) fn round_to_pair(t: &Tournament) -> u32 {
    t.cells
        .iter()
        .filter(|c| c.opponent.is_some() || c.result == ResultKind::PairingBye)
        .map(|c| c.round)
        .max()
        .unwrap_or(0)
        .saturating_add(1)
}

impl Field {
    /// The field of tournament `t` for pairing round `round` (the rounds before it
    /// complete; cells of `round` itself mark players absent from it).
    /// `undeclared_rounds` is given when checking a finished tournament: its rounds,
    /// which stand for the rounds declared when the file gives none; the pairings of
    /// `round` itself are then left aside.
    pub fn read(
        t: &Tournament,
        round: u32,
        undeclared_rounds: Option<u32>,
    ) -> Result<Field, DutchError> {
        let order = start_rank_order(t);
        let index: HashMap<u32, usize> = order.iter().enumerate().map(|(i, &id)| (id, i)).collect();
        let played_rounds = round.saturating_sub(1) as usize;
        let declared = match (t.rounds, undeclared_rounds) {
            (0, None) => return Err(DutchError::RoundsNotDeclared),
            (0, Some(r)) => r,
            (r, _) => r,
        };
        let expected_rounds = match declared {
            r if r < round => return Err(DutchError::PastDeclaredRounds { round, declared: r }),
            r => r as usize,
        };
        let initial_colour = t
            .pairing_setup
            .initial_color
            .or_else(|| inferred_initial_colour(t, &order))
            .ok_or(DutchError::InitialColourNotSet)?;
        let points = &point_values(t)?;
        let mut entrants: Vec<Entrant> = order
            .iter()
            .enumerate()
            .map(|(rank, &id)| Entrant {
                id,
                rank: order.len() + rank,
                past: vec![absent(points); played_rounds],
                to_pair: true,
                score: 0,
                acceleration: Vec::new(),
                imbalance: 0,
                preference: None,
                repeated: None,
                strong: false,
                played_games: 0,
            })
            .collect();
        for c in &t.cells {
            let Some(&e) = index.get(&c.player) else {
                return Err(DutchError::UnknownPlayer { id: c.player });
            };
            if c.round == round {
                let paired = c.opponent.is_some() || c.result == ResultKind::PairingBye;
                match (paired, undeclared_rounds) {
                    // Checking a finished tournament: the round's own pairings are
                    // what the pairing is compared with.
                    (true, Some(_)) => {}
                    (true, None) => return Err(DutchError::AlreadyPaired { round }),
                    (false, _) => entrants[e].to_pair = false,
                }
                continue;
            }
            if c.round > round || c.round == 0 {
                continue;
            }
            let opponent = match c.opponent {
                Some(o) => Some(*index.get(&o).ok_or(DutchError::UnknownPlayer { id: o })?),
                None => None,
            };
            entrants[e].past[c.round as usize - 1] = PastRound {
                opponent,
                colour: c.color.filter(|_| c.result.is_played()),
                played: c.result.is_played() && opponent.is_some(),
                paired: opponent.is_some()
                    || c.result == ResultKind::PairingBye
                    || c.result == ResultKind::ForfeitWin,
                points: points.points(c.result).0,
            };
        }
        for a in &t.pairing_setup.accelerations {
            if let Some(&e) = index.get(&a.player) {
                entrants[e].acceleration = a.points.iter().map(|p| p.0).collect();
            }
        }
        let mut forbidden = vec![HashSet::new(); entrants.len()];
        for group in &t.pairing_setup.forbidden {
            let members: Vec<usize> = group
                .iter()
                .filter_map(|id| index.get(id).copied())
                .collect();
            for &a in &members {
                forbidden[a].extend(members.iter().copied().filter(|&b| b != a));
            }
        }
        // The pairing numbers count the players taking part: those to pair and those
        // paired before.
        let mut rank = 0;
        for entrant in entrants.iter_mut() {
            if entrant.to_pair || entrant.past.iter().any(|r| r.paired) {
                entrant.rank = rank;
                rank += 1;
            }
        }
        for (e, entrant) in entrants.iter_mut().enumerate() {
            entrant.score = entrant.past.iter().map(|r| r.points).sum();
            set_colour_data(entrant);
            for r in &entrant.past {
                if let (true, Some(o)) = (r.played, r.opponent) {
                    forbidden[e].insert(o);
                }
            }
        }
        let recent_scores = entrants
            .iter()
            .map(|entrant| {
                let mut scores = [0; CACHED_BACKS];
                for (back, score) in scores.iter_mut().enumerate() {
                    if back <= played_rounds {
                        *score = score_back(entrant, played_rounds, back);
                    }
                }
                scores
            })
            .collect();
        Ok(Field {
            entrants,
            played_rounds,
            expected_rounds,
            win: points.points(ResultKind::Win).0,
            draw: points.points(ResultKind::Draw).0,
            loss: points.points(ResultKind::Loss).0,
            initial_colour,
            forbidden,
            recent_scores,
        })
    }
}

/// A round with no cell: not paired, scoring a zero-point bye's points.
fn absent(points: &PointValues) -> PastRound {
    PastRound {
        opponent: None,
        colour: None,
        played: false,
        paired: false,
        points: points.points(ResultKind::Absent).0,
    }
}

/// The colour preference of C.04.1: absolute after an imbalance of two or the same
/// colour twice running, strong after an imbalance of one, mild otherwise (alternate).
fn set_colour_data(entrant: &mut Entrant) {
    let (mut white, mut black, mut run) = (0u32, 0u32, 0u32);
    let mut last: Option<Color> = None;
    for r in entrant.past.iter().filter(|r| r.played) {
        let Some(colour) = r.colour else { continue };
        if colour == Color::White {
            white += 1;
        } else {
            black += 1;
        }
        run = if last == Some(colour) { run + 1 } else { 1 };
        last = Some(colour);
    }
    entrant.played_games = white + black;
    let lower = if white > black {
        Color::Black
    } else {
        Color::White
    };
    entrant.imbalance = white.abs_diff(black);
    let alternate = last.map(|c| c.opponent());
    entrant.preference = if entrant.imbalance > 1 {
        Some(lower)
    } else if run > 1 {
        alternate
    } else if entrant.imbalance > 0 {
        Some(lower)
    } else {
        alternate
    };
    entrant.repeated = if run > 1 { last } else { None };
    entrant.strong = !entrant.absolute_preference() && entrant.imbalance > 0;
}

/// The initial colour a tournament's first coloured round shows, when the file does not
/// say it: the colour there of the highest-ranked player paired by then, reversed for
/// each player above him who had none.
fn inferred_initial_colour(t: &Tournament, order: &[u32]) -> Option<Color> {
    let first = t
        .cells
        .iter()
        .filter(|c| c.color.is_some())
        .map(|c| c.round)
        .min()?;
    let paired_by = |id: u32| {
        t.cells.iter().any(|c| {
            c.player == id
                && c.round <= first
                && (c.opponent.is_some() || c.result == ResultKind::PairingBye)
        })
    };
    let colour_in_first = |id: u32| {
        t.cells
            .iter()
            .find(|c| c.player == id && c.round == first)
            .and_then(|c| c.color)
    };
    let mut reversed = false;
    for &id in order.iter().filter(|&&id| paired_by(id)) {
        if let Some(c) = colour_in_first(id) {
            return Some(if reversed { c.opponent() } else { c });
        }
        reversed = !reversed;
    }
    None
}

/// The tournament's point system (the `BBW`... values over a TRF-26 `162` record); a
/// `162` record that cannot be read is an error rather than the usual points.
fn point_values(t: &Tournament) -> Result<PointValues, DutchError> {
    if let Some(text) = &t.score_system {
        PointValues::from_score_system(text).map_err(|e| DutchError::PointSystem {
            reason: e.to_string(),
        })?;
    }
    Ok(t.point_values())
}
