//! One game: the engines asked in turn, every answer an action of the referee.

use std::time::{Duration, Instant};

use renju_core::geometry::Color;
use renju_core::notation::Move;
use renju_core::outcome::{Outcome, Termination};
use renju_records::game::{Game, Seat};
use renju_records::opening::OpeningRule;
use renju_records::referee::{
    Action, MoveReading, Party, Referee, RefusalCode, Request, Required, Status,
};
use renju_records::replay::ValidationOptions;

use super::{greeting_wait, opening_requests, seat_index, GameResult, Job, MatchOptions};
use crate::gomocup::{
    is_error, is_unsupported, read_move, read_swap2, EngineMove, GomocupEngine, MoveLineError,
    Reply, Swap2Answer, TurnLimits,
};
use crate::process::Stop;
use crate::quote::{printable, shorten};

/// A game under way.
struct Play<'a> {
    options: &'a MatchOptions,
    job: &'a Job,
    referee: Referee,
    /// The runner's timeline: the engines' thinking so far, in milliseconds.
    t: u64,
    notes: Vec<String>,
    engine_moves: u32,
    engine_time: Duration,
    /// Waiting for the engines to start or restart (their `OK`).
    startup_time: Duration,
    /// Stopping or ending the engine that lost on time or by forfeit, after the game.
    stop_time: Duration,
    /// What the engine that lost on time or by forfeit was doing when it lost.
    afterwards: Option<Afterwards>,
    /// Lateness past the flag forgiven so far, per seat: the tolerance is a budget for
    /// the whole game, as under c-gomoku-cli (where the time left may go below zero by
    /// at most the tolerance), not a grace given again on every move.
    forgiven_ms: [u64; 2],
}

/// How long an engine still thinking after its flag fell (or past its turn limit) is
/// given to stop (`YXSTOP`, as c-gomoku-cli sends it) and answer before it is ended.
pub(crate) const STOP_WAIT: Duration = Duration::from_millis(500);

/// What the engine that lost on time or by forfeit was doing when the game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Afterwards {
    /// It had answered (late): it is healthy, and plays its next game as it is.
    Idle,
    /// It was still thinking (silent past its deadline): it is asked to stop.
    Thinking,
}

/// What became of one question to an engine.
enum Asked {
    /// The game goes on (or ended by the referee's judgement).
    Done,
    /// The run was interrupted.
    Interrupted,
}

/// Plays one game; `None` when the run was interrupted (`stop` raised).
pub(crate) fn play(
    job: &Job,
    options: &MatchOptions,
    brains: [&mut Option<GomocupEngine>; 2],
    opening: Option<&Game>,
    stop: &Stop,
) -> Option<GameResult> {
    let started = Instant::now();
    let referee = new_referee(job, options)?;
    let mut game = Play {
        options,
        job,
        referee,
        t: 0,
        notes: Vec::new(),
        engine_moves: 0,
        engine_time: Duration::ZERO,
        startup_time: Duration::ZERO,
        stop_time: Duration::ZERO,
        afterwards: None,
        forgiven_ms: [0; 2],
    };
    let [first, second] = brains;
    let mut brains = [first, second];
    if let Asked::Interrupted = game.start_engines(&mut brains, stop) {
        return None;
    }
    if let Some(opening) = opening {
        game.replay_opening(opening, &mut brains);
    }
    loop {
        // Nobody is to act once the game is over: the status says so.
        let status = game.referee.status();
        let Some(seat) = status.to_act else { break };
        let i = seat_index(seat);
        if let Asked::Interrupted = game.ask(brains[i].as_mut(), seat, &status) {
            return None;
        }
        // A dead or confused engine is ended (and started again next game); not the one
        // whose move reached --draw-after, nor one that only lost on time.
        let ended = game.referee.outcome().map(|o| o.termination);
        if matches!(ended, Some(Termination::Time | Termination::Forfeit)) {
            game.after_loss(seat, brains[i]);
        }
    }
    Some(game.finish(started))
}

