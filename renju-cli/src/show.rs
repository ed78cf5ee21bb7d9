//! `renju show POSITION`: a picture of a position (SVG or PNG), optionally with the
//! explained verdict of a point.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Args;
use renju_core::{Board, Color, Point, Position, RenjuOptions, RuleSet};
use renju_display::svg::{self, Mark, MarkShape, SvgOptions};
use renju_records::formats::Format;
use renju_records::ValidationOptions;

use renju_display::text::printable;

/// The arguments of `renju show`.
#[derive(Args)]
pub struct ShowArgs {
    /// The position: a move list ("h8 i9 j10"), a diagram file (rows from the top, X
    /// black, O white, '.' empty), or FILE#N for game N (from 1) of a game file, at its
    /// end or, with FILE#N@M, after its first M moves.
    position: String,
    /// Draw why a black stone on this point is (or is not) forbidden.
    #[arg(long, value_name = "POINT")]
    explain: Option<String>,
    /// Number the stones in play order.
    #[arg(long)]
    numbers: bool,
    /// Mark a point of the position's picture (not of an explanation): POINT or
    /// POINT:SHAPE (circle, cross, square, triangle, dot; circle when left out). Repeat
    /// for more marks.
    #[arg(long, value_name = "POINT[:SHAPE]")]
    mark: Vec<String>,
    /// Write the picture to this file (.svg or .png); standard output (SVG) without it.
    #[arg(short, long, value_name = "FILE")]
    output: Option<PathBuf>,
    /// Width of the board in pixels (1 to 8192).
    #[arg(long, default_value_t = 480, value_parser = clap::value_parser!(u32).range(*renju_display::svg::PIXELS.start() as i64..=*renju_display::svg::PIXELS.end() as i64))]
    pixels: u32,
    /// Leave out the column letters and row numbers.
    #[arg(long)]
    no_coordinates: bool,
    /// Do not mark Black's forbidden points.
    #[arg(long)]
    no_forbidden: bool,
    /// Rule set of a move list or diagram, or of a game record that does not say.
    #[arg(long, default_value = "renju")]
    rule: RuleSet,
    /// Count a straight-four point that also makes a five as making a three.
    #[arg(long)]
    five_completion_counts: bool,
    /// Format of the game file of FILE#N, when its extension does not say.
    #[arg(long)]
    format: Option<Format>,
}

/// Why a picture could not be made.
#[derive(Debug)]
struct Failure(String);

impl<E: std::fmt::Display> From<E> for Failure {
    fn from(e: E) -> Failure {
        Failure(e.to_string())
    }
}

/// Runs the command: 0 when the picture was written, 2 when it could not be.
pub fn run(args: ShowArgs) -> ExitCode {
    match picture(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure(msg)) => {
            eprintln!("renju show: {}", printable(&msg));
            ExitCode::from(2)
        }
    }
}

fn picture(args: &ShowArgs) -> Result<(), Failure> {
    let renju = RenjuOptions {
        five_completion_counts: args.five_completion_counts,
    };
    let pos = read_position(args, renju)?;
    let opts = SvgOptions {
        pixels: args.pixels,
        coordinates: !args.no_coordinates,
        numbers: args.numbers,
        forbidden: !args.no_forbidden,
        last_move: true,
    };
    let mut marks = Vec::new();
    for m in &args.mark {
        let (point, shape) = m.split_once(':').unwrap_or((m, "circle"));
        let p: Point = point
            .parse()
            .map_err(|e| Failure(format!("--mark {m}: {e}")))?;
        let shape: MarkShape = shape
            .parse()
            .map_err(|e| Failure(format!("--mark {m}: {e}")))?;
        if !p.is_on(pos.board().size()) {
            return Err(Failure(format!("--mark {m}: {p} is off the board")));
        }
        marks.push(Mark::new(p, shape));
    }
    let svg = match &args.explain {
        Some(point) => {
            let p: Point = point
                .parse()
                .map_err(|e| Failure(format!("--explain {point}: {e}")))?;
            let ex = pos
                .explain(p)
                .map_err(|e| Failure(format!("--explain {point}: {e}")))?;
            svg::explanation(&pos, &ex, &opts)
        }
        None => svg::position_with_marks(&pos, &marks, &opts),
    };
    match &args.output {
        None => {
            println!("{svg}");
            Ok(())
        }
        Some(path) => {
            let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
            let bytes = match ext.to_ascii_lowercase().as_str() {
                "svg" => svg.into_bytes(),
                "png" => svg::png(&svg)?,
                _ => {
                    return Err(Failure(format!(
                        "{}: the output file must end in .svg or .png",
                        path.display()
                    )))
                }
            };
            std::fs::write(path, bytes)
                .map_err(|e| Failure(format!("cannot write {}: {e}", path.display())))
        }
    }
}

