"""Every class of the module pickles (all protocols), copies and deep-copies to an equal
object, and crosses process boundaries (multiprocessing with spawn,
concurrent.futures.ProcessPoolExecutor). The classes are enumerated from the __all__ of
renju and its modules (renju.referee, renju.engine, renju.tournament, renju.env), so that
a new class without pickling fails here."""

from __future__ import annotations

import concurrent.futures
import copy
import functools
import importlib.util
import multiprocessing
import pickle
import sys
from pathlib import Path
from typing import Any

import pytest

import renju
import renju.engine
import renju.env
import renju.referee
import renju.tournament
from match_engine import BUILD, program

REPO = Path(__file__).resolve().parents[2]

#: Classes that do not pickle, and why (pickling them raises TypeError).
NOT_PICKLABLE = {
    # An open reader of a file or of bytes, part-way through (like a Python file object).
    "GameReader": "an open reader",
}

ENGINE = [sys.executable, str(Path(__file__).with_name("fake_engine.py"))]

#: Classes whose samples come from a match of the test engine (match_engine.py).
MATCH_CLASSES = {"MatchResult", "MatchGame", "MatchEngine", "MatchPair", "MatchSprt", "MatchScore"}


def match_samples() -> dict[str, list[Any]]:
    """Objects of the match classes (none when the test engine is not built)."""
    engine = program()
    if engine is None:
        return {}
    results = [
        renju.engine.match([f"{engine} --mode random --seed 1", f"{engine} --mode sparse"], renju.engine.MatchSettings(repeat=True, sprt="0,10"), games=2),
        renju.engine.match([f"{engine} --mode crash --after 1", f"{engine} --mode random"],
                    names=["crashy", "good"]),
    ]
    return {
        "MatchResult": results,
        "MatchGame": [g for r in results for g in r.games],
        "MatchEngine": [e for r in results for e in r.engines],
        "MatchPair": [p for r in results for p in r.pairs],
        "MatchSprt": [r.sprt for r in results if r.sprt is not None],
        "MatchScore": [s for r in results for e in r.engines for s in (e.black, e.white)],
    }


def env_samples() -> dict[str, list[Any]]:
    """Self-play environments part-way through (VecEnv needs numpy: none without it)."""
    game = renju.env.EnvGame(rule="freestyle", size=9, allow_pass=True, seed=5)
    for _ in range(6):
        game.step(game.random_action() or 0)
    samples: dict[str, list[Any]] = {"EnvGame": [renju.env.EnvGame(), game]}
    try:
        import numpy  # noqa: F401
    except ImportError:
        return samples
    envs = [
        renju.env.VecEnv(3, seed=2),
        renju.env.VecEnv(2, rule="standard", size=7, planes=["own", "previous-3"], fouls="played",
                     allow_pass=True, draw_after=30, autoreset="next-step", seed=4),
    ]
    for env in envs:
        for _ in range(12):
            env.step(env.random_actions())
    samples["VecEnv"] = envs
    return samples


