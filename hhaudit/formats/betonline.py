"""BetOnline / Chico network hand histories (BetOnline, Gear Poker, ActionPoker.com).

Grammar: `grammars/betonline.lark`. A PokerStars-like layout with its own wording:
"raises X to Y" (X added, Y the street total), "ante processed X", "post dead X" (a missed
big blind, live, with the small blind dead), "post now X" (a new player's big blind),
"Player shows Jc Jd" at the showdown, and pots paid only in the summary seat lines.

What the site leaves implicit and this module works out:
- Older skins (Gear Poker, ActionPoker) print no stakes and no limit: the blinds posted
  give sb/bb and the game is read as No Limit.
- Every amount is printed with two decimals, tournament chips and play money included,
  so every hand has scale 2.
- Zones are Windows names ("Eastern Daylight Time", "GMT Standard Time"); none is Eastern.
"""

from __future__ import annotations

import re
from dataclasses import replace
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
    Seat,
    ShowEvent,
    Street,
    StreetEvent,
    UncalledEvent,
)
from ..money import parse_amount
from .base import LineError, LineFormat, UnsupportedGame
from .common import cards, game_code, game_of, to_utc

Fields = tuple[str | None, ...]

_SITES = {"BetOnline Poker": "BetOnline", "Gear Poker": "Gear Poker", "ActionPoker.com": "ActionPoker"}
_TOURNAMENT = re.compile(r"Tournament #(?P<id>\d+)")
_STAKES = re.compile(r"\(?\$?(?P<sb>[\d.,]+)/\$?(?P<bb>[\d.,]+)\)?")
_ZONES = {"Eastern": "ET", "GMT": "BST", "Pacific": "PT", "Central": "CT", "Mountain": "MT"}
_ZONE = re.compile(r"(?P<zone>Eastern|GMT|Pacific|Central|Mountain) (?:Daylight|Standard) Time")
_STREETS = {"FLOP": Street.FLOP, "TURN": Street.TURN, "RIVER": Street.RIVER}
_ACTS = {"folds": Act.FOLD, "checks": Act.CHECK, "calls": Act.CALL, "bets": Act.BET, "raises": Act.RAISE}
_PAID = re.compile(
    r"Seat (?P<seat>\d+): (?P<player>.*?) (?:\((?:Small Blind|Big Blind|Button)\)\s+)?"
    r"(?:showed \[[^\]]*\] and won|collected) \((?P<amount>[\d.,]+)\)"
)


