//! Tournaments from game records: every record whose tags name the two players
//! (`black`, `white`) and the round (`round`), and that has a result, is one game of the
//! crosstable, with the outcome its replay gives (a five or a foul on the board, a
//! resignation, a flag, a declared result; a forfeit is a forfeit, not a game played); records are grouped by their `tournament` tag (or `event`, which
//! the SGF reader fills from `EV`; SGF gives `PB`, `PW`, `RO` and `RE` too). This is what
//! the RenjuNet `.rif` reader stores (`tournament`, `round`, `black`, `white` and `bresult`
//! as the declared result); any other format whose records carry those tags works the
//! same way.
//!
//! ```
//! use renju_records::formats::Format;
//! use renju_tournament::{from_games, standings, StandingsOptions};
//!
//! let rif = r#"<?xml version="1.0" encoding="utf-8"?>
//! <database>
//!  <players><player id="1" name="Ann" surname="A"/><player id="2" name="Bob" surname="B"/></players>
//!  <tournaments><tournament id="7" name="Club cup"/></tournaments>
//!  <games>
//!   <game id="1" tournament="7" round="1" rule="1" black="1" white="2" bresult="1"><move>h8 h9 i8</move></game>
//!   <game id="2" tournament="7" round="2" rule="1" black="2" white="1" bresult="0.5"><move>h8 h9</move></game>
//!  </games>
//! </database>"#;
//! let games: Vec<_> = Format::Rif.read(rif.as_bytes(), None).into_iter().map(Result::unwrap).collect();
//! let read = from_games::tournaments(&games).remove(0);
//! assert!(read.findings.is_empty());
//! assert_eq!(read.tournament.name, "Club cup");
//! let s = standings(&read.tournament, &StandingsOptions::default());
//! assert_eq!((s.rows[0].name.as_str(), s.rows[0].points.to_string()), ("Ann A", "1.5".to_string()));
//! ```

use std::collections::HashMap;

use crate::findings::{TournamentCode, TournamentFinding, TournamentRead};
use crate::model::{CrosstableCell, Player, ResultKind, Tournament};
use renju_core::geometry::Color;
use renju_core::outcome::Termination;
use renju_records::game::{Event, Game, ResultReason};
use renju_records::replay::ValidationOptions;
use renju_records::text::check_text;

/// One tournament per distinct `tournament` (or `event`) tag (records without one form a
/// tournament named `""`), in the order they first appear, each with the findings
/// about records that could not be placed.
pub fn tournaments(games: &[Game]) -> Vec<TournamentRead> {
    let mut out: Vec<(Tournament, Vec<TournamentFinding>)> = Vec::new();
    let mut by_name: HashMap<String, usize> = HashMap::new();
    let mut ids: Vec<HashMap<String, u32>> = Vec::new();
    for (index, game) in games.iter().enumerate() {
        let name = game
            .tag("tournament")
            .or_else(|| game.tag("event"))
            .unwrap_or("")
            .to_string();
        let k = *by_name.entry(name.clone()).or_insert_with(|| {
            out.push((
                Tournament {
                    name,
                    ..Tournament::default()
                },
                Vec::new(),
            ));
            ids.push(HashMap::new());
            // Just pushed: not empty.
            out.len().saturating_sub(1)
        });
        let (t, findings) = &mut out[k];
        if let Err(why) = place(game, t, &mut ids[k]) {
            let label = game.id.clone().map_or_else(
                || format!("record {}", index.saturating_add(1)),
                |id| format!("game {id}"),
            );
            findings.push(TournamentFinding::new(
                TournamentCode::UnusableGame,
                None,
                None,
                format!("{label}: {why}; it is not in the crosstable"),
            ));
        }
    }
    for (t, _) in &mut out {
        t.cells.sort_by_key(|p| p.round);
    }
    out.into_iter()
        .map(|(tournament, findings)| TournamentRead {
            tournament,
            findings,
        })
        .collect()
}

