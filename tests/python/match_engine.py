"""The Gomocup test engine of `renju match` (renju-engine/examples/test_engine.rs, one
behaviour per --mode) for the Python tests of renju.engine.match: RENJU_TEST_ENGINE names it
(tests/python/run.sh builds it and sets it), else the debug build in the repository's
target directory."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]

BUILD = "cargo build -p renju-engine --example test_engine (tests/python/run.sh builds it)"


def program() -> str | None:
    """The test engine's path, or None when it is not built."""
    named = os.environ.get("RENJU_TEST_ENGINE")
    path = Path(named) if named else REPO / "target" / "debug" / "examples" / "test_engine"
    return str(path) if path.is_file() else None


def engine(args: str = "") -> list[str]:
    """The test engine with arguments ('--mode random --seed 3'), as a program and its
    arguments; the test is skipped when the engine is not built."""
    path = program()
    if path is None:
        pytest.skip(f"the test engine is not built: {BUILD}")
    return [path, *args.split()]


def alive(pid: int) -> bool:
    """Whether a process runs (a zombie does not)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    state = stat.rsplit(")", 1)[-1].split()[0]
    return state not in ("Z", "X")
