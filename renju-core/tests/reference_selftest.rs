//! Unit tests of the reference Renju judge (tests/reference/mod.rs) on its own, on the hand-made
//! positions of docs/rules.md. Nothing here uses the library under test.

mod reference;

use reference::{forbidden_map, judge, Cell, RefBoard, RefFouls, RefVerdict};

const SIZE: usize = 15;

/// Parse an "h8"-style point (column letter, upper or lower case, then 1-based row from the
/// bottom) into (x, y) with x = column index (a = 0) and y = row index (row 1 = 0).
fn pt(s: &str) -> (usize, usize) {
    let s = s.trim();
    let mut chars = s.chars();
    let col = chars.next().unwrap_or_else(|| panic!("empty point"));
    assert!(col.is_ascii_alphabetic(), "bad column in point {s:?}");
    let x = (col.to_ascii_lowercase() as u8 - b'a') as usize;
    let row: usize = chars
        .as_str()
        .parse()
        .unwrap_or_else(|_| panic!("bad row in point {s:?}"));
    assert!(row >= 1, "bad row in point {s:?}");
    let y = row - 1;
    assert!(x < SIZE && y < SIZE, "point {s:?} is off the 15x15 board");
    (x, y)
}

/// A 15x15 board from space-separated stone lists such as "H8 i9 G7".
fn board(black: &str, white: &str) -> RefBoard {
    let mut b = RefBoard::new(SIZE);
    for (list, colour) in [(black, Cell::Black), (white, Cell::White)] {
        for s in list.split_whitespace() {
            let (x, y) = pt(s);
            assert_eq!(
                b.get(x as i32, y as i32),
                Some(Cell::Empty),
                "stone {s} listed twice"
            );
            b.set(x, y, colour);
        }
    }
    b
}

/// Judge `point` on the position, in the default (literal) reading or quintet's reading.
fn verdict(black: &str, white: &str, point: &str, five_completion_counts: bool) -> RefVerdict {
    let b = board(black, white);
    let (x, y) = pt(point);
    judge(&b, x, y, five_completion_counts)
}

fn fouls(overline: bool, double_four: bool, double_three: bool) -> RefVerdict {
    RefVerdict::Forbidden(RefFouls {
        overline,
        double_four,
        double_three,
    })
}

const OVERLINE: RefVerdict = RefVerdict::Forbidden(RefFouls {
    overline: true,
    double_four: false,
    double_three: false,
});
const DOUBLE_FOUR: RefVerdict = RefVerdict::Forbidden(RefFouls {
    overline: false,
    double_four: true,
    double_three: false,
});
const DOUBLE_THREE: RefVerdict = RefVerdict::Forbidden(RefFouls {
    overline: false,
    double_four: false,
    double_three: true,
});

/// Both readings of the disputed case give `expected`.
fn check_both(black: &str, white: &str, point: &str, expected: RefVerdict) {
    assert_eq!(
        verdict(black, white, point, false),
        expected,
        "{point} (literal reading)"
    );
    assert_eq!(
        verdict(black, white, point, true),
        expected,
        "{point} (quintet reading)"
    );
}

fn map_points(b: &RefBoard, five_completion_counts: bool) -> Vec<(usize, usize)> {
    forbidden_map(b, five_completion_counts)
        .into_iter()
        .map(|(p, _)| p)
        .collect()
}

fn pts(list: &str) -> Vec<(usize, usize)> {
    let mut v: Vec<(usize, usize)> = list.split_whitespace().map(pt).collect();
    v.sort_by_key(|&(x, y)| y * SIZE + x);
    v
}

// ---------------------------------------------------------------------------------------------
// Helpers themselves

#[test]
fn point_parser() {
    assert_eq!(pt("a1"), (0, 0));
    assert_eq!(pt("h8"), (7, 7));
    assert_eq!(pt("H8"), (7, 7));
    assert_eq!(pt("i9"), (8, 8));
    assert_eq!(pt("O15"), (14, 14));
    assert_eq!(pt("o1"), (14, 0));
}

#[test]
fn board_basics() {
    let mut b = RefBoard::new(SIZE);
    assert_eq!(b.cells.len(), 225);
    assert_eq!(b.get(-1, 0), None);
    assert_eq!(b.get(0, 15), None);
    assert_eq!(b.get(14, 14), Some(Cell::Empty));
    b.set(3, 2, Cell::White);
    assert_eq!(b.cells[2 * SIZE + 3], Cell::White);
    assert_eq!(b.get(3, 2), Some(Cell::White));
    let c = board("d3", "");
    assert_eq!(c.get(3, 2), Some(Cell::Black));
}

#[test]
fn empty_board_and_single_stone() {
    let b = RefBoard::new(SIZE);
    assert_eq!(judge(&b, 7, 7, false), RefVerdict::Legal);
    assert!(forbidden_map(&b, false).is_empty());
    assert!(forbidden_map(&b, true).is_empty());
}

