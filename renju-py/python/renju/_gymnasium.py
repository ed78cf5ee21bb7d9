"""The Gymnasium and PettingZoo wrappers of renju.env, which loads this module on first
use of one of them (renju.env.RenjuEnv, ...): it needs ``gymnasium``
(``pip install renju-referee[gymnasium]``) and, for :class:`RenjuAECEnv`, ``pettingzoo``
(``renju-referee[pettingzoo]``). ``import renju.env`` needs neither; the classes name
``renju.env`` as their module.

``renju.env.VecEnv`` (N games stepped in one native call) and ``renju.env.EnvGame`` (one
game) need numpy only; these wrap them for the usual trainers.

- :class:`RenjuEnv`: a ``gymnasium.Env`` playing both players of one game (self-play):
  observation ``{"observation": (C, size, size) uint8, "action_mask": (A,) int8}``,
  ``Discrete(A)`` actions (``A = size * size + 1`` under the free opening, more under an
  opening protocol), the reward of the player who acted.
- :class:`RenjuVectorEnv`: a ``gymnasium.vector.VectorEnv`` over ``renju.env.VecEnv``,
  auto-reset ``SAME_STEP`` (with ``final_obs`` and ``final_info`` in ``info`` for the
  games that ended); the arrays it returns are the native ones, not copies.
- :class:`RenjuAECEnv`: a PettingZoo AEC environment with two agents, the players
  (seats): ``"black"`` and ``"white"`` under the free opening (where the first player
  holds Black all game), ``"first"`` and ``"second"`` under an opening protocol (whose
  swaps exchange the colours of the seats). Observations ``(size, size, C)`` int8 from
  the agent's own view and the ``action_mask`` in the observation, as PettingZoo's
  classic games have it.

Every class takes ``opening=`` (an opening protocol's name, ``"swap2"`` for one): the
live referee then judges the opening phases (see ``renju.env.VecEnv``); ``info["phase"]`` and ``info["seat"]`` say what the player to act
must do and who it is.

An illegal action raises ``renju.env.ActionError`` by default; with ``illegal="lose"`` it
ends the game instead and the player who made it gets -1 (PettingZoo's classic
convention); the record then stops before it. Either way the episode is then over: a
further step raises ``renju.env.ActionError`` (``RenjuEnv``; PettingZoo's dead steps for
``RenjuAECEnv``), and the terminated agents' action masks are all zeros.

An action is what ``renju.env.VecEnv.step`` takes for one game: a Python or numpy
integer. A bool, a float or a str raises TypeError, as there.
"""

from __future__ import annotations

from typing import Any, Optional, SupportsFloat

import gymnasium
import numpy as np
from gymnasium import spaces
from numpy.typing import NDArray

from . import Game
from .env import ActionError, EnvGame, VecEnv

__all__ = ["RenjuEnv", "RenjuVectorEnv", "RenjuAECEnv", "aec_env"]

_ObsDict = dict[str, NDArray[Any]]


def _spaces(env: VecEnv, channels_last: bool = False) -> tuple[spaces.Dict, spaces.Discrete]:
    c, s, _ = env.observation_shape
    shape = (s, s, c) if channels_last else (c, s, s)
    dtype = np.int8 if channels_last else np.uint8
    observation = spaces.Dict(
        {
            "observation": spaces.Box(0, 1, shape, dtype),
            "action_mask": spaces.Box(0, 1, (env.action_count,), np.int8),
        }
    )
    return observation, spaces.Discrete(env.action_count)


_PHASES = ("place", "swap", "declare", "offer", "choose", "over")
_OVER = _PHASES.index("over")


def _lost_error(action: Any) -> ActionError:
    """The error of a step after an illegal action ended the game (``illegal="lose"``),
    as the native game's for a finished game."""
    error = ActionError(f"game 0: the game is over (lost by the illegal action {action}): reset() starts another")
    error.game = 0
    error.action = None
    return error
_SEATS = ("first", "second")


def _check_illegal(illegal: str) -> str:
    if illegal not in ("raise", "lose"):
        raise ValueError(f"illegal must be 'raise' or 'lose', not {illegal!r}")
    return illegal


