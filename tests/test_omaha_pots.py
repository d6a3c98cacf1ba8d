"""Omaha's pots: who wins them (two hole cards and three board cards), and the games the
auditor will not judge.

The hands are PokerStars text read as Hold'em and then given Omaha's game fields, as a
format that reads an Omaha header sets them (`Hand.variant`, `hole_cards`, `hilo`).
"""

from __future__ import annotations

from builders import stars

from hhaudit.engine.audited import AuditedHand
from hhaudit.engine.auditor import Auditor
from hhaudit.formats.common import game_code
from hhaudit.model import Hand, Status
from hhaudit.parsing import parse


def game_hand(text: str, variant: str = "omaha", hole_cards: int = 4, hilo: bool = False) -> Hand:
    (hand,) = list(parse(text))
    assert hand.status is Status.AUDITED, hand.problem
    hand.variant, hand.hole_cards, hand.hilo = variant, hole_cards, hilo
    hand.game = game_code(hand.limit, variant, hole_cards, hilo)
    return hand


def audit(hand: Hand) -> AuditedHand:
    return Auditor().audit(hand)


CHECKED_DOWN = """\
Alice: posts small blind 50
Bob: posts big blind 100
*** HOLE CARDS ***
Carol: calls 100
Alice: calls 50
Bob: checks
*** FLOP *** [Ah Kh 7c]
Alice: checks
Bob: checks
Carol: checks
*** TURN *** [Ah Kh 7c] [2h]
Alice: checks
Bob: checks
Carol: checks
*** RIVER *** [Ah Kh 7c 2h] [9s]
Alice: checks
Bob: checks
Carol: checks
*** SHOW DOWN ***
Alice: shows [Qh 3c 4d 5s] (a flush)
Bob: shows [As Ad 8c 8d] (three of a kind)
Carol: shows [Kc Ks Tc Td] (three of a kind)
{winner} collected 300 from pot
"""
SEATS = {3: ("Alice", 5000), 5: ("Bob", 5000), 8: ("Carol", 5000)}


def test_one_heart_is_no_flush_in_omaha() -> None:
    # board Ah Kh 7c 2h 9s: Alice's one heart (Qh) makes no flush (two hole cards must play);
    # Bob's As Ad with Ah makes trip aces, Carol's Kc Ks with Kh trip kings: Bob wins the
    # 300 (3 x 100) and the log paying Alice is WN01
    text = stars(CHECKED_DOWN.format(winner="Alice"), seats=SEATS, button=8)
    out = audit(game_hand(text))
    assert [(f.rule, f.expected, f.actual) for f in out.findings] == [
        ("WN01", "expected Bob 300", "log paid Alice 300")]
    assert [(p.expected_winners, p.expected, p.ok) for p in out.pots] == [([5], [300], False)]


def test_the_right_omaha_winner_gives_no_finding() -> None:
    text = stars(CHECKED_DOWN.format(winner="Bob"), seats=SEATS, button=8)
    out = audit(game_hand(text))
    assert out.findings == []
    assert [(p.expected_winners, p.ok) for p in out.pots] == [([5], True)]


def test_a_game_not_audited_is_unsupported_not_judged() -> None:
    # a format that leaves a hand of a game no rule judges `audited`: the auditor makes it
    # unsupported_game and judges nothing (no Hold'em reading of four cards, no pots)
    text = stars(CHECKED_DOWN.format(winner="Alice"), seats=SEATS, button=8)
    for variant, cards in (("stud", 7), ("omaha", 3), ("holdem", 4)):
        hand = game_hand(text, variant, cards)
        out = audit(hand)
        assert hand.status is Status.UNSUPPORTED_GAME
        assert out.findings == [] and out.pots == []


# ---- Omaha Hi/Lo eight or better: the rulebook's numbers (rules.md 7a, TDA-2024 20-C,
# Robert's Rules "Ties"). Four seats, button on seat 8: left of the button are seats 2
# (Dave, small blind 1), 3 (Alice, big blind 2), 5 (Bob), 8 (Carol). Bob raises to 33,
# Carol and Dave call, Alice folds her blind: 3 x 33 + 2 = 101 chips, the rulebook's pot.
# The board 2c 4d 7h Ks Qd has three low cards (2, 4, 7): a low needs two more different
# ranks eight or lower from the hand.

