"""Raked chops: the rake (and any jackpot drop) comes out of the pot first, then what is
left is split, the odd chips one each from the first tied seat left of the button
(TDA-2024 20-A), in whole chips of the smallest chip in play. Which winner bears the rake
is judged, not assumed: a split that lets one winner carry it is a finding.

The table: button on seat 7 (Cal), Ann (seat 2) the small blind of 1, Ben (seat 5) the big
blind of 2. Ann's Tc 3d and Ben's Td 4c both make the ace-high straight on As Ks Qd Jh 2c;
Cal's 9h 9c loses. The rulebook's two-way split (rules.md 7a, from pkcore): 175 chips to
seats 2 and 5 with the button on 7 is 88 to seat 2, 87 to seat 5. Here the pot is 177 and
the rake 2, so the 175 left splits just so.
"""

from __future__ import annotations

from builders import audit_text, line_of, stars

from hhaudit.engine.auditor import Auditor
from hhaudit.parsing import parse

SEATS = {2: ("Ann", 1000), 5: ("Ben", 1000), 7: ("Cal", 1000)}
CHECKS = "Ann: checks\nBen: checks\nCal: checks\n"
BOARD = """\
*** FLOP *** [As Ks Qd]
{flop}*** TURN *** [As Ks Qd] [Jh]
{later}*** RIVER *** [As Ks Qd Jh] [2c]
{later}*** SHOW DOWN ***
Ann: shows [Tc 3d] (a straight, Ten to Ace)
Ben: shows [Td 4c] (a straight, Ten to Ace)
Cal: shows [9h 9c] (a pair of Nines)
Ann collected {ann} from {pot}
Ben collected {ben} from {pot}
"""


def single_pot(ann: int, ben: int, *, summary: str = "Total pot 177 | Rake 2") -> str:
    # Cal raises to 59, Ann and Ben call: 3 x 59 = 177
    body = ("Ann: posts small blind 1\nBen: posts big blind 2\n*** HOLE CARDS ***\n"
            "Cal: raises 57 to 59\nAnn: calls 58\nBen: calls 57\n"
            + BOARD.format(flop=CHECKS, later=CHECKS, ann=ann, ben=ben, pot="pot"))
    return stars(body, seats=SEATS, button=7, blinds=(1, 2), summary=summary)


def findings(text: str) -> list[tuple[str, str, str]]:
    return [(f.rule, f.expected, f.actual) for f in audit_text(text).findings]


def test_raked_chop_rake_first_then_the_odd_chip_left_of_the_button() -> None:
    # 177 - 2 rake = 175: seat 2 (first left of the button on 7) 88, seat 5 87
    out = audit_text(single_pot(88, 87))
    assert out.findings == [] and [p.ok for p in out.pots] == [True]
    assert out.pots[0].expected_winners == [2, 5] and out.pots[0].expected == [88, 87]


def test_raked_chop_odd_chip_to_the_wrong_seat() -> None:
    # before, the rake was taken after the split and either way round passed
    text = single_pot(87, 88)
    assert findings(text) == [("OC01", "expected Ann 88; Ben 87 (after 2 rake)", "log paid Ann 87; Ben 88")]
    assert audit_text(text).findings[0].line == line_of(text, "Ann collected")  # the first seat paid wrong


def test_raked_chop_where_one_winner_bears_the_whole_rake() -> None:
    # 89/86: Ann kept her whole 89 of the unraked 177 and Ben paid the 2 of rake
    (f,) = audit_text(single_pot(89, 86)).findings
    assert (f.rule, f.expected, f.actual) == ("OC01", "expected Ann 88; Ben 87 (after 2 rake)", "log paid Ann 89; Ben 86")
    assert f.message == "the rake was not taken from the pot before it was split"


def test_raked_chop_with_a_jackpot_drop() -> None:
    # 177 - 1 rake - 1 jackpot = 175: 88/87 again
    summary = "Total pot 177 | Rake 1 | Jackpot 1"
    assert findings(single_pot(88, 87, summary=summary)) == []
    assert findings(single_pot(87, 88, summary=summary)) == [
        ("OC01", "expected Ann 88; Ben 87 (after 2 rake)", "log paid Ann 87; Ben 88")]


