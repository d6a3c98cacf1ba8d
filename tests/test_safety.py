"""Never lose a user's files or hands, never crash: what OUT may be, the commit, exit codes
for every command, interrupted runs, a full or read-only disk, strict configuration,
verified incremental runs, and the API under scripts without a `__main__` guard."""

from __future__ import annotations

import contextlib
import io
import os
import shutil
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest

import hhaudit
from hhaudit.errors import OutputRefused
from hhaudit.outdir import MARKER

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = ROOT / "sample_histories" / "pokerstars"
CLEAN = (SAMPLES / "clean-cash.txt").read_text(encoding="utf-8")  # one hand, no finding
SHORT = (SAMPLES / "short-raise-odd-chip.txt").read_text(encoding="utf-8")  # MR01 and OC01


def hands(n: int, start: int = 1) -> str:
    """n copies of the clean sample hand under hand numbers start, start+1, ..."""
    head = "PokerStars Hand #100000000001"
    assert CLEAN.startswith(head)
    return "".join(CLEAN.replace(head, f"PokerStars Hand #{start + k}", 1).rstrip("\n") + "\n\n\n"
                   for k in range(n))


def hh(*args: str, cwd: Path | None = None, env: dict[str, str] | None = None,
       prelude: str = "", user: str | None = None, timeout: float = 180) -> subprocess.CompletedProcess[str]:
    """`hhaudit ARGS` in this process; in a new one (`python -c`) with `env`, with `prelude`
    run first (to break something on purpose) or as another `user` (root ignores file
    permissions)."""
    if not (env or prelude or user):
        from hhaudit.cli import main

        out, err = io.StringIO(), io.StringIO()
        here = os.getcwd()
        try:
            os.chdir(cwd or here)
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                status = main(list(args))
        finally:
            os.chdir(here)
        return subprocess.CompletedProcess(list(args), status, out.getvalue(), err.getvalue())
    environ = {**os.environ, "PYTHONPATH": str(ROOT), **(env or {})}
    if prelude:
        code = prelude + "\nimport sys\nfrom hhaudit.cli import main\nsys.exit(main(sys.argv[1:]))\n"
        cmd = [sys.executable, "-c", textwrap.dedent(code), *args]
    else:
        cmd = [sys.executable, "-m", "hhaudit", *args]
    if user is not None:
        cmd = ["setpriv", f"--reuid={user}", f"--regid={user}", "--clear-groups", *cmd]
    return subprocess.run(cmd, capture_output=True, text=True, cwd=cwd, env=environ, timeout=timeout)


def one_line_error(r: subprocess.CompletedProcess[str], status: int, *needles: str) -> None:
    """The run ended with `status` and one sentence on stderr holding every needle."""
    assert r.returncode == status, (r.returncode, r.stdout, r.stderr)
    assert "Traceback" not in r.stderr, r.stderr
    lines = [x for x in r.stderr.splitlines() if x.startswith("hhaudit: ")]
    assert len(lines) == 1, r.stderr
    for n in needles:
        assert n in lines[0], (n, lines[0])


@pytest.fixture()
def histories(tmp_path: Path) -> Path:
    d = tmp_path / "in"
    d.mkdir()
    (d / "a.txt").write_text(CLEAN, encoding="utf-8")
    (d / "b.txt").write_text(SHORT, encoding="utf-8")
    return d


