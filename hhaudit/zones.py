"""The zone of a hand's time when the log does not name one.

Most sites write their zone after the time (`2026/11/01 20:00:00 ET`) and the formats read it
(`hands.tz` is what the log wrote). Some write a wall-clock time and no zone: GGPoker's
header, iPoker's `<startdate>`, PokerTracker's exports, Enet and Unibet. For those the format
keeps the time as written (`Hand.local_time`) and `place` reads it in a zone: the one the user
gives for the site (`--timezone SITE=ZONE`, `[tool.hhaudit.timezones]`), else the site's
documented default (`SITE_ZONES`, each with its source). `hands.tz` then says where the zone
came from: `America/New_York (site default)`, `UTC (assumed)`, `Europe/Paris (option)`.

`docs/identity.md` lists the sites and their zones.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import UTC
from typing import Final
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from .model import Hand


class SiteZone:
    """A site's default zone: the IANA name, whether it is known or assumed, and why."""

    __slots__ = ("known", "source", "zone")

    def __init__(self, zone: str, known: bool, source: str) -> None:
        self.zone, self.known, self.source = zone, known, source


_CLIENT_CLOCK: Final = ("the log writes the player's own clock with no zone: no zone is the site's; UTC is "
                        "assumed, give the player's zone with --timezone")
SITE_ZONES: Final[dict[str, SiteZone]] = {
    "GGPoker": SiteZone("America/New_York", True,
                        "fpdb's GGPokerToFpdb.readHandInfo reads GGPoker's zoneless header times as ET"),
    "iPoker": SiteZone("UTC", False, "iPoker's <startdate> and PokerTracker's iPoker exports: " + _CLIENT_CLOCK),
    "Everest": SiteZone("UTC", False, "PokerTracker's Everest exports (Everest's own XML writes Unix times, UTC): "
                        + _CLIENT_CLOCK),
    "Merge": SiteZone("UTC", False, "PokerTracker's Merge exports: " + _CLIENT_CLOCK),
    "Microgaming": SiteZone("UTC", False, "PokerTracker's Microgaming exports: " + _CLIENT_CLOCK),
    "Enet": SiteZone("UTC", False, "Enet's header time: " + _CLIENT_CLOCK),
    "Unibet": SiteZone("UTC", False, "Unibet's header time: " + _CLIENT_CLOCK),
}
"""The zone a site's zoneless times are read in, unless an option names one."""


class ZoneError(ValueError):
    """A `--timezone` value that is not SITE=ZONE with an IANA zone."""


def parse_choice(text: str) -> tuple[str, str]:
    """`SITE=ZONE` (`iPoker=Europe/London`) as (site, zone), the zone checked."""
    site, sep, zone = text.partition("=")
    if not sep or not site.strip() or not zone.strip():
        raise ZoneError(f"--timezone {text!r}: give SITE=ZONE, e.g. iPoker=Europe/London")
    check_zone(zone.strip(), f"--timezone {text!r}")
    return site.strip(), zone.strip()


def check_zone(zone: str, where: str) -> None:
    try:
        ZoneInfo(zone)
    except (ZoneInfoNotFoundError, ValueError):
        raise ZoneError(f"{where}: {zone!r} is not a time zone (IANA names: Europe/London, America/New_York, UTC)"
                        ) from None


def zone_for(site: str, chosen: Mapping[str, str]) -> tuple[str, str] | None:
    """The zone a site's zoneless times are read in and the `tz` label saying why, or None."""
    if site in chosen:
        return chosen[site], f"{chosen[site]} (option)"
    default = SITE_ZONES.get(site)
    if default is None:
        return None
    return default.zone, f"{default.zone} ({'site default' if default.known else 'assumed'})"


def place(hand: Hand, chosen: Mapping[str, str] | None = None) -> None:
    """Fill `started_at` (UTC) and `tz` of a hand whose log wrote a time with no zone
    (`Hand.local_time`), in the zone `zone_for` gives; a hand with a zone of its own, or
    none known for its site, is left as it is."""
    if hand.started_at is not None or hand.local_time is None:
        return
    found = zone_for(hand.site, chosen or {})
    if found is None:
        return
    zone, label = found
    try:
        local = hand.local_time.replace(tzinfo=ZoneInfo(zone))
    except (ZoneInfoNotFoundError, ValueError):
        return
    hand.started_at = local.astimezone(UTC)
    hand.tz = label
