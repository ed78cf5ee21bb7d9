"""Regression tests of the third hardening round, from Python: no input reaches a Rust
panic (PanicException). Every class's unpickling (`_from_state`) is fed crafted and
random states, the objects it rebuilds are used, and every public function and
constructor is called with random values; only ordinary exceptions may come out.
PanicException derives from BaseException, so the `except Exception` below lets it
through and fails the test."""

from __future__ import annotations

import inspect
import json
import pickle
import random
from pathlib import Path
from typing import Any, Callable, Iterator

import pytest

import renju
import renju.engine
import renju.tournament
from test_pickle import samples

REPO = Path(__file__).resolve().parents[2]

#: Numbers at the edges of the integer types the core uses.
EDGES: list[Any] = [0, -1, 1, 2**31 - 1, 2**32 - 1, 2**32, 2**53, 2**63 - 1, 2**64 - 1, -(2**63), 2**64, 0.5]
#: Values of other types.
OTHERS: list[Any] = [None, "", "x", "h8", True, [], {}, [0], {"x": 0}]

#: States that are not the right type, for every class.
WRONG_TYPES: list[Any] = [None, 0, -1, "", "\x00", "h8", b"", b"\x00\xff", b"{}", b"[]", (), ("x",), [], {}]


def leaves(doc: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """The paths of every value in a JSON document (containers and leaves)."""
    yield path
    if isinstance(doc, dict):
        for k, v in doc.items():
            yield from leaves(v, (*path, k))
    elif isinstance(doc, list):
        for i, v in enumerate(doc):
            yield from leaves(v, (*path, i))


def replaced(doc: Any, path: tuple[Any, ...], value: Any) -> Any:
    """A copy of `doc` with the value at `path` replaced (or, for `...`, removed)."""
    if not path:
        return value
    head, rest = path[0], path[1:]
    if isinstance(doc, dict):
        out = dict(doc)
        if value is ... and not rest:
            del out[head]
        else:
            out[head] = replaced(doc[head], rest, value)
        return out
    out_list = list(doc)
    if value is ... and not rest:
        del out_list[head]
    else:
        out_list[head] = replaced(doc[head], rest, value)
    return out_list


def json_mutations(doc: Any, rng: random.Random, count: int) -> list[bytes]:
    """`count` mutations of a JSON state: a value replaced by an edge number or another
    type, a key or an element removed, a list emptied."""
    paths = list(leaves(doc))
    out: list[bytes] = []
    for _ in range(count):
        path = rng.choice(paths)
        value = rng.choice(EDGES + OTHERS + ([...] if path else []))
        out.append(json.dumps(replaced(doc, path, value)).encode())
    return out


def mutations(state: Any, rng: random.Random, count: int) -> list[Any]:
    """Crafted and random states derived from a valid one."""
    out: list[Any] = list(WRONG_TYPES)
    if isinstance(state, bytes):
        out += [state[: len(state) // 2], state + b"x", bytes(rng.randrange(256) for _ in range(64))]
        try:
            doc = json.loads(state)
        except ValueError:
            doc = None
        if doc is not None:
            out += json_mutations(doc, rng, count)
        else:
            # A binary state: bytes flipped.
            for _ in range(count // 4):
                b = bytearray(state)
                if b:
                    b[rng.randrange(len(b))] = rng.randrange(256)
                out.append(bytes(b))
    elif isinstance(state, str):
        out += [state[:-1], state + "]", state.upper(), state * 3, "9" * 40, state.replace("0", "\uff10")]
    elif isinstance(state, tuple):
        for i, part in enumerate(state):
            for m in mutations(part, rng, count // max(len(state), 1)):
                out.append((*state[:i], m, *state[i + 1 :]))
    return out


def state_of(obj: Any) -> Any:
    """The state an object pickles as (`__reduce__` gives `(cls._from_state, (state,))`)."""
    reduced: Any = obj.__reduce__()
    return reduced[1][0]


def from_state(cls: Any, state: Any) -> Any:
    """`cls._from_state(state)`."""
    return getattr(cls, "_from_state")(state)


def use(obj: Any) -> None:
    """Uses a rebuilt object: its text, its pickle, its properties and its methods that
    take no argument."""
    repr(obj)
    str(obj)
    pickle.loads(pickle.dumps(obj))
    for name in dir(obj):
        if name.startswith("_") or name in {"write", "save"}:
            continue
        try:
            attr = getattr(obj, name)
            if callable(attr) and not isinstance(attr, type):
                try:
                    sig = inspect.signature(attr)
                except (TypeError, ValueError):
                    continue
                if all(p.default is not p.empty or p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD) for p in sig.parameters.values()):
                    result = attr()
                    if isinstance(result, Iterator):
                        for _ in zip(range(50), result):
                            pass
        except Exception:
            pass
    if isinstance(obj, renju.Clock):
        for elapsed in (0, 1, 2**64 - 1):
            try:
                obj.press(elapsed)
            except Exception:
                pass


def test_item10_every_class_unpickles_crafted_states_without_panic() -> None:
    rng = random.Random(21)
    tried = 0
    for name, objs in sorted(samples().items()):
        cls = type(objs[0])
        for obj in objs[:3]:
            state = state_of(obj)
            for m in mutations(state, rng, 60):
                tried += 1
                try:
                    back = from_state(cls, m)
                except Exception:
                    continue
                use(back)
    assert tried > 3000


def test_item10_crafted_states_of_the_report() -> None:
    """The two states of the issue: a Clock with no periods, Standings with a zero
    denominator; and a Tournament whose pairing is in round 4,294,967,295."""
    clock = renju.Clock("60+1")
    doc = json.loads(state_of(clock))
    for side in ("black", "white"):
        doc[side]["schedule"]["periods"] = []
    back = from_state(renju.Clock, json.dumps(doc).encode())
    back.press(1000)
    back.state

    standings = renju.tournament.read_tournament(REPO / "fixtures" / "tournaments" / "fide_tec_exercise.trf").standings()
    doc = json.loads(state_of(standings))
    value = doc["rows"][0]["values"][0]
    assert "Number" in value
    value["Number"][1] = 0
    with pytest.raises(ValueError, match="denominator 0"):
        from_state(renju.tournament.Standings, json.dumps(doc).encode())

    tournament = renju.tournament.read_tournament(REPO / "fixtures" / "tournaments" / "fide_tec_exercise.trf")
    doc = json.loads(state_of(tournament))
    doc[0]["pairings"][0]["round"] = 2**32 - 1
    with pytest.raises(ValueError, match="at most 1000 rounds"):
        from_state(renju.tournament.Tournament, json.dumps(doc).encode())
    with pytest.raises(ValueError, match="at most 1000 rounds"):
        renju.tournament.Tournament.from_json(json.dumps(doc[0]))


def test_item01_to_trf_past_the_limits_is_a_value_error() -> None:
    t = renju.tournament.Tournament.from_json(
        json.dumps({"name": "x", "players": [{"id": 12345, "name": "Ann"}], "pairings": []})
    )
    with pytest.raises(ValueError, match="four digits"):
        t.to_trf()


def test_item11_validate_bytes_checks_the_chunk() -> None:
    data = b"h8 i9\n" * 10 + b"h8 h9 h10\n" * 10
    parts = renju.chunks(data, format="moves", size=2)
    assert len(parts) >= 2
    first = parts[0]
    whole = renju.validate_bytes(data[first.start : first.end], format="moves", chunk=first)
    assert len(whole.games) > 0
    with pytest.raises(ValueError, match="not the chunk's bytes"):
        renju.validate_bytes(data, format="moves", chunk=first)
    # The last chunk's end is recorded too (issue 31): the whole buffer is not its bytes.
    last = parts[-1]
    assert last.end == len(data)
    with pytest.raises(ValueError, match="not the chunk's bytes"):
        renju.validate_bytes(data, format="moves", chunk=last)
    tail = renju.validate_bytes(data[last.start :], format="moves", chunk=last)
    assert len(tail.games) == 20 - last.games < 20


def test_item11_picture_size_is_checked() -> None:
    board = renju.Board("h8")
    for pixels in (0, 8193, 2**32 - 1):
        with pytest.raises(ValueError, match="pixels must be 1 to 8192"):
            board.png(pixels=pixels)
        with pytest.raises(ValueError, match="pixels must be 1 to 8192"):
            board.svg(pixels=pixels)
    with pytest.raises(ValueError, match="pixels must be 1 to 8192"):
        renju.Board("f8 a1 g8 a2 h6 a3 h7 a4").explain("h8").svg(pixels=0)


#: Public functions and classes not called with random values, and why.
NOT_CALLED = {
    "write": "writes to the path it is given",
    "conform": "starts the engine it is given",
    "Error": "an exception",
}


def callables() -> list[tuple[str, Callable[..., Any]]]:
    out = []
    for name in renju.__all__:
        obj = getattr(renju, name)
        if name in NOT_CALLED or not callable(obj):
            continue
        if isinstance(obj, type) and issubclass(obj, BaseException):
            continue
        out.append((name, obj))
    return out


def random_value(rng: random.Random) -> Any:
    pool: list[Any] = EDGES + OTHERS + [b"", b"h8 i9\n", "h8 z99", "TM[0]OT[9x0 byo-yomi]", "0", "99999", "\uff18"]
    return rng.choice(pool)


@pytest.mark.parametrize("name", [n for n, _ in callables()])
def test_item10_public_functions_take_random_values_without_panic(name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Relative paths land in a scratch directory.
    monkeypatch.chdir(tmp_path)
    fn = dict(callables())[name]
    rng = random.Random(name)
    for _ in range(200):
        args = [random_value(rng) for _ in range(rng.randrange(4))]
        try:
            result = fn(*args)
        except Exception:
            continue
        if isinstance(result, Iterator):
            try:
                for _ in zip(range(20), result):
                    pass
            except Exception:
                pass


def test_item06_hostile_byo_yomi_is_refused() -> None:
    for text in ["TM[0]OT[4294967295x0 byo-yomi]", "0", "40/0", "TM[0]OT[3x0 byo-yomi]", "TM[300]OT[5x30 byo-yomi", "TM[]"]:
        with pytest.raises(ValueError):
            renju.TimeControl(text)


def test_item10_random_positions_are_bounded() -> None:
    """A huge count was a PanicException (capacity overflow) or an abort."""
    for n in (100_001, 2**53, 2**64 - 1):
        with pytest.raises(ValueError, match="at most 100000"):
            renju.engine.random_positions(n)
    assert len(renju.engine.random_positions(2)) == 2
