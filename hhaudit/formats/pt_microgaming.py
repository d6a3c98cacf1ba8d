"""PokerTracker exports of Microgaming network hands (format pt_microgaming).

Grammar: `grammars/pt_microgaming.lark`. A hand runs from "** Game ID N starting - date"
to "End of game N"; seats are "- name sitting in seat 1 with €10.00 [at end €9.95]
[Dealer]"; cards "A of s, 10 of s".

What the amounts mean changed between PokerTracker versions (worked out from the stacks,
the later calls and the "at end" stacks):
- Exports without "at end" stacks and without "Version:" in the first line (2011) write
  "called - X" and "raised - X" as the player's street total, "bet - X" as the bet;
- later exports ("at end" stacks, "Version:3", "Version:4") write every amount as the chips
  the action adds; their "bet - X" may stand for a raise (pre-flop over the big blind), read
  as a raise of X chips put in.
- the "** Hand # N" exports (2013-2016, Omaha tables too) write every amount as the chips
  added, a raise as "raised to €1.25", and the rake ("Rake: €0.15");
- "went all-in - X" is always the chips added (a bet, call or raise by what the player
  faces); before any action it is an all-in blind.
- "posted to play - X" is a live big blind when X is the big blind, a missed-blinds post
  when it covers both blinds, and a dead post otherwise.
- "wins X from the main pot" includes the uncalled part of the winner's bet, which is
  taken off (the pot auditor works the uncalled bet out); no rake is written (it is inferred
  as what the pot did not pay out). The times carry no zone: `started_at` is left empty.

Line kinds (pt_microgaming, `grammars/pt_microgaming.lark`; every line shape of the corpus's
files of this format is one of them: the corpus gives no PA04 on them):

- HEADER: `** <layout> <hand_id>( Version:<ver>) starting - <y>-<mo>-<d> <h>:<mi>:<s>`: read
- GAME: `** (><table> [<game>] (<low>|<high> <limit> - )<kind> ) <money>`: read
- SEAT: `(- )<player> sitting in seat <seat> with <stack>( at end <end>)<note>`: read
- POST: `<player> posted <what> - <amount>`: read
- DEAL: `** Dealing cards to <player>: <cards>`: read
- ACTION: `<player> <act>(( -) <amount>)`: read
- STREET: `** Dealing the <street>: <cards>`: read
- SHOW: `<player> <what>:( <cards>)`: read
- COLLECT: `<player> wins <amount> from (the )<pot>`: read
- RAKE: `Rake: <amount>`: read
- END: `End of game <id>`: its place in the hand (no field read)
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
    Seat,
    ShowEvent,
    Street,
    StreetEvent,
)
from ..money import currency_of
from ._ptkit import Fields, PtFormat, cards
from .base import UnsupportedGame
from .common import game_code, omaha_of, set_omaha

_LIMITS = {"NL": Limit.NO_LIMIT, "PL": Limit.POT_LIMIT, "FL": Limit.FIXED_LIMIT}
_STREETS = {"flop": Street.FLOP, "turn": Street.TURN, "river": Street.RIVER}
_TOURNEY = re.compile(r"\((?P<id>\d+)\)")
_SEATS = re.compile(r"seats:(?P<n>\d+)")


def _cards(text: str | None) -> tuple[str, ...]:
    return cards((text or "").replace(" of ", ""))


class PtMicrogamingFormat(PtFormat):
    name = "pt_microgaming"
    reads_unknown_lines = True
    sites = ("Microgaming",)
    grammar = "pt_microgaming"
    description = "Microgaming network hands as PokerTracker exports them (** Game ID ..., ** Hand # ...)"
    start: ClassVar[re.Pattern[str]] = re.compile(r"\s*\ufeff?\*\* (?:Game ID|Hand #) ?\d+ (?:Version:\d+ )?starting")

    def parse_hand(self, lines: list[str], first_line: int, source: str) -> Hand:
        self._totals = True
        self._stated_rake = False
        return super().parse_hand(lines, first_line, source)

    def on_HEADER(self, hand: Hand, f: Fields, line: int) -> None:
        hand.hand_id = f[1] or ""
        hand.implicit_uncalled = True
        if f[2] or f[0] == "Hand #":
            self._totals = False

    def on_GAME(self, hand: Hand, f: Fields, line: int) -> None:
        table, game, low, high, limit, kind, money = f[:7]
        cash = "Cash Game" in (kind or "")
        hand.kind = "cash" if cash else "tournament"
        hand.table_name = (table or "").strip()
        if not cash:
            t = _TOURNEY.search(table or "")
            hand.tournament_id = t.group("id") if t else ""
        n = _SEATS.search(kind or "")
        hand.max_seats = int(n.group("n")) if n else None
        hand.currency = (currency_of(kind or "") or "EUR") if cash and money == "Real Money" else ""
        if money == "Play Money":
            hand.currency = "play"
        hand.scale = 2 if cash else self.chip_scale
        name = (game or "").strip()
        omaha = omaha_of(name)
        if omaha is not None:
            set_omaha(hand, *omaha)  # "[Omaha]"
        elif "Hold'em" not in name:
            hand.variant = name.lower() or "unknown"
            raise UnsupportedGame(game)
        lim = _LIMITS[limit or ""]
        hand.limit = lim
        hand.game = game_code(lim)
        a, b = self.amount(hand, low), self.amount(hand, high)
        if lim is Limit.FIXED_LIMIT:
            hand.small_bet, hand.big_bet = a, b
            hand.bb, hand.sb = a, a // 2
        else:
            hand.sb, hand.bb = a, b

    def on_SEAT(self, hand: Hand, f: Fields, line: int) -> None:
        player, seat, stack, end, note = f[0] or "", int(f[1] or 0), f[2], f[3], f[4] or ""
        if end is not None:
            self._totals = False
        # "[Sitting out]" is not trusted: a player so marked may still post (an all-in blind);
        # seats that take no part are marked in `finish`.
        hand.seats.append(Seat(seat, player, self.amount(hand, stack), False, line))
        if "[Dealer]" in note:
            hand.button_seat = seat

    def on_POST(self, hand: Hand, f: Fields, line: int) -> None:
        player, what, amount = f[0] or "", f[1] or "", self.amount(hand, f[2])
        seat = self.seat(hand, player)
        if what == "the small blind":
            self.post(hand, line, seat, player, Post.SMALL_BLIND, amount)
        elif what == "the big blind":
            self.post(hand, line, seat, player, Post.BIG_BLIND, amount)
        elif what == "ante":
            hand.ante = max(hand.ante, amount)
            self.post(hand, line, seat, player, Post.ANTE, amount)
        elif amount == hand.bb:
            self.post(hand, line, seat, player, Post.BIG_BLIND, amount)
        elif amount == hand.sb + hand.bb:
            self.post(hand, line, seat, player, Post.DEAD, hand.bb, hand.sb)
        else:
            self.post(hand, line, seat, player, Post.DEAD, 0, amount)

    def on_DEAL(self, hand: Hand, f: Fields, line: int) -> None:
        player = f[0] or ""
        hand.events.append(DealEvent(line, self.seat(hand, player), player, _cards(f[1])))

    def on_ACTION(self, hand: Hand, f: Fields, line: int) -> None:
        player, verb, text = f[0] or "", f[1] or "", f[2]
        seat = self.seat(hand, player)
        if verb == "folded":
            self.act(hand, line, seat, player, Act.FOLD)
            return
        if verb == "checked":
            self.act(hand, line, seat, player, Act.CHECK)
            return
        amount = self.amount(hand, text)
        if verb == "went all-in":
            if not any(isinstance(e, ActionEvent) for e in hand.events) and not self._has_bb(hand):
                kind = Post.BIG_BLIND if self._has(hand, Post.SMALL_BLIND) else Post.SMALL_BLIND
                self.post(hand, line, seat, player, kind, amount, 0, True)
            else:
                self.put_in(hand, line, seat, player, amount, all_in=True)
        elif verb == "called":
            if self._totals:
                amount -= self.book.committed(seat)
            self.act(hand, line, seat, player, Act.CALL, amount=amount)
        elif verb == "raised to":
            # the chips added, as the calls after it show ("Hero raised to €1.25" from his
            # 0.25 small blind, "Player0 called - €1.00" from his 0.50 big blind: 1.50 each)
            self.act(hand, line, seat, player, Act.RAISE, amount=amount)
        elif verb == "raised" or self.book.bet > 0:  # "bet" over a standing bet: a raise
            if self._totals:
                self.act(hand, line, seat, player, Act.RAISE, to=amount)
            else:
                self.act(hand, line, seat, player, Act.RAISE, amount=amount)
        else:
            self.act(hand, line, seat, player, Act.BET, amount=amount)

    @staticmethod
    def _has(hand: Hand, kind: Post) -> bool:
        return any(isinstance(e, PostEvent) and e.kind is kind for e in hand.events)

    def _has_bb(self, hand: Hand) -> bool:
        return self._has(hand, Post.BIG_BLIND)

    def on_STREET(self, hand: Hand, f: Fields, line: int) -> None:
        new = _cards(f[1])
        board: tuple[str, ...] = ()
        for e in reversed(hand.events):
            if isinstance(e, StreetEvent):
                board = e.board
                break
        self.street(hand, StreetEvent(line, _STREETS[f[0] or ""], new, board + new))

    def on_SHOW(self, hand: Hand, f: Fields, line: int) -> None:
        player = f[0] or ""
        hand.events.append(
            ShowEvent(line, self.seat(hand, player), player, _cards(f[2]), muck=f[1] == "mucks")
        )

    def on_COLLECT(self, hand: Hand, f: Fields, line: int) -> None:
        pot = 0 if f[2] == "main pot" else int(f[3] or 1)
        self.collect(hand, line, f[0] or "", self.amount(hand, f[1]), pot)

    def on_RAKE(self, hand: Hand, f: Fields, line: int) -> None:
        hand.summary.rake = self.amount(hand, f[0])
        hand.summary.line = line
        self._stated_rake = True

    def finish(self, hand: Hand) -> None:
        if self._stated_rake:
            # With the rake written, the pot auditor tells from the sums whether a "wins"
            # line includes the uncalled part of the bet (it does in the 2013 export, not in
            # the 2016 one), so it is left as written.
            self.book.close_street()
        else:
            self.settle_uncalled(hand)
        self.mark_absent(hand)
        self.infer_rake(hand)


FORMATS = [PtMicrogamingFormat()]
