"""Open Hand History (hh-specs.handhistory.org): one `{"ohh": {...}}` JSON object per hand.

A file holds one hand, or several separated by blank lines (the spec's storage format), one
per line, or pretty-printed: `split` cuts it into objects by their braces (outside strings),
so every hand keeps its source lines and one malformed object is one `parse_error` hand.
JSON is read with the standard library (numbers as exact `Decimal`s); there is no grammar.

Fields (what each of the spec's objects means to the reader; an action name outside the
spec's list is kept, named by a PA04 warning, and the hand not judged):

- `players` (`id`, `seat`, `name`, `starting_stack`, `is_sitting_out`), `dealer_seat`,
  `small_blind_amount`, `big_blind_amount`, `ante_amount`, `bet_limit.bet_type` (NL, PL, FL:
  the big bet of a fixed-limit game is twice the big blind), `table_size`, `currency`
  ("XPM", and the older "PPC", are play money), `tournament` and `tournament_info`.
- `rounds` in order: Preflop, Flop, Turn, River (each with the board cards it adds) and
  Showdown. Actions: "Post SB", "Post BB", "Post Ante", "Straddle", "Post Extra Blind" (a
  live blind out of turn), "Post Dead" (dead; after a "Post Extra Blind" of the same player,
  the dead part of that post), "Dealt Cards", "Fold", "Check", "Call", "Bet", "Raise" (its
  `amount` is the chips the raise put in, the spec's own example), "Shows Cards", "Mucks
  Cards"; "Add to Pot" is room money added to the pot. "Added Chips", "Sits Down", "Stands
  Up" and "Player Adjustment" happen outside the pot and are kept out of the events.
- `pots`: each pot's `amount` (rake included), `rake`, `jackpot` and `player_wins`
  (`win_amount`): the log's payments, each a `CollectEvent` of that pot. The spec writes no
  uncalled-bet return: the unmatched bet comes back implicitly. A player who cashed out of
  the hand still has his `win_amount` (the spec's rule), and his `cashout_fee` is a
  "cash_out_fee" `FeeEvent`, paid outside the pot as the sites' own cash-out fees are;
  `cashout_amount` (what the room paid him instead) has no place in the model.

Hold'em (`game_type` "Holdem") is audited; other games are read as `unsupported_game`.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator, Sequence
from datetime import UTC, datetime
from decimal import Decimal
from typing import Any, ClassVar, Final

from ..identity import IdScope
from ..model import (
    Act,
    ActionEvent,
    CollectEvent,
    DealEvent,
    FeeEvent,
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
    UnknownLine,
)
from ..reading import MAX_LINE
from .base import LineError, UnsupportedGame, fallback_id
from .common import game_code, is_hole_count, set_omaha
from .phh import parse_cards, to_units

_MARKER: Final = re.compile(r"\"ohh\"\s*:\s*\{?")
_LIMITS: Final = {"NL": Limit.NO_LIMIT, "PL": Limit.POT_LIMIT, "FL": Limit.FIXED_LIMIT}
_POSTS: Final = {"Post SB": Post.SMALL_BLIND, "Post BB": Post.BIG_BLIND, "Post Ante": Post.ANTE,
                 "Straddle": Post.STRADDLE, "Post Extra Blind": Post.BIG_BLIND}
_ACTS: Final = {"Fold": Act.FOLD, "Check": Act.CHECK, "Call": Act.CALL, "Bet": Act.BET, "Raise": Act.RAISE}
_STREETS: Final = {"Flop": Street.FLOP, "Turn": Street.TURN, "River": Street.RIVER}
_OUTSIDE: Final = frozenset({"Added Chips", "Sits Down", "Stands Up", "Player Adjustment"})
_PLAY: Final = frozenset({"XPM", "PPC"})


def _decimals(value: Any) -> int:
    if isinstance(value, Decimal) and value.is_finite():
        exp = value.as_tuple().exponent
        return -exp if isinstance(exp, int) and exp < 0 else 0
    return 0


def _numbers(value: Any) -> Iterator[Any]:
    if isinstance(value, dict):
        for v in value.values():
            yield from _numbers(v)
    elif isinstance(value, list):
        for v in value:
            yield from _numbers(v)
    elif isinstance(value, Decimal):
        yield value


def _braces(line: str, depth: int, in_string: bool) -> Iterator[tuple[int, int, bool]]:
    """(position, depth after it, in a string) at each brace of a line outside strings."""
    escaped = False
    for i, ch in enumerate(line):
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
            continue
        if ch == '"':
            in_string = True
        elif ch == "{":
            depth += 1
            yield i, depth, in_string
        elif ch == "}":
            depth -= 1
            yield i, depth, in_string
    yield -1, depth, in_string


class OhhFormat:
    """Open Hand History JSON: the LineFormat interface over JSON objects."""

    name: ClassVar[str] = "ohh"
    sites: ClassVar[tuple[str, ...]] = ("Open Hand History",)
    grammar: ClassVar[str] = ""
    reader: ClassVar[str] = "(JSON)"
    description: ClassVar[str] = "Open Hand History JSON (hh-specs.handhistory.org): {\"ohh\": {...}} per hand"
    priority: ClassVar[int] = 0
    id_scope: ClassVar[str] = IdScope.TABLE
    """The spec's `game_number` is the site's hand number, and `table_name` names its
    table: unique within the site's table (`identity.IdScope`); a converter's placeholder
    numbers are no ids at all (`identity.is_placeholder`)."""

    def detect(self, head: Sequence[str]) -> bool:
        return any(_MARKER.search(line) for line in head) and any("{" in line for line in head)

    def split(self, lines: Iterable[str]) -> Iterator[tuple[int, list[str]]]:
        """Each top-level JSON object: from the line of its `{` to the line of its `}`.

        A line past the line bound (`MAX_LINE`) was cut, so its braces and quotes cannot be
        counted: the object it is in ends at the next line that opens one at its start (a
        hand of its own, in every layout the spec writes), and a cut line between objects
        is passed over. Only that object is lost, as a parse error saying why."""
        chunk: list[str] = []
        first = 0
        depth = 0
        in_string = False
        cut = False  # the object being read holds a cut line
        for number, line in enumerate(lines, 1):
            if cut and line.startswith("{"):
                yield first, chunk
                chunk, first, depth, in_string, cut = [], 0, 0, False, False
            start = 0
            for pos, after, quoted in _braces(line, depth, in_string):
                if pos < 0:
                    depth, in_string = after, quoted
                    break
                if depth == 0 and after == 1:  # an object opens
                    first, start, chunk = number, pos, []
                depth = after
                if depth == 0 and first:
                    chunk.append(line[start : pos + 1])
                    yield first, chunk
                    chunk, first = [], 0
                    start = pos + 1
            if first:
                chunk.append(line[start:])
            if len(line) >= MAX_LINE:
                if first:
                    cut = True
                else:
                    depth, in_string = 0, False
        if first and chunk:
            yield first, chunk  # an object the file never closes: a parse error of its own

    # ------------------------------------------------------------------ parsing
    def parse_hand(self, lines: list[str], first_line: int, source: str) -> Hand:
        hand = Hand(site="Open Hand History", format=self.name, hand_id="", source=source, line=first_line)
        hand.end_line = first_line + len(lines) - 1
        hand.text = "\n".join(lines)
        hand.implicit_uncalled = True
        try:
            try:
                self._build(hand, lines, first_line)
            except (ValueError, KeyError, TypeError) as exc:
                raise LineError(first_line, 1, lines[0] if lines else "", f"{type(exc).__name__}: {exc}") from None
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
        for i, line in enumerate(lines):
            if len(line) >= MAX_LINE:
                raise LineError(first_line + i, MAX_LINE, line[:80], f"a line longer than {MAX_LINE:,} characters "
                                "(cut there when read): the hand cannot be read")
        text = "\n".join(lines)
        try:
            doc = json.loads(text, parse_float=Decimal, parse_int=Decimal)
        except json.JSONDecodeError as exc:
            i = exc.lineno - 1
            raise LineError(first_line + i, exc.colno, lines[i] if 0 <= i < len(lines) else "",
                            f"not JSON: {exc.msg}") from None
        obj = doc.get("ohh") if isinstance(doc, dict) else None
        if not isinstance(obj, dict):
            raise LineError(first_line, 1, lines[0], 'not an Open Hand History object ({"ohh": {...}})')
        hand.hand_id = str(obj.get("game_number") or "")
        hand.site = str(obj.get("site_name") or obj.get("network_name") or hand.site)
        hand.table_name = str(obj.get("table_name") or "")
        currency = str(obj.get("currency") or "")
        hand.currency = "play" if currency in _PLAY else currency
        if obj.get("tournament"):
            hand.kind = "tournament"
            info = obj.get("tournament_info")
            if isinstance(info, dict) and info.get("tournament_number") is not None:
                hand.tournament_id = str(info["tournament_number"])
        stamp = obj.get("start_date_utc")
        if isinstance(stamp, str) and stamp:
            try:
                when = datetime.fromisoformat(stamp)
            except ValueError:
                when = None
            if when is not None:
                hand.started_at = when.replace(tzinfo=UTC) if when.tzinfo is None else when.astimezone(UTC)
                hand.tz = "UTC"
        game = str(obj.get("game_type") or "")
        limit_obj = obj.get("bet_limit") or {}
        limit = _LIMITS.get(str(limit_obj.get("bet_type") or "")) if isinstance(limit_obj, dict) else None
        if game not in ("Holdem", "Omaha", "OmahaHiLo") or limit is None:
            hand.game = hand.variant = game or "unknown"
            raise UnsupportedGame(game)
        if game != "Holdem":
            set_omaha(hand, 0, game == "OmahaHiLo")  # the count from the cards dealt
        hand.limit = limit
        hand.game = game_code(limit, hand.variant, hand.hole_cards or 4, hand.hilo)
        scale = max((_decimals(v) for v in _numbers(obj)), default=0)
        if hand.kind == "cash" and hand.currency and hand.currency != "play":
            scale = max(scale, 2)
        hand.scale = scale

        def units(value: Any, what: str) -> int:
            return to_units(value if value is not None else Decimal(0), scale, what)

        hand.sb = units(obj.get("small_blind_amount"), "small_blind_amount")
        hand.bb = units(obj.get("big_blind_amount"), "big_blind_amount")
        hand.ante = units(obj.get("ante_amount"), "ante_amount")
        if limit is Limit.FIXED_LIMIT:
            hand.small_bet, hand.big_bet = hand.bb, 2 * hand.bb
        size = obj.get("table_size")
        hand.max_seats = int(size) if isinstance(size, Decimal) and size > 0 else None
        dealer = obj.get("dealer_seat")
        hand.button_seat = int(dealer) if isinstance(dealer, Decimal) else None
        where = _object_lines(lines, first_line)
        seat_of: dict[int, tuple[int, str]] = {}
        for p in obj.get("players") or []:
            pid, seat = int(p["id"]), int(p["seat"])
            name = str(p.get("name") or f"seat {seat}")
            seat_of[pid] = (seat, name)
            hand.seats.append(Seat(seat, name, units(p.get("starting_stack"), "starting_stack"),
                                   bool(p.get("is_sitting_out")), where.get("players", first_line)))
            hand.seat_numbers.setdefault(name, seat)
        board: list[str] = []
        extra: set[int] = set()  # the "Post Extra Blind" posts (a "Post Dead" may complete one)
        lines_of = iter(where.get("actions_list", []))
        street_lines = iter(where.get("streets_list", []))
        for rnd in obj.get("rounds") or []:
            street = str(rnd.get("street") or "")
            cards = tuple(c for c in parse_cards("".join(rnd.get("cards") or [])) if c is not None)
            line = next(street_lines, where.get("rounds", first_line))
            if street in _STREETS:
                board.extend(cards)
                hand.events.append(StreetEvent(line, _STREETS[street], cards, tuple(board)))
            elif street == "Showdown":
                hand.events.append(StreetEvent(line, Street.SHOWDOWN, (), ()))
            elif street != "Preflop":
                raise ValueError(f"round {street!r} is not a hold'em street")
            actions = sorted(rnd.get("actions") or [], key=lambda a: a.get("action_number", 0))
            for a in actions:
                line = next(lines_of, line)
                self._action(hand, a, seat_of, units, line, extra)
        rake = jackpot = total = 0
        pot_line = where.get("pots", hand.end_line)
        for pot in obj.get("pots") or []:
            number = int(pot.get("number") or 0)
            total += units(pot.get("amount"), "pot amount")
            rake += units(pot.get("rake"), "rake")
            jackpot += units(pot.get("jackpot"), "jackpot")
            for w in pot.get("player_wins") or []:
                seat, name = seat_of[int(w["player_id"])]
                hand.events.append(CollectEvent(pot_line, seat, name, units(w.get("win_amount"), "win_amount"),
                                                number if len(obj["pots"]) > 1 else None))
                fee = units(w.get("cashout_fee"), "cashout_fee")
                if fee:
                    hand.events.append(FeeEvent(pot_line, "cash_out_fee", fee, seat, name))
        if obj.get("pots"):
            hand.summary.total_pot = total
            hand.summary.rake = rake
            hand.summary.jackpot = jackpot or None
            hand.summary.line = pot_line

    @staticmethod
    def _action(hand: Hand, a: dict[str, Any], seat_of: dict[int, tuple[int, str]], units: Any, line: int,
                extra: set[int]) -> None:
        kind = str(a.get("action") or "")
        if kind in _OUTSIDE:
            return
        pid = a.get("player_id")
        if kind == "Add to Pot":
            hand.events.append(FeeEvent(line, "room_added", -units(a.get("amount"), "amount")))
            return
        if pid is None or int(pid) not in seat_of:
            raise ValueError(f"action {kind!r} by player id {pid}, who is not in the players")
        seat, name = seat_of[int(pid)]
        all_in = bool(a.get("is_allin"))
        amount = units(a.get("amount"), "amount") if a.get("amount") is not None else None
        if kind == "Post Dead":
            last = hand.events[-1] if hand.events else None
            if isinstance(last, PostEvent) and last.seat == seat and id(last) in extra:
                extra.discard(id(last))
                last.kind, last.dead, last.all_in = Post.DEAD, amount or 0, all_in or last.all_in
            else:
                hand.events.append(PostEvent(line, seat, name, Post.DEAD, 0, amount or 0, all_in))
        elif kind in _POSTS:
            ev = PostEvent(line, seat, name, _POSTS[kind], amount or 0, 0, all_in)
            if kind == "Post Extra Blind":
                extra.add(id(ev))
            hand.events.append(ev)
        elif kind == "Dealt Cards":
            cards = tuple(c for c in parse_cards("".join(a.get("cards") or [])) if c is not None)
            if is_hole_count(hand, len(cards)):
                hand.events.append(DealEvent(line, seat, name, cards))
        elif kind in _ACTS:
            act = _ACTS[kind]
            if act in (Act.FOLD, Act.CHECK):
                hand.events.append(ActionEvent(line, seat, name, act))
            else:
                hand.events.append(ActionEvent(line, seat, name, act, amount or 0, None, all_in))
        elif kind == "Shows Cards":
            cards = tuple(c for c in parse_cards("".join(a.get("cards") or [])) if c is not None)
            hand.events.append(ShowEvent(line, seat, name, cards if len(cards) == 2 else ()))
        elif kind == "Mucks Cards":
            cards = tuple(c for c in parse_cards("".join(a.get("cards") or [])) if c is not None)
            hand.events.append(ShowEvent(line, seat, name, cards if len(cards) == 2 else (), True))
        else:
            # an action the spec's list lacks (a room's own): kept and named by a PA04 warning;
            # it may move chips, so the hand is not judged
            hand.unknown_lines.append(UnknownLine(line, f"action {kind!r} by {name}", True))


def _object_lines(lines: list[str], first_line: int) -> dict[str, Any]:
    """Source lines of the hand's parts: players, rounds, pots, and each round and action in
    order."""
    out: dict[str, Any] = {"actions_list": [], "streets_list": []}
    for i, line in enumerate(lines):
        for key in ("players", "rounds", "pots"):
            if key not in out and f'"{key}"' in line:
                out[key] = first_line + i
        out["actions_list"].extend([first_line + i] * line.count('"action":'))
        out["streets_list"].extend([first_line + i] * line.count('"street":'))
    return out


FORMATS = [OhhFormat()]
