"""Line layouts met in real histories outside the corpus, each in a small hand written for
the test (made-up players and amounts, the arithmetic checked by hand in the comments).

- PokerStars: PokerTracker 2's export writes the header in capitals ("TOURNAMENT #"); a
  cancelled hand has "Hand cancelled" instead of the hole cards; converters for home games
  write "Total pot: ..." and "Board: [...]".
- Winning Poker (2019 layout): the running totals after each street name the side pots
  ("Side pot(1) 800.00"); run it twice numbers the streets, showdowns, pots and boards; the
  header of an Omaha H/L hand has a slash in the game's name.
- PartyPoker: the 2012 layout with no spaces in "seat1:" and "raises[ $25 USD ]"; the 2026
  cash-out lines, where the sum paid to the player who cashed out comes from the room, not
  the pot.
- PokerTracker's Microgaming export: "** Hand # N starting - date".
- GGPoker (2026): ante tables print the ante inside the stakes, "($0.05/$0.1($0.02))"; the
  EV Cashout premium ("Pays Cashout Risk ($x)") is paid outside the pot.
- Others, each named by its test: GGPoker straddles and missed blinds, Winamax, KingsClub,
  Full Tilt, Entraction, Merge, Microgaming and WPN variants.
"""

from __future__ import annotations

import textwrap

import hhaudit
from hhaudit import formats


def run(text: str) -> hhaudit.api.AuditResult:
    return hhaudit.audit(textwrap.dedent(text).lstrip("\n"))


def one_clean_hand(text: str) -> dict:
    r = run(text)
    assert len(r.hands) == 1
    h = r.hands.iloc[0]
    assert h["status"] == "audited", r.findings[["rule", "message"]].to_string()
    assert r.findings.empty, r.findings[["rule", "line", "expected", "actual", "message"]].to_string()
    return {"hand": h, "result": r}


def test_pokerstars_upper_case_tournament_header():
    # antes 3 x 5 = 15; Bob 10 (small blind), Carol 20 + 40, Alice 60: 15 + 10 + 60 + 60 = 145
    got = one_clean_hand("""
        PokerStars Game #29356803852: TOURNAMENT #169962476, $10+$1 HOLD'EM NO LIMIT - LEVEL I (10/20) - 2009/06/14 11:45:00 ET
        Table '169962476 2' 9-max Seat #1 is the button
        Seat 1: Alice (1500 in chips)
        Seat 2: Bob (1500 in chips) is sitting out
        Seat 3: Carol (1500 in chips)
        Alice: posts the ante 5
        Bob: posts the ante 5
        Carol: posts the ante 5
        Bob: posts small blind 10
        Carol: posts big blind 20
        *** HOLE CARDS ***
        Dealt to Alice [Ah Kd]
        Alice: raises 40 to 60
        Bob: folds
        Carol: calls 40
        *** FLOP *** [2c 7d 9s]
        Carol: checks
        Alice: bets 80
        Carol: folds
        Uncalled bet (80) returned to Alice
        Alice collected 145 from pot
        Alice: doesn't show hand
        *** SUMMARY ***
        Total pot 145 | Rake 0
        Board [2c 7d 9s]
        Seat 1: Alice (button) collected (145)
        Seat 2: Bob (small blind) folded before Flop
        Seat 3: Carol (big blind) folded on the Flop
        """)
    h = got["hand"]
    assert (h["kind"], h["tournament_id"], h["sb"], h["bb"], h["ante"]) == ("tournament", "169962476", 10, 20, 5)
    assert got["result"].pots["amount"].tolist() == [145]


def test_pokerstars_cancelled_hand():
    got = one_clean_hand("""
        PokerStars Hand #20349633664:  Hold'em No Limit ($0.50/$1 USD) - 2008/09/12 14:09:41 ET
        Table 'Alpha III' 6-max Seat #5 is the button
        Seat 5: Hero ($32.75 in chips)
        Hero: posts small blind $0.50
        VillainA: is sitting out
        VillainB: is sitting out
        Hand cancelled
        *** SUMMARY ***
        Seat 5: Hero (button) collected ($0)
        """)
    assert got["hand"]["hand_id"] == "20349633664"


def test_pokerstars_converter_colons_in_total_pot_and_board():
    # 0.50 + 0.50 + 1.00 = 2.00; Bob's flop bet of 2.00 comes back uncalled
    got = one_clean_hand("""
        PokerStars Hand #1001: Hold'em No Limit ($0.50/$1.00 USD) - 2023/05/01 10:00:00 ET
        Table 'HomeGame' 6-max Seat #1 is the button
        Seat 1: Alice ($50.00 in chips)
        Seat 2: Bob ($50.00 in chips)
        Alice: posts small blind $0.50
        Bob: posts big blind $1.00
        *** HOLE CARDS ***
        Alice: calls $0.50
        Bob: checks
        *** FLOP *** [2c 7d Jh]
        Bob: bets $2.00
        Alice: folds
        Uncalled bet ($2.00) returned to Bob
        Bob collected $2.00 from pot
        *** SUMMARY ***
        Total pot: $2.00 | Rake 0
        Board: [2c 7d Jh]
        Seat 1: Alice (button) (small blind) folded on the Flop
        Seat 2: Bob (big blind) collected ($2.00)
        """)
    assert (got["hand"]["total_pot"], got["hand"]["board"]) == (200, "2c 7d Jh")


