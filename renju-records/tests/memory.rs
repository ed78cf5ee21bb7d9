//! Issue 9: what a file's games and reports share instead of copying (the file name),
//! the running summary, and the file locations every finding carries.

use std::sync::Arc;

use renju_records::formats::{renlib, Format};
use renju_records::report::{validate, DuplicateIds};
use renju_records::{FindingCode, Game, GameReport, Report, Summary, ValidationOptions};

#[test]
fn the_file_name_is_shared_by_every_game_and_report() {
    let name = "d/".repeat(1_800) + "games.txt"; // a 3.6 KB path
    let records = Format::MoveList.read(b"h8 i9\nh8 h8\n# x\nh8 zz\n", Some(&name));
    let files: Vec<&Arc<str>> = records
        .iter()
        .map(|r| match r {
            Ok(g) => g.source.file.as_ref().unwrap(),
            Err(e) => e.location.file.as_ref().unwrap(),
        })
        .collect();
    assert_eq!(files.len(), 3);
    assert!(files.iter().all(|f| Arc::ptr_eq(f, files[0])), "one copy");
    let report = validate(&records, &ValidationOptions::default());
    let game = records[0].as_ref().unwrap();
    for g in &report.games[..2] {
        assert!(Arc::ptr_eq(g.source.as_ref().unwrap(), files[0]));
    }
    assert_eq!(report.games[2].source.as_deref(), Some(name.as_str()));
    // Streamed records share it too.
    let streamed: Vec<_> = Format::MoveList
        .read_from(&b"h8\nh8 i9\n"[..], Some(&name))
        .map(|r| r.unwrap().source.file.unwrap())
        .collect();
    assert!(Arc::ptr_eq(&streamed[0], &streamed[1]));
    // The JSON is unchanged: a plain string.
    let json = serde_json::to_value(&report.games[0]).unwrap();
    assert_eq!(json["source"], name.as_str());
    let back: GameReport = serde_json::from_value(json).unwrap();
    assert_eq!(back, report.games[0]);
    assert_eq!(
        serde_json::to_value(&game.source).unwrap()["file"],
        name.as_str()
    );
}

#[test]
fn replay_findings_carry_the_line_or_byte_offset_of_their_record() {
    let records = Format::MoveList.read(b"# two games\n\nh8 i9\nh8 h8\n", Some("a.txt"));
    let report = validate(&records, &ValidationOptions::default());
    let f = &report.games[1].findings[0];
    assert_eq!(f.code, FindingCode::OccupiedPoint);
    assert_eq!((f.line, f.byte_offset), (Some(4), None));
    let json = serde_json::to_value(f).unwrap();
    assert_eq!(json["line"], 4);
    assert!(json.get("byte_offset").is_none());

    // A RenLib line: the byte offset of its leaf record.
    let game = Game::from_moves("h8 h9 h8").unwrap();
    let bytes = renlib::write(&[game]).unwrap();
    let records = renlib::read(&bytes, Some("a.lib"));
    let offset = records[0].as_ref().unwrap().source.byte_offset;
    assert!(offset.is_some());
    let report = validate(&records, &ValidationOptions::default());
    let f = &report.games[0].findings[0];
    assert_eq!(f.code, FindingCode::OccupiedPoint);
    assert_eq!((f.line, f.byte_offset), (None, offset));

    // A game made in memory has no location to give.
    let report = Game::from_moves("h8 h8")
        .unwrap()
        .validate(&ValidationOptions::default());
    assert_eq!(
        (report.findings[0].line, report.findings[0].byte_offset),
        (None, None)
    );
}

