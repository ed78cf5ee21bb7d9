//! The real-world files of `../shared/data` read and validate with the expected counts.
//! Skips, saying why, when the shared data is absent.

#[path = "../../tests/support/shared_data.rs"]
mod shared_data;

use shared_data::{data_dir, skipped};
#[path = "../../renju-core/tests/reference/mod.rs"]
mod reference;

use std::collections::BTreeMap;
use std::path::PathBuf;

use renju_core::RuleSet;
use renju_core::Termination;
use renju_records::formats::{gomocup, Format};
use renju_records::report::{validate, Report};
use renju_records::ValidationOptions;

fn validate_file(path: &PathBuf, format: Format, options: &ValidationOptions) -> Report {
    let bytes = std::fs::read(path).unwrap();
    validate(&format.read(&bytes, path.to_str()), options)
}

fn endings(report: &Report) -> BTreeMap<Termination, usize> {
    report.summary.by_termination.clone()
}

#[test]
fn renlib_libraries() {
    let Some(data) = data_dir() else {
        skipped("renlib_libraries: ../shared/data is absent");
        return;
    };
    let options = ValidationOptions::default();
    let mut total = 0;
    let mut forbidden = 0;
    for (name, lines, fouls) in [
        ("Allrenjuopenings.lib", 4223, 1),
        ("D4.lib", 350, 1),
        ("I7.lib", 262, 0),
        ("VCF.lib", 31, 0),
    ] {
        let report = validate_file(&data.join("renlib").join(name), Format::RenLib, &options);
        assert_eq!(report.summary.games, lines, "{name}");
        assert_eq!(
            report.summary.errors, 0,
            "{name}: {:?}",
            report.summary.findings
        );
        // The one forbidden move of a library is the last move of its line (a
        // deliberate "foul" ending), docs/rules.md §2.
        let f = endings(&report)
            .get(&Termination::Forbidden)
            .copied()
            .unwrap_or(0);
        assert_eq!(f, fouls, "{name}");
        total += lines;
        forbidden += f;
    }
    assert_eq!((total, forbidden), (4866, 2));
}

#[test]
fn piskvork_game() {
    let Some(data) = data_dir() else {
        skipped("piskvork_game: ../shared/data is absent");
        return;
    };
    let options = ValidationOptions {
        rule_set: RuleSet::Freestyle,
        ..ValidationOptions::default()
    };
    let report = validate_file(
        &data.join("gomocup/psq/gomocuponline_1x0-16_2.psq"),
        Format::Psq,
        &options,
    );
    assert_eq!(report.summary.games, 1);
    assert_eq!(report.games[0].moves, 16);
    assert_eq!(report.summary.errors, 0, "{:?}", report.games[0].findings);
}

