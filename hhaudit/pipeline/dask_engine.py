"""The Dask engine: whole files and groups of small files as tasks on a cluster writing to a
shared folder."""

from __future__ import annotations

import contextlib
import dataclasses
import sys
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

from ..errors import EnvironmentProblem
from ..reading import Source
from .options import Options
from .tasks import FileTask, Result, run_task

CONNECT_TIMEOUT = "10s"
"""How long to try to reach a `--scheduler` before giving up."""


def run_dask(sources: Sequence[Source], todo: list[list[int]], options: Options, tmp: str, batch: int,
              jobs: int, scheduler: str | None, done: Callable[[Result], None]) -> None:
    try:
        from dask.distributed import Client, LocalCluster
    except ImportError:
        raise EnvironmentProblem("the dask engine needs dask.distributed: pip install 'hhaudit[dask]'") from None
    tmp = str(Path(tmp).resolve())
    cluster = None
    if scheduler:
        try:
            client = Client(scheduler, timeout=CONNECT_TIMEOUT)
        except (OSError, TimeoutError, ValueError) as exc:
            raise EnvironmentProblem(f"the Dask scheduler at {scheduler} cannot be reached ({exc})") from None
    else:
        with _fresh_workers():
            cluster = LocalCluster(n_workers=max(jobs, 1), threads_per_worker=1, processes=True)
        client = Client(cluster)
    try:
        # workers may run elsewhere: give them absolute paths (the `source` column keeps the name)
        futures = [client.submit(run_task, FileTask(g[0], tuple(absolute(sources[i]) for i in g), options, tmp, batch),
                                 pure=False) for g in todo]
        for fut in futures:
            done(fut.result())
    except BaseException:
        for fut in locals().get("futures", []):
            fut.cancel()
        raise
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


@contextlib.contextmanager
def _fresh_workers() -> Iterator[None]:
    """While the local cluster starts its worker processes: they do not run the caller's
    `__main__` again. Dask starts them with multiprocessing's spawn, which imports the main
    script in each child; a script without an `if __name__ == "__main__":` guard would then
    audit again in every worker, each starting a cluster of its own, and fail after a long
    wait. The workers need nothing of it (their tasks are hhaudit's own functions), so the
    main module's file and name are hidden from multiprocessing until they are started,
    as the local engine's workers are fresh interpreters (`pool.py`)."""
    main = sys.modules.get("__main__")
    if main is None:
        yield
        return
    saved: dict[str, object] = {k: main.__dict__.pop(k) for k in ("__file__", "__spec__") if k in main.__dict__}
    main.__spec__ = None  # multiprocessing reads it unguarded
    try:
        yield
    finally:
        main.__dict__.update(saved)
        if "__spec__" not in saved:
            del main.__spec__


def absolute(source: Source) -> Source:
    if source.stream is not None:  # a stream cannot travel: the workers get its bytes
        return Source(source.name, data=source.stream.read())
    if source.path is None:
        return source
    return dataclasses.replace(source, path=source.path.resolve())


