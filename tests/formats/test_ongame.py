"""OnGame format: pinned values read by hand from real hands, and the whole corpus parses."""

from __future__ import annotations

import itertools
from datetime import datetime, timezone
from pathlib import Path


from conftest_corpus import corpus, find_hand, hands_tsv

from hhaudit import formats
from hhaudit.model import (
    Act, ActionEvent, CollectEvent, DealEvent, Limit, Post, PostEvent, ShowEvent, Status, Street,
    StreetEvent,
)
from hhaudit.parsing import parse
from hhaudit.reading import iter_lines

CORPUS = Path(__file__).parents[2] / ".." / "shared" / "corpus"
FILES = CORPUS / "ChazDazzle/fpdb-chaz/pyfpdb/regression-test-files"
SITE = "OnGame"
FORMAT = "ongame"


def _need_corpus() -> None:
    corpus()


def _rows() -> dict[str, int]:
    return hands_tsv(SITE)


def _hand(rel: str, hand_id: str):
    return find_hand(FILES / rel, hand_id)


def _ev(h):
    return [e for e in h.events]


def test_every_corpus_hand_parses() -> None:
    rows = _rows()
    assert rows
    for rel, count in sorted(rows.items()):
        path = CORPUS / rel
        with open(path, "rb") as fh:
            head = list(itertools.islice(iter_lines(fh), 40))
        fmt = formats.detect(head)
        assert fmt is not None and fmt.name == FORMAT, rel
        hands = list(parse(str(path)))
        assert len(hands) == count, rel
        for h in hands:
            assert h.status in (Status.AUDITED, Status.UNSUPPORTED_GAME), (rel, h.hand_id, h.problem)


def test_fixed_limit_all_in_showdown() -> None:
    h = _hand("cash/OnGame/Flop/LHE-9max-USD-0.50-1.00-201008.All-in.with.showdown.txt", "R5-75443872-61")
    assert (h.site, h.format, h.game, h.limit, h.kind, h.currency, h.scale) == (
        "OnGame", "ongame", "FLHE", Limit.FIXED_LIMIT, "cash", "USD", 2)
    assert (h.small_bet, h.big_bet, h.sb, h.bb) == (50, 100, 25, 50)
    assert h.button_seat == 5 and h.table_name == "someplace"
    assert h.started_at == datetime(2010, 8, 18, 18, 32, 32, tzinfo=timezone.utc)  # GMT+0100
    assert [(s.seat, s.player, s.stack) for s in h.seats] == [
        (7, "player4", 3470), (9, "player5", 105), (1, "Hero", 2390), (3, "player2", 3395), (5, "player1", 1420)]
    ev = h.events
    assert ev[0] == PostEvent(12, 7, "player4", Post.SMALL_BLIND, 25)
    assert ev[1] == PostEvent(13, 9, "player5", Post.BIG_BLIND, 50)
    assert ev[2] == DealEvent(16, 1, "Hero", ("Kd", "Ks"))
    acts = [(e.player, e.act, e.amount, e.to, e.all_in) for e in ev if isinstance(e, ActionEvent)]
    assert acts == [
        ("Hero", Act.RAISE, None, 100, False),  # "Hero raises 1 to 1"
        ("player2", Act.FOLD, None, None, False),
        ("player1", Act.CALL, 100, None, False),
        ("player4", Act.FOLD, None, None, False),
        ("player5", Act.RAISE, None, 105, True),  # "raises 0.55 to 1.05 [all in]"
        ("Hero", Act.CALL, 5, None, False),
        ("player1", Act.CALL, 5, None, False),
        ("Hero", Act.BET, 50, None, False),
        ("player1", Act.FOLD, None, None, False),
    ]
    streets = [e for e in ev if isinstance(e, StreetEvent)]
    # the flop line is written twice (before and after the bets): one flop only
    assert [(s.street, s.board) for s in streets] == [
        (Street.FLOP, ("2d", "Ad", "Th")),
        (Street.TURN, ("2d", "Ad", "Th", "8s")),
        (Street.RIVER, ("2d", "Ad", "Th", "8s", "7d")),
        (Street.SHOWDOWN, ()),
    ]
    shows = [(e.player, e.cards) for e in ev if isinstance(e, ShowEvent)]
    assert shows == [("player5", ("Qd", "Qh")), ("Hero", ("Kd", "Ks"))]
    assert [(e.player, e.amount, e.pot) for e in ev if isinstance(e, CollectEvent)] == [("Hero", 325, 0)]
    # the showdown comes before the pot is paid
    kinds = [type(e).__name__ for e in ev]
    assert kinds.index("ShowEvent") < kinds.index("CollectEvent")
    assert (h.summary.total_pot, h.summary.main_pot, h.summary.rake) == (340, 340, 15)
    assert h.implicit_uncalled


