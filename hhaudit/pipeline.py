"""The audit pipeline: sources -> hands -> audited hands -> Parquet parts, streaming.

Work is cut into units of at most `BATCH` hands: unit `c` of the file at position `i` of the
input list holds that file's hands `c*BATCH .. (c+1)*BATCH-1` and is written as the part files
`part-<i:06d>-<c:05d>.parquet` of every table. The cut does not depend on `--jobs`, so one job
and many jobs write the same files with the same rows in the same order, and memory is
bounded by one unit per process whatever the input size.

With one job every file is read and audited in this process. With more, small files are
units of work for a pool of worker processes (each worker reads its file), while a file of at
least `SPLIT_BYTES` is cut here into its units, so one large file uses every core: the text
is searched for hands' first lines and each unit goes to a worker as its hands' texts, which
the worker splits into lines (formats that split hands their own way are split here and
their hands' lines shipped). With `engine="dask"` whole files are tasks on a
Dask cluster, which writes its parts to the same (shared) folder.

Duplicate hands (same site and hand id; for live logs, whose hand numbers are the writer's
own and restart in every session, also the same source) are audited and kept once, at their
first place in input order: within a unit a copy is skipped before it is audited; across
units, the copies'
rows are dropped from their parts after all units are written. Every copy is a row of the
`duplicates` table (site, hand_id, source, line, first_source, first_line).

`incremental=True` keeps `manifest.json` in OUT (per source path: size, mtime, sha256, index,
summary) and re-audits only new or changed files on the next run, linking the unchanged files'
parts into the new dataset. Every run writes a temporary folder and renames it into place.
"""

from __future__ import annotations

import contextlib
import functools
import gc
import hashlib
import itertools
import json
import multiprocessing as mp
import os
import re
import shutil
import signal
import time
from collections import Counter, deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from .audit import Auditor
from .model import Hand
from .parsing import HEAD_LINES, FileReport, ParseLog, parse_source
from .profiles import get_profile
from .reading import InputError, Source, iter_text, lines_of_blocks, split_lines
from .rules import RULES, select
from .splitting import Starter, hand_texts, text_starter

BATCH = 5_000
"""Hands per unit of work and per part file (small enough that one large file's units
spread evenly over the workers)."""
SPLIT_BYTES = 8 << 20
"""With more than one job, files at least this large are split into units across the workers."""
LIVE_FORMATS = frozenset({"live"})
MANIFEST = "manifest.json"
DUPLICATES = "duplicates"
LOCAL_IDS = frozenset({"live"})
"""Sites whose hand ids are only unique within one source (a live log's `hand 1` is the
first hand of that session, not a room-wide id): a hand is a copy only if the same source
holds it twice."""
MANIFEST_VERSION = 1
_PART = re.compile(r"^part-(\d{6})-(\d{5})\.parquet$")


_F = TypeVar("_F", bound=Callable[..., Any])
BULK_GC_THRESHOLD = (50_000, 20, 10)
"""Collection thresholds while auditing in bulk (Python's default is (700, 10, 10))."""


@contextlib.contextmanager
def bulk_gc() -> Iterator[None]:
    """Collect cyclic garbage less often while hands are audited in bulk.

    Parsing and auditing make and drop millions of small objects, none of them in cycles
    (reference counting frees them), while a unit's rows stay alive: with the default
    thresholds the collector keeps walking those rows for nothing. Measured on 20,000
    PokerStars hands: parse only about 30% faster. The previous thresholds come back after."""
    old = gc.get_threshold()
    gc.set_threshold(*BULK_GC_THRESHOLD)
    try:
        yield
    finally:
        gc.set_threshold(*old)


