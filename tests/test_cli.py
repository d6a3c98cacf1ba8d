"""The command line: exit codes, clear errors without tracebacks, the dataset it writes."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pyarrow.parquet as pq
import pytest
from commands import in_process

import hhaudit
from hhaudit.tables import SCHEMAS, TABLES

SOURCE = Path(__file__).resolve().parents[1] / "sample_histories" / "pokerstars"


@pytest.fixture()
def samples(tmp_path: Path) -> Path:
    """The two hand-written sample hands, alone in a folder."""
    d = tmp_path / "samples"
    d.mkdir()
    for name in ("clean-cash.txt", "short-raise-odd-chip.txt"):
        shutil.copy(SOURCE / name, d / name)
    return d


def run_process(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """`python -m hhaudit ARGS` in a process of its own: its exit status, stdout and stderr."""
    return subprocess.run([sys.executable, "-m", "hhaudit", *args], check=False, capture_output=True, text=True,
                          cwd=cwd, timeout=120)


def run(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """The command in this process (tests/commands.py); `run_process` runs it as a process of
    its own, for the entry point's test (standard input and `python -OO` have theirs)."""
    return in_process(*args, cwd=cwd)


def test_audit_samples_writes_every_table_and_fails_on_errors(tmp_path: Path, samples: Path) -> None:
    out = tmp_path / "out"
    r = run_process("audit", str(samples), "-o", str(out), "--quiet", "--jobs", "1")
    assert r.returncode == 1, r.stderr
    assert "2 hands read from 2 of 2 files: 2 audited, 0 unsupported game, 0 parse error" in r.stdout
    for name in TABLES:
        table = pq.read_table(out / name)
        assert table.schema.remove_metadata() == SCHEMAS[name]
    tables = hhaudit.read(out)
    f = tables.findings.sort_values("line")
    assert list(f["rule"]) == ["MR01", "OC01"]
    assert list(f["expected"]) == ["minimum raise is to 750", "expected Gina 713; Hugo 712"]
    clean = tables.pots[tables.pots.hand_id == "100000000001"]
    assert list(clean["amount"]) == [3900] and list(clean["ok"]) == [True]


def test_fail_on_never_and_same_output_with_two_jobs(tmp_path: Path, samples: Path) -> None:
    a, b = tmp_path / "a", tmp_path / "b"
    assert run("audit", str(samples), "-o", str(a), "--quiet", "--fail-on", "never", "--jobs", "1").returncode == 0
    assert run("audit", str(samples), "-o", str(b), "--quiet", "--fail-on", "never", "--jobs", "2").returncode == 0
    ta, tb = hhaudit.read(a), hhaudit.read(b)
    for name in TABLES:
        assert ta[name].astype(str).equals(tb[name].astype(str)), name


def test_missing_path_is_one_clear_line(tmp_path: Path) -> None:
    r = run("audit", str(tmp_path / "nope.txt"), "-o", str(tmp_path / "o"))
    assert r.returncode == 2
    assert "nope.txt: no such file or folder" in r.stderr
    assert "Traceback" not in r.stderr


def test_unknown_format_file_is_reported_not_crashed(tmp_path: Path) -> None:
    p = tmp_path / "notes.txt"
    p.write_text("shopping list\neggs\n")
    r = run("audit", str(p), "-o", str(tmp_path / "o"), "--quiet", "--jobs", "1")
    assert r.returncode == 2
    assert "notes.txt: not a hand-history format hhaudit reads" in r.stderr
    assert "Traceback" not in r.stderr


def test_rules_and_formats_list_the_registry() -> None:
    r = run("rules")
    assert r.returncode == 0 and "MR01" in r.stdout and "TDA-2024 47-A" in r.stdout
    r = run("formats")
    assert r.returncode == 0 and "pokerstars" in r.stdout


def test_show_replays_a_hand_with_its_findings(samples: Path) -> None:
    r = run("show", str(samples / "short-raise-odd-chip.txt"), "--hand", "100000000002")
    assert r.returncode == 0
    assert "min raise to 750" in r.stdout
    assert "MR01" in r.stdout and "OC01" in r.stdout


