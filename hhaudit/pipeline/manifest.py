"""`--incremental`: the manifest of the files a dataset was made from, and reusing their parts."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
from pathlib import Path
from typing import Any

from .dedupe import DUPLICATES
from .options import Options
from .parts import PART, part_name

MANIFEST = "manifest.json"
MANIFEST_VERSION = 1


def fingerprint(options: Options) -> str:
    from .. import __version__
    from ..tables import SCHEMA_VERSION

    return f"hhaudit {__version__} schema {SCHEMA_VERSION} {options!r}"


def file_state(path: Path) -> dict[str, Any]:
    st = path.stat()
    with open(path, "rb") as fh:
        digest = hashlib.file_digest(fh, "sha256").hexdigest()
    return {"size": st.st_size, "mtime_ns": st.st_mtime_ns, "sha256": digest}


def load_manifest(out: Path, options: Options) -> dict[str, Any]:
    try:
        data = json.loads((out / MANIFEST).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if data.get("version") != MANIFEST_VERSION or data.get("options") != fingerprint(options):
        return {}
    return {f["path"]: f for f in data.get("files", [])}


def link(src: Path, dst: Path) -> None:
    try:
        os.link(src, dst)
    except OSError:
        shutil.copy2(src, dst)


def reuse(old_out: Path, old_index: int, new_index: int, tmp: Path) -> None:
    """Link a file's parts of the previous dataset into the new one under its new index."""
    from ..tables import TABLES

    for t in (*TABLES, DUPLICATES):
        folder = old_out / t
        if not folder.is_dir():
            continue
        for p in sorted(folder.glob(f"part-{old_index:06d}-*.parquet")):
            m = PART.match(p.name)
            if m:
                link(p, tmp / t / part_name(new_index, int(m.group(2))))


def first_sources(old_out: Path, old_index: int) -> set[str]:
    import pyarrow.parquet as pq

    out: set[str] = set()
    for p in (old_out / DUPLICATES).glob(f"part-{old_index:06d}-*.parquet"):
        out.update(pq.read_table(p, columns=["first_source"]).column(0).to_pylist())
    return out


