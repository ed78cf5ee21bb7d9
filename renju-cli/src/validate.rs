//! `renju validate FILE...`: replay every game of game files and report.

use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use indicatif::{ProgressBar, ProgressStyle};
use renju_core::formats::Format;
use renju_core::report::{validate_games, GameReport, Report, Severity};
use renju_core::ValidationOptions;
use serde_json::{json, Value};

use crate::text::printable;

/// Games read and validated at a time.
const CHUNK: usize = 2_000;

/// A file that could not be read, and why.
struct UnreadableFile {
    file: String,
    error: String,
}

/// Runs the command; returns 0 (no errors), 1 (errors found) or 2 (a file could not be
/// read).
///
/// A file that cannot be read is reported on stderr, in the human report's last line and,
/// with `--json`, in the report itself (see [`json_report`]), so that a consumer that
/// ignores the exit code still sees it.
pub fn run(
    files: &[PathBuf],
    format: Option<Format>,
    options: &ValidationOptions,
    json: bool,
    verbose: bool,
    limits: renju_core::formats::ReadLimits,
) -> ExitCode {
    let mut unreadable: Vec<UnreadableFile> = Vec::new();
    let mut cannot_read = |name: &str, error: String| {
        eprintln!("renju: {}: {}", printable(name), printable(&error));
        unreadable.push(UnreadableFile {
            file: name.to_string(),
            error,
        });
    };
    let mut reports: Vec<GameReport> = Vec::new();
    let show_progress = std::io::stderr().is_terminal();
    for path in files {
        let name = path.display().to_string();
        let Some(fmt) = format.or_else(|| Format::from_path(path)) else {
            cannot_read(&name, "cannot tell the format from the file name; use --format (moves, rif, renlib, psq, sgf, openings)".to_string());
            continue;
        };
        let file = match std::fs::File::open(path) {
            Ok(f) => f,
            Err(e) => {
                cannot_read(&name, format!("cannot read: {e}"));
                continue;
            }
        };
        // A directory opens, then fails on the first read: that is a file that cannot be
        // read, not a game record that cannot.
        if file.metadata().is_ok_and(|m| m.is_dir()) {
            cannot_read(&name, "cannot read: is a directory".to_string());
            continue;
        }
        // Records stream in (move lists and RenjuNet databases are never held whole) and
        // are validated a chunk at a time on all cores.
        let bar = if show_progress {
            let bar = ProgressBar::new_spinner();
            bar.set_style(
                ProgressStyle::with_template("{msg} {spinner} {pos} games ({elapsed})")
                    .expect("valid template"),
            );
            bar.set_message(name.clone());
            bar
        } else {
            ProgressBar::hidden()
        };
        let mut records = fmt.read_from_with(std::io::BufReader::new(file), Some(&name), limits);
        let mut chunk = Vec::with_capacity(CHUNK);
        let mut first_index = 0;
        loop {
            chunk.clear();
            chunk.extend(records.by_ref().take(CHUNK));
            if chunk.is_empty() {
                break;
            }
            reports.extend(validate_games(&chunk, options, first_index));
            first_index += chunk.len();
            bar.set_position(first_index as u64);
        }
        bar.finish_and_clear();
    }
    let report = Report::from_games(reports);
    let mut out = std::io::stdout().lock();
    let written = if json {
        writeln!(out, "{}", json_report(&report, &unreadable))
    } else {
        write_human(&mut out, &report, &unreadable, verbose)
    };
    if written.and_then(|_| out.flush()).is_err() {
        return ExitCode::from(2);
    }
    if !unreadable.is_empty() {
        ExitCode::from(2)
    } else if report.summary.errors > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

/// The JSON report. When every file could be read it is exactly the library's
/// (`Report::to_json`). Otherwise the files that could not be read are added as a
/// top-level `"unreadable_files": [{"file": ..., "error": ...}]` array, and each counts in
/// the summary as an error with the finding code `unreadable-file` (`summary.errors`,
/// `summary.findings`), so that a report with an unreadable file never looks clean. No
/// existing field changes shape.
fn json_report(report: &Report, unreadable: &[UnreadableFile]) -> String {
    if unreadable.is_empty() {
        return report.to_json();
    }
    let Ok(mut value) = serde_json::to_value(report) else {
        return report.to_json();
    };
    if let Some(summary) = value.get_mut("summary").and_then(Value::as_object_mut) {
        if let Some(errors) = summary.get_mut("errors") {
            *errors = json!(errors.as_u64().unwrap_or(0) + unreadable.len() as u64);
        }
        if let Some(findings) = summary.get_mut("findings").and_then(Value::as_object_mut) {
            findings.insert("unreadable-file".to_string(), json!(unreadable.len()));
        }
    }
    if let Some(object) = value.as_object_mut() {
        let files: Vec<Value> = unreadable
            .iter()
            .map(|u| json!({ "file": u.file, "error": u.error }))
            .collect();
        object.insert("unreadable_files".to_string(), Value::Array(files));
    }
    serde_json::to_string_pretty(&value).unwrap_or_else(|_| report.to_json())
}

/// The human-readable report. Text from the input (file names, ids, openings, messages
/// quoting records) goes through [`printable`]: control characters are escaped, never
/// sent to the terminal raw.
fn write_human(
    out: &mut impl Write,
    report: &Report,
    unreadable: &[UnreadableFile],
    verbose: bool,
) -> std::io::Result<()> {
    for g in &report.games {
        let notable = g.findings.iter().any(|f| f.severity != Severity::Info);
        if !verbose && !notable {
            continue;
        }
        let id =
            g.id.as_deref()
                .map(|i| format!(" ({})", printable(i)))
                .unwrap_or_default();
        let source = printable(g.source.as_deref().unwrap_or("<input>"));
        let winner = g
            .outcome
            .winner
            .map_or("nobody".to_string(), |c| c.to_string());
        let termination = serde_json::to_value(g.outcome.termination).ok();
        let termination = termination.as_ref().and_then(|v| v.as_str()).unwrap_or("?");
        writeln!(
            out,
            "{source}: game {}{id}: {} moves, {termination}, winner {winner}{}",
            g.index + 1,
            g.moves,
            g.opening
                .as_deref()
                .map(|o| format!(", opening {}", printable(o)))
                .unwrap_or_default()
        )?;
        for f in &g.findings {
            let at = f
                .move_number
                .map(|m| format!(" move {m}"))
                .unwrap_or_default();
            writeln!(
                out,
                "  {:?}{at} [{}]: {}",
                f.severity,
                f.code,
                printable(&f.message)
            )?;
        }
    }
    let s = &report.summary;
    writeln!(
        out,
        "{} games: {} errors, {} warnings",
        s.games, s.errors, s.warnings
    )?;
    let ends: Vec<String> = s
        .by_termination
        .iter()
        .map(|(t, n)| {
            let name = serde_json::to_value(t)
                .ok()
                .and_then(|v| v.as_str().map(str::to_string))
                .unwrap_or_default();
            format!("{name} {n}")
        })
        .collect();
    writeln!(out, "endings: {}", ends.join(", "))?;
    if !s.findings.is_empty() {
        let codes: Vec<String> = s.findings.iter().map(|(c, n)| format!("{c} {n}")).collect();
        writeln!(out, "findings: {}", codes.join(", "))?;
    }
    if !unreadable.is_empty() {
        let names: Vec<String> = unreadable
            .iter()
            .map(|u| printable(&u.file).into_owned())
            .collect();
        writeln!(
            out,
            "{} file{} could not be read: {}",
            unreadable.len(),
            if unreadable.len() == 1 { "" } else { "s" },
            names.join(", ")
        )?;
    }
    Ok(())
}
