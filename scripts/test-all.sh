#!/usr/bin/env bash
# Runs every test of the project: Rust (format, lints, docs; unit, integration and doc
# tests, the C API test under valgrind when present), then Python (venv, build with
# maturin, mypy --strict, pytest).
# Usage: bash scripts/test-all.sh
set -euo pipefail
cd "$(dirname "$0")/.."

echo "== renju-core: module import graph (fails on a new cycle)"
python3 scripts/module_graph.py

echo "== Rust: cargo fmt --check, clippy, docs"
cargo fmt --all -- --check
cargo clippy --workspace --all-targets --locked -- -D warnings
RUSTDOCFLAGS="-D warnings" cargo doc --no-deps --locked -p renju-core -p renju-ffi

echo "== Rust: cargo test --workspace"
cargo test --workspace --locked

echo "== Python: tests/python/run.sh"
bash tests/python/run.sh
