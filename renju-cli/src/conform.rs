//! `renju conform`: drives another engine or library over its own protocol and checks
//! its forbidden points against the judge (see `renju_engine::conform`).

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use clap::Args;
use renju_engine::conform::{self, ConformOptions, GomocupQuery, Protocol, Reading};

use renju_display::text::printable;

/// The arguments of `renju conform`.
#[derive(Args)]
pub struct ConformArgs {
    /// The engine's command line, as one string ("./pbrain-x --renju").
    #[arg(long, value_name = "CMD ARGS")]
    engine: String,
    /// The protocol the engine speaks: jsonl (the `renju forbidden` schema) or gomocup
    /// (Piskvork with Yixin's YXBOARD / YXSHOWFORBID; move mode without them).
    #[arg(long, default_value = "jsonl")]
    protocol: Protocol,
    /// Positions: `fixtures` (the built-in corpus, the default unless --random is
    /// given), a fixture file (.txt with `== id ==` records) or a game file in any
    /// format the library reads. Repeatable.
    #[arg(long, value_name = "SOURCE")]
    positions: Vec<String>,
    /// Also N dense random positions (deterministic for --seed), at most 100,000.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(0..=100_000))]
    random: Option<u32>,
    /// The seed of --random.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// The reading of the disputed case to check against (rif, five-completion-counts).
    #[arg(long, default_value = "rif")]
    reading: Reading,
    /// The time limit of one answer, in milliseconds.
    #[arg(long, default_value_t = 2000, value_name = "T")]
    timeout_ms: u64,
    /// Gomocup: the number sent with `INFO rule` (4 is Piskvork's renju; Yixin uses 2).
    #[arg(long, default_value_t = 4, value_name = "N")]
    gomocup_rule: u32,
    /// Gomocup: how forbidden points are asked for (auto, forbid, move).
    #[arg(long, default_value = "auto")]
    gomocup_query: GomocupQuery,
    /// jsonl: send every position first, then read the answers, for engines that do
    /// not flush their output after each line (`renju forbidden` itself). The time
    /// limit is then T times the number of positions, for the whole run.
    #[arg(long)]
    batch: bool,
    /// Print the report as JSON.
    #[arg(long)]
    json: bool,
    /// Also write the report as JUnit XML to FILE.
    #[arg(long, value_name = "FILE")]
    junit: Option<PathBuf>,
}

/// Runs `renju conform`: 0 when the engine agrees everywhere, 1 on a disagreement, 2
/// when it cannot be run (or a source cannot be read).
pub fn run(args: ConformArgs) -> ExitCode {
    let engine = match conform::split_command(&args.engine) {
        Ok(words) => words,
        Err(e) => {
            eprintln!("renju conform: {e}");
            return ExitCode::from(2);
        }
    };
    let mut positions = Vec::new();
    let mut sources = args.positions.clone();
    if sources.is_empty() && args.random.is_none() {
        sources.push("fixtures".into());
    }
    for source in &sources {
        match conform::read_source(source) {
            Ok(found) => positions.extend(found),
            Err(e) => {
                eprintln!("renju conform: {}", printable(&e));
                return ExitCode::from(2);
            }
        }
    }
    if let Some(n) = args.random {
        positions.extend(conform::random_conform_positions(n as usize, args.seed));
    }
    let options = ConformOptions {
        engine,
        protocol: args.protocol,
        reading: args.reading,
        timeout: Duration::from_millis(args.timeout_ms),
        gomocup_rule: args.gomocup_rule,
        gomocup_query: args.gomocup_query,
        batch: args.batch,
    };
    let report = match conform::run(&positions, &options) {
        Ok(report) => report,
        Err(e) => {
            eprintln!("renju conform: {}", printable(&e.to_string()));
            return ExitCode::from(2);
        }
    };
    if args.json {
        match serde_json::to_string_pretty(&report) {
            Ok(text) => println!("{text}"),
            Err(e) => {
                eprintln!("renju conform: {e}");
                return ExitCode::from(2);
            }
        }
    } else {
        print!("{}", printable_block(&report.to_text()));
    }
    if let Some(path) = &args.junit {
        if let Err(e) = std::fs::write(path, report.to_junit()) {
            eprintln!("renju conform: {}: {e}", path.display());
            return ExitCode::from(2);
        }
    }
    if report.all_agree() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

/// Text made safe for a terminal line by line (the engine's answers are quoted in it).
fn printable_block(text: &str) -> String {
    text.lines()
        .map(|l| printable(l).into_owned() + "\n")
        .collect()
}
