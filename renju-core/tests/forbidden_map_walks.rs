//! The forbidden map of a board kept up to date stone by stone (placements and removals,
//! the way games, undo and the self-play stepper change it) agrees with the slow reference
//! judge (`tests/reference`) and with a board built in one sweep from the same cells, on
//! every board size from 5 to 26, under both readings of the disputed case; so does the
//! board of a freestyle position, which reads its candidates from its summaries.
//!
//! Each case is a random walk: stones placed and removed at random, in a region of the
//! board dense enough in black to give overlines, double-fours and nested double-three
//! checks. The maps are compared every few changes.
//!
//! `PROPTEST_CASES` overrides the number of walks (default 48).

mod reference;

use proptest::prelude::*;
use reference::{Cell, RefBoard, RefFouls};
use renju_core::batch::{forbidden_masks, kind_code, write_mask, MaskValues};
use renju_core::geometry::{MAX_SIZE, MIN_SIZE};
use renju_core::{Board, Color, FoulKind, Point, Position, RenjuOptions, RuleSet};

fn cases(default: u32) -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(default)
}

/// One change of a walk, drawn as numbers: `(roll, x, y)`. Below 30 removes the stone
/// there (if any), below 80 places a black stone, else a white one; `x`, `y` are reduced
/// into the walk's region.
type Change = (u8, u8, u8);

fn walk_strategy() -> impl Strategy<Value = (u8, u8, Vec<Change>)> {
    (
        MIN_SIZE..=MAX_SIZE,
        5u8..=12,
        prop::collection::vec((0u8..100, any::<u8>(), any::<u8>()), 20..160),
    )
}

/// The reference map as mask bytes (the reported foul's code), row by row.
fn reference_mask(reference: &RefBoard, five_completion_counts: bool) -> Vec<u8> {
    let size = reference.size;
    let mut mask = vec![0u8; size * size];
    for ((x, y), fouls) in reference::forbidden_map(reference, five_completion_counts) {
        mask[y * size + x] = kind_code(primary(fouls));
    }
    mask
}

fn primary(f: RefFouls) -> FoulKind {
    if f.overline {
        FoulKind::Overline
    } else if f.double_four {
        FoulKind::DoubleFour
    } else {
        FoulKind::DoubleThree
    }
}

fn mask_of(board: &Board, options: &RenjuOptions) -> Vec<u8> {
    let mut mask = vec![9u8; board.area()];
    write_mask(board, RuleSet::Renju, options, MaskValues::Kinds, &mut mask);
    mask
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(48), ..ProptestConfig::default() })]

    #[test]
    fn maps_kept_stone_by_stone_agree_with_the_reference((size, region, changes) in walk_strategy()) {
        let region = region.min(size);
        let offset = (size - region) / 2;
        let mut board = Board::new(size).unwrap();
        let mut reference = RefBoard::new(size as usize);
        for (step, &(roll, x, y)) in changes.iter().enumerate() {
            let (x, y) = (offset + x % region, offset + y % region);
            let p = Point::new(x, y).unwrap();
            let (stone, cell) = match roll {
                0..30 => (None, Cell::Empty),
                30..80 => (Some(Color::Black), Cell::Black),
                _ => (Some(Color::White), Cell::White),
            };
            board.set(p, stone).unwrap();
            reference.set(x as usize, y as usize, cell);
            if step % 7 != 6 && step + 1 != changes.len() {
                continue;
            }
            let mut cells = vec![0u8; board.area()];
            board.write_cells(&mut cells);
            let swept = Board::from_cells(size, &cells).unwrap();
            for options in [RenjuOptions::default(), RenjuOptions { five_completion_counts: true }] {
                let want = reference_mask(&reference, options.five_completion_counts);
                prop_assert_eq!(&mask_of(&board, &options), &want, "kept, {:?}\n{}", options, board);
                prop_assert_eq!(&mask_of(&swept, &options), &want, "swept, {:?}", options);
                prop_assert_eq!(&mask_of(&board.clone(), &options), &want, "clone, {:?}", options);
                // A board from a position under rules without forbidden moves, which does
                // not keep its candidate bits.
                if let Ok(freestyle) = Position::from_board(board.clone(), RuleSet::Freestyle, Color::Black) {
                    prop_assert_eq!(&mask_of(&freestyle.into_board(), &options), &want, "freestyle board, {:?}", options);
                }
                if size == 15 {
                    let batch = forbidden_masks(&cells, size, RuleSet::Renju, &options, MaskValues::Kinds).unwrap();
                    prop_assert_eq!(&batch, &want, "forbidden_masks, {:?}", options);
                }
            }
        }
    }
}
