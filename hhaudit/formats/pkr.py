"""PKR hand histories.

Grammar: `grammars/pkr.lark`. PKR writes a call as the player's street total, so the
module converts it to the chips added; raises are "raises to" totals and bets are chips
put in. Older hands write "Returning $X to P uncalled"; newer ones leave the uncalled bet
to the reader (the hand is then marked `implicit_uncalled`). Hands are split on their
"End of Hand #N" line, since some files start with the "Starting Hand" line and others
with the "Table #" line. "Game Type: OMAHA" and "OMAHA HI/LO" are Omaha; a Hi/Lo pay-out
names its half ("wins 2,470 with low hand: A2345", "ties $34.75 with low hand").

Line kinds (pkr, `grammars/pkr.lark`; every line shape of the corpus's
files of this format is one of them: the corpus gives no PA04 on them):

- TABLE: `Table #<id> - <name>`: read
- STARTING: `Starting Hand #<hand_id>`: read
- START_TIME: `Start time of hand: <date>`: read
- LAST_HAND: `Last Hand (#N|n/a)`: its place in the hand (no field read)
- GAME_TYPE: `Game Type: <game>`: read
- LIMIT_TYPE: `Limit Type: <limit>`: read
- TABLE_TYPE: `Table Type: <type>`: read
- MONEY_TYPE: `Money Type: <money>`: read
- BLINDS: `Blinds are now <sb> / <bb>`: read
- BUTTON: `Button is at seat <seat>`: read
- MOVE_BUTTON: `Moving Button to seat <seat>`: read
- SHUFFLING: `Shuffling Deck`: its place in the hand (no field read)
- SEAT: `Seat <seat>: <player>( (bounty value [^()]*)) - <stack><note>`: read
- ANTE: `<player> posts ante of <amount><all_in>`: read
- POST: `<player> posts (<what> (<blind>)|<amount><dead>)<all_in>`: read
- DEALING_CARDS: `Dealing Cards`: its place in the hand (no field read)
- DEALT: `Dealing <cards> to <player>`: read
- ACTION: `<player> <act>( <amount>`: read
- POT_SIZES: `Pot sizes: ...`: its place in the hand (no field read)
- UNCALLED: `Returning <amount> to <player> uncalled`: read
- STREET: `Dealing <street> <cards>`: read
- SHOW: `<player> shows <cards>`: read
- MUCK: `<player> (mucks|doesn't show)`: read
- HAS: `<player> has (High Card|One Pair|Two Pairs|Three of a Kind|Straight|Flush|Ful...`: its
  place in the hand (no field read)
- NO_LOW: `There is no qualifying low hand`: its place in the hand (no field read)
- PROTECTED: `<player> has disconnected and has been granted disconnection protection`: read
- COLLECT: `<player> (ties( side pot #<tside>)(, and (wins|ties))|wins) <amount><limited>...`:
  read
- RAKE: `(Taking Rake of <amount> from pot <pot>|No Rake Taken)`: read
- END: `End [oO]f Hand #N`: its place in the hand (no field read)
- REBUY: `<player> rebuys <chips>`: read
- MISC: `(.: ...|... says ...|... (yawns|claps|laughs|admits|acknowledges|can't believe|will see
  you|is relieved|is using the time bank|has received ... in the time bank...|has N seconds
  remaining in the time bank|has become disconnected...|has disconnected...|has
  (re)?connected...|has requested more time|rebuys|brings|will be dealt in|sits out|is sitting
  out|has (left|joined)|stands up|returns)b...)`: ignored: changes nothing
- any other line: kept unread, a PA04 warning naming it; the hand is judged unless the line
  names a seated player first or shows a figure or a card (`common.unknown_may_matter`),
  where the rules abstain (`reads_unknown_lines`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import replace
from typing import ClassVar

from ..chunks import HandLines
from ..model import (
    Act,
    ActionEvent,
    CollectEvent,
    DealEvent,
    Hand,
    Limit,
    Post,
    PostEvent,
    ProtectionEvent,
    ShowEvent,
    Street,
    StreetEvent,
    UncalledEvent,
)
from ..money import currency_of
from ._sitekit import Fields, SiteFormat
from .base import UnsupportedGame
from .common import card, cards, chips_between_hands, omaha_of, set_omaha, to_utc

_ACTS = {"folds": Act.FOLD, "checks": Act.CHECK, "calls": Act.CALL, "bets": Act.BET, "raises to": Act.RAISE,
         "did not respond in time and is folded": Act.FOLD}
_STREETS = {"Flop": Street.FLOP, "Turn": Street.TURN, "River": Street.RIVER}
_LIMITS = {"NO LIMIT": Limit.NO_LIMIT, "POT LIMIT": Limit.POT_LIMIT, "LIMIT": Limit.FIXED_LIMIT,
           "FIXED LIMIT": Limit.FIXED_LIMIT}
_CARD = re.compile(r"\[(\w{1,2}) ?(\w)\]")
_MONTHS = {m: i for i, m in enumerate(
    ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"), 1)}


def pkr_cards(text: str | None) -> tuple[str, ...]:
    """Cards as PKR writes them: "[K c][Q d]", or in one bracket, "[2h 3d]"."""
    found = _CARD.findall(text or "")
    if not found and text and " " in text:
        return cards(text.replace("[", " ").replace("]", " "))
    return tuple(card(r + s) for r, s in found if r + s != "XX")


class PKRFormat(SiteFormat):
    name = "pkr"
    reads_unknown_lines = True
    sites = ("PKR",)
    grammar = "pkr"
    description = "PKR"
    # One start per hand: some files write a "Table #N - name" line before the "Starting
    # Hand" line, so that line is noise ahead of the first start, not a start of its own.
    start: ClassVar[re.Pattern[str]] = re.compile(r"\s*\ufeff?Starting Hand #\d+")
    noise: ClassVar[re.Pattern[str] | None] = re.compile(r"\ufeff?Table #\d+ - .*")
    _end = re.compile(r"\s*End [oO]f Hand #\d+")
    _rebuy = re.compile(r"\s*\S+ rebuys \$?\d")

    def detect(self, head: list[str]) -> bool:  # type: ignore[override]
        return any(line.startswith("Starting Hand #") for line in head) or (
            any(line.startswith("Game Type: ") for line in head)
            and any(line.startswith("Limit Type: ") for line in head))

    def split(self, lines: Iterable[str]) -> Iterator[tuple[int, list[str]]]:
        """The hands, each with the rebuy lines written after its "End of Hand" line (before
        the next hand's first line): chips brought after its play, in the next stack. A
        rebuy the next hand writes again during its play is that hand's (PKR applies it once
        the player is out of that hand, for the stack after): in the hand before it is left
        blank, so the lines stay the file's lines, counted once."""
        last: tuple[int, HandLines] | None = None
        for first, chunk in self._chunks(lines):
            if last is not None and not (chunk.over or last[1].over):
                head = 0
                while head < len(chunk) and (not chunk[head].strip() or self._rebuy.match(chunk[head])):
                    head += 1
                if head:
                    p_first, p = last
                    again = {ln.strip() for ln in chunk[head:]}
                    for _ in range(first - p_first - len(p)):
                        p.append("")  # the blank lines between the hands
                    for ln in chunk[:head]:
                        p.append("" if ln.strip() in again else ln)
                    first, chunk = first + head, HandLines(chunk[head:])
            if last is not None:
                yield last
            last = (first, chunk) if chunk else None
        if last is not None:
            yield last

    def _chunks(self, lines: Iterable[str]) -> Iterator[tuple[int, HandLines]]:
        chunk = HandLines()
        first = 1
        for number, line in enumerate(lines, 1):
            if not chunk:
                if not line.strip():
                    continue
                first = number
            chunk.append(line)
            if self._end.match(line):
                yield first, chunk
                chunk = HandLines()
        if any(line.strip() for line in chunk):
            yield first, chunk

    def parse_hand(self, lines: list[str], first_line: int, source: str) -> Hand:
        self._rebuys: dict[str, tuple[str, bool]] = {}
        return super().parse_hand(lines, first_line, source)

    def on_REBUY(self, hand: Hand, f: Fields, line: int) -> None:
        """PKR writes "X rebuys $0.70" between hands (after the last hand's "End of Hand"
        line, which `split` gives to that hand) and, for a player the next hand did not deal
        in yet or who is out of it, again during the next hand. A rebuy written during or
        after the play is in the player's next stack; one at the head of a hand (the first
        hand of a file) is in its start stack already, and the audit has no hand before it."""
        during = bool(hand.seats)
        self._rebuys[f[0] or ""] = (f[1] or "", during or self._rebuys.get(f[0] or "", ("", False))[1])

    # ------------------------------------------------------------------ header
    def on_TABLE(self, hand: Hand, f: Fields, line: int) -> None:
        hand.table_name = f[1] or ""
        t = re.search(r"(?:Tournament|STT) ?#\s*(\d+)", f[1] or "")
        if t:
            hand.tournament_id = t.group(1)

    def on_STARTING(self, hand: Hand, f: Fields, line: int) -> None:
        hand.hand_id = f[0] or ""

    def on_START_TIME(self, hand: Hand, f: Fields, line: int) -> None:
        m = re.match(r"(\d+) (\w{3}) (\d{4}) (\d+:\d\d:\d\d)", f[0] or "")
        if m and m.group(2) in _MONTHS:
            # PKR stamps hands in UK time
            text = f"{m.group(3)}/{_MONTHS[m.group(2)]:02d}/{m.group(1)} {m.group(4)} BST"
            hand.started_at, hand.tz = to_utc(text)

    def on_GAME_TYPE(self, hand: Hand, f: Fields, line: int) -> None:
        game = (f[0] or "").strip()
        omaha = omaha_of(game)
        if omaha is not None:
            set_omaha(hand, *omaha)  # "OMAHA", "OMAHA HI/LO"
        elif game.upper() not in ("HOLD'EM", "HOLDEM", "TEXAS HOLD'EM"):
            hand.variant = game.lower()
            raise UnsupportedGame(game)

    def on_LIMIT_TYPE(self, hand: Hand, f: Fields, line: int) -> None:
        hand.limit = _LIMITS.get((f[0] or "").strip().upper(), Limit.NO_LIMIT)
        hand.game = {Limit.NO_LIMIT: "NLHE", Limit.POT_LIMIT: "PLHE", Limit.FIXED_LIMIT: "FLHE"}[hand.limit]

    def on_TABLE_TYPE(self, hand: Hand, f: Fields, line: int) -> None:
        hand.kind = "tournament" if "TOURNAMENT" in (f[0] or "").upper() else "cash"

    def on_MONEY_TYPE(self, hand: Hand, f: Fields, line: int) -> None:
        money = (f[0] or "").upper()
        if money == "REAL MONEY":
            hand.scale = 2
        elif money == "PLAY MONEY":
            hand.currency, hand.scale = "play", 2  # play chips are printed with cents
        else:
            hand.scale = 0

    def on_BLINDS(self, hand: Hand, f: Fields, line: int) -> None:
        if hand.scale and not hand.currency:
            hand.currency = currency_of((f[0] or "") + (f[1] or "")) or "USD"
        self.set_stakes(hand, hand.limit, self.amount(hand, f[0]), self.amount(hand, f[1]))

    def on_BUTTON(self, hand: Hand, f: Fields, line: int) -> None:
        hand.button_seat = int(f[0] or 0)

    on_MOVE_BUTTON = on_BUTTON

    def on_SEAT(self, hand: Hand, f: Fields, line: int) -> None:
        seat = int(f[0] or 0)
        if any(s.seat == seat for s in hand.seats):
            return  # the closing stacks after the pay-out
        self.add_seat(hand, seat, f[1] or "", self.amount(hand, f[2]), bool(f[3]), line)

    # ------------------------------------------------------------------ play
    def on_ANTE(self, hand: Hand, f: Fields, line: int) -> None:
        player = f[0] or ""
        amount = self.amount(hand, f[1])
        hand.ante = max(hand.ante, amount)
        hand.events.append(PostEvent(line, self.seat(hand, player), player, Post.ANTE, amount, 0, bool(f[2])))

    def on_POST(self, hand: Hand, f: Fields, line: int) -> None:
        player, what, blind, amount, dead, all_in = f[0] or "", f[1], f[2], f[3], f[4], bool(f[5])
        seat = self.seat(hand, player)
        if what:
            kind = Post.SMALL_BLIND if what == "small blind" else Post.BIG_BLIND
            hand.events.append(PostEvent(line, seat, player, kind, self.amount(hand, blind), 0, all_in))
            return
        value = self.amount(hand, amount)
        if dead:
            hand.events.append(PostEvent(line, seat, player, Post.DEAD, 0, value, all_in))
        elif value:
            hand.events.append(PostEvent(line, seat, player, Post.BIG_BLIND, value, 0, all_in))

    def on_DEALT(self, hand: Hand, f: Fields, line: int) -> None:
        player = f[1] or ""
        hand.events.append(DealEvent(line, self.seat(hand, player), player, pkr_cards(f[0])))

    def new_hand(self, source: str, first_line: int) -> Hand:
        self._timed_out: set[int] = set()
        return super().new_hand(source, first_line)

    def on_ACTION(self, hand: Hand, f: Fields, line: int) -> None:
        player, act, text, all_in, shown = f[0] or "", _ACTS[f[1] or ""], f[2], bool(f[3]), f[4]
        seat = self.seat(hand, player)
        if f[1] == "did not respond in time and is folded":
            self._timed_out.add(seat)
        elif act is Act.FOLD and seat in self._timed_out:
            # "P did not respond in time and is folded" is followed by "P folds": one fold
            self._timed_out.discard(seat)
            return
        if act is Act.RAISE:
            hand.events.append(ActionEvent(line, seat, player, act, to=self.amount(hand, text), all_in=all_in))
        elif act is Act.CALL:
            added = self.amount(hand, text) - self.committed(hand, seat)
            hand.events.append(ActionEvent(line, seat, player, act, amount=added, all_in=all_in))
        elif act is Act.BET:
            hand.events.append(ActionEvent(line, seat, player, act, amount=self.amount(hand, text), all_in=all_in))
        else:
            hand.events.append(ActionEvent(line, seat, player, act))
            if shown:
                hand.events.append(ShowEvent(line, seat, player, pkr_cards(shown)))

    def on_UNCALLED(self, hand: Hand, f: Fields, line: int) -> None:
        player = f[1] or ""
        hand.events.append(UncalledEvent(line, self.seat(hand, player), player, self.amount(hand, f[0])))

    def on_STREET(self, hand: Hand, f: Fields, line: int) -> None:
        new = pkr_cards(f[1])
        board: tuple[str, ...] = ()
        for e in reversed(hand.events):
            if isinstance(e, StreetEvent):
                board = e.board
                break
        hand.events.append(StreetEvent(line, _STREETS[f[0] or ""], new, board + new))

    def on_SHOW(self, hand: Hand, f: Fields, line: int) -> None:
        player = f[0] or ""
        hand.events.append(ShowEvent(line, self.seat(hand, player), player, pkr_cards(f[1])))

    def on_MUCK(self, hand: Hand, f: Fields, line: int) -> None:
        player = f[0] or ""
        hand.events.append(ShowEvent(line, self.seat(hand, player), player, (), muck=True))

    def on_PROTECTED(self, hand: Hand, f: Fields, line: int) -> None:
        # disconnection protection: all-in for the chips already in (model.ProtectionEvent)
        player = f[0] or ""
        hand.events.append(ProtectionEvent(line, self.seat(hand, player), player, "disconnection"))

    def on_COLLECT(self, hand: Hand, f: Fields, line: int) -> None:
        player, tside, amount, limited, side, half = f[0] or "", f[1], f[2], f[3], f[4], f[5]
        number = tside or side
        seat = self.seat(hand, player)
        if limited:
            # "wins $0.04, disconnection protection limited from $0.17": PKR caps what a
            # protected player wins by a rule of its own the log does not state, and pays
            # the rest to the others: who is paid what is not judged
            hand.abstain("PKR disconnection protection limits the protected player's win by an unstated rule",
                         ("winner", "side_pot", "odd_chip"))
        hand.events.append(CollectEvent(line, seat, player, self.amount(hand, amount),
                                        int(number) if number else None, self.current_run(hand), half))

    def on_RAKE(self, hand: Hand, f: Fields, line: int) -> None:
        s = hand.summary
        s.rake = (s.rake or 0) + (self.amount(hand, f[0]) if f[0] else 0)

    def finish(self, hand: Hand) -> None:
        for player, (chips, during) in self._rebuys.items():
            if during:
                chips_between_hands(hand, player, self.amount(hand, chips))
        if hand.kind == "cash":
            # A listed seat that never posts, acts, is dealt or paid sat the hand out
            # (PKR marks only some of them "(away from table)").
            named = {getattr(e, "seat", None) for e in hand.events}
            for s in hand.seats:
                if s.seat not in named:
                    s.sitting_out = True
        if hand.summary.rake is None:
            hand.summary.rake = 0
        hand.implicit_uncalled = not any(isinstance(e, UncalledEvent) for e in hand.events)
        # Once side pots are named, an unnumbered pay-out line is the main pot's.
        if any(isinstance(e, CollectEvent) and e.pot for e in hand.events):
            hand.events = [replace(e, pot=0) if isinstance(e, CollectEvent) and e.pot is None else e
                           for e in hand.events]


FORMATS = [PKRFormat()]
