"""Peak memory of the full pipeline (read, parse, audit, Parquet) as the input grows.

    python benchmarks/memory.py [--hands 200000] [--jobs 1] [--corpus ../shared/corpus]

The corpus's PokerStars-layout hands are replicated to `--hands` hands (each copy gets a hand
number of its own, so none is a duplicate) and written to one temporary file; `hhaudit.pipeline.run`
then audits that file into a temporary dataset in a fresh subprocess, which reports its peak
resident set size and CPU time (`resource.getrusage`, itself and its worker processes: the
machine's load changes the wall time much more than these). Streaming means
the peak stays flat whatever `--hands` is: compare two sizes, e.g. `--hands 20000` and
`--hands 200000`.

    python benchmarks/memory.py --hands 200000 --shapes tables one-table one-id

`--shapes` lays the same hands out otherwise (`SHAPES`): over 200 tables (consecutive blocks
of hands, one a table), all at one table, or all under one hand id (the corpus's distinct
hands once, as different hands sharing an id, and the rest copies of them: 198,763 copies at
200,000 hands, 766 of them differing from their first). Memory is bounded by the unit, never
by a table's or an id's number of hands, when the peak of `one-table` and `one-id` is that of
`tables`.
"""

from __future__ import annotations

import argparse
import itertools
import json
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.run import load

_HAND_NO = re.compile(r"#(\d+)")
_TABLE = re.compile(r"^(Table '[^']*)'")

CHILD = r"""
import json, resource, sys, time
import hhaudit
import hhaudit.sessions.passes as passes
from hhaudit.pipeline import Options, run
from hhaudit.reading import iter_sources

spent = {"pass": [0.0, 0.0], "units": [0.0, 0.0]}  # wall and CPU seconds


def timed(what, fn):
    def wrapper(*args, **kw):
        t, c = time.perf_counter(), time.process_time()
        try:
            return fn(*args, **kw)
        finally:
            spent[what][0] += time.perf_counter() - t
            spent[what][1] += time.process_time() - c
    return wrapper


# the runner and the units import these when they call them: the timed ones
passes.session_pass = timed("pass", passes.session_pass)
passes.judge_unit = timed("units", passes.judge_unit)
path, out, jobs = sys.argv[1], sys.argv[2], int(sys.argv[3])
t, c = time.perf_counter(), time.process_time()
totals = run(list(iter_sources([path])), out, Options(), jobs=jobs)
elapsed = time.perf_counter() - t
self, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
cpu = time.process_time() - c + children.ru_utime + children.ru_stime  # the run's, not the imports'
print(json.dumps({"hands": totals.hands, "seconds": elapsed, "cpu": cpu, "rss_kb": self.ru_maxrss,
                  "children_rss_kb": children.ru_maxrss, "pass": spent["pass"], "units": spent["units"],
                  "package": hhaudit.__file__}))
"""
"""The pipeline on one file, in a fresh process: its hands, wall and CPU time, peak RSS, and
the time spent inside it in the session pass and in the units' judging of their sessions
(`passes.judge_unit`: in this process with one job only)."""


SHAPES = ("copies", "tables", "one-table", "one-id")
"""How `write_hands` lays the hands out: `copies`, each copy of the corpus at tables of its
own (its sessions again); `tables`, 200 tables of consecutive hands; `one-table`, every hand
at one table; `one-id`, every hand under one hand number (hands sharing an id, and copies)."""
TABLES = 200


def write_hands(path: Path, n: int, corpus: Path, shape: str = "copies") -> int:
    """Write `n` replicated corpus hands laid out as `shape` (`SHAPES`); return the bytes
    written. With `copies` every hand has a number of its own and each copy of the corpus
    plays at tables of its own (`Table 'NAME c0002'`), so the copies form the corpus's table
    sessions again rather than one table's hands interleaved."""
    base = load(corpus)
    size = 0
    with open(path, "w", encoding="utf-8", newline="\n") as fh:
        for k in range(n):
            _, lines = base[k % len(base)]
            copy = k // len(base)
            if shape == "one-id":
                head = _HAND_NO.sub("#9000000001", lines[0], count=1)
            else:
                head = _HAND_NO.sub(lambda m, c=copy: f"#{m.group(1)}{c:04d}", lines[0], count=1)
            table = {"copies": rf"\1 c{copy:04d}'", "tables": f"Table 'Bench {k * TABLES // n:03d}'",
                     "one-table": "Table 'Bench'", "one-id": "Table 'Bench'"}[shape]
            renamed = shape != "copies" or copy
            rest = [_TABLE.sub(table, line, count=1) if renamed and line.startswith("Table '") else line
                    for line in lines[1:]]
            text = "\n".join([head, *rest]) + "\n\n\n"
            fh.write(text)
            size += len(text)
    return size


def measure(n: int, jobs: int, corpus: Path, shape: str = "copies") -> dict[str, float]:
    with tempfile.TemporaryDirectory(prefix="hhaudit-mem-") as tmp:
        src = Path(tmp) / "hands.txt"
        size = write_hands(src, n, corpus, shape)
        t = time.perf_counter()
        r = subprocess.run([sys.executable, "-c", CHILD, str(src), str(Path(tmp) / "out"), str(jobs)],
                           capture_output=True, text=True, check=False)
        if r.returncode != 0:
            raise SystemExit(r.stderr)
        res = json.loads(r.stdout.strip().splitlines()[-1])
        res["wall"] = time.perf_counter() - t
        res["mb_input"] = size / 1e6
        return res


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--hands", type=int, nargs="+", default=[200_000])
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--corpus", default=str(Path(__file__).resolve().parents[1].parent / "shared" / "corpus"))
    ap.add_argument("--shapes", nargs="+", choices=SHAPES, default=["copies"],
                    help="how the hands are laid out (SHAPES); several are measured in turn")
    args = ap.parse_args()
    for n, shape in itertools.product(args.hands, args.shapes):
        r = measure(n, args.jobs, Path(args.corpus), shape)
        print(f"{n:>9,} hands {shape:>9} {r['mb_input']:>8.1f} MB  jobs {args.jobs}  {r['seconds']:>7.1f} s "
              f"({r['cpu']:.1f} s CPU)  "
              f"peak RSS {r['rss_kb'] / 1024:>7.1f} MB (main), {r['children_rss_kb'] / 1024:>7.1f} MB (largest worker)",
              flush=True)

if __name__ == "__main__":
    main()
