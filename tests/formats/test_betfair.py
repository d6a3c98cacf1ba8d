"""Betfair Poker's own client: its layout read from made-up hands written as the corpus's
hand is (`cash/Betfair/Flop/PLO-6max-USD-0.05-0.10-200909.All.in.river.splitpot.txt`, whose
values tests/formats/test_omaha_values.py pins), and told apart from 888's."""

from __future__ import annotations

import io
import itertools
from pathlib import Path

from hhaudit import formats
from hhaudit.engine.auditor import Auditor
from hhaudit.model import ActionEvent, CollectEvent, Hand, Limit, PostEvent, Status
from hhaudit.parsing import parse
from hhaudit.reading import iter_lines

HAND = """\
***** Betfair Poker Hand History for Game 200000001 *****
NL $0.25/$0.50 Texas Hold'em - Monday, March 01, 18:30:15 GMT 2010
Table Oslo 9-max (Real Money)
Seat 3 is the button
Total number of active players : 4
Seat 1: Alice ( $50 )
Seat 3: Bob ( $20.50 )
Seat 5: Carol ( $40 )
Seat 7: Dave ( $30 )
Carol posts small blind [$0.25]
Dave posts big blind [$0.50]
Alice posts small & big blinds [$0.75]
** Dealing down cards **
Dealt to Alice [ Ah, Kd ]
Alice raises to [$2]
Bob folds
Carol calls [$1.75]
Dave folds
** Dealing Flop ** [ 2c, 7d, Ks ]
Carol checks
Alice bets [$3]
Carol folds
** Hand Conclusion **
Alice wins $4.52 from main pot
************  Game 200000001 ends  ************

"""

CUT = """\
***** Betfair Poker Hand History for Game 200000002 *****
NL $0.25/$0.50 Texas Hold'em - Monday, March 01, 18:31:40 GMT 2010
Table Oslo 9-max (Real Money)
Seat 5 is the button
Total number of active players : 2
Seat 5: Carol ( $38.25 )
Seat 7: Dave ( $29.50 )
Carol posts small blind [$0.25]
Dave posts big blind [$0.50]
** Dealing down cards **
Carol cal

"""


def _read(tmp_path: Path, text: str) -> list[Hand]:
    path = tmp_path / "betfair.txt"
    path.write_text(text, encoding="utf-8")
    return list(parse(str(path)))


def test_detected_as_betfair_not_888() -> None:
    head = list(itertools.islice(iter_lines(io.BytesIO(HAND.encode())), 40))
    assert formats.detect(head).name == "betfair"
    assert not formats.FORMATS["pacific"].detect(head)


def test_values(tmp_path: Path) -> None:
    (h,) = _read(tmp_path, HAND)
    assert h.status is Status.AUDITED
    assert (h.format, h.hand_id, h.game, h.limit, h.currency, h.sb, h.bb) == (
        "betfair", "200000001", "NLHE", Limit.NO_LIMIT, "USD", 25, 50)
    assert (h.table_name, h.max_seats, h.button_seat, str(h.started_at)) == ("Oslo", 9, 3, "2010-03-01 18:30:15+00:00")
    # "posts small & big blinds [$0.75]": the big blind plays, the small blind is dead
    assert [(e.player, e.kind.value, e.amount, e.dead) for e in h.events if isinstance(e, PostEvent)] == [
        ("Carol", "post_sb", 25, 0), ("Dave", "post_bb", 50, 0), ("Alice", "post_dead", 50, 25)]
    acts = [(e.player, e.act.value, e.amount, e.to) for e in h.events if isinstance(e, ActionEvent)]
    assert acts[:4] == [("Alice", "raise", None, 200), ("Bob", "fold", None, None),
                        ("Carol", "call", 175, None), ("Dave", "fold", None, None)]
    # pre-flop 2 + 2 + 0.50 + 0.25 dead = 4.75; the flop bet of 3 comes back unwritten;
    # paid 4.52: 0.23 rake
    assert [(e.player, e.amount, e.pot) for e in h.events if isinstance(e, CollectEvent)] == [("Alice", 452, 0)]
    assert h.summary.rake == 23 and 200 + 200 + 50 + 25 - 452 == 23
    assert Auditor("online").audit(h).findings == []


def test_a_cut_hand_and_the_one_before(tmp_path: Path) -> None:
    first, cut = _read(tmp_path, HAND + CUT)
    assert first.status is Status.AUDITED
    assert cut.status is Status.PARSE_ERROR and cut.problem is not None
    assert (cut.problem.line, cut.problem.text) == (HAND.count("\n") + 11, "Carol cal")
    assert cut.problem.message.endswith("the hand stops here, before it is complete (cut off)")


def test_games_and_limits_not_read(tmp_path: Path) -> None:
    razz = HAND.replace("NL $0.25/$0.50 Texas Hold'em", "$0.25/$0.50 Razz")
    (h,) = _read(tmp_path, razz)
    assert (h.status, h.variant) == (Status.UNSUPPORTED_GAME, "razz")
    # a fixed-limit table's two amounts might be blinds or bets: not guessed
    (h,) = _read(tmp_path, HAND.replace("NL $0.25/$0.50", "Limit $0.25/$0.50"))
    assert h.status is Status.PARSE_ERROR and h.problem is not None
    assert (h.problem.line, h.problem.message) == (2, "the limit 'Limit' is not one hhaudit reads (NL, PL)")
