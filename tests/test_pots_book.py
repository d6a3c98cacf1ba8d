"""Side pots, odd chips and run-it-twice (rules.md 7, 9f) with the rulebook's numbers.

The six-way hand of the rules guide is `sample_histories/pokerstars/side-pots-six-way.txt`:
A all-in 50, B all-in 250, C all-in 350, D and E 800 each, F put in 500 and folded;
ranking F > A > B > D > E > C. Pots: main 300, side 1000, 400, 450 and 600 (D and E are
eligible for the last two, so they are one 1050 pot by eligibility); A wins 300, B 1000,
D 1450. Each wrong payout written into it must give the right finding.
"""

from __future__ import annotations

from pathlib import Path

from builders import audit_text, line_of, stars

from hhaudit.engine.pots import build_pots, split_amount

SAMPLE = Path(__file__).parents[1] / "sample_histories" / "pokerstars" / "side-pots-six-way.txt"
AVA, BEN, CAL, DEE, ELI, FAY = 2, 3, 5, 6, 8, 9


def rows(out):
    return [(f.rule, f.line, f.category) for f in out.findings]


# =========================================================================== TDA table


def test_tda_side_pot_table_450_600_400():
    """rules.md 7b: A all-in 100, B all-in 300, C and D 500, E folded after 50."""
    a, b, c, d, e = 1, 2, 3, 4, 5
    pots = build_pots({a: 100, b: 300, c: 500, d: 500, e: 50}, live={a, b, c, d}, all_in={a, b})
    assert [(p.amount, p.eligible) for p in pots] == [(450, [a, b, c, d]), (600, [b, c, d]), (400, [c, d])]
    assert sum(p.amount for p in pots) == 1450


def _tda_hand(flop: str, collect: str = "", total: int = 1450, pots: str = "Main pot 450. Side pot-1 600. "
              "Side pot-2 400.") -> str:
    """The TDA table as a hand: Ann 100, Bob 300 all-in pre-flop, Cat 500, Dan 500 (or 700
    with 200 returned), Eve the big blind folds her 50. Ann > Bob > Cat > Dan."""
    collect = collect or ("Cat collected 400 from side pot-2\nBob collected 600 from side pot-1\n"
                          "Ann collected 450 from main pot")
    body = f"""
Dan: posts small blind 25
Eve: posts big blind 50
*** HOLE CARDS ***
Ann: raises 50 to 100 and is all-in
Bob: raises 200 to 300 and is all-in
Cat: calls 300
Dan: calls 275
Eve: folds
*** FLOP *** [Kh 9d 6c]
{flop}
*** TURN *** [Kh 9d 6c] [4s]
*** RIVER *** [Kh 9d 6c 4s] [2h]
*** SHOW DOWN ***
Dan: shows [Kd Td] (a pair of Kings)
Cat: shows [Ks Jd] (a pair of Kings)
Bob: shows [Kc Qd] (a pair of Kings)
Ann: shows [Ac Ad] (a pair of Aces)
{collect}
"""
    return stars(body, seats={3: ("Ann", 100), 4: ("Bob", 300), 6: ("Cat", 500), 8: ("Dan", 2000),
                              9: ("Eve", 2000)},
                 button=6, blinds=(25, 50), summary=f"Total pot {total} {pots} | Rake 0\nBoard [Kh 9d 6c 4s 2h]")


def test_tda_table_as_a_hand_is_clean():
    out = audit_text(_tda_hand("Dan: bets 200\nCat: calls 200 and is all-in"))
    assert rows(out) == []
    assert [(p.amount, p.eligible, p.expected_winners) for p in out.pots] == [
        (450, [3, 4, 6, 8], [3]), (600, [4, 6, 8], [4]), (400, [6, 8], [6])]


