"""renju.engine.match: engine matches from Python, with the test engine of `renju match`
(renju-engine/examples/test_engine.rs; see match_engine.py). Records that validate to
the runner's results, forfeits and fouls with their reasons, bad input, the same
results at any concurrency, the CLI's --json, pickling, and no engine process left
behind (also after Ctrl-C)."""

from __future__ import annotations

import json
import os
import pickle
import re
import signal
import subprocess
import threading
import time
from pathlib import Path
from typing import Any

import pytest

import renju
import renju.engine
from match_engine import alive, engine

#: Two-stone openings around the centre, so that games differ.
OPENINGS = [renju.Game(f"h8 {p}") for p in ["g7", "h9", "i7", "j8", "g9", "i9"]]


def pids(directory: Path) -> list[int]:
    """The process ids the test engines wrote (--pid-dir)."""
    return [int(p.name) for p in directory.iterdir()]


def check_records(result: renju.engine.MatchResult) -> None:
    """Every record, validated again from the record alone, gives the runner's result."""
    assert result.disagreements == 0
    for g in result.games:
        assert g.validated and g.record is not None
        outcome = g.record.validate().outcome
        assert outcome is not None
        assert outcome.termination == g.termination, (g, outcome)
        colour = None if outcome.winner is None else str(outcome.winner)
        winner = {None: None, "black": g.black, "white": g.white}[colour]
        assert winner == g.winner, (g, outcome)
        assert g.result == {None: "1/2-1/2", "black": "1-0", "white": "0-1"}[colour]


def test_random_engines_give_records_that_validate_to_their_results(tmp_path: Path) -> None:
    a = engine(f"--mode random --seed 1 --pid-dir {tmp_path} --child")
    b = engine(f"--mode random --seed 2 --pid-dir {tmp_path} --child")
    result = renju.engine.match([a, b], renju.engine.MatchSettings(repeat=True, openings=OPENINGS, draw_after=60), names=["alpha", "beta"], games=4, keep_records=True)
    assert isinstance(result, renju.engine.MatchResult)
    assert len(result.games) == result.scheduled == 4
    check_records(result)
    assert [g.seats for g in result.games] == [("alpha", "beta"), ("beta", "alpha")] * 2
    assert [g.opening for g in result.games] == [0, 0, 1, 1]
    for g in result.games:
        assert isinstance(g.record, renju.Game)
        assert isinstance(g.termination, renju.Termination)
        assert {g.black, g.white} == {"alpha", "beta"}
        assert g.record.move_string.startswith("h8 ")
        assert g.engine_moves > 0 and g.wall_us >= g.engine_us + g.startup_us + g.stop_us
    # The totals: per engine and colour, and the pair's from alpha's side.
    alpha, beta = result.engines
    assert (alpha.name, beta.name) == ("alpha", "beta")
    assert alpha.total.games == 4 and alpha.black.games + alpha.white.games == 4
    assert alpha.total.wins == beta.total.losses and alpha.total.draws == beta.total.draws
    wins = sum(1 for g in result.games if g.winner == "alpha")
    assert alpha.total.wins == wins
    assert alpha.black.wins == sum(1 for g in result.games if g.winner == g.black == "alpha")
    pair = result.pairs[0]
    assert (pair.a, pair.b, pair.score) == ("alpha", "beta", alpha.total)
    assert pair.a_black == alpha.black and pair.a_white == alpha.white
    assert pair.rate == alpha.total.rate
    assert sum(result.terminations.values()) == 4
    assert result.sprt is None and result.stopped is None and not result.interrupted
    assert "Score of alpha vs beta" in str(result)
    # No engine process (nor a child of one) outlives the match.
    started = pids(tmp_path)
    assert len(started) >= 4
    assert [p for p in started if alive(p)] == []


def test_a_crashing_engine_loses_by_forfeit_with_the_reason() -> None:
    result = renju.engine.match([engine("--mode crash --after 2"), engine("--mode random")], renju.engine.MatchSettings(repeat=True), names=["crashy", "good"], games=2, keep_records=True)
    check_records(result)
    for g in result.games:
        assert g.termination is renju.Termination.FORFEIT
        assert g.winner == "good"
        assert "crashy crashed" in g.reason, g.reason
        assert g.record is not None and any(e.kind == "forfeit" for e in g.record.events)
    crashy = result.engines[0]
    assert (crashy.total.losses, crashy.forfeits, crashy.time_losses) == (2, 2, 0)


