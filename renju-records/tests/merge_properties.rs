//! Reports merge exactly: a file validated in parts, in any split, and the parts'
//! reports merged in order, is the report of one run over the whole file.

use proptest::prelude::*;
use renju_core::ParseError;
use renju_records::formats::{Format, ReadLimits};
use renju_records::report::{validate, validate_chunk, validate_stream, validate_stream_from};
use renju_records::{Game, Report, ValidationOptions};

/// Pieces of a move-list file: games good and bad, blank lines, comments, directives
/// that can and cannot be read, a line too long for the limit used.
const LINES: &[&str] = &[
    "h8 i9 i8 j10 g8 k11",
    "h8 i9 j10 g7 k11 l12 g8 f6 f8 e8 j8 k8 h10 h9 h11 h12 h7",
    "h8 h8",
    "h8 zz",
    "",
    "   ",
    "# a comment",
    "# rule: gomoku",
    "# rule: nonsense",
    "# rule: default",
    "# size: 99",
    "# size: 19",
    "# opening: swap2",
    "# opening: nope",
    "h8 i9 # trailing comment",
    "a1 b2 c3 d4 e5 f6 g7 h8 i9 j10 k11 l12 m13 n14 o15 a15 b14 c13",
];

const ENDS: &[&str] = &["\n", "\r\n", "\r"];

fn file() -> impl Strategy<Value = Vec<u8>> {
    (
        any::<bool>(),
        prop::collection::vec((0..LINES.len(), 0..ENDS.len()), 0..40),
        any::<bool>(),
    )
        .prop_map(|(bom, lines, last_end)| {
            let mut out = Vec::new();
            if bom {
                out.extend_from_slice("\u{feff}".as_bytes());
            }
            let n = lines.len();
            for (i, (line, end)) in lines.into_iter().enumerate() {
                out.extend_from_slice(LINES[line].as_bytes());
                if i + 1 < n || last_end {
                    out.extend_from_slice(ENDS[end].as_bytes());
                }
            }
            out
        })
}

fn limits(small: bool) -> ReadLimits {
    ReadLimits {
        max_line_bytes: if small {
            40
        } else {
            ReadLimits::DEFAULT_LINE_BYTES
        },
        ..ReadLimits::default()
    }
}

fn merged_from_chunks(bytes: &[u8], target: u64, limits: ReadLimits) -> (Report, usize) {
    let options = ValidationOptions::default();
    let parts = Format::MoveList.chunks(bytes, limits, target);
    let mut merged = Report::default();
    for part in &parts {
        let end = part.end.map_or(bytes.len(), |e| e as usize);
        let piece = &bytes[part.start as usize..end];
        let report = validate_chunk(
            piece,
            Format::MoveList,
            Some("f.txt"),
            part,
            &options,
            limits,
        );
        merged.merge(report);
    }
    (merged, parts.len())
}

/// Games with ids from a small pool (so that they repeat), of two files, with
/// unreadable records among them.
fn records() -> impl Strategy<Value = Vec<(Option<u8>, u8, bool)>> {
    prop::collection::vec((prop::option::of(0u8..6), 0u8..2, any::<bool>()), 0..30)
}

fn build(spec: &[(Option<u8>, u8, bool)]) -> Vec<Result<Game, ParseError>> {
    spec.iter()
        .enumerate()
        .map(|(i, (id, file, bad))| {
            let name = if *file == 0 { "a.rif" } else { "b.rif" };
            if *bad {
                let mut e = ParseError::new("bad record").at_line(i + 1);
                e.location.file = Some(name.into());
                return Err(e);
            }
            let mut g = Game::from_moves(if i % 3 == 0 { "h8 h8" } else { "h8 i9" }).unwrap();
            g.id = id.map(|n| format!("g{n}"));
            g.source.file = Some(name.into());
            g.source.index = i % 5; // indexes need not be unique (games built by hand)
            g.source.line = Some(i + 1);
            Ok(g)
        })
        .collect()
}

