"""Winning Poker Network hand histories in the layout used until 2019.

Grammar: `grammars/wpn.lark`. The header names neither the betting structure nor the
currency: a "(PRR)" (or play-money "PM") table is a cash game with the stakes as blinds,
anything else is a tournament; the structure is read as no limit (the 2016 layout does
not say), unless the hand itself proves fixed limit: the header's stakes "2/4" are then
the small and big bets, so the blinds posted are 1 and 2 (half the stakes, which no
no-limit hand posts in full), and every bet and raise is one small bet before the turn
and one big bet after it. Anything less clear-cut stays no limit. Calls, bets and raises
are written as the chips the action adds; "allin (X)" is a bet, call or raise by X chips
depending on what the player faces. Pay-outs come from the summary's "Collects:" fields.
"Game started at:" is the player's local clock with no zone, so `started_at` stays empty.
A seat dealt no card ("Player X received a card.") that neither posts nor acts sat out.
"Player X allin (0.24)" among the blinds, before any card is dealt, is a blind posted all
in; the call facing it is written up to the full blind, its excess returned on the next
line ("Uncalled bet (0.01) returned to X"): the call is read as the chips that stayed in.
A jackpot table of the 2014 layout ("Tantalite   (JP)", "(Short, JP)", "( Beast )") takes
a drop from a pot that sees a flop and does not state it ("Pot:" is what is left after rake
and drop; the later layout writes "JP fee"): AC01 and AC02 abstain on such a hand.

Line kinds (wpn, `grammars/wpn.lark`; every line shape of the corpus's
files of this format is one of them: the corpus gives no PA04 on them):

- STARTED: `Game started at: <date>`: its place in the hand (no field read)
- GAME_ID: `Game ID: <hand_id> <sb>/<bb> <rest>`: read
- BUTTON: `Seat <seat> is the button`: read
- SEAT: `Seat <seat>: <player> (<stack>).<note>`: read
- POST: `Player <player> <what> (<amount>)<dead>`: read
- RECEIVED: `Player <player> received (a )card.`: read
- DEALT: `Player <player> received (a )card: [<cards>]`: read
- ACTION: `Player <player> <act>( (<amount>))`: read ("allin (X)" before any card is dealt:
  a blind posted all in)
- UNCALLED: `Uncalled bet (<amount>) returned to <player>`: read
- STREET: `*** <street> ***: <cards>`: read
- MUCK: `Player <player> mucks cards`: read
- SUMMARY: `-{3,} Summary -{3,}`: its place in the hand (no field read)
- POT: `Pot: <total>(. Rake <rake>)(. JP fee <jp>).`: read
- BOARD: `Board: [<cards>]`: read
- RESULT: `*?Player <player> (does not show cards|doesn't show cards|mucks (does not sho...`:
  read
- ENDED: `Game ended at: ...`: its place in the hand (no field read)
- MISC: `(Player ... (is timed out|sitting out|wait BB|is disconnected|is connected|is
  disconnected and ALL IN).)`: ignored: changes nothing
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
    ProtectionEvent,
    ShowEvent,
    Street,
    StreetEvent,
    UncalledEvent,
)
from ._sitekit import Fields, SiteFormat
from .base import UnsupportedGame
from .common import (
    ACT_VERBS,
    STREET_NAMES,
    bracket_groups,
    bracketed_board,
    cards,
    omaha_of,
    set_omaha,
)

_POSTS = {"has small blind": Post.SMALL_BLIND, "has big blind": Post.BIG_BLIND, "posts ante": Post.ANTE,
          "ante": Post.ANTE, "posts": Post.BIG_BLIND, "straddle": Post.STRADDLE}


# The game note of a table name, "Pamola (Short) (Omaha HiLow)", is cut out with the spaces
# around it, leaving one. Each run of spaces is taken in one go (possessive) and kept when no
# note follows it, so a name of many spaces is read once rather than once from each space:
# what re.sub(r"\s*\((?:Hold'em|PRR|Omaha|Omaha HiLow)\)\s*", " ", name) gives, in linear time.
_GAME_NOTE = re.compile(r"\s*+(\((?:Hold'em|PRR|Omaha|Omaha HiLow)\)\s*+)?")


# "(JP)", "(Short, JP)", "( Beast )": a table that feeds a jackpot. The notes in brackets
# are found first and their comma-separated words compared after: one pattern for both
# backtracks over every comma of an unclosed bracket (quadratic on a long line).
_NOTE = re.compile(r"\(([^()]*)\)")
_JACKPOT_WORDS = frozenset({"JP", "Beast"})


def _jackpot_table(text: str) -> bool:
    return any(word.strip() in _JACKPOT_WORDS
               for m in _NOTE.finditer(text) for word in m.group(1).split(","))


def _drop_game_note(m: re.Match[str]) -> str:
    return " " if m.group(1) is not None else m.group(0)

class WPNFormat(SiteFormat):
    name = "wpn"
    reads_unknown_lines = True
    sites = ("WPN/ACR",)
    grammar = "wpn"
    description = "Winning Poker Network, layout until 2019 ('Game started at:')"
    start: ClassVar[re.Pattern[str]] = re.compile(r"\s*\ufeff?Game started at: ")

    def on_GAME_ID(self, hand: Hand, f: Fields, line: int) -> None:
        hand.hand_id = f[0] or ""
        rest = f[3] or ""
        self._jackpot_table = _jackpot_table(rest)
        game = re.search(r"\(([^()]*)\)\s*(?:\d+-max)?$", rest)
        name = game.group(1) if game else ""
        omaha = omaha_of(name) if name != "Hold'em" else None
        if name != "Hold'em" and omaha is None:
            hand.variant = name.lower() or "unknown"
            raise UnsupportedGame(rest)
        if omaha is not None:
            set_omaha(hand, *omaha)  # "(Omaha)", "(Omaha HiLow)"
        table = _GAME_NOTE.sub(_drop_game_note, rest).strip()
        if "(PRR)" in rest or rest.startswith("PM ") or " PM " in rest or (
                table and not re.search(r", Table \d+|PMS_\d+", rest)):
            play = rest.startswith("PM ") or " PM " in rest
            hand.kind, hand.currency, hand.scale = "cash", "play" if play else "USD", 2
        else:
            hand.kind, hand.scale = "tournament", 0
            m = re.search(r"PMS_(\d+)", rest)
            hand.tournament_id = m.group(1) if m else ""
        hand.table_name = table
        # The header names no limit: audited with no-limit sizes, the loosest (the room dealt
        # no- and pot-limit Omaha Hi/Lo: "Pamola (Short) (Omaha HiLow)" has a 402.40 raise
        # into a 21 pot), so a pot-limit bet past the pot is not judged here
        self.set_stakes(hand, Limit.NO_LIMIT, self.amount(hand, f[1]), self.amount(hand, f[2]))

    def new_hand(self, source: str, first_line: int) -> Hand:
        self._received: set[str] = set()
        """Players who were dealt a card face down ("Player X received a card.")."""
        self._dealt = False
        """A card was dealt: the blinds are posted."""
        self._jackpot_table = False
        """The game line names a jackpot table: "Tantalite   (JP)", "(Short, JP)", "( Beast )"."""
        return super().new_hand(source, first_line)

    def on_BUTTON(self, hand: Hand, f: Fields, line: int) -> None:
        hand.button_seat = int(f[0] or 0)

    def on_RECEIVED(self, hand: Hand, f: Fields, line: int) -> None:
        self._dealt = True
        self._received.add(f[0] or "")

    def on_SEAT(self, hand: Hand, f: Fields, line: int) -> None:
        self.add_seat(hand, int(f[0] or 0), f[1] or "", self.amount(hand, f[2]), bool(f[3]), line)

    def on_POST(self, hand: Hand, f: Fields, line: int) -> None:
        player, kind, amount = f[0] or "", _POSTS[f[1] or ""], self.amount(hand, f[2])
        if f[3]:  # "posts (0.25) as a dead bet": a missed small blind, dead money
            hand.events.append(PostEvent(line, self.seat(hand, player), player, Post.DEAD, 0, amount))
            return
        if kind is Post.ANTE:
            hand.ante = max(hand.ante, amount)
        hand.events.append(PostEvent(line, self.seat(hand, player), player, kind, amount))

    def on_DEALT(self, hand: Hand, f: Fields, line: int) -> None:
        self._dealt = True
        player = f[0] or ""
        seat = self.seat(hand, player)
        new = cards(f[1])
        last = hand.events[-1] if hand.events else None
        if isinstance(last, DealEvent) and last.seat == seat:
            hand.events[-1] = DealEvent(last.line, seat, player, last.cards + new)
        else:
            hand.events.append(DealEvent(line, seat, player, new))

    def on_ACTION(self, hand: Hand, f: Fields, line: int) -> None:
        player, verb, text = f[0] or "", f[1] or "", f[2]
        seat = self.seat(hand, player)
        if verb == "allin" and text is not None and not self._dealt and not any(
                isinstance(e, ActionEvent) for e in hand.events):
            # "Player X allin (0.24)" among the blinds, before a card is dealt: a blind
            # posted all in for less than its size
            amount = self.amount(hand, text)
            posted = {e.kind for e in hand.events if isinstance(e, PostEvent)}
            small = Post.SMALL_BLIND not in posted and Post.BIG_BLIND not in posted and amount <= hand.sb
            kind = Post.SMALL_BLIND if small else Post.BIG_BLIND
            hand.events.append(PostEvent(line, seat, player, kind, amount, 0, True))
            return
        if verb == "allin":
            if text is None:
                # "Player X is disconnected and ALL IN." then "Player X allin": disconnect
                # protection keeps the seat in the pot without putting chips in
                hand.events.append(ProtectionEvent(line, seat, player, "disconnection"))
                return
            hand.events.append(self.all_in_action(hand, line, seat, player, self.amount(hand, text)))
            return
        act = ACT_VERBS[verb]
        if act in (Act.FOLD, Act.CHECK):
            hand.events.append(ActionEvent(line, seat, player, act))
        else:
            hand.events.append(ActionEvent(line, seat, player, act, amount=self.amount(hand, text)))

    def on_UNCALLED(self, hand: Hand, f: Fields, line: int) -> None:
        player = f[1] or ""
        hand.events.append(UncalledEvent(line, self.seat(hand, player), player, self.amount(hand, f[0])))

    def on_STREET(self, hand: Hand, f: Fields, line: int) -> None:
        new, board = bracketed_board(f[1] or "")
        hand.events.append(StreetEvent(line, STREET_NAMES[f[0] or ""], new, board))

    def on_MUCK(self, hand: Hand, f: Fields, line: int) -> None:
        player = f[0] or ""
        hand.events.append(ShowEvent(line, self.seat(hand, player), player, (), muck=True))

    def on_POT(self, hand: Hand, f: Fields, line: int) -> None:
        s = hand.summary
        s.line = line
        s.total_pot = self.amount(hand, f[0])
        s.rake = self.amount(hand, f[1]) if f[1] else 0
        if f[2]:
            s.jackpot = self.amount(hand, f[2])

    def on_BOARD(self, hand: Hand, f: Fields, line: int) -> None:
        hand.summary.boards.append(cards(f[0]))

    def finish(self, hand: Hand) -> None:
        self._fold_overcall_returns(hand)
        if self._jackpot_table and hand.summary.jackpot is None and any(
                isinstance(e, StreetEvent) and e.street is Street.FLOP for e in hand.events):
            # A jackpot table of the 2014 layout takes its drop from a pot that sees a flop
            # (0.25 in the public fixtures, not in every hand) and states none: "Pot:" is what
            # is left after rake and drop, so the pot's own accounts cannot be checked
            hand.abstain("a jackpot table's drop the log does not state (JP / Beast table)", ("AC01", "AC02"))
        # "Player X sitting out" lines are not tied to a seat (the name may even be blank):
        # a seat dealt no card that neither posts nor acts sat the hand out
        if self._received:
            took_part = {e.seat for e in hand.events if isinstance(e, (PostEvent, ActionEvent, DealEvent))}
            for s in hand.seats:
                if s.player not in self._received and s.seat not in took_part:
                    s.sitting_out = True
        if hand.limit is Limit.NO_LIMIT and self._fixed_limit(hand):
            low, high = hand.sb, hand.bb  # the header's two figures
            self.set_stakes(hand, Limit.FIXED_LIMIT, low, high)

    @staticmethod
    def _fold_overcall_returns(hand: Hand) -> None:
        """Facing a big blind all in for less than the blind, the room writes the call up to
        the full blind and returns the excess at once ("Player X calls (0.15)" then "Uncalled
        bet (0.01) returned to X"): the call is read as the chips that stayed in."""
        events = hand.events
        i = 0
        while i + 1 < len(events):
            call, back = events[i], events[i + 1]
            if (isinstance(call, ActionEvent) and call.act is Act.CALL and isinstance(back, UncalledEvent)
                    and back.seat == call.seat and call.amount is not None and 0 < back.amount < call.amount):
                call.amount -= back.amount
                del events[i + 1]
            i += 1

    @staticmethod
    def _fixed_limit(hand: Hand) -> bool:
        """The header's "low/high" are a fixed-limit table's bets: the full blinds posted are
        half of low and low, and every bet or raise adds exactly one bet of the street's
        size (low before the turn, high from the turn on)."""
        low, high = hand.sb, hand.bb
        if not low or high != 2 * low or low % 2:
            return False
        posts = [e for e in hand.events if isinstance(e, PostEvent) and not e.all_in]
        sb = [e.amount for e in posts if e.kind is Post.SMALL_BLIND]
        bb = [e.amount for e in posts if e.kind is Post.BIG_BLIND]
        if sb[:1] != [low // 2] or bb[:1] != [low]:
            return False
        unit, street_max = low, low
        mine: dict[int, int] = {}  # per-street commitments
        for post in posts:
            if post.kind in (Post.SMALL_BLIND, Post.BIG_BLIND):
                mine[post.seat] = mine.get(post.seat, 0) + post.amount
        sized = 0
        for e in hand.events:
            if isinstance(e, StreetEvent):
                unit = high if e.street in (Street.TURN, Street.RIVER) else low
                street_max, mine = 0, {}
            elif isinstance(e, ActionEvent) and e.act in (Act.BET, Act.RAISE, Act.CALL):
                now = mine.get(e.seat, 0) + (e.amount or 0)
                mine[e.seat] = now
                if e.act is Act.CALL:
                    continue
                if now - street_max != unit and not e.all_in:
                    return False
                street_max = max(street_max, now)
                sized += 1
        return sized > 0

    def on_RESULT(self, hand: Hand, f: Fields, line: int) -> None:
        player, mucked, desc, collects = f[0] or "", f[1], f[2], self.amount(hand, f[4])
        if not collects and hand.seat_of(player) is None:
            return  # a player who left the table before the hand, listed with nothing
        seat = self.seat(hand, player)
        if mucked:
            hand.events.append(ShowEvent(line, seat, player, cards(mucked), muck=True))
        if desc:
            shown = bracket_groups(desc)
            hole = cards(shown[-1]) if shown else ()
            if len(hole) == 2:
                hand.events.append(ShowEvent(line, seat, player, hole))
        if collects:
            self.collect(hand, line, player, collects, None)


FORMATS = [WPNFormat()]