def test_tda_table_with_200_uncalled_returned_first():
    """D bets 700 in all, C calls 500 all-in: D's 200 comes back before the pots are built."""
    flop = "Dan: bets 400\nCat: calls 200 and is all-in\nUncalled bet (200) returned to Dan"
    out = audit_text(_tda_hand(flop))
    assert rows(out) == []
    assert [p.amount for p in out.pots] == [450, 600, 400]
    # the log forgets to return it and counts it in the pot
    out = audit_text(_tda_hand("Dan: bets 400\nCat: calls 200 and is all-in", total=1650))
    ac03 = [f for f in out.findings if f.rule == "AC03"]
    assert [(f.expected, f.category) for f in ac03] == [("uncalled 200 returned to Dan", "accounting")]
    # returns the wrong amount
    out = audit_text(_tda_hand("Dan: bets 400\nCat: calls 200 and is all-in\nUncalled bet (100) returned to Dan"))
    ac03 = [f for f in out.findings if f.rule == "AC03"]
    assert [(f.expected, f.actual) for f in ac03] == [("200 returned to Dan", "100 returned")]


def test_stated_main_pot_500_instead_of_450():
    """AC04's own example: "Main pot 500" where the main pot is 450."""
    text = _tda_hand("Dan: bets 200\nCat: calls 200 and is all-in",
                     pots="Main pot 500. Side pot-1 550. Side pot-2 400.")
    out = audit_text(text)
    assert [(f.rule, f.line, f.expected, f.actual) for f in out.findings] == [
        ("AC04", line_of(text, "Total pot"), "pots 450 / 600 / 400", "pots 500 / 550 / 400")]


# =========================================================================== odd chips


def test_split_amount_175_seats_2_and_5_button_on_7():
    """pkcore: 8 seats numbered 0-7, button on 7: seat 2 gets 88, seat 5 gets 87."""
    ring = [0, 1, 2, 3, 4, 5, 6, 7]  # clockwise from the seat left of the button (7)
    assert split_amount(175, [5, 2], ring) == {2: 88, 5: 87}


def test_split_amount_101_three_ways_no_one_gets_two_odd_chips():
    """101 three ways: 33 each and the 2 odd chips one each to the first two tied seats
    clockwise from the button. Button on 6: order 7, 9, 2, 3 -> seats 9 and 2 get 34."""
    ring = [7, 9, 1, 2, 3, 6]
    assert split_amount(101, [2, 3, 9], ring) == {9: 34, 2: 34, 3: 33}


def _chop_175(collect: str) -> str:
    """Seats 2 and 5 play a royal-flush board, button on 7: a 175 pot (80 + 80 + blinds 5/10)."""
    return stars(
        f"""
        Sb: posts small blind 5
        Bb: posts big blind 10
        *** HOLE CARDS ***
        Two: raises 70 to 80
        Xx: folds
        Five: calls 80
        Btn: folds
        Sb: folds
        Bb: folds
        *** FLOP *** [As Ks Qs]
        Two: checks
        Five: checks
        *** TURN *** [As Ks Qs] [Js]
        Two: checks
        Five: checks
        *** RIVER *** [As Ks Qs Js] [Ts]
        Two: checks
        Five: checks
        *** SHOW DOWN ***
        Two: shows [2c 3d] (a royal flush)
        Five: shows [2d 3c] (a royal flush)
        {collect}
        """,
        seats={1: ("Bb", 1000), 2: ("Two", 1000), 4: ("Xx", 1000), 5: ("Five", 1000), 7: ("Btn", 1000),
               8: ("Sb", 1000)},
        button=7, max_seats=8, blinds=(5, 10), summary="Total pot 175 | Rake 0\nBoard [As Ks Qs Js Ts]",
    )


def test_odd_chip_175_goes_to_seat_2():
    out = audit_text(_chop_175("Two collected 88 from pot\n        Five collected 87 from pot"))
    assert rows(out) == []
    assert [(p.amount, p.expected_winners, p.expected) for p in out.pots] == [(175, [2, 5], [88, 87])]
    text = _chop_175("Two collected 87 from pot\n        Five collected 88 from pot")
    out = audit_text(text)
    assert [(f.rule, f.category, f.expected, f.actual) for f in out.findings] == [
        ("OC01", "odd_chip", "expected Two 88; Five 87", "log paid Two 87; Five 88")]
    assert out.findings[0].line in (line_of(text, "Two collected"), line_of(text, "Five collected"))


