"""WPN (layout since 2019): values pinned by reading the hands, every corpus hand parses, and
the findings on the corpus hands are exactly the reviewed ones (tests/reviewed/wpn2019.tsv)."""

from __future__ import annotations

from datetime import datetime, timezone

import pytest
from _site_corpus import check_file, findings, hand, reviewed, rows

from hhaudit.model import Act, ActionEvent, CollectEvent, Limit, Post, PostEvent, Status, UncalledEvent

SITE = "WPN/ACR"
CASH = "cash/Winning/Flop/"


def acts(h):
    return [(e.player, e.act, e.amount, e.to, e.all_in) for e in h.events if isinstance(e, ActionEvent)]


def test_capped_table_jackpot_fee_and_sitting_out_seat():
    h = hand(CASH + "NLHE-9max-USD-0.01-0.02-201911.CASHID-TN-Miramar (Cap) GAMETYPE.txt")
    assert h.status is Status.AUDITED, h.problem
    assert (h.site, h.format, h.hand_id, h.kind, h.currency, h.scale) == (
        "WPN/ACR", "wpn2019", "151588328", "cash", "USD", 2)
    assert (h.limit, h.sb, h.bb, h.button_seat, h.max_seats, h.table_name) == (
        Limit.NO_LIMIT, 1, 2, 1, 9, "Miramar (Cap)")
    assert h.started_at == datetime(2019, 11, 8, 4, 43, 23, tzinfo=timezone.utc)
    assert [(s.seat, s.stack, s.sitting_out) for s in h.seats] == [
        (1, 0, True), (2, 90, False), (3, 140, False), (6, 69, False), (9, 266, False)]
    assert acts(h) == [
        ("Itspinkynigga", Act.FOLD, None, None, False),
        ("IrishPimp2233", Act.RAISE, None, 5, False),   # raises $0.05 to $0.05
        ("Papabear2016", Act.CALL, 4, None, False),
        ("ccZORBAcc", Act.CALL, 3, None, False),
        ("Papabear2016", Act.CHECK, None, None, False),
        ("ccZORBAcc", Act.BET, 11, None, False),
        ("IrishPimp2233", Act.RAISE, 55, None, True),   # caps $0.55: raise to the table cap
        ("Papabear2016", Act.FOLD, None, None, False),
        ("ccZORBAcc", Act.CALL, 44, None, False),
    ]
    assert [(e.player, e.amount, e.pot) for e in h.events if isinstance(e, CollectEvent)] == [("ccZORBAcc", 119, 0)]
    # "Total pot $1.19 | Rake $0.04 | JP Fee $0.02" of a 1.25 pot
    assert (h.summary.total_pot, h.summary.rake, h.summary.jackpot) == (119, 4, 2)
    assert h.summary.boards == [("Qh", "5c", "4d", "As", "6c")]


def test_dead_post_is_big_blind_live_plus_small_blind_dead():
    h = hand(CASH + "NLHE-9max-USD-0.02-0.05-202104.post.dead.txt")
    posts = [(e.player, e.kind, e.amount, e.dead) for e in h.events if isinstance(e, PostEvent)]
    assert posts == [("Player6", Post.SMALL_BLIND, 2, 0), ("Player7", Post.BIG_BLIND, 5, 0),
                     ("Player8", Post.DEAD, 5, 2)]  # "posts dead $0.07"
    assert acts(h)[0] == ("Player8", Act.CHECK, None, None, False)
    assert [(e.player, e.amount) for e in h.events if isinstance(e, CollectEvent)] == [("Player8", 17)]


def test_tournament_level_stakes_and_summary_only_win():
    h = hand("tour/Winning/NLHE-9max-NA-0-0-201907.SCHEDULEDID-TN-The Venom - $5,000,000 GTD - Day 1C GAMETYPE.txt")
    assert (h.kind, h.tournament_id, h.scale, h.currency) == ("tournament", "11182752", 0, "")
    assert (h.sb, h.bb, h.ante, h.button_seat, h.table_name) == (250, 500, 65, 8, "25")
    assert h.seats[0].stack == 35976  # "(35976.00)"
    assert acts(h)[-2:] == [("Player7", Act.RAISE, None, 4305, True), ("Hero", Act.FOLD, None, None, False)]
    assert [(e.player, e.amount) for e in h.events if isinstance(e, UncalledEvent)] == [("Player7", 3805)]
    # no "collected" line: "Seat 9: Player7 did not show and won 1585.00"
    assert [(e.player, e.amount) for e in h.events if isinstance(e, CollectEvent)] == [("Player7", 1585)]
    assert h.summary.total_pot == 1585


def test_gtd_tournament_name_before_tournament_number():
    h = hand("tour/Winning/NLHE-8max-NA-0-0-202210.GTD.k.txt")
    assert (h.hand_id, h.tournament_id, h.sb, h.bb, h.ante) == ("1414880620", "28282580", 5000, 10000, 1250)
    assert ("Player6", Act.BET, 88570, None, True) in acts(h)
    assert [(e.player, e.amount, e.pot) for e in h.events if isinstance(e, CollectEvent)] == [("Hero", 294140, 0)]


@pytest.mark.parametrize("rel,count", sorted(rows(SITE).items()))
def test_every_corpus_hand_parses(rel: str, count: int):
    hands = check_file(rel, count, "wpn2019")
    assert all(h.status is Status.AUDITED for h in hands)


def test_findings_are_the_reviewed_ones():
    assert findings(SITE) == reviewed("wpn2019")
