"""Enet hand histories (a PokerStars-like layout with decimal commas, 2012).

Grammar: `grammars/enet.lark`. Points of the format:
- "Game #19408739: Hold'em (€0,05/€0,10) - 12:16:31 3.10.2012 - %6": the blinds, a
  local time with no zone (so `started_at` stays empty); the structure is in the table
  name ("Table 'Parfigi 1 - No Limit' 6-max");
- amounts use a decimal comma, a dot for thousands;
- "Omaha (€0,25/€0,50)" at a "Pot Limit" table is pot-limit Omaha; its tables write cards
  with no spaces between them ("shows [5cJc5hJs]") and each street's whole board in one
  bracket ("*** TURN *** [Td4h7d2d]");
- a blind may be posted with no amount ("Player4: posts big blind "). A seat that posts
  so and then takes part (acts) puts in the table's blind of that kind, dead for a small
  blind posted besides the one in position; a seat that posts so and never acts was not
  dealt in (it posts to come back on the next hand) and puts in nothing. In the corpus
  hand that is what makes "Total pot €0,30" add up: .05 + .10 + Hero's matched .10 + the
  .05 dead small blind; the big blind posted by Player4 (never acting, "showed [] and
  lost" in the summary, no fold) is not in it;
- raises, calls, bets and all-ins give the chips added ("raises €0,30", "goes all-in
  €5,75"); after a betting round "Rake: €0,27" gives the rake taken on it (the summary's
  "Rake" is their sum; one may be negative, rake given back);
- the summary names each seat's role: "(dealer)" there wins over the first lines'
  "Seat #2 is the button" (the corpus hand's blinds sit left of the summary's dealer);
- pay-outs are read from the summary ("Hero (dealer) collected (€0,30) from pot", the
  gross amount the total pot states); the play section's "Hero collected (€0,20) from
  pot" is that less the winner's own matched chips, and is not an event.

Line kinds (enet, `grammars/enet.lark`; every line shape of the corpus's
files of this format is one of them: the corpus gives no PA04 on them):

- HEADER: `Game #<hand_id>: <game> (<sb>/<bb>) - <time> <date><rest>`: read
- TABLE: `Table '<name>' (<max>-max )?Seat #<button> is the button`: read
- SEAT: `Seat <seat>: <player> (<stack> in chips)<note>`: read
- POST: `<player>: posts <what>( <amount>)<all_in>`: read
- HOLE_CARDS: `*** HOLE ?CARDS ***`: its place in the hand (no field read)
- DEALT: `Dealt to <player> [<cards>]`: read
- ACTION: `<player>: <act>( <amount>)( to <to>)<all_in>`: read
- UNCALLED: `Uncalled bet (<amount>) returned to <player>`: read
- STREET: `*** <street> *** <cards>`: read
- SHOWDOWN: `*** SHOW ?DOWN ***`: read
- SHOW: `<player>: shows [<cards>]...`: read
- MUCK: `<player>: (mucked|mucks hand|doesn't show hand)( [<cards>])`: read
- COLLECTED: `<player> collected (<amount>) from (the )(main |side )?pot...`: its place in the
  hand (no field read)
- RAKE: `Rake: <amount>`: its place in the hand (no field read)
- SUMMARY: `*** SUMMARY ***`: its place in the hand (no field read)
- TOTAL: `Total pot <total>( | Rake <rake>)...`: read
- BOARD: `Board [<cards>]`: read
- RESULT: `Seat <seat>: <player>((<! )|(!  ))( (<role>)) ((showed [[^[]]*] and )(collect...`:
  read
- MISC: `(. (has (joined|left) the table|sits out|is sitting out|has timed out|is
  (dis|re)?connected)...|. said, ...)`: ignored: changes nothing
- any other line: kept unread, a PA04 warning naming it; the hand is judged unless the line
  names a seated player first or shows a figure or a card (`common.unknown_may_matter`),
  where the rules abstain (`reads_unknown_lines`).
"""

from __future__ import annotations

import re
from typing import ClassVar

from ..model import (
    Act,
    ActionEvent,
    DealEvent,
    Hand,
    Limit,
    Post,
    PostEvent,
    ShowEvent,
    Street,
    StreetEvent,
    UncalledEvent,
)
from ..money import currency_of, parse_amount
from ._sitekit import Fields, SiteFormat
from .base import UnsupportedGame
from .common import (
    ACT_VERBS,
    STREET_NAMES,
    bracketed_board,
    cards,
    omaha_of,
    set_omaha,
    to_utc,
    wall_clock,
)

