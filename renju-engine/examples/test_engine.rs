//! A Gomocup (Piskvork) protocol engine for testing `renju match`, with a behaviour per
//! `--mode`:
//!
//! ```text
//! test_engine [--mode MODE] [--seed N] [--moves "d8 e8 ..."] [--after N]
//!             [--delay MS] [--swap2 swap|stay|two] [--swap2-fields] [--template]
//!             [--pid-dir DIR] [--child] [--startup-delay MS]
//! ```
//!
//! * `random` (default): a legal move, drawn with the seed from the position (so the
//!   same position gives the same move in any process, whatever it played before):
//!   a five when it has one, else a block of the opponent's five, else a random empty
//!   point next to a stone that is not forbidden for Black.
//! * `first`: the first empty point row by row from the top-left (instant).
//! * `sparse`: the first empty point of a sparse grid (every third column and row),
//!   which never makes five: a harmless opponent.
//! * `script`: plays `--moves` (renju notation) in order, skipping points taken, then
//!   as `sparse`.
//! * `foul`: `script` with `f8 g8 h6 h7 h8`: Black's fifth stone is a double-three.
//! * `five-overline`: `script` with `d8 e8 f8 g8 h5 h6 h7 h9 h10 h8`: Black's last stone
//!   makes an exact five in row 8 and an overline in column h (a win).
//! * `slow`: waits `--delay` ms (default an hour) before each move after `--after`.
//! * `crash`: exits with status 3 instead of its move after `--after` moves.
//! * `garbage`: prints nonsense instead of its move after `--after` moves.
//! * `illegal`: plays on the opponent's last stone after `--after` moves.
//! * `pass`: answers `-1,-1` (a pass) after `--after` moves.
//!
//! Every mode plays as `random` before `--after` moves (default 0). `SWAP2BOARD` is
//! answered only with `--swap2` (otherwise `UNKNOWN`): with no stones it gives three
//! near the centre; with three it swaps (`swap`), stays and plays stone 4 (`stay`) or
//! places stones 4 and 5 (`two`); with five it swaps under `swap` and plays stone 6
//! otherwise. With `--swap2-fields` it reads `SWAP2BOARD` stones as `BOARD` lines, as
//! Rapfi does: a bare `x,y` line gets `ERROR` and is left out, and the answer follows
//! for the stones read. With `--template` it does not know `SWAP2BOARD` at all and, as
//! engines built on the usual protocol template do, answers `UNKNOWN` to each of its
//! lines (the command, every stone and `DONE`). `--pid-dir DIR` writes the process id (and with `--child` that of a
//! `sleep` child it starts in its process group) as empty files named by the ids.
//! `--startup-delay MS` sleeps on `INFO max_memory`, as Rapfi sets itself up then.
//!
//! Built with the tests (`cargo test -p renju-engine` builds examples).

use std::io::{self, BufRead, Write};
use std::process::exit;

use renju_core::{Move, Point, Position, RuleSet, Verdict};

#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    Random,
    First,
    Sparse,
    Script,
    Slow,
    Crash,
    Garbage,
    Illegal,
    Pass,
}

struct Engine {
    mode: Mode,
    seed: u64,
    script: Vec<Point>,
    after: usize,
    delay_ms: u64,
    swap2: Option<String>,
    size: u8,
    rule: RuleSet,
    moves: Vec<Move>,
    played: usize,
}

