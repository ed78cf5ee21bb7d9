//! Time controls: how much time each player has, in exact integer milliseconds, and
//! their text forms.
//!
//! A control is, for each colour, a list of [`Period`]s (the last one repeats) and
//! optionally an [`Overtime`] after them:
//!
//! | kind (Chinese rules) | text | model |
//! | --- | --- | --- |
//! | sudden death (包干制) | `5400` | one period, no quota |
//! | several periods (多重时限) | `7200:30/1800`, `40/7200:20/3600:900+30` | periods with move quotas; unused time carries over |
//! | Fischer (加秒制) | `5400+30`, `40/6000+30:900+30` | an increment after every completed move, from move 1 |
//! | byo-yomi (读秒) | SGF `TM[3600]OT[5x30 byo-yomi]` | main time, then 5 periods of one move in 30 s; time left in a period is lost |
//! | Canadian | SGF `TM[1800]OT[15/300 Canadian]` | main time, then 15 moves in every 300 s |
//! | shared (共用时限) | `shared 3600` | one pool for both players until it is split |
//!
//! Two text syntaxes are read, and a control is written in the syntax it was read from:
//! - the PGN `TimeControl` tag, as FIDE's TRF-26 tag 222 extends it (seconds): `?`
//!   unknown, `-` none, `M/S`, `M/S+I`, `S`, `S+I`, periods joined by `:`, and one
//!   control per colour as `W300-B240`; this library adds `shared S` for a shared pool;
//! - SGF: `TM` (main time, seconds) with `OT` (`5x30 byo-yomi`, `15/300 Canadian`,
//!   `30 Fischer`, `60 simple`).
//!
//! It is written in its canonical form, which reads back to an equal control: a zero
//! increment is left out (`40/6000+0` is written `40/6000`), seconds lose trailing
//! zeros (`1.50` is `1.5`), system names are written in lower case in the PGN form and
//! as `byo-yomi` / `Canadian` in SGF (they are read whatever their case), and one
//! overtime period of one move is byo-yomi (`1/30 Canadian` is written
//! `1x30 byo-yomi`: the two are the same control).
//!
//! Refused, with an error that says why: a period of zero seconds (`0`, `40/0`,
//! `3x0 byo-yomi`; only a main time followed by more periods or overtime may be 0), more
//! than [`MAX_OVERTIME_PERIODS`] overtime periods, an empty `TM[]`, an unclosed
//! property (`TM[300]OT[5x30 byo-yomi`), a period over a day and an increment over ten
//! minutes.
//!
//! A period without a move quota that is not the last one is main time: when it runs
//! out, the next period begins (`7200:30/1800` is two hours, then 30 moves in every 30
//! minutes). Two periods without a quota in a row are refused: the first could never
//! end by its moves.
//!
//! ```
//! use renju_records::time_control::TimeControl;
//! let tc: TimeControl = "40/6000+30:900+30".parse().unwrap();
//! assert_eq!(tc.to_string(), "40/6000+30:900+30");
//! let black = tc.schedule(renju_core::Color::Black).unwrap();
//! assert_eq!(black.periods[0].increment_ms, 30_000);
//! let err = "300+30000".parse::<TimeControl>().unwrap_err();
//! assert!(err.to_string().contains("seconds"));
//! let go = TimeControl::from_sgf(Some("3600"), Some("5x30 byo-yomi")).unwrap();
//! assert_eq!(go.to_sgf(), (Some("3600".to_string()), Some("5x30 byo-yomi".to_string())));
//! ```

// Times, counts and move numbers never wrap or panic: every arithmetic on them is
// checked or saturating.
#![warn(clippy::arithmetic_side_effects)]

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use thiserror::Error;

use renju_core::geometry::Color;

/// Milliseconds in a second.
const SECOND: u64 = 1000;
/// Longest period length the text forms accept: a day (anything longer is a unit
/// mistake).
const MAX_PERIOD_MS: u64 = 24 * 3600 * SECOND;
/// Largest increment the text forms accept: ten minutes (anything larger is almost
/// surely milliseconds written as seconds, `300+30000`).
const MAX_INCREMENT_MS: u64 = 600 * SECOND;
/// The most overtime periods a control may have (byo-yomi has 3 or 5, Canadian 1): a
/// larger count is refused with an error naming this limit.
pub const MAX_OVERTIME_PERIODS: u32 = 1000;

