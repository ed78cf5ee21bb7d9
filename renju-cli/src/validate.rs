//! `renju validate FILE...`: replay every game of game files and report.

use std::collections::HashMap;
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

use indicatif::{ProgressBar, ProgressStyle};
use renju_core::Outcome;
use renju_display::text::{write_games, write_summary};
use renju_records::decisions::TimeReport;
use renju_records::formats::Format;
use renju_records::report::{
    validate_games, DuplicateIds, Finding, GameReport, Summary, UnreadableFile,
};
use renju_records::ValidationOptions;
use serde::ser::SerializeSeq;
use serde::{Serialize, Serializer};

use renju_display::text::printable;

/// Games read and validated at a time.
const CHUNK: usize = 2_000;

/// How the report is printed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Output {
    /// For people: the games with errors or warnings (every game with `verbose`), then
    /// the totals.
    Text {
        /// Every game.
        verbose: bool,
    },
    /// One JSON document (`--json`).
    Json,
    /// JSON lines (`--jsonl`): a game report per line as the games are validated, then
    /// `{"summary": ..., "unreadable_files": [...]}`.
    JsonLines,
}

/// Runs the command; returns 0 (no errors), 1 (errors found) or 2 (a file could not be
/// read, or the report could not be written).
///
/// Memory: records are read and validated [`CHUNK`] at a time, and the summary is a
/// running total ([`Summary::add`], duplicate ids by [`DuplicateIds`], one per file). The
/// human report prints each chunk's games with errors or warnings (all with `--verbose`)
/// as soon as they are validated, so it holds one chunk whatever the input's size, and so
/// does `--jsonl` (its lines are written a chunk at a time, in input order); only
/// `--json` keeps every game's report, since it prints them all in one document, and
/// `--html` keeps the first [`renju_display::html::MAX_FINDINGS`] findings with their games' stones, and
/// counts the rest (the page says how many were left out and that `--jsonl` lists them).
///
/// A file that cannot be read is reported on stderr, in the human report's last line and,
/// with `--json`, in the report itself (see [`json_report`]), so that a consumer that
/// ignores the exit code still sees it.
pub fn run(
    files: &[PathBuf],
    format: Option<Format>,
    options: &ValidationOptions,
    output: Output,
    html: Option<&std::path::Path>,
    limits: renju_records::formats::ReadLimits,
) -> ExitCode {
    let mut run = Run {
        options,
        output,
        reports: Kept::default(),
        summary: Summary::default(),
        html_report: html.map(|_| renju_display::html::HtmlReport::new(options)),
        unreadable: Vec::new(),
        out: std::io::BufWriter::new(std::io::stdout().lock()),
    };
    for path in files {
        let name = path.display().to_string();
        match open(path, format) {
            Err(error) => {
                eprintln!("renju: {}: {}", printable(&name), printable(&error));
                run.unreadable.push(UnreadableFile { file: name, error });
            }
            Ok((fmt, file)) => {
                let reader = std::io::BufReader::new(file);
                let records = fmt.read_from_with(reader, Some(&name), limits);
                if run.validate_file(&name, records).is_err() {
                    return ExitCode::from(2);
                }
            }
        }
    }
    run.finish(html)
}

/// The file at `path` opened, with its format (given, or told by its name), or why it
/// cannot be read.
fn open(path: &Path, format: Option<Format>) -> Result<(Format, std::fs::File), String> {
    let Some(fmt) = format.or_else(|| Format::from_path(path)) else {
        return Err(crate::help::with_formats(
            "cannot tell the format from the file name; use --format",
        ));
    };
    let file = std::fs::File::open(path).map_err(|e| format!("cannot read: {e}"))?;
    // A directory opens, then fails on the first read: that is a file that cannot be
    // read, not a game record that cannot.
    if file.metadata().is_ok_and(|m| m.is_dir()) {
        return Err("cannot read: is a directory".to_string());
    }
    Ok((fmt, file))
}

/// A run of `renju validate`: what it keeps and where it writes.
struct Run<'a, W: Write> {
    options: &'a ValidationOptions,
    output: Output,
    /// With --json, every report (the JSON document holds them all); otherwise none.
    reports: Kept,
    summary: Summary,
    /// With --html, the rows and boards of the HTML report.
    html_report: Option<renju_display::html::HtmlReport>,
    unreadable: Vec<UnreadableFile>,
    out: W,
}

