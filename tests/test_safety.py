"""Never lose a user's files or hands, never crash: what OUT may be, the commit, exit codes
for every command, interrupted runs, a full or read-only disk, strict configuration,
verified incremental runs, and the API under scripts without a `__main__` guard."""

from __future__ import annotations

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
    permissions). An audit runs with `--jobs 1` unless ARGS say `--jobs`: a pool's two
    interpreters would cost more than the run, and the tests of worker processes ask for them."""
    if args[:1] == ("audit",) and not any(a == "--jobs" or a.startswith("--jobs=") for a in args):
        args = (*args, "--jobs", "1")
    if not (env or prelude or user):
        from commands import in_process

        return in_process(*args, cwd=cwd)
    environ = {**os.environ, "PYTHONPATH": str(ROOT), **(env or {})}
    if prelude:
        code = prelude + "\nimport sys\nfrom hhaudit.cli import main\nsys.exit(main(sys.argv[1:]))\n"
        cmd = [sys.executable, "-c", textwrap.dedent(code), *args]
    else:
        cmd = [sys.executable, "-m", "hhaudit", *args]
    if user is not None:
        cmd = ["setpriv", f"--reuid={user}", f"--regid={user}", "--clear-groups", *cmd]  # numeric ids
    return subprocess.run(cmd, check=False, capture_output=True, text=True, cwd=cwd, env=environ, timeout=timeout)


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


EVERY_FILE_A_TASK = """
import hhaudit.pipeline.plan as plan
plan.UNIT_BYTES = 1
"""
"""Run first by the tests of worker processes: every file a group of its own (a file of
UNIT_BYTES or more is), so that a run of a few small files is several tasks and starts its
pool (one group alone is audited by the main process)."""


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


# --------------------------------------------------------------------------- exit codes

def test_report_on_a_folder_that_is_not_a_dataset_and_an_unwritable_html_file(tmp_path: Path,
                                                                               histories: Path) -> None:
    one_line_error(hh("report", str(histories)), 2, str(histories), "not a")
    one_line_error(hh("report", str(tmp_path / "nowhere")), 2, "nowhere")
    out = tmp_path / "out"
    assert hh("audit", str(histories), "-o", str(out), "--quiet", "--fail-on", "never").returncode == 0
    (tmp_path / "notes.txt").write_text("a file, not a folder")
    one_line_error(hh("report", str(out), "--html", str(tmp_path / "notes.txt" / "r.html")), 3, "notes.txt")


def test_a_bug_is_status_3_in_one_sentence_and_debug_shows_the_traceback(tmp_path: Path, histories: Path) -> None:
    out = tmp_path / "out"
    assert hh("audit", str(histories / "a.txt"), "-o", str(out), "--quiet").returncode == 0
    prelude = """
import hhaudit.pipeline.runner as r
def dedupe(*a, **k):
    raise ZeroDivisionError("planted")
r.dedupe = dedupe
"""
    r = hh("audit", str(histories), "-o", str(out), "--quiet", prelude=prelude)
    one_line_error(r, 3, "internal error (ZeroDivisionError: planted)")
    r = hh("audit", str(histories), "-o", str(out), "--quiet", prelude=prelude, env={"HHAUDIT_DEBUG": "1"})
    assert r.returncode == 3 and "Traceback" in r.stderr and "planted" in r.stderr
    assert list(hhaudit.read(out).hands["hand_id"]) == ["100000000001"]
    assert [p.name for p in tmp_path.iterdir()] == [p.name for p in tmp_path.iterdir() if not p.name.startswith(".")]


def test_a_bug_in_a_worker_process_is_status_3_and_the_run_stops(tmp_path: Path, histories: Path) -> None:
    out = tmp_path / "out"
    prelude = EVERY_FILE_A_TASK + """
