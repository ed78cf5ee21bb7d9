//! Pairing: the next round of a Swiss by the Dutch system and the check of a Swiss's
//! pairings, a round of a round robin by FIDE's Berger tables or of a knockout by its
//! bracket, the drawing of lots for the pairing numbers, and a tournament written back
//! as TRF.

use std::ffi::c_char;

use ::renju_tournament::pairing::dutch::{check_dutch, pair_dutch};
use ::renju_tournament::pairing::lots::renumber_by_lots;
use ::renju_tournament::pairing::round_robin::RoundRobinOptions;
use ::renju_tournament::pairing::tournament_round::{pair_knockout, pair_round_robin, PairedRound};
use ::renju_tournament::pairing::Pairing;
use ::renju_tournament::{Tournament, TournamentRead};

use crate::error::renju_status::{self, *};
use crate::error::{guard, Error, Result};
use crate::handle::{
    array_args, clear_out, handle, new_handle, new_string, read, write, write_all, write_opt,
};
use crate::tournament::{renju_tournament, tournament_at};

/// How `renju_tournament_pair_round_robin` schedules the round robin. A zeroed struct
/// (`= {0}`) or a NULL pointer: a single round robin.
#[repr(C)]
#[derive(Debug, Clone, Copy, Default)]
pub struct renju_round_robin_options {
    /// A double round robin: a second cycle repeats the first with colours exchanged.
    pub double_round_robin: bool,
    /// The first cycle plays the table's last two rounds in reverse order (FIDE's advice
    /// for a double round robin: nobody has one colour three rounds running).
    pub reverse_last_two_rounds: bool,
}

/// One board of a paired round, players by id (TRF start rank).
#[repr(C)]
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct renju_board {
    /// The player who moves first (Black; the FIDE tables' White), or the player with
    /// the bye.
    pub black: u32,
    /// The player who moves second (White), or 0 for a bye.
    pub white: u32,
}

impl From<Pairing> for renju_board {
    fn from(board: Pairing) -> renju_board {
        let (black, white) = board.players();
        renju_board {
            black,
            white: white.unwrap_or(0),
        }
    }
}

/// # Safety
/// `ptr` must be NULL or valid for reads of a `renju_round_robin_options`.
unsafe fn options_arg(ptr: *const renju_round_robin_options) -> Result<RoundRobinOptions> {
    if ptr.is_null() {
        return Ok(RoundRobinOptions::default());
    }
    // SAFETY: the caller's guarantees.
    let raw = unsafe { read(ptr, "options") }?;
    Ok(RoundRobinOptions {
        double: raw.double_round_robin,
        reverse_last_two_rounds: raw.reverse_last_two_rounds,
    })
}

/// A pairing that cannot be made, as `RENJU_ERROR_PAIRING` with its reason.
pub(crate) fn pairing_error(e: impl std::fmt::Display) -> Error {
    Error::new(RENJU_ERROR_PAIRING, e.to_string())
}

