#!/usr/bin/env python3
"""Runs every example of the user guide (docs/*.md) and compares what it prints.

    python3 scripts/check_guide.py [--renju PATH] [--lib-dir DIR] [PAGE.md ...]

(by default every page of docs/ and the README, whose examples follow the same rules).

Each page runs in a fresh directory laid out like the repository root after a build:
a copy of `fixtures/`, `docs/`, `include/` and `examples/`, and
`target/debug/examples/test_engine` (the test engine of `renju match`) when built.
The `renju` command (default: target/debug/renju) and the Python of the running
interpreter (run this script with the venv's Python, where `renju` is installed) come
first on PATH; CPATH, LIBRARY_PATH and LD_LIBRARY_PATH point at include/ and at a copy
of the C library as an installation has it (librenju.so.0 and its librenju.so link), so
that `cc prog.c -lrenju` builds as on a machine with the library installed.

The blocks of a page run in their order:

- ```console: lines starting with `$ ` are commands (a line ending in `\\` goes on in
  the next), run with bash in the page's directory; the lines after a command, up to
  the next command, are its expected output (stdout and stderr as a terminal shows
  them). The comparison is exact but for two explicit marks, as doctest's ELLIPSIS:
  `...` inside a line matches any text, and a line that is only `...` matches any
  number of lines; blank lines at the end of the output are not compared. A command must exit with status 0 (write `; echo "exit code: $?"`
  to show another).
- A line `<!-- guide: same file MADE as COMMITTED -->` checks that the file MADE, which
  the commands above it wrote, is the committed COMMITTED (a picture the page shows).
- A block whose first line names a file (`/* name.c */`, `// name.c`, `# name.py`,
  `# name.txt`) is written to that file, for the commands after it to use.
- ```pycon: Python doctests (`>>>`), with doctest's ELLIPSIS; the page's pycon blocks
  share one namespace.
- ```rust: run by `cargo test --doc` (a crate includes the page as a doctest module);
  this script checks that some crate does.
- ```c and ```python blocks must name a file (they are programs the page builds or
  runs); ```sh, ```text, ```toml, ```yaml and ```json blocks are not examples (setup
  commands, file contents, output shown elsewhere). A block after a line
  `<!-- guide: not run (REASON) -->` is not run, and is counted.

`--write-python DIR` runs nothing: it writes the Python of every page (its pycon
examples in order, one module per page, and its ```python files) into DIR, for
`mypy --strict` to check them against the stubs (tests/python/run.sh does).

Pages whose first line is `<!-- generated` (the C reference) hold no examples. Exit code
0 when every example gives what the page says, 1 otherwise (each difference printed).
"""

from __future__ import annotations

import argparse
import doctest
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
NOT_RUN = re.compile(r"<!-- guide: not run \((.+)\) -->")
SAME_FILE = re.compile(r"<!-- guide: same file ([\w./-]+) as ([\w./-]+) -->")
FILE_NAME = re.compile(r"^\s*(?:/\*|//|#)\s*([\w.-]+\.(?:c|h|py|mjs|txt|jsonl|json|trf|sh))\s*(?:\*/)?\s*$")
UNRUN_LANGUAGES = {"sh", "text", "toml", "yaml", "json", "jsonl"}
TIMEOUT_S = 120


@dataclass
class Block:
    """A fenced code block of a page."""

    lang: str
    lines: list[str]
    line: int  # 1-based line of the opening fence
    not_run: str | None = None


@dataclass
class Result:
    """What a page's examples gave."""

    commands: int = 0
    doctests: int = 0
    files: int = 0
    rust: int = 0
    not_run: list[str] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)


def blocks(text: str) -> list[Block]:
    """The fenced code blocks of a Markdown page (indented ones in lists included)."""
    out: list[Block] = []
    lines = text.split("\n")
    i = 0
    pending_not_run = None
    while i < len(lines):
        m = re.match(r"^(\s*)```\s*([\w+-]*)", lines[i])
        if not m:
            nr = NOT_RUN.search(lines[i])
            same = SAME_FILE.search(lines[i])
            if same:
                out.append(Block("same-file", [same.group(1), same.group(2)], i + 1))
            if nr:
                pending_not_run = nr.group(1)
            elif lines[i].strip():
                pending_not_run = None
            i += 1
            continue
        indent, lang = len(m.group(1)), m.group(2)
        start = i
        body = []
        i += 1
        while i < len(lines) and not re.match(r"^\s*```\s*$", lines[i]):
            body.append(lines[i][indent:] if lines[i][:indent].strip() == "" else lines[i])
            i += 1
        if i == len(lines):
            raise SystemExit(f"unclosed code block at line {start + 1}")
        out.append(Block(lang, body, start + 1, pending_not_run))
        pending_not_run = None
        i += 1
    return out


def expected_pattern(expected: list[str]) -> re.Pattern[str]:
    """A regex for the expected output, with `...` as the wildcard."""
    parts = []
    for line in expected:
        if line == "...":
            parts.append(r"(?:[^\n]*\n)*?")
        else:
            parts.append(".*?".join(re.escape(p) for p in line.split("...")) + r"\n")
    return re.compile("".join(parts))


