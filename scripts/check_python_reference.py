#!/usr/bin/env python3
"""Checks the Python API reference that pdoc generated (docs/python/): every public name
of the `renju` module (its `__all__`), and every public method and property of its
classes, has a docstring in the module and a documented entry in the reference; so does
every public name of its modules by job (`renju.referee`, `renju.engine`,
`renju.tournament`, `renju.env`) and of `renju.dask`, each on its own page.

    .venv/bin/python scripts/check_python_reference.py [DIR]   # DIR: docs/python by default

Run with the Python where `renju` is installed (scripts/guide.sh does).
"""

from __future__ import annotations

import inspect
import re
import sys
from pathlib import Path
from types import ModuleType

import renju
import renju.dask
import renju.engine
import renju.env
import renju.referee
import renju.tournament

ROOT = Path(__file__).resolve().parent.parent


def entries(page: Path) -> dict[str, str]:
    """The reference's entries: id -> its docstring's text (empty when it has none)."""
    text = page.read_text() if page.exists() else ""
    parts = re.split(r'\bid="([\w.]+)"', text)
    out = {}
    for name, body in zip(parts[1::2], parts[2::2]):
        m = re.search(r'<div class="docstring">(.*?)</div>', body, re.S)
        out[name] = re.sub(r"<[^>]+>", "", m.group(1)).strip() if m else ""
    return out


def documented(obj: object) -> bool:
    return bool((getattr(obj, "__doc__", None) or "").strip())


def members(cls: type) -> list[str]:
    """Public methods and properties a class defines (not enum members, not inherited)."""
    out = []
    for attr, value in vars(cls).items():
        if attr.startswith("_") or isinstance(value, cls):
            continue
        if callable(value) or isinstance(value, (property, staticmethod, classmethod)) or (
            inspect.isdatadescriptor(value) or inspect.ismethoddescriptor(value)
        ):
            out.append(attr)
    return out


def check(module: ModuleType, names: list[str], page: Path) -> tuple[list[str], int]:
    found = entries(page)
    problems = []
    checked = 0
    where = page.relative_to(ROOT) if page.is_relative_to(ROOT) else page
    for name in names:
        obj = getattr(module, name)
        wanted = [(name, obj)]
        if inspect.isclass(obj):
            wanted += [(f"{name}.{attr}", vars(obj)[attr]) for attr in members(obj)]
        for qualified, value in wanted:
            checked += 1
            data = not (callable(value) or inspect.isclass(value) or inspect.isdatadescriptor(value))
            if not data and not documented(value):
                problems.append(f"{module.__name__}.{qualified} has no docstring")
            elif qualified not in found:
                problems.append(f"{module.__name__}.{qualified} is not in {where}")
            elif not found[qualified]:
                problems.append(f"{module.__name__}.{qualified} has no docstring in {where}")
    return problems, checked


def main() -> int:
    out = Path(sys.argv[1]).resolve() if len(sys.argv) > 1 else ROOT / "docs" / "python"
    modules: list[ModuleType] = [
        renju, renju.referee, renju.engine, renju.tournament, renju.env, renju.dask,
    ]
    problems: list[str] = []
    checked = 0
    counts = []
    for module in modules:
        page = out.joinpath(*module.__name__.split(".")).with_suffix(".html")
        more, entries_checked = check(module, list(module.__all__), page)
        problems += more
        checked += entries_checked
        counts.append(f"{len(module.__all__)} of {module.__name__}")
    for p in problems:
        print(p)
    print(f"Python reference: names {', '.join(counts)} ({checked} entries with their "
          f"members); {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
