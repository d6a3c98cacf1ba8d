"""Tests for hhaudit.engine.evaluator.

Expected outcomes are worked out by hand (or come from independent
evaluators: phevaluator and treys, where a LOWER rank is better), never from
the evaluator's own output.
"""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations, combinations_with_replacement

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hhaudit.engine.evaluator import best_hands, describe, hand_category, hand_value, normalize_card

RANKS = "23456789TJQKA"
SUITS = "cdhs"
DECK = [r + s for r in RANKS for s in SUITS]


def h(text: str) -> list[str]:
    return text.split()


def sign(x: int) -> int:
    return (x > 0) - (x < 0)


# phevaluator / treys rank (1 = royal flush ... 7462 = 7-5-4-3-2) -> category
PH_CATEGORY_RANGES = [
    (1, 10, "straight flush"),
    (11, 166, "four of a kind"),
    (167, 322, "full house"),
    (323, 1599, "flush"),
    (1600, 1609, "straight"),
    (1610, 2467, "three of a kind"),
    (2468, 3325, "two pair"),
    (3326, 6185, "one pair"),
    (6186, 7462, "high card"),
]


def ph_category(rank: int) -> str:
    for lo, hi, name in PH_CATEGORY_RANGES:
        if lo <= rank <= hi:
            return name
    raise AssertionError(f"phevaluator rank out of range: {rank}")


def ph_rank(cards: list[str]) -> int:
    from phevaluator import evaluate_cards

    return int(evaluate_cards(*cards))


def assert_same_order(ours: list[int], theirs: list[int]) -> None:
    """ours: higher is better; theirs: lower is better. Orders must coincide.

    Sorting by our value and checking each adjacent pair proves the two total
    preorders are identical (ties included), by transitivity.
    """
    order = sorted(range(len(ours)), key=lambda i: ours[i])
    for a, b in zip(order, order[1:]):
        assert sign(ours[b] - ours[a]) == sign(theirs[a] - theirs[b]), (a, b)


# ---------------------------------------------------------------------------
# Agreement with independent evaluators
# ---------------------------------------------------------------------------


def all_5card_classes() -> list[list[str]]:
    """One representative hand for each of the 7462 distinct 5-card hand values."""
    reps: list[list[str]] = []
    for ranks in combinations_with_replacement(RANKS, 5):
        counts = Counter(ranks)
        if max(counts.values()) == 5:
            continue
        if len(counts) == 5:
            reps.append([r + "h" for r in ranks])  # flush / straight flush
            reps.append([ranks[0] + "c"] + [r + "d" for r in ranks[1:]])  # no flush
        else:
            seen: Counter[str] = Counter()
            hand = []
            for r in ranks:
                hand.append(r + SUITS[seen[r]])
                seen[r] += 1
            reps.append(hand)
    return reps


def test_every_5card_class_matches_phevaluator() -> None:
    reps = all_5card_classes()
    theirs = [ph_rank(c) for c in reps]
    assert sorted(theirs) == list(range(1, 7463))  # the generator covers every class once
    ours = [hand_value(c) for c in reps]
    assert len(set(ours)) == 7462
    assert_same_order(ours, theirs)
    for value, rank in zip(ours, theirs):
        assert hand_category(value) == ph_category(rank)


def test_random_7card_hands_agree_with_phevaluator() -> None:
    rng = random.Random(20240601)
    hands = [rng.sample(DECK, 7) for _ in range(20_000)]
    ours = [hand_value(c) for c in hands]
    theirs = [ph_rank(c) for c in hands]
    for value, rank, cards in zip(ours, theirs, hands):
        assert hand_category(value) == ph_category(rank), cards
    assert_same_order(ours, theirs)
    for _ in range(20_000):
        i, j = rng.randrange(len(hands)), rng.randrange(len(hands))
        assert sign(ours[i] - ours[j]) == sign(theirs[j] - theirs[i]), (hands[i], hands[j])
    # the sample is big enough to exercise every category
    assert {hand_category(v) for v in ours} == {name for _, _, name in PH_CATEGORY_RANGES}


def test_random_6card_hands_agree_with_treys() -> None:
    from treys import Card, Evaluator

    evaluator = Evaluator()
    rng = random.Random(7)
    hands = [rng.sample(DECK, 6) for _ in range(4_000)]
    ours = [hand_value(c) for c in hands]
    theirs = [
        int(evaluator.evaluate([Card.new(c) for c in cards[:2]], [Card.new(c) for c in cards[2:]]))
        for cards in hands
    ]
    for value, rank in zip(ours, theirs):
        assert hand_category(value) == ph_category(rank)
    assert_same_order(ours, theirs)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(DECK), min_size=7, max_size=7, unique=True))
