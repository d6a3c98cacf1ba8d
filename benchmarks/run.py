"""Benchmark: parse-only and parse+audit hands/s on the corpus's PokerStars-family hands.

    python benchmarks/run.py [--hands 20000] [--corpus ../shared/corpus]
    python benchmarks/run.py --suite [--hands 50000] [--pokerkit-hands 1000] [--against REV] [--write-docs docs/project/performance.md]
    python benchmarks/run.py --formats [--hands 3000]
    python benchmarks/run.py --sessions [--hands 20000]

`--formats` measures every registered format on its own corpus hands (the files HANDS.tsv
lists, the live samples for the live format, the PHH sample `corpus/phh/` for PHH and the
OHH sample for Open Hand History), each format's hands replicated to
`--hands` (3,000 by default): parse only and parse + audit hands/s in CPU time
(time.process_time: the machine is shared), and the ratio of each to PokerStars' figure.

`--suite` measures in one run, on the hands replicated to `--hands` (at least 50,000 by
default) and written to one temporary file: a plain regex line parser, hhaudit parse only,
parse + audit, the full pipeline to Parquet with 1 job and with every core (time and peak
RSS, each in a fresh subprocess with Python's bytecode cache on), and pokerkit's PokerStars parser and state replay (on
`--pokerkit-hands` of the hands: it is far slower; hands it cannot read are counted), with
every rate also given as a ratio to hhaudit's parse + audit and to the plain regex line parser.
`--against REV` also runs the one-job pipeline of the code of commit REV on the same file,
interleaved with this tree's (this tree, REV, this tree, REV, ...: a shared machine's load
then weighs on both alike), and gives this tree's one-job pipeline as a ratio to REV's. REV is
built as an install builds it, in the same mode as this tree runs (compiled with mypyc when
this tree's hot modules are, else pure Python): `git archive` of REV into a temporary folder,
`pip wheel` of it, the wheel unpacked into `build/against/SHA-MODE` (kept: a later run
against the same commit reuses it) and put first on the child's `PYTHONPATH`.
`--write-docs PAGE` also writes the results as a Markdown table of ratios (not absolute
times, which move with the machine's load), with a description of the machine, between the
two marker lines of PAGE (the documentation's performance page), in place of what they held.

The PokerStars-layout files of the corpus are read once, their hands replicated to at least
`--hands` hands, and timed (CPU time of this process, so a busy machine does not distort it)
in the same run: a plain regex line splitter (for scale: it judges nothing), hhaudit's parse
only, and parse + audit (replay, rules, pots).

Every figure is the best of `--rounds` runs (3 by default), as timeit reports: on a shared or
virtual machine a run is only ever slowed down by others, never sped up. The in-process
measurements run under `hhaudit.pipeline.bulk_gc()`, the garbage-collector setting the
pipeline audits with.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

from hhaudit.engine.auditor import Auditor
from hhaudit.formats import get
from hhaudit.pipeline import bulk_gc
from hhaudit.reading import iter_lines

_SPLIT = re.compile(r"^(?P<who>[^:]+): (?P<verb>folds|checks|calls|bets|raises|posts)\b(?P<rest>.*)$")


def build() -> str:
    """Whether the hot modules run compiled, for the report's first line."""
    import hhaudit._native as native

    if native.COMPILED:
        return f"hot modules compiled ({len(native.COMPILED)})"
    if native.STALE:
        return f"hot modules run from source: {', '.join(native.STALE)} changed since the build"
    return "hot modules run from source (not compiled, or HHAUDIT_PURE=1)"


def best(rounds: int, fn: Callable[[], object], clock: Callable[[], float] = time.process_time,
         setup: Callable[[], object] | None = None) -> float:
    """The shortest of `rounds` timings of fn(); `setup()`, untimed, before each."""
    times = []
    for _ in range(max(1, rounds)):
        if setup is not None:
            setup()
        t = clock()
        fn()
        times.append(clock() - t)
    return min(times)