class RenjuEnv(gymnasium.Env[_ObsDict, np.int64]):
    """One game for self-play: the agent plays both players, the reward goes to the
    player (seat) who acted (+1 a win, -1 a loss by a foul, a forfeit or an illegal
    action with ``illegal="lose"``, 0 otherwise). Keyword options are those of
    ``renju.env.VecEnv`` (rule, size, planes, fouls, allow_pass, draw_after,
    five_completion_counts, opening). ``info["action_mask"]`` repeats the mask;
    ``info["phase"]`` and ``info["seat"]`` say what the player to act must do and who
    it is (``"first"`` or ``"second"``); ``info["ending"]`` names how the game ended.
    ``record()`` gives the game as a ``renju.Game``."""

    metadata: dict[str, Any] = {"render_modes": ["ansi"]}

    def __init__(self, render_mode: Optional[str] = None, illegal: str = "raise", **options: Any) -> None:
        """A new game; the keyword options are those of ``renju.env.VecEnv``."""
        options.pop("autoreset", None)
        self._env = VecEnv(1, autoreset="disabled", **options)
        self._illegal = _check_illegal(illegal)
        self.observation_space, self.action_space = _spaces(self._env)  # type: ignore[assignment]
        self.render_mode = render_mode
        # The illegal action that lost the game (illegal="lose"), None while it goes on.
        self._lost: Any = None

    def _observe(self) -> tuple[_ObsDict, dict[str, Any]]:
        mask = self._env.masks[0].astype(np.int8)
        obs = {"observation": self._env.observations[0].copy(), "action_mask": mask}
        phase = _PHASES[int(self._env.phases[0])]
        return obs, {"action_mask": mask, "phase": phase, "seat": _SEATS[int(self._env.seats[0])]}

    def reset(
        self, *, seed: Optional[int] = None, options: Optional[dict[str, Any]] = None
    ) -> tuple[_ObsDict, dict[str, Any]]:
        """Starts a new game: its observation and info (Gymnasium's ``reset``)."""
        super().reset(seed=seed)
        self._env.reset(seed=seed)
        self._lost = None
        return self._observe()

    def step(self, action: Any) -> tuple[_ObsDict, SupportsFloat, bool, bool, dict[str, Any]]:
        """Plays an action for the player to act: observation, reward, terminated, truncated
        and info (Gymnasium's ``step``)."""
        if self._lost is not None:
            raise _lost_error(self._lost)
        over = int(self._env.phases[0]) == _OVER
        try:
            # The native step reads the action (TypeError for a bool, a float, a str)
            # and refuses an illegal one, a finished game's included.
            self._env.step([action])
        except ActionError:
            if self._illegal == "raise" or over:
                raise
            self._lost = action
            obs, info = self._observe()
            obs["action_mask"][:] = 0
            return obs, -1.0, True, False, {**info, "action_mask": obs["action_mask"], "ending": "illegal-action"}
        obs, info = self._observe()
        terminated = bool(self._env.terminated[0])
        # Auto-reset is off: the game in the slot is the one that ended.
        info["ending"] = self._env.game(0).ending if terminated else None
        return obs, float(self._env.rewards[0]), terminated, False, info

    def record(self) -> Game:
        """The game so far as a record that validates to its outcome."""
        return self._env.record(0)

    def render(self) -> Optional[str]:
        """The board as text (render_mode "ansi"), else None."""
        if self.render_mode != "ansi":
            return None
        return _diagram(self._env.record(0))


def _diagram(record: Game) -> str:
    """The board of a game's record as the library draws it (``Board.to_diagram``)."""
    board = record.replay().board
    # The environment's records always replay; None would be a library bug.
    assert board is not None, "an environment's record failed to replay"
    return board.to_diagram()