_POSTS = {"small blind": Post.SMALL_BLIND, "big blind": Post.BIG_BLIND, "ante": Post.ANTE}
_GLUED = re.compile(r"(?<=[2-9TJQKA][cdhs])(?=[2-9TJQKA][cdhs])")


def _cards(text: str | None) -> tuple[str, ...]:
    """Cards written with or without spaces: "[5cJc5hJs]" is 5c Jc 5h Js."""
    return cards(_GLUED.sub(" ", text) if text else text)


class EnetFormat(SiteFormat):
    name = "enet"
    reads_unknown_lines = True
    sites = ("Enet",)
    grammar = "enet"
    description = "Enet ('Game #N: Hold'em (€0,05/€0,10) - 12:16:31 3.10.2012')"
    start: ClassVar[re.Pattern[str]] = re.compile(
        r"\s*\ufeff?Game #\d+: .+ \([^/()]+/[^/()]+\) - \d\d?:\d\d:\d\d \d\d?\.\d\d?\.\d{4}")

    def amount(self, hand: Hand, text: str | None) -> int:
        if text is None:
            raise ValueError("amount missing")
        return parse_amount(text, hand.scale, decimal=",")

    def new_hand(self, source: str, first_line: int) -> Hand:
        self._blank: list[tuple[int, int, str, str]] = []  # (index in events, seat, player, what)
        self._dealer: int | None = None
        self._paid: list[tuple[int, str, int]] = []
        return super().new_hand(source, first_line)

    def on_HEADER(self, hand: Hand, f: Fields, line: int) -> None:
        hand.hand_id = f[0] or ""
        game = (f[1] or "").strip()
        omaha = omaha_of(game)
        if omaha is not None:
            set_omaha(hand, *omaha)  # "Omaha"
        elif not re.fullmatch(r"(?i)hold'?em", game):
            hand.variant = game.lower()
            raise UnsupportedGame(game)
        stakes = (f[2] or "") + (f[3] or "")
        hand.currency = currency_of(stakes) or ""
        hand.kind = "cash" if hand.currency else "tournament"
        hand.scale = 2 if hand.currency else 0
        self._stakes = (self.amount(hand, f[2]), self.amount(hand, f[3]))
        d, mo, y = (f[5] or "").split(".")
        when = f"{y}/{int(mo):02d}/{int(d):02d} {f[4]}"
        hand.started_at, hand.tz = to_utc(when)
        if hand.started_at is None and not hand.tz:
            hand.local_time = wall_clock(when)  # no zone written (`hhaudit.zones`)

    def on_TABLE(self, hand: Hand, f: Fields, line: int) -> None:
        name = f[0] or ""
        hand.table_name = name
        hand.max_seats = int(f[1]) if f[1] else None
        hand.button_seat = int(f[2] or 0)
        low = name.lower()
        limit = (Limit.NO_LIMIT if "no limit" in low else Limit.POT_LIMIT if "pot limit" in low
                 else Limit.FIXED_LIMIT if "limit" in low else Limit.NO_LIMIT)
        self.set_stakes(hand, limit, *self._stakes)

    def on_SEAT(self, hand: Hand, f: Fields, line: int) -> None:
        self.add_seat(hand, int(f[0] or 0), f[1] or "", self.amount(hand, f[2]),
                      "sitting out" in (f[3] or ""), line)

    def on_POST(self, hand: Hand, f: Fields, line: int) -> None:
        player, what, text, all_in = f[0] or "", f[1] or "", f[2], bool(f[3])
        seat = self.seat(hand, player)
        if text is None:
            # decided in finish(), once it is known whether the seat takes part
            self._blank.append((len(hand.events), seat, player, what))
            hand.events.append(PostEvent(line, seat, player, Post.DEAD, 0, 0))
            return
        amount = self.amount(hand, text)
        if what == "small & big blinds":
            live = min(hand.bb, amount)
            hand.events.append(PostEvent(line, seat, player, Post.DEAD, live, amount - live, all_in))
            return
        kind = _POSTS[what]
        if kind is Post.ANTE:
            hand.ante = max(hand.ante, amount)
        hand.events.append(PostEvent(line, seat, player, kind, amount, 0, all_in))

    def on_DEALT(self, hand: Hand, f: Fields, line: int) -> None:
        player = f[0] or ""
        hand.events.append(DealEvent(line, self.seat(hand, player), player, _cards(f[1])))

    def on_ACTION(self, hand: Hand, f: Fields, line: int) -> None:
        player, verb, text, to, all_in = f[0] or "", f[1] or "", f[2], f[3], bool(f[4])
        seat = self.seat(hand, player)
        if verb == "goes all-in":
            # "goes all-in €5,75": the chips added, a bet, call or raise as the state has it
            hand.events.append(self.all_in_action(hand, line, seat, player, self.amount(hand, text)))
            return
        act = ACT_VERBS[verb]
        if act in (Act.FOLD, Act.CHECK):
            hand.events.append(ActionEvent(line, seat, player, act))
        elif act is Act.RAISE and to is not None:
            hand.events.append(ActionEvent(line, seat, player, act, to=self.amount(hand, to), all_in=all_in))
        else:
            hand.events.append(ActionEvent(line, seat, player, act, amount=self.amount(hand, text), all_in=all_in))

    def on_UNCALLED(self, hand: Hand, f: Fields, line: int) -> None:
        player = f[1] or ""
        hand.events.append(UncalledEvent(line, self.seat(hand, player), player, self.amount(hand, f[0])))

    def on_STREET(self, hand: Hand, f: Fields, line: int) -> None:
        text = f[1] or ""
        new, board = bracketed_board(_GLUED.sub(" ", text))
        if text.count("[") == 1:
            # the Omaha tables write the whole board in one bracket: "[Td4h7d2d]"
            before = next((e.board for e in reversed(hand.events) if isinstance(e, StreetEvent)), ())
            if board[:len(before)] == before:
                new = board[len(before):]
        hand.events.append(StreetEvent(line, STREET_NAMES[f[0] or ""], new, board))

    def on_SHOWDOWN(self, hand: Hand, f: Fields, line: int) -> None:
        hand.events.append(StreetEvent(line, Street.SHOWDOWN, (), ()))

    def on_SHOW(self, hand: Hand, f: Fields, line: int) -> None:
        player = f[0] or ""
        hand.events.append(ShowEvent(line, self.seat(hand, player), player, _cards(f[1])))

    def on_MUCK(self, hand: Hand, f: Fields, line: int) -> None:
        player = f[0] or ""
        hand.events.append(ShowEvent(line, self.seat(hand, player), player, _cards(f[1]) if f[1] else (), muck=True))

    def on_TOTAL(self, hand: Hand, f: Fields, line: int) -> None:
        s = hand.summary
        s.line = line
        s.total_pot = self.amount(hand, f[0])
        s.rake = self.amount(hand, f[1]) if f[1] else 0

    def on_BOARD(self, hand: Hand, f: Fields, line: int) -> None:
        board = _cards(f[0])
        if board:
            hand.summary.boards.append(board)

    def on_RESULT(self, hand: Hand, f: Fields, line: int) -> None:
        seat, player, role, text = int(f[0] or 0), f[1] or "", f[2], f[3]
        if role in ("dealer", "button"):
            self._dealer = seat
        if text is not None:
            self._paid.append((line, player.strip(), self.amount(hand, text)))

    def finish(self, hand: Hand) -> None:
        acting = {e.seat for e in hand.events if isinstance(e, (ActionEvent, DealEvent, ShowEvent))}
        small_posted = any(isinstance(e, PostEvent) and e.kind is Post.SMALL_BLIND for e in hand.events)
        drop: set[int] = set()
        for index, seat, player, what in self._blank:
            old = hand.events[index]
            if seat not in acting:
                drop.add(index)  # posted to come back next hand: not dealt in
                for s in hand.seats:
                    if s.seat == seat:
                        s.sitting_out = True
                continue
            if what == "small blind":
                new = (PostEvent(old.line, seat, player, Post.DEAD, 0, hand.sb) if small_posted
                       else PostEvent(old.line, seat, player, Post.SMALL_BLIND, hand.sb))
            elif what == "big blind":
                new = PostEvent(old.line, seat, player, Post.BIG_BLIND, hand.bb)
            elif what == "small & big blinds":
                new = PostEvent(old.line, seat, player, Post.DEAD, hand.bb, hand.sb)
            else:
                raise ValueError(f"{what} posted with no amount")
            hand.events[index] = new
        if drop:
            hand.events = [e for i, e in enumerate(hand.events) if i not in drop]
        if self._dealer is not None:
            hand.button_seat = self._dealer
        for line, player, amount in self._paid:
            self.collect(hand, line, player, amount, None)


FORMATS = [EnetFormat()]