@functools.lru_cache(maxsize=1)
def samples() -> dict[str, list[Any]]:
    """Objects of every picklable class, several kinds of each where they differ (made
    once: the tests do not change them)."""
    foul_board = renju.Board("f8 a1 g8 a2 h6 a3 h7 a4")
    won = renju.Board("h8 a1 i8 a2 j8 a3 k8 a4 l8")
    fouled = foul_board.copy()
    fouled.play("h8")
    set_up = renju.Board.from_diagram(
        (REPO / "fixtures" / "positions" / "rules_reference.txt")
        .read_text()
        .split("board:\n")[1]
        .split("query:")[0]
    )
    set_up.play("h8")
    games = list(renju.read(REPO / "fixtures" / "games" / "timed.sgf"))
    games += [renju.Game("h8 i9", id="7", rule="freestyle", tags=[("event", "x")])]
    report = renju.validate(REPO / "fixtures" / "games" / "bad_records.txt")
    replay = games[0].replay()
    clock = renju.Clock("60+1")
    clock.press(1500)
    fixtures = renju.read_fixtures(REPO / "fixtures" / "positions" / "rules_reference.txt")
    tournament = renju.tournament.read_tournament(REPO / "fixtures" / "tournaments" / "fide_tec_exercise.trf")
    club = renju.tournament.read_tournament(REPO / "fixtures" / "tournaments" / "club.rif")
    verdict = foul_board.verdict("h8")
    timed = renju.referee.RefereeOptions(opening="rif1996", time_control="600+5")
    referees = [renju.referee.Referee(), renju.referee.Referee(options=timed)]
    for p in ["h8", "h9", "j10"]:
        referees[1].place(p, t=100)
    referees[1].stay(by="second")
    referees[1].place("g10")
    referees[1].offer(["k8", "f7"])  # pending: White has not chosen
    claims = renju.referee.RefereeOptions(fouls="rif-claim")
    resigned = renju.referee.Referee.resume(renju.Game("h8 h9 i8"), options=claims)
    resigned.resign()
    referees.append(resigned)
    statuses = [r.status for r in referees]
    return {
        "Color": [renju.Color.BLACK, renju.Color.WHITE],
        "RuleSet": renju.RuleSet.all(),
        "FoulKind": [renju.FoulKind.OVERLINE, renju.FoulKind.DOUBLE_FOUR, renju.FoulKind.DOUBLE_THREE],
        "Symmetry": renju.Symmetry.all(),
        "Point": [renju.Point("h8"), renju.Point(0, 25)],
        "Move": [renju.Move("h8"), renju.Move.PASS],
        "Foul": [verdict.foul],
        "Verdict": [verdict, renju.Board("h8 a1 i8 a2 j8 a3 k8 a4").verdict("l8"), renju.Board().verdict("h8")],
        "Outcome": [won.outcome, fouled.outcome],
        "Explanation": [foul_board.explain("h8"), foul_board.explain("a9")],
        "OpeningRule": [renju.OpeningRule("soosorv-8"), renju.OpeningRule("swap2")],
        "Opening": renju.Opening.all(),
        "Board": [
            renju.Board(),
            renju.Board("h8 i9 j10 pass"),
            renju.Board("h8 i9", rule="freestyle", size=19),
            renju.Board("h8", five_completion_counts=True),
            won,
            fouled,
            set_up,
        ],
        "Event": [e for g in games for e in g.events],
        "Game": games,
        "MoveVerdict": replay.verdicts,
        "Replay": [replay, games[-1].replay()],
        "Finding": [f for g in report for f in g.findings],
        "GameReport": report.games,
        "Summary": [report.summary],
        "Report": [report, renju.Report()],
        "ArrowTable": [report.games_table(), report.findings_table(), renju.Report().games_table()],
        "Chunk": renju.chunks(b"h8\n# rule: gomoku\ni9\n", format="moves", size=2),
        "Fixture": fixtures[:5],
        "FixtureQuery": [q for f in fixtures[:5] for q in f.queries],
        "FixtureMap": [m for f in fixtures[:5] for m in f.maps],
        "TimeControl": [renju.TimeControl("5400+30"), renju.TimeControl("W300-B240")],
        "Clock": [clock, renju.Clock("40/6000+30:900+30")],
        "ClockState": [clock.state],
        "SideClock": [clock.state.black, clock.state.white],
        "Tournament": [tournament, club],
        "TournamentFinding": club.check() + tournament.check() + tournament.standings().findings,
        "Standings": [tournament.standings(), club.standings(), tournament.standings(unplayed="none")],
        "StandingRow": tournament.standings().rows + club.standings().rows,
        "ConformReport": [
            renju.engine.conform(ENGINE, random=3, seed=2),
            renju.engine.conform([*ENGINE, "other-reading"]),
        ],
        "Termination": list(renju.Termination),
        "DrawReason": list(renju.DrawReason),
        "Severity": list(renju.Severity),
        "FindingCode": list(renju.FindingCode),
        "ClaimModel": list(renju.ClaimModel),
        "OfferEquivalence": list(renju.OfferEquivalence),
        "Seat": list(renju.referee.Seat),
        "Required": list(renju.referee.Required),
        "SwapOption": list(renju.referee.SwapOption),
        "RefusalCode": list(renju.referee.RefusalCode),
        "FoulPolicy": list(renju.referee.FoulPolicy),
        "Referee": referees,
        "Status": statuses,
        "ClockStatus": [s.clock for s in statuses if s.clock is not None],
        "Ending": [s.outcome for s in statuses if s.outcome is not None],
        **match_samples(),
        **env_samples(),
        **option_samples(),
    }


