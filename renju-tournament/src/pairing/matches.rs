//! Matches of several games per round (the rules' two-game match, 分先: the players
//! move first in turn, game by game) laid out from a round's boards, and the results of
//! a round's games and byes entered into a [`Tournament`]'s crosstable. The standings
//! score a player's games of one round against one opponent as one match (a win, a
//! draw or a loss by the games' points), with the game points after.

use crate::model::{CrosstableCell, ResultKind, Tournament, MAX_ROUNDS};
use crate::trf::result_of_code;

use super::knockout::match_games;
use super::tournament_round::PairedRound;
use super::Pairing;

/// The most games a match of one round may have: a match is a handful of games, and
/// the count sizes what is laid out.
pub const MAX_MATCH_GAMES: u32 = 99;

/// A result that cannot be entered into a crosstable, or a match length out of range.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ResultEntryError {
    /// A match of no games, or of more than [`MAX_MATCH_GAMES`].
    #[error("a match has 1 to {MAX_MATCH_GAMES} games, not {games}")]
    Games {
        /// The number asked for.
        games: u32,
    },
    /// Round 0, or past [`MAX_ROUNDS`].
    #[error("round {round}: rounds are numbered from 1 to {MAX_ROUNDS}")]
    Round {
        /// The round given.
        round: u32,
    },
    /// A player id that is not one of the tournament's players.
    #[error("round {round}: player {player} is not in the tournament")]
    UnknownPlayer {
        /// The round.
        round: u32,
        /// The id given.
        player: u32,
    },
    /// A game of a player against himself.
    #[error("round {round}: player {player} cannot play himself")]
    SamePlayer {
        /// The round.
        round: u32,
        /// The player.
        player: u32,
    },
    /// A TRF result code that names no result of its kind (a game's: `1 = 0 + -`; a
    /// round's without an opponent: `U F H Z -`).
    #[error("round {round}: {code:?} is not a TRF result code {what}")]
    Code {
        /// The round.
        round: u32,
        /// The code given.
        code: String,
        /// `"for a game"` or `"for a round without an opponent"`.
        what: &'static str,
    },
    /// One of a list of results, by its place in the list (from 1).
    #[error("result {entry}: {source}")]
    At {
        /// The entry's place in the list, from 1.
        entry: usize,
        /// What is wrong with it.
        source: Box<ResultEntryError>,
    },
    /// A game's result that is not one of a game (a bye's, an absence), or a bye's
    /// that is not one of a round without an opponent.
    #[error("round {round}: {result} is not the result of {what}")]
    WrongKind {
        /// The round.
        round: u32,
        /// The result given.
        result: ResultKind,
        /// `"a game"` or `"a round without an opponent"`.
        what: &'static str,
    },
}

/// Each board of `paired` as the match of `games` games it is played as: the board's
/// first mover moves first in game 1, the other in game 2, and so on (a bye stays one
/// bye). One list of games per board, in board order.
///
/// ```
/// use renju_tournament::pairing::matches::round_matches;
/// use renju_tournament::pairing::tournament_round::PairedRound;
/// use renju_tournament::pairing::Pairing;
///
/// let paired = PairedRound {
///     round: 1,
///     boards: vec![Pairing::Game { black: 1, white: 4 }, Pairing::Bye { player: 3 }],
/// };
/// let matches = round_matches(&paired, 2).unwrap();
/// assert_eq!(matches[0][1], Pairing::Game { black: 4, white: 1 });
/// assert_eq!(matches[1], [Pairing::Bye { player: 3 }]);
/// assert!(round_matches(&paired, 0).is_err());
/// ```
pub fn round_matches(
    paired: &PairedRound,
    games: u32,
) -> Result<Vec<Vec<Pairing>>, ResultEntryError> {
    if !(1..=MAX_MATCH_GAMES).contains(&games) {
        return Err(ResultEntryError::Games { games });
    }
    Ok(paired
        .boards
        .iter()
        .map(|&board| match_games(board, games))
        .collect())
}

