"""The session pass judges the dataset in buckets of whole tables (`passes.BUCKET_HANDS`
hands, by ranges of the table key, at most `MAX_BUCKETS`) and writes its rows as one part a
table, in row groups of `ROWS_PER_GROUP`: how many buckets there are changes no byte of the
dataset (the hands, sessions and findings parts), and how many row groups no row, only how
much memory the pass holds."""

from __future__ import annotations

import bisect
import itertools
from collections import Counter
from pathlib import Path

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from test_sessions_pipeline import FILES
from test_sessions_tables import T1, T2, table

from hhaudit.parsing import to_sources
from hhaudit.pipeline import Options, run
from hhaudit.sessions import passes

SAMPLES = Path(__file__).parents[1] / "sample_histories"


def inputs(tmp: Path) -> list[Path]:
    """Two real PokerStars sessions (a cash table, a tournament table), the bundled samples,
    and two live tables of one room and date where Alice sits at both at once (an SE07 across
    the buckets), with a third table on another day."""
    if not all(p.exists() for p in FILES):
        pytest.skip("the shared corpus (../shared/corpus) is not present")
    live = [table(tmp / "t1.live", "A1", "2026-12-05", [("19:00", T1), ("19:10", T1), ("19:20", T1)]),
            table(tmp / "t2.live", "A2", "2026-12-05", [("19:15", T2), ("19:25", T2)]),
            table(tmp / "t3.live", "A3", "2026-12-06", [("19:15", T1), ("19:25", T1)])]
    return [*FILES, SAMPLES, *live]


def files(out: Path) -> dict[str, bytes]:
    return {str(p.relative_to(out)): p.read_bytes() for p in sorted(out.rglob("*")) if p.is_file()}


def audit(paths: list[Path], out: Path, monkeypatch: pytest.MonkeyPatch, **knobs: int) -> int:
    """Audit with the pass's knobs set, every session judged by the pass (none by the units:
    `passes.IN_UNITS`); return how many buckets held hands."""
    judged = []
    real = passes._judge_bucket

    def counted(hands: pa.Table, *a: object) -> None:
        judged.append(len(hands))
        real(hands, *a)  # type: ignore[arg-type]

    with monkeypatch.context() as m:
        for name, value in knobs.items():
            m.setattr(passes, name, value)
        m.setattr(passes, "_judge_bucket", counted)
        m.setattr(passes, "IN_UNITS", False)
        run(list(to_sources([str(p) for p in paths])), out, Options(extend_select=("SE",)))
    assert not list(out.rglob(".sessions")), "the pass's folder is removed"
    return sum(1 for n in judged if n)


