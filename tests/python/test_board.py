"""renju.Board: construction, moves, verdicts, forbidden points, iteration, copies,
equality, diagrams and symmetries."""

from __future__ import annotations

import copy

import pytest

import renju

# Black has f8 g8 and h6 h7: h8 would make two real threes (docs/rules.md QP-33-5stones).
DOUBLE_THREE = "f8 a1 g8 a2 h6 a3 h7 a4"


def test_empty_board() -> None:
    """Board() is the empty 15x15 Renju board, Black to move."""
    b = renju.Board()
    assert (b.size, b.rule, b.to_move, b.moves, b.outcome) == (
        15, renju.RuleSet.RENJU, renju.Color.BLACK, [], None)
    assert len(b) == 0 and list(b) == [] and not b.is_game_over
    assert b.forbidden_points() == {}
    assert repr(b) == "Board('')"


def test_move_string_and_iterables() -> None:
    """A move string and an iterable of moves give the same board."""
    a = renju.Board("h8 i9 j10")
    assert a == renju.Board("1.H8 2.i9 3.j10") == renju.Board("h8i9j10")
    assert a == renju.Board(["h8", renju.Point("i9"), renju.Move("j10")])
    assert a == renju.Board([(7, 7), (8, 8), (9, 9)])
    assert a == renju.Board(m for m in ["h8", "i9", "j10"])
    assert a.moves == [renju.Move("h8"), renju.Move("i9"), renju.Move("j10")]
    assert a.move_string == "h8 i9 j10" and repr(a) == "Board('h8 i9 j10')"
    assert a.to_move == renju.Color.WHITE
    assert renju.Board("h8 pass i9").moves[1] == renju.Move.PASS


def test_other_rule_sets_and_sizes() -> None:
    """Gomoku rule sets take other sizes; Renju is 15x15 only."""
    b = renju.Board("j10", rule="freestyle", size=19)
    assert b.size == 19 and b.rule == renju.RuleSet.FREESTYLE
    assert repr(b) == "Board('j10', rule='freestyle', size=19)"
    assert renju.Board(rule=renju.RuleSet.CARO, size=5).size == 5
    with pytest.raises(renju.SetupError, match="15x15 only"):
        renju.Board(size=19)
    with pytest.raises(renju.SetupError, match="not supported"):
        renju.Board(rule="standard", size=4)
    with pytest.raises(renju.SetupError, match="not supported"):
        renju.Board(rule="standard", size=1000)


def test_play_pass_undo() -> None:
    """play() returns verdicts, pass_() passes, undo() restores exactly."""
    b = renju.Board()
    assert str(b.play("h8")) == "legal" and b.play("i9").continues
    assert b.pass_().continues and b.to_move == renju.Color.WHITE
    assert str(b.play("j10")) == "legal" and b.moves[-2] == renju.Move.PASS
    assert b.undo() == renju.Move("j10") and b.undo() == renju.Move.PASS
    assert b == renju.Board("h8 i9")
    # Undo after the end restores the game in progress.
    over = renju.Board(DOUBLE_THREE)
    over.play("h8")
    assert over.undo() == renju.Move("h8") and over.outcome is None
    assert over == renju.Board(DOUBLE_THREE)
    fresh = renju.Board("h8 i9")
    c = fresh.copy()
    assert c.play("j10").continues
    assert c.undo() == renju.Move("j10")
    assert c == fresh
    assert renju.Board().undo() is None


def test_two_passes_draw() -> None:
    """Two passes in succession draw."""
    b = renju.Board("h8 i9")
    assert b.pass_().continues
    v = b.pass_()
    assert v.is_draw and v.draw_reason == "two-passes" and str(v) == "draw"
    outcome = b.outcome
    assert outcome is not None and outcome.winner is None and outcome.is_draw
    assert outcome.termination == "two-passes" and str(outcome) == "draw by two passes"


def test_double_three() -> None:
    """The referee's verdict on a double-three, and the game it ends."""
    b = renju.Board(DOUBLE_THREE)
    fp = b.forbidden_points()
    assert list(fp) == [renju.Point("h8")]
    foul = fp[renju.Point("h8")]
    assert str(foul) == "double-three" and foul.kind == renju.FoulKind.DOUBLE_THREE
    assert foul.kinds == [renju.FoulKind.DOUBLE_THREE] and repr(foul) == "<Foul double-three>"
    assert b.fouls_at("h8") == foul and b.fouls_at("i9") is None
    assert b.is_forbidden("h8") and not b.is_forbidden("a5") and not b.is_forbidden("h6")
    v = b.verdict("h8")
    assert v.is_forbidden and v.foul == foul and v.label == "double-three"
    assert v.to_dict()["verdict"] == "forbidden" and v.to_dict()["primary"] == "double-three"
    assert b.moves == renju.Board(DOUBLE_THREE).moves  # verdict() plays nothing
    v2 = b.play("h8")
    assert v2 == v
    outcome = b.outcome
    assert outcome is not None and outcome.winner == renju.Color.WHITE
    assert outcome.termination == "forbidden" and str(outcome) == "white won on a forbidden move"
    assert b.is_game_over


