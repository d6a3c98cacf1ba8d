"""The worked examples of rules.md sections 1-6, with the rulebook's own numbers.

Each example is a PokerStars-format hand (tests/builders.py). For the action the example is
about, the test asks the replay state what it allows (to_act, call_amount, min_raise_to,
max_raise_to, can_raise) and checks the finding (rule code and `expected` text) on a legal
and an illegal version of the action. Seats are asymmetric: the button is rarely on seat 1
and there are empty seats.
"""

from __future__ import annotations

from builders import line_of, probe, stars

# --------------------------------------------------------------------------- helpers


def one(p, code: str, line: int):
    """The only finding of the hand: `code` at `line`."""
    assert p.codes() == [(code, line)], p.findings
    return p.findings[0]


def clean(p) -> None:
    assert p.findings == [], [(f.rule, f.line, f.expected, f.actual) for f in p.findings]


# =========================================================================== §1 order


SIX_MAX = {1: ("P1", 5000), 2: ("P2", 5000), 3: ("P3", 5000), 4: ("P4", 5000), 5: ("P5", 5000), 6: ("P6", 5000)}


def test_6max_order_button_on_seat_1():
    """§1a: button 1, SB 2, BB 3. Pre-flop 4,5,6,1,2,3; flop 2,3,4,5,6,1."""
    text = stars(
        """
        P2: posts small blind 50
        P3: posts big blind 100
        *** HOLE CARDS ***
        P4: calls 100
        P5: calls 100
        P6: calls 100
        P1: calls 100
        P2: calls 50
        P3: checks
        *** FLOP *** [2c 7d Ks]
        P2: checks
        P3: checks
        P4: checks
        P5: checks
        P6: checks
        P1: checks
        """,
        seats=SIX_MAX, button=1, max_seats=6,
    )
    pre = [line_of(text, f"P{n}: c") for n in (4, 5, 6, 1, 2, 3)]
    flop = [line_of(text, f"P{n}: checks", 2 if n == 3 else 1) for n in (2, 3, 4, 5, 6, 1)]
    p = probe(text, *pre, *flop)
    assert [p.at(x).to_act for x in pre] == [4, 5, 6, 1, 2, 3]
    assert [p.at(x).to_act for x in flop] == [2, 3, 4, 5, 6, 1]
    clean(p)


ASYM = {2: ("Bo", 5000), 3: ("Cy", 5000), 5: ("Di", 400), 7: ("Ed", 5000), 8: ("Fa", 5000), 9: ("Gu", 5000)}


def test_order_with_empty_seats_and_button_on_8():
    """§1a on a 9-max table with seats 1, 4, 6 empty: button 8, SB 9, BB 2. Pre-flop
    3,5,7,8,9,2; the flop skips the folded seat 9 and the all-in seat 5: 2,3,7,8."""
    text = stars(
        """
        Gu: posts small blind 50
        Bo: posts big blind 100
        *** HOLE CARDS ***
        Cy: calls 100
        Di: raises 300 to 400 and is all-in
        Ed: calls 400
        Fa: calls 400
        Gu: folds
        Bo: calls 300
        Cy: calls 300
        *** FLOP *** [2c 7d Ks]
        Bo: checks
        Cy: checks
        Ed: checks
        Fa: checks
        """,
        seats=ASYM, button=8,
    )
    pre = [line_of(text, "Cy: calls 100"), line_of(text, "Di:"), line_of(text, "Ed:"), line_of(text, "Fa:"),
           line_of(text, "Gu: folds"), line_of(text, "Bo: calls"), line_of(text, "Cy: calls 300")]
    flop = [line_of(text, f"{n}: checks") for n in ("Bo", "Cy", "Ed", "Fa")]
    p = probe(text, *pre, *flop)
    assert [p.at(x).to_act for x in pre] == [3, 5, 7, 8, 9, 2, 3]
    assert [p.at(x).to_act for x in flop] == [2, 3, 7, 8]
    clean(p)


def test_out_of_turn_is_reported_with_the_seat_that_should_act():
    """§1d: while the action is on seat 5, seat 7 acts: AO01 names seat 5."""
    text = stars(
        """
        Gu: posts small blind 50
        Bo: posts big blind 100
        *** HOLE CARDS ***
        Cy: folds
        Ed: raises 200 to 300
        """,
        seats=ASYM, button=8,
    )
    line = line_of(text, "Ed: raises")
    # live profile: online logs would read the skipped seat as not dealt in
    p = probe(text, line, profile="tda-2024")
    assert p.at(line).to_act == 5
    f = one(p, "AO01", line)
    assert f.expected == "Di (seat 5) to act"
    assert f.category == "action_order"


HU = {4: ("Ann", 5000), 7: ("Ben", 5000)}


def test_heads_up_button_posts_small_blind_acts_first_preflop_last_after():
    """§1b (TDA 34-B): 50/100, A on the button posts 50, B posts 100; A acts first
    pre-flop, B first on the flop."""
    text = stars(
        """
        Ann: posts small blind 50
        Ben: posts big blind 100
        *** HOLE CARDS ***
        Ann: calls 50
        Ben: checks
        *** FLOP *** [2c 7d Ks]
        Ben: checks
        Ann: checks
        """,
        seats=HU, button=4,
    )
    lines = [line_of(text, "Ann: calls"), line_of(text, "Ben: checks"),
             line_of(text, "Ben: checks", 2), line_of(text, "Ann: checks")]
    p = probe(text, *lines)
    assert [p.at(x).to_act for x in lines] == [4, 7, 7, 4]
    assert p.at(lines[0]).call_amount == 50
    clean(p)


