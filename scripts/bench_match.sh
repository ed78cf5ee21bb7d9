#!/usr/bin/env bash
# Games per second of `renju match` with the instant test engine (random mode), at
# concurrency 1 and 2, untimed, no records; with C_GOMOKU_CLI=/path/to/c-gomoku-cli the
# same games under c-gomoku-cli (same engine binary, board, rule and game count) and the
# ratios. Each figure is the median of REPEAT runs (default 5), the two runners taking
# turns so that a change of the machine's load falls on both. Not part of the test
# suite; builds and downloads nothing. Build first:
#   cargo build --release -p renju-cli --bin renju
#   cargo build --release -p renju-engine --example test_engine
# Usage: scripts/bench_match.sh [GAMES]   (default 2000; RULE=freestyle|standard|renju)
# c-gomoku-cli's main thread looks at its workers every 100 ms, so its wall times are
# rounded up to the next 0.1 s: use enough games that this is small.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
renju=${RENJU:-$root/target/release/renju}
engine=${TEST_ENGINE:-$root/target/release/examples/test_engine}
games=${1:-2000}
rule=${RULE:-freestyle}
repeat=${REPEAT:-5}
case $rule in
  freestyle) number=0 ;; standard) number=1 ;; renju) number=4 ;;
  *) echo "RULE is freestyle, standard or renju" >&2; exit 2 ;;
esac
for f in "$renju" "$engine" ${C_GOMOKU_CLI:+"$C_GOMOKU_CLI"}; do
  [ -x "$f" ] || { echo "missing $f (see the build commands at the top)" >&2; exit 2; }
done
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
a="$engine --mode random --seed 1"
b="$engine --mode random --seed 2"
# Runs a command (its output to the file given first) and prints its wall seconds.
seconds() {
  local file=$1 t0 t1
  shift
  t0=$(date +%s.%N)
  "$@" >"$file" 2>&1
  t1=$(date +%s.%N)
  awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.4f\n", b - a }'
}
median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
echo "$games games, 15x15, $rule, untimed, no records, median of $repeat runs ($(nproc) cores, load $(cut -d' ' -f1 /proc/loadavg))"
for c in 1 2; do
  : >"$out/renju-times"
  : >"$out/cgc-times"
  for _ in $(seq "$repeat"); do
    seconds "$out/renju-$c" "$renju" match --engine "$a" --name a --engine "$b" --name b \
      --rule "$rule" --size 15 --games "$games" --concurrency "$c" >>"$out/renju-times"
    if [ -n "${C_GOMOKU_CLI:-}" ]; then
      seconds "$out/cgc-$c" "$C_GOMOKU_CLI" -engine "cmd=$a" name=a -engine "cmd=$b" name=b \
        -rule "$number" -boardsize 15 -games "$games" -concurrency "$c" >>"$out/cgc-times"
    fi
  done
  r=$(median <"$out/renju-times")
  echo "renju match   concurrency $c: $(awk -v g="$games" -v s="$r" 'BEGIN { printf "%.1f", g / s }') games/s  ($(head -1 "$out/renju-$c"); $(sed -n 2p "$out/renju-$c" | cut -d';' -f1))"
  if [ -n "${C_GOMOKU_CLI:-}" ]; then
    g=$(median <"$out/cgc-times")
    echo "c-gomoku-cli  concurrency $c: $(awk -v n="$games" -v s="$g" 'BEGIN { printf "%.1f", n / s }') games/s  ($(grep '^Score of' "$out/cgc-$c" | tail -1))"
    awk -v r="$r" -v g="$g" -v c="$c" 'BEGIN { printf "ratio renju/c-gomoku-cli at concurrency %d (games/s): %.2f\n", c, g / r }'
  fi
done