/// Pairs round `round` (from 1; 0: the first round without pairings) of tournament
/// `index` (0-based) of the handle, a round robin, by FIDE's Berger tables (Handbook
/// C.05, Annex 1) scheduled by `options` (NULL: a single round robin). The players'
/// pairing numbers are their places in start-rank order (after
/// `renju_tournament_draw_lots`, the numbers drawn).
///
/// The boards, in the table's order (a bye first), go into the caller's array `boards`
/// of `capacity` elements; `*count` always gets the number of boards (n / 2 rounded
/// up), and `*paired_round` (may be NULL) the round paired.
///
/// Returns `RENJU_ERROR_BUFFER_TOO_SMALL` when `capacity < *count` (nothing is written
/// to `boards`: call with `capacity` 0 and `boards` NULL to learn the size),
/// `RENJU_ERROR_PAIRING` when the round cannot be paired (fewer than two players, a
/// team event, another system, past the schedule or the rounds declared, a game of an
/// earlier round the tables do not pair; the message says which), `RENJU_ERROR_INDEX_OUT_OF_RANGE` past the last tournament.
///
/// Thread safety: safe from any thread.
///
/// # Safety
/// `tournament` is looked up before use; `options` must be NULL or valid for reads of a
/// `renju_round_robin_options`; `boards` must be NULL (only with `capacity` 0) or valid
/// for writes of `capacity` elements; `count` must be NULL or valid for writes of a
/// `size_t`; `paired_round` must be NULL or valid for writes of a `uint32_t`.
#[no_mangle]
pub unsafe extern "C" fn renju_tournament_pair_round_robin(
    tournament: *const renju_tournament,
    index: usize,
    round: u32,
    options: *const renju_round_robin_options,
    boards: *mut renju_board,
    capacity: usize,
    count: *mut usize,
    paired_round: *mut u32,
) -> renju_status {
    guard(|| {
        let pair = |t: &Tournament| {
            // SAFETY: the caller's guarantees.
            let options = unsafe { options_arg(options) }?;
            pair_round_robin(t, (round > 0).then_some(round), &options).map_err(pairing_error)
        };
        // SAFETY: the caller's guarantees.
        unsafe {
            pair_into(
                tournament,
                index,
                boards,
                capacity,
                count,
                paired_round,
                pair,
            )
        }
    })
}

/// Pairs tournament `index` of the handle with `pair` and writes the round into the
/// caller's array ([`write_round`]), after checking the output pointers.
///
/// # Safety
/// As the pairing functions' arguments.
unsafe fn pair_into(
    tournament: *const renju_tournament,
    index: usize,
    boards: *mut renju_board,
    capacity: usize,
    count: *mut usize,
    paired_round: *mut u32,
    pair: impl FnOnce(&Tournament) -> Result<PairedRound>,
) -> Result<()> {
    array_args(boards, "boards", capacity, count)?;
    let t = handle(tournament, "tournament")?;
    let read = tournament_at(&t, index)?;
    let paired = pair(&read.tournament)?;
    // SAFETY: the caller's guarantees.
    unsafe { write_round(paired, boards, capacity, count, paired_round) }
}

/// Writes a paired round's boards into the caller's array, its count and its number.
///
/// # Safety
/// As the pairing functions' arguments: `boards` valid for writes of `capacity`
/// elements (or NULL with `capacity` 0), `count` valid for writes, `paired_round` NULL
/// or valid for writes.
unsafe fn write_round(
    paired: PairedRound,
    boards: *mut renju_board,
    capacity: usize,
    count: *mut usize,
    paired_round: *mut u32,
) -> Result<()> {
    // SAFETY: the caller's guarantees.
    unsafe { write_opt(paired_round, "paired_round", paired.round) }?;
    let list = paired.boards.into_iter().map(renju_board::from);
    // SAFETY: the caller's guarantees.
    unsafe { write_all(list, boards, capacity, count, "boards") }
}

/// Pairs round `round` (from 1; 0: the first round without pairings) of tournament
/// `index` (0-based) of the handle, a knockout, by its bracket: the players seeded by
/// start rank (after `renju_tournament_draw_lots`, the numbers drawn) on the lines in
/// the standard order, byes to the top seeds, then each earlier round's match winners
/// (the most game points in that round's games between the two, tie-break games
/// included) paired by neighbours.
///
/// The boards go into the caller's array as `renju_tournament_pair_round_robin` writes
/// them (the upper line's player first; a bye with `white` 0).
///
/// Returns `RENJU_ERROR_BUFFER_TOO_SMALL` when `capacity < *count`, `RENJU_ERROR_PAIRING`
/// when the round cannot be paired (fewer than two players, a team event, another
/// system, a tied match without its tie-break games, a match the crosstable lacks, the
/// knockout already won; the message says which), `RENJU_ERROR_INDEX_OUT_OF_RANGE` past
/// the last tournament.
///
/// Thread safety: safe from any thread.
///
/// # Safety
/// `tournament` is looked up before use; `boards` must be NULL (only with `capacity` 0)
/// or valid for writes of `capacity` elements; `count` must be NULL or valid for writes
/// of a `size_t`; `paired_round` must be NULL or valid for writes of a `uint32_t`.
#[no_mangle]
pub unsafe extern "C" fn renju_tournament_pair_knockout(
    tournament: *const renju_tournament,
    index: usize,
    round: u32,
    boards: *mut renju_board,
    capacity: usize,
    count: *mut usize,
    paired_round: *mut u32,
) -> renju_status {
    guard(|| {
        let pair =
            |t: &Tournament| pair_knockout(t, (round > 0).then_some(round)).map_err(pairing_error);
        // SAFETY: the caller's guarantees.
        unsafe {
            pair_into(
                tournament,
                index,
                boards,
                capacity,
                count,
                paired_round,
                pair,
            )
        }
    })
}

