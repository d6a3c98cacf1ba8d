"""The same hands as many small files and as a few large ones: audit, read and report.

    python benchmarks/layout.py [--hands 100000] [--small-files 4000] [--large-files 20]
                                [--jobs 1 2] [--layouts large small] [--workdir DIR]
                                [--corpus ../shared/corpus]

The issue's scale, on an idle machine (about 12 minutes, estimated in the README):

    python benchmarks/layout.py --hands 500000 --small-files 20000 --large-files 20

The corpus's PokerStars-layout hands are replicated to `--hands` hands (each copy has hand
numbers and tables of its own, the same hands as `benchmarks/memory.py` writes) and written
as `--small-files` files (a site's one file per table and session: 25 hands each for 500,000
hands in 20,000 files) and as `--large-files` files, in one pass that holds one hand and one
small file's text at a time (500,000 hands, 715 MB, in 20,000 files and in 20 take about
half a minute). Each layout of `--layouts` is audited with each `--jobs` in a fresh
subprocess (`hhaudit.pipeline.run`). With the first `--jobs`, each layout's dataset is then
read with `hhaudit.read`, reported with `hhaudit report` (in a subprocess, as a user runs
it) and queried with DuckDB (findings by category over `OUT/findings/*.parquet`), the layouts
one after the other so that their ratio is taken under the same load. Those times depend on
the dataset alone, and `--jobs` writes the same dataset byte for byte: with the other jobs
each dataset is only checked to be the first one again (a sha256 of its files; a dataset
that differs is read and reported again, and said so), and its row shows the first one's
times. The datasets are deleted once measured, so the disk holds the inputs and at most one
dataset per layout.

`--workdir DIR` keeps the inputs in DIR (`hands-N-files-F/`, written once and reused by later
runs with the same sizes): a configuration can then be measured on its own, or again, without
writing 20,000 files each time (`--layouts small --jobs 2`). Without it they go to a temporary
folder removed at the end.

Printed per run: wall time, hands/s, parts written (every Parquet file of the dataset) beside
the bound `5 * (hands / BATCH + jobs)`, peak RSS (the main process and its largest worker),
and the read, report and query times (the read's after its imports, the report's the whole
command's, as a user waits for it); then the ratios the layout is judged by (small files'
hands/s over large files', small files' read and report time over large files'), each layout's
2-job speed-up beside this machine's own ceiling for two processes (two copies of a pure-Python
loop, measured right after), and, for scale, the plain regex line parser and hhaudit's
parse + audit rate in this process (CPU time) on the same hands. Last, the same rows as a
Markdown table for the README. Wall times: the machine may be shared, so compare the ratios,
which are measured in one run, and the load average printed with them. The small files'
ratio is also given in CPU time (the audit's process and its workers, `getrusage`): what
each layout costs, which other work on a loaded machine changes far less than the wall time
(with one job the whole gap between the layouts is CPU; with two the wall time also counts
how well the work spreads over the cores).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.memory import CHILD
from benchmarks.run import _machine_scaling, build, in_process, load

LAYOUTS = ("large", "small")

_READ = r"""
import sys, time
import hhaudit
read = hhaudit.read  # its imports (pandas, pyarrow) before the clock starts: the read alone
t = time.perf_counter()
tables = read(sys.argv[1])
print(time.perf_counter() - t, len(tables.hands))
"""

_QUERY = r"""
import sys, time
import duckdb
t = time.perf_counter()
duckdb.sql(f"SELECT category, count(*) FROM '{sys.argv[1]}/findings/*.parquet' GROUP BY 1").fetchall()
print(time.perf_counter() - t)
"""

_HAND_NO = re.compile(r"#\d+")
_TABLE = re.compile(r"^Table '[^']*")


def templates(corpus: Path) -> list[tuple[str, str]]:
    """Each distinct corpus hand as two `str.format` templates (the first copy's, the later
    copies'): `{0}` follows the hand number, `{1}` the table's name. The text is
    `benchmarks.memory.write_hands`'s: copy `c` numbers its hands `#<number><c:04d>` and, from
    the second copy on, plays at tables `'<name> c<c:04d>'` of its own."""
    out = []
    for _, lines in load(corpus):
        esc = [line.replace("{", "{{").replace("}", "}}") for line in lines]
        head = _HAND_NO.sub(lambda m: m.group(0) + "{0}", esc[0], count=1)
        later = [_TABLE.sub(lambda m: m.group(0) + "{1}", line, count=1) if line.startswith("Table '") else line
                 for line in esc[1:]]
        out.append(("\n".join([head, *esc[1:]]) + "\n\n\n", "\n".join([head, *later]) + "\n\n\n"))
    return out


def hand_texts(n: int, base: list[tuple[str, str]]) -> Iterator[str]:
    """The `n` replicated hands' texts of `templates()`, each ending in two blank lines, one at
    a time."""
    for k in range(n):
        first, later = base[k % len(base)]
        copy = k // len(base)
        yield first.format(f"{copy:04d}") if copy == 0 else later.format(f"{copy:04d}", f" c{copy:04d}")


def write_layouts(n: int, base: list[tuple[str, str]], folders: dict[Path, int]) -> int:
    """Write the `n` hands, in order, into each folder cut into its number of files (`per` =
    n / files rounded up hands each, `table-000000.txt` on); return the text's size in
    characters. One pass: a folder's current file's hands are held until it is full."""
    per = {folder: -(-n // files) for folder, files in folders.items()}
    for folder in folders:
        folder.mkdir(parents=True)
    buffers: dict[Path, list[str]] = {folder: [] for folder in folders}
    size = 0

    def flush(folder: Path, k: int) -> None:
        (folder / f"table-{k // per[folder]:06d}.txt").write_text("".join(buffers[folder]), encoding="utf-8")
        buffers[folder].clear()

    for k, text in enumerate(hand_texts(n, base)):
        size += len(text)
        for folder, buf in buffers.items():
            buf.append(text)
            if len(buf) == per[folder]:
                flush(folder, k)
    for folder, buf in buffers.items():
        if buf:
            flush(folder, n - 1)
    return size


def inputs(root: Path, n: int, files: dict[str, int], corpus: Path) -> tuple[dict[str, Path], float, float]:
    """The layouts' folders `root/hands-N-files-F` (written unless a complete earlier run left
    them: `hands-N-files-F.done` beside the folder says so), the text's size in MB and the
    seconds spent writing it."""
    folders = {layout: root / f"hands-{n}-files-{count}" for layout, count in files.items()}
    if len(set(folders.values())) < len(folders):
        raise SystemExit("--small-files and --large-files must differ")
    todo = {folder: files[layout] for layout, folder in folders.items() if not folder.with_suffix(".done").is_file()}
    for folder in todo:
        if folder.exists():
            shutil.rmtree(folder)  # an interrupted write
    t = time.perf_counter()
    size = write_layouts(n, templates(corpus), todo) if todo else 0
    for folder in todo:
        folder.with_suffix(".done").write_text(json.dumps({"characters": size}), encoding="utf-8")
    took = time.perf_counter() - t
    size = json.loads(next(iter(folders.values())).with_suffix(".done").read_text(encoding="utf-8"))["characters"]
    return folders, size / 1e6, took


def timed(args: list[str], env: dict[str, str]) -> tuple[float, str]:
    t = time.perf_counter()
    r = subprocess.run(args, capture_output=True, text=True, env=env, check=False)
    if r.returncode != 0:
        raise SystemExit(r.stderr)
    return time.perf_counter() - t, r.stdout


def digest(out: Path) -> str:
    """A dataset's files, names and bytes, as one sha256."""
    h = hashlib.sha256()
    for p in sorted(out.rglob("*")):
        if p.is_file():
            h.update(str(p.relative_to(out)).encode() + b"\0" + hashlib.sha256(p.read_bytes()).digest())
    return h.hexdigest()


