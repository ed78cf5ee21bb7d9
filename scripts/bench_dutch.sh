#!/usr/bin/env bash
# The Dutch pairing against bbpPairings on the same files: bbpPairings' generator makes
# Swiss tournaments (PLAYERS players, ROUNDS rounds, forfeits, byes and withdrawals);
# each is cut before some rounds, and each cut file is paired by `bbpPairings --dutch
# FILE -p` and by `renju pair --dutch FILE -p`. Prints both times and their ratio per
# file, checks the two outputs are the same, and the median ratio at the end.
#
# Usage: RENJU_BBP=/path/to/bbpPairings.exe bash scripts/bench_dutch.sh [PLAYERS] [ROUNDS] [SEEDS]
#   (defaults 500, 9 and 2; renju from target/release, built here when missing).
set -euo pipefail
cd "$(dirname "$0")/.."
bbp=${RENJU_BBP:?RENJU_BBP must name a bbpPairings binary}
players=${1:-500}
rounds=${2:-9}
seeds=${3:-2}
renju=${RENJU:-target/release/renju}
[[ -x $renju ]] || cargo build --release -q -p renju-cli
dir=$(mktemp -d "${TMPDIR:-/tmp}/renju-bench-dutch.XXXXXX")
trap 'rm -rf "$dir"' EXIT

# A TRF cut before round R: the rounds before it, the points recomputed (TRF 162 or
# 1, 1/2, 0), the rounds declared (XXR).
cut() {
    python3 - "$1" "$2" "$3" <<'PY'
import sys
src, rnd, out = sys.argv[1], int(sys.argv[2]), sys.argv[3]
lines = open(src, newline='').read().replace('\r\n', '\n').replace('\r', '\n').split('\n')
win, draw = 2, 1
for l in lines:
    if l.startswith('162'):
        parts = l[3:].split()
        values = dict(zip(parts[::2], parts[1::2]))
        win, draw = int(float(values.get('W', '1')) * 2), int(float(values.get('D', '0.5')) * 2)
points = {'1': win, 'W': win, '+': win, 'F': win, 'U': win, '=': draw, 'D': draw, 'H': draw}
total, out_lines = 0, []
for l in lines:
    if l.startswith('001'):
        total = max(total, (len(l[91:]) + 2) // 10)
        keep = l[:91 + 10 * (rnd - 1)].rstrip() if rnd > 1 else l[:89].rstrip()
        s = sum(points.get(l[91 + 10 * i + 7:91 + 10 * i + 8], 0) for i in range(rnd - 1))
        keep = keep[:80].ljust(80) + ('%d.%d' % (s // 2, 5 * (s % 2))).rjust(4) + keep[84:]
        out_lines.append(keep[:85] + '    ' + keep[89:] if len(keep) > 85 else keep)
    elif l.strip():
        out_lines.append(l)
out_lines.insert(1, 'XXR %d' % total)
if rnd == 1:
    out_lines.insert(2, 'XXC white1')
open(out, 'w').write('\n'.join(out_lines) + '\n')
PY
}

seconds() { /usr/bin/time -f %e "$@" 2>&1 >/dev/null | tail -1; }
ratios=()
for seed in $(seq 1 "$seeds"); do
    printf 'PlayersNumber=%s\nRoundsNumber=%s\nDrawPercentage=30\nForfeitRate=20\nRetiredRate=60\nHalfPointByeRate=30\n' \
        "$players" "$rounds" >"$dir/config"
    "$bbp" --dutch -g "$dir/config" -o "$dir/t$seed.trf" -s "$seed" >/dev/null
    for round in 2 $(((rounds + 1) / 2)) "$rounds"; do
        cut "$dir/t$seed.trf" "$round" "$dir/cut.trf"
        b=$(seconds "$bbp" --dutch "$dir/cut.trf" -p "$dir/bbp.txt")
        r=$(seconds "$renju" pair --dutch "$dir/cut.trf" -p "$dir/renju.txt")
        same=$(cmp -s "$dir/bbp.txt" "$dir/renju.txt" && echo same || echo DIFFERENT)
        ratio=$(python3 -c "print(f'{$r / max($b, 0.01):.2f}')")
        ratios+=("$ratio")
        echo "seed $seed, round $round of $players players: bbpPairings ${b} s, renju ${r} s, ratio $ratio, pairings $same"
    done
done
printf '%s\n' "${ratios[@]}" | sort -n | awk '{a[NR] = $1} END {print "median ratio (renju / bbpPairings): " a[int((NR + 1) / 2)]}'