/// Pairs the next round of tournament `index` (0-based) of the handle, a Swiss, by the
/// Dutch system (FIDE C.04.3, the rules applied from 2025), as the FIDE-endorsed
/// pairing programs do: the round after the last one with games or a pairing bye;
/// players with a cell in that round already (a bye or an absence entered beforehand)
/// are left out. The tournament gives its rounds (TRF `XXR`) and initial colour (`XXC
/// white1`/`black1`, the colour the top-ranked player gets when nothing else decides;
/// TRF letters are read as written, Black moving first), and may give a point system
/// (`BBW`..., `162`), accelerations (`XXA`) and forbidden pairs (`XXP`).
///
/// The boards go into the caller's array as `renju_tournament_pair_round_robin` writes
/// them (`black` and `white` by colour; a bye with `white` 0), in the pairing programs'
/// order: by the higher player's score, then the lower's, then the higher's pairing
/// number; the bye last.
///
/// Returns `RENJU_ERROR_BUFFER_TOO_SMALL` when `capacity < *count`, `RENJU_ERROR_PAIRING`
/// when the round cannot be paired (no valid pairing under the absolute criteria, the
/// rounds or the initial colour not given, the round already paired, too many players;
/// the message says which), `RENJU_ERROR_INDEX_OUT_OF_RANGE` past the last tournament.
///
/// Thread safety: safe from any thread.
///
/// # Safety
/// `tournament` is looked up before use; `boards` must be NULL (only with `capacity` 0)
/// or valid for writes of `capacity` elements; `count` must be NULL or valid for writes
/// of a `size_t`; `paired_round` must be NULL or valid for writes of a `uint32_t`.
#[no_mangle]
pub unsafe extern "C" fn renju_tournament_pair_dutch(
    tournament: *const renju_tournament,
    index: usize,
    boards: *mut renju_board,
    capacity: usize,
    count: *mut usize,
    paired_round: *mut u32,
) -> renju_status {
    guard(|| {
        let pair = |t: &Tournament| pair_dutch(t).map_err(pairing_error);
        // SAFETY: the caller's guarantees.
        unsafe {
            pair_into(
                tournament,
                index,
                boards,
                capacity,
                count,
                paired_round,
                pair,
            )
        }
    })
}

