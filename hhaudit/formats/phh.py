"""PHH, the poker hand history format of uoftcprg/phh-std (read and written by pokerkit).

A `.phh` file is one hand, a TOML document of fields; a `.phhs` file holds many, each a
top-level table (`[1]`, `[2]`, ...). The file is read with `tomllib` (numbers as exact
`Decimal`s, never floats) and each string of the hand's `actions` array with the Lark
grammar `grammars/phh.lark`.

What the fields mean (phh-std "Required Fields", "Optional Fields", "Position"):

- Every per-player array is in PHH's player order: p1 is the small blind, the last player
  has the button. Heads-up the blinds and antes are "reverse-assigned": p1 posts the last
  entry (the big blind) and p2, the button, the first. `seats` gives each player's seat
  number (1..N when absent), `players` the names (`pN` when absent or empty).
- `blinds_or_straddles`: entry 1 is the small blind, entry 2 the big blind, any later one a
  straddle; `antes` each player's ante (a big-blind ante is one entry). Forced bets are
  posted antes first, then blinds and straddles, each capped at the player's stack.
- `cbr X` completes, bets or raises TO X (the player's street total); `cc` checks or calls
  (the call is what matches the largest bet, at most the stack); `sm CARDS` shows, `sm -`
  shows the cards dealt earlier, `sm` alone mucks. The dealer's `d dh pN CARDS` deals hole
  cards (`????` unknown) and `d db CARDS` the board.
- `ante_trimming_status` (phh-std, false by default): false lets a player all-in for part
  of the ante win all the antes; the reader does not build that pot, so such a hand's
  payments are not judged (winner, side pot and odd-chip rules abstain). True (each player
  wins the antes as far as he paid them) is the pot the audit builds.
- `winnings` are the amounts each player collected, after rake (and, as in every exporter of
  the public dataset, with the player's own unmatched bet); `finishing_stacks` the stacks
  after the hand. They are the log's payments: each becomes a `CollectEvent`
  (from `finishing_stacks` as end stack - start stack + chips put in), so the pot audit
  compares them with the cards. When both are given, `winnings` are the payments and
  `finishing_stacks` the stacks the log states after the hand, checked against the replay
  (AC06, one finding for the array). The file states no rake: the pot less what it pays is the
  rake it took (`summary.rake`), when that is not negative (the pot without the top
  bettor's unmatched bet: his live bet over the next one, as an ante or a dead post is never
  returned); a payment above the pot stays a payment above the pot. A `winnings` array of zeros on a hand whose pot someone must have
  won (the public HandHQ conversion writes one where its source had no collection line)
  states no payment: the hand's pots are then not judged. A `rake` (or `_rake`) number, which
  phh-std does not define but a writer may add, is the rake the log states instead.
- A starting stack of `inf` is unknown (phh-std): the seat is given a stack deep enough for
  every bet of the hand (the sum of every seat's chips put in, plus one big blind), so that
  it is never all-in; nothing about that stack is judged.
- The start (`year`/`month`/`day`/`time`) is in `time_zone` (IANA) or
  `time_zone_abbreviation`; with neither, phh-std puts it in the local zone of the `city`,
  `region` and `country` when all three are given (kept as written, `Hand.local_time`, not
  placed: hhaudit does not look places up), else in UTC.
- Variants `NT`, `PT` and `FT` (no-limit, pot-limit and fixed-limit hold'em) are audited;
  every other variant is read (metadata, no events) as `unsupported_game`.

Amounts are converted exactly: each number becomes an integer in the smallest unit the file
prints (`Hand.scale` is the most decimals any amount of the hand shows).
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable, Iterator, Sequence
from datetime import datetime, time
from decimal import Decimal, InvalidOperation
from typing import Any, ClassVar, Final
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from ..engine.live_rules import EndStack
from ..identity import IdScope
from ..model import (
    Act,
    ActionEvent,
    CollectEvent,
    DealEvent,
    Hand,
    Limit,
    ParseProblem,
    Post,
    PostEvent,
    Seat,
    ShowEvent,
    Status,
    Street,
    StreetEvent,
)
from ..money import CURRENCY_SYMBOLS
from ..sites import site_name
from .base import LineError, UnsupportedGame, fallback_id, load_grammar
from .common import ZONES, game_code, set_omaha, to_utc

HOLDEM: Final = {"NT": Limit.NO_LIMIT, "PT": Limit.POT_LIMIT, "FT": Limit.FIXED_LIMIT}
"""PHH variant codes hhaudit audits (phh-std lists NT and FT; PT follows its naming)."""
OMAHA: Final = {"PO": (Limit.POT_LIMIT, False), "FO/8": (Limit.FIXED_LIMIT, True), "NO": (Limit.NO_LIMIT, False),
                "FO": (Limit.FIXED_LIMIT, False), "PO/8": (Limit.POT_LIMIT, True), "NO/8": (Limit.NO_LIMIT, True)}
"""PHH's Omaha codes: phh-std lists PO (pot-limit Omaha) and FO/8 (fixed-limit Omaha Hi/Lo
eight or better); the others follow its naming. Four hole cards."""

_HEADER: Final = re.compile(r"\s*\[\s*(?P<name>[A-Za-z0-9_-]+|\"[^\"]*\"|'[^']*')\s*\]\s*(?:#.*)?")
"""A top-level table header of a `.phhs` file: one hand starts here."""
_KEY: Final = re.compile(r"\s*(?P<key>[A-Za-z0-9_-]+)\s*=")
_VARIANT: Final = re.compile(r"\s*variant\s*=\s*['\"]")
_FIELD: Final = re.compile(r"\s*(?:actions|antes|blinds_or_straddles|starting_stacks|min_bet)\s*=")
_TOML_AT: Final = re.compile(r"\(at line (\d+), column (\d+)\)")
_CBR_AMOUNT: Final = re.compile(r"\bcbr\s+(\d+(?:\.\d*)?|\.\d+)")
_RANKS: Final = frozenset("23456789TJQKA")
_SUITS: Final = frozenset("cdhs")
_MONEY_FIELDS: Final = ("antes", "blinds_or_straddles", "bring_in", "small_bet", "big_bet", "min_bet",
                        "starting_stacks", "finishing_stacks", "winnings", "rake", "_rake")
_STREETS: Final = {3: Street.FLOP, 4: Street.TURN, 5: Street.RIVER}
_SYMBOLS: Final = {sym: code for sym, code in CURRENCY_SYMBOLS.items()}


def _decimals(value: Any) -> int:
    if isinstance(value, Decimal) and value.is_finite():
        exp = value.as_tuple().exponent
        return -exp if isinstance(exp, int) and exp < 0 else 0
    return 0


def to_units(value: Any, scale: int, what: str) -> int:
    """A PHH number (int or exact Decimal) in 10**-scale units; a fraction finer than the
    scale, a negative or a non-number is a ValueError naming `what`."""
    if isinstance(value, bool) or not isinstance(value, (int, Decimal)):
        raise ValueError(f"{what}: {value!r} is not a number")  # noqa: TRY004 (a data error)
    units: int
    if isinstance(value, int):
        units = value * 10**scale
    else:
        if not value.is_finite():
            raise ValueError(f"{what}: {value} is not a finite amount")
        shifted = value.scaleb(scale)
        if shifted != shifted.to_integral_value():
            raise ValueError(f"{what}: {value} has more than {scale} decimals")
        units = int(shifted)
    if units < 0:
        raise ValueError(f"{what}: {value} is negative")
    return units


def parse_cards(text: str) -> list[str | None]:
    """PHH card notation ("AhKd", "9dThQs", "??Ad"): each card, None where unknown."""
    if len(text) % 2:
        raise ValueError(f"{text!r} is not a run of two-character cards")
    out: list[str | None] = []
    for i in range(0, len(text), 2):
        rank, suit = text[i], text[i + 1]
        if rank == "?" or suit == "?":
            out.append(None)
        elif rank in _RANKS and suit in _SUITS:
            out.append(rank + suit)
        else:
            raise ValueError(f"{text[i:i + 2]!r} is not a card")
    return out


class _Build:
    """One hand's events from its action strings (the grammar's handlers' target): each
    seat's street commitment and stack, so that `cbr`/`cc` become the model's events."""

    def __init__(self, hand: Hand, seats: list[int], names: list[str], stacks: list[int | None],
                 lines: list[int]) -> None:
        self.hand = hand
        self.seats = seats
        self.names = names
        self.left = list(stacks)  # None: unknown (inf)
        self.lines = lines  # source line of each action
        self.street = [0] * len(seats)
        self.total = [0] * len(seats)
        self.bets = [0] * len(seats)  # the live part of `total`: no ante, no dead post
        self.current = 0
        self.board: list[str] = []
        self.hole: dict[int, tuple[str, ...]] = {}

    def line(self, number: int) -> int:
        return self.lines[number - 1]

    def player(self, text: str | None) -> int:
        i = int(text or 0) - 1
        if not 0 <= i < len(self.seats):
            raise ValueError(f"no player p{text} in a hand of {len(self.seats)} players")
        return i

    def put(self, i: int, chips: int, live: bool = True) -> bool:
        """Chips from player i into the pot; whether they were the last of a known stack."""
        self.total[i] += chips
        if live:
            self.bets[i] += chips
            self.street[i] += chips
            self.current = max(self.current, self.street[i])
        left = self.left[i]
        if left is None:
            return False
        self.left[i] = left - chips
        return left - chips <= 0

    def post(self, line: int, i: int, kind: Post, amount: int, dead: int = 0) -> None:
        """A forced bet, capped at the stack (the dead part first)."""
        left = self.left[i]
        if left is not None:
            dead = min(dead, left)
            amount = min(amount, left - dead)
        all_in = self.put(i, dead, live=False) if dead else False
        if kind is Post.ANTE:
            all_in = self.put(i, amount, live=False)
        elif amount or not dead:
            all_in = self.put(i, amount)
        self.hand.events.append(PostEvent(line, self.seats[i], self.names[i], kind, amount, dead, all_in))

    # -- the grammar's handlers: (builder, fields, action number)
    def on_HOLE(self, fields: Sequence[str | None], number: int) -> None:
        i = self.player(fields[0])
        cards = parse_cards(fields[1] or "")
        count = self.hand.hole_cards
        if len(cards) != count:
            raise ValueError(f"{len(cards)} hole cards dealt in {'Omaha' if count != 2 else 'hold' + chr(39) + 'em'}")
        known = tuple(c for c in cards if c is not None)
        if len(known) == count:
            self.hole[i] = known
            self.hand.events.append(DealEvent(self.line(number), self.seats[i], self.names[i], known))

    def on_BOARD(self, fields: Sequence[str | None], number: int) -> None:
        cards = parse_cards(fields[0] or "")
        if any(c is None for c in cards):
            raise ValueError("a board card is unknown")
        new = tuple(c for c in cards if c is not None)
        street = _STREETS.get(len(self.board) + len(new))
        if street is None or (not self.board and len(new) != 3):
            raise ValueError(f"{len(new)} board cards dealt to a board of {len(self.board)}")
        self.board.extend(new)
        self.street = [0] * len(self.seats)
        self.current = 0
        self.hand.events.append(StreetEvent(self.line(number), street, new, tuple(self.board)))

    def on_BET(self, fields: Sequence[str | None], number: int) -> None:
        i = self.player(fields[0])
        to = to_units(Decimal(fields[1] or "0"), self.hand.scale, "cbr")
        chips = to - self.street[i]
        facing = self.current
        all_in = self.put(i, max(chips, 0))
        line, seat, name = self.line(number), self.seats[i], self.names[i]
        if facing == 0:
            self.hand.events.append(ActionEvent(line, seat, name, Act.BET, chips, None, all_in))
        else:
            self.hand.events.append(ActionEvent(line, seat, name, Act.RAISE, None, to, all_in))

    def on_CHECK_CALL(self, fields: Sequence[str | None], number: int) -> None:
        i = self.player(fields[0])
        owed = self.current - self.street[i]
        line, seat, name = self.line(number), self.seats[i], self.names[i]
        if owed <= 0:
            self.hand.events.append(ActionEvent(line, seat, name, Act.CHECK))
            return
        left = self.left[i]
        chips = owed if left is None else min(owed, max(left, 0))
        all_in = self.put(i, chips)
        self.hand.events.append(ActionEvent(line, seat, name, Act.CALL, chips, None, all_in))

    def on_FOLD(self, fields: Sequence[str | None], number: int) -> None:
        i = self.player(fields[0])
        self.hand.events.append(ActionEvent(self.line(number), self.seats[i], self.names[i], Act.FOLD))

    def on_SHOW(self, fields: Sequence[str | None], number: int) -> None:
        i = self.player(fields[0])
        line, seat, name = self.line(number), self.seats[i], self.names[i]
        text = fields[1]
        if text is None:
            self.hand.events.append(ShowEvent(line, seat, name, (), True))
            return
        if text == "-":
            shown: tuple[str, ...] = self.hole.get(i, ())
        else:
            cards = parse_cards(text)
            shown = tuple(c for c in cards if c is not None) if None not in cards else ()
        self.hand.events.append(ShowEvent(line, seat, name, shown))

    def on_BRING_IN(self, fields: Sequence[str | None], number: int) -> None:
        raise ValueError("a bring-in (stud) in a hold'em hand")

    def on_DISCARD(self, fields: Sequence[str | None], number: int) -> None:
        raise ValueError("a discard (draw games) in a hold'em hand")


_HANDLERS: Final = {name[3:]: getattr(_Build, name) for name in dir(_Build) if name.startswith("on_")}


class PhhFormat:
    """PHH (`.phh`, `.phhs`): the LineFormat interface over TOML hands."""

    name: ClassVar[str] = "phh"
    sites: ClassVar[tuple[str, ...]] = ("PHH",)
    grammar: ClassVar[str] = "phh"
    description: ClassVar[str] = "PHH (uoftcprg/phh-std, pokerkit): TOML, .phh one hand, .phhs many ([1], [2], ...)"
    priority: ClassVar[int] = 0
    id_scope: ClassVar[str] = IdScope.EVENT
    """The spec's `hand` is "the hand number" of its event: a bot match, a final table and a
    site's export each count from their own start. Its event is `event`, the date
    (`year`/`month`/`day`) and `table` (`Hand.id_scope`, `_read_metadata`)."""

    def detect(self, head: Sequence[str]) -> bool:
        return any(_VARIANT.match(line) for line in head) and any(_FIELD.match(line) for line in head)

    def split(self, lines: Iterable[str]) -> Iterator[tuple[int, list[str]]]:
        """A `.phhs` file's hands, one per top-level table; a file whose text before its
        first table header holds a `variant` is one hand (`.phh`), tables included."""
        chunk: list[str] = []
        first = 1
        single = False
        for number, line in enumerate(lines, 1):
            if not single and _HEADER.fullmatch(line):
                if chunk and number > 1 and self._is_hand(chunk):
                    if first == 1 and not _HEADER.fullmatch(chunk[0]) and any(_VARIANT.match(s) for s in chunk):
                        single = True  # a .phh file: its own tables belong to it
                        chunk.append(line)
                        continue
                    yield first, chunk
                chunk = [line]
                first = number
                continue
            if not chunk:
                first = number
            chunk.append(line)
        if chunk and self._is_hand(chunk):
            yield first, chunk

    @staticmethod
    def _is_hand(chunk: list[str]) -> bool:
        return any(s.strip() and not s.lstrip().startswith("#") for s in chunk)

    # ------------------------------------------------------------------ parsing
    def parse_hand(self, lines: list[str], first_line: int, source: str) -> Hand:
        hand = Hand(site="PHH", format=self.name, hand_id="", source=source, line=first_line)
        hand.end_line = first_line + len(lines) - 1
        hand.text = "\n".join(lines)
        hand.implicit_uncalled = True
        try:
            try:
                self._build(hand, lines, first_line)
            except ValueError as exc:
                raise LineError(first_line, 1, lines[0] if lines else "", str(exc)) from None
        except LineError as err:
            if hand.status is not Status.UNSUPPORTED_GAME:
                hand.status = Status.PARSE_ERROR
                hand.problem = ParseProblem(err.line, err.column, err.text.strip(), err.message)
                hand.events = []
        except UnsupportedGame:
            hand.status = Status.UNSUPPORTED_GAME
            hand.events = []
        if not hand.hand_id:
            hand.hand_id = fallback_id(source, first_line)
        return hand

    def _build(self, hand: Hand, lines: list[str], first_line: int) -> None:
        text = "\n".join(lines)
        try:
            doc = tomllib.loads(text, parse_float=Decimal)
        except tomllib.TOMLDecodeError as exc:
            m = _TOML_AT.search(str(exc))
            if m:
                row, col = int(m.group(1)), int(m.group(2))
            else:  # "at end of document": the last line that is not blank
                row = max((i + 1 for i, s in enumerate(lines) if s.strip()), default=1)
                col = len(lines[row - 1]) + 1 if lines else 1
            bad = lines[row - 1] if 0 < row <= len(lines) else ""
            raise LineError(first_line + row - 1, col, bad, f"not TOML: {str(exc).split(' (at ')[0]}") from None
        except InvalidOperation as exc:
            raise LineError(first_line, 1, lines[0] if lines else "", f"not a number: {exc}") from None
        table: dict[str, Any] = doc
        head = _HEADER.fullmatch(lines[0]) if lines else None
        if "variant" not in doc and len(doc) == 1:
            name, only = next(iter(doc.items()))
            if isinstance(only, dict):
                table = only
                hand.hand_id = str(name)
        where = _field_lines(lines, first_line, skip_header=head is not None)

        def line_of(key: str) -> int:
            return where.get(key, first_line)

        def fail(key: str, message: str) -> LineError:
            i = line_of(key) - first_line
            return LineError(line_of(key), 1, lines[i] if 0 <= i < len(lines) else "", message)

        _read_metadata(hand, table)
        variant = table.get("variant")
        if not isinstance(variant, str):
            raise fail("variant", "no variant code (the required field `variant`)")
        limit = HOLDEM.get(variant.strip())
        omaha = OMAHA.get(variant.strip())
        if limit is None and omaha is not None:
            limit = omaha[0]
            set_omaha(hand, 4, omaha[1])
        if limit is None:
            hand.game = variant.strip()
            hand.variant = variant.strip()
            raise UnsupportedGame(variant)
        hand.limit = limit
        hand.game = game_code(limit, hand.variant, hand.hole_cards, hand.hilo)
        actions = table.get("actions")
        if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
            raise fail("actions", "`actions` must be an array of strings")
        starting = table.get("starting_stacks")
        if not isinstance(starting, list) or len(starting) < 2:
            raise fail("starting_stacks", "`starting_stacks` must list two players or more")
        n = len(starting)

        def array(key: str, default: Any = None) -> list[Any] | None:
            value = table.get(key, default)
            if value is None:
                return None
            if not isinstance(value, list) or len(value) != n:
                raise fail(key, f"`{key}` must be an array of {n} values, one per player")
            return value

        # the scale: the most decimals any amount of the hand prints
        scale = 0
        for key in _MONEY_FIELDS:
            value = table.get(key)
            for v in value if isinstance(value, list) else [value]:
                scale = max(scale, _decimals(v))
        for a in actions:
            m = _CBR_AMOUNT.search(a)
            if m:
                scale = max(scale, _decimals(Decimal(m.group(1))))
        if hand.currency and hand.currency != "play" and hand.kind == "cash":
            scale = max(scale, 2)  # money's smallest unit is the cent, whole amounts printed or not
        hand.scale = scale

        def units(key: str, value: Any) -> int:
            try:
                return to_units(value, scale, key)
            except ValueError as exc:
                raise fail(key, str(exc)) from None

        antes = [units("antes", v) for v in array("antes", [0] * n) or []]
        raw_blinds = array("blinds_or_straddles", [0] * n) or []
        posted = [isinstance(v, (int, Decimal)) and v < 0 for v in raw_blinds]
        blinds = [units("blinds_or_straddles", abs(v) if isinstance(v, (int, Decimal)) else v) for v in raw_blinds]
        stacks: list[int | None] = []
        for v in starting:
            if v is None or (isinstance(v, Decimal) and v.is_infinite()):
                stacks.append(None)
            else:
                stacks.append(units("starting_stacks", v))
        seat_values = array("seats")
        seats = [int(s) for s in seat_values] if seat_values else list(range(1, n + 1))
        if len(set(seats)) != n or min(seats) < 0:
            raise fail("seats", "`seats` must be distinct seat numbers (0 or more)")
        if sum(seats[i - 1] > seats[i] for i in range(n)) != 1:
            # Not clockwise in the players' order, which decides the position (phh-std
            # "Position"): the seats are numbered in that order.
            seats = list(range(1, n + 1))
        names_in = array("players")
        names: list[str] = []
        for i in range(n):
            name = str(names_in[i]).strip() if names_in else ""
            names.append(name if name and name not in names else f"p{i + 1}")
        hand.sb = blinds[0]
        hand.bb = blinds[1] if blinds[1] else units("min_bet", table.get("min_bet", 0))
        hand.ante = max(antes)
        if limit is Limit.FIXED_LIMIT:
            hand.small_bet = units("small_bet", table.get("small_bet", 0))
            hand.big_bet = units("big_bet", table.get("big_bet", 0))
        hand.button_seat = seats[-1]
        count = table.get("seat_count")
        hand.max_seats = count if isinstance(count, int) and count >= n else None
        hand.seats = [Seat(seats[i], names[i], 0, False, line_of("starting_stacks")) for i in range(n)]
        hand.seat_numbers = {names[i]: seats[i] for i in range(n)}

        build = _Build(hand, seats, names, stacks, _action_lines(lines, first_line, line_of("actions"), actions))
        order = list(range(n)) if n > 2 else [1, 0]  # heads-up: reverse-assigned
        for k, amount in enumerate(antes):
            if amount:
                build.post(line_of("antes"), order[k], Post.ANTE, amount)
        short = [order[k] for k, amount in enumerate(antes)
                 if amount and (left := stacks[order[k]]) is not None and left < amount]
        if short and table.get("ante_trimming_status") is not True:
            # phh-std "Ante Trimming Status" (false by default): a player who cannot pay the
            # full ante "can win all the antes even if they did not pay the full ante", a
            # pot the audit does not build: who is paid what is not judged
            hand.abstain(f"{names[short[0]]} is all-in for part of the ante and, untrimmed, may win all the antes",
                         ("winner", "side_pot", "odd_chip"))
        for k, amount in enumerate(blinds):
            if amount and posted[k]:
                # A negative entry is a "post bet" (pokerkit): a player posting to come in
                # out of position. The big blind of it plays, the rest is dead (Robert's
                # Rules, blinds: a missed small blind is dead); a post smaller than the big
                # blind is a dead small blind.
                live = hand.bb if amount >= hand.bb else 0
                build.post(line_of("blinds_or_straddles"), order[k], Post.DEAD, live, amount - live)
            elif amount:
                kind = Post.SMALL_BLIND if k == 0 else Post.BIG_BLIND if k == 1 else Post.STRADDLE
                build.post(line_of("blinds_or_straddles"), order[k], kind, amount)
        try:
            load_grammar(self.grammar).run(actions, 1, _HANDLERS, build)
        except LineError as err:
            raise LineError(build.line(err.line) if 0 < err.line <= len(actions) else line_of("actions"),
                            1, err.text, f"action {err.line} ({err.text.strip()!r}): {err.message}") from None
        # The showdown comes after the last board card, whenever the log shows the cards
        # (players all-in show before the board is run out).
        # A player shown more than once (the public dataset repeats an all-in player's
        # unknown cards on each street, then shows them) shows once, what was seen last.
        shows: list[ShowEvent] = []
        by_seat: dict[int, ShowEvent] = {}
        for e in hand.events:
            if not isinstance(e, ShowEvent):
                continue
            seen = by_seat.get(e.seat)
            if seen is None:
                by_seat[e.seat] = e
                shows.append(e)
            elif e.cards or not e.muck:
                seen.cards, seen.muck = e.cards or seen.cards, e.muck and seen.muck
        if shows:
            hand.events = [e for e in hand.events if not isinstance(e, ShowEvent)]
            hand.events.append(StreetEvent(shows[0].line, Street.SHOWDOWN, (), ()))
            hand.events.extend(shows)
        # unknown stacks: deep enough for every bet of the hand
        deep = sum(build.total) + max(hand.bb, 1)
        for i, seat in enumerate(hand.seats):
            known = stacks[i]
            seat.stack = deep if known is None else known
        self._payments(hand, table, build, stacks, array, units, line_of)

    @staticmethod
    def _payments(hand: Hand, table: dict[str, Any], build: _Build, stacks: list[int | None],
                  array: Any, units: Any, line_of: Any) -> None:
        """The log's payments, from `winnings` or else from `finishing_stacks`."""
        n = len(build.seats)
        put_in = sum(build.total)
        paid: list[int] | None = None
        where = 0
        winnings = array("winnings")
        if winnings is not None:
            paid = [units("winnings", v) for v in winnings]
            where = line_of("winnings")
            if not any(paid) and put_in:
                paid = None  # zeros where a pot was won: no payment stated
        finishing = array("finishing_stacks")
        if paid is None and finishing is not None and None not in stacks:
            ends = [units("finishing_stacks", v) for v in finishing]
            paid = [ends[i] - (stacks[i] or 0) + build.total[i] for i in range(n)]
            where = line_of("finishing_stacks")
            if not any(paid) and put_in:
                paid = None
        elif paid is not None and finishing is not None and len(finishing) == n:
            # both given: the payments come from `winnings`, and the stacks the log states
            # after the hand are checked against them (AC06), seat by seat whose start is known
            at = line_of("finishing_stacks")
            for i, v in enumerate(finishing):
                if stacks[i] is not None:
                    hand.live.append(EndStack(at, build.seats[i], build.names[i], units("finishing_stacks", v)))
        if paid is None:
            return
        for i, amount in enumerate(paid):
            if amount > 0:
                hand.events.append(CollectEvent(where, build.seats[i], build.names[i], amount))
        # The rake is what the pot keeps. Exporters differ on whether a winner's own
        # unmatched bet is inside the payment: without it unless that makes the rake negative.
        # The unmatched bet is the top live bet over the next: antes and dead posts are
        # never returned (a dead small blind posted with a raise to 16 returns 12, not 14).
        ranked = sorted(build.bets, reverse=True)
        pot = put_in - (ranked[0] - ranked[1])
        out = sum(a for a in paid if a > 0)
        stated = table.get("rake", table.get("_rake"))
        if isinstance(stated, (int, Decimal)) and not isinstance(stated, bool):
            # A file that states its rake (a field outside phh-std, as some writers add it):
            # the pot audit compares payments + rake with the pot.
            hand.summary.rake = units("rake", stated)
            hand.summary.line = line_of("rake") if "rake" in table else line_of("_rake")
            return
        kept = pot - out if pot - out >= 0 else put_in - out
        if kept >= 0:
            hand.summary.rake = kept
            hand.summary.line = where


