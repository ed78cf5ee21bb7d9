//! Driving an engine: a child process spoken to over its standard input and output,
//! with a time limit on every answer. Only `std` is used.
//!
//! A reader thread turns the engine's output into lines sent over a channel; the
//! harness waits on the channel with `recv_timeout`, so an engine that hangs never
//! hangs the harness. An engine that times out, exits or answers garbage is killed and
//! started again before the next position (and its disagreement is reported). Its
//! standard error is discarded.
//!
//! # The `jsonl` protocol
//!
//! One line per position, the input schema of `renju forbidden`:
//! `{"id": "RN-01a", "board": [15 rows, row 15 first, cells B W .], "rule": "renju",
//! "five_completion_counts": false}`. The engine answers one line in the output schema:
//! `{"forbidden": {"h10": "double-three", ...}}` (an `"id"` may be echoed), or, for a
//! judge that only says yes or no, `{"forbidden": {"h10": true}}` or
//! `{"forbidden": ["h10"]}` (only the verdicts are then checked). Wrapping a library
//! takes a loop of a few lines. The engine runs with the harness's environment plus
//! `PYTHONUNBUFFERED=1`; three unreadable or late first answers stop the run as a
//! protocol mismatch ([`ConformError::ProtocolMismatch`]). The engine must flush its output after each
//! line; [`ConformOptions::batch`] serves engines that do not (all positions are sent,
//! the input closed, then the answers read).
//!
//! # The `gomocup` protocol
//!
//! The Piskvork protocol (Petr Laštovička, "New protocol",
//! <https://plastovicka.github.io/protocl2en.htm>) with the Yixin extensions that
//! Rapfi, Yixin and others implement. Commands sent, and why:
//!
//! * `START 15`, answered `OK`: the 15x15 board (an `ERROR` answer means the engine
//!   cannot play Renju: the run stops with "cannot run").
//! * `INFO rule 4`: Renju. Piskvork's `rule` is a bitmask (1 exactly five, 2 continuous
//!   game, 4 renju, 8 caro); Yixin and Rapfi number rules 0 freestyle, 1 standard,
//!   2 renju, and Rapfi accepts both 2 and 4 for Renju. [`ConformOptions::gomocup_rule`]
//!   changes the number sent (`--gomocup-rule 2` for Yixin-style engines).
//! * `INFO timeout_turn T`: the time limit, so that an engine thinking in move mode
//!   answers within it.
//! * Forbid mode: `YXBOARD`, one `x,y,who` line per stone, `DONE` (Yixin's board set-up
//!   that does not start a search), then `YXSHOWFORBID`, answered `FORBID xxyyxxyy….`:
//!   4-digit 0-based `xxyy` points (x first), then a dot; `FORBID .` when there is none.
//! * Move mode, for engines without `YXSHOWFORBID` (an `UNKNOWN` or `ERROR` answer to
//!   it switches to move mode under [`GomocupQuery::Auto`]): `BOARD`, the stones,
//!   `DONE`; the engine answers its move `x,y`, which is flagged when it is a forbidden
//!   point. Only positions where Black has a forbidden point are asked.
//!
//! Coordinates are 0-based `x,y` with `y` counted from the top (Piskvork's), so `h8` is
//! `7,7` and `a15` is `0,0`. Stones are sent in an order that could have been played,
//! Black first and alternating, `who` 1 for the side to move (Black) and 2 for White,
//! so that an engine inferring its colour from the move order or the stone count sees
//! Black to move. A position with unequal black and white counts is first padded with
//! stones far from all others ([`balanced`](super::balanced)), and the padded position
//! is the one judged. `MESSAGE`, `DEBUG`, `INFO` and empty lines from
//! the engine are ignored; `END` is sent when the run is over. Lines are sent with CR LF
//! ends, as the protocol says the manager does.

use std::collections::HashMap;
use std::io::Write;
use std::thread;
use std::time::{Duration, Instant};

use thiserror::Error;