impl<W: Write> Run<'_, W> {
    /// Validates the records of one file, a chunk at a time: records stream in (move
    /// lists and RenjuNet databases are never held whole) and each chunk is validated on
    /// all cores. An error is a failed write of the report.
    fn validate_file(
        &mut self,
        name: &str,
        mut records: impl Iterator<Item = Result<renju_records::Game, renju_core::ParseError>>,
    ) -> std::io::Result<()> {
        let bar = progress_bar(name);
        let mut chunk = Vec::with_capacity(CHUNK);
        let mut first_index = 0;
        // Ids repeat within a file only: one tracker per file.
        let mut duplicates = DuplicateIds::new();
        loop {
            chunk.clear();
            chunk.extend(records.by_ref().take(CHUNK));
            if chunk.is_empty() {
                break;
            }
            let mut batch = validate_games(&chunk, self.options, first_index);
            for (game, record) in batch.iter_mut().zip(&chunk) {
                duplicates.check_record(game, record);
                self.summary.add(game);
            }
            if let Some(h) = self.html_report.as_mut() {
                h.add(&batch, &chunk);
            }
            // The spinner steps aside while the games are printed.
            bar.suspend(|| self.write_batch(batch))?;
            first_index += chunk.len();
            bar.set_position(first_index as u64);
        }
        bar.finish_and_clear();
        Ok(())
    }

    /// A validated chunk: kept for --json, else printed as the output asks.
    fn write_batch(&mut self, batch: Vec<GameReport>) -> std::io::Result<()> {
        match self.output {
            Output::Json => {
                self.reports.keep(batch);
                Ok(())
            }
            Output::JsonLines => write_lines(&mut self.out, &batch),
            Output::Text { verbose } => {
                write_games(&mut self.out, &batch, verbose).and_then(|_| self.out.flush())
            }
        }
    }

    /// The totals (each file that could not be read counts as an `unreadable-file`
    /// error), the HTML page, and the exit code.
    fn finish(mut self, html: Option<&Path>) -> ExitCode {
        for _ in &self.unreadable {
            self.summary.add_unreadable_file();
        }
        let (summary, unreadable, out) = (&self.summary, &self.unreadable, &mut self.out);
        let written = match self.output {
            Output::Json => write_json(out, &self.reports, summary, unreadable),
            Output::JsonLines => write_summary_line(out, summary, unreadable),
            Output::Text { .. } => write_summary(out, summary, unreadable),
        };
        if written.and_then(|_| out.flush()).is_err() {
            return ExitCode::from(2);
        }
        if let (Some(path), Some(h)) = (html, &self.html_report) {
            if !write_html(h, path, summary, unreadable) {
                return ExitCode::from(2);
            }
        }
        if !unreadable.is_empty() {
            ExitCode::from(2)
        } else if summary.errors > 0 {
            ExitCode::from(1)
        } else {
            ExitCode::SUCCESS
        }
    }
}

/// A spinner on a terminal (nothing otherwise): the file's name and the games done.
fn progress_bar(name: &str) -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new_spinner();
    bar.set_style(
        ProgressStyle::with_template("{msg} {spinner} {pos} games ({elapsed})")
            .expect("valid template"),
    );
    bar.set_message(name.to_string());
    bar
}

/// Writes the HTML page to `path`, saying on stderr how many findings were left out;
/// false when it cannot be written.
fn write_html(
    h: &renju_display::html::HtmlReport,
    path: &Path,
    summary: &Summary,
    unreadable: &[UnreadableFile],
) -> bool {
    let shown = printable(&path.display().to_string()).into_owned();
    if let Err(e) = h.write_file(path, summary, unreadable) {
        eprintln!("renju: cannot write {shown}: {e}");
        return false;
    }
    if h.left_out() > 0 {
        eprintln!(
            "renju: {shown}: the page shows the first {} findings; {} more were left out (--jsonl lists every finding)",
            renju_display::html::MAX_FINDINGS,
            h.left_out()
        );
    }
    true
}

/// The JSON report, written as it is serialised (never held whole). When every file
/// could be read it is exactly the library's (`Report::to_json` of the same games and
/// summary). Otherwise the files that could not be read are added as a top-level
/// `"unreadable_files": [{"file": ..., "error": ...}]` array, and each counts in the
/// summary as an error with the finding code `unreadable-file` (`summary.errors`,
/// `summary.findings`), so that a report with an unreadable file never looks clean. No
/// existing field changes shape.
fn write_json(
    out: &mut impl Write,
    games: &Kept,
    summary: &Summary,
    unreadable: &[UnreadableFile],
) -> std::io::Result<()> {
    let report = JsonReport {
        games: Games(games),
        summary,
        unreadable_files: unreadable,
    };
    serde_json::to_writer_pretty(&mut *out, &report)?;
    writeln!(out)
}

