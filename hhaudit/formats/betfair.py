"""Betfair Poker's own client (2004-2013) text hand histories.

Grammar: `grammars/betfair.lark`. Its lines look like 888's ("Seat 1: Hero ( $1 )", "posts
small blind [$0.05]", "** Dealing down cards **") but the hand is its own:
- the header "***** Betfair Poker Hand History for Game N *****", then the limit, stakes,
  game and date "PL $0.05/$0.10 Omaha - Sunday, October 18, 20:00:00 GMT 2009" (no-limit
  `NL`, pot-limit `PL`; "Texas Hold'em", "Omaha", "Omaha Hi": Omaha high, four cards);
- a call or bet is the chips it puts in ("calls [$0.20]" by the 0.10 big blind facing 0.30),
  a raise the street total ("raises to [$0.30]");
- an all-in is a line of its own before the action that puts the chips in ("Hero goes
  all-in", "Hero raises to [$1]");
- each pot is paid on its own line ("Player4 wins $6.26 from side pot #1 with a straight
  flush", "wins $4.44 from main pot"); no uncalled-bet, total-pot or rake line is written:
  the rake of a cash hand is what the pot holds beyond what was paid.

Line kinds (betfair, `grammars/betfair.lark`; every line shape of the corpus's
files of this format is one of them: the corpus gives no PA04 on them):

- HEADER: `*{5} Betfair Poker Hand History for Game <hand_id> *{5}`: read
- GAME: `(<limit> )<sb>/<bb> <game> - <when>`: read
- TABLE: `Table <name> (<money>)`: read
- BUTTON: `Seat <seat> is the button`: read
- PLAYERS: `Total number of (active )?players : <count>`: its place in the hand (no field read)
- SEAT: `Seat <seat>: <player> ( <stack> )`: read
- POST: `<player> posts <what> [<amount>]`: read
- DEALING: `** Dealing down cards **`: its place in the hand (no field read)
- DEALT: `Dealt to <player> [ <cards> ]`: read
- ALL_IN: `<player> goes all-in`: read
- ACTION: `<player> <act>( [<amount>])`: read
- STREET: `** Dealing <street> ** [ <cards> ]`: read
- SHOWDOWN: `** Showdown **`: read
- SHOW: `<player> shows [ <cards> ]( [^[]]*)`: read
- CONCLUSION: `** Hand Conclusion **`: its place in the hand (no field read)
- WIN: `<player> wins <amount>( from <pot>)( with ...)`: read
- END: `* Game <hand_id> ends *`: read
- MISC: `. (sits out|is sitting out|has (joined|left) the table|is (dis|re)connected|has timed
  out)`: ignored: changes nothing
- any other line: kept unread, a PA04 warning naming it; the hand is judged unless the line
  names a seated player first or shows a figure or a card (`common.unknown_may_matter`),
  where the rules abstain (`reads_unknown_lines`).
"""

from __future__ import annotations

import re
from datetime import UTC, datetime
from typing import ClassVar