def snapshot(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


# --------------------------------------------------------------------------- what OUT may be

def test_a_folder_of_the_users_files_is_refused_and_left_alone(tmp_path: Path, histories: Path) -> None:
    user = tmp_path / "documents"
    user.mkdir()
    (user / "notes.txt").write_text("call the floor\n")
    (user / "budget.xlsx").write_bytes(b"PK\x03\x04 not really")
    before = snapshot(user)
    r = hh("audit", str(histories), "-o", str(user), "--quiet")
    one_line_error(r, 2, str(user), "budget.xlsx", "notes.txt")
    assert snapshot(user) == before
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []


def test_the_input_folder_a_file_inside_it_and_a_folder_inside_it_are_refused(tmp_path: Path,
                                                                              histories: Path) -> None:
    before = snapshot(histories)
    one_line_error(hh("audit", str(histories), "-o", str(histories), "--quiet"), 2, str(histories), "input")
    one_line_error(hh("audit", str(histories), "-o", str(histories / "a.txt"), "--quiet"), 2, "a.txt")
    one_line_error(hh("audit", str(histories), "-o", str(histories / "out"), "--quiet"), 2,
                   "lies inside the input folder")
    # a file given alone whose folder would be OUT
    one_line_error(hh("audit", str(histories / "a.txt"), "-o", str(histories), "--quiet"), 2, "holds the input")
    assert snapshot(histories) == before


def test_a_regular_file_is_refused(tmp_path: Path, histories: Path) -> None:
    target = tmp_path / "report.pdf"
    target.write_bytes(b"%PDF-1.7 keep me")
    one_line_error(hh("audit", str(histories), "-o", str(target), "--quiet"), 2, str(target), "is a file")
    assert target.read_bytes() == b"%PDF-1.7 keep me"


def test_dot_is_refused_when_it_holds_other_things_and_when_it_is_the_current_folder(
        tmp_path: Path, histories: Path) -> None:
    work = tmp_path / "work"
    work.mkdir()
    (work / "session.live").write_text("keep\n")
    one_line_error(hh("audit", str(histories), "-o", ".", "--quiet", cwd=work), 2, "session.live")
    assert (work / "session.live").read_text() == "keep\n"
    empty = tmp_path / "empty"
    empty.mkdir()
    # replacing the current folder would leave the shell in a deleted folder
    one_line_error(hh("audit", str(histories), "-o", ".", "--quiet", cwd=empty), 2, "current folder")


def test_absent_empty_and_existing_datasets_are_written_with_the_marker(tmp_path: Path, histories: Path) -> None:
    out = tmp_path / "out"
    assert hh("audit", str(histories), "-o", str(out), "--quiet", "--fail-on", "never").returncode == 0
    assert (out / MARKER).is_file() and '"schema_version"' in (out / MARKER).read_text()
    # an existing dataset is replaced
    assert hh("audit", str(histories / "a.txt"), "-o", str(out), "--quiet").returncode == 0
    assert list(hhaudit.read(out).hands["hand_id"]) == ["100000000001"]
    # an empty folder (an OS's .DS_Store does not count)
    empty = tmp_path / "empty"
    empty.mkdir()
    (empty / ".DS_Store").write_bytes(b"\0")
    assert hh("audit", str(histories), "-o", str(empty), "--quiet", "--fail-on", "never").returncode == 0
    assert len(hhaudit.read(empty).hands) == 2


def test_a_dataset_written_before_the_marker_is_recognised_by_its_layout(tmp_path: Path, histories: Path) -> None:
    out = tmp_path / "out"
    assert hh("audit", str(histories), "-o", str(out), "--quiet", "--fail-on", "never").returncode == 0
    (out / MARKER).unlink()  # as every earlier version wrote it
    assert hh("audit", str(histories / "a.txt"), "-o", str(out), "--quiet").returncode == 0
    assert (out / MARKER).is_file()
    # the same layout with a part that is not hhaudit's is not a dataset
    fake = tmp_path / "fake"
    (fake / "hands").mkdir(parents=True)
    import pyarrow as pa
    import pyarrow.parquet as pq

    pq.write_table(pa.table({"x": [1]}), fake / "hands" / "part-0.parquet")
    one_line_error(hh("audit", str(histories), "-o", str(fake), "--quiet"), 2, "not an hhaudit dataset")
    assert (fake / "hands" / "part-0.parquet").is_file()


def test_a_dataset_holding_a_users_file_is_refused(tmp_path: Path, histories: Path) -> None:
    out = tmp_path / "out"
    assert hh("audit", str(histories), "-o", str(out), "--quiet", "--fail-on", "never").returncode == 0
    (out / "my-analysis.ipynb").write_text("{}")
    (out / "findings" / "notes.txt").write_text("mine")
    one_line_error(hh("audit", str(histories), "-o", str(out), "--quiet"), 2, "my-analysis.ipynb", "findings")
    assert (out / "my-analysis.ipynb").read_text() == "{}" and (out / "findings" / "notes.txt").is_file()


def test_a_link_to_a_folder_elsewhere_is_written_where_it_points(tmp_path: Path, histories: Path) -> None:
    real = tmp_path / "disk" / "hh"
    real.mkdir(parents=True)
    link = tmp_path / "out"
    link.symlink_to(real, target_is_directory=True)
    assert hh("audit", str(histories), "-o", str(link), "--quiet", "--fail-on", "never").returncode == 0
    assert link.is_symlink() and (real / MARKER).is_file()
    assert len(hhaudit.read(link).hands) == 2


def test_the_api_refuses_the_same_folders(tmp_path: Path, histories: Path) -> None:
    user = tmp_path / "documents"
    user.mkdir()
    (user / "notes.txt").write_text("x")
    result = hhaudit.audit([str(histories)])
    with pytest.raises(OutputRefused, match="notes.txt"):
        result.to_parquet(user)
    assert (user / "notes.txt").read_text() == "x"
    assert len(hhaudit.read(result.to_parquet(tmp_path / "saved")).hands) == 2


# --------------------------------------------------------------------------- the commit

CRASH = """
import os
import hhaudit.outdir as o
STEP, SWAP = {step!r}, {swap!r}
def step(name):
    if name == STEP:
        os._exit(9)
o._step = step
if not SWAP:
    o._SWAP = None
"""


@pytest.mark.parametrize(("step", "swap", "at_out"), [
    ("swapped", True, "new"),        # the one-step exchange: the new dataset is in place
    ("moved in", False, "new"),      # without an exchange, after both renames
    ("moved aside", False, "old"),   # without an exchange, between them: the next run puts it back
])
def test_a_crash_during_the_commit_leaves_one_dataset_at_out(tmp_path: Path, histories: Path,
                                                            step: str, swap: bool, at_out: str) -> None:
    out = tmp_path / "out"
    assert hh("audit", str(histories / "a.txt"), "-o", str(out), "--quiet").returncode == 0
    r = hh("audit", str(histories / "b.txt"), "-o", str(out), "--quiet",
           prelude=CRASH.format(step=step, swap=swap))
    assert r.returncode == 9, r.stderr
    from hhaudit.outdir import recover

    recover(out)  # what the next run does first
    expected = {"new": ["100000000002"], "old": ["100000000001"]}[at_out]
    assert list(hhaudit.read(out).hands["hand_id"]) == expected
    # nothing is left beside OUT but the interrupted run's temporary folder
    assert all(p.name.startswith(".out.tmp-") for p in tmp_path.iterdir() if p.name.startswith(".out"))
    assert hh("audit", str(histories / "a.txt"), "-o", str(out), "--quiet").returncode == 0


def test_out_changed_by_something_else_during_the_run_is_not_replaced(tmp_path: Path, histories: Path) -> None:
    """A lost race: while this run audits, someone puts their files at OUT."""
    out = tmp_path / "out"
    prelude = f"""
import hhaudit.pipeline.runner as r
from pathlib import Path
real = r.dedupe
def dedupe(*a, **k):
    Path({str(out)!r}).mkdir()
    Path({str(out)!r}, "thesis.docx").write_text("mine")
    return real(*a, **k)
r.dedupe = dedupe
"""
    r = hh("audit", str(histories), "-o", str(out), "--quiet", prelude=prelude)
    one_line_error(r, 3, str(out), "changed while this run was writing")
    assert (out / "thesis.docx").read_text() == "mine" and len(list(out.iterdir())) == 1
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".out")]


