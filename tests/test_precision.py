"""Amounts at any precision the log writes: an amount finer than the hand's unit is read at
that precision (the hand's scale grows for that hand, every amount rescaled so that money
stays exact integers), never a parse error; a payment of a fraction of the smallest chip in
play is an odd-chip finding with the expected whole-chip split (TDA-2024 20: odd chips are
never broken below the smallest chip).

The hand: button on seat 7 (Cal), blinds 50/100 on Ann (seat 2) and Ben (seat 5); Cal
raises to 449, both call: a 1,347 pot. Ann and Ben tie with the ace-high straight, so the
1,347 splits 674 to Ann (the first tied seat left of the button) and 673 to Ben.
"""

from __future__ import annotations

from builders import audit_text, line_of, stars

SEATS = {2: ("Ann", 5000), 5: ("Ben", 5000), 7: ("Cal", 5000)}
CHECKS = "Ann: checks\nBen: checks\nCal: checks\n"
BODY = ("Ann: posts small blind 50\nBen: posts big blind 100\n*** HOLE CARDS ***\n"
        "Cal: raises 349 to 449\nAnn: calls 399\nBen: calls 349\n"
        "*** FLOP *** [As Ks Qd]\n" + CHECKS + "*** TURN *** [As Ks Qd] [Jh]\n" + CHECKS
        + "*** RIVER *** [As Ks Qd Jh] [2c]\n" + CHECKS + "*** SHOW DOWN ***\n"
        "Ann: shows [Tc 3d] (a straight, Ten to Ace)\nBen: shows [Td 4c] (a straight, Ten to Ace)\n"
        "Cal: shows [9h 9c] (a pair of Nines)\nAnn collected {ann} from pot\nBen collected {ben} from pot\n")


def hand(ann: str, ben: str, seats: dict[int, tuple[str, int | str]] | None = None) -> str:
    return stars(BODY.format(ann=ann, ben=ben), seats=seats or SEATS, button=7,  # type: ignore[arg-type]
                 summary="Total pot 1347 | Rake 0")


def test_half_chips_paid_to_a_tie_are_read_and_reported() -> None:
    text = hand("673.5", "673.5")
    out = audit_text(text)
    assert out.hand.status.value == "audited"
    # one decimal more: 1,347 chips are 13,470 tenths, Ann and Ben each paid 6,735
    assert (out.hand.scale, out.hand.fine) == (1, 1)
    assert out.pots[0].amount == 13470 and out.pots[0].paid == [6735, 6735]
    (f,) = out.findings
    assert (f.rule, f.category) == ("OC01", "odd_chip")
    assert (f.expected, f.actual) == ("expected Ann 674.0; Ben 673.0", "log paid Ann 673.5; Ben 673.5")
    assert f.message == "paid a fraction of the smallest chip in play (1.0): odd chips are not broken"
    assert f.line == line_of(text, "Ann collected")
    assert out.pots[0].expected == [6740, 6730] and out.pots[0].ok is False


def test_whole_chips_read_at_the_finer_scale_are_clean() -> None:
    # a stack written with a decimal (5000.5) makes the hand finer; the pot paid in whole
    # chips as the rules say gives nothing
    seats = {2: ("Ann", "5000.5"), 5: ("Ben", 5000), 7: ("Cal", 5000)}
    out = audit_text(hand("674", "673", seats))
    assert (out.hand.scale, out.hand.fine) == (1, 1)
    assert out.findings == [] and [p.ok for p in out.pots] == [True]
    assert out.hand.seats[0].stack == 50005


def test_a_tenth_of_a_cent_in_a_cash_hand() -> None:
    text = stars(BODY.format(ann="$6.735", ben="$6.735").replace(" 50\n", " $0.50\n").replace(" 100\n", " $1\n")
                 .replace("349 to 449", "$3.49 to $4.49").replace("calls 399", "calls $3.99").replace("calls 349", "calls $3.49"),
                 seats={2: ("Ann", "$50"), 5: ("Ben", "$50"), 7: ("Cal", "$50")}, button=7, blinds=("$0.50", "$1"),  # type: ignore[dict-item,arg-type]
                 summary="Total pot $13.47 | Rake $0")
    out = audit_text(text.replace("(Play Money) ", ""))
    # cents and a tenth: 13.47 is 13,470 thousandths, split 6.740 / 6.730
    assert (out.hand.scale, out.hand.fine) == (3, 1)
    (f,) = out.findings
    assert (f.rule, f.expected, f.actual) == ("OC01", "expected Ann 6.740; Ben 6.730", "log paid Ann 6.735; Ben 6.735")


def test_too_fine_is_still_a_parse_error() -> None:
    # five decimals past the unit: no site writes that (parsing.MAX_FINER is 4)
    from hhaudit.parsing import parse

    (h,) = list(parse(hand("673.50001", "673.49999")))
    assert h.status.value == "parse_error" and h.problem is not None
    assert "more than" in h.problem.message
