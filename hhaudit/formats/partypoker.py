"""PartyPoker hand histories (classic "***** Hand History for Game N *****" layout, the
2013+ "Hand History For Game" layout, and converters' exports in the Party layout).

Grammar: `grammars/partypoker.lark`. Amounts:
- classic: "[$0.08 USD]" after calls, bets, raises and "is all-In": the chips the action
  adds (a raise is written as the chips put in, not the new street total);
- 2013+: "calls (13185876)" / "bets (x)" add chips, "raises a to b" gives the street total,
  and "X is all-In." follows the action it qualifies.
Cash game lines give the table's maximum buy-in ("$2 USD NL Texas Hold'em"), so the blinds
are taken from the posts (the first small and big blind), with buy-in / 100 as the fallback.
Party writes no uncalled-bet line. Thousands separators (",", "'") are read by parse_amount.

Every line kind Party writes (from the corpus's files of 2005-2019, fpdb's
PartyPokerToFpdb.py notes and the grammar; `docs/formats/partypoker.md` gives examples):
header (`Game #N starts.`, `#Game No : N`, the history line, the game line, `Table ...`, the
button, `Total number of players`, seat lines, `Trny: N Level: N`, `Blinds(a/b)`, its thousands
grouped by a comma, a dot or a space: `Blinds-Antes(1 200/2 400 -400)`); posts
(small, big, big + dead, ante); `There is no Small Blind in this hand as the Big Blind of the
previous hand left the table.`; the deal and streets; actions (folds, checks, calls, bets,
raises, is all-In, Forward Folds); `X could not respond in time.(disconnected)`; showdown and
payouts (shows, doesn't show, does not show cards, wins ... from the main/side pot, the 2013+
summary's pots and balance lines); cash-out; the client's notices (chat disabled, prize pool
shown, a break in N minutes, Table Closed, Connection Lost, "The hand history for this hand
number is not available here"); `The time at which hand ended:`; joins, leaves and players
moved in (before or after the deal); chat (`X: text`), time bank, finishes. A line of none of
these kinds is kept unread (`reads_unknown_lines`): a PA04 warning names it, and the hand is not
judged when the line may matter (`unknown_matters`). A hand Party wrote no history for is a
parse error that says so (`_no_history`), and so is a hand no line of which says who won (a
file cut before the payout: every hand Party writes ends with it).

What the module infers, because Party's lines leave it out (each documented at its method):
- tournament blind posts some files never write (`_infer_blinds`): PostEvents from the stakes
  and the seat order, kept only when the chips paid out equal the chips put in with them;
- the seat of a player no seat line lists, and the stack of such a player or of one listed
  with "$0" who posts (`seat`, `_size_invented`): the least stack consistent with the log;
- who is dealt in: "X is sitting out" lines, and listed seats with no line in the hand;
- a big blind posted all-in for less than the stakes (`_short_big_blind`) and a second small
  blind that the player's call shows was live (`_live_second_small_blind`);
- "X Forward Folds" (a fold chosen in advance) is dropped when X's own fold follows;
- a run of fold lines written in click order is read in seat order (`_fold_runs`);
- the unmatched part of a bet written as a side pot of its own is an uncalled return, and a
  "bets" over a short all-in is a raise (`_settle`, `_bets_over_short_all_ins`).
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterable, Iterator
from typing import ClassVar

from ..chunks import HandLines
from ..model import (
    Act,
    ActionEvent,
    CollectEvent,
    DealEvent,
    Event,
    FeeEvent,
    Hand,
    Limit,
    ParseProblem,
    Post,
    PostEvent,
    ShowEvent,
    Status,
    Street,
    StreetEvent,
    UncalledEvent,
    UnknownLine,
)
from ..money import currency_of
from ._sitekit import Fields, SiteFormat
from .base import LineError, NotThisKind, UnsupportedGame, fallback_id
from .common import cards, omaha_of, set_omaha, to_utc

_ACTS = {"folds": Act.FOLD, "Forward Folds": Act.FOLD, "checks": Act.CHECK, "calls": Act.CALL,
         "bets": Act.BET, "raises": Act.RAISE}
_STREETS = {"Flop": Street.FLOP, "Turn": Street.TURN, "River": Street.RIVER}
_MONTHS = {m: i for i, m in enumerate(
    ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"], 1)}
# A date starts at the first letter of its word that can start it: three letters and then
# lower case only up to the space (so "ABCDec 12" reads "BCD", as it always has). A later
# letter of the same word that could start it too ends at the same space, so it is not
# tried again: the word's first letter, or the one two before a capital. Each run of
# letters, digits and spaces is then taken whole, the only way the rest can match.
_DATE = re.compile(
    r"(?:(?<![A-Za-z])|(?=[A-Za-z]{2}[A-Z]))"
    r"(?P<mon>[A-Za-z]{3})[a-z]*+ ++(?P<d>\d{1,2}),? ++(?P<h>\d{1,2}):(?P<mi>\d\d):(?P<s>\d\d)"
    r" *+(?P<tz>[A-Z]*+) *+(?P<y>\d{4})"
)
# "collected $2.40, ..." in a summary line: the amount is the text from "collected " to the next
# "," or "[" (or the end) when a digit is in it. The text before the first digit is taken in
# one go (possessive); where no digit comes before the next "," or "[" the match is written off
# (group 2 None, skipped) and ends there, so a line of "collected collected ..." is read once
# rather than once from each "collected": what re.search(r"collected ([^,\[]*?\d[^,\[]*?)(?:,|\[|$)")
# finds, in linear time.
_COLLECTED = re.compile(r"collected ([^,\[\d]*+)(\d[^,\[]*?)?(?:,|\[|$)")
_HALF = re.compile(r"(Hi|Lo) \((.+)\)$")
_OMAHA = re.compile(r"(?:[56] Card )?Omaha(?: Hi-Lo| Hi/Lo| Hi)?")
# each amount is a whole run, tried from the run's first character only (a match from
# inside a run would start earlier with the same text)
_STAKES = re.compile(r"(?P<low>[$€£]? ?(?<![\d.,'])[\d.,']++) ?/ ?(?P<high>[$€£]? ?[\d.,']++)")
_BUYIN = re.compile(r"^(?P<amount>[$€£]? ?[\d.,']+) +(?:USD|EUR|GBP)?")
_DOT_THOUSANDS = re.compile(r"\.(?=\d{3}(?!\d))")
_SIDE = re.compile(r"(Main Pot|Side Pot \d+|Rake): ([^:]*?\d[^:A-Za-z]*?(?: (?:USD|EUR|GBP))?)(?= |$)")
_JOINED_WIN = re.compile(
    r"[^.]\.(?P<player>[^ .][^.]*?) wins (?P<amount>[^ ]+(?: [A-Z]{3})?)(?: chips)? from +(?:the )?"
    r"(?P<pot>main pot|side pot)(?: #?(?P<side>\d+))? *(?:with (?P<rest>.*))?$")
_NUM_START = re.compile(r"\s*(?:\ufeff\s*)?(?:Game #\S+ starts\.|#Game No ?:|\*{5} Hand History [Ff]or Game )")


@dataclasses.dataclass
class _Notes:
    """What one hand's parse remembers for `finish` (kept off the Hand)."""

    invented: set[int] = dataclasses.field(default_factory=set)
    """Seats given to players the seat lines do not list (stacks unknown)."""
    dealing: int = 0
    """Line of "** Dealing down cards **" (where inferred blind posts are placed)."""
    shoves: set[int] = dataclasses.field(default_factory=set)
    """Lines of "X is all-In [x]" whose bet/call/raise kind depends on what X faced."""
    short: set[int] = dataclasses.field(default_factory=set)
    """Lines of blind posts that put the player all-in (they do not give the stakes)."""
    forward: list[tuple[int, int]] = dataclasses.field(default_factory=list)
    """(line, seat) of "X Forward Folds" (a fold chosen in advance)."""
    paid: bool = False
    """Whether a line says who won ("X wins ...", a 2013+ summary's "collected")."""
    disconnected: list[tuple[int, int, str]] = dataclasses.field(default_factory=list)
    """(line, seat, text) of "X could not respond in time.(disconnected)"."""
    no_small_blind: bool = False
    """"There is no Small Blind in this hand as the Big Blind of the previous hand left the
    table": the first seat after the button posts the big blind, nobody the small blind."""