def test_seven_cards_is_best_five_card_subset(cards: list[str]) -> None:
    best = max(hand_value(list(sub)) for sub in combinations(cards, 5))
    assert hand_value(cards) == best
    assert hand_value(list(reversed(cards))) == best
    assert hand_value(cards[:6]) <= best
    # the five cards shown by describe() really make that hand
    shown = describe(cards).split("(")[1].rstrip(")").split()
    assert len(shown) == 5 and set(shown) <= set(cards)
    assert hand_value(shown) == best


# ---------------------------------------------------------------------------
# Categories and ordering, 5 cards
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "category"),
    [
        ("As Ks Qs Js Ts", "straight flush"),
        ("As 2s 3s 4s 5s", "straight flush"),
        ("9c 9d 9h 9s 2c", "four of a kind"),
        ("9c 9d 9h 2s 2c", "full house"),
        ("2h 7h 9h Jh Ah", "flush"),
        ("Ah 2c 3d 4s 5h", "straight"),
        ("Tc Jd Qh Ks Ad", "straight"),
        ("7c 7d 7h Ks 2d", "three of a kind"),
        ("7c 7d Kh Ks 2d", "two pair"),
        ("7c 7d Kh Qs 2d", "one pair"),
        ("Ac Jd 9h 5s 2d", "high card"),
        ("Kc Ad 2h 3s 4d", "high card"),  # no wrap-around straight
        ("Ac Kd Qh Js 9d", "high card"),  # four to broadway is nothing
        ("Ah Kh Qh Jh 9c", "high card"),  # four to a flush is nothing
    ],
)
def test_category_5_cards(cards: str, category: str) -> None:
    assert hand_category(hand_value(h(cards))) == category


def test_strict_ladder_from_worst_to_best() -> None:
    ladder = [
        "7c 5d 4h 3s 2c",  # worst possible hand
        "Ac Kd Qh Js 9d",  # best high card
        "2c 2d 3h 4s 5c",
        "Ac Ad Kh Qs Jc",
        "3c 3d 2h 2s 4c",
        "Ac Ad Kh Ks Qc",
        "2c 2d 2h 3s 4c",
        "Ac Ad Ah Ks Qc",
        "Ah 2c 3d 4s 5h",  # wheel, lowest straight, still beats trips
        "2c 3d 4h 5s 6c",
        "Tc Jd Qh Ks Ad",
        "2h 3h 4h 5h 7h",  # lowest flush
        "Ah Kh Qh Jh 9h",
        "2c 2d 2h 3s 3c",
        "Ac Ad Ah Ks Kc",
        "2c 2d 2h 2s 3c",
        "Ac Ad Ah As Kc",
        "As 2s 3s 4s 5s",  # steel wheel
        "2s 3s 4s 5s 6s",
        "9s Ts Js Qs Ks",
        "As Ks Qs Js Ts",  # royal flush
    ]
    values = [hand_value(h(c)) for c in ladder]
    assert all(a < b for a, b in zip(values, values[1:]))


# ---------------------------------------------------------------------------
# Boundary cases
# ---------------------------------------------------------------------------


def test_wheel_loses_to_six_high_straight() -> None:
    wheel, six_high = hand_value(h("Ah 2c 3d 4s 5h")), hand_value(h("2c 3d 4s 5h 6c"))
    assert hand_category(wheel) == hand_category(six_high) == "straight"
    assert wheel < six_high
    board = h("2c 3d 4s 9h Kc")
    assert best_hands({1: h("Ah 5h"), 2: h("5d 6d")}, board) == [2]
    assert describe(h("Ah 5h") + board) == "straight (5h 4s 3d 2c Ah)"


def test_steel_wheel() -> None:
    steel = hand_value(h("As 2s 3s 4s 5s"))
    assert hand_category(steel) == "straight flush"
    assert steel > hand_value(h("Ac Ad Ah As Kc"))
    assert steel < hand_value(h("2h 3h 4h 5h 6h"))
    # steel wheel beats four aces at showdown
    assert best_hands({1: h("4s 5s"), 2: h("Ah Kd")}, h("As 2s 3s Ac Ad")) == [1]
    # ...but loses to the 6-high straight flush
    assert best_hands({4: h("As Ah"), 7: h("6s 2c")}, h("2s 3s 4s 5s Kd")) == [7]