/// Pieces of the `<games>` of a RenjuNet database: games good and bad (repeated ids,
/// unknown rules and players, bad moves), malformed XML, a game without its end, a
/// table row among the games, comments, text.
const RIF_PIECES: &[&str] = &[
    "<game id=\"1\" rule=\"1\" black=\"1\" white=\"2\" bresult=\"1\"><move>h8 h9 j10</move></game>\n",
    "<game id=\"2\" rule=\"2\"><move>h8 i9 i8 j10 g8 k11</move><info>x</info></game>\n",
    "<game id=\"1\" rule=\"1\"><move>h8 h8</move></game>\n",
    "<game rule=\"1\" black=\"9\"><move>h8 zz</move></game>",
    "<game id=\"3\" rule=\"7\"><move>h8</move></game>\n",
    "<game id=\"4\"><move></move></game>\n",
    "<game id=\"5\"><move>h8</mov></game>\n",
    "<game id=\"6\"><move>h8 i9</move>\n",
    "<player id=\"3\" name=\"Late\" surname=\"Row\"/>\n",
    "<!-- a comment -->\n",
    "\n\n",
    "<game id=\"7\" rule=\"1\" black=\"3\"><move>h8 &amp; i9</move></game>",
    "<<junk>>\n",
];

fn rif_file() -> impl Strategy<Value = Vec<u8>> {
    (prop::collection::vec(0..RIF_PIECES.len(), 0..30), 0u8..3).prop_map(|(pieces, end)| {
        let mut out = String::from(
            "<?xml version=\"1.0\"?>\n<database>\n<rules><rule id=\"1\" name=\"RIF\"/>\
             <rule id=\"2\" name=\"Gomoku Freestyle\"/></rules>\n<players>\
             <player id=\"1\" name=\"Ann\" surname=\"A\"/><player id=\"2\" name=\"Bo\" surname=\"B\"/>\
             </players>\n<games>\n",
        );
        for p in pieces {
            out.push_str(RIF_PIECES[p]);
        }
        out.push_str(match end {
            0 => "</games>\n</database>\n",
            1 => "</games>\n",
            _ => "",
        });
        out.into_bytes()
    })
}

fn merged_rif(bytes: &[u8], target: u64) -> (Report, usize) {
    let options = ValidationOptions::default();
    let limits = ReadLimits::default();
    let parts = Format::Rif.chunks(bytes, limits, target);
    let mut merged = Report::default();
    for part in &parts {
        let end = part.end.map_or(bytes.len(), |e| e as usize);
        let piece = &bytes[part.start as usize..end];
        merged.merge(validate_chunk(
            piece,
            Format::Rif,
            Some("f.rif"),
            part,
            &options,
            limits,
        ));
    }
    (merged, parts.len())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn a_move_list_split_anywhere_merges_to_the_whole(
        bytes in file(),
        target in 1u64..80,
        small in any::<bool>(),
    ) {
        let limits = limits(small);
        let options = ValidationOptions::default();
        let whole = validate_stream(
            Format::MoveList.read_from_with(&bytes[..], Some("f.txt"), limits),
            &options,
        );
        let (merged, _) = merged_from_chunks(&bytes, target, limits);
        prop_assert_eq!(&merged.summary, &whole.summary);
        prop_assert_eq!(merged, whole);
    }

    #[test]
    fn a_renjunet_database_split_anywhere_merges_to_the_whole(
        bytes in rif_file(),
        target in 1u64..400,
    ) {
        let options = ValidationOptions::default();
        let whole = validate_stream(Format::Rif.read_from(&bytes[..], Some("f.rif")), &options);
        let (merged, _) = merged_rif(&bytes, target);
        prop_assert_eq!(&merged.summary, &whole.summary);
        prop_assert_eq!(merged, whole);
        // The records themselves (tags from the tables included) are the whole file's.
        let limits = ReadLimits::default();
        let records: Vec<_> = Format::Rif
            .chunks(&bytes[..], limits, target)
            .iter()
            .flat_map(|part| {
                let end = part.end.map_or(bytes.len(), |e| e as usize);
                let piece = &bytes[part.start as usize..end];
                Format::Rif.read_chunk_from(piece, Some("f.rif"), limits, part).collect::<Vec<_>>()
            })
            .collect();
        prop_assert_eq!(records, Format::Rif.read(&bytes, Some("f.rif")));
    }

    #[test]
    fn records_split_anywhere_merge_to_the_whole(
        spec in records(),
        cuts in prop::collection::vec(0usize..30, 0..5),
    ) {
        let records = build(&spec);
        let options = ValidationOptions::default();
        let whole = validate(&records, &options);
        let mut cuts: Vec<usize> = cuts.into_iter().map(|c| c.min(records.len())).collect();
        cuts.push(0);
        cuts.push(records.len());
        cuts.sort_unstable();
        let mut merged = Report::default();
        for w in cuts.windows(2) {
            let part = records[w[0]..w[1]].to_vec();
            merged.merge(validate_stream_from(part, &options, w[0]));
        }
        prop_assert_eq!(&merged.summary, &whole.summary);
        prop_assert_eq!(&merged, &whole);
        // Merging is associative: (a + b) + c == a + (b + c).
        if records.len() >= 3 {
            let (x, y) = (records.len() / 3, 2 * records.len() / 3);
            let part = |a: usize, b: usize| validate_stream_from(records[a..b].to_vec(), &options, a);
            let mut right = part(x, y);
            right.merge(part(y, records.len()));
            let mut left = part(0, x);
            left.merge(right);
            prop_assert_eq!(left, whole);
        }
    }

    #[test]
    fn summaries_of_reports_without_games_merge_exactly(spec in records(), cut in 0usize..30) {
        let records = build(&spec);
        let options = ValidationOptions::default();
        let whole = validate(&records, &options);
        let cut = cut.min(records.len());
        let mut first = validate_stream_from(records[..cut].to_vec(), &options, 0);
        let mut second = validate_stream_from(records[cut..].to_vec(), &options, cut);
        first.games.clear();
        second.games.clear();
        first.merge(second);
        prop_assert_eq!(first.summary, whole.summary);
    }
}