def test_wpn2019_side_pot_running_totals():
    # Carol 100 all-in, Dave and Erin 500 each: main 3 x 100 = 300, side 2 x 400 = 800.
    # Aces win the main pot, kings beat nine high for the side pot.
    got = one_clean_hand("""
        Game Hand #5001 - Tournament #77 - Holdem(No Limit) - Level 1 (10.00/20.00)- 2022/03/01 12:00:00 UTC
        Table '1' 6-max Seat #1 is the button
        Seat 1: Carol (100.00)
        Seat 2: Dave (500.00)
        Seat 3: Erin (500.00)
        *** HOLE CARDS ***
        Dave posts the small blind 10.00
        Erin posts the big blind 20.00
        Carol raises 100.00 to 100.00 and is all-in
        Dave raises 490.00 to 500.00 and is all-in
        Erin calls 480.00 and is all-in
        *** FLOP *** [2c 7d Jh]
        Main pot 300.00
        Side pot(1) 800.00
        *** TURN *** [2c 7d Jh] [Qs]
        Main pot 300.00
        Side pot(1) 800.00
        *** RIVER *** [2c 7d Jh Qs] [3h]
        Main pot 300.00
        Side pot(1) 800.00
        *** SHOW DOWN ***
        Main pot 300.00
        Side pot(1) 800.00
        Carol shows [Ah Ad] (a pair of Aces [Ah Ad Qs Jh 7d])
        Dave shows [Kh Kd] (a pair of Kings [Kh Kd Qs Jh 7d])
        Erin shows [9h 8d] (high card Queen [Qs Jh 9h 8d 7d])
        Carol collected 300.00 from main pot
        Dave collected 800.00 from side pot-1
        *** SUMMARY ***
        Total pot 1100.00
        Board [2c 7d Jh Qs 3h]
        Seat 1: Carol (button) showed [Ah Ad] and won 300.00 with a pair of Aces [Ah Ad Qs Jh 7d]
        Seat 2: Dave (small blind) showed [Kh Kd] and won 800.00 with a pair of Kings [Kh Kd Qs Jh 7d]
        Seat 3: Erin (big blind) showed [9h 8d] and lost with high card Queen [Qs Jh 9h 8d 7d]
        """)
    assert got["result"].pots["amount"].tolist() == [300, 800]


WPN_RUN_TWICE = """
    Hand #700000001 - Holdem(No Limit) - $1.00/$2.00 - 2021/04/16 19:14:14 UTC
    Parachute 6-max Seat #5 is the button
    Seat 1: Alfa ($124.50)
    Seat 2: Bravo ($300.00)
    Seat 3: Charlie ($100.00)
    Seat 4: Delta ($134.00)
    Seat 5: Echo ($180.00)
    Seat 6: Foxtrot ($200.00)
    Foxtrot posts the small blind $1.00
    Alfa posts the big blind $2.00
    *** HOLE CARDS ***
    Dealt to Charlie [Ac Kd]
    Bravo folds
    Charlie raises $100.00 to $100.00 and is all-in
    Delta raises $134.00 to $134.00 and is all-in
    Echo folds
    Foxtrot folds
    Alfa folds
    Uncalled bet ($34.00) returned to Delta
    *** RUN IT TWICE ***
    *** FLOP 1 *** [8h Qd 7d]
    Main pot 1 $101.50 | Rake $0.00
    *** TURN 1 *** [8h Qd 7d] [7h]
    *** RIVER 1 *** [8h Qd 7d 7h] [Kc]
    *** SHOW DOWN 1 ***
    Main pot 1 $101.50 | Rake $0.00
    Charlie shows [Ac Kd] (two pair, Kings and Sevens [Kd Kc 7h 7d Ac])
    Delta shows [Js Jh] (two pair, Jacks and Sevens [Js Jh 7h 7d Qd])
    Charlie collected $101.50 from main pot 1
    *** FLOP 2 *** [6c 9s Jc]
    *** TURN 2 *** [6c 9s Jc] [8c]
    *** RIVER 2 *** [6c 9s Jc 8c] [2s]
    *** SHOW DOWN 2 ***
    Main pot 2 $101.50 | Rake $0.00
    Charlie shows [Ac Kd] (high card Ace [Ac Kd Jc 9s 8c])
    Delta shows [Js Jh] (three of a kind, Jacks [Js Jh Jc 9s 8c])
    Delta collected $101.50 from main pot 2
    *** SUMMARY ***
    Total pot $203.00 | Rake $0.00 | JP Fee $0.00
    Board 1 [8h Qd 7d 7h Kc]
    Seat 3: Charlie showed [Ac Kd] and won $101.50 with two pair, Kings and Sevens [Kd Kc 7h 7d Ac]
    Seat 4: Delta showed [Js Jh] and lost with two pair, Jacks and Sevens [Js Jh 7h 7d Qd]
    Board 2 [6c 9s Jc 8c 2s]
    Seat 3: Charlie showed [Ac Kd] and lost with high card Ace [Ac Kd Jc 9s 8c]
    Seat 4: Delta showed [Js Jh] and won $101.50 with three of a kind, Jacks [Js Jh Jc 9s 8c]
    """