def test_heads_up_button_acting_first_on_the_flop_is_out_of_turn():
    text = stars(
        """
        Ann: posts small blind 50
        Ben: posts big blind 100
        *** HOLE CARDS ***
        Ann: calls 50
        Ben: checks
        *** FLOP *** [2c 7d Ks]
        Ann: checks
        Ben: checks
        """,
        seats=HU, button=4,
    )
    line = line_of(text, "Ann: checks")
    f = one(probe(text, line), "AO01", line)
    assert f.expected == "Ben (seat 7) to act"


DEAD_BUTTON = {3: ("C3", 5000), 4: ("C4", 5000), 5: ("C5", 5000), 6: ("C6", 5000)}


def test_dead_small_blind_pkcore():
    """§1c (pkcore): seats 1 and 2 gone, the button on empty seat 1, the SB is dead,
    seat 3 posts the BB 200 alone; seat 4 acts first and the pot is 200, not 300."""
    text = stars(
        """
        C3: posts big blind 200
        *** HOLE CARDS ***
        C4: folds
        C5: folds
        C6: folds
        """,
        seats=DEAD_BUTTON, button=1, blinds=(100, 200), max_seats=6,
    )
    line = line_of(text, "C4: folds")
    p = probe(text, line)
    assert p.at(line).to_act == 4
    assert p.at(line).pot == 200
    assert p.at(line).call_amount == 200
    assert p.at(line).min_raise_to == 400


# =========================================================================== §2 sizes

FOUR = {3: ("A", 10000), 5: ("B", 10000), 6: ("C", 10000), 9: ("D", 10000)}


def _addendum_43_ex1(last: str) -> str:
    return stars(
        f"""
        D: posts small blind 100
        A: posts big blind 200
        *** HOLE CARDS ***
        B: calls 200
        C: calls 200
        D: calls 100
        A: checks
        *** FLOP *** [2c 7d Ks]
        D: checks
        A: bets 600
        B: raises 1000 to 1600
        C: raises 2000 to 3600
        {last}
        """,
        seats=FOUR, button=6, blinds=(100, 200),
    )


def test_43_ex1_min_raise_5600_not_7200():
    """Addendum 43 Ex 1: A bets 600, B to 1600 (+1000), C to 3600 (+2000): min 5600."""
    text = _addendum_43_ex1("D: raises 2000 to 5600")
    line = line_of(text, "D: raises")
    p = probe(text, line)
    assert p.at(line).to_act == 9
    assert p.at(line).min_raise_to == 5600
    assert p.at(line).call_amount == 3600
    clean(p)
    text = _addendum_43_ex1("D: raises 1400 to 5000")
    f = one(probe(text, line), "MR01", line)
    assert (f.expected, f.actual, f.category) == ("minimum raise is to 5600", "raised to 5000", "min_raise")


def _addendum_43_ex2(last: str) -> str:
    return stars(
        f"""
        Gx: posts small blind 50
        Yo: posts big blind 100
        *** HOLE CARDS ***
        Ux: raises 50 to 150 and is all-in
        {last}
        """,
        seats={1: ("Yo", 5000), 2: ("Ux", 150), 5: ("Vi", 5000), 7: ("Wu", 5000), 9: ("Gx", 5000)},
        button=7,
    )


def test_43_ex2_short_all_in_keeps_the_bb_increment_250():
    text = _addendum_43_ex2("Vi: raises 100 to 250")
    line = line_of(text, "Vi:")
    p = probe(text, line)
    assert (p.at(line).to_act, p.at(line).min_raise_to, p.at(line).call_amount) == (5, 250, 150)
    clean(p)
    f = one(probe(_addendum_43_ex2("Vi: raises 50 to 200"), line), "MR01", line)
    assert (f.expected, f.actual) == ("minimum raise is to 250", "raised to 200")


def _addendum_43_ex3(last: str) -> str:
    return stars(
        f"""
        A: posts small blind 100
        B: posts big blind 200
        *** HOLE CARDS ***
        C: calls 200
        A: calls 100
        B: checks
        *** FLOP *** [2c 7d Ks]
        A: checks
        B: checks
        C: checks
        *** TURN *** [2c 7d Ks] [9h]
        A: bets 300
        B: raises 700 to 1000
        {last}
        """,
        seats={4: ("A", 10000), 6: ("B", 10000), 8: ("C", 10000)}, button=8, blinds=(100, 200),
    )


def test_43_ex3_two_500s_over_300_min_1700():
    text = _addendum_43_ex3("C: raises 700 to 1700")
    line = line_of(text, "C: raises")
    p = probe(text, line)
    assert (p.at(line).min_raise_to, p.at(line).call_amount) == (1700, 1000)
    clean(p)
    f = one(probe(_addendum_43_ex3("C: raises 500 to 1500"), line), "MR01", line)
    assert (f.expected, f.actual) == ("minimum raise is to 1700", "raised to 1500")


