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
- "X has left the table" during the hand: the site folds X's hand, without a fold line.
  The module emits that fold where X's turn comes (before the first later action by a
  seat that sits past X, going round from the previous actor, or before the next street,
  return or showdown), unless X has folded, is all-in, sits out, or acts again.
- "Total pot X | Rake R" lines before the summary are the side pots, one line per pot
  (sometimes written twice), each after its share of the rake; the summary's "Total pot"
  is the main pot after its rake; R is the whole hand's rake. The stated total pot is the
  sum of the pots (the pot after rake). A seat line pays one amount: a player who won a
  side pot and the main pot shows only the main pot ("won (2.49)"), so a side pot that no
  seat line pays goes to the one player the summary pays.
- Seats not dealt in: a listed seat with no post, no action and no cards ("Dealt to Hero
  []" is no cards) whose summary line is missing or "collected (0.00)" joined the table
  during the hand or waits for the big blind. Cash: marked sitting out; tournament: left
  out of the seats (the replay deals tournament seats that sit out in).
- "Seat #2684684 is the button" (no such seat): the button is left unknown; the replay
  places it before the small blind.

Line kinds (betonline, `grammars/betonline.lark`; every line shape of the corpus's
files of this format is one of them: the corpus gives no PA04 on them):

- HEADER: `<room> Game #<hand_id>: <rest>`: read
- TABLE: `Table '<name>'( <max>-Max,)( (<money>)) Seat #<button> is the button`: read
- SEAT: `Seat <seat>: <player> (<stack> in [Cc]hips)( - <note>)`: read
- ANTE: `<player>: ante processed <amount>`: read
- POST: `<player>: [Pp]osts <what> <amount>.`: read
- HOLE_CARDS: `*** HOLE CARDS ***`: read
- DEALT: `Dealt [Tt]o <player> [<cards>]`: read
- ACTION: `<player>: <verb>( <a>)( to <b>)<all_in>.`: read
- UNCALLED: `Uncalled bet (<amount>) returned to <player>`: read
- STREET: `*** <street> *** <cards>`: read
- SHOWDOWN: `*** SHOW ?DOWN ***`: read
- SHOWS: `(<player> )?shows <cards>`: read
- SUMMARY: `*** SUMMARY ***`: read
- TOTAL_POT: `Total [Pp]ot <total>( | Rake <rake>)`: read
- BOARD: `Board [<cards>]`: read
- SUMMARY_SEAT: `<text>`: read
- LEFT: `(<player> )?has left the table`: ignored: changes nothing
- MISC: `... joins the table at seat #N|... said "...|Tournament will start in a moment.|Joined
  table during game. History will only be recorded from the next hand.|...: sits out|... is
  sitting out|... has (dis|re)connected`: ignored: changes nothing
- any other line: kept unread, a PA04 warning naming it; the hand is judged unless the line
  names a seated player first or shows a figure or a card (`common.unknown_may_matter`),
  where the rules abstain (`reads_unknown_lines`).
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
from .base import Fields, LineError, LineFormat, NotSeated, UnsupportedGame
from .common import (
    ACT_VERBS,
    STREET_NAMES,
    bracket_groups,
    cards,
    game_code,
    game_of,
    summary_cards,
    to_utc,
    unknown_may_matter,
)

_SITES = {"BetOnline Poker": "BetOnline", "Gear Poker": "Gear Poker", "ActionPoker.com": "ActionPoker"}
_TOURNAMENT = re.compile(r"Tournament #(?P<id>\d+)")
# each blind is a whole run, tried from the run's first character only (a match from
# inside a run would start earlier with the same text)
_STAKES = re.compile(r"\(?\$?(?<![\d.,])(?P<sb>[\d.,]++)/\$?(?P<bb>[\d.,]++)\)?")
_ZONES = {"Eastern": "ET", "GMT": "BST", "Pacific": "PT", "Central": "CT", "Mountain": "MT"}
_ZONE = re.compile(r"(?P<zone>Eastern|GMT|Pacific|Central|Mountain) (?:Daylight|Standard) Time")
_BLIND_NOTE = r"(?:\((?:Small Blind|Big Blind|Button)\)\s+)?"
# A seat's summary: the name ends at the first space a verb follows, the summary at the next
# "Seat N: " or the end of the field (one line). Where a line break comes first, no later
# verb or seat of the line ends better: the line is taken at once and written off (`player`
# None), so that a line is read once, not once from each "Seat N: " and each verb.
_SEAT_LINE = re.compile(
    r"Seat \d+: (?:(?>(?P<player>.*?) (?P<rest>" + _BLIND_NOTE + r"(?:folded|showed|collected|mucked)"
    r"(?:(?! Seat \d+: )[^\n])*+))(?= Seat \d+: |$)|.*+)"
)
_PAYOUT = r"(?:showed \[[^\]]*\] and won|collected) \([\d.,]+\)"
_COLLECTED = r" " + _BLIND_NOTE + r"collected \([\d.,]+\)"
_SHOWED_UNPAID = (r" (?:\((?:Small Blind|Big Blind|Button)\)[^\S\n]+)?showed \["
                  r"(?:(?!" + _COLLECTED + r")[^\]\n])*+")
# A paid seat: the name ends at the first space a payout follows ("showed [..] and won (x)",
# "collected (x)"). Where a "showed [" is no payout, no "showed [" before the same "]" is
# one, so the name takes the text up to that "]" at once, stopping only where a "collected
# (x)" starts (or at a line break, which a name never crosses). Where no payout follows on
# the line, the line is taken and written off (`player` None).
_PAID = re.compile(
    r"Seat (?P<seat>\d+): (?:(?P<player>(?:(?! " + _BLIND_NOTE + _PAYOUT + r")(?:" + _SHOWED_UNPAID + r"|.))*+) "
    + _BLIND_NOTE + r"(?:showed \[[^\]]*\] and won|collected) \((?P<amount>[\d.,]+)\)|.*+)"
)


class BetOnlineFormat(LineFormat):
    name = "betonline"
    reads_unknown_lines = True

    def unknown_matters(self, hand: Hand, text: str) -> bool:
        return unknown_may_matter(hand, text)
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
        self._in_summary = False
        self._short_sb: set[int] = set()
        self._left: list[tuple[int, str]] = []
        self._pot_lines: list[tuple[int, int]] = []
        """(line, amount) of the "Total pot" lines before the summary: the side pots."""
        self._last_pot_line: int | None = None
        self._summary_pot = False
        self._summary_seats: dict[str, str] = {}
        self._summary_lines: list[tuple[str, str, int]] = []
        """Each summary seat's player, text and line, read for cards once seats are final."""
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
        raise NotSeated(player)

    # ------------------------------------------------------------------ header
    def on_HEADER(self, hand: Hand, f: Fields, line: int) -> None:
        hand.hand_id, rest = f[1] or "", f[2] or ""
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
        if kind is Post.SMALL_BLIND and any(s.seat == seat and s.stack == amount for s in hand.seats):
            self._short_sb.add(amount)  # the whole stack: an all-in small blind, maybe short
        (self._sb_posts if kind is Post.SMALL_BLIND else self._bb_posts).append(amount)
        hand.events.append(PostEvent(line, seat, player, kind, amount))

    def on_HOLE_CARDS(self, hand: Hand, f: Fields, line: int) -> None:
        # Tournament headers print the first level's blinds ("Hold'em $10.00/$20.00" at the
        # 15/30 and 100/400 levels too): the blinds posted give the level's stakes.
        if (not hand.bb or hand.kind == "tournament") and self._bb_posts:
            hand.bb = self._bb_posts[0]
            sb = self._sb_posts[0] if self._sb_posts else 0
            hand.sb = sb if sb and sb not in self._short_sb else hand.bb // 2

    def on_DEALT(self, hand: Hand, f: Fields, line: int) -> None:
        player = f[0] or ""
        seat = self.seat(hand, player)
        hole = cards(f[1])
        if hole:  # "Dealt to Hero []": no cards (joined during the hand, or sitting out)
            hand.events.append(DealEvent(line, seat, player, hole))

    def on_ACTION(self, hand: Hand, f: Fields, line: int) -> None:
        player, verb, a, b, all_in = f[0] or "", (f[1] or "").lower(), f[2], f[3], bool(f[4])
        seat = self.seat(hand, player)
        act = ACT_VERBS[verb]
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
        groups = bracket_groups(f[1])
        new = cards(groups[-1]) if groups else ()
        if f[0] == "FLOP" or len(groups) == 1 and len(new) > 1:
            self._board = list(new) if f[0] == "FLOP" else self._board + list(new)
        else:
            self._board.extend(new)
        hand.events.append(StreetEvent(line, STREET_NAMES[f[0] or ""], new, tuple(self._board)))

    def on_SHOWDOWN(self, hand: Hand, f: Fields, line: int) -> None:
        hand.events.append(StreetEvent(line, Street.SHOWDOWN, (), ()))

    def on_SHOWS(self, hand: Hand, f: Fields, line: int) -> None:
        player = f[0] or ""
        hand.events.append(ShowEvent(line, self.seat(hand, player), player, cards(f[1])))

    def on_LEFT(self, hand: Hand, f: Fields, line: int) -> None:
        if not self._in_summary:
            self._left.append((line, f[0] or ""))

    # ------------------------------------------------------------------ summary
    def on_SUMMARY(self, hand: Hand, f: Fields, line: int) -> None:
        self._in_summary = True

    def on_TOTAL_POT(self, hand: Hand, f: Fields, line: int) -> None:
        s = hand.summary
        amount = self.amount(hand, f[0])
        s.rake = self.amount(hand, f[1]) if f[1] else 0
        if not self._in_summary:
            # A side pot; the same line written twice in a row is one pot.
            if self._last_pot_line is None or self._last_pot_line != line - 1 \
                    or self._pot_lines[-1][1] != amount:
                self._pot_lines.append((line, amount))
            self._last_pot_line = line
            return
        if self._summary_pot:
            return  # the summary block written twice
        self._summary_pot = True
        s.line = line
        s.total_pot = amount + sum(a for _, a in self._pot_lines)

    def on_BOARD(self, hand: Hand, f: Fields, line: int) -> None:
        board = cards(f[0])
        if board:
            hand.summary.boards.append(board)

    def on_SUMMARY_SEAT(self, hand: Hand, f: Fields, line: int) -> None:
        text = f[0] or ""
        for m in _SEAT_LINE.finditer(text):
            if m.group("player") is None:
                continue
            self._summary_seats.setdefault(m.group("player"), m.group("rest"))
            self._summary_lines.append((m.group("player"), m.group("rest"), line))
        # One line may hold two seats ("Seat 8: P7 (Small Blind) Seat 9: P8 (Button)").
        for m in _PAID.finditer(text):
            if m.group("player") is None:
                continue
            amount = self.amount(hand, m.group("amount"))
            if amount:
                player = m.group("player")
                hand.events.append(CollectEvent(line, self.seat(hand, player), player, amount))

    def finish(self, hand: Hand) -> None:
        if not hand.bb:
            raise LineError(hand.line, 1, "", "no blinds posted and no stakes printed")
        if hand.button_seat is not None and all(s.seat != hand.button_seat for s in hand.seats):
            hand.button_seat = None
        self._not_dealt_in(hand)
        self._unpaid_side_pots(hand)
        self._table_direction(hand)
        self._departures(hand)
        for player, rest, line in self._summary_lines:
            seat = hand.seat_of(player)
            if seat is not None:
                summary_cards(hand, seat, rest, line)

    def _not_dealt_in(self, hand: Hand) -> None:
        busy = {getattr(e, "seat", None) for e in hand.events} - {None}
        out = set()
        for s in hand.seats:
            if s.seat in busy:
                continue
            rest = self._summary_seats.get(s.player)
            if rest is None or rest.startswith("collected (0.00)"):
                out.add(s.seat)
        if hand.kind == "tournament":
            hand.seats = [s for s in hand.seats if s.seat not in out]
        else:
            for s in hand.seats:
                if s.seat in out:
                    s.sitting_out = True

    def _unpaid_side_pots(self, hand: Hand) -> None:
        if not self._pot_lines:
            return
        collects = [e for e in hand.events if isinstance(e, CollectEvent)]
        paid = [e.amount for e in collects]
        unpaid = []
        for line, amount in self._pot_lines:
            if amount in paid:
                paid.remove(amount)
            else:
                unpaid.append((line, amount))
        winners = {(e.seat, e.player) for e in collects}
        if unpaid and len(winners) == 1:
            seat, player = next(iter(winners))
            for line, amount in unpaid:
                hand.events.append(CollectEvent(line, seat, player, amount))

    def _departures(self, hand: Hand) -> None:
        """Folds for the players who left the table during the hand (see the docstring)."""
        if not self._left:
            return
        seats = {s.player: s for s in hand.seats}
        order = sorted(s.seat for s in hand.seats)
        bb = next((e.seat for e in hand.events if isinstance(e, PostEvent) and e.kind is Post.BIG_BLIND), None)

        def between(prev: int | None, actor: int, seat: int) -> bool:
            if prev is None or prev not in order or actor not in order:
                return False
            i = order.index(prev)
            for k in range(1, len(order)):
                s = order[(i + k) % len(order)]
                if s == actor:
                    return False
                if s == seat:
                    return True
            return False

        for left_line, player in self._left:
            s = seats.get(player)
            if s is None or s.sitting_out:
                continue
            events = hand.events
            done = any(isinstance(e, ActionEvent) and e.seat == s.seat and e.line < left_line
                       and (e.act is Act.FOLD or e.all_in) for e in events)
            if done:
                continue
            prev: int | None = bb
            at: int | None = None
            for i, e in enumerate(events):
                if isinstance(e, StreetEvent):
                    if e.line > left_line:
                        at = i
                        break
                    prev = hand.button_seat
                elif isinstance(e, ActionEvent):
                    if e.line > left_line:
                        if e.seat == s.seat:
                            break  # the player acts again: no fold
                        if between(prev, e.seat, s.seat):
                            at = i
                            break
                    prev = e.seat
                elif isinstance(e, (UncalledEvent, ShowEvent, CollectEvent)) and e.line > left_line:
                    at = i
                    break
            if at is not None:
                events.insert(at, ActionEvent(left_line, s.seat, s.player, Act.FOLD))

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
        hand.events = [e if isinstance(e, StreetEvent) or e.seat is None else replace(e, seat=mirror(e.seat))
                       for e in hand.events]


FORMATS = [BetOnlineFormat()]
