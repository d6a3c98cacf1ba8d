"""OnGame network hand histories ("***** History for hand R5-... *****").

Grammar: `grammars/ongame.lark`. OnGame writes raises as "raises $X to $Y" where X is the
chips the player put in with this action and Y the street total; calls and bets are the
chips put in. There are no uncalled-bet or show lines: shown cards are in the summary's
seat lines, and the pots with their (after-rake) payments in "Main pot"/"Side pot" lines.
Games: "TEXAS_HOLDEM", "OMAHA_HI", "OMAHA_HI_LO" (the table line's "(POT_LIMIT OMAHA_HI
€1/€1, Real money)"); a Hi/Lo pot's winners are listed on its line without their half.

Line kinds (ongame, `grammars/ongame.lark`; every line shape of the corpus's
files of this format is one of them: the corpus gives no PA04 on them):

- HEADER: `*{5} History for hand <hand_id>( (TOURNAMENT: <tournament>)) *{5}`: read
- START: `Start hand: <when>`: read
- TABLE: `Table: (><name> [<table_id>] (<limit> <game> )<stakes>(, ante: <ante>), <money>)`:
  read
- USER: `User: <player>`: its place in the hand (no field read)
- BUTTON: `Button: seat <seat>`: read
- PLAYERS: `Players in round: <count>( (<max>))`: read
- POST: `<player> posts <what> (<amount>)<all_in>`: read
- SEPARATOR: `---`: its place in the hand (no field read)
- DEALING: `Dealing pocket cards`: its place in the hand (no field read)
- DEALT: `Dealing to <player>: [<cards>]`: read
- ACTION: `<player> <act>( <a>( to <b>))<all_in>`: read
- STREET: `--- Dealing <street> [<cards>]`: read
- SUMMARY: `Summary:`: read
- POT: `(Main pot|Side pot <side>): <amount> won by <winners>`: read
- RAKE: `Rake taken: <amount>`: read
- SEAT: `Seat <seat>: <player> (<stack>)(, net: <net>)(, [<cards>]( (<desc>)))`: read
- END: `*{5} End of hand <hand_id> *{5}`: its place in the hand (no field read)
- any other line: kept unread, a PA04 warning naming it; the hand is judged unless the line
  names a seated player first or shows a figure or a card (`common.unknown_may_matter`),
  where the rules abstain (`reads_unknown_lines`).
"""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta, timezone
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
)
from ..money import currency_of, parse_amount
from .base import Fields, LineError, LineFormat, NotSeated, UnsupportedGame
from .common import ACT_VERBS, cards, game_code, omaha_of, set_omaha, to_utc, unknown_may_matter

