"""Benchmark: the live referee from Python against the same in Rust, per move, with the
full status after every move.

Workload: the committed benchmark games (fixtures/bench/midgame_positions.txt, 200 move
lists), each played on a fresh ``Referee()`` (free opening, automatic fouls) until it
ends or a move is refused; the moves played are the same on both sides.

* Rust: ``cargo run --release -p renju-py --example bench_referee`` (``Referee::act``,
  which builds the status; ``take``, which does not; ``handle_json``, the protocol);
* Python: ``Referee.place(point)`` (returns the Status), the same reading every status
  attribute (legal points, forbidden points, ...), and ``Referee.apply(dict)`` (the
  protocol, dict in and dict out).

Each timing is the best of --rounds rounds (Rust, then Python) of --repeat runs each, in
microseconds per move. The ratio of
``place`` to Rust's ``act`` is checked against the target (Python at most 2x Rust).
Usage (from the repository root, with the extension built, e.g. by
tests/python/run.sh):

    .venv/bin/python renju-py/bench/bench_referee.py [--repeat 3] [--rounds 3]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Callable

import renju
import renju.referee

REPO = Path(__file__).resolve().parents[2]
POSITIONS = REPO / "fixtures" / "bench" / "midgame_positions.txt"


def best_of(repeat: int, n: int, run: Callable[[], object]) -> float:
    """The best time of `repeat` runs, in microseconds per move."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - start)
    return best * 1e6 / n


def playable(line: str) -> list[renju.Point]:
    """The moves of a game the referee accepts, in order (up to the end of the game)."""
    referee = renju.referee.Referee()
    points: list[renju.Point] = []
    for move in [renju.Move(m) for m in line.split()]:
        if move.point is None:
            break
        try:
            status = referee.place(move.point)
        except renju.referee.RefusalError:
            break
        points.append(move.point)
        if status.outcome is not None:
            break
    return points


def read_everything(status: renju.referee.Status) -> object:
    """Every attribute of a status, as Python objects."""
    return (status.required, status.to_act, status.color, status.move_number, status.stone,
            status.options, status.range, status.count, status.offered, status.legal,
            status.pass_, status.forbidden, status.claimable, status.draw_offer, status.clock,
            status.outcome)


def main() -> int:
    """Runs the benchmark and prints the table."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="runs of each timing per round")
    parser.add_argument("--rounds", type=int, default=3, help="rounds of Rust then Python")
    args = parser.parse_args()
    lines = [line.strip() for line in POSITIONS.read_text().splitlines()
             if line.strip() and not line.startswith("#")]
    games = [playable(line) for line in lines]
    commands = [[{"action": "place", "point": str(p)} for p in g] for g in games]
    n = sum(len(g) for g in games)

    subprocess.run(["cargo", "build", "--quiet", "--release", "-p", "renju-py",
                    "--example", "bench_referee"], cwd=REPO, check=True)
    example = str(REPO / "target" / "release" / "examples" / "bench_referee")

    def place() -> None:
        for game in games:
            referee = renju.referee.Referee()
            for p in game:
                referee.place(p)

    def place_and_read() -> None:
        for game in games:
            referee = renju.referee.Referee()
            for p in game:
                read_everything(referee.place(p))

    def apply() -> None:
        for game in commands:
            referee = renju.referee.Referee()
            for command in game:
                referee.apply(command)

    # Rounds of Rust then Python, the best of all: on a shared machine both sides get
    # the same chances at a quiet moment.
    rust: dict[str, float] = {}
    t: dict[str, float] = {}
    for _ in range(args.rounds):
        out = subprocess.run([example, str(POSITIONS), str(args.repeat)], capture_output=True,
                             text=True, check=True)
        res = json.loads(out.stdout)
        if res["moves"] != n:
            print(f"the two sides play different moves: Rust {res['moves']}, Python {n}")
            return 1
        for key in ("act_us", "take_us", "handle_json_us"):
            rust[key] = min(rust.get(key, float("inf")), float(res[key]))
        for name, run in [("py place (Status)", place),
                          ("py place + every status attribute", place_and_read),
                          ("py apply(dict) (protocol)", apply)]:
            t[name] = min(t.get(name, float("inf")), best_of(args.repeat, n, run))
    print(f"data: {len(games)} games, {n} moves ({POSITIONS.relative_to(REPO)}); "
          f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}; "
          f"Python {sys.version.split()[0]}, renju {renju.__version__}")

    print(f"\n{'what (best of runs)':40} {'us/move':>9}")
    print(f"{'rust act (Status)':40} {rust['act_us']:9.3f}")
    print(f"{'rust take (no status)':40} {rust['take_us']:9.3f}")
    print(f"{'rust handle_json (protocol)':40} {rust['handle_json_us']:9.3f}")
    for name, us in t.items():
        print(f"{name:40} {us:9.3f}")

    checks = [
        ("place / rust act", t["py place (Status)"] / rust["act_us"], "<= 2"),
        ("place + attributes / rust act",
         t["py place + every status attribute"] / rust["act_us"], "(info)"),
        ("apply / rust handle_json", t["py apply(dict) (protocol)"] / rust["handle_json_us"],
         "(info)"),
    ]
    print(f"\n{'ratio':40} {'value':>9}  {'target':8} ok")
    ok_all = True
    for name, value, target in checks:
        ok = target == "(info)" or value <= 2
        ok_all &= ok
        print(f"{name:40} {value:9.2f}  {target:8} {'yes' if ok else 'NO'}")
    return 0 if ok_all else 1


if __name__ == "__main__":
    sys.exit(main())
