"""Table rules a hand is judged under: capped no-limit tables, and who posts the blinds.

Hands written for each case, with made-up players and amounts; the arithmetic of every
expected value is in a comment.
"""

from __future__ import annotations

import textwrap

from builders import audit_text, hand_of, line_of

# ============================================================== capped no-limit tables
# PokerStars "CAP games limit the amount each player can wager per hand. Once that limit is
# reached, the player is treated as all-in" (Betting Structures). The header writes the cap
# inside the stakes ("($0.25/$0.50 - $10 Cap -  USD)", as in the corpus) or after them.

HEADS = {
    "inside": "PokerStars Hand #310000001:  Hold'em No Limit ($0.25/$0.50 - $80 Cap -  USD) - "
              "2024/03/01 20:00:00 ET",
    "after": "PokerStars Hand #310000001:  Hold'em No Limit ($0.25/$0.50 USD) - $80 Cap - "
             "2024/03/01 20:00:00 ET",
    "none": "PokerStars Hand #310000001:  Hold'em No Limit ($0.25/$0.50 USD) - 2024/03/01 20:00:00 ET",
}


def capped(body: str, head: str = "inside", summary: str = "Total pot $160.25 | Rake $2") -> str:
    """Ann ($120) on the button, Bob ($95) small blind, Cy ($200) big blind, $80 cap."""
    lines = [
        HEADS[head],
        "Table 'Capped' 6-max Seat #1 is the button",
        "Seat 1: Ann ($120 in chips)",
        "Seat 2: Bob ($95 in chips)",
        "Seat 3: Cy ($200 in chips)",
        "Bob: posts small blind $0.25",
        "Cy: posts big blind $0.50",
        "*** HOLE CARDS ***",
        *textwrap.dedent(body).strip("\n").splitlines(),
        "*** SUMMARY ***",
        summary,
    ]
    return "\n".join(x.rstrip() for x in lines) + "\n"


# Ann raises to 1.50; Cy re-raises 78.50 to 80 (0.50 blind + 79.50 = 80, the cap); Ann calls
# 78.50 (1.50 + 78.50 = 80): both have put the cap in with chips behind (Ann 40, Cy 120).
# Pot 80 + 80 + 0.25 = 160.25, rake 2, Cy paid 158.25.
BOTH_CAPPED = """
    Ann: raises $1 to $1.50
    Bob: folds
    Cy: raises $78.50 to $80 and has reached the $80 cap
    Ann: calls $78.50 and has reached the $80 cap
    *** FLOP *** [2c 7d Ks]
    *** TURN *** [2c 7d Ks] [9h]
    *** RIVER *** [2c 7d Ks 9h] [3s]
    *** SHOW DOWN ***
    Ann: shows [Qd Qc] (a pair of Queens)
    Cy: shows [Kd Kh] (three of a kind, Kings)
    Cy collected $158.25 from pot
    """


def test_cap_read_from_the_header_in_both_layouts() -> None:
    for head in ("inside", "after"):
        hand = hand_of(capped(BOTH_CAPPED, head))
        assert (hand.cap, hand.sb, hand.bb, hand.currency) == (8000, 25, 50, "USD"), head


def test_cap_read_from_the_action_line_when_the_header_does_not_say() -> None:
    assert hand_of(capped(BOTH_CAPPED, "none")).cap == 8000


def test_players_who_reached_the_cap_are_all_in_for_the_betting() -> None:
    """Nobody waits on a capped player: no one is 'still to act' on the flop, turn or river
    (before, AO05 on every later street), and the one pot of 160.25 is judged and paid."""
    out = audit_text(capped(BOTH_CAPPED))
    assert out.findings == [], [(f.rule, f.line, f.expected) for f in out.findings]
    assert out.state is not None and out.state.seats[1].capped and out.state.seats[3].capped
    assert out.state.seats[1].stack == 4000  # 120 - 80: chips behind, all-in only for the betting
    assert [(p.amount, p.ok) for p in out.pots] == [(16025, True)]


def test_a_raise_past_the_cap_is_a_bet_size_finding() -> None:
    """Cy raises to 85 on an 80 cap: at most to 80 (0.50 in + 79.50 more = the cap)."""
    text = capped(
        """
        Ann: raises $1 to $1.50
        Bob: folds
        Cy: raises $83.50 to $85
        Ann: folds
        Uncalled bet ($83.50) returned to Cy
        Cy collected $3.25 from pot
        """,
        summary="Total pot $3.25 | Rake $0",
    )
    out = audit_text(text)
    cy = line_of(text, "Cy: raises")
    assert [(f.rule, f.line, f.category, f.expected, f.actual) for f in out.findings] == [
        ("BS05", cy, "bet_size", "a raise to at most 80.00 (the 80.00 cap)", "raise to 85.00")
    ]


