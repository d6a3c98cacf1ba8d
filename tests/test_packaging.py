"""The grammars travel with the package: a built wheel carries them and finds them."""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    r = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(out), str(REPO)],
                       capture_output=True, text=True, timeout=600)
    if r.returncode != 0:
        pytest.fail(f"building the wheel failed: {r.stderr[-2000:]}")
    (whl,) = out.glob("hhaudit-*.whl")
    return whl


def test_wheel_contains_every_grammar(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    for grammar in (REPO / "grammars").glob("*.lark"):
        assert f"hhaudit/grammars/{grammar.name}" in names


def test_installed_wheel_parses_with_its_own_grammars(wheel: Path, tmp_path: Path) -> None:
    target = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(target)
    sample = REPO / "sample_histories" / "pokerstars" / "clean-cash.txt"
    code = ("import hhaudit, hhaudit.formats.base as b; "
            "print(b.grammar_dir()); "
            f"print([h.status.value for h in hhaudit.parse({str(sample)!r})])")
    env = dict(os.environ, PYTHONPATH=str(target))
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=tmp_path, env=env,
                       timeout=120)
    assert r.returncode == 0, r.stderr
    grammar_dir, statuses = r.stdout.splitlines()
    assert Path(grammar_dir) == target / "hhaudit" / "grammars"
    assert statuses == "['audited']"
