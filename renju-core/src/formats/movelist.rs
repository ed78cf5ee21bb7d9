//! Plain-text move lists: one game per line.
//!
//! ```text
//! # Comments start with `#`; blank lines are skipped.
//! # Directives in a comment apply to the lines after them (`default`: the file does
//! # not say, and validation options decide):
//! # rule: freestyle
//! # size: 20
//! # opening: swap2
//! h8 i9 j10 k11
//! 1.h8 2.i9 3.j8
//! h8i9j8 pass
//! ```

use crate::error::ParseError;
use crate::game::{Event, Game, Source};
use crate::geometry::{MAX_SIZE, RENJU_SIZE};
use crate::notation;
use crate::opening::OpeningRule;
use crate::rules::RuleSet;

#[derive(Clone, Copy)]
struct Directives {
    rule_set: Option<RuleSet>,
    opening: Option<OpeningRule>,
    size: u8,
}

/// Reads a move-list file: one game per non-blank, non-comment line.
///
/// ```
/// use renju_core::formats::movelist;
/// let games = movelist::read(b"# two games\nh8 i9\n\n1.h8 2.h9 3.h10 # trailing comment\n", None);
/// assert_eq!(games.len(), 2);
/// assert_eq!(games[1].as_ref().unwrap().source.line, Some(4));
/// ```
pub fn read(bytes: &[u8], file: Option<&str>) -> Vec<Result<Game, ParseError>> {
    super::in_file(read_records(bytes), file)
}

fn read_records(bytes: &[u8]) -> Vec<Result<Game, ParseError>> {
    let text = String::from_utf8_lossy(bytes);
    let mut out = Vec::new();
    let mut dir = Directives {
        rule_set: None,
        opening: None,
        size: RENJU_SIZE,
    };
    for (i, raw) in text.lines().enumerate() {
        let lineno = i + 1;
        let (content, comment) = match raw.split_once('#') {
            Some((c, m)) => (c, Some(m)),
            None => (raw, None),
        };
        if content.trim().is_empty() {
            if let Some(comment) = comment {
                if let Err(e) = directive(comment, &mut dir) {
                    out.push(Err(e.at_line(lineno)));
                }
            }
            continue;
        }
        let index = out.len();
        let parsed = notation::parse_moves(content, MAX_SIZE).map(|moves| Game {
            id: None,
            rule_set: dir.rule_set,
            opening: dir.opening,
            size: dir.size,
            events: moves.into_iter().map(Event::from).collect(),
            source: Source {
                line: Some(lineno),
                index,
                ..Source::default()
            },
            ..Game::default()
        });
        out.push(parsed.map_err(|e| e.at_line(lineno).in_record(format!("game {}", index + 1))));
    }
    out
}

fn directive(comment: &str, dir: &mut Directives) -> Result<(), ParseError> {
    let Some((key, value)) = comment.split_once(':') else {
        return Ok(());
    };
    let value = value.trim();
    match key.trim().to_ascii_lowercase().as_str() {
        // `default`: the record does not say (validation options decide).
        "rule" if value == "default" => dir.rule_set = None,
        "opening" if value == "default" => dir.opening = None,
        "rule" => dir.rule_set = Some(value.parse()?),
        "opening" => dir.opening = Some(value.parse()?),
        "size" => {
            dir.size = value
                .parse()
                .ok()
                .filter(|s| (crate::geometry::MIN_SIZE..=MAX_SIZE).contains(s))
                .ok_or_else(|| {
                    ParseError::new(format!("`size: {value}` is not a board size (5 to 26)"))
                })?;
        }
        _ => {}
    }
    Ok(())
}

/// Writes games one per line, with `# rule:`, `# opening:` and `# size:` directives
/// where they change. Only stones and passes can be written; a game with swap
/// decisions, offers or a declared result is an error naming it.
pub fn write(games: &[Game]) -> Result<Vec<u8>, ParseError> {
    let mut out = String::new();
    let mut current = (None, None, RENJU_SIZE);
    for (i, game) in games.iter().enumerate() {
        let wanted = (game.rule_set, game.opening, game.size);
        if wanted != current {
            let name = |said: Option<String>| said.unwrap_or_else(|| "default".to_string());
            out.push_str(&format!(
                "# rule: {}\n# opening: {}\n# size: {}\n",
                name(game.rule_set.map(|r| r.to_string())),
                name(game.opening.map(|o| o.to_string())),
                game.size
            ));
            current = wanted;
        }
        let mut moves = Vec::new();
        for e in &game.events {
            match e {
                Event::Stone { point } => moves.push(point.to_string()),
                Event::Pass => moves.push("pass".to_string()),
                other => {
                    return Err(ParseError::new(format!(
                        "a move list cannot hold {other:?}; use RIF or SGF"
                    ))
                    .in_record(format!("game {}", i + 1)))
                }
            }
        }
        out.push_str(&moves.join(" "));
        out.push('\n');
    }
    Ok(out.into_bytes())
}
