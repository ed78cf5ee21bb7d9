//! Positions: create, copy, free; play, pass, undo; verdicts, fouls, the forbidden map
//! and explanations.

use std::ffi::c_char;
use std::sync::{Mutex, MutexGuard};

use renju_core::batch::{MaskJudge, MaskValues};
use renju_core::notation::format_moves;
use renju_core::{Board, Move, Position, RenjuOptions};
use renju_display::svg::{self, SvgOptions};

use crate::error::renju_status::{self, *};
use crate::error::{guard, Error, Result};
use crate::handle::{
    clear_out, free_handle, handle, new_handle, new_string, str_arg, write, write_opt, Handle,
};
use crate::types::{
    color_arg, foul_bits, point_arg, renju_color, renju_forbidden_point, renju_foul, renju_move,
    renju_outcome, renju_point, renju_rule_set, renju_verdict, rule_set_arg,
};

/// A position: a board under a rule set, the side to move, the moves played on it and
/// the outcome once its game is over. An opaque handle.
///
/// Ownership: created by `renju_position_new`, `renju_position_from_moves`,
/// `renju_position_from_diagram`, `renju_position_copy`, `renju_fixtures_position` or
/// `renju_games_replay_position`; the caller owns it and frees it with
/// `renju_position_free`.
///
/// Thread safety: every call locks the position, so one handle may be used from several
/// threads (calls on it are serialised). A handle freed while a call on another thread
/// is using it stays alive until that call returns.
pub struct renju_position {
    inner: Mutex<Position>,
}

impl Handle for renju_position {
    const NAME: &'static str = "renju_position";
}

impl renju_position {
    pub(crate) fn new(position: Position) -> renju_position {
        renju_position {
            inner: Mutex::new(position),
        }
    }

    fn lock(&self) -> Result<MutexGuard<'_, Position>> {
        self.inner.lock().map_err(|_| {
            Error::new(
                RENJU_ERROR_PANIC,
                "the position is unusable: an earlier call panicked while using it",
            )
        })
    }
}

/// Facts about a position.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct renju_position_info {
    /// The board side.
    pub size: i32,
    /// The rule set (a `renju_rule_set` value).
    pub rule_set: renju_rule_set,
    /// The side to move.
    pub to_move: renju_color,
    /// Moves played on this position (stones and passes; set-up stones are not moves).
    pub moves: usize,
    /// Stones on the board (set-up stones included).
    pub stones: usize,
    /// Whether the position is judged under the `five_completion_counts` reading.
    pub five_completion_counts: bool,
    /// The outcome (`RENJU_TERMINATION_UNFINISHED` while the game goes on).
    pub outcome: renju_outcome,
}

fn position(ptr: *const renju_position) -> Result<std::sync::Arc<renju_position>> {
    handle(ptr, "position")
}

/// Stores a new position handle in `*out`.
///
/// # Safety
/// `out` must be valid for writes (checked for NULL before).
unsafe fn give(out: *mut *mut renju_position, position: Position) -> Result<()> {
    let ptr = new_handle(renju_position::new(position));
    // SAFETY: forwarded.
    unsafe { write(out, "out", ptr) }
}

/// Creates an empty board of side `size` under `rule_set` (a `renju_rule_set` value),
/// Black to move, judged under the default (RIF) reading. `*out` gets the new handle (NULL
/// on error).
///
/// Returns `RENJU_ERROR_INVALID_ARGUMENT` for an unknown rule set or a size the rule set
/// does not allow (Renju: 15 only; others: 5 to 26).
///
/// Ownership: the caller owns `*out` (free it with `renju_position_free`). Thread
/// safety: safe from any thread.
///
/// # Safety
/// `out` must be NULL or valid for writes of a pointer.
#[no_mangle]
pub unsafe extern "C" fn renju_position_new(
    rule_set: i32,
    size: i32,
    out: *mut *mut renju_position,
) -> renju_status {
    guard(|| {
        // SAFETY: the caller's guarantees.
        let out = unsafe { clear_out(out, "out") }?;
        let rule_set = rule_set_arg(rule_set)?;
        let size = u8::try_from(size)
            .map_err(|_| Error::invalid(format!("board size {size} is not supported (5 to 26)")))?;
        let pos = Position::with_size(rule_set, size)?;
        // SAFETY: checked above.
        unsafe { give(out, pos) }
    })
}

