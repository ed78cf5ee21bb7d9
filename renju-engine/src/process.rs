//! An engine as a child process: lines written to its standard input, lines read from
//! its standard output with a deadline, and an end that takes its whole process group
//! with it, whatever the protocol spoken over it ([`crate::gomocup`], or the JSON lines
//! of [`crate::forbidden_jsonl`]); and the command line that starts it
//! ([`split_command`]). Only `std` (and `libc` for the group kill on Unix) is used.
//!
//! The caller waits for the engine's output with a deadline (on the pipe itself on
//! Unix), so an engine that hangs never hangs the caller. The engine leads a process
//! group of its own (Unix), so that [`EngineProcess::kill`] (and dropping the process)
//! ends whatever it started too: no engine process outlives its handle. On Linux the
//! engine also gets the parent-death signal (SIGKILL when the thread that started it
//! ends), so that a runner killed with SIGKILL, which can end nothing itself, leaves no
//! engine behind; what an engine starts in a session of its own (`setsid`) or what
//! outlives the engine after such a kill is out of any runner's reach. Its standard error is discarded. A line longer
//! than [`MAX_LINE`] bytes is cut there and the rest of it dropped without being kept.

use std::io::{Read, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread;
use std::time::{Duration, Instant};

use thiserror::Error;

/// The longest line read from an engine; the rest of a longer line is dropped.
pub const MAX_LINE: u64 = 1 << 20;

/// Why an engine could not be started.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SpawnError {
    /// The command is empty.
    #[error("no engine command")]
    NoCommand,
    /// The operating system refused to start the program.
    #[error("{program}: {message}")]
    Os {
        /// The program.
        program: String,
        /// The system's message.
        message: String,
    },
}

/// What an engine said, or did not.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Line {
    /// A line, without its end (`\r\n`, `\n`).
    Text(String),
    /// Nothing before the deadline.
    Timeout,
    /// The output closed; the exit status when the process had exited.
    Closed(String),
    /// The run was interrupted ([`interrupted`]) while waiting.
    Interrupted,
}

/// A running engine (see the [module docs](self)).
#[derive(Debug)]
pub struct EngineProcess {
    eol: &'static [u8],
    child: Child,
    stdin: Option<ChildStdin>,
    output: Output,
    /// Whether the engine's group was killed and the engine waited for (a second
    /// `kill`, from `Drop`, must not signal a group id that may have been reused).
    ended: bool,
    /// The run's stop flag: waits end when it is raised.
    stop: Stop,
}

