//! Standings: points, then each tie-break in order until players differ; players no
//! criterion separates share the place, unless the tournament's `decided_order` (a
//! play-off or a drawing of lots, given as input) separates them.
//!
//! Everything is exact: points in half points, Sonneborn-Berger in quarter points,
//! averages and score rates as fractions. [`Standings`] serialises exactly (serde:
//! fractions as `[numerator, denominator]`); the JSON people read, with floats, is the
//! presentation [`Standings::readable_json`] gives ([`StandingsJson`]).
//!
//! Withdrawals (the Chinese game rules): in a round robin, a player (team) who left before playing
//! half of the rounds has every game voided and leaves the table; one who left later
//! loses every remaining game by forfeit. In Swiss and knockout events the games played
//! stand (FIDE C.06) and the rounds after the withdrawal are forfeits or unpaired rounds.

use std::collections::HashMap;

use serde::ser::{SerializeMap, SerializeStruct};
use serde::{Deserialize, Serialize, Serializer};

use crate::checks::check;
use crate::competitors::{competitors, Comp};
use crate::findings::{TournamentCode, TournamentFinding};
use crate::knockout::knockout_rounds;
use crate::model::{PointValues, System, TeamPointValues, Tournament};
use crate::score::HalfPoints;
use crate::tiebreak::{Criterion, Regulation, TieBreak};
use crate::tiebreak_values::Calc;
pub use crate::tiebreak_values::TieBreakValue;

/// The Chinese rules' list for a system and event type (`docs/rules.md` table), after the points.
pub fn default_list(system: System, team: bool) -> Vec<TieBreak> {
    use Criterion::*;
    use System::*;
    let p = TieBreak::plain;
    match (system, team) {
        (RoundRobin, false) => vec![p(Sb), p(Won)],
        (RoundRobin, true) => vec![p(Gp), p(Tsb), p(Tbr)],
        (Swiss, false) => vec![
            p(Aro),
            p(Bh),
            TieBreak {
                criterion: Bh,
                cut_bottom: 1,
                cut_top: 1,
            },
            p(Won),
        ],
        (Swiss, true) => vec![
            p(Bh),
            TieBreak {
                criterion: Bh,
                cut_bottom: 1,
                cut_top: 1,
            },
            p(Gp),
            p(Tbr),
        ],
        // Ranked by the round of elimination first anyway; listed to be shown.
        (Knockout, _) => vec![p(Ko)],
    }
}

/// What to compute.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct StandingsOptions {
    /// The system (default: the tournament's, or what the pairings show).
    pub system: Option<System>,
    /// The tie-break list after the points (default: the tournament's list, else the
    /// the Chinese rules' list for the system).
    pub tiebreaks: Option<Vec<TieBreak>>,
    /// How unplayed rounds count.
    pub regulation: Regulation,
}

/// A tie-break value as people read it in JSON: a number as a float, boards as a list.
struct ValueJson<'a>(&'a TieBreakValue);

impl Serialize for ValueJson<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self.0 {
            TieBreakValue::Number(r) => s.serialize_f64(r.to_f64()),
            TieBreakValue::Boards(b) => b.serialize(s),
        }
    }
}

/// One line of the standings. Serialises exactly, with its fields' names.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct StandingRow {
    /// The place, from 1; players sharing a place have the same rank.
    pub rank: u32,
    /// Whether the place is shared.
    pub shared: bool,
    /// The player's (team's) id.
    pub id: u32,
    /// Name.
    pub name: String,
    /// Points (team events: match points).
    pub points: HalfPoints,
    /// The tie-break values, in the order of [`Standings::tiebreaks`].
    pub values: Vec<TieBreakValue>,
}

/// Standings of one tournament.
///
/// Serde gives the exact form, which reads back equal (fractions as `[numerator,
/// denominator]`, a zero denominator refused on reading); [`Standings::readable_json`]
/// gives the JSON people read, with floats (`renju standings --json`).
///
/// ```
/// use renju_tournament::{standings, Standings, StandingsOptions, Tournament};
/// let t = Tournament::from_trf("\
/// 001    1      Ann                                                                1.0    1     2 b 1
/// 001    2      Bob                                                                0.0    2     1 w 0
/// ").unwrap();
/// let s = standings(&t, &StandingsOptions::default());
/// let exact = serde_json::to_string(&s).unwrap();
/// assert_eq!(serde_json::from_str::<Standings>(&exact).unwrap(), s);
/// let readable = serde_json::to_value(s.readable_json()).unwrap();
/// assert_eq!(readable["standings"][0]["name"], "Ann");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Standings {
    /// The tournament's name.
    pub name: String,
    /// The system ranked by.
    pub system: System,
    /// How unplayed rounds were counted.
    pub regulation: Regulation,
    /// Whether the rows are teams.
    pub team_event: bool,
    /// The tie-breaks after the points, in order.
    pub tiebreaks: Vec<TieBreak>,
    /// The rows, best first.
    pub rows: Vec<StandingRow>,
    /// What the checks found.
    pub findings: Vec<TournamentFinding>,
}