def audit(folder: Path, out: Path, jobs: int, env: dict[str, str]) -> dict[str, Any]:
    """Audit `folder` into `out` in a fresh process: its figures, the parts written and the
    dataset's digest."""
    _, stdout = timed([sys.executable, "-c", CHILD, str(folder), str(out), str(jobs)], env)
    res: dict[str, Any] = json.loads(stdout.strip().splitlines()[-1])
    res["parts"] = sum(1 for _ in out.rglob("*.parquet"))
    res["digest"] = digest(out)
    return res


def queries(out: Path, env: dict[str, str]) -> dict[str, float]:
    """The seconds `hhaudit.read`, `hhaudit report` (the whole command) and a DuckDB query take
    on the dataset `out`."""
    res: dict[str, float] = {}
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


def measure(folders: dict[str, Path], tmp: Path, jobs: int, env: dict[str, str],
            first: dict[str, dict[str, Any]], files: dict[str, int], batch: int) -> dict[str, dict[str, Any]]:
    """Audit each layout with `jobs`; read, report and query the datasets (each layout's one
    after the other, so that their ratio is measured under the same load), then delete them.
    The read, report and query times depend on the dataset alone, which `--jobs` leaves the
    same byte for byte: a layout in `first` (measured with other jobs) is only checked to be
    that dataset again (its digest), and keeps its times (`read_of`: the jobs they were
    measured with). Each row is printed as soon as it is measured."""
    results: dict[str, dict[str, Any]] = {}
    outs: dict[str, Path] = {}
    try:
        for layout, folder in folders.items():
            out = tmp / f"out-{layout}-{jobs}"
            outs[layout] = out
            results[layout] = r = audit(folder, out, jobs, env)
            known = first.get(layout)
            if known is not None and known["digest"] == r["digest"]:
                r.update({k: known[k] for k in ("read", "report", "query", "read_of")})
                shutil.rmtree(outs.pop(layout))
                _row(layout, jobs, r, files, batch)
            elif known is not None:
                print(f"{folder.name}: the dataset with {jobs} jobs differs from the one with "
                      f"{known['read_of']}: read and report measured again", flush=True)
        for layout, out in list(outs.items()):
            results[layout].update(queries(out, env), read_of=jobs)
            shutil.rmtree(outs.pop(layout))
            _row(layout, jobs, results[layout], files, batch)
    finally:
        for out in outs.values():
            shutil.rmtree(out, ignore_errors=True)
    return results


