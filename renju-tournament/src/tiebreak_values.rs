//! The value of each tie-break for each competitor, exactly: Buchholz and
//! Sonneborn-Berger with the regulation's treatment of unplayed rounds, direct
//! encounter inside a tied group, board by board, and the rest (FIDE C.07).

use serde::{Deserialize, Serialize};

use crate::competitors::Comp;
use crate::model::{PointValues, ResultKind, System};
use crate::score::{HalfPoints, Rational};
use crate::tiebreak::{Criterion, Regulation, TieBreak};

/// A tie-break value. Serialises exactly: `{"Number": [39, 4]}`, `{"Boards": [2.5, 1]}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum TieBreakValue {
    /// A number.
    Number(Rational),
    /// Points on each board, board 1 first (`TBR`), compared from board 1.
    Boards(Vec<HalfPoints>),
}

impl TieBreakValue {
    /// The number as a float (for `Boards`, board 1's points).
    pub fn to_f64(&self) -> f64 {
        match self {
            TieBreakValue::Number(r) => r.to_f64(),
            TieBreakValue::Boards(b) => b.first().map_or(0.0, |h| h.to_f64()),
        }
    }
}

impl Ord for TieBreakValue {
    fn cmp(&self, other: &TieBreakValue) -> std::cmp::Ordering {
        use TieBreakValue::*;
        match (self, other) {
            (Number(a), Number(b)) => a.cmp(b),
            (Boards(a), Boards(b)) => {
                let n = a.len().max(b.len());
                let get = |v: &Vec<HalfPoints>, i: usize| v.get(i).copied().unwrap_or_default();
                (0..n)
                    .map(|i| get(a, i).cmp(&get(b, i)))
                    .find(|o| o.is_ne())
                    .unwrap_or(std::cmp::Ordering::Equal)
            }
            (Number(_), Boards(_)) => std::cmp::Ordering::Less,
            (Boards(_), Number(_)) => std::cmp::Ordering::Greater,
        }
    }
}

impl PartialOrd for TieBreakValue {
    fn partial_cmp(&self, other: &TieBreakValue) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl std::fmt::Display for TieBreakValue {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TieBreakValue::Number(r) => r.fmt(f),
            TieBreakValue::Boards(b) => {
                let parts: Vec<String> = b.iter().map(ToString::to_string).collect();
                write!(f, "{}", parts.join("/"))
            }
        }
    }
}

/// What the tie-breaks are computed from.
pub(crate) struct Calc<'a> {
    comps: &'a [Comp],
    regulation: Regulation,
    /// A round robin under the 2026 regulations: a forfeit counts as a game against
    /// the scheduled opponent (for BH, SB and WON).
    forfeits_as_games: bool,
    /// Each competitor's points.
    pub(crate) score: Vec<HalfPoints>,
    /// Per competitor, per row: the Buchholz contribution and whether it is a VUR.
    contrib: Vec<Vec<Option<(HalfPoints, bool)>>>,
    /// A game's most points under the point system (a win's), at least a half point:
    /// what a team's score rate divides by.
    win: HalfPoints,
}

/// The game result of a row, 1, ½ or 0 by its result code whatever the point system
/// scores it (a match's by its result): what Sonneborn-Berger weighs an opponent's
/// score by, so that under 3/1/0 a win adds the opponent's score once.
fn game_result(r: &crate::competitors::Row) -> HalfPoints {
    r.kind.points()
}

/// The score `s` of `c` as its opponents' tie-breaks count it (C.07 (2024) 16.2.5 and
/// 16.3): a requested bye (half-, zero-point, not paired) after which the player never
/// returned (no later game, pairing-allocated or full-point bye, or forfeit win) counts
/// as a draw. Forfeit losses keep their points.
// Only `HalfPoints` operators, which saturate (score.rs).
#[allow(clippy::arithmetic_side_effects)]
fn adjusted_score(c: &Comp, s: HalfPoints, draw: HalfPoints) -> HalfPoints {
    let mut a = s;
    for r in c.rows.iter().rev() {
        match r.kind {
            ResultKind::HalfBye | ResultKind::ZeroBye | ResultKind::Absent => {
                a += draw - r.pts;
            }
            ResultKind::ForfeitLoss => {}
            _ => break,
        }
    }
    a
}

