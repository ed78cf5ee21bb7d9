"""Benchmark: the hot paths (forbidden points of many positions) from Rust, Python, the
batch function, the CLI and the peers a user would pick instead, in one run, on the same
positions, with ratios against the targets of the hot-path issue.

Positions: the 200 committed benchmark positions (fixtures/bench/midgame_positions.txt)
under the 8 board symmetries (1,600 distinct), cycled to --positions (20,000 by default).

* Rust: ``cargo run --release -p renju-core --example bench_hot`` on the same positions
  (build from a move list; diagram + map; map of a built position; build from cells +
  map; the batch on one core and on all);
* Python per call: ``Board(moves)``, ``Board.from_diagram(text).forbidden_points()``,
  ``forbidden_points()`` on built boards;
* Python batch: ``renju.forbidden_masks(array)`` (a child process per thread count,
  RAYON_NUM_THREADS=1 and all cores);
* CLI: ``renju forbidden`` end to end (process start included), moves and boards;
* peers, when they can be installed (``pip install --target .venv/peers/NAME``; never in
  the tests): ``omok`` with numba (``omok.renju.forbidden_moves(state)``) and PyPI
  ``renju`` (``get_foul_type`` at every empty point; a subset, it is slow). Each peer
  runs in a child process (PyPI ``renju`` has this package's import name). A peer that
  cannot be installed is skipped with the reason.

Usage (from the repository root, with the extension built, e.g. by tests/python/run.sh):

    .venv/bin/python renju-py/bench/bench_hot_paths.py [--positions 20000] [--repeat 3]
        [--no-peers]
"""

from __future__ import annotations

import argparse
import json
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
PEERS = REPO / ".venv" / "peers"

# A child process timing renju.forbidden_masks: argv = cells file, count, repeat.
BATCH_CHILD = """
import sys, time, json
import numpy as np, renju
cells = np.fromfile(sys.argv[1], dtype=np.uint8).reshape(int(sys.argv[2]), 15, 15)
best, best_cpu = float("inf"), 0.0
for _ in range(int(sys.argv[3])):
    s, c = time.perf_counter(), time.process_time()
    renju.forbidden_masks(cells)
    if time.perf_counter() - s < best:
        best, best_cpu = time.perf_counter() - s, time.process_time() - c
print(json.dumps({"us": best * 1e6 / len(cells), "cpu": best_cpu * 1e6 / len(cells)}))
"""

# omok with numba: argv = cells file, count, repeat. Warms up (compiles) first.
# omok's package __init__ imports its AlphaZero agent, hence onnxruntime, which the rule
# code never uses: a stand-in module lets the rule code import without it.
OMOK_CHILD = """
import sys, time, json, types
import numpy as np
try:
    import onnxruntime
except ImportError:
    sys.modules["onnxruntime"] = types.ModuleType("onnxruntime")
from omok import renju as r
if r.BACKEND != "numba":
    print(json.dumps({"skip": "omok runs without numba (backend " + r.BACKEND + ")"}))
    sys.exit(0)
cells = np.fromfile(sys.argv[1], dtype=np.uint8).reshape(int(sys.argv[2]), 15, 15)
states = [c.tolist() for c in cells]  # a state list per position, as the issue measured
r.forbidden_moves(states[0])
best, best_cpu = float("inf"), 0.0
for _ in range(int(sys.argv[3])):
    s, c = time.perf_counter(), time.process_time()
    maps = [r.forbidden_moves(st) for st in states]
    if time.perf_counter() - s < best:
        best, best_cpu = time.perf_counter() - s, time.process_time() - c
print(json.dumps({"us": best * 1e6 / len(states), "cpu": best_cpu * 1e6 / len(states),
                  "points": sum(len(m) for m in maps)}))
"""

# PyPI renju (pure Python): argv = cells file, count. One run on the given positions.
PYPI_RENJU_CHILD = """
import sys, time, json
from renju.check_forbid import get_foul_type
raw = open(sys.argv[1], "rb").read()
n = int(sys.argv[2])
grids = []
for i in range(n):
    c = raw[i * 225:(i + 1) * 225]
    grids.append([[c[y * 15 + x] for y in range(15)] for x in range(15)])  # grid[x][y]
s = time.perf_counter()
points = 0
for g in grids:
    points += sum(1 for x in range(15) for y in range(15)
                  if g[x][y] == 0 and get_foul_type(g, x, y))
print(json.dumps({"us": (time.perf_counter() - s) * 1e6 / n, "points": points}))
"""


