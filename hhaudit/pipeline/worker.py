"""A worker process of the local pool: reads tasks from stdin, writes results to stdout.

Started by `pool.Worker` as a fresh interpreter (`python -c`, with the parent's `sys.path`), so
it imports hhaudit and nothing of the program that started it. Each message is one frame: an
8-byte big-endian length, then a pickle. A result is `("ok", Result)`, or for a task that
raised `("os", errno, strerror, filename, text)` or `("error", text, traceback)`.
"""

from __future__ import annotations

import os
import pickle
import signal
import struct
import sys
import threading
import time
import traceback
from typing import IO, Any

_LENGTH = struct.Struct(">Q")


def write_frame(stream: IO[bytes], obj: Any) -> None:
    data = pickle.dumps(obj, protocol=pickle.HIGHEST_PROTOCOL)
    stream.write(_LENGTH.pack(len(data)) + data)
    stream.flush()


def read_exactly(stream: IO[bytes], n: int) -> bytes | None:
    chunks: list[bytes] = []
    while n:
        chunk = stream.read(n)
        if not chunk:
            return None
        chunks.append(chunk)
        n -= len(chunk)
    return b"".join(chunks)


def read_frame(stream: IO[bytes]) -> Any:
    """The next object, or EOFError if the other end closed."""
    head = read_exactly(stream, _LENGTH.size)
    if head is None:
        raise EOFError
    body = read_exactly(stream, _LENGTH.unpack(head)[0])
    if body is None:
        raise EOFError
    return pickle.loads(body)


def _watch(parent: int) -> None:
    """Exit when the process that started this one is gone (killed with SIGKILL, say)."""
    while os.getppid() == parent:
        time.sleep(0.5)
    os._exit(1)


class _NoPandas:
    """A finder on `sys.meta_path` before the others: pandas cannot be found."""

    @staticmethod
    def find_spec(name: str, path: Any = None, target: Any = None) -> None:
        if name == "pandas":
            raise ModuleNotFoundError("No module named 'pandas'", name=name)


def _pyarrow_without_pandas() -> None:
    """Spare this worker pandas' import (about 0.17 s of CPU, a third of what a worker spends
    before its first hand): pyarrow imports pandas the first time it converts a Python list,
    only to ask whether the list is a pandas object, and a worker never holds one. pyarrow
    asks once and keeps the answer; here it asks while pandas cannot be found. Nothing else
    changes: the finder is taken out at once, and pyarrow imports pandas again for anything
    that needs pandas itself (`Table.to_pandas`)."""
    if "pandas" in sys.modules:
        return
    import pyarrow as pa

    sys.meta_path.insert(0, _NoPandas)
    try:
        pa.array([0])
    finally:
        sys.meta_path.remove(_NoPandas)


def serve(parent: int) -> None:
    # Ctrl-C is for the main process, which stops the workers itself.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    threading.Thread(target=_watch, args=(parent,), daemon=True).start()
    _pyarrow_without_pandas()
    channel = os.fdopen(os.dup(sys.stdout.fileno()), "wb")
    os.dup2(sys.stderr.fileno(), sys.stdout.fileno())  # anything printed goes to stderr, not the channel
    tasks = sys.stdin.buffer
    from .tasks import run_task

    while True:
        try:
            task = read_frame(tasks)
        except EOFError:
            return
        def tell(hands: int, findings: int) -> None:
            write_frame(channel, ("progress", hands, findings))

        try:
            reply: tuple[Any, ...] = ("ok", run_task(task, tell))
        except OSError as exc:
            reply = ("os", exc.errno, exc.strerror, exc.filename, str(exc))
        except BaseException as exc:  # noqa: BLE001  (a bug: reported to the main process, which stops the run)
            reply = ("error", f"{type(exc).__name__}: {exc}", traceback.format_exc())
        write_frame(channel, reply)


if __name__ == "__main__":
    serve(int(sys.argv[1]))
