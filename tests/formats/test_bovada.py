"""Bovada / Ignition / Bodog: values pinned by reading the hands, every corpus hand parses, and
the findings on the corpus hands are exactly the reviewed ones (tests/reviewed/bovada.tsv)."""

from __future__ import annotations

from pathlib import Path

import pytest
from _site_corpus import acts, file_hand, file_hands, posts, rows, findings, reviewed

from hhaudit.model import (
    ActionEvent,
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
SITES = {"Bovada/Ignition"}
# Deliberately broken files of the corpus: one hand cut off by the next one's header, and
# two hands run together inside a summary line.
TRUNCATED = {
    "NLHE-HU-USD-STT - $20-$1 - 201509.partial.hand.txt",
    "NLHE-USD-5-10-201511.concatenated.partial.txt",
}


def corpus_files() -> dict[str, int]:
    return {rel: n for site in SITES for rel, n in rows(site).items()}


def hands_of(rel: str):
    return file_hands(REG / rel)


def hand_of(rel: str, hand_id: str):
    return file_hand(REG / rel, hand_id)


def test_mvs_cash_hand_side_pot():
    (h,) = hands_of("cash/Bovada/Flop/NLHE-USD - $0.25-$0.50 - 202103.MVS.version.txt")
    assert h.status is Status.AUDITED, h.problem
    assert (h.hand_id, h.format, h.site) == ("4086249181", "bovada", "Bovada/Ignition")
    assert (h.kind, h.currency, h.scale, h.sb, h.bb, h.limit, h.game) == ("cash", "USD", 2, 25, 50, Limit.NO_LIMIT, "NLHE")
    assert h.table_name == "23799796"
    assert h.started_at is not None and h.started_at.isoformat() == "2021-03-11T22:58:57+00:00" and h.tz == "UTC"
    # "Dealer : Set dealer [5]" with no seat labelled Dealer: the button is seat 5.
    assert h.button_seat == 5
    assert [(s.seat, s.player, s.stack) for s in h.seats] == [
        (1, "Big Blind", 9875), (2, "UTG", 1811), (3, "UTG+1", 7567), (4, "UTG+2", 6962), (6, "Small Blind", 7769)]
    assert posts(h) == [("Small Blind", Post.SMALL_BLIND, 25, 0, False), ("Big Blind", Post.BIG_BLIND, 50, 0, False)]
    assert [(e.player, e.cards) for e in h.events if isinstance(e, DealEvent)] == [
        ("Big Blind", ("Kc", "Js")), ("UTG+1", ("Kd", "Qs")), ("UTG+2", ("Ks", "4h"))]
    assert acts(h) == [
        ("UTG", "fold", None, None, False),
        ("UTG+1", "raise", None, 125, False),     # "Raises $1.25 to $1.25"
        ("UTG+2", "call", 125, None, False),
        ("Small Blind", "call", 100, None, False),
        ("Big Blind", "call", 75, None, False),
        ("Small Blind", "check", None, None, False),
        ("Big Blind", "check", None, None, False),
        ("UTG+1", "bet", 150, None, False),
        ("UTG+2", "raise", None, 925, False),
        ("Small Blind", "fold", None, None, False),
        ("Big Blind", "call", 925, None, False),
        ("UTG+1", "raise", None, 3542, False),    # "Raises $33.92 to $35.42"
        ("UTG+2", "call", 2617, None, False),
        ("Big Blind", "call", 2617, None, False),
        ("Big Blind", "check", None, None, False),
        ("UTG+1", "bet", 3900, None, True),       # "All-in $39" opening the turn
        ("UTG+2", "call", 3295, None, True),      # "All-in $32.95": short of the bet
        ("Big Blind", "call", 3900, None, False),
    ]
    streets = [(e.street.value, e.cards, e.board) for e in h.events if isinstance(e, StreetEvent)]
    assert streets == [
        ("flop", ("7d", "Kh", "9h"), ("7d", "Kh", "9h")),
        ("turn", ("Qd",), ("7d", "Kh", "9h", "Qd")),
        ("river", ("7h",), ("7d", "Kh", "9h", "Qd", "7h")),
    ]
    # Showdown lines print the best five; the show carries the hole cards dealt.
    assert [(e.player, e.cards, e.muck) for e in h.events if isinstance(e, ShowEvent)] == [
        ("Big Blind", ("Kc", "Js"), False), ("UTG+1", ("Kd", "Qs"), False), ("UTG+2", ("Ks", "4h"), False)]
    assert [(e.player, e.amount, e.pot) for e in h.events if isinstance(e, CollectEvent)] == [
        ("UTG+1", 1194, None), ("UTG+1", 20727, 0)]
    # Pot $222.21 stated, no rake line: the rake is what the payouts left, $3.
    assert (h.summary.total_pot, h.summary.rake) == (22221, 300)
    assert h.summary.boards == [("7d", "Kh", "9h", "Qd", "7h")]


def test_old_layout_fixed_limit_hand():
    h = hands_of("cash/Bovada/Flop/LHE-USD-8-16-201204.old.format.txt")[0]
    assert h.status is Status.AUDITED, h.problem
    assert h.hand_id == "2596777580"
    assert (h.limit, h.game, h.small_bet, h.big_bet, h.sb, h.bb) == (Limit.FIXED_LIMIT, "FLHE", 800, 1600, 400, 800)
    assert h.button_seat == 6
    # UTG and UTG+1 sat out: no cards, no action.
    assert [(s.seat, s.player, s.stack, s.sitting_out) for s in h.seats] == [
        (1, "Small Blind", 67800, False), (2, "Big Blind", 14750, False), (3, "UTG", 32000, True),
        (4, "UTG+1", 22350, True), (6, "Dealer", 29300, False)]
    assert posts(h) == [("Small Blind", Post.SMALL_BLIND, 400, 0, False), ("Big Blind", Post.BIG_BLIND, 800, 0, False)]
    assert acts(h) == [
        ("Dealer", "fold", None, None, False),
        ("Small Blind", "raise", None, 1600, False),   # old layout "Raises $16": the total
        ("Big Blind", "call", 800, None, False),
        ("Small Blind", "bet", 800, None, False),
        ("Big Blind", "raise", None, 1600, False),
        ("Small Blind", "raise", None, 2400, False),
        ("Big Blind", "call", 800, None, False),
        ("Small Blind", "bet", 1600, None, False),
        ("Big Blind", "call", 1600, None, False),
        ("Small Blind", "bet", 1600, None, False),
        ("Big Blind", "fold", None, None, False),
    ]
    # "Card dealt to table [..]" lines make the streets.
    assert [(e.street.value, e.cards) for e in h.events if isinstance(e, StreetEvent)] == [
        ("flop", ("Ks", "7c", "9s")), ("turn", ("8h",)), ("river", ("4c",))]
    assert [(e.player, e.amount) for e in h.events if isinstance(e, UncalledEvent)] == [("Small Blind", 1600)]
    assert [(e.player, e.cards, e.muck) for e in h.events if isinstance(e, ShowEvent)] == [("Small Blind", (), True)]
    assert [(e.player, e.amount, e.pot) for e in h.events if isinstance(e, CollectEvent)] == [("Small Blind", 11100, None)]
    assert (h.summary.total_pot, h.summary.rake) == (11200, 100)


def test_tournament_antes_all_in_raise_and_seat_order():
    h = hand_of("tour/Bovada/Flop/NLHE-9max-USD-MTT - Monthly Milly - $1.000.000 Guaranteed - TT$500-$35 - 202106.txt",
                "4328078333")
    assert h.status is Status.AUDITED, h.problem
    assert (h.kind, h.tournament_id, h.table_name, h.currency, h.scale) == ("tournament", "41678164", "81", "", 0)
    assert (h.sb, h.bb, h.ante) == (300, 600, 60)
    # Seats printed as 1243, 94, 177, ... (not table order) are renumbered in listed order;
    # "Set dealer [5]" is the fifth listed seat, labelled Dealer.
    assert [(s.seat, s.player) for s in h.seats][:5] == [
        (1, "UTG+2"), (2, "UTG+3"), (3, "UTG+4"), (4, "UTG+5"), (5, "Dealer")]
    assert h.button_seat == 5
    p = posts(h)
    assert len(p) == 11 and all(x[1] is Post.ANTE and x[2] == 60 for x in p[:9])
    assert p[9:] == [("Small Blind", Post.SMALL_BLIND, 300, 0, False), ("Big Blind", Post.BIG_BLIND, 600, 0, False)]
    assert acts(h)[-2:] == [
        ("Small Blind", "raise", None, 20713, True),   # "All-in(raise) 20413 to 20713"
        ("Big Blind", "call", 4482, None, True),       # "All-in 4482": chips added, short call
    ]
    assert [(e.player, e.amount) for e in h.events if isinstance(e, UncalledEvent)] == [("Small Blind", 15631)]
    assert [(e.player, e.amount, e.pot) for e in h.events if isinstance(e, CollectEvent)] == [("Big Blind", 10704, None)]
    assert (h.summary.total_pot, h.summary.rake) == (10704, 0)


def test_all_in_ante_before_the_cards():
    (h,) = hands_of("tour/Bovada/Flop/NLHE-9max-USD-10-201211.ante.all.in.txt")
    assert h.status is Status.AUDITED, h.problem
    # "Big Blind [ME] : All-in 166" before the Dealer's ante: the hand has antes and the big
    # blind posted none, so it is an all-in ante; the Dealer's 240 ante is cut back by 74.
    assert posts(h) == [("Big Blind", Post.ANTE, 166, 0, True), ("Dealer", Post.ANTE, 240, 0, False)]
    assert [(e.player, e.amount) for e in h.events if isinstance(e, UncalledEvent)] == [("Dealer", 74)]
    assert acts(h) == []
    assert [(e.player, e.amount) for e in h.events if isinstance(e, CollectEvent)] == [("Dealer", 332)]


def test_all_in_blind_and_call_amounts():
    (h,) = hands_of("tour/Bovada/Flop/NLHE-9max-USD - $10-$0.60 - 201212.all.in.blind.antes.txt")
    assert posts(h) == [
        ("Big Blind", Post.ANTE, 40, 0, False), ("Dealer", Post.ANTE, 40, 0, False),
        ("Dealer", Post.SMALL_BLIND, 200, 0, False),
        ("Big Blind", Post.BIG_BLIND, 237, 0, True),   # "All-in 237" after its ante: the blind
    ]
    assert acts(h) == [("Dealer", "call", 37, None, False)]  # "Call 37": chips added


def test_repeated_action_lines_are_one_action():
    h = hand_of("tour/Bovada/Flop/NLHE-6max-USD-STT - Holdem (Double-Up Turbo) - $10-$0.50 - 201502.txt",
                "3152357958")
    assert h.status is Status.AUDITED, h.problem
    # "Dealer : Raises 450 to 450" is written 16 times in a row.
    assert acts(h) == [
        ("UTG", "fold", None, None, False),
        ("Dealer", "raise", None, 450, False),
        ("Small Blind", "fold", None, None, False),
        ("Big Blind", "fold", None, None, False),
    ]


def test_dead_chip_post_and_fold_and_show():
    (h,) = hands_of("cash/Bovada/Flop/LHE-9max-USD - $20-$40 - 201204.limit.blinds.txt")
    assert h.status is Status.AUDITED, h.problem
    # "Posts dead chip $30" at $20-$40: the $20 big blind live, the $10 small blind dead.
    assert posts(h)[-1] == ("UTG+3", Post.DEAD, 2000, 1000, False)
    assert (h.summary.total_pot, h.summary.rake) == (11000, 300)


def test_folds_and_shows():
    hands = hands_of("tour/Bovada/Flop/NLHE-9max-USD-MTT - GSPO9 High Roller Tune-Up - $50.000 Gtd - $300-$25 - 202110.txt")
    shown = [(e.player, e.cards, e.muck) for h in hands for e in h.events
             if isinstance(e, ShowEvent) and not e.muck]
    assert shown, "no shows in the file"


@pytest.mark.parametrize("rel,count", sorted(corpus_files().items()))
def test_every_corpus_hand_parses(rel: str, count: int):
    path = CORPUS / rel
    if not path.exists():
        pytest.skip("corpus not present at ../shared/corpus")
    hands = list(parse(str(path)))
    assert len(hands) == count
    for h in hands:
        assert h.format == "bovada"
        if Path(rel).name in TRUNCATED:
            assert h.status in (Status.AUDITED, Status.PARSE_ERROR)
        else:
            assert h.status in (Status.AUDITED, Status.UNSUPPORTED_GAME), (h.hand_id, h.problem)


def test_truncated_files_fail_at_the_broken_line():
    (h,) = hands_of("tour/Bovada/Flop/NLHE-HU-USD-STT - $20-$1 - 201509.partial.hand.txt")
    assert h.status is Status.PARSE_ERROR and h.hand_id == "3260004104"
    assert h.problem is not None and h.problem.line == 10 and h.problem.text.startswith("Dealer : RaisBovada Hand #")


def streets(hand):
    return [(e.street.name, e.cards, e.board, e.line) for e in hand.events if isinstance(e, StreetEvent)]


def test_old_hand_without_street_lines_gets_its_streets_from_the_summary_board():
    (h,) = hands_of("cash/Bovada/Flop/LHE-USD-2-4-201205.Bodog.txt")
    assert h.status is Status.AUDITED, h.problem
    # No street line: SB raises to $4, BB calls $2 (pre-flop closed); "Small Blind : Bets $2"
    # (line 15) is the flop bet; BB calls, "Small Blind : Checks" (line 17) opens the turn;
    # BB bets $4, SB calls, "Small Blind : Checks" (line 20) opens the river.
    # Summary: "Board [2s Qh 5c 5s Kd]".
    assert streets(h) == [
        ("FLOP", ("2s", "Qh", "5c"), ("2s", "Qh", "5c"), 15),
        ("TURN", ("5s",), ("2s", "Qh", "5c", "5s"), 17),
        ("RIVER", ("Kd",), ("2s", "Qh", "5c", "5s", "Kd"), 20),
    ]
    assert acts(h) == [
        ("Dealer", "fold", None, None, False),
        ("Small Blind", "raise", None, 400, False),
        ("Big Blind", "call", 200, None, False),
        ("Small Blind", "bet", 200, None, False),
        ("Big Blind", "call", 200, None, False),
        ("Small Blind", "check", None, None, False),
        ("Big Blind", "bet", 400, None, False),
        ("Small Blind", "call", 400, None, False),
        ("Small Blind", "check", None, None, False),
        ("Big Blind", "check", None, None, False),
    ]


def test_hand_ended_on_the_flop_gets_only_the_flop():
    (h,) = hands_of("cash/Bovada/Flop/LHE-9max-USD - $20-$40 - 201204.limit.blinds.txt")
    # UTG+3 (dead chip post) checks, SB raises to $40, UTG+3 calls $20: "Small Blind : Bets
    # $20" (line 29) is on the flop, "Board [Kd 9s 5c  ]"; UTG+3 folds, no turn.
    assert streets(h) == [("FLOP", ("Kd", "9s", "5c"), ("Kd", "9s", "5c"), 29)]


def test_all_in_showdown_without_street_lines_deals_the_whole_board_before_the_showdown():
    (h,) = hands_of("tour/Bovada/Flop/NLHE-9max-Freeroll-201207.disconnect.timeout.txt")
    # All-in pre-flop, no street line, "Small Blind : Showdown" on line 35, summary board
    # [Jh Jc 6c 3c Kh].
    assert streets(h) == [
        ("FLOP", ("Jh", "Jc", "6c"), ("Jh", "Jc", "6c"), 35),
        ("TURN", ("3c",), ("Jh", "Jc", "6c", "3c"), 35),
        ("RIVER", ("Kh",), ("Jh", "Jc", "6c", "3c", "Kh"), 35),
    ]


def test_repeated_result_and_uncalled_lines_are_one_line():
    rel = "tour/Bovada/Flop/NLHE-9max-USD-MTT - $9.000 Guaranteed (DS) - $20-$2 - 201408.corrupted.lines.txt"
    h = hand_of(rel, "3031606640")
    # "Big Blind [ME] : Hand Result 1588" three times; "Total Pot(1588)".
    assert [(e.player, e.amount) for e in h.events if isinstance(e, CollectEvent)] == [("Big Blind", 1588)]
    h = hand_of(rel, "3031605605")
    # "UTG+1 : Return uncalled portion of bet 135" four times, after "UTG+1 : Bets 135" four times.
    assert [(e.player, e.amount) for e in h.events if isinstance(e, UncalledEvent)] == [("UTG+1", 135)]
    assert [(e.player, e.act.value, e.amount) for e in h.events
            if isinstance(e, ActionEvent) and e.player == "UTG+1"] == [("UTG+1", "call", 40), ("UTG+1", "bet", 135)]


def test_findings_are_the_reviewed_ones():
    # tests/reviewed/bovada.tsv: each row a hand the site logged wrongly, with the numbers.
    assert findings("Bovada/Ignition") == reviewed("bovada")


def test_rebuy_addon_and_deposit_lines_are_chips_brought_to_the_next_stack():
    """"UTG : Rebuyin 1500", "Dealer : Addon 6000", "UTG+4 : Double rebuys 3000" and a
    cash "UTG+1 : Table deposit $674" written after the hole cards play from the next hand:
    `Seat.added` of the hand they are written in. Written before the hole cards (hand
    2691485457: "UTG+3 : Rebuyin 1500" after "Table enter user", UTG+3 listed with 3,000 =
    1,500 + 1,500) they are in the start stack already: nothing to carry."""
    hands = hands_of("tour/Bovada/Flop/NLHE-9max-USD-MTT (Rebuy) - $3-$0.30 - 201211.txt")
    added = {(h.hand_id, s.player): s.added for h in hands for s in h.seats if s.added}
    first = {s.player: s.stack for s in hands[0].seats}
    assert first["UTG+3"] == 3000 and ("2691485457", "UTG+3") not in added
    assert added[("2691485457", "UTG")] == 1500  # written after the river (file line 66)
    assert added[("2691488733", "Dealer")] == 1500  # 1,520 - 20 + 1,500 = 3,000 at its seat 2 next hand
    assert added[("2691505767", "UTG+4")] == 3000  # "Double rebuys 3000"
    assert added[("2691515731", "UTG")] == 7500  # a rebuy of 1,500 and the add-on of 6,000
    assert sum(1 for (h, _), a in added.items() if h == "2691515731" and a == 6000) == 8
    (cash,) = [h for h in hands_of("cash/Bovada/Flop/LHE-9max-USD - $20-$40 - 201204.limit.blinds.txt")
               if h.hand_id == "2599656336"]
    assert {s.player: s.added for s in cash.seats if s.added} == {"UTG+1": 67400}
