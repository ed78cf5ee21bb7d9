#!/usr/bin/env python3
"""Peak memory of `renju validate` on large inputs (issue 9). A benchmark, not a test.

Generates three inputs deterministically (the same bytes on every run) into
target/bench-memory/ (git-ignored, never committed):

  moves.txt   3,000,000 games, one move list a line
  games.rif   2,200,000 games, a RenjuNet database
  lines.sgf   3,000,000 SGF variations: 100,000 game trees of 30 root-to-leaf lines,
              each tree with a root comment

then runs the release CLI (`target/release/renju validate FILE`, human report) on each
under `/usr/bin/time -v` and prints its peak RSS; with --json also `validate --json`.
When the Python module is installed in .venv, `renju.validate(path)` is measured too,
and the ratio Python / CLI is printed. `--before BINARY` measures another build of the
CLI (for example the one before a change) on the same inputs and prints after / before.

    cargo build --release -p renju-cli
    python3 scripts/bench_memory.py [--scale 0.1] [--json] [--before old-renju]

Targets (issue 9): the CLI under 300 MB on each input, Python within 1.5x of the CLI.
"""

import argparse
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "target", "bench-memory")
COLS = "abcdefghijklmno"


class Rng:
    """A small deterministic generator (64-bit LCG), the same on every platform."""

    def __init__(self, seed):
        self.state = seed

    def below(self, n):
        self.state = (self.state * 6364136223846793005 + 1442695040888963407) % 2**64
        return (self.state >> 33) % n


def random_game(rng, length):
    """`length` distinct points near the centre, as (column, row) from 0."""
    seen = set()
    points = []
    while len(points) < length:
        p = (3 + rng.below(9), 3 + rng.below(9))
        if p not in seen:
            seen.add(p)
            points.append(p)
    return points


def name(p):
    return f"{COLS[p[0]]}{p[1] + 1}"


def sgf(p):
    return COLS[p[0]] + COLS[14 - p[1]]


def write_moves(path, games):
    rng = Rng(1)
    with open(path, "w") as f:
        for _ in range(games):
            f.write(" ".join(name(p) for p in random_game(rng, 8 + rng.below(8))) + "\n")


def write_rif(path, games):
    rng = Rng(2)
    with open(path, "w") as f:
        f.write('<?xml version="1.0" encoding="utf-8"?>\n<database>\n')
        f.write('<rules><rule id="1" name="Renju"/></rules>\n<players>\n')
        for i in range(1, 1001):
            f.write(f'<player id="{i}" name="Player" surname="{i}"/>\n')
        f.write('</players>\n<tournaments><tournament id="1" name="Open"/></tournaments>\n<games>\n')
        for i in range(games):
            moves = " ".join(name(p) for p in random_game(rng, 8 + rng.below(8)))
            black, white = 1 + rng.below(1000), 1 + rng.below(1000)
            f.write(
                f'<game id="{i + 1}" tournament="1" round="1" rule="1" black="{black}" '
                f'white="{white}"><move>{moves}</move></game>\n'
            )
        f.write("</games>\n</database>\n")


def write_sgf(path, lines):
    rng = Rng(3)
    trees, per_tree = max(1, lines // 30), 30
    with open(path, "w") as f:
        for t in range(trees):
            points = random_game(rng, 4 + 2 * per_tree)
            prefix = "".join(
                f";{'BW'[i % 2]}[{sgf(p)}]" for i, p in enumerate(points[:3])
            )
            f.write(f"(;GM[4]SZ[15]GN[{t + 1}]PB[Black {t}]PW[White {t}]C[Tree {t}: a comment shared by its 30 lines]{prefix}\n")
            for v in range(per_tree):
                a, b = points[3 + 2 * v], points[4 + 2 * v]
                f.write(f"(;W[{sgf(a)}];B[{sgf(b)}])")
            f.write(")\n")


def generate(scale):
    os.makedirs(OUT, exist_ok=True)
    specs = [
        ("moves.txt", write_moves, 3_000_000),
        ("games.rif", write_rif, 2_200_000),
        ("lines.sgf", write_sgf, 3_000_000),
    ]
    files = []
    for file, write, count in specs:
        count = max(30, int(count * scale))
        path = os.path.join(OUT, f"{count}-{file}")
        if not os.path.exists(path):
            print(f"generating {path}", file=sys.stderr)
            write(path + ".part", count)
            os.replace(path + ".part", path)
        files.append((file, count, path))
    return files


def peak_rss_mb(command):
    """Runs `command` under /usr/bin/time -v; returns (peak RSS in MB, seconds, exit code)."""
    run = subprocess.run(
        ["/usr/bin/time", "-v"] + command,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    rss = re.search(r"Maximum resident set size \(kbytes\): (\d+)", run.stderr)
    wall = re.search(r"Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): ([\d:.]+)", run.stderr)
    seconds = 0.0
    if wall:
        for part in wall.group(1).split(":"):
            seconds = seconds * 60 + float(part)
    if not rss:
        sys.exit(f"no peak RSS for {command}: {run.stderr[-2000:]}")
    return int(rss.group(1)) / 1024, seconds, run.returncode


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--scale", type=float, default=1.0, help="fraction of the sizes")
    parser.add_argument("--json", action="store_true", help="also measure validate --json")
    parser.add_argument("--before", help="another renju binary to compare with")
    parser.add_argument("--renju", default=os.path.join(ROOT, "target", "release", "renju"))
    args = parser.parse_args()
    if not os.path.exists(args.renju):
        sys.exit(f"{args.renju} is missing: cargo build --release -p renju-cli")
    python = os.path.join(ROOT, ".venv", "bin", "python")
    has_python = (
        os.path.exists(python)
        and subprocess.run([python, "-c", "import renju"], capture_output=True).returncode == 0
    )

    print(f"{'input':<28} {'run':<16} {'peak RSS':>10} {'time':>8}  ratio")
    for file, count, path in generate(args.scale):
        label = f"{count:,} {file}"
        cli, seconds, code = peak_rss_mb([args.renju, "validate", path])
        print(f"{label:<28} {'cli':<16} {cli:>7.0f} MB {seconds:>7.1f}s  (exit {code})")
        if args.before:
            old, seconds, code = peak_rss_mb([args.before, "validate", path])
            print(f"{'':<28} {'cli before':<16} {old:>7.0f} MB {seconds:>7.1f}s  after/before {cli / old:.2f}")
        if args.json:
            js, seconds, code = peak_rss_mb([args.renju, "validate", "--json", path])
            print(f"{'':<28} {'cli --json':<16} {js:>7.0f} MB {seconds:>7.1f}s  /cli {js / cli:.2f}")
            if args.before:
                old, seconds, code = peak_rss_mb([args.before, "validate", "--json", path])
                print(f"{'':<28} {'cli --json before':<16} {old:>7.0f} MB {seconds:>7.1f}s  after/before {js / old:.2f}")
        if has_python:
            code = f"import renju; r = renju.validate({path!r}); print(len(r))"
            py, seconds, _ = peak_rss_mb([python, "-c", code])
            print(f"{'':<28} {'renju.validate':<16} {py:>7.0f} MB {seconds:>7.1f}s  python/cli {py / cli:.2f}")
    if not has_python:
        print("(no Python figures: .venv has no renju module; bash tests/python/run.sh builds it)")


if __name__ == "__main__":
    main()
