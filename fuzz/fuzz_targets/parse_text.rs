//! The text parsers (move lists, diagrams, fixture files) on arbitrary text.
#![no_main]

use libfuzzer_sys::fuzz_target;
use renju_core::{fixture, notation, Board, Position};

fuzz_target!(|text: &str| {
    let _ = notation::parse_moves(text, 15);
    let _ = Position::from_moves(text);
    if let Ok(board) = Board::from_diagram(text) {
        assert_eq!(Board::from_diagram(&board.to_diagram()).as_ref(), Ok(&board));
    }
    if let Ok(fixtures) = fixture::parse(text) {
        for f in fixtures {
            let _ = f.check();
        }
    }
});
