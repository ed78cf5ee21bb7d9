//! HTML validation reports: the page of `renju validate --html FILE` ([`HtmlReport`]) and
//! the notebook view of Python's `Report._repr_html_` ([`notebook`]).
//!
//! The page is one self-contained file (inline CSS and JavaScript, nothing fetched): the
//! summary with bar charts of terminations and finding codes, a table of every finding
//! that filters by code and severity and sorts, and for each finding the board at its
//! move, with the explanation of a foul.
//!
//! Every picture comes from the drawing module ([`svg`]): the board
//! background of each size is stored once, each game's stones once (one SVG element per
//! stone, in play order), and each finding keeps only its overlay (the move ringed or
//! marked) and the number of stones it shows. The page puts a board together from those
//! parts when a finding is opened, so nothing is drawn up front and a report of 20,000
//! games opens at once. The table shows a page of rows at a time.
//!
//! The page keeps the first [`MAX_FINDINGS`] findings (10,000, in input order), so that
//! its memory and size are bounded whatever the input: the summary still counts every
//! game and finding, and says how many findings were left out and that
//! `renju validate --jsonl` lists them all.

use std::collections::BTreeMap;
use std::io::Write;
use std::path::Path;

use rayon::prelude::*;
use serde::Serialize;

use crate::svg::{self, Mark, MarkShape, Scene, StoneLabel, SvgOptions};
use renju_core::error::ParseError;
use renju_core::geometry::{Color, Point};
use renju_core::notation::Move;
use renju_records::game::Game;
use renju_records::replay::ValidationOptions;
use renju_records::report::{FindingCode, GameReport, Severity, Summary, UnreadableFile};

/// Board pictures' width in the report, in pixels.
const BOARD_PIXELS: u32 = 420;

/// The most findings a page keeps (see the [module docs](self)): about 13 KB of memory
/// and 3 KB of page each.
pub const MAX_FINDINGS: usize = 10_000;

/// The rows and board parts of an HTML report, gathered a chunk of games at a time.
pub struct HtmlReport {
    options: ValidationOptions,
    view: SvgOptions,
    games: Vec<GameEntry>,
    rows: Vec<Row>,
    /// The most findings kept.
    limit: usize,
    /// Findings past the limit, counted but not kept.
    left_out: u64,
}

/// A game with findings: where it is and, when it could be replayed, its stones.
#[derive(Serialize)]
struct GameEntry {
    /// File name.
    f: String,
    /// Index in the file, from 1.
    n: usize,
    /// Record id.
    #[serde(skip_serializing_if = "Option::is_none")]
    id: Option<String>,
    /// Board side (0: no board).
    s: u8,
    /// The stones in play order, three numbers each: the point (`y * size + x`), the
    /// colour (0 black, 1 white) and the move number (0 for a set-up stone).
    st: Vec<usize>,
}

/// One finding.
#[derive(Serialize)]
struct Row {
    /// The game (index in the games list).
    g: usize,
    /// Severity.
    v: Severity,
    /// Code.
    c: FindingCode,
    /// Move number.
    m: Option<usize>,
    /// Message.
    t: String,
    /// Stones shown on its board.
    k: usize,
    /// The overlay of its board.
    o: String,
    /// The explanation of a foul: the pieces of its picture, joined by the board.
    #[serde(skip_serializing_if = "Option::is_none")]
    x: Option<Vec<String>>,
    /// Stones on the board of the explanation (the position before the foul).
    #[serde(skip_serializing_if = "Option::is_none")]
    xk: Option<usize>,
}

/// The drawing of one board side: the `<svg>` start tag, the background, and the
/// template of every stone (`[point][colour][label]`, see [`svg::stone_template`]).
#[derive(Serialize)]
struct BoardParts {
    open: String,
    bg: String,
    st: Vec<[[String; 3]; 2]>,
}

/// The embedded data.
#[derive(Serialize)]
struct Data<'a> {
    /// The drawing of each board side.
    boards: BTreeMap<u8, BoardParts>,
    games: &'a [GameEntry],
    rows: &'a [Row],
}

