"""The whole shared fixture corpus (fixtures/positions/*.txt) through Python: every
point query's verdict and every complete forbidden map, read with the core's fixture
parser (renju.read_fixtures) and judged through the Board API."""

from __future__ import annotations

from pathlib import Path

import pytest

import renju

POSITIONS = Path(__file__).resolve().parents[2] / "fixtures" / "positions"
FILES = sorted(POSITIONS.glob("*.txt"))
FIXTURES = [fx for path in FILES for fx in renju.read_fixtures(path)]


def test_corpus_is_there() -> None:
    """The corpus has its three files and a hundred-odd fixtures."""
    assert {p.name for p in FILES} >= {"gomoku.txt", "rules_reference.txt", "match_rules_figures.txt"}
    assert len(FIXTURES) >= 100
    assert len({fx.id for fx in FIXTURES}) == len(FIXTURES)
    assert sum(len(fx.queries) for fx in FIXTURES) >= 100
    assert all(fx.maps for fx in FIXTURES), "every fixture has a complete forbidden map"


@pytest.mark.parametrize("fixture", FIXTURES, ids=[fx.id for fx in FIXTURES])
def test_queries(fixture: renju.Fixture) -> None:
    """Every point query gives its published verdict."""
    for query in fixture.queries:
        board = fixture.to_board(five_completion_counts=query.five_completion_counts)
        assert board.rule == fixture.rule
        assert board.to_move == fixture.to_move
        verdict = board.verdict(query.point)
        assert str(verdict) == query.expected, (
            f"{fixture.id} line {query.line}: {query.point} expected {query.expected}, "
            f"got {verdict}"
        )
        assert verdict.label == query.expected
        if verdict.is_forbidden:
            foul = verdict.foul
            assert foul is not None and str(foul) == query.expected
            explanation = verdict.explanation
            assert explanation is not None and explanation.is_forbidden
            assert explanation.point == query.point
        # Asking does not change the board.
        assert board == fixture.to_board(five_completion_counts=query.five_completion_counts)


@pytest.mark.parametrize("fixture", FIXTURES, ids=[fx.id for fx in FIXTURES])
def test_forbidden_maps(fixture: renju.Fixture) -> None:
    """Every complete forbidden map is exactly what forbidden_points() gives."""
    for expected in fixture.maps:
        board = fixture.to_board(five_completion_counts=expected.five_completion_counts)
        got = board.forbidden_points()
        assert {p: f.kind for p, f in got.items()} == expected.points, (
            f"{fixture.id} line {expected.line}: expected {expected}"
        )
        # Each forbidden point agrees with the point-wise queries.
        for point, foul in got.items():
            assert board.is_forbidden(point)
            assert board.fouls_at(point) == foul
            assert foul.kind == foul.kinds[0]


@pytest.mark.parametrize("fixture", FIXTURES, ids=[fx.id for fx in FIXTURES])
def test_core_check_agrees(fixture: renju.Fixture) -> None:
    """The core's own check of the fixture finds nothing either."""
    assert fixture.check() == []


def test_fixture_attributes() -> None:
    """Fixture, FixtureQuery and FixtureMap expose what the file says."""
    text = """
== tiny ==
source: doc example
note: four in a row
rule: freestyle
to_move: white
board:
 5 . . . . .
 4 . . . . .
 3 O O O O .
 2 . . . . .
 1 . . . . .
query: e3 win
forbidden: none
"""
    (fx,) = renju.parse_fixtures(text)
    assert (fx.id, fx.source, fx.note) == ("tiny", "doc example", "four in a row")
    assert fx.rule == renju.RuleSet.FREESTYLE and fx.to_move == renju.Color.WHITE
    assert fx.size == 5 and fx.line == 2
    (q,) = fx.queries
    assert (str(q.point), q.expected, q.five_completion_counts, q.line) == ("e3", "win", False, 13)
    (m,) = fx.maps
    assert m.points == {} and str(m) == "none"
    board = fx.to_board()
    assert board.verdict("e3").winner == renju.Color.WHITE
    assert repr(fx) == "<Fixture tiny>"


def test_fixture_parse_errors_are_located(tmp_path: Path) -> None:
    """A bad fixture file raises ParseError naming the file, line and fixture."""
    bad = tmp_path / "bad.txt"
    bad.write_text("== x ==\nsource: s\nrule: caro\nboard:\n 5 . . . . .\n 4 . . . . .\n 3 . . . . .\n"
                   " 2 . . . . .\n 1 . . . . .\nquery: e3 sideways\n")
    with pytest.raises(renju.ParseError) as info:
        renju.read_fixtures(bad)
    err = info.value
    assert err.file == str(bad)
    assert err.line == 10
    assert err.game == "x"
    assert "sideways" in str(err)
    with pytest.raises(FileNotFoundError):
        renju.read_fixtures(tmp_path / "missing.txt")
