"""Everleaf: values pinned by reading the hands, and every corpus hand parses."""

from __future__ import annotations

import collections
from pathlib import Path

import pytest

from hhaudit.model import ActionEvent, CollectEvent, Limit, Post, PostEvent, ShowEvent, Status, StreetEvent
from hhaudit.parsing import parse

CORPUS = Path(__file__).parents[2] / ".." / "shared" / "corpus"
REG = CORPUS / "ChazDazzle/fpdb-chaz/pyfpdb/regression-test-files"
SITES = {"Everleaf"}


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
    return [(e.player, e.act.value, e.amount, e.to) for e in hand.events if isinstance(e, ActionEvent)]


def test_euro_caret_hand():
    (h,) = hands_of("cash/Everleaf/Flop/NLHE-EUR-0.25-0.50-201202.euro.caret.txt")
    assert h.status is Status.AUDITED, h.problem
    assert (h.hand_id, h.format, h.site) == ("355196915", "everleaf", "Everleaf")
    assert (h.kind, h.currency, h.scale, h.sb, h.bb, h.limit) == ("cash", "EUR", 2, 25, 50, Limit.NO_LIMIT)
    assert h.button_seat == 1 and h.table_name == "Budapest"
    assert [(s.seat, s.player, s.stack) for s in h.seats] == [(1, "Hero", 5000), (2, "Player0", 5000)]
    posts = [(e.player, e.kind, e.amount) for e in h.events if isinstance(e, PostEvent)]
    assert posts == [("Hero", Post.SMALL_BLIND, 25), ("Player0", Post.BIG_BLIND, 50)]
    assert acts(h) == [
        ("Hero", "raise", 125, None),  # "raises [€ 1.25 EURO]": chips added
        ("Player0", "call", 100, None),
        ("Player0", "check", None, None),
        ("Hero", "check", None, None),
        ("Player0", "bet", 300, None),
        ("Hero", "fold", None, None),
    ]
    boards = [e.board for e in h.events if isinstance(e, StreetEvent)]
    assert boards == [("8s", "9h", "3s"), ("8s", "9h", "3s", "6h")]
    assert [(e.player, e.amount, e.pot) for e in h.events if isinstance(e, CollectEvent)] == [("Player0", 282, 0)]


def test_side_pot_tournament_hand():
    hands = hands_of("tour/Everleaf/TID_876731-3.txt")
    h = hands[1]
    assert h.hand_id == "108001110" and h.kind == "tournament" and h.scale == 0
    assert (h.sb, h.bb, h.button_seat) == (100, 200, 8)
    assert acts(h)[1] == ("Player2", "raise", 700, None)
    assert acts(h)[4:6] == [("Player5", "call", 700, None), ("Player6", "raise", 1622, None)]
    assert acts(h)[-2:] == [("Player2", "call", 670, None), ("Player5", "call", 922, None)]
    assert [(e.player, e.amount, e.pot) for e in h.events if isinstance(e, CollectEvent)] == [
        ("Player6", 4410, 0), ("Player6", 504, None)]


def test_fixed_limit_antes_and_thousands():
    hands = hands_of("tour/Everleaf/TID_1627660-1.txt")
    h = hands[0]
    assert h.limit is Limit.FIXED_LIMIT and (h.small_bet, h.big_bet, h.bb, h.sb) == (300, 600, 300, 150)
    assert h.ante == 25
    assert [(e.player, e.amount) for e in h.events if isinstance(e, CollectEvent)] == [("2pair05", 100)]
    blinds = [e for hh in hands for e in hh.events if isinstance(e, PostEvent) and e.kind is Post.BIG_BLIND]
    assert {e.amount for e in blinds} >= {300}


def test_shows_and_wrapped_winner_line():
    hands = hands_of("cash/Everleaf/Flop/NLHE-6max-USD-0.05-0.10-29Aug2010.txt")
    shows = [e for h in hands for e in h.events if isinstance(e, ShowEvent) and not e.muck]
    assert shows and all(len(e.cards) == 2 for e in shows)


@pytest.mark.parametrize("rel,count", sorted(corpus_files().items()))
def test_every_corpus_hand_parses(rel: str, count: int):
    hands = list(parse(str(CORPUS / rel)))
    assert len(hands) == count
    bad = [(h.hand_id, h.problem) for h in hands if h.status is Status.PARSE_ERROR]
    assert not bad
    assert all(h.format == "everleaf" for h in hands)


def test_rake_is_what_the_pot_less_the_unmatched_bet_did_not_pay():
    # 190070009: Player3 .02, Player5 .02, Player7 .03 (all in), Player1 .02+.96 (all in),
    # Player4 .02+.18+.78: pot 2.03, nothing unmatched; paid .13 main + 1.81 side = 1.94.
    (h,) = hands_of("cash/Everleaf/Flop/NLHE-10max-USD-0.01-0.02-201008.2Way.All-in.pre.txt")
    assert h.summary.rake == 9
    # 25324991 (Partouche): player4 puts in 2.00, player5 1.39 all in: .61 unmatched;
    # pot .04 + .20 + 1.39 + 1.39 = 3.02, paid 2.72: rake .30.
    (h,) = hands_of("cash/Everleaf/Flop/NLHE-EUR-0.01-0.02-20091027.partouche.txt")
    assert h.summary.rake == 30
    # 355196915: 1.50 each, Player0's bet of 3.00 unmatched; paid 2.82 of 3.00.
    (h,) = hands_of("cash/Everleaf/Flop/NLHE-EUR-0.25-0.50-201202.euro.caret.txt")
    assert h.summary.rake == 18


def test_seats_that_take_no_part_are_not_dealt_in():
    # Seat 2 (Player2, $49.70) never posts or acts: sitting out, so the big blind of seat 3
    # is the next seat dealt in after the small blind of seat 1.
    (h,) = hands_of("cash/Everleaf/Flop/NLHE-10max-USD-0.25-0.50-200911.All-in.in.player.line.txt")
    assert [s.seat for s in h.seats if s.sitting_out] == [2]
    assert 4 not in [s.seat for s in h.seats]  # "Player4 ( All-in )": no chips, no part
    # "baki90 ( new player )", reseated mid-hand with no chips: not in the hand at all.
    h = next(x for x in hands_of("tour/Everleaf/TID_1625641-1.txt") if x.hand_id == "288497406")
    assert 8 not in [s.seat for s in h.seats]


def test_findings_are_the_reviewed_ones():
    from _site_corpus import findings, reviewed
    assert findings("Everleaf") == reviewed("everleaf")
