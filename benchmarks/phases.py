"""Where a run's time goes, phase by phase: what the workers do, and what the main process does
alone after them.

    python benchmarks/phases.py PATH [PATH...] [--jobs 1 2]

Each `--jobs` runs the pipeline on PATHs (files or folders, e.g. a layout of
`benchmarks/layout.py --workdir DIR`) in a fresh process, its phases timed by wrapping the
pipeline's own functions: the audit (in this process with one job, in the pool with more),
the duplicate check, the session pass (partitioning the parts into buckets, judging them,
rewriting the hands parts), and the rest (opening the dataset, planning the groups, the
commit). Printed per phase: wall time, the main process's CPU time and the workers' (a
phase's `getrusage` of the children). Then the serial share: the CPU time the main process
spends after the audit, over the run's CPU time with one job, and the 2-job speed-up that
share allows on this machine (Amdahl, with the machine's own ceiling for two processes, two
copies of a pure-Python loop, measured right after). CPU times are what to compare on a
shared machine; the load average is printed with them.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.run import _machine_scaling

PHASES = [("runner", "open_writer", "open the dataset"), ("runner", "groups", "plan the groups"),
          ("runner", "audit_group", "audit (main process)"), ("runner", "run_pool", "audit (pool)"),
          ("runner", "dedupe", "duplicate check"), ("passes", "session_pass", "session pass"),
          ("passes", "_partition", "  partition into buckets"), ("passes", "_judge_bucket", "  judge the buckets"),
          ("passes", "_rewrite", "  rewrite the hands parts"), ("DatasetWriter", "commit", "commit")]
SERIAL = ("duplicate check", "session pass")
"""The phases the main process runs alone after the audit."""

CHILD = r"""
import json, os, resource, sys, time
from hhaudit.pipeline import Options, run, runner
from hhaudit.reading import iter_sources
from hhaudit.sessions import passes
from hhaudit.tables import DatasetWriter

phases = {}
def children():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime
def wrap(owner, name, label):
    real = getattr(owner, name)
    def timed(*a, **k):
        t, c, w = time.perf_counter(), time.process_time(), children()
        try:
            return real(*a, **k)
        finally:
            p = phases.setdefault(label, [0.0, 0.0, 0.0])
            p[0] += time.perf_counter() - t
            p[1] += time.process_time() - c
            p[2] += children() - w
    setattr(owner, name, timed)
owners = {"runner": runner, "passes": passes, "DatasetWriter": DatasetWriter}
for owner, name, label in json.loads(sys.argv[1]):
    wrap(owners[owner], name, label)
out, jobs, paths = sys.argv[2], int(sys.argv[3]), sys.argv[4:]
sources = list(iter_sources(paths))
t, c = time.perf_counter(), time.process_time()
totals = run(sources, out, Options(), jobs=jobs)
print(json.dumps({"hands": totals.hands, "wall": time.perf_counter() - t, "cpu": time.process_time() - c,
                  "workers": children(), "phases": phases}))
"""


def measure(paths: list[str], jobs: int) -> dict[str, object]:
    with tempfile.TemporaryDirectory(prefix="hhaudit-phases-") as tmp:
        r = subprocess.run([sys.executable, "-c", CHILD, json.dumps(PHASES), str(Path(tmp) / "out"), str(jobs),
                            *paths], capture_output=True, text=True, check=False)
    if r.returncode != 0:
        raise SystemExit(r.stderr)
    res: dict[str, object] = json.loads(r.stdout.strip().splitlines()[-1])
    return res


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("paths", nargs="+")
    ap.add_argument("--jobs", type=int, nargs="+", default=[1, 2])
    args = ap.parse_args()
    one_job: dict[str, object] | None = None
    for jobs in args.jobs:
        load = os.getloadavg()[0]
        r = measure(args.paths, jobs)
        print(f"--jobs {jobs}: {r['hands']:,} hands, {r['wall']:.1f} s, CPU {r['cpu']:.1f} s main + "
              f"{r['workers']:.1f} s workers (load average {load:.1f} before, {os.getloadavg()[0]:.1f} after)")
        print(f"  {'phase':28} {'wall s':>8} {'main CPU s':>11} {'workers CPU s':>14}")
        phases: dict[str, list[float]] = r["phases"]  # type: ignore[assignment]
        for _, _, label in PHASES:
            if label in phases:
                wall, cpu, workers = phases[label]
                print(f"  {label:28} {wall:8.2f} {cpu:11.2f} {workers:14.2f}")
        if jobs == 1:
            one_job = r
    if one_job is not None:
        phases = one_job["phases"]  # type: ignore[assignment]
        total = float(one_job["cpu"])  # type: ignore[arg-type]
        serial = sum(phases[p][1] for p in SERIAL if p in phases)
        ceiling = _machine_scaling(2)
        print(f"serial after the audit (1 job): {serial:.1f} s of {total:.1f} s of CPU ({serial / total:.1%}); "
              f"2 jobs at most {total / (serial + (total - serial) / ceiling):.2f}x with this machine's ceiling "
              f"of {ceiling:.2f}x for two processes, {total / (serial + (total - serial) / 2):.2f}x with 2.0x")


if __name__ == "__main__":
    main()