SIX_25 = {2: ("Cc", 10000), 3: ("Dd", 10000), 5: ("Ss", 10000), 6: ("Bb", 10000), 8: ("Aa", 10000),
          9: ("Be", 10000)}


def _addendum_43_ex4(moves: str, last: str) -> str:
    return stars(
        f"""
        Ss: posts small blind 25
        Bb: posts big blind 50
        *** HOLE CARDS ***
        {moves}
        {last}
        """,
        seats=SIX_25, button=3, blinds=(25, 50),
    )


EX4A = "Aa: raises 75 to 125\n        Be: raises 75 to 200\n        Cc: raises 300 to 500"
EX4B = "Aa: raises 450 to 500\n        Be: calls 500\n        Cc: calls 500"


def test_43_ex4a_min_800():
    text = _addendum_43_ex4(EX4A, "Dd: raises 300 to 800")
    line = line_of(text, "Dd:")
    p = probe(text, line)
    assert (p.at(line).to_act, p.at(line).min_raise_to) == (3, 800)
    clean(p)
    f = one(probe(_addendum_43_ex4(EX4A, "Dd: raises 200 to 700"), line), "MR01", line)
    assert (f.expected, f.actual) == ("minimum raise is to 800", "raised to 700")


def test_43_ex4b_min_950():
    text = _addendum_43_ex4(EX4B, "Dd: raises 450 to 950")
    line = line_of(text, "Dd:")
    p = probe(text, line)
    assert p.at(line).min_raise_to == 950
    clean(p)
    f = one(probe(_addendum_43_ex4(EX4B, "Dd: raises 400 to 900"), line), "MR01", line)
    assert (f.expected, f.actual) == ("minimum raise is to 950", "raised to 900")


def test_52a_underraise_1000_over_600_should_be_1200():
    text = stars(
        """
        A: posts small blind 100
        B: posts big blind 200
        *** HOLE CARDS ***
        C: calls 200
        A: calls 100
        B: checks
        *** FLOP *** [2c 7d Ks]
        A: bets 600
        B: raises 400 to 1000
        C: calls 1000
        """,
        seats={4: ("A", 10000), 6: ("B", 10000), 8: ("C", 10000)}, button=8, blinds=(100, 200),
    )
    line = line_of(text, "B: raises")
    p = probe(text, line)
    assert p.at(line).min_raise_to == 1200
    f = one(p, "MR01", line)
    assert (f.expected, f.actual) == ("minimum raise is to 1200", "raised to 1000")


def _flop_hand(flop_lines: str, stacks=(10000, 10000, 10000)) -> str:
    """100-200, three players see a flop for 200 each; flop order A (4), B (6), C (8)."""
    return stars(
        f"""
        A: posts small blind 100
        B: posts big blind 200
        *** HOLE CARDS ***
        C: calls 200
        A: calls 100
        B: checks
        *** FLOP *** [2c 7d Ks]
        {flop_lines}
        """,
        seats={4: ("A", stacks[0]), 6: ("B", stacks[1]), 8: ("C", stacks[2])}, button=8, blinds=(100, 200),
    )


def test_minimum_bet_is_the_big_blind():
    """§2a: NL 100-200, a flop bet of 150 with chips behind; the minimum is 200."""
    text = _flop_hand("A: bets 150")
    line = line_of(text, "A: bets")
    p = probe(text, line)
    assert p.at(line).min_raise_to == 200
    f = one(p, "BS02", line)
    assert (f.expected, f.actual, f.category) == ("a bet of at least 200", "bet 150", "bet_size")


def test_short_opening_all_in_roberts_raise_to_120():
    """§2c (Robert's): BB 100, flop all-in for 20: a raise must reach 120."""
    def text(last: str) -> str:
        return stars(
            f"""
            A: posts small blind 50
            B: posts big blind 100
            *** HOLE CARDS ***
            C: calls 100
            A: calls 50
            B: checks
            *** FLOP *** [2c 7d Ks]
            A: bets 20 and is all-in
            {last}
            """,
            seats={4: ("A", 120), 6: ("B", 5000), 8: ("C", 5000)}, button=8, blinds=(50, 100),
        )
    ok = text("B: raises 100 to 120")
    line = line_of(ok, "B: raises")
    p = probe(ok, line)
    assert (p.at(line).min_raise_to, p.at(line).call_amount) == (120, 20)
    clean(p)
    f = one(probe(text("B: raises 90 to 110"), line), "MR01", line)
    assert (f.expected, f.actual) == ("minimum raise is to 120", "raised to 110")


def _short_bb(first: str) -> str:
    return stars(
        f"""
        Sb: posts small blind 100
        Bb: posts big blind 120 and is all-in
        *** HOLE CARDS ***
        {first}
        """,
        seats={2: ("Bb", 120), 4: ("Ut", 5000), 6: ("Co", 5000), 9: ("Sb", 5000)}, button=6, blinds=(100, 200),
    )


