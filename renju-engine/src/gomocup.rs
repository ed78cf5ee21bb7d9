//! The Gomocup (Piskvork) protocol, in one place: its coordinates, the commands a
//! manager sends (`START`, `INFO`, `ABOUT`, `BEGIN`, `TURN`, `BOARD`, `RESTART`, `END`,
//! and the Yixin and Swap2 extensions `YXSTOP`, `YXBOARD`, `YXSHOWFORBID`,
//! `SWAP2BOARD`), the readers of the engine's replies (the move line, `SWAP2BOARD`'s
//! answer, `FORBID`), and [`GomocupEngine`], an engine process spoken to in it (as
//! python-chess's `UciProtocol` speaks UCI over a transport). Its calls say what is
//! wanted and write the commands themselves: [`GomocupEngine::play`] asks for a move
//! (choosing `BEGIN`, `TURN` or `BOARD`) and returns a [`PlayResult`],
//! [`GomocupEngine::swap2board`] asks for an opening step, [`GomocupEngine::stop`]
//! stops a search, [`GomocupEngine::tell_settings`] and [`GomocupEngine::about`] set
//! the engine up. `renju match` ([`crate::matches`]) and `renju conform`
//! ([`crate::conform`]) both speak it through this module; the process underneath is
//! [`crate::process`].
//!
//! The protocol is Petr Laštovička's "New protocol"
//! (<https://plastovicka.github.io/protocl2en.htm>). Coordinates are 0-based `x,y`
//! with `y` counted from the top, so `h8` is `7,7` and `a15` is `0,0` on 15x15; `-1,-1`
//! is a pass (Rapfi's convention). Lines are sent with CR LF ends, as the protocol says
//! the manager does; `MESSAGE`, `DEBUG`, `INFO`, `SUGGEST` and empty lines from the
//! engine are chatter, skipped wherever an answer is awaited.
//!
//! ```
//! use renju_engine::gomocup::{board_lines, read_move, EngineMove};
//! use renju_core::{Color, Move};
//! let h8 = "h8".parse().unwrap();
//! assert_eq!(read_move("7,7", 15), Ok(EngineMove::Stone(h8)));
//! assert_eq!(
//!     board_lines("BOARD", &[Move::Stone(h8)], Color::White, 15, true),
//!     ["BOARD", "7,7,2", "DONE"]
//! );
//! ```

use std::collections::BTreeSet;
use std::path::Path;
use std::time::{Duration, Instant};

use thiserror::Error;

use renju_core::geometry::{Color, Point};
use renju_core::notation::Move;
use renju_core::Board;

use crate::process::{EngineProcess, Line, SpawnError, Stop};
use crate::quote::shorten;

/// The line end the protocol says the manager sends.
pub const EOL: &[u8] = b"\r\n";

/// `INFO time_left` when there is no clock (the protocol's "unlimited").
pub const UNLIMITED: u64 = 2_147_483_647;

/// How long an engine must be quiet for [`GomocupEngine::drain`] to end.
pub const QUIET: Duration = Duration::from_millis(200);

/// The longest [`GomocupEngine::drain`] waits.
pub const QUIET_MAX: Duration = Duration::from_secs(2);

/// Piskvork coordinates of a point on a board of `size`: `(x, y)`, 0-based, y counted
/// from the top (`h8` is `7,7` and `a15` is `0,0` on 15x15).
pub fn gomocup_xy(p: Point, size: u8) -> (u8, u8) {
    (p.x(), size.saturating_sub(1).saturating_sub(p.y()))
}

/// The point of Piskvork coordinates `x,y` on a board of `size` (`None` off the board).
pub fn from_gomocup_xy(x: u32, y: u32, size: u8) -> Option<Point> {
    let size32 = u32::from(size);
    if x >= size32 || y >= size32 {
        return None;
    }
    Point::new(u8::try_from(x).ok()?, u8::try_from(size32 - 1 - y).ok()?)
}

/// The `x,y` text of a point (what `TURN` and the board lines send).
pub fn xy(p: Point, size: u8) -> String {
    let (x, y) = gomocup_xy(p, size);
    format!("{x},{y}")
}

