"""Merge XML: pinned values read by hand from real hands, and the whole corpus parses."""

from __future__ import annotations

from hhaudit.model import Act, ActionEvent, CollectEvent, Limit, Post, PostEvent, ShowEvent, Status, StreetEvent

from xmlcorpus import check_corpus, hand

SITE = "Merge (XML)"


def acts(h):
    return [(e.player, e.act, e.amount, e.to, e.all_in) for e in h.events if isinstance(e, ActionEvent)]


def test_every_corpus_hand_parses() -> None:
    check_corpus(SITE, "merge_xml")


def test_raise_to_and_all_in_as_chips_put_in() -> None:
    h = hand("cash/Merge/Flop/NLHE-6max-USD-1.00-2.00-201308.weird.all.in.line.txt", "71748131-1802")
    assert h.status is Status.AUDITED
    assert (h.game, h.limit, h.kind, h.currency, h.scale, h.sb, h.bb, h.button_seat, h.max_seats) == (
        "NLHE", Limit.NO_LIMIT, "cash", "USD", 2, 100, 200, 4, 6)
    assert h.table_name == "Grand VI"
    assert [(s.seat, s.player, s.stack, s.sitting_out) for s in h.seats][:3] == [
        (1, "Player0", 12981, False), (2, "Player1", 14087, False), (3, "Player2", 0, True)]
    assert [(e.player, e.kind, e.amount) for e in h.events if isinstance(e, PostEvent)] == [
        ("Player0", Post.SMALL_BLIND, 100), ("Player1", Post.BIG_BLIND, 200)]
    assert acts(h) == [
        ("Player3", Act.RAISE, None, 600, False),
        ("Player0", Act.CALL, 500, None, False),
        ("Player1", Act.RAISE, None, 1950, False),
        ("Player3", Act.RAISE, None, 8092, True),  # ALL_IN 74.92 put in over his 6
        ("Player0", Act.FOLD, None, None, False),
        ("Player1", Act.CALL, 6142, None, False),
        ("Player2", Act.CHECK, None, None, False),  # the log's odd line: seat 3 (not dealt in) checks
    ]
    assert [e.board for e in h.events if isinstance(e, StreetEvent)][-1] == ("Ks", "Tc", "3c", "Qd", "Th")
    assert {e.player: e.cards for e in h.events if isinstance(e, ShowEvent)} == {
        "Player1": ("Jc", "Ac"), "Player3": ("As", "Kh")}
    assert [(e.player, e.amount, e.pot) for e in h.events if isinstance(e, CollectEvent)] == [("Player1", 16584, 0)]
    assert h.summary.rake == 600 + 8092 + 8092 - 16584


def test_tournament_balances_are_after_the_blinds() -> None:
    h = hand("tour/Merge/Flop/NLHE-USD-STT-201202.exported.txt", "50104125-26")
    assert (h.kind, h.scale, h.currency) == ("tournament", 0, "")
    assert [(s.player, s.stack) for s in h.seats] == [("Player2", 1775), ("Player3", 1225)]
    assert acts(h) == [
        ("Player2", Act.RAISE, None, 200, False),
        ("Player3", Act.RAISE, None, 1225, True),
        ("Player2", Act.CALL, 1025, None, False),
    ]


def test_mixed_game_hands_other_than_holdem_are_unsupported() -> None:
    h = hand("tour/Merge/Mixed/HORSE-Tournament-Freeroll.201107.xml", "36487242-1")
    assert h.status is Status.AUDITED and h.limit is Limit.FIXED_LIMIT
    from hhaudit.parsing import parse
    from xmlcorpus import FILES
    statuses = [x.status for x in parse(str(FILES / "tour/Merge/Mixed/HORSE-Tournament-Freeroll.201107.xml"))]
    assert statuses.count(Status.UNSUPPORTED_GAME) == 18
