//! The `renju` command.
//!
//! * `renju validate FILE...`: replays every game of game files under its rules and
//!   opening protocol and reports what is legal, what is not and why.
//! * `renju forbidden`: the conformance interface. Reads JSON Lines on stdin, one
//!   position a line, and writes one JSON line each with Black's forbidden points.
//! * `renju standings FILE...`: standings and tie-breaks of crosstables.
//! * `renju pair --round-robin FILE`: the next round of a round robin; `renju pair
//!   --draw-lots --seed N FILE`: the drawing of lots for the pairing numbers.
//! * `renju show POSITION`: a picture of a position (SVG or PNG), with explanations.
//! * `renju match --engine A --engine B`: engine matches refereed under the rules.

use std::process::ExitCode;

use clap::{Parser, Subcommand};

mod clock;
mod conform;
mod forbidden_stream;
mod help;
mod match_cmd;
mod pair;
mod pair_teams;
mod referee;
mod show;
mod standings;
mod validate;

use std::path::PathBuf;

use renju_core::{RenjuOptions, RuleSet};
use renju_records::clock::{BothFlags, ClockOptions};
use renju_records::formats::{Format, ReadLimits};
use renju_records::opening::{OfferEquivalence, OpeningRule};
use renju_records::{ClaimModel, TimeControl, ValidationOptions};
use renju_tournament::{Regulation, System};

