"""The shape of the Python layer (issue 20, item 5): the compiled module is private and
the package imports what it exposes; the library's names are str enums; a game's outcome
and opening are replayed once; one ValidationOptions object stands for the six
validation keywords."""

from __future__ import annotations

import enum
import importlib
import pickle
import re
from pathlib import Path

import pytest

import renju
import renju.referee
import renju.tournament

REPO = Path(__file__).resolve().parents[2]
SRC = REPO / "renju-py" / "src"

ENUMS = [
    renju.Termination,
    renju.DrawReason,
    renju.Severity,
    renju.FindingCode,
    renju.ClaimModel,
    renju.OfferEquivalence,
    renju.referee.Seat,
    renju.referee.Required,
    renju.referee.SwapOption,
    renju.referee.RefusalCode,
    renju.referee.FoulPolicy,
]


# ---------------------------------------------------------------------------
# The compiled module is private
# ---------------------------------------------------------------------------


def test_compiled_module_is_private() -> None:
    compiled = importlib.import_module("renju._renju")
    assert compiled.__name__ == "renju._renju"
    with pytest.raises(ImportError):
        importlib.import_module("renju.renju")
    assert not hasattr(renju, "renju")


def test_all_lists_exactly_the_public_names() -> None:
    assert len(renju.__all__) == len(set(renju.__all__))
    for name in renju.__all__:
        assert hasattr(renju, name), name
    modules = {"dask", "referee", "engine", "tournament", "env"}
    public = {n for n in vars(renju) if not n.startswith("_")} - modules
    assert public <= set(renju.__all__), public - set(renju.__all__)
    for name in ["Termination", "ValidationOptions", "Game", "validate", "FORMATS"]:
        assert name in renju.__all__


#: The modules by job (issue 42), as python-chess has chess.pgn and chess.engine, with
#: names each holds.
MODULES_BY_JOB = {
    "renju.referee": ["Referee", "Status", "RefusalError", "Seat", "FoulPolicy", "Ending"],
    "renju.engine": ["match", "conform", "MatchSettings", "MatchResult", "ConformReport"],
    "renju.tournament": ["Tournament", "Standings", "read_tournament"],
    "renju.env": ["VecEnv", "EnvGame", "ActionError"],
}


@pytest.mark.parametrize("name", sorted(MODULES_BY_JOB))
def test_modules_by_job(name: str) -> None:
    module = importlib.import_module(name)
    assert module.__doc__ and len(module.__all__) == len(set(module.__all__))
    for held in MODULES_BY_JOB[name]:
        assert held in module.__all__ and hasattr(module, held), held
        assert not hasattr(renju, held), f"renju.{held} is {name}.{held} now"
    compiled = importlib.import_module("renju._renju")
    for held in module.__all__:
        if held not in ("RenjuEnv", "RenjuVectorEnv", "RenjuAECEnv", "aec_env"):
            assert getattr(module, held) is getattr(compiled, held), held


def test_the_package_does_not_star_import() -> None:
    text = (REPO / "renju-py" / "python" / "renju" / "__init__.py").read_text()
    assert "import *" not in text


def test_classes_and_pickles_name_the_package() -> None:
    for name in renju.__all__:
        obj = getattr(renju, name)
        if isinstance(obj, type):
            assert obj.__module__ == "renju", name
    seat = pickle.dumps(renju.referee.Seat.FIRST, protocol=4)
    assert b"renju.referee" in seat and pickle.loads(seat) is renju.referee.Seat.FIRST
    game = renju.Game("h8 i9 j10")
    data = pickle.dumps(game, protocol=2)
    assert b"renju._renju" not in data and b"renju.renju" not in data
    assert pickle.loads(data) == game
    member = pickle.dumps(renju.Termination.FIVE, protocol=4)
    assert b"_renju" not in member
    assert pickle.loads(member) is renju.Termination.FIVE


# ---------------------------------------------------------------------------
# No import cycle between the binding's modules
# ---------------------------------------------------------------------------


def module_graph() -> dict[str, set[str]]:
    """Module -> modules it names as crate::other (lib.rs, the module list, aside)."""
    graph: dict[str, set[str]] = {}
    for path in SRC.glob("*.rs"):
        if path.stem == "lib":
            continue
        names = set(re.findall(r"crate::([a-z_]+)", path.read_text()))
        graph[path.stem] = names - {path.stem}
    return graph


