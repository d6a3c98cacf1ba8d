"""Shared helpers of the XML format tests: the corpus, its HANDS.tsv rows, one hand by id."""

from __future__ import annotations

import collections
import itertools
from pathlib import Path

import pytest

from hhaudit import formats
from hhaudit.model import Hand, Status
from hhaudit.parsing import parse
from hhaudit.reading import iter_lines

CORPUS = Path(__file__).parents[2] / ".." / "shared" / "corpus"
FILES = CORPUS / "ChazDazzle/fpdb-chaz/pyfpdb/regression-test-files"


def need_corpus() -> None:
    if not (CORPUS / "HANDS.tsv").is_file():
        pytest.skip("the shared corpus (../shared/corpus) is not present")


def rows(site: str) -> dict[str, int]:
    """HANDS.tsv rows per file for one site (e.g. "iPoker (XML)")."""
    need_corpus()
    out: collections.Counter[str] = collections.Counter()
    with open(CORPUS / "HANDS.tsv", encoding="utf-8") as fh:
        for line in fh:
            cols = line.rstrip("\n").split("\t")
            if len(cols) > 2 and cols[2] == site:
                out[cols[0]] += 1
    return dict(out)


def hand(rel: str, hand_id: str) -> Hand:
    need_corpus()
    for h in parse(str(FILES / rel)):
        if h.hand_id == hand_id:
            return h
    raise AssertionError(f"{hand_id} not found in {rel}")


def check_corpus(site: str, fmt: str, allowed_errors: dict[str, int] | None = None) -> None:
    """Every file of the site is detected as `fmt` and gives as many hands as HANDS.tsv
    lists, each audited or unsupported (parse errors only where `allowed_errors` says)."""
    allowed_errors = allowed_errors or {}
    found = rows(site)
    assert found
    for rel, count in sorted(found.items()):
        path = CORPUS / rel
        with open(path, "rb") as fh:
            head = list(itertools.islice(iter_lines(fh), 40))
        detected = formats.detect(head)
        assert detected is not None and detected.name == fmt, rel
        hands = list(parse(str(path)))
        assert len(hands) == count, rel
        errors = [h for h in hands if h.status is Status.PARSE_ERROR]
        assert len(errors) == allowed_errors.get(Path(rel).name, 0), (
            rel, [(h.hand_id, h.problem) for h in errors])
