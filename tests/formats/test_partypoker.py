"""PartyPoker: values pinned by reading the hands, and every corpus hand parses."""

from __future__ import annotations

import collections
from pathlib import Path

import pytest

from hhaudit.model import ActionEvent, CollectEvent, DealEvent, Post, PostEvent, ShowEvent, Status, StreetEvent, UncalledEvent
from hhaudit.parsing import parse

CORPUS = Path(__file__).parents[2] / ".." / "shared" / "corpus"
REG = CORPUS / "ChazDazzle/fpdb-chaz/pyfpdb/regression-test-files"
SITES = {"PartyPoker"}


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


def test_classic_cash_sample():
    h = hands_of("cash/PartyPoker/Flop/NLHE-USD-0.01-0.02-201008.Sample.txt")[0]
    assert (h.site, h.format, h.hand_id, h.kind, h.currency, h.scale) == ("PartyPoker", "partypoker", "9582251255", "cash", "USD", 2)
    # "$2 USD NL Texas Hold'em" is the table's buy-in; the blinds come from the posts
    assert (h.game, h.sb, h.bb, h.button_seat, h.max_seats, h.table_name) == ("NLHE", 1, 2, 6, 9, "Speed #1769729")
    assert h.started_at is not None and h.started_at.isoformat() == "2010-08-30T20:08:09+00:00"
    assert [(s.seat, s.player, s.stack) for s in h.seats][:3] == [(9, "Lisypoker", 357), (6, "Tortozendo", 214), (8, "Hero", 206)]
    posts = [(e.player, e.kind, e.amount) for e in h.events if isinstance(e, PostEvent)]
    assert posts == [("suicini03", Post.SMALL_BLIND, 1), ("Hero", Post.BIG_BLIND, 2)]
    assert [(e.player, e.cards) for e in h.events if isinstance(e, DealEvent)] == [("Hero", ("Js", "Th"))]
    assert acts(h) == [
        ("Lisypoker", "fold", None, None, False), ("potikuus", "fold", None, None, False),
        ("Tortozendo", "raise", 8, None, False), ("suicini03", "call", 7, None, False), ("Hero", "call", 6, None, False),
        ("suicini03", "check", None, None, False), ("Hero", "bet", 10, None, False),
        ("Tortozendo", "fold", None, None, False), ("suicini03", "call", 10, None, False),
        ("suicini03", "check", None, None, False), ("Hero", "check", None, None, False),
        ("suicini03", "check", None, None, False), ("Hero", "bet", 12, None, False), ("suicini03", "call", 12, None, False),
    ]
    boards = [e.board for e in h.events if isinstance(e, StreetEvent)]
    assert boards[-1] == ("As", "6h", "Qc", "Td", "Ac")
    assert [(e.player, e.cards) for e in h.events if isinstance(e, ShowEvent)] == [("Hero", ("Js", "Th")), ("suicini03", ("Qh", "Jd"))]
    assert [(e.player, e.amount, e.pot) for e in h.events if isinstance(e, CollectEvent)] == [("suicini03", 65, 0)]
    # no rake line: the pot of 0.68 paid 0.65, so 0.03 was raked
    assert h.summary.rake == 3


def test_new_layout_mtt_summary_balances():
    h = hands_of("tour/PartyPoker/Flop/NLHE-MTT-USD-50-5-202104.anon.txt")[0]
    assert (h.hand_id, h.kind, h.tournament_id, h.scale) == ("161938625156465v9fyd47bg", "tournament", "301084002", 0)
    assert (h.sb, h.bb, h.ante, h.button_seat, h.max_seats) == (350000, 700000, 87500, 2, 8)
    a = acts(h)
    assert ("Player5", "raise", None, 11302166, True) in a      # "raises 11302166 to 11302166" + "is all-In."
    assert ("Hero", "call", 13185876, None, True) in a           # "calls (13185876)" + "is all-In."
    assert (h.summary.main_pot, h.summary.side_pots, h.summary.total_pot) == (35656500, [3767420], 39423920)
    assert h.summary.boards == [("7s", "9c", "5s", "3s", "Qs")]
    shows = {e.player: e.cards for e in h.events if isinstance(e, ShowEvent)}
    assert shows == {"Player5": ("Ac", "Ks"), "Player7": ("Kc", "As"), "Hero": ("Ad", "Ah")}
    # "collected 42618560" includes the 16,380,517 - 13,185,876 = 3,194,641 nobody matched
    assert [(e.player, e.amount) for e in h.events if isinstance(e, UncalledEvent)] == [("Player7", 3194641)]
    assert [(e.player, e.amount) for e in h.events if isinstance(e, CollectEvent)] == [("Player7", 42618560 - 3194641)]


def test_classic_tournament_thousands_and_all_in():
    hands = {h.hand_id: h for h in hands_of("tour/PartyPoker/Flop/NLHE-USD-STT-10-201104.new.hand.delimiter.txt")}
    h = hands["10315754293"]
    assert (h.kind, h.tournament_id, h.sb, h.bb) == ("tournament", "59658935", 300, 600)
    assert [(s.seat, s.player, s.stack) for s in h.seats] == [(5, "Player0", 4520), (4, "Player1", 7480)]
    # this file writes no blind posts, but the blinds were taken: "wins 5,120" = Player0's
    # 4,520 (300 small blind + "is all-In [4,220]") + Player1's 600 big blind. Heads-up the
    # button (seat 5) posts the small blind; the posts are inferred at the dealing line.
    posts = [(e.player, e.kind, e.amount, e.all_in) for e in h.events if isinstance(e, PostEvent)]
    assert posts == [("Player0", Post.SMALL_BLIND, 300, False), ("Player1", Post.BIG_BLIND, 600, False)]
    assert acts(h) == [("Player0", "raise", 4220, None, True), ("Player1", "fold", None, None, False)]
    # of the 5,120: 4,520 - 600 = 3,920 nobody matched, and the pot of 1,200
    assert [(e.player, e.amount) for e in h.events if isinstance(e, UncalledEvent)] == [("Player0", 3920)]
    assert [(e.player, e.amount) for e in h.events if isinstance(e, CollectEvent)] == [("Player0", 1200)]


def test_short_deck_is_unsupported():
    hands = hands_of("cash/PartyPoker/Flop/Short-Deck-6max-USD-1.00-1.00-201904.txt")
    assert [h.status for h in hands] == [Status.UNSUPPORTED_GAME]


@pytest.mark.parametrize("rel,count", sorted(corpus_files().items()))
def test_every_corpus_hand_parses(rel: str, count: int):
    hands = list(parse(str(CORPUS / rel)))
    assert len(hands) == count
    bad = [(h.hand_id, h.problem) for h in hands if h.status is Status.PARSE_ERROR]
    assert not bad
    assert all(h.format == "partypoker" for h in hands)
