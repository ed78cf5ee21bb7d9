//! The self-play environments of renju-env: `VecEnv` (N games stepped in one call with
//! the GIL released, writing into numpy arrays it owns and returns without copying) and
//! `EnvGame` (one game, to clone for tree search). numpy is needed for the arrays only;
//! the wrappers (Gymnasium, PettingZoo) are in `python/renju/env.py`.

use std::sync::{Arc, Mutex, MutexGuard, TryLockError};

use pyo3::exceptions::{
    PyIndexError, PyMemoryError, PyOverflowError, PyRuntimeError, PyTypeError, PyValueError,
};
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyDict, PyList, PyTuple, PyType};

use renju_core::{RenjuOptions, RuleSet as CRuleSet};
use renju_env::{
    ActionError, Autoreset, Buffers, EnvOptions, FoulHandling, GameState, Layout, OptionsError,
    Plane, PlaneNameError, Rng, StepError, VecEnv as CVecEnv, MAX_PLANES,
};

use crate::arrays::numpy;
use crate::convert::{self, named};
use crate::errors;
use crate::game::Game;
use crate::types::{Color, OpeningRule, Outcome, RuleSet};
use renju_records::{OpeningRule as COpeningRule, Seat};

fn autoreset_name(a: Autoreset) -> &'static str {
    match a {
        Autoreset::SameStep => "same-step",
        Autoreset::NextStep => "next-step",
        Autoreset::Disabled => "disabled",
    }
}

/// The Python exception of options that make no environment: MemoryError when the
/// games' memory cannot be had, SetupError for the board, ValueError otherwise.
fn options_error(py: Python<'_>, e: OptionsError) -> PyErr {
    match e {
        OptionsError::Setup(s) => errors::setup_error(py, &s),
        OptionsError::OutOfMemory { .. } => PyMemoryError::new_err(e.to_string()),
        other => PyValueError::new_err(other.to_string()),
    }
}

/// The planes named by `names` (a sequence of str, not a str). A list longer than there
/// are planes names one twice among its first MAX_PLANES + 1 entries: only those are
/// read, and the options refuse them.
fn planes_of(names: &Bound<'_, PyAny>) -> PyResult<Vec<Plane>> {
    if names.is_instance_of::<pyo3::types::PyString>() {
        let msg = "planes must be a list of plane names, not a str";
        return Err(PyTypeError::new_err(msg));
    }
    names
        .try_iter()?
        .take(MAX_PLANES + 1)
        .map(|name| {
            name?
                .extract::<String>()?
                .parse()
                .map_err(|e: PlaneNameError| PyValueError::new_err(e.to_string()))
        })
        .collect()
}

/// The keyword arguments both classes take, read into the core's options.
#[allow(clippy::too_many_arguments)]
fn options_of(
    py: Python<'_>,
    rule: Option<&Bound<'_, PyAny>>,
    size: i64,
    planes: Option<&Bound<'_, PyAny>>,
    fouls: &str,
    allow_pass: bool,
    draw_after: Option<i64>,
    autoreset: &str,
    five_completion_counts: bool,
    opening: Option<&Bound<'_, PyAny>>,
) -> PyResult<Arc<Layout>> {
    let rule_set = rule.map_or(Ok(CRuleSet::Renju), |r| named::<RuleSet, _>(r, "rule"))?;
    let opening = opening.map_or(Ok(COpeningRule::Free), |r| {
        named::<OpeningRule, _>(r, "opening")
    })?;
    let planes = match planes {
        Some(names) => planes_of(names)?,
        None => Plane::defaults(),
    };
    let fouls = match fouls {
        "masked" => FoulHandling::Masked,
        "played" => FoulHandling::PlayedAndLost,
        other => {
            let msg = format!("fouls must be 'masked' or 'played', not {other:?}");
            return Err(PyValueError::new_err(msg));
        }
    };
    let autoreset = match autoreset {
        "same-step" => Autoreset::SameStep,
        "next-step" => Autoreset::NextStep,
        "disabled" => Autoreset::Disabled,
        other => {
            let msg =
                format!("autoreset must be 'same-step', 'next-step' or 'disabled', not {other:?}");
            return Err(PyValueError::new_err(msg));
        }
    };
    let draw_after = draw_after
        .map(|n| {
            usize::try_from(n).map_err(|_| {
                let msg =
                    format!("draw_after {n} is negative: give None for no draw after N stones");
                PyValueError::new_err(msg)
            })
        })
        .transpose()?;
    let options = EnvOptions {
        rule_set,
        size: convert::size_of(py, size)?,
        renju: RenjuOptions {
            five_completion_counts,
        },
        planes,
        fouls,
        pass: allow_pass,
        draw_after,
        autoreset,
        opening,
    };
    Layout::new(options).map_err(|e| options_error(py, e))
}