#[test]
fn a_repeated_id_across_parts_is_flagged_where_one_run_flags_it() {
    let records = build(&[
        (Some(1), 0, false),
        (Some(1), 0, false),
        (Some(1), 0, false),
    ]);
    let options = ValidationOptions::default();
    let mut merged = validate_stream_from(records[..1].to_vec(), &options, 0);
    merged.merge(validate_stream_from(records[1..].to_vec(), &options, 1));
    let messages: Vec<_> = merged.games[1..]
        .iter()
        .map(|g| g.findings.last().unwrap().message.clone())
        .collect();
    assert_eq!(
        messages,
        ["game id g1 was already used by game 1 of this file"; 2]
    );
    assert_eq!(merged.games[1].findings.last().unwrap().line, Some(2));
    assert_eq!(merged, validate(&records, &options));
}

#[test]
fn the_ids_go_through_bytes() {
    let records = build(&[
        (Some(1), 0, false),
        (Some(2), 1, false),
        (Some(1), 0, false),
    ]);
    let report = validate(&records, &ValidationOptions::default());
    let bytes = report.ids().to_bytes();
    assert_eq!(bytes.len(), 2 * 24);
    let ids = renju_records::report::DuplicateIds::from_bytes(&bytes).unwrap();
    assert_eq!(&ids, report.ids());
    assert!(renju_records::report::DuplicateIds::from_bytes(&bytes[1..]).is_none());
}

#[test]
fn a_large_move_list_splits_into_parts_of_about_the_size_asked() {
    let line = "h8 i9 i8 j10 g8 k11\n";
    let bytes = line.repeat(1000).into_bytes();
    let parts = Format::MoveList.chunks(&bytes[..], ReadLimits::default(), 2000);
    assert_eq!(parts.len(), 10);
    assert!(parts.windows(2).all(|w| w[0].end == Some(w[1].start)));
    // The last part's end is recorded too: validating it reads only its own bytes.
    let last = parts.last().unwrap();
    assert_eq!((last.end, last.last), (Some(bytes.len() as u64), true));
    assert!(parts[..9].iter().all(|p| !p.last));
    assert_eq!(parts[3].games, 300);
    let (merged, n) = merged_from_chunks(&bytes, 2000, ReadLimits::default());
    assert_eq!(n, 10);
    assert_eq!(merged.summary.games, 1000);
}

#[test]
fn a_renjunet_database_splits_between_games_and_repeated_ids_are_found_across_parts() {
    let mut xml = String::from("<database><rules><rule id=\"1\" name=\"RIF\"/></rules><games>\n");
    for i in 0..100 {
        xml.push_str(&format!(
            "<game id=\"{}\" rule=\"1\"><move>h8 h9 j10</move></game>\n",
            i % 60
        ));
    }
    xml.push_str("</games></database>\n");
    let bytes = xml.as_bytes();
    let parts = Format::Rif.chunks(bytes, ReadLimits::default(), 500);
    assert!(parts.len() > 5, "{}", parts.len());
    let last = parts.last().unwrap();
    assert_eq!((last.end, last.last), (Some(bytes.len() as u64), true));
    assert!(parts[1..]
        .iter()
        .all(|p| bytes[p.start as usize..].starts_with(b"\n<game")));
    let (merged, _) = merged_rif(bytes, 500);
    assert_eq!(
        merged
            .summary
            .findings
            .get(&renju_records::FindingCode::DuplicateId),
        Some(&40)
    );
    let whole = validate_stream(
        Format::Rif.read_from(bytes, Some("f.rif")),
        &ValidationOptions::default(),
    );
    assert_eq!(merged, whole);
}