def test_explain() -> None:
    """explain() gives the core's explanation."""
    b = renju.Board(DOUBLE_THREE)
    ex = b.explain("h8")
    assert ex.point == renju.Point("h8") and ex.status == "forbidden" and ex.is_forbidden
    assert ex.foul is not None and str(ex.foul) == "double-three"
    text = str(ex)
    assert "h8: forbidden (double-three)" in text and "vertical three" in text
    d = ex.to_dict()
    assert d["point"] == "h8" and d["status"]["status"] == "forbidden"
    assert len(d["threes"]) == 2
    assert '"threes"' in ex.to_json()
    legal = b.explain("e5")
    assert legal.status == "legal" and legal.foul is None and not legal.is_forbidden
    assert repr(legal) == "<Explanation e5 legal>"


def test_explain_nested_table() -> None:
    """Nested explanations are given once, in "nested", and referred to by index."""
    b = renju.Board("i9 a1 k9 a2 h8 a3 h7 a4 h6 b1 l8 b3 l7 b5 l6")
    d = b.explain("j9").to_dict()
    completions = d["threes"][0]["completions"]
    assert [c["outcome"]["see"] for c in completions] == [0, 1]
    assert [n["point"] for n in d["nested"]] == ["h9", "l9"]
    for nested in d["nested"]:
        assert nested["status"]["primary"] == "double-four"
        assert "nested" not in nested


def test_white_fives_and_overlines() -> None:
    """White wins with five or more; Black's overline is forbidden."""
    b = renju.Board("a1 h8 a3 i8 a5 j8 a7 k8 a9")
    v = b.verdict("l8")
    assert v.is_win and v.winner == renju.Color.WHITE
    assert [str(p) for p in v.line] == ["h8", "i8", "j8", "k8", "l8"]
    overline = renju.Board.from_diagram(
        "\n".join(
            [f"{r:>2} " + ". " * 15 for r in range(15, 8, -1)]
            + [" 8 . . X X X . X X . . . . . . ."]
            + [f"{r:>2} " + ". " * 15 for r in range(7, 0, -1)]
        )
    )
    assert str(overline.verdict("f8")) == "overline"
    assert overline.fouls_at("f8") is not None


def test_game_over_and_illegal_moves() -> None:
    """Occupied, off-board and after-the-end moves raise IllegalMoveError."""
    b = renju.Board("h8")
    with pytest.raises(renju.IllegalMoveError) as info:
        b.play("h8")
    assert info.value.reason == "occupied" and info.value.point == renju.Point("h8")
    assert info.value.move_number is None
    with pytest.raises(renju.IllegalMoveError) as info:
        b.verdict("p16")
    assert info.value.reason == "off-board"
    b = renju.Board("h8 a1 i8 a2 j8 a3 k8 a4 l8")
    with pytest.raises(renju.IllegalMoveError) as info:
        b.play("b5")
    assert info.value.reason == "game-over"
    assert info.value.outcome is not None and info.value.outcome.winner == renju.Color.BLACK


def test_getitem_contains_iteration() -> None:
    """board[point], `in` and iteration over the stones."""
    b = renju.Board("h8 i9 a1")
    assert b["h8"] == renju.Color.BLACK and b[renju.Point("i9")] == renju.Color.WHITE
    assert b[(0, 0)] == renju.Color.BLACK and b["b2"] is None
    assert "h8" in b and "b2" not in b and "z26" not in b
    assert list(b) == [
        (renju.Point("a1"), renju.Color.BLACK),
        (renju.Point("h8"), renju.Color.BLACK),
        (renju.Point("i9"), renju.Color.WHITE),
    ]
    assert len(b) == 3
    with pytest.raises(renju.IllegalMoveError):
        b["p16"]


