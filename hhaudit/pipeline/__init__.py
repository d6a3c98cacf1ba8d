"""The audit pipeline: sources -> hands -> audited hands -> Parquet parts, streaming.

Consecutive small files are audited together in groups of about `UNIT_BYTES` of text (`plan`:
where a group ends depends on each file alone); a large file is a group of its own. Work is
cut into units of at most `BATCH` hands: unit `c` of the group whose first file is at position
`i` of the input list holds the group's hands `c*BATCH .. (c+1)*BATCH-1` and is written as the
part files `part-<i:06d>-<c:05d>.parquet` of every table. Neither the groups nor the cut
depend on `--jobs`, so one job and many jobs write the same files with the same rows in the
same order, and memory is bounded by one unit per process whatever the input size.

With one job every file is read and audited in this process. With more, groups of small files are
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

`incremental=True` keeps `manifest.json` in OUT (per group: its files' paths, sizes, mtimes and
sha256, its index, summary and parts) and re-audits only the groups of new or changed files on
the next run, linking the unchanged groups' parts into the new dataset. Every run writes a temporary folder and renames it into place.

The package's modules, one concern each: `options` (what a run is asked and counts),
`plan` (which files are audited together), `units` (a unit of hands audited and written), `tasks` (work for other processes), `pool`
and `dask_engine` (the two engines), `parts` (part files), `dedupe` (duplicates across units),
`manifest` (incremental runs) and `runner` (one whole run).
"""

from __future__ import annotations

from .bulk import BULK_GC_THRESHOLD, bulk_gc
from .dedupe import DUPLICATES, LOCAL_IDS
from .manifest import MANIFEST, MANIFEST_VERSION, file_state
from .options import LIVE_FORMATS, HandAuditor, Options, Totals
from .parts import part_name
from .plan import UNIT_BYTES, groups
from .runner import run
from .tasks import SPLIT_BYTES
from .units import BATCH, audit_file, audit_group, audit_hands

__all__ = ["BATCH", "BULK_GC_THRESHOLD", "DUPLICATES", "LIVE_FORMATS", "LOCAL_IDS", "MANIFEST",
           "MANIFEST_VERSION", "SPLIT_BYTES", "UNIT_BYTES", "HandAuditor", "Options", "Totals", "audit_file",
           "audit_group", "audit_hands", "bulk_gc", "file_state", "groups", "part_name", "run"]