/// The keyword arguments that rebuild `layout` (for pickling).
fn options_kwargs<'py>(py: Python<'py>, layout: &Layout) -> PyResult<Bound<'py, PyDict>> {
    let o = layout.options();
    let kw = PyDict::new(py);
    kw.set_item("rule", o.rule_set.name())?;
    kw.set_item("size", o.size)?;
    let planes: Vec<String> = o.planes.iter().map(Plane::to_string).collect();
    kw.set_item("planes", planes)?;
    let fouls = match o.fouls {
        FoulHandling::Masked => "masked",
        FoulHandling::PlayedAndLost => "played",
    };
    kw.set_item("fouls", fouls)?;
    kw.set_item("allow_pass", o.pass)?;
    kw.set_item("draw_after", o.draw_after)?;
    kw.set_item("autoreset", autoreset_name(o.autoreset))?;
    kw.set_item("five_completion_counts", o.renju.five_completion_counts)?;
    kw.set_item("opening", o.opening.to_string())?;
    Ok(kw)
}

/// `renju.env.ActionError` for a refused action.
fn action_error(py: Python<'_>, game: Option<usize>, e: &ActionError) -> PyErr {
    let message = match game {
        Some(g) => format!("game {g}: {e}"),
        None => e.to_string(),
    };
    let action = match e {
        ActionError::OutOfRange { action, .. } => Some(*action),
        ActionError::Occupied { action, .. }
        | ActionError::Forbidden { action, .. }
        | ActionError::Pass { action }
        | ActionError::NotInPhase { action, .. } => Some(i64::from(*action)),
        ActionError::GameOver { .. } => None,
    };
    let attrs = [
        ("game", errors::any(py, game)),
        ("action", errors::any(py, action)),
    ];
    errors::action_error(py, message, &attrs)
}

fn step_error(py: Python<'_>, e: &StepError) -> PyErr {
    match e {
        StepError::Action { game, source } => action_error(py, Some(*game), source),
        StepError::NoGame { .. } => PyIndexError::new_err(e.to_string()),
        other => PyValueError::new_err(other.to_string()),
    }
}

/// `renju.env.ActionError` for an action out of range that does not even fit in an
/// int64 (`action` is the Python integer).
fn out_of_range(
    py: Python<'_>,
    game: Option<usize>,
    action: &Bound<'_, PyAny>,
    count: usize,
) -> PyErr {
    let message = match game {
        Some(g) => format!("game {g}: action {action} is out of range (0..{count})"),
        None => format!("action {action} is out of range (0..{count})"),
    };
    let attrs = [("game", errors::any(py, game)), ("action", action.clone())];
    errors::action_error(py, message, &attrs)
}

/// One action: a Python or numpy integer (or a 0-d integer array), not a bool; one
/// past int64 is out of range (ActionError), anything else a TypeError. `game` names
/// the game in a batch.
fn action_of(
    py: Python<'_>,
    action: &Bound<'_, PyAny>,
    game: Option<usize>,
    count: usize,
) -> PyResult<i64> {
    let whose = match game {
        Some(g) => format!("the action of game {g}"),
        None => "an action".to_string(),
    };
    // Python's bool, numpy's bool_ (named "bool" since numpy 2).
    let type_name = action.get_type().name()?;
    let is_bool = action.is_instance_of::<pyo3::types::PyBool>()
        || matches!(&*type_name.to_cow()?, "bool" | "bool_");
    if is_bool {
        let msg = format!("{whose} is a bool, not an integer (a point index, then pass)");
        return Err(PyTypeError::new_err(msg));
    }
    match action.extract::<i64>() {
        Ok(a) => Ok(a),
        Err(e) if e.is_instance_of::<PyOverflowError>(py) => {
            Err(out_of_range(py, game, action, count))
        }
        Err(_) => {
            let kind = action.get_type().name()?;
            let msg = format!("{whose} must be an integer (a point index, then pass), not {kind}");
            Err(PyTypeError::new_err(msg))
        }
    }
}

/// The actions of a call, one per game: a list or tuple of integers (each read by
/// `action_of`, so that the error names the game), or an integer array-like of shape
/// (N,) read as int64. Masked arrays are refused: their masked values would be played.
fn read_actions(
    py: Python<'_>,
    actions: &Bound<'_, PyAny>,
    n: usize,
    count: usize,
) -> PyResult<Vec<i64>> {
    if actions.is_instance_of::<PyList>() || actions.is_instance_of::<PyTuple>() {
        let len = actions.len()?;
        if len != n {
            let msg = format!("actions must have shape ({n},), one per game, not ({len},)");
            return Err(PyValueError::new_err(msg));
        }
        return (0..n)
            .map(|i| action_of(py, &actions.get_item(i)?, Some(i), count))
            .collect();
    }
    let np = numpy(py, "renju.env.VecEnv.step()")?;
    let masked = np
        .getattr("ma")?
        .call_method1("isMaskedArray", (actions,))?;
    if masked.is_truthy()? {
        let msg = "actions must not be a masked array (its masked values would be played): \
                   give actions.filled(value) or actions.data";
        return Err(PyTypeError::new_err(msg));
    }
    let arr = np.call_method1("asarray", (actions,))?;
    let shape: Vec<usize> = arr.getattr("shape")?.extract()?;
    if shape != [n] {
        let msg = format!("actions must have shape ({n},), one per game, not {shape:?}");
        return Err(PyValueError::new_err(msg));
    }
    if n == 0 {
        return Ok(Vec::new());
    }
    let dtype = arr.getattr("dtype")?;
    let kind: String = dtype.getattr("kind")?.extract()?;
    if !matches!(kind.as_str(), "i" | "u") {
        let msg = format!(
            "actions must be integers (point indexes, then pass), not dtype {}",
            dtype.str()?
        );
        return Err(PyTypeError::new_err(msg));
    }
    if kind == "u" {
        let top: u64 = arr.call_method0("max")?.extract()?;
        if top > i64::MAX as u64 {
            let game: usize = arr.call_method0("argmax")?.extract()?;
            let action = arr.get_item(game)?.call_method0("item")?;
            return Err(out_of_range(py, Some(game), &action, count));
        }
    }
    let as_i64 = np.call_method1("ascontiguousarray", (arr, np.getattr("int64")?))?;
    let bytes: Vec<u8> = as_i64.call_method0("tobytes")?.extract()?;
    Ok(bytes
        .chunks_exact(8)
        .map(|b| i64::from_ne_bytes(b.try_into().expect("8 bytes")))
        .collect())
}

