"""WPN (layout since 2019): values pinned by reading the hands, every corpus hand parses, and
the findings on the corpus hands are exactly the reviewed ones (tests/reviewed/wpn2019.tsv)."""

from __future__ import annotations

from datetime import datetime, timezone

import pytest
from _site_corpus import check_file, findings, hand, reviewed, rows

from hhaudit.model import Act, ActionEvent, CollectEvent, Limit, Post, PostEvent, Status, UncalledEvent

SITE = "WPN/ACR"
CASH = "cash/Winning/Flop/"


def acts(h):
    return [(e.player, e.act, e.amount, e.to, e.all_in) for e in h.events if isinstance(e, ActionEvent)]


def test_capped_table_jackpot_fee_and_sitting_out_seat():
    h = hand(CASH + "NLHE-9max-USD-0.01-0.02-201911.CASHID-TN-Miramar (Cap) GAMETYPE.txt")
    assert h.status is Status.AUDITED, h.problem
    assert (h.site, h.format, h.hand_id, h.kind, h.currency, h.scale) == (
        "WPN/ACR", "wpn2019", "151588328", "cash", "USD", 2)
    assert (h.limit, h.sb, h.bb, h.button_seat, h.max_seats, h.table_name) == (
        Limit.NO_LIMIT, 1, 2, 1, 9, "Miramar (Cap)")
    assert h.started_at == datetime(2019, 11, 8, 4, 43, 23, tzinfo=timezone.utc)
    assert [(s.seat, s.stack, s.sitting_out) for s in h.seats] == [
        (1, 0, True), (2, 90, False), (3, 140, False), (6, 69, False), (9, 266, False)]
    assert acts(h) == [
        ("Itspinkynigga", Act.FOLD, None, None, False),
        ("IrishPimp2233", Act.RAISE, None, 5, False),   # raises $0.05 to $0.05
        ("Papabear2016", Act.CALL, 4, None, False),
        ("ccZORBAcc", Act.CALL, 3, None, False),
        ("Papabear2016", Act.CHECK, None, None, False),
        ("ccZORBAcc", Act.BET, 11, None, False),
        ("IrishPimp2233", Act.RAISE, 55, None, True),   # caps $0.55: raise to the table cap
        ("Papabear2016", Act.FOLD, None, None, False),
        ("ccZORBAcc", Act.CALL, 44, None, False),
    ]
    assert [(e.player, e.amount, e.pot) for e in h.events if isinstance(e, CollectEvent)] == [("ccZORBAcc", 119, 0)]
    # "Total pot $1.19 | Rake $0.04 | JP Fee $0.02" of a 1.25 pot
    assert (h.summary.total_pot, h.summary.rake, h.summary.jackpot) == (119, 4, 2)
    assert h.summary.boards == [("Qh", "5c", "4d", "As", "6c")]


def test_dead_post_is_big_blind_live_plus_small_blind_dead():
    h = hand(CASH + "NLHE-9max-USD-0.02-0.05-202104.post.dead.txt")
    posts = [(e.player, e.kind, e.amount, e.dead) for e in h.events if isinstance(e, PostEvent)]
    assert posts == [("Player6", Post.SMALL_BLIND, 2, 0), ("Player7", Post.BIG_BLIND, 5, 0),
                     ("Player8", Post.DEAD, 5, 2)]  # "posts dead $0.07"
    assert acts(h)[0] == ("Player8", Act.CHECK, None, None, False)
    assert [(e.player, e.amount) for e in h.events if isinstance(e, CollectEvent)] == [("Player8", 17)]