def in_process(chunks: list[tuple[int, list[str]]], rounds: int) -> tuple[float, float, float]:
    """Best CPU seconds of: the plain regex splitter, parsing every hand, auditing them."""
    fmt = get("pokerstars")

    def split_only() -> None:
        for _, c in chunks:
            for line in c:
                _SPLIT.match(line)

    hands: list = []

    def parse_all() -> None:
        hands[:] = [fmt.parse_hand(c, first, "bench") for first, c in chunks]

    auditor = Auditor("online")

    def audit_all() -> None:
        for h in hands:
            auditor.audit(h)

    # the previous round's hands are freed before the next round, untimed
    return best(rounds, split_only), best(rounds, parse_all, setup=hands.clear), best(rounds, audit_all)


def load(corpus: Path) -> list[tuple[int, list[str]]]:
    fmt = get("pokerstars")
    rows = set()
    for line in (corpus / "HANDS.tsv").read_text(encoding="utf-8").splitlines():
        parts = line.split("\t")
        if len(parts) > 2 and parts[2] == "PokerStars-format":
            rows.add(parts[0])
    chunks: list[tuple[int, list[str]]] = []
    for rel in sorted(rows):
        with open(corpus / rel, "rb") as fh:
            lines = list(iter_lines(fh))
        if fmt.detect(lines[:40]):
            chunks.extend(fmt.split(lines))
    return chunks


def load_by_format(corpus: Path) -> dict[str, list[tuple[int, list[str]]]]:
    """Every corpus file of HANDS.tsv (and the live samples), split into hands by the format
    its first lines are detected as, grouped by format name."""
    from hhaudit.formats import detect
    from hhaudit.reading import iter_sources

    files: set[str] = set()
    for line in (corpus / "HANDS.tsv").read_text(encoding="utf-8").splitlines()[1:]:
        parts = line.split("\t")
        if len(parts) >= 5:
            files.add(parts[0])
    paths = [str(corpus / rel) for rel in sorted(files)]
    samples = Path(__file__).resolve().parents[1] / "sample_histories"
    paths += [str(p) for p in sorted((samples / "live").glob("*.live"))]
    # the open formats: the PHH sample of real hands, the hand-written OHH sample
    paths += [str(p) for p in sorted((corpus / "phh").glob("*.phhs"))]
    paths += [str(p) for p in sorted((samples / "ohh").glob("*.ohh"))]
    out: dict[str, list[tuple[int, list[str]]]] = {}
    for path in paths:
        for source in iter_sources([path]):
            with source.open() as stream:
                lines = list(iter_lines(stream))
            fmt = None
            for start in range(0, min(len(lines), 4000), 40):  # as hhaudit.parsing looks
                fmt = detect(lines[: start + 40])
                if fmt is not None:
                    break
            if fmt is not None:
                out.setdefault(fmt.name, []).extend(fmt.split(iter(lines)))
    return out


