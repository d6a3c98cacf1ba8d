"""Findings as `audit` prints them: read back from the written dataset, one part file at a
time (memory stays bounded however many findings there are), in input order, and written
in one of the layouts of `--output-format`:

- `text` (`hhaudit/output/text.py`): `path:line:col: CODE severity message (expected ...;
  actual ...) [hand ID]`,
  ruff's layout, optionally with the log line and a caret (`--show-source`);
- `json` (one array), `jsonl` (one object a line), `csv` (a header, then a row a finding):
  `hhaudit/output/records.py`, the columns of the `findings` table;
- `sarif` (SARIF 2.1.0, for code-scanning tools): `hhaudit/output/sarif.py`;
- `github` (GitHub Actions workflow commands, `::error file=...,line=...::`):
  `hhaudit/output/github.py`.

`--statistics` (`statistics()`) prints the count per rule instead, like ruff's.
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import TextIO

from .safe import safe

FORMATS = ("text", "json", "jsonl", "csv", "sarif", "github")
COLUMNS = ("hand_id", "source", "line", "seq", "rule", "name", "category", "severity", "seat",
           "player", "expected", "actual", "message", "citation", "caused_by", "expected_amount",
           "actual_amount", "site", "table_name", "started_at", "session_id")


@dataclass(frozen=True, slots=True)
class Row:
    """One finding as the dataset holds it (the `findings` table's columns)."""

    hand_id: str
    source: str
    line: int | None
    seq: int | None
    rule: str
    name: str
    category: str
    severity: str
    seat: int | None
    player: str | None
    expected: str | None
    actual: str | None
    message: str | None
    citation: str | None
    caused_by: int | None = None
    """The `seq` of the earlier finding of the same hand this one follows from (None: a
    root finding)."""
    expected_amount: int | None = None
    actual_amount: int | None = None
    site: str | None = None
    table_name: str | None = None
    started_at: datetime | None = None
    session_id: str | None = None

    def as_dict(self) -> dict[str, object]:
        """The record as JSON takes it: the hand's time in ISO 8601 (UTC)."""
        d: dict[str, object] = {c: getattr(self, c) for c in COLUMNS}
        if self.started_at is not None:
            d["started_at"] = self.started_at.isoformat().replace("+00:00", "Z")
        return d


def detail(expected: str | None, actual: str | None) -> str:
    """`expected X; actual Y` (either part left out when empty; a value already worded
    "expected ..." is not prefixed twice)."""
    parts = []
    for word, value in (("expected", expected), ("actual", actual)):
        if value:
            parts.append(value if value.startswith(word + " ") else f"{word} {value}")
    return "; ".join(parts)


def part_files(out: str | os.PathLike[str], table: str = "findings") -> list[Path]:
    """A table's part files in the order of the input (`part-<file>-<unit>` sorts so)."""
    return sorted((Path(out) / table).glob("part-*.parquet"))


def _rows(part: Path, batch_size: int) -> Iterator[Row]:
    import pyarrow.parquet as pq

    with pq.ParquetFile(part) as pf:
        have = [c for c in COLUMNS if c in pf.schema_arrow.names]  # a dataset of an older minor version
        for batch in pf.iter_batches(batch_size=batch_size, columns=have):
            cols = [batch.column(c).to_pylist() if c in have else [None] * batch.num_rows for c in COLUMNS]
            for values in zip(*cols):
                yield Row(*values)


def _first_source(findings_part: Path) -> str | None:
    """The source of the hands of a unit's part (its `hands` part of the same name)."""
    import pyarrow.parquet as pq

    hands = findings_part.parent.parent / "hands" / findings_part.name
    try:
        with pq.ParquetFile(hands) as pf:
            for batch in pf.iter_batches(batch_size=1, columns=["source"]):
                if batch.num_rows:
                    return str(batch.column(0)[0].as_py())
    except OSError:
        return None
    return None


def iter_findings(out: str | os.PathLike[str], batch_size: int = 8192) -> Iterator[Row]:
    """Every finding of a dataset, in input order (by file, then line), one record batch in
    memory at a time."""
    return sorted_by_line(_input_order(out, batch_size))


def sorted_by_line(rows: Iterator[Row]) -> Iterator[Row]:
    """The rows with each hand's findings in line order: the rules find them in the order
    they judge (the betting, then the pots, then the session), and a reader reads the file
    from the top. A hand's findings are consecutive, so only one hand's are held."""
    group: list[Row] = []
    for r in rows:
        if group and (r.source != group[0].source or r.hand_id != group[0].hand_id):
            group.sort(key=_line_key)
            yield from group
            group = []
        group.append(r)
    group.sort(key=_line_key)
    yield from group


def _line_key(r: Row) -> tuple[int, int]:
    return (r.line or 0, r.seq if r.seq is not None else -1)


def _input_order(out: str | os.PathLike[str], batch_size: int) -> Iterator[Row]:
    """Every finding of a dataset, in input order, one record batch in memory at a time.

    The session audit's findings (`part-sessions-*`, written after the units) are merged into
    their files' findings by line, so each file's findings stay together: only they are held
    in memory, grouped by source (far fewer than the hands' findings)."""
    parts = part_files(out)
    units = [p for p in parts if not p.name.startswith("part-sessions-")]
    between: dict[str, list[Row]] = {}
    for part in parts:
        if part.name.startswith("part-sessions-"):
            for row in _rows(part, batch_size):
                between.setdefault(row.source, []).append(row)
    for rows in between.values():
        rows.sort(key=lambda r: r.line or 0)
    current: str | None = None
    waiting: list[Row] = []
    for part in units:
        source = _first_source(part)
        if source is not None and source != current:  # a file's findings may be only its sessions'
            yield from reversed(waiting)
            current = source
            waiting = between.pop(current, [])
            waiting.reverse()
        for row in _rows(part, batch_size):
            if row.source != current:
                yield from reversed(waiting)
                current = row.source
                waiting = between.pop(current, [])
                waiting.reverse()  # popped from the end, in line order
            while waiting and (waiting[-1].line or 0) < (row.line or 0):
                yield waiting.pop()
            yield row
    yield from reversed(waiting)
    for rows in between.values():  # files whose hands gave no finding of their own
        yield from rows


def write(fmt: str, rows: Iterator[Row], stream: TextIO, *, show_source: bool = False) -> int:
    """Write the findings in a layout of `FORMATS`; returns how many were written."""
    if fmt == "text":
        from .text import write_text

        return write_text(rows, stream, show_source=show_source)
    if fmt in ("json", "jsonl", "csv"):
        from .records import write_records

        return write_records(fmt, rows, stream)
    if fmt == "sarif":
        from .sarif import write_sarif

        return write_sarif(rows, stream)
    if fmt == "github":
        from .github import write_github

        return write_github(rows, stream)
    raise ValueError(f"unknown output format {fmt!r}; known: {', '.join(FORMATS)}")


def statistics(rows: Iterator[Row], stream: TextIO) -> int:
    """The count per rule, most frequent first (ruff's `--statistics`): count, code, name,
    category; returns the number of findings."""
    counts: Counter[tuple[str, str, str]] = Counter((r.rule, r.name, r.category) for r in rows)
    ranked = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0][0]))
    width = max((len(f"{n:,}") for n in counts.values()), default=1)
    stream.writelines(f"{n:>{width},}\t{safe(rule)}\t{safe(name)}\t[{safe(category)}]\n" for (rule, name, category), n in ranked)
    return sum(counts.values())


__all__ = ["COLUMNS", "FORMATS", "Row", "detail", "iter_findings", "part_files", "safe", "sorted_by_line",
           "statistics", "write"]
