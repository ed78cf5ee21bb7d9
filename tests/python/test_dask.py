# mypy: disallow-untyped-calls=False
"""renju.dask on a distributed.LocalCluster of two worker processes: the shared real data
(RenLib, SGF), a generated file of a million games split into byte ranges, and Parquet
datasets give the same summary and findings as renju.validate, renju.validate_arrow and
the CLI (RENJU_CLI)."""

from __future__ import annotations

import json
import os
import re
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import renju

pytest.importorskip("distributed", reason="dask[distributed] is not installed (tests/python/run.sh installs it)")
pa: Any = pytest.importorskip("pyarrow")
pq: Any = pytest.importorskip("pyarrow.parquet")
pd: Any = pytest.importorskip("pandas")

import distributed  # noqa: E402

import renju.dask as rdask  # noqa: E402
from generated_games import write_games  # noqa: E402

CLI = os.environ.get("RENJU_CLI")
KEY = ["source", "index", "code", "move_number", "message", "line", "byte_offset"]


@pytest.fixture(scope="module")
def client() -> Iterator[distributed.Client]:
    """Two worker processes of one thread each, each validating on one core."""
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None,
        env={"RAYON_NUM_THREADS": "1"},
    ) as cluster, distributed.Client(cluster) as c:
        yield c


def rows(frame: Any) -> list[tuple[Any, ...]]:
    """The findings of a pandas frame as tuples (None for nulls), in order."""
    frame = frame.astype(object).where(frame.notna(), None)
    return [tuple(r) for r in frame[KEY].itertuples(index=False)]


def report_rows(report: renju.Report) -> list[tuple[Any, ...]]:
    """The findings of a report as the same tuples."""
    return rows(report.findings_table().to_pandas())


def merged(reports: list[renju.Report]) -> renju.Report:
    """Reports of consecutive inputs, merged in order."""
    total = reports[0]
    for r in reports[1:]:
        total = total + r
    return total


def cli_json(files: list[Path]) -> dict[str, Any]:
    """The CLI's report of files (renju validate --json)."""
    if CLI is None:
        pytest.skip("RENJU_CLI is not set (tests/python/run.sh sets it)")
    out = subprocess.run([CLI, "validate", "--json", *map(str, files)], capture_output=True,
                         text=True, check=False)
    assert out.returncode in (0, 1), out.stderr
    return json.loads(out.stdout)  # type: ignore[no-any-return]


def test_shared_real_data_through_dask(client: distributed.Client, shared_data: Path) -> None:
    files = sorted((shared_data / "renlib").glob("*.lib")) + sorted((shared_data / "sgf").glob("*.sgf"))
    assert len(files) >= 5
    result = rdask.validate_files(files, client=client)
    by_file = merged([renju.validate(f) for f in files])
    assert result.summary == by_file.summary
    assert result.summary.games > 20_000
    assert result.parts == len(files)
    findings = result.findings.compute()
    assert rows(findings) == report_rows(by_file)
    cli = cli_json(files)
    assert cli["summary"] == json.loads(json.dumps(result.summary.to_dict()))
    expected = [(g["source"], g["index"], f["code"], f.get("move"), f["message"], f.get("line"),
                 f.get("byte_offset")) for g in cli["games"] for f in g["findings"]]
    assert rows(findings) == expected


def cli_text(path: Path) -> tuple[list[str], list[tuple[int, str, str]]]:
    """The CLI's text report of a file: its summary lines and its listed findings
    (game number, code, message)."""
    if CLI is None:
        pytest.skip("RENJU_CLI is not set (tests/python/run.sh sets it)")
    out = subprocess.run([CLI, "validate", str(path)], capture_output=True, text=True, check=False)
    assert out.returncode in (0, 1), out.stderr
    lines = out.stdout.splitlines()
    start = next(i for i, line in enumerate(lines) if re.match(r"\d+ games: ", line))
    found: list[tuple[int, str, str]] = []
    game = 0
    for line in lines[:start]:
        m = re.match(r".*: game (\d+)(?: \(.*\))?: \d+ moves", line)
        if m:
            game = int(m.group(1))
            continue
        m = re.match(r"  \w+(?: move \d+)? \[([a-z-]+)\]: (.*)$", line)
        assert m, line
        found.append((game, m.group(1), m.group(2)))
    return lines[start:], found


