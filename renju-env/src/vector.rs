//! The batched stepper: N games stepped together, writing every game's observation, mask,
//! reward, `terminated`, `truncated`, ending and winner into caller-provided buffers
//! ([`Buffers`]) or the stepper's own ([`Outputs`]). With the `parallel` feature, a step
//! of many games runs on every core.

use std::sync::Arc;

use renju_records::Seat;
use thiserror::Error;

use crate::ending::winner_code;
use crate::game::{ActionError, GameState};
use crate::options::{Autoreset, EnvOptions, Layout, OptionsError};
use crate::rng::Rng;

/// Games per task of a parallel step.
#[cfg(feature = "parallel")]
const CHUNK: usize = 64;

pub use crate::options::MAX_GAMES;

/// The games' peak memory ([`Layout::batch_bytes`]) allocated and given back at once:
/// the batch is refused when the address space cannot hold it, where the games' small
/// allocations one by one would abort the process on the way (or later, in play).
fn check_memory(layout: &Layout, n: usize) -> Result<(), OptionsError> {
    let bytes = layout.batch_bytes(n);
    let mut probe: Vec<u8> = Vec::new();
    match bytes.map(|b| probe.try_reserve_exact(b)) {
        Some(Ok(())) => Ok(()),
        _ => Err(OptionsError::OutOfMemory {
            games: n,
            bytes: bytes.unwrap_or(usize::MAX),
        }),
    }
}

/// An empty vector with room for `len` values, or the out-of-memory error of a batch of
/// `n` games.
fn vec_for<T>(layout: &Layout, n: usize, len: usize) -> Result<Vec<T>, OptionsError> {
    let mut v = Vec::new();
    v.try_reserve_exact(len)
        .map_err(|_| OptionsError::OutOfMemory {
            games: n,
            bytes: layout.batch_bytes(n).unwrap_or(usize::MAX),
        })?;
    Ok(v)
}

/// `len` zeros (of a batch of `n` games), or the out-of-memory error.
fn zeros<T: Default + Clone>(
    layout: &Layout,
    n: usize,
    len: usize,
) -> Result<Vec<T>, OptionsError> {
    let mut v = vec_for(layout, n, len)?;
    v.resize(len, T::default());
    Ok(v)
}

/// Why a step or a reset was refused. Nothing changed.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum StepError {
    /// The actions are not one per game.
    #[error("{got} actions for {expected} games")]
    ActionCount {
        /// The number of games.
        expected: usize,
        /// The number of actions given.
        got: usize,
    },
    /// An output buffer has the wrong length.
    #[error("the {name} buffer holds {got} values, not {expected}")]
    Buffer {
        /// Which buffer.
        name: &'static str,
        /// The length it must have.
        expected: usize,
        /// Its length.
        got: usize,
    },
    /// A game's action cannot be taken.
    #[error("game {game}: {source}")]
    Action {
        /// The game's index.
        game: usize,
        /// Why.
        source: ActionError,
    },
    /// No game has this index.
    #[error("game {game} does not exist ({len} games)")]
    NoGame {
        /// The index.
        game: usize,
        /// How many games there are.
        len: usize,
    },
    /// A game restored into the batch was played under other options.
    #[error("game {game} was played under other options than the batch's")]
    OtherOptions {
        /// The index.
        game: usize,
    },
}

/// The output buffers of a step, for N games (see the [crate docs](crate) for the
/// layouts).
#[derive(Debug)]
pub struct Buffers<'a> {
    /// `N * channels * size * size` bytes: the observation planes.
    pub observations: &'a mut [u8],
    /// `N * action_count` bytes: 1 where the action is legal.
    pub masks: &'a mut [u8],
    /// `N` rewards of the player who moved.
    pub rewards: &'a mut [f32],
    /// `N` bytes: 1 when the game ended on this step.
    pub terminated: &'a mut [u8],
    /// `N` bytes: always 0 (games end by the rules only).
    pub truncated: &'a mut [u8],
    /// `N` ending codes ([`Ending::code`](crate::Ending::code)), 0 when the game did not end.
    pub endings: &'a mut [u8],
    /// `N` winner codes: 0 none, 1 Black, 2 White.
    pub winners: &'a mut [u8],
    /// `N` [`Phase`](crate::Phase) codes of the observation written (what the player to
    /// act must do; [`Phase::Over`](crate::Phase::Over), 5, for a finished game not reset
    /// yet), when given.
    pub phases: Option<&'a mut [u8]>,
    /// `N` seats that act in the observation written (0 the first player, 1 the second),
    /// when given.
    pub seats: Option<&'a mut [u8]>,
}