def _bulk(fn: _F) -> _F:
    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        with bulk_gc():
            return fn(*args, **kwargs)

    return wrapper  # type: ignore[return-value]


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
    """Hands in the dataset (duplicates not counted)."""
    statuses: Counter[str] = field(default_factory=Counter)
    categories: Counter[str] = field(default_factory=Counter)
    severities: Counter[str] = field(default_factory=Counter)
    files: list[FileReport] = field(default_factory=list)
    duplicates: int = 0
    """Copies of hands already seen (same site and hand id) that were skipped."""
    reused: int = 0
    """Files whose parts were taken unchanged from the previous dataset (`incremental`)."""

    def merge(self, other: Totals) -> None:
        self.hands += other.hands
        self.statuses.update(other.statuses)
        self.categories.update(other.categories)
        self.severities.update(other.severities)
        self.files.extend(other.files)
        self.duplicates += other.duplicates
        self.reused += other.reused

    def to_json(self) -> dict[str, Any]:
        return {"hands": self.hands, "statuses": dict(self.statuses), "categories": dict(self.categories),
                "severities": dict(self.severities), "duplicates": self.duplicates}

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Totals:
        return cls(int(d["hands"]), Counter(d["statuses"]), Counter(d["categories"]),
                   Counter(d["severities"]), [], int(d["duplicates"]))


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
        name = self.options.profile or hand.profile or ("tda-2024" if hand.format in LIVE_FORMATS else "online")
        a = self._auditors.get(name)
        if a is None:
            a = Auditor(get_profile(name, **self._overrides), self._enabled)
            self._auditors[name] = a
        return a

    def audit(self, hand: Hand) -> Any:
        return self.auditor_for(hand).audit(hand)


def part_name(index: int, chunk: int) -> str:
    return f"part-{index:06d}-{chunk:05d}.parquet"


def _dup_schema() -> Any:
    import pyarrow as pa

    s, i = pa.string(), pa.int64()
    return pa.schema([("site", s), ("hand_id", s), ("source", s), ("line", i),
                      ("first_source", s), ("first_line", i)])


def _write_atomic(table: Any, path: Path) -> None:
    """Write a Parquet file under a temporary name and rename it: never modifies a file in
    place (a part may be a hard link to the previous dataset's file)."""
    import pyarrow.parquet as pq

    tmp = path.with_name(path.name + ".tmp")
    pq.write_table(table, tmp)
    os.replace(tmp, path)


class _Unit:
    """One unit of work: at most BATCH hands of one file, written as one part per table."""

    def __init__(self, index: int, chunk: int, auditor: HandAuditor, out_dir: str | None) -> None:
        from .tables import Rows

        self.index, self.chunk, self.auditor, self.out_dir = index, chunk, auditor, out_dir
        self.rows = Rows()
        self.seen: dict[tuple[str, str, str], tuple[str, int]] = {}
        self.dups: list[tuple[str, str, str, int, str, int]] = []
        self.totals = Totals()
        self.size = 0

    def add(self, hand: Hand) -> int:
        """Audit a hand (unless it is a copy of one in this unit); return its findings count."""
        self.size += 1
        if hand.hand_id:
            key = (hand.site, hand.hand_id, _scope(hand.site, hand.source))
            first = self.seen.get(key)
            if first is not None:
                self.dups.append((hand.site, hand.hand_id, hand.source, hand.line, first[0], first[1]))
                self.totals.duplicates += 1
                return 0
            self.seen[key] = (hand.source, hand.line)
        audited = self.auditor.audit(hand)
        self.rows.add(audited)
        t = self.totals
        t.hands += 1
        t.statuses[hand.status.value] += 1
        for f in audited.findings:
            t.categories[f.category] += 1
            t.severities[f.severity] += 1
        return len(audited.findings)

    def write(self) -> dict[str, Any] | None:
        """Write the parts (or return the tables when there is no out_dir)."""
        import pyarrow as pa
        import pyarrow.parquet as pq

        from .tables import with_metadata

        if self.rows.count == 0:
            return None
        tables = self.rows.tables()
        self.rows = None  # type: ignore[assignment]
        if self.out_dir is None:
            return tables
        name = part_name(self.index, self.chunk)
        for t, table in tables.items():
            pq.write_table(with_metadata(table, t), Path(self.out_dir) / t / name)
        if self.dups:
            cols = list(zip(*self.dups))
            dup = pa.table({f.name: pa.array(c, f.type) for f, c in zip(_dup_schema(), cols)}, schema=_dup_schema())
            pq.write_table(dup, Path(self.out_dir) / DUPLICATES / name)
        return None


@dataclass(slots=True)
class _Result:
    index: int
    totals: Totals
    last: bool
    findings: int = 0


@dataclass(frozen=True, slots=True)
class _FileTask:
    index: int
    source: Source
    options: Options
    out_dir: str
    batch: int


