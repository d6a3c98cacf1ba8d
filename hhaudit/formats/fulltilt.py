"""Full Tilt Poker's own text histories ("Full Tilt Poker Game #N: ...").

Grammar: `grammars/fulltilt.lark`. The layout is close to PokerStars' but every line kind
is worded differently: "posts the small blind of $0.50", "raises to $3", "calls $2, and is
all in", "antes 25", "The button is in seat #N" after the posts, "Uncalled bet of $2
returned to X", "X wins the side pot (300)". Full Tilt's PokerStars-layout exports ("Full
Tilt Hand #N: ...") are left to the PokerStars format: this detector does not match them.
A split pot is paid in the smallest chip in play: five cents where every amount of a cash
hand is a multiple of it (`_chip_in_play`).

Line kinds (fulltilt, `grammars/fulltilt.lark`; every line shape of the corpus's
files of this format is one of them: the corpus gives no PA04 on them):

- HEADER: `<room> Game #<hand_id>: <rest>`: read
- SEAT: `Seat <seat>: <rest>`: read
- BUTTON: `The button is in seat #<seat>`: read
- POST: `<player> (posts <what>|<ante>) <amount><all_in>`: read
- HOLE_CARDS: `*** HOLE CARDS ***`: read
- DEALT: `Dealt to <player> [<cards>]( [<new>])`: read
- ACTION: `<player> <act>( <amount>)<all_in>`: read
- UNCALLED: `Uncalled bet of <amount> returned to <player>`: read
- STREET: `*** <street>( <run>) *** <cards>`: read
- SHOWDOWN: `*** SHOW DOWN( <run>) ***`: read
- SHOW: `<player> shows( [<cards>])( ...)`: read
- MUCK: `<player> mucks( [<cards>])`: read
- COLLECT: `<player> (wins|ties for) <pot> (<amount>)( with ...)`: read
- SUMMARY: `*** SUMMARY ***`: read
- SUMMARY_RUN: `*** SUMMARY d ***`: its place in the hand (no field read)
- RUN_POT: `Pot <run> <amount>`: its place in the hand (no field read)
- TOTAL_POT: `Total pot <total><pots> | Rake <rake>`: read
- BOARD: `Board: [<cards>]`: read
- ADD_CHIPS: `<player> adds <chips>`: read
- MISC: `((w(,w))|. has N seconds left to act|N seconds left to act|Time has expired|. has timed out|. has
  returned|. is sitting out|. adds ...|. sits down|. stands up|. has been disconnected|. has
  reconnected|. is feeling w|. has requested TIME|Duration Ns|BEGIN|Players agree to Run It
  Twice|Hand #?N has been cancell?ed...|. (has left|leaves) the table|. seconds to reconnect|.
  is connected|.: ...)`: ignored: changes nothing
- HAND_NUMBER: `* # N *`: ignored: changes nothing
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
from ..money import currency_of, parse_amount
from .base import Fields, LineError, LineFormat, LogIncomplete, NotSeated, UnsupportedGame
from .common import (
    STREET_NAMES,
    bracketed_board,
    cards,
    chips_between_hands,
    game_code,
    omaha_of,
    set_omaha,
    summary_cards,
    to_utc,
    unknown_may_matter,
)

_ACTS = {"folds": Act.FOLD, "checks": Act.CHECK, "calls": Act.CALL, "bets": Act.BET, "raises to": Act.RAISE}
# capped tables: "CAP NL Hold'em" (the cap not stated: ", and is capped" ends a player's
# betting) or "$2,000 Cap No Limit Hold'em" (the cap stated: `Hand.cap`)
_GAME = re.compile(
    r" - (?:(?P<cap>CAP) |(?P<cap_amount>[$€£]?\d[\d,.]*) (?:Cap )?)?(?P<limit>No Limit|Pot Limit|NL|PL|FL|Limit) "
    r"(?P<name>Hold'em|(?:[56] Card )?Omaha(?: Hi/Lo| Hi| H/L)?)(?: - |$)"
)
"""The game: Hold'em, "Pot Limit Omaha Hi", "Limit Omaha Hi/Lo", "PL 5 Card Omaha Hi"; a capped
table's cap before it ("$400 Pot Limit Omaha Hi", "$2,000 Cap No Limit Hold'em")."""
_OTHER_GAME = re.compile(r"Stud|Razz|Draw|Badugi|2-7|Courchevel|Irish|Pineapple|Hold'em Hi/Lo")
_UNITS = {"K": 1000, "M": 1000**2, "B": 1000**3}
_STAKES = re.compile(
    r" - (?P<sb>[$€£]?\d[\d,.]*[KMB]?)/(?P<bb>[$€£]?\d[\d,.]*[KMB]?)(?: Ante (?P<ante>[$€£]?\d[\d,.]*[KMB]?))?(?: - |$)"
)
# The name ends at the first place where the bracketed notes, then " - " or the end, follow.
# A run of notes the name reaches is taken whole (atomic): where the notes failed to end the
# name at the run's start they fail at each later note of the run too; a note with " - " in
# it is stepped through, where the dash may end the name. The notes after the name are
# taken possessively (what follows one is " (", never " - ").
_TABLE = re.compile(
    r"Table (?P<name>.(?>(?: \((?:[^() \n]| (?!- ))*\))++|.)*?)"
    r"(?: \((?P<max>\d+) max\))?(?: \((?P<extra>[^()]*)\))*+(?: - |$)"
)
_TOURNAMENT = re.compile(r"\((?P<id>\d+)\)")
_SEAT = re.compile(r"(?P<player>.*?) \((?P<stack>[$€£]?\d[\d,.]*)\)(?P<note>.*)")
_SIDE = re.compile(r"(Main pot|Side pot(?: \d+)?) (\S+?)\.?(?= |$)")
_SUMMARY_WON = re.compile(r"(?:[^ ]| (?!(?:collected|won) \([^)]))*+ (?:collected|won) \(([^)]+)\)")
"""A summary seat line's payment ("collected (75), mucked", "showed [..] and won (1,234)"), the
first with something in its brackets. Matched, not searched: the text before it is taken
whole, and where the amount has no ")" after it no later payment has one either."""
# The player ends at the first place where the seat's roles, then "showed [" or "mucked [",
# follow: a run of roles the name reaches is taken whole (where it failed at its first role
# it fails at each later one), and the name is settled at the first such "[" (atomic): with
# no "]" after that one there is none after a later one either.
_SHOWED = re.compile(
    r"(?>(.(?>(?: \((?:button|small blind|big blind)\))++|.)*?)"
    r"(?: \((?:button|small blind|big blind)\))* (?:showed|mucked) \[)([^\]]*)\]"
)
_LIMITS = {"No Limit": Limit.NO_LIMIT, "NL": Limit.NO_LIMIT, "Pot Limit": Limit.POT_LIMIT, "PL": Limit.POT_LIMIT,
           "Limit": Limit.FIXED_LIMIT, "FL": Limit.FIXED_LIMIT}


