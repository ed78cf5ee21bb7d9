//! Plain C types (points, colours, rule sets, fouls, verdicts, outcomes) and their
//! translation to and from the core's types.
//!
//! Enums cross the boundary as `int32_t`. Values the library returns are always one of
//! the listed constants; values C passes in are taken as plain `int32_t` and checked
//! (`RENJU_ERROR_INVALID_ARGUMENT`), so an out-of-range value is never undefined
//! behaviour.

use std::ffi::c_char;

use renju_core::{
    Color, DrawReason, FoulKind, FoulSet, Move, Outcome, Point, RuleSet, Termination, Verdict,
};

use crate::error::renju_status::{self, *};
use crate::error::{guard, Error, Result};
use crate::handle::{intern, out_ptr, str_arg, write};

/// The smallest board side.
pub const RENJU_MIN_BOARD_SIZE: i32 = 5;
/// The largest board side (26 columns, `a` to `z`).
pub const RENJU_MAX_BOARD_SIZE: i32 = 26;
/// The board side of Renju (the only one it allows, and the default elsewhere).
pub const RENJU_DEFAULT_BOARD_SIZE: i32 = 15;
/// Bytes a point's text needs, NUL included (`"z26"`): the buffer size for
/// `renju_point_format`.
pub const RENJU_POINT_TEXT_CAPACITY: usize = 4;

/// `fouls` bit: six or more in a row.
pub const RENJU_FOULS_OVERLINE: u32 = 1;
/// `fouls` bit: two or more fours.
pub const RENJU_FOULS_DOUBLE_FOUR: u32 = 2;
/// `fouls` bit: two or more real threes.
pub const RENJU_FOULS_DOUBLE_THREE: u32 = 4;

/// An intersection: column `x` (0 = `a`, from the left) and row `y` (0 = row 1, from the
/// bottom); `{7, 7}` is `h8`. Coordinates run from 0 to 25 (`z26`); each call checks
/// that a point lies on its board (`RENJU_ERROR_OFF_BOARD`). Text form: see
/// `renju_point_parse` and `renju_point_format`.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct renju_point {
    /// Column, 0-based from the left (`a`).
    pub x: i32,
    /// Row, 0-based from the bottom (row 1).
    pub y: i32,
}

/// A rule set (values for `int32_t rule_set` arguments).
#[repr(i32)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum renju_rule_set {
    /// Renju (RIF): 15x15; Black wins with exactly five and has forbidden moves
    /// (overline, double-four, double-three); White wins with five or more.
    RENJU_RULE_RENJU = 0,
    /// Freestyle gomoku: five or more wins, no forbidden moves.
    RENJU_RULE_FREESTYLE = 1,
    /// Standard gomoku: exactly five wins, no forbidden moves.
    RENJU_RULE_STANDARD = 2,
    /// Caro: five or more wins unless both ends are blocked by opponent stones.
    RENJU_RULE_CARO = 3,
}

/// A stone colour or side to move; `RENJU_COLOR_NONE` for an empty point or no winner.
#[repr(i32)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum renju_color {
    /// No colour: an empty point, or no winner (a draw, or the game goes on).
    RENJU_COLOR_NONE = 0,
    /// Black, who moves first.
    RENJU_COLOR_BLACK = 1,
    /// White.
    RENJU_COLOR_WHITE = 2,
}

/// A foul (forbidden move of Black under Renju rules).
#[repr(i32)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum renju_foul {
    /// Not a foul.
    RENJU_FOUL_NONE = 0,
    /// Six or more in a row.
    RENJU_FOUL_OVERLINE = 1,
    /// Two or more fours at once.
    RENJU_FOUL_DOUBLE_FOUR = 2,
    /// Two or more real threes at once.
    RENJU_FOUL_DOUBLE_THREE = 3,
}

/// What a move does.
#[repr(i32)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum renju_verdict_kind {
    /// The move is legal and the game goes on.
    RENJU_VERDICT_CONTINUES = 0,
    /// The move wins (`winner` says who).
    RENJU_VERDICT_WIN = 1,
    /// The move is forbidden (`foul` says why): Black loses under automatic refereeing.
    RENJU_VERDICT_FORBIDDEN = 2,
    /// The move ends the game in a draw (`draw_reason` says why).
    RENJU_VERDICT_DRAW = 3,
}

