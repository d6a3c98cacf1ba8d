"""The pipeline: units and parts independent of --jobs, duplicates, incremental runs, Ctrl-C."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pyarrow.parquet as pq
import pytest
from conftest_corpus import corpus_and_samples

import hhaudit
from hhaudit.pipeline import DUPLICATES, MANIFEST, Options, Totals, run
from hhaudit.reading import iter_sources
from hhaudit.tables import TABLES

SAMPLES = Path(__file__).resolve().parents[1] / "sample_histories" / "pokerstars"
CLEAN = (SAMPLES / "clean-cash.txt").read_text(encoding="utf-8")  # no finding
SHORT = (SAMPLES / "short-raise-odd-chip.txt").read_text(encoding="utf-8")  # MR01 and OC01
SIDE = (SAMPLES / "side-pots-six-way.txt").read_text(encoding="utf-8")
KINDS = {"c": CLEAN, "s": SHORT, "p": SIDE}


def hand(kind: str, number: int) -> str:
    """One sample hand under another hand number."""
    return re.sub(r"Hand #\d+", f"Hand #{number}", KINDS[kind], count=1).rstrip("\n") + "\n\n\n"


def write(path: Path, hands: list[tuple[str, int]]) -> Path:
    path.write_text("".join(hand(k, n) for k, n in hands), encoding="utf-8")
    return path


def sources(*paths: Path) -> list:
    return list(iter_sources([str(p) for p in paths]))


def contents(out: Path) -> dict[str, list[tuple]]:
    """Every table's rows, in dataset order, plus the part file names."""
    t = hhaudit.read(out)
    res: dict[str, list[tuple]] = {n: [tuple(r) for r in t[n].astype(str).itertuples(index=False)] for n in TABLES}
    res["parts"] = [sorted(p.name for p in (out / n).iterdir()) for n in (*TABLES, DUPLICATES)]  # type: ignore[assignment]
    d = pq.read_table(out / DUPLICATES)
    res["duplicates"] = [tuple(r.values()) for r in d.to_pylist()]
    return res


def same_dataset(a: Path, b: Path) -> None:
    """Datasets `a` and `b` hold the same files, byte for byte: what `contents` compares and
    more, without reading thousands of parts as tables twice. On a difference, `contents`
    says which rows differ."""
    fa = {p.relative_to(a): p for p in a.rglob("*") if p.is_file()}
    fb = {p.relative_to(b): p for p in b.rglob("*") if p.is_file()}
    assert sorted(fa) == sorted(fb)
    differ = sorted(str(k) for k in fa if fa[k].read_bytes() != fb[k].read_bytes())
    if differ:
        assert contents(a) == contents(b), differ[:10]
    assert not differ


def per_hand(categories: dict[str, int]) -> dict[str, int]:
    """Findings counts without the session category (between hands)."""
    return {k: v for k, v in categories.items() if k != "session"}


def ids(out: Path) -> list[str]:
    return list(hhaudit.read(out).hands["hand_id"])


@pytest.mark.parametrize("unit_bytes", [None, 0])
def test_many_files_same_dataset_with_one_and_two_jobs(tmp_path: Path, unit_bytes: int | None) -> None:
    files = [write(tmp_path / f"f{k}.txt", [("csp"[j % 3], 1000 * k + j) for j in range(7)]) for k in range(4)]
    a, b = tmp_path / "a", tmp_path / "b"
    ta = run(sources(*files), a, Options(), jobs=1, batch=3, unit_bytes=unit_bytes)
    tb = run(sources(*files), b, Options(), jobs=2, batch=3, split_bytes=10 ** 9, unit_bytes=unit_bytes)
    assert contents(a) == contents(b)
    names = sorted(p.name for p in (a / "hands").iterdir())
    if unit_bytes == 0:
        # every file alone: 4 files of 7 hands in units of 3: parts 0, 1, 2 of each file
        assert names == [f"part-{i:06d}-{c:05d}.parquet" for i in range(4) for c in range(3)]
    else:
        # the four small files are one group, cut into units of twice the batch: 28 hands in
        # units of 6 are 5 parts (4 * 6 + 4)
        assert names == [f"part-000000-{c:05d}.parquet" for c in range(5)]
        assert [len(pq.read_table(a / "hands" / n)) for n in names] == [6, 6, 6, 6, 4]
    assert ids(a) == [str(1000 * k + j) for k in range(4) for j in range(7)]
    # short-raise hands are j = 1, 4 in each file: 8 hands with one MR01 and one OC01 each
    assert ta.hands == tb.hands == 28
    # (the made-up hands are copies at one table, not a table's sequence: their session
    # findings are left out here, and must be the same with one job and two)
    assert ta.categories == tb.categories
    assert per_hand(ta.categories) == {"min_raise": 8, "odd_chip": 8}


