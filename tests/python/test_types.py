"""Value classes: Point, Move, Color, RuleSet, FoulKind, Symmetry, OpeningRule, Opening."""

from __future__ import annotations

import copy
import pickle

import pytest

import renju


def test_point_forms() -> None:
    """Point('h8'), Point(7, 7), Point.parse and tuples name the same point."""
    p = renju.Point("h8")
    assert p == renju.Point(7, 7) == renju.Point.parse("H8") == renju.Point((7, 7))
    assert (p.x, p.y, p.name, str(p), repr(p)) == (7, 7, "h8", "h8", "Point('h8')")
    assert renju.Point(p) == p
    assert renju.Point.center() == p and str(renju.Point.center(19)) == "j10"
    assert p.is_on(15) and not renju.Point("p16").is_on(15) and renju.Point("z26").is_on(26)


def test_point_hash_order_pickle() -> None:
    """Points are hashable, ordered by column then row, and picklable."""
    pts = [renju.Point(s) for s in ["b1", "a2", "a1"]]
    assert sorted(pts) == [renju.Point("a1"), renju.Point("a2"), renju.Point("b1")]
    assert len({renju.Point("h8"), renju.Point(7, 7)}) == 1
    assert pickle.loads(pickle.dumps(renju.Point("k11"))) == renju.Point("k11")
    assert copy.copy(renju.Point("a1")) == renju.Point("a1")


@pytest.mark.parametrize("text", ["zz", "h0", "h08", "", "8h", "h27", "hh8"])
def test_point_syntax_errors(text: str) -> None:
    """Text that is not h8 notation is a PointError (a ValueError)."""
    with pytest.raises(renju.PointError) as info:
        renju.Point(text)
    assert isinstance(info.value, ValueError) and isinstance(info.value, renju.Error)


def test_point_type_errors() -> None:
    """Wrong types are TypeErrors; out-of-range numbers are PointErrors."""
    with pytest.raises(TypeError, match="expected a point"):
        renju.Point(3.5)  # type: ignore[call-overload]
    with pytest.raises(TypeError, match="two integers"):
        renju.Point("a", 3)  # type: ignore[call-overload]
    with pytest.raises(renju.PointError, match="not a point"):
        renju.Point(26, 0)
    with pytest.raises(renju.PointError):
        renju.Point(-1, 0)


def test_move() -> None:
    """Moves are stones or the pass."""
    m = renju.Move("h8")
    assert m.point == renju.Point("h8") and not m.is_pass and str(m) == "h8"
    assert repr(m) == "Move('h8')"
    assert renju.Move(renju.Point("h8")) == m == renju.Move((7, 7))
    assert renju.Move("pass") == renju.Move.PASS == renju.Move("PASS")
    assert renju.Move.PASS.point is None and renju.Move.PASS.is_pass
    assert str(renju.Move.PASS) == "pass"
    assert pickle.loads(pickle.dumps(renju.Move.PASS)) == renju.Move.PASS
    with pytest.raises(TypeError, match="expected a move"):
        renju.Move(None)  # type: ignore[arg-type]


def test_color() -> None:
    """Colours print as their names and know their opponent."""
    assert str(renju.Color.BLACK) == "black" and str(renju.Color.WHITE) == "white"
    assert renju.Color.BLACK.opponent() == renju.Color.WHITE
    assert renju.Color.parse("W") == renju.Color.WHITE
    assert renju.Color.parse(renju.Color.BLACK) == renju.Color.BLACK
    assert renju.Color.BLACK != renju.Color.WHITE
    assert len({renju.Color.BLACK, renju.Color.BLACK, renju.Color.WHITE}) == 2
    with pytest.raises(ValueError, match="unknown colour"):
        renju.Color.parse("red")
    with pytest.raises(TypeError):
        renju.Color.parse(1)  # type: ignore[arg-type]


def test_rule_set() -> None:
    """Rule sets parse, print and say what they allow."""
    assert [str(r) for r in renju.RuleSet.all()] == ["renju", "freestyle", "standard", "caro"]
    assert renju.RuleSet.parse("gomoku") == renju.RuleSet.FREESTYLE
    assert renju.RuleSet.RENJU.has_forbidden_moves
    assert not renju.RuleSet.CARO.has_forbidden_moves
    assert renju.RuleSet.RENJU.allows_size(15) and not renju.RuleSet.RENJU.allows_size(19)
    assert renju.RuleSet.STANDARD.allows_size(19) and not renju.RuleSet.STANDARD.allows_size(300)
    with pytest.raises(ValueError, match="unknown rule set"):
        renju.RuleSet.parse("chess")


def test_foul_kind() -> None:
    """Foul kinds print as the labels every output uses."""
    assert str(renju.FoulKind.DOUBLE_THREE) == "double-three"
    assert str(renju.FoulKind.DOUBLE_FOUR) == "double-four"
    assert str(renju.FoulKind.OVERLINE) == "overline"
    assert renju.FoulKind.parse("3x3") == renju.FoulKind.DOUBLE_THREE
    with pytest.raises(ValueError):
        renju.FoulKind.parse("triple-three")


def test_symmetry() -> None:
    """Symmetries map points and undo each other."""
    syms = renju.Symmetry.all()
    assert len(syms) == 8 and syms[0] == renju.Symmetry.IDENTITY
    assert str(renju.Symmetry.ROTATE90) == "rotate90"
    assert str(renju.Symmetry.ROTATE90.apply("a1")) == "o1"
    for s in syms:
        assert s.inverse().apply(s.apply("c4")) == renju.Point("c4")
    with pytest.raises(ValueError, match="off the 15x15"):
        renju.Symmetry.IDENTITY.apply("p16")


def test_opening_rule() -> None:
    """Opening protocols parse and print canonically."""
    r = renju.OpeningRule("soosorv")
    assert str(r) == "soosorv-8" and r.n == 8 and r.is_renju_family
    assert repr(r) == "OpeningRule('soosorv-8')"
    assert renju.OpeningRule("taraguchi").n == 10
    assert renju.OpeningRule("swap2").n is None and not renju.OpeningRule("swap2").is_renju_family
    assert renju.OpeningRule(r) == r and hash(renju.OpeningRule("soosorv-8")) == hash(r)
    with pytest.raises(ValueError, match="unknown opening rule"):
        renju.OpeningRule("fischer")
    with pytest.raises(TypeError):
        renju.OpeningRule(8)  # type: ignore[arg-type]


def test_openings() -> None:
    """The 26 canonical openings, identified from any symmetric form."""
    all_openings = renju.Opening.all()
    assert len(all_openings) == 26
    assert len({o.code for o in all_openings}) == 26
    sosei = renju.Opening.identify("h8", "h9", "j10")
    assert sosei is not None
    assert (sosei.code, sosei.romaji, sosei.english) == ("3D", "Sosei", "Sparse Star")
    assert str(sosei) == sosei.name == "3D Sosei" and sosei.chinese
    assert renju.Opening.identify("h8", "g8", "f10") == sosei
    assert renju.Opening.identify("h8", "h10", "i9") is None
