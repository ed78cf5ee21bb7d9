//! Positions: a board under a rule set, with the side to move, the move history and the
//! outcome once the game has ended.

use std::fmt;

#[cfg(feature = "serde")]
use serde::{Deserialize, Serialize};

use thiserror::Error;

use crate::board::{steps, Board, SetupError, CELL_BLACK, CELL_WHITE};
use crate::error::ParseError;
use crate::forbidden::{self, Explanation, FoulKind, FoulSet, PointStatus};
use crate::geometry::{Color, Direction, Point, Symmetry, RENJU_SIZE};
use crate::notation::Move;
use crate::outcome::{DrawReason, Outcome, Termination};
use crate::rules::{RenjuOptions, RuleSet};

/// Why a move cannot be played on a position.
///
/// ```
/// use renju_core::{IllegalMove, Position};
/// let mut pos = Position::from_moves("h8").unwrap();
/// let err = pos.play("h8".parse().unwrap()).unwrap_err();
/// assert!(matches!(err, IllegalMove::Occupied { .. }));
/// assert_eq!(err.to_string(), "h8 is occupied");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum IllegalMove {
    /// The point already holds a stone.
    #[error("{point} is occupied")]
    Occupied {
        /// The point.
        point: Point,
    },
    /// The point is not on the board.
    #[error("{point} is off the {size}x{size} board")]
    OffBoard {
        /// The point.
        point: Point,
        /// The board side.
        size: u8,
    },
    /// The game has already ended.
    #[error("the game is over ({outcome})")]
    GameOver {
        /// How it ended.
        outcome: Outcome,
    },
}

impl From<IllegalMove> for ParseError {
    fn from(e: IllegalMove) -> Self {
        ParseError::new(e.to_string())
    }
}

/// A forbidden move: the foul to report, every foul it makes, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct Foul {
    /// The foul reported (overline > double-four > double-three).
    pub primary: FoulKind,
    /// Every foul the move makes.
    pub all: FoulSet,
    /// The lines, completion points and nested checks behind the verdict.
    pub explanation: Explanation,
}

/// What one move does.
///
/// ```
/// use renju_core::{Position, Move, Verdict};
/// let mut pos = Position::from_moves("h8 a1 i8 a2 j8 a3 k8 a4").unwrap();
/// match pos.play("l8".parse().unwrap()).unwrap() {
///     Verdict::Wins { line, .. } => assert_eq!(line.len(), 5),
///     other => panic!("{other:?}"),
/// }
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
#[cfg_attr(feature = "serde", serde(tag = "verdict", rename_all = "kebab-case"))]
pub enum Verdict {
    /// The move is legal and the game goes on.
    Continues,
    /// The move wins.
    Wins {
        /// The winner (the side that moved).
        color: Color,
        /// The winning line's stones, in line order.
        line: Vec<Point>,
    },
    /// The move is forbidden: Black loses (under automatic refereeing).
    Forbidden(Foul),
    /// The move ends the game in a draw.
    Draw {
        /// Why.
        reason: DrawReason,
    },
}

impl Verdict {
    /// The short label used in fixtures and JSON (`legal`, `win`, `overline`,
    /// `double-four`, `double-three`, `draw`).
    pub fn label(&self) -> &'static str {
        match self {
            Verdict::Continues => "legal",
            Verdict::Wins { .. } => "win",
            Verdict::Forbidden(f) => f.primary.name(),
            Verdict::Draw { .. } => "draw",
        }
    }
}

/// A forbidden point of a position: where a black stone would be a foul.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct ForbiddenPoint {
    /// The empty point.
    pub point: Point,
    /// The foul reported.
    pub primary: FoulKind,
    /// Every foul a stone there would make.
    pub all: FoulSet,
}

/// A verdict without its details (see [`Position::judge`]).
#[derive(Debug, Clone, Copy)]
enum Judged {
    Continues,
    Wins,
    Forbidden(FoulSet),
    Draw(DrawReason),
}

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
struct Played {
    mv: Move,
    outcome_before: Option<Outcome>,
}

