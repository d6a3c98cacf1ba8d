"""Live-game logs: a line format a dealer or floor person writes at or after the table.

Grammar: `grammars/live.lark`; the syntax, with examples, is in `docs/live-format.md`.

A file holds a session: `game` and `level` lines set the game for the hands after them,
and each `hand N` block is one hand. Lines are read without regard to case or spacing and
`#` starts a comment. Beside the action the table accepted, the log may record what a
player said, each forward motion of chips (`bob chips 1000`, `bob chip 5000` for one
oversized chip, `bob chips 1000+100+100`), out-of-turn actions (`oot carol call`) and the
dealer's ruling (`ruling bob call`). Those are kept on `Hand.live` for
`hhaudit.engine.live_rules`, and the accepted action becomes an ordinary `ActionEvent`: the
ruling, or with no ruling what the rules make of the words and chips.

Line kinds (live, `grammars/live.lark`; every line shape of the corpus's
files of this format is one of them):

- HAND: `(?i:hand) #<id>( <rest>)`: read
- BUTTON: `(?i:button|btn|dealer) ((?i:seat) )<seat>`: read
- TABLE: `(?i:table) <name>`: read
- SEAT: `(?i:seat) <seat>(:|(= )) <player>( <stack>)( <note>)( (?i:rebuy|rebought|adde...`: read
- JOIN: `(?i:joins) ((?i:seat) )<seat>(:) <player> <stack>`: read
- LEAVE: `(?i:leaves|left) <player>`: read
- REBUY: `<kind> <player> <amount>`: read
- COLORUP: `(?i:colou?r(-)+up)( ...)`: read
- STREET: `<street><second> <cards>`: read
- CARDS: `<player> (?i:cards|dealt|has|holds) <cards>`: read
- BOMB: `(?i:bomb)((?i:pot)) <amount><double>`: read
- POST: `<player> ((?i:posts) )<kind>( <amount>)( (?i:dead) <dead>)<all_in>`: read
- ACTION: `<player> <act>( (?i:to)<amount>)<all_in>`: read
- SAYS: `<player> (?i:says|declares) <what>((?i:to)<amount>)`: read
- CHIPS: `<player> (?i:chips|pushes|puts) <chips>`: read
- CHIP: `<player> (?i:chip|one chip) <amount>`: read
- OOT: `(?i:oot) <player> <act>( (?i:to)<amount>)`: read
- RULING: `(?i:ruling|ruled|rules) <player> <act>( (?i:to)<amount>)(,<returned>(?i:retur...`:
  read
- CHOP: `(?i:chop(s|ped))( (?i:the )(?i:blinds))`: read
- MISDEAL: `(?i:misdeal)( ...)`: read
- SHOWS: `<player> (?i:shows|tables) <cards>`: read
- MUCKS: `<player> (?i:mucks)( <cards>)`: read
- PAY: `(?i:pay|pays|paid) (<pot> )<player> <amount>`: read
- RAKE: `(?i:rake|drop) <amount>`: read
- POT: `(?i:pot|total) <amount>`: read
- JACKPOT: `<kind> <amount>`: read
- END: `(?i:end|stacks|ends) <pairs>`: read
- any other line: a parse error naming the line (a dealer's log is written to this grammar).
"""

from __future__ import annotations

import difflib
import json
import math
import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, date, datetime
from typing import ClassVar

from ...chunks import HandLines
from ...config import ConfigError, profile_named
from ...engine.house_rules import Rebuy
from ...engine.live_rules import (
    DropRule,
    EndStack,
    KillRule,
    LiveAction,
    LiveHand,
    Motion,
    OutOfTurn,
    RakeRule,
    Ruling,
    Said,
    decide,
    final_stacks,
    opening_bet,
    required,
)
from ...engine.replay import State
from ...identity import IdScope
from ...model import (
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
)
from ...profiles import PROFILES, get_profile
from ..base import Fields, LineError, LineFormat, fallback_id
from ..common import card, game_code, omaha_of
from .table import Carried, dead_button, next_button, written_in_full

_AMOUNT = r"\d[\d,]*(?:\.\d+)?k?"
_SESSION = re.compile(r"\s*(?i:game|level|blinds)\b|\s*(?i:dealer|shift)\s+(?!(?i:seat\s+)?\d+\s*$)\S")
_STAFF_LINE = re.compile(r"\s*(?P<key>dealer|shift)\s+(?P<value>\"[^\"]*\"|'[^']*'|\S+)\s*$", re.IGNORECASE)
"""`dealer Sam` (or `shift late`) on a line of its own, between hands: the dealer of the
hands after it (`dealer 4`, a number, is a button line)."""
_MAGIC = re.compile(r"\s*#\s*hhaudit\s+live\s+log\b", re.IGNORECASE)
_GAME_LINE = re.compile(r"\s*game\s+(?P<limit>(?:NL|PL|FL)(?:HE|O[456]?(?:-?8)?)?|no-?limit|pot-?limit|fixed-?limit|limit)"
                   r"(?:\s+(?P<name>hold'?em|nlhe|plhe|flhe|holdem|[456][- ]?card\s+omaha(?:\s+hi[-/]?lo)?"
                   r"|omaha[456]?(?:\s+hi[-/]?lo|\s*8)?))?\s+(?P<sb>" + _AMOUNT + r")\s*/\s*(?P<bb>"
                   + _AMOUNT + r")(?P<rest>(?:\s.*)?)", re.IGNORECASE)
_LEVEL_LINE = re.compile(r"\s*(?:level|blinds)\s+(?:(?:no\.?\s*|#)?(?P<number>\d+)(?:\s*:)?\s+)?(?P<sb>" + _AMOUNT + r")\s*/\s*(?P<bb>" + _AMOUNT + r")(?P<rest>(?:\s.*)?)",
                    re.IGNORECASE)
_OPTION = re.compile(
    r"\s*(?:(?P<ante>ante)\s+(?P<ante_v>" + _AMOUNT + r")"
    r"|(?P<bba>bb\s*ante|bbante)\s+(?P<bba_v>" + _AMOUNT + r")"
    r"|(?P<noante>no\s+ante)"
    r"|(?P<straddle>straddle)\s+(?P<straddle_v>" + _AMOUNT + r")"
    r"|(?P<kill>kill)\s+(?:(?P<kill_none>none|no)|(?P<kill_x>\d+(?:\.\d+)?)\s*x(?:\s+(?:at|from|over)\s+(?P<kill_at>"
    + _AMOUNT + r"))?)"
    r"|(?P<blinds>blinds)\s+(?P<blinds_sb>" + _AMOUNT + r")\s*/\s*(?P<blinds_bb>" + _AMOUNT + r")"
    r"|(?P<rake>rake)\s+(?:(?P<rake_none>none|no)|(?P<rake_pct>\d+(?:\.\d+)?)\s*%(?:\s+(?:max|cap)\s+(?P<rake_cap>"
    + _AMOUNT + r"))?(?:\s+(?:round|unit)\s+(?P<rake_unit>" + _AMOUNT + r"))?"
    r"(?:\s+(?:from|over)\s+(?P<rake_from>" + _AMOUNT + r"))?(?P<rake_pre>\s+preflop)?)"
    r"|(?P<drop>jackpot|jp|bbj|promo|promotion)\s+(?:(?P<drop_none>none|no)|(?P<drop_v>" + _AMOUNT + r")"
    r"(?:\s+(?:from|at|over)\s+(?P<drop_from>" + _AMOUNT + r"))?(?P<drop_pre>\s+preflop)?)"
    r"|(?P<odd>odd\s*+(?:-\s*+)?chip)\s+(?P<odd_v>button|left-of-button|big-?blind|bb|high-?suit|suit)"
    r"|(?P<chip>(?:smallest\s+)?chip)\s+(?P<chip_v>" + _AMOUNT + r")"
    r"|(?P<profile>profile)\s+(?P<profile_v>[\w-]+)"
    r"|(?P<house>house)\s+(?P<house_v>\"[^\"]+\"|'[^']+'|\S+)"
    r"|(?P<currency>currency)\s+(?P<currency_v>[A-Za-z]{3})"
    r"|(?P<table>table)\s+(?P<table_v>\"[^\"]*\"|'[^']*'|\S+)"
    r"|(?P<room>room)\s+(?P<room_v>\"[^\"]*\"|'[^']*'|\S+)"
    r"|(?P<staff>dealer|shift)\s+(?P<staff_v>\"[^\"]*\"|'[^']*'|\S+)"
    r"|(?P<date>date)\s+(?P<date_v>\d{4}-\d{2}-\d{2})\b"
    r"|(?P<seats>max|seats)\s+(?P<seats_v>\d+)"
    r"|(?P<kind>tournament|tourney|mtt|sng|cash)\b)",
    re.IGNORECASE,
)
_CARD = re.compile(r"\S{2,3}")
_END_PAIR = re.compile(r"[\s,]*(?P<player>\"[^\"]+\"|[^\s,]+)\s+(?P<amount>\d{1,3}(?:,\d{3})+(?:\.\d+)?k?|\d+(?:\.\d+)?k?)"
                       r"(?=[\s,]|$)[\s,]*", re.IGNORECASE)
