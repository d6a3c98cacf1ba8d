"""The same hands as many small files and as a few large ones: audit, read and report.

    python benchmarks/layout.py [--hands 100000] [--small-files 4000] [--large-files 20]
                                [--jobs 1 2] [--corpus ../shared/corpus]

The corpus's PokerStars-layout hands are replicated to `--hands` hands (`memory.write_hands`:
each copy has hand numbers and tables of its own) and written twice: cut into
`--small-files` files (a site's one file per table and session: 25 hands each for 100,000
hands in 4,000 files) and into `--large-files` files. Each layout is audited with each
`--jobs` in a fresh subprocess (`hhaudit.pipeline.run`), then its dataset is read with
`hhaudit.read`, reported with `hhaudit report` (in a subprocess, as a user runs it) and
queried with DuckDB (findings by category over `OUT/findings/*.parquet`).

Printed per run: wall time, hands/s, parts written (every Parquet file of the dataset) beside
the bound `5 * (hands / BATCH + jobs)`, peak RSS (the main process and its largest worker),
and the read, report and query times; then the ratios the layout is judged by (small files'
hands/s over large files', small files' read and report time over large files') and, for
scale, the plain regex line parser and hhaudit's parse + audit rate in this process (CPU
time) on the same hands. Wall times: the machine may be shared, so compare the ratios, which
are measured in one run, and the load average printed with them.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.memory import CHILD, write_hands
from benchmarks.run import build, in_process, load

_READ = r"""
import sys, time
import hhaudit
t = time.perf_counter()
tables = hhaudit.read(sys.argv[1])
print(time.perf_counter() - t, len(tables.hands))
"""

_QUERY = r"""
import sys, time
import duckdb
t = time.perf_counter()
duckdb.sql(f"SELECT category, count(*) FROM '{sys.argv[1]}/findings/*.parquet' GROUP BY 1").fetchall()
print(time.perf_counter() - t)
"""


def cut(text_file: Path, folder: Path, files: int) -> None:
    """Cut the hands of `text_file` (separated by blank lines) into `files` files in order."""
    hands = text_file.read_text(encoding="utf-8").split("\n\n\n")
    hands = [h for h in hands if h.strip()]
    folder.mkdir()
    per = -(-len(hands) // files)
    for k in range(files):
        part = hands[k * per:(k + 1) * per]
        if part:
            (folder / f"table-{k:06d}.txt").write_text("\n\n\n".join(part) + "\n\n\n", encoding="utf-8")


def timed(args: list[str], env: dict[str, str]) -> tuple[float, str]:
    t = time.perf_counter()
    r = subprocess.run(args, capture_output=True, text=True, env=env, check=False)
    if r.returncode != 0:
        raise SystemExit(r.stderr)
    return time.perf_counter() - t, r.stdout


def measure(folder: Path, out: Path, jobs: int, env: dict[str, str]) -> dict[str, float]:
    _, stdout = timed([sys.executable, "-c", CHILD, str(folder), str(out), str(jobs)], env)
    res: dict[str, float] = json.loads(stdout.strip().splitlines()[-1])
    res["parts"] = sum(1 for _ in out.rglob("*.parquet"))
    _, stdout = timed([sys.executable, "-c", _READ, str(out)], env)
    res["read"] = float(stdout.split()[0])
    res["report"], _ = timed([sys.executable, "-m", "hhaudit", "report", str(out)], env)
    try:
        import duckdb  # noqa: F401
    except ImportError:
        res["query"] = float("nan")
    else:
        _, stdout = timed([sys.executable, "-c", _QUERY, str(out)], env)
        res["query"] = float(stdout.split()[0])
    return res


def main() -> None:
    from hhaudit.pipeline import BATCH

    ap = argparse.ArgumentParser()
    ap.add_argument("--hands", type=int, default=100_000)
    ap.add_argument("--small-files", type=int, default=4_000)
    ap.add_argument("--large-files", type=int, default=20)
    ap.add_argument("--jobs", type=int, nargs="+", default=[1, 2])
    ap.add_argument("--corpus", default=str(Path(__file__).resolve().parents[1].parent / "shared" / "corpus"))
    args = ap.parse_args()
    corpus = Path(args.corpus)
    # Python's bytecode cache on, as in an installed package
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    load_before = os.getloadavg()
    results: dict[tuple[str, int], dict[str, float]] = {}
    with tempfile.TemporaryDirectory(prefix="hhaudit-layout-") as tmp:
        base = Path(tmp)
        size = write_hands(base / "hands.txt", args.hands, corpus)
        cut(base / "hands.txt", base / "small", args.small_files)
        cut(base / "hands.txt", base / "large", args.large_files)
        (base / "hands.txt").unlink()
        for jobs in args.jobs:
            for layout in ("large", "small"):
                results[(layout, jobs)] = measure(base / layout, base / f"out-{layout}-{jobs}", jobs, env)
    load_after = os.getloadavg()
    print(f"{args.hands:,} hands, {size / 1e6:.1f} MB, as {args.small_files:,} small files and as "
          f"{args.large_files} large ones; {os.cpu_count()} cores; load average {load_before[0]:.1f} before, "
          f"{load_after[0]:.1f} after; BATCH {BATCH:,}; {build()}")
    print(f"{'layout':<8}{'jobs':>5}{'seconds':>9}{'hands/s':>9}{'parts':>7}{'bound':>7}{'RSS MB':>8}"
          f"{'worker MB':>10}{'read s':>8}{'report s':>9}{'duckdb s':>9}")
    for (layout, jobs), r in results.items():
        bound = 5 * (r["hands"] / BATCH + jobs)
        print(f"{layout:<8}{jobs:>5}{r['seconds']:>9.1f}{r['hands'] / r['seconds']:>9,.0f}{r['parts']:>7,.0f}"
              f"{bound:>7,.0f}{r['rss_kb'] / 1024:>8,.0f}{r['children_rss_kb'] / 1024:>10,.0f}"
              f"{r['read']:>8.2f}{r['report']:>9.2f}{r['query']:>9.3f}")
    for jobs in args.jobs:
        s, g = results[("small", jobs)], results[("large", jobs)]
        print(f"{jobs} job{'s' * (jobs > 1)}: small files at {g['seconds'] / s['seconds']:.0%} of the large files' "
              f"hands/s (target >= 85%); read {s['read'] / g['read']:.2f}x, report {s['report'] / g['report']:.2f}x, "
              f"DuckDB {s['query'] / g['query']:.2f}x the large files' (target <= 1.3x)")
    chunks = load(corpus)
    chunks = (chunks * (args.hands // len(chunks) + 1))[:min(args.hands, 20_000)]
    regex, parse, audit = in_process(chunks, 1)
    print(f"for scale, in this process (CPU time, {len(chunks):,} hands): regex line parser "
          f"{len(chunks) / regex:,.0f} hands/s, hhaudit parse + audit {len(chunks) / (parse + audit):,.0f} hands/s "
          f"(pokerkit: python benchmarks/run.py --suite)")


if __name__ == "__main__":
    main()