def _field_lines(lines: list[str], first_line: int, skip_header: bool) -> dict[str, int]:
    """The source line of each top-level key of the hand's table."""
    out: dict[str, int] = {}
    depth = 0  # inside a multi-line array
    for i, line in enumerate(lines):
        if i == 0 and skip_header:
            continue
        if depth == 0:
            m = _KEY.match(line)
            if m and m.group("key") not in out:
                out[m.group("key")] = first_line + i
            elif _HEADER.fullmatch(line):
                break  # a sub-table: its keys are not the hand's
        depth += _brackets(line)
        depth = max(depth, 0)
    return out


def _brackets(line: str) -> int:
    """Net `[` minus `]` of a TOML line outside its strings and comment."""
    n = 0
    quote = ""
    for ch in line:
        if quote:
            if ch == quote:
                quote = ""
        elif ch in "'\"":
            quote = ch
        elif ch == "#":
            break
        elif ch == "[":
            n += 1
        elif ch == "]":
            n -= 1
    return n


def _action_lines(lines: list[str], first_line: int, start: int, actions: list[str]) -> list[int]:
    """The source line of each action string (a multi-line `actions` array puts them on
    several lines): found in order from the `actions` key on."""
    out: list[int] = []
    j = max(start - first_line, 0)
    for a in actions:
        k = j
        while k < len(lines) and a not in lines[k]:
            k += 1
        if k < len(lines):
            j = k
        out.append(first_line + j)
    return out