def test_wpn2019_run_it_twice():
    # 1 + 2 + 100 + 100 = 203, half a run: 101.50; kings-up win run 1, jacks set run 2
    got = one_clean_hand(WPN_RUN_TWICE)
    pots = got["result"].pots
    assert sorted(zip(pots["run"], pots["amount"], pots["winners"].map(list))) == [(1, 10150, [3]), (2, 10150, [4])]


def test_wpn2019_run_it_twice_paid_to_the_wrong_player_is_found():
    # the second run's half paid to Charlie, whose ace high loses to Delta's set
    text = (WPN_RUN_TWICE.replace("Delta collected $101.50 from main pot 2", "Charlie collected $101.50 from main pot 2")
            .replace("and lost with high card Ace", "and won $101.50 with high card Ace")
            .replace("and won $101.50 with three of a kind", "and lost with three of a kind"))
    r = run(text)
    assert r.hands.iloc[0]["status"] == "audited"
    assert r.findings["category"].tolist() == ["winner"]
    second = r.pots[r.pots["run"] == 2].iloc[0]
    assert (list(second["winners"]), list(second["expected_winners"])) == ([3], [4])


def test_wpn2019_omaha_hi_lo_header_is_read_and_a_cut_hand_is_a_parse_error():
    # Omaha H/L is audited now (tests/formats/test_omaha_values.py reads whole WPN hands):
    # this one, cut after its first post, is a parse error at its last line, not dropped
    r = run("""
        Hand #123456 - Omaha H/L(Pot Limit) - $0.50/$1.00 - 2022/01/05 10:11:12 UTC
        Quartz 6-max Seat #1 is the button
        Seat 1: Alfa ($100.00)
        Seat 2: Bravo ($100.00)
        Bravo posts the small blind $0.50
        """)
    assert r.hands["status"].tolist() == ["parse_error"] and r.hands["game"].tolist() == ["omaha"]
    assert r.findings[["rule", "line"]].values.tolist() == [["PA01", 5]]


def test_partypoker_2012_layout_without_spaces():
    # Delta 5 + 25 = 30, Alfa 10 + 20 = 30; flop 2 x 40; turn 2 x 113: 366, paid 356 (rake 10)
    got = one_clean_hand("""
        #Game No : 4000000001
        ***** Hand History for Game 11000000001 *****
        $1,000 USD NL  Texas Hold'em-Saturday,February 18, 01:10:59 EST 2012
        Table Table  160000 (No DP) ( Real Money )
        Seat 4 is the button
        Total number of players : 4/6
        seat1: Alfa ( $664.25 USD )
        seat2: Bravo ( $2,127.50 USD )
        seat4: Charlie ( $3,296.12 USD )
        seat6: Delta ( $1,005 USD )
        Delta posts small blind [$5 USD].
        Alfa posts big blind [$10 USD].
        ** Dealing down cards **
        Dealt to Bravo [ Js, Ad ]
        Bravo folds
        Charlie folds
        Delta raises[ $25 USD ]
        Alfa calls[ $20 USD ]
        ** Dealing Flop ** [ Qd, 7c, Ac ]
        Delta bets[ $40 USD ]
        Alfa calls[ $40 USD ]
        ** Dealing Turn ** [ 3d ]
        Delta checks
        Alfa bets[ $113 USD ]
        Delta calls[ $113 USD ]
        ** Dealing River ** [ 3h ]
        Delta checks
        Alfa checks
        Delta shows [ Kc, Ks ]two pairs, Kings and Threes.
        Alfa shows [ Qs, Ah ]two pairs, Aces and Queens.
        Alfa wins $356 USD from the main pot with two pairs, Aces and Queens.
        """)
    r = got["result"]
    assert r.pots["amount"].tolist() == [36600]
    assert r.seats.set_index("player").loc["Alfa", "collected"] == 35600


def test_partypoker_cash_out_is_paid_by_the_room():
    # Bravo 0.10; Charlie 20.20 all-in; Delta 21.00, 0.80 of it uncalled: pot 40.50, rake 2.00,
    # 38.50 + 0.80 = 39.30 collected by Delta. Charlie's 24.00 cash-out is not from the pot.
    got = one_clean_hand("""
        ***** Hand History For Game 1770000000001abcdefgh *****
        0.10/0.25 Texas Hold'em Game Table (NL) - Mon Feb 09 12:55:26 EST 2026
        Table Table 1000001 (Real Money) -- Seat 1 is the button
        Total number of players : 4/6
        Seat 1: Alfa ($50.00)
        Seat 2: Bravo ($20.00)
        Seat 3: Charlie ($20.20)
        Seat 4: Delta ($25.00)
        Bravo posts small blind (0.10)
        Charlie posts big blind (0.25)
        ** Dealing down cards **
        Dealt to Delta [ 9c, 8h ]
        Delta raises 0.75 to 0.75
        Alfa folds
        Bravo folds
        Charlie raises 2.00 to 2.25
        Delta calls (1.50)
        ** Dealing Flop ** :  [ Jc, 7d, 6c ]
        Charlie bets (4.00)
        Delta raises 18.75 to 18.75
        Charlie calls (13.95)
        Charlie is all-In.
        Creating Main Pot with $ 38.50 with Charlie, Delta
        Charlie Cash-out Premium % is 1.0
        Charlie opted for cash-out
        Charlie probabilty is 60.37
        Charlie Cashout Amount is 24.00
        ** Dealing Turn ** :  [ Ts ]
        ** Dealing River ** :  [ Js ]
        ** Summary **
        Main Pot: $38.50 Rake: $2.0
        Board: [ Jc, 7d, 6c, Ts, Js ]
        Alfa balance $50.00, didn't bet (folded)
        Bravo balance $19.90, lost $0.10 (folded)
        Charlie Cashed out  balance $24.00, bet $20.20, collected $24.00, net +$3.80[ Ac, Ad ] [ two pairs, aces and jacks -- Ac,Ad,Jc,Js,Ts ]
        Delta balance $43.30, bet $21.00, collected $39.30, net +$18.30[ 9c, 8h ] [ a straight, seven to jack -- Jc,Ts,9c,8h,7d ]
        """)
    collected = got["result"].seats.set_index("player")["collected"]
    assert (collected["Charlie"], collected["Delta"]) == (0, 3930)


