//! `renju clock FILE...`: the replayed clock of every game, move by move.

use std::fmt::Write as _;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use renju_core::Color;
use renju_records::clock::SideState;
use renju_records::formats::Format;
use renju_records::time_control::format_clock;
use renju_records::{Game, Severity, ValidationOptions};

use renju_display::text::printable;

fn side(state: &SideState) -> String {
    let mut text = format!("{:>9}", format_clock(state.time_left_ms));
    let _ = write!(text, "  period {}", state.period);
    if let Some(n) = state.moves_left {
        let _ = write!(text, ", {n} to make");
    }
    if let Some(n) = state.overtime_periods_left {
        let _ = write!(text, ", {n} overtime left");
    }
    text
}

/// Prints one game's clock; returns whether it has a clock error.
fn print_game(out: &mut impl Write, game: &Game, options: &ValidationOptions) -> bool {
    let replay = game.replay(options);
    let label = match &game.id {
        Some(id) => format!("game {} ({})", game.source.index + 1, printable(id)),
        None => format!("game {}", game.source.index + 1),
    };
    let file = game.source.file.as_deref().unwrap_or("-");
    let Some(time) = &replay.time else {
        // Either no control applies, or the game could not be replayed at all (a board
        // its rule set does not allow, a rule the library does not know): say which.
        match replay.position {
            Some(_) => {
                let _ = writeln!(
                    out,
                    "{}: {label}: no time control (name one with --time-control)",
                    printable(file)
                );
                return false;
            }
            None => {
                for f in &replay.findings {
                    let _ = writeln!(
                        out,
                        "{}: {label}: not replayed: {}",
                        printable(file),
                        printable(&f.message)
                    );
                }
                return true;
            }
        }
    };
    let _ = writeln!(
        out,
        "{}: {label}: {}",
        printable(file),
        printable(&time.control.to_string())
    );
    let _ = writeln!(
        out,
        "  move  player  took       black left                         white left"
    );
    let mut previous_used = [0u64; 2];
    for mc in &replay.clock {
        let color = if mc.move_number % 2 == 1 {
            Color::Black
        } else {
            Color::White
        };
        let used = mc.state.side(color).used_ms;
        let i = usize::from(color == Color::White);
        let took = used.saturating_sub(previous_used[i]);
        previous_used[i] = used;
        let played = replay
            .verdicts
            .iter()
            .find(|v| v.number == mc.move_number)
            .map_or_else(String::new, |v| v.played.to_string());
        let _ = writeln!(
            out,
            "  {:>4} {:>4} {:<5} {:>9}  {:<34} {}",
            mc.move_number,
            played,
            color.name(),
            format_clock(took),
            side(&mc.state.black),
            side(&mc.state.white)
        );
    }
    let _ = writeln!(
        out,
        "  used: black {}, white {}{}",
        format_clock(time.black_used_ms),
        format_clock(time.white_used_ms),
        if time.complete {
            ""
        } else {
            " (the record's times stop early)"
        }
    );
    let mut error = false;
    for f in &replay.findings {
        if f.code.is_about_the_clock() {
            error |= f.severity == Severity::Error;
            let _ = writeln!(
                out,
                "  {} {}: {}",
                f.severity.name(),
                f.code,
                printable(&f.message)
            );
        }
    }
    let _ = writeln!(out, "  outcome: {}", replay.outcome);
    error
}

/// Runs the command (see `renju clock --help`).
pub fn run(files: &[PathBuf], format: Option<Format>, options: &ValidationOptions) -> ExitCode {
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let mut errors = false;
    let mut unreadable = false;
    for path in files {
        let name = path.display().to_string();
        let Some(format) = format.or_else(|| Format::from_path(path)) else {
            eprintln!(
                "renju: {}: cannot tell the format from the extension (use --format)",
                printable(&name)
            );
            unreadable = true;
            continue;
        };
        let bytes = match std::fs::read(path) {
            Ok(b) => b,
            Err(e) => {
                eprintln!("renju: {}: {e}", printable(&name));
                unreadable = true;
                continue;
            }
        };
        for record in format.read(&bytes, Some(&name)) {
            match record {
                Ok(game) => errors |= print_game(&mut out, &game, options),
                Err(e) => {
                    errors = true;
                    let _ = writeln!(out, "{}", printable(&e.to_string()));
                }
            }
        }
    }
    let _ = out.flush();
    if unreadable {
        ExitCode::from(2)
    } else if errors {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}