def test_short_big_blind_does_not_lower_the_stakes():
    """§2c: 100-200, the BB all-in for 120. UTG must call 200; min raise to 400."""
    text = _short_bb("Ut: calls 200")
    line = line_of(text, "Ut:")
    p = probe(text, line)
    assert (p.at(line).to_act, p.at(line).call_amount, p.at(line).min_raise_to) == (4, 200, 400)
    clean(p)
    f = one(probe(_short_bb("Ut: calls 120"), line), "BS01", line)
    assert (f.expected, f.actual) == ("call 200", "called 120")
    f = one(probe(_short_bb("Ut: raises 100 to 300"), line), "MR01", line)
    assert f.expected == "minimum raise is to 400"


def test_a_wrong_call_says_why_the_amount_was_owed():
    """§2c's table, UTG with 150 behind facing 200: the call owed is 150, all in. The message
    gives the bet, what is in, and the stack that makes the call all in (before: "called 120
    where 150 was owed (the bet is 200, 0 already in)", 150 unexplained)."""
    text = stars(
        """
        Sb: posts small blind 100
        Bb: posts big blind 200
        *** HOLE CARDS ***
        Ut: calls 120
        """,
        seats={2: ("Bb", 5000), 4: ("Ut", 150), 6: ("Co", 5000), 9: ("Sb", 5000)}, button=6, blinds=(100, 200),
    )
    line = line_of(text, "Ut:")
    f = one(probe(text, line), "BS01", line)
    assert (f.expected, f.actual) == ("call 150", "called 120")
    assert f.message == ("Ut (seat 4) called 120 where 150 was owed "
                         "(the bet is 200, 0 already in, 150 behind: a call all in)")
    # with chips enough, no stack is named
    f = one(probe(_short_bb("Ut: calls 120"), line), "BS01", line)
    assert f.message == "Ut (seat 4) called 120 where 200 was owed (the bet is 200, 0 already in)"


def test_big_blind_option_after_limps():
    """§2d: 1/2, everyone limps; the BB may check or raise to at least 4."""
    def text(last: str) -> str:
        return stars(
            f"""
            Sb: posts small blind 1
            Bb: posts big blind 2
            *** HOLE CARDS ***
            Ut: calls 2
            Co: calls 2
            Sb: calls 1
            {last}
            """,
            seats={2: ("Bb", 500), 4: ("Ut", 500), 6: ("Co", 500), 9: ("Sb", 500)}, button=6, blinds=(1, 2),
        )
    ok = text("Bb: checks")
    line = line_of(ok, "Bb: checks")
    a = probe(ok, line).at(line)
    assert (a.to_act, a.call_amount, a.can_raise, a.min_raise_to) == (2, 0, True, 4)
    clean(probe(text("Bb: raises 2 to 4"), line))
    f = one(probe(text("Bb: raises 1 to 3"), line), "MR01", line)
    assert f.expected == "minimum raise is to 4"


def test_big_blind_option_survives_a_short_all_in():
    """§2d (pkcore): UTG shoves 150 over 100, SB calls; the BB can still raise (to 250)."""
    text = stars(
        """
        Sb: posts small blind 50
        Bb: posts big blind 100
        *** HOLE CARDS ***
        Ut: raises 50 to 150 and is all-in
        Co: folds
        Sb: calls 100
        Bb: raises 100 to 250
        """,
        seats={2: ("Bb", 5000), 4: ("Ut", 150), 6: ("Co", 5000), 9: ("Sb", 5000)}, button=6,
    )
    line = line_of(text, "Bb: raises")
    a = probe(text, line).at(line)
    assert (a.to_act, a.can_raise, a.min_raise_to, a.call_amount) == (2, True, 250, 50)
    clean(probe(text, line))


def _straddle(moves: str) -> str:
    return stars(
        f"""
        Sb: posts small blind 1
        Bb: posts big blind 2
        St: posts straddle 4
        *** HOLE CARDS ***
        {moves}
        """,
        seats={2: ("Sb", 500), 4: ("Bb", 500), 5: ("St", 500), 7: ("Ut", 500), 9: ("Bu", 500)},
        button=9, blinds=(1, 2),
    )


def test_straddle_call_4_or_raise_to_8():
    """§9b: 1/2 with a 4 straddle: action starts left of the straddler, who acts last
    with the option; call 4 or raise to at least 8."""
    text = _straddle("Ut: calls 4\n        Bu: calls 4\n        Sb: calls 3\n        Bb: calls 2\n"
                     "        St: raises 4 to 8")
    lines = [line_of(text, n) for n in ("Ut:", "Bu:", "Sb: calls", "Bb: calls", "St: raises")]
    p = probe(text, *lines)
    assert [p.at(x).to_act for x in lines] == [7, 9, 2, 4, 5]
    assert (p.at(lines[0]).call_amount, p.at(lines[0]).min_raise_to) == (4, 8)
    assert (p.at(lines[-1]).can_raise, p.at(lines[-1]).call_amount, p.at(lines[-1]).min_raise_to) == (True, 0, 8)
    clean(p)
    text = _straddle("Ut: raises 2 to 6")
    line = line_of(text, "Ut:")
    f = one(probe(text, line), "MR01", line)
    assert (f.expected, f.actual) == ("minimum raise is to 8", "raised to 6")
    clean(probe(_straddle("Ut: raises 4 to 8"), line))


