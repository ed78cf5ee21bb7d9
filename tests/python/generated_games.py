"""A large move-list file made quickly: short random games near the centre (some end in a
five or a foul), with a few bad ones (an occupied point, a move that cannot be read)
mixed in, for the Dask tests and the Arrow/Dask benchmark
(renju-py/bench/bench_arrow_dask.py)."""

from __future__ import annotations

import random
from pathlib import Path

CENTRE = [f"{c}{r}" for c in "defghijkl" for r in range(4, 13)]


def game_lines(count: int, seed: int = 13, distinct: int = 20_000) -> list[str]:
    """`count` game lines: `distinct` random games of 4 to 16 moves, repeated in a
    shuffled order; every 997th is a game with an occupied point and every 4999th a line
    that cannot be read."""
    rng = random.Random(seed)
    pool = [" ".join(rng.sample(CENTRE, rng.randint(4, 16))) for _ in range(distinct)]
    lines = [pool[rng.randrange(distinct)] for _ in range(count)]
    for i in range(0, count, 997):
        lines[i] = "h8 i9 h8"
    for i in range(11, count, 4999):
        lines[i] = "h8 i9 zz9"
    return lines


def write_games(path: Path, count: int, seed: int = 13) -> list[str]:
    """Writes `count` games to a move-list file (one per line) and returns the lines."""
    lines = game_lines(count, seed)
    path.write_text("\n".join(lines) + "\n")
    return lines
