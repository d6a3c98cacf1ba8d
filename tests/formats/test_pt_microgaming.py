"""PokerTracker exports of Microgaming hands (pt_microgaming): values read by hand from real
hands, and every corpus hand of this dialect parses."""

from __future__ import annotations

from _pt_corpus import CASH, TOUR, check_file, hand, rows

from hhaudit.model import Act, ActionEvent, CollectEvent, Post, PostEvent, ShowEvent, StreetEvent


def _acts(h):
    return [(e.player, e.act, e.amount, e.to, e.all_in) for e in h.events if isinstance(e, ActionEvent)]


def _posts(h):
    return [(e.player, e.kind, e.amount, e.dead, e.all_in) for e in h.events if isinstance(e, PostEvent)]


def _collects(h):
    return [(e.player, e.amount, e.pot) for e in h.events if isinstance(e, CollectEvent)]


def test_every_corpus_hand_parses() -> None:
    found = rows("Microgaming") | rows("new.format")
    assert len(found) == 6
    for rel, count in sorted(found.items()):
        check_file(rel, count, "pt_microgaming")


def test_2011_export_writes_street_totals() -> None:
    h = hand(CASH + "NLHE-EUR-0.05-0.10-201111.Microgaming.txt", "4152594215")
    assert (h.site, h.format, h.kind, h.currency, h.scale, h.sb, h.bb) == (
        "Microgaming", "pt_microgaming", "cash", "EUR", 2, 5, 10)
    assert h.button_seat == 3 and h.started_at is None
    assert [(s.seat, s.player, s.stack, s.sitting_out) for s in h.seats] == [
        (1, "player1", 1000, True), (2, "player2", 0, True), (3, "player4", 690, False),
        (4, "player3", 826, False), (5, "Hero", 1076, False), (6, "player5", 1657, False)]
    assert _acts(h) == [
        ("player5", Act.RAISE, None, 20, False), ("player4", Act.FOLD, None, None, False),
        ("player3", Act.FOLD, None, None, False), ("Hero", Act.CALL, 10, None, False),  # "called - 0.20"
        ("Hero", Act.BET, 30, None, False), ("player5", Act.CALL, 30, None, False),
        ("Hero", Act.BET, 80, None, False), ("player5", Act.RAISE, None, 160, False),
        ("Hero", Act.RAISE, None, 480, False),
        ("player5", Act.RAISE, 1447, None, True),  # "went all-in - 14.47": chips added
        ("Hero", Act.CALL, 546, None, True),  # 4.80 + 5.46 = the rest of Hero's 10.76
    ]
    board = [e for e in h.events if isinstance(e, StreetEvent)][-1].board
    assert board == ("As", "Ts", "2c", "Kc", "Qh")
    shows = [(e.player, e.cards, e.muck) for e in h.events if isinstance(e, ShowEvent)]
    assert shows == [("Hero", ("2d", "2h"), False), ("player5", ("Kd", "Ac"), True)]
    assert _collects(h) == [("Hero", 2050, 0)]
    assert h.summary.rake == 1076 * 2 + 5 - 2050
    h = hand(CASH + "NLHE-EUR-0.05-0.10-201111.Microgaming.txt", "4162388199")
    assert _collects(h) == [("player8", 2974, 0), ("player8", 40, 1)]


def test_later_exports_write_chips_added() -> None:
    h = hand(CASH + "NLHE-2max-EUR-25.00-50.00-201305.new.format.txt", "4908778359")
    assert (h.sb, h.bb, h.max_seats, h.button_seat) == (2500, 5000, 2, 1)
    assert _acts(h) == [
        ("Player 1", Act.RAISE, 7500, None, False), ("Hero", Act.CALL, 5000, None, False),
        ("Hero", Act.CHECK, None, None, False), ("Player 1", Act.BET, 10000, None, False),
        ("Hero", Act.RAISE, 35000, None, False), ("Player 1", Act.FOLD, None, None, False),
    ]
    assert _collects(h) == [("Hero", 39900, 0)]  # "wins €649.00" less the 250 uncalled
    assert h.summary.rake == 100
    rel = TOUR + "NLHE-2max-USD-0-STT-201307.Microgaming.txt"
    h = hand(rel, "4962892238")
    assert (h.kind, h.currency, h.scale, h.tournament_id) == ("tournament", "", 0, "10146282")
    assert _acts(h)[:3] == [
        ("Player0", Act.CALL, 10, None, False),
        ("Hero", Act.RAISE, 60, None, False),  # "bet - 60.00" over the big blind
        ("Player0", Act.CALL, 60, None, False),
    ]
    assert _acts(h)[-2:] == [("Player0", Act.RAISE, 400, None, False), ("Hero", Act.FOLD, None, None, False)]
    assert _collects(h) == [("Player0", 320, 0)]


def test_posts() -> None:
    h = hand(TOUR + "NLHE-2max-USD-0-STT-201307.Microgaming.allin.blind.txt", "4969489282")
    assert _posts(h) == [("Hero", Post.SMALL_BLIND, 10, 0, False), ("Player0", Post.BIG_BLIND, 10, 0, True)]
    assert _acts(h) == []
    h = hand(TOUR + "NLHE-9max-USD-MTT-16.50-201307.Microgaming.antes.txt", "4961261341")
    assert h.ante == 20 and len([p for p in _posts(h) if p[1] is Post.ANTE]) == 9
    h = hand(CASH + "NLHE-EUR-0.05-0.10-201205.Microgaming.post.both.txt", "4416401541")
    assert _posts(h)[2] == ("Player0", Post.DEAD, 0, 5, False)
    assert _acts(h)[4] == ("Player4", Act.CALL, 5, None, False)  # "called - €0.05" from the SB
    assert _collects(h) == [("Player1", 34, 0)]  # "wins €0.44" less the 0.10 uncalled
