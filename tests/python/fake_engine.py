"""A jsonl test engine for renju.engine.conform, backed by the renju module itself.

    python fake_engine.py [none|other-reading|garbage|slow PID_DIR]

Reads `renju forbidden` input lines and answers {"forbidden": {...}}; other-reading
judges with the other reading of the disputed case, garbage answers the second
position with nonsense, slow writes its process id as an empty file in PID_DIR and
then never answers (it sleeps an hour on each position)."""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path

import renju


def main() -> None:
    mistake = sys.argv[1] if len(sys.argv) > 1 else "none"
    asked = 0
    if mistake == "slow":
        (Path(sys.argv[2]) / str(os.getpid())).touch()
    for line in sys.stdin:
        if mistake == "slow":
            time.sleep(3600)
        if not line.strip():
            continue
        asked += 1
        request = json.loads(line)
        if mistake == "garbage" and asked == 2:
            print("not json at all", flush=True)
            continue
        rows: list[str] = request["board"]
        size = len(rows)
        diagram = "\n".join(
            f"{size - i} " + " ".join({"B": "X", "W": "O"}.get(c, ".") for c in row)
            for i, row in enumerate(rows)
        )
        fcc = bool(request.get("five_completion_counts", False))
        if mistake == "other-reading":
            fcc = not fcc
        board = renju.Board.from_diagram(diagram, five_completion_counts=fcc)
        forbidden = {str(p): str(f.kind) for p, f in board.forbidden_points().items()}
        print(json.dumps({"forbidden": forbidden}), flush=True)


if __name__ == "__main__":
    main()