def option_samples() -> dict[str, list[Any]]:
    """Objects of the option classes."""
    return {
        "MatchSettings": [
            renju.engine.MatchSettings(),
            renju.engine.MatchSettings(
                rule="freestyle", tc="20/5", draw_after=100, repeat=True, sprt="0,10",
                openings=[renju.Game("h8 h9"), renju.Game("h8 i9")], event="club",
            ),
            renju.engine.MatchSettings(profile="gomocup", openings="openings.txt", openings_order="random"),
        ],
        "ValidationOptions": [
            renju.ValidationOptions(),
            renju.ValidationOptions(
                rule="freestyle",
                opening="soosorv-8",
                claims="rif-claim",
                five_completion_counts=True,
                offer_equivalence="board",
                time_control="5400+30",
            ),
        ],
        "RefereeOptions": [
            renju.referee.RefereeOptions(),
            renju.referee.RefereeOptions(
                rule="freestyle",
                opening="soosorv-8",
                size=19,
                five_completion_counts=True,
                offer_equivalence="board",
                time_control="5400+30",
                fouls="refuse",
                both_flags="continue-unless-last-period",
                default_time_ms=5,
                start_ms=10,
            ),
        ],
    }


#: The package's modules whose classes are compiled (renju.env's wrappers are
#: Gymnasium's environments, not values).
MODULES = [renju, renju.referee, renju.engine, renju.tournament, renju.env]


def classes() -> list[str]:
    """The compiled classes of the modules' __all__, exceptions aside."""
    compiled = vars(importlib.import_module("renju._renju"))
    return [
        name
        for module in MODULES
        for name in module.__all__
        if isinstance(compiled.get(name), type)
        and compiled[name] is getattr(module, name)
        and not issubclass(compiled[name], BaseException)
    ]


def test_pickles_name_the_public_module() -> None:
    """A class's __module__ is the public module that holds it, and its pickles name
    that module, never the private compiled one."""
    for module in MODULES:
        for name in module.__all__:
            obj = getattr(module, name)
            if isinstance(obj, type):
                assert obj.__module__ == module.__name__, (module.__name__, name)
    for name, objects in samples().items():
        data = pickle.dumps(objects[0], protocol=4)
        assert b"_renju" not in data, name


def test_every_class_is_covered() -> None:
    covered = set(samples()) | set(NOT_PICKLABLE)
    if importlib.util.find_spec("numpy") is None:
        covered.add("VecEnv")  # its arrays need numpy
    missing = [name for name in classes() if name not in covered]
    if missing and set(missing) <= MATCH_CLASSES and program() is None:
        pytest.skip(f"the match classes' samples need the test engine: {BUILD}")
    assert missing == [], f"classes without a pickling test: {missing}"
    assert all(samples().values()), "a class without samples"


@pytest.mark.parametrize("name", sorted(samples()))
def test_round_trip(name: str) -> None:
    for obj in samples()[name]:
        assert type(obj).__name__ == name
        for protocol in range(2, pickle.HIGHEST_PROTOCOL + 1):
            back = pickle.loads(pickle.dumps(obj, protocol))
            assert type(back) is type(obj)
            assert back == obj, (name, obj, protocol)
            assert repr(back) == repr(obj)
        assert copy.copy(obj) == obj
        assert copy.deepcopy(obj) == obj


def test_copies_are_independent() -> None:
    board = renju.Board("h8")
    clone = pickle.loads(pickle.dumps(board))
    clone.play("i9")
    assert len(board.moves) == 1 and len(clone.moves) == 2
    clock = renju.Clock("60+1")
    other = copy.deepcopy(clock)
    other.press(1000)
    assert clock != other


