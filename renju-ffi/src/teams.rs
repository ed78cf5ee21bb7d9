//! Team events from C: a round of a team round robin or a team Swiss (with line-ups,
//! once or twice round), a Scheveningen round, the next bout of a king of the hill (two
//! teams or more) and its ranking, and the club totals of an individual event.

use std::ffi::c_char;

use ::renju_tournament::clubs::club_totals;
use ::renju_tournament::pairing::king_of_the_hill::{next_bout_and_winner, DrawnBout, HillEvent};
use ::renju_tournament::pairing::round_robin::RoundRobinOptions;
use ::renju_tournament::pairing::teams::{
    default_boards, pair_scheveningen, pair_team_round_robin, pair_team_swiss,
};
use ::renju_tournament::pairing::Pairing;
use ::renju_tournament::{StandingsOptions, System};

use crate::error::renju_status;
use crate::error::{guard, Error, Result};
use crate::handle::{
    array_args, clear_out, handle, new_string, opt_str_arg, out_ptr, read, slice_arg, write,
    write_all, write_opt,
};
use crate::pairing::{pairing_error, renju_board};
use crate::tournament::{renju_tournament, tournament_at};

/// Checks the caller's board array and count before anything is computed: `count`
/// not NULL, `out` not NULL unless `capacity` is 0.
pub(crate) fn check_board_array(
    out: *mut renju_board,
    capacity: usize,
    count: *mut usize,
) -> Result<()> {
    array_args(out, "out", capacity, count)
}

/// Writes `games` into the caller's array and their number into `*count`.
///
/// # Safety
/// `out` valid for writes of `capacity` elements (or NULL with `capacity` 0), `count`
/// valid for writes.
pub(crate) unsafe fn write_boards(
    games: Vec<Pairing>,
    out: *mut renju_board,
    capacity: usize,
    count: *mut usize,
) -> Result<()> {
    let boards = games.into_iter().map(renju_board::from);
    // SAFETY: the caller's guarantees.
    unsafe { write_all(boards, out, capacity, count, "boards") }
}

/// One team's line-up for `renju_tournament_pair_teams_with` (its players in board
/// order) or for the king-of-the-hill `_with` functions (the order its players come
/// on in): the team's id and its players by id, borrowed for the call only.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct renju_team_lineup {
    /// The team's id.
    pub team: u32,
    /// The players, board 1 first (substitutes allowed, the team's board order kept);
    /// NULL only with `count` 0.
    pub players: *const u32,
    /// The number of players (for a team match, the boards of a match).
    pub count: usize,
}

/// Options for `renju_tournament_pair_teams_with`. A zeroed struct (`= {0}`) gives the
/// defaults: a single round robin of the first round without pairings, each team its
/// first players in board order on as many boards as the smallest team has players.
/// Pointers are borrowed for the call only.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct renju_team_pairing_options {
    /// `"round-robin"` (NULL: this) or `"swiss"`.
    pub system: *const c_char,
    /// The round, from 1; 0: the first without pairings.
    pub round: u32,
    /// Boards a match; 0: the smallest team's players.
    pub boards: u32,
    /// A double round robin: a second cycle repeats the first with the teams' order
    /// exchanged (the first-named team of a match becomes the second). Only with
    /// `"round-robin"`.
    pub double_round_robin: bool,
    /// The line-ups, `lineup_count` of them, at most one a team; NULL only with
    /// `lineup_count` 0. A team without one plays its first players in board order.
    pub lineups: *const renju_team_lineup,
    /// The number of line-ups.
    pub lineup_count: usize,
}