HILO = """\
Dave: posts small blind 1
Alice: posts big blind 2
*** HOLE CARDS ***
Bob: raises 31 to 33
Carol: calls 33
Dave: calls 32
Alice: folds
*** FLOP *** [{flop}]
Dave: checks
Bob: checks
Carol: checks
*** TURN *** [{flop}] [{turn}]
Dave: checks
Bob: checks
Carol: checks
*** RIVER *** [{flop} {turn}] [{river}]
Dave: checks
Bob: checks
Carol: checks
*** SHOW DOWN ***
Dave: shows [{dave}]
Bob: shows [{bob}]
Carol: shows [{carol}]
{paid}"""
HILO_SEATS = {2: ("Dave", 500), 3: ("Alice", 500), 5: ("Bob", 500), 8: ("Carol", 500)}
LOW_BOARD = ("2c 4d 7h", "Ks", "Qd")


def hilo_hand(dave: str, bob: str, carol: str, paid: dict[str, int], board: tuple[str, str, str] = LOW_BOARD) -> Hand:
    lines = "\n".join(f"{who} collected {amount} from pot" for who, amount in paid.items())
    text = stars(HILO.format(flop=board[0], turn=board[1], river=board[2], dave=dave, bob=bob, carol=carol,
                             paid=lines), seats=HILO_SEATS, button=8, blinds=(1, 2))
    return game_hand(text, hilo=True)


def rows(out: AuditedHand) -> list[tuple[str | None, int, list[int], list[int], bool | None]]:
    return [(p.half, p.amount, p.expected_winners, p.expected, p.ok) for p in out.pots]


# Bob: Kc Kh with Ks, trip kings, no low. Carol: Ah 3h with 2 4 7, the low 7-4-3-2-A.
# Dave: As 3s, the same low; Jh Jc a pair of jacks for high.
BOB_HIGH, CAROL_LOW, DAVE_LOW = "Kc Kh 9s 9d", "Ah 3h Tc Td", "As 3s Jh Jc"


def test_hilo_high_and_low_halves_the_odd_chip_high() -> None:
    # 101 chips: high half 51 (the odd chip to the high side, TDA-2024 20-C), low half 50.
    # Dave holds 8d 8c 9h Th: one low rank (8) only, no low; Carol's low wins alone.
    out = audit(hilo_hand("8d 8c 9h Th", BOB_HIGH, CAROL_LOW, {"Bob": 51, "Carol": 50}))
    assert out.findings == []
    assert rows(out) == [("high", 51, [5], [51], True), ("low", 50, [8], [50], True)]


def test_hilo_two_tie_for_low_each_gets_25() -> None:
    # rules.md: "If two players tie for low, each gets 25": Bob 51, Carol 25, Dave 25
    out = audit(hilo_hand(DAVE_LOW, BOB_HIGH, CAROL_LOW, {"Bob": 51, "Carol": 25, "Dave": 25}))
    assert out.findings == []
    assert rows(out) == [("high", 51, [5], [51], True), ("low", 50, [2, 8], [25, 25], True)]


def test_hilo_two_tie_for_high_26_25_first_left_of_the_button() -> None:
    # rules.md: "If two tie for high, it is 26/25, with the extra chip to the first of them
    # left of the button". Carol Kh Qc and Dave Kd Qs each make kings and queens (Ks Qd 7h);
    # Bob's As 3s makes the only low, 7-4-3-2-A. High 51: Dave (seat 2, first left of the
    # button on 8) 26, Carol 25; low 50 to Bob.
    out = audit(hilo_hand("Kd Qs Th 9h", "As 3s 8d 6d", "Kh Qc Tc 9c", {"Dave": 26, "Carol": 25, "Bob": 50}))
    assert out.findings == []
    assert rows(out) == [("high", 51, [2, 8], [26, 25], True), ("low", 50, [5], [50], True)]