def test_no_import_cycle_in_the_bindings() -> None:
    graph = module_graph()
    for deps in graph.values():
        assert deps <= set(graph), deps - set(graph)
    done: set[str] = set()

    def visit(module: str, path: list[str]) -> None:
        assert module not in path, " -> ".join([*path, module])
        if module in done:
            return
        for dep in sorted(graph[module]):
            visit(dep, [*path, module])
        done.add(module)

    for module in sorted(graph):
        visit(module, [])


# ---------------------------------------------------------------------------
# Names as str enums
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("cls", ENUMS, ids=lambda c: c.__name__)
def test_name_enums_are_str_enums(cls: type[enum.Enum]) -> None:
    assert issubclass(cls, enum.Enum) and issubclass(cls, str)
    assert cls.__module__ in ("renju", "renju.referee") and cls.__doc__
    for member in cls:
        value = member.value
        assert isinstance(value, str)
        assert member == value and hash(member) == hash(value)
        assert str(member) == value and f"{member}" == value
        assert member.name == value.upper().replace("-", "_")
        assert cls(value) is member


def test_termination_like_python_chess() -> None:
    assert renju.Termination.FIVE.value == "five"
    assert renju.Termination("two-passes") is renju.Termination.TWO_PASSES
    assert repr(renju.Termination.FIVE) == "<Termination.FIVE: 'five'>"
    with pytest.raises(ValueError):
        renju.Termination("nothing")


def test_attributes_give_enum_members() -> None:
    won = renju.Board("h8 a1 i8 a2 j8 a3 k8 a4 l8").outcome
    assert won is not None
    assert won.termination == "five"
    assert won.termination is renju.Termination.FIVE
    drawn = renju.Board("h8 pass")
    verdict = drawn.play("pass")
    assert verdict.draw_reason is renju.DrawReason.TWO_PASSES
    assert drawn.outcome is not None
    assert drawn.outcome.termination is renju.Termination.TWO_PASSES
    game = renju.Game("h8 h8", claims="rif-claim")
    assert game.claims is renju.ClaimModel.RIF_CLAIM
    report = game.validate()
    finding = report.findings[0]
    assert finding.severity is renju.Severity.ERROR
    assert finding.code == "occupied-point"
    assert finding.code is renju.FindingCode.OCCUPIED_POINT
    summary = renju.validate([game]).summary
    assert summary.findings == {"occupied-point": 1}
    assert set(summary.findings) == {renju.FindingCode.OCCUPIED_POINT}
    assert all(isinstance(k, renju.Termination) for k in summary.by_termination)


def test_members_are_accepted_where_names_are() -> None:
    game = renju.Game("h8", claims=renju.ClaimModel.CHINESE_CLAIM)
    assert game.claims == "chinese-claim"
    replay = game.replay(options=renju.ValidationOptions(claims=renju.ClaimModel.AUTOMATIC, offer_equivalence=renju.OfferEquivalence.BOARD))
    assert replay.outcome.termination is renju.Termination.UNFINISHED


def test_strings_in_dicts_and_json() -> None:
    import json

    outcome = renju.Board("h8 a1 i8 a2 j8 a3 k8 a4 l8").outcome
    assert outcome is not None
    counts: dict[str, int] = {outcome.termination: 1}
    assert counts["five"] == 1
    assert json.dumps(outcome.termination) == '"five"'


# ---------------------------------------------------------------------------
# Game.outcome and Game.opening are replayed once
# ---------------------------------------------------------------------------


def test_game_outcome_and_opening_are_cached() -> None:
    game = renju.Game("h8 h9 h10 i9 j9")
    first = game.outcome
    assert game.outcome == first and game.outcome == game.replay().outcome
    assert game.opening == game.replay().opening
    assert game.opening is not None and game.opening_name == str(game.opening)
    # Games are frozen: nothing can change the record under the cache.
    with pytest.raises(AttributeError):
        game.size = 19  # type: ignore[misc]


def test_cache_is_not_part_of_the_value() -> None:
    a, b = renju.Game("h8 i9"), renju.Game("h8 i9")
    _ = a.outcome
    assert a == b and hash(a) == hash(b)
    back = pickle.loads(pickle.dumps(a))
    assert back == a and back.outcome == a.outcome


def test_cached_outcome_is_fast() -> None:
    import time

    moves = " ".join(
        f"{c}{r}" for r in range(1, 16) for c in "abcdefghijklmno"[r % 2 :: 2]
    )
    game = renju.Game(moves, rule="freestyle")
    start = time.perf_counter()
    _ = game.outcome
    once = time.perf_counter() - start
    start = time.perf_counter()
    for _ in range(200):
        _ = game.outcome
        _ = game.opening
    again = time.perf_counter() - start
    assert again < max(once * 200, 0.05)


