//! The Swiss system's pairing rules checked over a whole crosstable, round after round
//! (FIDE C.04.1 and the Dutch system's absolute criteria): no two players meet twice, at
//! most one pairing bye a round and never twice to one player nor to one who already
//! scored a win's worth without playing, and no player outside the final round's
//! topscorers given a colour three times running or a colour difference past two.
//!
//! ```
//! use renju_tournament::{check, CrosstableCell, Player, ResultKind, System, Tournament, TournamentCode};
//!
//! let mut t = Tournament::default();
//! t.system = Some(System::Swiss);
//! t.players = vec![Player::new(1, "Ann"), Player::new(2, "Bob")];
//! let seat = |round, player, opponent, result| CrosstableCell {
//!     round, player, opponent: Some(opponent), color: None, result, board: None,
//! };
//! // Ann and Bob meet in rounds 1 and 2.
//! t.cells = vec![
//!     seat(1, 1, 2, ResultKind::Win), seat(1, 2, 1, ResultKind::Loss),
//!     seat(2, 1, 2, ResultKind::Draw), seat(2, 2, 1, ResultKind::Draw),
//! ];
//! assert!(check(&t).iter().any(|f| f.code == TournamentCode::Rematch));
//! ```

use std::collections::{BTreeMap, HashMap};

use crate::findings::{TournamentCode, TournamentFinding};
use crate::model::{CrosstableCell, ResultKind, Tournament};
use renju_core::geometry::Color;

/// Every Swiss pairing rule of the module docs, as findings.
pub(crate) fn check_swiss(
    t: &Tournament,
    out: &mut Vec<TournamentFinding>,
    who: &dyn Fn(u32) -> String,
) {
    let mut seats: BTreeMap<u32, Vec<&CrosstableCell>> = BTreeMap::new();
    for c in &t.cells {
        seats.entry(c.player).or_default().push(c);
    }
    for list in seats.values_mut() {
        list.sort_by_key(|c| c.round);
    }
    rematches(t, out, who);
    pairing_byes(t, &seats, out, who);
    let topscorers = final_round_topscorers(t, &seats);
    for (&player, list) in &seats {
        colours(player, list, &topscorers, t.round_count(), out, who);
    }
}

/// Two players who played each other in two rounds.
fn rematches(t: &Tournament, out: &mut Vec<TournamentFinding>, who: &dyn Fn(u32) -> String) {
    let mut first: HashMap<(u32, u32), u32> = HashMap::new();
    let mut games: Vec<&CrosstableCell> = (t.cells.iter())
        .filter(|c| c.result.is_played() && c.opponent.is_some_and(|o| o > c.player))
        .collect();
    games.sort_by_key(|c| c.round);
    for c in games {
        let Some(o) = c.opponent else { continue };
        let met = *first.entry((c.player, o)).or_insert(c.round);
        if met != c.round {
            out.push(TournamentFinding::new(
                TournamentCode::Rematch,
                Some(c.round),
                Some(c.player),
                format!(
                    "round {}: {} and {} meet again (they played in round {met}); in a Swiss two players meet once",
                    c.round,
                    who(c.player),
                    who(o)
                ),
            ));
        }
    }
}

/// More than one pairing bye in a round; a pairing bye to a player who already had one,
/// or who already scored a win's worth without playing (a forfeit win, a full-point bye).
fn pairing_byes(
    t: &Tournament,
    seats: &BTreeMap<u32, Vec<&CrosstableCell>>,
    out: &mut Vec<TournamentFinding>,
    who: &dyn Fn(u32) -> String,
) {
    let mut per_round: BTreeMap<u32, Vec<u32>> = BTreeMap::new();
    for c in t
        .cells
        .iter()
        .filter(|c| c.result == ResultKind::PairingBye)
    {
        per_round.entry(c.round).or_default().push(c.player);
    }
    for (round, players) in per_round.iter().filter(|(_, p)| p.len() > 1) {
        let names: Vec<String> = players.iter().map(|&p| who(p)).collect();
        out.push(TournamentFinding::new(
            TournamentCode::PairingBye,
            Some(*round),
            None,
            format!(
                "round {round}: {} pairing byes ({}); a round has at most one",
                players.len(),
                names.join(", ")
            ),
        ));
    }
    let mut found = Vec::new();
    for (&player, list) in seats {
        let mut earlier: Option<(u32, ResultKind)> = None;
        for c in list {
            if c.result == ResultKind::PairingBye {
                if let Some((round, kind)) = earlier.filter(|&(r, _)| r < c.round) {
                    found.push(TournamentFinding::new(
                        TournamentCode::PairingBye,
                        Some(c.round),
                        Some(player),
                        format!(
                            "round {}: {} gets the pairing bye after {} in round {round}; a player gets it once, and not after scoring a win's worth without playing",
                            c.round,
                            who(player),
                            unplayed_win(kind)
                        ),
                    ));
                }
            }
            let win_unplayed = matches!(
                c.result,
                ResultKind::PairingBye | ResultKind::ForfeitWin | ResultKind::FullBye
            );
            if win_unplayed && earlier.is_none() {
                earlier = Some((c.round, c.result));
            }
        }
    }
    found.sort_by_key(|f| f.round);
    out.extend(found);
}