use super::{
    compare, plural, Answer, ConformPosition, ConformReport, Disagreement, Protocol, Reading,
};
use crate::forbidden_jsonl::{parse_verdicts, ForbiddenQuery, ReplyError};
use crate::gomocup::{
    self, is_unsupported, position_commands, read_forbid, read_move, EngineMove, GomocupEngine,
    StartError,
};
use crate::process::{EngineProcess, Line, Stop};
use crate::quote::shorten;
use renju_core::rules::RuleSet;

/// How forbidden points are asked for under the `gomocup` protocol.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum GomocupQuery {
    /// `YXSHOWFORBID`, falling back to move mode when the engine does not know it.
    #[default]
    Auto,
    /// `YXSHOWFORBID` only.
    Forbid,
    /// Move mode only.
    Move,
}

renju_core::name_table!(GomocupQuery, "gomocup query", {
    Auto => "auto",
    Forbid => "forbid",
    Move => "move",
});

/// How to run a conformance test.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConformOptions {
    /// The engine's program and arguments.
    pub engine: Vec<String>,
    /// The protocol.
    pub protocol: Protocol,
    /// The reading checked against (sent to `jsonl` engines).
    pub reading: Reading,
    /// The time limit of one answer (and of `START`).
    pub timeout: Duration,
    /// The number sent with `INFO rule` (4 by default).
    pub gomocup_rule: u32,
    /// How forbidden points are asked for under `gomocup`.
    pub gomocup_query: GomocupQuery,
    /// `jsonl` only: send every position first, close the engine's input, then read
    /// the answers, for engines that do not flush their output after each line
    /// (`renju forbidden` itself, a Python `print` without `flush=True`). The time limit
    /// is then `timeout` times the number of positions, for the whole run; an engine
    /// that fails is not restarted (the positions left are reported).
    pub batch: bool,
    /// Stop after this many positions with a disagreement (the report says so).
    pub max_failures: Option<usize>,
}

impl Default for ConformOptions {
    fn default() -> ConformOptions {
        ConformOptions {
            engine: Vec::new(),
            protocol: Protocol::Jsonl,
            reading: Reading::Rif,
            timeout: Duration::from_millis(2000),
            gomocup_rule: 4,
            gomocup_query: GomocupQuery::Auto,
            batch: false,
            max_failures: None,
        }
    }
}

/// Why a conformance run could not be made.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ConformError {
    /// The engine cannot be started, or refuses the game.
    #[error("cannot run the engine: {0}")]
    CannotRun(String),
    /// The engine's first answers are all unreadable or late: it most likely speaks
    /// another protocol (or does not flush its output).
    #[error("the engine does not seem to speak the {protocol} protocol: its first {count} answers were {last}; {hint}")]
    ProtocolMismatch {
        /// The protocol spoken.
        protocol: Protocol,
        /// How many answers in a row failed.
        count: usize,
        /// The last of them.
        last: String,
        /// What to try.
        hint: String,
    },
}

/// Consecutive unreadable (or late) first answers that stop a run as a protocol
/// mismatch.
pub const MISMATCH_AFTER: usize = 3;

/// A running engine: a process spoken to in JSON lines, or a Gomocup engine.
enum Engine {
    Jsonl(EngineProcess),
    Gomocup(GomocupEngine),
}

impl Engine {
    fn kill(&mut self) {
        match self {
            Engine::Jsonl(process) => process.kill(),
            Engine::Gomocup(engine) => engine.kill(),
        }
    }
}

/// What a `jsonl` engine said, or did not.
enum Reply {
    Line(String),
    Timeout,
    Closed(String),
}

/// The engine's next line before `deadline` (an interruption reads as the end of its
/// output).
fn recv(engine: &mut EngineProcess, deadline: Instant) -> Reply {
    match engine.recv(deadline) {
        Line::Text(text) => Reply::Line(text),
        Line::Timeout => Reply::Timeout,
        Line::Closed(status) => Reply::Closed(status),
        Line::Interrupted => Reply::Closed("interrupted".into()),
    }
}