/// The referee of game `job`, its record named and tagged as the match's: the game's
/// number, the event, the round and the engines by seat.
fn new_referee(job: &Job, options: &MatchOptions) -> Option<Referee> {
    let mut referee = Referee::new(options.referee_options()).ok()?;
    referee.set_id((job.index + 1).to_string());
    // One printable line each, as every record format's tags must be.
    referee.set_tag("event", &printable(&options.event));
    referee.set_tag("round", &job.round.to_string());
    let name = |i: usize| printable(&options.engines[job.seats[i]].name);
    referee.name_players(name(0), name(1));
    Some(referee)
}

impl Play<'_> {
    /// After a loss on time or by forfeit of the engine of `seat`: an engine that had
    /// answered (late) is kept as it is; one still thinking is asked to stop and kept
    /// when it answers within [`STOP_WAIT`] (as c-gomoku-cli's `YXSTOP`); any other
    /// (crashed, garbage, a refused point, silent) is ended with its process group and
    /// started again for its next game. The time this takes is not the runner's.
    fn after_loss(&mut self, seat: Seat, brain: &mut Option<GomocupEngine>) {
        let stopping = Instant::now();
        let name = self.name(seat).to_string();
        let keep = match (self.afterwards.take(), brain.as_mut()) {
            (Some(Afterwards::Idle), Some(_)) => true,
            (Some(Afterwards::Thinking), Some(b)) => {
                let stopped = b.stop(STOP_WAIT);
                self.notes.push(if stopped {
                    format!("{name} stopped at YXSTOP after it lost on time, and is kept")
                } else {
                    format!(
                        "{name} did not stop within {} ms of YXSTOP after it lost on time, and was ended",
                        STOP_WAIT.as_millis()
                    )
                });
                stopped
            }
            _ => false,
        };
        if !keep {
            if let Some(mut b) = brain.take() {
                b.kill();
            }
        }
        self.stop_time += stopping.elapsed();
    }

    /// Starts (or restarts) both engines and tells them the rules; an engine that cannot
    /// be started loses by forfeit.
    fn start_engines(
        &mut self,
        brains: &mut [&mut Option<GomocupEngine>; 2],
        stop: &Stop,
    ) -> Asked {
        let options = self.options;
        for seat in [Seat::First, Seat::Second] {
            let i = seat_index(seat);
            let spec = &options.engines[self.job.seats[i]];
            let slot = &mut *brains[i];
            let startup = Instant::now();
            let restarted = match slot.as_mut() {
                Some(brain) => brain.restart(greeting_wait(options)),
                None => false,
            };
            let fresh = !restarted;
            if !restarted {
                if let Some(mut old) = slot.take() {
                    old.kill();
                }
                let wait = greeting_wait(options);
                match GomocupEngine::start(
                    &spec.command,
                    spec.dir.as_deref(),
                    options.size,
                    wait,
                    stop,
                ) {
                    Ok(brain) => *slot = Some(brain),
                    Err(_) if stop.is_raised() => return Asked::Interrupted,
                    Err(why) => {
                        self.forfeit(seat, format!("{} could not be started: {why}", spec.name));
                        break;
                    }
                }
            }
            if let Some(brain) = slot.as_mut() {
                brain.known = Some(0);
                let settings = [
                    ("timeout_turn", self.timeout_turn()),
                    ("timeout_match", self.timeout_match()),
                    ("max_memory", options.max_memory),
                    ("game_type", 1),
                    ("rule", u64::from(options.rule_number())),
                ];
                let own = spec.info.iter().map(|(k, v)| (k.as_str(), v.as_str()));
                brain.tell_settings(settings);
                brain.tell_settings(own);
                // A fresh engine may set itself up after its settings (Rapfi allocates
                // its hash after `max_memory`): its answer about itself ends that
                // start-up, untimed, before its first move is timed.
                if fresh {
                    if let Reply::Interrupted = brain.about(greeting_wait(options)) {
                        return Asked::Interrupted;
                    }
                }
            }
            self.startup_time += startup.elapsed();
        }
        Asked::Done
    }

    /// Plays the opening's events as the seats the referee names.
    fn replay_opening(&mut self, opening: &Game, brains: &mut [&mut Option<GomocupEngine>; 2]) {
        if self.referee.outcome().is_some() {
            return;
        }
        let mut placed = false;
        for event in &opening.events {
            for request in opening_requests(event) {
                let stone = matches!(
                    request.action,
                    Action::Place { .. } | Action::Choose { .. } | Action::Pass
                );
                // No engine's thinking: a timed game's record reads the clock.
                let reading = MoveReading::default();
                if self.referee.take_read(&request.at(self.t), reading).is_ok() {
                    placed |= stone;
                }
            }
        }
        if placed {
            for brain in brains.iter_mut().filter_map(|b| b.as_mut()) {
                brain.known = None;
            }
        }
    }

    /// Asks the engine of `seat` for what the referee requires of it.
    fn ask(&mut self, brain: Option<&mut GomocupEngine>, seat: Seat, status: &Status) -> Asked {
        let name = self.name(seat).to_string();
        let Some(brain) = brain else {
            self.forfeit(seat, format!("{name} is not running"));
            return Asked::Done;
        };
        match status.required {
            Required::Place => self.ask_move(brain, seat, status, &name),
            Required::Swap => self.ask_decision(brain, seat, status, &name),
            Required::Declare | Required::Offer | Required::Choose | Required::None => {
                // Checked before play: the openings give these steps.
                self.forfeit(
                    seat,
                    format!(
                        "{name} would have to {} (no Gomocup command asks for it) and the opening does not give it",
                        status.required
                    ),
                );
                Asked::Done
            }
        }
    }

    fn name(&self, seat: Seat) -> &str {
        &self.options.engines[self.job.seats[seat_index(seat)]].name
    }

    /// `INFO timeout_turn`: the turn limit, or the time a move may take under the
    /// control (a byo-yomi period when there is no main time), or the silence limit.
    fn timeout_turn(&self) -> u64 {
        if let Some(turn) = self.options.turn_limit_ms {
            return turn;
        }
        let schedule = self
            .options
            .time_control
            .as_ref()
            .and_then(|tc| tc.schedule(Color::Black));
        match schedule {
            Some(s) => {
                let main = s.period(0).time_ms;
                match s.overtime {
                    Some(o) if main == 0 => o.time_ms,
                    _ => main,
                }
            }
            None => self.options.silence_ms,
        }
    }

    /// `INFO timeout_match`: the first period's time (0: none).
    fn timeout_match(&self) -> u64 {
        self.options
            .time_control
            .as_ref()
            .and_then(|tc| tc.schedule(Color::Black))
            .map_or(0, |s| s.period(0).time_ms)
    }

    /// The running side's deadline on the runner's timeline.
    fn deadline(status: &Status) -> Option<u64> {
        status.clock.and_then(|c| c.deadline)
    }

    /// How long to wait for the engine: to its flag (or turn limit) plus the
    /// tolerance; the silence limit in an untimed game.
    fn wait(&self, status: &Status) -> Duration {
        let to_flag = Self::deadline(status).map(|d| d.saturating_sub(self.t));
        let limit = match (to_flag, self.options.turn_limit_ms) {
            (Some(f), Some(t)) => f.min(t),
            (Some(f), None) => f,
            (None, Some(t)) => t,
            (None, None) => self.options.silence_ms,
        };
        Duration::from_millis(limit.saturating_add(self.options.tolerance_ms))
    }

    /// The time left the engine to act is told, and how long it is waited for.
    fn limits(&self, status: &Status) -> TurnLimits {
        TurnLimits {
            time_left_ms: Self::deadline(status).map(|d| d.saturating_sub(self.t)),
            wait: self.wait(status),
        }
    }

    /// The time stamp of the answer of `seat` that took `elapsed`: an answer late by no
    /// more than what is left of the seat's tolerance counts as made at the deadline.
    fn stamp(&mut self, seat: Seat, status: &Status, elapsed: Duration) -> u64 {
        let ms = u64::try_from(elapsed.as_millis()).unwrap_or(u64::MAX);
        self.engine_time += elapsed;
        self.engine_moves += 1;
        let t = self.t.saturating_add(ms);
        let forgiven = &mut self.forgiven_ms[seat_index(seat)];
        match Self::deadline(status) {
            Some(d) if t > d => {
                let late = t.saturating_sub(d);
                let total = forgiven.saturating_add(late);
                if total <= self.options.tolerance_ms {
                    *forgiven = total;
                    d
                } else {
                    t
                }
            }
            _ => t,
        }
    }

    /// Ends the game, declared by the runner as arbiter: `seat` loses by forfeit, for
    /// `reason` (the record's `termination`). A game already over stays as it ended.
    fn forfeit(&mut self, seat: Seat, reason: String) {
        let by = Party::Arbiter;
        let _ = (self.referee).forfeit(seat, by, printable(&reason), Some(self.t));
    }

    /// Why the game ended, in words, when the referee's outcome does not say it.
    fn terminate(&mut self, reason: &str) {
        self.referee.set_tag("termination", &printable(reason));
    }

    /// What happens to an answer that is no answer: the flag falls at the deadline
    /// (a tick just past it), or the engine forfeits.
    fn no_answer(&mut self, seat: Seat, status: &Status, answer: Reply, waited: Duration) -> Asked {
        // The wait was the engine's (thinking, or dying), not the runner's.
        self.engine_time += waited;
        let name = self.name(seat).to_string();
        match answer {
            Reply::Interrupted => return Asked::Interrupted,
            Reply::Crash(why) => self.forfeit(seat, format!("{name} crashed: {why}")),
            Reply::Timeout => {
                let to_flag = Self::deadline(status).map(|d| d.saturating_sub(self.t));
                let turn = self.options.turn_limit_ms;
                match (to_flag, turn) {
                    (Some(f), t) if t.is_none_or(|t| f <= t) => {
                        // Silent past its flag: still thinking, asked to stop.
                        self.afterwards = Some(Afterwards::Thinking);
                        let d = Self::deadline(status).unwrap_or(self.t);
                        let tick = Request {
                            action: Action::Tick,
                            by: None,
                            t: Some(d.saturating_add(1)),
                        };
                        let _ = self.referee.take(&tick);
                        self.t = d.saturating_add(1);
                        self.terminate(&format!("{name} did not move before its flag fell"));
                    }
                    (_, Some(t)) => {
                        self.afterwards = Some(Afterwards::Thinking);
                        self.forfeit(seat, format!("{name} exceeded the turn limit of {t} ms"))
                    }
                    // Untimed and silent past --silence: not thinking but hung, ended.
                    _ => self.forfeit(
                        seat,
                        format!("{name} was silent for {} ms", waited.as_millis()),
                    ),
                }
            }
            Reply::Line(line) => self.forfeit(
                seat,
                format!("{name} answered garbage: `{}`", shorten(line.trim())),
            ),
        }
        Asked::Done
    }

    /// Takes one action of an engine's at `t`, with the `reading` of its time; a
    /// refusal is a forfeit.
    fn act(&mut self, seat: Seat, action: Action, t: u64, reading: MoveReading) -> bool {
        let shown = match &action {
            Action::Place { point } => format!("{point}"),
            other => other.name().to_string(),
        };
        let request = Request {
            action,
            by: Some(seat.into()),
            t: Some(t),
        };
        match self.referee.take_read(&request, reading) {
            Ok(()) => {
                self.t = self.t.max(t);
                true
            }
            // The flag fell before the answer arrived: the referee ended the game.
            Err(refusal) if refusal.code == RefusalCode::GameOver => {
                self.t = self.t.max(t);
                let name = self.name(seat).to_string();
                self.terminate(&format!("{name} answered after its flag fell"));
                self.afterwards = Some(Afterwards::Idle);
                false
            }
            Err(refusal) => {
                let name = self.name(seat).to_string();
                self.forfeit(seat, format!("{name} played {shown}, refused: {refusal}"));
                false
            }
        }
    }

    /// Asks for the first three stones under Swap2 (`SWAP2BOARD` on the empty board):
    /// `None` when the engine does not know the command (it then places them as moves).
    fn ask_swap2_stones(
        &mut self,
        brain: &mut GomocupEngine,
        seat: Seat,
        status: &Status,
        name: &str,
    ) -> Option<Asked> {
        let size = self.options.size;
        let asked = brain.swap2board(&[], false, self.limits(status));
        let elapsed = asked.elapsed;
        match asked.reply {
            Reply::Line(line) if is_unsupported(&line) => {
                self.engine_time += elapsed;
                brain.swap2board = Some(false);
                brain.known = None;
                brain.drain();
                self.notes.push(format!(
                    "{name} does not support SWAP2BOARD: it places the first three stones as moves"
                ));
            }
            Reply::Line(line) => {
                brain.swap2board = Some(true);
                let t = self.stamp(seat, status, elapsed);
                match read_swap2(&line, size) {
                    Ok(Swap2Answer::Points(points)) if points.len() == 3 => {
                        for (k, p) in points.into_iter().enumerate() {
                            let reading = first_reading(k == 0, elapsed);
                            if !self.act(seat, Action::Place { point: p }, t, reading) {
                                return Some(Asked::Done);
                            }
                        }
                        brain.known = None;
                    }
                    Ok(_) => self.forfeit(
                        seat,
                        format!("{name} answered `{}` to SWAP2BOARD with no stones (three stones wanted)", shorten(line.trim())),
                    ),
                    Err(why) => self.forfeit(seat, format!("{name} answered garbage to SWAP2BOARD: {why}")),
                }
                return Some(Asked::Done);
            }
            other => return Some(self.no_answer(seat, status, other, elapsed)),
        }
        None
    }

    /// Asks the engine of `seat` for a stone (three at once under Swap2's
    /// `SWAP2BOARD`).
    fn ask_move(
        &mut self,
        brain: &mut GomocupEngine,
        seat: Seat,
        status: &Status,
        name: &str,
    ) -> Asked {
        let size = self.options.size;
        let moves: Vec<Move> = self.referee.position().moves().collect();
        let n = moves.len();
        let swap2_first = self.options.opening == OpeningRule::Swap2
            && self.options.swap2board
            && n == 0
            && seat == Seat::First
            && brain.swap2board != Some(false);
        if swap2_first {
            if let Some(asked) = self.ask_swap2_stones(brain, seat, status, name) {
                return asked;
            }
        }
        let asked = brain.play(&moves, status.stone, self.limits(status));
        let elapsed = asked.elapsed;
        let Reply::Line(line) = asked.reply else {
            return self.no_answer(seat, status, asked.reply, elapsed);
        };
        let t = self.stamp(seat, status, elapsed);
        if let Some(turn) = self.options.turn_limit_ms {
            if elapsed_ms(elapsed) > turn.saturating_add(self.options.tolerance_ms) {
                self.t = t;
                self.afterwards = Some(Afterwards::Idle);
                self.forfeit(
                    seat,
                    format!(
                        "{name} exceeded the turn limit of {turn} ms ({} ms)",
                        elapsed_ms(elapsed)
                    ),
                );
                return Asked::Done;
            }
        }
        let action = match read_move(&line, size) {
            Ok(EngineMove::Stone(point)) => Action::Place { point },
            Ok(EngineMove::Pass) if self.options.no_pass => {
                self.t = t;
                self.forfeit(seat, format!("{name} passed, and passes are not allowed"));
                return Asked::Done;
            }
            Ok(EngineMove::Pass) => Action::Pass,
            Err(why) => {
                self.t = t;
                self.forfeit(seat, format!("{name} answered garbage: {why}"));
                return Asked::Done;
            }
        };
        if self.act(seat, action, t, first_reading(true, elapsed)) {
            brain.known = Some(n + 1);
        } else {
            brain.known = None;
        }
        Asked::Done
    }

    /// Asks for a colour decision under Swap2 (`SWAP2BOARD` with 3 or 5 stones): `None`
    /// when the engine does not know the command (it then stays).
    fn ask_swap2_decision(
        &mut self,
        brain: &mut GomocupEngine,
        seat: Seat,
        status: &Status,
        name: &str,
    ) -> Option<Asked> {
        let size = self.options.size;
        let moves: Vec<Move> = self.referee.position().moves().collect();
        let n = moves.len();
        let fields = self.options.engines[self.job.seats[seat_index(seat)]].swap2board_fields;
        let asked = brain.swap2board(&moves, fields, self.limits(status));
        let elapsed = asked.elapsed;
        match asked.reply {
            // An engine that knows the command but refuses the stones (Rapfi reads
            // them as `BOARD` lines and says `ERROR` for each bare `x,y`) may go on
            // to answer for another position: it loses (and is ended) rather than
            // leave answers in its pipe for the next question.
            Reply::Line(line) if is_error(&line) => {
                self.engine_time += elapsed;
                let hint = if fields {
                    ""
                } else {
                    " (an engine that wants `x,y,field` lines needs swap2board=fields)"
                };
                self.forfeit(
                    seat,
                    format!(
                        "{name} refused SWAP2BOARD with {n} stones: `{}`{hint}",
                        shorten(line.trim())
                    ),
                );
                return Some(Asked::Done);
            }
            Reply::Line(line) if is_unsupported(&line) => {
                self.engine_time += elapsed;
                brain.swap2board = Some(false);
                brain.drain();
                self.notes.push(format!(
                    "{name} does not support SWAP2BOARD: it stays with its colour after move {n}"
                ));
            }
            Reply::Line(line) => {
                brain.swap2board = Some(true);
                brain.known = None;
                let t = self.stamp(seat, status, elapsed);
                match swap2_plan(n, read_swap2(&line, size)) {
                    Some(actions) => {
                        let mut first_stone = true;
                        for action in actions {
                            let stone = matches!(action, Action::Place { .. });
                            let reading = first_reading(stone && first_stone, elapsed);
                            if !self.act(seat, action, t, reading) {
                                return Some(Asked::Done);
                            }
                            first_stone &= !stone;
                        }
                    }
                    None => self.forfeit(
                        seat,
                        format!(
                            "{name} answered `{}` to SWAP2BOARD with {n} stones",
                            shorten(line.trim())
                        ),
                    ),
                }
                return Some(Asked::Done);
            }
            other => return Some(self.no_answer(seat, status, other, elapsed)),
        }
        None
    }

    /// Asks the engine of `seat` for a colour decision (`SWAP2BOARD` under Swap2);
    /// engines without one stay.
    fn ask_decision(
        &mut self,
        brain: &mut GomocupEngine,
        seat: Seat,
        status: &Status,
        name: &str,
    ) -> Asked {
        let n = self.referee.position().moves().count();
        let swap2 = self.options.opening == OpeningRule::Swap2
            && self.options.swap2board
            && (n == 3 || n == 5)
            && brain.swap2board != Some(false);
        if swap2 {
            if let Some(asked) = self.ask_swap2_decision(brain, seat, status, name) {
                return asked;
            }
        } else {
            self.notes.push(format!(
                "{name} has no protocol command for the colour decision after move {n}: it stays"
            ));
        }
        let t = self.t;
        self.act(seat, Action::Stay, t, MoveReading::default());
        Asked::Done
    }

    /// The game's result, its record taken from the referee (the runner's reason of
    /// the ending and the turn limit written in last) and validated once.
    fn finish(mut self, started: Instant) -> GameResult {
        let job = self.job;
        let options = self.options;
        let outcome = self.referee.outcome().unwrap_or(Outcome {
            winner: None,
            termination: Termination::Unfinished,
        });
        if let (Termination::DeclaredDraw, Some(n)) = (outcome.termination, options.draw_after) {
            // The referee ended the game at the record's stone limit.
            self.terminate(&format!("draw declared after {n} stones (--draw-after)"));
        }
        if self.referee.tag("termination").is_none() {
            self.terminate(&outcome.to_string());
        }
        if let Some(turn) = options.turn_limit_ms {
            // The time control keeps the game's time; the limit per move beside it.
            let seconds = renju_records::time_control::format_seconds(turn);
            self.referee.set_tag("turn-limit", &seconds);
        }
        let record = self.referee.game();
        let validated = record.validate(&validation(options)).outcome == outcome;
        let reason = self
            .referee
            .tag("termination")
            .unwrap_or_default()
            .to_string();
        let black_seat = self.referee.black_seat();
        let black = job.seats[seat_index(black_seat)];
        let white = job.seats[seat_index(black_seat.other())];
        let wall = started.elapsed();
        GameResult {
            index: job.index,
            round: job.round,
            seats: job.seats,
            black,
            white,
            outcome,
            result: outcome.result(),
            termination: outcome.termination,
            reason,
            opening: job.opening,
            notes: self.notes,
            record: Some(record),
            validated,
            engine_moves: self.engine_moves,
            moves_played: moves_played(&self.referee),
            wall_us: u64::try_from(wall.as_micros()).unwrap_or(u64::MAX),
            engine_us: u64::try_from(self.engine_time.as_micros()).unwrap_or(u64::MAX),
            startup_us: u64::try_from(self.startup_time.as_micros()).unwrap_or(u64::MAX),
            stop_us: u64::try_from(self.stop_time.as_micros()).unwrap_or(u64::MAX),
        }
    }
}

