"""renju.referee.Referee: the live referee of renju_records::referee from Python. Whole games step
by step (Yamaguchi, Swap2, a five that beats a foul, a timed game whose flag falls on a
tick), every refusal code with the state unchanged after it, the JSON-lines protocol of
apply() (hostile dicts included), pickling mid-offer and argument errors."""

from __future__ import annotations

import copy
import json
import pickle
from typing import Any, Callable

import pytest

import renju
import renju.referee
from renju import Termination
from renju.referee import Referee, RefereeOptions, RefusalCode, RefusalError, Required, Seat


def snapshot(referee: Referee) -> tuple[Any, ...]:
    """Everything observable about a referee's state."""
    return (
        referee.status,
        referee.status.to_dict(),
        referee.actions,
        referee.game,
        referee.findings,
        repr(referee),
    )


def refused(referee: Referee, action: Callable[[], object], code: RefusalCode) -> RefusalError:
    """Runs an action that must be refused with `code`, and checks nothing changed."""
    before = snapshot(referee)
    with pytest.raises(RefusalError) as info:
        action()
    assert info.value.code is code, info.value
    assert info.value.code == code.value
    assert isinstance(info.value.message, str) and info.value.message
    assert str(info.value) == f"{code.value}: {info.value.message}"
    assert snapshot(referee) == before
    return info.value


# ---------------------------------------------------------------------------
# Whole games, step by step
# ---------------------------------------------------------------------------


def test_a_yamaguchi_game() -> None:
    r = Referee(options=RefereeOptions(opening="yamaguchi"))
    s = r.status
    assert (s.required, s.to_act, s.color, s.move_number) == (Required.PLACE, Seat.FIRST, renju.Color.BLACK, 1)
    assert s.legal == [renju.Point("h8")] and not s.pass_ and s.outcome is None
    r.place("h8", by="first")
    s = r.place("h9", by=Seat.FIRST)
    assert s.to_act == "first" and s.stone == renju.Color.BLACK and len(s.legal) == 23
    s = r.place("j10")
    # The range is capped by the points left empty for the offers (221 on 15x15).
    assert s.required is Required.DECLARE and s.range == (1, 221) and s.to_act is Seat.FIRST
    s = r.declare(2)
    assert s.required is Required.SWAP and s.to_act is Seat.SECOND
    assert s.options == [renju.referee.SwapOption.STAY, renju.referee.SwapOption.SWAP]
    s = r.swap(by="second")
    # The second player now holds Black: White's fourth move is the first player's.
    assert (s.required, s.to_act, s.color, s.move_number) == (Required.PLACE, Seat.FIRST, renju.Color.WHITE, 4)
    s = r.place("i8")
    assert (s.required, s.to_act, s.count) == (Required.OFFER, Seat.SECOND, 2)
    s = r.offer(["k11", "e5"])
    assert s.required is Required.CHOOSE and s.to_act is Seat.FIRST
    assert s.offered == [renju.Point("k11"), renju.Point("e5")] and s.legal == s.offered
    assert "choose from k11, e5" in repr(s)
    s = r.choose("e5", by="first")
    assert (s.required, s.move_number, s.stone, s.to_act) == (Required.PLACE, 6, renju.Color.WHITE, Seat.FIRST)
    assert r.game.move_string == "h8 h9 j10 i8 e5"
    # Black (the second seat) makes a five on row 11 while White plays along row 1.
    for black, white in [("g11", "a1"), ("h11", "b1"), ("i11", "c1"), ("j11", "d1")]:
        r.place(white)
        s = r.place(black, by="second")
    r.place("f1")
    s = r.place("k11")
    end = s.outcome
    assert end is not None and s.is_game_over and r.is_game_over
    assert (end.result, end.termination, end.winner, end.winner_seat) == (
        "1-0", Termination.FIVE, renju.Color.BLACK, Seat.SECOND)
    assert end.outcome.termination == "five" and end.outcome.winner == renju.Color.BLACK
    assert s.required is Required.NONE and s.to_act is None and s.legal == []
    assert r.game.replay().outcome.termination == "five"
    assert "game over: 1-0 five, second won" in repr(r)


def test_a_swap2_game_with_place_two() -> None:
    r = Referee(options=RefereeOptions(opening="swap2", rule="freestyle"))
    for p in ["h8", "h9", "j10"]:
        s = r.place(p, by="first")
    assert s.required is Required.SWAP and s.to_act is Seat.SECOND
    assert s.options == ["stay", "swap", "place-two"]
    s = r.place_two(by="second")
    assert (s.required, s.to_act, s.stone, s.move_number) == (Required.PLACE, Seat.SECOND, renju.Color.WHITE, 4)
    s = r.place("g9", by="second")
    assert (s.to_act, s.stone) == (Seat.SECOND, renju.Color.BLACK)
    s = r.place("k11", by="second")
    assert s.required is Required.SWAP and s.to_act is Seat.FIRST
    assert s.options == [renju.referee.SwapOption.STAY, renju.referee.SwapOption.SWAP]
    s = r.swap(by="first")
    # The first player took White: move 6 is theirs.
    assert (s.required, s.to_act, s.color, s.move_number) == (Required.PLACE, Seat.FIRST, renju.Color.WHITE, 6)
    refused(r, lambda: r.place("a1", by="second"), RefusalCode.NOT_YOUR_TURN)
    s = r.place("a1")
    s = r.resign(by="second")
    assert s.outcome is not None and s.outcome.termination is Termination.RESIGNATION
    assert (s.outcome.winner, s.outcome.winner_seat) == (renju.Color.WHITE, Seat.FIRST)
    assert r.game.replay().outcome.termination == "resignation"