impl Standings {
    /// The value of a tie-break for a row, by code (`"BH/C1"`).
    pub fn value<'a>(&self, row: &'a StandingRow, code: &str) -> Option<&'a TieBreakValue> {
        let tb: TieBreak = code.parse().ok()?;
        let i = self.tiebreaks.iter().position(|t| *t == tb)?;
        row.values.get(i)
    }

    /// The row of a player (team) by id.
    pub fn row(&self, id: u32) -> Option<&StandingRow> {
        self.rows.iter().find(|r| r.id == id)
    }

    /// Whether some finding has severity error.
    pub fn has_errors(&self) -> bool {
        self.findings
            .iter()
            .any(|f| f.severity == renju_records::report::Severity::Error)
    }

    /// The JSON people read (`renju standings --json`, the C library's and Python's
    /// `to_dict`/`to_json`), with tie-break values as floats: a presentation, not
    /// read back. The exact form is the serde form of `Standings` itself.
    pub fn readable_json(&self) -> StandingsJson<'_> {
        StandingsJson(self)
    }
}

struct RowJson<'a>(&'a StandingRow, &'a [TieBreak]);

impl Serialize for RowJson<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let r = self.0;
        let mut st = s.serialize_struct("StandingRow", 6)?;
        st.serialize_field("rank", &r.rank)?;
        st.serialize_field("shared", &r.shared)?;
        st.serialize_field("id", &r.id)?;
        st.serialize_field("name", &r.name)?;
        st.serialize_field("points", &r.points)?;
        st.serialize_field("tiebreaks", &ValuesJson(r, self.1))?;
        st.end()
    }
}

struct ValuesJson<'a>(&'a StandingRow, &'a [TieBreak]);

impl Serialize for ValuesJson<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(Some(self.1.len()))?;
        for (tb, v) in self.1.iter().zip(&self.0.values) {
            m.serialize_entry(&tb.to_string(), &ValueJson(v))?;
        }
        m.end()
    }
}

struct RowsJson<'a>(&'a Standings);

impl Serialize for RowsJson<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.0.rows.iter().map(|r| RowJson(r, &self.0.tiebreaks)))
    }
}

/// The JSON people read of [`Standings`], from [`Standings::readable_json`]: `{"name",
/// "system", "regulation", "team", "tiebreaks": [codes], "standings": [{"rank",
/// "shared", "id", "name", "points", "tiebreaks": {"SB": 4.25, ...}}], "findings":
/// [...]}`, numbers as JSON numbers (fractions rounded to floats). Serialise only.
#[derive(Debug, Clone, Copy)]
pub struct StandingsJson<'a>(&'a Standings);

impl Serialize for StandingsJson<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let t = self.0;
        let mut st = s.serialize_struct("Standings", 7)?;
        st.serialize_field("name", &t.name)?;
        st.serialize_field("system", &t.system)?;
        st.serialize_field("regulation", &t.regulation)?;
        st.serialize_field("team", &t.team_event)?;
        st.serialize_field("tiebreaks", &t.tiebreaks)?;
        st.serialize_field("standings", &RowsJson(t))?;
        st.serialize_field("findings", &t.findings)?;
        st.end()
    }
}

/// Computes the standings (and runs every check).
///
/// ```
/// use renju_tournament::{standings, Regulation, StandingsOptions, TieBreak, Tournament};
/// let t = Tournament::from_trf("\
/// 001    1      Ann                                                                1.0    1     2 b 1
/// 001    2      Bob                                                                0.0    2     1 w 0
/// ").unwrap();
/// let options = StandingsOptions {
///     tiebreaks: Some(TieBreak::parse_list("BH, SB").unwrap()),
///     regulation: Regulation::Fide2026,
///     ..StandingsOptions::default()
/// };
/// let s = standings(&t, &options);
/// assert_eq!(s.rows[0].name, "Ann");
/// assert_eq!(s.regulation.name(), "fide-2026");
/// ```
pub fn standings(t: &Tournament, options: &StandingsOptions) -> Standings {
    let mut findings = check(t);
    standings_inner(t, options, &mut findings)
}

