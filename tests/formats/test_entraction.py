"""Entraction: values pinned by reading the hands, every corpus hand parses, and no finding on
the corpus hands (tests/reviewed/entraction.tsv would list reviewed ones)."""

from __future__ import annotations

from datetime import datetime, timezone

import pytest
from _site_corpus import check_file, findings, hand, reviewed, rows

from hhaudit.model import Act, ActionEvent, CollectEvent, DealEvent, Limit, Post, PostEvent, Status, UncalledEvent

SITE = "Entraction"


def acts(h):
    return [(e.player, e.act, e.amount, e.to, e.all_in) for e in h.events if isinstance(e, ActionEvent)]


def test_fixed_limit_cash_hand():
    h = hand("cash/Entraction/Flop/LHE-HU-EUR-10-20-201103.txt")
    assert h.status is Status.AUDITED, h.problem
    assert (h.site, h.format, h.hand_id, h.kind, h.currency, h.scale) == (
        "Entraction", "entraction", "2145163746", "cash", "EUR", 2)
    assert (h.limit, h.small_bet, h.big_bet, h.sb, h.bb) == (Limit.FIXED_LIMIT, 1000, 2000, 500, 1000)
    assert (h.table_name, h.max_seats, h.button_seat) == ("Lorient", 6, 5)
    assert h.started_at == datetime(2011, 3, 26, 13, 19, 18, tzinfo=timezone.utc)
    assert [(s.seat, s.player, s.stack) for s in h.seats] == [(4, "Hero", 46850), (5, "Player0", 52850)]
    assert [e.cards for e in h.events if isinstance(e, DealEvent)] == [("9c", "7d")]
    assert acts(h) == [
        ("Hero", Act.RAISE, 1500, None, False),     # Raise (15.00): chips added, to 20
        ("Player0", Act.RAISE, 2000, None, False),  # to 30
        ("Hero", Act.CALL, 1000, None, False),
        ("Hero", Act.CHECK, None, None, False),
        ("Player0", Act.BET, 1000, None, False),
        ("Hero", Act.FOLD, None, None, False),
    ]
    assert [(e.player, e.amount) for e in h.events if isinstance(e, UncalledEvent)] == [("Player0", 1000)]
    assert [(e.player, e.amount) for e in h.events if isinstance(e, CollectEvent)] == [("Player0", 5925)]
    assert h.summary.rake == 75


def test_lowercase_hero_and_all_in():
    h = hand("cash/Entraction/Flop/NLHE-EUR-0.10-0.20-201009.lowercase.hero.txt")
    assert [(e.player, e.cards) for e in h.events if isinstance(e, DealEvent)] == [("Hero", ("4c", "5c"))]
    assert acts(h)[0] == ("Player1", Act.RAISE, 432, None, True)  # All-In (4.32) over the 0.20 blind
    assert [(e.player, e.amount) for e in h.events if isinstance(e, UncalledEvent)] == [("Player1", 412)]
    assert [(e.player, e.amount) for e in h.events if isinstance(e, CollectEvent)] == [("Player1", 50)]
    assert h.summary.rake == 0


def test_tournament_antes():
    h = hand("tour/Entraction/Flop/NLHE-EUR-MTT-201206.ante.txt")
    assert (h.kind, h.scale, h.sb, h.bb, h.ante, h.tournament_id) == ("tournament", 0, 200, 400, 20, "12717727")
    assert h.seats[0].stack == 6003  # "(6,003.00 in seat 1)"
    posts = [(e.player, e.kind, e.amount) for e in h.events if isinstance(e, PostEvent)]
    assert len(posts) == 10 and posts[-2:] == [("Player2", Post.SMALL_BLIND, 200), ("Player3", Post.BIG_BLIND, 400)]
    assert [(e.player, e.amount) for e in h.events if isinstance(e, UncalledEvent)] == [("Player4", 580)]
    assert [(e.player, e.amount) for e in h.events if isinstance(e, CollectEvent)] == [("Player4", 1160)]


@pytest.mark.parametrize("rel,count", sorted(rows(SITE).items()))
def test_every_corpus_hand_parses(rel: str, count: int):
    hands = check_file(rel, count, "entraction")
    assert all(h.status is Status.AUDITED for h in hands)


def test_findings_are_the_reviewed_ones():
    assert findings(SITE) == reviewed("entraction")


PADDED_NAMES = """\
Game # 2300000001 - Omaha High Pot Limit EUR 0.50/1 - Table "Testville"

Players(max 6):
Ann                         (EUR 100.00 in seat 1)
Ben                         (EUR 100.00 in seat 2)
Cat                         (EUR 100.00 in seat 3)

Dealer:                     Ann
Small Blind:                Ben         (0.50)
Big Blind:                  Cat         (1.00)

Ben    was dealt:           2h - 2s - Ah - As

Ann                         Fold
Ben                         Raise       (2.50)
Cat                         Call        (2.00)

Flop                        6s - Js - 3s

Ben                         Bet         (6.00)
Cat                         Call        (6.00)

Turn                        6s - Js - 3s - 2c

Ben                         Check
Cat                         Check

River                       6s - Js - 3s - 2c - 9s

Ben                         Check
Cat                         Check

Ben    shows:               2h - 2s - Ah - As (a flush, Ace high)
Cat      shows:             2d - Qs - Ts - 5d (a flush, Queen high)

Ben    wins:                EUR 17.50 (with a flush, Ace high)
Rake:                       EUR 0.50

Game ended 2011-08-06 18:53:35 CEST
"""


def test_names_padded_before_dealt_shows_and_wins() -> None:
    # "Ben    was dealt:", "Cat      shows:", "Ben    wins:": the name ends at its last
    # non-space. 3.00 + 3.00 + 6.00 + 6.00 = 18.00, less 0.50 rake: 17.50 to Ben.
    import hhaudit

    r = hhaudit.audit(PADDED_NAMES)
    assert r.hands.iloc[0]["status"] == "audited"
    assert r.findings.empty, r.findings[["rule", "message"]].to_string()
    assert r.pots["amount"].tolist() == [1800]
