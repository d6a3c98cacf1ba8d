"""Corpus coverage per site, through `benchmarks/coverage.py` (the README carries its table)."""

from __future__ import annotations

import sys
from pathlib import Path

from conftest_corpus import corpus

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
import coverage as cov  # noqa: E402

# Sites with no format yet (none left).
NOT_YET: set[str] = set()


def test_every_site_reads_its_holdem_hands() -> None:
    rows = cov.coverage(corpus())
    for site, r in rows.items():
        if site in NOT_YET:
            continue
        assert r.read >= r.listed, (site, r.read, r.listed)
        # at least 99% of the Hold'em hands audited, the rest explained by each format's tests
        assert r.statuses["audited"] >= 0.99 * r.holdem - 3, (site, r.statuses, r.holdem)
        assert r.statuses["audited"] + r.statuses["unsupported_game"] + r.statuses["parse_error"] == r.read
        # every finding on a real hand is reviewed (tests/reviewed/*.tsv, with its reason)
        assert r.unreviewed == 0, (site, r.unreviewed)