/// Creates a 15x15 Renju position by playing a move list from the empty board
/// (`"h8 i9 j10"`, `"h8i9j10"`, `"1.h8 2.i9"`, `pass`). `*out` gets the new handle
/// (NULL on error).
///
/// Returns `RENJU_ERROR_PARSE` for text that is not a move list or a move that cannot be
/// played (the message gives the move number), `RENJU_ERROR_INVALID_UTF8` for text that
/// is not UTF-8.
///
/// Ownership: the caller owns `*out`. Thread safety: safe from any thread.
///
/// # Safety
/// `moves` must be NULL or a NUL-terminated string; `out` must be NULL or valid for
/// writes of a pointer.
#[no_mangle]
pub unsafe extern "C" fn renju_position_from_moves(
    moves: *const c_char,
    out: *mut *mut renju_position,
) -> renju_status {
    guard(|| {
        // SAFETY: the caller's guarantees.
        let out = unsafe { clear_out(out, "out") }?;
        // SAFETY: the caller's guarantees.
        let moves = unsafe { str_arg(moves, "moves") }?;
        let pos = Position::from_moves(moves)?;
        // SAFETY: checked above.
        unsafe { give(out, pos) }
    })
}

/// Creates a set-up position from an ASCII diagram (the fixture format: one row per
/// line from the top, each starting with its number; `X` black, `O` white, `.` empty;
/// optional column-letter lines), under `rule_set` with `to_move` (`RENJU_COLOR_BLACK`
/// or `RENJU_COLOR_WHITE`) to move. The set-up stones are not judged; moves played from
/// here on are. `*out` gets the new handle (NULL on error).
///
/// Returns `RENJU_ERROR_PARSE` for a diagram that cannot be read,
/// `RENJU_ERROR_INVALID_ARGUMENT` for an unknown rule set or side, or a board size the
/// rule set does not allow.
///
/// Ownership: the caller owns `*out`. Thread safety: safe from any thread.
///
/// # Safety
/// `diagram` must be NULL or a NUL-terminated string; `out` must be NULL or valid for
/// writes of a pointer.
#[no_mangle]
pub unsafe extern "C" fn renju_position_from_diagram(
    diagram: *const c_char,
    rule_set: i32,
    to_move: i32,
    out: *mut *mut renju_position,
) -> renju_status {
    guard(|| {
        // SAFETY: the caller's guarantees.
        let out = unsafe { clear_out(out, "out") }?;
        // SAFETY: the caller's guarantees.
        let diagram = unsafe { str_arg(diagram, "diagram") }?;
        let rule_set = rule_set_arg(rule_set)?;
        let to_move = color_arg(to_move)?;
        let board = Board::from_diagram(diagram)?;
        let pos = Position::from_board(board, rule_set, to_move)?;
        // SAFETY: checked above.
        unsafe { give(out, pos) }
    })
}

/// Copies a position (stones, history, outcome and reading): the copy is independent.
/// `*out` gets the new handle (NULL on error).
///
/// Ownership: the caller owns `*out`; `position` is only read. Thread safety: see
/// `renju_position`.
///
/// # Safety
/// `position` is looked up before use (never dereferenced unless live); `out` must be
/// NULL or valid for writes of a pointer.
#[no_mangle]
pub unsafe extern "C" fn renju_position_copy(
    position: *const renju_position,
    out: *mut *mut renju_position,
) -> renju_status {
    guard(|| {
        // SAFETY: the caller's guarantees.
        let out = unsafe { clear_out(out, "out") }?;
        let copy = self::position(position)?.lock()?.clone();
        // SAFETY: checked above.
        unsafe { give(out, copy) }
    })
}

