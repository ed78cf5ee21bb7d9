"""Benchmark: validation from an Arrow column, and renju.dask on a LocalCluster, against
the Rust CLI on the same games, in one run.

1. Arrow: the committed benchmark positions (fixtures/bench/midgame_positions.txt, real
   and dense random games) repeated to about --arrow-moves moves, as a pyarrow string
   column and as a move-list file: ``renju.validate_arrow(column)`` against
   ``renju validate FILE``. Moves per second per core = moves / wall time / cores.
2. Dask: a generated file of --games games (tests/python/generated_games.py): the CLI,
   (also on one thread, for the machine's own two-core scaling), then
   ``renju.dask.validate_files`` (summary and findings computed) on a LocalCluster
   of one worker process, then of two (one thread each, RAYON_NUM_THREADS=1 so that a
   worker validates on one core). Cluster start-up is not timed.

Each timing is the best of --repeat runs; the CPU time (this process and its children;
for Dask, the workers' processes) is shown beside the wall time, since the machine may
be shared. Usage (from the repository root, with the extension built, e.g. by
tests/python/run.sh):

    cargo build --release -p renju-cli
    .venv/bin/python renju-py/bench/bench_arrow_dask.py [--games 1000000] [--repeat 3]
"""

# mypy: disallow-untyped-calls=False

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Callable

import renju

REPO = Path(__file__).resolve().parents[2]
POSITIONS = REPO / "fixtures" / "bench" / "midgame_positions.txt"
sys.path.insert(0, str(REPO / "tests" / "python"))

from generated_games import write_games  # noqa: E402


def cpu_seconds() -> float:
    """CPU time of this process and its waited-for children."""
    s = resource.getrusage(resource.RUSAGE_SELF)
    c = resource.getrusage(resource.RUSAGE_CHILDREN)
    return s.ru_utime + s.ru_stime + c.ru_utime + c.ru_stime


def best_of(repeat: int, run: Callable[[], object], cpu: Callable[[], float] = cpu_seconds,
            ) -> tuple[float, float]:
    """The best wall time of `repeat` runs and the CPU time of that run."""
    best = (float("inf"), 0.0)
    for _ in range(repeat):
        c0, t0 = cpu(), time.perf_counter()
        run()
        wall, used = time.perf_counter() - t0, cpu() - c0
        best = min(best, (wall, used))
    return best


def cli_run(cli: Path, path: Path, threads: int | None = None) -> None:
    """renju validate FILE (the text report), on `threads` threads (default: all cores)."""
    env = dict(os.environ)
    if threads is not None:
        env["RAYON_NUM_THREADS"] = str(threads)
    subprocess.run([str(cli), "validate", str(path)], stdout=subprocess.DEVNULL, check=False,
                   env=env)


def arrow_bench(args: argparse.Namespace, tmp: Path) -> None:
    """validate_arrow on a column against the CLI on the same games."""
    import pyarrow as pa  # type: ignore[import-untyped]

    lines = [line for line in POSITIONS.read_text().splitlines()
             if line.strip() and not line.startswith("#")]
    per_copy = sum(len(line.split()) for line in lines)
    lines = lines * max(1, round(args.arrow_moves / per_copy))
    path = tmp / "positions.txt"
    path.write_text("\n".join(lines) + "\n")
    column = pa.array(lines)
    report = renju.validate_arrow(column)
    moves = sum(g.moves for g in report)
    assert report.summary == renju.validate(path).summary
    cores = os.cpu_count() or 1
    arrow, arrow_cpu = best_of(args.repeat, lambda: renju.validate_arrow(column))
    cli, cli_cpu = best_of(args.repeat, lambda: cli_run(args.cli, path))
    print(f"== Arrow: {len(lines)} games, {moves} moves, {cores} cores")
    print(f"{'what':36} {'wall s':>7} {'cpu s':>7} {'M moves/s/core':>15} {'M moves/cpu-s':>14}")
    for name, wall, cpu in [("renju.validate_arrow(column)", arrow, arrow_cpu),
                            ("renju validate FILE (CLI)", cli, cli_cpu)]:
        print(f"{name:36} {wall:7.3f} {cpu:7.3f} {moves / wall / cores / 1e6:15.2f} "
              f"{moves / cpu / 1e6:14.2f}")
    print(f"ratio arrow/CLI moves per second: {cli / arrow:.2f} (wall), "
          f"{cli_cpu / arrow_cpu:.2f} (per CPU second)")


