//! Self-play environments: N games stepped together (renju-env's batched stepper), into
//! caller buffers; copies for tree search; the record of a game as a games handle.

use std::ffi::c_char;
use std::sync::{Mutex, MutexGuard};

use ::renju_env::{
    ActionError, Autoreset, Buffers, EnvOptions, FoulHandling, OptionsError, Plane, PlaneNameError,
    StepError, VecEnv, MAX_PLANES,
};
use renju_core::RenjuOptions;

use crate::error::renju_status::{self, *};
use crate::error::{guard, Error, Result};
use crate::games::renju_games;
use crate::handle::{clear_out, free_handle, handle, new_handle, opt_str_arg, read, write, Handle};
use crate::types::rule_set_arg;

/// N self-play games stepped together with the exact rules. An opaque handle.
///
/// Layouts: action `a < size*size` is the point in row `a / size` (row 0 is row 1, the
/// bottom row) and column `a % size` (column 0 is `a`); action `size*size` is a pass.
/// One game's observation is `channels * size * size` bytes, plane after plane, each
/// row-major like the actions, all 0 or 1; game `i`'s starts at byte
/// `i * observation_len`. Rewards go to the player (seat) who acted: +1 a win, -1 a loss
/// (a foul played, a forfeit), 0 otherwise. Auto-reset (default) is Gymnasium's
/// `SAME_STEP`: the step that ends a game gives its reward and ending with the next
/// game's first observation.
///
/// Under an opening protocol (`renju_env_options.opening`) the live referee judges the
/// opening: actions `size*size + 1` to `size*size + 4` are the colour decisions stay,
/// swap, place-two (Swap2) and offer (Taraguchi), then `size*size + 5 + (k - 1)`
/// declares k fifth-move offers; fifth-move offers (one point action each) and White's
/// choice among them are point actions. The `phases` buffer says what the player to act
/// must do (0 place, 1 swap, 2 declare, 3 offer, 4 choose; 5 over, for a finished game
/// not reset yet: auto-reset disabled, or next-step's final observation; under the free
/// opening only 0 and 5), the `seats` buffer who it is (0 the first player, 1 the
/// second).
///
/// Ownership: created by `renju_env_new` or `renju_env_copy`; freed with
/// `renju_env_free`. Thread safety: every call locks the handle.
pub struct renju_env {
    inner: Mutex<VecEnv>,
}

impl Handle for renju_env {
    const NAME: &'static str = "renju_env";
}

impl renju_env {
    fn lock(&self) -> Result<MutexGuard<'_, VecEnv>> {
        self.inner.lock().map_err(|_| {
            Error::new(
                RENJU_ERROR_PANIC,
                "the environment is unusable: an earlier call panicked while using it",
            )
        })
    }
}

/// The options of an environment (`renju_env_new`).
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct renju_env_options {
    /// The rule set (a `renju_rule_set` value).
    pub rule_set: i32,
    /// The board side (Renju: 15; others 5 to 26).
    pub size: i32,
    /// The observation planes, comma-separated (`"own,opponent,black-to-move,forbidden,
    /// last-move"`, `"previous-K"` for K history planes, `"phase"` for five planes of the
    /// opening phase, `"offered"`, `"first-to-act"`); NULL for the first five.
    pub planes: *const c_char,
    /// Black's forbidden points legal and lost (true) or masked out (false).
    pub fouls_played: bool,
    /// Whether passing is a legal action.
    pub allow_pass: bool,
    /// A draw once this many stones are on the board; 0 for none (a negative value is
    /// refused).
    pub draw_after: i32,
    /// 0 same-step auto-reset, 1 next-step, 2 disabled (Gymnasium's modes).
    pub autoreset: i32,
    /// The reading of the disputed Renju case (see `renju_position_info`).
    pub five_completion_counts: bool,
    /// The opening protocol's name, as `renju_referee_options.opening` takes it (such as
    /// `"swap2"`); NULL for the free opening.
    pub opening: *const c_char,
}