/// Why a game was drawn.
#[repr(i32)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum renju_draw_reason {
    /// Not a draw.
    RENJU_DRAW_NONE = 0,
    /// Every intersection is occupied and nobody won.
    RENJU_DRAW_FULL_BOARD = 1,
    /// Both players passed in succession.
    RENJU_DRAW_TWO_PASSES = 2,
}

/// How a game ended.
#[repr(i32)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum renju_termination {
    /// The game has not ended.
    RENJU_TERMINATION_UNFINISHED = 0,
    /// A winning line.
    RENJU_TERMINATION_FIVE = 1,
    /// A forbidden move by Black.
    RENJU_TERMINATION_FORBIDDEN = 2,
    /// Two passes in succession (a draw).
    RENJU_TERMINATION_TWO_PASSES = 3,
    /// The board filled up (a draw).
    RENJU_TERMINATION_FULL_BOARD = 4,
    /// Game records only: the record declares a result nothing in it can check (a
    /// referee's decision, a reason in words).
    RENJU_TERMINATION_DECLARED = 5,
    /// A flag fell (or both did: then a draw).
    RENJU_TERMINATION_TIME = 6,
    /// A player resigned.
    RENJU_TERMINATION_RESIGNATION = 7,
    /// The players agreed a draw.
    RENJU_TERMINATION_AGREED_DRAW = 8,
    /// A player forfeited.
    RENJU_TERMINATION_FORFEIT = 9,
    /// Both players forfeited: both lose.
    RENJU_TERMINATION_DOUBLE_FORFEIT = 10,
    /// A player's second violation.
    RENJU_TERMINATION_VIOLATIONS = 11,
    /// Game records only: the referee declared the game drawn once the board held the
    /// number of stones the record sets (a match's draw after N stones).
    RENJU_TERMINATION_DECLARED_DRAW = 12,
    /// Game records and the live referee: the move a player sealed at an adjournment was
    /// illegal when the game resumed, and the sealer lost.
    RENJU_TERMINATION_ILLEGAL_SEALED_MOVE = 13,
}

/// The verdict of one move.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct renju_verdict {
    /// What the move does.
    pub kind: renju_verdict_kind,
    /// `RENJU_VERDICT_WIN`: the side that moved and won; otherwise `RENJU_COLOR_NONE`.
    pub winner: renju_color,
    /// `RENJU_VERDICT_FORBIDDEN`: the foul reported (overline > double-four >
    /// double-three); otherwise `RENJU_FOUL_NONE`.
    pub foul: renju_foul,
    /// `RENJU_VERDICT_FORBIDDEN`: every foul the move makes (`RENJU_FOULS_*` bits);
    /// otherwise 0.
    pub fouls: u32,
    /// `RENJU_VERDICT_DRAW`: why; otherwise `RENJU_DRAW_NONE`.
    pub draw_reason: renju_draw_reason,
    /// The label fixtures and JSON use: `"legal"`, `"win"`, `"overline"`,
    /// `"double-four"`, `"double-three"` or `"draw"`. A static string: never free it.
    pub label: *const c_char,
}

/// A move: a stone on a point, or a pass.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct renju_move {
    /// Whether the move is a pass (then `point` is `{0, 0}` and means nothing).
    pub is_pass: bool,
    /// Where the stone went.
    pub point: renju_point,
}

/// A point where a black stone would be forbidden.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct renju_forbidden_point {
    /// The empty point.
    pub point: renju_point,
    /// The foul reported (overline > double-four > double-three).
    pub foul: renju_foul,
    /// Every foul a stone there would make (`RENJU_FOULS_*` bits).
    pub fouls: u32,
}

/// The result of a game, or of a position's game so far.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct renju_outcome {
    /// The winner; `RENJU_COLOR_NONE` for a draw or a game that goes on.
    pub winner: renju_color,
    /// How the game ended (`RENJU_TERMINATION_UNFINISHED` while it goes on).
    pub termination: renju_termination,
}

// ---------------------------------------------------------------------------
// Translation
// ---------------------------------------------------------------------------

impl From<Point> for renju_point {
    fn from(p: Point) -> renju_point {
        renju_point {
            x: p.x().into(),
            y: p.y().into(),
        }
    }
}

