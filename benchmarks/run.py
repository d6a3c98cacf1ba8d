"""Benchmark: parse-only and parse+audit hands/s on the corpus's PokerStars-family hands.

    python benchmarks/run.py [--hands 20000] [--corpus ../shared/corpus]

The PokerStars-layout files of the corpus are read once, their hands replicated to at least
`--hands` hands, and timed on one core in the same run: a plain regex line splitter (for
scale: it judges nothing), hhaudit's parse only, and parse + audit (replay, rules, pots).
"""

from __future__ import annotations

import argparse
import re
import time
from pathlib import Path

from hhaudit.audit import Auditor
from hhaudit.formats import get
from hhaudit.reading import iter_lines

_SPLIT = re.compile(r"^(?P<who>[^:]+): (?P<verb>folds|checks|calls|bets|raises|posts)\b(?P<rest>.*)$")


def load(corpus: Path) -> list[tuple[int, list[str]]]:
    fmt = get("pokerstars")
    rows = set()
    for line in open(corpus / "HANDS.tsv", encoding="utf-8"):
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


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--hands", type=int, default=20_000)
    ap.add_argument("--corpus", default=str(Path(__file__).resolve().parents[1].parent / "shared" / "corpus"))
    args = ap.parse_args()
    base = load(Path(args.corpus))
    chunks = (base * (args.hands // len(base) + 1))[: args.hands]
    size_mb = sum(len(line) + 1 for _, c in chunks for line in c) / 1e6
    fmt = get("pokerstars")
    fmt.parse_hand(chunks[0][1], chunks[0][0], "warm-up")

    t = time.perf_counter()
    n = 0
    for _, c in chunks:
        for line in c:
            if _SPLIT.match(line):
                n += 1
    regex = time.perf_counter() - t

    t = time.perf_counter()
    hands = [fmt.parse_hand(c, first, "bench") for first, c in chunks]
    parse = time.perf_counter() - t

    auditor = Auditor("online")
    t = time.perf_counter()
    for h in hands:
        auditor.audit(h)
    audit = time.perf_counter() - t

    k = len(chunks)
    print(f"{k} hands, {size_mb:.1f} MB of text ({len(base)} distinct corpus hands replicated)")
    print(f"{'regex line splitter':<28}{k / regex:>10,.0f} hands/s {size_mb / regex:>8.1f} MB/s")
    print(f"{'hhaudit parse only':<28}{k / parse:>10,.0f} hands/s {size_mb / parse:>8.1f} MB/s")
    print(f"{'hhaudit parse + audit':<28}{k / (parse + audit):>10,.0f} hands/s {size_mb / (parse + audit):>8.1f} MB/s")
    print(f"{'audit alone':<28}{k / audit:>10,.0f} hands/s")


if __name__ == "__main__":
    main()
