"""Helpers shared by the format modules: cards, times, game names."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from functools import cache, lru_cache
from typing import Final
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from ..engine.games import game_code as game_code  # the readers name each hand's game with it
from ..model import Act, DealEvent, Hand, Limit, ShowEvent, Street

ACT_VERBS: Final = {"folds": Act.FOLD, "checks": Act.CHECK, "calls": Act.CALL, "bets": Act.BET, "raises": Act.RAISE}
"""Action verbs as most sites print them."""
STREET_NAMES: Final = {"FLOP": Street.FLOP, "TURN": Street.TURN, "RIVER": Street.RIVER}
"""Street names as "*** FLOP ***" headers print them."""

RANKS: Final = "23456789TJQKA"
SUITS: Final = "cdhs"
_RANK_WORDS: Final = {"10": "T", "1": "A"}

# Zone abbreviations sites print, to IANA zones (DST-aware).
ZONES: Final = {
    "ET": "America/New_York",
    "EST": "America/New_York",
    "EDT": "America/New_York",
    "PT": "America/Los_Angeles",
    "PST": "America/Los_Angeles",
    "PDT": "America/Los_Angeles",
    "CT": "America/Chicago",
    "MT": "America/Denver",
    "CET": "Europe/Paris",
    "CEST": "Europe/Paris",
    "WET": "Europe/Lisbon",
    "WEST": "Europe/Lisbon",
    "EET": "Europe/Helsinki",
    "EEST": "Europe/Helsinki",
    "GMT": "UTC",
    "UTC": "UTC",
    "BST": "Europe/London",
    "MSK": "Europe/Moscow",
    "IST": "Asia/Kolkata",
    "AET": "Australia/Sydney",
    "AEST": "Australia/Sydney",
    "BRT": "America/Sao_Paulo",
    "ART": "America/Argentina/Buenos_Aires",
    "NZT": "Pacific/Auckland",
    "HKT": "Asia/Hong_Kong",
    "JST": "Asia/Tokyo",
}


def card(text: str) -> str:
    """One card in the canonical two-character form ("10h" -> "Th", "as" -> "As")."""
    t = text.strip()
    if len(t) == 3 and t[:2] == "10":
        t = "T" + t[2]
    if len(t) != 2:
        raise ValueError(f"not a card: {text!r}")
    r, s = t[0].upper(), t[1].lower()
    r = _RANK_WORDS.get(r, r)
    if r not in RANKS or s not in SUITS:
        # Some sites write the suit first ("D5", "CJ").
        r2, s2 = t[1].upper(), t[0].lower()
        if r2 in RANKS and s2 in SUITS:
            return r2 + s2
        raise ValueError(f"not a card: {text!r}")
    return r + s


_CARDS: Final[dict[str, tuple[str, ...]]] = {}
"""cards' answers (a plain dictionary: compiled, a call is then a direct call and a look-up)."""


def cards(text: str | None) -> tuple[str, ...]:
    """Cards from a space- or comma-separated list; unknown cards ("X", "??") are skipped."""
    if not text:
        return ()
    known = _CARDS.get(text)
    if known is not None:
        return known
    out = []
    for piece in text.replace(",", " ").split():
        if piece in ("X", "x", "??", "xx", "XX", "--"):
            continue
        out.append(card(piece))
    if len(_CARDS) >= 8192:
        _CARDS.clear()
    known = _CARDS[text] = tuple(out)
    return known


# A bracket's cards run to the next `]` or, where none follows, to the end: taken at once,
# and the match is then written off (its last group empty). A `[` with no `]` after it has
# none after any later `[` either, so no match is lost, and a line of `[` is read once, not
# once from each `[`.
_BRACKETS: Final = re.compile(r"\[([^\]]*+)(\]?)")
"""Bracket groups ("[Js 9h Jh] [Qs]"): (cards, "]"), the last one ("cards", "") if unclosed."""


_SUMMARY_CARDS: Final = re.compile(r"\b(showed|mucked|shows|mucks)(?: hand)?:? \[([^\]]*+)(\]?)", re.IGNORECASE)
"""The cards a summary line shows or mucks; like `_BRACKETS`, unclosed when the third group
is empty."""


def is_hole_count(hand: Hand, count: int) -> bool:
    """Whether `count` cards can be a seat's hole cards: as many as the game deals, or four to
    six in an Omaha hand whose count is not stated yet (`hole_cards` 0)."""
    if hand.hole_cards:
        return count == hand.hole_cards
    return 4 <= count <= 6


def summary_cards(hand: Hand, seat: int, text: str, line: int) -> None:
    """Record the hole cards a summary line reveals ("Seat 2: Bob showed [Qh Jh] and lost",
    "Seat 4: Carol (big blind) mucked [Ah Kd]"): shown cards are tabled, mucked ones are
    not. Only as many cards as the game deals are hole cards (some sites write the best five
    there; an Omaha hand whose count is not stated yet takes four to six); anything else is
    left alone."""
    if "[" not in text:
        return
    m = _SUMMARY_CARDS.search(text)
    if m is None or not m.group(3):
        return
    got = cards(m.group(2))
    if not is_hole_count(hand, len(got)):
        return
    verb = m.group(1).lower()
    tabled = verb.startswith("show")
    hand.reveal(seat, got, "summary", line, tabled=tabled, mucked=not tabled)


