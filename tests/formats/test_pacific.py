"""888/Pacific format: pinned values read by hand from real hands, and the whole corpus parses."""

from __future__ import annotations

import itertools
from datetime import datetime, timezone
from pathlib import Path


from conftest_corpus import corpus, find_hand, hands_tsv

from hhaudit import formats
from hhaudit.model import (
    Act, ActionEvent, CollectEvent, DealEvent, Limit, Post, PostEvent, ShowEvent, Status, Street,
    StreetEvent, UncalledEvent,
)
from hhaudit.parsing import parse
from hhaudit.reading import iter_lines

CORPUS = Path(__file__).parents[2] / ".." / "shared" / "corpus"
FILES = CORPUS / "ChazDazzle/fpdb-chaz/pyfpdb/regression-test-files"
SITE = "888/Pacific"
FORMAT = "pacific"


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
            if rel.endswith("blank.player.names.txt"):
                # two seats are named "" and the lines do not say which one acts
                assert h.status is Status.PARSE_ERROR and "seats are named ''" in h.problem.message
                continue
            assert h.status in (Status.AUDITED, Status.UNSUPPORTED_GAME), (rel, h.hand_id, h.problem)


CASH = "cash/PacificPoker/Flop/"
TOUR = "tour/PacificPoker/Flop/"


def test_fixed_limit_all_in_blind_and_uncalled_paid_as_collection() -> None:
    h = _hand(CASH + "888-FHE-USD-5-10-201203.all.in.blind.txt", "418361264")
    assert (h.site, h.format, h.game, h.limit, h.kind, h.currency, h.scale) == (
        "888/Pacific", "pacific", "FLHE", Limit.FIXED_LIMIT, "cash", "USD", 2)
    # "$5/$10 Blinds Fix Limit": 888 prints the blinds; the bets are $10/$20
    assert (h.sb, h.bb, h.small_bet, h.big_bet) == (500, 1000, 1000, 2000)
    assert (h.button_seat, h.table_name) == (6, "Hokkaido")
    assert h.started_at == datetime(2012, 3, 4, 20, 32, 21, tzinfo=timezone.utc)  # 15:32:21 ET
    assert [(s.seat, s.player, s.stack) for s in h.seats] == [
        (2, "Player0", 1000), (4, "Player1", 172825), (6, "Hero", 52700), (9, "Player2", 61500)]
    ev = h.events
    assert ev[0] == PostEvent(11, 9, "Player2", Post.SMALL_BLIND, 500)
    assert ev[1] == PostEvent(12, 2, "Player0", Post.BIG_BLIND, 1000)
    assert ev[2] == DealEvent(14, 6, "Hero", ("Td", "Qd"))
    acts = [(e.player, e.act, e.amount) for e in ev if isinstance(e, ActionEvent)]
    assert acts == [("Player1", Act.FOLD, None), ("Hero", Act.RAISE, 2000), ("Player2", Act.FOLD, None)]
    board = [e.board for e in ev if isinstance(e, StreetEvent) and e.street is Street.RIVER]
    assert board == [("8s", "As", "2d", "6h", "5d")]
    assert [(e.player, e.cards) for e in ev if isinstance(e, ShowEvent)] == [
        ("Player0", ("2c", "Ts")), ("Hero", ("Td", "Qd"))]
    # "Hero collected [ $10 ]" is Hero's own unmatched raise coming back
    assert [(e.player, e.amount) for e in ev if isinstance(e, UncalledEvent)] == [("Hero", 1000)]
    assert [(e.player, e.amount) for e in ev if isinstance(e, CollectEvent)] == [("Player0", 2375)]
    assert h.summary.rake == 125  # pot 25.00 (5 + 10 + 10 matched), 23.75 paid
    assert h.implicit_uncalled


