"""The local engine's pool of worker processes.

Workers are fresh interpreters (`hhaudit.pipeline.worker`), not multiprocessing's children:
they never import the caller's `__main__`, so `hhaudit.audit(..., jobs=2)` works the same
from a script without an `if __name__ == "__main__":` guard (multiprocessing would run the
script again in every worker, each starting workers of its own), from a notebook, and
whatever start method the program chose. They run in a session of their own: a terminal's
Ctrl-C reaches only this process, which stops them at any moment (also while they start)
before the run's temporary folder is removed; and each exits by itself if this process dies.
A worker that dies or fails ends the run with one sentence, never a hang.
"""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from collections.abc import Callable, Iterator, Sequence
from multiprocessing.connection import wait
from pathlib import Path
from typing import Any

from ..archives import is_plain
from ..errors import InternalError
from ..reading import Source
from .options import Options
from .parts import import_arrow
from .tasks import ChunkTask, FileTask, Result, chunk_tasks, source_size
from .units import audit_file
from .worker import read_frame, write_frame

_BOOT = ("import sys, json; sys.path[:0] = json.loads(sys.argv[2]); "
         "from hhaudit.pipeline.worker import serve; serve(int(sys.argv[1]))")


def usable_cores() -> int:
    """The cores this process may run on (its CPU affinity, as `os.process_cpu_count` says
    from Python 3.13), not the machine's."""
    count = getattr(os, "process_cpu_count", None)
    if count is not None:
        return int(count() or 1)
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0)) or 1
    return os.cpu_count() or 1


def capped_jobs(jobs: int) -> tuple[int, str | None]:
    """The worker processes to start for `jobs` asked (0: one per usable core), at most one
    per usable core (more only share the cores, each an interpreter's memory), and a note
    when the request was higher."""
    cores = usable_cores()
    if jobs <= 0:
        return cores, None
    if jobs > cores:
        return cores, f"--jobs {jobs}: this process may use {cores} cores; running {cores} workers"
    return jobs, None


def _paths() -> list[str]:
    """Where this process found hhaudit and its dependencies, for the workers to look first."""
    package_root = str(Path(__file__).resolve().parents[2])
    seen = dict.fromkeys([package_root, *(os.path.abspath(p) for p in sys.path if p)])
    return list(seen)


class Worker:
    """One worker process and its task in flight."""

    def __init__(self) -> None:
        flags = ["-O" * sys.flags.optimize] if sys.flags.optimize else []
        self.proc = subprocess.Popen([sys.executable, *flags, "-c", _BOOT, str(os.getpid()), json.dumps(_paths())],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, start_new_session=True)
        self.task: FileTask | ChunkTask | None = None
        self.out = io.FileIO(self.proc.stdout.fileno(), "rb", closefd=False)  # type: ignore[union-attr]
        """The worker's replies, read unbuffered: a task sends progress frames before its
        result, and a buffered reader could take the result in with a progress frame, out of
        sight of `wait`, which watches the pipe."""

    def send(self, task: FileTask | ChunkTask) -> None:
        self.task = task
        try:
            write_frame(self.proc.stdin, task)  # type: ignore[arg-type]
        except (BrokenPipeError, OSError):
            self.died()

    def receive(self) -> Result | tuple[int, int]:
        """The task's result, or (hands, findings) audited so far (the task goes on)."""
        try:
            reply = read_frame(self.out)
        except (EOFError, OSError):
            self.died()
        kind = reply[0]
        if kind == "progress":
            return (int(reply[1]), int(reply[2]))
        self.task = None
        if kind == "ok":
            return reply[1]  # type: ignore[no-any-return]
        if kind == "os":
            _, code, strerror, filename, text = reply
            raise OSError(code, strerror or text, filename) if code is not None else OSError(text)
        raise InternalError(f"internal error in a worker process ({reply[1]}) while auditing {self.doing()}; "
                            f"please report it (HHAUDIT_DEBUG=1 shows where it happened)", reply[2])

    def doing(self) -> str:
        task = self.task
        if task is None:
            return "nothing"
        if isinstance(task, FileTask):
            names = [s.name for s in task.sources]
            return names[0] if len(names) == 1 else f"one of {names[0]} and {len(names) - 1} more files"
        return task.source

    def died(self) -> Any:
        try:
            status = self.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            status = None
        if status is not None and status < 0 and -status == 9:
            why = "was killed (SIGKILL: out of memory?)"
        elif status is not None and status < 0:
            why = f"was killed by signal {-status}"
        else:
            why = f"stopped (exit status {status})"
        raise InternalError(f"a worker process {why} while auditing {self.doing()}; the run was stopped")

    def stop(self, now: bool) -> None:
        """End the process: at once (`now`), or after it finishes (its stdin closed)."""
        p = self.proc
        if p.stdin is not None:
            try:
                p.stdin.close()
            except OSError:
                pass
        if now and p.poll() is None:
            p.kill()
        try:
            p.wait(timeout=None if now else 30)
        except subprocess.TimeoutExpired:
            p.kill()
            p.wait()
        if p.stdout is not None:
            p.stdout.close()