/// Pairs round `round` (0: the first without pairings) of tournament `index` of the
/// handle, a team event, by `system` (`"round-robin"`: FIDE's Berger tables over the
/// teams in id order; `"swiss"`: by match points, no rematch, no second bye, the least
/// match-point differences, then neighbours in the standings). Each match has `boards`
/// boards (0: the smallest team's players), each team its first players in board order.
/// `renju_tournament_pair_teams_with` with those options and no line-ups.
///
/// The boards go into the caller's array `out` match by match (`boards` a match, board
/// 1 first; the first-named team's player is `black` on odd boards, `white` on even
/// ones); `*count` always gets their number, `*bye_team` (may be NULL) the team without
/// a match, or 0.
///
/// Returns `RENJU_ERROR_BUFFER_TOO_SMALL` when `capacity < *count`, `RENJU_ERROR_PAIRING`
/// when the round cannot be paired (not a team event, past the schedule, no pairing
/// without a rematch; the message says which), `RENJU_ERROR_INVALID_ARGUMENT` for
/// another system, `RENJU_ERROR_INDEX_OUT_OF_RANGE` past the last tournament.
///
/// Thread safety: safe from any thread.
///
/// # Safety
/// `tournament` is looked up before use; `system` must be a NUL-terminated string;
/// `out` must be NULL (only with `capacity` 0) or valid for writes of `capacity`
/// elements; `count` must be NULL or valid for writes of a `size_t`; `bye_team` must
/// be NULL or valid for writes of a `uint32_t`.
#[no_mangle]
pub unsafe extern "C" fn renju_tournament_pair_teams(
    tournament: *const renju_tournament,
    index: usize,
    system: *const c_char,
    round: u32,
    boards: u32,
    out: *mut renju_board,
    capacity: usize,
    count: *mut usize,
    bye_team: *mut u32,
) -> renju_status {
    if system.is_null() {
        return guard(|| Err(Error::null("system")));
    }
    let options = renju_team_pairing_options {
        system,
        round,
        boards,
        double_round_robin: false,
        lineups: std::ptr::null(),
        lineup_count: 0,
    };
    // SAFETY: the caller's guarantees, passed on.
    unsafe {
        renju_tournament_pair_teams_with(
            tournament, index, &options, out, capacity, count, bye_team,
        )
    }
}

/// Pairs a round of tournament `index` of the handle, a team event, as `options` says
/// (NULL: the defaults of a zeroed `renju_team_pairing_options`): a single or double
/// team round robin by FIDE's Berger tables over the teams in id order, or a team Swiss
/// by match points; each team plays its line-up of `options->lineups` when it has one,
/// else its first players in board order.
///
/// The boards go into the caller's array `out` match by match (board 1 first; the
/// first-named team's player is `black` on odd boards, `white` on even ones); `*count`
/// always gets their number, `*bye_team` (may be NULL) the team without a match, or 0.
///
/// Returns `RENJU_ERROR_NULL_POINTER` when `options->lineups` (with `lineup_count` > 0)
/// or a line-up's `players` (with `count` > 0) is NULL, the message naming which;
/// `RENJU_ERROR_INVALID_ARGUMENT` for another system, or a double round robin with
/// `"swiss"`; `RENJU_ERROR_PAIRING` when the round cannot be paired or a line-up cannot
/// be taken (a team the tournament does not have, a team given two line-ups, a player
/// named twice or not in the team, the team's board order inverted, not as many players
/// as boards: the message names the team and what is wrong);
/// `RENJU_ERROR_BUFFER_TOO_SMALL` when `capacity < *count`;
/// `RENJU_ERROR_INDEX_OUT_OF_RANGE` past the last tournament.
///
/// Thread safety: safe from any thread.
///
/// # Safety
/// `tournament` is looked up before use; `options` must be NULL or valid for reads, its
/// `system` NULL or a NUL-terminated string, its `lineups` NULL or valid for reads of
/// `lineup_count` elements, each `players` NULL or valid for reads of `count` elements;
/// `out` must be NULL (only with `capacity` 0) or valid for writes of `capacity`
/// elements; `count` must be NULL or valid for writes of a `size_t`; `bye_team` must be
/// NULL or valid for writes of a `uint32_t`.
#[no_mangle]
pub unsafe extern "C" fn renju_tournament_pair_teams_with(
    tournament: *const renju_tournament,
    index: usize,
    options: *const renju_team_pairing_options,
    out: *mut renju_board,
    capacity: usize,
    count: *mut usize,
    bye_team: *mut u32,
) -> renju_status {
    guard(|| {
        check_board_array(out, capacity, count)?;
        let options = match options.is_null() {
            true => None,
            // SAFETY: the caller's guarantees.
            false => Some(unsafe { read(options, "options") }?),
        };
        // SAFETY: the caller's guarantees.
        let system = match options {
            Some(o) => unsafe { opt_str_arg(o.system, "options->system") }?,
            None => None,
        }
        .unwrap_or("round-robin");
        // SAFETY: the caller's guarantees.
        let lineups = match options {
            Some(o) => unsafe { lineups_arg(o.lineups, o.lineup_count) }?,
            None => Vec::new(),
        };
        let (round, boards, double) =
            options.map_or((0, 0, false), |o| (o.round, o.boards, o.double_round_robin));
        let h = handle(tournament, "tournament")?;
        let t = &tournament_at(&h, index)?.tournament;
        let boards = match boards {
            0 => default_boards(t),
            n => n as usize,
        };
        let round = (round > 0).then_some(round);
        let paired = match system.parse::<System>() {
            Ok(System::RoundRobin) => {
                let schedule = RoundRobinOptions {
                    double,
                    reverse_last_two_rounds: false,
                };
                pair_team_round_robin(t, round, &schedule, boards, &lineups)
            }
            Ok(System::Swiss) if double => {
                return Err(Error::invalid(
                    "double_round_robin: a team Swiss has no second cycle; use \"round-robin\"",
                ))
            }
            Ok(System::Swiss) => pair_team_swiss(t, round, boards, &lineups),
            _ => {
                return Err(Error::invalid(format!(
                    "system {system:?}: teams are paired by \"round-robin\" or \"swiss\""
                )))
            }
        }
        .map_err(pairing_error)?;
        // SAFETY: the caller's guarantees.
        unsafe { write_opt(bye_team, "bye_team", paired.bye.unwrap_or(0)) }?;
        let games = paired.matches.into_iter().flat_map(|m| m.boards).collect();
        // SAFETY: the caller's guarantees.
        unsafe { write_boards(games, out, capacity, count) }
    })
}

