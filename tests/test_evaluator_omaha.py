"""Omaha's showdown: exactly two hole cards and exactly three board cards.

Checked against independent evaluators: phevaluator's Omaha evaluator (four hole cards;
a LOWER rank is better) on a large random sample, and pokerkit's `OmahaHoldemHand` (any
hole-card count) for five and six cards; the classic traps are worked out by hand.
"""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

import pytest

from hhaudit.engine import evaluator
from hhaudit.engine.evaluator import best_hands, hand_category, omaha_value
from hhaudit.engine.games import AUDITED, is_audited, unaudited_reason

RANKS = "23456789TJQKA"
SUITS = "cdhs"
DECK = [r + s for r in RANKS for s in SUITS]

# phevaluator's rank (1 = royal flush ... 7462 = 7-5-4-3-2 offsuit) -> category
PH_RANGES = [
    (1, 10, "straight flush"), (11, 166, "four of a kind"), (167, 322, "full house"),
    (323, 1599, "flush"), (1600, 1609, "straight"), (1610, 2467, "three of a kind"),
    (2468, 3325, "two pair"), (3326, 6185, "one pair"), (6186, 7462, "high card"),
]


def ph_category(rank: int) -> str:
    return next(name for lo, hi, name in PH_RANGES if lo <= rank <= hi)


def ph_omaha(hole: list[str], board: list[str]) -> int:
    from phevaluator import evaluate_omaha_cards

    return int(evaluate_omaha_cards(*board, *hole))  # the board's five cards come first


def h(text: str) -> list[str]:
    return text.split()


def sign(x: int) -> int:
    return (x > 0) - (x < 0)


# ---- the classic traps, by hand


def test_one_suited_card_in_the_hand_makes_no_flush() -> None:
    # four hearts on the board and one in the hand: Hold'em's flush, but Omaha uses two hole
    # cards, so Ah plus any other hole card and three hearts is no flush. The best is a pair
    # of aces: Ah Kc (hole) with Kh... -> two pair A-K? The board is Kh 9h 5h 2h 7c: Ah Kc
    # with Kh 9h 7c gives one pair of kings, ace high (no second pair on the board to use).
    hole, board = h("Ah Kc 3d 4s"), h("Kh 9h 5h 2h 7c")
    assert hand_category(omaha_value(hole, board)) == "one pair"
    assert hand_category(evaluator.hand_value(hole[:2] + board)) == "flush"  # Hold'em's reading


def test_two_suited_cards_make_the_flush() -> None:
    hole, board = h("Ah 3h Kc Qd"), h("Kh 9h 5s 2h 7c")
    assert hand_category(omaha_value(hole, board)) == "flush"


def test_board_pair_with_trips_in_the_hand_is_not_a_full_house() -> None:
    # three queens in the hand and a pair of sevens on the board: only two queens can play,
    # with three board cards: Qc Qd + 7s 7h 2c = two pair (queens and sevens), never
    # queens full (that needs the third queen). The same hand in Hold'em's reading of all
    # the cards would be queens full of sevens.
    hole, board = h("Qc Qd Qh 4s"), h("7s 7h 2c 9d Jc")
    assert hand_category(omaha_value(hole, board)) == "two pair"
    # a pair in the hand with a pair on the board and a third board card: still two pair;
    # a pair in the hand matching a board card with a board pair: the full house
    assert hand_category(omaha_value(h("Qc Qd 3h 4s"), h("Qs 7h 7c 9d Jc"))) == "full house"


def test_four_to_a_straight_on_the_board_needs_two_from_the_hand() -> None:
    # board 9 T J Q 2: one king in the hand is no straight (two hole cards must play: the
    # pair of twos, 2d with 2c, is the best); K-8 is none either (8 9 T J Q needs four board
    # cards, 9 T J Q K too); A-K with T J Q is the straight
    assert hand_category(omaha_value(h("Kc 2d 3h 4s"), h("9s Th Jc Qd 2c"))) == "one pair"
    assert hand_category(omaha_value(h("Kc 8d 3h 4s"), h("9s Th Jc Qd 2c"))) == "high card"
    assert hand_category(omaha_value(h("Kc Ad 3h 4s"), h("9s Th Jc Qd 2c"))) == "straight"