// ---------------------------------------------------------------------------------------------
// Named positions of §5.3

#[test]
fn rn_01b_overline() {
    check_both("E8 F8 H8 I8 J8", "", "G8", OVERLINE);
}

#[test]
fn qp_44_double_four() {
    check_both("E8 F8 G8 H5 H6 H7", "", "H8", DOUBLE_FOUR);
}

#[test]
fn qn_44_same_line_a() {
    // X.X?X.X
    check_both("E8 G8 I8 K8", "", "H8", DOUBLE_FOUR);
}

#[test]
fn qn_44_same_line_b() {
    // XX.?X.XX -> XX.XX.XX
    check_both("E8 F8 I8 K8 L8", "", "H8", DOUBLE_FOUR);
}

#[test]
fn qn_44_same_line_c() {
    // XXX.?.XXX -> XXX.X.XXX
    check_both("D8 E8 F8 J8 K8 L8", "", "H8", DOUBLE_FOUR);
}

#[test]
fn qp_33_five_stones_double_three() {
    check_both("F8 G8 H6 H7", "", "H8", DOUBLE_THREE);
}

#[test]
fn qp_43_legal() {
    check_both("E8 F8 G8 H6 H7", "", "H8", RefVerdict::Legal);
}

#[test]
fn qp_433_forbidden() {
    // One straight four (counted once) and two threes: a 4-3-3 is a double-three.
    check_both("E8 F8 G8 H6 H7 F6 G7", "", "H8", DOUBLE_THREE);
}

#[test]
fn cn_dead4_legal() {
    check_both("D8 E8 F8", "C8 H8", "G8", RefVerdict::Legal);
}

#[test]
fn rn_01d_corner_diagonal_legal() {
    check_both("B4 B3 D3 D2", "", "C3", RefVerdict::Legal);
}

#[test]
fn qp_93a_overline_skeleton_legal() {
    check_both("D8 F8 H8 I6 I7", "", "I8", RefVerdict::Legal);
}

#[test]
fn js_fake_44_legal() {
    check_both("G8 J8 H9 H6 I10 I9 I7", "", "H8", RefVerdict::Legal);
    // The completion point I8 itself, after H8, is the double-four that makes the three fake.
    let mut b = board("G8 J8 H9 H6 I10 I9 I7", "");
    b.set(7, 7, Cell::Black);
    let (x, y) = pt("I8");
    assert!(matches!(judge(&b, x, y, false), RefVerdict::Forbidden(f) if f.double_four));
}

#[test]
fn js_fake_33_legal() {
    check_both("G8 J8 H9 H6 J7 J9 K10", "", "H8", RefVerdict::Legal);
    // After H8, I8 is a straight four plus two threes (4-3-3): forbidden.
    let mut b = board("G8 J8 H9 H6 J7 J9 K10", "");
    b.set(7, 7, Cell::Black);
    let (x, y) = pt("I8");
    assert_eq!(judge(&b, x, y, false), DOUBLE_THREE);
}

const TANASE_BLACK: &str = "C8 E6 F7 F8 H8 I5 I7 J7 K4 K5 L5 L6 M6";

#[test]
fn qn_tanase_1_legal() {
    check_both(TANASE_BLACK, "G9 J5 O6", "G8", RefVerdict::Legal);
}

#[test]
fn qn_tanase_2_double_three() {
    check_both(TANASE_BLACK, "G9 J5", "G8", DOUBLE_THREE);
}

#[test]
fn qn_tanase_chain_levels() {
    // The chain G8 -> I8 -> K6 -> N6 of §5.2, checked level by level (without white O6).
    let mut b = board(TANASE_BLACK, "G9 J5");
    b.set(pt("G8").0, pt("G8").1, Cell::Black);
    let (ix, iy) = pt("I8");
    // I8 is a four plus a vertical three; its diagonal three (completion K6) is fake because
    // K6 is a 4-3-3, so I8 is a legal 4-3.
    assert_eq!(judge(&b, ix, iy, false), RefVerdict::Legal);
    b.set(ix, iy, Cell::Black);
    let (kx, ky) = pt("K6");
    assert_eq!(judge(&b, kx, ky, false), DOUBLE_THREE);
    // With white O6, K6 has only one real three and is legal.
    b.set(pt("O6").0, pt("O6").1, Cell::White);
    assert_eq!(judge(&b, kx, ky, false), RefVerdict::Legal);
}

#[test]
fn js_five_vs_overline_is_five() {
    check_both("C8 D8 E8 G8 H8 F12 F11 F10 F9", "", "F8", RefVerdict::Five);
}

const PR124_BLACK: &str = "E10 F9 H9 F8 I8 G7 H7 G6 G5 G4";

