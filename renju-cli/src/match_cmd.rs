//! `renju match`: engine matches and tournaments over the Gomocup protocol, refereed by
//! the live referee ([`renju_engine::matches`]), with records, a TRF results file and a
//! summary.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Args, ValueEnum};
use renju_core::RuleSet;
use renju_engine::matches::stats::Sprt;
use renju_engine::matches::{
    crosstable, run_observed, scheduled_games, EngineSpec, GameResult, GomocupLimits, Job,
    MatchError, MatchObserver, MatchOptions, MatchReport, OpeningsFile, OrderName, Summary,
};
use renju_engine::process::Stop;
use renju_records::formats::Format;
use renju_records::{OpeningRule, TimeControl};

/// A preset of settings.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Profile {
    /// Gomocup's tournament settings: no pass, a draw at size² − 25 stones, Swap2 through
    /// SWAP2BOARD, 1 s tolerance, 30 s a move and 180 s a game unless a time control is
    /// given.
    Gomocup,
}

/// The order openings are taken in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Order {
    /// As in the file.
    Sequential,
    /// Shuffled once with --srand.
    Random,
}

/// Options of `renju match`.
#[derive(Args)]
pub struct MatchArgs {
    /// An engine: its command line (`"./pbrain-x --threads 2"`, run in the current
    /// folder), or c-gomoku-cli's `cmd=... name=... option.KEY=VALUE` form (run, as
    /// c-gomoku-cli runs it, in the program's folder when it has a `/`). Repeatable,
    /// two or more.
    #[arg(long = "engine", value_name = "CMD", required = true)]
    engines: Vec<String>,
    /// The name of an engine: the N-th --name names the N-th --engine (default: the
    /// program's file name, numbered when two are alike).
    #[arg(long = "name", value_name = "NAME")]
    names: Vec<String>,
    /// A preset (gomocup); options given explicitly win over it.
    #[arg(long)]
    profile: Option<Profile>,
    /// Rule set (renju, freestyle, standard, caro).
    #[arg(long)]
    rule: Option<RuleSet>,
    /// Board side (c-gomoku-cli's -boardsize).
    #[arg(long, alias = "boardsize")]
    size: Option<u8>,
    #[arg(long, help = format!(
        "{}: steps no Gomocup command asks for come from --openings",
        crate::help::with_protocols("Opening protocol")
    ))]
    opening: Option<OpeningRule>,
    /// The time control in the library's syntax (`300+5`, `40/6000:900`,
    /// `TM[600]OT[5x30 byo-yomi]`, `TM[1800]OT[15/300 Canadian]`, ...).
    #[arg(long, value_name = "TC", conflicts_with = "tc")]
    time_control: Option<TimeControl>,
    /// Gomocup limits, c-gomoku-cli's tc=: `match/turn+increment` in seconds (`180/30`,
    /// `0/5` a turn limit alone).
    #[arg(long, value_name = "MATCH/TURN+INC")]
    tc: Option<GomocupLimits>,
    /// How late an engine's answers may come past its deadlines, in all in a game, and
    /// still count (as made at the deadline): `3s`, `500ms`, or a bare number of
    /// milliseconds (c-gomoku-cli's tolerance= is in seconds: write `3s` for its `3`).
    /// Default: 3s under --tc (as c-gomoku-cli), 1s in the Gomocup profile, 0 under
    /// --time-control.
    #[arg(long, value_name = "DURATION", value_parser = tolerance_ms)]
    tolerance: Option<u64>,
    /// How long an engine may be silent in an untimed game, in milliseconds (at least
    /// 1: 0 is refused).
    #[arg(long, value_name = "MS", default_value_t = 30_000)]
    silence: u64,
    /// Games per pair in each round.
    #[arg(long, default_value_t = 1)]
    games: u32,
    /// Rounds: the whole schedule repeated.
    #[arg(long, default_value_t = 1)]
    rounds: u32,
    /// Games played at once.
    #[arg(long, default_value_t = 1)]
    concurrency: usize,
    /// The first engine plays each other one (default: round robin).
    #[arg(long)]
    gauntlet: bool,
    /// Opening file: Gomocup offset or pos notation, or any record format the library
    /// reads (a move list holds swaps, declarations and fifth-move offers).
    #[arg(long, value_name = "FILE")]
    openings: Option<PathBuf>,
    /// The openings' format, when the extension does not say (`.txt` is read as
    /// Gomocup openings when its first line is offset or pos notation).
    #[arg(long)]
    openings_format: Option<Format>,
    /// The order openings are taken in.
    #[arg(long, value_enum, default_value = "sequential")]
    openings_order: Order,
    /// The seed of --openings-order random.
    #[arg(long, default_value_t = 0)]
    srand: u64,
    /// Play each opening twice, with the engines' seats reversed.
    #[arg(long)]
    repeat: bool,
    /// Each pass through the openings under the next of the 8 board symmetries.
    #[arg(long)]
    transform: bool,
    /// A draw once this many stones are on the board (c-gomoku-cli's -drawafter; at
    /// least 1: leave it out for no such draw).
    #[arg(long, value_name = "N")]
    draw_after: Option<usize>,
    /// A pass (`-1,-1`) loses instead of passing.
    #[arg(long)]
    no_pass: bool,
    /// Do not ask Swap2 steps with SWAP2BOARD (engines place the stones as moves and
    /// stay).
    #[arg(long)]
    no_swap2board: bool,
    /// Send SWAP2BOARD's stones as `x,y,field` lines, as BOARD does, to every engine
    /// (Rapfi needs them); one engine's: `--engine "cmd=... swap2board=fields"`.
    #[arg(long)]
    swap2board_fields: bool,
    /// The number sent with INFO rule (default: 0 freestyle, 1 standard, 4 renju, 8 caro).
    #[arg(long, value_name = "N")]
    gomocup_rule: Option<u32>,
    /// INFO max_memory, in bytes.
    #[arg(long, value_name = "BYTES", default_value_t = 367_001_600)]
    max_memory: u64,
    /// Sequential probability ratio test: `elo0,elo1[,alpha,beta]` (two engines); the
    /// match stops when it decides.
    #[arg(long, value_name = "ELO0,ELO1,ALPHA,BETA")]
    sprt: Option<Sprt>,
    /// A directory for one record per game (`game-0001.txt`, ...).
    #[arg(long, value_name = "DIR")]
    records: Option<PathBuf>,
    #[arg(
        long,
        default_value = "moves",
        help = crate::help::with_formats("The format of --records")
    )]
    record_format: Format,
    /// Every game's record in one SGF file, in schedule order (c-gomoku-cli's -sgf).
    #[arg(long, value_name = "FILE")]
    sgf: Option<PathBuf>,
    /// The results as a FIDE TRF file, for `renju standings`.
    #[arg(long, value_name = "FILE")]
    trf: Option<PathBuf>,
    /// The event name in records and the TRF file.
    #[arg(long, default_value = "renju match")]
    event: String,
    /// Print the report as JSON on standard output (the text summary then goes to
    /// standard error, with the progress lines).
    #[arg(long)]
    json: bool,
    /// No progress lines (each game as it starts and ends, on standard error) and, with
    /// --json, no text summary on standard error.
    #[arg(long, short)]
    quiet: bool,
}

