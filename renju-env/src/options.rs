//! What an environment is made of: the rules, the board, the observation planes, how
//! fouls, passes, draws and finished games are handled; and the layout they give (how
//! many planes, how many actions).

use std::fmt;
use std::str::FromStr;
use std::sync::Arc;

use renju_core::{RenjuOptions, RuleSet, SetupError};
use renju_records::OpeningRule;
use thiserror::Error;

/// One observation plane: `size * size` bytes, row-major from `a1` (see the
/// [crate docs](crate)), each 0 or 1.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Plane {
    /// The stones of the colour held by the player (seat) to act. Under the free opening
    /// the colour to move; in an opening phase the first player, who places stones of
    /// both colours, holds (tentative) Black.
    Own,
    /// The stones of the other colour.
    Opponent,
    /// All ones when the next stone is Black, all zeros when it is White.
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
    /// Five planes, one per opening [`Phase`](crate::Phase) (place, swap, declare,
    /// offer, choose): the plane of the phase now is all ones, the others all zeros.
    Phase,
    /// The fifth-move offers on the table: those placed so far while Black offers, the
    /// ones White chooses from while White chooses.
    Offered,
    /// All ones when the first player (the seat that started, tentative Black) acts,
    /// all zeros when the second does.
    FirstToAct,
}

/// The planes of [`Plane::Phase`].
pub const PHASE_PLANES: usize = 5;

/// The largest `count` of [`Plane::Previous`].
pub const MAX_PREVIOUS: u8 = 64;

impl Plane {
    /// How many planes this entry makes.
    pub fn channels(self) -> usize {
        match self {
            Plane::Previous { count } => count as usize,
            Plane::Phase => PHASE_PLANES,
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
    /// `previous-K`, `phase`, `offered`, `first-to-act`, as [`Plane::from_str`] reads it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Plane::Own => f.write_str("own"),
            Plane::Opponent => f.write_str("opponent"),
            Plane::BlackToMove => f.write_str("black-to-move"),
            Plane::Forbidden => f.write_str("forbidden"),
            Plane::LastMove => f.write_str("last-move"),
            Plane::Previous { count } => write!(f, "previous-{count}"),
            Plane::Phase => f.write_str("phase"),
            Plane::Offered => f.write_str("offered"),
            Plane::FirstToAct => f.write_str("first-to-act"),
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
            "phase" => Plane::Phase,
            "offered" => Plane::Offered,
            "first-to-act" => Plane::FirstToAct,
            // The count in plain digits, as `Display` writes it (not `+5` or `05`).
            _ => match name
                .strip_prefix("previous-")
                .filter(|k| {
                    *k == "0" || (!k.starts_with('0') && k.bytes().all(|b| b.is_ascii_digit()))
                })
                .and_then(|k| k.parse().ok())
            {
                Some(count) => Plane::Previous { count },
                None => return Err(PlaneNameError { name: name.into() }),
            },
        })
    }
}

/// A name that is not a plane's.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("unknown plane {name:?} (own, opponent, black-to-move, forbidden, last-move, previous-K, phase, offered, first-to-act)")]
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
    /// The opening protocol (default free: every game starts with Black's free move).
    /// Under any other protocol the opening is played as action phases judged by the
    /// live referee (see the [crate docs](crate), Opening phases).
    pub opening: OpeningRule,
}

