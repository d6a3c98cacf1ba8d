"""WPN (layout until 2019): values pinned by reading the hands, and every corpus hand parses."""

from __future__ import annotations

import collections
from pathlib import Path

import pytest

from hhaudit.model import ActionEvent, CollectEvent, DealEvent, Post, PostEvent, Status, UncalledEvent
from hhaudit.parsing import parse

CORPUS = Path(__file__).parents[2] / ".." / "shared" / "corpus"
REG = CORPUS / "ChazDazzle/fpdb-chaz/pyfpdb/regression-test-files"
SITES = {"WPN/ACR (old)"}
# Files whose hands have a player the site left unnamed ("Player  has big blind (2)") and
# did not seat: those hands cannot be replayed and stay parse errors.
UNNAMED_PLAYER = {"NLHE-9max-USD-1.00-2.00-201612.Unknown.Player.Acts.HH20160621 G30997753.txt",
                  "NLHE-NA-0-0 HH00000000 T1-G0-201601.unknown.player.acts.txt"}


def corpus_files() -> dict[str, int]:
    if not (CORPUS / "HANDS.tsv").exists():
        return {}
    rows: collections.Counter[str] = collections.Counter()
    for line in (CORPUS / "HANDS.tsv").read_text(encoding="utf-8").splitlines()[1:]:
        parts = line.split("\t")
        if parts[2] in SITES:
            rows[parts[0]] += 1
    return dict(rows)


def hands_of(rel: str):
    path = REG / rel
    if not path.exists():
        pytest.skip("corpus not present at ../shared/corpus")
    return list(parse(str(path)))


def acts(hand):
    return [(e.player, e.act.value, e.amount, e.to, e.all_in) for e in hand.events if isinstance(e, ActionEvent)]


def test_utf16_cash_hand_with_summary_collects():
    hands = hands_of("cash/Winning/Flop/NLHE-6max-USD-0.01-0.02-201608.Cap.HH00000000 G0.txt")
    h = hands[0]
    assert h.status is Status.AUDITED, h.problem
    assert (h.hand_id, h.kind, h.scale, h.sb, h.bb, h.button_seat) == ("698338917", "cash", 2, 1, 2, 3)
    assert [(s.seat, s.stack) for s in h.seats] == [(1, 200), (2, 202), (3, 212), (5, 80), (6, 80)]
    assert [(e.player, e.kind, e.amount) for e in h.events if isinstance(e, PostEvent)] == [
        ("rt1501", Post.SMALL_BLIND, 1), ("ChazDazzle", Post.BIG_BLIND, 2)]
    assert [e.cards for e in h.events if isinstance(e, DealEvent)] == [("Ad", "8s")]
    assert acts(h) == [
        ("shadex47", "fold", None, None, False), ("busmanstc", "raise", 4, None, False),
        ("unregpre", "fold", None, None, False), ("rt1501", "fold", None, None, False),
        ("ChazDazzle", "call", 2, None, False), ("ChazDazzle", "check", None, None, False),
        ("busmanstc", "bet", 6, None, False), ("ChazDazzle", "fold", None, None, False),
    ]
    assert [e.amount for e in h.events if isinstance(e, UncalledEvent)] == [6]
    assert [(e.player, e.amount) for e in h.events if isinstance(e, CollectEvent)] == [("busmanstc", 9)]
    assert (h.summary.total_pot, h.summary.rake) == (9, 0)


@pytest.mark.parametrize("rel,count", sorted(corpus_files().items()))
def test_every_corpus_hand_parses(rel: str, count: int):
    hands = list(parse(str(CORPUS / rel)))
    assert len(hands) == count
    bad = [h for h in hands if h.status is Status.PARSE_ERROR]
    if Path(rel).name in UNNAMED_PLAYER:
        assert all("'' is not seated" in (h.problem.message if h.problem else "") for h in bad)
    else:
        assert not bad
    assert all(h.format == "wpn" for h in hands)
