"""Winamax hand histories: cash games ("CashGame", "Go Fast", "HOLD-UP", "ESCAPE") and
tournaments, in every locale the client writes.

Grammar: `grammars/winamax.lark`. Points of the format:
- stakes in the header, "(sb/bb)" or, with antes, "(ante/sb/bb)"; the currency sign follows
  the number ("0.05€"); some locales print a decimal comma ("0,05€"); tournament summaries
  abbreviate thousands ("Total pot 1.32k");
- "raises 2€ to 4€": the second amount is the street total (`to`); calls and bets are the
  chips added;
- no uncalled-bet line: the unmatched part of the top bet is paid back inside the winner's
  "collected" amount (and counted in "Total pot"). The module splits it out of that
  collection as an UncalledEvent on the same line and takes it out of the stated total;
- "Total pot" is stated after the rake ("Total pot 0.19€ | Rake 0.01€");
- "Hold-up to Pot: total 2.50€" / "Escape to Pot: ..." (the room's splash) -> FeeEvent
  "room_added" with a negative amount;
- "posts big blind 0.05€ out of position" is a new player's big blind; a small blind out of
  position is dead money, unless it is more than the small blind: then it is both blinds
  (the big blind live, the rest dead), followed by "posts big blind 0€ out of position";
- the big blind's post may be written before the small blind's: the small blind is read
  first (the blinds are posted together).
Omaha ("Omaha pot limit", "Omaha5", "5 Card Omaha Hi/Lo") is read; stud and draw hands are
unsupported games.

Line kinds (winamax, `grammars/winamax.lark`; every line shape of the corpus's
files of this format is one of them: the corpus gives no PA04 on them):

- HEADER: `Winamax Poker - <kind> - HandId: #<hand_id> - <game> (<stakes>) - <date>`: read
- TABLE: `Table: '<name>' <max>-max (<money>) Seat #(>0*(=d))<button> is the button`: read
- SEAT: `Seat <seat>: <player> (<stack>(, <bounty> bounty))<note>`: read
- SEAT_EMPTY: `Seat <seat>: <player> ()`: read (a seat listed with no stack sits out, stack 0)
- BLINDS: `*** ANTE/BLINDS ***`: its place in the hand (no field read)
- POST: `(><player> posts <what> )( <amount> )<oop><all_in>`: read
- DENY: `<player> (denies|deny) <what>( [^ d]*dS*)`: read
- ROOM_ADDED: `<what> to Pot: total <amount>`: read
- PREFLOP: `*** PRE-FLOP ***`: its place in the hand (no field read)
- DEALT: `Dealt to <player> [<cards>]( [<new>])`: read
- ACTION: `<player> <act>( <a>( to <b>))<all_in>`: read
- STREET: `*** <street> *** <cards>`: read
- SHOWDOWN: `*** SHOW ?DOWN ***`: read
- SHOW: `<player> shows [<cards>]( (<desc>))`: read
- MUCK: `<player> (mucks|doesn't show)( hand)( [<cards>])`: read
- COLLECT: `<player> collected <amount> from <pot>((<half>))`: read
- SUMMARY: `*** SUMMARY ***`: its place in the hand (no field read)
- TOTAL_POT: `Total pot <total><pots> | (No rake|Rake <rake>)`: read
- BOARD: `Board: [<cards>]`: read
- SUMMARY_SEAT: `Seat <seat>: <rest>`: its place in the hand (no field read)
- MISC: `(. (is|has been) (dis)?connected|. sits out|. is sitting out|. has timed out...|.
  leaves the table|. joins the table...|. wins the tournament...|. finished the tournament...|.
  said, "...)`: ignored: changes nothing
- any other line: kept unread, a PA04 warning naming it; the hand is judged unless the line
  names a seated player first or shows a figure or a card (`common.unknown_may_matter`),
  where the rules abstain (`reads_unknown_lines`).
"""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation
from typing import ClassVar

