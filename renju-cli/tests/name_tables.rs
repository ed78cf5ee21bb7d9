//! Every front end knows every opening protocol and every file format of the two tables
//! in renju-records (`OpeningRule::ALL` with `OpeningRule::info`, `Format::ALL` with
//! `Format::info`), and every pairing system of renju-tournament's name table
//! (`System::ALL`): the command's help, the Python module's stubs and docstrings, the C
//! header and its reference, the guide and the READMEs.
//!
//! Whatever is not generated from the tables is found here: a list (in a page, a doc
//! comment, a docstring, a message, a help screen: three or more names parted only by
//! commas, quotes, `or`, parentheses and the like, two of them names no sentence uses
//! otherwise) of protocols, formats, format titles, extensions or systems must give them
//! all. So when a protocol, a format or a system is added to its table, this test names
//! every list that does not know it yet (`docs/development.md`, "Adding an opening
//! protocol or a file format", "Adding a pairing system").

use std::path::{Path, PathBuf};
use std::process::Command;

use renju_records::referee::{ActionKind, Command as Line};
use renju_records::{Format, OpeningRule};
use renju_tournament::System;

/// The repository's root.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

/// One concept's names as lists write them, and which of them mark a list (the others,
/// `free`, `moves`, are everyday words a paragraph may use without listing anything).
struct Names {
    what: &'static str,
    names: Vec<String>,
    /// The names of a smaller whole that a list may give instead (the text formats,
    /// where a binary one cannot serve).
    or_only: Vec<String>,
    marks: Vec<String>,
    /// Whether `name-N` or `name-8` counts as `name-N`.
    numbered: bool,
    /// Whether a name right after a dot counts (extensions: `.rif`; names: no).
    after_dot: bool,
}

fn protocols() -> Names {
    let names: Vec<String> = OpeningRule::ALL
        .iter()
        .map(|r| r.info().pattern())
        .collect();
    let everyday = ["free", "swap", "pro", "chinese"];
    Names {
        what: "opening protocol",
        marks: names
            .iter()
            .filter(|n| !everyday.contains(&n.as_str()))
            .cloned()
            .collect(),
        names,
        or_only: Vec::new(),
        numbered: true,
        after_dot: false,
    }
}

fn formats() -> Names {
    let names: Vec<String> = Format::ALL.iter().map(|f| f.name().to_string()).collect();
    Names {
        what: "format",
        or_only: Format::ALL
            .iter()
            .filter(|f| !f.info().binary)
            .map(|f| f.name().to_string())
            .collect(),
        marks: ["rif", "renlib", "psq", "sgf"].map(String::from).to_vec(),
        names,
        numbered: false,
        after_dot: false,
    }
}

fn titles() -> Names {
    let names: Vec<String> = Format::ALL
        .iter()
        .map(|f| f.info().title.to_string())
        .collect();
    Names {
        what: "format title",
        or_only: Vec::new(),
        marks: names.clone(),
        names,
        numbered: false,
        after_dot: false,
    }
}

/// The pairing systems (`round-robin`, `swiss`, `knockout`): `swiss` is an everyday
/// word of a paragraph on tie-breaks, the others mark a list.
fn systems() -> Names {
    let names: Vec<String> = System::ALL.iter().map(|s| s.name().to_string()).collect();
    Names {
        what: "pairing system",
        or_only: Vec::new(),
        marks: names.iter().filter(|n| *n != "swiss").cloned().collect(),
        names,
        numbered: false,
        after_dot: false,
    }
}

/// The live referee's actions (`ActionKind::ALL`). Only the names no other list uses
/// mark a list of actions: the colour decisions (`stay`, `swap`, `place-two`, `offer`),
/// the required steps (`place`, `declare`, `choose`) and the record's events
/// (`draw-offer`, `resign`, `forfeit`) are listed on their own too.
fn actions() -> Names {
    let names: Vec<String> = ActionKind::ALL
        .iter()
        .map(|a| a.name().to_string())
        .collect();
    Names {
        what: "referee action",
        marks: ["draw-accept", "draw-decline", "tick"]
            .map(String::from)
            .to_vec(),
        names,
        or_only: Vec::new(),
        numbered: false,
        after_dot: false,
    }
}