impl<'a> Calc<'a> {
    // Only `HalfPoints` and `Rational` operators here, which saturate (score.rs);
    // clippy cannot be told so for a type of this crate.
    #[allow(clippy::arithmetic_side_effects)]
    pub(crate) fn new(
        comps: &'a [Comp],
        regulation: Regulation,
        rounds: u32,
        system: System,
        values: &PointValues,
    ) -> Calc<'a> {
        let draw = values.points(ResultKind::Draw);
        let win = values.points(ResultKind::Win);
        let forfeits_as_games = system == System::RoundRobin && regulation == Regulation::Fide2026;
        let score: Vec<HalfPoints> = comps
            .iter()
            .map(|c| c.rows.iter().map(|r| r.pts).sum())
            .collect();
        let adjusted: Vec<HalfPoints> = (comps.iter().zip(&score))
            .map(|(c, &s)| adjusted_score(c, s, draw))
            .collect();
        let opp_score: Vec<HalfPoints> = match regulation {
            Regulation::Fide2024 | Regulation::Fide2026 => adjusted.clone(),
            Regulation::None => score.clone(),
            Regulation::Fide2009 => comps
                .iter()
                .zip(&score)
                .map(|(c, &s)| {
                    s + c
                        .rows
                        .iter()
                        .filter(|r| !r.kind.is_played())
                        .map(|r| draw - r.pts)
                        .sum()
                })
                .collect(),
        };
        let draw_cap = HalfPoints(draw.0.saturating_mul(i64::from(rounds)));
        let contrib = comps
            .iter()
            .enumerate()
            .map(|(i, c)| {
                let own = score[i];
                let mut before = HalfPoints::ZERO;
                let mut out = Vec::with_capacity(c.rows.len());
                let mut k = 0;
                while k < c.rows.len() {
                    // Points before a round count every game of earlier rounds.
                    let round = c.rows[k].round;
                    let mut in_round = HalfPoints::ZERO;
                    while k < c.rows.len() && c.rows[k].round == round {
                        let r = &c.rows[k];
                        in_round += r.pts;
                        let forfeit =
                            matches!(r.kind, ResultKind::ForfeitWin | ResultKind::ForfeitLoss);
                        let v = if r.kind.is_played()
                            || (forfeits_as_games && forfeit && r.opp.is_some())
                        {
                            r.opp.map(|o| (opp_score[o], false))
                        } else {
                            let vur = r.kind.is_vur();
                            match regulation {
                                Regulation::Fide2024 => Some((own, vur)),
                                Regulation::Fide2026 => match (forfeit, r.opp) {
                                    (true, Some(o)) => Some((own.min(adjusted[o]), vur)),
                                    _ => Some((own.min(draw_cap), vur)),
                                },
                                Regulation::Fide2009 => Some((
                                    before
                                        + (win - r.pts)
                                        + HalfPoints(draw.0.saturating_mul(i64::from(
                                            rounds.saturating_sub(round),
                                        ))),
                                    false,
                                )),
                                Regulation::None => match (forfeit, r.opp) {
                                    (true, Some(o)) => Some((score[o], false)),
                                    _ => None,
                                },
                            }
                        };
                        out.push(v);
                        k = k.saturating_add(1);
                    }
                    before += in_round;
                }
                out
            })
            .collect();
        Calc {
            comps,
            regulation,
            forfeits_as_games,
            score,
            contrib,
            win: HalfPoints(win.0.max(1)),
        }
    }

    // Only `HalfPoints` and `Rational` operators here, which saturate (score.rs);
    // clippy cannot be told so for a type of this crate.
    #[allow(clippy::arithmetic_side_effects)]
    pub(crate) fn value(&self, i: usize, tb: &TieBreak, ko: &[Vec<u32>]) -> TieBreakValue {
        use Criterion::*;
        let c = &self.comps[i];
        let num = |r: Rational| TieBreakValue::Number(r);
        match tb.criterion {
            Pts | Mp => num(self.score[i].to_rational()),
            Gp => num(c
                .rows
                .iter()
                .map(|r| r.gp)
                .sum::<HalfPoints>()
                .to_rational()),
            Win => num(Rational::from(
                c.rows
                    .iter()
                    .filter(|r| game_result(r) == HalfPoints::WIN)
                    .count() as i64,
            )),
            Won => num(Rational::from(
                c.rows
                    .iter()
                    .filter(|r| {
                        r.kind == ResultKind::Win
                            || (self.forfeits_as_games && r.kind == ResultKind::ForfeitWin)
                    })
                    .count() as i64,
            )),
            Sb => {
                let quarters: i64 = self.contrib[i]
                    .iter()
                    .zip(&c.rows)
                    .filter_map(|(v, r)| v.map(|(v, _)| v.0.saturating_mul(game_result(r).0)))
                    .fold(0i64, i64::saturating_add);
                num(Rational::new(quarters, 4))
            }
            Aro => {
                let (sum, count) = c
                    .rows
                    .iter()
                    .filter(|r| r.kind.is_played())
                    .filter_map(|r| r.opp.and_then(|o| self.comps[o].rating))
                    .fold((0i64, 0i64), |(s, n), x| {
                        (s.saturating_add(i64::from(x)), n.saturating_add(1))
                    });
                // C.07: ARO is rounded to a whole number, 0.5 up.
                num(if count == 0 {
                    Rational::ZERO
                } else {
                    let twice = sum.saturating_mul(2).saturating_add(count);
                    Rational::from(twice.div_euclid(count.saturating_mul(2)))
                })
            }
            Bh => num(self.buchholz(i, tb.cut_bottom, tb.cut_top).to_rational()),
            De => num(Rational::ZERO),
            Tsb => {
                let mut total = Rational::ZERO;
                for r in &c.rows {
                    if let (true, Some(o)) = (r.kind.is_played(), r.opp) {
                        let most = i64::from(r.games.max(1)).saturating_mul(self.win.0);
                        let rate = Rational::new(r.gp.0, most);
                        total += rate * self.score[o].to_rational();
                    }
                }
                num(total)
            }
            Tbr => TieBreakValue::Boards(c.boards.clone()),
            Ko => TieBreakValue::Boards(
                ko.get(i)
                    .map(|v| {
                        v.iter()
                            .map(|&r| HalfPoints(i64::from(r).saturating_mul(2)))
                            .collect()
                    })
                    .unwrap_or_default(),
            ),
        }
    }

    fn buchholz(&self, i: usize, bottom: u32, top: u32) -> HalfPoints {
        if bottom == 0 && top == 0 {
            return self.contrib[i].iter().flatten().map(|x| x.0).sum();
        }
        let mut list: Vec<(HalfPoints, bool)> = self.contrib[i].iter().flatten().copied().collect();
        let (bottom, top) = (bottom as usize, top as usize);
        if bottom.saturating_add(top) >= list.len() {
            return if bottom.saturating_add(top) == 0 {
                list.iter().map(|x| x.0).sum()
            } else {
                HalfPoints::ZERO
            };
        }
        let vur_first = matches!(self.regulation, Regulation::Fide2024 | Regulation::Fide2026);
        if vur_first {
            list.sort_by_key(|&(v, vur)| (!vur, v));
        } else {
            list.sort_by_key(|&(v, _)| v);
        }
        let rest = &mut list[bottom..];
        rest.sort_by_key(|&(v, _)| v);
        // `bottom + top < list.len()`, checked above.
        let keep = rest.len().saturating_sub(top);
        rest[..keep].iter().map(|x| x.0).sum()
    }

    /// Direct encounter inside a tied group: the points scored against the others of
    /// the group, when every two of them met; otherwise no value separates them.
    // Only `HalfPoints` and `Rational` operators here, which saturate (score.rs);
    // clippy cannot be told so for a type of this crate.
    #[allow(clippy::arithmetic_side_effects)]
    pub(crate) fn direct_encounter(&self, group: &[usize]) -> Vec<(usize, TieBreakValue)> {
        let inside: std::collections::HashSet<usize> = group.iter().copied().collect();
        let mut all_met = true;
        let mut points = Vec::with_capacity(group.len());
        for &i in group {
            let mut met = std::collections::HashSet::new();
            let mut p = HalfPoints::ZERO;
            for r in &self.comps[i].rows {
                if let Some(o) = r.opp.filter(|o| inside.contains(o)) {
                    if r.kind.has_opponent() {
                        met.insert(o);
                        p += r.pts;
                    }
                }
            }
            all_met &= met.len() == group.len().saturating_sub(1);
            points.push((i, p));
        }
        points
            .into_iter()
            .map(|(i, p)| {
                let v = if all_met {
                    p.to_rational()
                } else {
                    Rational::ZERO
                };
                (i, TieBreakValue::Number(v))
            })
            .collect()
    }
}