class RenjuVectorEnv(gymnasium.vector.VectorEnv[_ObsDict, NDArray[np.int64], NDArray[Any]]):
    """N games over ``renju.env.VecEnv``, auto-reset ``SAME_STEP``: the step that ends a
    game returns its reward and ``terminated``, with the first observation of the next
    game (the finished game: ``finished_record(i)``). Observations and masks are the
    native arrays (the mask viewed as int8), overwritten by the next call: copy what you
    keep. ``info`` holds ``ending``, ``winner``, ``phase`` and ``seat`` arrays (codes of
    ``renju.env.VecEnv``); when games ended, also Gymnasium's ``final_obs`` (an object array,
    the final observation dict of each game that ended, None elsewhere) and
    ``final_info`` (``ending`` and ``winner`` of those games), each with its ``_final_obs``
    / ``_final_info`` mask."""

    metadata: dict[str, Any] = {"autoreset_mode": gymnasium.vector.AutoresetMode.SAME_STEP}

    def __init__(self, num_envs: int, **options: Any) -> None:
        """num_envs games; the keyword options are those of ``renju.env.VecEnv``."""
        options.pop("autoreset", None)
        self.env = VecEnv(num_envs, autoreset="same-step", **options)
        self.num_envs = num_envs
        self.single_observation_space, self.single_action_space = _spaces(self.env)
        self.observation_space = gymnasium.vector.utils.batch_space(self.single_observation_space, num_envs)
        self.action_space = gymnasium.vector.utils.batch_space(self.single_action_space, num_envs)

    def _obs(self) -> _ObsDict:
        return {"observation": self.env.observations, "action_mask": self.env.masks.view(np.int8)}

    def reset(
        self, *, seed: Optional[int | list[int]] = None, options: Optional[dict[str, Any]] = None
    ) -> tuple[_ObsDict, dict[str, Any]]:
        """Starts every game anew: the observations and info (Gymnasium's ``reset``)."""
        if isinstance(seed, list):
            seed = seed[0] if seed else None
        self.env.reset(seed=seed)
        return self._obs(), {}

    def step(
        self, actions: NDArray[np.int64]
    ) -> tuple[_ObsDict, NDArray[Any], NDArray[Any], NDArray[Any], dict[str, Any]]:
        """One action per game: observations, rewards, terminated, truncated and info;
        the games that ended start again at once (``SAME_STEP``)."""
        _, _, rewards, terminated, truncated = self.env.step(actions)
        info: dict[str, Any] = {
            "ending": self.env.endings,
            "winner": self.env.winners,
            "phase": self.env.phases,
            "seat": self.env.seats,
        }
        if terminated.any():
            info.update(self._final(terminated))
        return self._obs(), rewards, terminated, truncated, info

    def _final(self, terminated: NDArray[Any]) -> dict[str, Any]:
        """Gymnasium's ``final_obs`` and ``final_info`` of the games that ended."""
        ended, observations = self.env.final_observations()
        final_obs = np.full(self.num_envs, None, dtype=object)
        no_action = np.zeros(self.env.action_count, dtype=np.int8)
        for k, i in enumerate(ended.tolist()):
            final_obs[i] = {"observation": observations[k], "action_mask": no_action}
        done = terminated.copy()
        final_info = {
            "ending": np.where(done, self.env.endings, 0).astype(np.uint8),
            "_ending": done,
            "winner": np.where(done, self.env.winners, 0).astype(np.uint8),
            "_winner": done,
        }
        return {"final_obs": final_obs, "_final_obs": done, "final_info": final_info, "_final_info": done}

    def random_actions(self) -> NDArray[np.int64]:
        """A random legal action per game, from the games' own random numbers."""
        return self.env.random_actions()  # type: ignore[no-any-return]

    def finished_record(self, i: int) -> Optional[Game]:
        """The last finished game of slot i, as a record."""
        return self.env.finished_record(i)


try:
    from pettingzoo import AECEnv as _AECEnv  # type: ignore[import-untyped]
except ImportError:  # pragma: no cover - pettingzoo is an extra
    _AECEnv = object