/// Frees a position. NULL is accepted and does nothing.
///
/// Returns `RENJU_ERROR_BAD_HANDLE` (and frees nothing) for a handle already freed or
/// not from this library. Borrowed data: none.
///
/// Thread safety: see `renju_position`.
///
/// # Safety
/// `position` is looked up before use, never dereferenced unless live.
#[no_mangle]
pub unsafe extern "C" fn renju_position_free(position: *mut renju_position) -> renju_status {
    guard(|| free_handle(position, "position"))
}

/// Chooses the reading of the disputed double-three case (`docs/rules.md`, Forbidden moves,
/// point 5) for every later judgement on this position: nonzero for
/// `five_completion_counts` (a straight-four point that also makes a five still makes
/// a three), 0 for the RIF text (the default).
///
/// Thread safety: see `renju_position`.
///
/// # Safety
/// `position` is looked up before use.
#[no_mangle]
pub unsafe extern "C" fn renju_position_set_five_completion_counts(
    position: *mut renju_position,
    enabled: i32,
) -> renju_status {
    guard(|| {
        let handle = self::position(position)?;
        let mut pos = handle.lock()?;
        let options = RenjuOptions {
            five_completion_counts: enabled != 0,
        };
        *pos = pos.clone().with_options(options);
        Ok(())
    })
}

/// Facts about a position (size, rule set, side to move, counts, reading, outcome) in
/// `*out`.
///
/// Thread safety: see `renju_position`.
///
/// # Safety
/// `position` is looked up before use; `out` must be NULL or valid for writes of a
/// `renju_position_info`.
#[no_mangle]
pub unsafe extern "C" fn renju_position_get_info(
    position: *const renju_position,
    out: *mut renju_position_info,
) -> renju_status {
    guard(|| {
        let handle = self::position(position)?;
        let pos = handle.lock()?;
        let info = renju_position_info {
            size: pos.board().size().into(),
            rule_set: pos.rule_set().into(),
            to_move: pos.to_move().into(),
            moves: pos.moves().len(),
            stones: pos.board().stone_count(),
            five_completion_counts: pos.options().five_completion_counts,
            outcome: pos.outcome().into(),
        };
        // SAFETY: the caller's guarantees.
        unsafe { write(out, "out", info) }
    })
}

/// The stone on `point` in `*out` (`RENJU_COLOR_NONE` when empty).
///
/// Returns `RENJU_ERROR_OFF_BOARD` for a point off the board.
///
/// Thread safety: see `renju_position`.
///
/// # Safety
/// `position` is looked up before use; `out` must be NULL or valid for writes of a
/// `renju_color`.
#[no_mangle]
pub unsafe extern "C" fn renju_position_stone_at(
    position: *const renju_position,
    point: renju_point,
    out: *mut renju_color,
) -> renju_status {
    guard(|| {
        let handle = self::position(position)?;
        let pos = handle.lock()?;
        let size = pos.board().size();
        let p = point_arg(point)?;
        if !p.is_on(size) {
            return Err(Error::new(
                RENJU_ERROR_OFF_BOARD,
                format!("{p} is off the {size}x{size} board"),
            ));
        }
        // SAFETY: the caller's guarantees.
        unsafe { write(out, "out", pos.board().get(p).into()) }
    })
}

/// # Safety
/// `out` must be NULL or valid for writes of a `renju_verdict`.
unsafe fn play(position: *mut renju_position, mv: Move, out: *mut renju_verdict) -> Result<()> {
    let handle = self::position(position)?;
    let mut pos = handle.lock()?;
    let verdict = pos.play(mv)?;
    // SAFETY: the caller's guarantees.
    unsafe { write_opt(out, "out", (&verdict).into()) }
}

/// Plays a stone of the side to move on `point`; `*out` (when `out` is not NULL) gets its
/// verdict. A winning, forbidden or drawing move ends the game; its stone stays on the
/// board.
///
/// Returns `RENJU_ERROR_OCCUPIED`, `RENJU_ERROR_OFF_BOARD` or `RENJU_ERROR_GAME_OVER`
/// for a move that cannot be played (the position is unchanged).
///
/// Thread safety: see `renju_position`.
///
/// # Safety
/// `position` is looked up before use; `out` must be NULL or valid for writes of a
/// `renju_verdict`.
#[no_mangle]
pub unsafe extern "C" fn renju_position_play(
    position: *mut renju_position,
    point: renju_point,
    out: *mut renju_verdict,
) -> renju_status {
    // SAFETY: the caller's guarantees.
    guard(|| unsafe { play(position, Move::Stone(point_arg(point)?), out) })
}

