"""renju.validate(): inputs, report objects, JSON, and the GIL released during the
batch."""

from __future__ import annotations

import json
import os
import subprocess
import threading
import time
from pathlib import Path

import pytest

import renju


def test_report_objects(repo: Path) -> None:
    """Reports, game reports, findings and the summary."""
    path = repo / "fixtures" / "games" / "bad_records.txt"
    report = renju.validate(path)
    assert len(report) == 6 and report.errors == 5 and report.warnings == 0
    assert repr(report) == "<Report 6 games, 5 errors, 0 warnings>"
    summary = report.summary
    assert summary.games == 6 and summary.errors == 5
    assert summary.by_termination == {"five": 2, "unfinished": 4}
    assert summary.findings["unreadable-record"] == 1
    assert summary.findings["occupied-point"] == 1
    games = list(report)
    assert games == report.games
    occupied = games[0]
    assert (occupied.source, occupied.index, occupied.moves) == (str(path), 0, 2)
    assert (occupied.rule, occupied.protocol, occupied.opening) == ("renju", "free", None)
    (finding,) = occupied.findings
    assert (finding.severity, finding.code, finding.move_number) == ("error", "occupied-point", 3)
    assert finding.message == "move 3: h8 is occupied"
    assert str(finding) == "error [occupied-point] move 3: move 3: h8 is occupied"
    assert finding.to_dict()["move"] == 3
    unreadable = games[1]
    (f,) = unreadable.findings
    assert f.code == "unreadable-record" and f.line == 6 and f.byte_offset is None
    assert unreadable.rule is None and unreadable.outcome.termination == "unfinished"
    good = games[5]
    assert good.errors == 0 and good.outcome.winner == renju.Color.BLACK
    assert good.opening is not None


def test_json_and_dict(repo: Path) -> None:
    """to_json() and to_dict() agree, with the CLI's field names."""
    report = renju.validate(repo / "fixtures" / "games" / "sample.txt")
    data = report.to_dict()
    assert data == json.loads(report.to_json())
    assert set(data) == {"games", "summary"}
    assert set(data["games"][0]) >= {"source", "index", "id", "moves", "rule", "protocol",
                                    "opening", "outcome", "findings"}
    assert data["summary"]["games"] == 5
    assert report.summary.to_dict() == data["summary"]
    assert report.games[0].to_dict() == data["games"][0]
    assert json.loads(report.games[0].to_json()) == data["games"][0]


def test_inputs_agree(repo: Path) -> None:
    """A path, a reader, a list of games and errors, all give the same report."""
    path = repo / "fixtures" / "games" / "bad_records.txt"
    by_path = renju.validate(path).to_dict()
    assert renju.validate(str(path)).to_dict() == by_path
    assert renju.validate(renju.read(path)).to_dict() == by_path
    assert renju.validate(list(renju.read(path, errors="yield"))).to_dict() == by_path
    skipped = renju.validate(renju.read(path, errors="skip"))
    assert skipped.summary.games == 5
    # A partly read reader gives the rest.
    reader = renju.read(path)
    next(reader)
    assert renju.validate(reader).summary.games == 5
    assert renju.validate(reader).summary.games == 0
    assert renju.validate([]).summary.games == 0


def test_options(repo: Path) -> None:
    """Keyword arguments are defaults for what records do not say."""
    games = [renju.Game("h8 i9 j10 k11 g9 l12"), renju.Game("h8 h10 j10")]
    free = renju.validate(games)
    assert free.errors == 0
    rif = renju.validate(games, options=renju.ValidationOptions(opening="rif1996"))
    assert rif.summary.findings.get("opening-area", 0) >= 1
    freestyle = renju.validate([renju.Game("f8 a1 g8 c1 h6 e1 h7 g1 h8")], options=renju.ValidationOptions(rule="freestyle"))
    assert freestyle.games[0].rule == "freestyle"
    assert freestyle.games[0].outcome.termination == "unfinished"
    with pytest.raises(ValueError, match="claim model"):
        renju.validate(games, options=renju.ValidationOptions(claims="loudly"))
    with pytest.raises(TypeError, match="format= only applies"):
        renju.validate(games, format="moves")
    with pytest.raises(TypeError, match="renju.Game"):
        renju.validate(["h8 i9"])  # type: ignore[list-item]
    with pytest.raises(TypeError, match="validate\\(\\) takes"):
        renju.validate(42)  # type: ignore[arg-type]
    odd = repo / "fixtures" / "README.md"
    with pytest.raises(ValueError, match="cannot tell the format"):
        renju.validate(odd)