impl EngineProcess {
    /// Starts `argv` (program, then arguments) in `dir` (or the caller's directory),
    /// leading a process group of its own; `eol` ends every line sent (`b"\r\n"` under
    /// the Gomocup protocol). The engine runs with the caller's environment plus
    /// `PYTHONUNBUFFERED=1`, so that Python engines flush every print.
    pub fn spawn(
        argv: &[String],
        dir: Option<&Path>,
        eol: &'static [u8],
    ) -> Result<EngineProcess, SpawnError> {
        let (program, args) = argv.split_first().ok_or(SpawnError::NoCommand)?;
        let mut command = Command::new(program);
        command
            .args(args)
            .env("PYTHONUNBUFFERED", "1")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null());
        if let Some(dir) = dir {
            command.current_dir(dir);
        }
        // The engine leads a process group of its own, so that ending it ends whatever
        // it started (a child holding its output would outlive it otherwise), and a
        // Ctrl-C at the terminal reaches the runner, which ends the engines itself.
        #[cfg(unix)]
        {
            use std::os::unix::process::CommandExt;
            command.process_group(0);
        }
        // The engine is killed when the thread that started it ends, whatever ends it
        // (a runner killed with SIGKILL can end nothing itself).
        #[cfg(target_os = "linux")]
        {
            use std::os::unix::process::CommandExt;
            // SAFETY: between fork and exec only async-signal-safe calls are made:
            // prctl and getppid.
            let parent = std::process::id();
            unsafe {
                command.pre_exec(move || {
                    libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL);
                    // The parent may have died before the call: then no signal comes.
                    if u32::try_from(libc::getppid()).ok() != Some(parent) {
                        libc::_exit(1);
                    }
                    Ok(())
                });
            }
        }
        let mut child = command.spawn().map_err(|e| SpawnError::Os {
            program: program.clone(),
            message: e.to_string(),
        })?;
        let (Some(stdout), stdin) = (child.stdout.take(), child.stdin.take()) else {
            let _ = child.kill();
            let _ = child.wait();
            return Err(SpawnError::Os {
                program: program.clone(),
                message: "no pipe to the engine".into(),
            });
        };
        Ok(EngineProcess {
            eol,
            child,
            stdin,
            output: Output::new(stdout),
            ended: false,
            stop: Stop::default(),
        })
    }

    /// Makes every wait on this engine end when `stop` is raised (as it ends when the
    /// run is [`interrupted`]), with [`Line::Interrupted`].
    pub fn stop_on(&mut self, stop: &Stop) {
        self.stop = stop.clone();
    }

    /// The process id (the id of its process group too, on Unix).
    pub fn id(&self) -> u32 {
        self.child.id()
    }

    /// Sends one line; `false` when the engine no longer reads.
    pub fn send(&mut self, line: &str) -> bool {
        match self.stdin.as_mut() {
            Some(stdin) => stdin
                .write_all(line.as_bytes())
                .and_then(|_| stdin.write_all(self.eol))
                .and_then(|_| stdin.flush())
                .is_ok(),
            None => false,
        }
    }

    /// Sends several lines at once (one write and one flush); `false` when the engine
    /// no longer reads.
    pub fn send_all(&mut self, lines: &[String]) -> bool {
        let mut buf = Vec::new();
        for line in lines {
            buf.extend_from_slice(line.as_bytes());
            buf.extend_from_slice(self.eol);
        }
        match self.stdin.as_mut() {
            Some(stdin) => stdin.write_all(&buf).and_then(|_| stdin.flush()).is_ok(),
            None => false,
        }
    }

    /// Closes the engine's input (it sees the end of its input), keeping its output.
    pub fn take_stdin(&mut self) -> Option<ChildStdin> {
        self.stdin.take()
    }

    /// The next line, waiting until `deadline` (or until the run is interrupted or
    /// stopped: [`EngineProcess::stop_on`]).
    pub fn recv(&mut self, deadline: Instant) -> Line {
        // Wait in slices, so that an interruption is seen within one.
        const SLICE: Duration = Duration::from_millis(100);
        loop {
            if let Some(line) = self.output.next_line() {
                return Line::Text(line);
            }
            if self.output.closed() {
                return Line::Closed(self.exit_status());
            }
            if self.stop.is_raised() {
                return Line::Interrupted;
            }
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return Line::Timeout;
            }
            self.output.wait(left.min(SLICE));
        }
    }

    /// How the process ended, in words ("exited (exit status: 3)"), waiting a moment
    /// for it to exit after its output closed.
    pub fn exit_status(&mut self) -> String {
        for _ in 0..20 {
            if let Ok(Some(status)) = self.child.try_wait() {
                return format!("exited ({status})");
            }
            thread::sleep(Duration::from_millis(5));
        }
        "closed its output".into()
    }

    /// Whether the process is still running.
    pub fn is_running(&mut self) -> bool {
        !self.ended && matches!(self.child.try_wait(), Ok(None))
    }

    /// Ends the engine and its whole process group at once (SIGKILL), and waits for it.
    pub fn kill(&mut self) {
        self.stdin = None;
        if std::mem::replace(&mut self.ended, true) {
            return;
        }
        // The whole group first: the engine and whatever it started. The group keeps
        // the engine's id while any member lives, even when the engine has exited.
        #[cfg(unix)]
        kill_group(self.child.id());
        let _ = self.child.kill();
        let _ = self.child.wait();
        // The signal is delivered to the others asynchronously: give them a moment to
        // be gone (a member that exited but was not reaped yet counts as gone).
        #[cfg(unix)]
        for _ in 0..50 {
            if !group_alive(self.child.id()) {
                break;
            }
            thread::sleep(Duration::from_millis(2));
        }
    }

    /// Sends `line` (such as `END`), gives the engine `grace` to exit by itself, then
    /// ends its group as [`EngineProcess::kill`] does (whatever it started goes too).
    pub fn end(&mut self, line: &str, grace: Duration) {
        if !self.ended {
            self.send(line);
            self.stdin = None;
            let until = Instant::now() + grace;
            while Instant::now() < until {
                if !matches!(self.child.try_wait(), Ok(None)) {
                    break;
                }
                thread::sleep(Duration::from_millis(2));
            }
        }
        self.kill();
    }
}

