//! The memory budget of the tree formats (issue 43): a RenLib line of millions of
//! records, SGF variations nested millions deep, or a node of millions of values, within
//! the file limit, stop at `ReadLimits::max_tree_bytes` with an error record naming the
//! file, the place and the limit, after the lines closed before it.

use renju_core::ParseError;
use renju_records::formats::{Format, ReadLimits};
use renju_records::Game;

use crate::common::moves;

/// A budget small enough that the trees below outgrow it after a few hundred nodes.
const SMALL: ReadLimits = ReadLimits {
    max_line_bytes: ReadLimits::DEFAULT_LINE_BYTES,
    max_game_bytes: ReadLimits::DEFAULT_GAME_BYTES,
    max_file_bytes: ReadLimits::DEFAULT_FILE_BYTES,
    max_tree_bytes: 64 << 10,
};

fn read(
    format: Format,
    bytes: &[u8],
    file: &str,
    limits: ReadLimits,
) -> Vec<Result<Game, ParseError>> {
    format.read_from_with(bytes, Some(file), limits).collect()
}

/// The lines read and the one error, which must be the last record.
fn lines_then_error(records: Vec<Result<Game, ParseError>>) -> (Vec<String>, ParseError) {
    let mut records = records;
    let error = records
        .pop()
        .expect("a record")
        .expect_err("the budget's error last");
    let lines = records
        .into_iter()
        .map(|r| moves(&r.expect("a line")))
        .collect();
    (lines, error)
}

fn assert_names_the_limit(error: &ParseError, file: &str, limit: usize) {
    let text = error.to_string();
    assert!(text.contains(file), "{text}");
    assert!(
        text.contains(&format!("more than {limit} bytes of memory")),
        "{text}"
    );
}

/// A RenLib library: a closed line h8 g8, then h8's sibling i8 with `depth` records
/// under it, each the child of the one before, never closed.
fn renlib_deep_line(depth: usize) -> Vec<u8> {
    let mut bytes = b"\xFFRenLib\xFF\x03\x04".to_vec();
    bytes.extend_from_slice(&[0xFF; 10]);
    bytes.extend_from_slice(&[0x00, 0x00, 0x78, 0x80, 0x77, 0x40, 0x79, 0x00]);
    for _ in 0..depth {
        bytes.extend_from_slice(&[0x78, 0x00]);
    }
    bytes
}

#[test]
fn a_renlib_line_past_the_budget_is_an_error_at_its_record() {
    let bytes = renlib_deep_line(100_000);
    let (lines, error) = lines_then_error(read(Format::RenLib, &bytes, "deep.lib", SMALL));
    assert_eq!(lines, ["h8 g8"]);
    assert_names_the_limit(&error, "deep.lib", SMALL.max_tree_bytes);
    let at = error.location.byte_offset.expect("a byte offset") as usize;
    // Stopped after a few hundred records, not at the end of the file.
    assert!((26..4000).contains(&at), "{at}");
    // The default budget reads the same file whole.
    let records = read(Format::RenLib, &bytes, "deep.lib", ReadLimits::default());
    let (lines, error) = lines_then_error(records);
    assert_eq!(lines, ["h8 g8"]);
    assert!(error.message.contains("cut short"), "{error}");
}

#[test]
fn sgf_variations_nested_past_the_budget_are_an_error_at_their_line() {
    let mut text = "(;GM[4](;B[hh];W[ii])(;B[gg]".to_string();
    for _ in 0..50_000 {
        text.push_str("\n(;B[hh]");
    }
    let (lines, error) = lines_then_error(read(Format::Sgf, text.as_bytes(), "nest.sgf", SMALL));
    assert_eq!(lines, ["h8 i7"]);
    assert_names_the_limit(&error, "nest.sgf", SMALL.max_tree_bytes);
    let line = error.location.line.expect("a line");
    assert!((2..1000).contains(&line), "{line}");
}

#[test]
fn an_sgf_node_of_many_values_past_the_budget_is_an_error() {
    let text = format!("(;GM[4];B[hh])(;C{})", "[a]".repeat(100_000));
    let (lines, error) = lines_then_error(read(Format::Sgf, text.as_bytes(), "values.sgf", SMALL));
    assert_eq!(lines, ["h8"]);
    assert_names_the_limit(&error, "values.sgf", SMALL.max_tree_bytes);
}

#[test]
fn the_tree_budget_follows_the_file_limit() {
    let default = ReadLimits::default();
    assert_eq!(default.max_tree_bytes, 2 * default.max_file_bytes);
    assert_eq!(ReadLimits::uniform(1 << 30).max_tree_bytes, 2 << 30);
    // A small limit for records does not shrink the budget of trees below the default.
    assert_eq!(
        ReadLimits::uniform(1000).max_tree_bytes,
        ReadLimits::DEFAULT_TREE_BYTES
    );
}

#[test]
fn records_merged_into_one_of_many_children_are_found_through_a_table() {
    // The root's 225 children, each closed and followed by a sibling, then 100,000
    // records of o1 again (each merged into the root's last child), then h8 closing the
    // tree: a node with many children finds the one a record merges into in a table, not
    // by a scan of them all (120 MB of such records took 8.5 s, now 2 s).
    let mut bytes = b"\xFFRenLib\xFF\x03\x04".to_vec();
    bytes.extend_from_slice(&[0xFF; 10]);
    bytes.extend_from_slice(&[0x00, 0x00]);
    for row in 0..15u8 {
        for column in 1..16u8 {
            bytes.extend_from_slice(&[16 * row + column, 0xC0]);
        }
    }
    bytes.extend(std::iter::repeat_n([0xEFu8, 0xC0], 100_000).flatten());
    bytes.extend_from_slice(&[0x78, 0x40]);
    let records = read(Format::RenLib, &bytes, "wide.lib", ReadLimits::default());
    let lines: Vec<String> = records
        .into_iter()
        .map(|r| moves(&r.expect("a line")))
        .collect();
    assert_eq!(lines.len(), 225);
    assert_eq!((lines[0].as_str(), lines[224].as_str()), ("a15", "o1"));
    // The writer merges through the same table: a second move under one of many.
    let mut games: Vec<Game> = lines.iter().map(|l| Game::from_moves(l).unwrap()).collect();
    games.push(Game::from_moves("h8 h9").unwrap());
    let written = Format::RenLib.write(&games).unwrap();
    let again = read(Format::RenLib, &written, "wide.lib", ReadLimits::default());
    let again: Vec<String> = again.into_iter().map(|r| moves(&r.unwrap())).collect();
    assert_eq!(again.len(), 225);
    assert!(again.contains(&"h8 h9".to_string()) && !again.contains(&"h8".to_string()));
}