def test_a_forfeit_ends_the_game_and_is_written_as_the_result() -> None:
    r = Referee()
    r.place("h8")
    s = r.forfeit()
    assert s.outcome is not None and s.outcome.termination is Termination.FORFEIT
    assert (s.outcome.winner, s.outcome.winner_seat) == (renju.Color.BLACK, Seat.FIRST)
    refused(r, lambda: r.place("h9"), RefusalCode.GAME_OVER)
    assert "RE[B+F]" in r.record("sgf")


def test_five_beats_a_foul() -> None:
    r = Referee()
    blacks = ["d8", "e8", "f8", "g8", "h5", "h6", "h7", "h9", "h10"]
    whites = ["a1", "a3", "a5", "a7", "a9", "a11", "a13", "a15", "c1"]
    for b, w in zip(blacks, whites):
        s = r.place(b)
        assert s.outcome is None, b
        s = r.place(w)
        assert s.outcome is None, w
    # h8 makes an overline on file h and a five on row 8: the five wins.
    assert renju.Point("h8") in s.legal
    assert renju.Point("h8") not in [p for p, _ in s.forbidden]
    assert r.explain("h8").status == "five"
    s = r.place("h8")
    assert s.outcome is not None
    assert (s.outcome.termination, s.outcome.winner, s.outcome.result) == (Termination.FIVE, renju.Color.BLACK, "1-0")


def test_forbidden_points_and_foul_policies() -> None:
    moves = ["f8", "a1", "g8", "a2", "h6", "a3", "h7", "a4"]
    auto = Referee()
    for m in moves:
        s = auto.place(m)
    assert (renju.Point("h8"), renju.FoulKind.DOUBLE_THREE) in s.forbidden
    assert renju.Point("h8") in s.legal
    assert auto.explain("h8").is_forbidden
    s = auto.place("h8")
    assert s.outcome is not None and s.outcome.termination is Termination.FORBIDDEN
    claim = Referee(options=RefereeOptions(fouls="rif-claim"))
    for m in moves:
        claim.place(m)
    s = claim.place("h8")
    assert s.outcome is None and s.claimable and "a foul to claim" in repr(s)
    s = claim.claim()
    assert s.outcome is not None and s.outcome.winner == renju.Color.WHITE
    refuse = Referee(options=RefereeOptions(fouls=renju.referee.FoulPolicy.REFUSE))
    for m in moves:
        s = refuse.place(m)
    assert renju.Point("h8") not in s.legal
    refused(refuse, lambda: refuse.place("h8"), RefusalCode.FORBIDDEN)


def test_a_timed_game_whose_flag_falls_on_a_tick() -> None:
    r = Referee(options=RefereeOptions(time_control="60+0", start_ms=1000))
    s = r.status
    assert s.clock is not None and s.clock.running == renju.Color.BLACK
    assert s.clock.deadline == 61000 and s.clock.black.time_left_ms == 60000
    s = r.place("h8", t=3000)
    assert s.clock is not None and s.clock.black.time_left_ms == 58000
    assert (s.clock.running, s.clock.deadline) == (renju.Color.WHITE, 63000)
    s = r.place("i9", t=13000)
    assert s.clock is not None and s.clock.white.time_left_ms == 50000
    s = r.tick(20000)
    assert s.outcome is None and s.clock is not None
    assert s.clock.black.time_left_ms == 51000 and s.clock.deadline == 71000
    assert "black running until 71000" in repr(s.clock)
    s = r.tick(71001)
    assert s.outcome is not None
    assert (s.outcome.termination, s.outcome.winner, s.outcome.winner_seat) == (
        Termination.TIME, renju.Color.WHITE, Seat.SECOND)
    refused(r, lambda: r.place("j10", t=72000), RefusalCode.GAME_OVER)
    assert r.game.replay().outcome.termination == "time"
    assert [a["action"] for a in r.actions] == ["place", "place", "tick"]  # ticks coalesce
    assert pickle.loads(pickle.dumps(r)).status == r.status


@pytest.mark.parametrize("opening", ["swap2", "yamaguchi"])
def test_the_player_who_swaps_keeps_their_own_clock(opening: str) -> None:
    # One minute each: the second player thinks 55 s and swaps, taking Black with their
    # own 5 s (clocks belong to players), and loses on time at move 5.
    r = Referee(options=RefereeOptions(opening=opening, time_control="60"))
    for i, point in enumerate(["h8", "h9", "j10"]):
        r.place(point, t=1000 * (i + 1))
    if opening == "yamaguchi":
        r.declare(2, t=3000)
    s = r.swap(by="second", t=58000)
    assert s.clock is not None
    assert (s.clock.black.time_left_ms, s.clock.white.time_left_ms) == (5000, 57000)
    s = r.place("g10", by="first", t=60000)
    assert s.clock is not None and s.clock.deadline == 65000
    s = r.tick(65001)
    assert s.outcome is not None
    assert (s.outcome.termination, s.outcome.winner_seat) == (Termination.TIME, Seat.FIRST)
    replay = r.game.replay()
    assert (replay.outcome.termination, replay.winner_seat) == ("time", "first")
    # A bare clock does the same: the first player's stones, the swap, the swapper's move.
    clock = renju.Clock("60")
    for _ in range(3):
        clock.press(1000, color="black")
    clock.swap()
    state = clock.press(55000, color="black")
    assert (state.black.time_left_ms, state.white.time_left_ms) == (5000, 57000)