/// The first extension of each format that has one (a format without, opening files,
/// is told by `--format` alone).
fn extensions() -> Names {
    let names: Vec<String> = Format::ALL
        .iter()
        .filter_map(|f| f.info().extensions.first().map(|ext| format!(".{ext}")))
        .collect();
    Names {
        what: "file extension",
        or_only: Vec::new(),
        marks: names.clone(),
        names,
        numbered: false,
        after_dot: true,
    }
}

/// Where `text` names `name` as a word (not inside `rif1996`, `rif-claim`, `a.sgf`;
/// the words of `move lists` may be parted by a line end and comment markers): the
/// byte ranges.
fn occurrences(text: &str, name: &str, n: &Names) -> Vec<(usize, usize)> {
    let (stem, numbered) = match name.strip_suffix("-N") {
        Some(stem) if n.numbered => (stem, true),
        _ => (name, false),
    };
    let word = |c: char| c.is_ascii_alphanumeric() || c == '_' || c == '-';
    let mut words = stem.split(' ');
    let first = words.next().unwrap_or_default();
    let more: Vec<&str> = words.collect();
    text.match_indices(first)
        .filter_map(|(i, _)| {
            let mut after = &text[i + first.len()..];
            for w in &more {
                let spaced = after.trim_start_matches(|c: char| c.is_whitespace() || c == '/');
                after = spaced
                    .strip_prefix(w)
                    .filter(|_| spaced.len() < after.len())?;
            }
            let before = text[..i].chars().next_back();
            let rest = match after.strip_prefix('-') {
                Some(r) if numbered => {
                    r.trim_start_matches(|c: char| c.is_ascii_digit() || c == 'N')
                }
                _ => after,
            };
            let starts = before.is_none_or(|c| !word(c) && (n.after_dot || c != '.'));
            let ends = rest.chars().next().is_none_or(|c| !word(c));
            (starts && ends).then_some((i, text.len() - rest.len()))
        })
        .collect()
}

/// Whether `text` names `name` as a word.
fn names(text: &str, name: &str, n: &Names) -> bool {
    !occurrences(text, name, n).is_empty()
}

/// Whether the text between two names only separates them: commas, quotes, comment
/// markers, `or`, `and`, parentheses, extensions (`.rif`) and at most two other words
/// (`.txt moves, .rif`), within a paragraph.
fn separates(gap: &str) -> bool {
    let mut bare = String::new();
    let mut depth = 0;
    for c in gap.chars() {
        match c {
            '(' => depth += 1,
            ')' if depth > 0 => depth -= 1,
            _ if depth == 0 => bare.push(c),
            _ => {}
        }
    }
    let words = bare
        .split(|c: char| !(c.is_alphanumeric() || c == '-' || c == '.'))
        .filter(|w| !w.is_empty() && !w.starts_with('.') && !["or", "and", "-"].contains(w))
        .count();
    // A blank line (or a bare comment marker) between two lines of the gap.
    let lines: Vec<&str> = bare.lines().collect();
    let paragraph = lines.len() > 2
        && lines[1..lines.len() - 1].iter().any(|l| {
            l.trim()
                .trim_start_matches(['/', '!', '*'])
                .trim()
                .is_empty()
        });
    depth == 0 && words <= 2 && !paragraph && bare.len() < 120
}