impl Drop for EngineProcess {
    fn drop(&mut self) {
        self.kill();
    }
}

/// Sends SIGKILL to the process group `pgid` (an engine started with
/// `process_group(0)` leads the group of its own id).
#[cfg(unix)]
fn kill_group(pgid: u32) {
    if let Ok(pgid) = libc::pid_t::try_from(pgid) {
        if pgid > 0 {
            // SAFETY: killpg takes two integers and has no memory effects; a group that
            // is already gone gives ESRCH, which is ignored.
            unsafe {
                libc::killpg(pgid, libc::SIGKILL);
            }
        }
    }
}

/// Whether a member of process group `pgid` still runs (not counting zombies, which
/// signal 0 still reaches: it is asked of each member through `/proc` where there is
/// one, else of the group).
#[cfg(unix)]
fn group_alive(pgid: u32) -> bool {
    let Ok(id) = libc::pid_t::try_from(pgid) else {
        return false;
    };
    // SAFETY: killpg with signal 0 only checks that the group exists.
    if unsafe { libc::killpg(id, 0) } != 0 {
        return false;
    }
    let Ok(dir) = std::fs::read_dir("/proc") else {
        return true;
    };
    dir.filter_map(Result::ok).any(|entry| {
        let Ok(stat) = std::fs::read_to_string(entry.path().join("stat")) else {
            return false;
        };
        // `pid (comm) state ppid pgrp ...`: the fields after the last `)`.
        let mut fields = stat.rsplit(')').next().unwrap_or("").split_whitespace();
        let state = fields.next().unwrap_or("Z");
        let pgrp = fields.nth(1).and_then(|g| g.parse::<u32>().ok());
        pgrp == Some(pgid) && state != "Z" && state != "X"
    })
}

/// The engine's output, cut into lines of at most [`MAX_LINE`] bytes (the rest of a
/// longer line is dropped as it comes, so that an engine writing without a newline
/// costs no memory). On Unix the caller's thread waits on the pipe itself (`poll`), so
/// a line costs no thread switch; elsewhere a reader thread sends what it reads over a
/// bounded channel. The cutting into lines is the same on both.
#[derive(Debug)]
struct Output {
    /// Where the bytes come from.
    source: Source,
    /// Bytes read and not yet returned as a line.
    pending: Vec<u8>,
    /// The rest of an over-long line is being dropped.
    skipping: bool,
    /// The engine closed its output.
    closed: bool,
}

#[cfg(unix)]
type Source = std::process::ChildStdout;
#[cfg(not(unix))]
type Source = std::sync::mpsc::Receiver<Vec<u8>>;

/// A line's text without its end, invalid UTF-8 replaced.
fn line_text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes)
        .trim_end_matches(['\r', '\n'])
        .to_string()
}

/// How much one read takes.
const CHUNK: usize = 8192;

impl Output {
    #[cfg(unix)]
    fn new(stdout: std::process::ChildStdout) -> Output {
        Output::with_source(stdout)
    }

    #[cfg(not(unix))]
    fn new(mut stdout: std::process::ChildStdout) -> Output {
        // A few chunks in flight: a reader ahead of the caller waits.
        let (tx, rx) = std::sync::mpsc::sync_channel(4);
        thread::spawn(move || {
            let mut chunk = [0u8; CHUNK];
            loop {
                match stdout.read(&mut chunk) {
                    Ok(0) => break,
                    Ok(n) if tx.send(chunk[..n].to_vec()).is_ok() => {}
                    Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                    _ => break,
                }
            }
        });
        Output::with_source(rx)
    }

    fn with_source(source: Source) -> Output {
        Output {
            source,
            pending: Vec::new(),
            skipping: false,
            closed: false,
        }
    }

