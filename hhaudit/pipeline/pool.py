"""The local engine's pool of worker processes."""

from __future__ import annotations

import multiprocessing as mp
import signal
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from ..reading import Source
from .options import Options
from .tasks import ChunkTask, FileTask, Result, chunk_tasks, run_task, source_size


def ignore_sigint() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def pool_context() -> Any:
    """Worker processes come from a fork server (preloaded with hhaudit), not from forking
    this process: the pool's own threads make a plain fork unsafe (a worker replaced after a
    Ctrl-C could deadlock on a lock held by another thread at the fork)."""
    if "forkserver" in mp.get_all_start_methods():
        ctx = mp.get_context("forkserver")
        ctx.set_forkserver_preload(["hhaudit.pipeline", "hhaudit.formats"])
        return ctx
    return mp.get_context("spawn")



def run_pool(sources: Sequence[Source], todo: list[int], options: Options, tmp: str, batch: int,
              split: int, jobs: int, done: Callable[[Result], None]) -> None:
    def tasks() -> Iterator[FileTask | ChunkTask]:
        for i in todo:
            src = sources[i]
            # a stream (stdin) is read here, as a large file is: it cannot go to a worker
            if src.stream is not None or (src.path is not None and source_size(src) >= split):
                yield from chunk_tasks(i, src, options, tmp, batch)
            else:
                yield FileTask(i, src, options, tmp, batch)

    # The fork server and the workers ignore Ctrl-C (the terminal sends it to the whole
    # process group): only this process handles it, stopping them and cleaning up.
    try:
        previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    except ValueError:  # not the main thread: no signal handling to adjust
        previous = None
    try:
        pool = pool_context().Pool(jobs, initializer=ignore_sigint)
    finally:
        if previous is not None:
            signal.signal(signal.SIGINT, previous)
    try:
        pending: deque[Any] = deque()
        it = tasks()
        window = jobs + 1  # units in flight: bounds the memory of shipped hands
        for task in it:
            pending.append(pool.apply_async(run_task, (task,)))
            if len(pending) >= window:
                done(pending.popleft().get())
        while pending:
            done(pending.popleft().get())
        pool.close()
        pool.join()
    finally:
        pool.terminate()