impl HtmlReport {
    /// An empty report of games validated with `options`, keeping the first
    /// [`MAX_FINDINGS`] findings.
    pub fn new(options: &ValidationOptions) -> HtmlReport {
        HtmlReport::with_limit(options, MAX_FINDINGS)
    }

    /// An empty report that keeps the first `limit` findings.
    pub fn with_limit(options: &ValidationOptions, limit: usize) -> HtmlReport {
        HtmlReport {
            options: options.clone(),
            view: SvgOptions {
                pixels: BOARD_PIXELS,
                coordinates: true,
                numbers: true,
                forbidden: false,
                last_move: true,
            },
            games: Vec::new(),
            rows: Vec::new(),
            limit,
            left_out: 0,
        }
    }

    /// How many findings were left out, past the limit.
    pub fn left_out(&self) -> u64 {
        self.left_out
    }

    /// Adds the games of a chunk (their reports and records, in the same order) that
    /// have findings, up to the limit; findings past it are only counted. Boards and
    /// explanations are made on all cores.
    pub fn add(&mut self, reports: &[GameReport], records: &[Result<Game, ParseError>]) {
        let mut room = self.limit.saturating_sub(self.rows.len());
        let mut chosen = Vec::new();
        for (r, record) in reports.iter().zip(records) {
            let n = r.findings.len();
            let take = n.min(room);
            room -= take;
            self.left_out = self.left_out.saturating_add((n - take) as u64);
            if take > 0 {
                chosen.push((r, record, take));
            }
        }
        let made: Vec<(GameEntry, Vec<Row>)> = chosen
            .par_iter()
            .map(|&(r, record, take)| self.game(r, record.as_ref().ok(), take))
            .collect();
        for (entry, mut rows) in made {
            let g = self.games.len();
            for row in &mut rows {
                row.g = g;
            }
            self.games.push(entry);
            self.rows.extend(rows);
        }
    }

    /// A game's entry and its first `take` finding rows (their `g` not yet set).
    fn game(&self, report: &GameReport, game: Option<&Game>, take: usize) -> (GameEntry, Vec<Row>) {
        let mut entry = GameEntry {
            f: report.source.as_deref().unwrap_or("<input>").to_string(),
            n: report.index + 1,
            id: report.id.clone(),
            s: 0,
            st: Vec::new(),
        };
        let rows = report.findings.iter().take(take).map(|f| Row {
            g: 0,
            v: f.severity,
            c: f.code,
            m: f.move_number,
            t: f.message.clone(),
            k: 0,
            o: String::new(),
            x: None,
            xk: None,
        });
        let Some((game, (pos, played))) =
            game.and_then(|g| Some((g, g.position_after(&self.options, usize::MAX).ok()?)))
        else {
            return (entry, rows.collect());
        };
        let scene = Scene::of_position(&pos, false);
        entry.s = scene.size;
        let size = usize::from(scene.size);
        for &(p, c, n) in &scene.stones {
            let point = usize::from(p.y()) * size + usize::from(p.x());
            entry
                .st
                .extend([point, usize::from(c == Color::White), n.unwrap_or(0)]);
        }
        let moves: Vec<Move> = game.moves().collect();
        // Stones on the board after each number of moves.
        let mut stones_after = vec![0usize; played + 1];
        for (i, mv) in moves.iter().take(played).enumerate() {
            stones_after[i + 1] = stones_after[i] + usize::from(matches!(mv, Move::Stone(_)));
        }
        let setup = scene.stones.len() - stones_after[played];
        let rows = rows
            .map(|mut row| {
                let at = row.m.unwrap_or(played);
                let shown = at.min(played);
                row.k = setup + stones_after[shown];
                let mut overlay = Scene::empty(scene.size);
                let this = at.checked_sub(1).and_then(|i| moves.get(i));
                match this {
                    Some(Move::Stone(p)) if at <= played => overlay.last = Some(*p),
                    Some(Move::Stone(p)) => overlay.marks.push(
                        Mark::new(*p, MarkShape::Square)
                            .colored("#d00")
                            .titled(format!("move {at}: {}", row.c)),
                    ),
                    _ => {}
                }
                row.o = overlay.overlay_svg(&self.view);
                if matches!(row.c, FindingCode::ForbiddenMove | FindingCode::LapsedFoul) {
                    if let Some((pieces, k)) = self.foul_picture(game, row.m) {
                        row.x = Some(pieces);
                        row.xk = Some(k);
                    }
                }
                row
            })
            .collect();
        (entry, rows)
    }

