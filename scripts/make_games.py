#!/usr/bin/env python3
"""Writes N random game records as a move list file (one game a line), for benchmarks of
`renju validate` and its HTML report: stones clustered around the centre, 20 to 70
moves, a few games with a stone on an occupied point. Deterministic for a given seed.

    python3 scripts/make_games.py 20000 > target/games-20000.txt
"""

from __future__ import annotations

import random
import sys


def game(rng: random.Random) -> str:
    """One random game's moves."""
    taken: list[tuple[int, int]] = []
    used: set[tuple[int, int]] = set()
    length = rng.randint(20, 70)
    while len(taken) < length:
        x = max(0, min(14, int(rng.gauss(7, 2.6))))
        y = max(0, min(14, int(rng.gauss(7, 2.6))))
        if (x, y) in used:
            continue
        used.add((x, y))
        taken.append((x, y))
    if rng.random() < 0.03:
        taken.insert(rng.randint(5, len(taken)), rng.choice(taken[:5]))
    return " ".join(f"{chr(ord('a') + x)}{y + 1}" for x, y in taken)


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 20000
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    rng = random.Random(seed)
    out = sys.stdout
    for _ in range(n):
        out.write(game(rng) + "\n")


if __name__ == "__main__":
    main()