/// Judges Renju and Gomoku positions as a tournament referee would.
#[derive(Parser)]
#[command(name = "renju", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Validate game files: replay every game and report findings.
    ///
    /// Exit code 0 when no errors were found, 1 when errors were found, 2 when a file
    /// could not be read (with --json, such files are also listed in the report under
    /// "unreadable_files" and counted as "unreadable-file" errors in its summary). Every root-to-leaf line of a tree format (RenLib, SGF
    /// variations) counts as one game; a move-list file holds one game per line.
    Validate {
        #[arg(required = true, help = help::game_files("Game files"))]
        files: Vec<PathBuf>,
        #[arg(long, help = help::with_formats("Format, when the file extension does not say"))]
        format: Option<Format>,
        /// Rule set when a record does not say (renju, freestyle, standard, caro).
        #[arg(long, default_value = "renju")]
        rule: RuleSet,
        #[arg(
            long,
            default_value = "free",
            help = help::with_protocols("Opening protocol when a record does not say")
        )]
        opening: OpeningRule,
        /// Claim model when a record does not say (automatic, rif-claim, chinese-claim).
        #[arg(long, default_value = "automatic")]
        claims: ClaimModel,
        /// Count a straight-four point that also makes a five as making a three
        /// (quintet's reading; the default is the RIF text's).
        #[arg(long)]
        five_completion_counts: bool,
        /// How offered fifth moves are compared (shape, board).
        #[arg(long, default_value = "shape")]
        offer_equivalence: OfferEquivalence,
        /// Time control when a record does not name one, in the PGN / TRF-26 form
        /// (`5400+30`, `40/6000+30:900+30`, `W300-B240`) or SGF's (`TM[3600]OT[5x30
        /// byo-yomi]`). The record's times are replayed on it and checked.
        #[arg(long, value_name = "TC")]
        time_control: Option<TimeControl>,
        /// Both flags down and nobody can tell which fell first: draw (the Chinese
        /// rules) or continue-unless-last-period (FIDE).
        #[arg(long, default_value = "draw")]
        both_flags: BothFlags,
        /// How far a recorded time left may be from the replayed clock, in milliseconds.
        #[arg(long, default_value_t = 1000, value_name = "MS")]
        time_tolerance_ms: u64,
        /// Print the report as JSON.
        #[arg(long)]
        json: bool,
        /// Also write a self-contained HTML report to this file: the summary with charts,
        /// a table of findings to filter and sort, and the board of each finding (with
        /// the explanation of a foul).
        #[arg(long, value_name = "FILE")]
        html: Option<PathBuf>,
        /// Print the report as JSON lines, in constant memory for any input: one game
        /// report per line as games are validated (in input order), then one line
        /// {"summary": ...} (with "unreadable_files" when a file could not be read), the
        /// --json report's games and summary.
        #[arg(long, conflicts_with = "json")]
        jsonl: bool,
        /// List every game, not only those with errors or warnings.
        #[arg(long, short)]
        verbose: bool,
        /// The most bytes one record may take: a move-list line (default 1 MiB) or a
        /// RenjuNet <game> element (default 16 MiB). A longer record is an error and
        /// reading goes on after it. A file of a format read whole (SGF, RenLib, psq,
        /// openings; default 256 MiB) past it is one error record. The tree of an SGF or
        /// RenLib file may take twice it in memory (at least 512 MiB): past that, the
        /// lines closed so far, then one error record.
        #[arg(long, value_name = "BYTES")]
        max_record_bytes: Option<usize>,
    },
    /// Print the replayed clock of every game, move by move, as a scoresheet shows it.
    ///
    /// Exit code 0 when every game's times agree with its control, 1 when a clock
    /// finding is an error (a reading that contradicts the clock, play after a flag), 2
    /// when a file cannot be read.
    Clock {
        /// Game files with times (.psq, .sgf with BL/WL, move lists with `{...}` times).
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Format, when the file extension does not say.
        #[arg(long)]
        format: Option<Format>,
        /// Time control when a record does not name one.
        #[arg(long, value_name = "TC")]
        time_control: Option<TimeControl>,
        /// Both flags down, first unknown: draw or continue-unless-last-period.
        #[arg(long, default_value = "draw")]
        both_flags: BothFlags,
        /// Rule set when a record does not say (renju, freestyle, standard, caro).
        #[arg(long, default_value = "renju")]
        rule: RuleSet,
    },
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
        /// The most bytes of one input line (its end not counted). A longer line gives
        /// {"error": ..., "line": N}; it is skipped without being kept and the next
        /// lines are read.
        #[arg(long, value_name = "BYTES", default_value_t = ReadLimits::DEFAULT_LINE_BYTES)]
        max_record_bytes: usize,
    },
    /// Standings of crosstables: points, tie-breaks, shared places, findings.
    ///
    /// Files: FIDE TRF (TRF16, TRF-26), the JSON of a tournament, or game files whose
    /// records name players and rounds (RenjuNet .rif: one table per tournament).
    /// Exit code 0 when clean, 1 when a finding is an error, 2 when a file could not
    /// be read or the options are wrong.
    Standings {
        /// Crosstable or game files.
        #[arg(required = true)]
        files: Vec<PathBuf>,
        #[arg(
            long,
            help = help::with_formats("Game format, when the file extension does not say")
        )]
        format: Option<Format>,
        /// Pairing system (round-robin, swiss, knockout); default: the file's, or what
        /// the pairings show.
        #[arg(long)]
        system: Option<System>,
        /// Tie-breaks after the points, FIDE C.07 codes (e.g. "SB,WON" or
        /// "ARO,BH,BH/M1,WON"); default: the file's list, else the Chinese rules' for the system.
        #[arg(long, value_name = "LIST")]
        tiebreaks: Option<String>,
        /// How unplayed rounds count in Buchholz and Sonneborn-Berger (fide-2024,
        /// fide-2026, fide-2009, none).
        #[arg(long, default_value = "fide-2024")]
        unplayed: Regulation,
        /// Print JSON.
        #[arg(long)]
        json: bool,
        /// Write the tournament as a TRF file with the points and ranks of these
        /// standings in its player records (one tournament only).
        #[arg(long, value_name = "FILE")]
        write_trf: Option<PathBuf>,
        /// Print the club totals of an individual event after its standings: each
        /// club's (the players' federation column) best N players' points added up
        /// (0: all its players).
        #[arg(long, value_name = "N")]
        clubs: Option<usize>,
    },
    /// Pair a Swiss round by the Dutch system, a round robin's or a knockout's next
    /// round, check a Swiss's pairings, or draw lots for the pairing numbers.
    ///
    /// --dutch pairs the next round of a Swiss by FIDE's Dutch system as bbpPairings
    /// --dutch does (the same boards and colours, "white black" lines); with -c it checks
    /// every round of a finished Swiss (exit code 1 when one differs). --round-robin pairs the first round without pairings in the TRF file (or
    /// --round) by FIDE's Berger tables, once or twice round (--double); --knockout by
    /// the bracket (seeds on the lines in the standard order, byes to the top seeds, the
    /// match winners meeting by neighbours). Written as bbpPairings does (-p [OUTPUT]):
    /// the number of boards, then "first second" per board, the first mover (Black: the
    /// tables' White, the bracket's upper line) first, "N 0" for a bye.
    /// --draw-lots --seed N writes the tournament with each player's start rank set to the
    /// number drawn (-o FILE). --games N lays each board out as a match of N games,
    /// colours exchanged game by game. --record RESULTS enters a round's results
    /// ("black white result" lines). Team events: --team-round-robin, --team-swiss,
    /// --scheveningen, --king-of-the-hill. Exit code 0 when written, 2 when the file
    /// cannot be read or the round cannot be paired (past the schedule, fewer than two
    /// players...).
    Pair(Box<pair::PairArgs>),
    /// Test another engine or library against the judge, over its own protocol.
    ///
    /// Drives the engine (--protocol jsonl: the `renju forbidden` schema; gomocup:
    /// Piskvork with Yixin's YXSHOWFORBID, or move mode) on the fixture corpus, random
    /// positions or game files, and reports every disagreement with its diagram and our
    /// explanation. Exit code 0 when all agree, 1 on a disagreement, 2 when the engine
    /// cannot be run.
    Conform(conform::ConformArgs),
    /// Referee a live game over JSON lines: one action per input line, one reply per
    /// output line.
    ///
    /// Each line is {"action": ...} with "point", "points" or "count" where the action
    /// takes one, and optional "by" ("first"/"second", or "arbiter" for a forfeit) and "t" (milliseconds): place,
    /// pass, swap, stay, place-two, declare, offer, choose, claim, draw-offer,
    /// draw-accept, draw-decline, resign, forfeit, tick, arrive (under --late-limit),
    /// seal ("point", optional "salt":
    /// the player to move seals their next move, an adjournment), and (the arbiter's)
    /// pause, unpause, warning ("seat", "reason"), penalty ("seat", "ms"), disqualify
    /// ("seat", "reason"), resume (optional "sealed": POINT/SALT); or a query: status,
    /// record (with "format", default "moves"), explain (with "point"), sealed (the
    /// sealed move, to keep apart from the public record). Each reply is {"ok": true, "status": {...}}
    /// or {"ok": false, "error": {"code": ..., "message": ...}, "status": {...}}. A bad
    /// line gets a bad-request reply and the pipe goes on. Exit code 0 at the end of
    /// the input, 2 when the options or the record to resume are wrong.
    Referee(referee::RefereeArgs),
    /// Play engines against each other over the Gomocup protocol, every game refereed.
    ///
    /// Two or more engines (--engine, repeatable) play a round robin (or a --gauntlet)
    /// under a rule set, an opening protocol (Swap2 through SWAP2BOARD) and a clock
    /// measured by the runner. Writes a record per game (--records, --sgf), a TRF
    /// results file for `renju standings` (--trf) and a summary: W/L/D per engine and
    /// colour, Elo with its 95 % interval, LOS and the SPRT (--json). Exit code 0 when
    /// every record validates to the runner's result, 1 when one does not, 2 when the
    /// options or the engines are wrong, 130 when interrupted.
    Match(Box<match_cmd::MatchArgs>),
    /// Draw a position as SVG or PNG, optionally with why a point is (not) forbidden.
    ///
    /// Exit code 0 when the picture was written, 2 when the position cannot be read or
    /// the file cannot be written.
    Show(show::ShowArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Validate {
            files,
            format,
            rule,
            opening,
            claims,
            five_completion_counts,
            offer_equivalence,
            time_control,
            both_flags,
            time_tolerance_ms,
            json,
            html,
            jsonl,
            verbose,
            max_record_bytes,
        } => {
            let options = ValidationOptions {
                rule_set: rule,
                opening,
                claims,
                renju: RenjuOptions {
                    five_completion_counts,
                },
                offer_equivalence,
                time_control,
                clock: ClockOptions {
                    both_flags,
                    ..ClockOptions::default()
                },
                time_tolerance_ms,
            };
            let limits = max_record_bytes.map_or_else(ReadLimits::default, ReadLimits::uniform);
            let output = match (json, jsonl) {
                (true, _) => validate::Output::Json,
                (_, true) => validate::Output::JsonLines,
                _ => validate::Output::Text { verbose },
            };
            validate::run(&files, format, &options, output, html.as_deref(), limits)
        }
        Command::Clock {
            files,
            format,
            time_control,
            both_flags,
            rule,
        } => {
            let options = ValidationOptions {
                rule_set: rule,
                time_control,
                clock: ClockOptions {
                    both_flags,
                    ..ClockOptions::default()
                },
                ..ValidationOptions::default()
            };
            clock::run(&files, format, &options)
        }
        Command::Standings {
            files,
            format,
            system,
            tiebreaks,
            unplayed,
            json,
            write_trf,
            clubs,
        } => standings::run(
            &files,
            format,
            system,
            tiebreaks.as_deref(),
            unplayed,
            json,
            &standings::Extra {
                write_trf: write_trf.as_deref(),
                clubs: clubs.map(|n| (n > 0).then_some(n)),
            },
        ),
        Command::Pair(args) => pair::run(*args),
        Command::Conform(args) => conform::run(args),
        Command::Show(args) => show::run(args),
        Command::Match(args) => match_cmd::run_command(*args),
        Command::Referee(args) => referee::run(args),
        Command::Forbidden {
            explain,
            max_record_bytes,
        } => forbidden_stream::command(explain.as_deref(), max_record_bytes),
    }
}
