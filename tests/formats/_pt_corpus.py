"""Corpus helpers for the PokerTracker-export format tests (not a test module)."""

from __future__ import annotations

import collections
from pathlib import Path

import pytest

from hhaudit.model import Hand, Status
from hhaudit.parsing import ParseLog, parse

CORPUS = Path(__file__).parents[2] / ".." / "shared" / "corpus"
FILES = CORPUS / "ChazDazzle/fpdb-chaz/pyfpdb/regression-test-files"
CASH = "cash/PokerTracker/Flop/"
TOUR = "tour/PokerTracker/Flop/"


def need_corpus() -> None:
    if not (CORPUS / "HANDS.tsv").is_file():
        pytest.skip("the shared corpus (../shared/corpus) is not present")


def rows(marker: str) -> dict[str, int]:
    """HANDS.tsv rows per file for the PokerTracker folders, files whose name has `marker`."""
    need_corpus()
    out: collections.Counter[str] = collections.Counter()
    with open(CORPUS / "HANDS.tsv", encoding="utf-8") as fh:
        for line in fh:
            cols = line.rstrip("\n").split("\t")
            if len(cols) > 2 and "/PokerTracker/" in cols[0] and marker in Path(cols[0]).name:
                out[cols[0]] += 1
    return dict(out)


def check_file(rel: str, count: int, fmt: str) -> list[Hand]:
    log = ParseLog()
    hands = list(parse(str(CORPUS / rel), log=log))
    assert log.files[0].format == fmt, (rel, log.files[0].error)
    assert len(hands) == count, rel
    bad = [(h.hand_id, h.problem) for h in hands if h.status is Status.PARSE_ERROR]
    assert not bad, (rel, bad)
    return hands


def hand(rel: str, hand_id: str) -> Hand:
    need_corpus()
    for h in parse(str(FILES / rel)):
        if h.hand_id == hand_id:
            return h
    raise AssertionError(f"{hand_id} not found in {rel}")
