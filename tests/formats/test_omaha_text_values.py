"""Omaha in the smaller text formats (KingsClub, PKR, Enet, Cake, Entraction, OnGame,
PokerTracker's Microgaming export, Absolute, Seals With Clubs): the values read from real
hands, checked by hand against the file (the arithmetic is in the comments), and layouts
the corpus does not hold, written in each site's words."""

from __future__ import annotations

from conftest_corpus import corpus, find_hand
from test_omaha_values import FLOP, TOUR, _dealt, _paid, _shown

from hhaudit.engine.auditor import Auditor
from hhaudit.model import Hand, Limit, ShowEvent, Status
from hhaudit.parsing import parse


def _hand(path: str, hand_id: str) -> Hand:
    hand = find_hand(corpus() / path, hand_id)
    assert hand.status is Status.AUDITED, hand.problem
    return hand


def _one(text: str) -> Hand:
    (hand,) = list(parse(text))
    assert hand.status is Status.AUDITED, hand.problem
    return hand


def _rules(hand: Hand) -> list[str]:
    return [f.rule for f in Auditor("online").audit(hand).findings]


# ---------------------------------------------------------------- KingsClub


def test_kingsclub_five_card_omaha() -> None:
    h = _hand(FLOP.format("KingsClub", "5-Card-PLO-USD-5-10-202010.txt"), "37660193")
    # "Pot Limit Omaha 5 Card - 5/10", antes of 2
    assert (h.game, h.limit, h.hole_cards, h.hilo, h.sb, h.bb, h.ante) == ("PLO5", Limit.POT_LIMIT, 5, False, 500, 1000, 200)
    assert _dealt(h) == {"Hero": ("3h", "8h", "5c", "8s", "6s")}  # the others' "[X X X X X]" are no event
    # 5 antes of 2 + 40 + 40 = 90, less the 4.50 rake: "Player0 wins pot (85.50)"; his
    # flop bet of 56.43 is unmatched (no line returns it)
    assert _paid(h) == [("Player0", 8550, None, None)]
    assert 5 * 200 + 4000 + 4000 - 450 == 8550
    assert _rules(h) == []


def test_kingsclub_hi_lo_chop_and_a_side_pot_written_only_in_the_end_stack() -> None:
    chop = _hand(FLOP.format("KingsClub", "LO8-USD-40-80-202101.txt"), "39969218")
    # "Limit Omaha Hi-Lo - 40/80": bets 40 and 80, blinds 20/40
    assert (chop.game, chop.limit, chop.hilo, chop.small_bet, chop.big_bet, chop.sb, chop.bb) == (
        "FLO8", Limit.FIXED_LIMIT, True, 4000, 8000, 2000, 4000)
    assert _shown(chop) == {"Hero": ("4d", "Kd", "Ac", "5s"), "Player0": ("2d", "2c", "8d", "6h")}
    # 2 x (80 + 40 + 80 + 80) = 560, less the 1 rake, 559 = 2 x 279.50: Player0's deuces full
    # the high, Hero's 6-5-4-2-A the low; the lines do not say which half
    assert _paid(chop) == [("Player0", 27950, None, None), ("Hero", 27950, None, None)]
    assert 2 * (8000 + 4000 + 8000 + 8000) - 100 == 2 * 27950
    assert _rules(chop) == []
    rio = _hand(FLOP.format("KingsClub", "LO8-USD-500-100-202104.RIO.txt"), "3969308")
    assert (rio.game, rio.small_bet, rio.big_bet, rio.sb, rio.bb) == ("FLO8", 50000, 100000, 25000, 50000)
    # Player1's 250 small blind folds, Hero's 500 big blind, Player0 calls 125 all in: the
    # main pot 3 x 125 = 375 to Player0 (8-7-6-5-4 high, 7-6-5-4-2 low: "wins pot (375)");
    # Player1's other 125 and 125 of Hero's are a side pot only Hero can win, the last 250
    # of Hero's blind unmatched. No line pays that side pot: "Seat 1: Hero (32,500)" ends
    # where he began, 32,500 - 500 + 250 unmatched + 250 side pot, which is read as a payment
    assert _paid(rio) == [("Player0", 37500, None, None), ("Hero", 25000, None, None)]
    assert 3250000 - 50000 + 25000 + 25000 == 3250000
    assert _rules(rio) == []