def formats_table(args: argparse.Namespace) -> None:
    """Parse-only and parse + audit hands/s per format, CPU time, ratio to PokerStars."""
    from hhaudit.formats import FORMATS

    n = args.hands
    by_format = load_by_format(Path(args.corpus))
    auditor = Auditor("online")
    rows: list[tuple[str, int, float, float, float]] = []  # name, distinct, lines/hand, parse/s, both/s
    for name in sorted(by_format, key=lambda k: (k != "pokerstars", k)):
        fmt = FORMATS[name]
        base = by_format[name]
        chunks = (base * (n // len(base) + 1))[:n]
        auditor.audit(fmt.parse_hand(list(chunks[0][1]), chunks[0][0], "warm-up"))
        t = time.process_time()
        hands = [fmt.parse_hand(c, first, "bench") for first, c in chunks]
        parse = time.process_time() - t
        t = time.process_time()
        for h in hands:
            auditor.audit(h)
        audit = time.process_time() - t
        del hands
        per_hand = sum(len(c) for _, c in chunks) / len(chunks)
        rows.append((name, len(base), per_hand, n / parse, n / (parse + audit)))
    ref_parse, ref_both = rows[0][3], rows[0][4]
    print(f"{n:,} hands per format (its corpus hands replicated), CPU time (time.process_time); {build()}")
    print(f"{'format':<16}{'distinct':>9}{'lines/hand':>11}{'parse/s':>10}{'x Stars':>8}"
          f"{'parse+audit/s':>15}{'x Stars':>8}")
    for name, distinct, per_hand, p, b in rows:
        flag = "  < half PokerStars" if b < ref_both / 2 else ""
        print(f"{name:<16}{distinct:>9,}{per_hand:>11.1f}{p:>10,.0f}{p / ref_parse:>8.2f}"
              f"{b:>15,.0f}{b / ref_both:>8.2f}{flag}")
    missing = sorted(set(FORMATS) - set(by_format))
    if missing:
        print("no corpus hands: " + ", ".join(missing))


_SPIN = ("import sys, time\nt = time.perf_counter()\nx = 0\nfor i in range(int(sys.argv[1])):\n    x += i\n"
         "print(time.perf_counter() - t)")
_SPIN_LOOPS = 20_000_000
"""A pure-Python loop of about a second on this machine's kind."""


def _machine_scaling(n: int, loops: int = _SPIN_LOOPS) -> float:
    """How much faster `n` processes of pure CPU work finish than one, each doing the same
    work: the ceiling for any n-job speed-up on this machine (virtual CPUs may share cores).
    One timing of it moves with a neighbour's burst (seen from 1.01x to 2.56x on two cores),
    so the suite takes it once per pipeline round, beside that round's runs."""
    if n <= 1:
        return 1.0
    spin = [sys.executable, "-c", _SPIN, str(loops)]
    one = min(float(subprocess.run(spin, capture_output=True, text=True, check=True).stdout) for _ in range(2))
    t = time.perf_counter()
    procs = [subprocess.Popen(spin, stdout=subprocess.DEVNULL) for _ in range(n)]
    for p in procs:
        p.wait()
    together = time.perf_counter() - t
    return n * one / together


def _median(xs: list[float]) -> float:
    s = sorted(xs)
    mid = len(s) // 2
    return s[mid] if len(s) % 2 else (s[mid - 1] + s[mid]) / 2


def build_against(rev: str) -> Path:
    """The package of commit `rev` built and unpacked into build/against/SHA-MODE (reused when
    there), MODE `compiled` when this tree's hot modules run compiled, else `source`: the
    folder to put first on a child's PYTHONPATH."""
    import os
    import shutil
    import tarfile
    import tempfile
    import zipfile

    import hhaudit._native as native

    root = Path(__file__).resolve().parents[1]
    sha = subprocess.run(["git", "-C", str(root), "rev-parse", "--verify", f"{rev}^{{commit}}"],
                         capture_output=True, text=True, check=True).stdout.strip()
    mode = "compiled" if native.COMPILED else "source"
    dest = root / "build" / "against" / f"{sha[:12]}-{mode}"
    if (dest / "done").is_file():
        return dest
    print(f"building {rev} ({sha[:12]}, {mode}) into {dest} ...", file=sys.stderr, flush=True)
    with tempfile.TemporaryDirectory(prefix="hhaudit-against-") as tmp:
        src, wheels = Path(tmp) / "src", Path(tmp) / "wheels"
        src.mkdir()
        archive = subprocess.run(["git", "-C", str(root), "archive", "--format=tar", sha],
                                 capture_output=True, check=True).stdout
        with tarfile.open(fileobj=__import__("io").BytesIO(archive)) as tar:
            tar.extractall(src, filter="data")
        env = dict(os.environ, HHAUDIT_COMPILE="auto" if mode == "compiled" else "0")
        subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation",
                        str(src), "-w", str(wheels)], check=True, env=env)
        partial = dest.with_name(dest.name + ".partial")
        shutil.rmtree(partial, ignore_errors=True)
        for wheel in wheels.glob("hhaudit-*.whl"):
            with zipfile.ZipFile(wheel) as zf:
                zf.extractall(partial)
        (partial / "done").write_text(sha + "\n", encoding="utf-8")
        shutil.rmtree(dest, ignore_errors=True)
        partial.rename(dest)
    return dest


