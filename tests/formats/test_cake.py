"""Cake: values pinned by reading the hands, and every corpus hand parses."""

from __future__ import annotations

from pathlib import Path

import pytest

from _site_corpus import acts, file_hand, file_hands, posts, rows

from hhaudit.model import (
    CollectEvent,
    DealEvent,
    Limit,
    Post,
    ShowEvent,
    Status,
    StreetEvent,
    UncalledEvent,
)
from hhaudit.parsing import parse

CORPUS = Path(__file__).parents[2] / ".." / "shared" / "corpus"
REG = CORPUS / "ChazDazzle/fpdb-chaz/pyfpdb/regression-test-files"
SITES = {"Cake"}
# Deliberately broken files of the corpus: a file cut down to start inside a hand (the lines
# before the first header come out as one extra parse_error "hand"), and a hand whose log
# stops at the showdown with no pot paid.
TRUNCATED = {
    "NLHE-9max-USD-10-1-201312.trim.hh.txt": 1,
    "NLHE-2max-USD-STT-0.75-201212.player.left.the.table.txt": 0,
}


def corpus_files() -> dict[str, int]:
    return {rel: n for site in SITES for rel, n in rows(site).items()}


def hands_of(rel: str):
    return file_hands(REG / rel)


def hand_of(rel: str, hand_id: str):
    return file_hand(REG / rel, hand_id)


def test_cash_hand_raise_to_and_rake():
    (h,) = hands_of("cash/Cake/Flop/NLHE-6max-USD-0.25-0.50-201004.new.showdown.formats.txt")
    assert h.status is Status.AUDITED, h.problem
    assert (h.hand_id, h.format, h.site) == ("2217011712000147", "cake", "Cake")
    assert (h.kind, h.currency, h.scale, h.sb, h.bb, h.limit) == ("cash", "USD", 2, 25, 50, Limit.NO_LIMIT)
    assert h.button_seat == 6 and h.table_name == "Pebble Beach (6-Max) 11712"
    assert h.started_at is not None and h.started_at.isoformat() == "2010-04-30T22:26:41+00:00"
    assert [(s.seat, s.player, s.stack) for s in h.seats][:3] == [
        (4, "dirt***4", 4455), (5, "stro***5", 15723), (6, "Wolvish", 6265)]
    assert posts(h) == [("Noot***7", Post.SMALL_BLIND, 25, 0, False), ("soft***8", Post.BIG_BLIND, 50, 0, False)]
    assert [(e.player, e.cards) for e in h.events if isinstance(e, DealEvent)] == [("Wolvish", ("Qh", "5s"))]
    assert acts(h)[4:] == [
        ("Noot***7", "raise", None, 150, False),
        ("soft***8", "call", 100, None, False),
        ("Noot***7", "bet", 200, None, False),
        ("soft***8", "raise", None, 600, False),
        ("Noot***7", "call", 400, None, False),
        ("Noot***7", "check", None, None, False),
        ("soft***8", "bet", 800, None, False),
        ("Noot***7", "call", 800, None, False),
        ("Noot***7", "bet", 2400, None, False),
        ("soft***8", "call", 2400, None, False),
    ]
    assert [(e.street.value, e.cards) for e in h.events if isinstance(e, StreetEvent)] == [
        ("flop", ("As", "8c", "9s")), ("turn", ("3d",)), ("river", ("2s",)), ("showdown", ())]
    assert [(e.player, e.cards, e.muck) for e in h.events if isinstance(e, ShowEvent)] == [
        ("Noot***7", ("8s", "7s"), False), ("soft***8", (), True), ("soft***8", ("Td", "Ac"), True)]
    assert [(e.player, e.amount) for e in h.events if isinstance(e, CollectEvent)] == [("Noot***7", 7600)]
    # No rake printed: the pot of $79 paid $76.
    assert h.summary.rake == 300 and h.summary.total_pot is None


def test_fixed_limit_decimal_comma():
    (h,) = hands_of("cash/Cake/Flop/LHE-6max-USD-5.00-10.00-201206.txt")
    assert h.status is Status.AUDITED, h.problem
    assert (h.limit, h.small_bet, h.big_bet, h.sb, h.bb, h.button_seat) == (Limit.FIXED_LIMIT, 500, 1000, 250, 500, 9)
    assert [(s.player, s.stack) for s in h.seats][1] == ("Player0", 25050)  # "$250,50"
    assert acts(h)[0] == ("Player0", "raise", None, 1000, False)
    assert [(e.player, e.amount) for e in h.events if isinstance(e, UncalledEvent)] == [("Player0", 1000)]
    assert [(e.player, e.amount) for e in h.events if isinstance(e, CollectEvent)] == [("Player0", 5050)]
    assert h.summary.rake == 200


def test_tournament_all_in_lines_and_side_pot():
    (h,) = hands_of("tour/Cake/Flop/NLHE-9max-USD-MTT-201206.bounty.txt")
    assert h.status is Status.AUDITED, h.problem
    assert (h.kind, h.tournament_id, h.table_name, h.scale, h.sb, h.bb, h.ante) == (
        "tournament", "11244010", "7", 0, 100, 200, 0)
    assert h.button_seat == 5
    assert acts(h)[-3:] == [
        ("Player2", "bet", 2105, None, True),    # "is all in 2,105": chips added, opening the turn
        ("Player5", "call", 2030, None, True),
        ("Player0", "call", 1988, None, True),
    ]
    assert [(e.player, e.amount) for e in h.events if isinstance(e, UncalledEvent)] == [("Player2", 75)]
    assert [(e.player, e.amount) for e in h.events if isinstance(e, CollectEvent)] == [("Player5", 84), ("Player5", 9574)]


def test_coin_flip_stacks_go_in_unwritten():
    (h,) = hands_of("tour/Cake/Flop/NLHE-USD-5.50-Coinflip-201207.txt")
    assert h.status is Status.AUDITED, h.problem
    assert posts(h) == [("Hero", Post.ANTE, 1500, 0, True), ("Player0", Post.ANTE, 1500, 0, True)]
    assert [(e.player, e.amount) for e in h.events if isinstance(e, CollectEvent)] == [("Hero", 3000)]


def test_underscore_names_and_doubled_bom():
    (h,) = hands_of("tour/Cake/Flop/NLHE-9max-USD-MTT-5-201206.underscore.substitution.txt")
    assert h.status is Status.AUDITED, h.problem
    assert ("Player Space", ("8h", "9d"), True) in [
        (e.player, e.cards, e.muck) for e in h.events if isinstance(e, ShowEvent)]
    (h,) = hands_of("tour/Cake/Flop/NLHE-10max-15-USD-201204.new.format.txt")
    assert h.status is Status.AUDITED and h.hand_id.startswith("2930A7507F")


@pytest.mark.parametrize("rel,count", sorted(corpus_files().items()))
def test_every_corpus_hand_parses(rel: str, count: int):
    path = CORPUS / rel
    if not path.exists():
        pytest.skip("corpus not present at ../shared/corpus")
    hands = list(parse(str(path)))
    extra = TRUNCATED.get(Path(rel).name, 0)
    assert len(hands) == count + extra
    errors = [h for h in hands if h.status is Status.PARSE_ERROR]
    if Path(rel).name in TRUNCATED:
        assert len(errors) == 1
    else:
        assert not errors, [(h.hand_id, h.problem) for h in errors]
    for h in hands:
        assert h.format == "cake"