/// What step() returns: observations, masks, rewards, terminated, truncated.
type StepArrays = (Py<PyAny>, Py<PyAny>, Py<PyAny>, Py<PyAny>, Py<PyAny>);

/// A pickled game: its actions and its random state.
type SavedGame = (Vec<u16>, u64);

/// One output: its bytearray and the numpy view of it.
struct Array {
    bytes: Py<PyByteArray>,
    view: Py<PyAny>,
}

impl Array {
    fn new(
        np: &Bound<'_, PyModule>,
        len: usize,
        dtype: &str,
        shape: Vec<usize>,
    ) -> PyResult<Array> {
        let py = np.py();
        // Allocated by Python: too much memory is a MemoryError, not an abort.
        let bytes = PyByteArray::new_with(py, len, |b| {
            b.fill(0);
            Ok(())
        })?;
        let view = np
            .call_method1("frombuffer", (&bytes, np.getattr(dtype)?))?
            .call_method1("reshape", (shape,))?;
        Ok(Array {
            bytes: bytes.unbind(),
            view: view.unbind(),
        })
    }

    /// The buffer's address and length. The numpy view exports the buffer, so the
    /// bytearray cannot be resized while this object lives.
    fn raw(&self, py: Python<'_>) -> (usize, usize) {
        let b = self.bytes.bind(py);
        (b.data() as usize, b.len())
    }
}

/// The outputs of a VecEnv.
struct Arrays {
    observations: Array,
    masks: Array,
    rewards: Array,
    terminated: Array,
    truncated: Array,
    endings: Array,
    winners: Array,
    phases: Array,
    seats: Array,
    actions: Array,
}

/// The addresses of the outputs, to write with the GIL released.
struct Raw([(usize, usize); 9]);

impl Raw {
    /// The buffers.
    ///
    /// # Safety
    /// The addresses must be those of live bytearrays nobody else writes meanwhile
    /// (the VecEnv is borrowed mutably, and its numpy views keep the sizes fixed).
    unsafe fn buffers(&self) -> Buffers<'_> {
        let bytes = |i: usize| {
            let (ptr, len) = self.0[i];
            // SAFETY: as the function's contract says.
            unsafe { std::slice::from_raw_parts_mut(ptr as *mut u8, len) }
        };
        let (rptr, rlen) = self.0[2];
        Buffers {
            observations: bytes(0),
            masks: bytes(1),
            // SAFETY: as above; the address is checked to be 4-aligned on creation.
            rewards: unsafe { std::slice::from_raw_parts_mut(rptr as *mut f32, rlen / 4) },
            terminated: bytes(3),
            truncated: bytes(4),
            endings: bytes(5),
            winners: bytes(6),
            phases: Some(bytes(7)),
            seats: Some(bytes(8)),
        }
    }
}

impl Arrays {
    fn new(py: Python<'_>, layout: &Layout, n: usize) -> PyResult<Arrays> {
        let np = numpy(py, "renju.env.VecEnv")?;
        let s = layout.size() as usize;
        let arrays = Arrays {
            observations: Array::new(
                &np,
                n * layout.observation_len(),
                "uint8",
                vec![n, layout.channels(), s, s],
            )?,
            masks: Array::new(
                &np,
                n * layout.action_count(),
                "uint8",
                vec![n, layout.action_count()],
            )?,
            rewards: Array::new(&np, 4 * n, "float32", vec![n])?,
            terminated: Array::new(&np, n, "bool_", vec![n])?,
            truncated: Array::new(&np, n, "bool_", vec![n])?,
            endings: Array::new(&np, n, "uint8", vec![n])?,
            winners: Array::new(&np, n, "uint8", vec![n])?,
            phases: Array::new(&np, n, "uint8", vec![n])?,
            seats: Array::new(&np, n, "uint8", vec![n])?,
            actions: Array::new(&np, 8 * n, "int64", vec![n])?,
        };
        let (r, _) = arrays.rewards.raw(py);
        let (a, _) = arrays.actions.raw(py);
        if r % 4 != 0 || a % 8 != 0 {
            return Err(PyValueError::new_err("a numpy buffer is not aligned"));
        }
        Ok(arrays)
    }

