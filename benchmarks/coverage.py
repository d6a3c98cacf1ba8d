"""Corpus coverage: per site, the hands HANDS.tsv lists and what hhaudit made of them.

    python benchmarks/coverage.py [--corpus ../shared/corpus] [--markdown]

For every site label of HANDS.tsv: hands listed, hands read, audited, unsupported game,
parse error, findings, and findings not in the reviewed lists of `tests/reviewed/*.tsv`
(each reviewed row names a file, a hand and a rule with the reason the hand is wrong).
"""

from __future__ import annotations

import argparse
import csv
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path

from hhaudit.auditor import Auditor
from hhaudit.parsing import parse

REPO = Path(__file__).resolve().parents[1]


@dataclass
class SiteRow:
    listed: int = 0
    read: int = 0
    statuses: Counter[str] = field(default_factory=Counter)
    findings: int = 0
    unreviewed: int = 0
    holdem: int = 0


def reviewed() -> set[tuple[str, str, str]]:
    out: set[tuple[str, str, str]] = set()
    for path in sorted((REPO / "tests" / "reviewed").glob("*.tsv")):
        with open(path, encoding="utf-8") as fh:
            for row in csv.DictReader(fh, delimiter="\t"):
                f = (row.get("file") or "").split("/")[-1]
                for rule in (row.get("rule") or "").split(","):
                    out.add((f, row.get("hand_id") or "", rule.strip()))
    return out


def coverage(corpus: Path) -> dict[str, SiteRow]:
    by_file: dict[str, str] = {}
    rows: dict[str, SiteRow] = defaultdict(SiteRow)
    with open(corpus / "HANDS.tsv", encoding="utf-8") as fh:
        header = next(fh)
        del header
        for line in fh:
            parts = line.rstrip("\n").split("\t")
            if len(parts) < 5:
                continue
            site = parts[2]
            by_file.setdefault(parts[0], site)
            rows[site].listed += 1
            if parts[4] == "holdem":
                rows[site].holdem += 1
    ok = reviewed()
    auditor = Auditor("online")
    for rel, site in sorted(by_file.items()):
        row = rows[site]
        for hand in parse(str(corpus / rel)):
            row.read += 1
            row.statuses[hand.status.value] += 1
            for f in auditor.audit(hand).findings:
                if f.rule == "PA01":
                    continue
                row.findings += 1
                if (rel.split("/")[-1], hand.hand_id, f.rule) not in ok:
                    row.unreviewed += 1
    return dict(rows)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--corpus", default=str(REPO.parent / "shared" / "corpus"))
    ap.add_argument("--markdown", action="store_true")
    args = ap.parse_args()
    rows = coverage(Path(args.corpus))
    cols = ["site", "listed", "Hold'em", "read", "audited", "unsupported", "parse_error", "findings", "unreviewed"]
    table = []
    for site, r in sorted(rows.items(), key=lambda kv: -kv[1].listed):
        table.append([site, r.listed, r.holdem, r.read, r.statuses["audited"], r.statuses["unsupported_game"],
                      r.statuses["parse_error"], r.findings, r.unreviewed])
    total = ["total"] + [sum(int(t[i]) for t in table) for i in range(1, len(cols))]
    table.append(total)
    if args.markdown:
        print("| " + " | ".join(cols) + " |")
        print("|" + "---|" * len(cols))
        for t in table:
            print("| " + " | ".join(str(x) for x in t) + " |")
    else:
        widths = [max(len(str(x)) for x in [c] + [t[i] for t in table]) for i, c in enumerate(cols)]
        print("  ".join(c.ljust(w) for c, w in zip(cols, widths)))
        for t in table:
            print("  ".join(str(x).ljust(w) for x, w in zip(t, widths)))


if __name__ == "__main__":
    main()
