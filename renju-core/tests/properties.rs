//! Properties on random positions:
//! * the fast judge agrees with the slow reference judge (written straight from the rule
//!   text, `tests/reference`), point by point and for the whole forbidden map, under both
//!   readings of the disputed case;
//! * a board built in bulk (from a cell array) judges as one built stone by stone;
//! * replaying many moves at once (the board keeps its line codes only and recomputes its
//!   shapes at the end) ends where playing them one by one does, with the same
//!   verdicts, which agree with the reference judge and the reference win rule;
//! * verdicts are invariant under the 8 board symmetries;
//! * playing then undoing a move restores the position exactly.
//!
//! `PROPTEST_CASES` overrides the number of positions (default 10,000 for the agreement
//! property).

mod reference;

use proptest::prelude::*;
use reference::{Cell, RefBoard, RefFouls, RefVerdict};
use renju_core::batch::{forbidden_masks, kind_code, MaskValues};
use renju_core::notation::format_moves;
use renju_core::{
    Board, Color, FoulKind, FoulSet, Move, Point, PointStatus, Position, RenjuOptions, RuleSet,
    Symmetry, Verdict,
};

const SIZE: u8 = 15;

fn cases(default: u32) -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(default)
}

/// A random position: a square region of side 5..=15 somewhere on the board, filled
/// with black and white stones at random densities. Dense black regions give many
/// threes, fours and nested double-three checks.
fn position_strategy() -> impl Strategy<Value = Vec<u8>> {
    (5u8..=SIZE, 0u8..=10, 0u8..=10, 10u8..=55, 0u8..=35).prop_flat_map(
        |(side, ox, oy, black_pct, white_pct)| {
            let side = side as usize;
            let (ox, oy) = (
                (ox as usize).min(SIZE as usize - side),
                (oy as usize).min(SIZE as usize - side),
            );
            prop::collection::vec(0u8..100, side * side).prop_map(move |rolls| {
                let mut cells = vec![0u8; SIZE as usize * SIZE as usize];
                for (i, roll) in rolls.into_iter().enumerate() {
                    let (x, y) = (ox + i % side, oy + i / side);
                    cells[y * SIZE as usize + x] = if roll < black_pct {
                        1
                    } else if roll < black_pct.saturating_add(white_pct) {
                        2
                    } else {
                        0
                    };
                }
                cells
            })
        },
    )
}

fn boards(cells: &[u8]) -> (Board, RefBoard) {
    let mut board = Board::new(SIZE).unwrap();
    let mut reference = RefBoard::new(SIZE as usize);
    for (i, &c) in cells.iter().enumerate() {
        let (x, y) = (i % SIZE as usize, i / SIZE as usize);
        let p = Point::new(x as u8, y as u8).unwrap();
        let (stone, cell) = match c {
            1 => (Some(Color::Black), Cell::Black),
            2 => (Some(Color::White), Cell::White),
            _ => (None, Cell::Empty),
        };
        board.set(p, stone).unwrap();
        reference.set(x, y, cell);
    }
    (board, reference)
}

fn to_set(f: RefFouls) -> FoulSet {
    let mut s = FoulSet::EMPTY;
    if f.overline {
        s = s.with(FoulKind::Overline);
    }
    if f.double_four {
        s = s.with(FoulKind::DoubleFour);
    }
    if f.double_three {
        s = s.with(FoulKind::DoubleThree);
    }
    s
}

/// A move on `pos` chosen by `pick`: a pass when `pick` is a multiple of `pass_every`
/// or the board is full, else an empty point.
fn pick_move(pos: &Position, pick: usize, pass_every: usize) -> Move {
    let empties: Vec<Point> = pos.board().empty_points().collect();
    if empties.is_empty() || pick.is_multiple_of(pass_every) {
        Move::Pass
    } else {
        Move::Stone(empties[pick % empties.len()])
    }
}

