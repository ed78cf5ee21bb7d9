"""Exact Renju and Gomoku rules as a referee applies them.

The compiled module renju.renju, re-exported whole (typed by __init__.pyi); renju.dask
is the optional Dask layer (pip install renju-referee[dask]).
"""

from . import renju as _compiled
from .renju import *  # noqa: F403

__doc__ = _compiled.__doc__
if hasattr(_compiled, "__all__"):
    __all__ = _compiled.__all__