# ---------------------------------------------------------------------------
# ValidationOptions
# ---------------------------------------------------------------------------


def test_validation_options_fields_and_defaults() -> None:
    o = renju.ValidationOptions()
    assert o.rule == renju.RuleSet.RENJU
    assert o.claims is renju.ClaimModel.AUTOMATIC
    assert o.five_completion_counts is False
    assert o.offer_equivalence is renju.OfferEquivalence.SHAPE
    assert o.time_control is None
    custom = renju.ValidationOptions(
        rule="freestyle", opening="soosorv-8", claims="rif", five_completion_counts=True,
        offer_equivalence="board", time_control="5400+30",
    )
    assert custom.rule == renju.RuleSet.FREESTYLE
    assert custom.opening == renju.OpeningRule("soosorv-8")
    assert custom.claims is renju.ClaimModel.RIF_CLAIM
    assert custom.five_completion_counts is True
    assert custom.time_control == renju.TimeControl("5400+30")
    assert custom.to_dict()["rule_set"] == "freestyle"


def test_validation_options_value_semantics() -> None:
    a = renju.ValidationOptions(rule="freestyle")
    b = renju.ValidationOptions(rule=renju.RuleSet.FREESTYLE)
    assert a == b and hash(a) == hash(b)
    assert a != renju.ValidationOptions()
    assert {a, b} == {a}
    assert repr(a).startswith("ValidationOptions(rule='freestyle'")
    assert pickle.loads(pickle.dumps(a)) == a
    full = renju.ValidationOptions(
        rule="renju", opening="taraguchi-10", claims="chinese", five_completion_counts=True,
        offer_equivalence="board", time_control="5400+30",
    )
    namespace = {"ValidationOptions": renju.ValidationOptions}
    assert eval(repr(full), namespace) == full  # repr is the call that makes it
    with pytest.raises(AttributeError):
        a.rule = renju.RuleSet.RENJU  # type: ignore[misc]
    with pytest.raises(TypeError):
        renju.ValidationOptions("renju")  # type: ignore[call-arg]
    with pytest.raises(ValueError):
        renju.ValidationOptions(claims="nobody")


GAME = renju.Game("h8 i9 h9 i8 h10 i10 h11 i11 h12")


def test_options_object_is_taken_everywhere() -> None:
    o = renju.ValidationOptions(rule="freestyle", claims="rif-claim")
    assert GAME.replay(options=o) == GAME.replay(
        options=renju.ValidationOptions(rule="freestyle", claims="rif-claim")
    )
    assert GAME.validate(options=o).rule == "freestyle"
    assert renju.validate([GAME], options=o).games[0].rule == "freestyle"
    data = b"h8 i9 h9 i8 h10 i10 h11 i11 h12\n"
    by_bytes = renju.validate_bytes(data, format="moves", options=o)
    assert by_bytes.games[0].rule == "freestyle"
    pyarrow = pytest.importorskip("pyarrow")
    column = pyarrow.array([data.decode().strip()])
    assert renju.validate_arrow(column, options=o).games[0].rule == "freestyle"


def test_the_loose_validation_keywords_are_retired() -> None:
    """options= is the one way to give validation options (issue 42): the six keywords
    are ValidationOptions' alone."""
    o = renju.ValidationOptions()
    with pytest.raises(TypeError):
        GAME.replay(rule="renju")  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        GAME.validate(options=o, five_completion_counts=False)  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        renju.validate([GAME], claims="automatic")  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        renju.validate_bytes(b"h8\n", format="moves", time_control="60")  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        GAME.replay(options="renju")  # type: ignore[arg-type]
    assert GAME.replay(options=renju.ValidationOptions(five_completion_counts=False)) == GAME.replay()
    assert GAME.replay(options=None) == GAME.replay()


def test_dask_takes_options_only() -> None:
    pytest.importorskip("dask")
    import inspect

    import renju.dask

    for function in (renju.dask.validate_files, renju.dask.validate_parquet):
        keywords = set(inspect.signature(function).parameters)
        assert "options" in keywords
        assert not keywords & {"rule", "opening", "claims", "time_control"}, keywords


def test_tournament_findings_give_severity_members() -> None:
    findings = []
    for name in ["club.rif", "fide_tec_exercise.trf"]:
        t = renju.tournament.read_tournament(REPO / "fixtures" / "tournaments" / name)
        findings += t.check() + t.standings().findings
    assert findings
    for f in findings:
        assert isinstance(f.severity, renju.Severity)
        assert f.severity == f.to_dict()["severity"]