def test_dead_blind_and_raise_to() -> None:
    h = _hand("cash/OnGame/Flop/NLHE-9max-USD-0.05-0.10-201009.Dead.Small.Blind.txt", "R5-79836934-72")
    assert (h.sb, h.bb, h.button_seat) == (5, 10, 10)
    ev = h.events
    # "posts big blind ($0.10)" + "posts dead blind ($0.05)": one missed-blinds post
    assert ev[0] == PostEvent(9, 10, "Hero", Post.DEAD, 10, 5)
    assert ev[1] == PostEvent(11, 1, "feradf", Post.BIG_BLIND, 10)
    acts = [(e.player, e.act, e.amount, e.to) for e in ev if isinstance(e, ActionEvent)]
    assert acts == [("Hero", Act.RAISE, None, 30), ("feradf", Act.CALL, 20, None),
                    ("feradf", Act.CHECK, None, None), ("Hero", Act.BET, 45, None),
                    ("feradf", Act.FOLD, None, None)]
    assert [(e.player, e.amount) for e in ev if isinstance(e, CollectEvent)] == [("Hero", 62)]
    assert (h.summary.total_pot, h.summary.rake) == (65, 3)


def test_thousands_in_amounts() -> None:
    h = _hand("cash/OnGame/Flop/LHE-HU-USD-100-200-201207.thousand.in.collect.line.txt", "R5-258035051-21")
    assert (h.small_bet, h.big_bet) == (10000, 20000)
    assert [s.stack for s in h.seats] == [549600, 309600]
    assert [(e.amount, e.pot) for e in h.events if isinstance(e, CollectEvent)] == [(199900, 0)]
    assert (h.summary.main_pot, h.summary.rake) == (200000, 100)
    assert h.tz == "CEST" and h.started_at == datetime(2012, 7, 24, 17, 12, 45, tzinfo=timezone.utc)


def test_tournament_side_pots_split() -> None:
    h = _hand("tour/OnGame/R-274-110.txt", "T5-18949649-14")
    assert (h.kind, h.scale, h.currency, h.tournament_id) == ("tournament", 0, "", "R-274-110")
    paid = [(e.player, e.amount, e.pot) for e in h.events if isinstance(e, CollectEvent)]
    # "Main pot: 3860 won by danys (1930), RABOLIOT56 (1930)" and two side pots split alike
    assert paid == [("danys", 1930, 0), ("RABOLIOT56", 1930, 0), ("danys", 270, 1), ("RABOLIOT56", 270, 1),
                    ("danys", 2340, 2), ("RABOLIOT56", 2340, 2)]
    assert h.summary.main_pot == 3860 and h.summary.side_pots == [540, 4680]
    assert h.summary.total_pot == 3860 + 540 + 4680


def test_ante_line_and_tournament_stakes() -> None:
    h = _hand("tour/OnGame/NLHE-2max-STT-21-201212.ante.all.in.txt", "T5-295703542-3")
    assert (h.sb, h.bb, h.ante, h.kind) == (50000, 100000, 40000, "tournament")
    assert h.events[0] == PostEvent(9, 4, "Hero", Post.ANTE, 1)
    assert h.events[1] == PostEvent(10, 5, "Player0", Post.ANTE, 4)


def test_all_in_big_blind_written_as_small_blind() -> None:
    # 125/250: "nikof posts small blind (125)" then "sylvain_22 posts small blind (150) [all in]"
    h = _hand("tour/OnGame/R-274-110.txt", "T5-18949637-60")
    posts = [e for e in h.events if isinstance(e, PostEvent) and e.kind is not Post.ANTE]
    assert posts == [PostEvent(2813, 10, "nikof", Post.SMALL_BLIND, 125),
                     PostEvent(2814, 2, "sylvain_22", Post.BIG_BLIND, 150, 0, True)]
