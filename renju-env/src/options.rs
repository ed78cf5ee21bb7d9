//! What an environment is made of: the rules, the board, the observation planes, how
//! fouls, passes, draws and finished games are handled; and the layout they give (how
//! many planes, how many actions).

use std::fmt;
use std::str::FromStr;
use std::sync::Arc;

use renju_core::{RenjuOptions, RuleSet, SetupError};
use thiserror::Error;

/// One observation plane: `size * size` bytes, row-major from `a1` (see the
/// [crate docs](crate)), each 0 or 1.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Plane {
    /// The stones of the player to move.
    Own,
    /// The stones of the other player.
    Opponent,
    /// All ones when Black is to move, all zeros when White is.
    BlackToMove,
    /// Black's forbidden points now (exact, under the environment's Renju reading),
    /// whoever is to move; all zeros under rule sets without forbidden moves.
    Forbidden,
    /// The stone of the last move (none after a pass or before the first move).
    LastMove,
    /// `count` planes: plane `j` marks the stone played `j + 1` moves ago (plane 0 is
    /// [`Plane::LastMove`]); a pass or a move before the start leaves its plane empty.
    Previous {
        /// How many planes (1 to [`MAX_PREVIOUS`]).
        count: u8,
    },
}

/// The largest `count` of [`Plane::Previous`].
pub const MAX_PREVIOUS: u8 = 64;

impl Plane {
    /// How many planes this entry makes.
    pub fn channels(self) -> usize {
        match self {
            Plane::Previous { count } => count as usize,
            _ => 1,
        }
    }

    /// The default planes: own stones, opponent stones, Black to move, Black's forbidden
    /// points, the last move.
    pub fn defaults() -> Vec<Plane> {
        vec![
            Plane::Own,
            Plane::Opponent,
            Plane::BlackToMove,
            Plane::Forbidden,
            Plane::LastMove,
        ]
    }
}

impl fmt::Display for Plane {
    /// The plane's name: `own`, `opponent`, `black-to-move`, `forbidden`, `last-move` or
    /// `previous-K`, as [`Plane::from_str`] reads it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Plane::Own => f.write_str("own"),
            Plane::Opponent => f.write_str("opponent"),
            Plane::BlackToMove => f.write_str("black-to-move"),
            Plane::Forbidden => f.write_str("forbidden"),
            Plane::LastMove => f.write_str("last-move"),
            Plane::Previous { count } => write!(f, "previous-{count}"),
        }
    }
}

impl FromStr for Plane {
    type Err = PlaneNameError;

    /// A plane from its name (see [`Plane`]'s `Display`); the count of `previous-K` is
    /// checked by [`Layout::new`].
    ///
    /// ```
    /// use renju_env::Plane;
    /// assert_eq!("previous-3".parse::<Plane>().unwrap(), Plane::Previous { count: 3 });
    /// assert_eq!(Plane::BlackToMove.to_string().parse::<Plane>().unwrap(), Plane::BlackToMove);
    /// assert!("stones".parse::<Plane>().is_err());
    /// ```
    fn from_str(name: &str) -> Result<Plane, PlaneNameError> {
        Ok(match name {
            "own" => Plane::Own,
            "opponent" => Plane::Opponent,
            "black-to-move" => Plane::BlackToMove,
            "forbidden" => Plane::Forbidden,
            "last-move" => Plane::LastMove,
            _ => match name.strip_prefix("previous-").and_then(|k| k.parse().ok()) {
                Some(count) => Plane::Previous { count },
                None => return Err(PlaneNameError { name: name.into() }),
            },
        })
    }
}

/// A name that is not a plane's.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("unknown plane {name:?} (own, opponent, black-to-move, forbidden, last-move, previous-K)")]
pub struct PlaneNameError {
    /// The name given.
    pub name: String,
}

/// What happens to Black's forbidden points (Renju).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum FoulHandling {
    /// Forbidden points are not legal actions for Black: the mask leaves them out and
    /// stepping one is an error. (Should every empty point be forbidden while passing is
    /// not allowed, the forbidden points are legal, and lose, as under `PlayedAndLost`.)
    #[default]
    Masked,
    /// Black may play them, and loses at once: the game ends with White the winner
    /// (reward -1 for Black), as a referee judges a forbidden move.
    PlayedAndLost,
}

/// What a batched environment does with a game that has just ended (Gymnasium 1.x
/// `AutoresetMode` names).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Autoreset {
    /// The step that ends a game returns its reward, `terminated` and ending, but the
    /// observation and mask of the next game, already reset (`SAME_STEP`). The finished
    /// game stays readable until that slot's next game ends.
    #[default]
    SameStep,
    /// The step that ends a game returns the final observation (and an all-zero mask);
    /// the next step ignores that game's action, resets it and returns its first
    /// observation with reward 0 (`NEXT_STEP`).
    NextStep,
    /// Finished games stay finished until reset; an action for one is an error
    /// (`DISABLED`).
    Disabled,
}

