"""Winamax: values pinned by reading the hands, every corpus hand parses, and the findings on
the corpus hands are exactly the reviewed ones (tests/reviewed/winamax.tsv)."""

from __future__ import annotations

from datetime import datetime, timezone

import pytest
from _site_corpus import FILES, check_file, findings, hand, need_corpus, reviewed, rows

from hhaudit.model import (
    Act,
    ActionEvent,
    CollectEvent,
    FeeEvent,
    Limit,
    Post,
    PostEvent,
    ShowEvent,
    Status,
    StreetEvent,
    UncalledEvent,
)
from hhaudit.parsing import parse

SITE = "Winamax"
CASH = "cash/Winamax/Flop/"
TOUR = "tour/Winamax/Flop/"


def acts(h):
    return [(e.player, e.act, e.amount, e.to, e.all_in) for e in h.events if isinstance(e, ActionEvent)]


def test_hold_up_splash_side_pot_and_return_inside_collection():
    h = hand(CASH + "NLHE-6max-EUR-0.05-0.10-202209.hold.up.to.pot.txt")
    assert h.status is Status.AUDITED, h.problem
    assert (h.site, h.format, h.hand_id) == ("Winamax", "winamax", "17650968-184911-1663973134")
    assert (h.kind, h.currency, h.scale, h.limit, h.sb, h.bb) == ("cash", "EUR", 2, Limit.NO_LIMIT, 5, 10)
    assert (h.table_name, h.max_seats, h.button_seat) == ("Floride", 6, 6)
    assert h.started_at == datetime(2022, 9, 23, 22, 45, 34, tzinfo=timezone.utc)
    assert [(s.seat, s.stack) for s in h.seats] == [(1, 1161), (2, 528), (3, 1025), (4, 104), (5, 1000), (6, 2098)]
    # "Hold-up to Pot: total 2.50€" is the room's money
    assert [(e.kind, e.amount) for e in h.events if isinstance(e, FeeEvent)] == [("room_added", -250)]
    assert acts(h) == [
        ("Player2", Act.RAISE, None, 50, False),    # raises 0.40€ to 0.50€
        ("Hero", Act.RAISE, None, 104, True),       # raises 0.54€ to 1.04€ and is all-in
        ("Player3", Act.FOLD, None, None, False),
        ("Player4", Act.FOLD, None, None, False),
        ("Player0", Act.RAISE, None, 1161, True),   # raises 10.57€ to 11.61€ and is all-in
        ("Player1", Act.FOLD, None, None, False),
        ("Player2", Act.FOLD, None, None, False),
    ]
    boards = [e.board for e in h.events if isinstance(e, StreetEvent) and e.board]
    assert boards[-1] == ("Th", "9h", "3h", "4c", "Td")
    # main pot: 0.05 + 0.10 + 0.50 + 2 x 1.04 + 2.50 = 5.18, less 0.27 rake = 4.91 to Hero
    assert [(e.player, e.amount, e.pot) for e in h.events if isinstance(e, CollectEvent)] == [("Hero", 491, 0)]
    # "Player0 collected 10.57€ from side pot 1" is Player0's own unmatched raise
    assert [(e.player, e.amount) for e in h.events if isinstance(e, UncalledEvent)] == [("Player0", 1057)]
    # "Total pot 15.48€" counts the returned 10.57€; the rake is 0.27€
    assert (h.summary.total_pot, h.summary.rake) == (491, 27)


def test_fixed_limit_uncalled_bet_inside_the_win():
    h = hand(CASH + "LHE-2max-EUR-0.05-0.10-201204.txt")
    assert (h.limit, h.game, h.small_bet, h.big_bet) == (Limit.FIXED_LIMIT, "FLHE", 5, 10)
    assert (h.sb, h.bb) == (2, 5)  # the 0.02€ small blind actually posted
    assert [(e.player, e.kind, e.amount) for e in h.events if isinstance(e, PostEvent)] == [
        ("Player0", Post.SMALL_BLIND, 2), ("Hero", Post.BIG_BLIND, 5)]
    assert acts(h) == [
        ("Player0", Act.CALL, 3, None, False), ("Hero", Act.CHECK, None, None, False),
        ("Hero", Act.CHECK, None, None, False), ("Player0", Act.CHECK, None, None, False),
        ("Hero", Act.CHECK, None, None, False), ("Player0", Act.BET, 10, None, False),
        ("Hero", Act.FOLD, None, None, False),
    ]
    # "Player0 collected 0.19€": the uncalled 0.10€ bet and 0.09€ of the 0.10€ pot (0.01€ rake)
    assert [(e.player, e.amount) for e in h.events if isinstance(e, UncalledEvent)] == [("Player0", 10)]
    assert [(e.player, e.amount) for e in h.events if isinstance(e, CollectEvent)] == [("Player0", 9)]
    assert (h.summary.total_pot, h.summary.rake) == (9, 1)


