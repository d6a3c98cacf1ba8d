"""KingsClub hand histories ("#39555673: Limit Holdem - 40/80" then the date line).

Grammar: `grammars/kingsclub.lark`. Points of the format:
- the first line names the game and the stakes (blinds for no/pot limit, bets for limit):
  "No Limit Holdem", "Pot Limit Omaha", "Pot Limit Omaha 5 Card", "Limit Omaha Hi-Lo";
  Short Deck is unsupported;
- the Hi/Lo pay-outs do not say which half they are ("X wins (279.50) from pot" twice);
- hidden hole cards are "Dealt to X: [X X]" ("[X X X X X]" in five-card Omaha; no event);
- raises and calls are street totals ("Hero calls 80" over a 40 blind puts in 40), bets
  the chips added; ", and is all in";
- run twice: "*** BOARD 2 - RIVER *** [- - - Qd] [Jd]" ("-" for the cards the runs share);
- no uncalled-bet line; "X wins pot (399)" pays the pot after the rake ("Rake 1"); with
  side pots, "X wins (9,225) from side pot 1" precedes "X wins (1,262.50) from pot";
- the summary's "Seat 1: Player0 (999) +199" lines give the stack after the hand (and the
  net, none when it is 0): a seat that ends with more than its pot lines and its unmatched
  bet give it was paid the rest with no line (a side pot only it could win: the Hi/Lo hand
  of "Bobbys Room Omaha 2", where the big blind's 125 over a folded small blind's is in
  its end stack), and that payment is read from it;
- the date has no zone, so `started_at` stays empty.

Line kinds (kingsclub, `grammars/kingsclub.lark`; every line shape of the corpus's
files of this format is one of them: the corpus gives no PA04 on them):

- HEADER: `#<hand_id>: <game> - <low>/<high>`: read
- DATE: `<date>`: its place in the hand (no field read)
- TABLE: `Table '<name>' Seat <button> is the button`: read
- SEAT: `Seat <seat>: <player> (<stack>)<note>`: read
- POST: `<player>: posts <what> <amount><all_in>`: read
- HOLE_CARDS: `*** HOLE CARDS ***`: its place in the hand (no field read)
- DEALT: `Dealt to <player>: [<cards>]`: read
- ACTION: `<player> <act>( <amount>)<all_in>`: read
- STREET: `*** (BOARD <run> - )<street> *** <cards>`: read
- SHOW: `<player> shows [<cards>]`: read
- SUMMARY: `*** SUMMARY * **`: its place in the hand (no field read)
- RESULT: `Seat <seat>: <player> (<stack>)( <net>)`: read
- RAKE: `Rake <amount>`: read
- WIN: `<player> wins (pot (<amount>)|(<amount2>) from (pot|side pot <side>))`: read
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
    StreetEvent,
)
from ._settle import contributions, unmatched
from ._sitekit import Fields, SiteFormat
from .base import UnsupportedGame
from .common import STREET_NAMES, bracketed_board, cards, omaha_of, set_omaha

_ACTS = {"folds": Act.FOLD, "checks": Act.CHECK, "calls": Act.CALL, "bets": Act.BET, "raises to": Act.RAISE}
_LIMITS = (("No Limit ", Limit.NO_LIMIT), ("Pot Limit ", Limit.POT_LIMIT), ("Limit ", Limit.FIXED_LIMIT))
_POSTS = {"the small blind": Post.SMALL_BLIND, "the big blind": Post.BIG_BLIND, "ante": Post.ANTE,
          "straddle": Post.STRADDLE}
_SHARED = re.compile(r"(?<=[\[ ])- ?")


class KingsClubFormat(SiteFormat):
    name = "kingsclub"
    reads_unknown_lines = True
    sites = ("KingsClub",)
    grammar = "kingsclub"
    description = "KingsClub ('#N: No Limit Holdem - 5/10')"
    start: ClassVar[re.Pattern[str]] = re.compile(r"\s*\ufeff?#\d+: [A-Za-z0-9 +'/-]+ - [\d.,]+/[\d.,]+\s*$")

    def new_hand(self, source: str, first_line: int) -> Hand:
        self._ends: list[tuple[int, int, int]] = []  # (line, seat, stack after the hand)
        return super().new_hand(source, first_line)

    def on_HEADER(self, hand: Hand, f: Fields, line: int) -> None:
        hand.hand_id = f[0] or ""
        hand.kind, hand.currency, hand.scale = "cash", "USD", 2
        name = (f[1] or "").strip()
        limit, game = next(((lim, name[len(word):]) for word, lim in _LIMITS if name.startswith(word)), (None, name))
        omaha = omaha_of(game)
        if omaha is not None:
            set_omaha(hand, *omaha)  # "Omaha", "Omaha 5 Card", "Omaha Hi-Lo"
        elif game != "Holdem":
            hand.variant = "shortdeck" if "Short Deck" in game else name.lower()
            raise UnsupportedGame(name)
        if limit is None:
            raise UnsupportedGame(name)
        self.set_stakes(hand, limit, self.amount(hand, f[2]), self.amount(hand, f[3]))

    def on_TABLE(self, hand: Hand, f: Fields, line: int) -> None:
        hand.table_name = f[0] or ""
        hand.button_seat = int(f[1] or 0)

    def on_SEAT(self, hand: Hand, f: Fields, line: int) -> None:
        self.add_seat(hand, int(f[0] or 0), f[1] or "", self.amount(hand, f[2]), "sitting out" in (f[3] or ""), line)

    def on_POST(self, hand: Hand, f: Fields, line: int) -> None:
        player, kind, amount, all_in = f[0] or "", _POSTS[f[1] or ""], self.amount(hand, f[2]), bool(f[3])
        if kind is Post.ANTE:
            hand.ante = max(hand.ante, amount)
        elif kind is Post.SMALL_BLIND and hand.limit is Limit.FIXED_LIMIT and not all_in:
            hand.sb = amount
        hand.events.append(PostEvent(line, self.seat(hand, player), player, kind, amount, 0, all_in))

    def on_DEALT(self, hand: Hand, f: Fields, line: int) -> None:
        player = f[0] or ""
        seat = self.seat(hand, player)
        shown = cards(f[1])
        if shown:
            hand.events.append(DealEvent(line, seat, player, shown))

    def on_ACTION(self, hand: Hand, f: Fields, line: int) -> None:
        player, act, text, all_in = f[0] or "", _ACTS[f[1] or ""], f[2], bool(f[3])
        seat = self.seat(hand, player)
        if act is Act.RAISE:
            hand.events.append(ActionEvent(line, seat, player, act, to=self.amount(hand, text), all_in=all_in))
        elif act is Act.CALL:
            # "calls 625" is the street total the call reaches
            added = self.amount(hand, text) - self.committed(hand, seat)
            hand.events.append(ActionEvent(line, seat, player, act, amount=added, all_in=all_in))
        elif act is Act.BET:
            hand.events.append(ActionEvent(line, seat, player, act, amount=self.amount(hand, text), all_in=all_in))
        else:
            hand.events.append(ActionEvent(line, seat, player, act))

    def on_STREET(self, hand: Hand, f: Fields, line: int) -> None:
        # a second board run after the flop writes the shared cards as "-": "[- - - Qd] [Jd]"
        new, board = bracketed_board(_SHARED.sub("", f[2] or ""))
        run = int(f[0]) if f[0] else 0
        hand.events.append(StreetEvent(line, STREET_NAMES[f[1] or ""], new, board, run))

    def on_SHOW(self, hand: Hand, f: Fields, line: int) -> None:
        player = f[0] or ""
        hand.events.append(ShowEvent(line, self.seat(hand, player), player, cards(f[1])))

    def on_RAKE(self, hand: Hand, f: Fields, line: int) -> None:
        hand.summary.rake = self.amount(hand, f[0])
        hand.summary.line = line

    def on_WIN(self, hand: Hand, f: Fields, line: int) -> None:
        self.collect(hand, line, f[0] or "", self.amount(hand, f[1] or f[2]), int(f[3]) if f[3] else None)

    def on_RESULT(self, hand: Hand, f: Fields, line: int) -> None:
        self._ends.append((line, int(f[0] or 0), self.amount(hand, f[2])))

    def finish(self, hand: Hand) -> None:
        hand.implicit_uncalled = True
        self._unwritten_payments(hand)

    def _unwritten_payments(self, hand: Hand) -> None:
        """A payment the summary's end stack shows and no pot line writes: the end stack
        less (the start stack - the chips put in + the pot lines + the unmatched bet)."""
        total, live = contributions(hand)
        top, excess = unmatched(live)
        start = {s.seat: s for s in hand.seats}
        if any(put > start[seat].stack for seat, put in total.items() if seat in start):
            return  # the log's own chips do not add up: nothing to read from the end stacks
        paid: dict[int, int] = {}
        for e in hand.events:
            if isinstance(e, CollectEvent):
                paid[e.seat] = paid.get(e.seat, 0) + e.amount
        for line, seat, end in self._ends:
            s = start.get(seat)
            if s is None:
                continue
            back = excess if seat == top else 0
            missing = end - (s.stack - total.get(seat, 0) + paid.get(seat, 0) + back)
            if missing > 0 and seat in total:
                hand.events.append(CollectEvent(line, seat, s.player, missing, None))


FORMATS = [KingsClubFormat()]
