"""PokerTracker exports of Everest Poker hands (format pt_everest).

Grammar: `grammars/pt_everest.lark`. The layout is PokerStars' in other words: "calls $X"
and "bets $X" add X, "raises to $X" makes the street total X, uncalled bets are written
("Uncalled bet of $7.00 returned to ..."), and "collects $X" lines pay the pots after the
rake, which is not written (it is inferred as what the pot did not pay out). Tournament
chips are printed as money ("$1,170.00"). The time carries no zone: it is read in the zone
`hhaudit.zones` gives Everest.

Posts: "posts the dead blind of $X" is a dead small blind when X is below the big blind
(followed by "posts $1.00", the live big blind) and a live big blind when X is the big
blind; "posts $X" is a live big blind. "has been disconnected, and is allin" is Everest's
disconnect protection: the player stays in the hand for the chips already in and does not
act again (a `ProtectionEvent`).

Line kinds (pt_everest, `grammars/pt_everest.lark`; every line shape of the corpus's
files of this format is one of them: the corpus gives no PA04 on them):

- HEADER: `EverestPoker Game #<hand_id>: (Tourney ID: <tid>, )?Table (><table> - (<low>/...`:
  read
- SEAT: `Seat <seat>: <player> (<stack>)`: read
- POST: `<player> posts (the <what> of )<amount>`: read
- BUTTON: `The button is in seat #<seat>`: read
- HOLE_CARDS: `*** HOLE CARDS ***`: its place in the hand (no field read)
- DEALT: `Dealt to <player> [<cards>]`: read
- ACTION: `<player> <act>( <amount>)<all_in>`: read
- DISCONNECT: `<player> has been disconnected, and is allin`: read
- UNCALLED: `Uncalled bet of <amount> returned to <player>`: read
- STREET: `*** <street> *** [<cards>]`: read
- SUMMARY: `*** SUMMARY ***`: its place in the hand (no field read)
- SHOW: `<player> <what> [<cards>]`: read
- COLLECT: `<player> collects <amount>`: read
- FINISHED: `. finished in place N and won ...`: its place in the hand (no field read)
- any other line: kept unread, a PA04 warning naming it; the hand is judged unless the line
  names a seated player first or shows a figure or a card (`common.unknown_may_matter`),
  where the rules abstain (`reads_unknown_lines`).
"""

from __future__ import annotations

import re
from typing import ClassVar

from ..model import (
    Act,
    DealEvent,
    Hand,
    Limit,
    Post,
    ProtectionEvent,
    Seat,
    ShowEvent,
    StreetEvent,
    UncalledEvent,
)
from ..money import currency_of
from ._ptkit import Fields, PtFormat, cards, naive
from .base import UnsupportedGame
from .common import STREET_NAMES, game_code

_LIMITS = {"No Limit": Limit.NO_LIMIT, "Pot Limit": Limit.POT_LIMIT, "Limit": Limit.FIXED_LIMIT}


