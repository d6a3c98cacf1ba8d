"""The games hhaudit audits, and the one check made before a hand is audited.

A format reads the game from the hand's header and sets `Hand.variant`, `Hand.hole_cards`
and `Hand.hilo`; `parsing.read_hand` then asks :func:`unaudited_reason` for every hand a
format returns as `audited`, and makes a hand of any other game `unsupported_game` (read
whole, its game named, not judged). The auditor makes the same check again
(`Auditor.audit`) for hands built by other means (the API, tests), so no hand of another
game is ever judged with a Hold'em evaluator.

Audited:

- Texas Hold'em (`holdem`), two hole cards, high only: NLHE, PLHE, FLHE.
- Omaha (`omaha`) with 4, 5 or 6 hole cards, high only (NLO, PLO, FLO, PLO5, PLO6) and
  Hi/Lo eight or better (PLO8, FLO8, PLO5-8, PLO6-8): the best high hand, and the best low,
  use exactly two hole cards and exactly three board cards (`evaluator`); Hi/Lo pots are
  split high and low, each pot on its own (`pots.split_run`).

The game is what the cards say: a hand whose header names Hold'em but whose every player
the log shows cards of holds four (five, six) cards is an Omaha hand the site mislabels
(`cards_say`); the auditor judges it as that Omaha game and says so once per file (PA05,
an info finding).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Final

from ..model import DealEvent, Limit, ShowEvent

if TYPE_CHECKING:
    from ..model import Hand

__all__ = ["AUDITED", "HOLDEM", "OMAHA", "cards_say", "game_code", "is_audited", "unaudited_reason"]

HOLDEM: Final = "holdem"
OMAHA: Final = "omaha"

#: (variant, hole cards, hi/lo) of every game the auditor judges.
AUDITED: Final[frozenset[tuple[str, int, bool]]] = frozenset(
    {(HOLDEM, 2, False)}
    | {(OMAHA, n, hilo) for n in (4, 5, 6) for hilo in (False, True)}
)


def is_audited(variant: str, hole_cards: int, hilo: bool) -> bool:
    """Whether hands of this game are audited (showdowns, pots, splits judged)."""
    return (variant, hole_cards, hilo) in AUDITED


def unaudited_reason(variant: str, hole_cards: int, hilo: bool) -> str:
    """Why hands of this game are not audited, in a few words ("" when they are)."""
    if is_audited(variant, hole_cards, hilo):
        return ""
    if variant == HOLDEM and hole_cards != 2:
        return f"Hold'em with {hole_cards} hole cards"
    if variant == HOLDEM and hilo:
        return "Hold'em Hi/Lo"
    if variant == OMAHA:
        return f"Omaha{' Hi/Lo' if hilo else ''} with {hole_cards} hole cards"
    return variant or "an unnamed game"


def cards_say(hand: Hand) -> int | None:
    """The Omaha hole-card count (4, 5 or 6) of a hand read as Hold'em whose every hand the
    log shows (dealt, shown or revealed) holds that many cards; None otherwise (a Hold'em
    hand, or counts that disagree: WN03 judges those)."""
    if hand.variant != HOLDEM or hand.hole_cards != 2 or hand.hilo:
        return None  # a Hold'em of another count is a game of its own (`unaudited_reason`)
    # The first count seen decides unless another disagrees: a first count no Omaha game
    # deals (two: the hand is the Hold'em it says) ends the look at once.
    n = 0
    for count in _card_counts(hand):
        if not n:
            n = count
            if n not in (4, 5, 6):
                return None
        elif count != n:
            return None
    return n or None


def _card_counts(hand: Hand) -> Iterator[int]:
    """How many hole cards each hand the log shows holds: dealt and show lines, then what the
    format read outside its events (`Hand.revealed`)."""
    for e in hand.events:
        if isinstance(e, (DealEvent, ShowEvent)) and e.cards:
            yield len(e.cards)
    for k in hand.revealed.values():
        if k.cards:
            yield len(k.cards)


_LIMIT_CODE: Final = {Limit.NO_LIMIT: "NL", Limit.POT_LIMIT: "PL", Limit.FIXED_LIMIT: "FL"}


def game_code(limit: Limit, variant: str = "holdem", hole_cards: int = 2, hilo: bool = False) -> str:
    """The `hands.game` code: NLHE, PLHE, FLHE for Hold'em; for Omaha NLO, PLO, FLO, the
    hole-card count when it is not four (PLO5, PLO6) and `8` for Hi/Lo eight or better
    (PLO8, FLO8; PLO5-8 where a count is written)."""
    if variant != "omaha":
        return _LIMIT_CODE[limit] + "HE"
    count = "" if hole_cards == 4 else str(hole_cards)
    return _LIMIT_CODE[limit] + "O" + count + (("-8" if count else "8") if hilo else "")