CPU: dict[str, float] = {}
"""CPU time (user + system, this process and its children) of the best run, in
microseconds per position, by row name: on a loaded machine wall time includes waiting."""


def best_of(repeat: int, n: int, run: Callable[[], object], name: str = "") -> float:
    """The best of `repeat` runs, in wall microseconds per position (its CPU time goes
    to CPU[name])."""
    best, best_cpu = float("inf"), 0.0
    for _ in range(repeat):
        before = [resource.getrusage(w) for w in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN)]
        start = time.perf_counter()
        run()
        wall = time.perf_counter() - start
        after = [resource.getrusage(w) for w in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN)]
        cpu = sum(a.ru_utime - b.ru_utime + a.ru_stime - b.ru_stime for a, b in zip(after, before))
        if wall < best:
            best, best_cpu = wall, cpu
    if name:
        CPU[name] = best_cpu * 1e6 / n
    return best * 1e6 / n


def child_json(cmd: list[str], env: dict[str, str] | None = None) -> dict[str, Any]:
    """Runs a child process and reads the JSON object on its last output line."""
    out = subprocess.run(cmd, capture_output=True, text=True, env=env, check=False)
    lines = out.stdout.strip().splitlines()
    if out.returncode != 0 or not lines:
        return {"skip": f"failed ({out.returncode}): {out.stderr.strip()[-300:]}"}
    result: dict[str, Any] = json.loads(lines[-1])
    return result


def install_peer(name: str, installs: list[list[str]]) -> str | None:
    """Installs a peer into .venv/peers/NAME (once), one pip call per list of arguments;
    its path, or None after saying why."""
    target = PEERS / name
    if (target / ".installed").is_file():
        return str(target)
    for packages in installs:
        print(f"installing peer {name}: {' '.join(packages)} into {target}", file=sys.stderr)
        cmd = [sys.executable, "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
               "--upgrade", "--target", str(target), *packages]
        out = subprocess.run(cmd, capture_output=True, text=True, check=False)
        if out.returncode != 0:
            print(f"peer {name} skipped: cannot install it: {out.stderr.strip()[-300:]}")
            return None
    (target / ".installed").write_text(repr(installs) + "\n")
    return str(target)


def peer_env(path: str) -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = path
    return env


def measure_peers(args: argparse.Namespace, cells_file: Path, n: int) -> dict[str, float]:
    """The peers' timings (omok, PyPI renju), microseconds a position."""
    peers: dict[str, float] = {}
    if args.no_peers:
        print("peers skipped (--no-peers)")
    else:
        # omok's own dependencies include onnxruntime, which its rule code does not use.
        omok = install_peer("omok", [["omok==0.2.0", "--no-deps"], ["numba"]])
        if omok is not None:
            res = child_json([sys.executable, "-c", OMOK_CHILD, str(cells_file), str(n),
                              str(args.repeat)], peer_env(omok))
            if "us" in res:
                peers["omok (numba) forbidden_moves"] = float(res["us"])
                CPU["omok (numba) forbidden_moves"] = float(res["cpu"])
                print(f"omok finds {res['points'] / n:.2f} forbidden points per position")
            else:
                print(f"peer omok skipped: {res.get('skip')}")
        pypi = install_peer("pypi-renju", [["renju==0.1.0", "--no-deps"]])
        if pypi is not None:
            k = min(n, args.pypi_renju_positions)
            res = child_json([sys.executable, "-c", PYPI_RENJU_CHILD, str(cells_file),
                              str(k)], peer_env(pypi))
            if "us" in res:
                peers[f"PyPI renju get_foul_type map ({k} pos.)"] = float(res["us"])
            else:
                print(f"peer PyPI renju skipped: {res.get('skip')}")
    return peers


