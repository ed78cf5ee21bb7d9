#!/usr/bin/env bash
# Runs every test of the project: Rust (format, lints, docs; unit, integration and doc
# tests, the C API test under valgrind when present), then Python (venv, build with
# maturin, mypy --strict, stubtest, pytest), then the release artifacts (scripts/release.sh: crates, wheel and sdist, C archive, each
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
summarise_skips() {
    local rust python shared
    # Rust skips may share a line with the harness's progress output: not anchored.
    rust=$(grep 'SKIPPED' "$log" | grep -vc '^SKIPPED \[' || true)
    python=$(grep -c '^SKIPPED \[' "$log" || true)
    shared=$(grep 'SKIPPED' "$log" | grep -ic 'shared' || true)
    echo "== Skipped: $rust Rust test(s), $python pytest line(s); $shared of them for missing ../shared/data (see the SKIPPED lines above)"
    rm -f "$log"
}
trap summarise_skips EXIT

echo "== Workspace: crate boundaries and module graphs (fails on a crossed boundary or a cycle)"
python3 scripts/module_graph.py

echo "== Rust: cargo fmt --check, clippy, docs"
cargo fmt --all -- --check
cargo clippy --workspace --all-targets --locked -- -D warnings
RUSTDOCFLAGS="-D warnings" cargo doc --no-deps --locked --all-features \
    -p renju-core -p renju-records -p renju-tournament -p renju-display -p renju-engine -p renju-ffi

echo "== Rust: cargo test --workspace"
cargo test --workspace --locked

echo "== Python: tests/python/run.sh"
bash tests/python/run.sh

echo "== Release: every artifact built into dist/ and checked in clean environments"
bash scripts/release.sh