def test_hilo_odd_chip_to_the_low_side_is_oc01_of_the_high_half() -> None:
    out = audit(hilo_hand("8d 8c 9h Th", BOB_HIGH, CAROL_LOW, {"Bob": 50, "Carol": 51}))
    assert [(f.rule, f.expected, f.actual, f.message) for f in out.findings] == [
        ("OC01", "expected high Bob 51; low Carol 50", "log paid Bob 50; Carol 51",
         "odd chip to the wrong seat: Bob paid 50 where the split gives 51 (the high half)")]


def test_hilo_quartered_low() -> None:
    # Bob: Kc Kh trip kings AND As 3s the low 7-4-3-2-A; Carol's Ah 3h ties the low.
    # Quartered: high 51 to Bob, low 50 split 25/25: Bob 51 + 25 = 76, Carol 25.
    out = audit(hilo_hand("Jh Jc 9s 9d", "Kc Kh As 3s", CAROL_LOW, {"Bob": 76, "Carol": 25}))
    assert out.findings == []
    assert rows(out) == [("high", 51, [5], [51], True), ("low", 50, [5, 8], [25, 25], True)]


def test_hilo_quartered_paid_as_a_half_split_is_wrong() -> None:
    # the same hand paid 51/50 (the low half given whole to Carol): Bob is owed 76
    out = audit(hilo_hand("Jh Jc 9s 9d", "Kc Kh As 3s", CAROL_LOW, {"Bob": 51, "Carol": 50}))
    (f,) = out.findings
    assert (f.rule, f.expected, f.actual) == ("SP01", "expected high Bob 51; low Bob 25, Carol 25",
                                             "log paid Bob 51; Carol 50")
    assert f.message.endswith("(the low half)")


def test_hilo_scoop_when_no_low_qualifies() -> None:
    # board 2c 9c Th Ks Qd: one low card only, no low can be made: Bob's trip kings scoop
    # all 101, one high row
    board = ("2c 9c Th", "Ks", "Qd")
    out = audit(hilo_hand("8d 8c 3d 4s", BOB_HIGH, CAROL_LOW, {"Bob": 101}, board))
    assert out.findings == []
    assert rows(out) == [("high", 101, [5], [101], True)]
    # and a "low" paid there is WN01 of the high half
    out = audit(hilo_hand("8d 8c 3d 4s", BOB_HIGH, CAROL_LOW, {"Bob": 51, "Carol": 50}, board))
    (f,) = out.findings
    assert (f.rule, f.expected) == ("WN01", "expected high Bob 101; no low qualifies (the high hand scoops)")
    assert f.message == "pot paid to Carol (the high half)"


def test_hilo_low_half_to_the_wrong_seat() -> None:
    # Bob scooped a pot whose low was Carol's: the low half was paid wrong
    out = audit(hilo_hand("8d 8c 9h Th", BOB_HIGH, CAROL_LOW, {"Bob": 101}))
    (f,) = out.findings
    assert (f.rule, f.actual) == ("WN01", "log paid Bob 101")
    # every seat paid is owed a share: the message names who was paid what, and who is owed
    # what (before: "pot paid to the wrong seats", naming none); the finding is Carol's
    assert f.message == "pot paid only to Bob (101); Carol should be paid 50 (the low half)"
    assert (f.player, f.expected_amount, f.actual_amount) == ("Carol", 50, 0)
    assert [(p.half, p.winners, p.paid, p.ok) for p in out.pots] == [
        ("high", [5], [51], True), ("low", [5], [50], False)]


def test_hilo_counterfeited_wheel() -> None:
    # Carol holds As 2h: on 3 4 5 that would be the wheel. The board Ad 3c 4d Kd Qs has the
    # low ranks A, 3, 4 only, and her low needs three board cards of ranks other than her A
    # and 2: only 3 and 4 are left, the board's ace counterfeits hers: no low. Dave's 2s 6s
    # with A 3 4 makes 6-4-3-2-A, the only low. High: Bob's Kc Kh with Kd, trip kings.
    board = ("Ad 3c 4d", "Kd", "Qs")
    out = audit(hilo_hand("2s 6s Jh Jc", BOB_HIGH, "As 2h Tc Td", {"Bob": 51, "Dave": 50}, board))
    assert out.findings == []
    assert rows(out) == [("high", 51, [5], [51], True), ("low", 50, [2], [50], True)]