/// One period of a control.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Period {
    /// The time the period gives, in milliseconds.
    pub time_ms: u64,
    /// Moves that must be completed within it (`None`: no quota: the rest of the game,
    /// or main time when more periods follow).
    pub moves: Option<u32>,
    /// Added after every move completed in this period (Fischer), in milliseconds.
    pub increment_ms: u64,
}

impl Period {
    /// A period of `seconds` without quota or increment.
    pub fn seconds(seconds: u64) -> Period {
        Period {
            time_ms: seconds.saturating_mul(SECOND),
            moves: None,
            increment_ms: 0,
        }
    }
}

/// Time after the periods run out: byo-yomi (Japanese: several periods of one move) or
/// Canadian (one period of several moves). A period is used up only when its time runs
/// out before its moves are made; otherwise it starts again. Time left in a period is
/// lost.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Overtime {
    /// How many periods (byo-yomi: often 3 or 5; Canadian: 1).
    pub periods: u32,
    /// The length of each period, in milliseconds.
    pub time_ms: u64,
    /// Moves to make within a period for it to start again (byo-yomi: 1).
    pub moves: u32,
}

/// One colour's control: periods (the last repeats), then optionally overtime.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Schedule {
    /// The periods, at least one. The last one repeats when it has a move quota.
    pub periods: Vec<Period>,
    /// Overtime after the periods' time is gone.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub overtime: Option<Overtime>,
}

impl Schedule {
    /// The `index`-th period (0-based), the last one repeating.
    pub fn period(&self, index: usize) -> Period {
        // A schedule without periods (which `check` refuses, but a value built by hand
        // or read by serde may have) gives an empty period rather than a panic.
        match self.periods.len().checked_sub(1) {
            Some(last) => self.periods[index.min(last)],
            None => Period {
                time_ms: 0,
                moves: None,
                increment_ms: 0,
            },
        }
    }

    /// Whether period `index` is main time: no quota, and more periods or overtime
    /// follow, so that running out of it is not a loss.
    pub fn is_main_time(&self, index: usize) -> bool {
        let last = self.periods.len().saturating_sub(1);
        self.period(index).moves.is_none() && (index < last || self.overtime.is_some())
    }

    /// Whether period `index` is the last one: the one where running out loses, and
    /// which every remaining move must fit in.
    pub fn is_last_period(&self, index: usize) -> bool {
        index.saturating_add(1) >= self.periods.len()
            && self.overtime.is_none()
            && self.period(index).moves.is_none()
    }

    /// Whether the schedule is one a clock can run: at least one period, no
    /// sudden-death period before the last, no period of zero length (a main time of
    /// zero is allowed: play starts in what follows), overtime of at most
    /// [`MAX_OVERTIME_PERIODS`] periods of at least one move each and a length above zero.
    pub fn check(&self) -> Result<(), TimeControlError> {
        if self.periods.is_empty() {
            return Err(TimeControlError::new(
                "",
                "a control needs at least one period",
            ));
        }
        for (i, p) in self.periods.iter().enumerate() {
            if p.time_ms == 0 && !self.is_main_time(i) {
                return Err(TimeControlError::new(
                    "",
                    format!(
                        "period {} has no time: a period must last longer than 0 seconds (only a main time followed by more may be 0)",
                        i.saturating_add(1)
                    ),
                ));
            }
        }
        if let Some(o) = &self.overtime {
            if o.periods == 0 || o.periods > MAX_OVERTIME_PERIODS {
                return Err(TimeControlError::new(
                    "",
                    format!(
                        "{} overtime periods: a control has 1 to {MAX_OVERTIME_PERIODS} overtime periods",
                        o.periods
                    ),
                ));
            }
            if o.moves == 0 {
                return Err(TimeControlError::new(
                    "",
                    "an overtime period needs at least one move",
                ));
            }
            if o.time_ms == 0 {
                return Err(TimeControlError::new(
                    "",
                    "an overtime period must last longer than 0 seconds",
                ));
            }
        }
        for (i, w) in self.periods.windows(2).enumerate() {
            if w[0].moves.is_none() && w[1].moves.is_none() {
                return Err(TimeControlError::new(
                    "",
                    format!(
                        "period {} has no move quota and is not the last: it would never end by its moves (a sudden-death period must come last)",
                        i.saturating_add(1)
                    ),
                ));
            }
        }
        Ok(())
    }
}

