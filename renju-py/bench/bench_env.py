"""Benchmark: the batched self-play stepper from Python against OpenSpiel's gomoku, in
one run.

renju.env.VecEnv on 15x15, N games (default 1024), random legal actions drawn by the stepper
itself (``random_actions()``), the observation planes and masks written every step:
steps per second for renju (default planes, the forbidden plane included) and
freestyle, renju without the forbidden plane, and renju under the Swap2 and Soosorv-8
opening protocols (the opening judged by the live referee). Then OpenSpiel's ``gomoku`` (pip
package ``open-spiel``, installed into ``.venv/peers`` by this script when missing;
never by the tests) with its observation tensor and legal-action mask read every step,
random legal actions, one game after another. The CPU time of this process is shown
beside the wall time, since the machine may be shared.

    .venv/bin/python renju-py/bench/bench_env.py [--envs 1024] [--steps 300]
"""

# mypy: disallow-untyped-calls=False

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import renju
import renju.env

REPO = Path(__file__).resolve().parents[2]
PEERS = REPO / ".venv" / "peers"


def timed(steps: int, run: Any) -> tuple[float, float]:
    """(wall, cpu) seconds of run()."""
    wall, cpu = time.perf_counter(), time.process_time()
    run()
    return time.perf_counter() - wall, time.process_time() - cpu


def bench_renju(envs: int, steps: int, **options: Any) -> tuple[float, float]:
    """Steps per second (wall and per CPU second)."""
    env = renju.env.VecEnv(envs, seed=1, **options)
    env.reset()

    def run() -> None:
        for _ in range(steps):
            env.step(env.random_actions())

    wall, cpu = timed(steps, run)
    return envs * steps / wall, envs * steps / cpu


def open_spiel() -> Any:
    """pyspiel, installed into .venv/peers when missing; None when it cannot be."""
    sys.path.insert(0, str(PEERS))
    try:
        import pyspiel  # type: ignore[import-not-found]

        return pyspiel
    except ImportError as error:
        print(f"open-spiel not importable ({error}): installing it into {PEERS}")
    cmd = [sys.executable, "-m", "pip", "install", "--quiet", "--target", str(PEERS), "open-spiel"]
    if subprocess.run(cmd, check=False).returncode != 0:
        return None
    try:
        import pyspiel

        return pyspiel
    except ImportError as error:
        print(f"open-spiel installed but not importable: {error}")
        return None


def bench_open_spiel(pyspiel: Any, steps: int) -> tuple[float, float]:
    """OpenSpiel gomoku: random legal actions, the observation tensor and the legal mask
    read every step."""
    game = pyspiel.load_game("gomoku")
    rng = random.Random(1)
    done = 0

    def run() -> None:
        nonlocal done
        state = game.new_initial_state()
        while done < steps:
            if state.is_terminal():
                state = game.new_initial_state()
            state.observation_tensor()
            state.legal_actions_mask()
            state.apply_action(rng.choice(state.legal_actions()))
            done += 1

    wall, cpu = timed(steps, run)
    return steps / wall, steps / cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--envs", type=int, default=1024)
    parser.add_argument("--steps", type=int, default=300, help="batched steps per row")
    parser.add_argument("--spiel-steps", type=int, default=200_000)
    args = parser.parse_args()
    print(f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}; renju {renju.__version__}")
    print(f"{'what':<48} {'steps/s':>12} {'per cpu-s':>12}")
    rows: dict[str, dict[str, Any]] = {
        "renju 15x15, default planes": {},
        "freestyle 15x15, default planes": {"rule": "freestyle"},
        "renju 15x15, no forbidden plane": {"planes": ["own", "opponent", "black-to-move", "last-move"]},
        "renju 15x15, swap2 opening": {"opening": "swap2"},
        "renju 15x15, soosorv-8 opening": {"opening": "soosorv-8"},
    }
    rates = {}
    for name, options in rows.items():
        wall, cpu = bench_renju(args.envs, args.steps, **options)
        rates[name] = wall
        print(f"{name + f', N={args.envs}':<48} {wall:>12,.0f} {cpu:>12,.0f}")
    cost = 1e9 / rates["renju 15x15, default planes"] - 1e9 / rates["renju 15x15, no forbidden plane"]
    print(f"cost of the forbidden plane: {cost:.0f} ns per step (wall, all cores)")
    pyspiel = open_spiel()
    if pyspiel is None:
        print("open-spiel could not be installed: no comparison")
        return
    wall, cpu = bench_open_spiel(pyspiel, args.spiel_steps)
    print(f"{'open_spiel gomoku, observation + mask':<48} {wall:>12,.0f} {cpu:>12,.0f}")
    ratio = rates["renju 15x15, default planes"] / wall
    print(f"renju / open_spiel: {ratio:.1f}x (target >= 5); renju >= 1M steps/s: {rates['renju 15x15, default planes'] >= 1e6}")


if __name__ == "__main__":
    main()
