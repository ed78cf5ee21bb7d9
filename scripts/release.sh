#!/usr/bin/env bash
# Builds every release artifact into dist/ and checks that each installs and works in a
# clean environment, away from the source tree:
#   - the crate packages of the library crates (renju-core, renju-records,
#     renju-tournament, renju-display, renju-engine, renju-env) and renju-cli (`cargo package`, which
#     builds them from the packaged sources), and the CLI installed with `cargo install --path`;
#   - the Python wheel (abi3) and sdist, the wheel installed alone into a fresh venv and
#     smoke-tested (import, a forbidden map, reading and validating a game file), with
#     its stubs and py.typed;
#   - the C archive (header, shared library with its soname and links, static library,
#     renju.pc, the example), unpacked into an empty prefix where the example is built
#     with pkg-config against the shared and the static library, and run;
#   - the conformance pack (`renju conform --write-pack`), as a tar.gz, written by the
#     installed CLI and checked by running the CLI's own judge against it;
#   - the JavaScript package (scripts/build-js.sh; skipped, saying so, without a
#     WebAssembly toolchain), packed by npm and installed offline into an empty project
#     where it is imported and its command run;
#   - the user guide, a folder of HTML and its tar.gz, built by scripts/guide.sh
#     --build-only (mkdocs --strict: links and anchors checked; the Python reference
#     checked complete); scripts/test-all.sh has run its examples before.
#
# Usage: bash scripts/release.sh        (scripts/test-all.sh runs it too)
set -Eeuo pipefail
cd "$(dirname "$0")/.."
# No check reads a pipeline whose writer can die of SIGPIPE when its reader stops early
# (`cmd | grep -q` under pipefail fails at random on a loaded machine): each check
# captures the command's output first, then looks at it. A failing step is named.
step_name="setting up"
step() { step_name=$*; echo "== $*"; }
trap 'echo "release: FAILED in step \"$step_name\" at line $LINENO: $BASH_COMMAND" >&2' ERR
# has TEXT PATTERN...: the captured TEXT matches the grep PATTERN (options allowed).
has() { local text=$1; shift; grep -q "$@" <<<"$text"; }
root=$PWD
dist=$root/dist
version=$(python3 -c 'import tomllib; print(tomllib.load(open("Cargo.toml", "rb"))["workspace"]["package"]["version"])')
work=$(mktemp -d "${TMPDIR:-/tmp}/renju-release.XXXXXX")
trap 'rm -rf "$work"' EXIT
rm -rf "$dist"
mkdir -p "$dist"
step "release $version: artifacts into dist/, checks in $work"

step "Rust: minimum Rust version and version number"
python3 scripts/check_msrv.py

step "Rust: cargo package, every published crate (builds the packaged sources)"
dirty=()
if [ -n "$(git status --porcelain 2>/dev/null)" ]; then
    echo "   (the work tree has uncommitted changes: packaging them as they are)"
    dirty=(--allow-dirty)
fi
# Cargo unpacks the packaged renju-core from its temporary registry into its cache once
# per version, and builds registry sources once: remove what an earlier run of this
# version left, so that the packages are built from what is packaged now.
rm -rf "${CARGO_HOME:-$HOME/.cargo}"/registry/src/-*/renju-*-"$version"
crates=(renju-core renju-records renju-tournament renju-display renju-engine renju-env renju-cli)
# The workspace's target directory: the dependencies the tests built are reused.
cargo package --locked "${dirty[@]}" "${crates[@]/#/-p}"
for crate in "${crates[@]}"; do
    cp "target/package/$crate-$version.crate" "$dist/"
done

step "Rust: cargo install --path renju-cli into an empty root"
# Built in the workspace's target directory, so that the release builds after it (the
# wheel, the C library) reuse its dependencies.
cargo install --locked --quiet --path renju-cli --root "$work/cargo" --target-dir "$root/target"
renju=$work/cargo/bin/renju
has "$("$renju" --version)" -x "renju $version"
for command in validate forbidden clock show standings conform referee match; do
    "$renju" "$command" --help >/dev/null
done
cp fixtures/games/sample.txt "$work/sample.txt"
(cd "$work" && "$renju" validate sample.txt --html report.html >/dev/null)
grep -q 'id="renju-data"' "$work/report.html"
(cd "$work" && "$renju" show "f8 a1 g8 a2 h6 a3 h7 a4" --explain h8 -o why.png)
[ "$(head -c 4 "$work/why.png" | od -An -tx1 | tr -d ' \n')" = 89504e47 ] ||
    { echo "why.png is not a PNG file"; exit 1; }
