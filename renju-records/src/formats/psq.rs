//! Piskvork `.psq` game records, as Piskvork's `openPsq`/`savePsq` and the GomocupJudge
//! tournament server read and write them. One game per file:
//!
//! ```text
//! Piskvorky 20x20, 11:11, 0     width x height, both players' levels, who started
//! 10,10,456                     x,y,time: 1-based, x from the left, y from the TOP; ms
//! 11,12,4500                    (the time is optional)
//! pisq7.exe                     the players' file names (tournament games only)
//! renjusolver.ZIP
//! -1                            Piskvork's error code (-1 = none)
//! 1,freestyle2016               GomocupJudge only: result (0 draw, 1/2 = player 1/2 won), tournament
//! ```
//!
//! Lines end in CRLF or LF. Only square boards of 5 to 26 are read (the size comes from
//! the header). A coordinate of 0 or past the board side is an error naming the line:
//! the reader does not guess a 0-based convention.
//!
//! The players are listed in Piskvork's player order; the header's last number says
//! which of them started (`0`: the first listed), and the one who started is Black. The
//! game's tags: `black` and `white` (the players' names; `-` stands for an unknown
//! player and is not kept), `tournament`, `piskvork_error` (the error code, when it is not the usual
//! `0`, or `-1` before a result), and `result` (a result number other than 0, 1 or 2).
//! The milliseconds each move took become an [`Event::MoveTime`] after the move, when
//! any of them is not 0 (a file of zeros has no times).
//! A result of 0, 1 or 2 becomes a [`Event::Result`] at the end of the events: player 1
//! is the first player listed, so with a `0` in the header 1 means Black won. (GomocupJudge
//! numbers the players in its match order and lists them swapped for some openings; the
//! file alone cannot tell those apart, so the file order is taken.)
//!
//! The writer writes CRLF lines, levels `0:0` and `0` in the header (Black listed first),
//! `x,y,time` moves, and the trailer when the game has player names, an error code or a
//! result.
//!
//! ```
//! use renju_records::formats::psq;
//! let text = "Piskvorky 15x15, 0:0, 0\r\n8,8,0\r\n9,9,120\r\n";
//! let game = psq::read(text.as_bytes(), None).remove(0).unwrap();
//! assert_eq!(game.size, 15);
//! assert_eq!(renju_core::notation::format_moves(game.moves()), "h8 i7");
//! ```

use crate::formats::{Format, WriteError};
use crate::game::{DeclaredResult, Event, Game, Source};
use renju_core::error::ParseError;
use renju_core::geometry::{Color, Point, MAX_SIZE, MIN_SIZE};

/// The writer's stand-in for an unknown player name (the trailer needs two lines).
const UNKNOWN_PLAYER: &str = "-";

/// Reads a `.psq` file: one game, or one error naming the line at fault.
pub fn read(bytes: &[u8], file: Option<&str>) -> Vec<Result<Game, ParseError>> {
    super::in_file(read_records(bytes), file)
}

fn read_records(bytes: &[u8]) -> Vec<Result<Game, ParseError>> {
    vec![parse(&String::from_utf8_lossy(bytes))]
}

/// Writes one game as a `.psq` file (a `.psq` file holds exactly one game). Stones and
/// a final result can be written; passes, swaps and offers cannot.
pub fn write(games: &[Game]) -> Result<Vec<u8>, WriteError> {
    write_games(games).map_err(|e| WriteError::new(Format::Psq, e))
}

fn write_games(games: &[Game]) -> Result<Vec<u8>, ParseError> {
    let [game] = games else {
        return Err(ParseError::new(format!(
            "a .psq file holds exactly one game, not {}",
            games.len()
        )));
    };
    write_game(game)
        .map(String::into_bytes)
        .map_err(|e| e.in_record("game 1"))
}

struct Header {
    size: u8,
    /// The second player listed started (header `h` = 1).
    second_started: bool,
}