    fn raw(&self, py: Python<'_>) -> Raw {
        Raw([
            self.observations.raw(py),
            self.masks.raw(py),
            self.rewards.raw(py),
            self.terminated.raw(py),
            self.truncated.raw(py),
            self.endings.raw(py),
            self.winners.raw(py),
            self.phases.raw(py),
            self.seats.raw(py),
        ])
    }
}

/// VecEnv(num_envs, *, rule='renju', size=15, planes=None, fouls='masked',
/// allow_pass=False, draw_after=None, autoreset='same-step',
/// five_completion_counts=False, seed=0, opening='free')
///
/// N games stepped together, with the exact rules: step(actions) applies one action per
/// game in one call with the GIL released (on every core for large N) and returns numpy
/// arrays it owns: observations (N, C, size, size) uint8, masks (N, action_count) uint8,
/// rewards (N,) float32 (of the player, the seat, who acted: +1 win, -1 loss by a foul
/// or a forfeit, 0), terminated and truncated (N,) bool. The same arrays are
/// overwritten by every call: copy what you keep. Also endings (N,) uint8 (0 none,
/// 1 five, 2 forbidden, 3 two-passes, 4 full-board, 5 draw-after, 6 forfeit), winners
/// (N,) uint8 (0 none, 1 black, 2 white), phases and seats (N,) uint8.
///
/// Actions: row * size + column (row 0 = row 1, column 0 = column a; 112 is h8 on
/// 15x15), size*size = pass (when allow_pass). Under an opening protocol (opening=
/// an OpeningRule or its name, such as 'soosorv-8') the live referee judges the
/// opening: then size*size+1..+4 are the decisions stay, swap, place-two,
/// offer, and the declarations of 1, 2, ... fifth-move offers follow; offers and
/// White's choice among them are point actions. Planes, in order (default: own,
/// opponent, black-to-move, forbidden, last-move): 'own' and 'opponent' stones (of the
/// colour the player to act holds), 'black-to-move' (all ones when the next stone is
/// Black), 'forbidden' (Black's forbidden points, exact), 'last-move', 'previous-K' (K
/// planes: the moves 1..K ago), 'phase' (5 planes, one per phase), 'offered' (the
/// fifth-move offers on the table), 'first-to-act' (all ones when the first seat acts).
/// fouls='masked' leaves Black's forbidden points out of the mask; 'played' lets Black
/// play them and lose. draw_after=N draws once N stones are on the board. autoreset:
/// 'same-step' (Gymnasium SAME_STEP: the step that ends a game returns the next game's
/// first observation), 'next-step' or 'disabled'. Needs numpy.
///
/// Creating more games than memory holds raises MemoryError (a 15x15 game takes about
/// 12 KB at its peak, with the finished game kept beside it).
///
/// Not thread-safe: a VecEnv is used by one thread at a time (step() releases the GIL
/// while it runs). A call made while another thread is inside one raises RuntimeError;
/// give each thread its own VecEnv.
#[pyclass(frozen, module = "renju.env")]
pub struct VecEnv {
    /// The games and the seed of the last reset; locked by each call, never waited for.
    state: Mutex<State>,
    layout: Arc<Layout>,
    arrays: Arrays,
    games: usize,
}

/// What a VecEnv's calls change.
struct State {
    env: CVecEnv,
    seed: u64,
}

/// The error of a call made while another thread is inside one.
fn busy_error() -> PyErr {
    PyRuntimeError::new_err(
        "this VecEnv is used by another thread: a VecEnv is single-threaded, give each \
         thread its own",
    )
}

#[pymethods]
impl VecEnv {
    #[new]
    #[pyo3(signature = (num_envs, *, rule = None, size = 15, planes = None, fouls = "masked", allow_pass = false, draw_after = None, autoreset = "same-step", five_completion_counts = false, seed = 0, opening = None))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        py: Python<'_>,
        num_envs: i128,
        rule: Option<&Bound<'_, PyAny>>,
        size: i64,
        planes: Option<&Bound<'_, PyAny>>,
        fouls: &str,
        allow_pass: bool,
        draw_after: Option<i64>,
        autoreset: &str,
        five_completion_counts: bool,
        seed: i128,
        opening: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<VecEnv> {
        let layout = options_of(
            py,
            rule,
            size,
            planes,
            fouls,
            allow_pass,
            draw_after,
            autoreset,
            five_completion_counts,
            opening,
        )?;
        let max = renju_env::vector::MAX_GAMES as u128;
        let num_envs = crate::convert::whole_in("num_envs", num_envs, max)? as usize;
        let seed = crate::convert::seed_of(seed)?;
        let env = CVecEnv::new(layout.options().clone(), num_envs, seed)
            .map_err(|e| options_error(py, e))?;
        let arrays = Arrays::new(py, &layout, num_envs)?;
        let this = VecEnv {
            state: Mutex::new(State { env, seed }),
            layout,
            arrays,
            games: num_envs,
        };
        this.write_state(py, &this.lock()?.env)?;
        Ok(this)
    }

