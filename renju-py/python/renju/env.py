"""Self-play and training environments over the exact rules of renju.

- VecEnv: N games stepped together in one native call (numpy arrays out).
- EnvGame: one game, stepped, copied and restored for search.
- ActionError: an action they cannot take (a renju.Error and a ValueError).
- RenjuEnv, RenjuVectorEnv, RenjuAECEnv and aec_env: the Gymnasium and PettingZoo
  wrappers for the usual trainers, loaded from renju._gymnasium on first use; they need
  gymnasium (pip install renju-referee[gymnasium]) and, for the AEC environment,
  pettingzoo. ``import renju.env`` needs neither.

Every class takes ``opening=`` (``"swap2"``, ``"rif1996"``, ...): the live referee then
judges the opening phases.
"""

from __future__ import annotations

import importlib
from typing import Any

from ._renju import ActionError, EnvGame, VecEnv

__all__ = [
    "VecEnv", "EnvGame", "ActionError", "RenjuEnv", "RenjuVectorEnv", "RenjuAECEnv",
    "aec_env",
]

_WRAPPERS = ("RenjuEnv", "RenjuVectorEnv", "RenjuAECEnv", "aec_env")


def __getattr__(name: str) -> Any:
    """The Gymnasium and PettingZoo wrappers, imported on first use (they need
    gymnasium)."""
    if name in _WRAPPERS:
        value = getattr(importlib.import_module("renju._gymnasium"), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'renju.env' has no attribute {name!r}")