/// How a finding names an unplayed win.
fn unplayed_win(kind: ResultKind) -> &'static str {
    match kind {
        ResultKind::PairingBye => "the pairing bye",
        ResultKind::ForfeitWin => "a forfeit win",
        _ => "a full-point bye",
    }
}

/// The players who, before the final round `n`, scored more than half of the points
/// there were (`n - 1` wins' points, under the tournament's point system): the
/// topscorers, whose final-round games the colour rules spare.
fn final_round_topscorers(t: &Tournament, seats: &BTreeMap<u32, Vec<&CrosstableCell>>) -> Vec<u32> {
    let n = t.round_count();
    let values = t.point_values();
    let win = values.points(ResultKind::Win).0;
    let mut out = Vec::new();
    for (&player, list) in seats {
        // A round's games against one opponent are one match, scored as a win, a draw
        // or a loss by the games' points.
        let mut per_match: BTreeMap<(u32, Option<u32>), (i64, i64, u32)> = BTreeMap::new();
        for c in list.iter().filter(|c| c.round < n) {
            let m = per_match.entry((c.round, c.opponent)).or_default();
            m.0 = m.0.saturating_add(values.points(c.result).0);
            let theirs = c.result.mirror().map_or(0, |r| values.points(r).0);
            m.1 = m.1.saturating_add(theirs);
            m.2 = m.2.saturating_add(1);
        }
        let mut total: i64 = 0;
        for (&(_, opponent), &(mine, theirs, games)) in &per_match {
            let scored = match opponent {
                Some(_) if games > 1 => {
                    values
                        .points(match mine.cmp(&theirs) {
                            std::cmp::Ordering::Greater => ResultKind::Win,
                            std::cmp::Ordering::Equal => ResultKind::Draw,
                            std::cmp::Ordering::Less => ResultKind::Loss,
                        })
                        .0
                }
                _ => mine,
            };
            total = total.saturating_add(scored);
        }
        // More than half of the n - 1 rounds' wins: 2 total > (n - 1) win.
        if total.saturating_mul(2) > i64::from(n.saturating_sub(1)).saturating_mul(win) {
            out.push(player);
        }
    }
    out
}

/// A colour three times running, or a colour difference past two, in the games a
/// player played (byes and forfeits carry no colour); the final round's games of a
/// topscorer and their opponent are spared.
fn colours(
    player: u32,
    list: &[&CrosstableCell],
    topscorers: &[u32],
    n: u32,
    out: &mut Vec<TournamentFinding>,
    who: &dyn Fn(u32) -> String,
) {
    let mut history: Vec<Color> = Vec::new();
    let mut round_seen = 0;
    for c in list.iter().filter(|c| c.result.is_played()) {
        // One colour a round: the first game of a multi-game round.
        if c.round == round_seen {
            continue;
        }
        round_seen = c.round;
        let Some(colour) = c.color else { return };
        history.push(colour);
        let spared = c.round == n
            && (topscorers.contains(&player)
                || c.opponent.is_some_and(|o| topscorers.contains(&o)));
        if spared {
            continue;
        }
        let whites = history.iter().filter(|&&k| k == Color::White).count() as i64;
        let difference = whites
            .saturating_mul(2)
            .saturating_sub(history.len() as i64);
        let three = history.len() >= 3 && history.iter().rev().take(3).all(|&k| k == colour);
        if difference.abs() > 2 || three {
            let name = match colour {
                Color::Black => "Black",
                Color::White => "White",
            };
            let why = if three {
                format!("{name} a third time running")
            } else {
                format!("a colour difference of {difference:+} (White minus Black)")
            };
            out.push(TournamentFinding::new(
                TournamentCode::ColourRule,
                Some(c.round),
                Some(player),
                format!(
                    "round {}: {} gets {why}; a Swiss allows neither outside the final round's topscorers",
                    c.round,
                    who(player)
                ),
            ));
        }
    }
}
