//! The `renju` command.
//!
//! * `renju forbidden`: the conformance interface. Reads JSON Lines on stdin, one
//!   position a line, and writes one JSON line each with Black's forbidden points.

use std::io::{self, BufRead, BufWriter, Write};
use std::process::ExitCode;

use clap::{Parser, Subcommand};

mod forbidden;

/// Judges Renju and Gomoku positions as a tournament referee would.
#[derive(Parser)]
#[command(name = "renju", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Black's forbidden points of positions read as JSON Lines on stdin.
    ///
    /// Each input line is {"board": [15 strings, row 15 first, cells B W .]} or
    /// {"moves": "h8 i9 j10"}, with optional "rule" (renju, freestyle, standard, caro),
    /// "size" (with "moves", gomoku rule sets only) and "five_completion_counts" (bool).
    /// Each output line is {"forbidden": {"h10": "double-three", ...}}; a line that
    /// cannot be read gives {"error": "...", "line": N} and the others go on.
    Forbidden {
        /// Also explain what a black stone on this point would be.
        #[arg(long, value_name = "POINT")]
        explain: Option<String>,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Forbidden { explain } => {
            let stdin = io::stdin().lock();
            let mut out = BufWriter::new(io::stdout().lock());
            let mut errors = 0usize;
            for (i, line) in stdin.lines().enumerate() {
                let line = match line {
                    Ok(l) => l,
                    Err(e) => {
                        eprintln!("renju: cannot read stdin: {e}");
                        return ExitCode::from(2);
                    }
                };
                if line.trim().is_empty() {
                    continue;
                }
                let reply = forbidden::answer(&line, i + 1, explain.as_deref());
                errors += usize::from(reply.get("error").is_some());
                if writeln!(out, "{reply}").is_err() {
                    return ExitCode::from(2);
                }
            }
            if out.flush().is_err() {
                return ExitCode::from(2);
            }
            if errors > 0 {
                ExitCode::from(1)
            } else {
                ExitCode::SUCCESS
            }
        }
    }
}