    /// The next whole line read so far (or the last, unended one once the output is
    /// closed).
    fn next_line(&mut self) -> Option<String> {
        loop {
            let end = match self.pending.iter().position(|&b| b == b'\n') {
                Some(i) => i + 1,
                None if self.pending.len() as u64 >= MAX_LINE && !self.skipping => {
                    self.skipping = true;
                    let line: Vec<u8> = self.pending.drain(..MAX_LINE as usize).collect();
                    return Some(line_text(&line));
                }
                None if self.skipping => {
                    self.pending.clear();
                    return None;
                }
                None if self.closed && !self.pending.is_empty() => self.pending.len(),
                None => return None,
            };
            let line: Vec<u8> = self.pending.drain(..end).collect();
            if std::mem::take(&mut self.skipping) {
                continue;
            }
            return Some(line_text(&line));
        }
    }

    /// Whether the output is closed and every line of it returned.
    fn closed(&self) -> bool {
        self.closed && self.pending.is_empty()
    }

    /// Waits up to `timeout` for output, and reads what came.
    #[cfg(unix)]
    fn wait(&mut self, timeout: Duration) {
        use std::os::unix::io::AsRawFd;
        let mut fd = libc::pollfd {
            fd: self.source.as_raw_fd(),
            events: libc::POLLIN,
            revents: 0,
        };
        // Rounded up, so that a wait under a millisecond does not spin.
        let ms = timeout.as_micros().div_ceil(1000).min(i32::MAX as u128) as i32;
        // SAFETY: one valid pollfd, for a descriptor this struct owns.
        if unsafe { libc::poll(&mut fd, 1, ms) } <= 0 {
            return;
        }
        let mut chunk = [0u8; CHUNK];
        match self.source.read(&mut chunk) {
            Ok(0) => self.closed = true,
            Ok(n) => self.pending.extend_from_slice(&chunk[..n]),
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(_) => self.closed = true,
        }
    }

    /// Waits up to `timeout` for output, and takes what came.
    #[cfg(not(unix))]
    fn wait(&mut self, timeout: Duration) {
        use std::sync::mpsc::RecvTimeoutError;
        match self.source.recv_timeout(timeout) {
            Ok(chunk) => self.pending.extend_from_slice(&chunk),
            Err(RecvTimeoutError::Timeout) => {}
            Err(RecvTimeoutError::Disconnected) => self.closed = true,
        }
    }
}

/// Why an engine command line cannot be split into words ([`split_command`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
pub enum CommandLineError {
    /// A quote (`'` or `"`) is not closed.
    #[error("unterminated {0} in the engine command")]
    Unterminated(char),
    /// No word at all.
    #[error("the engine command is empty")]
    Empty,
}

/// Splits an engine command line into words, as a POSIX shell would for plain words,
/// `'...'`, `"..."` and backslash escapes (no variables, no globbing).
///
/// ```
/// use renju_engine::process::split_command;
/// assert_eq!(split_command(r#"python3 "my engine.py" --x 'a b'"#).unwrap(),
///            ["python3", "my engine.py", "--x", "a b"]);
/// ```
pub fn split_command(text: &str) -> Result<Vec<String>, CommandLineError> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        match c {
            '\'' => {
                in_word = true;
                loop {
                    match chars.next() {
                        Some('\'') => break,
                        Some(c) => word.push(c),
                        None => return Err(CommandLineError::Unterminated('\'')),
                    }
                }
            }
            '"' => {
                in_word = true;
                loop {
                    match chars.next() {
                        Some('"') => break,
                        Some('\\') => match chars.next() {
                            Some(c @ ('"' | '\\' | '$' | '`')) => word.push(c),
                            Some(c) => {
                                word.push('\\');
                                word.push(c);
                            }
                            None => return Err(CommandLineError::Unterminated('"')),
                        },
                        Some(c) => word.push(c),
                        None => return Err(CommandLineError::Unterminated('"')),
                    }
                }
            }
            '\\' => {
                in_word = true;
                if let Some(c) = chars.next() {
                    word.push(c);
                }
            }
            c if c.is_whitespace() => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            c => {
                in_word = true;
                word.push(c);
            }
        }
    }
    if in_word {
        words.push(word);
    }
    if words.is_empty() {
        return Err(CommandLineError::Empty);
    }
    Ok(words)
}