_STARTS = re.compile(r"\s*(?:\ufeff\s*)?Game #(\S+) starts\.")
_BRACKETED = re.compile(r"[\[(][^\[\]()\dAKQJT]*[\dAKQJT][^\[\]()]*[\])]")
_NOT_AVAILABLE = "The hand history for this hand number is not available here"


def _no_history(lines: list[str], first_line: int) -> ParseProblem | None:
    """A hand Party wrote no history for: its header lines, a reason ("Connection Lost due
    to some reason", "Table Closed") and "The hand history for this hand number is not
    available here. Please use Instant Hand History ...". Nothing of it can be read or judged:
    a parse error that says so (coverage counts complete hands by their history line)."""
    for i, x in enumerate(lines):
        if _NOT_AVAILABLE in x:
            reason = next((y.strip() for y in lines[:i] if y.strip() and not _NUM_START.match(y)
                           and not _STARTS.match(y)), "")
            why = f" ({reason})" if reason else ""
            return ParseProblem(first_line + i, 1, x.strip()[:200],
                                f"PartyPoker wrote no history for this hand{why}: nothing to read or judge",
                                incomplete=True)
    return None


def _only_header(chunk: list[str]) -> bool:
    """A file cut right after a hand's "Game #N starts." line holds no hand."""
    return all(not x.strip() or _NUM_START.match(x) and "Hand History" not in x for x in chunk)