import hhaudit.pipeline.pool as pool
pool._BOOT = pool._BOOT.replace("from hhaudit.pipeline.worker import serve",
    "import hhaudit.pipeline.tasks as t; t.run_task = lambda task, progress=None: 1 // 0; "
    "from hhaudit.pipeline.worker import serve")
"""
    r = hh("audit", str(histories), "-o", str(out), "--quiet", "--jobs", "2", prelude=prelude)
    one_line_error(r, 3, "internal error in a worker process (ZeroDivisionError", "while auditing")
    assert not out.exists()


@pytest.fixture()
def small_disk(tmp_path: Path) -> Iterator[Path | None]:
    """A 160 KiB tmpfs: room for a small dataset, not a large one (None where this process may
    not mount one)."""
    mnt = tmp_path / "disk"
    mnt.mkdir()
    r = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=160k", "tmpfs", str(mnt)], check=False,
                       capture_output=True)
    if r.returncode != 0:
        yield None
        return
    try:
        yield mnt
    finally:
        subprocess.run(["umount", "-l", str(mnt)], check=False)


def test_a_full_disk_is_status_3_and_keeps_the_previous_dataset(tmp_path: Path, small_disk: Path | None) -> None:
    big = tmp_path / "big.txt"
    big.write_text(hands(3000), encoding="utf-8")  # more parts than the disk holds
    small = tmp_path / "small.txt"
    small.write_text(CLEAN, encoding="utf-8")
    if small_disk is None:  # simulated: every Parquet write fails as a full disk does
        out = tmp_path / "out"
        assert hh("audit", str(small), "-o", str(out), "--quiet").returncode == 0
        prelude = """
import errno, pyarrow.parquet as pq
def full(*a, **k):
    raise OSError(errno.ENOSPC, "No space left on device")
