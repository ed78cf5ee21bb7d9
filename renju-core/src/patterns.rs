//! Line patterns: what one black stone makes along one line.
//!
//! Every empty cell keeps, per direction, a *line code*: the contents of the ten cells
//! within five steps on either side (empty, black, or blocked = white stone or off the
//! board), packed in base 3. A table built once from [`analyze`] maps each of the
//! 3^10 codes to what a black stone on the cell would make along that line: an exact
//! five, an overline, how many distinct fours, and which empty cells would turn it into
//! a straight four (the candidate completions of a three). Five steps are enough: a five
//! or four through the cell spans at most four steps, and the cell after it (five steps)
//! decides whether it is exact.
//!
//! Everything the forbidden-move judge knows about a single line comes from [`analyze`];
//! the table is only a cache of it.

use std::sync::OnceLock;

/// Cells on each side of the centre that a line code covers.
pub(crate) const REACH: usize = 5;
/// Cells in a line window, centre included.
pub(crate) const WINDOW: usize = 2 * REACH + 1;
/// Index of the centre cell in a window.
pub(crate) const CENTER: usize = REACH;
/// Number of distinct line codes (3^10).
pub(crate) const CODES: usize = 59_049;

/// A cell of a line window, seen from Black.
pub(crate) const EMPTY: u8 = 0;
/// A black stone.
pub(crate) const BLACK: u8 = 1;
/// A white stone or a cell off the board.
pub(crate) const BLOCKED: u8 = 2;

/// Base-3 weight of the digit for window index `i` (`i != CENTER`).
pub(crate) const fn weight(i: usize) -> u16 {
    let pos = if i < CENTER { i } else { i - 1 };
    let mut w = 1u16;
    let mut k = 0;
    while k < pos {
        w *= 3;
        k += 1;
    }
    w
}

/// Decodes a line code into a window whose centre is [`EMPTY`].
pub(crate) fn decode(code: u16) -> [u8; WINDOW] {
    let mut line = [EMPTY; WINDOW];
    let mut c = code;
    for (i, cell) in line.iter_mut().enumerate() {
        if i == CENTER {
            continue;
        }
        *cell = (c % 3) as u8;
        c /= 3;
    }
    line
}

/// Everything a black stone at the centre makes along one line.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct LineShape {
    /// The centre completes an unbroken row of exactly five.
    pub five: bool,
    /// The centre completes an unbroken row of six or more.
    pub overline: bool,
    /// Distinct four-stone sets through the centre that one more stone makes an exact
    /// five: each entry is (stones mask, completion cells mask) over window indices.
    pub fours: Vec<(u16, u16)>,
    /// Empty cells (window index mask) that would turn the line into a straight four
    /// through the centre: the candidate completions of a three.
    pub straight_four_points: u16,
    /// Empty cells (window index mask) that would give an unbroken run of exactly four
    /// through the centre, straight or not: the completions of an apparent three.
    pub apparent_four_points: u16,
}

pub(crate) fn run_through(line: &[u8; WINDOW], at: usize) -> (usize, usize) {
    let (mut a, mut b) = (at, at);
    while a > 0 && line[a - 1] == BLACK {
        a -= 1;
    }
    while b + 1 < WINDOW && line[b + 1] == BLACK {
        b += 1;
    }
    (a, b)
}

/// Whether a black stone on empty window index `e` would make exactly five through `e`.
fn end_gives_exact_five(line: &[u8; WINDOW], e: usize) -> bool {
    if line[e] != EMPTY {
        return false;
    }
    let mut l = line.to_owned();
    l[e] = BLACK;
    let (a, b) = run_through(&l, e);
    // A run reaching the window edge could continue beyond it; such a run is not
    // needed by any caller (straight-four ends lie at most four steps out).
    b - a + 1 == 5 && a > 0 && b + 1 < WINDOW
}

