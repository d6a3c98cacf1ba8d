"""Unibet: values pinned by reading the corpus hand, every corpus hand parses, and the
audit's findings on them are exactly the reviewed ones (tests/reviewed/unibet.tsv)."""

from __future__ import annotations

from datetime import datetime, timezone

import pytest
from _site_corpus import check_file, findings, hand, reviewed, rows

from hhaudit.engine.auditor import Auditor
from hhaudit.model import ActionEvent, CollectEvent, DealEvent, Limit, Post, PostEvent, Status
from hhaudit.parsing import parse

SITE = "Unibet"
BANZAI = "cash/Unibet/Flop/NLHE-EUR-0.05-0.10-202104.Banzi.txt"


@pytest.mark.parametrize("rel", sorted(rows(SITE)) or ["(corpus absent)"])
def test_every_corpus_hand_parses(rel: str) -> None:
    if rel not in rows(SITE):
        pytest.skip("the shared corpus (../shared/corpus) is not present")
    hands = check_file(rel, rows(SITE)[rel], "unibet")
    assert all(h.status is Status.AUDITED for h in hands)


def test_banzai_hand_all_in_raise_wins_the_blinds() -> None:
    h = hand(BANZAI)
    assert h.status is Status.AUDITED, h.problem
    assert (h.site, h.format, h.hand_id, h.kind, h.currency, h.scale) == ("Unibet", "unibet", "1463192545", "cash", "EUR", 2)
    assert (h.limit, h.game, h.sb, h.bb, h.table_name, h.button_seat) == (Limit.NO_LIMIT, "NLHE", 5, 10, "€1 NL", 6)
    # "13:22:50 2021/04/04": no zone, read as UTC and said to be assumed (hhaudit.zones)
    assert h.started_at == datetime(2021, 4, 4, 13, 22, 50, tzinfo=timezone.utc) and h.tz == "UTC (assumed)"
    assert [(s.seat, s.player, s.stack) for s in h.seats] == [
        (1, "Player0", 515), (2, "Player1", 100), (3, "Player2", 153), (4, "Hero", 95), (5, "Player3", 124),
        (6, "Player4", 235)]
    assert [(e.player, e.kind, e.amount) for e in h.events if isinstance(e, PostEvent)] == [
        ("Player0", Post.SMALL_BLIND, 5), ("Player1", Post.BIG_BLIND, 10)]
    assert [e.cards for e in h.events if isinstance(e, DealEvent)] == [("Ac", "7c")]
    # "Hero raises €0.95 to €0.95, and is all-in"
    assert [(e.player, e.act.value, e.amount, e.to, e.all_in) for e in h.events if isinstance(e, ActionEvent)] == [
        ("Player2", "fold", None, None, False), ("Hero", "raise", None, 95, True),
        ("Player3", "fold", None, None, False), ("Player4", "fold", None, None, False),
        ("Player0", "fold", None, None, False), ("Player1", "fold", None, None, False)]
    # "Hero wins €1.10": the blinds (.15) and Hero's own .95, .85 of it unmatched, no uncalled line
    assert [(e.player, e.amount) for e in h.events if isinstance(e, CollectEvent)] == [("Hero", 110)]
    assert (h.summary.total_pot, h.summary.rake, h.implicit_uncalled) == (110, 0, True)


def test_unibet_text_with_flop_showdown_and_seat_not_dealt_in() -> None:
    text = "\n".join([
        "Game #1: Table Test - 0.05/0.10 - No Limit Hold'Em - 10:00:00 2021/04/04",
        "*** Seated players ***",
        "Seat 1: A (€5)", "Seat 2: B (€5)", "Seat 3: C (€5)",
        "*** Blinds and button ***",
        "C has the button",
        "A posts small blind €0.05", "B posts big blind €0.10",
        "*** Hole cards ***",
        "Dealt in A", "Dealt in B",
        "*** Preflop ***",
        "A raises €0.25 to €0.30", "B calls €0.20",
        "*** Flop *** [2c 7d Th]",
        "A bets €0.40", "B folds",
        "A wins €0.60",
        "*** Summary ***",
        "Total pot €0.60 Rake €0",
    ])
    (h,) = list(parse(text))
    assert h.status is Status.AUDITED, h.problem
    assert [s.seat for s in h.seats if s.sitting_out] == [3]
    assert [(e.act.value, e.amount, e.to) for e in h.events if isinstance(e, ActionEvent)] == [
        ("raise", None, 30), ("call", 20, None), ("bet", 40, None), ("fold", None, None)]
    # .30 + .30 matched; A's .40 flop bet nobody called goes back unwritten
    assert [f.rule for f in Auditor("online").audit(h).findings if f.rule != "PA01"] == []


def test_findings_are_the_reviewed_ones() -> None:
    assert findings(SITE) == reviewed("unibet")
