"""Absolute / UltimateBet: values pinned by reading the hands, and every corpus hand parses."""

from __future__ import annotations

import collections
from pathlib import Path

import pytest

from hhaudit.model import ActionEvent, CollectEvent, FeeEvent, Limit, Post, PostEvent, Status, UncalledEvent
from hhaudit.parsing import parse

CORPUS = Path(__file__).parents[2] / ".." / "shared" / "corpus"
REG = CORPUS / "ChazDazzle/fpdb-chaz/pyfpdb/regression-test-files"
SITES = {"Absolute/UB"}


def corpus_files() -> dict[str, int]:
    if not (CORPUS / "HANDS.tsv").exists():
        return {}
    rows: collections.Counter[str] = collections.Counter()
    for line in (CORPUS / "HANDS.tsv").read_text(encoding="utf-8").splitlines()[1:]:
        parts = line.split("\t")
        if parts[2] in SITES:
            rows[parts[0]] += 1
    return dict(rows)


def hands_of(rel: str):
    path = REG / rel
    if not path.exists():
        pytest.skip("corpus not present at ../shared/corpus")
    return list(parse(str(path)))


def acts(hand):
    return [(e.player, e.act.value, e.amount, e.to, e.all_in) for e in hand.events if isinstance(e, ActionEvent)]


def test_post_both_hand():
    (h,) = hands_of("cash/Absolute/Flop/NLHE-USD-0.50-1.00-200912.postboth.txt")
    assert h.status is Status.AUDITED, h.problem
    assert (h.hand_id, h.sb, h.bb, h.scale, h.currency, h.button_seat) == ("1797821771", 50, 100, 2, "USD", 4)
    assert [(s.seat, s.stack) for s in h.seats] == [(4, 14870), (5, 3717), (6, 10000), (2, 2000), (3, 5575)]
    posts = [(e.player, e.kind, e.amount, e.dead) for e in h.events if isinstance(e, PostEvent)]
    assert posts == [("Player1", Post.SMALL_BLIND, 50, 0), ("Hero", Post.BIG_BLIND, 100, 0),
                     ("Player2", Post.DEAD, 100, 50)]
    assert acts(h) == [
        ("Player2", "check", None, None, False), ("Player3", "fold", None, None, False),
        ("Player0", "fold", None, None, False), ("Player1", "raise", None, 400, False),
        ("Hero", "fold", None, None, False), ("Player2", "call", 300, None, False),
        ("Player1", "bet", 600, None, False), ("Player2", "fold", None, None, False),
    ]
    assert [e.amount for e in h.events if isinstance(e, UncalledEvent)] == [600]
    assert [(e.player, e.amount, e.pot) for e in h.events if isinstance(e, CollectEvent)] == [("Player1", 855, 0)]
    assert (h.summary.total_pot, h.summary.rake, h.summary.jackpot) == (950, 45, 50)


def test_fixed_limit_dead_post_and_all_in_blind():
    (h,) = hands_of("cash/Absolute/Flop/LHE-USD-25-50-200708.post.dead.txt")
    assert h.limit is Limit.FIXED_LIMIT and (h.small_bet, h.big_bet, h.bb, h.sb) == (2500, 5000, 2500, 1500)
    dead = [e for e in h.events if isinstance(e, PostEvent) and e.kind is Post.DEAD]
    assert [(e.amount, e.dead) for e in dead] == [(2500, 1500)]  # "Posts dead $40 dead $15"
    (h,) = hands_of("cash/Absolute/Flop/LHE-USD-200-400-201003.all.in.blind.txt")
    posts = [(e.player, e.kind, e.amount, e.all_in) for e in h.events if isinstance(e, PostEvent)]
    assert posts == [("Player0", Post.SMALL_BLIND, 10000, False), ("Player1", Post.BIG_BLIND, 19127, True)]
    assert [e.amount for e in h.events if isinstance(e, UncalledEvent)] == [20873]


def test_seven_deuce_proposition_pot():
    (h,) = hands_of("cash/Absolute/Flop/NLHE-USD-2-4-201004.72.proposition.txt")
    assert (h.sb, h.bb) == (200, 400)
    assert [(e.kind, e.amount) for e in h.events if isinstance(e, FeeEvent)] == [("room_added", -4000)]
    assert [(e.amount, e.pot) for e in h.events if isinstance(e, CollectEvent)] == [(4000, None), (2420, 0)]


def test_tournament_all_ins_and_side_pots():
    hands = hands_of("tour/Absolute/Flop/IHH20110116 $1K Special Sunday FR 3 Tourney ID 5945889 "
                     "No Limit Hold'em Freeroll(Real Money).txt")
    h = hands[0]
    assert (h.kind, h.tournament_id, h.scale, h.sb, h.bb, h.button_seat) == ("tournament", "5945889", 0, 5, 10, 9)
    assert h.limit is Limit.NO_LIMIT  # "Multi Normal Tournament No Limit"
    assert h.seats[0].stack == 1440
    assert acts(h)[-3:] == [("SHUSWAPER", "bet", 20, None, False), ("MARSHMAN5984", "raise", None, 200, False),
                            ("SHUSWAPER", "fold", None, None, False)]
    sides = [hh for hh in hands if hh.summary.side_pots]
    assert any(hh.summary.total_pot == 5480 and hh.summary.main_pot == 3750 and hh.summary.side_pots == [1730]
               for hh in sides)


@pytest.mark.parametrize("rel,count", sorted(corpus_files().items()))
def test_every_corpus_hand_parses(rel: str, count: int):
    hands = list(parse(str(CORPUS / rel)))
    assert len(hands) == count
    assert not [(h.hand_id, h.problem) for h in hands if h.status is Status.PARSE_ERROR]
    assert all(h.format == "absolute" for h in hands)


def test_seven_deuce_total_counts_the_proposition_money():
    # "Total Pot($26) | Rake ($1.30) | Jackpot Rake ($0.50) | 72 Proposition Pot ($40)":
    # $2 + $12 + $12 in the hand, plus the $40 the others pay the 7-2 winner.
    (h,) = hands_of("cash/Absolute/Flop/NLHE-USD-2-4-201004.72.proposition.txt")
    assert (h.summary.total_pot, h.summary.rake, h.summary.jackpot) == (6600, 130, 50)


def test_walk_pays_the_unmatched_big_blind_inside_the_collection():
    # C284520999: blinds $2/$4, all fold; "PLAYER2 Collects $6 from main pot", "Total Pot($6)",
    # no "returned" line: the $2 nobody called is inside the $6.
    (h,) = hands_of("cash/Absolute/Flop/IHH20101209 Photo Ave - Hold'em No Limit $4 (Real Money) Table 26793209.txt")
    assert h.implicit_uncalled and h.summary.total_pot == 600
    assert [(e.player, e.amount) for e in h.events if isinstance(e, CollectEvent)] == [("PLAYER2", 600)]
    # a layout that writes "returned (...) : not called" does not pay it inside
    (h,) = hands_of("cash/Absolute/Flop/LHE-USD-25-50-200708.timeout.allin.txt")
    assert not h.implicit_uncalled
    assert [e.amount for e in h.events if isinstance(e, UncalledEvent)] == [5000]


def test_findings_are_the_reviewed_ones():
    from _site_corpus import findings, reviewed
    assert findings("Absolute/UB") == reviewed("absolute")
