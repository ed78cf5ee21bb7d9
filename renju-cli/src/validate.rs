//! `renju validate FILE...`: replay every game of game files and report.

use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use indicatif::{ProgressBar, ProgressStyle};
use renju_core::formats::Format;
use renju_core::report::{validate_games, GameReport, Report, Severity};
use renju_core::ValidationOptions;

/// Games read and validated at a time.
const CHUNK: usize = 2_000;

/// Runs the command; returns 0 (no errors), 1 (errors found) or 2 (a file could not be
/// read).
pub fn run(
    files: &[PathBuf],
    format: Option<Format>,
    options: &ValidationOptions,
    json: bool,
    verbose: bool,
) -> ExitCode {
    let mut unreadable_files = 0;
    let mut reports: Vec<GameReport> = Vec::new();
    let show_progress = std::io::stderr().is_terminal();
    for path in files {
        let name = path.display().to_string();
        let Some(fmt) = format.or_else(|| Format::from_path(path)) else {
            eprintln!("renju: {name}: cannot tell the format from the file name; use --format (moves, rif, renlib, psq, sgf, openings)");
            unreadable_files += 1;
            continue;
        };
        let file = match std::fs::File::open(path) {
            Ok(f) => f,
            Err(e) => {
                eprintln!("renju: {name}: cannot read: {e}");
                unreadable_files += 1;
                continue;
            }
        };
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
        let mut records = fmt.read_from(std::io::BufReader::new(file), Some(&name));
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
        writeln!(out, "{}", report.to_json())
    } else {
        write_human(&mut out, &report, verbose)
    };
    if written.and_then(|_| out.flush()).is_err() {
        return ExitCode::from(2);
    }
    if unreadable_files > 0 {
        ExitCode::from(2)
    } else if report.summary.errors > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

fn write_human(out: &mut impl Write, report: &Report, verbose: bool) -> std::io::Result<()> {
    for g in &report.games {
        let notable = g.findings.iter().any(|f| f.severity != Severity::Info);
        if !verbose && !notable {
            continue;
        }
        let id =
            g.id.as_deref()
                .map(|i| format!(" ({i})"))
                .unwrap_or_default();
        let source = g.source.as_deref().unwrap_or("<input>");
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
                .map(|o| format!(", opening {o}"))
                .unwrap_or_default()
        )?;
        for f in &g.findings {
            let at = f
                .move_number
                .map(|m| format!(" move {m}"))
                .unwrap_or_default();
            writeln!(out, "  {:?}{at} [{}]: {}", f.severity, f.code, f.message)?;
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
    Ok(())
}