def console_commands(block: Block) -> list[tuple[str, list[str], int]]:
    """(command, expected output lines, line number) of a console block."""
    out: list[tuple[str, list[str], int]] = []
    i = 0
    lines = block.lines
    while i < len(lines):
        if not lines[i].startswith("$ "):
            raise SystemExit(f"console block at line {block.line}: output before any command: {lines[i]!r}")
        number = block.line + 1 + i
        command = lines[i][2:]
        while command.endswith("\\"):
            i += 1
            command = command + "\n" + lines[i]
        i += 1
        expected = []
        while i < len(lines) and not lines[i].startswith("$ "):
            expected.append(lines[i])
            i += 1
        out.append((command, expected, number))
    return out


def run_console(block: Block, cwd: Path, env: dict[str, str], page: str, result: Result) -> None:
    for command, expected, number in console_commands(block):
        result.commands += 1
        try:
            proc = subprocess.run(["bash", "-c", command], cwd=cwd, env=env, stdin=subprocess.DEVNULL,
                                  stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=TIMEOUT_S)
        except subprocess.TimeoutExpired:
            result.failures.append(f"{page}:{number}: `{command}` did not finish in {TIMEOUT_S} s")
            continue
        # Blank lines at the end are not compared (a block cannot show them).
        actual = proc.stdout.decode("utf-8", "replace").rstrip("\n")
        actual = actual + "\n" if actual else ""
        if proc.returncode != 0:
            result.failures.append(f"{page}:{number}: `{command}` exited with status {proc.returncode}:\n{actual}")
        elif not expected_pattern(expected).fullmatch(actual):
            want = "\n".join(expected)
            result.failures.append(f"{page}:{number}: `{command}` printed\n{actual}--- where the page says\n{want}\n---")


def run_doctest(page: str, block: Block, globs: dict[str, object], cwd: Path, env: dict[str, str],
                result: Result) -> None:
    """A pycon block as a doctest, in the page's directory and environment (`renju` on
    PATH, for the examples that start it); the page's blocks share `globs`."""
    test = doctest.DocTestParser().get_doctest("\n".join(block.lines), globs, page, page, block.line)
    result.doctests += len(test.examples)
    out: list[str] = []
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    here, saved = os.getcwd(), dict(os.environ)
    os.chdir(cwd)
    os.environ.update(env)
    try:
        runner.run(test, out=out.append, clear_globs=False)
        globs.update(test.globs)  # the DocTest ran on a copy
    finally:
        os.chdir(here)
        os.environ.clear()
        os.environ.update(saved)
    if runner.failures:
        result.failures.append(f"{page}:{block.line}: {runner.failures} Python example(s) failed:\n" + "".join(out))


def rust_pages() -> set[str]:
    """The docs pages some crate includes as doctests (`include_str!("../../docs/X.md")`)."""
    pages = set()
    for lib in ROOT.glob("renju-*/src/**/*.rs"):
        for m in re.finditer(r'include_str!\("\.\./\.\./(?:docs/)?([\w-]+\.md)"\)', lib.read_text()):
            pages.add(m.group(1))
    return pages


def prepare(tmp: Path, lib_dir: Path) -> dict[str, str]:
    """The page's directory and the environment its commands run in."""
    for name in ("fixtures", "docs", "include", "examples"):
        shutil.copytree(ROOT / name, tmp / name, ignore=shutil.ignore_patterns("python"))
    engine = ROOT / "target" / "debug" / "examples" / "test_engine"
    if engine.exists():
        (tmp / "target" / "debug" / "examples").mkdir(parents=True)
        os.symlink(engine, tmp / "target" / "debug" / "examples" / "test_engine")
    # The JavaScript package as installed: `import ... from 'renju'` finds it.
    package = ROOT / "renju-js" / "dist"
    if (package / "renju.wasm").exists():
        (tmp / "node_modules").mkdir()
        os.symlink(package, tmp / "node_modules" / "renju")
    env = dict(os.environ)
    bin_dir = tmp.parent / "bin"
    env["PATH"] = os.pathsep.join([str(bin_dir), str(Path(sys.executable).parent), env.get("PATH", "")])
    env["CPATH"] = str(ROOT / "include")
    env["LIBRARY_PATH"] = env["LD_LIBRARY_PATH"] = str(lib_dir)
    env.pop("RAYON_NUM_THREADS", None)
    env["COLUMNS"] = "100"
    return env


def install(tmp_root: Path, renju: Path, built_lib: Path) -> Path:
    """renju on PATH as `renju`, and the C library laid out as installed; the library dir."""
    bin_dir = tmp_root / "bin"
    bin_dir.mkdir()
    os.symlink(renju, bin_dir / "renju")
    lib = tmp_root / "lib"
    lib.mkdir()
    if built_lib.exists():
        shutil.copy(built_lib / "librenju.so", lib / "librenju.so.0")
        os.symlink("librenju.so.0", lib / "librenju.so")
    return lib