/// The first word of a line, for the keyword tests below.
fn first_word(line: &str) -> &str {
    line.split_whitespace().next().unwrap_or("")
}

/// Lines a Gomocup engine may print at any time (`MESSAGE`, `DEBUG`, `INFO`,
/// `SUGGEST`, empty lines).
pub fn is_chatter(line: &str) -> bool {
    let word = first_word(line);
    line.is_empty()
        || ["MESSAGE", "DEBUG", "INFO", "SUGGEST"]
            .iter()
            .any(|w| word.eq_ignore_ascii_case(w))
}

/// `UNKNOWN` or `ERROR`: the engine does not know the command.
pub fn is_unsupported(line: &str) -> bool {
    first_word(line).eq_ignore_ascii_case("UNKNOWN") || is_error(line)
}

/// `ERROR`: the engine knows the command but cannot cope with it.
pub fn is_error(line: &str) -> bool {
    first_word(line).eq_ignore_ascii_case("ERROR")
}

/// An `INFO key value` line.
pub fn info(key: &str, value: impl std::fmt::Display) -> String {
    format!("INFO {key} {value}")
}

/// What an engine's move line says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EngineMove {
    /// A point on the board.
    Stone(Point),
    /// `-1,-1`: a pass (Rapfi's convention).
    Pass,
}

/// Why a line is not a move on the board ([`read_move`]).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum MoveLineError {
    /// Not `x,y` with two integers (the line, shortened).
    #[error("expected a move `x,y`, got `{0}`")]
    NotAMove(String),
    /// Two integers off the board.
    #[error("{x},{y} is off the {size}x{size} board")]
    OffBoard {
        /// The column read.
        x: i64,
        /// The row read (from the top).
        y: i64,
        /// The board's side.
        size: u8,
    },
    /// A pass where stones are wanted (the answer, shortened).
    #[error("a pass in a Swap2 answer: `{0}`")]
    PassInSwap2(String),
}

/// Reads a move line, `x,y` in Piskvork coordinates on a board of `size`.
pub fn read_move(text: &str, size: u8) -> Result<EngineMove, MoveLineError> {
    let t = text.trim();
    let not_a_move = || MoveLineError::NotAMove(shorten(t));
    let (x, y) = t.split_once(',').ok_or_else(not_a_move)?;
    let (Ok(x), Ok(y)) = (x.trim().parse::<i64>(), y.trim().parse::<i64>()) else {
        return Err(not_a_move());
    };
    if (x, y) == (-1, -1) {
        return Ok(EngineMove::Pass);
    }
    let point = u32::try_from(x)
        .ok()
        .zip(u32::try_from(y).ok())
        .and_then(|(x, y)| from_gomocup_xy(x, y, size));
    point
        .map(EngineMove::Stone)
        .ok_or(MoveLineError::OffBoard { x, y, size })
}

/// The `BOARD` (or `SWAP2BOARD`) lines of a game's moves: one `x,y,field` line per
/// stone in move order, field 1 for the stones of `own` colour and 2 for the others
/// (passes are left out), then `DONE`. `fields: false` writes bare `x,y` lines, as
/// `SWAP2BOARD` is specified.
pub fn board_lines(head: &str, moves: &[Move], own: Color, size: u8, fields: bool) -> Vec<String> {
    let mut out = vec![head.to_string()];
    let mut color = Color::Black;
    for mv in moves {
        if let Move::Stone(p) = mv {
            let field = if color == own { 1 } else { 2 };
            out.push(if fields {
                format!("{},{field}", xy(*p, size))
            } else {
                xy(*p, size)
            });
        }
        color = color.opponent();
    }
    out.push("DONE".into());
    out
}