def test_a_late_action_is_refused_and_its_flag_falls() -> None:
    r = Referee(options=RefereeOptions(time_control="60+0"))
    r.place("h8", t=1000)
    with pytest.raises(RefusalError) as info:
        r.place("i9", t=500_000)
    assert info.value.code == "game-over"
    s = r.status
    assert s.outcome is not None and s.outcome.termination == "time"
    assert r.actions[-1] == {"action": "tick", "t": 500000}
    assert Referee.from_actions(r.actions, options=RefereeOptions(time_control="60+0")) == r


def test_a_refused_timed_action_changes_nothing() -> None:
    r = Referee(options=RefereeOptions(time_control="60+0"))
    r.place("h8", t=1000)
    before = snapshot(r)
    with pytest.raises(RefusalError):
        r.place("h8", t=5000)  # occupied
    restored = pickle.loads(pickle.dumps(r))
    assert restored.status == r.status
    assert snapshot(r) == before


def test_draws_and_resignation() -> None:
    r = Referee()
    r.place("h8")
    s = r.draw_offer(by="first")
    assert s.draw_offer is Seat.FIRST and "draw offered by first" in repr(s)
    s = r.draw_decline(by="second")
    assert s.draw_offer is None
    r.place("i9")
    r.draw_offer()
    s = r.draw_accept()
    assert s.outcome is not None and s.outcome.result == "1/2-1/2"
    assert s.outcome.termination is Termination.AGREED_DRAW and s.outcome.winner_seat is None


# ---------------------------------------------------------------------------
# Every refusal code, and nothing changes
# ---------------------------------------------------------------------------


def test_every_refusal_code() -> None:
    seen: set[RefusalCode] = set()

    def check(referee: Referee, action: Callable[[], object], code: RefusalCode) -> None:
        refused(referee, action, code)
        seen.add(code)

    r = Referee()
    check(r, lambda: r.place("h8", by="second"), RefusalCode.NOT_YOUR_TURN)
    check(r, r.swap, RefusalCode.WRONG_ACTION)
    r.place("h8")
    check(r, lambda: r.place("h8"), RefusalCode.OCCUPIED)
    check(r, lambda: r.place("p16"), RefusalCode.OFF_BOARD)
    check(r, lambda: r.draw_offer(by="second"), RefusalCode.DRAW_OFFER_NOT_ALLOWED)
    check(r, lambda: r.record("renlib"), RefusalCode.BAD_REQUEST)
    r.place("i9", t=5000)
    check(r, lambda: r.place("j10", t=4000), RefusalCode.BAD_REQUEST)
    r.resign()
    check(r, lambda: r.place("j10"), RefusalCode.GAME_OVER)

    rif = Referee(options=RefereeOptions(opening="rif1996"))
    rif.place("h8")
    check(rif, lambda: rif.place("a1"), RefusalCode.OUTSIDE_AREA)
    for p in ["h9", "h10"]:
        rif.place(p)
    rif.stay()
    rif.place("h7")
    check(rif, lambda: rif.offer(["g11"]), RefusalCode.OFFER_COUNT)
    # The position is symmetric about file h: g11 and i11 are the same offer.
    check(rif, lambda: rif.offer(["g11", "i11"]), RefusalCode.SYMMETRIC_OFFERS)
    rif.offer(["g11", "k12"])
    check(rif, lambda: rif.choose("j11"), RefusalCode.NOT_OFFERED)

    refuse = Referee(options=RefereeOptions(fouls="refuse"))
    for m in ["f8", "a1", "g8", "a2", "h6", "a3", "h7", "a4"]:
        refuse.place(m)
    check(refuse, lambda: refuse.place("h8"), RefusalCode.FORBIDDEN)

    paused = Referee()
    paused.pause()
    check(paused, lambda: paused.place("h8"), RefusalCode.PAUSED)

    sealed = Referee()
    sealed.place("h8")
    sealed.seal("i9", salt=SALT)
    check(sealed, lambda: sealed.place("i9"), RefusalCode.ADJOURNED)
    check(sealed, lambda: sealed.resume_sealed(f"i10/{SALT}"), RefusalCode.SEAL_MISMATCH)

    assert seen == set(RefusalCode)