def _read_metadata(hand: Hand, table: dict[str, Any]) -> None:
    """Hand number, venue, table, currency and time (optional fields)."""
    number = table.get("hand")
    if isinstance(number, (str, int)) and not isinstance(number, bool) and str(number):
        hand.hand_id = str(number)
    venue = table.get("venue")
    if isinstance(venue, str) and venue.strip():
        hand.site = site_name(venue)
    name = table.get("table")
    if isinstance(name, (str, int)) and not isinstance(name, bool):
        hand.table_name = str(name)
    currency = table.get("currency")
    symbol = table.get("currency_symbol")
    if isinstance(currency, str) and currency.strip():
        hand.currency = currency.strip().upper()
    elif isinstance(symbol, str) and symbol in _SYMBOLS:
        hand.currency = _SYMBOLS[symbol]
    if "level" in table or "event" in table and "tournament" in str(table.get("event", "")).lower():
        hand.kind = "tournament"
    hand.started_at, hand.tz = _start(table)
    if hand.started_at is None and not hand.tz:
        hand.local_time = _wall_clock(table)  # the place's local time (`_start`)
    # what the spec's `hand` number counts within: its event, date and table
    event = table.get("event")
    date = "-".join(str(table.get(k, "")) for k in ("year", "month", "day"))
    name = event if isinstance(event, str) else ""
    if name or date != "--" or hand.table_name:
        hand.id_scope = f"{name}\x1f{date}\x1f{hand.table_name}"  # else the file (`IdScope.EVENT`)