/// The stone lines of a board with no history (`YXBOARD` or `BOARD` set-up): Black
/// first, alternating, `x,y,1` for Black (the side to move) and `x,y,2` for White, so
/// that an engine inferring its colour from the move order sees Black to move.
pub fn stone_lines(board: &Board) -> Vec<String> {
    let size = board.size();
    let of = |color: Color| -> Vec<Point> {
        board
            .stones()
            .filter(|s| s.1 == color)
            .map(|s| s.0)
            .collect()
    };
    let (black, white) = (of(Color::Black), of(Color::White));
    let mut out = Vec::new();
    for i in 0..black.len().max(white.len()) {
        for (stones, who) in [(&black, 1), (&white, 2)] {
            if let Some(&p) = stones.get(i) {
                out.push(format!("{},{who}", xy(p, size)));
            }
        }
    }
    out
}

/// The commands that set up a board and ask about it: `YXBOARD`, the stones, `DONE`,
/// `YXSHOWFORBID` (Yixin's forbidden-point query, answered `FORBID …`) when `forbid`;
/// `BOARD`, the stones, `DONE` (answered with a move) otherwise.
pub fn position_commands(board: &Board, forbid: bool) -> Vec<String> {
    let mut out = vec![if forbid { "YXBOARD" } else { "BOARD" }.to_string()];
    out.extend(stone_lines(board));
    out.push("DONE".into());
    if forbid {
        out.push("YXSHOWFORBID".into());
    }
    out
}

/// Why a `FORBID` reply cannot be read ([`read_forbid`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
pub enum ForbidReplyError {
    /// No `.` at the end.
    #[error("FORBID without the closing `.`")]
    NoClosingDot,
    /// The points are not 4-digit groups.
    #[error("FORBID points are not 4-digit xxyy groups")]
    NotXxyy,
    /// A point off the board.
    #[error("point {x},{y} is off the board")]
    OffBoard {
        /// The column read.
        x: u32,
        /// The row read (from the top).
        y: u32,
    },
}

/// Reads a `FORBID xxyyxxyy….` reply to `YXSHOWFORBID`: 4-digit 0-based `xxyy` points
/// (x first), then a dot; `FORBID .` when there is none.
///
/// ```
/// use renju_engine::gomocup::read_forbid;
/// let points = read_forbid("FORBID 07070000.", 15).unwrap();
/// assert_eq!(points.len(), 2);
/// assert!(read_forbid("FORBID .", 15).unwrap().is_empty());
/// assert!(read_forbid("FORBID 0707", 15).is_err());
/// ```
pub fn read_forbid(text: &str, size: u8) -> Result<BTreeSet<Point>, ForbidReplyError> {
    let t = text.trim();
    let body = t.get(6..).unwrap_or("").trim();
    let digits = body
        .strip_suffix('.')
        .ok_or(ForbidReplyError::NoClosingDot)?
        .trim();
    if digits.len() % 4 != 0 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(ForbidReplyError::NotXxyy);
    }
    let mut out = BTreeSet::new();
    for chunk in digits.as_bytes().chunks(4) {
        let x = u32::from(chunk[0] - b'0') * 10 + u32::from(chunk[1] - b'0');
        let y = u32::from(chunk[2] - b'0') * 10 + u32::from(chunk[3] - b'0');
        let p = from_gomocup_xy(x, y, size).ok_or(ForbidReplyError::OffBoard { x, y })?;
        out.insert(p);
    }
    Ok(out)
}

/// A `SWAP2BOARD` answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Swap2Answer {
    /// `SWAP`: take Black.
    Swap,
    /// Points (three, one or two).
    Points(Vec<Point>),
}

/// Reads a `SWAP2BOARD` answer: `SWAP` (any case), or space-separated `x,y` points.
pub fn read_swap2(text: &str, size: u8) -> Result<Swap2Answer, MoveLineError> {
    let t = text.trim();
    if t.to_ascii_lowercase().starts_with("swap") {
        return Ok(Swap2Answer::Swap);
    }
    let mut points = Vec::new();
    for token in t.split_whitespace() {
        match read_move(token, size)? {
            EngineMove::Stone(p) => points.push(p),
            EngineMove::Pass => return Err(MoveLineError::PassInSwap2(shorten(t))),
        }
    }
    Ok(Swap2Answer::Points(points))
}