def _chop_101(collect: str) -> str:
    """2/4: P2 raises to 33, P3 and the BB (seat 9) call, the SB folds 2: 101 chips; the
    board plays. Button on 6: the odd chips go to seats 9 and 2."""
    return stars(
        f"""
        P7: posts small blind 2
        P9: posts big blind 4
        *** HOLE CARDS ***
        P2: raises 29 to 33
        P3: calls 33
        P6: folds
        P7: folds
        P9: calls 29
        *** FLOP *** [As Ks Qs]
        P9: checks
        P2: checks
        P3: checks
        *** TURN *** [As Ks Qs] [Js]
        P9: checks
        P2: checks
        P3: checks
        *** RIVER *** [As Ks Qs Js] [Ts]
        P9: checks
        P2: checks
        P3: checks
        *** SHOW DOWN ***
        P9: shows [2c 3d] (a royal flush)
        P2: shows [2d 3c] (a royal flush)
        P3: shows [2h 3h] (a royal flush)
        {collect}
        """,
        seats={2: ("P2", 500), 3: ("P3", 500), 6: ("P6", 500), 7: ("P7", 500), 9: ("P9", 500)},
        button=6, blinds=(2, 4), summary="Total pot 101 | Rake 0\nBoard [As Ks Qs Js Ts]",
    )


def test_odd_chips_101_three_way():
    out = audit_text(_chop_101("P9 collected 34 from pot\n        P2 collected 34 from pot\n"
                               "        P3 collected 33 from pot"))
    assert rows(out) == []
    # by seat number instead of from the button: seat 3 gets the chip seat 9 should have
    out = audit_text(_chop_101("P9 collected 33 from pot\n        P2 collected 34 from pot\n"
                               "        P3 collected 34 from pot"))
    assert [(f.rule, f.expected) for f in out.findings] == [("OC01", "expected P2 34; P3 33; P9 34")]


# =========================================================================== run it twice


def _rit_halves(collect: str) -> str:
    return stars(
        f"""
        Ann: posts small blind 50
        Ben: posts big blind 100
        *** HOLE CARDS ***
        Ann: raises 900 to 1000 and is all-in
        Ben: calls 900
        *** FIRST FLOP *** [2c 7d 9h]
        *** FIRST TURN *** [2c 7d 9h] [Js]
        *** FIRST RIVER *** [2c 7d 9h Js] [3c]
        *** SECOND FLOP *** [Kd 7c 2s]
        *** SECOND TURN *** [Kd 7c 2s] [4h]
        *** SECOND RIVER *** [Kd 7c 2s 4h] [9d]
        *** FIRST SHOW DOWN ***
        Ann: shows [Ah Ad] (a pair of Aces)
        Ben: shows [Kc Ks] (a pair of Kings)
        {collect}
        """,
        seats={4: ("Ann", 1000), 7: ("Ben", 3000)}, button=4,
        summary="Total pot 2000 | Rake 0\nHand was run twice\nFIRST Board [2c 7d 9h Js 3c]\n"
                "SECOND Board [Kd 7c 2s 4h 9d]",
    )


def test_run_it_twice_each_run_wins_half():
    good = "Ann collected 1000 from pot\n        *** SECOND SHOW DOWN ***\n        Ben collected 1000 from pot"
    out = audit_text(_rit_halves(good))
    assert rows(out) == []
    assert [(p.run, p.amount, p.expected_winners) for p in out.pots] == [(1, 1000, [4]), (2, 1000, [7])]
    bad = "Ann collected 1000 from pot\n        *** SECOND SHOW DOWN ***\n        Ann collected 1000 from pot"
    text = _rit_halves(bad)
    out = audit_text(text)
    assert [(f.rule, f.category, f.expected, f.actual) for f in out.findings] == [
        ("WN01", "winner", "expected Ann 1000; Ben 1000", "log paid Ann 2000")]


