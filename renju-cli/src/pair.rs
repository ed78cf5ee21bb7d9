//! `renju pair`: the next round of a Swiss tournament by the Dutch system, of a round
//! robin by FIDE's Berger tables or of a knockout by its bracket, written as
//! bbpPairings writes its pairings (each board as a match of N games with `--games`);
//! the check of a Swiss tournament's pairings round by round; the drawing of lots for
//! the pairing numbers; a round's results entered (`--record`); and team events.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{ArgGroup, Args};

mod dutch;
use serde_json::{json, Value};

use renju_tournament::io::read_path;
use renju_tournament::pairing::lots::{drawn_numbers, renumber_by_lots};
use renju_tournament::pairing::matches::{record_results, round_matches};
use renju_tournament::pairing::round_robin::RoundRobinOptions;
use renju_tournament::pairing::tournament_round::{
    next_round, pair_knockout, pair_round_robin, PairedRound,
};
use renju_tournament::pairing::Pairing;
use renju_tournament::Tournament;

use crate::pair_teams::{pair_teams, parse_lineup, parse_order, TeamOptions, TeamTask};

/// The options of `renju pair`.
#[derive(Args)]
#[command(group(ArgGroup::new("task").required(true).args(["dutch", "round_robin", "knockout", "draw_lots", "record", "team_round_robin", "team_swiss", "scheveningen", "king_of_the_hill"])))]
#[command(group(ArgGroup::new("system").args(["dutch", "round_robin", "knockout"])))]
#[command(group(ArgGroup::new("teams").args(["team_round_robin", "team_swiss", "scheveningen", "king_of_the_hill"])))]
// A group of its own: `requires` on a flag is met by its default, on a group only when given.
#[command(group(ArgGroup::new("hill").args(["king_of_the_hill"])))]
#[command(group(ArgGroup::new("berger").args(["round_robin", "team_round_robin"]).multiple(false)))]
pub struct PairArgs {
    /// Pair the next round of a Swiss tournament by the Dutch system (FIDE C.04.3, the
    /// rules applied from 2025), as bbpPairings --dutch does: the round after the last
    /// one with games or a pairing bye; players with a cell in that round already (a
    /// bye or absence entered beforehand, "0000 - H") are left out. The file gives
    /// the rounds (XXR) and the initial colour (XXC white1 or black1: the colour the
    /// top-ranked player gets when nothing else decides; TRF letters are read as
    /// written, and Black moves first, so "XXC black1" gives the top seed the first
    /// move); BBW/BBD... give other point systems, XXA accelerations, XXP forbidden
    /// pairs.
    #[arg(long)]
    dutch: bool,
    /// With --dutch: check a finished tournament instead, pairing each round again
    /// from the rounds before it and listing every round whose boards or colours
    /// differ (as bbpPairings -c). Exit status 1 when a round differs.
    #[arg(short = 'c', long, requires = "dutch", conflicts_with = "pairings")]
    check: bool,
    /// Pair a round of a round robin by FIDE's Berger tables (Handbook C.05, Annex 1):
    /// the first round without pairings in the file, or --round.
    #[arg(long)]
    round_robin: bool,
    /// Pair a round of a knockout by its bracket: the players seeded by start rank on the
    /// lines in the standard order (byes to the top seeds), then each round's match
    /// winners (the most game points in that round's games between the two, tie-break
    /// games included) by neighbours. A tied match stops it: enter its tie-break first.
    #[arg(long)]
    knockout: bool,
    /// Pair a round of a team round robin (the Berger tables over the teams in id
    /// order): each match's boards, the first-named team Black on odd boards; the team
    /// with the rest lists its players as `N 0`.
    #[arg(long)]
    team_round_robin: bool,
    /// Pair a round of a team Swiss by match points (no rematch, no second bye, the
    /// least match-point differences, then neighbours in the standings).
    #[arg(long)]
    team_swiss: bool,
    /// Pair a round of a Scheveningen match between the file's two teams: every player
    /// of one meets every player of the other.
    #[arg(long)]
    scheveningen: bool,
    /// The next bout of a king-of-the-hill match between the file's teams (its bouts
    /// one a round): the loser leaves, the winner stays; with more than two teams the
    /// next challenger comes from the next team in the rotation (team id order, or
    /// --order) with players left, other than the winner's. When it is over: who won (with more than
    /// two teams, then the ranking, `PLACE NAME`, by how late each team's play ended).
    #[arg(long)]
    king_of_the_hill: bool,
    /// Boards of a team match (default: the smallest team's players).
    #[arg(long, value_name = "N", requires = "teams")]
    boards: Option<usize>,
    /// A team's line-up for the round, TEAM:ID,ID,... in board order (substitutes
    /// allowed, the team's order kept); repeat for each team.
    #[arg(long, value_name = "TEAM:IDS", requires = "teams")]
    lineup: Vec<String>,
    /// In a king of the hill, a drawn bout is played again with colours exchanged
    /// (default: both players leave).
    #[arg(long, requires = "hill")]
    replay_draws: bool,
    /// In a king of the hill, the teams' rotation order (for instance as drawn by lots),
    /// ID,ID,... naming every team once (default: by team id); with two teams the first
    /// named is the first team, its first player Black in the first bout.
    #[arg(long, value_name = "IDS", requires = "hill")]
    order: Option<String>,
    /// Draw lots for the pairing numbers (before round 1): write the tournament with
    /// each player's start rank set to the number drawn (with --seed).
    #[arg(long, requires = "seed")]
    draw_lots: bool,
    /// Enter a round's results from RESULTS (the round of --round, default the first
    /// without pairings): one line per game, `BLACK WHITE RESULT` by start rank, the
    /// result Black's as TRF writes it (1 = 0 for a game, + - for a forfeit), and
    /// `ID 0 CODE` for a round without an opponent (U the pairing bye, F H Z byes, -
    /// absent); a match's games one line each, in the order played. The tournament is
    /// written to --output (JSON when its name ends in .json), or as TRF to standard
    /// output.
    #[arg(long, value_name = "RESULTS")]
    record: Option<PathBuf>,
    /// The tournament: a FIDE TRF file (or a tournament's JSON).
    tournament: PathBuf,
    /// Write the pairings to OUTPUT, or to standard output when no file follows (the
    /// default): as bbpPairings writes them, the number of boards, then one line per
    /// board, "N 0" for a bye; players by start rank. A round robin or knockout board
    /// names the first mover (Black) first; a Dutch board names White (TRF "w")
    /// first, as the Swiss pairing programs do.
    #[arg(
        short = 'p',
        long = "pairings",
        value_name = "OUTPUT",
        num_args = 0..=1
    )]
    pairings: Option<Option<PathBuf>>,
    /// The round to pair or to enter results for (from 1); default: the first round
    /// without pairings. Never past the rounds the file declares (XXR). (The Dutch
    /// system pairs only the next round.)
    #[arg(long, conflicts_with = "dutch")]
    round: Option<u32>,
    /// Each board is a match of GAMES games (1 to 99; the renju match is 2), the players
    /// moving first in turn: one line per game, game 1 as the board pairs it, game 2
    /// with the colours exchanged, and so on. The standings score the games of one round
    /// against one opponent as one match.
    #[arg(
        long,
        value_name = "GAMES",
        default_value_t = 1,
        requires = "system",
        conflicts_with = "dutch"
    )]
    games: u32,
    /// A double round robin (of players, or of teams with --team-round-robin): a second
    /// cycle repeats the first with colours (a team match: the first-named team)
    /// exchanged.
    #[arg(long, requires = "berger", conflicts_with = "knockout")]
    double: bool,
    /// In a double round robin, play the first cycle's last two rounds in reverse
    /// order, as FIDE advises, so that nobody has one colour three rounds running.
    #[arg(long, requires = "double", conflicts_with = "team_round_robin")]
    reverse_last_two_rounds: bool,
    /// The seed of the drawing of lots (0 to 2^64 - 1): the same seed draws the same
    /// numbers, in every version and on every platform.
    #[arg(long, requires = "draw_lots")]
    seed: Option<u64>,
    /// Write the tournament with the numbers drawn (--draw-lots) or the results entered
    /// (--record) to this file: TRF, or JSON when its name ends in .json (default: TRF
    /// on standard output); the numbers drawn are then listed on standard output.
    #[arg(short = 'o', long, value_name = "FILE")]
    output: Option<PathBuf>,
    /// Print JSON: the round and its boards with the players' ids and names (with
    /// --dutch, each player's score, colour preference, floats and bye eligibility,
    /// the facts the pairing decided by; with --check, the rounds that differ); with
    /// --draw-lots, the numbers drawn (the TRF then goes only to --output).
    #[arg(long)]
    json: bool,
}

