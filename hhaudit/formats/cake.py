"""Cake Poker network hand histories.

Grammar: `grammars/cake.lark`. Header: "Hand#ID - TABLE -- STAKES GAME -- DATE" for cash and
play money, "Hand#ID - NAME T<tournament> -- KIND -- BUYIN -- N Max -- Table N --
ANTE/SB/BB NL Hold'em -- DATE" for tournaments. Fixed-limit stakes are the small and big bets.

What the site leaves implicit and this module works out:
- "is all in X" is the chips added, with no word of whether it bets, calls or raises: the
  module tracks each seat's street commitment to tell.
- Cake writes no summary, no total pot and no rake. For cash hands the rake is what the pot
  kept after the payouts (left unstated when the payouts exceed the pot, for the audit to
  find).
- Times carry no zone: Eastern time, as the network's clients wrote it.
- Omaha: "PL Omaha", "PL OmahaHiLo"; a Hi/Lo pot is paid "wins high pot 327" and "wins low
  pot 327" ("There is no low hand" when the high scoops).
- A euro table ("-- €0.20/€0.41 PL Omaha --") counts its chips in dollars and writes each
  amount's euro value after it ("posts small blind $0.25 (EUR €0.20)"): the hand is read
  in the dollars, its blinds from the posts.

Line kinds (cake, `grammars/cake.lark`; every line shape of the corpus's
files of this format is one of them: the corpus gives no PA04 on them):

- HEADER: `(ï»¿)*Hand#<hand_id> - <rest>`: read
- DEALER: `Dealer: Seat <seat>`: read
- SEAT: `Seat <seat>: <player> (<stack> in chips)<note>`: read
- POST: `<player>: ?posts <what> <amount>( ([A-Z]{3} [^()]*))`: read
- DEAD_POST: `<player>: ?posts dead blind <dead> and big blind <amount>`: read
- DEALT: `Dealt to <player> [<cards>]`: read
- ACTION: `<player>: <verb>( <amount>( ([A-Z]{3} [^()]*)))`: read
- UNCALLED: `<player>: returns uncalled bet <amount>( ([A-Z]{3} [^()]*))`: read
- STREET: `*** <street> *** [<cards>]`: read
- SHOWDOWN: `*** ?SHOW ?DOWN ***`: read
- SHOW: `<player>: shows [<cards>]( (<desc>))`: read
- MUCK: `<player>: mucks( [<cards>]( (<desc>))( .))`: read
- WIN: `<player>: wins (<half> pot )<amount>( ([A-Z]{3} [^()]*))( with( ...))`: read
- NO_LOW: `There is no low hand`: its place in the hand (no field read)
- ADD_CHIPS: `<player> (rebuys|adds) <chips> chips`: read
- MISC: `Player left the table|. finished N out of N players.|Tournament: (>. wins
  )...bount...|(>. rebuys )... chips|(>. adds )... chips|. sits out|. is sitting out`: ignored:
  changes nothing
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
    Seat,
    ShowEvent,
    Street,
    StreetEvent,
    UncalledEvent,
)
from ..money import parse_amount
from .base import Fields, LineError, LineFormat, NotSeated, UnsupportedGame
from .common import (
    STREET_NAMES,
    cards,
    chips_between_hands,
    game_code,
    omaha_of,
    set_omaha,
    to_utc,
    unknown_may_matter,
)

# Each amount is a whole run, tried from the run's first character only. A game not closed
# by " --" before the next "-" takes the text up to that "-" and is written off (`game`
# None): any stakes starting before it end their game at the same "-", so none is lost,
# and the text is read once, not once from each stake.
_STAKES = re.compile(
    r"(?P<stakes>-?[$€]?(?<![\d.,])[\d.,]++(?:/-?[$€]?[\d.,]++){1,2}+) (?P<limit>NL|PL|FL)"
    r" (?:(?P<game>[^-]+?) --|[^-]*+)"
)
_TOURNAMENT = re.compile(r" T(?P<id>\d+) --")
_TABLE_NO = re.compile(r"-- Table (?P<t>\d+) --")
_DECIMAL_COMMA = re.compile(r"\d,\d{1,2}$")
_LIMITS = {"NL": Limit.NO_LIMIT, "PL": Limit.POT_LIMIT, "FL": Limit.FIXED_LIMIT}
_POSTS = {"small blind": Post.SMALL_BLIND, "big blind": Post.BIG_BLIND, "ante of": Post.ANTE}


class CakeFormat(LineFormat):
    name = "cake"
    reads_unknown_lines = True

    def unknown_matters(self, hand: Hand, text: str) -> bool:
        return unknown_may_matter(hand, text)
    sites = ("Cake",)
    grammar = "cake"
    description = "Cake Poker network (cash, play money, tournaments)"
    start: ClassVar[re.Pattern[str]] = re.compile(r"\s*\ufeff?(?:ï»¿)*Hand#\w+ - ")

    def parse_hand(self, lines: list[str], first_line: int, source: str) -> Hand:
        self._bets: dict[int, int] = {}
        self._current = 0
        self._board: list[str] = []
        self._pot = 0
        self._won = False
        self._coin_flip = False
        self._euro_table = False
        return super().parse_hand(lines, first_line, source)

    # ------------------------------------------------------------------ helpers
    @staticmethod
    def amount(hand: Hand, text: str | None) -> int:
        if text is None:
            raise ValueError("amount missing")
        t = text.strip()
        if hand.scale and "," in t and "." not in t and _DECIMAL_COMMA.search(t):
            return parse_amount(t, hand.scale, decimal=",")
        return parse_amount(t, hand.scale)

    @staticmethod
    def seat(hand: Hand, player: str | None) -> int:
        for s in hand.seats:
            if s.player == player:
                return s.seat
        if player and "_" in player:  # "Player_Space: mucks [..]" for "Player Space"
            return CakeFormat.seat(hand, player.replace("_", " "))
        raise NotSeated(player)

    def _add(self, seat: int, chips: int) -> int:
        total = self._bets.get(seat, 0) + chips
        self._bets[seat] = total
        self._current = max(self._current, total)
        self._pot += chips
        return total

    # ------------------------------------------------------------------ handlers
    def on_HEADER(self, hand: Hand, f: Fields, line: int) -> None:
        hand.hand_id, rest = f[0] or "", f[1] or ""
        hand.site = "Cake"
        t = _TOURNAMENT.search(" " + rest)
        hand.kind = "tournament" if t else "cash"
        self._coin_flip = "Coin Flip" in rest
        hand.tournament_id = t.group("id") if t else ""
        stakes = next((m for m in _STAKES.finditer(rest) if m.group("game") is not None), None)
        if stakes is None:
            raise LineError(line, 1, rest, "no stakes in the hand's first line")
        money = "$" in stakes.group("stakes") or "€" in stakes.group("stakes")
        hand.currency = ("USD" if "$" in stakes.group("stakes") else "EUR") if money and not t else (
            "" if t else "play")
        hand.scale = 2 if money and not t else 0
        if t:
            table = _TABLE_NO.search(rest)
            hand.table_name = table.group("t") if table else ""
        else:
            hand.table_name = rest.split(" -- ", 1)[0].strip()
        hand.started_at, hand.tz = to_utc(rest.rsplit(" -- ", 1)[-1], "ET")
        game = stakes.group("game").strip().lower()
        omaha = omaha_of(game)
        if omaha is not None:
            set_omaha(hand, *omaha)  # "PL Omaha", "PL OmahaHiLo"
        elif game not in ("hold'em", "holdem"):
            raise UnsupportedGame(rest)
        hand.limit = _LIMITS[stakes.group("limit")]
        hand.game = game_code(hand.limit)
        self._euro_table = "€" in stakes.group("stakes") and hand.currency == "EUR"
        parts = [self.amount(hand, p) if not p.startswith("-") else 0
                 for p in stakes.group("stakes").split("/")]
        if len(parts) == 3:
            ante, low, high = parts
            hand.ante = ante
        else:
            low, high = parts
        if hand.limit is Limit.FIXED_LIMIT:
            hand.small_bet, hand.big_bet = low, high
            hand.bb, hand.sb = low, low // 2
        else:
            hand.sb, hand.bb = low, high

    def on_DEALER(self, hand: Hand, f: Fields, line: int) -> None:
        hand.button_seat = int(f[0] or 0)

    def on_SEAT(self, hand: Hand, f: Fields, line: int) -> None:
        seat, player, stack, note = int(f[0] or 0), f[1] or "", f[2], f[3] or ""
        if self._euro_table and (stack or "").startswith("$"):
            # "Seat 1: Player0 ($53.55 in chips)  (EUR €43.38)": the chips are dollars, the
            # euro stakes of the header their value; the blinds are the posts' dollars
            hand.currency = "USD"
        hand.seats.append(Seat(seat, player, self.amount(hand, stack), False, line))
        if "DEALER" in note:
            hand.button_seat = seat

    def on_POST(self, hand: Hand, f: Fields, line: int) -> None:
        player, what = f[0] or "", f[1] or ""
        amount = self.amount(hand, f[2])
        seat = self.seat(hand, player)
        kind = _POSTS[what]
        if kind is Post.ANTE:
            self._pot += amount
        else:
            self._add(seat, amount)
            if kind is Post.SMALL_BLIND and hand.limit is Limit.FIXED_LIMIT:
                hand.sb = amount
            if self._euro_table and hand.currency == "USD":
                self._dollar_blind(hand, kind, amount)
        hand.events.append(PostEvent(line, seat, player, kind, amount))

    def _dollar_blind(self, hand: Hand, kind: Post, amount: int) -> None:
        """A euro table's blind in the dollars its chips are counted in (the first of each)."""
        if kind is Post.SMALL_BLIND and not self._posted(hand, kind):
            hand.sb = amount
        elif kind is Post.BIG_BLIND and not self._posted(hand, kind):
            hand.bb = amount
            if hand.limit is Limit.FIXED_LIMIT:
                hand.small_bet, hand.big_bet = amount, 2 * amount

    @staticmethod
    def _posted(hand: Hand, kind: Post) -> bool:
        return any(isinstance(e, PostEvent) and e.kind is kind for e in hand.events)

    def on_DEAD_POST(self, hand: Hand, f: Fields, line: int) -> None:
        # The dead part is printed as a negative amount and never reaches the pot: the
        # player posts a live big blind.
        player = f[0] or ""
        amount = self.amount(hand, f[2])
        seat = self.seat(hand, player)
        self._add(seat, amount)
        hand.events.append(PostEvent(line, seat, player, Post.BIG_BLIND, amount))

    def on_DEALT(self, hand: Hand, f: Fields, line: int) -> None:
        player = f[0] or ""
        hand.events.append(DealEvent(line, self.seat(hand, player), player, cards(f[1])))

    def on_ACTION(self, hand: Hand, f: Fields, line: int) -> None:
        player, verb, a = f[0] or "", f[1] or "", f[2]
        seat = self.seat(hand, player)
        if verb == "folds":
            hand.events.append(ActionEvent(line, seat, player, Act.FOLD))
        elif verb == "checks":
            hand.events.append(ActionEvent(line, seat, player, Act.CHECK))
        elif verb == "calls":
            chips = self.amount(hand, a)
            self._add(seat, chips)
            hand.events.append(ActionEvent(line, seat, player, Act.CALL, chips))
        elif verb == "bets":
            chips = self.amount(hand, a)
            self._add(seat, chips)
            hand.events.append(ActionEvent(line, seat, player, Act.BET, chips))
        elif verb == "raises to":
            to = self.amount(hand, a)
            self._add(seat, to - self._bets.get(seat, 0))
            hand.events.append(ActionEvent(line, seat, player, Act.RAISE, None, to))
        else:  # "is all in X": the chips added
            chips = self.amount(hand, a)
            before = self._current
            total = self._add(seat, chips)
            if before == 0:
                hand.events.append(ActionEvent(line, seat, player, Act.BET, chips, None, True))
            elif total <= before:
                hand.events.append(ActionEvent(line, seat, player, Act.CALL, chips, None, True))
            else:
                hand.events.append(ActionEvent(line, seat, player, Act.RAISE, None, total, True))

    def on_UNCALLED(self, hand: Hand, f: Fields, line: int) -> None:
        player = f[0] or ""
        amount = self.amount(hand, f[1])
        self._pot -= amount
        hand.events.append(UncalledEvent(line, self.seat(hand, player), player, amount))

    def on_ADD_CHIPS(self, hand: Hand, f: Fields, line: int) -> None:
        """"Player4 rebuys 3000 chips" after the play: in the player's next stack."""
        chips_between_hands(hand, f[0], self.amount(hand, f[1]))

    def on_STREET(self, hand: Hand, f: Fields, line: int) -> None:
        new = cards(f[1])
        self._board.extend(new)
        self._bets, self._current = {}, 0
        hand.events.append(StreetEvent(line, STREET_NAMES[f[0] or ""], new, tuple(self._board)))

    def on_SHOWDOWN(self, hand: Hand, f: Fields, line: int) -> None:
        if not any(isinstance(e, StreetEvent) and e.street is Street.SHOWDOWN for e in hand.events):
            hand.events.append(StreetEvent(line, Street.SHOWDOWN, (), ()))

    def on_SHOW(self, hand: Hand, f: Fields, line: int) -> None:
        player = f[0] or ""
        hand.events.append(ShowEvent(line, self.seat(hand, player), player, cards(f[1])))

    def on_MUCK(self, hand: Hand, f: Fields, line: int) -> None:
        player = f[0] or ""
        seat = self.seat(hand, player)
        player = next(s.player for s in hand.seats if s.seat == seat)
        hand.events.append(ShowEvent(line, seat, player, cards(f[1]), muck=True))

    def on_WIN(self, hand: Hand, f: Fields, line: int) -> None:
        player, half = f[0] or "", f[1]
        self._won = True
        hand.events.append(CollectEvent(line, self.seat(hand, player), player, self.amount(hand, f[2]), half=half))

    def finish(self, hand: Hand) -> None:
        if not self._won:
            last = hand.end_line
            raise LineError(last, 1, "", "hand ends before any pot is won", incomplete=True)
        coin_flip = "Coin Flip" in hand.table_name or self._coin_flip
        if coin_flip and not any(isinstance(e, (PostEvent, ActionEvent)) for e in hand.events):
            # Coin Flip tournaments: every stack goes in at the deal, unwritten; the log
            # goes straight to the shows and the board.
            forced = [PostEvent(s.line, s.seat, s.player, Post.ANTE, s.stack, 0, True)
                      for s in hand.seats]
            hand.events[:0] = forced
        if self._board:
            hand.summary.boards.append(tuple(self._board))
        hand.implicit_uncalled = not any(isinstance(e, UncalledEvent) for e in hand.events)
        if hand.kind == "cash":
            paid = sum(e.amount for e in hand.events if isinstance(e, CollectEvent))
            if 0 <= self._pot - paid:
                hand.summary.rake = self._pot - paid
        else:
            hand.summary.rake = 0


FORMATS = [CakeFormat()]
