#!/usr/bin/env python3
"""Checks that the declared minimum Rust version is the one the code really needs, and
that the version number is written once.

- The workspace's `rust-version` must equal the newest `rust-version` among the locked
  dependencies that the published crates build with (normal and build dependencies).
  Clippy's `incompatible_msrv` lint (run by scripts/test-all.sh) checks the crates' own
  code against the same version, since every crate inherits it.
- The version requirement on every `renju-*` crate in the workspace dependencies must be the
  workspace version (the Python and C versions come from it at build time).

Only the machine's one toolchain is available here, so the check reads what each
dependency declares instead of building with an older compiler.

Usage: python3 scripts/check_msrv.py
"""

from __future__ import annotations

import json
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def version(text: str) -> tuple[int, ...]:
    return tuple(int(x) for x in text.split("."))


def main() -> int:
    manifest = tomllib.loads((ROOT / "Cargo.toml").read_text())
    package = manifest["workspace"]["package"]
    declared = package["rust-version"]
    meta = json.loads(
        subprocess.run(
            ["cargo", "metadata", "--format-version", "1", "--locked"],
            cwd=ROOT, check=True, capture_output=True, text=True,
        ).stdout
    )
    packages = {p["id"]: p for p in meta["packages"]}
    nodes = {n["id"]: n for n in meta["resolve"]["nodes"]}
    members = set(meta["workspace_members"])
    needed: dict[str, tuple[tuple[int, ...], str]] = {}
    for member in members:
        if packages[member].get("publish") == []:
            continue
        seen, stack = set(), [member]
        while stack:
            pid = stack.pop()
            if pid in seen:
                continue
            seen.add(pid)
            for dep in nodes[pid]["deps"]:
                if any(k["kind"] in (None, "build") for k in dep["dep_kinds"]):
                    stack.append(dep["pkg"])
        best = max(
            ((version(packages[p]["rust_version"]), packages[p]["name"])
             for p in seen - members if packages[p].get("rust_version")),
            default=((0,), "none"),
        )
        needed[packages[member]["name"]] = best
        own = packages[member].get("rust_version")
        if own != declared:
            print(f"{packages[member]['name']}: rust-version {own}, not the workspace's {declared}")
            return 1
    newest = max(needed.values())
    for name, (v, dep) in sorted(needed.items()):
        print(f"{name}: dependencies need Rust {'.'.join(map(str, v))} ({dep})")
    status = 0
    if version(declared) != newest[0][: len(version(declared))]:
        print(
            f"rust-version is {declared}, but the dependencies need "
            f"{'.'.join(map(str, newest[0]))} ({newest[1]}): declare that"
        )
        status = 1
    for crate, dep in sorted(manifest["workspace"]["dependencies"].items()):
        if crate.startswith("renju-") and dep["version"] != package["version"]:
            print(f"{crate} is required at {dep['version']}, but the workspace version is {package['version']}")
            status = 1
    if status == 0:
        print(f"rust-version {declared} is what the code needs; version {package['version']} agrees everywhere")
    return status


if __name__ == "__main__":
    sys.exit(main())