/// The text form a control was read from, which is the one it is written in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
enum Syntax {
    #[default]
    Pgn,
    Sgf,
}

/// What the control says.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
enum Kind {
    /// `?`: the record does not say.
    Unknown,
    /// `-`: no clock.
    Unlimited,
    /// The same schedule for both colours.
    Both(Schedule),
    /// One schedule per colour (`W300-B240`).
    PerColour { white: Schedule, black: Schedule },
    /// One pool for both players until the referee splits it.
    Shared(Schedule),
    /// SGF `simple`: every move has this long, nothing carries over.
    Simple(u64),
}

/// A time control (see the [module docs](self)). Two controls are equal when they say
/// the same, whichever text form they were read from.
#[derive(Debug, Clone)]
pub struct TimeControl {
    kind: Kind,
    syntax: Syntax,
}

impl PartialEq for TimeControl {
    fn eq(&self, other: &TimeControl) -> bool {
        self.kind == other.kind
    }
}

impl Eq for TimeControl {}

impl std::hash::Hash for TimeControl {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.kind.hash(state);
    }
}

/// A time control's text that could not be read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("time control `{text}`: {reason}")]
pub struct TimeControlError {
    /// The text read.
    pub text: String,
    /// What is wrong.
    pub reason: String,
}

impl TimeControlError {
    fn new(text: &str, reason: impl Into<String>) -> TimeControlError {
        TimeControlError {
            text: text.to_string(),
            reason: reason.into(),
        }
    }
}

impl TimeControl {
    /// The same schedule for both colours.
    pub fn new(schedule: Schedule) -> Result<TimeControl, TimeControlError> {
        schedule.check()?;
        Ok(TimeControl {
            kind: Kind::Both(schedule),
            syntax: Syntax::Pgn,
        })
    }

    /// Sudden death: `seconds` for the whole game.
    pub fn sudden_death(seconds: u64) -> TimeControl {
        TimeControl {
            kind: Kind::Both(Schedule {
                periods: vec![Period::seconds(seconds)],
                overtime: None,
            }),
            syntax: Syntax::Pgn,
        }
    }

    /// Whether the control is known and has a clock (not `?` or `-`).
    pub fn has_clock(&self) -> bool {
        !matches!(self.kind, Kind::Unknown | Kind::Unlimited)
    }

    /// Whether both players draw on one pool until it is split.
    pub fn is_shared(&self) -> bool {
        matches!(self.kind, Kind::Shared(_))
    }

    /// The schedule of `color` (`None` for `?` and `-`). A `simple` control is one
    /// repeating period of one move.
    pub fn schedule(&self, color: Color) -> Option<Schedule> {
        match &self.kind {
            Kind::Unknown | Kind::Unlimited => None,
            Kind::Both(s) | Kind::Shared(s) => Some(s.clone()),
            Kind::PerColour { white, black } => Some(match color {
                Color::Black => black.clone(),
                Color::White => white.clone(),
            }),
            Kind::Simple(ms) => Some(Schedule {
                periods: vec![Period {
                    time_ms: *ms,
                    moves: Some(1),
                    increment_ms: 0,
                }],
                overtime: None,
            }),
        }
    }

    /// Whether unused time of period `index` carries over into the next: always in the
    /// PGN forms, never in `simple`.
    pub fn carries_over(&self) -> bool {
        !matches!(self.kind, Kind::Simple(_))
    }

    /// Reads SGF `TM` (main time in seconds) and `OT` (`5x30 byo-yomi`,
    /// `15/300 Canadian`, `30 Fischer`, `60 simple`).
    pub fn from_sgf(tm: Option<&str>, ot: Option<&str>) -> Result<TimeControl, TimeControlError> {
        let text = format!("TM[{}]OT[{}]", tm.unwrap_or(""), ot.unwrap_or(""));
        let main_ms = match tm.map(str::trim) {
            None => 0,
            Some("") => {
                return Err(TimeControlError::new(
                    &text,
                    "TM is empty: it is the main time in seconds (`TM[0]` for none)",
                ))
            }
            Some(t) => seconds(t, &text)?,
        };
        let ot = ot.map(str::trim).filter(|o| !o.is_empty());
        let main = Period {
            time_ms: main_ms,
            moves: None,
            increment_ms: 0,
        };
        let kind = match ot {
            None => {
                if tm.is_none() {
                    return Err(TimeControlError::new(&text, "neither TM nor OT is given"));
                }
                Kind::Both(Schedule {
                    periods: vec![main],
                    overtime: None,
                })
            }
            Some(ot) => sgf_overtime(ot, main, &text)?,
        };
        if let Kind::Both(schedule) = &kind {
            schedule
                .check()
                .map_err(|e| TimeControlError::new(&text, e.reason))?;
        }
        Ok(TimeControl {
            kind,
            syntax: Syntax::Sgf,
        })
    }