    /// The number of games.
    #[getter]
    fn num_envs(&self) -> usize {
        self.len()
    }

    /// The board side.
    #[getter]
    fn size(&self) -> u8 {
        self.layout.size()
    }

    /// The rule set.
    #[getter]
    fn rule(&self) -> RuleSet {
        self.layout.options().rule_set.into()
    }

    /// The number of actions: size*size points, then pass; under an opening protocol,
    /// then the 4 decisions and the declarations.
    #[getter]
    fn action_count(&self) -> usize {
        self.layout.action_count()
    }

    /// The names of the observation planes, one per channel entry.
    #[getter]
    fn planes(&self) -> Vec<String> {
        self.layout
            .options()
            .planes
            .iter()
            .map(Plane::to_string)
            .collect()
    }

    /// The shape of one game's observation: (channels, size, size).
    #[getter]
    fn observation_shape(&self) -> (usize, usize, usize) {
        let l = &self.layout;
        (l.channels(), l.size() as usize, l.size() as usize)
    }

    /// The auto-reset mode: 'same-step', 'next-step' or 'disabled'.
    #[getter]
    fn autoreset(&self) -> &'static str {
        autoreset_name(self.layout.options().autoreset)
    }

    /// The options, as the keyword arguments that build the same environment.
    fn options<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        options_kwargs(py, &self.layout)
    }

    /// The observations (N, C, size, size) uint8, as the last call left them.
    #[getter]
    fn observations(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        self.view(py, &self.arrays.observations)
    }

    /// The legal-action masks (N, action_count) uint8 (action_count is size*size+1 under
    /// the free opening).
    #[getter]
    fn masks(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        self.view(py, &self.arrays.masks)
    }

    /// The rewards of the last step (N,) float32, of the player who moved.
    #[getter]
    fn rewards(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        self.view(py, &self.arrays.rewards)
    }

    /// Whether each game ended on the last step (N,) bool.
    #[getter]
    fn terminated(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        self.view(py, &self.arrays.terminated)
    }

    /// Always False (N,) bool: games end by the rules only.
    #[getter]
    fn truncated(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        self.view(py, &self.arrays.truncated)
    }

    /// How each game ended on the last step (N,) uint8: 0 not ended, 1 five,
    /// 2 forbidden, 3 two-passes, 4 full-board, 5 draw-after, 6 forfeit.
    #[getter]
    fn endings(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        self.view(py, &self.arrays.endings)
    }

    /// The winner of each game that ended on the last step (N,) uint8: 0 none, 1 black,
    /// 2 white.
    #[getter]
    fn winners(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        self.view(py, &self.arrays.winners)
    }

    /// What the player to act must do in each game (N,) uint8: 0 place, 1 swap,
    /// 2 declare, 3 offer, 4 choose, 5 over (a finished game not reset yet: autoreset
    /// 'disabled', or the final observation under 'next-step'); only 0 and 5 under the
    /// free opening.
    #[getter]
    fn phases(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        self.view(py, &self.arrays.phases)
    }

    /// The seat that acts in each game (N,) uint8: 0 the first player (who started,
    /// tentative Black), 1 the second.
    #[getter]
    fn seats(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        self.view(py, &self.arrays.seats)
    }

    /// The opening protocol, as its name.
    #[getter]
    fn opening(&self) -> String {
        self.layout.options().opening.to_string()
    }

    /// final_observations() -> (indices, observations)
    ///
    /// The games that ended on the last step (terminated) and, for each, the final
    /// observation of the game that ended, (k, C, size, size) uint8 (under same-step
    /// auto-reset the observations array already holds the next game's). Fresh arrays.
    fn final_observations<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyAny>)> {
        let np = numpy(py, "renju.env.VecEnv.final_observations()")?;
        let state = self.lock()?;
        let terminated = self.arrays.terminated.bytes.bind(py).to_vec();
        let l = &self.layout;
        let same_step = l.options().autoreset == Autoreset::SameStep;
        let ended: Vec<usize> = (0..terminated.len())
            .filter(|&i| terminated[i] != 0)
            .collect();
        let len = ended.len() * l.observation_len();
        let mut buf = Vec::new();
        buf.try_reserve_exact(len)
            .map_err(|_| PyMemoryError::new_err(format!("{len} bytes of final observations")))?;
        buf.resize(len, 0u8);
        for (chunk, &i) in buf.chunks_exact_mut(l.observation_len()).zip(&ended) {
            let game = match same_step {
                true => state.env.finished_game(i),
                false => state.env.game(i),
            };
            if let Some(game) = game {
                game.write_observation(chunk);
            }
        }
        let s = l.size() as usize;
        let obs = np
            .call_method1(
                "frombuffer",
                (PyByteArray::new(py, &buf), np.getattr("uint8")?),
            )?
            .call_method1("reshape", ((ended.len(), l.channels(), s, s),))?;
        let indices = np.call_method1("array", (ended, np.getattr("int64")?))?;
        Ok((indices, obs))
    }

    /// reset(seed=None) -> (observations, masks)
    ///
    /// Resets every game (reseeding each game's random numbers from seed when given).
    #[pyo3(signature = (seed = None))]
    fn reset(&self, py: Python<'_>, seed: Option<i128>) -> PyResult<(Py<PyAny>, Py<PyAny>)> {
        let seed = seed.map(crate::convert::seed_of).transpose()?;
        let mut state = self.lock()?;
        if let Some(seed) = seed {
            state.seed = seed;
        }
        let raw = self.arrays.raw(py);
        let env = &mut state.env;
        // SAFETY: the buffers are ours, and the lock keeps every other call out.
        let result = py.detach(|| env.reset(seed, unsafe { raw.buffers() }));
        result.map_err(|e| step_error(py, &e))?;
        Ok((
            self.arrays.observations.view.clone_ref(py),
            self.arrays.masks.view.clone_ref(py),
        ))
    }

    /// step(actions) -> (observations, masks, rewards, terminated, truncated)
    ///
    /// Applies one action per game (an integer array of shape (N,)). An illegal action
    /// raises renju.env.ActionError (with game and action) and changes nothing. A list
    /// or tuple holds Python or numpy integers: a bool, a float or a str raises
    /// TypeError naming the game, an integer past int64 ActionError; a masked array
    /// (numpy.ma) raises TypeError.
    fn step(&self, py: Python<'_>, actions: &Bound<'_, PyAny>) -> PyResult<StepArrays> {
        let actions = read_actions(py, actions, self.len(), self.layout.action_count())?;
        let mut state = self.lock()?;
        let raw = self.arrays.raw(py);
        let env = &mut state.env;
        // SAFETY: the buffers are ours, and the lock keeps every other call out.
        let result = py.detach(|| env.step(&actions, unsafe { raw.buffers() }));
        result.map_err(|e| step_error(py, &e))?;
        let a = &self.arrays;
        Ok((
            a.observations.view.clone_ref(py),
            a.masks.view.clone_ref(py),
            a.rewards.view.clone_ref(py),
            a.terminated.view.clone_ref(py),
            a.truncated.view.clone_ref(py),
        ))
    }

    /// random_actions() -> numpy int64 array (N,)
    ///
    /// A uniformly random legal action per game, from each game's own random numbers
    /// (deterministic for a seed); 0 for a game that has ended. The same array is
    /// overwritten by the next call.
    fn random_actions(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let mut state = self.lock()?;
        let (ptr, len) = self.arrays.actions.raw(py);
        let env = &mut state.env;
        py.detach(|| {
            // SAFETY: our own 8-aligned buffer of len bytes; the lock keeps every other
            // call out.
            let out = unsafe { std::slice::from_raw_parts_mut(ptr as *mut i64, len / 8) };
            env.random_actions(out);
        });
        Ok(self.arrays.actions.view.clone_ref(py))
    }

    /// game(i) -> EnvGame: a copy of game i as it is now (to search from).
    fn game(&self, i: usize) -> PyResult<EnvGame> {
        let state = self.lock()?;
        Ok(EnvGame(self.slot(&state, i)?.clone()))
    }

    /// set_game(i, game): puts an EnvGame (played under the same options) into slot i
    /// and rewrites the observations and masks.
    fn set_game(&self, py: Python<'_>, i: usize, game: &EnvGame) -> PyResult<()> {
        let mut state = self.lock()?;
        state
            .env
            .set_game(i, game.0.clone())
            .map_err(|e| step_error(py, &e))?;
        self.write_state(py, &state.env)
    }

    /// reset_game(i): resets game i only and rewrites the observations and masks.
    fn reset_game(&self, py: Python<'_>, i: usize) -> PyResult<()> {
        let mut state = self.lock()?;
        state.env.reset_game(i).map_err(|e| step_error(py, &e))?;
        self.write_state(py, &state.env)
    }

    /// record(i) -> Game: game i so far as a record that validates to its outcome.
    fn record(&self, i: usize) -> PyResult<Game> {
        let state = self.lock()?;
        Ok(self.slot(&state, i)?.record().into())
    }

    /// finished_record(i) -> Game | None: the last game that ended in slot i (replaced
    /// by an auto-reset), as a record; None while no game has ended in that slot since
    /// the last reset. An index past the games raises IndexError, as record(i) does.
    fn finished_record(&self, i: usize) -> PyResult<Option<Game>> {
        let state = self.lock()?;
        self.slot(&state, i)?;
        Ok(state.env.finished_game(i).map(|g| g.record().into()))
    }

    fn __len__(&self) -> usize {
        self.len()
    }

    /// The same options, and every game the same (actions and random state).
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        let Ok(other) = other.cast::<VecEnv>() else {
            return Ok(false);
        };
        let other = other.get();
        if std::ptr::eq(self, other) {
            return Ok(true);
        }
        let (mine, theirs) = (self.lock()?, other.lock()?);
        Ok(self.layout == other.layout
            && self.len() == other.len()
            && mine
                .env
                .games()
                .iter()
                .zip(theirs.env.games())
                .all(|(a, b)| same_game(a, b)))
    }

    fn __repr__(&self) -> String {
        let l = &self.layout;
        format!(
            "<VecEnv {} games, {} {}x{}>",
            self.len(),
            l.options().rule_set,
            l.size(),
            l.size()
        )
    }

    /// Pickles as the options, the seed and every game's actions and random state (the
    /// finished games kept for finished_record are not pickled).
    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let py = slf.py();
        let this = slf.get();
        let kw = options_kwargs(py, &this.layout)?;
        let locked = this.lock()?;
        kw.set_item("seed", locked.seed)?;
        let games = PyList::empty(py);
        for g in locked.env.games() {
            games.append((g.actions().to_vec(), g.rng().state()))?;
        }
        let state = PyTuple::new(
            py,
            [
                this.len().into_pyobject(py)?.into_any(),
                kw.into_any(),
                games.into_any(),
            ],
        )?;
        Ok((
            slf.get_type().getattr("_from_state")?,
            PyTuple::new(py, [state])?,
        ))
    }

    #[classmethod]
    fn _from_state(cls: &Bound<'_, PyType>, state: &Bound<'_, PyTuple>) -> PyResult<Py<PyAny>> {
        let py = cls.py();
        let (n, kw, games): (usize, Bound<'_, PyDict>, Vec<SavedGame>) = state.extract()?;
        let env = cls.call((n,), Some(&kw))?;
        {
            let this = env.cast::<VecEnv>()?.get();
            let mut state = this.lock()?;
            for (i, (actions, rng)) in games.into_iter().enumerate() {
                let game = GameState::replay(this.layout.clone(), &actions, Rng::new(rng))
                    .map_err(|(_, e)| action_error(py, Some(i), &e))?;
                state
                    .env
                    .set_game(i, game)
                    .map_err(|e| step_error(py, &e))?;
            }
            this.write_state(py, &state.env)?;
        }
        Ok(env.unbind())
    }
}

