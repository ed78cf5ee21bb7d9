//! The knockout bracket: for each competitor, the round in which they left the main
//! bracket, then the placement brackets among those who left in the same round (the
//! `KO` tie-break).

use std::collections::HashMap;

use crate::checks::{TournamentCode, TournamentFinding};
use crate::competitors::{Comp, Row};
use crate::model::ResultKind;
use crate::score::HalfPoints;

/// The knockout value of each competitor: the round in which they left the main
/// bracket (`rounds + 1`: never), then, for those who left in the same round and then
/// played placement games among themselves, the round in which they left that
/// placement bracket, and so on. Compared from the first element.
pub(crate) fn knockout_rounds(
    comps: &[Comp],
    n: u32,
    findings: &mut Vec<TournamentFinding>,
) -> Vec<Vec<u32>> {
    let mut out = vec![Vec::new(); comps.len()];
    let all: Vec<usize> = (0..comps.len()).collect();
    knockout_bracket(comps, n, &all, 0, &mut out, findings);
    out
}

/// One bracket: the members of `group`, their games against each other after round
/// `after` (and, in the main bracket, their unplayed rounds).
// Only `HalfPoints` and `Rational` operators here, which saturate (score.rs);
// clippy cannot be told so for a type of this crate.
#[allow(clippy::arithmetic_side_effects)]
fn knockout_bracket(
    comps: &[Comp],
    n: u32,
    group: &[usize],
    after: u32,
    out: &mut [Vec<u32>],
    findings: &mut Vec<TournamentFinding>,
) {
    let main = after == 0;
    let inside: std::collections::HashSet<usize> = group.iter().copied().collect();
    let relevant = |r: &Row| {
        r.round > after
            && match r.opp {
                Some(o) => inside.contains(&o),
                None => main,
            }
    };
    // Placement brackets are only read when every member played in them.
    if !main && !group.iter().all(|&i| comps[i].rows.iter().any(relevant)) {
        return;
    }
    let last_round: HashMap<usize, u32> = group
        .iter()
        .map(|&i| {
            let last = comps[i]
                .rows
                .iter()
                .filter(|r| relevant(r) && r.kind != ResultKind::Absent)
                .map(|r| r.round)
                .max()
                .unwrap_or(0);
            (i, last)
        })
        .collect();
    let mut elim: HashMap<usize, u32> = HashMap::new();
    for &i in group {
        let c = &comps[i];
        // Per round and opponent: points for and against.
        let mut per: std::collections::BTreeMap<(u32, Option<usize>), (HalfPoints, HalfPoints)> =
            std::collections::BTreeMap::new();
        for r in c.rows.iter().filter(|r| relevant(r)) {
            let e = per.entry((r.round, r.opp)).or_default();
            e.0 += r.pts;
            e.1 += HalfPoints(i64::from(r.games.max(1)).saturating_mul(2)) - r.pts;
        }
        let mut lost_in = n.saturating_add(1);
        for (&(round, opp), &(mine, theirs)) in &per {
            let lost = match opp {
                None => mine == HalfPoints::ZERO,
                Some(o) => match mine.cmp(&theirs) {
                    std::cmp::Ordering::Less => true,
                    std::cmp::Ordering::Greater => false,
                    std::cmp::Ordering::Equal => {
                        let (me_on, they_on) = (last_round[&i] > round, last_round[&o] > round);
                        if me_on == they_on && i < o {
                            findings.push(TournamentFinding::new(
                                TournamentCode::KnockoutUndecided,
                                Some(round),
                                Some(c.id),
                                format!(
                                    "round {round}: the match of {} and {} is tied and no later round shows who went on; both are counted as out (a play-off or lot is input)",
                                    c.name, comps[o].name
                                ),
                            ));
                        }
                        !me_on || they_on
                    }
                },
            };
            if lost {
                lost_in = lost_in.min(round);
            }
        }
        elim.insert(i, lost_in);
    }
    for &i in group {
        out[i].push(elim[&i]);
    }
    // Those out in the same round: placement games among them, after that round.
    let mut by_round: std::collections::BTreeMap<u32, Vec<usize>> =
        std::collections::BTreeMap::new();
    for &i in group {
        by_round.entry(elim[&i]).or_default().push(i);
    }
    for (round, members) in by_round {
        if members.len() > 1 && round <= n {
            knockout_bracket(comps, n, &members, round, out, findings);
        }
    }
}