    /// The SGF `TM` and `OT` values of the control (`None` where SGF has nothing to say;
    /// a control with move quotas or per-colour times has no SGF form: both `None`).
    pub fn to_sgf(&self) -> (Option<String>, Option<String>) {
        let secs = |ms: u64| format_seconds(ms);
        match &self.kind {
            Kind::Simple(ms) => (None, Some(format!("{} simple", secs(*ms)))),
            Kind::Both(Schedule { periods, overtime })
                if periods.len() == 1 && periods[0].moves.is_none() =>
            {
                let main = periods[0];
                let ot = match overtime {
                    // OT holds the overtime or the increment, not both.
                    Some(_) if main.increment_ms > 0 => return (None, None),
                    Some(o) if o.moves == 1 => {
                        Some(format!("{}x{} byo-yomi", o.periods, secs(o.time_ms)))
                    }
                    Some(o) if o.periods == 1 => {
                        Some(format!("{}/{} Canadian", o.moves, secs(o.time_ms)))
                    }
                    Some(_) => return (None, None),
                    None if main.increment_ms > 0 => {
                        Some(format!("{} Fischer", secs(main.increment_ms)))
                    }
                    None => None,
                };
                (Some(secs(main.time_ms)), ot)
            }
            _ => (None, None),
        }
    }

    fn parse_pgn(text: &str) -> Result<TimeControl, TimeControlError> {
        let t = text.trim();
        let kind = match t {
            "?" => Kind::Unknown,
            "-" => Kind::Unlimited,
            _ if t.starts_with('W') || t.starts_with('w') => {
                let (w, b) = t[1..].split_once(['-']).ok_or_else(|| {
                    TimeControlError::new(text, "a control per colour is `W<control>-B<control>`")
                })?;
                let b = b.strip_prefix(['B', 'b']).ok_or_else(|| {
                    TimeControlError::new(text, "a control per colour is `W<control>-B<control>`")
                })?;
                Kind::PerColour {
                    white: schedule(w, text)?,
                    black: schedule(b, text)?,
                }
            }
            _ if t.starts_with('*') => {
                return Err(TimeControlError::new(
                    text,
                    "sandclock controls (`*S`) are not part of the renju rules",
                ))
            }
            _ => match t.strip_prefix("shared ") {
                Some(rest) => Kind::Shared(schedule(rest, text)?),
                None => Kind::Both(schedule(t, text)?),
            },
        };
        Ok(TimeControl {
            kind,
            syntax: Syntax::Pgn,
        })
    }

    fn format_pgn(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            Kind::Unknown => f.write_str("?"),
            Kind::Unlimited => f.write_str("-"),
            Kind::Both(s) => write_schedule(f, s),
            Kind::Shared(s) => {
                f.write_str("shared ")?;
                write_schedule(f, s)
            }
            Kind::PerColour { white, black } => {
                f.write_str("W")?;
                write_schedule(f, white)?;
                f.write_str("-B")?;
                write_schedule(f, black)
            }
            Kind::Simple(ms) => write!(f, "1/{}", format_seconds(*ms)),
        }
    }
}

fn write_schedule(f: &mut fmt::Formatter<'_>, s: &Schedule) -> fmt::Result {
    for (i, p) in s.periods.iter().enumerate() {
        if i > 0 {
            f.write_str(":")?;
        }
        if let Some(m) = p.moves {
            write!(f, "{m}/")?;
        }
        f.write_str(&format_seconds(p.time_ms))?;
        if p.increment_ms > 0 {
            write!(f, "+{}", format_seconds(p.increment_ms))?;
        }
    }
    if let Some(o) = &s.overtime {
        // No PGN form: written in this library's own words, read back by `schedule`.
        if o.moves == 1 {
            write!(f, " byo-yomi {}x{}", o.periods, format_seconds(o.time_ms))?;
        } else {
            write!(f, " canadian {}/{}", o.moves, format_seconds(o.time_ms))?;
        }
    }
    Ok(())
}