/// The caller's line-ups as (team, players), in the order given.
///
/// # Safety
/// `lineups` must be NULL (only with `count` 0) or valid for reads of `count` elements,
/// each one's `players` NULL (only with its `count` 0) or valid for reads of its `count`.
unsafe fn lineups_arg(
    lineups: *const renju_team_lineup,
    count: usize,
) -> Result<Vec<(u32, Vec<u32>)>> {
    // SAFETY: the caller's guarantees.
    let list = unsafe { slice_arg(lineups, count, "options->lineups") }?;
    (list.iter().enumerate())
        .map(|(i, l)| {
            let what = format!("options->lineups[{i}].players (team {})", l.team);
            // SAFETY: the caller's guarantees.
            let players = unsafe { slice_arg(l.players, l.count, &what) }?;
            Ok((l.team, players.to_vec()))
        })
        .collect()
}

/// Round `round` (0: the first without pairings) of the Scheveningen match between the
/// two teams of tournament `index` of the handle (every player of one meets every
/// player of the other), `boards` boards (0: the smaller team's players), into the
/// caller's array `out` as `renju_tournament_pair_teams` writes it.
///
/// Returns `RENJU_ERROR_BUFFER_TOO_SMALL` when `capacity < *count`, `RENJU_ERROR_PAIRING`
/// without two teams or past the match's rounds, `RENJU_ERROR_INDEX_OUT_OF_RANGE` past
/// the last tournament.
///
/// Thread safety: safe from any thread.
///
/// # Safety
/// `tournament` is looked up before use; `out` must be NULL (only with `capacity` 0) or
/// valid for writes of `capacity` elements; `count` must be NULL or valid for writes of
/// a `size_t`.
#[no_mangle]
pub unsafe extern "C" fn renju_tournament_pair_scheveningen(
    tournament: *const renju_tournament,
    index: usize,
    round: u32,
    boards: u32,
    out: *mut renju_board,
    capacity: usize,
    count: *mut usize,
) -> renju_status {
    guard(|| {
        check_board_array(out, capacity, count)?;
        let h = handle(tournament, "tournament")?;
        let t = &tournament_at(&h, index)?.tournament;
        let boards = match boards {
            0 => default_boards(t),
            n => n as usize,
        };
        let games = pair_scheveningen(t, (round > 0).then_some(round), boards, &[])
            .map_err(pairing_error)?;
        // SAFETY: the caller's guarantees.
        unsafe { write_boards(games, out, capacity, count) }
    })
}