from ..model import (
    Act,
    ActionEvent,
    CollectEvent,
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
from .common import cards, game_code, omaha_of, set_omaha

_ACTS = {"folds": Act.FOLD, "checks": Act.CHECK, "calls": Act.CALL, "bets": Act.BET, "raises to": Act.RAISE}
_STREETS = {"Flop": Street.FLOP, "Turn": Street.TURN, "River": Street.RIVER}
_LIMITS = {"NL": Limit.NO_LIMIT, "PL": Limit.POT_LIMIT}


class BetfairFormat(SiteFormat):
    name = "betfair"
    reads_unknown_lines = True
    sites = ("Betfair",)
    grammar = "betfair"
    description = "Betfair Poker's own client (***** Betfair Poker Hand History for Game N *****)"
    start: ClassVar[re.Pattern[str]] = re.compile(r"\s*\ufeff?\*{5} Betfair Poker Hand History for Game \d+ \*{5}")

    _all_in: int | None = None
    """The seat whose "goes all-in" line came last: the action on its next line is all-in."""

    def on_HEADER(self, hand: Hand, f: Fields, line: int) -> None:
        hand.hand_id = f[0] or ""
        self._all_in = None
        hand.kind = "cash"
        hand.implicit_uncalled = True  # the site writes no uncalled-bet line

    def on_GAME(self, hand: Hand, f: Fields, line: int) -> None:
        limit, low, high, game, when = f[0] or "", f[1] or "", f[2] or "", f[3] or "", f[4] or ""
        try:
            hand.started_at, hand.tz = datetime.strptime(when.strip(), "%A, %B %d, %H:%M:%S GMT %Y").replace(tzinfo=UTC), "GMT"
        except ValueError:
            pass
        omaha = omaha_of(game) if game != "Texas Hold'em" else None
        if omaha is not None:
            set_omaha(hand, *omaha)  # "Omaha", "Omaha Hi": the count from the cards dealt
        elif game != "Texas Hold'em":
            hand.variant = game.lower() or "unknown"
            raise UnsupportedGame(game)
        if limit not in _LIMITS:
            # fixed-limit tables' stakes are not known to say blinds or bets: not guessed
            raise ValueError(f"the limit {limit or '(none)'!r} is not one hhaudit reads (NL, PL)")
        hand.currency = currency_of(low) or "play"
        hand.scale = 2 if hand.currency != "play" else 0
        self.set_stakes(hand, _LIMITS[limit], self.amount(hand, low), self.amount(hand, high))
        hand.game = game_code(hand.limit, hand.variant, hand.hole_cards, hand.hilo)

    def on_TABLE(self, hand: Hand, f: Fields, line: int) -> None:
        name, money = (f[0] or "").strip(), f[1] or ""
        if name.endswith("-max"):  # "Death 1 6-max"
            head = name[:-4]
            digits = len(head) - len(head.rstrip("0123456789"))
            if digits:
                hand.max_seats = int(head[-digits:])
                name = head[:-digits].strip()
        hand.table_name = name
        if money != "Real Money":
            hand.currency, hand.scale = "play", 0

    def on_BUTTON(self, hand: Hand, f: Fields, line: int) -> None:
        hand.button_seat = int(f[0] or 0)

    def on_SEAT(self, hand: Hand, f: Fields, line: int) -> None:
        self.add_seat(hand, int(f[0] or 0), (f[1] or "").strip(), self.amount(hand, f[2]), False, line)

    def on_POST(self, hand: Hand, f: Fields, line: int) -> None:
        player, what, amount = f[0] or "", f[1] or "", self.amount(hand, f[2])
        seat = self.seat(hand, player)
        if what == "small & big blinds":
            live = min(hand.bb, amount)
            hand.events.append(PostEvent(line, seat, player, Post.DEAD, live, amount - live))
            return
        kind = Post.SMALL_BLIND if what == "small blind" else Post.BIG_BLIND
        hand.events.append(PostEvent(line, seat, player, kind, amount))

    def on_DEALT(self, hand: Hand, f: Fields, line: int) -> None:
        player = f[0] or ""
        hand.events.append(DealEvent(line, self.seat(hand, player), player, _cards(f[1])))

    def on_ALL_IN(self, hand: Hand, f: Fields, line: int) -> None:
        self._all_in = self.seat(hand, f[0])  # the action on the next line carries it

    def on_ACTION(self, hand: Hand, f: Fields, line: int) -> None:
        player, act, text = f[0] or "", _ACTS[f[1] or ""], f[2]
        seat = self.seat(hand, player)
        # "X goes all-in" is written just before the action that puts the chips in
        all_in, self._all_in = self._all_in == seat, None
        if act is Act.RAISE:
            hand.events.append(ActionEvent(line, seat, player, act, to=self.amount(hand, text), all_in=all_in))
        elif act in (Act.CALL, Act.BET):
            hand.events.append(ActionEvent(line, seat, player, act, amount=self.amount(hand, text), all_in=all_in))
        else:
            hand.events.append(ActionEvent(line, seat, player, act))

    def on_STREET(self, hand: Hand, f: Fields, line: int) -> None:
        self.deal_street(hand, line, _STREETS[f[0] or ""], _cards(f[1]))

    def on_SHOWDOWN(self, hand: Hand, f: Fields, line: int) -> None:
        hand.events.append(StreetEvent(line, Street.SHOWDOWN, (), ()))

    def on_SHOW(self, hand: Hand, f: Fields, line: int) -> None:
        player = f[0] or ""
        hand.events.append(ShowEvent(line, self.seat(hand, player), player, _cards(f[1])))

    def on_WIN(self, hand: Hand, f: Fields, line: int) -> None:
        player, text, pot = f[0] or "", f[1], f[2]
        number = int(pot.rsplit("#", 1)[1]) if pot and "#" in pot else 0 if pot == "main pot" else None
        self.collect(hand, line, player, self.amount(hand, text), number)
        hand.summary.line = line

    def on_END(self, hand: Hand, f: Fields, line: int) -> None:
        if f[0] != hand.hand_id:
            raise ValueError(f"the hand {hand.hand_id} ends as game {f[0]}")

    def finish(self, hand: Hand) -> None:
        """The rake of a cash hand: the chips put in, less the bet nobody matched (returned
        with no line), less what the pots paid."""
        street: dict[int, int] = {}
        put: dict[int, int] = {}
        live: dict[int, int] = {}
        for e in hand.events:
            if isinstance(e, StreetEvent):
                street = {}
            elif isinstance(e, PostEvent):
                put[e.seat] = put.get(e.seat, 0) + e.amount + e.dead
                street[e.seat] = street.get(e.seat, 0) + e.amount
                live[e.seat] = live.get(e.seat, 0) + e.amount
            elif isinstance(e, ActionEvent) and e.act is not Act.FOLD and e.act is not Act.CHECK:
                added = e.amount if e.to is None else e.to - street.get(e.seat, 0)
                added = added or 0
                put[e.seat] = put.get(e.seat, 0) + added
                street[e.seat] = street.get(e.seat, 0) + added
                live[e.seat] = live.get(e.seat, 0) + added
        paid = sum(e.amount for e in hand.events if isinstance(e, CollectEvent))
        if not live or not paid or hand.currency == "play":
            return
        ranked = sorted(live.values(), reverse=True) + [0]
        pot = sum(put.values()) - (ranked[0] - ranked[1])
        if pot >= paid:
            hand.summary.rake = pot - paid


def _cards(text: str | None) -> tuple[str, ...]:
    return cards((text or "").replace(",", " "))


FORMATS = [BetfairFormat()]