/// The side to move passes; `*out` (when `out` is not NULL) gets the verdict: a draw
/// after the opponent's pass, otherwise the game goes on.
///
/// Returns `RENJU_ERROR_GAME_OVER` once the game is over.
///
/// Thread safety: see `renju_position`.
///
/// # Safety
/// `position` is looked up before use; `out` must be NULL or valid for writes of a
/// `renju_verdict`.
#[no_mangle]
pub unsafe extern "C" fn renju_position_pass(
    position: *mut renju_position,
    out: *mut renju_verdict,
) -> renju_status {
    // SAFETY: the caller's guarantees.
    guard(|| unsafe { play(position, Move::Pass, out) })
}

/// Plays every move of a move list (as `renju_position_from_moves` reads them); `*out`
/// (when `out` is not NULL) gets the verdict of the last move played.
///
/// Returns `RENJU_ERROR_PARSE` at the first move that cannot be read or played (the
/// message gives its number); the moves before it stay played.
///
/// Thread safety: see `renju_position`.
///
/// # Safety
/// `position` is looked up before use; `moves` must be NULL or a NUL-terminated string;
/// `out` must be NULL or valid for writes of a `renju_verdict`.
#[no_mangle]
pub unsafe extern "C" fn renju_position_play_moves(
    position: *mut renju_position,
    moves: *const c_char,
    out: *mut renju_verdict,
) -> renju_status {
    guard(|| {
        // SAFETY: the caller's guarantees.
        let moves = unsafe { str_arg(moves, "moves") }?;
        let handle = self::position(position)?;
        let mut pos = handle.lock()?;
        let verdicts = pos.play_moves(moves)?;
        match verdicts.last() {
            // SAFETY: the caller's guarantees.
            Some(v) => unsafe { write_opt(out, "out", v.into()) },
            None => Ok(()),
        }
    })
}

/// What playing `point` would do for the side to move, without playing it, in `*out`.
///
/// Returns `RENJU_ERROR_OCCUPIED`, `RENJU_ERROR_OFF_BOARD` or `RENJU_ERROR_GAME_OVER`
/// for a move that could not be played.
///
/// Thread safety: see `renju_position`.
///
/// # Safety
/// `position` is looked up before use; `out` must be NULL or valid for writes of a
/// `renju_verdict`.
#[no_mangle]
pub unsafe extern "C" fn renju_position_verdict(
    position: *const renju_position,
    point: renju_point,
    out: *mut renju_verdict,
) -> renju_status {
    guard(|| {
        let p = point_arg(point)?;
        let handle = self::position(position)?;
        let verdict = handle.lock()?.verdict(Move::Stone(p))?;
        // SAFETY: the caller's guarantees.
        unsafe { write(out, "out", (&verdict).into()) }
    })
}

/// Takes back the last move played on the position, restoring it exactly (stones, side
/// to move, outcome); `*out` (when `out` is not NULL) gets the move taken back.
///
/// Returns `RENJU_ERROR_NOTHING_TO_UNDO` when no move has been played (set-up stones
/// are not moves).
///
/// Thread safety: see `renju_position`.
///
/// # Safety
/// `position` is looked up before use; `out` must be NULL or valid for writes of a
/// `renju_move`.
#[no_mangle]
pub unsafe extern "C" fn renju_position_undo(
    position: *mut renju_position,
    out: *mut renju_move,
) -> renju_status {
    guard(|| {
        let handle = self::position(position)?;
        let mv = handle.lock()?.undo().ok_or_else(|| {
            Error::new(
                RENJU_ERROR_NOTHING_TO_UNDO,
                "no move has been played to undo",
            )
        })?;
        // SAFETY: the caller's guarantees.
        unsafe { write_opt(out, "out", mv.into()) }
    })
}