/// A position: a board, its rule set, the side to move, the moves played and the outcome
/// once the game is over.
///
/// Moves are checked in one place ([`Position::play`]): every stone on a position was
/// played through it (and judged there, a forbidden one included), or belongs to a
/// set-up arrangement ([`Position::from_board`]).
///
/// ```
/// use renju_core::{FoulKind, Position};
/// // A double-three at h8: two real threes, f8 g8 h8 and h6 h7 h8.
/// let pos = Position::from_moves("f8 a1 g8 a2 h6 a3 h7 a4").unwrap();
/// let fouls = pos.forbidden_points();
/// assert!(fouls.iter().any(|f| f.point.to_string() == "h8" && f.primary == FoulKind::DoubleThree));
/// ```
///
/// Serialises (serde) as its set-up stones, rule set, options, side to move at set-up,
/// and the moves played (each with the outcome before it, which keeps a game that went
/// on after a foul exact); reading replays the moves.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
#[cfg_attr(
    feature = "serde",
    serde(into = "PositionState", try_from = "PositionState")
)]
pub struct Position {
    board: Board,
    rule_set: RuleSet,
    options: RenjuOptions,
    to_move: Color,
    history: Vec<Played>,
    outcome: Option<Outcome>,
}

impl Position {
    /// The empty 15x15 board, Black to move.
    pub fn new(rule_set: RuleSet) -> Position {
        Position::with_size(rule_set, RENJU_SIZE).expect("15x15 fits every rule set")
    }

    /// The empty board of side `size`, Black to move.
    pub fn with_size(rule_set: RuleSet, size: u8) -> Result<Position, SetupError> {
        let board = Board::new(size)?;
        Position::from_board(board, rule_set, Color::Black)
    }

    /// A set-up position: any arrangement of stones, with the side to move. Moves played
    /// from here on are judged; the set-up stones themselves are not.
    pub fn from_board(
        mut board: Board,
        rule_set: RuleSet,
        to_move: Color,
    ) -> Result<Position, SetupError> {
        if !rule_set.allows_size(board.size()) {
            return Err(SetupError::SizeForRules {
                rule_set,
                size: board.size(),
            });
        }
        // Only rules with forbidden moves read the candidates of the forbidden map.
        board.keep_candidates(rule_set.has_forbidden_moves());
        Ok(Position {
            board,
            rule_set,
            options: RenjuOptions::default(),
            to_move,
            history: Vec::new(),
            outcome: None,
        })
    }

    /// A Renju game from a move list (`"h8 i9 j10"`, `"h8i9j10"`, `"1.h8 2.i9"`, `pass`).
    pub fn from_moves(moves: &str) -> Result<Position, ParseError> {
        let mut pos = Position::new(RuleSet::Renju);
        pos.play_moves(moves)?;
        Ok(pos)
    }

    /// The same position judged under other Renju options.
    pub fn with_options(mut self, options: RenjuOptions) -> Position {
        self.options = options;
        self
    }

    /// Plays every move of a move list, stopping at the first error (located by move
    /// number).
    ///
    /// Moves are read and played one at a time: a huge list whose second move is illegal
    /// stops there at the cost of two moves. The memory reserved for the moves and
    /// verdicts is bounded by the board's area, as the moves of a game are (a full board
    /// or two passes end it).
    ///
    /// ```
    /// use renju_core::Position;
    /// let mut pos = Position::from_moves("h8").unwrap();
    /// let huge = format!("i9 i9 {}", "a1 ".repeat(100_000));
    /// let err = pos.play_moves(&huge).unwrap_err();
    /// assert_eq!(err.location.move_number, Some(3));
    /// ```
    pub fn play_moves(&mut self, moves: &str) -> Result<Vec<Verdict>, ParseError> {
        let mut verdicts = Vec::with_capacity(self.expected_moves(moves));
        self.history.reserve(self.expected_moves(moves));
        self.replaying(|pos| {
            for mv in crate::notation::moves(moves, pos.board.size()) {
                let number = pos.history.len() + 1;
                let mv = mv.map_err(|e| e.at_move(number))?;
                let v = pos
                    .play(mv)
                    .map_err(|e| ParseError::from(e).at_move(number))?;
                verdicts.push(v);
            }
            Ok(verdicts)
        })
    }

