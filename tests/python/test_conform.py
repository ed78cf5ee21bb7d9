"""renju.engine.conform and renju.engine.random_positions, with the jsonl engine of fake_engine.py."""

from __future__ import annotations

import os
import signal
import sys
import threading
import time
from pathlib import Path

import pytest

import renju
import renju.engine
from match_engine import alive

ENGINE = [sys.executable, str(Path(__file__).with_name("fake_engine.py"))]


def test_faithful_engine_agrees_on_the_corpus() -> None:
    report = renju.engine.conform(ENGINE)
    # A board the corpus holds under several ids is checked once.
    assert report.positions + report.to_dict()["duplicates"] >= 90
    assert report.positions < 90
    assert report.agreements == report.positions
    assert report.all_agree and report.disagreements == []
    assert report.to_dict()["protocol"] == "jsonl"


def test_other_reading_is_caught_with_diagram_and_explanation() -> None:
    report = renju.engine.conform([*ENGINE, "other-reading"])
    assert not report.all_agree
    assert report.summary["false_foul"] >= 1
    d = report.disagreements[0]
    assert d["kind"] == "false-foul"
    assert "*" in d["diagram"] and d["expected"] == "legal"
    assert "does not count" in d["explanation"]
    assert "<failure type=\"false-foul\"" in report.to_junit()
    assert "false-foul" in str(report)


def test_garbage_is_reported_and_the_engine_restarted() -> None:
    report = renju.engine.conform([*ENGINE, "garbage"], random=4, seed=1, timeout_ms=5000)
    assert report.positions == 4
    assert report.summary["bad_answer"] == 2
    assert report.restarts == 2


def test_positions_as_boards_and_the_other_reading() -> None:
    boards = renju.engine.random_positions(3, seed=5)
    report = renju.engine.conform(ENGINE, positions=boards, reading="five-completion-counts")
    assert report.positions == 3 and report.all_agree


def test_random_positions_are_deterministic() -> None:
    a = renju.engine.random_positions(4, 11)
    b = renju.engine.random_positions(4, 11)
    assert [x.to_diagram() for x in a] == [x.to_diagram() for x in b]
    assert a != renju.engine.random_positions(4, 12)
    assert all(x.to_move == renju.Color.BLACK for x in a)
    assert sum(1 for x in a if x.forbidden_points()) >= 3


def test_an_engine_that_cannot_run_raises() -> None:
    with pytest.raises(RuntimeError, match="cannot run"):
        renju.engine.conform("/nonexistent/engine")
    with pytest.raises(ValueError):
        renju.engine.conform(ENGINE, protocol="telnet")  # type: ignore[arg-type]


def test_random_positions_of_a_family() -> None:
    boards = renju.engine.random_positions(6, seed=3, family="disputed")
    assert len(boards) == 6
    again = renju.engine.random_positions(6, seed=3, family="disputed")
    assert [b.to_diagram() for b in boards] == [b.to_diagram() for b in again]
    for i, board in enumerate(boards):
        assert board.to_move == renju.Color.BLACK
        if i % 2 == 1:
            # The near miss: the case before it with one black and one white stone fewer.
            assert len(board) + 2 == len(boards[i - 1])
            continue
        # A case of the disputed family: the readings give different forbidden points.
        other = renju.Board.from_diagram(board.to_diagram(), five_completion_counts=True)
        assert set(board.forbidden_points()) != set(other.forbidden_points())
    uniform = renju.engine.random_positions(2, seed=3, family="uniform")
    assert [b.to_diagram() for b in uniform] == [
        b.to_diagram() for b in renju.engine.random_positions(2, seed=3)
    ]
    with pytest.raises(ValueError, match="family"):
        renju.engine.random_positions(2, family="triple-five")


def test_ctrl_c_stops_a_conformance_run_at_once_and_ends_the_engine(tmp_path: Path) -> None:
    """A KeyboardInterrupt (SIGINT) while the engine thinks (it never answers, and the
    time limit is a minute): raised within a second or two, the engine ended."""
    timer = threading.Timer(1.0, lambda: os.kill(os.getpid(), signal.SIGINT))
    started = time.monotonic()
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            renju.engine.conform([*ENGINE, "slow", str(tmp_path)], timeout_ms=60_000)
    finally:
        timer.cancel()
    assert time.monotonic() - started < 4
    (pid,) = [int(p.name) for p in tmp_path.iterdir()]
    assert not alive(pid)
    # A later run is not interrupted.
    report = renju.engine.conform(ENGINE, random=2, seed=3)
    assert report.positions == 2 and report.all_agree
