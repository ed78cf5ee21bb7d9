"""Self-play and training environments over the exact rules of renju.

VecEnv (N games stepped in one native call) and EnvGame (one game) need numpy only;
an action they cannot take raises ActionError. The Gymnasium and PettingZoo wrappers
(RenjuEnv, RenjuVectorEnv, RenjuAECEnv, aec_env) are loaded on first use and need
gymnasium (pip install renju-referee[gymnasium]) and, for the AEC environment,
pettingzoo.

Type stubs of renju.env (renju-py/python/renju/env.pyi): env.py imports VecEnv, EnvGame
and ActionError from the private compiled module renju._renju, and the wrappers from
renju._gymnasium.
"""

# Annotations are not evaluated: the stub also runs as Python, for pdoc's reference.
from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar, Literal, final

from renju import Color, Error, Game, OpeningRule, Outcome, RuleSet
from renju._gymnasium import RenjuAECEnv as RenjuAECEnv
from renju._gymnasium import RenjuEnv as RenjuEnv
from renju._gymnasium import RenjuVectorEnv as RenjuVectorEnv
from renju._gymnasium import aec_env as aec_env

__all__ = [
    "VecEnv", "EnvGame", "ActionError", "RenjuEnv", "RenjuVectorEnv", "RenjuAECEnv",
    "aec_env",
]
"""The public names."""

class ActionError(Error, ValueError):
    """An action a self-play environment (VecEnv, EnvGame) cannot take: out of range, an
    occupied point, a point forbidden to Black while fouls are masked, a pass not
    allowed, or an action for a game that is over. Nothing changed."""

    game: int | None
    """The game's index in a VecEnv, else None."""
    action: int | None
    """The action, None for a game that is over."""

# ---------------------------------------------------------------------------
# Self-play and training environments
# ---------------------------------------------------------------------------

_Plane = str
"""(Stub only, not importable.) A plane name: 'own', 'opponent', 'black-to-move', 'forbidden', 'last-move', 'previous-K', 'phase', 'offered' or 'first-to-act'."""

@final
class VecEnv:
    """N games stepped together, with the exact rules: step(actions) applies one action
    per game in one call with the GIL released (on every core for large N) and returns
    numpy arrays it owns, overwritten by every call (copy what you keep):
    observations (N, C, size, size) uint8, masks (N, action_count) uint8, rewards (N,)
    float32 of the player (seat) who acted (+1 win, -1 loss by a foul or a forfeit, 0),
    terminated and truncated (N,) bool; endings, winners, phases and seats (N,) uint8
    as attributes.

    Actions: row * size + column (row 0 = row 1, column 0 = column a; 112 is h8 on
    15x15), size*size = pass (when allow_pass). Under an opening protocol (opening=
    an OpeningRule or its name, such as 'swap2') the live referee judges the opening:
    size*size+1..+4 are the decisions stay, swap, place-two, offer, then the
    declarations of 1, 2, ... offers; offers and White's choice are point actions.
    autoreset 'same-step' (Gymnasium SAME_STEP, the default), 'next-step' or
    'disabled'. Needs numpy.

    Creating more games than memory holds raises MemoryError (a 15x15 game takes about
    12 KB at its peak, with the finished game kept beside it).

    Not thread-safe: a VecEnv is used by one thread at a time (step() releases the GIL
    while it runs). A call made while another thread is inside one raises RuntimeError;
    give each thread its own VecEnv."""

    def __new__(
        cls,
        num_envs: int,
        *,
        rule: RuleSet | str | None = None,
        size: int = 15,
        planes: Sequence[_Plane] | None = None,
        fouls: Literal["masked", "played"] = "masked",
        allow_pass: bool = False,
        draw_after: int | None = None,
        autoreset: Literal["same-step", "next-step", "disabled"] = "same-step",
        five_completion_counts: bool = False,
        seed: int = 0,
        opening: OpeningRule | str | None = None,
    ) -> VecEnv: ...
    @property
    def num_envs(self) -> int:
        """The number of games."""
    @property
    def size(self) -> int:
        """The board side."""
    @property
    def rule(self) -> RuleSet:
        """The rule set."""
    @property
    def action_count(self) -> int:
        """The number of actions: size*size points, then pass; under an opening
        protocol, then the 4 decisions and the declarations."""
    @property
    def planes(self) -> list[str]:
        """The names of the observation planes."""
    @property
    def observation_shape(self) -> tuple[int, int, int]:
        """One game's observation shape: (channels, size, size)."""
    @property
    def autoreset(self) -> str:
        """The auto-reset mode: 'same-step', 'next-step' or 'disabled'."""
    def options(self) -> dict[str, Any]:
        """The keyword arguments that build the same environment."""
    @property
    def observations(self) -> Any:
        """The observations (N, C, size, size) uint8, as the last call left them."""
    @property
    def masks(self) -> Any:
        """The legal-action masks (N, action_count) uint8 (action_count is size*size+1
        under the free opening)."""
    @property
    def rewards(self) -> Any:
        """The rewards of the last step (N,) float32, of the player who moved."""
    @property
    def terminated(self) -> Any:
        """Whether each game ended on the last step (N,) bool."""
    @property
    def truncated(self) -> Any:
        """Always False (N,) bool: games end by the rules only."""
    @property
    def endings(self) -> Any:
        """(N,) uint8: 0 not ended, 1 five, 2 forbidden, 3 two-passes, 4 full-board,
        5 draw-after, 6 forfeit."""
    @property
    def winners(self) -> Any:
        """(N,) uint8: 0 none, 1 black, 2 white."""
    @property
    def phases(self) -> Any:
        """(N,) uint8: what the player to act must do, 0 place, 1 swap, 2 declare,
        3 offer, 4 choose, 5 over (a finished game not reset yet: autoreset 'disabled',
        or the final observation under 'next-step'); only 0 and 5 under the free
        opening."""
    @property
    def seats(self) -> Any:
        """(N,) uint8: the seat that acts, 0 the first player, 1 the second."""
    @property
    def opening(self) -> str:
        """The opening protocol's name."""
    def final_observations(self) -> tuple[Any, Any]:
        """The games that ended on the last step (int64 (k,)) and the final observation
        of each, (k, C, size, size) uint8; fresh arrays."""
    def reset(self, seed: int | None = None) -> tuple[Any, Any]:
        """Resets every game (reseeding from seed when given): (observations, masks)."""
    def step(self, actions: Any) -> tuple[Any, Any, Any, Any, Any]:
        """One action per game (integers, shape (N,)): (observations, masks, rewards,
        terminated, truncated). An illegal action raises ActionError, nothing changes.

        A list or tuple holds Python or numpy integers: a bool, a float or a str raises
        TypeError naming the game, an integer past int64 ActionError. An array must have
        an integer dtype; a masked array (numpy.ma) raises TypeError."""
    def random_actions(self) -> Any:
        """A uniformly random legal action per game (int64 (N,)), deterministic for a
        seed; the same array is overwritten by the next call."""
    def game(self, i: int) -> EnvGame:
        """A copy of game i as it is now."""
    def set_game(self, i: int, game: EnvGame) -> None:
        """Puts a game (same options) into slot i."""
    def reset_game(self, i: int) -> None:
        """Resets game i only."""
    def record(self, i: int) -> Game:
        """Game i so far as a record that validates to its outcome."""
    def finished_record(self, i: int) -> Game | None:
        """The last game that ended in slot i, as a record; None while no game has
        ended there since the last reset. IndexError past the games, as record(i)."""
    def __len__(self) -> int:
        """The number of games."""
    def __eq__(self, other: object, /) -> bool:
        """The same options, and every game the same (actions and random state)."""
    __hash__: ClassVar[None]  # type: ignore[assignment]

