//! The knockout bracket: for each competitor, the round in which they left the main
//! bracket, then the placement brackets among those who left in the same round (the
//! `KO` tie-break).
//!
//! Each bracket reads a member's rows from the round after the bracket's start to the
//! round the member left it, so that a competitor's rows are read once along the chain
//! of brackets it goes through (a knockout whose matches are all drawn has a placement
//! bracket per round); a tied match that no later round decides is reported once.

use std::collections::{HashMap, HashSet};

use crate::competitors::{Comp, Row};
use crate::findings::{TournamentCode, TournamentFinding};
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
    let mut undecided = Undecided {
        findings,
        reported: HashSet::new(),
    };
    // Depth first, as the brackets nest: a member's values are pushed in order.
    let mut brackets = vec![((0..comps.len()).collect::<Vec<_>>(), 0)];
    while let Some((group, after)) = brackets.pop() {
        let bracket = Bracket::new(comps, &group, after);
        let inner = bracket.eliminate(n, &mut out, &mut undecided);
        brackets.extend(inner.into_iter().rev());
    }
    out
}

/// The tied matches no later round decides, each reported once: `(round, a, b)` with
/// `a < b`.
struct Undecided<'a> {
    findings: &'a mut Vec<TournamentFinding>,
    reported: HashSet<(u32, usize, usize)>,
}

impl Undecided<'_> {
    fn report(&mut self, comps: &[Comp], round: u32, i: usize, o: usize) {
        let (a, b) = (i.min(o), i.max(o));
        if !self.reported.insert((round, a, b)) {
            return;
        }
        self.findings.push(TournamentFinding::new(
            TournamentCode::KnockoutUndecided,
            Some(round),
            Some(comps[a].id),
            format!(
                "round {round}: the match of {} and {} is tied and no later round shows who went on; both are counted as out (a play-off or lot is input)",
                comps[a].name, comps[b].name
            ),
        ));
    }
}

/// One bracket: the members of a group, their games against each other after round
/// `after` (and, in the main bracket, their unplayed rounds).
struct Bracket<'a> {
    comps: &'a [Comp],
    group: &'a [usize],
    after: u32,
    inside: HashSet<usize>,
    /// Per member: the index of its first row after `after`.
    start: HashMap<usize, usize>,
}

impl<'a> Bracket<'a> {
    fn new(comps: &'a [Comp], group: &'a [usize], after: u32) -> Bracket<'a> {
        let start = group
            .iter()
            .map(|&i| (i, comps[i].rows.partition_point(|r| r.round <= after)))
            .collect();
        Bracket {
            comps,
            group,
            after,
            inside: group.iter().copied().collect(),
            start,
        }
    }

    fn main(&self) -> bool {
        self.after == 0
    }

    /// A game of this bracket (a row after its start).
    fn relevant(&self, r: &Row) -> bool {
        match r.opp {
            Some(o) => self.inside.contains(&o),
            None => self.main(),
        }
    }

    /// The member's rows after the bracket's start.
    fn rows(&self, i: usize) -> &'a [Row] {
        &self.comps[i].rows[self.start[&i]..]
    }

    /// The last round in which the member played a game of this bracket (0: none).
    fn last_round(&self, i: usize) -> u32 {
        self.rows(i)
            .iter()
            .rev()
            .find(|r| self.relevant(r) && r.kind != ResultKind::Absent)
            .map_or(0, |r| r.round)
    }

    /// Each member's round of elimination pushed onto `out`; returns the placement
    /// brackets among those out in the same round, in round order.
    fn eliminate(
        &self,
        n: u32,
        out: &mut [Vec<u32>],
        undecided: &mut Undecided<'_>,
    ) -> Vec<(Vec<usize>, u32)> {
        // Placement brackets are only read when every member played in them.
        let played = |i: usize| self.rows(i).iter().any(|r| self.relevant(r));
        if !self.main() && !self.group.iter().all(|&i| played(i)) {
            return Vec::new();
        }
        let last: HashMap<usize, u32> = self
            .group
            .iter()
            .map(|&i| (i, self.last_round(i)))
            .collect();
        let mut by_round: std::collections::BTreeMap<u32, Vec<usize>> =
            std::collections::BTreeMap::new();
        for &i in self.group {
            let lost_in = self.lost_in(i, n, &last, undecided);
            out[i].push(lost_in);
            by_round.entry(lost_in).or_default().push(i);
        }
        by_round
            .into_iter()
            .filter(|(round, members)| members.len() > 1 && *round <= n)
            .map(|(round, members)| (members, round))
            .collect()
    }

    /// The round in which the member left the bracket (`n + 1`: never), reading its
    /// rows up to that round only.
    fn lost_in(
        &self,
        i: usize,
        n: u32,
        last: &HashMap<usize, u32>,
        undecided: &mut Undecided<'_>,
    ) -> u32 {
        let rows = self.rows(i);
        let mut k = 0;
        while let Some(first) = rows.get(k) {
            let round = first.round;
            // Rows are in round order (`competitors`); at least one row is read.
            let end = rows
                .partition_point(|r| r.round <= round)
                .max(k.saturating_add(1));
            let mut lost = false;
            for (opp, mine, theirs) in self.matches(&rows[k..end]) {
                lost |= match opp {
                    None => mine == HalfPoints::ZERO,
                    Some(o) => match mine.cmp(&theirs) {
                        std::cmp::Ordering::Less => true,
                        std::cmp::Ordering::Greater => false,
                        std::cmp::Ordering::Equal => {
                            let (me_on, they_on) = (last[&i] > round, last[&o] > round);
                            if me_on == they_on {
                                undecided.report(self.comps, round, i, o);
                            }
                            !me_on || they_on
                        }
                    },
                };
            }
            if lost {
                return round;
            }
            k = end;
        }
        n.saturating_add(1)
    }

    /// The member's matches of one round in this bracket: per opponent (none: an
    /// unplayed round), points for and against, in opponent order.
    // Only `HalfPoints` operators here, which saturate (score.rs); clippy cannot be
    // told so for a type of this crate.
    #[allow(clippy::arithmetic_side_effects)]
    fn matches(&self, rows: &[Row]) -> Vec<(Option<usize>, HalfPoints, HalfPoints)> {
        let mut per: Vec<(Option<usize>, HalfPoints, HalfPoints)> = Vec::new();
        for r in rows.iter().filter(|r| self.relevant(r)) {
            // Game points decide a match (a single game's are its points).
            let against = r.gp_against;
            match per.iter_mut().find(|m| m.0 == r.opp) {
                Some(m) => {
                    m.1 += r.gp;
                    m.2 += against;
                }
                None => per.push((r.opp, r.gp, against)),
            }
        }
        per.sort_by_key(|m| m.0);
        per
    }
}