/// The lists of a text: runs of three or more names (at least two of them marks) that
/// only separators part, each as (line, the names it gives).
fn lists(text: &str, n: &Names) -> Vec<(usize, Vec<String>)> {
    let mut found: Vec<(usize, usize, &String)> = n
        .names
        .iter()
        .flat_map(|name| {
            occurrences(text, name, n)
                .into_iter()
                .map(move |(start, end)| (start, end, name))
        })
        .collect();
    found.sort();
    let mut runs: Vec<Vec<(usize, usize, &String)>> = Vec::new();
    for hit in found {
        let Some(run) = runs.last_mut() else {
            runs.push(vec![hit]);
            continue;
        };
        let gap = &text[run[run.len() - 1].1.min(hit.0)..hit.0];
        let open = gap.rfind('(').filter(|&i| !gap[i..].contains(')'));
        if open.is_some_and(|i| separates(&gap[..i])) {
            // A word of a parenthesis within the list (`chinese` (three-move swap, ...)).
            continue;
        }
        if separates(gap) {
            run.push(hit);
        } else {
            runs.push(vec![hit]);
        }
    }
    runs.into_iter()
        .filter_map(|run| {
            let mut given: Vec<String> = run.iter().map(|h| h.2.clone()).collect();
            given.sort();
            given.dedup();
            let marks = given.iter().filter(|g| n.marks.contains(g)).count();
            // A bullet `- `rif1996`, `yamaguchi`, ...: the first player places...` is a
            // label naming the protocols a rule is about, not a list of every protocol.
            let end = run[run.len() - 1].1;
            let start = text[..run[0].0].rfind('\n').map_or(0, |i| i + 1);
            let bullet = text[start..run[0].0].trim_matches(|c: char| "-*`' ".contains(c));
            let label = bullet.is_empty()
                && text[end..]
                    .trim_start_matches(['`', '\'', '"'])
                    .starts_with(':');
            (given.len() >= 3 && marks >= 2 && !label).then(|| {
                let line = text[..run[0].0].lines().count().max(1);
                (line, given)
            })
        })
        .collect()
}

/// Lists that give some of a concept's names but not all, as `where: missing`.
fn incomplete_lists(place: &str, text: &str, n: &Names) -> Vec<String> {
    lists(text, n)
        .into_iter()
        .filter_map(|(line, given)| {
            let missing: Vec<&str> = n
                .names
                .iter()
                .filter(|m| !given.contains(m))
                .map(String::as_str)
                .collect();
            let whole = |names: &[String]| names.iter().all(|m| given.contains(m));
            let complete = whole(&n.names) || (!n.or_only.is_empty() && whole(&n.or_only));
            (!complete).then(|| {
                format!(
                    "{place}:{line}: a list of every {} misses {}",
                    n.what,
                    missing.join(", ")
                )
            })
        })
        .collect()
}

/// The files whose text lists protocols or formats: the front ends' sources (doc
/// comments, help texts, docstrings), the Python package and its stubs (one per module),
/// the C header, the guide and the READMEs.
fn front_end_files() -> Vec<PathBuf> {
    let root = root();
    let mut files = vec![root.join("README.md"), root.join("include/renju.h")];
    for dir in [
        "docs",
        "renju-py/python/renju",
        "renju-cli/src",
        "renju-py/src",
        "renju-ffi/src",
        "renju-records/src",
        "renju-tournament/src",
        "renju-engine/src",
        "renju-core/src",
        "renju-display/src",
    ] {
        collect(&root.join(dir), &mut files);
    }
    for krate in ["renju-py", "renju-records", "renju-cli", "renju-core"] {
        files.push(root.join(krate).join("README.md"));
    }
    files.retain(|f| f.exists());
    files
}

fn collect(dir: &Path, files: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            collect(&path, files);
        } else if path
            .extension()
            .is_some_and(|e| ["rs", "md", "h", "py", "pyi"].contains(&e.to_str().unwrap()))
        {
            files.push(path);
        }
    }
}