#[test]
fn gomocup_openings() {
    let Some(data) = data_dir() else {
        skipped("gomocup_openings: ../shared/data is absent");
        return;
    };
    let options = ValidationOptions {
        rule_set: RuleSet::Freestyle,
        ..ValidationOptions::default()
    };
    let mut entries: Vec<PathBuf> = std::fs::read_dir(data.join("gomocup"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .collect();
    entries.sort();
    let mut openings = 0;
    for path in entries {
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        // Two files hold 20x20 openings without saying so in their names.
        let size = if name.starts_with("piskvork") || name.starts_with("gomocuponline") {
            20
        } else {
            gomocup::size_for_file(Some(&name))
        };
        let bytes = std::fs::read(&path).unwrap();
        let report = validate(
            &gomocup::read_with_size(&bytes, Some(&name), size),
            &options,
        );
        assert_eq!(
            report.summary.errors, 0,
            "{name}: {:?}",
            report.summary.findings
        );
        // Openings are unfinished positions.
        assert_eq!(
            endings(&report).get(&Termination::Unfinished),
            Some(&report.summary.games),
            "{name}"
        );
        openings += report.summary.games;
    }
    assert_eq!(openings, 94);
}

#[test]
fn sgf_trees() {
    let Some(data) = data_dir() else {
        skipped("sgf_trees: ../shared/data is absent");
        return;
    };
    let options = ValidationOptions::default();
    let mut totals = (0, 0, 0);
    for (name, leaves, fives, fouls) in [
        ("lfz084_24_carpet_kyugetsu_tiny.lib.sgf", 1, 0, 0),
        ("lfz084_24_carpet_meigetsu.lib.sgf", 2466, 145, 15),
        ("lfz084_tao_opening_analysis.lib.sgf", 12622, 1, 1),
        ("lfz084_yamaguchi_daten_tree.sgf", 4035, 0, 6),
    ] {
        let report = validate_file(&data.join("sgf").join(name), Format::Sgf, &options);
        assert_eq!(report.summary.games, leaves, "{name}");
        assert_eq!(
            report.summary.errors, 0,
            "{name}: {:?}",
            report.summary.findings
        );
        let e = endings(&report);
        assert_eq!(
            e.get(&Termination::Five).copied().unwrap_or(0),
            fives,
            "{name}"
        );
        assert_eq!(
            e.get(&Termination::Forbidden).copied().unwrap_or(0),
            fouls,
            "{name}"
        );
        totals = (totals.0 + leaves, totals.1 + fives, totals.2 + fouls);
    }
    assert_eq!(totals, (19124, 146, 22));
}

/// Every black move of every real line (RenLib and SGF) is judged by the slow reference
/// judge too: the two must agree on whether it is forbidden.
#[test]
fn real_black_moves_agree_with_the_reference_judge() {
    let Some(data) = data_dir() else {
        skipped("real_black_moves_agree_with_the_reference_judge: ../shared/data is absent");
        return;
    };
    use reference::{Cell, RefBoard, RefVerdict};
    use renju_core::{Color, Move, Position, Verdict};
    let mut games = Vec::new();
    for (dir, format) in [("renlib", Format::RenLib), ("sgf", Format::Sgf)] {
        let mut paths: Vec<PathBuf> = std::fs::read_dir(data.join(dir))
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        paths.sort();
        for p in paths
            .iter()
            .filter(|p| p.extension().is_some_and(|e| e == "lib" || e == "sgf"))
        {
            games.extend(
                format
                    .read(&std::fs::read(p).unwrap(), None)
                    .into_iter()
                    .map(Result::unwrap),
            );
        }
    }
    assert_eq!(games.len(), 4866 + 19124);
    // Lines share prefixes: judge each distinct (position, move) once.
    let mut seen = std::collections::HashSet::new();
    let (mut judged, mut forbidden) = (0, 0);
    for game in &games {
        let mut pos = Position::new(RuleSet::Renju);
        let mut reference = RefBoard::new(15);
        let mut prefix = String::new();
        for mv in game.moves() {
            prefix.push_str(&format!("{mv} "));
            let color = pos.to_move();
            let verdict = pos.play(mv).unwrap();
            if let (Move::Stone(p), Color::Black) = (mv, color) {
                if seen.insert(prefix.clone()) {
                    let want = reference::judge(&reference, p.x() as usize, p.y() as usize, false);
                    let got_forbidden = matches!(verdict, Verdict::Forbidden(_));
                    assert_eq!(
                        got_forbidden,
                        matches!(want, RefVerdict::Forbidden(_)),
                        "{prefix}"
                    );
                    judged += 1;
                    forbidden += usize::from(got_forbidden);
                }
            }
            if let Move::Stone(p) = mv {
                let cell = if color == Color::Black {
                    Cell::Black
                } else {
                    Cell::White
                };
                reference.set(p.x() as usize, p.y() as usize, cell);
            }
            if pos.outcome().is_some() {
                break;
            }
        }
    }
    eprintln!("real_black_moves_agree_with_the_reference_judge: {judged} distinct black moves, {forbidden} forbidden");
    assert!(judged > 50_000, "{judged}");
}
