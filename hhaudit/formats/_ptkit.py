"""What the PokerTracker-export formats share (pt_ipoker, pt_merge, pt_everest,
pt_microgaming): a per-hand book of the chips each seat has put in, so that the dialects
that write a call or a raise as the street total, or an "all-in" as the chips added, can be
turned into the event semantics the replay expects; and the uncalled bet, which several
dialects fold into the winner's "wins" line without writing it.

Not a format module itself (the leading underscore keeps the registry from loading it).
"""

from __future__ import annotations

import re
from datetime import datetime, timezone
from typing import ClassVar

from ..model import (
    Act,
    ActionEvent,
    CollectEvent,
    Hand,
    Post,
    PostEvent,
    Seat,
    StreetEvent,
)
from ..money import parse_amount
from .base import Fields as Fields  # re-exported for the site modules
from .base import LineFormat, NotSeated
from .common import _zone, unknown_may_matter
from .common import card as _card

_CENTS = re.compile(r"\d\.(?!00(?!\d))\d\d(?!\d)")


class Book:
    """Chips put in by each seat: on the current street (live) and in the whole hand."""

    __slots__ = ("street", "total", "excess", "bet")

    def __init__(self) -> None:
        self.street: dict[int, int] = {}
        self.total: dict[int, int] = {}
        self.excess: dict[int, int] = {}
        """Per seat, the part of a street bet nobody matched (the uncalled bet)."""
        self.bet = 0
        """The highest live street total."""

    def put(self, seat: int, live: int, dead: int = 0) -> None:
        mine = self.street.get(seat, 0) + live
        self.street[seat] = mine
        self.total[seat] = self.total.get(seat, 0) + live + dead
        if mine > self.bet:
            self.bet = mine

    def committed(self, seat: int) -> int:
        return self.street.get(seat, 0)

    def close_street(self) -> None:
        """Record the unmatched top of the street that ends, and start a new street."""
        if self.street:
            ranked = sorted(self.street.items(), key=lambda kv: -kv[1])
            top_seat, top = ranked[0]
            second = ranked[1][1] if len(ranked) > 1 else 0
            if top > second:
                self.excess[top_seat] = self.excess.get(top_seat, 0) + top - second
        self.street = {}
        self.bet = 0

    def uncalled(self) -> dict[int, int]:
        """Uncalled bets per seat; call after the last street was closed."""
        return {s: v for s, v in self.excess.items() if v > 0}