/// Starts a `jsonl` engine (LF line ends).
fn spawn_jsonl(argv: &[String], stop: &Stop) -> Result<EngineProcess, ConformError> {
    let mut process = EngineProcess::spawn(argv, None, b"\n")
        .map_err(|e| ConformError::CannotRun(e.to_string()))?;
    process.stop_on(stop);
    Ok(process)
}

/// A session: the engine, started again when needed.
struct Session<'a> {
    options: &'a ConformOptions,
    /// Raised to end the run (every wait on the engine returns at once).
    stop: &'a Stop,
    engine: Option<Engine>,
    restarts: usize,
    /// Gomocup: whether `YXSHOWFORBID` is used (false: move mode).
    forbid_mode: bool,
}

impl Session<'_> {
    /// Starts the engine of the protocol when it is not running.
    fn start(&mut self) -> Result<(), ConformError> {
        match self.options.protocol {
            Protocol::Jsonl => self.jsonl().map(|_| ()),
            Protocol::Gomocup => self.gomocup().map(|_| ()),
        }
    }

    /// The running `jsonl` engine, started when it is not.
    fn jsonl(&mut self) -> Result<&mut EngineProcess, ConformError> {
        if !matches!(self.engine, Some(Engine::Jsonl(_))) {
            self.engine = Some(Engine::Jsonl(spawn_jsonl(&self.options.engine, self.stop)?));
        }
        match &mut self.engine {
            Some(Engine::Jsonl(process)) => Ok(process),
            _ => Err(ConformError::CannotRun("no engine".into())),
        }
    }

    /// The running Gomocup engine, started and greeted when it is not.
    fn gomocup(&mut self) -> Result<&mut GomocupEngine, ConformError> {
        if !matches!(self.engine, Some(Engine::Gomocup(_))) {
            self.engine = Some(Engine::Gomocup(greet(self.options, self.stop)?));
        }
        match &mut self.engine {
            Some(Engine::Gomocup(engine)) => Ok(engine),
            _ => Err(ConformError::CannotRun("no engine".into())),
        }
    }

    /// Kills the engine; the next position starts it again.
    fn reset(&mut self) {
        if let Some(mut engine) = self.engine.take() {
            engine.kill();
            self.restarts += 1;
        }
    }
}

/// Starts a Gomocup engine on the 15x15 board (`START 15`, answered `OK`) and tells it
/// the rule and the time limit.
fn greet(options: &ConformOptions, stop: &Stop) -> Result<GomocupEngine, ConformError> {
    let wait = options.timeout.max(Duration::from_secs(5));
    let cannot =
        |what: String| ConformError::CannotRun(format!("{}: {what}", options.engine.join(" ")));
    let mut engine = match GomocupEngine::start(&options.engine, None, 15, wait, stop) {
        Ok(engine) => engine,
        Err(StartError::Spawn(e)) => return Err(ConformError::CannotRun(e.to_string())),
        Err(e) => return Err(cannot(e.to_string())),
    };
    let settings = [
        ("rule", options.gomocup_rule.to_string()),
        ("timeout_turn", options.timeout.as_millis().to_string()),
    ];
    if !engine.tell_settings(settings) {
        return Err(cannot("does not read its input".into()));
    }
    Ok(engine)
}

/// Positions with distinct boards, in order, each with the ids of the later ones that
/// had its board.
fn distinct(positions: &[ConformPosition]) -> Vec<(&ConformPosition, Vec<String>)> {
    let mut index: HashMap<&renju_core::Board, usize> = HashMap::new();
    let mut out: Vec<(&ConformPosition, Vec<String>)> = Vec::new();
    for p in positions {
        match index.get(&p.board) {
            Some(&i) => out[i].1.push(p.id.clone()),
            None => {
                index.insert(&p.board, out.len());
                out.push((p, Vec::new()));
            }
        }
    }
    out
}

/// Watches the first answers for a protocol mismatch.
#[derive(Default)]
struct MismatchWatch {
    readable: bool,
    failed: usize,
    crashed: usize,
}