def test_pokertracker_microgaming_hand_number_header_is_detected():
    fmt = formats.detect(["** Hand # 6100200300 starting - 2014-03-04 05:06:07"])
    assert fmt is not None and fmt.name == "pt_microgaming"


def test_ggpoker_missed_blind_is_dead_money():
    # Ben 0.10, Cat 0.20, Dan 0.10 dead + 0.20 live (his raise to 0.60 is 0.40 uncalled): 0.60
    got = one_clean_hand("""
        Poker Hand #RC1000002: Hold'em No Limit ($0.10/$0.20) - 2024/02/03 18:00:00
        Table 'RushAndCash7' 6-max Seat #1 is the button
        Seat 1: Ann ($20 in chips)
        Seat 2: Ben ($20 in chips)
        Seat 3: Cat ($20 in chips)
        Seat 4: Dan ($20 in chips)
        Ben: posts small blind $0.10
        Cat: posts big blind $0.20
        Dan: posts missed blind $0.10
        Dan: posts big blind $0.20
        *** HOLE CARDS ***
        Dealt to Ann
        Dealt to Ben
        Dealt to Cat
        Dealt to Dan [9h 9d]
        Dan: raises $0.40 to $0.60
        Ann: folds
        Ben: folds
        Cat: folds
        Uncalled bet ($0.40) returned to Dan
        *** SHOWDOWN ***
        Dan collected $0.60 from pot
        *** SUMMARY ***
        Total pot $0.60 | Rake $0 | Jackpot $0 | Bingo $0
        Seat 4: Dan collected ($0.60)
        """)
    assert got["result"].pots["amount"].tolist() == [60]


def test_ggpoker_straddle_without_posts():
    # 0.10 + 0.20 + 0.40 straddle + Ann's 0.40 called part of her raise to 1.20 (0.80 back): 1.10
    got = one_clean_hand("""
        Poker Hand #RC1000003: Hold'em No Limit ($0.10/$0.20) - 2024/02/03 18:01:00
        Table 'RushAndCash7' 6-max Seat #1 is the button
        Seat 1: Ann ($20 in chips)
        Seat 2: Ben ($20 in chips)
        Seat 3: Cat ($20 in chips)
        Seat 4: Dan ($20 in chips)
        Ben: posts small blind $0.10
        Cat: posts big blind $0.20
        Dan: straddle $0.40
        *** HOLE CARDS ***
        Dealt to Ann [Ks Kh]
        Dealt to Ben
        Dealt to Cat
        Dealt to Dan
        Ann: raises $0.80 to $1.20
        Ben: folds
        Cat: folds
        Dan: folds
        Uncalled bet ($0.80) returned to Ann
        *** SHOWDOWN ***
        Ann collected $1.10 from pot
        *** SUMMARY ***
        Total pot $1.10 | Rake $0 | Jackpot $0 | Bingo $0
        Seat 1: Ann (button) collected ($1.10)
        """)
    assert got["result"].pots["amount"].tolist() == [110]


def test_winamax_table_without_colon_and_both_blinds_out_of_position():
    # Denis's 0.15 out of position is 0.10 live + 0.05 dead, so he may check; the site counts
    # the bet no one called in the pot: 0.05 + 0.10 + 0.15 + 0.10 + 0.30 = 0.70 = 0.68 + 0.02 rake
    got = one_clean_hand("""
        Winamax Poker - CashGame - HandId: #7654321-12-1500000000 - Holdem no limit (0.05€/0.10€) - 2017/07/14 02:40:00 UTC
        Table 'Lisbonne 07' 5-max (real money) Seat #1 is the button
        Seat 1: Anne (10€)
        Seat 2: Bruno (10€)
        Seat 3: Chloe (10€)
        Seat 4: Denis (10€)
        *** ANTE/BLINDS ***
        Bruno posts small blind 0.05€
        Chloe posts big blind 0.10€
        Denis posts small blind 0.15€ out of position
        Denis posts big blind 0€ out of position
        Dealt to Denis [Ah Qh]
        *** PRE-FLOP ***
        Denis checks
        Anne calls 0.10€
        Bruno folds
        Chloe checks
        *** FLOP *** [2c 8d Kh]
        Chloe checks
        Denis bets 0.30€
        Anne folds
        Chloe folds
        Denis collected 0.68€ from pot
        *** SUMMARY ***
        Total pot 0.68€ | Rake 0.02€
        Board: [2c 8d Kh]
        Seat 4: Denis won 0.68€
        """)
    assert got["hand"]["table_name"] == "Lisbonne 07"


