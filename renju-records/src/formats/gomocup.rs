//! Gomocup / Piskvork opening files: one opening per line, Black's stone first, in one
//! of two notations, detected line by line.
//!
//! - **Offset notation** (Piskvork, GomocupJudge, the Gomocup archives):
//!   `dx,dy, dx,dy, ...`, offsets from the centre `floor(size / 2)`, with `dy` counted
//!   downwards (Piskvork's rows run from the top). `0,0, 1,0, 1,3` on 15x15 is h8 i8 i5.
//!   The space after a pair is optional.
//! - **`pos` notation** (c-gomoku-cli): `b7d6e6f7`, a column letter from `a` and a row
//!   number from 1 **counted from the top**, so on 15x15 `h1` is the top-row point h15.
//!
//! The file does not say the board size. [`read`] takes 15, or 20 when the file name
//! holds the number 20 on its own (`openings_20.txt`, `freestyle20.txt`,
//! `..._20x20.txt`, but not `gomocup2024_...`); [`read_with_size`] takes it from the
//! caller. A stone off that board is an error naming the line and the stone.
//!
//! Each opening becomes a [`Game`] of that size with no rule set (validation supplies
//! the default), the stones as events, the tag `("notation", "offset")` or
//! `("notation", "pos")`, and its 1-based line in `source.line`. Blank lines are
//! skipped, and the last line needs no newline.
//!
//! [`write()`] writes offset notation, one opening per line; reading it back with the same
//! size gives the same stones.
//!
//! ```
//! use renju_records::formats::gomocup;
//! let games = gomocup::read(b"0,0, 1,0, 1,3\nh8i7\n", Some("openings.txt"));
//! let moves: Vec<String> = games
//!     .into_iter()
//!     .map(|g| renju_core::notation::format_moves(g.unwrap().moves()))
//!     .collect();
//! assert_eq!(moves, ["h8 i8 i5", "h8 i9"]);
//! ```

use crate::formats::limits::{line_too_long, line_without_end, read_line, LineRead, ReadLimits};
use crate::formats::{Format, WriteError};
use crate::game::{Event, Game, Source};
use renju_core::error::ParseError;
use renju_core::geometry::{Point, MAX_SIZE, MIN_SIZE, RENJU_SIZE};

/// The board size when the file name does not say 20.
pub const DEFAULT_SIZE: u8 = RENJU_SIZE;

/// Reads an opening file on the board size its name suggests ([`size_for_file`]).
pub fn read(bytes: &[u8], file: Option<&str>) -> Vec<Result<Game, ParseError>> {
    read_with_size(bytes, file, size_for_file(file))
}

/// The board size [`read`] assumes for a file name: 20 when the name holds the number 20
/// as a run of digits of its own, otherwise [`DEFAULT_SIZE`] (15).
///
/// ```
/// use renju_records::formats::gomocup::size_for_file;
/// assert_eq!(size_for_file(Some("server/opening/openings_20.txt")), 20);
/// assert_eq!(size_for_file(Some("freestyle20.txt")), 20);
/// assert_eq!(size_for_file(Some("gomocup2024_openings_freestyle15.txt")), 15);
/// assert_eq!(size_for_file(None), 15);
/// ```
pub fn size_for_file(file: Option<&str>) -> u8 {
    let name = file
        .and_then(|f| f.rsplit(['/', '\\']).next())
        .unwrap_or_default();
    let says_20 = name
        .split(|c: char| !c.is_ascii_digit())
        .any(|digits| digits == "20");
    if says_20 {
        20
    } else {
        DEFAULT_SIZE
    }
}

/// Reads an opening file on a board of side `size`.
pub fn read_with_size(bytes: &[u8], file: Option<&str>, size: u8) -> Vec<Result<Game, ParseError>> {
    super::in_file(read_records(bytes, size), file)
}

fn read_records(bytes: &[u8], size: u8) -> Vec<Result<Game, ParseError>> {
    if let Err(e) = check_size(size) {
        return vec![Err(e)];
    }
    let text = String::from_utf8_lossy(bytes);
    let text = text.strip_prefix(super::BOM).unwrap_or(&text);
    let mut out = Vec::new();
    for (i, line) in super::text_lines(text).enumerate() {
        if let Some(record) = opening_of_line(line, i + 1, out.len(), size) {
            out.push(record);
        }
    }
    out
}

fn check_size(size: u8) -> Result<(), ParseError> {
    if (MIN_SIZE..=MAX_SIZE).contains(&size) {
        Ok(())
    } else {
        Err(ParseError::new(format!(
            "board size {size} is not supported ({MIN_SIZE} to {MAX_SIZE})"
        )))
    }
}

