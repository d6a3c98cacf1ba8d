"""`hhaudit rule CODE`: every rule's full documentation stands alone (summary, bad and good
example, the options that change it, what each cited passage says; no citation of a file a
user does not have), and the quick commands start without pandas or any format module."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from hhaudit.engine.rules import RULES
from hhaudit.profiles import option_names
from hhaudit.ruledoc import OPTIONS, load_all_rules, passages, rule_doc

REPO = Path(__file__).resolve().parents[1]
load_all_rules()


@pytest.mark.parametrize("code", sorted(RULES))
def test_every_rule_documents_itself(code: str) -> None:
    rule = RULES[code]
    doc = rule_doc(code)
    assert doc.startswith(f"{code} {rule.name}\n\n{rule.summary()}\n")
    assert "\nBad:" in doc and "\nGood:" in doc, doc
    assert f"Rulebook: {rule.citation}\n" in doc
    for ref, text in passages(rule.citation):
        assert text, f"{code}: nothing stored for {ref!r}"
        assert f"  {ref}: {text}" in doc
    for word in ("rules.md", "contract §", "§"):
        assert word not in rule.citation and word not in doc, (code, word)


def test_options_named_exist_and_each_changes_a_rule() -> None:
    named = {o for opts in OPTIONS.values() for o in opts}
    assert named <= set(option_names())
    assert set(option_names()) == named           # every option documented under some rule
    assert set(OPTIONS) <= set(RULES)
    doc = rule_doc("OC01")
    assert "  odd_chip (default 'button'): Who gets odd chips of a split pot" in doc


def test_passages_of_a_compound_citation() -> None:
    got = passages("TDA-2024 40, 43-A; Robert's Ties")
    assert [ref for ref, _ in got] == ["Poker TDA rules, 2024 edition 40", "Poker TDA rules, 2024 edition 43-A",
                                       "Robert's Rules of Poker Ties"]
    assert "50% standard" in got[1][1] and "odd chip" in got[2][1]


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "hhaudit", *args], capture_output=True, text=True, timeout=120, check=False,
                          cwd=REPO)


def test_rule_command_and_unknown_codes() -> None:
    r = _cli("rule", "mr01")
    assert r.returncode == 0 and r.stdout == rule_doc("MR01")
    r = _cli("rule", "raise-below-minimum")
    assert r.returncode == 0 and r.stdout.startswith("MR01 raise-below-minimum")
    r = _cli("rule", "MR1")
    assert r.returncode == 2 and "did you mean MR01" in r.stderr and r.stdout == ""


PROBE = """
import sys, runpy
sys.argv = ["hhaudit", *{args!r}]
try:
    runpy.run_module("hhaudit", run_name="__main__")
except SystemExit:
    pass
heavy = sorted(m for m in sys.modules if m.split(".")[0] in ("pandas", "pyarrow", "lark", "numpy")
               or m.startswith("hhaudit.formats.") or m in ("hhaudit.api", "hhaudit.pipeline"))
print("HEAVY", heavy, file=sys.stderr)
"""


@pytest.mark.parametrize("args", [("--version",), ("rules",), ("rule", "MR01")])
def test_quick_commands_import_no_pandas_nor_formats(args: tuple[str, ...]) -> None:
    r = subprocess.run([sys.executable, "-c", PROBE.format(args=args)], capture_output=True, text=True, check=False,
                       timeout=120, cwd=REPO)
    line = next(x for x in r.stderr.splitlines() if x.startswith("HEAVY"))
    assert line == "HEAVY []", line


def test_formats_imports_no_pandas() -> None:
    r = subprocess.run([sys.executable, "-c", PROBE.format(args=("formats",))], capture_output=True, check=False,
                       text=True, timeout=120, cwd=REPO)
    line = next(x for x in r.stderr.splitlines() if x.startswith("HEAVY"))
    assert "pandas" not in line and "pyarrow" not in line, line
    assert "pokerstars" in r.stdout


def test_the_api_is_still_there_lazily() -> None:
    import hhaudit

    assert callable(hhaudit.audit) and callable(hhaudit.parse) and callable(hhaudit.read)
    assert "audit" in dir(hhaudit)
    with pytest.raises(AttributeError):
        hhaudit.no_such_name  # noqa: B018
    # the auditor's module (hhaudit/engine/auditor.py, compiled) and the API's function have different
    # names: importing the module and the tables first leaves the function in place
    code = ("import hhaudit.engine.auditor, hhaudit.tables, hhaudit; import hhaudit.pipeline; "
            "print(callable(hhaudit.audit))")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, cwd=REPO,
                       check=False)
    assert r.stdout.strip() == "True", r.stderr
