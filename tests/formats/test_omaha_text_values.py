"""Omaha in the smaller text formats (KingsClub, PKR, Enet, Cake, Entraction, OnGame,
PokerTracker's Microgaming export, Absolute, Seals With Clubs): the values read from real
hands, checked by hand against the file (the arithmetic is in the comments), and layouts
the corpus does not hold, written in each site's words."""

from __future__ import annotations

from conftest_corpus import corpus, find_hand
from test_omaha_values import FLOP, _dealt, _paid, _shown

from hhaudit.auditor import Auditor
from hhaudit.model import Hand, Limit, Status
from hhaudit.parsing import parse


def _hand(path: str, hand_id: str) -> Hand:
    hand = find_hand(corpus() / path, hand_id)
    assert hand.status is Status.AUDITED, hand.problem
    return hand


def _one(text: str) -> Hand:
    (hand,) = list(parse(text))
    assert hand.status is Status.AUDITED, hand.problem
    return hand


def _rules(hand: Hand) -> list[str]:
    return [f.rule for f in Auditor("online").audit(hand).findings]


# ---------------------------------------------------------------- KingsClub


def test_kingsclub_five_card_omaha() -> None:
    h = _hand(FLOP.format("KingsClub", "5-Card-PLO-USD-5-10-202010.txt"), "37660193")
    # "Pot Limit Omaha 5 Card - 5/10", antes of 2
    assert (h.game, h.limit, h.hole_cards, h.hilo, h.sb, h.bb, h.ante) == ("PLO5", Limit.POT_LIMIT, 5, False, 500, 1000, 200)
    assert _dealt(h) == {"Hero": ("3h", "8h", "5c", "8s", "6s")}  # the others' "[X X X X X]" are no event
    # 5 antes of 2 + 40 + 40 = 90, less the 4.50 rake: "Player0 wins pot (85.50)"; his
    # flop bet of 56.43 is unmatched (no line returns it)
    assert _paid(h) == [("Player0", 8550, None, None)]
    assert 5 * 200 + 4000 + 4000 - 450 == 8550
    assert _rules(h) == []


def test_kingsclub_hi_lo_chop_and_a_side_pot_written_only_in_the_end_stack() -> None:
    chop = _hand(FLOP.format("KingsClub", "LO8-USD-40-80-202101.txt"), "39969218")
    # "Limit Omaha Hi-Lo - 40/80": bets 40 and 80, blinds 20/40
    assert (chop.game, chop.limit, chop.hilo, chop.small_bet, chop.big_bet, chop.sb, chop.bb) == (
        "FLO8", Limit.FIXED_LIMIT, True, 4000, 8000, 2000, 4000)
    assert _shown(chop) == {"Hero": ("4d", "Kd", "Ac", "5s"), "Player0": ("2d", "2c", "8d", "6h")}
    # 2 x (80 + 40 + 80 + 80) = 560, less the 1 rake, 559 = 2 x 279.50: Player0's deuces full
    # the high, Hero's 6-5-4-2-A the low; the lines do not say which half
    assert _paid(chop) == [("Player0", 27950, None, None), ("Hero", 27950, None, None)]
    assert 2 * (8000 + 4000 + 8000 + 8000) - 100 == 2 * 27950
    assert _rules(chop) == []
    rio = _hand(FLOP.format("KingsClub", "LO8-USD-500-100-202104.RIO.txt"), "3969308")
    assert (rio.game, rio.small_bet, rio.big_bet, rio.sb, rio.bb) == ("FLO8", 50000, 100000, 25000, 50000)
    # Player1's 250 small blind folds, Hero's 500 big blind, Player0 calls 125 all in: the
    # main pot 3 x 125 = 375 to Player0 (8-7-6-5-4 high, 7-6-5-4-2 low: "wins pot (375)");
    # Player1's other 125 and 125 of Hero's are a side pot only Hero can win, the last 250
    # of Hero's blind unmatched. No line pays that side pot: "Seat 1: Hero (32,500)" ends
    # where he began, 32,500 - 500 + 250 unmatched + 250 side pot, which is read as a payment
    assert _paid(rio) == [("Player0", 37500, None, None), ("Hero", 25000, None, None)]
    assert 3250000 - 50000 + 25000 + 25000 == 3250000
    assert _rules(rio) == []


def test_kingsclub_omaha_run_twice() -> None:
    h = _hand(FLOP.format("KingsClub", "PLO-USD-125-250-202102.RIT.txt"), "3583643")
    assert (h.game, h.hole_cards, h.ante) == ("PLO", 4, 5000)
    assert _shown(h)["Player3"] == ("8c", "7d", "9d", "5c")
    # Player3 is all in for 6,925 (50 ante, 4,875 pre-flop, 2,000 on the flop): the main
    # pot is 7 antes of 50 + Hero's and Player5's 250 + 3 x 4,875 + 3 x 2,000 = 21,475 =
    # 2 x 10,737.50, the side pot Player1's and Player2's 5,075 past Player3's 2,000,
    # 2 x 3,075; each board to another seat (Player2's queens full on the first, Player1's
    # wheel on the second), no rake
    assert [(p, a) for p, a, _, _ in _paid(h)] == [
        ("Player1", 307500), ("Player2", 307500), ("Player1", 1073750), ("Player2", 1073750)]
    assert 7 * 50 + 250 + 250 + 3 * 4875 + 3 * 2000 == 21475 == 2 * 10737.5
    assert _rules(h) == []