/// FILE#N or FILE#N@M: the file, N (from 1) and M.
fn game_reference(text: &str) -> Option<(&str, &str, Option<&str>)> {
    let (file, game) = text.rsplit_once('#')?;
    let (n, m) = match game.split_once('@') {
        Some((n, m)) => (n, Some(m)),
        None => (game, None),
    };
    Some((file, n, m))
}

fn read_position(args: &ShowArgs, renju: RenjuOptions) -> Result<Position, Failure> {
    let text = &args.position;
    if let Some((file, n, m)) = game_reference(text).filter(|(f, ..)| Path::new(f).is_file()) {
        let n: usize = n
            .parse()
            .ok()
            .filter(|&n| n >= 1)
            .ok_or_else(|| Failure(format!("{text}: the game number must be 1 or more")))?;
        let m: Option<usize> = match m {
            Some(m) => Some(
                m.parse()
                    .map_err(|_| Failure(format!("{text}: the move number must be a number")))?,
            ),
            None => None,
        };
        let fmt = args
            .format
            .or_else(|| Format::from_path(file))
            .ok_or_else(|| {
                Failure(format!(
                    "{file}: cannot tell the format from the file name; use --format"
                ))
            })?;
        let bytes = std::fs::read(file).map_err(|e| Failure(format!("{file}: {e}")))?;
        let games = fmt.read(&bytes, Some(file));
        let count = games.len();
        let game = games
            .into_iter()
            .nth(n - 1)
            .ok_or_else(|| Failure(format!("{file} has {count} game(s), not {n}")))?
            .map_err(|e| Failure(e.to_string()))?;
        let options = ValidationOptions {
            rule_set: args.rule,
            renju,
            ..ValidationOptions::default()
        };
        let want = m.unwrap_or(usize::MAX);
        let (pos, played) = game.position_after(&options, want)?;
        if m.is_some_and(|m| m > played) {
            return Err(Failure(format!(
                "{text}: only {played} move(s) of game {n} can be played"
            )));
        }
        return Ok(pos);
    }
    let path = Path::new(text);
    if path.is_file() {
        let content = std::fs::read_to_string(path).map_err(|e| Failure(format!("{text}: {e}")))?;
        let board = Board::from_diagram(&content).map_err(|e| match Format::from_path(path) {
            Some(_) => Failure(format!(
                "{text} is not a diagram ({e}); for a game of a game file, write {text}#N"
            )),
            None => Failure(format!("{text}: {e}")),
        })?;
        // The side to move: Black when both have as many stones.
        let to_move = if board.count(Color::Black) > board.count(Color::White) {
            Color::White
        } else {
            Color::Black
        };
        let pos = Position::from_board(board, args.rule, to_move)?;
        return Ok(pos.with_options(renju));
    }
    let mut pos = Position::new(args.rule).with_options(renju);
    pos.play_moves(text)
        .map_err(|e| Failure(format!("{}: {e}", text)))?;
    Ok(pos)
}