# --------------------------------------------------------------------------- strict configuration

@pytest.mark.parametrize(("flags", "needles"), [
    (["--select", "XX99"], ["--select", "'XX99'", "hhaudit rules"]),
    (["--ignore", "raise-below-minimun"], ["--ignore", "did you mean 'raise-below-minimum'"]),
    (["--select", "odd-chips"], ["did you mean 'odd_chip'"]),
    (["--option", "odd_chip=banana"], ["odd_chip must be one of: button", "'banana'"]),
    (["--option", "fl_cap=lots"], ["fl_cap must be a whole number", "'lots'"]),
    (["--option", "fl_cap=0"], ["fl_cap must be a number at least 1"]),
    (["--option", "max_rake_share=2"], ["max_rake_share must be a number from 0 to 1"]),
    (["--option", "infer_sitting_out=maybe"], ["infer_sitting_out must be true or false"]),
    (["--option", "fl_capp=4"], ["unknown profile option 'fl_capp'", "did you mean 'fl_cap'"]),
    (["--format", "ipokr"], ["unknown format 'ipokr'", "did you mean 'ipoker'"]),
    (["--jobs", "-2"], ["--jobs -2"]),
])
def test_unknown_rules_options_and_values_are_usage_errors(tmp_path: Path, histories: Path, flags: list[str],
                                                           needles: list[str]) -> None:
    r = hh("audit", str(histories), "-o", str(tmp_path / "o"), "--quiet", *flags)
    one_line_error(r, 2, *needles)
    assert not (tmp_path / "o").exists()