#[test]
fn qn_pr124_disputed() {
    assert_eq!(verdict(PR124_BLACK, "", "H8", false), RefVerdict::Legal);
    assert_eq!(verdict(PR124_BLACK, "", "H8", true), DOUBLE_THREE);
    // The disputed completion G8 is itself a five (after H8) in both readings.
    let mut b = board(PR124_BLACK, "");
    b.set(7, 7, Cell::Black);
    let (x, y) = pt("G8");
    assert_eq!(judge(&b, x, y, false), RefVerdict::Five);
    assert_eq!(judge(&b, x, y, true), RefVerdict::Five);
}

const H6_BLACK: &str = "H8 H7 K7 L8 M9 I5 I6 G6 G5 E7 D8 C9";
const H6_WHITE: &str = "I8 J7 K8 L9 J5 G8 F7 F5 E8 D9 H14";

#[test]
fn cn_h6_puzzle_disputed() {
    assert_eq!(verdict(H6_BLACK, H6_WHITE, "H6", false), RefVerdict::Legal);
    assert_eq!(verdict(H6_BLACK, H6_WHITE, "H6", true), DOUBLE_THREE);
}

#[test]
fn several_fouls_are_all_reported() {
    // QN-44-1line-c plus a vertical six: H8 is an overline and a double-four at once.
    check_both(
        "D8 E8 F8 J8 K8 L8 H3 H4 H5 H6 H7",
        "",
        "H8",
        fouls(true, true, false),
    );
    // 4-4 and 3-3 at once: horizontal X.X?X.X (two fours on one line), plus the threes
    // H6 H7 H8 (vertical) and F6 G7 H8 (diagonal).
    check_both(
        "E8 G8 I8 K8 H6 H7 F6 G7",
        "",
        "H8",
        fouls(false, true, true),
    );
}

#[test]
fn white_stones_and_edges_block() {
    // A three against the edge is not a three: A8 B8 C8 cannot become a straight four, so
    // C8 has only the vertical three C8 C9 C10.
    check_both("A8 B8 C9 C10", "", "C8", RefVerdict::Legal);
    // The same shape away from the edge is a double three.
    check_both("E8 F8 G9 G10", "", "G8", DOUBLE_THREE);
    // Natsu-dome: O.XXX.O is not a three (here F8 G8 H8 between white D8 and J8) ...
    check_both("F8 G8 H9 H10", "D8 J8", "H8", RefVerdict::Legal);
    // ... but with room on one side it is: (one more empty point left of E8).
    check_both("F8 G8 H9 H10", "C8 J8", "H8", DOUBLE_THREE);
    check_both("F8 G8 H9 H10", "", "H8", DOUBLE_THREE);
}

// ---------------------------------------------------------------------------------------------
// Whole-board maps

/// Full-board maps. The MK-* positions come from mintaka's tests, which assert the complete
/// forbidden map of the board (docs/rules.md §0, §5.3); every point listed here is the
/// complete set of forbidden points, with the foul type of that map (3 / 4 / 6).
#[test]
fn mintaka_full_maps() {
    let cases: [(&str, &str, &str, &str); 10] = [
        (
            "MK-basic (K12 is a five, not forbidden)",
            "K15 K14 E13 K13 C12 E12 J12 L12 M12 N12 O12 B11 E11 K11 A10 D8 E8 G8 H8 I8 J5 M5 B4 K4 B3 D3 K3 D2",
            "E10",
            "K5:3 F8:6 E14:4",
        ),
        ("MK-pseudo33-a", "G9 E8 H8 E7 E6 F6 G6 E5", "E9 F9 H9 I9 I10 F7 E4", "F8:3"),
        ("MK-pseudo33-b", "F9 G9 H8 H7 I6 J6 K6", "H11 F10 G8 I8 G7 I7 L6", ""),
        (
            "MK-nested1",
            "H11 H10 F9 H9 F8 H8 D7 E7 F7 G7 I7 F6 E5",
            "H12 F10 G9 I9 J8 C7 H7 H6 J6 F5 G5 D4",
            "E6:3 E8:3",
        ),
        ("MK-nested2", "E10 H10 F9 H9 I9 G8 H8 I7 J7 F6 F5", "D11 G11 J10 E9 G9 G7 H7 E5 F4", "I8:3"),
        (
            "MK-nested2b",
            "E10 H10 F9 H9 I9 G8 H8 I7 J7 F6 F5",
            "D11 G11 J10 E9 G9 K8 G7 H7 G6 E5 F4",
            "I8:3 G10:3 I10:3",
        ),
        ("MK-pseudo-nested", "F11 K10 L9 G8 H8 I8 K8 F7 H6 J5", "J11 K9 F8 J8", "I6:3 H7:3 H9:3"),
        (
            "MK-multi-nested",
            "H12 M11 N10 D9 G9 I9 J9 K9 M9 D8 H8 E7 F7 J7 G6 K6 L6",
            "F10 M10 C9 H9 L9 E8 F8 I8 B7 M6 E5",
            "G7:3 K7:3 J8:3 J10:3",
        ),
        (
            "MK-multi-nested-b (O11 added: K7 no longer, D7 now forbidden)",
            "H12 M11 O11 N10 D9 G9 I9 J9 K9 M9 D8 H8 E7 F7 J7 G6 K6 L6",
            "F10 M10 C9 H9 L9 E8 F8 I8 B7 M6 E5",
            "D7:3 G7:3 J8:3 J10:3",
        ),
        (
            "MK-ring",
            "G9 H9 F8 G8 H8 I8 F7 G7 H7 I7 G6 H6",
            "G10 H10 E8 J8 E7 J7 G5 H5",
            "F6:3 I6:3 F9:3 I9:3",
        ),
    ];
    for (id, black, white, expected) in cases {
        let mut want: Vec<((usize, usize), RefFouls)> = expected
            .split_whitespace()
            .map(|e| {
                let (p, kind) = e.split_once(':').unwrap();
                let f = RefFouls {
                    overline: kind == "6",
                    double_four: kind == "4",
                    double_three: kind == "3",
                };
                (pt(p), f)
            })
            .collect();
        want.sort_by_key(|&((x, y), _)| y * SIZE + x);
        let b = board(black, white);
        assert_eq!(forbidden_map(&b, false), want, "{id} (literal reading)");
        assert_eq!(forbidden_map(&b, true), want, "{id} (quintet reading)");
    }
}