def test_tournament_level_stakes_and_summary_only_win():
    h = hand("tour/Winning/NLHE-9max-NA-0-0-201907.SCHEDULEDID-TN-The Venom - $5,000,000 GTD - Day 1C GAMETYPE.txt")
    assert (h.kind, h.tournament_id, h.scale, h.currency) == ("tournament", "11182752", 0, "")
    assert (h.sb, h.bb, h.ante, h.button_seat, h.table_name) == (250, 500, 65, 8, "25")
    assert h.seats[0].stack == 35976  # "(35976.00)"
    assert acts(h)[-2:] == [("Player7", Act.RAISE, None, 4305, True), ("Hero", Act.FOLD, None, None, False)]
    assert [(e.player, e.amount) for e in h.events if isinstance(e, UncalledEvent)] == [("Player7", 3805)]
    # no "collected" line: "Seat 9: Player7 did not show and won 1585.00"
    assert [(e.player, e.amount) for e in h.events if isinstance(e, CollectEvent)] == [("Player7", 1585)]
    assert h.summary.total_pot == 1585


def test_gtd_tournament_name_before_tournament_number():
    h = hand("tour/Winning/NLHE-8max-NA-0-0-202210.GTD.k.txt")
    assert (h.hand_id, h.tournament_id, h.sb, h.bb, h.ante) == ("1414880620", "28282580", 5000, 10000, 1250)
    assert ("Player6", Act.BET, 88570, None, True) in acts(h)
    assert [(e.player, e.amount, e.pot) for e in h.events if isinstance(e, CollectEvent)] == [("Hero", 294140, 0)]


@pytest.mark.parametrize("rel,count", sorted(rows(SITE).items()))
def test_every_corpus_hand_parses(rel: str, count: int):
    hands = check_file(rel, count, "wpn2019")
    assert all(h.status is Status.AUDITED for h in hands)


def test_findings_are_the_reviewed_ones():
    assert findings(SITE) == reviewed("wpn2019")


# --------------------------------------------------------------- lines of real 2025 hands
# Written from the site's layout (ACR 2025 exports): each hand below is built by hand; its
# numbers are checked in the comments.
import textwrap  # noqa: E402

import hhaudit  # noqa: E402
from hhaudit.parsing import parse  # noqa: E402


def _one(text: str):
    hands = list(parse(textwrap.dedent(text).lstrip("\n")))
    assert len(hands) == 1
    return hands[0]


WAITING = """
    Hand #2483932108 - Holdem (No Limit) - $0.05/$0.10 - 2025/06/18 11:59:33 UTC
    Young Harris 9-max Seat #1 is the button
    Seat 1: Alfa ($10.00)
    Seat 2: Flat will be allowed to play after the button
    Seat 3: Bravo ($10.32)
    Seat 4: Charlie ($7.17)
    Seat 7: Delta ($11.01)
    Bravo posts the small blind $0.05
    Charlie posts the big blind $0.10
    Delta posts $0.10
    Echo waits for big blind
    *** HOLE CARDS ***
    Dealt to Bravo [Js 4c]
    Delta checks
    Alfa folds
    Bravo folds
    Charlie checks
    *** FLOP *** [6s Ac Kd]
    Main pot $0.25 | Rake $0.00
    Charlie checks
    Delta bets $0.20
    Charlie folds
    Uncalled bet ($0.20) returned to Delta
    Delta shows [7d -]
    *** SUMMARY ***
    Total pot $0.25 | Rake $0.00
    Board [6s Ac Kd]
    Seat 1: Alfa (button) folded on the Pre-Flop
    Seat 3: Bravo (small blind) folded on the Pre-Flop
    Seat 4: Charlie (big blind) folded on the Flop
    Seat 7: Delta showed [7d -] and won $0.25
    """


def test_waiting_seat_new_player_post_and_one_card_show():
    h = _one(WAITING)
    assert h.status is Status.AUDITED, h.problem
    # the waiting seat has no stack and is not dealt in
    assert [s.player for s in h.seats] == ["Alfa", "Bravo", "Charlie", "Delta"]
    # "Delta posts $0.10": a live big blind (Delta then checks): 0.05 + 0.10 + 0.10 = 0.25
    assert [(e.player, e.kind, e.amount, e.dead) for e in h.events if isinstance(e, PostEvent)] == [
        ("Bravo", Post.SMALL_BLIND, 5, 0), ("Charlie", Post.BIG_BLIND, 10, 0), ("Delta", Post.DEAD, 10, 0)]
    assert h.revealed[7].cards == ("7d",)  # "[7d -]": one card shown, the other hidden
    assert h.unknown_lines == []
    assert hhaudit.audit(textwrap.dedent(WAITING).lstrip("\n")).findings.empty