class RenjuAECEnv(_AECEnv):  # type: ignore[misc]
    """Two agents, the players (seats), acting as the game asks (PettingZoo AEC):
    ``"black"`` and ``"white"`` under the free opening, ``"first"`` (who starts,
    tentative Black) and ``"second"`` under an opening protocol, where one player may act
    several times in a row (the opening stones, a decision) and a swap exchanges the
    colours of the agents, never the agents. Each observation is ``{"observation":
    (size, size, C) int8, "action_mask": (A,) int8}`` from the observing agent's side
    (the stones of the colour it holds in the 'own' plane); the mask is all zeros for
    the agent not to act. Rewards: +1 the winner, -1 the loser, 0 a draw. Keyword
    options are those of ``renju.env.EnvGame``; needs pettingzoo."""

    metadata: dict[str, Any] = {"name": "renju_v0", "render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, render_mode: Optional[str] = None, illegal: str = "raise", **options: Any) -> None:
        """A new game; the keyword options are those of ``renju.env.EnvGame``."""
        if _AECEnv is object:
            raise ImportError("RenjuAECEnv needs pettingzoo (pip install pettingzoo)")
        super().__init__()
        self._options = options
        self._illegal = _check_illegal(illegal)
        self.render_mode = render_mode
        self.game = EnvGame(**options)
        probe = VecEnv(1, **options)
        self._channels = probe.planes
        self._observation_space, self._action_space = _spaces(probe, channels_last=True)
        # The native game's canonical name: None, "FREE" and "none" are all "free".
        free = probe.opening == "free"
        self.possible_agents = ["black", "white"] if free else ["first", "second"]
        self.observation_spaces = {a: self._observation_space for a in self.possible_agents}
        self.action_spaces = {a: self._action_space for a in self.possible_agents}
        self.reset()

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The observation space of an agent."""
        return self._observation_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The action space of an agent."""
        return self._action_space

    def reset(self, seed: Optional[int] = None, options: Optional[dict[str, Any]] = None) -> None:
        """Starts a new game (PettingZoo's ``reset``)."""
        kw = dict(self._options)
        if seed is not None:
            kw["seed"] = seed
        self.game = EnvGame(**kw)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        # Whether the game is over: a finish by the rules, or an illegal action lost.
        self._over = False
        self.agent_selection = self._acting()

    def _acting(self) -> str:
        """The agent of the seat that acts now."""
        return self.possible_agents[_SEATS.index(self.game.to_act)]

    def observe(self, agent: str) -> _ObsDict:
        """What an agent sees: its own view of the board and its action mask."""
        obs = self.game.observation()
        if agent != self._acting():
            # The planes are the mover's: swap own and opponent for the other agent.
            order = list(range(obs.shape[0]))
            if "own" in self._channels and "opponent" in self._channels:
                i, j = self._channels.index("own"), self._channels.index("opponent")
                order[i], order[j] = j, i
            obs = obs[order]
        mask = np.frombuffer(self.game.legal_mask(), dtype=np.int8).copy()
        if agent != self.agent_selection or self._over:
            mask[:] = 0
        return {"observation": np.moveaxis(obs, 0, -1).astype(np.int8), "action_mask": mask}

    def step(self, action: Any) -> None:
        """Plays an action for the agent to act (PettingZoo's ``step``)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        other = self.possible_agents[1 - self.possible_agents.index(agent)]
        self._cumulative_rewards[agent] = 0.0
        try:
            # The native step reads the action (TypeError for a bool, a float, a str)
            # and refuses an illegal one.
            reward, over = self.game.step(action)
        except ActionError:
            if self._illegal == "raise":
                raise
            reward, over = -1.0, True
        self.rewards = {agent: float(reward), other: -float(reward)}
        if over:
            self._over = True
            self.terminations = {a: True for a in self.agents}
            ending = self.game.ending or "illegal-action"
            self.infos = {a: {"ending": ending} for a in self.agents}
            self.agent_selection = other
        else:
            self.agent_selection = self._acting()
        self._accumulate_rewards()

    def record(self) -> Game:
        """The game so far as a record."""
        return self.game.record()

    def render(self) -> Optional[str]:
        """The board as text (render_mode "ansi"), else None."""
        if self.render_mode != "ansi":
            return None
        return _diagram(self.game.record())

    def close(self) -> None:
        """Nothing to release: the game is native memory freed with the object."""
        pass


def aec_env(**options: Any) -> RenjuAECEnv:
    """A :class:`RenjuAECEnv` (PettingZoo's ``env()`` convention)."""
    return RenjuAECEnv(**options)


# Pickles and reprs name the public module, where renju.env finds these on first use.
for _wrapper in (RenjuEnv, RenjuVectorEnv, RenjuAECEnv, aec_env):
    _wrapper.__module__ = "renju.env"
