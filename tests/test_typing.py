"""The whole package passes `mypy --strict` (the configuration in pyproject.toml), not only
the modules mypyc compiles: one mypy run over `hhaudit`, its cache kept in the repository's
`.mypy_cache` so that a run after a small change rechecks only what the change reaches."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def test_the_package_passes_mypy_strict() -> None:
    r = subprocess.run([sys.executable, "-m", "mypy", "hhaudit"], cwd=REPO, capture_output=True,
                       text=True, timeout=900, check=False)
    assert "No module named mypy" not in r.stderr, "mypy is in the test extra: pip install -e '.[test]'"
    errors = [line for line in r.stdout.splitlines() if ": error:" in line]
    assert r.returncode == 0 and not errors, "\n".join(errors) or r.stdout + r.stderr