def test_one_group_of_work_starts_no_worker(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # one group of small files (or one small file) is one task: the main process audits it
    # with --jobs 2 rather than wait for a worker to start; two groups, or one file cut into
    # units, start the pool
    from hhaudit.pipeline import pool

    started: list[int] = []
    real = pool.Worker.__init__

    def counted(self: pool.Worker) -> None:
        started.append(1)
        real(self)

    monkeypatch.setattr(pool.Worker, "__init__", counted)
    files = [write(tmp_path / f"f{k}.txt", [("csp"[j % 3], 1000 * k + j) for j in range(7)]) for k in range(3)]
    one, two = tmp_path / "one", tmp_path / "two"
    run(sources(*files), one, Options(), jobs=1, batch=3)
    run(sources(files[0]), tmp_path / "alone", Options(), jobs=2, batch=3)
    run(sources(*files), two, Options(), jobs=2, batch=3)
    assert started == []
    same_dataset(one, two)  # the same dataset as one job
    run(sources(*files), tmp_path / "split", Options(), jobs=2, batch=3, unit_bytes=0)  # three groups
    assert len(started) == 2
    started.clear()
    run(sources(files[0]), tmp_path / "cut", Options(), jobs=2, batch=3, split_bytes=0)  # one file, 3 units
    assert len(started) == 2


def test_worker_converts_lists_without_importing_pandas_and_pandas_still_works() -> None:
    # pyarrow's first conversion of a list imports pandas only to ask whether the list is a
    # pandas object; a worker spares itself that import, and anything that needs pandas
    # itself still gets it (a fresh interpreter: this one has pandas imported already)
    code = ("import sys; from hhaudit.pipeline.worker import _pyarrow_without_pandas as spare; spare(); "
            "import pyarrow as pa; t = pa.table({'a': pa.array([1, 2]), 'b': ['x', None]}); "
            "print('pandas' in sys.modules); df = t.to_pandas(); print(type(df).__name__, df['a'].sum()); "
            "import pandas as pd; print(pa.array(pd.Series([3, 4], dtype='category')).type)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split("\n")
    assert out[:3] == ["False", "DataFrame 3", "dictionary<values=int64, indices=int8, ordered=0>"]


def test_one_large_file_split_across_jobs(tmp_path: Path) -> None:
    big = write(tmp_path / "big.txt", [("csp"[j % 3], 5000 + j) for j in range(25)])
    small = write(tmp_path / "small.txt", [("s", 1), ("c", 2)])
    a, b = tmp_path / "a", tmp_path / "b"
    alone = small.stat().st_size + 1  # the big file is a group of its own, the small one too
    run(sources(small, big), a, Options(), jobs=1, batch=4, unit_bytes=alone)
    tb = run(sources(small, big), b, Options(), jobs=2, batch=4, split_bytes=len(hand("s", 1)) * 3, unit_bytes=alone)
    assert contents(a) == contents(b)
    assert ids(b) == ["1", "2"] + [str(5000 + j) for j in range(25)]
    # 25 hands in units of 4: 7 parts for the big file
    assert len([p for p in (b / "hands").iterdir() if p.name.startswith("part-000001-")]) == 7
    assert [f.hands for f in tb.files] == [2, 25]


def test_large_file_with_crlf_and_leading_text_split_as_one_job_reads_it(tmp_path: Path) -> None:
    # text before the first hand is a (parse_error) hand of its own, CRLF line ends, no
    # line break after the last hand: the workers' units must be the ones one job makes
    body = "".join(hand("csp"[j % 3], 7000 + j) for j in range(11)).rstrip("\n")
    big = tmp_path / "big.txt"
    big.write_bytes(("not a hand\n\n" + body).replace("\n", "\r\n").encode("utf-8"))
    a, b = tmp_path / "a", tmp_path / "b"
    ta = run(sources(big), a, Options(), jobs=1, batch=4)
    tb = run(sources(big), b, Options(), jobs=2, batch=4, split_bytes=0)
    assert contents(a) == contents(b)
    assert ta.hands == tb.hands == 12
    assert ta.statuses == tb.statuses == {"audited": 11, "parse_error": 1}
    assert [f.hands for f in tb.files] == [12]
    assert len(list((b / "hands").iterdir())) == 3  # 12 hands in units of 4


def _sorted(frame: Any) -> Any:
    """The rows of a frame in the order of their values (each row's repr)."""
    order = sorted(range(len(frame)), key=lambda i: repr(tuple(frame.iloc[i])))
    return frame.iloc[order].reset_index(drop=True)


def test_whole_corpus_same_dataset_with_one_job_and_with_every_file_split(
        tmp_path: Path, corpus_dataset: tuple[Path, Totals]) -> None:
    # Every format of the corpus, every file cut into units of 7 hands in the parent (text
    # pieces, or hands for the formats that split their own way) and audited by two workers:
    # every table row for row as with one job and the default units, whose small files share
    # units (the dataset of tests/conftest.py: `run(sources(*paths), a, Options(select=("ALL",)), jobs=1)`).
    import pandas as pd

    a, ta = corpus_dataset
    b = tmp_path / "b"
    tb = run(sources(*corpus_and_samples()), b, Options(select=("ALL",)), jobs=2, batch=7, split_bytes=0,
             unit_bytes=0)
    assert [(f.source, f.format, f.hands, f.error) for f in ta.files] == \
        [(f.source, f.format, f.hands, f.error) for f in tb.files]
    assert ta.hands == tb.hands > 5000
    ra, rb = hhaudit.read(a), hhaudit.read(b)
    for name in TABLES:
        if name == "findings":  # the session findings: in the order the units and the pass judged them
            pd.testing.assert_frame_equal(_sorted(ra[name]), _sorted(rb[name]), obj=name)
        else:
            pd.testing.assert_frame_equal(ra[name], rb[name], obj=name)
    assert pq.read_table(a / DUPLICATES).equals(pq.read_table(b / DUPLICATES))
    # each file its own units of 7 hands, in file order: parts 0, 1, ... of each file, every
    # one but its last of 7 hands (a copy of an earlier hand is left out of its part)
    chunks: dict[str, list[int]] = {}
    for p in sorted((b / "hands").iterdir()):
        f = p.name.split("-")[1]
        chunks.setdefault(f, []).append(pq.read_metadata(p).num_rows)
    assert all(len(n) == 1 or max(n[:-1]) <= 7 for n in chunks.values())
    assert sum(n[:-1] == [7] * (len(n) - 1) for n in chunks.values()) >= len(chunks) - 5
    assert sum(len(n) > 1 for n in chunks.values()) >= 100  # the files of more than 7 hands: 103
    assert sum(map(sum, chunks.values())) == tb.hands  # the copies are not counted


def test_whole_corpus_same_dataset_compiled_and_from_source(
        tmp_path: Path, corpus_dataset: tuple[Path, Totals]) -> None:
    # This process ran the compiled modules when the install compiled them (the one-job
    # dataset of tests/conftest.py: `run(sources(*paths), a, Options(select=("ALL",)), jobs=1)`); the child
    # runs every module from its source (HHAUDIT_PURE=1). The default profiles: online for
    # the sites' hands, tda-2024 for the live logs.
    paths = corpus_and_samples()
    a, _ = corpus_dataset
    b = tmp_path / "b"
    r = subprocess.run(
        [sys.executable, "-c", ("import sys, hhaudit._native as n, hhaudit.cli as c; "
                                "assert not n.COMPILED; sys.exit(c.main(sys.argv[1:]))"),
         "audit", *map(str, paths), "-o", str(b), "--jobs", "1", "--fail-on", "never", "--quiet",
         "--select", "ALL"],
        check=False, capture_output=True, text=True, env=dict(os.environ, HHAUDIT_PURE="1"), timeout=900)
    assert r.returncode == 0, r.stderr[-2000:]
    same_dataset(a, b)


@pytest.mark.parametrize(("jobs", "bucket_rows"), [(1, None), (2, None), (1, 2), (2, 3)])
def test_duplicates_kept_once_at_their_first_place(tmp_path: Path, jobs: int, bucket_rows: int | None,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    import hhaudit.pipeline.dedupe as dedupe

    if bucket_rows is not None:
        # the keys spread over buckets on disk: the parts hold 5 rows (hands 1, 2, 3, then
        # 2 and 4: the other copies are skipped within their unit), 5 / 2 or 5 / 3 rounded up:
        # 3 or 2 buckets; each checked alone finds the same copies, and the folder goes
        monkeypatch.setattr(dedupe, "BUCKET_ROWS", bucket_rows)
    a = write(tmp_path / "a.txt", [("c", 1), ("s", 2), ("c", 1), ("p", 3), ("s", 2)])
    b = write(tmp_path / "b.txt", [("s", 2), ("c", 4)])
    out = tmp_path / "out"
    t = run(sources(a, b), out, Options(), jobs=jobs, batch=2, split_bytes=0)
    assert ids(out) == ["1", "2", "3", "4"]
    assert t.hands == 4 and t.duplicates == 3
    assert per_hand(t.categories) == {"min_raise": 1, "odd_chip": 1}  # hand 2 judged once
    tables = hhaudit.read(out)
    per = tables.findings[tables.findings["category"] != "session"]
    assert list(per["hand_id"]) == ["2", "2"]
    assert set(tables.seats["hand_id"]) == {"1", "2", "3", "4"}
    assert len(tables.seats) == len(tables.seats.drop_duplicates(["hand_id", "seat"]))
    dups = pq.read_table(out / DUPLICATES).to_pylist()
    lines = {k: i * 0 for k, i in ()}
    # each copy: where it is and where its first is (line numbers of the hands' first lines)
    n = hand("c", 1).count("\n")
    s = hand("s", 2).count("\n")
    starts_a = [1, 1 + n, 1 + n + s, 1 + 2 * n + s, 1 + 2 * n + s + hand("p", 3).count("\n")]
    assert [(d["hand_id"], Path(d["source"]).name, d["line"], Path(d["first_source"]).name, d["first_line"])
            for d in dups] == [("1", "a.txt", starts_a[2], "a.txt", 1),
                               ("2", "a.txt", starts_a[4], "a.txt", starts_a[1]),
                               ("2", "b.txt", 1, "a.txt", starts_a[1])]
    del lines
    assert sorted(p.name for p in out.iterdir()) == sorted([*TABLES, DUPLICATES, "sessions", "hhaudit.json"])


def test_cli_prints_duplicates(tmp_path: Path) -> None:
    a = write(tmp_path / "a.txt", [("c", 1), ("s", 2)])
    b = write(tmp_path / "b.txt", [("s", 2)])
    r = subprocess.run([sys.executable, "-m", "hhaudit", "audit", str(a), str(b), "-o", str(tmp_path / "o"),
                        "--quiet", "--jobs", "1", "--fail-on", "never"], check=False, capture_output=True, text=True,
                       timeout=120)
    assert r.returncode == 0, r.stderr
    assert "2 hands read from 2 of 2 files" in r.stdout
    assert "1 duplicate hands skipped" in r.stdout


def test_incremental_reaudits_only_new_or_changed_files(tmp_path: Path) -> None:
    a = write(tmp_path / "a.txt", [("c", 1), ("s", 2)])
    b = write(tmp_path / "b.txt", [("p", 3)])
    out, fresh = tmp_path / "out", tmp_path / "fresh"
    alone = {"unit_bytes": 0}  # every file a group of its own
    t1 = run(sources(a, b), out, Options(), incremental=True, **alone)
    assert t1.reused == 0 and (out / MANIFEST).is_file()
    # nothing changed: everything reused, same dataset
    before = contents(out)
    t2 = run(sources(a, b), out, Options(), incremental=True, **alone)
    assert t2.reused == 2 and t2.hands == 3 and per_hand(t2.categories) == {"min_raise": 1, "odd_chip": 1}
    assert contents(out) == before
    # b grows (a live log), c is new and comes first: only b and c are read
    with open(b, "a", encoding="utf-8") as fh:
        fh.write(hand("s", 4))
    c = write(tmp_path / "c.txt", [("c", 5)])
    t3 = run(sources(c, a, b), out, Options(), incremental=True, **alone)
    assert t3.reused == 1 and t3.hands == 5
    assert ids(out) == ["5", "1", "2", "3", "4"]
    run(sources(c, a, b), fresh, Options(), **alone)
    assert {k: v for k, v in contents(out).items()} == contents(fresh)


def test_incremental_reaudits_only_the_group_of_a_changed_file(tmp_path: Path) -> None:
    from hhaudit.pipeline import groups

    folder = tmp_path / "logs"
    folder.mkdir()
    files = [write(folder / f"t{k:02d}.txt", [("csp"[k % 3], 100 + k)]) for k in range(24)]
    size = max(f.stat().st_size for f in files)
    grouped = {"unit_bytes": 3 * size}  # a group holds 2 files or more, then ends with probability 2/3
    out, fresh = tmp_path / "out", tmp_path / "fresh"
    plan = groups(sources(*files), range(24), 3 * size)
    assert sorted(i for g in plan for i in g) == list(range(24)) and len(plan) < 24
    t1 = run(sources(*files), out, Options(), incremental=True, **grouped)
    assert t1.hands == 24 and t1.reused == 0
    # one part per table and group, named after the group's first file
    assert sorted(p.name for p in (out / "hands").iterdir()) == [f"part-{g[0]:06d}-00000.parquet" for g in plan]
    # file 10 grows: only the files of its group are audited again
    with open(files[10], "a", encoding="utf-8") as fh:
        fh.write(hand("s", 500))
    after = groups(sources(*files), range(24), 3 * size)
    # the groups the change left as they were (its own group changes; so does the next one
    # if the grown file's end of group moved, which depends on its size alone)
    kept = [g for g in after if g in plan and 10 not in g]
    # every group before the changed file's is kept: where a group ends depends on its files
    own = next(g for g in plan if 10 in g)
    assert [g for g in plan if g[-1] < own[0]] == [g for g in kept if g[-1] < own[0]]
    t2 = run(sources(*files), out, Options(), incremental=True, **grouped)
    assert t2.hands == 25 and t2.reused == sum(len(g) for g in kept)
    run(sources(*files), fresh, Options(), **grouped)
    assert contents(out) == contents(fresh)
    # the same files, each a group of its own, hold the same rows
    single = tmp_path / "single"
    run(sources(*files), single, Options(), unit_bytes=0)
    assert {n: v for n, v in contents(single).items() if n != "parts"} == \
        {n: v for n, v in contents(out).items() if n != "parts"}


def test_incremental_brings_back_a_copy_whose_first_is_gone(tmp_path: Path) -> None:
    a = write(tmp_path / "a.txt", [("c", 1), ("s", 2)])
    b = write(tmp_path / "b.txt", [("s", 2), ("p", 3)])
    out = tmp_path / "out"
    t = run(sources(a, b), out, Options(), incremental=True)
    assert t.duplicates == 1 and ids(out) == ["1", "2", "3"]
    write(a, [("c", 1)])  # hand 2 no longer in a: b's copy is now the first
    t = run(sources(a, b), out, Options(), incremental=True)
    assert t.duplicates == 0 and t.reused == 0
    assert ids(out) == ["1", "2", "3"]
    assert Path(hhaudit.read(out).hands["source"][1]).name == "b.txt"
    assert pq.read_table(out / DUPLICATES).num_rows == 0


def _start(args: list[str]) -> subprocess.Popen[bytes]:
    # the child gets Ctrl-C as a terminal delivers it, whatever this process inherited: a
    # child started with SIGINT ignored keeps it ignored (a handler is reset at exec, SIG_IGN
    # is not), and Python then raises no KeyboardInterrupt
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        return subprocess.Popen([sys.executable, "-m", "hhaudit", "audit", *args], stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, start_new_session=True)
    finally:
        signal.signal(signal.SIGINT, previous)


def _wait_for_tmp(parent: Path, proc: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and proc.poll() is None:
        # a part written into the temporary folder: the run (and its worker pool, which
        # ignores SIGINT once started) is well under way, with more units still to come
        if any(p.name.startswith(".out.tmp-") and any((p / "hands").glob("part-*.parquet"))
               for p in parent.iterdir() if (p / "hands").is_dir()):
            return
        time.sleep(0.02)
    raise AssertionError("the run never started writing")


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGKILL])
def test_interrupted_run_leaves_the_previous_dataset(tmp_path: Path, sig: signal.Signals) -> None:
    small = write(tmp_path / "small.txt", [("c", 7)])
    big = write(tmp_path / "big.txt", [("csp"[j % 3], 10_000 + j) for j in range(20_000)])
    out = tmp_path / "work" / "out"
    run(sources(small), out, Options())
    assert ids(out) == ["7"]
    proc = _start([str(small), str(big), "-o", str(out), "--jobs", "2", "--quiet"])
    _wait_for_tmp(out.parent, proc)
    os.killpg(proc.pid, sig)  # the whole process group, as a terminal's Ctrl-C does
    _, err = proc.communicate(timeout=60)
    assert ids(out) == ["7"]
    leftovers = [p.name for p in out.parent.iterdir() if p.name != "out"]
    if sig == signal.SIGINT:
        assert proc.returncode == 130, err
        assert b"interrupted" in err and b"Traceback" not in err
        assert leftovers == []
    else:
        assert proc.returncode == -signal.SIGKILL


def test_sigint_without_previous_dataset_leaves_nothing(tmp_path: Path) -> None:
    big = write(tmp_path / "big.txt", [("csp"[j % 3], 10_000 + j) for j in range(20_000)])
    out = tmp_path / "work" / "out"
    out.parent.mkdir()
    proc = _start([str(big), "-o", str(out), "--jobs", "1", "--quiet"])
    _wait_for_tmp(out.parent, proc)
    os.killpg(proc.pid, signal.SIGINT)
    proc.communicate(timeout=60)
    assert proc.returncode == 130
    assert list(out.parent.iterdir()) == []
