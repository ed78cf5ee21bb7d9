//! The competitors the standings rank: the players, or the teams of a team event with
//! their match results added up board by board (team-match scoring), after the
//! withdrawal rule (the Chinese game rules: in a round robin or a Swiss, a player or
//! team who left having played fewer games than half of the rounds has every game
//! voided, and their opponents' rounds against them count as not played; one who left
//! later loses every remaining game by forfeit; in a knockout the games played stand),
//! with the unpaired rounds of a Swiss filled in as absences.

use std::collections::HashMap;

use crate::ids::IdIndex;
use crate::model::{CrosstableCell, PointValues, ResultKind, System, Tournament, Withdrawal};
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
    /// The opponent's game points in the same games (what a knockout match weighs `gp`
    /// against; zero without an opponent).
    pub(crate) gp_against: HalfPoints,
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
    let values = t.point_values();
    let mut comps = if team {
        team_comps(t, &cells, &void, &values)
    } else {
        player_comps(t, &cells, &void, &values)
    };
    if system == System::Swiss {
        let absent = match team {
            true => t.team_point_values().points(ResultKind::Absent),
            false => values.points(ResultKind::Absent),
        };
        for c in &mut comps {
            fill_absent(c, n, absent);
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

fn player_comps(
    t: &Tournament,
    cells: &[CrosstableCell],
    void: &[u32],
    values: &PointValues,
) -> Vec<Comp> {
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
        let pts = values.points(p.result);
        comps[i].rows.push(Row {
            round: p.round,
            opp,
            pts,
            kind: p.result,
            gp: pts,
            gp_against: points_against(values, p.result),
            games: 1,
        });
    }
    for c in &mut comps {
        merge_matches(&mut c.rows, values);
    }
    comps
}

/// The points the opponent scored in a game whose result, from the player's side, is
/// `kind` (zero when there is no opponent).
fn points_against(values: &PointValues, kind: ResultKind) -> HalfPoints {
    kind.mirror()
        .map_or(HalfPoints::ZERO, |theirs| values.points(theirs))
}

/// The games of one round against one opponent as one match (the rules' match of two
/// games with colours exchanged, a best-of-three): a win, a draw or a loss for the
/// match by its game points, scored with the point system (1, ½ or 0 by default); the
/// row keeps the game points (`gp`) for the tie-breaks that come after.
// Only `HalfPoints` operators here, which saturate (score.rs); clippy cannot be told
// so for a type of this crate.
#[allow(clippy::arithmetic_side_effects)]
fn merge_matches(rows: &mut Vec<Row>, values: &PointValues) {
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
                let kind = match_result(totals, totals.against);
                *m = Row {
                    pts: values.points(kind),
                    kind,
                    gp: totals.gp,
                    gp_against: totals.against,
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
fn team_comps(
    t: &Tournament,
    cells: &[CrosstableCell],
    void: &[u32],
    values: &PointValues,
) -> Vec<Comp> {
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
    let (acc, keys) = match_totals(cells, &team_of, &board_of, &mut comps, values);
    let team_values = t.team_point_values();
    for key in keys {
        let (round, ti, oi) = key;
        let a = acc[&key];
        let (kind, theirs) = match oi {
            Some(o) => {
                let theirs = acc.get(&(round, o, Some(ti))).map_or(a.against, |b| b.gp);
                (match_result(a, theirs), theirs)
            }
            None => (team_bye_result(a, values), HalfPoints::ZERO),
        };
        comps[ti].rows.push(Row {
            round,
            opp: oi,
            // Match points: 1, ½ or 0 for the match, or the team score system's (TRF
            // `362`); the point system scores the games.
            pts: team_values.points(kind),
            kind,
            gp: a.gp,
            gp_against: theirs,
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
    /// The opponents' game points in the same games.
    against: HalfPoints,
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
        self.against += r.gp_against;
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
    values: &PointValues,
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
        let pts = values.points(p.result);
        let key = (p.round, ti, oi);
        let a = acc.entry(key).or_insert_with(|| {
            keys.push(key);
            MatchTotals::default()
        });
        a.gp += pts;
        a.against += points_against(values, p.result);
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

/// The result of a match (a team match, or one player's games against one opponent in
/// a round): more game points than the opponent (`theirs`) win; a match of forfeits
/// only is won or lost by forfeit.
fn match_result(a: MatchTotals, theirs: HalfPoints) -> ResultKind {
    let forfeit = a.forfeits == a.games;
    match (a.gp.cmp(&theirs), forfeit) {
        (std::cmp::Ordering::Greater, true) => ResultKind::ForfeitWin,
        (std::cmp::Ordering::Greater, false) => ResultKind::Win,
        (std::cmp::Ordering::Less, true) => ResultKind::ForfeitLoss,
        (std::cmp::Ordering::Less, false) => ResultKind::Loss,
        (std::cmp::Ordering::Equal, _) => ResultKind::Draw,
    }
}

/// The result of a team round without an opponent team: absent when nothing was scored
/// without an opponent, else a bye worth what the boards scored against a draw on each.
// Only `HalfPoints` operators here, which saturate (score.rs).
#[allow(clippy::arithmetic_side_effects)]
fn team_bye_result(a: MatchTotals, values: &PointValues) -> ResultKind {
    if a.unplayed_zero == a.games {
        return ResultKind::Absent;
    }
    let draws = HalfPoints(
        values
            .points(ResultKind::Draw)
            .0
            .saturating_mul(i64::from(a.games)),
    );
    match a.gp.cmp(&draws) {
        std::cmp::Ordering::Greater => ResultKind::PairingBye,
        std::cmp::Ordering::Equal => ResultKind::HalfBye,
        std::cmp::Ordering::Less => ResultKind::ZeroBye,
    }
}

/// Adds an absence, scoring `absent`, for each round `1..=n` the competitor has no row in.
fn fill_absent(c: &mut Comp, n: u32, absent: HalfPoints) {
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
                pts: absent,
                kind: ResultKind::Absent,
                gp: absent,
                gp_against: HalfPoints::ZERO,
                games: 0,
            });
        }
    }
}