def test_a_100_second_pause_charges_no_one() -> None:
    r = Referee(options=RefereeOptions(time_control="300"))
    r.place("h8", t=10_000)
    s = r.pause(t=15_000)
    assert s.paused and s.clock is not None and s.clock.running is None
    assert "paused by the arbiter" in repr(s)
    refused(r, lambda: r.place("h9", t=20_000), RefusalCode.PAUSED)
    refused(r, lambda: r.draw_offer(t=20_000), RefusalCode.PAUSED)
    refused(r, lambda: r.pause(t=20_000), RefusalCode.WRONG_ACTION)
    refused(r, lambda: r.unpause(t=14_000), RefusalCode.BAD_REQUEST)
    s = r.unpause(t=115_000)
    assert not s.paused and s.clock is not None
    assert (s.clock.black.time_left_ms, s.clock.white.time_left_ms) == (290_000, 295_000)
    refused(r, lambda: r.unpause(t=115_000), RefusalCode.WRONG_ACTION)
    s = r.place("h9", t=120_000)
    assert s.clock is not None and s.clock.white.time_left_ms == 290_000
    assert Referee.from_actions(r.actions, options=RefereeOptions(time_control="300")) == r
    assert "pause unpause=100" in r.record("moves")  # the pause lasted 100 s


def test_warnings_penalties_and_disqualification() -> None:
    r = Referee(options=RefereeOptions(time_control="300"))
    r.place("h8", t=1_000)
    s = r.penalty("first", 60_000, t=2_000)
    assert s.clock is not None and s.clock.black.time_left_ms == 239_000
    # More than five minutes is applied (the rules' "generally at most") and noted.
    s = r.penalty("first", 100_000, t=2_000)
    assert s.clock is not None and s.clock.black.time_left_ms == 139_000
    long = Referee(options=RefereeOptions(time_control="600"))
    long.place("h8")
    s = long.penalty("first", 360_000)
    assert s.clock is not None and s.clock.black.time_left_ms == 240_000
    assert [f.code for f in long.findings] == [renju.FindingCode.LONG_PENALTY]
    r.warning("second", "noise", t=3_000)
    assert r.status.outcome is None
    s = r.warning(Seat.SECOND, t=4_000)
    assert s.outcome is not None
    assert (s.outcome.termination, s.outcome.winner_seat) == (Termination.VIOLATIONS, Seat.FIRST)
    assert r.game.replay().outcome.termination == "violations"
    refused(r, lambda: r.pause(t=5_000), RefusalCode.GAME_OVER)

    untimed = Referee()
    refused(untimed, lambda: untimed.penalty("first", 1_000), RefusalCode.BAD_REQUEST)
    s = untimed.disqualify("second", "abuse")
    assert s.outcome is not None
    assert (s.outcome.termination, s.outcome.winner_seat) == (Termination.FORFEIT, Seat.FIRST)
    assert untimed.game.tag("termination") == "abuse"

    flagged = Referee(options=RefereeOptions(time_control="120"))
    flagged.place("h8", t=10_000)
    s = flagged.penalty("second", 105_000, t=30_000)
    assert s.outcome is not None and s.outcome.termination == Termination.TIME
    assert flagged.game.replay().outcome == s.outcome.outcome


SALT = "0123456789abcdef0123"


def test_a_sealed_move_is_played_at_resumption_on_the_sealers_time() -> None:
    options = RefereeOptions(time_control="300")
    r = Referee(options=options)
    r.place("h8", t=10_000)
    r.place("i9", t=15_000)
    refused(r, lambda: r.seal("j10", salt=SALT, by="second", t=30_000), RefusalCode.NOT_YOUR_TURN)
    refused(r, lambda: r.resume_sealed(t=30_000), RefusalCode.WRONG_ACTION)
    s = r.seal("j10", salt=SALT, t=30_000)
    assert s.adjourned_by is Seat.FIRST and s.seal_digest is not None and len(s.seal_digest) == 64
    assert s.clock is not None and s.clock.running is None
    assert "adjourned" in repr(s) and SALT not in json.dumps(s.to_dict())
    assert r.sealed_move == f"j10/{SALT}"
    refused(r, lambda: r.seal("k10", salt=SALT, t=40_000), RefusalCode.ADJOURNED)
    refused(r, lambda: r.pause(t=40_000), RefusalCode.ADJOURNED)
    assert pickle.loads(pickle.dumps(s)) == s
    # The public record and the sealed part, the next day.
    public = r.record("moves")
    assert "b:seal=" in public and "j10" not in public
    game = next(iter(renju.read_bytes(public.encode(), "moves")))
    next_day = Referee.resume(game, options=options)
    assert next_day.status.adjourned_by is Seat.FIRST and next_day.sealed_move is None
    with pytest.raises(ValueError, match="POINT/SALT"):
        next_day.resume_sealed("j10")
    s = next_day.resume_sealed(f"j10/{SALT}", t=36_000_000)
    assert s.move_number == 4 and s.clock is not None
    assert (s.clock.black.time_left_ms, s.clock.white.time_left_ms) == (275_000, 295_000)
    s = r.resume_sealed(t=36_000_000)
    assert s.adjourned_by is None and s.clock is not None and s.clock.running == renju.Color.WHITE
    assert r.game.replay().outcome.termination == Termination.UNFINISHED


def test_a_sealed_illegal_move_loses_for_the_sealer() -> None:
    r = Referee()
    r.place("h8")
    r.seal("h8")
    s = r.resume_sealed()
    assert s.outcome is not None
    assert (s.outcome.termination, s.outcome.winner_seat) == (
        Termination.ILLEGAL_SEALED_MOVE,
        Seat.FIRST,
    )
    assert r.game.replay().outcome.termination == Termination.ILLEGAL_SEALED_MOVE