def test_reports_keep_their_ids_through_pickle() -> None:
    games = [renju.Game("h8", id="1"), renju.Game("h8", id="1")]
    first = pickle.loads(pickle.dumps(renju.validate(games[:1])))
    second = renju.validate(games[1:])
    assert (first + second).summary.findings == {"duplicate-id": 1}


def test_a_reader_does_not_pickle() -> None:
    with pytest.raises(TypeError, match="pickle"):
        pickle.dumps(renju.read_bytes(b"h8\n", format="moves"))


def errors() -> list[renju.Error]:
    """One exception of each class, with its attributes set."""
    found: list[renju.Error] = []
    for attempt in (
        lambda: renju.Board("h8 h8"),
        lambda: next(renju.read_bytes(b"h8 zz\n", format="moves", file="f.txt", errors="raise")),
        lambda: renju.write_bytes([renju.Game([renju.Move("h8"), renju.Event.swap(True)])], "psq"),
        lambda: renju.Board(size=99),
        lambda: renju.Point("zz"),
        lambda: renju.Board("h8 a1 i8 a2 j8 a3 k8 a4 l8 a5"),
        lambda: renju.referee.Referee().place("h8", by="second"),
    ):
        try:
            attempt()
        except renju.Error as e:
            found.append(e)
    return found


def test_errors_keep_their_class_message_and_attributes() -> None:
    found = errors()
    assert {type(e).__name__ for e in found} == {
        "IllegalMoveError",
        "ParseError",
        "WriteError",
        "SetupError",
        "PointError",
        "RefusalError",
    }
    for e in found:
        back = pickle.loads(pickle.dumps(e))
        assert type(back) is type(e) and str(back) == str(e) and back.args == e.args
        assert back.__dict__ == e.__dict__
        assert copy.deepcopy(e).__dict__ == e.__dict__
    parse = next(e for e in found if isinstance(e, renju.ParseError))
    assert (parse.file, parse.line, parse.game, parse.move_number) == ("f.txt", 1, "game 1", 2)


def _validate_in_child(data: bytes, chunk: renju.Chunk) -> renju.Report:
    """Runs in a worker process."""
    return renju.validate_bytes(data, format="moves", source="f.txt", chunk=chunk)


def _echo(obj: object) -> object:
    """Runs in a worker process: the object back, pickled both ways."""
    return obj


def _file() -> bytes:
    lines = ["h8 i9 j10", "h8 h8", "# rule: gomoku", "h8 zz", "h8 i9 i8 j10 g8 k11"]
    return ("\n".join(lines * 40) + "\n").encode()


def test_spawned_processes_validate_parts_and_the_merge_is_exact() -> None:
    data = _file()
    parts = renju.chunks(data, format="moves", size=300)
    assert len(parts) > 3
    context = multiprocessing.get_context("spawn")
    with context.Pool(2) as pool:
        reports = pool.starmap(_validate_in_child, [(data[c.start : c.end], c) for c in parts])
        everything = [obj for objs in samples().values() for obj in objs]
        echoed = pool.map(_echo, everything)
    assert sum(reports, renju.Report()) == renju.validate_bytes(data, format="moves", source="f.txt")
    assert echoed == everything


def test_process_pool_executor() -> None:
    data = _file()
    parts = renju.chunks(data, format="moves", size=500)
    context = multiprocessing.get_context("spawn")
    with concurrent.futures.ProcessPoolExecutor(2, mp_context=context) as pool:
        futures = [pool.submit(_validate_in_child, data[c.start : c.end], c) for c in parts]
        reports = [f.result() for f in futures]
        boards = list(pool.map(_echo, samples()["Board"]))
        error = pool.submit(_echo, errors()[0]).result()
    assert sum(reports, renju.Report()) == renju.validate_bytes(data, format="moves", source="f.txt")
    assert boards == samples()["Board"]
    assert isinstance(error, renju.IllegalMoveError) and error.move_number == 2
