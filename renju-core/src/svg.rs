//! SVG drawing of a position (Python's `Board.svg()` and notebooks): grid, coordinates,
//! stones numbered in play order, the last move ringed, Black's forbidden points marked.

use std::fmt::Write;

use crate::board::Board;
use crate::forbidden::FoulKind;
use crate::geometry::{Color, Point};
use crate::notation::Move;
use crate::position::Position;

/// Drawing choices.
pub struct SvgOptions {
    /// Image width (and height) in pixels.
    pub pixels: u32,
    /// Draw column letters and row numbers.
    pub coordinates: bool,
    /// Number the stones in play order.
    pub numbers: bool,
    /// Mark Black's forbidden points.
    pub forbidden: bool,
}

/// Draws `pos`: the stones played on it are numbered in play order (set-up stones carry
/// no number), the last stone is ringed, and Black's forbidden points are marked.
pub fn position(pos: &Position, opts: &SvgOptions) -> String {
    let numbered: Vec<(Point, usize)> = (pos.moves().enumerate())
        .filter_map(|(i, m)| match m {
            Move::Stone(p) => Some((p, i + 1)),
            Move::Pass => None,
        })
        .collect();
    let fouls: Vec<(Point, FoulKind)> = match opts.forbidden {
        true => pos
            .forbidden_points()
            .into_iter()
            .map(|f| (f.point, f.primary))
            .collect(),
        false => Vec::new(),
    };
    let last = pos.moves().last().and_then(|m| match m {
        Move::Stone(p) => Some(p),
        Move::Pass => None,
    });
    render(pos.board(), &numbered, &fouls, last, opts)
}

/// Renders `board`. `numbered` gives the move number of played stones; `fouls` the
/// forbidden points to mark; `last` the last stone played (ringed).
pub fn render(
    board: &Board,
    numbered: &[(Point, usize)],
    fouls: &[(Point, FoulKind)],
    last: Option<Point>,
    opts: &SvgOptions,
) -> String {
    let n = board.size() as f64;
    // Work in units of one grid cell; the viewBox scales it to `pixels`.
    let cell = 30.0;
    let margin = if opts.coordinates {
        1.4 * cell
    } else {
        0.8 * cell
    };
    let side = 2.0 * margin + (n - 1.0) * cell;
    // Board x (0 = a) and y (0 = row 1, bottom) to SVG coordinates (y grows downwards).
    let sx = |x: u8| margin + x as f64 * cell;
    let sy = |y: u8| margin + (n - 1.0 - y as f64) * cell;
    let mut s = String::new();
    let _ = write!(
        s,
        r##"<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{px}" height="{px}" viewBox="0 0 {side} {side}" font-family="sans-serif">"##,
        px = opts.pixels,
    );
    let _ = write!(
        s,
        r##"<rect class="board" x="0" y="0" width="{side}" height="{side}" fill="#dcb35c"/>"##
    );
    // Grid.
    let _ = write!(s, r##"<g class="grid" stroke="#000" stroke-width="1">"##);
    let (lo, hi) = (margin, margin + (n - 1.0) * cell);
    for i in 0..board.size() {
        let v = margin + i as f64 * cell;
        let _ = write!(s, r#"<line x1="{lo}" y1="{v}" x2="{hi}" y2="{v}"/>"#);
        let _ = write!(s, r#"<line x1="{v}" y1="{lo}" x2="{v}" y2="{hi}"/>"#);
    }
    s.push_str("</g>");
    // Star points: the centre, and the 4th lines on boards of 13 and more.
    let size = board.size();
    let mut stars = vec![Point::center(size)];
    if size >= 13 {
        for (x, y) in [(3, 3), (size - 4, 3), (3, size - 4), (size - 4, size - 4)] {
            stars.extend(Point::new(x, y));
        }
    }
    for p in stars {
        let _ = write!(
            s,
            r##"<circle class="star" cx="{}" cy="{}" r="3.5" fill="#000"/>"##,
            sx(p.x()),
            sy(p.y())
        );
    }
    if opts.coordinates {
        let _ = write!(
            s,
            r##"<g class="coordinates" font-size="{}" fill="#000" text-anchor="middle">"##,
            cell * 0.45
        );
        for i in 0..size {
            let letter = (b'a' + i) as char;
            for y in [margin * 0.4, side - margin * 0.4] {
                let _ = write!(
                    s,
                    r#"<text x="{}" y="{}" dominant-baseline="central">{letter}</text>"#,
                    sx(i),
                    y
                );
            }
            for x in [margin * 0.4, side - margin * 0.4] {
                let _ = write!(
                    s,
                    r#"<text x="{x}" y="{}" dominant-baseline="central">{}</text>"#,
                    sy(i),
                    i + 1
                );
            }
        }
        s.push_str("</g>");
    }
    // Stones.
    let number_of = |p: Point| numbered.iter().find(|(q, _)| *q == p).map(|(_, k)| *k);
    for (p, color) in board.stones() {
        let (fill, ink, name) = match color {
            Color::Black => ("#111", "#fff", "black"),
            Color::White => ("#f8f8f8", "#000", "white"),
        };
        let (cx, cy) = (sx(p.x()), sy(p.y()));
        let _ = write!(
            s,
            r##"<g class="stone {name}" data-point="{p}"><circle cx="{cx}" cy="{cy}" r="{}" fill="{fill}" stroke="#000" stroke-width="1"/>"##,
            cell * 0.46
        );
        if opts.numbers {
            if let Some(k) = number_of(p) {
                let font = if k >= 100 { cell * 0.36 } else { cell * 0.46 };
                let _ = write!(
                    s,
                    r#"<text class="number" x="{cx}" y="{cy}" font-size="{font}" fill="{ink}" text-anchor="middle" dominant-baseline="central">{k}</text>"#
                );
            }
        }
        s.push_str("</g>");
    }
    if let Some(p) = last {
        let _ = write!(
            s,
            r##"<circle class="last-move" cx="{}" cy="{}" r="{}" fill="none" stroke="#e33" stroke-width="2"/>"##,
            sx(p.x()),
            sy(p.y()),
            cell * 0.5
        );
    }
    // Forbidden points: a red cross with the foul as its title.
    let d = cell * 0.22;
    for (p, kind) in fouls {
        let (cx, cy) = (sx(p.x()), sy(p.y()));
        let _ = write!(
            s,
            r##"<g class="forbidden" data-point="{p}" data-foul="{kind}" stroke="#d00" stroke-width="3"><title>{p}: {kind}</title><line x1="{}" y1="{}" x2="{}" y2="{}"/><line x1="{}" y1="{}" x2="{}" y2="{}"/></g>"##,
            cx - d,
            cy - d,
            cx + d,
            cy + d,
            cx - d,
            cy + d,
            cx + d,
            cy - d
        );
    }
    s.push_str("</svg>");
    s
}
