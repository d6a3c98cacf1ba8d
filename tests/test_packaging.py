"""The grammars travel with the package: a built wheel carries them and finds them. The wheel
carries the hot modules compiled, and runs them."""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
COMPILE = tomllib.loads((REPO / "pyproject.toml").read_text())["tool"]["hatch"]["build"]["targets"]["wheel"][
    "hooks"]["custom"]["compile"]


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """The wheel, and what its build said (pip shows the build's lines with -v)."""
    out = tmp_path_factory.mktemp("wheel")
    # in a session of its own, without the terminal: the build's "compiling" line stays in the
    # log instead of crossing pytest's output; it reuses the install's compile when the
    # sources are the same (hatch_build.py). Built with this environment's hatchling and mypy
    # (the test extra asks for what the build hook does): an isolated build sets up a fresh
    # environment first, 9.3 s against 1.6 s for the same wheel, file for file; the isolated
    # build is the one every install makes (the README's commands, .ci/run)
    r = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-v", "-w",
                        str(out), str(REPO)],
                       capture_output=True, text=True, timeout=900, env=dict(os.environ, HHAUDIT_COMPILE="1"),
                       start_new_session=True, check=False)
    if r.returncode != 0:
        pytest.fail(f"building the wheel failed: {r.stdout[-2000:]}{r.stderr[-2000:]}")
    (whl,) = out.glob("hhaudit-*.whl")
    return whl, r.stdout + r.stderr


@pytest.fixture(scope="module")
def wheel(built: tuple[Path, str]) -> Path:
    return built[0]


def test_the_build_says_it_compiles_or_reuses_a_compile(built: tuple[Path, str]) -> None:
    log = built[1]
    n = len(COMPILE)
    fresh = f"hhaudit: compiling {n} hot modules with mypyc" in log and f"hhaudit: compiled {n} modules in" in log
    reused = f"hhaudit: the {n} hot modules were compiled from these same sources before; reusing them" in log
    assert fresh != reused, log[-3000:]


def test_wheel_contains_every_grammar(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    for grammar in (REPO / "grammars").glob("*.lark"):
        assert f"hhaudit/grammars/{grammar.name}" in names


def test_installed_wheel_parses_with_its_own_grammars(wheel: Path, tmp_path: Path) -> None:
    target = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(target)
    sample = REPO / "sample_histories" / "pokerstars" / "clean-cash.txt"
    code = ("import hhaudit, hhaudit.formats.base as b, hhaudit._native as n; "
            "print(b.grammar_dir()); print(len(n.COMPILED), b.__file__.endswith('.so')); "
            f"print([h.status.value for h in hhaudit.parse({str(sample)!r})])")
    env = dict(os.environ, PYTHONPATH=str(target))
    env.pop("HHAUDIT_PURE", None)
    r = subprocess.run([sys.executable, "-c", code], check=False, capture_output=True, text=True, cwd=tmp_path, env=env,
                       timeout=120)
    assert r.returncode == 0, r.stderr
    grammar_dir, compiled, statuses = r.stdout.splitlines()
    assert Path(grammar_dir) == target / "hhaudit" / "grammars"
    assert compiled == f"{len(COMPILE)} True"
    assert statuses == "['audited']"


def test_wheel_carries_the_compiled_modules_and_their_sources(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    assert "hhaudit/_compiled.json" in names
    for source in COMPILE:
        assert source in names
        stem = source[: -len(".py")]
        assert any(n.startswith(stem + ".cpython-") and n.endswith(".so") for n in names), stem


def _run_installed(target: Path, code: str, **extra: str) -> list[str]:
    env = dict(os.environ, PYTHONPATH=str(target), **extra)
    if "HHAUDIT_PURE" not in extra:
        env.pop("HHAUDIT_PURE", None)
    r = subprocess.run([sys.executable, "-W", "always", "-c", code], check=False, capture_output=True,
                       text=True, cwd=target, env=env, timeout=120)
    assert r.returncode == 0, r.stderr
    return [*r.stdout.splitlines(), *r.stderr.splitlines()]


_WHICH = ("import sys, hhaudit, hhaudit._native as n, importlib; importlib.import_module('hhaudit.engine.auditor'); "
          f"hands = hhaudit.parse({str(REPO / 'sample_histories' / 'pokerstars' / 'clean-cash.txt')!r}); "
          "print(len(n.COMPILED), n.STALE, sys.modules['hhaudit.engine.auditor'].__file__.rsplit('.', 1)[1], "
          "[h.status.value for h in hands])")


def test_an_edited_source_runs_every_compiled_module_from_source(wheel: Path, tmp_path: Path) -> None:
    target = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(target)
    assert _run_installed(target, _WHICH)[0] == f"{len(COMPILE)} () so ['audited']"
    pots = target / "hhaudit" / "engine" / "pots.py"
    pots.write_text(pots.read_text() + "\n# edited\n")
    out = _run_installed(target, _WHICH)
    assert out[0] == "0 ('hhaudit.engine.pots',) py ['audited']"
    assert any("hhaudit.engine.pots changed since it was compiled" in line for line in out[1:])


def test_hhaudit_pure_runs_the_sources(wheel: Path, tmp_path: Path) -> None:
    target = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(target)
    out = _run_installed(target, _WHICH, HHAUDIT_PURE="1")
    assert out[0] == "0 () py ['audited']"
    assert not any("changed since it was compiled" in line for line in out)


def test_compiled_rules_read_their_summaries_from_the_sources(wheel: Path, tmp_path: Path) -> None:
    """A compiled class has no docstring of its own; a rule's summary comes from its source."""
    target = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(target)
    out = _run_installed(target, "import hhaudit._native as n; from hhaudit.engine.rules import RULES; "
                                 "print('hhaudit.engine.rules' in n.COMPILED, RULES['AO01'].summary())")
    assert out[0] == "True An action by a seat that was not the next to act."