/// Whether a black stone on the empty `point` would be forbidden: `*foul` gets the foul
/// reported (`RENJU_FOUL_NONE` when legal or a five) and `*fouls` (when not NULL) every
/// foul as `RENJU_FOULS_*` bits. Black's forbidden points depend only on the stones, not
/// on the side to move; rule sets other than Renju have none.
///
/// Returns `RENJU_ERROR_OCCUPIED` or `RENJU_ERROR_OFF_BOARD` for a point that is not an
/// empty point of the board.
///
/// Thread safety: see `renju_position`.
///
/// # Safety
/// `position` is looked up before use; `foul` must be NULL or valid for writes of a
/// `renju_foul`; `fouls` must be NULL or valid for writes of a `uint32_t`.
#[no_mangle]
pub unsafe extern "C" fn renju_position_fouls_at(
    position: *const renju_position,
    point: renju_point,
    foul: *mut renju_foul,
    fouls: *mut u32,
) -> renju_status {
    guard(|| {
        crate::handle::out_ptr(foul, "foul")?;
        let p = point_arg(point)?;
        let handle = self::position(position)?;
        let set = handle.lock()?.fouls_at(p)?;
        // SAFETY: the caller's guarantees.
        unsafe {
            write(foul, "foul", set.primary().into())?;
            write_opt(fouls, "fouls", foul_bits(set))
        }
    })
}

/// The whole-board forbidden map for Black: every empty point where a black stone would
/// be forbidden, row by row from `a1`, written into the caller's array `points` of
/// `capacity` elements. `*count` always gets the number of forbidden points.
///
/// Returns `RENJU_ERROR_BUFFER_TOO_SMALL` when `capacity < *count` (then the first
/// `capacity` points are written): call with `capacity` 0 (and `points` NULL) to learn
/// the size, or pass an array of `size * size` elements, which is always enough.
///
/// Thread safety: see `renju_position`.
///
/// # Safety
/// `position` is looked up before use; `points` must be NULL (only with `capacity` 0) or
/// valid for writes of `capacity` elements; `count` must be NULL or valid for writes of a
/// `size_t`.
#[no_mangle]
pub unsafe extern "C" fn renju_position_forbidden_points(
    position: *const renju_position,
    points: *mut renju_forbidden_point,
    capacity: usize,
    count: *mut usize,
) -> renju_status {
    guard(|| {
        crate::handle::out_ptr(count, "count")?;
        if capacity > 0 {
            crate::handle::out_ptr(points, "points")?;
        }
        let handle = self::position(position)?;
        let map = handle.lock()?.forbidden_points();
        for (i, f) in map.iter().take(capacity).enumerate() {
            let item = renju_forbidden_point {
                point: f.point.into(),
                foul: f.primary.into(),
                fouls: foul_bits(f.all),
            };
            // SAFETY: i < capacity, and the array holds `capacity` elements.
            unsafe { points.add(i).write(item) };
        }
        // SAFETY: the caller's guarantees.
        unsafe { write(count, "count", map.len()) }?;
        if map.len() > capacity {
            return Err(Error::new(
                RENJU_ERROR_BUFFER_TOO_SMALL,
                format!("{} forbidden points, the array holds {capacity}", map.len()),
            ));
        }
        Ok(())
    })
}