def test_kingsclub_side_pot_payout():
    # Ben all in for 300: main 3 x 300 = 900, side 2 x 700 = 1,400, both to Ann's aces
    got = one_clean_hand("""
        #4000001: No Limit Holdem - 50/100
        2021-05-01 10:00:00
        Table 'Home Room' Seat 1 is the button
        Seat 1: Ann (5,000)
        Seat 2: Ben (300)
        Seat 3: Cat (5,000)
        Ben: posts the small blind 50
        Cat: posts the big blind 100
        *** HOLE CARDS ***
        Dealt to Ann: [Ah Ad]
        Dealt to Ben: [X X]
        Dealt to Cat: [X X]
        Ann raises to 1,000
        Ben calls 300, and is all in
        Cat calls 1,000
        *** FLOP *** [2c 7d 9s]
        Cat checks
        Ann checks
        *** TURN *** [2c 7d 9s] [Jh]
        Cat checks
        Ann checks
        *** RIVER *** [2c 7d 9s Jh] [3s]
        Cat checks
        Ann checks
        Ann shows [Ah Ad]
        Ben shows [Kh Kd]
        Cat shows [Qh Qd]
        *** SUMMARY ***
        Seat 1: Ann (6,300) +1,300
        Seat 2: Ben (0) -300
        Seat 3: Cat (4,000) -1,000
        Ann wins (1,400) from side pot 1
        Ann wins (900) from pot
        """)
    assert got["result"].pots["amount"].tolist() == [90000, 140000]  # dollars, kept in cents


def test_line_variants_from_other_layouts():
    from hhaudit.formats.base import load_grammar

    kind, fields = load_grammar("fulltilt").classify("Zed raises to $150, and is capped")
    assert (kind, fields[1], fields[2], fields[3]) == ("ACTION", "raises to", "$150", ", and is capped")
    kind, _ = load_grammar("partypoker").classify("Alice will be using their time bank for this hand.")
    assert kind == "MISC"
    kind, fields = load_grammar("wpn").classify("Player Carol posts (0.10) as a dead bet")
    assert (kind, fields) == ("POST", ("Carol", "posts", "0.10", " as a dead bet"))


def test_partypoker_tournament_blinds_with_dots_between_thousands():
    fmt = formats.get("partypoker")
    hand = fmt.new_hand("x", 1)
    fmt.on_BLINDS(hand, ("1.200", "2.400", "400"), 1)
    assert (hand.sb, hand.bb, hand.ante) == (1200, 2400, 400)


def test_kingsclub_run_twice_from_the_flop():
    # 50 + 1,000 + 1,000 = 2,050, 1,025 a run; the second run's river line writes the shared
    # flop as "-": aces win run 1 (2c 7d 9s Jh 3s), kings make a set on run 2 (... Kc 4h)
    got = one_clean_hand("""
        #4000002: No Limit Holdem - 50/100
        2021-05-01 10:05:00
        Table 'Home Room' Seat 1 is the button
        Seat 1: Ann (1,000)
        Seat 2: Ben (1,000)
        Seat 3: Cat (1,000)
        Ben: posts the small blind 50
        Cat: posts the big blind 100
        *** HOLE CARDS ***
        Dealt to Ann: [Ah Ad]
        Dealt to Ben: [X X]
        Dealt to Cat: [X X]
        Ann raises to 300
        Ben folds
        Cat calls 300
        *** FLOP *** [2c 7d 9s]
        Cat bets 700, and is all in
        Ann calls 700, and is all in
        Ann shows [Ah Ad]
        Cat shows [Kh Kd]
        *** BOARD 1 - RIVER *** [2c 7d 9s Jh] [3s]
        *** BOARD 2 - RIVER *** [- - - Kc] [4h]
        *** SUMMARY ***
        Seat 1: Ann (1,025) +25
        Seat 2: Ben (950) -50
        Seat 3: Cat (1,025) +25
        Ann wins (1,025) from pot
        Cat wins (1,025) from pot
        """)
    pots = got["result"].pots
    # the site names no run in its payouts: the two halves are judged together
    assert sorted(zip(pots["run"], pots["expected_winners"].map(list))) == [(1, [1]), (2, [3])]


def test_entraction_big_blind_listed_before_the_small_blind():
    # the small blind is live: Bert completes 0.25 + 1.25 to Anna's 1.50, as Carl does 0.50 + 1.00:
    # 3 x 1.50 = 4.50 = 4.40 won + 0.10 rake; Anna's flop bet of 2.00 comes back
    one_clean_hand("""
        Game # 3000000001 - Texas Hold'em No Limit EUR 0.25/0.50 - Table "Brest"

        Players(max 6):
        Anna                        (EUR 50.00 in seat 1)
        Bert                        (EUR 50.00 in seat 2)
        Carl                        (EUR 50.00 in seat 3)

        Dealer:                     Anna
        Big Blind:                  Carl        (0.50)
        Small Blind:                Bert        (0.25)

        Anna                        Raise       (1.50)
        Bert                        Call        (1.25)
        Carl                        Call        (1.00)

        Flop                        2c - Ad - 4h

        Bert                        Check       
        Carl                        Check       
        Anna                        Bet         (2.00)
        Bert                        Fold        
        Carl                        Fold        
        Anna                        Payback     (2.00)

        Anna didn't show hand

        Anna wins:                  EUR 4.40
        Rake:                       EUR 0.10

        Game ended 2011-03-26 13:19:18 GMT
        """)