/// What an engine answered to a command that expects an answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Reply {
    /// A line that is not chatter ([`is_chatter`]).
    Line(String),
    /// Nothing before the deadline.
    Timeout,
    /// The engine exited or closed its output (or no longer reads its input).
    Crash(String),
    /// The run was interrupted.
    Interrupted,
}

/// Why an engine could not be started and greeted ([`GomocupEngine::start`]).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum StartError {
    /// The process could not be started.
    #[error(transparent)]
    Spawn(#[from] SpawnError),
    /// It answered something else than `OK` (shortened).
    #[error("answered `{answer}` to {command}")]
    Refused {
        /// The command (`START 15`).
        command: String,
        /// The answer.
        answer: String,
    },
    /// No answer before the wait ended.
    #[error("no answer to {command}")]
    NoAnswer {
        /// The command.
        command: String,
    },
    /// It exited (or closed its output).
    #[error("{status} after {command}")]
    Exited {
        /// The command.
        command: String,
        /// How it ended.
        status: String,
    },
    /// The run was interrupted.
    #[error("interrupted")]
    Interrupted,
}

/// An engine spoken to in the Gomocup protocol: an [`EngineProcess`] plus what the
/// engine knows of the current game.
#[derive(Debug)]
pub struct GomocupEngine {
    process: EngineProcess,
    /// How many moves of the current game the engine holds on its board, when it is in
    /// step with the game (it is then sent `TURN` for the opponent's next move).
    pub known: Option<usize>,
    /// Whether the engine answered `SWAP2BOARD` (None: not asked yet).
    pub swap2board: Option<bool>,
    /// The board side it was started on.
    size: u8,
}

/// What an engine is told of its clock with a question, and how long its answer is
/// waited for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TurnLimits {
    /// The time left on its clock, in milliseconds (`None`: no clock, told as
    /// [`UNLIMITED`]).
    pub time_left_ms: Option<u64>,
    /// How long its answer is waited for.
    pub wait: Duration,
}

/// What an engine answered to a question ([`GomocupEngine::play`],
/// [`GomocupEngine::swap2board`]) and how long it took, as python-chess's
/// `Protocol.play` returns a `PlayResult`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayResult {
    /// The answer (or why there is none).
    pub reply: Reply,
    /// From the first line of the question written to the answer read.
    pub elapsed: Duration,
}

impl GomocupEngine {
    /// Starts `command` (program, then arguments) in `dir` and sends `START size`; it
    /// must answer `OK` before `wait`. Every wait on it ends when `stop` is raised.
    pub fn start(
        command: &[String],
        dir: Option<&Path>,
        size: u8,
        wait: Duration,
        stop: &Stop,
    ) -> Result<GomocupEngine, StartError> {
        let mut process = EngineProcess::spawn(command, dir, EOL)?;
        process.stop_on(stop);
        let mut engine = GomocupEngine {
            process,
            known: None,
            swap2board: None,
            size,
        };
        let command = format!("START {size}");
        match engine
            .ask(std::slice::from_ref(&command), Instant::now() + wait)
            .0
        {
            Reply::Line(line) if line.trim().eq_ignore_ascii_case("OK") => Ok(engine),
            Reply::Line(line) => Err(StartError::Refused {
                command,
                answer: shorten(line.trim()),
            }),
            Reply::Timeout => Err(StartError::NoAnswer { command }),
            Reply::Crash(status) => Err(StartError::Exited { command, status }),
            Reply::Interrupted => Err(StartError::Interrupted),
        }
    }

    /// Starts a new game on the same board (`RESTART`, answered `OK`): `false` when the
    /// engine does not (it must then be started again).
    pub fn restart(&mut self, wait: Duration) -> bool {
        self.known = None;
        if !self.process.is_running() {
            return false;
        }
        matches!(self.ask(&["RESTART".into()], Instant::now() + wait).0,
            Reply::Line(line) if line.trim().eq_ignore_ascii_case("OK"))
    }

    /// Sends lines that take no answer (`INFO`); `false` when the engine no longer reads.
    pub fn tell(&mut self, lines: &[String]) -> bool {
        self.process.send_all(lines)
    }