class BetOnlineFormat(LineFormat):
    name = "betonline"
    sites = ("BetOnline/Chico",)
    grammar = "betonline"
    description = "BetOnline / Chico network (BetOnline, Gear Poker, ActionPoker.com)"
    start: ClassVar[re.Pattern[str]] = re.compile(
        r"\s*\ufeff?(?:BetOnline Poker|Gear Poker|ActionPoker\.com|Sportsbetting\.ag Poker|Tiger Gaming|"
        r"Chico Poker|PayNoRake) Game #\d+: "
    )
    noise = re.compile(r"Tournament will start in a moment\.")

    def parse_hand(self, lines: list[str], first_line: int, source: str) -> Hand:
        self._board: list[str] = []
        self._bb_posts: list[int] = []
        self._sb_posts: list[int] = []
        return super().parse_hand(lines, first_line, source)

    @staticmethod
    def amount(hand: Hand, text: str | None) -> int:
        if text is None:
            raise ValueError("amount missing")
        return parse_amount(text, hand.scale)

    @staticmethod
    def seat(hand: Hand, player: str | None) -> int:
        for s in hand.seats:
            if s.player == player:
                return s.seat
        raise ValueError(f"{player!r} is not seated at this table")

    # ------------------------------------------------------------------ header
    def on_HEADER(self, hand: Hand, f: Fields, line: int) -> None:
        room, hand.hand_id, rest = f[0] or "", f[1] or "", f[2] or ""
        hand.site = "BetOnline/Chico"
        t = _TOURNAMENT.search(rest)
        hand.kind = "tournament" if t else "cash"
        hand.tournament_id = t.group("id") if t else ""
        hand.currency = "" if t else "USD"
        hand.scale = 2
        zone = _ZONE.search(rest)
        date_text = rest.rsplit(" - ", 1)[-1]
        hand.started_at, hand.tz = to_utc(_ZONE.sub("", date_text), _ZONES[zone.group("zone")] if zone else "ET")
        head = rest.split(" - ", 1)[0]
        variant, limit = game_of(head)
        if not variant:
            if "Hold'em" not in head:
                raise UnsupportedGame(rest)
            variant, limit = "holdem", Limit.NO_LIMIT  # Gear / ActionPoker: "Hold'em" only
        if variant != "holdem":
            raise UnsupportedGame(rest)
        hand.limit = limit or Limit.NO_LIMIT
        hand.game = game_code(hand.limit)
        stakes = _STAKES.search(head.split("Hold'em", 1)[-1])
        if stakes is not None:
            low, high = parse_amount(stakes.group("sb"), 2), parse_amount(stakes.group("bb"), 2)
            if hand.limit is Limit.FIXED_LIMIT:
                hand.small_bet, hand.big_bet, hand.bb, hand.sb = low, high, low, low // 2
            else:
                hand.sb, hand.bb = low, high

    def on_TABLE(self, hand: Hand, f: Fields, line: int) -> None:
        name, max_seats, money, button = f[0], f[1], f[2], f[3]
        hand.table_name = name or ""
        hand.max_seats = int(max_seats) if max_seats else None
        hand.button_seat = int(button) if button else None
        if money == "Play Money":
            hand.currency = "play"

    def on_SEAT(self, hand: Hand, f: Fields, line: int) -> None:
        seat, player, stack, note = int(f[0] or 0), f[1] or "", f[2], f[3] or ""
        out = "Sitting out" in note
        hand.seats.append(Seat(seat, player, self.amount(hand, stack), out, line))

    # ------------------------------------------------------------------ posts and play
    def on_ANTE(self, hand: Hand, f: Fields, line: int) -> None:
        player, amount = f[0] or "", self.amount(hand, f[1])
        if amount:
            hand.ante = max(hand.ante, amount)
            hand.events.append(PostEvent(line, self.seat(hand, player), player, Post.ANTE, amount))

    def on_POST(self, hand: Hand, f: Fields, line: int) -> None:
        player, what, amount = f[0] or "", f[1] or "", self.amount(hand, f[2])
        seat = self.seat(hand, player)
        if what == "dead":
            sb = hand.sb or (self._sb_posts[0] if self._sb_posts else amount // 2)
            hand.events.append(PostEvent(line, seat, player, Post.DEAD, amount, sb))
            return
        kind = Post.SMALL_BLIND if what == "small blind" else Post.BIG_BLIND
        (self._sb_posts if kind is Post.SMALL_BLIND else self._bb_posts).append(amount)
        hand.events.append(PostEvent(line, seat, player, kind, amount))

    def on_HOLE_CARDS(self, hand: Hand, f: Fields, line: int) -> None:
        if not hand.bb and self._bb_posts:
            hand.bb = self._bb_posts[0]
            hand.sb = self._sb_posts[0] if self._sb_posts else hand.bb // 2

    def on_DEALT(self, hand: Hand, f: Fields, line: int) -> None:
        player = f[0] or ""
        hand.events.append(DealEvent(line, self.seat(hand, player), player, cards(f[1])))

    def on_ACTION(self, hand: Hand, f: Fields, line: int) -> None:
        player, verb, a, b, all_in = f[0] or "", (f[1] or "").lower(), f[2], f[3], bool(f[4])
        seat = self.seat(hand, player)
        act = _ACTS[verb]
        if act is Act.RAISE:
            to = self.amount(hand, b if b is not None else a)
            hand.events.append(ActionEvent(line, seat, player, act, None, to, all_in))
        elif act in (Act.CALL, Act.BET):
            hand.events.append(ActionEvent(line, seat, player, act, self.amount(hand, a), None, all_in))
        else:
            hand.events.append(ActionEvent(line, seat, player, act))

    def on_UNCALLED(self, hand: Hand, f: Fields, line: int) -> None:
        player = f[1] or ""
        hand.events.append(UncalledEvent(line, self.seat(hand, player), player, self.amount(hand, f[0])))

    def on_STREET(self, hand: Hand, f: Fields, line: int) -> None:
        groups = re.findall(r"\[([^\]]*)\]", f[1] or "")
        new = cards(groups[-1]) if groups else ()
        if f[0] == "FLOP" or len(groups) == 1 and len(new) > 1:
            self._board = list(new) if f[0] == "FLOP" else self._board + list(new)
        else:
            self._board.extend(new)
        hand.events.append(StreetEvent(line, _STREETS[f[0] or ""], new, tuple(self._board)))

    def on_SHOWDOWN(self, hand: Hand, f: Fields, line: int) -> None:
        hand.events.append(StreetEvent(line, Street.SHOWDOWN, (), ()))

    def on_SHOWS(self, hand: Hand, f: Fields, line: int) -> None:
        player = f[0] or ""
        hand.events.append(ShowEvent(line, self.seat(hand, player), player, cards(f[1])))

    # ------------------------------------------------------------------ summary
    def on_TOTAL_POT(self, hand: Hand, f: Fields, line: int) -> None:
        s = hand.summary
        s.line = line
        s.total_pot = self.amount(hand, f[0])
        s.rake = self.amount(hand, f[1]) if f[1] else 0

    def on_BOARD(self, hand: Hand, f: Fields, line: int) -> None:
        board = cards(f[0])
        if board:
            hand.summary.boards.append(board)

    def on_SUMMARY_SEAT(self, hand: Hand, f: Fields, line: int) -> None:
        # One line may hold two seats ("Seat 8: P7 (Small Blind) Seat 9: P8 (Button)").
        for m in _PAID.finditer(f[0] or ""):
            amount = self.amount(hand, m.group("amount"))
            if amount:
                player = m.group("player")
                hand.events.append(CollectEvent(line, self.seat(hand, player), player, amount))

    def finish(self, hand: Hand) -> None:
        if not hand.bb:
            raise LineError(hand.line, 1, "", "no blinds posted and no stakes printed")
        self._table_direction(hand)

    @staticmethod
    def _table_direction(hand: Hand) -> None:
        """Gear Poker and ActionPoker number their seats counter-clockwise (the blinds sit
        at the seats below the button): such hands get mirrored seat numbers, so that play
        goes round in ascending seat order as the replay expects."""
        posts = [e for e in hand.events if isinstance(e, PostEvent)]
        sb = next((e.seat for e in posts if e.kind is Post.SMALL_BLIND), None)
        bb = next((e.seat for e in posts if e.kind is Post.BIG_BLIND), None)
        seated = sorted({s.seat for s in hand.seats if not s.sitting_out})
        if sb is None or bb is None or sb not in seated or bb not in seated or len(seated) < 3:
            return
        i, j = seated.index(sb), seated.index(bb)
        n = len(seated)
        if (i + 1) % n == j or (i - 1) % n != j:
            return
        top = max(s.seat for s in hand.seats) + 1

        def mirror(seat: int) -> int:
            return top - seat

        for s in hand.seats:
            s.seat = mirror(s.seat)
        if hand.button_seat is not None:
            hand.button_seat = mirror(hand.button_seat)
        hand.events = [replace(e, seat=mirror(e.seat)) if getattr(e, "seat", None) is not None else e
                       for e in hand.events]


FORMATS = [BetOnlineFormat()]
