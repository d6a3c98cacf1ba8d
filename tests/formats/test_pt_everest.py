"""PokerTracker exports of Everest hands (pt_everest): values read by hand from real hands,
and every corpus hand of this dialect parses."""

from __future__ import annotations

from _pt_corpus import CASH, TOUR, check_file, hand, rows

from hhaudit.model import Act, ActionEvent, CollectEvent, Limit, Post, PostEvent, UncalledEvent


def _acts(h):
    return [(e.player, e.act, e.amount, e.to, e.all_in) for e in h.events if isinstance(e, ActionEvent)]


def _posts(h):
    return [(e.player, e.kind, e.amount, e.dead, e.all_in) for e in h.events if isinstance(e, PostEvent)]


def test_every_corpus_hand_parses() -> None:
    found = rows("Everest")
    assert len(found) == 2
    for rel, count in sorted(found.items()):
        check_file(rel, count, "pt_everest")


def test_cash_hand() -> None:
    h = hand(CASH + "NLHE-USD-0.50-1.00-201101.Everest.txt", "6450768434")
    assert (h.site, h.format, h.kind, h.currency, h.scale) == ("Everest", "pt_everest", "cash", "USD", 2)
    assert (h.game, h.sb, h.bb, h.button_seat, h.table_name) == ("NLHE", 50, 100, 7, "Moroni-1")
    assert h.seats[0].stack == 9415 and len(h.seats) == 10
    assert _posts(h) == [("Player9", Post.SMALL_BLIND, 50, 0, False), ("Player13", Post.BIG_BLIND, 100, 0, False)]
    acts = _acts(h)
    assert acts[2] == ("Player19", Act.CALL, 100, None, False)
    assert acts[6] == ("Player28", Act.RAISE, None, 550, False)
    assert acts[-3:] == [("Player16", Act.CHECK, None, None, False), ("Player28", Act.BET, 700, None, False),
                         ("Player16", Act.FOLD, None, None, False)]
    assert [(e.player, e.amount) for e in h.events if isinstance(e, UncalledEvent)] == [("Player28", 700)]
    assert [(e.player, e.amount) for e in h.events if isinstance(e, CollectEvent)] == [("Player28", 1285)]
    assert h.summary.rake == 1350 - 1285  # not written


def test_dead_blinds() -> None:
    h = hand(CASH + "NLHE-USD-0.50-1.00-201101.Everest.txt", "6474531197")
    assert _posts(h)[2:] == [("Player5", Post.DEAD, 0, 50, False), ("Player5", Post.BIG_BLIND, 100, 0, False)]
    h = hand(CASH + "NLHE-USD-0.50-1.00-201101.Everest.txt", "6474571169")
    assert _posts(h)[2] == ("Player6", Post.BIG_BLIND, 100, 0, False)  # "dead blind of $1.00"


def test_fixed_limit_tournament() -> None:
    h = hand(TOUR + "LHE-EUR-SNG-201111.Everest.txt", "7164315170")
    assert (h.kind, h.scale, h.limit, h.game, h.tournament_id) == ("tournament", 0, Limit.FIXED_LIMIT, "FLHE", "49630157")
    assert (h.small_bet, h.big_bet, h.sb, h.bb) == (100, 200, 50, 100)
    assert h.table_name == "49630157-0" and h.seats[0].stack == 1170
    acts = _acts(h)
    assert acts[0] == ("Player5", Act.RAISE, None, 200, False)
    assert acts[-3:] == [("Player6", Act.RAISE, None, 170, True), ("Player2", Act.FOLD, None, None, False),
                         ("Player4", Act.CALL, 70, None, False)]
    assert [(e.player, e.amount) for e in h.events if isinstance(e, CollectEvent)] == [("Player6", 1440)]
    assert h.summary.rake == 0
    h = hand(TOUR + "LHE-EUR-SNG-201111.Everest.txt", "7164321511")
    assert _acts(h)[-2:] == [("Player4", Act.RAISE, None, 127000 // 100, False), ("Player6", Act.CALL, 70, None, True)]
