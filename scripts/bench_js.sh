#!/usr/bin/env bash
# The JavaScript package's speed against the same code natively, measured in one run:
# the module's functions called from Rust (renju-js/examples/bench_native.rs) and the
# package's API in Node (renju-js/bench/bench.mjs), on the same random games and the
# same positions. Prints microseconds per operation on each side, the ratio (native
# time / Node time: 1 is native speed) and the referee's actions per second in Node.
# Usage: bash scripts/bench_js.sh   (builds the package when renju-js/dist is missing)
set -euo pipefail
cd "$(dirname "$0")/.."
[[ -s renju-js/dist/renju.wasm ]] || bash scripts/build-js.sh
cargo build --release --locked -q -p renju-js --example bench_native
native=${CARGO_TARGET_DIR:-target}/release/examples/bench_native
games=$(mktemp "${TMPDIR:-/tmp}/renju-bench-js.XXXXXX")
trap 'rm -f "$games"' EXIT
"$native" games "$games"
positions=fixtures/bench/midgame_positions.txt
native_json=$("$native" run "$games" "$positions")
node_json=$(node renju-js/bench/bench.mjs "$games" "$positions")
python3 - "$native_json" "$node_json" <<'PY'
import json, sys
native, node = json.loads(sys.argv[1]), json.loads(sys.argv[2])
rows = [
    ("act", "Referee.act (a placement)", "act"),
    ("line", "Referee.handle (a protocol line and its reply)", "line"),
    ("forbidden", "forbidden (a move list, judged move by move)", "forbidden"),
    ("board", "forbidden (a board's rows)", "board"),
    ("batch", "forbiddenAll (move lists, in one call)", "forbidden"),
    ("masks", "forbiddenMasks (a board's cells, into an array kept)", "masks"),
    ("masksBatch", "forbiddenMasks (all boards' cells, in one call)", "masks_batch"),
]
print(f"{native['moves']} placements in 40 games, {native['positions']} positions")
print(f"{'operation':48} {'native us':>10} {'Node us':>10} {'ratio':>7}")
for key, name, base in rows:
    print(f"{name:48} {native[base]:10.3f} {node[key]:10.3f} {native[base] / node[key]:7.2f}")
print(f"referee actions through the JavaScript API: {1e6 / node['act']:,.0f} a second")
PY