def test_royal_flush() -> None:
    royal = hand_value(h("Ah Kh Qh Jh Th 9h 8h"))
    assert hand_category(royal) == "straight flush"
    assert royal == hand_value(h("As Ks Qs Js Ts"))  # suits never matter
    assert royal > hand_value(h("Ks Qs Js Ts 9s"))
    assert describe(h("Ah Kh Qh Jh Th 9h 8h")) == "straight flush (Ah Kh Qh Jh Th)"


def test_board_plays_three_way_tie() -> None:
    board = h("5c 6d 7h 8s 9c")
    hands = {1: h("Ah Kh"), 2: h("4h 4d"), 3: h("9d 9h")}  # 4-8 straight, trip nines: board is better
    assert best_hands(hands, board) == [1, 2, 3]
    assert hand_value(hands[3] + board) == hand_value(board)
    assert describe(hands[1] + board) == "straight (9c 8s 7h 6d 5c)"
    # a ten makes a higher straight
    assert best_hands({**hands, 4: h("Tc 2d")}, board) == [4]


def test_kickers() -> None:
    board = h("Ac 7d 4h 9s 2c")
    assert best_hands({1: h("Ad Kh"), 2: h("Ah Qs")}, board) == [1]
    assert describe(h("Ad Kh") + board) == "one pair (Ad Ac Kh 9s 7d)"
    # kicker does not play when the board's K Q J outrank it
    assert best_hands({1: h("Ah 2d"), 2: h("Ad 4c")}, h("As Kd Qh Jc 3s")) == [1, 2]


def test_counterfeited_two_pair() -> None:
    board = h("Kc Kd Qh Qs 5c")
    # 22 is counterfeited: plays KKQQ with the board's 5
    assert hand_value(h("2c 2d") + board) == hand_value(board)
    assert describe(h("2c 2d") + board) == "two pair (Kc Kd Qh Qs 5c)"
    assert best_hands({1: h("2c 2d"), 2: h("Ah 3d")}, board) == [2]
    assert best_hands({1: h("2c 2d"), 3: h("4h 3c")}, board) == [1, 3]


def test_flush_beats_straight() -> None:
    board = h("2h 7h 9h Tc Jd")
    assert hand_category(hand_value(h("8c Qd") + board)) == "straight"
    assert hand_category(hand_value(h("Ah 3h") + board)) == "flush"
    assert best_hands({1: h("Ah 3h"), 2: h("8c Qd")}, board) == [1]


def test_full_house_over_full_house() -> None:
    assert hand_value(h("9c 9d 9h 5s 5h")) > hand_value(h("5c 5d 5h Ac Ad"))
    assert hand_value(h("9c 9d 9h As Ad")) > hand_value(h("9c 9d 9h Ks Kd"))
    board = h("9c 9d 5h 5s Kc")
    hands = {1: h("9h 2c"), 2: h("Kd Ks"), 3: h("5d Kh")}  # 999-55, KKK-99, 555-KK
    for seat in hands:
        assert hand_category(hand_value(hands[seat] + board)) == "full house"
    assert best_hands(hands, board) == [2]
    assert best_hands({1: hands[1], 3: hands[3]}, board) == [1]  # trips rank decides
    assert describe(hands[3] + board) == "full house (5d 5h 5s Kh Kc)"


def test_two_flushes_decided_by_fifth_card() -> None:
    assert hand_value(h("Ah Jh 9h 6h 4h")) > hand_value(h("Ad Jd 9d 6d 3d"))
    assert hand_value(h("Ah Jh 9h 6h 4h")) == hand_value(h("As Js 9s 6s 4s"))
    assert best_hands({1: h("4h Kc"), 2: h("3h Qd")}, h("Ah Jh 9h 6h 2c")) == [1]


def test_six_cards() -> None:
    assert hand_value(h("Ah Ad Kc Kd 7s 2c")) == hand_value(h("Ah Ad Kc Kd 7s"))
    assert describe(h("Ah Ad Kc Kd 7s 2c")) == "two pair (Ah Ad Kc Kd 7s)"
    assert hand_category(hand_value(h("2c 3d 4h 5s 6c Kd"))) == "straight"
    assert hand_value(h("Kd 2c 3d 4h 5s 6c")) == hand_value(h("2c 3d 4h 5s 6c"))
    assert hand_value(h("Ac Kc Qc Jc 9c Tc")) == hand_value(h("As Ks Qs Js Ts"))


def test_five_cards_describe() -> None:
    assert describe(h("2h 9s 2d 9h 2c")) == "full house (2h 2d 2c 9s 9h)"
    assert describe(h("4h Jh Ah 9h 6h")) == "flush (Ah Jh 9h 6h 4h)"
    assert describe(h("3c Kd 3s 7h Kh")) == "two pair (Kd Kh 3c 3s 7h)"


