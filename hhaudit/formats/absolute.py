"""Absolute Poker and UltimateBet hand histories ("Stage #..." layout).

Grammar: `grammars/absolute.lark`. Cash headers carry the stakes ("No Limit $1" is the big
blind; "Normal $25/$50" is fixed limit with those bets); tournament headers do not, so the
blinds come from the posts. Games: "Holdem", "Omaha", "Omaha Hi/Lo". A Hi/Lo pay-out line ("Collects $119.25 from main
pot") does not say its half; the seat's summary line does ("collected Total ($119.25)
HI:($119.25)", "HI:($2) LO:($1.50)"), and names it where the amounts tell which is which.

Line kinds (absolute, `grammars/absolute.lark`; every line shape of the corpus's
files of this format is one of them: the corpus gives no PA04 on them):

- HEADER: `Stage #<hand_id>: <rest>`: read
- TABLE: `Table: <name> (<money>) Seat #<button> is the dealer`: read
- SEAT: `Seat <seat> - <player> (<stack> in chips)<note>`: read
- ANTE: `<player> - Ante <amount>`: read
- POST: `<player> - Posts <what><amount>( dead <dead>)`: read
- POCKET: `*** POCKET CARDS ***`: read
- DEALT: `Dealt to <player> [<cards>]`: read
- ACTION: `<player> - <act>( <a>( ((Fold & Show [<cards>]|Preselection|Timeout)))`: read
- RETURNED: `<player> - returned (<amount>) : not called`: read
- STREET: `*** <street> *** <cards>`: read
- SHOWDOWN: `*** SHOW DOWN ***`: read
- SHOW: `<player> - Shows [<cards>]...`: read
- MUCK: `<player> - (Mucks|Does not show)( ...)`: read
- COLLECT: `<player> Collects <amount> from <pot>`: read
- SUMMARY: `*** SUMMARY ***`: its place in the hand (no field read)
- TOTAL_POT: `Total Pot(<total>:]*)(:<pots>))<extra>`: read
- BOARD: `Board [<cards>]`: read
- SUMMARY_SEAT: `Seat <seat>: <rest>`: read
- MISC: `(. - sitout...|. - (is|has been) (dis)?connected...|. - (leaves|joins) the table...|. -
  sits out|. - returns)`: ignored: changes nothing
- any other line: kept unread, a PA04 warning naming it; the hand is judged unless the line
  names a seated player first or shows a figure or a card (`common.unknown_may_matter`),
  where the rules abstain (`reads_unknown_lines`).
"""

from __future__ import annotations

import re
from typing import ClassVar, cast

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
    ProtectionEvent,
    ShowEvent,
    Street,
    StreetEvent,
    UncalledEvent,
)
from ..money import currency_of
from ._sitekit import Fields, SiteFormat
from .base import UnsupportedGame
from .common import STREET_NAMES, bracketed_board, cards, is_hole_count, omaha_of, set_omaha, to_utc

_ACTS = {"Folds": Act.FOLD, "Checks": Act.CHECK, "Calls": Act.CALL, "Bets": Act.BET, "Raises": Act.RAISE}
_LIMIT = re.compile(r"(?i)\b(No Limit|Pot Limit|Normal|Limit)\b\s*(?P<a>[$€£]?[\d.,]+)?(?:/(?P<b>[$€£]?[\d.,]+))?")
_LIMIT_NL = re.compile(r"(?i)\b(No Limit|Pot Limit)\b\s*(?P<a>[$€£]?[\d.,]+)?(?:/(?P<b>[$€£]?[\d.,]+))?")
_GROUPED = re.compile(r"\d{1,3}(?:,\d{3})*(?:\.\d+)?")
_HALVES = re.compile(r"\b(HI|LO):\((?P<amount>[^()]*)\)")
_GAME = re.compile(r"(?i)(?:Tourney ID \d+ )?(?P<game>hold'?em|omaha(?: hi/lo)?)\b")


