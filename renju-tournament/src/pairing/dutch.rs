//! The Swiss system's Dutch pairing (FIDE Handbook C.04.3, the rules applied from
//! 2025), the accepted reading of "players with equal or similar scores are paired".
//!
//! [`pair_dutch`] pairs the next round of a tournament read from a TRF cut before it,
//! as the FIDE-endorsed pairing programs do: the same boards, the same colours, the
//! same bye. [`check_dutch`] pairs every round of a finished tournament again from the
//! rounds before it and lists where the tournament's pairings differ.
//!
//! The pairing is a sequence of maximum-weight matchings (see the `brackets` and
//! `weights` files): one weight per pair of players holds every criterion of the
//! rules in order, and the bracket's decisions are fixed one at a time in the order
//! the rules generate candidates. Its cost grows as the cube of the players for each
//! matching, a few matchings per player: a second or so for 200 players.
//!
//! Colours are the TRF's letters read literally: `w` is White, `b` Black, and the
//! initial colour (`XXC white1`/`black1`) is the colour the top-ranked player gets
//! when nothing else decides. In Renju Black moves first: a tournament that wants the
//! top seed to move first in round 1 says `XXC black1`.
//!
//! ```
//! use renju_tournament::pairing::dutch::pair_dutch;
//! use renju_tournament::pairing::Pairing;
//! use renju_tournament::Tournament;
//!
//! // Nine players after three rounds (XXR 5, XXC black1).
//! let trf = include_str!("../../../fixtures/tournaments/dutch/open.trf");
//! let round = pair_dutch(&Tournament::from_trf(trf).unwrap()).unwrap();
//! assert_eq!(round.round, 4);
//! assert_eq!(round.boards[0], Pairing::Game { white: 3, black: 2 });
//! // The bye goes to the lowest score that may take it.
//! assert_eq!(round.boards.last(), Some(&Pairing::Bye { player: 6 }));
//! ```

mod brackets;
mod colours;
mod entrants;
mod weights;

use renju_core::Color;

use crate::model::Tournament;

use super::tournament_round::PairedRound;
use super::Pairing;
use entrants::{round_to_pair, Field};
use weights::Layout;

/// The most players [`pair_dutch`] pairs in one round: the weights of every pair are
/// kept, which past this takes more memory than a pairing should.
pub const MAX_DUTCH_PLAYERS: usize = 3000;

/// The widest weight [`pair_dutch`] uses, in bits: enough for hundreds of score groups.
pub const MAX_WEIGHT_BITS: u32 = 64 * 128;

/// Why a Dutch round cannot be paired.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DutchError {
    /// No pairing meets the absolute criteria (no rematch, no second bye, no two
    /// players with the same absolute colour preference, forbidden pairs).
    #[error("no valid pairing: the players cannot all be paired without a rematch, a second bye, a forbidden pair or two players of the same absolute colour preference meeting")]
    NoValidPairing,
    /// The tournament does not say how many rounds it has (TRF `XXR`), which decides
    /// the last round's topscorers.
    #[error(
        "the number of rounds is not given (TRF XXR): the Dutch rules need it for the last round"
    )]
    RoundsNotDeclared,
    /// The round to pair is past the rounds declared.
    #[error("round {round} is past the {declared} rounds the tournament declares (XXR)")]
    PastDeclaredRounds {
        /// The round.
        round: u32,
        /// The rounds declared.
        declared: u32,
    },
    /// The initial colour is not given (TRF `XXC white1` or `XXC black1`).
    #[error("the initial colour is not given (TRF XXC white1 or XXC black1)")]
    InitialColourNotSet,
    /// A cell names a player the tournament does not list.
    #[error("a cell names player {id}, whom the tournament does not list")]
    UnknownPlayer {
        /// The id named.
        id: u32,
    },
    /// The round asked for already has games or a pairing bye.
    #[error(
        "round {round} is already paired (it has games or a pairing bye); cut the file before it"
    )]
    AlreadyPaired {
        /// The round.
        round: u32,
    },
    /// The point system (TRF `162`) cannot be read.
    #[error("the point system (TRF 162) cannot be read: {reason}")]
    PointSystem {
        /// Why.
        reason: String,
    },
    /// More players than [`MAX_DUTCH_PLAYERS`] to pair.
    #[error("{players} players to pair: the Dutch pairing takes at most {MAX_DUTCH_PLAYERS}")]
    TooManyPlayers {
        /// The players to pair.
        players: usize,
    },
    /// The weights need more than [`MAX_WEIGHT_BITS`] bits (very many score groups).
    #[error("the round's weights need {bits} bits, past the {MAX_WEIGHT_BITS} this pairing holds")]
    WeightsTooWide {
        /// The bits needed.
        bits: u32,
    },
}