fn fnv(seed: u64, moves: &[Move]) -> u64 {
    let mut h = 0xcbf2_9ce4_8422_2325u64 ^ seed;
    for m in moves {
        let v = match m {
            Move::Stone(p) => u64::from(p.x()) * 32 + u64::from(p.y()) + 1,
            Move::Pass => 0,
        };
        h ^= v;
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h ^ (h >> 29)
}

impl Engine {
    fn position(&self) -> Position {
        let mut pos =
            Position::with_size(self.rule, self.size).unwrap_or_else(|_| Position::new(self.rule));
        for &m in &self.moves {
            let _ = pos.play_quiet(m);
        }
        pos
    }

    fn xy(&self, p: Point) -> String {
        format!("{},{}", p.x(), self.size - 1 - p.y())
    }

    fn point(&self, text: &str) -> Option<Point> {
        let (x, y) = text.trim().split_once(',')?;
        let x: u8 = x.trim().parse().ok()?;
        let y: u8 = y.trim().split(',').next()?.trim().parse().ok()?;
        if x >= self.size || y >= self.size {
            return None;
        }
        Point::new(x, self.size - 1 - y)
    }

    fn empty(&self, pos: &Position) -> Vec<Point> {
        (0..self.size)
            .rev()
            .flat_map(|y| (0..self.size).filter_map(move |x| Point::new(x, y)))
            .filter(|&p| pos.board().get(p).is_none())
            .collect()
    }

    fn legal(&self, pos: &Position, p: Point) -> bool {
        !matches!(
            pos.verdict(Move::Stone(p)),
            Ok(Verdict::Forbidden(_)) | Err(_)
        )
    }

    fn sparse(&self, pos: &Position) -> Option<Point> {
        self.empty(pos)
            .into_iter()
            .find(|p| {
                p.x().is_multiple_of(3)
                    && (self.size - 1 - p.y()).is_multiple_of(3)
                    && self.legal(pos, *p)
            })
            .or_else(|| self.empty(pos).into_iter().find(|&p| self.legal(pos, p)))
    }

    fn random(&self, pos: &Position) -> Option<Point> {
        let empty = self.empty(pos);
        if self.moves.is_empty() {
            return Point::new(self.size / 2, self.size / 2);
        }
        let near: Vec<Point> = empty
            .iter()
            .copied()
            .filter(|p| {
                pos.moves().any(|m| match m {
                    Move::Stone(q) => p.x().abs_diff(q.x()) <= 1 && p.y().abs_diff(q.y()) <= 1,
                    Move::Pass => false,
                })
            })
            .collect();
        for &p in &near {
            if let Ok(Verdict::Wins { .. }) = pos.verdict(Move::Stone(p)) {
                return Some(p);
            }
        }
        // The opponent's five, if it had the move.
        let mut other = pos.clone();
        if other.play_quiet(Move::Pass).is_ok() {
            for &p in &near {
                if let Ok(Verdict::Wins { .. }) = other.verdict(Move::Stone(p)) {
                    if self.legal(pos, p) {
                        return Some(p);
                    }
                }
            }
        }
        let legal: Vec<Point> = near.into_iter().filter(|&p| self.legal(pos, p)).collect();
        let pool = if legal.is_empty() {
            empty.into_iter().filter(|&p| self.legal(pos, p)).collect()
        } else {
            legal
        };
        if pool.is_empty() {
            return None;
        }
        Some(pool[(fnv(self.seed, &self.moves) % pool.len() as u64) as usize])
    }

    fn choose(&mut self) -> String {
        let pos = self.position();
        let late = self.played >= self.after;
        self.played += 1;
        if late {
            match self.mode {
                Mode::Slow => std::thread::sleep(std::time::Duration::from_millis(self.delay_ms)),
                Mode::Crash => exit(3),
                Mode::Garbage => return "I think therefore I am".into(),
                Mode::Pass => return "-1,-1".into(),
                Mode::Illegal => {
                    if let Some(Move::Stone(p)) = self.moves.last() {
                        return self.xy(*p);
                    }
                }
                _ => {}
            }
        }
        let pick = match self.mode {
            Mode::First => self.empty(&pos).into_iter().find(|&p| self.legal(&pos, p)),
            Mode::Sparse => self.sparse(&pos),
            Mode::Script => self
                .script
                .iter()
                .copied()
                .find(|&p| pos.board().get(p).is_none())
                .or_else(|| self.sparse(&pos)),
            _ => self.random(&pos),
        };
        match pick {
            Some(p) => {
                self.moves.push(Move::Stone(p));
                self.xy(p)
            }
            None => "-1,-1".into(),
        }
    }

    fn swap2(&mut self, stones: Vec<Point>) -> String {
        let Some(answer) = self.swap2.clone() else {
            return "UNKNOWN".into();
        };
        let c = self.size / 2;
        let at = |dx: i8, dy: i8| {
            Point::new((c as i8 + dx) as u8, (c as i8 + dy) as u8).expect("near the centre")
        };
        self.moves = stones.iter().map(|&p| Move::Stone(p)).collect();
        match stones.len() {
            0 => [at(0, 0), at(1, 0), at(1, 1)]
                .iter()
                .map(|&p| self.xy(p))
                .collect::<Vec<_>>()
                .join(" "),
            3 => match answer.as_str() {
                "swap" => "SWAP".into(),
                "two" => {
                    let pos = self.position();
                    let a = self.random(&pos).unwrap_or(at(-2, -2));
                    self.moves.push(Move::Stone(a));
                    let pos = self.position();
                    let b = self.random(&pos).unwrap_or(at(2, 2));
                    format!("{} {}", self.xy(a), self.xy(b))
                }
                _ => self.choose(),
            },
            _ => match answer.as_str() {
                "swap" => "SWAP".into(),
                _ => self.choose(),
            },
        }
    }
}

/// The engine the command line asks for (and its mode's name); writes the process ids
/// under `--pid-dir`.
fn engine_of(args: &[String]) -> (Engine, String) {
    let value = |key: &str| {
        args.iter()
            .position(|a| a == key)
            .and_then(|i| args.get(i + 1))
            .cloned()
    };
    let mode_name = value("--mode").unwrap_or_else(|| "random".into());
    let (mode, script) = match mode_name.as_str() {
        "random" => (Mode::Random, String::new()),
        "first" => (Mode::First, String::new()),
        "sparse" => (Mode::Sparse, String::new()),
        "script" => (Mode::Script, value("--moves").unwrap_or_default()),
        "foul" => (Mode::Script, "f8 g8 h6 h7 h8".into()),
        "five-overline" => (Mode::Script, "d8 e8 f8 g8 h5 h6 h7 h9 h10 h8".into()),
        "slow" => (Mode::Slow, String::new()),
        "crash" => (Mode::Crash, String::new()),
        "garbage" => (Mode::Garbage, String::new()),
        "illegal" => (Mode::Illegal, String::new()),
        "pass" => (Mode::Pass, String::new()),
        other => {
            eprintln!("unknown mode {other}");
            exit(2);
        }
    };
    let script = script
        .split_whitespace()
        .filter_map(|s| s.parse::<Point>().ok())
        .collect();
    if let Some(dir) = value("--pid-dir") {
        let _ = std::fs::write(format!("{dir}/{}", std::process::id()), b"");
        if args.iter().any(|a| a == "--child") {
            if let Ok(child) = std::process::Command::new("sleep").arg("3600").spawn() {
                let _ = std::fs::write(format!("{dir}/{}", child.id()), b"");
            }
        }
    }
    let engine = Engine {
        mode,
        seed: value("--seed").and_then(|s| s.parse().ok()).unwrap_or(1),
        script,
        after: value("--after").and_then(|s| s.parse().ok()).unwrap_or(0),
        delay_ms: value("--delay")
            .and_then(|s| s.parse().ok())
            .unwrap_or(3_600_000),
        swap2: value("--swap2"),
        size: 15,
        rule: RuleSet::Renju,
        moves: Vec::new(),
        played: 0,
    };
    (engine, mode_name)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (mut engine, mode_name) = engine_of(&args);
    let startup_delay: u64 = (args.iter().position(|a| a == "--startup-delay"))
        .and_then(|i| args.get(i + 1))
        .and_then(|v| v.parse().ok())
        .unwrap_or(0);
    let swap2_fields = args.iter().any(|a| a == "--swap2-fields");
    let template = args.iter().any(|a| a == "--template");
    let stdin = io::stdin();
    let mut out = io::stdout();
    let mut lines = stdin.lock().lines();
    let mut say = |text: &str| {
        let _ = writeln!(out, "{text}");
        let _ = out.flush();
    };
    while let Some(Ok(line)) = lines.next() {
        let line = line.trim().to_string();
        let upper = line.to_ascii_uppercase();
        let word = upper.split_whitespace().next().unwrap_or("").to_string();
        match word.as_str() {
            "START" => {
                engine.size = line[5..].trim().parse().unwrap_or(15);
                engine.moves.clear();
                say("OK");
            }
            "RESTART" => {
                engine.moves.clear();
                say("OK");
            }
            "INFO" => {
                if line.split_whitespace().nth(1) == Some("max_memory") {
                    // Setting up after the INFO lines, as Rapfi allocates its hash.
                    std::thread::sleep(std::time::Duration::from_millis(startup_delay));
                }
                let mut parts = line.split_whitespace().skip(1);
                if parts.next() == Some("rule") {
                    engine.rule = match parts.next() {
                        Some("0") => RuleSet::Freestyle,
                        Some("1") => RuleSet::Standard,
                        Some("8") => RuleSet::Caro,
                        _ => RuleSet::Renju,
                    };
                }
            }
            "BEGIN" => {
                engine.moves.clear();
                let m = engine.choose();
                say(&m);
            }
            "TURN" => {
                if let Some(p) = engine.point(&line[4..]) {
                    engine.moves.push(Move::Stone(p));
                }
                let m = engine.choose();
                say(&m);
            }
            "BOARD" | "SWAP2BOARD" if !(template && word == "SWAP2BOARD") => {
                let mut stones = Vec::new();
                for l in lines.by_ref() {
                    let Ok(l) = l else { exit(0) };
                    if l.trim().eq_ignore_ascii_case("DONE") {
                        break;
                    }
                    let bare = l.trim().split(',').count() < 3;
                    if word == "SWAP2BOARD" && swap2_fields && bare {
                        say("ERROR Color is not a valid value, must be one of [1, 2, 3].");
                        continue;
                    }
                    if let Some(p) = engine.point(&l) {
                        stones.push(p);
                    }
                }
                if word == "BOARD" {
                    engine.moves = stones.into_iter().map(Move::Stone).collect();
                    let m = engine.choose();
                    say(&m);
                } else {
                    let m = engine.swap2(stones);
                    say(&m);
                }
            }
            "ABOUT" => say(&format!("name=\"test-{mode_name}\", version=\"1\"")),
            "END" => exit(0),
            "" => {}
            _ => say(&format!("UNKNOWN {line}")),
        }
    }
}