def test_kingsclub_omaha_run_twice() -> None:
    h = _hand(FLOP.format("KingsClub", "PLO-USD-125-250-202102.RIT.txt"), "3583643")
    assert (h.game, h.hole_cards, h.ante) == ("PLO", 4, 5000)
    assert _shown(h)["Player3"] == ("8c", "7d", "9d", "5c")
    # Player3 is all in for 6,925 (50 ante, 4,875 pre-flop, 2,000 on the flop): the main
    # pot is 7 antes of 50 + Hero's and Player5's 250 + 3 x 4,875 + 3 x 2,000 = 21,475 =
    # 2 x 10,737.50, the side pot Player1's and Player2's 5,075 past Player3's 2,000,
    # 2 x 3,075; each board to another seat (Player2's queens full on the first, Player1's
    # wheel on the second), no rake
    assert [(p, a) for p, a, _, _ in _paid(h)] == [
        ("Player1", 307500), ("Player2", 307500), ("Player1", 1073750), ("Player2", 1073750)]
    assert 7 * 50 + 250 + 250 + 3 * 4875 + 3 * 2000 == 21475 == 2 * 10737.5
    assert _rules(h) == []


# ---------------------------------------------------------------- PKR


def test_pkr_hi_lo_quartered_with_the_halves_named() -> None:
    h = _hand(FLOP.format("PKR", "PLO8-USD-2.00-4.00-201108.ties.low.txt"), "1830508295")
    # "Game Type: OMAHA HI/LO", "Limit Type: POT LIMIT", "Blinds are now $2 / $4"
    assert (h.game, h.limit, h.hole_cards, h.hilo, h.sb, h.bb) == ("PLO8", Limit.POT_LIMIT, 4, True, 200, 400)
    assert _dealt(h) == {"Hero": ("9d", "5d", "7h", "3s")}  # "Dealing [9 d][5 d][7 h][3 s] to Hero"
    assert _shown(h)["Player0"] == ("Ah", "Kd", "7d", "5h")
    # 2 x (12 + 16 + 42) = 140, less "Taking Rake of $1": 139, two wheels tie both halves,
    # 4 x 34.75: "Hero ties, and wins $34.75 with high hand", "Hero ties $34.75 with low hand"
    assert _paid(h) == [("Hero", 3475, None, "high"), ("Player0", 3475, None, "high"),
                        ("Hero", 3475, None, "low"), ("Player0", 3475, None, "low")]
    assert 2 * (1200 + 1600 + 4200) - 100 == 4 * 3475
    assert _rules(h) == []


def test_pkr_tournament_side_pot_halves_and_no_low() -> None:
    path = TOUR.format("PKR", "PLO8-USD-MTT-201205.txt")
    h = _hand(path, "2087124046")
    assert (h.game, h.kind, h.tournament_id, h.sb, h.bb) == ("PLO8", "tournament", "25865515", 10, 20)
    # Player10 has 655 and folds; "Pot sizes: 4,450" and "Pot sizes: 270": Player9 is all in
    # for 1,110 (40 + 1,070), Player2 and Hero for 1,200 (40 + 1,160) and Player6 calls
    # 1,160: the main pot 4 x 1,110 + the folded blinds' 10 = 4,450, the side pot 3 x 90 =
    # 270; the side pot's halves 135 + 135 both to Hero (8-high straight, 7-6-5-4-A low),
    # the main pot's high 2,225 to Hero, its low to Player9 (7-4-3-2-A)
    assert _paid(h) == [("Hero", 135, 1, "high"), ("Hero", 135, 1, "low"),
                        ("Hero", 2225, 0, "high"), ("Player9", 2225, 0, "low")]
    assert 4 * 1110 + 10 == 4450 and 3 * 90 == 270 == 2 * 135
    assert _rules(h) == []
    scoop = _hand(path, "2087124912")
    # "Player11 wins 600 with high hand: Flush, King high", "There is no qualifying low hand"
    assert _paid(scoop) == [("Player11", 600, None, "high")]
    assert _rules(scoop) == []