    /// Sends `lines` and waits until `deadline` for the first line that is not chatter;
    /// also how long it took from the first line sent to the answer.
    pub fn ask(&mut self, lines: &[String], deadline: Instant) -> (Reply, Duration) {
        let started = Instant::now();
        if !self.process.send_all(lines) {
            let status = self.process.exit_status();
            return (Reply::Crash(status), started.elapsed());
        }
        loop {
            let line = self.process.recv(deadline);
            let elapsed = started.elapsed();
            return (
                match line {
                    Line::Text(text) if is_chatter(text.trim()) => continue,
                    Line::Text(text) => Reply::Line(text),
                    Line::Timeout => Reply::Timeout,
                    Line::Closed(status) => Reply::Crash(status),
                    Line::Interrupted => Reply::Interrupted,
                },
                elapsed,
            );
        }
    }

    /// Reads and drops what the engine still says until it has been quiet for
    /// [`QUIET`] (at most [`QUIET_MAX`] in all): after an `UNKNOWN` answer to a
    /// multi-line command, engines built on the usual protocol template answer each of
    /// its lines, and those answers must not be taken for the next question's.
    pub fn drain(&mut self) {
        let until = Instant::now() + QUIET_MAX;
        loop {
            let now = Instant::now();
            if now >= until {
                return;
            }
            match self.process.recv((now + QUIET).min(until)) {
                Line::Text(_) => continue,
                _ => return,
            }
        }
    }

    /// Ends the engine at once with its whole process group (after a time-out, a crash
    /// or garbage, or when the run is over).
    pub fn kill(&mut self) {
        self.process.kill();
    }

    /// `END`, a moment to exit, then the group is ended.
    pub fn end(&mut self) {
        self.process.end("END", Duration::from_millis(500));
    }

    /// Tells the engine the settings of a game (`INFO key value` lines, which take no
    /// answer); `false` when it no longer reads.
    pub fn tell_settings<K, V>(&mut self, settings: impl IntoIterator<Item = (K, V)>) -> bool
    where
        K: std::fmt::Display,
        V: std::fmt::Display,
    {
        let lines: Vec<String> = settings
            .into_iter()
            .map(|(k, v)| info(&k.to_string(), v))
            .collect();
        self.tell(&lines)
    }

    /// Asks the engine about itself (`ABOUT`) and waits up to `wait` for its answer:
    /// a fresh engine's answer also ends its start-up (Rapfi allocates its hash after
    /// `INFO max_memory`).
    pub fn about(&mut self, wait: Duration) -> Reply {
        self.ask(&["ABOUT".into()], Instant::now() + wait).0
    }

    /// Asks for a move in the game of `moves` (the engine plays `own`): `BEGIN` on the
    /// empty board, `TURN x,y` when the engine holds every move but the opponent's last
    /// ([`GomocupEngine::known`]), `BOARD` otherwise; `INFO time_left` first. An engine
    /// that gives no answer is no longer taken to hold the game.
    pub fn play(&mut self, moves: &[Move], own: Color, limits: TurnLimits) -> PlayResult {
        let size = self.size;
        let mut lines = vec![time_left_line(limits)];
        match (moves.len(), self.known, moves.last()) {
            (0, _, _) => lines.push("BEGIN".into()),
            (n, Some(k), Some(Move::Stone(p))) if k + 1 == n => {
                lines.push(format!("TURN {}", xy(*p, size)));
            }
            _ => lines.extend(board_lines("BOARD", moves, own, size, true)),
        }
        let result = self.question(&lines, limits.wait);
        if !matches!(result.reply, Reply::Line(_)) {
            self.known = None;
        }
        result
    }

    /// Asks for an opening step of Swap2 (`SWAP2BOARD`): the first three stones on the
    /// empty board, a colour decision (or stones) after three or five; the stones as
    /// bare `x,y` lines, or `x,y,field` lines when `fields` (field 1 for White's, the
    /// side to move). `INFO time_left` first.
    pub fn swap2board(&mut self, moves: &[Move], fields: bool, limits: TurnLimits) -> PlayResult {
        let mut lines = vec![time_left_line(limits)];
        lines.extend(board_lines(
            "SWAP2BOARD",
            moves,
            Color::White,
            self.size,
            fields,
        ));
        self.question(&lines, limits.wait)
    }