def summary_lines(s: renju.Summary) -> list[str]:
    """A summary as the CLI's text report writes it."""
    def counted(n: int, thing: str) -> str:
        return f"{n} {thing}" if n == 1 else f"{n} {thing}s"

    lines = [f"{counted(s.games, 'game')}: {counted(s.errors, 'error')}, "
             f"{counted(s.warnings, 'warning')}",
             "endings: " + ", ".join(f"{k} {v}" for k, v in s.by_termination.items())]
    if s.findings:
        lines.append("findings: " + ", ".join(f"{k} {v}" for k, v in s.findings.items()))
    return lines


def test_a_million_games_split_into_byte_ranges(client: distributed.Client, tmp_path: Path) -> None:
    path = tmp_path / "million.txt"
    write_games(path, 1_000_000)
    result = rdask.validate_files([path], client=client, part_bytes=1 << 20)
    assert result.parts >= 8
    assert repr(result).startswith(f"<DaskReport {result.parts} parts: 1000000 games, ")
    direct = renju.validate(path)
    assert result.summary == direct.summary
    assert result.summary.games == 1_000_000
    findings = result.findings.compute()
    assert rows(findings) == report_rows(direct)
    assert len(findings) > 1_000
    summary, listed = cli_text(path)
    assert summary == summary_lines(result.summary)
    notable = findings.groupby("index")["severity"].transform(lambda s: (s != "info").any())
    shown = findings[notable.astype(bool)]
    assert listed == [(int(i) + 1, c, m) for i, c, m in zip(shown["index"], shown["code"], shown["message"])]


def test_a_renjunet_database_split_between_games(client: distributed.Client, repo: Path) -> None:
    """A .rif file is cut between two games (with the tables read so far) and validated
    with its format on the workers, not as a move list."""
    path = repo / "fixtures" / "tournaments" / "club.rif"
    result = rdask.validate_files([path], client=client, part_bytes=200)
    assert result.parts > 2
    direct = renju.validate(path)
    assert result.summary == direct.summary
    assert rows(result.findings.compute()) == report_rows(direct)


def test_parquet_dataset_and_findings_round_trip(client: distributed.Client, tmp_path: Path) -> None:
    from generated_games import game_lines

    lines = game_lines(30_000, seed=5)
    data = tmp_path / "games"
    data.mkdir()
    ids = [f"g{i % 9_000}" for i in range(30_000)]  # repeated ids, across row groups
    rules = ["renju", "freestyle", None] * 10_000
    for k in range(2):
        table = pa.table({"moves": lines[k * 15_000:(k + 1) * 15_000],
                          "rule": rules[k * 15_000:(k + 1) * 15_000],
                          "id": ids[k * 15_000:(k + 1) * 15_000]})
        pq.write_table(table, data / f"part-{k}.parquet", row_group_size=2_000)
    # client=None: the current client (the fixture's).
    result = rdask.validate_parquet(data, rules="rule", ids="id", part_rows=4_000)
    assert result.client is client
    assert result.parts == 8
    files = sorted(str(p) for p in data.glob("*.parquet"))
    direct = []
    for f in files:
        t = pq.read_table(f)
        direct.append(renju.validate_arrow(t["moves"], rules=t["rule"], ids=t["id"], source=f))
    expected = merged(direct)
    assert result.summary == expected.summary
    assert result.summary.findings.get("duplicate-id", 0) > 11_000
    findings = result.findings.compute()
    assert rows(findings) == report_rows(expected)
    # The findings frame written to Parquet and read back.
    out = tmp_path / "findings"
    result.findings.to_parquet(out)
    back = pd.read_parquet(out)
    assert rows(back.reset_index(drop=True)) == rows(findings.reset_index(drop=True))
    assert list(back.columns) == list(findings.columns)


def test_a_scheduler_address_and_errors(client: distributed.Client, tmp_path: Path) -> None:
    """The same call given the scheduler's address, as on a cluster of many machines;
    a missing file raises on the caller's side."""
    path = tmp_path / "few.txt"
    write_games(path, 5_000)
    address: str = client.scheduler_info()["address"]
    assert address.startswith("tcp://")
    result = rdask.validate_files(path, client=address, part_bytes=4096)
    try:
        assert result.client is not client
        assert result.parts > 3
        assert result.summary == renju.validate(path).summary
        assert rows(result.findings.compute()) == report_rows(renju.validate(path))
    finally:
        result.client.close()
    with pytest.raises(FileNotFoundError):
        rdask.validate_files([tmp_path / "missing.txt"], client=client)