def test_decimal_commas_dead_blind_and_german_suits() -> None:
    h = _hand(CASH + "888-NLHE-USD-0.01-0.02-201107.non.english.post.both.txt", "332877236")
    assert (h.sb, h.bb, h.currency, h.scale) == (1, 2, "USD", 2)
    assert [s.stack for s in h.seats] == [200, 55, 49, 38, 200, 114]
    ev = h.events
    assert ev[2] == PostEvent(15, 3, "Player1", Post.DEAD, 2, 1)  # "[0,01 $ + 0,02 $]"
    assert ev[3] == DealEvent(17, 6, "Hero", ("8s", "Qs"))  # "[ 8Pik, QPik ]"
    assert ActionEvent(21, 5, "Player3", Act.RAISE, 38) in ev  # "raises [0,38 $]"
    assert [(e.player, e.amount) for e in ev if isinstance(e, CollectEvent)] == [("Player3", 8)]
    assert not [e for e in ev if isinstance(e, UncalledEvent)]  # newer layout: left out
    assert h.summary.rake == 0


def test_russian_rank_letters() -> None:
    h = _hand(CASH + "888-NLHE-USD-0.02-0.04-201107.russian.cards.txt", "103581731")
    boards = [e.board for e in h.events if isinstance(e, StreetEvent) and e.street is Street.RIVER]
    assert boards == [("9s", "Jh", "2s", "5h", "Qc")]  # В = valet, Д = dama
    shows = [(e.player, e.cards) for e in h.events if isinstance(e, ShowEvent)]
    assert shows == [("Player0", ("2d", "Ad")), ("Player1", ("8c", "Ac"))]  # Т = tuz


def test_tournament_antes_thousands_and_raises_as_chips_put_in() -> None:
    h = _hand(TOUR + "NLHE-FREE-MTT-$75Freeroll-201202.multi.pot.ante.all.in.txt", "190627712")
    assert (h.kind, h.currency, h.scale, h.tournament_id, h.table_name) == ("tournament", "", 0, "36216773", "359")
    assert (h.sb, h.bb, h.ante) == (150, 300, 30)
    assert h.seats[0].stack == 1379 and h.seats[3].stack == 4152
    posts = [(e.player, e.kind, e.amount) for e in h.events if isinstance(e, PostEvent)]
    assert posts[0] == ("gmartin2011", Post.ANTE, 15)
    assert posts[-2:] == [("nikoquimey", Post.SMALL_BLIND, 150), ("alinastanciu", Post.BIG_BLIND, 300)]
    acts = [(e.player, e.act, e.amount) for e in h.events if isinstance(e, ActionEvent) and e.act is not Act.FOLD]
    assert acts == [("VN91Calais", Act.CALL, 300), ("nikoquimey", Act.RAISE, 450), ("alinastanciu", Act.CALL, 300),
                    ("VN91Calais", Act.RAISE, 1049), ("nikoquimey", Act.CALL, 749)]
    assert [(e.player, e.amount) for e in h.events if isinstance(e, CollectEvent)] == [
        ("gmartin2011", 120), ("nikoquimey", 3403)]
    assert h.summary.rake is None  # no rake in tournaments


def test_space_thousands_and_no_date() -> None:
    h = _hand(TOUR + "NLHE-10max-Free-202004.space.delimiter.txt", "1140410638")
    assert (h.sb, h.bb, h.ante, h.max_seats) == (25000, 50000, 6000, 10)
    assert h.seats[0].stack == 1123698
    assert h.started_at is None


def test_fold_before_the_deal_is_sitting_out() -> None:
    h = _hand(CASH + "888-FLH-PM-1.00-2.00-stacks_over_1k.txt", "440729020")
    assert h.currency == "play"
    tigran = [s for s in h.seats if s.player == "Tigran64"][0]
    assert tigran.sitting_out and tigran.stack == 251800
    assert h.seats[0].stack == 2799458  # "27,994.58"
    assert not [e for e in h.events if getattr(e, "player", None) == "Tigran64"]


def test_all_in_hand_mucked_is_tabled() -> None:
    h = _hand(TOUR + "NLHE-FREE-MTT-$75Freeroll20120217.txt", "190631995")
    shows = {e.player: (e.cards, e.muck) for e in h.events if isinstance(e, ShowEvent)}
    assert shows["surubi88"] == (("Qc", "Ad"), False)  # all-in for 980: cards in play
