"""The exception hierarchy and every core error type, mapped."""

from __future__ import annotations

from pathlib import Path

import pytest

import renju
import renju.env
import renju.referee


def test_hierarchy() -> None:
    """Every error derives from renju.Error and ValueError; each names the module that
    holds it (the referee's refusal and the environments' action error in theirs)."""
    for cls in (renju.ParseError, renju.WriteError, renju.IllegalMoveError, renju.SetupError,
                renju.PointError, renju.referee.RefusalError, renju.env.ActionError):
        assert issubclass(cls, renju.Error) and issubclass(cls, ValueError)
        assert cls.__module__.startswith("renju") and cls.__doc__
        assert getattr(__import__(cls.__module__, fromlist=["_"]), cls.__name__) is cls
    assert renju.referee.RefusalError.__module__ == "renju.referee"
    assert renju.env.ActionError.__module__ == "renju.env"
    assert issubclass(renju.Error, Exception) and not issubclass(renju.Error, ValueError)
    assert renju.Error.__doc__


def test_parse_error_from_a_move_string() -> None:
    """A move string that cannot be read: ParseError with the move number."""
    with pytest.raises(renju.ParseError) as info:
        renju.Board("h8 i9 @")
    e = info.value
    assert e.move_number == 3 and e.file is None and e.line is None and e.game is None
    assert e.message is not None and "unexpected character" in e.message
    assert "move 3" in str(e)
    with pytest.raises(renju.ParseError) as info:
        renju.Board("h8 p16")
    assert info.value.move_number == 2 and "off the 15x15" in str(info.value)


def test_parse_error_from_a_record(repo: Path) -> None:
    """An unreadable record: ParseError with file, line, game and move number."""
    path = repo / "fixtures" / "games" / "bad_records.txt"
    reader = renju.read(path, errors="raise")
    first = next(reader)
    assert first.move_string == "h8 i9 h8 j10"
    with pytest.raises(renju.ParseError) as info:
        next(reader)
    e = info.value
    assert (e.file, e.line, e.game, e.move_number) == (str(path), 6, "game 2", 3)
    assert e.byte_offset is None
    # The reader goes on after the bad record.
    assert next(reader).move_string.startswith("a1 h8")


def test_parse_error_with_byte_offset() -> None:
    """Binary formats locate errors by byte offset."""
    bad = b"\xffRenLib\xff\x03\x00" + b"\xff" * 10 + b"\x00\x00\x78\x00\x00\x00\xff\x40"
    records = list(renju.read_bytes(bad, "renlib", file="bad.lib", errors="yield"))
    errors = [r for r in records if isinstance(r, renju.ParseError)]
    assert errors, records
    assert errors[0].file == "bad.lib" and errors[0].byte_offset is not None


def test_illegal_move_error() -> None:
    """IllegalMoveError: reason, move, point, outcome and move number."""
    with pytest.raises(renju.IllegalMoveError) as info:
        renju.Board("h8 i9 h8")
    e = info.value
    assert (e.reason, e.move, e.point, e.move_number, e.outcome) == (
        "occupied", renju.Move("h8"), renju.Point("h8"), 3, None)
    assert str(e) == "move 3: h8 is occupied"
    with pytest.raises(renju.IllegalMoveError) as info:
        renju.Board(["h8", (20, 0)], rule="freestyle")
    assert info.value.reason == "off-board" and info.value.move_number == 2
    board = renju.Board("h8 i9")
    board.pass_()
    board.pass_()
    with pytest.raises(renju.IllegalMoveError) as info:
        board.pass_()
    e = info.value
    assert e.reason == "game-over" and e.move == renju.Move.PASS and e.point is None
    assert e.outcome is not None and e.outcome.termination == "two-passes"


def test_setup_error() -> None:
    """SetupError for sizes the library or the rule set does not allow."""
    with pytest.raises(renju.SetupError, match=r"renju is played on 15x15 only, not 19x19"):
        renju.Board(size=19)
    with pytest.raises(renju.SetupError, match="not supported"):
        renju.Board(rule="freestyle", size=27)
    with pytest.raises(renju.SetupError):
        renju.Board.from_diagram("5 . . . . .\n4 . . . . .\n3 . . . . .\n2 . . . . .\n1 . . . . .")
    with pytest.raises(renju.SetupError):
        renju.Game(size=3)


def test_point_error() -> None:
    """PointError for text that is not a point."""
    with pytest.raises(renju.PointError) as info:
        renju.Board().play("j0")
    assert info.value.text == "j0"
    with pytest.raises(renju.PointError):
        renju.Event.stone("??")


def test_errors_can_be_caught_as_one() -> None:
    """renju.Error catches them all."""
    for bad in (lambda: renju.Board("zz9"), lambda: renju.Board("h8 h8"),
                lambda: renju.Board(size=9), lambda: renju.Point("q0")):
        with pytest.raises(renju.Error):
            bad()


def test_user_raised_errors_have_default_attributes() -> None:
    """Raised by user code, the classes still have their attributes (None)."""
    e = renju.ParseError("mine")
    assert e.file is None and e.line is None and e.move_number is None and str(e) == "mine"
    assert renju.IllegalMoveError("x").outcome is None