def test_four_of_a_kind_on_the_board_is_not_quads() -> None:
    # three board cards only: at most three of the board's four aces play
    assert hand_category(omaha_value(h("Kc Kd 3h 4s"), h("As Ah Ac Ad 2c"))) == "full house"
    assert hand_category(omaha_value(h("Qc Jd 3h 4s"), h("As Ah Ac Ad 2c"))) == "three of a kind"


def test_best_hands_omaha_against_holdem_reading() -> None:
    # board Ah Kh 7c 2h 9s: seat 3 holds one heart (a flush only in Hold'em's reading),
    # seat 5 a pair of aces (trip aces with Ah), seat 8 a pair of kings (trip kings)
    board = h("Ah Kh 7c 2h 9s")
    hands = {3: h("Qh 3c 4d 5s"), 5: h("As Ad 8c 8d"), 8: h("Kc Ks Tc Td")}
    assert best_hands(hands, board, "omaha") == [5]


def test_best_hands_ties_in_omaha() -> None:
    # both seats play A-K... on a board that gives each a straight 10-A with their own two
    board = h("Tc Jd Qh 2s 3c")
    assert best_hands({1: h("As Kd 4c 4d"), 6: h("Ac Kh 5s 5h")}, board, "omaha") == [1, 6]


def test_best_hands_refuses_an_unknown_game_and_wrong_counts() -> None:
    board = h("Ah Kh 7c 2h 9s")
    with pytest.raises(ValueError, match="no showdown evaluator"):
        best_hands({1: h("As Ad"), 2: h("Kc Ks")}, board, "stud")
    with pytest.raises(ValueError, match="4 to 6 hole cards"):
        best_hands({1: h("As Ad"), 2: h("Kc Ks Qc Qs")}, board, "omaha")
    with pytest.raises(ValueError, match="duplicate"):
        best_hands({1: h("As Ad Ah 3c"), 2: h("Kc Ks Qc Qs")}, board, "omaha")


# ---- the games audited


def test_games_audited() -> None:
    assert is_audited("holdem", 2, False)
    for n in (4, 5, 6):
        assert is_audited("omaha", n, False)
    assert not is_audited("holdem", 4, False)
    assert not is_audited("omaha", 3, False)
    assert not is_audited("stud", 7, False)
    assert unaudited_reason("razz", 7, False) == "razz"
    assert unaudited_reason("omaha", 7, False) == "Omaha with 7 hole cards"
    assert unaudited_reason("holdem", 2, False) == ""
    assert ("holdem", 2, False) in AUDITED


# ---- against independent evaluators


def _sample(rng: random.Random, holes: int) -> tuple[list[str], list[str]]:
    cards = rng.sample(DECK, holes + 5)
    return cards[:holes], cards[holes:]


def test_against_phevaluator_random_sample() -> None:
    # 10,000 random pairs of four-card hands on one board: the same category as
    # phevaluator's, and the same order (phevaluator: lower is better)
    rng = random.Random(20241201)
    seen: Counter[str] = Counter()
    for _ in range(10_000):
        cards = rng.sample(DECK, 13)
        board, a, b = cards[:5], cards[5:9], cards[9:13]
        va, vb = omaha_value(a, board), omaha_value(b, board)
        pa, pb = ph_omaha(a, board), ph_omaha(b, board)
        assert hand_category(va) == ph_category(pa), (a, board)
        assert sign(va - vb) == sign(pb - pa), (a, b, board)
        seen[hand_category(va)] += 1
    assert len(seen) == 9, seen  # every category met