def test_a_call_past_the_cap_is_a_bet_size_finding() -> None:
    """Ann has 1.50 in and calls 83.50 of Cy's 85: at most 78.50 more (80 - 1.50)."""
    text = capped(
        """
        Ann: raises $1 to $1.50
        Bob: folds
        Cy: raises $83.50 to $85
        Ann: calls $83.50
        *** FLOP *** [2c 7d Ks]
        *** TURN *** [2c 7d Ks] [9h]
        *** RIVER *** [2c 7d Ks 9h] [3s]
        *** SHOW DOWN ***
        Ann: shows [Qd Qc] (a pair of Queens)
        Cy: shows [Kd Kh] (three of a kind, Kings)
        Cy collected $168.25 from pot
        """,
        summary="Total pot $170.25 | Rake $2",
    )
    out = audit_text(text)
    got = [(f.rule, f.line, f.expected, f.actual) for f in out.findings]
    assert got == [
        ("BS05", line_of(text, "Cy: raises"), "a raise to at most 80.00 (the 80.00 cap)", "raise to 85.00"),
        ("BS05", line_of(text, "Ann: calls"), "call 78.50 (the 80.00 cap)", "called 83.50"),
    ], got


def test_a_capped_player_acting_again_is_out_of_order() -> None:
    text = capped(BOTH_CAPPED.replace("*** TURN ***", "Cy: bets $10\n    *** TURN ***"))
    out = audit_text(text)
    assert [(f.rule, f.line, f.expected) for f in out.findings] == [
        ("AO03", line_of(text, "Cy: bets"), "no action (has reached the cap)")
    ]


FULL_TILT = """\
Full Tilt Poker Game #28014539999: Table Lowcap (6 max) - $1/$2 - $40 Cap No Limit Hold'em - 11:00:00 ET - 2011/02/01
Seat 1: Dee ($60)
Seat 2: Eve ($45)
Seat 3: Flo ($80)
Eve posts the small blind of $1
Flo posts the big blind of $2
The button is in seat #1
*** HOLE CARDS ***
Dee raises to $6
Eve folds
Flo raises to $40, and is capped
Dee calls $34, and is capped
*** FLOP *** [2c 7d Ks]
*** TURN *** [2c 7d Ks] [9h]
*** RIVER *** [2c 7d Ks 9h] [3s]
*** SHOW DOWN ***
Flo shows [Kd Kh] three of a kind, Kings
Dee shows [Qd Qc] a pair of Queens
Flo wins the pot ($79) with three of a kind, Kings
*** SUMMARY ***
Total pot $81 | Rake $2
Board: [2c 7d Ks 9h 3s]
Seat 1: Dee (button) showed [Qd Qc] and lost with a pair of Queens
Seat 2: Eve (small blind) folded before the Flop
Seat 3: Flo (big blind) showed [Kd Kh] and won ($79) with three of a kind, Kings
"""


def test_full_tilt_cap_stated_in_the_header() -> None:
    """Full Tilt's "$40 Cap No Limit Hold'em": the cap is read; Flo (2 + 38) and Dee (6 +
    34) have put in 40 each; pot 40 + 40 + 1 = 81, rake 2, Flo paid 79."""
    hand = hand_of(FULL_TILT)
    assert (hand.cap, hand.sb, hand.bb) == (4000, 100, 200)
    out = audit_text(FULL_TILT)
    assert out.findings == [], [(f.rule, f.line, f.expected) for f in out.findings]
    over = FULL_TILT.replace("Flo raises to $40, and is capped", "Flo raises to $44") \
        .replace("Dee calls $34, and is capped", "Dee calls $38").replace("($79)", "($87)") \
        .replace("Total pot $81", "Total pot $89")
    rules = [(f.rule, f.expected) for f in audit_text(over).findings]
    assert rules == [("BS05", "a raise to at most 40.00 (the 40.00 cap)"),
                     ("BS05", "call 34.00 (the 40.00 cap)")], rules


# ============================================================== blind and button order
# Robert's Button & Blind Use; TDA-2024 34-B: the small blind is the first seat left of the
# button, the big blind the next; heads-up the button posts the small blind.


def live(hand: str) -> str:
    return "# hhaudit live log\ngame NL 1/2\n" + textwrap.dedent(hand).lstrip("\n")


def blind_findings(text: str, profile: str = "tda-2024") -> list[tuple[str, int, str, str]]:
    from hhaudit.engine.auditor import Auditor
    from hhaudit.parsing import parse

    (hand,) = list(parse(text))
    assert hand.status.value == "audited", hand.problem
    return [(f.rule, f.line, f.expected, f.actual) for f in Auditor(profile).audit(hand).findings]


HEADS_UP_LIVE = """
    hand 1
    button 1
    seat 1 Alice 200
    seat 2 Bob 200
    Alice sb 1
    Bob bb 2
    Alice call
    Bob check
    flop Kh 7d 2c
    Bob check
    Alice check
    turn 9s
    Bob check
    Alice check
    river 2d
    Bob check
    Alice check
    Alice shows Ks Qs
    Bob mucks
    pay Alice 4
    """


def test_live_heads_up_button_posts_the_small_blind() -> None:
    assert blind_findings(live(HEADS_UP_LIVE)) == []