def side_pot(ann: int, ben: int) -> str:
    # Cal is all-in pre-flop for 25 (main pot 3 x 25 = 75); Ann bets 51 on the flop and
    # Ben calls (side pot 102): 177 in all, rake 2
    seats = {2: ("Ann", 1000), 5: ("Ben", 1000), 7: ("Cal", 25)}
    body = ("Ann: posts small blind 1\nBen: posts big blind 2\n*** HOLE CARDS ***\n"
            "Cal: raises 23 to 25 and is all-in\nAnn: calls 24\nBen: calls 23\n"
            + BOARD.format(flop="Ann: bets 51\nBen: calls 51\n", later="Ann: checks\nBen: checks\n",
                           ann=ann, ben=ben, pot="pot"))
    return stars(body, seats=seats, button=7, blinds=(1, 2), summary="Total pot 177 Main pot 75. Side pot 102. | Rake 2")


def test_raked_chop_with_a_side_pot() -> None:
    # main 75 - 2 rake = 73: Ann 37, Ben 36; side 102: 51 each; Ann 88, Ben 87 in all
    # (the rake from the side pot instead: 38/37 and 50/50, the same totals)
    out = audit_text(side_pot(88, 87))
    assert out.findings == [] and [p.ok for p in out.pots] == [True, True]
    assert [p.expected for p in out.pots] == [[37, 36], [51, 51]]
    assert findings(side_pot(87, 88)) == [("OC01", "expected Ann 88; Ben 87 (after 2 rake)", "log paid Ann 87; Ben 88")]


RIT = """\
PokerStars Hand #222410251:  Hold'em No Limit ($1/$2 USD) - 2024/03/01 22:00:00 ET
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
Pia collected $55.41 from pot
Quin collected $55.41 from pot
*** SECOND SHOW DOWN ***
Pia: shows [As Kd] (high card Ace)
Quin: shows [Ac Kh] (high card Ace)
Pia collected {pia} from pot
Quin collected {quin} from pot
*** SUMMARY ***
Total pot $224.10 | Rake $2.47
Hand was run twice
"""


def rit_findings(text: str) -> list[tuple[str, str, str]]:
    """The findings with the run's odd chip placed by the profile (`run_odd_chip` pinned):
    a site's hands are not judged on it otherwise (no rulebook places it, rules.md 9f)."""
    from dataclasses import replace

    from hhaudit.profiles import get_profile

    p = get_profile("online")
    pinned = replace(p, pinned=p.pinned | {"run_odd_chip"})
    return [(f.rule, f.expected, f.actual) for f in audit_text(text, pinned).findings]


def test_run_it_twice_raked_chop() -> None:
    # 224.10 - 2.47 = 221.63: the first run 110.82 (the odd cent to the first run), the
    # second 110.81; each chopped: 55.41/55.41, then 55.41 to Quin (first left of Pia's
    # button, heads-up) and 55.40 to Pia
    assert rit_findings(RIT.format(pia="$55.40", quin="$55.41")) == []
    assert rit_findings(RIT.format(pia="$55.41", quin="$55.40")) == [
        ("OC01", "expected Pia 110.81; Quin 110.82 (after 2.47 rake)",
         "log paid Pia 110.82; Quin 110.81")]


def test_run_it_twice_odd_chip_between_runs_not_judged_for_a_site() -> None:
    # the same hand by the online profile's own conventions: which run takes the odd cent of
    # the 221.63 is not judged (GGPoker's own hands place it both ways), and the hand says so:
    # the second run 110.82 (55.41 each), the first 110.81 (55.41 to Quin, 55.40 to Pia)
    second_run_odd = RIT.replace("Pia collected $55.41 from pot\nQuin collected $55.41 from pot\n*** SECOND",
                                 "Pia collected $55.40 from pot\nQuin collected $55.41 from pot\n*** SECOND")
    out = audit_text(second_run_odd.format(pia="$55.41", quin="$55.41"))
    assert [f.rule for f in out.findings] == []
    assert any("run it twice" in r for r in out.hand.not_judged)
    # the odd cent of a run to the wrong seat is still an odd-chip error, whichever run took
    # the odd cent between the runs (Pia is paid 110.82 by neither placement)
    out = audit_text(RIT.format(pia="$55.41", quin="$55.40"))
    assert [f.rule for f in out.findings] == ["OC01"]