def test_a_no_show_forfeits_at_the_late_limit() -> None:
    options = RefereeOptions(time_control="1800", late_limit_ms=900_000)
    r = Referee(options=options)
    s = r.arrive(by="second", t=60_000)
    assert s.absent == [Seat.FIRST] and s.late_deadline == 900_000
    assert "first absent" in repr(s) and pickle.loads(pickle.dumps(s)) == s
    s = r.tick(900_001)
    assert s.outcome is not None
    assert (s.outcome.termination, s.outcome.winner_seat) == (Termination.FORFEIT, Seat.SECOND)
    assert r.game.replay().outcome == s.outcome.outcome
    assert Referee.from_actions(r.actions, options=options) == r

    both = Referee(options=RefereeOptions(late_limit_ms=900_000))
    s = both.tick(900_001)
    assert s.outcome is not None and s.outcome.termination == Termination.DOUBLE_FORFEIT
    assert s.outcome.result == "0-0" and both.game.replay().outcome == s.outcome.outcome

    late = Referee(options=RefereeOptions(time_control="300", late_limit_ms=900_000))
    late.arrive(by="first", t=0)
    late.place("h8", t=10_000)
    s = late.place("i9", t=70_000)  # the second player's lateness is on their clock
    assert s.clock is not None
    assert (s.clock.black.time_left_ms, s.clock.white.time_left_ms) == (300_000, 230_000)


def test_refusals_through_the_protocol_change_nothing() -> None:
    r = Referee(options=RefereeOptions(opening="yamaguchi"))
    for p in ["h8", "h9", "j10"]:
        r.place(p)
    before = snapshot(r)
    commands: list[dict[str, Any]] = [
        {"action": "declare", "count": 0},
        {"action": "swap"},
        {"action": "place", "point": "a1"},
        {"action": "declare", "count": 2, "by": "second"},
    ]
    for command in commands:
        reply = r.apply(command)
        assert reply["ok"] is False and reply["error"]["code"] in {c.value for c in RefusalCode}
        assert reply["status"] == r.status.to_dict()
        assert snapshot(r) == before


# ---------------------------------------------------------------------------
# The JSON-lines protocol
# ---------------------------------------------------------------------------


def test_apply_is_the_pipe() -> None:
    r, twin = Referee(options=RefereeOptions(opening="rif1996")), Referee(options=RefereeOptions(opening="rif1996"))
    lines: list[dict[str, Any]] = [
        {"action": "place", "point": "h8", "by": "first", "t": 1500},
        {"action": "status"},
        {"action": "place", "point": "h9"},
        {"action": "explain", "point": "h10"},
        {"action": "place", "point": "a1"},
        {"action": "record", "format": "moves"},
    ]
    for line in lines:
        reply = r.apply(line)
        assert reply == json.loads(twin.apply_json(json.dumps(line)))
        assert reply["status"] == r.status.to_dict()
    assert r.apply({"action": "status"}) == {"ok": True, "status": r.status.to_dict()}
    record = r.apply({"action": "record", "format": "moves"})["record"]
    assert [line for line in record.splitlines() if not line.startswith("#")] == ["h8 h9"]
    assert "explanation" in r.apply({"action": "explain", "point": "h10"})
    assert r.status.to_json() == json.dumps(r.status.to_dict(), separators=(",", ":"))
    assert r.actions == [{"action": "place", "point": "h8", "by": "first", "t": 1500},
                         {"action": "place", "point": "h9"}]
    assert r == twin


class Unserialisable:
    pass


def hostile_commands() -> list[object]:
    circular: dict[str, object] = {"action": "place"}
    circular["point"] = circular
    deep: object = "h8"
    for _ in range(10_000):
        deep = {"point": deep}
    return [
        {},
        {"action": 7},
        {"action": None},
        {"action": "place"},
        {"action": "place", "point": 5},
        {"action": "place", "point": ["h", 8]},
        {"action": "place", "point": "z99"},
        {"action": "place", "point": "h8", "extra": 1},
        {"action": "place", "point": "h8", "t": -5},
        {"action": "place", "point": "h8", "t": 10**30},
        {"action": "place", "point": "h8", "t": 1.5},
        {"action": "place", "point": "h8", "t": float("nan")},
        {"action": "place", "point": "h8", "by": "third"},
        {"action": "place", "point": "h8", "by": 1},
        {"action": "declare", "count": 10**20},
        {"action": "declare", "count": 300},
        {"action": "declare"},
        {"action": "offer", "points": "h8"},
        {"action": "offer"},
        {"action": "tick"},
        {"action": "fly"},
        {"action": "record", "format": "pdf"},
        {"action": "explain"},
        {"action": "place", "point": Unserialisable()},
        {"action": {"place"}},
        {1: "place"},
        circular,
        deep,
        [1, 2],
        "place h8",
        None,
        42,
        b"bytes",
    ]


