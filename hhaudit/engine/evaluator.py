"""Showdown evaluator used by the pot auditor: Texas Hold'em and Omaha.

This module is the only place in :mod:`hhaudit` that talks to the ``eval7``
library (a fast Cython hand evaluator).  Everything else works with plain
two-character card strings such as ``"Ah"`` or ``"Tc"``: rank first, from
``"23456789TJQKA"``, then suit, from ``"cdhs"``.

Public API
----------
``normalize_card(text)``
    Canonical card string; also accepts ``"10h"``, any letter case
    (``"ah"``, ``"AH"``, ``"tc"``).  Anything else raises ``ValueError``.
``hand_value(cards)``
    Integer value of the best five-card hand among 5, 6 or 7 cards.  Higher
    is better and equal values are exact ties (suits never break ties).
``hand_category(value)``
    The category of a value in dealer words: ``"high card"``, ``"one pair"``,
    ``"two pair"``, ``"three of a kind"``, ``"straight"``, ``"flush"``,
    ``"full house"``, ``"four of a kind"``, ``"straight flush"``.
``describe(cards)``
    The category plus the five cards that make the hand, e.g.
    ``"two pair (Kc Kd Qh Qs 5c)"``.
``best_hands(hands, board, variant="holdem")``
    The seats (ascending) that win or tie at showdown.
``omaha_value(hole, board)``
    Omaha's high hand: the best of every two hole cards with every three board
    cards (4, 5 or 6 hole cards), as a :func:`hand_value`.
``low_value(hole, board)``
    Omaha Hi/Lo's low, eight or better: the best A-5 low of two hole cards and
    three board cards, five different ranks eight or lower (aces low, straights
    and flushes ignored); LOWER is better, ``NO_LOW`` (-1) when none qualifies.
``best_lows(hands, board)``
    The seats (ascending) holding the best qualifying low; empty when none does.
``describe_low(value)``
    A low in dealer words, e.g. ``"8-6-4-3-A low"``; ``"wheel (5-4-3-2-A)"``.

Omaha's hands are eval7's values of the 5-card hands the rule allows (at most
15 x 10 = 150 of them for six hole cards), so the two games share one exact
ranking; ``tests/test_evaluator_omaha.py`` checks it against pokerkit's and
phevaluator's own Omaha evaluators.

Notes on eval7 (why the wrapper validates everything itself): ``eval7``
silently accepts duplicate cards and card counts outside 5..7, its card parser
ignores trailing characters (``"Ahh"`` parses as ``"Ah"``) and reports bad
input as ``"tuple.index(x): x not in tuple"``.  Its values encode the hand
category in the bits from 24 upwards (0 = high card ... 8 = straight flush),
which is what :func:`hand_category` decodes; its own ``handtype`` names
("Pair", "Trips", "Quads", ...) are not dealer wording and are not used.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import combinations
from typing import Any, Final

import eval7  # type: ignore[import-untyped, unused-ignore]

__all__ = [
    "CATEGORIES",
    "NO_LOW",
    "RANKS",
    "SUITS",
    "best_hands",
    "best_lows",
    "describe",
    "describe_low",
    "hand_category",
    "hand_value",
    "low_value",
    "normalize_card",
    "omaha_value",
]

RANKS: Final = "23456789TJQKA"
SUITS: Final = "cdhs"

#: Category names indexed by eval7's hand-type number (``value >> 24``).
CATEGORIES: Final[tuple[str, ...]] = (
    "high card",
    "one pair",
    "two pair",
    "three of a kind",
    "straight",
    "flush",
    "full house",
    "four of a kind",
    "straight flush",
)

_CATEGORY_SHIFT: Final = 24

# One eval7.Card per canonical card string, built once.
_CARDS: Final[dict[str, Any]] = {r + s: eval7.Card(r + s) for r in RANKS for s in SUITS}


def normalize_card(text: object) -> str:
    """Return the canonical two-character form of a card, e.g. ``"ah" -> "Ah"``.

    Accepts rank ``2-9``, ``T``/``10``, ``J``, ``Q``, ``K``, ``A`` and suit
    ``c``, ``d``, ``h``, ``s`` in any letter case.  No surrounding whitespace
    is allowed.  Anything else, a non-string included, raises ``ValueError``
    (typed ``object`` so that, compiled, a non-string reaches that check).
    """
    if type(text) is str and text in _CARDS:
        return text  # already canonical (what the formats write)
    if not isinstance(text, str):
        raise ValueError(f"card must be a string like 'Ah', got {text!r}")
    body = text
    if len(body) == 3 and body[:2] == "10":
        body = "T" + body[2]
    if len(body) != 2:
        raise ValueError(
            f"invalid card {text!r}: expected rank {RANKS} (or 10) followed by suit {SUITS}"
        )
    rank, suit = body[0].upper(), body[1].lower()
    if rank not in RANKS:
        raise ValueError(f"invalid card {text!r}: unknown rank {body[0]!r}")
    if suit not in SUITS:
        raise ValueError(f"invalid card {text!r}: unknown suit {body[1]!r}")
    return rank + suit


def _normalize_all(cards: Sequence[str], what: str) -> list[str]:
    """Normalize a card sequence and reject duplicates."""
    if isinstance(cards, str):
        raise ValueError(f"{what} must be a sequence of card strings, not the string {cards!r}")
    normalized = [normalize_card(c) for c in cards]
    seen: set[str] = set()
    for card in normalized:
        if card in seen:
            raise ValueError(f"duplicate card {card} in {what}")
        seen.add(card)
    return normalized


def _value(normalized: Sequence[str]) -> int:
    return int(eval7.evaluate([_CARDS[c] for c in normalized]))


def _checked(cards: Sequence[str]) -> list[str]:
    normalized = _normalize_all(cards, "hand")
    if not 5 <= len(normalized) <= 7:
        raise ValueError(f"a hand needs 5, 6 or 7 cards, got {len(normalized)}")
    return normalized


def hand_value(cards: Sequence[str]) -> int:
    """Value of the best five-card hand in ``cards`` (5-7 distinct cards).

    Higher is better; equal values are exact ties.
    """
    return _value(_checked(cards))


def hand_category(value: int) -> str:
    """Dealer name of the category of a value returned by :func:`hand_value`."""
    kind = value >> _CATEGORY_SHIFT
    if value < 0 or kind >= len(CATEGORIES):
        raise ValueError(f"{value!r} is not a hand value")
    return CATEGORIES[kind]


def _best_five(normalized: list[str], value: int) -> list[str]:
    """The five cards making ``value``, in dealer order.

    Cards are ordered by rank-group size, then rank (ace last in a wheel);
    between equivalent choices, earlier input cards are preferred.
    """
    five: list[str] = list(normalized)
    if len(normalized) > 5:
        five = next(list(sub) for sub in combinations(normalized, 5) if _value(sub) == value)
    counts = {r: sum(1 for c in five if c[0] == r) for r in {c[0] for c in five}}
    five.sort(key=lambda c: (-counts[c[0]], -RANKS.index(c[0])))
    if hand_category(value) in ("straight", "straight flush") and [c[0] for c in five] == list(
        "A5432"
    ):
        five = five[1:] + five[:1]
    return five


def describe(cards: Sequence[str]) -> str:
    """Category and the five cards used, e.g. ``"flush (Ah Jh 9h 6h 4h)"``."""
    normalized = _checked(cards)
    value = _value(normalized)
    return f"{hand_category(value)} ({' '.join(_best_five(normalized, value))})"


def describe_hand(hole: Sequence[str], board: Sequence[str], variant: str = "holdem") -> str:
    """A player's high hand at showdown as a dealer reads it: the category and the five
    cards that make it, e.g. ``"one pair (Qh Qd Ks 9c 4h)"``. In
    Omaha the five are exactly two hole cards and three of the board."""
    if variant == "omaha":
        board_cards = _normalize_all(board, "board")
        hole_cards = _hole_checked({0: hole}, set(board_cards), 4, 6)[0]
        best: tuple[int, list[str]] = (-1, [])
        for two in combinations(hole_cards, 2):
            for three in combinations(board_cards, 3):
                five = list(two) + list(three)
                value = _value(five)
                if value > best[0]:
                    best = (value, five)
        return f"{hand_category(best[0])} ({' '.join(_best_five(best[1], best[0]))})"
    return describe(list(hole) + list(board))


def best_hands(hands: Mapping[int, Sequence[str]], board: Sequence[str], variant: str = "holdem") -> list[int]:
    """Seats holding the best hand (all tied seats), in ascending seat order.

    ``hands`` maps seat number to its hole cards: exactly two in Hold'em, four to six in
    Omaha (``variant="omaha"``); ``board`` has exactly five cards.  No card may appear
    twice across hands and board.  Any other variant raises ``ValueError``: a game is
    never judged by another game's hands.
    """
    if not hands:
        raise ValueError("no hands to compare")
    board_cards = _normalize_all(board, "board")
    if len(board_cards) != 5:
        raise ValueError(f"the board needs 5 cards, got {len(board_cards)}")
    if variant == "omaha":
        return _best(_omaha_values(hands, board_cards))
    if variant != "holdem":
        raise ValueError(f"no showdown evaluator for {variant!r}")
    used = set(board_cards)
    board_evals = [_CARDS[c] for c in board_cards]
    values: dict[int, int] = {}
    for seat, hole in hands.items():
        if type(hole) is tuple and len(hole) == 2:
            a, b = hole
            if type(a) is str and type(b) is str and a in _CARDS and b in _CARDS and a != b \
                    and a not in used and b not in used:
                # two canonical cards not seen yet (what the formats give): the checks
                # below would pass them as they are
                used.add(a)
                used.add(b)
                values[seat] = int(eval7.evaluate([_CARDS[a], _CARDS[b], *board_evals]))
                continue
        hole_cards = _normalize_all(hole, f"seat {seat}")
        if len(hole_cards) != 2:
            raise ValueError(f"seat {seat} needs 2 hole cards, got {len(hole_cards)}")
        for card in hole_cards:
            if card in used:
                raise ValueError(f"duplicate card {card} (seat {seat})")
            used.add(card)
        values[seat] = _value(hole_cards + board_cards)
    return _best(values)


def _best(values: dict[int, int]) -> list[int]:
    top = max(values.values())
    return sorted(seat for seat, v in values.items() if v == top)


def _hole_checked(hands: Mapping[int, Sequence[str]], used: set[str], low: int, high: int) -> dict[int, list[str]]:
    """Each seat's hole cards, normalized, with `low` to `high` cards, none seen before."""
    out: dict[int, list[str]] = {}
    for seat, hole in hands.items():
        hole_cards = _normalize_all(hole, f"seat {seat}")
        if not low <= len(hole_cards) <= high:
            raise ValueError(f"seat {seat} needs {low} to {high} hole cards, got {len(hole_cards)}")
        for card in hole_cards:
            if card in used:
                raise ValueError(f"duplicate card {card} (seat {seat})")
            used.add(card)
        out[seat] = hole_cards
    return out


