//! Games given as rows of a table (a data frame's, an Arrow or Parquet table's): one
//! move string per row, written as a line of a move-list file ([`movelist`]), and
//! optionally the rule set, the opening protocol and the id of each game. The bindings
//! read the columns (Python: Arrow arrays); this module makes the games and validates
//! them in parallel on all cores, as [`report::validate_games`](crate::report) does for
//! the records of a file.
//!
//! ```
//! use renju_records::rows::{validate_rows, Row};
//! use renju_records::{Report, ValidationOptions};
//! let moves = ["h8 h9 i9 i8 j10 g7 k11 l12 g8 f6 f8 e8 j8 k8 h10", "h8 h8"];
//! let rows = |i: usize| Row { moves: Some(moves[i]), ..Row::default() };
//! let games = validate_rows(moves.len(), rows, &ValidationOptions::default(), None, 0, 15);
//! let report = Report::from_games(games);
//! assert_eq!((report.summary.games, report.summary.errors), (2, 1));
//! ```

use std::sync::Arc;

use rayon::prelude::*;

use crate::formats::movelist;
use crate::game::{Game, Source};
use crate::opening::OpeningRule;
use crate::replay::ValidationOptions;
use crate::report::GameReport;
use renju_core::error::ParseError;
use renju_core::rules::RuleSet;

/// One row: the game's moves and what the table says of its rules (`None`: a null or
/// an absent column; validation options decide).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Row<'a> {
    /// The moves, as a line of a move-list file (`"h8 i9 j10"`, `"1.h8 2.i9"`, clock
    /// readings and event words); `None` (a null) is an unreadable record.
    pub moves: Option<&'a str>,
    /// The rule set's name (`renju`, `freestyle`, ...) or a RenjuNet rule name
    /// (`RIF`, `Soosorv-8`); a name not understood is reported as an unknown rule.
    pub rule: Option<&'a str>,
    /// The opening protocol's name (`rif`, `swap2`, `soosorv`, ...).
    pub opening: Option<&'a str>,
    /// The game's id (games of one table sharing an id are reported).
    pub id: Option<&'a str>,
}

/// The game of a row: `index` is its index in the table (`source.index`), `file` the
/// table's name, `size` the board side. An error names the row (`row 3`) and the move.
///
/// ```
/// use renju_records::rows::{game_of_row, Row};
/// use renju_core::RuleSet;
/// let row = Row { moves: Some("h8 i9"), rule: Some("freestyle"), ..Row::default() };
/// let game = game_of_row(&row, 0, None, 15).unwrap();
/// assert_eq!((game.rule_set, game.events.len()), (Some(RuleSet::Freestyle), 2));
/// let bad = Row { moves: Some("h8 i9"), opening: Some("nonsense"), ..Row::default() };
/// assert!(game_of_row(&bad, 4, None, 15).unwrap_err().to_string().contains("row 5"));
/// ```
pub fn game_of_row(
    row: &Row<'_>,
    index: usize,
    file: Option<&Arc<str>>,
    size: u8,
) -> Result<Game, ParseError> {
    let located = |e: ParseError| {
        let e = e.in_record(format!("row {}", index + 1));
        match file {
            Some(f) => e.in_file(Arc::clone(f)),
            None => e,
        }
    };
    let moves = row
        .moves
        .ok_or_else(|| located(ParseError::new("the row has no moves (null)")))?;
    let events = movelist::parse_line(moves).map_err(located)?;
    let (mut rule_set, mut opening, mut unknown_rule) = (None, None, None);
    if let Some(rule) = row.rule {
        match rule.parse::<RuleSet>() {
            Ok(r) => rule_set = Some(r),
            Err(_) => match crate::formats::rules_from_name(rule) {
                Some((r, o)) => (rule_set, opening) = (Some(r), o),
                None => unknown_rule = Some(rule.to_string()),
            },
        }
    }
    if let Some(name) = row.opening {
        let rule = name
            .parse::<OpeningRule>()
            .map_err(|e| located(ParseError::new(e.to_string())))?;
        opening = Some(rule);
    }
    Ok(Game {
        id: row.id.map(str::to_string),
        rule_set,
        opening,
        unknown_rule,
        size,
        events,
        source: Source {
            file: file.cloned(),
            index,
            ..Source::default()
        },
        ..Game::default()
    })
}