# =========================================================================== §3 reopening

EX1_SEATS = {1: ("A", 5000), 3: ("B", 225), 4: ("C", 5000), 6: ("D", 300), 7: ("E", 5000)}


def _ex47_1(tail: str) -> str:
    return stars(
        f"""
        A: posts small blind 50
        B: posts big blind 100
        *** HOLE CARDS ***
        C: calls 100
        D: calls 100
        E: calls 100
        A: calls 50
        B: checks
        *** FLOP *** [2c 7d Ks]
        A: bets 100
        B: raises 25 to 125 and is all-in
        C: calls 125
        D: raises 75 to 200 and is all-in
        E: calls 200
        {tail}
        """,
        seats=EX1_SEATS, button=7,
    )


def test_47_ex1_two_short_all_ins_reopen_a_min_300():
    text = _ex47_1("A: raises 200 to 300")
    line = line_of(text, "A: raises")
    a = probe(text, line).at(line)
    assert (a.to_act, a.can_raise, a.call_amount, a.min_raise_to) == (1, True, 100, 300)
    f = one(probe(_ex47_1("A: raises 50 to 250"), line), "MR01", line)
    assert f.expected == "minimum raise is to 300"


def test_47_ex1a_a_calls_c_may_only_call():
    text = _ex47_1("A: calls 100\n        C: calls 75")
    line = line_of(text, "C: calls 75")
    p = probe(text, line)
    assert (p.at(line).can_raise, p.at(line).call_amount) == (False, 75)
    clean(p)
    f = one(probe(_ex47_1("A: calls 100\n        C: raises 100 to 300"), line), "RO01", line)
    assert f.expected == "call 75 or fold (betting not reopened: faced +75 since acting)"
    assert (f.actual, f.category) == ("raised to 300", "reopen")


def test_47_ex1b_a_min_raises_c_reopened():
    text = _ex47_1("A: raises 100 to 300\n        C: raises 100 to 400")
    line = line_of(text, "C: raises")
    p = probe(text, line)
    assert (p.at(line).can_raise, p.at(line).call_amount, p.at(line).min_raise_to) == (True, 175, 400)
    clean(p)


def _ex47_2(last: str) -> str:
    return stars(
        f"""
        A: posts small blind 50
        B: posts big blind 100
        *** HOLE CARDS ***
        C: calls 100
        D: calls 100
        E: calls 100
        F: calls 100
        A: calls 50
        B: checks
        *** FLOP *** [2c 7d Ks]
        A: bets 300
        B: raises 200 to 500 and is all-in
        C: raises 150 to 650 and is all-in
        D: raises 150 to 800 and is all-in
        E: calls 800
        {last}
        """,
        seats={2: ("A", 5000), 3: ("B", 600), 5: ("C", 750), 6: ("D", 900), 8: ("E", 5000), 9: ("F", 5000)},
        button=9,
    )


def test_47_ex2_f_calls_800_or_raises_to_1100():
    text = _ex47_2("F: raises 300 to 1100")
    line = line_of(text, "F: raises")
    p = probe(text, line)
    assert (p.at(line).to_act, p.at(line).call_amount, p.at(line).min_raise_to, p.at(line).can_raise) == (
        9, 800, 1100, True)
    clean(p)
    f = one(probe(_ex47_2("F: raises 200 to 1000"), line), "MR01", line)
    assert (f.expected, f.actual) == ("minimum raise is to 1100", "raised to 1000")


def _ex47_3(tail: str) -> str:
    return stars(
        f"""
        Sb: posts small blind 2000
        Bb: posts big blind 4000
        *** HOLE CARDS ***
        A: calls 4000
        B: folds
        C: raises 3500 to 7500 and is all-in
        Sb: folds
        {tail}
        """,
        seats={2: ("A", 100000), 4: ("B", 100000), 6: ("C", 7500), 7: ("Sb", 100000), 9: ("Bb", 100000)},
        button=6, blinds=(2000, 4000),
    )


def test_47_ex3a_bb_may_raise_to_11500_a_may_not_after_bb_calls():
    text = _ex47_3("Bb: calls 3500\n        A: calls 3500")
    bb, a = line_of(text, "Bb: calls"), line_of(text, "A: calls", 2)
    p = probe(text, bb, a)
    assert (p.at(bb).to_act, p.at(bb).can_raise, p.at(bb).min_raise_to) == (9, True, 11500)
    assert (p.at(a).to_act, p.at(a).can_raise, p.at(a).call_amount) == (2, False, 3500)
    clean(p)
    f = one(probe(_ex47_3("Bb: calls 3500\n        A: raises 8000 to 15500"), a), "RO01", a)
    assert f.expected == "call 3500 or fold (betting not reopened: faced +3500 since acting)"


def test_47_ex3b_bb_min_raises_to_11500_a_reopened():
    text = _ex47_3("Bb: raises 4000 to 11500\n        A: raises 4000 to 15500")
    a = line_of(text, "A: raises")
    p = probe(text, a)
    assert (p.at(a).can_raise, p.at(a).call_amount, p.at(a).min_raise_to) == (True, 7500, 15500)
    clean(p)
    bb = line_of(text, "Bb: raises")
    f = one(probe(_ex47_3("Bb: raises 3000 to 10500"), bb), "MR01", bb)
    assert f.expected == "minimum raise is to 11500"