#[test]
fn mk_same_line_map() {
    // mintaka documents/renju.md: three single-line double-fours; row 2 is a decoy.
    let b = board(
        "E14 G14 I14 K14 E10 G10 H10 K10 E6 F6 H6 K6 L6 C2 E2 G2 H2 K2 L2 N2",
        "E12 F12 G12 H12 I12 J12 K12 E8 F8 G8 H8 I8 J8 K8 E4 F4 G4 H4 I4 J4 K4",
    );
    let want: Vec<((usize, usize), RefFouls)> = pts("I6 I10 H14")
        .into_iter()
        .map(|p| {
            (
                p,
                RefFouls {
                    double_four: true,
                    ..RefFouls::default()
                },
            )
        })
        .collect();
    assert_eq!(forbidden_map(&b, false), want);
}

#[test]
fn ox_ring_map() {
    let b = board("H10 I10 G9 J9 G8 J8 H7 I7", "");
    let map = map_points(&b, false);
    for p in ["H9", "I9", "H8", "I8"] {
        assert!(!map.contains(&pt(p)), "inner point {p} should be legal");
    }
    for p in ["F7", "F10", "G6", "G7"] {
        assert!(
            map.contains(&pt(p)),
            "outer point {p} should be forbidden; map = {map:?}"
        );
    }
}

