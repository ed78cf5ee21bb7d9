//! The text parsers (move lists, diagrams, fixture files) on arbitrary text: no panic,
//! and a diagram read writes back to a diagram that reads the same.

use renju_core::{fixture, notation, Board, Position};

/// Checks the text parsers on `data` (as UTF-8 text; other bytes are skipped).
pub fn check(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let _ = notation::parse_moves(text, 15);
    let _ = Position::from_moves(text);
    if let Ok(board) = Board::from_diagram(text) {
        assert_eq!(
            Board::from_diagram(&board.to_diagram()).as_ref(),
            Ok(&board)
        );
    }
    if let Ok(fixtures) = fixture::parse(text) {
        for f in fixtures {
            let _ = f.check();
        }
    }
}
