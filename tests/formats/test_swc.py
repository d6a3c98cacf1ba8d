"""Seals With Clubs: values pinned by reading the hands, every corpus hand parses, and no
finding on the corpus hands (tests/reviewed/swc.tsv would list reviewed ones)."""

from __future__ import annotations

import pytest
from _site_corpus import check_file, findings, hand, reviewed, rows

from hhaudit.model import Act, ActionEvent, CollectEvent, Limit, Post, PostEvent, ShowEvent, Status, UncalledEvent

SITE = "SealsWithClubs"
CASH = "cash/SealsWithClubs/Flop/"


def acts(h):
    return [(e.player, e.act, e.amount, e.to, e.all_in) for e in h.events if isinstance(e, ActionEvent)]


def test_side_pot_paid_pot_by_pot():
    h = hand(CASH + "NLHE-9max-mBTC-1.00-1.00-201304.side.pot.txt")
    assert h.status is Status.AUDITED, h.problem
    assert (h.site, h.format, h.hand_id, h.currency, h.scale) == ("SealsWithClubs", "swc", "5338590-82", "mBTC", 2)
    assert (h.limit, h.sb, h.bb, h.button_seat, h.max_seats, h.table_name) == (
        Limit.NO_LIMIT, 100, 100, 5, 9, "NLHE 9max 1/1 #2")
    assert [(s.seat, s.stack) for s in h.seats] == [(2, 2300), (4, 19500), (5, 23000), (6, 200)]
    assert acts(h) == [
        ("Player1", Act.FOLD, None, None, False),
        ("Player2", Act.RAISE, None, 300, False),     # raises to 3
        ("Hero", Act.CALL, 100, None, True),          # calls 1 (All-in)
        ("Player0", Act.CALL, 200, None, False),
        ("Player0", Act.CHECK, None, None, False), ("Player2", Act.CHECK, None, None, False),
        ("Player0", Act.CHECK, None, None, False), ("Player2", Act.BET, 300, None, False),
        ("Player0", Act.FOLD, None, None, False),
    ]
    assert [(e.player, e.amount) for e in h.events if isinstance(e, UncalledEvent)] == [("Player2", 300)]
    assert [(e.player, e.amount, e.pot) for e in h.events if isinstance(e, CollectEvent)] == [
        ("Player2", 200, 1), ("Hero", 600, 0)]
    assert h.summary.rake == 0 and h.summary.boards == [("5h", "5d", "Kh", "6s", "8h")]
    assert [(e.player, e.cards) for e in h.events if isinstance(e, ShowEvent)] == [
        ("Player2", ("Td", "Tc")), ("Hero", ("Kd", "Qh"))]


def test_fixed_limit_stakes_and_showdown_rake():
    h = hand(CASH + "LHE-6max-mBTC-2.00-4.00-201305.txt")
    assert (h.limit, h.small_bet, h.big_bet, h.sb, h.bb) == (Limit.FIXED_LIMIT, 200, 400, 100, 200)
    assert acts(h)[:2] == [("Player0", Act.RAISE, None, 400, False), ("Hero", Act.CALL, 200, None, False)]
    assert [(e.player, e.amount, e.pot) for e in h.events if isinstance(e, CollectEvent)] == [("Hero", 1170, None)]
    assert h.summary.rake == 30


def test_small_and_big_blind_post_and_sitting_out():
    h = hand(CASH + "NLHE-6max-mBTC-0.50-1.00-201304.post.both.txt")
    assert [(e.player, e.kind, e.amount, e.dead) for e in h.events if isinstance(e, PostEvent)] == [
        ("Hero", Post.SMALL_BLIND, 50, 0), ("Player3", Post.BIG_BLIND, 100, 0), ("Player4", Post.DEAD, 100, 50)]
    assert [(e.player, e.amount) for e in h.events if isinstance(e, CollectEvent)] == [("Player4", 683)]
    assert h.summary.rake == 17
    h = hand(CASH + "NLHE-6max-mBTC-0.50-1.00-201310.sitting.out.txt")
    assert [s.sitting_out for s in h.seats] == [False, False, True, False, False]


@pytest.mark.parametrize("rel,count", sorted(rows(SITE).items()))
def test_every_corpus_hand_parses(rel: str, count: int):
    hands = check_file(rel, count, "swc")
    assert all(h.status is Status.AUDITED for h in hands)


def test_findings_are_the_reviewed_ones():
    assert findings(SITE) == reviewed("swc")