def test_apply_answers_hostile_dicts_with_bad_requests() -> None:
    r = Referee()
    r.place("h8")
    before = snapshot(r)
    for command in hostile_commands():
        reply = r.apply(command)  # type: ignore[arg-type]
        assert reply["ok"] is False, command
        assert reply["error"]["code"] == "bad-request", (command, reply)
        assert reply["error"]["message"]
        assert reply["status"] == r.status.to_dict()
        assert snapshot(r) == before
    assert json.loads(r.apply_json("{not json"))["error"]["code"] == "bad-request"
    assert json.loads(r.apply_json(""))["ok"] is False
    assert snapshot(r) == before


# ---------------------------------------------------------------------------
# Pickling, copies, resume
# ---------------------------------------------------------------------------


def offering() -> Referee:
    """A RIF 1996 game whose fifth-move offers wait for White's choice."""
    r = Referee(options=RefereeOptions(opening="rif1996", time_control="600+5", start_ms=10))
    for p in ["h8", "h9", "j10"]:
        r.place(p, t=100)
    r.swap(t=200)
    r.place("g10", t=300)
    r.offer(["k8", "f7"], t=400)
    assert r.status.required is Required.CHOOSE
    return r


def test_pickling_mid_offer_restores_exactly() -> None:
    r = offering()
    for protocol in range(2, pickle.HIGHEST_PROTOCOL + 1):
        back = pickle.loads(pickle.dumps(r, protocol))
        assert type(back) is Referee and back == r and back is not r
        assert snapshot(back) == snapshot(r)
        assert back.status.offered == [renju.Point("k8"), renju.Point("f7")]
        assert back.choose("f7", t=500) == r.copy().choose("f7", t=500)
    for clone in (copy.copy(r), copy.deepcopy(r), r.copy()):
        assert clone == r
        clone.choose("k8")
        assert clone != r and r.status.required is Required.CHOOSE


def test_status_parts_pickle() -> None:
    r = offering()
    r.choose("k8")
    r.resign(t=900)
    status = r.status
    assert status.outcome is not None and status.clock is not None
    for obj in (status, status.outcome, status.clock, offering().status):
        back = pickle.loads(pickle.dumps(obj))
        assert back == obj and repr(back) == repr(obj)
        assert back.to_dict() == obj.to_dict()


@pytest.mark.parametrize(
    "state",
    [
        b"",
        b"not json",
        b"[]",
        b'{"options": 5, "actions": []}',
        b'{"options": {}, "actions": []}',
        "a str",
        42,
        None,
    ],
)
def test_hostile_pickle_states_raise_clear_errors(state: object) -> None:
    with pytest.raises((ValueError, TypeError)):
        Referee._from_state(state)  # type: ignore[attr-defined]


def test_crafted_pickle_states_are_checked() -> None:
    options = Referee().options
    good = json.dumps({"options": options, "actions": [{"action": "place", "point": "h8"}]})
    assert Referee._from_state(good.encode()).status.move_number == 2  # type: ignore[attr-defined]
    cases: list[tuple[dict[str, Any], list[dict[str, Any]], str | None]] = [
        ({}, [{"action": "place", "point": "h8"}] * 2, "action 2 .*occupied"),
        ({"size": 0}, [], "bad pickled state"),
        ({"size": 255}, [], "bad pickled state"),
        ({"rule_set": "renju", "size": 19}, [], "bad pickled state"),
        ({"start_ms": 10}, [{"action": "tick", "t": 5}], "time goes backwards"),
        ({}, [{"action": "place", "point": "z26"}], "off"),
        ({}, [{"action": "declare", "count": 255}], "bad pickled state"),
        ({}, [{"action": "offer", "points": []}], "bad pickled state"),
        ({}, [{"action": "tick"}], "bad pickled state"),
        ({"time_control": "1+0"}, [{"action": "tick", "t": 18446744073709551615}], None),
    ]
    for options_change, actions, match in cases:
        state = json.dumps({"options": {**options, **options_change}, "actions": actions}).encode()
        if match is None:
            assert Referee._from_state(state).is_game_over  # type: ignore[attr-defined]
            continue
        with pytest.raises(ValueError, match=match):
            Referee._from_state(state)  # type: ignore[attr-defined]


def test_resume_goes_on_from_a_record() -> None:
    game = renju.Game("h8 h9 i8", rule="renju", opening="free")
    r = Referee.resume(game)
    assert r.status.move_number == 4 and r.resumed == game
    r.place("g8")
    back = pickle.loads(pickle.dumps(r))
    assert back == r and back.game.move_string == "h8 h9 i8 g8"
    timed = Referee.resume(renju.Game("h8 h9"), options=RefereeOptions(time_control="60+0", fouls="refuse"))
    assert timed.status.clock is not None and timed.options["fouls"] == "refuse"
    with pytest.raises(renju.SetupError, match="cannot be resumed"):
        Referee.resume(renju.Game("h8 h8"))
    with pytest.raises(TypeError):
        Referee.resume("h8 h9")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        Referee.resume(game, colour="black")  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        Referee.resume(game, fouls="refuse")  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        Referee.resume(game, RefereeOptions())  # type: ignore[call-arg]


def test_from_actions() -> None:
    r = offering()
    back = Referee.from_actions(r.actions, options=RefereeOptions(opening="rif1996", time_control="600+5", start_ms=10))
    assert back == r
    with pytest.raises(RefusalError, match="action 2") as info:
        Referee.from_actions([{"action": "place", "point": "h8"}] * 2)
    assert info.value.code is RefusalCode.OCCUPIED
    with pytest.raises(ValueError, match="action 1"):
        Referee.from_actions([{"action": "status"}])
    with pytest.raises(ValueError, match="action 1"):
        Referee.from_actions([{"action": "fly"}])