def _row(layout: str, jobs: int, r: dict[str, Any], files: dict[str, int], batch: int) -> None:
    print(markdown({(layout, jobs): r}, files, batch)[-1], f"(load average {os.getloadavg()[0]:.1f})", flush=True)


def reused(r: dict[str, Any], jobs: int) -> bool:
    """Whether `r`'s read, report and query times are those of the same dataset with other jobs."""
    return bool(r["read_of"] != jobs)


def markdown(results: dict[tuple[str, int], dict[str, Any]], files: dict[str, int], batch: int) -> list[str]:
    """The README's table: one row per layout and jobs."""
    rows = [("| layout | jobs | seconds | hands/s | parts | bound 5 x (hands/BATCH + jobs) "
             "| peak RSS main / worker | read s | report s | DuckDB s |"),
            "|---|---|---|---|---|---|---|---|---|---|"]
    for (layout, jobs), r in results.items():
        rss = f"{r['rss_kb'] / 1024:,.0f}" + (f" / {r['children_rss_kb'] / 1024:,.0f}" if jobs > 1 else "")
        same = f"same dataset as {r['read_of']} job{'s' * (r['read_of'] > 1)}"
        times = f"| {same} | | " if reused(r, jobs) else f"| {r['read']:.2f} | {r['report']:.2f} | {r['query']:.2f} "
        rows.append(f"| {files[layout]:,} {layout} | {jobs} | {r['seconds']:.1f} | {r['hands'] / r['seconds']:,.0f} "
                    f"| {r['parts']:,.0f} | {5 * (r['hands'] / batch + jobs):,.0f} | {rss} MB {times}|")
    return rows


