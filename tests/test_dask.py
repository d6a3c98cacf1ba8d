"""The Dask engine writes the same dataset as the local one (LocalCluster, 2 worker processes)."""

from __future__ import annotations

from pathlib import Path

import pytest

from hhaudit.pipeline import Options, run
from test_pipeline import contents, sources, write

distributed = pytest.importorskip("dask.distributed", reason="dask[distributed] is not installed (pip install 'hhaudit[dask]')")


def test_dask_local_cluster_writes_the_same_dataset(tmp_path: Path) -> None:
    files = [write(tmp_path / f"f{k}.txt", [("csp"[j % 3], 100 * k + j) for j in range(5)] + [("s", 2)])
             for k in range(3)]
    local, dask = tmp_path / "local", tmp_path / "dask"
    tl = run(sources(*files), local, Options(), jobs=1, batch=4)
    with distributed.LocalCluster(n_workers=2, processes=True, threads_per_worker=1,
                                  dashboard_address=None) as cluster:
        td = run(sources(*files), dask, Options(), engine="dask", scheduler=cluster.scheduler_address, batch=4)
    assert contents(local) == contents(dask)
    # 3 files x 6 hands; hand 2 is in every file (j = 2 of file 0 and the last hand of each)
    assert td.hands == tl.hands == 15 and td.duplicates == tl.duplicates == 3
