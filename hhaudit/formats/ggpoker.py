"""GGPoker (GG Network) hand histories: "Poker Hand #TM...: Tournament #..., ..." and
"Poker Hand #HD...: Hold'em No Limit ($0.01/$0.02) - ...".

Grammar: `grammars/ggpoker.lark`. The layout is PokerStars', so the handlers of
`pokerstars.PokerStarsFormat` are reused; this module adds GG's own lines:
- hero-only hole cards: "Dealt to 1a2b3c4d" with no cards for every other player (no event);
- "Total pot N" without a rake (tournaments) and "| Rake $x | Jackpot $y | Bingo $z |
  Fortune $w | Tax $t" (cash): Jackpot, Bingo and Fortune are drops taken from the pot and
  go to `summary.jackpot` (their sum); Tax is added to the rake, except where a split pot
  shows it taken from one winner's share after the split (`_tax_on_a_share`), or a single
  winner is paid the pot in full without it (`_tax_after_the_pot`);
- "Cash Drop to Pot : total $x" may come before the blinds as well as after them;
- "Hand was run two times" with FIRST/SECOND streets, showdowns and boards (runs 1/2);
- EV Cashout (GG's all-in insurance): "Pays Cashout Risk ($x)" and the 2020 "pay premium of
  all-in insurance ($x)" -> FeeEvent "cash_out_fee" (paid outside the pot: the pot is still
  paid out whole) and `Seat.added` -x; "Receives Cashout ($x)" (the equity paid to a player
  who then loses the pot) -> `Seat.added` +x: both in the player's next stack;
- "Cash Drop to Pot : total $x" -> FeeEvent "room_added" with a negative amount.
- Omaha by GG's codes: "PLO ($2/$5)", "PLO-5", "PLO-6", a Hi-Lo suffix, and tournaments'
  "Omaha (NL postflop)" (pot limit before the flop, no limit after: audited with the looser
  no-limit sizes, as every such game), read as PokerStars writes their names.
Short Deck ("Poker Hand #SD...: Short Deck ...") is an unsupported game. Every line kind is
listed in docs/formats/ggpoker.md; a line of none of them is a PA04 warning, as for PokerStars.
"""

from __future__ import annotations

import dataclasses
import re
from typing import ClassVar

from ..model import CollectEvent, FeeEvent, Hand, Post, PostEvent
from .base import Fields, UnsupportedGame
from .common import chips_between_hands
from .pokerstars import PokerStarsFormat

_DROPS = re.compile(r"\| (Jackpot|Bingo|Fortune|Tax) ([^|]*?\d[^|]*?)\s*(?=\||$)")
_PLO = re.compile(r"(?i)\bPLO(?:-?(?P<count>[456]))?(?P<hilo>\s*(?:Hi[-/]?Lo|H/L|8))?(?=\s*[(\-])")
"""GG's Omaha codes in a header: "PLO ($2/$5)", "PLO-5 ($25/$50)", "PLO Hi-Lo"."""
_NL_POSTFLOP = re.compile(r"(?i)\bOmaha(?P<hilo> Hi[-/]?Lo)? \(NL postflop\)")


def _gg_game(rest: str) -> str:
    """A header's text with GG's Omaha codes written as PokerStars names them."""
    if "PLO" in rest:
        rest = _PLO.sub(lambda m: (f"{m.group('count')} Card " if m.group("count") else "") + "Omaha"
                        + (" Hi/Lo" if m.group("hilo") else "") + " Pot Limit", rest, count=1)
    if "postflop" in rest:
        rest = _NL_POSTFLOP.sub(lambda m: "Omaha" + (" Hi/Lo" if m.group("hilo") else "")
                                + " Pot Limit Pre-Flop, No Limit Post-Flop", rest, count=1)
    return rest


# as pokerstars._SIDE_POT: a pot without an amount before the next `|` takes the text up to
# it, its amount None, so that the text is read once
_POTS = re.compile(r"(Main pot|Side pot(?:-\d+)?) (?:([^|]*?\d)(?=\.? |\.?$|\s*+\|)|[^|]*+)")