/// Black's forbidden points of many boards given as cells, one byte per point, with no
/// position handle: `cells` holds `length` bytes, boards of `size` x `size` one after
/// another, row by row from `a1` (board `n`, row `y` counted from the bottom, column `x`
/// is byte `(n * size + y) * size + x`), each 0 (empty), 1 (black) or 2 (white). `out`,
/// of `length` bytes too, gets the masks in the same layout: 0 where a black stone is
/// legal or the point is taken, else 1, or with `kinds` the foul's code (1 overline,
/// 2 double-four, 3 double-three). Judged under `rule_set` (a `renju_rule_set` value)
/// and, when `five_completion_counts`, that reading; many boards are judged on every
/// core. `length` 0 judges no board.
///
/// Returns `RENJU_ERROR_INVALID_ARGUMENT` for an unknown rule set, a size the rule set
/// does not allow, a `length` that is not a whole number of boards, a cell above 2 (the
/// message gives its index; `out` is then unchanged) or an `out` that overlaps `cells`;
/// `RENJU_ERROR_NULL_POINTER` for a NULL array with `length` above 0.
///
/// Thread safety: safe from any thread.
///
/// # Safety
/// `cells` must be NULL or valid for reads of `length` bytes, and `out` NULL or valid for
/// writes of `length` bytes.
#[no_mangle]
pub unsafe extern "C" fn renju_forbidden_masks(
    cells: *const u8,
    length: usize,
    size: i32,
    rule_set: i32,
    five_completion_counts: bool,
    kinds: bool,
    out: *mut u8,
) -> renju_status {
    guard(|| {
        let rule_set = rule_set_arg(rule_set)?;
        let size = u8::try_from(size)
            .map_err(|_| Error::invalid(format!("board size {size} is not supported (5 to 26)")))?;
        let values = if kinds {
            MaskValues::Kinds
        } else {
            MaskValues::Flags
        };
        let options = RenjuOptions {
            five_completion_counts,
        };
        let mut judge = MaskJudge::new(size, rule_set, options, values)?;
        if length == 0 {
            return Ok(());
        }
        if cells.is_null() {
            return Err(Error::null("cells"));
        }
        crate::handle::out_ptr(out, "out")?;
        let (start, end) = (cells as usize, (cells as usize).saturating_add(length));
        if (out as usize) < end && start < (out as usize).saturating_add(length) {
            return Err(Error::invalid("out overlaps cells"));
        }
        // SAFETY: the caller's guarantees, and the two arrays are apart.
        let (cells, out) = unsafe {
            (
                std::slice::from_raw_parts(cells, length),
                std::slice::from_raw_parts_mut(out, length),
            )
        };
        Ok(judge.masks_into(cells, out)?)
    })
}

/// Explains what a black stone on the empty `point` would be, as JSON (the core's
/// `Explanation`: `point`, `status`, and the `fives`, `overlines`, `fours` and `threes`
/// through it; the nested checks of the recursive double-three rule are given once each
/// in a `nested` table, which completions refer to by key with `see`). `*json` gets the
/// text (NULL on error).
///
/// Returns `RENJU_ERROR_OCCUPIED` or `RENJU_ERROR_OFF_BOARD` for a point that is not an
/// empty point of the board.
///
/// Ownership: the caller owns `*json` and frees it with `renju_string_free`. Thread
/// safety: see `renju_position`.
///
/// # Safety
/// `position` is looked up before use; `json` must be NULL or valid for writes of a
/// pointer.
#[no_mangle]
pub unsafe extern "C" fn renju_position_explain_json(
    position: *const renju_position,
    point: renju_point,
    json: *mut *mut c_char,
) -> renju_status {
    guard(|| {
        // SAFETY: the caller's guarantees.
        let json = unsafe { clear_out(json, "json") }?;
        let p = point_arg(point)?;
        let handle = self::position(position)?;
        let explanation = handle.lock()?.explain(p)?;
        let text = serde_json::to_string_pretty(&explanation)
            .map_err(|e| Error::invalid(format!("cannot serialise the explanation: {e}")))?;
        // SAFETY: checked above.
        unsafe { write(json, "json", new_string(text)?) }
    })
}

/// `renju_position_svg` flag: draw column letters and row numbers.
pub const RENJU_SVG_COORDINATES: u32 = 1;
/// `renju_position_svg` flag: number the stones in play order.
pub const RENJU_SVG_NUMBERS: u32 = 2;
/// `renju_position_svg` flag: mark Black's forbidden points by kind.
pub const RENJU_SVG_FORBIDDEN: u32 = 4;
/// `renju_position_svg` flag: ring the last stone played.
pub const RENJU_SVG_LAST_MOVE: u32 = 8;
/// `renju_position_svg` flags: everything (what `renju show --numbers` draws).
pub const RENJU_SVG_DEFAULT: u32 = 15;

