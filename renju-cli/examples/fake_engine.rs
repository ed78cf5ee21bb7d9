//! A test engine for `renju conform`, backed by the library, that can make the classic
//! mistakes of forbidden-move judges on purpose.
//!
//! ```text
//! fake_engine [--protocol jsonl|gomocup] [--mistake MISTAKE] [--no-forbid-query] [--yes-no]
//! ```
//!
//! Mistakes: `none` (faithful), `other-reading` (the other reading of the disputed
//! case), `no-recursion` (a three is real when it has any straight-four point, forbidden
//! or not), `depth-N` (the recursion stops N levels down, the points below taken as
//! legal), `overline-beats-five` (an exact five that also makes an overline is ruled an
//! overline), `same-line-double-four`
//! (two fours on one line count as one), `hang` (never answers the second position),
//! `crash` (exits on the second position), `garbage` (prints nonsense for the second
//! position), `wrong-priority` (reports a double-three before an overline or a
//! double-four). With `--no-forbid-query` the gomocup engine answers `UNKNOWN` to
//! `YXSHOWFORBID` and plays moves instead: the first point, row by row from a1, that
//! looks like a foul and that its judge calls legal (a "tactical" engine), else the
//! first empty point that its judge calls legal. With `--yes-no` the jsonl engine
//! answers `true` for each forbidden point instead of its foul.
//!
//! Built by `cargo test -p renju-cli` (examples are built with the tests), used by
//! `renju-cli/tests/conform_cli.rs`.

use std::io::{self, BufRead, Write};
use std::process::exit;

use renju_core::{Board, Color, Explanation, FoulKind, Point, Position, RenjuOptions, RuleSet};
use renju_engine::conform::families::capped_foul;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Mistake {
    None,
    OtherReading,
    NoRecursion,
    Depth(usize),
    SameLineDoubleFour,
    Hang,
    Crash,
    Garbage,
    WrongPriority,
    OverlineBeatsFive,
}

/// The library's judge with one mistake, made at the point asked about (the nested
/// checks of the recursive rule are the library's, cut short by `depth`).
struct Judge {
    depth: Option<usize>,
    same_line: bool,
    /// Reports a double-three before the other fouls.
    threes_first: bool,
    /// Rules an overline a foul even when the stone also makes an exact five.
    overline_beats_five: bool,
}

impl Judge {
    /// The foul of a black stone from its explanation, with the mistakes applied.
    fn foul(&self, ex: &Explanation) -> Option<FoulKind> {
        if self.overline_beats_five && !ex.overlines.is_empty() {
            return Some(FoulKind::Overline);
        }
        let right = capped_foul(ex, ex, self.depth);
        // What the stone is without its overline and fours: a double-three or nothing.
        let threes = || {
            let mut only_threes = ex.clone();
            only_threes.overlines.clear();
            only_threes.fours.clear();
            capped_foul(ex, &only_threes, self.depth)
        };
        if self.threes_first && right.is_some() && threes().is_some() {
            return threes();
        }
        if self.same_line && right == Some(FoulKind::DoubleFour) && ex.overlines.is_empty() {
            let mut dirs: Vec<usize> = ex.fours.iter().map(|f| f.direction.index()).collect();
            dirs.sort_unstable();
            dirs.dedup();
            if dirs.len() < 2 {
                return threes();
            }
        }
        right
    }

    fn map(&self, pos: &Position) -> Vec<(Point, FoulKind)> {
        let board = pos.board();
        board
            .empty_points()
            .filter_map(|p| {
                let ex = pos.explain(p).ok()?;
                self.foul(&ex).map(|k| (p, k))
            })
            .collect()
    }
}

/// The command line: the protocol, the mistake, whether `YXSHOWFORBID` is known, and
/// whether jsonl answers are yes or no.
struct Args {
    protocol: String,
    mistake: Mistake,
    forbid_query: bool,
    yes_no: bool,
}