    /// The explained verdict of the foul at move `m` of `game`: the pieces of its
    /// picture and the number of stones of its board.
    fn foul_picture(&self, game: &Game, m: Option<usize>) -> Option<(Vec<String>, usize)> {
        let m = m?;
        let Move::Stone(p) = game.moves().nth(m.checked_sub(1)?)? else {
            return None;
        };
        let (pos, played) = game.position_after(&self.options, m - 1).ok()?;
        if played + 1 != m {
            return None;
        }
        let ex = pos.explain(p).ok()?;
        let pieces = svg::explanation_pieces(pos.board(), &ex, &self.view);
        Some((pieces, pos.board().stone_count()))
    }

    /// The drawing of a board of side `size`.
    fn board_parts(&self, size: u8) -> BoardParts {
        let parts = Scene::empty(size).parts(&self.view);
        let mut st = Vec::with_capacity(usize::from(size) * usize::from(size));
        for y in 0..size {
            for x in 0..size {
                let p = Point::new(x, y).expect("on the board");
                let t = |c| {
                    [StoneLabel::None, StoneLabel::Small, StoneLabel::Large]
                        .map(|l| svg::stone_template(size, &self.view, p, c, l))
                };
                st.push([t(Color::Black), t(Color::White)]);
            }
        }
        BoardParts {
            open: parts.open,
            bg: parts.background,
            st,
        }
    }

    /// Writes the report to the file `path`; `unreadable` lists the files that could not
    /// be read and why (the summary counts them, see [`Summary::add_unreadable_file`]).
    pub fn write_file(
        &self,
        path: &Path,
        summary: &Summary,
        unreadable: &[UnreadableFile],
    ) -> std::io::Result<()> {
        let file = std::fs::File::create(path)?;
        let mut out = std::io::BufWriter::new(file);
        self.write(&mut out, summary, unreadable)?;
        out.flush()
    }

    /// Writes the page; `summary` is the batch's ([`Summary::add`] of every game
    /// added, and [`Summary::add_unreadable_file`] of every file that could not be read),
    /// `unreadable` lists those files and why.
    ///
    /// ```
    /// use renju_display::html::HtmlReport;
    /// use renju_records::report::{validate_games, Summary};
    /// use renju_records::{Game, ValidationOptions};
    /// let options = ValidationOptions::default();
    /// let records = vec![Ok(Game::from_moves("f8 a1 g8 c1 h6 e1 h7 g1 h8").unwrap())];
    /// let reports = validate_games(&records, &options, 0);
    /// let mut summary = Summary::default();
    /// reports.iter().for_each(|g| summary.add(g));
    /// let mut report = HtmlReport::new(&options);
    /// report.add(&reports, &records);
    /// let mut page = Vec::new();
    /// report.write(&mut page, &summary, &[]).unwrap();
    /// let page = String::from_utf8(page).unwrap();
    /// assert!(page.starts_with("<!DOCTYPE html>") && page.contains("forbidden-move"));
    /// ```
    pub fn write(
        &self,
        out: &mut impl Write,
        summary: &Summary,
        unreadable: &[UnreadableFile],
    ) -> std::io::Result<()> {
        let mut boards = BTreeMap::new();
        for g in &self.games {
            if g.s > 0 && !boards.contains_key(&g.s) {
                boards.insert(g.s, self.board_parts(g.s));
            }
        }
        let data = Data {
            boards,
            games: &self.games,
            rows: &self.rows,
        };
        let json = serde_json::to_string(&data)?;
        let (head, rest) = TEMPLATE
            .split_once("@SUMMARY@")
            .expect("the template has a summary");
        let (middle, tail) = rest.split_once("@DATA@").expect("the template has data");
        out.write_all(head.as_bytes())?;
        out.write_all(
            summary_html(summary, unreadable, self.rows.len(), self.left_out).as_bytes(),
        )?;
        out.write_all(middle.as_bytes())?;
        // In a <script> element, "</" and "<!--" must not appear: JSON allows "<\/" and
        // "\u003c" for them.
        let json = json.replace("</", "<\\/").replace("<!--", "\\u003c!--");
        out.write_all(json.as_bytes())?;
        out.write_all(tail.as_bytes())
    }
}