    /// Plays every move of a move list like [`Position::play_moves`] (same checks, same
    /// errors), without building verdicts: the fast path for replaying move lists.
    ///
    /// ```
    /// use renju_core::Position;
    /// let mut pos = Position::new(renju_core::RuleSet::Renju);
    /// pos.play_moves_quiet("h8 i9 j10").unwrap();
    /// assert_eq!(pos, Position::from_moves("h8 i9 j10").unwrap());
    /// let err = pos.play_moves_quiet("k11 k11").unwrap_err();
    /// assert_eq!(err.location.move_number, Some(5));
    /// ```
    pub fn play_moves_quiet(&mut self, moves: &str) -> Result<(), ParseError> {
        self.history.reserve(self.expected_moves(moves));
        self.replaying(|pos| {
            for mv in crate::notation::moves(moves, pos.board.size()) {
                let number = pos.history.len() + 1;
                let mv = mv.map_err(|e| e.at_move(number))?;
                pos.play_quiet(mv)
                    .map_err(|e| ParseError::from(e).at_move(number))?;
            }
            Ok(())
        })
    }

    /// Plays moves one after another like [`Position::play_quiet`], stopping at the first
    /// that cannot be played: its index in `moves` (from 0) and why.
    ///
    /// ```
    /// use renju_core::{IllegalMove, Move, Position, RuleSet};
    /// let moves: Vec<Move> = ["h8", "i9", "h8"].map(|m| m.parse().unwrap()).to_vec();
    /// let mut pos = Position::new(RuleSet::Renju);
    /// let (at, err) = pos.play_all_quiet(moves).unwrap_err();
    /// assert_eq!(at, 2);
    /// assert!(matches!(err, IllegalMove::Occupied { .. }));
    /// assert_eq!(pos.moves().len(), 2);
    /// ```
    pub fn play_all_quiet(
        &mut self,
        moves: impl IntoIterator<Item = Move>,
    ) -> Result<(), (usize, IllegalMove)> {
        self.replaying(|pos| {
            for (i, mv) in moves.into_iter().enumerate() {
                pos.play_quiet(mv).map_err(|e| (i, e))?;
            }
            Ok(())
        })
    }

    /// About how many moves a move list holds (at least two bytes each), for reserving
    /// memory: at most the board's area, which bounds the moves of a game but for passes.
    fn expected_moves(&self, moves: &str) -> usize {
        (moves.len() / 3).min(self.board.area())
    }

    /// Runs a replay of many moves: meanwhile the board keeps its line codes only (every
    /// judgement reads those), and its shapes are recomputed once at the end, which
    /// costs less than keeping them up to date move by move.
    fn replaying<T>(&mut self, replay: impl FnOnce(&mut Position) -> T) -> T {
        debug_assert!(!self.board.is_deferred(), "no replay within a replay");
        self.board.defer_shapes();
        let out = replay(self);
        self.board.finish_deferred();
        out
    }

    /// The stones.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The stones, taken out of the position.
    pub fn into_board(self) -> Board {
        self.board
    }

    /// The rule set.
    pub fn rule_set(&self) -> RuleSet {
        self.rule_set
    }

    /// The Renju options.
    pub fn options(&self) -> RenjuOptions {
        self.options
    }

    /// The side to move.
    pub fn to_move(&self) -> Color {
        self.to_move
    }