/// Standings without the crosstable checks (points, rank and knockout findings only).
pub fn standings_unchecked(t: &Tournament, options: &StandingsOptions) -> Standings {
    let mut findings = Vec::new();
    standings_inner(t, options, &mut findings)
}

fn standings_inner(
    t: &Tournament,
    options: &StandingsOptions,
    findings: &mut Vec<TournamentFinding>,
) -> Standings {
    let system = options.system.unwrap_or_else(|| t.effective_system());
    let team = t.is_team_event();
    // Bounded: a tournament built by hand past the limits is not sized by its rounds.
    let n = t.round_count().min(crate::model::MAX_ROUNDS);
    let tiebreaks = tiebreak_list(t, options, system, team, findings);
    score_system(t, findings);
    let primary = if team { Criterion::Mp } else { Criterion::Pts };
    let comps = competitors(t, system, n, team);
    let calc = Calc::new(&comps, options.regulation, n, system, &t.point_values());

    let mut criteria: Vec<TieBreak> = Vec::with_capacity(tiebreaks.len().saturating_add(2));
    if system == System::Knockout {
        // The round of elimination ranks; the points do not: the losers of one round
        // share the place (a best-of-three lost 1-2 and one lost 0-2 alike) unless
        // placement games among them, or an organiser's list, decide.
        criteria.push(TieBreak::plain(Criterion::Ko));
    } else {
        criteria.push(TieBreak::plain(primary));
    }
    let skip = criteria.len();
    criteria.extend(tiebreaks.iter().copied());

    let ko = if criteria.iter().any(|c| c.criterion == Criterion::Ko) {
        knockout_rounds(&comps, n, findings)
    } else {
        Vec::new()
    };
    if !team && criteria.iter().any(|c| c.criterion == Criterion::Aro) {
        report_unrated_opponents(&comps, findings);
    }

    // values[c][k]
    let mut values: Vec<Vec<TieBreakValue>> = comps
        .iter()
        .enumerate()
        .map(|(i, _)| criteria.iter().map(|tb| calc.value(i, tb, &ko)).collect())
        .collect();
    let groups = tied_groups(&calc, &comps, &criteria, &mut values);
    let groups = apply_decided_order(t, &comps, groups);
    let rows = ranked_rows(&groups, &comps, &calc, &values, skip);

    let s = Standings {
        name: t.name.clone(),
        system,
        regulation: options.regulation,
        team_event: team,
        tiebreaks,
        rows,
        findings: Vec::new(),
    };
    declared_columns(t, &s, &criteria, &values, &comps, findings);
    Standings {
        findings: std::mem::take(findings),
        ..s
    }
}

/// The tie-break list: the options', else the tournament's, else the Chinese rules'
/// default for the system (with a finding when the file names a list this library
/// cannot compute); without the points, which come first anyway.
fn tiebreak_list(
    t: &Tournament,
    options: &StandingsOptions,
    system: System,
    team: bool,
    findings: &mut Vec<TournamentFinding>,
) -> Vec<TieBreak> {
    let mut tiebreaks = options.tiebreaks.clone().unwrap_or_else(|| {
        if t.tiebreaks.is_empty() {
            // A TRF list the library cannot compute is kept as a record: say so.
            if let Some(list) = t.tag("202").or_else(|| t.tag("212")) {
                findings.push(TournamentFinding::new(
                    TournamentCode::UnsupportedTiebreak,
                    None,
                    None,
                    format!(
                        "the file's tie-break list {list:?} names criteria this library does not compute; the Chinese rules' list for a {system} is used"
                    ),
                ));
            }
            let mut list = default_list(system, team);
            if !team && system != System::Knockout && has_matches(t) {
                // Matches of several games score 1, ½ or 0: their game points come next.
                list.insert(0, TieBreak::plain(Criterion::Gp));
            }
            list
        } else {
            t.tiebreaks.clone()
        }
    });
    // The points come first anyway.
    let primary = if team { Criterion::Mp } else { Criterion::Pts };
    while tiebreaks
        .first()
        .is_some_and(|tb| tb.criterion == primary || tb.criterion == Criterion::Pts)
    {
        tiebreaks.remove(0);
    }
    tiebreaks
}