fn readings() -> [RenjuOptions; 2] {
    [
        RenjuOptions::default(),
        RenjuOptions {
            five_completion_counts: true,
        },
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(10_000), ..ProptestConfig::default() })]

    #[test]
    fn fast_judge_agrees_with_reference(cells in position_strategy()) {
        let (board, reference) = boards(&cells);
        for options in readings() {
            let pos = Position::from_board(board.clone(), RuleSet::Renju, Color::Black)
                .unwrap()
                .with_options(options);
            let fast: Vec<(Point, FoulSet)> =
                pos.forbidden_points().into_iter().map(|f| (f.point, f.all)).collect();
            let slow: Vec<(Point, FoulSet)> = reference::forbidden_map(&reference, options.five_completion_counts)
                .into_iter()
                .map(|((x, y), f)| (Point::new(x as u8, y as u8).unwrap(), to_set(f)))
                .collect();
            // Both list points row by row from a1.
            prop_assert_eq!(&fast, &slow, "reading {:?}\n{}", options, board);
            // The same stones built in one sweep from their cells, and the batch mask.
            let bulk = Position::from_board(Board::from_cells(SIZE, &cells).unwrap(), RuleSet::Renju, Color::Black)
                .unwrap()
                .with_options(options);
            let bulk_map: Vec<(Point, FoulSet)> =
                bulk.forbidden_points().into_iter().map(|f| (f.point, f.all)).collect();
            prop_assert_eq!(&bulk_map, &slow, "from_cells, reading {:?}", options);
            let mask = forbidden_masks(&cells, SIZE, RuleSet::Renju, &options, MaskValues::Kinds).unwrap();
            let mut want = vec![0u8; cells.len()];
            for (p, set) in &slow {
                want[p.y() as usize * SIZE as usize + p.x() as usize] = kind_code(set.primary().unwrap());
            }
            prop_assert_eq!(mask, want, "batch mask, reading {:?}", options);
            // Point queries agree with the map everywhere.
            for p in board.empty_points() {
                let want = slow.iter().find(|(q, _)| *q == p).map_or(FoulSet::EMPTY, |(_, s)| *s);
                prop_assert_eq!(pos.fouls_at(p).unwrap(), want, "{} under {:?}", p, options);
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(10_000) / 5, ..ProptestConfig::default() })]

    #[test]
    fn verdicts_invariant_under_symmetries(cells in position_strategy()) {
        let (board, _) = boards(&cells);
        let pos = Position::from_board(board, RuleSet::Renju, Color::Black).unwrap();
        let map = pos.forbidden_points();
        for sym in Symmetry::ALL {
            let image = pos.transformed(sym);
            let mut want: Vec<_> = map
                .iter()
                .map(|f| (sym.apply(f.point, SIZE), f.all))
                .collect();
            want.sort_by_key(|(p, _)| (p.y(), p.x()));
            let got: Vec<_> = image.forbidden_points().into_iter().map(|f| (f.point, f.all)).collect();
            prop_assert_eq!(got, want, "{:?}", sym);
        }
    }

    #[test]
    fn play_then_undo_restores_the_position(cells in position_strategy(), picks in prop::collection::vec(0usize..225, 1..40)) {
        let (board, _) = boards(&cells);
        for rule_set in RuleSet::ALL {
            let mut pos = Position::from_board(board.clone(), rule_set, Color::Black).unwrap();
            let mut snapshots = vec![pos.clone()];
            for &pick in &picks {
                if pos.outcome().is_some() {
                    break;
                }
                let mv = pick_move(&pos, pick, 17);
                let verdict = pos.verdict(mv).unwrap();
                prop_assert_eq!(pos.play(mv).unwrap(), verdict);
                snapshots.push(pos.clone());
            }
            while let Some(expected) = snapshots.pop() {
                prop_assert_eq!(&pos, &expected);
                // The forbidden map is a function of the stones alone.
                prop_assert_eq!(pos.forbidden_points(), expected.forbidden_points());
                if pos.undo().is_none() {
                    prop_assert!(snapshots.is_empty());
                }
            }
        }
    }
}

