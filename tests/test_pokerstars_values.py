"""Parsed values of real PokerStars hands, checked by hand against the text."""

from __future__ import annotations

from conftest_corpus import corpus

from hhaudit.engine.auditor import Auditor
from hhaudit.model import (
    Act,
    ActionEvent,
    CollectEvent,
    FeeEvent,
    Limit,
    Post,
    PostEvent,
    ShowEvent,
    Street,
    StreetEvent,
    UncalledEvent,
)
from hhaudit.parsing import parse

STARS = "ChazDazzle/fpdb-chaz/pyfpdb/regression-test-files/cash/Stars/Flop/"


def one(rel: str):
    hands = list(parse(str(corpus() / rel)))
    return hands


def test_run_it_twice_hand() -> None:
    (h,) = one(STARS + "NLHE-6max-EUR-1.00-2.00-201212.RunItTwice.txt")
    assert (h.hand_id, h.site, h.kind, h.currency, h.scale) == ("90721705235", "PokerStars", "cash", "EUR", 2)
    assert (h.sb, h.bb, h.button_seat, h.max_seats, h.table_name) == (100, 200, 3, 6, "Mekbuda II")
    assert [(s.seat, s.player, s.stack) for s in h.seats] == [
        (1, "Player1", 10916), (2, "Player2", 23726), (3, "Player3", 27630),
        (4, "Player4", 20000), (5, "Player5", 15855), (6, "Hero", 20075)]
    acts = [(e.player, e.act, e.amount, e.to, e.all_in) for e in h.events if isinstance(e, ActionEvent)]
    assert acts[0] == ("Hero", Act.RAISE, None, 600, False)
    assert ("Player5", Act.CALL, 400, None, False) in acts
    assert ("Player1", Act.RAISE, None, 9116, True) in acts
    assert acts[-1] == ("Hero", Act.CALL, 6316, None, False)
    rivers = [e for e in h.events if isinstance(e, StreetEvent) and e.street is Street.RIVER]
    assert [(e.run, e.board) for e in rivers] == [
        (1, ("Js", "9h", "Jh", "Qs", "2d")), (2, ("Js", "9h", "Jh", "Qs", "5h"))]
    collects = [(e.player, e.amount, e.run) for e in h.events if isinstance(e, CollectEvent)]
    assert collects == [("Hero", 11159, 1), ("Hero", 11158, 2)]
    assert (h.summary.total_pot, h.summary.rake) == (22532, 215)
    out = Auditor("online").audit(h)
    assert out.findings == []
    assert [(p.run, p.amount, p.expected_winners) for p in out.pots] == [(1, 11266, [6]), (2, 11266, [6])]


def test_cash_out_hand() -> None:
    (h,) = one("jejellyroll-fr/fpdb-3/regression-test-files/cash/Stars/Flop/2025-NL-6max-USD-0.05-0.10.cashout.txt")
    fees = [(e.kind, e.player, e.amount) for e in h.events if isinstance(e, FeeEvent)]
    assert fees == [("cash_out_fee", "Player3", 46)]
    assert [(e.player, e.amount) for e in h.events if isinstance(e, UncalledEvent)] == [("Player3", 326)]
    assert [(e.player, e.amount) for e in h.events if isinstance(e, CollectEvent)] == [("Player1", 2596)]
    assert (h.summary.total_pot, h.summary.rake) == (2721, 125)
    shows = {e.player: e.cards for e in h.events if isinstance(e, ShowEvent)}
    assert shows == {"Player1": ("Qs", "Js"), "Player3": ("Th", "Tc")}
    assert Auditor("online").audit(h).findings == []


def test_straddle_posted_as_second_big_blind() -> None:
    (h,) = one(STARS + "NLHE-9-max-USD-2.00-4.00-201901.PokerMaster.w.Straddle.txt")
    posts = [(e.seat, e.kind, e.amount) for e in h.events if isinstance(e, PostEvent)]
    assert posts[-3:] == [(1, Post.SMALL_BLIND, 200), (2, Post.BIG_BLIND, 400), (3, Post.BIG_BLIND, 800)]
    assert posts[0] == (1, Post.ANTE, 200)
    assert (h.site, h.sb, h.bb, h.ante) == ("PokerMaster", 200, 400, 200)
    assert Auditor("online").audit(h).findings == []


def test_fixed_limit_header() -> None:
    (h, *_) = one(STARS + "LHE-10max-USD-0.05-0.10-PF_all_fold_to_BB.txt")
    assert h.limit is Limit.FIXED_LIMIT and h.game == "FLHE"
    assert (h.small_bet, h.big_bet, h.sb, h.bb) == (5, 10, 2, 5)
    assert h.started_at is not None and h.started_at.isoformat() == "2010-07-03T12:46:30+00:00"
