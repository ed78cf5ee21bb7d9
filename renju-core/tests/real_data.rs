//! The real-world files of `../shared/data` read and validate with the expected counts.
//! Skips, saying why, when the shared data is absent.

use std::collections::BTreeMap;
use std::path::PathBuf;

use renju_core::formats::{gomocup, Format};
use renju_core::game::{GameTermination, ValidationOptions};
use renju_core::report::{validate, Report};
use renju_core::RuleSet;

fn data_dir() -> Option<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/data");
    dir.is_dir().then_some(dir)
}

fn validate_file(path: &PathBuf, format: Format, options: &ValidationOptions) -> Report {
    let bytes = std::fs::read(path).unwrap();
    validate(format.read(&bytes, path.to_str()), options)
}

fn endings(report: &Report) -> BTreeMap<GameTermination, usize> {
    report.summary.by_termination.clone()
}

#[test]
fn renlib_libraries() {
    let Some(data) = data_dir() else {
        eprintln!("SKIPPED renlib_libraries: ../shared/data is absent");
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
        // deliberate "foul" ending), rules-reference / formats-reference §2.
        let f = endings(&report)
            .get(&GameTermination::Forbidden)
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
        eprintln!("SKIPPED piskvork_game: ../shared/data is absent");
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
        eprintln!("SKIPPED gomocup_openings: ../shared/data is absent");
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
        let report = validate(gomocup::read_with_size(&bytes, Some(&name), size), &options);
        assert_eq!(
            report.summary.errors, 0,
            "{name}: {:?}",
            report.summary.findings
        );
        // Openings are unfinished positions.
        assert_eq!(
            endings(&report).get(&GameTermination::Unfinished),
            Some(&report.summary.games),
            "{name}"
        );
        openings += report.summary.games;
    }
    assert_eq!(openings, 94);
}