/// The match's outputs, checked and created before play: the records' directory, the
/// SGF file (each game appended as it ends) and the TRF file (written at the end).
struct Outputs {
    records: Option<PathBuf>,
    format: Format,
    sgf: Option<(PathBuf, fs::File)>,
    trf: Option<(PathBuf, fs::File)>,
    errors: Vec<String>,
}

impl Outputs {
    /// Checks the outputs the arguments ask for and creates them: a schedule a TRF file
    /// cannot hold, one path for two outputs, records SGF cannot hold, or a file or
    /// directory that cannot be created is refused before any game is played.
    fn create(args: &MatchArgs, options: &MatchOptions) -> Result<Outputs, String> {
        if args.trf.is_some() {
            crosstable::check_rounds(options).map_err(|e| format!("--trf: {e}"))?;
        }
        if let (Some(sgf), Some(trf)) = (&args.sgf, &args.trf) {
            let same = sgf == trf
                || matches!((sgf.canonicalize(), trf.canonicalize()), (Ok(a), Ok(b)) if a == b);
            if same {
                return Err(format!(
                    "--sgf and --trf name the same file, {}: give each output a file of its own",
                    sgf.display()
                ));
            }
        }
        let sgf_records =
            args.sgf.is_some() || (args.records.is_some() && args.record_format == Format::Sgf);
        let limited_records =
            args.records.is_some() && !matches!(args.record_format, Format::MoveList | Format::Sgf);
        if limited_records && options.draw_after.is_some() {
            return Err(format!("{} records have no tag for the draw --draw-after declares: write move lists or SGF (--record-format moves or sgf)", args.record_format));
        }
        if sgf_records && options.opening.declares_offers() {
            return Err(format!("SGF has no property for the declared number of fifth-move offers of {}: leave out --sgf (or --record-format sgf), or write the records as move lists (--records DIR)", options.opening));
        }
        if let Some(dir) = &args.records {
            fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        }
        let create = |path: &PathBuf| {
            fs::File::create(path)
                .map(|f| (path.clone(), f))
                .map_err(|e| format!("{}: {e}", path.display()))
        };
        Ok(Outputs {
            records: args.records.clone(),
            format: args.record_format,
            sgf: args.sgf.as_ref().map(create).transpose()?,
            trf: args.trf.as_ref().map(create).transpose()?,
            errors: Vec::new(),
        })
    }