_PKR_PLO = """Table #50000001 - Testville
Starting Hand #3000000001
Start time of hand: 3 Jun 2012 20:15:00
Last Hand #3000000000
Game Type: OMAHA
Limit Type: POT LIMIT
Table Type: RING
Money Type: REAL MONEY
Blinds are now $0.05 / $0.10
Button is at seat 1
Seat 1: Ann - $12.00
Seat 2: Ben - $0.30
Seat 3: Cat - $8.00
Shuffling Deck
Moving Button to seat 1
Ben posts small blind ($0.05)
Cat posts big blind ($0.10)
Dealing Cards
Dealing [A s][K s][Q d][J d] to Ann
Ann raises to $0.35
Ben calls $0.30 (all-in)
Cat calls $0.35
Pot sizes: $0.90
Pot sizes: $0.10
Dealing Flop [2 s][7 s][9 h]
Cat checks
Ann bets $0.40
Cat folds
Ann shows [A s][K s][Q d][J d]
Ben shows [9 c][9 d][4 c][5 h]
Dealing Turn [3 c]
Dealing River [T h]
Taking Rake of $0.04 from pot 1
Ann has High Card
Ben has Three of a Kind: 9s
Ann wins $0.10 from side pot #1 with: High Card
Ben wins $0.86 with: Three of a Kind: 9s
Seat 1: Ann - $11.75
Seat 2: Ben - $0.86
Seat 3: Cat - $7.65
End of Hand #3000000001
"""


def test_pkr_pot_limit_omaha_high_with_a_side_pot() -> None:
    h = _one(_PKR_PLO)
    assert (h.game, h.hole_cards, h.hilo, h.sb, h.bb) == ("PLO", 4, False, 5, 10)
    # Ben all in for 0.30: the main pot 3 x 0.30 = 0.90, less the 0.04 rake, 0.86 to Ben's
    # trip nines; the side pot Ann's and Cat's 0.05 past it, 0.10, to Ann (her 0.40 flop bet
    # unmatched, given back with no line)
    assert _paid(h) == [("Ann", 10, 1, None), ("Ben", 86, 0, None)]
    assert 3 * 30 - 4 == 86 and 2 * 5 == 10
    assert _rules(h) == []


# ---------------------------------------------------------------- Enet


def test_enet_omaha_glued_cards_and_rake_lines() -> None:
    h = _hand(FLOP.format("Enet", "PLO-9max-USD-0.10-0.25-201208.txt"), "12056513")
    # "Omaha (€0,10/€0,25)" at "Table 'Reunion 1 - Pot Limit'"
    assert (h.game, h.limit, h.hole_cards, h.sb, h.bb, h.currency) == ("PLO", Limit.POT_LIMIT, 4, 10, 25, "EUR")
    # "Player4: shows [Jd8sAd2s]"; "*** TURN *** [4s2d3h5h]": the turn card is the 5h
    assert _shown(h) == {"Player4": ("Jd", "8s", "Ad", "2s"), "Player5": ("3s", "Ks", "8c", "Ah")}
    streets = [(e.cards, e.board) for e in h.events if type(e).__name__ == "StreetEvent" and e.board]
    assert streets[1] == (("5h",), ("4s", "2d", "3h", "5h"))
    # pre-flop 2 x 2.25, turn 2 x 3.37, river 2 x 7.93 =
    # 27.10; the rake lines 0.27 + 0.40 + 0.95 = 1.62 (the summary's "Rake €1,62"); two
    # straights to the five tie, 2 x 12.74 = 27.10 - 1.62
    assert _paid(h) == [("Player4", 1274, None, None), ("Player5", 1274, None, None)]
    assert h.summary.rake == 162 == 27 + 40 + 95 and 2 * (225 + 337 + 793) - 162 == 2 * 1274
    assert _rules(h) == ["AC01"]  # "Total pot €0" (reviewed)


def test_enet_goes_all_in_gives_the_chips_added() -> None:
    h = _hand(FLOP.format("Enet", "PLO-9max-EUR-0.10-0.25-201207.bad.collected.txt"), "6404139")
    acts = [(e.player, e.act.value, e.amount, e.to, e.all_in) for e in h.events if type(e).__name__ == "ActionEvent"]
    # "Player0: goes all-in €4,75" over his 0.25 big blind: his 5 stack; "Player1: goes
    # all-in €0,60" after his 1.35 raise: 1.95; "Player3: goes all-in €5,98": 1.35 + 5.98 = 7.33
    assert [a for a in acts if a[4]] == [
        ("Player0", "raise", 475, None, True), ("Player1", "call", 60, None, True), ("Player3", "raise", 598, None, True)]


# ---------------------------------------------------------------- Cake


