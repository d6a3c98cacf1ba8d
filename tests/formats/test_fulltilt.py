"""Full Tilt format: pinned values read by hand from real hands, and the whole corpus parses."""

from __future__ import annotations

import itertools
from datetime import datetime, timezone
from pathlib import Path


from conftest_corpus import corpus, find_hand, hands_tsv

from hhaudit import formats
from hhaudit.engine.auditor import Auditor
from hhaudit.model import (
    Act, ActionEvent, CollectEvent, Post, PostEvent, ShowEvent, Status, Street,
    StreetEvent,
)
from hhaudit.parsing import parse, read_hand
from hhaudit.reading import iter_lines

CORPUS = Path(__file__).parents[2] / ".." / "shared" / "corpus"
FILES = CORPUS / "ChazDazzle/fpdb-chaz/pyfpdb/regression-test-files"
SITE = "FullTilt"
FORMAT = "fulltilt"


def _need_corpus() -> None:
    corpus()


def _rows() -> dict[str, int]:
    return hands_tsv(SITE)


def _hand(rel: str, hand_id: str):
    return find_hand(FILES / rel, hand_id)


def _ev(h):
    return [e for e in h.events]


EXPLAINED = {
    # a hand of an observed table printed with no seat lines at all
    "NLHE-6max-USD-25-50.200610.Observed.No.player.stacks.txt": "1083884910",
    # a fragment (header and summary only) of a hand inside a Matrix file
    "NLHE-6max-Matrix-USD-26-201211.match4.txt": "31493008842",
}


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
            if EXPLAINED.get(Path(rel).name) == h.hand_id:
                assert h.status is Status.PARSE_ERROR and "no seats" in h.problem.message
                continue
            assert h.status in (Status.AUDITED, Status.UNSUPPORTED_GAME), (rel, h.hand_id, h.problem)


def test_pokerstars_layout_full_tilt_exports_stay_with_pokerstars() -> None:
    _need_corpus()
    for rel in ("cash/Stars/Flop/NLHE-6max-play-5-10-201605.FullTilt.txt",
                "tour/Stars/Flop/NLHE-6max-STT-play-1000-201605.FullTilt.txt"):
        with open(FILES / rel, "rb") as fh:
            head = list(itertools.islice(iter_lines(fh), 40))
        assert formats.detect(head).name == "pokerstars", rel


FTP = "cash/FTP/Flop/"


def test_classic_cash_hand() -> None:
    h = _hand(FTP + "NLHE-6max-USD-0.50-1.00-200902.archive.missing.first.line.txt", "10861314621")
    assert (h.site, h.format, h.game, h.kind, h.currency, h.scale) == ("Full Tilt", "fulltilt", "NLHE", "cash", "USD", 2)
    assert (h.sb, h.bb, h.button_seat, h.max_seats, h.table_name) == (50, 100, 1, 6, "Tree Line")
    assert h.started_at == datetime(2009, 2, 27, 2, 49, 39, tzinfo=timezone.utc)  # 21:49:39 ET
    assert [s.stack for s in h.seats] == [11090, 3195, 11610, 10270, 10000, 6290]
    posts = [e for e in h.events if isinstance(e, PostEvent)]
    # "Hero posts $1": a new player's big blind
    assert posts == [PostEvent(9, 2, "Player1", Post.SMALL_BLIND, 50), PostEvent(10, 4, "Player3", Post.BIG_BLIND, 100),
                     PostEvent(11, 5, "Hero", Post.BIG_BLIND, 100)]
    acts = [(e.player, e.act, e.amount, e.to) for e in h.events if isinstance(e, ActionEvent)][:5]
    assert acts == [("Hero", Act.CHECK, None, None), ("Player4", Act.FOLD, None, None), ("Player0", Act.FOLD, None, None),
                    ("Player1", Act.CALL, 50, None), ("Player3", Act.CHECK, None, None)]


def test_tournament_side_pots_and_shows_without_cards() -> None:
    h = _hand("tour/FTP/Flop/NLHE-6max-Matrix-USD-26-201211.match1.txt", _first_with(
        "tour/FTP/Flop/NLHE-6max-Matrix-USD-26-201211.match1.txt", "Main pot 220."))
    assert (h.kind, h.scale, h.currency, h.tournament_id) == ("tournament", 0, "", "244669447")
    assert (h.summary.total_pot, h.summary.main_pot, h.summary.side_pots, h.summary.rake) == (520, 220, [300], 0)
    paid = [(e.player, e.amount, e.pot) for e in h.events if isinstance(e, CollectEvent)]
    assert paid == [("Player2", 300, 1), ("Player4", 220, 0)]
    shows = [e for e in h.events if isinstance(e, ShowEvent) and not e.muck]
    assert shows and all(len(e.cards) == 2 for e in shows)  # cards taken from the summary


def test_run_it_twice_and_big_numbers() -> None:
    h = _hand(FTP + "NLHE-2max-play-500k-1000k-201104.large.pot.txt", "29937911949")
    assert (h.currency, h.scale, h.sb, h.bb) == ("play", 0, 500000, 1000000)
    assert ActionEvent(14, 1, "Hero", Act.RAISE, None, 116556500, True) in h.events
    runs = [(e.street, e.run, e.board) for e in h.events if isinstance(e, StreetEvent) and e.street is Street.RIVER]
    assert runs == [(Street.RIVER, 1, ("8d", "6c", "7d", "Jd", "9d")), (Street.RIVER, 2, ("8d", "6c", "7d", "9s", "3s"))]
    assert [(e.amount, e.run) for e in h.events if isinstance(e, CollectEvent)] == [(119556500, 1), (119556500, 2)]
    assert h.summary.total_pot == 239113000 and len(h.summary.boards) == 2


