"""Enet: values pinned by reading the corpus hand, every corpus hand parses, and the
audit's findings on them are exactly the reviewed ones (tests/reviewed/enet.tsv)."""

from __future__ import annotations

import pytest
from _site_corpus import check_file, findings, hand, reviewed, rows

from hhaudit.engine.auditor import Auditor
from hhaudit.model import ActionEvent, CollectEvent, Limit, Post, PostEvent, Status, UncalledEvent
from hhaudit.parsing import parse

SITE = "Enet"
DEAD = "cash/Enet/Flop/NLHE-6max-EUR-0.05-0.10-201210.post.dead.txt"


@pytest.mark.parametrize("rel", sorted(rows(SITE)) or ["(corpus absent)"])
def test_every_corpus_hand_parses(rel: str) -> None:
    if rel not in rows(SITE):
        pytest.skip("the shared corpus (../shared/corpus) is not present")
    hands = check_file(rel, rows(SITE)[rel], "enet")
    assert all(h.status is Status.AUDITED for h in hands)


def test_blinds_posted_with_no_amount() -> None:
    h = hand(DEAD)
    assert h.status is Status.AUDITED, h.problem
    assert (h.site, h.hand_id, h.kind, h.currency, h.scale, h.limit, h.sb, h.bb) == (
        "Enet", "19408739", "cash", "EUR", 2, Limit.NO_LIMIT, 5, 10)
    assert (h.table_name, h.max_seats) == ("Parfigi 1 - No Limit", 6)
    assert h.button_seat == 3  # "Seat 3: Hero (dealer)"; the blinds are seats 4 and 5
    assert [(s.seat, s.stack) for s in h.seats] == [(1, 1490), (2, 190), (3, 1451), (4, 273), (5, 1264), (6, 1000)]
    # Player1 (acts: folds) "posts small blind " = a dead .05; Player4 "posts big blind "
    # never acts: not dealt in, nothing in the pot
    assert [(e.player, e.kind, e.amount, e.dead) for e in h.events if isinstance(e, PostEvent)] == [
        ("Player2", Post.SMALL_BLIND, 5, 0), ("Player3", Post.BIG_BLIND, 10, 0), ("Player1", Post.DEAD, 0, 5)]
    assert [s.seat for s in h.seats if s.sitting_out] == [6]
    assert [(e.player, e.act.value, e.amount) for e in h.events if isinstance(e, ActionEvent)] == [
        ("Player0", "fold", None), ("Player1", "fold", None), ("Hero", "raise", 30),
        ("Player2", "fold", None), ("Player3", "fold", None)]
    assert [e.amount for e in h.events if isinstance(e, UncalledEvent)] == [20]
    # .05 + .10 + .05 dead + Hero's matched .10 = "Total pot €0,30"; the summary pays .30
    assert (h.summary.total_pot, h.summary.rake) == (30, 0)
    assert [(e.player, e.amount) for e in h.events if isinstance(e, CollectEvent)] == [("Hero", 30)]


def test_decimal_commas_raise_to_and_a_blank_big_blind_that_plays() -> None:
    text = "\n".join([
        "Game #7: Hold'em (€1/€2) - 20:00:00 1.2.2012 - %6",
        "Table 'Test - No Limit' 6-max Seat #1 is the button",
        "Seat 1: A (€1.200,50 in chips)", "Seat 2: B (€300 in chips)", "Seat 3: C (€300 in chips)",
        "Seat 4: D (€300 in chips)",
        "B: posts small blind €1", "C: posts big blind €2", "D: posts big blind ",
        "*** HOLECARDS ***",
        "D: checks", "A: raises €4,50 to €6,50", "B: folds", "C: calls €4,50", "D: folds",
        "*** FLOP *** [2c 7d Th]",
        "C: checks", "A: checks",
        "*** TURN *** [2c 7d Th] [Js]",
        "C: checks", "A: checks",
        "*** RIVER *** [2c 7d Th Js] [3h]",
        "C: checks", "A: checks",
        "*** SHOW DOWN ***",
        "C: shows [Ah Ad] (a pair of Aces)",
        "A: mucked",
        "*** SUMMARY ***",
        "Total pot €16 | Rake €0",
        "Board [2c 7d Th Js 3h]",
        "Seat 1: A (dealer) mucked",
        "Seat 3: C (big blind) showed [Ah Ad] and won (€16) with a pair of Aces",
    ])
    (h,) = list(parse(text))
    assert h.status is Status.AUDITED, h.problem
    assert h.seats[0].stack == 120050
    assert [(e.player, e.kind, e.amount) for e in h.events if isinstance(e, PostEvent)] == [
        ("B", Post.SMALL_BLIND, 100), ("C", Post.BIG_BLIND, 200), ("D", Post.BIG_BLIND, 200)]
    assert [(e.player, e.act.value, e.amount, e.to) for e in h.events if isinstance(e, ActionEvent)][1:4] == [
        ("A", "raise", None, 650), ("B", "fold", None, None), ("C", "call", 450, None)]
    assert [(e.player, e.amount) for e in h.events if isinstance(e, CollectEvent)] == [("C", 1600)]
    # 1 + 6.50 + 6.50 + D's 2 = 16
    assert [f.rule for f in Auditor("online").audit(h).findings if f.rule != "PA01"] == []


def test_findings_are_the_reviewed_ones() -> None:
    assert findings(SITE) == reviewed("enet")
