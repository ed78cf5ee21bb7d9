//! `renju pair --dutch`: the next Swiss round by the Dutch system, and `-c`, the check
//! of a finished tournament's pairings round by round.

use std::process::ExitCode;

use serde_json::{json, Value};

use renju_core::Color;
use renju_tournament::pairing::dutch::{
    check_dutch, dutch_players, pair_dutch, DutchPlayer, FloatDirection, PreferenceStrength,
    RoundDifference,
};
use renju_tournament::pairing::Pairing;
use renju_tournament::Tournament;

use super::{bbp_pairings, print_out, write_pairings, FirstColumn, PairArgs};

/// Pairs the next round and writes it (bbpPairings' lines, or JSON with the reasons).
pub fn pair(t: &Tournament, args: &PairArgs) -> Result<(), String> {
    let at = |e: &dyn std::fmt::Display| format!("{}: {e}", args.tournament.display());
    let paired = pair_dutch(t).map_err(|e| at(&e))?;
    let text = if args.json {
        let players = dutch_players(t).map_err(|e| at(&e))?;
        format!(
            "{:#}\n",
            round_json(t, paired.round, &paired.boards, &players)
        )
    } else {
        bbp_pairings(&paired, FirstColumn::White)
    };
    write_pairings(args, &text)
}

/// Checks every round; lists the rounds that differ. Exit status 1 when one does.
pub fn check(t: &Tournament, args: &PairArgs) -> Result<ExitCode, String> {
    let differences = check_dutch(t)
        .map_err(|(round, e)| format!("{}: round {round}: {e}", args.tournament.display()))?;
    let text = if args.json {
        format!("{:#}\n", check_json(&differences))
    } else {
        check_text(&differences)
    };
    print_out(&text)?;
    Ok(if differences.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// One block per round that differs: the boards of the Dutch pairing that the
/// tournament does not have, beside the tournament's boards that the pairing does not.
fn check_text(differences: &[RoundDifference]) -> String {
    if differences.is_empty() {
        return "every round is paired as the Dutch system pairs it\n".to_owned();
    }
    let mut text = String::new();
    for d in differences {
        let only = |list: &[Pairing], other: &[Pairing]| -> Vec<Pairing> {
            list.iter()
                .filter(|b| !other.contains(b))
                .copied()
                .collect()
        };
        let (dutch, tournament) = (only(&d.expected, &d.actual), only(&d.actual, &d.expected));
        text.push_str(&format!(
            "round {}: {} of the Dutch pairing's {} boards differ\n",
            d.round,
            dutch.len(),
            d.expected.len()
        ));
        text.push_str("    Dutch pairing    Tournament\n");
        for i in 0..dutch.len().max(tournament.len()) {
            let cell = |list: &[Pairing]| list.get(i).map_or(String::new(), |&b| board_text(b));
            let line = format!("    {:<16} {}", cell(&dutch), cell(&tournament));
            text.push_str(line.trim_end());
            text.push('\n');
        }
    }
    text
}

/// `white - black`, or `player - bye`.
fn board_text(board: Pairing) -> String {
    match board {
        Pairing::Game { black, white } => format!("{white:>4} - {black:<4}"),
        Pairing::Bye { player } => format!("{player:>4} - bye"),
    }
}

/// A board as `[white, black]` (`[player, 0]` for a bye).
fn board_pair(board: Pairing) -> Value {
    match board {
        Pairing::Game { black, white } => json!([white, black]),
        Pairing::Bye { player } => json!([player, 0]),
    }
}

fn check_json(differences: &[RoundDifference]) -> Value {
    let rounds: Vec<Value> = differences
        .iter()
        .map(|d| {
            json!({
                "round": d.round,
                "dutch": d.expected.iter().map(|&b| board_pair(b)).collect::<Vec<_>>(),
                "tournament": d.actual.iter().map(|&b| board_pair(b)).collect::<Vec<_>>(),
            })
        })
        .collect();
    json!({"differences": rounds})
}

/// The round's boards, each player with the facts the pairing decided by.
fn round_json(t: &Tournament, round: u32, boards: &[Pairing], players: &[DutchPlayer]) -> Value {
    let player = |id: u32| {
        let name = t.player(id).map_or("", |p| p.name.as_str());
        let notes = players.iter().find(|p| p.id == id);
        notes.map_or_else(|| json!({"id": id, "name": name}), |p| player_json(p, name))
    };
    let boards: Vec<Value> = (1..)
        .zip(boards)
        .map(|(number, board): (u32, &Pairing)| match *board {
            Pairing::Game { black, white } => {
                json!({"board": number, "white": player(white), "black": player(black)})
            }
            Pairing::Bye { player: id } => json!({"board": number, "bye": player(id)}),
        })
        .collect();
    json!({"round": round, "system": "dutch", "boards": boards})
}

fn player_json(p: &DutchPlayer, name: &str) -> Value {
    let colour = |c: Option<Color>| match c {
        Some(Color::White) => "white",
        Some(Color::Black) => "black",
        None => "none",
    };
    let strength = match p.preference_strength {
        PreferenceStrength::None => "none",
        PreferenceStrength::Mild => "mild",
        PreferenceStrength::Strong => "strong",
        PreferenceStrength::Absolute => "absolute",
    };
    let float = |f: Option<FloatDirection>| match f {
        Some(FloatDirection::Down) => "down",
        Some(FloatDirection::Up) => "up",
        None => "none",
    };
    json!({
        "id": p.id,
        "name": name,
        "score": p.score.to_string(),
        "colour_preference": colour(p.colour_preference),
        "preference_strength": strength,
        "float_last_round": float(p.floats[0]),
        "float_round_before": float(p.floats[1]),
        "bye_eligible": p.bye_eligible,
    })
}