/// Analyses a window (centre must be empty) as if Black played the centre.
pub(crate) fn analyze(window: &[u8; WINDOW]) -> LineShape {
    debug_assert_eq!(window[CENTER], EMPTY);
    let mut line = *window;
    line[CENTER] = BLACK;
    let mut shape = LineShape::default();

    let (a, b) = run_through(&line, CENTER);
    let len = b - a + 1;
    shape.five = len == 5;
    shape.overline = len >= 6;

    // Fours: 5-cell windows through the centre with four black, one empty, no blocker,
    // and no black stone just outside (so the completion gives exactly five).
    for s in 1..=CENTER {
        let cells = &line[s..s + 5];
        let blacks = cells.iter().filter(|&&c| c == BLACK).count();
        let empties = cells.iter().filter(|&&c| c == EMPTY).count();
        if blacks != 4 || empties != 1 || line[s - 1] == BLACK || line[s + 5] == BLACK {
            continue;
        }
        let mut stones = 0u16;
        let mut completion = 0u16;
        for (i, &cell) in line.iter().enumerate().skip(s).take(5) {
            if cell == BLACK {
                stones |= 1 << i;
            } else {
                completion |= 1 << i;
            }
        }
        match shape.fours.iter_mut().find(|(st, _)| *st == stones) {
            Some((_, c)) => *c |= completion,
            None => shape.fours.push((stones, completion)),
        }
    }

    // Three completions: an empty cell that makes an unbroken run of exactly four
    // through the centre; straight when both ends are empty and each gives exactly five.
    for q in 1..WINDOW - 1 {
        if q == CENTER || line[q] != EMPTY {
            continue;
        }
        let mut l = line;
        l[q] = BLACK;
        let (ra, rb) = run_through(&l, q);
        if rb - ra + 1 != 4 || ra > CENTER || rb < CENTER {
            continue;
        }
        shape.apparent_four_points |= 1 << q;
        if ra >= 1
            && rb + 1 < WINDOW
            && end_gives_exact_five(&l, ra - 1)
            && end_gives_exact_five(&l, rb + 1)
        {
            shape.straight_four_points |= 1 << q;
        }
    }
    shape
}

/// Packed table entry: bit 0 five, bit 1 overline, bits 2-3 four count, bits 4-14
/// straight-four points (window index mask). Two bytes, so that the table (128 KiB) stays
/// in the cache beside the states of many boards; the cell's [`Summary`] part is derived
/// from it ([`summary_part`]).
pub(crate) type Packed = u16;

pub(crate) const P_FIVE: Packed = 1;
pub(crate) const P_OVERLINE: Packed = 2;
pub(crate) const P_FOUR_SHIFT: u32 = 2;
pub(crate) const P_THREE_SHIFT: u32 = 4;

#[inline]
pub(crate) fn four_count(p: Packed) -> u32 {
    u32::from(p >> P_FOUR_SHIFT) & 3
}

#[inline]
pub(crate) fn three_points(p: Packed) -> u32 {
    u32::from(p >> P_THREE_SHIFT) & 0x7FF
}

/// The four directions of a cell, added up: 4-bit counters of directions with a five
/// (bits 0-3), an overline (4-7), fours (8-11, counted per four) and three candidates
/// (12-15).
pub(crate) type Summary = u16;

/// This line's part of a cell's summary.
#[inline]
pub(crate) fn summary_part(p: Packed) -> Summary {
    (p & P_FIVE)
        | (p & P_OVERLINE) << 3
        | (p & 0xC) << 6
        | Summary::from(p >> P_THREE_SHIFT != 0) << 12
}

/// The quick filter: not an exact five, and an overline, two fours or candidate threes
/// in two directions. Every forbidden point passes it.
#[inline]
pub(crate) fn may_be_forbidden(s: Summary) -> bool {
    // `&` and `|` rather than `&&` and `||`: no branches.
    (s & 0xF == 0) & ((s & 0xF0 != 0) | ((s >> 8) & 0xF >= 2) | (s >> 12 >= 2))
}

/// Whether some direction of the summary has an exact five or an overline.
#[inline]
pub(crate) fn five_or_more(s: Summary) -> bool {
    s & 0xFF != 0
}

fn pack(shape: &LineShape) -> Packed {
    let mut p = 0;
    if shape.five {
        p |= P_FIVE;
    }
    if shape.overline {
        p |= P_OVERLINE;
    }
    p |= (shape.fours.len().min(3) as Packed) << P_FOUR_SHIFT;
    debug_assert!(shape.straight_four_points < 1 << 11);
    p | shape.straight_four_points << P_THREE_SHIFT
}

