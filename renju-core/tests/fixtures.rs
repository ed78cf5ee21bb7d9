//! The shared fixture corpus (`fixtures/positions/*.txt`): every point query and every
//! complete forbidden map must hold, the maps must agree with the slow reference judge,
//! and the explanations of the queried points are snapshot-tested.
//!
//! `RENJU_UPDATE_FIXTURE_MAPS=1 cargo test -p renju-core --test fixtures` rewrites the
//! `forbidden:` lines of every fixture from the reference judge (then review the diff).

mod reference;

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use reference::{Cell, RefBoard};
use renju_core::fixture::{self, Fixture};
use renju_core::{Color, FoulKind, Point, RenjuOptions, RuleSet};

fn corpus_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../fixtures/positions")
}

fn corpus_files() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(corpus_dir())
        .expect("fixtures/positions exists")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .collect();
    files.sort();
    assert!(files.len() >= 3, "the corpus has its files");
    files
}

fn load(path: &Path) -> Vec<Fixture> {
    let text = std::fs::read_to_string(path).unwrap();
    fixture::parse(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn reference_map(f: &Fixture, options: RenjuOptions) -> Vec<(Point, FoulKind)> {
    if f.rule_set != RuleSet::Renju {
        return Vec::new();
    }
    let size = f.board.size() as usize;
    let mut r = RefBoard::new(size);
    for (p, c) in f.board.stones() {
        let cell = match c {
            Color::Black => Cell::Black,
            Color::White => Cell::White,
        };
        r.set(p.x() as usize, p.y() as usize, cell);
    }
    let mut map: Vec<(Point, FoulKind)> =
        reference::forbidden_map(&r, options.five_completion_counts)
            .into_iter()
            .map(|((x, y), fouls)| {
                let kind = if fouls.overline {
                    FoulKind::Overline
                } else if fouls.double_four {
                    FoulKind::DoubleFour
                } else {
                    FoulKind::DoubleThree
                };
                (Point::new(x as u8, y as u8).unwrap(), kind)
            })
            .collect();
    map.sort();
    map
}

fn readings_of(f: &Fixture) -> Vec<RenjuOptions> {
    let alt = RenjuOptions {
        five_completion_counts: true,
    };
    let mut readings = vec![RenjuOptions::default()];
    if f.queries.iter().any(|q| q.options == alt) || f.maps.iter().any(|m| m.options == alt) {
        readings.push(alt);
    }
    readings
}

/// Rewrites the `forbidden:` lines of a fixture file from the reference judge.
fn rewrite_maps(path: &Path) {
    let text = std::fs::read_to_string(path).unwrap();
    let fixtures = load(path);
    let lines: Vec<&str> = text.lines().collect();
    let mut out = String::new();
    for (i, f) in fixtures.iter().enumerate() {
        let start = f.line - 1;
        if i == 0 {
            for l in &lines[..start] {
                writeln!(out, "{l}").unwrap();
            }
        }
        let end = fixtures.get(i + 1).map_or(lines.len(), |n| n.line - 1);
        let mut block: Vec<&str> = lines[start..end]
            .iter()
            .copied()
            .filter(|l| !l.trim_start().starts_with("forbidden"))
            .collect();
        while block.last().is_some_and(|l| l.trim().is_empty()) {
            block.pop();
        }
        for l in block {
            writeln!(out, "{l}").unwrap();
        }
        for options in readings_of(f) {
            let key = if options.five_completion_counts {
                "forbidden[five_completion_counts]"
            } else {
                "forbidden"
            };
            writeln!(
                out,
                "{key}: {}",
                fixture::format_map(&reference_map(f, options))
            )
            .unwrap();
        }
        writeln!(out).unwrap();
    }
    std::fs::write(path, out.trim_end().to_string() + "\n").unwrap();
}

#[test]
fn every_fixture_holds() {
    let update = std::env::var_os("RENJU_UPDATE_FIXTURE_MAPS").is_some();
    let mut failures = Vec::new();
    let mut ids = std::collections::HashSet::new();
    let (mut queries, mut maps) = (0, 0);
    for path in corpus_files() {
        if update {
            rewrite_maps(&path);
        }
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        for f in load(&path) {
            assert!(
                ids.insert(f.id.clone()),
                "duplicate id {} across files",
                f.id
            );
            assert!(!f.queries.is_empty(), "{name} {}: no query", f.id);
            for options in readings_of(&f) {
                let stated = f.maps.iter().find(|m| m.options == options);
                let Some(stated) = stated else {
                    failures.push(format!("{name} {}: no forbidden map for {options:?}", f.id));
                    continue;
                };
                let want = reference_map(&f, options);
                if stated.points != want {
                    failures.push(format!(
                        "{name} {} (line {}): the stated map differs from the reference judge's: {}",
                        f.id,
                        stated.line,
                        fixture::format_map(&want)
                    ));
                }
            }
            for m in f.check() {
                failures.push(format!("{name} {m}"));
            }
            queries += f.queries.len();
            maps += f.maps.len();
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(
        ids.len() >= 107 && queries >= 217 && maps >= ids.len(),
        "{} fixtures, {queries} queries, {maps} maps",
        ids.len()
    );
}

#[test]
fn explanations_of_queried_points() {
    for path in corpus_files() {
        let name = path.file_stem().unwrap().to_string_lossy().to_string();
        let mut text = String::new();
        for f in load(&path) {
            if f.rule_set != RuleSet::Renju || f.to_move != Color::Black {
                continue;
            }
            for q in &f.queries {
                let ex = f.position(q.options).explain(q.point).unwrap();
                let reading = if q.options.five_completion_counts {
                    " [five_completion_counts]"
                } else {
                    ""
                };
                writeln!(text, "== {}{reading}", f.id).unwrap();
                text.push_str(&ex.to_text());
                // The JSON form reads back to the same explanation.
                #[cfg(feature = "serde")]
                {
                    let json = serde_json::to_string(&ex).unwrap();
                    let back: renju_core::Explanation = serde_json::from_str(&json).unwrap();
                    assert_eq!(back, ex, "{} {}", f.id, q.point);
                }
            }
        }
        if !text.is_empty() {
            insta::assert_snapshot!(format!("explanations_{name}"), text);
        }
    }
}
