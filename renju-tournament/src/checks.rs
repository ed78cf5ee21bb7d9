//! Checks of a crosstable, reported as findings with stable kebab-case codes, in the
//! style of the game validation reports.
//!
//! ```
//! use renju_tournament::{check, CrosstableCell, Player, ResultKind, Tournament, TournamentCode};
//!
//! let mut t = Tournament::default();
//! t.players = vec![Player::new(1, "Ann"), Player::new(2, "Bob")];
//! let seat = |player, opponent, result| CrosstableCell {
//!     round: 1, player, opponent: Some(opponent), color: None, result, board: None,
//! };
//! // Both claim the win.
//! t.cells = vec![seat(1, 2, ResultKind::Win), seat(2, 1, ResultKind::Win)];
//! let findings = check(&t);
//! assert!(findings.iter().any(|f| f.code == TournamentCode::ResultContradiction));
//! ```

use std::collections::{BTreeMap, HashMap};

pub use crate::findings::{TournamentCode, TournamentFinding, TournamentRead};
use crate::ids::IdIndex;
use crate::model::{CrosstableCell, ResultKind, System, Tournament, Withdrawal};
use renju_core::geometry::Color;

/// Checks the crosstable itself: players and pairings, the two sides of every game,
/// colours, withdrawals. The checks that need standings (points and rank columns) are
/// made by [`super::standings()`], which also returns these.
pub fn check(t: &Tournament) -> Vec<TournamentFinding> {
    let mut out = Vec::new();
    let (known, first) = index_players(t, &mut out);
    let name = |id: u32| known.get(id).map(|i| t.players[first[i]].name.as_str());
    let who = |id: u32| match name(id) {
        Some(n) if !n.is_empty() => format!("{n} ({id})"),
        _ => format!("player {id}"),
    };
    for p in &t.cells {
        check_pairing_ends(p, &known, &who, &mut out);
    }
    let seats = Seats::new(t);
    for &((round, player), lo, hi) in &seats.groups {
        check_seat_group(
            t,
            &seats,
            round,
            player,
            &seats.order[lo..hi],
            &who,
            &mut out,
        );
    }
    if t.is_team_event() {
        team_colours(t, &mut out);
    }
    withdrawals(t, &mut out, &who);
    if t.effective_system() == System::Swiss && !t.is_team_event() {
        crate::swiss_checks::check_swiss(t, &mut out, &who);
    }
    out
}

/// Indexes the players by id, reporting duplicate ids; returns the index and, for each
/// distinct id, the position of its first player in `t.players`.
fn index_players(t: &Tournament, out: &mut Vec<TournamentFinding>) -> (IdIndex, Vec<usize>) {
    let mut known = IdIndex::new(std::iter::empty());
    let mut first: Vec<usize> = Vec::with_capacity(t.players.len());
    for (k, p) in t.players.iter().enumerate() {
        if known.insert(p.id).1 {
            first.push(k);
        } else {
            out.push(TournamentFinding::new(
                TournamentCode::DuplicatePlayer,
                None,
                Some(p.id),
                format!("two players have the id {}", p.id),
            ));
        }
    }
    (known, first)
}

/// The checks of one seat on its own: a known player, a known opponent other than the
/// player, and an opponent exactly when the result needs one.
fn check_pairing_ends(
    p: &CrosstableCell,
    known: &IdIndex,
    who: &dyn Fn(u32) -> String,
    out: &mut Vec<TournamentFinding>,
) {
    use TournamentCode::*;
    if known.get(p.player).is_none() {
        out.push(TournamentFinding::new(
            UnknownPlayer,
            Some(p.round),
            Some(p.player),
            format!(
                "round {}: player {} is not in the tournament",
                p.round, p.player
            ),
        ));
    }
    if let Some(o) = p.opponent {
        if o == p.player {
            out.push(TournamentFinding::new(
                PairedWithSelf,
                Some(p.round),
                Some(p.player),
                format!(
                    "round {}: {} is paired with themselves",
                    p.round,
                    who(p.player)
                ),
            ));
        } else if known.get(o).is_none() {
            out.push(TournamentFinding::new(
                UnknownPlayer,
                Some(p.round),
                Some(p.player),
                format!(
                    "round {}: {}'s opponent {o} is not in the tournament",
                    p.round,
                    who(p.player)
                ),
            ));
        }
    }
    if p.result.has_opponent() != p.opponent.is_some() {
        let msg = if p.opponent.is_some() {
            format!(
                "round {}: {} has an opponent but the result is a {}",
                p.round,
                who(p.player),
                p.result
            )
        } else {
            format!(
                "round {}: {} has a {} but no opponent",
                p.round,
                who(p.player),
                p.result
            )
        };
        out.push(TournamentFinding::new(
            OpponentMismatch,
            Some(p.round),
            Some(p.player),
            msg,
        ));
    }
}

