//! The native side of `scripts/bench_js.sh`: the module's own functions, called from Rust
//! on this machine, on the inputs the JavaScript side reads, so that the two figures
//! compare the same code compiled twice.
//!
//! `bench_native games FILE` writes random legal games (one line of points each, from
//! a fixed seed); `bench_native run GAMES POSITIONS` prints a JSON object of
//! microseconds per operation: `act` (a placement through `renju_referee_act`), `line`
//! (a placement through `renju_referee_line`, with its full reply), `forbidden`
//! (`renju_forbidden` on a move list of POSITIONS, replayed and judged move by move) and
//! `board` (`renju_forbidden` on the board of each, as rows), `masks` (`renju_forbidden_masks`
//! on the cells of each board, one call per board) and `masks_batch` (all the boards'
//! cells in one call, per board).

use std::time::Instant;

use renju_core::{Move, Point, Position, RuleSet};
use renju_engine::forbidden_jsonl::rows_of;
use renju_js::boundary::renju_out_len;
use renju_js::files::{renju_forbidden, renju_forbidden_masks};
use renju_js::pipes::renju_drop;
use renju_js::referee::{renju_referee_act, renju_referee_line, renju_referee_new};

fn write_games(path: &str) {
    let mut state: u64 = 0x5EED;
    let mut lines = Vec::new();
    for _ in 0..40 {
        let mut pos = Position::new(RuleSet::Renju);
        let mut moves = Vec::new();
        while pos.outcome().is_none() && moves.len() < 120 {
            let empty: Vec<Point> = (0..15u8)
                .flat_map(|y| (0..15u8).filter_map(move |x| Point::new(x, y)))
                .filter(|&p| pos.board().get(p).is_none())
                .collect();
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let p = empty[(state % empty.len() as u64) as usize];
            pos.play(Move::Stone(p)).expect("an empty point");
            moves.push(p.to_string());
        }
        lines.push(moves.join(" "));
    }
    std::fs::write(path, lines.join("\n") + "\n").expect("the games file is written");
}

/// Microseconds per call of `each` over `count` calls, the best of five runs after half
/// a second of the same runs (as the JavaScript side, whose JIT needs them).
fn per_call(count: usize, mut each: impl FnMut()) -> f64 {
    let start = Instant::now();
    while start.elapsed().as_secs_f64() < 0.5 {
        each();
    }
    (0..5)
        .map(|_| {
            let start = Instant::now();
            each();
            start.elapsed().as_secs_f64() * 1e6 / count as f64
        })
        .fold(f64::INFINITY, f64::min)
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    match args.get(1).map(String::as_str) {
        Some("games") => write_games(&args[2]),
        Some("run") => run(&args[2], &args[3]),
        _ => eprintln!("usage: bench_native games FILE | run GAMES POSITIONS"),
    }
}

fn run(games: &str, positions: &str) {
    let games: Vec<Vec<String>> = std::fs::read_to_string(games)
        .expect("the games file")
        .lines()
        .map(|l| l.split(' ').map(str::to_string).collect())
        .collect();
    let moves: usize = games.iter().map(Vec::len).sum();
    let actions: Vec<Vec<String>> = games
        .iter()
        .map(|g| {
            g.iter()
                .map(|p| format!(r#"{{"action":"place","point":"{p}"}}"#))
                .collect()
        })
        .collect();
    let referee_run = |f: unsafe extern "C" fn(u32, *const u8, usize) -> i32| {
        for game in &actions {
            // SAFETY: empty options; each line is alive during its call.
            let handle = unsafe { renju_referee_new(std::ptr::null(), 0) };
            for line in game {
                // SAFETY: as above.
                unsafe { f(handle, line.as_ptr(), line.len()) };
            }
            renju_drop(handle);
        }
    };
    let act = per_call(moves, || referee_run(renju_referee_act));
    let line = per_call(moves, || referee_run(renju_referee_line));
    let queries: Vec<String> = std::fs::read_to_string(positions)
        .expect("the positions file")
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| format!(r#"{{"moves":"{l}"}}"#))
        .collect();
    let positions: Vec<Position> = std::fs::read_to_string(positions)
        .expect("the positions file")
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| {
            let mut position = Position::new(RuleSet::Renju);
            position.play_moves_quiet(l).expect("a legal game");
            position
        })
        .collect();
    let boards: Vec<String> = (positions.iter())
        .map(|p| serde_json::json!({ "board": rows_of(p.board()) }).to_string())
        .collect();
    let mut cells = vec![0u8; positions.len() * 225];
    for (p, out) in positions.iter().zip(cells.chunks_mut(225)) {
        p.board().write_cells(out);
    }
    let judge = |queries: &[String]| {
        per_call(queries.len(), || {
            for q in queries {
                // SAFETY: the query is alive during the call.
                unsafe { renju_forbidden(q.as_ptr(), q.len()) };
                std::hint::black_box(renju_out_len());
            }
        })
    };
    let (forbidden, board) = (judge(&queries), judge(&boards));
    let masks_of = |cells: &[u8]| {
        // SAFETY: the cells are alive during the call.
        unsafe { renju_forbidden_masks(std::ptr::null(), 0, cells.as_ptr(), cells.len(), 15, 2) };
        std::hint::black_box(renju_out_len());
    };
    let masks = per_call(positions.len(), || cells.chunks(225).for_each(masks_of));
    let masks_batch = per_call(positions.len(), || masks_of(&cells));
    println!(
        r#"{{"act":{act:.3},"line":{line:.3},"forbidden":{forbidden:.3},"board":{board:.3},"masks":{masks:.3},"masks_batch":{masks_batch:.3},"moves":{moves},"positions":{}}}"#,
        queries.len()
    );
}