/// Runs the command: 0 when written, 1 when --check finds a round that differs, 2 when
/// the tournament cannot be read or paired, or the output cannot be written.
pub fn run(args: PairArgs) -> ExitCode {
    match run_task(&args) {
        Ok(code) => code,
        Err(message) => {
            eprintln!("renju: {message}");
            ExitCode::from(2)
        }
    }
}

fn run_task(args: &PairArgs) -> Result<ExitCode, String> {
    let t = read_one(&args.tournament)?;
    if args.check {
        return dutch::check(&t, args);
    }
    if args.output.is_some() && !args.draw_lots && args.record.is_none() {
        return Err("--output writes a tournament: use it with --draw-lots or --record".into());
    }
    if let Some(task) = team_task(args) {
        pair_team_task(&t, task, args)?;
    } else if args.draw_lots {
        draw(&t, args)?;
    } else if let Some(results) = &args.record {
        record(t, args, results)?;
    } else if args.dutch {
        dutch::pair(&t, args)?;
    } else {
        pair(&t, args)?;
    }
    Ok(ExitCode::SUCCESS)
}

/// The team task asked for, if any.
fn team_task(args: &PairArgs) -> Option<TeamTask> {
    [
        (args.team_round_robin, TeamTask::RoundRobin),
        (args.team_swiss, TeamTask::Swiss),
        (args.scheveningen, TeamTask::Scheveningen),
        (args.king_of_the_hill, TeamTask::KingOfTheHill),
    ]
    .into_iter()
    .find_map(|(asked, task)| asked.then_some(task))
}

