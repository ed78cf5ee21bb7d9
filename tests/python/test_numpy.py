"""Board.to_numpy(): planes of black stones, white stones and forbidden points (numpy is
optional: the test is skipped without it)."""

from __future__ import annotations

import importlib.util

import pytest

import renju


def test_planes() -> None:
    """Shape (3, size, size), uint8, indexed [plane, y, x]."""
    np = pytest.importorskip("numpy", reason="numpy is not installed (optional dependency)")
    board = renju.Board("f8 a1 g8 a2 h6 a3 h7 a4")
    planes = board.to_numpy()
    assert isinstance(planes, np.ndarray)
    assert planes.shape == (3, 15, 15) and planes.dtype == np.uint8
    assert int(planes[0].sum()) == 4 and int(planes[1].sum()) == 4
    for point, color in board:
        assert planes[0 if color == renju.Color.BLACK else 1, point.y, point.x] == 1
    h8 = renju.Point("h8")
    assert planes[2, h8.y, h8.x] == 1 and int(planes[2].sum()) == 1
    planes[0, 0, 0] = 7  # a writable copy
    small = renju.Board("c3", rule="freestyle", size=7).to_numpy()
    assert small.shape == (3, 7, 7) and int(small[2].sum()) == 0


def test_without_numpy_the_error_says_so() -> None:
    """Without numpy, to_numpy() raises ImportError naming numpy."""
    if importlib.util.find_spec("numpy") is not None:
        pytest.skip("numpy is installed")
    with pytest.raises(ImportError, match="numpy"):
        renju.Board().to_numpy()