/// A point passed in: coordinates in 0..=25.
pub(crate) fn point_arg(p: renju_point) -> Result<Point> {
    u8::try_from(p.x)
        .ok()
        .zip(u8::try_from(p.y).ok())
        .and_then(|(x, y)| Point::new(x, y))
        .ok_or_else(|| {
            Error::new(
                RENJU_ERROR_OFF_BOARD,
                format!(
                    "({}, {}) is off every board (x and y run from 0 to 25)",
                    p.x, p.y
                ),
            )
        })
}

impl From<RuleSet> for renju_rule_set {
    fn from(r: RuleSet) -> renju_rule_set {
        match r {
            RuleSet::Renju => renju_rule_set::RENJU_RULE_RENJU,
            RuleSet::Freestyle => renju_rule_set::RENJU_RULE_FREESTYLE,
            RuleSet::Standard => renju_rule_set::RENJU_RULE_STANDARD,
            RuleSet::Caro => renju_rule_set::RENJU_RULE_CARO,
        }
    }
}

/// A rule set passed in as an integer.
pub(crate) fn rule_set_arg(value: i32) -> Result<RuleSet> {
    RuleSet::ALL
        .into_iter()
        .find(|&r| renju_rule_set::from(r) as i32 == value)
        .ok_or_else(|| {
            Error::invalid(format!(
                "{value} is not a renju_rule_set (RENJU_RULE_RENJU .. RENJU_RULE_CARO)"
            ))
        })
}

impl From<Color> for renju_color {
    fn from(c: Color) -> renju_color {
        match c {
            Color::Black => renju_color::RENJU_COLOR_BLACK,
            Color::White => renju_color::RENJU_COLOR_WHITE,
        }
    }
}

impl From<Option<Color>> for renju_color {
    fn from(c: Option<Color>) -> renju_color {
        c.map_or(renju_color::RENJU_COLOR_NONE, renju_color::from)
    }
}

/// A side to move passed in as an integer.
pub(crate) fn color_arg(value: i32) -> Result<Color> {
    [Color::Black, Color::White]
        .into_iter()
        .find(|&c| renju_color::from(c) as i32 == value)
        .ok_or_else(|| {
            Error::invalid(format!(
                "{value} is not a side to move (RENJU_COLOR_BLACK or RENJU_COLOR_WHITE)"
            ))
        })
}

impl From<FoulKind> for renju_foul {
    fn from(k: FoulKind) -> renju_foul {
        match k {
            FoulKind::Overline => renju_foul::RENJU_FOUL_OVERLINE,
            FoulKind::DoubleFour => renju_foul::RENJU_FOUL_DOUBLE_FOUR,
            FoulKind::DoubleThree => renju_foul::RENJU_FOUL_DOUBLE_THREE,
        }
    }
}

impl From<Option<FoulKind>> for renju_foul {
    fn from(k: Option<FoulKind>) -> renju_foul {
        k.map_or(renju_foul::RENJU_FOUL_NONE, renju_foul::from)
    }
}

/// The `RENJU_FOULS_*` bit of a foul.
pub(crate) fn foul_bit(k: FoulKind) -> u32 {
    match k {
        FoulKind::Overline => RENJU_FOULS_OVERLINE,
        FoulKind::DoubleFour => RENJU_FOULS_DOUBLE_FOUR,
        FoulKind::DoubleThree => RENJU_FOULS_DOUBLE_THREE,
    }
}

/// A foul set as `RENJU_FOULS_*` bits.
pub(crate) fn foul_bits(set: FoulSet) -> u32 {
    set.iter().map(foul_bit).fold(0, |a, b| a | b)
}

impl From<&Verdict> for renju_verdict {
    fn from(v: &Verdict) -> renju_verdict {
        let mut out = renju_verdict {
            kind: renju_verdict_kind::RENJU_VERDICT_CONTINUES,
            winner: renju_color::RENJU_COLOR_NONE,
            foul: renju_foul::RENJU_FOUL_NONE,
            fouls: 0,
            draw_reason: renju_draw_reason::RENJU_DRAW_NONE,
            label: intern(v.label()),
        };
        match v {
            Verdict::Continues => {}
            Verdict::Wins { color, .. } => {
                out.kind = renju_verdict_kind::RENJU_VERDICT_WIN;
                out.winner = (*color).into();
            }
            Verdict::Forbidden(foul) => {
                out.kind = renju_verdict_kind::RENJU_VERDICT_FORBIDDEN;
                out.foul = foul.primary.into();
                out.fouls = foul_bits(foul.all);
            }
            Verdict::Draw { reason } => {
                out.kind = renju_verdict_kind::RENJU_VERDICT_DRAW;
                out.draw_reason = match reason {
                    DrawReason::FullBoard => renju_draw_reason::RENJU_DRAW_FULL_BOARD,
                    DrawReason::TwoPasses => renju_draw_reason::RENJU_DRAW_TWO_PASSES,
                };
            }
        }
        out
    }
}

