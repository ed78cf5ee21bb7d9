#!/usr/bin/env bash
# Runs every fuzz target (fuzz/fuzz_targets) for a time budget each, with cargo-fuzz on
# a nightly toolchain (cargo-fuzz is installed when missing).
#
# Usage: bash scripts/fuzz.sh [SECONDS] [TARGET...]
#   SECONDS  budget per target (default 60); TARGET: some targets only (default: all).
#
# Corpus: fuzz/corpus/<target>, kept in the repository and small. New inputs are found in
# a scratch directory; at the end the corpus is merged with them, minimised (`cargo fuzz
# cmin`) and trimmed to a budget (below). FUZZ_KEEP_CORPUS=1 leaves the corpus as it is
# (the test command sets it).
#
# Crashes (and timeouts, out-of-memory): each input is minimised (`cargo fuzz tmin`, a
# short budget) and saved as fuzz/regressions/<target>/<kind>-<sha1>, which the ordinary
# test suite replays with the same property checks (renju-cli/tests/fuzz_checks.rs,
# renju-cli/tests/fuzz_regressions.rs). The script goes on with the other targets and
# exits with status 1, naming the files. Fix the bug, then commit the file with the fix.
#
# The targets run side by side, FUZZ_JOBS at a time (default: one per core).
#
# Other settings: FUZZ_TOOLCHAIN (default nightly), FUZZ_NO_INSTALL=1 (fail rather than
# install cargo-fuzz), FUZZ_MAX_LEN (largest input, default 4096 bytes), FUZZ_SANITIZER
# (cargo-fuzz's -s: address by default; the test command's short runs use none, which
# builds faster; the code fuzzed has no unsafe block for a sanitizer to watch).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD

seconds=${1:-60}
[[ $# -gt 0 ]] && shift
toolchain=${FUZZ_TOOLCHAIN:-nightly}
max_len=${FUZZ_MAX_LEN:-4096}
sanitizer=(-s "${FUZZ_SANITIZER:-address}")

if ! cargo "+$toolchain" --version >/dev/null 2>&1; then
    echo "fuzz.sh: no $toolchain toolchain (rustup toolchain install $toolchain)" >&2
    exit 2
fi
if ! cargo "+$toolchain" fuzz --version >/dev/null 2>&1; then
    if [[ -n ${FUZZ_NO_INSTALL:-} ]]; then
        echo "fuzz.sh: cargo-fuzz is not installed (cargo install cargo-fuzz)" >&2
        exit 2
    fi
    echo "== installing cargo-fuzz"
    cargo "+$toolchain" install cargo-fuzz
fi

if [[ $# -gt 0 ]]; then
    targets=("$@")
else
    mapfile -t targets < <(sed -n 's/^name = "\(.*\)"$/\1/p' fuzz/Cargo.toml | grep -v '^renju-fuzz$')
fi

cd fuzz
echo "== building ${#targets[@]} fuzz targets (cargo +$toolchain fuzz build)"
cargo "+$toolchain" fuzz build "${sanitizer[@]}"

# The corpus stays small: the seeds (seed-*, made from fixtures/, kept as they are), and
# after `cmin` the smallest inputs found, up to FUZZ_CORPUS_FILES files and
# FUZZ_CORPUS_KB KB per target. What is left out is found again within seconds of the
# next run.
corpus_files=${FUZZ_CORPUS_FILES:-100}
corpus_kb=${FUZZ_CORPUS_KB:-40}
trim_corpus() {
    local dir=$1 total=0 count=0 size file
    while read -r size file; do
        if ((count >= corpus_files || total + size > corpus_kb * 1024)); then
            rm -f "$file"
        else
            total=$((total + size))
            count=$((count + 1))
        fi
    done < <(find "$dir" -type f -printf '%s %p\n' | sort -n)
}

scratch=$(mktemp -d "${TMPDIR:-/tmp}/renju-fuzz.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
crashes=()
summary=()
# One target's run, its exit status into $scratch/$t/status.
run_target() {
    local t=$1 status=0
    cargo "+$toolchain" fuzz run "${sanitizer[@]}" "$t" "$scratch/$t/new" "corpus/$t" -- \
        -max_total_time="$seconds" -max_len="$max_len" -timeout=10 -detect_leaks=0 \
        -rss_limit_mb=2048 -malloc_limit_mb=1024 -print_final_stats=1 \
        -artifact_prefix="$scratch/$t/artifacts/" >"$scratch/$t/log" 2>&1 || status=$?
    echo "$status" >"$scratch/$t/status"
}

# The targets run FUZZ_JOBS at a time (default: one per core), each on its own core;
# what they found is then looked at one target after another.
parallel=${FUZZ_JOBS:-$(nproc 2>/dev/null || echo 1)}
for t in "${targets[@]}"; do
    mkdir -p "corpus/$t" "$scratch/$t/new" "$scratch/$t/artifacts"
    while (($(jobs -rp | wc -l) >= parallel)); do
        wait -n || true
    done
    echo "== $t: ${seconds} s"
    run_target "$t" &
done
wait

for t in "${targets[@]}"; do
    status=$(cat "$scratch/$t/status" 2>/dev/null || echo 1)
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$scratch/$t/log" | tail -1)
    speed=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$scratch/$t/log" | tail -1)
    line="$t: ${runs:-?} runs, ${speed:-?} exec/s"
    found=0
    for artifact in "$scratch/$t/artifacts"/*; do
        [[ -f $artifact ]] || continue
        kind=$(basename "$artifact" | cut -d- -f1)
        [[ $kind == slow ]] && continue
        found=1
        # A short minimisation; the original is kept when it fails.
        cargo "+$toolchain" fuzz tmin "${sanitizer[@]}" "$t" "$artifact" -- -runs=2000 -timeout=10 -detect_leaks=0 \
            -rss_limit_mb=2048 -malloc_limit_mb=1024 \
            -exact_artifact_path="$scratch/$t/min" >"$scratch/$t/tmin.log" 2>&1 || true
        input=$artifact
        [[ -s $scratch/$t/min ]] && input=$scratch/$t/min
        sha=$(sha1sum "$input" | cut -c1-16)
        mkdir -p "regressions/$t"
        cp "$input" "regressions/$t/$kind-$sha"
        crashes+=("fuzz/regressions/$t/$kind-$sha")
        rm -f "$scratch/$t/min"
    done
    if [[ $status -ne 0 && $found -eq 0 ]]; then
        tail -30 "$scratch/$t/log"
        echo "fuzz.sh: $t failed (status $status) without a crash input" >&2
        crashes+=("$t: failed without an input, see above")
    fi
    if [[ $found -eq 1 ]]; then
        # The panic message (or the sanitizer's report), without the backtrace.
        sed -n '/panicked at\|^==[0-9]*==ERROR/,/^stack backtrace\|^SUMMARY/p' "$scratch/$t/log" |
            head -25 || true
        line="$line; CRASHED"
    fi
    summary+=("$line")
    if [[ -z ${FUZZ_KEEP_CORPUS:-} ]] && compgen -G "$scratch/$t/new/*" >/dev/null; then
        cp "$scratch/$t/new"/* "corpus/$t/"
        # The seeds stay as they are, out of the minimisation.
        mkdir -p "$scratch/$t/seeds"
        find "corpus/$t" -maxdepth 1 -name 'seed-*' -exec mv -t "$scratch/$t/seeds" {} +
        cargo "+$toolchain" fuzz cmin "${sanitizer[@]}" "$t" "corpus/$t" -- -set_cover_merge=1 \
            -max_len="$max_len" -timeout=10 -rss_limit_mb=2048 >"$scratch/$t/cmin.log" 2>&1 ||
            { tail -20 "$scratch/$t/cmin.log"; echo "fuzz.sh: cmin of $t failed" >&2; }
        trim_corpus "corpus/$t"
        find "$scratch/$t/seeds" -type f -exec mv -t "corpus/$t" {} +
    fi
done

echo "== fuzzing: ${seconds} s per target"
printf '%s\n' "${summary[@]}"
echo "corpus: $(du -sh corpus | cut -f1) in $(find corpus -type f | wc -l) files"
if [[ ${#crashes[@]} -gt 0 ]]; then
    echo "== crashes, saved for the regression tests (cargo test replays them):"
    printf '  %s\n' "${crashes[@]}"
    exit 1
fi