def test_hilo_side_pots_split_separately() -> None:
    # Dave (seat 2) is all-in for 21; Bob raises to 40, Carol calls, Alice folds her 2.
    # Main pot: 21 x 3 + 2 = 65, Dave, Bob and Carol eligible; side pot: 19 x 2 = 38, Bob
    # and Carol (TDA-2024 21: each pot split on its own). Bob's trip kings win high in both,
    # Dave's 7-4-3-2-A the main pot's low, Carol's 7-5-4-2-A the side pot's low (Dave is not
    # eligible for it). Main: high 33 (the odd chip high), low 32; side: 19 and 19.
    # Bob 33 + 19 = 52, Dave 32, Carol 19: 103 in all.
    body = """\
Dave: posts small blind 1
Alice: posts big blind 2
*** HOLE CARDS ***
Bob: raises 38 to 40
Carol: calls 40
Dave: calls 20 and is all-in
Alice: folds
*** FLOP *** [2c 4d 7h]
Bob: checks
Carol: checks
*** TURN *** [2c 4d 7h] [Ks]
Bob: checks
Carol: checks
*** RIVER *** [2c 4d 7h Ks] [Qd]
Bob: checks
Carol: checks
*** SHOW DOWN ***
Bob: shows [Kc Kh 9s 9d]
Carol: shows [Ah 5h Tc Td]
Dave: shows [As 3s Jh Jc]
{paid}"""
    seats = {2: ("Dave", 21), 3: ("Alice", 500), 5: ("Bob", 500), 8: ("Carol", 500)}
    right = ("Bob collected 19 from side pot\nCarol collected 19 from side pot\n"
             "Bob collected 33 from main pot\nDave collected 32 from main pot")
    summary = "Total pot 103 Main pot 65. Side pot 38. | Rake 0"
    out = audit(game_hand(stars(body.format(paid=right), seats=seats, button=8, blinds=(1, 2), summary=summary),
                          hilo=True))
    assert out.findings == []
    assert [(p.index, p.half, p.amount, p.eligible, p.expected_winners, p.expected, p.ok) for p in out.pots] == [
        (0, "high", 33, [2, 5, 8], [5], [33], True), (0, "low", 32, [2, 5, 8], [2], [32], True),
        (1, "high", 19, [5, 8], [5], [19], True), (1, "low", 19, [5, 8], [8], [19], True)]
    # Dave paid the side pot's low as well (a seat not eligible for it): SP01
    wrong = ("Bob collected 19 from side pot\nDave collected 19 from side pot\n"
             "Bob collected 33 from main pot\nDave collected 32 from main pot")
    out = audit(game_hand(stars(body.format(paid=wrong), seats=seats, button=8, blinds=(1, 2), summary=summary),
                          hilo=True))
    assert [f.rule for f in out.findings] == ["SP01"]
    assert out.findings[0].expected == "expected high Bob 52; low Dave 32, Carol 19"