/// Says when the tournament's `162` record cannot be read (one built by hand or read
/// from JSON: the TRF reader refuses it), which leaves its values out: the `BBW`...
/// records and the usual 1, ½ and 0 score; the same of its `362` record (team match
/// points).
fn score_system(t: &Tournament, findings: &mut Vec<TournamentFinding>) {
    if let Some(Err(why)) = (t.score_system.as_deref()).map(PointValues::from_score_system) {
        findings.push(TournamentFinding::new(
            TournamentCode::UnsupportedScoreSystem,
            None,
            None,
            format!("the score system (record 162) cannot be read: {why}; its values are not used"),
        ));
    }
    let team = (t.team_score_system.as_deref()).map(TeamPointValues::from_team_score_system);
    if let Some(Err(why)) = team {
        findings.push(TournamentFinding::new(
            TournamentCode::UnsupportedScoreSystem,
            None,
            None,
            format!(
                "the team score system (record 362) cannot be read: {why}; matches score 1, ½ and 0"
            ),
        ));
    }
}

/// Whether some round pairs two players for more than one game (a match, scored as one).
fn has_matches(t: &Tournament) -> bool {
    let mut seen = std::collections::HashSet::new();
    (t.cells.iter())
        .filter_map(|c| c.opponent.map(|o| (c.round, c.player, o)))
        .any(|key| !seen.insert(key))
}

/// Says how many played games against unrated opponents ARO leaves out, if any.
fn report_unrated_opponents(comps: &[Comp], findings: &mut Vec<TournamentFinding>) {
    let unrated = comps
        .iter()
        .flat_map(|c| &c.rows)
        .filter(|r| r.kind.is_played())
        .filter_map(|r| r.opp)
        .filter(|&o| comps[o].rating.is_none())
        .count();
    if unrated > 0 {
        findings.push(TournamentFinding::new(
            TournamentCode::UnratedOpponents,
            None,
            None,
            format!("{unrated} game(s) against unrated opponents are left out of ARO"),
        ));
    }
}

/// The competitors in groups of equal values, best first, refined criterion by
/// criterion (direct encounter computed inside each group as it is reached).
fn tied_groups(
    calc: &Calc<'_>,
    comps: &[Comp],
    criteria: &[TieBreak],
    values: &mut [Vec<TieBreakValue>],
) -> Vec<Vec<usize>> {
    let mut order: Vec<usize> = (0..comps.len()).collect();
    order.sort_by_key(|&i| comps[i].id);
    let mut groups: Vec<Vec<usize>> = vec![order];
    for (k, tb) in criteria.iter().enumerate() {
        let mut next = Vec::with_capacity(groups.len());
        for mut g in groups {
            if g.len() < 2 {
                next.push(g);
                continue;
            }
            if tb.criterion == Criterion::De {
                for (i, v) in calc.direct_encounter(&g) {
                    values[i][k] = v;
                }
            }
            g.sort_by(|&a, &b| values[b][k].cmp(&values[a][k]));
            let mut start = 0;
            for j in 1..=g.len() {
                if j == g.len() || values[g[j]][k] != values[g[start]][k] {
                    next.push(g[start..j].to_vec());
                    start = j;
                }
            }
        }
        groups = next;
    }
    groups
}

/// A play-off or lot, when given, separates what is still tied.
fn apply_decided_order(t: &Tournament, comps: &[Comp], groups: Vec<Vec<usize>>) -> Vec<Vec<usize>> {
    if t.decided_order.is_empty() {
        return groups;
    }
    let pos: HashMap<u32, usize> = t
        .decided_order
        .iter()
        .enumerate()
        .map(|(i, &id)| (id, i))
        .collect();
    let mut next = Vec::with_capacity(groups.len());
    for mut g in groups {
        if g.len() < 2 {
            next.push(g);
            continue;
        }
        let key = |i: &usize| pos.get(&comps[*i].id).copied().unwrap_or(usize::MAX);
        g.sort_by_key(key);
        let rest: Vec<usize> = g.iter().copied().filter(|i| key(i) == usize::MAX).collect();
        for &i in g.iter().filter(|i| key(i) != usize::MAX) {
            next.push(vec![i]);
        }
        if !rest.is_empty() {
            next.push(rest);
        }
    }
    next
}

/// The rows of the table, group by group, with shared ranks; the values shown are the
/// tie-breaks after the first `skip` criteria (knockout and points).
fn ranked_rows(
    groups: &[Vec<usize>],
    comps: &[Comp],
    calc: &Calc<'_>,
    values: &[Vec<TieBreakValue>],
    skip: usize,
) -> Vec<StandingRow> {
    let mut rows = Vec::with_capacity(comps.len());
    let mut rank = 1u32;
    for g in groups {
        for &i in g {
            let c = &comps[i];
            rows.push(StandingRow {
                rank,
                shared: g.len() > 1,
                id: c.id,
                name: c.name.clone(),
                points: calc.score[i],
                values: values[i][skip..].to_vec(),
            });
        }
        rank = rank.saturating_add(g.len() as u32);
    }
    rows
}