MERGE_CANCELLED = """\
<description type="Holdem" stakes="No Limit ($0.05/$0.10)"/>
<game id="90000001-100" starttime="20120601120000" numholecards="2" gametype="2" realmoney="true" data="20120601|Test Table (90000001)|90000001|90000001-100|false">
	<players dealer="1">
		<player seat="1" nickname="Ann" balance="$10.00" dealtin="true" />
		<player seat="2" nickname="Ben" balance="$10.00" dealtin="true" />
	</players>
	<round id="GAME_CANCELLED" sequence="1">
		<event sequence="1" type="GAME_CANCELLED" timestamp="1338273214546"/>
	</round>
</game>
"""


def test_merge_cancelled_hand():
    # called off before the deal: the event names no player, and nothing is bet or paid
    got = one_clean_hand(MERGE_CANCELLED)
    assert (got["hand"]["hand_id"], got["hand"]["format"]) == ("90000001-100", "merge_xml")
    assert got["result"].actions.empty and got["result"].pots.empty


MICROGAMING_V4 = """\
<Game id="5900000001" hhversion="4" date="2014-02-01 20:00:00" tablename="Breeze" stakes="0.05|0.10" betlimit="NL" tabletype="Cash Game" gametypeid="1" gametype="Hold&apos;em" realmoney="true" currencysymbol="IAAkAA==" rake="0" playerseat="1" betamount="0" istournament="0">
   <Seats>
      <Seat num="1" alias="Ann" balance="10.00" endbalance="9.10" dealer="true"/>
      <Seat num="2" alias="Ben" balance="10.00" endbalance="11.00"/>
      <Seat num="3" alias="Cat" balance="10.00" endbalance="9.89"/>
   </Seats>
   <Gameplay>
      <Action seq="1" type="SmallBlind" seat="2" value="0.05"/>
      <Action seq="2" type="BigBlind" seat="3" value="0.10"/>
      <Action seq="3" type="BadBeatContribution" seat="3" value="0.01"/>
      <Action seq="4" type="Raise" seat="1" value="0.30"/>
      <Action seq="5" type="Raise" seat="2" value="0.85"/>
      <Action seq="6" type="Fold" seat="3"/>
      <Action seq="7" type="Call" seat="1" value="0.60"/>
      <Action seq="8" type="DealFlop">
         <Card value="5" suit="c" id="17"/>
         <Card value="9" suit="s" id="4"/>
         <Card value="K" suit="h" id="51"/>
      </Action>
      <Action seq="9" type="Bet" seat="2" value="1.00"/>
      <Action seq="10" type="Fold" seat="1"/>
      <Action seq="11" type="MoneyReturned" seat="2" value="1.00"/>
      <Action type="Win">
         <Seat num="2" amount="1.90" pot="0" type="" lowhandwin="0"/>
      </Action>
   </Gameplay>
</Game>
"""


def test_microgaming_version_4_amounts_are_chips_added():
    # From hhversion 4 Call and Raise are the chips the action puts in (endbalance agrees):
    # Ben 0.05 + 0.85 = 0.90, Ann 0.30 + 0.60 = 0.90, Cat 0.10: 1.90, to Ben. Cat's 0.01
    # bad-beat drop leaves his stack, not into the pot; Ben's flop bet of 1.00 is returned.
    got = one_clean_hand(MICROGAMING_V4)
    r = got["result"]
    assert r.pots["amount"].tolist() == [190]
    seats = r.seats.set_index("player")
    assert (seats.loc["Ann", "contributed"], seats.loc["Ben", "contributed"], seats.loc["Cat", "contributed"]) == (90, 90, 10)
    ann = r.actions[r.actions["player"] == "Ann"]
    assert list(zip(ann["action"], ann["amount"])) == [("raise", 30), ("call", 60), ("fold", 0)]


