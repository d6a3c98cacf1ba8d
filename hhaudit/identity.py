"""Which hands are the same hand: the scope a format's hand ids are unique in, and what two
hands sharing an id must agree on to be copies of one hand.

A hand id means what its format guarantees, no more. A site's hand number is unique on the
site (PokerStars' `Hand #254021219416` names one hand of the whole room); a PHH file's `hand`
is a number within its event, table and day; a live log's `hand 12` is the twelfth hand of
that log's table; a converter's or a tracker export's placeholder (`1111111111`) names no
hand at all. Each format declares its scope (`id_scope`, an `IdScope`), and `scope_key` turns
it into the text that, with the site and the id, keys the copy check (`pipeline.dedupe`):
two hands are copy candidates only when site, id and scope key agree, and a candidate is a
copy only when the hands also agree on table and seats (`fingerprint`) and on time
(`same_time`). Two hands that
share an id and differ there are different hands: both are audited, and the later one gets
an AC08 finding (the id is reused). A copy whose text differs is the same hand edited: AC07.

`docs/identity.md` lists every format's scope.
"""

from __future__ import annotations

import hashlib
import re
from datetime import datetime, timedelta
from enum import StrEnum
from operator import attrgetter
from typing import Final

from .model import Hand


class IdScope(StrEnum):
    """Where a format's hand ids are unique."""

    SITE = "site"
    """Site-wide: the room numbers every hand once (PokerStars, iPoker, Winamax...)."""
    TABLE = "table"
    """Within one table (and tournament): hand numbers restart per table."""
    EVENT = "event"
    """Within one event as the format names it (PHH: event, table and day): `Hand.id_scope`."""
    FILE = "file"
    """Within one file and table: a live log numbers its own hands."""
    NONE = "none"
    """The format's ids identify nothing: no two hands are ever taken as copies by id."""


PLACEHOLDER: Final = re.compile(r"(\d)\1{5,}|0+")
"""Hand ids that are no ids: one digit written six or more times (converters' and tracker
exports' `1111111111`, `0000000000`), or zero. Several different hands of the corpus carry
`1111111111` (fpdb's converted PartyPoker samples)."""


def is_placeholder(hand_id: str) -> bool:
    """Whether a hand id is a placeholder (`PLACEHOLDER`), not an id."""
    return PLACEHOLDER.fullmatch(hand_id) is not None


def scope_key(hand: Hand, scope: str) -> str | None:
    """The text that, with its site and hand id, makes the hand's id unique (`scope` is the
    format's `IdScope`), or None when the id identifies nothing (a placeholder, no id, a
    format of scope `none`): such a hand is never a copy candidate."""
    if not hand.hand_id or is_placeholder(hand.hand_id):
        return None
    if scope == IdScope.SITE:
        return ""
    if scope == IdScope.TABLE:
        return f"{hand.tournament_id}\x1f{hand.table_name}"
    if scope == IdScope.EVENT:
        return hand.id_scope or f"{hand.source}\x1f{hand.table_name}"
    if scope == IdScope.FILE:
        return f"{hand.source}\x1f{hand.table_name}"
    return None


def fingerprint(hand: Hand) -> str:
    """What two copies of one hand agree on besides their time (`same_time`): the table and
    the seats (each seat's number and starting stack; not the names, which a shared copy
    may have had anonymised), as a short digest."""
    seats = ",".join([f"{s.seat}:{s.stack}" for s in sorted(hand.seats, key=_SEAT_NUMBER)])
    text = f"{hand.table_name}\x1f{seats}"
    return hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=8).hexdigest()


_SEAT_NUMBER: Final = attrgetter("seat")


ZONE_STEP: Final = timedelta(minutes=15)
"""Every zone's offset from UTC is a whole number of quarter hours."""
ZONE_SPAN: Final = timedelta(hours=26)
"""The widest difference between two zones' clocks (UTC-12 to UTC+14)."""


def same_time(a: datetime | None, b: datetime | None) -> bool:
    """Whether two hands' start times can be one hand's: either has none, or they differ by
    whole quarter hours within a day (the same clock read in two zones, as a tracker's
    export and the site's file of one hand may be: a zone is no evidence of another hand)."""
    if a is None or b is None:
        return True
    d = abs(a - b)
    return d <= ZONE_SPAN and d % ZONE_STEP == timedelta(0)


def format_scope(format_name: str) -> str:
    """The `IdScope` the format of that name declares (`id_scope`; site-wide when it
    declares none)."""
    scope = _SCOPES.get(format_name)
    if scope is None:
        from .formats import FORMATS

        fmt = FORMATS.get(format_name)
        scope = _SCOPES[format_name] = (str(getattr(fmt, "id_scope", IdScope.SITE)) if fmt is not None
                                        else IdScope.SITE.value)
    return scope


_SCOPES: Final[dict[str, str]] = {}
"""Each format's scope as first looked up (once per format, not once per hand)."""


def identity(hand: Hand) -> tuple[str | None, str]:
    """The hand's scope key (`scope_key` under its format's scope) and `fingerprint`."""
    return scope_key(hand, format_scope(hand.format)), fingerprint(hand)