/// Pairs the next round of `t` by the Dutch system: the round after the last one with
/// games or a pairing bye. Players with a cell in that round already (a bye or an
/// absence entered beforehand, TRF `0000 - H`) are left out, as pairing programs do.
///
/// The boards come in the pairing programs' order: by the higher player's score, then
/// the lower's, then the higher's pairing number; the bye last.
pub fn pair_dutch(t: &Tournament) -> Result<PairedRound, DutchError> {
    let round = round_to_pair(t);
    let field = Field::read(t, round, None)?;
    let boards = pair_field(&field)?;
    Ok(PairedRound { round, boards })
}

/// The boards of the field's round, in the pairing programs' order.
fn pair_field(field: &Field) -> Result<Vec<Pairing>, DutchError> {
    let sorted = players_to_pair(field)?;
    let layout = Layout::new(field, &sorted);
    // Each bracket's weights hold the sub-fields of its own players' scores only
    // (`Layout::keeping`): a width for three score groups first, the whole round's
    // (which holds every bracket) when a bracket or the first matching needs more.
    let whole = layout.matching_bits();
    let mut bits = layout.bracket_bits_estimate();
    let mates = loop {
        match pair_at_width(field, &sorted, &layout, bits)? {
            Ok(mates) => break mates,
            Err(needed) if bits < whole => bits = needed.max(whole),
            Err(needed) => return Err(DutchError::WeightsTooWide { bits: needed }),
        }
    };
    Ok(boards(field, &sorted, &mates))
}

/// The players to pair, by score then rank.
fn players_to_pair(field: &Field) -> Result<Vec<usize>, DutchError> {
    let mut sorted: Vec<usize> = (0..field.entrants.len())
        .filter(|&e| field.entrants[e].to_pair)
        .collect();
    if sorted.len() > MAX_DUTCH_PLAYERS {
        return Err(DutchError::TooManyPlayers {
            players: sorted.len(),
        });
    }
    sorted.sort_by_key(|&e| (std::cmp::Reverse(field.score(e, 0)), field.entrants[e].rank));
    Ok(sorted)
}

/// The pairing of `sorted` with weights of `bits` bits: the mates, or the bits the
/// first matching or a bracket needs past them.
fn pair_at_width(
    field: &Field,
    sorted: &[usize],
    layout: &Layout,
    bits: u32,
) -> Result<Result<Vec<usize>, u32>, DutchError> {
    // Each width is a copy of the pairing code: a few, each not much wider than the
    // weights need (the matching's time grows with the words).
    match bits.div_ceil(64) {
        0..=2 => brackets::pair_field::<2>(field, sorted, layout),
        3 => brackets::pair_field::<3>(field, sorted, layout),
        4 => brackets::pair_field::<4>(field, sorted, layout),
        5..=6 => brackets::pair_field::<6>(field, sorted, layout),
        7..=8 => brackets::pair_field::<8>(field, sorted, layout),
        9..=10 => brackets::pair_field::<10>(field, sorted, layout),
        11..=12 => brackets::pair_field::<12>(field, sorted, layout),
        13..=16 => brackets::pair_field::<16>(field, sorted, layout),
        17..=24 => brackets::pair_field::<24>(field, sorted, layout),
        25..=32 => brackets::pair_field::<32>(field, sorted, layout),
        33..=64 => brackets::pair_field::<64>(field, sorted, layout),
        65..=128 => brackets::pair_field::<128>(field, sorted, layout),
        _ => Err(DutchError::WeightsTooWide { bits }),
    }
}

/// The boards from each vertex's mate, coloured and in order.
fn boards(field: &Field, sorted: &[usize], mates: &[usize]) -> Vec<Pairing> {
    let mut boards: Vec<(usize, usize)> = Vec::new();
    for (v, &m) in mates.iter().enumerate() {
        let (a, b) = (sorted[v], sorted[m]);
        if v == m {
            boards.push((a, a));
        } else if field.entrants[a].id < field.entrants[b].id {
            if colours::colour_of(field, a, b) == Color::White {
                boards.push((a, b));
            } else {
                boards.push((b, a));
            }
        }
    }
    let above = |x: usize, y: usize| {
        let (ex, ey) = (&field.entrants[x], &field.entrants[y]);
        (ex.score, std::cmp::Reverse(ex.rank)) > (ey.score, std::cmp::Reverse(ey.rank))
    };
    boards.sort_by_key(|&(white, black)| {
        let (hi, lo) = if above(black, white) {
            (black, white)
        } else {
            (white, black)
        };
        let (eh, el) = (&field.entrants[hi], &field.entrants[lo]);
        (
            white == black,
            std::cmp::Reverse(eh.score),
            std::cmp::Reverse(el.score),
            eh.rank,
        )
    });
    boards
        .into_iter()
        .map(|(white, black)| {
            let (w, b) = (field.entrants[white].id, field.entrants[black].id);
            if white == black {
                Pairing::Bye { player: w }
            } else {
                Pairing::Game { black: b, white: w }
            }
        })
        .collect()
}