def _built(rng: random.Random, kind: int) -> tuple[list[str], list[str]]:
    """A deal shaped to reach the rare categories: 0 random; 1 a suited run of five split
    two in the hand and three on the board (straight flushes, flushes, straights); 2 one
    rank's four cards split two and two (four of a kind)."""
    if kind == 1:
        suit = rng.choice(SUITS)
        start = rng.randrange(0, 10)
        run = [RANKS[(start - 1 + i) % 13] + suit for i in range(5)]  # A-5 up to T-A
        pick = rng.sample(run, 5)
    elif kind == 2:
        rank = rng.choice(RANKS)
        pick = [rank + x for x in rng.sample(SUITS, 4)]
        pick.insert(4, rng.choice([c for c in DECK if c[0] != rank]))
    else:
        return _sample(rng, 4)
    others = rng.sample([c for c in DECK if c not in pick], 4)
    return pick[:2] + others[:2], pick[2:] + others[2:]


def test_every_category_against_phevaluator() -> None:
    # each of the nine categories 300 times, same category as phevaluator's
    rng = random.Random(7)
    want = 300
    got: Counter[str] = Counter()
    for tries in range(60_000):
        if min(got.get(c, 0) for c in evaluator.CATEGORIES) >= want:
            break
        hole, board = _built(rng, tries % 3)
        cat = hand_category(omaha_value(hole, board))
        if got[cat] >= want:
            continue
        got[cat] += 1
        assert cat == ph_category(ph_omaha(hole, board)), (hole, board)
    assert all(got[c] == want for c in evaluator.CATEGORIES), got


@pytest.mark.parametrize("holes", [5, 6])
def test_against_pokerkit_five_and_six_cards(holes: int) -> None:
    # pokerkit's OmahaHoldemHand takes any number of hole cards (two of them play)
    from pokerkit import OmahaHoldemHand

    rng = random.Random(holes)
    names = {c: c for c in DECK}
    for _ in range(150):
        cards = rng.sample(DECK, 2 * holes + 5)
        board, a, b = cards[:5], cards[5:5 + holes], cards[5 + holes:]
        ka = OmahaHoldemHand.from_game("".join(names[c] for c in a), "".join(board))
        kb = OmahaHoldemHand.from_game("".join(b), "".join(board))
        va, vb = omaha_value(a, board), omaha_value(b, board)
        assert sign(va - vb) == sign((ka > kb) - (ka < kb)), (a, b, board)


def test_brute_force_reference_on_small_boards() -> None:
    # the definition, written out: every 2 of the hole with every 3 of the board, valued as
    # a five-card hand by phevaluator (independent of eval7)
    from phevaluator import evaluate_cards

    rng = random.Random(3)
    for _ in range(200):
        hole, board = _sample(rng, 6)
        ref = min(int(evaluate_cards(*two, *three)) for two in combinations(hole, 2)
                  for three in combinations(board, 3))
        assert hand_category(omaha_value(hole, board)) == ph_category(ref)


# ---- the low: eight or better, A-5, two hole cards and three board cards


def test_low_by_hand() -> None:
    from hhaudit.engine.evaluator import NO_LOW, describe_low, low_value

    # the wheel, straights and flushes ignored: As 2s with 3s 4s 5s is still 5-4-3-2-A
    assert describe_low(low_value(h("As 2s Kc Kd"), h("3s 4s 5s Qh Jd"))) == "wheel (5-4-3-2-A)"
    # an eight low
    assert describe_low(low_value(h("8c 6d Kc Kd"), h("As 3s 4h Qh Jd"))) == "8-6-4-3-A low"
    # a nine is no low
    assert low_value(h("9c 6d Kc Kd"), h("As 3s 4h Qh Jd")) == NO_LOW
    # three low cards in the hand do not help: two play. A 2 3 in the hand, board 4 K Q J T:
    # one low board card, no low
    assert low_value(h("Ac 2d 3h Kd"), h("4s Ks Qh Jh Td")) == NO_LOW
    # the counterfeited ace: A 2 in the hand, A 3 4 on the board: A-2 with A-3-4 pairs,
    # no low; another hand's 2 6 makes 6-4-3-2-A
    assert low_value(h("As 2h Tc Td"), h("Ad 3c 4d Kd Qs")) == NO_LOW
    assert describe_low(low_value(h("2s 6s Jh Jc"), h("Ad 3c 4d Kd Qs"))) == "6-4-3-2-A low"
    # lower is better, compared from the highest card down: 7-5-4-2-A loses to 7-4-3-2-A
    assert low_value(h("As 3s Jh Jc"), h("2c 4d 7h Ks Qd")) < low_value(h("Ah 5h Tc Td"), h("2c 4d 7h Ks Qd"))
    # a pair in the hand does not block the low of its other cards: A A 2 3 on 4 5 8 K Q
    # plays A-2 (8-5-4-2-A), better than A-3 (8-5-4-3-A) and 2-3 (8-5-4-3-2)
    assert describe_low(low_value(h("Ac Ad 2h 3h"), h("4s 5s 8d Kh Qs"))) == "8-5-4-2-A low"
    # two low board cards are no low, whatever the hand
    assert low_value(h("Ac Ad 2h 3h"), h("4s 6s 9d Kh Qs")) == NO_LOW


