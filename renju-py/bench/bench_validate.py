"""Benchmark: batch validation from Python against the Rust CLI on the same file.

Builds a move-list file of about 100k moves from the committed benchmark positions
(fixtures/bench/midgame_positions.txt, repeated), then times

* ``renju.validate(path).to_json()`` from Python (read, replay, report, JSON: all in the
  core, the GIL released, rayon on every core),
* ``renju.validate(games)`` on Game objects already in memory,
* ``renju validate --json FILE`` (the CLI, a separate process: its start-up counts),

checks that Python and the CLI give the same report, and prints the times and the ratio.

Usage (from the repository root, with the extension built, e.g. by tests/python/run.sh):

    cargo build --release -p renju-cli
    .venv/bin/python renju-py/bench/bench_validate.py [--moves 100000] [--repeat 5]
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Callable

import renju

REPO = Path(__file__).resolve().parents[2]
POSITIONS = REPO / "fixtures" / "bench" / "midgame_positions.txt"


def best_of(repeat: int, run: Callable[[], object]) -> tuple[float, float, float]:
    """Runs `run` `repeat` times: (best wall time, median wall time, CPU/wall ratio of
    the best run, counting this process and its children)."""
    times: list[tuple[float, float]] = []
    for _ in range(repeat):
        before = resource.getrusage(resource.RUSAGE_SELF)
        before_c = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        run()
        wall = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_SELF)
        after_c = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = sum(
            a - b
            for a, b in [
                (after.ru_utime, before.ru_utime),
                (after.ru_stime, before.ru_stime),
                (after_c.ru_utime, before_c.ru_utime),
                (after_c.ru_stime, before_c.ru_stime),
            ]
        )
        times.append((wall, cpu / wall if wall > 0 else 0.0))
    best = min(times)
    return best[0], statistics.median(t for t, _ in times), best[1]


def main() -> int:
    """Runs the benchmark and prints the results."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=100_000, help="about this many moves")
    parser.add_argument("--repeat", type=int, default=5, help="runs of each timing")
    parser.add_argument(
        "--cli",
        type=Path,
        default=REPO / "target" / "release" / "renju",
        help="the renju CLI (default: target/release/renju)",
    )
    args = parser.parse_args()
    if not args.cli.is_file():
        print(f"building the CLI ({args.cli} is missing)", file=sys.stderr)
        subprocess.run(
            ["cargo", "build", "--release", "-p", "renju-cli"], cwd=REPO, check=True
        )

    lines = [
        line
        for line in POSITIONS.read_text().splitlines()
        if line.strip() and not line.startswith("#")
    ]
    moves_per_copy = sum(len(g.moves) for g in renju.read_bytes("\n".join(lines).encode(), "moves"))
    copies = max(1, round(args.moves / moves_per_copy))
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "bench_games.txt"
        path.write_text("\n".join(lines * copies) + "\n")
        games = list(renju.read(path))
        total_moves = sum(len(g.moves) for g in games)
        print(
            f"data: {len(games)} games, {total_moves} moves "
            f"({POSITIONS.relative_to(REPO)} x {copies}); {os.cpu_count()} cores; "
            f"Python {sys.version.split()[0]}, renju {renju.__version__}"
        )

        py_file, py_file_med, py_file_cpu = best_of(
            args.repeat, lambda: renju.validate(path).to_json()
        )
        py_mem, py_mem_med, py_mem_cpu = best_of(args.repeat, lambda: renju.validate(games))
        cli_cmd = [str(args.cli), "validate", "--json", str(path)]
        cli, cli_med, cli_cpu = best_of(
            args.repeat,
            lambda: subprocess.run(cli_cmd, stdout=subprocess.DEVNULL, check=False),
        )

        # Same data, same report.
        out = subprocess.run(cli_cmd, capture_output=True, text=True, check=False)
        same = json.loads(out.stdout) == json.loads(renju.validate(path).to_json())

    rows = [
        ("python renju.validate(path).to_json()", py_file, py_file_med, py_file_cpu),
        ("python renju.validate(list of Game)", py_mem, py_mem_med, py_mem_cpu),
        ("cli    renju validate --json FILE", cli, cli_med, cli_cpu),
    ]
    print(f"{'what':42} {'best s':>8} {'median s':>9} {'moves/s':>11} {'cpu/wall':>8}")
    for name, best, med, cpu in rows:
        print(f"{name:42} {best:8.4f} {med:9.4f} {total_moves / best:11.0f} {cpu:8.2f}")
    print(f"ratio python(path)/cli: {py_file / cli:.2f}   python(games)/cli: {py_mem / cli:.2f}")
    print(f"same report as the CLI: {same}")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
