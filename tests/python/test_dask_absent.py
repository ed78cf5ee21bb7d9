"""renju.dask without Dask: the module imports (so that the guide's reference, built by
pdoc in a venv without the extra, documents it: scripts/release.sh on a fresh clone),
and its functions raise ImportError naming the extra to install."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

SCRIPT = """
import sys
for name in ("dask", "dask.dataframe", "dask.sizeof", "distributed"):
    sys.modules[name] = None  # an import of it raises ImportError, as when absent
import renju.dask as rdask
assert rdask.validate_files.__doc__ and rdask.validate_parquet.__doc__
for call in (lambda: rdask.validate_files([]), rdask.findings_meta):
    try:
        call()
    except ImportError as e:
        assert "renju-referee[dask]" in str(e), e
    else:
        raise AssertionError("no ImportError without Dask")
print("ok")
"""


def test_renju_dask_imports_without_dask(tmp_path: Path) -> None:
    out = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True,
                         cwd=tmp_path, check=False)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "ok"