    /// The moves played on this position, oldest first.
    pub fn moves(&self) -> impl ExactSizeIterator<Item = Move> + '_ {
        self.history.iter().map(|p| p.mv)
    }

    /// The outcome, once the game is over.
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    fn check_point(&self, p: Point) -> Result<usize, IllegalMove> {
        if !p.is_on(self.board.size()) {
            return Err(IllegalMove::OffBoard {
                point: p,
                size: self.board.size(),
            });
        }
        if self.board.get(p).is_some() {
            return Err(IllegalMove::Occupied { point: p });
        }
        Ok(self.board.index(p))
    }

    /// What `mv` does, without the details (winning line, explanation) a [`Verdict`]
    /// carries.
    fn judge(&self, mv: Move) -> Result<Judged, IllegalMove> {
        if let Some(outcome) = self.outcome {
            return Err(IllegalMove::GameOver { outcome });
        }
        let p = match mv {
            Move::Pass => {
                return Ok(match self.history.last() {
                    Some(Played { mv: Move::Pass, .. }) => Judged::Draw(DrawReason::TwoPasses),
                    _ => Judged::Continues,
                })
            }
            Move::Stone(p) => p,
        };
        let idx = self.check_point(p)?;
        let color = self.to_move;
        // Black's line shapes say whether the stone passes the quick filter (which
        // already excludes fives) and whether it makes five or more in a row at all (the
        // rule set then decides whether that wins); so do White's runs in the codes.
        let may_win = match color {
            Color::Black => {
                let outlook = self.board.black_outlook(idx);
                if self.rule_set.has_forbidden_moves() && outlook.may_be_forbidden {
                    let all = forbidden::fouls(&self.board, idx, &self.options);
                    if !all.is_empty() {
                        return Ok(Judged::Forbidden(all));
                    }
                }
                outlook.five_or_more
            }
            Color::White => self.board.white_makes_five_or_more(idx),
        };
        if may_win && winning_line(&self.board, self.rule_set, p, color).is_some() {
            return Ok(Judged::Wins);
        }
        if self.board.stone_count() + 1 == self.board.area() {
            return Ok(Judged::Draw(DrawReason::FullBoard));
        }
        Ok(Judged::Continues)
    }

    /// What playing `mv` would do, without playing it.
    pub fn verdict(&self, mv: Move) -> Result<Verdict, IllegalMove> {
        Ok(match self.judge(mv)? {
            Judged::Continues => Verdict::Continues,
            Judged::Draw(reason) => Verdict::Draw { reason },
            Judged::Wins => {
                let (Move::Stone(p), color) = (mv, self.to_move) else {
                    unreachable!("a pass never wins")
                };
                let line = winning_line(&self.board, self.rule_set, p, color);
                Verdict::Wins {
                    color,
                    line: line.expect("judged a win"),
                }
            }
            Judged::Forbidden(all) => {
                let Move::Stone(p) = mv else {
                    unreachable!("a pass is never forbidden")
                };
                let idx = self.board.index(p);
                Verdict::Forbidden(Foul {
                    primary: all.primary().expect("non-empty foul set"),
                    all,
                    explanation: forbidden::explain(&self.board, idx, &self.options),
                })
            }
        })
    }

    /// Plays a move and returns its verdict. A winning, forbidden or drawing move ends
    /// the game (the stone stays on the board); any move after that is
    /// [`IllegalMove::GameOver`].
    pub fn play(&mut self, mv: Move) -> Result<Verdict, IllegalMove> {
        let verdict = self.verdict(mv)?;
        let judged = match &verdict {
            Verdict::Continues => Judged::Continues,
            Verdict::Wins { .. } => Judged::Wins,
            Verdict::Forbidden(f) => Judged::Forbidden(f.all),
            Verdict::Draw { reason } => Judged::Draw(*reason),
        };
        self.apply(mv, judged);
        Ok(verdict)
    }

    /// Plays a move like [`Position::play`] (same checks, same outcome) without building
    /// the verdict's details: no winning line, no explanation of a foul. The fast path
    /// for replaying move lists.
    pub fn play_quiet(&mut self, mv: Move) -> Result<(), IllegalMove> {
        let judged = self.judge(mv)?;
        self.apply(mv, judged);
        Ok(())
    }

    fn apply(&mut self, mv: Move, judged: Judged) {
        if let Move::Stone(p) = mv {
            let idx = self.board.index(p);
            self.board.put(idx, self.to_move);
        }
        self.history.push(Played {
            mv,
            outcome_before: self.outcome,
        });
        self.outcome = match judged {
            Judged::Continues => None,
            Judged::Wins => Some(Outcome::win(self.to_move, Termination::Five)),
            Judged::Forbidden(_) => Some(Outcome::win(Color::White, Termination::Forbidden)),
            Judged::Draw(reason) => Some(Outcome::draw(reason.into())),
        };
        self.to_move = self.to_move.opponent();
    }

    /// Takes back the last move played on this position; `None` when there is none.
    /// The position is restored exactly (stones, side to move, outcome).
    pub fn undo(&mut self) -> Option<Move> {
        let played = self.history.pop()?;
        if let Move::Stone(p) = played.mv {
            let idx = self.board.index(p);
            self.board.remove(idx);
        }
        self.outcome = played.outcome_before;
        self.to_move = self.to_move.opponent();
        Some(played.mv)
    }

    /// White plays on after Black's forbidden move without claiming it (claim models
    /// other than automatic refereeing): the game goes on. Does nothing unless the game
    /// ended on a forbidden move. Undoing the foul afterwards gives the position before
    /// it, as always.
    pub fn play_on_after_foul(&mut self) {
        if self
            .outcome
            .is_some_and(|o| o.termination == Termination::Forbidden)
        {
            self.outcome = None;
        }
    }

    /// The fouls a black stone on `p` would make (empty when it is legal or a five, and
    /// always empty under rule sets without forbidden moves). Black's forbidden points are
    /// a property of the stones: this does not depend on the side to move.
    pub fn fouls_at(&self, p: Point) -> Result<FoulSet, IllegalMove> {
        let idx = self.check_point(p)?;
        if !self.rule_set.has_forbidden_moves() || !self.board.may_be_forbidden(idx) {
            return Ok(FoulSet::EMPTY);
        }
        Ok(forbidden::fouls(&self.board, idx, &self.options))
    }

    /// Whether a black stone on `p` would be forbidden (false for occupied or off-board
    /// points).
    pub fn is_forbidden(&self, p: Point) -> bool {
        self.fouls_at(p).is_ok_and(|s| !s.is_empty())
    }

    /// Every empty point where a black stone would be forbidden, row by row from `a1`,
    /// with its fouls. Empty under rule sets without forbidden moves.
    pub fn forbidden_points(&self) -> Vec<ForbiddenPoint> {
        if !self.rule_set.has_forbidden_moves() {
            return Vec::new();
        }
        forbidden::forbidden_map(&self.board, &self.options)
            .into_iter()
            .map(|(point, all)| ForbiddenPoint {
                point,
                primary: all.primary().expect("non-empty foul set"),
                all,
            })
            .collect()
    }

    /// Explains what a black stone on `p` would be: its lines, threes and fours, and the
    /// nested checks of the recursive double-three rule.
    ///
    /// Under rule sets without forbidden moves the explanation still lists the lines,
    /// but its status is never `Forbidden`.
    pub fn explain(&self, p: Point) -> Result<Explanation, IllegalMove> {
        let idx = self.check_point(p)?;
        let mut ex = forbidden::explain(&self.board, idx, &self.options);
        if !self.rule_set.has_forbidden_moves() {
            if let PointStatus::Forbidden { .. } = ex.status {
                ex.status = PointStatus::Legal;
            }
        }
        Ok(ex)
    }

    /// The position mapped by a board symmetry (stones, history and outcome alike).
    pub fn transformed(&self, sym: Symmetry) -> Position {
        let size = self.board.size();
        let mut board = Board::new(size).expect("same size");
        for (p, c) in self.board.stones() {
            board
                .set(sym.apply(p, size), Some(c))
                .expect("symmetry keeps points on the board");
        }
        Position {
            board,
            rule_set: self.rule_set,
            options: self.options,
            to_move: self.to_move,
            history: self
                .history
                .iter()
                .map(|h| Played {
                    mv: match h.mv {
                        Move::Stone(p) => Move::Stone(sym.apply(p, size)),
                        Move::Pass => Move::Pass,
                    },
                    outcome_before: h.outcome_before,
                })
                .collect(),
            outcome: self.outcome,
        }
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.board.fmt(f)
    }
}

