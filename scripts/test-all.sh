#!/usr/bin/env bash
# Runs every test of the project: Rust (unit, integration, doc, the C API test under
# valgrind when present), then Python (venv, build with maturin, mypy --strict, pytest).
# Usage: bash scripts/test-all.sh
set -euo pipefail
cd "$(dirname "$0")/.."

echo "== Rust: cargo test --workspace"
cargo test --workspace --locked

echo "== Python: tests/python/run.sh"
bash tests/python/run.sh
