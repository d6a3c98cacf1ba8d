"""PokerTracker exports of iPoker and Merge network hands (formats pt_ipoker and pt_merge).

Grammar: `grammars/pt_ipoker.lark`, shared: both networks come out of PokerTracker in one
layout ("Player: Post SB $0.05", "Player: Raise (NF) $0.40", "Player: wins $0.55").

What the amounts mean (worked out from the hands: later calls and the pot totals):
- "Call $X" and "Allin $X" are the chips the action adds; "Allin" is a bet, a call or a
  raise depending on what the player faces.
- "Raise $X" and "Raise (NF) $X" are the player's street total ("raise to"). Old exports
  (2011) sometimes write an all-in call for less as "Raise $X" with X the chips added, below
  the bet faced: read as a call of X.
- "Post BB $X" with X = small + big blind is a missed-blinds post (BB live, SB dead);
  Merge's "Post DB $X" is the same when X covers both blinds, otherwise live chips.
- iPoker's "Total pot $X Rake $Y": X is the pot less the rake. Exports without
  "Uncalled:Y" in the first line (before 2018) count the uncalled bet in X and in the
  winner's "wins" line; with "Uncalled:Y" neither includes it. Merge v1 has no pot line and
  pays the uncalled bet inside "wins"; Merge v2 writes it as "wins $X (uncalled)".
  Where "wins" includes the uncalled bet, it is taken off the collection (the pot auditor
  works the uncalled bet out itself), and `Summary.total_pot` is stored as the whole pot
  the players built, uncalled bet excluded, rake included.
- Merge tournament stacks are printed after the hand's antes and blinds were taken: the
  posts are added back to give the starting stack.
- A seat listed in the betting with nothing after the colon ("Player8:") took no part in
  the hand: it is marked sitting out.
- "(REBUY) (ADDON)" after a seat's stack ("Seat 7: Player11 ($10.00 in chips) (REBUY)
  (ADDON)") is PokerTracker's copy of iPoker's `rebuy="1"` and `addon="1"` flags: no amount,
  and not the hand the chips come in (see `ipoker`), so not chips brought (`Seat.added`).

Line kinds (pt_ipoker and pt_merge, both read by `grammars/pt_ipoker.lark`; every line shape of
the corpus's files of these formats is one of them: the corpus gives no PA04 on them):

- HEADER: `<room> #<hand_id>( | |: )<rest>`: read. The 2013 archive export writes the game
  without its limit and a dash before the date (`GAME #4999408769: Omaha 50/100 - 2013-08-01
  22:16:18`, then "Server poker2.ipoker.com", "Hero: BB $100.00", "Raise to $800.00"): its
  Omaha hands are reported as a game not read (only Hold'em is); a Hold'em header without
  its limit is a parse error, and that export's other lines are kept unread (PA04: the rules
  abstain).
- TABLE: `Table <name>`: read
- SEAT: `Seat <seat>: <player> (<stack> in chips)<note>`: read
- POST: `<player>: Post <what><all_in> <amount>`: read
- HOLE_CARDS: `*** HOLE CARDS ***`: its place in the hand (no field read)
- DEALT: `Dealt to <player> [<cards>]`: read
- ACTION: `<player>: <act><nf>( <amount>)`: read
- IDLE: `<player>:`: read
- STREET: `*** <street> *** [<cards>]`: read
- SUMMARY: `*** SUMMARY ***`: its place in the hand (no field read)
- TOTAL_POT: `Total pot <total> Rake <rake>`: read
- SHOW: `<player>: <what> [<cards>]( <desc>)`: read
- WIN: `<player>: wins <amount><uncalled>`: read
- any other line: kept unread, a PA04 warning naming it; the hand is judged unless the line
  names a seated player first or shows a figure or a card (`common.unknown_may_matter`),
  where the rules abstain (`reads_unknown_lines`).
"""

from __future__ import annotations

import re
from typing import ClassVar