/// The winning line a stone of `color` on empty `p` would make under `rule_set`.
fn winning_line(board: &Board, rule_set: RuleSet, p: Point, color: Color) -> Option<Vec<Point>> {
    let size = board.size();
    let (idx, st) = (board.index(p) as isize, steps(size));
    let (x, y, last) = (p.x(), p.y(), size - 1);
    // Cells from `p` to the board's edge, backwards and forwards, per direction.
    let (left, right, down, up) = (x, last - x, y, last - y);
    let room = [
        (left, right),
        (down, up),
        (left.min(down), right.min(up)),
        (left.min(up), right.min(down)),
    ];
    let (mine, theirs) = match color {
        Color::Black => (CELL_BLACK, CELL_WHITE),
        Color::White => (CELL_WHITE, CELL_BLACK),
    };
    let at = |k: i32, d: usize| board.cell((idx + k as isize * st[d]) as usize);
    for (d, dir) in Direction::ALL.into_iter().enumerate() {
        let (room_back, room_fwd) = (i32::from(room[d].0), i32::from(room[d].1));
        let mut back = 0;
        while back < room_back && at(-(back + 1), d) == mine {
            back += 1;
        }
        let mut fwd = 0;
        while fwd < room_fwd && at(fwd + 1, d) == mine {
            fwd += 1;
        }
        let len = back + fwd + 1;
        let wins = match (rule_set, color) {
            (RuleSet::Renju, Color::Black) | (RuleSet::Standard, _) => len == 5,
            (RuleSet::Renju, Color::White) | (RuleSet::Freestyle, _) => len >= 5,
            (RuleSet::Caro, _) => {
                let blocked_back = back < room_back && at(-(back + 1), d) == theirs;
                let blocked_fwd = fwd < room_fwd && at(fwd + 1, d) == theirs;
                len >= 5 && !(blocked_back && blocked_fwd)
            }
        };
        if wins {
            return Some((-back..=fwd).filter_map(|k| p.step(dir, k, size)).collect());
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 9, item 6: a huge move list whose second move is illegal is not parsed (nor
    /// reserved for) past that move, and the error names it.
    #[test]
    fn play_moves_stops_at_the_first_illegal_move_without_reading_the_rest() {
        let mut huge = String::from("h8 h8 ");
        huge.push_str(&"a1 b2 ".repeat(4_000_000)); // 24 MB
        let start = std::time::Instant::now();
        let mut pos = Position::new(RuleSet::Renju);
        let err = pos.play_moves(&huge).unwrap_err();
        assert_eq!(err.location.move_number, Some(2));
        assert!(err.message.contains("occupied"), "{err}");
        assert_eq!(pos.moves().len(), 1);
        // Parsing the rest would take far longer than this in a debug build.
        assert!(start.elapsed() < std::time::Duration::from_millis(500));
    }
}

/// The serialised form of a [`Position`].
#[cfg(feature = "serde")]
#[derive(Serialize, Deserialize)]
struct PositionState {
    rule_set: RuleSet,
    options: RenjuOptions,
    setup: Board,
    to_move: Color,
    moves: Vec<(Move, Option<Outcome>)>,
    outcome: Option<Outcome>,
}

#[cfg(feature = "serde")]
impl From<Position> for PositionState {
    fn from(mut pos: Position) -> PositionState {
        let (rule_set, options, outcome) = (pos.rule_set, pos.options, pos.outcome);
        let moves: Vec<_> = pos
            .history
            .iter()
            .map(|p| (p.mv, p.outcome_before))
            .collect();
        while pos.undo().is_some() {}
        PositionState {
            rule_set,
            options,
            setup: pos.board,
            to_move: pos.to_move,
            moves,
            outcome,
        }
    }
}

#[cfg(feature = "serde")]
impl TryFrom<PositionState> for Position {
    type Error = String;

    fn try_from(s: PositionState) -> Result<Position, String> {
        let pos = Position::from_board(s.setup, s.rule_set, s.to_move);
        let mut pos = pos.map_err(|e| e.to_string())?.with_options(s.options);
        // A game that went on after a foul: the foul's outcome was lifted.
        let lift = |pos: &mut Position, wanted: Option<Outcome>| {
            if pos.outcome != wanted {
                pos.play_on_after_foul();
            }
            match pos.outcome == wanted {
                true => Ok(()),
                false => Err(format!("the moves do not give the outcome {wanted:?}")),
            }
        };
        for (mv, before) in s.moves {
            lift(&mut pos, before)?;
            pos.play_quiet(mv).map_err(|e| e.to_string())?;
        }
        lift(&mut pos, s.outcome)?;
        Ok(pos)
    }
}
