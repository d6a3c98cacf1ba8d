"""Helpers shared by the smaller site formats (Everleaf, Absolute, PKR, WPN, PartyPoker,
GGPoker, ...): amounts in a hand's scale and locale, seat look-up, per-street commitments for
sites that write calls and raises as street totals, and the stakes of a hand.

Not a format module itself (the leading underscore keeps the registry from loading it).
"""

from __future__ import annotations

import re

from ..model import (
    Act,
    ActionEvent,
    CollectEvent,
    Hand,
    Limit,
    Post,
    PostEvent,
    Seat,
    Street,
    StreetEvent,
)
from ..money import parse_amount
from .base import Fields as Fields  # re-exported for the site modules
from .base import LineFormat, NotSeated
from .common import unknown_may_matter

_DECIMAL_COMMA = re.compile(r"\d,\d{1,2}(?!\d)")


class SiteFormat(LineFormat):
    """A LineFormat with the helpers every site module here needs."""

    decimal_comma: bool = False
    """The site may print a decimal comma ("0,50"): in a money hand a comma followed by one
    or two final digits is read as the decimal mark; elsewhere commas group thousands."""

    def unknown_matters(self, hand: Hand, text: str) -> bool:
        return unknown_may_matter(hand, text)

    def amount(self, hand: Hand, text: str | None) -> int:
        if text is None:
            raise ValueError("amount missing")
        if self.decimal_comma and "," in text and "." not in text and hand.scale:
            if _DECIMAL_COMMA.search(text):
                return parse_amount(text, hand.scale, decimal=",")
        return parse_amount(text, hand.scale)

    @staticmethod
    def seat(hand: Hand, player: str | None) -> int:
        if player is None:
            raise ValueError("player missing")
        for s in hand.seats:
            if s.player == player:
                return s.seat
        raise NotSeated(player)

    @staticmethod
    def add_seat(hand: Hand, seat: int, player: str, stack: int, out: bool, line: int) -> None:
        hand.seats.append(Seat(seat, player, stack, out, line))

    @staticmethod
    def set_stakes(hand: Hand, limit: Limit, low: int, high: int) -> None:
        """Stakes from the header: blinds for NL/PL, small/big bet for fixed limit."""
        hand.limit = limit
        hand.game = {Limit.NO_LIMIT: "NLHE", Limit.POT_LIMIT: "PLHE", Limit.FIXED_LIMIT: "FLHE"}[limit]
        if limit is Limit.FIXED_LIMIT:
            hand.small_bet, hand.big_bet = low, high
            hand.bb, hand.sb = low, low // 2
        else:
            hand.sb, hand.bb = low, high

    @staticmethod
    def deal_street(hand: Hand, line: int, street: Street, new: tuple[str, ...]) -> None:
        """A street's new board cards, on the board dealt so far (the last street's)."""
        board: tuple[str, ...] = ()
        for e in reversed(hand.events):
            if isinstance(e, StreetEvent):
                board = e.board
                break
        hand.events.append(StreetEvent(line, street, new, board + new))

    @staticmethod
    def current_run(hand: Hand) -> int:
        for e in reversed(hand.events):
            if isinstance(e, StreetEvent):
                return e.run
        return 0

    @staticmethod
    def committed(hand: Hand, seat: int) -> int:
        """Live chips `seat` has put in on the current street (for sites that write a call
        or a raise as the street total)."""
        total = 0
        for e in reversed(hand.events):
            if isinstance(e, StreetEvent):
                break
            if isinstance(e, PostEvent) and e.seat == seat:
                total += e.amount if e.kind is not Post.ANTE else 0
            elif isinstance(e, ActionEvent) and e.seat == seat:
                if e.act is Act.CALL or e.act is Act.BET:
                    total += e.amount or 0
                elif e.act is Act.RAISE:
                    if e.to is not None:
                        # the street total at that raise: what came before is inside it
                        return total + e.to
                    if e.amount is not None:
                        total += e.amount
        return total

    def collect(self, hand: Hand, line: int, player: str, amount: int, pot: int | None) -> None:
        seat = self.seat(hand, player)
        hand.events.append(CollectEvent(line, seat, player, amount, pot, self.current_run(hand)))

    def street_bet(self, hand: Hand) -> int:
        """The highest street total of any seat on the current street."""
        return max((self.committed(hand, s.seat) for s in hand.seats), default=0)

    def all_in_action(self, hand: Hand, line: int, seat: int, player: str, added: int) -> ActionEvent:
        """An "all-in" line that gives only the chips put in: a bet, a call or a raise
        depending on what the player faces."""
        facing = self.street_bet(hand)
        mine = self.committed(hand, seat)
        if facing == 0:
            return ActionEvent(line, seat, player, Act.BET, amount=added, all_in=True)
        if mine + added <= facing:
            return ActionEvent(line, seat, player, Act.CALL, amount=added, all_in=True)
        return ActionEvent(line, seat, player, Act.RAISE, amount=added, all_in=True)
