"""Arrow: reports as Arrow tables (read by pyarrow, pandas and polars), a Parquet round
trip of findings, and validation from Arrow and Parquet columns of move strings."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import renju

pa: Any = pytest.importorskip("pyarrow", reason="pyarrow is not installed (tests/python/run.sh installs it)")
pq: Any = pytest.importorskip("pyarrow.parquet")

LINES = [
    "h8 h9 i9 i8 j10 g7 k11 l12 g8 f6 f8 e8 j8 k8 h10",
    "h8 h8",
    "f8 a1 g8 c1 h6 e1 h7 g1 h8",
    "h8 i9 w:resign",
    "h8 zz",
    "h8 j8 j9",
]

GAME_COLUMNS = [
    ("source", "string"), ("index", "uint64"), ("id", "string"), ("moves", "uint64"),
    ("rule", "string"), ("protocol", "string"), ("opening", "string"), ("winner", "string"),
    ("termination", "string"), ("result", "string"), ("findings", "uint64"),
    ("errors", "uint64"), ("warnings", "uint64"),
]
FINDING_COLUMNS = [
    ("source", "string"), ("index", "uint64"), ("id", "string"), ("severity", "string"),
    ("code", "string"), ("move_number", "uint64"), ("message", "string"),
    ("line", "uint64"), ("byte_offset", "uint64"),
]


def file_report(tmp_path: Path) -> renju.Report:
    """The report of LINES written as a move-list file."""
    path = tmp_path / "games.txt"
    path.write_text("\n".join(LINES) + "\n")
    return renju.validate(path)


def test_tables_have_the_documented_columns(tmp_path: Path) -> None:
    report = file_report(tmp_path)
    games = pa.table(report.games_table())
    findings = pa.table(report.findings_table())
    assert [(f.name, str(f.type)) for f in games.schema] == GAME_COLUMNS
    assert [(f.name, str(f.type)) for f in findings.schema] == FINDING_COLUMNS
    assert games.num_rows == len(report) == report.games_table().num_rows
    data = report.to_dict()
    expected = [(g["index"], f["code"], f["message"], f.get("line")) for g in data["games"]
                for f in g["findings"]]
    got = list(zip(findings["index"].to_pylist(), findings["code"].to_pylist(),
                   findings["message"].to_pylist(), findings["line"].to_pylist()))
    assert got == expected
    assert len(expected) >= 3
    assert games["termination"].to_pylist() == [g["outcome"]["termination"] for g in data["games"]]
    assert games["errors"].to_pylist() == [g.errors for g in report]
    assert "ArrowTable" in repr(report.games_table())


def test_pandas_and_polars_read_the_tables(tmp_path: Path) -> None:
    pd: Any = pytest.importorskip("pandas")
    pl: Any = pytest.importorskip("polars")
    report = file_report(tmp_path)
    frame = report.findings_table().to_pandas()
    assert isinstance(frame, pd.DataFrame)
    assert list(frame.columns) == [name for name, _ in FINDING_COLUMNS]
    assert frame["code"].tolist() == [f.code for g in report for f in g.findings]
    polars_frame = report.games_table().to_polars()
    assert isinstance(polars_frame, pl.DataFrame)
    assert polars_frame.height == len(report)
    assert polars_frame["moves"].to_list() == [g.moves for g in report]
    assert pl.DataFrame(report.findings_table()).height == len(frame)


def test_findings_round_trip_through_parquet(tmp_path: Path) -> None:
    report = file_report(tmp_path)
    table = pa.table(report.findings_table())
    pq.write_table(table, tmp_path / "findings.parquet")
    back = pq.read_table(tmp_path / "findings.parquet")
    assert back.equals(table)
    assert back.to_pylist() == table.to_pylist()


def without_lines(report: renju.Report) -> list[dict[str, Any]]:
    """The games of a report as data, without line numbers and sources (rows have none)."""
    games = json.loads(report.to_json())["games"]
    for g in games:
        g.pop("source", None)
        for f in g["findings"]:
            f.pop("line", None)
    return games  # type: ignore[no-any-return]


def test_validate_arrow_reports_as_validate_does(tmp_path: Path) -> None:
    by_file = file_report(tmp_path)
    for column in (pa.array(LINES), pa.chunked_array([LINES[:2], LINES[2:]]),
                   pa.array(LINES, pa.large_string()), pa.array(LINES, pa.string_view())):
        by_rows = renju.validate_arrow(column)
        assert by_rows.summary == by_file.summary
        games, expected = without_lines(by_rows), without_lines(by_file)
        # A bad row's message names the row, a bad line the game: the rest is the same.
        for g, h in zip(games, expected):
            for f, e in zip(g["findings"], h["findings"]):
                if f["code"] == "unreadable-record":
                    assert "row 5" in f["message"] and "game 5" in e["message"]
                    f["message"] = e["message"] = ""
        assert games == expected


def test_validate_arrow_columns_and_errors() -> None:
    pl: Any = pytest.importorskip("polars")
    moves = ["h8 i9", "h8 i9", "h8", None]
    report = renju.validate_arrow(
        pa.array(moves), rules=pa.array(["freestyle", None, "nonsense", None]),
        openings=pa.array([None, "swap2", None, None]), ids=pa.array(["a", "a", None, None]),
        source="db.parquet", first_index=100)
    codes = [[f.code for f in g.findings] for g in report]
    assert codes[1][-1] == "duplicate-id"
    assert codes[2] == ["unknown-rule"]
    assert codes[3] == ["unreadable-record"]
    assert [g.index for g in report] == [100, 101, 102, 103]
    assert report.games[0].rule == "freestyle" and report.games[1].protocol == "swap2"
    assert {g.source for g in report} == {"db.parquet"}
    assert "row 104" in report.games[3].findings[0].message
    from_polars = renju.validate_arrow(pl.Series(moves), rules=pl.Series(["freestyle", None, "nonsense", None]))
    assert [g.rule for g in from_polars][:2] == ["freestyle", "renju"]
    # Dictionary-encoded (categorical) columns: pyarrow and polars.
    categorical = renju.validate_arrow(
        pa.array(moves).dictionary_encode(),
        rules=pa.array(["freestyle", None, "nonsense", None]).dictionary_encode())
    assert categorical == renju.validate_arrow(
        pa.array(moves), rules=pa.array(["freestyle", None, "nonsense", None]))
    from_categorical = renju.validate_arrow(
        pl.Series(moves), rules=pl.Series(["freestyle", None, "nonsense", None], dtype=pl.Categorical))
    assert [g.rule for g in from_categorical] == [g.rule for g in from_polars]
    with pytest.raises(ValueError, match="rules column has 1 rows"):
        renju.validate_arrow(pa.array(moves), rules=pa.array(["renju"]))
    with pytest.raises(TypeError, match="must hold strings"):
        renju.validate_arrow(pa.array([1, 2]))
    with pytest.raises(TypeError, match="must be an Arrow array"):
        renju.validate_arrow(moves)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="opening"):
        renju.validate_arrow(pa.array(moves), options=renju.ValidationOptions(opening="nonsense"))


def test_validate_from_a_parquet_column(tmp_path: Path) -> None:
    table = pa.table({"moves": LINES * 50, "rule": ["renju", "freestyle"] * 150})
    pq.write_table(table, tmp_path / "games.parquet", row_group_size=64)
    back = pq.read_table(tmp_path / "games.parquet")
    report = renju.validate_arrow(back["moves"], rules=back["rule"])
    assert len(report) == 300
    assert back["moves"].num_chunks > 1
    direct = renju.validate_arrow(pa.array(LINES * 50), rules=pa.array(["renju", "freestyle"] * 150))
    assert report.summary == direct.summary
    assert report.summary.games == 300
    assert report.summary.by_termination.get("forbidden", 0) > 0


def test_validate_arrow_checks_an_imported_array_in_full() -> None:
    """An array whose bytes are not UTF-8 is a ValueError naming the column, not
    undefined behaviour (pyarrow builds such arrays from buffers and exports them
    without checking their UTF-8, so renju's own full validation is what catches it);
    offsets that run past the data are a ValueError too (pyarrow checks those on export,
    renju again on import)."""
    import struct

    def string_array(offsets: list[int], data: bytes) -> Any:
        buffers = [None, pa.py_buffer(struct.pack(f"<{len(offsets)}i", *offsets)), pa.py_buffer(data)]
        return pa.Array.from_buffers(pa.string(), len(offsets) - 1, buffers)

    good = string_array([0, 5], b"h8 i9")
    assert renju.validate_arrow(good).summary.games == 1
    with pytest.raises(ValueError):
        renju.validate_arrow(string_array([0, 1000], b"h8 i9"))
    with pytest.raises(ValueError, match="moves column"):
        renju.validate_arrow(string_array([0, 2], b"\xff\xfe"))
    with pytest.raises(ValueError, match="ids column"):
        renju.validate_arrow(good, ids=string_array([0, 2], b"\xc3("))
