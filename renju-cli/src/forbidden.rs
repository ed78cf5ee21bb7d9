//! `renju forbidden`: one JSON line in, one JSON line out.

use renju_core::{Board, Color, Point, Position, RenjuOptions, RuleSet};
use serde_json::{json, Map, Value};

/// Answers one input line; errors become `{"error": ..., "line": N}`.
pub fn answer(line: &[u8], number: usize, explain: Option<&str>) -> Value {
    let Ok(line) = std::str::from_utf8(line) else {
        return json!({ "error": "not UTF-8 text", "line": number });
    };
    match judge(line, explain) {
        Ok(v) => v,
        Err(message) => json!({ "error": message, "line": number }),
    }
}

fn judge(line: &str, explain: Option<&str>) -> Result<Value, String> {
    let input: Value = serde_json::from_str(line).map_err(|e| format!("not JSON: {e}"))?;
    let obj = input
        .as_object()
        .ok_or("expected a JSON object with \"board\" or \"moves\"")?;
    for key in obj.keys() {
        if !matches!(
            key.as_str(),
            "board" | "moves" | "rule" | "size" | "five_completion_counts" | "id"
        ) {
            return Err(format!("unknown key \"{key}\""));
        }
    }
    let rule: RuleSet = match obj.get("rule") {
        None => RuleSet::Renju,
        Some(Value::String(s)) => s
            .parse()
            .map_err(|e: renju_core::UnknownName| e.to_string())?,
        Some(_) => return Err("\"rule\" must be a string".into()),
    };
    let options = RenjuOptions {
        five_completion_counts: match obj.get("five_completion_counts") {
            None => false,
            Some(Value::Bool(b)) => *b,
            Some(_) => return Err("\"five_completion_counts\" must be true or false".into()),
        },
    };
    let pos = match (obj.get("board"), obj.get("moves")) {
        (Some(_), Some(_)) => return Err("give \"board\" or \"moves\", not both".into()),
        (Some(board), None) => {
            if obj.contains_key("size") {
                return Err("\"size\" goes with \"moves\"; a board's size is its row count".into());
            }
            let board = board_from_rows(board)?;
            Position::from_board(board, rule, Color::Black).map_err(|e| e.to_string())?
        }
        (None, Some(Value::String(moves))) => {
            let size = match obj.get("size") {
                None => 15,
                Some(v) => v
                    .as_u64()
                    .and_then(|s| u8::try_from(s).ok())
                    .ok_or("\"size\" must be a board side from 5 to 26")?,
            };
            let mut pos = Position::with_size(rule, size).map_err(|e| e.to_string())?;
            pos.play_moves(moves).map_err(|e| e.to_string())?;
            pos
        }
        (None, Some(_)) => return Err("\"moves\" must be a string like \"h8 i9 j10\"".into()),
        (None, None) => return Err("expected \"board\" or \"moves\"".into()),
    }
    .with_options(options);

    let mut map = Map::new();
    for f in pos.forbidden_points() {
        map.insert(f.point.to_string(), Value::String(f.primary.to_string()));
    }
    let mut reply = Map::new();
    if let Some(id) = obj.get("id") {
        reply.insert("id".into(), id.clone());
    }
    reply.insert("forbidden".into(), Value::Object(map));
    // An explanation that cannot be given (an occupied point, off this board) is
    // reported beside the map, which stays valid.
    if let Some(point) = explain {
        let explained = Point::parse_on(point, pos.board().size())
            .map_err(|e| e.to_string())
            .and_then(|p| {
                pos.explain(p)
                    .map_err(|e| format!("cannot explain {p}: {e}"))
            });
        match explained {
            Ok(ex) => {
                reply.insert("explanation_text".into(), Value::String(ex.to_text()));
                reply.insert(
                    "explanation".into(),
                    serde_json::to_value(&ex).map_err(|e| e.to_string())?,
                );
            }
            Err(message) => {
                reply.insert("explanation_error".into(), Value::String(message));
            }
        }
    }
    Ok(Value::Object(reply))
}

fn board_from_rows(value: &Value) -> Result<Board, String> {
    let rows = value
        .as_array()
        .ok_or("\"board\" must be a list of row strings, top row first")?;
    let size = rows.len();
    let mut board = Board::new(u8::try_from(size).unwrap_or(0))
        .map_err(|_| format!("\"board\" has {size} rows; a board has 5 to 26"))?;
    for (r, row) in rows.iter().enumerate() {
        let row_number = size - r;
        let text = row
            .as_str()
            .ok_or_else(|| format!("board row {row_number} is not a string"))?;
        let cells: Vec<char> = text.chars().collect();
        if cells.len() != size {
            return Err(format!(
                "board row {row_number} has {} cells, expected {size}",
                cells.len()
            ));
        }
        for (x, c) in cells.into_iter().enumerate() {
            let stone = match c {
                'B' => Some(Color::Black),
                'W' => Some(Color::White),
                '.' => None,
                other => {
                    return Err(format!(
                        "board row {row_number} has `{other}` (cells are B, W or .)"
                    ))
                }
            };
            let p = Point::new(x as u8, (row_number - 1) as u8).expect("on board");
            board.set(p, stone).map_err(|e| e.to_string())?;
        }
    }
    Ok(board)
}