class PtFormat(LineFormat):
    """A LineFormat with a chip book; handlers append events through `post` and `act`."""

    decimal: ClassVar[str] = "."

    def __init__(self) -> None:
        super().__init__()
        self.book = Book()

    def unknown_matters(self, hand: Hand, text: str) -> bool:
        return unknown_may_matter(hand, text)

    def parse_hand(self, lines: list[str], first_line: int, source: str) -> Hand:
        self.book = Book()
        # Tournament chips: PokerTracker prints them with two decimals. A hand whose chip
        # amounts are all whole gets scale 0 (so odd chips are whole chips); one with a
        # fractional amount ("$1,192.50") keeps the two decimals.
        self.chip_scale = 2 if any(_CENTS.search(t) for t in lines[2:]) else 0
        return super().parse_hand(lines, first_line, source)

    # ------------------------------------------------------------------ helpers
    def amount(self, hand: Hand, text: str | None) -> int:
        if text is None:
            raise ValueError("amount missing")
        return parse_amount(text, hand.scale, decimal=self.decimal)

    @staticmethod
    def seat(hand: Hand, player: str | None) -> int:
        if player is None:
            raise ValueError("player missing")
        for s in hand.seats:
            if s.player == player:
                return s.seat
        raise NotSeated(player)

    @staticmethod
    def seat_record(hand: Hand, seat: int) -> Seat:
        for s in hand.seats:
            if s.seat == seat:
                return s
        raise ValueError(f"no seat {seat}")

    def stack_left(self, hand: Hand, seat: int) -> int:
        return self.seat_record(hand, seat).stack - self.book.total.get(seat, 0)

    @staticmethod
    def mark_absent(hand: Hand) -> None:
        """A listed seat that no line of the hand names was not dealt in: PokerTracker lists
        sitting-out players among the seats without saying so."""
        named = {getattr(e, "seat", None) for e in hand.events}
        for s in hand.seats:
            if s.seat not in named:
                s.sitting_out = True

    def post(self, hand: Hand, line: int, seat: int, player: str, kind: Post, live: int,
             dead: int = 0, all_in: bool = False) -> None:
        if not all_in and live + dead and live + dead >= self.stack_left(hand, seat):
            all_in = True  # the post takes the rest of the stack: the logs do not always say so
        hand.events.append(PostEvent(line, seat, player, kind, live, dead, all_in))
        if kind is Post.ANTE:
            self.book.put(seat, 0, live)
        else:
            self.book.put(seat, live, dead)

    def act(self, hand: Hand, line: int, seat: int, player: str, act: Act, *,
            amount: int | None = None, to: int | None = None, all_in: bool = False) -> None:
        """Append an action; `amount` is chips added, `to` the street total."""
        hand.events.append(ActionEvent(line, seat, player, act, amount, to, all_in))
        if to is not None:
            self.book.put(seat, to - self.book.committed(seat))
        elif amount is not None:
            self.book.put(seat, amount)

    def put_in(self, hand: Hand, line: int, seat: int, player: str, added: int,
               all_in: bool = False) -> None:
        """A line that gives only the chips put in ("Allin $5", "went all-in - 5"): a bet,
        a call or a raise depending on what the player faces."""
        facing = self.book.bet
        mine = self.book.committed(seat)
        if facing == 0:
            self.act(hand, line, seat, player, Act.BET, amount=added, all_in=all_in)
        elif mine + added <= facing:
            self.act(hand, line, seat, player, Act.CALL, amount=added, all_in=all_in)
        else:
            self.act(hand, line, seat, player, Act.RAISE, amount=added, all_in=all_in)

    def street(self, hand: Hand, event: StreetEvent) -> None:
        self.book.close_street()
        hand.events.append(event)

    def collect(self, hand: Hand, line: int, player: str, amount: int, pot: int | None = None) -> None:
        seat = self.seat(hand, player)
        run = 0
        for e in reversed(hand.events):
            if isinstance(e, StreetEvent):
                run = e.run
                break
        hand.events.append(CollectEvent(line, seat, player, amount, pot, run))

    def settle_uncalled(self, hand: Hand) -> int:
        """For dialects whose "wins" line includes the uncalled part of the winner's bet
        (and that write no uncalled line): take it off that seat's collection, as the pot
        auditor works the uncalled bet out itself. Returns the uncalled total."""
        self.book.close_street()
        returned = self.book.uncalled()
        for seat, value in returned.items():
            for i in range(len(hand.events) - 1, -1, -1):
                e = hand.events[i]
                if isinstance(e, CollectEvent) and e.seat == seat and e.amount >= value:
                    rest = e.amount - value
                    if rest:
                        hand.events[i] = CollectEvent(e.line, e.seat, e.player, rest, e.pot, e.run)
                    else:
                        del hand.events[i]
                    break
        return sum(returned.values())

    def infer_rake(self, hand: Hand, uncalled_logged: int = 0) -> None:
        """For cash dialects that write no rake: the rake is what the pot (less the
        uncalled bet) did not pay out; tournaments take none."""
        if hand.summary.rake is not None:
            return
        if hand.kind == "tournament":
            hand.summary.rake = 0
            return
        pot = sum(self.book.total.values()) - sum(self.book.uncalled().values())
        paid = sum(e.amount for e in hand.events if isinstance(e, CollectEvent))
        if paid and 0 <= pot - paid:
            hand.summary.rake = pot - paid


def naive(y: int, mo: int, d: int, h: int, mi: int, s: int) -> datetime | None:
    """A wall-clock time with no zone (`Hand.local_time`), or None if impossible."""
    try:
        return datetime(y, mo, d, h, mi, s)
    except ValueError:
        return None


def local_time(y: int, mo: int, d: int, h: int, mi: int, s: int, zone: str) -> tuple[datetime | None, str]:
    """A wall-clock time in a named zone as UTC; (None, zone) when the zone is unknown or
    not printed (PokerTracker's older exports print none)."""
    try:
        local = datetime(y, mo, d, h, mi, s)
    except ValueError:
        return None, zone
    if not zone:
        return None, ""
    tz = _zone(zone)
    if tz is None:
        return None, zone
    return local.replace(tzinfo=tz).astimezone(timezone.utc), zone


def card(text: str) -> str:
    """One card as PokerTracker's exports write it: "Ah", "10h", iPoker's suit-first "H10",
    "dQ", or Microgaming's "10 of s" (spaces and " of " already removed: "10s")."""
    t = text.strip()
    if len(t) == 3:
        if t[:2] == "10":
            t = "T" + t[2]
        elif t[1:] == "10":
            t = "T" + t[0]
    return _card(t)


def cards(text: str | None) -> tuple[str, ...]:
    """Cards from a space- or comma-separated list; "X" (unknown) is skipped."""
    if not text:
        return ()
    return tuple(card(p) for p in text.replace(",", " ").split() if p not in ("X", "x", "??"))