def test_split_run_arithmetic() -> None:
    from hhaudit.engine.pots import hilo_halves, split_run

    ring = [2, 3, 5, 8]  # clockwise from the button on seat 8
    assert hilo_halves(101) == (51, 50)  # rules.md: the odd chip to the high half
    assert hilo_halves(100) == (50, 50)
    assert hilo_halves(105, chip=5) == (55, 50)  # 21 chips of 5: 11 high, 10 low
    assert hilo_halves(103, chip=5) == (53, 50)  # 20 chips and 3 units: the 3 go high
    # high-only game: one row, no half
    assert split_run(101, [5, 8], None, ring) == [(None, 101, {5: 51, 8: 50})]
    # scoop: no low
    assert split_run(101, [5], [], ring) == [("high", 101, {5: 101})]
    # 103: high 52 to Bob; low 51 tied by Dave (2) and Carol (8): 26 to Dave (first left of
    # the button), 25 to Carol
    assert split_run(103, [5], [2, 8], ring) == [("high", 52, {5: 52}), ("low", 51, {2: 26, 8: 25})]
    # two identical hands win both halves (two wheels with the same high): 66 goes 33/33,
    # not 17+17 / 16+16 (no player more than one odd chip, Robert's Ties; TDA forum 2017):
    # high 33 is 17/16, so the low 33 is 16/17
    assert split_run(66, [2, 8], [2, 8], ring) == [("high", 33, {2: 17, 8: 16}), ("low", 33, {2: 16, 8: 17})]
    # quartering a 100 pot: Bob high and tied low with Carol: 50 + 25 and 25
    assert split_run(100, [5], [5, 8], ring) == [("high", 50, {5: 50}), ("low", 50, {5: 25, 8: 25})]


def test_wrong_hole_card_count_is_a_dead_hand() -> None:
    # Bob shows five cards in four-card Omaha: WN03 (Robert's Dead Hands 1(d)) at his show
    # line, and the pot is not judged on his cards
    text = stars(CHECKED_DOWN.format(winner="Bob").replace("[As Ad 8c 8d]", "[As Ad 8c 8d 6h]"),
                 seats=SEATS, button=8)
    out = audit(game_hand(text))
    assert [(f.rule, f.expected, f.actual, f.line) for f in out.findings] == [
        ("WN03", "4 hole cards (NLO)", "Bob shown As Ad 8c 8d 6h (5 cards)", text.splitlines().index(
            "Bob: shows [As Ad 8c 8d 6h] (three of a kind)") + 1)]
    assert [p.ok for p in out.pots] == [None]
    # the same cards in five-card Omaha: Bob's five are right, the others' four are partial
    # shows (not findings), so the pot is not judged
    out = audit(game_hand(text, hole_cards=5))
    assert out.findings == []
    assert [p.ok for p in out.pots] == [None]


def test_a_partial_show_is_not_a_wrong_count() -> None:
    # Alice shows one card of four: not a dead hand (a show may show part of a hand); her
    # hand is simply not known, so the pot is not judged on it
    text = stars(CHECKED_DOWN.format(winner="Bob").replace("[Qh 3c 4d 5s]", "[Qh]"), seats=SEATS, button=8)
    out = audit(game_hand(text))
    assert [f.rule for f in out.findings] == []


def test_hilo_rake_comes_off_before_the_halves() -> None:
    # the 101-chip pot raked 1 (TDA-2024 20: split what the rake leaves): 100, high 50 to
    # Bob, low 50 tied by Carol and Dave, 25 each; the rows keep the gross halves 51 and 50
    text = stars(HILO.format(flop=LOW_BOARD[0], turn=LOW_BOARD[1], river=LOW_BOARD[2], dave=DAVE_LOW, bob=BOB_HIGH,
                             carol=CAROL_LOW,
                             paid="Bob collected 50 from pot\nCarol collected 25 from pot\nDave collected 25 from pot"),
                 seats=HILO_SEATS, button=8, blinds=(1, 2), summary="Total pot 101 | Rake 1")
    out = audit(game_hand(text, hilo=True))
    assert out.findings == []
    assert rows(out) == [("high", 51, [5], [50], True), ("low", 50, [2, 8], [25, 25], True)]
    # Bob paid the 51 of the unraked high half, Dave 24: the rake came out of Dave's share
    wrong = text.replace("Bob collected 50", "Bob collected 51").replace("Dave collected 25", "Dave collected 24")
    (f,) = audit(game_hand(wrong, hilo=True)).findings
    assert (f.rule, f.expected, f.actual) == ("OC01", "expected high Bob 50; low Dave 25, Carol 25 (after 1 rake)",
                                             "log paid Dave 24; Bob 51; Carol 25")