_POSTS = {"small blind": Post.SMALL_BLIND, "big blind": Post.BIG_BLIND, "ante": Post.ANTE}
_STREETS = {"flop": Street.FLOP, "turn": Street.TURN, "river": Street.RIVER}
_LIMITS = {"NO_LIMIT": Limit.NO_LIMIT, "POT_LIMIT": Limit.POT_LIMIT, "LIMIT": Limit.FIXED_LIMIT}
_MONTHS = {m: i for i, m in enumerate(
    ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"), 1)}
_WHEN = re.compile(
    r"\w{3} (?P<mon>\w{3}) (?P<day>\d{1,2}) (?P<h>\d{1,2}):(?P<mi>\d{2}):(?P<s>\d{2}) "
    r"(?P<tz>GMT(?P<sign>[+-])(?P<oh>\d{2}):?(?P<om>\d{2})|[A-Z]{2,5}) (?P<y>\d{4})"
)
_WINNER = re.compile(r"(?P<player>.+?) \((?P<amount>[^()]*)\)(?:, |$)")
# from the first quote of a line only: where a later quote of the line starts a match, the
# first one does too, with the same name and id (linear when searched)
_TOURNAMENT = re.compile(r'(?<![^\n])[^"\n]*+"(?P<name>.*)", (?P<id>[A-Z]-[\d-]+)')


class OnGameFormat(LineFormat):
    name = "ongame"
    reads_unknown_lines = True

    def unknown_matters(self, hand: Hand, text: str) -> bool:
        return unknown_may_matter(hand, text)
    sites = ("OnGame",)
    grammar = "ongame"
    description = "OnGame network (and skins: Betfair, bwin, ...) text histories"
    start: ClassVar[re.Pattern[str]] = re.compile(r"\s*\ufeff?\*{5} History for hand [A-Z]\d*-")

    # ------------------------------------------------------------------ helpers
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
        raise NotSeated(player)

    # ------------------------------------------------------------------ header
    def on_HEADER(self, hand: Hand, f: Fields, line: int) -> None:
        hand.hand_id = f[0] or ""
        hand.implicit_uncalled = True
        tournament = f[1]
        if tournament is not None:
            hand.kind = "tournament"
            m = _TOURNAMENT.search(tournament)
            hand.tournament_id = m.group("id") if m else ""

    def on_START(self, hand: Hand, f: Fields, line: int) -> None:
        m = _WHEN.search(f[0] or "")
        if m is None:
            return
        local = datetime(int(m.group("y")), _MONTHS.get(m.group("mon"), 1), int(m.group("day")),
                         int(m.group("h")), int(m.group("mi")), int(m.group("s")))
        hand.tz = m.group("tz")
        if m.group("sign"):
            offset = timedelta(hours=int(m.group("oh")), minutes=int(m.group("om")))
            if m.group("sign") == "-":
                offset = -offset
            hand.started_at = local.replace(tzinfo=timezone(offset)).astimezone(UTC)
        else:
            hand.started_at, _ = to_utc(local.strftime("%Y/%m/%d %H:%M:%S ") + hand.tz)

    def on_TABLE(self, hand: Hand, f: Fields, line: int) -> None:
        name, limit, game, stakes, ante, money = f[0], f[2], f[3], f[4] or "", f[5], f[6] or ""
        hand.table_name = name or ""
        hand.variant = "holdem" if game == "TEXAS_HOLDEM" else (game or "unknown").lower()
        omaha = omaha_of(game or "") if hand.variant != "holdem" else None
        if omaha is not None:
            set_omaha(hand, *omaha)  # "OMAHA_HI", "OMAHA_HI_LO"
        lim = _LIMITS.get(limit or "")
        if hand.variant not in ("holdem", "omaha") or lim is None:
            raise UnsupportedGame(game)
        hand.limit = lim
        hand.game = game_code(lim)
        if hand.kind == "tournament" or money in ("TC", "Chips"):
            hand.kind = "tournament"
            hand.currency, hand.scale = "", 0
        else:
            hand.currency = "play" if money.lower().startswith("play") else (currency_of(stakes) or "USD")
            hand.scale = 2
        low, _, high = stakes.partition("/")
        if not high:
            raise LineError(line, 1, stakes, "no stakes in the table line")
        small, big = self.amount(hand, low), self.amount(hand, high)
        if lim is Limit.FIXED_LIMIT:
            hand.small_bet, hand.big_bet = small, big
            hand.bb, hand.sb = small, small // 2
        else:
            hand.sb, hand.bb = small, big
        if ante:
            hand.ante = self.amount(hand, ante)

    def on_BUTTON(self, hand: Hand, f: Fields, line: int) -> None:
        hand.button_seat = int(f[0] or 0)

    def on_PLAYERS(self, hand: Hand, f: Fields, line: int) -> None:
        if f[1]:
            hand.max_seats = int(f[1])

    def on_SEAT(self, hand: Hand, f: Fields, line: int) -> None:
        seat, player = int(f[0] or 0), f[1] or ""
        if hand.summary.line:  # a summary seat line: shown cards
            shown = cards(f[4])
            if shown:
                hand.events.append(ShowEvent(line, self.seat(hand, player), player, shown))
            return
        hand.seats.append(Seat(seat, player, self.amount(hand, f[2]), False, line))

    # ------------------------------------------------------------------ betting
    def on_POST(self, hand: Hand, f: Fields, line: int) -> None:
        player, what, amount, all_in = f[0] or "", f[1] or "", self.amount(hand, f[2]), bool(f[3])
        seat = self.seat(hand, player)
        if what == "dead blind":
            last = hand.events[-1] if hand.events else None
            if isinstance(last, PostEvent) and last.seat == seat and last.kind is Post.BIG_BLIND:
                # "posts big blind" then "posts dead blind": one missed-blinds post, the big
                # blind live and the small blind dead.
                hand.events[-1] = PostEvent(last.line, seat, player, Post.DEAD, last.amount, amount,
                                            last.all_in or all_in)
            else:
                hand.events.append(PostEvent(line, seat, player, Post.DEAD, 0, amount, all_in))
            return
        kind = _POSTS[what]
        if kind is Post.SMALL_BLIND and any(
            isinstance(e, PostEvent) and e.kind is Post.SMALL_BLIND for e in hand.events
        ):
            # OnGame calls a big blind posted all-in for less "small blind" ("posts small
            # blind (150) [all in]" at 125/250 after the real small blind): a second small
            # blind is the big blind.
            kind = Post.BIG_BLIND
        if kind is Post.ANTE:
            hand.ante = max(hand.ante, amount)
        elif hand.limit is Limit.FIXED_LIMIT and not all_in:
            if kind is Post.SMALL_BLIND:
                hand.sb = amount
            elif not any(isinstance(e, PostEvent) and e.kind is Post.BIG_BLIND for e in hand.events):
                hand.bb = amount
        hand.events.append(PostEvent(line, seat, player, kind, amount, 0, all_in))

    @staticmethod
    def _equal_blinds(hand: Hand) -> None:
        """A table whose blinds are equal ("$0.50/$0.50") names both posts "big blind": when
        the hand's first two blinds are "big blind" and the first is posted by the first
        seat after the button, that one is the small blind."""
        if hand.sb != hand.bb or hand.limit is Limit.FIXED_LIMIT:
            return
        blinds = [i for i, e in enumerate(hand.events)
                  if isinstance(e, PostEvent) and e.kind in (Post.SMALL_BLIND, Post.BIG_BLIND)]
        if len(blinds) < 2:
            return
        first, second = hand.events[blinds[0]], hand.events[blinds[1]]
        assert isinstance(first, PostEvent) and isinstance(second, PostEvent)
        if first.kind is not Post.BIG_BLIND or second.kind is not Post.BIG_BLIND:
            return
        button = hand.button_seat or 0
        seats = sorted(s.seat for s in hand.seats)
        after = [s for s in seats if s > button] + [s for s in seats if s <= button]
        if after and after[0] == first.seat:
            hand.events[blinds[0]] = PostEvent(first.line, first.seat, first.player, Post.SMALL_BLIND,
                                               first.amount, first.dead, first.all_in)

    def on_DEALT(self, hand: Hand, f: Fields, line: int) -> None:
        player = f[0] or ""
        hand.events.append(DealEvent(line, self.seat(hand, player), player, cards(f[1])))

    def on_ACTION(self, hand: Hand, f: Fields, line: int) -> None:
        player, act, a, b, all_in = f[0] or "", ACT_VERBS[f[1] or ""], f[2], f[3], bool(f[4])
        seat = self.seat(hand, player)
        if act is Act.RAISE:
            if b is None:
                raise ValueError("raise without a 'to' amount")
            hand.events.append(ActionEvent(line, seat, player, act, None, self.amount(hand, b), all_in))
        elif act in (Act.CALL, Act.BET):
            hand.events.append(ActionEvent(line, seat, player, act, self.amount(hand, a), None, all_in))
        else:
            hand.events.append(ActionEvent(line, seat, player, act))

    def on_STREET(self, hand: Hand, f: Fields, line: int) -> None:
        street, new = _STREETS[f[0] or ""], cards(f[1])
        board: tuple[str, ...] = ()
        for e in reversed(hand.events):
            if isinstance(e, StreetEvent):
                if e.street is street and e.cards == new:
                    return  # OnGame repeats the street line when the board is run out
                board = e.board
                break
        hand.events.append(StreetEvent(line, street, new, board + new))

    # ------------------------------------------------------------------ summary
    def on_SUMMARY(self, hand: Hand, f: Fields, line: int) -> None:
        hand.summary.line = line
        hand.summary.total_pot = 0

    def on_POT(self, hand: Hand, f: Fields, line: int) -> None:
        side, amount, winners = f[0], self.amount(hand, f[1]), f[2] or ""
        s = hand.summary
        s.total_pot = (s.total_pot or 0) + amount
        pot = int(side) if side else 0
        if side:
            s.side_pots.append(amount)
        else:
            s.main_pot = amount
        # each winner matched where the one before ended (searching for the next from there
        # would try every later start, each reading to the end of the line)
        pos = 0
        while pos < len(winners):
            m = _WINNER.match(winners, pos)
            if m is None:
                raise ValueError(f"cannot read the winners of the pot: {winners!r}")
            pos = m.end()
            player = m.group("player")
            hand.events.append(
                CollectEvent(line, self.seat(hand, player), player, self.amount(hand, m.group("amount")), pot)
            )

    def on_RAKE(self, hand: Hand, f: Fields, line: int) -> None:
        hand.summary.rake = self.amount(hand, f[0])

    def finish(self, hand: Hand) -> None:
        """Shown cards come from the summary, after the pots were paid: put the showdown
        (a SHOWDOWN street and the shows) before the first collection, where it happened."""
        self._equal_blinds(hand)
        shows = [e for e in hand.events if isinstance(e, ShowEvent)]
        if not shows:
            return
        rest = [e for e in hand.events if not isinstance(e, ShowEvent)]
        first = next((i for i, e in enumerate(rest) if isinstance(e, CollectEvent)), len(rest))
        showdown = StreetEvent(shows[0].line, Street.SHOWDOWN, (), ())
        hand.events = [*rest[:first], showdown, *shows, *rest[first:]]


FORMATS = [OnGameFormat()]