/// Whether two games are the same: options, actions and random state.
fn same_game(a: &GameState, b: &GameState) -> bool {
    a.layout() == b.layout() && a.actions() == b.actions() && a.rng() == b.rng()
}

fn step_error_no_game(i: usize, len: usize) -> PyErr {
    PyIndexError::new_err(format!("game {i} does not exist ({len} games)"))
}

impl VecEnv {
    /// The state, or RuntimeError while another thread is inside a call (never waited
    /// for: a VecEnv is single-threaded). A call that panicked left the games as they
    /// were between two steps' checks and writes: the lock is taken back.
    fn lock(&self) -> PyResult<MutexGuard<'_, State>> {
        match self.state.try_lock() {
            Ok(state) => Ok(state),
            Err(TryLockError::Poisoned(p)) => Ok(p.into_inner()),
            Err(TryLockError::WouldBlock) => Err(busy_error()),
        }
    }

    /// The number of games.
    fn len(&self) -> usize {
        self.games
    }

    /// Game `i`, or IndexError.
    fn slot<'s>(&self, state: &'s State, i: usize) -> PyResult<&'s GameState> {
        state
            .env
            .game(i)
            .ok_or_else(|| step_error_no_game(i, self.len()))
    }

    /// An output array, unless another thread is inside a call (writing it).
    fn view(&self, py: Python<'_>, array: &Array) -> PyResult<Py<PyAny>> {
        drop(self.lock()?);
        Ok(array.view.clone_ref(py))
    }

    /// Writes every game's observation and mask into the arrays.
    fn write_state(&self, py: Python<'_>, env: &CVecEnv) -> PyResult<()> {
        let raw = self.arrays.raw(py);
        // SAFETY: the buffers are ours, and the caller holds the lock.
        let result = env.write_state(unsafe { raw.buffers() });
        result.map_err(|e| step_error(py, &e))
    }
}

