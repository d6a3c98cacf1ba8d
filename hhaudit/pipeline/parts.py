"""Part files: their names and how one is written."""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

PART = re.compile(r"^part-(\d{6})-(\d{5})\.parquet$")


def part_name(index: int, chunk: int) -> str:
    return f"part-{index:06d}-{chunk:05d}.parquet"



def write_atomic(table: Any, path: Path) -> None:
    """Write a Parquet file under a temporary name and rename it: never modifies a file in
    place (a part may be a hard link to the previous dataset's file)."""
    import pyarrow.parquet as pq

    tmp = path.with_name(path.name + ".tmp")
    pq.write_table(table, tmp)
    os.replace(tmp, path)




def release_arrow_memory() -> None:
    """Hand the memory pyarrow has freed back to the system. Its pool (mimalloc) keeps freed
    pages for its own next allocations, where Python's objects cannot use them: after the
    session pass partitioned the dataset the process held 54 MB more than before with no
    Arrow buffer alive (`pa.total_allocated_bytes()` 0), and the judging that follows builds
    Python objects on top of it. Called between the passes' buckets, where a bucket's tables
    are gone and the next one's not yet read."""
    import pyarrow as pa

    pa.default_memory_pool().release_unused()