/// Where a step writes, for N games. Each pointer must hold the length given in its
/// comment (`observation_len` and `action_count` from `renju_env_sizes`).
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct renju_env_buffers {
    /// `N * observation_len` bytes: the observation planes.
    pub observations: *mut u8,
    /// `N * action_count` bytes: 1 where the action is legal.
    pub masks: *mut u8,
    /// `N` rewards of the player (seat) who acted.
    pub rewards: *mut f32,
    /// `N` bytes: 1 when the game ended on this step.
    pub terminated: *mut u8,
    /// `N` bytes: always 0.
    pub truncated: *mut u8,
    /// `N` bytes: 0 not ended, 1 five, 2 forbidden, 3 two passes, 4 full board,
    /// 5 draw after N stones, 6 forfeit (a declaration of offers that cannot be met).
    pub endings: *mut u8,
    /// `N` bytes: 0 no winner, 1 Black, 2 White.
    pub winners: *mut u8,
    /// `N` bytes, or NULL (not written): what the player to act must do, 0 place,
    /// 1 swap, 2 declare, 3 offer, 4 choose, 5 over (a finished game not reset yet:
    /// auto-reset disabled, or next-step's final observation).
    pub phases: *mut u8,
    /// `N` bytes, or NULL (not written): the seat that acts, 0 the first player, 1 the
    /// second.
    pub seats: *mut u8,
}

fn env(ptr: *const renju_env) -> Result<std::sync::Arc<renju_env>> {
    handle(ptr, "env")
}

fn planes_arg(text: Option<&str>) -> Result<Vec<Plane>> {
    let Some(text) = text else {
        return Ok(Plane::defaults());
    };
    // A list longer than MAX_PLANES names a plane twice, among its first MAX_PLANES + 1
    // names: the options refuse it without reading the rest.
    text.split(',')
        .take(MAX_PLANES + 1)
        .map(|name| {
            name.trim()
                .parse()
                .map_err(|e: PlaneNameError| Error::invalid(e.to_string()))
        })
        .collect()
}

/// The core's options from the C struct.
///
/// # Safety
/// `raw.planes` and `raw.opening` must be NULL or NUL-terminated strings.
unsafe fn options_arg(raw: &renju_env_options) -> Result<EnvOptions> {
    // SAFETY: the caller's guarantees.
    let planes = planes_arg(unsafe { opt_str_arg(raw.planes, "options->planes") }?)?;
    // SAFETY: the caller's guarantees.
    let opening = match unsafe { opt_str_arg(raw.opening, "options->opening") }? {
        Some(name) => name.parse::<renju_records::OpeningRule>()?,
        None => renju_records::OpeningRule::Free,
    };
    let size = u8::try_from(raw.size)
        .map_err(|_| Error::invalid(format!("board size {} is not supported", raw.size)))?;
    Ok(EnvOptions {
        rule_set: rule_set_arg(raw.rule_set)?,
        size,
        renju: RenjuOptions {
            five_completion_counts: raw.five_completion_counts,
        },
        planes,
        fouls: match raw.fouls_played {
            true => FoulHandling::PlayedAndLost,
            false => FoulHandling::Masked,
        },
        pass: raw.allow_pass,
        draw_after: draw_after_arg(raw.draw_after)?,
        opening,
        autoreset: match raw.autoreset {
            0 => Autoreset::SameStep,
            1 => Autoreset::NextStep,
            2 => Autoreset::Disabled,
            other => {
                return Err(Error::invalid(format!(
                    "autoreset {other} is not 0, 1 or 2"
                )))
            }
        },
    })
}

/// `options->draw_after`: 0 for none, a negative count refused.
fn draw_after_arg(stones: i32) -> Result<Option<usize>> {
    match usize::try_from(stones) {
        Ok(0) => Ok(None),
        Ok(n) => Ok(Some(n)),
        Err(_) => Err(Error::invalid(format!(
            "options->draw_after {stones} is negative (0 for no draw after N stones)"
        ))),
    }
}

impl From<OptionsError> for Error {
    fn from(e: OptionsError) -> Error {
        let status = match &e {
            OptionsError::OutOfMemory { .. } => RENJU_ERROR_OUT_OF_MEMORY,
            _ => RENJU_ERROR_INVALID_ARGUMENT,
        };
        Error::new(status, e.to_string())
    }
}