fn mistake_of(name: &str) -> Mistake {
    match name {
        "none" => Mistake::None,
        "other-reading" => Mistake::OtherReading,
        "no-recursion" => Mistake::NoRecursion,
        "overline-beats-five" => Mistake::OverlineBeatsFive,
        "same-line-double-four" => Mistake::SameLineDoubleFour,
        "hang" => Mistake::Hang,
        "crash" => Mistake::Crash,
        "garbage" => Mistake::Garbage,
        "wrong-priority" => Mistake::WrongPriority,
        other => match other.strip_prefix("depth-").map(str::parse) {
            Some(Ok(n)) => Mistake::Depth(n),
            _ => {
                eprintln!("fake_engine: unknown mistake `{other}`");
                exit(2)
            }
        },
    }
}

fn args() -> Args {
    let mut out = Args {
        protocol: "jsonl".to_string(),
        mistake: Mistake::None,
        forbid_query: true,
        yes_no: false,
    };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--protocol" => out.protocol = args.next().unwrap_or_default(),
            "--no-forbid-query" => out.forbid_query = false,
            "--yes-no" => out.yes_no = true,
            "--mistake" => out.mistake = mistake_of(&args.next().unwrap_or_default()),
            other => {
                eprintln!("fake_engine: unknown argument `{other}`");
                exit(2)
            }
        }
    }
    out
}

/// The engine: its judge, its mistake, and how many positions it was asked.
struct Fake {
    args: Args,
    judge: Judge,
    asked: usize,
}

impl Fake {
    /// Whether the hang, crash or garbage mistake strikes now (on the second position).
    fn strike(&mut self) -> bool {
        self.asked += 1;
        if self.asked == 2 {
            match self.args.mistake {
                Mistake::Hang => loop {
                    std::thread::sleep(std::time::Duration::from_secs(60));
                },
                Mistake::Crash => exit(101),
                Mistake::Garbage => return true,
                _ => {}
            }
        }
        false
    }

    /// The reading the engine applies when `fcc` is asked.
    fn reading(&self, fcc: bool) -> RenjuOptions {
        RenjuOptions {
            five_completion_counts: fcc != (self.args.mistake == Mistake::OtherReading),
        }
    }

    /// The answer to one jsonl line.
    fn jsonl_answer(&mut self, line: &str) -> String {
        let v: serde_json::Value = serde_json::from_str(line).expect("JSON input");
        if self.strike() {
            return "forbidden: h8, maybe?".into();
        }
        let rows: Vec<String> = v["board"]
            .as_array()
            .expect("board")
            .iter()
            .map(|r| r.as_str().expect("row").to_string())
            .collect();
        let fcc = v["five_completion_counts"].as_bool().unwrap_or(false);
        let pos = position(&rows, self.reading(fcc));
        let map: serde_json::Map<String, serde_json::Value> = (self.judge.map(&pos).into_iter())
            .map(|(p, k)| {
                let said = if self.args.yes_no {
                    true.into()
                } else {
                    k.name().into()
                };
                (p.to_string(), said)
            })
            .collect();
        serde_json::json!({ "forbidden": map }).to_string()
    }

    /// Move mode's answer: a point that looks like a foul and is not one, else any
    /// point that is not forbidden.
    fn move_answer(&mut self, stones: &[(u32, u32, u32)]) -> String {
        if self.strike() {
            return "I resign, probably".into();
        }
        let pos = gomocup_position(stones, self.reading(false));
        let map = self.judge.map(&pos);
        let looks_like_foul = |p: Point| {
            pos.explain(p).is_ok_and(|ex| {
                ex.fives.is_empty()
                    && (ex.threes.len() >= 2 || ex.fours.len() >= 2 || !ex.overlines.is_empty())
            })
        };
        let legal = |p: &Point| !map.iter().any(|(q, _)| q == p);
        let empty: Vec<Point> = pos.board().empty_points().collect();
        let mv = empty
            .iter()
            .find(|&&p| looks_like_foul(p) && legal(&p))
            .or_else(|| empty.iter().find(|p| legal(p)))
            .copied()
            .unwrap_or(empty[0]);
        format!("{},{}", mv.x(), 14 - mv.y())
    }