/// The position as an SVG picture (the one the CLI's `renju show` and Python's
/// `Board.svg()` draw): grid, stones, and what `flags` ask for (`RENJU_SVG_*`, or'ed;
/// other bits are ignored). `pixels` is the board's width. When `explain` is not NULL,
/// the picture explains what a black stone on that empty point would be (`renju show
/// --explain`): the lines of its threes and fours, their completion points, why a
/// rejected three is not real, and the nested checks as small boards. `*svg` gets the
/// text (NULL on error).
///
/// Returns `RENJU_ERROR_OCCUPIED` or `RENJU_ERROR_OFF_BOARD` for an `explain` point that
/// is not an empty point of the board, `RENJU_ERROR_INVALID_ARGUMENT` for `pixels` 0.
///
/// Ownership: the caller owns `*svg` and frees it with `renju_string_free`. Thread
/// safety: see `renju_position`.
///
/// # Safety
/// `position` is looked up before use; `explain` must be NULL or point to a
/// `renju_point`; `svg` must be NULL or valid for writes of a pointer.
#[no_mangle]
pub unsafe extern "C" fn renju_position_svg(
    position: *const renju_position,
    pixels: u32,
    flags: u32,
    explain: *const renju_point,
    svg: *mut *mut c_char,
) -> renju_status {
    guard(|| {
        // SAFETY: the caller's guarantees.
        let svg = unsafe { clear_out(svg, "svg") }?;
        if pixels == 0 {
            return Err(Error::invalid("pixels must be more than 0".to_string()));
        }
        // SAFETY: NULL or a valid renju_point, the caller says.
        let explain = unsafe { explain.as_ref() }
            .copied()
            .map(point_arg)
            .transpose()?;
        let opts = SvgOptions {
            pixels,
            coordinates: flags & RENJU_SVG_COORDINATES != 0,
            numbers: flags & RENJU_SVG_NUMBERS != 0,
            forbidden: flags & RENJU_SVG_FORBIDDEN != 0,
            last_move: flags & RENJU_SVG_LAST_MOVE != 0,
        };
        let handle = self::position(position)?;
        let pos = handle.lock()?;
        let text = match explain {
            Some(p) => svg::explanation(&pos, &pos.explain(p)?, &opts),
            None => svg::position(&pos, &opts),
        };
        drop(pos);
        // SAFETY: checked above.
        unsafe { write(svg, "svg", new_string(text)?) }
    })
}

/// The moves played on the position as a move list (`"h8 i9 pass j10"`; `""` when none).
/// `*text` gets the string (NULL on error).
///
/// Ownership: the caller owns `*text` and frees it with `renju_string_free`. Thread
/// safety: see `renju_position`.
///
/// # Safety
/// `position` is looked up before use; `text` must be NULL or valid for writes of a
/// pointer.
#[no_mangle]
pub unsafe extern "C" fn renju_position_moves(
    position: *const renju_position,
    text: *mut *mut c_char,
) -> renju_status {
    guard(|| {
        // SAFETY: the caller's guarantees.
        let text = unsafe { clear_out(text, "text") }?;
        let handle = self::position(position)?;
        let moves = format_moves(handle.lock()?.moves());
        // SAFETY: checked above.
        unsafe { write(text, "text", new_string(moves)?) }
    })
}