def test_rule_names_and_categories_select_with_either_dash(tmp_path: Path, histories: Path) -> None:
    # min-raise is the category min_raise; MR01's name is raise-below-minimum
    for ignore in ("min-raise", "raise_below_minimum", "mr"):
        r = hh("audit", str(histories), "-o", str(tmp_path / ignore), "--quiet", "--ignore", ignore)
        assert r.returncode == 1 and "min_raise" not in r.stdout and "odd_chip        1" in r.stdout, r.stdout


@pytest.mark.parametrize(("toml", "needles"), [
    ('[tool.hhaudit]\nprofile = "tda-2024"\nselct = ["MR"]\n', [":3:", "unknown key 'selct'", "did you mean 'select'"]),
    ('[tool.hhaudit]\nignore = ["AC05", "XX99"]\n', [":2:", "'XX99'"]),
    ('[tool.hhaudit]\nprofile = "tda2024"\n', [":2:", "unknown profile 'tda2024'", "did you mean 'tda-2024'"]),
    ('[tool.hhaudit]\noptions = { fl_cap = "lots" }\n', [":2:", "fl_cap must be a whole number"]),
    ('[tool.hhaudit.options]\nodd_chip = "banana"\n', [":2:", "odd_chip must be one of: button"]),
    ('[tool.hhaudit]\noptions = { oddchip = "button" }\n', [":2:", "unknown profile option 'oddchip'"]),
    ('[tool.hhaudit]\nselect = "MR"\nignore = [1]\n', [":3:", "ignore is a list"]),
    ('[tool.hhaudit]\nprofile = "online"\nselect = ["MR"\n', ["pyproject.toml:3", "not valid TOML"]),
    ('[tool.hhaudit]\nprofile = online\n', ["pyproject.toml:2:11", "not valid TOML"]),
])
def test_pyproject_settings_are_checked_naming_file_and_line(tmp_path: Path, histories: Path, toml: str,
                                                              needles: list[str]) -> None:
    project = tmp_path / "proj"
    project.mkdir()
    (project / "pyproject.toml").write_text(toml)
    r = hh("audit", str(histories), "-o", str(tmp_path / "o"), "--quiet", cwd=project)
    one_line_error(r, 2, str(project / "pyproject.toml"), *needles)


def test_format_given_for_a_file_of_another_format_says_what_it_looks_like(tmp_path: Path,
                                                                           histories: Path) -> None:
    r = hh("audit", str(histories / "a.txt"), "-o", str(tmp_path / "o"), "--quiet", "--format", "ipoker")
    assert r.returncode == 2, r.stderr
    assert "a.txt: --format ipoker: this file is not ipoker text, it looks like pokerstars" in r.stderr
    assert r.stdout.startswith("0 hands read from 0 of 1 files")
    # per file: the file of the format given is read, the other reported
    live = ROOT / "sample_histories" / "live" / "session-1.live"
    r = hh("audit", str(histories / "a.txt"), str(live), "-o", str(tmp_path / "p"), "--quiet",
           "--format", "live", "--fail-on", "never")
    assert r.returncode == 0, r.stderr
    assert "a.txt: --format live: this file is not live text, it looks like pokerstars" in r.stderr
    assert "32 hands read from 1 of 2 files" in r.stdout


def test_the_api_checks_its_settings_at_once(histories: Path) -> None:
    from hhaudit.config import ConfigError

    with pytest.raises(ConfigError, match="odd_chip must be one of: button"):
        hhaudit.audit([str(histories)], odd_chip="banana")
    with pytest.raises(ConfigError, match="'XX99'"):
        hhaudit.audit([str(histories)], select=["XX99"])
    with pytest.raises(ConfigError, match="unknown profile option 'no_such'"):
        hhaudit.audit([str(histories)], no_such=1)
    assert len(hhaudit.audit([str(histories)], fl_cap=4, odd_chip="button").hands) == 2