impl HtmlReport {
    /// The stones `k` of a game's first stones, from the templates (what the page's
    /// script does).
    fn stones(&self, parts: &BoardParts, game: &GameEntry, k: usize) -> String {
        let mut s = String::new();
        for st in game.st.chunks(3).take(k) {
            let (p, c, n) = (st[0], st[1], st[2]);
            let label = match n {
                0 => 0,
                1..=99 => 1,
                _ => 2,
            };
            let t = &parts.st[p][c][label];
            if n == 0 {
                s.push_str(t);
            } else {
                s.push_str(&t.replace(svg::NUMBER_SLOT, &n.to_string()));
            }
        }
        s
    }

    /// The pictures of a row: its board and the explanation of a foul.
    fn pictures(&self, parts: &BoardParts, row: &Row) -> String {
        let game = &self.games[row.g];
        let mut s = format!(
            "{}{}{}{}</svg>",
            parts.open,
            parts.bg,
            self.stones(parts, game, row.k),
            row.o
        );
        if let (Some(pieces), Some(k)) = (&row.x, row.xk) {
            let board = format!("{}{}", parts.bg, self.stones(parts, game, k));
            s.push_str(&pieces.join(&board));
        }
        s
    }
}

/// A static HTML view of a validation for notebooks (Python's `Report._repr_html_`): the
/// summary and charts, then the first `limit` findings of `reports`, each with the board
/// at its move and the explanation of a foul. `records` are the games of `reports`, in
/// the same order (only the games whose findings are shown are needed). No script: the
/// pictures are in the page.
///
/// ```
/// use renju_display::html::notebook;
/// use renju_records::report::{validate_games, Summary};
/// use renju_records::{Game, ValidationOptions};
/// let options = ValidationOptions::default();
/// let records = vec![Ok(Game::from_moves("f8 a1 g8 c1 h6 e1 h7 g1 h8").unwrap())];
/// let reports = validate_games(&records, &options, 0);
/// let mut summary = Summary::default();
/// reports.iter().for_each(|g| summary.add(g));
/// let view = notebook(&summary, &reports, &records, &options, 10);
/// assert!(view.contains("<svg") && view.contains("forbidden-move"));
/// ```
pub fn notebook(
    summary: &Summary,
    reports: &[GameReport],
    records: &[Result<Game, ParseError>],
    options: &ValidationOptions,
    limit: usize,
) -> String {
    let mut report = HtmlReport::new(options);
    report.add(reports, records);
    let mut h = String::from(r#"<div class="renju-report">"#);
    h.push_str(NOTEBOOK_STYLE);
    h.push_str(&summary_html(
        summary,
        &[],
        summary.findings.values().sum(),
        0,
    ));
    let mut parts: BTreeMap<u8, BoardParts> = BTreeMap::new();
    h.push_str(r#"<table class="findings"><thead><tr><th>File</th><th>Game</th><th>Move</th><th>Severity</th><th>Code</th><th>Message</th></tr></thead><tbody>"#);
    for row in report.rows.iter().take(limit) {
        let game = &report.games[row.g];
        let mv = row.m.map(|m| m.to_string()).unwrap_or_default();
        h.push_str(&format!(
            r#"<tr class="finding"><td>{}</td><td>{}</td><td>{mv}</td><td class="sev-{}">{}</td><td>{}</td><td>{}</td></tr>"#,
            escape(&game.f),
            game.n,
            row.v,
            row.v,
            row.c,
            escape(&row.t)
        ));
        if game.s > 0 {
            let board = parts
                .entry(game.s)
                .or_insert_with(|| report.board_parts(game.s));
            h.push_str(&format!(
                r#"<tr class="boards"><td colspan="6">{}</td></tr>"#,
                report.pictures(board, row)
            ));
        }
    }
    h.push_str("</tbody></table>");
    let total: usize = summary.findings.values().sum();
    let shown = report.rows.len().min(limit);
    if total > shown {
        h.push_str(&format!(
            "<p>{shown} of {total} findings shown; renju validate --html FILE writes them all with their boards.</p>"
        ));
    }
    h.push_str("</div>");
    h
}

/// The notebook view's style, scoped to its element.
const NOTEBOOK_STYLE: &str = r#"<style>.renju-report .charts{display:flex;flex-wrap:wrap;gap:2em}.renju-report .charts section{flex:1 1 280px}.renju-report table.chart{border-collapse:collapse;width:100%}.renju-report table.chart th{text-align:left;font-weight:normal;padding-right:8px}.renju-report .bar{height:10px;background:#4a7bd0}.renju-report .codes .bar{background:#c8643c}.renju-report td.n{text-align:right;width:4em}.renju-report td.barcell{width:70%}.renju-report .sev-error{color:#b00}.renju-report .sev-warning{color:#a60}.renju-report tr.boards svg{max-width:420px;height:auto;vertical-align:top;margin-right:1em}</style>"#;

/// Escapes text for HTML.
fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// A bar chart: one row per label, bars scaled to the largest count.
fn bars(class: &str, items: &[(String, usize)]) -> String {
    let most = items.iter().map(|(_, n)| *n).max().unwrap_or(0).max(1);
    let mut s = format!(r#"<table class="chart {class}">"#);
    for (label, n) in items {
        let width = (*n as f64 / most as f64 * 100.0).max(0.5);
        s.push_str(&format!(
            r#"<tr><th>{}</th><td class="barcell"><div class="bar" style="width:{width:.1}%"></div></td><td class="n">{n}</td></tr>"#,
            escape(label)
        ));
    }
    s.push_str("</table>");
    s
}

/// The summary: counts and the two charts.
fn summary_html(s: &Summary, unreadable: &[UnreadableFile], rows: usize, left_out: u64) -> String {
    let ends: Vec<(String, usize)> = (s.by_termination.iter())
        .map(|(t, n)| (t.name().to_string(), *n))
        .collect();
    let codes: Vec<(String, usize)> = (s.findings.iter())
        .map(|(c, n)| (c.name().to_string(), *n))
        .collect();
    let total = (rows as u64).saturating_add(left_out);
    let mut h = format!(
        r#"<p class="totals"><b id="games">{}</b> games: <b id="errors">{}</b> errors, <b id="warnings">{}</b> warnings, <b id="findings">{total}</b> findings</p>"#,
        s.games, s.errors, s.warnings
    );
    if left_out > 0 {
        h.push_str(&format!(
            r#"<p class="left-out" id="left-out">This page shows the first {rows} findings; <b>{left_out}</b> more were left out to keep it small. <code>renju validate --jsonl</code> lists every finding.</p>"#
        ));
    }
    h.push_str(r#"<div class="charts"><section><h2>Terminations</h2>"#);
    h.push_str(&bars("terminations", &ends));
    h.push_str(r#"</section><section><h2>Finding codes</h2>"#);
    h.push_str(&bars("codes", &codes));
    h.push_str("</section></div>");
    if !unreadable.is_empty() {
        h.push_str(r#"<h2>Files that could not be read</h2><ul class="unreadable">"#);
        for u in unreadable {
            h.push_str(&format!(
                "<li><b>{}</b>: {}</li>",
                escape(&u.file),
                escape(&u.error)
            ));
        }
        h.push_str("</ul>");
    }
    h
}

/// The page; `@SUMMARY@` and `@DATA@` are filled in.
const TEMPLATE: &str = r##"<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>renju validate report</title>
<style>
body{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;margin:1.5em;color:#222}
h1{font-size:1.4em;margin:0 0 .4em}h2{font-size:1.05em;margin:.6em 0 .3em}
.charts{display:flex;flex-wrap:wrap;gap:2em}.charts section{flex:1 1 320px}
table.chart{border-collapse:collapse;width:100%}table.chart th{text-align:left;font-weight:normal;white-space:nowrap;padding:1px 8px 1px 0;font-size:.9em}
table.chart td{padding:1px 0}table.chart td.barcell{width:75%}table.chart td.n{text-align:right;padding-left:6px;font-size:.9em;width:4em}
.bar{height:12px;background:#4a7bd0;border-radius:2px}.codes .bar{background:#c8643c}
.controls{margin:1em 0 .5em;display:flex;flex-wrap:wrap;gap:1em;align-items:center}
#findings-table{border-collapse:collapse;width:100%;font-size:.92em}
#findings-table th{background:#eee;text-align:left;padding:4px 6px;cursor:pointer;user-select:none;white-space:nowrap}
#findings-table th.sorted-asc::after{content:" \25B2"}#findings-table th.sorted-desc::after{content:" \25BC"}
#findings-table td{padding:3px 6px;border-bottom:1px solid #e4e4e4;vertical-align:top}
#findings-table tr.finding{cursor:pointer}#findings-table tr.finding:hover{background:#f4f7ff}
#findings-table tr.open{background:#eef3ff}
.sev{font-weight:bold}.sev-error{color:#b00}.sev-warning{color:#a60}.sev-info{color:#357}
td.boards{background:#fafafa;padding:8px}.boards div.pictures{display:flex;flex-wrap:wrap;gap:1em;align-items:flex-start}
.boards svg{max-width:100%;height:auto}.noboard{color:#777;font-style:italic}
.pager{margin:.6em 0;display:flex;gap:.6em;align-items:center}
</style>
</head>
<body>
<h1>renju validate report</h1>
@SUMMARY@
<div class="controls">
<label>Severity <select id="severity"><option value="">all</option><option>error</option><option>warning</option><option>info</option></select></label>
<label>Code <select id="code"><option value="">all</option></select></label>
<label>Search <input id="search" type="search" placeholder="file, id or message"></label>
<span id="count"></span>
</div>
<div class="pager"><button id="prev">&#8592; previous</button><span id="page"></span><button id="next">next &#8594;</button></div>
<table id="findings-table">
<thead><tr><th data-key="file">File</th><th data-key="game">Game</th><th data-key="id">Id</th><th data-key="move">Move</th><th data-key="severity">Severity</th><th data-key="code">Code</th><th data-key="message">Message</th></tr></thead>
<tbody id="rows"></tbody>
</table>
<script type="application/json" id="renju-data">@DATA@</script>
<script>
"use strict";
(function () {
  var data = JSON.parse(document.getElementById("renju-data").textContent);
  var PAGE = 100;
  var SEVERITY_ORDER = {error: 0, warning: 1, info: 2};
  var all = data.rows.map(function (r, i) {
    var g = data.games[r.g];
    return {i: i, r: r, g: g, file: g.f, game: g.n, id: g.id || "", move: r.m == null ? -1 : r.m,
            severity: r.v, code: r.c, message: r.t};
  });
  var shown = all, page = 0, sortKey = null, sortDir = 1, opened = {};
  var codeSelect = document.getElementById("code");
  Array.from(new Set(all.map(function (x) { return x.code; }))).sort().forEach(function (c) {
    var o = document.createElement("option"); o.textContent = c; codeSelect.appendChild(o);
  });
  function cell(tr, text, cls) {
    var td = document.createElement("td"); td.textContent = text; if (cls) td.className = cls; tr.appendChild(td); return td;
  }
  // The first k stones of a game, from the core's stone templates.
  function stones(b, g, k) {
    var out = "";
    for (var i = 0; i < k; i++) {
      var p = g.st[3 * i], c = g.st[3 * i + 1], n = g.st[3 * i + 2];
      var t = b.st[p][c][n === 0 ? 0 : n < 100 ? 1 : 2];
      out += n === 0 ? t : t.replace("{n}", String(n));
    }
    return out;
  }
  // A board from the core's parts: start tag, background, the first k stones, overlay.
  function board(x) {
    var b = data.boards[x.g.s];
    if (!b) return null;
    return b.open + b.bg + stones(b, x.g, x.r.k) + x.r.o + "</svg>";
  }
  // An explained foul: the core's pieces joined by the board before the foul.
  function explanation(x) {
    var b = data.boards[x.g.s];
    return b.bg + stones(b, x.g, x.r.xk);
  }
  function detail(x) {
    var tr = document.createElement("tr"); tr.className = "detail";
    var td = document.createElement("td"); td.colSpan = 7; td.className = "boards"; tr.appendChild(td);
    var pics = document.createElement("div"); pics.className = "pictures"; td.appendChild(pics);
    var svg = board(x);
    if (svg) {
      var d = document.createElement("div"); d.className = "board"; d.innerHTML = svg; pics.appendChild(d);
    } else {
      var p = document.createElement("p"); p.className = "noboard"; p.textContent = "No board: the game could not be replayed."; pics.appendChild(p);
    }
    if (x.r.x) {
      var e = document.createElement("div"); e.className = "explanation"; e.innerHTML = x.r.x.join(explanation(x)); pics.appendChild(e);
    }
    return tr;
  }
  function render() {
    var tbody = document.getElementById("rows");
    tbody.textContent = "";
    var pages = Math.max(1, Math.ceil(shown.length / PAGE));
    if (page >= pages) page = pages - 1;
    shown.slice(page * PAGE, page * PAGE + PAGE).forEach(function (x) {
      var tr = document.createElement("tr"); tr.className = "finding"; tr.dataset.row = x.i;
      cell(tr, x.file); cell(tr, String(x.game)); cell(tr, x.id);
      cell(tr, x.move < 0 ? "" : String(x.move));
      cell(tr, x.severity, "sev sev-" + x.severity); cell(tr, x.code, "code"); cell(tr, x.message);
      tbody.appendChild(tr);
      if (opened[x.i]) { tr.classList.add("open"); tbody.appendChild(detail(x)); }
      tr.addEventListener("click", function () { opened[x.i] = !opened[x.i]; render(); });
    });
    document.getElementById("count").textContent = shown.length + " of " + all.length + " findings";
    document.getElementById("page").textContent = "page " + (page + 1) + " of " + pages;
    document.getElementById("prev").disabled = page === 0;
    document.getElementById("next").disabled = page >= pages - 1;
  }
  function apply() {
    var sev = document.getElementById("severity").value, code = codeSelect.value;
    var q = document.getElementById("search").value.toLowerCase();
    shown = all.filter(function (x) {
      return (!sev || x.severity === sev) && (!code || x.code === code) &&
        (!q || (x.file + " " + x.id + " " + x.message).toLowerCase().indexOf(q) >= 0);
    });
    if (sortKey) {
      shown.sort(function (a, b) {
        var u = a[sortKey], v = b[sortKey];
        if (sortKey === "severity") { u = SEVERITY_ORDER[u]; v = SEVERITY_ORDER[v]; }
        return (u < v ? -1 : u > v ? 1 : a.i - b.i) * sortDir;
      });
    }
    page = 0; render();
  }
  document.querySelectorAll("#findings-table th").forEach(function (th) {
    th.addEventListener("click", function () {
      var key = th.dataset.key;
      sortDir = sortKey === key ? -sortDir : 1; sortKey = key;
      document.querySelectorAll("#findings-table th").forEach(function (h) { h.className = ""; });
      th.className = sortDir > 0 ? "sorted-asc" : "sorted-desc";
      apply();
    });
  });
  ["severity", "code"].forEach(function (id) { document.getElementById(id).addEventListener("change", apply); });
  document.getElementById("search").addEventListener("input", apply);
  document.getElementById("prev").addEventListener("click", function () { page--; render(); });
  document.getElementById("next").addEventListener("click", function () { page++; render(); });
  render();
})();
</script>
</body>
</html>
"##;
