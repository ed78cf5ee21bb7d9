"""Shared pytest fixtures: where the repository, its fixture corpus and the shared
real-world data are."""

from __future__ import annotations

from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture
def repo() -> Path:
    """The repository root."""
    return REPO


@pytest.fixture
def shared_data() -> Path:
    """<repo>/../shared/data (real-world files); the test is skipped when it is absent."""
    data = REPO.parent / "shared" / "data"
    if not data.is_dir():
        pytest.skip(f"shared real-world data not found at {data} (it lives beside the repository)")
    return data