impl From<Move> for renju_move {
    fn from(m: Move) -> renju_move {
        match m {
            Move::Stone(p) => renju_move {
                is_pass: false,
                point: p.into(),
            },
            Move::Pass => renju_move {
                is_pass: true,
                point: renju_point::default(),
            },
        }
    }
}

impl From<Termination> for renju_termination {
    fn from(t: Termination) -> renju_termination {
        match t {
            Termination::Five => renju_termination::RENJU_TERMINATION_FIVE,
            Termination::Forbidden => renju_termination::RENJU_TERMINATION_FORBIDDEN,
            Termination::TwoPasses => renju_termination::RENJU_TERMINATION_TWO_PASSES,
            Termination::FullBoard => renju_termination::RENJU_TERMINATION_FULL_BOARD,
            Termination::Declared => renju_termination::RENJU_TERMINATION_DECLARED,
            Termination::Time => renju_termination::RENJU_TERMINATION_TIME,
            Termination::Resignation => renju_termination::RENJU_TERMINATION_RESIGNATION,
            Termination::AgreedDraw => renju_termination::RENJU_TERMINATION_AGREED_DRAW,
            Termination::Forfeit => renju_termination::RENJU_TERMINATION_FORFEIT,
            Termination::DoubleForfeit => renju_termination::RENJU_TERMINATION_DOUBLE_FORFEIT,
            Termination::Violations => renju_termination::RENJU_TERMINATION_VIOLATIONS,
            Termination::DeclaredDraw => renju_termination::RENJU_TERMINATION_DECLARED_DRAW,
            Termination::IllegalSealedMove => {
                renju_termination::RENJU_TERMINATION_ILLEGAL_SEALED_MOVE
            }
            Termination::Unfinished => renju_termination::RENJU_TERMINATION_UNFINISHED,
        }
    }
}

impl From<Option<Outcome>> for renju_outcome {
    fn from(o: Option<Outcome>) -> renju_outcome {
        match o {
            Some(o) => renju_outcome {
                winner: o.winner.into(),
                termination: o.termination.into(),
            },
            None => renju_outcome {
                winner: renju_color::RENJU_COLOR_NONE,
                termination: renju_termination::RENJU_TERMINATION_UNFINISHED,
            },
        }
    }
}

// ---------------------------------------------------------------------------
// Entry points
// ---------------------------------------------------------------------------

/// The library version (`"0.1.0"`).
///
/// Ownership: a static string; do not free it. Thread safety: safe from any thread.
#[no_mangle]
pub extern "C" fn renju_version() -> *const c_char {
    let version = crate::error::static_cstr!(env!("CARGO_PKG_VERSION"));
    crate::error::guard_value(version, || version)
}

/// Reads a point in `h8` notation (case-insensitive, `a1` to `z26`) into `*out`.
///
/// Returns `RENJU_ERROR_PARSE` for text that is not a point; the point is not checked
/// against any board (`"p16"` is read, and refused later by a 15x15 position).
///
/// Thread safety: safe from any thread.
///
/// # Safety
/// `text` must be NULL or a NUL-terminated string; `out` must be NULL or point to a
/// writable `renju_point`.
#[no_mangle]
pub unsafe extern "C" fn renju_point_parse(
    text: *const c_char,
    out: *mut renju_point,
) -> renju_status {
    guard(|| {
        out_ptr(out, "out")?;
        // SAFETY: the caller's guarantees.
        let text = unsafe { str_arg(text, "text") }?;
        let point: Point = text.parse()?;
        // SAFETY: the caller's guarantees.
        unsafe { write(out, "out", point.into()) }
    })
}

