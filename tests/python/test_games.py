"""renju.Game, renju.Event and replays: events, outcome, opening, verdicts, findings."""

from __future__ import annotations

import pytest

import renju


def test_game_from_moves() -> None:
    """A record from a move list: no rules named, stones as events."""
    g = renju.Game("h8 i9 pass j10")
    assert [e.kind for e in g.events] == ["stone", "stone", "pass", "stone"]
    assert g.moves == [renju.Move("h8"), renju.Move("i9"), renju.Move.PASS, renju.Move("j10")]
    assert g.move_string == "h8 i9 pass j10"
    assert (g.id, g.rule, g.opening_rule, g.claims, g.size) == (None, None, None, None, 15)
    assert (g.file, g.line, g.byte_offset, g.index) == (None, None, None, 0)
    assert g == renju.Game(["h8", "i9", renju.Move.PASS, renju.Point("j10")])
    assert hash(g) == hash(renju.Game("h8 i9 pass j10"))
    assert repr(g) == "<Game 'h8 i9 pass j10'>"


def test_game_rules_and_tags() -> None:
    """Rules, claims, reading and tags given to the constructor are kept."""
    g = renju.Game("h8 h9 j10", rule="renju", opening="soosorv", claims="rif-claim",
                   id="g1", five_completion_counts=True, tags=[("black", "Ann")])
    assert g.rule == renju.RuleSet.RENJU and g.opening_rule == renju.OpeningRule("soosorv-8")
    assert g.claims == "rif-claim" and g.five_completion_counts is True and g.id == "g1"
    assert g.tags == [("black", "Ann")] and g.tag("black") == "Ann" and g.tag("white") is None
    assert g.to_dict()["id"] == "g1"
    with pytest.raises(ValueError, match="claim model"):
        renju.Game(claims="shouting")


def test_events() -> None:
    """Every kind of event, built and read back."""
    swap = renju.Event.swap(True)
    assert (swap.kind, swap.swapped, str(swap)) == ("swap", True, "swap")
    assert str(renju.Event.swap(False)) == "no swap"
    declare = renju.Event.declare_offers(2)
    assert (declare.kind, declare.count) == ("declare-offers", 2)
    offers = renju.Event.fifth_offers(["h10", "j10"], "j10")
    assert offers.kind == "fifth-offers" and offers.offered == [renju.Point("h10"),
                                                                renju.Point("j10")]
    assert offers.point == renju.Point("j10") and offers.move == renju.Move("j10")
    assert str(offers) == "offers h10 j10, j10 chosen"
    result = renju.Event.result("black", "resignation")
    assert (result.kind, result.winner, result.reason) == ("result", renju.Color.BLACK,
                                                           "resignation")
    assert renju.Event.result(None, "agreed over tea").reason == "agreed over tea"
    assert renju.Event.result(renju.Color.WHITE).reason is None
    stone = renju.Event.stone("h8")
    assert stone.move == renju.Move("h8") and stone.swapped is None and stone.count is None
    assert stone.offered == [] and stone.winner is None
    assert renju.Event.pass_().move == renju.Move.PASS
    assert stone.to_dict() == {"event": "stone", "point": "h8"}
    assert repr(stone) == "<Event stone h8>"
    with pytest.raises(TypeError, match="not a str"):
        renju.Event.fifth_offers("h10", "h10")


def test_replay_forbidden_win() -> None:
    """Replaying a record: the verdict of every move and the outcome."""
    g = renju.Game("f8 a1 g8 c1 h6 e1 h7 g1 h8")
    replay = g.replay()
    assert replay.outcome.winner == renju.Color.WHITE
    assert replay.outcome.termination == "forbidden" and g.outcome == replay.outcome
    assert replay.winner_seat == "second"
    verdicts = replay.verdicts
    assert [v.number for v in verdicts] == list(range(1, 10))
    last = verdicts[-1]
    assert last.move == renju.Move("h8") and last.color == renju.Color.BLACK
    assert str(last.verdict) == "double-three"
    assert repr(last) == "<MoveVerdict 9. black h8 double-three>"
    assert [f.code for f in replay.findings] == ["forbidden-move"]
    board = replay.board
    assert board is not None and board.is_game_over and len(board) == 9
    assert replay.opening is None and g.opening is None and g.opening_name is None


