"""KingsClub: values pinned by reading the hands, every corpus hand parses, and the findings on
the corpus hands are exactly the reviewed ones (tests/reviewed/kingsclub.tsv)."""

from __future__ import annotations

import pytest
from _site_corpus import check_file, findings, hand, reviewed, rows

from hhaudit.model import Act, ActionEvent, CollectEvent, DealEvent, Limit, Post, PostEvent, Status

SITE = "KingsClub"
CASH = "cash/KingsClub/Flop/"


def acts(h):
    return [(e.player, e.act, e.amount, e.to, e.all_in) for e in h.events if isinstance(e, ActionEvent)]


def test_fixed_limit_calls_written_as_street_totals():
    h = hand(CASH + "LHE-USD-40-80-202012.txt")
    assert h.status is Status.AUDITED, h.problem
    assert (h.site, h.format, h.hand_id, h.kind, h.scale) == ("KingsClub", "kingsclub", "39555673", "cash", 2)
    assert (h.limit, h.small_bet, h.big_bet, h.sb, h.bb) == (Limit.FIXED_LIMIT, 4000, 8000, 2000, 4000)
    assert (h.table_name, h.button_seat) == ("HT", 1)
    assert [e.cards for e in h.events if isinstance(e, DealEvent)] == [("Ts", "9h")]  # [X X] is no event
    assert acts(h) == [
        ("Player0", Act.RAISE, None, 8000, False),   # raises to 80
        ("Hero", Act.CALL, 4000, None, False),       # "calls 80" over the 40 big blind
        ("Hero", Act.CHECK, None, None, False), ("Player0", Act.BET, 4000, None, False),
        ("Hero", Act.CALL, 4000, None, False),
        ("Hero", Act.CHECK, None, None, False), ("Player0", Act.BET, 8000, None, False),
        ("Hero", Act.CALL, 8000, None, False),
        ("Hero", Act.CHECK, None, None, False), ("Player0", Act.BET, 8000, None, False),
        ("Hero", Act.FOLD, None, None, False),
    ]
    # pot 400, rake 1: "Player0 wins pot (399)" (the uncalled 80 is not in it)
    assert [(e.player, e.amount) for e in h.events if isinstance(e, CollectEvent)] == [("Player0", 39900)]
    assert h.summary.rake == 100


def test_antes_and_all_in_call():
    h = hand(CASH + "NLHE-USD-125-250-202012.multi.pot.txt")
    assert (h.sb, h.bb, h.ante) == (12500, 25000, 5000)
    assert [s.stack for s in h.seats] == [32500, 1000000, 1000000, 1000000, 1000000]  # "(10,000)"
    posts = [(e.player, e.kind, e.amount) for e in h.events if isinstance(e, PostEvent)]
    assert posts[-2:] == [("Player1", Post.SMALL_BLIND, 12500), ("Player2", Post.BIG_BLIND, 25000)]
    assert acts(h)[1:5] == [
        ("Hero", Act.RAISE, None, 62500, False),
        ("Player0", Act.CALL, 27500, None, True),    # calls 275, and is all in
        ("Player1", Act.CALL, 50000, None, False),   # calls 625 from the 125 small blind
        ("Player2", Act.CALL, 37500, None, False),
    ]


def test_short_deck_is_unsupported():
    h = hand(CASH + "6+Holdem-USD-0-0-202302.txt")
    assert h.status is Status.UNSUPPORTED_GAME and h.variant == "shortdeck" and h.hand_id == "6155563"


@pytest.mark.parametrize("rel,count", sorted(rows(SITE).items()))
def test_every_corpus_hand_parses(rel: str, count: int):
    hands = check_file(rel, count, "kingsclub")
    assert all(h.status in (Status.AUDITED, Status.UNSUPPORTED_GAME) for h in hands)


def test_findings_are_the_reviewed_ones():
    assert findings(SITE) == reviewed("kingsclub")


def test_side_pot_paid_with_no_line_read_from_the_end_stack():
    h = hand(CASH + "NLHE-USD-125-250-202012.multi.pot.txt")
    # Player0 all in for 325 (50 ante + 275): the main pot 5 antes + 4 x 275 = 1,350,
    # "Player2 wins pot (1,350)"; the side pot, 3 x 350 past it + Hero's and Player2's 1,200
    # flop bets = 3,450, only Player2 can win it (Hero folds the river) and no line pays it.
    # "Seat 3: Player2 (12,925)": 10,000 - 50 - 625 - 1,200 - 3,333 + 1,350 + the unmatched
    # 3,333 = 9,475, so 3,450 more was paid: read as Player2's payment on the summary line
    assert [(e.player, e.amount) for e in h.events if isinstance(e, CollectEvent)] == [
        ("Player2", 135000), ("Player2", 345000)]
    assert 5 * 50 + 4 * 275 == 1350 and 3 * 350 + 2 * 1200 == 3450
    assert 1000000 - 5000 - 62500 - 120000 - 333300 + 135000 + 333300 + 345000 == 1292500
