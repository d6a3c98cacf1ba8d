"""Hands a Bovada-to-PokerStars converter writes: the PokerStars layout with Bovada's seat
notices copied into it and its own summary seat lines. Hands written here by hand in that
layout."""

from __future__ import annotations

from hhaudit.engine.audited import AuditedHand
from hhaudit.engine.auditor import Auditor
from hhaudit.formats import get
from hhaudit.model import Hand, Status
from hhaudit.parsing import read_hand

STARS = get("pokerstars")


def read_and_audit(text: str) -> tuple[Hand, AuditedHand]:
    """The hand as the PokerStars reader reads it (it must read as an audited hand), and its audit."""
    h = read_hand(STARS, text.splitlines(keepends=True), 1, "t.txt")
    assert h.status is Status.AUDITED
    return h, Auditor("online").audit(h)

# The converter copies Bovada's notices, bare or after a seat's name, a deposit that names no
# player (Bovada's deposit plays from the next hand) and a "Set dealer" without its seat.
# Pot 0.05 + 2 x 0.40 + 2 x 0.60 = 2.05 less 0.10 rake: 1.95 paid.
NOTICES = """PokerStars Hand #4000000001: Hold'em No Limit ($0.05/$0.10) - 2018/05/01 21:00:00
Table '#777001' 6-max Seat #1 is the button
Seat 1: Dealer ($10 in chips)
Seat 2: Small Blind ($8.40 in chips)
Seat 3: Big Blind ($12 in chips)
Seat 4: UTG ($9.10 in chips)
Set dealer
Small Blind: posts small blind $0.05
Big Blind: posts big blind $0.10
*** HOLE CARDS ***
Dealt to Dealer [Kc Kd]
Seat sit down
UTG: folds
Dealer: raises $0.30 to $0.40
Small Blind: folds
Big Blind: calls $0.30 
*** FLOP *** [7c 2d 9h]
Seat re-join
UTG: Seat re-join
Big Blind: checks
Dealer: bets $0.60 
Table deposit $4.50 
Big Blind: calls $0.60 
*** TURN *** [7c 2d 9h] [3s]
Big Blind: checks
Dealer: checks
*** RIVER *** [7c 2d 9h 3s] [Jd]
Big Blind: checks
Dealer: checks
*** SHOW DOWN ***
Dealer: shows [Kc Kd] (a pair of Kings)
Big Blind: shows [Ah 4h] (high card Ace)
Dealer collected $1.95 from pot
UTG: Table leave user
*** SUMMARY ***
Total pot $2.05 | Rake $0.10
Board [7c 2d 9h 3s Jd]
Seat 1: Dealer (button) showed [Kc Kd] and won ($1.95) with a pair of Kings
Seat 2: Small Blind (small blind) showed
Seat 3: Big Blind (big blind) showed [Ah 4h] and lost with high card Ace
Seat 4: UTG showed
"""


def test_converter_notices_change_nothing() -> None:
    h, audited = read_and_audit(NOTICES)
    assert h.unknown_lines == []
    assert h.abstained == []
    assert [f.rule for f in audited.findings] == []


# The converter's summary seat line can hold a run of cards that is no card list ("As-As"):
# what the seat showed is then not known. The hand is read, its showdown not judged; not a
# parse error. Pot 0.10 + 2 x 1.20 = 2.50 less 0.17 rake: 2.33 paid.
GARBLED = """PokerStars Hand #4000000002: Hold'em No Limit ($0.05/$0.10) - 2018/05/01 21:02:00
Table '#777001' 6-max Seat #1 is the button
Seat 1: Dealer ($12 in chips)
Seat 2: Small Blind ($8.35 in chips)
Seat 3: Big Blind ($10.40 in chips)
Small Blind: posts small blind $0.05
Big Blind: posts big blind $0.10
*** HOLE CARDS ***
Dealt to Dealer [Qs Jh]
Dealer: raises $0.30 to $0.30
Small Blind: raises $0.90 to $1.20
Big Blind: folds
Dealer: calls $0.90 
*** FLOP *** [Qd 8c 2s]
*** TURN *** [Qd 8c 2s] [5h]
*** RIVER *** [Qd 8c 2s 5h] [6c]
*** SHOW DOWN ***
Dealer: shows [Qs Jh] (a pair of Queens)
Small Blind: shows [Ac Kc] (high card Ace)
Dealer collected $2.33 from pot
*** SUMMARY ***
Total pot $2.50 | Rake $0.17
Board [Qd 8c 2s 5h 6c]
Seat 1: Dealer (button) showed [Qs Jh-Qs Qd Jh 8c 6c] and won ($2.33) with a pair of Queens
Seat 2: Small Blind (small blind) showed [Ac Kc] and lost with high card Ace
Seat 3: Big Blind (big blind) showed
"""


def test_a_summary_line_with_no_card_list_is_kept_not_a_parse_error() -> None:
    h, audited = read_and_audit(GARBLED)
    assert [(u.line, u.matters) for u in h.unknown_lines] == [(24, True)]
    assert "Qs Jh-Qs" in h.unknown_lines[0].text
    assert h.abstained
    assert [f.rule for f in audited.findings] == ["PA04"]


# A walk as the converter writes it: no uncalled line, a showdown marker with the big blind
# "showing" its cards, the whole pot (its own unmatched 0.05 too) collected and stated as the
# total, the summary giving the net win. The big blind's blind comes back with the pot, as in
# any walk: nothing is wrong. Pot 0.05 + 0.10 = 0.15, no rake.
WALK = """PokerStars Zoom Hand #4000000003: Hold'em No Limit ($0.05/$0.10) - 2018/05/01 21:04:00
Table '#952' 6-max Seat #1 is the button
Seat 1: Dealer ($10 in chips)
Seat 2: Small Blind ($7.20 in chips)
Seat 3: Big Blind ($11.35 in chips)
Seat 4: UTG ($9 in chips)
Small Blind: posts small blind $0.05
Big Blind: posts big blind $0.10
*** HOLE CARDS ***
Dealt to UTG [8d 3c]
UTG: folds
Dealer: folds
Small Blind: folds
*** SHOW DOWN ***
Big Blind: shows [Jc 9c] (high card Jack)
Big Blind collected $0.15 from pot
*** SUMMARY ***
Total pot $0.15 | Rake $0.00
Seat 1: Dealer (button) showed
Seat 2: Small Blind (small blind) showed
Seat 3: Big Blind (big blind) collected $0.05
Seat 4: UTG showed
"""


def test_a_walk_with_a_showdown_marker_is_a_walk() -> None:
    h, audited = read_and_audit(WALK)
    assert h.unknown_lines == []
    assert [f.rule for f in audited.findings] == []