def test_cake_hi_lo_halves_and_a_scoop() -> None:
    path = TOUR.format("Cake", "PLO8-2max-USD-5-201307.txt")
    h = _hand(path, "3389E587C7000012")
    # "-- 0/10/20 PL OmahaHiLo --": no ante, blinds 10/20, tournament chips
    assert (h.game, h.kind, h.tournament_id, h.ante, h.sb, h.bb) == ("PLO8", "tournament", "15042503", 0, 10, 20)
    assert _dealt(h) == {"Hero": ("5s", "3c", "4s", "5c")}  # "Dealt to Hero [5s,3c,4s,5c]"
    # 2 x 60 pre-flop, 2 x 80 on the flop, 2 x 187 on the turn: 654, "Player0 wins high pot
    # 327 with Pair of Aces", "Hero wins low pot 327 with" (8-5-4-3-2)
    assert _paid(h) == [("Player0", 327, None, "high"), ("Hero", 327, None, "low")]
    assert 2 * (60 + 80 + 187) == 654 == 2 * 327
    assert _rules(h) == []
    scoop = _hand(path, "3389E587C7000013")
    # Player0 folds his 10 small blind: "Hero wins high pot 20", "There is no low hand"
    assert _paid(scoop) == [("Hero", 20, None, "high")]
    assert _rules(scoop) == []


def test_cake_euro_table_counted_in_dollars() -> None:
    h = _hand(FLOP.format("Cake", "PLO-6max-EUR-0.20-0.41-201209.round.penny.txt"), "3048012347000109")
    # "-- €0.20/€0.41 PL Omaha --" (a parse error before: the stakes were read in dollars
    # only); the chips are dollars, "posts small blind $0.25 (EUR €0.20)", "posts big blind
    # $0.50 (EUR €0.41)": the hand is read in dollars, its blinds from the posts
    assert (h.game, h.currency, h.scale, h.sb, h.bb) == ("PLO", "USD", 2, 25, 50)
    assert [s.stack for s in h.seats] == [5355, 2398, 6719, 3678, 11814, 5000]  # "($53.55 in chips)"
    # 0.25 + 0.25 + Hero's raise to 1.50, 1 of it returned: a 1.00 pot, "Hero wins $1
    # (EUR €0.81)", no rake
    assert _paid(h) == [("Hero", 100, None, None)]
    assert h.summary.rake == 0 and 25 + 25 + 150 - 100 == 100
    assert _rules(h) == []


# ---------------------------------------------------------------- Entraction


def test_entraction_five_card_omaha_whole_board_lines() -> None:
    h = _hand(FLOP.format("Entraction", "PLO5-EUR-0.10-0.20-201208.txt"), "2695932189")
    # "5-Card Omaha High Pot Limit EUR 0.10/0.20"
    assert (h.game, h.limit, h.hole_cards, h.sb, h.bb, h.currency) == ("PLO5", Limit.POT_LIMIT, 5, 10, 20, "EUR")
    assert _dealt(h) == {"Hero": ("Qs", "7d", "8c", "9s", "5h")}
    # "Turn  Kc - 2s - 2d - 8d" writes the whole board: the 8d is the turn's one new card
    streets = [(e.cards, e.board) for e in h.events if type(e).__name__ == "StreetEvent"]
    assert streets == [(("Kc", "2s", "2d"), ("Kc", "2s", "2d")), (("8d",), ("Kc", "2s", "2d", "8d")),
                       (("5d",), ("Kc", "2s", "2d", "8d", "5d"))]
    # "Player2 didn't show hand (Kh - 9h - As - 6s - Qh)": mucked, with its cards
    mucks = [(e.player, e.cards) for e in h.events if isinstance(e, ShowEvent) and e.muck]
    assert mucks == [("Player2", ("Kh", "9h", "As", "6s", "Qh"))]
    # Hero's 0.10 small blind, 2 x 0.57 pre-flop, 2 x 0.93 on the flop: 3.10, less the 0.15
    # rake: "Player3 wins:  EUR 2.95 (with three of a kind, Deuces)"
    assert _paid(h) == [("Player3", 295, None, None)]
    assert 10 + 2 * 57 + 2 * 93 - 15 == 295
    assert _rules(h) == []