def test_best_lows() -> None:
    from hhaudit.engine.evaluator import best_lows

    board = h("2c 4d 7h Ks Qd")
    assert best_lows({2: h("As 3s Jh Jc"), 5: h("Kc Kh 9s 9d"), 8: h("Ah 3h Tc Td")}, board) == [2, 8]
    assert best_lows({5: h("Kc Kh 9s 9d"), 8: h("Jh Jc Tc Td")}, board) == []


def _pokerkit_low(hole: list[str], board: list[str]) -> object | None:
    from pokerkit import OmahaEightOrBetterLowHand

    try:
        return OmahaEightOrBetterLowHand.from_game("".join(hole), "".join(board))
    except ValueError:
        return None


@pytest.mark.parametrize("holes", [4, 5, 6])
def test_low_against_pokerkit(holes: int) -> None:
    # pokerkit's OmahaEightOrBetterLowHand (stronger compares greater; ValueError when no
    # low qualifies): whether a low qualifies, and the order of two hands on one board.
    # Boards drawn from the low cards half the time, so most deals make lows.
    from hhaudit.engine.evaluator import NO_LOW, low_value

    rng = random.Random(100 + holes)
    lows = [c for c in DECK if c[0] in "A2345678"]
    made = 0
    for i in range(300):
        board = rng.sample(lows, 5) if i % 2 else rng.sample(DECK, 5)
        rest = [c for c in DECK if c not in board]
        cards = rng.sample(rest, 2 * holes)
        a, b = cards[:holes], cards[holes:]
        va, vb = low_value(a, board), low_value(b, board)
        ka, kb = _pokerkit_low(a, board), _pokerkit_low(b, board)
        assert (va == NO_LOW) == (ka is None), (a, board)
        assert (vb == NO_LOW) == (kb is None), (b, board)
        if ka is not None and kb is not None:
            made += 1
            assert sign(vb - va) == sign((ka > kb) - (ka < kb)), (a, b, board)  # type: ignore[operator]
    assert made > 50


def test_low_brute_force_reference() -> None:
    # the definition written out, independent of the code: every two hole cards with every
    # three board cards; five different ranks, all eight or lower (ace one); the lowest by
    # the ranks from the highest down
    from hhaudit.engine.evaluator import NO_LOW, low_value

    value = {"A": 1, **{str(n): n for n in range(2, 9)}}
    rng = random.Random(11)
    for _ in range(3000):
        cards = rng.sample(DECK, 10)
        hole, board = cards[:5], cards[5:]
        best = None
        for two in combinations(hole, 2):
            for three in combinations(board, 3):
                ranks = [value.get(c[0], 99) for c in (*two, *three)]
                if max(ranks) <= 8 and len(set(ranks)) == 5:
                    key = sorted(ranks, reverse=True)
                    best = key if best is None or key < best else best
        v = low_value(hole, board)
        if best is None:
            assert v == NO_LOW
        else:
            assert v != NO_LOW
            assert [(v >> s) & 0xF for s in (16, 12, 8, 4, 0)] == best