    /// The answer to `YXSHOWFORBID`.
    fn forbid_answer(&mut self, stones: &[(u32, u32, u32)]) -> Vec<String> {
        if !self.args.forbid_query {
            return vec!["UNKNOWN YXSHOWFORBID".into()];
        }
        if self.strike() {
            return vec!["FORBID 07x7 and more".into()];
        }
        let pos = gomocup_position(stones, self.reading(false));
        let mut reply = String::from("FORBID ");
        for (p, _) in self.judge.map(&pos) {
            reply.push_str(&format!("{:02}{:02}", p.x(), 14 - p.y()));
        }
        reply.push('.');
        vec![
            "MESSAGE fake engine: showing forbidden points".into(),
            reply,
        ]
    }
}

/// The stones of a `BOARD` or `YXBOARD` command, up to `DONE` (`None` at the end of
/// the input).
fn read_stones(
    lines: &mut impl Iterator<Item = io::Result<String>>,
) -> Option<Vec<(u32, u32, u32)>> {
    let mut stones = Vec::new();
    for line in lines {
        let Ok(line) = line else { return None };
        if line.trim().eq_ignore_ascii_case("DONE") {
            break;
        }
        let f: Vec<u32> = line
            .split(',')
            .filter_map(|t| t.trim().parse().ok())
            .collect();
        if let [x, y, who] = f[..] {
            stones.push((x, y, who));
        }
    }
    Some(stones)
}

fn main() {
    let args = args();
    let mistake = args.mistake;
    let judge = Judge {
        depth: match mistake {
            Mistake::NoRecursion => Some(0),
            Mistake::Depth(n) => Some(n),
            _ => None,
        },
        same_line: mistake == Mistake::SameLineDoubleFour,
        threes_first: mistake == Mistake::WrongPriority,
        overline_beats_five: mistake == Mistake::OverlineBeatsFive,
    };
    let mut fake = Fake {
        args,
        judge,
        asked: 0,
    };
    let stdin = io::stdin();
    let mut out = io::stdout().lock();
    let mut lines = stdin.lock().lines();
    if fake.args.protocol == "jsonl" {
        for line in lines.by_ref() {
            let Ok(line) = line else { break };
            if line.trim().is_empty() {
                continue;
            }
            let _ = writeln!(out, "{}", fake.jsonl_answer(&line));
            let _ = out.flush();
        }
        return;
    }
    // Gomocup.
    let mut stones: Vec<(u32, u32, u32)> = Vec::new();
    while let Some(Ok(line)) = lines.next() {
        let command = line.trim().to_ascii_uppercase();
        let word = command.split_whitespace().next().unwrap_or("").to_string();
        let replies = match word.as_str() {
            "START" => vec!["OK".to_string()],
            "INFO" => vec![],
            "END" => return,
            "YXBOARD" | "BOARD" => {
                let Some(read) = read_stones(&mut lines) else {
                    return;
                };
                stones = read;
                if word == "BOARD" {
                    // Move mode: Black (who = 1) to move.
                    vec![fake.move_answer(&stones)]
                } else {
                    vec![]
                }
            }
            "YXSHOWFORBID" => fake.forbid_answer(&stones),
            _ => vec![format!("UNKNOWN {command}")],
        };
        for reply in replies {
            let _ = writeln!(out, "{reply}");
        }
        let _ = out.flush();
    }
}

fn position(rows: &[String], options: RenjuOptions) -> Position {
    let mut board = Board::new(rows.len() as u8).expect("size");
    for (r, row) in rows.iter().enumerate() {
        let y = (rows.len() - 1 - r) as u8;
        for (x, c) in row.chars().enumerate() {
            let stone = match c {
                'B' => Some(Color::Black),
                'W' => Some(Color::White),
                _ => None,
            };
            board
                .set(Point::new(x as u8, y).expect("on board"), stone)
                .expect("on board");
        }
    }
    Position::from_board(board, RuleSet::Renju, Color::Black)
        .expect("15x15")
        .with_options(options)
}

fn gomocup_position(stones: &[(u32, u32, u32)], options: RenjuOptions) -> Position {
    let mut board = Board::new(15).expect("15x15");
    for &(x, y, who) in stones {
        let color = if who == 1 { Color::Black } else { Color::White };
        let p = Point::new(x as u8, (14 - y) as u8).expect("on board");
        board.set(p, Some(color)).expect("on board");
    }
    Position::from_board(board, RuleSet::Renju, Color::Black)
        .expect("15x15")
        .with_options(options)
}