fn cell_of(color: Color) -> Cell {
    match color {
        Color::Black => Cell::Black,
        Color::White => Cell::White,
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(10_000) / 10, ..ProptestConfig::default() })]

    #[test]
    fn replays_agree_with_one_by_one_play_and_the_reference(
        cells in position_strategy(),
        picks in prop::collection::vec(0usize..225, 1..60),
    ) {
        let (board, reference) = boards(&cells);
        for rule_set in RuleSet::ALL {
            for options in readings() {
                let start = Position::from_board(board.clone(), rule_set, Color::Black)
                    .unwrap()
                    .with_options(options);
                let mut one_by_one = start.clone();
                let mut reference = reference.clone();
                let (mut moves, mut verdicts) = (Vec::new(), Vec::new());
                for &pick in &picks {
                    if one_by_one.outcome().is_some() {
                        break;
                    }
                    let mv = pick_move(&one_by_one, pick, 23);
                    let color = one_by_one.to_move();
                    let verdict = one_by_one.play(mv).unwrap();
                    if let Move::Stone(p) = mv {
                        let (x, y) = (p.x() as usize, p.y() as usize);
                        let forbidden = rule_set == RuleSet::Renju
                            && color == Color::Black
                            && matches!(
                                reference::judge(&reference, x, y, options.five_completion_counts),
                                RefVerdict::Forbidden(_)
                            );
                        let wins = !forbidden
                            && reference::wins(&reference, x, y, cell_of(color), &rule_set.to_string());
                        prop_assert_eq!(matches!(verdict, Verdict::Forbidden(_)), forbidden, "{} {}", rule_set, p);
                        prop_assert_eq!(matches!(verdict, Verdict::Wins { .. }), wins, "{} {}", rule_set, p);
                        reference.set(x, y, cell_of(color));
                    }
                    moves.push(mv);
                    verdicts.push(verdict);
                }
                let mut quiet = start.clone();
                quiet.play_all_quiet(moves.iter().copied()).unwrap();
                prop_assert_eq!(&quiet, &one_by_one);
                let text = format_moves(moves.iter().copied());
                let mut from_text = start.clone();
                from_text.play_moves_quiet(&text).unwrap();
                prop_assert_eq!(&from_text, &one_by_one);
                let mut loud = start.clone();
                prop_assert_eq!(&loud.play_moves(&text).unwrap(), &verdicts);
                prop_assert_eq!(&loud, &one_by_one);
                if one_by_one.outcome().is_some() {
                    // A move after the end: refused, and the replay stops there.
                    let (at, _) = start.clone().play_all_quiet(moves.iter().copied().chain([Move::Pass])).unwrap_err();
                    prop_assert_eq!(at, moves.len());
                }
                // The replayed boards judge like the one played move by move, and undo
                // back to the start alike.
                for mut pos in [quiet, loud] {
                    let mut other = one_by_one.clone();
                    loop {
                        prop_assert_eq!(pos.forbidden_points(), other.forbidden_points());
                        for p in pos.board().empty_points() {
                            prop_assert_eq!(pos.fouls_at(p).unwrap(), other.fouls_at(p).unwrap());
                        }
                        let undone = pos.undo();
                        prop_assert_eq!(undone, other.undo());
                        prop_assert_eq!(&pos, &other);
                        if undone.is_none() {
                            break;
                        }
                    }
                }
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(10_000) / 20, ..ProptestConfig::default() })]

    /// The explanation of a point says what the judge says of it: forbidden with the same
    /// fouls and the same reported one, or not forbidden (legal, or a five that no foul
    /// outweighs), under both readings.
    #[test]
    fn explanations_agree_with_the_judge(cells in position_strategy()) {
        let (board, _) = boards(&cells);
        for options in readings() {
            let pos = Position::from_board(board.clone(), RuleSet::Renju, Color::Black)
                .unwrap()
                .with_options(options);
            for p in board.empty_points() {
                let fouls = pos.fouls_at(p).unwrap();
                let status = pos.explain(p).unwrap().status;
                match status {
                    PointStatus::Forbidden { primary, all } => {
                        prop_assert_eq!(all, fouls, "{} under {:?}\n{}", p, options, board);
                        prop_assert_eq!(Some(primary), fouls.primary(), "{}", p);
                    }
                    PointStatus::Legal | PointStatus::Five => {
                        prop_assert!(fouls.is_empty(), "{} is {:?} but fouls {:?}\n{}", p, status, fouls, board);
                    }
                }
            }
        }
    }
}