@final
class EnvGame:
    """One game of an environment, with the options of VecEnv: step() an action,
    copy() to search (the copy goes on independently, random numbers included),
    record() to validate. Needs no numpy but for observation()."""

    def __new__(
        cls,
        *,
        rule: RuleSet | str | None = None,
        size: int = 15,
        planes: Sequence[_Plane] | None = None,
        fouls: Literal["masked", "played"] = "masked",
        allow_pass: bool = False,
        draw_after: int | None = None,
        five_completion_counts: bool = False,
        seed: int = 0,
        opening: OpeningRule | str | None = None,
    ) -> EnvGame: ...
    def step(self, action: int) -> tuple[float, bool]:
        """(reward of the player (seat) who acted, terminated). The action is a Python
        or numpy integer (a bool, a float or a str raises TypeError). An illegal action
        raises ActionError and changes nothing."""
    def legal_actions(self) -> list[int]:
        """The legal actions now, in index order."""
    def legal_mask(self) -> bytes:
        """The legal-action mask now, action_count bytes (1 legal)."""
    def random_action(self) -> int | None:
        """A uniformly random legal action; None once the game is over."""
    def observation(self) -> Any:
        """The observation planes now, (C, size, size) uint8. Needs numpy."""
    @property
    def to_move(self) -> Color:
        """The side to move."""
    @property
    def actions(self) -> list[int]:
        """The actions taken so far."""
    @property
    def phase(self) -> Literal["place", "swap", "declare", "offer", "choose", "over"]:
        """What the player to act must do ('over' once the game has ended)."""
    @property
    def to_act(self) -> Literal["first", "second"]:
        """The seat that acts now."""
    @property
    def black_seat(self) -> Literal["first", "second"]:
        """The seat that holds Black now ('first' until a swap)."""
    @property
    def winner_seat(self) -> Literal["first", "second"] | None:
        """The seat that won; None for a draw or while the game goes on."""
    @property
    def is_over(self) -> bool:
        """Whether the game is over."""
    @property
    def outcome(self) -> Outcome | None:
        """How the game ended (as the record's replay says); None while it goes on."""
    @property
    def ending(self) -> str | None:
        """'five', 'forbidden', 'two-passes', 'full-board', 'draw-after' or 'forfeit';
        None while the game goes on."""
    def record(self) -> Game:
        """The game so far as a record that validates to its outcome."""
    def copy(self) -> EnvGame:
        """An independent copy."""
    def __copy__(self) -> EnvGame:
        """copy.copy() support."""
    def __deepcopy__(self, memo: Any) -> EnvGame:
        """copy.deepcopy() support."""
    def __eq__(self, other: object, /) -> bool:
        """The same options, actions and random state."""
    __hash__: ClassVar[None]  # type: ignore[assignment]