impl<'a> Buffers<'a> {
    fn check(&self, layout: &Layout, n: usize) -> Result<(), StepError> {
        let want = |name, got: usize, expected: usize| match got == expected {
            true => Ok(()),
            false => Err(StepError::Buffer {
                name,
                expected,
                got,
            }),
        };
        want(
            "observations",
            self.observations.len(),
            n * layout.observation_len(),
        )?;
        want("masks", self.masks.len(), n * layout.action_count())?;
        want("rewards", self.rewards.len(), n)?;
        want("terminated", self.terminated.len(), n)?;
        want("truncated", self.truncated.len(), n)?;
        want("endings", self.endings.len(), n)?;
        want("winners", self.winners.len(), n)?;
        if let Some(phases) = &self.phases {
            want("phases", phases.len(), n)?;
        }
        if let Some(seats) = &self.seats {
            want("seats", seats.len(), n)?;
        }
        Ok(())
    }

    /// The buffers of the first `k` games and of the rest.
    #[cfg(feature = "parallel")]
    fn split_at(self, k: usize, layout: &Layout) -> (Buffers<'a>, Buffers<'a>) {
        let (o1, o2) = self.observations.split_at_mut(k * layout.observation_len());
        let (m1, m2) = self.masks.split_at_mut(k * layout.action_count());
        let (r1, r2) = self.rewards.split_at_mut(k);
        let (t1, t2) = self.terminated.split_at_mut(k);
        let (u1, u2) = self.truncated.split_at_mut(k);
        let (e1, e2) = self.endings.split_at_mut(k);
        let (w1, w2) = self.winners.split_at_mut(k);
        let (p1, p2) = split_option(self.phases, k);
        let (s1, s2) = split_option(self.seats, k);
        (
            Buffers {
                observations: o1,
                masks: m1,
                rewards: r1,
                terminated: t1,
                truncated: u1,
                endings: e1,
                winners: w1,
                phases: p1,
                seats: s1,
            },
            Buffers {
                observations: o2,
                masks: m2,
                rewards: r2,
                terminated: t2,
                truncated: u2,
                endings: e2,
                winners: w2,
                phases: p2,
                seats: s2,
            },
        )
    }

    /// Writes game `i`'s observation and mask.
    fn write_state(&mut self, i: usize, game: &GameState) {
        let layout = game.layout();
        let (obs, acts) = (layout.observation_len(), layout.action_count());
        game.write_observation(&mut self.observations[i * obs..(i + 1) * obs]);
        self.masks[i * acts..(i + 1) * acts].copy_from_slice(game.legal_mask());
        if let Some(phases) = self.phases.as_deref_mut() {
            phases[i] = game.phase().code();
        }
        if let Some(seats) = self.seats.as_deref_mut() {
            seats[i] = seat_code(game.to_act());
        }
    }

    fn write_quiet(&mut self, i: usize) {
        self.rewards[i] = 0.0;
        self.terminated[i] = 0;
        self.truncated[i] = 0;
        self.endings[i] = 0;
        self.winners[i] = 0;
    }
}

/// Splits an optional buffer after `k` values.
#[cfg(feature = "parallel")]
fn split_option(buffer: Option<&mut [u8]>, k: usize) -> (Option<&mut [u8]>, Option<&mut [u8]>) {
    match buffer {
        Some(b) => {
            let (x, y) = b.split_at_mut(k);
            (Some(x), Some(y))
        }
        None => (None, None),
    }
}