/// `40/7200:20/3600:900+30` (and this library's ` byo-yomi 5x30` / ` canadian 15/300`
/// suffix for overtime).
fn schedule(text: &str, whole: &str) -> Result<Schedule, TimeControlError> {
    let (main, overtime) = match text.split_once(' ') {
        Some((main, rest)) => {
            let (system, value) = rest.trim().split_once(' ').ok_or_else(|| {
                TimeControlError::new(whole, "overtime is ` byo-yomi NxS` or ` canadian M/S`")
            })?;
            // System names are read whatever their case, as in the SGF form.
            let o = match system.to_ascii_lowercase().as_str() {
                "byo-yomi" | "byoyomi" => {
                    let (n, s) = value
                        .split_once('x')
                        .ok_or_else(|| TimeControlError::new(whole, "byo-yomi is `NxS`"))?;
                    Overtime {
                        periods: count(n, whole, "byo-yomi periods")?,
                        time_ms: seconds(s, whole)?,
                        moves: 1,
                    }
                }
                "canadian" => {
                    let (m, s) = value.split_once('/').ok_or_else(|| {
                        TimeControlError::new(whole, "Canadian overtime is `M/S`")
                    })?;
                    Overtime {
                        periods: 1,
                        time_ms: seconds(s, whole)?,
                        moves: count(m, whole, "Canadian moves")?,
                    }
                }
                other => {
                    return Err(TimeControlError::new(
                        whole,
                        format!("unknown overtime `{other}` (expected byo-yomi or canadian)"),
                    ))
                }
            };
            (main, Some(o))
        }
        None => (text, None),
    };
    let mut periods = Vec::new();
    for part in main.split(':') {
        let (quota, rest) = match part.split_once('/') {
            Some((m, rest)) => (Some(count(m, whole, "moves")?), rest),
            None => (None, part),
        };
        let (time, inc) = match rest.split_once('+') {
            Some((t, i)) => (t, Some(i)),
            None => (rest, None),
        };
        periods.push(Period {
            time_ms: seconds(time, whole)?,
            moves: quota,
            increment_ms: match inc {
                Some(i) => increment(i, whole)?,
                None => 0,
            },
        });
    }
    let schedule = Schedule { periods, overtime };
    schedule
        .check()
        .map_err(|e| TimeControlError::new(whole, e.reason))?;
    Ok(schedule)
}

/// Seconds (a whole number, or with up to three decimals) as milliseconds.
fn seconds(text: &str, whole: &str) -> Result<u64, TimeControlError> {
    let t = text.trim();
    let bad = || TimeControlError::new(whole, format!("`{t}` is not a number of seconds"));
    let (int, frac) = match t.split_once('.') {
        Some((i, f)) => (i, f),
        None => (t, ""),
    };
    if int.is_empty()
        || !int.bytes().all(|b| b.is_ascii_digit())
        || !frac.bytes().all(|b| b.is_ascii_digit())
        || frac.len() > 3
    {
        return Err(bad());
    }
    let whole_secs: u64 = int.parse().map_err(|_| bad())?;
    let millis: u64 = format!("{frac:0<3}").parse().map_err(|_| bad())?;
    let ms = whole_secs
        .checked_mul(SECOND)
        .and_then(|ms| ms.checked_add(millis))
        .ok_or_else(bad)?;
    if ms > MAX_PERIOD_MS {
        return Err(TimeControlError::new(
            whole,
            format!(
                "{t} seconds is more than a day: the text is in seconds (were these milliseconds?)"
            ),
        ));
    }
    Ok(ms)
}

fn increment(text: &str, whole: &str) -> Result<u64, TimeControlError> {
    let ms = seconds(text, whole)?;
    if ms > MAX_INCREMENT_MS {
        return Err(TimeControlError::new(
            whole,
            format!(
                "an increment of {} seconds is over ten minutes: increments are in seconds (were these milliseconds?)",
                text.trim()
            ),
        ));
    }
    Ok(ms)
}

