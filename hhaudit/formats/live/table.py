"""The table carried from one hand of a live session to the next.

A hand written in full (a `button` line and its `seat` lines, and none of the lines below)
reads as it always did: nothing is carried into it. Any other hand starts from the table
the previous hand of the file left: the same players in the same seats, each with the stack
the previous hand ended it with (start stack, less what the player put in, plus what the
pay lines gave the seat and the bet nobody called: `live_rules.final_stacks`), and the
button on the next occupied seat. The hand's own lines then change what changed:

    join seat 5 Erin 300     a player takes an empty seat
    leave Bob                a player leaves the table
    rebuy Carol 200          chips added to a stack (also `addon`, `top up`)
    color up                 the chips are changed for larger ones: no stack changes
    seat 3 Carol 180         a stack set explicitly (a recount); a new player on an empty seat
    button 4                 the button placed explicitly (a dead button, a correction)

The splitter (`reader.LiveFormat.split`) reads the previous hand again when the next one
needs its table, and passes the table in the hand's first line (the session sentinel), so a
hand is read alike wherever it is read (in this process or in a worker).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

_BUTTON = re.compile(r"\s*(?:button|btn|dealer)\s+(?:seat\s+)?\d+\s*$", re.IGNORECASE)
_SEAT = re.compile(r"\s*seat\s+\d+", re.IGNORECASE)
_CHANGE = re.compile(r"\s*(?:join|joins|leave|leaves|rebuy|rebuys|add\s*+(?:-\s*+)?on|top\s*+(?:-\s*+)?up|colou?r\s*+(?:-\s*+)?up)\b",
                     re.IGNORECASE)


def written_in_full(lines: Sequence[str]) -> bool:
    """A hand with a `button` line, two `seat` lines or more and no change line (`join`,
    `leave`, `rebuy`, `addon`, `color up`): the form every hand had before tables carried
    over. (`button 4` with one `seat` line is a carried hand: the button placed and one
    stack recounted, as a dealer means it; no table is dealt to one player.)"""
    button = False
    seats = 0
    for line in lines:
        if _CHANGE.match(line):
            return False
        button = button or _BUTTON.match(line) is not None
        seats += _SEAT.match(line) is not None
    return button and seats >= 2


@dataclass(slots=True)
class Carried:
    """The table a hand starts from when it does not write it in full."""

    source: str
    """The hand it comes from (`hand 12`, line 240), for the messages."""
    button: int | None = None
    seats: list[tuple[int, str, int, bool]] = field(default_factory=list)
    """(seat, player, stack, sitting out) in seat order."""
    error: str = ""
    """Why no table can be carried (the previous hand could not be read, there is none)."""
    redeal: bool = False
    """The previous hand was a misdeal: this one is dealt again, the button where it was."""
    stale: bool = False
    """The previous hand could not be read past its table: its players and button are known,
    its end stacks are not. A hand that writes every player's stack (`seat` lines) is read."""
    sb: int | None = None
    """The previous hand's small blind and big blind seats (a redeal: the voided deal's
    previous hand's), for a dead button (`dead_button`)."""
    bb: int | None = None

    def to_json(self) -> dict[str, Any]:
        return {"source": self.source, "button": self.button, "seats": self.seats, "error": self.error,
                "redeal": self.redeal, "stale": self.stale, "sb": self.sb, "bb": self.bb}

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Carried:
        return cls(d["source"], d["button"], [(int(a), str(b), int(c), bool(e)) for a, b, c, e in d["seats"]],
                   d["error"], bool(d.get("redeal", False)), bool(d.get("stale", False)), d.get("sb"), d.get("bb"))


def next_button(previous: int | None, seats: Sequence[tuple[int, bool]]) -> int | None:
    """The seat the button moves to: the first seat after `previous`, clockwise, with a
    player dealt in (`seats` is (seat, sitting out)). Empty seats and players sitting out
    are passed over: the button always lands on a player (a moving button; a dead button
    is written `button N`)."""
    dealt = sorted(s for s, out in seats if not out)
    if not dealt:
        return None
    if previous is None:
        return dealt[0]
    after = [s for s in dealt if s > previous]
    return after[0] if after else dealt[0]


def dead_button(previous: Carried, seats: Sequence[tuple[int, bool]]) -> tuple[int, int | None, int] | None:
    """(button, small blind or None when dead, big blind) under a dead button (TDA-2024 32;
    Robert's Blinds 1(b); rules.md 1c): the big blind moves to the next player dealt in after
    the last big blind, the small blind to the last big blind's seat (dead when its player is
    gone or out) and the button to the last small blind's seat, even an empty one. None when
    the last hand's blinds are not known, or fewer than three are dealt in (heads-up the
    button posts the small blind, TDA-2024 34-B)."""
    dealt = sorted(s for s, out in seats if not out)
    if previous.bb is None or previous.sb is None or len(dealt) < 3:
        return None
    after = [s for s in dealt if s > previous.bb]
    bb = after[0] if after else dealt[0]
    sb = previous.bb if previous.bb in dealt else None
    return previous.sb, sb, bb