_ACTS = {
    "fold": "fold", "folds": "fold", "f": "fold",
    "check": "check", "checks": "check", "x": "check",
    "call": "call", "calls": "call", "c": "call",
    "bet": "bet", "bets": "bet", "b": "bet",
    "raise": "raise", "raises": "raise", "r": "raise",
    "allin": "allin", "all-in": "allin", "all in": "allin", "shove": "allin", "shoves": "allin", "jam": "allin",
}
_ODD_CHIP = {"button": "button", "leftofbutton": "button", "bigblind": "big_blind", "bb": "big_blind",
             "highsuit": "high_suit", "suit": "high_suit"}
"""A game line's `oddchip` word -> the value of the profile option `odd_chip`."""

_POSTS = {
    "sb": Post.SMALL_BLIND, "smallblind": Post.SMALL_BLIND,
    "bb": Post.BIG_BLIND, "bigblind": Post.BIG_BLIND,
    "ante": Post.ANTE, "bbante": Post.ANTE,
    "straddle": Post.STRADDLE, "kill": Post.STRADDLE,
    "dead": Post.DEAD, "missed": Post.DEAD, "post": Post.DEAD,
}
_STREET_START = {Street.FLOP: 0, Street.TURN: 3, Street.RIVER: 4}
"""Board cards already out when a street is dealt."""
_BEFORE = {Street.TURN: "flop", Street.RIVER: "turn"}
_STREETS = {"flop": (Street.FLOP, 3), "turn": (Street.TURN, 1), "river": (Street.RIVER, 1)}


def amount(text: str | None) -> int:
    """`1,500` -> 1500, `1.5k` -> 1500, `25` -> 25 (live chips are whole units)."""
    if text is None:
        raise ValueError("amount missing")
    t = text.strip().lower().replace(",", "")
    mult = 1
    if t.endswith("k"):
        t, mult = t[:-1], 1000
    value = float(t) * mult
    if value != int(value):
        raise ValueError(f"not a whole number of chips: {text!r}")
    return int(value)


def chips_of(text: str) -> tuple[int, ...]:
    """`1000+100+100` or `1000+3x100` -> (1000, 100, 100, 100)."""
    out: list[int] = []
    for part in text.replace(" ", "").split("+"):
        if "x" in part.lower():
            n, _, v = part.lower().partition("x")
            out.extend([amount(v)] * int(n))
        else:
            out.append(amount(part))
    return tuple(out)


def act_of(text: str | None) -> str:
    return _ACTS[re.sub(r"\s+", " ", (text or "").strip().lower()).replace("all- in", "all-in")]


# ------------------------------------------------------------------ session settings


@dataclass(frozen=True, slots=True)
class Session:
    limit: Limit = Limit.NO_LIMIT
    variant: str = "holdem"
    """`game PLO 1/2`, `game PLO8 2/5`, `game PL omaha hi-lo 1/2`: Omaha (`hole_cards`, `hilo`)."""
    hole_cards: int = 2
    hilo: bool = False
    sb: int = 0
    bb: int = 0
    small_bet: int = 0
    big_bet: int = 0
    ante: int = 0
    bb_ante: int = 0
    straddle: int = 0
    antes_stated: bool = False
    """The game or level line states the antes (`ante 25`, `bbante 2000`, `no ante`): ante
    posts it does not call for are then extra (FB03); unstated, the written antes stand."""
    kill: KillRule | None = None
    """`kill 2x`, `kill 1.5x at 200`: the house's kill blind (`live_rules.KillRule`)."""
    rake: RakeRule | None = None
    drops: tuple[DropRule, ...] = ()
    """`jackpot 1 at 20`, `promo 1 at 40`: the house's drops besides the rake."""
    odd_chip: str = ""
    """`oddchip high-suit`: the profile's `odd_chip` for these hands ("": the profile's own)."""
    chip: int = 0
    """`chip 25`: the smallest chip in play (odd chips are split in it, TDA-2024 20)."""
    profile: str = ""
    house: str = ""
    """`house lucky.toml`: the log's own house-rules file, found next to the log."""
    currency: str = ""
    table: str = ""
    room: str = ""
    """`room "Casino Royal"`: the card room (hands.room), so that the tables of one room's
    logs can be told from another's (SE07: a player at two tables of one room at once)."""
    max_seats: int | None = None
    kind: str = "cash"
    """`tournament` on the game line: tournament chips (hands.kind), no rake expected."""
    dealer: str = ""
    """`dealer Maria`: the dealer (hands.dealer), until a line names another."""
    shift: str = ""
    """`shift night`: the dealers' shift (hands.shift)."""
    date: str = ""
    """`date 2026-11-28`: the session's date (with a hand line's `21:05`, hands.started_at)."""
    line: int = 0
    error: tuple[int, int, str, str] | None = None


def _kill_rule(times: str, at: str | None, line: int, text: str, column: int) -> KillRule:
    """`kill 2x` (a full kill), `kill 1.5x` (a half kill), `at 200`: the pot that makes one."""
    value = float(times)
    if value not in (1.5, 2.0) and value != int(value):
        raise LineError(line, column, text, f"a kill is `kill 2x` (a full kill) or `kill 1.5x` (a half kill), "
                        f"not {times}x")
    num, den = (3, 2) if value == 1.5 else (int(value), 1)
    if num <= den:
        raise LineError(line, column, text, "a kill blind is more than the big blind: `kill 2x` or `kill 1.5x`")
    return KillRule(num, den, amount(at) if at else 0)


