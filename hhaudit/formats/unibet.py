"""Unibet poker hand histories (Relax-network client, 2021).

Grammar: `grammars/unibet.lark`. Points of the format:
- "Game #1463192545: Table €1 NL - 0.05/0.10 - No Limit Hold'Em Banzai - 13:22:50
  2021/04/04": the stakes are the blinds, printed without a currency; the seats' stacks
  carry it ("(€5.15)", the euro sign in cp1252). The time has no zone, so `started_at`
  stays empty;
- "Dealt in P" lists every seat dealt in (hidden cards, no event); a listed seat not
  dealt in sat out;
- "raises €0.95 to €0.95": chips added, then the street total (the total is used);
  calls and bets are the chips added; ", and is all-in" marks an all-in;
- no uncalled-bet line: "P wins €1.10" pays the pot with the unmatched bet inside it
  (`implicit_uncalled`); "Total pot €1.10 Rake €0" states both, unmatched bet included;
- the summary's "Seat N: P: bet X and won Y, net result: Z" lines restate the above.

Line kinds (unibet, `grammars/unibet.lark`; every line shape of the corpus's
files of this format is one of them: the corpus gives no PA04 on them):

- HEADER: `Game #<hand_id>: Table (><table> - <sb>/<bb> - )<game> - <time> <date>`: read
- SEATED: `*** Seated players ***`: its place in the hand (no field read)
- SEAT: `Seat <seat>: <player> (<stack>)<note>`: read
- BLINDS_SECTION: `*** Blinds and button ***`: its place in the hand (no field read)
- BUTTON: `<player> has the button`: read
- POST: `<player> posts <what> <amount><all_in>`: read
- HOLE_CARDS: `*** Hole cards ***`: its place in the hand (no field read)
- DEALT_IN: `Dealt in <player>`: read
- DEALT: `Dealt to <player> [<cards>]`: read
- STREET: `*** <street> ***( *<cards>)`: read
- ACTION: `<player> <act>( <a>( to <b>))<all_in>`: read
- SHOW: `<player> shows [<cards>]...`: read
- MUCK: `<player> (mucks|does not show)...`: read
- WIN: `<player> wins <amount>( from (the )<pot>)( with ...)`: read
- SUMMARY: `*** Summary ***`: its place in the hand (no field read)
- TOTAL: `Total pot <total>( Rake <rake>)...`: read
- BOARD: `Board: [<cards>]`: read
- RESULT: `Seat <seat>: <player>: bet <bet> and won <won>, net result: <net>`: its place in the
  hand (no field read)
- MISC: `(. (has (joined|left) the table|sits out|is sitting out|has (dis|re)?connected|has
  timed out)...|.: ...)`: ignored: changes nothing
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
)
from ..money import currency_of
from ._sitekit import Fields, SiteFormat
from .base import UnsupportedGame
from .common import ACT_VERBS, bracket_groups, cards, to_utc, wall_clock

_STREETS = {"Flop": Street.FLOP, "Turn": Street.TURN, "River": Street.RIVER, "Showdown": Street.SHOWDOWN}
_POSTS = {"small blind": Post.SMALL_BLIND, "big blind": Post.BIG_BLIND, "ante": Post.ANTE,
          "straddle": Post.STRADDLE}
_HOLDEM = re.compile(r"(?i)\bhold'?em\b")


class UnibetFormat(SiteFormat):
    name = "unibet"
    reads_unknown_lines = True
    sites = ("Unibet",)
    grammar = "unibet"
    description = "Unibet ('Game #N: Table ... - No Limit Hold'Em ...')"
    # the table name is settled at the first " - " that the stakes (a whole word with a "/"
    # inside) and " - " follow (atomic): where the game and time follow a later such stakes
    # word, they follow the first one too
    start: ClassVar[re.Pattern[str]] = re.compile(
        r"\s*\ufeff?Game #\d+: Table (?>.+? - (?=\S+/\S)\S++ - ).+ - \d\d?:\d\d:\d\d \d{4}/"
    )

    def new_hand(self, source: str, first_line: int) -> Hand:
        self._dealt: set[int] = set()
        return super().new_hand(source, first_line)

    def on_HEADER(self, hand: Hand, f: Fields, line: int) -> None:
        hand.hand_id = f[0] or ""
        hand.table_name = f[1] or ""
        game = f[4] or ""
        hand.kind, hand.scale = "cash", 2
        when = f"{f[6]} {f[5]}"
        hand.started_at, hand.tz = to_utc(when)
        if hand.started_at is None and not hand.tz:
            hand.local_time = wall_clock(when)  # no zone written (`hhaudit.zones`)
        if not _HOLDEM.search(game) or re.search(r"(?i)omaha|short ?deck|6\+", game):
            hand.variant = game.lower()
            raise UnsupportedGame(game)
        low = game.lower()
        limit = (Limit.NO_LIMIT if "no limit" in low else Limit.POT_LIMIT if "pot limit" in low
                 else Limit.FIXED_LIMIT if "limit" in low else Limit.NO_LIMIT)
        self.set_stakes(hand, limit, self.amount(hand, f[2]), self.amount(hand, f[3]))

    def on_SEAT(self, hand: Hand, f: Fields, line: int) -> None:
        stack = f[2] or ""
        if not hand.currency:
            hand.currency = currency_of(stack) or ""
        self.add_seat(hand, int(f[0] or 0), f[1] or "", self.amount(hand, stack), "sitting out" in (f[3] or ""), line)

    def on_BUTTON(self, hand: Hand, f: Fields, line: int) -> None:
        hand.button_seat = self.seat(hand, f[0])

    def on_POST(self, hand: Hand, f: Fields, line: int) -> None:
        player, what, amount, all_in = f[0] or "", f[1] or "", self.amount(hand, f[2]), bool(f[3])
        seat = self.seat(hand, player)
        if what == "small and big blinds":
            live = min(hand.bb, amount)
            hand.events.append(PostEvent(line, seat, player, Post.DEAD, live, amount - live, all_in))
        elif what.startswith("dead"):
            hand.events.append(PostEvent(line, seat, player, Post.DEAD, 0, amount, all_in))
        else:
            kind = _POSTS[what]
            if kind is Post.ANTE:
                hand.ante = max(hand.ante, amount)
            hand.events.append(PostEvent(line, seat, player, kind, amount, 0, all_in))

    def on_DEALT_IN(self, hand: Hand, f: Fields, line: int) -> None:
        self._dealt.add(self.seat(hand, f[0]))

    def on_DEALT(self, hand: Hand, f: Fields, line: int) -> None:
        player = f[0] or ""
        seat = self.seat(hand, player)
        self._dealt.add(seat)
        hand.events.append(DealEvent(line, seat, player, cards(f[1])))

    def on_STREET(self, hand: Hand, f: Fields, line: int) -> None:
        name = f[0] or ""
        if name == "Preflop":
            return
        street = _STREETS[name]
        if street is Street.SHOWDOWN:
            hand.events.append(StreetEvent(line, street, (), ()))
            return
        groups = bracket_groups(f[1])
        board: tuple[str, ...] = ()
        for e in reversed(hand.events):
            if isinstance(e, StreetEvent) and e.street is not Street.SHOWDOWN:
                board = e.board
                break
        new = cards(groups[-1]) if groups else ()
        # a line may repeat the board so far before the new card(s)
        whole = tuple(c for g in groups for c in cards(g))
        hand.events.append(StreetEvent(line, street, new, whole if len(groups) > 1 else board + new))

    def on_ACTION(self, hand: Hand, f: Fields, line: int) -> None:
        player, act, a, b, all_in = f[0] or "", ACT_VERBS[f[1] or ""], f[2], f[3], bool(f[4])
        seat = self.seat(hand, player)
        if act in (Act.FOLD, Act.CHECK):
            hand.events.append(ActionEvent(line, seat, player, act))
        elif act is Act.RAISE:
            hand.events.append(ActionEvent(line, seat, player, act, to=self.amount(hand, b or a), all_in=all_in))
        else:
            hand.events.append(ActionEvent(line, seat, player, act, amount=self.amount(hand, a), all_in=all_in))

    def on_SHOW(self, hand: Hand, f: Fields, line: int) -> None:
        player = f[0] or ""
        hand.events.append(ShowEvent(line, self.seat(hand, player), player, cards(f[1])))

    def on_MUCK(self, hand: Hand, f: Fields, line: int) -> None:
        player = f[0] or ""
        hand.events.append(ShowEvent(line, self.seat(hand, player), player, (), muck=True))

    def on_WIN(self, hand: Hand, f: Fields, line: int) -> None:
        pot = f[2] or ""
        number = 0 if pot == "main pot" else int(f[3]) if f[3] else None
        self.collect(hand, line, f[0] or "", self.amount(hand, f[1]), number)

    def on_TOTAL(self, hand: Hand, f: Fields, line: int) -> None:
        s = hand.summary
        s.line = line
        s.total_pot = self.amount(hand, f[0])
        s.rake = self.amount(hand, f[1]) if f[1] else 0

    def on_BOARD(self, hand: Hand, f: Fields, line: int) -> None:
        hand.summary.boards.append(cards(f[0]))

    def finish(self, hand: Hand) -> None:
        hand.implicit_uncalled = True
        if self._dealt:
            for s in hand.seats:
                if s.seat not in self._dealt:
                    s.sitting_out = True


FORMATS = [UnibetFormat()]
