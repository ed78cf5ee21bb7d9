"""Every public class, function, method and property of the module has a docstring, and
the module's names match its type stubs."""

from __future__ import annotations

import enum
import inspect
from pathlib import Path

import renju

STUBS = Path(__file__).resolve().parents[2] / "renju-py" / "python" / "renju" / "__init__.pyi"


def public_names() -> list[str]:
    """The module's public names."""
    names = [n for n in dir(renju) if not n.startswith("_")]
    return [n for n in names if not inspect.ismodule(getattr(renju, n))]


def test_everything_has_a_docstring() -> None:
    """Classes, their methods and properties, and functions are documented."""
    assert renju.__doc__
    missing = []
    for name in public_names():
        obj = getattr(renju, name)
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


def test_stubs_cover_the_module() -> None:
    """Every public name is in the stubs (__init__.pyi) (and every stub name but the aliases exists)."""
    text = STUBS.read_text()
    for name in public_names():
        assert (f"class {name}" in text or f"def {name}(" in text or f"\n{name}:" in text), name
    for line in text.splitlines():
        for prefix in ("class ", "def "):
            if line.startswith(prefix):
                name = line[len(prefix):].split("(")[0].split(":")[0]
                assert name.startswith("_") or hasattr(renju, name), name


def test_signatures_shown() -> None:
    """Constructors show the documented defaults."""
    assert renju.Board.__text_signature__ == (
        "(moves='', rule='renju', size=15, *, five_completion_counts=False)")