from ..model import (
    Act,
    DealEvent,
    Hand,
    Limit,
    Post,
    PostEvent,
    Seat,
    ShowEvent,
    StreetEvent,
    UncalledEvent,
)
from ..money import currency_of
from ._ptkit import Fields, PtFormat, cards, local_time, naive
from .base import LineError, UnsupportedGame
from .common import STREET_NAMES, game_code

# The game ends at the first run of spaces the limit follows; a run of spaces in it is taken
# whole (atomic: each of its spaces reaches the same word as its first), as are the spaces
# before a word and the stakes' two runs (what follows each is not of its run).
_REST = re.compile(
    r"(?:Version:(?P<ver>\S+) )?(?:Uncalled:(?P<unc>\S) )?(?P<game>.(?>[^\S\n]+|.)*?)\s++"
    r"(?:(?P<limit>NL|PL|FL|No Limit|Pot Limit|Fixed Limit|Limit|LIMIT)\s++)?"
    r"(?:(?P<tour>Tournament)|\(?(?P<low>[^\s/()]++)/(?P<high>[^\s/()]++)\)?)\s++(?:[|-]\s++)?"
    r"(?P<date>\d[\d/.-]+\d)[ -]+(?P<h>\d\d?):(?P<mi>\d\d):(?P<s>\d\d)"
    r"(?:/(?P<tz>[A-Za-z]+)| (?P<tz2>[A-Z]{2,4})\b)?"
)
_LIMITS = {
    "NL": Limit.NO_LIMIT, "No Limit": Limit.NO_LIMIT, "PL": Limit.POT_LIMIT,
    "Pot Limit": Limit.POT_LIMIT, "FL": Limit.FIXED_LIMIT, "Fixed Limit": Limit.FIXED_LIMIT,
    "Limit": Limit.FIXED_LIMIT, "LIMIT": Limit.FIXED_LIMIT,
}
_HOLDEM = {"texas hold'em", "holdem", "hold'em"}
# the name takes a run of ', <number>' whole (an ending inside the run has the same rest as
# one at its start, which is tried first): else each number of a long run read the rest again
_TOURNEY_TABLE = re.compile(
    r"(?P<name>(?:[^,\n]|,(?! \d)|(?:, \d++)++)*?), (?P<id>\d+)(?:, \d++)*+(?:, Seats (?P<max>\d+))? \(Tournament: .*")
_CASH_TABLE = re.compile(r"(?P<name>.*?)(?:, Seats (?P<max>\d+))?")
_ACTS = {"Fold": Act.FOLD, "Check": Act.CHECK}