RIT_STARS = """\
PokerStars Hand #222410250:  Hold'em No Limit ($1/$2 USD) - 2024/03/01 22:00:00 ET
Table 'Twice' 6-max Seat #2 is the button
Seat 2: Pia ($112.05 in chips)
Seat 5: Quin ($300 in chips)
Pia: posts small blind $1
Quin: posts big blind $2
*** HOLE CARDS ***
Pia: raises $110.05 to $112.05 and is all-in
Quin: calls $110.05
*** FIRST FLOP *** [Qd 7c 2h]
*** FIRST TURN *** [Qd 7c 2h] [9s]
*** FIRST RIVER *** [Qd 7c 2h 9s] [4d]
*** SECOND FLOP *** [Jh 8c 3s]
*** SECOND TURN *** [Jh 8c 3s] [6d]
*** SECOND RIVER *** [Jh 8c 3s 6d] [5c]
*** FIRST SHOW DOWN ***
Pia: shows [As Kd] (high card Ace)
Quin: shows [Ac Kh] (high card Ace)
Pia collected $55.40 from pot
Quin collected $55.40 from pot
*** SECOND SHOW DOWN ***
Pia: shows [As Kd] (high card Ace)
Quin: shows [Ac Kh] (high card Ace)
Pia collected $55.40 from pot
Quin collected $55.40 from pot
*** SUMMARY ***
Total pot $224.10 | Rake $2.50
Hand was run twice
FIRST Board [Qd 7c 2h 9s 4d]
SECOND Board [Jh 8c 3s 6d 5c]
Seat 2: Pia (button) (small blind) showed [As Kd] and won ($55.40), and won ($55.40)
Seat 5: Quin (big blind) showed [Ac Kh] and won ($55.40), and won ($55.40)
"""


def test_pokerstars_run_it_twice_224_10_rake_2_50():
    """pokerkit#26: pot 224.10, rake 2.50, both boards chopped: 4 x 55.40 = 221.60."""
    out = audit_text(RIT_STARS)
    assert rows(out) == []
    assert sorted(p.amount for p in out.pots) == [11205, 11205]
    # one chop paid 55.50/55.40: 10 cents more than the pot holds
    out = audit_text(RIT_STARS.replace("Quin collected $55.40 from pot\n*** SECOND", "Quin collected $55.50 from pot\n*** SECOND"))
    assert [(f.rule, f.expected, f.actual) for f in out.findings] == [
        ("AC02", "221.60 paid out (224.10 pot - 2.50 rake and fees)", "221.70 paid out")]


# =========================================================================== six-way sample


def sample() -> str:
    return SAMPLE.read_text(encoding="utf-8")


def test_six_way_sample_pots_and_payouts():
    out = audit_text(sample())
    assert rows(out) == []
    by_eligibility = {tuple(p.eligible): p.amount for p in out.pots}
    assert by_eligibility == {(AVA, BEN, CAL, DEE, ELI): 300, (BEN, CAL, DEE, ELI): 1000, (CAL, DEE, ELI): 400,
                              (DEE, ELI): 450 + 600}
    assert sum(by_eligibility.values()) == 2750
    assert [p.expected_winners for p in out.pots] == [[AVA], [BEN], [DEE], [DEE]]
    paid: dict[int, int] = {}
    for p in out.pots:
        for seat, amount in zip(p.expected_winners, p.expected):
            paid[seat] = paid.get(seat, 0) + amount
    assert paid == {AVA: 300, BEN: 1000, DEE: 1450}


def _variant(old: str, new: str):
    text = sample()
    assert old in text
    text = text.replace(old, new)
    return text, audit_text(text)


def test_six_way_main_pot_paid_to_d_is_a_winner_error():
    text, out = _variant("Ava collected 300 from main pot", "Dee collected 300 from main pot")
    assert [(f.rule, f.category, f.line, f.expected, f.actual) for f in out.findings] == [
        ("WN01", "winner", line_of(text, "Dee collected 300"), "expected Ava 300; Ben 1000; Dee 1450",
         "log paid Ben 1000; Dee 1750")]


def test_six_way_f_given_a_share_is_a_side_pot_error():
    text, out = _variant("Ben collected 1000 from side pot-1",
                         "Ben collected 800 from side pot-1\nFay collected 200 from side pot-1")
    assert [(f.rule, f.category, f.line, f.seat) for f in out.findings] == [
        ("SP01", "side_pot", line_of(text, "Fay collected"), FAY)]
    assert out.findings[0].expected == "expected Ava 300; Ben 1000; Dee 1450"


def test_six_way_side_pot_paid_to_the_main_pot_winner_is_a_side_pot_error():
    """A has the best shown hand but is all-in for 50: she cannot win side pot 1."""
    text, out = _variant("Ben collected 1000 from side pot-1", "Ava collected 1000 from side pot-1")
    assert [(f.rule, f.category, f.line, f.seat) for f in out.findings] == [
        ("SP01", "side_pot", line_of(text, "Ava collected 1000"), AVA)]
    assert out.findings[0].actual == "log paid Ava 1300; Dee 1450"