fn count(text: &str, whole: &str, what: &str) -> Result<u32, TimeControlError> {
    text.trim()
        .parse::<u32>()
        .ok()
        .filter(|&n| n > 0)
        .ok_or_else(|| {
            TimeControlError::new(
                whole,
                format!("`{}` is not a number of {what}", text.trim()),
            )
        })
}

/// Milliseconds as the text forms write seconds: `300`, `12.5`, `0.005`.
///
/// ```
/// use renju_records::time_control::{format_clock, format_seconds};
/// assert_eq!(format_seconds(12_500), "12.5");
/// assert_eq!(format_clock(292_500), "4:52.500");
/// assert_eq!(format_clock(3_723_000), "1:02:03");
/// ```
pub fn format_seconds(ms: u64) -> String {
    if ms.is_multiple_of(SECOND) {
        (ms / SECOND).to_string()
    } else {
        let s = format!("{}.{:03}", ms / SECOND, ms % SECOND);
        s.trim_end_matches('0').to_string()
    }
}

/// Milliseconds as a clock shows them: `m:ss`, or `h:mm:ss` from an hour, with the
/// milliseconds after a point when there are any.
pub fn format_clock(ms: u64) -> String {
    let s = ms / SECOND;
    let text = if s >= 3600 {
        format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
    } else {
        format!("{}:{:02}", s / 60, s % 60)
    };
    match ms % SECOND {
        0 => text,
        frac => format!("{text}.{frac:03}"),
    }
}

impl FromStr for TimeControl {
    type Err = TimeControlError;

    /// Reads the PGN / TRF-26 form, or `TM[...]OT[...]` for the SGF form.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let t = s.trim();
        if t.starts_with("TM[") || t.starts_with("OT[") {
            // `TM[..]OT[..]`: each property once, each closed, nothing else.
            let (mut tm, mut ot) = (None, None);
            let mut rest = t;
            while !rest.is_empty() {
                let Some((name, after)) = rest.split_once('[') else {
                    return Err(TimeControlError::new(
                        t,
                        format!("`{rest}` is not a TM[..] or OT[..] property"),
                    ));
                };
                let Some((value, next)) = after.split_once(']') else {
                    return Err(TimeControlError::new(
                        t,
                        format!("`{name}[` has no closing `]`"),
                    ));
                };
                let slot = match name.trim() {
                    "TM" => &mut tm,
                    "OT" => &mut ot,
                    other => {
                        return Err(TimeControlError::new(
                            t,
                            format!("`{other}` is not TM or OT"),
                        ))
                    }
                };
                if slot.replace(value).is_some() {
                    return Err(TimeControlError::new(
                        t,
                        format!("{} is given twice", name.trim()),
                    ));
                }
                rest = next.trim_start();
            }
            return TimeControl::from_sgf(tm, ot);
        }
        TimeControl::parse_pgn(t)
    }
}

/// The text the control was read from (PGN / TRF-26 form, or `TM[..]OT[..]`).
impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.syntax {
            Syntax::Pgn => self.format_pgn(f),
            Syntax::Sgf => {
                let (tm, ot) = self.to_sgf();
                if let Some(tm) = tm {
                    write!(f, "TM[{tm}]")?;
                }
                if let Some(ot) = ot {
                    write!(f, "OT[{ot}]")?;
                }
                Ok(())
            }
        }
    }
}

impl Serialize for TimeControl {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for TimeControl {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        String::deserialize(d)?
            .parse()
            .map_err(serde::de::Error::custom)
    }
}

