//! Searches dense random positions for the largest explanation of one point (issue 9,
//! item 10): random boards, then hill-climbing on the one whose explanation written out
//! in full (every nested explanation inlined wherever it is met, as explanations were
//! before they shared them) is largest.
//!
//! `cargo run --release -p renju-core --example worst_explanation -- [SEED] [ROUNDS] [shared]`
//! prints, for the worst point found, the JSON size inlined and shared, the nesting
//! depth, and the position as a diagram; with `shared` the search climbs on the shared
//! (serialised) size instead. `WORST_BOARD_OUT=FILE` saves each new worst position;
//! `WORST_BOARD_FROM=FILE` starts the climb from a diagram.
//! `-- --board FILE` measures a diagram's points.

use renju_core::{Board, Color, Explanation, Point, Position, RuleSet};
use serde_json::Value;

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// Sizes of one explanation.
#[derive(Clone, Copy, Default, Debug)]
struct Sizes {
    /// JSON bytes with every nested explanation inlined where it is referenced.
    inlined: usize,
    /// JSON bytes as serialised (each nested explanation once).
    shared: usize,
    /// Levels of nested explanations, the top one counted.
    depth: usize,
    /// JSON bytes with equal nested explanations shared whatever their stones in mind.
    by_content: usize,
}

/// An explanation written out in full (each `see` replaced by the explanation it
/// refers to, as before issue 9), with its depth.
fn inline(value: &Value, table: &[Value]) -> (Value, usize) {
    match value {
        Value::Object(map) => {
            let mut out = serde_json::Map::new();
            let mut depth = 0;
            for (k, v) in map {
                if k == "nested" || k == "with" {
                    continue;
                }
                if k == "see" {
                    let see = v.as_u64().unwrap_or_default() as usize;
                    let (inner, d) = inline(&table[see], table);
                    out.insert("explanation".to_string(), inner);
                    depth = depth.max(d);
                    continue;
                }
                let (inner, d) = inline(v, table);
                out.insert(k.clone(), inner);
                depth = depth.max(d);
            }
            let own = usize::from(map.contains_key("status") && map.contains_key("point"));
            (Value::Object(out), depth + own)
        }
        Value::Array(items) => {
            let mut depth = 0;
            let items = items
                .iter()
                .map(|v| {
                    let (inner, d) = inline(v, table);
                    depth = depth.max(d);
                    inner
                })
                .collect();
            (Value::Array(items), depth)
        }
        other => (other.clone(), 0),
    }
}

/// Replaces every `see` index through `remap`.
fn remap_refs(value: &mut Value, remap: &[usize]) {
    match value {
        Value::Object(map) => {
            for (k, v) in map.iter_mut() {
                if k == "see" {
                    if let Some(i) = v.as_u64() {
                        *v = Value::from(remap[i as usize]);
                    }
                } else {
                    remap_refs(v, remap);
                }
            }
        }
        Value::Array(items) => items.iter_mut().for_each(|v| remap_refs(v, remap)),
        _ => {}
    }
}

/// JSON bytes if nested explanations equal in content (whatever the stones in mind)
/// were shared too.
fn content_shared(value: &Value) -> usize {
    let list = value
        .get("nested")
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default();
    let mut remap = Vec::new();
    let mut unique: Vec<Value> = Vec::new();
    let mut seen = std::collections::HashMap::new();
    for entry in &list {
        let mut e = entry.clone();
        if let Some(map) = e.as_object_mut() {
            map.remove("with");
        }
        remap_refs(&mut e, &remap);
        let text = e.to_string();
        let i = *seen.entry(text).or_insert_with(|| {
            unique.push(e.clone());
            unique.len() - 1
        });
        remap.push(i);
    }
    let mut root = value.clone();
    if let Some(map) = root.as_object_mut() {
        map.remove("nested");
    }
    remap_refs(&mut root, &remap);
    if let Some(map) = root.as_object_mut() {
        map.insert("nested".into(), Value::Array(unique));
    }
    root.to_string().len()
}

fn sizes(ex: &Explanation) -> Sizes {
    let value = serde_json::to_value(ex).expect("serialises");
    let shared = value.to_string().len();
    let table = value
        .get("nested")
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default();
    let (full, depth) = inline(&value, &table);
    Sizes {
        inlined: full.to_string().len(),
        shared,
        depth,
        by_content: content_shared(&value),
    }
}

