//! SVG pictures: a position (grid, coordinates, stones numbered in play order, the last
//! move ringed, Black's forbidden points marked by kind, any marks) and an explained
//! verdict (the lines of every three and four drawn through their stones, their
//! completion points, why each rejected three is not real, and the nested checks of the
//! recursive double-three rule as small boards beside it).
//!
//! This is the one drawing module of the project: the CLI (`renju show`, the HTML report
//! of `renju validate --html`), the C API and the Python module all call it. A picture is
//! built as a scene whose parts are plain SVG strings: the HTML
//! report stores the background once and each game's stones once, and puts a board
//! together when it is shown. PNG output (`svg::png`) needs the `png` feature.
//!
//! ```
//! use renju_display::svg::{self, SvgOptions};
//! use renju_core::Position;
//! let pos = Position::from_moves("f8 a1 g8 a2 h6 a3 h7 a4").unwrap();
//! let picture = svg::position(&pos, &SvgOptions::default());
//! assert!(picture.starts_with("<svg") && picture.contains(r#"data-foul="double-three""#));
//! let why = svg::explanation(&pos, &pos.explain("h8".parse().unwrap()).unwrap(), &SvgOptions::default());
//! assert!(why.contains(r#"class="line three real""#));
//! ```

use renju_core::forbidden::{
    Completion, CompletionOutcome, Explanation, FoulKind, LineStones, PointStatus, ThreeVerdict,
};
use renju_core::geometry::{Color, Point};
use renju_core::notation::Move;
use renju_core::position::Position;
use renju_core::Board;

/// The widths a picture may have, in pixels ([`SvgOptions::pixels`]): `renju show
/// --pixels`, the C library and Python refuse others.
pub const PIXELS: std::ops::RangeInclusive<u32> = 1..=8192;

/// Drawing choices.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SvgOptions {
    /// Image width (and height, for a board alone) in pixels.
    pub pixels: u32,
    /// Draw column letters and row numbers.
    pub coordinates: bool,
    /// Number the stones in play order.
    pub numbers: bool,
    /// Mark Black's forbidden points, by kind.
    pub forbidden: bool,
    /// Ring the last stone played.
    pub last_move: bool,
}

impl Default for SvgOptions {
    /// 480 pixels, with coordinates, numbers, forbidden points and the last move.
    fn default() -> SvgOptions {
        SvgOptions {
            pixels: 480,
            coordinates: true,
            numbers: true,
            forbidden: true,
            last_move: true,
        }
    }
}

/// The shape of a [`Mark`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MarkShape {
    /// A ring.
    Circle,
    /// A diagonal cross.
    Cross,
    /// A square outline.
    Square,
    /// A triangle outline.
    Triangle,
    /// A small filled dot.
    Dot,
}

renju_core::name_table!(MarkShape, "mark shape", {
    Circle => "circle",
    Cross => "cross",
    Square => "square",
    Triangle => "triangle",
    Dot => "dot",
});

/// A mark on a point: a shape, a colour and an optional title (shown on hover).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mark {
    /// Where.
    pub point: Point,
    /// What shape.
    pub shape: MarkShape,
    /// An SVG colour (`#c00`, `blue`).
    pub color: String,
    /// Text shown on hover.
    pub title: Option<String>,
}

impl Mark {
    /// A mark of `shape` on `point`, in blue, without a title.
    pub fn new(point: Point, shape: MarkShape) -> Mark {
        Mark {
            point,
            shape,
            color: "#1456c8".to_string(),
            title: None,
        }
    }

    /// The mark with a title.
    pub fn titled(mut self, title: impl Into<String>) -> Mark {
        self.title = Some(title.into());
        self
    }

    /// The mark in another colour.
    pub fn colored(mut self, color: impl Into<String>) -> Mark {
        self.color = color.into();
        self
    }
}

/// What a picture of a board shows: the stones (in the order they came: set-up stones,
/// then the moves), their move numbers, the last move, forbidden points and marks.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Scene {
    /// The board side.
    pub size: u8,
    /// The stones in order, each with its move number (`None` for set-up stones).
    pub stones: Vec<(Point, Color, Option<usize>)>,
    /// The last stone played.
    pub last: Option<Point>,
    /// Black's forbidden points and their foul.
    pub fouls: Vec<(Point, FoulKind)>,
    /// Other marks.
    pub marks: Vec<Mark>,
}

/// A picture's SVG in parts, so that pictures sharing a board can share them:
/// `open + background + stones + overlay + "</svg>"` is the whole picture.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Parts {
    /// The `<svg>` start tag (size and viewBox).
    pub open: String,
    /// The board, the grid, star points and coordinates: the same for every picture of a
    /// board size and the same options.
    pub background: String,
    /// One element per stone of [`Scene::stones`], in order.
    pub stones: Vec<String>,
    /// The last-move ring, forbidden points and marks.
    pub overlay: String,
}

/// Units of one grid cell; the viewBox scales the picture to the pixels asked for.
const CELL: f64 = 30.0;

/// Board geometry in SVG units.
#[derive(Clone, Copy)]
struct Frame {
    size: u8,
    margin: f64,
}

impl Frame {
    fn new(size: u8, coordinates: bool) -> Frame {
        let margin = if coordinates { 1.4 * CELL } else { 0.8 * CELL };
        Frame { size, margin }
    }

    fn side(self) -> f64 {
        2.0 * self.margin + (self.size as f64 - 1.0) * CELL
    }