/// Pairs a team task and writes it as `-p` says.
fn pair_team_task(t: &Tournament, task: TeamTask, args: &PairArgs) -> Result<(), String> {
    let lineups = (args.lineup.iter())
        .map(|l| parse_lineup(l))
        .collect::<Result<Vec<_>, _>>()?;
    let order = args.order.as_deref().map(parse_order).transpose()?;
    let options = TeamOptions {
        round: args.round,
        boards: args.boards,
        lineups: &lineups,
        order: order.as_deref().unwrap_or_default(),
        double: args.double,
        replay_draws: args.replay_draws,
        json: args.json,
    };
    let text =
        pair_teams(t, task, &options).map_err(|e| format!("{}: {e}", args.tournament.display()))?;
    write_pairings(args, &text)
}

/// The one tournament of the file.
fn read_one(path: &Path) -> Result<Tournament, String> {
    let mut list = read_path(path, None).map_err(|e| e.to_string())?;
    if list.len() != 1 {
        return Err(format!(
            "{}: holds {} tournaments; pair one at a time",
            path.display(),
            list.len()
        ));
    }
    Ok(list.remove(0).tournament)
}

fn pair(t: &Tournament, args: &PairArgs) -> Result<(), String> {
    let options = RoundRobinOptions {
        double: args.double,
        reverse_last_two_rounds: args.reverse_last_two_rounds,
    };
    let paired = if args.knockout {
        pair_knockout(t, args.round)
    } else {
        pair_round_robin(t, args.round, &options)
    };
    let paired = paired.map_err(|e| format!("{}: {e}", args.tournament.display()))?;
    let matches = round_matches(&paired, args.games).map_err(|e| format!("--games: {e}"))?;
    let text = if args.json {
        format!("{:#}\n", round_json(t, &paired, &matches))
    } else if args.games == 1 {
        bbp_pairings(&paired, FirstColumn::FirstMover)
    } else {
        bbp_games(&matches)
    };
    write_pairings(args, &text)
}

