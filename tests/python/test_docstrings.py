"""Every public class, function, method and property of the package's modules (renju,
renju.referee, renju.engine, renju.tournament, renju.env) has a docstring, and each
module's names match its type stubs."""

from __future__ import annotations

import enum
import inspect
from pathlib import Path
from types import ModuleType

import pytest

import renju
import renju.engine
import renju.env
import renju.referee
import renju.tournament

PACKAGE = Path(__file__).resolve().parents[2] / "renju-py" / "python" / "renju"
STUBS = PACKAGE / "__init__.pyi"

#: Each module and its stub file.
MODULES = [
    (renju, STUBS),
    (renju.referee, PACKAGE / "referee.pyi"),
    (renju.engine, PACKAGE / "engine.pyi"),
    (renju.tournament, PACKAGE / "tournament.pyi"),
    (renju.env, PACKAGE / "env.pyi"),
]


def public_names(module: ModuleType = renju) -> list[str]:
    """The module's public names (renju.env's wrappers, loaded on first use, included)."""
    names = {n for n in dir(module) if not n.startswith("_")} | set(module.__all__)
    return sorted(
        n for n in names
        if not inspect.ismodule(getattr(module, n))
        and (n in module.__all__ or getattr(getattr(module, n), "__module__", "renju") == "renju")
    )


@pytest.mark.parametrize("module", [m for m, _ in MODULES], ids=lambda m: m.__name__)
def test_everything_has_a_docstring(module: ModuleType) -> None:
    """Classes, their methods and properties, and functions are documented."""
    if module is renju.env:
        pytest.importorskip("gymnasium")  # its wrappers are loaded on first use
    assert module.__doc__
    missing = []
    for name in public_names(module):
        obj = getattr(module, name)
        if inspect.isclass(obj):
            if not (obj.__doc__ or "").strip():
                missing.append(name)
            for attr, value in vars(obj).items():
                if attr.startswith("_") and attr not in ("__init__", "__new__"):
                    continue
                if callable(value) or isinstance(value, (property, staticmethod)) or (
                    inspect.isdatadescriptor(value) or inspect.ismethoddescriptor(value)
                ):
                    if isinstance(value, type(obj)):  # enum members and Move.PASS
                        continue
                    if value is getattr(enum.Enum, attr, None):  # enum machinery (__new__)
                        continue
                    if not (getattr(value, "__doc__", None) or "").strip():
                        missing.append(f"{name}.{attr}")
        elif callable(obj) and not (obj.__doc__ or "").strip():
            missing.append(name)
    assert missing == []


@pytest.mark.parametrize("module, stubs", MODULES, ids=[m.__name__ for m, _ in MODULES])
def test_stubs_cover_the_module(module: ModuleType, stubs: Path) -> None:
    """Every public name is in the module's stubs (and every stub name but the aliases
    exists); a name lives in one module: no other module's stubs define it."""
    if module is renju.env:
        pytest.importorskip("gymnasium")  # its wrappers are loaded on first use
    text = stubs.read_text()
    for name in public_names(module):
        assert (f"class {name}" in text or f"def {name}(" in text or f"\n{name}:" in text
                or f" as {name}\n" in text), name
    for line in text.splitlines():
        for prefix in ("class ", "def "):
            if line.startswith(prefix):
                name = line[len(prefix):].split("(")[0].split(":")[0]
                assert name.startswith("_") or hasattr(module, name), name
                for other, _ in MODULES:
                    if other is not module and not name.startswith("_"):
                        assert name not in other.__all__, f"{name} in {other.__name__} too"


def test_signatures_shown() -> None:
    """Constructors show the documented defaults."""
    assert renju.Board.__text_signature__ == (
        "(moves='', rule='renju', size=15, *, five_completion_counts=False)")
