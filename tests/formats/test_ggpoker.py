"""GGPoker: values pinned by reading the hands, and every corpus hand parses."""

from __future__ import annotations

import collections
from pathlib import Path

import pytest

from hhaudit.model import ActionEvent, CollectEvent, DealEvent, Post, PostEvent, Status, UncalledEvent
from hhaudit.parsing import parse

CORPUS = Path(__file__).parents[2] / ".." / "shared" / "corpus"
REG = CORPUS / "ChazDazzle/fpdb-chaz/pyfpdb/regression-test-files"
SITES = {"GGPoker"}


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


def test_daily_special_first_hand():
    h = hands_of("tour/GGPoker/Flop/NLHE-8max-MTT-USD-250-202006.txt")[0]
    assert (h.site, h.format, h.hand_id, h.kind, h.tournament_id) == ("GGPoker", "ggpoker", "TM247771977", "tournament", "5259595")
    assert (h.sb, h.bb, h.ante, h.button_seat, h.max_seats, h.scale) == (60, 120, 18, 1, 8, 0)
    assert [(s.seat, s.player, s.stack) for s in h.seats] == [(1, "Hero", 10000), (2, "a9055bd5", 23639)]
    posts = [(e.player, e.kind, e.amount) for e in h.events if isinstance(e, PostEvent)]
    assert posts == [("Hero", Post.ANTE, 18), ("a9055bd5", Post.ANTE, 18),
                     ("Hero", Post.SMALL_BLIND, 60), ("a9055bd5", Post.BIG_BLIND, 120)]
    # hero-only cards: the "Dealt to a9055bd5" line carries no cards and makes no event
    assert [(e.player, e.cards) for e in h.events if isinstance(e, DealEvent)] == [("Hero", ("Qh", "Jh"))]
    assert acts(h) == [("Hero", "raise", None, 276, False), ("a9055bd5", "call", 156, None, False),
                       ("a9055bd5", "check", None, None, False), ("Hero", "bet", 294, None, False),
                       ("a9055bd5", "fold", None, None, False)]
    assert [e.amount for e in h.events if isinstance(e, UncalledEvent)] == [294]
    assert [(e.player, e.amount) for e in h.events if isinstance(e, CollectEvent)] == [("Hero", 588)]
    assert h.summary.total_pot == 588 and h.summary.rake is None
    assert h.summary.boards == [("4h", "Ts", "Qs")]


def test_wsop_thousands_and_all_in():
    h = hands_of("tour/GGPoker/Flop/NLHE-8max-MTT-USD-5k-202008.txt")[0]
    assert (h.hand_id, h.tournament_id, h.sb, h.bb, h.ante, h.button_seat) == ("TM316262814", "9364957", 1000, 2000, 250, 4)
    assert h.seats[6].stack == 226601
    a = acts(h)
    assert ("Hero", "raise", None, 4000, False) in a
    assert ("Hero", "raise", None, 40902, True) in a
    assert ("2676777a", "call", 32902, None, False) in a
    assert [(e.player, e.amount) for e in h.events if isinstance(e, CollectEvent)] == [("2676777a", 96804)]
    assert h.summary.total_pot == 96804
    assert h.summary.boards == [("7d", "9d", "Ad", "2s", "4h")]


def test_short_deck_is_unsupported():
    hands = hands_of("cash/GGPoker/Flop/NL-ShortDeck-5max-USD-0.2-202103.txt")
    assert hands and all(h.status is Status.UNSUPPORTED_GAME for h in hands)
    assert all(h.hand_id.startswith("SD") for h in hands)


@pytest.mark.parametrize("rel,count", sorted(corpus_files().items()))
def test_every_corpus_hand_parses(rel: str, count: int):
    hands = list(parse(str(CORPUS / rel)))
    assert len(hands) == count
    bad = [(h.hand_id, h.problem) for h in hands if h.status is Status.PARSE_ERROR]
    assert not bad
    assert all(h.format == "ggpoker" for h in hands)


def test_posted_blinds_override_the_header_level():
    hands = {h.hand_id: h for h in hands_of("tour/GGPoker/Flop/NLHE-8max-MTT-USD-250-202006.txt")}
    h = hands["TM247773056"]  # header "Level3 (80/160)", posts 60 and 120
    assert (h.sb, h.bb) == (60, 120)