/// The code of a seat in the `seats` array: 0 the first player, 1 the second.
pub fn seat_code(seat: Seat) -> u8 {
    match seat {
        Seat::First => 0,
        Seat::Second => 1,
    }
}

/// Output buffers owned by the caller, as plain vectors (what Rust code steps into).
#[derive(Debug, Clone, Default)]
pub struct Outputs {
    /// See [`Buffers::observations`].
    pub observations: Vec<u8>,
    /// See [`Buffers::masks`].
    pub masks: Vec<u8>,
    /// See [`Buffers::rewards`].
    pub rewards: Vec<f32>,
    /// See [`Buffers::terminated`].
    pub terminated: Vec<u8>,
    /// See [`Buffers::truncated`].
    pub truncated: Vec<u8>,
    /// See [`Buffers::endings`].
    pub endings: Vec<u8>,
    /// See [`Buffers::winners`].
    pub winners: Vec<u8>,
    /// See [`Buffers::phases`].
    pub phases: Vec<u8>,
    /// See [`Buffers::seats`].
    pub seats: Vec<u8>,
}

impl Outputs {
    /// Buffers for the games of `env`. The allocation failing aborts the process, as
    /// `vec!` does: [`Outputs::try_for_env`] returns an error instead.
    pub fn for_env(env: &VecEnv) -> Outputs {
        let (n, layout) = (env.len(), env.layout());
        Outputs {
            observations: vec![0; n * layout.observation_len()],
            masks: vec![0; n * layout.action_count()],
            rewards: vec![0.0; n],
            terminated: vec![0; n],
            truncated: vec![0; n],
            endings: vec![0; n],
            winners: vec![0; n],
            phases: vec![0; n],
            seats: vec![0; n],
        }
    }

    /// Buffers for the games of `env`, or [`OptionsError::OutOfMemory`] when they cannot
    /// be allocated.
    pub fn try_for_env(env: &VecEnv) -> Result<Outputs, OptionsError> {
        let (n, layout) = (env.len(), env.layout());
        Ok(Outputs {
            observations: zeros(layout, n, n * layout.observation_len())?,
            masks: zeros(layout, n, n * layout.action_count())?,
            rewards: zeros(layout, n, n)?,
            terminated: zeros(layout, n, n)?,
            truncated: zeros(layout, n, n)?,
            endings: zeros(layout, n, n)?,
            winners: zeros(layout, n, n)?,
            phases: zeros(layout, n, n)?,
            seats: zeros(layout, n, n)?,
        })
    }

    /// The buffers, borrowed.
    pub fn buffers(&mut self) -> Buffers<'_> {
        Buffers {
            observations: &mut self.observations,
            masks: &mut self.masks,
            rewards: &mut self.rewards,
            terminated: &mut self.terminated,
            truncated: &mut self.truncated,
            endings: &mut self.endings,
            winners: &mut self.winners,
            phases: Some(&mut self.phases),
            seats: Some(&mut self.seats),
        }
    }
}

/// What a step does to one game, once every action is checked.
#[derive(Debug, Clone, Copy)]
enum Plan {
    Play(u32),
    Reset,
}

// The per-game bytes of the batch's vectors are within what Layout::game_bytes counts.
const _: () = assert!(
    2 * std::mem::size_of::<GameState>() + std::mem::size_of::<Plan>()
        <= crate::options::INLINE_BYTES
);

/// N games stepped together (see the [crate docs](crate)).
///
/// ```
/// use renju_env::{EnvOptions, Outputs, VecEnv};
/// let mut env = VecEnv::new(EnvOptions::default(), 8, 42).unwrap();
/// let mut out = Outputs::for_env(&env);
/// env.reset(Some(42), out.buffers()).unwrap();
/// let mut actions = vec![0i64; env.len()];
/// let mut ended = 0;
/// for _ in 0..200 {
///     env.random_actions(&mut actions);
///     env.step(&actions, out.buffers()).unwrap();
///     ended += out.terminated.iter().filter(|&&t| t == 1).count();
/// }
/// assert!(ended > 0);
/// ```
#[derive(Debug, Clone)]
pub struct VecEnv {
    layout: Arc<Layout>,
    games: Vec<GameState>,
    finished: Vec<Option<GameState>>,
    plans: Vec<Plan>,
}