MICROGAMING_ALL_IN_BLIND = """\
<Game id="5900000002" hhversion="4" date="2014-02-01 21:00:00" tablename="Freeroll [1]:Table 1" stakes="10|20" betlimit="NL" tabletype="MTT" gametypeid="1" gametype="Multi Table Hold&apos;em" realmoney="true" currencysymbol="" playerseat="1" betamount="0" istournament="1">
   <Seats>
      <Seat num="1" alias="Ann" balance="500.00" endbalance="500.00" dealer="true"/>
      <Seat num="2" alias="Ben" balance="10.00" endbalance="0.00"/>
      <Seat num="3" alias="Cat" balance="500.00" endbalance="510.00"/>
   </Seats>
   <Gameplay>
      <Action seq="1" type="AllIn" seat="2" value="10.00"/>
      <Action seq="2" type="BigBlind" seat="3" value="20.00"/>
      <Action seq="3" type="Fold" seat="1"/>
      <Action seq="4" type="MoneyReturned" seat="3" value="10.00"/>
      <Action seq="5" type="DealFlop">
         <Card value="5" suit="c" id="17"/>
         <Card value="9" suit="s" id="4"/>
         <Card value="K" suit="h" id="51"/>
      </Action>
      <Action seq="6" type="DealTurn">
         <Card value="2" suit="d" id="1"/>
      </Action>
      <Action seq="7" type="DealRiver">
         <Card value="7" suit="h" id="2"/>
      </Action>
      <Action seq="8" type="ShowCards" seat="2">
         <Card value="Q" suit="h" id="48"/>
         <Card value="J" suit="s" id="9"/>
      </Action>
      <Action seq="9" type="ShowCards" seat="3">
         <Card value="K" suit="d" id="26"/>
         <Card value="4" suit="c" id="16"/>
      </Action>
      <Action type="Win">
         <Seat num="3" amount="20.00" pot="0" type="" lowhandwin="0"/>
      </Action>
   </Gameplay>
</Game>
"""


def test_microgaming_small_blind_posted_all_in():
    # Ben's whole 10 is his small blind; Cat's big blind of 20 is 10 uncalled: pot 20, and
    # Cat's pair of kings beats queen high
    got = one_clean_hand(MICROGAMING_ALL_IN_BLIND)
    r = got["result"]
    assert r.pots["amount"].tolist() == [20]
    assert r.actions["action"].tolist()[:2] == ["post_sb", "post_bb"]


def test_wpn_seat_dealt_no_card_is_sitting_out():
    # Cat (seat 3) sits out between the blinds: no card reaches her, so Dan's big blind from
    # seat 4 is in its place. 0.05 + 0.10 + Ann's 0.10 called of her 0.30 (0.20 back) = 0.25
    one_clean_hand("""
        Game started at: 2017/5/1 20:0:0
        Game ID: 500000001 0.05/0.10 Oak (PRR) (Hold'em)
        Seat 1 is the button
        Seat 1: Ann (10).
        Seat 2: Ben (10).
        Seat 3: Cat (10).
        Seat 4: Dan (10).
        Player Ben has small blind (0.05)
        Player Cat sitting out
        Player Dan has big blind (0.10)
        Player Ben received a card.
        Player Ben received a card.
        Player Dan received a card.
        Player Dan received a card.
        Player Ann received card: [Ah]
        Player Ann received card: [Kd]
        Player Ann raises (0.30)
        Player Ben folds
        Player Dan folds
        Uncalled bet (0.20) returned to Ann
        Player Ann mucks cards
        ------ Summary ------
        Pot: 0.25. Rake 0
        *Player Ann mucks (does not show cards). Bets: 0.10. Collects: 0.25. Wins: 0.15.
        Player Ben does not show cards.Bets: 0.05. Collects: 0. Loses: 0.05.
        Player Dan does not show cards.Bets: 0.10. Collects: 0. Loses: 0.10.
        Player Cat does not show cards.Bets: 0. Collects: 0. Wins: 0.
        Game ended at: 2017/5/1 20:0:30
        """)


def test_ggpoker_ante_in_the_stakes():
    # antes 3 x 0.02 = 0.06; blinds 0.05 + 0.10; a1b2c3d4 raises to 0.30, e5f6a7b8 (sb)
    # folds, Hero (bb) calls 0.20: 0.06 + 0.05 + 0.30 + 0.30 = 0.71. Flop: Hero bets 0.40,
    # a1b2c3d4 calls: 0.71 + 0.80 = 1.51. Turn: Hero bets 1, a1b2c3d4 folds, 1 returned.
    # Rake 0.07, jackpot 0.02: 1.51 - 0.07 - 0.02 = 1.42 collected.
    h = one_clean_hand("""
        Poker Hand #HD1000000001: Hold'em No Limit ($0.05/$0.1($0.02)) - 2026/05/02 18:00:00
        Table 'NLHAGreen7' 9-max Seat #2 is the button
        Seat 1: Hero ($10 in chips)
        Seat 2: a1b2c3d4 ($12.5 in chips)
        Seat 3: e5f6a7b8 ($9.8 in chips)
        a1b2c3d4: posts the ante $0.02
        Hero: posts the ante $0.02
        e5f6a7b8: posts the ante $0.02
        e5f6a7b8: posts small blind $0.05
        Hero: posts big blind $0.1
        *** HOLE CARDS ***
        Dealt to Hero [Kd Qd]
        Dealt to a1b2c3d4
        Dealt to e5f6a7b8
        a1b2c3d4: raises $0.2 to $0.3
        e5f6a7b8: folds
        Hero: calls $0.2
        *** FLOP *** [Qs 7c 2h]
        Hero: bets $0.4
        a1b2c3d4: calls $0.4
        *** TURN *** [Qs 7c 2h] [9d]
        Hero: bets $1
        a1b2c3d4: folds
        Uncalled bet ($1) returned to Hero
        *** SHOWDOWN ***
        Hero collected $1.42 from pot
        *** SUMMARY ***
        Total pot $1.51 | Rake $0.07 | Jackpot $0.02 | Bingo $0 | Fortune $0 | Tax $0
        Board [Qs 7c 2h 9d]
        Seat 1: Hero (big blind) won ($1.42)
        Seat 2: a1b2c3d4 (button) folded on the Turn
        Seat 3: e5f6a7b8 (small blind) folded before Flop
    """)
    assert (h["hand"]["sb"], h["hand"]["bb"]) == (5, 10)