def ratio_checks(t: dict[str, float], r: dict[str, float], peers: dict[str, float],
                 points: int, n: int) -> list[tuple[str, float, str, bool]]:
    """The ratios checked: (name, value, target, whether it is met)."""
    checks: list[tuple[str, float, str, bool]] = []

    def check(name: str, value: float, target: str, ok: bool) -> None:
        checks.append((name, value, target, ok))

    per_point = 1.0 + 0.2 * points / n
    check("Board(moves) / rust from_moves", t["py Board(moves)"] / r["moves"], "<= 2",
          t["py Board(moves)"] <= 2 * r["moves"])
    fd = t["py from_diagram+forbidden_points"]
    check("from_diagram+map / rust same", fd / r["diagram_map"], "<= 2",
          fd <= 2 * r["diagram_map"])
    fp = t["py forbidden_points (built)"]
    check(f"forbidden_points us (budget {per_point:.2f})", fp, f"<= {per_point:.2f}",
          fp <= per_point)
    one, alln = t["py forbidden_masks, 1 core(s)"], t[f"py forbidden_masks, {os.cpu_count() or 1} core(s)"]
    check("forbidden_masks 1 core / rust build+map", one / r["cells_map"], "<= 1.3",
          one <= 1.3 * r["cells_map"])
    check("  (same, against rust batch on 1 core)", one / r["batch_1core"], "(info)", True)
    check("forbidden_masks 1 core / all cores", one / alln, "> 1", one > alln)
    omok_us = next((v for k, v in peers.items() if k.startswith("omok")), None)
    if omok_us is not None:
        # One position per call from Python (a diagram built, its forbidden points asked
        # for), against the peer's call on one position: one core each.
        check("omok / from_diagram+forbidden_points", omok_us / fd, ">= 3.5",
              omok_us >= 3.5 * fd)
        check("omok / forbidden_masks (all cores)", omok_us / alln, ">= 20", omok_us >= 20 * alln)
        cli_us = t["cli forbidden (boards), all cores"]
        check("omok / cli forbidden (boards)", omok_us / cli_us, ">= 8", omok_us >= 8 * cli_us)
        cli_m = t["cli forbidden (moves), all cores"]
        check("omok / cli forbidden (moves)", omok_us / cli_m, ">= 8", omok_us >= 8 * cli_m)
        # The same ratios on CPU time, which the load of a shared machine does not
        # change (a batch on two cores has half its CPU time as its wall time at best).
        omok_cpu = CPU["omok (numba) forbidden_moves"]
        masks_cpu = CPU.get(f"py forbidden_masks, {os.cpu_count() or 1} core(s)")
        if masks_cpu:
            check("  (omok / forbidden_masks, CPU time)", omok_cpu / masks_cpu, "(info)", True)
        for kind in ("boards", "moves"):
            cli_cpu = CPU[f"cli forbidden ({kind}), all cores"]
            check(f"  (omok / cli forbidden ({kind}), CPU time)", omok_cpu / cli_cpu, "(info)",
                  True)
    else:
        print("omok not measured: its ratios are not checked")
    pypi_us = next((v for k, v in peers.items() if k.startswith("PyPI")), None)
    if pypi_us is not None:
        check("PyPI renju / forbidden_masks (all cores)", pypi_us / alln, "(info)", True)
    return checks