impl MismatchWatch {
    /// Notes an answer; an error when the first answers all failed.
    fn note(&mut self, answer: &Answer, options: &ConformOptions) -> Result<(), ConformError> {
        match answer {
            Answer::Map(_) | Answer::Move(_) => self.readable = true,
            Answer::Crash(_) => self.crashed += 1,
            Answer::Bad(_) | Answer::Timeout => self.failed += 1,
        }
        if self.readable {
            return Ok(());
        }
        if self.crashed >= MISMATCH_AFTER && self.failed == 0 {
            return Err(ConformError::CannotRun(format!(
                "{}: {} on every position ({} in a row)",
                options.engine.join(" "),
                answer.describe(),
                self.crashed
            )));
        }
        if self.failed + self.crashed < MISMATCH_AFTER {
            return Ok(());
        }
        let hint = match (options.protocol, answer) {
            (Protocol::Jsonl, Answer::Timeout) => "it may not flush its output after each answer: try --batch, or flush (Python: print(..., flush=True))".to_string(),
            (Protocol::Jsonl, _) => "if it is a Gomocup (Piskvork) engine, try --protocol gomocup".to_string(),
            (Protocol::Gomocup, Answer::Bad(text)) if text.contains('{') => "if it reads JSON lines, try --protocol jsonl".to_string(),
            (Protocol::Gomocup, _) => "check --protocol, --gomocup-rule and --gomocup-query (move mode for engines without YXSHOWFORBID)".to_string(),
        };
        Err(ConformError::ProtocolMismatch {
            protocol: options.protocol,
            count: self.failed + self.crashed,
            last: answer.describe(),
            hint,
        })
    }
}

/// Runs the engine on every position and compares its answers with the judge's.
///
/// Positions with the same board are checked once (the report lists their ids). Fails
/// when the engine cannot be started (or restarted), refuses `START 15`, crashes on
/// its first positions, or answers its first [`MISMATCH_AFTER`] positions with nothing
/// readable (a protocol mismatch); everything else it does is reported.
pub fn run(
    positions: &[ConformPosition],
    options: &ConformOptions,
) -> Result<ConformReport, ConformError> {
    run_until(positions, options, &Stop::new())
}

/// [`run`], stopping also when `stop` is raised (from another thread: Python's Ctrl-C):
/// the wait on the engine returns at once, the engine is ended with its process group,
/// and the report so far says `stopped: interrupted`.
pub fn run_until(
    positions: &[ConformPosition],
    options: &ConformOptions,
    stop: &Stop,
) -> Result<ConformReport, ConformError> {
    let mut report = ConformReport::new(options.engine.clone(), options.protocol, options.reading);
    let positions = distinct(positions);
    report.duplicates = positions.iter().map(|(_, also)| also.len()).sum();
    if options.batch && options.protocol == Protocol::Jsonl {
        return run_batch(&positions, options, report, stop);
    }
    let mut session = Session {
        options,
        stop,
        engine: None,
        restarts: 0,
        forbid_mode: options.gomocup_query != GomocupQuery::Move,
    };
    // Start the engine now: one that cannot run is an error before any position.
    session.start()?;
    let mut watch = MismatchWatch::default();
    for (position, also) in positions {
        if stop.is_raised() {
            report.stopped = Some("interrupted".into());
            break;
        }
        let padded;
        let position = if options.protocol == Protocol::Gomocup {
            padded = super::balanced(position);
            if !session.forbid_mode && padded.forbidden(options.reading).is_empty() {
                report.skipped.push(format!(
                    "{}: move mode asks only positions with a forbidden point",
                    padded.id
                ));
                continue;
            }
            &padded
        } else {
            position
        };
        let started = Instant::now();
        let answer = match options.protocol {
            Protocol::Jsonl => ask_jsonl(&mut session, position)?,
            Protocol::Gomocup => ask_gomocup(&mut session, position, &mut report)?,
        };
        let Some(answer) = answer else {
            // Skipped (move mode entered on this position without a forbidden point).
            continue;
        };
        if stop.is_raised() {
            // The answer is the interruption's, not the engine's.
            report.stopped = Some("interrupted".into());
            break;
        }
        if matches!(answer, Answer::Bad(_) | Answer::Timeout | Answer::Crash(_)) {
            session.reset();
        }
        watch.note(&answer, options)?;
        let query = match options.protocol {
            Protocol::Jsonl => jsonl_request(position, options.reading),
            Protocol::Gomocup => position_commands(&position.board, session.forbid_mode).join("\n"),
        };
        let expected = expected_reply(options.protocol, session.forbid_mode);
        let (agreed, found) = compare(position, options.reading, &answer);
        let found = annotate(found, &query, &also, expected);
        report.record(&position.id, agreed, found, started.elapsed().as_secs_f64());
        if stop_here(&mut report, options) {
            break;
        }
    }
    if let Some(Engine::Gomocup(engine)) = session.engine.as_mut() {
        engine.end();
    }
    report.restarts = session.restarts;
    let crashes = report.summary.crash;
    if crashes > 0 && crashes == report.positions {
        // Started, but never lived through a position: it cannot be run.
        let last = report.disagreements.last().map(|d| d.answer.clone());
        return Err(ConformError::CannotRun(format!(
            "{}: {} on every position",
            options.engine.join(" "),
            last.unwrap_or_default()
        )));
    }
    if options.protocol == Protocol::Gomocup && !session.forbid_mode {
        report.mode = "move".into();
    }
    Ok(report)
}