class PtEverestFormat(PtFormat):
    name = "pt_everest"
    reads_unknown_lines = True
    sites = ("Everest",)
    grammar = "pt_everest"
    description = "Everest Poker hands as PokerTracker exports them (EverestPoker Game #...)"
    start: ClassVar[re.Pattern[str]] = re.compile(r"\s*\ufeff?EverestPoker Game #\d+: ")

    def on_HEADER(self, hand: Hand, f: Fields, line: int) -> None:
        hand_id, tid, table, low, high, limit, game = f[:7]
        h, mi, s, y, mo, d = (int(x or 0) for x in f[7:13])
        hand.local_time = naive(y, mo, d, h, mi, s)  # no zone written (`hhaudit.zones`)
        hand.hand_id = hand_id or ""
        tour = tid is not None
        hand.kind = "tournament" if tour else "cash"
        hand.tournament_id = tid or ""
        hand.table_name = table or ""
        hand.currency = "" if tour else currency_of((low or "") + (high or ""))
        hand.scale = self.chip_scale if tour else 2
        if (game or "").strip() not in ("Hold'em", "Holdem"):
            hand.variant = (game or "unknown").strip().lower()
            raise UnsupportedGame(game)
        lim = _LIMITS[limit or ""]
        hand.limit = lim
        hand.game = game_code(lim)
        if low and high:
            a, b = self.amount(hand, low), self.amount(hand, high)
            if lim is Limit.FIXED_LIMIT:
                hand.small_bet, hand.big_bet = a, b
                hand.bb, hand.sb = a, a // 2
            else:
                hand.sb, hand.bb = a, b

    def on_SEAT(self, hand: Hand, f: Fields, line: int) -> None:
        hand.seats.append(Seat(int(f[0] or 0), f[1] or "", self.amount(hand, f[2]), False, line))

    def on_BUTTON(self, hand: Hand, f: Fields, line: int) -> None:
        hand.button_seat = int(f[0] or 0)

    def on_POST(self, hand: Hand, f: Fields, line: int) -> None:
        player, what, amount = f[0] or "", f[1], self.amount(hand, f[2])
        seat = self.seat(hand, player)
        if what == "small blind":
            self.post(hand, line, seat, player, Post.SMALL_BLIND, amount)
        elif what == "big blind":
            self.post(hand, line, seat, player, Post.BIG_BLIND, amount)
        elif what == "ante":
            hand.ante = max(hand.ante, amount)
            self.post(hand, line, seat, player, Post.ANTE, amount)
        elif what == "dead blind" and amount < hand.bb:
            self.post(hand, line, seat, player, Post.DEAD, 0, amount)
        else:  # "posts $1.00", or a dead blind the size of the big blind: a live big blind
            self.post(hand, line, seat, player, Post.BIG_BLIND, amount)

    def on_DEALT(self, hand: Hand, f: Fields, line: int) -> None:
        player = f[0] or ""
        hand.events.append(DealEvent(line, self.seat(hand, player), player, cards(f[1])))

    def on_ACTION(self, hand: Hand, f: Fields, line: int) -> None:
        player, verb, text, all_in = f[0] or "", f[1] or "", f[2], bool(f[3])
        seat = self.seat(hand, player)
        if verb == "folds":
            self.act(hand, line, seat, player, Act.FOLD)
        elif verb == "checks":
            self.act(hand, line, seat, player, Act.CHECK)
        elif verb == "calls":
            self.act(hand, line, seat, player, Act.CALL, amount=self.amount(hand, text), all_in=all_in)
        elif verb == "bets":
            self.act(hand, line, seat, player, Act.BET, amount=self.amount(hand, text), all_in=all_in)
        else:
            self.act(hand, line, seat, player, Act.RAISE, to=self.amount(hand, text), all_in=all_in)

    def on_DISCONNECT(self, hand: Hand, f: Fields, line: int) -> None:
        player = f[0] or ""
        hand.events.append(ProtectionEvent(line, self.seat(hand, player), player, "disconnection"))

    def on_UNCALLED(self, hand: Hand, f: Fields, line: int) -> None:
        player = f[1] or ""
        hand.events.append(UncalledEvent(line, self.seat(hand, player), player, self.amount(hand, f[0])))

    def on_STREET(self, hand: Hand, f: Fields, line: int) -> None:
        new = cards(f[1])
        board: tuple[str, ...] = ()
        for e in reversed(hand.events):
            if isinstance(e, StreetEvent):
                board = e.board
                break
        self.street(hand, StreetEvent(line, STREET_NAMES[f[0] or ""], new, board + new))

    def on_SHOW(self, hand: Hand, f: Fields, line: int) -> None:
        player = f[0] or ""
        hand.events.append(
            ShowEvent(line, self.seat(hand, player), player, cards(f[2]), muck=f[1] == "mucked")
        )

    def on_COLLECT(self, hand: Hand, f: Fields, line: int) -> None:
        self.collect(hand, line, f[0] or "", self.amount(hand, f[1]))

    def finish(self, hand: Hand) -> None:
        self.book.close_street()
        self.mark_absent(hand)
        self.infer_rake(hand)


FORMATS = [PtEverestFormat()]