def test_tournament_antes_in_the_stakes_and_all_in_blind():
    h = hand(TOUR + "NLHE-10max-EUR-0.93-STT-201207.all.in.blind.txt")
    assert (h.kind, h.scale, h.currency, h.tournament_id) == ("tournament", 0, "", "27536269")
    assert (h.ante, h.sb, h.bb, h.button_seat, h.max_seats) == (50, 200, 400, 2, 10)
    posts = [(e.player, e.kind, e.amount, e.all_in) for e in h.events if isinstance(e, PostEvent)]
    assert len(posts) == 12 and posts[0] == ("Hero", Post.ANTE, 50, False)
    assert posts[-2:] == [("Hero", Post.SMALL_BLIND, 200, False), ("Player2", Post.BIG_BLIND, 119, True)]
    assert ("Player4", Act.RAISE, None, 1795, True) in acts(h)
    assert ("Player1", Act.CALL, 941, None, True) in acts(h)
    # 1795 against Player1's 941: the 854 "side pot 1" is Player4's own excess
    assert [(e.player, e.amount) for e in h.events if isinstance(e, UncalledEvent)] == [("Player4", 854)]
    assert [(e.player, e.amount, e.pot) for e in h.events if isinstance(e, CollectEvent)] == [("Player1", 2701, 0)]
    assert h.summary.total_pot == 2701 and h.summary.rake == 0  # "Total pot 3555 | No rake"


def test_abbreviated_total_and_denied_blind():
    need_corpus()
    hands = list(parse(str(FILES / TOUR / "NLHE-EUR-STT-FullHist.txt")))
    # "Player5 bets 660", nobody calls, "Player5 collected 1320 from pot", "Total pot 1.32k":
    # the abbreviated total stands for the 1320 paid, of which 660 is the returned bet
    (h,) = [x for x in hands if any(isinstance(e, UncalledEvent) and e.amount == 660 for e in x.events)]
    assert [(e.player, e.amount) for e in h.events if isinstance(e, CollectEvent)] == [("Player5", 660)]
    assert h.summary.total_pot == 660
    h = hand(CASH + "NLHE-5max-EUR-1-2-201201.Hero.Sitting.Out.txt")
    assert h.button_seat == 5  # "Seat 0000005 is the button"
    assert [s.sitting_out for s in h.seats if s.player == "SatOutToo"] == [True]  # denies big blind
    # "Player2 collected 3€", "Total pot 3€ | No rake": 1€ of it is the unmatched big blind
    assert [(e.player, e.amount) for e in h.events if isinstance(e, UncalledEvent)] == [("Player2", 100)]
    assert (h.summary.total_pot, h.summary.rake) == (200, 0)


def test_half_chip_tournament_reads_two_decimals():
    h = hand(TOUR + "NLHE-Ticket-MTT-201010.side.pot.txt")
    assert h.scale == 2 and (h.ante, h.sb, h.bb) == (1500, 7500, 15000)
    assert [s.stack for s in h.seats if s.player == "Player2"] == [741050]
    assert ("Player2", Act.CALL, 445550, None, True) in acts(h)


def test_decimal_comma_locale(tmp_path):
    text = (
        "Winamax Poker - CashGame - HandId: #1-2-3 - Holdem no limit (0,05€/0,10€) - 2020/01/01 10:00:00 UTC\n"
        "Table: 'Test' 2-max (real money) Seat #1 is the button\n"
        "Seat 1: A (10,50€)\nSeat 2: B (5€)\n*** ANTE/BLINDS ***\n"
        "A posts small blind 0,05€\nB posts big blind 0,10€\n*** PRE-FLOP ***\n"
        "A raises 0,20€ to 0,30€\nB calls 0,20€\n*** FLOP *** [2c 3d 4h]\nB checks\nA bets 1,25€\nB folds\n"
        "A collected 1,82€ from pot\n*** SUMMARY ***\nTotal pot 1,82€ | Rake 0,03€\nBoard: [2c 3d 4h]\n"
        "Seat 1: A (button) (small blind) won 1,82€\n"
    )
    p = tmp_path / "wmx.txt"
    p.write_text(text, encoding="utf-8")
    (h,) = list(parse(str(p)))
    assert h.status is Status.AUDITED, h.problem
    assert (h.sb, h.bb, h.seats[0].stack) == (5, 10, 1050)
    assert acts(h)[:2] == [("A", Act.RAISE, None, 30, False), ("B", Act.CALL, 20, None, False)]
    assert [e.amount for e in h.events if isinstance(e, UncalledEvent)] == [125]
    assert [e.amount for e in h.events if isinstance(e, CollectEvent)] == [57]
    assert (h.summary.total_pot, h.summary.rake) == (57, 3)