/// EnvGame(*, rule='renju', size=15, planes=None, fouls='masked', allow_pass=False,
/// draw_after=None, five_completion_counts=False, seed=0, opening='free')
///
/// One game of an environment, with the options of VecEnv: step() an action, copy()
/// to search (the copy goes on independently, random numbers included), record() to
/// validate. Needs no numpy but for observation().
#[pyclass(module = "renju.env")]
#[derive(Clone)]
pub struct EnvGame(GameState);

#[pymethods]
impl EnvGame {
    #[new]
    #[pyo3(signature = (*, rule = None, size = 15, planes = None, fouls = "masked", allow_pass = false, draw_after = None, five_completion_counts = false, seed = 0, opening = None))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        py: Python<'_>,
        rule: Option<&Bound<'_, PyAny>>,
        size: i64,
        planes: Option<&Bound<'_, PyAny>>,
        fouls: &str,
        allow_pass: bool,
        draw_after: Option<i64>,
        five_completion_counts: bool,
        seed: i128,
        opening: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<EnvGame> {
        let seed = crate::convert::seed_of(seed)?;
        let layout = options_of(
            py,
            rule,
            size,
            planes,
            fouls,
            allow_pass,
            draw_after,
            "disabled",
            five_completion_counts,
            opening,
        )?;
        Ok(EnvGame(GameState::with_layout(
            layout,
            Rng::nth_stream(seed, 0),
        )))
    }