def _wall_clock(table: dict[str, Any]) -> datetime | None:
    """The hand's start as written (`year`/`month`/`day`/`time`), without a zone."""
    y, mo, d, t = table.get("year"), table.get("month"), table.get("day"), table.get("time")
    if not (isinstance(y, int) and isinstance(mo, int) and isinstance(d, int)):
        return None
    clock = t if isinstance(t, time) else time(0)
    try:
        return datetime(y, mo, d, clock.hour, clock.minute, clock.second)
    except ValueError:
        return None


def _start(table: dict[str, Any]) -> tuple[datetime | None, str]:
    """UTC start time from `year`/`month`/`day`/`time` and `time_zone` (IANA) or
    `time_zone_abbreviation`; with neither, the local time of the `city`, `region` and
    `country` when all three are given (not placed: None), else UTC (phh-std "Time")."""
    y, mo, d, t = table.get("year"), table.get("month"), table.get("day"), table.get("time")
    zone = table.get("time_zone")
    abbr = table.get("time_zone_abbreviation")
    tz = zone if isinstance(zone, str) else abbr if isinstance(abbr, str) else ""
    if not (isinstance(y, int) and isinstance(mo, int) and isinstance(d, int)):
        return None, tz
    clock = t if isinstance(t, time) else time(0)
    if isinstance(zone, str) and zone:
        try:
            local = datetime(y, mo, d, clock.hour, clock.minute, clock.second, tzinfo=ZoneInfo(zone))
        except (ZoneInfoNotFoundError, ValueError):
            return None, tz
        return local.astimezone(ZoneInfo("UTC")), tz
    if isinstance(abbr, str) and abbr and abbr.upper() not in ZONES:
        return None, tz  # a zone the time cannot be placed in ("GMT-0910")
    if not tz and all(isinstance(table.get(k), str) and table[k].strip() for k in ("city", "region", "country")):
        # phh-std "Time": with no zone but a city, region and country, the time is the
        # place's local time, a zone hhaudit does not look up: kept as written
        return None, tz
    stamp = f"{y:04d}/{mo:02d}/{d:02d} {clock.hour:02d}:{clock.minute:02d}:{clock.second:02d}"
    return to_utc(f"{stamp} {abbr}" if isinstance(abbr, str) and abbr else f"{stamp} UTC")


FORMATS = [PhhFormat()]