LIVE = """\
# hhaudit live log
game NL 100/200 chip 100

hand 1
button 7
seat 2 Ann 50000
seat 5 Ben 50000
seat 7 Cal 50000
Cal fold
Ann raise 20650
Ben call
flop As Ks Qd
Ann check
Ben check
turn Jh
Ann check
Ben check
river 2c
Ann check
Ben check
Ann shows Tc 3d
Ben shows Td 4c
pay Ann {ann}
pay Ben {ben}
"""


def live(ann: int, ben: int, game: str = "game NL 100/200 chip 100") -> list[tuple[str, str, str, str]]:
    (hand,) = parse(LIVE.format(ann=ann, ben=ben).replace("game NL 100/200 chip 100", game))
    return [(f.rule, f.expected, f.actual, f.message) for f in Auditor("tda-2024").audit(hand).findings]


def test_live_chop_in_the_smallest_chip() -> None:
    # TDA-2024 20: break the odd chips down to the smallest chip in play. Ann and Ben put
    # in 20,650 each: a 41,300 chop with 100-chips is 413 chips, 207 to Ann (first left of
    # the button on 7) and 206 to Ben: 20,700 / 20,600
    assert live(20700, 20600) == []
    assert live(20600, 20700)[0][:3] == ("OC01", "expected Ann 20700; Ben 20600", "log paid Ann 20600; Ben 20700")


def test_live_chop_paid_in_half_chips() -> None:
    # 20,650 each is half a 100-chip to each: no such chip is in play
    (f,) = live(20650, 20650)
    assert f == ("OC01", "expected Ann 20700; Ben 20600", "log paid Ann 20650; Ben 20650",
                 "paid a fraction of the smallest chip in play (100): odd chips are not broken")
    # without `chip`, the smallest unit is 1 and 20,650 each is the exact split
    assert live(20650, 20650, "game NL 100/200") == []


def test_profile_chip_option_online() -> None:
    # the same split written as a site's text, with the profile's chip of 100
    text = single_pot(88, 87, summary="Total pot 177 | Rake 2")
    assert [f.rule for f in Auditor("online").audit(next(iter(parse(text)))).findings] == []
    from hhaudit.profiles import get_profile

    with_chips = Auditor(get_profile("online", chip=5))
    # 175 in 5-chips is 35 chips: 18 to Ann (90), 17 to Ben (85)
    (f,) = with_chips.audit(next(iter(parse(text)))).findings
    assert (f.rule, f.expected) == ("OC01", "expected Ann 90; Ben 85 (after 2 rake)")


PL_LIVE = """\
# hhaudit live log
{game}

hand 1
button 1
seat 1 Ann 500
seat 2 Bob 500
seat 3 Cal 500
seat 4 Dan 500
Dan raise {to}
Ann fold
Bob fold
Cal fold
pay Dan {paid}
"""


def pl_findings(game: str, to: int) -> list[tuple[str, str]]:
    # Dan's raise is called by nobody: he takes back all of it and the 1 + 2 of the blinds
    (hand,) = parse(PL_LIVE.format(game=game, to=to, paid=to + 3))
    return [(f.rule, f.expected) for f in Auditor("tda-2024").audit(hand).findings]


def test_pot_limit_maximum_in_whole_chips() -> None:
    # rules.md 5, TDA-2024 54: UTG's pot-limit maximum at 1/2 is 2 + (3 + 2) = 7; with
    # 5-chips the smallest amount that holds it is 10 (an overbet is one past the maximum
    # by more than the smallest chip)
    assert pl_findings("game PL 1/2", 7) == []
    assert [r for r, _ in pl_findings("game PL 1/2", 10)] == ["PL01"]
    assert pl_findings("game PL 1/2 chip 5", 10) == []
    assert [r for r, _ in pl_findings("game PL 1/2 chip 5", 15)] == ["PL01"]