def suite(args: argparse.Namespace) -> None:
    import contextlib
    import io
    import os
    import tempfile
    import warnings

    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from benchmarks.memory import CHILD, write_hands

    n = args.hands
    base = load(Path(args.corpus))
    chunks = (base * (n // len(base) + 1))[:n]
    fmt = get("pokerstars")
    fmt.parse_hand(chunks[0][1], chunks[0][0], "warm-up")
    rows: list[tuple[str, int, float, str]] = []  # name, hands, seconds, note

    # The pipeline runs first, while this process is small: a child's peak RSS counts what
    # its parent held when it was forked.
    pipeline_rows: list[tuple[str, int, float, str]] = []
    with tempfile.TemporaryDirectory(prefix="hhaudit-bench-") as tmp:
        src = Path(tmp) / "hands.txt"
        size = write_hands(src, n, Path(args.corpus))
        cores = os.cpu_count() or 1
        runs: dict[int, dict] = {}
        # Python's bytecode cache on, as in an installed package: with PYTHONDONTWRITEBYTECODE
        # set (this machine sets it), every run would compile each module it imports (the
        # formats, the workers' imports) from source again.
        # Each child runs in the temporary folder and imports the package named first on its
        # PYTHONPATH: `python -c` puts its working folder ahead of PYTHONPATH, so a child run
        # from the repository would import this tree whatever REV's path says.
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        root = Path(__file__).resolve().parents[1]
        here_env = dict(env, PYTHONPATH=os.pathsep.join([str(root), *filter(None, [env.get("PYTHONPATH")])]))
        against_env = None
        against: dict | None = None
        if args.against:
            built = build_against(args.against)
            against_env = dict(env, PYTHONPATH=os.pathsep.join([str(built), *filter(None, [env.get("PYTHONPATH")])]))

        def child(jobs: int, where: str, child_env: dict[str, str]) -> dict:
            out = Path(tmp) / where
            r = subprocess.run([sys.executable, "-c", CHILD, str(src), str(out), str(jobs)],
                               capture_output=True, text=True, check=True, env=child_env, cwd=tmp)
            import shutil

            shutil.rmtree(out, ignore_errors=True)
            res = json.loads(r.stdout.strip().splitlines()[-1])
            first = Path(child_env["PYTHONPATH"].split(os.pathsep)[0])
            if first not in Path(res["package"]).parents:
                raise SystemExit(f"the {where} child imported hhaudit from {res['package']}, not from {first}")
            return res

        ceilings: list[float] = []  # the machine's own n-process speed-up, once per round
        of_ceiling: list[float] = []  # each round's n-job speed-up over its own ceiling
        for _ in range(max(1, args.pipeline_rounds)):
            # interleaved: this tree's 1 job, REV's 1 job, this tree's every core, the
            # machine's ceiling, then again
            seconds: dict[int, float] = {}
            for jobs in sorted({1, cores}):
                res = child(jobs, f"out{jobs}", here_env)
                seconds[jobs] = res["seconds"]
                if jobs not in runs or res["seconds"] < runs[jobs]["seconds"]:
                    runs[jobs] = res
                if jobs == 1 and against_env is not None:
                    res = child(1, "against", against_env)
                    if against is None or res["seconds"] < against["seconds"]:
                        against = res
            if cores > 1:
                ceilings.append(_machine_scaling(cores))
                of_ceiling.append(seconds[1] / seconds[cores] / ceilings[-1])
        for jobs, res in sorted(runs.items()):
            rss = max(res["rss_kb"], res["children_rss_kb"]) / 1024
            note = f"peak RSS {rss:,.0f} MB per process"
            if jobs > 1:
                note += (f"; {runs[1]['seconds'] / res['seconds']:.2f}x one job, best against best; "
                         f"{_median(of_ceiling):.2f} of the machine's own ceiling, median of the rounds' "
                         f"(this machine ran {jobs} copies of a pure-Python loop {_median(ceilings):.2f}x as "
                         f"fast as one, median, {min(ceilings):.2f}-{max(ceilings):.2f}x)")
            pipeline_rows.append((f"pipeline to Parquet, {jobs} job{'s' * (jobs > 1)}", res["hands"], res["seconds"], note))
            if jobs == 1 and against is not None:
                ratio = against["seconds"] / res["seconds"]
                pipeline_rows.append((f"pipeline to Parquet, 1 job, at {args.against}", against["hands"],
                                      against["seconds"], f"this tree's 1 job is {ratio:.2f}x it (interleaved runs)"))
        one = runs[1]
        pass_s, units_s = one["pass"][0], one["units"][0]
        pipeline_rows.append(("session pass (inside it)", one["hands"], pass_s,
                              f"{100 * pass_s / one['seconds']:.1f}% of the 1-job pipeline"))
        pipeline_rows.append(("units' sessions (inside it)", one["hands"], units_s,
                              (f"{100 * units_s / one['seconds']:.1f}% of it; sessions in all "
                              f"{100 * (pass_s + units_s) / one['seconds']:.1f}%")))

    regex, parse, audit = in_process(chunks, args.rounds)
    rows.append(("regex line parser", n, regex, "judges nothing"))
    rows.append(("hhaudit parse only", n, parse, ""))
    rows.append(("hhaudit parse + audit", n, parse + audit, ""))

    rows.extend(pipeline_rows)

    try:
        from pokerkit.notation import PokerStarsParser
    except ImportError:
        PokerStarsParser = None
    if PokerStarsParser is not None:
        k = min(args.pokerkit_hands, n)
        text = "".join("\n".join(c) + "\n\n\n" for _, c in chunks[:k])
        with warnings.catch_warnings(), contextlib.redirect_stderr(io.StringIO()):
            warnings.simplefilter("ignore")
            t = time.perf_counter()
            hhs = list(PokerStarsParser()(text))
            pk_parse = time.perf_counter() - t
            t = time.perf_counter()
            failed = 0
            for hh in hhs:
                try:
                    for _ in hh:
                        pass
                except Exception:  # noqa: BLE001 (pokerkit's own errors: the hands it cannot read)
                    failed += 1
            pk_replay = time.perf_counter() - t
        note = f"read {len(hhs)} of {k} hands"
        rows.append(("pokerkit parse", k, pk_parse, note))
        rows.append(("pokerkit parse + replay", k, pk_parse + pk_replay, note + f", {failed} replays failed"))

    ref = n / (parse + audit)
    plain = n / regex
    if args.write_docs:
        write_docs(Path(args.write_docs), suite_markdown(rows, ref, plain, n, size, args))
    print(f"{n:,} hands, {size / 1e6:.1f} MB ({len(base)} distinct corpus hands replicated), {os.cpu_count()} cores; "
          f"best of {args.rounds} (in-process, CPU time) and of {args.pipeline_rounds} (pipeline, wall time); "
          f"{build()}")
    print(f"{'':<36}{'hands':>8}{'seconds':>9}{'hands/s':>10}{'x parse+audit':>15}{'x regex':>9}")
    for name, k, sec, note in rows:
        rate = k / sec if sec else float("inf")
        print(f"{name:<36}{k:>8,}{sec:>9.1f}{rate:>10,.0f}{rate / ref:>14.2f}x{rate / plain:>8.3f}x  {note}")


DOCS_BEGIN = "<!-- benchmarks/run.py --suite --write-docs: begin -->"
DOCS_END = "<!-- benchmarks/run.py --suite --write-docs: end -->"


def machine() -> str:
    """The machine the figures were taken on, in a sentence: processor, cores, memory, Python,
    the build, the load average when the run ended, and the date."""
    import os
    import platform

    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text(encoding="utf-8").splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    mem = ""
    try:
        kb = int(Path("/proc/meminfo").read_text(encoding="utf-8").split()[1])
        mem = f", {kb / 1024 / 1024:.1f} GB of memory"
    except (OSError, ValueError, IndexError):
        pass
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg()) if hasattr(os, "getloadavg") else "unknown"
    return (f"{cpu}, {os.cpu_count()} logical cores{mem}; {platform.system()} {platform.release()}; "
            f"Python {platform.python_version()}; {build()}; load average {load} at the end of the run; "
            f"{time.strftime('%Y-%m-%d', time.gmtime())}")


def suite_markdown(rows: list[tuple[str, int, float, str]], ref: float, plain: float, n: int, size: int,
                   args: argparse.Namespace) -> str:
    """The suite's results as the performance page shows them: ratios of rates measured in the
    same run (to hhaudit's parse + audit and to the plain regex line parser), not absolute
    times, which move with the machine's load."""
    out = [f"Measured on: {machine()}.", "",
           f"{n:,} hands, {size / 1e6:.1f} MB of text; in-process rows CPU time, best of {args.rounds}; "
           f"pipeline rows wall time, best of {args.pipeline_rounds}.", "",
           "| step | hands | x parse + audit | x regex line parser | note |",
           "|---|---|---|---|---|"]
    for name, k, sec, note in rows:
        rate = k / sec if sec else float("inf")
        out.append(f"| {name} | {k:,} | {rate / ref:.3g} | {rate / plain:.3g} | {note} |")
    return "\n".join(out)


def write_docs(page: Path, table: str) -> None:
    """Put `table` between the marker lines of `page`, replacing what they held."""
    text = page.read_text(encoding="utf-8")
    head, begin, rest = text.partition(DOCS_BEGIN)
    _, end, tail = rest.partition(DOCS_END)
    if not begin or not end:
        raise SystemExit(f"{page}: no {DOCS_BEGIN!r} ... {DOCS_END!r} lines to write between")
    page.write_text(f"{head}{DOCS_BEGIN}\n{table}\n{DOCS_END}{tail}", encoding="utf-8")


_BUILD = """
import hhaudit._native as native, hhaudit.pipeline, hhaudit.sessions.passes
print(repr((native.COMPILED, native.STALE)))
"""
"""Which modules run compiled in a process like the pipeline's (the same environment)."""


def time_session_pass(out: Path, rounds: int, clock: Callable[[], float] = time.perf_counter) -> float:
    """Time of the session pass (`hhaudit.sessions`) on a copy of a written dataset, best
    of `rounds` (wall time, or the `clock` given): the part of the pipeline that judges the
    hands between each other."""
    import shutil
    import tempfile

    from hhaudit.pipeline import Options
    from hhaudit.sessions.passes import session_pass

    times = []
    with tempfile.TemporaryDirectory(prefix="hhaudit-sess-", dir=out.parent) as tmp:
        for k in range(rounds):
            copy = Path(tmp) / f"copy{k}"
            shutil.copytree(out, copy)
            t = clock()
            session_pass(copy, Options())
            times.append(clock() - t)
            shutil.rmtree(copy)
    return min(times)


def sessions_share(args: argparse.Namespace) -> None:
    """`--sessions`: the pipeline with one job on `--hands` hands, and the share of its wall
    time and of its CPU time (which the machine's load changes less) that the sessions
    cost: the session pass, and the units' judging of their own parts' sessions, both timed
    inside the run. For comparison, the pass alone on the written dataset, which holds
    nothing the units handed over: it then judges every session itself, as it does those of
    the parts `--incremental` reuses."""
    import os
    import tempfile

    import hhaudit._native as native

    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from benchmarks.memory import CHILD, write_hands

    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    with tempfile.TemporaryDirectory(prefix="hhaudit-bench-") as tmp:
        src = Path(tmp) / "hands.txt"
        write_hands(src, args.hands, Path(args.corpus))
        runs = []
        for _ in range(max(1, args.pipeline_rounds)):
            r = subprocess.run([sys.executable, "-c", CHILD, str(src), str(Path(tmp) / "out1"), "1"],
                               capture_output=True, text=True, check=True, env=env)
            runs.append(json.loads(r.stdout.strip().splitlines()[-1]))
        # the pass alone is cheap and a shared machine's load moves it by a fifth: best of 5 at least
        rounds = max(5, args.pipeline_rounds)
        alone = time_session_pass(Path(tmp) / "out1", rounds)
    child = subprocess.run([sys.executable, "-c", _BUILD], capture_output=True, text=True, check=True, env=env)
    if child.stdout.strip() != repr((native.COMPILED, native.STALE)):
        raise SystemExit(f"the pipeline ran {child.stdout.strip()!r} but the pass {build()!r}: not like with like")
    best = min(runs, key=lambda r: r["seconds"])
    print(f"{best['hands']:,} hands; {build()}, in the pipeline and in the pass; load average "
          f"{' '.join(f'{x:.1f}' for x in os.getloadavg())}; the fastest of {len(runs)} runs:")
    for clock, total, k in (("wall", best["seconds"], 0), ("CPU", best["cpu"], 1)):
        pass_s, units_s = best["pass"][k], best["units"][k]
        print(f"  {clock} time: pipeline to Parquet, 1 job, {total:.2f} s; session pass {pass_s:.2f} s "
              f"({100 * pass_s / total:.1f}%); the units judging their sessions {units_s:.2f} s "
              f"({100 * units_s / total:.1f}%); sessions in all {100 * (pass_s + units_s) / total:.1f}%")
    print(f"  the pass alone on the written dataset (every session its own, as for reused parts): {alone:.2f} s "
          f"({100 * alone / best['seconds']:.1f}% of that pipeline)")


def main() -> None:
    with bulk_gc():
        _main()


def _main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--hands", type=int, default=None)
    ap.add_argument("--suite", action="store_true", help="every measurement, side by side (default 50,000 hands)")
    ap.add_argument("--formats", action="store_true", help="parse and parse + audit rates per format (default 3,000 hands each)")
    ap.add_argument("--pokerkit-hands", type=int, default=1000)
    ap.add_argument("--rounds", type=int, default=3, help="runs of each measurement; the best is reported")
    ap.add_argument("--pipeline-rounds", type=int, default=3, help="runs of each pipeline measurement (--suite)")
    ap.add_argument("--corpus", default=str(Path(__file__).resolve().parents[1].parent / "shared" / "corpus"))
    ap.add_argument("--write-docs", metavar="PAGE", default=None,
                    help="with --suite: write the results into PAGE between its marker lines (docs/project/performance.md)")
    ap.add_argument("--against", metavar="REV", default=None,
                    help="with --suite: also the one-job pipeline of commit REV, interleaved, and this tree's as a ratio to it")
    ap.add_argument("--sessions", action="store_true", help="the session pass's share of the pipeline (default 20,000 hands)")
    args = ap.parse_args()
    if args.sessions:
        args.hands = args.hands or 20_000
        sessions_share(args)
        return
    if args.formats:
        args.hands = args.hands or 3_000
        formats_table(args)
        return
    if args.suite:
        args.hands = args.hands or 50_000
        suite(args)
        return
    args.hands = args.hands or 20_000
    base = load(Path(args.corpus))
    chunks = (base * (args.hands // len(base) + 1))[: args.hands]
    size_mb = sum(len(line) + 1 for _, c in chunks for line in c) / 1e6
    fmt = get("pokerstars")
    fmt.parse_hand(chunks[0][1], chunks[0][0], "warm-up")

    regex, parse, audit = in_process(chunks, args.rounds)

    k = len(chunks)
    print(f"{k} hands, {size_mb:.1f} MB of text ({len(base)} distinct corpus hands replicated), "
          f"CPU time, best of {args.rounds}; {build()}")
    print(f"{'regex line splitter':<28}{k / regex:>10,.0f} hands/s {size_mb / regex:>8.1f} MB/s")
    print(f"{'hhaudit parse only':<28}{k / parse:>10,.0f} hands/s {size_mb / parse:>8.1f} MB/s")
    print(f"{'hhaudit parse + audit':<28}{k / (parse + audit):>10,.0f} hands/s {size_mb / (parse + audit):>8.1f} MB/s")
    print(f"{'audit alone':<28}{k / audit:>10,.0f} hands/s")


if __name__ == "__main__":
    main()