/// Places the pairings of `game` in `t`, its players numbered in `ids` as they first
/// appear; or says why the game cannot be placed.
fn place(game: &Game, t: &mut Tournament, ids: &mut HashMap<String, u32>) -> Result<(), String> {
    let (Some(black), Some(white)) = (game.tag("black"), game.tag("white")) else {
        return Err("the record does not name both players".into());
    };
    check_text("black player's name", black).map_err(|e| e.to_string())?;
    check_text("white player's name", white).map_err(|e| e.to_string())?;
    let round = game.tag("round").and_then(|r| {
        let digits: String = r.trim().chars().take_while(char::is_ascii_digit).collect();
        digits.parse::<u32>().ok().filter(|&n| n > 0)
    });
    let Some(round) = round else {
        return Err("the record has no round number".into());
    };
    if round > crate::model::MAX_ROUNDS {
        return Err(format!(
            "round {round} is past the limit of {} rounds",
            crate::model::MAX_ROUNDS
        ));
    }
    if ids.len().saturating_add(2) > crate::model::MAX_PLAYERS
        && !(ids.contains_key(black) && ids.contains_key(white))
    {
        return Err(format!(
            "the tournament already has {} players, the limit",
            crate::model::MAX_PLAYERS
        ));
    }
    let (rb, rw) = results_of(game)?;
    let mut id_of = |name: &str| -> u32 {
        // At most MAX_PLAYERS ids (checked above): the next fits.
        let next = (ids.len() as u32).saturating_add(1);
        *ids.entry(name.to_string()).or_insert_with(|| {
            t.players.push(Player::new(next, name));
            next
        })
    };
    let (b, w) = (id_of(black), id_of(white));
    t.cells.extend(CrosstableCell::game(round, b, w, rb, rw));
    Ok(())
}

/// The results of Black and White in the crosstable, from the game's replayed outcome
/// (a five, a foul, a resignation or a flag in the record counts as a declared result
/// does): a forfeit is a forfeit win and loss, not a game played, and a double forfeit
/// two forfeit losses. A game that cannot be replayed (a rule the library does not
/// know, a board its rules refuse) counts with its declared result. An unfinished game cannot be placed.
fn results_of(game: &Game) -> Result<(ResultKind, ResultKind), String> {
    use ResultKind::{Draw, ForfeitLoss, ForfeitWin, Loss, Win};
    let replay = match game.unknown_rule {
        None => Some(game.replay(&ValidationOptions::default())),
        Some(_) => None,
    };
    let (termination, winner) = match replay {
        Some(r) if r.position.is_some() => (r.outcome.termination, r.outcome.winner),
        // Not replayed (a rule or board the library cannot judge): the record's word.
        _ => declared_outcome(game),
    };
    Ok(match (termination, winner) {
        (Termination::Unfinished, _) => return Err("the record has no result".into()),
        (Termination::DoubleForfeit, _) => (ForfeitLoss, ForfeitLoss),
        (Termination::Forfeit, Some(Color::Black)) => (ForfeitWin, ForfeitLoss),
        (Termination::Forfeit, Some(Color::White)) => (ForfeitLoss, ForfeitWin),
        (_, Some(Color::Black)) => (Win, Loss),
        (_, Some(Color::White)) => (Loss, Win),
        (_, None) => (Draw, Draw),
    })
}

/// The last result the record declares, as an outcome: `Unfinished` when none.
fn declared_outcome(game: &Game) -> (Termination, Option<Color>) {
    let declared = game.events.iter().rev().find_map(|e| match e {
        Event::Result(r) => Some(r),
        _ => None,
    });
    match declared {
        None => (Termination::Unfinished, None),
        Some(r) if r.reason == Some(ResultReason::Forfeit) => (Termination::Forfeit, r.winner),
        Some(r) => (Termination::Declared, r.winner),
    }
}
