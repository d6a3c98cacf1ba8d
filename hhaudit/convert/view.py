"""One hand as the writers need it: the replay's resolved actions, each seat's chips, the
log's payments, and the unmatched bet.

Every writer starts from a `HandView`: the hand's events with the replay's rows beside them
(so a raise "by 4" or a call written as a street total is already the chips it moved), the
seats dealt in, what each put in and was paid. A hand a target cannot state faithfully
raises `Unexpressible` with the reason, in a dealer's words.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field
from pathlib import Path

from ..engine.audited import ActionRow, AuditedHand
from ..identity import format_scope, scope_key
from ..model import (
    CollectEvent,
    DealEvent,
    Event,
    FeeEvent,
    Hand,
    Post,
    PostEvent,
    ShowEvent,
    StreetEvent,
    UncalledEvent,
)
from ..money import to_text


class Unexpressible(Exception):
    """A hand the target format cannot state as the log has it; the message says why."""


@dataclass(slots=True)
class HandView:
    hand: Hand
    audited: AuditedHand
    rows: dict[int, ActionRow]
    """The replay's row for each event index."""
    dealt: list[int]
    """Seats dealt in, clockwise from the seat after the button (the button last)."""
    button: int
    """The button's seat (the log's, else where the blinds put it)."""
    put_in: dict[int, int] = field(default_factory=dict)
    """Chips each seat put in the pot (posts, calls, bets, raises), returns not deducted."""
    dead: dict[int, int] = field(default_factory=dict)
    """The dead part of each seat's posts (it matches no bet)."""
    returned: dict[int, int] = field(default_factory=dict)
    """Uncalled bets the log returned."""
    collected: dict[int, int] = field(default_factory=dict)
    """What the log paid each seat."""
    hole: dict[int, tuple[str, ...]] = field(default_factory=dict)
    """Hole cards the log reveals (dealt, shown, or anywhere else: `AuditedHand.cards`)."""
    fees: int = 0

    @property
    def events(self) -> list[Event]:
        return self.hand.events

    @property
    def hand_id(self) -> str:
        """The id the hand is written with (`written_id`)."""
        return written_id(self.hand)

    def name(self, seat: int) -> str:
        for s in self.hand.seats:
            if s.seat == seat:
                return s.player
        return f"seat {seat}"

    def stack(self, seat: int) -> int:
        for s in self.hand.seats:
            if s.seat == seat:
                return s.stack
        return 0

    def money(self, amount: int) -> str:
        return to_text(amount, self.hand.scale)

    def unmatched(self) -> tuple[int | None, int]:
        """(seat, amount) of the bet nobody matched, after the log's own returns."""
        net = {s: v - self.returned.get(s, 0) - self.dead.get(s, 0) for s, v in self.put_in.items()}
        if not net:
            return None, 0
        ranked = sorted(net.items(), key=lambda kv: -kv[1])
        if len(ranked) == 1:
            return ranked[0][0], ranked[0][1]
        return ranked[0][0], ranked[0][1] - ranked[1][1]

    def pot(self) -> int:
        """The chips in the pot: everything put in less the returns and the unmatched bet."""
        _, excess = self.unmatched()
        return sum(self.put_in.values()) - sum(self.returned.values()) - excess

    def winnings(self) -> dict[int, int]:
        """What the log paid each seat out of the pot. A log that pays the unmatched bet back
        inside the winner's collection (and writes no return) has it taken out again."""
        paid = dict(self.collected)
        top, excess = self.unmatched()
        rake = self.hand.summary.rake or 0
        if excess and top is not None and not self.returned and \
                sum(paid.values()) + rake + self.fees == self.pot() + excess and paid.get(top, 0) >= excess:
            paid[top] -= excess
        return paid

    def finishing(self) -> dict[int, int]:
        """Each dealt seat's stack after the hand, from what it put in and got back."""
        top, excess = self.unmatched()
        won = self.winnings()
        out = {}
        for seat in self.dealt:
            back = self.returned.get(seat, 0) + (excess if seat == top else 0)
            out[seat] = self.stack(seat) - self.put_in.get(seat, 0) + back + won.get(seat, 0)
        return out


def _slug(text: str, most: int = 24) -> str:
    return re.sub(r"[^0-9A-Za-z]+", "", text)[:most]


