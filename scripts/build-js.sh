#!/usr/bin/env bash
# Builds the JavaScript package: the WebAssembly module (renju-js, release, for
# wasm32-unknown-unknown) and the package folder beside it, renju-js/dist/, which
# `npm pack` turns into a tarball.
#
# The compiler: a toolchain with the wasm32-unknown-unknown target (rustup's, where
# `rustup target add wasm32-unknown-unknown` worked) is used as it is; otherwise Debian's
# rustc-web and cargo-web (packages rustc-web cargo-web rust-web-src rust-web-llvm lld-22),
# which build the standard library for the target from its source (-Zbuild-std), with
# their own CARGO_HOME and target folder. When neither is there, the script says so in
# one line and exits with status 3, which the test command reads as "skip the JavaScript
# tests".
#
# Usage: bash scripts/build-js.sh [--install]   (--install: apt-get the Debian packages
# first, when missing and when running as root)
# For measuring variants: RENJU_WASM_OPT_LEVEL (default s), RENJU_WASM_FEATURES (more
# target features, `,+relaxed-simd`), RENJU_WASM_LTO (default true),
# RENJU_WASM_STRIP=none (names kept, for profiles). The module uses WebAssembly's
# 128-bit SIMD (Node 16.4, Chrome 91, Firefox 89, Safari 16.4 and later): the board
# updates of the judge run about 10% faster with it.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
target_dir=${RENJU_WASM_TARGET_DIR:-$root/target/wasm}
out=$root/renju-js/dist
min_rust=$(sed -n 's/^rust-version = "\(.*\)"/\1/p' Cargo.toml)

version_ok() { # version_ok HAVE NEED: HAVE >= NEED (dotted numbers)
    [[ $(printf '%s\n%s\n' "$2" "$1" | sort -V | head -1) == "$2" ]]
}

debian_packages="rustc-web cargo-web rust-web-src rust-web-llvm lld-22"
mkdir -p "$root/target"
if [[ ${1:-} == --install ]] && ! [[ -x /usr/share/cargo/bin/cargo && -d /usr/lib/rustlib/src/rust/library ]]; then
    if [[ $(id -u) == 0 ]] && command -v apt-get > /dev/null; then
        echo "build-js: installing $debian_packages" >&2
        (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $debian_packages) > "$root/target/apt-web.log" 2>&1 \
            || echo "build-js: apt-get failed, see target/apt-web.log" >&2
    fi
fi

export RUSTFLAGS="--cfg getrandom_backend=\"custom\" -C target-feature=+bulk-memory,+mutable-globals,+sign-ext,+nontrapping-fptoint,+simd128${RENJU_WASM_FEATURES:-}"
# Small where size matters, fast where the judge runs: the module is optimised for size
# (RENJU_WASM_OPT_LEVEL, default s) but for the core crate (the judge), and stripped of
# its names.
export CARGO_PROFILE_RELEASE_LTO=${RENJU_WASM_LTO:-true} CARGO_PROFILE_RELEASE_CODEGEN_UNITS=1 CARGO_PROFILE_RELEASE_PANIC=abort
export CARGO_PROFILE_RELEASE_OPT_LEVEL=${RENJU_WASM_OPT_LEVEL:-s} CARGO_PROFILE_RELEASE_STRIP=${RENJU_WASM_STRIP:-symbols}
profile=(--config 'profile.release.package.renju-core.opt-level=3')
build=()
libdir=$(rustc --print target-libdir --target wasm32-unknown-unknown 2> /dev/null || true)
if [[ -n $libdir ]] && compgen -G "$libdir/libcore-*" > /dev/null; then
    build=(cargo build "${profile[@]}" --release --locked --target wasm32-unknown-unknown -p renju-js --target-dir "$target_dir")
elif [[ -x /usr/bin/rustc && -d /usr/lib/rustlib/src/rust/library ]]; then
    have=$(/usr/bin/rustc --version | awk '{print $2}')
    if ! version_ok "$have" "$min_rust"; then
        echo "build-js: Debian's rustc is $have, older than the workspace's $min_rust: no WebAssembly build" >&2
        exit 3
    fi
    # Debian's cargo keeps its downloads apart from rustup's, in a cache that outlives
    # the clone (as rustup's ~/.cargo/registry does).
    export RUSTC=/usr/bin/rustc RUSTC_BOOTSTRAP=1 CARGO_HOME=${RENJU_WASM_CARGO_HOME:-${XDG_CACHE_HOME:-${HOME:-/tmp}/.cache}/renju-wasm-cargo}
    cargo_bin=/usr/bin/cargo
    [[ -x /usr/share/cargo/bin/cargo ]] && cargo_bin=/usr/share/cargo/bin/cargo
    build=("$cargo_bin" build "${profile[@]}" --release --locked --target wasm32-unknown-unknown -p renju-js
        --target-dir "$target_dir" -Zbuild-std=std,panic_abort)
else
    echo "build-js: no WebAssembly toolchain (rustup's wasm32-unknown-unknown target, or Debian's $debian_packages): JavaScript package not built" >&2
    exit 3
fi
"${build[@]}"
wasm=$target_dir/wasm32-unknown-unknown/release/renju_js.wasm
rm -rf "$out"
mkdir -p "$out"
cp -r renju-js/package/. "$out"/
# The package's version is the workspace's.
version=$(sed -n 's/^version = "\(.*\)"/\1/p' Cargo.toml | head -1)
sed -i "s/\"version\": \"[^\"]*\"/\"version\": \"$version\"/" "$out/package.json"
cp "$wasm" "$out/renju.wasm"
cp LICENSE-MIT LICENSE-APACHE "$out"/
echo "build-js: $out ($(wc -c < "$out/renju.wasm") bytes of WebAssembly, $(gzip -9c "$out/renju.wasm" | wc -c) gzipped)" >&2