def test_shows_at_showdown():
    h = hand(CASH + "NLHE-5max-play-0.10-0.20-201208.txt")
    assert (h.currency, h.scale, h.sb, h.bb) == ("play", 2, 10, 20)
    assert [(e.player, e.cards) for e in h.events if isinstance(e, ShowEvent)] == [
        ("Player1", ("Kc", "As")), ("Player0", ("8s", "8c"))]


@pytest.mark.parametrize("rel,count", sorted(rows(SITE).items()))
def test_every_corpus_hand_parses(rel: str, count: int):
    hands = check_file(rel, count, "winamax")
    assert all(h.status is Status.AUDITED for h in hands)


def test_findings_are_the_reviewed_ones():
    assert findings(SITE) == reviewed("winamax")


def _audit_rules(h) -> list[str]:
    from hhaudit.engine.auditor import Auditor
    return [f.rule for f in Auditor("online").audit(h).findings]


def test_big_blind_posted_before_the_small_blind():
    # The room may list the big blind's post first; a walk then pays the big blind the whole
    # pot, 1.50 of it his own: the small blind's post is what he won, not a return of 2.00.
    text = (
        "Winamax Poker - CashGame - HandId: #10-20-30 - Holdem no limit (0.50€/1€) - 2019/05/01 20:00:00 UTC\n"
        "Table: 'Essai' 5-max (real money) Seat #1 is the button\n"
        "Seat 1: Anne (80€)\nSeat 2: Bert (50€)\nSeat 3: Carl (120.40€)\nSeat 4: Dora (95€)\n"
        "*** ANTE/BLINDS ***\nCarl posts big blind 1€\nBert posts small blind 0.50€\n*** PRE-FLOP *** \n"
        "Dora folds\nAnne folds\nBert folds\nCarl collected 1.50€ from pot\n"
        "*** SUMMARY ***\nTotal pot 1.50€ | No rake\nSeat 3: Carl (big blind) won 1.50€\n"
    )
    (h,) = list(parse(text))
    assert h.status is Status.AUDITED, h.problem
    assert [(e.player, e.kind, e.line) for e in h.events if isinstance(e, PostEvent)] == [
        ("Bert", Post.SMALL_BLIND, 9), ("Carl", Post.BIG_BLIND, 8)]
    assert [e.amount for e in h.events if isinstance(e, UncalledEvent)] == [50]
    assert _audit_rules(h) == []


def test_a_seat_listed_with_no_stack_sits_out():
    text = (
        "Winamax Poker - CashGame - HandId: #11-21-31 - Holdem no limit (1€/2€) - 2019/05/01 20:00:00 UTC\n"
        "Table: 'Essai' 6-max (real money) Seat #3 is the button\n"
        "Seat 1: Anne ()\nSeat 2: Bert (210€)\nSeat 3: Carl (180.50€)\nSeat 4: Dora (200€)\n"
        "*** ANTE/BLINDS ***\nDora posts small blind 1€\nBert posts big blind 2€\n*** PRE-FLOP *** \n"
        "Carl raises 4€ to 6€\nDora folds\nBert folds\nCarl collected 9€ from pot\n"
        "*** SUMMARY ***\nTotal pot 9€ | No rake\nSeat 3: Carl (button) won 9€\n"
    )
    (h,) = list(parse(text))
    assert h.status is Status.AUDITED, h.problem
    assert [(s.seat, s.player, s.stack, s.sitting_out) for s in h.seats][:2] == [
        (1, "Anne", 0, True), (2, "Bert", 21000, False)]
    assert not h.not_judged
    assert _audit_rules(h) == []
