//! The tree readers (RenLib, SGF) on arbitrary bytes under a small memory budget
//! (`ReadLimits::max_tree_bytes`, 512 bytes to 64 KiB).
//!
//! Properties: nothing panics; a budget's error is the last record and there is at most
//! one (per SGF game tree: a file of several trees has one budget each, and reading stops
//! at the first tree past it); no line is longer than the budget allows, since every
//! move of a line is a node counted against it (a node costs the budget more than 64
//! bytes); and under the default budget (512 MiB) no file of these sizes runs out.
//!
//! Input: the first byte's low bit picks RenLib or SGF, its next three bits the budget;
//! the rest is the file.

use renju_records::formats::{Format, ReadLimits};

/// The least a node of either tree costs its budget, in bytes.
const NODE_COST: usize = 64;

/// Checks the reader the first byte picks on the rest of `data`.
pub fn check(data: &[u8]) {
    let Some((&pick, bytes)) = data.split_first() else {
        return;
    };
    let format = if pick & 1 == 0 {
        Format::RenLib
    } else {
        Format::Sgf
    };
    let limits = ReadLimits {
        max_tree_bytes: 512 << ((pick >> 1) & 7),
        ..ReadLimits::default()
    };
    let out_of_memory = |r: &Result<_, renju_core::ParseError>| {
        r.as_ref()
            .is_err_and(|e| e.message.contains("bytes of memory"))
    };
    let records: Vec<_> = format.read_from_with(bytes, Some("fuzz"), limits).collect();
    let stops = records.iter().filter(|r| out_of_memory(r)).count();
    assert!(stops <= 1, "{format}: {stops} budget errors");
    if stops == 1 {
        assert!(
            records.last().is_some_and(out_of_memory),
            "{format}: records after the budget's error"
        );
    }
    let most_moves = limits.max_tree_bytes / NODE_COST;
    for game in records.iter().filter_map(|r| r.as_ref().ok()) {
        assert!(
            game.events.len() <= most_moves,
            "{format}: a line of {} events under a budget of {} bytes",
            game.events.len(),
            limits.max_tree_bytes
        );
    }
    let whole: Vec<_> = format.read_from(bytes, Some("fuzz")).collect();
    assert!(
        !whole.iter().any(out_of_memory),
        "{format}: {} bytes past the default budget",
        bytes.len()
    );
}