echo "   renju $version installed; --version, --help, validate (--html) and show (PNG) work"

step "the conformance pack (renju conform --write-pack), checked with renju forbidden"
pack=renju-conformance-pack-$version
"$renju" conform --write-pack "$work/$pack" >/dev/null
"$renju" conform --pack "$work/$pack" --batch --engine "$renju forbidden" >/dev/null
tar -C "$work" -czf "$dist/$pack.tar.gz" "$pack"
echo "   $pack.tar.gz: $(wc -l < "$work/$pack/positions.jsonl") positions, $(wc -l < "$work/$pack/results.jsonl") results; renju forbidden agrees with it"

step "Python: wheel and sdist (maturin build --release --sdist)"
python3 -m venv "$work/build"
"$work/build/bin/pip" install --quiet --disable-pip-version-check "maturin>=1.9.4,<2"
# The wheel is built from the sdist (which checks that the sdist is complete), in the
# workspace's target folder: the dependencies the earlier release builds compiled are
# not compiled again.
(cd renju-py && CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-$root/target} "$work/build/bin/maturin" build --quiet --release --sdist --out "$dist")
wheel=$(ls "$dist"/renju_referee-"$version"-*abi3*.whl)
ls "$dist"/renju_referee-"$version".tar.gz >/dev/null
python3 - "$wheel" <<'PY'
import sys, zipfile
names = zipfile.ZipFile(sys.argv[1]).namelist()
for wanted in ("renju/__init__.pyi", "renju/referee.pyi", "renju/engine.pyi",
               "renju/tournament.pyi", "renju/env.pyi", "renju/py.typed"):
    assert wanted in names, f"{wanted} is not in the wheel: {names}"
print("   the wheel carries the stubs and py.typed")
PY

step "Python: the wheel alone in a fresh venv, outside the repository"
python3 -m venv "$work/clean"
"$work/clean/bin/pip" install --quiet --disable-pip-version-check --no-index "$wheel"
(cd "$work" && "$work/clean/bin/python" - "$version" <<'PY'
import sys
import renju
import renju.engine, renju.env, renju.referee, renju.tournament  # no gymnasium needed

assert renju.__version__ == sys.argv[1], renju.__version__
assert "site-packages" in renju.__file__, renju.__file__
board = renju.Board("f8 a1 g8 a2 h6 a3 h7 a4")
fouls = board.forbidden_points()
assert str(fouls[renju.Point("h8")].kind) == "double-three", fouls
games = list(renju.read("sample.txt"))
report = renju.validate(games)
assert report.summary.games == len(games) > 0 and report.summary.errors == 0
assert renju.referee.Referee().place("h8").required == "place"
print(f"   renju {renju.__version__}: a forbidden map and {len(games)} games validated")
PY
)

step "C: the release archive"
cargo build --locked --quiet --release -p renju-ffi
name=renju-c-$version-$(uname -s | tr '[:upper:]' '[:lower:]')-$(uname -m)
stage=$work/$name
mkdir -p "$stage/include" "$stage/lib/pkgconfig" "$stage/share/renju/examples/c"
cp include/renju.h "$stage/include/"
cp target/release/librenju.a "$stage/lib/"
cp target/release/librenju.so "$stage/lib/librenju.so.$version"
ln -s "librenju.so.$version" "$stage/lib/librenju.so.0"
ln -s librenju.so.0 "$stage/lib/librenju.so"
# Relocatable: the prefix is found from the .pc file's own place.
sed -e 's|@PREFIX@|${pcfiledir}/../..|' -e "s|@VERSION@|$version|" renju-ffi/renju.pc.in \
    > "$stage/lib/pkgconfig/renju.pc"
cp examples/c/example.c "$stage/share/renju/examples/c/"
cp LICENSE-MIT LICENSE-APACHE CHANGELOG.md "$stage/"
cat > "$stage/README" <<EOF
renju $version: C API (see include/renju.h). Install by copying this tree to a prefix;
build against it with pkg-config (PKG_CONFIG_PATH=PREFIX/lib/pkgconfig):
  cc -std=c99 example.c \$(pkg-config --cflags --libs renju) -o example
  cc -std=c99 example.c \$(pkg-config --cflags renju) PREFIX/lib/librenju.a \$(pkg-config --libs-only-l --static renju | sed 's/-lrenju//') -o example-static