/// The kind of control of an SGF `OT` value `ot` (`5x30 byo-yomi`, `15/300 Canadian`,
/// `30 Fischer`, `60 simple`) after the main period `main`; `text` names the control in
/// errors.
fn sgf_overtime(ot: &str, main: Period, text: &str) -> Result<Kind, TimeControlError> {
    let (value, system) = ot.split_once(' ').ok_or_else(|| {
        TimeControlError::new(
            text,
            "OT is `VALUE SYSTEM` (`5x30 byo-yomi`, `15/300 Canadian`, `30 Fischer`, `60 simple`)",
        )
    })?;
    let with_overtime = |overtime| {
        Kind::Both(Schedule {
            periods: vec![main],
            overtime: Some(overtime),
        })
    };
    Ok(match system.trim().to_ascii_lowercase().as_str() {
        "byo-yomi" | "byoyomi" => {
            let (n, s) = value.split_once('x').ok_or_else(|| {
                TimeControlError::new(text, "byo-yomi is `PERIODSxSECONDS byo-yomi`")
            })?;
            with_overtime(Overtime {
                periods: count(n, text, "byo-yomi periods")?,
                time_ms: seconds(s, text)?,
                moves: 1,
            })
        }
        "canadian" => {
            let (m, s) = value.split_once('/').ok_or_else(|| {
                TimeControlError::new(text, "Canadian overtime is `MOVES/SECONDS Canadian`")
            })?;
            with_overtime(Overtime {
                periods: 1,
                time_ms: seconds(s, text)?,
                moves: count(m, text, "Canadian moves")?,
            })
        }
        "fischer" => Kind::Both(Schedule {
            periods: vec![Period {
                increment_ms: increment(value, text)?,
                ..main
            }],
            overtime: None,
        }),
        "simple" => {
            if main.time_ms != 0 {
                return Err(TimeControlError::new(
                    text,
                    "simple time has no main time (TM must be 0 or absent)",
                ));
            }
            let ms = seconds(value, text)?;
            if ms == 0 {
                return Err(TimeControlError::new(
                    text,
                    "a simple period must last longer than 0 seconds",
                ));
            }
            Kind::Simple(ms)
        }
        other => {
            return Err(TimeControlError::new(
                text,
                format!("unknown overtime system `{other}` (expected byo-yomi, Canadian, Fischer or simple)"),
            ))
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pgn_forms_round_trip() {
        for text in [
            "?",
            "-",
            "5400",
            "5400+30",
            "40/9000",
            "40/7200:20/3600:900+30",
            "40/6000+30:900+30",
            "40/6000+30:20/3000+30:1500+30",
            "7200:30/1800",
            "W300-B240",
            "60+1",
            "1.5",
            "shared 3600",
            "3600 byo-yomi 5x30",
            "1800 canadian 15/300",
        ] {
            let tc: TimeControl = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(tc.to_string(), text);
        }
    }

    #[test]
    fn sgf_forms_round_trip() {
        for (tm, ot) in [
            (Some("3600"), Some("5x30 byo-yomi")),
            (Some("1800"), Some("15/300 Canadian")),
            (Some("300"), Some("30 Fischer")),
            (None, Some("60 simple")),
            (Some("900"), None),
        ] {
            let tc = TimeControl::from_sgf(tm, ot).unwrap();
            assert_eq!(
                tc.to_sgf(),
                (tm.map(str::to_string), ot.map(str::to_string))
            );
            let text = tc.to_string();
            assert_eq!(text.parse::<TimeControl>().unwrap(), tc, "{text}");
        }
    }

    #[test]
    fn errors_say_what_is_wrong() {
        for (text, needle) in [
            ("300+a", "`a` is not a number of seconds"),
            ("40/abc", "`abc` is not a number of seconds"),
            ("abc", "`abc` is not a number of seconds"),
            ("300:600", "sudden-death period must come last"),
            ("300+30000", "were these milliseconds"),
            ("5400000", "more than a day"),
            ("0/300", "not a number of moves"),
            ("*180", "sandclock"),
            ("W300", "per colour"),
            ("", "not a number of seconds"),
        ] {
            let e = text.parse::<TimeControl>().unwrap_err();
            assert!(e.to_string().contains(needle), "{text}: {e}");
            assert_eq!(e.text, text);
        }
        for (tm, ot, needle) in [
            (Some("x"), None, "not a number of seconds"),
            (Some("60"), Some("5 byo-yomi"), "PERIODSxSECONDS"),
            (Some("60"), Some("30 hourglass"), "unknown overtime system"),
            (Some("60"), Some("60 simple"), "no main time"),
            (None, None, "neither"),
        ] {
            let e = TimeControl::from_sgf(tm, ot).unwrap_err();
            assert!(e.to_string().contains(needle), "{tm:?} {ot:?}: {e}");
        }
    }

    #[test]
    fn periods_repeat_and_main_time_is_recognised() {
        let tc: TimeControl = "7200:30/1800".parse().unwrap();
        let s = tc.schedule(Color::Black).unwrap();
        assert!(s.is_main_time(0));
        assert_eq!(s.period(5).moves, Some(30));
        assert!(!s.is_last_period(1));
        let sd: TimeControl = "5400+30".parse().unwrap();
        assert!(sd.schedule(Color::Black).unwrap().is_last_period(0));
    }
}