def mucked_hilo(dave: str, bob: str, carol: str, paid: dict[str, int], board: tuple[str, str, str] = LOW_BOARD) -> Hand:
    """The Hi/Lo hand with Dave mucking at the showdown, the log revealing his cards."""
    lines = "\n".join(f"{who} collected {amount} from pot" for who, amount in paid.items())
    body = HILO.format(flop=board[0], turn=board[1], river=board[2], dave=dave, bob=bob, carol=carol, paid=lines)
    body = body.replace(f"Dave: shows [{dave}]", f"Dave: mucks hand [{dave}]")
    text = stars(body, seats=HILO_SEATS, button=8, blinds=(1, 2))
    return game_hand(text, hilo=True)


def wn02(out: AuditedHand) -> list[tuple[str, str, str, str | None]]:
    return [(f.expected, f.actual, f.message, f.player) for f in out.findings if f.rule == "WN02"]


def test_a_mucked_low_that_beats_the_low_paid_is_wn02_of_the_low_half() -> None:
    # Cards speak only when tabled (TDA-2024 13; Robert's Showdown 2): Dave mucks As 3s Jh Jc,
    # the low 7-4-3-2-A on 2c 4d 7h Ks Qd; Carol's tabled Ah 5h makes 7-5-4-2-A, the best
    # tabled low. The 101 pot is paid as the tabled hands say, high 51 to Bob's trip kings,
    # low 50 to Carol: no payment finding, and the floor is told that the mucked hand would
    # have won the low half (Dave's pair of jacks does not beat the kings for high)
    out = audit(mucked_hilo(DAVE_LOW, BOB_HIGH, "Ah 5h Tc Td", {"Bob": 51, "Carol": 50}))
    assert [f.rule for f in out.findings] == ["WN02"]
    assert rows(out) == [("high", 51, [5], [51], True), ("low", 50, [8], [50], True)]
    assert wn02(out) == [("low half to Carol (Ah 5h Tc Td): a mucked hand has no claim",
                          "Dave mucked As 3s Jh Jc, the best low (7-4-3-2-A low)",
                          "a mucked hand would have won the low half (cards speak only when tabled)", "Dave")]
    assert out.findings[0].severity == "info"


def test_a_mucked_low_tying_the_low_paid_and_a_worse_one() -> None:
    # Dave's As 3s ties Carol's Ah 3h (7-4-3-2-A each): "tied"; a mucked 8s Ac (with 2 4 7:
    # 8-7-4-2-A) loses to her low: nothing is said
    out = audit(mucked_hilo(DAVE_LOW, BOB_HIGH, CAROL_LOW, {"Bob": 51, "Carol": 50}))
    assert wn02(out) == [("low half to Carol (Ah 3h Tc Td): a mucked hand has no claim",
                          "Dave mucked As 3s Jh Jc, which ties the low (7-4-3-2-A low)",
                          "a mucked hand would have tied the low half (cards speak only when tabled)", "Dave")]
    out = audit(mucked_hilo("8s Ac Jh Jc", BOB_HIGH, CAROL_LOW, {"Bob": 51, "Carol": 50}))
    assert out.findings == []


def test_a_mucked_low_when_no_tabled_low_qualifies() -> None:
    # Carol's Tc Td 9h 9c and Bob's kings make no low: Bob scoops the 101. Dave mucked the
    # only low, 7-4-3-2-A: it would have won the low half (50)
    out = audit(mucked_hilo(DAVE_LOW, BOB_HIGH, "Tc Td 9h 9c", {"Bob": 101}))
    assert rows(out) == [("high", 101, [5], [101], True)]
    assert wn02(out) == [("no tabled low qualifies (the high hand scoops): a mucked hand has no claim",
                          "Dave mucked As 3s Jh Jc, the best low (7-4-3-2-A low)",
                          "a mucked hand would have won the low half (cards speak only when tabled)", "Dave")]


def test_a_mucked_high_in_hilo_says_the_high_half() -> None:
    # Dave mucks Kc Kh 8s 8d (trip kings with Ks); Bob's tabled Jh Jc 9s 9d has a pair and
    # takes the high half (51), Carol's 7-4-3-2-A the low (50): the high half is named
    out = audit(mucked_hilo("Kc Kh 8s 8d", "Jh Jc 9s 9d", CAROL_LOW, {"Bob": 51, "Carol": 50}))
    assert wn02(out) == [("high half to Bob (Jh Jc 9s 9d): a mucked hand has no claim",
                          "Dave mucked Kc Kh 8s 8d, the best high hand",
                          "a mucked hand would have won the high half (cards speak only when tabled)", "Dave")]