/// The actions of a call: `count` must be the number of games, and `actions` not NULL
/// when there are any. `renju_env_step` and `renju_env_random_actions` check them alike.
fn check_actions<T>(actions: *const T, count: usize, env: &VecEnv) -> Result<()> {
    if actions.is_null() && count > 0 {
        return Err(Error::null("actions"));
    }
    if count != env.len() {
        let e = StepError::ActionCount {
            expected: env.len(),
            got: count,
        };
        return Err(e.into());
    }
    Ok(())
}

fn action_status(e: &ActionError) -> renju_status {
    match e {
        ActionError::Occupied { .. } => RENJU_ERROR_OCCUPIED,
        ActionError::GameOver { .. } => RENJU_ERROR_GAME_OVER,
        _ => RENJU_ERROR_INVALID_ARGUMENT,
    }
}

impl From<StepError> for Error {
    fn from(e: StepError) -> Error {
        let status = match &e {
            StepError::Action { source, .. } => action_status(source),
            StepError::NoGame { .. } => RENJU_ERROR_INDEX_OUT_OF_RANGE,
            StepError::Buffer { .. } => RENJU_ERROR_BUFFER_TOO_SMALL,
            _ => RENJU_ERROR_INVALID_ARGUMENT,
        };
        Error::new(status, e.to_string())
    }
}

/// The caller's buffers as slices, for `n` games.
///
/// # Safety
/// Every pointer of `raw` must be valid for writes of the length its field documents.
unsafe fn buffers_arg<'a>(raw: &renju_env_buffers, env: &VecEnv) -> Result<Buffers<'a>> {
    let n = env.len();
    let layout = env.layout();
    fn optional<'a>(ptr: *mut u8, len: usize, what: &str) -> Result<Option<&'a mut [u8]>> {
        match ptr.is_null() {
            true => Ok(None),
            false => slice(ptr, len, what).map(Some),
        }
    }
    fn slice<'a, T>(ptr: *mut T, len: usize, what: &str) -> Result<&'a mut [T]> {
        if ptr.is_null() {
            return Err(Error::null(what));
        }
        if ptr.align_offset(std::mem::align_of::<T>()) != 0 {
            return Err(Error::invalid(format!("{what} is misaligned")));
        }
        // SAFETY: the caller of buffers_arg guarantees `len` writable values.
        Ok(unsafe { std::slice::from_raw_parts_mut(ptr, len) })
    }
    Ok(Buffers {
        observations: slice(
            raw.observations,
            n * layout.observation_len(),
            "observations",
        )?,
        masks: slice(raw.masks, n * layout.action_count(), "masks")?,
        rewards: slice(raw.rewards, n, "rewards")?,
        terminated: slice(raw.terminated, n, "terminated")?,
        truncated: slice(raw.truncated, n, "truncated")?,
        endings: slice(raw.endings, n, "endings")?,
        winners: slice(raw.winners, n, "winners")?,
        phases: optional(raw.phases, n, "phases")?,
        seats: optional(raw.seats, n, "seats")?,
    })
}

/// Creates `num_envs` games at their start under `options` (NULL: Renju 15x15, the
/// default planes, fouls masked, no pass, no draw after N stones, same-step
/// auto-reset), each game's random numbers seeded from `seed` and its index. `*out`
/// gets the new handle (NULL on error).
///
/// Returns `RENJU_ERROR_INVALID_ARGUMENT` for an unknown rule set, plane, opening
/// protocol or autoreset mode, a size the rule set does not allow, a plane named twice,
/// a negative `draw_after` or more games than 2^20; `RENJU_ERROR_OUT_OF_MEMORY` when
/// the games' peak memory (about 12 KB a 15x15 game, measured; the finished game kept
/// beside it included) cannot be allocated.
///
/// Ownership: the caller owns `*out` (free it with `renju_env_free`). Thread safety:
/// safe from any thread.
///
/// # Safety
/// `options` must be NULL or point to a `renju_env_options` (its `planes` and `opening`
/// NULL or NUL-terminated strings); `out` must be NULL or valid for writes of a
/// pointer.
#[no_mangle]
pub unsafe extern "C" fn renju_env_new(
    options: *const renju_env_options,
    num_envs: usize,
    seed: u64,
    out: *mut *mut renju_env,
) -> renju_status {
    guard(|| {
        // SAFETY: the caller's guarantees.
        let out = unsafe { clear_out(out, "out") }?;
        let options = match options.is_null() {
            true => EnvOptions::default(),
            // SAFETY: the caller's guarantees.
            false => unsafe { options_arg(&read(options, "options")?) }?,
        };
        let vec = VecEnv::new(options, num_envs, seed)?;
        let ptr = new_handle(renju_env {
            inner: Mutex::new(vec),
        });
        // SAFETY: checked above.
        unsafe { write(out, "out", ptr) }
    })
}

