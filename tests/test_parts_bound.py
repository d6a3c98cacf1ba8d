"""How many part files a run writes: at most 5 x (hands / BATCH + jobs), the issue's bound.

Each unit writes one part per table of the five (hands, seats, actions, pots, findings); a
large file is cut into units of `BATCH` hands and a group of small files into units of
twice that, so the units' parts are at most 5 x hands / BATCH, plus a unit's remainder per
file or group (the `+ jobs` of the bound is that slack). After the audit the main process
writes the duplicates, sessions and session findings tables, one part each a run however
many rows they hold: here the session pass's row groups are made tiny (`ROWS_PER_GROUP`),
so a pass that wrote a part per group would overshoot the bound by dozens of parts.
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

import pyarrow.parquet as pq
import pytest
from conftest_corpus import corpus

from hhaudit.parsing import to_sources
from hhaudit.pipeline import Options, run
from hhaudit.sessions import passes

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from benchmarks import layout

HANDS = 1_000
BATCH = 50


def parts(out: Path) -> Counter[str]:
    """The dataset's part files, counted by table folder."""
    return Counter(p.parent.name for p in out.rglob("*.parquet"))


@pytest.mark.parametrize(("files", "jobs"), [(4, 1), (4, 2), (200, 1)])
def test_parts_within_five_times_hands_over_batch_plus_jobs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                            files: int, jobs: int) -> None:
    # 1,000 replicated corpus hands as 4 files of 250 hands (each cut into 5 units of 50:
    # 20 units, 100 parts) or as 200 files of 5 (about 1.4 MB, one group of small files cut
    # into units of 2 x 50 = 100 hands: 10 units, 50 parts); the bound is
    # 5 x (1,000 / 50 + jobs) = 105 with one job, 110 with two
    folder = tmp_path / "in"
    layout.write_layouts(HANDS, layout.templates(corpus()), {folder: files})
    monkeypatch.setattr(passes, "ROWS_PER_GROUP", 7)
    out = tmp_path / "out"
    # the 4 files are groups of their own, as files of UNIT_BYTES or more are (unit_bytes=1),
    # and their units go to the workers one by one, as a large file's do (split_bytes=0)
    alone = {"unit_bytes": 1} if files == 4 else {}
    totals = run(list(to_sources([str(folder)])), out, Options(extend_select=("SE",)), jobs=jobs, batch=BATCH, split_bytes=0, **alone)
    assert totals.hands == HANDS
    count = parts(out)
    units = 20 if files == 4 else 10
    for table in ("hands", "seats", "actions", "pots"):
        assert count[table] == units, (table, count)
    # findings: the units' and the session findings' one part
    assert count["findings"] == units + 1
    assert count["sessions"] == count["duplicates"] == 1
    sessions = pq.read_metadata(out / "sessions" / passes.SESSIONS_PART)
    assert sessions.num_row_groups > 7  # well over 49 sessions, so well over 7 groups of 7 rows
    assert sum(count.values()) <= 5 * (HANDS / BATCH + jobs)