class GGPokerFormat(PokerStarsFormat):
    name = "ggpoker"
    sites = ("GGPoker",)
    grammar = "ggpoker"
    noise = None
    description = "GGPoker / GG Network (Poker Hand #...)"
    start: ClassVar[re.Pattern[str]] = re.compile(r"\s*\ufeff?Poker Hand #[0-9A-Za-z-]+: ")

    def detect(self, head: list[str]) -> bool:  # type: ignore[override]
        return any(self.start.match(line) for line in head if line.strip())

    def on_HEADER(self, hand: Hand, f: Fields, line: int) -> None:
        rest = f[2] or ""
        hand.site = "GGPoker"
        hand.hand_id = f[1] or ""
        if re.search(r"Short ?Deck|6\+", rest, re.I):
            hand.variant = "shortdeck"
            raise UnsupportedGame(rest)
        try:
            super().on_HEADER(hand, (f[0], f[1], _gg_game(rest), *f[3:]), line)
        finally:
            hand.site = "GGPoker"

    def on_POST(self, hand: Hand, f: Fields, line: int) -> None:
        """GG tournament headers can already name the next level's blinds ("Level3
        (80/160)" over posts of 60/120): the blinds actually posted are the hand's stakes.
        "posts missed blind" is a missed small blind, posted dead; a straddle by a seat that
        posted a blind is written as its total."""
        if f[1] == "missed blind":
            f = (f[0], "dead blind", *f[2:])
        if f[1] == "straddle":
            # a straddle by the big blind itself ("posts big blind $50", "straddle $100") is
            # its total: the pot counts 100 from it, not 150
            seat = self.seat(hand, f[0])
            posted = sum(e.amount for e in hand.events if isinstance(e, PostEvent) and e.seat == seat
                         and e.kind is not Post.ANTE)
            amount = self.amount(hand, f[2])
            if 0 < posted < amount:
                super().on_POST(hand, f, line)
                hand.events[-1].amount = amount - posted  # type: ignore[union-attr]
                return
        super().on_POST(hand, f, line)
        e = hand.events[-1]
        if isinstance(e, PostEvent) and not e.all_in and hand.kind == "tournament":
            earlier = [p for p in hand.events[:-1] if isinstance(p, PostEvent) and p.kind is e.kind]
            if not earlier and e.kind is Post.BIG_BLIND:
                hand.bb = e.amount
            elif not earlier and e.kind is Post.SMALL_BLIND:
                hand.sb = e.amount

    def on_DEALT_HIDDEN(self, hand: Hand, f: Fields, line: int) -> None:
        self.seat(hand, f[0])  # the player must be seated; GG shows only the hero's cards

    def on_CASH_DROP(self, hand: Hand, f: Fields, line: int) -> None:
        hand.events.append(FeeEvent(line, "room_added", -self.amount(hand, f[0])))

    def on_EV_CASHOUT(self, hand: Hand, f: Fields, line: int) -> None:
        self.seat(hand, f[0])
        if f[1] is not None:
            # "Receives Cashout ($x)": the room pays the equity to a player who then loses
            # the pot, outside the pot: in the player's next stack
            chips_between_hands(hand, f[0], self.amount(hand, f[1]))

    def on_CASHOUT_FEE(self, hand: Hand, f: Fields, line: int) -> None:
        player = f[0] or ""
        # The premium is paid outside the pot: the winner still collects the whole pot
        # (pot - rake - drops), so it is a cash-out fee, not money taken from the pot; it
        # leaves the player's stack after the hand.
        seat = self.seat(hand, player)
        amount = self.amount(hand, f[1])
        hand.events.append(FeeEvent(line, "cash_out_fee", amount, seat, player))
        chips_between_hands(hand, player, -amount)

    def on_TOTAL_POT(self, hand: Hand, f: Fields, line: int) -> None:
        total, pots, rake, extra = f[0], f[1] or "", f[2], f[3] or ""
        s = hand.summary
        s.line = line
        s.total_pot = self.amount(hand, total)
        s.rake = self.amount(hand, rake) if rake is not None else None
        for m in _POTS.finditer(pots):
            if m.group(2) is None:
                continue
            value = self.amount(hand, m.group(2))
            if m.group(1) == "Main pot":
                s.main_pot = value
            else:
                s.side_pots.append(value)
        jackpot = tax = 0
        for m in _DROPS.finditer(extra):
            value = self.amount(hand, m.group(2))
            if m.group(1) == "Tax":
                tax += value
            else:
                jackpot += value
        if jackpot:
            s.jackpot = jackpot
        if tax and not _tax_on_a_share(hand, tax) and not _tax_after_the_pot(hand, tax):
            s.rake = (s.rake or 0) + tax


def _tax_on_a_share(hand: Hand, tax: int) -> bool:
    """GG takes "Tax" from one winner's share after a split, not from the pot before it: a
    14.44 pot tied two ways pays 7.23 and 7.22, and the taxed winner is paid 7.21 ("Tax
    $0.01"). Where the collections of one pot and run are uneven by more than the odd chip
    and giving the tax back to the smallest makes them even (within one unit), that winner
    is read as paid the share and taxed outside the pot (in the next stack). True when so."""
    collects = [e for e in hand.events if isinstance(e, CollectEvent)]
    if len({(e.pot, e.run) for e in collects}) != 1 or len({e.seat for e in collects}) < 2:
        return False
    amounts = sorted(e.amount for e in collects)
    if amounts[-1] - amounts[0] <= 1 or amounts[-1] - (amounts[0] + tax) not in (0, 1):
        return False
    low = min(collects, key=lambda e: e.amount)
    if sum(1 for e in collects if e.amount == low.amount) != 1:
        return False
    hand.events[hand.events.index(low)] = dataclasses.replace(low, amount=low.amount + tax)
    chips_between_hands(hand, low.player, -tax)
    hand.notes.append(f"the tax of {tax} units is read as taken from seat {low.seat}'s share after the split, "
                      "outside the pot")
    return True


def _tax_after_the_pot(hand: Hand, tax: int) -> bool:
    """A pot of one winner paid in full before the "Tax" (2.01 less 0.09 rake and 0.07
    jackpot paid 1.85, "Tax $0.01"): the tax is read as taken from the winner after the hand,
    outside the pot (in the next stack). True when the collections add up so and not with
    the tax taken from the pot."""
    s = hand.summary
    collects = [e for e in hand.events if isinstance(e, CollectEvent)]
    if s.total_pot is None or len({e.seat for e in collects}) != 1:
        return False
    if sum(e.amount for e in collects) != s.total_pot - (s.rake or 0) - (s.jackpot or 0):
        return False
    chips_between_hands(hand, collects[0].player, -tax)
    hand.notes.append(f"the tax of {tax} units is read as taken from seat {collects[0].seat} after the hand: "
                      "the pot is paid in full without it")
    return True


FORMATS = [GGPokerFormat()]