def read_session(text: str, line: int, current: Session | None) -> Session:
    """A `game`, `level` or `dealer NAME` line applied to the settings in force."""
    staff = _STAFF_LINE.match(text)
    if staff is not None and not _GAME_LINE.match(text):
        if current is None:
            raise LineError(line, 1, text, "a `dealer NAME` line changes the dealer of a game: write the `game` line "
                            "first (or `game NL 1/2 dealer NAME`)")
        value = staff.group("value").strip("\"'")
        key = staff.group("key").lower()
        return replace(current, line=line, dealer=value) if key == "dealer" else replace(current, line=line,
                                                                                          shift=value)
    if _SESSION.match(text) and re.match(r"\s*(?i:dealer|shift)\b", text):
        raise LineError(line, 1, text, "a `dealer` line between hands reads `dealer Sam` (a name with spaces in "
                        "quotes: `dealer \"Jo Ann\"`); `dealer 4` (a seat) places the button")
    m = _GAME_LINE.match(text)
    if m is not None:
        word = m.group("limit").lower()
        limit = Limit.POT_LIMIT if word.startswith("p") else Limit.FIXED_LIMIT if word.startswith(("f", "l")) \
            else Limit.NO_LIMIT
        s = Session(limit=limit, line=line)
        code, name = word[2:], (m.group("name") or "").lower()
        if code.startswith("o"):  # PLO, PLO5, PLO6, PLO8, PLO5-8, FLO8, NLO
            digits = code[1:].replace("-", "")
            count = int(digits[0]) if digits[:1] in ("4", "5", "6") and digits != "8" else 4
            s = replace(s, variant="omaha", hole_cards=count, hilo=digits.endswith("8"))
        elif "omaha" in name:
            count, hilo = omaha_of(name) or (4, False)
            s = replace(s, variant="omaha", hole_cards=count or 4, hilo=hilo)
    else:
        m = _LEVEL_LINE.match(text)
        if m is None or current is None:
            col = len(text) - len(text.lstrip()) + 1
            raise LineError(line, col, text, "a session line reads `game NL 100/200 ...` or `level 200/400 ...`"
                            + ("" if current is not None or m is None else " (no `game` line before this level)"))
        s = replace(current, line=line, ante=0, bb_ante=0, antes_stated=False)
    low, high = amount(m.group("sb")), amount(m.group("bb"))
    if s.limit is Limit.FIXED_LIMIT:
        s = replace(s, small_bet=low, big_bet=high, bb=low, sb=low // 2)
    else:
        s = replace(s, sb=low, bb=high)
    rest = m.group("rest") or ""
    pos = 0
    base = m.start("rest")
    while pos < len(rest):
        if not rest[pos:].strip():
            break
        o = _OPTION.match(rest, pos)
        if o is None or o.end() == pos:
            col = base + pos + (len(rest[pos:]) - len(rest[pos:].lstrip())) + 1
            raise LineError(line, col, text, "unknown game option (ante, bbante, straddle, kill, blinds, rake, jackpot, promo, "
                            "oddchip, chip, profile, house, currency, table, room, dealer, shift, date, seats, tournament)")
        g = o.groupdict()
        if g["ante"]:
            s = replace(s, ante=amount(g["ante_v"]), bb_ante=0, antes_stated=True)
        elif g["bba"]:
            s = replace(s, bb_ante=amount(g["bba_v"]), ante=0, antes_stated=True)
        elif g["noante"]:
            s = replace(s, ante=0, bb_ante=0, antes_stated=True)
        elif g["straddle"]:
            s = replace(s, straddle=amount(g["straddle_v"]))
        elif g["kill"]:
            s = replace(s, kill=None if g["kill_none"] else _kill_rule(g["kill_x"], g["kill_at"], line, text,
                                                                       base + o.start() + 1))
        elif g["blinds"]:
            s = replace(s, sb=amount(g["blinds_sb"]), bb=amount(g["blinds_bb"]))
        elif g["rake"]:
            if g["rake_none"]:
                s = replace(s, rake=None)
            else:
                s = replace(s, rake=RakeRule(float(g["rake_pct"]),
                                             amount(g["rake_cap"]) if g["rake_cap"] else None,
                                             amount(g["rake_unit"]) if g["rake_unit"] else 1,
                                             bool(g["rake_pre"]),
                                             amount(g["rake_from"]) if g["rake_from"] else 0))
        elif g["drop"]:
            key = "promotion" if g["drop"].lower().startswith("promo") else "jackpot"
            rule = None if g["drop_none"] else DropRule(key, amount(g["drop_v"]),
                                                         amount(g["drop_from"]) if g["drop_from"] else 0,
                                                         bool(g["drop_pre"]))
            s = replace(s, drops=tuple(d for d in s.drops if d.kind != key) + ((rule,) if rule else ()))
        elif g["odd"]:
            s = replace(s, odd_chip=_ODD_CHIP[g["odd_v"].lower().replace("-", "")])
        elif g["chip"]:
            s = replace(s, chip=amount(g["chip_v"]))
        elif g["profile"]:
            name = g["profile_v"].lower()
            if name not in PROFILES:
                raise LineError(line, base + o.start("profile_v") + 1, text,
                                f"unknown profile {name!r} (known: {', '.join(PROFILES)})")
            s = replace(s, profile=name, house="")
        elif g["house"]:
            value = g["house_v"].strip("\"'")
            if not value.lower().endswith(".toml"):
                raise LineError(line, base + o.start("house_v") + 1, text,
                                f"`house {value}`: a house-rules file is a TOML file (`house lucky.toml`, next to the log)")
            s = replace(s, house=value, profile="")
        elif g["currency"]:
            s = replace(s, currency=g["currency_v"].upper())
        elif g["table"]:
            s = replace(s, table=g["table_v"].strip("\"'"))  # `table "Table 4"`: a quoted name may hold spaces
        elif g["room"]:
            s = replace(s, room=g["room_v"].strip("\"'"))
        elif g["staff"]:
            value = g["staff_v"].strip("\"'")
            s = replace(s, dealer=value) if g["staff"].lower() == "dealer" else replace(s, shift=value)
        elif g["date"]:
            try:
                date.fromisoformat(g["date_v"])
            except ValueError:
                raise LineError(line, base + o.start("date_v") + 1, text,
                                f"not a date: {g['date_v']} (write `date 2026-11-28`)") from None
            s = replace(s, date=g["date_v"])
        elif g["seats"]:
            s = replace(s, max_seats=int(g["seats_v"]))
        elif g["kind"]:
            s = replace(s, kind="cash" if g["kind"].lower() == "cash" else "tournament")
        pos = o.end()
    return s


SENTINEL = "\x00hhaudit-live-session\x00"
"""First line of every chunk `split` yields: the session lines in force for the hand (or
the bad session line), as JSON. A plain string, so it survives `list()` and pickling when
the pipeline ships hands to worker processes; `parse_hand` removes it."""


def _tag(lines: list[tuple[int, str]], error: tuple[int, int, str, str] | None = None,
         carried: Carried | None = None, kill: tuple[str, int] | None = None) -> str:
    return SENTINEL + json.dumps({"lines": lines, "error": error,
                                  "carried": carried.to_json() if carried is not None else None,
                                  "kill": list(kill) if kill is not None else None})


def _untag(line: str) -> tuple[Session | None, tuple[int, int, str, str] | None, Carried | None,
                               tuple[str, int] | None]:
    data = json.loads(line[len(SENTINEL):])
    session: Session | None = None
    for number, text in data["lines"]:
        session = read_session(text, number, session)
    error = tuple(data["error"]) if data["error"] else None
    carried = data.get("carried")
    kill = data.get("kill")
    return (session, error, Carried.from_json(carried) if carried else None,
            (str(kill[0]), int(kill[1])) if kill else None)


_HAND_HASH = re.compile(r"\s*hand\s+#(?=[^\s#])", re.IGNORECASE)
"""`hand #A-204`: the `#` of a hand number is part of the line, not a comment."""


def strip_comment(line: str) -> str:
    m = _HAND_HASH.match(line)
    i = line.find("#", m.end() if m is not None else 0)
    return line if i < 0 else line[:i]


# ------------------------------------------------------------------ pending actions


@dataclass(slots=True)
class _Plain:
    line: int
    seat: int
    player: str
    act: str
    to: int | None
    all_in: bool = False


@dataclass(slots=True)
class _Builder:
    raw: list[object] = field(default_factory=list)
    group: LiveAction | None = None
    board: tuple[str, ...] = ()
    run: int = 0
    """0 while there is one board; 1, 2, ... once the board is run again (run it twice)."""
    posts: int = 0
    blinds: int = 0
    """Post lines of blinds, antes and dead blinds (not straddles or kills): with none, the
    blinds and antes are posted from the structure and the written straddles after them."""
    straddles: int = 0
    kill: PostEvent | None = None
    """The `kill` post line (a straddle in the replay: the kill blind acts last pre-flop)."""
    board2: tuple[str, ...] = ()
    """A double-board hand's second board (`flop2`, `turn2`, `river2`), run 2."""
    double: bool = False
    """`bomb 20 double`: the hand is dealt two boards."""
    chop: int = 0
    """The line of `chop`: the blinds take their blinds back."""
    misdeal: int = 0
    """The line of `misdeal`: the hand is void."""


class LiveFormat(LineFormat):
    name = "live"
    sites = ("live",)
    grammar = "live"
    description = "live-game logs written by a dealer or floor person (docs/live-format.md)"
    priority = 1
    id_scope = IdScope.FILE
    """`hand 12` is the twelfth hand of the log's table, not a room-wide number."""
    table_sequence = re.compile(r"#?(\d+)")
    """The log numbers its table's hands one by one (`hand 12`)."""
    start: ClassVar[re.Pattern[str]] = re.compile(r"\s*hand\s+#?\S+", re.IGNORECASE)

    def __init__(self) -> None:
        super().__init__()
        self._session: Session | None = None
        self._b = _Builder()
        self._carried: Carried | None = None
        self._end: dict[int, int] = {}
        self._void = False
        """The last hand read was a misdeal (`misdeal`): the next one is dealt again."""
        self._blinds: tuple[int | None, int] | None = None
        """(small blind or None, big blind): the seats a dead button gives a carried hand."""
        self._chip = 0
        """The smallest chip inferred from the session's amounts (`session_chip`), 0 if none."""
        self._kill_owed: tuple[str, int] | None = None
        """(player, amount): the kill blind the house's kill rule makes this hand's (`_Kills`)."""
        """Each seat's stack when the last hand read was over (`live_rules.final_stacks`)."""

    # ------------------------------------------------------------------ detection, splitting
    def detect(self, head: Sequence[str]) -> bool:
        for line in head:
            if _MAGIC.match(line):
                return True
            text = strip_comment(line).strip()
            if not text:
                continue
            return _GAME_LINE.match(text) is not None
        return False

    def split(self, lines: Iterable[str]) -> Iterator[tuple[int, list[str]]]:
        """Hands, each led by a SENTINEL line naming the session lines in force; a session
        line ends the hand before it. A bad session line is a chunk of its own (a
        parse_error hand). When no game line states the smallest chip (`chip N`), the
        session's is inferred (`session_chip`) and given to every hand in its sentinel."""
        chunks = list(self._split(lines))
        chip = session_chip(chunks)
        for first, chunk in chunks:
            if chip > 1 and chunk and chunk[0].startswith(SENTINEL):
                data = json.loads(chunk[0][len(SENTINEL):])
                data["chip"] = chip
                chunk[0] = SENTINEL + json.dumps(data)
            yield first, chunk

    def _split(self, lines: Iterable[str]) -> Iterator[tuple[int, list[str]]]:
        session: Session | None = None
        in_force: list[tuple[int, str]] = []
        chunk: list[str] | None = None
        first = 1
        carrier = _Carrier()
        kills = _Kills()
        for number, line in enumerate(lines, 1):
            text = strip_comment(line)
            if _SESSION.match(text):
                if chunk is not None:
                    yield first, kills.saw(carrier.done(chunk, first), first)
                    chunk = None
                try:
                    session = read_session(text, number, session)
                except (LineError, ValueError) as err:
                    col = err.column if isinstance(err, LineError) else 1
                    msg = err.message if isinstance(err, LineError) else str(err)
                    yield number, [_tag([], (number, col, line.strip(), msg)), line]
                    continue
                if _GAME_LINE.match(text):
                    in_force = []
                in_force = in_force + [(number, text)]
                continue
            if self.start.match(text):
                if chunk is not None:
                    yield first, kills.saw(carrier.done(chunk, first), first)
                chunk = HandLines([_tag(in_force, kill=kills.owed(session)), line])
                first = number
                continue
            if chunk is not None:
                chunk.append(line)
            elif text.strip():
                # lines outside any hand: one chunk (one parse_error) up to the next hand
                # or session line, not one per line
                chunk = HandLines([_tag(in_force), line])
                first = number
        if chunk is not None:
            yield first, kills.saw(carrier.done(chunk, first), first)

    # ------------------------------------------------------------------ parsing
    def parse_hand(self, lines: list[str], first_line: int, source: str) -> Hand:
        session: Session | None = None
        error: tuple[int, int, str, str] | None = None
        carried: Carried | None = None
        if lines and lines[0].startswith(SENTINEL):
            session, error, carried, self._kill_owed = _untag(lines[0])
            self._chip = int(json.loads(lines[0][len(SENTINEL):]).get("chip") or 0)
            lines = lines[1:]
        else:
            self._kill_owed = None
            self._chip = 0
        self._session = session
        self._b = _Builder()
        self._carried = carried
        self._end = {}
        self._void = False
        if error is None and carried is not None and carried.error and not carried.stale and lines:
            error = (first_line, 1, lines[0].strip(), carried.error)
        if error is not None:
            line, col, text, msg = error
            hand = LineFormat.new_hand(self, source, first_line)
            hand.end_line = first_line
            hand.status = Status.PARSE_ERROR
            hand.problem = ParseProblem(line, col, text, msg)
            hand.hand_id = fallback_id(source, first_line)
            return hand
        cleaned = [strip_comment(x) for x in lines]
        hand = super().parse_hand(cleaned, first_line, source)
        hand.text = "\n".join(lines)
        if carried is not None and carried.stale and any(s.line <= first_line for s in hand.seats):
            # the stacks of a hand that could not be read: only a stack written here is known
            missing = ", ".join(s.player for s in hand.seats if s.line <= first_line)
            hand = LineFormat.new_hand(self, source, first_line)
            hand.end_line = first_line
            hand.status = Status.PARSE_ERROR
            hand.problem = ParseProblem(first_line, 1, lines[0].strip() if lines else "",
                                        carried.error + f" (no stack written for {missing})")
            hand.hand_id = fallback_id(source, first_line)
            return hand
        if hand.problem is not None:
            p = hand.problem
            original = lines[p.line - first_line] if 0 <= p.line - first_line < len(lines) else p.text
            p.column, p.message = _hint(original, p.column, p.message, [s.player for s in hand.seats])
            p.text = original.strip()
        return hand

    def new_hand(self, source: str, first_line: int) -> Hand:
        hand = super().new_hand(source, first_line)
        s = self._session
        if s is None:
            return hand
        hand.limit = s.limit
        hand.variant, hand.hole_cards, hand.hilo = s.variant, s.hole_cards, s.hilo
        hand.game = game_code(s.limit, s.variant, s.hole_cards, s.hilo)
        hand.sb, hand.bb = s.sb, s.bb
        hand.small_bet, hand.big_bet = s.small_bet, s.big_bet
        hand.ante = s.ante or s.bb_ante
        hand.currency = s.currency
        hand.chip = s.chip or self._chip
        hand.odd_chip = s.odd_chip
        hand.table_name = s.table
        hand.room = s.room
        hand.max_seats = s.max_seats
        hand.kind = s.kind
        hand.profile = s.profile
        if s.house:
            hand.profile = _house_path(s.house, source)
        hand.dealer, hand.shift = s.dealer, s.shift
        if s.date:
            hand.started_at = datetime.fromisoformat(s.date).replace(tzinfo=UTC)
            hand.tz = "local"
        hand.implicit_uncalled = True
        hand.live.append(LiveHand(s.rake, s.drops))
        return hand

    # ------------------------------------------------------------------ helpers
    @staticmethod
    def seat(hand: Hand, player: str | None, line: int) -> tuple[int, str]:
        name = _name(player).lower()
        for s in hand.seats:
            if s.player.lower() == name:
                return s.seat, s.player
        raise ValueError(f"{player!r} is not seated in this hand")

    def _close(self) -> None:
        b = self._b
        if b.group is not None:
            b.raw.append(b.group)
            b.group = None

    def _group(self, hand: Hand, player: str | None, line: int) -> LiveAction:
        seat, name = self.seat(hand, player, line)
        b = self._b
        if b.group is not None and b.group.seat != seat:
            self._close()
        if b.group is None:
            b.group = LiveAction(line, seat, name)
        return b.group

    # ------------------------------------------------------------------ handlers
    def on_HAND(self, hand: Hand, f: Fields, line: int) -> None:
        if self._session is None:
            raise LineError(line, 1, f[0] or "", "no valid `game` line before this hand")
        hand.hand_id = f[0] or ""
        _read_hand_rest(hand, f[1] or "", self._session)
        c = self._carried
        if c is not None:
            hand.seats = [Seat(seat, player, stack, out, line) for seat, player, stack, out in c.seats]

    def on_BUTTON(self, hand: Hand, f: Fields, line: int) -> None:
        hand.button_seat = int(f[0] or 0)

    def on_TABLE(self, hand: Hand, f: Fields, line: int) -> None:
        hand.table_name = (f[0] or "").strip()

    def on_SEAT(self, hand: Hand, f: Fields, line: int) -> None:
        seat, player, stack, note = int(f[0] or 0), _name(f[1]), f[2], f[3]
        added = amount(f[4]) if len(f) > 4 and f[4] else 0
        if player.lower() in ("empty", "-", "open"):
            return
        if stack is None:
            raise ValueError(f"seat {seat}: a stack is needed (`seat {seat} {player} 10000`)")
        c = self._carried
        taken = next((s for s in hand.seats if s.seat == seat), None)
        if c is not None and taken is not None and taken.line < line:
            # a carried seat: this line sets its stack (a recount)
            if taken.player.lower() != player.lower():
                raise ValueError(f"seat {seat} is {taken.player}'s (from {c.source}): write `leave {taken.player}` "
                                 f"before seating {player}")
            taken.stack, taken.sitting_out, taken.line = amount(stack), bool(note), line
            taken.added += added
            return
        if taken is not None:
            raise ValueError(f"seat {seat} listed twice")
        if c is not None:
            self._check_not_seated(hand, player, c)
        hand.seats.append(Seat(seat, player, amount(stack), bool(note), line, added=added))
        hand.seats.sort(key=lambda s: s.seat)

    def _check_not_seated(self, hand: Hand, player: str, c: Carried) -> None:
        other = next((s for s in hand.seats if s.player.lower() == player.lower()), None)
        if other is not None:
            raise ValueError(f"{other.player} is already in seat {other.seat} (from {c.source}); a change of "
                             f"seat is `leave {other.player}` then `join seat N {other.player} STACK`")

    def _carried_seat(self, hand: Hand, player: str | None, what: str) -> Seat:
        c = self._carried
        if c is None:
            raise ValueError(f"`{what}` changes the table the previous hand left: this hand writes its table in full "
                             "(a `button` line and `seat` lines), so it has nothing to change")
        name = _name(player).lower()
        found = next((s for s in hand.seats if s.player.lower() == name), None)
        if found is None:
            names = ", ".join(s.player for s in hand.seats) or "nobody"
            raise ValueError(f"{player!r} is not at the table (from {c.source}: {names})")
        return found

    def on_JOIN(self, hand: Hand, f: Fields, line: int) -> None:
        seat, player, stack = int(f[0] or 0), _name(f[1]), amount(f[2])
        c = self._carried
        if c is None:
            raise ValueError("`join` changes the table the previous hand left: in a hand that writes its table in "
                             f"full, write `seat {seat} {player} {stack}`")
        taken = next((s for s in hand.seats if s.seat == seat), None)
        if taken is not None:
            raise ValueError(f"seat {seat} is taken by {taken.player} (from {c.source}): `leave {taken.player}` "
                             "first, or join another seat")
        self._check_not_seated(hand, player, c)
        hand.seats.append(Seat(seat, player, stack, False, line))
        hand.seats.sort(key=lambda s: s.seat)

    def on_LEAVE(self, hand: Hand, f: Fields, line: int) -> None:
        s = self._carried_seat(hand, f[0], "leave")
        hand.seats.remove(s)

    def on_REBUY(self, hand: Hand, f: Fields, line: int) -> None:
        word = re.sub(r"[\s-]+", "", (f[0] or "").lower())
        s = self._carried_seat(hand, f[1], word.rstrip("s"))
        chips = amount(f[2])
        s.stack += chips
        s.added += chips
        s.sitting_out = False  # a player who rebuys is dealt in
        hand.live.append(Rebuy(line, s.seat, s.player, chips, word.rstrip("s")))  # the house's rebuy limits

    def on_COLORUP(self, hand: Hand, f: Fields, line: int) -> None:
        """Chips changed for larger ones of the same value: no stack changes."""
        if self._carried is None:
            return

    def on_POST(self, hand: Hand, f: Fields, line: int) -> None:
        self._close()
        seat, name = self.seat(hand, f[0], line)
        kind_word = re.sub(r"\s+", "", (f[1] or "").lower())
        kind = _POSTS[kind_word]
        value = amount(f[2]) if f[2] else self._structure_post(hand, kind_word, line)
        dead = amount(f[3]) if f[3] else 0
        all_in = bool(f[4])
        if kind is Post.DEAD and kind_word == "dead" and not f[3]:
            ev = PostEvent(line, seat, name, Post.DEAD, 0, value, all_in)
        elif kind is Post.DEAD:
            ev = PostEvent(line, seat, name, Post.DEAD, value, dead, all_in)
        else:
            ev = PostEvent(line, seat, name, kind, value, dead, all_in)
        self._b.posts += 1
        if kind_word == "kill":
            if self._b.kill is not None:
                raise ValueError(f"a second kill blind: {self._b.kill.player} posted one at line {self._b.kill.line}")
            self._b.kill = ev
        elif kind is Post.STRADDLE:
            self._b.straddles += 1
        else:
            self._b.blinds += 1
        self._b.raw.append(ev)

    def _structure_post(self, hand: Hand, kind: str, line: int) -> int:
        """The amount of a post line that writes none: the structure's (`bob sb`)."""
        sess = self._session
        value = {"sb": hand.sb, "smallblind": hand.sb, "bb": hand.bb, "bigblind": hand.bb,
                 "ante": (sess.ante or sess.bb_ante) if sess else 0, "bbante": sess.bb_ante if sess else 0,
                 "straddle": (sess.straddle or 2 * hand.bb) if sess else 2 * hand.bb,
                 "kill": sess.kill.amount(hand.bb) if sess and sess.kill else 0}.get(kind, 0)
        if value <= 0:
            what = {"kill": "the game line has no `kill 2x`", "ante": "the game has no ante",
                    "bbante": "the game has no big-blind ante"}.get(kind, "the amount is not the structure's")
            raise ValueError(f"a `{kind}` post needs its amount here ({what}): `Bob {kind} 10`")
        return value

    def on_CARDS(self, hand: Hand, f: Fields, line: int) -> None:
        self._close()
        seat, name = self.seat(hand, f[0], line)
        self._b.raw.append(DealEvent(line, seat, name, _cards(f[1], hand.hole_cards, hole=True)))

    def on_ACTION(self, hand: Hand, f: Fields, line: int) -> None:
        seat, name = self.seat(hand, f[0], line)
        act = act_of(f[1])
        to = amount(f[2]) if f[2] else None
        if act in ("bet", "raise") and to is None:
            raise ValueError(f"{act} needs an amount (the street total: `{name} {act} 800`)")
        g = self._b.group
        if g is not None and g.seat == seat and g.ruling is None:
            g.ruling = Ruling(line, act, to)
            self._close()
            return
        self._close()
        self._b.raw.append(_Plain(line, seat, name, act, to, bool(f[3])))

    def on_SAYS(self, hand: Hand, f: Fields, line: int) -> None:
        g = self._group(hand, f[0], line)
        if g.said is not None or g.ruling is not None:
            self._close()
            g = self._group(hand, f[0], line)
        what = f[1]
        value = amount(f[2]) if f[2] else None
        if what is None and value is None:
            raise ValueError("says what? (`bob says raise`, `bob says call`, `bob says 1400`)")
        if what is not None and what.lower() == "pot":
            raise ValueError("\"pot\" is not a no-limit amount: write the amount the floor made of it")
        kind = act_of(what) if what is not None else "amount"
        g.said = Said(line, kind, value)
        g.said_first = not g.motions

    def on_CHIPS(self, hand: Hand, f: Fields, line: int) -> None:
        g = self._group(hand, f[0], line)
        chips = chips_of(f[1] or "")
        g.motions.append(Motion(line, chips, single=False, listed=len(chips) > 1))

    def on_CHIP(self, hand: Hand, f: Fields, line: int) -> None:
        g = self._group(hand, f[0], line)
        g.motions.append(Motion(line, (amount(f[1]),), single=True, listed=True))

    def on_OOT(self, hand: Hand, f: Fields, line: int) -> None:
        self._close()
        seat, name = self.seat(hand, f[0], line)
        act = act_of(f[1])
        to = amount(f[2]) if f[2] else None
        self._b.raw.append(OutOfTurn(line, seat, name, act, to))

    def on_RULING(self, hand: Hand, f: Fields, line: int) -> None:
        seat, _ = self.seat(hand, f[0], line)
        act = act_of(f[1])
        to = amount(f[2]) if f[2] else None
        back = f[3] or f[4]
        g = self._b.group
        if g is None or g.seat != seat or g.ruling is not None:
            self._close()
            g = self._group(hand, f[0], line)
        g.ruling = Ruling(line, act, to, amount(back) if back else None)
        self._close()

    def on_BOMB(self, hand: Hand, f: Fields, line: int) -> None:
        """`bomb 20 [double]`: every player antes 20, no pre-flop betting (rules.md 9e)."""
        self._close()
        if self._b.raw:
            raise ValueError("a `bomb` line comes before the posts and the actions: it is the hand's ante")
        hand.bomb_pot = amount(f[0])
        self._b.double = bool(f[1])

    def on_CHOP(self, hand: Hand, f: Fields, line: int) -> None:
        """`chop`: everyone folded to the blinds, who take their blinds back (no rake, no
        drop: the pot is never made)."""
        self._close()
        self._b.chop = line

    def on_MISDEAL(self, hand: Hand, f: Fields, line: int) -> None:
        """`misdeal`: the hand is void (TDA-2024 35); every chip goes back and the next hand
        is dealt again from the stacks this one started with, the button where it was."""
        self._close()
        self._b.misdeal = line

    def _second_board(self, street: Street, new: tuple[str, ...], line: int) -> None:
        """`flop2 9s 8s 3h`: the second board of a double-board hand, run 2 (the first board
        is run 1); each board pays half of every pot, like a board run twice."""
        b = self._b
        if b.run == 0:
            if b.board2 == () and len(b.board) < 3:
                raise ValueError("the second board's flop comes after the first board's")
            for ev in b.raw:
                if isinstance(ev, StreetEvent):
                    ev.run = 1
            b.run = 1
        start = _STREET_START[street]
        if len(b.board2) != start:
            which = f"{street.value} of the second board"
            raise ValueError(f"{which} dealt before its {_BEFORE[street]}" if len(b.board2) < start
                             else f"the {which} was already dealt ({' '.join(b.board2)})")
        b.board2 = b.board2 + new
        b.raw.append(StreetEvent(line, street, new, b.board2, 2))

    def on_STREET(self, hand: Hand, f: Fields, line: int) -> None:
        self._close()
        street, n = _STREETS[(f[0] or "").lower()]
        new = _cards(f[2], n)
        b = self._b
        if f[1]:
            self._second_board(street, new, line)
            return
        if b.board2 or (b.run == 1 and b.double):
            # the first board of a double-board hand goes on as run 1
            start = _STREET_START[street]
            if len(b.board) != start:
                raise ValueError(f"{street.value} dealt before the {_BEFORE[street]}" if len(b.board) < start
                                 else f"the {street.value} was already dealt ({' '.join(b.board)})")
            b.board = b.board + new
            b.raw.append(StreetEvent(line, street, new, b.board, 1))
            return
        start = _STREET_START[street]
        if len(b.board) != start:
            if len(b.board) < start:
                raise ValueError(f"{street.value} dealt before the {_BEFORE[street]}")
            if len(b.board) < 5:
                raise ValueError(f"the {street.value} was already dealt ({' '.join(b.board)})")
            # Run it twice (rules.md 9f): a street dealt again once the board is complete
            # starts the next run from the cards that stay.
            if b.run == 0:
                for ev in b.raw:
                    if isinstance(ev, StreetEvent) and _STREET_START.get(ev.street, -1) >= start:
                        ev.run = 1
                b.run = 1
            b.run += 1
            b.board = b.board[:start]
        b.board = b.board + new
        b.raw.append(StreetEvent(line, street, new, b.board, b.run))

    def on_SHOWS(self, hand: Hand, f: Fields, line: int) -> None:
        self._close()
        seat, name = self.seat(hand, f[0], line)
        self._b.raw.append(ShowEvent(line, seat, name, _cards(f[1], hand.hole_cards, hole=True)))

    def on_MUCKS(self, hand: Hand, f: Fields, line: int) -> None:
        self._close()
        seat, name = self.seat(hand, f[0], line)
        self._b.raw.append(ShowEvent(line, seat, name, _cards(f[1], hand.hole_cards, hole=True) if f[1] else (),
                                     muck=True))

    def on_PAY(self, hand: Hand, f: Fields, line: int) -> None:
        self._close()
        pot_word = (f[0] or "").lower().replace(" ", "").replace("-", "")
        pot: int | None
        if not pot_word or pot_word == "pot":
            pot = None
        elif pot_word == "main":
            pot = 0
        else:
            pot = int(pot_word[4:])
        seat, name = self.seat(hand, f[1], line)
        self._b.raw.append(CollectEvent(line, seat, name, amount(f[2]), pot))

    def on_RAKE(self, hand: Hand, f: Fields, line: int) -> None:
        self._close()
        hand.summary.rake = (hand.summary.rake or 0) + amount(f[0])
        hand.summary.line = line

    def on_POT(self, hand: Hand, f: Fields, line: int) -> None:
        self._close()
        hand.summary.total_pot = amount(f[0])
        hand.summary.line = hand.summary.line or line

    def on_JACKPOT(self, hand: Hand, f: Fields, line: int) -> None:
        self._close()
        kind = "promotion" if (f[0] or "").lower().startswith("promo") else "jackpot"
        self._b.raw.append(FeeEvent(line, kind, amount(f[1])))

    def on_END(self, hand: Hand, f: Fields, line: int) -> None:
        self._close()
        # Pairs may be separated by a comma, and an amount may be written `1,500`: a comma
        # inside an amount is followed by exactly three digits.
        text = (f[0] or "").strip()
        pos = 0
        while pos < len(text):
            m = _END_PAIR.match(text, pos)
            if m is None:
                raise ValueError("end stacks come in pairs: `end alice 12000 bob 0`")
            seat, name = self.seat(hand, m.group("player"), line)
            hand.live.append(EndStack(line, seat, name, amount(m.group("amount"))))
            pos = m.end()

    # ------------------------------------------------------------------ the accepted actions
    def finish(self, hand: Hand) -> None:
        """Turn the pending actions into ActionEvents, replaying the hand as it goes: a
        ruling (or the plain action) as written; with no ruling, what the rules make of
        the words and chips."""
        self._close()
        b = self._b
        c = self._carried
        try:
            profile = profile_named(hand.profile or "tda-2024")
        except ConfigError as exc:
            if not hand.source:
                # the splitter reading a hand again for the next one's table: the log's
                # folder is not known there, its own reading reports the file
                profile = get_profile("tda-2024")
            else:
                raise LineError(hand.line, 1, "", f"{exc} (the game line's `house FILE` names a house-rules "
                                "file next to the log: `house lucky.toml`)") from None
        self._blinds = None
        if hand.button_seat is None and c is not None:
            dealt = [(s.seat, s.sitting_out) for s in hand.seats]
            redeal = c.redeal and any(seat == c.button and not out for seat, out in dealt)
            dead = dead_button(c, dealt) if profile.button_rule == "dead" else None
            if dead is not None:
                # the button where the dead-button rule puts it (the redeal: the voided deal's)
                hand.button_seat = c.button if redeal else dead[0]
                self._blinds = dead[1:]
            else:
                hand.button_seat = c.button if redeal else next_button(c.button, dealt)
        if hand.button_seat is None:
            raise LineError(hand.line, 1, "", "no `button N` line in this hand")
        if not hand.seats:
            raise LineError(hand.line, 1, "", "no seats")
        if b.misdeal:
            # the hand is void: no chip moved, nothing to judge; the next hand is dealt again
            # from these stacks, the button where it was
            hand.events = []
            hand.live = [r for r in hand.live if isinstance(r, LiveHand)]
            hand.summary = type(hand.summary)()
            hand.hand_id = "misdeal-" + hand.hand_id  # the redeal is the hand; `natural` ids stay in order
            self._end = {s.seat: s.stack for s in hand.seats}
            self._void = True
            return
        if b.blinds == 0:
            # no blind or ante written: the structure's, before the straddles and the kill
            # written (a lone `straddle` line posts the blinds as the dealer means it)
            b.raw[0:0] = self._bomb_antes(hand) if hand.bomb_pot else self._auto_posts(
                hand, straddle=b.straddles == 0 and b.kill is None)
        self._live_structure(hand)
        if b.double and not b.board2:
            raise LineError(hand.line, 1, "", "a double-board bomb pot writes its second board: `flop2 9s 8s 3h`, "
                            "`turn2 ...`, `river2 ...`")
        state = State.start(hand, profile)
        events: list[object] = []
        started = False
        for item in b.raw:
            if isinstance(item, PostEvent):
                state.apply_post(item)
                events.append(item)
                continue
            if isinstance(item, OutOfTurn):
                item.before_seq = len(events)
                hand.live.append(item)
                continue
            if isinstance(item, (_Plain, LiveAction)):
                if not started:
                    state.begin_betting()
                    started = True
                ev = self._accepted(hand, state, item, len(events), events, profile)
                res = state.resolve_action(ev)
                state.apply_action(ev, res)
                events.append(ev)
                continue
            if isinstance(item, StreetEvent):
                if not started:
                    state.begin_betting()
                    started = True
                state.apply_street(item)
            events.append(item)
        hand.events = events  # type: ignore[assignment]
        if not hand.seats:
            raise LineError(hand.line, 1, "", "no seats")
        if b.chop:
            self._chop(hand, state, b.chop)
        self._end = final_stacks(hand, state)

    def _accepted(self, hand: Hand, state: State, item: object, seq: int, events: list[object],
                  profile: object) -> ActionEvent:
        if isinstance(item, _Plain):
            dec = decide(state, item.seat, item.act, item.to)
            line, seat, name = item.line, item.seat, item.player
        else:
            assert isinstance(item, LiveAction)
            item.seq = seq
            hand.live.append(item)
            seat, name = item.seat, item.player
            if item.ruling is not None:
                dec = decide(state, seat, item.ruling.act, item.ruling.to)
                line = item.ruling.line
            else:
                opening = opening_bet(events, seq) or len(state.live()) == 2
                got = required(state, item, profile, opening)  # type: ignore[arg-type]
                dec = got if got is not None else decide(state, seat, "call", None)
                line = item.line
        written = _written_call(item)
        if written is not None and dec.act.value in ("call", "check"):
            # `call 300`: the street total the dealer accepted, right or wrong (BS01 judges it)
            s = state.seats[seat]
            chips = min(written - s.street_bet, s.stack)
            if chips <= 0:
                raise LineError(line, 1, "", f"`call {written}`: {name} already has {s.street_bet} in this street "
                                "(a call amount is the player's street total, like a bet's)")
            if chips != dec.chips:
                return ActionEvent(line, seat, name, Act.CALL, chips, None, chips >= s.stack)
        if dec.act.value in ("fold", "check"):
            return ActionEvent(line, seat, name, dec.act)
        if dec.act.value == "call":
            return ActionEvent(line, seat, name, dec.act, dec.chips, None, dec.all_in)
        return ActionEvent(line, seat, name, dec.act, None, dec.to, dec.all_in)

    def _chop(self, hand: Hand, state: State, line: int) -> None:
        """The blinds take their blinds back: each is paid what it put in (the big blind's
        unmatched part with it), so the stacks carry as they were and there is no pot to
        rake. Only when every other player folded before any raise."""
        live = state.live()
        blinds = {state.sb_seat, state.bb_seat}
        why = ""
        if {s.seat for s in live} != blinds or None in blinds:
            why = "a chop is the small and the big blind's, when every other player has folded"
        elif any(s.has_acted_in_hand for s in live) or state.street is not Street.PREFLOP:
            why = "a chop is agreed before the blinds act: write the hand as it was played"
        elif any(s.total != s.street_bet for s in state.seats.values() if s.total) or state.dead_money:
            why = "a chop with antes or dead money in the middle: write who was paid what (`pay` lines)"
        elif any(isinstance(e, CollectEvent) for e in hand.events):
            why = "a chop pays the blinds back by itself: no `pay` line"
        if why:
            raise LineError(line, 1, "chop", why)
        for s in sorted(live, key=lambda s: s.seat):
            hand.events.append(CollectEvent(line, s.seat, s.player, s.total, None))
        extra = next((r for r in hand.live if isinstance(r, LiveHand)), None)
        if extra is not None:
            extra.chopped = True

    def _bomb_antes(self, hand: Hand) -> list[PostEvent]:
        """A bomb pot with no post lines: every player dealt in antes the bomb's amount (a
        stack too short antes what it has, all-in)."""
        out: list[PostEvent] = []
        for s in sorted((s for s in hand.seats if not s.sitting_out), key=lambda s: s.seat):
            paid = min(hand.bomb_pot, s.stack)
            if paid > 0:
                out.append(PostEvent(hand.line, s.seat, s.player, Post.ANTE, paid, 0, paid == s.stack))
        return out

    def _live_structure(self, hand: Hand) -> None:
        """What the game requires of this hand's posts (for `live_rules` FB01-FB03), and a
        kill blind's stakes: in fixed limit a kill plays the hand at the kill's stakes
        (a full kill doubles 20/40 to 40/80, a half kill makes it 30/60)."""
        extra = next((r for r in hand.live if isinstance(r, LiveHand)), None)
        sess = self._session
        if extra is None or sess is None:
            return
        extra.ante, extra.bb_ante, extra.straddle = sess.ante, sess.bb_ante, sess.straddle
        extra.antes_stated = sess.antes_stated
        kill = self._b.kill
        owed = self._kill_owed
        if owed is not None:
            extra.kill_owed = owed
        if kill is not None:
            extra.kill_line = kill.line
            if hand.limit is Limit.FIXED_LIMIT and hand.bb and kill.amount > hand.bb:
                hand.small_bet = hand.small_bet * kill.amount // hand.bb
                hand.big_bet = hand.big_bet * kill.amount // hand.bb

    def _auto_posts(self, hand: Hand, straddle: bool = True) -> list[PostEvent]:
        """No post lines: blinds (and antes, straddle) from the button and the game line."""
        seats = sorted((s for s in hand.seats if not s.sitting_out), key=lambda s: s.seat)
        if len(seats) < 2:
            return []
        btn = hand.button_seat or 0
        ring = [s for s in seats if s.seat > btn] + [s for s in seats if s.seat <= btn]
        s_sb: Seat | None
        s_sb, s_bb = (ring[-1], ring[0]) if len(seats) == 2 else (ring[0], ring[1])
        if self._blinds is not None:
            # a dead button: the blinds' seats are the rule's (the small blind may be dead)
            by_seat = {s.seat: s for s in seats}
            s_sb = by_seat.get(self._blinds[0]) if self._blinds[0] is not None else None
            s_bb = by_seat.get(self._blinds[1], s_bb)
            ring = ring[ring.index(s_bb) - 1:] + ring[:ring.index(s_bb) - 1] if s_sb is None else ring
        line = hand.line
        left = {s.seat: s.stack for s in seats}
        out: list[PostEvent] = []

        def post(s: Seat, kind: Post, value: int) -> None:
            paid = min(value, left[s.seat])
            if paid <= 0:
                return
            left[s.seat] -= paid
            out.append(PostEvent(line, s.seat, s.player, kind, paid, 0, left[s.seat] == 0))

        sess = self._session
        if sess is not None and sess.ante:
            for s in ring:
                post(s, Post.ANTE, sess.ante)
        if s_sb is not None:
            post(s_sb, Post.SMALL_BLIND, hand.sb)
        post(s_bb, Post.BIG_BLIND, hand.bb)
        if sess is not None and sess.bb_ante:
            post(s_bb, Post.ANTE, sess.bb_ante)
        if straddle and sess is not None and sess.straddle and len(seats) > 2:
            post(ring[2 % len(ring)], Post.STRADDLE, sess.straddle)
        return out


_STAFF = re.compile(r"\b(?P<key>dealer|shift)\s+(?P<value>\"[^\"]*\"|'[^']*'|\S+)"
                    r"|\bdate\s+(?P<date>\d{4}-\d{2}-\d{2})\b|\b(?P<h>\d{1,2}):(?P<m>\d{2})\b", re.IGNORECASE)


def _read_hand_rest(hand: Hand, rest: str, session: Session | None) -> None:
    """`hand 12 21:05 dealer Maria shift night date 2026-11-28`: the hand's own dealer,
    shift, date and clock time (the room's wall clock: `tz` is `local`); other words after
    the number are ignored, as they always were."""
    day = session.date if session is not None else ""
    clock: tuple[int, int] | None = None
    for m in _STAFF.finditer(rest):
        if m.group("key"):
            value = m.group("value").strip("\"'")
            if m.group("key").lower() == "dealer":
                hand.dealer = value
            else:
                hand.shift = value
        elif m.group("date"):
            try:
                date.fromisoformat(m.group("date"))
            except ValueError:
                raise ValueError(f"not a date: {m.group('date')} (write `date 2026-11-28`)") from None
            day = m.group("date")
        elif int(m.group("h")) < 24 and int(m.group("m")) < 60:
            clock = (int(m.group("h")), int(m.group("m")))
    if day:
        at = datetime.fromisoformat(day).replace(tzinfo=UTC)
        if clock is not None:
            at = at.replace(hour=clock[0], minute=clock[1])
        hand.started_at, hand.tz = at, "local"


def _house_path(written: str, source: str) -> str:
    """`house lucky.toml` on a game line: the file next to the log (an absolute path as
    written)."""
    from pathlib import Path

    path = Path(written.strip("\"'"))
    if not path.is_absolute() and source and not source.startswith("<"):
        path = Path(source).parent / path
    return str(path)


def _name(player: str | None) -> str:
    """A player's name as written: one word, or several in double quotes (`"Big Al"`)."""
    name = (player or "").strip()
    return name[1:-1].strip() if len(name) > 1 and name[0] == name[-1] == '"' else name


def _written_call(item: object) -> int | None:
    """The amount of a `call 300` (or `ruling bob call 300`) line, when one is written."""
    if isinstance(item, _Plain):
        return item.to if item.act == "call" else None
    if isinstance(item, LiveAction) and item.ruling is not None and item.ruling.act == "call":
        return item.ruling.to
    return None


class _Carrier:
    """The splitter's side of carrying the table: each hand that does not write its table
    in full gets the table the previous hand left (read again here, by a reader of its own,
    so the hand reads alike wherever it is read)."""

    def __init__(self) -> None:
        self.previous: tuple[list[str], int] | None = None
        self.reader: LiveFormat | None = None

    def done(self, chunk: list[str], first: int) -> list[str]:
        """The hand's lines, its sentinel given the carried table when it needs one."""
        if len(chunk) < 2 or not chunk[0].startswith(SENTINEL) or not LiveFormat.start.match(
                strip_comment(chunk[1])):
            return chunk  # not a hand: lines outside any hand, a bad session line
        body = [strip_comment(x) for x in chunk[2:]]
        if not written_in_full(body):
            data = json.loads(chunk[0][len(SENTINEL):])
            data["carried"] = self.table().to_json()
            chunk[0] = SENTINEL + json.dumps(data)
        self.previous = (chunk, first)
        return chunk

    def table(self) -> Carried:
        if self.previous is None:
            return Carried("", error="the first hand of a file writes its table in full: a `button N` line and a "
                           "`seat N NAME STACK` line for each player")
        lines, first = self.previous
        if self.reader is None:
            self.reader = LiveFormat()
        hand = self.reader.parse_hand(list(lines), first, "")
        named = bool(hand.hand_id) and not hand.hand_id.startswith(":")
        where = f"hand {hand.hand_id} (line {first})" if named else f"the hand at line {first}"
        if hand.status is not Status.AUDITED or hand.button_seat is None:
            error = (f"the stacks cannot be carried from {where}, which could not be read: write this hand's "
                     "table in full (`button N` and a `seat` line for each player)")
            rc = self.reader._carried
            button = hand.button_seat
            if button is None and rc is not None and not rc.error and rc.button is not None:
                # where the hand's button went (`finish`, which the hand did not reach)
                dealt = [(s.seat, s.sitting_out) for s in hand.seats]
                button = rc.button if rc.redeal else next_button(rc.button, dealt)
            if hand.status is Status.AUDITED or not hand.seats or button is None:
                return Carried(where, error=error)
            error = (f"the stacks cannot be carried from {where}, which could not be read: write each "
                     "player's stack (`seat N NAME STACK`), or the table in full")
            return Carried(where, button, [(s.seat, s.player, s.stack, s.sitting_out) for s in hand.seats],
                           error=error, stale=True)
        end = self.reader._end
        seats = [(s.seat, s.player, end.get(s.seat, s.stack), s.sitting_out or end.get(s.seat, s.stack) == 0)
                 for s in hand.seats]
        blinds = _blind_seats(hand)
        if self.reader._void:
            # a voided deal: the redeal's blinds come from the hand before it, as the deal's did
            rc = self.reader._carried
            blinds = (rc.sb, rc.bb) if rc is not None and not rc.error else (None, None)
        return Carried(where, hand.button_seat, seats, redeal=self.reader._void, sb=blinds[0], bb=blinds[1])


_KILL_OPTION = re.compile(r"\bkill\s+\d", re.IGNORECASE)


def session_chip(chunks: Sequence[tuple[int, list[str]]]) -> int:
    """The smallest chip of a session whose game lines state none: the largest unit that
    divides every amount of it the players put in play (stakes, antes, stacks, rebuys,
    posts, bets): not the payments, the rake or the end stacks, which are what the audit
    judges (a pot paid 20,650 each must not make 50-chips of 100-chips). A tournament paid in T100 chips (every amount a multiple of 100)
    splits a chop of 41,300 as 20,700 / 20,600 (TDA-2024 20), not 20,650 each. 0 when a game
    line states `chip N` (it wins) or no amount says more than 1."""
    reader = LiveFormat()
    unit = 0
    for first, chunk in chunks:
        if not chunk or not chunk[0].startswith(SENTINEL):
            continue
        session = _untag(chunk[0])[0]
        if session is not None and session.chip:
            return 0
        if len(chunk) < 2:
            continue
        hand = reader.parse_hand(list(chunk), first, "")
        if hand.status is not Status.AUDITED:
            continue
        amounts = [hand.sb, hand.bb, hand.ante, hand.bomb_pot]
        # stacks as written (a carried stack holds the last hand's payments)
        amounts += [s.stack for s in hand.seats if s.line > hand.line] + [s.added for s in hand.seats]
        for e in hand.events:
            if isinstance(e, PostEvent):
                amounts += [e.amount, e.dead]
            elif isinstance(e, ActionEvent):
                amounts += [e.amount or 0, e.to or 0]
        for a in amounts:
            if a:
                unit = math.gcd(unit, a)
                if unit == 1:
                    return 0
    return unit if unit > 1 else 0


class _Kills:
    """The splitter's side of the house's kill rule (`game ... kill 2x`): who won the last
    pots, so that the next hand knows who owes the kill blind. A kill is owed by the player
    who won the last two pots in a row alone (the usual house rule of kill games), or with
    `kill 2x at 200` a pot of 200 or more; a split pot ends the run, a misdeal changes
    nothing."""

    def __init__(self) -> None:
        self.reader: LiveFormat | None = None
        self.run: tuple[str, int] | None = None
        """(player, pots won in a row)."""
        self.due: str | None = None
        """The player the last hand made owe a kill."""

    def saw(self, chunk: list[str], first: int) -> list[str]:
        """Note who won the hand of `chunk` (read again here, only in a game with a kill)."""
        if len(chunk) < 2 or not chunk[0].startswith(SENTINEL):
            return chunk
        rule = self._rule(chunk) if _KILL_OPTION.search(chunk[0]) else None
        if rule is None:
            self.run = self.due = None
            return chunk
        if self.reader is None:
            self.reader = LiveFormat()
        hand = self.reader.parse_hand(list(chunk), first, "")
        if hand.hand_id.startswith("misdeal-"):
            return chunk  # a voided deal: the redeal owes what it owed
        paid: dict[str, int] = {}
        for e in hand.events:
            if isinstance(e, CollectEvent) and e.amount > 0:
                paid[e.player] = paid.get(e.player, 0) + e.amount
        if hand.status is not Status.AUDITED or len(paid) != 1 or any(
                isinstance(r, LiveHand) and r.chopped for r in hand.live):
            self.run = self.due = None
            return chunk
        (name, won), = paid.items()
        count = self.run[1] + 1 if self.run is not None and self.run[0] == name else 1
        self.run = (name, count)
        pot = won + (hand.summary.rake or 0) + sum(e.amount for e in hand.events if isinstance(e, FeeEvent))
        self.due = name if (pot >= rule.at if rule.at else count >= 2) else None
        return chunk

    @staticmethod
    def _rule(chunk: list[str]) -> KillRule | None:
        session = _untag(chunk[0])[0]
        return session.kill if session is not None else None

    def owed(self, session: Session | None) -> tuple[str, int] | None:
        if self.due is None or session is None or session.kill is None:
            return None
        return self.due, session.kill.amount(session.bb)


def _blind_seats(hand: Hand) -> tuple[int | None, int | None]:
    """The seats of a hand's first small blind and big blind posts."""
    posts = [e for e in hand.events if isinstance(e, PostEvent)]
    sb = next((e.seat for e in posts if e.kind is Post.SMALL_BLIND), None)
    bb = next((e.seat for e in posts if e.kind is Post.BIG_BLIND), None)
    return sb, bb


_SUITS = str.maketrans("♠♤♥♡♦♢♣♧", "sshhddcc")
"""Suit symbols a writer may type or paste (`A♠ K♥`) -> the letters."""


def _cards(text: str | None, n: int, hole: bool = False) -> tuple[str, ...]:
    """The cards of a line: `n` of them, or for a player's hole cards (`hole`) more than the
    game deals too, up to three more (a player who tables five cards in PLO: the hand is
    dead, WN03 says so, and the log must be able to say it happened)."""
    parts = _CARD.findall((text or "").translate(_SUITS))
    got = tuple(card(p) for p in parts)
    if len(got) != n and not (hole and n < len(got) <= n + 3):
        raise ValueError(f"{n} card{'s' if n > 1 else ''} expected, got {len(got)}")
    return got


_KEYWORDS = ("hand", "button", "seat", "table", "join", "leave", "rebuy", "addon", "top up", "color up", "flop", "turn",
             "river", "pay", "rake", "drop", "pot", "jackpot", "promo", "end", "oot", "ruling", "chop", "misdeal",
             "bomb", "game", "level")
"""The words a line may start with (the keyword lines of `grammars/live.lark`)."""
_VERBS = ("fold", "check", "call", "bet", "raise", "allin", "shove", "says", "chips", "chip", "shows", "mucks",
          "cards", "sb", "bb", "ante", "bbante", "straddle", "post", "dead")
"""The words after a player's name (the player lines of `grammars/live.lark`)."""
_FORMS = {"hand": "hand 12 [21:05] [dealer NAME]", "button": "button 4", "seat": "seat 3 Alice 500",
          "join": "join seat 5 Erin 300", "leave": "leave Bob", "rebuy": "rebuy Carol 200",
          "addon": "addon Dave 100", "flop": "flop Kh 7d 2c", "turn": "turn 9s", "river": "river 2d",
          "pay": "pay [main|side1] Alice 120", "rake": "rake 5", "pot": "pot 125", "jackpot": "jackpot 1",
          "end": "end Alice 154 Bob 413", "oot": "oot Carol call", "ruling": "ruling Bob call [800] [returned 200]",
          "bomb": "bomb 20 [double]", "chop": "chop", "misdeal": "misdeal"}
"""How each keyword line is written, for a keyword line that could not be read."""
_NOT_SEATED = re.compile(r"'(?P<name>[^']+)' is not (?:seated in this hand|at the table)")


def _close(word: str, choices: Sequence[str], n: int = 1) -> str:
    """`did you mean ...?` for the `n` words of `choices` nearest `word` (difflib's ratio,
    0.6 and up), or ""."""
    by_lower = {c.lower(): c for c in choices}
    got = difflib.get_close_matches(word.lower(), list(by_lower), n=n, cutoff=0.6)
    if not got:
        return ""
    names = " or ".join(f"`{by_lower[g]}`" for g in got)
    return f" (did you mean {names}?)"


def _hint(line: str, column: int, message: str, names: Sequence[str]) -> tuple[int, str]:
    """The column and message of a line that could not be read, with a hint where the
    writer's word is near a known one: `bob raiz 800` points at `raiz` (did you mean
    `raise`?), `alcie fold` at `alcie` (did you mean `Alice`?), `flpo Kh 7d 2c` at `flpo`."""
    words = [(m.start() + 1, m.group(0).strip('"')) for m in re.finditer(r'"[^"]+"|\S+', line)]
    m = _NOT_SEATED.search(message)
    if m is not None:
        name = m.group("name")
        at = next((c for c, w in words if w.lower() == name.lower()), column)
        hint = _close(name, names, 2)
        listed = "is not at the table (from" in message  # the message lists who is already
        return at, message + (hint or ("" if listed else f" (seated: {', '.join(names) or 'nobody'})"))
    if words and (" dealt before the " in message or " was already dealt" in message):
        return words[0][0], message + " (the streets come flop, turn, river; a board run again starts once the river is out)"
    if not message.startswith("no line of this format reads like this") or not words:
        return (_guess_column(line) if column == 1 else column), message
    first = words[0][1]
    seated = {n.lower() for n in names}
    form = _FORMS.get(first.lower())
    if form is not None and first.lower() not in seated:
        return words[0][0], f"a `{first.lower()}` line reads `{form}`"
    if first.lower() not in seated:
        hint = _close(first, list(_KEYWORDS) + list(names))
        if hint:
            return words[0][0], f"`{first}` starts no line{hint}"
    if len(words) > 1 and first.lower() in seated:
        col, verb = words[1]
        hint = _close(verb, _VERBS)
        return col, f"`{verb}` is not an action or a line of a player{hint or ' (fold, check, call, bet, raise, allin, says, chips, shows, mucks, a post)'}"
    return (_guess_column(line) if column == 1 else column), message


def _guess_column(line: str) -> int:
    """Where a line that could not be read goes wrong: the word after the keyword or the
    player's name (`bob raiz 800` -> the column of `raiz`)."""
    m = re.match(r"(\s*)(\S+)(\s+)(\S)", line)
    if m is None:
        return len(line) - len(line.lstrip()) + 1
    return m.start(4) + 1


FORMATS = [LiveFormat()]
