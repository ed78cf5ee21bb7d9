//! Every reader on arbitrary bytes: it returns records or located errors, never panics;
//! whatever it reads validates, and what a writer writes of it reads back as the same
//! games (`formats`: "reading what a writer wrote gives the same games back"; where in
//! the file a game was is not compared, nor, for opening files, which notation a line
//! was in, nor RenjuNet's notes on what was read leniently, nor the order of SGF tags of
//! different keys).

use renju_records::formats::Format;
use renju_records::{Game, ValidationOptions};

/// Checks the reader the first byte picks on the rest of `data`.
pub fn check(data: &[u8]) {
    // The first byte picks the reader, so one corpus covers them all.
    let Some((&pick, bytes)) = data.split_first() else {
        return;
    };
    let format = Format::ALL[pick as usize % Format::ALL.len()];
    let records = format.read(bytes, Some("fuzz"));
    let games: Vec<_> = records
        .iter()
        .filter_map(|r| r.as_ref().ok())
        .cloned()
        .collect();
    for game in &games {
        let _ = game.validate(&ValidationOptions::default());
    }
    // No games write as an empty file, which some readers rightly call no record file.
    if games.is_empty() {
        return;
    }
    let Ok(written) = format.write(&games) else {
        return;
    };
    let back: Vec<_> = format
        .read(&written, Some("fuzz"))
        .into_iter()
        .collect::<Result<Vec<_>, _>>()
        .unwrap_or_else(|e| {
            panic!(
                "{format}: what the writer wrote does not read back: {e}\n{}",
                String::from_utf8_lossy(&written)
            )
        });
    // Where a game was found in the file is not part of the game; an opening file
    // claims only the stones back (its tag says which notation was read).
    let without_source = |games: Vec<Game>| -> Vec<Game> {
        games
            .into_iter()
            .map(|mut g| {
                g.source = Default::default();
                if format == Format::GomocupOpenings {
                    g.tags.clear();
                }
                // A RenLib library is a tree: the annotations of a line's positions come
                // back in the tree's order, not the order they were read in.
                if format == Format::RenLib {
                    g.tags.sort();
                }
                // RenjuNet's `xml_warnings` tag says what was read leniently from the
                // file (a bare `&`): a note on the text read, which the writer's own
                // well-formed text does not need.
                if format == Format::Rif {
                    g.tags.retain(|(key, _)| key != "xml_warnings");
                }
                // SGF keeps the order of the tags of one key, not across keys: game
                // information read from a later node is written in the root, and a
                // repeated tag once, with its first value (a property appears once in
                // a node).
                if format == Format::Sgf {
                    g.tags.sort_by(|a, b| a.0.cmp(&b.0));
                    g.tags.dedup_by(|later, first| later.0 == first.0);
                }
                g
            })
            .collect()
    };
    assert_eq!(
        without_source(back),
        without_source(games),
        "{format}: the games written do not read back the same\n{}",
        String::from_utf8_lossy(&written)
    );
}
