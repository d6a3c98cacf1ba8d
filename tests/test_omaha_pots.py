"""Omaha's pots: who wins them (two hole cards and three board cards), and the games the
auditor will not judge.

The hands are PokerStars text read as Hold'em and then given Omaha's game fields, as a
format that reads an Omaha header sets them (`Hand.variant`, `hole_cards`, `hilo`).
"""

from __future__ import annotations

from builders import stars

from hhaudit.auditor import Auditor, AuditedHand
from hhaudit.model import Hand, Status
from hhaudit.parsing import parse


def game_hand(text: str, variant: str = "omaha", hole_cards: int = 4, hilo: bool = False) -> Hand:
    (hand,) = list(parse(text))
    assert hand.status is Status.AUDITED, hand.problem
    hand.variant, hand.hole_cards, hand.hilo = variant, hole_cards, hilo
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