def _pkcore(tail: str) -> str:
    return stars(
        f"""
        Sb: posts small blind 50
        Bb: posts big blind 100
        *** HOLE CARDS ***
        A: raises 200 to 300
        B: raises 100 to 400 and is all-in
        {tail}
        """,
        seats={1: ("Bb", 5000), 3: ("A", 5000), 5: ("B", 400), 6: ("C", 500), 8: ("Sb", 5000)}, button=6,
    )


def test_47_pkcore_two_short_all_ins_make_a_full_raise_min_700():
    text = _pkcore("C: raises 100 to 500 and is all-in\n        Sb: folds\n        Bb: folds\n"
                   "        A: raises 200 to 700")
    a = line_of(text, "A: raises", 2)
    p = probe(text, a)
    assert (p.at(a).to_act, p.at(a).can_raise, p.at(a).call_amount, p.at(a).min_raise_to) == (3, True, 200, 700)
    clean(p)
    bad = _pkcore("C: raises 100 to 500 and is all-in\n        Sb: folds\n        Bb: folds\n"
                  "        A: raises 100 to 600")
    f = one(probe(bad, a), "MR01", a)
    assert (f.expected, f.actual) == ("minimum raise is to 700", "raised to 600")


def test_47_pkcore_call_variant_a_may_only_call():
    text = _pkcore("C: calls 400\n        Sb: folds\n        Bb: folds\n        A: calls 100")
    a = line_of(text, "A: calls")
    p = probe(text, a)
    assert (p.at(a).can_raise, p.at(a).call_amount) == (False, 100)
    clean(p)
    bad = _pkcore("C: calls 400\n        Sb: folds\n        Bb: folds\n        A: raises 200 to 600")
    f = one(probe(bad, a), "RO01", a)
    assert f.expected == "call 100 or fold (betting not reopened: faced +100 since acting)"


# --------------------------------------------------------------------------- limit 47-B


def _limit_turn(b_stack: int, tail: str) -> str:
    """$10/$20 fixed limit; the turn is bet by A (seat 2), B (4) all-in, C (7, button)."""
    return stars(
        f"""
        A: posts small blind 5
        B: posts big blind 10
        *** HOLE CARDS ***
        C: calls 10
        A: calls 5
        B: checks
        *** FLOP *** [2c 7d Ks]
        A: checks
        B: checks
        C: checks
        *** TURN *** [2c 7d Ks] [9h]
        A: bets 20
        {tail}
        """,
        seats={2: ("A", 500), 4: ("B", b_stack), 7: ("C", 500)}, button=7, blinds=(10, 20), limit="Limit",
    )


def test_47b_half_bet_all_in_reopens():
    """B all-in 30 (+10 = 50%): C may call 30 or raise to 50; A may re-raise to 50."""
    text = _limit_turn(40, "B: raises 10 to 30 and is all-in\n        C: raises 20 to 50")
    c = line_of(text, "C: raises")
    p = probe(text, c)
    assert (p.at(c).call_amount, p.at(c).min_raise_to, p.at(c).can_raise) == (30, 50, True)
    clean(p)
    text = _limit_turn(40, "B: raises 10 to 30 and is all-in\n        C: calls 30\n        A: raises 20 to 50")
    a = line_of(text, "A: raises")
    p = probe(text, a)
    assert (p.at(a).can_raise, p.at(a).call_amount, p.at(a).min_raise_to) == (True, 10, 50)
    clean(p)


def test_47b_below_half_all_in_does_not_reopen():
    """B all-in 28 (+8 < 50%): C may call 28 or complete to 40; A may only call or fold.
    After C completes to 40, A faces +20 and is reopened."""
    text = _limit_turn(38, "B: raises 8 to 28 and is all-in\n        C: calls 28\n        A: calls 8")
    c, a = line_of(text, "C: calls 28"), line_of(text, "A: calls 8")
    p = probe(text, c, a)
    assert (p.at(c).call_amount, p.at(c).min_raise_to, p.at(c).can_raise) == (28, 40, True)
    assert (p.at(a).can_raise, p.at(a).call_amount) == (False, 8)
    clean(p)
    bad = _limit_turn(38, "B: raises 8 to 28 and is all-in\n        C: calls 28\n        A: raises 12 to 40")
    f = one(probe(bad, a), "RO01", a)
    assert f.expected == "call 8 or fold (betting not reopened: faced +8 since acting)"
    # completing to 40 is the only raise C may make
    bad = _limit_turn(38, "B: raises 8 to 28 and is all-in\n        C: raises 20 to 48")
    f = one(probe(bad, c), "FL01", c)
    assert (f.expected, f.actual, f.category) == ("a raise to 40", "raise to 48", "fixed_limit")
    text = _limit_turn(38, "B: raises 8 to 28 and is all-in\n        C: raises 12 to 40\n"
                           "        A: raises 20 to 60")
    a = line_of(text, "A: raises")
    p = probe(text, a)
    assert (p.at(a).can_raise, p.at(a).call_amount, p.at(a).min_raise_to) == (True, 20, 60)
    clean(p)


