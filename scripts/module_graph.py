#!/usr/bin/env python3
"""Prints the import graph of renju-core's top-level modules and fails on a cycle.

A module "imports" another when its code (comments and doc comments stripped, test
modules excluded) names `crate::other` or a crate-root re-export of the other's items
(`crate::Position` counts as `position`). Cycles are strongly connected components of
more than one module. A cycle listed in ALLOWED is accepted, with the reason given there;
any other cycle makes the script exit 1.

Usage: python3 scripts/module_graph.py [--dot]  (RENJU_CORE_SRC=dir reads another tree)
"""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

ROOT = Path(
    os.environ.get("RENJU_CORE_SRC")
    or Path(__file__).resolve().parent.parent / "renju-core" / "src"
)

# Cycles that are accepted, as sets of modules, each with why the modules belong together.
ALLOWED: dict[frozenset[str], str] = {}


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


def top_module(path: Path) -> str | None:
    rel = path.relative_to(ROOT)
    if rel.parts == ("lib.rs",):
        return None
    return rel.parts[0].removesuffix(".rs")


def root_reexports() -> dict[str, str]:
    """Item name -> defining module, from `pub use module::{...}` in lib.rs."""
    lib = strip((ROOT / "lib.rs").read_text())
    names: dict[str, str] = {}
    for module, items in re.findall(r"pub use (\w+)::\{?([^;}]*)\}?;", lib):
        for item in re.split(r"[,\s]+", items):
            if item:
                names[item] = module
    return names


def graph() -> dict[str, set[str]]:
    reexports = root_reexports()
    edges: dict[str, set[str]] = {}
    for path in sorted(ROOT.rglob("*.rs")):
        module = top_module(path)
        if module is None:
            continue
        deps = edges.setdefault(module, set())
        code = strip(path.read_text())
        for name in re.findall(r"\bcrate::(\w+)", code):
            target = reexports.get(name, name)
            is_module = (ROOT / f"{target}.rs").exists() or (ROOT / target).is_dir()
            if is_module and target != module:
                deps.add(target)
        # Macros exported at the crate root (`crate::name_table!`) live in `names`.
        if re.search(r"\bname_table!", code) and module != "names":
            deps.add("names")
    return edges


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
    edges = graph()
    if "--dot" in sys.argv:
        print("digraph renju_core {")
        for module in sorted(edges):
            for dep in sorted(edges[module]):
                print(f'  "{module}" -> "{dep}";')
        print("}")
    else:
        for module in sorted(edges):
            print(f"{module:10} -> {', '.join(sorted(edges[module])) or '(nothing)'}")
    sys.stdout.flush()
    bad = 0
    for component in cycles(edges):
        key = frozenset(component)
        if key in ALLOWED:
            print(f"allowed cycle {sorted(component)}: {ALLOWED[key]}", file=sys.stderr)
        else:
            print(f"import cycle: {' <-> '.join(sorted(component))}", file=sys.stderr)
            bad += 1
    if bad:
        print(f"{bad} import cycle(s) in renju-core", file=sys.stderr)
        return 1
    print("no import cycle in renju-core", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