/// The text of a file where lists are looked for: in Rust, the comments and the lines
/// with strings, tests left out (they list what they test); elsewhere every line; never
/// the rows of a Markdown table (`the_guide_has_a_row_for_every_format` reads the
/// guide's table of formats).
/// Lines left out stay as blank lines, so that line numbers stay right.
fn prose(file: &Path, text: &str) -> String {
    let rust = file.extension().is_some_and(|e| e == "rs");
    let text = match text.find("#[cfg(test)]\nmod tests") {
        Some(i) if rust => &text[..i],
        _ => text,
    };
    text.lines()
        .map(|line| {
            let t = line.trim_start();
            let comment = t
                .strip_prefix("//")
                .map(|c| c.trim_start_matches(['/', '!']));
            let table = comment.unwrap_or(t).trim_start().starts_with('|');
            let kept = !rust || comment.is_some() || t.contains('"');
            let kept = kept && !table;
            if kept {
                line
            } else {
                ""
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The help screen of `renju` and of each of its commands.
fn help_screens() -> Vec<(String, String)> {
    let renju = env!("CARGO_BIN_EXE_renju");
    let main = Command::new(renju).arg("--help").output().unwrap();
    let main = String::from_utf8(main.stdout).unwrap();
    let commands: Vec<String> = main
        .lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .filter_map(|l| l.split_whitespace().next().map(String::from))
        .filter(|c| c != "help")
        .collect();
    assert!(commands.len() >= 8, "{main}");
    let mut screens = vec![("renju --help".to_string(), main)];
    for command in commands {
        let out = Command::new(renju)
            .args([command.as_str(), "--help"])
            .output()
            .unwrap();
        assert!(out.status.success(), "renju {command} --help");
        screens.push((
            format!("renju {command} --help"),
            String::from_utf8(out.stdout).unwrap(),
        ));
    }
    screens
}

#[test]
fn every_list_of_protocols_formats_systems_or_actions_names_them_all() {
    let concepts = [
        protocols(),
        formats(),
        titles(),
        extensions(),
        systems(),
        actions(),
    ];
    let mut problems = Vec::new();
    for file in front_end_files() {
        let text = prose(&file, &std::fs::read_to_string(&file).unwrap());
        let place = file.strip_prefix(root()).unwrap().display().to_string();
        for n in &concepts {
            problems.extend(incomplete_lists(&place, &text, n));
        }
    }
    for (place, text) in help_screens() {
        for n in &concepts {
            problems.extend(incomplete_lists(&place, &text, n));
        }
    }
    assert!(problems.is_empty(), "\n{}", problems.join("\n"));
}

/// The options that take a protocol, a format or a system list every one in their help.
#[test]
fn the_help_of_every_option_lists_every_name() {
    let help: std::collections::HashMap<String, String> = help_screens().into_iter().collect();
    let (protocols, formats, systems) = (protocols(), formats(), systems());
    for (command, n) in [
        ("validate", &protocols),
        ("referee", &protocols),
        ("match", &protocols),
        ("validate", &formats),
        ("standings", &formats),
        ("match", &formats),
        ("standings", &systems),
    ] {
        let text = &help[&format!("renju {command} --help")];
        for name in &n.names {
            assert!(names(text, name, n), "renju {command} --help: no {name}");
        }
    }
}

/// The stubs of every module of the Python package, one after the other.
fn all_stubs() -> String {
    let dir = root().join("renju-py/python/renju");
    let mut paths: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == "pyi"))
        .collect();
    paths.sort();
    paths
        .iter()
        .map(|path| std::fs::read_to_string(path).unwrap())
        .collect()
}

/// The names of the stubs' `Literal` type alias `alias` (`_Format = Literal["sgf", ...]`),
/// in whichever module's stubs define it.
fn stub_literal(alias: &str) -> Vec<String> {
    let stubs = all_stubs();
    let start = format!("{alias} = Literal[");
    let line = stubs
        .lines()
        .find(|l| l.starts_with(&start))
        .unwrap_or_else(|| panic!("the stubs define {alias}"));
    line[start.len()..]
        .trim_end_matches(']')
        .split(", ")
        .map(|s| s.trim_matches('"').to_string())
        .collect()
}

/// Every referee action has its method in the Python stubs (`pass_` for `pass`), its
/// function or `RENJU_ACTION_*` value in the C header, and its word in the error text of
/// the JSON-lines protocol (which comes from the table).
#[test]
fn every_referee_action_is_in_every_front_end() {
    let stubs = all_stubs();
    let header = std::fs::read_to_string(root().join("include/renju.h")).unwrap();
    let words = Line::words();
    let mut missing = Vec::new();
    for kind in ActionKind::ALL {
        let snake = kind.name().replace('-', "_");
        let method = match kind {
            ActionKind::Pass => "pass_".to_string(),
            _ => snake.clone(),
        };
        if !stubs.contains(&format!("    def {method}(")) {
            missing.push(format!("the Python stubs have no `Referee.{method}`"));
        }
        let function = format!("renju_referee_{snake}(");
        let constant = format!("RENJU_ACTION_{} =", snake.to_uppercase());
        if !header.contains(&function) && !header.contains(&constant) {
            missing.push(format!(
                "the C header has neither `{function}` nor `{constant}`"
            ));
        }
        if !words.contains(&kind.name()) {
            missing.push(format!("the JSON lines do not read `{kind}`"));
        }
    }
    assert!(missing.is_empty(), "\n{}", missing.join("\n"));
}

/// The stubs' `_Format` is exactly the table's names, in its order (the module's
/// `FORMATS` is the table itself).
#[test]
fn the_python_stubs_list_every_format() {
    assert_eq!(stub_literal("_Format"), Format::ALL.map(Format::name));
}

/// The stubs' `_System` is exactly the name table's systems, in its order.
#[test]
fn the_python_stubs_list_every_system() {
    assert_eq!(stub_literal("_System"), System::ALL.map(System::name));
}

/// The guide's table of formats has one row per format, with its title and its first
/// extension (or `--format NAME`).
#[test]
fn the_guide_has_a_row_for_every_format() {
    let page = std::fs::read_to_string(root().join("docs/validating.md")).unwrap();
    for format in Format::ALL {
        let info = format.info();
        let extension = match info.extensions.first() {
            Some(ext) => format!("`.{ext}`"),
            None => format!("`--format {}`", info.name),
        };
        let row = format!("| {} | {extension} |", info.title);
        assert!(page.contains(&row), "docs/validating.md: no row `{row}`");
    }
}

/// The detector itself: what counts as a list, and what it misses.
#[test]
fn lists_are_found_and_checked() {
    let p = protocols();
    assert!(names("(soosorv-N, x)", "soosorv-N", &p));
    assert!(names("'soosorv-8'", "soosorv-N", &p));
    assert!(!names("rif1996", "rif", &formats()));
    assert!(!names("chinese-claim", "chinese", &p));
    assert!(!names("a.sgf", "sgf", &formats()));
    assert!(names("(.rif, .sgf)", ".sgf", &extensions()));
    assert!(names("the move\n/// lists", "move lists", &titles()));
    // A label is not a list; the text formats are a whole of their own.
    assert!(incomplete_lists("x", "- `rif1996`, `yamaguchi`, `swap2`: the first", &p).is_empty());
    assert_eq!(
        incomplete_lists("x", "- Protocols: `rif1996`, `yamaguchi`, `swap2`: all", &p).len(),
        1
    );
    assert!(
        incomplete_lists("x", "'sgf', 'rif', 'psq', 'moves', 'openings'", &formats()).is_empty()
    );
    assert_eq!(
        incomplete_lists("x", "(sgf, rif, psq)", &formats()).len(),
        1
    );
    // Every list of the three systems fails once a fourth is added to the table.
    let all_systems = "(round-robin, knockout, swiss)";
    assert!(incomplete_lists("x", all_systems, &systems()).is_empty());
    let mut one_more = systems();
    one_more.names.push("ladder".into());
    one_more.marks.push("ladder".into());
    assert_eq!(
        incomplete_lists("x", all_systems, &one_more),
        ["x:1: a list of every pairing system misses ladder"]
    );
    let all = OpeningRule::ALL.map(|r| r.info().pattern()).join(", ");
    assert!(incomplete_lists("x", &all, &p).is_empty());
    let short = all.replace("gomoku-swap, ", "");
    assert_eq!(
        incomplete_lists("x", &format!("/// a\n///\n/// ({short})\n"), &p),
        ["x:3: a list of every opening protocol misses gomoku-swap"]
    );
}