/// The king-of-the-hill match between the teams of tournament `index` of the handle
/// (their players in board order), the crosstable's bouts replayed (one a round):
/// `*next` gets the bout to play (`black`, `white`), or zeros when the match is over;
/// `*winner` (may be NULL) the winning team's id, or 0 while it goes on and for a
/// drawn match. A drawn bout: both players leave, or with `replay_draws` it is played
/// again with colours exchanged. With more than two teams the teams come on in
/// rotation (id order), the next challenger from the next team with players left other
/// than the winner's; `*winner` is the last team with players (0 when the last teams
/// went out together); `renju_tournament_king_of_the_hill_ranking` ranks them all.
/// `renju_tournament_king_of_the_hill_with` with no line-ups and no rotation order.
///
/// Returns `RENJU_ERROR_PAIRING` with fewer than two teams or when a round is not the
/// bout that was next (the message says why: a player who left plays again, one comes
/// on before a teammate earlier in the line-up, another pairing),
/// `RENJU_ERROR_INDEX_OUT_OF_RANGE` past the last tournament.
///
/// Thread safety: safe from any thread.
///
/// # Safety
/// `tournament` is looked up before use; `next` must be NULL or valid for writes of a
/// `renju_board`; `winner` must be NULL or valid for writes of a `uint32_t`.
#[no_mangle]
pub unsafe extern "C" fn renju_tournament_king_of_the_hill(
    tournament: *const renju_tournament,
    index: usize,
    replay_draws: bool,
    next: *mut renju_board,
    winner: *mut u32,
) -> renju_status {
    let options = hill_options(replay_draws);
    // SAFETY: the caller's guarantees; the options are alive for the call.
    unsafe { renju_tournament_king_of_the_hill_with(tournament, index, &options, next, winner) }
}

/// Options for `renju_tournament_king_of_the_hill_with` and
/// `renju_tournament_king_of_the_hill_ranking_with`. A zeroed struct (`= {0}`) gives
/// the defaults: both players of a drawn bout leave, each team's players come on in
/// board order, the teams in id order. Pointers are borrowed for the call only.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct renju_hill_options {
    /// A drawn bout is played again with colours exchanged (else both players leave).
    pub replay_draws: bool,
    /// The order each team's players come on in, `lineup_count` of them, at most one a
    /// team, each of the team's own players (not all need come on); NULL only with
    /// `lineup_count` 0. A team without one comes on in board order.
    pub lineups: *const renju_team_lineup,
    /// The number of line-ups.
    pub lineup_count: usize,
    /// The teams' rotation order (for instance as drawn by lots), `order_count` team
    /// ids naming every team once; with two teams the first is the first team, its
    /// first player Black in the first bout. NULL only with `order_count` 0: by id.
    pub order: *const u32,
    /// The number of ids in `order`.
    pub order_count: usize,
}

/// The options of the king-of-the-hill functions without `_with`.
fn hill_options(replay_draws: bool) -> renju_hill_options {
    renju_hill_options {
        replay_draws,
        lineups: std::ptr::null(),
        lineup_count: 0,
        order: std::ptr::null(),
        order_count: 0,
    }
}

/// What `options` asks of a king of the hill, read from the caller's memory.
struct HillArgs {
    draws: DrawnBout,
    lineups: Lineups,
    order: Vec<u32>,
}

