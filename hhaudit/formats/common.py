"""Helpers shared by the format modules: cards, times, game names."""

from __future__ import annotations

import re
from datetime import datetime, timedelta, timezone
from functools import cache, lru_cache
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from ..model import Act, Limit, Street

ACT_VERBS = {"folds": Act.FOLD, "checks": Act.CHECK, "calls": Act.CALL, "bets": Act.BET, "raises": Act.RAISE}
"""Action verbs as most sites print them."""
STREET_NAMES = {"FLOP": Street.FLOP, "TURN": Street.TURN, "RIVER": Street.RIVER}
"""Street names as "*** FLOP ***" headers print them."""

RANKS = "23456789TJQKA"
SUITS = "cdhs"
_RANK_WORDS = {"10": "T", "1": "A"}

# Zone abbreviations sites print, to IANA zones (DST-aware).
ZONES = {
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


@lru_cache(maxsize=8192)
def cards(text: str | None) -> tuple[str, ...]:
    """Cards from a space- or comma-separated list; unknown cards ("X", "??") are skipped."""
    if not text:
        return ()
    out = []
    for piece in text.replace(",", " ").split():
        if piece in ("X", "x", "??", "xx", "XX", "--"):
            continue
        out.append(card(piece))
    return tuple(out)


_BRACKETS = re.compile(r"\[([^\]]*)\]")


def bracketed_board(text: str | None) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(new cards, whole board) of a street line's bracket groups: "[Js 9h Jh] [Qs]" gives
    (("Qs",), ("Js", "9h", "Jh", "Qs"))."""
    groups = _BRACKETS.findall(text or "")
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


_DATE = re.compile(
    r"(?P<y>\d{4})[/.-](?P<mo>\d{1,2})[/.-](?P<d>\d{1,2})\s*-?\s*"
    r"(?P<h>\d{1,2}):(?P<mi>\d{2})(?::(?P<s>\d{2}))?\s*\(?(?P<tz>[A-Z]{2,4})?\)?"
)


def to_utc(text: str, default_zone: str = "") -> tuple[datetime | None, str]:
    """First date and time in `text` as UTC, with the zone abbreviation it was written in.

    If `text` holds a bracketed ET time as well ("... CET [2010/07/03 8:46:30 ET]"), the ET
    one is used: it is the site's reference clock. Unknown zones give (None, zone)."""
    matches = list(_DATE.finditer(text))
    if not matches:
        return None, default_zone
    chosen = matches[0]
    for m in matches[1:]:
        if (m.group("tz") or "") == "ET":
            chosen = m
    zone_name = chosen.group("tz") or default_zone
    y, mo, d, h, mi, sec = chosen.group("y", "mo", "d", "h", "mi", "s")
    try:
        local = datetime(int(y), int(mo), int(d), int(h), int(mi), int(sec or 0))
    except ValueError:
        return None, zone_name
    offset = _utc_offset(zone_name, local.year, local.month, local.day, local.hour) if zone_name else None
    if offset is None:
        return None, zone_name
    return (local - offset).replace(tzinfo=timezone.utc), zone_name


@lru_cache(maxsize=4096)
def _utc_offset(zone_name: str, year: int, month: int, day: int, hour: int) -> timedelta | None:
    """The zone's UTC offset at that local hour (zone changes fall on whole hours in every
    zone of ZONES, so one hour has one offset; times in a gap or a repeated hour read as
    Python reads them, with fold=0)."""
    zone = _zone(zone_name)
    if zone is None:
        return None
    return datetime(year, month, day, hour, tzinfo=zone).utcoffset()


_GAME = re.compile(
    r"(?i)(?P<game>6\+ Hold'em|Hold'em|Holdem|Omaha Hi/Lo|Omaha|Razz|7 Card Stud Hi/Lo|7 Card Stud|"
    r"5 Card Draw|Triple Draw 2-7 Lowball|Single Draw 2-7 Lowball|Badugi|Courchevel|5 Card Omaha)"
    r"\s+(?P<limit>Pot Limit Pre-Flop, No Limit Post-Flop|No Limit|Pot Limit|Fixed Limit|Limit)"
)


def game_of(text: str) -> tuple[str, Limit | None]:
    """(variant, limit) from a header fragment such as "Hold'em No Limit"; the variant is
    "holdem" for Texas Hold'em and the lower-case name otherwise."""
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


def game_code(limit: Limit) -> str:
    return {Limit.NO_LIMIT: "NLHE", Limit.POT_LIMIT: "PLHE", Limit.FIXED_LIMIT: "FLHE"}[limit]