from ..model import (
    Act,
    ActionEvent,
    CollectEvent,
    DealEvent,
    FeeEvent,
    Hand,
    Limit,
    Post,
    PostEvent,
    ShowEvent,
    Street,
    StreetEvent,
)
from ._settle import split_returned
from ._sitekit import Fields, SiteFormat
from .base import UnsupportedGame
from .common import ACT_VERBS, STREET_NAMES, bracketed_board, cards, omaha_of, set_omaha, to_utc

_LIMITS = {"no limit": Limit.NO_LIMIT, "pot limit": Limit.POT_LIMIT, "fixed limit": Limit.FIXED_LIMIT}
_CHIP_DECIMALS = re.compile(r"(?<![\d.,])\d+\.\d{1,2}(?![\d.kKM])")
_SUFFIX = re.compile(r"^\D*?(\d+(?:[.,]\d+)?)\s*([kKM])\W*$")


class WinamaxFormat(SiteFormat):
    name = "winamax"
    reads_unknown_lines = True
    sites = ("Winamax",)
    grammar = "winamax"
    decimal_comma = True
    description = "Winamax (cash games, Go Fast, HOLD-UP, ESCAPE, tournaments)"
    start: ClassVar[re.Pattern[str]] = re.compile(r"\s*\ufeff?Winamax Poker - ")
    table_sequence: ClassVar[re.Pattern[str] | None] = re.compile(r"\d+-(\d+)-\d+")
    """`HandId: #9260931-103-1479198677`: the table (or tournament), the hand's number there,
    and a Unix time."""

    _tournament_scale = 0
    _total_unit = 0

    def parse_hand(self, lines: list[str], first_line: int, source: str) -> Hand:
        """Some tournaments deal in half chips ("Seat 3: Player2 (7410.50)"): such a hand is
        read with two decimals, every other tournament hand in whole chips."""
        self._tournament_scale = 0
        self._total_unit = 0
        for text in lines[1:]:
            if "bounty" not in text and _CHIP_DECIMALS.search(text):
                self._tournament_scale = 2
                break
        return super().parse_hand(lines, first_line, source)

    def amount(self, hand: Hand, text: str | None) -> int:
        if text is not None and text[-1:] in "kKM€" and _SUFFIX.match(text):
            m = _SUFFIX.match(text)
            assert m is not None
            try:
                value = Decimal(m.group(1).replace(",", ".")) * (1000 if m.group(2) in "kK" else 1_000_000)
            except InvalidOperation as exc:
                raise ValueError(f"not an amount: {text!r}") from exc
            scaled = value * 10**hand.scale
            if scaled != scaled.to_integral_value():
                raise ValueError(f"{text!r} has more decimals than the hand's scale")
            return int(scaled)
        return super().amount(hand, text)

    def on_HEADER(self, hand: Hand, f: Fields, line: int) -> None:
        kind, _tname, _level, hand_id, game, stakes, date = f
        hand.hand_id = hand_id or ""
        tournament = (kind or "").startswith("Tournament")
        hand.kind = "tournament" if tournament else "cash"
        hand.scale = self._tournament_scale if tournament else 2
        hand.currency = "" if tournament else ("EUR" if "€" in (stakes or "") else "")
        hand.tournament_id = (hand_id or "").split("-")[0] if tournament else ""
        hand.started_at, hand.tz = to_utc(date or "")
        g = (game or "").strip()
        name, _, limit = g.rpartition(" ")
        name, _, word = name.rpartition(" ")
        limit = f"{word} {limit}".lower()
        omaha = omaha_of(name) if name != "Holdem" else None
        if limit not in _LIMITS or (name != "Holdem" and omaha is None):
            hand.variant = g.lower() or "unknown"
            raise UnsupportedGame(g)
        if omaha is not None:
            set_omaha(hand, *omaha)  # "Omaha", "Omaha5", "5 Card Omaha Hi/Lo", "Omaha Hi/Lo"
        parts = (stakes or "").split("/")
        if len(parts) == 3:
            hand.ante = self.amount(hand, parts[0])
            parts = parts[1:]
        if len(parts) != 2:
            raise ValueError(f"stakes not understood: {stakes!r}")
        self.set_stakes(hand, _LIMITS[limit], self.amount(hand, parts[0]), self.amount(hand, parts[1]))

    def on_TABLE(self, hand: Hand, f: Fields, line: int) -> None:
        name, max_seats, money, button = f
        hand.table_name = name or ""
        hand.max_seats = int(max_seats) if max_seats else None
        hand.button_seat = int(button) if button else None
        if hand.kind == "cash":
            hand.currency = "play" if money == "play money" else (hand.currency or "EUR")
        else:
            m = re.search(r"\((\d+)\)#\d+$", name or "")
            if m:
                hand.tournament_id = m.group(1)

    def on_SEAT(self, hand: Hand, f: Fields, line: int) -> None:
        seat, player, stack = int(f[0] or 0), f[1] or "", f[2]
        out = "sitting out" in (f[4] or "") or "out of hand" in (f[4] or "")
        self.add_seat(hand, seat, player, self.amount(hand, stack), out, line)

    def on_SEAT_EMPTY(self, hand: Hand, f: Fields, line: int) -> None:
        """"Seat 1: Player1 ()": the room lists a seat it deals no cards to with no stack; the
        player sits out (a stack of 0: nothing of his is in play)."""
        self.add_seat(hand, int(f[0] or 0), f[1] or "", 0, True, line)

    def on_POST(self, hand: Hand, f: Fields, line: int) -> None:
        player, what, text, oop, all_in = f[0] or "", f[1] or "", f[2], bool(f[3]), bool(f[4])
        seat = self.seat(hand, player)
        amount = self.amount(hand, text)
        if what.startswith("small & big") or (what == "small blind" and oop and amount > hand.sb):
            live = min(hand.bb or amount, amount)
            hand.events.append(PostEvent(line, seat, player, Post.DEAD, live, amount - live, all_in))
        elif what == "dead blind" or (what == "small blind" and oop):
            hand.events.append(PostEvent(line, seat, player, Post.DEAD, 0, amount, all_in))
        elif what == "ante":
            hand.ante = max(hand.ante, amount)
            hand.events.append(PostEvent(line, seat, player, Post.ANTE, amount, 0, all_in))
        else:
            kind = Post.SMALL_BLIND if what == "small blind" else Post.BIG_BLIND
            if hand.limit is Limit.FIXED_LIMIT and not all_in and not oop:
                if kind is Post.SMALL_BLIND:
                    hand.sb = amount
                else:
                    hand.bb = amount
            hand.events.append(PostEvent(line, seat, player, kind, amount, 0, all_in))

    def on_DENY(self, hand: Hand, f: Fields, line: int) -> None:
        """"X denies big blind": the player refuses to post and sits this hand out (one not
        seated in the hand's list, "Player30 deny BB 0€", is not in the hand at all)."""
        for s in hand.seats:
            if s.player == f[0]:
                s.sitting_out = True

    def on_ROOM_ADDED(self, hand: Hand, f: Fields, line: int) -> None:
        hand.events.append(FeeEvent(line, "room_added", -self.amount(hand, f[1])))

    def on_DEALT(self, hand: Hand, f: Fields, line: int) -> None:
        player = f[0] or ""
        hand.events.append(DealEvent(line, self.seat(hand, player), player, cards(f[1]) + cards(f[2])))

    def on_ACTION(self, hand: Hand, f: Fields, line: int) -> None:
        player, act, a, b, all_in = f[0] or "", ACT_VERBS[f[1] or ""], f[2], f[3], bool(f[4])
        seat = self.seat(hand, player)
        if act is Act.RAISE:
            if b is None:
                raise ValueError("raise without a 'to' amount")
            hand.events.append(ActionEvent(line, seat, player, act, to=self.amount(hand, b), all_in=all_in))
        elif act in (Act.CALL, Act.BET):
            hand.events.append(ActionEvent(line, seat, player, act, amount=self.amount(hand, a), all_in=all_in))
        else:
            hand.events.append(ActionEvent(line, seat, player, act))

    def on_STREET(self, hand: Hand, f: Fields, line: int) -> None:
        new, board = bracketed_board(f[1] or "")
        hand.events.append(StreetEvent(line, STREET_NAMES[f[0] or ""], new, board))

    def on_SHOWDOWN(self, hand: Hand, f: Fields, line: int) -> None:
        hand.events.append(StreetEvent(line, Street.SHOWDOWN, (), ()))

    def on_SHOW(self, hand: Hand, f: Fields, line: int) -> None:
        player = f[0] or ""
        hand.events.append(ShowEvent(line, self.seat(hand, player), player, cards(f[1])))

    def on_MUCK(self, hand: Hand, f: Fields, line: int) -> None:
        player = f[0] or ""
        hand.events.append(ShowEvent(line, self.seat(hand, player), player, cards(f[1]), muck=True))

    def on_COLLECT(self, hand: Hand, f: Fields, line: int) -> None:
        player, text, pot, side, half = f[0] or "", f[1], f[2] or "", f[3], f[4]
        number = None if pot == "pot" else 0 if pot == "main pot" else int(side or 1)
        self.collect(hand, line, player, self.amount(hand, text), number)
        if half:
            hand.events[-1].half = "high" if half == "HI" else "low"  # type: ignore[union-attr]

    def on_TOTAL_POT(self, hand: Hand, f: Fields, line: int) -> None:
        s = hand.summary
        s.line = line
        s.total_pot = self.amount(hand, f[0])
        m = _SUFFIX.match(f[0] or "")
        if m:
            # "1.32k": the total is rounded to the digits printed; kept as that precision
            digits = len(m.group(1).replace(",", ".").partition(".")[2])
            self._total_unit = (1000 if m.group(2) in "kK" else 1_000_000) * 10**hand.scale // 10**digits
        s.rake = self.amount(hand, f[2]) if f[2] else 0
        for m in re.finditer(r"(Main pot|Side pot(?: \d+)?) (\S+)", f[1] or ""):
            value = self.amount(hand, m.group(2))
            if m.group(1) == "Main pot":
                s.main_pot = value
            else:
                s.side_pots.append(value)

    def on_BOARD(self, hand: Hand, f: Fields, line: int) -> None:
        hand.summary.boards.append(cards(f[0]))

    def finish(self, hand: Hand) -> None:
        hand.implicit_uncalled = True
        _small_blind_first(hand)
        s = hand.summary
        paid = sum(e.amount for e in hand.events if isinstance(e, CollectEvent))
        if self._total_unit and s.total_pot is not None and abs(s.total_pot - paid) < self._total_unit:
            # an abbreviated total ("17.68k") that agrees with the pay-outs to its printed
            # precision stands for their exact sum
            s.total_pot = paid
        returned = split_returned(hand)
        if returned and hand.summary.total_pot is not None:
            hand.summary.total_pot -= returned  # Winamax counts the returned bet in the pot


def _small_blind_first(hand: Hand) -> None:
    """The room may write the big blind's post before the small blind's ("kebab79 posts big
    blind 2.00€" then "BENJJJ111 posts small blind 1.00€"): the blinds are posted together, so
    the small blind is moved ahead of the first big blind (each keeps its line)."""
    posts = []
    for i, e in enumerate(hand.events):
        if not isinstance(e, PostEvent):
            break
        posts.append((i, e))
    big = next((i for i, e in posts if e.kind is Post.BIG_BLIND), None)
    small = next((i for i, e in posts if e.kind is Post.SMALL_BLIND), None)
    if big is not None and small is not None and small > big:
        hand.events.insert(big, hand.events.pop(small))


FORMATS = [WinamaxFormat()]