# ---------------------------------------------------------------------------
# Arguments
# ---------------------------------------------------------------------------


def test_defaults_and_options() -> None:
    r = Referee()
    o = r.options
    assert (o["rule_set"], o["opening"], o["size"], o["fouls"], o["start_ms"]) == (
        "renju", "free", 15, "automatic", 0)
    assert o["time_control"] is None and o["offer_equivalence"] == "shape"
    assert o["clock"] == {"both_flags": "draw", "default_time_ms": 3600000}
    assert Referee.__text_signature__ == "(*, options=None)"
    assert RefereeOptions.__text_signature__ == (
        "(*, rule='renju', opening='free', size=15, five_completion_counts=False, "
        "offer_equivalence='shape', time_control=None, fouls='automatic', both_flags='draw', "
        "default_time_ms=3600000, start_ms=0, late_limit_ms=None)")
    assert Referee(options=RefereeOptions()) == r and Referee(options=None) == r
    g = Referee(options=RefereeOptions(
        rule=renju.RuleSet.FREESTYLE, opening=renju.OpeningRule("soosorv-8"), size=19,
        fouls="refuse", both_flags="continue-unless-last-period", default_time_ms=5,
        five_completion_counts=True, offer_equivalence="board"))
    assert g.options["size"] == 19 and g.board.size == 19 and g.options["renju"] == {"five_completion_counts": True}
    assert repr(g).startswith("<Referee freestyle soosorv-8 19x19: move 1: first (black) to place")


@pytest.mark.parametrize(
    ("call", "error", "match"),
    [
        (lambda r: r.place(5), TypeError, "expected a point"),
        (lambda r: r.place("zz"), renju.PointError, "zz"),
        (lambda r: r.place("h8", by=1), TypeError, "by must be a renju.referee.Seat"),
        (lambda r: r.place("h8", by="black"), ValueError, "'first' or 'second'"),
        (lambda r: r.place("h8", t=-1), ValueError, "t must be milliseconds"),
        (lambda r: r.place("h8", t=2**64), ValueError, "t must be milliseconds"),
        (lambda r: r.place("h8", t=1.5), TypeError, "t must be an int"),
        (lambda r: r.place("h8", t=True), TypeError, "t must be an int"),
        (lambda r: r.place("h8", t="1500"), TypeError, "t must be an int"),
        (lambda r: r.tick(None), TypeError, "t must be an int"),
        (lambda r: r.declare("2"), TypeError, "count must be an int"),
        (lambda r: r.declare(-1), ValueError, "count must be"),
        (lambda r: r.declare(256), ValueError, "count must be"),
        (lambda r: r.offer("h8 j8"), TypeError, "points must be an iterable"),
        (lambda r: r.offer(5), TypeError, "points must be an iterable"),
        (lambda r: r.offer([5]), TypeError, "expected a point"),
        (lambda r: r.record("pdf"), ValueError, "pdf"),
        (lambda r: r.explain(3.5), TypeError, "expected a point"),
        (lambda r: r.explain("p16"), renju.IllegalMoveError, "off"),
    ],
)
def test_wrong_arguments(call: Callable[[Any], object], error: type[Exception], match: str) -> None:
    r = Referee()
    before = snapshot(r)
    with pytest.raises(error, match=match):
        call(r)
    assert snapshot(r) == before


@pytest.mark.parametrize(
    ("kwargs", "error", "match"),
    [
        ({"rule": 3}, TypeError, "rule must be"),
        ({"rule": "chess"}, ValueError, "chess"),
        ({"opening": "nope"}, ValueError, "nope"),
        ({"fouls": 3}, TypeError, "fouls must be"),
        ({"fouls": "lenient"}, ValueError, "lenient"),
        ({"size": 99}, renju.SetupError, "99"),
        ({"size": 3}, renju.SetupError, "3"),
        ({"size": 2**70}, ValueError, "size must be a board side"),
        ({"size": -1}, ValueError, "size must be a board side"),
        ({"size": "15"}, TypeError, "size must be an int"),
        ({"rule": "renju", "size": 19}, renju.SetupError, "19"),
        ({"time_control": 60}, TypeError, "time_control must be"),
        ({"time_control": "sixty"}, ValueError, "sixty"),
        ({"start_ms": -1}, ValueError, "start_ms must be"),
        ({"start_ms": 0.5}, TypeError, "start_ms must be an int"),
        ({"default_time_ms": "1"}, TypeError, "default_time_ms must be an int"),
        ({"both_flags": "coin"}, ValueError, "coin"),
        ({"offer_equivalence": "exact"}, ValueError, "exact"),
        ({"colour": "black"}, TypeError, "colour"),
    ],
)
def test_wrong_constructor_arguments(kwargs: dict[str, Any], error: type[Exception], match: str) -> None:
    with pytest.raises(error, match=match):
        Referee(options=RefereeOptions(**kwargs))