fn parse(text: &str) -> Result<Game, ParseError> {
    let text = text.strip_prefix(super::BOM).unwrap_or(text);
    let mut lines = super::text_lines(text)
        .enumerate()
        .map(|(i, line)| (i + 1, line.trim()))
        .filter(|(_, line)| !line.is_empty())
        .peekable();
    let Some((header_line, header)) = lines.next() else {
        return Err(ParseError::new(
            "empty file: expected a `Piskvorky WxH, a:b, h` header",
        ));
    };
    let header = parse_header(header).map_err(|e| e.at_line(header_line))?;
    let mut game = Game::new(header.size);
    game.source = Source {
        line: Some(header_line),
        ..Source::default()
    };

    let mut times = Vec::new();
    while let Some(&(lineno, line)) = lines.peek() {
        let Some(fields) = move_line(line, header.size) else {
            break;
        };
        lines.next();
        let number = times.len() + 1;
        let fields = fields.map_err(|e| e.at_line(lineno).at_move(number))?;
        let point = board_point(fields[0], fields[1], header.size)
            .map_err(|e| e.at_line(lineno).at_move(number))?;
        game.events.push(Event::Stone { point });
        let time = fields.get(2).copied().unwrap_or(0);
        let time = u64::try_from(time).map_err(|_| {
            ParseError::new(format!("a move cannot take {time} ms"))
                .at_line(lineno)
                .at_move(number)
        })?;
        times.push(time);
    }
    if times.iter().any(|&t| t != 0) {
        // Each move's time follows it.
        let stones = std::mem::take(&mut game.events);
        for (event, elapsed) in stones.into_iter().zip(times) {
            game.events.push(event);
            game.events.push(Event::MoveTime {
                elapsed_ms: Some(elapsed),
                left_ms: None,
                moves_left: None,
            });
        }
    }

    let trailer: Vec<(usize, &str)> = lines.collect();
    read_trailer(&trailer, &header, &mut game)?;
    Ok(game)
}

fn parse_header(line: &str) -> Result<Header, ParseError> {
    let bad = || {
        ParseError::new(format!(
            "`{line}` is not a Piskvork header (expected `Piskvorky WxH, a:b, h`)"
        ))
    };
    let rest = line.strip_prefix("Piskvorky").ok_or_else(bad)?;
    let [dims, levels, started] = rest.split(',').collect::<Vec<_>>()[..] else {
        return Err(bad());
    };
    let (width, height) = dims.trim().split_once('x').ok_or_else(bad)?;
    let width: u32 = width.trim().parse().map_err(|_| bad())?;
    let height: u32 = height.trim().parse().map_err(|_| bad())?;
    let (level1, level2) = levels.trim().split_once(':').ok_or_else(bad)?;
    for level in [level1, level2] {
        level.trim().parse::<i64>().map_err(|_| bad())?;
    }
    let second_started = match started.trim() {
        "0" => false,
        "1" => true,
        other => {
            return Err(ParseError::new(format!(
                "the header's last number says who started and must be 0 or 1, not `{other}`"
            )))
        }
    };
    if width != height {
        return Err(ParseError::new(format!(
            "the board is {width}x{height}; only square boards are supported"
        )));
    }
    let size = u8::try_from(width)
        .ok()
        .filter(|s| (MIN_SIZE..=MAX_SIZE).contains(s))
        .ok_or_else(|| {
            ParseError::new(format!(
                "board size {width}x{width} is not supported ({MIN_SIZE} to {MAX_SIZE})"
            ))
        })?;
    Ok(Header {
        size,
        second_started,
    })
}