#[test]
fn forbidden_map_agrees_with_judge_and_is_ordered() {
    let b = board(TANASE_BLACK, "G9 J5");
    for fcc in [false, true] {
        let map = forbidden_map(&b, fcc);
        let idx: Vec<usize> = map.iter().map(|&((x, y), _)| y * SIZE + x).collect();
        assert!(
            idx.windows(2).all(|w| w[0] < w[1]),
            "map not in index order"
        );
        for y in 0..SIZE {
            for x in 0..SIZE {
                if b.cells[y * SIZE + x] != Cell::Empty {
                    assert!(!map.iter().any(|&(p, _)| p == (x, y)));
                    continue;
                }
                let in_map = map.iter().find(|&&(p, _)| p == (x, y)).map(|&(_, f)| f);
                match judge(&b, x, y, fcc) {
                    RefVerdict::Forbidden(f) => assert_eq!(in_map, Some(f)),
                    _ => assert_eq!(in_map, None),
                }
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The whole §5.3 table, both readings, and under the 8 board symmetries

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Exp {
    Five,
    Legal,
    Overline,
    DoubleFour,
    DoubleThree,
}

/// The primary label of a verdict (overline > double-four > double-three).
fn label(v: RefVerdict) -> Exp {
    match v {
        RefVerdict::Five => Exp::Five,
        RefVerdict::Legal => Exp::Legal,
        RefVerdict::Forbidden(f) if f.overline => Exp::Overline,
        RefVerdict::Forbidden(f) if f.double_four => Exp::DoubleFour,
        RefVerdict::Forbidden(f) if f.double_three => Exp::DoubleThree,
        RefVerdict::Forbidden(_) => panic!("Forbidden verdict without any foul"),
    }
}

/// (id, black stones, white stones, point, literal reading, quintet reading) — the
/// "scratch checker (literal / quintet-style)" column of docs/rules.md.
const TABLE: &[(&str, &str, &str, &str, Exp, Exp)] = &[
    ("RN-01a", "E13 C12 E12 B11 E11 A10", "E10", "E14", Exp::DoubleFour, Exp::DoubleFour),
    ("RN-01b", "E8 F8 H8 I8 J8", "", "G8", Exp::Overline, Exp::Overline),
    ("RN-01c", "K4 L4 J3 L3", "", "L5", Exp::DoubleThree, Exp::DoubleThree),
    ("RN-01d", "B4 B3 D3 D2", "", "C3", Exp::Legal, Exp::Legal),
    ("RN-02", "M13 G10 H10 I9 H8", "F6", "J10", Exp::Legal, Exp::Legal),
    ("RN-04a", "E13 A12 E12 F12 I12 C11", "", "D12", Exp::Legal, Exp::Legal),
    ("RN-04b", "O14 L11 N11 K10 N10 J9 N9", "I8 N8", "N13", Exp::Legal, Exp::Legal),
    ("RN-04c", "C5 C4 F4 E3", "G1", "D4", Exp::DoubleThree, Exp::DoubleThree),
    ("RN-04d", "L5 K3 M3 L2", "K5 M5 K4 M4 J2 K2 M2 N2 K1 M1", "L3", Exp::DoubleThree, Exp::DoubleThree),
    ("RN-05", "I9 K9 H8 J8 L8 H7 J7 L7 H6 L6", "G12 H11 I10 I8 K8 G7 I7 K7 M7 H5 L5", "J9", Exp::Legal, Exp::Legal),
    ("RN-06a", "I13 F12 I12 I11 G10 J10 G9 J9 H8 J8 K8 I7 K6", "H13 H12 G11 F10 H10 H9 I9 K9 L9 G8 I8 J7 I6", "H11", Exp::Legal, Exp::Legal),
    ("RN-06b", "I13 F12 I12 H11 I11 G10 J10 G9 J9 H8 J8 K8 I7 K6", "H13 H12 G11 F10 H10 H9 I9 K9 L9 G8 I8 J7 I6", "I10", Exp::DoubleFour, Exp::DoubleFour),
    ("RN-08", "G9 E8 H8 E7 E6 F6 G6", "J11 I10 E9 F9 H9 I9 F7", "G8", Exp::DoubleThree, Exp::DoubleThree),
    ("RN-10a", "G9 E8 G8 H8 E7 E6 F6 G6 E5", "J11 I10 E9 F9 H9 I9 F7 E4", "G7", Exp::DoubleFour, Exp::DoubleFour),
    ("RN-10b", "G9 E8 H8 E7 E6 F6 G6 E5", "J11 I10 E9 F9 H9 I9 F7 E4", "G8", Exp::Legal, Exp::Legal),
    ("RN-11a", "B14 C12 E12 C11 E11 B10", "D11 C10 E10", "D12", Exp::DoubleThree, Exp::DoubleThree),
    ("RN-11b", "M15 K14 M14 O14 L13 M13 N13 L11 O10", "L15 N15 L14 N14 K13 O13", "M12", Exp::DoubleFour, Exp::DoubleFour),
    ("RN-11c", "B5 C5 E5 D4 E4 D3 F3 D2", "F5 C4 F4 C3 E3 D1", "D5", Exp::DoubleFour, Exp::DoubleFour),
    ("RN-11d", "M6 K5 N5 L4 M4 K3 J2", "K4 N4 O4 L3 I1", "M5", Exp::DoubleThree, Exp::DoubleThree),
    ("RN-12", "I10 J9 K9 H8 H7 J7 K7", "H9 I9 I8 J8 L8 I7 H6", "K8", Exp::DoubleThree, Exp::DoubleThree),
    ("RN-14", "I10 K10 J9 K9 H8 H7 J7 K7 I6", "H9 I9 I8 J8 L8 M8 I7 H6 I5", "K8", Exp::DoubleThree, Exp::DoubleThree),
    ("RN-15", "G11 F10 G10 E9 H9 I9 H8 J8 H7", "I11 G9 D8 F8 G8 I8 G7 K7 H6", "H10", Exp::DoubleFour, Exp::DoubleFour),
    ("RN-16", "H12 G11 F10 G10 E9 H9 I9 H8 J8 H7", "I13 I11 G9 D8 F8 G8 I8 G7 K7 H6", "H10", Exp::Legal, Exp::Legal),
    ("RS-C", "B4 D3 D5 D9 E5 E9 E13 F10 F12 G6 G12 I14 J3 J6 K5 K9 K10 L5 L6 L9 M7 M10", "C4 C9 D4 D6 E11 E12 F4 F6 F14 G11 G14 H12 K4 K6 K12 L4 L7 L10 L11 M11 N5 N8", "F5", Exp::DoubleThree, Exp::DoubleThree),
    ("RS-A", "B4 D3 D5 D9 E5 E9 E13 F10 F12 G6 G12 I14 J3 J6 K5 K9 K10 L5 L6 L9 M7 M10", "C4 C9 D4 D6 E11 E12 F4 F6 F14 G11 G14 H12 K4 K6 K12 L4 L7 L10 L11 M11 N5 N8", "F11", Exp::Legal, Exp::Legal),
    ("RS-B", "B4 D3 D5 D9 E5 E9 E13 F10 F12 G6 G12 I14 J3 J6 K5 K9 K10 L5 L6 L9 M7 M10", "C4 C9 D4 D6 E11 E12 F4 F6 F14 G11 G14 H12 K4 K6 K12 L4 L7 L10 L11 M11 N5 N8", "K8", Exp::Legal, Exp::Legal),
    ("RS-D", "B4 D3 D5 D9 E5 E9 E13 F10 F12 G6 G12 I14 J3 J6 K5 K9 K10 L5 L6 L9 M7 M10", "C4 C9 D4 D6 E11 E12 F4 F6 F14 G11 G14 H12 K4 K6 K12 L4 L7 L10 L11 M11 N5 N8", "J5", Exp::Legal, Exp::Legal),
    ("RS-E", "B4 D3 D5 D9 E5 E9 E13 F10 F12 G6 G12 I14 J3 J6 K5 K9 K10 L5 L6 L9 M7 M10 J5", "C4 C9 D4 D6 E11 E12 F4 F6 F14 G11 G14 H12 K4 K6 K12 L4 L7 L10 L11 M11 N5 N8", "J4", Exp::DoubleFour, Exp::DoubleFour),
    ("MK-basic-4", "K15 K14 E13 K13 C12 E12 J12 L12 M12 N12 O12 B11 E11 K11 A10 D8 E8 G8 H8 I8 J5 M5 B4 K4 B3 D3 K3 D2", "E10", "E14", Exp::DoubleFour, Exp::DoubleFour),
    ("MK-basic-6", "K15 K14 E13 K13 C12 E12 J12 L12 M12 N12 O12 B11 E11 K11 A10 D8 E8 G8 H8 I8 J5 M5 B4 K4 B3 D3 K3 D2", "E10", "F8", Exp::Overline, Exp::Overline),
    ("MK-basic-3", "K15 K14 E13 K13 C12 E12 J12 L12 M12 N12 O12 B11 E11 K11 A10 D8 E8 G8 H8 I8 J5 M5 B4 K4 B3 D3 K3 D2", "E10", "K5", Exp::DoubleThree, Exp::DoubleThree),
    ("MK-basic-row12", "K15 K14 E13 K13 C12 E12 J12 L12 M12 N12 O12 B11 E11 K11 A10 D8 E8 G8 H8 I8 J5 M5 B4 K4 B3 D3 K3 D2", "E10", "K12", Exp::Five, Exp::Five),
    ("MK-pseudo33-a", "G9 E8 H8 E7 E6 F6 G6 E5", "E9 F9 H9 I9 I10 F7 E4", "F8", Exp::DoubleThree, Exp::DoubleThree),
    ("MK-pseudo33-b", "F9 G9 H8 H7 I6 J6 K6", "H11 F10 G8 I8 G7 I7 L6", "H9", Exp::Legal, Exp::Legal),
    ("MK-nested1", "H11 H10 F9 H9 F8 H8 D7 E7 F7 G7 I7 F6 E5", "H12 F10 G9 I9 J8 C7 H7 H6 J6 F5 G5 D4", "E8", Exp::DoubleThree, Exp::DoubleThree),
    ("MK-nested2", "E10 H10 F9 H9 I9 G8 H8 I7 J7 F6 F5", "D11 G11 J10 E9 G9 G7 H7 E5 F4", "I8", Exp::DoubleThree, Exp::DoubleThree),
    ("MK-nested2b", "E10 H10 F9 H9 I9 G8 H8 I7 J7 F6 F5", "D11 G11 J10 E9 G9 K8 G7 H7 G6 E5 F4", "G10", Exp::DoubleThree, Exp::DoubleThree),
    ("MK-pseudo-nested", "F11 K10 L9 G8 H8 I8 K8 F7 H6 J5", "J11 K9 F8 J8", "H9", Exp::DoubleThree, Exp::DoubleThree),
    ("MK-multi-nested", "H12 M11 N10 D9 G9 I9 J9 K9 M9 D8 H8 E7 F7 J7 G6 K6 L6", "F10 M10 C9 H9 L9 E8 F8 I8 B7 M6 E5", "J8", Exp::DoubleThree, Exp::DoubleThree),
    ("MK-multi-nested-b", "H12 M11 O11 N10 D9 G9 I9 J9 K9 M9 D8 H8 E7 F7 J7 G6 K6 L6", "F10 M10 C9 H9 L9 E8 F8 I8 B7 M6 E5", "K7", Exp::Legal, Exp::Legal),
    ("MK-ring", "G9 H9 F8 G8 H8 I8 F7 G7 H7 I7 G6 H6", "G10 H10 E8 J8 E7 J7 G5 H5", "F9", Exp::DoubleThree, Exp::DoubleThree),
    ("MK-1line-a", "E14 G14 I14 K14 E10 G10 H10 K10 E6 F6 H6 K6 L6 C2 E2 G2 H2 K2 L2 N2", "E12 F12 G12 H12 I12 J12 K12 E8 F8 G8 H8 I8 J8 K8 E4 F4 G4 H4 I4 J4 K4", "H14", Exp::DoubleFour, Exp::DoubleFour),
    ("MK-1line-b", "E14 G14 I14 K14 E10 G10 H10 K10 E6 F6 H6 K6 L6 C2 E2 G2 H2 K2 L2 N2", "E12 F12 G12 H12 I12 J12 K12 E8 F8 G8 H8 I8 J8 K8 E4 F4 G4 H4 I4 J4 K4", "I10", Exp::DoubleFour, Exp::DoubleFour),
    ("MK-1line-c", "E14 G14 I14 K14 E10 G10 H10 K10 E6 F6 H6 K6 L6 C2 E2 G2 H2 K2 L2 N2", "E12 F12 G12 H12 I12 J12 K12 E8 F8 G8 H8 I8 J8 K8 E4 F4 G4 H4 I4 J4 K4", "I6", Exp::DoubleFour, Exp::DoubleFour),
    ("MK-1line-d", "E14 G14 I14 K14 E10 G10 H10 K10 E6 F6 H6 K6 L6 C2 E2 G2 H2 K2 L2 N2", "E12 F12 G12 H12 I12 J12 K12 E8 F8 G8 H8 I8 J8 K8 E4 F4 G4 H4 I4 J4 K4", "I2", Exp::Legal, Exp::Legal),
    ("QN-all-C13", "B1 B5 B8 B13 C1 C5 C7 C12 C14 D5 D6 D13 E1 F1 G1 K1 K11 L1 L12 L13 M1 M12 M14 N1 N13 N14 O15", "L14 N12", "C13", Exp::DoubleThree, Exp::DoubleThree),
    ("QN-all-D1", "B1 B5 B8 B13 C1 C5 C7 C12 C14 D5 D6 D13 E1 F1 G1 K1 K11 L1 L12 L13 M1 M12 M14 N1 N13 N14 O15", "L14 N12", "D1", Exp::Overline, Exp::Overline),
    ("QN-all-E5", "B1 B5 B8 B13 C1 C5 C7 C12 C14 D5 D6 D13 E1 F1 G1 K1 K11 L1 L12 L13 M1 M12 M14 N1 N13 N14 O15", "L14 N12", "E5", Exp::DoubleFour, Exp::DoubleFour),
    ("QN-all-M13", "B1 B5 B8 B13 C1 C5 C7 C12 C14 D5 D6 D13 E1 F1 G1 K1 K11 L1 L12 L13 M1 M12 M14 N1 N13 N14 O15", "L14 N12", "M13", Exp::Five, Exp::Five),
    ("QN-all-J1", "B1 B5 B8 B13 C1 C5 C7 C12 C14 D5 D6 D13 E1 F1 G1 K1 K11 L1 L12 L13 M1 M12 M14 N1 N13 N14 O15", "L14 N12", "J1", Exp::Five, Exp::Five),
    ("QN-33-blocked", "G8 H7 H9 I8", "E8 K8", "H8", Exp::Legal, Exp::Legal),
    ("QN-tanase-1", "C8 E6 F7 F8 H8 I5 I7 J7 K4 K5 L5 L6 M6", "G9 J5 O6", "G8", Exp::Legal, Exp::Legal),
    ("QN-tanase-2", "C8 E6 F7 F8 H8 I5 I7 J7 K4 K5 L5 L6 M6", "G9 J5", "G8", Exp::DoubleThree, Exp::DoubleThree),
    ("QN-44-XXXX-overline", "C8 D8 E8 F8 J8 K8 L8 M8", "", "H8", Exp::Legal, Exp::Legal),
    ("QN-44-far", "D12 F8 F10 G8 G9 I7 I8", "J6", "H8", Exp::Legal, Exp::Legal),
    ("QP-33-5stones", "F8 G8 H6 H7", "", "H8", Exp::DoubleThree, Exp::DoubleThree),
    ("QP-44", "E8 F8 G8 H5 H6 H7", "", "H8", Exp::DoubleFour, Exp::DoubleFour),
    ("QP-overline-four", "A1 B1 C1 F1 G1 H1 D2 D3 D4", "", "D1", Exp::Legal, Exp::Legal),
    ("QP-93a", "D8 F8 H8 I6 I7", "", "I8", Exp::Legal, Exp::Legal),
    ("QP-433", "E8 F8 G8 H6 H7 F6 G7", "", "H8", Exp::DoubleThree, Exp::DoubleThree),
    ("QP-43", "E8 F8 G8 H6 H7", "", "H8", Exp::Legal, Exp::Legal),
    ("JS-cross", "G8 J8 H9 H6", "", "H8", Exp::DoubleThree, Exp::DoubleThree),
    ("JS-fake-overline", "G8 J8 H9 H6 I11 I10 I9 I7 I6", "", "H8", Exp::Legal, Exp::Legal),
    ("JS-fake-44", "G8 J8 H9 H6 I10 I9 I7", "", "H8", Exp::Legal, Exp::Legal),
    ("JS-fake-33", "G8 J8 H9 H6 J7 J9 K10", "", "H8", Exp::Legal, Exp::Legal),
    ("JS-five-vs-overline", "C8 D8 E8 G8 H8 F12 F11 F10 F9", "", "F8", Exp::Five, Exp::Five),
    ("CN-edge3", "A8 B8", "", "C8", Exp::Legal, Exp::Legal),
    ("CN-fake-overline", "F8 I8 G5 G6 G7 G9 G10", "", "H8", Exp::Legal, Exp::Legal),
    ("CN-fake-44", "F8 I8 G6 G7 G9", "", "H8", Exp::Legal, Exp::Legal),
    ("CN-fake-433", "F8 I8 F7 G7 H7 G9 H9", "", "H8", Exp::Legal, Exp::Legal),
    ("CN-dead4", "D8 E8 F8", "C8 H8", "G8", Exp::Legal, Exp::Legal),
    ("CN-433", "D8 E8 F6 F7 C5 D6 E7", "", "F8", Exp::DoubleThree, Exp::DoubleThree),
    ("CN-five-vs-4", "D8 E8 F8 G8 H6 H7 H9", "", "H8", Exp::Five, Exp::Five),
    ("CN-H6-puzzle", "H8 H7 K7 L8 M9 I5 I6 G6 G5 E7 D8 C9", "I8 J7 K8 L9 J5 G8 F7 F5 E8 D9 H14", "H6", Exp::Legal, Exp::DoubleThree),
    ("OX-fake33", "H11 H10 L10 H9 K9 G8 I8", "", "J8", Exp::Legal, Exp::Legal),
    ("OX-ring", "H10 I10 G9 J9 G8 J8 H7 I7", "", "H9", Exp::Legal, Exp::Legal),
    ("QN-PR124", "E10 F9 H9 F8 I8 G7 H7 G6 G5 G4", "", "H8", Exp::Legal, Exp::DoubleThree),
    ("QN-44-1line-a", "E8 G8 I8 K8", "", "H8", Exp::DoubleFour, Exp::DoubleFour),
    ("QN-44-1line-b", "E8 F8 I8 K8 L8", "", "H8", Exp::DoubleFour, Exp::DoubleFour),
    ("QN-44-1line-c", "D8 E8 F8 J8 K8 L8", "", "H8", Exp::DoubleFour, Exp::DoubleFour),
    ("QN-PR124-G8", "E10 F9 H9 F8 H8 I8 G7 H7 G6 G5 G4", "", "G8", Exp::Five, Exp::Five),
];

#[test]
fn full_table_both_readings() {
    assert_eq!(TABLE.len(), 81);
    let mut failures = Vec::new();
    for &(id, black, white, point, literal, quintet) in TABLE {
        for (fcc, expected) in [(false, literal), (true, quintet)] {
            let got = verdict(black, white, point, fcc);
            if label(got) != expected {
                failures.push(format!(
                    "{id} {point} fcc={fcc}: expected {expected:?}, got {got:?}"
                ));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// The 8 symmetries of the square board.
fn transform(t: usize, (x, y): (usize, usize)) -> (usize, usize) {
    let n = SIZE - 1;
    let (x, y) = if t & 4 != 0 { (y, x) } else { (x, y) };
    let x = if t & 1 != 0 { n - x } else { x };
    let y = if t & 2 != 0 { n - y } else { y };
    (x, y)
}

#[test]
fn full_table_symmetric() {
    for &(id, black, white, point, _, _) in TABLE {
        let b = board(black, white);
        let (px, py) = pt(point);
        for fcc in [false, true] {
            let base = judge(&b, px, py, fcc);
            for t in 1..8 {
                let mut tb = RefBoard::new(SIZE);
                for y in 0..SIZE {
                    for x in 0..SIZE {
                        let (tx, ty) = transform(t, (x, y));
                        tb.set(tx, ty, b.cells[y * SIZE + x]);
                    }
                }
                let (tx, ty) = transform(t, (px, py));
                assert_eq!(
                    judge(&tb, tx, ty, fcc),
                    base,
                    "{id} under symmetry {t}, fcc={fcc}"
                );
            }
        }
    }
}