def test_a_forbidden_move_loses_under_renju() -> None:
    result = renju.engine.match([engine("--mode foul"), engine("--mode sparse")], names=["foul", "sparse"], keep_records=True)
    (g,) = result.games
    assert (g.termination, g.result, g.winner) == ("forbidden", "0-1", "sparse")
    check_records(result)
    # Freestyle has no fouls: the same stones make no forbidden move.
    free = renju.engine.match([engine("--mode foul"), engine("--mode sparse")], renju.engine.MatchSettings(rule="freestyle", draw_after=30), names=["foul", "sparse"])
    assert free.games[0].termination != "forbidden"
    assert free.to_dict()["settings"]["rule"] == "freestyle"


def test_bad_input_raises_typed_errors(tmp_path: Path) -> None:
    a, b = engine("--mode random"), engine("--mode sparse")
    with pytest.raises(renju.SetupError, match="at least two engines, 1 given"):
        renju.engine.match([a])
    with pytest.raises(ValueError, match="rule"):
        renju.engine.match([a, b], renju.engine.MatchSettings(rule="chess"))
    with pytest.raises(ValueError, match="time control"):
        renju.engine.match([a, b], renju.engine.MatchSettings(time_control="soon"))
    with pytest.raises(ValueError, match="Gomocup time control"):
        renju.engine.match([a, b], renju.engine.MatchSettings(tc="x/5"))
    with pytest.raises(ValueError, match="SPRT"):
        renju.engine.match([a, b], renju.engine.MatchSettings(sprt="nonsense"))
    unknown: Any = "worldcup"
    with pytest.raises(ValueError, match="profile"):
        renju.engine.match([a, b], renju.engine.MatchSettings(profile=unknown))
    with pytest.raises(ValueError, match="openings order"):
        renju.engine.match([a, b], renju.engine.MatchSettings(openings_order=unknown))
    missing = tmp_path / "no-such-engine"
    with pytest.raises(renju.SetupError, match="cannot be started") as info:
        renju.engine.match([a, [str(missing), "--x"]])
    assert str(missing) in str(info.value)
    with pytest.raises(renju.SetupError, match="not found on PATH"):
        renju.engine.match([a, "no-such-engine-on-any-path"])
    with pytest.raises(renju.SetupError, match="exactly two engines"):
        renju.engine.match([a, b, a], renju.engine.MatchSettings(sprt="0,10"))
    with pytest.raises(renju.SetupError, match="games must be at least 1"):
        renju.engine.match([a, b], games=0)
    with pytest.raises(renju.SetupError, match="named `x`"):
        renju.engine.match([a, b], names=["x", "x"])
    with pytest.raises(renju.SetupError, match="3 names for 2 engines"):
        renju.engine.match([a, b], names=["x", "y", "z"])
    with pytest.raises(renju.SetupError, match="no-openings.txt"):
        renju.engine.match([a, b], renju.engine.MatchSettings(openings=tmp_path / "no-openings.txt"))
    if Path("/dev/zero").exists():
        # No line end: given up after 256 MiB, naming no option the match does not have.
        with pytest.raises(renju.SetupError, match="no line end") as endless:
            renju.engine.match([a, b], renju.engine.MatchSettings(openings="/dev/zero"))
        assert "--max-record-bytes" not in str(endless.value)
    with pytest.raises(renju.SetupError, match="board size"):
        renju.engine.match([a, b], renju.engine.MatchSettings(size=99))
    with pytest.raises(renju.SetupError, match="not key=value"):
        renju.engine.match([a, "cmd=x nonsense"])
    with pytest.raises(TypeError, match="engines must be a list"):
        renju.engine.match("./pbrain-a ./pbrain-b")
    moves: Any = ["h8 h9"]
    with pytest.raises(TypeError, match="openings must be"):
        renju.engine.match([a, b], renju.engine.MatchSettings(openings=moves))
    # Every error is one of the package's: renju.Error or ValueError.
    assert issubclass(renju.SetupError, renju.Error) and issubclass(renju.SetupError, ValueError)