/// Writes the pairings to the file of `-p`, or to standard output.
fn write_pairings(args: &PairArgs, text: &str) -> Result<(), String> {
    match args.pairings.as_ref().and_then(Option::as_ref) {
        Some(path) => {
            std::fs::write(path, text).map_err(|e| format!("{}: cannot write: {e}", path.display()))
        }
        None => print_out(text),
    }
}

/// Which player of a board the pairings name first.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FirstColumn {
    /// The first mover, Black (the Berger tables' first-named player).
    FirstMover,
    /// White (TRF "w"), as the Swiss pairing programs write their boards.
    White,
}

/// The pairings as bbpPairings writes them: the number of boards, then `first second`
/// per board (`N 0` for a bye).
pub fn bbp_pairings(paired: &PairedRound, first_column: FirstColumn) -> String {
    let mut text = format!("{}\n", paired.boards.len());
    for board in &paired.boards {
        let (first, second) = match (first_column, *board) {
            (FirstColumn::White, Pairing::Game { black, white }) => (white, Some(black)),
            _ => board.players(),
        };
        text.push_str(&format!("{first} {}\n", second.unwrap_or(0)));
    }
    text
}

/// The games of a round's matches as bbpPairings writes boards: the number of lines,
/// then `first second` per game, board by board (`N 0` for a bye).
pub fn bbp_games(matches: &[Vec<Pairing>]) -> String {
    let games: Vec<&Pairing> = matches.iter().flatten().collect();
    let mut text = format!("{}\n", games.len());
    for game in games {
        let (first, second) = game.players();
        text.push_str(&format!("{first} {}\n", second.unwrap_or(0)));
    }
    text
}

/// `{"round", "boards": [{"board", "black", "white"} or {"board", "bye"}]}`, each
/// player as `{"id", "name"}`; a board of a match of several games also has `"games":
/// [{"black", "white"}, ...]`.
fn round_json(t: &Tournament, paired: &PairedRound, matches: &[Vec<Pairing>]) -> Value {
    let player = |id: u32| json!({"id": id, "name": t.player(id).map_or("", |p| &p.name)});
    let boards: Vec<Value> = (1..)
        .zip(paired.boards.iter().zip(matches))
        .map(|(number, (board, games)): (u32, _)| match *board {
            Pairing::Game { black, white } => {
                let mut entry =
                    json!({"board": number, "black": player(black), "white": player(white)});
                if games.len() > 1 {
                    let games: Vec<Value> = (games.iter().filter_map(|g| g.game()))
                        .map(|(b, w)| json!({"black": player(b), "white": player(w)}))
                        .collect();
                    entry["games"] = Value::from(games);
                }
                entry
            }
            Pairing::Bye { player: id } => json!({"board": number, "bye": player(id)}),
        })
        .collect();
    json!({"round": paired.round, "boards": boards})
}