/// What the protocol asks the engine to answer, for a protocol error's report.
fn expected_reply(protocol: Protocol, forbid_mode: bool) -> &'static str {
    match (protocol, forbid_mode) {
        (Protocol::Jsonl, _) => "one JSON line {\"forbidden\": {...}} in time",
        (Protocol::Gomocup, true) => "FORBID xxyy....  (or FORBID .) in time",
        (Protocol::Gomocup, false) => "a move x,y on an empty point in time",
    }
}

/// The disagreements of one position with the query sent, the other ids of its board,
/// and for a protocol error what the protocol asked for.
fn annotate(
    found: Vec<Disagreement>,
    query: &str,
    also: &[String],
    expected: &str,
) -> Vec<Disagreement> {
    found
        .into_iter()
        .map(|mut d| {
            d.query = query.to_string();
            d.also = also.to_vec();
            if d.kind.is_protocol_error() && d.point.is_none() {
                d.expected = expected.to_string();
            }
            d
        })
        .collect()
}

/// Whether `--max-failures` is reached (noted in the report).
fn stop_here(report: &mut ConformReport, options: &ConformOptions) -> bool {
    let failed = report.positions - report.agreements;
    match options.max_failures {
        Some(max) if failed >= max => {
            report.stopped = Some(format!(
                "stopped after {} with a disagreement (--max-failures {max})",
                plural(failed, "position")
            ));
            true
        }
        _ => false,
    }
}