/// `--jsonl`: one line per game report, flushed (the lines of a chunk reach the reader
/// as the chunk is done).
fn write_lines(out: &mut impl Write, games: &[GameReport]) -> std::io::Result<()> {
    for g in games {
        serde_json::to_writer(&mut *out, g)?;
        out.write_all(b"\n")?;
    }
    out.flush()
}

/// `--jsonl`'s last line: `{"summary": ...}` as in the JSON report, with
/// `"unreadable_files"` when some file could not be read.
fn write_summary_line(
    out: &mut impl Write,
    summary: &Summary,
    unreadable: &[UnreadableFile],
) -> std::io::Result<()> {
    #[derive(Serialize)]
    struct Line<'a> {
        summary: &'a Summary,
        #[serde(skip_serializing_if = "<[_]>::is_empty")]
        unreadable_files: &'a [UnreadableFile],
    }
    serde_json::to_writer(
        &mut *out,
        &Line {
            summary,
            unreadable_files: unreadable,
        },
    )?;
    writeln!(out)
}

/// The JSON report: [`Report`]'s fields, then the files that could not be read.
#[derive(Serialize)]
struct JsonReport<'a> {
    games: Games<'a>,
    summary: &'a Summary,
    #[serde(skip_serializing_if = "<[_]>::is_empty")]
    unreadable_files: &'a [UnreadableFile],
}

/// Game reports kept for `--json`, compactly: a chunk's worth to a vector (none is ever
/// copied into a larger one), the file name and the rule, protocol and opening names
/// stored once and numbered. About 72 bytes a game besides its id and findings, a third
/// of a [`GameReport`].
#[derive(Default)]
struct Kept {
    chunks: Vec<Vec<CompactReport>>,
    /// Every distinct file name and rule, protocol or opening name; 0 is none.
    names: Vec<Option<Arc<str>>>,
    numbers: HashMap<Arc<str>, u32>,
}

/// A [`GameReport`] with its names numbered in [`Kept::names`].
struct CompactReport {
    source: u32,
    rule: u32,
    protocol: u32,
    opening: u32,
    index: usize,
    moves: usize,
    id: Option<Box<str>>,
    outcome: Outcome,
    time: Option<Box<TimeReport>>,
    findings: Box<[Finding]>,
}

impl Kept {
    fn keep(&mut self, batch: Vec<GameReport>) {
        let chunk = batch
            .into_iter()
            .map(|g| CompactReport {
                source: self.number(g.source.as_deref()),
                rule: self.number(g.rule.as_deref()),
                protocol: self.number(g.protocol.as_deref()),
                opening: self.number(g.opening.as_deref()),
                index: g.index,
                moves: g.moves,
                id: g.id.map(String::into_boxed_str),
                outcome: g.outcome,
                time: g.time.map(Box::new),
                findings: g.findings.into_boxed_slice(),
            })
            .collect();
        self.chunks.push(chunk);
    }

    fn number(&mut self, name: Option<&str>) -> u32 {
        let Some(name) = name else { return 0 };
        if self.names.is_empty() {
            self.names.push(None);
        }
        if let Some(&n) = self.numbers.get(name) {
            return n;
        }
        let n = u32::try_from(self.names.len()).expect("fewer than 2^32 names");
        let name: Arc<str> = Arc::from(name);
        self.names.push(Some(Arc::clone(&name)));
        self.numbers.insert(name, n);
        n
    }

    fn name(&self, n: u32) -> Option<&Arc<str>> {
        self.names.get(n as usize).and_then(Option::as_ref)
    }

    /// The report of a kept game, as it was.
    fn report(&self, g: &CompactReport) -> GameReport {
        let text = |n| self.name(n).map(|s| s.to_string());
        GameReport {
            source: self.name(g.source).cloned(),
            index: g.index,
            id: g.id.as_deref().map(str::to_string),
            moves: g.moves,
            rule: text(g.rule),
            protocol: text(g.protocol),
            opening: text(g.opening),
            outcome: g.outcome,
            time: g.time.as_deref().cloned(),
            findings: g.findings.to_vec(),
        }
    }
}

/// The kept game reports, serialised as one array.
struct Games<'a>(&'a Kept);

impl Serialize for Games<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let kept = self.0;
        let mut seq = serializer.serialize_seq(Some(kept.chunks.iter().map(Vec::len).sum()))?;
        for game in kept.chunks.iter().flatten() {
            seq.serialize_element(&kept.report(game))?;
        }
        seq.end()
    }
}