/// The board as an ASCII diagram (the fixture format, readable by
/// `renju_position_from_diagram`). `*text` gets the string (NULL on error).
///
/// Ownership: the caller owns `*text` and frees it with `renju_string_free`. Thread
/// safety: see `renju_position`.
///
/// # Safety
/// `position` is looked up before use; `text` must be NULL or valid for writes of a
/// pointer.
#[no_mangle]
pub unsafe extern "C" fn renju_position_diagram(
    position: *const renju_position,
    text: *mut *mut c_char,
) -> renju_status {
    guard(|| {
        // SAFETY: the caller's guarantees.
        let text = unsafe { clear_out(text, "text") }?;
        let handle = self::position(position)?;
        let diagram = handle.lock()?.board().to_diagram();
        // SAFETY: checked above.
        unsafe { write(text, "text", new_string(diagram)?) }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::static_cstr;
    use crate::types::renju_verdict_kind::*;
    use crate::types::text;

    fn new(moves: &str) -> *mut renju_position {
        let moves = std::ffi::CString::new(moves).unwrap();
        let mut pos = std::ptr::null_mut();
        assert_eq!(
            unsafe { renju_position_from_moves(moves.as_ptr(), &mut pos) },
            RENJU_OK
        );
        pos
    }

    #[test]
    fn play_judges_and_undo_restores() {
        let pos = new("f8 a1 g8 a2 h6 a3 h7 a4");
        let h8 = renju_point { x: 7, y: 7 };
        let mut foul = renju_foul::RENJU_FOUL_NONE;
        let status = unsafe { renju_position_fouls_at(pos, h8, &mut foul, std::ptr::null_mut()) };
        assert_eq!(status, RENJU_OK);
        assert_eq!(foul, renju_foul::RENJU_FOUL_DOUBLE_THREE);
        let mut v = std::mem::MaybeUninit::<renju_verdict>::uninit();
        assert_eq!(
            unsafe { renju_position_play(pos, h8, v.as_mut_ptr()) },
            RENJU_OK
        );
        let v = unsafe { v.assume_init() };
        assert_eq!(v.kind, RENJU_VERDICT_FORBIDDEN);
        assert_eq!(text(v.label), "double-three");
        let i9 = renju_point { x: 8, y: 8 };
        let status = unsafe { renju_position_play(pos, i9, std::ptr::null_mut()) };
        assert_eq!(status, RENJU_ERROR_GAME_OVER);
        let mut mv = renju_move::from(Move::Pass);
        assert_eq!(unsafe { renju_position_undo(pos, &mut mv) }, RENJU_OK);
        assert_eq!(mv.point, h8);
        assert!(!mv.is_pass);
        assert_eq!(unsafe { renju_position_free(pos) }, RENJU_OK);
        assert_eq!(unsafe { renju_position_free(pos) }, RENJU_ERROR_BAD_HANDLE);
    }

    #[test]
    fn one_handle_serves_several_threads() {
        let pos = new("f8 a1 g8 a2 h6 a3 h7 a4") as usize;
        let threads: Vec<_> = (0..4)
            .map(|i| {
                std::thread::spawn(move || {
                    let pos = pos as *mut renju_position;
                    for _ in 0..50 {
                        let mut v = std::mem::MaybeUninit::<renju_verdict>::uninit();
                        let h8 = renju_point { x: 7, y: 7 };
                        let status = unsafe { renju_position_verdict(pos, h8, v.as_mut_ptr()) };
                        assert_eq!(status, RENJU_OK);
                        assert_eq!(unsafe { v.assume_init() }.kind, RENJU_VERDICT_FORBIDDEN);
                        // Each thread's last error is its own.
                        let off = renju_point { x: 20 + i, y: 0 };
                        let status = unsafe { renju_position_play(pos, off, std::ptr::null_mut()) };
                        assert_eq!(status, RENJU_ERROR_OFF_BOARD);
                        let message = text(crate::error::renju_last_error_message());
                        assert!(message.contains(&format!("{}1", (b'a' + 20 + i as u8) as char)));
                    }
                })
            })
            .collect();
        for t in threads {
            t.join().unwrap();
        }
        let pos = pos as *mut renju_position;
        assert_eq!(unsafe { renju_position_free(pos) }, RENJU_OK);
    }

    #[test]
    fn sizes_and_rules_are_checked() {
        let mut pos = std::ptr::null_mut();
        for (rule, size) in [(0, 19), (1, 4), (1, 300), (9, 15)] {
            let status = unsafe { renju_position_new(rule, size, &mut pos) };
            assert_eq!(status, RENJU_ERROR_INVALID_ARGUMENT, "{rule} {size}");
            assert!(pos.is_null());
        }
        let status =
            unsafe { renju_position_from_diagram(static_cstr!("5 . . . . ."), 1, 1, &mut pos) };
        assert_eq!(status, RENJU_ERROR_PARSE);
    }
}