fn run_batch(
    positions: &[(&ConformPosition, Vec<String>)],
    options: &ConformOptions,
    mut report: ConformReport,
    stop: &Stop,
) -> Result<ConformReport, ConformError> {
    report.mode = "batch".into();
    let mut engine = spawn_jsonl(&options.engine, stop)?;
    let lines: Vec<String> = positions
        .iter()
        .map(|(p, _)| jsonl_request(p, options.reading))
        .collect();
    let queries = lines.clone();
    // A writer thread: an engine that answers as it reads fills its output pipe while
    // the input is still being written.
    let mut stdin = engine.take_stdin();
    let writer = thread::spawn(move || {
        if let Some(stdin) = stdin.as_mut() {
            for line in lines {
                if stdin
                    .write_all(line.as_bytes())
                    .and_then(|_| stdin.write_all(b"\n"))
                    .is_err()
                {
                    break;
                }
            }
            let _ = stdin.flush();
        }
        // Dropping stdin closes it: the engine sees the end of its input.
    });
    let started = Instant::now();
    let n = u32::try_from(positions.len()).unwrap_or(u32::MAX).max(1);
    let deadline = started + options.timeout.saturating_mul(n);
    let mut failed: Option<Answer> = None;
    for ((position, also), query) in positions.iter().zip(&queries) {
        let answer = match &failed {
            Some(answer) => answer.clone(),
            None => loop {
                match recv(&mut engine, deadline) {
                    Reply::Line(text) if text.trim().is_empty() => continue,
                    Reply::Line(text) => break parse_jsonl(&text),
                    Reply::Timeout => {
                        failed = Some(Answer::Timeout);
                        break Answer::Timeout;
                    }
                    Reply::Closed(status) => {
                        let answer = Answer::Crash(format!("{status} before answering"));
                        failed = Some(answer.clone());
                        break answer;
                    }
                }
            },
        };
        if stop.is_raised() {
            // The answer is the interruption's, not the engine's.
            report.stopped = Some("interrupted".into());
            break;
        }
        let (agreed, found) = compare(position, options.reading, &answer);
        let found = annotate(found, query, also, expected_reply(Protocol::Jsonl, true));
        report.record(&position.id, agreed, found, 0.0);
        if stop_here(&mut report, options) {
            break;
        }
    }
    engine.kill();
    let _ = writer.join();
    let per = started.elapsed().as_secs_f64() / f64::from(n);
    for r in &mut report.results {
        r.seconds = per;
    }
    Ok(report)
}

fn jsonl_request(position: &ConformPosition, reading: Reading) -> String {
    let id = Some(serde_json::Value::String(position.id.clone()));
    ForbiddenQuery::of_board(&position.board, RuleSet::Renju, reading.options(), id).to_line()
}

fn ask_jsonl(
    session: &mut Session<'_>,
    position: &ConformPosition,
) -> Result<Option<Answer>, ConformError> {
    let reading = session.options.reading;
    let timeout = session.options.timeout;
    let line = jsonl_request(position, reading);
    let engine = session.jsonl()?;
    let deadline = Instant::now() + timeout;
    if !engine.send(&line) {
        let status = engine.exit_status();
        return Ok(Some(Answer::Crash(status)));
    }
    loop {
        return Ok(Some(match recv(engine, deadline) {
            Reply::Line(text) if text.trim().is_empty() => continue,
            Reply::Line(text) => parse_jsonl(&text),
            Reply::Timeout => Answer::Timeout,
            Reply::Closed(status) => Answer::Crash(status),
        }));
    }
}

/// Reads a `renju forbidden` output line (or a yes-or-no one: see
/// [`parse_verdicts`]).
pub fn parse_jsonl(text: &str) -> Answer {
    match parse_verdicts(text) {
        Ok((_, verdicts)) => Answer::Map(verdicts.into_iter().collect()),
        Err(why @ ReplyError::Reported(_)) => Answer::Bad(why.to_string()),
        Err(why) => Answer::Bad(format!("{why}: `{}`", shorten(text.trim()))),
    }
}

/// Reads a `FORBID xxyy….` reply ([`read_forbid`]).
pub fn parse_forbid(text: &str, size: u8) -> Answer {
    match read_forbid(text, size) {
        Ok(points) => Answer::Map(points.into_iter().map(|p| (p, None)).collect()),
        Err(why) => Answer::Bad(format!("{why}: `{}`", shorten(text.trim()))),
    }
}

/// Reads a move-mode reply, `x,y` in Piskvork coordinates (y from the top) on a board
/// of `size`: [`Answer::Move`], or [`Answer::Bad`] for anything else.
pub fn parse_move(text: &str, size: u8) -> Answer {
    match read_move(text, size) {
        Ok(EngineMove::Stone(p)) => Answer::Move(p),
        // A pass or a point off the board is no answer to a position query.
        Ok(EngineMove::Pass) | Err(_) => Answer::Bad(format!(
            "expected a move `x,y`, got `{}`",
            shorten(text.trim())
        )),
    }
}

/// An answer of a Gomocup engine that is no line.
fn no_line(reply: gomocup::Reply) -> Answer {
    match reply {
        gomocup::Reply::Line(line) => Answer::Bad(shorten(line.trim())),
        gomocup::Reply::Timeout => Answer::Timeout,
        gomocup::Reply::Crash(status) => Answer::Crash(status),
        gomocup::Reply::Interrupted => Answer::Crash("interrupted".into()),
    }
}