/// The point whose explanation, inlined, is largest.
fn worst_inlined(board: &Board) -> (Sizes, Option<Point>) {
    let Ok(pos) = Position::from_board(board.clone(), RuleSet::Renju, Color::Black) else {
        return (Sizes::default(), None);
    };
    let mut best = (Sizes::default(), None);
    for p in board.empty_points() {
        let s = sizes(&pos.explain(p).expect("empty point"));
        if s.inlined > best.0.inlined {
            best = (s, Some(p));
        }
    }
    best
}

/// The largest shared size of any point.
fn worst_shared(board: &Board) -> (Sizes, Option<Point>) {
    let Ok(pos) = Position::from_board(board.clone(), RuleSet::Renju, Color::Black) else {
        return (Sizes::default(), None);
    };
    let mut best = (Sizes::default(), None);
    for p in board.empty_points() {
        let s = sizes(&pos.explain(p).expect("empty point"));
        if s.shared > best.0.shared {
            best = (s, Some(p));
        }
    }
    best
}

fn random_board(rng: &mut Rng) -> Board {
    let mut board = Board::new(15).expect("15x15");
    for y in 2..13u8 {
        for x in 2..13u8 {
            let stone = match rng.below(10) {
                0..=3 => Some(Color::Black),
                4 => Some(Color::White),
                _ => None,
            };
            board
                .set(Point::new(x, y).expect("on board"), stone)
                .expect("set");
        }
    }
    board
}

fn report(label: &str, found: &(Sizes, Option<Point>)) {
    let (s, p) = found;
    println!(
        "{label}: at {}: {} bytes inlined (as before), {} bytes shared, {} by content, depth {}",
        p.map_or("-".to_string(), |p| p.to_string()),
        s.inlined,
        s.shared,
        s.by_content,
        s.depth
    );
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("--board") {
        let text = std::fs::read_to_string(&args[1]).expect("read the diagram");
        let board = Board::from_diagram(&text).expect("a diagram");
        report("worst inlined", &worst_inlined(&board));
        report("worst shared", &worst_shared(&board));
        return;
    }
    let numbers: Vec<u64> = args.iter().filter_map(|a| a.parse().ok()).collect();
    let mut rng = Rng(numbers.first().copied().unwrap_or(0x9e37_79b9_7f4a_7c15) | 1);
    let rounds = numbers.get(1).copied().unwrap_or(2000);
    let shared = args.iter().any(|a| a == "shared");
    let worst = if shared { worst_shared } else { worst_inlined };
    let measure = |s: &Sizes| if shared { s.shared } else { s.inlined };
    let save = std::env::var_os("WORST_BOARD_OUT");
    let start = std::env::var_os("WORST_BOARD_FROM")
        .and_then(|path| std::fs::read_to_string(path).ok())
        .and_then(|text| Board::from_diagram(&text).ok());
    let from_file = start.is_some();
    let mut best_board = start.unwrap_or_else(|| random_board(&mut rng));
    let mut best = worst(&best_board);
    for _ in 0..if from_file { 0 } else { 200 } {
        let board = random_board(&mut rng);
        let found = worst(&board);
        if measure(&found.0) > measure(&best.0) {
            best = found;
            best_board = board;
        }
    }
    for round in 0..rounds {
        let mut board = best_board.clone();
        for _ in 0..1 + rng.below(3) {
            let p = Point::new(rng.below(15) as u8, rng.below(15) as u8).expect("on board");
            let stone = match rng.below(4) {
                0 | 1 => Some(Color::Black),
                2 => Some(Color::White),
                _ => None,
            };
            let _ = board.set(p, stone);
        }
        let found = worst(&board);
        if measure(&found.0) >= measure(&best.0) {
            if measure(&found.0) > measure(&best.0) {
                eprintln!(
                    "round {round}: {} bytes inlined, {} shared, depth {}",
                    found.0.inlined, found.0.shared, found.0.depth
                );
                if let Some(path) = &save {
                    let _ = std::fs::write(path, board.to_diagram());
                }
            }
            best = found;
            best_board = board;
        }
    }
    report("worst inlined", &worst_inlined(&best_board));
    report("worst shared", &worst_shared(&best_board));
    println!("{}", best_board.to_diagram());
}