/// The actions of a `SWAP2BOARD` answer with `n` stones on the board, the engine asked
/// taken as the side to move (White): `SWAP` takes Black; stones play on as White.
/// `None` when the answer does not fit.
fn swap2_plan(n: usize, answer: Result<Swap2Answer, MoveLineError>) -> Option<Vec<Action>> {
    match (n, answer) {
        (3, Ok(Swap2Answer::Swap)) => Some(vec![Action::Swap]),
        (3, Ok(Swap2Answer::Points(p))) if p.len() == 1 => {
            Some(vec![Action::Stay, Action::Place { point: p[0] }])
        }
        (3, Ok(Swap2Answer::Points(p))) if p.len() == 2 => Some(vec![
            Action::PlaceTwo,
            Action::Place { point: p[0] },
            Action::Place { point: p[1] },
        ]),
        (5, Ok(Swap2Answer::Swap)) => Some(vec![Action::Stay]),
        (5, Ok(Swap2Answer::Points(p))) if p.len() == 1 => {
            Some(vec![Action::Swap, Action::Place { point: p[0] }])
        }
        _ => None,
    }
}

/// The stones and passes the engine of each seat played: the referee's actions taken
/// in the seat's name (the opening's are taken in no one's).
fn moves_played(referee: &Referee) -> [u32; 2] {
    let mut played = [0; 2];
    for request in referee.actions() {
        let is_move = matches!(request.action, Action::Place { .. } | Action::Pass);
        let seat = request.by.and_then(Party::seat);
        if let (true, Some(seat)) = (is_move, seat) {
            played[seat_index(seat)] += 1;
        }
    }
    played
}

/// The options a match's record is validated with: the match's rules and clock.
fn validation(options: &MatchOptions) -> ValidationOptions {
    ValidationOptions {
        rule_set: options.rule_set,
        opening: options.opening,
        renju: options.renju,
        time_control: options.time_control.clone(),
        ..ValidationOptions::default()
    }
}

/// The reading of an engine's action that took `elapsed`: its thinking time when it
/// is the `first` move of the answer, none for the others (their time is the first's).
fn first_reading(first: bool, elapsed: Duration) -> MoveReading {
    match first {
        true => MoveReading::thought(elapsed_ms(elapsed)),
        false => MoveReading::default(),
    }
}

fn elapsed_ms(d: Duration) -> u64 {
    u64::try_from(d.as_millis()).unwrap_or(u64::MAX)
}