# =========================================================================== §5 pot limit

PL6 = {1: ("Bu", 1000), 3: ("Sb", 1000), 4: ("Bb", 1000), 6: ("Ut", 1000), 8: ("Co", 1000)}


def _pl12(tail: str) -> str:
    return stars(
        f"""
        Sb: posts small blind 1
        Bb: posts big blind 2
        *** HOLE CARDS ***
        {tail}
        """,
        seats=PL6, button=1, blinds=(1, 2), limit="Pot Limit",
    )


def test_pl_table_7_24_81():
    """§5 $1/$2 PLHE: UTG may open to 7; the next player re-pots to 24; the SB to 81."""
    text = _pl12("Ut: raises 5 to 7\n        Co: raises 17 to 24\n        Bu: folds\n        Sb: raises 57 to 81")
    ut, co, sb = line_of(text, "Ut:"), line_of(text, "Co:"), line_of(text, "Sb: raises")
    p = probe(text, ut, co, sb)
    assert (p.at(ut).max_raise_to, p.at(co).max_raise_to, p.at(sb).max_raise_to) == (7, 24, 81)
    assert (p.at(sb).call_amount, p.at(sb).pot) == (23, 34)
    clean(p)
    for bad, line, most, said in (
        ("Ut: raises 6 to 8", ut, 7, 8),
        ("Ut: raises 5 to 7\n        Co: raises 18 to 25", co, 24, 25),
        ("Ut: raises 5 to 7\n        Co: raises 17 to 24\n        Bu: folds\n        Sb: raises 58 to 82", sb, 81, 82),
    ):
        f = one(probe(_pl12(bad), line), "PL01", line)
        assert (f.expected, f.actual, f.category) == (f"a raise to at most {most}", f"raise to {said}", "pot_limit")


def _pl_flop(pre: str, flop: str) -> str:
    return stars(
        f"""
        Sb: posts small blind 5
        Bb: posts big blind 10
        *** HOLE CARDS ***
        {pre}
        *** FLOP *** [2c 7d Ks]
        {flop}
        """,
        seats=PL6, button=1, blinds=(5, 10), limit="Pot Limit",
    )


LIMP5 = "Ut: calls 10\n        Co: calls 10\n        Bu: calls 10\n        Sb: calls 5\n        Bb: checks"
RAISE5 = "Ut: raises 10 to 20\n        Co: calls 20\n        Bu: calls 20\n        Sb: calls 15\n        Bb: calls 10"


def test_pl_flop_pot_50_bet_up_to_50():
    text = _pl_flop(LIMP5, "Sb: bets 50")
    line = line_of(text, "Sb: bets")
    p = probe(text, line)
    assert (p.at(line).pot, p.at(line).max_raise_to) == (50, 50)
    clean(p)
    f = one(probe(_pl_flop(LIMP5, "Sb: bets 60"), line), "PL01", line)
    assert (f.expected, f.actual) == ("a bet to at most 50", "bet to 60")


def test_pl_flop_pot_100_bet_50_raise_to_250():
    text = _pl_flop(RAISE5, "Sb: bets 50\n        Bb: raises 200 to 250")
    line = line_of(text, "Bb: raises")
    p = probe(text, line)
    assert (p.at(line).pot, p.at(line).max_raise_to) == (150, 250)
    clean(p)
    f = one(probe(_pl_flop(RAISE5, "Sb: bets 50\n        Bb: raises 210 to 260"), line), "PL01", line)
    assert (f.expected, f.actual) == ("a raise to at most 250", "raise to 260")


def test_pl_54b_dead_small_blind_max_700():
    """54-B Ex 1: 100-200, dead SB, the BB posts 200: the first player may bet 700."""
    def text(first: str) -> str:
        return stars(
            f"""
            C3: posts big blind 200
            *** HOLE CARDS ***
            {first}
            """,
            seats=DEAD_BUTTON, button=1, blinds=(100, 200), max_seats=6, limit="Pot Limit",
        )
    line = line_of(text("C4: raises 500 to 700"), "C4:")
    p = probe(text("C4: raises 500 to 700"), line)
    assert (p.at(line).to_act, p.at(line).max_raise_to) == (4, 700)
    clean(p)
    f = one(probe(text("C4: raises 600 to 800"), line), "PL01", line)
    assert f.expected == "a raise to at most 700"


def test_pl_54b_short_big_blind_max_700():
    """54-B Ex 2: SB posts 100, the BB short-posts 100 all-in: still 700."""
    def text(first: str) -> str:
        return stars(
            f"""
            Sb: posts small blind 100
            Bb: posts big blind 100 and is all-in
            *** HOLE CARDS ***
            {first}
            """,
            seats={3: ("Sb", 5000), 4: ("Bb", 100), 6: ("Ut", 5000), 8: ("Co", 5000), 1: ("Bu", 5000)},
            button=1, blinds=(100, 200), limit="Pot Limit",
        )
    line = line_of(text("Ut: raises 500 to 700"), "Ut:")
    p = probe(text("Ut: raises 500 to 700"), line)
    assert (p.at(line).to_act, p.at(line).max_raise_to, p.at(line).call_amount) == (6, 700, 200)
    clean(p)
    f = one(probe(text("Ut: raises 600 to 800"), line), "PL01", line)
    assert f.expected == "a raise to at most 700"