/// The seats of a tournament grouped by (round, player), file order inside: a slice of
/// `order` per (round, player). With small round numbers and ids, a counting sort into a
/// dense table; otherwise a sort by key.
struct Seats<'a> {
    /// The pairings the seats index.
    cells: &'a [CrosstableCell],
    /// Dense indices of the players that have seats.
    dense: IdIndex,
    /// The number of players in `dense`: the width of a round in the table.
    width: usize,
    /// Indices into `pairings`, grouped by (round, player).
    order: Vec<usize>,
    /// For the counting sort, where each (round, player) slot starts in `order`.
    table: Option<Vec<usize>>,
    /// Each group's key and its range in `order`.
    groups: Vec<((u32, u32), usize, usize)>,
}

impl<'a> Seats<'a> {
    /// Groups the seats of `t`.
    fn new(t: &'a Tournament) -> Seats<'a> {
        let dense = IdIndex::new(t.cells.iter().map(|p| p.player));
        let rounds = t
            .cells
            .iter()
            .map(|p| (p.round as usize).saturating_add(1))
            .max()
            .unwrap_or(0);
        let width = dense.len();
        let mut seats = Seats {
            cells: &t.cells,
            dense,
            width,
            order: Vec::new(),
            table: None,
            groups: Vec::new(),
        };
        if rounds.saturating_mul(width) <= t.cells.len().saturating_mul(4).saturating_add(64) {
            seats.counting_sort(rounds);
        } else {
            seats.sort_by_key();
        }
        seats
    }

    /// The (round, player) key of seat `i`.
    fn key(&self, i: usize) -> (u32, u32) {
        (self.cells[i].round, self.cells[i].player)
    }

    /// Groups by a counting sort into a dense table of `rounds` times `width` slots.
    // Bounded: the caller checked `rounds * width <= 4 * pairings + 64`, so every slot,
    // index and count below fits.
    #[allow(clippy::arithmetic_side_effects)]
    fn counting_sort(&mut self, rounds: usize) {
        let n = self.cells.len();
        let width = self.width;
        let slot = |i: usize| {
            let p = &self.cells[i];
            p.round as usize * width + self.dense.get(p.player).unwrap_or(0)
        };
        let mut start = vec![0usize; rounds * width + 1];
        for i in 0..n {
            start[slot(i) + 1] += 1;
        }
        for k in 1..start.len() {
            start[k] += start[k - 1];
        }
        let mut fill = start.clone();
        let mut order = vec![0; n];
        for i in 0..n {
            let s = slot(i);
            order[fill[s]] = i;
            fill[s] += 1;
        }
        let mut groups = Vec::new();
        for k in 0..rounds * width {
            if start[k] < start[k + 1] {
                groups.push((self.key(order[start[k]]), start[k], start[k + 1]));
            }
        }
        self.order = order;
        self.groups = groups;
        self.table = Some(start);
    }

    /// Groups by sorting the seats by key (file order inside a key).
    fn sort_by_key(&mut self) {
        let mut order: Vec<usize> = (0..self.cells.len()).collect();
        order.sort_unstable_by_key(|&i| (self.key(i), i));
        let mut groups = Vec::new();
        let mut start = 0;
        for j in 1..=order.len() {
            if j == order.len() || self.key(order[j]) != self.key(order[start]) {
                groups.push((self.key(order[start]), start, j));
                start = j;
            }
        }
        self.order = order;
        self.groups = groups;
        self.table = None;
    }

    /// The seats of `player` in `round`, in file order.
    fn of(&self, round: u32, player: u32) -> &[usize] {
        if let Some(start) = &self.table {
            let Some(d) = self.dense.get(player) else {
                return &[];
            };
            let k = (round as usize)
                .saturating_mul(self.width)
                .saturating_add(d);
            if k.saturating_add(1) >= start.len() {
                return &[];
            }
            // `k + 1 < start.len()`, checked above.
            return &self.order[start[k]..start[k.saturating_add(1)]];
        }
        let lo = self
            .order
            .partition_point(|&i| self.key(i) < (round, player));
        let hi = self
            .order
            .partition_point(|&i| self.key(i) <= (round, player));
        &self.order[lo..hi]
    }
}

/// The checks of one player's seats in one round (`list`): paired twice, and for each
/// opponent the two sides of each game and the colours of a match.
fn check_seat_group(
    t: &Tournament,
    seats: &Seats<'_>,
    round: u32,
    player: u32,
    list: &[usize],
    who: &dyn Fn(u32) -> String,
    out: &mut Vec<TournamentFinding>,
) {
    // The usual case, one game a round: no lists to build.
    if let [a] = list {
        let pa = &t.cells[*a];
        let Some(o) = pa.opponent.filter(|&o| o != player) else {
            return;
        };
        if let [b] = seats.of(round, o) {
            if t.cells[*b].opponent == Some(player) {
                if player < o {
                    two_sides(t, round, player, o, *a, *b, who, out);
                }
                return;
            }
        }
    }
    // Paired twice: different opponents (a bye counts as one) in a round.
    let mut opponents: Vec<Option<u32>> = list
        .iter()
        .map(|&i| t.cells[i].opponent)
        .filter(|o| *o != Some(player))
        .collect();
    opponents.sort();
    opponents.dedup();
    if opponents.len() > 1 {
        let names: Vec<String> = opponents
            .iter()
            .map(|o| o.map_or("a bye".to_string(), who))
            .collect();
        out.push(TournamentFinding::new(
            TournamentCode::PairedTwice,
            Some(round),
            Some(player),
            format!(
                "round {round}: {} is paired twice ({})",
                who(player),
                names.join(", ")
            ),
        ));
    }
    // The two sides of each game; games of one match are matched in order.
    for o in opponents.into_iter().flatten() {
        if o <= player && !seats.of(round, o).is_empty() {
            continue;
        }
        check_match(t, seats, round, player, o, list, who, out);
    }
}

/// The games of `player` (seats `list`) against `o` in `round`: as many on each side,
/// the two sides of each game, colours that alternate in a match of two or more games.
#[allow(clippy::too_many_arguments)]
fn check_match(
    t: &Tournament,
    seats: &Seats<'_>,
    round: u32,
    player: u32,
    o: u32,
    list: &[usize],
    who: &dyn Fn(u32) -> String,
    out: &mut Vec<TournamentFinding>,
) {
    use TournamentCode::*;
    let mine: Vec<usize> = list
        .iter()
        .copied()
        .filter(|&i| t.cells[i].opponent == Some(o))
        .collect();
    let theirs: Vec<usize> = seats
        .of(round, o)
        .iter()
        .copied()
        .filter(|&i| t.cells[i].opponent == Some(player))
        .collect();
    if mine.len() != theirs.len() {
        out.push(TournamentFinding::new(
            OneSidedPairing,
            Some(round),
            Some(player),
            format!(
                "round {round}: {} records {} game(s) against {}, who records {}",
                who(player),
                mine.len(),
                who(o),
                theirs.len()
            ),
        ));
    }
    for (&a, &b) in mine.iter().zip(&theirs) {
        two_sides(t, round, player, o, a, b, who, out);
    }
    // Colours alternate in a match of two or more games.
    let colours: Vec<Color> = mine.iter().filter_map(|&i| t.cells[i].color).collect();
    if mine.len() >= 2 && colours.len() == mine.len() {
        if let Some(k) = colours.windows(2).position(|w| w[0] == w[1]) {
            out.push(TournamentFinding::new(
                ColourAlternation,
                Some(round),
                Some(player),
                format!(
                    "round {round}: {} has {} in games {} and {} of the match against {}; colours alternate (a game started with the wrong colours stands, and counts, once White's fourth move is played or fifteen minutes have passed)",
                    who(player),
                    colours[k],
                    k.saturating_add(1),
                    k.saturating_add(2),
                    who(o)
                ),
            ));
        }
    }
}

/// The two sides of one game: results that mirror each other, different colours.
#[allow(clippy::too_many_arguments)]
fn two_sides(
    t: &Tournament,
    round: u32,
    player: u32,
    o: u32,
    a: usize,
    b: usize,
    who: &dyn Fn(u32) -> String,
    out: &mut Vec<TournamentFinding>,
) {
    let (pa, pb) = (&t.cells[a], &t.cells[b]);
    // A double forfeit (both lose, 0-0) is a result of its own: each side records a
    // forfeit loss.
    let double_forfeit =
        pa.result == ResultKind::ForfeitLoss && pb.result == ResultKind::ForfeitLoss;
    if pa.result.mirror() != Some(pb.result) && !double_forfeit {
        out.push(TournamentFinding::new(
            TournamentCode::ResultContradiction,
            Some(round),
            Some(player),
            format!(
                "round {round}: {} records a {} against {}, who records a {}",
                who(player),
                pa.result,
                who(o),
                pb.result
            ),
        ));
    }
    if let (Some(ca), Some(cb)) = (pa.color, pb.color) {
        if ca == cb {
            out.push(TournamentFinding::new(
                TournamentCode::ColourContradiction,
                Some(round),
                Some(player),
                format!(
                    "round {round}: {} and {} both record {}",
                    who(player),
                    who(o),
                    ca
                ),
            ));
        }
    }
}

/// In a team match the first-named team has Black on odd boards, White on even ones.
/// The first-named team is the one whose player sits at Black on the lowest board that
/// records colours. A game's board is the cell's, or else the player's place in the
/// round's line-up: the team's players who played that round against that team, in the
/// team's board order (with substitutes, boards 1, 2, 5 and 6 of the list play on
/// boards 1 to 4). A Scheveningen match, with its own colours, is not checked: a match
/// whose games pair players of different places, and every match of two teams one of
/// whose players met two or more players of the other.
fn team_colours(t: &Tournament, out: &mut Vec<TournamentFinding>) {
    let team_of: HashMap<u32, u32> = t
        .players
        .iter()
        .filter_map(|p| p.team.map(|team| (p.id, team)))
        .collect();
    let lineups = round_lineups(t, &team_of);
    let board_of = |round: u32, player: u32, board: Option<u32>| -> Option<u32> {
        board.or_else(|| {
            let lineup = lineups.get(&(round, *team_of.get(&player)?))?;
            let place = lineup.iter().position(|&(_, p)| p == player)?;
            Some((place as u32).saturating_add(1))
        })
    };
    // (round, low team, high team) -> board -> (player's team, colour)
    type Boards = BTreeMap<u32, (u32, Color)>;
    let mut matches: BTreeMap<(u32, u32, u32), Boards> = BTreeMap::new();
    // Matches whose games pair players of different line-up places: not board by board.
    let mut crossed: std::collections::HashSet<(u32, u32, u32)> = Default::default();
    for p in &t.cells {
        let (Some(o), Some(c)) = (p.opponent, p.color) else {
            continue;
        };
        let (Some(&ta), Some(&tb)) = (team_of.get(&p.player), team_of.get(&o)) else {
            continue;
        };
        if ta == tb {
            continue;
        }
        let Some(board) = board_of(p.round, p.player, p.board) else {
            continue;
        };
        let key = (p.round, ta.min(tb), ta.max(tb));
        if p.board.is_none() && board_of(p.round, o, None) != Some(board) {
            crossed.insert(key);
        }
        matches
            .entry(key)
            .or_default()
            .entry(board)
            .or_insert((ta, c));
    }
    let scheveningen = scheveningen_pairs(t, &team_of);
    for ((round, a, b), boards) in matches {
        let Some((&b0, &(team0, c0))) = boards.iter().next() else {
            continue;
        };
        if crossed.contains(&(round, a, b)) || scheveningen.contains(&(a, b)) {
            continue;
        }
        // The team with Black on the lowest board, corrected for its parity.
        let first = if (c0 == Color::Black) == (b0 % 2 == 1) {
            team0
        } else if team0 == a {
            b
        } else {
            a
        };
        for (&board, &(team, colour)) in &boards {
            let expected = if (team == first) == (board % 2 == 1) {
                Color::Black
            } else {
                Color::White
            };
            if colour != expected {
                out.push(TournamentFinding::new(
                    TournamentCode::TeamBoardColour,
                    Some(round),
                    Some(team),
                    format!(
                        "round {round}, match of teams {a} and {b}: board {board} has team {team} at {colour}; team {first} is named first and has Black on odd boards, White on even boards"
                    ),
                ));
                break;
            }
        }
    }
}

/// The pairs of teams (lower id first) that played a Scheveningen match: a player of
/// one met two or more players of the other over the event.
fn scheveningen_pairs(
    t: &Tournament,
    team_of: &HashMap<u32, u32>,
) -> std::collections::HashSet<(u32, u32)> {
    let mut opponents: HashMap<(u32, u32), std::collections::HashSet<u32>> = HashMap::new();
    for p in &t.cells {
        let Some(o) = p.opponent else { continue };
        let (Some(&ta), Some(&tb)) = (team_of.get(&p.player), team_of.get(&o)) else {
            continue;
        };
        if ta != tb {
            opponents.entry((p.player, tb)).or_default().insert(o);
        }
    }
    (opponents.into_iter())
        .filter(|(_, met)| met.len() > 1)
        .filter_map(|((player, tb), _)| {
            let ta = *team_of.get(&player)?;
            Some((ta.min(tb), ta.max(tb)))
        })
        .collect()
}

/// Each team's line-up in each round: `(place in the team's board order, player)` of
/// the members who played a game against another team that round, in board order (a
/// player missing from the order last, by id).
fn round_lineups(
    t: &Tournament,
    team_of: &HashMap<u32, u32>,
) -> HashMap<(u32, u32), Vec<(usize, u32)>> {
    let place = |team: u32, player: u32| {
        (t.teams.iter().find(|x| x.id == team))
            .and_then(|x| x.boards.iter().position(|&b| b == player))
            .unwrap_or(usize::MAX)
    };
    let mut lineups: HashMap<(u32, u32), Vec<(usize, u32)>> = HashMap::new();
    for p in &t.cells {
        let (Some(&team), Some(other)) = (team_of.get(&p.player), p.opponent) else {
            continue;
        };
        if team_of.get(&other).is_none_or(|&o| o == team) {
            continue;
        }
        let lineup = lineups.entry((p.round, team)).or_default();
        let entry = (place(team, p.player), p.player);
        if !lineup.contains(&entry) {
            lineup.push(entry);
        }
    }
    for lineup in lineups.values_mut() {
        lineup.sort_unstable();
    }
    lineups
}

fn withdrawals(t: &Tournament, out: &mut Vec<TournamentFinding>, who: &dyn Fn(u32) -> String) {
    let n = t.round_count();
    let system = t.effective_system();
    for w in &t.withdrawals {
        let members = t.withdrawn_players(w);
        let void = Withdrawal::voids_games(system, n, t.rounds_played_before_withdrawal(w));
        for p in &t.cells {
            if p.round <= w.after_round || !members.contains(&p.player) {
                continue;
            }
            let fine = matches!(
                p.result,
                ResultKind::ForfeitLoss | ResultKind::Absent | ResultKind::ZeroBye
            );
            if !fine {
                out.push(TournamentFinding::new(
                    TournamentCode::WithdrawalRule,
                    Some(p.round),
                    Some(w.id),
                    format!(
                        "round {}: {} withdrew after round {} but records a {}; {}",
                        p.round,
                        who(p.player),
                        w.after_round,
                        p.result,
                        if void {
                            "fewer games than half the rounds were played, so every game is void"
                        } else {
                            "the remaining games are lost by forfeit"
                        }
                    ),
                ));
            }
        }
        if system == System::RoundRobin && !void && !t.is_team_event() {
            // Every opponent not met must be a forfeit.
            let met: std::collections::HashSet<u32> = t
                .cells
                .iter()
                .filter(|p| p.player == w.id)
                .filter_map(|p| p.opponent)
                .collect();
            let missing: Vec<String> = t
                .players
                .iter()
                .filter(|p| p.id != w.id && !met.contains(&p.id))
                .map(|p| who(p.id))
                .collect();
            if !missing.is_empty() {
                out.push(TournamentFinding::new(
                    TournamentCode::WithdrawalRule,
                    None,
                    Some(w.id),
                    format!(
                        "{} withdrew after round {} of {n}, at least half, so the remaining games are lost by forfeit, but none is recorded against {}",
                        who(w.id),
                        w.after_round,
                        missing.join(", ")
                    ),
                ));
            }
        }
    }
}