class FullTiltFormat(LineFormat):
    name = "fulltilt"
    reads_unknown_lines = True

    def unknown_matters(self, hand: Hand, text: str) -> bool:
        return unknown_may_matter(hand, text)
    sites = ("Full Tilt",)
    grammar = "fulltilt"
    priority = 5  # before pokerstars, whose detector would take "Full Tilt Poker Game #"
    noise = re.compile(r"\*+ # \d+ \*+|BEGIN")
    description = "Full Tilt Poker's own text layout (classic and relaunch), cash and tournaments"
    start: ClassVar[re.Pattern[str]] = re.compile(r"\s*\ufeff?(?:Full Tilt Poker|FullTiltPoker) Game #\d+: ")

    # ------------------------------------------------------------------ helpers
    @staticmethod
    def amount(hand: Hand, text: str | None) -> int:
        if text is None:
            raise ValueError("amount missing")
        t = text.strip().rstrip(".")
        if t[-1:] in _UNITS:  # "50K/100K", a Flipout's "2B/2B"
            return parse_amount(t[:-1], hand.scale) * _UNITS[t[-1]]
        return parse_amount(t, hand.scale)

    @staticmethod
    def seat(hand: Hand, player: str | None) -> int:
        for s in hand.seats:
            if s.player == player:
                return s.seat
        if not hand.seats:
            raise LogIncomplete("the hand lists no seats (a table observed without stacks)")
        raise NotSeated(player)

    # ------------------------------------------------------------------ header
    def on_HEADER(self, hand: Hand, f: Fields, line: int) -> None:
        hand.hand_id = f[1] or ""
        rest = f[2] or ""
        self._summary = False
        self._shown: dict[str, tuple[str, ...]] = {}
        self._summary_wins: list[tuple[int, int, str]] = []
        hand.started_at, hand.tz = to_utc(_swap_date(rest))
        game = _GAME.search(rest)
        if game is None or _OTHER_GAME.search(rest.split(" - ", 1)[-1]):
            hand.variant = "other"
            raise UnsupportedGame(rest)
        omaha = omaha_of(game.group("name")) if game.group("name") != "Hold'em" else None
        if omaha is not None:
            set_omaha(hand, *omaha)
        else:
            hand.variant = "holdem"
        hand.limit = _LIMITS[game.group("limit")]
        hand.game = game_code(hand.limit, hand.variant, hand.hole_cards, hand.hilo)
        table = _TABLE.search(rest)
        tournament = rest.split(" - ", 1)[0] if table is None or not rest.startswith("Table ") else ""
        if tournament:
            hand.kind = "tournament"
            t = _TOURNAMENT.search(tournament)
            hand.tournament_id = t.group("id") if t else ""
            hand.currency, hand.scale = "", 0
            tab = re.search(r"Table (\d+)", tournament)
            hand.table_name = tab.group(1) if tab else ""
        else:
            hand.kind = "cash"
            assert table is not None
            hand.table_name = table.group("name")
            hand.max_seats = int(table.group("max")) if table.group("max") else None
            stakes_text = _STAKES.search(rest)
            cur = currency_of(stakes_text.group(0)) if stakes_text else ""
            hand.currency = cur or "play"
            hand.scale = 2 if cur else 0
        if hand.kind == "tournament":
            m = re.search(r"\((?P<max>\d+) max\)", rest)
            hand.max_seats = int(m.group("max")) if m else None
        stakes = _STAKES.search(rest)
        if stakes is None:
            raise LineError(line, 1, rest, "no stakes in the hand's first line")
        if hand.scale == 0 and ("." in stakes.group("bb")) and hand.kind == "cash":
            hand.scale = 2
        low, high = self.amount(hand, stakes.group("sb")), self.amount(hand, stakes.group("bb"))
        if hand.limit is Limit.FIXED_LIMIT:
            hand.small_bet, hand.big_bet = low, high
            hand.bb, hand.sb = low, low // 2
        else:
            hand.sb, hand.bb = low, high
        if stakes.group("ante"):
            hand.ante = self.amount(hand, stakes.group("ante"))
        if game.group("cap_amount"):
            hand.cap = self.amount(hand, game.group("cap_amount"))
        self._summary = False

    def on_SEAT(self, hand: Hand, f: Fields, line: int) -> None:
        seat, rest = int(f[0] or 0), f[1] or ""
        if self._summary:  # the summary's seat lines: keep the cards of the shows
            shown = _SHOWED.match(rest)
            if shown:
                self._shown[shown.group(1)] = cards(shown.group(2))
            summary_cards(hand, seat, rest, line)
            won = _SUMMARY_WON.match(rest)
            if won:
                self._summary_wins.append((line, seat, won.group(1)))
            return
        m = _SEAT.fullmatch(rest)
        if m is None:
            # an observed table prints no stacks
            player = rest.removesuffix(", is sitting out").removesuffix(" is sitting out")
            hand.seats.append(Seat(seat, player, 0, "sitting out" in rest, line))
            return
        note = m.group("note")
        hand.seats.append(Seat(seat, m.group("player"), self.amount(hand, m.group("stack")),
                               "sitting out" in note, line))

    def on_BUTTON(self, hand: Hand, f: Fields, line: int) -> None:
        hand.button_seat = int(f[0] or 0)

    # ------------------------------------------------------------------ betting
    def on_POST(self, hand: Hand, f: Fields, line: int) -> None:
        player, what, ante, amount, all_in = f[0] or "", f[1] or "", f[2], self.amount(hand, f[3]), bool(f[4])
        seat = self.seat(hand, player)
        if ante:
            hand.ante = max(hand.ante, amount)
            hand.events.append(PostEvent(line, seat, player, Post.ANTE, amount, 0, all_in))
            return
        if what == "the small blind of":
            kind = Post.SMALL_BLIND
            if hand.limit is Limit.FIXED_LIMIT and not all_in:
                hand.sb = amount
        elif what in ("the big blind of", ""):
            # "X posts $1": a new player's (or returning player's) big blind
            kind = Post.BIG_BLIND
        else:  # "posts a dead small blind of": dead money only
            hand.events.append(PostEvent(line, seat, player, Post.DEAD, 0, amount, all_in))
            return
        hand.events.append(PostEvent(line, seat, player, kind, amount, 0, all_in))

    def on_HOLE_CARDS(self, hand: Hand, f: Fields, line: int) -> None:
        pass

    def on_DEALT(self, hand: Hand, f: Fields, line: int) -> None:
        player = f[0] or ""
        hand.events.append(DealEvent(line, self.seat(hand, player), player, cards(f[1]) + cards(f[2])))

    def on_ACTION(self, hand: Hand, f: Fields, line: int) -> None:
        player, act, amount, all_in = f[0] or "", _ACTS[f[1] or ""], f[2], bool(f[3])
        seat = self.seat(hand, player)
        if act is Act.RAISE:
            hand.events.append(ActionEvent(line, seat, player, act, None, self.amount(hand, amount), all_in))
        elif act in (Act.CALL, Act.BET):
            hand.events.append(ActionEvent(line, seat, player, act, self.amount(hand, amount), None, all_in))
        else:
            hand.events.append(ActionEvent(line, seat, player, act))

    def on_UNCALLED(self, hand: Hand, f: Fields, line: int) -> None:
        player = f[1] or ""
        hand.events.append(UncalledEvent(line, self.seat(hand, player), player, self.amount(hand, f[0])))

    def on_ADD_CHIPS(self, hand: Hand, f: Fields, line: int) -> None:
        """"Player1 adds $1.20" during the hand (a rebuy or top-up): in the next stack."""
        chips_between_hands(hand, f[0], self.amount(hand, f[1]))

    def on_STREET(self, hand: Hand, f: Fields, line: int) -> None:
        new, board = bracketed_board(f[2] or "")
        hand.events.append(StreetEvent(line, STREET_NAMES[f[0] or ""], new, board, int(f[1] or 0)))

    def on_SHOWDOWN(self, hand: Hand, f: Fields, line: int) -> None:
        hand.events.append(StreetEvent(line, Street.SHOWDOWN, (), (), int(f[0] or 0)))

    def on_SHOW(self, hand: Hand, f: Fields, line: int) -> None:
        player = f[0] or ""
        shown = cards(f[1])
        if not shown:  # "X shows a pair of Aces": the cards are in the summary
            shown = self._dealt(hand, player)
        run = next((e.run for e in reversed(hand.events) if isinstance(e, StreetEvent)), 0)
        hand.events.append(ShowEvent(line, self.seat(hand, player), player, shown, False, run))

    def on_MUCK(self, hand: Hand, f: Fields, line: int) -> None:
        player = f[0] or ""
        hand.events.append(ShowEvent(line, self.seat(hand, player), player, cards(f[1]), muck=True))

    def on_COLLECT(self, hand: Hand, f: Fields, line: int) -> None:
        player, pot, half, amount = f[0] or "", f[1] or "", f[2], f[3]
        if half:
            pot = pot.replace(f"{half} ", "", 1)  # "the high pot": the pot's high half
        number: int | None
        run = 0
        if pot == "the pot":
            number = None
        elif pot == "the main pot":
            number = 0
        else:
            digits = re.search(r"\d+", pot)
            number = int(digits.group(0)) if digits else 1
            if pot.startswith("pot "):  # "wins pot 1": the first board of a run-twice hand
                number, run = None, int(digits.group(0)) if digits else 0
        hand.events.append(
            CollectEvent(line, self.seat(hand, player), player, self.amount(hand, amount), number, run, half)
        )

    # ------------------------------------------------------------------ summary
    def on_SUMMARY(self, hand: Hand, f: Fields, line: int) -> None:
        self._summary = True
        hand.summary.line = line

    def on_TOTAL_POT(self, hand: Hand, f: Fields, line: int) -> None:
        s = hand.summary
        s.total_pot = self.amount(hand, f[0])
        s.rake = self.amount(hand, f[2])
        for m in _SIDE.finditer(f[1] or ""):
            value = self.amount(hand, m.group(2))
            if m.group(1) == "Main pot":
                s.main_pot = value
            else:
                s.side_pots.append(value)

    def on_BOARD(self, hand: Hand, f: Fields, line: int) -> None:
        hand.summary.boards.append(cards(f[0]))

    @staticmethod
    def _dealt(hand: Hand, player: str) -> tuple[str, ...]:
        for e in hand.events:
            if isinstance(e, DealEvent) and e.player == player:
                return e.cards
        return ()

    def finish(self, hand: Hand) -> None:
        """Shows without cards ("X shows a pair of Aces") take the cards the summary's seat
        line gives ("showed [Ah As] and won")."""
        if not hand.seats:
            raise LineError(hand.line, 1, f"Full Tilt Poker Game #{hand.hand_id}",
                            "the hand lists no seats: a fragment of a hand (header and summary only)",
                            incomplete=True)
        _chip_in_play(hand)
        if self._summary_wins and not any(isinstance(e, CollectEvent) for e in hand.events):
            # Some layouts (Matrix tournaments) write no "wins the pot" line: the summary's
            # seat lines are then the only record of the payments.
            players = {s.seat: s.player for s in hand.seats}
            for line, seat, amount in self._summary_wins:
                hand.events.append(CollectEvent(line, seat, players.get(seat, ""), self.amount(hand, amount)))
        if not any(isinstance(e, ShowEvent) and not e.cards and not e.muck for e in hand.events):
            return
        shown = self._shown
        hand.events = [
            ShowEvent(e.line, e.seat, e.player, shown.get(e.player, ()), e.muck, e.run)
            if isinstance(e, ShowEvent) and not e.cards and not e.muck else e
            for e in hand.events
        ]


