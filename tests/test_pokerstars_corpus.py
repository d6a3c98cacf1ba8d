"""The PokerStars family of the corpus: every hand read, counted and audited.

Findings on these real hands must be exactly the reviewed ones in
`tests/reviewed/pokerstars.tsv` (each with the reason the hand is genuinely wrong)."""

from __future__ import annotations

import csv
from collections import Counter
from functools import cache
from pathlib import Path

from conftest_corpus import corpus, hands_tsv

from hhaudit.engine.auditor import Auditor
from hhaudit.parsing import parse

FAMILY = ("PokerStars-format", "PokerTracker-export")
REVIEWED = Path(__file__).parent / "reviewed" / "pokerstars.tsv"


@cache
def audited() -> list[tuple[str, object, list]]:
    root = corpus()
    auditor = Auditor("online")
    out = []
    for rel in sorted(hands_tsv(*FAMILY)):
        for hand in parse(str(root / rel)):
            out.append((rel, hand, auditor.audit(hand).findings))
    return out


def test_every_file_reads_the_hands_listed() -> None:
    expected = hands_tsv(*FAMILY)
    got = Counter(rel for rel, _, _ in audited())
    assert got == Counter(expected)


def test_statuses() -> None:
    statuses = Counter(h.status.value for _, h, _ in audited())
    assert statuses["audited"] > 1550
    errors = sorted((rel.split("/")[-1], h.problem.line) for rel, h, _ in audited() if h.status.value == "parse_error")
    # The one deliberately truncated file: two hands cut off mid-line by the next header.
    assert errors == [
        ("NLHE-9max-Freeroll-MTT-201209.concatenated.partial.txt", 110),
        ("NLHE-9max-Freeroll-MTT-201209.concatenated.partial.txt", 1436),
    ]


def test_unsupported_games_are_the_non_holdem_hands() -> None:
    rows: dict[str, str] = {}
    with open(corpus() / "HANDS.tsv", encoding="utf-8") as fh:
        for r in csv.reader(fh, delimiter="\t"):
            if len(r) > 4 and r[2] in FAMILY:
                rows[r[3]] = r[4]
    for _, h, _ in audited():
        if h.status.value == "unsupported_game":
            assert rows.get(h.hand_id, "?") != "holdem" or "6+" in h.variant or h.variant != "holdem"


def test_no_finding_except_reviewed() -> None:
    with open(REVIEWED, encoding="utf-8") as fh:
        reviewed = {(r["file"], r["hand_id"], r["rule"]) for r in csv.DictReader(fh, delimiter="\t")}
    found = set()
    for rel, h, findings in audited():
        if h.format != "pokerstars":
            continue  # PokerTracker exports keep their reviewed lists beside their own tests
        for f in findings:
            if f.rule == "PA01":
                continue
            found.add((rel.split("/")[-1], h.hand_id, f.rule))
    assert found - reviewed == set(), "new findings on real hands (bugs until proven otherwise)"
    assert reviewed - found == set(), "reviewed findings no longer reported: update the list"