@dataclass(frozen=True, slots=True)
class _ChunkTask:
    index: int
    chunk: int
    format: str
    source: str
    hands: list[tuple[int, list[str]]]
    options: Options
    out_dir: str
    last: bool
    report: FileReport | None
    texts: list[tuple[int, str]] = field(default_factory=list)
    """The unit's hands as text (instead of `hands`): each hand's first line number in the
    file and its text, whole lines from its first line to the next hand's."""


def audit_file(index: int, source: Source, options: Options, out_dir: str | None,
               progress: Callable[[int, int], None] | None = None,
               batch: int | None = None) -> tuple[Totals, list[dict[str, Any]]]:
    """Audit one source; write its parts into out_dir (or return the tables if None)."""
    batch = batch or BATCH
    auditor = HandAuditor(options)
    log = ParseLog()
    totals = Totals()
    collected: list[dict[str, Any]] = []
    unit = _Unit(index, 0, auditor, out_dir)

    def close(u: _Unit) -> None:
        tables = u.write()
        if tables is not None:
            collected.append(tables)
        totals.merge(u.totals)

    seen = 0
    findings = 0
    for hand in parse_source(source, format=options.format, log=log):
        if unit.size >= batch:
            close(unit)
            unit = _Unit(index, unit.chunk + 1, auditor, out_dir)
        findings += unit.add(hand)
        seen += 1
        if progress is not None and seen % 200 == 0:
            progress(200, findings)
            findings = 0
    close(unit)
    if progress is not None:
        progress(seen % 200, findings)
    totals.files = log.files
    return totals, collected


@_bulk
def _run_task(task: _FileTask | _ChunkTask) -> _Result:
    if isinstance(task, _FileTask):
        totals, _ = audit_file(task.index, task.source, task.options, task.out_dir, batch=task.batch)
        return _Result(task.index, totals, True, sum(totals.categories.values()))
    from . import formats

    unit = _Unit(task.index, task.chunk, HandAuditor(task.options), task.out_dir)
    findings = 0
    if task.texts:
        fmt = formats.get(task.format)
        for first, text in task.texts:
            findings += unit.add(fmt.parse_hand(split_lines(text), first, task.source))
        unit.write()
    elif task.hands:
        fmt = formats.get(task.format)
        for first, lines in task.hands:
            findings += unit.add(fmt.parse_hand(lines, first, task.source))
        unit.write()
    totals = unit.totals
    if task.report is not None:
        totals.files.append(task.report)
    return _Result(task.index, totals, task.last, findings)


def _chunk_tasks(index: int, source: Source, options: Options, out_dir: str, batch: int) -> Iterator[_ChunkTask]:
    """Read and split a large file here; its hands go to the workers `batch` at a time.

    For a format that starts a new hand at every line its `start` pattern matches (the
    common case), the file is only searched for those lines, and each unit goes out as one
    piece of text that the worker splits into lines and hands itself: this process then
    does little per hand, so the workers keep every core busy. Other formats are split into
    hands here."""
    from . import formats

    report = FileReport(source.name)
    try:
        stream = source.open()
    except InputError as exc:
        report.error = str(exc)
        yield _ChunkTask(index, 0, "", source.name, [], options, out_dir, True, report)
        return
    with stream:
        blocks = iter_text(stream)
        first_block = next(blocks, "")
        head = split_lines(first_block)[:HEAD_LINES] if first_block else []
        if options.format == "auto":
            fmt = formats.detect(head)
            if fmt is None:
                report.error = ("not a hand-history format hhaudit reads" if any(x.strip() for x in head)
                                else "empty file")
                yield _ChunkTask(index, 0, "", source.name, [], options, out_dir, True, report)
                return
        else:
            fmt = formats.get(options.format)
        report.format = fmt.name
        texts = itertools.chain([first_block], blocks)
        starter = text_starter(fmt)
        if starter is not None:
            yield from _text_units(index, source, options, out_dir, batch, fmt, starter, texts, report)
            return
        chunk = 0
        pending: list[tuple[int, list[str]]] = []
        for first, hand in fmt.split(lines_of_blocks(texts)):
            report.hands += 1
            if len(pending) >= batch:
                yield _ChunkTask(index, chunk, fmt.name, source.name, pending, options, out_dir, False, None)
                chunk += 1
                pending = []
            pending.append((first, hand))  # as split made it (XML chunks carry their header)
    yield _ChunkTask(index, chunk, fmt.name, source.name, pending, options, out_dir, True, report)


