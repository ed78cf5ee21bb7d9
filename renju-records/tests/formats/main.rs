//! The file formats, one test binary: a module per format, the helpers they share in
//! `common`, and the round trip of every format on the same games.

#[path = "../../../tests/support/shared_data.rs"]
mod shared_data;

mod common;
mod gomocup;
mod movelist;
mod psq;
mod renlib;
mod rif;
mod sgf;
mod trees;

use renju_records::formats::Format;
use renju_records::Game;

/// The games every format can hold: moves on a 15x15 board.
fn plain_games() -> Vec<Game> {
    ["h8 h9 i8 i9 j8 j9 k8 k9 l8", "h8 i9 j10 g7", "g7 h8 i9"]
        .iter()
        .map(|moves| Game::from_moves(moves).expect("moves"))
        .collect()
}

#[test]
fn every_format_round_trips_the_same_games() {
    let games = plain_games();
    for format in Format::ALL {
        match format {
            // A psq file holds one game.
            Format::Psq => {
                for game in &games {
                    common::assert_round_trip(format, std::slice::from_ref(game));
                }
            }
            // A library is a tree: its lines come back in the tree's order.
            Format::RenLib => {
                let again =
                    common::all_ok(format.read(&format.write(&games).unwrap(), None), "renlib");
                let mut want: Vec<_> = games.iter().map(common::moves).collect();
                let mut got: Vec<_> = again.iter().map(common::moves).collect();
                want.sort();
                got.sort();
                assert_eq!(got, want, "renlib lines");
            }
            _ => {
                common::assert_round_trip(format, &games);
            }
        }
    }
}