def test_mixed_spellings_are_accepted() -> None:
    assert hand_value(["10h", "jh", "QH", "kh", "ah"]) == hand_value(h("As Ks Qs Js Ts"))


# ---------------------------------------------------------------------------
# normalize_card
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Ah", "Ah"),
        ("ah", "Ah"),
        ("AH", "Ah"),
        ("aH", "Ah"),
        ("tc", "Tc"),
        ("TC", "Tc"),
        ("Tc", "Tc"),
        ("10h", "Th"),
        ("10H", "Th"),
        ("2d", "2d"),
        ("9S", "9s"),
        ("kS", "Ks"),
        ("qd", "Qd"),
        ("Jc", "Jc"),
    ],
)
def test_normalize_card(text: str, expected: str) -> None:
    assert normalize_card(text) == expected


@pytest.mark.parametrize(
    "text",
    ["", "A", "h", "Ahh", "Ax", "Zh", "1h", "0h", "11h", "10", "100h", "1Oh", " Ah", "Ah ", "A h", "hA", "Th1"],
)
def test_normalize_card_rejects(text: str) -> None:
    with pytest.raises(ValueError, match="card"):
        normalize_card(text)


def test_normalize_card_message_names_the_input() -> None:
    with pytest.raises(ValueError, match="'Ax'"):
        normalize_card("Ax")


@pytest.mark.parametrize("bad", [None, 14, ["Ah"]])
def test_normalize_card_rejects_non_strings(bad: object) -> None:
    with pytest.raises(ValueError):
        normalize_card(bad)  # type: ignore[arg-type]


# ---------------------------------------------------------------------------
# Errors
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "cards",
    [
        ["Ah", "Ah", "2c", "3d", "4s"],
        ["Ah", "AH", "2c", "3d", "4s"],  # same card, different spelling
        ["10h", "Th", "2c", "3d", "4s", "5s", "6s"],
    ],
)
def test_hand_value_rejects_duplicates(cards: list[str]) -> None:
    with pytest.raises(ValueError, match="duplicate"):
        hand_value(cards)


@pytest.mark.parametrize("cards", [[], h("Ah Kd"), h("Ah Kd Qc Js"), h("Ah Kd Qc Js Ts 9s 8s 7s")])
def test_hand_value_rejects_wrong_count(cards: list[str]) -> None:
    with pytest.raises(ValueError, match="5, 6 or 7"):
        hand_value(cards)


def test_hand_value_rejects_bad_cards_and_plain_strings() -> None:
    with pytest.raises(ValueError):
        hand_value(h("Ah Kd Qc Js Tx"))
    with pytest.raises(ValueError):
        hand_value("AhKdQcJsTs")
    with pytest.raises(ValueError, match="duplicate"):
        describe(h("Ah Kd Qc Js Ah"))


@pytest.mark.parametrize("value", [-1, 9 << 24, 1 << 40])
def test_hand_category_rejects_non_values(value: int) -> None:
    with pytest.raises(ValueError):
        hand_category(value)


def test_best_hands_errors() -> None:
    board = h("2c 3d 4h 5s 9c")
    with pytest.raises(ValueError):
        best_hands({}, board)
    with pytest.raises(ValueError, match="board"):
        best_hands({1: h("Ah Kh")}, board[:4])
    with pytest.raises(ValueError, match="seat 1"):
        best_hands({1: h("Ah Kh Qh")}, board)
    with pytest.raises(ValueError, match="duplicate"):
        best_hands({1: h("Ah Kh"), 2: h("Ah Qd")}, board)
    with pytest.raises(ValueError, match="duplicate"):
        best_hands({1: h("Ah 9c")}, board)


# ---------------------------------------------------------------------------
# best_hands seat handling
# ---------------------------------------------------------------------------


def test_best_hands_asymmetric_seats() -> None:
    board = h("Kc Kd Qh Qs 5c")
    # seats 9 and 2 both play KKQQ with an ace kicker; seat 5's 22 is counterfeited
    hands = {9: h("Ah 3d"), 2: h("As 4c"), 5: h("2c 2d")}
    assert best_hands(hands, board) == [2, 9]
    assert best_hands({5: h("2c 2d"), 9: h("Ah 3d")}, board) == [9]


def test_best_hands_single_seat_and_spellings() -> None:
    assert best_hands({3: ["ah", "10H"]}, ["2c", "3d", "4h", "5s", "9c"]) == [3]
