#!/usr/bin/env bash
# Builds the Python bindings (renju-py) into a virtual environment and runs the Python
# checks: mypy --strict on the type stubs, on the tests and on the guide's Python
# examples, mypy.stubtest (the stubs against the compiled module, signature by
# signature), then pytest.
#
#   bash tests/python/run.sh            # from anywhere; extra arguments go to pytest
#   RENJU_NUMPY=0 bash tests/python/run.sh   # do not install numpy (its test then skips)
#
# The venv is .venv at the repository root (git-ignored); it is created when missing.
# The debug build of the renju CLI is made too (RENJU_CLI): one test compares reports.
# So is the Gomocup test engine of `renju match` (RENJU_TEST_ENGINE), which the tests of
# renju.engine.match play with (tests/python/match_engine.py).
# gymnasium and pettingzoo are required: the environment checkers run in test_env.py.
# numpy is optional: it is installed when the package index has it, and the numpy test
# skips without it. pyarrow, pandas, polars and dask[distributed] are required: the Arrow
# and Dask tests (test_arrow.py, test_dask.py) use them. The HTML report's browser test
# needs chromium, chromium-driver (apt, as root) and selenium (pip): installed when
# possible, else that test skips. Caches go inside .venv so that the work tree stays clean.
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
venv=$root/.venv

if [ ! -x "$venv/bin/python" ]; then
    echo "== Python: creating $venv"
    "${PYTHON:-python3}" -m venv "$venv"
fi
py=$venv/bin/python

echo "== Python: installing maturin, pytest, mypy"
"$py" -m pip install --quiet --disable-pip-version-check "maturin>=1.9.4,<2" pytest mypy
if [ "${RENJU_NUMPY:-1}" != "0" ]; then
    "$py" -m pip install --quiet --disable-pip-version-check numpy \
        || echo "numpy could not be installed: the numpy test will be skipped"
fi
echo "== Python: installing the Arrow and Dask extras (pyarrow, pandas, polars, dask[distributed])"
"$py" -m pip install --quiet --disable-pip-version-check "pyarrow>=14" pandas polars \
    "dask[dataframe,distributed]>=2024.1" pandas-stubs

echo "== Python: installing the environment checkers (gymnasium, pettingzoo)"
# renju.env's Gymnasium and PettingZoo wrappers are checked by their own checkers
# (gymnasium.utils.env_checker.check_env, pettingzoo.test.api_test) in test_env.py.
"$py" -m pip install --quiet --disable-pip-version-check "gymnasium>=1.0" "pettingzoo>=1.24"

echo "== Python: a headless browser for the HTML report test (chromium, chromium-driver, selenium)"
# Debian's chromium and its driver, installed when missing and root may use apt-get; the
# browser test is skipped, saying why, where they cannot be installed.
if ! command -v chromedriver >/dev/null 2>&1 || ! command -v chromium >/dev/null 2>&1; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
        { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
            chromium chromium-driver >/dev/null; } \
            || echo "chromium could not be installed: the browser test will be skipped"
    else
        echo "chromium and chromium-driver are missing and cannot be installed here (not root or no apt-get): the browser test will be skipped"
    fi
fi
"$py" -m pip install --quiet --disable-pip-version-check selenium \
    || echo "selenium could not be installed: the browser test will be skipped"

echo "== Python: building the extension (maturin develop --release)"
(
    cd "$root/renju-py"
    VIRTUAL_ENV=$venv PATH="$venv/bin:$PATH" "$venv/bin/maturin" develop --release
)

echo "== Python: the CLI, to compare reports with it, and the test engine of renju match (cargo test --no-run)"
# Built as `cargo test --workspace` builds them, so that after the Rust tests nothing is
# compiled again (`cargo build -p renju-cli` would compile the crates with the features
# of that package alone).
cargo test --workspace --locked --no-run --quiet
# Cargo builds into $CARGO_TARGET_DIR when it is set (a shared target directory).
target=${CARGO_TARGET_DIR:-$root/target}
export RENJU_CLI=$target/debug/renju
export RENJU_TEST_ENGINE=$target/debug/examples/test_engine

echo "== Python: mypy --strict (stubs; tests and benchmark)"
"$venv/bin/mypy" --strict --cache-dir "$venv/.mypy_cache" renju-py/python/renju
"$venv/bin/mypy" --strict --cache-dir "$venv/.mypy_cache" tests/python renju-py/bench

echo "== Python: mypy --strict on the guide's Python (the examples of docs/*.md and the README)"
# scripts/check_guide.py --write-python writes each page's pycon examples as one module
# (and its Python files); the stubs must type them. Relaxed only where a doctest's style
# is not a program's: a name reused for another value (--allow-redefinition), an Optional
# the page shows to be set (union-attr), and the untyped libraries some pages use
# (pyarrow, dask: import-untyped, no-untyped-call).
guide_python=$venv/guide-python
rm -rf "$guide_python"
"$py" scripts/check_guide.py --write-python "$guide_python"
"$venv/bin/mypy" --strict --allow-redefinition --disable-error-code=union-attr \
    --disable-error-code=import-untyped --disable-error-code=no-untyped-call \
    --cache-dir "$venv/.mypy_cache" "$guide_python"

echo "== Python: mypy.stubtest (the stubs of python/renju/, one per module, against the compiled module)"
# The allowlist holds only what stubtest cannot see, each entry with its reason.
MYPY_CACHE_DIR="$venv/.mypy_cache" "$py" -m mypy.stubtest renju \
    --allowlist tests/python/stubtest-allowlist.txt

echo "== Python: pytest"
# -rs: the reason of every skipped test is listed at the end, where it is seen.
"$py" -m pytest -p no:cacheprovider -rs tests/python "$@"