def main() -> None:
    from hhaudit.pipeline import BATCH

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--hands", type=int, default=100_000)
    ap.add_argument("--small-files", type=int, default=4_000)
    ap.add_argument("--large-files", type=int, default=20)
    ap.add_argument("--jobs", type=int, nargs="+", default=[1, 2])
    ap.add_argument("--layouts", nargs="+", choices=LAYOUTS, default=list(LAYOUTS),
                    help="which layouts to audit (default both)")
    ap.add_argument("--workdir", help="keep the inputs here and reuse them (default: a temporary folder)")
    ap.add_argument("--no-scale", action="store_true", help="skip the in-process regex and parse + audit rates")
    ap.add_argument("--corpus", default=str(Path(__file__).resolve().parents[1].parent / "shared" / "corpus"))
    args = ap.parse_args()
    corpus = Path(args.corpus)
    files = {layout: {"large": args.large_files, "small": args.small_files}[layout]
             for layout in LAYOUTS if layout in args.layouts}
    # Python's bytecode cache on, as in an installed package
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    results: dict[tuple[str, int], dict[str, Any]] = {}
    if args.workdir:
        Path(args.workdir).mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="hhaudit-layout-", dir=args.workdir) as tmp:
        root = Path(args.workdir) if args.workdir else Path(tmp)
        folders, mb, wrote = inputs(root, args.hands, files, corpus)
        if wrote:
            print(f"wrote {args.hands:,} hands ({mb:.1f} MB) as " + " and as ".join(
                f"{files[k]:,} files" for k in files) + f" in {wrote:.1f} s", flush=True)
        load_before = os.getloadavg()
        first: dict[str, dict[str, Any]] = {}
        for jobs in args.jobs:
            for layout, r in measure(folders, Path(tmp), jobs, env, first, files, BATCH).items():
                results[(layout, jobs)] = r
                first.setdefault(layout, r)
        load_after = os.getloadavg()
    ceiling = _machine_scaling(2) if 2 in args.jobs and 1 in args.jobs else None
    print(f"{args.hands:,} hands, {mb:.1f} MB, as " + " and as ".join(f"{files[k]:,} {k} files" for k in files)
          + f"; {os.cpu_count()} cores; load average {load_before[0]:.1f} before, {load_after[0]:.1f} after; "
          f"BATCH {BATCH:,}; {build()}")
    print(f"{'layout':<14}{'jobs':>5}{'seconds':>9}{'hands/s':>9}{'parts':>7}{'bound':>7}{'RSS MB':>8}"
          f"{'worker MB':>10}{'read s':>8}{'report s':>9}{'duckdb s':>9}")
    for (layout, jobs), r in results.items():
        bound = 5 * (r["hands"] / BATCH + jobs)
        print(f"{files[layout]:>6,} {layout:<7}{jobs:>5}{r['seconds']:>9.1f}{r['hands'] / r['seconds']:>9,.0f}"
              f"{r['parts']:>7,.0f}{bound:>7,.0f}{r['rss_kb'] / 1024:>8,.0f}{r['children_rss_kb'] / 1024:>10,.0f}"
              + (f"{'same dataset as ' + str(r['read_of']) + ' job' + 's' * (r['read_of'] > 1):>26}" if reused(r, jobs)
                 else f"{r['read']:>8.2f}{r['report']:>9.2f}{r['query']:>9.3f}"))
    for jobs in args.jobs:
        if ("small", jobs) in results and ("large", jobs) in results:
            s, g = results[("small", jobs)], results[("large", jobs)]
            reads = ("read and report: the datasets of " + str(s["read_of"]) + " job" + "s" * (s["read_of"] > 1)
                     if reused(s, jobs) and reused(g, jobs) else
                     f"read {s['read'] / g['read']:.2f}x, report {s['report'] / g['report']:.2f}x, DuckDB "
                     f"{s['query'] / g['query']:.2f}x the large files' (target <= 1.3x)")
            print(f"{jobs} job{'s' * (jobs > 1)}: small files at {g['seconds'] / s['seconds']:.0%} of the large "
                  f"files' hands/s, {g['cpu'] / s['cpu']:.0%} in CPU time (target >= 85%); {reads}")
    if ceiling is not None:
        for layout, count in files.items():
            one, two = results[(layout, 1)], results[(layout, 2)]
            print(f"{count:,} {layout} files: 2 jobs {one['seconds'] / two['seconds']:.2f}x one job; this "
                  f"machine runs 2 copies of a pure-Python loop {ceiling:.2f}x as fast as one (target: 2 jobs "
                  ">= 1.8x on the large files when that ceiling is >= 1.9x)")
    if not args.no_scale:
        chunks = load(corpus)
        chunks = (chunks * (args.hands // len(chunks) + 1))[:min(args.hands, 20_000)]
        regex, parse, audit = in_process(chunks, 1)
        print(f"for scale, in this process (CPU time, {len(chunks):,} hands): regex line parser "
              f"{len(chunks) / regex:,.0f} hands/s, hhaudit parse + audit {len(chunks) / (parse + audit):,.0f} "
              "hands/s (pokerkit: python benchmarks/run.py --suite)")
    print()
    print("\n".join(markdown(results, files, BATCH)))


if __name__ == "__main__":
    main()