/// The draws, the line-ups and the order of `options` (NULL: the defaults).
///
/// # Safety
/// As `renju_tournament_king_of_the_hill_with`'s `options`.
unsafe fn hill_args(options: *const renju_hill_options) -> Result<HillArgs> {
    if options.is_null() {
        return Ok(HillArgs {
            draws: DrawnBout::BothLeave,
            lineups: Vec::new(),
            order: Vec::new(),
        });
    }
    // SAFETY: the caller's guarantees.
    let o = unsafe { read(options, "options") }?;
    // SAFETY: the caller's guarantees.
    let lineups = unsafe { lineups_arg(o.lineups, o.lineup_count) }?;
    // SAFETY: the caller's guarantees.
    let order = unsafe { slice_arg(o.order, o.order_count, "options->order") }?.to_vec();
    Ok(HillArgs {
        draws: draws_of(o.replay_draws),
        lineups,
        order,
    })
}

/// Line-ups as (team, players).
type Lineups = Vec<(u32, Vec<u32>)>;

/// `renju_tournament_king_of_the_hill` with options (NULL: the defaults of a zeroed
/// `renju_hill_options`): what a drawn bout does, each team's line-up, the order its
/// players come on in (a line-up for a team the tournament does not have, a second
/// one for a team, or one naming a player not in the team is `RENJU_ERROR_PAIRING`,
/// the message naming the team), and the teams' rotation order (one naming a team the
/// tournament does not have, naming one twice or leaving one out is
/// `RENJU_ERROR_PAIRING`, the message naming the team). A NULL `lineups`, `players` or
/// `order` with a count above 0 is `RENJU_ERROR_NULL_POINTER`.
///
/// Thread safety: safe from any thread.
///
/// # Safety
/// `tournament` is looked up before use; `options` must be NULL or valid for reads of a
/// `renju_hill_options` whose `lineups` is NULL (only with `lineup_count` 0) or valid
/// for reads of `lineup_count` elements, each one's `players` NULL (only with its
/// `count` 0) or valid for reads of `count` elements, and whose `order` is NULL (only
/// with `order_count` 0) or valid for reads of `order_count` elements; `next` and
/// `winner` as in
/// `renju_tournament_king_of_the_hill`.
#[no_mangle]
pub unsafe extern "C" fn renju_tournament_king_of_the_hill_with(
    tournament: *const renju_tournament,
    index: usize,
    options: *const renju_hill_options,
    next: *mut renju_board,
    winner: *mut u32,
) -> renju_status {
    guard(|| {
        out_ptr(next, "next")?;
        // SAFETY: the caller's guarantees.
        let a = unsafe { hill_args(options) }?;
        let h = handle(tournament, "tournament")?;
        let t = &tournament_at(&h, index)?.tournament;
        let (bout, won) =
            next_bout_and_winner(t, &a.lineups, &a.order, a.draws).map_err(pairing_error)?;
        let bout = bout.map(renju_board::from).unwrap_or_default();
        // SAFETY: the caller's guarantees.
        unsafe { write(next, "next", bout) }?;
        // SAFETY: the caller's guarantees.
        unsafe { write_opt(winner, "winner", won.unwrap_or(0)) }
    })
}

/// What a drawn king-of-the-hill bout does: replayed, or both players leave.
fn draws_of(replay_draws: bool) -> DrawnBout {
    if replay_draws {
        DrawnBout::Replayed
    } else {
        DrawnBout::BothLeave
    }
}

/// A team's place in a king of the hill (`renju_tournament_king_of_the_hill_ranking`).
#[repr(C)]
#[derive(Debug, Clone, Copy, Default)]
pub struct renju_hill_place {
    /// The place, from 1; teams whose play ended in the same bout share it.
    pub place: u32,
    /// The team's id.
    pub team: u32,
    /// The bout (from 1, one a round) whose result ended the team's play; 0 for the
    /// team with players left.
    pub out_after_bout: u32,
}

