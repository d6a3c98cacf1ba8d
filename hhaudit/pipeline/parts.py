"""Part files: their names and how one is written."""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

PART = re.compile(r"^part-(\d{6})-(\d{5})\.parquet$")


def part_name(index: int, chunk: int) -> str:
    return f"part-{index:06d}-{chunk:05d}.parquet"


def read_part(path: Path, columns: list[str] | None = None, dictionary: list[str] | None = None) -> Any:
    """A part file's table, or only `columns` (every one of them must be in the file); the
    `dictionary` columns as dictionary arrays (as the file stores them: no string is made).

    Read with `pq.ParquetFile`, on this thread: `pq.read_table` sets up a dataset for each
    file, about 1.7 ms of CPU a call against 0.7 ms for a part of a few hands, and the
    duplicate check and the session pass read every part of a run, several times; a run of
    small files writes thousands."""
    import pyarrow.parquet as pq

    with pq.ParquetFile(path, pre_buffer=False, read_dictionary=dictionary) as f:
        if columns is not None and (missing := set(columns) - set(f.schema_arrow.names)):
            raise KeyError(f"{path}: no column {', '.join(sorted(missing))}")
        return f.read(columns=columns, use_threads=False)



def write_atomic(table: Any, path: Path) -> None:
    """Write a Parquet file under a temporary name and rename it: never modifies a file in
    place (a part may be a hard link to the previous dataset's file)."""
    import pyarrow.parquet as pq

    tmp = path.with_name(path.name + ".tmp")
    pq.write_table(table, tmp)
    os.replace(tmp, path)


class PartWriter:
    """One part file written a row group at a time, so a table of any length is one file
    while only a row group's rows are in memory: the groups go to a temporary name, renamed
    to `path` by `close()` (as `write_atomic`), so no file of that name exists before it is
    whole. `abort()` (called also after `close()`: nothing then) closes and removes the
    temporary file; the groups are those `write` was given."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.tmp = path.with_name(path.name + ".tmp")
        self.writer: Any = None

    def write(self, table: Any) -> None:
        import pyarrow.parquet as pq

        if self.writer is None:
            self.writer = pq.ParquetWriter(self.tmp, table.schema)
        self.writer.write_table(table)

    def close(self) -> bool:
        """Put the file in place; False when no row group was written (no file)."""
        if self.writer is None:
            return False
        self.writer.close()
        self.writer = None
        os.replace(self.tmp, self.path)
        return True

    def abort(self) -> None:
        if self.writer is not None:
            self.writer.close()
            self.writer = None
        self.tmp.unlink(missing_ok=True)




def release_arrow_memory() -> None:
    """Hand the memory pyarrow has freed back to the system. Its pool (mimalloc) keeps freed
    pages for its own next allocations, where Python's objects cannot use them: after the
    session pass partitioned the dataset the process held 54 MB more than before with no
    Arrow buffer alive (`pa.total_allocated_bytes()` 0), and the judging that follows builds
    Python objects on top of it. Called between the passes' buckets, where a bucket's tables
    are gone and the next one's not yet read."""
    import pyarrow as pa

    pa.default_memory_pool().release_unused()


def import_arrow() -> None:
    """Import what the checks after the audit read and write the parts with: pyarrow's
    Parquet and compute modules, and pandas, which pyarrow imports at its first conversion of
    a Python list (about 0.3 s of CPU in all). The pool's main process calls it while its
    workers audit, so that the run's serial end does not begin with it."""
    import pyarrow as pa
    import pyarrow.compute
    import pyarrow.parquet

    pa.array([0])