_NICKEL = 5
"""Five cents: the smallest chip of a cash table whose every amount is a multiple of it."""


def _chip_in_play(hand: Hand) -> None:
    """Full Tilt splits a pot in the smallest chip in play at the table (TDA-2024 20), not in
    cents: at a $0.50/$1 Hi/Lo table it pays $7.75 as $3.90 high and $3.85 low. Where every
    amount of a cash hand (stacks, posts, bets, returns, payments, rake) is a multiple of
    five cents, no smaller chip is in play and that is the hand's chip (`Hand.chip`); a hand
    paid to the cent keeps the profile's cent."""
    if hand.kind != "cash" or hand.scale != 2 or hand.fine:
        return
    amounts = [s.stack for s in hand.seats] + [hand.summary.rake or 0]
    for e in hand.events:
        if isinstance(e, PostEvent):
            amounts += [e.amount, e.dead]
        elif isinstance(e, (ActionEvent, UncalledEvent, CollectEvent)) and e.amount:
            amounts.append(e.amount)
    if any(amounts) and all(a % _NICKEL == 0 for a in amounts):
        hand.chip = _NICKEL


_DATE_AFTER = re.compile(r"(?P<time>\d{1,2}:\d{2}:\d{2}) (?P<tz>[A-Z]{2,4}) - (?P<date>\d{4}/\d{2}/\d{2})")


def _swap_date(text: str) -> str:
    """Full Tilt writes "16:13:10 ET - 2006/05/22": put the date first for `to_utc`."""
    return _DATE_AFTER.sub(lambda m: f"{m['date']} {m['time']} {m['tz']}", text)


FORMATS = [FullTiltFormat()]
