"""Rooms that write the PokerStars layout with their own header and lines: hands written here
by hand in the room's layout."""

from __future__ import annotations

from hhaudit.engine.auditor import Auditor
from hhaudit.formats import get
from hhaudit.model import Status, StreetEvent
from hhaudit.parsing import read_hand

STARS = get("pokerstars")

# PPPoker: "PPPoker Hand #N", a UTC time, each street line ending on the rake taken so far
# ("{Rake: $0}"), the winner's cards only in the summary, and a "Hand ended at" line.
# Pot 0.30 + 2 x 2.10 = 4.50, 0.20 rake, 4.30 paid.
PPPOKER = """PPPoker Hand #900000000000001:  Omaha Pot Limit ($0.30/$0.60 USD) - 2025/06/04 16:09:07 UTC
Table 'ClubId:1,Table:PPP_1' 6-max Seat #1 is the button
Seat 1: 111 ($50.00 in chips)
Seat 2: 222 ($40.00 in chips)
Seat 3: 333 ($30.00 in chips)
222: posts small blind $0.30
333: posts big blind $0.60
*** HOLE CARDS ***
111: raises $1.50 to $2.10
222: folds
333: calls $1.50
*** FLOP *** [Jc Ks 3d] {Rake: $0}
333: checks
111: checks
*** TURN *** [Jc Ks 3d] [2d] {Rake: $0}
333: checks
111: checks
*** RIVER *** [Jc Ks 3d 2d] [6h] {Rake: $0.20}
333: checks
111: checks
*** SHOW DOWN ***
111 collected $4.30 from pot
*** SUMMARY ***
Total pot $4.50 | Rake $0.20
Board [Jc Ks 3d 2d 6h]
Seat 1: 111 (button) showed [Kh Kd 8c 7c]
Seat 2: 222 (small blind) folded before Flop
Seat 3: 333 (big blind) showed [As Ah 9c 8d]
Hand ended at 2025/06/04 16:10:07
"""


def test_pppoker_hand() -> None:
    assert STARS.detect(PPPOKER.splitlines()[:5])
    h = read_hand(STARS, PPPOKER.splitlines(keepends=True), 1, "t.txt")
    assert h.status is Status.AUDITED
    assert (h.site, h.sb, h.bb, h.hole_cards) == ("PPPoker", 30, 60, 4)
    assert [e.board for e in h.events if isinstance(e, StreetEvent) and e.board][-1] == \
        ("Jc", "Ks", "3d", "2d", "6h")
    assert h.unknown_lines == []
    assert [f.rule for f in Auditor("online").audit(h).findings] == []