def cut_here(sources: Sequence[Source], todo: list[list[int]], split: int) -> set[int]:
    """The groups of `todo` (by first position) read here and cut into units for the workers:
    a group of one file of `split` bytes or more, or of a stream (standard input, which
    cannot go to a worker)."""
    alone = {g[0] for g in todo if len(g) == 1}
    return {i for i in alone if sources[i].stream is not None
            or (sources[i].path is not None and source_size(sources[i]) >= split)}


def worth_a_pool(sources: Sequence[Source], todo: list[list[int]], split: int) -> bool:
    """Whether the groups `todo` are more than one task: a single group that is not cut into
    units is audited by this process, which would otherwise wait for one worker's start-up
    (an interpreter importing hhaudit and pyarrow, about a second) to do the same work."""
    return len(todo) > 1 or bool(cut_here(sources, todo, split))


def run_pool(sources: Sequence[Source], todo: list[list[int]], options: Options, tmp: str, batch: int,
             split: int, jobs: int, done: Callable[[Result], None],
             partial: Callable[[int, int], None] | None = None) -> None:
    """Audit the groups of files `todo` (`plan.groups`): a group of one large file (or a
    stream) is read here and its units sent to the workers (`cut_here`); any other group is
    one task."""
    big = cut_here(sources, todo, split)

    def tasks() -> Iterator[FileTask | ChunkTask]:
        for group in todo:
            i = group[0]
            src = sources[i]
            if i in big and is_plain(src):
                yield from chunk_tasks(i, src, options, tmp, batch)
            elif i in big and src.stream is not None:
                # a compressed or archived stream (stdin) cannot go to a worker, and its members
                # are cut into units as one job cuts them: read here
                totals, _ = audit_file(i, src, options, tmp, batch=batch)
                done(Result(i, totals, True, sum(totals.categories.values())))
            else:
                yield FileTask(i, tuple(sources[k] for k in group), options, tmp, batch)

    n = jobs if big else min(jobs, len(todo))
    workers: list[Worker] = []
    finished = False
    try:
        for _ in range(n):
            workers.append(Worker())
        it = tasks()
        busy: dict[Any, Worker] = {}
        for w in workers:
            task = next(it, None)
            if task is None:
                break
            w.send(task)
            busy[w.out] = w
        import_arrow()
        told: dict[Any, tuple[int, int]] = {}
        """Per worker, the hands and findings of its task in flight already passed to `partial`
        (taken back when the task's result counts them all)."""
        while busy:
            for ready in wait(list(busy)):
                w = busy.pop(ready)
                got = w.receive()
                if isinstance(got, tuple):
                    busy[ready] = w  # the task goes on
                    h, f = told.get(ready, (0, 0))
                    told[ready] = (h + got[0], f + got[1])
                    if partial is not None:
                        partial(*got)
                    continue
                h, f = told.pop(ready, (0, 0))
                if partial is not None and (h or f):
                    partial(-h, -f)
                done(got)
                task = next(it, None)
                if task is not None:
                    w.send(task)
                    busy[w.out] = w
        finished = True
    finally:
        for w in workers:
            w.stop(now=not finished)