/// Checks the pairings of tournament `index` (0-based) of the handle, a finished Swiss,
/// against the Dutch system: each round is paired again from the rounds before it (the
/// players absent from it left out) and compared, boards and colours, with the
/// tournament's. The numbers of the rounds that differ, in order, go into the caller's
/// array `rounds` of `capacity` elements; `*count` always gets how many differ (0: every
/// round is paired as the Dutch system pairs it).
///
/// Returns `RENJU_ERROR_BUFFER_TOO_SMALL` when `capacity < *count` (nothing is written
/// to `rounds`), `RENJU_ERROR_PAIRING` when a round cannot be paired at all (the
/// message names the round and why), `RENJU_ERROR_INDEX_OUT_OF_RANGE` past the last
/// tournament.
///
/// Thread safety: safe from any thread.
///
/// # Safety
/// `tournament` is looked up before use; `rounds` must be NULL (only with `capacity` 0)
/// or valid for writes of `capacity` elements; `count` must be NULL or valid for writes
/// of a `size_t`.
#[no_mangle]
pub unsafe extern "C" fn renju_tournament_check_dutch(
    tournament: *const renju_tournament,
    index: usize,
    rounds: *mut u32,
    capacity: usize,
    count: *mut usize,
) -> renju_status {
    guard(|| {
        array_args(rounds, "rounds", capacity, count)?;
        let t = handle(tournament, "tournament")?;
        let read = tournament_at(&t, index)?;
        let differences = check_dutch(&read.tournament)
            .map_err(|(round, e)| pairing_error(format!("round {round}: {e}")))?;
        let numbers = differences.iter().map(|d| d.round);
        // SAFETY: the caller's guarantees.
        unsafe { write_all(numbers, rounds, capacity, count, "rounds differ") }
    })
}

/// Draws lots from `seed` for the pairing numbers of tournament `index` (0-based) of
/// the handle, before its first round: `*out` gets a new handle holding that one
/// tournament with each player's start rank set to the number drawn (the players listed
/// by it). The same seed draws the same numbers in every version and on every
/// platform (the algorithm is in the guide, docs/tournaments.md).
///
/// Returns `RENJU_ERROR_PAIRING` when lots cannot be drawn (no players, a team event,
/// pairings already made), `RENJU_ERROR_INDEX_OUT_OF_RANGE` past the last tournament.
///
/// Ownership: the caller owns `*out` (free it with `renju_tournament_free`). Thread
/// safety: safe from any thread.
///
/// # Safety
/// `tournament` is looked up before use; `out` must be NULL or valid for writes of a
/// pointer.
#[no_mangle]
pub unsafe extern "C" fn renju_tournament_draw_lots(
    tournament: *const renju_tournament,
    index: usize,
    seed: u64,
    out: *mut *mut renju_tournament,
) -> renju_status {
    guard(|| {
        // SAFETY: the caller's guarantees.
        let out = unsafe { clear_out(out, "out") }?;
        let t = handle(tournament, "tournament")?;
        let read = tournament_at(&t, index)?;
        let drawn = renumber_by_lots(&read.tournament, seed).map_err(pairing_error)?;
        let list = vec![TournamentRead {
            tournament: drawn,
            findings: Vec::new(),
        }];
        // SAFETY: checked above.
        unsafe { write(out, "out", new_handle(renju_tournament { list })) }
    })
}

/// Tournament `index` (0-based) of the handle written as a FIDE TRF file, in `*trf`.
///
/// Returns `RENJU_ERROR_INVALID_ARGUMENT` when TRF cannot hold it (a player id over
/// 9999, a name with a line break...), `RENJU_ERROR_INDEX_OUT_OF_RANGE` past the last
/// tournament.
///
/// Ownership: the caller owns `*trf` and frees it with `renju_string_free`. Thread
/// safety: safe from any thread.
///
/// # Safety
/// `tournament` is looked up before use; `trf` must be NULL or valid for writes of a
/// pointer.
#[no_mangle]
pub unsafe extern "C" fn renju_tournament_trf(
    tournament: *const renju_tournament,
    index: usize,
    trf: *mut *mut c_char,
) -> renju_status {
    guard(|| {
        // SAFETY: the caller's guarantees.
        let trf = unsafe { clear_out(trf, "trf") }?;
        let t = handle(tournament, "tournament")?;
        let read = tournament_at(&t, index)?;
        let text = read
            .tournament
            .to_trf()
            .map_err(|e| Error::invalid(e.to_string()))?;
        let ptr = new_string(text)?;
        // SAFETY: checked above.
        unsafe { write(trf, "trf", ptr) }
    })
}
