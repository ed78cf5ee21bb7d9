//! The targeted position families checked against the slow reference judge, written
//! from the rule text and sharing no code with the library: every forbidden point of
//! every position under both readings, and each family's own fact at its point.

#[path = "../../renju-core/tests/reference/mod.rs"]
mod reference;

use reference::{Cell, RefBoard, RefFouls, RefVerdict};
use renju_core::{Board, Color, FoulKind, Point};
use renju_engine::conform::families::{
    families_at, families_conform_positions, family_positions, Family, FamilyPosition,
};
use renju_engine::conform::{random_positions, ConformPosition, Reading};

fn reference_board(board: &Board) -> RefBoard {
    let mut r = RefBoard::new(board.size() as usize);
    for (p, c) in board.stones() {
        let cell = if c == Color::Black {
            Cell::Black
        } else {
            Cell::White
        };
        r.set(p.x() as usize, p.y() as usize, cell);
    }
    r
}

fn fouls_of(f: &RefFouls) -> Vec<FoulKind> {
    let mut out = Vec::new();
    if f.overline {
        out.push(FoulKind::Overline);
    }
    if f.double_four {
        out.push(FoulKind::DoubleFour);
    }
    if f.double_three {
        out.push(FoulKind::DoubleThree);
    }
    out
}

/// Every forbidden point, with every foul, agrees with the reference under both readings.
fn agrees_with_reference(fp: &FamilyPosition) {
    let position = ConformPosition {
        id: String::new(),
        board: fp.board.clone(),
    };
    let r = reference_board(&fp.board);
    for reading in [Reading::Rif, Reading::FiveCompletionCounts] {
        let ours: Vec<(Point, Vec<FoulKind>)> = position
            .forbidden(reading)
            .into_iter()
            .map(|f| (f.point, f.all.iter().collect()))
            .collect();
        let mut theirs: Vec<(Point, Vec<FoulKind>)> =
            reference::forbidden_map(&r, reading == Reading::FiveCompletionCounts)
                .into_iter()
                .map(|((x, y), f)| (Point::new(x as u8, y as u8).unwrap(), fouls_of(&f)))
                .collect();
        let mut ours = ours;
        ours.sort();
        theirs.sort();
        assert_eq!(
            ours,
            theirs,
            "{} ({reading}):\n{}",
            fp.family,
            fp.board.to_diagram()
        );
    }
}

/// The family's own fact at its point, by the reference judge.
fn reference_fact(fp: &FamilyPosition) {
    let p = fp.point.unwrap();
    let r = reference_board(&fp.board);
    let (x, y) = (p.x() as usize, p.y() as usize);
    let rif = reference::judge(&r, x, y, false);
    let other = reference::judge(&r, x, y, true);
    let diagram = fp.board.to_diagram();
    match fp.family {
        Family::FivePlusOverline
        | Family::DoubleFive
        | Family::FivePlusDoubleFour
        | Family::FivePlusDoubleThree => {
            assert_eq!(rif, RefVerdict::Five, "{}:\n{diagram}", fp.family)
        }
        Family::OverlinePlusDoubleFour => assert!(
            matches!(rif, RefVerdict::Forbidden(f) if f.overline && f.double_four),
            "{diagram}"
        ),
        Family::DoubleFourPlusDoubleThree => assert!(
            matches!(rif, RefVerdict::Forbidden(f) if !f.overline && f.double_four && f.double_three),
            "{diagram}"
        ),
        Family::DoubleFourOneLine => assert!(
            matches!(rif, RefVerdict::Forbidden(f) if f.double_four),
            "{diagram}"
        ),
        Family::Disputed => assert_ne!(rif, other, "{diagram}"),
        // The depth is the library's own measure; the verdicts are checked above.
        Family::DeepRecursion | Family::Uniform => {}
    }
}

/// Whether some stone is in a row of five or more of its colour (a finished game).
fn has_a_five(board: &Board) -> bool {
    let steps = [(1, 0), (0, 1), (1, 1), (1, -1)];
    board.stones().any(|(p, c)| {
        steps.iter().any(|&(dx, dy)| {
            (0..5).all(|k| {
                let (x, y) = (p.x() as i32 + dx * k, p.y() as i32 + dy * k);
                (0..15).contains(&x)
                    && (0..15).contains(&y)
                    && board.get(Point::new(x as u8, y as u8).unwrap()) == Some(c)
            })
        })
    })
}

#[test]
fn every_family_agrees_with_the_reference_judge() {
    for family in Family::ALL {
        let positions = family_positions(family, 12, 5);
        assert_eq!(positions.len(), 12, "{family}");
        for (i, fp) in positions.iter().enumerate() {
            assert_eq!(fp.family, family);
            assert_eq!(
                fp.board.count(Color::Black),
                fp.board.count(Color::White),
                "{family}: Black is to move"
            );
            assert!(
                !has_a_five(&fp.board),
                "{family}:\n{}",
                fp.board.to_diagram()
            );
            agrees_with_reference(fp);
            if family == Family::Uniform {
                continue;
            }
            assert_eq!(fp.near_miss, i % 2 == 1, "{family} {i}");
            let p = fp.point.unwrap();
            let found = families_at(&fp.board, p);
            if fp.near_miss {
                assert!(!found.contains(&family), "{family} near miss {i}");
                let case = &positions[i - 1];
                assert_eq!(case.point, fp.point);
                assert_eq!(fp.board.stone_count() + 2, case.board.stone_count());
            } else {
                assert!(found.contains(&family), "{family} {i}");
                reference_fact(fp);
            }
        }
    }
}

#[test]
fn families_are_deterministic_for_a_seed() {
    for family in Family::ALL {
        let a = family_positions(family, 4, 9);
        assert_eq!(a, family_positions(family, 4, 9), "{family}");
        assert_ne!(a, family_positions(family, 4, 10), "{family}");
    }
    let uniform: Vec<Board> = family_positions(Family::Uniform, 3, 4)
        .into_iter()
        .map(|f| f.board)
        .collect();
    assert_eq!(uniform, random_positions(3, 4));
}

#[test]
fn families_are_taken_in_turn() {
    let families = [Family::Uniform, Family::DoubleFive, Family::Disputed];
    let positions = families_conform_positions(&families, 7, 3);
    let ids: Vec<&str> = positions.iter().map(|p| p.id.as_str()).collect();
    assert_eq!(
        ids,
        [
            "random-3-1",
            "double-five-3-1",
            "disputed-3-1",
            "random-3-2",
            "double-five-near-3-2",
            "disputed-near-3-2",
            "random-3-3",
        ]
    );
    assert!(families_conform_positions(&[], 5, 1).is_empty());
    assert_eq!(
        Family::parse_list("all, disputed").unwrap().len(),
        Family::ALL.len()
    );
}
