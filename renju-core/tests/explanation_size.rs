//! The size of explanations (issue 9, item 10): one point's explanation reached 0.96 MB
//! of JSON and 64 levels, the same nested explanations written out again and again.
//! Each distinct nested explanation is now given once and referred to by index, and a
//! nested overline or double-four is not explained further than its lines.
//!
//! This test keeps the worst position found by `examples/worst_explanation.rs` (417 KB
//! of JSON and 14 levels before) and searches random dense positions for a worse one.

use renju_core::{Board, Color, Explanation, Point, Position, RuleSet};

/// The worst position the search found for the old format: m7's explanation was
/// 417 388 bytes of JSON, 14 levels deep.
const WORST_BEFORE: &str = "
   a b c d e f g h i j k l m n o
15 X . X X X . X O . O X . . . X
14 O . X X . O O . . . . . . . .
13 O O . X O O X O . . X X X . .
12 O . O X O X O . . X X X X X .
11 X . . X X . . . . . X . X . .
10 O X X . X . X . . X X . X . X
 9 . X X X X O . . . . X . X . .
 8 . O X X X . . O . . X . X . .
 7 X O O O X O . . . . X X . . .
 6 O X . O X O O . . . X X . . .
 5 X O X . O O . . . X X . X . O
 4 X . X O O . X . . . X . X . .
 3 X O X X X X X X . X X . X . .
 2 O O X O X X X . . . X . X . .
 1 X . X O O . O . . . X X X . .
   a b c d e f g h i j k l m n o
";

/// The worst position found for the new format, by climbing from [`WORST_BEFORE`]:
/// j4's explanation is 60 064 bytes of JSON, 10 levels deep.
const WORST_AFTER: &str = "
   a b c d e f g h i j k l m n o
15 O X X . X O O O X . X . X . .
14 O . X O X . . X . . . . . X .
13 X . . X . X X . . . . X X . .
12 . . . . X . O . X . X X X . .
11 X X . X X X . . . . X . X . .
10 X X X . . . X . . X X . X . .
 9 . X X X X . X . . . X . X . .
 8 X X X . O O . . . . X . . . .
 7 O X O X X X . . . . X X . . .
 6 . X X X X . O . . . X X . . .
 5 . X X X X X X . . . X . . . .
 4 X X X O O X X . . . X . X . .
 3 X X X X X X X X . X X . X . .
 2 O X X O X . X . . X X . X . .
 1 O X . O X . O . . X X . X X .
   a b c d e f g h i j k l m n o
";

/// The most JSON bytes and levels one point's explanation may take here.
const MAX_BYTES: usize = 64 * 1024;
const MAX_DEPTH: usize = 16;

/// Levels of nested explanations below `ex` (itself counted), following `see`.
fn depth(root: &Explanation, ex: &Explanation, memo: &mut Vec<Option<usize>>) -> usize {
    let mut deepest = 0;
    for c in ex.threes.iter().flat_map(|t| &t.completions) {
        if let Some(i) = c.outcome.see() {
            let d = match memo[i] {
                Some(d) => d,
                None => {
                    let d = depth(root, &root.nested[i], memo);
                    memo[i] = Some(d);
                    d
                }
            };
            deepest = deepest.max(d);
        }
    }
    deepest + 1
}

/// The largest explanation of an empty point: (JSON bytes, depth, point).
fn worst(board: &Board) -> (usize, usize, Option<Point>) {
    let pos = Position::from_board(board.clone(), RuleSet::Renju, Color::Black).unwrap();
    let mut best = (0, 0, None);
    for p in board.empty_points() {
        let ex = pos.explain(p).unwrap();
        let bytes = serde_json::to_string(&ex).unwrap().len();
        if bytes > best.0 {
            let d = depth(&ex, &ex, &mut vec![None; ex.nested.len()]);
            best = (bytes, d, Some(p));
        }
        // Every reference points at an explanation given earlier in the list, and the
        // JSON reads back to the same explanation.
        for (i, nested) in ex.nested.iter().enumerate() {
            assert!(nested.nested.is_empty());
            for c in nested.threes.iter().flat_map(|t| &t.completions) {
                assert!(c.outcome.see().is_none_or(|j| j < i), "{p}: #{i}");
            }
        }
    }
    best
}

#[test]
fn the_worst_known_position_is_small_now() {
    let board = Board::from_diagram(WORST_BEFORE).unwrap();
    let (bytes, depth, point) = worst(&board);
    println!("worst known position: {bytes} bytes, depth {depth}, at {point:?}");
    assert!(
        bytes < 32 * 1024 && depth <= 8,
        "{bytes} bytes, depth {depth}"
    );
    // The text form stays readable: it is about as long as the JSON.
    let pos = Position::from_board(board, RuleSet::Renju, Color::Black).unwrap();
    let text = pos.explain("m7".parse().unwrap()).unwrap().to_text();
    assert!(text.len() < 32 * 1024, "{}", text.len());
    assert!(text.starts_with("m7: "), "{text}");
}

#[test]
fn the_worst_position_for_the_new_format() {
    let board = Board::from_diagram(WORST_AFTER).unwrap();
    let (bytes, depth, point) = worst(&board);
    println!("worst position now: {bytes} bytes, depth {depth}, at {point:?}");
    assert!(
        bytes < 80 * 1024 && depth <= 12,
        "{bytes} bytes, depth {depth}"
    );
}

struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }
}

/// Random dense positions (black-heavy, as explanations grow with black shapes), then
/// a short hill-climb on the largest explanation.
#[test]
fn random_dense_positions_stay_under_the_bound() {
    let mut rng = Rng(0x1234_5678_9abc_def1);
    let random = |rng: &mut Rng| {
        let mut board = Board::new(15).unwrap();
        for y in 2..13u8 {
            for x in 2..13u8 {
                let stone = match rng.below(10) {
                    0..=3 => Some(Color::Black),
                    4 => Some(Color::White),
                    _ => None,
                };
                board.set(Point::new(x, y).unwrap(), stone).unwrap();
            }
        }
        board
    };
    let mut best_board = random(&mut rng);
    let mut best = worst(&best_board);
    for _ in 0..200 {
        let board = random(&mut rng);
        let found = worst(&board);
        if found.0 > best.0 {
            (best, best_board) = (found, board);
        }
    }
    for _ in 0..1500 {
        let mut board = best_board.clone();
        for _ in 0..1 + rng.below(3) {
            let p = Point::new(rng.below(15) as u8, rng.below(15) as u8).unwrap();
            let stone = match rng.below(4) {
                0 | 1 => Some(Color::Black),
                2 => Some(Color::White),
                _ => None,
            };
            board.set(p, stone).unwrap();
        }
        let found = worst(&board);
        if found.0 >= best.0 {
            (best, best_board) = (found, board);
        }
    }
    println!(
        "search: worst {} bytes, depth {}, at {:?}",
        best.0, best.1, best.2
    );
    assert!(
        best.0 < MAX_BYTES && best.1 <= MAX_DEPTH,
        "{} bytes, depth {}:\n{}",
        best.0,
        best.1,
        best_board.to_diagram()
    );
}