    /// step(action) -> (reward, terminated): the reward of the player (seat) who acted.
    /// The action is an integer, as VecEnv.step takes them (a Python or numpy integer,
    /// not a bool: TypeError). An illegal action raises renju.env.ActionError and
    /// changes nothing.
    fn step(&mut self, py: Python<'_>, action: &Bound<'_, PyAny>) -> PyResult<(f32, bool)> {
        let action = action_of(py, action, None, self.0.layout().action_count())?;
        let a = self
            .0
            .check(action)
            .map_err(|e| action_error(py, None, &e))?;
        let r = self.0.step(a).map_err(|e| action_error(py, None, &e))?;
        Ok((r.reward, r.ending.is_some()))
    }

    /// The legal actions now, in index order (empty once the game is over).
    fn legal_actions(&self) -> Vec<u32> {
        self.0.legal_actions().collect()
    }

    /// The legal-action mask now, as bytes (1 legal), action_count of them.
    fn legal_mask<'py>(&self, py: Python<'py>) -> Bound<'py, pyo3::types::PyBytes> {
        pyo3::types::PyBytes::new(py, self.0.legal_mask())
    }

    /// A uniformly random legal action from the game's own random numbers; None once
    /// the game is over.
    fn random_action(&mut self) -> Option<u32> {
        self.0.random_action()
    }

    /// The observation planes now, a (C, size, size) uint8 numpy array. Needs numpy.
    fn observation<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let np = numpy(py, "renju.env.EnvGame.observation()")?;
        let l = self.0.layout();
        let mut buf = vec![0u8; l.observation_len()];
        self.0.write_observation(&mut buf);
        let s = l.size() as usize;
        let bytes = PyByteArray::new(py, &buf);
        np.call_method1("frombuffer", (bytes, np.getattr("uint8")?))?
            .call_method1("reshape", ((l.channels(), s, s),))
    }

    /// The side to move.
    #[getter]
    fn to_move(&self) -> Color {
        self.0.to_move().into()
    }

    /// The actions taken so far.
    #[getter]
    fn actions(&self) -> Vec<u16> {
        self.0.actions().to_vec()
    }

    /// What the player to act must do: 'place', 'swap', 'declare', 'offer', 'choose',
    /// or 'over' once the game has ended.
    #[getter]
    fn phase(&self) -> &'static str {
        self.0.phase().name()
    }

    /// The seat that acts now: 'first' (who started, tentative Black) or 'second'.
    #[getter]
    fn to_act(&self) -> &'static str {
        self.0.to_act().name()
    }

    /// The seat that holds Black now ('first' until a swap).
    #[getter]
    fn black_seat(&self) -> &'static str {
        self.0.black_seat().name()
    }

    /// The seat that won ('first' or 'second'), None for a draw or while the game goes
    /// on.
    #[getter]
    fn winner_seat(&self) -> Option<&'static str> {
        self.0.winner_seat().map(Seat::name)
    }

    /// Whether the game is over.
    #[getter]
    fn is_over(&self) -> bool {
        self.0.is_over()
    }

    /// How the game ended, as a record's replay reports it; None while it goes on.
    #[getter]
    fn outcome(&self) -> Option<Outcome> {
        self.0.outcome().map(Outcome)
    }

    /// The ending's name ('five', 'forbidden', 'two-passes', 'full-board',
    /// 'draw-after', 'forfeit'), None while the game goes on.
    #[getter]
    fn ending(&self) -> Option<&'static str> {
        self.0.ending().map(|e| e.name())
    }

    /// The game so far as a record that validates to its outcome.
    fn record(&self) -> Game {
        self.0.record().into()
    }

    /// An independent copy (random numbers included).
    fn copy(&self) -> EnvGame {
        self.clone()
    }

    fn __copy__(&self) -> EnvGame {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> EnvGame {
        self.clone()
    }

    fn __repr__(&self) -> String {
        format!("<EnvGame {} moves>", self.0.actions().len())
    }

    /// The same options, actions and random state.
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<EnvGame>()
            .is_ok_and(|o| same_game(&self.0, &o.borrow().0))
    }

    /// Pickles as the options, the actions and the random state.
    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let py = slf.py();
        let this = slf.borrow();
        let kw = options_kwargs(py, this.0.layout())?;
        kw.del_item("autoreset")?;
        let state = (kw, this.0.actions().to_vec(), this.0.rng().state()).into_pyobject(py)?;
        Ok((
            slf.get_type().getattr("_from_state")?,
            PyTuple::new(py, [state])?,
        ))
    }

    #[classmethod]
    fn _from_state(cls: &Bound<'_, PyType>, state: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let py = cls.py();
        let (kw, actions, rng): (Bound<'_, PyDict>, Vec<u16>, u64) = state.extract()?;
        let obj = cls.call((), Some(&kw))?;
        {
            let mut this = obj.cast::<EnvGame>()?.borrow_mut();
            let layout = this.0.layout().clone();
            this.0 = GameState::replay(layout, &actions, Rng::new(rng))
                .map_err(|(_, e)| action_error(py, None, &e))?;
        }
        Ok(obj.unbind())
    }
}