def workers_cpu(client: Any) -> float:
    """The CPU time the cluster's worker processes used so far."""
    def used() -> float:
        t = resource.getrusage(resource.RUSAGE_SELF)
        return t.ru_utime + t.ru_stime
    return float(sum(client.run(used).values()))


def dask_bench(args: argparse.Namespace, tmp: Path) -> None:
    """renju.dask.validate_files on one and two workers against the CLI."""
    import distributed

    import renju.dask as rdask

    path = tmp / "million.txt"
    write_games(path, args.games)
    direct = renju.validate(path)
    moves = sum(g.moves for g in direct)
    cli, cli_cpu = best_of(args.repeat, lambda: cli_run(args.cli, path))
    cli1, cli1_cpu = best_of(args.repeat, lambda: cli_run(args.cli, path, 1))
    print(f"== Dask: {args.games} generated games, {moves} moves, "
          f"{path.stat().st_size >> 20} MiB, parts of {args.part_bytes >> 10} KiB")
    print(f"{'what':36} {'wall s':>7} {'cpu s':>7} {'games/s':>10}")
    print(f"{'renju validate FILE (CLI)':36} {cli:7.3f} {cli_cpu:7.3f} {args.games / cli:10.0f}")
    print(f"{'CLI on one thread (reference)':36} {cli1:7.3f} {cli1_cpu:7.3f} "
          f"{args.games / cli1:10.0f}")
    times = {}
    for n in (1, 2):
        with distributed.LocalCluster(
            n_workers=n, threads_per_worker=1, processes=True, dashboard_address=None,
            env={"RAYON_NUM_THREADS": "1"},
        ) as cluster, distributed.Client(cluster) as client:
            def run() -> None:
                result = rdask.validate_files([path], client=client, part_bytes=args.part_bytes)
                assert result.summary == direct.summary
                result.findings.compute()

            run()  # warm-up: workers import renju, pyarrow and pandas
            wall, cpu = best_of(args.repeat, run, lambda: cpu_seconds() + workers_cpu(client))
            times[n] = wall
            name = f"renju.dask, {n} worker process{'es' if n > 1 else ''}"
            print(f"{name:36} {wall:7.3f} {cpu:7.3f} {args.games / wall:10.0f}")
    print(f"ratio 2 workers / 1 worker throughput: {times[1] / times[2]:.2f} "
          f"(the CLI's own, 2 threads / 1 thread: {cli1 / cli:.2f})")
    print(f"ratio 2 workers time / CLI time: {times[2] / cli:.2f}")


def main() -> int:
    """Runs the benchmark and prints the results."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--arrow-moves", type=int, default=10_000_000)
    parser.add_argument("--games", type=int, default=1_000_000)
    parser.add_argument("--part-bytes", type=int, default=2 << 20)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--skip", choices=["arrow", "dask"], action="append", default=[])
    parser.add_argument("--cli", type=Path, default=REPO / "target" / "release" / "renju")
    args = parser.parse_args()
    if not args.cli.is_file():
        subprocess.run(["cargo", "build", "--release", "-p", "renju-cli"], cwd=REPO, check=True)
    print(f"load average before: {os.getloadavg()[0]:.1f}; Python {sys.version.split()[0]}, "
          f"renju {renju.__version__}")
    with tempfile.TemporaryDirectory() as tmp:
        if "arrow" not in args.skip:
            arrow_bench(args, Path(tmp))
        if "dask" not in args.skip:
            dask_bench(args, Path(tmp))
    print(f"load average after: {os.getloadavg()[0]:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
