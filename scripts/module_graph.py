#!/usr/bin/env python3
"""Checks the shape of the workspace: the crates' boundaries and every crate's module graph.

Crate boundaries: each crate may depend only on the crates listed for it in LAYERS (the
rules crate on none, the records on the rules, and so on), both in its Cargo.toml and in
its code (a `renju_x::` path names crate renju-x).

Module graphs: a module "imports" another when its code (comments and doc comments
stripped, test modules excluded) names `crate::other` or a crate-root re-export of the
other's items (`crate::Position` counts as `position`). Cycles are strongly connected
components of more than one module. A cycle listed in ALLOWED is accepted, with the
reason given there; any other cycle, or a dependency outside LAYERS, makes the script
exit 1.

Usage: python3 scripts/module_graph.py [--dot] [CRATE ...]
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

WORKSPACE = Path(__file__).resolve().parent.parent

# The crates each crate may depend on. The rules know nothing of records; records know
# nothing of tournaments, pictures or engines; the C library does not build the engine
# driver (it spawns no process). The engine driver knows tournaments: a match's results
# are a tournament (TRF, standings), built in the library so that the CLI and Python
# share it.
LAYERS: dict[str, set[str]] = {
    "renju-core": set(),
    "renju-records": {"renju-core"},
    "renju-tournament": {"renju-core", "renju-records"},
    "renju-display": {"renju-core", "renju-records"},
    "renju-engine": {"renju-core", "renju-records", "renju-tournament"},
    "renju-env": {"renju-core", "renju-records"},
    "renju-ffi": {
        "renju-core",
        "renju-records",
        "renju-tournament",
        "renju-display",
        "renju-env",
    },
    "renju-cli": {
        "renju-core",
        "renju-records",
        "renju-tournament",
        "renju-display",
        "renju-engine",
    },
    # The WebAssembly module of the JavaScript package: the judge, the referee and the
    # formats, and the forbidden-points protocol from its owner, the engine crate (whose
    # process driver the module never calls).
    "renju-js": {"renju-core", "renju-records", "renju-engine"},
    "renju-py": {
        "renju-core",
        "renju-records",
        "renju-tournament",
        "renju-display",
        "renju-engine",
        "renju-env",
    },
}

# Cycles that are accepted, as (crate, set of modules), each with why the modules belong
# together.
ALLOWED: dict[tuple[str, frozenset[str]], str] = {}

ROOT = WORKSPACE / "renju-core" / "src"


def strip(text: str) -> str:
    """Removes comments (doc comments included), string and char literals, and
    `#[cfg(test)]` modules, keeping the code."""
    out: list[str] = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            i = text.find("\n", i)
            i = n if i < 0 else i
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            i = n if j < 0 else j + 2
        elif c == "r" and re.match(r'r#*"', text[i:]) and not (i and (text[i - 1].isalnum() or text[i - 1] == "_")):
            hashes = re.match(r"r(#*)\"", text[i:]).group(1)
            end = text.find('"' + hashes, i + 2 + len(hashes))
            i = n if end < 0 else end + 1 + len(hashes)
            out.append('""')
        elif c == '"':
            j = i + 1
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            i = j + 1
            out.append('""')
        elif c == "'" and i + 2 < n and (text[i + 1] == "\\" or text[i + 2] == "'"):
            j = text.find("'", i + 2 if text[i + 1] == "\\" else i + 1)
            if text[i + 1] == "\\":
                j = text.find("'", i + 3)
            i = n if j < 0 else j + 1
            out.append("' '")
        else:
            out.append(c)
            i += 1
    code = "".join(out)
    return re.sub(r"#\[cfg\(test\)\]\s*mod\s+\w+\s*\{.*", "", code, flags=re.S)


def top_module(root: Path, path: Path) -> str | None:
    rel = path.relative_to(root)
    if rel.parts in (("lib.rs",), ("main.rs",)):
        return None
    return rel.parts[0].removesuffix(".rs")


def root_reexports(root: Path) -> dict[str, str]:
    """Item name -> defining module, from `pub use module::{...}` in lib.rs."""
    lib_path = root / "lib.rs"
    if not lib_path.exists():
        return {}
    lib = strip(lib_path.read_text())
    names: dict[str, str] = {}
    for module, items in re.findall(r"pub use (\w+)::\{?([^;}]*)\}?;", lib):
        for item in re.split(r"[,\s]+", items):
            if item:
                names[item] = module
    return names


def graph(root: Path) -> dict[str, set[str]]:
    reexports = root_reexports(root)
    edges: dict[str, set[str]] = {}
    for path in sorted(root.rglob("*.rs")):
        module = top_module(root, path)
        if module is None:
            continue
        deps = edges.setdefault(module, set())
        code = strip(path.read_text())
        for name in re.findall(r"\bcrate::(\w+)", code):
            target = reexports.get(name, name)
            is_module = (root / f"{target}.rs").exists() or (root / target).is_dir()
            if is_module and target != module:
                deps.add(target)
        # Macros exported at the core's root (`name_table!`) live in its `names`.
        if root == ROOT and re.search(r"\bname_table!", code) and module != "names":
            deps.add("names")
    return edges


def boundary_errors(crate: str) -> list[str]:
    """The dependencies of `crate` (manifest and code) that LAYERS does not allow."""
    allowed = LAYERS[crate]
    manifest = (WORKSPACE / crate / "Cargo.toml").read_text()
    section = re.search(r"^\[dependencies\]\n(.*?)(?=^\[|\Z)", manifest, flags=re.M | re.S)
    declared = set(re.findall(r"^(renju-[\w-]+)", section.group(1) if section else "", flags=re.M))
    errors = [f"{crate} depends on {dep} (Cargo.toml)" for dep in sorted(declared - allowed)]
    named: set[str] = set()
    for path in sorted((WORKSPACE / crate / "src").rglob("*.rs")):
        for name in re.findall(r"(?<![\w:])(?:::)?(renju_[a-z_]+)::", strip(path.read_text())):
            named.add(name.replace("_", "-"))
    for dep in sorted(named - allowed - {crate} - {"renju-py"}):
        if dep in LAYERS:
            errors.append(f"{crate} names {dep} in its code")
    return errors


def cycles(edges: dict[str, set[str]]) -> list[set[str]]:
    """Strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[set[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(edges.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = set()
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.add(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(component)

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return found


def main() -> int:
    crates = [a for a in sys.argv[1:] if not a.startswith("--")] or list(LAYERS)
    bad = 0
    for crate in crates:
        root = WORKSPACE / crate / "src"
        edges = graph(root)
        if "--dot" in sys.argv:
            print(f'digraph "{crate}" {{')
            for module in sorted(edges):
                for dep in sorted(edges[module]):
                    print(f'  "{module}" -> "{dep}";')
            print("}")
        else:
            print(f"== {crate}")
            for module in sorted(edges):
                print(f"{module:12} -> {', '.join(sorted(edges[module])) or '(nothing)'}")
        sys.stdout.flush()
        for error in boundary_errors(crate):
            print(f"crate boundary: {error}", file=sys.stderr)
            bad += 1
        for component in cycles(edges):
            key = (crate, frozenset(component))
            if key in ALLOWED:
                print(f"allowed cycle in {crate} {sorted(component)}: {ALLOWED[key]}", file=sys.stderr)
            else:
                print(f"import cycle in {crate}: {' <-> '.join(sorted(component))}", file=sys.stderr)
                bad += 1
    if bad:
        print(f"{bad} problem(s): import cycles or crate boundaries", file=sys.stderr)
        return 1
    print(f"no import cycle and no boundary crossed in {len(crates)} crate(s)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