    /// Writes one game as it ends: its record file, and its tree in the SGF file.
    fn game(&mut self, g: &GameResult) {
        if let Some(dir) = &self.records {
            if let Err(e) = write_record(dir, self.format, g) {
                self.errors.push(e);
            }
        }
        if let Some((path, file)) = &mut self.sgf {
            let Some(record) = g.record_with_result() else {
                self.errors.push(format!("game {}: no record", g.index + 1));
                return;
            };
            let record = Format::Sgf.fit(&record);
            let written = (Format::Sgf.write(&[record]))
                .map_err(|e| format!("game {}: {e}", g.index + 1))
                .and_then(|bytes| {
                    file.write_all(&bytes)
                        .and_then(|()| file.flush())
                        .map_err(|e| format!("{}: {e}", path.display()))
                });
            if let Err(e) = written {
                self.errors.push(e);
            }
        }
    }

    /// Writes the TRF file once the match is over.
    fn finish(&mut self, report: &MatchReport, options: &MatchOptions) {
        if let Some((path, file)) = &mut self.trf {
            let written = (report.tournament(options).to_trf())
                .map_err(|e| format!("cannot write the TRF file: {e}"))
                .and_then(|text| {
                    file.write_all(text.as_bytes())
                        .map_err(|e| format!("{}: {e}", path.display()))
                });
            if let Err(e) = written {
                self.errors.push(e);
            }
        }
    }
}