static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// The stop flag of one run (a match), which its owner raises to end the run early,
/// as Ctrl-C ends every run after [`catch_interrupt`]: every wait on an engine given
/// the flag ([`EngineProcess::stop_on`]) then returns [`Line::Interrupted`]. Clones
/// share the flag. A raised flag stays raised; the process-wide interruption
/// ([`interrupted`]) counts as raised too.
#[derive(Debug, Clone, Default)]
pub struct Stop(Arc<AtomicBool>);

impl Stop {
    /// A flag not raised.
    pub fn new() -> Stop {
        Stop::default()
    }

    /// Raises the flag (from any thread).
    pub fn raise(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Whether the flag was raised, or the process interrupted.
    pub fn is_raised(&self) -> bool {
        self.0.load(Ordering::Relaxed) || interrupted()
    }
}

/// Whether the run was interrupted (Ctrl-C after [`catch_interrupt`], or
/// [`interrupt`]): every wait on an engine then returns [`Line::Interrupted`].
pub fn interrupted() -> bool {
    INTERRUPTED.load(Ordering::Relaxed)
}

/// Marks the run as interrupted (what Ctrl-C does after [`catch_interrupt`]).
pub fn interrupt() {
    INTERRUPTED.store(true, Ordering::Relaxed);
}

#[cfg(unix)]
extern "C" fn on_interrupt(_: libc::c_int) {
    // Only an atomic store: async-signal-safe.
    INTERRUPTED.store(true, Ordering::Relaxed);
}

/// Makes SIGINT, SIGTERM and SIGHUP (the terminal closed) mark the run as interrupted
/// instead of ending the process at once, so that the engines (in process groups of
/// their own, which a Ctrl-C at the terminal does not reach) are ended before the
/// runner exits. Does nothing off Unix.
pub fn catch_interrupt() {
    #[cfg(unix)]
    {
        let handler = on_interrupt as extern "C" fn(libc::c_int);
        // SAFETY: the handler only stores to an atomic, which is async-signal-safe;
        // signal() takes a signal number and a function pointer.
        unsafe {
            libc::signal(libc::SIGINT, handler as libc::sighandler_t);
            libc::signal(libc::SIGTERM, handler as libc::sighandler_t);
            libc::signal(libc::SIGHUP, handler as libc::sighandler_t);
        }
    }
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    fn lines_of(script: &str) -> (Vec<String>, Line) {
        let argv = ["sh", "-c", script].map(String::from);
        let mut engine = EngineProcess::spawn(&argv, None, b"\n").unwrap();
        let deadline = Instant::now() + Duration::from_secs(20);
        let mut lines = Vec::new();
        loop {
            match engine.recv(deadline) {
                Line::Text(t) => lines.push(t),
                other => return (lines, other),
            }
        }
    }

    #[test]
    fn lines_are_cut_at_their_ends_and_the_last_unended_one_is_kept() {
        let (lines, end) = lines_of(r"printf 'one\r\ntwo\n\nthree'");
        assert_eq!(lines, ["one", "two", "", "three"]);
        assert!(matches!(end, Line::Closed(_)), "{end:?}");
    }

    #[test]
    fn a_line_past_the_limit_is_cut_and_its_rest_dropped() {
        let script = format!(
            "head -c {} /dev/zero | tr '\\0' a; printf '\\nnext\\n'",
            3 * MAX_LINE + 5
        );
        let (lines, _) = lines_of(&script);
        assert_eq!(
            lines.len(),
            2,
            "{:?}",
            lines.iter().map(String::len).collect::<Vec<_>>()
        );
        assert_eq!(lines[0].len() as u64, MAX_LINE);
        assert_eq!(lines[1], "next");
    }

    #[test]
    fn a_silent_engine_times_out() {
        let argv = ["sleep", "5"].map(String::from);
        let mut engine = EngineProcess::spawn(&argv, None, b"\n").unwrap();
        let start = Instant::now();
        let line = engine.recv(start + Duration::from_millis(150));
        assert!(matches!(line, Line::Timeout), "{line:?}");
        assert!(start.elapsed() >= Duration::from_millis(150));
    }
}
