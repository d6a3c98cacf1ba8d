"""Findings at scale: how `audit` prints them and how `report --html` pages them.

    python benchmarks/findings_scale.py --hands 50000 [--hands 12500 ...]

For each size, the sample hand with two planted findings (a short re-raise, an odd chip to
the wrong seat) is written N times with new ids into one file (2N findings), audited once
(`-qq`), then, each in a fresh process with its peak RSS: the findings printed as JSON Lines
read back from the dataset (`hhaudit.output`), and `hhaudit report --html` (the index with
every finding and a page per flagged hand). Prints CPU seconds and peak RSS per step, the
index's size, and the hand pages written."""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
HAND = (REPO / "sample_histories" / "pokerstars" / "short-raise-odd-chip.txt").read_text(encoding="utf-8")
PRINT = ("import sys, os; from hhaudit.output import iter_findings, write; "
         "n = write('jsonl', iter_findings(sys.argv[1]), open(os.devnull, 'w')); print(n)")


def _run(args: list[str]) -> tuple[float, float, str]:
    """(CPU seconds, peak RSS in MB, stdout) of one child process (its own rusage)."""
    with tempfile.TemporaryFile("w+") as out:
        proc = subprocess.Popen([sys.executable, *args], stdout=out, stderr=subprocess.DEVNULL, text=True)
        _, status, usage = os.wait4(proc.pid, 0)
        proc.returncode = os.waitstatus_to_exitcode(status)
        if proc.returncode not in (0, 1):
            raise SystemExit(f"{args}: exit status {proc.returncode}")
        out.seek(0)
        return usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, out.read()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, action="append", help="hands per run (default 12500 and 50000)")
    sizes = ap.parse_args().hands or [12500, 50000]
    print("hands  findings  step                      cpu s  peak RSS MB  notes")
    for n in sorted(sizes):
        with tempfile.TemporaryDirectory() as tmp:
            src = Path(tmp) / "hands.txt"
            with open(src, "w", encoding="utf-8") as fh:
                fh.writelines(re.sub(r"#100000000002", f"#{200000000000 + i}", HAND) + "\n\n" for i in range(n))
            out = Path(tmp) / "out"
            t0 = time.monotonic()
            cpu, rss, _ = _run(["-m", "hhaudit", "audit", str(src), "-o", str(out), "-qq", "--jobs", "1", "--fail-on", "never"])
            print(f"{n:>6} {2 * n:>9}  audit -qq                {cpu:>6.1f} {rss:>12.0f}")
            cpu, rss, printed = _run(["-c", PRINT, str(out)])
            print(f"{n:>6} {2 * n:>9}  print findings (jsonl)   {cpu:>6.1f} {rss:>12.0f}  {printed.strip()} printed")
            index = Path(tmp) / "rep" / "report.html"
            cpu, rss, _ = _run(["-m", "hhaudit", "report", str(out), "--html", str(index)])
            pages = len(list((Path(tmp) / "rep" / "report_hands").glob("h*.html")))
            print(f"{n:>6} {2 * n:>9}  report --html            {cpu:>6.1f} {rss:>12.0f}  index "
                  f"{index.stat().st_size / 1e6:.1f} MB, {pages} hand pages ({time.monotonic() - t0:.0f} s in all)")


if __name__ == "__main__":
    main()
