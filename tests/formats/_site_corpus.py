"""Corpus helpers for the tests of the smaller site formats (Winamax, WPN 2019+, Seals With
Clubs, KingsClub, Entraction, Unibet, Enet): hands per file against HANDS.tsv, and findings
against a reviewed list. Not a test module."""

from __future__ import annotations

import collections
import csv
from functools import cache
from pathlib import Path

import pytest

from hhaudit.engine.auditor import Auditor
from hhaudit.model import ActionEvent, Hand, PostEvent, Status
from hhaudit.parsing import parse

CORPUS = Path(__file__).parents[2] / ".." / "shared" / "corpus"
FILES = CORPUS / "ChazDazzle/fpdb-chaz/pyfpdb/regression-test-files"
REVIEWED = Path(__file__).parents[1] / "reviewed"


def need_corpus() -> None:
    if not (CORPUS / "HANDS.tsv").is_file():
        pytest.skip("the shared corpus (../shared/corpus) is not present")


@cache
def rows(site: str) -> dict[str, int]:
    """HANDS.tsv rows per file for one site (relative to the corpus root)."""
    if not (CORPUS / "HANDS.tsv").is_file():
        return {}
    out: collections.Counter[str] = collections.Counter()
    with open(CORPUS / "HANDS.tsv", encoding="utf-8") as fh:
        for line in fh:
            cols = line.rstrip("\n").split("\t")
            if len(cols) > 2 and cols[2] == site:
                out[cols[0]] += 1
    return dict(out)


def check_file(rel: str, count: int, fmt: str, allowed_errors: int = 0) -> list[Hand]:
    """Every hand of the file is read by `fmt`, as many as HANDS.tsv lists, none a parse error."""
    need_corpus()
    hands = list(parse(str(CORPUS / rel)))
    assert len(hands) == count, rel
    assert {h.format for h in hands} == {fmt}, rel
    bad = [(h.hand_id, h.problem) for h in hands if h.status is Status.PARSE_ERROR]
    assert len(bad) <= allowed_errors, (rel, bad)
    return hands


def hand(rel: str, hand_id: str | None = None) -> Hand:
    need_corpus()
    hands = list(parse(str(FILES / rel)))
    if hand_id is None:
        return hands[0]
    for h in hands:
        if h.hand_id == hand_id:
            return h
    raise AssertionError(f"{hand_id} not found in {rel}")


def findings(site: str) -> set[tuple[str, str, str]]:
    """(file, hand_id, rule) of every finding on the site's audited corpus hands."""
    need_corpus()
    auditor = Auditor("online")
    out = set()
    for rel in sorted(rows(site)):
        for h in parse(str(CORPUS / rel)):
            if h.status is Status.AUDITED:
                for f in auditor.audit(h).findings:
                    out.add((rel, h.hand_id, f.rule))
    return out


def reviewed(name: str) -> set[tuple[str, str, str]]:
    path = REVIEWED / f"{name}.tsv"
    if not path.exists():
        return set()
    with open(path, encoding="utf-8") as fh:
        return {(r["file"], r["hand_id"], rule) for r in csv.DictReader(fh, delimiter="\t")
                for rule in r["rule"].split(",")}


def file_hands(path: Path) -> list[Hand]:
    """Every hand of one corpus file (skipping when the corpus is absent)."""
    if not path.exists():
        pytest.skip("corpus not present at ../shared/corpus")
    return list(parse(str(path)))


def file_hand(path: Path, hand_id: str) -> Hand:
    for h in file_hands(path):
        if h.hand_id == hand_id:
            return h
    raise AssertionError(f"hand {hand_id} not in {path}")


def acts(hand: Hand) -> list[tuple[object, ...]]:
    """(player, act, amount, to, all-in) of each action."""
    return [(e.player, e.act.value, e.amount, e.to, e.all_in) for e in hand.events if isinstance(e, ActionEvent)]


def posts(hand: Hand) -> list[tuple[object, ...]]:
    """(player, kind, amount, dead, all-in) of each post."""
    return [(e.player, e.kind, e.amount, e.dead, e.all_in) for e in hand.events if isinstance(e, PostEvent)]