class PartyPokerFormat(SiteFormat):
    name = "partypoker"
    sites = ("PartyPoker",)
    grammar = "partypoker"
    decimal_comma = True  # the Mac client writes "[$0,25 USD]"
    description = "PartyPoker (classic and 2013+ layouts, and converted Party-layout exports)"
    start: ClassVar[re.Pattern[str]] = _NUM_START
    reads_unknown_lines = True
    _history = re.compile(r"\s*(?:\ufeff\s*)?\*{5} Hand History [Ff]or Game \S+ \*{5}")

    def __init__(self) -> None:
        super().__init__()
        self._notes: dict[int, _Notes] = {}

    def detect(self, head: list[str]) -> bool:  # type: ignore[override]
        # a file may hold only hands whose history Party did not write ("Game #N starts.",
        # "#Game No : N", "Connection Lost due to some reason", "The hand history for this
        # hand number is not available here..."): no other site writes "Game #N starts."
        return any(self._history.match(line) or _STARTS.match(line) for line in head)

    def unknown_matters(self, hand: Hand, text: str) -> bool:
        """An unknown line may matter when it could be a player's action (it begins with a
        seated player's name and a space) or shows an amount or cards as Party writes them
        (in brackets or parentheses). A line of neither kind (a chat line broken over two
        lines, "lol", a new client notice) moves no chip and deals no card."""
        if _BRACKETED.search(text):
            return True
        return any(text.startswith(s.player + " ") for s in hand.seats if s.player)

    def split(self, lines: Iterable[str]) -> Iterator[tuple[int, list[str]]]:
        """A hand starts at "Game #N starts.", "#Game No : N" or the history line, whichever
        comes first: the later of those header lines stay in the same hand."""
        chunk: list[str] = HandLines()
        first = 1
        last_kind = ""
        for number, line in enumerate(lines, 1):
            s = line.strip().lstrip("\ufeff").strip()
            kind = ""
            if s.startswith("Game #") and s.endswith("starts."):
                kind = "starts"
            elif s.startswith("#Game No"):
                kind = "no"
            elif s.startswith("***** Hand History"):
                kind = "history"
            if kind:
                order = ("starts", "no", "history")
                continues = last_kind and order.index(kind) > order.index(last_kind)
                if not continues:
                    if chunk and any(x.strip() for x in chunk) and not _only_header(chunk):
                        yield first, chunk
                    chunk, first = HandLines(), number
                last_kind = kind
            elif s:
                last_kind = ""
            if not chunk:
                first = number
            chunk.append(line)
        if chunk and any(x.strip() for x in chunk) and not _only_header(chunk):
            yield first, chunk

    # ------------------------------------------------------------------ per-hand notes
    def new_hand(self, source: str, first_line: int) -> Hand:
        hand = super().new_hand(source, first_line)
        self._notes[id(hand)] = _Notes()
        return hand

    def parse_hand(self, lines: list[str], first_line: int, source: str) -> Hand:
        if not any(self._history.match(x) for x in lines):
            missing = _no_history(lines, first_line)
            if missing is not None:
                hand = self.new_hand(source, first_line)
                self._notes.pop(id(hand), None)
                hand.end_line = first_line + len(lines) - 1
                hand.hand_id = next((m.group(1) for x in lines if (m := _STARTS.match(x))), "") or \
                    fallback_id(source, first_line)
                hand.status = Status.PARSE_ERROR
                hand.problem = missing
                return hand
        # the notes live while their hand is parsed; `new_hand` replaces any stale entry
        hand = super().parse_hand(lines, first_line, source)
        self._notes.pop(id(hand), None)
        return hand

    def notes(self, hand: Hand) -> _Notes:
        return self._notes.setdefault(id(hand), _Notes())

    def seat(self, hand: Hand, player: str | None) -> int:  # type: ignore[override]
        """The seat of `player`. Two cases the seat lines do not cover:
        - a name the seat line cuts short ("Seat 2: Hero ($100)" then "Hero Name raises"):
          the seat whose name is the start of the player's name, followed by a space;
        - a player who joins and posts in the same hand ("X has joined the table." then "X
          posts big blind"), whom Party does not list: such a player gets the first free
          seat clockwise after the seat that acted last (after the button if none has), so
          that the action order holds, and an UNKNOWN stack, sized in `finish` to the least
          that is consistent with the chips the player puts in (see `_size_invented`)."""
        if player is None:
            raise ValueError("player missing")
        for s in hand.seats:
            if s.player == player:
                return s.seat
        cut = [s for s in hand.seats if player.startswith(s.player + " ")]
        if len(cut) == 1:
            return cut[0].seat
        if not player:
            raise ValueError("player missing")
        taken = {s.seat for s in hand.seats}
        size = max([hand.max_seats or 10, *taken])
        after = hand.button_seat or 0
        for e in reversed(hand.events):
            if isinstance(e, (PostEvent, ActionEvent)):
                after = e.seat
                break
        free = next((n for k in range(1, size + 1) if (n := (after + k - 1) % size + 1) not in taken),
                    size + 1)
        self.add_seat(hand, free, player, 0, False, 0)
        self.notes(hand).invented.add(free)
        # the seat is an assumption: the rules that judge seat order do not judge the hand
        hand.abstain("a player no seat line lists acts: their seat is assumed", ("action_order",))
        return free

    # ------------------------------------------------------------------ header
    def on_GAME_STARTS(self, hand: Hand, f: Fields, line: int) -> None:
        hand.hand_id = f[0] or ""
        hand.implicit_uncalled = True

    def on_GAME_NO(self, hand: Hand, f: Fields, line: int) -> None:
        hand.hand_id = hand.hand_id or f[0] or ""
        hand.implicit_uncalled = True

    def on_HISTORY(self, hand: Hand, f: Fields, line: int) -> None:
        hand.hand_id = f[0] or hand.hand_id
        hand.implicit_uncalled = True

    def on_GAMELINE(self, hand: Hand, f: Fields, line: int) -> None:
        text, date = f[0] or "", f[1] or ""
        m = _DATE.search(date)
        if m:
            mo = _MONTHS.get(m.group("mon").lower()[:3], 0)
            stamp = f"{m.group('y')}/{mo:02d}/{int(m.group('d')):02d} {int(m.group('h')):02d}:{m.group('mi')}:{m.group('s')}"
            tz = m.group("tz")
            tz = {"MSKS": "MSK", "MESZ": "CEST", "YEKST": "", "ICT": ""}.get(tz, tz)
            hand.started_at, hand.tz = to_utc(stamp + (" " + tz if tz else ""))
            hand.tz = m.group("tz") or hand.tz
        tourney = bool(re.search(r"Trny|Tourney|Tournament|Buy-in|Freeroll", text))
        hand.kind = "tournament" if tourney else "cash"
        t = re.search(r"Tournament #(\d+)", text)
        if t:
            hand.tournament_id = t.group(1)
        other = re.search(r"Short Deck|Stud|Razz|Draw|Badugi|Double Hold'em", text)
        if other:  # Double Hold'em deals three hole cards: not Texas Hold'em
            hand.variant = re.sub(r"\W+", "", other.group(0)).lower()
            raise UnsupportedGame(text)
        omaha = _OMAHA.search(text)
        if omaha is not None:
            # "PL Omaha", "Omaha Hi/Lo Game Table (PL)", "FL Omaha Hi-Lo", "PL  Omaha Hi-Saturday,..."
            count, hilo = omaha_of(omaha.group(0)) or (0, False)
            set_omaha(hand, count, hilo)
        if re.search(r"\bPL\b|\(PL\)|Pot Limit", text):
            limit = Limit.POT_LIMIT
        elif re.search(r"\bNL\b|\(NL\)|No Limit", text):
            limit = Limit.NO_LIMIT
        else:
            limit = Limit.FIXED_LIMIT
        cur = currency_of(text) if not tourney else ""
        if not cur and not tourney and "$" in text:
            cur = "USD"
        hand.currency = cur
        hand.scale = 2 if hand.kind == "cash" else 0
        low = high = 0
        s = _STAKES.search(text.split(" - ")[0])
        if s and not tourney:
            low, high = self.amount(hand, s.group("low")), self.amount(hand, s.group("high"))
        elif s and re.match(r"\s*[\d.,']+ ?/", text):
            low, high = self.amount(hand, s.group("low")), self.amount(hand, s.group("high"))
        elif not tourney:
            b = _BUYIN.search(text)
            if b:
                cap = self.amount(hand, b.group("amount"))
                high = cap // 100
                low = high // 2
        self.set_stakes(hand, limit, low, high)
        hand.game = {Limit.NO_LIMIT: "NLHE", Limit.POT_LIMIT: "PLHE", Limit.FIXED_LIMIT: "FLHE"}[limit]

    def on_TABLE(self, hand: Hand, f: Fields, line: int) -> None:
        hand.table_name = (f[0] or "").strip()
        if f[1] == "Play":
            hand.currency = "play"
            hand.scale = 0
        if f[2]:
            hand.button_seat = int(f[2])

    def on_BUTTON(self, hand: Hand, f: Fields, line: int) -> None:
        hand.button_seat = int(f[0] or 0)

    def on_PLAYERS(self, hand: Hand, f: Fields, line: int) -> None:
        if f[1]:
            hand.max_seats = int(f[1])

    def on_SEAT(self, hand: Hand, f: Fields, line: int) -> None:
        seat, player, stack = int(f[0] or 0), f[1] or "", (f[2] or "").strip()
        if any(s.seat == seat for s in hand.seats):
            return
        self.add_seat(hand, seat, player, self.amount(hand, stack) if re.search(r"\d", stack) else 0,
                      not re.search(r"\d", stack), line)

    def on_TRNY(self, hand: Hand, f: Fields, line: int) -> None:
        hand.kind = "tournament"
        hand.tournament_id = f[0] or hand.tournament_id

    def on_BLINDS(self, hand: Hand, f: Fields, line: int) -> None:
        f = tuple(x.replace(" ", "") if x else x for x in f)  # "1 200": a space groups thousands
        if not hand.scale:  # whole chips: "Blinds-Antes(1.200/2.400 -400)" groups thousands with dots
            f = tuple(_DOT_THOUSANDS.sub("", x) if x else x for x in f)
        low, high = self.amount(hand, f[0]), self.amount(hand, f[1])
        self.set_stakes(hand, hand.limit, low, high)
        if f[2]:
            hand.ante = self.amount(hand, f[2])

    # ------------------------------------------------------------------ posts and betting
    def on_POST(self, hand: Hand, f: Fields, line: int) -> None:
        if f[0]:  # the Mac client's "X is sitting outY posts big blind [..]"
            self.on_SIT_OUT(hand, (f[0],), line)
        player, what, amount = f[1] or "", f[2] or "", self.amount(hand, f[3])
        seat = self.seat(hand, player)
        if not what.startswith("ante") and self._all_in_post(hand, seat, amount):
            # a player whose stack the post takes whole: a short blind, not the stakes
            self.notes(hand).short.add(line)
            if "big" in what and not hand.bb:
                hand.bb = amount
            elif "small" in what and not hand.sb:
                hand.sb = amount
            hand.events.append(PostEvent(line, seat, player, Post.BIG_BLIND if "big" in what else Post.SMALL_BLIND,
                                         amount, all_in=True))
            return
        blinds = [e for e in hand.events if isinstance(e, PostEvent) and e.kind in (Post.SMALL_BLIND, Post.BIG_BLIND)]
        if what.startswith("ante"):
            hand.ante = max(hand.ante, amount)
            hand.events.append(PostEvent(line, seat, player, Post.ANTE, amount))
        elif what == "small blind":
            if not blinds and hand.limit is not Limit.FIXED_LIMIT:
                hand.sb = amount
            hand.events.append(PostEvent(line, seat, player, Post.SMALL_BLIND, amount))
        elif what == "big blind + dead":
            live = min(hand.bb, amount) if hand.bb else amount
            hand.events.append(PostEvent(line, seat, player, Post.DEAD, live, amount - live))
        else:
            if not any(e.kind is Post.BIG_BLIND for e in blinds):
                if hand.limit is Limit.FIXED_LIMIT:
                    if hand.small_bet == 0:
                        hand.small_bet, hand.big_bet = amount, 2 * amount
                    hand.bb = amount
                else:
                    hand.bb = amount
            hand.events.append(PostEvent(line, seat, player, Post.BIG_BLIND, amount))

    def _all_in_post(self, hand: Hand, seat: int, amount: int) -> bool:
        if seat in self.notes(hand).invented:
            return False
        stack = next((s.stack for s in hand.seats if s.seat == seat), 0)
        antes = sum(e.amount for e in hand.events if isinstance(e, PostEvent) and e.seat == seat)
        return 0 < stack - antes <= amount

    def on_DISCONNECTED(self, hand: Hand, f: Fields, line: int) -> None:
        player = f[0] or ""
        self.notes(hand).disconnected.append((line, self.seat(hand, player), f"{player} could not respond in time.(disconnected)"))

    def on_NO_SMALL_BLIND(self, hand: Hand, f: Fields, line: int) -> None:
        self.notes(hand).no_small_blind = True

    def on_DEALING(self, hand: Hand, f: Fields, line: int) -> None:
        self.notes(hand).dealing = line

    def on_DEALT(self, hand: Hand, f: Fields, line: int) -> None:
        player = f[0] or ""
        hand.events.append(DealEvent(line, self.seat(hand, player), player, cards(f[1])))

    def on_ACTION(self, hand: Hand, f: Fields, line: int) -> None:
        player, act = f[0] or "", _ACTS[f[1] or ""]
        if ": " in player and all(s.player != player for s in hand.seats) and any(
                player.startswith(s.player + ": ") for s in hand.seats):
            return  # chat that ends like an action: "Player6: u r getting boring with ur min raises"
        seat = self.seat(hand, player)
        a, p, to = f[2] or f[3], f[4], f[5]
        if f[1] == "Forward Folds":
            self.notes(hand).forward.append((line, seat))
        if act in (Act.FOLD, Act.CHECK):
            hand.events.append(ActionEvent(line, seat, player, act))
        elif to is not None:
            hand.events.append(ActionEvent(line, seat, player, act, to=self.amount(hand, to)))
        elif a is not None:
            hand.events.append(ActionEvent(line, seat, player, act, amount=self.amount(hand, a)))
        else:
            raise ValueError(f"{f[1]} without an amount")
        del p

    def on_ALL_IN(self, hand: Hand, f: Fields, line: int) -> None:
        player = f[0] or ""
        seat = self.seat(hand, player)
        if f[1] is not None:
            self.notes(hand).shoves.add(line)
            hand.events.append(self.all_in_action(hand, line, seat, player, self.amount(hand, f[1])))
            return
        # "X is all-In." qualifies X's action just before it
        for i in range(len(hand.events) - 1, -1, -1):
            e = hand.events[i]
            if isinstance(e, (ActionEvent, PostEvent)) and e.seat == seat:
                hand.events[i] = dataclasses.replace(e, all_in=True)
                return

    def on_STREET(self, hand: Hand, f: Fields, line: int) -> None:
        new = cards(f[1])
        board: tuple[str, ...] = ()
        for e in reversed(hand.events):
            if isinstance(e, StreetEvent):
                board = e.board
                break
        hand.events.append(StreetEvent(line, _STREETS[f[0] or ""], new, board + new))

    def on_CASHOUT(self, hand: Hand, f: Fields, line: int) -> None:
        player = f[0] or ""
        hand.events.append(FeeEvent(line, "cash_out_fee", self.amount(hand, f[2]), self.seat(hand, player), player))

    # ------------------------------------------------------------------ showdown and pots
    def on_SHOW(self, hand: Hand, f: Fields, line: int) -> None:
        player = f[0] or ""
        muck = f[1] == "doesn't show"
        hand.events.append(ShowEvent(line, self.seat(hand, player), player, cards(f[2]), muck=muck))

    def on_NO_SHOW(self, hand: Hand, f: Fields, line: int) -> None:
        player = f[0] or ""
        hand.events.append(ShowEvent(line, self.seat(hand, player), player, (), muck=True))

    def on_COLLECT(self, hand: Hand, f: Fields, line: int) -> None:
        player, text, pot, side, rest = f[0] or "", f[1] or "", f[2], f[3], f[4]
        half = _HALF.match(text.strip())  # Hi/Lo: "Player2 wins Lo (640 chips) from the main pot"
        if half is not None:
            text = half.group(2)
        text = re.sub(r"(?<!\s)\s*chips$", "", text.strip())  # from a run's first space only
        number = None if pot is None else (0 if pot == "main pot" else int(side or 1))
        if not re.search(r"\d", text):  # chat broken over two lines: "... wins then ill be gone"
            raise NotThisKind(f"not an amount: {text!r}")
        self.collect(hand, line, player, self.amount(hand, text), number)
        self.notes(hand).paid = True
        if half is not None:
            hand.events[-1].half = "high" if half.group(1) == "Hi" else "low"  # type: ignore[union-attr]
        joined = _JOINED_WIN.search(rest or "")
        if joined:
            self.on_COLLECT(hand, joined.groups(), line)

    def on_POTS(self, hand: Hand, f: Fields, line: int) -> None:
        s = hand.summary
        s.line = line
        for m in _SIDE.finditer(f[0] or ""):
            value = self.amount(hand, m.group(2))
            if m.group(1) == "Main Pot":
                s.main_pot = value
            elif m.group(1) == "Rake":
                s.rake = value
            else:
                s.side_pots.append(value)
        if s.main_pot is not None:
            s.total_pot = s.main_pot + sum(s.side_pots)

    def on_BALANCE(self, hand: Hand, f: Fields, line: int) -> None:
        """2013+ summary: "P balance 42618560, bet 16468017, collected 42618560, net +26150540
        [ Kc, As ] [ a flush ... ]": the only place that layout names the winners and the
        cards shown at showdown."""
        player, cashed, rest = f[0] or "", f[1], f[2] or ""
        seat = self.seat(hand, player)
        shown = re.search(r"\[ *([2-9TJQKA][cdhs](?:,? *[2-9TJQKA][cdhs])*) *\]", rest)
        if shown and not any(isinstance(e, ShowEvent) and e.seat == seat for e in hand.events):
            hand.events.append(ShowEvent(line, seat, player, cards(shown.group(1))))
        won = None if cashed else next((m for m in _COLLECTED.finditer(rest) if m.group(2) is not None), None)
        if won and not any(isinstance(e, CollectEvent) for e in hand.events if e.line < hand.summary.line or not hand.summary.line):
            self.collect(hand, line, player, self.amount(hand, (won.group(1) + won.group(2)).strip()), None)
        if won:
            self.notes(hand).paid = True

    def on_BOARD(self, hand: Hand, f: Fields, line: int) -> None:
        hand.summary.boards.append(cards(f[0]))

    def on_SIT_OUT(self, hand: Hand, f: Fields, line: int) -> None:
        """"X is sitting out": X is dealt no cards (unless X posts or acts later)."""
        for s in hand.seats:
            if s.player == f[0]:
                s.sitting_out = True

    def finish(self, hand: Hand) -> None:
        notes = self.notes(hand)
        if not notes.paid:
            # every hand Party writes ends with who won the pot: without it the hand is cut off
            raise LineError(hand.end_line, 1, "(end of the hand)", "no line says who won the pot: the hand stops "
                            "before it is complete (cut off)", incomplete=True)
        self._forward_folds(hand, notes)
        seen = {e.seat for e in hand.events if isinstance(e, (PostEvent, ActionEvent))}
        present = {getattr(e, "seat", None) for e in hand.events
                   if not (isinstance(e, PostEvent) and e.kind is Post.ANTE)}
        for s in hand.seats:
            if s.sitting_out and s.seat in seen - _ante_only(hand):
                s.sitting_out = False
            elif s.seat not in present:
                # listed but never posts a blind, acts, is dealt, shows or wins: not dealt in
                # (Party lists seated players who sit out or were just moved in without saying
                # so; a player dealt in acts before the hand can end, or posted the blind). A
                # tournament player away from the table still pays the ante, and Party writes
                # no line for the fold of such a hand
                s.sitting_out = True
        self._short_big_blind(hand, notes)
        self._infer_blinds(hand, notes)
        self._fold_runs(hand)
        self._bets_over_short_all_ins(hand)
        self._live_second_small_blind(hand)
        self._size_invented(hand, notes)
        self._settle(hand)
        self._protected(hand, notes)

    @staticmethod
    def _protected(hand: Hand, notes: _Notes) -> None:
        """"X could not respond in time.(disconnected)" with no fold of X after it: Party's
        disconnect protection keeps X in the hand, all-in for what X put in (X may win the
        main pot, the others play on for a side pot). The audit does not model it yet, so
        the hand is not judged and says why (a PA04 warning naming the line)."""
        for line, seat, text in notes.disconnected:
            folded = any(isinstance(e, ActionEvent) and e.seat == seat and e.act is Act.FOLD and e.line > line
                         for e in hand.events)
            if not folded:
                hand.unknown_lines.append(UnknownLine(line, text, True, "disconnect protection"))

    @staticmethod
    def _forward_folds(hand: Hand, notes: _Notes) -> None:
        """"X Forward Folds" is a fold chosen before X's turn; when X's own "X folds"
        follows at X's turn, the forward fold is not an action of its own."""
        for line, seat in notes.forward:
            later = any(isinstance(e, ActionEvent) and e.seat == seat and e.act is Act.FOLD and e.line > line
                        for e in hand.events)
            if later:
                hand.events = [e for e in hand.events if e.line != line]

    @staticmethod
    def _fold_runs(hand: Hand) -> None:
        """Party writes a run of folds, one line after another, in the order the players
        chose them (a fold clicked in advance is written before the fold of a seat ahead of
        it), while the software acts them in seat order. A run of consecutive fold lines is
        put back in seat order, clockwise from the seat that acted just before the run (before
        the flop, from the big blind; after it, from the button); folds move no chips, so
        nothing but their order changes (each keeps its own line number)."""
        n = max([hand.max_seats or 0, 10, *(s.seat for s in hand.seats)])
        events = hand.events
        i = 0
        while i < len(events):
            e = events[i]
            if not (isinstance(e, ActionEvent) and e.act is Act.FOLD):
                i += 1
                continue
            j = i
            while j < len(events) and isinstance(events[j], ActionEvent) and events[j].act is Act.FOLD:  # type: ignore[union-attr]
                j += 1
            start = _seat_before(hand, events[:i])
            if j - i > 1 and start is not None:
                folds = [x for x in events[i:j] if isinstance(x, ActionEvent)]
                events[i:j] = _in_seat_order(folds, start, n)
            i = j

    @staticmethod
    def _bets_over_short_all_ins(hand: Hand) -> None:
        """Party names the first full bet of a street "bets" when the only chips in before
        it are an all-in for less than a bet ("cormacman is all-In [$0.03 USD]" then "Pivas
        bets [$1 USD]"): facing a wager it is a raise (of the same chips added)."""
        wagered = False
        for i, e in enumerate(hand.events):
            if isinstance(e, StreetEvent):
                wagered = False
            elif isinstance(e, ActionEvent):
                if e.act is Act.BET and wagered and e.amount is not None:
                    hand.events[i] = dataclasses.replace(e, act=Act.RAISE)
                if e.act in (Act.BET, Act.RAISE, Act.CALL) and e.all_in or e.act in (Act.BET, Act.RAISE):
                    wagered = True

    def _infer_blinds(self, hand: Hand, notes: _Notes) -> None:
        """Some tournament files (STT 10, freerolls, old MTTs) write the "Blinds(a/b)" but no
        blind posts, though the blinds were taken: "Player1 wins 900 chips" after a fold to
        the big blind at 300/600. Such a hand gets the posts the stakes and the seat order
        imply, as ordinary PostEvents at the "** Dealing down cards **" line: the small blind
        from the first seat dealt in clockwise after the button (the button itself
        heads-up), the big blind from the next, each capped at what the player has left after
        the ante (then all-in); after "There is no Small Blind in this hand", only the big
        blind, from the first seat after the button. They are kept only when the pot arithmetic proves them: the
        chips the hand pays out equal the chips put in with the inferred posts (a tournament
        takes no rake). Each "is all-In [x]" is then read again against what it faced (a
        raise over the big blind, not a bet)."""
        if hand.kind != "tournament" or not hand.bb or hand.button_seat is None or not notes.dealing:
            return
        if any(isinstance(e, PostEvent) and e.kind is not Post.ANTE for e in hand.events):
            return
        dealt = [s for s in hand.seats if not s.sitting_out]
        if len(dealt) < 2:
            return
        n = max([hand.max_seats or 0, 10, *(s.seat for s in hand.seats)])
        order = sorted(dealt, key=lambda s: (s.seat - hand.button_seat - 1) % n)  # type: ignore[operator]
        if len(order) == 2 and any(s.seat == hand.button_seat for s in order):
            order = sorted(order, key=lambda s: s.seat != hand.button_seat)
        antes = {e.seat: e.amount for e in hand.events if isinstance(e, PostEvent) and e.kind is Post.ANTE}
        posts = []
        due = [(order[0], Post.SMALL_BLIND, hand.sb), (order[1], Post.BIG_BLIND, hand.bb)]
        if notes.no_small_blind:  # the small blind's player left: the next seat posts the big blind
            due = [(order[0], Post.BIG_BLIND, hand.bb)]
        for s, kind, blind in due:
            left = s.stack - antes.get(s.seat, 0)
            if blind > 0 and left > 0:
                posts.append(PostEvent(notes.dealing, s.seat, s.player, kind, min(blind, left), all_in=left <= blind))
        at = next((i for i, e in enumerate(hand.events) if e.line > notes.dealing), len(hand.events))
        events = hand.events[:at] + posts + hand.events[at:]
        contrib, _ = _put_in(events)
        paid = sum(e.amount for e in events if isinstance(e, CollectEvent))
        if not posts or paid != sum(contrib.values()):
            return
        hand.events = []
        for e in events:
            if isinstance(e, ActionEvent) and e.line in notes.shoves and e.amount is not None:
                e = self.all_in_action(hand, e.line, e.seat, e.player, e.amount)
            hand.events.append(e)

    @staticmethod
    def _short_big_blind(hand: Hand, notes: _Notes) -> None:
        """Cash lines give the buy-in, not the blinds; when the big blind is posted all-in
        for less ("Player2 posts big blind [$0.01]" with $0.01 at 1c/2c), the big blind is
        what the first caller who posted nothing calls before any raise ("calls [$0.02]")."""
        bbs = [e for e in hand.events if isinstance(e, PostEvent) and e.kind is Post.BIG_BLIND]
        if not bbs or any(e.line not in notes.short for e in bbs):
            return
        posted = {e.seat for e in hand.events if isinstance(e, PostEvent) and e.kind is not Post.ANTE}
        for e in hand.events:
            if isinstance(e, StreetEvent) or isinstance(e, ActionEvent) and e.act in (Act.BET, Act.RAISE):
                break
            if isinstance(e, ActionEvent) and e.act is Act.CALL and e.seat not in posted and e.amount:
                if e.amount > bbs[0].amount:
                    hand.bb = e.amount
                    if hand.limit is Limit.FIXED_LIMIT:
                        hand.small_bet, hand.big_bet = e.amount, 2 * e.amount
                return

    @staticmethod
    def _live_second_small_blind(hand: Hand) -> None:
        """A second "posts small blind" (a player coming back in, LHE $15/$30 with $10/$15
        blinds: "Player1 posts small blind [$10]", then "Player1 calls [$5]" to the $15 big
        blind) counts toward the player's bet when the player's first call completes it to
        the bet faced: it becomes Post.DEAD with the chips live (the replay would otherwise
        take a late small blind as dead)."""
        smalls = [e for e in hand.events if isinstance(e, PostEvent) and e.kind is Post.SMALL_BLIND]
        for post in smalls[1:]:
            street: dict[int, int] = {}
            for e in hand.events:
                if isinstance(e, StreetEvent):
                    break
                if isinstance(e, PostEvent) and e.kind is not Post.ANTE:
                    street[e.seat] = street.get(e.seat, 0) + e.amount
                elif isinstance(e, ActionEvent):
                    facing = max(street.values(), default=0)
                    if e.seat == post.seat:
                        if e.act is Act.CALL and e.amount is not None and e.amount + street.get(e.seat, 0) == facing:
                            i = hand.events.index(post)
                            hand.events[i] = PostEvent(post.line, post.seat, post.player, Post.DEAD, post.amount,
                                                       0, post.all_in)
                        break
                    add = (e.to - street.get(e.seat, 0)) if e.to is not None else (e.amount or 0)
                    street[e.seat] = street.get(e.seat, 0) + add

    @staticmethod
    def _size_invented(hand: Hand, notes: _Notes) -> None:
        """A seat Party does not list (see `seat`), or lists with "( $0 USD )" though the
        player joins and posts in this hand, has an unknown stack. It gets the least stack
        consistent with the log: the chips the player puts in when the log says the player
        went all-in, otherwise those chips plus one unit (the player kept some)."""
        acting = {e.seat for e in hand.events if isinstance(e, (PostEvent, ActionEvent))}
        notes.invented |= {s.seat for s in hand.seats if s.stack == 0 and s.seat in acting}
        if not notes.invented:
            return
        contrib, _ = _put_in(hand.events)
        for s in hand.seats:
            if s.seat in notes.invented:
                shoved = any(isinstance(e, (ActionEvent, PostEvent)) and e.seat == s.seat and e.all_in
                             for e in hand.events)
                s.stack = contrib.get(s.seat, 0) + (0 if shoved else 1)

    @staticmethod
    def _settle(hand: Hand) -> None:
        """Party writes no uncalled-bet line and pays the unmatched part of the top bet back
        inside the winner's "wins" amount (2013+: inside "collected"), and classic cash hands
        write no rake. The pot is known from the chips put in: when more was collected than
        the pot holds without the unmatched bet, the collection is split into the uncalled
        return and the win; in a cash game what the pot holds beyond the payouts is the rake."""
        contrib, live = _put_in(hand.events)
        if not live:
            return
        top = max(live, key=lambda k: live[k])
        second = max((v for k, v in live.items() if k != top), default=0)
        excess = live[top] - second
        pot = sum(contrib.values()) - max(excess, 0)
        collects = [e for e in hand.events if isinstance(e, CollectEvent)]
        paid = sum(e.amount for e in collects)
        own = [e for e in collects if e.seat == top]
        exact = [e for e in own if e.amount == excess and e.pot not in (None, 0)]
        if excess > 0 and exact and paid - excess <= pot:
            # "X wins $1 USD from the side pot 1": the unmatched part of X's bet, which Party
            # writes as a side pot of X's alone (the main pot is paid to the others)
            i = hand.events.index(exact[-1])
            hand.events[i] = UncalledEvent(exact[-1].line, exact[-1].seat, exact[-1].player, excess)
            paid -= excess
        elif excess > 0 and paid > pot and own and max(e.amount for e in own) >= excess:
            big = max(own, key=lambda e: e.amount)
            i = hand.events.index(big)
            rest = big.amount - excess
            returned = UncalledEvent(big.line, big.seat, big.player, excess)
            if rest:
                hand.events[i:i + 1] = [returned, dataclasses.replace(big, amount=rest)]
            else:
                hand.events[i] = returned
            paid -= excess
        if hand.kind == "cash" and collects and hand.summary.rake is None and pot >= paid:
            hand.summary.rake = pot - paid


