"""The Dask engine: whole files and groups of small files as tasks on a cluster writing to a
shared folder."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
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


def absolute(source: Source) -> Source:
    if source.stream is not None:  # a stream cannot travel: the workers get its bytes
        return Source(source.name, data=source.stream.read())
    if source.path is None:
        return source
    return dataclasses.replace(source, path=source.path.resolve())