/// Points and rank columns the source declares, against the computed ones.
fn declared_columns(
    t: &Tournament,
    s: &Standings,
    criteria: &[TieBreak],
    values: &[Vec<TieBreakValue>],
    comps: &[Comp],
    findings: &mut Vec<TournamentFinding>,
) {
    let declared: Vec<(u32, Option<HalfPoints>, Option<u32>)> = if s.team_event {
        t.teams
            .iter()
            .map(|x| (x.id, x.declared_points, x.declared_rank))
            .collect()
    } else {
        t.players
            .iter()
            .map(|p| (p.id, p.declared_points, p.declared_rank))
            .collect()
    };
    if s.team_event {
        member_points(t, findings);
    }
    let index: HashMap<u32, usize> = comps.iter().enumerate().map(|(i, c)| (c.id, i)).collect();
    let pos: HashMap<u32, usize> = s.rows.iter().enumerate().map(|(k, r)| (r.id, k)).collect();
    let unit = if s.team_event {
        "match points"
    } else {
        "points"
    };
    for (id, points, rank) in declared {
        let Some(&k) = pos.get(&id) else { continue };
        let row = &s.rows[k];
        if let Some(p) = points {
            if p != row.points {
                findings.push(TournamentFinding::new(
                    TournamentCode::PointsMismatch,
                    None,
                    Some(id),
                    format!(
                        "{} ({id}) is declared with {p} {unit} but the results give {}",
                        row.name, row.points
                    ),
                ));
            }
        }
        let Some(rank) = rank else { continue };
        let span = s.rows.iter().filter(|r| r.rank == row.rank).count() as u32;
        if rank >= row.rank && rank < row.rank.saturating_add(span) {
            continue;
        }
        let why = rank_reason(s, row, rank, criteria, values, &index);
        findings.push(TournamentFinding::new(
            TournamentCode::RankMismatch,
            None,
            Some(id),
            format!(
                "{} ({id}) is declared rank {rank} but the standings give rank {}{}{why}",
                row.name,
                row.rank,
                if row.shared { " (shared)" } else { "" }
            ),
        ));
    }
}

/// In a team event, the members' own points columns, against their games.
// Only `HalfPoints` and `Rational` operators here, which saturate (score.rs);
// clippy cannot be told so for a type of this crate.
#[allow(clippy::arithmetic_side_effects)]
fn member_points(t: &Tournament, findings: &mut Vec<TournamentFinding>) {
    let values = t.point_values();
    let mut points: HashMap<u32, HalfPoints> = HashMap::new();
    for p in &t.cells {
        *points.entry(p.player).or_default() += values.points(p.result);
    }
    for p in &t.players {
        let (Some(declared), got) = (
            p.declared_points,
            points.get(&p.id).copied().unwrap_or_default(),
        ) else {
            continue;
        };
        if declared != got {
            findings.push(TournamentFinding::new(
                TournamentCode::PointsMismatch,
                None,
                Some(p.id),
                format!(
                    "{} ({}) is declared with {declared} points but the games give {got}",
                    p.name, p.id
                ),
            ));
        }
    }
}

/// For a row declared at `rank`: who holds that place, and which criterion puts them
/// apart, as a clause to append to the finding (empty when there is nothing to say).
fn rank_reason(
    s: &Standings,
    row: &StandingRow,
    rank: u32,
    criteria: &[TieBreak],
    values: &[Vec<TieBreakValue>],
    index: &HashMap<u32, usize>,
) -> String {
    let other = s.rows.get(rank.saturating_sub(1) as usize);
    other
        .and_then(|o| {
            let (a, b) = (index[&row.id], index[&o.id]);
            let k = (0..criteria.len()).find(|&k| values[a][k] != values[b][k])?;
            let (va, vb) = (&values[a][k], &values[b][k]);
            let (ahead, behind, va, vb) = if o.rank < row.rank {
                (&o.name, &row.name, vb, va)
            } else {
                (&row.name, &o.name, va, vb)
            };
            Some(format!(
                "; {} decides: {ahead} {va} against {behind} {vb}",
                criteria[k]
            ))
        })
        .unwrap_or_default()
}
