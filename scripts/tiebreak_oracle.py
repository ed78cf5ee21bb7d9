#!/usr/bin/env python3
"""Differential check of `renju standings` against tiebreak-core (PyPI, MIT), the
independent implementation of FIDE C.07 that agrees with FIDE's published values.

Random Swiss crosstables (games, forfeits, pairing-allocated, full-, half- and zero-point
byes, unpaired rounds) are written as TRF, ranked by the debug CLI, and BH, BH/C1, BH/M1
and SB under fide-2024 and fide-2026 are compared for every player. A development
check, not part of the test suite (it needs the package index):

    python3 -m venv /tmp/oracle && /tmp/oracle/bin/pip install tiebreak-core==1.2.0
    cargo build -p renju-cli
    /tmp/oracle/bin/python scripts/tiebreak_oracle.py [SEED] [CASES]

Known difference, not compared: with fewer values than cuts (BH/M1 with two opponents)
tiebreak-core keeps the uncut sum; renju gives 0, as scalachess's hand crosstable does.
"""

import json
import random
import subprocess
import sys
from pathlib import Path

from tiebreak_core import GameRecord, PlayerTiebreakData
from tiebreak_core.strict import calculate_all_strict

ROOT = Path(__file__).resolve().parents[1]
CLI = ROOT / "target" / "debug" / "renju"
CRITERIA = {"BH": "buchholz", "BH/C1": "buchholz_cut1", "BH/M1": "median_buchholz",
            "SB": "sonneborn_berger"}
POINTS = {"1": 1, "=": .5, "0": 0, "+": 1, "-": 0, "U": 1, "H": .5, "F": 1, "Z": 0}


def make(rng):
    """A random crosstable: {player: {round: (opponent or 0, colour, result)}}."""
    n, rounds = rng.randint(4, 12), rng.randint(3, 7)
    cells = {p: {} for p in range(1, n + 1)}
    for r in range(1, rounds + 1):
        order = list(range(1, n + 1))
        rng.shuffle(order)
        while len(order) >= 2:
            a, b = order.pop(), order.pop()
            if rng.random() < 0.08:
                cells[a][r], cells[b][r] = (b, "-", "+"), (a, "-", "-")
            else:
                res = rng.choice("1=0")
                cells[a][r] = (b, "w", res)
                cells[b][r] = (a, "b", {"1": "0", "0": "1", "=": "="}[res])
        for a in order:
            cells[a][r] = (0, "-", rng.choice("UHZF-"))
    return n, rounds, cells


def trf(n, rounds, cells):
    lines = ["012 oracle", "092 Individual: Swiss", f"XXR {rounds}"]
    for p in range(1, n + 1):
        line = f"001 {p:>4}      {'P' + str(p):<33} {1500 + p:>4}" + " " * 37
        for r in range(1, rounds + 1):
            o, c, res = cells[p][r]
            line += f"  {o:>4} {c} {res}"
        lines.append(line)
    return "\n".join(lines) + "\n"


def oracle(n, rounds, cells, ruleset):
    players = {}
    for p in range(1, n + 1):
        games, total = [], 0.0
        for r in range(1, rounds + 1):
            o, c, res = cells[p][r]
            score = float(POINTS[res])
            total += score
            colour = "black" if c == "b" else "white"
            if o:
                kind = {"+": "forfeit_win", "-": "forfeit_loss"}.get(res, "played")
                games.append(GameRecord(o, 1500 + o, score, colour, r, kind))
            else:
                kind = "pairing_bye" if res in "UF" else "requested_bye"
                games.append(GameRecord(-1, 0, score, colour, r, kind))
        players[p] = PlayerTiebreakData(p, 1500 + p, total, games)
    return {p: calculate_all_strict(players[p], players, list(CRITERIA.values()), rounds,
                                    ruleset) for p in players}


def main():
    rng = random.Random(int(sys.argv[1]) if len(sys.argv) > 1 else 1)
    cases = int(sys.argv[2]) if len(sys.argv) > 2 else 200
    path = Path("/tmp/renju_tiebreak_oracle.trf")
    bad = 0
    for case in range(cases):
        n, rounds, cells = make(rng)
        path.write_text(trf(n, rounds, cells))
        for regulation in ("fide-2024", "fide-2026"):
            out = subprocess.run([str(CLI), "standings", "--json", "--tiebreaks",
                                  ",".join(CRITERIA), "--unplayed", regulation, str(path)],
                                 capture_output=True, text=True, check=False)
            rows = json.loads(out.stdout)["tournaments"][0]["standings"]
            mine = {row["id"]: row["tiebreaks"] for row in rows}
            theirs = oracle(n, rounds, cells, regulation)
            for p, values in theirs.items():
                for code, name in CRITERIA.items():
                    if abs(mine[p][code] - values[name]) > 1e-9:
                        bad += 1
                        print(f"case {case} {regulation} player {p} {code}: "
                              f"renju {mine[p][code]}, tiebreak-core {values[name]}")
    print(f"{cases} crosstables, {bad} differences")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