def test_live_heads_up_wrong_player_posts_the_small_blind() -> None:
    """Bob (not the button) posts the small blind and Alice (the button) the big blind."""
    text = live(HEADS_UP_LIVE.replace("Alice sb 1\n    Bob bb 2\n    Alice call\n    Bob check",
                                      "Bob sb 1\n    Alice bb 2\n    Bob call\n    Alice check"))
    got = blind_findings(text)
    assert got == [("AO06", line_of(text, "Bob sb"), "small blind from seat 1 (the button, heads-up)",
                    "small blind from seat 2")], got


FOUR_LIVE = """
    hand 1
    button 1
    seat 1 Alice 200
    seat 2 Bob 200
    seat 3 Carol 200
    seat 4 Dave 200
    {posts}
    {first} fold
    {second} fold
    {third} fold
    pay {bb} 3
    """


def test_live_both_blinds_one_seat_off() -> None:
    """Button on 1: the blinds belong to seats 2 and 3. Carol (3) and Dave (4) post them, the
    big blind right after the small blind, so only the small blind's seat shows it."""
    good = live(FOUR_LIVE.format(posts="Bob sb 1\n    Carol bb 2", first="Dave", second="Alice",
                                 third="Bob", bb="Carol"))
    assert blind_findings(good) == []
    bad = live(FOUR_LIVE.format(posts="Carol sb 1\n    Dave bb 2", first="Alice", second="Bob",
                                third="Carol", bb="Dave"))
    got = blind_findings(bad)
    assert got == [("AO06", line_of(bad, "Carol sb"), "small blind from seat 2", "small blind from seat 3")], got


def test_live_big_blind_skipping_a_seat() -> None:
    bad = live(FOUR_LIVE.format(posts="Bob sb 1\n    Dave bb 2", first="Alice", second="Bob",
                                third="Carol", bb="Dave"))
    got = blind_findings(bad)
    assert got == [("AO06", line_of(bad, "Dave bb"), "big blind from seat 3", "big blind from seat 4")], got


def test_live_new_player_posting_between_the_button_and_the_blinds_is_not_a_wrong_blind() -> None:
    """Bob (seat 2) comes in with a posted big blind and a dead small blind; Carol and Dave
    post the blinds: a seat that posts is coming in, not skipped."""
    text = live(FOUR_LIVE.format(posts="Bob post 2 dead 1\n    Carol sb 1\n    Dave bb 2", first="Alice",
                                 second="Bob", third="Carol", bb="Dave"))
    text = text.replace("pay Dave 3", "pay Dave 6")
    assert [x for x in blind_findings(text) if x[0] == "AO06"] == []


def stars_heads_up(sb: str, bb: str) -> str:
    """PokerStars heads-up, Ann on the button (seat 3), Ben on seat 5; `sb` and `bb` post."""
    return (
        "PokerStars Hand #320000001:  Hold'em No Limit (50/100) - 2024/03/01 20:00:00 ET\n"
        "Table 'Duo' 6-max (Play Money) Seat #3 is the button\n"
        "Seat 3: Ann (5000 in chips)\nSeat 5: Ben (5000 in chips)\n"
        f"{sb}: posts small blind 50\n{bb}: posts big blind 100\n*** HOLE CARDS ***\n"
        f"{sb}: folds\nUncalled bet (50) returned to {bb}\n{bb} collected 100 from pot\n"
        "*** SUMMARY ***\nTotal pot 100 | Rake 0\n"
    )


def test_online_heads_up_button_posts_the_small_blind() -> None:
    assert blind_findings(stars_heads_up("Ann", "Ben"), "online") == []
    text = stars_heads_up("Ben", "Ann")
    assert blind_findings(text, "online") == [
        ("AO06", line_of(text, "Ben: posts"), "small blind from seat 3 (the button, heads-up)",
         "small blind from seat 5")
    ]


def test_a_raise_short_of_the_minimum_that_reaches_the_cap_is_like_an_all_in() -> None:
    """Ann raises to 1.50, Cy re-raises to 75 (an increment of 73.50); Ann's raise to 80, 5
    more and short of the 148.50 minimum (75 + 73.50), puts her cap in: legal, as a short
    all-in is (TDA 43-A); Cy calls 5 and has reached the cap too. Before, MR01."""
    body = """
        Ann: raises $1 to $1.50
        Bob: folds
        Cy: raises $73.50 to $75
        Ann: raises $5 to $80 and has reached the $80 cap
        Cy: calls $5 and has reached the $80 cap
        *** FLOP *** [2c 7d Ks]
        *** TURN *** [2c 7d Ks] [9h]
        *** RIVER *** [2c 7d Ks 9h] [3s]
        *** SHOW DOWN ***
        Ann: shows [Qd Qc] (a pair of Queens)
        Cy: shows [Kd Kh] (three of a kind, Kings)
        Cy collected $158.25 from pot
        """
    out = audit_text(capped(body))
    assert out.findings == [], [(f.rule, f.line, f.expected) for f in out.findings]
