#!/usr/bin/env bash
# Runs every test of the project: Rust (format, lints, docs; unit, integration and doc
# tests, the C API test under valgrind when present), each fuzz target briefly (when a
# nightly toolchain is installed; cargo-fuzz is installed when missing), then JavaScript (the WebAssembly
# package built by scripts/build-js.sh, Node's test runner over renju-js/tests), then
# Python (venv, build with maturin, mypy --strict, stubtest, pytest; the package's board
# page in headless Chromium), then the user guide (every example run, the
# references checked, the site built with its links checked), then the release
# artifacts (scripts/release.sh: crates, wheel and sdist, C archive, guide, each
# installed and checked in a clean environment).
# Usage: bash scripts/test-all.sh
#
# Tests that cannot run here (no ../shared/data, no valgrind, no sanitizer runtime...)
# print a `SKIPPED ...` line as they run (pytest lists its skips at the end, -rs); the
# last line of this script counts them.
#
# The C API test also builds the C test with -fsanitize=address,undefined: it needs the
# compiler's sanitizer runtimes (gcc: libasan and libubsan, e.g. Debian's libasan8 and
# libubsan1, installed with gcc); without them that test says SKIPPED. Valgrind is used
# when installed (apt-get install valgrind).
set -euo pipefail
cd "$(dirname "$0")/.."

# Everything the tests print also goes to a log, to count the skipped tests at the end.
log=$(mktemp "${TMPDIR:-/tmp}/renju-test-all.XXXXXX")
exec > >(tee "$log") 2>&1
# Each stage's heading says how long the run has taken so far; the last lines list
# every stage with its own duration, slowest first.
stages=()
starts=()
stage() {
    echo "== [$((SECONDS / 60))m$((SECONDS % 60))s] $*"
    stages+=("${1%% (*}")
    starts+=("$SECONDS")
}
stage_times() {
    local i end took
    for i in "${!stages[@]}"; do
        end=${starts[i + 1]:-$SECONDS}
        took=$((end - starts[i]))
        printf '%5d s  %s\n' "$took" "${stages[i]}"
    done | sort -rn | sed 's/^/   /'
}
summarise_skips() {
    local rust python shared fuzz js
    fuzz=$(grep -c '^SKIPPED fuzzing' "$log" || true)
    # JavaScript: a stage or a release step skipped, or tests Node's runner skipped.
    js=$(( $(grep -c '^SKIPPED JavaScript' "$log" || true) + $(awk '/^# skipped [0-9]+$/ { n += $3 } END { print n + 0 }' "$log") ))
    # Rust skips may share a line with the harness's progress output: not anchored.
    rust=$(grep 'SKIPPED' "$log" | grep -v '^SKIPPED fuzzing' | grep -v '^SKIPPED JavaScript' | grep -vc '^SKIPPED \[' || true)
    python=$(grep -c '^SKIPPED \[' "$log" || true)
    shared=$(grep 'SKIPPED' "$log" | grep -ic 'shared' || true)
    echo "== [$((SECONDS / 60))m$((SECONDS % 60))s] Skipped: $rust Rust test(s), $python pytest line(s), $js JavaScript test(s) or step(s), $fuzz fuzzing run(s); $shared of them for missing ../shared/data (see the SKIPPED lines above)"
    echo "== Time per stage, slowest first (total $((SECONDS / 60))m$((SECONDS % 60))s):"
    stage_times
    rm -f "$log"
}
trap summarise_skips EXIT

stage "Workspace: crate boundaries and module graphs (fails on a crossed boundary or a cycle)"
python3 scripts/module_graph.py

stage "Rust: cargo fmt --check, clippy, docs"
cargo fmt --all -- --check
cargo clippy --workspace --all-targets --locked -- -D warnings
RUSTDOCFLAGS="-D warnings" cargo doc --no-deps --locked --all-features \
    -p renju-core -p renju-records -p renju-tournament -p renju-display -p renju-engine -p renju-env -p renju-ffi -p renju-js

stage "Rust: cargo test --workspace"
cargo test --workspace --locked

# Each fuzz target briefly (RENJU_FUZZ_SECONDS each, 5 by default, a smoke run; longer
# searches with scripts/fuzz.sh; 0 skips), on the corpus in fuzz/corpus, left as it
# is. A crash is listed and saved under fuzz/regressions/ for cargo test to replay (see
# fuzz/README.md).
fuzz_seconds=${RENJU_FUZZ_SECONDS:-5}
stage "Fuzzing: every target for ${fuzz_seconds} s (scripts/fuzz.sh)"
if [[ $fuzz_seconds == 0 ]]; then
    echo "SKIPPED fuzzing: RENJU_FUZZ_SECONDS=0"
elif ! cargo +nightly --version >/dev/null 2>&1; then
    echo "SKIPPED fuzzing: no nightly toolchain (rustup toolchain install nightly)"
else
    if ! cargo +nightly fuzz --version >/dev/null 2>&1; then
        # A crates.io package: installed here so that CI fuzzes wherever it runs (once
        # per machine; it takes a few minutes to build).
        echo "   cargo-fuzz is not installed: cargo install cargo-fuzz --locked"
        cargo install cargo-fuzz --locked
    fi
    # A crash found now is a new finding of a random search, not a regression: it is
    # listed and saved under fuzz/regressions/ (to fix and commit, after which cargo test
    # replays it), and the run goes on. Any other failure (the build) fails the run.
    status=0
    FUZZ_KEEP_CORPUS=1 FUZZ_NO_INSTALL=1 FUZZ_SANITIZER=none bash scripts/fuzz.sh "$fuzz_seconds" || status=$?
    if [[ $status == 1 ]]; then
        echo "FUZZING FOUND NEW CRASHES (listed above): fix each and commit its file under fuzz/regressions/"
    elif [[ $status != 0 ]]; then
        exit "$status"
    fi
fi

stage "JavaScript: the WebAssembly package built (scripts/build-js.sh) and its tests run (node --test)"
# The toolchain is installed when missing (Debian's rustc-web, as root); when none can
# be had, the build says why in one line and only these tests are skipped.
js_status=0
bash scripts/build-js.sh --install || js_status=$?
if [[ $js_status == 3 ]]; then
    echo "SKIPPED JavaScript: no WebAssembly toolchain (the line above says why)"
elif [[ $js_status != 0 ]]; then
    exit "$js_status"
elif ! command -v node > /dev/null; then
    echo "SKIPPED JavaScript: no node (apt-get install nodejs)"
else
    # The CLI the tests compare with, as the Rust stage built it: `cargo test --no-run`
    # finds it built (a `cargo build -p renju-cli` would compile the crates again, with
    # the features of that package alone).
    cargo test --workspace --locked --no-run --quiet
    RENJU_CLI=${CARGO_TARGET_DIR:-$PWD/target}/debug/renju node --test renju-js/tests/*.test.mjs
fi

stage "Python: tests/python/run.sh"
bash tests/python/run.sh

stage "Guide: every example run, the API references checked, built with links checked (scripts/guide.sh)"
bash scripts/guide.sh

stage "Release: every artifact built into dist/ and checked in clean environments"
bash scripts/release.sh