/// How strongly a player wants a colour (C.04.1 and C.04.3 A.6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PreferenceStrength {
    /// No game played yet: no preference.
    None,
    /// Colours balanced: alternate from the last game.
    Mild,
    /// One colour played once more than the other.
    Strong,
    /// One colour played twice more, or the last two games with the same colour: the
    /// player must get the other colour (except a topscorer in the last round).
    Absolute,
}

/// A float in one round: against a lower score (or a point scored without playing),
/// or against a higher score.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FloatDirection {
    /// Met a lower score, or scored more than a loss without playing.
    Down,
    /// Met a higher score.
    Up,
}

/// What the Dutch rules see of one player before a round: the facts a director reads
/// to understand a pairing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DutchPlayer {
    /// The player's id (start rank).
    pub id: u32,
    /// The score the pairing uses (with acceleration), in half points.
    pub score: crate::HalfPoints,
    /// Whether the player is paired this round (not absent).
    pub to_pair: bool,
    /// The colour the player should get, if any (TRF letters: `w` White, `b` Black).
    pub colour_preference: Option<Color>,
    /// How strongly.
    pub preference_strength: PreferenceStrength,
    /// The player's float in the last round and in the one before (`None`: no float or
    /// no such round).
    pub floats: [Option<FloatDirection>; 2],
    /// Whether the player may receive the pairing-allocated bye.
    pub bye_eligible: bool,
}

/// The players of `t`'s next round as the Dutch rules see them, in start-rank order.
pub fn dutch_players(t: &Tournament) -> Result<Vec<DutchPlayer>, DutchError> {
    let round = round_to_pair(t);
    let field = Field::read(t, round, None)?;
    Ok((0..field.entrants.len())
        .map(|e| player_notes(&field, e))
        .collect())
}

/// The notes of entrant `e`.
fn player_notes(field: &Field, e: usize) -> DutchPlayer {
    let entrant = &field.entrants[e];
    let strength = if entrant.absolute_preference() {
        PreferenceStrength::Absolute
    } else if entrant.strong {
        PreferenceStrength::Strong
    } else if entrant.preference.is_some() {
        PreferenceStrength::Mild
    } else {
        PreferenceStrength::None
    };
    let float = |back: usize| {
        (field.played_rounds >= back)
            .then(|| match field.float(e, back) {
                entrants::Float::Down => Some(FloatDirection::Down),
                entrants::Float::Up => Some(FloatDirection::Up),
                entrants::Float::None => None,
            })
            .flatten()
    };
    DutchPlayer {
        id: entrant.id,
        score: crate::HalfPoints(field.score(e, 0)),
        to_pair: entrant.to_pair,
        colour_preference: entrant.preference,
        preference_strength: strength,
        floats: [float(1), float(2)],
        bye_eligible: field.eligible_for_bye(e),
    }
}

/// One round where a tournament's pairings differ from the Dutch pairing of it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RoundDifference {
    /// The round.
    pub round: u32,
    /// The Dutch pairing of the round, from the rounds before it.
    pub expected: Vec<Pairing>,
    /// The tournament's boards of the round, in the same order.
    pub actual: Vec<Pairing>,
}

/// Pairs every round of `t` again by the Dutch system, from the rounds before it (the
/// players absent from a round, by its unpaired cells, left out), and returns the
/// rounds whose boards or colours differ from the tournament's. An error names the
/// round that could not be paired.
pub fn check_dutch(t: &Tournament) -> Result<Vec<RoundDifference>, (u32, DutchError)> {
    let last = round_to_pair(t).saturating_sub(1);
    let mut differences = Vec::new();
    for round in 1..=last {
        let field = Field::read(t, round, Some(last)).map_err(|e| (round, e))?;
        let expected = pair_field(&field).map_err(|e| (round, e))?;
        let actual = actual_boards(t, round, &expected);
        if actual != expected {
            differences.push(RoundDifference {
                round,
                expected,
                actual,
            });
        }
    }
    Ok(differences)
}

/// The tournament's boards of `round` (games by their colours, pairing byes), listed
/// in the order of `expected` where they agree, the rest after.
fn actual_boards(t: &Tournament, round: u32, expected: &[Pairing]) -> Vec<Pairing> {
    let mut boards: Vec<Pairing> = Vec::new();
    for c in t.cells.iter().filter(|c| c.round == round) {
        match (c.opponent, c.color) {
            (Some(o), Some(Color::White)) => boards.push(Pairing::Game {
                white: c.player,
                black: o,
            }),
            (Some(o), None) if c.player < o => boards.push(Pairing::Game {
                white: c.player,
                black: o,
            }),
            (None, _) if c.result == crate::model::ResultKind::PairingBye => {
                boards.push(Pairing::Bye { player: c.player })
            }
            _ => {}
        }
    }
    let mut ordered: Vec<Pairing> = expected
        .iter()
        .filter(|e| boards.contains(e))
        .copied()
        .collect();
    ordered.extend(boards.into_iter().filter(|b| !expected.contains(b)));
    ordered
}

#[cfg(test)]
mod tests;
