//! Club totals from an individual event (the rules' 团体总分 of an individual
//! competition): each club's players' points added up, the best `counted` of them when
//! the regulations count only so many, clubs ranked by their totals (equal totals share
//! the place). A player's club is their TRF federation column (columns 54-56), which
//! Chinese events fill with the club or province; players without one count for none.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::score::HalfPoints;
use crate::standings::{standings, StandingsOptions};
use crate::Tournament;

/// One club's line of the totals.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClubTotal {
    /// The place, from 1; clubs with equal totals share it.
    pub rank: u32,
    /// The club, as the players' federation column writes it.
    pub club: String,
    /// The points counted (under the tournament's point system).
    pub points: HalfPoints,
    /// The players counted, best first: `(id, points)`.
    pub players: Vec<(u32, HalfPoints)>,
}

/// The club totals of the individual event `t`, from its standings under `options`:
/// each club's best `counted` players (all when `None`), ranked by total.
///
/// ```
/// use renju_tournament::clubs::club_totals;
/// use renju_tournament::{HalfPoints, StandingsOptions, Tournament};
/// let t = Tournament::from_trf(include_str!("../../fixtures/tournaments/round_robin.trf")).unwrap();
/// let clubs = club_totals(&t, &StandingsOptions::default(), Some(2));
/// assert!(clubs.iter().all(|c| c.players.len() <= 2));
/// ```
pub fn club_totals(
    t: &Tournament,
    options: &StandingsOptions,
    counted: Option<usize>,
) -> Vec<ClubTotal> {
    let table = standings(t, options);
    let mut by_club: BTreeMap<String, Vec<(u32, HalfPoints)>> = BTreeMap::new();
    for row in &table.rows {
        let club = t.player(row.id).and_then(|p| p.federation.clone());
        if let Some(club) = club.filter(|c| !c.trim().is_empty()) {
            by_club.entry(club).or_default().push((row.id, row.points));
        }
    }
    let mut totals: Vec<ClubTotal> = (by_club.into_iter())
        .map(|(club, mut players)| {
            // The standings' order is kept among equal points (stable sort).
            players.sort_by_key(|&(_, p)| std::cmp::Reverse(p));
            players.truncate(counted.unwrap_or(usize::MAX));
            let points = players.iter().map(|&(_, p)| p).sum();
            ClubTotal {
                rank: 0,
                club,
                points,
                players,
            }
        })
        .collect();
    totals.sort_by_key(|c| std::cmp::Reverse(c.points));
    let mut rank = 1u32;
    for k in 0..totals.len() {
        if k > 0 && totals[k].points != totals[k.saturating_sub(1)].points {
            rank = u32::try_from(k).unwrap_or(u32::MAX).saturating_add(1);
        }
        totals[k].rank = rank;
    }
    totals
}