    fn x(self, p: Point) -> f64 {
        self.margin + p.x() as f64 * CELL
    }

    /// Row 1 is at the bottom; SVG's y grows downwards.
    fn y(self, p: Point) -> f64 {
        self.margin + (self.size as f64 - 1.0 - p.y() as f64) * CELL
    }
}

/// Escapes text for SVG / XML content and attributes.
fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            // Control characters are not allowed in XML 1.0.
            c if (c as u32) < 0x20 && c != '\t' && c != '\n' => out.push('\u{fffd}'),
            c => out.push(c),
        }
    }
    out
}

/// The `<svg>` start tag of a picture `w` x `h` units drawn `width` pixels wide.
fn open_tag(w: f64, h: f64, width: u32) -> String {
    let height = (width as f64 * h / w).round() as u32;
    format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{width}" height="{height}" viewBox="0 0 {w} {h}" font-family="DejaVu Sans, Verdana, Arial, sans-serif">"#
    )
}

impl Scene {
    /// An empty board of side `size`.
    pub fn empty(size: u8) -> Scene {
        Scene {
            size,
            stones: Vec::new(),
            last: None,
            fouls: Vec::new(),
            marks: Vec::new(),
        }
    }

    /// The scene of a position: the stones played on it are numbered in play order
    /// (set-up stones carry no number), the last stone is the last move, and Black's
    /// forbidden points are listed when `forbidden` is set.
    pub fn of_position(pos: &Position, forbidden: bool) -> Scene {
        let board = pos.board();
        let played: Vec<(Point, usize)> = (pos.moves().enumerate())
            .filter_map(|(i, m)| match m {
                Move::Stone(p) => Some((p, i + 1)),
                Move::Pass => None,
            })
            .collect();
        let mut scene = Scene::empty(board.size());
        // Set-up stones first (row by row), then the moves in order.
        for (p, c) in board.stones() {
            if !played.iter().any(|(q, _)| *q == p) {
                scene.stones.push((p, c, None));
            }
        }
        for &(p, n) in &played {
            if let Some(c) = board.get(p) {
                scene.stones.push((p, c, Some(n)));
            }
        }
        scene.last = pos.moves().last().and_then(|m| match m {
            Move::Stone(p) => Some(p),
            Move::Pass => None,
        });
        if forbidden {
            scene.fouls = pos
                .forbidden_points()
                .into_iter()
                .map(|f| (f.point, f.primary))
                .collect();
        }
        scene
    }

    /// The picture's parts (see [`Parts`]).
    pub fn parts(&self, opts: &SvgOptions) -> Parts {
        let frame = Frame::new(self.size, opts.coordinates);
        let side = frame.side();
        Parts {
            open: open_tag(side, side, opts.pixels),
            background: background(frame, opts.coordinates),
            stones: self
                .stones
                .iter()
                .map(|&(p, c, n)| stone(frame, p, c, n.filter(|_| opts.numbers), ""))
                .collect(),
            overlay: self.overlay(frame, opts),
        }
    }

    /// The overlay part alone (see [`Parts::overlay`]).
    pub fn overlay_svg(&self, opts: &SvgOptions) -> String {
        self.overlay(Frame::new(self.size, opts.coordinates), opts)
    }

    /// The whole picture.
    pub fn to_svg(&self, opts: &SvgOptions) -> String {
        let parts = self.parts(opts);
        let mut s = parts.open;
        s.push_str(&parts.background);
        for st in &parts.stones {
            s.push_str(st);
        }
        s.push_str(&parts.overlay);
        s.push_str("</svg>");
        s
    }

    fn overlay(&self, frame: Frame, opts: &SvgOptions) -> String {
        let mut s = String::new();
        if let Some(p) = self.last.filter(|_| opts.last_move) {
            s.push_str(&format!(
                r##"<circle class="last-move" data-point="{p}" cx="{}" cy="{}" r="{}" fill="none" stroke="#e33" stroke-width="2"/>"##,
                frame.x(p),
                frame.y(p),
                CELL * 0.5
            ));
        }
        for &(p, kind) in &self.fouls {
            s.push_str(&foul_mark(frame, p, kind));
        }
        for m in &self.marks {
            s.push_str(&mark(frame, m));
        }
        s
    }
}