/// Frees an environment. NULL is accepted and does nothing.
///
/// Returns `RENJU_ERROR_BAD_HANDLE` for a handle that is not live.
///
/// # Safety
/// None beyond the handle rules: any pointer value is accepted.
#[no_mangle]
pub unsafe extern "C" fn renju_env_free(env: *mut renju_env) -> renju_status {
    guard(|| {
        if env.is_null() {
            return Ok(());
        }
        free_handle(env, "env")
    })
}

/// The sizes of one game: `*observation_len` bytes of observation (channels * size *
/// size) and `*action_count` actions (size * size + 1 under the free opening; more under
/// an opening protocol: the decisions and declarations); `*num_envs` games. Any output
/// may be NULL.
///
/// # Safety
/// Each output must be NULL or valid for writes.
#[no_mangle]
pub unsafe extern "C" fn renju_env_sizes(
    env: *const renju_env,
    num_envs: *mut usize,
    observation_len: *mut usize,
    action_count: *mut usize,
) -> renju_status {
    guard(|| {
        let env = self::env(env)?;
        let vec = env.lock()?;
        let layout = vec.layout();
        for (ptr, value) in [
            (num_envs, vec.len()),
            (observation_len, layout.observation_len()),
            (action_count, layout.action_count()),
        ] {
            if !ptr.is_null() {
                // SAFETY: the caller's guarantees.
                unsafe { write(ptr, "output", value) }?;
            }
        }
        Ok(())
    })
}

/// Resets every game (reseeding from `seed` when `reseed`) and writes the first
/// observations and masks into `buffers` (rewards and flags zero).
///
/// Returns `RENJU_ERROR_NULL_POINTER` for a NULL buffer.
///
/// # Safety
/// `buffers` must point to a `renju_env_buffers` whose pointers hold the lengths its
/// fields document.
#[no_mangle]
pub unsafe extern "C" fn renju_env_reset(
    env: *const renju_env,
    reseed: bool,
    seed: u64,
    buffers: *const renju_env_buffers,
) -> renju_status {
    guard(|| {
        let env = self::env(env)?;
        let mut vec = env.lock()?;
        // SAFETY: the caller's guarantees.
        let raw = unsafe { read(buffers, "buffers") }?;
        // SAFETY: the caller's guarantees.
        let out = unsafe { buffers_arg(&raw, &vec) }?;
        Ok(vec.reset(reseed.then_some(seed), out)?)
    })
}

/// Applies `actions[i]` to game `i` (`count` must be the number of games) and writes
/// the results into `buffers`. Every action is checked first: an illegal one fails the
/// whole step and nothing changes (`RENJU_ERROR_OCCUPIED` for an occupied point,
/// `RENJU_ERROR_GAME_OVER` for a finished game without auto-reset,
/// `RENJU_ERROR_INVALID_ARGUMENT` for anything else; the message names the game).
///
/// Returns `RENJU_ERROR_NULL_POINTER` for NULL `actions` (with `count > 0`) and
/// `RENJU_ERROR_INVALID_ARGUMENT` when `count` is not the number of games, as
/// `renju_env_random_actions` does.
///
/// # Safety
/// `actions` must be valid for reads of `count` values; `buffers` as `renju_env_reset`.
#[no_mangle]
pub unsafe extern "C" fn renju_env_step(
    env: *const renju_env,
    actions: *const i64,
    count: usize,
    buffers: *const renju_env_buffers,
) -> renju_status {
    guard(|| {
        let env = self::env(env)?;
        let mut vec = env.lock()?;
        check_actions(actions, count, &vec)?;
        let actions = match count {
            0 => &[][..],
            // SAFETY: the caller's guarantees.
            _ => unsafe { std::slice::from_raw_parts(actions, count) },
        };
        // SAFETY: the caller's guarantees.
        let raw = unsafe { read(buffers, "buffers") }?;
        // SAFETY: the caller's guarantees.
        let out = unsafe { buffers_arg(&raw, &vec) }?;
        Ok(vec.step(actions, out)?)
    })
}

