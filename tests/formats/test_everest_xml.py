"""Everest Poker XML: pinned values read by hand from real hands, the whole corpus parses,
and the audit finds nothing on it (tests/reviewed/everest_xml.tsv is empty)."""

from __future__ import annotations

from hhaudit.model import (
    Act, ActionEvent, CollectEvent, DealEvent, Limit, Post, PostEvent, Status, Street, StreetEvent,
    UncalledEvent,
)

from _site_corpus import findings, reviewed
from xmlcorpus import check_corpus, hand

SITE = "Everest (XML)"


def acts(h):
    return [(e.player, e.act, e.amount, e.to, e.all_in) for e in h.events if isinstance(e, ActionEvent)]


def test_every_corpus_hand_parses() -> None:
    check_corpus(SITE, "everest_xml")


def test_cash_hand_in_cents_bet_as_chips_put_in_push_returns() -> None:
    h = hand("cash/Everest/Flop/NLHE-USD-0.50-1.00-201203.txt", "7456671620")
    assert h.status is Status.AUDITED
    assert (h.site, h.game, h.kind, h.currency, h.scale, h.sb, h.bb, h.button_seat) == (
        "Everest", "NLHE", "cash", "USD", 2, 50, 100, 1)
    assert h.table_name == "Moroni-1"
    assert [(s.seat, s.player, s.stack) for s in h.seats][:2] == [(0, "Player1", 11410), (1, "Player5", 5314)]
    assert [(e.player, e.kind, e.amount) for e in h.events if isinstance(e, PostEvent)] == [
        ("Player2", Post.SMALL_BLIND, 50), ("Player3", Post.BIG_BLIND, 100)]
    assert [(e.player, e.cards) for e in h.events if isinstance(e, DealEvent)] == [("Player3", ("3d", "2s"))]
    assert acts(h) == [
        ("Player0", Act.FOLD, None, None, False),
        ("Player4", Act.RAISE, None, 250, False),
        ("Player1", Act.RAISE, None, 750, False),
        ("Player5", Act.FOLD, None, None, False),
        ("Player2", Act.FOLD, None, None, False),
        ("Player3", Act.FOLD, None, None, False),
        ("Player4", Act.FOLD, None, None, False),
    ]
    assert [(e.player, e.amount) for e in h.events if isinstance(e, UncalledEvent)] == [("Player1", 500)]
    assert [(e.player, e.amount) for e in h.events if isinstance(e, CollectEvent)] == [("Player1", 650)]
    assert (h.summary.total_pot, h.summary.rake) == (650, 0)


def test_fixed_limit_cash_check_written_as_zero_bet() -> None:
    h = hand("cash/Everest/Flop/LHE-USD-0.02-0.04-201204.txt", "7526266449")
    assert (h.game, h.limit, h.small_bet, h.big_bet, h.bb) == ("FLHE", Limit.FIXED_LIMIT, 2, 4, 2)
    assert acts(h)[3:] == [
        ("Player0", Act.CALL, 2, None, False),
        ("Hero", Act.RAISE, None, 4, False),
        ("Player0", Act.CALL, 2, None, False),
        ("Hero", Act.BET, 2, None, False),
        ("Player0", Act.FOLD, None, None, False),
    ]
    e = hand("cash/Everest/Flop/NLHE-EUR-0.01-0.02-201104.Sample.emailed.txt", "6754716931")
    assert (e.currency, e.sb, e.bb) == ("EUR", 1, 2)
    assert acts(e)[3:5] == [("Player2", Act.CALL, 1, None, False), ("Hero", Act.CHECK, None, None, False)]
    assert [x.board for x in e.events if isinstance(x, StreetEvent)] == [("Kc", "Ts", "8s")]


def test_tournament_all_in_blind_antes_and_whole_board_at_once() -> None:
    h = hand("tour/Everest/LHE-play-STT-201111.allin.blind.txt", "7197400395")
    assert (h.kind, h.currency, h.tournament_id, h.scale) == ("tournament", "", "49866114", 2)
    # the posted blinds decide: 150 / 300 chips (x 100), fixed limit 300 / 600
    assert (h.sb, h.bb, h.small_bet, h.big_bet, h.ante) == (15000, 30000, 30000, 60000, 3000)
    assert [(e.player, e.kind, e.amount, e.all_in) for e in h.events if isinstance(e, PostEvent)][4:] == [
        ("Player1", Post.SMALL_BLIND, 15000, False), ("Player2", Post.BIG_BLIND, 11500, True)]
    assert [(e.street, e.cards) for e in h.events if isinstance(e, StreetEvent)] == [
        (Street.FLOP, ("8s", "9c", "Jh")), (Street.TURN, ("6c",)), (Street.RIVER, ("3s",)),
        (Street.SHOWDOWN, ())]
    assert [(e.player, e.amount) for e in h.events if isinstance(e, UncalledEvent)] == [("Player1", 3500)]
    assert [(e.player, e.amount) for e in h.events if isinstance(e, CollectEvent)] == [("Player2", 35000)]


def test_tournament_level_changed_and_space_thousands() -> None:
    h = hand("tour/Everest/LHE-play-STT-201110.new.level.txt", "7144066651")
    assert (h.sb, h.bb, h.small_bet) == (1000, 2000, 2000)  # blinds="5/10" is a level behind
    assert acts(h)[:3] == [("Player5", Act.CALL, 2000, None, False), ("Player6", Act.FOLD, None, None, False),
                           ("Player1", Act.RAISE, None, 4000, False)]
    m = hand("tour/Everest/NLHE-EUR-MTT-201207.space.delimiter.txt", "7653077769")
    assert (m.sb, m.bb, m.ante) == (175000, 350000, 35000)
    assert acts(m)[-2:] == [("Hero", Act.RAISE, None, 593700, True), ("Player2", Act.CALL, 243700, None, False)]


def test_findings_are_the_reviewed_ones() -> None:
    assert findings(SITE) == reviewed("everest_xml")