/// The opening of line `lineno` (the `index`-th opening of the file), `None` for a
/// blank line.
fn opening_of_line(
    line: &str,
    lineno: usize,
    index: usize,
    size: u8,
) -> Option<Result<Game, ParseError>> {
    let line = line.trim();
    if line.is_empty() {
        return None;
    }
    let parsed = parse_line(line, size).map(|(notation, stones)| Game {
        size,
        events: stones
            .into_iter()
            .map(|point| Event::Stone { point })
            .collect(),
        tags: vec![("notation".to_string(), notation.to_string())],
        source: Source {
            line: Some(lineno),
            index,
            ..Source::default()
        },
        ..Game::default()
    });
    Some(parsed.map_err(|e| {
        e.at_line(lineno)
            .in_record(format!("opening {}", index + 1))
    }))
}

/// Reads an opening file on a board of side `size` one line at a time, as
/// [`read_with_size`] reads it whole: memory holds one line, whatever the file's
/// length, and a line longer than [`ReadLimits::DEFAULT_LINE_BYTES`] (1 MiB) is skipped
/// as an error record (no opening is that long). A read error (a directory, a device that fails) is an error record, and
/// the last.
///
/// ```
/// use renju_records::formats::gomocup;
/// let file = std::io::BufReader::new(&b"0,0, 1,0\n\nh8i7\n"[..]);
/// let games: Vec<_> = gomocup::stream_with_size(file, Some("openings.txt"), 15).collect();
/// assert_eq!(games.len(), 2);
/// assert_eq!(games[1].as_ref().unwrap().source.line, Some(3));
/// ```
pub fn stream_with_size<R: std::io::BufRead>(
    mut reader: R,
    file: Option<&str>,
    size: u8,
) -> impl Iterator<Item = Result<Game, ParseError>> {
    let file: Option<std::sync::Arc<str>> = file.map(std::sync::Arc::from);
    let mut failed = check_size(size).err();
    let mut pending: std::collections::VecDeque<Result<Game, ParseError>> = Default::default();
    let (mut lineno, mut index, mut done) = (0usize, 0usize, failed.is_some());
    let mut chunk = Vec::new();
    std::iter::from_fn(move || loop {
        if let Some(mut record) = pending.pop_front().or_else(|| failed.take().map(Err)) {
            super::name_record(&mut record, file.as_ref());
            return Some(record);
        }
        if done {
            return None;
        }
        lineno += 1;
        match read_line(
            &mut reader,
            &mut chunk,
            ReadLimits::DEFAULT_LINE_BYTES,
            true,
        ) {
            Ok(LineRead::Eof) => done = true,
            Ok(LineRead::Line) => {
                let text = String::from_utf8_lossy(&chunk);
                let line = match lineno {
                    1 => text.strip_prefix(super::BOM).unwrap_or(&text),
                    _ => &text,
                };
                if let Some(record) = opening_of_line(line, lineno, index, size) {
                    index += 1;
                    pending.push_back(record);
                }
            }
            Ok(LineRead::TooLong { bytes }) => {
                let error = line_too_long(bytes, ReadLimits::DEFAULT_LINE_BYTES).at_line(lineno);
                pending.push_back(Err(error.in_record(format!("opening {}", index + 1))));
                index += 1;
            }
            Ok(LineRead::Endless { bytes }) => {
                done = true;
                let error = line_without_end(bytes).at_line(lineno);
                pending.push_back(Err(error.in_record(format!("opening {}", index + 1))));
            }
            Err(e) => {
                done = true;
                failed = Some(ParseError::new(format!("cannot be read: {e}")).at_line(lineno));
            }
        }
    })
}

/// Writes the openings in offset notation, one per line. Every game must be on the same
/// board, hold at least one stone and nothing but stones.
pub fn write(games: &[Game]) -> Result<Vec<u8>, WriteError> {
    write_games(games).map_err(|e| WriteError::new(Format::GomocupOpenings, e))
}

fn write_games(games: &[Game]) -> Result<Vec<u8>, ParseError> {
    let mut out = String::new();
    for (i, game) in games.iter().enumerate() {
        let record = || format!("opening {}", i + 1);
        if let Some(first) = games.first().filter(|f| f.size != game.size) {
            return Err(ParseError::new(format!(
                "an opening file holds one board size, but games are {0}x{0} and {1}x{1}",
                first.size, game.size
            ))
            .in_record(record()));
        }
        let line = offset_line(game).map_err(|e| e.in_record(record()))?;
        out.push_str(&line);
        out.push('\n');
    }
    Ok(out.into_bytes())
}

