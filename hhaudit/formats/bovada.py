"""Bovada, Ignition and Bodog hand histories.

Grammar: `grammars/bovada.lark`. The site anonymises players: each seat's position label
("Dealer", "Small Blind", "UTG+1", ...) is the player's name for the hand, and the hero's
label carries a "[ME]" marker that the grammar keeps out of the name.

What the site leaves implicit and this module works out:
- Stakes: cash headers print none. The blinds posted give sb/bb (a Fixed Limit big blind is
  the small bet); tournament headers print the level's blinds; MVS exports print a
  "Table Info" line with the stakes.
- "All-in X" is the chips added, with no word of whether it bets, calls or raises: the
  module tracks each seat's street commitment to tell. Before the hole cards, an all-in is
  a blind or an ante (an ante when the hand has antes and that seat has not posted one).
- The button: the seat labelled "Dealer"; without one (MVS exports) the "Set dealer [N]"
  seat.
- Seat order: tournament tables may print seat numbers that are not in table order
  ("Seat 1243", "Seat 94", ...), while the seats are listed clockwise; such hands get their
  seats renumbered 1..n in the listed order (the replay goes round in ascending seat order).
- Old layout (2012) streets: "Card dealt to table [..]" lines, numbered by board size.
  Some 2012 hands write no street line at all: the board is only in the summary ("Board
  [Kd 9s 5c  ]") and the betting runs on ("Small Blind : Bets $2" after the pre-flop round
  was closed). When a hand has no street line, the module tracks the betting round (seats
  dealt in, folded, all-in, who acted since the last bet) and, at the first action after a
  closed round, emits the next street with its cards from the summary board; at the
  showdown (two or more seats left) the rest of the summary board is dealt. A street the
  summary board does not hold is not invented (the audit then sees the action after the
  closed round).
- Lines written several times in a row (corrupted exports repeat "Bets 136", "Hand Result
  1588", "Return uncalled portion of bet 135" up to 16 times): a seat cannot act, win the
  same pot or get the same bet back twice running, so the copies are one line.
- "Showdown [..]" prints the best five cards; the ShowEvent carries the hole cards dealt
  to that seat ("Card dealt to a spot") when the log gave them.

Line kinds (bovada, `grammars/bovada.lark`; every line shape of the corpus's
files of this format is one of them: the corpus gives no PA04 on them):

- HEADER: `<room> Hand #C<hand_id>: <rest>`: read
- TABLE_INFO: `Table Info: <info>`: read
- PLAYER_INFO: `Player Info: ...`: its place in the hand (no field read)
- SEAT: `Seat <seat>: <player>( [ME]) (<stack> in chips)`: read
- DEALER: `(<player>( [ME]) : )?Set dealer(/Bring in spot)( [<button>])`: read
- POST: `<player>( [ME]) : <what> <amount>`: read
- HOLE_CARDS: `*** HOLE CARDS ***`: read
- DEALT: `<player>( [ME]) : Card dealt to a spot [<cards>]`: read
- ACTION: `<player>( [ME]) : <verb><note>( <a>( to <b>))`: read
- FOLD_SHOW: `<player>( [ME]) : Folds & [Ss]hows [<cards>]( ShowN [<shown>])`: read
- UNCALLED: `<player>( [ME]) : Return uncalled portion of bet <amount>`: read
- STREET: `*** <street> *** <cards>`: read
- TABLE_CARDS: `Card (dealt )?to (the )?table [<cards>]`: read
- SHOW: `<player>( [ME]) : Showdown ([<cards>]) ((<desc>))`: read
- MUCK: `<player>( [ME]) : Mucks [<cards>]( (<desc>))`: read
- NO_SHOW: `<player>( [ME]) : Does not show( [<cards>])( ShowN [<shown>])( (<desc>))`: read
- RESULT: `<player>( [ME]) : Hand [Rr]esult<side> <amount>`: read
- SUMMARY: `*** SUMMARY ***`: read
- TOTAL_POT: `Total Pot(<total>)( | Rake (<rake>))<extra>`: read
- BOARD: `Board [<cards>]`: read
- SUMMARY_SEAT: `Seat[ ]?N:...`: its place in the hand (no field read)
- MISC: `Table deposit ...|(. : )(Seat sit out|Sit out|Seat re-join|Re-join|Seat
  stand|Stand|Seat sit down|Table enter user|Table leave user|Enter(Auto)|Leave(Auto)|Sitout
  (wait for bb)|Ranking N|Prize Cash [[^[]*(<=])|Prize Tournament Ticket [[^[]*(<=])|BOUNTY
  PRIZE [[^[]*(<=])|Draw for dealer [[^[]*(<=])|Seating Info: ...)`: ignored: changes nothing
- BROUGHT: `<player>( [ME]) : (Rebuyin|Double rebuys|Addon|Table deposit) <chips>`: ignored:
  changes nothing
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
    STREET_NAMES,
    bracket_groups,
    cards,
    chips_between_hands,
    game_code,
    set_omaha,
    to_utc,
    unknown_may_matter,
)

_GAME = re.compile(r"\b(?P<game>HOLDEM|OMAHA HiLo|OMAHA_HL|OMAHA|7CARD HiLo|7CARD_HL|7CARD)(?P<zone>ZonePoker)?\b")
_LIMIT = re.compile(r"(No Limit|Pot Limit|Fixed Limit)")
_TOURNAMENT = re.compile(r"Tournament #(?P<id>[\w-]+)")
_TABLE = re.compile(r"(?:TBL|Zone Poker ID)#(?P<table>[\w-]+)")
_LEVEL = re.compile(r"Level \d+ \((?P<sb>[\d,.]+)/(?P<bb>[\d,.]+)\)")
_INFO_STAKES = re.compile(r"Stakes: (?P<sb>\$?[\d,.]+)-(?P<bb>\$?[\d,.]+)")
_BY_BOARD = {3: Street.FLOP, 4: Street.TURN, 5: Street.RIVER}
_POSTS = {
    "ante/small blind": Post.SMALL_BLIND,
    "small blind": Post.SMALL_BLIND,
    "big blind/bring in": Post.BIG_BLIND,
    "big blind": Post.BIG_BLIND,
    "ante chip": Post.ANTE,
    "posts chip": Post.BIG_BLIND,
}
_LABEL_ORDER = re.compile(r"UTG(?:\+(\d+))?")


class _Street:
    """Per-street commitments, to classify "All-in X" lines."""

    __slots__ = ("acted", "bets", "current")

    def __init__(self) -> None:
        self.bets: dict[int, int] = {}
        self.current = 0
        self.acted: set[int] = set()

    def add(self, seat: int, chips: int) -> int:
        total = self.bets.get(seat, 0) + chips
        self.bets[seat] = total
        if total > self.current:
            self.current = total
        return total

    def set_to(self, seat: int, to: int) -> None:
        self.bets[seat] = to
        if to > self.current:
            self.current = to


_BODY_LINE = re.compile(r"\*\*\* |.*? : ")
"""A line of a hand's body (a street, or a "LABEL : ..." line), which never follows the summary."""