def big_batch() -> list[renju.Game]:
    """About 100k moves of real game prefixes."""
    path = Path(__file__).resolve().parents[2] / "fixtures" / "bench" / "midgame_positions.txt"
    games = list(renju.read(path))
    return games * 25


def test_validate_releases_the_gil() -> None:
    """While validate() runs in a thread, Python code keeps running in this one."""
    games = big_batch()
    start = time.perf_counter()
    renju.validate(games)
    alone = time.perf_counter() - start
    reps = max(1, int(0.4 / max(alone, 1e-3)))
    batch = games * reps
    done = threading.Event()

    def work() -> None:
        renju.validate(batch)
        done.set()

    thread = threading.Thread(target=work)
    thread.start()
    longest_gap = 0.0
    ticks = 0
    last = time.perf_counter()
    began = last
    while not done.is_set():
        now = time.perf_counter()
        longest_gap = max(longest_gap, now - last)
        last = now
        ticks += 1
    total = time.perf_counter() - began
    thread.join()
    # Holding the GIL for the batch would stall this loop for (nearly) all of it.
    assert ticks > 1000
    assert longest_gap < 0.5 * total, (longest_gap, total)


def test_same_json_as_the_cli(repo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Python's to_json() is the CLI's `renju validate --json` (RENJU_CLI names the CLI
    binary; run.sh builds it)."""
    cli = os.environ.get("RENJU_CLI")
    if not cli or not Path(cli).is_file():
        pytest.skip("RENJU_CLI does not name a built renju CLI (tests/python/run.sh sets it)")
    monkeypatch.chdir(repo)
    for name in ["bad_records.txt", "sample.txt"]:
        path = f"fixtures/games/{name}"
        run = subprocess.run([cli, "validate", "--json", path], cwd=repo,
                             capture_output=True, text=True, check=False)
        assert run.returncode in (0, 1), run.stderr
        ours = renju.validate(path)  # the same relative path: the same source names
        assert json.loads(run.stdout) == ours.to_dict()


CHILD = """
import sys, time
import renju
print("started", flush=True)
start = time.monotonic()
try:
    report = renju.validate(sys.argv[1])
except KeyboardInterrupt:
    print(f"interrupted after {time.monotonic() - start:.2f}", flush=True)
    sys.exit(3)
print(f"finished {len(report)} games after {time.monotonic() - start:.2f}", flush=True)
"""


@pytest.mark.skipif(os.name != "posix", reason="sends SIGINT to a child process")
def test_ctrl_c_stops_a_long_validation(tmp_path: Path) -> None:
    """Issue 9 item 19: Ctrl-C (SIGINT) during renju.validate(path) of a large file
    raises KeyboardInterrupt at once, not when every game is done."""
    import signal
    import sys

    path = tmp_path / "many.txt"
    game = "h8 h9 i9 g7 j10 k11 i8 i10 j8 k8 j9 j7 k9 h7 l9 g9 m9 f10 e11 d12 n8\n"
    path.write_text(game * 800_000)  # about 6 s of validation on two cores
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD, str(path)], stdout=subprocess.PIPE, text=True)
    assert child.stdout is not None
    assert child.stdout.readline().strip() == "started"
    time.sleep(0.5)
    sent = time.monotonic()
    child.send_signal(signal.SIGINT)
    out, _ = child.communicate(timeout=60)
    waited = time.monotonic() - sent
    assert child.returncode == 3, out
    assert out.startswith("interrupted after"), out
    assert waited < 1.5, (waited, out)
