//! The competitors the standings rank: the players, or the teams of a team event with
//! their match results added up board by board (team-match scoring), after the
//! withdrawal rule (the Chinese game rules: in a round robin or a Swiss, a player or
//! team who left having played fewer games than half of the rounds has every game
//! voided, and their opponents' rounds against them count as not played; one who left
//! later loses every remaining game by forfeit; in a knockout the games played stand),
//! with the unpaired rounds of a Swiss filled in as absences.

use std::collections::HashMap;

use crate::ids::IdIndex;
use crate::model::{CrosstableCell, ResultKind, System, Tournament, Withdrawal};
use crate::score::HalfPoints;

/// One round of a competitor (a player, or a team's match).
#[derive(Debug, Clone)]
pub(crate) struct Row {
    pub(crate) round: u32,
    pub(crate) opp: Option<usize>,
    pub(crate) pts: HalfPoints,
    pub(crate) kind: ResultKind,
    /// Game points (teams: the boards' sum; individual: `pts`).
    pub(crate) gp: HalfPoints,
    /// Games in it (teams: boards).
    pub(crate) games: u32,
}

/// A competitor (a player, or a team) with its rounds.
#[derive(Debug, Clone)]
pub(crate) struct Comp {
    pub(crate) id: u32,
    pub(crate) name: String,
    pub(crate) rating: Option<u32>,
    pub(crate) rows: Vec<Row>,
    pub(crate) boards: Vec<HalfPoints>,
}

/// The competitors (players, or teams in a team event) with their rows after the
/// withdrawal rule, absences filled in a Swiss, rows in round order.
pub(crate) fn competitors(t: &Tournament, system: System, n: u32, team: bool) -> Vec<Comp> {
    let (cells, void) = apply_withdrawals(t, system, n);
    let mut comps = if team {
        team_comps(t, &cells, &void)
    } else {
        player_comps(t, &cells, &void)
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

/// The pairings the standings count, after the withdrawal rule, and the voided ids.
fn apply_withdrawals(
    t: &Tournament,
    system: System,
    n: u32,
) -> (std::borrow::Cow<'_, [CrosstableCell]>, Vec<u32>) {
    if t.withdrawals.is_empty() {
        return (std::borrow::Cow::Borrowed(&t.cells[..]), Vec::new());
    }
    let mut cells = t.cells.clone();
    let mut void_players = Vec::new();
    let mut void_ids = Vec::new();
    for w in &t.withdrawals {
        let members = t.withdrawn_players(w);
        if Withdrawal::voids_games(system, n, t.rounds_played_before_withdrawal(w)) {
            void_players.extend(members);
            void_ids.push(w.id);
            continue;
        }
        for p in &mut cells {
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
    cells.retain(|p| {
        !void_players.contains(&p.player) && !p.opponent.is_some_and(|o| void_players.contains(&o))
    });
    (std::borrow::Cow::Owned(cells), void_ids)
}

fn player_comps(t: &Tournament, cells: &[CrosstableCell], void: &[u32]) -> Vec<Comp> {
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
    for p in cells {
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
    for c in &mut comps {
        merge_matches(&mut c.rows);
    }
    comps
}

/// The games of one round against one opponent as one match (the rules' match of two
/// games with colours exchanged, a best-of-three): 1, ½ or 0 for the match by its game
/// points, which the row keeps (`gp`) for the tie-breaks that come after.
// Only `HalfPoints` operators here, which saturate (score.rs); clippy cannot be told
// so for a type of this crate.
#[allow(clippy::arithmetic_side_effects)]
fn merge_matches(rows: &mut Vec<Row>) {
    rows.sort_by_key(|r| (r.round, r.opp));
    let mut merged: Vec<Row> = Vec::with_capacity(rows.len());
    let mut totals = MatchTotals::default();
    for r in rows.drain(..) {
        match merged.last_mut() {
            Some(m) if m.opp.is_some() && (m.round, m.opp) == (r.round, r.opp) => {
                if totals.games == 0 {
                    totals = MatchTotals::of_row(m);
                }
                totals.add_row(&r);
                let theirs = HalfPoints(i64::from(totals.games).saturating_mul(2)) - totals.gp;
                let (pts, kind) = match_result(totals, theirs);
                *m = Row {
                    pts,
                    kind,
                    gp: totals.gp,
                    games: totals.games,
                    ..*m
                };
            }
            _ => {
                totals = MatchTotals::default();
                merged.push(r);
            }
        }
    }
    *rows = merged;
}

fn dedup(mut comps: Vec<Comp>) -> Vec<Comp> {
    let mut seen = IdIndex::default();
    comps.retain(|c| seen.insert(c.id).1);
    comps
}

// Only `HalfPoints` and `Rational` operators here, which saturate (score.rs);
// clippy cannot be told so for a type of this crate.
#[allow(clippy::arithmetic_side_effects)]
fn team_comps(t: &Tournament, cells: &[CrosstableCell], void: &[u32]) -> Vec<Comp> {
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
    let (acc, keys) = match_totals(cells, &team_of, &board_of, &mut comps);
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

/// The totals of one team (or one player, in a match of several games) in one round
/// against one opponent (or none).
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

impl MatchTotals {
    /// The totals of one game's row (a player's game, before it is merged into a match).
    fn of_row(r: &Row) -> MatchTotals {
        let mut t = MatchTotals::default();
        t.add_row(r);
        t
    }

    /// Adds one game's row.
    // Only `HalfPoints` operators here, which saturate (score.rs).
    #[allow(clippy::arithmetic_side_effects)]
    fn add_row(&mut self, r: &Row) {
        self.gp += r.gp;
        self.games = self.games.saturating_add(1);
        if matches!(r.kind, ResultKind::ForfeitWin | ResultKind::ForfeitLoss) {
            self.forfeits = self.forfeits.saturating_add(1);
        }
    }
}

/// The key of a [`MatchTotals`]: (round, team, opponent team).
type MatchKey = (u32, usize, Option<usize>);

/// Adds up the games of each team by (round, team, opponent team), in order of first
/// appearance, and the game points of each team's boards.
// Only `HalfPoints` and `Rational` operators here, which saturate (score.rs);
// clippy cannot be told so for a type of this crate.
#[allow(clippy::arithmetic_side_effects)]
fn match_totals(
    cells: &[CrosstableCell],
    team_of: &HashMap<u32, usize>,
    board_of: &HashMap<u32, u32>,
    comps: &mut [Comp],
) -> (HashMap<MatchKey, MatchTotals>, Vec<MatchKey>) {
    let mut acc: HashMap<MatchKey, MatchTotals> = HashMap::new();
    let mut keys = Vec::new();
    for p in cells {
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