/// Enters the results of `results` into round `--round` (default the first without
/// pairings) and writes the tournament.
fn record(mut t: Tournament, args: &PairArgs, results: &Path) -> Result<(), String> {
    let text = std::fs::read_to_string(results)
        .map_err(|e| format!("{}: cannot read: {e}", results.display()))?;
    let round = args.round.unwrap_or_else(|| next_round(&t));
    let mut entries = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let at = |m: &dyn std::fmt::Display| format!("{}: line {}: {m}", results.display(), n + 1);
        let words: Vec<&str> = line.split_whitespace().collect();
        if words.is_empty() || words[0].starts_with('#') {
            continue;
        }
        let [black, white, code] = words[..] else {
            return Err(at(&"not `BLACK WHITE RESULT` (`ID 0 CODE` for a bye)"));
        };
        let id = |w: &str| {
            w.parse::<u32>()
                .map_err(|_| at(&format!("{w:?} is not a start rank")))
        };
        entries.push((id(black)?, id(white)?, code));
    }
    record_results(&mut t, round, &entries).map_err(|e| format!("{}: {e}", results.display()))?;
    t.sort_cells();
    let written = written_tournament(&t, args.output.as_deref())?;
    match &args.output {
        Some(path) => std::fs::write(path, written)
            .map_err(|e| format!("{}: cannot write: {e}", path.display())),
        None => print_out(&written),
    }
}

/// The tournament as the file `output` is written (JSON when it ends in `.json`, TRF
/// otherwise); TRF, which holds one game a round, is refused for a round of several
/// games against one opponent.
fn written_tournament(t: &Tournament, output: Option<&Path>) -> Result<String, String> {
    if output.is_some_and(|p| {
        p.extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("json"))
    }) {
        return serde_json::to_string_pretty(t)
            .map(|text| text + "\n")
            .map_err(|e| e.to_string());
    }
    let mut seen = std::collections::HashSet::new();
    if let Some(c) = t.cells.iter().find(|c| !seen.insert((c.round, c.player))) {
        return Err(format!(
            "round {}: player {} has more than one game, which TRF cannot hold: write JSON (-o FILE.json)",
            c.round, c.player
        ));
    }
    t.to_trf().map_err(|e| e.to_string())
}

fn draw(t: &Tournament, args: &PairArgs) -> Result<(), String> {
    let seed = args.seed.unwrap_or_default();
    let at = |e: &dyn std::fmt::Display| format!("{}: {e}", args.tournament.display());
    let numbers = drawn_numbers(t, seed).map_err(|e| at(&e))?;
    let drawn = renumber_by_lots(t, seed).map_err(|e| at(&e))?;
    let trf = written_tournament(&drawn, args.output.as_deref()).map_err(|e| at(&e))?;
    let listing = if args.json {
        format!("{:#}\n", lots_json(t, seed, &numbers))
    } else {
        lots_table(t, &numbers)
    };
    match &args.output {
        Some(path) => {
            std::fs::write(path, trf)
                .map_err(|e| format!("{}: cannot write: {e}", path.display()))?;
            print_out(&listing)
        }
        None if args.json => print_out(&listing),
        None => print_out(&trf),
    }
}

/// The numbers drawn in number order: `(number, previous start rank, name)`.
fn by_number<'t>(t: &'t Tournament, numbers: &[(u32, u32)]) -> Vec<(u32, u32, &'t str)> {
    let mut list: Vec<(u32, u32, &str)> = numbers
        .iter()
        .map(|&(id, number)| (number, id, t.player(id).map_or("", |p| p.name.as_str())))
        .collect();
    list.sort_unstable();
    list
}

/// One line per number drawn, in number order: `number  name  (start rank id)`.
fn lots_table(t: &Tournament, numbers: &[(u32, u32)]) -> String {
    by_number(t, numbers)
        .into_iter()
        .map(|(number, id, name)| format!("{number:>4}  {name}  (start rank {id})\n"))
        .collect()
}

/// `{"seed", "numbers": [{"number", "previous_id", "name"}]}`, in number order.
fn lots_json(t: &Tournament, seed: u64, numbers: &[(u32, u32)]) -> Value {
    let list: Vec<Value> = by_number(t, numbers)
        .into_iter()
        .map(|(number, id, name)| json!({"number": number, "previous_id": id, "name": name}))
        .collect();
    json!({"seed": seed, "numbers": list})
}

fn print_out(text: &str) -> Result<(), String> {
    std::io::stdout()
        .lock()
        .write_all(text.as_bytes())
        .map_err(|e| format!("cannot write to standard output: {e}"))
}