EOF
tar -C "$work" -czf "$dist/$name.tar.gz" "$name"

step "C: unpacked into an empty prefix, the example built with pkg-config and run"
prefix=$work/prefix
mkdir -p "$prefix"
tar -C "$prefix" --strip-components=1 -xzf "$dist/$name.tar.gz"
soname=$(readelf -d "$prefix/lib/librenju.so.$version" | sed -n 's/.*SONAME.*\[\(.*\)\]/\1/p')
[ "$soname" = librenju.so.0 ] || { echo "soname is '$soname', not librenju.so.0"; exit 1; }
export PKG_CONFIG_PATH=$prefix/lib/pkgconfig
[ "$(pkg-config --modversion renju)" = "$version" ]
cd "$work"
cc -std=c99 -Wall -Wextra -Werror "$prefix/share/renju/examples/c/example.c" \
    $(pkg-config --cflags --libs renju) -Wl,-rpath,"$prefix/lib" -o example-shared
cc -std=c99 -Wall -Wextra -Werror "$prefix/share/renju/examples/c/example.c" \
    $(pkg-config --cflags renju) "$prefix/lib/librenju.a" \
    $(pkg-config --libs-only-l --static renju | sed 's/-lrenju//') -o example-static
./example-shared >/dev/null
./example-static >/dev/null
has "$(ldd ./example-shared)" -F "librenju.so.0 => $prefix/lib/librenju.so.0" ||
    { echo "example-shared is not linked to $prefix/lib/librenju.so.0"; exit 1; }
if has "$(ldd ./example-static)" librenju; then
    echo "example-static is linked to a shared librenju"; exit 1
fi
cd "$root"
echo "   the example runs against the shared library (librenju.so.0) and the static one"

step "the user guide (scripts/guide.sh --build-only), as a folder and a tar.gz"
bash scripts/guide.sh --build-only
guide=renju-guide-$version
cp -r target/guide "$dist/$guide"
tar -C "$dist" -czf "$dist/$guide.tar.gz" "$guide"
for page in index.html validating.html referee.html c-api-reference.html python/renju.html \
    rust-api/renju_core/index.html rust-api/renju_engine/matches/index.html; do
    [ -s "$dist/$guide/$page" ] || { echo "the guide lacks $page"; exit 1; }
done
echo "   $guide: $(find "$dist/$guide" -name '*.html' | wc -l) HTML files"

step "JavaScript: the npm tarball (npm pack), installed with no network into an empty project"
# Built from the sources being released; status 3: no WebAssembly toolchain here.
js_status=0
bash scripts/build-js.sh || js_status=$?
[[ $js_status == 0 || $js_status == 3 ]] || exit "$js_status"
if [[ $js_status == 0 ]] && command -v npm > /dev/null; then
    (cd renju-js/dist && npm pack --silent --pack-destination "$dist" > /dev/null)
    tarball=$dist/renju-$version.tgz
    [[ -s $tarball ]] || { echo "npm pack wrote no $tarball"; exit 1; }
    project=$work/js-project
    mkdir -p "$project"
    (cd "$project" && npm init -y > /dev/null && npm install --offline --no-audit --no-fund "$tarball" > /dev/null)
    smoke=$(cd "$project" && node --input-type=module -e "
import { Renju, Referee, forbidden } from 'renju';
const game = new Renju();
for (const m of 'f8 a1 g8 a2 h6 a3 h7 a4'.split(' ')) game.move(m);
const referee = new Referee({ opening: 'swap2' });
console.log(JSON.stringify(game.forbidden()), JSON.stringify(forbidden('f8 a1 g8 a2 h6 a3 h7 a4')), referee.status().required);")
    has "$smoke" -F '{"h8":"double-three"} {"h8":"double-three"} place' ||
        { echo "the installed package answered: $smoke"; exit 1; }
    replies=$(cd "$project" && echo '{"moves":"f8 a1 g8 a2 h6 a3 h7 a4"}' | npx --offline renju-js forbidden)
    has "$replies" -F '{"forbidden":{"h8":"double-three"}}' ||
        { echo "the installed command answered: $replies"; exit 1; }
    echo "   $(basename "$tarball"): $(wc -c < "$tarball") bytes; imports and its command work"
else
    echo "SKIPPED JavaScript tarball: no WebAssembly toolchain (the line above says why) or no npm"
fi

step "dist/"
ls -l "$dist"
echo "release $version: every artifact built and checked"
