//! Pairing: who plays whom, with which colour, in the next round.
//!
//! A pairing system draws a round as a list of [`Pairing`]s, one per board: two
//! players with their colours, or the one player left with a bye. The generators
//! number players by their pairing numbers (TRF start ranks, from 1), and colours are
//! Renju's: Black moves first, where the FIDE texts' White does.
//!
//! What the module holds, one file per concern:
//!
//! * [`matching`]: maximum-weight matching on general graphs (Edmonds' blossom
//!   algorithm, exact, O(n³)), the core the Swiss systems pair a round with: each
//!   allowed pair an edge, its criteria one weight (of as many 64-bit words as the
//!   criteria need, in `wide`).
//! * [`dutch`]: the Swiss system's Dutch pairing (FIDE C.04.3), as the FIDE-endorsed
//!   programs pair, and the check of a Swiss's pairings round by round.
//! * [`round_robin`]: FIDE's Berger tables (Handbook C.05, Annex 1), the order in which
//!   a round robin is played, once or twice round (a double round robin).
//! * [`knockout`]: the bracket sheet, seeds on its lines in the standard order, byes to
//!   the top seeds, neighbours meeting, and the games of a match.
//! * [`lots`]: the drawing of lots, a seeded permutation of the pairing numbers (from
//!   the workspace's one generator, `renju_records::random::SplitMix64`), and a
//!   tournament renumbered by it.
//! * [`tournament_round`]: a round of a [`crate::Tournament`] paired: the round to pair,
//!   the players' pairing numbers, the boards by player id, and why it cannot be.
//! * [`matches`](mod@matches): each board as a match of several games with the colours exchanged
//!   game by game, and a round's results entered into the crosstable.
//! * [`king_of_the_hill`]: a king-of-the-hill match between two teams, bout by bout:
//!   the loser leaves, the winner stays, the team whose last player loses is out; and
//!   an event of more teams in rotation, ranked by how late each team's play ended.
//! * [`teams`]: team events: a round robin or a simple Swiss of teams, each match's
//!   boards with the first-named team Black on odd boards, line-ups with substitutes,
//!   Scheveningen matches.
//!
//! What other pairing systems will add beside them, each in its own file: other Swiss
//! systems (Burstein, Lim...). Each system is one row of [`crate::System`]'s
//! name table and one file here (`docs/development.md`, "Adding a pairing system").

pub mod dutch;
pub mod king_of_the_hill;
pub mod knockout;
pub mod lots;
pub mod matches;
pub mod matching;
pub mod round_robin;
pub mod teams;
pub mod tournament_round;
mod wide;

/// One board of a round as a pairing system draws it.
///
/// ```
/// use renju_tournament::pairing::Pairing;
///
/// let board = Pairing::Game { black: 1, white: 4 };
/// assert_eq!(board.players(), (1, Some(4)));
/// assert_eq!(Pairing::Bye { player: 3 }.game(), None);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Pairing {
    /// A game between two players, by their pairing numbers.
    Game {
        /// The player who moves first (Black; the FIDE tables' White).
        black: u32,
        /// The player who moves second (White; the FIDE tables' Black).
        white: u32,
    },
    /// The player left without an opponent in the round (an odd number of players).
    Bye {
        /// The player's pairing number.
        player: u32,
    },
}

impl Pairing {
    /// The game's players, first mover first, or `None` for a bye.
    pub fn game(self) -> Option<(u32, u32)> {
        match self {
            Pairing::Game { black, white } => Some((black, white)),
            Pairing::Bye { .. } => None,
        }
    }

    /// The same board with the colours exchanged (a bye stays a bye).
    pub fn colours_exchanged(self) -> Pairing {
        match self {
            Pairing::Game { black, white } => Pairing::Game {
                black: white,
                white: black,
            },
            bye @ Pairing::Bye { .. } => bye,
        }
    }

    /// The players on the board: the first mover (or the player with the bye), and the
    /// opponent if there is one.
    pub fn players(self) -> (u32, Option<u32>) {
        match self {
            Pairing::Game { black, white } => (black, Some(white)),
            Pairing::Bye { player } => (player, None),
        }
    }
}