class PtIPokerFormat(PtFormat):
    name = "pt_ipoker"
    reads_unknown_lines = True
    sites = ("iPoker",)
    grammar = "pt_ipoker"
    description = "iPoker network hands as PokerTracker exports them (GAME #...)"
    start: ClassVar[re.Pattern[str]] = re.compile(r"\s*\ufeff?GAME #\d+:? ")
    merge: ClassVar[bool] = False

    # ------------------------------------------------------------------ header and table
    def on_HEADER(self, hand: Hand, f: Fields, line: int) -> None:
        hand_id, rest = f[1] or "", f[2] or ""
        hand.hand_id = hand_id
        hand.implicit_uncalled = True
        m = _REST.match(rest)
        if m is None:
            raise LineError(line, 1, rest, "no game, stakes and date in the hand's first line")
        tour = bool(m.group("tour"))
        hand.kind = "tournament" if tour else "cash"
        low, high = m.group("low"), m.group("high")
        hand.currency = "" if tour else currency_of((low or "") + (high or ""))
        hand.scale = self.chip_scale if tour else 2
        date = m.group("date")
        parts = [int(p) for p in re.split(r"[/.-]", date)]
        if parts[0] > 31:
            y, mo, d = parts
        else:  # Merge: month/day/year
            mo, d, y = parts
        clock = (y, mo, d, int(m.group("h")), int(m.group("mi")), int(m.group("s")))
        hand.started_at, hand.tz = local_time(*clock, m.group("tz") or m.group("tz2") or "")
        if hand.started_at is None and not hand.tz:
            hand.local_time = naive(*clock)  # no zone written (`hhaudit.zones`)
        # "Uncalled:Y": the pot and the "wins" lines leave the uncalled bet out.
        self._uncalled_in_wins = m.group("unc") != "Y" and "Version:2" not in rest
        game = m.group("game").strip().lower()
        if game not in _HOLDEM:
            hand.variant = game or "unknown"
            raise UnsupportedGame(rest)
        if m.group("limit") is None:
            raise LineError(line, 1, rest, "no betting limit in the hand's first line")
        limit = _LIMITS[m.group("limit")]
        hand.limit = limit
        hand.game = game_code(limit)
        if not tour and low and high:
            a, b = self.amount(hand, low), self.amount(hand, high)
            if limit is Limit.FIXED_LIMIT:
                hand.small_bet, hand.big_bet = a, b
                hand.bb, hand.sb = a, a // 2
            else:
                hand.sb, hand.bb = a, b

    def on_TABLE(self, hand: Hand, f: Fields, line: int) -> None:
        text = f[0] or ""
        if hand.kind == "tournament":
            m = _TOURNEY_TABLE.fullmatch(text)
            if m is not None:
                hand.table_name = m.group("name")
                hand.tournament_id = m.group("id")
                hand.max_seats = int(m.group("max")) if m.group("max") else None
                return
        m = _CASH_TABLE.fullmatch(text)
        assert m is not None
        hand.table_name = m.group("name").strip()
        hand.max_seats = int(m.group("max")) if m.group("max") else None

    def on_SEAT(self, hand: Hand, f: Fields, line: int) -> None:
        seat, player, stack, note = int(f[0] or 0), f[1] or "", f[2], f[3] or ""
        hand.seats.append(Seat(seat, player, self.amount(hand, stack), False, line))
        if "DEALER" in note:
            hand.button_seat = seat

    # ------------------------------------------------------------------ posts
    def on_POST(self, hand: Hand, f: Fields, line: int) -> None:
        player, what, all_in, text = f[0] or "", f[1] or "", bool(f[2]), f[3]
        amount = self.amount(hand, text)
        seat = self.seat(hand, player)
        if self.merge and hand.kind == "tournament":
            self.seat_record(hand, seat).stack += amount
        both = hand.sb + hand.bb if hand.sb and hand.bb else 0
        if what == "Ante":
            hand.ante = max(hand.ante, amount)
            self.post(hand, line, seat, player, Post.ANTE, amount, 0, all_in)
        elif what == "SB":
            if self._posted(hand, Post.SMALL_BLIND):
                self.post(hand, line, seat, player, Post.DEAD, 0, amount, all_in)
            else:
                self.post(hand, line, seat, player, Post.SMALL_BLIND, amount, 0, all_in)
                if hand.kind == "tournament" and not hand.events[-1].all_in:  # type: ignore[union-attr]
                    hand.sb = amount
        elif what == "BB":
            if both and amount == both and self._posted(hand, Post.BIG_BLIND):
                self.post(hand, line, seat, player, Post.DEAD, hand.bb, hand.sb, all_in)
            else:
                first = not self._posted(hand, Post.BIG_BLIND)
                self.post(hand, line, seat, player, Post.BIG_BLIND, amount, 0, all_in)
                if hand.kind == "tournament" and first and not hand.events[-1].all_in:  # type: ignore[union-attr]
                    hand.bb = amount
        else:  # DB: dead blind(s); the part up to the big blind plays
            if both and amount >= both:
                self.post(hand, line, seat, player, Post.DEAD, hand.bb, amount - hand.bb, all_in)
            else:
                self.post(hand, line, seat, player, Post.DEAD, amount, 0, all_in)

    @staticmethod
    def _posted(hand: Hand, kind: Post) -> bool:
        return any(isinstance(e, PostEvent) and e.kind is kind for e in hand.events)

    def on_DEALT(self, hand: Hand, f: Fields, line: int) -> None:
        player = f[0] or ""
        hand.events.append(DealEvent(line, self.seat(hand, player), player, cards(f[1])))

    # ------------------------------------------------------------------ betting
    def on_ACTION(self, hand: Hand, f: Fields, line: int) -> None:
        player, verb, text = f[0] or "", f[1] or "", f[3]
        seat = self.seat(hand, player)
        if verb in _ACTS:
            self.act(hand, line, seat, player, _ACTS[verb])
            return
        amount = self.amount(hand, text)
        if verb == "Call":
            self.act(hand, line, seat, player, Act.CALL, amount=amount)
        elif verb == "Bet":
            self.act(hand, line, seat, player, Act.BET, amount=amount)
        elif verb == "Allin":
            self.put_in(hand, line, seat, player, amount, all_in=True)
        elif amount <= self.book.bet:
            # Not a street total (it would be below the bet already made): the chips added,
            # an all-in call for less.
            self.act(hand, line, seat, player, Act.CALL, amount=amount)
        else:
            self.act(hand, line, seat, player, Act.RAISE, to=amount)

    def on_IDLE(self, hand: Hand, f: Fields, line: int) -> None:
        self.seat_record(hand, self.seat(hand, f[0])).sitting_out = True

    def on_STREET(self, hand: Hand, f: Fields, line: int) -> None:
        new = cards(f[1])
        board: tuple[str, ...] = ()
        for e in reversed(hand.events):
            if isinstance(e, StreetEvent):
                board = e.board
                break
        self.street(hand, StreetEvent(line, STREET_NAMES[f[0] or ""], new, board + new))

    # ------------------------------------------------------------------ summary
    def on_TOTAL_POT(self, hand: Hand, f: Fields, line: int) -> None:
        hand.summary.line = line
        hand.summary.total_pot = self.amount(hand, f[0])
        hand.summary.rake = self.amount(hand, f[1])

    def on_SHOW(self, hand: Hand, f: Fields, line: int) -> None:
        player, what = f[0] or "", f[1]
        hand.events.append(
            ShowEvent(line, self.seat(hand, player), player, cards(f[2]), muck=what == "Mucks")
        )

    def on_WIN(self, hand: Hand, f: Fields, line: int) -> None:
        player, amount, uncalled = f[0] or "", self.amount(hand, f[1]), bool(f[2])
        if uncalled:
            hand.implicit_uncalled = False
            hand.events.append(UncalledEvent(line, self.seat(hand, player), player, amount))
        else:
            self.collect(hand, line, player, amount)

    def finish(self, hand: Hand) -> None:
        if hand.kind == "tournament":
            if hand.sb and hand.bb < hand.sb:
                hand.bb = 2 * hand.sb  # no full big blind posted (short all-in)
            if hand.bb and not hand.sb:
                hand.sb = hand.bb // 2
        self.mark_absent(hand)
        if self._uncalled_in_wins:
            uncalled = self.settle_uncalled(hand)
        else:
            self.book.close_street()
            uncalled = 0
        s = hand.summary
        if self.merge:
            self.infer_rake(hand)
        if s.total_pot is not None:
            s.total_pot = s.total_pot + (s.rake or 0) - uncalled

    def parse_hand(self, lines: list[str], first_line: int, source: str) -> Hand:
        self._uncalled_in_wins = True
        return super().parse_hand(lines, first_line, source)


class PtMergeFormat(PtIPokerFormat):
    name = "pt_merge"
    sites = ("Merge",)
    description = "Merge network hands as PokerTracker exports them (MERGE_GAME #..., Merge Game #...)"
    start: ClassVar[re.Pattern[str]] = re.compile(r"\s*\ufeff?(?:MERGE_GAME #[0-9-]+: |Merge Game #[0-9-]+ \| )")
    table_sequence: ClassVar[re.Pattern[str] | None] = re.compile(r"\d+-(\d+)")
    """`MERGE_GAME #53094604-134`: the table's id and the hand's number at the table."""
    merge = True


FORMATS = [PtIPokerFormat(), PtMergeFormat()]
