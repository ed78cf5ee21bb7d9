//! # renju-env
//!
//! Self-play and training environments with the exact rules of [`renju_core`]: a batched
//! stepper ([`VecEnv`]) holding N games, stepped together in one call, writing the
//! observation planes, the legal-action mask, the reward, `terminated`, `truncated`, the
//! ending and the winner of every game into preallocated buffers; games that end are
//! reset automatically. One game alone ([`GameState`]) can be cloned for tree search,
//! stepped, and turned into a record ([`GameState::record`]) that `renju validate`
//! accepts with the same outcome.
//!
//! ```
//! use renju_env::{EnvOptions, Outputs, VecEnv};
//! let mut env = VecEnv::new(EnvOptions::default(), 4, 1).unwrap();
//! let mut out = Outputs::for_env(&env);
//! env.reset(None, out.buffers()).unwrap();
//! let mut actions = vec![0i64; 4];
//! env.random_actions(&mut actions);
//! env.step(&actions, out.buffers()).unwrap();
//! assert_eq!(out.masks.len(), 4 * 226);
//! ```
//!
//! ## Rules
//!
//! Every judgement is `renju_core`'s: a move is played with `Position::play_quiet`,
//! Black's forbidden points are `renju_core::batch::write_mask` of the board; the
//! environment only keeps the books (who moves, the ending, rewards). Any rule set
//! (freestyle, standard, renju, caro) on boards of 5 to 26 (Renju: 15). Black's fouls are
//! either masked out or played and lost ([`FoulHandling`]); a five beats a foul in both.
//! Draws: the full board, two passes (when passing is allowed), and
//! [`EnvOptions::draw_after`] stones (declared when a move that does not win leaves that
//! many stones on the board, as a record's replay declares it; in the opening phases
//! too).
//!
//! ## Actions
//!
//! Action `a < size * size` is the point in row `a / size` and column `a % size`, row 0
//! being row 1 (the bottom row, as in `a1`) and column 0 column `a`: action 0 is `a1`,
//! action `size` is `a2`, and on 15x15 action 112 is `h8`. Action `size * size` is a pass,
//! legal only when [`EnvOptions::pass`] is set. The mask has
//! [`Layout::action_count`] bytes: `size * size + 1` under the free opening, more under an
//! opening protocol (see Opening phases).
//!
//! ## Opening phases
//!
//! Under [`EnvOptions::opening`] other than the free opening (Swap2, RIF, Yamaguchi,
//! Soosõrv-N, Taraguchi-N, ...), each game holds a live referee
//! ([`renju_records::Referee`]) while the protocol asks for something: it says what is
//! required ([`Phase`]), which seat acts and what is legal, and it takes every action;
//! the environment holds no rule of its own. Once the referee says the opening is over
//! the referee is dropped and the game goes on as under the free opening. The action
//! space then grows by a fixed block after pass: [`Decision`]s (`stay`, `swap`,
//! `place-two`, `offer`, in this order, at `area + 1 ..= area + 4`), then one action per
//! count a declaration may give (`area + 5 + (count - 1)`, counts `1..=`
//! [`Layout::declare_max`]). What the mask allows in each phase:
//!
//! | phase | who acts | the mask allows |
//! | --- | --- | --- |
//! | [`Phase::Place`] | the protocol's seat (the first player places the first stones of both colours), then the holder of the colour to move | the referee's legal points (opening areas; Black's fouls out when masked); pass where the referee and [`EnvOptions::pass`] allow it |
//! | [`Phase::Swap`] | the seat the protocol names | the decisions the referee offers: `stay`, `swap`, Swap2's `place-two`, Taraguchi's `offer` |
//! | [`Phase::Declare`] | the seat the protocol names | the declarations of the referee's range |
//! | [`Phase::Offer`] | the holder of Black | one point per action: an empty point not equivalent to an offer already placed (the offers go to the referee together once all are placed) |
//! | [`Phase::Choose`] | the holder of White | the offered points |
//!
//! A declaration that cannot be met (fewer pairwise non-equivalent points than offers
//! owed when the offers begin) ends the game: the player who must offer forfeits
//! ([`Ending::Forfeit`]). [`EnvOptions::draw_after`] counts every stone from the first:
//! the referee declares the draw at the stone limit inside the opening phases too
//! ([`Ending::DrawAfter`]), and the seats keep the colours they held then.
//!
//! Rewards and `terminated` belong to the players (seats), not colours: the reward goes
//! to the seat that acted. [`GameState::to_act`] (the `seats` buffer: 0 the first
//! player, 1 the second) and [`GameState::phase`] (the `phases` buffer) say who acts and
//! what they must do; [`Plane::Phase`], [`Plane::Offered`] and [`Plane::FirstToAct`] put
//! the same in the observation. The record ([`GameState::record`]) is the referee's own
//! record of the opening followed by the moves after it.
//!
//! ## Observations
//!
//! `channels * size * size` bytes per game, plane after plane in the order of
//! [`EnvOptions::planes`] (see [`Plane`]), each plane row-major like the actions; all
//! values 0 or 1. Own is the stones of the colour held by the seat that acts
//! ([`GameState::acting_color`]: under the free opening and after any opening the colour
//! to move; in an opening phase the colour of the seat the protocol names, the first
//! player holding tentative Black while it places the first stones of both colours),
//! opponent those of the other colour. In a batch,
//! game `i`'s observation starts at byte `i * channels * size * size` (numpy: an
//! `(N, channels, size, size)` uint8 array, indexed `[i, c, y, x]`).
//!
//! ## Rewards and endings
//!
//! The reward goes to the player (seat) who just acted: +1 when the action won (a five,
//! or the other player's forfeit, [`Ending::Forfeit`]), -1 when it lost (a foul,
//! [`FoulHandling::PlayedAndLost`], or a forfeit of the actor's own), 0 otherwise (draws
//! included). The
//! ending code ([`Ending`]) and the winner code (0 none, 1 Black, 2 White) say the rest;
//! `truncated` is always 0, since every ending is a result under the rules.
//!
//! ## Auto-reset
//!
//! By default ([`Autoreset::SameStep`], Gymnasium 1.x `AutoresetMode.SAME_STEP`) the step
//! that ends a game gives that game's reward, `terminated = 1`, ending and winner, with
//! the observation and mask of the next game, already reset; the finished game stays
//! readable ([`VecEnv::finished_game`]). [`Autoreset::NextStep`] and
//! [`Autoreset::Disabled`] follow Gymnasium's other two modes. Each game draws its random
//! actions from its own generator, seeded from the batch's seed and its index:
//! the same seed and the same actions give the same games.
//!
//! ## Features
//!
//! | feature | default | what it adds |
//! | --- | --- | --- |
//! | `parallel` | no | a step of more than 64 games runs on every core (rayon); the results are the same |

#![deny(missing_docs)]

pub mod ending;
pub mod game;
mod opening;
pub mod options;
pub mod phase;
mod record;
pub mod rng;
pub mod vector;

pub use ending::Ending;
pub use game::{ActionError, GameState, StepResult};
pub use options::{
    ActionKind, Autoreset, Decision, EnvOptions, FoulHandling, Layout, OptionsError, Plane,
    PlaneNameError, MAX_PLANES,
};
pub use phase::Phase;
pub use rng::Rng;
pub use vector::{Buffers, Outputs, StepError, VecEnv};

/// The README's examples, run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
