"""The self-play examples of renju-py/examples, run with small counts (the full counts:
run the scripts themselves)."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Any

import pytest

EXAMPLES = Path(__file__).resolve().parents[2] / "renju-py" / "examples"


def example(name: str) -> Any:
    pytest.importorskip("numpy")
    spec = importlib.util.spec_from_file_location(name, EXAMPLES / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_random_self_play_records_validate_with_no_error() -> None:
    games, errors = example("selfplay_random").main(500)
    assert games >= 500 and errors == 0


def test_mcts_over_copied_games_beats_random() -> None:
    assert example("mcts").main(4, 100) >= 3


def test_numpy_training_loop_runs() -> None:
    lengths = example("train_numpy").main(2, envs=16)
    assert len(lengths) == 2 and all(n > 0 for n in lengths)
