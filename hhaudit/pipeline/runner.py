"""One run: every source audited into a temporary folder (small files in groups: `plan`),
duplicates removed, then committed."""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from ..errors import EnvironmentProblem, HHAuditError, OutputRefused, os_reason
from ..outdir import inputs_inside
from ..reading import Source
from .bulk import bulk
from .dask_engine import run_dask
from .dedupe import DUPLICATES, dedupe, dup_schema
from .manifest import (
    MANIFEST,
    MANIFEST_VERSION,
    file_state,
    fingerprint,
    first_sources,
    key,
    load_manifest,
    part_problem,
    parts_of,
    reports_json,
    reports_of,
    reuse,
    unit_name,
)
from .options import Options, Totals
from .plan import groups
from .pool import capped_jobs, run_pool, worth_a_pool
from .tasks import SPLIT_BYTES, Result
from .units import BATCH, audit_group


@bulk
def run(sources: Sequence[Source], out: str | os.PathLike[str], options: Options, *, jobs: int = 1,
        progress: Callable[[int, int, int], None] | None = None, incremental: bool = False,
        engine: str = "local", scheduler: str | None = None, batch: int | None = None,
        split_bytes: int | None = None, inputs: Sequence[str | os.PathLike[str]] = (),
        unit_bytes: int | None = None, write_unread: bool = False) -> Totals:
    """Audit every source and write the dataset atomically to `out`.

    `progress(hands, findings, files)` is called with increments. `engine` is "local"
    (this process, or a pool of `jobs` processes) or "dask" (`scheduler` an address, or a
    local cluster of `jobs` worker processes). Small files are audited in groups of about
    `unit_bytes` (`plan`; 0: every file alone). `jobs` is at most the cores this process may
    use (`pool.capped_jobs`, with a note in the totals when more were asked), 0 all of them.
    `inputs` are the paths the sources came from
    (folders, files): OUT may not be, hold or lie inside one of them, nor hold a source.
    A run that reads nothing (no hand, no file read as a history) leaves OUT as it was
    (`Totals.written` False), unless `write_unread` asks for its empty dataset.

    Raises OutputRefused (OUT is not ours to write), EnvironmentProblem (the system stopped
    the run: disk full, permission...) or KeyboardInterrupt; OUT is then unchanged.
    """
    jobs, note = capped_jobs(jobs) if engine == "local" or not scheduler else (jobs, None)
    writer = open_writer(out, sources, inputs)
    try:
        return _run(writer, sources, options, jobs=jobs, progress=progress, incremental=incremental,
                    engine=engine, scheduler=scheduler, batch=batch, split_bytes=split_bytes,
                    unit_bytes=unit_bytes, write_unread=write_unread, note=note)
    except BaseException as exc:
        writer.abort()
        if isinstance(exc, OSError) and not isinstance(exc, HHAuditError):
            where = exc.filename if exc.filename is not None else writer.given
            raise EnvironmentProblem(f"{where}: {os_reason(exc)}; the dataset at {writer.given} "
                                     f"was not changed") from exc
        raise


def open_writer(out: str | os.PathLike[str], sources: Sequence[Source],
                inputs: Sequence[str | os.PathLike[str]]) -> Any:
    from ..tables import DatasetWriter

    inside = inputs_inside(Path(out), [s.path for s in sources if s.path is not None])
    if inside is not None:
        raise OutputRefused(f"{out} holds the input {inside}: give -o a folder outside the inputs")
    try:
        return DatasetWriter(out, inputs=inputs)
    except HHAuditError:
        raise
    except OSError as exc:
        parent = Path(out).absolute().parent
        raise EnvironmentProblem(f"{parent}: {os_reason(exc)}: cannot create the dataset {out} there") from exc