/// The ranking of the king of the hill of tournament `index` of the handle, as
/// `renju_tournament_king_of_the_hill` plays it (two teams or more), into the caller's
/// array `out`: best first, teams ranked by how late their play ended (the team with
/// players left first, then the later out the higher), teams out in the same bout
/// sharing the place. `*count` gets the number of teams, or 0 while the event goes on.
/// `renju_tournament_king_of_the_hill_ranking_with` with no line-ups and no rotation
/// order.
///
/// Returns `RENJU_ERROR_BUFFER_TOO_SMALL` when `capacity < *count`, `RENJU_ERROR_PAIRING`
/// as `renju_tournament_king_of_the_hill` does, `RENJU_ERROR_INDEX_OUT_OF_RANGE` past
/// the last tournament.
///
/// Thread safety: safe from any thread.
///
/// # Safety
/// `tournament` is looked up before use; `out` must be NULL (only with `capacity` 0)
/// or valid for writes of `capacity` elements; `count` must be NULL or valid for
/// writes of a `size_t`.
#[no_mangle]
pub unsafe extern "C" fn renju_tournament_king_of_the_hill_ranking(
    tournament: *const renju_tournament,
    index: usize,
    replay_draws: bool,
    out: *mut renju_hill_place,
    capacity: usize,
    count: *mut usize,
) -> renju_status {
    let options = hill_options(replay_draws);
    // SAFETY: the caller's guarantees; the options are alive for the call.
    unsafe {
        renju_tournament_king_of_the_hill_ranking_with(
            tournament, index, &options, out, capacity, count,
        )
    }
}

/// `renju_tournament_king_of_the_hill_ranking` with options, as
/// `renju_tournament_king_of_the_hill_with` takes them.
///
/// Thread safety: safe from any thread.
///
/// # Safety
/// `options` as in `renju_tournament_king_of_the_hill_with`; the rest as in
/// `renju_tournament_king_of_the_hill_ranking`.
#[no_mangle]
pub unsafe extern "C" fn renju_tournament_king_of_the_hill_ranking_with(
    tournament: *const renju_tournament,
    index: usize,
    options: *const renju_hill_options,
    out: *mut renju_hill_place,
    capacity: usize,
    count: *mut usize,
) -> renju_status {
    guard(|| {
        array_args(out, "out", capacity, count)?;
        // SAFETY: the caller's guarantees.
        let a = unsafe { hill_args(options) }?;
        let h = handle(tournament, "tournament")?;
        let t = &tournament_at(&h, index)?.tournament;
        let hill =
            HillEvent::from_tournament(t, &a.lineups, &a.order, a.draws).map_err(pairing_error)?;
        let rows = (hill.ranking().unwrap_or_default().into_iter()).map(|p| renju_hill_place {
            place: p.place,
            team: p.team,
            out_after_bout: p.out_after.unwrap_or(0),
        });
        // SAFETY: the caller's guarantees.
        unsafe { write_all(rows, out, capacity, count, "teams") }
    })
}

/// The club totals of tournament `index` of the handle, an individual event, as JSON in
/// `*json`: `[{"rank", "club", "points", "players": [[id, points], ...]}, ...]`, best
/// first; each club's (the players' federation column) best `counted` players' points
/// added up (0: all its players), from the standings with the Chinese rules' defaults.
///
/// Returns `RENJU_ERROR_INDEX_OUT_OF_RANGE` past the last tournament.
///
/// Ownership: the caller owns `*json` and frees it with `renju_string_free`. Thread
/// safety: safe from any thread.
///
/// # Safety
/// `tournament` is looked up before use; `json` must be NULL or valid for writes of a
/// pointer.
#[no_mangle]
pub unsafe extern "C" fn renju_tournament_club_totals_json(
    tournament: *const renju_tournament,
    index: usize,
    counted: u32,
    json: *mut *mut c_char,
) -> renju_status {
    guard(|| {
        // SAFETY: the caller's guarantees.
        let json = unsafe { clear_out(json, "json") }?;
        let h = handle(tournament, "tournament")?;
        let t = &tournament_at(&h, index)?.tournament;
        let counted = (counted > 0).then_some(counted as usize);
        let totals = club_totals(t, &StandingsOptions::default(), counted);
        let text = serde_json::to_string(&totals)
            .map_err(|e| Error::invalid(format!("cannot serialise: {e}")))?;
        let ptr = new_string(text)?;
        // SAFETY: checked above.
        unsafe { write(json, "json", ptr) }
    })
}