/// Validates `count` rows (`row(i)` gives row `i`) in parallel on all cores, in row
/// order, on a board of side `size`; `first_index` is the index of row 0 in its table
/// (for a table validated in parts). Join the reports with
/// [`Report::from_games`](crate::Report::from_games), which flags duplicate ids.
pub fn validate_rows<'a>(
    count: usize,
    row: impl Fn(usize) -> Row<'a> + Sync,
    options: &ValidationOptions,
    file: Option<&Arc<str>>,
    first_index: usize,
    size: u8,
) -> Vec<GameReport> {
    (0..count)
        .into_par_iter()
        .with_min_len(256)
        .map(|i| {
            let index = first_index + i;
            match game_of_row(&row(i), index, file, size) {
                Ok(game) => game.validate(options),
                Err(e) => GameReport::unreadable(&e, index),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::findings::FindingCode;
    use crate::formats::Format;
    use crate::report::{validate, Report};

    #[test]
    fn rows_report_as_the_lines_of_a_move_list_file() {
        let lines = [
            "h8 h9 i9 i8 j10 g7 k11 l12 g8 f6 f8 e8 j8 k8 h10",
            "h8 h8",
            "f8 a1 g8 c1 h6 e1 h7 g1 h8",
            "h8 {t=3} i9 w:resign",
            "",
        ];
        let text = lines.join("\n") + "\n";
        let from_file = validate(
            &Format::MoveList.read(text.as_bytes(), None),
            &ValidationOptions::default(),
        );
        let rows = |i: usize| Row {
            moves: Some(lines[i]),
            ..Row::default()
        };
        // The blank line is no game in a file, and a game of no moves as a row.
        let games = validate_rows(4, rows, &ValidationOptions::default(), None, 0, 15);
        let from_rows = Report::from_games(games);
        // Rows have no line numbers; everything else is the same.
        let mut from_file = from_file;
        for f in from_file.games.iter_mut().flat_map(|g| &mut g.findings) {
            f.line = None;
        }
        assert!(from_rows.summary.errors > 0);
        assert_eq!(from_rows.summary, from_file.summary);
        assert_eq!(from_rows.games, from_file.games);
    }

    #[test]
    fn rule_opening_id_and_nulls() {
        let f: Arc<str> = Arc::from("t.parquet");
        let rows = [
            Row {
                moves: Some("h8 i9"),
                rule: Some("freestyle"),
                id: Some("a"),
                ..Row::default()
            },
            Row {
                moves: Some("h8 i9"),
                rule: Some("RIF"),
                id: Some("a"),
                ..Row::default()
            },
            Row {
                moves: Some("h8"),
                rule: Some("tic-tac-toe"),
                ..Row::default()
            },
            Row::default(),
            Row {
                moves: Some("h8"),
                opening: Some("nonsense"),
                ..Row::default()
            },
        ];
        let games = validate_rows(
            rows.len(),
            |i| rows[i],
            &ValidationOptions::default(),
            Some(&f),
            10,
            15,
        );
        let report = Report::from_games(games);
        let codes: Vec<Vec<&str>> = report
            .games
            .iter()
            .map(|g| g.findings.iter().map(|f| f.code.name()).collect())
            .collect();
        assert_eq!(report.games[0].rule.as_deref(), Some("freestyle"));
        assert_eq!(report.games[1].protocol.as_deref(), Some("rif1996"));
        assert_eq!(codes[1], ["duplicate-id"]);
        assert_eq!(codes[2], [FindingCode::UnknownRule.name()]);
        assert_eq!(codes[3], ["unreadable-record"]);
        assert!(report.games[3].findings[0].message.contains("row 14"));
        assert!(report.games[4].findings[0].message.contains("t.parquet"));
        assert_eq!(report.games[4].index, 14);
    }
}