def test_entraction_small_and_big_blind_posted_together() -> None:
    h = _hand(FLOP.format("Entraction", "PLO-6max-EUR-0.50-1-201107.SBBB.example.txt"), "2314086000")
    posts = [(e.player, e.kind.value, e.amount, e.dead) for e in h.events if type(e).__name__ == "PostEvent"]
    # "Small + Big Blind:  Player2 (1.50)": 1 live, 0.50 dead; his "Call (4.00)" makes 5
    assert posts[-1] == ("Player2", "post_dead", 100, 50)
    # 0.50 + 1 + 1.50 + Hero's 5 + Player2's 4 = 12, less the 0.60 rake: "Hero wins: EUR 11.40"
    assert _paid(h) == [("Hero", 1140, None, None)]
    assert 50 + 100 + 150 + 500 + 400 - 60 == 1140
    assert _rules(h) == []


# ---------------------------------------------------------------- OnGame


def test_ongame_omaha_and_equal_blinds_both_named_big() -> None:
    plo = _hand(FLOP.format("OnGame", "PLO-6max-EUR-1-1-2011002.Sample.txt"), "R5-21973400-50")
    assert (plo.game, plo.limit, plo.hole_cards, plo.currency) == ("PLO", Limit.POT_LIMIT, 4, "EUR")  # "POT_LIMIT OMAHA_HI €1/€1"
    assert _dealt(plo) == {"Hero": ("3c", "7c", "4c", "5h")}
    # four seats at 4.50 pre-flop and Player2's 1 (19), 2 x 12 on the flop: "Main pot: €43
    # won by Hero (€40.85)" after the 2.15 rake; his 21.50 turn bet unmatched
    assert _paid(plo) == [("Hero", 4085, 0, None)]
    assert 100 + 4 * 450 + 2 * 1200 == 4300 and 4300 - 215 == 4085
    assert _rules(plo) == []
    h = _hand(FLOP.format("OnGame", "PLO8-USD-0.50-0.50-201111.txt"), "R5-174523451-25")
    assert (h.game, h.hilo, h.sb, h.bb) == ("PLO8", True, 50, 50)  # "POT_LIMIT OMAHA_HI_LO $0.50/$0.50"
    # "Player2 posts big blind ($0.50)" from seat 1, the first after the button (seat 8),
    # then "Hero posts big blind ($0.50)": equal blinds, the first is the small blind, and
    # Player1 (seat 7, after Hero's seat 2) acts first
    posts = [(e.player, e.kind.value, e.amount) for e in h.events if type(e).__name__ == "PostEvent"]
    assert posts == [("Player2", "post_sb", 50), ("Hero", "post_bb", 50)]
    # 0.50 + 0.50 + 2 x 2.50 = 6, less the 0.30 rake: "won by Player1 ($5.70)"
    assert _paid(h) == [("Player1", 570, 0, None)]
    assert _rules(h) == []


# ---------------------------------------------------------------- PokerTracker's Microgaming export


def test_pt_microgaming_omaha_raised_to_is_the_chips_added() -> None:
    hu = _hand(FLOP.format("PokerTracker", "PLO-2max-EUR-0.25-0.50-201309.Microgaming.Export.txt"), "5029053937")
    # "** Position PLO HU 47 - €50 Max [Omaha] (0.25|0.50 PL - Cash Game) Real Money"
    assert (hu.game, hu.limit, hu.hole_cards, hu.sb, hu.bb, hu.currency) == ("PLO", Limit.POT_LIMIT, 4, 25, 50, "EUR")
    assert hu.button_seat == 1 and [s.stack for s in hu.seats] == [4950, 5050]  # "with €49.50[Dealer]"
    assert _dealt(hu) == {"Hero": ("Qh", "9c", "2h", "Ah")}  # "Dealing cards to Hero: Qh, 9c, 2h, Ah"
    acts = [(e.player, e.act.value, e.amount, e.to) for e in hu.events if type(e).__name__ == "ActionEvent"]
    # "Hero raised to €1.25" from the 0.25 small blind and "Player0 called - €1.00" from the
    # 0.50 big blind: both at 1.50, so "raised to" gives the chips added
    assert acts[:2] == [("Hero", "raise", 125, None), ("Player0", "call", 100, None)]
    # a 3.00 pot; "Hero wins €4.35" counts his uncalled 1.50 flop bet too: 4.50 - "Rake: €0.15"
    assert _paid(hu) == [("Hero", 435, 0, None)] and hu.summary.rake == 15
    assert 2 * 150 + 150 - 15 == 435
    assert _rules(hu) == []
    call = _hand(FLOP.format("PokerTracker", "PLO-EUR-0.25-0.50-201601.all.in.call.txt"), "5870377181")
    assert _shown(call) == {"Player0": ("Ah", "3c", "As", "Kd"), "Player2": ("2d", "Qh", "Qs", "Th")}
    # the 0.25 small blind, three seats at 18.50 (1.75 + 16.75, 6 + 12.50, 0.50 + 5.50 +
    # 12.50), Player2 all in for 21.26 more against Player0's 55.75 flop bet: 98.27, less
    # the 1.50 rake, "Player0 wins €96.77" (this export leaves the uncalled 34.49 out)
    assert _paid(call) == [("Player0", 9677, 0, None)] and call.summary.rake == 150
    assert 25 + 3 * 1850 + 2 * 2126 - 150 == 9677
    assert _rules(call) == []