def test_copy_equality_key() -> None:
    """Copies are independent; equal boards have equal keys (boards are unhashable)."""
    a = renju.Board("h8 i9")
    for c in (a.copy(), copy.copy(a), copy.deepcopy(a)):
        assert c == a and c.key() == a.key() and c is not a
        c.play("j10")
        assert c != a and c.key() != a.key() and len(a) == 2
    keys = {renju.Board("h8 i9").key(), renju.Board("h8 i9").key(), renju.Board("h8").key()}
    assert len(keys) == 2
    assert renju.Board() != renju.Board(rule="freestyle")
    assert renju.Board() != renju.Board(five_completion_counts=True)
    assert renju.Board() != "not a board"
    # The same stones reached in another order are another history.
    assert renju.Board("h8 i9 j10 k11") != renju.Board("j10 k11 h8 i9")


def test_diagram_round_trip() -> None:
    """str() is the fixture diagram; from_diagram() reads it back as a set-up position."""
    b = renju.Board("h8 i9 j10")
    text = str(b)
    assert text == b.to_diagram()
    lines = text.splitlines()
    assert lines[0].split() == list("abcdefghijklmno")
    assert lines[15 - 8 + 1].split()[0] == "8" and "X" in lines[15 - 8 + 1]
    s = renju.Board.from_diagram(text, to_move="white")
    assert list(s) == list(b) and s.moves == [] and s.to_move == renju.Color.WHITE
    assert s != b
    assert repr(s) == "Board('', <3 set-up stones>)"
    small = renju.Board.from_diagram("5 . . . . .\n4 . X . . .\n3 . . O . .\n2 . . . . .\n"
                                     "1 . . . . .\n", rule="freestyle")
    assert small.size == 5 and small["b4"] == renju.Color.BLACK
    with pytest.raises(renju.ParseError) as info:
        renju.Board.from_diagram("5 . . . . .\n4 . X . . .\n3 . . Q . .\n2 . . . . .\n1 . . . . .")
    assert info.value.line == 3


def test_transformed() -> None:
    """Symmetries map stones, moves and forbidden points."""
    b = renju.Board(DOUBLE_THREE)
    for sym in renju.Symmetry.all():
        t = b.transformed(sym)
        assert list(t.forbidden_points()) == [sym.apply("h8")]
        assert [m.point for m in t.moves] == [sym.apply(p.point) for p in b.moves if p.point]
    assert b.transformed("rotate180") == b.transformed(renju.Symmetry.ROTATE180)
    with pytest.raises(ValueError, match="unknown symmetry"):
        b.transformed("twist")


def test_five_completion_counts_reading() -> None:
    """The reading is kept on the board and on its copies."""
    b = renju.Board("h8", five_completion_counts=True)
    assert b.five_completion_counts and b.copy().five_completion_counts
    assert not renju.Board("h8").five_completion_counts


def test_wrong_types() -> None:
    """Wrong argument types are TypeErrors with clear messages; bad values ValueErrors."""
    with pytest.raises(TypeError, match="move string"):
        renju.Board(5)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="not bytes"):
        renju.Board(b"h8")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="expected a move"):
        renju.Board([1.5])  # type: ignore[list-item]
    with pytest.raises(TypeError, match="rule must be"):
        renju.Board(rule=3)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="unknown rule set"):
        renju.Board(rule="chess")
    with pytest.raises(TypeError):
        renju.Board(size="15")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="expected a point"):
        renju.Board().is_forbidden(None)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        renju.Board.from_diagram(15)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="symmetry"):
        renju.Board().transformed(1)  # type: ignore[arg-type]


def test_board_is_unhashable_and_key_is_a_snapshot() -> None:
    """Issue 9 item 20: a mutable Board cannot be a dict key or a set member (its hash
    would change under play()); key() is an immutable, hashable snapshot that stays
    found after the board moves on."""
    board = renju.Board("h8 i9")
    assert renju.Board.__hash__ is None
    with pytest.raises(TypeError, match="unhashable"):
        hash(board)
    with pytest.raises(TypeError, match="unhashable"):
        {board: 1}
    seen = {board.key(): "two stones"}
    snapshot = board.key()
    board.play("j10")
    assert seen[snapshot] == "two stones" and board.key() not in seen
    board.undo()
    assert seen[board.key()] == "two stones"
    rule, size, reading, to_move, diagram, moves = snapshot
    assert (rule, size, reading, to_move, moves) == (
        renju.RuleSet.RENJU, 15, False, renju.Color.BLACK, "h8 i9")
    assert diagram == board.to_diagram()
    # Set-up stones are part of the key (the diagram), not only the moves.
    setup = renju.Board.from_diagram(board.to_diagram())
    assert setup.key() != board.key() and setup.key()[4] == board.key()[4]
    assert renju.Board(rule="freestyle").key() != renju.Board().key()
    assert renju.Board(five_completion_counts=True).key() != renju.Board().key()