    /// Asks an engine still thinking to stop (`YXSTOP`) and waits up to `wait` for its
    /// move, which is dropped, then reads and drops what else it says (the `UNKNOWN` of
    /// an engine that does not know `YXSTOP`). Whether it answered with a move (a line
    /// that is not one, or no line, says the engine is not sound).
    pub fn stop(&mut self, wait: Duration) -> bool {
        let deadline = Instant::now() + wait;
        let mut lines = vec!["YXSTOP".to_string()];
        loop {
            let (reply, _) = self.ask(&lines, deadline);
            lines.clear();
            match reply {
                Reply::Line(line) if is_unsupported(&line) || is_error(&line) => continue,
                // Its move, late: the engine is sound.
                Reply::Line(line) if read_move(&line, self.size).is_ok() => {
                    self.drain();
                    return true;
                }
                // Anything else (a stray `OK`, garbage) is not the answer of a sound engine.
                _ => return false,
            }
        }
    }

    /// Sends a question and waits up to `wait` for its answer.
    fn question(&mut self, lines: &[String], wait: Duration) -> PlayResult {
        let (reply, elapsed) = self.ask(lines, Instant::now() + wait);
        PlayResult { reply, elapsed }
    }
}

/// The `INFO time_left` line of a question.
fn time_left_line(limits: TurnLimits) -> String {
    info("time_left", limits.time_left_ms.unwrap_or(UNLIMITED))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_are_read() {
        let h8: Point = "h8".parse().unwrap();
        assert_eq!(read_move("7,7", 15), Ok(EngineMove::Stone(h8)));
        assert_eq!(read_move(" 7 , 7\r", 15), Ok(EngineMove::Stone(h8)));
        assert_eq!(read_move("-1,-1", 15), Ok(EngineMove::Pass));
        assert!(read_move("15,0", 15).is_err());
        assert!(read_move("hello", 15).is_err());
        assert_eq!(read_swap2("swap", 15), Ok(Swap2Answer::Swap));
        assert_eq!(
            read_swap2("7,7 8,7", 15),
            Ok(Swap2Answer::Points(vec![h8, "i8".parse().unwrap()]))
        );
        let moves = [
            Move::Stone(h8),
            Move::Pass,
            Move::Stone("a15".parse().unwrap()),
        ];
        assert_eq!(
            board_lines("BOARD", &moves, Color::White, 15, true),
            ["BOARD", "7,7,2", "0,0,2", "DONE"]
        );
        assert_eq!(
            board_lines("SWAP2BOARD", &moves[..1], Color::White, 15, false),
            ["SWAP2BOARD", "7,7", "DONE"]
        );
    }

    /// The match runner's game ([`crate::matches`]) asks this module's calls and
    /// writes no command of the protocol itself.
    #[test]
    fn the_match_runner_writes_no_command_word() {
        let source = include_str!("matches/play.rs");
        let words = [
            "BEGIN",
            "TURN",
            "BOARD",
            "SWAP2BOARD",
            "DONE",
            "YXSTOP",
            "ABOUT",
            "INFO",
            "START",
            "RESTART",
            "END",
        ];
        for word in words {
            let quoted = format!("\"{word}");
            assert!(!source.contains(&quoted), "play.rs writes {word}");
        }
    }

    #[test]
    fn forbid_replies_are_read() {
        let h8: Point = "h8".parse().unwrap();
        let a15: Point = "a15".parse().unwrap();
        let points = read_forbid("FORBID 07070000.", 15).unwrap();
        assert_eq!(points.into_iter().collect::<Vec<_>>(), [a15, h8]);
        assert_eq!(read_forbid("FORBID .", 15), Ok(BTreeSet::new()));
        assert_eq!(
            read_forbid("FORBID 0707", 15),
            Err(ForbidReplyError::NoClosingDot)
        );
        assert_eq!(
            read_forbid("FORBID 1515.", 15),
            Err(ForbidReplyError::OffBoard { x: 15, y: 15 })
        );
    }
}