def test_concurrency_changes_no_result() -> None:
    engines = [engine(f"--mode random --seed {s}") for s in (1, 2, 3)]

    def play(concurrency: int) -> renju.engine.MatchResult:
        return renju.engine.match(engines, renju.engine.MatchSettings(concurrency=concurrency, repeat=True, transform=True, openings=OPENINGS[:2], draw_after=60), games=2, keep_records=True)

    one, two = play(1), play(2)

    def key(r: renju.engine.MatchResult) -> list[tuple[object, ...]]:
        return [(g.index, g.seats, g.result, g.termination, g.record and g.record.move_string) for g in r.games]

    assert len(one.games) == 6
    assert key(one) == key(two)
    assert [e.total for e in one.engines] == [e.total for e in two.engines]
    assert [e.name for e in one.engines] == ["test_engine-1", "test_engine-2", "test_engine-3"]
    check_records(one)
    check_records(two)


def test_elo_los_and_the_sprt() -> None:
    result = renju.engine.match([engine("--mode random --seed 5"), engine("--mode sparse")], renju.engine.MatchSettings(repeat=True, sprt="0,10"), games=4)
    pair = result.pairs[0]
    assert str(pair.score) == "4-0-0" and pair.score.points == 4.0
    assert pair.elo is None and pair.elo_95 is None  # a 100 % score
    assert pair.los == pytest.approx(0.977, abs=0.001)
    sprt = result.sprt
    assert sprt is not None
    assert (sprt.elo0, sprt.elo1, sprt.alpha, sprt.beta) == (0.0, 10.0, 0.05, 0.05)
    # Only wins: the regularised GSPRT moves (fishtest: 0.0568 for 2 pairs) but waits.
    assert abs(sprt.llr - 0.0568) < 1e-3 and sprt.decision == "continue"
    assert sprt.lower < 0 < sprt.upper
    assert "SPRT elo0=0 elo1=10" in str(result)
    # Wins and losses: the Elo difference and its interval.
    even = renju.engine.match([engine("--mode random --seed 11"), engine("--mode random --seed 12")], renju.engine.MatchSettings(repeat=True, openings=OPENINGS, draw_after=80, sprt="0,200,0.3,0.3"), games=6)
    p = even.pairs[0]
    if p.elo is not None and p.elo_95 is not None:
        assert p.elo_95[0] <= p.elo <= p.elo_95[1]
    assert even.sprt is not None and even.sprt.decision in ("h0", "h1", "continue")
    if even.sprt.decision != "continue":
        assert even.stopped is not None and "SPRT" in even.stopped


def test_to_dict_is_the_clis_json(tmp_path: Path) -> None:
    """to_dict() is `renju match --json` for the same options (RENJU_CLI names the CLI),
    but for the clocks' readings."""
    cli = os.environ.get("RENJU_CLI")
    if not cli or not Path(cli).is_file():
        pytest.skip("RENJU_CLI does not name a built renju CLI (tests/python/run.sh sets it)")
    openings = tmp_path / "openings.txt"
    openings.write_text("0,0, 0,7, 1,0, 1,7, 2,0, 2,7, 3,0, 3,7, 4,0\n0,0, 1,0, 1,3\n0,0, -1,1\n")
    a = " ".join(engine("--mode random --seed 5"))
    b = " ".join(engine("--mode random --seed 6 --swap2 two"))
    result = renju.engine.match([a, b], renju.engine.MatchSettings(repeat=True, openings=openings, tc="20/5", draw_after=100), names=["alpha", "beta"], games=2)
    out = subprocess.run(
        [cli, "match", "--engine", a, "--engine", b, "--name", "alpha", "--name", "beta",
         "--games", "2", "--repeat", "--openings", str(openings), "--tc", "20/5",
         "--draw-after", "100", "--trf", str(tmp_path / "match.trf"), "--json"],
        capture_output=True, text=True, check=True,
    ).stdout
    expected = json.loads(out)
    got = result.to_dict()
    assert got == json.loads(result.to_json())

    def steady(report: dict[str, object]) -> dict[str, object]:
        """The report without wall times."""
        report = json.loads(json.dumps(report))
        summary = report["summary"]
        assert isinstance(summary, dict)
        for k in ("seconds", "games_per_second", "runner_us_per_move", "runner_us"):
            summary.pop(k)
        games = report["games"]
        assert isinstance(games, list)
        for g in games:
            g.pop("wall_us")
            g.pop("engine_us")
            g.pop("startup_us")
            g.pop("stop_us")
        return report

    assert steady(got) == steady(expected)
    # The same text, keys in the same order, but for the clocks' readings.
    timing = re.compile(
        r'("(?:seconds|games_per_second|runner_us_per_move|runner_us|wall_us|engine_us|startup_us|stop_us)": )[0-9.e+-]+'
    )
    assert timing.sub(r"\1 0", result.to_json()) == timing.sub(r"\1 0", out.rstrip("\n"))
    assert list(got) == ["settings", "engines", "summary", "games", "refused_openings"]
    # Two games with repeat play one opening: the file is read up to it (line 2; line
    # 1 is refused), not further.
    assert got["settings"]["turn_limit_ms"] == 5000 and got["settings"]["openings"] == 2
    assert result.refused_openings == [
        (r["opening"], r["reason"]) for r in expected["refused_openings"]
    ]
    assert len(result.refused_openings) == 1 and result.refused_openings[0][0] == "line 1"
    # The results as a tournament: the CLI's --trf file, and its standings.
    assert result.tournament.to_trf() == (tmp_path / "match.trf").read_text()
    standings = result.tournament.standings()
    assert sorted(row.name for row in standings) == ["alpha", "beta"]
    points = {e.name: e.total.wins + e.total.draws / 2 for e in result.engines}
    assert {row.name: row.points for row in standings} == points


