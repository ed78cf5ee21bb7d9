"""Time controls and live clocks from Python, and the replayed clock of a record."""

from __future__ import annotations

import pickle
from pathlib import Path

import pytest

import renju


def test_time_controls_round_trip_and_explain_errors() -> None:
    for text in ["5400+30", "40/6000+30:900+30", "W300-B240", "7200:30/1800", "shared 3600", "?"]:
        assert str(renju.TimeControl(text)) == text
    go = renju.TimeControl.from_sgf("3600", "5x30 byo-yomi")
    assert go.to_sgf() == ("3600", "5x30 byo-yomi")
    assert renju.TimeControl("TM[3600]OT[5x30 byo-yomi]") == go
    assert renju.TimeControl("5400").has_clock and not renju.TimeControl("-").has_clock
    with pytest.raises(ValueError, match="`a` is not a number of seconds"):
        renju.TimeControl("300+a")
    with pytest.raises(ValueError, match="milliseconds"):
        renju.TimeControl("300+30000")
    with pytest.raises(ValueError, match="sudden-death period must come last"):
        renju.TimeControl("300:600")
    assert pickle.loads(pickle.dumps(go)) == go


def test_a_live_clock() -> None:
    clock = renju.Clock("60+5")
    state = clock.press(10_000)
    assert state.black.time_left_ms == 55_000
    assert state.to_move == renju.Color.WHITE and state.result == "running"
    state = clock.penalty("black", 30_000, 10_000)
    assert (state.black.time_left_ms, state.white.time_left_ms) == (25_000, 70_000)
    state = clock.press(71_000)
    assert state.result == "flag" and state.loser == renju.Color.WHITE and state.flag_move == 2
    assert state.to_dict()["result"]["loser"] == "white"
    with pytest.raises(ValueError, match="stopped"):
        clock.press(1)
    # More than five minutes is applied (the rules' "generally at most five minutes").
    state = renju.Clock("600").penalty(renju.Color.BLACK, 301_000)
    assert state.black.time_left_ms == 299_000
    with pytest.raises(ValueError, match="both-flags policy"):
        renju.Clock("600", both_flags="coin")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        renju.Clock(600)  # type: ignore[arg-type]


def test_byo_yomi_and_shared_time() -> None:
    clock = renju.Clock(renju.TimeControl.from_sgf("60", "3x30 byo-yomi"))
    state = clock.press(70_000)
    assert state.black.overtime_periods_left == 3 and state.black.time_left_ms == 30_000
    shared = renju.Clock("shared 100")
    shared.press(30_000)
    assert shared.state.shared_ms == 70_000
    state = shared.split()
    assert state.shared_ms is None and state.white.time_left_ms == 35_000


def test_the_replayed_clock_of_a_record(repo: Path) -> None:
    fixtures = repo / "fixtures"
    game = renju.Game(["h8", "h9", "i9"])
    replay = game.replay()
    assert replay.time is None and replay.clock == []
    # A .psq file has times but no control: one is given.
    (psq,) = list(renju.read(fixtures / "games" / "timed.psq"))
    replay = psq.replay(options=renju.ValidationOptions(rule="freestyle", time_control="30"))
    assert replay.outcome.termination == "time" and replay.outcome.winner == renju.Color.BLACK
    assert replay.time is not None and replay.time["flag"] == {"color": "white", "move": 4}
    number, state = replay.clock[0]
    assert number == 1 and state.black.time_left_ms == 28_500
    assert [f.code for f in replay.findings] == ["flag-fell", "play-after-flag"]
    # The move list names its controls; validate() reports every game's time.
    report = renju.validate(fixtures / "games" / "timed.txt")
    terminations = [g.outcome.termination for g in report.games]
    assert terminations == ["resignation", "time", "unfinished", "unfinished"]
    assert report.to_dict()["games"][0]["time"]["control"] == "300+5"
    with pytest.raises(ValueError, match="not a number of seconds"):
        psq.replay(options=renju.ValidationOptions(time_control="30+x"))
