//! Matches of several games per round (each board's games, the colours exchanged game
//! by game) and a round's results entered into a tournament.

use std::ffi::c_char;

use ::renju_tournament::pairing::matches::{record_results, round_matches};
use ::renju_tournament::pairing::tournament_round::{next_round, PairedRound};
use ::renju_tournament::pairing::Pairing;
use ::renju_tournament::TournamentRead;

use crate::error::renju_status;
use crate::error::{guard, Error};
use crate::handle::{clear_out, handle, new_handle, read, slice_arg, write};
use crate::pairing::renju_board;
use crate::teams::{check_board_array, write_boards};
use crate::tournament::{renju_tournament, tournament_at};

/// One result of a round, as a TRF file writes it: `black` moved first against `white`
/// (start ranks) and `code` is Black's result (`'1'`, `'='`, `'0'` played, `'+'`, `'-'`
/// forfeit); or `white` 0 for a round of `black` without an opponent (`'U'` the pairing
/// bye, `'F'`, `'H'`, `'Z'` byes, `'-'` absent).
#[repr(C)]
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct renju_result_entry {
    /// The player who moved first, or the player without an opponent.
    pub black: u32,
    /// The player who moved second, or 0.
    pub white: u32,
    /// The TRF result code, Black's.
    pub code: c_char,
}

/// The games of one board played as a match of `games` games (1 to 99; the renju match
/// is 2): game 1 as the board pairs it, game 2 with the colours exchanged, and so on (a
/// bye, `white` 0, stays one bye). The games go into the caller's array `out` of
/// `capacity` elements; `*count` always gets their number.
///
/// Returns `RENJU_ERROR_BUFFER_TOO_SMALL` when `capacity < *count` (nothing written),
/// `RENJU_ERROR_INVALID_ARGUMENT` for 0 games or more than 99.
///
/// Thread safety: safe from any thread.
///
/// # Safety
/// `board` must be NULL or valid for reads of a `renju_board`; `out` must be NULL (only
/// with `capacity` 0) or valid for writes of `capacity` elements; `count` must be NULL
/// or valid for writes of a `size_t`.
#[no_mangle]
pub unsafe extern "C" fn renju_board_match_games(
    board: *const renju_board,
    games: u32,
    out: *mut renju_board,
    capacity: usize,
    count: *mut usize,
) -> renju_status {
    guard(|| {
        check_board_array(out, capacity, count)?;
        // SAFETY: the caller's guarantees.
        let board = unsafe { read(board, "board") }?;
        let pairing = match board.white {
            0 => Pairing::Bye {
                player: board.black,
            },
            white => Pairing::Game {
                black: board.black,
                white,
            },
        };
        let paired = PairedRound {
            round: 1,
            boards: vec![pairing],
        };
        let list = round_matches(&paired, games).map_err(|e| Error::invalid(e.to_string()))?;
        let list: Vec<Pairing> = list.into_iter().flatten().collect();
        // SAFETY: the caller's guarantees.
        unsafe { write_boards(list, out, capacity, count) }
    })
}

/// Tournament `index` (0-based) of the handle with the results `entries` (`count` of
/// them) entered into round `round` (0: the first round without pairings): `*out` gets a
/// new handle holding that one tournament. A match's games are one entry each, in the
/// order played; the standings score them as one match.
///
/// Returns `RENJU_ERROR_INVALID_ARGUMENT` when an entry cannot be entered (an unknown
/// player, a player against himself, a code that is not a result of its kind; the
/// message names the entry), `RENJU_ERROR_INDEX_OUT_OF_RANGE` past the last tournament.
///
/// Ownership: the caller owns `*out` (free it with `renju_tournament_free`). Thread
/// safety: safe from any thread.
///
/// # Safety
/// `tournament` is looked up before use; `entries` must be NULL (only with `count` 0)
/// or valid for reads of `count` elements; `out` must be NULL or valid for writes of a
/// pointer.
#[no_mangle]
pub unsafe extern "C" fn renju_tournament_record_results(
    tournament: *const renju_tournament,
    index: usize,
    round: u32,
    entries: *const renju_result_entry,
    count: usize,
    out: *mut *mut renju_tournament,
) -> renju_status {
    guard(|| {
        // SAFETY: the caller's guarantees.
        let out = unsafe { clear_out(out, "out") }?;
        // SAFETY: the caller's guarantees.
        let entries = unsafe { slice_arg(entries, count, "entries") }?;
        let t = handle(tournament, "tournament")?;
        let mut updated = tournament_at(&t, index)?.tournament.clone();
        let round = if round == 0 {
            next_round(&updated)
        } else {
            round
        };
        let codes: Vec<String> = entries
            .iter()
            .map(|e| (e.code as u8 as char).to_string())
            .collect();
        let list: Vec<(u32, u32, &str)> = (entries.iter().zip(&codes))
            .map(|(e, code)| (e.black, e.white, code.as_str()))
            .collect();
        record_results(&mut updated, round, &list).map_err(|e| Error::invalid(e.to_string()))?;
        updated.sort_cells();
        let list = vec![TournamentRead {
            tournament: updated,
            findings: Vec::new(),
        }];
        // SAFETY: checked above.
        unsafe { write(out, "out", new_handle(renju_tournament { list })) }
    })
}