def test_show_stacks_hold_what_the_pot_paid(samples: Path) -> None:
    # clean-cash: Alice bets 25.00 on the river with 184.00 behind it, gets it back uncalled
    # (184.00) and collects the 38.50 pot (39.00 less 0.50 rake): 184.00 + 38.50 = 222.50
    r = run("show", str(samples / "clean-cash.txt"), "--hand", "100000000001")
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    at = next(i for i, x in enumerate(lines) if "collects 38.50" in x)
    # each line says what it changed: the collection takes Alice to 222.50, the return before
    # it to 184.00
    assert "stack Alice 222.50" in lines[at]
    assert "returned to Alice" in lines[at - 1] and "stack Alice 184.00" in lines[at - 1]


def test_stdin(tmp_path: Path, samples: Path) -> None:
    text = (samples / "clean-cash.txt").read_text()
    r = subprocess.run([sys.executable, "-m", "hhaudit", "audit", "-", "-o", str(tmp_path / "o"), "--quiet"],
                       input=text, capture_output=True, text=True, timeout=120, check=False)
    assert r.returncode == 0, r.stderr
    assert "1 hands read" in r.stdout


def test_select_ignore_and_pyproject_config(tmp_path: Path, samples: Path) -> None:
    r = run("audit", str(samples), "-o", str(tmp_path / "a"), "--quiet", "--jobs", "1", "--select", "odd_chip")
    assert r.returncode == 1 and "odd_chip        1" in r.stdout and "min_raise" not in r.stdout
    r = run("audit", str(samples), "-o", str(tmp_path / "b"), "--quiet", "--jobs", "1", "--ignore", "MR,OC01")
    assert r.returncode == 0 and "0 findings" in r.stdout
    project = tmp_path / "proj"
    project.mkdir()
    (project / "pyproject.toml").write_text('[tool.hhaudit]\nignore = ["min-raise", "raise-below-minimum"]\n')
    r = run("audit", str(samples), "-o", str(tmp_path / "c"), "--quiet", "--jobs", "1", cwd=project)
    assert "min_raise" not in r.stdout and "odd_chip        1" in r.stdout


def test_unknown_profile_option_is_a_usage_error(tmp_path: Path, samples: Path) -> None:
    r = run("audit", str(samples), "-o", str(tmp_path / "a"), "--option", "no_such=1")
    assert r.returncode == 2 and "no_such" in r.stderr and "Traceback" not in r.stderr


def test_formats_with_corpus_counts_the_hands_each_format_reads() -> None:
    from conftest_corpus import corpus

    root = corpus()
    r = run("formats", "--corpus", str(root))
    assert r.returncode == 0, r.stderr
    # 5,628 hands read (a few files start with a hand's cut-off tail) of 5,625 listed
    assert "5628 of 5625 hands listed" in r.stdout
    line = next(x for x in r.stdout.splitlines() if x.strip().startswith("pokerstars"))
    assert "1241 (22.1%)" in line


def test_odd_file_names_stay_inside_out(tmp_path: Path, samples: Path) -> None:
    """Part files are named by the input's position, never by its name."""
    odd = tmp_path / "in" / "-rf ..; $(x) ünï cödé"
    odd.mkdir(parents=True)
    shutil.copy(samples / "clean-cash.txt", odd / "hand; rm -rf ~ ..txt")
    out = tmp_path / "o"
    before = set(tmp_path.rglob("*"))
    r = run("audit", str(odd), "-o", str(out), "--quiet")
    assert r.returncode == 0, r.stderr
    created = set(tmp_path.rglob("*")) - before
    assert all(out in p.parents or p == out for p in created)
    tables = hhaudit.read(out)
    assert list(tables.hands["source"]) == [str(odd / "hand; rm -rf ~ ..txt")]


def test_each_rule_reads_its_summary_from_its_docstring_as_written() -> None:
    """A finding with no message of its own, and `hhaudit rules`, give the rule's summary: the
    first paragraph of its class docstring in the source, on one line (compiled classes have
    no docstring at run time: it is read from the source). Each docstring gives a bad and a
    good example."""
    import ast

    import hhaudit.engine.live_rules
    from hhaudit.engine.rules import RULES

    written: dict[tuple[str, str], str] = {}
    for module in ("engine.rules", "engine.live_rules", "engine.house_rules", "sessions.rules"):
        path = Path(hhaudit.__file__).parent / (module.replace(".", "/") + ".py")
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in tree.body:
            if isinstance(node, ast.ClassDef) and ast.get_docstring(node):
                written[f"hhaudit.{module}", node.name] = ast.get_docstring(node) or ""
    assert len(RULES) >= 35
    for code, rule in RULES.items():
        doc = written[rule.__module__, rule.__name__]
        assert rule.summary() == " ".join(doc.split("\n\n")[0].split()), code
        assert "Bad:" in doc and "Good:" in doc, code
    r = run("rules")
    assert RULES["AO04"].summary() in r.stdout