def test_the_gomocup_profile() -> None:
    result = renju.engine.match([engine("--mode random --seed 5 --swap2 stay"), engine("--mode pass --after 2")], renju.engine.MatchSettings(profile="gomocup"))
    settings = result.to_dict()["settings"]
    assert (settings["draw_after"], settings["no_pass"], settings["opening"]) == (200, True, "swap2")
    assert (settings["tolerance_ms"], settings["turn_limit_ms"]) == (1000, 30000)
    assert "passes are not allowed" in result.games[0].reason
    # An explicit keyword wins over the profile.
    again = renju.engine.match([engine("--mode random --seed 5 --swap2 stay"), engine("--mode random --seed 6")], renju.engine.MatchSettings(profile="gomocup", draw_after=20, time_control="60+1"))
    settings = again.to_dict()["settings"]
    assert (settings["draw_after"], settings["time_control"]) == (20, "60+1")


def test_on_game_sees_each_game_and_its_exception_stops_the_match() -> None:
    seen: list[renju.engine.MatchGame] = []
    result = renju.engine.match([engine("--mode random --seed 1"), engine("--mode random --seed 2")], renju.engine.MatchSettings(openings=OPENINGS, draw_after=40), games=3, on_game=seen.append)
    # on_game sees each record; the result keeps only the rows unless asked.
    assert [g.index for g in sorted(seen, key=lambda g: g.index)] == [g.index for g in result.games]
    assert all(g.record is not None for g in seen)
    assert all(g.record is None for g in result.games)
    assert result.to_dict()["summary"]["games"] == 3

    def fail(game: renju.engine.MatchGame) -> None:
        raise RuntimeError(f"stop at game {game.index}")

    with pytest.raises(RuntimeError, match="stop at game 0"):
        renju.engine.match([engine("--mode random --seed 1"), engine("--mode random --seed 2")], renju.engine.MatchSettings(draw_after=40), games=5, on_game=fail)


def test_engines_as_command_lines_paths_and_the_cmd_form() -> None:
    program = engine()[0]
    result = renju.engine.match([f"{program} --mode random --seed 3", Path(program),
         f"cmd='{program} --mode sparse' name=sparse option.threads=2 swap2board=fields"], renju.engine.MatchSettings(gauntlet=True, draw_after=30))
    names = [e.name for e in result.engines]
    assert names == ["test_engine-1", "test_engine-2", "sparse"]
    assert [g.seats for g in result.games] == [
        ("test_engine-1", "test_engine-2"), ("test_engine-1", "sparse")]
    engines = result.to_dict()["engines"]
    assert engines[2]["info"] == [["threads", "2"]] and engines[2]["swap2board_fields"]
    assert "swap2board_fields" not in engines[0]
    every = renju.engine.match([engine("--mode random --seed 1"), engine("--mode sparse")], renju.engine.MatchSettings(swap2board_fields=True, draw_after=10))
    assert all(e["swap2board_fields"] for e in every.to_dict()["engines"])
    with pytest.raises(renju.SetupError, match="swap2board is `bare`"):
        renju.engine.match([f"cmd={program} swap2board=yes", program])