def _omaha_values(hands: Mapping[int, Sequence[str]], board_cards: list[str]) -> dict[int, int]:
    holes = _hole_checked(hands, set(board_cards), 4, 6)
    threes = [[_CARDS[c] for c in three] for three in combinations(board_cards, 3)]
    return {seat: _omaha_best(hole, threes) for seat, hole in holes.items()}


def _omaha_best(hole: list[str], threes: list[list[Any]]) -> int:
    """The best value of two of `hole` with one of the board's three-card sets."""
    best = -1
    for a, b in combinations(hole, 2):
        pair = [_CARDS[a], _CARDS[b]]
        for three in threes:
            best = max(best, int(eval7.evaluate(pair + three)))
    return best


def omaha_value(hole: Sequence[str], board: Sequence[str]) -> int:
    """Omaha's high hand: the best :func:`hand_value` of exactly two of the 4-6 hole cards
    with exactly three of the board's 3-5 cards."""
    board_cards = _normalize_all(board, "board")
    if not 3 <= len(board_cards) <= 5:
        raise ValueError(f"the board needs 3 to 5 cards, got {len(board_cards)}")
    hole_cards = _hole_checked({0: hole}, set(board_cards), 4, 6)[0]
    return _omaha_best(hole_cards, [[_CARDS[c] for c in t] for t in combinations(board_cards, 3)])


