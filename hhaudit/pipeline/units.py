"""Units of work: at most `BATCH` hands of one file or of a group of small files (`plan`),
audited and written as one part per table."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from datetime import datetime
from pathlib import Path
from typing import Any

from ..identity import identity, same_time
from ..model import Hand, Status
from ..parsing import ParseLog, faulted, parse_source
from ..reading import Source
from .bulk import bulk
from .dedupe import DUPLICATES, dup_schema
from .options import HandAuditor, Options, Totals
from .parts import part_name
from .plan import GROUP_FACTOR

BATCH = 5_000
"""Hands per unit of work and per part file (small enough that one large file's units
spread evenly over the workers)."""


class Unit:
    """One unit of work: at most BATCH hands of one file or group, written as one part per table."""

    def __init__(self, index: int, chunk: int, auditor: HandAuditor, out_dir: str | None) -> None:
        from ..tables import Rows

        self.index, self.chunk, self.auditor, self.out_dir = index, chunk, auditor, out_dir
        self.rows = Rows()
        self.seen: dict[tuple[str, str, str, str], tuple[str, int, datetime | None, bool]] = {}
        """The first place of each (site, hand id, id key, fingerprint) (`hhaudit.identity`),
        and whether that hand did not read whole (a parse error)."""
        self.dups: list[tuple[str, str, str, int, str, int, int, str, int | None, bool | None, str, str]] = []
        self.totals = Totals()
        self.size = 0

    def add(self, hand: Hand) -> int:
        """Audit a hand (unless it is a copy of one in this unit); return its findings count."""
        self.size += 1
        ident = id_key, print_ = identity(hand)
        if hand.hand_id and id_key is not None:
            # a copy: the same id in the same scope, and the same table, time and seats (a
            # different hand with the id is audited; `dedupe` marks it AC08)
            key = (hand.site, hand.hand_id, id_key, print_)
            first = self.seen.get(key)
            unread = hand.status is Status.PARSE_ERROR
            if first is not None and same_time(first[2], hand.started_at):
                if first[3] and not unread and first[0] != hand.source:
                    # the first did not read whole (another file, cut inside the hand) and
                    # this copy does: this one is audited, and `dedupe` keeps it as the
                    # first, the other as its copy (in one file the tables could not tell
                    # the two apart: there the first stays the first)
                    self.seen[key] = (hand.source, hand.line, hand.started_at, False)
                else:
                    # compared with its first after every part is written (`dedupe._compare`)
                    self.dups.append((hand.site, hand.hand_id, hand.source, hand.line, first[0], first[1],
                                      hand.end_line, hand.format, None, None, id_key, print_))
                    self.totals.duplicates += 1
                    return 0
            if first is None:
                self.seen[key] = (hand.source, hand.line, hand.started_at, unread)
        rows = self.rows
        mark = rows.mark()
        stage = "judging"
        try:  # the fault barrier: one try per hand, around everything done to it
            audited = self.auditor.audit(hand)
            stage = "writing"
            rows.add(audited, ident)
        except Exception as exc:  # noqa: BLE001
            rows.rollback(mark)
            audited = self.auditor.audit(faulted(hand, exc, stage))
            rows.add(audited)
        t = self.totals
        t.hands += 1
        t.statuses[hand.status.value] += 1
        if hand.abstained:
            t.not_judged.update(hand.not_judged)
        for f in audited.findings:
            t.categories[f.category] += 1
            t.severities[f.severity] += 1
        if hand.problem is not None and hand.problem.rule == "PA02":
            t.faults += 1
        return len(audited.findings)

    def write(self) -> dict[str, Any] | None:
        """Write the parts (or return the tables when there is no out_dir)."""
        import pyarrow as pa
        import pyarrow.parquet as pq

        from ..sessions.passes import judge_unit
        from ..tables import with_metadata

        if self.rows.count == 0:
            return None
        tables = self.rows.tables()
        self.rows = None  # type: ignore[assignment]
        if self.out_dir is None:
            return tables
        name = part_name(self.index, self.chunk)
        for t, table in tables.items():
            pq.write_table(with_metadata(table, t), Path(self.out_dir) / t / name)
        judge_unit(Path(self.out_dir), name, tables, self.auditor.options)
        if self.dups:
            cols = list(zip(*self.dups))
            dup = pa.table({f.name: pa.array(c, f.type) for f, c in zip(dup_schema(), cols)}, schema=dup_schema())
            pq.write_table(dup, Path(self.out_dir) / DUPLICATES / name)
        return None



def audit_file(index: int, source: Source, options: Options, out_dir: str | None,
               progress: Callable[[int, int], None] | None = None,
               batch: int | None = None) -> tuple[Totals, list[dict[str, Any]]]:
    """Audit one source; write its parts into out_dir (or return the tables if None)."""
    return audit_group(index, [source], options, out_dir, progress, batch)


def audit_group(index: int, sources: Sequence[Source], options: Options, out_dir: str | None,
                progress: Callable[[int, int], None] | None = None, batch: int | None = None,
                file_done: Callable[[], None] | None = None) -> tuple[Totals, list[dict[str, Any]]]:
    """Audit a group of consecutive sources (`plan.groups`) as one run of units named after
    its first file's position `index`: the group's hands are cut into units across
    its files (every `GROUP_FACTOR * batch` hands when the group holds several files); write
    the parts into out_dir (or return the tables if None)."""
    batch = (batch or BATCH) * (GROUP_FACTOR if len(sources) > 1 else 1)
    auditor = HandAuditor(options)
    log = ParseLog()
    totals = Totals()
    collected: list[dict[str, Any]] = []
    unit = Unit(index, 0, auditor, out_dir)

    def close(u: Unit) -> None:
        tables = u.write()
        if tables is not None:
            collected.append(tables)
        totals.merge(u.totals)

    seen = 0
    findings = 0
    for source in sources:
        for hand in parse_source(source, format=options.format, log=log, timezones=dict(options.timezones)):
            if unit.size >= batch:
                close(unit)
                unit = Unit(index, unit.chunk + 1, auditor, out_dir)
            findings += unit.add(hand)
            seen += 1
            if progress is not None and seen % 200 == 0:
                progress(200, findings)
                findings = 0
        if file_done is not None:
            file_done()
    close(unit)
    if progress is not None:
        progress(seen % 200, findings)
    totals.files = log.files
    return totals, collected



@bulk
def audit_hands(hands: Iterable[Hand], options: Options) -> Any:
    from ..tables import Rows

    auditor = HandAuditor(options)
    rows = Rows()
    for h in hands:
        rows.add(auditor.audit(h))
    return rows.tables()