# ---------------------------------------------------------------- Absolute


def test_absolute_fixed_limit_hi_lo() -> None:
    h = _hand(FLOP.format("Absolute", "PLO8-2max-USD-30-60-200912.txt"), "1828549717")
    # "Omaha Hi/Lo (1 on 1)  Normal $30/$60": fixed limit, bets 30 and 60, blinds 15/30
    assert (h.game, h.limit, h.hilo, h.small_bet, h.big_bet, h.sb, h.bb) == (
        "FLO8", Limit.FIXED_LIMIT, True, 3000, 6000, 1500, 3000)
    assert _dealt(h) == {"Hero": ("9h", "Qc", "2d", "3h")}
    # 2 x 60 pre-flop, Player0's 30 flop bet returned: "Total Pot($120) | Rake ($0.75)",
    # "Player0 Collects $119.25 from main pot", the high half ("HI:($119.25)" in the summary)
    assert _paid(h) == [("Player0", 11925, 0, "high")]
    assert (h.summary.total_pot, h.summary.rake) == (12000, 75) and 12000 - 75 == 11925
    assert _rules(h) == []


_ABSOLUTE_SPLIT = """Stage #1900000001: Omaha Hi/Lo  Normal $2/$4 - 2010-01-05 20:00:00 (ET)
Table: Test Rd (Real Money) Seat #1 is the dealer
Seat 1 - Ann ($100 in chips)
Seat 2 - Ben ($100 in chips)
Ann - Posts small blind $1
Ben - Posts big blind $2
*** POCKET CARDS ***
Ann - Calls $1
Ben - Checks
*** FLOP *** [3h 7c Kh]
Ben - Checks
Ann - Checks
*** TURN *** [3h 7c Kh] [8d]
Ben - Checks
Ann - Checks
*** RIVER *** [3h 7c Kh 8d] [Jc]
Ben - Checks
Ann - Checks
*** SHOW DOWN ***
Ben - Shows [4c 5d Tc Ts] (a pair of Tens)
Ann - Shows [As Kd Qd Jd] (two pair, Kings and Jacks)
Ann Collects $2 from main pot
Ben Collects $2 from main pot
*** SUMMARY ***
Total Pot($4)
Board [3h 7c Kh 8d Jc]
Seat 1: Ann (dealer) (small blind) won Total ($2) HI:($2) [As Kd Qd Jd]
Seat 2: Ben (big blind) won Total ($2) LO:($2) [Tc Ts 4c 5d]
"""


def test_absolute_hi_lo_split_of_a_checked_down_pot() -> None:
    h = _one(_ABSOLUTE_SPLIT)
    assert (h.game, h.hole_cards, h.hilo) == ("FLO8", 4, True)
    # Ann's kings and jacks take the high half of the 4 pot, Ben's 8-7-5-4-3 the low (Ann
    # has one low card): 2 and 2, no rake; the summary's "HI:($2)" and "LO:($2)" name them
    assert _paid(h) == [("Ann", 200, 0, "high"), ("Ben", 200, 0, "low")]
    assert _rules(h) == []
    wrong = _one(_ABSOLUTE_SPLIT.replace("Ben Collects $2 from main pot", "Ann Collects $2 from main pot"))
    assert _rules(wrong) == ["WN01"]  # Ann scooped: the low half is Ben's
    # Ann with A-2 instead of Q-J scoops (8-7-3-2-A beats 8-7-5-4-3), the 4 pot less 0.05
    # rake paid in two lines: "HI:($1.98) LO:($1.97)" tells which is which (the odd cent high)
    scoop = _one(_ABSOLUTE_SPLIT.replace("[As Kd Qd Jd]", "[As 2s Kd Jd]")
                 .replace("Ben Collects $2 from main pot", "Ann Collects $1.97 from main pot")
                 .replace("Ann Collects $2 from main pot", "Ann Collects $1.98 from main pot")
                 .replace("Total Pot($4)", "Total Pot($4) | Rake ($0.05)")
                 .replace("won Total ($2) HI:($2) [As", "won Total ($3.95) HI:($1.98) LO:($1.97) [As")
                 .replace("won Total ($2) LO:($2) [Tc", "HI:lost [Tc"))
    assert _paid(scoop) == [("Ann", 198, 0, "high"), ("Ann", 197, 0, "low")]
    assert _rules(scoop) == []


