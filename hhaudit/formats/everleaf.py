"""Everleaf Gaming network hand histories (Everleaf, Concord Gaming, Partouche, Grand Poker).

Grammar: `grammars/everleaf.lark`. Everleaf writes every bet, call and raise as the chips the
action adds, posts and actions in square brackets, no uncalled-bet line (the winner is paid
the pot without the returned part) and no summary section,
so no rake either: a cash hand's rake is inferred as what the pot (less the unmatched bet)
did not pay out (about 5% on Everleaf, up to 10% on Partouche), a tournament's is zero.

Line kinds (everleaf, `grammars/everleaf.lark`; every line shape of the corpus's
files of this format is one of them: the corpus gives no PA04 on them):

- HEADER: `<room>(Game #<hand_id>|Partouche Poker...)`: read
- HISTORY: `*{3,} (Hand history for game #|Historique des Mains pour la partie )<hand_id>...`:
  read
- TOURNEY: `Tournament #<id> - Level N`: read
- STAKES: `(Blinds )<low> */ *<high> <limit><game>( - <max> Max) - <date>`: read
- TABLE: `Table <name>`: read
- BUTTON: `Seat <seat> is the button`: read
- PLAYERS: `Total number of players: <n>(/N)`: its place in the hand (no field read)
- SEAT: `Seat <seat>: <player> ( *<stack> *)`: read
- POST: `<player>: posts <what> [ *<amount> *]`: read
- DEALING: `** Dealing down cards **`: its place in the hand (no field read)
- DEALT: `Dealt to <player> [<cards>]`: read
- ACTION: `<player>: <act>( [ *<amount> *])`: read
- STREET: `** Dealing <street> ** [<cards>]`: read
- SHOW: `<player> shows [<cards>]...`: read
- NO_SHOW: `<player> does not show cards`: read
- COLLECT: `<player> wins ( *<half>(= ))<amount> from <pot> pot( with ...)`: read
- WRAPPED: `[a-z ,]* [( *[2-9TJQKA][cdhs],) *]`: ignored: changes nothing
- MISC: `(. has (joined|left) the table|. has been reseated to this table|. has
  disconnected...|. est dS(>S*?connect)... ...|. has (re)?connected...|. is sitting out|. sits
  out|.: ...)`: ignored: changes nothing
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
from .common import ACT_VERBS, cards, omaha_of, set_omaha, to_utc

_POSTS = {"small blind": Post.SMALL_BLIND, "big blind": Post.BIG_BLIND, "ante": Post.ANTE}
_STREETS = {"Flop": Street.FLOP, "Turn": Street.TURN, "River": Street.RIVER}
_LIMITS = {"NL ": Limit.NO_LIMIT, "PL ": Limit.POT_LIMIT, None: Limit.FIXED_LIMIT}


class EverleafFormat(SiteFormat):
    name = "everleaf"
    reads_unknown_lines = True
    sites = ("Everleaf",)
    grammar = "everleaf"
    decimal_comma = True
    description = "Everleaf Gaming network (Everleaf, Concord, Partouche, Grand Poker)"
    start: ClassVar[re.Pattern[str]] = re.compile(r"\s*+\ufeff?(?:.*Game #\d+\s*$|Partouche Poker)")
    _history = re.compile(r"\*{5} Hand history for game #\d+ \*{5}|\*{3} Historique des Mains pour la partie \d+")

    def detect(self, head: list[str]) -> bool:  # type: ignore[override]
        return any(self._history.match(line.strip()) for line in head)

    def on_HEADER(self, hand: Hand, f: Fields, line: int) -> None:
        hand.hand_id = f[1] or ""
        hand.implicit_uncalled = True

    def on_HISTORY(self, hand: Hand, f: Fields, line: int) -> None:
        hand.hand_id = f[0] or hand.hand_id

    def on_TOURNEY(self, hand: Hand, f: Fields, line: int) -> None:
        hand.kind = "tournament"
        hand.tournament_id = f[0] or ""

    def on_STAKES(self, hand: Hand, f: Fields, line: int) -> None:
        low, high, lim, game, max_seats, date = f
        stakes = (low or "") + (high or "")
        # One client wrote the euro sign as a caret-like "ˆ" (0x88 read as cp1252).
        cur = currency_of(stakes) or ("EUR" if "\u02c6" in stakes else "")
        if hand.kind != "tournament":
            hand.kind = "cash" if cur else "tournament"
        hand.currency = cur if hand.kind == "cash" else ""
        hand.scale = 2 if hand.kind == "cash" else 0
        hand.max_seats = int(max_seats) if max_seats else None
        hand.started_at, hand.tz = to_utc((date or "").replace(" - ", " ") + " ET")
        name = (game or "").strip()
        omaha = omaha_of(name) if name not in ("Hold'em", "Holdem") else None
        if name not in ("Hold'em", "Holdem") and omaha is None:
            hand.variant = name.lower()
            raise UnsupportedGame(game)
        if omaha is not None:
            set_omaha(hand, *omaha)  # "Omaha Hi/Lo", "PL Omaha Hi/Lo"
        self.set_stakes(hand, _LIMITS[lim], self.amount(hand, low), self.amount(hand, high))

    def on_TABLE(self, hand: Hand, f: Fields, line: int) -> None:
        hand.table_name = f[0] or ""

    def on_BUTTON(self, hand: Hand, f: Fields, line: int) -> None:
        hand.button_seat = int(f[0] or 0)

    def on_SEAT(self, hand: Hand, f: Fields, line: int) -> None:
        seat, player, stack = int(f[0] or 0), f[1] or "", (f[2] or "").strip()
        # "( All-in )" (no chips left from an earlier hand) and "( new player )" hold no amount
        if re.search(r"\d", stack):
            self.add_seat(hand, seat, player, self.amount(hand, stack), False, line)
        else:
            self.add_seat(hand, seat, player, 0, True, line)

    def on_POST(self, hand: Hand, f: Fields, line: int) -> None:
        player, what, text = f[0] or "", f[1] or "", f[2]
        seat = self.seat(hand, player)
        amount = self.amount(hand, text)
        if what == "small & big blinds":
            live = min(hand.bb, amount)
            hand.events.append(PostEvent(line, seat, player, Post.DEAD, live, amount - live))
            return
        if what == "dead blind":
            hand.events.append(PostEvent(line, seat, player, Post.DEAD, 0, amount))
            return
        kind = _POSTS[what]
        if kind is Post.ANTE:
            hand.ante = max(hand.ante, amount)
        hand.events.append(PostEvent(line, seat, player, kind, amount))

    def on_DEALT(self, hand: Hand, f: Fields, line: int) -> None:
        player = f[0] or ""
        hand.events.append(DealEvent(line, self.seat(hand, player), player, cards(f[1])))

    def on_ACTION(self, hand: Hand, f: Fields, line: int) -> None:
        player, act = f[0] or "", ACT_VERBS[f[1] or ""]
        seat = self.seat(hand, player)
        if act in (Act.FOLD, Act.CHECK):
            hand.events.append(ActionEvent(line, seat, player, act))
            return
        amount = self.amount(hand, f[2])
        hand.events.append(ActionEvent(line, seat, player, act, amount=amount))

    def on_STREET(self, hand: Hand, f: Fields, line: int) -> None:
        new = cards(f[1])
        board: tuple[str, ...] = ()
        for e in reversed(hand.events):
            if isinstance(e, StreetEvent):
                board = e.board
                break
        hand.events.append(StreetEvent(line, _STREETS[f[0] or ""], new, board + new))

    def on_SHOW(self, hand: Hand, f: Fields, line: int) -> None:
        player = f[0] or ""
        hand.events.append(ShowEvent(line, self.seat(hand, player), player, cards(f[1])))

    def on_NO_SHOW(self, hand: Hand, f: Fields, line: int) -> None:
        player = f[0] or ""
        hand.events.append(ShowEvent(line, self.seat(hand, player), player, (), muck=True))

    def on_COLLECT(self, hand: Hand, f: Fields, line: int) -> None:
        player, half, text, pot = f[0] or "", f[1], f[2], f[3]
        self.collect(hand, line, player, self.amount(hand, text), 0 if pot == "main" else None)
        if half:
            hand.events[-1].half = half  # type: ignore[union-attr]

    def finish(self, hand: Hand) -> None:
        seen = {e.seat for e in hand.events if isinstance(e, (PostEvent, ActionEvent))}
        named = {getattr(e, "seat", None) for e in hand.events}
        for s in hand.seats:
            if s.sitting_out and s.seat in seen:
                s.sitting_out = False
            elif s.seat not in named and hand.kind == "cash":
                s.sitting_out = True  # listed, yet never posts, acts, is dealt or paid
        # A seat with no chips ("new player", "All-in" left from an earlier hand, "0")
        # that does nothing in the hand was not dealt in: a tournament would otherwise
        # deal it in and fold it for the software.
        hand.seats = [s for s in hand.seats if s.seat in named or s.stack > 0]
        self._infer_rake(hand)

    @staticmethod
    def _infer_rake(hand: Hand) -> None:
        if hand.kind == "tournament":
            hand.summary.rake = 0
            return
        put: dict[int, int] = {}  # live chips per seat
        dead = 0
        for e in hand.events:
            if isinstance(e, PostEvent):
                live = 0 if e.kind is Post.ANTE else e.amount
                put[e.seat] = put.get(e.seat, 0) + live
                dead += e.amount + e.dead - live
            elif isinstance(e, ActionEvent) and e.amount:
                put[e.seat] = put.get(e.seat, 0) + e.amount
        paid = sum(e.amount for e in hand.events if isinstance(e, CollectEvent))
        if not paid:
            return
        ranked = sorted(put.values(), reverse=True) + [0, 0]
        excess = ranked[0] - ranked[1]  # the unmatched bet nobody called
        pot = sum(put.values()) + dead
        # The winner is paid net of the unmatched bet; should a log pay it back inside the
        # collection, the rake is what the whole sum did not pay out.
        for base in (pot - excess, pot):
            if base - paid >= 0:
                hand.summary.rake = base - paid
                return


FORMATS = [EverleafFormat()]