impl VecEnv {
    /// `n` games at their start, their random numbers from `seed`.
    ///
    /// Refused with [`OptionsError::OutOfMemory`] when the games' peak memory
    /// ([`Layout::batch_bytes`]: every game and the finished game kept beside it, at
    /// their longest) cannot be allocated, instead of aborting the process partway.
    pub fn new(options: EnvOptions, n: usize, seed: u64) -> Result<VecEnv, OptionsError> {
        if n > MAX_GAMES {
            return Err(OptionsError::TooManyGames { count: n });
        }
        let layout = Layout::new(options)?;
        check_memory(&layout, n)?;
        let mut games = vec_for(&layout, n, n)?;
        let mut finished = vec_for(&layout, n, n)?;
        let plans = vec_for(&layout, n, n)?;
        games.extend(
            (0..n).map(|i| GameState::with_layout(layout.clone(), Rng::nth_stream(seed, i as u64))),
        );
        finished.resize(n, None);
        Ok(VecEnv {
            layout,
            games,
            finished,
            plans,
        })
    }

    /// A copy of the whole batch (random numbers included), refused with
    /// [`OptionsError::OutOfMemory`] as [`VecEnv::new`] refuses a batch whose peak
    /// memory cannot be allocated.
    pub fn try_clone(&self) -> Result<VecEnv, OptionsError> {
        check_memory(&self.layout, self.len())?;
        Ok(self.clone())
    }

    /// The layout (options and sizes).
    pub fn layout(&self) -> &Arc<Layout> {
        &self.layout
    }

    /// How many games.
    pub fn len(&self) -> usize {
        self.games.len()
    }

    /// Whether there are no games.
    pub fn is_empty(&self) -> bool {
        self.games.is_empty()
    }

    /// Game `i` as it is now.
    pub fn game(&self, i: usize) -> Option<&GameState> {
        self.games.get(i)
    }

    /// Every game as it is now.
    pub fn games(&self) -> &[GameState] {
        &self.games
    }

    /// The last game that ended in slot `i` (under [`Autoreset::SameStep`] and
    /// [`Autoreset::NextStep`], the game replaced by a reset).
    pub fn finished_game(&self, i: usize) -> Option<&GameState> {
        self.finished.get(i)?.as_ref()
    }

    /// Puts `game` (a clone taken from this batch or one like it) into slot `i`. Its
    /// observation and mask are written at the next step or [`VecEnv::write_state`].
    pub fn set_game(&mut self, i: usize, game: GameState) -> Result<(), StepError> {
        let len = self.len();
        let slot = self
            .games
            .get_mut(i)
            .ok_or(StepError::NoGame { game: i, len })?;
        if game.layout() != &self.layout {
            return Err(StepError::OtherOptions { game: i });
        }
        *slot = game;
        Ok(())
    }

    /// Resets every game (reseeding the random numbers when `seed` is given) and writes
    /// the first observations and masks; rewards, flags, endings and winners are zero.
    pub fn reset(&mut self, seed: Option<u64>, out: Buffers<'_>) -> Result<(), StepError> {
        out.check(&self.layout, self.len())?;
        for (i, game) in self.games.iter_mut().enumerate() {
            if let Some(seed) = seed {
                game.reseed(Rng::nth_stream(seed, i as u64));
            }
            game.reset();
        }
        self.finished.fill(None);
        self.write_state(out)
    }

    /// Resets game `i` only (its observation and mask are written at the next step or
    /// [`VecEnv::write_state`]).
    pub fn reset_game(&mut self, i: usize) -> Result<(), StepError> {
        let len = self.len();
        let game = self
            .games
            .get_mut(i)
            .ok_or(StepError::NoGame { game: i, len })?;
        game.reset();
        Ok(())
    }

