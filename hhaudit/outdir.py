"""OUT: which folders a run may write, the marker that makes a folder an hhaudit dataset, and
the commit that puts a new dataset in the place of the old one.

OUT is written only when it is absent, empty, or already an hhaudit dataset: a folder holding
the marker file `hhaudit.json` (written by every run, with the schema version) and nothing but
`manifest.json` and table folders of hhaudit's part files: a folder of one of hhaudit's tables
(`TABLE_FOLDERS`), or of a table whose parts carry hhaudit's schema metadata, holding only files
named as hhaudit names its parts (`part-*.parquet`). A Parquet file of the user's in a dataset
(`OUT/my_analysis/x.parquet`, `OUT/hands/my-extract.parquet`) makes it a folder hhaudit refuses. Datasets written before the marker existed
are recognised by that layout, a `hands` part carrying hhaudit's schema metadata. Anything
else (a folder of the user's files, a regular file, the current folder) is refused with one
sentence naming it and what it holds, and so is an OUT that is, holds or lies inside an input.

A run writes into a temporary folder beside OUT. `commit` then swaps it with OUT in one step
(`renameat2(RENAME_EXCHANGE)` on Linux, `renamex_np(RENAME_SWAP)` on macOS) and only then
removes the previous dataset: a crash at any moment leaves the old or the new dataset at OUT.
Where no atomic swap exists, the old dataset is first renamed to `.OUT.old-PID`; a crash just
then leaves it there, and the next run on OUT puts it back before doing anything else.
A run's temporary folder (`.OUT.tmp-XXXXXXXX`) carries a second marker, `RUN_MARKER`, removed
just before the commit, and the run holds a lock on the folder while it lives (`hold`). A run
killed with `kill -9` leaves it behind; the next run on that OUT removes it first (`sweep`):
only folders holding that marker whose lock is free, so that a running run's folder, a user's
folder of that name or a copy of a dataset are never touched.
Ctrl-C and SIGTERM are held during the commit: a signal before the swap cancels the run (the
previous dataset stays), one after it ends the run once the new dataset is in place.
"""

from __future__ import annotations

import contextlib
import ctypes
import json
import os
import re
import shutil
import signal
import sys
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any, Final, Self

from .errors import EnvironmentProblem, OutputRefused, os_reason

MARKER: Final = "hhaudit.json"
MANIFEST: Final = "manifest.json"
RUN_MARKER: Final = "hhaudit-run.json"
"""In a run's temporary folder only (removed before the commit): the folder is the unfinished
work of an hhaudit run, which `sweep` may remove once no run holds it."""
LAYOUT: Final = 2
"""The marker's `layout`: 2 when every part of a table has the table's schema exactly, so
that the parts can be read as one Arrow dataset (`hhaudit.read`). Datasets without it (layout
1, written before small files were grouped) may hold parts of earlier schemas: they are read
part by part, each conformed to the current schema."""
TABLE_FOLDERS: Final = frozenset({"hands", "seats", "actions", "pots", "findings", "duplicates", "sessions"})
"""The tables a run writes (`hhaudit.tables.TABLES`, the duplicates and the sessions)."""
_PART: Final = re.compile(r"part-[A-Za-z0-9_-]+\.parquet")
"""How hhaudit names a table's part files (`part-00000.parquet`, `part-000001-00000.parquet`,
`part-sessions-00000.parquet`, `part-empty.parquet`)."""
IGNORABLE: Final = frozenset({".DS_Store", "Thumbs.db", "desktop.ini"})
"""Files an operating system drops into any folder: a folder of only these is empty."""


class InterruptedAfterCommit(KeyboardInterrupt):
    """Ctrl-C or SIGTERM while the new dataset was being put in place: it is in place."""


def marker_text(schema_version: str) -> str:
    """The marker of a dataset whose tables have the schemas of `schema_version`
    (`hhaudit.tables.SCHEMA_VERSION`, given by the writer: this module knows OUT, not the
    tables)."""
    from . import __version__

    return json.dumps({"hhaudit_dataset": 1, "schema_version": schema_version, "layout": LAYOUT,
                       "written_by": f"hhaudit {__version__}"}, indent=1) + "\n"


def marker(folder: Path) -> dict[str, Any]:
    """What a dataset's marker says (an empty dict if it has none, or not one of ours)."""
    try:
        data = json.loads((folder / MARKER).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) and data.get("hhaudit_dataset") == 1 else {}


def write_marker(folder: Path, schema_version: str) -> None:
    (folder / MARKER).write_text(marker_text(schema_version), encoding="utf-8")


