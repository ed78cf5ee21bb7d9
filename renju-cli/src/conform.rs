//! `renju conform`: drives another engine or library over its own protocol and checks
//! its forbidden points against the judge (see `renju_engine::conform`).

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use clap::Args;
use renju_engine::conform::families::{families_conform_positions, Family};
use renju_engine::conform::pack::{read_pack_positions, write_pack as write_pack_dir, PackOptions};
use renju_engine::conform::{self, ConformOptions, GomocupQuery, Protocol, Reading};

use renju_display::text::printable;

/// The arguments of `renju conform`.
#[derive(Args)]
pub struct ConformArgs {
    /// The engine's command line, as one string ("./pbrain-x --renju").
    #[arg(long, value_name = "CMD ARGS", required_unless_present = "write_pack")]
    engine: Option<String>,
    /// The protocol the engine speaks: jsonl (the `renju forbidden` schema) or gomocup
    /// (Piskvork with Yixin's YXBOARD / YXSHOWFORBID; move mode without them).
    #[arg(long, default_value = "jsonl")]
    protocol: Protocol,
    /// Positions: `fixtures` (the built-in corpus, the default unless --random,
    /// --families or --pack is given), a JSON-lines query file (`renju forbidden`
    /// input), a fixture file (.txt with `== id ==` records) or a game file in any
    /// format the library reads. Repeatable.
    #[arg(long, value_name = "SOURCE")]
    positions: Vec<String>,
    /// Also N dense random positions (deterministic for --seed), at most 100,000.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(0..=100_000))]
    random: Option<u32>,
    /// The seed of --random.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Targeted families instead of uniform random positions: `all` or a comma list
    /// (uniform, five-plus-overline, double-five, five-plus-double-four,
    /// five-plus-double-three, overline-plus-double-four, double-four-plus-double-three,
    /// double-four-one-line, deep-recursion, disputed). The --random N positions
    /// (default 200) are shared among them in turn.
    #[arg(long, value_name = "LIST")]
    families: Option<String>,
    /// Also the positions of a conformance pack (a directory written by --write-pack).
    #[arg(long, value_name = "DIR")]
    pack: Option<PathBuf>,
    /// Write the conformance pack into DIR (no engine is run).
    #[arg(long, value_name = "DIR", conflicts_with = "pack")]
    write_pack: Option<PathBuf>,
    /// Stop after N positions with a disagreement.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    max_failures: Option<u64>,
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
    if let Some(dir) = &args.write_pack {
        return write_pack(dir, args.seed);
    }
    let engine = match renju_engine::process::split_command(args.engine.as_deref().unwrap_or("")) {
        Ok(words) => words,
        Err(e) => {
            eprintln!("renju conform: {e}");
            return ExitCode::from(2);
        }
    };
    let families = match args.families.as_deref().map(Family::parse_list).transpose() {
        Ok(f) => f,
        Err(e) => {
            eprintln!("renju conform: --families: {e} (or `all`)");
            return ExitCode::from(2);
        }
    };
    let mut positions = Vec::new();
    if let Some(dir) = &args.pack {
        match read_pack_positions(dir, args.reading) {
            Ok(found) => positions.extend(found),
            Err(e) => {
                eprintln!("renju conform: {}", printable(&e.to_string()));
                return ExitCode::from(2);
            }
        }
    }
    let mut sources = args.positions.clone();
    if sources.is_empty() && args.random.is_none() && families.is_none() && args.pack.is_none() {
        sources.push("fixtures".into());
    }
    for source in &sources {
        match conform::read_source(source) {
            Ok(found) => positions.extend(found),
            Err(e) => {
                eprintln!("renju conform: {}", printable(&e.to_string()));
                return ExitCode::from(2);
            }
        }
    }
    match (&families, args.random) {
        (Some(list), n) => positions.extend(families_conform_positions(
            list,
            n.unwrap_or(200) as usize,
            args.seed,
        )),
        (None, Some(n)) => {
            positions.extend(conform::random_conform_positions(n as usize, args.seed))
        }
        (None, None) => {}
    }
    let options = ConformOptions {
        engine,
        protocol: args.protocol,
        reading: args.reading,
        timeout: Duration::from_millis(args.timeout_ms),
        gomocup_rule: args.gomocup_rule,
        gomocup_query: args.gomocup_query,
        batch: args.batch,
        max_failures: args.max_failures.map(|n| n as usize),
    };
    // Ctrl-C, SIGTERM and SIGHUP end the run as they end `renju match`: the engine
    // (in a process group of its own) is ended and the report so far printed.
    renju_engine::process::catch_interrupt();
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
    if renju_engine::process::interrupted() {
        ExitCode::from(130)
    } else if report.all_agree() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

/// `renju conform --write-pack DIR`: 0 when written, 2 when it cannot be.
fn write_pack(dir: &std::path::Path, seed: u64) -> ExitCode {
    let options = PackOptions {
        seed,
        ..PackOptions::default()
    };
    match write_pack_dir(dir, &options) {
        Ok(manifest) => {
            for s in &manifest.sections {
                println!(
                    "{}: {} records, {} bytes ({})",
                    s.name,
                    s.lines,
                    s.bytes,
                    dir.join(&s.file).display()
                );
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("renju conform: {}", printable(&e.to_string()));
            ExitCode::from(2)
        }
    }
}

/// Text made safe for a terminal line by line (the engine's answers are quoted in it).
fn printable_block(text: &str) -> String {
    text.lines()
        .map(|l| printable(l).into_owned() + "\n")
        .collect()
}