def test_buckets_change_no_byte_of_the_dataset(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    paths = inputs(tmp_path)
    assert audit(paths, tmp_path / "one", monkeypatch) == 1  # a few hundred hands: one bucket
    one = files(tmp_path / "one")
    se07 = pq.read_table(tmp_path / "one" / "findings", filters=[("rule", "=", "SE07")]).to_pylist()
    # Alice at A1 from 19:00 to 19:20 and at A2 from 19:15: at A2's hand 1 (A3 is another day)
    assert [(Path(r["source"]).name, r["hand_id"], r["player"]) for r in se07
            if Path(r["source"]).parent == tmp_path] == [("t2.live", "1", "Alice")]
    # 50 hands a bucket: the tables spread over many buckets, each judged alone
    assert audit(paths, tmp_path / "many", monkeypatch, BUCKET_HANDS=50) > 5
    assert files(tmp_path / "many") == one
    # at most 3 buckets: they grow (and the hands' results are kept in chunks of a third)
    assert audit(paths, tmp_path / "grown", monkeypatch, BUCKET_HANDS=50, MAX_BUCKETS=3) == 3
    assert files(tmp_path / "grown") == one


def test_row_groups_hold_the_same_rows_in_the_same_order(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    paths = inputs(tmp_path)
    audit(paths, tmp_path / "one", monkeypatch)
    audit(paths, tmp_path / "small", monkeypatch, ROWS_PER_GROUP=4, BUCKET_HANDS=50)
    for name in ("sessions", "findings"):
        a = sorted((tmp_path / "one" / name).glob("part-sessions-*.parquet"))
        b = sorted((tmp_path / "small" / name).glob("part-sessions-*.parquet"))
        assert [p.name for p in a] == [p.name for p in b] == [passes.SESSIONS_PART]  # one part a run
        meta = pq.read_metadata(b[0])
        sizes = [meta.row_group(k).num_rows for k in range(meta.num_row_groups)]
        assert len(sizes) >= 3 and all(n <= 4 for n in sizes), sizes
        assert pq.read_table(b[0]).equals(pq.read_table(a[0]))
    assert not list((tmp_path / "small").rglob("*.tmp")), "no temporary file left"
    # every other part is the same file
    one, small = files(tmp_path / "one"), files(tmp_path / "small")
    assert {k: v for k, v in one.items() if "part-sessions" not in k} == \
        {k: v for k, v in small.items() if "part-sessions" not in k}


def test_bucket_bounds_even_on_copied_input(tmp_path: Path) -> None:
    # 40 copies of 1,241 hands (the memory benchmark's shape: one corpus's tables copied, each
    # copy at tables of its own, in copy order): 49,640 hands into 25 buckets of about 2,000.
    # A base of tables of 1 to 40 hands each (1 + 2 + ... + 49 = 1,225, plus 16 at one more).
    # Every bucket is a range of whole tables (at most 40 hands), so an even split leaves no
    # bucket past 2,000 + 40 + a few percent; the old stride of every 62nd hand (49,640 //
    # (25 * 32)) fell in step with the 1,241-hand copies and put 2,436 in one.
    sizes = [*range(1, 50), 16]
    base = [f"t{k:02d}" for k, n in enumerate(sizes) for _ in range(n)]
    assert len(base) == 1_241
    names = [f"{t} c{c:02d}" for c in range(40) for t in base]
    n, buckets = len(names), 25
    (tmp_path / "hands").mkdir()
    parts, bounds = [], [0]
    for k in range(0, n, 5_000):
        rows = names[k:k + 5_000]
        t = pa.table({"site": ["pokerstars"] * len(rows), "kind": ["cash"] * len(rows),
                      "tournament_id": pa.nulls(len(rows), pa.string()), "table_name": rows,
                      "source": ["a.txt"] * len(rows), "format": ["pokerstars"] * len(rows),
                      "started_at": pa.array([0] * len(rows), pa.timestamp("us", "UTC")),
                      "line": pa.array(range(1, len(rows) + 1), pa.int64())})
        parts.append(f"part-000000-{k // 5_000:05d}.parquet")
        pq.write_table(t, tmp_path / "hands" / parts[-1])
        bounds.append(bounds[-1] + len(rows))
    judged = [np.ones(b - a, dtype=bool) for a, b in itertools.pairwise(bounds)]  # every hand by the pass
    splits = passes._splits(tmp_path, parts, bounds, judged, buckets)
    assert len(splits) == buckets - 1
    keys = passes._flat(passes._key(pq.read_table(tmp_path / "hands", columns=passes._KEY_COLUMNS))[0]).to_pylist()
    held = Counter(bisect.bisect_right(splits, key) for key in keys)
    assert max(held.values()) <= 2_000 * 1.1 + 40


def test_a_table_of_many_hands_ends_its_bucket(tmp_path: Path) -> None:
    # 10,000 hands into 10 buckets of about 1,000: thirty tables of 100 hands (a00 ... a29) and
    # one of 7,000 (a15z, between a15 and a16: the memory benchmark's tournament without a
    # table name, keyed by its file, is 6% of its hands). Quantiles put six bounds inside the
    # big table (six empty buckets) and every table after it in its bucket; the bounds make it
    # a bucket of its own, the next one starting at a16.
    names = [f"a{k:02d}" for k in range(16) for _ in range(100)] + ["a15z"] * 7_000 + \
        [f"a{k:02d}" for k in range(16, 30) for _ in range(100)]
    (tmp_path / "hands").mkdir()
    t = pa.table({"site": ["pokerstars"] * len(names), "kind": ["cash"] * len(names),
                  "tournament_id": pa.nulls(len(names), pa.string()), "table_name": names,
                  "source": ["a.txt"] * len(names), "format": ["pokerstars"] * len(names),
                  "started_at": pa.array([0] * len(names), pa.timestamp("us", "UTC")),
                  "line": pa.array(range(1, len(names) + 1), pa.int64())})
    pq.write_table(t, tmp_path / "hands" / "part-000000-00000.parquet")
    splits = passes._splits(tmp_path, ["part-000000-00000.parquet"], [0, len(names)],
                            [np.ones(len(names), dtype=bool)], 10)
    assert splits == sorted(set(splits))  # no bound twice: no empty bucket between two
    keys = passes._flat(passes._key(t)[0]).to_pylist()
    bucket = {key: bisect.bisect_right(splits, key) for key in keys}
    big = next(key for key in bucket if "a15z" in key)
    after = next(key for key in bucket if "\x1fa16\x1f" in key)
    before = next(key for key in bucket if "\x1fa15\x1f" in key)
    assert bucket[before] + 1 == bucket[big] == bucket[after] - 1  # the tables around it: other buckets
    held = Counter(bucket[key] for key in keys)
    assert held[bucket[big]] == 7_000
    assert max(n for b, n in held.items() if b != bucket[big]) <= 1_000 + 100


def test_an_interrupted_pass_leaves_no_part_and_the_previous_dataset(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    # the sessions and findings parts are written a row group at a time under a temporary
    # name: Ctrl-C in the middle of the pass (a third bucket, after two buckets' rows went
    # out in groups of 7) leaves neither part in place, and OUT the dataset it was
    paths = inputs(tmp_path)
    out = tmp_path / "out"
    audit(paths, out, monkeypatch)
    before = files(out)
    seen: list[tuple[bool, bool]] = []
    real = passes._judge_bucket

    def stopped(hands: pa.Table, seats: pa.Table, posts: pa.Table, judges: object, writer: passes._Writer,
                *a: object) -> None:
        if len(seen) == 2:
            part = writer.files["sessions"]
            seen.append((part.path.exists(), part.tmp.exists()))
            raise KeyboardInterrupt
        seen.append((False, False))
        real(hands, seats, posts, judges, writer, *a)  # type: ignore[arg-type]

    with monkeypatch.context() as m:
        m.setattr(passes, "ROWS_PER_GROUP", 7)
        m.setattr(passes, "BUCKET_HANDS", 50)
        m.setattr(passes, "_judge_bucket", stopped)
        m.setattr(passes, "IN_UNITS", False)
        with pytest.raises(KeyboardInterrupt):
            run(list(to_sources([str(p) for p in paths])), out, Options(extend_select=("SE",)))
    assert seen[-1] == (False, True)  # groups written, but only under the temporary name
    assert files(out) == before
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".out")] == []