def test_results_pickle_and_compare() -> None:
    result = renju.engine.match([engine("--mode random --seed 1"), engine("--mode sparse")], renju.engine.MatchSettings(repeat=True, sprt="0,10"), games=2, keep_records=True)
    for obj in [result, *result.games, *result.engines, *result.pairs, result.sprt,
                result.engines[0].black]:
        back = pickle.loads(pickle.dumps(obj))
        assert back == obj and repr(back) == repr(obj)
    assert pickle.loads(pickle.dumps(result)).to_dict() == result.to_dict()
    assert repr(result).startswith("<MatchResult 2 of 2 games: test_engine-1 ")
    g = result.games[0]
    assert g.record is not None and g.to_dict()["record"] == g.record.to_dict()


def test_ctrl_c_stops_the_match_and_ends_every_engine(tmp_path: Path) -> None:
    """A KeyboardInterrupt (SIGINT) during a match of engines that never answer: the
    match stops at once, and no engine process (nor its child) is left."""
    slow = [engine(f"--mode slow --after 1 --seed {s} --pid-dir {tmp_path} --child")
            for s in (1, 2)]
    timer = threading.Timer(1.0, lambda: os.kill(os.getpid(), signal.SIGINT))
    started = time.monotonic()
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            renju.engine.match(slow, renju.engine.MatchSettings(concurrency=2, silence_ms=60_000), games=4)
    finally:
        timer.cancel()
    assert time.monotonic() - started < 20
    started_pids = pids(tmp_path)
    assert len(started_pids) >= 4
    assert [p for p in started_pids if alive(p)] == []
    # A later match is not interrupted.
    result = renju.engine.match([engine("--mode random"), engine("--mode sparse")])
    assert not result.interrupted and len(result.games) == 1


def test_settings_are_one_object() -> None:
    """MatchSettings holds every setting but the engines: it compares, prints and
    pickles by the keywords given; match() keeps names, games and on_game."""
    settings = renju.engine.MatchSettings(tc="20/5", draw_after=100, openings=iter(OPENINGS[:2]))
    assert settings.to_dict()["tc"] == "20/5"
    assert len(settings.to_dict()["openings"]) == 2  # the iterator is read once
    assert settings == pickle.loads(pickle.dumps(settings))
    assert repr(renju.engine.MatchSettings(games=3)) == "MatchSettings(games=3)"
    assert renju.engine.MatchSettings() == renju.engine.MatchSettings(games=1)
    assert renju.engine.MatchSettings() != renju.engine.MatchSettings(games=2)
    a, b = engine("--mode random --seed 1"), engine("--mode sparse")
    by_keyword = renju.engine.match([a, b], renju.engine.MatchSettings(draw_after=20, games=1), games=2)
    by_settings = renju.engine.match([a, b], renju.engine.MatchSettings(draw_after=20, games=2))
    assert len(by_keyword.games) == len(by_settings.games) == 2
    with pytest.raises(TypeError):
        renju.engine.match([a, b], draw_after=20)  # type: ignore[call-arg]


@pytest.mark.parametrize("sprt", ["0,10,0.5,0.5", "0,10,0.99,0.99", "0,10,0.05"])
def test_sprt_rates_are_checked(sprt: str) -> None:
    """Error rates whose bounds do not lie either side of 0, or one rate alone, are refused."""
    with pytest.raises(ValueError, match="alpha"):
        renju.engine.MatchSettings(sprt=sprt)


def test_event_has_no_control_character() -> None:
    """An event name with a newline is refused before any engine starts (it wrote extra
    player records into the TRF file)."""
    settings = renju.engine.MatchSettings(event="Cup\n001    9 x")
    with pytest.raises(renju.SetupError, match="control character"):
        renju.engine.match(["no-such-engine-a", "no-such-engine-b"], settings)


@pytest.mark.parametrize(
    ("field", "value", "said"),
    [("event", " Cup", "spaces at an end"), ("event", "x" * 1025, "more than 1024"), ("names", ["a\tb", "b"], "control character")],
)
def test_free_text_is_checked_as_everywhere(field: str, value: object, said: str) -> None:
    """Engine names and the event get the one check every free-text field gets."""
    engines = ["no-such-engine-a", "no-such-engine-b"]
    with pytest.raises(renju.SetupError, match=said):
        if field == "names":
            renju.engine.match(engines, names=value)  # type: ignore[arg-type]
        else:
            renju.engine.match(engines, renju.engine.MatchSettings(event=value))  # type: ignore[arg-type]