def check_page(path: Path, tmp_root: Path, lib_dir: Path, rust_included: set[str]) -> Result:
    result = Result()
    text = path.read_text()
    if text.startswith("<!-- generated"):
        return result
    page = path.name
    cwd = tmp_root / path.stem
    cwd.mkdir()
    env = prepare(cwd, lib_dir)
    globs: dict[str, object] = {"__name__": "__guide__"}
    # The JavaScript page needs the package built (scripts/build-js.sh), which needs a
    # WebAssembly toolchain: without one its examples are listed as not run.
    no_package = page == "javascript.md" and not (cwd / "node_modules" / "renju").exists()
    for block in blocks(text):
        where = f"{page}:{block.line}"
        if no_package:
            result.not_run.append(f"{where} (the JavaScript package is not built)")
            continue
        if block.not_run is not None:
            result.not_run.append(f"{where} ({block.not_run})")
            continue
        name = FILE_NAME.match(block.lines[0]) if block.lines else None
        if block.lang == "same-file":
            made, committed = cwd / block.lines[0], ROOT / block.lines[1]
            result.files += 1
            if not made.exists() or not committed.exists() or made.read_bytes() != committed.read_bytes():
                result.failures.append(f"{where}: {block.lines[0]}, made by the commands above, is not "
                                       f"{block.lines[1]}: regenerate it with them")
        elif block.lang == "console":
            run_console(block, cwd, env, page, result)
        elif block.lang == "pycon":
            run_doctest(page, block, globs, cwd, env, result)
        elif block.lang == "rust":
            result.rust += 1
            if page not in rust_included:
                result.failures.append(f"{where}: a Rust example, but no crate includes {page} as doctests")
        elif name:
            (cwd / name.group(1)).write_text("\n".join(block.lines) + "\n")
            result.files += 1
        elif block.lang in UNRUN_LANGUAGES:
            continue
        else:
            result.failures.append(f"{where}: a ```{block.lang} block that is not run: name its file on its "
                                   "first line, or mark it `<!-- guide: not run (why) -->`")
    return result


def write_python(pages: list[Path], out: Path) -> int:
    """Writes the Python of each page into `out`: its pycon examples as one module (the
    page's blocks share one namespace), and each ```python file it names."""
    out.mkdir(parents=True, exist_ok=True)
    written = 0
    for path in pages:
        text = path.read_text()
        if text.startswith("<!-- generated"):
            continue
        source: list[str] = []
        for block in blocks(text):
            if block.lang == "pycon":
                test = doctest.DocTestParser().get_examples("\n".join(block.lines))
                source += [example.source for example in test]
            elif block.lang == "python" and block.lines and not block.not_run:
                name = FILE_NAME.match(block.lines[0])
                if name:
                    (out / f"{path.stem}_{name.group(1)}").write_text("\n".join(block.lines) + "\n")
                    written += 1
        if source:
            (out / f"{path.stem.replace('-', '_')}_examples.py").write_text("".join(source))
            written += 1
    print(f"guide: the Python of {len(pages)} pages written to {out} ({written} files)")
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--renju", type=Path, default=ROOT / "target" / "debug" / "renju")
    parser.add_argument("--lib-dir", type=Path, default=ROOT / "target" / "debug",
                        help="where librenju.so was built (default target/debug)")
    parser.add_argument("--write-python", type=Path, metavar="DIR",
                        help="run nothing: write the pages' Python into DIR (for mypy)")
    parser.add_argument("pages", nargs="*", type=Path)
    args = parser.parse_args()
    if args.write_python:
        return write_python(args.pages or [*sorted(DOCS.glob("*.md")), ROOT / "README.md"],
                            args.write_python)
    if not args.renju.exists():
        print(f"{args.renju} is missing: build it first (cargo build -p renju-cli)")
        return 1
    pages = args.pages or [*sorted(DOCS.glob("*.md")), ROOT / "README.md"]
    rust_included = rust_pages()
    total = Result()
    with tempfile.TemporaryDirectory(prefix="renju-guide.") as tmp:
        tmp_root = Path(tmp)
        lib_dir = install(tmp_root, args.renju.resolve(), args.lib_dir)
        for path in pages:
            start = time.monotonic()
            r = check_page(path.resolve(), tmp_root, lib_dir, rust_included)
            took = time.monotonic() - start
            print(f"{path.name}: {r.commands} commands, {r.doctests} Python examples, {r.files} files, "
                  f"{r.rust} Rust examples (cargo test --doc), {len(r.not_run)} not run; "
                  f"{len(r.failures)} failed ({took:.1f} s)")
            for failure in r.failures:
                print(f"FAILED {failure}")
            for what in ("commands", "doctests", "files", "rust"):
                setattr(total, what, getattr(total, what) + getattr(r, what))
            total.not_run += r.not_run
            total.failures += r.failures
    for item in total.not_run:
        print(f"not run: {item}")
    print(f"guide: {total.commands} commands, {total.doctests} Python examples, {total.rust} Rust examples "
          f"(run by cargo test --doc), {len(total.not_run)} blocks not run; {len(total.failures)} failed")
    return 1 if total.failures else 0


if __name__ == "__main__":
    sys.exit(main())