/// Writes a uniformly random legal action per game into `actions` (`count` must be the
/// number of games), each from its game's own random numbers; 0 for a finished game.
///
/// Returns `RENJU_ERROR_NULL_POINTER` for NULL `actions` (with `count > 0`) and
/// `RENJU_ERROR_INVALID_ARGUMENT` when `count` is not the number of games, as
/// `renju_env_step` does.
///
/// # Safety
/// `actions` must be valid for writes of `count` values.
#[no_mangle]
pub unsafe extern "C" fn renju_env_random_actions(
    env: *const renju_env,
    actions: *mut i64,
    count: usize,
) -> renju_status {
    guard(|| {
        let env = self::env(env)?;
        let mut vec = env.lock()?;
        check_actions(actions, count, &vec)?;
        if count > 0 {
            // SAFETY: the caller's guarantees.
            let out = unsafe { std::slice::from_raw_parts_mut(actions, count) };
            vec.random_actions(out);
        }
        Ok(())
    })
}

/// An independent copy of the whole environment (random numbers included), for tree
/// search. `*out` gets the new handle.
///
/// Returns `RENJU_ERROR_OUT_OF_MEMORY` when the copy's peak memory cannot be allocated
/// (as `renju_env_new`).
///
/// # Safety
/// `out` must be NULL or valid for writes of a pointer.
#[no_mangle]
pub unsafe extern "C" fn renju_env_copy(
    env: *const renju_env,
    out: *mut *mut renju_env,
) -> renju_status {
    guard(|| {
        // SAFETY: the caller's guarantees.
        let out = unsafe { clear_out(out, "out") }?;
        let copy = self::env(env)?.lock()?.try_clone()?;
        let ptr = new_handle(renju_env {
            inner: Mutex::new(copy),
        });
        // SAFETY: checked above.
        unsafe { write(out, "out", ptr) }
    })
}

/// Puts a copy of game `from_index` of `from` into slot `index` of `env` (restoring a
/// game saved with `renju_env_copy`); both must have the same options. Its observation
/// and mask are written at the next step.
///
/// Returns `RENJU_ERROR_INDEX_OUT_OF_RANGE` for an index past the games,
/// `RENJU_ERROR_INVALID_ARGUMENT` for other options.
///
/// # Safety
/// None beyond the handle rules.
#[no_mangle]
pub unsafe extern "C" fn renju_env_set_game(
    env: *const renju_env,
    index: usize,
    from: *const renju_env,
    from_index: usize,
) -> renju_status {
    guard(|| {
        let source = self::env(from)?;
        let game = {
            let vec = source.lock()?;
            let len = vec.len();
            vec.game(from_index).cloned().ok_or(StepError::NoGame {
                game: from_index,
                len,
            })?
        };
        let target = self::env(env)?;
        let mut vec = target.lock()?;
        Ok(vec.set_game(index, game)?)
    })
}

/// Game `index` so far as a game record (a games handle holding one record, as
/// `renju_games_read_file` gives), which validates to the game's outcome. With
/// `finished`, the last game that ended in that slot (after an auto-reset); then
/// `*out` is NULL when there is none yet.
///
/// Ownership: the caller owns `*out` (free it with `renju_games_free`).
///
/// # Safety
/// `out` must be NULL or valid for writes of a pointer.
#[no_mangle]
pub unsafe extern "C" fn renju_env_record(
    env: *const renju_env,
    index: usize,
    finished: bool,
    out: *mut *mut renju_games,
) -> renju_status {
    guard(|| {
        // SAFETY: the caller's guarantees.
        let out = unsafe { clear_out(out, "out") }?;
        let env = self::env(env)?;
        let vec = env.lock()?;
        let len = vec.len();
        if index >= len {
            return Err(StepError::NoGame { game: index, len }.into());
        }
        let game = match finished {
            true => vec.finished_game(index),
            false => vec.game(index),
        };
        if let Some(game) = game {
            let ptr = new_handle(renju_games::of_game(game.record()));
            // SAFETY: checked above.
            unsafe { write(out, "out", ptr) }?;
        }
        Ok(())
    })
}
