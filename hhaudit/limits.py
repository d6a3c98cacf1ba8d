"""hhaudit's limits: the sane bounds of the values a hand may hold and of one hand's size.

A value past these bounds is not a hand a room dealt: it is damage or an attack, and it is
reported as a `parse_error` hand with a PA03 finding instead of being judged. The bounds
also keep every table column in range: every amount is written with at least one character
of its hand, so all the amounts of one hand together are at most
`MAX_AMOUNT * MAX_HAND_CHARS` (about 4.4e18), below the 2**63 an `int64` column holds.

Compiled (pyproject's `compile` list): `out_of_bounds` runs for every hand read.
"""

from __future__ import annotations

from typing import Final

from .model import ActionEvent, CollectEvent, FeeEvent, Hand, PostEvent, UncalledEvent

MAX_AMOUNT: Final = 10**12
"""The largest amount, stack or blind, in the hand's smallest unit: ten billion dollars in
cents, a trillion tournament chips."""
MAX_SEAT: Final = 1000
"""The largest seat number and table size (`N-max`)."""
MAX_SCALE: Final = 8
"""The most decimal places an amount may be printed with."""
MAX_HAND_LINES: Final = 20_000
"""The most lines one hand may have (the longest real hand in the corpus has 110)."""
MAX_HAND_CHARS: Final = 4 << 20
"""The most characters one hand may have (4 MiB)."""


def out_of_bounds(hand: Hand) -> tuple[int, str, str] | None:
    """(line, what is out of bounds, the bound) for the first value of a hand past the
    limits, or None."""
    if not 0 <= hand.scale <= MAX_SCALE:
        return hand.line, f"{hand.scale} decimal places", f"at most {MAX_SCALE} decimal places"
    if hand.max_seats is not None and not 0 <= hand.max_seats <= MAX_SEAT:
        return hand.line, f"a table of {hand.max_seats} seats", f"at most {MAX_SEAT} seats"
    if hand.button_seat is not None and not 0 <= hand.button_seat <= MAX_SEAT:
        return hand.line, f"the button on seat {hand.button_seat}", f"a seat from 0 to {MAX_SEAT}"
    for what, value in (("small blind", hand.sb), ("big blind", hand.bb), ("ante", hand.ante),
                        ("small bet", hand.small_bet), ("big bet", hand.big_bet)):
        if not -MAX_AMOUNT <= value <= MAX_AMOUNT:
            return hand.line, _amount(what, value), _AMOUNT_BOUND
    s = hand.summary
    for what, stated in (("total pot", s.total_pot), ("main pot", s.main_pot), ("rake", s.rake),
                         ("jackpot", s.jackpot)):
        if stated is not None and not -MAX_AMOUNT <= stated <= MAX_AMOUNT:
            return s.line or hand.line, _amount(what, stated), _AMOUNT_BOUND
    for side in s.side_pots:
        if not -MAX_AMOUNT <= side <= MAX_AMOUNT:
            return s.line or hand.line, _amount("side pot", side), _AMOUNT_BOUND
    for seat in hand.seats:
        if not 0 <= seat.seat <= MAX_SEAT:
            return seat.line or hand.line, f"seat {seat.seat}", f"a seat from 0 to {MAX_SEAT}"
        if not 0 <= seat.stack <= MAX_AMOUNT:  # a seat cannot hold fewer than no chips
            return seat.line or hand.line, _amount("stack", seat.stack), f"a stack from 0 to {MAX_AMOUNT:,} units"
    # one pass over the events, at most one comparison per value: this runs for every hand
    low, high = -MAX_AMOUNT, MAX_AMOUNT
    for ev in hand.events:
        t = type(ev)
        if t is ActionEvent:
            a: ActionEvent = ev  # type: ignore[assignment]
            for stated in (a.amount, a.to, a.by):
                if stated is not None and not low <= stated <= high:
                    return a.line, _amount(a.act.value, stated), _AMOUNT_BOUND
        elif t is PostEvent:
            p: PostEvent = ev  # type: ignore[assignment]
            if not (low <= p.amount <= high and low <= p.dead <= high):
                return p.line, _amount(p.kind.value, max(abs(p.amount), abs(p.dead))), _AMOUNT_BOUND
        elif t is CollectEvent or t is UncalledEvent or t is FeeEvent:
            moved: int = ev.amount  # type: ignore[union-attr, assignment]
            if not low <= moved <= high:
                return ev.line, _amount("an amount", moved), _AMOUNT_BOUND
        else:
            continue  # streets, deals and shows carry no amount; their seats are the seats'
        seat_no: int | None = ev.seat  # type: ignore[union-attr]
        if seat_no is not None and not 0 <= seat_no <= MAX_SEAT:
            return ev.line, f"seat {seat_no}", f"a seat from 0 to {MAX_SEAT}"
    return None


_AMOUNT_BOUND: Final = f"an amount of at most {MAX_AMOUNT:,} units"


def _amount(what: str, value: int) -> str:
    return f"{what} of {value:,} units"