/// `x,y` or `x,y,time` as integers, if the line is a move line: `None` when it is not
/// (two or three comma-separated numbers), an error when it is one whose numbers are
/// not whole numbers a board can have (`1.5,2`, `99999999999999999999,5`).
fn move_line(line: &str, size: u8) -> Option<Result<Vec<i64>, ParseError>> {
    let fields: Vec<&str> = line.split(',').map(str::trim).collect();
    let numeric = |f: &str| {
        let digits = f.strip_prefix(['-', '+']).unwrap_or(f);
        !digits.is_empty()
            && digits.bytes().any(|b| b.is_ascii_digit())
            && digits.bytes().all(|b| b.is_ascii_digit() || b == b'.')
    };
    if !(2..=3).contains(&fields.len()) || !fields.iter().all(|f| numeric(f)) {
        return None;
    }
    Some(
        fields
            .iter()
            .enumerate()
            .map(|(i, f)| {
                f.parse::<i64>().map_err(|_| {
                    let what = if i < 2 { "coordinate" } else { "time" };
                    let range = if i < 2 {
                        format!("psq coordinates run from 1 to {size}")
                    } else {
                        "times are whole milliseconds".to_string()
                    };
                    ParseError::new(format!(
                        "`{line}`: the {what} `{f}` is out of range or not a whole number ({range})"
                    ))
                })
            })
            .collect(),
    )
}

/// A 1-based Piskvork coordinate pair (y from the top) as a point.
fn board_point(x: i64, y: i64, size: u8) -> Result<Point, ParseError> {
    let side = i64::from(size);
    if !(1..=side).contains(&x) || !(1..=side).contains(&y) {
        return Err(ParseError::new(format!(
            "coordinate {x},{y} is off the {size}x{size} board (psq coordinates run from 1 to {size})"
        )));
    }
    // In range, so both fit in a u8.
    Point::new((x - 1) as u8, (side - y) as u8)
        .ok_or_else(|| ParseError::new(format!("coordinate {x},{y} is not a point")))
}

/// Names, error code, result line: `[name, name] [code [result,tournament]]`.
fn read_trailer(
    lines: &[(usize, &str)],
    header: &Header,
    game: &mut Game,
) -> Result<(), ParseError> {
    let code_at = lines
        .iter()
        .position(|(_, l)| l.parse::<i64>().is_ok())
        .unwrap_or(lines.len());
    let (names, rest) = lines.split_at(code_at);
    if let Some(&(lineno, line)) = names
        .iter()
        .find(|(_, l)| move_line(l, header.size).is_some())
    {
        return Err(
            ParseError::new(format!("move `{line}` after the end of the move list"))
                .at_line(lineno),
        );
    }
    match names {
        [] => {}
        [(_, first), (_, second)] => {
            let (black, white) = if header.second_started {
                (second, first)
            } else {
                (first, second)
            };
            for (key, name) in [("black", black), ("white", white)] {
                if *name != UNKNOWN_PLAYER {
                    game.tags.push((key.into(), name.to_string()));
                }
            }
        }
        [_] | [_, _, _, ..] => {
            let lineno = names.get(2).unwrap_or(&names[0]).0;
            return Err(ParseError::new(
                "expected the two players' names, then Piskvork's error code",
            )
            .at_line(lineno));
        }
    }
    let (code, result) = match rest {
        [] => return Ok(()),
        [(_, code)] => (*code, None),
        [(_, code), result] => (*code, Some(*result)),
        [_, _, (lineno, line), ..] => {
            return Err(
                ParseError::new(format!("unexpected line `{line}` after the result"))
                    .at_line(*lineno),
            )
        }
    };
    let default_code = if result.is_some() { "-1" } else { "0" };
    if code != default_code {
        game.tags.push(("piskvork_error".into(), code.to_string()));
    }
    if let Some((lineno, line)) = result {
        read_result(line, header)
            .map_err(|e| e.at_line(lineno))?
            .apply(game);
    }
    Ok(())
}

/// What a GomocupJudge `result,tournament` line says.
struct ResultLine {
    /// The winner (`None`: a draw), or `Err` with a result number that names no one.
    result: Result<Option<Color>, String>,
    tournament: String,
}

