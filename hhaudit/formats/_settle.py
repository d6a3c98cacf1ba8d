"""Contributions and the unmatched bet, for sites that write no uncalled-bet line and pay
the returned chips inside the winner's collection (Winamax, Unibet, ...).

Not a format module (the leading underscore keeps the registry from loading it).
"""

from __future__ import annotations

import dataclasses

from ..model import (
    ActionEvent,
    CollectEvent,
    FeeEvent,
    Hand,
    Post,
    PostEvent,
    StreetEvent,
    UncalledEvent,
)


def contributions(hand: Hand) -> tuple[dict[int, int], dict[int, int]]:
    """(all chips, live chips) each seat put in, from the posts and actions."""
    total: dict[int, int] = {}
    live: dict[int, int] = {}
    street: dict[int, int] = {}
    facing = 0
    for e in hand.events:
        if isinstance(e, StreetEvent):
            street, facing = {}, 0
        elif isinstance(e, PostEvent):
            total[e.seat] = total.get(e.seat, 0) + e.amount + e.dead
            if e.kind is not Post.ANTE:
                live[e.seat] = live.get(e.seat, 0) + e.amount
                street[e.seat] = street.get(e.seat, 0) + e.amount
                facing = max(facing, street[e.seat])
        elif isinstance(e, ActionEvent):
            mine = street.get(e.seat, 0)
            if e.to is not None:
                add = e.to - mine
            elif e.by is not None:
                add = facing + e.by - mine
            else:
                add = e.amount or 0
            street[e.seat] = mine + add
            facing = max(facing, street[e.seat])
            total[e.seat] = total.get(e.seat, 0) + add
            live[e.seat] = live.get(e.seat, 0) + add
    return total, live


def unmatched(live: dict[int, int]) -> tuple[int | None, int]:
    """The seat whose live chips nobody matched, and by how much (0 if none)."""
    if not live:
        return None, 0
    top = max(live, key=lambda k: live[k])
    second = max((v for k, v in live.items() if k != top), default=0)
    return (top, live[top] - second) if live[top] > second else (None, 0)


def split_returned(hand: Hand) -> int:
    """When the log paid the unmatched bet back inside a collection (more was collected
    than the pot holds without it), replace that part of the top seat's largest collection
    by an UncalledEvent on the same line. Returns the amount split out (0 if none)."""
    if any(isinstance(e, UncalledEvent) for e in hand.events):
        return 0
    total, live = contributions(hand)
    top, excess = unmatched(live)
    if top is None:
        return 0
    collects = [e for e in hand.events if isinstance(e, CollectEvent)]
    paid = sum(e.amount for e in collects)
    added = -sum(e.amount for e in hand.events if isinstance(e, FeeEvent) and e.kind == "room_added")
    pot = sum(total.values()) - excess + added
    own = [e for e in collects if e.seat == top and e.amount >= excess]
    if paid <= pot or not own:
        return 0
    # the collection that holds the return: one of exactly that size, else the largest
    exact = [e for e in own if e.amount == excess]
    big = exact[0] if exact else max(own, key=lambda e: e.amount)
    i = hand.events.index(big)
    back = UncalledEvent(big.line, big.seat, big.player, excess)
    rest = big.amount - excess
    hand.events[i:i + 1] = [back, dataclasses.replace(big, amount=rest)] if rest else [back]
    return excess
