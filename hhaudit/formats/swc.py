"""Seals With Clubs hand histories ("Hand #6340502-110 - 2013-05-02 02:14:03" / "Site: Seals
With Clubs"), cash games in mBTC.

Grammar: `grammars/swc.lark`. Points of the format:
- games: "NL Hold'em", "PL Omaha", ... ("Game: PL Omaha (20 - 100) - Blinds 1/1");
- the stakes line gives the blinds ("Blinds 0.50/1", no and pot limit) or the bets ("Stakes
  2/4", fixed limit); the buy-in range in brackets is not stakes;
- raises are street totals ("raises to 4"); calls and bets the chips added; "(All-in)";
- "X refunded 4" returns an uncalled bet;
- "posts small & big blind 1.50": the big blind live, the small blind dead;
- each pot is paid on its own line ("wins Main Pot (6)", "wins Side Pot 1 (2)") followed by
  its own "Rake (x)"; the hand's rake is their sum;
- the date has no zone, so `started_at` stays empty.

Line kinds (swc, `grammars/swc.lark`; every line shape of the corpus's
files of this format is one of them: the corpus gives no PA04 on them):

- HEADER: `Hand #<hand_id> - <date>`: read
- GAME: `Game: <game> (<min> - <max>) - (Stakes|Blinds) <low>/<high>`: read
- SITE: `Site: Seals With Clubs`: its place in the hand (no field read)
- TABLE: `Table: <name>`: read
- SEAT: `Seat <seat>: <player> (<stack>)( - <note>)`: read
- BUTTON: `<player> has the dealer button`: read
- POST: `<player> posts <what> <amount>`: read
- HOLE_CARDS: `** Hole Cards **`: its place in the hand (no field read)
- DEALT: `Dealt to <player> [<cards>]`: read
- ACTION: `<player> <act>( <amount>)<all_in>`: read
- REFUND: `<player> refunded <amount>`: read
- STREET: `** <street> ** [<cards>]`: read
- SHOWDOWN: `** <pot> ?Show Down ** [<cards>]`: read
- SHOW: `<player> shows [<cards>]( (<desc>))`: read
- WIN: `<player> wins <pot> (<amount>)( with ...)`: read
- RAKE: `Rake (<amount>)`: read
- MISC: `(. adds [d.,] chips|. (has )(joined|left) the table|. sits out|. is sitting out|.
  (dis)?connected|. mucks...|. has timed out...)`: ignored: changes nothing
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
from ._sitekit import Fields, SiteFormat
from .base import UnsupportedGame
from .common import cards, omaha_of, set_omaha

_ACTS = {"folds": Act.FOLD, "checks": Act.CHECK, "calls": Act.CALL, "bets": Act.BET, "raises to": Act.RAISE}
_STREETS = {"Flop": Street.FLOP, "Turn": Street.TURN, "River": Street.RIVER}
_LIMITS = {"NL": Limit.NO_LIMIT, "PL": Limit.POT_LIMIT, "Limit": Limit.FIXED_LIMIT}


class SWCFormat(SiteFormat):
    name = "swc"
    reads_unknown_lines = True
    sites = ("SealsWithClubs",)
    grammar = "swc"
    description = "Seals With Clubs (mBTC cash games)"
    start: ClassVar[re.Pattern[str]] = re.compile(r"\s*\ufeff?Hand #\d+-\d+ - \d{4}-\d\d-\d\d ")

    def on_HEADER(self, hand: Hand, f: Fields, line: int) -> None:
        hand.hand_id = f[0] or ""
        hand.kind, hand.currency, hand.scale = "cash", "mBTC", 2
        hand.implicit_uncalled = False

    def on_GAME(self, hand: Hand, f: Fields, line: int) -> None:
        game = f[0] or ""
        m = re.fullmatch(r"(NL|PL|Limit) (.+)", game)
        omaha = omaha_of(m.group(2)) if m else None
        if omaha is not None:
            set_omaha(hand, *omaha)  # "PL Omaha"
        if m is None or (omaha is None and m.group(2) != "Hold'em"):
            hand.variant = game.lower()
            raise UnsupportedGame(game)
        self.set_stakes(hand, _LIMITS[m.group(1)], self.amount(hand, f[3]), self.amount(hand, f[4]))

    def on_TABLE(self, hand: Hand, f: Fields, line: int) -> None:
        hand.table_name = f[0] or ""
        m = re.search(r"(?<!\d)(\d+)max|\bHU\b", hand.table_name)  # from a run's first digit only
        hand.max_seats = (int(m.group(1)) if m.group(1) else 2) if m else None

    def on_SEAT(self, hand: Hand, f: Fields, line: int) -> None:
        out = "sitting out" in (f[3] or "")
        self.add_seat(hand, int(f[0] or 0), f[1] or "", self.amount(hand, f[2]), out, line)

    def on_BUTTON(self, hand: Hand, f: Fields, line: int) -> None:
        hand.button_seat = self.seat(hand, f[0])

    def on_POST(self, hand: Hand, f: Fields, line: int) -> None:
        player, what, amount = f[0] or "", f[1] or "", self.amount(hand, f[2])
        seat = self.seat(hand, player)
        if what.startswith("small & big"):
            live = min(hand.bb, amount)
            hand.events.append(PostEvent(line, seat, player, Post.DEAD, live, amount - live))
        elif what == "dead blind":
            hand.events.append(PostEvent(line, seat, player, Post.DEAD, 0, amount))
        elif what == "ante":
            hand.ante = max(hand.ante, amount)
            hand.events.append(PostEvent(line, seat, player, Post.ANTE, amount))
        else:
            kind = Post.SMALL_BLIND if what == "small blind" else Post.BIG_BLIND
            if hand.limit is Limit.FIXED_LIMIT and kind is Post.SMALL_BLIND:
                hand.sb = amount
            hand.events.append(PostEvent(line, seat, player, kind, amount))

    def on_DEALT(self, hand: Hand, f: Fields, line: int) -> None:
        player = f[0] or ""
        hand.events.append(DealEvent(line, self.seat(hand, player), player, cards(f[1])))

    def on_ACTION(self, hand: Hand, f: Fields, line: int) -> None:
        player, act, text, all_in = f[0] or "", _ACTS[f[1] or ""], f[2], bool(f[3])
        seat = self.seat(hand, player)
        if act is Act.RAISE:
            hand.events.append(ActionEvent(line, seat, player, act, to=self.amount(hand, text), all_in=all_in))
        elif act in (Act.CALL, Act.BET):
            hand.events.append(ActionEvent(line, seat, player, act, amount=self.amount(hand, text), all_in=all_in))
        else:
            hand.events.append(ActionEvent(line, seat, player, act))

    def on_REFUND(self, hand: Hand, f: Fields, line: int) -> None:
        player = f[0] or ""
        hand.events.append(UncalledEvent(line, self.seat(hand, player), player, self.amount(hand, f[1])))

    def on_STREET(self, hand: Hand, f: Fields, line: int) -> None:
        new = cards(f[1])
        board: tuple[str, ...] = ()
        for e in reversed(hand.events):
            if isinstance(e, StreetEvent) and e.street is not Street.SHOWDOWN:
                board = e.board
                break
        hand.events.append(StreetEvent(line, _STREETS[f[0] or ""], new, board + new))

    def on_SHOWDOWN(self, hand: Hand, f: Fields, line: int) -> None:
        if not any(isinstance(e, StreetEvent) and e.street is Street.SHOWDOWN for e in hand.events):
            hand.events.append(StreetEvent(line, Street.SHOWDOWN, (), ()))
        hand.summary.boards = [cards(f[1])]

    def on_SHOW(self, hand: Hand, f: Fields, line: int) -> None:
        player = f[0] or ""
        seat = self.seat(hand, player)
        shown = cards(f[1])
        if any(isinstance(e, ShowEvent) and e.seat == seat and e.cards == shown for e in hand.events):
            return  # shown again for the next pot's showdown
        hand.events.append(ShowEvent(line, seat, player, shown))

    def on_WIN(self, hand: Hand, f: Fields, line: int) -> None:
        player, pot, text = f[0] or "", f[1] or "", f[2]
        number = None if pot == "Pot" else 0 if pot == "Main Pot" else int(pot.split()[-1])
        self.collect(hand, line, player, self.amount(hand, text), number)

    def on_RAKE(self, hand: Hand, f: Fields, line: int) -> None:
        hand.summary.rake = (hand.summary.rake or 0) + self.amount(hand, f[0])
        hand.summary.line = line

    def finish(self, hand: Hand) -> None:
        seen = {e.seat for e in hand.events if isinstance(e, (PostEvent, ActionEvent))}
        for s in hand.seats:
            if s.sitting_out and s.seat in seen:
                s.sitting_out = False


FORMATS = [SWCFormat()]