pq.write_table = full
"""
        r = hh("audit", str(big), "-o", str(out), "--quiet", "--jobs", "1", prelude=prelude)
    else:
        out = small_disk / "out"
        assert hh("audit", str(small), "-o", str(out), "--quiet").returncode == 0
        r = hh("audit", str(big), "-o", str(out), "--quiet", "--jobs", "1")
    one_line_error(r, 3, "no space left on the device", str(out), "not changed")
    assert list(hhaudit.read(out).hands["hand_id"]) == ["100000000001"]
    assert [p.name for p in out.parent.iterdir()] == ["out"]


def test_a_read_only_disk_is_status_3(tmp_path: Path, small_disk: Path | None, histories: Path) -> None:
    if small_disk is None:
        pytest.skip("cannot mount a file system here; the full-disk test covers the simulated error")
    assert subprocess.run(["mount", "-o", "remount,ro", str(small_disk)], check=False).returncode == 0
    one_line_error(hh("audit", str(histories), "-o", str(small_disk / "out"), "--quiet"), 3,
                   "read-only file system", str(small_disk))


def _nobody_can_run_hhaudit() -> bool:
    """Whether uid 65534 reaches this interpreter and the package (a checkout or virtual
    environment inside a private folder, as `mktemp -d` makes, it does not)."""
    probe = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", sys.executable, "-c", "import hhaudit"]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run(probe, check=False, capture_output=True, cwd="/", env=env).returncode == 0


def test_an_unwritable_parent_is_status_3(tmp_path: Path, histories: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import tempfile

    if os.geteuid() == 0 and not _nobody_can_run_hhaudit():
        # root writes anywhere and nobody cannot reach the package: the kernel's refusal
        # is simulated where the dataset's folder is made (what chmod 555 does for a user)
        parent = tmp_path / "locked"
        parent.mkdir()
        real_mkdir = os.mkdir

        def refuse(path: str | os.PathLike[str], *args: object, **kwargs: object) -> None:
            if Path(path).parent == parent or Path(path) == parent / "out":
                raise PermissionError(13, "Permission denied", str(path))
            real_mkdir(path, *args, **kwargs)  # type: ignore[arg-type]

        monkeypatch.setattr(os, "mkdir", refuse)
        r = hh("audit", str(histories), "-o", str(parent / "out"), "--quiet")
        monkeypatch.undo()
        one_line_error(r, 3, "permission denied", str(parent))
        assert list(parent.iterdir()) == []
        return
    if os.geteuid() != 0:
        parent = tmp_path / "locked"
        parent.mkdir()
        parent.chmod(0o555)
        r = hh("audit", str(histories), "-o", str(parent / "out"), "--quiet", env={"HHAUDIT_DEBUG": "0"})
        one_line_error(r, 3, "permission denied", str(parent))
        return
    # root writes anywhere: run as nobody (65534), in a folder it can reach but not write
    base = Path(tempfile.mkdtemp(prefix="hhaudit-perm-"))
    try:
        base.chmod(0o755)
        shutil.copytree(histories, base / "in")
        for p in (base / "in", *(base / "in").iterdir()):
            p.chmod(0o755)
        parent = base / "locked"
        parent.mkdir(mode=0o755)
        r = hh("audit", str(base / "in"), "-o", str(parent / "out"), "--quiet", user="65534", cwd=base)
        one_line_error(r, 3, "permission denied", str(parent))
        assert list(parent.iterdir()) == []
    finally:
        shutil.rmtree(base)


# --------------------------------------------------------------------------- worker processes

SCRIPT = """
import multiprocessing, sys
print("script started", file=sys.stderr)
{setup}
{tasks}
import hhaudit
result = hhaudit.audit([{inputs}], jobs=2)
print(len(result.hands), sorted(r for r in result.findings["rule"] if not r.startswith("SE")))
"""


@pytest.mark.parametrize("setup", ["", "multiprocessing.set_start_method('spawn')"])
def test_the_api_with_jobs_in_a_script_without_a_main_guard(tmp_path: Path, histories: Path, setup: str) -> None:
    """multiprocessing would run the script again in each worker, which would start workers
    of their own: endlessly. The workers never import the script."""
    for k in range(3):
        (histories / f"more{k}.txt").write_text(hands(5, start=200 + 10 * k), encoding="utf-8")
    script = tmp_path / "audit_my_hands.py"
    script.write_text(SCRIPT.format(setup=setup, tasks=EVERY_FILE_A_TASK, inputs=repr(str(histories))))
    r = subprocess.run([sys.executable, str(script)], check=False, capture_output=True, text=True, timeout=300,
                       env={**os.environ, "PYTHONPATH": str(ROOT)}, cwd=tmp_path)
    assert r.returncode == 0, r.stderr[-3000:]
    assert r.stdout.split("\n")[0] == "17 ['MR01', 'OC01']"  # 1 + 1 + 3 * 5 hands
    assert r.stderr.count("script started") == 1 and "Error" not in r.stderr, r.stderr[-3000:]


def test_the_api_with_jobs_in_a_notebook(histories: Path) -> None:
    nbformat = pytest.importorskip("nbformat", reason="nbformat is in the test extra")
    nbclient = pytest.importorskip("nbclient", reason="nbclient is in the test extra")
    pytest.importorskip("ipykernel", reason="ipykernel is in the test extra")
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(
        f"import sys; sys.path.insert(0, {str(ROOT)!r})\n{EVERY_FILE_A_TASK}"
        f"import hhaudit\nresult = hhaudit.audit([{str(histories)!r}], jobs=2)\n"
        f"print(len(result.hands), sorted(r for r in result.findings['rule'] if not r.startswith('SE')))")]
    nbclient.NotebookClient(nb, timeout=300, kernel_name="python3").execute()
    (out,) = nb.cells[0].outputs
    assert out.get("text", "").strip() == "2 ['MR01', 'OC01']", out


def _children(pid: int) -> list[int]:
    """The worker processes of a run."""
    try:
        text = Path(f"/proc/{pid}/task/{pid}/children").read_text()
    except OSError:
        return []
    workers = []
    for child in text.split():
        try:
            if b"hhaudit.pipeline.worker" in Path(f"/proc/{child}/cmdline").read_bytes():
                workers.append(int(child))
        except OSError:
            pass
    return workers


def _start(args: list[str]) -> subprocess.Popen[str]:
    """`hhaudit ARGS` in a process of its own, every file a task (`EVERY_FILE_A_TASK`)."""
    code = EVERY_FILE_A_TASK + "import runpy\nrunpy.run_module('hhaudit', run_name='__main__')\n"  # as -m does
    return subprocess.Popen([sys.executable, "-c", code, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, start_new_session=True, env={**os.environ, "PYTHONPATH": str(ROOT)})


def _many_files(folder: Path, n: int, per: int) -> Path:
    folder.mkdir()
    for k in range(n):
        (folder / f"t{k:02d}.txt").write_text(hands(per, start=1000 + per * k), encoding="utf-8")
    return folder


@pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="finds the worker processes in /proc")
def test_ctrl_c_while_the_workers_start_exits_130_and_keeps_the_previous_dataset(tmp_path: Path) -> None:
    out = tmp_path / "out"
    many = _many_files(tmp_path / "many", 6, 40)
    assert hh("audit", str(many / "t00.txt"), "-o", str(out), "--quiet", "--fail-on", "never").returncode == 0
    before = snapshot(out)
    proc = _start(["audit", str(many), "-o", str(out), "--jobs", "2", "--quiet"])
    try:
        while proc.poll() is None and not _children(proc.pid):
            pass  # Ctrl-C as soon as the first worker exists: the pool is starting
        os.killpg(proc.pid, 2)  # the whole process group, as a terminal's Ctrl-C does
        _, err = proc.communicate(timeout=120)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 130, err
    assert "interrupted" in err and "Traceback" not in err
    assert snapshot(out) == before
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []


@pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="finds the worker processes in /proc")
def test_a_worker_killed_mid_run_is_status_3_not_a_hang(tmp_path: Path) -> None:
    out = tmp_path / "out"
    many = _many_files(tmp_path / "many", 6, 300)
    proc = _start(["audit", str(many), "-o", str(out), "--jobs", "2", "--quiet"])
    try:
        while proc.poll() is None and not any((p / "hands").is_dir() and any((p / "hands").iterdir())
                                               for p in tmp_path.glob(".out.tmp-*")):
            pass  # a part written: the workers are auditing
        os.kill(_children(proc.pid)[0], 9)  # as the out-of-memory killer does
        _, err = proc.communicate(timeout=120)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 3, err
    assert "a worker process was killed" in err and "Traceback" not in err
    assert not out.exists() and not list(tmp_path.glob(".out*"))


# --------------------------------------------------------------------------- --incremental checks what it reuses

def _inc(tmp_path: Path) -> tuple[list, Path]:
    from hhaudit.reading import iter_sources

    folder = tmp_path / "logs"
    folder.mkdir()
    (folder / "a.txt").write_text(hands(20, start=1), encoding="utf-8")
    (folder / "b.txt").write_text(SHORT, encoding="utf-8")
    (folder / "c.txt").write_text(hands(13, start=500), encoding="utf-8")
    return list(iter_sources([str(folder)])), tmp_path / "out"


def _rows(out: Path) -> dict[str, list[tuple]]:
    from hhaudit.tables import TABLES

    t = hhaudit.read(out)
    return {n: [tuple(r) for r in t[n].astype(str).itertuples(index=False)] for n in TABLES}


def _edit_manifest(out: Path, change: object) -> None:
    import json

    path = out / "manifest.json"
    data = json.loads(path.read_text())
    change(data)  # type: ignore[operator]
    path.write_text(json.dumps(data))


def _entry(data: dict, name: str) -> dict:
    return next(u for u in data["units"] if u["source"].endswith(name))


def _set(key: str, value: object, name: str = "a.txt", where: str = "") -> object:
    def change(data: dict) -> None:
        e = _entry(data, name)
        (e[where] if where == "totals" else e["files"][0] if where == "file" else e)[key] = value
    return change


@pytest.mark.parametrize(("damage", "note"), [
    ("delete a part", "a.txt: audited again: its part hands/part-000000-00000.parquet is missing"),
    ("edit a part", "a.txt: audited again: its part findings/part-000000-00000.parquet changed"),
    ("index -1", "a.txt: audited again: its entry in manifest.json is not valid (its index is not a whole number"),
    ("hands 999999", ("a.txt: audited again: its entry in manifest.json is not valid (its statuses add up to 20, "
                      "not its 999999 hands)")),
    ("hands and statuses 999999", ("a.txt: audited again: manifest.json counts 999999 rows of hands but its parts "
                                   "hold 20")),
    ("size a text", "a.txt: audited again: its entry in manifest.json is not valid (its file's size is not"),
    ("sha256 not a hash", "a.txt: audited again: its entry in manifest.json is not valid (its file's sha256 is not"),
    ("no files", "a.txt: audited again: its entry in manifest.json is not valid (it lists no files)"),
    ("a file in two units", "lists one file or position twice"),
    ("parts of another file", ("a.txt: audited again: its entry in manifest.json is not valid (its part "
                               "actions/part-000002-00000.parquet is not one of its own)")),
    ("a part outside the dataset", "not one of its own"),
    ("same index twice", "lists one file or position twice"),
    ("not JSON", "manifest.json cannot be read"),
    ("units not a list", "is not a manifest hhaudit wrote"),
    ("version 1", "written by another version of hhaudit"),
])
def test_incremental_reaudits_what_does_not_check_out_and_says_why(tmp_path: Path, damage: str, note: str) -> None:
    from hhaudit.pipeline import Options, run

    sources, out = _inc(tmp_path)
    run(sources, out, Options(), incremental=True, unit_bytes=0)  # every file a group of its own
    expected = _rows(out)
    assert len(expected["hands"]) == 34  # 20 + 1 + 13
    if damage == "delete a part":
        (out / "hands" / "part-000000-00000.parquet").unlink()
    elif damage == "edit a part":
        p = out / "findings" / "part-000000-00000.parquet"
        shutil.copy(out / "findings" / "part-000001-00000.parquet", p)
    elif damage == "index -1":
        _edit_manifest(out, _set("index", -1))
    elif damage == "hands 999999":
        _edit_manifest(out, _set("hands", 999999, where="totals"))
    elif damage == "hands and statuses 999999":
        def change(data: dict) -> None:
            _entry(data, "a.txt")["totals"].update(hands=999999, statuses={"audited": 999999})
        _edit_manifest(out, change)
    elif damage == "size a text":
        _edit_manifest(out, _set("size", "big", where="file"))
    elif damage == "sha256 not a hash":
        _edit_manifest(out, _set("sha256", "abc", where="file"))
    elif damage == "no files":
        _edit_manifest(out, _set("files", []))
    elif damage == "a file in two units":
        _edit_manifest(out, lambda d: _entry(d, "c.txt")["files"].append(_entry(d, "a.txt")["files"][0]))
    elif damage == "parts of another file":
        _edit_manifest(out, lambda d: _entry(d, "a.txt").update(parts=_entry(d, "c.txt")["parts"]))
    elif damage == "a part outside the dataset":
        _edit_manifest(out, lambda d: _entry(d, "a.txt")["parts"][0].__setitem__(1, "../../etc/passwd"))
    elif damage == "same index twice":
        _edit_manifest(out, lambda d: d["units"].append(dict(_entry(d, "a.txt"), files=[
            dict(_entry(d, "a.txt")["files"][0], path="/elsewhere/a.txt")])))
    elif damage == "not JSON":
        (out / "manifest.json").write_text('{"version": 2, "files": [')
    elif damage == "units not a list":
        _edit_manifest(out, lambda d: d.update(units={"a": 1}))
    elif damage == "version 1":
        _edit_manifest(out, lambda d: d.update(version=1))
    totals = run(sources, out, Options(), incremental=True, unit_bytes=0)
    assert any(note in n for n in totals.notes), totals.notes
    assert len(totals.notes) == 1, totals.notes
    assert totals.hands == 34 and totals.statuses == {"audited": 34}
    assert _rows(out) == expected  # every hand, once: the dataset a full run writes


def test_incremental_notes_are_printed_one_line_each(tmp_path: Path) -> None:
    _, out = _inc(tmp_path)
    folder = tmp_path / "logs"
    assert hh("audit", str(folder), "-o", str(out), "--quiet", "--incremental", "--fail-on", "never").returncode == 0
    # the three small files are audited together: one group, one part per table
    assert sorted(p.name for p in (out / "seats").iterdir()) == ["part-000000-00000.parquet"]
    r = hh("audit", str(folder), "-o", str(out), "--quiet", "--incremental", "--fail-on", "never")
    assert "34 hands read from 3 of 3 files" in r.stdout and "3 unchanged files reused, 0 audited" in r.stdout
    (out / "seats" / "part-000000-00000.parquet").unlink()
    r = hh("audit", str(folder), "-o", str(out), "--quiet", "--incremental", "--fail-on", "never")
    assert r.returncode == 0 and "Traceback" not in r.stderr
    assert r.stderr.splitlines() == [
        (f"hhaudit: {folder / 'a.txt'} (and the 2 other files audited with it): audited again: its part "
         f"seats/part-000000-00000.parquet is missing from the previous dataset")]
    assert "34 hands read from 3 of 3 files" in r.stdout and "0 unchanged files reused, 3 audited" in r.stdout


def _console_script() -> str | None:
    found = Path(sys.executable).with_name("hhaudit")
    return str(found) if found.is_file() else shutil.which("hhaudit")


@pytest.mark.parametrize("how", ["module", "console script"])
@pytest.mark.parametrize("after", ["hhaudit._native", "hhaudit", "hhaudit.config", "hhaudit.cli"])
def test_ctrl_c_while_hhaudit_starts_exits_130_with_one_line(tmp_path: Path, how: str, after: str) -> None:
    """Ctrl-C at several moments of the command's start, while its imports run (before
    `cli.main` is reached) and just after: status 130 and one line, never a traceback. The
    moments are events, not delays: `-X importtime` prints a line as each import ends, and
    the signal goes when the named module's line comes; `audit -` then waits on an empty
    stdin, so the process is still there whenever the signal lands."""
    if how == "module":
        command = [sys.executable, "-X", "importtime", "-m", "hhaudit"]
    else:
        script = _console_script()
        if script is None:
            pytest.skip("the hhaudit console script is not installed beside this Python")
        command = [sys.executable, "-X", "importtime", script]
    proc = subprocess.Popen([*command, "audit", "-", "-o", str(tmp_path / "out"), "--quiet"],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert proc.stderr is not None
    seen: list[str] = []
    try:
        for line in proc.stderr:
            seen.append(line)
            if line.startswith("import time:") and line.rsplit("|", 1)[-1].strip() == after:
                proc.send_signal(2)
                break
        _, rest = proc.communicate(timeout=120)
    finally:
        if proc.poll() is None:
            proc.kill()
    err = "".join(seen) + (rest or "")
    said = [x for x in err.splitlines() if not x.startswith("import time:")]
    assert any(x.startswith("import time:") and x.rsplit("|", 1)[-1].strip() == after for x in seen), err
    assert proc.returncode == 130, err
    assert "Traceback" not in err
    assert len(said) == 1 and said[0].startswith("hhaudit: interrupted"), said
    assert not (tmp_path / "out").exists()