/// Runs the command: 0 when every game was played and every record validates to its
/// result, 1 when a record does not, an output could not be written or an engine never
/// played a move, 2 when the
/// options, the outputs or the engines are wrong, 130 when interrupted.
pub fn run_command(args: MatchArgs) -> ExitCode {
    let options = match options(&args) {
        Ok(o) => o,
        Err(message) => {
            eprintln!("renju match: {message}");
            return ExitCode::from(2);
        }
    };
    if let Err(e) = scheduled_games(&options) {
        eprintln!("renju match: {e}");
        return ExitCode::from(2);
    }
    let mut outputs = match Outputs::create(&args, &options) {
        Ok(o) => o,
        Err(e) => {
            eprintln!("renju match: {e}");
            return ExitCode::from(2);
        }
    };
    renju_engine::process::catch_interrupt();
    let mut observer = Progress {
        outputs: &mut outputs,
        options: &options,
        quiet: args.quiet,
    };
    let report = match run_observed(&options, &Stop::new(), &mut observer) {
        Ok(r) => r,
        Err(e @ MatchError::Interrupted(_)) => {
            eprintln!("renju match: {e}");
            return ExitCode::from(130);
        }
        Err(e) => {
            eprintln!("renju match: {e}");
            return ExitCode::from(2);
        }
    };
    for (label, why) in &report.refused_openings {
        eprintln!("renju match: opening refused ({label}): {why}");
    }
    outputs.finish(&report, &options);
    for e in &outputs.errors {
        eprintln!("renju match: {e}");
    }
    if args.json {
        let value = report.json(&options);
        println!(
            "{}",
            serde_json::to_string_pretty(&value).unwrap_or_default()
        );
        if !args.quiet {
            eprint!("{}", report.summary.to_text());
        }
    } else {
        print!("{}", report.summary.to_text());
    }
    for (reason, n) in report.forfeit_reasons() {
        eprintln!(
            "renju match: forfeit ({n} {}): {reason}",
            if n == 1 { "game" } else { "games" }
        );
    }
    let silent = report.engines_without_a_move(options.engines.len());
    for &e in &silent {
        eprintln!(
            "renju match: {} never played a move (see the forfeit reasons above)",
            options.engines[e].name
        );
    }
    if report.interrupted {
        ExitCode::from(130)
    } else if report.summary.disagreements > 0 || !outputs.errors.is_empty() || !silent.is_empty() {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

/// A tolerance: `3s`, `2.5s`, `500ms`, or a bare number of milliseconds.
fn tolerance_ms(text: &str) -> Result<u64, String> {
    let t = text.trim();
    let (number, scale) = if let Some(ms) = t.strip_suffix("ms") {
        (ms, 1.0)
    } else if let Some(s) = t.strip_suffix('s') {
        (s, 1000.0)
    } else {
        (t, 1.0)
    };
    let value: f64 = (number.trim().parse())
        .map_err(|_| format!("`{text}` is not a duration (3s, 500ms, or milliseconds)"))?;
    let ms = value * scale;
    if !(0.0..=86_400_000.0).contains(&ms) {
        return Err(format!("`{text}` is not a duration from 0 to 24 hours"));
    }
    Ok(ms.round() as u64)
}

/// The match as it goes: each game written as it ends, and a line on standard error
/// as each starts and ends (c-gomoku-cli's `Started game` and `Finished game`), wherever
/// standard error goes (a terminal, a file, a pipe), each line flushed.
struct Progress<'a> {
    outputs: &'a mut Outputs,
    options: &'a MatchOptions,
    quiet: bool,
}

impl Progress<'_> {
    fn name(&self, e: usize) -> &str {
        self.options.engines[e].name.as_str()
    }

    fn say(&self, line: &str) {
        if !self.quiet {
            let mut err = std::io::stderr().lock();
            // Progress is best effort: a closed standard error must not stop the match.
            let _ = writeln!(err, "{line}").and_then(|()| err.flush());
        }
    }
}

impl MatchObserver for Progress<'_> {
    fn game_started(&mut self, job: &Job, s: &Summary) {
        self.say(&format!(
            "Started game {} of {} ({} vs {})",
            job.index + 1,
            s.scheduled,
            self.name(job.seats[0]),
            self.name(job.seats[1])
        ));
    }

    fn game_ended(&mut self, g: &GameResult, s: &Summary) {
        self.outputs.game(g);
        self.say(&progress_line(g, s, self.options));
    }
}