def _text_units(index: int, source: Source, options: Options, out_dir: str, batch: int, fmt: Any,
                starter: Starter, texts: Iterable[str], report: FileReport) -> Iterator[_ChunkTask]:
    """Cut a file's text before every `batch`-th hand: the same units `audit_file` makes."""
    chunk = 0
    hands = 0
    unit: list[tuple[int, str]] = []
    for first, text, leading in hand_texts(fmt, starter, texts):
        if leading and not fmt.is_hand(split_lines(text)):
            continue
        if hands and hands % batch == 0:
            yield _ChunkTask(index, chunk, fmt.name, source.name, [], options, out_dir, False, None, unit)
            chunk += 1
            unit = []
        unit.append((first, text))
        hands += 1
    report.hands = hands
    yield _ChunkTask(index, chunk, fmt.name, source.name, [], options, out_dir, True, report, unit)


def _size(source: Source) -> int:
    try:
        return source.path.stat().st_size if source.path is not None else len(source.data or b"")
    except OSError:
        return 0


def _ignore_sigint() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _context() -> Any:
    """Worker processes come from a fork server (preloaded with hhaudit), not from forking
    this process: the pool's own threads make a plain fork unsafe (a worker replaced after a
    Ctrl-C could deadlock on a lock held by another thread at the fork)."""
    if "forkserver" in mp.get_all_start_methods():
        ctx = mp.get_context("forkserver")
        ctx.set_forkserver_preload(["hhaudit.pipeline", "hhaudit.formats"])
        return ctx
    return mp.get_context("spawn")


# --- incremental -------------------------------------------------------------------------

def _fingerprint(options: Options) -> str:
    from . import __version__
    from .tables import SCHEMA_VERSION

    return f"hhaudit {__version__} schema {SCHEMA_VERSION} {options!r}"


def file_state(path: Path) -> dict[str, Any]:
    st = path.stat()
    with open(path, "rb") as fh:
        digest = hashlib.file_digest(fh, "sha256").hexdigest()
    return {"size": st.st_size, "mtime_ns": st.st_mtime_ns, "sha256": digest}