impl ResultLine {
    fn apply(self, game: &mut Game) {
        if !self.tournament.is_empty() {
            game.tags.push(("tournament".into(), self.tournament));
        }
        match self.result {
            Ok(winner) => game.events.push(Event::Result(DeclaredResult {
                winner,
                reason: None,
            })),
            Err(raw) => game.tags.push(("result".into(), raw)),
        }
    }
}

fn read_result(line: &str, header: &Header) -> Result<ResultLine, ParseError> {
    let (number, tournament) = line.split_once(',').ok_or_else(|| {
        ParseError::new(format!(
            "`{line}` is not a GomocupJudge result line (expected `result,tournament`)"
        ))
    })?;
    let number = number.trim();
    let first = if header.second_started {
        Color::White
    } else {
        Color::Black
    };
    let result = match number {
        "0" => Ok(None),
        "1" => Ok(Some(first)),
        "2" => Ok(Some(first.opponent())),
        other if other.parse::<i64>().is_ok() => Err(other.to_string()),
        other => {
            return Err(ParseError::new(format!(
                "the result `{other}` is not a number (0 draw, 1 or 2 the winner)"
            )))
        }
    };
    Ok(ResultLine {
        result,
        tournament: tournament.trim().to_string(),
    })
}

fn write_game(game: &Game) -> Result<String, ParseError> {
    let size = game.size;
    if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
        return Err(ParseError::new(format!(
            "board size {size} is not supported ({MIN_SIZE} to {MAX_SIZE})"
        )));
    }
    let mut out = format!("Piskvorky {size}x{size}, 0:0, 0\r\n");
    let tag = |key: &str| game.tag(key);
    let mut result = None;
    for (i, event) in game.events.iter().enumerate() {
        let number = i + 1;
        if result.is_some() {
            return Err(
                ParseError::new("a .psq record holds a result only at the end").at_move(number),
            );
        }
        match event {
            Event::Stone { point } if point.is_on(size) => {
                // The move's time is in the reading that follows it (0 without one).
                let time = match game.events.get(i + 1) {
                    Some(Event::MoveTime {
                        elapsed_ms: Some(ms),
                        ..
                    }) => *ms,
                    _ => 0,
                };
                let (x, y) = (u32::from(point.x()) + 1, u32::from(size - point.y()));
                out.push_str(&format!("{x},{y},{time}\r\n"));
            }
            Event::MoveTime {
                elapsed_ms: Some(_),
                left_ms: None,
                moves_left: None,
            } if matches!(
                game.events.get(i.wrapping_sub(1)),
                Some(Event::Stone { .. })
            ) => {}
            Event::Stone { point } => {
                return Err(
                    ParseError::new(format!("{point} is off the {size}x{size} board"))
                        .at_move(number),
                )
            }
            Event::Result(declared) => result = Some(declared),
            other => {
                return Err(ParseError::new(format!(
                    "a .psq record cannot hold {other}; use a move list"
                ))
                .at_move(number))
            }
        }
    }
    let raw_result = match result {
        Some(declared) => Some(
            match declared.winner {
                None => "0",
                Some(Color::Black) => "1",
                Some(Color::White) => "2",
            }
            .to_string(),
        ),
        None => tag("result").map(str::to_string),
    };
    let names = [tag("black"), tag("white")];
    let code = tag("piskvork_error");
    if names.iter().any(Option::is_some) || code.is_some() || raw_result.is_some() {
        for name in names {
            out.push_str(name.unwrap_or(UNKNOWN_PLAYER));
            out.push_str("\r\n");
        }
        let default_code = if raw_result.is_some() { "-1" } else { "0" };
        out.push_str(code.unwrap_or(default_code));
        out.push_str("\r\n");
        if let Some(raw) = raw_result {
            let tournament = tag("tournament").unwrap_or("");
            out.push_str(&format!("{raw},{tournament}\r\n"));
        }
    }
    Ok(out)
}
