"""The audit pipeline: sources -> hands -> audited hands -> Parquet parts, streaming.

Work is split by file. Each file's hands are audited and written as part files named after
the file's position in the input list, so one job and many jobs write the same rows in the
same order. Rows are flushed every `BATCH` hands: memory stays flat whatever the input size.
"""

from __future__ import annotations

import multiprocessing as mp
import os
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .audit import Auditor
from .model import Hand
from .parsing import FileReport, ParseLog, parse_source
from .profiles import get_profile
from .reading import Source
from .rules import RULES, select

BATCH = 20_000
LIVE_FORMATS = frozenset({"live"})


@dataclass(frozen=True, slots=True)
class Options:
    profile: str | None = None
    """None: `online` for site histories, `tda-2024` for live logs."""
    overrides: tuple[tuple[str, Any], ...] = ()
    select: tuple[str, ...] = ()
    ignore: tuple[str, ...] = ()
    format: str = "auto"


@dataclass(slots=True)
class Totals:
    hands: int = 0
    statuses: Counter[str] = field(default_factory=Counter)
    categories: Counter[str] = field(default_factory=Counter)
    severities: Counter[str] = field(default_factory=Counter)
    files: list[FileReport] = field(default_factory=list)
    duplicates: list[tuple[str, str, str]] = field(default_factory=list)

    def merge(self, other: Totals) -> None:
        self.hands += other.hands
        self.statuses.update(other.statuses)
        self.categories.update(other.categories)
        self.severities.update(other.severities)
        self.files.extend(other.files)


class HandAuditor:
    """Chooses the profile per hand (live logs default to tda-2024) and audits it."""

    def __init__(self, options: Options) -> None:
        enabled = select(RULES, options.select, options.ignore)
        overrides = dict(options.overrides)
        self.options = options
        self._auditors: dict[str, Auditor] = {}
        self._enabled = enabled
        self._overrides = overrides

    def auditor_for(self, hand: Hand) -> Auditor:
        name = self.options.profile or ("tda-2024" if hand.format in LIVE_FORMATS else "online")
        a = self._auditors.get(name)
        if a is None:
            a = Auditor(get_profile(name, **self._overrides), self._enabled)
            self._auditors[name] = a
        return a

    def audit(self, hand: Hand) -> Any:
        return self.auditor_for(hand).audit(hand)


def audit_file(index: int, source: Source, options: Options, out_dir: str | None,
               progress: Callable[[int, int], None] | None = None) -> tuple[Totals, Any]:
    """Audit one source; write its parts into out_dir (or return the tables if None)."""
    from .tables import Rows, with_metadata

    import pyarrow.parquet as pq

    auditor = HandAuditor(options)
    log = ParseLog()
    totals = Totals()
    rows = Rows()
    part = 0
    collected: list[dict[str, Any]] = []

    def flush() -> None:
        nonlocal rows, part
        if rows.count == 0:
            return
        tables = rows.tables()
        if out_dir is None:
            collected.append(tables)
        else:
            for name, table in tables.items():
                pq.write_table(with_metadata(table, name),
                               Path(out_dir) / name / f"part-{index:06d}-{part:04d}.parquet")
        part += 1
        rows = Rows()

    seen = 0
    findings = 0
    for hand in parse_source(source, format=options.format, log=log):
        audited = auditor.audit(hand)
        rows.add(audited)
        totals.hands += 1
        totals.statuses[hand.status.value] += 1
        for f in audited.findings:
            totals.categories[f.category] += 1
            totals.severities[f.severity] += 1
        findings += len(audited.findings)
        seen += 1
        if progress is not None and seen % 200 == 0:
            progress(200, findings)
            findings = 0
        if rows.count >= BATCH:
            flush()
    flush()
    if progress is not None:
        progress(seen % 200, findings)
    totals.files = log.files
    return totals, collected


def _worker(args: tuple[int, Source, Options, str]) -> Totals:
    index, source, options, out_dir = args
    return audit_file(index, source, options, out_dir)[0]


def run(sources: Sequence[Source], out: str | os.PathLike[str], options: Options, *, jobs: int = 1,
        progress: Callable[[int, int, int], None] | None = None) -> Totals:
    """Audit every source and write the dataset atomically to `out`."""
    from .tables import DatasetWriter

    writer = DatasetWriter(out)
    totals = Totals()
    try:
        if jobs <= 1 or len(sources) <= 1:
            for i, src in enumerate(sources):
                t, _ = audit_file(i, src, options, str(writer.tmp),
                                  (lambda n, f: progress(n, f, 0)) if progress else None)
                totals.merge(t)
                if progress:
                    progress(0, 0, 1)
        else:
            ctx = mp.get_context("fork") if hasattr(os, "fork") else mp.get_context()
            with ctx.Pool(jobs) as pool:
                work = [(i, s, options, str(writer.tmp)) for i, s in enumerate(sources)]
                for t in pool.imap(_worker, work, chunksize=1):
                    totals.merge(t)
                    if progress:
                        progress(t.hands, sum(t.categories.values()), 1)
        if not any((writer.tmp / "hands").iterdir()):
            writer.write(_empty())
        else:
            writer.parts = 1
        writer.commit()
    except BaseException:
        writer.abort()
        raise
    return totals


def _empty() -> Any:
    from .tables import empty_tables

    return empty_tables()


def audit_hands(hands: Iterable[Hand], options: Options) -> Any:
    from .tables import Rows

    auditor = HandAuditor(options)
    rows = Rows()
    for h in hands:
        rows.add(auditor.audit(h))
    return rows.tables()