def _in_seat_order(actions: list[ActionEvent], after: int, n: int) -> list[Event]:
    """Actions sorted clockwise from the seat after `after` (at a table of `n` seats)."""
    def key(x: ActionEvent) -> int:
        return (x.seat - after - 1) % n

    ordered: list[ActionEvent] = sorted(actions, key=key)
    out: list[Event] = []
    out.extend(ordered)
    return out


def _seat_before(hand: Hand, events: list[Event]) -> int | None:
    """The seat after which the next action of the street is due: the last seat to act in
    the street; before any action, the big blind pre-flop and the button after the flop."""
    for e in reversed(events):
        if isinstance(e, ActionEvent):
            return e.seat
        if isinstance(e, StreetEvent):
            return hand.button_seat
        if isinstance(e, PostEvent) and e.kind is Post.BIG_BLIND:
            return e.seat
    return None


def _ante_only(hand: Hand) -> set[int]:
    """Seats whose only events are ante posts."""
    other = {getattr(e, "seat", None) for e in hand.events if not (isinstance(e, PostEvent) and e.kind is Post.ANTE)}
    return {e.seat for e in hand.events if isinstance(e, PostEvent) and e.seat not in other}


def _put_in(events: list[Event]) -> tuple[dict[int, int], dict[int, int]]:
    """Chips each seat puts in (posts, antes and actions) and the live part of them."""
    contrib: dict[int, int] = {}
    live: dict[int, int] = {}
    street: dict[int, int] = {}
    for e in events:
        if isinstance(e, StreetEvent):
            street = {}
        elif isinstance(e, PostEvent):
            contrib[e.seat] = contrib.get(e.seat, 0) + e.amount + e.dead
            if e.kind is not Post.ANTE:
                live[e.seat] = live.get(e.seat, 0) + e.amount
                street[e.seat] = street.get(e.seat, 0) + e.amount
        elif isinstance(e, ActionEvent):
            add = 0
            if e.to is not None:
                add = e.to - street.get(e.seat, 0)
            elif e.amount:
                add = e.amount
            street[e.seat] = street.get(e.seat, 0) + add
            contrib[e.seat] = contrib.get(e.seat, 0) + add
            live[e.seat] = live.get(e.seat, 0) + add
    return contrib, live


FORMATS = [PartyPokerFormat()]