# ---------------------------------------------------------------- Seals With Clubs


def test_seals_with_clubs_pot_limit_omaha() -> None:
    h = _hand(FLOP.format("SealsWithClubs", "PLO-9max-mBTC-1.00-1.00-201304.txt"), "5297786-137")
    # "Game: PL Omaha (20 - 100) - Blinds 1/1"
    assert (h.game, h.limit, h.hole_cards, h.sb, h.bb, h.currency) == ("PLO", Limit.POT_LIMIT, 4, 100, 100, "mBTC")
    assert _dealt(h) == {"Hero": ("4c", "7d", "Qc", "Kd")}
    # Player5's 1 small blind, three seats at 3 (Hero and Player6 call 2 more, Player3
    # raised to 3): 10; "Hero refunded 6" of his turn bet, "Hero wins Pot (10)", "Rake (0)"
    assert _paid(h) == [("Hero", 1000, None, None)]
    assert 100 + 3 * 300 == 1000 and h.summary.rake == 0
    assert _rules(h) == []


# ---------------------------------------------------------------- names the corpus does not hold

_RENAMED = [
    # (site folder, file, the corpus' game name, a name the site writes for another game, its code)
    ("KingsClub", "5-Card-PLO-USD-5-10-202010.txt", "Pot Limit Omaha 5 Card", "Pot Limit Omaha Hi-Lo 5 Card", "PLO5-8"),
    ("KingsClub", "PLO-USD-5-10-202101.txt", "Pot Limit Omaha", "No Limit Omaha", "NLO"),
    ("Entraction", "PLO-6max-EUR-0.02-0.04-201103.txt", "Omaha High Pot", "Omaha High/Low Pot", "PLO8"),
    ("SealsWithClubs", "PLO-9max-mBTC-1.00-1.00-201304.txt", "PL Omaha", "PL Omaha Hi/Lo", "PLO8"),
    ("Absolute", "PLO8-2max-USD-30-60-200912.txt", "Omaha Hi/Lo (1 on 1)  Normal", "Omaha (1 on 1)  Normal", "FLO"),
    ("PKR", "PLO8-USD-2.00-4.00-201108.ties.low.txt", "OMAHA HI/LO", "OMAHA", "PLO"),
]


def test_other_omaha_names_of_each_site() -> None:
    for site, name, was, now, code in _RENAMED:
        text = (corpus() / FLOP.format(site, name)).read_text(encoding="utf-8", errors="replace")
        assert was in text, (site, was)
        hands = list(parse(text.replace(was, now, 1)))
        assert hands[0].status is not Status.PARSE_ERROR, (site, hands[0].problem)
        assert (hands[0].variant, hands[0].game) == ("omaha", code), site


def test_ongame_a_lone_big_blind_stays_the_big_blind() -> None:
    path = corpus() / FLOP.format("OnGame", "PLO8-USD-0.50-0.50-201111.txt")
    text = path.read_text(encoding="utf-8").split("***** End of hand R5-174523451-25 *****")[0]
    # without Player2 (seat 1) Hero's seat 2 is the first after the button: his "posts big
    # blind", the only blind of the hand, stays the big blind (the small blind not posted)
    lone = "".join(line for line in text.splitlines(keepends=True) if "Player2" not in line)
    (h,) = list(parse(lone + "***** End of hand R5-174523451-25 *****\n"))
    posts = [(e.player, e.kind.value) for e in h.events if type(e).__name__ == "PostEvent"]
    assert posts == [("Hero", "post_bb")]
