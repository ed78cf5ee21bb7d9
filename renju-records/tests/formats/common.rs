//! Helpers every format's tests share, and the round trip of every format.

use renju_core::notation::format_moves;
use renju_core::ParseError;
use renju_records::formats::Format;
use renju_records::Game;

/// A game's moves as a move list.
pub fn moves(game: &Game) -> String {
    format_moves(game.moves())
}

/// Every record read, or a panic naming `what` and the first error.
pub fn all_ok(results: Vec<Result<Game, ParseError>>, what: &str) -> Vec<Game> {
    results
        .into_iter()
        .collect::<Result<_, _>>()
        .unwrap_or_else(|e| panic!("{what}: {e}"))
}

/// The records read and the errors, apart.
pub fn split(results: Vec<Result<Game, ParseError>>) -> (Vec<Game>, Vec<ParseError>) {
    let mut games = Vec::new();
    let mut errors = Vec::new();
    for r in results {
        match r {
            Ok(g) => games.push(g),
            Err(e) => errors.push(e),
        }
    }
    (games, errors)
}

/// `games` written in `format` and read back: the same moves and events, game for game.
pub fn assert_round_trip(format: Format, games: &[Game]) -> Vec<Game> {
    let bytes = format
        .write(games)
        .unwrap_or_else(|e| panic!("{format}: cannot write: {e}"));
    let again = all_ok(format.read(&bytes, None), &format!("{format}: read back"));
    assert_eq!(again.len(), games.len(), "{format}: games read back");
    for (i, (a, b)) in again.iter().zip(games).enumerate() {
        assert_eq!(moves(a), moves(b), "{format}: moves of game {}", i + 1);
        assert_eq!(a.events, b.events, "{format}: events of game {}", i + 1);
    }
    again
}
