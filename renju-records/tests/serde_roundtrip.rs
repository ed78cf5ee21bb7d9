//! Positions, boards, replays, clocks and fixtures read back from their serde form to
//! equal values (the Python bindings pickle through it).

use proptest::prelude::*;
use renju_core::{Board, Color, Move, Point, Position, RuleSet};
use renju_records::{Game, ValidationOptions};

fn round_trip<T: serde::Serialize + serde::de::DeserializeOwned>(value: &T) -> T {
    serde_json::from_str(&serde_json::to_string(value).unwrap()).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn positions_read_back_equal(
        moves in prop::collection::vec((0u8..15, 0u8..15, any::<bool>()), 0..60),
        rule in 0usize..4,
        on_after_foul in any::<bool>(),
    ) {
        let mut pos = Position::new(RuleSet::ALL[rule]);
        for (x, y, pass) in moves {
            let mv = if pass { Move::Pass } else { Move::Stone(Point::new(x, y).unwrap()) };
            if pos.play(mv).is_err() {
                continue;
            }
            if on_after_foul {
                pos.play_on_after_foul();
            }
        }
        prop_assert_eq!(round_trip(&pos), pos);
    }
}

#[test]
fn set_up_positions_and_games_that_go_on_after_a_foul_read_back_equal() {
    let board =
        Board::from_diagram(&Position::from_moves("h8 i9 j10").unwrap().to_string()).unwrap();
    let mut pos = Position::from_board(board, RuleSet::Renju, Color::White).unwrap();
    pos.play_moves("a1 a2").unwrap();
    assert_eq!(round_trip(&pos), pos);
    // A double-three, then White plays on without claiming it.
    let mut pos = Position::from_moves("f8 a1 g8 a2 h6 a3 h7 a4 h8").unwrap();
    assert!(pos.outcome().is_some());
    pos.play_on_after_foul();
    pos.play_moves("b5 c5").unwrap();
    assert_eq!(round_trip(&pos), pos);
}

#[test]
fn replays_read_back_equal() {
    let game = Game::from_moves("h8 i9 j10 h10 i10 j9 j8 k11 pass").unwrap();
    let replay = game.replay(&ValidationOptions::default());
    assert_eq!(round_trip(&replay), replay);
}