fn offset_line(game: &Game) -> Result<String, ParseError> {
    let size = game.size;
    let center = i32::from(size / 2);
    let mut pairs = Vec::new();
    for (i, event) in game.events.iter().enumerate() {
        match event {
            Event::Stone { point } if point.is_on(size) => {
                let dx = i32::from(point.x()) - center;
                let dy = i32::from(size - 1 - point.y()) - center;
                pairs.push(format!("{dx},{dy}"));
            }
            Event::Stone { point } => {
                return Err(
                    ParseError::new(format!("{point} is off the {size}x{size} board"))
                        .at_move(i + 1),
                )
            }
            other => {
                return Err(ParseError::new(format!(
                    "an opening file holds stones only, not {other}"
                ))
                .at_move(i + 1))
            }
        }
    }
    if pairs.is_empty() {
        return Err(ParseError::new("an opening needs at least one stone"));
    }
    Ok(pairs.join(", "))
}

/// The notation's name and the stones of one non-blank line.
fn parse_line(line: &str, size: u8) -> Result<(&'static str, Vec<Point>), ParseError> {
    match line.chars().next() {
        Some(c) if c.is_ascii_alphabetic() => Ok(("pos", parse_pos(line, size)?)),
        Some(c) if c.is_ascii_digit() || c == '-' || c == '+' => {
            Ok(("offset", parse_offsets(line, size)?))
        }
        _ => Err(ParseError::new(format!(
            "`{line}` is neither offset notation (`0,0, 1,0`) nor pos notation (`h8i7`)"
        ))),
    }
}

/// A point from a 0-based column and a 0-based row counted from the top, if on the board.
fn from_top(x: i64, row_from_top: i64, size: u8) -> Option<Point> {
    let side = i64::from(size);
    if !(0..side).contains(&x) || !(0..side).contains(&row_from_top) {
        return None;
    }
    Point::new(
        u8::try_from(x).ok()?,
        u8::try_from(side - 1 - row_from_top).ok()?,
    )
}

fn parse_offsets(line: &str, size: u8) -> Result<Vec<Point>, ParseError> {
    let numbers = line
        .split(',')
        .map(|n| {
            n.trim().parse::<i64>().map_err(|_| {
                ParseError::new(format!("`{}` is not a whole-number offset", n.trim()))
            })
        })
        .collect::<Result<Vec<_>, _>>()?;
    if numbers.len() % 2 == 1 {
        return Err(ParseError::new(format!(
            "{} numbers: offsets come in dx,dy pairs",
            numbers.len()
        )));
    }
    let center = i64::from(size / 2);
    numbers
        .chunks_exact(2)
        .enumerate()
        .map(|(i, pair)| {
            let (dx, dy) = (pair[0], pair[1]);
            let point = center
                .checked_add(dx)
                .zip(center.checked_add(dy))
                .and_then(|(x, y)| from_top(x, y, size));
            point.ok_or_else(|| {
                ParseError::new(format!(
                    "stone {} at offset {dx},{dy} is off the {size}x{size} board",
                    i + 1
                ))
                .at_move(i + 1)
            })
        })
        .collect()
}

fn parse_pos(line: &str, size: u8) -> Result<Vec<Point>, ParseError> {
    let bytes = line.as_bytes();
    let mut stones = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if b.is_ascii_whitespace() || b == b',' {
            i += 1;
            continue;
        }
        let number = stones.len() + 1;
        if !b.is_ascii_alphabetic() {
            // Only ASCII bytes were stepped over, so `i` is on a character boundary.
            let ch = line[i..].chars().next().unwrap_or('?');
            return Err(
                ParseError::new(format!("unexpected `{ch}` in pos notation")).at_move(number),
            );
        }
        let start = i;
        i += 1;
        while i < bytes.len() && bytes[i].is_ascii_digit() {
            i += 1;
        }
        let token = &line[start..i];
        let bad = |why: &str| ParseError::new(format!("`{token}` {why}")).at_move(number);
        let column = i64::from(b.to_ascii_lowercase() - b'a');
        let row: i64 = token[1..]
            .parse()
            .map_err(|_| bad("is not a point (a column letter and a row number, like h8)"))?;
        let point = from_top(column, row - 1, size)
            .ok_or_else(|| bad(&format!("is off the {size}x{size} board")))?;
        stones.push(point);
    }
    Ok(stones)
}