#: `low_value` of a hand with no qualifying low.
NO_LOW: Final = -1

# A-5 lowball ranks of the cards that can make an eight-or-better low: ace 1, two 2 ... 8.
_LOW_RANK: Final[dict[str, int]] = {"A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8}


def _low_of(ranks: list[int]) -> int:
    """Five different low ranks as one number, LOWER better: the ranks from the highest
    down, four bits each (8-7-6-5-4 is 0x87654, the wheel 5-4-3-2-A 0x54321)."""
    ranks.sort(reverse=True)
    return (ranks[0] << 16) | (ranks[1] << 12) | (ranks[2] << 8) | (ranks[3] << 4) | ranks[4]


def _best_low(hole: list[str], board: list[str]) -> int:
    """The best low of exactly two hole cards with exactly three board cards (cards already
    checked): only cards eight or lower can play, of five different ranks."""
    hole_ranks = sorted({_LOW_RANK[c[0]] for c in hole if c[0] in _LOW_RANK})
    board_ranks = sorted({_LOW_RANK[c[0]] for c in board if c[0] in _LOW_RANK})
    if len(hole_ranks) < 2 or len(board_ranks) < 3:
        return NO_LOW
    best = NO_LOW
    for a, b in combinations(hole_ranks, 2):
        for x, y, z in combinations(board_ranks, 3):
            if x in (a, b) or y in (a, b) or z in (a, b):
                continue  # a pair is no low
            v = _low_of([a, b, x, y, z])
            if best == NO_LOW or v < best:
                best = v
    return best


def low_value(hole: Sequence[str], board: Sequence[str]) -> int:
    """Omaha Hi/Lo's eight-or-better low of 4-6 hole cards on a 3-5 card board: exactly
    two hole cards and exactly three board cards, five different ranks eight or lower, aces
    low, straights and flushes ignored (A-5 lowball). LOWER is better; equal values tie;
    ``NO_LOW`` when no low qualifies."""
    board_cards = _normalize_all(board, "board")
    if not 3 <= len(board_cards) <= 5:
        raise ValueError(f"the board needs 3 to 5 cards, got {len(board_cards)}")
    hole_cards = _hole_checked({0: hole}, set(board_cards), 4, 6)[0]
    return _best_low(hole_cards, board_cards)


def best_lows(hands: Mapping[int, Sequence[str]], board: Sequence[str]) -> list[int]:
    """Seats holding the best qualifying eight-or-better low (all tied seats), ascending;
    empty when no hand makes a low. ``hands`` maps seats to 4-6 hole cards, ``board`` has
    five cards, no card twice."""
    if not hands:
        raise ValueError("no hands to compare")
    board_cards = _normalize_all(board, "board")
    if len(board_cards) != 5:
        raise ValueError(f"the board needs 5 cards, got {len(board_cards)}")
    holes = _hole_checked(hands, set(board_cards), 4, 6)
    lows = {seat: _best_low(hole, board_cards) for seat, hole in holes.items()}
    made = [v for v in lows.values() if v != NO_LOW]
    if not made:
        return []
    top = min(made)
    return sorted(seat for seat, v in lows.items() if v == top)


def describe_low(value: int) -> str:
    """A `low_value` in dealer words: ``"8-6-4-3-A low"``, ``"wheel (5-4-3-2-A)"``,
    ``"no low"``."""
    if value == NO_LOW:
        return "no low"
    names = "A2345678"
    ranks = [names[((value >> shift) & 0xF) - 1] for shift in (16, 12, 8, 4, 0)]
    text = "-".join(ranks)
    return f"wheel ({text})" if text == "5-4-3-2-A" else f"{text} low"