class AbsoluteFormat(SiteFormat):
    name = "absolute"
    reads_unknown_lines = True
    sites = ("Absolute/UB",)
    grammar = "absolute"
    description = "Absolute Poker / UltimateBet ('Stage #' histories)"
    start: ClassVar[re.Pattern[str]] = re.compile(r"\s*\ufeff?Stage #C?\d+")
    _in_setup = False

    def on_HEADER(self, hand: Hand, f: Fields, line: int) -> None:
        hand.hand_id = f[0] or ""
        rest = f[1] or ""
        tourney = re.search(r"Tourney ID (\d+)", rest)
        hand.kind = "tournament" if tourney else "cash"
        hand.tournament_id = tourney.group(1) if tourney else ""
        hand.started_at, hand.tz = to_utc(rest.replace("(ET)", "ET"))
        game = _GAME.match(rest)
        omaha = omaha_of(game.group("game")) if game else None
        if omaha is not None:
            set_omaha(hand, *omaha)  # "Omaha", "Omaha Hi/Lo", "OMAHA"
        elif game is None:
            hand.variant = rest.split()[0].lower() if rest.split() else "unknown"
            raise UnsupportedGame(rest)
        # "Holdem Multi Normal Tournament No Limit 10": "Normal" names the tournament's
        # speed there, so an explicit "No Limit" / "Pot Limit" wins over it.
        m = _LIMIT_NL.search(rest) or _LIMIT.search(rest)
        if m is None:
            raise ValueError("no betting structure in the hand's first line")
        word = m.group(1).lower()
        limit = {"no limit": Limit.NO_LIMIT, "pot limit": Limit.POT_LIMIT}.get(word, Limit.FIXED_LIMIT)
        if hand.kind == "cash":
            hand.currency = currency_of(rest) or "USD"
            hand.scale = 2
            a, b = m.group("a"), m.group("b")
            if a is None:
                raise ValueError("no stakes in the hand's first line")
            if b is not None:
                self.set_stakes(hand, limit, self.amount(hand, a), self.amount(hand, b))
            else:
                bb = self.amount(hand, a)
                self.set_stakes(hand, limit, bb // 2, bb)
            ante = re.search(r", (\S+) ante", rest)
            if ante:
                hand.ante = self.amount(hand, ante.group(1))
        else:
            self.set_stakes(hand, limit, 0, 0)
        self._in_setup = True

    def new_hand(self, source: str, first_line: int) -> Hand:
        self._halves: dict[int, dict[str, int]] = {}
        return super().new_hand(source, first_line)

    def on_POCKET(self, hand: Hand, f: Fields, line: int) -> None:
        self._in_setup = False

    def on_TABLE(self, hand: Hand, f: Fields, line: int) -> None:
        hand.table_name = f[0] or ""
        hand.button_seat = int(f[2] or 0)
        if f[1] == "Play Money":
            hand.currency, hand.scale = "play", 0

    def on_SEAT(self, hand: Hand, f: Fields, line: int) -> None:
        note = f[3] or ""
        self.add_seat(hand, int(f[0] or 0), f[1] or "", self.amount(hand, f[2]), "sitting out" in note, line)

    def on_ANTE(self, hand: Hand, f: Fields, line: int) -> None:
        player = f[0] or ""
        amount = self.amount(hand, f[1])
        hand.ante = max(hand.ante, amount)
        hand.events.append(PostEvent(line, self.seat(hand, player), player, Post.ANTE, amount))

    def on_POST(self, hand: Hand, f: Fields, line: int) -> None:
        player, what, amount, dead = f[0] or "", (f[1] or "").strip(), self.amount(hand, f[2]), f[3]
        seat = self.seat(hand, player)
        if what == "small blind":
            if not any(isinstance(e, PostEvent) and e.kind is Post.SMALL_BLIND for e in hand.events):
                hand.sb = amount
            hand.events.append(PostEvent(line, seat, player, Post.SMALL_BLIND, amount))
        elif what == "big blind" or (not what and dead is None):
            if not hand.bb:  # tournaments: the header has no stakes
                hand.bb = amount
            hand.events.append(PostEvent(line, seat, player, Post.BIG_BLIND, amount))
        elif what == "dead":
            # "Posts dead $40 dead $15": $40 in all, $15 of it dead
            d = self.amount(hand, dead) if dead else 0
            hand.events.append(PostEvent(line, seat, player, Post.DEAD, amount - d, d))
        else:
            # "Posts $1 dead $0.50": $1 live, $0.50 dead
            d = self.amount(hand, dead) if dead else 0
            hand.events.append(PostEvent(line, seat, player, Post.DEAD, amount, d))

    def on_DEALT(self, hand: Hand, f: Fields, line: int) -> None:
        player = f[0] or ""
        hand.events.append(DealEvent(line, self.seat(hand, player), player, cards(f[1])))

    def on_ACTION(self, hand: Hand, f: Fields, line: int) -> None:
        player, verb, a, b, shown = f[0] or "", f[1] or "", f[2], f[3], f[4]
        seat = self.seat(hand, player)
        if verb == "All-In(Raise)":
            hand.events.append(ActionEvent(line, seat, player, Act.RAISE, to=self.amount(hand, b or a), all_in=True))
            return
        if verb == "All-In" and self._in_setup and a is not None:
            # a blind posted all-in before the deal: "Player1 - All-In $191.27"
            posted_sb = any(isinstance(e, PostEvent) and e.kind is Post.SMALL_BLIND for e in hand.events)
            kind = Post.BIG_BLIND if posted_sb else Post.SMALL_BLIND
            hand.events.append(PostEvent(line, seat, player, kind, self.amount(hand, a), 0, True))
            return
        if verb == "All-In":
            if a is None:
                # "All-In (Timeout)": all-in protection after a time-out, no chips move: the
                # seat is all-in for what it has put in (model.ProtectionEvent)
                hand.events.append(ProtectionEvent(line, seat, player, "timeout"))
                return
            hand.events.append(self.all_in_action(hand, line, seat, player, self.amount(hand, a)))
            return
        act = _ACTS[verb]
        if act is Act.RAISE:
            hand.events.append(ActionEvent(line, seat, player, act, to=self.amount(hand, b or a)))
        elif act in (Act.CALL, Act.BET):
            hand.events.append(ActionEvent(line, seat, player, act, amount=self.amount(hand, a)))
        else:
            hand.events.append(ActionEvent(line, seat, player, act))
            if shown:
                hand.events.append(ShowEvent(line, seat, player, cards(shown)))

    def on_RETURNED(self, hand: Hand, f: Fields, line: int) -> None:
        player = f[0] or ""
        hand.events.append(UncalledEvent(line, self.seat(hand, player), player, self.amount(hand, f[1])))

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
        hand.events.append(ShowEvent(line, self.seat(hand, player), player, (), muck=True))

    def on_SUMMARY_SEAT(self, hand: Hand, f: Fields, line: int) -> None:
        # "Seat 3: Bob HI: [Mucked] [Kd 6c]": the cards of a hand mucked at the showdown
        rest = f[1] or ""
        i = rest.find("[Mucked] [")
        if i >= 0:
            got = cards(rest[i + 10:].split("]", 1)[0])
            if is_hole_count(hand, len(got)):
                hand.reveal(int(f[0] or 0), got, "summary", line, mucked=True)
        if hand.hilo:
            # "collected Total ($119.25) HI:($119.25)": what the seat won of each half
            halves = {h.lower(): self.amount(hand, a) for h, a in _HALVES.findall(rest)}
            if halves:
                self._halves[int(f[0] or 0)] = halves

    def on_COLLECT(self, hand: Hand, f: Fields, line: int) -> None:
        player, amount, pot, side = f[0] or "", self.amount(hand, f[1]), f[2] or "", f[3]
        if pot.endswith("proposition pot"):
            # The 7-2 game: the other players pay the winner from outside the hand's pot.
            hand.events.append(FeeEvent(line, "room_added", -amount, self.seat(hand, player), player))
            self.collect(hand, line, player, amount, None)
            return
        self.collect(hand, line, player, amount, 0 if pot == "main pot" else int(side or 1))

    def on_TOTAL_POT(self, hand: Hand, f: Fields, line: int) -> None:
        s = hand.summary
        s.line = line
        s.total_pot = self.amount(hand, f[0])
        if f[1]:
            parts = [self.amount(hand, p) for p in _GROUPED.findall(f[1])]
            if parts and sum(parts) == s.total_pot:
                s.main_pot, s.side_pots = parts[0], parts[1:]
        extra = f[2] or ""
        # each matched, not searched: the text before the first "| Rake (" (and so on) is
        # taken whole; where that one has no ")" after it, no later one has
        rake = re.match(r"(?:[^|]|\|(?! Rake \())*+\| Rake \(([^)]*)\)", extra)
        s.rake = self.amount(hand, rake.group(1)) if rake else 0
        jackpot = re.match(r"(?:[^J]|J(?!ackpot Rake \())*+Jackpot Rake \(([^)]*)\)", extra)
        if jackpot:
            s.jackpot = self.amount(hand, jackpot.group(1))
        prop = re.match(r"(?:[^|]|\|(?! \d+ Proposition Pot \())*+\| \d+ Proposition Pot \(([^)]*)\)",
                        extra)
        if prop:
            # "Total Pot($26) | ... | 72 Proposition Pot ($40)": the 7-2 money the other
            # players pay the winner (a room_added FeeEvent here) comes on top of the pot.
            s.total_pot += self.amount(hand, prop.group(1))

    def on_BOARD(self, hand: Hand, f: Fields, line: int) -> None:
        hand.summary.boards.append(cards(f[0]))

    def finish(self, hand: Hand) -> None:
        # Some layouts write "returned ($x) : not called"; walks never do: the big blind
        # "Collects $6" (both blinds) and "Total Pot($6)" counts the unmatched $2 too.
        hand.implicit_uncalled = not any(isinstance(e, UncalledEvent) for e in hand.events)
        for seat, halves in self._halves.items():
            self._name_halves(hand, seat, halves)

    @staticmethod
    def _name_halves(hand: Hand, seat: int, halves: dict[str, int]) -> None:
        """The half each of a seat's pay-outs is, from its summary's "HI:($x) LO:($y)": all
        of them when the seat won one half only (and they add up to it), each when it has
        one pay-out per half of those amounts; otherwise they stay unnamed."""
        won = {half: amount for half, amount in halves.items() if amount}
        paid = [i for i, e in enumerate(hand.events) if isinstance(e, CollectEvent) and e.seat == seat]
        amounts = [cast(CollectEvent, hand.events[i]).amount for i in paid]
        if len(won) == 1:
            (half, total), = won.items()
            if sum(amounts) != total:
                return
            names = {"hi": "high", "lo": "low"}
            plan = [names[half]] * len(paid)
        elif len(won) == 2 and sorted(amounts) == sorted(won.values()) and won["hi"] != won["lo"]:
            plan = ["high" if a == won["hi"] else "low" for a in amounts]
        else:
            return
        for i, half in zip(paid, plan, strict=True):
            e = cast(CollectEvent, hand.events[i])
            hand.events[i] = CollectEvent(e.line, e.seat, e.player, e.amount, e.pot, e.run, half)


FORMATS = [AbsoluteFormat()]
