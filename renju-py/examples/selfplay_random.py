"""Random self-play of renju games with renju.env.VecEnv, every finished game's record
validated: prints the games played and the errors found (0).

    python renju-py/examples/selfplay_random.py [GAMES]   (default 10000; env RENJU_EXAMPLE_GAMES)
"""

from __future__ import annotations

import os
import sys

import numpy as np

import renju
import renju.env


def main(games: int) -> tuple[int, int]:
    env = renju.env.VecEnv(256, seed=1)
    env.reset()
    finished, errors = 0, 0
    while finished < games:
        _, _, _, terminated, _ = env.step(env.random_actions())
        for i in np.flatnonzero(terminated):
            record = env.finished_record(int(i))
            assert record is not None
            errors += record.validate().errors
            finished += 1
    print(f"{finished} renju games, {errors} errors")
    return finished, errors


if __name__ == "__main__":
    default = os.environ.get("RENJU_EXAMPLE_GAMES", "10000")
    main(int(sys.argv[1]) if len(sys.argv) > 1 else int(default))