def _raked_tied_low(paid: str) -> Hand:
    # the 101 pot raked 2: 99 left, high 50 (the odd chip to the high half, TDA-2024 20-C)
    # to Bob's trip kings, low 49 tied by Dave (As 3s, seat 2) and Carol (Ah 3h, seat 8),
    # 7-4-3-2-A each: 25 and 24
    text = stars(HILO.format(flop=LOW_BOARD[0], turn=LOW_BOARD[1], river=LOW_BOARD[2], dave=DAVE_LOW, bob=BOB_HIGH,
                             carol=CAROL_LOW, paid=paid),
                 seats=HILO_SEATS, button=8, blinds=(1, 2), summary="Total pot 101 | Rake 2")
    return game_hand(text, hilo=True)


def test_high_suit_gives_a_tied_low_s_odd_chip_to_the_lowest_card() -> None:
    from hhaudit.engine.pots import low_card_order
    from hhaudit.profiles import get_profile

    # Robert's Rules, Ties: "the odd chip between tied low hands is awarded as in a low game
    # of that poker form", and in a low game "to the lowest card by suit" (all of a player's
    # cards). Aces are low, then suits from clubs up: Ac < Ad < Ah < As < 2c < ...
    assert low_card_order([2, 5, 8], {2: ("As", "3s"), 5: ("2c", "Kd"), 8: ("Ah", "3h")}) == [8, 2, 5]
    assert low_card_order([2, 5, 8], {2: ("As", "3s"), 5: ("Ac", "Kd"), 8: ("Ah", "3h")}) == [5, 8, 2]
    assert low_card_order([2, 5, 8], {}) == [2, 5, 8]  # no cards: clockwise from the button
    # the button's own seat (left out of the ring of seats after it) is ordered by its cards too
    assert low_card_order([2, 3, 5], {2: ("As", "3s"), 5: ("2c", "Kd"), 8: ("Ah", "3h")}) == [8, 2, 5, 3]  # 3: none
    from hhaudit.engine.pots import odd_chip_order
    from hhaudit.engine.replay import State
    hand = _raked_tied_low("")
    state = State.start(hand, get_profile("online"))
    assert odd_chip_order("high_suit", state, [2, 3, 5], {2: ("Ks", "3s"), 5: ("Kc", "Kh"), 8: ("Ah", "3h")}) \
        == [8, 2, 5, 3]  # Ah > Ks > Kh
    suit = Auditor(get_profile("online", odd_chip="high_suit"))
    # the low's odd chip: Carol's Ah is the lowest card (aces low; hearts below spades), so
    # under high_suit Carol 25, Dave 24; by the button (TDA-2024 20-A) Dave, first left of the
    # button on seat 8, has the 25
    by_card = "Bob collected 50 from pot\nCarol collected 25 from pot\nDave collected 24 from pot"
    by_button = "Bob collected 50 from pot\nDave collected 25 from pot\nCarol collected 24 from pot"
    out = suit.audit(_raked_tied_low(by_card))
    assert out.findings == []
    assert rows(out) == [("high", 51, [5], [50], True), ("low", 50, [2, 8], [24, 25], True)]
    assert audit(_raked_tied_low(by_button)).findings == []
    (f,) = suit.audit(_raked_tied_low(by_button)).findings
    assert (f.rule, f.expected, f.message) == (
        "OC01", "expected high Bob 50; low Dave 24, Carol 25 (after 2 rake)",
        "odd chip to the wrong seat: Dave paid 25 where the split gives 24 (the low half)")
    (f,) = audit(_raked_tied_low(by_card)).findings
    assert (f.rule, f.expected) == ("OC01", "expected high Bob 50; low Dave 25, Carol 24 (after 2 rake)")