def test_ggpoker_ev_cashout_premium_is_outside_the_pot():
    # 0a1b2c3d (sb) completes to 0.5, 4e5f6a7b (bb) raises to 2, 0a1b2c3d calls 1.5: 4.
    # Flop: 4e5f6a7b bets 3, 0a1b2c3d raises all-in to 18 (stack 20 - 2), 4e5f6a7b calls 15:
    # 4 + 36 = 40. Rake 2, jackpot 0.5: 40 - 2.5 = 37.5 collected by 0a1b2c3d, who also pays
    # a 6 cash-out premium outside the pot (before the fix: 6 counted as taken from the pot).
    one_clean_hand("""
        Poker Hand #HD1000000002: Hold'em No Limit ($0.25/$0.5) - 2026/05/02 18:05:00
        Table 'NLHPurple3' 6-max Seat #1 is the button
        Seat 1: Hero ($50 in chips)
        Seat 2: 0a1b2c3d ($20 in chips)
        Seat 3: 4e5f6a7b ($60 in chips)
        0a1b2c3d: posts small blind $0.25
        4e5f6a7b: posts big blind $0.5
        *** HOLE CARDS ***
        Dealt to Hero [7c 2d]
        Dealt to 0a1b2c3d
        Dealt to 4e5f6a7b
        Hero: folds
        0a1b2c3d: calls $0.25
        4e5f6a7b: raises $1.5 to $2
        0a1b2c3d: calls $1.5
        *** FLOP *** [Jh 8h 3c]
        0a1b2c3d: checks
        4e5f6a7b: bets $3
        0a1b2c3d: raises $15 to $18 and is all-in
        4e5f6a7b: calls $15
        0a1b2c3d: shows [Jd Js] (three of a kind, Jacks)
        4e5f6a7b: shows [Ah Kh] (Ace high)
        *** TURN *** [Jh 8h 3c] [2s]
        0a1b2c3d: Chooses to EV Cashout
        *** RIVER *** [Jh 8h 3c 2s] [5d]
        0a1b2c3d: Pays Cashout Risk ($6)
        *** SHOWDOWN ***
        0a1b2c3d collected $37.5 from pot
        *** SUMMARY ***
        Total pot $40 | Rake $2 | Jackpot $0.5 | Bingo $0 | Fortune $0 | Tax $0
        Board [Jh 8h 3c 2s 5d]
        Seat 1: Hero (button) folded before Flop (didn't bet)
        Seat 2: 0a1b2c3d (small blind) showed [Jd Js] and won ($37.5) with three of a kind, Jacks, Cashout Risk ($6)
        Seat 3: 4e5f6a7b (big blind) showed [Ah Kh] and lost with Ace high
    """)


FULL_TILT_MATRIX = """
    Full Tilt Poker Game #900000001: $26 Super Turbo Matrix (100000001), Match 2 - 15/30 - No Limit Hold'em - 09:20:06 EET - 2012/11/23 [02:20:06 ET - 2012/11/23]
    Seat 1: Ann (300)
    Seat 2: Bea (300)
    Seat 4: Cid (300)
    Seat 6: Dee (300)
    Ann posts the small blind of 15
    Bea posts the big blind of 30
    The button is in seat #6
    *** HOLE CARDS ***
    Cid raises to 300, and is all in
    Dee folds
    Ann folds
    Bea folds
    Uncalled bet of 270 returned to Cid
    *** SUMMARY ***
    Total pot 75 | Rake 0
    Seat 1: Ann (small blind) folded before the Flop
    Seat 2: Bea (big blind) folded before the Flop
    Seat 4: Cid collected (75), mucked
    Seat 6: Dee (button) didn't bet (folded)
    """


def test_fulltilt_matrix_payment_written_only_in_the_summary():
    # No "Cid wins the pot (75)" line: the summary's "collected (75)" is the payment.
    # Cid put in 300, got 270 back and collects 15 + 30 + 30 = 75: net +45, ends on 345.
    r = one_clean_hand(FULL_TILT_MATRIX)["result"]
    pot = r.pots.iloc[0]
    assert list(pot["winners"]) == [4] and list(pot["paid"]) == [75] and bool(pot["ok"])
    cid = r.seats.set_index("player").loc["Cid"]
    assert int(cid["collected"]) == 75 and int(cid["net"]) == 45


def test_fulltilt_matrix_summary_payment_to_the_wrong_seat_is_found():
    wrong = FULL_TILT_MATRIX.replace("Seat 4: Cid collected (75), mucked", "Seat 4: Cid didn't bet (folded)") \
        .replace("Seat 6: Dee (button) didn't bet (folded)", "Seat 6: Dee (button) collected (75)")
    r = run(wrong)
    assert "WN01" in set(r.findings["rule"]) or "SP01" in set(r.findings["rule"]), r.findings[["rule", "message"]]
