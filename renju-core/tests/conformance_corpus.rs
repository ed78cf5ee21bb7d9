//! The 2,574-query forbidden-move corpus of `../shared/data/forbidden` (five public test
//! suites combined): every `expected` verdict must match. Skips, saying why, when the
//! shared data is not beside the project.

#[path = "../../tests/support/shared_data.rs"]
mod shared_data;

use shared_data::{data_dir, skipped};

use renju_core::{Board, Color, FoulKind, Point, Position, RuleSet};
use serde_json::Value;

fn board_from_rows(rows: &[Value]) -> Board {
    assert_eq!(rows.len(), 15, "15 rows");
    let mut board = Board::new(15).unwrap();
    for (r, row) in rows.iter().enumerate() {
        let row = row.as_str().expect("row string");
        assert_eq!(row.len(), 15, "15 cells");
        for (x, c) in row.chars().enumerate() {
            let stone = match c {
                'B' => Some(Color::Black),
                'W' => Some(Color::White),
                '.' => None,
                other => panic!("unknown cell {other}"),
            };
            let p = Point::new(x as u8, (14 - r) as u8).unwrap();
            board.set(p, stone).unwrap();
        }
    }
    board
}

#[test]
fn conformance_corpus() {
    let Some(data) = data_dir() else {
        skipped("conformance_corpus: ../shared/data is absent (set RENJU_SHARED to run it)");
        return;
    };
    let path = data.join("forbidden/conformance_corpus.jsonl");
    let text = std::fs::read_to_string(&path).expect("read the corpus");
    let mut failures = Vec::new();
    let mut count = 0;
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let record: Value = serde_json::from_str(line).expect("JSON line");
        let id = record["id"].as_str().unwrap_or("?").to_string();
        assert_eq!(record["to_move"], "black", "{id}");
        let board = board_from_rows(record["board"].as_array().expect("board"));
        let pos = Position::from_board(board, RuleSet::Renju, Color::Black).unwrap();
        let point: Point = record["query"].as_str().unwrap().parse().unwrap();
        let fouls = pos.fouls_at(point).expect("query point is empty");
        let ok = match &record["expected"] {
            Value::Null => fouls.is_empty(),
            Value::String(s) if s == "forbidden" => !fouls.is_empty(),
            Value::String(s) => {
                let kind = match s.as_str() {
                    "DoubleThree" => FoulKind::DoubleThree,
                    "DoubleFour" => FoulKind::DoubleFour,
                    "Overline" => FoulKind::Overline,
                    other => panic!("{id}: unknown expected {other}"),
                };
                fouls.primary() == Some(kind)
            }
            other => panic!("{id}: unknown expected {other}"),
        };
        // The forbidden map must agree with the point query.
        let in_map = pos.forbidden_points().iter().any(|f| f.point == point);
        if !ok || in_map == fouls.is_empty() {
            failures.push(format!(
                "line {}: {id} {point}: expected {}, got {:?} (in map: {in_map})",
                i + 1,
                record["expected"],
                fouls.primary()
            ));
        }
        count += 1;
    }
    assert_eq!(count, 2574, "the corpus holds 2,574 queries");
    assert!(
        failures.is_empty(),
        "{} of {count} failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
