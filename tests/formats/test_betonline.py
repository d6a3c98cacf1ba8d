"""BetOnline / Chico: values pinned by reading the hands, and every corpus hand parses."""

from __future__ import annotations

import collections
from pathlib import Path

import pytest

from hhaudit.model import (
    ActionEvent,
    CollectEvent,
    DealEvent,
    Limit,
    Post,
    PostEvent,
    Status,
    StreetEvent,
    UncalledEvent,
)
from hhaudit.parsing import parse

CORPUS = Path(__file__).parents[2] / ".." / "shared" / "corpus"
REG = CORPUS / "ChazDazzle/fpdb-chaz/pyfpdb/regression-test-files"
SITES = {"BetOnline/Chico"}
# Deliberately broken hands of the corpus: a hand that names an unseated "Unknown player",
# a file cut off inside its last hand, and a hand with a nameless seat and a stray pot line.
BROKEN = {
    "NLHE-10max-0.25-0.50-201203.unknown.player.wins.txt": "991142904",
    "NLHE-10max-USD-0.25-0.05-201108.txt": "900205887",
    "NLHE-10max-USD-MTT-201210.dead.stack.txt": "1078353699",
}


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


def hand_of(rel: str, hand_id: str):
    for h in hands_of(rel):
        if h.hand_id == hand_id:
            return h
    raise AssertionError(f"hand {hand_id} not in {rel}")



def acts(hand):
    return [(e.player, e.act.value, e.amount, e.to, e.all_in) for e in hand.events if isinstance(e, ActionEvent)]


def posts(hand):
    return [(e.player, e.kind, e.amount, e.dead, e.all_in) for e in hand.events if isinstance(e, PostEvent)]


def acts(hand):
    return [(e.player, e.act.value, e.amount, e.to, e.all_in) for e in hand.events if isinstance(e, ActionEvent)]


def posts(hand):
    return [(e.player, e.kind, e.amount, e.dead, e.all_in) for e in hand.events if isinstance(e, PostEvent)]


def test_post_dead_hand():
    (h,) = hands_of("cash/BetOnline/Flop/NLHE-10max-0.25-0.50-201204.post.dead.txt")
    assert h.status is Status.AUDITED, h.problem
    assert (h.hand_id, h.format, h.site) == ("1002134798", "betonline", "BetOnline/Chico")
    assert (h.kind, h.currency, h.scale, h.sb, h.bb, h.limit) == ("cash", "USD", 2, 25, 50, Limit.NO_LIMIT)
    assert (h.table_name, h.max_seats, h.button_seat) == ("Blade Runner", 10, 5)
    # "GMT Daylight Time" is London summer time.
    assert h.started_at is not None and h.started_at.isoformat() == "2012-04-11T00:59:39+00:00"
    assert [(s.seat, s.player, s.stack) for s in h.seats][:3] == [(4, "Player9", 4342), (8, "Player6", 5654), (5, "Player3", 12609)]
    assert posts(h) == [
        ("Player1", Post.SMALL_BLIND, 25, 0, False), ("Player5", Post.BIG_BLIND, 50, 0, False),
        ("Player0", Post.DEAD, 50, 25, False),   # "post dead 0.50": big blind live, small blind dead
    ]
    assert acts(h)[5:] == [
        ("Player0", "check", None, None, False),
        ("Player9", "raise", None, 150, False),   # "raises 1.50 to 1.50"
        ("Player3", "fold", None, None, False),
        ("Player1", "call", 125, None, False),
        ("Player5", "call", 100, None, False),
        ("Player0", "call", 100, None, False),
        ("Player1", "check", None, None, False),
        ("Player5", "bet", 468, None, False),
        ("Player0", "call", 468, None, False),
        ("Player9", "fold", None, None, False),
        ("Player1", "fold", None, None, False),
        ("Player5", "bet", 1112, None, False),
        ("Player0", "fold", None, None, False),
    ]
    assert [(e.street.value, e.board) for e in h.events if isinstance(e, StreetEvent)] == [
        ("flop", ("6c", "7s", "Qc")), ("turn", ("6c", "7s", "Qc", "Td"))]
    assert [(e.player, e.amount) for e in h.events if isinstance(e, UncalledEvent)] == [("Player5", 1112)]
    assert [(e.player, e.amount) for e in h.events if isinstance(e, CollectEvent)] == [("Player5", 1483)]
    assert (h.summary.total_pot, h.summary.rake) == (1483, 78)


def test_gear_poker_seats_run_counter_clockwise():
    h = hands_of("cash/BetOnline/Flop/NLHE-10max-play-10-20-201204.GearPoker.txt")[0]
    assert h.status is Status.AUDITED, h.problem
    assert (h.currency, h.scale, h.sb, h.bb, h.limit) == ("play", 2, 1000, 2000, Limit.NO_LIMIT)
    # Button seat 9, small blind seat 8, big blind seat 7: numbers mirrored (10 - seat).
    assert h.button_seat == 1
    assert posts(h) == [("Player7", Post.SMALL_BLIND, 1000, 0, False), ("Player6", Post.BIG_BLIND, 2000, 0, False)]
    assert [e.seat for e in h.events if isinstance(e, PostEvent)] == [2, 3]
    assert [(e.player, e.cards) for e in h.events if isinstance(e, DealEvent)] == [("Hero", ("7s", "7h"))]
    assert [(e.player, e.amount) for e in h.events if isinstance(e, CollectEvent)] == [("Player6", 9000)]


@pytest.mark.parametrize("rel,count", sorted(corpus_files().items()))
def test_every_corpus_hand_parses(rel: str, count: int):
    path = CORPUS / rel
    if not path.exists():
        pytest.skip("corpus not present at ../shared/corpus")
    hands = list(parse(str(path)))
    assert len(hands) == count
    errors = [h.hand_id for h in hands if h.status is Status.PARSE_ERROR]
    broken = BROKEN.get(Path(rel).name)
    assert errors == ([broken] if broken else []), [(h.hand_id, h.problem) for h in hands if h.problem]
    for h in hands:
        assert h.format == "betonline"