/// The line of a game that ended: its result and reason, the score so far.
fn progress_line(g: &GameResult, s: &Summary, options: &MatchOptions) -> String {
    let name = |e: usize| options.engines[e].name.as_str();
    let score = s.pairs.first().map_or(String::new(), |p| {
        format!(
            "; {} vs {}: {}-{}-{}",
            p.a, p.b, p.score.wins, p.score.losses, p.score.draws
        )
    });
    let sprt = s
        .sprt
        .as_ref()
        .map_or(String::new(), |t| format!(", LLR {:.2}", t.llr));
    format!(
        "Finished game {} ({} vs {}): {} {{{}}} [{}/{} played]{score}{sprt}",
        g.index + 1,
        name(g.black),
        name(g.white),
        g.result,
        g.reason,
        s.games,
        s.scheduled,
    )
}

/// The match options the arguments give: the profile's ([`MatchOptions::preset`]),
/// then those given, as Python's `renju.engine.MatchSettings` reads its keywords.
fn options(args: &MatchArgs) -> Result<MatchOptions, String> {
    let engines = args
        .engines
        .iter()
        .map(|text| EngineSpec::from_text(text))
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| format!("--{e}"))?;
    let profile = args.profile.map(|p| match p {
        Profile::Gomocup => renju_engine::matches::Profile::Gomocup,
    });
    let size = args.size.unwrap_or(15);
    let openings_file = (args.openings.as_deref())
        .map(|path| OpeningsFile::open(path, args.openings_format))
        .transpose();
    let preset = MatchOptions::preset(
        profile,
        size,
        args.openings.is_some(),
        args.time_control.clone(),
        args.tc,
    );
    let given = |o: MatchOptions| MatchOptions {
        rule_set: args.rule.unwrap_or(o.rule_set),
        opening: args.opening.unwrap_or(o.opening),
        tolerance_ms: args.tolerance.unwrap_or(o.tolerance_ms),
        silence_ms: args.silence,
        games: args.games,
        rounds: args.rounds,
        concurrency: args.concurrency,
        gauntlet: args.gauntlet,
        opening_order: match args.openings_order {
            Order::Sequential => OrderName::Sequential,
            Order::Random => OrderName::Random,
        }
        .with_seed(args.srand),
        repeat: args.repeat,
        transform: args.transform,
        draw_after: args.draw_after.or(o.draw_after),
        no_pass: args.no_pass || o.no_pass,
        swap2board: !args.no_swap2board,
        gomocup_rule: args.gomocup_rule,
        max_memory: args.max_memory,
        sprt: args.sprt,
        event: args.event.clone(),
        ..o
    };
    let options = preset.and_then(|o| {
        let o = o.with_engines(&engines, &args.names, args.swap2board_fields)?;
        Ok(MatchOptions {
            openings_file: openings_file?,
            ..given(o)
        })
    });
    options.map_err(|e| match e {
        MatchError::Names { names, engines } => format!("{names} --name for {engines} --engine"),
        e => e.to_string(),
    })
}

fn write_record(dir: &Path, format: Format, g: &GameResult) -> Result<(), String> {
    let ext = format.info().extensions.first().unwrap_or(&"txt");
    let path = dir.join(format!("game-{:04}.{ext}", g.index + 1));
    // SGF keeps every result with its reason (RE); RenLib infers the board's own.
    let record = if format == Format::Sgf {
        g.record_with_result()
    } else {
        g.record.clone()
    };
    // The runner hands every game to `on_game` with its record.
    let record = record.ok_or_else(|| format!("game {}: no record", g.index + 1))?;
    let bytes = format
        .write(&[format.fit(&record)])
        .map_err(|e| format!("game {}: {e}", g.index + 1))?;
    fs::write(&path, bytes).map_err(|e| format!("{}: {e}", path.display()))
}