def test_flipout_billions_and_antes() -> None:
    h = _hand("tour/FTP/Flop/NLHE-9max-Flipout-USD-300-201408.Entry 2.txt", "34541726731")
    assert (h.sb, h.bb, h.ante) == (2 * 10**9, 2 * 10**9, 2 * 10**9)  # "2B/2B Ante 2B"
    antes = [e for e in h.events if isinstance(e, PostEvent)]
    assert len(antes) == 9 and all(e.kind is Post.ANTE and e.amount == 3000 and e.all_in for e in antes)


def _first_with(rel: str, text: str) -> str:
    corpus()  # skips where the corpus is absent
    hand_id = ""
    with open(FILES / rel, encoding="utf-8", errors="replace") as fh:
        for line in fh:
            if "Game #" in line:
                hand_id = line.split("Game #", 1)[1].split(":", 1)[0]
            if text in line:
                return hand_id
    raise AssertionError(text)


# A Hi/Lo split in the table's smallest chip: every amount is a multiple of five cents, and
# Full Tilt pays the 7.75 left after the rake as 3.90 high (the odd nickel) and 3.85 low.
HILO = """Full Tilt Poker Game #40000000001: Table Lyon (6 max) - FL Omaha H/L - $0.50/$1 - 20:00:00 ET - 2014/01/05
Seat 1: Anna ($10.90)
Seat 3: Bruno ($4)
Bruno posts the small blind of $0.25
Anna posts the big blind of $0.50
The button is in seat #3
*** HOLE CARDS ***
Bruno raises to $1
Anna calls $0.50
*** FLOP *** [2h 3c Jh] (Total Pot: $2, 2 Players)
Anna checks
Bruno bets $0.50
Anna calls $0.50
*** TURN *** [2h 3c Jh] [Kh] (Total Pot: $3, 2 Players)
Anna checks
Bruno bets $1
Anna calls $1
*** RIVER *** [2h 3c Jh Kh] [8d] (Total Pot: $5, 2 Players)
Anna bets $1
Bruno raises to $1.50, and is all in
Anna calls $0.50
*** SHOW DOWN ***
Bruno shows [9c Qh Ah Js] a flush, Ace high, for high
Anna shows [5d 3h 4c Kd] two pair, Kings and Threes, for high and 8,5,4,3,2, for low
Bruno wins the high pot ($3.90) with a flush, Ace high
Anna wins the low pot ($3.85) with 8,5,4,3,2
*** SUMMARY ***
Total pot $8 | Rake $0.25
Board: [2h 3c Jh Kh 8d]
Seat 1: Anna (big blind) showed [5d 3h 4c Kd] and won ($3.85) with HI: two pair, Kings and Threes; LO: 8,5,4,3,2
Seat 3: Bruno (small blind) showed [9c Qh Ah Js] and won ($3.90) with HI: a flush, Ace high
"""


def test_hilo_split_in_the_smallest_chip_in_play() -> None:
    fmt = formats.get(FORMAT)
    h = read_hand(fmt, HILO.splitlines(keepends=True), 1, "t.txt")
    assert h.status is Status.AUDITED and h.chip == 5
    assert [f.rule for f in Auditor("online").audit(h).findings] == []
    # paid to the cent (a stack of $10.93): the cent is in play, and the split is judged in it
    cents = HILO.replace("($10.90)", "($10.93)")
    h = read_hand(fmt, cents.splitlines(keepends=True), 1, "t.txt")
    assert h.chip == 0
    assert [f.rule for f in Auditor("online").audit(h).findings] == ["SP01"]


# the table's clock running out on a player: "5 seconds left to act" then "Time has expired",
# neither naming the player (a notice: no chip moves)
TIME_EXPIRED = """Full Tilt Poker Game #40000000002: Table Nantes (6 max) - $0.50/$1 - No Limit Hold'em - 21:00:00 ET - 2011/01/05
Seat 1: Anna ($50)
Seat 2: Bruno ($40)
Seat 3: Chloe ($30)
Bruno posts the small blind of $0.50
Chloe posts the big blind of $1
5 seconds left to act
Time has expired
Anna is sitting out
The button is in seat #1
*** HOLE CARDS ***
Bruno raises to $3
Chloe folds
Uncalled bet of $2 returned to Bruno
Bruno mucks
Bruno wins the pot ($2)
*** SUMMARY ***
Total pot $2 | Rake $0
Seat 1: Anna (button) is sitting out
Seat 2: Bruno (small blind) collected ($2), mucked
Seat 3: Chloe (big blind) folded before the Flop
"""


def test_time_has_expired_notice_is_read() -> None:
    h = read_hand(formats.get(FORMAT), TIME_EXPIRED.splitlines(keepends=True), 1, "t.txt")
    assert h.status is Status.AUDITED and not h.unknown_lines
    assert [f.rule for f in Auditor("online").audit(h).findings] == []
