#!/usr/bin/env python3
"""Peak memory of `renju validate --jsonl` on a multi-gigabyte move list against a small
one (issue 13): the streaming report must stay under a fixed bound whatever the input's
size. A benchmark, not a test.

Generates, deterministically, a block of 100,000 move-list games (unreadable lines and
`# rule:` directives among them) into target/bench-jsonl/, then a file of --gigabytes
(default 2) made of that block over and over. Runs the release CLI on each under
`/usr/bin/time -v` (`validate --jsonl`, output to /dev/null) and prints peak RSS, time
and the ratio large / small. The large file is deleted afterwards (--keep keeps it).

    cargo build --release -p renju-cli
    python3 scripts/bench_jsonl_memory.py [--gigabytes 2] [--keep]

Exit code 1 when the large input's peak RSS passes the bound: the small input's plus
--slack-mb (default 64 MB).
"""

import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench_memory import ROOT, Rng, name, peak_rss_mb, random_game  # noqa: E402

OUT = os.path.join(ROOT, "target", "bench-jsonl")
BLOCK_GAMES = 100_000


def block():
    """100,000 games as move-list text, with a bad line now and then and directives."""
    rng = Rng(13)
    lines = []
    for i in range(BLOCK_GAMES):
        if i % 997 == 0:
            lines.append("h8 h8 zz")  # unreadable
        elif i % 10_007 == 0:
            lines.append("# rule: gomoku" if (i // 10_007) % 2 else "# rule: renju")
        else:
            lines.append(" ".join(name(p) for p in random_game(rng, 8 + rng.below(8))))
    return ("\n".join(lines) + "\n").encode()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--gigabytes", type=float, default=2.0, help="size of the large input")
    parser.add_argument("--slack-mb", type=float, default=64.0, help="allowed growth over the small input")
    parser.add_argument("--keep", action="store_true", help="keep the large file")
    parser.add_argument("--renju", default=os.path.join(ROOT, "target", "release", "renju"))
    args = parser.parse_args()
    if not os.path.exists(args.renju):
        sys.exit(f"{args.renju} is missing: cargo build --release -p renju-cli")

    os.makedirs(OUT, exist_ok=True)
    text = block()
    small = os.path.join(OUT, "small.txt")
    with open(small, "wb") as f:
        f.write(text)
    large = os.path.join(OUT, f"large-{args.gigabytes:g}GB.txt")
    repeats = max(1, int(args.gigabytes * 2**30 / len(text)))
    if not os.path.exists(large):
        print(f"generating {large} ({repeats} x {len(text):,} bytes)", file=sys.stderr)
        with open(large + ".part", "wb") as f:
            for _ in range(repeats):
                f.write(text)
        os.replace(large + ".part", large)
    try:
        print(f"{'input':<34} {'run':<18} {'peak RSS':>10} {'time':>8}")
        results = {}
        for label, path, games in [
            ("small", small, BLOCK_GAMES),
            ("large", large, BLOCK_GAMES * repeats),
        ]:
            size = os.path.getsize(path)
            title = f"{label}: {size / 2**20:,.0f} MiB, {games:,} lines"
            for run, extra in [("validate --jsonl", ["--jsonl"]), ("validate (text)", [])]:
                rss, seconds, code = peak_rss_mb([args.renju, "validate", *extra, path])
                results[(label, run)] = rss
                print(f"{title:<34} {run:<18} {rss:>7.0f} MB {seconds:>7.1f}s  (exit {code})")
                title = ""
        ratio = results[("large", "validate --jsonl")] / results[("small", "validate --jsonl")]
        bound = results[("small", "validate --jsonl")] + args.slack_mb
        print(f"--jsonl peak RSS large / small: {ratio:.2f} (bound {bound:.0f} MB)")
        if results[("large", "validate --jsonl")] > bound:
            print("over the bound", file=sys.stderr)
            sys.exit(1)
    finally:
        if not args.keep and os.path.exists(large):
            os.remove(large)


if __name__ == "__main__":
    main()