/// The table from line code to packed shape, built on first use. It has an entry for
/// every `u16` (those past [`CODES`] are never looked up), so that a lookup by a code
/// needs no bounds check.
pub(crate) fn table() -> &'static [Packed; 1 << 16] {
    static TABLE: OnceLock<Box<[Packed; 1 << 16]>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut table = Box::new([0; 1 << 16]);
        for (code, packed) in table.iter_mut().enumerate().take(CODES) {
            *packed = pack(&analyze(&decode(code as u16)));
        }
        table
    })
}

/// Per line code, the runs of blocked cells (white stones or off the board) next to the
/// centre: backwards in bits 0-3, forwards in bits 4-7. Within the board they are runs
/// of white stones, which is how White's rows of five are found.
pub(crate) fn blocked_runs() -> &'static [u8; 1 << 16] {
    static RUNS: OnceLock<Box<[u8; 1 << 16]>> = OnceLock::new();
    RUNS.get_or_init(|| {
        let mut runs = Box::new([0u8; 1 << 16]);
        for (code, run) in runs.iter_mut().enumerate().take(CODES) {
            let line = decode(code as u16);
            let back = (0..CENTER)
                .rev()
                .take_while(|&i| line[i] == BLOCKED)
                .count();
            let fwd = (CENTER + 1..WINDOW)
                .take_while(|&i| line[i] == BLOCKED)
                .count();
            *run = (back | fwd << 4) as u8;
        }
        runs
    })
}

/// [`summary_part`] of every entry of [`table`]: the part of the table the quick filter
/// reads.
pub(crate) fn summary_parts() -> &'static [Summary; 1 << 16] {
    static PARTS: OnceLock<Box<[Summary; 1 << 16]>> = OnceLock::new();
    PARTS.get_or_init(|| {
        let mut parts = Box::new([0; 1 << 16]);
        for (part, &packed) in parts.iter_mut().zip(table().iter()) {
            *part = summary_part(packed);
        }
        parts
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn window(s: &str) -> [u8; WINDOW] {
        // `s` is 11 chars: X black, O blocked, . empty, ? centre.
        let mut w = [EMPTY; WINDOW];
        for (i, c) in s.chars().enumerate() {
            w[i] = match c {
                'X' => BLACK,
                'O' | '|' => BLOCKED,
                _ => EMPTY,
            };
        }
        w
    }

    #[test]
    fn encode_decode_roundtrip() {
        for code in [0u16, 1, 2, 3, 100, 59_048] {
            let w = decode(code);
            let back: u16 = (0..WINDOW)
                .filter(|&i| i != CENTER)
                .map(|i| w[i] as u16 * weight(i))
                .sum();
            assert_eq!(back, code);
        }
    }

    #[test]
    fn packed_entries_and_summary_parts_say_what_analyze_says() {
        for code in 0..CODES as u16 {
            let shape = analyze(&decode(code));
            let p = table()[code as usize];
            assert_eq!(p & P_FIVE != 0, shape.five);
            assert_eq!(p & P_OVERLINE != 0, shape.overline);
            assert_eq!(four_count(p) as usize, shape.fours.len().min(3));
            assert_eq!(three_points(p), u32::from(shape.straight_four_points));
            let part = summary_part(p);
            assert_eq!(part & 0xF, Summary::from(shape.five));
            assert_eq!(part >> 4 & 0xF, Summary::from(shape.overline));
            assert_eq!(part >> 8 & 0xF, shape.fours.len().min(3) as Summary);
            assert_eq!(part >> 12, Summary::from(shape.straight_four_points != 0));
            assert_eq!(summary_parts()[code as usize], part);
        }
    }

    #[test]
    fn shapes() {
        let s = analyze(&window("...XX?XX..."));
        assert!(s.five && !s.overline);
        let s = analyze(&window("..XXX?XX..."));
        assert!(s.overline && !s.five);
        let s = analyze(&window("..X.X?X.X.."));
        assert_eq!(s.fours.len(), 2, "X.X?X.X is two fours");
        let s = analyze(&window("...XX?X...."));
        assert_eq!(s.fours.len(), 1, "a straight four is one four");
        let s = analyze(&window("....X?X...."));
        assert_eq!(s.straight_four_points.count_ones(), 2);
        let s = analyze(&window("...OX?X.O.."));
        assert_eq!(s.straight_four_points, 0, "natsu-dome is no three");
        assert_ne!(s.apparent_four_points, 0);
        let s = analyze(&window("..X..?XX..X"));
        assert_eq!(s.straight_four_points, 0, "overline skeleton is no three");
    }
}