def test_missed_small_blind_posted_dead_alone_is_all_dead():
    # muddym561's "posts dead $0.05" then "calls $0.10": the 0.05 is dead. Pot: 0.05 sb +
    # 0.10 bb + 0.05 dead + 0.10 call + 0.05 sb's call = 0.35, Bravo raises to 0.52 (+0.42)
    # and Delta calls 0.42: 0.35 + 0.84 = 1.19; rake 0.05 + JP 0.02, paid 1.12
    text = """
        Hand #2487617326 - Holdem (No Limit) - $0.05/$0.10 - 2025/06/23 04:43:47 UTC
        Romeoville 9-max Seat #8 is the button
        Seat 2: Bravo ($12.28)
        Seat 6: Delta ($9.72)
        Seat 8: Golf ($9.70)
        Seat 9: Alfa ($10.00)
        Alfa posts the small blind $0.05
        Bravo posts the big blind $0.10
        Delta posts dead $0.05
        *** HOLE CARDS ***
        Delta calls $0.10
        Golf folds
        Alfa calls $0.05
        Bravo raises $0.42 to $0.52
        Delta calls $0.42
        Alfa folds
        *** FLOP *** [5h 9c 8h]
        Main pot $1.19 | Rake $0.05
        Bravo checks
        Delta checks
        *** TURN *** [5h 9c 8h] [Ac]
        Bravo checks
        Delta checks
        *** RIVER *** [5h 9c 8h Ac] [8s]
        Bravo checks
        Delta checks
        *** SHOW DOWN ***
        Bravo shows [Th Jd] (a pair of Eights)
        Delta shows [Js 9h] (two pair, Nines and Eights)
        Delta collected $1.12 from main pot
        *** SUMMARY ***
        Total pot $1.19 | Rake $0.05 | JP Fee $0.02
        Board [5h 9c 8h Ac 8s]
        Seat 2: Bravo (big blind) showed [Th Jd] and lost with a pair of Eights
        Seat 6: Delta showed [Js 9h] and won $1.12 with two pair, Nines and Eights
        """
    h = _one(text)
    assert ("Delta", Post.DEAD, 0, 5) in [(e.player, e.kind, e.amount, e.dead) for e in h.events
                                          if isinstance(e, PostEvent)]
    found = hhaudit.audit(textwrap.dedent(text).lstrip("\n")).findings
    assert found.empty, found[["rule", "expected", "actual"]].to_string()


def test_walk_counts_the_returned_big_blind_in_the_pot_and_the_win():
    # Everyone folds to the big blind: 1800 antes + 1200 sb + 2400 bb = "Total pot 5400",
    # "won 5400", no uncalled line. Read: 1200 returned, a pot of 4200 won.
    h = _one("""
        Game Hand #2457101755 - Tournament #33517074 - Holdem (No Limit) - Level 12 (1200.00/2400.00) - 2025/05/16 19:03:56 UTC
        Table '27' 8-max Seat #8 is the button
        Seat 1: Alfa (38850.00)
        Seat 2: Bravo (189950.00) is sitting out
        Seat 5: Charlie (110012.00)
        Seat 6: Delta (57330.00)
        Seat 7: Echo (89182.00)
        Seat 8: Golf (87067.00)
        Alfa posts ante 300.00
        Bravo posts ante 300.00
        Charlie posts ante 300.00
        Delta posts ante 300.00
        Echo posts ante 300.00
        Golf posts ante 300.00
        Alfa posts the small blind 1200.00
        Bravo posts the big blind 2400.00
        *** HOLE CARDS ***
        Main pot 1800.00
        Charlie folds
        Delta folds
        Echo folds
        Golf folds
        Alfa folds
        Bravo does not show
        *** SUMMARY ***
        Total pot 5400.00
        Seat 1: Alfa (small blind) folded on the Pre-Flop
        Seat 2: Bravo did not show and won 5400.00
        Seat 5: Charlie folded on the Pre-Flop and did not bet
        Seat 6: Delta folded on the Pre-Flop and did not bet
        Seat 7: Echo folded on the Pre-Flop and did not bet
        Seat 8: Golf (button) folded on the Pre-Flop
        """)
    assert [(e.player, e.amount) for e in h.events if isinstance(e, UncalledEvent)] == [("Bravo", 1200)]
    assert [(e.player, e.amount) for e in h.events if isinstance(e, CollectEvent)] == [("Bravo", 4200)]
    assert h.summary.total_pot == 4200 and h.notes