#[test]
fn a_running_summary_and_duplicate_check_equal_the_batch_report() {
    let text = b"#! id\nh8 i9\nh8 h8\nh8 zz\nh8 i9 j10\n";
    let mut games: Vec<Game> = Vec::new();
    for (i, id) in ["7", "8", "7", "9", "8"].iter().enumerate() {
        let mut g = Game::from_moves(if i == 1 { "h8 h8" } else { "h8 i9" }).unwrap();
        g.id = Some(id.to_string());
        g.source.file = Some(Arc::from(if i == 4 { "b.txt" } else { "a.txt" }));
        g.source.index = i;
        games.push(g);
    }
    let mut records: Vec<_> = games.into_iter().map(Ok).collect();
    records.extend(Format::MoveList.read(text, Some("c.txt")));
    let options = ValidationOptions::default();
    let batch = validate(&records, &options);

    let mut summary = Summary::default();
    let mut duplicates = DuplicateIds::new();
    let mut reports = Vec::new();
    let games = renju_records::report::validate_games(&records, &options, 0);
    for (r, record) in games.into_iter().zip(&records) {
        let mut r = r;
        duplicates.check_record(&mut r, record);
        summary.add(&r);
        reports.push(r);
    }
    assert_eq!(summary, batch.summary);
    assert_eq!(Report::from_parts(reports, summary, duplicates), batch);
    // Game 3 repeats game 1's id in a.txt; b.txt's "8" is another file's.
    let dup: Vec<usize> = batch
        .games
        .iter()
        .filter(|g| {
            g.findings
                .iter()
                .any(|f| f.code == FindingCode::DuplicateId)
        })
        .map(|g| g.index)
        .collect();
    assert_eq!(dup, [2]);
    // Report::from_games (no records at hand) flags the same games.
    let streamed = renju_records::report::validate_stream(records.iter().cloned(), &options);
    assert_eq!(streamed, batch);
    let fresh = renju_records::report::validate_games(&records, &options, 0);
    assert_eq!(Report::from_games(fresh).summary, batch.summary);

    // The duplicate-id finding is located at its record, as the others are.
    let text = b"(;GM[4]GN[5];B[hh])\n\n(;GM[4]GN[5];B[hh];W[ii])\n";
    let report = validate(&Format::Sgf.read(text, Some("d.sgf")), &options);
    let f = &report.games[1].findings[0];
    assert_eq!((f.code, f.line), (FindingCode::DuplicateId, Some(3)));
    assert!(batch.games[2]
        .findings
        .iter()
        .any(|f| f.message == "game id 7 was already used by game 1 of this file"));
}

#[path = "../../tests/support/shared_data.rs"]
mod shared_data;

/// The tree formats give their lines one at a time through `Format::read_from`: the same
/// records, in the same order, as reading the whole file, on the real libraries and SGF
/// trees; and cut at any point, the lines before the cut are kept.
#[test]
fn tree_lines_built_on_demand_equal_the_whole_read() {
    let Some(data) = shared_data::data_dir() else {
        shared_data::skipped("tree_lines_built_on_demand_equal_the_whole_read: no shared data");
        return;
    };
    let mut files = 0;
    for (dir, format) in [("renlib", Format::RenLib), ("sgf", Format::Sgf)] {
        let Ok(entries) = std::fs::read_dir(data.join(dir)) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if Format::from_path(&path) != Some(format) {
                continue;
            }
            let bytes = std::fs::read(&path).unwrap();
            let whole = format.read(&bytes, Some("f"));
            let lazy: Vec<_> = format.read_from(&bytes[..], Some("f")).collect();
            assert_eq!(lazy, whole, "{}", path.display());
            // Cut in half: the complete lines before the cut are lines of the whole file.
            let half: Vec<_> = format.read(&bytes[..bytes.len() / 2], Some("f"));
            assert!(
                half.last().unwrap().is_err(),
                "{}: the cut is reported",
                path.display()
            );
            for game in half.iter().flatten() {
                assert!(
                    whole.iter().flatten().any(|g| g == game),
                    "{}",
                    path.display()
                );
            }
            files += 1;
        }
    }
    assert!(files >= 2, "{files} tree files");
}
