//! `renju clock FILE...`: the replayed clock of every game, move by move.

use std::fmt::Write as _;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use renju_core::Color;
use renju_records::clock::SideState;
use renju_records::formats::Format;
use renju_records::time_control::format_clock;
use renju_records::{Event, Game, Severity, ValidationOptions};

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

/// The seat (0: first, 1: second) holding Black at each move number (index 0 unused):
/// every swap before the move exchanges it.
fn black_seat_by_move(game: &Game) -> Vec<usize> {
    let mut seats = vec![0];
    let mut black = 0;
    for event in &game.events {
        match event {
            Event::Swap { swap: true } => black = 1 - black,
            Event::Stone { .. } | Event::Pass | Event::FifthOffers { .. } => seats.push(black),
            _ => {}
        }
    }
    seats
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
    // Clocks belong to players: a move is on the clock of the player who pressed it
    // (the first player's opening stones of either colour too), named by the colour
    // they hold after it, and took what that player's used time grew by since their
    // last row (a swap has no row: its time shows in the time left).
    let black_seats = black_seat_by_move(game);
    let mut previous_used = [0u64; 2];
    for mc in &replay.clock {
        let color = mc.state.to_move.opponent();
        let black_seat = black_seats.get(mc.move_number).copied().unwrap_or(0);
        let seat_of = |c: Color| {
            if c == Color::Black {
                black_seat
            } else {
                1 - black_seat
            }
        };
        let used = mc.state.side(color).used_ms;
        let took = used.saturating_sub(previous_used[seat_of(color)]);
        previous_used[seat_of(Color::Black)] = mc.state.black.used_ms;
        previous_used[seat_of(Color::White)] = mc.state.white.used_ms;
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