def test_side_pot_only_the_bettor_can_win_returned_with_the_uncalled_bet():
    # Antes 6 x 5000; Golf sb 20000 and Foxtrot bb 40000 fold to Delta's raise to 120000;
    # Echo calls all-in for 24776. Main pot 30000 + 20000 + 3 x 24776 = 124328 (Delta's,
    # shown down). Above Echo's 24776: Foxtrot's 15224 and Delta's 15224, a side pot of 30448
    # only Delta can win, and Delta's 80000 nobody matched. WPN returns 110448 "uncalled" and
    # states "Total pot 139552" (234776 put in, less Delta's 95224 above Echo).
    text = """
        Game Hand #2478804327 - Tournament #33592580 - Holdem (No Limit) - Level 21 (20000.00/40000.00) - 2025/06/11 14:11:21 UTC
        Table '8' 9-max Seat #6 is the button
        Seat 1: Alfa (957134.00)
        Seat 3: Bravo (583665.00)
        Seat 4: Delta (1743104.00)
        Seat 6: Echo (29776.00)
        Seat 7: Golf (535896.00)
        Seat 8: Foxtrot (150425.00)
        Alfa posts ante 5000.00
        Bravo posts ante 5000.00
        Delta posts ante 5000.00
        Echo posts ante 5000.00
        Golf posts ante 5000.00
        Foxtrot posts ante 5000.00
        Golf posts the small blind 20000.00
        Foxtrot posts the big blind 40000.00
        *** HOLE CARDS ***
        Main pot 30000.00
        Alfa folds
        Bravo folds
        Delta raises 120000.00 to 120000.00
        Echo calls 24776.00 and is all-in
        Golf folds
        Foxtrot folds
        Uncalled bet (110448.00) returned to Delta
        *** FLOP *** [Ac 8d 5h]
        *** TURN *** [Ac 8d 5h] [8s]
        *** RIVER *** [Ac 8d 5h 8s] [4s]
        *** SHOW DOWN ***
        Delta shows [3d Ad] (two pair, Aces and Eights [Ad Ac 8s 8d 5h])
        Echo shows [Jd 9s] (a pair of Eights [8s 8d Ac Jd 9s])
        Delta collected 124328.00 from main pot
        *** SUMMARY ***
        Total pot 139552.00
        Board [Ac 8d 5h 8s 4s]
        Seat 4: Delta showed [3d Ad] and won 139552.00 with two pair, Aces and Eights [Ad Ac 8s 8d 5h]
        Seat 6: Echo (button) showed [Jd 9s] and lost with a pair of Eights [8s 8d Ac Jd 9s]
        """
    h = _one(text)
    assert [(e.player, e.amount) for e in h.events if isinstance(e, UncalledEvent)] == [("Delta", 80000)]
    assert [(e.player, e.amount, e.pot) for e in h.events if isinstance(e, CollectEvent)] == [
        ("Delta", 124328, 0), ("Delta", 30448, 1)]
    assert h.summary.total_pot == 154776 and h.notes
    found = hhaudit.audit(textwrap.dedent(text).lstrip("\n")).findings
    assert found.empty, found[["rule", "expected", "actual"]].to_string()