def _has_marker(folder: Path) -> bool:
    try:
        data = json.loads((folder / MARKER).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    return isinstance(data, dict) and data.get("hhaudit_dataset") == 1 and "schema_version" in data


def _is_table_folder(folder: Path) -> bool:
    """A folder of hhaudit's part files, of one of its tables (or of parts that say they are
    hhaudit's, for a table this version does not know)."""
    try:
        if not all(e.is_file(follow_symlinks=False) and _PART.fullmatch(e.name) or e.name in IGNORABLE
                   for e in os.scandir(folder)):
            return False
    except OSError:
        return False
    return folder.name in TABLE_FOLDERS or _written_by_hhaudit(folder)


def _written_by_hhaudit(hands: Path) -> bool:
    """A table's parts are hhaudit's: its schema metadata in the first part's footer."""
    import pyarrow.parquet as pq

    for p in sorted(hands.glob("*.parquet"))[:1]:
        try:
            meta = pq.read_schema(p).metadata or {}
        except Exception:  # noqa: BLE001  (not Parquet at all: not ours)
            return False
        return b"hhaudit.schema_version" in meta
    return False


def _names(entries: list[str], limit: int = 4) -> str:
    shown = ", ".join(sorted(entries)[:limit])
    return shown + (f" and {len(entries) - limit} more" if len(entries) > limit else "")


def refusal(out: Path, shown: str | os.PathLike[str] | None = None) -> str | None:
    """Why a run may not write OUT (a sentence naming it, as `shown`, and what it holds), or
    None."""
    name = os.fspath(shown) if shown is not None else str(out)
    if not os.path.lexists(out):
        return None
    if not out.is_dir():
        kind = "a file" if out.is_file() else "not a folder"
        size = f" of {out.stat().st_size:,} bytes" if out.is_file() else ""
        return (f"{name} is {kind}{size}, not a dataset folder: hhaudit replaces OUT as a whole, "
                f"so choose a new or empty folder with -o")
    try:
        entries = [e for e in os.listdir(out) if e not in IGNORABLE]
    except OSError as exc:
        raise EnvironmentProblem(f"{name}: {os_reason(exc)}: cannot tell whether it is a dataset "
                                 f"hhaudit may replace") from exc
    if not entries:
        return None
    marked = MARKER in entries
    stray = [e for e in entries if e not in (MARKER, MANIFEST) and not _is_table_folder(out / e)]
    if stray:
        what = "is an hhaudit dataset but also holds" if marked else "holds"
        return (f"{name} {what} {len(stray)} other file(s) or folder(s) ({_names(stray)}) that a new run "
                f"would delete: choose a new or empty folder with -o, or move them out")
    if marked and _has_marker(out):
        return None
    if not marked and "hands" in entries and _written_by_hhaudit(out / "hands"):
        return None
    return (f"{name} holds {len(entries)} entries ({_names(entries)}) but is not an hhaudit dataset "
            f"(no valid {MARKER}): choose a new or empty folder with -o")


def tmp_prefix(out: Path) -> str:
    return f".{out.name}.tmp-"


def hold(tmp: Path) -> int | None:
    """Mark `tmp` as a running run's temporary folder: its marker, and a lock held until
    `release` (or the process's end, however it ends). The lock's descriptor, or None where
    there is no lock to hold."""
    (tmp / RUN_MARKER).write_text(json.dumps({"hhaudit_run": 1, "pid": os.getpid()}) + "\n", encoding="utf-8")
    try:
        import fcntl
    except ImportError:
        return None
    fd = os.open(tmp, os.O_RDONLY | getattr(os, "O_CLOEXEC", 0))
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        os.close(fd)
        return None
    return fd


def release(fd: int | None) -> None:
    if fd is not None:
        with contextlib.suppress(OSError):
            os.close(fd)


def _is_left_behind(folder: Path) -> bool:
    """A temporary folder of an hhaudit run that no longer runs."""
    try:
        data = json.loads((folder / RUN_MARKER).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    if not (isinstance(data, dict) and data.get("hhaudit_run") == 1):
        return False
    try:
        import fcntl
    except ImportError:
        return False  # no lock to tell a running run's folder from a dead one's
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_CLOEXEC", 0))
    except OSError:
        return False
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return False  # a running run holds it
    finally:
        os.close(fd)
    return True


def sweep(out: Path) -> list[Path]:
    """Remove the temporary folders that killed runs on OUT left beside it; return them."""
    prefix = tmp_prefix(out)
    try:
        candidates = [out.parent / e.name for e in os.scandir(out.parent)
                      if e.name.startswith(prefix) and e.is_dir(follow_symlinks=False)]
    except OSError:
        return []
    swept = [p for p in candidates if _is_left_behind(p)]
    for p in swept:
        shutil.rmtree(p, ignore_errors=True)
    return swept


def _within(inner: Path, outer: Path) -> bool:
    return inner == outer or outer in inner.parents


def check_out(out: Path, inputs: Iterable[Path] = ()) -> Path:
    """Raise OutputRefused unless a run may write OUT; return OUT with its links resolved
    (a link to a folder elsewhere is written where it points)."""
    real = Path(os.path.realpath(out))
    recover(real)
    sweep(real)
    why = refusal(real, out)
    if why:
        raise OutputRefused(why)
    cwd = Path(os.path.realpath(os.getcwd()))
    if _within(cwd, real):
        where = "is the current folder" if cwd == real else "holds the current folder"
        raise OutputRefused(f"{out} {where}: hhaudit replaces OUT as a whole, so give -o a folder "
                            f"of its own (for example -o hhaudit-out)")
    for given in inputs:
        p = Path(os.path.realpath(given))
        if p == real:
            raise OutputRefused(f"{out} is an input path ({given}): give -o a folder of its own")
        if _within(p, real):
            raise OutputRefused(f"{out} holds the input {given}: give -o a folder outside the inputs")
        if real.is_relative_to(p) and p.is_dir():
            raise OutputRefused(f"{out} lies inside the input folder {given}: give -o a folder outside "
                                f"the inputs, so that its files are never read as histories")
    return real


def inputs_inside(out: Path, sources: Iterable[Path]) -> Path | None:
    """The first source file inside OUT (a path check without touching the disk), or None."""
    real = os.path.realpath(out)
    prefixes = {os.path.abspath(out) + os.sep, real + os.sep}
    for src in sources:
        a = os.path.abspath(src)
        if any(a.startswith(p) for p in prefixes):
            return src
    return None


# --------------------------------------------------------------------------- the commit

def _load_swap() -> Callable[[Path, Path], bool] | None:
    """An atomic exchange of two paths, from the C library, or None."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)  # this process's own symbols hold the C library's
    except OSError:
        return None
    if sys.platform.startswith("linux") and hasattr(libc, "renameat2"):
        fn = libc.renameat2
        at_fdcwd, exchange = -100, 2

        def linux(a: Path, b: Path) -> bool:
            return fn(at_fdcwd, os.fsencode(a), at_fdcwd, os.fsencode(b), exchange) == 0  # type: ignore[no-any-return]
        return linux
    if sys.platform == "darwin" and hasattr(libc, "renamex_np"):
        fn = libc.renamex_np

        def darwin(a: Path, b: Path) -> bool:
            return fn(os.fsencode(a), os.fsencode(b), 2) == 0  # type: ignore[no-any-return]
        return darwin
    return None


_SWAP = _load_swap()


def swap(a: Path, b: Path) -> bool:
    """Exchange two existing paths in one step; False where the system cannot."""
    return _SWAP is not None and _SWAP(a, b)


def _old_name(out: Path) -> Path:
    return out.with_name(f".{out.name}.old-{os.getpid()}")


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True
    return True


def recover(out: Path) -> None:
    """Put back a previous dataset left beside OUT by a run that died between moving it aside
    and moving the new one in (systems without an atomic swap); remove the moved-aside copies
    of finished runs."""
    try:
        siblings = [p for p in out.parent.glob(f".{out.name}.old-*") if p.is_dir()]
    except OSError:
        return
    for old in sorted(siblings, key=lambda p: p.stat().st_mtime, reverse=True):
        pid = old.name.rsplit("-", 1)[-1]
        if pid.isdigit() and _alive(int(pid)):
            continue
        if not os.path.lexists(out) and refusal(old) is None:
            os.replace(old, out)
        elif os.path.lexists(out) and refusal(out) is None and refusal(old) is None:
            shutil.rmtree(old, ignore_errors=True)


@contextlib.contextmanager
def _lock(folder: Path) -> Iterator[None]:
    """Commits into one folder one at a time (a lock on the folder itself, where it can be had)."""
    try:
        import fcntl
    except ImportError:
        yield
        return
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        yield
        return
    try:
        with contextlib.suppress(OSError):
            fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)


class _HeldSignals:
    """SIGINT and SIGTERM recorded instead of acted on, while a commit runs."""

    def __init__(self) -> None:
        self.caught: list[int] = []
        self.previous: dict[int, Any] = {}

    def __enter__(self) -> Self:
        try:
            for sig in (signal.SIGINT, signal.SIGTERM):
                self.previous[sig] = signal.signal(sig, lambda signum, frame: self.caught.append(signum))
        except ValueError:  # not the main thread: signals are not ours to handle
            pass
        return self

    def __exit__(self, *exc: object) -> None:
        for sig, handler in self.previous.items():
            signal.signal(sig, handler)


def _step(name: str) -> None:
    """A point between the commit's steps (tests make a run die there)."""


def commit(tmp: Path, out: Path) -> None:
    """Put the dataset written in `tmp` at OUT; remove the previous one once it is replaced."""
    with _lock(out.parent), _HeldSignals() as held:
        why = refusal(out)
        if why:
            raise EnvironmentProblem(f"{out} changed while this run was writing and is no longer a dataset "
                                     f"hhaudit may replace; this run's dataset was not kept")
        if held.caught:
            raise KeyboardInterrupt
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp / RUN_MARKER)  # from here on the folder is a dataset, never swept
        try:
            if os.path.isdir(out) and swap(tmp, out):
                _step("swapped")
                shutil.rmtree(tmp, ignore_errors=True)
            elif os.path.isdir(out):
                old = _old_name(out)
                os.replace(out, old)
                _step("moved aside")
                os.replace(tmp, out)
                _step("moved in")
                shutil.rmtree(old, ignore_errors=True)
            else:
                os.replace(tmp, out)
        except OSError as exc:
            raise EnvironmentProblem(f"{out}: the new dataset could not be put in place ({os_reason(exc)}; "
                                     f"another run may have written it at the same time)") from exc
    if held.caught:
        raise InterruptedAfterCommit
