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

use super::checks::{check, TournamentCode, TournamentFinding};
use super::score::{HalfPoints, Rational};
use super::tiebreak::{Criterion, Regulation, TieBreak};
use super::{IdIndex, Pairing, ResultKind, System, Tournament};

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

/// One round of a competitor (a player, or a team's match).
#[derive(Debug, Clone)]
struct Row {
    round: u32,
    opp: Option<usize>,
    pts: HalfPoints,
    kind: ResultKind,
    /// Game points (teams: the boards' sum; individual: `pts`).
    gp: HalfPoints,
    /// Games in it (teams: boards).
    games: u32,
}

#[derive(Debug, Clone)]
struct Comp {
    id: u32,
    name: String,
    rating: Option<u32>,
    rows: Vec<Row>,
    boards: Vec<HalfPoints>,
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
    let n = t.round_count().min(super::MAX_ROUNDS);
    let tiebreaks = tiebreak_list(t, options, system, team, findings);
    let primary = if team { Criterion::Mp } else { Criterion::Pts };
    let comps = competitors(t, system, n, team);
    let calc = Calc::new(&comps, options.regulation, n, system);

    let mut criteria: Vec<TieBreak> = Vec::with_capacity(tiebreaks.len().saturating_add(2));
    if system == System::Knockout {
        criteria.push(TieBreak::plain(Criterion::Ko));
    }
    criteria.push(TieBreak::plain(primary));
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
            default_list(system, team)
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

/// The competitors (players, or teams in a team event) with their rows after the
/// withdrawal rule, absences filled in a Swiss, rows in round order.
fn competitors(t: &Tournament, system: System, n: u32, team: bool) -> Vec<Comp> {
    let (pairings, void) = apply_withdrawals(t, system, n);
    let mut comps = if team {
        team_comps(t, &pairings, &void)
    } else {
        player_comps(t, &pairings, &void)
    };
    if system == System::Swiss {
        for c in &mut comps {
            fill_absent(c, n);
        }
    }
    for c in &mut comps {
        c.rows.sort_by_key(|r| r.round);
    }
    comps
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

/// The pairings the standings count, after the withdrawal rule, and the voided ids.
fn apply_withdrawals(
    t: &Tournament,
    system: System,
    n: u32,
) -> (std::borrow::Cow<'_, [Pairing]>, Vec<u32>) {
    if t.withdrawals.is_empty() {
        return (std::borrow::Cow::Borrowed(&t.pairings[..]), Vec::new());
    }
    let mut pairings = t.pairings.clone();
    let mut void_players = Vec::new();
    let mut void_ids = Vec::new();
    for w in &t.withdrawals {
        let members = t.withdrawn_players(w);
        if w.voids_games(system, n) {
            void_players.extend(members);
            void_ids.push(w.id);
            continue;
        }
        for p in &mut pairings {
            if p.round <= w.after_round {
                continue;
            }
            if members.contains(&p.player) {
                p.result = if p.opponent.is_some() {
                    ResultKind::ForfeitLoss
                } else {
                    ResultKind::Absent
                };
            } else if p.opponent.is_some_and(|o| members.contains(&o)) {
                p.result = ResultKind::ForfeitWin;
            }
        }
    }
    pairings.retain(|p| {
        !void_players.contains(&p.player) && !p.opponent.is_some_and(|o| void_players.contains(&o))
    });
    (std::borrow::Cow::Owned(pairings), void_ids)
}

fn player_comps(t: &Tournament, pairings: &[Pairing], void: &[u32]) -> Vec<Comp> {
    let comps: Vec<Comp> = t
        .players
        .iter()
        .filter(|p| !void.contains(&p.id))
        .map(|p| Comp {
            id: p.id,
            name: p.name.clone(),
            rating: p.rating,
            rows: Vec::new(),
            boards: Vec::new(),
        })
        .collect();
    let mut comps = dedup(comps);
    let index = IdIndex::new(comps.iter().map(|c| c.id));
    for p in pairings {
        let Some(i) = index.get(p.player) else {
            continue;
        };
        let opp = p
            .opponent
            .filter(|&o| o != p.player)
            .and_then(|o| index.get(o));
        let pts = p.result.points();
        comps[i].rows.push(Row {
            round: p.round,
            opp,
            pts,
            kind: p.result,
            gp: pts,
            games: 1,
        });
    }
    comps
}

fn dedup(mut comps: Vec<Comp>) -> Vec<Comp> {
    let mut seen = IdIndex::default();
    comps.retain(|c| seen.insert(c.id).1);
    comps
}

// Only `HalfPoints` and `Rational` operators here, which saturate (score.rs);
// clippy cannot be told so for a type of this crate.
#[allow(clippy::arithmetic_side_effects)]
fn team_comps(t: &Tournament, pairings: &[Pairing], void: &[u32]) -> Vec<Comp> {
    let comps: Vec<Comp> = t
        .teams
        .iter()
        .filter(|x| !void.contains(&x.id))
        .map(|x| Comp {
            id: x.id,
            name: x.name.clone(),
            rating: None,
            rows: Vec::new(),
            boards: Vec::new(),
        })
        .collect();
    let mut comps = dedup(comps);
    let index: HashMap<u32, usize> = comps.iter().enumerate().map(|(i, c)| (c.id, i)).collect();
    let (team_of, board_of) = team_membership(t, &index);
    let (acc, keys) = match_totals(pairings, &team_of, &board_of, &mut comps);
    for key in keys {
        let (round, ti, oi) = key;
        let a = acc[&key];
        let (pts, kind) = match oi {
            Some(o) => {
                let max = HalfPoints((a.games as i64).saturating_mul(2));
                let theirs = acc.get(&(round, o, Some(ti))).map_or(max - a.gp, |b| b.gp);
                match_result(a, theirs)
            }
            None => team_bye_result(a),
        };
        comps[ti].rows.push(Row {
            round,
            opp: oi,
            pts,
            kind,
            gp: a.gp,
            games: a.games,
        });
    }
    comps
}

/// Each player's team (index into the competitors) and board, from the players' team
/// and from the teams' board lists (the first mention wins).
fn team_membership(
    t: &Tournament,
    index: &HashMap<u32, usize>,
) -> (HashMap<u32, usize>, HashMap<u32, u32>) {
    let mut team_of: HashMap<u32, usize> = HashMap::new();
    let mut board_of: HashMap<u32, u32> = HashMap::new();
    for p in &t.players {
        if let Some(&i) = p.team.and_then(|x| index.get(&x)) {
            team_of.insert(p.id, i);
        }
    }
    for x in &t.teams {
        for (b, &id) in x.boards.iter().enumerate() {
            board_of.entry(id).or_insert((b as u32).saturating_add(1));
            if let Some(&i) = index.get(&x.id) {
                team_of.entry(id).or_insert(i);
            }
        }
    }
    (team_of, board_of)
}

/// The totals of one team in one round against one opponent team (or none).
#[derive(Default, Clone, Copy)]
struct MatchTotals {
    /// Game points.
    gp: HalfPoints,
    /// Games.
    games: u32,
    /// Games won or lost by forfeit.
    forfeits: u32,
    /// Games without opponent that score nothing (absent, zero bye, forfeit loss).
    unplayed_zero: u32,
}

/// The key of a [`MatchTotals`]: (round, team, opponent team).
type MatchKey = (u32, usize, Option<usize>);

/// Adds up the games of each team by (round, team, opponent team), in order of first
/// appearance, and the game points of each team's boards.
// Only `HalfPoints` and `Rational` operators here, which saturate (score.rs);
// clippy cannot be told so for a type of this crate.
#[allow(clippy::arithmetic_side_effects)]
fn match_totals(
    pairings: &[Pairing],
    team_of: &HashMap<u32, usize>,
    board_of: &HashMap<u32, u32>,
    comps: &mut [Comp],
) -> (HashMap<MatchKey, MatchTotals>, Vec<MatchKey>) {
    let mut acc: HashMap<MatchKey, MatchTotals> = HashMap::new();
    let mut keys = Vec::new();
    for p in pairings {
        let Some(&ti) = team_of.get(&p.player) else {
            continue;
        };
        let oi = p
            .opponent
            .and_then(|o| team_of.get(&o).copied())
            .filter(|&oi| oi != ti);
        let pts = p.result.points();
        let key = (p.round, ti, oi);
        let a = acc.entry(key).or_insert_with(|| {
            keys.push(key);
            MatchTotals::default()
        });
        a.gp += pts;
        a.games = a.games.saturating_add(1);
        if matches!(p.result, ResultKind::ForfeitWin | ResultKind::ForfeitLoss) {
            a.forfeits = a.forfeits.saturating_add(1);
        }
        if matches!(
            p.result,
            ResultKind::Absent | ResultKind::ZeroBye | ResultKind::ForfeitLoss
        ) && p.opponent.is_none()
        {
            a.unplayed_zero = a.unplayed_zero.saturating_add(1);
        }
        let board = p
            .board
            .or_else(|| board_of.get(&p.player).copied())
            .unwrap_or(1);
        let boards = &mut comps[ti].boards;
        let b = board.max(1) as usize;
        if boards.len() < b {
            boards.resize(b, HalfPoints::ZERO);
        }
        // `b >= 1` (`board.max(1)`).
        boards[b.saturating_sub(1)] += pts;
    }
    (acc, keys)
}

/// The match points and result of a team match: more game points than the opponent
/// (`theirs`) win; a match of forfeits only is won or lost by forfeit.
fn match_result(a: MatchTotals, theirs: HalfPoints) -> (HalfPoints, ResultKind) {
    let forfeit = a.forfeits == a.games;
    match a.gp.cmp(&theirs) {
        std::cmp::Ordering::Greater => (
            HalfPoints::WIN,
            if forfeit {
                ResultKind::ForfeitWin
            } else {
                ResultKind::Win
            },
        ),
        std::cmp::Ordering::Less => (
            HalfPoints::ZERO,
            if forfeit {
                ResultKind::ForfeitLoss
            } else {
                ResultKind::Loss
            },
        ),
        std::cmp::Ordering::Equal => (HalfPoints::DRAW, ResultKind::Draw),
    }
}

/// The match points and result of a team round without an opponent team: absent when
/// nothing was scored without an opponent, else a bye worth what the boards scored.
fn team_bye_result(a: MatchTotals) -> (HalfPoints, ResultKind) {
    if a.unplayed_zero == a.games {
        (HalfPoints::ZERO, ResultKind::Absent)
    } else {
        let half = HalfPoints(a.games as i64);
        match a.gp.cmp(&half) {
            std::cmp::Ordering::Greater => (HalfPoints::WIN, ResultKind::PairingBye),
            std::cmp::Ordering::Equal => (HalfPoints::DRAW, ResultKind::HalfBye),
            std::cmp::Ordering::Less => (HalfPoints::ZERO, ResultKind::ZeroBye),
        }
    }
}

fn fill_absent(c: &mut Comp, n: u32) {
    let mut has = vec![false; (n as usize).saturating_add(1)];
    for r in &c.rows {
        if (r.round as usize) < has.len() {
            has[r.round as usize] = true;
        }
    }
    for round in 1..=n {
        if !has[round as usize] {
            c.rows.push(Row {
                round,
                opp: None,
                pts: HalfPoints::ZERO,
                kind: ResultKind::Absent,
                gp: HalfPoints::ZERO,
                games: 0,
            });
        }
    }
}

/// The knockout value of each competitor: the round in which they left the main
/// bracket (`rounds + 1`: never), then, for those who left in the same round and then
/// played placement games among themselves, the round in which they left that
/// placement bracket, and so on. Compared from the first element.
fn knockout_rounds(comps: &[Comp], n: u32, findings: &mut Vec<TournamentFinding>) -> Vec<Vec<u32>> {
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

/// What the tie-breaks are computed from.
struct Calc<'a> {
    comps: &'a [Comp],
    regulation: Regulation,
    /// A round robin under the 2026 regulations: a forfeit counts as a game against
    /// the scheduled opponent (for BH, SB and WON).
    forfeits_as_games: bool,
    score: Vec<HalfPoints>,
    /// Per competitor, per row: the Buchholz contribution and whether it is a VUR.
    contrib: Vec<Vec<Option<(HalfPoints, bool)>>>,
}

/// The score `s` of `c` as its opponents' tie-breaks count it (C.07 (2024) 16.2.5 and
/// 16.3): a requested bye (half-, zero-point, not paired) after which the player never
/// returned (no later game, pairing-allocated or full-point bye, or forfeit win) counts
/// as a draw. Forfeit losses keep their points.
// Only `HalfPoints` operators, which saturate (score.rs).
#[allow(clippy::arithmetic_side_effects)]
fn adjusted_score(c: &Comp, s: HalfPoints) -> HalfPoints {
    let mut a = s;
    for r in c.rows.iter().rev() {
        match r.kind {
            ResultKind::HalfBye | ResultKind::ZeroBye | ResultKind::Absent => {
                a += HalfPoints::DRAW - r.pts;
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
    fn new(comps: &'a [Comp], regulation: Regulation, rounds: u32, system: System) -> Calc<'a> {
        let forfeits_as_games = system == System::RoundRobin && regulation == Regulation::Fide2026;
        let score: Vec<HalfPoints> = comps
            .iter()
            .map(|c| c.rows.iter().map(|r| r.pts).sum())
            .collect();
        let adjusted: Vec<HalfPoints> = (comps.iter().zip(&score))
            .map(|(c, &s)| adjusted_score(c, s))
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
                        .map(|r| HalfPoints::DRAW - r.pts)
                        .sum()
                })
                .collect(),
        };
        let draw_cap = HalfPoints(i64::from(rounds));
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
                                        + (HalfPoints::WIN - r.pts)
                                        + HalfPoints(i64::from(rounds.saturating_sub(round))),
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
        }
    }

    // Only `HalfPoints` and `Rational` operators here, which saturate (score.rs);
    // clippy cannot be told so for a type of this crate.
    #[allow(clippy::arithmetic_side_effects)]
    fn value(&self, i: usize, tb: &TieBreak, ko: &[Vec<u32>]) -> TieBreakValue {
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
                c.rows.iter().filter(|r| r.pts == HalfPoints::WIN).count() as i64,
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
                    .filter_map(|(v, r)| v.map(|(v, _)| v.0.saturating_mul(r.pts.0)))
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
                        let rate =
                            Rational::new(r.gp.0, i64::from(r.games.max(1)).saturating_mul(2));
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
    fn direct_encounter(&self, group: &[usize]) -> Vec<(usize, TieBreakValue)> {
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
    let mut points: HashMap<u32, HalfPoints> = HashMap::new();
    for p in &t.pairings {
        *points.entry(p.player).or_default() += p.result.points();
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