/// Writes a point in `h8` notation, NUL-terminated, into the caller's buffer `buffer` of
/// `capacity` bytes (`RENJU_POINT_TEXT_CAPACITY` is always enough).
///
/// Returns `RENJU_ERROR_OFF_BOARD` for coordinates outside 0..=25 and
/// `RENJU_ERROR_BUFFER_TOO_SMALL` (writing nothing) when the text and its NUL do not
/// fit.
///
/// Thread safety: safe from any thread.
///
/// # Safety
/// `buffer` must be NULL or valid for writes of `capacity` bytes.
#[no_mangle]
pub unsafe extern "C" fn renju_point_format(
    point: renju_point,
    buffer: *mut c_char,
    capacity: usize,
) -> renju_status {
    guard(|| {
        out_ptr(buffer, "buffer")?;
        let text = point_arg(point)?.to_string();
        if text.len() + 1 > capacity {
            return Err(Error::new(
                RENJU_ERROR_BUFFER_TOO_SMALL,
                format!(
                    "`{text}` needs {} bytes, the buffer has {capacity}",
                    text.len() + 1
                ),
            ));
        }
        // SAFETY: the buffer holds `capacity` bytes, and text + NUL fit in it.
        unsafe {
            std::ptr::copy_nonoverlapping(text.as_ptr(), buffer as *mut u8, text.len());
            buffer.add(text.len()).write(0);
        }
        Ok(())
    })
}

/// The lower-case name of a rule set (`"renju"`, `"freestyle"`, `"standard"`,
/// `"caro"`), or NULL for a value that is not a `renju_rule_set`.
///
/// Ownership: a static string; do not free it. Thread safety: safe from any thread.
#[no_mangle]
pub extern "C" fn renju_rule_set_name(rule_set: i32) -> *const c_char {
    crate::error::guard_value(std::ptr::null(), || {
        rule_set_arg(rule_set).map_or(std::ptr::null(), |r| intern(r.name()))
    })
}

/// The text of a C string (for tests).
#[cfg(test)]
pub(crate) fn text(ptr: *const c_char) -> String {
    // SAFETY: test helper, given strings from the library.
    unsafe { std::ffi::CStr::from_ptr(ptr) }
        .to_str()
        .unwrap()
        .to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use renju_core::geometry::{MAX_SIZE, MIN_SIZE, RENJU_SIZE};

    #[test]
    fn constants_match_the_core() {
        assert_eq!(RENJU_MIN_BOARD_SIZE, i32::from(MIN_SIZE));
        assert_eq!(RENJU_MAX_BOARD_SIZE, i32::from(MAX_SIZE));
        assert_eq!(RENJU_DEFAULT_BOARD_SIZE, i32::from(RENJU_SIZE));
        let longest = Point::new(MAX_SIZE - 1, MAX_SIZE - 1).unwrap().to_string();
        assert_eq!(RENJU_POINT_TEXT_CAPACITY, longest.len() + 1);
    }

    #[test]
    fn enums_round_trip() {
        for r in RuleSet::ALL {
            assert_eq!(rule_set_arg(renju_rule_set::from(r) as i32).unwrap(), r);
            assert_eq!(
                text(renju_rule_set_name(renju_rule_set::from(r) as i32)),
                r.name()
            );
        }
        assert!(rule_set_arg(4).is_err());
        assert!(renju_rule_set_name(-1).is_null());
        assert!(color_arg(0).is_err());
        assert_eq!(color_arg(2).unwrap(), Color::White);
        for p in [renju_point { x: -1, y: 0 }, renju_point { x: 0, y: 26 }] {
            assert_eq!(point_arg(p).unwrap_err().status, RENJU_ERROR_OFF_BOARD);
        }
    }

    #[test]
    fn points_parse_and_format() {
        let mut p = renju_point::default();
        let status = unsafe { renju_point_parse(crate::error::static_cstr!("H8"), &mut p) };
        assert_eq!(status, RENJU_OK);
        assert_eq!(p, renju_point { x: 7, y: 7 });
        let mut buf = [0 as c_char; RENJU_POINT_TEXT_CAPACITY];
        let z26 = renju_point { x: 25, y: 25 };
        assert_eq!(
            unsafe { renju_point_format(z26, buf.as_mut_ptr(), buf.len()) },
            RENJU_OK
        );
        assert_eq!(text(buf.as_ptr()), "z26");
        assert_eq!(
            unsafe { renju_point_format(z26, buf.as_mut_ptr(), 3) },
            RENJU_ERROR_BUFFER_TOO_SMALL
        );
        assert_eq!(
            unsafe { renju_point_parse(crate::error::static_cstr!("h0"), &mut p) },
            RENJU_ERROR_PARSE
        );
    }
}