/// Asks `YXSHOWFORBID` of a position: `None` when the engine does not know it and
/// the query falls back to move mode.
fn ask_forbid(
    session: &mut Session<'_>,
    position: &ConformPosition,
) -> Result<Option<Answer>, ConformError> {
    let deadline = Instant::now() + session.options.timeout;
    let engine = session.gomocup()?;
    let (reply, _) = engine.ask(&position_commands(&position.board, true), deadline);
    let gomocup::Reply::Line(line) = reply else {
        return Ok(Some(no_line(reply)));
    };
    let t = line.trim();
    let word = t.split_whitespace().next().unwrap_or("");
    if word.eq_ignore_ascii_case("FORBID") {
        return Ok(Some(parse_forbid(t, position.board.size())));
    }
    if !is_unsupported(t) {
        let got = format!("expected FORBID, got `{}`", shorten(t));
        return Ok(Some(Answer::Bad(got)));
    }
    if session.options.gomocup_query == GomocupQuery::Auto {
        // No forbidden-point query: check Black's moves instead.
        session.forbid_mode = false;
        return Ok(None);
    }
    let refused = format!("answered `{}` to YXSHOWFORBID", shorten(t));
    Ok(Some(Answer::Bad(refused)))
}

fn ask_gomocup(
    session: &mut Session<'_>,
    position: &ConformPosition,
    report: &mut ConformReport,
) -> Result<Option<Answer>, ConformError> {
    if session.forbid_mode {
        if let Some(answer) = ask_forbid(session, position)? {
            return Ok(Some(answer));
        }
    }
    // Move mode.
    if position.forbidden(session.options.reading).is_empty() {
        report.skipped.push(format!(
            "{}: move mode asks only positions with a forbidden point",
            position.id
        ));
        return Ok(None);
    }
    let deadline = Instant::now() + session.options.timeout;
    let engine = session.gomocup()?;
    let (reply, _) = engine.ask(&position_commands(&position.board, false), deadline);
    Ok(Some(match reply {
        gomocup::Reply::Line(line) => parse_move(line.trim(), position.board.size()),
        other => no_line(other),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn forbid_replies_are_read() {
        assert_eq!(
            parse_forbid("FORBID .", 15),
            Answer::Map(Default::default())
        );
        assert!(matches!(parse_forbid("FORBID 0707", 15), Answer::Bad(_)));
        assert!(matches!(parse_forbid("FORBID 1515.", 15), Answer::Bad(_)));
        assert!(matches!(
            parse_jsonl("{\"forbidden\": {\"h8\": \"3x3\"}}"),
            Answer::Map(_)
        ));
        assert!(matches!(parse_jsonl("}{"), Answer::Bad(_)));
        assert!(matches!(
            parse_jsonl("{\"forbidden\": {\"z99\": \"3x3\"}}"),
            Answer::Bad(_)
        ));
    }

    #[cfg(unix)]
    #[test]
    fn a_raised_stop_ends_the_wait_for_a_silent_engine_at_once() {
        let positions = super::super::random_conform_positions(3, 1);
        for batch in [false, true] {
            let options = ConformOptions {
                engine: ["sh", "-c", "sleep 3600"].map(String::from).to_vec(),
                timeout: Duration::from_secs(60),
                batch,
                ..ConformOptions::default()
            };
            let stop = Stop::new();
            let raiser = stop.clone();
            let started = Instant::now();
            let timer = thread::spawn(move || {
                thread::sleep(Duration::from_millis(200));
                raiser.raise();
            });
            let report = run_until(&positions, &options, &stop).unwrap();
            timer.join().unwrap();
            assert!(started.elapsed() < Duration::from_secs(5), "batch {batch}");
            assert_eq!(report.stopped.as_deref(), Some("interrupted"));
            assert_eq!(report.positions, 0, "batch {batch}");
        }
    }
}