    /// Writes every game's observation and mask as they are now; rewards, flags, endings
    /// and winners are zero.
    pub fn write_state(&self, mut out: Buffers<'_>) -> Result<(), StepError> {
        out.check(&self.layout, self.len())?;
        for (i, game) in self.games.iter().enumerate() {
            out.write_state(i, game);
            out.write_quiet(i);
        }
        Ok(())
    }

    /// A uniformly random legal action per game, each from its game's own random
    /// numbers (deterministic for a seed); 0 for a game that has ended.
    ///
    /// # Panics
    /// When `out` does not hold one value per game.
    pub fn random_actions(&mut self, out: &mut [i64]) {
        assert_eq!(out.len(), self.games.len(), "one action per game");
        let draw = |(a, game): (&mut i64, &mut GameState)| {
            *a = game.random_action().map_or(0, i64::from);
        };
        #[cfg(feature = "parallel")]
        {
            use rayon::prelude::*;
            out.par_iter_mut()
                .zip(self.games.par_iter_mut())
                .with_min_len(CHUNK * 4)
                .for_each(draw);
        }
        #[cfg(not(feature = "parallel"))]
        out.iter_mut().zip(&mut self.games).for_each(draw);
    }

    /// Applies one action per game and writes the results (see [`Autoreset`] for what
    /// a game that ends gives). Every action is checked first: an illegal one refuses
    /// the whole step, naming the game, and nothing changes.
    pub fn step(&mut self, actions: &[i64], out: Buffers<'_>) -> Result<(), StepError> {
        let n = self.len();
        if actions.len() != n {
            return Err(StepError::ActionCount {
                expected: n,
                got: actions.len(),
            });
        }
        out.check(&self.layout, n)?;
        self.plans.clear();
        let mode = self.layout.options().autoreset;
        for (i, (game, &a)) in self.games.iter().zip(actions).enumerate() {
            let plan = match (game.is_over(), mode) {
                (true, Autoreset::SameStep | Autoreset::NextStep) => Plan::Reset,
                _ => Plan::Play(
                    game.check(a)
                        .map_err(|source| StepError::Action { game: i, source })?,
                ),
            };
            self.plans.push(plan);
        }
        let VecEnv {
            layout,
            games,
            finished,
            plans,
        } = self;
        step_range(layout, games, finished, plans, out);
        Ok(())
    }
}

/// Steps a range of games, split across cores with `parallel`.
fn step_range(
    layout: &Arc<Layout>,
    games: &mut [GameState],
    finished: &mut [Option<GameState>],
    plans: &[Plan],
    out: Buffers<'_>,
) {
    #[cfg(feature = "parallel")]
    if games.len() > CHUNK {
        let mid = games.len() / 2;
        let (g1, g2) = games.split_at_mut(mid);
        let (f1, f2) = finished.split_at_mut(mid);
        let (p1, p2) = plans.split_at(mid);
        let (o1, o2) = out.split_at(mid, layout);
        rayon::join(
            || step_range(layout, g1, f1, p1, o1),
            || step_range(layout, g2, f2, p2, o2),
        );
        return;
    }
    let mut out = out;
    let same_step = layout.options().autoreset == Autoreset::SameStep;
    for (i, ((game, done), &plan)) in games.iter_mut().zip(finished).zip(plans).enumerate() {
        match plan {
            Plan::Reset => {
                *done = Some(game.restart());
                out.write_quiet(i);
            }
            Plan::Play(a) => {
                let r = game.apply(a);
                out.rewards[i] = r.reward;
                out.terminated[i] = u8::from(r.ending.is_some());
                out.truncated[i] = 0;
                out.endings[i] = r.ending.map_or(0, |e| e.code());
                out.winners[i] = winner_code(r.winner);
                if same_step && r.ending.is_some() {
                    *done = Some(game.restart());
                }
            }
        }
        out.write_state(i, game);
    }
}