def test_replay_options() -> None:
    """Keyword arguments are defaults for what the record does not say."""
    g = renju.Game("f8 a1 g8 c1 h6 e1 h7 g1 h8")
    assert g.replay(options=renju.ValidationOptions(rule="freestyle")).outcome.termination == "unfinished"
    claimed = g.replay(options=renju.ValidationOptions(claims="rif-claim"))
    assert claimed.outcome.termination == "forbidden"  # the record ends on the foul
    named = renju.Game("f8 a1 g8 c1 h6 e1 h7 g1 h8", rule="freestyle")
    assert named.replay(options=renju.ValidationOptions(rule="renju")).outcome.termination == "unfinished"  # the record wins
    with pytest.raises(ValueError, match="offer equivalence"):
        g.replay(options=renju.ValidationOptions(offer_equivalence="vibes"))  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        g.replay(options=renju.ValidationOptions(rule=15))  # type: ignore[arg-type]


def test_opening_name() -> None:
    """The canonical opening of the first three stones."""
    g = renju.Game("h8 h9 i9 g7 j10 k11 i8 i10 j8 k8 j9 j7 k9 h7 l9 g9 m9", opening="rif1996")
    opening = g.opening
    assert opening is not None and opening.code == "4D" and g.opening_name == "4D Kagetsu"
    assert g.outcome.winner == renju.Color.BLACK and g.outcome.termination == "five"
    report = g.validate()
    assert report.opening == "4D Kagetsu" and report.protocol == "rif1996"
    assert report.moves == 17 and report.errors == 0
    assert [f.code for f in report.findings] == ["offers-not-recorded"]


def test_swap_and_offers_replay() -> None:
    """A RIF game with a swap and fifth-move offers replays without findings."""
    events: list[renju.Event | str] = [
        "h8", "h9", "j10", renju.Event.swap(True), "i9",
        renju.Event.fifth_offers(["k11", "g11"], "k11"), "l12",
    ]
    g = renju.Game(events, opening="rif1996")
    assert [e.kind for e in g.events][3] == "swap"
    replay = g.replay()
    assert replay.findings == [] and len(replay.verdicts) == 6
    assert replay.outcome.termination == "unfinished" and replay.winner_seat is None
    twice = renju.Game(events[:5] + [renju.Event.fifth_offers(["k11", "k11"], "k11")],
                       opening="rif1996")
    (finding,) = twice.replay().findings
    assert (finding.severity, finding.code, finding.move_number) == ("error", "invalid-offer", 5)


def test_declared_results() -> None:
    """A declared resignation ends the game so; a result the board does not show and no
    reason explains is reported."""
    g = renju.Game(["h8", "i9", renju.Event.result("white", "resignation")])
    outcome = g.outcome
    assert outcome.termination == "resignation" and outcome.winner == renju.Color.WHITE
    assert str(outcome) == "white won by resignation"
    judged = renju.Game(["h8", "i9", renju.Event.result("black", "referee")]).outcome
    assert judged.termination == "declared"
    assert str(judged) == "black won (declared in the record)"
    bad = renju.Game(["h8", "i9", renju.Event.result("black", "five")])
    assert [f.code for f in bad.replay().findings] == ["result-mismatch"]


def test_wrong_types() -> None:
    """Wrong types are TypeErrors."""
    with pytest.raises(TypeError, match="iterable of moves and Events"):
        renju.Game(3)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="not bytes"):
        renju.Game(b"h8")  # type: ignore[arg-type]
    with pytest.raises(renju.ParseError):
        renju.Game("h8 ?")
