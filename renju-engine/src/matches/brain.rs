//! One engine over the Gomocup (Piskvork) protocol, as the match runner speaks it: a
//! [`EngineProcess`] plus what the engine knows of the current game.

use std::time::{Duration, Instant};

use renju_core::geometry::{Color, Point};
use renju_core::notation::Move;

use super::EngineSpec;
use crate::process::{gomocup_xy, is_chatter, read_move, EngineMove, EngineProcess, Line, Stop};

/// What the engine answered to a command that expects an answer, and how long it took
/// from the first line sent to the answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Answer {
    /// A line that is not chatter (`MESSAGE`, `DEBUG`, ...).
    Line(String),
    /// Nothing before the deadline.
    Timeout,
    /// The engine exited or closed its output (or no longer reads its input).
    Crash(String),
    /// The run was interrupted.
    Interrupted,
}

/// A running engine.
pub(crate) struct Brain {
    process: EngineProcess,
    /// How many moves of the current game the engine holds on its board, when it is in
    /// step with the game (it is then sent `TURN` for the opponent's next move).
    pub known: Option<usize>,
    /// Whether the engine answered `SWAP2BOARD` (None: not asked yet).
    pub swap2: Option<bool>,
}

/// How long an engine must be quiet for [`Brain::drain`] to end.
pub const QUIET: Duration = Duration::from_millis(200);

/// The longest [`Brain::drain`] waits.
pub const QUIET_MAX: Duration = Duration::from_secs(2);

/// The line end the protocol says the manager sends.
const EOL: &[u8] = b"\r\n";

impl Brain {
    /// Starts the engine and sends `START size`; it must answer `OK` before `wait`.
    /// Every wait on it ends when `stop` is raised.
    pub fn start(
        spec: &EngineSpec,
        size: u8,
        wait: Duration,
        stop: &Stop,
    ) -> Result<Brain, String> {
        let mut process = EngineProcess::spawn(&spec.command, spec.dir.as_deref(), EOL)
            .map_err(|e| e.to_string())?;
        process.stop_on(stop);
        let mut brain = Brain {
            process,
            known: None,
            swap2: None,
        };
        let command = format!("START {size}");
        match brain
            .ask(std::slice::from_ref(&command), Instant::now() + wait)
            .0
        {
            Answer::Line(line) if line.trim().eq_ignore_ascii_case("OK") => Ok(brain),
            Answer::Line(line) => Err(format!("answered `{}` to {command}", short(&line))),
            Answer::Timeout => Err(format!("no answer to {command}")),
            Answer::Crash(status) => Err(format!("{status} after {command}")),
            Answer::Interrupted => Err("interrupted".into()),
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
            Answer::Line(line) if line.trim().eq_ignore_ascii_case("OK"))
    }

    /// Sends lines that take no answer (`INFO`); `false` when the engine no longer reads.
    pub fn tell(&mut self, lines: &[String]) -> bool {
        self.process.send_all(lines)
    }

    /// Sends `lines` and waits until `deadline` for the first line that is not chatter.
    pub fn ask(&mut self, lines: &[String], deadline: Instant) -> (Answer, Duration) {
        let started = Instant::now();
        if !self.process.send_all(lines) {
            let status = self.process.exit_status();
            return (Answer::Crash(status), started.elapsed());
        }
        loop {
            let line = self.process.recv(deadline);
            let elapsed = started.elapsed();
            return (
                match line {
                    Line::Text(text) if is_chatter(text.trim()) => continue,
                    Line::Text(text) => Answer::Line(text),
                    Line::Timeout => Answer::Timeout,
                    Line::Closed(status) => Answer::Crash(status),
                    Line::Interrupted => Answer::Interrupted,
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
}

/// A shortened answer for messages.
pub(crate) fn short(text: &str) -> String {
    crate::forbidden_jsonl::shorten(text.trim())
}

/// The `x,y` of a point.
pub(crate) fn xy(p: Point, size: u8) -> String {
    let (x, y) = gomocup_xy(p, size);
    format!("{x},{y}")
}

/// The `BOARD` (or `SWAP2BOARD`) lines of a game's moves: one `x,y,field` line per
/// stone in move order, field 1 for the stones of `own` colour and 2 for the others
/// (passes are left out), then `DONE`. `fields: false` writes bare `x,y` lines, as
/// `SWAP2BOARD` is specified.
pub(crate) fn board_lines(
    head: &str,
    moves: &[Move],
    own: Color,
    size: u8,
    fields: bool,
) -> Vec<String> {
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

/// A `SWAP2BOARD` answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Swap2Answer {
    /// `SWAP`: take Black.
    Swap,
    /// Points (three, one or two).
    Points(Vec<Point>),
}

/// Reads a `SWAP2BOARD` answer: `SWAP` (any case), or space-separated `x,y` points.
pub(crate) fn parse_swap2(text: &str, size: u8) -> Result<Swap2Answer, String> {
    let t = text.trim();
    if t.to_ascii_lowercase().starts_with("swap") {
        return Ok(Swap2Answer::Swap);
    }
    let mut points = Vec::new();
    for token in t.split_whitespace() {
        match read_move(token, size)? {
            EngineMove::Stone(p) => points.push(p),
            EngineMove::Pass => return Err(format!("a pass in a Swap2 answer: `{}`", short(t))),
        }
    }
    Ok(Swap2Answer::Points(points))
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
        assert_eq!(parse_swap2("swap", 15), Ok(Swap2Answer::Swap));
        assert_eq!(
            parse_swap2("7,7 8,7", 15),
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
}