impl EnvOptions {
    /// [`EnvOptions::draw_after`] as a record keeps it (`Game::draw_after`): a limit past
    /// `u16::MAX` stones is past any board's area, so never reached either way.
    pub(crate) fn draw_after_stones(&self) -> Option<u16> {
        self.draw_after
            .map(|n| u16::try_from(n).unwrap_or(u16::MAX))
    }
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
            opening: OpeningRule::Free,
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
    /// A plane named twice (two `previous-K` planes count as one plane named twice): the
    /// observation would hold the same plane again.
    #[error("the plane {plane} is asked for twice")]
    RepeatedPlane {
        /// The plane given again (its first spelling).
        plane: Plane,
    },
    /// More games than [`MAX_GAMES`] in one batch.
    #[error("{count} games: a batch holds at most {}", MAX_GAMES)]
    TooManyGames {
        /// The number asked for.
        count: usize,
    },
    /// The memory the games need at their peak ([`Layout::batch_bytes`]) cannot be
    /// allocated: the batch is refused at its creation rather than aborting the process
    /// later.
    #[error("{games} games need about {} MB (the games, the finished ones kept and the step's outputs, at their longest), more than can be allocated: make fewer games", .bytes / 1_000_000)]
    OutOfMemory {
        /// The number of games asked for.
        games: usize,
        /// The bytes they would need (`usize::MAX` when that overflows).
        bytes: usize,
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
    /// The largest declared number of offers (0: no declaration).
    declare_max: u8,
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
        // More entries than kinds of planes name one twice: the repetition is among the
        // first MAX_PLANES + 1, so front ends need not read (nor keep) more.
        for (i, plane) in options.planes.iter().take(MAX_PLANES + 1).enumerate() {
            if let Plane::Previous { count } = *plane {
                if count == 0 || count > MAX_PREVIOUS {
                    return Err(OptionsError::PreviousCount { count });
                }
            }
            // At most ten planes: comparing each with those before it is cheap.
            let kind = std::mem::discriminant(plane);
            if let Some(first) = options.planes[..i]
                .iter()
                .find(|p| std::mem::discriminant(*p) == kind)
            {
                return Err(OptionsError::RepeatedPlane { plane: *first });
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
            declare_max: options
                .opening
                .declaration_range(options.size)
                .map_or(0, |[_, max]| max),
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

    /// The action index of a point (row-major from `a1`).
    pub fn index_of(&self, point: renju_core::Point) -> usize {
        usize::from(point.y()) * usize::from(self.options.size) + usize::from(point.x())
    }

    /// The action index of a pass (`size * size`).
    pub fn pass_action(&self) -> u32 {
        self.area as u32
    }

    /// How many actions there are: every point, then pass; under an opening protocol
    /// other than the free opening, then the [`Decision`]s and the declarations (see
    /// [`Layout::decision_action`] and [`Layout::declare_action`]).
    pub fn action_count(&self) -> usize {
        match self.has_phases() {
            false => self.area + 1,
            true => self.area + 1 + Decision::ALL.len() + usize::from(self.declare_max),
        }
    }

    /// Whether the games have an opening protocol played as action phases (any protocol
    /// but the free opening).
    pub fn has_phases(&self) -> bool {
        self.options.opening != OpeningRule::Free
    }

    /// The action of a colour decision (`None` under the free opening, which has none).
    pub fn decision_action(&self, decision: Decision) -> Option<u32> {
        self.has_phases()
            .then(|| self.area as u32 + 1 + decision as u32)
    }

    /// The action that declares `count` fifth-move offers (`None` when the protocol has
    /// no declaration or `count` is outside `1..=`[`Layout::declare_max`]).
    pub fn declare_action(&self, count: u8) -> Option<u32> {
        (self.has_phases() && (1..=self.declare_max).contains(&count))
            .then(|| (self.area + 1 + Decision::ALL.len()) as u32 + u32::from(count) - 1)
    }

    /// The largest number of fifth-move offers a declaration may give (the protocol's,
    /// capped by the board as the live referee caps it); 0 without declarations.
    pub fn declare_max(&self) -> u8 {
        self.declare_max
    }

    /// What an action index stands for.
    pub fn action_kind(&self, action: u32) -> Option<ActionKind> {
        let a = action as usize;
        let decisions = self.area + 1;
        let declarations = decisions + Decision::ALL.len();
        Some(match a {
            _ if a < self.area => ActionKind::Point(action),
            _ if a == self.area => ActionKind::Pass,
            _ if !self.has_phases() => return None,
            _ if a < declarations => ActionKind::Decision(Decision::ALL[a - decisions]),
            _ if a < declarations + usize::from(self.declare_max) => {
                ActionKind::Declare((a - declarations + 1) as u8)
            }
            _ => return None,
        })
    }

    /// How many observation planes there are.
    pub fn channels(&self) -> usize {
        self.channels
    }

    /// The bytes of one game's observation: `channels * size * size`.
    pub fn observation_len(&self) -> usize {
        self.channels * self.area
    }

    /// An upper bound of the bytes one game takes at its peak (its heap, its places in
    /// the batch's vectors and its share of the step's outputs, [`Outputs`](crate::Outputs)
    /// or the front ends' arrays): the game and the finished game a batch keeps beside
    /// it, each at its longest (19 KB on 15x15 under the free opening with the default
    /// planes, where 13.5 KB was measured; an opening protocol adds its live referee's).
    pub fn game_bytes(&self) -> usize {
        let board = 2048 + 64 * self.area;
        let opening = match self.has_phases() {
            true => 16 * 1024,
            false => 0,
        };
        // The step's outputs: the observation, the mask, the reward (4 bytes), six bytes
        // of flags and codes, and the front ends' array of actions (8 bytes).
        let outputs = self.observation_len() + self.action_count() + 4 + 6 + 8;
        board + opening + outputs + INLINE_BYTES
    }

    /// The bytes a batch of `n` games needs at its peak (`n` times
    /// [`Layout::game_bytes`]); `None` when that overflows.
    pub fn batch_bytes(&self, n: usize) -> Option<usize> {
        n.checked_mul(self.game_bytes())
    }

    /// Whether the forbidden-point plane is written (asked for, under Renju).
    pub(crate) fn forbidden_plane(&self) -> bool {
        self.forbidden_plane
    }
}

/// A colour decision of an opening protocol, as an action (see
/// [`Layout::decision_action`]): the actions right after pass, in this order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Decision {
    /// Keep colours.
    Stay = 0,
    /// Exchange colours.
    Swap = 1,
    /// Swap2's third option: place two more stones (a white one, then a black one) and
    /// let the first player choose colours.
    PlaceTwo = 2,
    /// Taraguchi: offer fifth moves instead of deciding colours (the offers follow as
    /// point actions).
    Offer = 3,
}

impl Decision {
    /// Every decision, in action order.
    pub const ALL: [Decision; 4] = [
        Decision::Stay,
        Decision::Swap,
        Decision::PlaceTwo,
        Decision::Offer,
    ];

    /// The decision's name: `stay`, `swap`, `place-two`, `offer`.
    pub fn name(self) -> &'static str {
        match self {
            Decision::Stay => "stay",
            Decision::Swap => "swap",
            Decision::PlaceTwo => "place-two",
            Decision::Offer => "offer",
        }
    }
}

/// What an action index stands for ([`Layout::action_kind`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ActionKind {
    /// A point (its index, row-major from `a1`): a stone, an offered fifth move or
    /// White's choice among the offers, as the phase asks.
    Point(u32),
    /// A pass.
    Pass,
    /// A colour decision.
    Decision(Decision),
    /// A declared number of fifth-move offers.
    Declare(u8),
}

/// The bytes a batch keeps for each game in its own vectors (the game, the finished game,
/// the step's plan), counted by [`Layout::game_bytes`]; the batch checks at compile time
/// that they fit.
pub(crate) const INLINE_BYTES: usize = 1024;

/// The most games one batch holds. Memory bounds it before this does: a 15x15 game
/// takes about 4.7 KB at its start and 12 KB at its peak (with the finished game kept
/// beside it; 13.5 KB with the step's outputs), so that 2^20 games need 14 to 20 GB
/// ([`Layout::batch_bytes`]);
/// [`VecEnv::new`](crate::VecEnv::new) refuses a batch whose peak cannot be allocated
/// ([`OptionsError::OutOfMemory`]).
pub const MAX_GAMES: usize = 1 << 20;

/// How many kinds of planes there are: [`EnvOptions::planes`] names each at most once,
/// so a longer list is refused ([`OptionsError::RepeatedPlane`]).
pub const MAX_PLANES: usize = 9;
