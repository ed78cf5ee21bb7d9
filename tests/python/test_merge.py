"""Reports merge exactly: a file validated in parts (renju.chunks, renju.validate_bytes)
and the parts' reports merged in order (Report.merge, +, sum) give the whole file's
report; and summaries add up."""

from __future__ import annotations

import pickle
import random
from pathlib import Path

import pytest

import renju

LINES = [
    "h8 i9 i8 j10 g8 k11",
    "h8 i9 j10 g7 k11 l12 g8 f6 f8 e8 j8 k8 h10 h9 h11 h12 h7",
    "h8 h8",
    "h8 zz",
    "",
    "# a comment",
    "# rule: gomoku",
    "# rule: nonsense",
    "# rule: default",
    "# size: 99",
    "# opening: swap2",
    "h8 i9 # trailing",
]


def generated(seed: int, n: int) -> bytes:
    """A move-list file of n lines picked from LINES, with mixed line ends."""
    rng = random.Random(seed)
    ends = ["\n", "\r\n", "\r"]
    return "".join(rng.choice(LINES) + rng.choice(ends) for _ in range(n)).encode()


def merged(data: bytes, size: int, max_line_bytes: int | None = None) -> renju.Report:
    """The file validated part by part and merged."""
    parts = renju.chunks(data, format="moves", size=size, max_line_bytes=max_line_bytes)
    reports = [
        renju.validate_bytes(
            data[c.start : c.end],
            format="moves",
            source="f.txt",
            chunk=c,
            max_line_bytes=max_line_bytes,
        )
        for c in parts
    ]
    return sum(reports, renju.Report())


@pytest.mark.parametrize("seed", range(8))
def test_any_split_gives_the_whole_report(seed: int) -> None:
    data = generated(seed, 60)
    whole = renju.validate_bytes(data, format="moves", source="f.txt")
    assert whole.summary.games > 0 and len(renju.chunks(data, format="moves", size=7)) > 10
    for size in (1, 7, 50, 333, 10_000):
        report = merged(data, size)
        assert report.summary == whole.summary
        assert report.to_json() == whole.to_json()
        assert report == whole


def test_the_parts_are_consecutive_and_say_where_they_start(tmp_path: Path) -> None:
    data = b"# rule: gomoku\nh8 i9\nh8 h8\nh8 j10\n"
    path = tmp_path / "games.txt"
    path.write_bytes(data)
    parts = renju.chunks(path, size=10)
    assert [(c.start, c.end, c.lines, c.games) for c in parts] == [
        (0, 15, 0, 0),
        (15, 27, 1, 0),
        (27, 34, 3, 2),  # the last part's end is recorded too
    ]
    assert parts == renju.chunks(data, format="moves", size=10)
    assert parts[1].read(path) == b"h8 i9\nh8 h8\n"
    report = renju.validate_bytes(parts[1].read(path), format="moves", chunk=parts[1])
    # The directive before the part applies; indexes and lines are the file's.
    assert [g.rule for g in report] == ["freestyle", "freestyle"]
    assert [g.index for g in report] == [0, 1]
    assert report.games[1].findings[0].line == 3
    assert pickle.loads(pickle.dumps(parts[1])) == parts[1]
    # The same as renju.validate() of the file.
    assert merged(data, 10) == renju.validate_bytes(data, format="moves", source="f.txt")
    by_path = renju.validate(path).to_json().replace(str(path), "f.txt")
    assert merged(data, 10).to_json() == by_path


def test_a_renjunet_database_splits_between_games(repo: Path) -> None:
    path = repo / "fixtures" / "tournaments" / "club.rif"
    whole = renju.validate(path)
    data = path.read_bytes()
    for size in (1, 200, 1000):
        parts = renju.chunks(path, size=size)
        assert parts == renju.chunks(data, format="rif", size=size)
        if size == 1:
            assert len(parts) == len(whole) + 2  # the start, before every game, after the last
        reports = [
            renju.validate_bytes(c.read(path), format="rif", source=str(path), chunk=c)
            for c in parts
        ]
        assert sum(reports, renju.Report()).to_json() == whole.to_json()
        assert pickle.loads(pickle.dumps(parts[-1])) == parts[-1]


def test_formats_that_cannot_split_are_one_part(repo: Path) -> None:
    path = repo / "fixtures" / "games" / "timed.sgf"
    parts = renju.chunks(path, size=1)
    assert [(c.start, c.end) for c in parts] == [(0, None)]
    report = renju.validate_bytes(parts[0].read(path), format="sgf", source=str(path))
    assert report.to_json() == renju.validate(path).to_json()


def test_repeated_ids_across_parts_are_flagged_as_in_one_run() -> None:
    games = [renju.Game("h8 i9", id=i) for i in ["1", "2", "1", "3", "2", "1"]]
    whole = renju.validate(games)
    assert whole.summary.findings["duplicate-id"] == 3
    for cut in range(len(games) + 1):
        first, second = renju.validate(games[:cut]), renju.validate(games[cut:])
        both = first + second
        assert both == whole and both.to_json() == whole.to_json()
        # A pickled report keeps its ids: it merges the same.
        assert pickle.loads(pickle.dumps(first)) + pickle.loads(pickle.dumps(second)) == whole
    # Merging is associative: (a + b) + c == a + (b + c).
    a, b, c = renju.validate(games[:2]), renju.validate(games[2:4]), renju.validate(games[4:])
    assert (a + b) + c == a + (b + c) == whole


def test_summaries_add_up() -> None:
    one = renju.validate([renju.Game("h8 h8")]).summary
    two = one + one
    assert (two.games, two.errors) == (2, 2)
    total = sum([one, one, one])
    assert isinstance(total, renju.Summary) and total.games == 3
    assert one.merge(one) == two
    with pytest.raises(TypeError):
        one + 1  # type: ignore[operator]
    with pytest.raises(TypeError):
        2 + one


def test_validate_bytes_takes_validate_options() -> None:
    data = b"h8 i9 j10\n"
    assert renju.validate_bytes(data, format="moves", options=renju.ValidationOptions(rule="freestyle")).games[0].rule == "freestyle"
    with pytest.raises(ValueError):
        renju.validate_bytes(data, format="nope")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        renju.chunks(data)
    long = b"h8 " * 100 + b"\nh8 i9\n"
    report = renju.validate_bytes(long, format="moves", source="f.txt", max_line_bytes=50)
    assert report.games[0].findings[0].code == "unreadable-record"
    assert merged(long, 10, max_line_bytes=50).summary == report.summary