def test_piped_rules_print_every_description_whole_on_one_line() -> None:
    """`hhaudit rules | cat`: a pipe is no terminal, so nothing is cut or wrapped to a width:
    each rule's line holds its whole description, the docstring's first paragraph, however
    long. Before, the description was the docstring's first line, so the four rules whose
    first sentence wraps in the source (AC07, PA05, SE07, SE08) printed half a sentence."""
    import hhaudit.engine.live_rules  # noqa: F401
    from hhaudit._native import docstring
    from hhaudit.engine.rules import RULES
    from hhaudit.ruledoc import load_all_rules

    load_all_rules()
    r = run_process("rules")  # stdout a pipe
    assert r.returncode == 0, r.stderr
    rows = {line.split()[0]: line for line in r.stdout.splitlines()[1:]}
    assert set(rows) == set(RULES)
    # written here, as the source has it: the sentence across its two lines
    assert ("A copy of the hand (the same hand: same site, hand id, table, time and seats) whose text "
            "differs from this one.") in rows["AC07"]
    assert "more rebuys than one player may make in a table session (`max_rebuys`)." in rows["SE08"]
    for code, rule in RULES.items():
        first = " ".join(docstring(rule).split("\n\n")[0].split())  # as written: compiled classes have none
        assert first.endswith((".", ")", "`")), (code, first)
        assert f"  {first}  " in rows[code] or rows[code].endswith(f"  {first}"), code
    # no width: the longest line is as long as its cells, past any terminal's 80 or 100
    assert max(map(len, r.stdout.splitlines())) > 160


def test_rules_and_findings_keep_their_messages_without_docstrings(tmp_path: Path, samples: Path) -> None:
    """`python -OO` strips docstrings: the rule list and the findings' messages stay the same."""
    from hhaudit.engine.rules import RULES

    def hh(flags: list[str], *args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, *flags, "-m", "hhaudit", *args], capture_output=True, text=True,
                              timeout=120, check=False)

    plain, stripped = hh([], "rules"), hh(["-OO"], "rules")
    assert stripped.returncode == 0, stripped.stderr
    assert RULES["AO02"].summary() in stripped.stdout and stripped.stdout == plain.stdout
    for flags, name in (([], "plain"), (["-OO"], "stripped")):
        r = hh(flags, "audit", str(samples), "-o", str(tmp_path / name), "--quiet", "--jobs", "1")
        assert r.returncode == 1, r.stderr
    messages = [pq.read_table(tmp_path / name / "findings").column("message").to_pylist()
                for name in ("plain", "stripped")]
    assert messages[0] and all(messages[0]) and messages[1] == messages[0]


def test_show_prints_the_showdown_with_each_hands_rank() -> None:
    # session-1.live hand 18: Carol's Ks Qd beats Frank's Kd Jc on Kc 9h 4d 2s 9c (kings and
    # nines, the queen kicker); the log paid Frank, so the collection's line is at fault
    live = Path(__file__).resolve().parents[1] / "sample_histories" / "live" / "session-1.live"
    r = run("show", str(live), "--hand", "18")
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert "showdown, board Kc 9h 4d 2s 9c" in lines
    assert "  Carol (seat 3, UTG) Ks Qd: two pair (Ks Kc 9h 9c Qd)   best hand" in lines
    assert "  Frank (seat 6, BTN) Kd Jc: two pair (Kd Kc 9h 9c Jc)" in lines
    collect = next(i for i, line in enumerate(lines) if "collects 72" in line)
    assert lines[collect + 1].startswith("      ! WN01 error: pot paid to Frank")
    # a line names the stacks that moved, not every seat's (the seats line gives them once)
    names = ("Alice", "Bob", "Carol", "Dave", "Erin", "Frank")
    assert sum(all(n in line for n in names) for line in lines) == 1 and lines[1].startswith("seats ")