/// The options of an environment.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EnvOptions {
    /// The rule set (default Renju).
    pub rule_set: RuleSet,
    /// The board side, 5 to 26 (Renju: 15).
    pub size: u8,
    /// The reading of the Renju rules (default: the RIF reading).
    pub renju: RenjuOptions,
    /// The observation planes, in order.
    pub planes: Vec<Plane>,
    /// Black's forbidden points masked out or played and lost.
    pub fouls: FoulHandling,
    /// Whether passing is a legal action (default no). Two passes in succession draw.
    pub pass: bool,
    /// A draw once this many stones are on the board (Gomocup: `size * size - 25`);
    /// `None`: play until a five, a foul, two passes or the full board.
    pub draw_after: Option<usize>,
    /// What happens to a game that ends, in a batch.
    pub autoreset: Autoreset,
}

impl Default for EnvOptions {
    fn default() -> EnvOptions {
        EnvOptions {
            rule_set: RuleSet::Renju,
            size: renju_core::geometry::RENJU_SIZE,
            renju: RenjuOptions::default(),
            planes: Plane::defaults(),
            fouls: FoulHandling::Masked,
            pass: false,
            draw_after: None,
            autoreset: Autoreset::SameStep,
        }
    }
}

/// Why options cannot make an environment.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum OptionsError {
    /// The board cannot be set up under the rule set.
    #[error(transparent)]
    Setup(#[from] SetupError),
    /// A [`Plane::Previous`] count outside 1 to [`MAX_PREVIOUS`].
    #[error("Previous planes: count {count} is outside 1..={MAX_PREVIOUS}")]
    PreviousCount {
        /// The count asked for.
        count: u8,
    },
    /// More games than [`MAX_GAMES`] in one batch.
    #[error("{count} games: a batch holds at most {}", MAX_GAMES)]
    TooManyGames {
        /// The number asked for.
        count: usize,
    },
    /// A draw after 0 stones, or after more stones than the board holds.
    #[error("draw after {stones} stones: the {size}x{size} board holds 1 to {} stones", (*.size as usize).pow(2))]
    DrawAfter {
        /// The count asked for.
        stones: usize,
        /// The board side.
        size: u8,
    },
}

/// The checked options and the sizes they give, shared by every game of an environment.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Layout {
    options: EnvOptions,
    area: usize,
    channels: usize,
    forbidden_plane: bool,
}

impl Layout {
    /// Checks `options`.
    pub fn new(options: EnvOptions) -> Result<Arc<Layout>, OptionsError> {
        let board = renju_core::Board::new(options.size)?;
        if !options.rule_set.allows_size(options.size) {
            return Err(SetupError::SizeForRules {
                rule_set: options.rule_set,
                size: options.size,
            }
            .into());
        }
        for plane in &options.planes {
            if let Plane::Previous { count } = *plane {
                if count == 0 || count > MAX_PREVIOUS {
                    return Err(OptionsError::PreviousCount { count });
                }
            }
        }
        if let Some(stones) = options.draw_after {
            if stones == 0 || stones > board.area() {
                return Err(OptionsError::DrawAfter {
                    stones,
                    size: options.size,
                });
            }
        }
        Ok(Arc::new(Layout {
            area: board.area(),
            channels: options.planes.iter().map(|p| p.channels()).sum(),
            forbidden_plane: options.planes.contains(&Plane::Forbidden)
                && options.rule_set.has_forbidden_moves(),
            options,
        }))
    }

    /// The options.
    pub fn options(&self) -> &EnvOptions {
        &self.options
    }

    /// The board side.
    pub fn size(&self) -> u8 {
        self.options.size
    }

    /// The intersections: `size * size`, which is also the action index of a pass.
    pub fn area(&self) -> usize {
        self.area
    }

    /// The action index of a pass (`size * size`).
    pub fn pass_action(&self) -> u32 {
        self.area as u32
    }

    /// How many actions there are: every point, then pass.
    pub fn action_count(&self) -> usize {
        self.area + 1
    }

    /// How many observation planes there are.
    pub fn channels(&self) -> usize {
        self.channels
    }

    /// The bytes of one game's observation: `channels * size * size`.
    pub fn observation_len(&self) -> usize {
        self.channels * self.area
    }

    /// Whether the forbidden-point plane is written (asked for, under Renju).
    pub(crate) fn forbidden_plane(&self) -> bool {
        self.forbidden_plane
    }
}

/// The most games one batch holds (about 12 KB each on 15x15).
pub const MAX_GAMES: usize = 1 << 20;