class BovadaFormat(LineFormat):
    name = "bovada"
    reads_unknown_lines = True

    def unknown_matters(self, hand: Hand, text: str) -> bool:
        return unknown_may_matter(hand, text)

    def unknown_line(self, hand: Hand, f: Fields, line: int) -> None:
        text = (f[0] or "").strip()
        if self._after_summary and _BODY_LINE.match(text):
            # Bovada writes only the pot, the board and seat lines after "*** SUMMARY ***": a
            # street or a "LABEL : ..." line there is the next hand's body run in without its
            # header (a damaged file), not a line kind of the site
            raise LineError(line, 1, text, "no line of this format reads like this after the summary: "
                            "the next hand's lines run in without its header (a damaged file)")
        super().unknown_line(hand, f, line)

    def on_SUMMARY(self, hand: Hand, f: Fields, line: int) -> None:
        self._after_summary = True
    sites = ("Bovada/Ignition",)
    grammar = "bovada"
    description = "Bovada, Ignition and Bodog (anonymised seats, Zone Poker, tournaments)"
    start: ClassVar[re.Pattern[str]] = re.compile(
        r"\s*\ufeff?(?:Bovada|Ignition|Bodog(?:\.eu|\.com| UK| Canada|88)?) Hand #C?\d+"
    )

    # ------------------------------------------------------------------ per-hand state
    def parse_hand(self, lines: list[str], first_line: int, source: str) -> Hand:
        self._street = _Street()
        self._setup = True
        self._after_summary = False
        self._dealt: dict[int, tuple[str, ...]] = {}
        self._dealer_index: int | None = None
        self._board: list[str] = []
        self._bb_posts: list[tuple[int, bool]] = []
        self._sb_posts: list[tuple[int, bool]] = []
        self._ante_seats: set[int] = set()
        self._side_lines: set[int] = set()
        self._dead = 0
        """Chips in the pot outside the current street's bets (antes, dead blinds, and the
        bets of the streets before)."""
        self._pending: list[tuple[int, int, str, int, int]] = []
        self._last_action: tuple[str | None, ...] | None = None
        self._last_event: object = None
        self._folded: set[int] = set()
        self._all_in: set[int] = set()
        self._explicit_streets = False
        self._implied: list[StreetEvent] = []
        """Streets inferred from the betting (no street line in the hand), cards to come
        from the summary board."""
        self._no_street_lines = not any(t.startswith(("*** FLOP", "*** TURN", "*** RIVER")) or "to table [" in t
                                        or "to the table [" in t for t in lines)
        return super().parse_hand(lines, first_line, source)

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

    # ------------------------------------------------------------------ header and seats
    def on_HEADER(self, hand: Hand, f: Fields, line: int) -> None:
        hand_id, rest = f[1] or "", f[2] or ""
        hand.hand_id = hand_id
        hand.site = "Bovada/Ignition"
        t = _TOURNAMENT.search(rest)
        hand.kind = "tournament" if t else "cash"
        hand.tournament_id = t.group("id") if t else ""
        hand.currency = "" if t else "USD"
        hand.scale = 0 if t else 2
        table = _TABLE.search(rest)
        hand.table_name = table.group("table") if table else ""
        if table and "Zone" in table.group(0):
            hand.table_name = "Zone Poker " + table.group("table")
        hand.started_at, hand.tz = to_utc(rest.rsplit(" - ", 1)[-1], "ET")
        game = _GAME.search(rest)
        name = game.group("game") if game is not None else ""
        if name not in ("HOLDEM", "OMAHA", "OMAHA HiLo", "OMAHA_HL"):
            raise UnsupportedGame(rest)
        if name == "HOLDEM":
            hand.variant = "holdem"
        else:
            set_omaha(hand, 4, name != "OMAHA")  # "OMAHA", "OMAHA HiLo" (cash), "OMAHA_HL"
        lim = _LIMIT.search(rest)
        text = lim.group(1) if lim else "No Limit"  # tournaments: "Normal-", "Turbo-": NL
        hand.limit = {"No Limit": Limit.NO_LIMIT, "Pot Limit": Limit.POT_LIMIT,
                      "Fixed Limit": Limit.FIXED_LIMIT}[text]
        hand.game = game_code(hand.limit, hand.variant, hand.hole_cards, hand.hilo)
        level = _LEVEL.search(rest)
        if level is not None:
            self._stakes(hand, parse_amount(level.group("sb"), hand.scale),
                         parse_amount(level.group("bb"), hand.scale))

    @staticmethod
    def _stakes(hand: Hand, sb: int, bb: int) -> None:
        hand.sb, hand.bb = sb, bb
        if hand.limit is Limit.FIXED_LIMIT:
            hand.small_bet, hand.big_bet = bb, 2 * bb

    def on_TABLE_INFO(self, hand: Hand, f: Fields, line: int) -> None:
        m = _INFO_STAKES.search(f[0] or "")
        if m is not None and not hand.bb:
            self._stakes(hand, parse_amount(m.group("sb"), hand.scale),
                         parse_amount(m.group("bb"), hand.scale))

    def on_SEAT(self, hand: Hand, f: Fields, line: int) -> None:
        seat, player, stack = int(f[0] or 0), f[1] or "", f[2]
        if any(s.player == player for s in hand.seats):
            raise ValueError(f"two seats named {player!r}")
        hand.seats.append(Seat(seat, player, self.amount(hand, stack), False, line))

    def on_DEALER(self, hand: Hand, f: Fields, line: int) -> None:
        if self._dealer_index is None and f[1]:
            self._dealer_index = int(f[1])
        self._renumber(hand)

    def _renumber(self, hand: Hand) -> None:
        """Seats printed out of table order get 1..n in the listed (clockwise) order."""
        numbers = [s.seat for s in hand.seats]
        if all(a < b for a, b in zip(numbers, numbers[1:])):
            return
        for i, s in enumerate(hand.seats, 1):
            s.seat = i

    # ------------------------------------------------------------------ posts
    def on_POST(self, hand: Hand, f: Fields, line: int) -> None:
        player, what, amount = f[0] or "", (f[1] or "").lower(), self.amount(hand, f[2])
        self._renumber(hand)
        seat = self.seat(hand, player)
        key = ("post", player, what, f[2], None)
        if key == self._last_action and hand.events and hand.events[-1] is self._last_event:
            return  # the same post line written twice in a row (see on_ACTION)
        self._last_action = key
        self._post_line(hand, seat, player, what, amount, line)
        self._last_event = hand.events[-1] if hand.events else None

    def _post_line(self, hand: Hand, seat: int, player: str, what: str, amount: int,
                   line: int) -> None:
        if what == "posts dead chip":
            # Missed blinds: a live big blind and the small blind dead.
            bb = hand.bb or next((a for a, all_in in self._bb_posts if not all_in), 0)
            live = min(amount, bb) if bb else amount
            hand.events.append(PostEvent(line, seat, player, Post.DEAD, live, amount - live))
            self._street.add(seat, live)
            self._dead += amount - live
            return
        kind = _POSTS[what]
        self._post(hand, seat, player, kind, amount, False, line)

    def _post(self, hand: Hand, seat: int, player: str, kind: Post, amount: int, all_in: bool,
              line: int) -> PostEvent:
        if kind is Post.ANTE:
            self._dead += amount
            self._ante_seats.add(seat)
            if not all_in:
                hand.ante = max(hand.ante, amount)
        else:
            self._street.add(seat, amount)
            if kind is Post.SMALL_BLIND:
                self._sb_posts.append((amount, all_in))
            elif kind is Post.BIG_BLIND:
                self._bb_posts.append((amount, all_in))
        event = PostEvent(line, seat, player, kind, amount, 0, all_in)
        if all_in:
            self._all_in.add(seat)
        if not self._setup or not all_in:
            hand.events.append(event)
        return event

    def on_BROUGHT(self, hand: Hand, f: Fields, line: int) -> None:
        """A rebuy, add-on or deposit. Written after the hole cards, it plays from the next
        hand (`Seat.added`); written before them (a tournament's "Rebuyin 1500" after "Table
        enter user"), it is in the hand's start stack already (1,500 + 1,500 = "3,000 in
        chips"), and the hand before is not known by name (positions name the players)."""
        if not self._setup:
            chips_between_hands(hand, f[0] or "", self.amount(hand, f[1]))

    def on_HOLE_CARDS(self, hand: Hand, f: Fields, line: int) -> None:
        self._renumber(hand)
        self._resolve_all_in_posts(hand)
        self._setup = False
        if hand.kind == "cash" or not hand.bb:
            self._stakes_from_posts(hand)

    def _stakes_from_posts(self, hand: Hand) -> None:
        if hand.bb:
            return
        full_bb = [a for a, all_in in self._bb_posts if not all_in]
        full_sb = [a for a, all_in in self._sb_posts if not all_in]
        sb = full_sb[0] if full_sb else 0
        if full_bb:
            bb = full_bb[0]
        elif self._bb_posts:
            bb = max(max(a for a, _ in self._bb_posts), 2 * sb)
        else:
            bb = 2 * sb
        if not sb:
            sb = bb // 2
        if bb:
            self._stakes(hand, sb, bb)

    def on_DEALT(self, hand: Hand, f: Fields, line: int) -> None:
        player = f[0] or ""
        seat = self.seat(hand, player)
        hole = cards(f[1])
        self._dealt[seat] = hole
        hand.events.append(DealEvent(line, seat, player, hole))

    # ------------------------------------------------------------------ betting
    def on_ACTION(self, hand: Hand, f: Fields, line: int) -> None:
        player, verb, note, a, b = f[0] or "", f[1] or "", f[2] or "", f[3], f[4]
        self._renumber(hand)
        seat = self.seat(hand, player)
        street = self._street
        key = (player, verb, note, a, b)
        if key == self._last_action and hand.events and hand.events[-1] is self._last_event \
                and not (self._no_street_lines and self._round_closed()):
            # The site sometimes writes one action line several times in a row (up to 16
            # copies of "Dealer : Raises 450 to 450"); a seat cannot act twice running within
            # a round, so the copies are the same action. In a hand without street lines the
            # big blind's check closing the pre-flop round and its check opening the flop
            # are two lines alike.
            return
        self._last_action = key
        if self._setup:
            if verb != "All-in" or a is None:
                raise ValueError(f"{verb} before the hole cards are dealt")
            # Blind or ante: decided at the hole cards, once every ante line is known.
            self._pending.append((len(hand.events), seat, player, self.amount(hand, a), line))
            hand.events.append(ActionEvent(line, seat, player, Act.FOLD))  # placeholder
            return
        self._implied_street_if_closed(hand, line)
        street = self._street
        if verb in ("Folds", "Fold"):
            hand.events.append(ActionEvent(line, seat, player, Act.FOLD))
        elif verb == "Checks":
            hand.events.append(ActionEvent(line, seat, player, Act.CHECK))
        elif verb in ("Calls", "Call"):
            chips = self.amount(hand, a)
            street.add(seat, chips)
            hand.events.append(ActionEvent(line, seat, player, Act.CALL, chips))
        elif verb == "Bets":
            chips = self.amount(hand, a)
            street.add(seat, chips)
            hand.events.append(ActionEvent(line, seat, player, Act.BET, chips))
        elif verb == "Raises" or note.startswith("(raise"):
            # "Raises $X to $Y": X added, Y the street total; old layout "Raises $Y".
            to = self.amount(hand, b if b is not None else a)
            all_in = verb == "All-in"
            if street.current == 0:
                # An all-in "raise" that opens the betting of a street is a bet.
                street.set_to(seat, to)
                hand.events.append(ActionEvent(line, seat, player, Act.BET, to, None, all_in))
            else:
                street.set_to(seat, to)
                hand.events.append(ActionEvent(line, seat, player, Act.RAISE, None, to, all_in))
        else:  # "All-in X": X is the chips added
            chips = self.amount(hand, a)
            before = street.current
            total = street.add(seat, chips)
            if before == 0:
                hand.events.append(ActionEvent(line, seat, player, Act.BET, chips, None, True))
            elif total <= before:
                hand.events.append(ActionEvent(line, seat, player, Act.CALL, chips, None, True))
            else:
                hand.events.append(ActionEvent(line, seat, player, Act.RAISE, None, total, True))
        event = hand.events[-1]
        assert isinstance(event, ActionEvent)
        self._acted(seat, event)
        self._last_event = event

    # ------------------------------------------------------------------ streets the log omits
    def _acted(self, seat: int, event: ActionEvent) -> None:
        street = self._street
        if event.act is Act.FOLD:
            self._folded.add(seat)
        elif event.act in (Act.BET, Act.RAISE) and street.bets.get(seat, 0) >= street.current:
            street.acted = set()
        if event.all_in:
            self._all_in.add(seat)
        street.acted.add(seat)

    def _in_hand(self) -> set[int]:
        return set(self._dealt) - self._folded

    def _round_closed(self) -> bool:
        """In a hand that writes no street lines: every seat still in has acted on this
        round and matched its bet (the next action is the next street's)."""
        if self._explicit_streets or not self._dealt or len(self._implied) >= 3:
            return False
        in_hand = self._in_hand()
        live = in_hand - self._all_in
        street = self._street
        if len(in_hand) < 2 or not live:
            return False
        return all(s in street.acted and street.bets.get(s, 0) >= street.current for s in live)

    def _implied_street_if_closed(self, hand: Hand, line: int) -> None:
        """An action after a closed betting round, in a hand that writes no street lines:
        the next street was dealt before it."""
        if self._round_closed():
            self._implied_street(hand, line)

    def _implied_street(self, hand: Hand, line: int) -> None:
        street = (Street.FLOP, Street.TURN, Street.RIVER)[len(self._implied)]
        event = StreetEvent(line, street, (), ())
        self._implied.append(event)
        self._dead += sum(self._street.bets.values())
        self._street = _Street()
        hand.events.append(event)

    def _implied_showdown(self, hand: Hand, line: int) -> None:
        """The showdown of a hand without street lines: the rest of the board was dealt."""
        if self._explicit_streets or not self._dealt or len(self._in_hand()) < 2:
            return
        while len(self._implied) < 3:
            self._implied_street(hand, line)

    def _fill_implied_streets(self, hand: Hand) -> None:
        if not self._implied:
            return
        implied = {id(e) for e in self._implied}
        board = hand.summary.boards[0] if hand.summary.boards and not self._explicit_streets else ()
        filled: dict[int, StreetEvent] = {}
        for k, e in enumerate(self._implied):
            lo, hi = ((0, 3), (3, 4), (4, 5))[k]
            if len(board) >= hi:
                filled[id(e)] = replace(e, cards=tuple(board[lo:hi]), board=tuple(board[:hi]))
        hand.events = [filled.get(id(e), e) for e in hand.events
                       if id(e) not in implied or id(e) in filled]

    def _resolve_all_in_posts(self, hand: Hand) -> None:
        """An all-in before the hole cards is an ante when the hand has antes and the seat
        posted none; otherwise the blind of its position."""
        has_antes = bool(self._ante_seats)
        for index, seat, player, amount, line in self._pending:
            if has_antes and seat not in self._ante_seats:
                kind = Post.ANTE
            elif player == "Small Blind" or (player == "Dealer" and len(hand.seats) == 2):
                kind = Post.SMALL_BLIND
            else:
                kind = Post.BIG_BLIND
            event = self._post(hand, seat, player, kind, amount, True, line)
            hand.events[index] = event
        self._pending.clear()

    def on_FOLD_SHOW(self, hand: Hand, f: Fields, line: int) -> None:
        player = f[0] or ""
        seat = self.seat(hand, player)
        self._implied_street_if_closed(hand, line)
        hand.events.append(ActionEvent(line, seat, player, Act.FOLD))
        self._folded.add(seat)
        shown = cards(f[2]) if f[2] else cards(f[1])
        hand.events.append(ShowEvent(line, seat, player, shown))

    def _repeated(self, hand: Hand, key: tuple[str | None, ...]) -> bool:
        """The same line as the one just read (see on_ACTION)."""
        if key == self._last_action and hand.events and hand.events[-1] is self._last_event:
            return True
        self._last_action = key
        return False

    def on_UNCALLED(self, hand: Hand, f: Fields, line: int) -> None:
        player = f[0] or ""
        if self._repeated(hand, ("uncalled", player, f[1])):
            return
        hand.events.append(UncalledEvent(line, self.seat(hand, player), player, self.amount(hand, f[1])))
        self._last_event = hand.events[-1]

    # ------------------------------------------------------------------ streets
    def _new_street(self, hand: Hand, street: Street, new: tuple[str, ...], line: int) -> None:
        self._explicit_streets = True
        self._board.extend(new)
        self._dead += sum(self._street.bets.values())
        self._street = _Street()
        hand.events.append(StreetEvent(line, street, new, tuple(self._board)))

    def on_STREET(self, hand: Hand, f: Fields, line: int) -> None:
        groups = bracket_groups(f[1])
        new = cards(groups[-1]) if groups else ()
        self._new_street(hand, STREET_NAMES[f[0] or ""], new, line)

    def on_TABLE_CARDS(self, hand: Hand, f: Fields, line: int) -> None:
        new = cards(f[0])
        street = _BY_BOARD.get(len(self._board) + len(new))
        if street is None:
            raise ValueError(f"{len(self._board) + len(new)} board cards")
        self._new_street(hand, street, new, line)

    # ------------------------------------------------------------------ showdown and pots
    def on_SHOW(self, hand: Hand, f: Fields, line: int) -> None:
        player = f[0] or ""
        seat = self.seat(hand, player)
        self._implied_showdown(hand, line)
        hand.events.append(ShowEvent(line, seat, player, self._dealt.get(seat, ())))

    def on_MUCK(self, hand: Hand, f: Fields, line: int) -> None:
        player = f[0] or ""
        seat = self.seat(hand, player)
        self._implied_showdown(hand, line)
        hand.events.append(ShowEvent(line, seat, player, cards(f[1]) or self._dealt.get(seat, ()), muck=True))

    def on_NO_SHOW(self, hand: Hand, f: Fields, line: int) -> None:
        player = f[0] or ""
        seat = self.seat(hand, player)
        self._implied_showdown(hand, line)
        hand.events.append(ShowEvent(line, seat, player, cards(f[2]), muck=True))

    def on_RESULT(self, hand: Hand, f: Fields, line: int) -> None:
        player, side = f[0] or "", f[1]
        if self._repeated(hand, ("result", player, side, f[2])):
            return
        self._implied_showdown(hand, line)
        # "Hand result" pays the main pot (the only pot unless side pots are paid too);
        # "Hand result-Side pot" does not say which side pot.
        hand.events.append(
            CollectEvent(line, self.seat(hand, player), player, self.amount(hand, f[2]), None)
        )
        if side:
            self._side_lines.add(line)
        self._last_event = hand.events[-1]

    # ------------------------------------------------------------------ summary
    def on_TOTAL_POT(self, hand: Hand, f: Fields, line: int) -> None:
        s = hand.summary
        s.line = line
        s.total_pot = self.amount(hand, f[0])
        # Later layouts print no rake: the pot is stated before the rake is taken.
        s.rake = self.amount(hand, f[1]) if f[1] else (0 if hand.kind == "tournament" else None)

    def on_BOARD(self, hand: Hand, f: Fields, line: int) -> None:
        board = cards(f[0])
        if board:
            hand.summary.boards.append(board)

    def finish(self, hand: Hand) -> None:
        self._fill_implied_streets(hand)
        dealer = next((s for s in hand.seats if s.player == "Dealer"), None)
        if dealer is not None:
            hand.button_seat = dealer.seat
        elif self._dealer_index is not None:
            hand.button_seat = self._dealer_index
        if not hand.bb:
            self._stakes_from_posts(hand)
        if not hand.bb:
            raise LineError(hand.line, 1, "", "no blinds posted and no stakes printed")
        # Seats that were listed but neither posted, were dealt, nor acted sat out.
        active = {e.seat for e in hand.events if hasattr(e, "seat")}
        for s in hand.seats:
            if s.seat not in active:
                s.sitting_out = True
        # Blinds won uncalled: the old layout keeps the uncalled part in the pot and
        # writes no "Return uncalled portion of bet" line.
        hand.implicit_uncalled = not any(isinstance(e, UncalledEvent) for e in hand.events)
        summary = hand.summary
        if summary.rake is None and hand.kind == "cash":
            # Later cash layouts print no rake (Zone Poker: not even the pot): the rake is
            # what the pot kept after the payouts. A negative one is left unstated, for the
            # audit to find the payouts that exceed the pot.
            paid = sum(e.amount for e in hand.events if isinstance(e, CollectEvent))
            returned = sum(e.amount for e in hand.events if isinstance(e, UncalledEvent))
            pot = summary.total_pot
            if pot is None:
                pot = self._dead + sum(self._street.bets.values()) - returned
            if paid and pot - paid >= 0:
                summary.rake = pot - paid
        if self._side_lines:
            hand.events = [
                replace(e, pot=0)
                if isinstance(e, CollectEvent) and e.line not in self._side_lines else e
                for e in hand.events
            ]


FORMATS = [BovadaFormat()]