/// Enters one game of round `round` into the crosstable: `black` moved first against
/// `white`, and `black_result` is Black's result (a win, draw or loss over the board,
/// or a forfeit win or loss); each player gets a cell with their colour. Enter a
/// match's games one by one, in the order played.
///
/// ```
/// use renju_tournament::pairing::matches::record_game;
/// use renju_tournament::{standings, HalfPoints, Player, ResultKind, StandingsOptions, Tournament};
///
/// let mut t = Tournament {
///     players: vec![Player::new(1, "Ann"), Player::new(2, "Bob")],
///     ..Tournament::default()
/// };
/// // A two-game match, colours exchanged: Ann wins the first, the second is drawn.
/// record_game(&mut t, 1, 1, 2, ResultKind::Win).unwrap();
/// record_game(&mut t, 1, 2, 1, ResultKind::Draw).unwrap();
/// let s = standings(&t, &StandingsOptions::default());
/// assert_eq!((s.rows[0].name.as_str(), s.rows[0].points), ("Ann", HalfPoints::WIN));
/// assert!(record_game(&mut t, 1, 1, 1, ResultKind::Win).is_err());
/// ```
pub fn record_game(
    t: &mut Tournament,
    round: u32,
    black: u32,
    white: u32,
    black_result: ResultKind,
) -> Result<(), ResultEntryError> {
    check_round_and_player(t, round, black)?;
    check_round_and_player(t, round, white)?;
    if black == white {
        return Err(ResultEntryError::SamePlayer {
            round,
            player: black,
        });
    }
    let white_result = black_result.mirror().ok_or(ResultEntryError::WrongKind {
        round,
        result: black_result,
        what: "a game",
    })?;
    t.cells.extend(CrosstableCell::game(
        round,
        black,
        white,
        black_result,
        white_result,
    ));
    Ok(())
}

/// Enters a round without an opponent for `player`: the pairing bye, a full-, half- or
/// zero-point bye, or an absence.
///
/// ```
/// use renju_tournament::pairing::matches::record_bye;
/// use renju_tournament::{Player, ResultKind, Tournament};
///
/// let mut t = Tournament { players: vec![Player::new(1, "Ann")], ..Tournament::default() };
/// record_bye(&mut t, 1, 1, ResultKind::PairingBye).unwrap();
/// assert!(record_bye(&mut t, 2, 1, ResultKind::Win).is_err());
/// ```
pub fn record_bye(
    t: &mut Tournament,
    round: u32,
    player: u32,
    result: ResultKind,
) -> Result<(), ResultEntryError> {
    check_round_and_player(t, round, player)?;
    if result.has_opponent() {
        return Err(ResultEntryError::WrongKind {
            round,
            result,
            what: "a round without an opponent",
        });
    }
    t.cells.push(CrosstableCell {
        round,
        player,
        opponent: None,
        color: None,
        result,
        board: None,
    });
    Ok(())
}

/// Enters a round's results given as a pairing program and a TRF file write them: one
/// `(black, white, code)` per game, by start rank, `code` Black's TRF result (`1 = 0`
/// played, `+ -` forfeit), and `(player, 0, code)` per round without an opponent (`U`
/// the pairing bye, `F H Z` byes, `-` absent). The games of a match one entry each, in
/// the order played. On an error, the entries before it stay entered.
///
/// ```
/// use renju_tournament::pairing::matches::record_results;
/// use renju_tournament::{Player, ResultKind, Tournament};
///
/// let mut t = Tournament {
///     players: (1..=3).map(|i| Player::new(i, format!("P{i}"))).collect(),
///     ..Tournament::default()
/// };
/// record_results(&mut t, 1, &[(1, 2, "1"), (3, 0, "U")]).unwrap();
/// assert_eq!(t.cells.len(), 3);
/// let e = record_results(&mut t, 2, &[(1, 2, "Q")]).unwrap_err();
/// assert_eq!(e.to_string(), "result 1: round 2: \"Q\" is not a TRF result code for a game");
/// ```
pub fn record_results(
    t: &mut Tournament,
    round: u32,
    entries: &[(u32, u32, &str)],
) -> Result<(), ResultEntryError> {
    for (k, &(black, white, code)) in entries.iter().enumerate() {
        record_entry(t, round, black, white, code).map_err(|e| ResultEntryError::At {
            entry: k.saturating_add(1),
            source: Box::new(e),
        })?;
    }
    Ok(())
}

/// One entry of [`record_results`].
fn record_entry(
    t: &mut Tournament,
    round: u32,
    black: u32,
    white: u32,
    code: &str,
) -> Result<(), ResultEntryError> {
    let with_opponent = white != 0;
    let kind = result_of_code(code, with_opponent).ok_or_else(|| ResultEntryError::Code {
        round,
        code: code.to_string(),
        what: if with_opponent {
            "for a game"
        } else {
            "for a round without an opponent"
        },
    })?;
    if with_opponent {
        record_game(t, round, black, white, kind)
    } else {
        record_bye(t, round, black, kind)
    }
}

/// A round within the limits and a player of the tournament.
fn check_round_and_player(t: &Tournament, round: u32, player: u32) -> Result<(), ResultEntryError> {
    if !(1..=MAX_ROUNDS).contains(&round) {
        return Err(ResultEntryError::Round { round });
    }
    if t.player(player).is_none() {
        return Err(ResultEntryError::UnknownPlayer { round, player });
    }
    Ok(())
}
