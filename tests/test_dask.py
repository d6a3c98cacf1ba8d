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
    # 3 files x 6 hands; hand 2 ends every file (the same tournament hand: two copies), and
    # j = 2 of file 0 is another hand under that id (another table and seats: a shared id)
    assert td.hands == tl.hands == 16 and td.duplicates == tl.duplicates == 2
    assert td.shared_ids == tl.shared_ids == 1


def test_dask_engine_from_a_script_without_a_main_guard_under_spawn(tmp_path: Path) -> None:
    """Dask starts its local workers with multiprocessing's spawn, which runs the caller's main
    script again in each: without a `__main__` guard that audited again in every worker
    (each starting a cluster of its own) and failed with tracebacks after a long wait. The
    script runs once, and the dataset is written."""
    import os
    import subprocess
    import sys
    import textwrap

    history = write(tmp_path / "h.txt", [("c", 1), ("s", 2)])
    script = tmp_path / "noguard.py"
    script.write_text(textwrap.dedent(f"""
        import multiprocessing
        multiprocessing.set_start_method("spawn", force=True)
        from pathlib import Path
        from hhaudit.pipeline import Options, run
        from hhaudit.reading import iter_sources
        print("started", flush=True)
        totals = run(list(iter_sources([{str(history)!r}])), Path({str(tmp_path / "out")!r}), Options(),
                     engine="dask", jobs=2)
        print("hands", totals.hands, flush=True)
        """), encoding="utf-8")
    root = str(Path(__file__).resolve().parents[1])
    done = subprocess.run([sys.executable, str(script)], check=False, capture_output=True, text=True, timeout=600,
                          cwd=tmp_path,
                          env={**os.environ, "PYTHONPATH": root})
    assert done.returncode == 0, done.stderr
    assert done.stdout.split("\n").count("started") == 1, done.stdout
    assert "hands 2" in done.stdout, done.stdout  # the two hands written above
    assert (tmp_path / "out" / "hands").is_dir()