# =========================================================================== §6 fixed limit

FL4 = {3: ("A", 1000), 4: ("B", 1000), 6: ("C", 1000), 8: ("D", 1000)}


def _fl(pre: str, flop: str, seats=FL4, button: int = 8) -> str:
    return stars(
        f"""
        A: posts small blind 5
        B: posts big blind 10
        *** HOLE CARDS ***
        {pre}
        *** FLOP *** [2c 7d Ks]
        {flop}
        """,
        seats=seats, button=button, blinds=(10, 20), limit="Limit",
    )


def test_fl_preflop_raises_go_to_20():
    """§6: $10/$20 LHE, blinds 5/10: pre-flop raises go to 20, 30, 40."""
    text = stars(
        """
        A: posts small blind 5
        B: posts big blind 10
        *** HOLE CARDS ***
        C: raises 10 to 20
        D: raises 10 to 30
        A: raises 15 to 40
        """,
        seats=FL4, button=8, blinds=(10, 20), limit="Limit",
    )
    lines = [line_of(text, "C:"), line_of(text, "D:"), line_of(text, "A: raises")]
    p = probe(text, *lines)
    assert [p.at(x).min_raise_to for x in lines] == [20, 30, 40]
    clean(p)
    bad = text.replace("C: raises 10 to 20", "C: raises 15 to 25")
    f = [x for x in probe(bad, lines[0]).findings if x.line == lines[0]]
    assert [(x.rule, x.expected, x.actual) for x in f] == [("FL01", "a raise to 20", "raise to 25")]


CAP = "A: bets 10\n        B: raises 10 to 20\n        C: raises 10 to 30\n        D: raises 10 to 40"
LIMPS = "C: calls 10\n        D: calls 10\n        A: calls 5\n        B: checks"


def test_fl_cap_bet_and_three_raises():
    """§6: flop, 4 players: A bets 10, B 20, C 30, D 40 (capped); A may only call or fold."""
    text = _fl(LIMPS, CAP + "\n        A: calls 30")
    a = line_of(text, "A: calls 30")
    p = probe(text, a)
    assert (p.at(a).capped, p.at(a).call_amount) == (True, 30)
    clean(p)
    bad = _fl(LIMPS, CAP + "\n        A: raises 10 to 50")
    f = one(probe(bad, a), "FL02", a)
    assert (f.expected, f.actual, f.category) == ("call 30 or fold (capped at 40)", "raised to 50", "fixed_limit")


HU_FL = "A: bets 10\n        B: raises 10 to 20\n        A: raises 10 to 30\n        B: raises 10 to 40\n" \
        "        A: raises 10 to 50"


def test_fl_heads_up_from_the_start_of_the_street_is_uncapped_in_cash_capped_under_tda():
    text = _fl("C: folds\n        D: folds\n        A: calls 5\n        B: checks", HU_FL)
    a = line_of(text, "A: raises 10 to 50")
    p = probe(text, a, profile="online")
    assert p.at(a).capped is False
    clean(p)
    p = probe(text, a, profile="tda-2024")
    assert p.at(a).capped is True
    assert one(p, "FL02", a).expected == "call 10 or fold (capped at 40)"


def test_fl_pot_heads_up_before_the_cap_is_uncapped_under_roberts():
    """Robert's B&R 4: raising is unlimited whenever the pot is heads-up before the raising is
    capped, not only when the street began heads-up. $10/$20 flop, 4 players: A bets 10,
    B raises to 20, C and D fold (two bets in, heads-up before the cap): A raises to 30,
    B to 40 (the fourth bet), A to 50 (a fifth bet: legal) and B calls 10."""
    war = ("A: bets 10\n        B: raises 10 to 20\n        C: folds\n        D: folds\n"
           "        A: raises 10 to 30\n        B: raises 10 to 40\n        A: raises 10 to 50\n"
           "        B: calls 10")
    text = _fl(LIMPS, war)
    a = line_of(text, "A: raises 10 to 50")
    p = probe(text, a, profile="roberts-cash")
    assert p.at(a).capped is False
    clean(p)
    # under TDA 48 the cap holds until the event is heads-up: the fifth bet is past it
    p = probe(text, a, profile="tda-2024")
    assert one(p, "FL02", a).expected == "call 10 or fold (capped at 40)"


def test_fl_fold_to_heads_up_after_the_cap_does_not_uncap_under_roberts():
    """Robert's B&R 4: once a street is capped, a fold that leaves two players does not
    uncap it. A bets 10, B 20, C 30, D 40 (capped); A and B fold; C, heads-up with D,
    raises to 50: past the cap (C may only call 10 or fold)."""
    capped = CAP + "\n        A: folds\n        B: folds\n        C: raises 10 to 50"
    text = _fl(LIMPS, capped)
    c = line_of(text, "C: raises 10 to 50")
    f = one(probe(text, c, profile="roberts-cash"), "FL02", c)
    assert (f.expected, f.actual) == ("call 10 or fold (capped at 40)", "raised to 50")