/// The board, grid, star points and coordinates.
fn background(frame: Frame, coordinates: bool) -> String {
    let size = frame.size;
    let side = frame.side();
    let margin = frame.margin;
    let mut s = String::new();
    s.push_str(&format!(
        r##"<rect class="board" x="0" y="0" width="{side}" height="{side}" fill="#dcb35c"/>"##
    ));
    s.push_str(r##"<g class="grid" stroke="#000" stroke-width="1">"##);
    let (lo, hi) = (margin, margin + (size as f64 - 1.0) * CELL);
    for i in 0..size {
        let v = margin + i as f64 * CELL;
        s.push_str(&format!(r#"<line x1="{lo}" y1="{v}" x2="{hi}" y2="{v}"/>"#));
        s.push_str(&format!(r#"<line x1="{v}" y1="{lo}" x2="{v}" y2="{hi}"/>"#));
    }
    s.push_str("</g>");
    // Star points: the centre, and the 4th lines on boards of 13 and more.
    let mut stars = vec![Point::center(size)];
    if size >= 13 {
        for (x, y) in [(3, 3), (size - 4, 3), (3, size - 4), (size - 4, size - 4)] {
            stars.extend(Point::new(x, y));
        }
    }
    for p in stars {
        s.push_str(&format!(
            r##"<circle class="star" cx="{}" cy="{}" r="3.5" fill="#000"/>"##,
            frame.x(p),
            frame.y(p)
        ));
    }
    if coordinates {
        s.push_str(&format!(
            r##"<g class="coordinates" font-size="{}" fill="#000" text-anchor="middle">"##,
            CELL * 0.45
        ));
        // The text's baseline is set a third of the font size below the centre (no
        // dominant-baseline: not every renderer reads it).
        let down = CELL * 0.45 * 0.36;
        for i in 0..size {
            let Some(p) = Point::new(i, i) else { continue };
            let letter = (b'a' + i) as char;
            for y in [margin * 0.4, side - margin * 0.4] {
                s.push_str(&format!(
                    r#"<text x="{}" y="{}">{letter}</text>"#,
                    frame.x(p),
                    y + down
                ));
            }
            for x in [margin * 0.4, side - margin * 0.4] {
                s.push_str(&format!(
                    r#"<text x="{x}" y="{}">{}</text>"#,
                    frame.y(p) + down,
                    i + 1
                ));
            }
        }
        s.push_str("</g>");
    }
    s
}

/// Where a stone's number goes in a [`stone_template`].
pub(crate) const NUMBER_SLOT: &str = "{n}";

/// Which template of a stone: without a number, with a number below 100, with a number
/// of 100 or more (drawn smaller).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum StoneLabel {
    /// A set-up stone, or numbers turned off.
    None,
    /// A number of one or two digits.
    Small,
    /// A number of three digits or more.
    Large,
}

impl StoneLabel {
    /// The label of a stone with move number `number`.
    pub fn of(number: Option<usize>) -> StoneLabel {
        match number {
            None => StoneLabel::None,
            Some(n) if n < 100 => StoneLabel::Small,
            Some(_) => StoneLabel::Large,
        }
    }
}

/// The SVG element of a stone on `p` of a board of side `size`, with [`NUMBER_SLOT`]
/// where its move number goes (absent for [`StoneLabel::None`]). Every stone this module
/// draws is its template with the number put in, so a page that shows many boards (the
/// HTML report) can keep the templates once and each game as a list of stones.
pub(crate) fn stone_template(
    size: u8,
    opts: &SvgOptions,
    p: Point,
    color: Color,
    label: StoneLabel,
) -> String {
    stone_in(Frame::new(size, opts.coordinates), p, color, label, "")
}

fn stone_in(frame: Frame, p: Point, color: Color, label: StoneLabel, extra: &str) -> String {
    let (fill, ink, name) = match color {
        Color::Black => ("#111", "#fff", "black"),
        Color::White => ("#f8f8f8", "#000", "white"),
    };
    let (cx, cy) = (frame.x(p), frame.y(p));
    let mut s = format!(
        r##"<g class="stone {name}{extra}" data-point="{p}"><circle cx="{cx}" cy="{cy}" r="{}" fill="{fill}" stroke="#000" stroke-width="1"/>"##,
        CELL * 0.46
    );
    let font = match label {
        StoneLabel::None => None,
        StoneLabel::Small => Some(CELL * 0.46),
        StoneLabel::Large => Some(CELL * 0.36),
    };
    if let Some(font) = font {
        s.push_str(&format!(
            r#"<text class="number" x="{cx}" y="{}" font-size="{font}" fill="{ink}" text-anchor="middle">{NUMBER_SLOT}</text>"#,
            cy + font * 0.36
        ));
    }
    s.push_str("</g>");
    s
}

/// One stone, with its number; `extra` adds classes.
fn stone(frame: Frame, p: Point, color: Color, number: Option<usize>, extra: &str) -> String {
    let t = stone_in(frame, p, color, StoneLabel::of(number), extra);
    match number {
        Some(n) => t.replace(NUMBER_SLOT, &n.to_string()),
        None => t,
    }
}

/// A forbidden point, marked by kind: a red cross for a double-three, a cross in a
/// square for a double-four, a cross in a circle for an overline; its title names the
/// foul.
fn foul_mark(frame: Frame, p: Point, kind: FoulKind) -> String {
    let (cx, cy) = (frame.x(p), frame.y(p));
    let d = CELL * 0.2;
    let frame_shape = match kind {
        FoulKind::DoubleThree => String::new(),
        FoulKind::DoubleFour => format!(
            r#"<rect x="{}" y="{}" width="{w}" height="{w}" fill="none" stroke-width="2"/>"#,
            cx - CELL * 0.34,
            cy - CELL * 0.34,
            w = CELL * 0.68
        ),
        FoulKind::Overline => format!(
            r#"<circle cx="{cx}" cy="{cy}" r="{}" fill="none" stroke-width="2"/>"#,
            CELL * 0.36
        ),
    };
    let cross = cross_lines(cx, cy, d);
    format!(
        r##"<g class="forbidden {kind}" data-point="{p}" data-foul="{kind}" stroke="#d00" stroke-width="3"><title>{p}: {kind}</title>{cross}{frame_shape}</g>"##
    )
}

/// An X of two `<line>`s centred on (`cx`, `cy`), reaching `d` out along each axis:
/// the red cross of a forbidden point.
fn cross_lines(cx: f64, cy: f64, d: f64) -> String {
    format!(
        r#"<line x1="{}" y1="{}" x2="{}" y2="{}"/><line x1="{}" y1="{}" x2="{}" y2="{}"/>"#,
        cx - d,
        cy - d,
        cx + d,
        cy + d,
        cx - d,
        cy + d,
        cx + d,
        cy - d
    )
}

/// A mark.
fn mark(frame: Frame, m: &Mark) -> String {
    let (cx, cy) = (frame.x(m.point), frame.y(m.point));
    let r = CELL * 0.3;
    let shape = match m.shape {
        MarkShape::Circle => format!(r#"<circle cx="{cx}" cy="{cy}" r="{r}" fill="none"/>"#),
        MarkShape::Cross => format!(
            r#"<path d="M{} {}L{} {}M{} {}L{} {}" fill="none"/>"#,
            cx - r,
            cy - r,
            cx + r,
            cy + r,
            cx - r,
            cy + r,
            cx + r,
            cy - r
        ),
        MarkShape::Square => format!(
            r#"<rect x="{}" y="{}" width="{w}" height="{w}" fill="none"/>"#,
            cx - r,
            cy - r,
            w = 2.0 * r
        ),
        MarkShape::Triangle => format!(
            r#"<path d="M{cx} {}L{} {}L{} {}Z" fill="none"/>"#,
            cy - r,
            cx + r * 0.87,
            cy + r * 0.5,
            cx - r * 0.87,
            cy + r * 0.5
        ),
        MarkShape::Dot => format!(
            r#"<circle cx="{cx}" cy="{cy}" r="{}" fill="{}"/>"#,
            CELL * 0.14,
            escape(&m.color)
        ),
    };
    let title = m
        .title
        .as_deref()
        .map(|t| format!("<title>{}</title>", escape(t)))
        .unwrap_or_default();
    format!(
        r#"<g class="mark {}" data-point="{}" stroke="{}" stroke-width="3">{title}{shape}</g>"#,
        m.shape,
        m.point,
        escape(&m.color)
    )
}

/// Draws `pos`: the stones played on it are numbered in play order (set-up stones carry
/// no number), the last stone is ringed, and Black's forbidden points are marked by kind.
pub fn position(pos: &Position, opts: &SvgOptions) -> String {
    Scene::of_position(pos, opts.forbidden).to_svg(opts)
}

/// Draws `pos` with `marks` added.
pub fn position_with_marks(pos: &Position, marks: &[Mark], opts: &SvgOptions) -> String {
    let mut scene = Scene::of_position(pos, opts.forbidden);
    scene.marks.extend_from_slice(marks);
    scene.to_svg(opts)
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
    let mut scene = Scene::empty(board.size());
    scene.stones = board
        .stones()
        .map(|(p, c)| {
            let n = numbered.iter().find(|(q, _)| *q == p).map(|(_, k)| *k);
            (p, c, n)
        })
        .collect();
    scene.last = last;
    scene.fouls = fouls.to_vec();
    scene.to_svg(opts)
}

// ---------------------------------------------------------------------------
// Explained verdicts
// ---------------------------------------------------------------------------

/// The most nested checks drawn as small boards; the others are listed in the steps.
const MAX_NESTED_BOARDS: usize = 8;
/// Small boards are drawn at this scale.
const SMALL: f64 = 0.5;
/// Height of a line of the steps text, in units.
const TEXT_LINE: f64 = 17.0;

/// Why a three is not real, in a few words drawn beside it.
fn short_reason(v: ThreeVerdict) -> &'static str {
    match v {
        ThreeVerdict::Real => "real",
        ThreeVerdict::Blocked => "blocked",
        ThreeVerdict::OverlineSkeleton => "overline skeleton",
        ThreeVerdict::CompletionsUnusable => "no usable four-point",
    }
}

/// Why a three is not real, as a sentence.
fn long_reason(v: ThreeVerdict) -> &'static str {
    match v {
        ThreeVerdict::Real => "real",
        ThreeVerdict::Blocked => "not real: no straight four is possible (blocked ends)",
        ThreeVerdict::OverlineSkeleton => {
            "not real: every four it makes gives six at an end (overline skeleton)"
        }
        ThreeVerdict::CompletionsUnusable => "not real: every straight-four point is unusable",
    }
}

/// The status in a word or two, for the heading of a small board.
fn short_status(ex: &Explanation) -> String {
    match &ex.status {
        PointStatus::Five => "five".to_string(),
        PointStatus::Forbidden { primary, .. } => primary.to_string(),
        PointStatus::Legal => "legal".to_string(),
    }
}

fn join(points: &[Point]) -> String {
    points
        .iter()
        .map(Point::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// For every nested explanation, the stones imagined when it was judged (the examined
/// point and the completion points on a path to it from the top), by the first path.
/// An explanation comes after those it refers to, so walking the list backwards meets
/// every referrer before the explanations it refers to.
fn nested_paths(ex: &Explanation) -> Vec<Option<Vec<Point>>> {
    let mut paths: Vec<Option<Vec<Point>>> = vec![None; ex.nested.len()];
    let visit = |from: &Explanation, path: &[Point], paths: &mut Vec<Option<Vec<Point>>>| {
        for c in from.threes.iter().flat_map(|t| &t.completions) {
            if let Some(i) = c.outcome.see() {
                if let Some(slot) = paths.get_mut(i) {
                    if slot.is_none() {
                        let mut p = path.to_vec();
                        p.push(from.point);
                        *slot = Some(p);
                    }
                }
            }
        }
    };
    visit(ex, &[], &mut paths);
    for i in (0..ex.nested.len()).rev() {
        if let Some(path) = paths[i].clone() {
            visit(&ex.nested[i], &path, &mut paths);
        }
    }
    paths
}

/// Draws the lines, completion points and reasons of `ex` over a board drawn in `frame`.
/// `labels` numbers the nested explanations that have a small board.
fn explanation_layer(frame: Frame, ex: &Explanation, labels: &[Option<usize>]) -> String {
    let mut s = String::new();
    explanation_lines(frame, ex, &mut s);
    rejected_reasons(frame, ex, &mut s);
    five_points(frame, ex, &mut s);
    // Straight-four points of the threes.
    for t in &ex.threes {
        for c in &t.completions {
            completion_mark(frame, c, labels, &mut s);
        }
    }
    s
}

/// The line of every five, overline, four and three, through its stones.
fn explanation_lines(frame: Frame, ex: &Explanation, s: &mut String) {
    let ends = |stones: &[Point]| -> Option<(f64, f64, f64, f64)> {
        let (a, b) = (stones.first()?, stones.last()?);
        let (x1, y1, x2, y2) = (frame.x(*a), frame.y(*a), frame.x(*b), frame.y(*b));
        // Reach a little past the end stones.
        let (dx, dy) = (x2 - x1, y2 - y1);
        let len = (dx * dx + dy * dy).sqrt().max(1.0);
        let k = CELL * 0.3 / len;
        Some((x1 - dx * k, y1 - dy * k, x2 + dx * k, y2 + dy * k))
    };
    let mut line = |class: &str, color: &str, dash: bool, l: &[Point], title: String| {
        if let Some((x1, y1, x2, y2)) = ends(l) {
            let dash = if dash {
                r#" stroke-dasharray="6 5""#
            } else {
                ""
            };
            s.push_str(&format!(
                r#"<g class="line {class}"><title>{}</title><line x1="{x1:.1}" y1="{y1:.1}" x2="{x2:.1}" y2="{y2:.1}" stroke="{color}" stroke-width="8" stroke-opacity="0.6" stroke-linecap="round"{dash}/></g>"#,
                escape(&title)
            ));
        }
    };
    let lines = |v: &[LineStones]| v.iter().map(|l| (l.direction, l.stones.clone())).collect();
    let fives: Vec<_> = lines(&ex.fives);
    let overlines: Vec<_> = lines(&ex.overlines);
    for (d, l) in fives {
        line(
            "five",
            "#e0a000",
            false,
            &l,
            format!("{d} five {}", join(&l)),
        );
    }
    for (d, l) in overlines {
        line(
            "overline",
            "#9b30d0",
            false,
            &l,
            format!("{d} overline {}", join(&l)),
        );
    }
    for f in &ex.fours {
        let kind = if f.completions.len() >= 2 {
            "straight four"
        } else {
            "four"
        };
        line(
            "four",
            "#1456c8",
            false,
            &f.stones,
            format!(
                "{} {kind} {}, five at {}",
                f.direction,
                join(&f.stones),
                join(&f.completions)
            ),
        );
    }
    for t in &ex.threes {
        let real = t.verdict == ThreeVerdict::Real;
        let (class, color) = if real {
            ("three real", "#12a040")
        } else {
            ("three rejected", "#707070")
        };
        line(
            class,
            color,
            !real,
            &t.stones,
            format!(
                "{} three {}: {}",
                t.direction,
                join(&t.stones),
                long_reason(t.verdict)
            ),
        );
    }
}

/// Rejected threes: the reason, beside the line's last stone.
fn rejected_reasons(frame: Frame, ex: &Explanation, s: &mut String) {
    // Rejected threes: the reason, beside the line's last stone (left of it near the
    // right edge), moved down while it would cover another reason.
    let mut placed: Vec<(f64, f64, f64)> = Vec::new();
    for t in ex.threes.iter().filter(|t| t.verdict != ThreeVerdict::Real) {
        let Some(&end) = t.stones.last() else {
            continue;
        };
        let text = short_reason(t.verdict);
        let w = text.len() as f64 * 6.6 + 8.0;
        let mut x = frame.x(end) + CELL * 0.45;
        if x + w > frame.side() {
            x = frame.x(end) - CELL * 0.45 - w;
        }
        let mut y = frame.y(end) - CELL * 0.45;
        while placed
            .iter()
            .any(|&(px, py, pw)| x < px + pw && px < x + w && (y - py).abs() < 17.0)
        {
            y += 18.0;
        }
        placed.push((x, y, w));
        s.push_str(&format!(
            r##"<g class="reason" data-point="{end}"><rect x="{x:.1}" y="{:.1}" width="{w:.1}" height="16" rx="3" fill="#fff" fill-opacity="0.9" stroke="#707070"/><text x="{:.1}" y="{:.1}" font-size="12" fill="#333">{text}</text></g>"##,
            y - 12.0,
            x + 4.0,
            y
        ));
    }
}

/// The five points of the fours.
fn five_points(frame: Frame, ex: &Explanation, s: &mut String) {
    // Five points of the fours.
    for f in &ex.fours {
        for &c in &f.completions {
            s.push_str(&format!(
                r##"<circle class="completion five-point" data-point="{c}" cx="{}" cy="{}" r="5" fill="#1456c8"><title>{c}: five</title></circle>"##,
                frame.x(c),
                frame.y(c)
            ));
        }
    }
}

/// A straight-four point of a three: usable, a five (counting or not) or forbidden, with
/// the number of its nested explanation.
fn completion_mark(frame: Frame, c: &Completion, labels: &[Option<usize>], s: &mut String) {
    let (cx, cy) = (frame.x(c.point), frame.y(c.point));
    let p = c.point;
    let label = c
        .outcome
        .see()
        .and_then(|i| labels.get(i).copied().flatten())
        .map(|n| {
            format!(
                r##"<text class="see" x="{:.1}" y="{:.1}" font-size="12" font-weight="bold" fill="#b00" stroke="none">#{n}</text>"##,
                cx + CELL * 0.3,
                cy + CELL * 0.55
            )
        })
        .unwrap_or_default();
    match &c.outcome {
        CompletionOutcome::Legal { .. } => {
            s.push_str(&format!(
                r##"<g class="completion usable" data-point="{p}"><title>{p}: straight four, legal</title><circle cx="{cx}" cy="{cy}" r="{}" fill="none" stroke="#12a040" stroke-width="3"/>{label}</g>"##,
                CELL * 0.3
            ));
        }
        CompletionOutcome::MakesFive { counts } => {
            let (class, color, how) = if *counts {
                ("usable", "#12a040", "counts")
            } else {
                ("unusable", "#e07000", "does not count")
            };
            s.push_str(&format!(
                r##"<g class="completion {class} makes-five" data-point="{p}"><title>{p}: straight four that also makes a five ({how})</title><circle cx="{cx}" cy="{cy}" r="{}" fill="none" stroke="{color}" stroke-width="3" stroke-dasharray="4 3"/><text x="{cx}" y="{:.1}" font-size="13" font-weight="bold" fill="{color}" text-anchor="middle">5</text>{label}</g>"##,
                CELL * 0.3,
                cy + 4.7
            ));
        }
        CompletionOutcome::Forbidden { .. } => {
            let cross = cross_lines(cx, cy, CELL * 0.22);
            s.push_str(&format!(
                r##"<g class="completion unusable forbidden-point" data-point="{p}" stroke="#d00" stroke-width="3"><title>{p}: straight four, but forbidden</title>{cross}{label}</g>"##
            ));
        }
    }
}

/// The examined point: a black stone drawn see-through, ringed in red.
fn examined(frame: Frame, p: Point) -> String {
    format!(
        r##"<g class="examined" data-point="{p}"><circle cx="{}" cy="{}" r="{}" fill="#111" fill-opacity="0.45" stroke="#d00" stroke-width="2.5" stroke-dasharray="5 3"/></g>"##,
        frame.x(p),
        frame.y(p),
        CELL * 0.46
    )
}

/// The steps of an explanation as text lines.
fn steps(ex: &Explanation, labels: &[Option<usize>]) -> Vec<String> {
    let mut out = vec![format!("Black at {}: {}", ex.point, ex.status)];
    for l in &ex.fives {
        out.push(format!("{} five {}", l.direction, join(&l.stones)));
    }
    for l in &ex.overlines {
        out.push(format!("{} overline {}", l.direction, join(&l.stones)));
    }
    for f in &ex.fours {
        let kind = if f.completions.len() >= 2 {
            "straight four"
        } else {
            "four"
        };
        out.push(format!(
            "{} {kind} {}, five at {}",
            f.direction,
            join(&f.stones),
            join(&f.completions)
        ));
    }
    for t in &ex.threes {
        out.push(format!(
            "{} three {}: {}",
            t.direction,
            join(&t.stones),
            long_reason(t.verdict)
        ));
        for c in &t.completions {
            let see = c
                .outcome
                .see()
                .map(|i| match labels.get(i).copied().flatten() {
                    Some(n) => format!(" (board #{n})"),
                    None => format!(" (nested check {i}, not drawn)"),
                })
                .unwrap_or_default();
            let what = match &c.outcome {
                CompletionOutcome::Legal { see: None } => "legal".to_string(),
                CompletionOutcome::Legal { see: Some(_) } => {
                    "legal although it looks like a foul".to_string()
                }
                CompletionOutcome::MakesFive { counts: true } => {
                    "also a five, counted (five-completion reading)".to_string()
                }
                CompletionOutcome::MakesFive { counts: false } => {
                    "also a five: does not count (RIF)".to_string()
                }
                CompletionOutcome::Forbidden { .. } => "forbidden".to_string(),
            };
            out.push(format!("    straight four at {}: {what}{see}", c.point));
        }
    }
    out
}

/// Draws why a black stone on `ex.point` of `pos` is (or is not) forbidden, from the
/// explanation [`Position::explain`] gives: the board with the point shown as a
/// see-through stone, the line of every five, overline, four and three drawn through its
/// stones (real threes green, rejected ones grey and dashed with their reason beside
/// them), the five points of the fours (blue dots), the straight-four points of the
/// threes (green rings when usable, red crosses when forbidden, a "5" when they also
/// make a five), the steps as text below, and each nested check (a straight-four point
/// that is or looks forbidden) as a small numbered board beside it, with the stones it
/// was judged with imagined drawn see-through. At most eight small boards are drawn; the
/// steps list the others.
pub fn explanation(pos: &Position, ex: &Explanation, opts: &SvgOptions) -> String {
    let frame = Frame::new(pos.board().size(), opts.coordinates);
    let mut board = background(frame, opts.coordinates);
    for &(p, c, n) in &Scene::of_position(pos, false).stones {
        board.push_str(&stone(frame, p, c, n.filter(|_| opts.numbers), ""));
    }
    explanation_pieces(pos.board(), ex, opts).join(&board)
}

/// [`explanation`] in pieces, to be joined by the board: the background and the stones
/// of the position (`Parts::background` and `Parts::stones` of its scene), which the
/// picture shows once large and once on each small board. The HTML report keeps these
/// pieces for each foul, and the board once.
pub(crate) fn explanation_pieces(
    board: &Board,
    ex: &Explanation,
    opts: &SvgOptions,
) -> Vec<String> {
    let frame = Frame::new(board.size(), opts.coordinates);
    let side = frame.side();
    let (labels, order) = nested_order(ex);
    let paths = nested_paths(ex);

    let mut body = examined(frame, ex.point);
    body.push_str(&explanation_layer(frame, ex, &labels));

    // The steps, below the board.
    let (text, text_height, longest) = steps_text(frame, ex, (&labels, &order), &paths);

    // The nested checks, two columns of small boards to the right.
    let small = side * SMALL;
    let head = 20.0;
    let gap = 12.0;
    let columns = if order.is_empty() {
        0
    } else {
        order.len().min(2)
    };
    let (nested_pieces, nested_svg) = nested_boards(frame, ex, (&labels, &order), &paths);
    let nested_width = columns as f64 * (small + gap);
    let nested_height = order.len().div_ceil(2) as f64 * (small + head + gap);
    let width = (side + if columns > 0 { gap + nested_width } else { 0.0 }).max(longest);
    let height = (side + text_height).max(nested_height);
    let pixels = (opts.pixels as f64 * width / side).round() as u32;
    let mut s = open_tag(width, height, pixels);
    s.push_str(&format!(
        r##"<rect class="page" x="0" y="0" width="{width}" height="{height}" fill="#fff"/>"##
    ));
    // In-mind stones: a see-through look, defined once.
    s.push_str(r#"<style>.in-mind circle{fill-opacity:0.5;stroke-dasharray:4 3}</style>"#);
    s.push_str(&format!(
        r#"<g class="explanation" data-point="{}" data-status="{}">"#,
        ex.point,
        match ex.status {
            PointStatus::Five => "five",
            PointStatus::Forbidden { .. } => "forbidden",
            PointStatus::Legal => "legal",
        }
    ));
    // The board goes here.
    let mut pieces = vec![s];
    let mut rest = body;
    rest.push_str("</g>");
    rest.push_str(&text);
    for piece in nested_pieces {
        rest.push_str(&piece);
        pieces.push(std::mem::take(&mut rest));
    }
    rest.push_str(&nested_svg);
    rest.push_str("</svg>");
    pieces.push(rest);
    pieces
}

/// The nested checks to draw, numbered from 1 in the order they are met (at most
/// [`MAX_NESTED_BOARDS`]): each nested explanation's label, and the drawn ones in order.
fn nested_order(ex: &Explanation) -> (Vec<Option<usize>>, Vec<usize>) {
    let mut labels: Vec<Option<usize>> = vec![None; ex.nested.len()];
    let mut order = Vec::new();
    let meet = |e: &Explanation, labels: &mut Vec<Option<usize>>, order: &mut Vec<usize>| {
        for c in e.threes.iter().flat_map(|t| &t.completions) {
            if let Some(i) = c.outcome.see() {
                if i < labels.len() && labels[i].is_none() && order.len() < MAX_NESTED_BOARDS {
                    order.push(i);
                    labels[i] = Some(order.len());
                }
            }
        }
    };
    meet(ex, &mut labels, &mut order);
    let mut k = 0;
    while k < order.len() {
        let i = order[k];
        meet(&ex.nested[i], &mut labels, &mut order);
        k += 1;
    }
    (labels, order)
}

/// The steps below the board, as SVG text, with the height and width they take.
fn steps_text(
    frame: Frame,
    ex: &Explanation,
    (labels, order): (&[Option<usize>], &[usize]),
    paths: &[Option<Vec<Point>>],
) -> (String, f64, f64) {
    let mut text_lines = steps(ex, labels);
    for (n, &i) in order.iter().enumerate() {
        let nested = &ex.nested[i];
        let with = paths[i].as_deref().map(join).unwrap_or_default();
        text_lines.push(format!(
            "#{}: Black at {} with {with} imagined: {}",
            n + 1,
            nested.point,
            nested.status
        ));
    }
    let undrawn = ex.nested.len() - order.len();
    if undrawn > 0 {
        text_lines.push(format!(
            "{undrawn} more nested check(s) not drawn: see the text explanation"
        ));
    }
    let text_top = frame.side() + 14.0;
    let mut text = String::from(r##"<g class="steps" font-size="13" fill="#000">"##);
    for (n, l) in text_lines.iter().enumerate() {
        let indent = l.len() - l.trim_start().len();
        text.push_str(&format!(
            r#"<text x="{}" y="{:.1}">{}</text>"#,
            8.0 + indent as f64 * 4.0,
            text_top + (n as f64 + 1.0) * TEXT_LINE,
            escape(l.trim_start())
        ));
    }
    text.push_str("</g>");
    let text_height = 14.0 + (text_lines.len() as f64 + 1.0) * TEXT_LINE;
    let longest = text_lines.iter().map(|l| l.len()).max().unwrap_or(0) as f64 * 7.4 + 16.0;
    (text, text_height, longest)
}

/// The nested checks as small boards in two columns to the right of the board: the
/// pieces before each board (which the caller puts in), and what follows the last one.
fn nested_boards(
    frame: Frame,
    ex: &Explanation,
    (labels, order): (&[Option<usize>], &[usize]),
    paths: &[Option<Vec<Point>>],
) -> (Vec<String>, String) {
    let (side, small, head, gap) = (frame.side(), frame.side() * SMALL, 20.0, 12.0);
    let mut nested_svg = String::new();
    let mut nested_pieces = Vec::new();
    for (n, &i) in order.iter().enumerate() {
        let nested = &ex.nested[i];
        let (col, row) = (n % 2, n / 2);
        let x = side + gap + col as f64 * (small + gap);
        let y = row as f64 * (small + head + gap);
        let mut inner = String::new();
        for &p in paths[i].as_deref().unwrap_or(&[]) {
            inner.push_str(&stone(frame, p, Color::Black, None, " in-mind"));
        }
        inner.push_str(&examined(frame, nested.point));
        inner.push_str(&explanation_layer(frame, nested, labels));
        nested_svg.push_str(&format!(
            r##"<g class="nested" data-point="{}" data-label="{}"><text x="{x:.1}" y="{:.1}" font-size="14" font-weight="bold" fill="#b00">#{} {}: {}</text><g transform="translate({x:.1} {:.1}) scale({SMALL})">"##,
            nested.point,
            n + 1,
            y + 15.0,
            n + 1,
            nested.point,
            escape(&short_status(nested)),
            y + head,
        ));
        // The board goes here.
        nested_pieces.push(std::mem::take(&mut nested_svg));
        nested_svg.push_str(&inner);
        nested_svg.push_str("</g></g>");
    }
    (nested_pieces, nested_svg)
}

// ---------------------------------------------------------------------------
// PNG
// ---------------------------------------------------------------------------

/// Why an SVG could not be made into a PNG.
#[cfg(feature = "png")]
#[derive(Debug, thiserror::Error)]
pub enum PngError {
    /// The SVG could not be read.
    #[error("cannot read the SVG: {0}")]
    Svg(String),
    /// The picture has no area, or is larger than [`MAX_PNG_PIXELS`].
    #[error("cannot draw a {width}x{height} picture (at most 64 million pixels)")]
    Size {
        /// Width asked for, in pixels.
        width: u32,
        /// Height asked for, in pixels.
        height: u32,
    },
    /// The PNG could not be encoded.
    #[error("cannot encode the PNG: {0}")]
    Encode(String),
}

/// The fonts text is drawn with: the system's, read once. Where a machine has none, the
/// stones, lines and marks are drawn all the same and text is left out.
#[cfg(feature = "png")]
fn fonts() -> std::sync::Arc<resvg::usvg::fontdb::Database> {
    use std::sync::{Arc, OnceLock};
    static FONTS: OnceLock<Arc<resvg::usvg::fontdb::Database>> = OnceLock::new();
    FONTS
        .get_or_init(|| {
            let mut db = resvg::usvg::fontdb::Database::new();
            db.load_system_fonts();
            db.set_sans_serif_family("DejaVu Sans");
            Arc::new(db)
        })
        .clone()
}

/// The largest PNG [`png`] draws, in pixels (width times height): 64 million, 256 MB of
/// pixels in memory. A larger size is an error, not an allocation that fails.
#[cfg(feature = "png")]
pub const MAX_PNG_PIXELS: u64 = 64 << 20;

/// Rasterises an SVG picture of this module into PNG bytes at its own size (its `width`
/// and `height` attributes), with resvg. Needs the `png` feature.
#[cfg(feature = "png")]
pub fn png(svg: &str) -> Result<Vec<u8>, PngError> {
    use resvg::{tiny_skia, usvg};
    let options = usvg::Options {
        fontdb: fonts(),
        ..usvg::Options::default()
    };
    let tree = usvg::Tree::from_str(svg, &options).map_err(|e| PngError::Svg(e.to_string()))?;
    let size = tree.size().to_int_size();
    let (width, height) = (size.width(), size.height());
    if u64::from(width) * u64::from(height) > MAX_PNG_PIXELS {
        return Err(PngError::Size { width, height });
    }
    let mut pixmap =
        tiny_skia::Pixmap::new(width, height).ok_or(PngError::Size { width, height })?;
    resvg::render(&tree, tiny_skia::Transform::default(), &mut pixmap.as_mut());
    pixmap
        .encode_png()
        .map_err(|e| PngError::Encode(e.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn explanation_pieces_join_to_the_picture() {
        let pos = Position::from_moves("i9 a1 k9 a2 h8 a3 h7 a4 h6 b1 l8 b3 l7 b5 l6").unwrap();
        let ex = pos.explain("j9".parse().unwrap()).unwrap();
        let opts = SvgOptions::default();
        let scene = Scene::of_position(&pos, false);
        let parts = scene.parts(&opts);
        let board = format!("{}{}", parts.background, parts.stones.concat());
        let pieces = explanation_pieces(pos.board(), &ex, &opts);
        assert_eq!(pieces.len(), 1 + 1 + ex.nested.len());
        assert_eq!(pieces.join(&board), explanation(&pos, &ex, &opts));
        // And the stone templates are the stones.
        for (i, &(p, c, n)) in scene.stones.iter().enumerate() {
            let t = stone_template(15, &opts, p, c, StoneLabel::of(n));
            let n = n.map(|n| n.to_string()).unwrap();
            assert_eq!(t.replace(NUMBER_SLOT, &n), parts.stones[i]);
        }
    }
}