def main() -> int:
    """Runs the benchmark and prints the table."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--positions", type=int, default=20_000, help="positions to judge")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each timing (best)")
    parser.add_argument("--pypi-renju-positions", type=int, default=100,
                        help="positions for PyPI renju (pure Python, slow)")
    parser.add_argument("--no-peers", action="store_true", help="skip omok and PyPI renju")
    args = parser.parse_args()
    import numpy as np  # the benchmark needs numpy (the package does not)

    base = [line.strip() for line in POSITIONS.read_text().splitlines()
            if line.strip() and not line.startswith("#")]
    distinct = [renju.Board(m).transformed(s).move_string
                for m in base for s in renju.Symmetry.all()]
    lines = [distinct[i % len(distinct)] for i in range(args.positions)]
    n = len(lines)
    boards = [renju.Board(m) for m in lines]
    diagrams = [b.to_diagram() for b in boards]
    cells = np.stack([b.to_numpy()[0] + 2 * b.to_numpy()[1] for b in boards]).astype(np.uint8)
    points = sum(len(b.forbidden_points()) for b in boards)
    print(f"data: {n} positions ({len(distinct)} distinct: {POSITIONS.relative_to(REPO)} "
          f"x 8 symmetries), {points / n:.2f} forbidden points per position; "
          f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}; "
          f"Python {sys.version.split()[0]}, renju {renju.__version__}")

    with tempfile.TemporaryDirectory() as tmp:
        moves_file = Path(tmp) / "moves.txt"
        moves_file.write_text("\n".join(lines) + "\n")
        cells_file = Path(tmp) / "cells.u8"
        cells.tofile(cells_file)
        jsonl_moves = Path(tmp) / "moves.jsonl"
        jsonl_moves.write_text("".join(json.dumps({"moves": m}) + "\n" for m in lines))
        jsonl_boards = Path(tmp) / "boards.jsonl"
        rows = [["".join(".BW"[v] for v in row) for row in c[::-1]] for c in cells[:len(distinct)]]
        jsonl_boards.write_text(
            "".join(json.dumps({"board": rows[i % len(rows)]}) + "\n" for i in range(n)))

        # Two builds: with --example, cargo would build the example only, not the CLI.
        subprocess.run(["cargo", "build", "--quiet", "--release", "-p", "renju-cli",
                        "--bin", "renju"], cwd=REPO, check=True)
        subprocess.run(["cargo", "build", "--quiet", "--release", "-p", "renju-core",
                        "--features", "parallel", "--example", "bench_hot"], cwd=REPO,
                       check=True)
        rust = child_json([str(REPO / "target" / "release" / "examples" / "bench_hot"),
                           str(moves_file), str(args.repeat)])
        cli = str(REPO / "target" / "release" / "renju")

        def run_cli(path: Path, threads: str | None = None) -> Callable[[], object]:
            env = dict(os.environ)
            if threads:
                env["RAYON_NUM_THREADS"] = threads
            def go() -> object:
                with path.open("rb") as stdin:
                    return subprocess.run([cli, "forbidden"], stdin=stdin,
                                          stdout=subprocess.DEVNULL, env=env, check=False)
            return go

        t: dict[str, float] = {}
        t["py Board(moves)"] = best_of(args.repeat, n, lambda: [renju.Board(m) for m in lines],
                                       "py Board(moves)")
        t["py from_diagram+forbidden_points"] = best_of(
            args.repeat, n,
            lambda: [renju.Board.from_diagram(d).forbidden_points() for d in diagrams])
        t["py forbidden_points (built)"] = best_of(
            args.repeat, n, lambda: [b.forbidden_points() for b in boards])
        t["py forbidden_mask (built)"] = best_of(
            args.repeat, n, lambda: [b.forbidden_mask() for b in boards])
        for threads in ("1", str(os.cpu_count() or 1)):
            env = dict(os.environ, RAYON_NUM_THREADS=threads)
            res = child_json([sys.executable, "-c", BATCH_CHILD, str(cells_file), str(n),
                              str(args.repeat)], env)
            t[f"py forbidden_masks, {threads} core(s)"] = float(res.get("us", "nan"))
            if "cpu" in res:
                CPU[f"py forbidden_masks, {threads} core(s)"] = float(res["cpu"])
        t["cli forbidden (moves), all cores"] = best_of(args.repeat, n, run_cli(jsonl_moves), "cli forbidden (moves), all cores")
        t["cli forbidden (boards), all cores"] = best_of(args.repeat, n, run_cli(jsonl_boards), "cli forbidden (boards), all cores")
        t["cli forbidden (boards), 1 core"] = best_of(args.repeat, n, run_cli(jsonl_boards, "1"), "cli forbidden (boards), 1 core")

        peers = measure_peers(args, cells_file, n)

    r = {k: float(v) for k, v in rust.items() if isinstance(v, (int, float))}
    if "moves" not in r:
        print(f"Rust timings missing: {rust}")
        return 1
    print(f"\n{'what (best of runs)':44} {'us/pos':>9} {'cpu us':>8}")
    print(f"{'rust Position::from_moves':44} {r['moves']:9.3f}")
    print(f"{'rust from_diagram + forbidden_points':44} {r['diagram_map']:9.3f}")
    print(f"{'rust forbidden_points (built)':44} {r['map_built']:9.3f}")
    print(f"{'rust from_cells + forbidden_points, 1 core':44} {r['cells_map']:9.3f}")
    print(f"{'rust batch::forbidden_masks, 1 core':44} {r['batch_1core']:9.3f}")
    print(f"{'rust batch::forbidden_masks, all cores':44} {r['batch_all']:9.3f}")
    for name, us in list(t.items()) + list(peers.items()):
        cpu = f"{CPU[name]:8.3f}" if name in CPU else ""
        print(f"{name:44} {us:9.3f} {cpu}")

    checks = ratio_checks(t, r, peers, points, n)
    print(f"\n{'ratio':44} {'value':>9}  {'target':8} ok")
    for name, value, target, ok in checks:
        print(f"{name:44} {value:9.2f}  {target:8} {'yes' if ok else 'NO'}")
    return 0 if all(ok for *_, ok in checks) else 1


if __name__ == "__main__":
    sys.exit(main())