def _load_manifest(out: Path, options: Options) -> dict[str, Any]:
    try:
        data = json.loads((out / MANIFEST).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if data.get("version") != MANIFEST_VERSION or data.get("options") != _fingerprint(options):
        return {}
    return {f["path"]: f for f in data.get("files", [])}


def _link(src: Path, dst: Path) -> None:
    try:
        os.link(src, dst)
    except OSError:
        shutil.copy2(src, dst)


def _reuse(old_out: Path, old_index: int, new_index: int, tmp: Path) -> None:
    """Link a file's parts of the previous dataset into the new one under its new index."""
    from .tables import TABLES

    for t in (*TABLES, DUPLICATES):
        folder = old_out / t
        if not folder.is_dir():
            continue
        for p in sorted(folder.glob(f"part-{old_index:06d}-*.parquet")):
            m = _PART.match(p.name)
            if m:
                _link(p, tmp / t / part_name(new_index, int(m.group(2))))


def _first_sources(old_out: Path, old_index: int) -> set[str]:
    import pyarrow.parquet as pq

    out: set[str] = set()
    for p in (old_out / DUPLICATES).glob(f"part-{old_index:06d}-*.parquet"):
        out.update(pq.read_table(p, columns=["first_source"]).column(0).to_pylist())
    return out


# --- duplicates across units -------------------------------------------------------------

def _scope(site: str, source: str) -> str:
    """What besides its site makes a hand id unique: its source for LOCAL_IDS sites."""
    return source if site in LOCAL_IDS else ""


def _scopes(t: Any) -> Any:
    """The scope of each row of a table with site and source columns, as an Arrow array."""
    import pyarrow as pa

    return pa.array([_scope(site, src) for site, src in zip(t["site"].to_pylist(), t["source"].to_pylist())],
                    pa.string())


def _dedupe(tmp: Path, per_file: dict[int, Totals], names: dict[int, str]) -> None:
    """Drop the rows of hands already in an earlier part; record them in `duplicates`."""
    import pyarrow as pa
    import pyarrow.compute as pc
    import pyarrow.parquet as pq

    from .tables import TABLES, with_metadata

    parts = sorted(p.name for p in (tmp / "hands").glob("part-*.parquet") if _PART.match(p.name))
    if not parts:
        return
    keys = []
    for k, name in enumerate(parts):
        t = pq.read_table(tmp / "hands" / name, columns=["site", "hand_id", "source"])
        n = len(t)
        keys.append(pa.table({"site": t["site"], "hand_id": t["hand_id"], "scope": _scopes(t),
                              "part": pa.array([k] * n, pa.int32()), "row": pa.array(range(n), pa.int64())}))
    allkeys = pa.concat_tables(keys).combine_chunks()
    del keys
    allkeys = allkeys.append_column("ord", pa.array(range(len(allkeys)), pa.int64()))
    allkeys = allkeys.filter(pc.invert(pc.is_null(allkeys["hand_id"])))
    allkeys = allkeys.filter(pc.not_equal(allkeys["hand_id"], ""))
    groups = allkeys.group_by(["site", "hand_id", "scope"], use_threads=False).aggregate([("ord", "min"), ("ord", "count")])
    multi = groups.filter(pc.greater(groups["ord_count"], 1))
    # first places of every key named in a unit's duplicates (their first may be in an earlier part)
    dup_files = sorted((tmp / DUPLICATES).glob("part-*.parquet"))
    old_dups = {p.name: pq.read_table(p) for p in dup_files}
    wanted = multi.select(["site", "hand_id", "scope", "ord_min"])
    if old_dups:
        named = pa.concat_tables([pa.table({"site": d["site"], "hand_id": d["hand_id"], "scope": _scopes(d)})
                                  for d in old_dups.values()])
        extra = groups.join(named.group_by(["site", "hand_id", "scope"]).aggregate([]), ["site", "hand_id", "scope"],
                            join_type="inner").select(["site", "hand_id", "scope", "ord_min"])
        wanted = pa.concat_tables([wanted, extra])
    if len(wanted) == 0:
        return
    # where each wanted key first is: (source, line) from its part
    firsts = allkeys.take(pc.index_in(wanted["ord_min"], allkeys["ord"]))
    first_at: dict[tuple[str, str, str], tuple[str, int]] = {}
    by_part: dict[int, list[tuple[int, str, str, str]]] = {}
    for part, row, site, hid, scope in zip(firsts["part"].to_pylist(), firsts["row"].to_pylist(),
                                           firsts["site"].to_pylist(), firsts["hand_id"].to_pylist(),
                                           firsts["scope"].to_pylist()):
        by_part.setdefault(part, []).append((row, site, hid, scope))
    for part, items in by_part.items():
        t = pq.read_table(tmp / "hands" / parts[part], columns=["source", "line"])
        src, line = t["source"].to_pylist(), t["line"].to_pylist()
        for row, site, hid, scope in items:
            first_at[(site, hid, scope)] = (src[row], line[row])
    # copies: rows of duplicated keys that are not the first
    copies: dict[int, set[str]] = {}
    if len(multi):
        joined = allkeys.join(multi, ["site", "hand_id", "scope"], join_type="inner")
        joined = joined.filter(pc.not_equal(joined["ord"], joined["ord_min"]))
        for part, hid in zip(joined["part"].to_pylist(), joined["hand_id"].to_pylist()):
            copies.setdefault(part, set()).add(hid)
    # rewrite the parts holding copies; collect their duplicates rows
    new_dups: dict[str, list[dict[str, Any]]] = {}
    for part, hids in sorted(copies.items()):
        name = parts[part]
        index = int(_PART.match(name).group(1))  # type: ignore[union-attr]
        tot = per_file[index]
        mask_ids = pa.array(sorted(hids), pa.string())
        for t in TABLES:
            path = tmp / t / name
            table = pq.read_table(path)
            drop = pc.is_in(table["hand_id"], value_set=mask_ids)
            if t == "hands":
                gone = table.filter(drop)
                for site, hid, src, line, status in zip(gone["site"].to_pylist(), gone["hand_id"].to_pylist(),
                                                        gone["source"].to_pylist(), gone["line"].to_pylist(),
                                                        gone["status"].to_pylist()):
                    fs, fl = first_at[(site, hid, _scope(site, src))]
                    new_dups.setdefault(name, []).append(
                        {"site": site, "hand_id": hid, "source": src, "line": line,
                         "first_source": fs, "first_line": fl})
                    tot.hands -= 1
                    tot.duplicates += 1
                    tot.statuses[status] -= 1
            elif t == "findings":
                gone = table.filter(drop)
                for cat, sev in zip(gone["category"].to_pylist(), gone["severity"].to_pylist()):
                    tot.categories[cat] -= 1
                    tot.severities[sev] -= 1
            kept = table.filter(pc.invert(drop))
            _write_atomic(with_metadata(kept.replace_schema_metadata(None), t), path)
        for c in (tot.statuses, tot.categories, tot.severities):
            for k in [k for k, v in c.items() if v <= 0]:
                del c[k]
    # duplicates parts: each unit's own copies plus the new ones, with the first places
    schema = _dup_schema()
    for name in sorted(set(old_dups) | set(new_dups)):
        rows = old_dups[name].to_pylist() if name in old_dups else []
        for r in rows:
            r["first_source"], r["first_line"] = first_at.get(
                (r["site"], r["hand_id"], _scope(r["site"], r["source"])), (r["first_source"], r["first_line"]))
        rows += new_dups.get(name, [])
        rows.sort(key=lambda r: r["line"])
        table = pa.Table.from_pylist(rows, schema=schema)
        if name in old_dups and table.equals(old_dups[name]):
            continue
        _write_atomic(table, tmp / DUPLICATES / name)


# --- run ---------------------------------------------------------------------------------

@_bulk
def run(sources: Sequence[Source], out: str | os.PathLike[str], options: Options, *, jobs: int = 1,
        progress: Callable[[int, int, int], None] | None = None, incremental: bool = False,
        engine: str = "local", scheduler: str | None = None, batch: int | None = None,
        split_bytes: int | None = None) -> Totals:
    """Audit every source and write the dataset atomically to `out`.

    `progress(hands, findings, files)` is called with increments. `engine` is "local"
    (this process, or a pool of `jobs` processes) or "dask" (`scheduler` an address, or a
    local cluster of `jobs` worker processes).
    """
    from .tables import DatasetWriter

    batch = batch or BATCH
    split = SPLIT_BYTES if split_bytes is None else split_bytes
    out_path = Path(out)
    writer = DatasetWriter(out)
    tmp = str(writer.tmp)
    per_file: dict[int, Totals] = {}
    states: dict[int, dict[str, Any]] = {}
    names = {i: s.name for i, s in enumerate(sources)}
    try:
        (writer.tmp / DUPLICATES).mkdir()
        # incremental: which files can be taken from the previous dataset as they are
        skip: set[int] = set()
        if incremental:
            old = _load_manifest(out_path, options)
            for i, src in enumerate(sources):
                if src.path is None:
                    continue
                try:
                    states[i] = file_state(src.path)
                except OSError:
                    continue
            same = {}
            for i, st in states.items():
                rec = old.get(str(sources[i].path.resolve()))  # type: ignore[union-attr]
                if rec and rec["size"] == st["size"] and rec["sha256"] == st["sha256"]:
                    same[i] = rec
            kept = {sources[i].name for i in same}
            for i, rec in same.items():
                if _first_sources(out_path, rec["index"]) <= kept:
                    skip.add(i)
            for i in sorted(skip):
                rec = same[i]
                _reuse(out_path, rec["index"], i, writer.tmp)
                t = Totals.from_json(rec["totals"])
                t.files.append(FileReport(sources[i].name, **rec["report"]))
                t.reused = 1
                per_file[i] = t
                if progress:
                    progress(t.hands, sum(t.categories.values()), 1)

        def done(res: _Result) -> None:
            t = per_file.setdefault(res.index, Totals())
            t.merge(res.totals)
            if progress:
                progress(res.totals.hands, res.findings, 1 if res.last else 0)

        todo = [i for i in range(len(sources)) if i not in skip]
        if engine == "dask":
            _run_dask(sources, todo, options, tmp, batch, jobs, scheduler, done)
        elif jobs <= 1 or not todo:
            for i in todo:
                t, _ = audit_file(i, sources[i], options, tmp,
                                  (lambda n, f: progress(n, f, 0)) if progress else None, batch=batch)
                per_file[i] = t
                if progress:
                    progress(0, 0, 1)
        else:
            _run_pool(sources, todo, options, tmp, batch, split, jobs, done)

        _dedupe(writer.tmp, per_file, names)
        if not any((writer.tmp / "hands").iterdir()):
            writer.write(_empty())
        else:
            writer.parts = 1
        if not any((writer.tmp / DUPLICATES).iterdir()):
            import pyarrow.parquet as pq

            pq.write_table(_dup_schema().empty_table(), writer.tmp / DUPLICATES / "part-empty.parquet")
        if incremental:
            files = []
            for i, st in sorted(states.items()):
                t = per_file.get(i)
                if t is None or not t.files:
                    continue
                r = t.files[0]
                files.append({"path": str(sources[i].path.resolve()), "source": sources[i].name,  # type: ignore[union-attr]
                              "index": i, **st, "totals": t.to_json(),
                              "report": {"format": r.format, "hands": r.hands, "error": r.error}})
            (writer.tmp / MANIFEST).write_text(json.dumps({"version": MANIFEST_VERSION,
                                                           "options": _fingerprint(options),
                                                           "written": time.time(), "files": files}, indent=1),
                                               encoding="utf-8")
        writer.commit()
    except BaseException:
        writer.abort()
        raise
    totals = Totals()
    for i in sorted(per_file):
        totals.merge(per_file[i])
    return totals


def _run_pool(sources: Sequence[Source], todo: list[int], options: Options, tmp: str, batch: int,
              split: int, jobs: int, done: Callable[[_Result], None]) -> None:
    def tasks() -> Iterator[_FileTask | _ChunkTask]:
        for i in todo:
            src = sources[i]
            if src.path is not None and _size(src) >= split:
                yield from _chunk_tasks(i, src, options, tmp, batch)
            else:
                yield _FileTask(i, src, options, tmp, batch)

    # The fork server and the workers ignore Ctrl-C (the terminal sends it to the whole
    # process group): only this process handles it, stopping them and cleaning up.
    try:
        previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    except ValueError:  # not the main thread: no signal handling to adjust
        previous = None
    try:
        pool = _context().Pool(jobs, initializer=_ignore_sigint)
    finally:
        if previous is not None:
            signal.signal(signal.SIGINT, previous)
    try:
        pending: deque[Any] = deque()
        it = tasks()
        window = jobs + 1  # units in flight: bounds the memory of shipped hands
        for task in it:
            pending.append(pool.apply_async(_run_task, (task,)))
            if len(pending) >= window:
                done(pending.popleft().get())
        while pending:
            done(pending.popleft().get())
        pool.close()
        pool.join()
    finally:
        pool.terminate()


def _run_dask(sources: Sequence[Source], todo: list[int], options: Options, tmp: str, batch: int,
              jobs: int, scheduler: str | None, done: Callable[[_Result], None]) -> None:
    try:
        from dask.distributed import Client, LocalCluster
    except ImportError:
        raise RuntimeError("the dask engine needs dask.distributed: pip install 'hhaudit[dask]'") from None
    tmp = str(Path(tmp).resolve())
    cluster = None
    if scheduler:
        client = Client(scheduler)
    else:
        cluster = LocalCluster(n_workers=max(jobs, 1), threads_per_worker=1, processes=True)
        client = Client(cluster)
    try:
        # workers may run elsewhere: give them absolute paths (the `source` column keeps the name)
        futures = [client.submit(_run_task, _FileTask(i, _absolute(sources[i]), options, tmp, batch), pure=False)
                   for i in todo]
        for fut in futures:
            done(fut.result())
    except BaseException:
        for fut in locals().get("futures", []):
            fut.cancel()
        raise
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


def _absolute(source: Source) -> Source:
    if source.path is None:
        return source
    return Source(source.name, path=source.path.resolve())


def _empty() -> Any:
    from .tables import empty_tables

    return empty_tables()


@_bulk
def audit_hands(hands: Iterable[Hand], options: Options) -> Any:
    from .tables import Rows

    auditor = HandAuditor(options)
    rows = Rows()
    for h in hands:
        rows.add(auditor.audit(h))
    return rows.tables()
