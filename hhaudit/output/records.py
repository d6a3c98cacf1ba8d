"""JSON, JSON Lines and CSV: the `findings` table's columns, one record a finding, written as
they are read (a JSON array is opened, filled and closed without holding the findings). CSV
cells are text as the text layout prints it (`safe`: a name's terminal escapes written as
`\\x1b`), since a CSV file is as often printed as opened; JSON escapes control characters itself."""

from __future__ import annotations

import csv
import json
from collections.abc import Iterator
from typing import TextIO

from . import COLUMNS, Row
from .safe import safe


def write_records(fmt: str, rows: Iterator[Row], stream: TextIO) -> int:
    n = 0
    if fmt == "csv":
        w = csv.writer(stream, lineterminator="\n")
        w.writerow(COLUMNS)
        for r in rows:  # text as the text layout prints it: a name's terminal escapes escaped
            w.writerow(["" if v is None else safe(v) if isinstance(v, str) else v
                        for v in (getattr(r, c) for c in COLUMNS)])
            n += 1
        return n
    if fmt == "jsonl":
        for r in rows:
            stream.write(json.dumps(r.as_dict(), ensure_ascii=False) + "\n")
            n += 1
        return n
    stream.write("[")
    for r in rows:
        stream.write(("\n  " if n == 0 else ",\n  ") + json.dumps(r.as_dict(), ensure_ascii=False))
        n += 1
    stream.write("\n]\n" if n else "]\n")
    return n