def written_id(hand: Hand) -> str:
    """The id a converted hand is written with, so that no two converted hands share one
    (`hhaudit.identity`): the site's own where its format numbers hands site-wide; else the
    id qualified by what it is unique in (a live log: the log's name, its table and the hand
    number; PHH: the event, day, table and hand; a placeholder or a missing id: the file and
    the line), letters and digits only, with a short digest of that scope (two logs of one
    name in two folders differ)."""
    key = scope_key(hand, format_scope(hand.format))
    if key == "" and _ID.fullmatch(hand.hand_id):
        return hand.hand_id
    if key is None or key == "":
        key = f"{hand.source}\x1f{hand.line}"
    parts = key.split("\x1f")
    if parts[0] == hand.source:
        parts[0] = Path(hand.source.replace("!", "/")).stem  # the log's name
    digest = hashlib.blake2b(key.encode("utf-8", "surrogatepass"), digest_size=3).hexdigest()
    words = [w for w in (_slug(p) for p in parts) if w]
    return "-".join([*words, _slug(hand.hand_id, 40) or "0", digest])


_ID = re.compile(r"[0-9A-Za-z-]+")
"""An id every target writes as it is (PokerStars' are letters, digits and dashes)."""


def view(hand: Hand, audited: AuditedHand) -> HandView:
    """The writers' view of an audited hand."""
    rows = {r.seq: r for r in audited.actions}
    state = audited.state
    seats = sorted(s.seat for s in hand.seats)
    if state is not None:
        dealt = [s for s in seats if state.seats.get(s) is not None and state.seats[s].dealt_in]
    else:
        dealt = [s.seat for s in hand.seats if not s.sitting_out]
    button = hand.button_seat
    if button is None and state is not None:
        button = state.button
    if button is None:
        button = _button_from_blinds(hand, dealt)
    if button is None:
        raise Unexpressible("the log names no button and posts no blind, so no seat's position is known")
    after = [s for s in dealt if s > button] + [s for s in dealt if s <= button]
    v = HandView(hand, audited, rows, after, button)
    count = hand.hole_cards  # a seat's whole hand: two in Hold'em, four to six in Omaha
    for seq, ev in enumerate(hand.events):
        if isinstance(ev, PostEvent):
            v.put_in[ev.seat] = v.put_in.get(ev.seat, 0) + ev.amount + ev.dead
            # an ante matches the other antes; a dead blind matches nothing
            if ev.dead and ev.kind is not Post.ANTE:
                v.dead[ev.seat] = v.dead.get(ev.seat, 0) + ev.dead
        elif isinstance(ev, UncalledEvent):
            v.returned[ev.seat] = v.returned.get(ev.seat, 0) + ev.amount
        elif isinstance(ev, CollectEvent):
            v.collected[ev.seat] = v.collected.get(ev.seat, 0) + ev.amount
        elif isinstance(ev, DealEvent) and len(ev.cards) == count or isinstance(ev, ShowEvent) \
                and len(ev.cards) == count and ev.seat not in v.hole:
            v.hole[ev.seat] = ev.cards
        elif isinstance(ev, FeeEvent):
            v.fees += ev.amount
        elif isinstance(ev, StreetEvent) and ev.run:
            raise Unexpressible("the board is run more than once")
        else:
            row = rows.get(seq)
            if row is not None and row.seat is not None and row.action in ("call", "bet", "raise"):
                v.put_in[row.seat] = v.put_in.get(row.seat, 0) + (row.amount or 0)
    # and the cards the log reveals anywhere else (its summary block, XML card elements)
    for seat, known in audited.cards.items():
        if len(known.cards) == count and seat not in v.hole:
            v.hole[seat] = known.cards
    return v


def _button_from_blinds(hand: Hand, dealt: list[int]) -> int | None:
    """Where the blinds put the button when the log does not say: the seat before the small
    blind (heads-up, the small blind itself), else two seats before the big blind."""
    if not dealt:
        return None
    ring = sorted(dealt)
    for kind, back in ((Post.SMALL_BLIND, 1), (Post.BIG_BLIND, 2)):
        seat = next((e.seat for e in hand.events if isinstance(e, PostEvent) and e.kind is kind), None)
        if seat in ring:
            if len(ring) == 2:
                back -= 1
            return ring[(ring.index(seat) - back) % len(ring)]
    return None
