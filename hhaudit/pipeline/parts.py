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