def test_referee_options() -> None:
    default = RefereeOptions()
    assert (default.rule, default.opening, default.size, default.five_completion_counts) == (
        renju.RuleSet.RENJU, renju.OpeningRule("free"), 15, False)
    assert (default.offer_equivalence, default.time_control, default.fouls) == ("shape", None, "automatic")
    assert isinstance(default.fouls, renju.referee.FoulPolicy)
    assert isinstance(default.offer_equivalence, renju.OfferEquivalence)
    assert (default.both_flags, default.default_time_ms, default.start_ms) == ("draw", 3600000, 0)
    assert default.to_dict() == Referee().options
    o = RefereeOptions(rule="freestyle", opening="soosorv-8", size=19, five_completion_counts=True,
                       offer_equivalence="board", time_control="600+5", fouls="refuse",
                       both_flags="continue-unless-last-period", default_time_ms=5, start_ms=10,
                       late_limit_ms=900_000)
    assert (o.rule, o.opening, o.size, o.five_completion_counts) == (
        renju.RuleSet.FREESTYLE, renju.OpeningRule("soosorv-8"), 19, True)
    assert (o.offer_equivalence, o.time_control, o.fouls) == ("board", renju.TimeControl("600+5"), "refuse")
    assert (o.both_flags, o.default_time_ms, o.start_ms) == ("continue-unless-last-period", 5, 10)
    assert (o.late_limit_ms, default.late_limit_ms) == (900_000, None)
    assert Referee(options=o).options == o.to_dict()
    assert repr(o) == (
        "RefereeOptions(rule='freestyle', opening='soosorv-8', size=19, five_completion_counts=True, "
        "offer_equivalence='board', time_control='600+5', fouls='refuse', "
        "both_flags='continue-unless-last-period', default_time_ms=5, start_ms=10, "
        "late_limit_ms=900000)")
    assert repr(default).startswith("RefereeOptions(rule='renju', opening='free', size=15,")
    # Frozen, hashable, comparable and picklable.
    same = RefereeOptions(opening="soosorv-8", rule=renju.RuleSet.FREESTYLE, size=19, start_ms=10,
                          five_completion_counts=True, offer_equivalence="board", time_control="600+5",
                          fouls=renju.referee.FoulPolicy.REFUSE, both_flags="continue-unless-last-period",
                          default_time_ms=5, late_limit_ms=900_000)
    assert o == same and hash(o) == hash(same) and o != default and len({o, same, default}) == 2
    assert o != o.to_dict()
    assert pickle.loads(pickle.dumps(o)) == o and copy.deepcopy(o) == o
    with pytest.raises(AttributeError):
        o.size = 15  # type: ignore[misc]
    # The referee's old keywords are gone: options= only, keyword-only.
    with pytest.raises(TypeError):
        Referee(opening="rif1996")  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        Referee(o)  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        Referee(options={"opening": "rif1996"})  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        Referee.from_actions([], time_control="60+0")  # type: ignore[call-arg]
    # The same options, the same start, however the referee is made.
    r = Referee(options=RefereeOptions(opening="rif1996", time_control="600+5", start_ms=10))
    r.place("h8", t=20)
    assert Referee.from_actions(r.actions, options=RefereeOptions(opening="rif1996", time_control="600+5", start_ms=10)) == r


def test_refusal_error_is_in_the_hierarchy() -> None:
    assert issubclass(RefusalError, renju.Error) and issubclass(RefusalError, ValueError)
    assert RefusalError.__module__ == "renju.referee" and RefusalError.__doc__
    r = Referee()
    with pytest.raises(renju.Error):
        r.swap()
    e = refused(r, r.swap, RefusalCode.WRONG_ACTION)
    assert "free" in e.message
    back = pickle.loads(pickle.dumps(e))
    assert type(back) is RefusalError and str(back) == str(e)


def test_status_attributes_are_typed() -> None:
    s = Referee(options=RefereeOptions(opening="rif1996")).status
    assert isinstance(s.required, Required) and isinstance(s.to_act, Seat)
    assert s.to_dict() == {"required": "place", "to_act": "first", "color": "black", "move": 1,
                           "stone": "black", "legal": ["h8"], "pass": False, "outcome": None}
    assert repr(s) == "<Status move 1: first (black) to place>"
    assert s == Referee(options=RefereeOptions(opening="rif1996")).status and s != Referee().status
    with pytest.raises(AttributeError):
        s.required = Required.NONE  # type: ignore[misc]
    with pytest.raises(TypeError):
        hash(Referee())


def test_apply_from_two_threads_takes_turns() -> None:
    # Issue 31: the referee was held while json.dumps ran (Python code, where the other
    # thread may run): "RuntimeError: Already borrowed", even for a status query.
    import sys
    import threading

    r = Referee()
    errors: list[BaseException] = []

    def work(first: bool) -> None:
        try:
            for i in range(2000):
                reply = r.apply({"action": "status"})
                assert reply["ok"] is True
                if first and i == 1000:
                    r.apply({"action": "place", "point": "h8"})
        except BaseException as e:  # noqa: BLE001 - reported below
            errors.append(e)

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        threads = [threading.Thread(target=work, args=(k == 0,)) for k in range(2)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    finally:
        sys.setswitchinterval(interval)
    assert not errors, errors[0]
    assert r.status.move_number == 2