def chips_between_hands(hand: Hand, player: str | None, chips: int) -> None:
    """Chips a line after the play brings to (positive) or takes off (negative) a seated
    player's stack outside the pot (a rebuy, an add-on, a top-up, a cash-out fee): in their
    next hand's stack (`Seat.added`, which the session audit carries). A name not seated at
    the table (a player at the table between hands, an anonymiser's leftover) changes nothing."""
    for s in hand.seats:
        if s.player == player:
            s.added += chips
            return


def bracket_groups(text: str | None) -> list[str]:
    r"""The text inside each closed bracket group, in order: "[Js 9h Jh] [Qs]" gives
    ["Js 9h Jh", "Qs"] (what `re.findall(r"\[([^\]]*)\]", text)` gives, in linear time)."""
    return [g for g, closed in _BRACKETS.findall(text or "") if closed]


def bracketed_board(text: str | None) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(new cards, whole board) of a street line's bracket groups: "[Js 9h Jh] [Qs]" gives
    (("Qs",), ("Js", "9h", "Jh", "Qs"))."""
    groups = bracket_groups(text)
    board = tuple(c for g in groups for c in cards(g))
    return (cards(groups[-1]) if groups else ()), board


@cache
def _zone(name: str) -> ZoneInfo | None:
    iana = ZONES.get(name.upper())
    if iana is None:
        return None
    try:
        return ZoneInfo(iana)
    except ZoneInfoNotFoundError:
        return None


_DATE: Final = re.compile(
    r"(\d{4})[/.-](\d{1,2})[/.-](\d{1,2})\s*+(?:-\s*+)?"
    r"(\d{1,2}):(\d{2})(?::(\d{2}))?\s*\(?([A-Z]{2,4})?\)?"
)
"""A date and time: year, month, day, hour, minutes, seconds (optional), zone (optional).
The spaces around the dash are taken whole (a digit follows them), so that a date followed
by a run of spaces is not split in every way at every start."""


def to_utc(text: str, default_zone: str = "") -> tuple[datetime | None, str]:
    """First date and time in `text` as UTC, with the zone abbreviation it was written in.

    If `text` holds a bracketed ET time as well ("... CET [2010/07/03 8:46:30 ET]"), the ET
    one is used: it is the site's reference clock. Unknown zones and impossible dates or
    times give (None, zone)."""
    chosen = _DATE.search(text)
    if chosen is None:
        return None, default_zone
    if text.find("ET", chosen.end()) >= 0:  # a later time in ET (only then can one be)
        for m in _DATE.finditer(text, chosen.end()):
            if m.group(7) == "ET":
                chosen = m
    y, mo, d, h, mi, sec, zone = chosen.groups()
    zone_name = zone or default_zone
    hour = _hour_in_utc(zone_name, y, mo, d, h) if zone_name else None
    minutes, seconds = int(mi), int(sec or 0)
    if hour is None or minutes > 59 or seconds > 59:
        return None, zone_name
    return hour + _INTO_HOUR[minutes * 60 + seconds], zone_name


def wall_clock(text: str) -> datetime | None:
    """The first date and time in `text` as written (naive: no zone), for a log that names
    no zone (`Hand.local_time`, placed in the site's zone by `hhaudit.zones`); None when
    there is none or it is impossible."""
    m = _DATE.search(text)
    if m is None:
        return None
    y, mo, d, h, mi, sec, _ = m.groups()
    try:
        return datetime(int(y), int(mo), int(d), int(h), int(mi), int(sec or 0))
    except ValueError:
        return None


_INTO_HOUR: Final = [timedelta(seconds=s) for s in range(3600)]
"""Each second of an hour as a timedelta (building one from keywords costs more than the
rest of `to_utc`)."""


@lru_cache(maxsize=4096)
def _hour_in_utc(zone_name: str, year: str, month: str, day: str, hour: str) -> datetime | None:
    """The start of a local hour in that zone, as UTC; None for an unknown zone or an
    impossible date. Zone changes fall on whole hours in every zone of ZONES, so one hour has
    one offset; times in a gap or a repeated hour read as Python reads them, with fold=0."""
    zone = _zone(zone_name)
    if zone is None:
        return None
    try:
        local = datetime(int(year), int(month), int(day), int(hour))
    except ValueError:
        return None
    offset = local.replace(tzinfo=zone).utcoffset()
    if offset is None:
        return None
    return (local - offset).replace(tzinfo=UTC)


_GAME: Final = re.compile(
    r"(?i)(?P<game>6\+ Hold'em|Hold'em|Holdem|(?:[456] Card )?Omaha(?: Hi/Lo)?|Razz|7 Card Stud Hi/Lo|"
    r"7 Card Stud|5 Card Draw|Triple Draw 2-7 Lowball|Single Draw 2-7 Lowball|Badugi|Courchevel(?: Hi/Lo)?)"
    r"\s+(?P<limit>Pot Limit Pre-Flop, No Limit Post-Flop|No Limit|Pot Limit|Fixed Limit|Limit)"
)


def game_of(text: str) -> tuple[str, Limit | None]:
    """(variant, limit) from a header fragment such as "Hold'em No Limit"; the variant is
    "holdem" for Texas Hold'em and the lower-case name otherwise ("5 card omaha hi/lo": read
    it with `omaha_of`)."""
    m = _GAME.search(text)
    if m is None:
        return "", None
    game = m.group("game").lower()
    variant = "holdem" if game in ("hold'em", "holdem") else game
    lim = m.group("limit").lower()
    if lim.startswith("no"):
        limit = Limit.NO_LIMIT
    elif lim.startswith("pot limit pre"):
        limit = Limit.NO_LIMIT  # PL pre-flop, NL after: audited with the looser NL sizes
    elif lim.startswith("pot"):
        limit = Limit.POT_LIMIT
    else:
        limit = Limit.FIXED_LIMIT
    return variant, limit


_OMAHA: Final = re.compile(
    r"(?ix)^(?:(?P<count>[456])\W*+(?:card|cards|c)?\W*+)?"
    r"(?:pot\W*+limit\W*+|no\W*+limit\W*+|fixed\W*+limit\W*+|limit\W*+|pl\W*+|nl\W*+|fl\W*+)?"
    r"(?:(?P<count2>[456])\W*+(?:card|cards|c)\W*+)?"
    r"omaha(?P<count3>[456])?(?:\W*+high)?(?:\W*+hi)?"
    r"(?P<hilo>\W*+(?:hi\W*+lo|h\W*+l|hi\W*+low|hilow|hilo|high\W*+low|hi\W*+lo\W*+8|8|lo|low|eight\W*+or\W*+better))?"
    r"(?:\W*+(?P<count4>[456])\W*+(?:card|cards|c))?"
    r"(?:\W*+(?:8|eight)(?:\W*+or\W*+better)?)?(?:\W*+(?:reshuffle|pot\W*+limit|no\W*+limit|fixed\W*+limit|limit))*\W*+$"
)
"""A game's name, as the sites write Omaha ("Omaha", "5 Card Omaha Hi/Lo", "Omaha5", "Omaha
H/L", "omaha_hi_lo", "Pot Limit Omaha 5 Card", "Omaha HiLow", "5Card Omaha Reshuffle"); the
whole name must be read, so Courchevel or "Omaha Hi/Lo Stud" are not Omaha."""


def omaha_of(name: str) -> tuple[int, bool] | None:
    """(hole cards, Hi/Lo) of a game's name if it is Omaha, else None. The count is 0 when the
    name does not say it (four, unless the cards dealt say otherwise: `settle_omaha`)."""
    m = _OMAHA.match(name.strip().replace("_", " "))
    if m is None:
        return None
    count = m.group("count") or m.group("count2") or m.group("count3") or m.group("count4")
    return (int(count) if count else 0), m.group("hilo") is not None


def set_omaha(hand: Hand, hole_cards: int, hilo: bool) -> None:
    """Mark `hand` as Omaha with `hole_cards` (0: not stated) and its Hi/Lo split."""
    hand.variant = "omaha"
    hand.hole_cards = hole_cards
    hand.hilo = hilo


def hole_cards_seen(hand: Hand) -> int:
    """The most hole cards any seat is dealt or shows in the log (0 when none is seen)."""
    seen = max((len(e.cards) for e in hand.events if isinstance(e, (DealEvent, ShowEvent))), default=0)
    return max(seen, max((len(k.cards) for k in hand.revealed.values()), default=0))


def settle_omaha(hand: Hand) -> None:
    """After an Omaha hand is read: its hole-card count where the header did not state it
    (the cards the log deals or shows, four when it shows none) and its game code."""
    if hand.variant != "omaha":
        return
    if hand.hole_cards not in (4, 5, 6):  # 0: not stated; 2: a format that named the game only
        seen = hole_cards_seen(hand)
        hand.hole_cards = seen if 4 <= seen <= 6 else 4
    hand.game = game_code(hand.limit, "omaha", hand.hole_cards, hand.hilo)



def unknown_may_matter(hand: Hand, text: str) -> bool:
    """Whether a line no line kind reads may change what the audit judges (then the hand is
    not judged): it begins with a seated player's name (it may be an action in a wording the
    reader does not know), or once the seated players' names are taken out of it, it still
    holds a digit or a bracket (an amount or cards). A table notice, an emote or a chat line
    that names nobody and shows no figure cannot."""
    names = sorted((s.player for s in hand.seats if s.player), key=len, reverse=True)
    if any(text.startswith(n + " ") or text.startswith(n + ":") and text[len(n) + 1:].strip() for n in names):
        return True
    rest = text
    for n in names:
        rest = rest.replace(n, " ")
    return any(c.isdigit() or c in "[(" for c in rest)