def _run(writer: Any, sources: Sequence[Source], options: Options, *, jobs: int,
         progress: Callable[[int, int, int], None] | None, incremental: bool, engine: str,
         scheduler: str | None, batch: int | None, split_bytes: int | None, unit_bytes: int | None,
         write_unread: bool, note: str | None) -> Totals:
    batch = batch or BATCH
    split = SPLIT_BYTES if split_bytes is None else split_bytes
    out_path = writer.out
    tmp = str(writer.tmp)
    plan = groups(sources, range(len(sources)), unit_bytes)
    per_unit: dict[int, Totals] = {}
    """Each group's totals, by its first file's position (which names its parts)."""
    states: dict[int, dict[str, Any]] = {}
    names = {i: s.name for i, s in enumerate(sources)}
    (writer.tmp / DUPLICATES).mkdir()
    # incremental: which groups can be taken from the previous dataset as they are
    skip: set[int] = set()
    notes: list[str] = [note] if note else []
    if incremental:
        skip = _reusable(sources, plan, out_path, options, writer.tmp, states, per_unit, notes, progress)

    def done(res: Result) -> None:
        t = per_unit.setdefault(res.index, Totals())
        t.merge(res.totals)
        if progress:
            progress(res.totals.hands, res.findings, res.files if res.last else 0)

    todo = [g for g in plan if g[0] not in skip]
    if engine == "dask":
        run_dask(sources, todo, options, tmp, batch, jobs, scheduler, done)
    elif jobs <= 1 or not worth_a_pool(sources, todo, split):
        for g in todo:
            t, _ = audit_group(g[0], [sources[i] for i in g], options, tmp,
                               (lambda n, f: progress(n, f, 0)) if progress else None, batch=batch,
                               file_done=(lambda: progress(0, 0, 1)) if progress else None)
            per_unit[g[0]] = t
    else:
        run_pool(sources, todo, options, tmp, batch, split, jobs, done)

    if not write_unread and not any(t.read_anything for t in per_unit.values()):
        writer.abort()  # an input error: the previous dataset (or none) stays at OUT
        totals = Totals(notes=notes, written=False)
        for i in sorted(per_unit):
            totals.merge(per_unit[i])
        return totals
    dedupe(writer.tmp, per_unit, names, sources)
    if not any((writer.tmp / "hands").iterdir()):
        writer.write(empty())
    else:
        writer.parts = 1
    if not any((writer.tmp / DUPLICATES).iterdir()):
        import pyarrow.parquet as pq

        pq.write_table(dup_schema().empty_table(), writer.tmp / DUPLICATES / "part-empty.parquet")
    from ..sessions.passes import session_pass

    session_totals = session_pass(writer.tmp, options)
    if incremental:
        units = []
        for g in plan:
            ut = per_unit.get(g[0])
            if ut is None or not ut.files or any(i not in states for i in g):
                continue
            units.append({"index": g[0], "source": unit_name([sources[i].name for i in g]),
                          "files": [{"path": key(sources[i]), "source": sources[i].name, **states[i]} for i in g],
                          "totals": ut.to_json(), "reports": reports_json(ut.files),
                          "parts": parts_of(writer.tmp, g[0])})
        (writer.tmp / MANIFEST).write_text(json.dumps({"version": MANIFEST_VERSION,
                                                       "options": fingerprint(options),
                                                       "written": time.time(), "units": units}, indent=1),
                                           encoding="utf-8")
    writer.commit()
    totals = Totals(notes=notes)
    for i in sorted(per_unit):
        totals.merge(per_unit[i])
    totals.merge(session_totals)
    return totals


def _reusable(sources: Sequence[Source], plan: list[list[int]], old_out: Path, options: Options, tmp: Path,
              states: dict[int, dict[str, Any]], per_unit: dict[int, Totals], notes: list[str],
              progress: Callable[[int, int, int], None] | None) -> set[int]:
    """`incremental`: link the parts of the groups that can be taken from the previous dataset
    as they are (the same files, unchanged, their parts checked) and return their first
    positions; `states` gets every file's size and hash for the new manifest, `notes` a line
    per group not reused for a reason other than being new or changed."""
    prev = load_manifest(old_out, options)
    notes.extend(prev.notes)
    for i, src in enumerate(sources):
        if src.path is None:
            continue
        try:
            states[i] = file_state(src.path)
        except OSError:
            continue
    same: dict[int, dict[str, Any]] = {}
    for g in plan:
        if any(i not in states for i in g):
            continue
        rec = prev.units.get(tuple(key(sources[i]) for i in g))
        if rec is None or any(f["size"] != states[i]["size"] or f["sha256"] != states[i]["sha256"]
                              for f, i in zip(rec["files"], g)):
            continue
        why = part_problem(old_out, rec)
        if why is not None:
            notes.append(f"{unit_name([sources[i].name for i in g])}: audited again: {why}")
            continue
        same[g[0]] = rec
    kept = {r.source for i, rec in same.items() for r in reports_of(rec)}  # an archive's members too
    skip = {i for i, rec in same.items() if first_sources(old_out, rec) <= kept}
    for i in sorted(skip):
        rec = same[i]
        reuse(old_out, rec, i, tmp)
        t = Totals.from_json(rec["totals"])
        t.files.extend(reports_of(rec))
        t.reused = len(rec["files"])
        per_unit[i] = t
        if progress:
            progress(t.hands, sum(t.categories.values()), len(rec["files"]))
    return skip



def empty() -> Any:
    from ..tables import empty_tables

    return empty_tables()


