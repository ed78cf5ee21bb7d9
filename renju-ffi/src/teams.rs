//! Team events from C: a round of a team round robin or a team Swiss, a Scheveningen
//! round, the next bout of a king-of-the-hill match, and the club totals of an
//! individual event.

use std::ffi::c_char;

use ::renju_tournament::clubs::club_totals;
use ::renju_tournament::pairing::king_of_the_hill::{DrawnBout, HillOutcome, KingOfTheHill};
use ::renju_tournament::pairing::round_robin::RoundRobinOptions;
use ::renju_tournament::pairing::teams::{
    default_boards, pair_scheveningen, pair_team_round_robin, pair_team_swiss, two_teams,
};
use ::renju_tournament::pairing::Pairing;
use ::renju_tournament::{StandingsOptions, System};

use crate::error::renju_status;
use crate::error::{guard, Error, Result};
use crate::handle::{
    array_args, clear_out, handle, new_string, out_ptr, str_arg, write, write_all, write_opt,
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

/// Pairs round `round` (0: the first without pairings) of tournament `index` of the
/// handle, a team event, by `system` (`"round-robin"`: FIDE's Berger tables over the
/// teams in id order; `"swiss"`: by match points, no rematch, no second bye, the least
/// match-point differences, then neighbours in the standings). Each match has `boards`
/// boards (0: the smallest team's players), each team its first players in board order.
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
    guard(|| {
        check_board_array(out, capacity, count)?;
        // SAFETY: the caller's guarantees.
        let system = unsafe { str_arg(system, "system") }?;
        let h = handle(tournament, "tournament")?;
        let t = &tournament_at(&h, index)?.tournament;
        let boards = match boards {
            0 => default_boards(t),
            n => n as usize,
        };
        let round = (round > 0).then_some(round);
        let paired = match system.parse::<System>() {
            Ok(System::RoundRobin) => {
                pair_team_round_robin(t, round, &RoundRobinOptions::default(), boards, &[])
            }
            Ok(System::Swiss) => pair_team_swiss(t, round, boards, &[]),
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

/// The king-of-the-hill match between the two teams of tournament `index` of the
/// handle (their players in board order), the crosstable's bouts replayed (one a
/// round): `*next` gets the bout to play (`black`, `white`), or zeros when the match is
/// over; `*winner` (may be NULL) the winning team's id, or 0 while it goes on and for a
/// drawn match. A drawn bout: both players leave, or with `replay_draws` it is played
/// again with colours exchanged.
///
/// Returns `RENJU_ERROR_PAIRING` without two teams or when a round is not the bout that
/// was next, `RENJU_ERROR_INDEX_OUT_OF_RANGE` past the last tournament.
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
    guard(|| {
        out_ptr(next, "next")?;
        let h = handle(tournament, "tournament")?;
        let t = &tournament_at(&h, index)?.tournament;
        let draws = if replay_draws {
            DrawnBout::Replayed
        } else {
            DrawnBout::BothLeave
        };
        let hill = KingOfTheHill::from_tournament(t, &[], draws).map_err(pairing_error)?;
        let (a, b) = two_teams(t).map_err(pairing_error)?;
        let won = match hill.outcome() {
            Some(HillOutcome::Won(k)) => [a.id, b.id][k.min(1)],
            _ => 0,
        };
        let bout = hill.next_bout().map(renju_board::from).unwrap_or_default();
        // SAFETY: the caller's guarantees.
        unsafe { write(next, "next", bout) }?;
        // SAFETY: the caller's guarantees.
        unsafe { write_opt(winner, "winner", won) }
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