def test_six_way_side_pot_split_wrongly_between_eligible_seats():
    text, out = _variant("Ben collected 1000 from side pot-1",
                         "Ben collected 500 from side pot-1\nDee collected 500 from side pot-1")
    assert [(f.rule, f.category, f.expected, f.actual) for f in out.findings] == [
        ("SP01", "side_pot", "expected Ava 300; Ben 1000; Dee 1450", "log paid Ava 300; Ben 500; Dee 1950")]
    assert out.findings[0].line in (line_of(text, "Ben collected"), line_of(text, "Dee collected 500"))


def test_six_way_overpaid_and_wrong_total_are_accounting_errors():
    text, out = _variant("Dee collected 600 from side pot-4", "Dee collected 700 from side pot-4")
    assert [(f.rule, f.category, f.expected, f.actual) for f in out.findings] == [
        ("AC02", "accounting", "2750 paid out (2750 pot - 0 rake and fees)", "2850 paid out")]
    text, out = _variant("Total pot 2750 Main", "Total pot 2800 Main")
    assert [(f.rule, f.line, f.expected, f.actual) for f in out.findings] == [
        ("AC01", line_of(text, "Total pot"), "total pot 2750", "total pot 2800")]


def test_accounting_messages_say_more_or_less_never_a_signed_amount():
    # Before: "... is off by 50 from the 2750 put in" and, paid short, "differ from the 250
    # pot by -10": a minus sign to read the direction from.
    _, out = _variant("Total pot 2750 Main", "Total pot 2800 Main")
    assert out.findings[0].message == "the stated total pot 2800 is 50 more than the 2750 put in"
    _, out = _variant("Dee collected 600 from side pot-4", "Dee collected 700 from side pot-4")
    assert out.findings[0].message == "2850 paid + 0 rake and fees is 100 more than the 2750 pot"
    _, out = _uncontested("Cal collected 240 from pot")
    assert out.findings[0].message == "240 paid + 0 rake and fees is 10 less than the 250 pot"


# =========================================================================== uncontested pots

SEATS3 = {2: ("Ava", 1000), 5: ("Ben", 1000), 7: ("Cal", 1000)}
UNCONTESTED = """\
Ava: posts small blind 50
Ben: posts big blind 100
*** HOLE CARDS ***
Cal: raises 200 to 300
Ava: folds
Ben: folds
Uncalled bet (200) returned to Cal
{collect}
"""


def _uncontested(collect: str, rake: int = 0):
    text = stars(UNCONTESTED.format(collect=collect), seats=SEATS3, button=7,
                 summary=f"Total pot 250 | Rake {rake}")
    return text, audit_text(text)


def test_uncontested_pot_paid_in_full_to_the_only_seat_left():
    """Cal's raise is not called: the pot is the blinds and Cal's called 100 (50 + 100 + 100)."""
    _, out = _uncontested("Cal collected 250 from pot")
    assert rows(out) == []
    assert [(p.amount, p.eligible, p.expected_winners, p.expected, p.winners, p.paid, p.ok) for p in out.pots] == [
        (250, [7], [7], [250], [7], [250], True)]


def test_uncontested_pot_less_the_rake_is_clean():
    _, out = _uncontested("Cal collected 240 from pot", rake=10)
    assert rows(out) == []
    assert [(p.amount, p.paid, p.ok) for p in out.pots] == [(250, [240], True)]


def test_uncontested_pot_paid_short_with_no_rake():
    text, out = _uncontested("Cal collected 240 from pot")
    assert [(f.rule, f.category, f.expected, f.actual) for f in out.findings] == [
        ("AC02", "accounting", "250 paid out (250 pot - 0 rake and fees)", "240 paid out")]
    # judged (the cards allow it: one seat left) and not paid as the rules say
    assert [(p.paid, p.ok) for p in out.pots] == [([240], False)]


def test_uncontested_pot_paid_to_a_folded_seat_is_a_side_pot_error():
    """Ben folded: he is eligible for no pot, so paying him is wrong whatever the cards."""
    text, out = _uncontested("Ben collected 250 from pot")
    assert [(f.rule, f.category, f.line, f.seat, f.expected, f.actual) for f in out.findings] == [
        ("SP01", "side_pot", line_of(text, "Ben collected"), 5, "expected Cal 250", "log paid Ben 250")]
